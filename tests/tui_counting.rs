//! Counting at the table: a counter seat that bets by its ramp and narrates its index plays,
//! and counting mode grading the person's index play (snapshots at 80×24 and 120×40).
//!
//! The index table here is the published American Illustrious 18 (Schlesinger, *Blackjack
//! Attack*, 3rd ed.): quick, and fixed, so the screens do not wait on the analysis. Its
//! 16 vs T entry (stand at a true count of 0 and above) is the one these rounds reach.

use std::time::Duration;

use blackjack_trainer::ai::Level;
use blackjack_trainer::engine::{Card, Units};
use blackjack_trainer::tui::{App, TableConfig};

mod common;
use common::tui::*;

/// Three seats: counters on both sides of you, counting mode on, the ramp 1,2,4.
fn counting_table() -> App {
    let config = TableConfig {
        seats: 3,
        ai: vec![Level::Counter],
        speed: Duration::ZERO,
        bankroll: Units::from_units(100),
        seed: 2024,
        counting: true,
        ramp: Some("1,2,4".parse().expect("a ramp")),
        indices: Some(published_indices),
        ..TableConfig::default()
    };
    table(config)
}

/// Round 1 leaves the running count at +6: the seats hold 9,8 / 9,9 / 8,9 (all stand) and
/// the dealer turns 2,3 and draws 4,2,5,4 to 20. Round 2: seat 1 and you 10,6, seat 3 9,9,
/// against a ten (face down a 7) — at a true count of 0, where 16 vs T stands.
fn two_rounds() -> Vec<Card> {
    [
        9, 9, 8, 2, 8, 9, 9, 3, 4, 2, 5, 4, // round 1
        10, 10, 9, 10, 6, 6, 9, 7, // round 2
    ]
    .into_iter()
    .map(Card::of_value)
    .collect()
}

fn play_two_rounds(size: (u16, u16)) -> (String, String) {
    let mut app = counting_table();
    assert!(app.stack_next(&two_rounds()));
    keys(&mut app, " s");
    let first = screen(&mut app, size);
    keys(&mut app, " s");
    (first, screen(&mut app, size))
}

#[test]
fn a_counter_seat_bets_by_the_count_and_says_when_it_makes_an_index_play() {
    let (first, second) = play_two_rounds(WIDE);
    assert!(
        first.contains("Seat 1 (counter) bets 1 at true count +0."),
        "{first}"
    );
    // +6 seen over 300 cards left: true count +1, the ramp's second bet.
    assert!(
        second.contains("Seat 1 (counter) bets 2 at true count +1."),
        "{second}"
    );
    assert!(second.contains("Seat 1 stands on 16"), "{second}");
    assert!(
        second.contains(
            "Seat 1 (counter): 16 vs T, index play at true count +0 — the chart says hit."
        ),
        "{second}"
    );
}

#[test]
fn counting_mode_grades_your_index_play_at_the_count() {
    let (_, second) = play_two_rounds(WIDE);
    assert!(
        second.contains("Index play: stand 16 vs T at true count +0; the chart says hit"),
        "{second}"
    );
}

#[test]
fn counting_at_the_table_at_80x24_and_120x40() {
    for (name, size) in [("80x24", SMALL), ("120x40", WIDE)] {
        let (first, second) = play_two_rounds(size);
        insta::assert_snapshot!(
            format!("counting_table_{name}"),
            format!("=== round 1\n{first}=== round 2\n{second}")
        );
    }
}

#[test]
fn the_hint_leads_with_the_index_play_where_it_applies() {
    let mut app = counting_table();
    assert!(app.stack_next(&two_rounds()));
    keys(&mut app, " s");
    // Hints on, then round 2: 16 vs T at a true count of 0.
    keys(&mut app, "t ");
    let hint = app.hint().expect("a hint on your turn");
    assert_eq!(
        hint, "Index play: stand 16 vs T at true count +0; the chart says hit",
        "the hint says the play the grade will ask for, as the grade words it"
    );
}
