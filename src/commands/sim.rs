//! `blackjack sim`: play many rounds headless with one strategy and report the return.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::ai::{AnyStrategy, Hard, hard_chart};
use crate::analysis::counts::HI_LO;
use crate::analysis::deviation::{IndexTable, illustrious_18};
use crate::cli::{Level, SimArgs};
use crate::commands::UsageError;
use crate::engine::Rules;
use crate::sim::count::{
    BetRamp, CountConfig, CountReport, CountSystem, Counter, IndexChoice, run_counting,
};
use crate::sim::{self, ShoeMode, SimConfig, SimReport};
use crate::text::{signed, signed_decimals};

/// A run still going after this long gets a progress bar with an ETA (on a terminal).
const PROGRESS_AFTER: Duration = Duration::from_millis(700);

/// Runs `blackjack sim`.
pub fn sim(
    rules: &Rules,
    seed: Option<u64>,
    args: &SimArgs,
    config: Option<&std::path::Path>,
    out: &mut impl std::io::Write,
) -> anyhow::Result<()> {
    if args.hands == 0 {
        return Err(UsageError("--hands must be at least 1".to_owned()).into());
    }
    let threads = match args.threads {
        Some(0) => return Err(UsageError("--threads must be at least 1".to_owned()).into()),
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    let shoe = if args.fresh_shoe {
        ShoeMode::Fresh
    } else {
        // Both are in `Rules::PENETRATION`: the rules file and `--penetration` are checked as
        // they are read.
        ShoeMode::CutCard(args.penetration.unwrap_or(rules.penetration))
    };
    let seed = seed.unwrap_or_else(rand::random);
    // `--strategy counter` is the counting simulator: Hi-Lo unless --count names a system.
    let count = match &args.count {
        Some(name) => Some(super::counts::count_named(&name.0, config)?),
        None => (args.strategy == Level::Counter).then(CountSystem::default),
    };
    if let Some(system) = count {
        let ShoeMode::CutCard(penetration) = shoe else {
            return Err(UsageError("--count needs a cut card, not --fresh-shoe".to_owned()).into());
        };
        let config = CountConfig { rounds: args.hands, seed, threads, penetration };
        return count_sim(rules, system, &config, args, out);
    }
    let config = SimConfig { rounds: args.hands, seed, threads, shoe };

    let bar = Progress::new(args.hands, args.json);
    let progress = |rounds: u64| bar.inc(rounds);

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
        // Not reached (the counter is simulated above, with its bets); flat bets otherwise.
        AnyStrategy::Counter(s) => sim::run(rules, s.as_ref(), &config, &progress),
    }
    .context("the simulation stopped on an engine error")?;
    bar.finish();

    if args.json {
        writeln!(out, "{}", json_report(&report, &config, args.strategy))?;
    } else {
        write!(out, "{}", text_report(&report, &config, args.strategy))?;
    }
    Ok(())
}

/// A progress bar with an ETA, shown once a run has gone on a while ([`progress_wanted`]).
struct Progress {
    bar: ProgressBar,
    may_draw: bool,
    shown: AtomicBool,
    started: Instant,
}

