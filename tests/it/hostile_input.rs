//! Hostile input, second part (issue 35, outside the store): exports that never replace what
//! is not a file, `config` refusing what `play` refuses, and the words of the command line.
//! Every file written is in a temp folder; devices are made there with `mknod` (as root) and
//! never taken from /dev. The stuck-input cases (B1) are in `terminal.rs`, beside the pty.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{self, TempDir, stderr, stdout};

/// Runs the binary at home in `home`, with `input` on standard input, within ten seconds (a
/// pipe or a device must never hang it: [`common::run_within`]).
fn run(home: &Path, args: &[&str], input: &[u8]) -> Output {
    common::run_within(home, args, &[], input)
}

/// A failure with `code` whose standard error holds every one of `needles` (and no panic).
fn assert_fails(out: &Output, code: i32, needles: &[&str]) {
    let err = stderr(out);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(code), "{err}");
    for needle in needles {
        assert!(err.contains(needle), "{needle:?} missing from: {err}");
    }
}

/// A statistics database in `home`, written by one drill answer.
fn drilled_stats(home: &Path) -> PathBuf {
    let stats = home.join("stats.db");
    let out = run(home, &["--seed", "3", "drill", "--stats", utf8(&stats)], b"h\nq\n");
    assert!(out.status.success(), "{}", stderr(&out));
    stats
}

fn utf8(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 temp path")
}

/// `stats --export csv -o to` on the database `stats`.
fn export_to(home: &Path, stats: &Path, to: &Path) -> Output {
    run(home, &["stats", "--stats", utf8(stats), "--export", "csv", "-o", utf8(to)], b"")
}

#[cfg(unix)]
fn c_path(path: &Path) -> std::ffi::CString {
    use std::os::unix::ffi::OsStrExt;
    std::ffi::CString::new(path.as_os_str().as_bytes()).expect("no NUL in the path")
}

#[cfg(unix)]
fn file_type(path: &Path) -> std::fs::FileType {
    std::fs::symlink_metadata(path).expect("still there").file_type()
}

#[test]
#[cfg(unix)]
fn an_export_writes_through_a_pipe_and_never_replaces_it() {
    use std::io::Read;
    use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
    let home = TempDir::new("input-export-fifo");
    let stats = drilled_stats(&home.0);
    let fifo = home.path("pipe");
    // SAFETY: a NUL-terminated path that lives for the whole call.
    assert_eq!(unsafe { libc::mkfifo(c_path(&fifo).as_ptr(), 0o644) }, 0);
    // The reader is this test, open before the export starts and never waiting: what the
    // export writes stays in the pipe's buffer (an export this small fits) until read.
    let mut reader = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(&fifo)
        .expect("the pipe's reading end");
    let out = export_to(&home.0, &stats, &fifo);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut read = String::new();
    let _ = reader.read_to_string(&mut read);
    assert!(read.starts_with("key,label,decisions"), "the CSV came through: {read:?}");
    assert!(file_type(&fifo).is_fifo(), "still a pipe");
    assert!(!stderr(&out).contains(".blackjack-export"), "no temporary name: {}", stderr(&out));
}

#[test]
#[cfg(unix)]
fn an_export_follows_a_link_and_leaves_it_a_link() {
    let home = TempDir::new("input-export-link");
    let stats = drilled_stats(&home.0);
    let target = home.path("target.csv");
    std::fs::write(&target, "old").expect("a file");
    let link = home.path("link.csv");
    std::os::unix::fs::symlink(&target, &link).expect("a link");
    let out = export_to(&home.0, &stats, &link);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(file_type(&link).is_symlink(), "the link stays a link");
    let written = std::fs::read_to_string(&target).expect("the target");
    assert!(written.starts_with("key,label,decisions"), "{written:?}");

    // A link to nothing is refused, and stays.
    let dangling = home.path("dangling.csv");
    std::os::unix::fs::symlink(home.path("nowhere/x.csv"), &dangling).expect("a link");
    let out = export_to(&home.0, &stats, &dangling);
    assert_fails(&out, 2, &[utf8(&dangling), "a link to nothing"]);
    assert!(file_type(&dangling).is_symlink());
}

