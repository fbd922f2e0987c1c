//! The learning aids on screen, at 80×24 and 120×40: the navigable chart with a selected
//! cell's EVs and reason, the cells due for spaced practice on the table and on `i`, the hint
//! (`t`) with its reason, and a graded mistake with its reason.
//!
//! These drive the app through the real key handler and draw it on a `TestBackend`
//! (`tests/common/tui.rs`); the statistics file lives in a temp folder and "today" is fixed.

use std::time::Duration;

use crossterm::event::KeyCode;

use blackjack_trainer::analysis::chart::{Cell, HandKind};
use blackjack_trainer::engine::Units;
use blackjack_trainer::store::Location;
use blackjack_trainer::trainer::day::{Clock, Day};
use blackjack_trainer::tui::{App, Overlay, TableConfig};

use crate::common;
use common::TempDir;
use common::tui::*;

fn today() -> Day {
    Day::parse("2026-12-03").expect("a date")
}

/// A statistics file in `dir` from three days of practice ending yesterday: 16 vs T and
/// A,7 vs 9 missed yesterday, 8,8 vs T missed the day before and right since, 12 vs 4 right
/// all along; then the table on `today` with that file.
fn app_with_history(dir: &TempDir) -> App {
    let path = dir.0.join("stats.db");
    let cell = |kind, row, up| Cell { kind, row, up: blackjack_trainer::engine::Value::of(up) };
    // Day by day, in order, as the sessions wrote them.
    let [first, second, yesterday] = [today().plus(-3), today().plus(-2), today().plus(-1)];
    common::record_decisions(
        &path,
        &[
            (first, cell(HandKind::Hard, 12, 4), true),
            (second, cell(HandKind::Hard, 12, 4), true),
            (second, cell(HandKind::Pair, 8, 10), false),
            (yesterday, cell(HandKind::Hard, 12, 4), true),
            (yesterday, cell(HandKind::Pair, 8, 10), true),
            (yesterday, cell(HandKind::Hard, 16, 10), false),
            (yesterday, cell(HandKind::Soft, 18, 9), false),
        ],
    );
    let config = TableConfig {
        seats: 3,
        ai: vec![blackjack_trainer::ai::Level::Hard],
        speed: Duration::ZERO,
        bankroll: Units::from_units(100),
        seed: 2024,
        stats: Some(Location::named(path)),
        clock: Clock::Fixed(today()),
        ..TableConfig::default()
    };
    table(config)
}

#[test]
fn the_table_shows_the_cells_due_and_the_days_in_a_row() {
    let dir = TempDir::new("learning-due");
    let mut app = app_with_history(&dir);
    // Due today: the two misses of yesterday and 8,8 vs T (right once since: one day);
    // 12 vs 4 (right three days) waits.
    let small = screen(&mut app, SMALL);
    assert!(small.contains("3 due · 3-day streak"), "{small}");
    insta::assert_snapshot!("due_on_the_table_80x24", small);
    let wide = screen(&mut app, WIDE);
    assert!(wide.contains("3 cells due today · 3 days in a row"), "{wide}");
    // Issue 36's walk: the rules and the practice stood one space apart ("blackjack pays
    // 3:2 3 cells due today"); three blank columns at least keep them two phrases.
    for (screen, practice) in [(&small, "3 due"), (&wide, "3 cells due today")] {
        let header = screen.lines().next().expect("a header");
        assert!(header.contains(&format!("   {practice}")), "{header:?}");
    }
    insta::assert_snapshot!("due_on_the_table_120x40", wide);
    keys(&mut app, "i");
    assert_eq!(app.overlay(), Some(Overlay::Stats));
    let stats = screen(&mut app, WIDE);
    assert!(stats.contains("Spaced practice: 3 cells due today · 3 days in a row"), "{stats}");
}

