//! The signals the table acts on, as the event loop sees them ([`super::EventSource::take_signal`]):
//! the process's on Unix (the handlers are in `terminal/unix.rs`); on Windows none reach the
//! table. A session a signal ends exits with 128 + its number, as shells say.

#[cfg(unix)]
use libc::{SIGCONT, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP};
#[cfg(not(unix))]
use linux_numbers::{SIGCONT, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP};

/// The signals' numbers on Linux, for the exit statuses where the system has no such signals.
#[cfg(not(unix))]
mod linux_numbers {
    pub const SIGHUP: i32 = 1;
    pub const SIGINT: i32 = 2;
    pub const SIGQUIT: i32 = 3;
    pub const SIGTERM: i32 = 15;
    pub const SIGCONT: i32 = 18;
    pub const SIGTSTP: i32 = 20;
}

/// A signal the table acts on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Signal {
    /// SIGINT sent from outside (at the table Ctrl-C is a key, not a signal): save and leave.
    Interrupt,
    /// SIGTERM: asked to end (`kill`, a service manager, a shutdown): save and leave.
    Terminate,
    /// SIGHUP: the terminal went away (window closed, connection dropped): save and leave.
    HangUp,
    /// SIGQUIT (Ctrl-\\ in a shell, `kill -QUIT`): save and leave, as for SIGTERM, rather
    /// than dump core with the terminal still raw.
    Quit,
    /// SIGTSTP sent from outside (Ctrl-Z arrives as a key): give the terminal back and stop
    /// until `fg`.
    Suspend,
    /// SIGCONT: running again after a stop: take the terminal back and draw everything.
    Continue,
}

impl Signal {
    /// Every signal the table acts on, the most urgent first: an ending beats a pause.
    pub const ALL: [Signal; 6] = [
        Signal::HangUp,
        Signal::Terminate,
        Signal::Quit,
        Signal::Interrupt,
        Signal::Suspend,
        Signal::Continue,
    ];

    /// The signal's number: the system's on Unix. Elsewhere no signal reaches the table, and
    /// the number is Linux's, so that the exit statuses read the same (130 after Ctrl-C).
    pub fn number(self) -> i32 {
        match self {
            Signal::Interrupt => SIGINT,
            Signal::Terminate => SIGTERM,
            Signal::HangUp => SIGHUP,
            Signal::Quit => SIGQUIT,
            Signal::Suspend => SIGTSTP,
            Signal::Continue => SIGCONT,
        }
    }
}