#[test]
fn an_export_to_a_folder_says_so_once() {
    let home = TempDir::new("input-export-folder");
    let stats = drilled_stats(&home.0);
    let folder = home.path("exports");
    std::fs::create_dir(&folder).expect("a folder");
    let out = export_to(&home.0, &stats, &folder);
    assert_fails(&out, 2, &[&format!("{} is a folder: give a file name", utf8(&folder))]);
    let err = stderr(&out);
    assert_eq!(err.matches("is a folder").count(), 1, "said once: {err}");
    assert!(!err.contains("os error"), "{err}");
}

/// A device node like /dev/full (major 1, minor 7 on Linux: every write fails with "no
/// space") made in a temp folder; `None` where it cannot be made (not root, not Linux).
#[cfg(target_os = "linux")]
fn full_device(dir: &Path) -> Option<PathBuf> {
    let full = dir.join("full");
    // SAFETY: a NUL-terminated path that lives for the whole call.
    let made =
        unsafe { libc::mknod(c_path(&full).as_ptr(), libc::S_IFCHR | 0o666, libc::makedev(1, 7)) };
    (made == 0).then_some(full)
}

#[test]
#[cfg(target_os = "linux")]
fn an_export_to_a_full_device_fails_with_status_1_and_leaves_the_device() {
    use std::os::unix::fs::FileTypeExt;
    let home = TempDir::new("input-export-full");
    let stats = drilled_stats(&home.0);
    let Some(full) = full_device(&home.0) else {
        eprintln!("skipped: no device node can be made here (not root)");
        return;
    };
    let out = export_to(&home.0, &stats, &full);
    assert_fails(&out, 1, &[&format!("cannot write {}", utf8(&full)), "no space left"]);
    assert!(!stderr(&out).contains("Exported"), "{}", stderr(&out));
    assert!(!stderr(&out).contains("os error"), "{}", stderr(&out));
    assert!(file_type(&full).is_char_device(), "still the device");
    // Through a link, the same.
    let link = home.path("full-link");
    std::os::unix::fs::symlink(&full, &link).expect("a link");
    assert_fails(&export_to(&home.0, &stats, &link), 1, &["no space left"]);
    assert!(file_type(&link).is_symlink() && file_type(&full).is_char_device());
}

#[test]
#[cfg(unix)]
fn an_export_to_a_socket_is_refused_in_a_sentence() {
    use std::os::unix::fs::FileTypeExt;
    let home = TempDir::new("input-export-socket");
    let stats = drilled_stats(&home.0);
    let socket = home.path("sock");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).expect("a socket");
    let out = export_to(&home.0, &stats, &socket);
    assert_fails(&out, 2, &[utf8(&socket), "is a socket"]);
    assert!(file_type(&socket).is_socket());
}

/// A preferences file holding `lines`, in `home`.
fn preferences(home: &TempDir, lines: &str) -> PathBuf {
    let path = home.path("prefs.toml");
    std::fs::write(&path, lines).expect("a preferences file");
    path
}

#[test]
fn config_refuses_the_first_bet_play_refuses_in_the_same_words() {
    let home = TempDir::new("input-config-bet");
    for lines in ["bet = 51\n", "bet = 200\nbankroll = 100\n"] {
        let prefs = preferences(&home, lines);
        let config = run(&home.0, &["--config", utf8(&prefs), "config"], b"");
        assert_fails(&config, 2, &["in the config file is refused"]);
        // `play` says the same before it needs a terminal (there is none here).
        let play = run(&home.0, &["--config", utf8(&prefs), "--no-stats"], b"");
        assert_eq!(play.status.code(), Some(2), "{}", stderr(&play));
        assert_eq!(stderr(&config), stderr(&play), "the same sentence");
        assert!(stdout(&config).is_empty(), "nothing listed: {}", stdout(&config));
    }
    let prefs = preferences(&home, "bet = 50\n");
    let config = run(&home.0, &["--config", utf8(&prefs), "config"], b"");
    assert!(config.status.success(), "{}", stderr(&config));
    assert!(stdout(&config).contains("bet = 50"), "{}", stdout(&config));
}

