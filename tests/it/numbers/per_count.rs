//! Each count's index table checked by method, against Hi-Lo's and against the counting
//! simulator: long (every count's table is worked out at full resolution, and the simulator
//! plays 1.7·10⁷ rounds a count), so ignored in the test profile and run by CI in release
//! (`cargo test --release --test it -- --ignored numbers::`).

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, OnceLock};

use blackjack_trainer::ai::{Hard, hard_chart};
use blackjack_trainer::analysis::counts::{CountSystem, HI_LO};
use blackjack_trainer::analysis::deviation::IndexTable;
use blackjack_trainer::analysis::indices::{Game, IndicesReport, report_for};
use blackjack_trainer::engine::Rules;
use blackjack_trainer::sim::CHUNK_ROUNDS;
use blackjack_trainer::sim::ChunkResult;
use blackjack_trainer::sim::count::{CountConfig, CountTally, Counter, run_counting};

use crate::common::{TempDir, run_at, stdout};

/// Independent runs of the simulator per count: the spread of their shares is the shares'
/// standard error (the rounds of one shoe share its count).
const BATCHES: u64 = 16;
/// Rounds per run: whole chunks.
const BATCH_ROUNDS: u64 = 16 * CHUNK_ROUNDS;

/// The reports worked out so far, by count key.
type Reports = Mutex<Vec<(String, Arc<IndicesReport>)>>;

/// A count's report for the default rules (two threads), worked out once for every test here.
fn count_report(key: &str) -> Arc<IndicesReport> {
    static REPORTS: OnceLock<Reports> = OnceLock::new();
    let reports = REPORTS.get_or_init(|| Mutex::new(Vec::new()));
    if let Some((_, r)) = reports.lock().unwrap().iter().find(|(k, _)| k == key) {
        return r.clone();
    }
    let system = CountSystem::built_in(key).expect("a built-in count");
    let report = report_for(&Rules::default(), Game::NoHoleCard, system, 2);
    reports.lock().unwrap().push((key.to_owned(), report.clone()));
    report
}

/// The sample standard deviation of `xs`.
fn sample_sd(xs: &[f64]) -> f64 {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt()
}

/// The counting simulator counting `key` at a flat bet of one unit, with `table`'s index
/// plays, against the exact edge by count of its report: at every count of the edge table
/// dealt in at least 100 000 rounds, the simulated EV per initial unit within 3 of the
/// simulator's standard errors of the exact `basic` (no index table) or `with_indices` (the
/// count's own table), and the share of rounds within 3 standard errors (the batches' spread)
/// plus 2 % of the exact share, as Hi-Lo's test in `indices.rs` checks Hi-Lo.
fn simulator_agrees(key: &str, with_indices: bool) {
    let report = count_report(key);
    let rules = Rules::default();
    let system = CountSystem::built_in(key).expect("a built-in count");
    let table = if with_indices { report.table.clone() } else { IndexTable::default() };
    let counter =
        Counter::new(Hard::new(hard_chart(&rules)), &table, "1".parse().expect("a flat ramp"))
            .with_system(system.clone(), rules.decks);
    let batches: Vec<CountTally> = (0..BATCHES)
        .map(|batch| {
            let config = CountConfig {
                rounds: BATCH_ROUNDS,
                seed: 4044 + batch,
                threads: 2,
                penetration: rules.penetration,
            };
            run_counting(&rules, &counter, &config, &|_| {}, &AtomicBool::new(false))
                .expect("the engine plays")
                .tally
        })
        .collect();
    let mut all = CountTally::default();
    for batch in &batches {
        all.absorb(batch);
    }
    let lines = all.by_tc();
    let (mut text, mut failures, mut compared) = (String::new(), 0, 0);
    for exact in &report.edge_by_tc {
        let Some(sim) = lines.iter().find(|l| l.tc == exact.tc) else {
            continue;
        };
        if (sim.share * all.rounds as f64).round() < 100_000.0 {
            continue;
        }
        compared += 1;
        let shares: Vec<f64> = batches
            .iter()
            .map(|b| {
                let line = b.by_tc().into_iter().find(|l| l.tc == exact.tc);
                line.map_or(0.0, |l| l.share)
            })
            .collect();
        let share_se = sample_sd(&shares) / (BATCHES as f64).sqrt();
        let want = if with_indices { exact.with_indices } else { exact.basic };
        let ev_ok = (sim.ev - want).abs() <= 3.0 * sim.std_error;
        let share_ok = (sim.share - exact.share).abs() <= 3.0 * share_se + 0.02 * exact.share;
        failures += usize::from(!ev_ok) + usize::from(!share_ok);
        text.push_str(&format!(
            "{key} {:+}: ev {:+.5} ± {:.5} exact {:+.5} ({:+.1} SE){} · share {:.5} exact {:.5} \
             ({:+.1} %){}\n",
            exact.tc,
            sim.ev,
            sim.std_error,
            want,
            (sim.ev - want) / sim.std_error,
            if ev_ok { "" } else { "  <- EV" },
            sim.share,
            exact.share,
            100.0 * (sim.share / exact.share - 1.0),
            if share_ok { "" } else { "  <- SHARE" },
        ));
    }
    eprintln!("{text}");
    assert!(compared >= 8, "only {compared} counts compared\n{text}");
    assert_eq!(failures, 0, "\n{text}");
}

