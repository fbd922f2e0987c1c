//! The statistics database from the binary, as a player meets it: the files of an earlier
//! build taken in, sessions sharing one database, and hostile surroundings — a path that holds
//! something else, a damaged file, a read-only or newer database, a link to nothing, a full
//! disk, a clock that ran ahead. Every file is in a temporary folder.

use std::path::{Path, PathBuf};
use std::process::Output;

use blackjack_trainer::store::schema::{APPLICATION_ID, VERSION};

use crate::common;

/// Runs the binary at home in `home` with `input` on standard input.
fn run(home: &Path, args: &[&str], env: &[(&str, &str)], input: &str) -> Output {
    common::run_at(home, args, env, input.as_bytes())
}

use crate::common::{stderr, stdout};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/legacy-v1");

/// The fixture file `name`, as text.
fn fixture(name: &str) -> String {
    std::fs::read_to_string(Path::new(FIXTURES).join(name)).expect("a fixture")
}

/// The earlier build's files copied into `dir`.
fn legacy_files(dir: &Path) {
    for name in ["stats.json", "stats.history.jsonl"] {
        std::fs::copy(Path::new(FIXTURES).join(name), dir.join(name)).expect("copied");
    }
}

/// Every entry in `dir` with the bytes of the regular files (a FIFO is not opened), sorted by
/// name. (Only the Unix-only tests need it.)
#[cfg(unix)]
fn listing(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .expect("a folder")
        .map(|e| {
            let e = e.expect("an entry");
            let regular = e.file_type().is_ok_and(|t| t.is_file());
            let bytes =
                if regular { std::fs::read(e.path()).unwrap_or_default() } else { Vec::new() };
            (e.file_name().to_string_lossy().into_owned(), bytes)
        })
        .collect();
    files.sort();
    files
}

/// The day the fixtures were last written on, as "today" for every figure that depends on it.
const TODAY: (&str, &str) = ("BLACKJACK_TODAY", "2026-12-04");

#[test]
fn the_old_files_are_imported_once_and_every_figure_and_entry_comes_through() {
    let dir = tempfile::tempdir().expect("a folder");
    let home = dir.path();
    legacy_files(home);
    let db = home.join("stats.db");
    let d = db.to_str().expect("UTF-8");
    let first = run(home, &["stats", "--stats", d], &[TODAY], "");
    assert!(first.status.success(), "{}", stderr(&first));
    assert!(
        stderr(&first).contains("Imported the statistics of an earlier version")
            && stderr(&first).contains("left as they were"),
        "{}",
        stderr(&first)
    );
    // What the earlier build printed for its files, figure for figure.
    let expected = fixture("stats-output.txt").replace("/tmp/fx/stats.json", d);
    assert_eq!(stdout(&first), expected);
    // Said once: the second time, nothing is imported again.
    let second = run(home, &["stats", "--stats", d], &[TODAY], "");
    assert!(!stderr(&second).contains("Imported"), "{}", stderr(&second));
    assert_eq!(stdout(&second), expected);
    // Every entry of the hand history, as `review --json` gave it (but the reasons, which the
    // review words afresh from the analysis).
    let review = run(home, &["review", "--json", "--stats", d], &[TODAY], "");
    let mut got: serde_json::Value = serde_json::from_slice(&review.stdout).expect("JSON");
    let mut want: serde_json::Value = serde_json::from_str(&fixture("review.json")).expect("JSON");
    let reasons = without_reasons(&mut got);
    assert!(reasons > 170 && without_reasons(&mut want) == reasons, "{reasons}");
    assert_eq!(got["entries"], want["entries"]);
    // The exports, row for row.
    for (args, name) in [
        (vec!["--export", "csv"], "cells.csv"),
        (vec!["--export", "csv", "--sessions"], "sessions.csv"),
    ] {
        let mut all = vec!["stats", "--stats", d];
        all.extend(args);
        let out = run(home, &all, &[TODAY], "");
        assert_eq!(stdout(&out), fixture(name), "{name}");
    }
    let json = run(home, &["stats", "--stats", d, "--export", "json"], &[TODAY], "");
    let got: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    let want: serde_json::Value = serde_json::from_str(&fixture("export.json")).expect("JSON");
    for key in ["sessions", "lifetime", "cells", "session_rows", "due_today", "days_in_a_row"] {
        assert_eq!(got[key], want[key], "{key}");
    }
    // The old files, byte for byte.
    for name in ["stats.json", "stats.history.jsonl"] {
        assert_eq!(
            std::fs::read(home.join(name)).expect("kept"),
            std::fs::read(Path::new(FIXTURES).join(name)).expect("fixture"),
            "{name}"
        );
    }
}