#[test]
fn a_list_with_an_empty_item_is_refused_alike_for_cards_and_bets() {
    let home = TempDir::new("input-lists");
    for args in [
        &["ev", "--hand", "8,,8", "--up", "6"][..],
        &["ev", "--hand", "8,8,", "--up", "6"],
        &["sim", "--count", "hilo", "--ramp", "1,,2", "--hands", "10"],
    ] {
        let out = run(&home.0, args, b"");
        assert_fails(&out, 2, &["has an empty item"]);
    }
}

#[test]
fn options_that_would_do_nothing_are_refused_in_a_sentence() {
    let home = TempDir::new("input-unread");
    let out =
        run(&home.0, &["drill", "--no-stats", "--kind", "hard", "--resolution", "quarter"], b"q\n");
    assert_fails(&out, 2, &["`--resolution` does nothing with `--kind hard`", "--kind true-count"]);
    let stats = drilled_stats(&home.0);
    for flag in ["--days", "--sessions"] {
        let out = run(&home.0, &["stats", "--stats", utf8(&stats), "--export", "json", flag], b"");
        assert_fails(&out, 2, &[&format!("{flag} does nothing with --export json")]);
        assert!(stdout(&out).is_empty(), "nothing exported: {}", stdout(&out));
    }
}

#[test]
fn a_range_is_said_in_words() {
    let home = TempDir::new("input-range");
    let out = run(&home.0, &["review", "--last", "0"], b"");
    assert_fails(&out, 2, &["must be 1 or more"]);
    assert!(!stderr(&out).contains("18446744073709551615"), "{}", stderr(&out));
}

#[test]
fn a_huge_number_in_a_rules_file_is_quoted_as_written() {
    let home = TempDir::new("input-huge");
    let rules = home.path("rules.toml");
    std::fs::write(&rules, "blackjack_pays = 1e308\n").expect("a rules file");
    let out = run(&home.0, &["--rules", utf8(&rules), "rules"], b"");
    assert_fails(&out, 2, &["`blackjack_pays = 1e308` is not allowed"]);
    assert!(!stderr(&out).contains("00000000000"), "{}", stderr(&out));
}

/// The writing end of a pipe whose reader is already closed.
#[cfg(unix)]
fn closed_pipe() -> std::fs::File {
    use std::os::fd::FromRawFd;
    let mut ends = [0; 2];
    // SAFETY: `ends` has room for the two descriptors `pipe` writes.
    assert_eq!(unsafe { libc::pipe(ends.as_mut_ptr()) }, 0);
    // SAFETY: both descriptors are fresh and owned here from now on.
    let (reader, writer) =
        unsafe { (std::fs::File::from_raw_fd(ends[0]), std::fs::File::from_raw_fd(ends[1])) };
    drop(reader);
    writer
}

#[test]
#[cfg(unix)]
fn help_that_cannot_be_written_is_an_error_said_on_standard_error() {
    // A pipe whose reader is closed before the program starts.
    let writer = closed_pipe();
    let home = TempDir::new("input-help");
    let out = common::blackjack_at(Some(&home.0), &["--help"], &[])
        .stdout(writer)
        .output()
        .expect("the binary runs");
    assert_fails(&out, 1, &["cannot write the help to standard output"]);
    // A command's output cut short the same way.
    let writer = closed_pipe();
    let out = common::blackjack_at(Some(&home.0), &["rules"], &[])
        .stdout(writer)
        .output()
        .expect("the binary runs");
    assert_fails(&out, 1, &["standard output was closed"]);
    #[cfg(target_os = "linux")]
    if let Some(full) = full_device(&home.0) {
        for args in [&["--help"][..], &["--version"]] {
            let device = std::fs::OpenOptions::new().write(true).open(&full).expect("the device");
            let out = common::blackjack_at(Some(&home.0), args, &[])
                .stdout(device)
                .output()
                .expect("the binary runs");
            assert_fails(&out, 1, &["cannot write", "no space left"]);
        }
    }
}
