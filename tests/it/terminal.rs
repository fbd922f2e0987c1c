//! The real binary on a pseudo-terminal, as a person meets it: SIGTERM, SIGHUP and SIGINT,
//! Ctrl-C, Ctrl-Z and `fg`, a stop from outside, and no terminal at all. Each test starts
//! `blackjack` on a fresh pty in a process group of its own (as a shell with job control
//! would), reads everything it writes, and looks at the terminal's modes once it is gone.
//!
//! Unix only: ptys, signals and job control (Windows has none of them; see
//! `src/tui/terminal/windows.rs`).
#![cfg(unix)]

use std::ffi::CStr;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd};
use std::os::unix::fs::OpenOptionsExt;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long anything may take before a test gives up.
const PATIENCE: Duration = Duration::from_secs(30);

const ENTER_ALTERNATE: &str = "\x1b[?1049h";
const LEAVE_ALTERNATE: &str = "\x1b[?1049l";
const SHOW_CURSOR: &str = "\x1b[?25h";

/// A pty pair: the side the test holds, and the side the program gets.
fn open_pty() -> (File, File) {
    // SAFETY: plain libc calls on a descriptor this function owns; `name` outlives
    // `ptsname_r` and is NUL-terminated by it; `size` outlives the ioctl.
    unsafe {
        // Close-on-exec: a pty side leaked into another test's program would keep the
        // terminal open after this test closes it.
        let fd = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC);
        assert!(fd >= 0, "a pty: {}", std::io::Error::last_os_error());
        let master = File::from_raw_fd(fd);
        assert_eq!(libc::grantpt(fd), 0);
        assert_eq!(libc::unlockpt(fd), 0);
        let mut name = [0 as libc::c_char; 128];
        assert_eq!(libc::ptsname_r(fd, name.as_mut_ptr(), name.len()), 0);
        let path = CStr::from_ptr(name.as_ptr()).to_str().expect("a pty name").to_owned();
        let size = libc::winsize { ws_row: 32, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0 };
        assert_eq!(libc::ioctl(fd, libc::TIOCSWINSZ, &size), 0);
        let slave = OpenOptions::new()
            .read(true)
            .write(true)
            .custom_flags(libc::O_NOCTTY)
            .open(path)
            .expect("the pty's other side");
        (master, slave)
    }
}

/// A scratch directory of this test's own.
fn temp_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("blackjack-terminal-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temp dir");
    dir
}

/// How the program left the terminal: raw (no line editing, no echo) or cooked.
fn raw_mode(master: &File) -> bool {
    // SAFETY: an all-zero termios is valid storage for tcgetattr to fill.
    let mut modes: libc::termios = unsafe { std::mem::zeroed() };
    // SAFETY: a valid descriptor and a valid pointer. On Linux the master side reports the
    // modes of the side the program uses.
    assert_eq!(unsafe { libc::tcgetattr(master.as_raw_fd(), &mut modes) }, 0);
    modes.c_lflag & (libc::ICANON | libc::ECHO) == 0
}

/// `blackjack` running on a pty.
struct Table {
    pid: libc::pid_t,
    master: File,
    output: Arc<Mutex<Vec<u8>>>,
    reaped: bool,
}

