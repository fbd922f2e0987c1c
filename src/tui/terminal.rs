//! The real terminal: whether there is one, taking it over and giving it back, and its events
//! together with the process's signals.

use std::io::{self, IsTerminal, Write};
use std::os::fd::{AsRawFd, BorrowedFd, RawFd};
use std::os::unix::net::UnixStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crossterm::cursor::{Hide, Show};
use crossterm::event::{DisableMouseCapture, EnableMouseCapture, Event};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::layout::Rect;
use ratatui::{DefaultTerminal, Terminal};

use super::EventSource;
use super::signals::{Signal, SignalWatch};

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

/// Whether the process is the terminal's foreground job, or cannot tell (the terminal is not
/// its controlling terminal). A background job must not take the terminal over.
pub fn in_foreground() -> bool {
    // SAFETY: plain calls that take no pointers.
    let foreground = unsafe { libc::tcgetpgrp(libc::STDIN_FILENO) };
    // SAFETY: as above.
    foreground == -1 || foreground == unsafe { libc::getpgrp() }
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
    execute!(
        io::stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        Show
    )
}

/// [`give_back`] without the ratatui terminal at hand (the panic hook).
pub fn restore() -> io::Result<()> {
    // Raw mode first: it has more side effects than the alternate screen (as ratatui does).
    let raw = disable_raw_mode();
    let screen = execute!(
        io::stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        Show
    );
    raw.and(screen)
}

/// How long the drawing thread has to take in a hang-up before the process ends without it
/// (see [`TerminalEvents`]).
const HANG_UP_GRACE: Duration = Duration::from_secs(2);

/// The terminal's keys and resizes, read through crossterm, and the signals sent to the
/// process. Waiting for either is one `poll` on standard input and the signal socket, so an
/// idle table sleeps until something happens. Needs standard input to be the terminal (see
/// [`missing_terminal`]): crossterm reads its keys there.
///
/// A terminal that hangs up (closed, connection dropped) is an ending like SIGHUP, which
/// usually comes with it. crossterm must never read a hung-up terminal: its read loop gets
/// nothing back and tries again forever. So every wait looks for the hang-up before crossterm
/// reads. Between that look and crossterm's read there remains a moment, and a thread of its
/// own watches for the hang-up too: if the drawing thread has not taken it in after
/// [`HANG_UP_GRACE`], it is stuck in that loop, and the watch ends the process with the
/// hang-up's status, 129 (what is unsaved then is lost; the table saves after every round).
pub struct TerminalEvents {
    signals: SignalWatch,
    /// Standard input hung up (the terminal closed), possibly before SIGHUP arrived; set here
    /// or by the watch thread.
    hung_up: Arc<AtomicBool>,
    /// The drawing thread took the hang-up in: the watch thread stands down.
    hang_up_taken: Arc<AtomicBool>,
}

impl TerminalEvents {
    /// Starts listening for signals (see [`SignalWatch`]) and watching for a hang-up.
    pub fn new() -> io::Result<TerminalEvents> {
        let events = TerminalEvents {
            signals: SignalWatch::install()?,
            hung_up: Arc::new(AtomicBool::new(false)),
            hang_up_taken: Arc::new(AtomicBool::new(false)),
        };
        let watch = HangUpWatch {
            fd: libc::STDIN_FILENO,
            hung_up: Arc::clone(&events.hung_up),
            taken: Arc::clone(&events.hang_up_taken),
            waker: events.signals.waker()?,
            grace: HANG_UP_GRACE,
        };
        // The watch sleeps until a hang-up (and is stopped with the process by Ctrl-Z).
        std::thread::Builder::new()
            .name("hang-up watch".to_owned())
            .spawn(move || {
                watch.run(|| {
                    // SAFETY: `_exit` ends the process at once; nothing of Rust's runs after.
                    unsafe { libc::_exit(128 + libc::SIGHUP) }
                });
            })?;
        Ok(events)
    }

    /// Forgets that `signal` came in.
    pub fn forget(&self, signal: Signal) {
        self.signals.forget(signal);
    }

    /// The loop is over and crossterm reads no more: a hang-up from now on needs no rescue
    /// (the watch thread stands down).
    pub fn stop_watching(&self) {
        self.hang_up_taken.store(true, Ordering::SeqCst);
    }

    /// Whether the terminal has gone (hung up); if so, the hang-up counts as taken in.
    pub fn terminal_gone(&self) -> bool {
        let gone = self.hung_up.load(Ordering::SeqCst)
            || matches!(
                wait_for_input(self.signals.wake_fd(), Some(Duration::ZERO)),
                Ok(true)
            );
        if gone {
            self.hang_up_taken.store(true, Ordering::SeqCst);
        }
        gone
    }
}

/// The watch thread's work (see [`TerminalEvents`]): sleep until `fd` hangs up, tell the
/// drawing thread, and `give_up` if it has not taken that in after `grace`.
struct HangUpWatch {
    fd: RawFd,
    hung_up: Arc<AtomicBool>,
    taken: Arc<AtomicBool>,
    waker: UnixStream,
    grace: Duration,
}

impl HangUpWatch {
    fn run(self, give_up: impl FnOnce()) {
        // No events asked for: `poll` reports only a hang-up or an error, never keys.
        let mut fd = libc::pollfd {
            fd: self.fd,
            events: 0,
            revents: 0,
        };
        loop {
            // SAFETY: one initialised pollfd that outlives the call.
            let ready = unsafe { libc::poll(&mut fd, 1, -1) };
            if ready > 0 {
                break;
            }
            if ready < 0 && io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
                return;
            }
        }
        self.hung_up.store(true, Ordering::SeqCst);
        let _ = (&self.waker).write(&[1]);
        std::thread::sleep(self.grace);
        if !self.taken.load(Ordering::SeqCst) {
            give_up();
        }
    }
}

