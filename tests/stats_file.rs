//! The statistics file store against what a `--stats` path can name: folders, FIFOs, sockets,
//! devices, symbolic links, read-only files, newer versions, impossible values and another
//! process's lock. Every case runs in a fresh folder under the system temp dir and checks that
//! nothing was renamed and no byte changed.

use std::ffi::CString;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{FileTypeExt, PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use blackjack_trainer::analysis::chart::{Cell, HandKind};
use blackjack_trainer::engine::Action;
use blackjack_trainer::trainer::grade::Grade;
use blackjack_trainer::trainer::stats::{
    OpenNote, ReadOnlyReason, STATS_VERSION, StatsError, StatsFile, StatsStore, Tally,
};

/// A fresh folder of this test's own, removed at the end.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("bj-stats-file-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }

    fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// What a folder holds: each name with its kind and, for a regular file, its bytes.
fn listing(dir: &Path) -> Vec<(String, &'static str, Vec<u8>)> {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("read the folder")
        .map(|entry| {
            let entry = entry.expect("entry");
            let kind = entry.file_type().expect("file type");
            let (label, bytes) = if kind.is_symlink() {
                let target = fs::read_link(entry.path()).expect("link");
                ("link", target.as_os_str().as_bytes().to_vec())
            } else if kind.is_file() {
                ("file", fs::read(entry.path()).expect("bytes"))
            } else if kind.is_dir() {
                ("folder", Vec::new())
            } else if kind.is_fifo() {
                ("fifo", Vec::new())
            } else if kind.is_socket() {
                ("socket", Vec::new())
            } else {
                ("device", Vec::new())
            };
            (
                entry.file_name().to_string_lossy().into_owned(),
                label,
                bytes,
            )
        })
        .collect();
    entries.sort();
    entries
}

fn names(dir: &Path) -> Vec<String> {
    listing(dir).into_iter().map(|(name, _, _)| name).collect()
}

fn c_path(path: &Path) -> CString {
    CString::new(path.as_os_str().as_bytes()).expect("no NUL in a temp path")
}

fn mkfifo(path: &Path) {
    // SAFETY: a NUL-terminated path inside our own temp folder.
    assert_eq!(unsafe { libc::mkfifo(c_path(path).as_ptr(), 0o600) }, 0);
}

/// A session's worth of play: one round, one hand won, two decisions (one wrong), a count.
fn sample() -> Tally {
    let grade = |right: bool| Grade {
        cell: Cell {
            kind: HandKind::Hard,
            row: 11,
            up: 6,
        },
        hand: "11".into(),
        chosen: if right { Action::Double } else { Action::Hit },
        advised: Action::Double,
        cost: if right { 0.0 } else { 0.12 },
    };
    let mut t = Tally {
        rounds: 1,
        hands: 1,
        wins: 1,
        net_milli: 1000,
        net_money_milli: 1000,
        net_sq_micro: 1000 * 1000,
        ..Tally::default()
    };
    let day = blackjack_trainer::trainer::schedule::Day(20_000);
    t.record_decision(&grade(false), day);
    t.record_decision(&grade(true), day);
    t.record_count(true);
    t
}

/// A valid file holding `sample()` once, as this build writes it.
fn valid_file_text() -> String {
    let file = StatsFile {
        version: STATS_VERSION,
        sessions: 1,
        lifetime: sample(),
    };
    serde_json::to_string_pretty(&file).expect("JSON")
}

/// Opens on another thread, so a store that blocked on opening fails the test instead of
/// hanging it.
fn open_within_seconds(path: &Path) -> Result<(StatsStore, StatsFile, OpenNote), StatsError> {
    let (send, receive) = mpsc::channel();
    let path = path.to_owned();
    std::thread::spawn(move || {
        let _ = send.send(StatsStore::open(&path));
    });
    receive
        .recv_timeout(Duration::from_secs(10))
        .expect("opening must not block")
}

/// Asserts `path` is refused as `kind`, naming the path, and the folder is as it was.
fn assert_refused(dir: &Path, path: &Path, kind: &str) {
    let before = listing(dir);
    let err = open_within_seconds(path).expect_err("refused");
    assert!(
        matches!(&err, StatsError::NotAFile { kind: k, .. } if *k == kind),
        "{err:?}"
    );
    let message = err.to_string();
    assert!(message.contains(&path.display().to_string()), "{message}");
    assert!(message.contains("not a regular file"), "{message}");
    assert_eq!(listing(dir), before, "nothing created, moved or renamed");
}

// ----- only a regular file -----

#[test]
fn a_folder_is_refused_and_never_moved_aside() {
    let dir = TempDir::new("folder");
    let path = dir.join("stats.json");
    fs::create_dir(&path).expect("folder");
    fs::write(path.join("inside.txt"), "mine").expect("file");
    assert_refused(&dir.0, &path, "a folder");
    assert_eq!(fs::read_to_string(path.join("inside.txt")).unwrap(), "mine");
    assert!(!dir.join("stats.json.bak").exists());
    // A path ending in `..` is a folder too.
    assert_refused(&dir.0, &path.join(".."), "a folder");
    // So is one ending in `/`, even where nothing is yet (every save would fail).
    let new = PathBuf::from(format!("{}/", dir.join("new").display()));
    assert_refused(&dir.0, &new, "a folder");
}

#[test]
fn a_fifo_is_refused_without_blocking() {
    let dir = TempDir::new("fifo");
    let path = dir.join("stats.json");
    mkfifo(&path);
    assert_refused(&dir.0, &path, "a named pipe (FIFO)");
    assert!(fs::symlink_metadata(&path).unwrap().file_type().is_fifo());
}

#[test]
fn a_socket_is_refused() {
    let dir = TempDir::new("socket");
    let path = dir.join("stats.json");
    let _listener = std::os::unix::net::UnixListener::bind(&path).expect("socket");
    assert_refused(&dir.0, &path, "a socket");
}

#[test]
fn a_character_device_is_refused() {
    let dir = TempDir::new("device");
    let path = dir.join("stats.json");
    // A null device node of our own, in our own folder (needs privilege: skipped without).
    // SAFETY: a NUL-terminated path inside our own temp folder.
    let made = unsafe {
        libc::mknod(
            c_path(&path).as_ptr(),
            libc::S_IFCHR | 0o600,
            libc::makedev(1, 3),
        )
    };
    if made != 0 {
        eprintln!("mknod not permitted here: the device case is covered by the file-type logic");
        return;
    }
    assert_refused(&dir.0, &path, "a character device");
}

#[test]
fn a_link_to_a_fifo_is_refused_and_stays_a_link() {
    let dir = TempDir::new("link-fifo");
    mkfifo(&dir.join("pipe"));
    let path = dir.join("stats.json");
    symlink("pipe", &path).expect("link");
    assert_refused(&dir.0, &path, "a named pipe (FIFO)");
    let message = StatsStore::open(&path).expect_err("refused").to_string();
    let pipe = dir.join("pipe");
    assert!(
        message.contains(&format!("(a link to {})", pipe.display())),
        "{message}"
    );
}

// ----- symbolic links -----

#[test]
fn a_symlink_is_followed_and_its_target_written() {
    let dir = TempDir::new("symlink");
    fs::create_dir(dir.join("data")).unwrap();
    fs::create_dir(dir.join("config")).unwrap();
    let real = dir.join("data/real.json");
    fs::write(&real, valid_file_text()).unwrap();
    let link = dir.join("config/stats.json");
    symlink("../data/real.json", &link).expect("link");

    let (store, file, note) = StatsStore::open(&link).expect("open");
    assert_eq!(note, OpenNote::Loaded);
    assert_eq!(file.lifetime, sample());
    let written = store.add(&sample(), true).expect("add");
    assert_eq!(written.lifetime.rounds, 2);

    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        fs::read_link(&link).unwrap(),
        Path::new("../data/real.json")
    );
    let stored: StatsFile = serde_json::from_slice(&fs::read(&real).unwrap()).unwrap();
    assert_eq!((stored.sessions, stored.lifetime.rounds), (2, 2));
    // The temporary file and the lock live by the target, and no temporary file is left.
    assert_eq!(names(&dir.join("config")), ["stats.json"]);
    assert_eq!(names(&dir.join("data")), ["real.json", "real.json.lock"]);
}

