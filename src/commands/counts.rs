//! `blackjack counts`: the counting systems side by side for the loaded rules: tags, betting
//! correlation and playing efficiency from the exact effects of removal, and SCORE from the
//! counting simulator (not with `--peek`: the simulator deals this game).

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::analysis::counts::eor::{Effects, effects_of_removal};
use crate::analysis::counts::worth::{CountFigures, DEPTH, count_figures};
use crate::analysis::counts::{BUILT_IN, Balance, CountSystem};
use crate::analysis::hilo::BetRamp;
use crate::analysis::player::Game;
use crate::cli::CountsArgs;
use crate::commands::UsageError;
use crate::engine::{Rules, Value};
use crate::sim::count::{CountConfig, CountTally, Counter};
use crate::text::signed_decimals;

/// The built-in counts and the user's own from the preferences file, if it has one.
pub fn every_count(config: Option<&Path>) -> anyhow::Result<Vec<CountSystem>> {
    let loaded = super::config::load_config(config)?;
    Ok(BUILT_IN.iter().cloned().chain(loaded.settings.own_count).collect())
}

/// The count named `name` (any case): a built-in one, or the user's own from the preferences
/// file; a usage error naming the counts otherwise.
pub fn count_named(name: &str, config: Option<&Path>) -> anyhow::Result<CountSystem> {
    if let Ok(system) = crate::analysis::counts::count_by_name(name, None) {
        return Ok(system);
    }
    let own = super::config::load_config(config)?.settings.own_count;
    crate::analysis::counts::count_by_name(name, own.as_ref()).map_err(|why| UsageError(why).into())
}

/// Runs `blackjack counts`.
pub fn counts(
    rules: &Rules,
    args: &CountsArgs,
    config: Option<&Path>,
    out: &mut impl std::io::Write,
) -> anyhow::Result<()> {
    let counts = every_count(config)?;
    let game = if args.peek { Game::Peek } else { Game::NoHoleCard };
    let threads = super::analysis_threads();
    let started = Instant::now();
    let effects = effects_of_removal(rules, game, threads);
    let figures: Vec<CountFigures> =
        counts.iter().map(|system| count_figures(system, &effects)).collect();
    let scores: Vec<Option<CountTally>> = if args.peek {
        vec![None; counts.len()]
    } else {
        let ramp = score_ramp()?;
        counts
            .iter()
            .map(|system| score(rules, system, &ramp, args.score_rounds, threads))
            .collect::<anyhow::Result<_>>()?
    };
    let scored = Scored { rounds: args.score_rounds, scores: &scores };
    if args.json {
        let value = json_report(rules, &effects, &counts, &figures, &scored);
        writeln!(out, "{}", serde_json::to_string_pretty(&value)?)?;
        return Ok(());
    }
    write!(out, "{}", text_report(rules, &effects, &counts, &figures, &scored))?;
    writeln!(
        out,
        "(computed in {:.1} s on {} thread(s))",
        started.elapsed().as_secs_f64(),
        threads.clamp(1, 2)
    )?;
    Ok(())
}

/// The ramp of the SCORE column: `sim --count`'s default.
pub const SCORE_RAMP: &str = super::sim::DEFAULT_RAMP;

/// The seed of the SCORE column's simulations: every count is dealt the same shoes.
pub const SCORE_SEED: u64 = 2026;

fn score_ramp() -> anyhow::Result<BetRamp> {
    SCORE_RAMP.parse().map_err(|err| anyhow::anyhow!("the SCORE ramp: {err}"))
}

/// The SCORE column's simulations: rounds per count and each count's tally (`None` where the
/// count is not simulated: Red 7, whose red sevens the simulator cannot tell, and `--peek`).
pub struct Scored<'a> {
    /// Rounds per count.
    pub rounds: u64,
    /// Per count, in the report's order.
    pub scores: &'a [Option<CountTally>],
}

/// The counting simulator's tally for `system` betting `ramp` with basic strategy at every
/// count (no index plays: the count's betting alone, as its BC is); `None` if it reads suits.
fn score(
    rules: &Rules,
    system: &CountSystem,
    ramp: &BetRamp,
    rounds: u64,
    threads: usize,
) -> anyhow::Result<Option<CountTally>> {
    if system.needs_suits() {
        return Ok(None);
    }
    crate::analysis::strategy::basic_strategy_on(rules, 1);
    let counter = Counter::new(
        crate::ai::Hard::new(crate::ai::hard_chart(rules)),
        &crate::analysis::deviation::IndexTable::default(),
        ramp.clone(),
    )
    .with_system(system.clone(), rules.decks);
    let config = CountConfig { rounds, seed: SCORE_SEED, threads, penetration: rules.penetration };
    let report =
        crate::sim::count::run_counting(rules, &counter, &config, &|_| {}, &AtomicBool::new(false))
            .map_err(|_| anyhow::anyhow!("the counting simulation stopped on an engine error"))?;
    Ok(Some(report.tally))
}

/// The game in words.
fn game_words(game: Game) -> &'static str {
    match game {
        Game::NoHoleCard => "this game (no hole card)",
        Game::Peek => "the American peek game",
    }
}

/// How an unbalanced count starts, in words; `None` for a balanced one.
fn start_words(system: &CountSystem, decks: u8) -> Option<String> {
    let Balance::Unbalanced { pivot, .. } = system.balance else {
        return None;
    };
    let start = system.points(system.initial_running_count(decks));
    Some(match pivot {
        Some(p) => format!("starts at {start}, pivot {}", system.points(p)),
        None => format!("starts at {start}"),
    })
}

