//! Hostile and careless input, from the binary: each case here once hung, panicked, or lost or
//! overwrote the player's files. Every file written is in a temp folder; the binary never sees
//! the real user's config or statistics.

use std::path::Path;
use std::process::Output;
use std::time::{Duration, Instant};

use crate::common;
use common::TempDir;

/// Runs the binary with `args` and `input` on standard input, with the config and data folders
/// inside `home`, within ten seconds ([`common::run_within`]).
fn run(home: &Path, args: &[&str], env: &[(&str, &str)], input: &[u8]) -> Output {
    common::run_within(home, args, env, input)
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
    assert_usage_error(&out, &["rules file", "named pipe (FIFO)", "not a regular file"]);
    let out = run(&home.0, &["--rules", "/dev/zero", "rules"], &[], b"");
    assert_usage_error(&out, &["rules file /dev/zero", "a character device"]);
    let out = run(&home.0, &["--config", fifo, "config"], &[], b"");
    assert_usage_error(&out, &["config file", "named pipe (FIFO)"]);
    let out = run(&home.0, &["config"], &[("BLACKJACK_CONFIG", "/dev/zero")], b"");
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
    let out = run(&home.0, &["--rules", big.to_str().expect("UTF-8"), "rules"], &[], b"");
    assert_usage_error(&out, &["rules file", "2097152 bytes", "at most 1048576"]);
    // Under the limit, comments and all, it loads.
    std::fs::write(&big, line.repeat(100)).expect("a 100 KiB file");
    let out = run(&home.0, &["--rules", big.to_str().expect("UTF-8"), "rules"], &[], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("6 decks"), "{}", stdout(&out));
}

