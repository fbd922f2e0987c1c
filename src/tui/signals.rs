//! Signals sent to the process while the table is on screen, and stopping for Ctrl-Z.
//!
//! The handlers do only what is safe inside a signal handler: signal-hook's `flag` sets an
//! atomic flag and its `pipe` writes a byte to a socket. Everything else — saving, giving the
//! terminal back, stopping the process, drawing again — happens in the event loop, which
//! sleeps on that socket beside the terminal ([`super::terminal::TerminalEvents`]) and asks
//! [`SignalWatch::take`] what came in.
//!
//! After a signal ends the session the exit status follows the shells' convention, 128 + the
//! signal's number: 130 for SIGINT (and for Ctrl-C, its key), 143 for SIGTERM, 129 for SIGHUP.

use std::io::{self, Read};
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::net::UnixStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use signal_hook::SigId;
use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP, SIGWINCH};

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

    /// The signal's number.
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

/// The table's signal handlers, installed for as long as this lives.
///
/// Each signal sets its own flag and writes a byte to the wake-up socket; SIGWINCH only wakes
/// (crossterm turns it into a resize event itself). Dropping the watch removes the handlers
/// and gives SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGTSTP their default actions back, so the moments
/// after the table (printing the summary) end or stop as any program does.
pub struct SignalWatch {
    flags: [(Signal, Arc<AtomicBool>); 6],
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
            wake,
            waker,
            ids: Vec::new(),
            done: Arc::new(AtomicBool::new(false)),
        };
        // On an error the watch is dropped, which removes what was installed.
        for i in 0..watch.flags.len() {
            let (signal, flag) = &watch.flags[i];
            let (number, flag) = (signal.number(), Arc::clone(flag));
            if *signal != Signal::Continue {
                // signal-hook cannot put the default handler back when its last action goes:
                // this action does the default's work once the watch is dropped. It stays
                // installed for the life of the process and does nothing before then.
                signal_hook::flag::register_conditional_default(number, Arc::clone(&watch.done))?;
            }
            // The flag first, then the byte: whoever wakes up finds the flag set.
            watch.ids.push(signal_hook::flag::register(number, flag)?);
            let waker = watch.waker()?;
            watch
                .ids
                .push(signal_hook::low_level::pipe::register(number, waker)?);
        }
        let waker = watch.waker()?;
        watch
            .ids
            .push(signal_hook::low_level::pipe::register(SIGWINCH, waker)?);
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

    /// Whether some signal is waiting to be taken.
    pub fn pending(&self) -> bool {
        self.flags
            .iter()
            .any(|(_, flag)| flag.load(Ordering::SeqCst))
    }

    /// Forgets that `signal` came in (SIGCONT after a stop the table made itself).
    pub fn forget(&self, signal: Signal) {
        for (s, flag) in &self.flags {
            if *s == signal {
                flag.store(false, Ordering::SeqCst);
            }
        }
    }

    /// The socket that becomes readable when a signal comes in. Call [`SignalWatch::drain`]
    /// before sleeping on it.
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

/// Whether a shell with job control started the process, so that after a stop `fg` brings it
/// back: its parent is in the same session but another process group (an interactive shell
/// puts each job in a group of its own). Otherwise — started straight by tmux, by a script,
/// by a service — nobody could continue a stopped table, so Ctrl-Z must not stop it.
pub fn job_control() -> bool {
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