/// Takes the `reason` out of every decision of a `review --json`; returns how many there were
/// (each a string).
fn without_reasons(review: &mut serde_json::Value) -> usize {
    let mut taken = 0;
    for entry in review["entries"].as_array_mut().expect("entries") {
        let decisions: Vec<&mut serde_json::Value> = match entry.get_mut("decisions") {
            Some(list) => list.as_array_mut().expect("a list").iter_mut().collect(),
            None => entry.get_mut("decision").into_iter().collect(),
        };
        for decision in decisions {
            let reason =
                decision.as_object_mut().and_then(|d| d.remove("reason")).expect("a reason");
            assert!(reason.is_string(), "{reason}");
            taken += 1;
        }
    }
    taken
}

#[test]
fn the_imported_figures_and_new_rows_add_up() {
    let dir = tempfile::tempdir().expect("a folder");
    let home = dir.path();
    legacy_files(home);
    let db = home.join("stats.db");
    let d = db.to_str().expect("UTF-8");
    let out =
        run(home, &["--seed", "5", "drill", "--kind", "hard", "--stats", d], &[TODAY], "s\ns\nh\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let (sessions, lifetime) = common::lifetime(&db);
    assert_eq!(sessions, 13, "the 12 imported, and this one");
    assert_eq!(lifetime.overall.decisions, 171 + 3);
    assert_eq!(lifetime.play.rounds, 107);
}

/// An old statistics file that cannot be read beside a good hand history: the history's rows
/// are the only figures there are, and they count.
#[test]
fn a_damaged_old_statistics_file_leaves_the_history_counted() {
    let dir = tempfile::tempdir().expect("a folder");
    let home = dir.path();
    legacy_files(home);
    let stats = home.join("stats.json");
    let text = std::fs::read(&stats).expect("the fixture");
    std::fs::write(&stats, &text[..text.len() / 2]).expect("cut short");
    let db = home.join("stats.db");
    let d = db.to_str().expect("UTF-8");
    let out =
        run(home, &["--seed", "5", "drill", "--kind", "hard", "--stats", d], &[TODAY], "s\ns\nh\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let (sessions, lifetime) = common::lifetime(&db);
    assert_eq!(sessions, 2, "the imported history's, and this one");
    assert_eq!(lifetime.play.rounds, 107);
    assert!(lifetime.overall.decisions > 3, "{}", lifetime.overall.decisions);
    // The file as it was.
    assert_eq!(std::fs::read(&stats).expect("kept"), &text[..text.len() / 2]);
}

#[test]
fn two_tables_and_a_drill_at_once_keep_every_row() {
    let dir = tempfile::tempdir().expect("a folder");
    let home = dir.path().to_owned();
    let db = home.join("shared.db");
    let answers = 40;
    let children: Vec<_> = (0..3)
        .map(|i| {
            let home = home.clone();
            let db = db.clone();
            std::thread::spawn(move || {
                let seed = (10 + i).to_string();
                let kind = if i == 2 { "true-count" } else { "all" };
                let input = if i == 2 { "0\n" } else { "s\n" }.repeat(answers);
                run(
                    &home,
                    &[
                        "--seed",
                        &seed,
                        "drill",
                        "--kind",
                        kind,
                        "--stats",
                        db.to_str().expect("UTF-8"),
                    ],
                    &[],
                    &input,
                )
            })
        })
        .collect();
    let outs: Vec<_> =
        children.into_iter().map(|child| child.join().expect("the thread ends")).collect();
    for out in &outs {
        assert!(out.status.success(), "{}\n{}", stdout(out), stderr(out));
        assert!(!stdout(out).contains("not saved"), "{}", stdout(out));
    }
    let (sessions, lifetime) = common::lifetime(&db);
    assert_eq!(sessions, 3);
    assert_eq!(lifetime.overall.decisions, 2 * answers as u64);
    assert_eq!(lifetime.skills["true-count"].asked, answers as u64);
}

/// A database made by one drill answer at `path`.
fn drilled(home: &Path, path: &Path) {
    let out =
        run(home, &["--seed", "3", "drill", "--stats", path.to_str().expect("UTF-8")], &[], "h\n");
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
#[cfg(unix)]
fn the_database_is_created_for_its_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("a folder");
    let db = dir.path().join("mine.db");
    drilled(dir.path(), &db);
    let mode = std::fs::metadata(&db).expect("made").permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    // Its backup too.
    let copy = dir.path().join("copy.db");
    let out = run(
        dir.path(),
        &[
            "stats",
            "--stats",
            db.to_str().expect("UTF-8"),
            "--backup",
            copy.to_str().expect("UTF-8"),
        ],
        &[],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let mode = std::fs::metadata(&copy).expect("backed up").permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
}

#[test]
#[cfg(unix)]
fn a_named_path_holding_anything_else_is_refused_and_left_exactly_as_it_was() {
    let dir = tempfile::tempdir().expect("a folder");
    let home = dir.path();
    let folder = home.join("a-folder.db");
    std::fs::create_dir(&folder).expect("a folder");
    let fifo = home.join("a-fifo.db");
    let c_path = std::ffi::CString::new(fifo.to_str().expect("UTF-8")).expect("no NUL");
    // SAFETY: a NUL-terminated path that lives for the whole call.
    assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o644) }, 0);
    let text = home.join("notes.txt");
    std::fs::write(&text, "my notes\n").expect("written");
    let legacy = home.join("old.json");
    std::fs::write(&legacy, fixture("stats.json")).expect("written");
    let other = home.join("other-app.sqlite");
    {
        let conn = rusqlite::Connection::open(&other).expect("a database");
        conn.execute_batch(
            "CREATE TABLE t (x); INSERT INTO t VALUES (1); PRAGMA application_id = 7;",
        )
        .expect("another program's");
    }
    let before = listing(home);
    for (path, says) in [
        (&folder, "a folder"),
        (&fifo, "a named pipe"),
        (&text, "not an SQLite database"),
        (&legacy, "a statistics file of an earlier version"),
        (&other, "another program"),
    ] {
        let p = path.to_str().expect("UTF-8");
        for args in
            [vec!["drill", "--stats", p], vec!["stats", "--stats", p], vec!["review", "--stats", p]]
        {
            let out = run(home, &args, &[], "h\n");
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
            assert!(err.contains(says) && !err.contains("panicked"), "{args:?}: {err}");
        }
        let env = run(home, &["drill"], &[("BLACKJACK_STATS", p)], "h\n");
        assert_eq!(env.status.code(), Some(1), "{}", stderr(&env));
    }
    assert!(listing(home) == before, "nothing moved, written or made");
}

