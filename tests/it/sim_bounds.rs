//! The simulator at any size: a run of 10^14 rounds starts in bounded memory and can be
//! stopped, `--hands` takes `1e8`-style counts and refuses what is not one, and the progress
//! bar shows on a terminal only.

use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use blackjack_trainer::ai::AnyStrategy;
use blackjack_trainer::cli::Level;
use blackjack_trainer::engine::Rules;
use blackjack_trainer::sim::{CHUNK_ROUNDS, ShoeMode, SimConfig, run, run_until};

fn blackjack(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_blackjack")).args(args).output().expect("the binary runs")
}

/// A run of 10^14 rounds (it once asked for a 2 TB vector of chunk results before playing a
/// round) starts, is stopped after a dozen chunks, and reports exactly what a run of that many
/// rounds reports: the chunks played are always the first ones, merged in order.
#[test]
fn a_run_of_1e14_rounds_starts_and_stops_with_the_first_chunks_merged() {
    let rules = Rules::default();
    let strategy = AnyStrategy::for_level(Level::Easy, &rules);
    let threads = 2;
    let config =
        SimConfig { rounds: 100_000_000_000_000, seed: 41, threads, shoe: ShoeMode::CutCard(0.75) };
    let stop = AtomicBool::new(false);
    let finished = AtomicU64::new(0);
    let progress = |rounds: u64| {
        assert_eq!(rounds, CHUNK_ROUNDS);
        if finished.fetch_add(1, Ordering::SeqCst) + 1 >= 12 {
            stop.store(true, Ordering::SeqCst);
        }
    };
    let report = run_until(&rules, &strategy, &config, &progress, &stop).expect("plays");
    let rounds = report.tally.rounds;
    assert_eq!(rounds, finished.load(Ordering::SeqCst) * CHUNK_ROUNDS);
    assert!(
        (12 * CHUNK_ROUNDS..=(12 + threads as u64) * CHUNK_ROUNDS).contains(&rounds),
        "{rounds}"
    );
    let same = run(&rules, &strategy, &SimConfig { rounds, threads: 1, ..config }, &|_| {})
        .expect("plays");
    assert_eq!(report.tally, same.tally);
}

/// `sim --hands` as a person writes it, with the exact count in the report.
#[test]
fn sim_hands_take_scientific_notation_and_separators() {
    for (hands, rounds) in [("1e5", 100_000), ("100_000", 100_000), ("1.2e5", 120_000)] {
        let out = blackjack(&[
            "--seed",
            "4",
            "sim",
            "--hands",
            hands,
            "--strategy",
            "easy",
            "--threads",
            "1",
            "--json",
        ]);
        assert!(out.status.success(), "{hands}: {}", String::from_utf8_lossy(&out.stderr));
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(report["rounds"].as_u64(), Some(rounds), "{hands}");
    }
}

/// What is not a count of rounds is a usage error (exit 2) that says why.
#[test]
fn sim_hands_refuse_fractions_negatives_and_overflow() {
    for (hands, why) in [
        ("1.5", "not a whole number"),
        ("-5", "negative"),
        ("1e30", "too many"),
        ("99999999999999999999", "too many"),
        ("0", "at least one"),
        ("lots", "not a number"),
    ] {
        let out = blackjack(&["sim", "--hands", hands, "--strategy", "easy"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{hands}: {err}");
        assert!(err.contains(why) && err.contains("--hands"), "{hands}: {err}");
        assert!(out.stdout.is_empty());
    }
    let out = blackjack(&["sim", "--hands", "10", "--threads", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--threads"));
}

/// Into a pipe, a run well past the moment the bar would show leaves stderr empty.
#[test]
fn no_progress_bar_into_a_pipe() {
    let out = blackjack(&["sim", "--hands", "6e6", "--strategy", "easy", "--threads", "1"]);
    assert!(out.status.success());
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("rounds           6000000"));
}

/// Runs `blackjack` with `args` on a pseudo-terminal (util-linux `script`), returning what the
/// terminal showed; `None` where `script` is not available.
fn on_a_terminal(args: &str) -> Option<String> {
    let has_script = Command::new("script")
        .args(["-qec", "true", "/dev/null"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_script {
        eprintln!("no util-linux `script` here: the terminal check is skipped");
        return None;
    }
    let command = format!("'{}' {args}", env!("CARGO_BIN_EXE_blackjack"));
    let out =
        Command::new("script").args(["-qec", &command, "/dev/null"]).output().expect("script runs");
    assert!(out.status.success(), "{args}");
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The wall-clock seconds a text report gives.
fn wall_seconds(report: &str) -> f64 {
    report
        .lines()
        .find_map(|l| l.strip_prefix("speed"))
        .and_then(|l| l.split_once("wall clock (")?.1.split_once(" s)"))
        .and_then(|(secs, _)| secs.parse().ok())
        .expect("the report gives the wall-clock time")
}

/// On a terminal a run of a few seconds shows the bar with an ETA; with `--json`, or with
/// stdout into a pipe (stderr still on the terminal), it never does.
#[test]
fn a_progress_bar_with_an_eta_on_a_terminal_only() {
    let run = "--seed 1 sim --strategy easy --threads 1 --hands";
    let Some(shown) = on_a_terminal(&format!("{run} 1e7")) else {
        return;
    };
    assert!(shown.contains("rounds           10000000"), "{shown}");
    // A run of over a second must have shown the bar (a much faster machine may finish
    // before it is due).
    if wall_seconds(&shown) >= 1.0 {
        assert!(shown.contains("rounds, ETA"), "{shown}");
    }

    let piped = on_a_terminal(&format!("{run} 6e6 | cat")).expect("script still runs");
    assert!(piped.contains("rounds           6000000"), "{piped}");
    assert!(
        !piped.contains("ETA"),
        "a bar with stdout in a pipe: {}",
        &piped[..piped.len().min(300)]
    );

    let json = on_a_terminal(&format!("{run} 4e6 --json")).expect("script still runs");
    assert!(!json.contains("ETA") && json.contains("\"rounds\":4000000"), "{json}");
}
