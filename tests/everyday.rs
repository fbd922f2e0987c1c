//! Everyday use from the command line: completions and the manual page, the statistics
//! (summary, export, reset) and the preferences file. Every file written is in a temp folder.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The subcommands a user can type.
const SUBCOMMANDS: [&str; 9] = [
    "play",
    "rules",
    "ev",
    "strategy",
    "sim",
    "drill",
    "stats",
    "completions",
    "manpage",
];

/// Runs the binary with `args` and `env` (and no config or statistics of the real user: the
/// config and data folders point into `home`).
fn run(home: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_blackjack"));
    cmd.args(args)
        .env_remove("BLACKJACK_STATS")
        .env_remove("BLACKJACK_CONFIG")
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .stdin(Stdio::null());
    for (key, value) in env {
        cmd.env(key, value);
    }
    cmd.output().expect("the binary runs")
}

/// A fresh temp folder for one test.
fn temp_home(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bj-everyday-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    dir
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn completions_generate_for_every_shell_and_name_the_subcommands() {
    let home = temp_home("completions");
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let out = run(&home, &["completions", shell], &[]);
        assert!(out.status.success(), "{shell}: {}", stderr(&out));
        let script = stdout(&out);
        assert!(!script.trim().is_empty(), "{shell}");
        for sub in SUBCOMMANDS {
            assert!(script.contains(sub), "{shell} completion names `{sub}`");
        }
    }
    let out = run(&home, &["completions", "tcsh"], &[]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "an unknown shell is a usage error"
    );
}

#[test]
fn the_man_page_is_roff_and_mentions_every_subcommand() {
    let home = temp_home("manpage");
    let out = run(&home, &["manpage"], &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let page = stdout(&out);
    assert!(
        page.starts_with(".ie") || page.contains(".TH"),
        "roff: {page}"
    );
    for sub in SUBCOMMANDS {
        assert!(page.contains(sub), "the man page mentions `{sub}`");
    }
}

/// A statistics file as the table writes it: two sessions, 16 vs T missed once of three, a
/// last-seen time for it.
const STATS_TEXT: &str = r#"{
  "version": 1,
  "sessions": 2,
  "lifetime": {
    "rounds": 3, "hands": 3, "wins": 1, "losses": 2, "pushes": 0,
    "net_milli": -1000, "net_money_milli": -5000, "net_sq_micro": 3000000,
    "overall": {"decisions": 3, "correct": 2},
    "ev_lost": 0.07,
    "cells": {"hard:16:T": {"decisions": 3, "wrong": 1, "streak": 2}}
  },
  "last_seen": {"hard:16:T": 1796304005}
}"#;

fn stats_file(home: &Path) -> PathBuf {
    let path = home.join("stats.json");
    std::fs::write(&path, STATS_TEXT).expect("write stats");
    path
}

#[test]
fn stats_prints_the_lifetime_summary_of_the_file_asked_for() {
    let home = temp_home("stats-summary");
    let path = stats_file(&home);
    let p = path.to_str().unwrap();
    let out = run(&home, &["stats", "--stats", p], &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with(&format!("Lifetime statistics in {p} (2 sessions)")),
        "{text}"
    );
    assert!(text.contains("Rounds") && text.contains("2 of 3"), "{text}");
    assert!(
        text.contains("16 vs T") && text.contains("1 of 3 wrong"),
        "{text}"
    );
    // $BLACKJACK_STATS is honoured as `play` honours it, and --stats beats it.
    let by_env = run(&home, &["stats"], &[("BLACKJACK_STATS", p)]);
    assert_eq!(stdout(&by_env), text);
    let other = home.join("none.json");
    let flag_wins = run(
        &home,
        &["stats", "--stats", other.to_str().unwrap()],
        &[("BLACKJACK_STATS", p)],
    );
    assert!(
        stdout(&flag_wins).contains("No statistics yet"),
        "{}",
        stdout(&flag_wins)
    );
    assert!(!other.exists(), "looking creates nothing");
}