#[test]
fn a_damaged_target_of_a_symlink_is_moved_aside_by_the_target() {
    let dir = TempDir::new("symlink-corrupt");
    let real = dir.join("real.json");
    fs::write(&real, "{ damaged").unwrap();
    let link = dir.join("stats.json");
    symlink("real.json", &link).expect("link");
    let (store, _, note) = StatsStore::open(&link).expect("open");
    let OpenNote::MovedAside { backup, .. } = note else {
        panic!("expected a backup, got {note:?}")
    };
    assert_eq!(backup, dir.join("real.json.bak"));
    assert_eq!(fs::read_to_string(&backup).unwrap(), "{ damaged");
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    store.add(&sample(), true).expect("add");
    assert!(fs::symlink_metadata(&real).unwrap().file_type().is_file());
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn a_dangling_symlink_names_the_file_to_create() {
    let dir = TempDir::new("dangling");
    let link = dir.join("stats.json");
    symlink("store/new.json", &link).expect("link");
    let (store, file, note) = StatsStore::open(&link).expect("open");
    assert_eq!(note, OpenNote::Fresh);
    assert!(file.lifetime.is_empty());
    store.add(&sample(), true).expect("add");
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let created = dir.join("store/new.json");
    assert!(
        fs::symlink_metadata(&created)
            .unwrap()
            .file_type()
            .is_file()
    );
    let stored: StatsFile = serde_json::from_slice(&fs::read(&created).unwrap()).unwrap();
    assert_eq!(stored.lifetime, sample());
}

// ----- files that must not be written -----

#[test]
fn a_read_only_file_is_read_and_never_written() {
    let dir = TempDir::new("read-only");
    let path = dir.join("stats.json");
    fs::write(&path, valid_file_text()).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
    let before = listing(&dir.0);

    let (store, file, note) = StatsStore::open(&path).expect("open");
    assert_eq!(
        note,
        OpenNote::ReadOnly {
            path: path.clone(),
            reason: ReadOnlyReason::Permissions,
            unreadable: None,
        }
    );
    assert!(!store.writable());
    assert_eq!(store.read_only(), Some(&ReadOnlyReason::Permissions));
    assert_eq!(file.lifetime, sample());
    let message = note.message().expect("the player is told");
    assert!(message.contains("read-only"), "{message}");
    assert!(message.contains(&path.display().to_string()), "{message}");

    for result in [store.add(&sample(), true), store.try_add(&sample(), true)] {
        let err = result.expect_err("nothing is written");
        assert!(
            matches!(
                err,
                StatsError::ReadOnly {
                    reason: ReadOnlyReason::Permissions,
                    ..
                }
            ),
            "{err:?}"
        );
    }
    assert_eq!(listing(&dir.0), before, "no byte changed, nothing created");
    let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o444);
}