#[test]
#[cfg(unix)]
fn a_symlink_is_followed_and_a_dangling_one_is_refused() {
    let dir = tempfile::tempdir().expect("a folder");
    let home = dir.path();
    let target = home.join("real.db");
    let link = home.join("link.db");
    std::os::unix::fs::symlink(&target, &link).expect("a link");
    // A link to nothing: refused, and nothing made (not the file, not a folder).
    let out = run(home, &["drill", "--stats", link.to_str().expect("UTF-8")], &[], "h\n");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("does not exist"), "{}", stderr(&out));
    assert!(!target.exists());
    let deep = home.join("deep.db");
    std::os::unix::fs::symlink(home.join("no/such/folder/x.db"), &deep).expect("a link");
    let out = run(home, &["drill", "--stats", deep.to_str().expect("UTF-8")], &[], "h\n");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(!home.join("no").exists(), "no folder is made");
    // A link to a database: the database is written, the link stays a link.
    drilled(home, &target);
    drilled(home, &link);
    assert!(std::fs::symlink_metadata(&link).expect("there").file_type().is_symlink());
    assert_eq!(common::lifetime(&target).1.overall.decisions, 2);
    // A named path in a folder that does not exist is refused; no folder is made.
    let missing = home.join("missing/stats.db");
    let out = run(home, &["drill", "--stats", missing.to_str().expect("UTF-8")], &[], "h\n");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(!home.join("missing").exists());
}

/// The default database in `home`'s data folder.
fn default_db(home: &Path) -> PathBuf {
    home.join("data/blackjack-trainer/stats.db")
}

