//! The counting simulator (`blackjack sim --count hilo`): the identities between the measures
//! of every report (Schlesinger, *Blackjack Attack*, 3rd ed., 2005: SCORE = DI²,
//! N0 · SCORE = 10⁶, RoR = exp(−2 · EV · B / SD²)), determinism across thread counts, the
//! flat ramp reproducing the flat simulator, the edge rising with the true count, and the
//! command line's refusals.

use std::process::{Command, Output};
use std::sync::atomic::AtomicBool;

use clap::Parser;
use clap::error::ErrorKind;

use blackjack_trainer::ai::{AnyStrategy, Hard, hard_chart};
use blackjack_trainer::analysis::deviation::{IndexTable, illustrious_18};
use blackjack_trainer::cli::{Cli, Level};
use blackjack_trainer::engine::Rules;
use blackjack_trainer::sim::count::{
    BetRamp, CountConfig, CountReport, CountTally, Counter, TcBucket, run_counting,
};
use blackjack_trainer::sim::{CHUNK_ROUNDS, ShoeMode, SimConfig, run};

/// Several chunks, the last one short, so that threads really share the work.
const ROUNDS: u64 = 3 * CHUNK_ROUNDS + 4_321;

fn counter(indices: &IndexTable, ramp: &str) -> Counter {
    let rules = Rules::default();
    let ramp: BetRamp = ramp.parse().expect("a ramp");
    Counter::new(Hard::new(hard_chart(&rules)), indices, ramp)
}

fn count_run(counter: &Counter, seed: u64, threads: usize, rounds: u64) -> CountReport {
    let rules = Rules::default();
    let config = CountConfig { rounds, seed, threads, penetration: rules.penetration };
    run_counting(&rules, counter, &config, &|_| {}, &AtomicBool::new(false))
        .expect("the engine plays")
}

/// The same seed gives the same counters to the last digit on one thread or several; another
/// seed gives others.
#[test]
fn counting_results_depend_on_the_seed_and_not_on_the_thread_count() {
    let counter = counter(&illustrious_18(), "1,2,4,6,8,10,12");
    let one = count_run(&counter, 41, 1, ROUNDS).tally;
    assert_eq!(one.rounds, ROUNDS);
    for threads in [2, 3, 8] {
        assert_eq!(count_run(&counter, 41, threads, ROUNDS).tally, one, "{threads} threads");
    }
    assert_ne!(count_run(&counter, 42, 2, ROUNDS).tally, one);
}

/// A flat ramp of one unit with no index plays is the flat simulator's hard seat: the same
/// chunks, the same cards and the same decisions, so the same result exactly (not only within
/// standard errors).
#[test]
fn a_flat_ramp_without_indices_plays_the_flat_simulators_game_exactly() {
    let rules = Rules::default();
    let counted = count_run(&counter(&IndexTable::default(), "1"), 7, 2, ROUNDS).tally;
    let flat = run(
        &rules,
        &AnyStrategy::for_level(Level::Hard, &rules),
        &SimConfig {
            rounds: ROUNDS,
            seed: 7,
            threads: 2,
            shoe: ShoeMode::CutCard(rules.penetration),
        },
        &|_| {},
    )
    .expect("the engine plays")
    .tally;
    assert_eq!(counted.rounds, flat.rounds);
    assert_eq!(counted.bet_units, u128::from(flat.rounds));
    assert_eq!(counted.net_milli, i128::from(flat.net_milli));
    assert_eq!(counted.net_sq_micro, flat.net_sq_micro);
    assert_eq!(counted.ev_per_round(), flat.ev_per_round());
    assert_eq!(counted.std_error(), flat.std_error());
    // Index plays change the game (the same cards are dealt at first, then play differs).
    let i18 = count_run(&counter(&illustrious_18(), "1"), 7, 2, ROUNDS).tally;
    assert_ne!(i18.net_milli, counted.net_milli);
    // The ramp changes the money but not the result per unit at each count.
    let ramped = count_run(&counter(&IndexTable::default(), "1,3,9"), 7, 2, ROUNDS).tally;
    assert_eq!(ramped.by_tc, counted.by_tc);
    assert!(ramped.bet_units > counted.bet_units);
}

/// The rounds at counts in `tcs`, together.
fn pooled(tally: &CountTally, tcs: std::ops::RangeInclusive<i32>) -> TcBucket {
    let mut sum = TcBucket::default();
    for (tc, bucket) in tally.by_tc_folded(-100, 100) {
        if tcs.contains(&tc) {
            sum.rounds += bucket.rounds;
            sum.net_milli += bucket.net_milli;
            sum.net_sq_micro += bucket.net_sq_micro;
        }
    }
    sum
}

