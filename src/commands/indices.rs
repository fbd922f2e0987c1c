//! `blackjack indices`: the Hi-Lo index plays computed for the loaded rules, and the player's
//! edge by true count; `--peek` for the American game, `--compare` for both side by side.

use std::fmt::Write as _;
use std::time::Instant;

use crate::analysis::chart::Cell;
use crate::analysis::deviation::{Direction, IndexPlay};
use crate::analysis::indices::{EDGE_RANGE, Game, IndicesReport, TcEdge, never_words, report};
use crate::cli::IndicesArgs;
use crate::engine::Rules;
use crate::text::{signed, signed_decimals};

/// Runs `blackjack indices`.
pub fn indices(
    rules: &Rules,
    args: &IndicesArgs,
    out: &mut impl std::io::Write,
) -> anyhow::Result<()> {
    let threads = super::analysis_threads();
    let started = Instant::now();
    let games: &[Game] = if args.compare {
        &[Game::NoHoleCard, Game::Peek]
    } else if args.peek {
        &[Game::Peek]
    } else {
        &[Game::NoHoleCard]
    };
    let reports: Vec<_> = games.iter().map(|&g| report(rules, g, threads)).collect();
    let elapsed = started.elapsed();
    if args.json {
        let value = match reports.as_slice() {
            [one] => json_report(rules, one),
            [ours, peek] => serde_json::json!({
                "rules": rules,
                "system": "hilo",
                "convention": "floor",
                "no_hole_card": json_game(ours),
                "peek": json_game(peek),
            }),
            _ => serde_json::Value::Null,
        };
        writeln!(out, "{}", serde_json::to_string_pretty(&value)?)?;
        return Ok(());
    }
    match reports.as_slice() {
        [one] => write!(out, "{}", render_report(rules, one))?,
        [ours, peek] => write!(out, "{}", render_compare(ours, peek))?,
        _ => {}
    }
    writeln!(
        out,
        "(computed in {:.1} s on {threads} thread(s))",
        elapsed.as_secs_f64()
    )?;
    Ok(())
}

/// The JSON object of one game: `rules`, `system`, `convention`, `indices`, `edge_by_tc`.
pub fn json_report(rules: &Rules, report: &IndicesReport) -> serde_json::Value {
    let mut out = serde_json::json!({
        "rules": rules,
        "system": "hilo",
        "convention": "floor",
    });
    if let (Some(map), serde_json::Value::Object(game)) = (out.as_object_mut(), json_game(report)) {
        map.extend(game);
    }
    out
}

fn json_game(report: &IndicesReport) -> serde_json::Value {
    let indices: Vec<serde_json::Value> = report
        .table
        .plays
        .iter()
        .map(|p| {
            serde_json::json!({
                "cell": p.cell.key(),
                "play": p.play.name(),
                "otherwise": p.otherwise.name(),
                "direction": p.direction,
                "index": p.index,
                "crossing": p.crossing,
                "gain_per_100": p.gain_per_100,
            })
        })
        .collect();
    serde_json::json!({ "indices": indices, "edge_by_tc": report.edge_by_tc })
}

fn game_title(game: Game) -> &'static str {
    match game {
        Game::NoHoleCard => "this game (European, no hole card)",
        Game::Peek => "the American peek game (analysis only)",
    }
}

fn direction_words(d: Direction) -> &'static str {
    match d {
        Direction::AtOrAbove => "at or above",
        Direction::Below => "below",
    }
}

/// `stand at or above +4`, `hit below −1`, `double never between −10 and +15`.
fn play_words(p: &IndexPlay) -> String {
    match p.index {
        Some(i) => format!(
            "{} {} {}",
            p.play.name(),
            direction_words(p.direction),
            signed(i)
        ),
        None => format!("{} {}", p.play.name(), never_words()),
    }
}

