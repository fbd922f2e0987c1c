//! `blackjack indices`: a count's index plays computed for the loaded rules (Hi-Lo unless
//! `--count` names another), and the player's edge by count; `--peek` for the American game,
//! `--compare` for both side by side.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use crate::analysis::chart::Cell;
use crate::analysis::counts::{Balance, CountSystem, Unit};
use crate::analysis::deviation::{Direction, IndexPlay};
use crate::analysis::indices::{Game, IndicesReport, TcEdge, report_for};
use crate::cli::IndicesArgs;
use crate::engine::Rules;
use crate::text::{signed, signed_decimals};

/// Runs `blackjack indices`.
pub fn indices(
    rules: &Rules,
    args: &IndicesArgs,
    config: Option<&Path>,
    out: &mut impl std::io::Write,
) -> anyhow::Result<()> {
    let system = match &args.count {
        Some(name) => super::counts::count_named(&name.0, config)?,
        None => CountSystem::default(),
    };
    let threads = args.threads.map_or_else(super::analysis_threads, usize::from);
    let started = Instant::now();
    let games: &[Game] = if args.compare {
        &[Game::NoHoleCard, Game::Peek]
    } else if args.peek {
        &[Game::Peek]
    } else {
        &[Game::NoHoleCard]
    };
    let reports: Vec<_> = games.iter().map(|&g| report_for(rules, g, &system, threads)).collect();
    let elapsed = started.elapsed();
    if args.json {
        let value = match reports.as_slice() {
            [one] => json_report(rules, one),
            [ours, peek] => serde_json::json!({
                "rules": rules,
                "system": ours.system.key,
                "convention": "floor",
                "indexed_by": indexed_by(&ours.system),
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
        [ours, peek] => write!(out, "{}", render_compare(rules, ours, peek))?,
        _ => {}
    }
    writeln!(out, "(computed in {:.1} s on {threads} thread(s))", elapsed.as_secs_f64())?;
    Ok(())
}

/// What a count's indices are compared with, for JSON: `true_count` or `running_count`.
fn indexed_by(system: &CountSystem) -> &'static str {
    if system.is_balanced() { "true_count" } else { "running_count" }
}

/// The JSON object of one game: `rules`, `system`, `convention`, `indexed_by`, `indices`,
/// `edge_by_tc` (by the count the indices are compared with).
pub fn json_report(rules: &Rules, report: &IndicesReport) -> serde_json::Value {
    let mut out = serde_json::json!({
        "rules": rules,
        "system": report.system.key,
        "convention": "floor",
        "indexed_by": indexed_by(&report.system),
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

/// `never between −10 and +15` for the counts of `range`.
fn never_in(range: &std::ops::RangeInclusive<i32>) -> String {
    format!("never between {} and {}", signed(*range.start()), signed(*range.end()))
}

/// `stand at or above +4`, `hit below −1`, `double never between −10 and +15`.
fn play_words(p: &IndexPlay, range: &std::ops::RangeInclusive<i32>) -> String {
    match p.index {
        Some(i) => format!("{} {} {}", p.play.name(), direction_words(p.direction), signed(i)),
        None => format!("{} {}", p.play.name(), never_in(range)),
    }
}

/// How `system`'s index is read, in one or two sentences for the head of its table.
fn reading_words(system: &CountSystem, decks: u8) -> String {
    let mut words = match (system.balance, system.unit) {
        (Balance::Balanced, Unit::Whole) => {
            "True count = running count ÷ exact decks left, floored.".to_owned()
        }
        (Balance::Balanced, Unit::Half) => "True count = running count in points (half points \
             ÷ 2) ÷ exact decks left, floored: +1¾ is +1, −¼ is −1."
            .to_owned(),
        (Balance::Unbalanced { .. }, _) => format!(
            "Indexed by the running count as its authors teach it, from {} at the shuffle \
             ({decks} decks), whatever the decks left.",
            system.points(system.initial_running_count(decks))
        ),
    };
    if system.needs_suits() {
        words.push_str(
            "\nThe analysis works on card values: a seven is +½ on average (half the sevens \
             are red), so this\ntable is worked out with the seven at +½; count red sevens +1 \
             and black ones 0 at the table.",
        );
    }
    words
}

/// The table of one game, then its edge by true count.
pub fn render_report(rules: &Rules, report: &IndicesReport) -> String {
    let mut out = String::new();
    let system = &report.system;
    let _ = writeln!(
        out,
        "{} index plays for {}, {} decks, {:.0} % penetration.",
        system.name,
        game_title(report.game),
        rules.decks,
        rules.penetration * 100.0
    );
    let _ = writeln!(
        out,
        "{} Make the play on the index's side;\nelse play `otherwise` (basic strategy). Most \
         valuable first: the first 18 are this game's Illustrious 18.",
        reading_words(system, rules.decks)
    );
    out.push('\n');
    let when_header =
        if system.is_balanced() { "When (floored true count)" } else { "When (running count)" };
    let _ = writeln!(
        out,
        "{:>3}  {:<13} {:<7} {:<10} {:<28} {:>8}  {:>9}",
        "#", "Cell", "Play", "Otherwise", when_header, "Crossing", "Gain/100"
    );
    for (n, p) in report.table.plays.iter().enumerate() {
        let when = match p.index {
            Some(i) => format!("{} {}", direction_words(p.direction), signed(i)),
            None => never_in(&report.index_range),
        };
        let crossing = p.crossing.map_or_else(|| "—".to_owned(), |c| signed_decimals(c, 2));
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
    out.push_str(&render_edges(system, &[(report.game, &report.edge_by_tc)]));
    out
}

/// The edge tables of one or more games side by side, by `system`'s index count.
fn render_edges(system: &CountSystem, games: &[(Game, &[TcEdge])]) -> String {
    let mut out = String::new();
    let edges = games.first().map_or(&[][..], |(_, e)| *e);
    let (first, last) = (edges.first().map_or(0, |e| e.tc), edges.last().map_or(0, |e| e.tc));
    let (by, column) =
        if system.is_balanced() { ("floored true count", "TC") } else { ("running count", "RC") };
    let _ = writeln!(
        out,
        "Player's edge by {by} ({} … {}), per initial unit; share of rounds at the rules' \
         penetration:",
        signed(first),
        signed(last)
    );
    let mut header = format!("{column:>4}  {:>7}", "Share");
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
pub fn render_compare(rules: &Rules, ours: &IndicesReport, peek: &IndicesReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} index plays, this game (no hole card) beside the American peek game. {}\n`*`: the \
         play or its index moves between the games.",
        ours.system.name,
        reading_words(&ours.system, rules.decks)
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
        Some(p) => format!("{} ({:.4})", play_words(p, &r.index_range), p.gain_per_100),
        None => format!("{} (basic)", r.chart.get(cell).preferred().name()),
    };
    let key = |r: &IndicesReport, cell: Cell| {
        r.table.get(cell).map(|p| (p.play, p.direction, p.index)).filter(|k| k.2.is_some())
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
    out.push_str(&render_edges(
        &ours.system,
        &[(ours.game, &ours.edge_by_tc), (peek.game, &peek.edge_by_tc)],
    ));
    out
}
