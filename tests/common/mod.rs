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

/// A fresh folder under the system temp dir (`bj-<name>-<pid>`), removed at the end.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("bj-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
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
