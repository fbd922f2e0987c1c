//! Helpers for the tests that drive the table through its real key handler and draw it on a
//! `TestBackend`.

use std::time::{Duration, Instant};

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use blackjack_trainer::analysis::deviation::{IndexTable, illustrious_18};
use blackjack_trainer::engine::{Card, Rules, Units};
use blackjack_trainer::tui::input::intent_for;
use blackjack_trainer::tui::{App, TableConfig};

pub const SMALL: (u16, u16) = (80, 24);
pub const WIDE: (u16, u16) = (120, 40);

/// A table of `seats` seats (hard AI players), no pauses, seed 2024, with this bankroll, as
/// [`table`] makes it.
pub fn app_with(seats: usize, bankroll: i64) -> App {
    table(TableConfig {
        seats,
        ai: vec![blackjack_trainer::ai::Level::Hard],
        speed: Duration::ZERO,
        bankroll: Units::from_units(bankroll),
        seed: 2024,
        ..TableConfig::default()
    })
}

/// The table of `config` under the default rules, drawn without colour, waiting for its
/// background work in each update, with a clock that stands still (every drill answer takes
/// 0.0 s): each screen is fixed by the keys, not by the machine's speed.
pub fn table(config: TableConfig) -> App {
    let start = Instant::now();
    App::new(&Rules::default(), config)
        .expect("valid options")
        .with_color(false)
        .with_background_waits(true)
        .with_clock(move || start)
}

/// The published American Illustrious 18 (Schlesinger, *Blackjack Attack*, 3rd ed.) as the
/// table's index table: quick, and the same every run (this game's own takes seconds).
pub fn published_indices(_: &Rules) -> IndexTable {
    illustrious_18()
}

pub fn app(seats: usize) -> App {
    app_with(seats, 100)
}

/// The deal at three seats: seat 1 10,9 and seat 3 10,8 (both stand), you `you`, the dealer's
/// up card `up`, the dealer's second card `hole`, then `then` in play order.
pub fn deal3(you: [u8; 2], up: u8, hole: u8, then: &[u8]) -> Vec<Card> {
    let mut values = vec![10, you[0], 10, up, 9, you[1], 8, hole];
    values.extend_from_slice(then);
    values.into_iter().map(Card::of_value).collect()
}

/// One key through the real key handler.
pub fn press(app: &mut App, code: KeyCode) {
    let event = Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    if let Some(intent) = intent_for(&event, &app.key_state()) {
        app.update(intent);
    }
}

/// Each character as a key press.
pub fn keys(app: &mut App, keys: &str) {
    for c in keys.chars() {
        press(app, KeyCode::Char(c));
    }
}

/// The screen drawn at this size, one trimmed line per row.
pub fn screen(app: &mut App, (width, height): (u16, u16)) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test backend");
    let mut drawn = Default::default();
    terminal.draw(|frame| drawn = app.draw(frame)).expect("draws");
    app.set_drawn(drawn);
    let buf = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..buf.area.height {
        let line: String = (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
