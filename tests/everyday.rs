//! Everyday use from the command line: completions and the manual page, the statistics
//! (summary, export, reset) and the preferences file. Every file written is in a temp folder.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The subcommands a user can type.
const SUBCOMMANDS: [&str; 8] = [
    "play",
    "rules",
    "ev",
    "strategy",
    "sim",
    "drill",
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
