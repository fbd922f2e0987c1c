//! Index-analysis benchmark: one cell's index play (16 vs T, no hole card), its up card's
//! column solved over the whole grid of count-conditioned shoes on one thread — a tenth of
//! `blackjack indices`.

use std::hint::black_box;

use blackjack_trainer::analysis::chart::{Cell, HandKind};
use blackjack_trainer::analysis::indices::{Game, Resolution, cell_index};
use blackjack_trainer::engine::{Rules, Value};
use criterion::{Criterion, criterion_group, criterion_main};

fn one_cell(c: &mut Criterion) {
    let rules = Rules::default();
    let cell = Cell { kind: HandKind::Hard, row: 16, up: Value::TEN };
    let mut group = c.benchmark_group("indices");
    group.sample_size(10);
    group.bench_function("16 vs T: index over the full grid, 1 thread", |b| {
        b.iter(|| {
            black_box(cell_index(black_box(&rules), Game::NoHoleCard, cell, 1, Resolution::FULL))
        })
    });
    group.finish();
}

criterion_group!(benches, one_cell);
criterion_main!(benches);
