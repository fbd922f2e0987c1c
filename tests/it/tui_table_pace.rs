//! The table's pace and counting mode's index chart on screen: the real app on a test
//! backend, keys through the real key handler, and a clock the test moves (no sleeping).

use std::cell::Cell;
use std::rc::Rc;
use std::time::{Duration, Instant};

use crossterm::event::KeyCode;

use blackjack_trainer::engine::{Rules, Units};
use blackjack_trainer::tui::{App, SharedIntent, TableConfig};

use crate::common;
use common::tui::*;

/// One seat at casino pace (speed 0), with a clock the test moves.
fn paced_app(counting: bool) -> (App, Rc<Cell<Instant>>) {
    paced_app_with(TableConfig { seed: 5, counting, ..TableConfig::default() })
}

/// One seat at casino pace (speed 0) with `config`'s other options, and a clock the test
/// moves.
fn paced_app_with(config: TableConfig) -> (App, Rc<Cell<Instant>>) {
    let now = Rc::new(Cell::new(Instant::now()));
    let clock = Rc::clone(&now);
    let config = TableConfig {
        seats: 1,
        speed: Duration::ZERO,
        bankroll: Units::from_units(100),
        indices: Some(published_indices),
        pace: Some("casino".parse().expect("a pace")),
        ..config
    };
    let app = App::new(&Rules::default(), config)
        .expect("valid options")
        .with_color(false)
        .with_background_waits(true)
        .with_clock(move || clock.get());
    (app, now)
}

/// Stands on every hand of the round in play.
fn stand_out(app: &mut App) {
    for _ in 0..10 {
        if app.between_rounds() {
            return;
        }
        keys(app, "s");
    }
}

#[test]
fn at_casino_pace_the_screen_counts_down_clears_the_cards_and_deals_by_itself() {
    let (mut app, now) = paced_app(false);
    keys(&mut app, " ");
    stand_out(&mut app);
    assert_eq!(app.session().play.rounds, 1);
    let waiting = screen(&mut app, (80, 24));
    assert!(waiting.contains("Next round in 52 s"), "{waiting}");
    assert!(waiting.contains("[w] pause"), "{waiting}");
    // `w` pauses: nothing comes however long the wait.
    keys(&mut app, "w");
    now.set(now.get() + Duration::from_secs(3600));
    app.update(SharedIntent::Tick);
    assert_eq!(app.session().play.rounds, 1);
    assert!(screen(&mut app, (80, 24)).contains("Pace paused"));
    keys(&mut app, "w");
    // The look at the result, then the dealer clears the cards…
    now.set(now.get() + Duration::from_secs(2));
    app.update(SharedIntent::Tick);
    assert!(app.table_session().cards_cleared());
    // …and deals the next round a second later, by itself.
    now.set(now.get() + Duration::from_secs(1));
    app.update(SharedIntent::Tick);
    assert!(app.your_turn() || app.session().play.rounds == 2);
    stand_out(&mut app);
    assert_eq!(app.session().play.rounds, 2);
}

#[test]
fn g_in_counting_mode_shows_the_index_plays_in_their_cells_and_reads_a_cell_at_a_count() {
    let (mut app, _) = paced_app(true);
    keys(&mut app, "g");
    // To 16 vs T: the first arrow selects hard 5 vs 2.
    press(&mut app, KeyCode::Down);
    for _ in 0..11 {
        press(&mut app, KeyCode::Down);
    }
    for _ in 0..8 {
        press(&mut app, KeyCode::Right);
    }
    for size in [(100, 32), (80, 24)] {
        let shown = screen(&mut app, size);
        assert!(shown.contains("Index chart"), "{shown}");
        assert!(shown.contains("16 v T: stand at 0+"), "{shown}");
        // At 80×24 the line is laid beside the pair rows: "at" may end the row above.
        assert!(shown.contains("true count +0: stand"), "{shown}");
    }
    keys(&mut app, "--");
    let below = screen(&mut app, (100, 32));
    assert!(below.contains("true count −2: hit"), "{below}");
    // The bet did not move: +/- read the chart at a count while it is open.
    assert_eq!(app.bet(), Units::from_units(1));
}