/// The report in words: the effects of removal, then one line a count.
pub fn text_report(
    rules: &Rules,
    effects: &Effects,
    counts: &[CountSystem],
    figures: &[CountFigures],
    scored: &Scored,
) -> String {
    let mut out = String::new();
    let mut line = |s: String| {
        out.push_str(&s);
        out.push('\n');
    };
    line(format!(
        "Counts for {}, {} deck(s): off the top the player's return is {}%",
        game_words(effects.game),
        rules.decks,
        signed_decimals(100.0 * effects.edge, 3)
    ));
    // Per card of a one-deck shoe, as effects of removal are usually quoted.
    let eor: Vec<String> = Value::ALL
        .iter()
        .map(|v| {
            let e = effects.edge_eor[v.index()] * f64::from(rules.decks) * 100.0;
            format!("{v} {}", signed_decimals(e, 2))
        })
        .collect();
    line(format!("Effects of removal (% a card, times the decks): {}", eor.join("  ")));
    line(String::new());
    let width = counts.iter().map(|s| s.name.chars().count()).max().unwrap_or(0).max(5);
    line(format!("{:<width$}  BC     PE     SCORE   tags", "count"));
    for ((system, f), tally) in counts.iter().zip(figures).zip(scored.scores) {
        let mut notes = Vec::new();
        if let Some(start) = start_words(system, rules.decks) {
            notes.push(format!("unbalanced: {start}"));
        }
        if system.ace_side_count {
            notes.push("its authors add an ace side count".to_owned());
        }
        let notes =
            if notes.is_empty() { String::new() } else { format!(" ({})", notes.join("; ")) };
        let score = tally.as_ref().map_or_else(|| "—".to_owned(), |t| format!("{:.1}", t.score()));
        line(format!(
            "{:<width$}  {:.3}  {:.3}  {score:>6}  {}{notes}",
            system.name,
            f.betting_correlation,
            f.playing_efficiency,
            system.describe_tags()
        ));
    }
    line(String::new());
    line(
        "BC: betting correlation, the correlation of the tags with the effects of removal on \
         the edge over a deck's cards (Griffin)."
            .to_owned(),
    );
    line(format!(
        "PE: playing efficiency, the share of the gain of perfect linear play decisions the \
         count captures, each first decision weighted by its frequency, {:.0}% of the shoe \
         dealt (docs/counting.md). Figures are of the count alone, without side counts.",
        100.0 * DEPTH
    ));
    if scored.scores.iter().any(Option::is_some) {
        line(format!(
            "SCORE: the counting simulator's win per 100 rounds for a bankroll of 10⁶ units \
             (DI², in units of the bet), ramp {SCORE_RAMP} by floored true count (by running \
             count for an unbalanced count), basic strategy at every count (no index plays: the \
             count's betting alone), {:.0}% penetration, {} rounds a count, seed {SCORE_SEED}. \
             — where the simulator cannot count it (Red 7: it reads values, not suits).",
            100.0 * rules.penetration,
            scored.rounds
        ));
    } else {
        line("SCORE: only for this game (the simulator deals it), not with --peek.".to_owned());
    }
    out
}

/// The report as one JSON object.
pub fn json_report(
    rules: &Rules,
    effects: &Effects,
    counts: &[CountSystem],
    figures: &[CountFigures],
    scored: &Scored,
) -> serde_json::Value {
    let eor: serde_json::Map<String, serde_json::Value> = Value::ALL
        .iter()
        .map(|v| (v.to_string(), serde_json::json!(effects.edge_eor[v.index()])))
        .collect();
    let counts: Vec<serde_json::Value> = counts
        .iter()
        .zip(figures)
        .zip(scored.scores)
        .map(|((s, f), tally)| {
            let per_point = f64::from(s.unit.per_point());
            let tags: serde_json::Map<String, serde_json::Value> = Value::ALL
                .into_iter()
                .map(|v| (v.to_string(), serde_json::json!(f64::from(s.tag(v)) / per_point)))
                .collect();
            let pivot = match s.balance {
                Balance::Unbalanced { pivot: Some(p), .. } => {
                    serde_json::json!(f64::from(p) / per_point)
                }
                _ => serde_json::Value::Null,
            };
            serde_json::json!({
                "key": s.key,
                "name": s.name,
                "tags": tags,
                "red_seven": f64::from(s.red_seven) / per_point,
                "balanced": s.is_balanced(),
                "initial_running_count":
                    f64::from(s.initial_running_count(rules.decks)) / per_point,
                "pivot": pivot,
                "level": s.level(),
                "ace_side_count": s.ace_side_count,
                "source": s.source,
                "betting_correlation": f.betting_correlation,
                "playing_efficiency": f.playing_efficiency,
                "score": tally.as_ref().map(|t| t.score()),
                "score_iba": tally.as_ref().map(|t| t.iba()),
                "score_sd_per_round": tally.as_ref().map(|t| t.std_dev()),
            })
        })
        .collect();
    serde_json::json!({
        "rules": rules,
        "game": match effects.game {
            Game::NoHoleCard => "no_hole_card",
            Game::Peek => "peek",
        },
        "edge": effects.edge,
        "effects_of_removal": eor,
        "playing_efficiency_depth": DEPTH,
        "score_ramp": SCORE_RAMP,
        "score_penetration": rules.penetration,
        "score_rounds": scored.rounds,
        "score_seed": SCORE_SEED,
        "score_indices": "none",
        "counts": counts,
    })
}
