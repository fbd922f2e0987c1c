//! Exact-analysis benchmarks: the full chart with both house-edge figures, one hand's full
//! EV set (split included) for a depleted shoe — the live EV panel's worst case — and one
//! plan of the counter's planner, which the table's planner page makes again on every key
//! (its target: well under a frame's 50 ms).

use std::hint::black_box;

use blackjack_trainer::analysis::counts::HI_LO;
use blackjack_trainer::analysis::strategy::compute_strategy_on;
use blackjack_trainer::analysis::{HandContext, hand_evs};
use blackjack_trainer::engine::{Rules, Value, ValueCounts};
use blackjack_trainer::trainer::plan::{PlanInputs, Risk, plan};
use blackjack_trainer::trainer::plan_game::{SimSettings, work_out_model};
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
    let two = Value::of(2);
    let mut left = ValueCounts::full_shoe(6);
    for v in [2, 2, 2, 9, 9, 10, 10, 5, 6, 3, 4, 4] {
        left.remove(Value::of(v));
    }
    let ctx = HandContext { hands: 1, ..HandContext::default() };
    c.bench_function("hand EVs: 2,2 vs 2, depleted shoe, split included", |b| {
        b.iter(|| black_box(hand_evs(&rules, &[two, two], two, black_box(&left), ctx)))
    });
    let mut full = ValueCounts::full_shoe(6);
    for _ in 0..3 {
        full.remove(two);
    }
    // The slowest pair found by a scan of every pair and up card in three shoes.
    c.bench_function("hand EVs: 2,2 vs 2, full shoe, split included", |b| {
        b.iter(|| black_box(hand_evs(&rules, &[two, two], two, black_box(&full), ctx)))
    });
    c.bench_function("hand EVs: A,2 vs A, depleted shoe", |b| {
        b.iter(|| {
            black_box(hand_evs(&rules, &[Value::ACE, two], Value::ACE, black_box(&left), ctx))
        })
    });
}

/// One plan (the ramp's optimisation alone) on the game by count worked out once, outside the
/// measurement, at a bankroll the risk binds and at one it does not.
fn one_plan(c: &mut Criterion) {
    let rules = Rules::default();
    let sim = SimSettings { rounds: 1_000_000, seed: 2026, threads: 2 };
    let stop = std::sync::atomic::AtomicBool::new(false);
    let model = work_out_model(&rules, &HI_LO, sim, &stop).expect("the engine plays");
    let mut group = c.benchmark_group("plan");
    for bankroll in [400.0, 3200.0] {
        let inputs =
            PlanInputs { bankroll, min_bet: 1, spread: 12, chip: 1, risk: Risk::OfRuin(0.135) };
        group.bench_function(format!("one plan, bankroll {bankroll}"), |b| {
            b.iter(|| black_box(plan(black_box(&model.game), &inputs)))
        });
    }
    group.finish();
}

criterion_group!(benches, full_chart, one_hand, one_plan);
criterion_main!(benches);
