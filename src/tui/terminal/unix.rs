//! The terminal and the process on Unix: signals, the terminal's hang-up, and job control.
//!
//! Signals are handled without doing anything unsafe inside a handler: signal-hook's `flag`
//! sets an atomic flag and its `pipe` writes a byte to a socket. Everything else — saving,
//! giving the terminal back, stopping the process, drawing again — happens in the event loop,
//! which sleeps on that socket beside the terminal ([`TerminalEvents`]) and asks
//! [`SignalWatch::take`] what came in.

use std::io::{self, Read, Write};
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, RawFd};
use std::os::unix::net::UnixStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crossterm::event::Event;
use signal_hook::SigId;
use signal_hook::consts::SIGWINCH;

use super::decode::Decoder;
use crate::tui::{EventSource, Signal};

/// How long the drawing thread has to take in a hang-up before the process ends without it.
const HANG_UP_GRACE: Duration = Duration::from_secs(2);

/// The terminal's keys and resizes, and the process's signals, waited for in one `poll` on
/// standard input (the terminal) and the signal socket, the only sleep. The keys are read
/// when `poll` says so and decoded here ([`Decoder`], not crossterm's reader: issue 35).
///
/// A hang-up (the terminal closed) ends the session like SIGHUP. A thread of its own watches
/// for it too: if the drawing thread, stuck somewhere, has not taken it in after
/// [`HANG_UP_GRACE`], the process ends with status 129 (the table saves after every round).
pub struct TerminalEvents {
    signals: SignalWatch,
    /// Standard input hung up, maybe before SIGHUP came (set here or by the watch thread).
    hung_up: Arc<AtomicBool>,
    /// The drawing thread took the hang-up in: the watch thread stands down.
    hang_up_taken: Arc<AtomicBool>,
    /// The keys read and not yet taken, and an escape sequence begun.
    keys: Decoder,
}

