//! Statistics that last: per session and lifetime tallies, stored as a versioned JSON file.
//!
//! Writes are atomic (temp file + rename) and additive: a session adds its own increments to
//! whatever the file holds at that moment, under a lock file, so two sessions at once neither
//! corrupt the file nor drop each other's history. A file that cannot be read is moved aside to
//! a `.bak` (never overwritten) and the player is told.

use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use anyhow::Context;
use serde::{Deserialize, Serialize};

use super::grade::{Category, Grade};
use crate::engine::{OutcomeKind, Units};

/// The file format version this build writes.
pub const STATS_VERSION: u32 = 1;

/// Decisions and right answers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Accuracy {
    /// Decisions made.
    pub decisions: u64,
    /// Decisions that followed basic strategy.
    pub correct: u64,
}

impl Accuracy {
    /// The share right, if any decision was made.
    pub fn rate(&self) -> Option<f64> {
        (self.decisions > 0).then(|| self.correct as f64 / self.decisions as f64)
    }

    fn add(&mut self, other: &Accuracy) {
        self.decisions += other.decisions;
        self.correct += other.correct;
    }
}

/// One chart cell's record.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct CellRecord {
    /// Decisions in this cell.
    pub decisions: u64,
    /// Wrong ones.
    pub wrong: u64,
    /// Right answers in a row, most recent last (drills retire a cell at 3).
    pub streak: u32,
}

impl CellRecord {
    /// The error rate, if the cell was played.
    pub fn error_rate(&self) -> Option<f64> {
        (self.decisions > 0).then(|| self.wrong as f64 / self.decisions as f64)
    }
}

/// Everything counted, for a session or a lifetime.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Tally {
    /// Rounds played.
    pub rounds: u64,
    /// Hands played (after splits).
    pub hands: u64,
    /// Hands won (naturals included).
    pub wins: u64,
    /// Hands lost (busts included).
    pub losses: u64,
    /// Hands pushed.
    pub pushes: u64,
    /// Naturals dealt to the player.
    pub naturals: u64,
    /// Hands bust.
    pub busts: u64,
    /// Net result in thousandths of a unit bet.
    pub net_milli: i64,
    /// All decisions.
    pub overall: Accuracy,
    /// Decisions by category.
    pub categories: BTreeMap<Category, Accuracy>,
    /// EV given away through mistakes, in units.
    pub ev_lost: f64,
    /// Per-cell records, keyed like `hard:16:T`.
    pub cells: BTreeMap<String, CellRecord>,
    /// Counting-quiz answers (Hi-Lo running count).
    pub count: Accuracy,
}

/// How a stored cell key reads for a person (`hard:16:T` → `16 vs T`); an unknown key as it
/// is.
pub fn cell_label(key: &str) -> String {
    crate::analysis::chart::Cell::from_key(key).map_or_else(|| key.to_owned(), |c| c.label())
}

impl Tally {
    /// Counts a graded decision.
    pub fn record_decision(&mut self, grade: &Grade) {
        let right = grade.is_correct();
        let bump = |acc: &mut Accuracy| {
            acc.decisions += 1;
            acc.correct += u64::from(right);
        };
        bump(&mut self.overall);
        for category in grade.categories() {
            bump(self.categories.entry(category).or_default());
        }
        self.ev_lost += grade.cost;
        let cell = self.cells.entry(grade.cell.key()).or_default();
        cell.decisions += 1;
        if right {
            cell.streak += 1;
        } else {
            cell.wrong += 1;
            cell.streak = 0;
        }
    }

    /// Counts an answer of the counting quiz.
    pub fn record_count(&mut self, right: bool) {
        self.count.decisions += 1;
        self.count.correct += u64::from(right);
    }

    /// Counts a settled hand of the player's (`units` = its result per unit bet).
    pub fn record_hand(&mut self, kind: OutcomeKind, natural: bool, units: Units) {
        self.hands += 1;
        match kind {
            OutcomeKind::Blackjack | OutcomeKind::Win => self.wins += 1,
            OutcomeKind::Push => self.pushes += 1,
            OutcomeKind::Loss => self.losses += 1,
            OutcomeKind::Bust => {
                self.losses += 1;
                self.busts += 1;
            }
        }
        self.naturals += u64::from(natural);
        self.net_milli += units.0;
    }