#[test]
fn a_file_made_read_only_after_opening_is_not_written() {
    let dir = TempDir::new("read-only-later");
    let path = dir.join("stats.json");
    let (store, _, _) = StatsStore::open(&path).expect("open");
    store.add(&sample(), true).expect("add");
    fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
    let before = listing(&dir.0);
    let err = store.try_add(&sample(), false).expect_err("refused");
    assert!(matches!(err, StatsError::ReadOnly { .. }), "{err:?}");
    assert_eq!(listing(&dir.0), before);
}

#[test]
fn a_read_only_damaged_file_is_left_where_it_is() {
    let dir = TempDir::new("read-only-corrupt");
    let path = dir.join("stats.json");
    fs::write(&path, "{ damaged").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
    let before = listing(&dir.0);
    let (store, file, note) = StatsStore::open(&path).expect("open");
    let OpenNote::ReadOnly {
        reason: ReadOnlyReason::Permissions,
        unreadable: Some(_),
        ..
    } = &note
    else {
        panic!("expected a read-only note, got {note:?}")
    };
    assert!(note.message().unwrap().contains("could not be read"));
    assert!(file.lifetime.is_empty());
    assert!(store.add(&sample(), true).is_err());
    assert_eq!(listing(&dir.0), before, "not moved aside, not rewritten");
}