impl TerminalEvents {
    /// Starts listening for signals (see [`SignalWatch`]) and watching for a hang-up.
    pub fn new() -> io::Result<TerminalEvents> {
        let events = TerminalEvents {
            signals: SignalWatch::install()?,
            hung_up: Arc::new(AtomicBool::new(false)),
            hang_up_taken: Arc::new(AtomicBool::new(false)),
            keys: Decoder::default(),
        };
        let watch = HangUpWatch {
            fd: libc::STDIN_FILENO,
            hung_up: Arc::clone(&events.hung_up),
            taken: Arc::clone(&events.hang_up_taken),
            waker: events.signals.waker()?,
            grace: HANG_UP_GRACE,
        };
        // The watch sleeps until a hang-up (and is stopped with the process by Ctrl-Z).
        std::thread::Builder::new().name("hang-up watch".to_owned()).spawn(move || {
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

    /// The loop is over: a hang-up from now on needs no rescue (the watch stands down).
    pub fn stop_watching(&self) {
        self.hang_up_taken.store(true, Ordering::SeqCst);
    }

    /// Removes the signal handlers (see [`SignalWatch`]'s `Drop`).
    pub fn close(self) {
        drop(self);
    }

    /// Whether the terminal has gone (hung up); if so, the hang-up counts as taken in.
    pub fn terminal_gone(&self) -> bool {
        let gone = self.hung_up.load(Ordering::SeqCst)
            || matches!(
                wait_for_input(self.signals.wake_fd(), Some(Duration::ZERO)),
                Ok(Stdin::HungUp)
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
        let mut fd = libc::pollfd { fd: self.fd, events: 0, revents: 0 };
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
            if self.signals.pending() || self.hung_up.load(Ordering::SeqCst) {
                return Ok(None);
            }
            if self.signals.take_resize() {
                let (width, height) = crossterm::terminal::size()?;
                return Ok(Some(Event::Resize(width, height)));
            }
            let now = Instant::now();
            self.keys.expire(now);
            if let Some(event) = self.keys.next_event() {
                return Ok(Some(event));
            }
            // Awake when the caller's time is up, or when an unfinished escape sequence is
            // to be given up, whichever comes first.
            let left = |at: Option<Instant>| at.map(|at| at.saturating_duration_since(now));
            let wait = match (left(deadline), left(self.keys.deadline())) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            match wait_for_input(self.signals.wake_fd(), wait)? {
                Stdin::HungUp => self.hung_up.store(true, Ordering::SeqCst),
                Stdin::Readable => {
                    if !self.read_keys()? {
                        self.hung_up.store(true, Ordering::SeqCst);
                    }
                }
                Stdin::Quiet if deadline.is_some_and(|d| Instant::now() >= d) => {
                    self.keys.expire(Instant::now());
                    return Ok(self.keys.next_event());
                }
                Stdin::Quiet => {}
            }
        }
    }

    fn take_signal(&mut self) -> Option<Signal> {
        let signal = self
            .signals
            .take()
            .or_else(|| self.hung_up.load(Ordering::SeqCst).then_some(Signal::HangUp));
        if signal == Some(Signal::HangUp) {
            self.hang_up_taken.store(true, Ordering::SeqCst);
        }
        signal
    }
}

impl TerminalEvents {
    /// Reads what readable standard input holds into the decoder; false if it hung up.
    fn read_keys(&mut self) -> io::Result<bool> {
        let mut buf = [0u8; 1024];
        loop {
            // SAFETY: `buf` is valid for writes of its length for the whole call.
            let read =
                unsafe { libc::read(libc::STDIN_FILENO, buf.as_mut_ptr().cast(), buf.len()) };
            match usize::try_from(read) {
                Ok(0) => return Ok(false),
                Ok(n) => {
                    self.keys.feed(&buf[..n], Instant::now());
                    return Ok(true);
                }
                Err(_) => {
                    let err = io::Error::last_os_error();
                    match err.kind() {
                        io::ErrorKind::Interrupted => continue,
                        // Someone else took the bytes first: nothing to read after all.
                        io::ErrorKind::WouldBlock => return Ok(true),
                        // A terminal that has gone answers EIO.
                        _ if err.raw_os_error() == Some(libc::EIO) => return Ok(false),
                        _ => return Err(err),
                    }
                }
            }
        }
    }
}

/// What standard input has for the loop after a wait.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stdin {
    /// Nothing: the time passed, or a signal (or the watch thread) woke the sleep.
    Quiet,
    /// Bytes to read.
    Readable,
    /// The terminal hung up.
    HungUp,
}

/// Sleeps until standard input or `wake` has something to read, or `timeout` passes (`None`:
/// no limit), and says what standard input has.
fn wait_for_input(wake: BorrowedFd<'_>, timeout: Option<Duration>) -> io::Result<Stdin> {
    let mut fds = [libc::STDIN_FILENO, wake.as_raw_fd()].map(|fd| libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    });
    let millis =
        timeout.map_or(-1, |t| i32::try_from(t.as_nanos().div_ceil(1_000_000)).unwrap_or(i32::MAX));
    // SAFETY: `fds` is an array of two initialised pollfd that outlives the call.
    let ready = unsafe { libc::poll(fds.as_mut_ptr(), 2, millis) };
    if ready < 0 {
        let err = io::Error::last_os_error();
        // A signal cut the sleep short: the caller looks at the flags.
        return if err.kind() == io::ErrorKind::Interrupted { Ok(Stdin::Quiet) } else { Err(err) };
    }
    let revents = fds[0].revents;
    Ok(if revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0 {
        Stdin::HungUp
    } else if revents & libc::POLLIN != 0 {
        Stdin::Readable
    } else {
        Stdin::Quiet
    })
}

/// The table's signal handlers while this lives: each signal (SIGWINCH too) sets its flag and
/// writes a byte to the wake-up socket. Dropped, it gives the signals their default actions
/// back, so the moments after the table (the summary) end or stop as any program's do.
pub struct SignalWatch {
    flags: [(Signal, Arc<AtomicBool>); 6],
    /// SIGWINCH came in: the terminal changed size.
    resized: Arc<AtomicBool>,
    wake: UnixStream,
    /// The other end of `wake`, for [`SignalWatch::waker`].
    waker: UnixStream,
    ids: Vec<SigId>,
    /// Set when the watch is dropped: the default actions apply again.
    done: Arc<AtomicBool>,
}

impl SignalWatch {
    /// Installs the handlers.
    pub fn install() -> io::Result<SignalWatch> {
        let (wake, waker) = UnixStream::pair()?;
        wake.set_nonblocking(true)?;
        waker.set_nonblocking(true)?;
        let mut watch = SignalWatch {
            flags: Signal::ALL.map(|signal| (signal, Arc::new(AtomicBool::new(false)))),
            resized: Arc::new(AtomicBool::new(false)),
            wake,
            waker,
            ids: Vec::new(),
            done: Arc::new(AtomicBool::new(false)),
        };
        let flags: Vec<_> = watch
            .flags
            .iter()
            .map(|(signal, flag)| (signal.number(), Arc::clone(flag)))
            .chain([(SIGWINCH, Arc::clone(&watch.resized))])
            .collect();
        // On an error the watch is dropped, which removes what was installed.
        for (number, flag) in flags {
            if ![libc::SIGCONT, SIGWINCH].contains(&number) {
                // signal-hook cannot put the default handler back when its last action goes:
                // this action does the default's work once the watch is dropped. It stays
                // installed for the life of the process and does nothing before then.
                signal_hook::flag::register_conditional_default(number, Arc::clone(&watch.done))?;
            }
            // The flag first, then the byte: whoever wakes up finds the flag set.
            watch.ids.push(signal_hook::flag::register(number, flag)?);
            let woken = signal_hook::low_level::pipe::register(number, watch.waker()?)?;
            watch.ids.push(woken);
        }
        Ok(watch)
    }