#[test]
#[ignore = "works out Zen's table and simulates 1.7·10⁷ rounds: release, as CI runs numbers::"]
fn zen_edge_by_true_count_agrees_with_the_simulator() {
    simulator_agrees("zen", false);
}

#[test]
#[ignore = "works out KO's table and simulates 1.7·10⁷ rounds: release, as CI runs numbers::"]
fn ko_edge_by_running_count_agrees_with_the_simulator() {
    simulator_agrees("ko", false);
}

#[test]
#[ignore = "works out Zen's table and simulates 1.7·10⁷ rounds: release, as CI runs numbers::"]
fn zen_edge_with_its_own_indices_agrees_with_the_simulator() {
    simulator_agrees("zen", true);
}

#[test]
#[ignore = "works out KO's table and simulates 1.7·10⁷ rounds: release, as CI runs numbers::"]
fn ko_edge_with_its_own_indices_agrees_with_the_simulator() {
    simulator_agrees("ko", true);
}

/// KO and Hi-Lo differ only in the seven (KO +1, Hi-Lo 0), and KO is started at `4 − 4 ×
/// decks` so that its running count at its pivot, +4, stands for a balanced-equivalent true
/// count of +4 at every depth: with `D₀` decks in the shoe and `D` left, a KO running count
/// `r` has counted `r − 4 + 4·D₀` beyond the start, of which `4·(D₀ − D)` is what the dealt
/// cards count on average, so the count beyond the average per deck left is `(r − 4)/D + 4`,
/// +4 exactly when `r = 4`. That is where the two counts *coincide*: the rounds KO reads at
/// running count +4 are rounds with about the same composition as Hi-Lo's at true count +4.0
/// (the boundary between the floored Hi-Lo counts +3 and +4, whose bins lie on average at
/// +3.5 and +4.5), so KO's basic-strategy edge at running count +4 lies between Hi-Lo's at
/// floored +3 and +4, within a fifth of the step between them of their mean (the seven's tag
/// and the spread of depths at which KO reaches +4 are what is left). The same holds at the
/// neutral end: KO's edge at its mean running count is about Hi-Lo's at 0, between Hi-Lo's
/// −1 and +1.
#[test]
#[ignore = "works out KO's and Hi-Lo's tables: release, as CI runs numbers::"]
fn ko_and_hi_lo_agree_where_their_counts_coincide() {
    let ko = count_report("ko");
    let hilo = report_for(&Rules::default(), Game::NoHoleCard, &HI_LO, 2);
    let edge = |r: &IndicesReport, c: i32| {
        r.edge_by_tc
            .iter()
            .find(|e| e.tc == c)
            .map(|e| e.basic)
            .expect("the count in the edge table")
    };
    let (three, four) = (edge(&hilo, 3), edge(&hilo, 4));
    let at_pivot = edge(&ko, 4);
    let mean = (three + four) / 2.0;
    let text =
        format!("KO +4: {at_pivot:+.5}; Hi-Lo +3: {three:+.5}, +4: {four:+.5} (mean {mean:+.5})");
    eprintln!("{text}");
    assert!(three < at_pivot && at_pivot < four, "{text}");
    assert!((at_pivot - mean).abs() <= 0.2 * (four - three), "{text}");
    // The indices agree where they are read at the same composition: KO's index of 16 vs T
    // (a stand from a count about Hi-Lo's 0) and Hi-Lo's are both played.
    let cell = |r: &IndicesReport| {
        r.table
            .plays
            .iter()
            .find(|p| p.cell.label() == "16 vs T")
            .map(|p| (p.play, p.direction, p.index.is_some()))
    };
    assert_eq!(cell(&ko), cell(&hilo), "16 vs T");
}

/// `blackjack indices --count omega2` prints Omega II's own table for this game, by true
/// count, and `--json` names the count and how it is read.
#[test]
#[ignore = "works out Omega II's table in the binary: release, as CI runs numbers::"]
fn indices_prints_each_counts_own_table() {
    let home = TempDir::new("indices-omega2");
    let out = run_at(&home.0, &["indices", "--count", "omega2"], &[], b"");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = stdout(&out);
    assert!(
        text.starts_with("Omega II index plays for this game (European, no hole card), 6 decks"),
        "{text}"
    );
    assert!(text.contains("16 vs T") && text.contains("at or above"), "{text}");
    let out = run_at(&home.0, &["indices", "--count", "ko", "--json"], &[], b"");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["system"], "ko");
    assert_eq!(v["indexed_by"], "running_count");
    assert!(v["indices"].as_array().is_some_and(|a| a.len() >= 18));
    assert_eq!(v["edge_by_tc"][0]["tc"], -25, "KO's edge from 5 below its start");
}
