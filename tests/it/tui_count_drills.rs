//! The counting drills at the table, as a person sees them: for each drill the question, a
//! right answer, a wrong answer and the summary, at 80×24 and at 120×40 (snapshots); the
//! countdown and the true-count drill are seeded, so their cards and counts are pinned too.

use std::time::Duration;

use crossterm::event::KeyCode;

use blackjack_trainer::ai::Level;
use blackjack_trainer::engine::Units;
use blackjack_trainer::trainer::drills::counting::{Prompt, grade_prompt};
use blackjack_trainer::trainer::drills::kinds::DrillKind;
use blackjack_trainer::tui::{
    App, DrillIntent, DrillScreen, SharedIntent, TableConfig, TableIntent,
};

use crate::common;
use common::tui::*;

fn drill_table() -> App {
    let config = TableConfig {
        seats: 3,
        ai: vec![Level::Hard],
        speed: Duration::ZERO,
        bankroll: Units::from_units(100),
        seed: 2024,
        ramp: Some("1,2,4,8".parse().expect("a ramp")),
        indices: Some(published_indices),
        ..TableConfig::default()
    };
    table(config)
}

/// The answer the quiz on screen expects, as typed, and one it does not.
fn right_and_wrong(app: &App) -> (String, String) {
    let Some(DrillScreen::Quiz(screen)) = app.drill() else {
        panic!("a quiz is on screen");
    };
    let quiz = &screen.quiz;
    let settings = quiz.settings();
    let right = grade_prompt(quiz.prompt(), settings, "0")
        .or_else(|_| grade_prompt(quiz.prompt(), settings, "h"))
        .expect("an answer")
        .expected;
    let key = |name: &str| if name == "split" { "p" } else { &name[..1] }.to_owned();
    let typed = match quiz.prompt() {
        Prompt::Deviation { .. } => key(&right),
        // Typed as a keyboard types it: the hyphen for the minus shown.
        _ => right.trim_start_matches('+').replace('−', "-"),
    };
    let wrong = match quiz.prompt() {
        Prompt::Deviation { play, .. } => {
            let other = if right == play.play.name() { play.otherwise } else { play.play };
            key(other.name())
        }
        // Wrong, and within what the question allows (an answer outside it is refused).
        Prompt::TrueCount { .. } => "29".to_owned(),
        Prompt::Pairs { .. } if right == "+0" => "1".to_owned(),
        _ => "0".to_owned(),
    };
    (typed, wrong)
}

fn answer(app: &mut App, typed: &str) {
    keys(app, typed);
    if !typed.chars().all(|c| c.is_ascii_alphabetic()) {
        press(app, KeyCode::Enter);
    }
}

fn quiz_session(kind: DrillKind, size: (u16, u16)) -> String {
    let mut app = drill_table();
    app.update(TableIntent::OpenDrills);
    app.update(DrillIntent::ChooseDrill(kind));
    let mut out = format!("=== {kind:?}: question\n{}", screen(&mut app, size));
    let (right, _) = right_and_wrong(&app);
    answer(&mut app, &right);
    out.push_str(&format!("=== right answer ({right})\n{}", screen(&mut app, size)));
    if kind == DrillKind::Ramp {
        // The ramp shows after an answer until Enter asks the next bet.
        press(&mut app, KeyCode::Enter);
        out.push_str(&format!("=== the next bet\n{}", screen(&mut app, size)));
    }
    let (_, wrong) = right_and_wrong(&app);
    answer(&mut app, &wrong);
    out.push_str(&format!("=== wrong answer ({wrong})\n{}", screen(&mut app, size)));
    press(&mut app, KeyCode::Esc);
    out.push_str(&format!("=== summary\n{}", screen(&mut app, size)));
    out
}

fn countdown_session(size: (u16, u16)) -> String {
    let mut app = drill_table();
    app.update(TableIntent::OpenDrills);
    app.update(DrillIntent::ChooseDrill(DrillKind::Countdown));
    let mut out = format!("=== countdown: set up\n{}", screen(&mut app, size));
    // Two cards a flash; then every card turned by space.
    press(&mut app, KeyCode::Tab);
    for _ in 0..26 {
        keys(&mut app, " ");
        if out.matches("=== ").count() == 1 {
            out.push_str(&format!("=== the first flash\n{}", screen(&mut app, size)));
        }
    }
    out.push_str(&format!("=== the count asked\n{}", screen(&mut app, size)));
    // A whole deck counts to 0: first a wrong answer's run, then a right one.
    answer(&mut app, "3");
    out.push_str(&format!("=== wrong answer (3)\n{}", screen(&mut app, size)));
    keys(&mut app, " ");
    for _ in 0..26 {
        keys(&mut app, " ");
    }
    answer(&mut app, "0");
    out.push_str(&format!("=== right answer (0)\n{}", screen(&mut app, size)));
    press(&mut app, KeyCode::Esc);
    out.push_str(&format!("=== summary\n{}", screen(&mut app, size)));
    out
}