#[test]
fn export_csv_has_a_header_and_360_cell_rows() {
    let home = temp_home("export-csv");
    let path = stats_file(&home);
    let out = run(
        &home,
        &[
            "stats",
            "--stats",
            path.to_str().unwrap(),
            "--export",
            "csv",
        ],
        &[],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let csv = stdout(&out);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "key,label,decisions,right,wrong,streak,last_seen");
    assert_eq!(lines.len(), 1 + 360, "a header and one row per chart cell");
    assert_eq!(lines[1], "hard:5:2,5 vs 2,0,0,0,0,");
    assert!(
        lines.contains(&"hard:16:T,16 vs T,3,2,1,2,2026-12-03T13:20:05Z"),
        "{csv}"
    );
    assert!(lines.contains(&"pair:8:A,\"8,8 vs A\",0,0,0,0,"), "{csv}");
    // The file is left as it was.
    assert_eq!(std::fs::read_to_string(&path).unwrap(), STATS_TEXT);
}

#[test]
fn export_json_to_a_file_has_360_cells_and_the_lifetime() {
    let home = temp_home("export-json");
    let path = stats_file(&home);
    let target = home.join("export.json");
    let out = run(
        &home,
        &[
            "stats",
            "--stats",
            path.to_str().unwrap(),
            "--export",
            "json",
            "--output",
            target.to_str().unwrap(),
        ],
        &[],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).is_empty());
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&target).unwrap()).expect("JSON");
    let cells = value["cells"].as_array().expect("cells");
    assert_eq!(cells.len(), 360);
    let cell = cells
        .iter()
        .find(|c| c["key"] == "hard:16:T")
        .expect("16 vs T");
    assert_eq!(
        (cell["decisions"].as_u64(), cell["right"].as_u64()),
        (Some(3), Some(2))
    );
    assert_eq!(value["sessions"], 2);
    assert_eq!(value["lifetime"]["rounds"], 3);
    // Exporting onto the statistics file itself is refused.
    let out = run(
        &home,
        &[
            "stats",
            "--stats",
            path.to_str().unwrap(),
            "--export",
            "csv",
            "-o",
            path.to_str().unwrap(),
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), STATS_TEXT);
}

#[test]
fn reset_without_a_terminal_needs_yes_and_keeps_a_backup() {
    let home = temp_home("reset");
    let path = stats_file(&home);
    let p = path.to_str().unwrap();
    let refused = run(&home, &["stats", "--stats", p, "--reset"], &[]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("add --yes"),
        "{}",
        stderr(&refused)
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        STATS_TEXT,
        "nothing changed"
    );
    let done = run(&home, &["stats", "--stats", p, "--reset", "--yes"], &[]);
    assert!(done.status.success(), "{}", stderr(&done));
    let backup = home.join("stats.json.bak");
    assert!(
        stdout(&done).contains(backup.to_str().unwrap()),
        "{}",
        stdout(&done)
    );
    assert_eq!(std::fs::read_to_string(&backup).unwrap(), STATS_TEXT);
    let after = run(&home, &["stats", "--stats", p], &[]);
    assert!(
        stdout(&after).contains("(0 sessions)"),
        "{}",
        stdout(&after)
    );
    // A second reset keeps the first backup.
    let again = run(&home, &["stats", "--stats", p, "--reset", "--yes"], &[]);
    assert!(again.status.success());
    assert_eq!(std::fs::read_to_string(&backup).unwrap(), STATS_TEXT);
    // --yes alone, or --export with --reset, is a usage error.
    assert_eq!(run(&home, &["stats", "--yes"], &[]).status.code(), Some(2));
    assert_eq!(
        run(&home, &["stats", "--reset", "--export", "csv"], &[])
            .status
            .code(),
        Some(2)
    );
}