#[test]
fn a_damaged_database_at_the_default_path_is_kept_as_a_backup_and_the_table_starts_afresh() {
    let dir = tempfile::tempdir().expect("a folder");
    let home = dir.path();
    let db = default_db(home);
    std::fs::create_dir_all(db.parent().expect("a folder")).expect("made");
    let garbage = b"this is not a database, it was overwritten\n".repeat(200);
    std::fs::write(&db, &garbage).expect("written");
    let out = run(home, &["--seed", "3", "drill"], &[], "h\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("kept as"), "{}", stdout(&out));
    // Named as every backup is: `stats.db.2026-12-07T00-30-29.bak`.
    let backups = || -> Vec<PathBuf> {
        let mut found: Vec<PathBuf> = std::fs::read_dir(db.parent().expect("a folder"))
            .expect("a folder")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.to_string_lossy().ends_with(".bak"))
            .collect();
        found.sort();
        found
    };
    let backup = backups().pop().expect("a backup");
    let name = backup.file_name().expect("a name").to_string_lossy().into_owned();
    assert!(name.starts_with("stats.db.20") && name.contains('T'), "{name}");
    assert_eq!(std::fs::read(&backup).expect("the backup"), garbage);
    assert_eq!(common::lifetime(&db).1.overall.decisions, 1, "a fresh one");
    // Damaged again: the first backup is kept, the second gets a name of its own.
    let mut damaged = std::fs::read(&db).expect("the database");
    for byte in damaged.iter_mut().skip(100).take(4000) {
        *byte = 0x55;
    }
    std::fs::write(&db, &damaged).expect("damaged");
    let out = run(home, &["--seed", "3", "drill"], &[], "h\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read(&backup).expect("still there"), garbage);
    let backups = backups();
    assert_eq!(backups.len(), 2, "{backups:?}");
}

#[test]
#[cfg(unix)]
fn a_read_only_database_is_read_and_never_written() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("a folder");
    let home = dir.path();
    let db = home.join("stats.db");
    drilled(home, &db);
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o444)).expect("read-only");
    let before = listing(home);
    let out =
        run(home, &["--seed", "4", "drill", "--stats", db.to_str().expect("UTF-8")], &[], "h\n");
    let text = stdout(&out);
    // Work not saved ends the command as a full disk does: status 1, and why.
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("not saved: its permissions forbid writing"), "{}", stderr(&out));
    assert!(text.contains("read-only") && !text.contains("Statistics kept"), "{text}");
    assert!(listing(home) == before, "nothing written");
    let stats = run(home, &["stats", "--stats", db.to_str().expect("UTF-8")], &[], "");
    assert!(stdout(&stats).contains("Decisions right        0 of 1"), "{}", stdout(&stats));
}

#[test]
fn a_database_of_a_newer_version_is_read_and_never_written() {
    let dir = tempfile::tempdir().expect("a folder");
    let home = dir.path();
    let db = home.join("stats.db");
    drilled(home, &db);
    {
        let conn = rusqlite::Connection::open(&db).expect("opens");
        conn.pragma_update(None, "user_version", VERSION + 1).expect("newer");
        let id: i32 = conn.pragma_query_value(None, "application_id", |r| r.get(0)).expect("id");
        assert_eq!(id, APPLICATION_ID);
    }
    let before = std::fs::read(&db).expect("the database");
    let out =
        run(home, &["--seed", "4", "drill", "--stats", db.to_str().expect("UTF-8")], &[], "h\n");
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("not saved: written by a newer version"), "{}", stderr(&out));
    assert!(text.contains("newer version") && !text.contains("Statistics kept"), "{text}");
    // The database is not written, and no journal file is left beside it.
    assert!(std::fs::read(&db).expect("the database") == before, "nothing written");
    for journal in ["stats.db-wal", "stats.db-shm"] {
        assert!(!home.join(journal).exists(), "{journal} left behind");
    }
}

#[test]
fn with_no_room_to_write_nothing_claims_to_be_kept_and_the_exit_status_is_1() {
    let dir = tempfile::tempdir().expect("a folder");
    let home = dir.path();
    let db = home.join("stats.db");
    drilled(home, &db);
    let before = common::lifetime(&db).1.overall.decisions;
    // Files may not grow past 32 KiB: the journal takes a few answers, then no more.
    let script = format!(
        "ulimit -f 64; exec '{}' --seed 4 drill --kind hard --stats '{}'",
        env!("CARGO_BIN_EXE_blackjack"),
        db.display()
    );
    let full = std::process::Command::new("sh")
        .args(["-c", &script])
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env_remove("BLACKJACK_STATS")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("sh runs");
    let full = {
        use std::io::Write;
        let mut child = full;
        child.stdin.take().expect("stdin").write_all(&b"s\n".repeat(8)).expect("answers");
        child.wait_with_output().expect("it ends")
    };
    let (out, err) = (stdout(&full), stderr(&full));
    assert_eq!(full.status.code(), Some(1), "{out}\n{err}");
    assert!(out.contains("not saved") && !out.contains("Statistics kept"), "{out}");
    assert!(err.contains("drill answers not saved"), "{err}");
    // What was written before the room ran out is kept, and nothing after it.
    let after = common::lifetime(&db).1.overall.decisions;
    assert!(before < after && after < before + 8, "{before} → {after}");
}

