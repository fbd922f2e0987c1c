//! The table never fights the player: panels that let the action keys through, the side
//! panels on a wide terminal, the last grade in a fixed place, a log that scrolls, bets in
//! steps, and every screen usable at 80×24 with three and with seven seats (snapshots).
//!
//! These drive the app through the real key handler (`input::intent_for`) and draw it on a
//! `TestBackend`; the scripted event loop itself is covered in `tests/tui.rs`.

use crossterm::event::{Event, KeyCode, KeyModifiers, MouseEvent, MouseEventKind};

use blackjack_trainer::engine::{Rules, Units};
use blackjack_trainer::tui::input::intent_for;
use blackjack_trainer::tui::{App, DrillIntent, DrillScreen, Overlay, TableIntent};

use crate::common;
use common::tui::*;

// ----- helpers -----

fn your_cards(app: &App) -> usize {
    app.your_money().hands().first().map_or(0, |h| h.cards.as_slice().len())
}

// ----- panels do not swallow keys -----

#[test]
fn an_action_key_acts_with_every_panel_open() {
    for (panel_key, panel, stays) in
        [('g', Overlay::Chart, true), ('i', Overlay::Stats, false), ('?', Overlay::Help, false)]
    {
        let mut app = app(3);
        assert!(app.stack_next(&deal3([10, 2], 10, 7, &[3, 2])));
        keys(&mut app, " ");
        keys(&mut app, &panel_key.to_string());
        assert_eq!(app.overlay(), Some(panel));
        keys(&mut app, "h");
        assert_eq!(your_cards(&app), 3, "h hit with the {panel:?} open");
        assert_eq!(
            app.overlay() == Some(panel),
            stays,
            "{panel:?} stays open only if it is about the hand"
        );
        // The panel's own key closes it; Esc does too.
        if stays {
            press(&mut app, KeyCode::Esc);
            assert_eq!(app.overlay(), None);
        }
    }
}

#[test]
fn the_chart_follows_the_hand_and_brackets_a_two_letter_code_whole() {
    let mut app = app(3);
    // Soft 18 (A,7) against a 4: double, else stand — `Ds`.
    assert!(app.stack_next(&deal3([1, 7], 4, 9, &[])));
    keys(&mut app, " g");
    let chart = screen(&mut app, SMALL);
    assert!(chart.contains("[Ds]"), "{chart}");
    assert!(chart.contains("soft 18 vs 4"), "the title names the hand: {chart}");
    assert!(chart.contains("house edge 0.5"), "{chart}");
    assert!(chart.contains("A,A"), "the last row fits at 80×24: {chart}");
}

#[test]
fn space_deals_with_the_help_open_and_the_ev_panel_stays_open() {
    let mut app = app(3);
    assert!(app.stack_next(&deal3([10, 6], 10, 7, &[5])));
    keys(&mut app, "e?");
    assert_eq!(app.overlay(), Some(Overlay::Help));
    keys(&mut app, " ");
    assert_eq!(app.overlay(), None, "the help made way");
    assert!(app.your_turn());
    let before = screen(&mut app, SMALL);
    assert!(before.contains("Live EVs") && before.contains("stand"), "{before}");
    keys(&mut app, "h");
    assert!(app.ev_open(), "the EV panel is about the hand: it stays");
    let after = screen(&mut app, SMALL);
    assert!(after.contains("Live EVs"), "{after}");
    assert_ne!(before, after);
}

// ----- side panels -----