impl Progress {
    fn new(rounds: u64, json: bool) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(rounds), ProgressDrawTarget::hidden());
        if let Ok(style) = ProgressStyle::with_template(
            "{bar:40} {percent:>3}% {human_pos}/{human_len} rounds, ETA {eta}",
        ) {
            bar.set_style(style);
        }
        Progress {
            bar,
            may_draw: progress_wanted(
                json,
                std::io::stdout().is_terminal(),
                std::io::stderr().is_terminal(),
            ),
            shown: AtomicBool::new(false),
            started: Instant::now(),
        }
    }

    /// Counts `rounds` more rounds played (from the workers).
    fn inc(&self, rounds: u64) {
        self.bar.inc(rounds);
        if self.may_draw
            && !self.shown.load(Ordering::Relaxed)
            && self.started.elapsed() >= PROGRESS_AFTER
        {
            self.shown.store(true, Ordering::Relaxed);
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// The index table of an `--indices` choice (`game`: the count's, for the loaded rules).
fn index_table(choice: IndexChoice, rules: &Rules, system: &CountSystem) -> IndexTable {
    match choice {
        IndexChoice::Game => crate::store::cache::index_table_for(rules, system),
        IndexChoice::PeekI18 => illustrious_18(),
        IndexChoice::None => IndexTable::default(),
    }
}

/// The text report shows the true counts from this one to [`TEXT_TC_MAX`], the rounds beyond
/// counted at the nearer end (the JSON report keeps every count apart).
pub const TEXT_TC_MIN: i32 = -6;
/// See [`TEXT_TC_MIN`].
pub const TEXT_TC_MAX: i32 = 10;

/// The bankroll `--bankroll` defaults to, in units of the ramp.
pub const DEFAULT_BANKROLL: f64 = 1000.0;

/// The ramp `--ramp` defaults to.
pub const DEFAULT_RAMP: &str = "1,2,4,6,8,10,12";

/// What a counting run was asked to do, for its report.
#[derive(Debug, Clone, PartialEq)]
pub struct CountSetup {
    /// The counting system.
    pub system: CountSystem,
    /// The ramp.
    pub ramp: BetRamp,
    /// The index plays.
    pub indices: IndexChoice,
    /// The bankroll for the risk of ruin, in units.
    pub bankroll: f64,
    /// The run.
    pub config: CountConfig,
}

/// The index plays of a count: `game` unless `--indices` says otherwise (`peek-i18`, a
/// published Hi-Lo table, only for a count with Hi-Lo's tags).
fn index_choice(
    system: &CountSystem,
    asked: Option<IndexChoice>,
) -> Result<IndexChoice, UsageError> {
    match asked {
        Some(IndexChoice::PeekI18) if !system.reads_as(&HI_LO) => Err(UsageError(format!(
            "`--indices peek-i18` is a published table of Hi-Lo index plays, not of {}: use \
             --indices game ({}'s own table for these rules, the default) or --indices none",
            system.name, system.name
        ))),
        asked => Ok(asked.unwrap_or(IndexChoice::Game)),
    }
}

fn count_sim(
    rules: &Rules,
    system: CountSystem,
    config: &CountConfig,
    args: &SimArgs,
    out: &mut impl std::io::Write,
) -> anyhow::Result<()> {
    if system.needs_suits() {
        return Err(UsageError(format!(
            "{} counts red sevens apart from black ones, and the counting simulator reads the \
             values of the cards seen, not their suits: simulate another count",
            system.name
        ))
        .into());
    }
    let ramp = match &args.ramp {
        Some(ramp) => ramp.clone(),
        None => DEFAULT_RAMP.parse().map_err(|err| anyhow::anyhow!("the default ramp: {err}"))?,
    };
    let indices = index_choice(&system, args.indices)?;
    let table = index_table(indices, rules, &system);
    // The hard seat's chart, worked out on one thread (as for `--strategy hard`).
    crate::analysis::strategy::basic_strategy_on(rules, 1);
    let counter = Counter::new(Hard::new(hard_chart(rules)), &table, ramp.clone())
        .with_system(system.clone(), rules.decks);
    let setup = CountSetup {
        system,
        ramp,
        indices,
        bankroll: args.bankroll.unwrap_or(DEFAULT_BANKROLL),
        config: config.clone(),
    };

    let bar = Progress::new(config.rounds, args.json);
    let progress = |rounds: u64| bar.inc(rounds);
    let report = run_counting(rules, &counter, config, &progress, &AtomicBool::new(false))
        .context("the simulation stopped on an engine error")?;
    bar.finish();
    if args.json {
        writeln!(out, "{}", count_json_report(&report, &setup))?;
    } else {
        write!(out, "{}", count_text_report(&report, &setup))?;
    }
    Ok(())
}

/// A float for JSON: `null` where it is not finite.
pub(super) fn finite(x: f64) -> serde_json::Value {
    if x.is_finite() { serde_json::json!(x) } else { serde_json::Value::Null }
}

/// The counting report as one JSON object.
pub fn count_json_report(report: &CountReport, setup: &CountSetup) -> serde_json::Value {
    let t = &report.tally;
    let by_tc: Vec<serde_json::Value> = t
        .by_tc()
        .iter()
        .map(|l| {
            serde_json::json!({
                "tc": l.tc,
                "share": l.share,
                "ev": l.ev,
                "std_error": l.std_error,
            })
        })
        .collect();
    serde_json::json!({
        "rounds": t.rounds,
        "ev_per_round": t.ev_per_round(),
        "std_error": t.std_error(),
        "std_dev": t.std_dev(),
        "avg_bet": t.avg_bet(),
        "iba": finite(t.iba()),
        "win_per_100": t.win_per_100(),
        "di": t.di(),
        "score": t.score(),
        "n0": t.n0().map_or(serde_json::Value::Null, finite),
        "ror": t.risk_of_ruin(setup.bankroll),
        "bankroll": setup.bankroll,
        "by_tc": by_tc,
        "count": setup.system.key,
        "read_by": if setup.system.is_balanced() { "true_count" } else { "running_count" },
        "ramp": setup.ramp.bets(),
        "indices": setup.indices.name(),
        "penetration": setup.config.penetration,
        "rounds_per_sec": report.rounds_per_sec(),
        "rounds_per_cpu_sec": report.rounds_per_cpu_sec(),
        "wall_seconds": report.wall.as_secs_f64(),
        "cpu_seconds": report.cpu.map(|c| c.as_secs_f64()),
        "threads": report.threads,
        "seed": setup.config.seed,
    })
}

/// The counting report in words: the measures, then the rounds by true count.
pub fn count_text_report(report: &CountReport, setup: &CountSetup) -> String {
    let t = &report.tally;
    let mut out = String::new();
    let mut line = |s: String| {
        out.push_str(&s);
        out.push('\n');
    };
    let by_running = if setup.system.is_balanced() { "" } else { " by running count" };
    line(format!(
        "Counting {}, ramp {}{by_running}, indices {}, seed {}, cut card at {:.0}%",
        setup.system.key,
        setup.ramp,
        setup.indices.name(),
        setup.config.seed,
        setup.config.penetration * 100.0
    ));
    line(format!("rounds           {}", t.rounds));
    line(format!(
        "EV per round     {} units (standard error {:.5})",
        signed_decimals(t.ev_per_round(), 5),
        t.std_error()
    ));
    line(format!("SD per round     {:.4} units", t.std_dev()));
    line(format!("average bet      {:.4} units", t.avg_bet()));
    line(format!("IBA              {}% of the initial bet", signed_decimals(100.0 * t.iba(), 4)));
    line(format!("win per 100      {} units", signed_decimals(t.win_per_100(), 3)));
    line(format!("DI               {:.3}", t.di()));
    line(format!("SCORE            {:.3}", t.score()));
    line(format!(
        "N0               {}",
        t.n0().map_or_else(|| "none (an EV of 0)".to_owned(), |n0| format!("{n0:.0} rounds"))
    ));
    line(format!(
        "risk of ruin     {:.4}% for a bankroll of {} units",
        100.0 * t.risk_of_ruin(setup.bankroll),
        setup.bankroll
    ));
    line("by true count    share      EV per unit   (standard error)".to_owned());
    for (tc, bucket) in t.by_tc_folded(TEXT_TC_MIN, TEXT_TC_MAX) {
        let label = match tc {
            TEXT_TC_MIN => format!("{} or less", signed(tc)),
            TEXT_TC_MAX => format!("{} or more", signed(tc)),
            tc => signed(tc),
        };
        line(format!(
            "  {label:<14} {:>7.3}%   {}      ({:.5})",
            100.0 * bucket.rounds as f64 / t.rounds.max(1) as f64,
            signed_decimals(bucket.ev(), 5),
            bucket.std_error()
        ));
    }
    line(speed_line(
        report.rounds_per_sec(),
        report.wall,
        report.rounds_per_cpu_sec().zip(report.cpu),
    ));
    line(format!("threads          {}", report.threads));
    out
}

/// `speed  N rounds/s wall clock (W s), R per CPU second (C s CPU)`, in both reports.
fn speed_line(
    per_sec: f64,
    wall: std::time::Duration,
    cpu: Option<(f64, std::time::Duration)>,
) -> String {
    let cpu = cpu.map_or_else(String::new, |(rate, cpu)| {
        format!(", {rate:.0} per CPU second ({:.2} s CPU)", cpu.as_secs_f64())
    });
    format!("speed            {per_sec:.0} rounds/s wall clock ({:.2} s){cpu}", wall.as_secs_f64())
}

/// Whether a long run may draw a progress bar: only for a person watching a terminal (stdout
/// and stderr both), never into a pipe or a file, and never with `--json`.
pub fn progress_wanted(json: bool, stdout_terminal: bool, stderr_terminal: bool) -> bool {
    !json && stdout_terminal && stderr_terminal
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
        "strategy": level.name(),
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
    line(format!("Strategy {}, seed {}, {shoe}", level.name(), config.seed));
    line(format!("rounds           {}", t.rounds));
    line(format!("hands            {} (after splits)", t.hands));
    line(format!(
        "return per round {} units (standard error {:.5})",
        signed_decimals(t.ev_per_round(), 5),
        t.std_error()
    ));
    line(format!("95% interval     [{}, {}]", signed_decimals(low, 5), signed_decimals(high, 5)));
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
    line(format!("dealer           {} naturals, {} busts", t.dealer_naturals, t.dealer_busts));
    line(speed_line(
        report.rounds_per_sec(),
        report.wall,
        report.rounds_per_cpu_sec().zip(report.cpu),
    ));
    line(format!("threads          {}", report.threads));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_bar_is_for_a_terminal_only_and_never_with_json() {
        assert!(progress_wanted(false, true, true));
        for (json, out, err) in
            [(true, true, true), (false, false, true), (false, true, false), (false, false, false)]
        {
            assert!(!progress_wanted(json, out, err), "{json} {out} {err}");
        }
    }
}