#[test]
fn the_chart_cursor_starts_on_the_hand_and_shows_the_selected_cells_evs_and_reason() {
    for (size, name) in [(SMALL, "chart_selected_80x24"), (WIDE, "chart_selected_120x40")] {
        let mut app = app(3);
        // 16 against a ten: the chart brackets it and selects it.
        assert!(app.stack_next(&deal3([10, 6], 10, 7, &[5])));
        keys(&mut app, " g");
        let opened = screen(&mut app, size);
        assert!(opened.contains("[H"), "{opened}");
        assert!(opened.contains("▸ 16 vs T · hit"), "{opened}");
        // Up: 15 vs T is selected, 16 vs T still bracketed.
        press(&mut app, KeyCode::Up);
        let text = screen(&mut app, size);
        assert!(text.contains("▸H◂"), "{text}");
        assert!(text.contains("▸ 15 vs T · hit"), "{text}");
        assert!(text.contains("Why:") && text.contains("dealer"), "{text}");
        insta::assert_snapshot!(name, text);
        // The action keys still act on the hand with the chart open.
        keys(&mut app, "h");
        assert_eq!(app.overlay(), Some(Overlay::Chart));
        assert_eq!(app.your_money().hands()[0].cards.as_slice().len(), 3);
    }
}

#[test]
fn arrows_walk_the_chart_without_a_hand_in_play() {
    let mut app = app(3);
    keys(&mut app, "g");
    let before = screen(&mut app, SMALL);
    assert!(!before.contains('▸'), "nothing selected yet: {before}");
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Down);
    let text = screen(&mut app, SMALL);
    assert!(text.contains("▸ 6 vs 2 · hit"), "{text}");
    assert_eq!(app.overlay(), Some(Overlay::Chart), "arrows keep the chart open");
}

#[test]
fn the_hint_and_a_graded_mistake_give_their_reason() {
    for (size, tag) in [(SMALL, "80x24"), (WIDE, "120x40")] {
        let mut app = app(3);
        assert!(app.stack_next(&deal3([10, 6], 10, 7, &[5])));
        keys(&mut app, " t");
        let hint = screen(&mut app, size);
        assert!(hint.contains("Basic strategy: hit"), "{hint}");
        insta::assert_snapshot!(format!("hint_with_reason_{tag}"), hint);
        // Standing on 16 against a ten is the mistake.
        keys(&mut app, "s");
        let graded = screen(&mut app, size);
        assert!(graded.contains("you chose stand"), "{graded}");
        // At 80x24 the log shows the end of the reason (the round goes on below it).
        assert!(graded.contains("wins only if the dealer busts"), "{graded}");
        insta::assert_snapshot!(format!("mistake_with_reason_{tag}"), graded);
    }
}

/// The rows under the last rule of the screen: the status area.
fn status_area(screen: &str) -> String {
    let rows: Vec<&str> = screen.lines().collect();
    let rule = rows.iter().rposition(|r| r.starts_with('─')).expect("a rule over the status lines");
    rows[rule + 1..].join("\n")
}

/// Issue 36 item 7: the ✗ line and its Why stay in view, at every size, while the other seats
/// act and the dealer draws — and give way to the next decision's grade.
#[test]
fn the_last_graded_line_and_its_reason_stay_in_view_until_the_next_decision() {
    for size in [(80, 24), (100, 32), (160, 50)] {
        let mut app = app(3);
        // 16 against a ten, stood; the dealer draws three cards after it.
        assert!(app.stack_next(&deal3([10, 6], 10, 2, &[2, 2, 3])));
        keys(&mut app, " s");
        let settled = screen(&mut app, size);
        assert!(settled.contains("Dealer stands on 19"), "{size:?}\n{settled}");
        let status = status_area(&settled);
        assert!(
            status.contains("Last play ✗ Basic strategy: hit 16 vs T — you chose stand"),
            "{size:?}\n{settled}"
        );
        // The reason whole, under the grade, however far the messages moved on.
        let words = status.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.contains("Why: the dealer busts") && words.contains("your stand −0.577)"),
            "{size:?}\n{settled}"
        );
        assert!(settled.lines().all(|l| l.chars().count() <= usize::from(size.0)), "{settled}");
        // The next decision, a right one: its grade takes the place, without the old reason.
        assert!(app.stack_next(&deal3([10, 10], 10, 7, &[])));
        keys(&mut app, " s");
        let next = status_area(&screen(&mut app, size));
        assert!(next.contains("Last play ✓"), "{size:?}\n{next}");
        assert!(!next.contains("Why:"), "{size:?}\n{next}");
    }
}