#[test]
fn a_newer_version_is_read_leniently_and_never_written() {
    let dir = TempDir::new("newer");
    let path = dir.join("stats.json");
    let text = r#"{
  "version": 99,
  "sessions": 3,
  "achievements": ["first split"],
  "lifetime": {
    "rounds": 5,
    "hands": 2,
    "wins": 1,
    "losses": 1,
    "overall": {"decisions": 4, "correct": 3},
    "categories": {
      "hard": {"decisions": 4, "correct": 3},
      "surrender": {"decisions": 1, "correct": 1}
    },
    "cells": {"hard:16:T": {"decisions": 2, "wrong": 1, "streak": 1}},
    "insurance": {"taken": 0}
  }
}"#;
    fs::write(&path, text).unwrap();
    let before = listing(&dir.0);

    let (store, file, note) = StatsStore::open(&path).expect("open");
    assert_eq!(
        note,
        OpenNote::ReadOnly {
            path: path.clone(),
            reason: ReadOnlyReason::NewerVersion { version: 99 },
            unreadable: None,
        }
    );
    let message = note.message().unwrap();
    assert!(
        message.starts_with("Statistics written by a newer version: read-only"),
        "{message}"
    );
    assert!(!store.writable());
    assert_eq!(file.sessions, 3);
    assert_eq!(file.lifetime.rounds, 5);
    assert_eq!(file.lifetime.overall.correct, 3);
    assert_eq!(
        file.lifetime.categories.len(),
        1,
        "the unknown category is skipped"
    );
    assert_eq!(file.lifetime.cells["hard:16:T"].wrong, 1);

    let err = store.add(&sample(), true).expect_err("refused");
    assert!(
        matches!(
            err,
            StatsError::ReadOnly {
                reason: ReadOnlyReason::NewerVersion { version: 99 },
                ..
            }
        ),
        "{err:?}"
    );
    assert_eq!(listing(&dir.0), before, "never archived, never overwritten");
}