    /// A socket whose every byte wakes whoever sleeps on [`SignalWatch::wake_fd`], for other
    /// threads with news (non-blocking: a full socket already wakes the sleeper).
    pub fn waker(&self) -> io::Result<UnixStream> {
        self.waker.try_clone()
    }

    /// The most urgent signal that came in since it was last taken, if any (see
    /// [`Signal::ALL`]); the others stay for the next call.
    pub fn take(&self) -> Option<Signal> {
        self.drain();
        self.flags
            .iter()
            .find(|(_, flag)| flag.swap(false, Ordering::SeqCst))
            .map(|&(signal, _)| signal)
    }

    /// Whether the terminal changed size (SIGWINCH) since this was last asked.
    pub fn take_resize(&self) -> bool {
        self.resized.swap(false, Ordering::SeqCst)
    }

    /// Whether some signal is waiting to be taken.
    pub fn pending(&self) -> bool {
        self.flags.iter().any(|(_, flag)| flag.load(Ordering::SeqCst))
    }

    /// Forgets that `signal` came in (SIGCONT after a stop the table made itself).
    pub fn forget(&self, signal: Signal) {
        for (s, flag) in &self.flags {
            if *s == signal {
                flag.store(false, Ordering::SeqCst);
            }
        }
    }

    /// The socket readable when a signal comes in ([`SignalWatch::drain`] it before a sleep).
    pub fn wake_fd(&self) -> BorrowedFd<'_> {
        self.wake.as_fd()
    }

    /// Empties the wake-up socket (the flags keep what came in).
    pub fn drain(&self) {
        let mut buf = [0u8; 64];
        while matches!((&self.wake).read(&mut buf), Ok(n) if n > 0) {}
    }
}

impl Drop for SignalWatch {
    fn drop(&mut self) {
        // Default actions first, so that no signal falls between the two steps unheard.
        self.done.store(true, Ordering::SeqCst);
        for id in self.ids.drain(..) {
            signal_hook::low_level::unregister(id);
        }
    }
}

/// Whether the process is the terminal's foreground job, or cannot tell (the terminal is not
/// its controlling terminal). A background job must not take the terminal over.
fn in_foreground() -> bool {
    // SAFETY: plain calls that take no pointers.
    let foreground = unsafe { libc::tcgetpgrp(libc::STDIN_FILENO) };
    // SAFETY: as above.
    foreground == -1 || foreground == unsafe { libc::getpgrp() }
}

/// Why Ctrl-Z (or SIGTSTP) cannot stop the table here, if it cannot: started straight by
/// tmux, by a script or by a service, nobody could continue a stopped table ([`job_control`]).
pub fn suspend_unavailable() -> Option<&'static str> {
    (!job_control()).then_some("no shell with job control to come back to")
}