#[test]
fn counting_answers_are_in_the_history() {
    let dir = tempfile::tempdir().expect("a folder");
    let home = dir.path();
    let db = home.join("stats.db");
    let d = db.to_str().expect("UTF-8");
    let out =
        run(home, &["--seed", "6", "drill", "--kind", "true-count", "--stats", d], &[], "1\n-1\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let review = run(home, &["review", "--json", "--stats", d], &[], "");
    let value: serde_json::Value = serde_json::from_slice(&review.stdout).expect("JSON");
    let entries = value["entries"].as_array().expect("entries");
    assert_eq!(entries.len(), 2, "{value:#}");
    for entry in entries {
        assert_eq!(entry["type"], "count");
        assert_eq!(entry["skill"], "true-count");
        assert!(entry["question"].as_str().is_some_and(|q| q.contains("true count")));
        assert!(entry["truth"].is_string() && entry["answer"].is_string());
    }
}

#[test]
fn a_clock_that_ran_ahead_neither_hides_the_cells_missed_nor_ends_the_run_of_days() {
    let dir = tempfile::tempdir().expect("a folder");
    let home = dir.path();
    let db = home.join("stats.db");
    let d = db.to_str().expect("UTF-8");
    let drill = |day: &str, input: &str| {
        let out = run(
            home,
            &["--seed", "7", "drill", "--kind", "hard", "--stats", d],
            &[("BLACKJACK_TODAY", day)],
            input,
        );
        assert!(out.status.success(), "{}", stderr(&out));
    };
    for day in ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"] {
        drill(day, "s\n");
    }
    // Once a year ahead, with misses (doubling a hard total the chart never doubles).
    drill("2027-12-04", "s\nh\nd\ns\n");
    let stats = run(home, &["stats", "--stats", d], &[("BLACKJACK_TODAY", "2026-12-05")], "");
    let text = stdout(&stats);
    let line =
        text.lines().find(|l| l.contains("Spaced practice")).unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains("4 days in a row"), "{line}");
    assert!(!line.contains(" 0 cells"), "{line}");
    let due = run(
        home,
        &["--seed", "7", "drill", "--kind", "due", "--stats", d],
        &[("BLACKJACK_TODAY", "2026-12-05")],
        "q\n",
    );
    assert!(
        stdout(&due).contains("due today (2026-12-05)"),
        "the cells missed are due today, not in 2027: {}",
        stdout(&due)
    );
}

#[test]
fn sqlite3_reads_the_database() {
    let Ok(sqlite3) = which("sqlite3") else {
        eprintln!("no sqlite3 shell on this machine: the schema is checked through rusqlite");
        let dir = tempfile::tempdir().expect("a folder");
        let db = dir.path().join("stats.db");
        drilled(dir.path(), &db);
        let conn = rusqlite::Connection::open(&db).expect("opens");
        let n: i64 = conn
            .query_row("SELECT COUNT(*) FROM decisions WHERE drill IS NOT NULL", [], |r| r.get(0))
            .expect("a query");
        assert_eq!(n, 1);
        return;
    };
    let dir = tempfile::tempdir().expect("a folder");
    let db = dir.path().join("stats.db");
    drilled(dir.path(), &db);
    let out = std::process::Command::new(sqlite3)
        .arg(&db)
        .arg("SELECT cell, chosen, best, correct FROM decisions;")
        .output()
        .expect("sqlite3 runs");
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("|hit|"), "{text}");
}

/// The path of `program` on `$PATH`.
fn which(program: &str) -> Result<PathBuf, ()> {
    std::env::var_os("PATH")
        .and_then(|paths| {
            std::env::split_paths(&paths).map(|dir| dir.join(program)).find(|p| p.is_file())
        })
        .ok_or(())
}