#[test]
fn on_a_wide_terminal_the_evs_and_the_count_sit_beside_the_table_and_follow_each_card() {
    let mut app = app(3);
    assert!(app.stack_next(&deal3([10, 2], 10, 7, &[2, 3])));
    keys(&mut app, " ec");
    let first = screen(&mut app, WIDE);
    // Beside, not over: the seats' row still shows all three seats, the panels to their right.
    let seats_row = first
        .lines()
        .find(|l| l.contains("Seat 1") && l.contains("Seat 3"))
        .unwrap_or_else(|| panic!("the seats are not covered: {first}"));
    assert!(seats_row.contains("Running count") || first.contains("Hi-Lo count"));
    let count_line = |s: &str| {
        s.lines().find(|l| l.contains("Running count")).map(str::to_owned).unwrap_or_default()
    };
    keys(&mut app, "h");
    let second = screen(&mut app, WIDE);
    assert_ne!(count_line(&first), count_line(&second), "the count follows the card");
    let ev_column = |s: &str| -> String {
        s.lines()
            .filter_map(|l| l.char_indices().nth(82).map(|(i, _)| l[i..].to_owned()))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(ev_column(&second).contains("Live EVs"), "{second}");
    assert_ne!(ev_column(&first), ev_column(&second));
}

// ----- the last grade and the log -----

#[test]
fn the_last_grade_stays_in_its_place_and_the_log_scrolls_back_to_the_start_of_the_round() {
    let mut app = app(3);
    // 11 against a 6: hitting is a graded mistake.
    assert!(app.stack_next(&deal3([5, 6], 6, 10, &[2, 10])));
    keys(&mut app, " h");
    let grade = app.log().last_grade().expect("graded").text.clone();
    assert!(grade.contains("double 11 vs 6"), "{grade}");
    // Much is said after it: the grade keeps its status line.
    // (Two keys by turns: a line said twice in a row is kept once.)
    for _ in 0..15 {
        keys(&mut app, "xz");
    }
    let frame = screen(&mut app, SMALL);
    assert!(frame.lines().any(|l| l.starts_with("Last play") && l.contains("11 vs 6")), "{frame}");
    assert!(!frame.contains("round 1 ──"), "scrolled out of the window: {frame}");
    // PgUp goes back through the whole round, the mouse wheel too.
    for _ in 0..20 {
        press(&mut app, KeyCode::PageUp);
    }
    let top = screen(&mut app, SMALL);
    assert!(top.contains("round 1 ──") && top.contains("newer below"), "{top}");
    let wheel =
        |kind| Event::Mouse(MouseEvent { kind, column: 0, row: 0, modifiers: KeyModifiers::NONE });
    assert_eq!(
        intent_for(&wheel(MouseEventKind::ScrollDown), &app.key_state()),
        Some(TableIntent::LogOnLines.into())
    );
    for _ in 0..40 {
        press(&mut app, KeyCode::PageDown);
    }
    let bottom = screen(&mut app, SMALL);
    assert!(!bottom.contains("newer below"), "{bottom}");
}

// ----- bets -----

#[test]
fn bets_step_by_one_and_five_stop_at_the_cap_and_say_so_once() {
    let mut app = app_with(3, 12);
    keys(&mut app, "]");
    assert_eq!(app.bet(), Units::from_units(6));
    keys(&mut app, "]");
    assert_eq!(app.bet(), Units::from_units(11));
    keys(&mut app, "]");
    assert_eq!(app.bet(), Units::from_units(12), "the bankroll caps the step");
    let said = app.messages().len();
    for _ in 0..50 {
        keys(&mut app, "+");
    }
    assert_eq!(app.bet(), Units::from_units(12));
    assert_eq!(app.messages().len(), said + 1, "said once, not fifty times");
    assert!(
        app.messages().last().is_some_and(|m| m.text.contains("bankroll (12)")),
        "{:?}",
        app.messages().last()
    );
    keys(&mut app, "[");
    assert_eq!(app.bet(), Units::from_units(7));
    keys(&mut app, "-");
    assert_eq!(app.bet(), Units::from_units(6));
    // A typed amount: digits, then Enter.
    keys(&mut app, "9");
    assert_eq!(app.bet_entry(), Some("9"));
    assert!(screen(&mut app, SMALL).contains("new bet 9_"));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.bet(), Units::from_units(9));
    // Too much is refused with the reason, and nothing changes.
    keys(&mut app, "40");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.bet(), Units::from_units(9));
    assert!(app.messages().last().is_some_and(|m| m.text.contains("bankroll")));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.bet_entry(), None);
}

#[test]
fn the_table_maximum_caps_a_large_bankroll() {
    let mut app = app_with(3, 1000);
    for _ in 0..20 {
        keys(&mut app, "]");
    }
    let max = Rules::default().bet_limits().1;
    assert_eq!(app.bet(), max);
    assert!(app.messages().last().is_some_and(|m| m.text.contains("largest bet")),);
}

// ----- the mistakes drill -----

#[test]
fn the_mistakes_drill_with_nothing_missed_says_so_and_offers_another() {
    let mut app = app(3);
    app.update(TableIntent::OpenDrills);
    app.update(DrillIntent::ChooseDrill(
        blackjack_trainer::trainer::drills::kinds::DrillKind::Mistakes,
    ));
    let Some(DrillScreen::Chooser { note: Some(note), .. }) = app.drill() else {
        panic!("the chooser stays up: {:?}", app.drill().is_some());
    };
    assert!(note.text.contains("Nothing missed"), "{}", note.text);
    let frame = screen(&mut app, SMALL);
    assert!(frame.contains("Nothing missed"), "{frame}");
}

// ----- 80×24 -----

