//! The review screen (`v`): the hand history round by round and decision by decision, the
//! reason for the marked decision, and "practise this" starting a drill on its cell. Scripted
//! through the real key handler; snapshots at 80×24 and 120×40.

use crate::common;

use crossterm::event::KeyCode;

use blackjack_trainer::trainer::drills::kinds::DrillKind;
use blackjack_trainer::tui::{App, DrillScreen};
use common::tui::{SMALL, WIDE, app, deal3, keys, press, screen};

/// The screen with the local wall-clock times (`2026-12-03 16:58 CET`: the time zone's
/// abbreviation after the time) written as `<time>`, so a snapshot does not depend on when or
/// where it was taken.
fn timeless(text: String) -> String {
    let chars: Vec<char> = text.chars().collect();
    let shape = "dddd-dd-dd dd:dd ";
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let fits = chars.len() - i >= shape.len()
            && shape.chars().zip(&chars[i..]).all(|(want, &got)| match want {
                'd' => got.is_ascii_digit(),
                _ => want == got,
            });
        if fits {
            i += shape.len();
            // The zone: up to the next space.
            let zone = chars[i..].iter().take_while(|c| !c.is_whitespace()).count();
            i += zone;
            out.push_str(&format!("{:<1$}", "<time>", shape.len() + zone));
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// Two rounds: 16 vs T stood on (a mistake: hit), then 11 vs 6 doubled (right).
fn two_rounds() -> App {
    let mut app = app(3);
    assert!(app.stack_next(&deal3([10, 6], 10, 7, &[])));
    keys(&mut app, " s");
    assert!(app.between_rounds(), "the first round is over");
    assert!(app.stack_next(&deal3([5, 6], 6, 10, &[9, 10])));
    keys(&mut app, " d");
    assert!(app.between_rounds(), "the second round is over");
    app
}

#[test]
fn every_round_and_decision_is_in_the_history_with_its_grade_evs_and_cost() {
    let app = two_rounds();
    let history = app.coach().hand_history();
    assert_eq!(history.len(), 2, "one entry a round");
    let first = &history[0].decisions()[0];
    assert_eq!(first.cell, "hard:16:T");
    assert_eq!(first.chosen.name(), "stand");
    assert_eq!(first.advised.name(), "hit");
    // The cost is the gap between the EVs it was graded with.
    let gap = first.ev(first.advised).unwrap() - first.ev(first.chosen).unwrap();
    assert!((first.cost - gap).abs() < 1e-12 && first.cost > 0.0);
    let second = &history[1].decisions()[0];
    assert_eq!((second.cell.as_str(), second.is_correct()), ("hard:11:6", true));
    // The session's tally counted the same decisions.
    assert_eq!(app.session().overall.decisions, 2);
}

#[test]
fn the_review_steps_through_rounds_and_decisions_and_shows_the_reason() {
    let mut app = two_rounds();
    keys(&mut app, "v");
    let newest = screen(&mut app, SMALL);
    assert!(newest.contains("2 of 2"), "{newest}");
    assert!(newest.contains("11 vs 6"), "{newest}");
    press(&mut app, KeyCode::Left);
    let older = screen(&mut app, SMALL);
    assert!(older.contains("1 of 2"), "{older}");
    assert!(older.contains("you stand, best hit"), "{older}");
    assert!(older.contains("Why:"), "{older}");
    insta::assert_snapshot!("review_80x24", timeless(older));
    insta::assert_snapshot!("review_120x40", timeless(screen(&mut app, WIDE)));
    // Mistakes only: the right double is gone.
    keys(&mut app, "m");
    let mistakes = screen(&mut app, SMALL);
    assert!(mistakes.contains("1 of 1"), "{mistakes}");
    assert!(!mistakes.contains("11 vs 6"), "{mistakes}");
    // Esc: back to the table.
    press(&mut app, KeyCode::Esc);
    assert!(app.review().is_none());
}

#[test]
fn practise_this_starts_a_drill_on_the_reviewed_cell() {
    let mut app = two_rounds();
    keys(&mut app, "v");
    press(&mut app, KeyCode::Left);
    keys(&mut app, "p");
    assert!(app.review().is_none(), "the drill replaces the review");
    let Some(DrillScreen::Decision(drill)) = app.drill() else {
        panic!("a decision drill is on screen");
    };
    assert_eq!(drill.drill.kind(), DrillKind::Hard);
    assert_eq!(drill.drill.question().cell.key(), "hard:16:T");
    // Every question of that drill is the same cell.
    keys(&mut app, "h");
    let Some(DrillScreen::Decision(drill)) = app.drill() else {
        panic!("the drill goes on");
    };
    assert_eq!(drill.drill.question().cell.key(), "hard:16:T");
    assert_eq!(drill.answers.len(), 1);
    // The answer went into the history as a drill entry.
    let last = app.coach().hand_history().last().expect("an entry");
    assert!(matches!(
        last,
        blackjack_trainer::trainer::history::Entry::Drill(d) if d.decision.cell == "hard:16:T"
    ));
}

#[test]
fn an_empty_history_says_how_to_fill_it() {
    let mut app = app(3);
    keys(&mut app, "v");
    let frame = screen(&mut app, SMALL);
    assert!(frame.contains("No rounds or drill answers recorded yet"), "{frame}");
    keys(&mut app, "p");
    assert!(screen(&mut app, SMALL).contains("No decision here to practise"));
}

/// With `--history-limit`, the review loads only the newest entries and says how many older
/// ones the database keeps (it said "1 of 1" while 3 were kept: issue 35, C8).
#[test]
fn a_limited_review_says_how_many_older_entries_are_kept() {
    use blackjack_trainer::setup::TableConfig;
    use blackjack_trainer::store::Location;

    let dir = common::TempDir::new("review-limit");
    let config = |limit: usize| TableConfig {
        seats: 3,
        ai: vec![blackjack_trainer::ai::Level::Hard],
        speed: std::time::Duration::ZERO,
        bankroll: blackjack_trainer::engine::Units::from_units(100),
        seed: 2024,
        stats: Some(Location::named(dir.path("stats.db"))),
        history_limit: limit,
        ..TableConfig::default()
    };
    let mut app = common::tui::table(config(100));
    for _ in 0..3 {
        assert!(app.stack_next(&deal3([10, 6], 10, 7, &[])));
        keys(&mut app, " s");
        assert!(app.between_rounds());
    }
    drop(app);
    let mut app = common::tui::table(config(1));
    keys(&mut app, "v");
    let text = screen(&mut app, WIDE);
    assert!(text.contains("1 of 1 (the newest; 2 older kept, --history-limit)"), "{text}");
}