/// Returns once the process may take the terminal back. Continued in the background (`bg`,
/// or `kill -CONT` after a `kill -STOP`, which the shell counts as a stopped job), the table
/// may not touch the terminal: it stops again until `fg`, as any full-screen program must.
pub fn wait_for_foreground() -> io::Result<()> {
    while !in_foreground() && job_control() {
        // The shell has the terminal and keeps its modes for us; the screen is ours to hand
        // back.
        super::show_normal_screen()?;
        stop_process()?;
    }
    Ok(())
}

/// Whether a shell with job control started the process, so that after a stop `fg` brings it
/// back: its parent is in the same session but another process group (an interactive shell
/// puts each job in a group of its own). Otherwise — started straight by tmux, by a script,
/// by a service — nobody could continue a stopped table, so Ctrl-Z must not stop it.
fn job_control() -> bool {
    // SAFETY: these calls take and return plain integers; an error is -1, which is checked
    // for or never equals a real id.
    unsafe {
        let parent = libc::getppid();
        let session = libc::getsid(0);
        let parent_group = libc::getpgid(parent);
        session != -1
            && parent_group != -1
            && libc::getsid(parent) == session
            && parent_group != libc::getpgrp()
    }
}

/// Stops the process as Ctrl-Z does in a shell (SIGTSTP with its default action, so the shell
/// reports "Stopped"), and returns once it is continued (`fg`). The terminal should be given
/// back first.
pub fn stop_process() -> io::Result<()> {
    // SAFETY: `sigaction` gets valid pointers to initialised structs that outlive the calls
    // (an all-zero `sigaction` with `SIG_DFL` is the default action with an empty mask);
    // `raise` takes no pointer. The table's own SIGTSTP handler is put back afterwards.
    unsafe {
        let mut default: libc::sigaction = std::mem::zeroed();
        default.sa_sigaction = libc::SIG_DFL;
        let mut ours: libc::sigaction = std::mem::zeroed();
        if libc::sigaction(libc::SIGTSTP, &default, &mut ours) != 0 {
            return Err(io::Error::last_os_error());
        }
        // The process stops inside this call until SIGCONT.
        let raised = libc::raise(libc::SIGTSTP);
        let raise_error = io::Error::last_os_error();
        if libc::sigaction(libc::SIGTSTP, &ours, std::ptr::null_mut()) != 0 {
            return Err(io::Error::last_os_error());
        }
        if raised != 0 {
            return Err(raise_error);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use signal_hook::consts::{SIGCONT, SIGTERM};
    use std::fs::{File, OpenOptions};
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
            let path =
                std::ffi::CStr::from_ptr(name.as_ptr()).to_str().expect("a pty name").to_owned();
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
        assert!(!hang_up_with(true), "taken in: the drawing thread ends the session");
        assert!(hang_up_with(false), "not taken in: the drawing thread is stuck");
    }

    /// One test for every signal: the handlers are process-wide, so the signals are raised in
    /// turn, each while the watch is installed.
    #[test]
    fn each_signal_sets_its_flag_and_wakes_the_socket() -> io::Result<()> {
        let watch = SignalWatch::install()?;
        assert_eq!(watch.take(), None);
        for signal in Signal::ALL {
            signal_hook::low_level::raise(signal.number())?;
            let mut fds = [libc::pollfd {
                fd: std::os::fd::AsRawFd::as_raw_fd(&watch.wake_fd()),
                events: libc::POLLIN,
                revents: 0,
            }];
            // SAFETY: one valid pollfd, alive for the call.
            let ready = unsafe { libc::poll(fds.as_mut_ptr(), 1, 5_000) };
            assert_eq!(ready, 1, "{signal:?} wakes the loop");
            assert!(watch.pending());
            assert_eq!(watch.take(), Some(signal));
            assert!(!watch.pending());
            assert_eq!(watch.take(), None, "taken once");
        }
        // Two at once: the ending first, the pause after.
        signal_hook::low_level::raise(SIGCONT)?;
        signal_hook::low_level::raise(SIGTERM)?;
        assert_eq!(watch.take(), Some(Signal::Terminate));
        watch.forget(Signal::Continue);
        assert_eq!(watch.take(), None);
        Ok(())
    }
}
