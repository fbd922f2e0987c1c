//! Counting at the table: a counter seat that bets by its ramp and narrates its index plays,
//! and counting mode grading the person's index play (snapshots at 80×24 and 120×40). With
//! the count hidden counting mode is an exam: no screen tells the count until `c` shows it or
//! a count check is answered.
//!
//! The index table here is the published American Illustrious 18 (Schlesinger, *Blackjack
//! Attack*, 3rd ed.): quick, and fixed, so the screens do not wait on the analysis. Its
//! 16 vs T entry (stand at a true count of 0 and above) is the one these rounds reach.

use std::time::Duration;

use crossterm::event::KeyCode;

use blackjack_trainer::ai::Level;
use blackjack_trainer::analysis::hilo::running_count;
use blackjack_trainer::engine::{Card, Rules, Units};
use blackjack_trainer::store::{Coach, Location, SessionInfo, SessionKind};
use blackjack_trainer::text::signed;
use blackjack_trainer::trainer::day::Clock;
use blackjack_trainer::tui::{App, TableConfig};
use blackjack_trainer::tui::{DrillIntent, SharedIntent, TableIntent};

use crate::common;
use common::tui::*;

/// Three seats: counters on both sides of you, counting mode on, the ramp 1,2,4, the count
/// hidden and never checked.
fn counting_table() -> App {
    counting_table_checked(0)
}

/// [`counting_table`] with the count checked before every `every`-th deal.
fn counting_table_checked(every: u32) -> App {
    counting_table_with(every, None)
}