/// The table of one game, then its edge by true count.
pub fn render_report(rules: &Rules, report: &IndicesReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Hi-Lo index plays for {}, {} decks, {:.0} % penetration.",
        game_title(report.game),
        rules.decks,
        rules.penetration * 100.0
    );
    let _ = writeln!(
        out,
        "True count = running count ÷ exact decks left, floored. Make the play on the index's \
         side;\nelse play `otherwise` (basic strategy). Most valuable first: the first 18 are \
         this game's Illustrious 18."
    );
    out.push('\n');
    let _ = writeln!(
        out,
        "{:>3}  {:<13} {:<7} {:<10} {:<28} {:>8}  {:>9}",
        "#", "Cell", "Play", "Otherwise", "When (floored true count)", "Crossing", "Gain/100"
    );
    for (n, p) in report.table.plays.iter().enumerate() {
        let when = match p.index {
            Some(i) => format!("{} {}", direction_words(p.direction), signed(i)),
            None => never_words(),
        };
        let crossing = p
            .crossing
            .map_or_else(|| "—".to_owned(), |c| signed_decimals(c, 2));
        let _ = writeln!(
            out,
            "{:>3}  {:<13} {:<7} {:<10} {:<28} {:>8}  {:>9.4}",
            n + 1,
            p.cell.label(),
            p.play.name(),
            p.otherwise.name(),
            when,
            crossing,
            p.gain_per_100
        );
    }
    out.push('\n');
    out.push_str(&render_edges(&[(report.game, &report.edge_by_tc)]));
    out
}

/// The edge tables of one or more games side by side.
fn render_edges(games: &[(Game, &[TcEdge])]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Player's edge by floored true count ({} … {}), per initial unit; share of rounds at \
         the rules' penetration:",
        signed(*EDGE_RANGE.start()),
        signed(*EDGE_RANGE.end())
    );
    let mut header = format!("{:>4}  {:>7}", "TC", "Share");
    for (game, _) in games {
        let name = match game {
            Game::NoHoleCard => "no hole card",
            Game::Peek => "peek",
        };
        let _ = write!(header, "  {:>9} {:>13}", "basic", "with indices");
        let _ = write!(header, "  ({name})");
    }
    let _ = writeln!(out, "{}", header.trim_end());
    let rows = games.first().map_or(0, |(_, e)| e.len());
    for r in 0..rows {
        let first = games[0].1[r];
        let mut line = format!("{:>4}  {:>6.2}%", signed(first.tc), first.share * 100.0);
        for (_, edges) in games {
            let e = edges[r];
            let _ = write!(
                line,
                "  {:>8}% {:>12}%",
                signed_decimals(e.basic * 100.0, 3),
                signed_decimals(e.with_indices * 100.0, 3)
            );
        }
        let _ = writeln!(out, "{line}");
    }
    out
}

/// Both games side by side: every cell either has an index play in, `*` where they differ.
pub fn render_compare(ours: &IndicesReport, peek: &IndicesReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Hi-Lo index plays, this game (no hole card) beside the American peek game. True count \
         = running\ncount ÷ exact decks left, floored. `*`: the play or its index moves between \
         the games."
    );
    out.push('\n');
    let _ = writeln!(
        out,
        "{:<13} {:1} {:<44} {:<44}",
        "Cell", "", "No hole card (gain/100)", "Peek (gain/100)"
    );
    let mut cells: Vec<Cell> = ours.table.plays.iter().map(|p| p.cell).collect();
    for p in &peek.table.plays {
        if !cells.contains(&p.cell) {
            cells.push(p.cell);
        }
    }
    let describe = |r: &IndicesReport, cell: Cell| match r.table.get(cell) {
        Some(p) => format!("{} ({:.4})", play_words(p), p.gain_per_100),
        None => format!("{} (basic)", r.chart.get(cell).preferred().name()),
    };
    let key = |r: &IndicesReport, cell: Cell| {
        r.table
            .get(cell)
            .map(|p| (p.play, p.direction, p.index))
            .filter(|k| k.2.is_some())
    };
    for cell in cells {
        let moved = key(ours, cell) != key(peek, cell);
        let _ = writeln!(
            out,
            "{:<13} {:1} {:<44} {:<44}",
            cell.label(),
            if moved { "*" } else { "" },
            describe(ours, cell),
            describe(peek, cell)
        );
    }
    out.push('\n');
    out.push_str(&render_edges(&[
        (ours.game, &ours.edge_by_tc),
        (peek.game, &peek.edge_by_tc),
    ]));
    out
}