impl Table {
    /// Starts the program on a fresh pty and reads everything it writes.
    fn start(args: &[&str]) -> Table {
        let (master, slave) = open_pty();
        let table = Table::spawn(args, master, slave);
        let mut reader = table.master.try_clone().expect("a descriptor");
        let sink = Arc::clone(&table.output);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n @ 1..) = reader.read(&mut buf) {
                sink.lock().expect("the output").extend_from_slice(&buf[..n]);
            }
        });
        table
    }

    /// Starts the program on `slave`; nothing reads `master` yet. The child is reaped with
    /// `waitpid` (in `wait_status`, or on drop), which sees it stop too.
    #[expect(clippy::zombie_processes, reason = "reaped with waitpid, which sees stops too")]
    fn spawn(args: &[&str], master: File, slave: File) -> Table {
        let mut command = Command::new(env!("CARGO_BIN_EXE_blackjack"));
        command
            .args(args)
            .stdin(slave.try_clone().expect("a descriptor"))
            .stdout(slave.try_clone().expect("a descriptor"))
            .stderr(slave)
            .env("TERM", "xterm-256color")
            .process_group(0);
        let child = command.spawn().expect("the binary starts");
        // Closes the test's copies of the program's side, so reading ends when it exits.
        drop(command);
        Table {
            pid: libc::pid_t::try_from(child.id()).expect("a pid"),
            master,
            output: Arc::new(Mutex::new(Vec::new())),
            reaped: false,
        }
    }

    /// Everything written so far, as text.
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.output.lock().expect("the output")).into_owned()
    }

    /// How much has been written so far (a mark for [`Table::wait_for`]).
    fn mark(&self) -> usize {
        self.text().len()
    }

    /// Waits until the output after `mark` holds every one of `needles`.
    fn wait_for(&self, mark: usize, needles: &[&str]) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let text = self.text();
            let after = text.get(mark..).unwrap_or_default().to_owned();
            if needles.iter().all(|n| after.contains(n)) {
                return after;
            }
            assert!(
                Instant::now() < deadline,
                "waited for {needles:?}; after the mark came {after:?}"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Waits for the table's first frame.
    fn wait_for_table(&self) {
        self.wait_for(0, &[ENTER_ALTERNATE, "Welcome"]);
        assert!(raw_mode(&self.master), "the table runs in raw mode");
    }

    fn send(&mut self, bytes: &[u8]) {
        self.master.write_all(bytes).expect("the pty takes keys");
    }

    fn signal(&self, signal: libc::c_int) {
        // SAFETY: a plain syscall on our own child.
        assert_eq!(unsafe { libc::kill(self.pid, signal) }, 0);
    }

    /// Waits for the program to stop or end: the raw wait status.
    fn wait_status(&mut self) -> libc::c_int {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let mut status = 0;
            // SAFETY: a valid pointer to an int for the status.
            let pid =
                unsafe { libc::waitpid(self.pid, &mut status, libc::WNOHANG | libc::WUNTRACED) };
            assert!(pid >= 0, "waitpid: {}", std::io::Error::last_os_error());
            if pid == self.pid {
                if libc::WIFEXITED(status) || libc::WIFSIGNALED(status) {
                    self.reaped = true;
                }
                return status;
            }
            assert!(Instant::now() < deadline, "the program neither stopped nor ended");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Waits for the program to end and returns its exit status.
    fn exit_code(&mut self) -> i32 {
        let status = self.wait_status();
        assert!(
            libc::WIFEXITED(status),
            "the program exits by itself (status {status:#x}); it wrote {:?}",
            self.text()
        );
        libc::WEXITSTATUS(status)
    }

    /// Waits for the program to stop and returns the signal that stopped it.
    fn stop_signal(&mut self) -> i32 {
        let status = self.wait_status();
        assert!(libc::WIFSTOPPED(status), "the program stops (status {status:#x})");
        libc::WSTOPSIG(status)
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        if !self.reaped {
            // SAFETY: plain syscalls on our own child.
            unsafe {
                libc::kill(self.pid, libc::SIGKILL);
                libc::waitpid(self.pid, std::ptr::null_mut(), 0);
            }
        }
    }
}

/// After the program is gone: the terminal is as a shell wants it.
fn assert_given_back(table: &Table, after: &str) {
    assert!(after.contains(LEAVE_ALTERNATE), "left the alternate screen: {after:?}");
    assert!(after.contains(SHOW_CURSOR), "showed the cursor: {after:?}");
    assert!(!raw_mode(&table.master), "cooked mode again");
}

#[test]
fn sigterm_sighup_and_sigquit_save_give_the_terminal_back_and_exit_128_plus_the_signal() {
    for (signal, code) in [(libc::SIGTERM, 143), (libc::SIGHUP, 129), (libc::SIGQUIT, 131)] {
        let dir = temp_dir(&format!("signal-{signal}"));
        let stats = dir.join("stats.db");
        let mut table = Table::start(&["--seed", "3", "--stats", stats.to_str().expect("utf-8")]);
        table.wait_for_table();
        // A round dealt and left unfinished by the signal.
        let mark = table.mark();
        table.send(b" ");
        table.wait_for(mark, &["round"]);
        let mark = table.mark();
        table.signal(signal);
        assert_eq!(table.exit_code(), code, "signal {signal}");
        let after = table.wait_for(mark, &[LEAVE_ALTERNATE, SHOW_CURSOR, "Seed 3."]);
        assert_given_back(&table, &after);
        let conn = rusqlite::Connection::open(&stats).expect("the statistics were saved");
        // The round dealt is kept, settled or (if the signal came first) unfinished.
        let rounds: i64 =
            conn.query_row("SELECT COUNT(*) FROM rounds", [], |r| r.get(0)).expect("a query");
        assert_eq!(rounds, 1, "signal {signal}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn ctrl_c_and_sigint_exit_130_and_leaving_exits_0() {
    let mut table = Table::start(&["--no-stats", "--seed", "3"]);
    table.wait_for_table();
    let mark = table.mark();
    table.send(b"\x03");
    assert_eq!(table.exit_code(), 130);
    assert_given_back(&table, &table.wait_for(mark, &[LEAVE_ALTERNATE, SHOW_CURSOR]));

    let mut table = Table::start(&["--no-stats", "--seed", "3"]);
    table.wait_for_table();
    table.signal(libc::SIGINT);
    assert_eq!(table.exit_code(), 130);

    let mut table = Table::start(&["--no-stats", "--seed", "3"]);
    table.wait_for_table();
    let mark = table.mark();
    table.send(b"q");
    table.wait_for(mark, &["yes, show the summary"]);
    table.send(b"y");
    table.send(b"x");
    assert_eq!(table.exit_code(), 0);
    assert_given_back(&table, &table.wait_for(mark, &[LEAVE_ALTERNATE, SHOW_CURSOR]));
}

#[test]
fn ctrl_z_stops_with_the_terminal_given_back_and_fg_redraws_the_table() {
    let mut table = Table::start(&["--no-stats", "--seed", "3"]);
    table.wait_for_table();
    // Ctrl-Z, a key in raw mode.
    let mark = table.mark();
    table.send(b"\x1a");
    assert_eq!(table.stop_signal(), libc::SIGTSTP, "stopped as by Ctrl-Z in a shell");
    assert_given_back(&table, &table.wait_for(mark, &[LEAVE_ALTERNATE, SHOW_CURSOR]));
    // `fg`: the table takes the terminal back and draws everything again.
    let mark = table.mark();
    table.signal(libc::SIGCONT);
    table.wait_for(mark, &[ENTER_ALTERNATE, "Welcome"]);
    assert!(raw_mode(&table.master));
    // SIGTSTP from outside does the same.
    let mark = table.mark();
    table.signal(libc::SIGTSTP);
    assert_eq!(table.stop_signal(), libc::SIGTSTP);
    assert_given_back(&table, &table.wait_for(mark, &[LEAVE_ALTERNATE, SHOW_CURSOR]));
    let mark = table.mark();
    table.signal(libc::SIGCONT);
    table.wait_for(mark, &[ENTER_ALTERNATE, "Welcome"]);
    assert!(raw_mode(&table.master));
    // And the table still plays: space deals (seed 3 deals you a blackjack).
    let mark = table.mark();
    table.send(b" ");
    table.wait_for(mark, &["Blackjack pays"]);
    table.send(b"\x03");
    assert_eq!(table.exit_code(), 130);
}

/// What a shell does to the terminal when a job stops: its own modes, line editing and echo.
fn shell_modes(master: &File) {
    // SAFETY: an all-zero termios is valid storage for tcgetattr to fill; valid descriptor
    // and pointers for both calls.
    unsafe {
        let mut modes: libc::termios = std::mem::zeroed();
        assert_eq!(libc::tcgetattr(master.as_raw_fd(), &mut modes), 0);
        modes.c_lflag |= libc::ICANON | libc::ECHO;
        assert_eq!(libc::tcsetattr(master.as_raw_fd(), libc::TCSANOW, &modes), 0);
    }
}

#[test]
fn a_stop_from_outside_then_sigcont_redraws_the_table() {
    let mut table = Table::start(&["--no-stats", "--seed", "3"]);
    table.wait_for_table();
    table.signal(libc::SIGSTOP);
    assert_eq!(table.stop_signal(), libc::SIGSTOP);
    // The table could not give the terminal back (SIGSTOP cannot be caught); the shell puts
    // its own modes back meanwhile.
    shell_modes(&table.master);
    assert!(!raw_mode(&table.master));
    let mark = table.mark();
    table.signal(libc::SIGCONT);
    table.wait_for(mark, &[ENTER_ALTERNATE, "Welcome"]);
    assert!(raw_mode(&table.master), "raw mode taken back");
    // Keys work: space deals (seed 3 deals you a blackjack).
    let mark = table.mark();
    table.send(b" ");
    table.wait_for(mark, &["Blackjack pays"]);
    table.signal(libc::SIGTERM);
    assert_eq!(table.exit_code(), 143);
}

#[test]
fn a_terminal_that_closes_under_the_table_ends_it_with_129() {
    // No SIGHUP here (the pty is not the program's controlling terminal): the table sees its
    // input hang up, and must end rather than read nothing forever.
    let (master, slave) = open_pty();
    let mut table = Table::spawn(&["--no-stats", "--seed", "3"], master, slave);
    let mut master = table.master.try_clone().expect("a descriptor");
    let mut seen = Vec::new();
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&seen).contains("Welcome") {
        let n = master.read(&mut buf).expect("the first frame");
        assert!(n > 0, "the first frame");
        seen.extend_from_slice(&buf[..n]);
    }
    // Close every descriptor of the test's side: the terminal is gone.
    drop(master);
    drop(std::mem::replace(&mut table.master, File::open("/").expect("a stand-in")));
    assert_eq!(table.exit_code(), 129);
}

#[test]
fn play_refuses_a_redirected_output_before_touching_the_terminal() {
    let dir = temp_dir("redirected");
    let out_path = dir.join("out.txt");
    let (master, slave) = open_pty();
    let output = Command::new(env!("CARGO_BIN_EXE_blackjack"))
        .args(["--no-stats", "--seed", "3"])
        .stdin(slave)
        .stdout(File::create(&out_path).expect("a file"))
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("needs a terminal") && err.contains("standard output is not a terminal"),
        "{err}"
    );
    let written = std::fs::read(&out_path).expect("the file");
    assert!(written.is_empty(), "nothing drawn into the file: {written:?}");
    assert!(!raw_mode(&master), "the terminal was not touched");
    let _ = std::fs::remove_dir_all(&dir);
}

impl Table {
    /// Waits at most `limit` for the program to end: its exit status, or `None` if it still
    /// runs (it is killed when dropped).
    fn exit_code_within(&mut self, limit: Duration) -> Option<i32> {
        let deadline = Instant::now() + limit;
        while Instant::now() < deadline {
            let mut status = 0;
            // SAFETY: a valid pointer to an int for the status.
            let pid = unsafe { libc::waitpid(self.pid, &mut status, libc::WNOHANG) };
            if pid == self.pid {
                self.reaped = true;
                return libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        None
    }

    /// Sends `key` every few hundred milliseconds until the output after `mark` holds
    /// `needle`, for at most `limit`. Returns whether it came.
    fn press_until(&mut self, key: &[u8], mark: usize, needle: &str, limit: Duration) -> bool {
        let deadline = Instant::now() + limit;
        while Instant::now() < deadline {
            self.send(key);
            std::thread::sleep(Duration::from_millis(300));
            if self.text().get(mark..).is_some_and(|after| after.contains(needle)) {
                return true;
            }
        }
        false
    }
}

/// Escape sequences begun and never finished, which crossterm's reader waited on for ever
/// (issue 35, B1): Alt+[ then ?, and the start of an SGR mouse report.
const UNFINISHED: [&[u8]; 2] = [b"\x1b[?", b"\x1b[<"];

/// How long the table may take to notice a key or a signal after an unfinished sequence.
const A_FEW_SECONDS: Duration = Duration::from_secs(5);

#[test]
fn an_unfinished_escape_sequence_never_swallows_q() {
    for begun in UNFINISHED {
        let mut table = Table::start(&["--no-stats", "--seed", "3"]);
        table.wait_for_table();
        let mark = table.mark();
        table.send(begun);
        // q is sent again until it is heard: one q sent with the sequence's bytes may end it
        // (a final byte), as in any terminal; the next ones must be keys.
        assert!(
            table.press_until(b"q", mark, "yes, show the summary", A_FEW_SECONDS),
            "q is heard after {begun:?}; the table wrote {:?}",
            table.text().get(mark..)
        );
        table.send(b"y");
        table.send(b"x");
        assert_eq!(table.exit_code_within(A_FEW_SECONDS), Some(0), "left after {begun:?}");
        assert_given_back(&table, &table.wait_for(mark, &[LEAVE_ALTERNATE, SHOW_CURSOR]));
    }
}

#[test]
fn sigterm_sigint_sigquit_and_ctrl_c_end_the_table_after_an_unfinished_sequence() {
    for begun in UNFINISHED {
        for (signal, code) in [
            (Some(libc::SIGTERM), 143),
            (Some(libc::SIGINT), 130),
            (Some(libc::SIGQUIT), 131),
            (None, 130),
        ] {
            let mut table = Table::start(&["--no-stats", "--seed", "3"]);
            table.wait_for_table();
            let mark = table.mark();
            table.send(begun);
            std::thread::sleep(Duration::from_millis(200));
            match signal {
                Some(signal) => table.signal(signal),
                // Ctrl-C, a key in raw mode, right behind the sequence's bytes.
                None => table.send(b"\x03"),
            }
            assert_eq!(
                table.exit_code_within(A_FEW_SECONDS),
                Some(code),
                "{signal:?} after {begun:?}"
            );
            assert_given_back(&table, &table.wait_for(mark, &[LEAVE_ALTERNATE, SHOW_CURSOR]));
        }
    }
}

#[test]
fn a_resize_after_an_unfinished_sequence_redraws_the_table() {
    let mut table = Table::start(&["--no-stats", "--seed", "3"]);
    table.wait_for_table();
    table.send(UNFINISHED[1]);
    std::thread::sleep(Duration::from_millis(200));
    // Too small for the table: it must say so.
    let size = libc::winsize { ws_row: 10, ws_col: 30, ws_xpixel: 0, ws_ypixel: 0 };
    let mark = table.mark();
    // SAFETY: a valid descriptor and a valid pointer that outlives the call.
    assert_eq!(unsafe { libc::ioctl(table.master.as_raw_fd(), libc::TIOCSWINSZ, &size) }, 0);
    // The pty is not the program's controlling terminal: the test sends SIGWINCH itself.
    table.signal(libc::SIGWINCH);
    table.wait_for(mark, &["enlarge"]);
    table.send(b"\x03");
    assert_eq!(table.exit_code_within(A_FEW_SECONDS), Some(130));
}