/// A paced counting table (seed 7, a check every round) played on, standing, until a surprise
/// check asks the decks left; every other check is handed to `other`, which must close it.
fn at_a_decks_check(mut other: impl FnMut(&mut App)) -> App {
    use blackjack_trainer::session::CheckKind;
    let (mut app, now) = paced_app_with(TableConfig {
        seed: 7,
        counting: true,
        count_check_every: 1,
        ..TableConfig::default()
    });
    keys(&mut app, " ");
    for _ in 0..200 {
        stand_out(&mut app);
        now.set(now.get() + Duration::from_secs(60));
        app.update(SharedIntent::Tick);
        match app.table_session().surprise_check() {
            Some(CheckKind::Decks) => return app,
            Some(_) => other(&mut app),
            None => {}
        }
    }
    panic!("no decks-left check in 200 rounds");
}

/// A surprise check of the decks left must not show its answer: while it is open the status
/// line hides the shoe's cards left and its gauge; other checks and the rounds keep them.
#[test]
fn a_decks_left_check_hides_the_shoe_gauge_while_it_is_open() {
    let mut app = at_a_decks_check(|app| {
        // Any other check leaves the gauge in view.
        let shown = screen(app, (80, 24));
        assert!(shown.contains("Shoe ·") && shown.contains(" left"), "{shown}");
        // A key the check does not take says what it waits for, and changes nothing.
        keys(app, "q");
        let told = screen(app, (80, 24));
        assert!(told.contains("`q`: a count check is open"), "{told}");
        assert!(app.count_check().is_some(), "the check is still open");
        press(app, KeyCode::Esc);
    });
    for size in [(80, 24), (100, 32), (160, 50)] {
        let shown = screen(&mut app, size);
        let bank = shown.lines().rfind(|l| l.starts_with("Bankroll")).expect("the bank line");
        let (_, shoe) = bank.rsplit_once(" │ ").expect("the shoe's part");
        assert_eq!(shoe, "Shoe hidden: read the decks left", "{size:?}");
        assert!(!bank.contains('█'), "{size:?}: {bank}");
    }
    // A key the check does not take says what it waits for, and changes nothing.
    keys(&mut app, "h");
    let told = screen(&mut app, (80, 24));
    assert!(told.contains("`h`: a count check is open — type the decks left"), "{told}");
    assert!(app.count_check().is_some(), "the check is still open");
}

/// The eighths a drawn tray's stack fills, and its rows: read from the screen, between the
/// tray's label and its floor, in the column right of the tray's left side (under the
/// label's first letter).
fn drawn_tray(shown: &str) -> (usize, usize) {
    const EIGHTHS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    let lines: Vec<Vec<char>> = shown.lines().map(|l| l.chars().collect()).collect();
    let (label, column) = lines
        .iter()
        .enumerate()
        .find_map(|(i, l)| {
            let text: String = l.iter().collect();
            let at = text.find("discard tray   1 deck")?;
            Some((i, text[..at].chars().count()))
        })
        .expect("the tray's label");
    let rows: Vec<&Vec<char>> =
        lines[label + 1..].iter().take_while(|l| l.get(column) == Some(&'│')).collect();
    let eighths = rows
        .iter()
        .map(|row| {
            let c = row.get(column + 1).copied().unwrap_or(' ');
            EIGHTHS.iter().position(|&e| e == c).map_or(0, |i| i + 1)
        })
        .sum();
    (eighths, rows.len())
}

/// A decks-left check draws this shoe's discard tray over the cleared table — the decks
/// drill's picture (the tray's top the whole shoe, a one-deck stack beside it for the scale),
/// its stack as high as the cards dealt — at every size; the answer is graded as before.
#[test]
fn a_decks_left_check_draws_this_shoes_discard_tray() {
    use blackjack_trainer::trainer::drills::counting::stack_eighths;
    let mut app = at_a_decks_check(|app| press(app, KeyCode::Esc));
    let shoe = app.table_session().table().shoe();
    let (size, dealt) = (shoe.size(), shoe.size() - shoe.remaining());
    assert!(dealt > 0, "cards were dealt from this shoe");
    for (name, size_on_screen) in
        [("80x24", (80, 24)), ("100x32", (100, 32)), ("160x50", (160, 50))]
    {
        let shown = screen(&mut app, size_on_screen);
        assert!(shown.contains("Discard tray · 6-deck shoe"), "{shown}");
        let (eighths, rows) = drawn_tray(&shown);
        assert!(rows >= 4, "{name}: {rows} rows");
        assert_eq!(eighths, stack_eighths(dealt, size, rows), "{name}:\n{shown}");
        insta::assert_snapshot!(format!("decks_check_tray_{name}"), shown);
    }
    // Answered, the tray goes with the check.
    keys(&mut app, "3");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.table_session().surprise_check(), None);
    assert!(!screen(&mut app, (80, 24)).contains("Discard tray"));
}
