//! Simulator throughput on one thread: whole rounds of the real engine (deal, the seat's
//! decisions, the dealer, settlement, counting) for each AI level, reported in rounds per
//! second. `blackjack sim --json` reports the same speed per CPU second for long runs.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

use blackjack_trainer::ai::{AnyStrategy, Strategy};
use blackjack_trainer::cli::Level;
use blackjack_trainer::engine::Rules;
use blackjack_trainer::sim::{Tally, chunk_rng, play_rounds, sim_table};

/// Rounds per measured iteration: enough to pass through many shoes and reshuffles.
const ROUNDS: u64 = 100_000;

/// Plays `ROUNDS` rounds with the cut card of the default rules, continuing at the same table
/// (and the same shoe) from one iteration to the next.
fn bench_level<S: Strategy>(c: &mut Criterion, name: &str, strategy: &S) {
    let rules = Rules::default();
    let mut table = sim_table(rules, chunk_rng(2026, 0));
    let mut group = c.benchmark_group("sim");
    group.throughput(Throughput::Elements(ROUNDS));
    group.sample_size(20);
    group.measurement_time(std::time::Duration::from_secs(3));
    group.warm_up_time(std::time::Duration::from_secs(1));
    group.bench_function(format!("play_rounds {name}, 1 seat, 1 thread"), |b| {
        b.iter(|| {
            let mut tally = Tally::default();
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
        }
    }
}

criterion_group!(benches, levels);
criterion_main!(benches);
