//! The table in the terminal: `blackjack play`.
//!
//! As in the event-driven ratatui template, terminal events become the screen's intents
//! ([`input::intent_for`]), one [`App::update`] changes the state, and [`App::draw`] is a pure
//! function of it. The loop ([`run`]) is generic over its backend and its [`EventSource`], so
//! tests run the real app on a `TestBackend` with scripted keys. It sleeps until an event, the
//! pace's next step ([`SharedIntent::Tick`]) or, while background work is pending, the next
//! look at it ([`SharedIntent::Poll`]): an idle table uses no CPU. Signals end the session as
//! Ctrl-C does, or hand the terminal back to the caller ([`Outcome`]).

pub mod app;
pub mod background;
pub mod breakdown;
pub mod chart_cursor;
pub mod course;
pub mod draw;
pub mod drill;
pub mod input;
pub mod intent;
pub mod keys;
pub mod log;
pub mod message;
pub mod panic_hook;
pub mod plan_page;
pub mod play;
pub mod review;
pub mod signals;
pub mod table_screen;
pub mod terminal;
pub mod theme;
pub mod widgets;

use std::io;
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::Backend;

pub use app::{App, LivePanel, Overlay, TableConfig};
pub use drill::DrillScreen;
pub use intent::{
    DrillIntent, Intent, PlanIntent, QuestionIntent, ReviewIntent, SharedIntent, TableIntent,
};
pub use play::play;

/// The keys as the help screens list them, for the manual page: the table's lines in words
/// that fit any count (none is chosen there), then the drills' help text (written for Hi-Lo,
/// the default).
pub fn keys_help() -> (Vec<String>, &'static str) {
    (input::help_lines(None), widgets::overlay::DRILL_HELP_TEXT)
}
pub use signals::Signal;

use input::SessionKey;

/// Where terminal events come from: the real terminal, or a script in tests.
pub trait EventSource {
    /// The next event, waiting up to `timeout` (`None`: no limit); `Ok(None)` when the time
    /// passed, or early when a signal came in ([`EventSource::take_signal`] is asked first).
    fn next_event(
        &mut self,
        timeout: Option<Duration>,
    ) -> io::Result<Option<crossterm::event::Event>>;

    /// The most urgent signal that came in since the last call (scripts: none).
    fn take_signal(&mut self) -> Option<Signal> {
        None
    }
}

/// How a session at the table ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The person left (q and yes, then a key on the summary; or q on the too-small screen).
    Left,
    /// Ctrl-C, or SIGINT from outside.
    Interrupted,
    /// SIGTERM.
    Terminated,
    /// SIGQUIT.
    Quit,
    /// SIGHUP, or the terminal closed under the table.
    HungUp,
}

/// Why [`run`] returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The session is over and the statistics are saved (as far as they could be).
    Ended(Ending),
    /// Ctrl-Z or SIGTSTP: the caller gives the terminal back, stops the process, takes the
    /// terminal back once it runs again, clears it so that the next frame is drawn whole
    /// ([`terminal::redraw_all`]), and calls [`run`] again.
    Suspend,
    /// SIGCONT without a stop of our own (say `kill -STOP`, then `kill -CONT`): the caller
    /// takes the terminal back (the shell may have changed it meanwhile), clears it, and calls
    /// [`run`] again.
    Resume,
}

/// Runs the table (draw, wait for an event or the pace, update) until the person leaves, a
/// signal ends the session, or the terminal must change hands ([`Outcome`]; call it again).
pub fn run<B, E>(
    terminal: &mut Terminal<B>,
    events: &mut E,
    app: &mut App,
) -> anyhow::Result<Outcome>
where
    B: Backend,
    B::Error: Send + Sync + 'static,
    E: EventSource,
{
    let mut deadline: Option<Instant> = None;
    loop {
        let mut drawn = draw::Drawn::default();
        let area = terminal.draw(|frame| drawn = app.draw(frame))?.area;
        app.set_drawn(drawn);
        let table_fits = draw::fits(area);
        // Nothing plays on unseen: while the screen asks to be enlarged, the seats, the
        // dealer and a timed drill wait.
        if app.wants_tick() && table_fits {
            deadline.get_or_insert_with(|| Instant::now() + app.tick_delay());
        } else {
            deadline = None;
        }
        let pacing = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        let poll = app.background_pending().then_some(background::POLL_INTERVAL);
        // Which wait ends first decides what a timeout means: the pacing step, or a look at
        // the background work.
        let (timeout, tick_on_timeout) = match (pacing, poll) {
            (Some(p), Some(q)) if q < p => (Some(q), false),
            (Some(p), _) => (Some(p), true),
            (None, q) => (q, false),
        };
        let event = events.next_event(timeout)?;
        // A key first, then a signal that came in meanwhile: neither is lost.
        if let Some(event) = &event {
            match input::session_key(event) {
                Some(SessionKey::Interrupt) => return Ok(app.end(Ending::Interrupted)),
                Some(SessionKey::Suspend) => return Ok(Outcome::Suspend),
                None => {}
            }
            let intent = if table_fits {
                input::intent_for(event, &app.key_state())
            } else {
                input::intent_when_too_small(event)
            };
            if let Some(intent) = intent {
                if intent == Intent::Table(TableIntent::Skip) {
                    deadline = None;
                }
                app.update(intent);
            }
        }
        if app.should_quit() {
            return Ok(Outcome::Ended(Ending::Left));
        }
        match events.take_signal() {
            Some(Signal::Interrupt) => return Ok(app.end(Ending::Interrupted)),
            Some(Signal::Terminate) => return Ok(app.end(Ending::Terminated)),
            Some(Signal::Quit) => return Ok(app.end(Ending::Quit)),
            Some(Signal::HangUp) => return Ok(app.end(Ending::HungUp)),
            Some(Signal::Suspend) => return Ok(Outcome::Suspend),
            Some(Signal::Continue) => return Ok(Outcome::Resume),
            None => {}
        }
        if event.is_none() {
            if tick_on_timeout {
                deadline = None;
                app.update(SharedIntent::Tick);
            } else {
                app.update(SharedIntent::Poll);
            }
            if app.should_quit() {
                return Ok(Outcome::Ended(Ending::Left));
            }
        }
    }
}

impl App {
    /// Ends the session as Ctrl-C does: what is unsaved is saved, and the loop stops.
    fn end(&mut self, ending: Ending) -> Outcome {
        self.update(SharedIntent::Exit);
        Outcome::Ended(ending)
    }
}