#[test]
fn each_counting_drill_asks_grades_and_sums_up_at_80x24_and_120x40() {
    for (name, size) in [("80x24", SMALL), ("120x40", WIDE)] {
        for kind in [
            DrillKind::Cancel,
            DrillKind::TrueCount,
            DrillKind::Decks,
            DrillKind::Ramp,
            DrillKind::Deviations,
        ] {
            let all = quiz_session(kind, size);
            assert!(all.contains("✓"), "{kind:?} right answer:\n{all}");
            assert!(all.contains("✗"), "{kind:?} wrong answer:\n{all}");
            assert!(all.contains("Drill over"), "{kind:?} summary:\n{all}");
            // A play is answered by its key, a number by Enter: the bar names Enter only
            // where it answers.
            assert_eq!(
                all.contains("[Enter] answer"),
                kind != DrillKind::Deviations,
                "{kind:?} key bar:\n{all}"
            );
            if kind == DrillKind::Deviations {
                // The play in words (issue 36: "you said d").
                assert!(
                    ["hit", "stand", "double", "split"]
                        .iter()
                        .any(|p| all.contains(&format!("you said {p}"))),
                    "{all}"
                );
            }
            insta::assert_snapshot!(format!("{}_{name}", kind.name()), all);
        }
        let all = countdown_session(size);
        assert!(all.contains("2 cards a flash"), "{all}");
        assert!(all.contains("The count was +0, not +3"), "{all}");
        assert!(all.contains("Right: +0 after 52 cards"), "{all}");
        insta::assert_snapshot!(format!("countdown_{name}"), all);
    }
}

#[test]
fn a_paced_countdown_turns_its_cards_on_the_clock_alone() {
    let mut app = drill_table();
    app.update(TableIntent::OpenDrills);
    app.update(DrillIntent::ChooseDrill(DrillKind::Countdown));
    assert_eq!(app.step_delay(), Duration::ZERO, "the table's pace until set");
    keys(&mut app, "++");
    assert!(!app.animating(), "nothing turns before the first card");
    keys(&mut app, " ");
    assert!(app.animating());
    assert_eq!(app.step_delay(), Duration::from_secs_f64(1.5));
    let shown = |app: &App| match app.drill() {
        Some(DrillScreen::Countdown(s)) => s.run.shown(),
        _ => panic!("the countdown is on screen"),
    };
    assert_eq!(shown(&app), 1);
    for turned in 2..=52 {
        app.update(SharedIntent::Tick);
        assert_eq!(shown(&app), turned);
    }
    assert!(!app.animating(), "the run is over: the count is asked");
    answer(&mut app, "0");
    let frame = screen(&mut app, SMALL);
    assert!(frame.contains("Right: +0 after 52 cards"), "{frame}");
    // The time was the pace's: no speed of the person's is reported.
    assert!(frame.contains("turned at the pace set"), "{frame}");
    assert!(!frame.contains("cards a second"), "{frame}");
}

/// Issue 36: at 80 columns the ramp drill's key bar (with its peek key) cut "[?] help" off;
/// its keys take shorter words where the long ones do not fit, at every size.
#[test]
fn the_ramp_drills_key_bar_is_whole_at_80_columns() {
    for size in [(80, 24), (100, 32), (160, 50)] {
        let mut app = drill_table();
        app.update(TableIntent::OpenDrills);
        app.update(DrillIntent::ChooseDrill(DrillKind::Ramp));
        let shown = screen(&mut app, size);
        let bar = shown.lines().last().expect("a key bar");
        assert!(bar.starts_with("[Enter] answer  [v] peek (a miss)"), "{shown}");
        assert!(bar.ends_with("[?] help"), "{size:?}: {bar}");
        assert!(bar.contains("[Esc] back"), "{size:?}: {bar}");
    }
}
