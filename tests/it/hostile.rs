//! Hostile and careless input, from the binary: each case here once hung, panicked, or lost or
//! overwrote the player's files. Every file written is in a temp folder; the binary never sees
//! the real user's config or statistics.

use std::path::Path;
use std::process::Output;
use std::time::{Duration, Instant};

use crate::common;
use common::TempDir;

/// Runs the binary with `args` and `input` on standard input, with the config and data folders
/// inside `home`; kills it and fails the test if it has not ended within ten seconds.
fn run(home: &Path, args: &[&str], env: &[(&str, &str)], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = common::blackjack_at(Some(home), args, env)
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let _ = stdin.write_all(input);
    drop(stdin);
    let deadline = Instant::now() + Duration::from_secs(10);
    while child
        .try_wait()
        .expect("the child can be waited for")
        .is_none()
    {
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`blackjack {}` still running after 10 s", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("the binary ends")
}

use crate::common::stderr;

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A usage error (status 2) whose message contains every one of `needles`, and no panic.
fn assert_usage_error(out: &Output, needles: &[&str]) {
    let err = stderr(out);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(2), "{err}");
    for needle in needles {
        assert!(err.contains(needle), "{needle:?} missing from: {err}");
    }
}

/// A named pipe at `path` (Unix only: Windows has no FIFOs in the file system).
#[cfg(unix)]
fn mkfifo(path: &Path) {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let c_path = CString::new(path.as_os_str().as_bytes()).expect("no NUL in the path");
    // SAFETY: a NUL-terminated path that lives for the whole call.
    assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o644) }, 0, "mkfifo");
}

#[test]
#[cfg(unix)]
fn a_rules_or_config_path_naming_a_pipe_or_a_device_is_refused_at_once() {
    let home = TempDir::new("hostile-special");
    let fifo = home.0.join("rules.toml");
    mkfifo(&fifo);
    let fifo = fifo.to_str().expect("a UTF-8 path");
    // Each of these once waited for ever: for a writer to the pipe, or for /dev/zero to end.
    let out = run(&home.0, &["--rules", fifo, "rules"], &[], b"");
    assert_usage_error(
        &out,
        &["rules file", "named pipe (FIFO)", "not a regular file"],
    );
    let out = run(&home.0, &["--rules", "/dev/zero", "rules"], &[], b"");
    assert_usage_error(&out, &["rules file /dev/zero", "a character device"]);
    let out = run(&home.0, &["--config", fifo, "config"], &[], b"");
    assert_usage_error(&out, &["config file", "named pipe (FIFO)"]);
    let out = run(
        &home.0,
        &["config"],
        &[("BLACKJACK_CONFIG", "/dev/zero")],
        b"",
    );
    assert_usage_error(&out, &["config file /dev/zero", "a character device"]);
    // A folder is refused the same way, with the same words.
    let folder = home.0.to_str().expect("a UTF-8 path");
    let out = run(&home.0, &["--rules", folder, "rules"], &[], b"");
    assert_usage_error(&out, &["rules file", "is a folder, not a regular file"]);
}

#[test]
fn a_rules_file_far_larger_than_any_rules_file_is_refused_unread() {
    let home = TempDir::new("hostile-huge-rules");
    let big = home.0.join("big.toml");
    // Valid TOML all through (comments), so only its size can refuse it.
    let line = format!("# {}\n", "x".repeat(1021));
    std::fs::write(&big, line.repeat(2048)).expect("a 2 MiB file");
    let out = run(
        &home.0,
        &["--rules", big.to_str().expect("UTF-8"), "rules"],
        &[],
        b"",
    );
    assert_usage_error(&out, &["rules file", "2097152 bytes", "at most 1048576"]);
    // Under the limit, comments and all, it loads.
    std::fs::write(&big, line.repeat(100)).expect("a 100 KiB file");
    let out = run(
        &home.0,
        &["--rules", big.to_str().expect("UTF-8"), "rules"],
        &[],
        b"",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("6 decks"), "{}", stdout(&out));
}