impl EventSource for TerminalEvents {
    fn next_event(&mut self, timeout: Option<Duration>) -> io::Result<Option<Event>> {
        let deadline = timeout.map(|t| Instant::now() + t);
        loop {
            // Emptied before looking, so a signal after the look wakes the sleep below.
            self.signals.drain();
            // Never let crossterm read a hung-up terminal: it reads nothing, forever.
            if self.hung_up.load(Ordering::SeqCst)
                || wait_for_input(self.signals.wake_fd(), Some(Duration::ZERO))?
            {
                self.hung_up.store(true, Ordering::SeqCst);
                return Ok(None);
            }
            if self.signals.pending() {
                return Ok(None);
            }
            // crossterm may also hold events it parsed from an earlier read.
            if crossterm::event::poll(Duration::ZERO)? {
                return crossterm::event::read().map(Some);
            }
            let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
            if left == Some(Duration::ZERO) {
                return Ok(None);
            }
            wait_for_input(self.signals.wake_fd(), left)?;
        }
    }

    fn take_signal(&mut self) -> Option<Signal> {
        let signal = self.signals.take().or_else(|| {
            self.hung_up
                .load(Ordering::SeqCst)
                .then_some(Signal::HangUp)
        });
        if signal == Some(Signal::HangUp) {
            self.hang_up_taken.store(true, Ordering::SeqCst);
        }
        signal
    }
}

/// Sleeps until standard input or `wake` has something to read, or `timeout` passes (`None`:
/// no limit). Returns whether standard input hung up.
fn wait_for_input(wake: BorrowedFd<'_>, timeout: Option<Duration>) -> io::Result<bool> {
    let mut fds = [libc::STDIN_FILENO, wake.as_raw_fd()].map(|fd| libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    });
    let millis = timeout.map_or(-1, |t| {
        i32::try_from(t.as_nanos().div_ceil(1_000_000)).unwrap_or(i32::MAX)
    });
    // SAFETY: `fds` is an array of two initialised pollfd that outlives the call.
    let ready = unsafe { libc::poll(fds.as_mut_ptr(), 2, millis) };
    if ready < 0 {
        let err = io::Error::last_os_error();
        // A signal cut the sleep short: the caller looks at the flags.
        return if err.kind() == io::ErrorKind::Interrupted {
            Ok(false)
        } else {
            Err(err)
        };
    }
    Ok(fds[0].revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs::{File, OpenOptions};
    use std::io::Read;
    use std::os::fd::FromRawFd;
    use std::os::unix::fs::OpenOptionsExt;
    use std::sync::mpsc;

    /// A pty pair: the side a terminal emulator holds, and the side a program reads.
    fn pty() -> (File, File) {
        // SAFETY: plain libc calls on a descriptor this function owns; `name` outlives
        // `ptsname_r`, which NUL-terminates it.
        unsafe {
            let fd = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC);
            assert!(fd >= 0);
            let master = File::from_raw_fd(fd);
            assert_eq!(libc::grantpt(fd), 0);
            assert_eq!(libc::unlockpt(fd), 0);
            let mut name = [0 as libc::c_char; 128];
            assert_eq!(libc::ptsname_r(fd, name.as_mut_ptr(), name.len()), 0);
            let path = std::ffi::CStr::from_ptr(name.as_ptr())
                .to_str()
                .expect("a pty name")
                .to_owned();
            let slave = OpenOptions::new()
                .read(true)
                .write(true)
                .custom_flags(libc::O_NOCTTY)
                .open(path)
                .expect("the other side");
            (master, slave)
        }
    }

    /// Runs a watch on the program's side of a fresh pty; closes the terminal's side; returns
    /// whether the watch gave up, after telling the drawing thread (`taken` says whether that
    /// thread took it in).
    fn hang_up_with(taken: bool) -> bool {
        let (master, slave) = pty();
        let (wake, waker) = UnixStream::pair().expect("a socket pair");
        let hung_up = Arc::new(AtomicBool::new(false));
        let watch = HangUpWatch {
            fd: slave.as_raw_fd(),
            hung_up: Arc::clone(&hung_up),
            taken: Arc::new(AtomicBool::new(taken)),
            waker,
            grace: Duration::from_millis(50),
        };
        let (gave_up, told) = mpsc::channel();
        let thread = std::thread::spawn(move || {
            watch.run(|| gave_up.send(()).expect("the test listens"));
            drop(slave);
        });
        std::thread::sleep(Duration::from_millis(20));
        assert!(!hung_up.load(Ordering::SeqCst), "no hang-up yet");
        drop(master);
        thread.join().expect("the watch ends");
        assert!(hung_up.load(Ordering::SeqCst), "the hang-up is seen");
        let mut byte = [0u8; 1];
        assert_eq!((&wake).read(&mut byte).expect("a wake-up"), 1);
        told.try_recv().is_ok()
    }

    #[test]
    fn the_hang_up_watch_wakes_the_loop_and_gives_up_only_when_nobody_takes_it_in() {
        assert!(
            !hang_up_with(true),
            "taken in: the drawing thread ends the session"
        );
        assert!(
            hang_up_with(false),
            "not taken in: the drawing thread is stuck"
        );
    }
}
