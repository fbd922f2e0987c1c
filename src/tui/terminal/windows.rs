//! The terminal and the process on Windows: keys and resizes from crossterm alone.
//!
//! What Unix has and Windows does not, and what stands in its place:
//!
//! - Signals: none reach the table. Ctrl-C is a key in raw mode, as on Unix, and ends the
//!   session with the statistics saved (status 130). Ctrl-Break, closing the console window,
//!   logging off and shutting down are not caught (neither crossterm nor std offers a console
//!   control handler): Windows ends the process as it ends any console program, without the
//!   last save — the table saves after every round, so what is lost is the round in play.
//! - The terminal's hang-up: a console that goes away ends its processes; there is nothing to
//!   watch for.
//! - Suspend (Ctrl-Z, SIGTSTP) and continue (SIGCONT): there is no job control. Ctrl-Z only
//!   says that it does nothing here ([`suspend_unavailable`]).

use std::io;
use std::time::Duration;

use crossterm::event::Event;

use crate::tui::{EventSource, Signal};

/// The console's keys and resizes, read through crossterm (which waits on the console's
/// input, so an idle table sleeps until something happens). No signals: see the module's
/// documentation. Needs standard input to be the console (see [`super::missing_terminal`]).
pub struct TerminalEvents(());

impl TerminalEvents {
    /// Nothing to install: crossterm reads the console by itself.
    pub fn new() -> io::Result<TerminalEvents> {
        Ok(TerminalEvents(()))
    }

    /// No signal comes in, so there is none to forget.
    pub fn forget(&self, _signal: Signal) {}

    /// Nothing watches the console: nothing to stop.
    pub fn stop_watching(&self) {}

    /// No signal handlers to remove.
    pub fn close(self) {}

    /// Whether the terminal has gone: never seen here (a console that closes ends the
    /// process).
    pub fn terminal_gone(&self) -> bool {
        false
    }
}

impl EventSource for TerminalEvents {
    fn next_event(&mut self, timeout: Option<Duration>) -> io::Result<Option<Event>> {
        match timeout {
            None => crossterm::event::read().map(Some),
            Some(timeout) if crossterm::event::poll(timeout)? => crossterm::event::read().map(Some),
            Some(_) => Ok(None),
        }
    }
}

/// Why Ctrl-Z cannot stop the table: Windows has no job control to stop it and bring it back.
pub fn suspend_unavailable() -> Option<&'static str> {
    Some("Windows has no suspend")
}

/// Never called ([`suspend_unavailable`] always refuses): there is no stopping a process as
/// a shell's Ctrl-Z does.
pub fn stop_process() -> io::Result<()> {
    Err(io::Error::new(io::ErrorKind::Unsupported, "Windows has no job control"))
}

/// The process is never stopped nor in the background of the console: it may always take
/// the terminal back.
pub fn wait_for_foreground() -> io::Result<()> {
    Ok(())
}