/// Every screen at `size`, for `seats` seats, as one text: the table mid-round, its panels, a
/// drill, the quit question, the summary.
fn every_screen(seats: usize, size: (u16, u16)) -> String {
    let mut app = app(seats);
    let mut out = String::new();
    let mut snap = |app: &mut App, name: &str| {
        out.push_str(&format!("=== {name}\n"));
        out.push_str(&screen(app, size));
    };
    keys(&mut app, " ");
    snap(&mut app, "table");
    keys(&mut app, "e");
    snap(&mut app, "live EVs");
    keys(&mut app, "ec");
    snap(&mut app, "count");
    keys(&mut app, "c?");
    snap(&mut app, "help");
    press(&mut app, KeyCode::Esc);
    keys(&mut app, "i");
    snap(&mut app, "statistics");
    press(&mut app, KeyCode::Tab);
    snap(&mut app, "statistics, after Tab");
    keys(&mut app, "ig");
    snap(&mut app, "chart");
    keys(&mut app, "g");
    while app.your_turn() {
        keys(&mut app, "s");
    }
    snap(&mut app, "round over");
    keys(&mut app, "r");
    snap(&mut app, "drill chooser");
    keys(&mut app, "1");
    snap(&mut app, "decision drill");
    keys(&mut app, "h");
    snap(&mut app, "decision drill graded");
    press(&mut app, KeyCode::Esc);
    keys(&mut app, "r8");
    snap(&mut app, "count quiz");
    press(&mut app, KeyCode::Esc);
    keys(&mut app, "q");
    snap(&mut app, "leave?");
    keys(&mut app, "y");
    snap(&mut app, "summary");
    out
}

#[test]
fn every_screen_at_80x24_with_three_seats() {
    let all = every_screen(3, SMALL);
    for must in ["Ctrl-C", "hard 21", "A,A", "house edge", "Tab: the heat map"] {
        assert!(all.contains(must), "{must} cut off at 80×24:\n{all}");
    }
    insta::assert_snapshot!("every_screen_80x24_three_seats", all);
}

#[test]
fn every_screen_at_80x24_with_seven_seats() {
    let all = every_screen(7, SMALL);
    for must in ["Ctrl-C", "hard 21", "A,A", "house edge", "Last play"] {
        assert!(all.contains(must), "{must} cut off at 80×24:\n{all}");
    }
    insta::assert_snapshot!("every_screen_80x24_seven_seats", all);
}

#[test]
fn every_screen_at_100x32_and_160x50_with_three_seats() {
    // The issue's three sizes: 80×24 above, these two here.
    for (size, name) in [((100, 32), "every_screen_100x32"), ((160, 50), "every_screen_160x50")] {
        let all = every_screen(3, size);
        for must in [
            "Ctrl-C",
            "hard 21",
            "A,A",
            "house edge",
            "Errors by cell",
            "Progress by day",
            "Last play",
        ] {
            assert!(all.contains(must), "{must} cut off at {size:?}:\n{all}");
        }
        insta::assert_snapshot!(name, all);
    }
}

/// A whole session at `size`: three rounds with the EV and count panels open, a mistake, a
/// bet change, and the summary.
fn whole_session(size: (u16, u16)) -> String {
    let mut app = app(3);
    let mut out = String::new();
    let mut stacked = deal3([5, 6], 6, 10, &[2, 10]);
    stacked.extend(deal3([10, 6], 10, 7, &[5]));
    stacked.extend(deal3([8, 8], 6, 10, &[3, 10, 9]));
    assert!(app.stack_next(&stacked));
    let mut snap = |app: &mut App, name: &str| {
        out.push_str(&format!("=== {name}\n"));
        out.push_str(&screen(app, size));
    };
    keys(&mut app, "ec ");
    snap(&mut app, "round 1 dealt");
    keys(&mut app, "h");
    snap(&mut app, "hit on 11 vs 6: a mistake");
    while app.your_turn() {
        keys(&mut app, "s");
    }
    snap(&mut app, "round 1 over");
    keys(&mut app, "]");
    keys(&mut app, " ");
    snap(&mut app, "round 2 at a bet of 6");
    while app.your_turn() {
        keys(&mut app, "h");
    }
    snap(&mut app, "round 2 over");
    keys(&mut app, " ");
    keys(&mut app, "p");
    snap(&mut app, "round 3 split");
    while app.your_turn() {
        keys(&mut app, "s");
    }
    snap(&mut app, "round 3 over");
    keys(&mut app, "qy");
    snap(&mut app, "summary");
    out
}

#[test]
fn a_whole_session_at_80x24() {
    insta::assert_snapshot!("whole_session_80x24", whole_session(SMALL));
}

#[test]
fn a_whole_session_at_120x40_with_the_side_panels() {
    let all = whole_session(WIDE);
    assert!(all.contains("Live EVs") && all.contains("Hi-Lo count"), "{all}");
    insta::assert_snapshot!("whole_session_120x40", all);
}