#[test]
fn a_newer_version_that_cannot_be_parsed_is_kept_as_it_is() {
    for (name, text) in [
        (
            "truncated",
            r#"{"version": 99, "sessions": 3, "lifetime": {"rounds": "#,
        ),
        ("reshaped", r#"{"version": 99, "lifetime": [1, 2, 3]}"#),
    ] {
        let dir = TempDir::new(&format!("newer-{name}"));
        let path = dir.join("stats.json");
        fs::write(&path, text).unwrap();
        let before = listing(&dir.0);
        let (store, file, note) = StatsStore::open(&path).expect("open");
        let OpenNote::ReadOnly {
            reason: ReadOnlyReason::NewerVersion { version: 99 },
            unreadable: Some(_),
            ..
        } = &note
        else {
            panic!("{name}: expected a read-only note, got {note:?}")
        };
        assert!(note.message().unwrap().contains("could not be read"));
        assert!(file.lifetime.is_empty(), "{name}");
        assert!(store.add(&sample(), true).is_err(), "{name}");
        assert_eq!(listing(&dir.0), before, "{name}: nothing moved or written");
    }
}

#[test]
fn a_file_replaced_by_a_newer_version_after_opening_is_not_overwritten() {
    let dir = TempDir::new("newer-later");
    let path = dir.join("stats.json");
    let (store, _, _) = StatsStore::open(&path).expect("open");
    store.add(&sample(), true).expect("add");
    fs::write(&path, r#"{"version": 2, "sessions": 1, "lifetime": {}}"#).unwrap();
    let before = listing(&dir.0);
    let err = store.try_add(&sample(), false).expect_err("refused");
    assert!(
        matches!(
            err,
            StatsError::ReadOnly {
                reason: ReadOnlyReason::NewerVersion { version: 2 },
                ..
            }
        ),
        "{err:?}"
    );
    assert_eq!(listing(&dir.0), before);
}

// ----- values -----

#[test]
fn impossible_values_are_moved_aside_like_a_corrupt_file() {
    let base: serde_json::Value = serde_json::from_str(&valid_file_text()).unwrap();
    type Edit = fn(&mut serde_json::Value);
    let cases: [(&str, &str, Edit); 11] = [
        ("overall", "overall: 3 right of 2", |v| {
            v["lifetime"]["overall"]["correct"] = 3.into()
        }),
        ("category", "hard: 2 right of 1", |v| {
            v["lifetime"]["categories"]["hard"] = serde_json::json!({"decisions": 1, "correct": 2})
        }),
        ("count", "count: 2 right of 1", |v| {
            v["lifetime"]["count"]["correct"] = 2.into()
        }),
        ("cell", "cell hard:11:6: 3 wrong", |v| {
            v["lifetime"]["cells"]["hard:11:6"]["wrong"] = 3.into()
        }),
        ("streak", "a streak of 9", |v| {
            v["lifetime"]["cells"]["hard:11:6"]["streak"] = 9.into()
        }),
        ("key", "unknown chart cell \"hard:16:X\"", |v| {
            v["lifetime"]["cells"]["hard:16:X"] =
                serde_json::json!({"decisions": 1, "wrong": 0, "streak": 1})
        }),
        ("hands", "is not 5 hands", |v| {
            v["lifetime"]["hands"] = 5.into()
        }),
        (
            "huge",
            "rounds = 18446744073709551615 is out of range",
            |v| v["lifetime"]["rounds"] = u64::MAX.into(),
        ),
        ("net", "net_milli", |v| {
            v["lifetime"]["net_milli"] = i64::MIN.into()
        }),
        ("ev", "ev_lost = -1 is not a cost", |v| {
            v["lifetime"]["ev_lost"] = (-1.0).into()
        }),
        (
            "sessions",
            "sessions = 1152921504606846976 is out of range",
            |v| v["sessions"] = (1u64 << 60).into(),
        ),
    ];
    for (name, expected, edit) in cases {
        let dir = TempDir::new(&format!("invalid-{name}"));
        let path = dir.join("stats.json");
        let mut value = base.clone();
        edit(&mut value);
        let bytes = serde_json::to_vec_pretty(&value).unwrap();
        fs::write(&path, &bytes).unwrap();
        // An earlier backup is never overwritten.
        fs::write(dir.join("stats.json.bak"), "earlier").unwrap();

        let (store, file, note) = StatsStore::open(&path).expect(name);
        let OpenNote::MovedAside { backup, reason } = &note else {
            panic!("{name}: expected a backup, got {note:?}")
        };
        assert!(reason.starts_with("invalid values: "), "{name}: {reason}");
        assert!(reason.contains(expected), "{name}: {reason}");
        assert_ne!(backup, &dir.join("stats.json.bak"), "{name}");
        assert_eq!(
            fs::read(backup).unwrap(),
            bytes,
            "{name}: kept byte for byte"
        );
        assert_eq!(
            fs::read_to_string(dir.join("stats.json.bak")).unwrap(),
            "earlier"
        );
        assert!(note.message().unwrap().contains(reason.as_str()));
        assert!(file.lifetime.is_empty(), "{name}");
        assert!(!path.exists(), "{name}: moved, not copied");
        store.add(&sample(), true).expect(name);
        let (_, file, note) = StatsStore::open(&path).expect(name);
        assert_eq!(
            (note, file.lifetime),
            (OpenNote::Loaded, sample()),
            "{name}"
        );
    }
}

#[test]
fn backups_are_never_overwritten() {
    let dir = TempDir::new("backups");
    let path = dir.join("stats.json");
    let mut backups = Vec::new();
    for n in 0..4 {
        fs::write(&path, format!("garbage {n}")).unwrap();
        let (_, _, note) = StatsStore::open(&path).expect("open");
        let OpenNote::MovedAside { backup, .. } = note else {
            panic!("expected a backup, got {note:?}")
        };
        backups.push(backup);
    }
    for (n, backup) in backups.iter().enumerate() {
        assert_eq!(fs::read_to_string(backup).unwrap(), format!("garbage {n}"));
    }
    assert_eq!(backups[0], dir.join("stats.json.bak"));
}

// ----- the lock -----

/// The child process of [`the_lock_ends_with_the_process_that_held_it`]: takes the lock of
/// the file named in `BJ_STATS_HOLD_LOCK`, says so, and waits to be killed.
#[test]
#[ignore = "run by the_lock_ends_with_the_process_that_held_it as a child process"]
fn hold_the_lock_until_killed() {
    let Some(path) = std::env::var_os("BJ_STATS_HOLD_LOCK") else {
        return;
    };
    let path = PathBuf::from(path);
    let mut lock_path = path.clone().into_os_string();
    lock_path.push(".lock");
    let lock = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&lock_path)
        .expect("lock file");
    lock.lock().expect("lock");
    let mut ready = path.into_os_string();
    ready.push(".ready");
    fs::write(&ready, "").expect("ready");
    std::thread::sleep(Duration::from_secs(60));
}

#[test]
fn the_lock_ends_with_the_process_that_held_it() {
    let dir = TempDir::new("lock-process");
    let path = dir.join("stats.json");
    let (store, _, _) = StatsStore::open(&path).expect("open");
    let mut child = Command::new(std::env::current_exe().expect("test binary"))
        .args(["hold_the_lock_until_killed", "--exact", "--ignored"])
        .env("BJ_STATS_HOLD_LOCK", &path)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("child");
    let ready = dir.join("stats.json.ready");
    let start = Instant::now();
    while !ready.exists() && start.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(ready.exists(), "the child took the lock");

    let start = Instant::now();
    let err = store.try_add(&sample(), true).expect_err("locked");
    assert!(matches!(err, StatsError::Locked { .. }), "{err:?}");
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "a short, bounded wait"
    );
    assert!(!path.exists(), "nothing written while locked");

    child.kill().expect("kill the child");
    child.wait().expect("reap the child");
    let file = store
        .try_add(&sample(), true)
        .expect("free once the holder died");
    assert_eq!(file.lifetime, sample());
}

/// A statistics file damaged while a session has it open is moved aside at the next save, as
/// at opening, and the player is told where it went (the save's message), not left to find
/// the lifetime figures fallen.
#[test]
fn a_file_damaged_mid_session_is_kept_aside_and_said() {
    use blackjack_trainer::trainer::coach::Coach;
    let dir = TempDir::new("damaged-mid-session");
    let path = dir.0.join("stats.json");
    let (mut coach, _) = Coach::open_with_history(Some(&path), 0).expect("opens");
    coach.record_count(true);
    assert_eq!(coach.save(), None);
    fs::write(&path, "{ torn").unwrap();
    coach.record_count(true);
    let said = coach.save().expect("the move is said");
    assert!(
        said.contains("Unreadable statistics file kept as"),
        "{said}"
    );
    let backup = dir.0.join("stats.json.bak");
    assert_eq!(fs::read_to_string(&backup).unwrap(), "{ torn");
    coach.record_count(false);
    assert_eq!(coach.save(), None, "said once");
}