/// The player's edge rises with the Hi-Lo true count (the premise of counting): low counts
/// below neutral ones below high ones, each step by more than three standard errors.
#[test]
fn the_edge_rises_with_the_true_count() {
    let tally = count_run(&counter(&IndexTable::default(), "1"), 2026, 2, 1_500_000).tally;
    let low = pooled(&tally, -100..=-3);
    let neutral = pooled(&tally, -1..=0);
    let high = pooled(&tally, 3..=100);
    for (lower, higher, what) in
        [(&low, &neutral, "low → neutral"), (&neutral, &high, "neutral → high")]
    {
        let se = lower.std_error().hypot(higher.std_error());
        assert!(
            higher.ev() - lower.ev() > 3.0 * se,
            "{what}: {} → {} (SE {se})",
            lower.ev(),
            higher.ev()
        );
    }
}

fn blackjack(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_blackjack"))
        .args(args)
        // The index table's cache goes under the build folder, not the user's cache.
        .env("XDG_CACHE_HOME", env!("CARGO_TARGET_TMPDIR"))
        .output()
        .expect("the binary runs")
}

fn json_run(args: &[&str]) -> serde_json::Value {
    let out = blackjack(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

fn number(report: &serde_json::Value, key: &str) -> f64 {
    report[key].as_f64().unwrap_or_else(|| panic!("{key} is a number in {report}"))
}

/// Every report holds its identities: SCORE = DI², N0 · SCORE = 10⁶, RoR = exp(−2·EV·B/SD²)
/// (1 for a game not won), IBA = EV / average bet, win per 100 = 100 · EV, SE = SD / √rounds,
/// and the shares by true count sum to 1.
#[test]
fn every_counting_report_keeps_the_identities_between_its_measures() {
    for (indices, ramp, bankroll, seed) in [
        ("none", "1,2,4,6,8,10,12", "1000", "3"),
        ("peek-i18", "1,2,4,6,8,10,12", "400", "4"),
        ("peek-i18", "1,8,16,32", "5000", "5"),
        ("none", "1", "100", "6"),
    ] {
        let r = json_run(&[
            "--seed",
            seed,
            "sim",
            "--count",
            "hilo",
            "--indices",
            indices,
            "--ramp",
            ramp,
            "--bankroll",
            bankroll,
            "--hands",
            "200000",
            "--json",
        ]);
        let case = format!("{indices} {ramp} {bankroll}");
        for key in [
            "rounds",
            "ev_per_round",
            "std_error",
            "std_dev",
            "avg_bet",
            "iba",
            "win_per_100",
            "di",
            "score",
            "n0",
            "ror",
            "by_tc",
            "rounds_per_cpu_sec",
            "threads",
            "seed",
        ] {
            assert!(r.get(key).is_some(), "{case}: missing {key}");
        }
        assert_eq!(r["rounds"].as_u64(), Some(200_000));
        assert_eq!(r["seed"].as_u64(), seed.parse().ok());
        let close = |a: f64, b: f64, what: &str| {
            assert!(
                (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0),
                "{case}: {what}: {a} vs {b}"
            );
        };
        let (ev, sd, di, score) = (
            number(&r, "ev_per_round"),
            number(&r, "std_dev"),
            number(&r, "di"),
            number(&r, "score"),
        );
        let bankroll: f64 = bankroll.parse().expect("a number");
        close(di, 1000.0 * ev / sd, "DI = 1000·EV/SD");
        // SCORE carries the sign of the mean: a losing run's is below 0.
        close(score, di * di.abs(), "SCORE = DI², signed");
        close(number(&r, "n0") * score.abs(), 1e6, "N0·|SCORE| = 10⁶");
        let ror = if ev > 0.0 { (-2.0 * ev * bankroll / (sd * sd)).exp() } else { 1.0 };
        close(number(&r, "ror"), ror, "RoR = exp(−2·EV·B/SD²)");
        close(number(&r, "iba") * number(&r, "avg_bet"), ev, "IBA = EV/avg bet");
        close(number(&r, "win_per_100"), 100.0 * ev, "win per 100");
        close(number(&r, "std_error"), sd / 200_000f64.sqrt(), "SE = SD/√n");
        let by_tc = r["by_tc"].as_array().expect("a list");
        let shares: f64 = by_tc.iter().map(|l| number(l, "share")).sum();
        close(shares, 1.0, "the shares sum to 1");
        // The money EV is the bet-weighted EV per unit over the counts.
        let bets: Vec<f64> = r["ramp"]
            .as_array()
            .expect("the ramp")
            .iter()
            .filter_map(serde_json::Value::as_f64)
            .collect();
        let weighted: f64 = by_tc
            .iter()
            .map(|l| {
                let tc = l["tc"].as_i64().expect("a count");
                let step = usize::try_from(tc.max(0)).unwrap_or(0).min(bets.len() - 1);
                number(l, "share") * number(l, "ev") * bets[step]
            })
            .sum();
        close(weighted, ev, "EV = Σ share · EV per unit · bet");
        let avg: f64 = by_tc
            .iter()
            .map(|l| {
                let tc = l["tc"].as_i64().expect("a count");
                let step = usize::try_from(tc.max(0)).unwrap_or(0).min(bets.len() - 1);
                number(l, "share") * bets[step]
            })
            .sum();
        close(avg, number(&r, "avg_bet"), "average bet = Σ share · bet");
    }
}

/// The same counters on one thread as on two, through the command line too.
#[test]
fn the_counting_command_ignores_the_thread_count() {
    let run = |threads: &str| {
        json_run(&[
            "--seed",
            "11",
            "sim",
            "--count",
            "hilo",
            "--indices",
            "peek-i18",
            "--hands",
            "150000",
            "--threads",
            threads,
            "--json",
        ])
    };
    let (one, two) = (run("1"), run("2"));
    assert_eq!(two["threads"].as_u64(), Some(2));
    for key in ["ev_per_round", "std_dev", "avg_bet", "by_tc", "ror"] {
        assert_eq!(one[key], two[key], "{key}");
    }
}

/// A bad ramp is a usage error (exit 2) that says what is wrong.
#[test]
fn a_bad_ramp_is_a_usage_error_with_the_reason() {
    for (ramp, says) in [
        ("1,x,3", "`x` is not a bet"),
        ("0,2", "a bet of 0"),
        ("", "the ramp is empty"),
        ("1,2,999999", "too large"),
        ("-1,2", "`-1` is not a bet"),
    ] {
        let out = blackjack(&[
            "sim",
            "--count",
            "hilo",
            "--indices",
            "none",
            "--ramp",
            ramp,
            "--hands",
            "10",
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{ramp:?}: {stderr}");
        assert!(stderr.contains(says), "{ramp:?}: {stderr}");
    }
}

/// The counting flags need `--count`; `--count` plays its own strategy and needs a cut card.
#[test]
fn the_counting_flags_follow_their_rules() {
    let kind = |args: &[&str]| {
        let mut all = vec!["blackjack", "sim"];
        all.extend_from_slice(args);
        Cli::try_parse_from(all).err().map(|e| e.kind())
    };
    for flag in [&["--ramp", "1,2"][..], &["--indices", "none"], &["--bankroll", "100"]] {
        assert_eq!(kind(flag), Some(ErrorKind::MissingRequiredArgument), "{flag:?}");
    }
    for other in [&["--strategy", "easy"][..], &["--fresh-shoe"]] {
        let mut args = vec!["--count", "hilo"];
        args.extend_from_slice(other);
        assert_eq!(kind(&args), Some(ErrorKind::ArgumentConflict), "{other:?}");
    }
    // A name that is no word is refused as it is read; a word that names no count when the
    // command runs (tests/it/counts.rs).
    assert_eq!(kind(&["--count", "two words"]), Some(ErrorKind::ValueValidation));
    assert_eq!(kind(&["--count", "hilo", "--indices", "wong"]), Some(ErrorKind::InvalidValue));
    for bankroll in ["0", "-5", "lots", "inf"] {
        assert_eq!(
            kind(&["--count", "hilo", "--bankroll", bankroll]),
            Some(ErrorKind::ValueValidation),
            "{bankroll}"
        );
    }
    assert_eq!(
        kind(&[
            "--count",
            "hilo",
            "--ramp",
            "1,2",
            "--indices",
            "peek-i18",
            "--bankroll",
            "250.5",
            "--penetration",
            "0.8",
        ]),
        None
    );
    // Through the binary, a refused combination exits with status 2.
    let out = blackjack(&["sim", "--ramp", "1,2", "--hands", "10"]);
    assert_eq!(out.status.code(), Some(2));
}

/// The text report names its setup and every measure.
#[test]
fn the_text_report_names_every_measure() {
    let out = blackjack(&[
        "--seed",
        "1",
        "sim",
        "--count",
        "hilo",
        "--indices",
        "peek-i18",
        "--hands",
        "100000",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for words in [
        "Counting hilo, ramp 1,2,4,6,8,10,12, indices peek-i18, seed 1",
        "EV per round",
        "SD per round",
        "average bet",
        "IBA",
        "win per 100",
        "DI",
        "SCORE",
        "N0",
        "risk of ruin",
        "bankroll of 1000 units",
        "by true count",
        "−6 or less",
        "+10 or more",
    ] {
        assert!(text.contains(words), "missing {words:?} in\n{text}");
    }
}

/// `--indices game` (the default) plays the table computed for the rules; in a build without
/// it the command says so, with an error status and not a usage error.
#[test]
fn the_game_table_is_played_or_its_absence_is_said() {
    let out = blackjack(&["--seed", "1", "sim", "--count", "hilo", "--hands", "1000", "--json"]);
    if out.status.success() {
        let r: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
        assert_eq!(r["indices"], "game");
    } else {
        assert_eq!(out.status.code(), Some(1));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("game index table is not available"), "{stderr}");
    }
}
