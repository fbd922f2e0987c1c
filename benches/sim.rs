//! Simulator throughput on one thread: whole rounds of the real engine (deal, the seat's
//! decisions, the dealer, settlement, counting) for each AI level, and counted rounds of the
//! counting simulator (Hi-Lo, a 1–12 ramp, with this game's index table — the game measured
//! against freebj in `docs/simulator-performance.md` —, the published I18 and no index plays),
//! reported in rounds per second. `blackjack sim --json` (and `sim --count hilo --json`)
//! reports the same speed per CPU second for long runs.
//!
//! This game's index table is read from the cache the program keeps on disk, or worked out
//! (about 12 s of CPU, outside the measurement) and kept there for the next run.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

use blackjack_trainer::ai::{AnyStrategy, Hard, Strategy, hard_chart};
use blackjack_trainer::analysis::deviation::{IndexTable, illustrious_18};
use blackjack_trainer::cli::Level;
use blackjack_trainer::engine::Rules;
use blackjack_trainer::sim::count::{
    BetRamp, CountTally, Counter, counted_table, play_counted_rounds,
};
use blackjack_trainer::sim::{RoundTally, chunk_rng, flat_table, play_rounds};

/// Rounds per measured iteration: enough to pass through many shoes and reshuffles.
const ROUNDS: u64 = 100_000;

/// Plays `ROUNDS` rounds with the cut card of the default rules, continuing at the same table
/// (and the same shoe) from one iteration to the next, at the flat simulator's table (no count
/// of the cards seen, as `blackjack sim` plays).
fn bench_level<S: Strategy>(c: &mut Criterion, name: &str, strategy: &S) {
    let rules = Rules::default();
    let mut table = flat_table(rules, chunk_rng(2026, 0));
    let mut group = c.benchmark_group("sim");
    group.throughput(Throughput::Elements(ROUNDS));
    group.sample_size(20);
    group.measurement_time(std::time::Duration::from_secs(3));
    group.warm_up_time(std::time::Duration::from_secs(1));
    group.bench_function(format!("play_rounds {name}, 1 seat, 1 thread"), |b| {
        b.iter(|| {
            let mut tally = RoundTally::default();
            play_rounds(&mut table, strategy, ROUNDS, &mut tally).expect("the engine plays");
            black_box(tally)
        })
    });
    group.finish();
}

fn levels(c: &mut Criterion) {
    let rules = Rules::default();
    // The hard seat's chart is computed here, outside the measurement.
    for level in [Level::Hard, Level::Normal, Level::Easy] {
        match AnyStrategy::for_level(level, &rules) {
            AnyStrategy::Easy(s) => bench_level(c, "easy", &s),
            AnyStrategy::Normal(s) => bench_level(c, "normal", &s),
            AnyStrategy::Hard(s) => bench_level(c, "hard", &s),
            // Not in the list: the counter is benched below, with its bets.
            AnyStrategy::Counter(_) => {}
        }
    }
}

/// Counted rounds: the true count before each deal, the ramp's bet, basic strategy with the
/// index plays of `indices`, and the tally by true count.
fn bench_counting(c: &mut Criterion, name: &str, indices: &IndexTable) {
    let rules = Rules::default();
    let ramp: BetRamp = "1,2,4,6,8,10,12".parse().expect("a ramp");
    let counter = Counter::new(Hard::new(hard_chart(&rules)), indices, ramp);
    let mut table = counted_table(rules, chunk_rng(2026, 0), counter.system());
    let mut group = c.benchmark_group("sim");
    group.throughput(Throughput::Elements(ROUNDS));
    group.sample_size(20);
    group.measurement_time(std::time::Duration::from_secs(3));
    group.warm_up_time(std::time::Duration::from_secs(1));
    group.bench_function(
        format!("play_counted_rounds hilo ramp 1-12 {name}, 1 seat, 1 thread"),
        |b| {
            b.iter(|| {
                let mut tally = CountTally::default();
                play_counted_rounds(&mut table, &counter, ROUNDS, &mut tally)
                    .expect("the engine plays");
                black_box(tally)
            })
        },
    );
    group.finish();
}

fn counting(c: &mut Criterion) {
    let game = blackjack_trainer::store::cache::index_table(&Rules::default());
    bench_counting(c, "indices game", &game);
    bench_counting(c, "indices peek-i18", &illustrious_18());
    bench_counting(c, "indices none", &IndexTable::default());
}

criterion_group!(benches, levels, counting);
criterion_main!(benches);
