//! `blackjack sim`: play many rounds headless with one strategy and report the return.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::ai::AnyStrategy;
use crate::cli::{Level, SimArgs};
use crate::engine::Rules;
use crate::sim::{self, ShoeMode, SimConfig, SimReport};

use super::UsageError;

/// A run still going after this long gets a progress bar (on a terminal, without `--json`).
const PROGRESS_AFTER: Duration = Duration::from_millis(700);

/// Runs `blackjack sim`.
pub fn sim(rules: &Rules, seed: Option<u64>, args: &SimArgs) -> anyhow::Result<()> {
    if args.hands == 0 {
        bail!(UsageError("--hands must be at least 1".to_owned()));
    }
    let threads = match args.threads {
        Some(0) => bail!(UsageError("--threads must be at least 1".to_owned())),
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    let shoe = if args.fresh_shoe {
        ShoeMode::Fresh
    } else {
        let p = args.penetration.unwrap_or(rules.penetration);
        if !(0.25..=1.0).contains(&p) {
            bail!(UsageError(format!(
                "--penetration {p} is not allowed: expected a number from 0.25 to 1.0"
            )));
        }
        ShoeMode::CutCard(p)
    };
    let seed = seed.unwrap_or_else(rand::random);
    let config = SimConfig {
        rounds: args.hands,
        seed,
        threads,
        shoe,
    };

    let bar = ProgressBar::with_draw_target(Some(args.hands), ProgressDrawTarget::hidden());
    if let Ok(style) = ProgressStyle::with_template(
        "{bar:40} {percent:>3}% {human_pos}/{human_len} rounds, ETA {eta}",
    ) {
        bar.set_style(style);
    }
    let may_draw = !args.json && std::io::stderr().is_terminal();
    let shown = AtomicBool::new(false);
    let started = Instant::now();
    let progress = |rounds: u64| {
        bar.inc(rounds);
        if may_draw && !shown.load(Ordering::Relaxed) && started.elapsed() >= PROGRESS_AFTER {
            shown.store(true, Ordering::Relaxed);
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    };

    if args.strategy == Level::Hard {
        // The hard seat's chart, worked out on one thread: a second would save about 50 ms
        // but hold two analyses in memory at once, and that would be the run's peak.
        crate::analysis::strategy::basic_strategy_on(rules, 1);
    }
    // One monomorphic run per strategy type: no dynamic dispatch in the hot loop.
    let strategy = AnyStrategy::for_level(args.strategy, rules);
    let report = match &strategy {
        AnyStrategy::Easy(s) => sim::run(rules, s, &config, &progress),
        AnyStrategy::Normal(s) => sim::run(rules, s, &config, &progress),
        AnyStrategy::Hard(s) => sim::run(rules, s, &config, &progress),
    }
    .context("the simulation stopped on an engine error")?;
    bar.finish_and_clear();

    if args.json {
        println!("{}", json_report(&report, &config, args.strategy));
    } else {
        print!("{}", text_report(&report, &config, args.strategy));
    }
    Ok(())
}

fn level_name(level: Level) -> &'static str {
    match level {
        Level::Easy => "easy",
        Level::Normal => "normal",
        Level::Hard => "hard",
    }
}

/// The report as one JSON object.
pub fn json_report(report: &SimReport, config: &SimConfig, level: Level) -> serde_json::Value {
    let t = &report.tally;
    let (low, high) = t.interval_95();
    serde_json::json!({
        "rounds": t.rounds,
        "hands": t.hands,
        "ev_per_round": t.ev_per_round(),
        "std_error": t.std_error(),
        "ci95": [low, high],
        "variance_per_round": t.variance_per_round(),
        "net_units": t.net_milli as f64 / 1000.0,
        "wins": t.wins,
        "losses": t.losses,
        "pushes": t.pushes,
        "naturals": t.naturals,
        "busts": t.busts,
        "doubles": t.doubles,
        "splits": t.splits,
        "dealer_naturals": t.dealer_naturals,
        "dealer_busts": t.dealer_busts,
        "rounds_per_sec": report.rounds_per_sec(),
        "rounds_per_cpu_sec": report.rounds_per_cpu_sec(),
        "wall_seconds": report.wall.as_secs_f64(),
        "cpu_seconds": report.cpu.map(|c| c.as_secs_f64()),
        "threads": report.threads,
        "seed": config.seed,
        "strategy": level_name(level),
        "shoe": match config.shoe {
            ShoeMode::Fresh => serde_json::json!("fresh"),
            ShoeMode::CutCard(p) => serde_json::json!({ "penetration": p }),
        },
    })
}

/// The report in words, one figure a line.
pub fn text_report(report: &SimReport, config: &SimConfig, level: Level) -> String {
    let t = &report.tally;
    let (low, high) = t.interval_95();
    let per_hand = |n: u64| 100.0 * n as f64 / t.hands.max(1) as f64;
    let shoe = match config.shoe {
        ShoeMode::Fresh => "a full shoe every round".to_owned(),
        ShoeMode::CutCard(p) => format!("cut card at {:.0}%", p * 100.0),
    };
    let mut out = String::new();
    let mut line = |s: String| {
        out.push_str(&s);
        out.push('\n');
    };
    line(format!(
        "Strategy {}, seed {}, {shoe}",
        level_name(level),
        config.seed
    ));
    line(format!("rounds           {}", t.rounds));
    line(format!("hands            {} (after splits)", t.hands));
    line(format!(
        "return per round {:+.5} units (standard error {:.5})",
        t.ev_per_round(),
        t.std_error()
    ));
    line(format!("95% interval     [{low:+.5}, {high:+.5}]"));
    line(format!(
        "hands won        {} ({:.2}%), lost {} ({:.2}%), pushed {} ({:.2}%)",
        t.wins,
        per_hand(t.wins),
        t.losses,
        per_hand(t.losses),
        t.pushes,
        per_hand(t.pushes)
    ));
    line(format!(
        "naturals         {}, busts {}, doubles {}, splits {}",
        t.naturals, t.busts, t.doubles, t.splits
    ));
    line(format!(
        "dealer           {} naturals, {} busts",
        t.dealer_naturals, t.dealer_busts
    ));
    let cpu = match (report.rounds_per_cpu_sec(), report.cpu) {
        (Some(rate), Some(cpu)) => format!(
            ", {rate:.0} per CPU second ({:.2} s CPU)",
            cpu.as_secs_f64()
        ),
        _ => String::new(),
    };
    line(format!(
        "speed            {:.0} rounds/s wall clock ({:.2} s){cpu}",
        report.rounds_per_sec(),
        report.wall.as_secs_f64()
    ));
    line(format!("threads          {}", report.threads));
    out
}