/// A statistics database in `home`, written by one drill answer.
fn drilled_stats(home: &Path) -> std::path::PathBuf {
    let stats = home.join("stats.db");
    let out = run(
        home,
        &[
            "--seed",
            "3",
            "drill",
            "--stats",
            stats.to_str().expect("UTF-8"),
        ],
        &[],
        b"h\nq\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stats.is_file(), "the database is written");
    stats
}

#[test]
fn an_export_never_overwrites_the_statistics_database() {
    let home = TempDir::new("hostile-export-over");
    let stats = drilled_stats(&home.0);
    let link = home.0.join("another-name.db");
    std::fs::hard_link(&stats, &link).expect("a hard link");
    let before = std::fs::read(&stats).expect("stats");
    for out in [&stats, &link] {
        let result = run(
            &home.0,
            &[
                "stats",
                "--stats",
                stats.to_str().expect("UTF-8"),
                "--export",
                "csv",
                "-o",
                out.to_str().expect("UTF-8"),
            ],
            &[],
            b"",
        );
        assert_usage_error(
            &result,
            &["--output", "the statistics database", "choose another file"],
        );
    }
    assert!(
        std::fs::read(&stats).expect("stats") == before,
        "the database was not touched"
    );
}

#[test]
fn a_table_the_bankroll_or_the_ramp_cannot_play_is_refused_before_it_opens() {
    let home = TempDir::new("hostile-impossible");
    let rules = home.0.join("rules.toml");
    std::fs::write(&rules, "min_bet = 1000\nmax_bet = 2000\n").expect("rules");
    let rules = rules.to_str().expect("UTF-8");
    // The table used to open and offer a buy-in (counted in the statistics) before every deal.
    let out = run(&home.0, &["--rules", rules, "--no-stats"], &[], b"");
    assert_usage_error(&out, &["--bankroll 100", "smallest bet", "1000"]);
    let out = run(
        &home.0,
        &["--rules", rules, "play", "--bankroll", "999", "--no-stats"],
        &[],
        b"",
    );
    assert_usage_error(&out, &["--bankroll 999", "smallest bet", "1000"]);
    // A ramp asking for bets the table does not take would grade every such bet wrong.
    for (ramp, bet) in [("1,2,100", "100"), ("1,2,4", "1")] {
        let (args, limits): (Vec<&str>, &str) = if bet == "1" {
            (vec!["--rules", rules, "--bankroll", "5000"], "1000 to 2000")
        } else {
            (vec![], "1 to 50")
        };
        let mut args = args;
        args.extend(["--ramp", ramp, "--no-stats"]);
        let out = run(&home.0, &args, &[], b"");
        assert_usage_error(&out, &["--ramp", ramp, bet, limits]);
    }
}

#[test]
fn a_drill_answer_that_is_not_utf8_is_an_unknown_answer_and_the_drill_goes_on() {
    let home = TempDir::new("hostile-drill-bytes");
    // A Latin-1 "é" and a lone continuation byte, then a real answer. The first used to end
    // the drill, silently, as if the input had ended.
    let out = run(
        &home.0,
        &["--seed", "3", "drill", "--kind", "hard", "--no-stats"],
        &[],
        b"\xe9\n\x80h\nh\nq\n",
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(text.matches("Unknown answer").count(), 2, "{text}");
    assert!(
        text.contains("right 0/1") || text.contains("right 1/1"),
        "{text}"
    );
    assert!(!text.contains("no question answered"), "{text}");
}

#[test]
fn an_empty_blackjack_stats_is_unset_as_an_empty_blackjack_config_is() {
    let home = TempDir::new("hostile-empty-env");
    let default = home.0.join("data/blackjack-trainer/stats.db");
    let empty = [("BLACKJACK_STATS", ""), ("BLACKJACK_CONFIG", "")];
    // Each of these said ` is a folder, not a regular file` (the empty path) and stopped.
    let out = run(&home.0, &["stats"], &empty, b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains(&format!("{} does not exist", default.display())),
        "{}",
        stdout(&out)
    );
    let out = run(&home.0, &["review"], &empty, b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run(&home.0, &["config"], &empty, b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains(&default.display().to_string()),
        "{}",
        stdout(&out)
    );
    let out = run(&home.0, &["--seed", "3", "drill"], &empty, b"h\nq\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        default.is_file(),
        "the drill kept its answer in the default file"
    );
}

#[test]
fn speed_takes_the_range_the_preferences_file_takes() {
    let home = TempDir::new("hostile-speed");
    // 18446744073709551615 ms was taken: the AI seats and the dealer waited for a key at every
    // card. The preferences file has always refused `speed` past 10000.
    for speed in ["10001", "18446744073709551615"] {
        let out = run(&home.0, &["config", "--speed", speed], &[], b"");
        assert_usage_error(&out, &["--speed", speed, "0..=10000"]);
    }
    let out = run(&home.0, &["config", "--speed", "10000"], &[], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("speed = 10000"), "{}", stdout(&out));
}

#[test]
#[cfg(unix)]
fn config_init_force_never_writes_into_a_pipe_a_device_or_a_folder() {
    let home = TempDir::new("hostile-config-init");
    let fifo = home.0.join("config.toml");
    mkfifo(&fifo);
    // The pipe hung the command until a reader came; /dev/null "took" the file and the
    // command said it was written (and any device named would have been written to).
    let out = run(
        &home.0,
        &[
            "config",
            "--init",
            "--force",
            "--config",
            fifo.to_str().expect("UTF-8"),
        ],
        &[],
        b"",
    );
    assert_usage_error(
        &out,
        &["named pipe (FIFO)", "not a regular file", "not written"],
    );
    let out = run(
        &home.0,
        &["config", "--init", "--force"],
        &[("BLACKJACK_CONFIG", "/dev/null")],
        b"",
    );
    assert_usage_error(&out, &["/dev/null", "a character device", "not written"]);
    let out = run(
        &home.0,
        &[
            "config",
            "--init",
            "--force",
            "--config",
            home.0.to_str().expect("UTF-8"),
        ],
        &[],
        b"",
    );
    assert_usage_error(&out, &["a folder", "not written"]);
    // A regular file is replaced, as --force says.
    let file = home.0.join("mine.toml");
    std::fs::write(&file, "seats = 2\n").expect("a file");
    let out = run(
        &home.0,
        &[
            "config",
            "--init",
            "--force",
            "--config",
            file.to_str().expect("UTF-8"),
        ],
        &[],
        b"",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_ne!(
        std::fs::read_to_string(&file).expect("the file"),
        "seats = 2\n"
    );
}
