//! The command line as a user meets it.

use std::process::{Command, Output, Stdio};

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

/// Runs the binary with standard input from `stdin` (output captured, so not a terminal).
fn blackjack_with_input(args: &[&str], stdin: Stdio) -> Output {
    Command::new(env!("CARGO_BIN_EXE_blackjack"))
        .args(args)
        .stdin(stdin)
        .output()
        .expect("the binary runs")
}

#[test]
fn a_bad_value_of_our_own_checks_is_a_usage_error_status_2() {
    for (args, says) in [
        (&["--seats", "9"][..], "--seats"),
        (
            &["play", "--seats", "3", "--seat", "5"][..],
            "--seat must be 1 to 3",
        ),
        (
            &["--seats", "3", "--seat", "0"][..],
            "--seat must be 1 to 3",
        ),
        (
            &["ev", "--hand", "8,X", "--up", "T"][..],
            "`X` is not a card",
        ),
        (
            &["ev", "--hand", "8", "--up", "T"][..],
            "at least two cards",
        ),
        (&["ev", "--hand", "T,T,5", "--up", "T"][..], "already bust"),
        (
            &["sim", "--hands", "0", "--strategy", "hard"][..],
            "--hands",
        ),
        (
            &[
                "sim",
                "--hands",
                "10",
                "--strategy",
                "hard",
                "--penetration",
                "0.1",
            ][..],
            "--penetration",
        ),
    ] {
        let out = blackjack_with_input(args, Stdio::null());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn play_without_a_terminal_says_what_works_without_one_status_2() {
    let empty_input = || Stdio::null();
    let piped_line = || {
        let mut child = Command::new(env!("CARGO_BIN_EXE_blackjack"))
            .args(["--no-stats"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        // As `echo | blackjack`: the program may have exited before the line is written.
        let _ = std::io::Write::write_all(&mut child.stdin.take().expect("a pipe"), b"\n");
        child.wait_with_output().expect("the binary ends")
    };
    for out in [
        blackjack_with_input(&["--no-stats"], empty_input()),
        blackjack_with_input(&["play", "--no-stats", "--seed", "3"], empty_input()),
        piped_line(),
    ] {
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("`blackjack play` needs a terminal"), "{err}");
        for works in ["rules", "ev", "strategy", "sim", "drill"] {
            assert!(err.contains(works), "names `{works}`: {err}");
        }
        assert!(!err.contains("os error"), "{err}");
        assert!(out.stdout.is_empty(), "nothing drawn");
    }
}

#[test]
fn help_lists_the_exit_statuses() {
    let help = String::from_utf8_lossy(&blackjack(&["--help"]).stdout).into_owned();
    for code in [
        "2 usage error",
        "130 after Ctrl-C",
        "143 after SIGTERM",
        "129 after SIGHUP",
    ] {
        assert!(help.contains(code), "{code}: {help}");
    }
}
