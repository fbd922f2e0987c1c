//! The table in the terminal: `blackjack play`.
//!
//! The shape follows the event-driven ratatui template: terminal events become
//! [`Intent`]s ([`input::intent_for`]), one [`App::update`] changes the state, and
//! [`draw()`] is a pure function of that state. The loop ([`run`]) is generic over its backend
//! and its [`EventSource`], so tests run the real app on a `TestBackend` with scripted keys.
//!
//! Pacing: while AI seats or the dealer are to play, the loop waits up to the step delay for
//! a key and sends [`Intent::Tick`] when none comes. While something on screen is still being
//! computed in the background (the strategy at startup, the live EVs), it also wakes up every
//! [`background::POLL_INTERVAL`] and sends [`Intent::Poll`] to pick the result up. Otherwise it
//! blocks on the next event with no timeout, so an idle table uses no CPU. While the terminal
//! is too small to draw the table, keys that would act on it are dropped.

pub mod app;
pub mod background;
pub mod coach;
pub mod draw;
pub mod drill;
pub mod hint;
pub mod input;
pub mod panic_hook;
pub mod seat_ai;
pub mod theme;
pub mod widgets;

use std::io;
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::Backend;

pub use app::{App, Intent, LivePanel, Overlay};
pub use draw::{MIN_HEIGHT, MIN_WIDTH, draw};
pub use drill::DrillScreen;

/// Where terminal events come from: the real terminal, or a script in tests.
pub trait EventSource {
    /// The next event. `timeout: None` waits for one as long as it takes; otherwise
    /// `Ok(None)` means the timeout passed with no event.
    fn next_event(
        &mut self,
        timeout: Option<Duration>,
    ) -> io::Result<Option<crossterm::event::Event>>;
}

/// The terminal's own events, through crossterm.
#[derive(Debug, Default, Clone, Copy)]
pub struct CrosstermEvents;

impl EventSource for CrosstermEvents {
    fn next_event(
        &mut self,
        timeout: Option<Duration>,
    ) -> io::Result<Option<crossterm::event::Event>> {
        match timeout {
            None => crossterm::event::read().map(Some),
            Some(t) if crossterm::event::poll(t)? => crossterm::event::read().map(Some),
            Some(_) => Ok(None),
        }
    }
}

/// Runs the table until the person leaves: draw, wait for an event (or the pacing timeout),
/// turn it into an intent, update, draw again.
pub fn run<B, E>(terminal: &mut Terminal<B>, events: &mut E, app: &mut App) -> anyhow::Result<()>
where
    B: Backend,
    B::Error: Send + Sync + 'static,
    E: EventSource,
{
    let mut deadline: Option<Instant> = None;
    loop {
        let table_fits = draw::fits(terminal.draw(|frame| draw(app, frame))?.area);
        if app.animating() {
            deadline.get_or_insert_with(|| Instant::now() + app.step_delay());
        } else {
            deadline = None;
        }
        let pacing = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        let poll = app
            .background_pending()
            .then_some(background::POLL_INTERVAL);
        // Which wait ends first decides what a timeout means: the pacing step, or a look at
        // the background work.
        let (timeout, tick_on_timeout) = match (pacing, poll) {
            (Some(p), Some(q)) if q < p => (Some(q), false),
            (Some(p), _) => (Some(p), true),
            (None, q) => (q, false),
        };
        match events.next_event(timeout)? {
            Some(event) => {
                // While the table cannot be seen, no key acts on it.
                let intent = if table_fits {
                    input::intent_for(&event, app)
                } else {
                    input::intent_when_too_small(&event)
                };
                if let Some(intent) = intent {
                    if intent == Intent::Skip {
                        deadline = None;
                    }
                    app.update(intent);
                }
            }
            None if tick_on_timeout => {
                deadline = None;
                app.update(Intent::Tick);
            }
            None => app.update(Intent::Poll),
        }
        if app.should_quit() {
            return Ok(());
        }
    }
}