/// [`counting_table_checked`] keeping its statistics in `stats`.
fn counting_table_with(every: u32, stats: Option<Location>) -> App {
    let config = TableConfig {
        stats,
        seats: 3,
        ai: vec![Level::Counter],
        speed: Duration::ZERO,
        bankroll: Units::from_units(100),
        seed: 2024,
        counting: true,
        ramp: Some("1,2,4".parse().expect("a ramp")),
        count_check_every: every,
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

/// Two rounds of [`two_rounds`], standing; `c` pressed first with `shown`. The screens at the
/// end of each.
fn play_two_rounds(size: (u16, u16), shown: bool) -> (String, String) {
    let mut app = counting_table();
    assert!(app.stack_next(&two_rounds()));
    if shown {
        keys(&mut app, "c");
    }
    keys(&mut app, " s");
    let first = screen(&mut app, size);
    keys(&mut app, " s");
    (first, screen(&mut app, size))
}

/// The lines of `text` that tell the count: a true or running count in figures, the count
/// panel or the count's status line.
fn count_told(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|line| {
            let lower = line.to_lowercase();
            ["true count ", "running count ", "count check: "].iter().any(|words| {
                lower.match_indices(words).any(|(at, _)| {
                    lower[at + words.len()..]
                        .trim_start()
                        .trim_start_matches("is ")
                        .starts_with(['+', '-', '−', '0'])
                })
            }) || lower.contains("hi-lo count")
                || lower.contains("hi-lo running")
                || lower.contains("floored")
        })
        .collect()
}

/// Every message of the log so far, one a line.
fn log_text(app: &App) -> String {
    app.messages().iter().map(|m| m.text.as_str()).collect::<Vec<_>>().join("\n")
}

#[test]
fn what_tells_the_count_is_recognised() {
    // The check has to be able to fail: each of these tells the count.
    for told in [
        "✓ Bet 1 at true count −2: the ramp's bet",
        "✓ Bet 1 at true count -2: the ramp's bet",
        "· Seat 1 (counter) bets 1 at true count +0.",
        "Basic strategy: hit — 16 vs T · index: stand at +0 and above (true count −1)",
        "Count check: the running count is +3, not +2.",
        "│ Running count  +3 │",
        "Hi-Lo running +3 · true +1.2 (floored +1)",
    ] {
        assert_eq!(count_told(told), vec![told]);
    }
    for not_told in [
        "Count check: type the running count, then Enter.",
        "Bankroll 99 · Bet 1 · running count? 4_ Enter",
        "The shoe was reshuffled: the count starts again at 0.",
        "· Seat 1 (counter) bets 2.",
    ] {
        assert!(count_told(not_told).is_empty(), "{not_told}");
    }
}

#[test]
fn with_the_count_hidden_no_screen_tells_it_until_a_count_check_is_answered() {
    let mut app = counting_table_checked(3);
    assert!(app.stack_next(&two_rounds()));
    // Hints on: the hint is on screen at every decision.
    keys(&mut app, "t");
    let mut screens = Vec::new();
    for _ in 0..3 {
        keys(&mut app, " ");
        screens.push(screen(&mut app, WIDE));
        screens.push(screen(&mut app, SMALL));
        if let Some(hint) = app.hint() {
            assert!(count_told(&hint).is_empty(), "{hint}");
        }
        while app.your_turn() {
            keys(&mut app, "s");
            screens.push(screen(&mut app, WIDE));
        }
        assert!(app.between_rounds());
    }
    // The fourth deal asks for the count first, and the key bar offers what answers it (it
    // offered `[space] deal`, which does nothing then).
    keys(&mut app, " ");
    assert_eq!(app.count_check(), Some(""));
    for size in [WIDE, SMALL] {
        let asked = screen(&mut app, size);
        assert!(asked.contains("type the running count"), "{asked}");
        assert!(asked.contains("skip this check"), "{asked}");
        assert!(!asked.contains("[space] deal"), "{asked}");
    }
    screens.push(screen(&mut app, WIDE));
    for shown in &screens {
        assert!(count_told(shown).is_empty(), "{:?}\n{shown}", count_told(shown));
        assert!(shown.contains("counting mode · ramp 1–4"), "{shown}");
    }
    let log = log_text(&app);
    assert!(count_told(&log).is_empty(), "{:?}", count_told(&log));
    // What the count would have told waits: the bets, and 16 vs T (an index play's hand).
    assert!(log.contains("Seat 1 (counter) bets 2."), "{log}");
    assert!(log.contains("16 vs T: an index play's hand, graded once the count is shown"), "{log}");
    assert!(!log.contains("ramp's bet") && !log.contains("ramp says"), "{log}");
    // The count answered, what was held back is said, the count with it.
    let running = running_count(app.table().view(app.your_seat()).seen());
    keys(&mut app, &running.to_string());
    press(&mut app, KeyCode::Enter);
    let log = log_text(&app);
    assert!(log.contains(&format!("Count check: {}, right.", signed(running))), "{log}");
    assert!(log.contains("Round 1: Bet 1 at true count +0: the ramp's bet"), "{log}");
    assert!(
        log.contains("Round 2: Index play: stand 16 vs T at true count +0; the chart says hit"),
        "{log}"
    );
    let shown = screen(&mut app, WIDE);
    assert!(!count_told(&shown).is_empty(), "{shown}");
}

#[test]
fn c_shows_the_count_and_what_was_held_back() {
    let mut app = counting_table();
    assert!(app.stack_next(&two_rounds()));
    keys(&mut app, " s s");
    let hidden = screen(&mut app, WIDE);
    assert!(count_told(&hidden).is_empty(), "{hidden}");
    assert!(log_text(&app).contains("held back until c shows the count"), "{}", log_text(&app));
    keys(&mut app, "c");
    let shown = screen(&mut app, WIDE);
    assert!(shown.contains("Hi-Lo count"), "the count panel: {shown}");
    assert!(shown.contains("Round 2: Index play: stand 16 vs T at true count +0"), "{shown}");
    let log = log_text(&app);
    assert!(
        log.contains("Round 1: Bet 1 at true count +0: the ramp's bet")
            && log.contains("Round 2: Bet 1 at true count +1: the ramp says 2"),
        "{log}"
    );
    let shown = screen(&mut app, WIDE);
    assert!(
        shown.contains("Last play ✓ Round 2: Index play: stand 16 vs T"),
        "the last play's grade, said: {shown}"
    );
    // Hidden again, what is said from then on is again without the count.
    keys(&mut app, "c ");
    while app.your_turn() {
        keys(&mut app, "s");
    }
    let log = log_text(&app);
    let since = &log[log.rfind("Count hidden.").expect("hidden again")..];
    assert!(count_told(since).is_empty(), "{since}");
    assert!(since.contains("Seat 1 (counter) bets"), "{since}");
}

/// A screen tall enough for the messages of a whole round under the last play's grade and
/// its reason.
const TALL: (u16, u16) = (120, 48);

#[test]
fn a_counter_seat_bets_by_the_count_and_says_when_it_makes_an_index_play() {
    let (first, second) = play_two_rounds(TALL, true);
    assert!(first.contains("Seat 1 (counter) bets 1 at true count +0."), "{first}");
    // +6 seen over 300 cards left: true count +1, the ramp's second bet.
    assert!(second.contains("Seat 1 (counter) bets 2 at true count +1."), "{second}");
    assert!(second.contains("Seat 1 stands on 16"), "{second}");
    assert!(
        second.contains(
            "Seat 1 (counter): 16 vs T, index play at true count +0 — the chart says hit."
        ),
        "{second}"
    );
}

#[test]
fn with_the_count_hidden_a_counter_seat_says_its_bet_and_index_play_without_it() {
    let (_, second) = play_two_rounds(WIDE, false);
    assert!(second.contains("Seat 1 (counter) bets 2."), "{second}");
    assert!(
        second.contains("Seat 1 (counter): 16 vs T, index play — the chart says hit."),
        "{second}"
    );
}

#[test]
fn counting_mode_grades_your_index_play_at_the_count() {
    let (_, second) = play_two_rounds(WIDE, true);
    assert!(
        second.contains("Index play: stand 16 vs T at true count +0; the chart says hit"),
        "{second}"
    );
}

#[test]
fn counting_at_the_table_at_80x24_and_120x40() {
    for (name, size) in [("80x24", SMALL), ("120x40", WIDE)] {
        let (first, second) = play_two_rounds(size, false);
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
    keys(&mut app, "c s");
    // Hints on, then round 2: 16 vs T at a true count of 0.
    keys(&mut app, "t ");
    let hint = app.hint().expect("a hint on your turn");
    assert_eq!(
        hint, "Index play: stand 16 vs T at true count +0; the chart says hit",
        "the hint says the play the grade will ask for, as the grade words it"
    );
}

#[test]
fn with_the_count_hidden_the_hint_gives_the_index_and_not_the_count() {
    let mut app = counting_table();
    assert!(app.stack_next(&two_rounds()));
    keys(&mut app, " s");
    keys(&mut app, "t ");
    let hint = app.hint().expect("a hint on your turn");
    assert_eq!(
        hint,
        "Basic strategy: hit — 16 vs T · index: stand at +0 and above — your count decides"
    );
}

#[test]
fn the_store_keeps_the_count_of_every_counting_mode_decision() {
    let dir = common::TempDir::new("tui-counting-store");
    let location = Location::named(dir.0.join("stats.db"));
    let mut app = counting_table_with(0, Some(location.clone()));
    assert!(app.stack_next(&two_rounds()));
    // Round 1: 9,9 vs 2 at +0; round 2: 16 vs T at +0 (held back: the count is hidden).
    keys(&mut app, " s s");
    app.update(SharedIntent::Exit);
    drop(app);
    let (coach, _) = Coach::open(
        Some(&location),
        SessionInfo::new(SessionKind::Table, &Rules::default()),
        Clock::Local,
    )
    .expect("the statistics reopen");
    let decisions: Vec<_> =
        coach.hand_history().iter().flat_map(|e| e.decisions().iter()).collect();
    assert_eq!(decisions.len(), 2, "{decisions:?}");
    assert!(decisions.iter().all(|d| d.true_count == Some(0)), "{decisions:?}");
}

#[test]
fn with_the_count_hidden_the_review_waits_for_the_count_to_be_shown() {
    let mut app = counting_table();
    assert!(app.stack_next(&two_rounds()));
    keys(&mut app, " s s");
    assert!(app.between_rounds());
    // Each hand's count and its graded index plays would tell the count.
    keys(&mut app, "v");
    assert!(app.review().is_none());
    let hidden = screen(&mut app, WIDE);
    assert!(count_told(&hidden).is_empty(), "{:?}\n{hidden}", count_told(&hidden));
    assert!(log_text(&app).contains("c shows the count first"));
    keys(&mut app, "cv");
    assert!(app.review().is_some());
    let shown = screen(&mut app, WIDE);
    assert!(shown.contains("Counting mode: the true count was"), "{shown}");
}

#[test]
fn with_the_count_hidden_the_live_evs_wait_for_the_count_to_be_shown() {
    let mut app = counting_table();
    assert!(app.stack_next(&two_rounds()));
    keys(&mut app, " s ");
    // The live EVs are the shoe's as it is: they would tell the count.
    keys(&mut app, "e");
    let hidden = screen(&mut app, WIDE);
    assert!(log_text(&app).contains("would tell the count"));
    assert!(!hidden.contains("Live EVs"), "{hidden}");
    keys(&mut app, "ce");
    let shown = screen(&mut app, WIDE);
    assert!(shown.contains("Live EVs, this shoe"), "{shown}");
}

/// The help and the drill chooser name the count kept (issue 37): at a table counting Zen the
/// `c` and `r` lines say Zen where they said Hi-Lo, KO's (read as it runs) has no true count,
/// the chooser offers the Zen running count, and a drill's help names Zen and its tags. No
/// screen says Hi-Lo there.
#[test]
fn the_help_and_the_drills_name_the_count_kept() {
    use blackjack_trainer::analysis::counts::CountSystem;
    use blackjack_trainer::trainer::drills::kinds::DrillKind;
    for (key, count_line) in
        [("zen", "Zen running and true count on or off"), ("ko", "KO running count on or off")]
    {
        let system = CountSystem::built_in(key).expect("a built-in count").clone();
        let name = system.name.to_string();
        let mut app = table(TableConfig {
            seats: 1,
            speed: Duration::ZERO,
            seed: 2024,
            count_system: system.clone(),
            ..TableConfig::default()
        });
        keys(&mut app, "?");
        let help = screen(&mut app, WIDE);
        assert!(help.contains(count_line), "{key}:\n{help}");
        assert!(
            help.contains(&format!("drills: practise decisions or the {name} count")),
            "{key}:\n{help}"
        );
        assert!(!help.contains("Hi-Lo"), "{key}:\n{help}");
        keys(&mut app, "?");
        app.update(TableIntent::OpenDrills);
        let chooser = screen(&mut app, WIDE);
        assert!(chooser.contains(&format!("the {name} running count")), "{key}:\n{chooser}");
        assert!(!chooser.contains("Hi-Lo"), "{key}:\n{chooser}");
        app.update(DrillIntent::ChooseDrill(DrillKind::Count));
        keys(&mut app, "?");
        let drill_help = screen(&mut app, WIDE);
        assert!(
            drill_help.contains(&format!("type the {name} running count when asked")),
            "{key}:\n{drill_help}"
        );
        assert!(
            drill_help.contains(&format!("{name}: {}.", system.describe_tags())),
            "{key}:\n{drill_help}"
        );
        assert!(!drill_help.contains("Hi-Lo"), "{key}:\n{drill_help}");
    }
}
