//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use blackjack_trainer::engine::{Card, GameRng, Rules, Table, seeded_table};

/// A table whose next cards are these values, in deal order: each seat's first card, the
/// dealer's up card, each seat's second card, the dealer's face-down card, then draws.
pub fn stacked(rules: Rules, seats: usize, values: &[u8]) -> Table<GameRng> {
    let mut table = seeded_table(rules, seats, 12345);
    let cards: Vec<Card> = values.iter().map(|&v| Card::of_value(v)).collect();
    assert!(table.stack_next(&cards), "the shoe holds the stacked cards");
    table
}
pub mod tui;

/// A fresh folder of its own under the system temp dir (`bj-<name>-…`, made by `tempfile`, so
/// that tests running at once in the one test binary never share one), removed at the end.
pub struct TempDir(pub PathBuf, tempfile::TempDir);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let dir = tempfile::Builder::new()
            .prefix(&format!("bj-{name}-"))
            .tempdir()
            .expect("a temporary folder");
        TempDir(dir.path().to_path_buf(), dir)
    }

    /// The file `name` in the folder.
    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

/// The binary with `args`, as a person at home at `home` runs it: the statistics and
/// preferences variables cleared, `HOME` and the config and data folders inside `home` (none
/// set without a home), stdin, stdout and stderr piped, then `env` set.
pub fn blackjack_at(home: Option<&Path>, args: &[&str], env: &[(&str, &str)]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_blackjack"));
    cmd.args(args)
        .env_remove("BLACKJACK_STATS")
        .env_remove("BLACKJACK_CONFIG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(home) = home {
        cmd.env("HOME", home)
            .env("XDG_CONFIG_HOME", home.join("config"))
            .env("XDG_DATA_HOME", home.join("data"));
    }
    for (key, value) in env {
        cmd.env(key, value);
    }
    cmd
}

/// The lifetime figures of the statistics database at `path` on `today`, and the sessions it
/// counts.
pub fn lifetime_on(
    path: &Path,
    today: blackjack_trainer::trainer::day::Day,
) -> (u64, blackjack_trainer::trainer::tally::Tally) {
    use blackjack_trainer::store::{Location, Scope, SessionInfo, SessionKind, Store};
    let info = SessionInfo { kind: SessionKind::Table, rules: String::new() };
    let (store, _) = Store::open(&Location::named(path), info).expect("the database opens");
    let tally = store.tally(Scope::All, today).expect("its figures read");
    (store.sessions().expect("its sessions read"), tally)
}

/// [`lifetime_on`] today.
pub fn lifetime(path: &Path) -> (u64, blackjack_trainer::trainer::tally::Tally) {
    lifetime_on(path, blackjack_trainer::trainer::day::Day::local_today())
}

/// Writes graded decisions into the statistics database at `path` as drill answers, each
/// on its day: `(day, cell, right)`, in order (a wrong one chose hit where stand was best,
/// and cost 0.05).
pub fn record_decisions(
    path: &Path,
    decisions: &[(
        blackjack_trainer::trainer::day::Day,
        blackjack_trainer::analysis::chart::Cell,
        bool,
    )],
) {
    use blackjack_trainer::engine::Action;
    use blackjack_trainer::store::{Location, Record, SessionInfo, SessionKind, Store};
    use blackjack_trainer::trainer::history::{Decision, DrillAnswer};
    let info = SessionInfo { kind: SessionKind::Drill, rules: String::new() };
    let (mut store, _) = Store::open(&Location::named(path), info).expect("the database opens");
    for &(day, cell, right) in decisions {
        let decision = Decision {
            hand: 0,
            cards: vec!["10h".to_owned(), "6s".to_owned()],
            up: "10c".to_owned(),
            cell: cell.key(),
            chosen: if right { Action::Stand } else { Action::Hit },
            advised: Action::Stand,
            evs: Vec::new(),
            cost: if right { 0.0 } else { 0.05 },
            true_count: None,
        };
        let record = Record::Drill(DrillAnswer {
            at: 1_796_000_000,
            kind: "all".to_owned(),
            seconds: 1.0,
            decision,
        });
        store.write(&record, day).expect("written");
    }
}

/// The binary with `args` at home in `home` ([`blackjack_at`]), `input` on standard input (then
/// its end), run to the end. A binary that does not read its input may be gone before it is
/// written: that is not an error here.
pub fn run_at(
    home: &Path,
    args: &[&str],
    env: &[(&str, &str)],
    input: &[u8],
) -> std::process::Output {
    use std::io::Write;
    let mut child = blackjack_at(Some(home), args, env).spawn().expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().expect("the binary ends")
}

/// The binary with `args` at home in `home` ([`blackjack_at`]) and `input` on standard input;
/// kills it and fails the test if it has not ended within ten seconds (a pipe, a device or a
/// hostile file must never hang it).
pub fn run_within(
    home: &Path,
    args: &[&str],
    env: &[(&str, &str)],
    input: &[u8],
) -> std::process::Output {
    use std::io::Write;
    use std::time::{Duration, Instant};
    let mut child = blackjack_at(Some(home), args, env).spawn().expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let _ = stdin.write_all(input);
    drop(stdin);
    let deadline = Instant::now() + Duration::from_secs(10);
    while child.try_wait().expect("waitable").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`blackjack {}` still running after 10 s", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("the binary ends")
}

/// What a run printed on standard output.
pub fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// What a run printed on standard error.
pub fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}