/// A statistics database in `home`, written by one drill answer.
fn drilled_stats(home: &Path) -> std::path::PathBuf {
    let stats = home.join("stats.db");
    let out = run(
        home,
        &["--seed", "3", "drill", "--stats", stats.to_str().expect("UTF-8")],
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
    assert!(std::fs::read(&stats).expect("stats") == before, "the database was not touched");
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
    let out =
        run(&home.0, &["--rules", rules, "play", "--bankroll", "999", "--no-stats"], &[], b"");
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
    assert!(text.contains("right 0/1") || text.contains("right 1/1"), "{text}");
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
    assert!(stdout(&out).contains(&default.display().to_string()), "{}", stdout(&out));
    let out = run(&home.0, &["--seed", "3", "drill"], &empty, b"h\nq\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(default.is_file(), "the drill kept its answer in the default file");
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
        &["config", "--init", "--force", "--config", fifo.to_str().expect("UTF-8")],
        &[],
        b"",
    );
    assert_usage_error(&out, &["named pipe (FIFO)", "not a regular file", "not written"]);
    let out =
        run(&home.0, &["config", "--init", "--force"], &[("BLACKJACK_CONFIG", "/dev/null")], b"");
    assert_usage_error(&out, &["/dev/null", "a character device", "not written"]);
    let out = run(
        &home.0,
        &["config", "--init", "--force", "--config", home.0.to_str().expect("UTF-8")],
        &[],
        b"",
    );
    assert_usage_error(&out, &["a folder", "not written"]);
    // A regular file is replaced, as --force says.
    let file = home.0.join("mine.toml");
    std::fs::write(&file, "seats = 2\n").expect("a file");
    let out = run(
        &home.0,
        &["config", "--init", "--force", "--config", file.to_str().expect("UTF-8")],
        &[],
        b"",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_ne!(std::fs::read_to_string(&file).expect("the file"), "seats = 2\n");
}

// The statistics database beside other processes, old files and hand edits (issue 35).

const LEGACY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/legacy-v1");

/// A count from the database at `db`, read without creating it or writing it (0 where there is
/// no database yet).
fn count(db: &Path, sql: &str) -> i64 {
    use rusqlite::{Connection, OpenFlags};
    Connection::open_with_flags(db, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .and_then(|conn| conn.query_row(sql, [], |row| row.get(0)))
        .unwrap_or(0)
}

/// Waits up to ten seconds for `done`.
fn wait_for(what: &str, done: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !done() {
        assert!(Instant::now() < deadline, "still waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_reset_from_another_process_never_costs_a_running_drill_its_later_answers() {
    use std::io::Write;
    let home = TempDir::new("hostile-reset-beside");
    let db = home.path("s.db");
    let d = db.to_str().expect("UTF-8");
    let mut drill = common::blackjack_at(
        Some(&home.0),
        &["--seed", "3", "drill", "--kind", "hard", "--stats", d],
        &[],
    )
    .spawn()
    .expect("the drill runs");
    let mut answers = drill.stdin.take().expect("stdin is piped");
    answers.write_all(b"s\n").expect("an answer");
    answers.flush().expect("sent");
    wait_for("the first answer's row", || count(&db, "SELECT COUNT(*) FROM decisions") == 1);
    // Another process deletes every row while the drill waits for its next answer.
    let reset = run(&home.0, &["stats", "--stats", d, "--reset", "--yes"], &[], b"");
    assert!(reset.status.success(), "{}", stderr(&reset));
    assert!(
        stdout(&reset).starts_with("Deleted 0 rounds, 1 decision and 0 answers from"),
        "{}",
        stdout(&reset)
    );
    answers.write_all(b"s\nh\n").expect("two more");
    drop(answers);
    let out = drill.wait_with_output().expect("the drill ends");
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(!err.contains("FOREIGN KEY") && !err.contains("not saved"), "{err}");
    assert_eq!(count(&db, "SELECT COUNT(*) FROM decisions"), 2, "both kept");
    assert_eq!(count(&db, "SELECT COUNT(*) FROM sessions"), 1);
}

#[test]
fn four_processes_opening_a_new_database_beside_old_files_import_them_once() {
    for trial in 0..3 {
        let home = TempDir::new("hostile-import-race");
        for name in ["stats.json", "stats.history.jsonl"] {
            std::fs::copy(Path::new(LEGACY).join(name), home.path(name)).expect("copied");
        }
        let db = home.path("stats.db");
        let d = db.to_str().expect("UTF-8");
        let runs: Vec<_> = (0..4)
            .map(|_| {
                common::blackjack_at(Some(&home.0), &["stats", "--stats", d], &[])
                    .spawn()
                    .expect("runs")
            })
            .collect();
        let outs: Vec<Output> =
            runs.into_iter().map(|c| c.wait_with_output().expect("ends")).collect();
        for out in &outs {
            assert!(out.status.success(), "trial {trial}: {}", stderr(out));
        }
        let told = outs.iter().filter(|o| stderr(o).contains("Imported")).count();
        assert_eq!(told, 1, "trial {trial}: said once");
        assert_eq!(count(&db, "SELECT COUNT(*) FROM imports"), 1, "trial {trial}");
        assert_eq!(count(&db, "SELECT COUNT(*) FROM rounds"), 107, "trial {trial}");
        assert_eq!(count(&db, "SELECT COUNT(*) FROM sessions"), 1, "trial {trial}");
    }
}

/// The fixture's hand history with line 5 not UTF-8, line 11 (a round) netting −2·10³⁰⁰ bets
/// and line 12 (a round) dealt in the year 5138.
fn history_with_three_bad_lines() -> Vec<u8> {
    let text = std::fs::read(Path::new(LEGACY).join("stats.history.jsonl")).expect("fixture");
    let mut lines: Vec<Vec<u8>> = text.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    lines[4].insert(10, 0xff);
    let mut round: serde_json::Value = serde_json::from_slice(&lines[10]).expect("a round");
    round["hands"][0]["net"] = (-2.0e300).into();
    lines[10] = serde_json::to_vec(&round).expect("JSON");
    let mut late: serde_json::Value = serde_json::from_slice(&lines[11]).expect("a round");
    late["at"] = 99_999_999_999_999u64.into();
    lines[11] = serde_json::to_vec(&late).expect("JSON");
    lines.join(&b'\n')
}

#[test]
fn old_files_are_imported_line_by_line_and_an_import_of_nothing_is_tried_again() {
    let home = TempDir::new("hostile-import-lines");
    let db = home.path("stats.db");
    let d = db.to_str().expect("UTF-8");
    std::fs::write(home.path("stats.history.jsonl"), history_with_three_bad_lines())
        .expect("written");
    let out = run(&home.0, &["stats", "--stats", d], &[], b"");
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("(127 entries)")
            && err.contains("skipped 3 of 130 lines of")
            && err.contains("line 5 is not UTF-8 text"),
        "{err}"
    );
    assert_eq!(count(&db, "SELECT COUNT(*) FROM rounds"), 105);
    // Every figure reads, and the export too.
    let json = home.path("export.json");
    let j = json.to_str().expect("UTF-8");
    let export = run(&home.0, &["stats", "--stats", d, "--export", "json", "-o", j], &[], b"");
    assert!(export.status.success(), "{}", stderr(&export));

    // A history of which nothing can be read: nothing recorded, so once fixed it is imported.
    let home = TempDir::new("hostile-import-nothing");
    let db = home.path("stats.db");
    let d = db.to_str().expect("UTF-8");
    let history = home.path("stats.history.jsonl");
    std::fs::write(&history, b"{\"version\":1}\n\xff\xfe\n{\"type\":\"teleport\"}\n")
        .expect("written");
    let out = run(&home.0, &["stats", "--stats", d], &[], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("Nothing could be imported") && stderr(&out).contains("tried again"),
        "{}",
        stderr(&out)
    );
    assert_eq!(count(&db, "SELECT COUNT(*) FROM imports"), 0);
    std::fs::copy(Path::new(LEGACY).join("stats.history.jsonl"), &history).expect("fixed");
    let out = run(&home.0, &["stats", "--stats", d], &[], b"");
    assert!(stderr(&out).contains("(130 entries)"), "{}", stderr(&out));
    assert_eq!(count(&db, "SELECT COUNT(*) FROM rounds"), 107);
}

#[test]
fn rows_edited_by_hand_are_left_out_and_said_once_and_no_sql_text_reaches_the_player() {
    let home = TempDir::new("hostile-hand-edits");
    let db = drilled_stats(&home.0);
    let d = db.to_str().expect("UTF-8");
    let more =
        run(&home.0, &["--seed", "5", "drill", "--kind", "hard", "--stats", d], &[], b"s\nh\ns\n");
    assert!(more.status.success(), "{}", stderr(&more));
    {
        let conn = rusqlite::Connection::open(&db).expect("opens");
        conn.execute_batch(
            "PRAGMA ignore_check_constraints = ON;
             UPDATE decisions SET chosen = 'teleport' WHERE id = 1;
             UPDATE decisions SET at = 'abc' WHERE id = 2;
             UPDATE decisions SET cost = 1e308 WHERE id = 3;
             UPDATE sessions SET process = -1 WHERE id = 1;",
        )
        .expect("edited as sqlite3 lets a player edit");
    }
    let json = home.path("export.json");
    let j = json.to_str().expect("UTF-8");
    for args in [
        &["stats", "--stats", d][..],
        &["stats", "--stats", d, "--export", "json", "-o", j],
        &["stats", "--stats", d, "--export", "csv", "--sessions"],
        &["review", "--stats", d],
    ] {
        let out = run(&home.0, args, &[], b"");
        let err = stderr(&out);
        assert!(out.status.success(), "{args:?}: {err}");
        assert!(
            err.contains("holds values no row can hold (1 session, 3 decisions)")
                && err.contains("left out of every figure"),
            "{args:?}: {err}"
        );
        for sql in ["Conversion error", "at index", "Invalid column", "overflow"] {
            assert!(!err.contains(sql), "{args:?}: {err}");
        }
    }
}

#[test]
fn a_damaged_named_database_is_refused_unchanged_and_a_damaged_default_one_moved_aside() {
    let home = TempDir::new("hostile-damaged");
    let db = drilled_stats(&home.0);
    let d = db.to_str().expect("UTF-8");
    let more = run(&home.0, &["drill", "--stats", d], &[], &b"s\n".repeat(40));
    assert!(more.status.success(), "{}", stderr(&more));
    let whole = std::fs::read(&db).expect("the database");
    std::fs::write(&db, &whole[..whole.len() / 2]).expect("cut short");
    let cut = std::fs::read(&db).expect("cut");
    let out = run(&home.0, &["stats", "--stats", d], &[], b"");
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("damaged") && !err.contains("malformed"), "{err}");
    assert_eq!(std::fs::read(&db).expect("kept"), cut, "unchanged");

    // At the default path, the same file is kept aside under the one backup name style.
    let default = home.0.join("data/blackjack-trainer/stats.db");
    std::fs::create_dir_all(default.parent().expect("a folder")).expect("made");
    std::fs::write(&default, &cut).expect("placed");
    let out = run(&home.0, &["--seed", "3", "drill"], &[], b"h\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let said = format!("{}{}", stdout(&out), stderr(&out));
    let backup: Vec<_> = std::fs::read_dir(default.parent().expect("a folder"))
        .expect("listed")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".bak"))
        .collect();
    assert_eq!(backup.len(), 1, "{backup:?}");
    assert!(said.contains(&backup[0].display().to_string()), "{said}");
    let name = backup[0].file_name().expect("named").to_string_lossy().into_owned();
    assert!(
        name.starts_with("stats.db.20") && name.contains('T') && name.ends_with(".bak"),
        "{name}"
    );
    assert_eq!(std::fs::read(&backup[0]).expect("the backup"), cut);
}

#[test]
fn four_drills_starting_one_new_database_at_once_all_keep_their_answers() {
    for trial in 0..5 {
        let home = TempDir::new("hostile-create-race");
        let db = home.path("s.db");
        let d = db.to_str().expect("UTF-8");
        let runs: Vec<_> = (0..4)
            .map(|_| {
                let mut child = common::blackjack_at(
                    Some(&home.0),
                    &["--seed", "2", "drill", "--kind", "hard", "--stats", d],
                    &[],
                )
                .spawn()
                .expect("runs");
                if let Some(mut answers) = child.stdin.take() {
                    use std::io::Write;
                    let _ = answers.write_all(b"h\n");
                }
                child
            })
            .collect();
        for child in runs {
            let out = child.wait_with_output().expect("ends");
            let err = stderr(&out);
            assert!(out.status.success(), "trial {trial}: {err}");
            assert!(!err.contains("another program"), "trial {trial}: {err}");
        }
        assert_eq!(count(&db, "SELECT COUNT(*) FROM decisions"), 4, "trial {trial}");
    }
}

#[test]
fn backing_up_or_resetting_a_database_that_does_not_exist_fails_and_writes_nothing() {
    let home = TempDir::new("hostile-missing-db");
    let d = home.path("none.db");
    let d = d.to_str().expect("UTF-8");
    let copy = home.path("copy.db");
    let c = copy.to_str().expect("UTF-8");
    for args in [
        &["stats", "--stats", d, "--backup", c][..],
        &["stats", "--stats", d, "--reset", "--yes"],
        &["stats", "--stats", d, "--forget-before", "2026-01-01", "--yes"],
    ] {
        let out = run(&home.0, args, &[], b"");
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains("does not exist"), "{}", stderr(&out));
    }
    assert!(!copy.exists() && !home.path("none.db").exists());
}

#[test]
fn the_review_counts_every_entry_though_it_reads_only_those_it_shows() {
    let home = TempDir::new("hostile-review-count");
    let db = home.path("s.db");
    let d = db.to_str().expect("UTF-8");
    let out = run(
        &home.0,
        &["--seed", "4", "drill", "--kind", "hard", "--stats", d],
        &[],
        &b"s\n".repeat(6),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let review = run(&home.0, &["review", "--stats", d, "--last", "2"], &[], b"");
    assert!(stdout(&review).contains("(2 of 6 entries)"), "{}", stdout(&review));
}

#[test]
#[cfg(unix)]
fn an_empty_file_named_as_the_database_gets_the_schema_and_a_new_databases_mode() {
    use std::os::unix::fs::PermissionsExt;
    let home = TempDir::new("hostile-empty-db");
    let db = home.path("empty.db");
    std::fs::write(&db, b"").expect("an empty file");
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o644)).expect("644");
    let d = db.to_str().expect("UTF-8");
    let out = run(&home.0, &["drill", "--stats", d], &[], b"h\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let mode = std::fs::metadata(&db).expect("there").permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    assert_eq!(count(&db, "SELECT COUNT(*) FROM decisions"), 1);
}
