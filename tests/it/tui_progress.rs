//! The statistics screen's progress page, at 80×24 and 120×40 (snapshots) and at the other
//! sizes it must fit: a week of decisions getting better and of counting answers getting
//! faster, plotted per day; and with nothing recorded, a page that says so.
//!
//! These drive the app through the real key handler and draw it on a `TestBackend`
//! (`tests/common/tui.rs`); the statistics file lives in a temp folder and "today" is fixed.

use std::time::Duration;

use crossterm::event::KeyCode;

use blackjack_trainer::analysis::chart::{Cell, HandKind};
use blackjack_trainer::engine::Units;
use blackjack_trainer::store::{Location, Record, SessionInfo, SessionKind, Store};
use blackjack_trainer::trainer::day::{Clock, Day};
use blackjack_trainer::trainer::history::CountAnswer;
use blackjack_trainer::tui::{App, Overlay, TableConfig};

use crate::common;
use common::TempDir;
use common::tui::*;

fn today() -> Day {
    Day::parse("2026-12-07").expect("a date")
}

/// A statistics file in `dir` with the week before `today`: on day `k` (0–6), eight decisions
/// with `6 - k` wrong, and on days 1, 3 and 5 four true-count answers, `k / 2 + 2` right, each
/// taking `6 - k / 2` seconds. Then the table on `today` with it (or with no statistics).
fn table_with(dir: Option<&TempDir>) -> App {
    let stats = dir.map(|dir| {
        let path = dir.0.join("stats.db");
        let cell =
            Cell { kind: HandKind::Hard, row: 16, up: blackjack_trainer::engine::Value::TEN };
        let decisions: Vec<(Day, Cell, bool)> = (0..7)
            .flat_map(|k| (0..8).map(move |i| (today().plus(k - 7), cell, i >= 6 - k)))
            .collect();
        common::record_decisions(&path, &decisions);
        let info = SessionInfo { kind: SessionKind::Drill, rules: String::new() };
        let (mut store, _) = Store::open(&Location::named(&path), info).expect("opens");
        for k in [1, 3, 5] {
            for i in 0..4 {
                let right = i < k / 2 + 2;
                let answer = CountAnswer {
                    at: 1_796_000_000,
                    skill: "true-count".to_owned(),
                    question: "+6 with 3 decks left".to_owned(),
                    answer: if right { "+2" } else { "+3" }.to_owned(),
                    truth: "+2".to_owned(),
                    right,
                    error: if right { 0.0 } else { 1.0 },
                    seconds: f64::from(6 - k / 2),
                    countdown: None,
                };
                store.write(&Record::Count(answer), today().plus(k - 7)).expect("written");
            }
        }
        Location::named(path)
    });
    table(TableConfig {
        seats: 3,
        ai: vec![blackjack_trainer::ai::Level::Hard],
        speed: Duration::ZERO,
        bankroll: Units::from_units(100),
        seed: 2024,
        stats,
        clock: Clock::Fixed(today()),
        ..TableConfig::default()
    })
}

/// Opens the statistics and turns its pages (Tab) to the progress page, which the footer of
/// the page before names.
fn progress_page(app: &mut App, size: (u16, u16)) -> String {
    keys(app, "i");
    assert_eq!(app.overlay(), Some(Overlay::Stats));
    for _ in 0..3 {
        let shown = screen(app, size);
        if shown.contains("Statistics: progress") {
            return shown;
        }
        assert!(shown.contains("Tab: "), "the page key is named: {shown}");
        press(app, KeyCode::Tab);
    }
    panic!("no progress page within three Tabs:\n{}", screen(app, size));
}

#[test]
fn a_week_is_plotted_day_by_day_at_80x24_and_120x40() {
    for (size, name) in [(SMALL, "progress_80x24"), (WIDE, "progress_120x40")] {
        let dir = TempDir::new("tui-progress-week");
        let mut app = table_with(Some(&dir));
        let page = progress_page(&mut app, size);
        for must in [
            "Progress by day, 11-30 to 12-06 (7 days with activity)",
            "Decisions right · 12-06: 100%",
            "EV lost /100 decisions · 12-06: 0.00",
            "Counting right · 12-05: 100%",
            "Seconds an answer · 12-05: 4.00",
            "Tab: the figures · i closes",
            "11-30",
        ] {
            assert!(page.contains(must), "{must} at {size:?}:\n{page}");
        }
        insta::assert_snapshot!(name, page);
        // Tab goes on round to the figures.
        press(&mut app, KeyCode::Tab);
        let figures = screen(&mut app, size);
        assert!(figures.contains("Lifetime"), "{figures}");
    }
}

#[test]
fn the_page_fits_every_size_and_says_when_there_is_nothing_yet() {
    for size in [SMALL, (100, 32), WIDE, (160, 50)] {
        let dir = TempDir::new("tui-progress-sizes");
        let mut app = table_with(Some(&dir));
        let page = progress_page(&mut app, size);
        for must in [
            "Decisions right · 12-06",
            "EV lost /100 decisions · 12-06",
            "Counting right · 12-05",
            "Seconds an answer · 12-05",
            "Tab: the figures · i closes",
        ] {
            assert!(page.contains(must), "{must} cut off at {size:?}:\n{page}");
        }
        let mut empty = table_with(None);
        let page = progress_page(&mut empty, size);
        assert!(
            page.contains("No days recorded yet.") && page.contains("i closes"),
            "{size:?}:\n{page}"
        );
    }
}
