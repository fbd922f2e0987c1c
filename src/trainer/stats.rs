//! Statistics that last: per session and lifetime tallies, stored as a versioned JSON file.
//!
//! Writes are atomic (temp file + rename) and additive: a session adds its own increments to
//! whatever the file holds at that moment, under a lock file, so two sessions at once neither
//! corrupt the file nor drop each other's history. A file that cannot be read is moved aside to
//! a `.bak` (never overwritten) and the player is told.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use anyhow::Context;
use serde::{Deserialize, Serialize};

pub use super::tally::{Accuracy, CellRecord, Tally, cell_label};

/// The file format version this build writes.
pub const STATS_VERSION: u32 = 1;

/// The stored file.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct StatsFile {
    /// Format version.
    pub version: u32,
    /// Sessions recorded.
    pub sessions: u64,
    /// Everything since the file was started.
    pub lifetime: Tally,
}

/// What opening the store found.
#[derive(Debug, Clone, PartialEq)]
pub enum OpenNote {
    /// No file yet: a fresh one will be written.
    Fresh,
    /// The file was read.
    Loaded,
    /// The file could not be read and was moved aside; a fresh one starts.
    MovedAside {
        /// Where the old file now is.
        backup: PathBuf,
        /// What was wrong with it.
        reason: String,
    },
}

impl OpenNote {
    /// A message for the player, if there is something to tell.
    pub fn message(&self) -> Option<String> {
        match self {
            OpenNote::MovedAside { backup, reason } => Some(format!(
                "Unreadable statistics file kept as {}; a fresh one started ({reason}).",
                backup.display()
            )),
            _ => None,
        }
    }
}

/// The statistics file on disk.
#[derive(Debug, Clone)]
pub struct StatsStore {
    path: PathBuf,
}

/// The platform's place: `stats.json` in its data directory (e.g.
/// `~/.local/share/blackjack-trainer/` on Linux). `$BLACKJACK_STATS` is read by the commands,
/// which pass the path they chose.
pub fn default_stats_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "blackjack-trainer")
        .map(|d| d.data_dir().join("stats.json"))
}

impl StatsStore {
    /// Opens (or starts) the file at `path`. A corrupt file is moved aside, never dropped.
    pub fn open(path: &Path) -> anyhow::Result<(StatsStore, StatsFile, OpenNote)> {
        let store = StatsStore {
            path: path.to_owned(),
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        }
        let _lock = store.lock()?;
        let (file, note) = store.read_or_move_aside()?;
        Ok((store, file, note))
    }

    /// Where the file is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file as it is now, read under the lock; an error (and nothing moved) if it cannot
    /// be read.
    pub fn read(&self) -> anyhow::Result<StatsFile> {
        let _lock = self.lock()?;
        let text = fs::read_to_string(&self.path)?;
        Ok(serde_json::from_str(&text)?)
    }

    fn read_or_move_aside(&self) -> anyhow::Result<(StatsFile, OpenNote)> {
        let text = match fs::read_to_string(&self.path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok((
                    StatsFile {
                        version: STATS_VERSION,
                        ..StatsFile::default()
                    },
                    OpenNote::Fresh,
                ));
            }
            Err(e) => return self.move_aside(e.to_string()),
        };
        match serde_json::from_str::<StatsFile>(&text) {
            Ok(file) if file.version == STATS_VERSION => Ok((file, OpenNote::Loaded)),
            Ok(file) => self.move_aside(format!("unknown format version {}", file.version)),
            Err(e) => self.move_aside(e.to_string()),
        }
    }

    fn move_aside(&self, reason: String) -> anyhow::Result<(StatsFile, OpenNote)> {
        let mut backup = self.path.with_extension("json.bak");
        if backup.exists() {
            let stamp = SystemTime::now()
                .duration_since(SystemTime::UNIX_EPOCH)
                .unwrap_or_default()
                .as_secs();
            backup = self.path.with_extension(format!("json.{stamp}.bak"));
        }
        fs::rename(&self.path, &backup)
            .with_context(|| format!("cannot move the unreadable {} aside", self.path.display()))?;
        let fresh = StatsFile {
            version: STATS_VERSION,
            ..StatsFile::default()
        };
        Ok((fresh, OpenNote::MovedAside { backup, reason }))
    }

    /// Adds `increments` to the file (re-read under the lock, so another session's writes are
    /// kept), counting a new session when `new_session`. Returns the file as written.
    pub fn add(&self, increments: &Tally, new_session: bool) -> anyhow::Result<StatsFile> {
        let _lock = self.lock()?;
        let (mut file, _) = self.read_or_move_aside()?;
        file.lifetime.absorb(increments);
        file.sessions += u64::from(new_session);
        file.version = STATS_VERSION;
        self.write_atomically(&file)?;
        Ok(file)
    }

    fn write_atomically(&self, file: &StatsFile) -> anyhow::Result<()> {
        let text = serde_json::to_string_pretty(file)?;
        let tmp = self
            .path
            .with_extension(format!("json.tmp{}", std::process::id()));
        {
            let mut out = fs::File::create(&tmp)
                .with_context(|| format!("cannot write {}", tmp.display()))?;
            out.write_all(text.as_bytes())?;
            out.sync_all()?;
        }
        fs::rename(&tmp, &self.path)
            .with_context(|| format!("cannot replace {}", self.path.display()))?;
        Ok(())
    }

    fn lock(&self) -> anyhow::Result<LockGuard> {
        let lock = self.path.with_extension("json.lock");
        let start = std::time::Instant::now();
        loop {
            match fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&lock)
            {
                Ok(_) => return Ok(LockGuard(lock)),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let stale = fs::metadata(&lock)
                        .and_then(|m| m.modified())
                        .ok()
                        .and_then(|t| t.elapsed().ok())
                        .is_some_and(|age| age > Duration::from_secs(30));
                    if stale {
                        let _ = fs::remove_file(&lock);
                    } else if start.elapsed() > Duration::from_secs(5) {
                        anyhow::bail!(
                            "the statistics file {} is locked by another session",
                            self.path.display()
                        );
                    } else {
                        std::thread::sleep(Duration::from_millis(10));
                    }
                }
                Err(e) => return Err(e).with_context(|| format!("cannot lock {}", lock.display())),
            }
        }
    }
}

