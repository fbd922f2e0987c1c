//! Exact-analysis benchmarks: the full chart with both house-edge figures, and one hand's full
//! EV set (split included) for a depleted shoe — the live EV panel's worst case.

use std::hint::black_box;

use blackjack_trainer::analysis::strategy::compute_strategy_on;
use blackjack_trainer::analysis::{HandContext, hand_evs};
use blackjack_trainer::engine::{Rules, ValueCounts};
use criterion::{Criterion, criterion_group, criterion_main};

fn full_chart(c: &mut Criterion) {
    let rules = Rules::default();
    let mut group = c.benchmark_group("strategy");
    group.sample_size(10);
    for threads in [1, 2] {
        group.bench_function(
            format!("6 decks: chart + both house edges, {threads} thread(s)"),
            |b| b.iter(|| black_box(compute_strategy_on(black_box(&rules), threads))),
        );
    }
    group.finish();
}

fn one_hand(c: &mut Criterion) {
    let rules = Rules::default();
    let mut left = ValueCounts::full_shoe(6);
    for v in [2, 2, 2, 9, 9, 10, 10, 5, 6, 3, 4, 4] {
        left.remove(v);
    }
    let ctx = HandContext {
        hands: 1,
        ..HandContext::default()
    };
    c.bench_function("hand EVs: 2,2 vs 2, depleted shoe, split included", |b| {
        b.iter(|| black_box(hand_evs(&rules, &[2, 2], 2, black_box(&left), ctx)))
    });
    let mut full = ValueCounts::full_shoe(6);
    for v in [2, 2, 2] {
        full.remove(v);
    }
    // The slowest pair found by a scan of every pair and up card in three shoes.
    c.bench_function("hand EVs: 2,2 vs 2, full shoe, split included", |b| {
        b.iter(|| black_box(hand_evs(&rules, &[2, 2], 2, black_box(&full), ctx)))
    });
    c.bench_function("hand EVs: A,2 vs A, depleted shoe", |b| {
        b.iter(|| black_box(hand_evs(&rules, &[1, 2], 1, black_box(&left), ctx)))
    });
}

criterion_group!(benches, full_chart, one_hand);
criterion_main!(benches);
