//! The command line as a user meets it.

use std::process::{Command, Output};

fn blackjack(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_blackjack"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("blackjack-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn help_and_version_work() {
    let help = blackjack(&["--help"]);
    assert!(help.status.success());
    let text = String::from_utf8_lossy(&help.stdout);
    for sub in ["play", "rules", "ev", "strategy", "sim", "drill"] {
        assert!(text.contains(sub), "--help lists `{sub}`");
    }
    let version = blackjack(&["--version"]);
    assert!(String::from_utf8_lossy(&version.stdout).contains(env!("CARGO_PKG_VERSION")));
}

#[test]
fn rules_prints_the_embedded_defaults_in_words_and_toml() {
    let out = blackjack(&["rules"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("6 decks"));
    assert!(text.contains("stands on soft 17"));
    assert!(text.contains("decks = 6"));
    assert!(text.contains("insurance = false"));
}

#[test]
fn rules_loads_a_partial_file() {
    let path = temp_file("h17.toml", "dealer_hits_soft_17 = true\ndecks = 8\n");
    let out = blackjack(&["rules", "--rules", path.to_str().unwrap()]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("hits on soft 17") && text.contains("decks = 8"));
}

#[test]
fn a_bad_rules_file_is_refused_with_the_field_and_line() {
    let path = temp_file("bad.toml", "# mine\ndecks = 0\n");
    let out = blackjack(&["--rules", path.to_str().unwrap(), "rules"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 2") && err.contains("decks = 0") && err.contains("1 to 8"),
        "{err}"
    );

    let path = temp_file("locked.toml", "surrender = true\n");
    let out = blackjack(&["--rules", path.to_str().unwrap(), "rules"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("locked off in this variant"));

    let out = blackjack(&["--rules", "/no/such/rules.toml", "rules"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read rules file"));
}

#[test]
fn an_unknown_flag_is_an_error() {
    let out = blackjack(&["--no-such-flag"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--no-such-flag"));
}

/// A directory of its own under the system's temp dir, removed when dropped.
struct TempDir(std::path::PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!(
            "blackjack-cli-{name}-{}-{:?}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or(0)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn path(&self, name: &str) -> std::path::PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `--stats PATH` and `--no-stats` contradict each other: clap refuses the pair (exit 2) before
/// anything starts, at the table (with or without `play`) and in drills.
#[test]
fn stats_and_no_stats_together_are_a_usage_error() {
    let dir = TempDir::new("stats");
    let stats = dir.path("stats.json");
    let stats = stats.to_str().unwrap();
    for args in [
        &["--stats", stats, "--no-stats"][..],
        &["play", "--no-stats", "--stats", stats],
        &["drill", "--stats", stats, "--no-stats"],
    ] {
        let out = blackjack(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("cannot be used with") && err.contains("--no-stats"),
            "{args:?}: {err}"
        );
    }
    assert!(!std::path::Path::new(stats).exists());
}
