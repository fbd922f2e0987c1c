//! Rendering a full 7-seat table, split hands included, on ratatui's `TestBackend`.
//! The target is well under a millisecond per frame.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use blackjack_trainer::engine::{Action, Card, Rules};
use blackjack_trainer::tui::{App, TableConfig, TableIntent};

/// Seven seats; you in seat 4 with 8,8 against a 6, split into two hands, hints on. The AI
/// seats hold 10,9 and stand.
fn full_table() -> App {
    let config = TableConfig {
        seats: 7,
        speed: std::time::Duration::ZERO,
        hints: true,
        seed: 7,
        ..TableConfig::default()
    };
    let mut app = App::new(&Rules::default(), config).expect("valid options");
    let c = Card::of_value;
    let mut stacked = Vec::new();
    for round in 0..2 {
        for seat in 0..7 {
            stacked.push(if seat == 3 {
                c(8)
            } else if round == 0 {
                c(10)
            } else {
                c(9)
            });
        }
        stacked.push(if round == 0 { c(6) } else { c(10) });
    }
    stacked.extend([c(3), c(2)]);
    assert!(app.stack_next(&stacked));
    app.update(TableIntent::Deal);
    app.update(TableIntent::Act(Action::Split));
    assert_eq!(app.table().seats()[3].hands().len(), 2, "your 8,8 was split");
    app
}

fn render(c: &mut Criterion) {
    let app = full_table();
    for (w, h) in [(120u16, 40u16), (60, 20)] {
        let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
        c.bench_function(&format!("draw 7 seats {w}x{h} (terminal)"), |b| {
            b.iter(|| {
                // Clearing makes every frame a full redraw rather than an empty diff.
                terminal.clear().expect("clear");
                terminal
                    .draw(|frame| {
                        black_box(&app).draw(frame);
                    })
                    .expect("draw");
            });
        });
        let area = Rect::new(0, 0, w, h);
        let mut buf = Buffer::empty(area);
        c.bench_function(&format!("render 7 seats {w}x{h} (buffer)"), |b| {
            b.iter(|| {
                buf.reset();
                let mut view = black_box(&app).view(area);
                blackjack_trainer::tui::draw::render(&mut view, app.ctx(), area, &mut buf);
            });
        });
    }
}

criterion_group!(benches, render);
criterion_main!(benches);