struct LockGuard(PathBuf);

impl Drop for LockGuard {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::chart::{Cell, HandKind};
    use crate::engine::Action;
    use crate::trainer::grade::Grade;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("bj-stats-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn grade(right: bool) -> Grade {
        Grade {
            cell: Cell {
                kind: HandKind::Hard,
                row: 11,
                up: 6,
            },
            hand: "11".into(),
            chosen: if right { Action::Double } else { Action::Hit },
            advised: Action::Double,
            cost: if right { 0.0 } else { 0.12 },
        }
    }

    fn sample() -> Tally {
        let mut t = Tally {
            rounds: 1,
            hands: 1,
            wins: 1,
            naturals: 1,
            net_milli: 1500,
            net_money_milli: 7500,
            net_sq_micro: 1500 * 1500,
            ..Tally::default()
        };
        t.record_decision(&grade(false));
        t.record_decision(&grade(true));
        t.record_count(true);
        t
    }

    #[test]
    fn round_trip_keeps_everything() {
        let dir = temp_dir("roundtrip");
        let path = dir.join("stats.json");
        let (store, file, note) = StatsStore::open(&path).unwrap();
        assert_eq!(note, OpenNote::Fresh);
        assert!(file.lifetime.is_empty());
        store.add(&sample(), true).unwrap();
        let (_, file, note) = StatsStore::open(&path).unwrap();
        assert_eq!(note, OpenNote::Loaded);
        assert_eq!(file.lifetime, sample());
        assert_eq!(file.sessions, 1);
        assert_eq!(
            file.lifetime.count,
            Accuracy {
                decisions: 1,
                correct: 1
            }
        );
        assert!((file.lifetime.ev_lost - 0.12).abs() < 1e-12);
        assert_eq!(
            file.lifetime.cells["hard:11:6"],
            CellRecord {
                decisions: 2,
                wrong: 1,
                streak: 1
            }
        );
    }

    #[test]
    fn a_file_from_before_the_count_quiz_still_reads() {
        let dir = temp_dir("older");
        let path = dir.join("stats.json");
        fs::write(
            &path,
            r#"{"version":1,"sessions":2,"lifetime":{"rounds":7,"overall":{"decisions":3,"correct":2}}}"#,
        )
        .unwrap();
        let (_, file, note) = StatsStore::open(&path).unwrap();
        assert_eq!(note, OpenNote::Loaded);
        assert_eq!(file.lifetime.rounds, 7);
        assert_eq!(file.lifetime.count, Accuracy::default());
    }

    #[test]
    fn a_corrupt_file_is_moved_aside_and_reported() {
        let dir = temp_dir("corrupt");
        let path = dir.join("stats.json");
        fs::write(&path, "{ this is not json").unwrap();
        let (store, file, note) = StatsStore::open(&path).unwrap();
        let OpenNote::MovedAside { backup, .. } = &note else {
            panic!("expected a backup, got {note:?}")
        };
        assert_eq!(fs::read_to_string(backup).unwrap(), "{ this is not json");
        assert!(
            note.message()
                .unwrap()
                .contains("Unreadable statistics file kept as")
        );
        assert!(file.lifetime.is_empty());
        // A second corrupt file does not overwrite the first backup.
        fs::write(&path, "garbage 2").unwrap();
        let (_, _, note2) = StatsStore::open(&path).unwrap();
        let OpenNote::MovedAside {
            backup: backup2, ..
        } = note2
        else {
            panic!()
        };
        assert_ne!(&backup2, backup);
        assert_eq!(fs::read_to_string(backup).unwrap(), "{ this is not json");
        store.add(&sample(), true).unwrap();
        assert!(path.exists());
    }

    #[test]
    fn writes_are_atomic_and_leave_no_temp_files() {
        let dir = temp_dir("atomic");
        let path = dir.join("stats.json");
        let (store, _, _) = StatsStore::open(&path).unwrap();
        for _ in 0..5 {
            store.add(&sample(), false).unwrap();
        }
        let names: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(names, vec!["stats.json".to_owned()]);
        let file: StatsFile = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(file.lifetime.rounds, 5);
    }

    #[test]
    fn two_sessions_at_once_keep_both_histories() {
        let dir = temp_dir("concurrent");
        let path = dir.join("stats.json");
        let (a, _, _) = StatsStore::open(&path).unwrap();
        let (b, _, _) = StatsStore::open(&path).unwrap();
        std::thread::scope(|s| {
            for store in [&a, &b] {
                s.spawn(move || {
                    for _ in 0..20 {
                        store.add(&sample(), false).unwrap();
                    }
                });
            }
        });
        let (_, file, _) = StatsStore::open(&path).unwrap();
        assert_eq!(file.lifetime.rounds, 40);
        assert_eq!(file.lifetime.overall.decisions, 80);
    }
}
