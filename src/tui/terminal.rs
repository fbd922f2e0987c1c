//! The real terminal: whether there is one, taking it over and giving it back (crossterm's,
//! the same everywhere), and its events with the process's signals, which differ by system:
//! [`unix`] waits for the signals, the terminal's hang-up and the keys in one `poll` and has
//! job control; [`windows`] has keys and resizes from crossterm alone. Both offer the names
//! re-exported here.

use std::io::{self, IsTerminal};

use crossterm::cursor::{Hide, Show};
use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::layout::Rect;
use ratatui::{DefaultTerminal, Terminal};

#[cfg(unix)]
mod decode;
#[cfg(unix)]
mod unix;
#[cfg(unix)]
pub use unix::{TerminalEvents, stop_process, suspend_unavailable, wait_for_foreground};

#[cfg(windows)]
mod windows;
#[cfg(windows)]
pub use windows::{TerminalEvents, stop_process, suspend_unavailable, wait_for_foreground};

/// Why the table cannot be drawn here, if it cannot: which standard stream is not a terminal.
/// The table needs both: keys come from standard input and the table is drawn on standard
/// output.
pub fn missing_terminal() -> Option<&'static str> {
    match (io::stdin().is_terminal(), io::stdout().is_terminal()) {
        (true, true) => None,
        (false, true) => Some("standard input is not a terminal"),
        (true, false) => Some("standard output is not a terminal"),
        (false, false) => Some("neither standard input nor standard output is a terminal"),
    }
}

/// Takes the terminal over for the table: raw mode, the alternate screen, the cursor hidden.
/// If that fails half way, what was done is undone.
pub fn enter() -> io::Result<DefaultTerminal> {
    let made = take_over()
        .and_then(|()| Terminal::new(ratatui::backend::CrosstermBackend::new(io::stdout())));
    if made.is_err() {
        let _ = restore();
    }
    made
}

/// Raw mode, the alternate screen and the cursor hidden (again, after a stop).
pub fn take_over() -> io::Result<()> {
    // crossterm skips enabling raw mode when it thinks it is on; but after a stop from outside
    // the shell puts its own modes back. Off first (a no-op if it is off), then on.
    disable_raw_mode()?;
    enable_raw_mode()?;
    // The mouse wheel scrolls the message log.
    execute!(io::stdout(), EnterAlternateScreen, Hide, EnableMouseCapture)
}

/// Clears the screen and has the next frame drawn whole, after the terminal was taken back.
/// `Terminal::clear` would do it too, but it first asks the terminal where the cursor is — a
/// terminal that does not answer (or not in time) turns that into a two-second wait and an
/// error that ends the session. Resizing the full-screen viewport to its own size clears the
/// same way without asking.
pub fn redraw_all(screen: &mut DefaultTerminal) -> io::Result<()> {
    let size = screen.size()?;
    screen.resize(Rect::new(0, 0, size.width, size.height))
}

/// Gives the terminal back as it was: cooked mode, the normal screen, the cursor shown (and
/// `screen` told so). Every step is tried even if one fails; a terminal that has gone away
/// (a hang-up) fails them all.
pub fn give_back(screen: &mut DefaultTerminal) -> io::Result<()> {
    let restored = restore();
    let cursor = screen.show_cursor();
    restored.and(cursor)
}

/// The normal screen and the cursor, leaving the terminal's modes alone: a background job may
/// not change them (the shell keeps them for the job and puts them back at `fg`).
pub fn show_normal_screen() -> io::Result<()> {
    execute!(io::stdout(), DisableMouseCapture, LeaveAlternateScreen, Show)
}

/// [`give_back`] without the ratatui terminal at hand (the panic hook).
pub fn restore() -> io::Result<()> {
    // Raw mode first: it has more side effects than the alternate screen (as ratatui does).
    let raw = disable_raw_mode();
    let screen = show_normal_screen();
    raw.and(screen)
}
