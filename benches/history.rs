//! The hand history's cost per round at the table: one `append` of one entry to a history at
//! its default cap of 5 000 entries, on the real file system (a folder under the system's
//! temporary directory), sync included. Iterations follow one another on the same file, so a
//! periodic compaction, if the store has one, is counted in its share.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};

use blackjack_trainer::analysis::strategy::basic_strategy;
use blackjack_trainer::engine::{Action, Card, Cards, Rules};
use blackjack_trainer::trainer::drill::fresh_hand_actions;
use blackjack_trainer::trainer::grade::grade;
use blackjack_trainer::trainer::history::{
    DEFAULT_HISTORY_LIMIT, Decision, DrillAnswer, Entry, HistoryStore,
};

/// A drill answer to `values` against `up`, graded by the chart, with every legal action's EV.
fn answer(values: [u8; 2], up: u8, chosen: Action, at: u64) -> Entry {
    let rules = Rules::default();
    let chart = basic_strategy(&rules).chart.clone();
    let cards = Cards::from_values(&values);
    let legal = fresh_hand_actions(&rules, &cards);
    let (_, advised) = chart.advise(&cards, up, legal);
    let ev = |a: Action| Some(if a == advised { 0.123_456 } else { -0.234_567 });
    let graded = grade(&chart, &cards, up, legal, chosen, ev);
    let ranked: Vec<(Action, f64)> = legal.iter().map(|a| (a, ev(a).unwrap_or(0.0))).collect();
    Entry::Drill(DrillAnswer {
        at,
        kind: "all".to_owned(),
        seconds: 2.5,
        decision: Decision::new(&graded, &cards, Card::of_value(up), 0, &ranked),
    })
}

fn bench_append(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("bj-history-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder for the bench");
    let path: PathBuf = dir.join("stats.history.jsonl");
    let one = answer([10, 6], 10, Action::Stand, 1_700_000_000);
    let full: Vec<Entry> = (0..DEFAULT_HISTORY_LIMIT).map(|_| one.clone()).collect();
    let (store, _, _) = HistoryStore::open(&path, DEFAULT_HISTORY_LIMIT).expect("opens");
    store.append_blocking(&full).expect("fills the history");
    let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    eprintln!("history at the cap: {DEFAULT_HISTORY_LIMIT} entries, {bytes} bytes");

    let mut group = c.benchmark_group("history");
    group.sample_size(30);
    group.measurement_time(std::time::Duration::from_secs(10));
    group.bench_function("append 1 entry at the 5 000-entry cap", |b| {
        b.iter(|| {
            store
                .append(black_box(std::slice::from_ref(&one)))
                .expect("appends")
        })
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench_append);
criterion_main!(benches);