    /// Counts a finished round.
    pub fn record_round(&mut self) {
        self.rounds += 1;
    }

    /// Net result in units.
    pub fn net(&self) -> Units {
        Units(self.net_milli)
    }

    /// Accuracy in a category.
    pub fn category(&self, category: Category) -> Accuracy {
        self.categories.get(&category).copied().unwrap_or_default()
    }

    /// The cells missed most often, worst first (by wrong answers, then error rate).
    pub fn most_missed(&self, n: usize) -> Vec<(&str, CellRecord)> {
        let mut missed: Vec<(&str, CellRecord)> = self
            .cells
            .iter()
            .filter(|(_, c)| c.wrong > 0)
            .map(|(k, c)| (k.as_str(), *c))
            .collect();
        missed.sort_by(|a, b| {
            b.1.wrong
                .cmp(&a.1.wrong)
                .then(
                    b.1.error_rate()
                        .partial_cmp(&a.1.error_rate())
                        .unwrap_or(std::cmp::Ordering::Equal),
                )
                .then(a.0.cmp(b.0))
        });
        missed.truncate(n);
        missed
    }

    /// Whether nothing was counted.
    pub fn is_empty(&self) -> bool {
        *self == Tally::default()
    }

    /// Adds a later tally's increments to this one.
    pub fn absorb(&mut self, later: &Tally) {
        self.rounds += later.rounds;
        self.hands += later.hands;
        self.wins += later.wins;
        self.losses += later.losses;
        self.pushes += later.pushes;
        self.naturals += later.naturals;
        self.busts += later.busts;
        self.net_milli += later.net_milli;
        self.overall.add(&later.overall);
        for (category, acc) in &later.categories {
            self.categories.entry(*category).or_default().add(acc);
        }
        self.ev_lost += later.ev_lost;
        self.count.add(&later.count);
        for (key, cell) in &later.cells {
            let mine = self.cells.entry(key.clone()).or_default();
            mine.decisions += cell.decisions;
            // A later mistake restarts the streak; otherwise the later right answers extend it.
            mine.streak = if cell.wrong > 0 {
                cell.streak
            } else {
                mine.streak + cell.streak
            };
            mine.wrong += cell.wrong;
        }
    }
}

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

/// The default place: `$BLACKJACK_STATS` if set, else `stats.json` in the platform's data
/// directory (e.g. `~/.local/share/blackjack-trainer/` on Linux).
pub fn default_stats_path() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("BLACKJACK_STATS") {
        return Some(PathBuf::from(path));
    }
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
        let mut t = Tally::default();
        t.record_round();
        t.record_hand(OutcomeKind::Blackjack, true, Units(1500));
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

    #[test]
    fn streaks_merge_across_sessions() {
        let mut life = Tally::default();
        let mut s1 = Tally::default();
        s1.record_decision(&grade(true));
        s1.record_decision(&grade(true));
        life.absorb(&s1);
        let mut s2 = Tally::default();
        s2.record_decision(&grade(true));
        life.absorb(&s2);
        assert_eq!(life.cells["hard:11:6"].streak, 3);
        let mut s3 = Tally::default();
        s3.record_decision(&grade(false));
        life.absorb(&s3);
        assert_eq!(life.cells["hard:11:6"].streak, 0);
    }

    #[test]
    fn most_missed_puts_the_worst_first() {
        let mut t = Tally::default();
        t.cells.insert(
            "hard:16:T".into(),
            CellRecord {
                decisions: 5,
                wrong: 3,
                streak: 0,
            },
        );
        t.cells.insert(
            "soft:18:9".into(),
            CellRecord {
                decisions: 2,
                wrong: 1,
                streak: 0,
            },
        );
        t.cells.insert(
            "pair:8:A".into(),
            CellRecord {
                decisions: 9,
                wrong: 0,
                streak: 9,
            },
        );
        let worst: Vec<&str> = t.most_missed(5).into_iter().map(|(k, _)| k).collect();
        assert_eq!(worst, vec!["hard:16:T", "soft:18:9"]);
    }
}
