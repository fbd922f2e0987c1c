//! Statistics that last: per session and lifetime tallies, stored as a versioned JSON file.
//!
//! Only a regular file is ever read or written: a path naming a folder, a device, a FIFO or a
//! socket is refused before anything is opened, created or moved. A symbolic link is followed
//! and the file it names is written (a dangling link names the file to create).
//!
//! Writes are atomic (temp file in the target's folder, fsync, rename, fsync of the folder)
//! and additive: a session adds its own increments to whatever the file holds at that moment,
//! under the operating system's lock on `<file>.lock` (released when the process dies), so two
//! sessions at once neither corrupt the file nor drop each other's history.
//!
//! A file that cannot be read, or whose values fail [`Tally::validate`], is moved aside to a
//! `.bak` (never overwriting an earlier backup) and the player is told. A file the store must
//! not write — read-only by its permissions, in a folder that cannot be written, or from a
//! newer format version — is read (as leniently as possible for a newer version) and never
//! moved, renamed or rewritten.

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::export::{read_last_seen, read_session_rows};
use super::store_file::{
    Wait, folder, io_error, lock, move_aside, read_only_reason, refuse_special, replace, resolve,
    unix_seconds,
};

mod decode;
use decode::{Contents, read_contents};

pub use super::tally::{Accuracy, CellRecord, Tally, cell_label};

/// The file format version this build writes.
pub const STATS_VERSION: u32 = 1;

/// How long [`StatsStore::try_add`] waits for another session's lock before giving up.
pub const LOCK_WAIT: Duration = Duration::from_millis(200);

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

impl StatsFile {
    /// An empty file of this build's version.
    fn fresh() -> StatsFile {
        StatsFile {
            version: STATS_VERSION,
            ..StatsFile::default()
        }
    }

    /// Whether the numbers are ones this program could have written.
    fn validate(&self) -> Result<(), String> {
        if self.sessions > super::tally::MAX_COUNT {
            return Err(format!("sessions = {} is out of range", self.sessions));
        }
        self.lifetime.validate()
    }
}

pub use super::export::{
    CellRow, ExportFormat, MAX_SESSION_ROWS, SessionRow, cell_rows, export_csv, export_json,
    export_sessions_csv, utc_timestamp,
};

/// Why a store reads but never writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadOnlyReason {
    /// The file's permission bits (e.g. mode 444) or the system (access(2)) forbid writing.
    Permissions,
    /// The file's folder does not allow the temporary file and rename a write needs.
    FolderNotWritable,
    /// A newer build wrote the file in a format this one does not know.
    NewerVersion {
        /// The file's format version.
        version: u64,
    },
}

impl std::fmt::Display for ReadOnlyReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadOnlyReason::Permissions => write!(f, "its permissions forbid writing"),
            ReadOnlyReason::FolderNotWritable => write!(f, "its folder cannot be written"),
            ReadOnlyReason::NewerVersion { version } => write!(
                f,
                "written by a newer version (format {version}; this one writes {STATS_VERSION})"
            ),
        }
    }
}

/// What opening the store found.
#[derive(Debug, Clone, PartialEq)]
pub enum OpenNote {
    /// No file yet: a fresh one will be written.
    Fresh,
    /// The file was read.
    Loaded,
    /// The file could not be read or held impossible values, and was moved aside; a fresh one
    /// starts.
    MovedAside {
        /// Where the old file now is.
        backup: PathBuf,
        /// What was wrong with it.
        reason: String,
    },
    /// The file is read (its figures are shown) but never written: [`StatsStore::add`] and
    /// [`StatsStore::try_add`] refuse with [`StatsError::ReadOnly`]. Nothing was moved.
    ReadOnly {
        /// The path as given.
        path: PathBuf,
        /// Why it is not written.
        reason: ReadOnlyReason,
        /// Why the figures could not be read, if they could not (they then start empty).
        unreadable: Option<String>,
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
            OpenNote::ReadOnly {
                path,
                reason,
                unreadable,
            } => {
                let mut text = match reason {
                    ReadOnlyReason::NewerVersion { version } => format!(
                        "Statistics written by a newer version: read-only ({} has format \
                         {version}, this version writes {STATS_VERSION}); this session is not \
                         saved.",
                        path.display()
                    ),
                    _ => format!(
                        "Statistics file {} is read-only ({reason}); this session is not saved.",
                        path.display()
                    ),
                };
                if let Some(why) = unreadable {
                    text.push_str(&format!(" Its figures could not be read ({why})."));
                }
                Some(text)
            }
            OpenNote::Fresh | OpenNote::Loaded => None,
        }
    }
}

/// Why the store refused, or failed, to open or to write. Displayed as a failure of the
/// statistics file; [`StatsError::describe`] says the same of another store sharing the file
/// machinery (the hand history's [`super::history::HistoryError`]).
#[derive(Debug)]
pub enum StatsError {
    /// The path names something other than a regular file. Nothing was opened or moved.
    NotAFile {
        /// The path refused, as given.
        path: PathBuf,
        /// What it names once symbolic links are followed (`path` itself if none).
        target: PathBuf,
        /// What it is: `a folder`, `a named pipe (FIFO)`, `a socket`, …
        kind: &'static str,
    },
    /// Another session held the lock longer than [`LOCK_WAIT`]. Nothing was written: try again
    /// later (the next round, say) with the same increments.
    Locked {
        /// The file locked.
        path: PathBuf,
    },
    /// The store is read-only. Nothing was written.
    ReadOnly {
        /// The path as given.
        path: PathBuf,
        /// Why.
        reason: ReadOnlyReason,
    },
    /// The merged numbers would not pass validation on the next load, so they were not
    /// written (or, for a read, the file's contents are not valid).
    Invalid {
        /// The path as given.
        path: PathBuf,
        /// What failed.
        reason: String,
    },
    /// The operating system refused.
    Io {
        /// What was being done: `read`, `create the folder`, `lock`, …
        action: &'static str,
        /// On what.
        path: PathBuf,
        /// The system's error.
        cause: io::Error,
    },
}

/// Which store's file an error is about: the messages name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoreKind {
    /// The statistics file (`stats.json`).
    Statistics,
    /// The hand history beside it (`stats.history.jsonl`).
    HandHistory,
}

impl StatsError {
    /// Writes the message for this failure of `store`'s file: the one wording of every
    /// failure, whichever store it happened to.
    pub fn describe(&self, f: &mut std::fmt::Formatter<'_>, store: StoreKind) -> std::fmt::Result {
        let (file, kept) = match store {
            StoreKind::Statistics => ("the statistics file", "statistics are"),
            StoreKind::HandHistory => ("the hand history", "the hand history is"),
        };
        match self {
            StatsError::NotAFile { path, target, kind } => write!(
                f,
                "{}{} is {kind}, not a regular file: {kept} not kept there",
                path.display(),
                link_note(path, target)
            ),
            StatsError::Locked { path } => {
                write!(f, "{file} {} is locked by another session", path.display())
            }
            StatsError::ReadOnly { path, reason } => {
                write!(f, "{file} {} is not written: {reason}", path.display())
            }
            StatsError::Invalid { path, reason } => match store {
                StoreKind::Statistics => {
                    write!(f, "statistics for {} not written: {reason}", path.display())
                }
                StoreKind::HandHistory => {
                    write!(f, "{file} {} is not valid: {reason}", path.display())
                }
            },
            StatsError::Io {
                action,
                path,
                cause,
            } => write!(f, "cannot {action} {}: {cause}", path.display()),
        }
    }
}

impl std::fmt::Display for StatsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.describe(f, StoreKind::Statistics)
    }
}

// The message already says the system's error; no separate source, as before.
impl std::error::Error for StatsError {}

/// ` (a link to …)` when `path` reached `target` through symbolic links.
fn link_note(path: &Path, target: &Path) -> String {
    if path == target {
        String::new()
    } else {
        format!(" (a link to {})", target.display())
    }
}

/// The statistics file on disk.
#[derive(Debug, Clone)]
pub struct StatsStore {
    /// The path as given (a symbolic link is resolved again at every write).
    path: PathBuf,
    /// Why nothing is written, if so.
    read_only: Option<ReadOnlyReason>,
    /// This store's session: its row in the file's session rows (opening time and process).
    session: SessionId,
}

/// Which session row a store writes: the time it was opened and its process.
#[derive(Debug, Clone, PartialEq, Eq)]
struct SessionId {
    started: u64,
    process: u32,
}

/// The platform's place: `stats.json` in its data directory (e.g.
/// `~/.local/share/blackjack-trainer/` on Linux). `$BLACKJACK_STATS` is read by the commands,
/// which pass the path they chose.
pub fn default_stats_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "blackjack-trainer")
        .map(|d| d.data_dir().join("stats.json"))
}

impl StatsStore {
    /// Opens (or starts) the file at `path`.
    ///
    /// Refuses ([`StatsError::NotAFile`]) a path naming a folder, a device, a FIFO or a socket
    /// before opening it. A corrupt or invalid file is moved aside (under the lock, waiting at
    /// most [`LOCK_WAIT`], else [`StatsError::Locked`]), never dropped. A file that must not be
    /// written opens read-only ([`OpenNote::ReadOnly`]) and is left exactly as it is.
    pub fn open(path: &Path) -> Result<(StatsStore, StatsFile, OpenNote), StatsError> {
        let target = resolve(path)?;
        refuse_special(path, &target)?;
        let folder = folder(&target);
        fs::create_dir_all(folder).map_err(|e| io_error("create the folder", folder, e))?;
        let mut store = StatsStore {
            path: path.to_owned(),
            read_only: read_only_reason(&target),
            session: SessionId {
                started: unix_seconds(),
                process: std::process::id(),
            },
        };
        let mut contents = read_contents(path, &target)?;
        if matches!(contents, Contents::Bad(_)) && store.read_only.is_none() {
            // Moving aside needs the lock: another session may be replacing the file now.
            let _lock = lock(&target, Wait::AtMost(LOCK_WAIT))?;
            contents = read_contents(path, &target)?;
            if let Contents::Bad(reason) = contents {
                let backup = move_aside(&target)?;
                let note = OpenNote::MovedAside { backup, reason };
                return Ok((store, StatsFile::fresh(), note));
            }
        }
        let (file, loaded, unreadable) = match contents {
            Contents::Missing => (StatsFile::fresh(), false, None),
            Contents::Current(file) => (file, true, None),
            Contents::Newer {
                file,
                version,
                unreadable,
            } => {
                store.read_only = Some(ReadOnlyReason::NewerVersion { version });
                (file, true, unreadable)
            }
            // Only a read-only store gets here: the file stays as it is.
            Contents::Bad(reason) => (StatsFile::fresh(), true, Some(reason)),
        };
        let note = match &store.read_only {
            Some(reason) => OpenNote::ReadOnly {
                path: path.to_owned(),
                reason: reason.clone(),
                unreadable,
            },
            None if loaded => OpenNote::Loaded,
            None => OpenNote::Fresh,
        };
        Ok((store, file, note))
    }

    /// Where the file is (the path as given).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file as it is now (to take in what other sessions wrote); an error, and nothing
    /// moved, if it cannot be read.
    pub fn read(&self) -> Result<StatsFile, StatsError> {
        let target = resolve(&self.path)?;
        match read_contents(&self.path, &target)? {
            Contents::Missing => Ok(StatsFile::fresh()),
            Contents::Current(file) | Contents::Newer { file, .. } => Ok(file),
            Contents::Bad(reason) => Err(StatsError::Invalid {
                path: self.path.clone(),
                reason,
            }),
        }
    }

    /// Whether [`StatsStore::add`] may write.
    pub fn writable(&self) -> bool {
        self.read_only.is_none()
    }

    /// Why the store is read-only, if it is.
    pub fn read_only(&self) -> Option<&ReadOnlyReason> {
        self.read_only.as_ref()
    }

    /// Adds `increments` to the file (re-read under the lock, so another session's writes are
    /// kept), counting a new session when `new_session`. Returns the file as written.
    ///
    /// Waits for the lock as long as another session holds it (a write holds it for
    /// milliseconds): for the command line, which saves once at the end. A read-only store
    /// returns [`StatsError::ReadOnly`] and writes nothing.
    pub fn add(&self, increments: &Tally, new_session: bool) -> Result<StatsFile, StatsError> {
        self.add_waiting(increments, new_session, Wait::Block)
            .map(|(file, _)| file)
    }

    /// As [`StatsStore::add`], but waits at most [`LOCK_WAIT`] for the lock and then returns
    /// [`StatsError::Locked`] having written nothing: for the interactive loop, which keeps the
    /// increments and tries again at the next round.
    pub fn try_add(&self, increments: &Tally, new_session: bool) -> Result<StatsFile, StatsError> {
        self.try_add_noting(increments, new_session)
            .map(|(file, _)| file)
    }

    /// As [`StatsStore::try_add`], saying also when the file had been damaged since it was
    /// opened and was moved aside before this write started a fresh one
    /// ([`OpenNote::MovedAside`]): the player is told, as at opening.
    pub fn try_add_noting(
        &self,
        increments: &Tally,
        new_session: bool,
    ) -> Result<(StatsFile, Option<OpenNote>), StatsError> {
        self.add_waiting(increments, new_session, Wait::AtMost(LOCK_WAIT))
    }

    /// When each chart cell was last played, in seconds since the Unix epoch, as the file
    /// says now (keyed like the tally's cells; empty for a file written before this was kept).
    pub fn last_seen(&self) -> Result<BTreeMap<String, u64>, StatsError> {
        let target = resolve(&self.path)?;
        refuse_special(&self.path, &target)?;
        Ok(read_last_seen(&target))
    }

    /// The file's session rows, oldest first: one per run of the table or a drill that wrote
    /// to it (at most [`MAX_SESSION_ROWS`]; empty for a file written before they were kept).
    pub fn session_rows(&self) -> Result<Vec<SessionRow>, StatsError> {
        let target = resolve(&self.path)?;
        refuse_special(&self.path, &target)?;
        Ok(read_session_rows(&target))
    }

    /// Starts the statistics afresh, keeping the old file: under the lock (waiting as
    /// [`StatsStore::add`] does), the file is moved to the first free backup name
    /// (`<file>.bak`, then `<file>.<seconds>.bak`, …; never over an earlier backup) and an
    /// empty file is written in its place. Returns the backup, or `None` when there was no
    /// file to reset. A read-only store refuses and changes nothing.
    pub fn reset(&self) -> Result<Option<PathBuf>, StatsError> {
        if let Some(reason) = &self.read_only {
            return Err(StatsError::ReadOnly {
                path: self.path.clone(),
                reason: reason.clone(),
            });
        }
        let target = resolve(&self.path)?;
        refuse_special(&self.path, &target)?;
        if let Some(reason) = read_only_reason(&target) {
            return Err(StatsError::ReadOnly {
                path: self.path.clone(),
                reason,
            });
        }
        let _lock = lock(&target, Wait::Block)?;
        if fs::symlink_metadata(&target).is_err() {
            return Ok(None);
        }
        let backup = move_aside(&target)?;
        let text =
            serde_json::to_string_pretty(&StatsFile::fresh()).map_err(|e| StatsError::Invalid {
                path: self.path.clone(),
                reason: e.to_string(),
            })?;
        replace(&target, |out| out.write_all(text.as_bytes()))?;
        Ok(Some(backup))
    }

    fn add_waiting(
        &self,
        increments: &Tally,
        new_session: bool,
        wait: Wait,
    ) -> Result<(StatsFile, Option<OpenNote>), StatsError> {
        let refuse = |reason: ReadOnlyReason| StatsError::ReadOnly {
            path: self.path.clone(),
            reason,
        };
        if let Some(reason) = &self.read_only {
            return Err(refuse(reason.clone()));
        }
        // Resolved and checked again: the path may have changed since it was opened.
        let target = resolve(&self.path)?;
        refuse_special(&self.path, &target)?;
        if let Some(reason) = read_only_reason(&target) {
            return Err(refuse(reason));
        }
        let _lock = lock(&target, wait)?;
        let mut moved = None;
        let mut file = match read_contents(&self.path, &target)? {
            Contents::Missing => StatsFile::fresh(),
            Contents::Current(file) => file,
            Contents::Newer { version, .. } => {
                return Err(refuse(ReadOnlyReason::NewerVersion { version }));
            }
            // Damaged since it was opened: kept, as at opening, and a fresh file starts.
            Contents::Bad(reason) => {
                let backup = move_aside(&target)?;
                moved = Some(OpenNote::MovedAside { backup, reason });
                StatsFile::fresh()
            }
        };
        file.lifetime.absorb(increments);
        file.sessions += u64::from(new_session);
        let mut last_seen = read_last_seen(&target);
        let now = unix_seconds();
        for (key, cell) in &increments.cells {
            if cell.decisions > 0 {
                last_seen.insert(key.clone(), now);
            }
        }
        file.version = STATS_VERSION;
        let invalid = |reason: String| StatsError::Invalid {
            path: self.path.clone(),
            reason,
        };
        file.validate().map_err(invalid)?;
        let mut sessions = read_session_rows(&target);
        let id = &self.session;
        let row = match sessions
            .iter()
            .position(|r| r.started == id.started && r.process == id.process)
        {
            Some(i) => &mut sessions[i],
            None => {
                sessions.push(SessionRow {
                    started: id.started,
                    process: id.process,
                    ..SessionRow::default()
                });
                let last = sessions.len() - 1;
                &mut sessions[last]
            }
        };
        row.absorb(increments, now);
        let excess = sessions.len().saturating_sub(MAX_SESSION_ROWS);
        sessions.drain(..excess);
        let text = stored_text(&file, last_seen, sessions).map_err(|e| invalid(e.to_string()))?;
        replace(&target, |out| out.write_all(text.as_bytes()))?;
        Ok((file, moved))
    }
}

/// The text a file is written with: the file's fields and, beside them, `last_seen`: when
/// each cell was last played. It lies outside [`StatsFile`] so that files from before it read
/// as they did; older builds ignore it (and drop it when they write).
fn stored_text(
    file: &StatsFile,
    last_seen: BTreeMap<String, u64>,
    session_rows: Vec<SessionRow>,
) -> serde_json::Result<String> {
    /// The file as written: [`StatsFile`]'s fields in their order, then `last_seen` and
    /// `session_rows`.
    #[derive(Serialize)]
    struct Stored<'a> {
        #[serde(flatten)]
        file: &'a StatsFile,
        #[serde(skip_serializing_if = "BTreeMap::is_empty")]
        last_seen: BTreeMap<String, u64>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        session_rows: Vec<SessionRow>,
    }
    serde_json::to_string_pretty(&Stored {
        file,
        last_seen,
        session_rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::chart::{Cell, HandKind};
    use crate::engine::Action;
    use crate::trainer::grade::Grade;
    use crate::trainer::store_file::special_kind;
    use decode::{lenient_tally, stated_version};
    use serde_json::Value;
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    use std::time::Instant;

    /// A fresh folder for one test, removed with everything in it when dropped.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new(name: &str) -> TempDir {
            let dir = std::env::temp_dir().join(format!("bj-stats-{name}-{}", std::process::id()));
            let _ = fs::remove_dir_all(&dir);
            fs::create_dir_all(&dir).unwrap();
            TempDir(dir)
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    /// The names in `dir`, sorted.
    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    }

    const DAY: crate::trainer::schedule::Day = crate::trainer::schedule::Day(20_000);

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
        t.record_decision(&grade(false), DAY);
        t.record_decision(&grade(true), DAY);
        t.record_count(true);
        t
    }

    #[test]
    fn the_export_has_a_row_for_each_of_the_360_chart_cells() {
        let tmp = TempDir::new("export");
        let dir = tmp.0.clone();
        let path = dir.join("stats.json");
        let (store, _, _) = StatsStore::open(&path).unwrap();
        let before = unix_seconds();
        let file = store.add(&sample(), true).unwrap();
        let seen = store.last_seen().unwrap();
        let rows = cell_rows(&file, &seen);
        assert_eq!(rows.len(), 360);
        assert_eq!(rows[0].key, "hard:5:2");
        assert_eq!(rows[359].key, "pair:A:A");
        let played = rows.iter().find(|r| r.key == "hard:11:6").unwrap();
        assert_eq!(
            (played.decisions, played.right, played.wrong, played.streak),
            (2, 1, 1, 1)
        );
        assert_eq!(played.label, "11 vs 6");
        let when = played
            .last_seen
            .clone()
            .expect("a played cell has a last-seen time");
        assert!(when >= utc_timestamp(before), "{when}");
        assert!(rows.iter().filter(|r| r.last_seen.is_some()).count() == 1);
        let csv = export_csv(&file, &seen);
        assert_eq!(csv.lines().count(), 361);
        assert!(
            csv.contains("\n\"8,8 vs A\",") || csv.contains(",\"8,8 vs A\","),
            "{csv}"
        );
        let json = export_json(&file, &seen, &store.session_rows().unwrap());
        assert_eq!(json["cells"].as_array().unwrap().len(), 360);
        assert_eq!(json["sessions"], 1);
    }

    #[test]
    fn each_store_writes_its_own_session_row() {
        let tmp = TempDir::new("session-rows");
        let dir = tmp.0.clone();
        let path = dir.join("stats.json");
        let (a, _, _) = StatsStore::open(&path).unwrap();
        let (mut b, _, _) = StatsStore::open(&path).unwrap();
        b.session.process += 1;
        a.add(&sample(), true).unwrap();
        a.add(&sample(), false).unwrap();
        b.add(&sample(), true).unwrap();
        let rows = a.session_rows().unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(
            (rows[0].rounds, rows[0].decisions, rows[0].right),
            (2, 4, 2)
        );
        assert_eq!((rows[1].rounds, rows[1].net_milli), (1, 1500));
        let csv = export_sessions_csv(&rows);
        assert_eq!(csv.lines().count(), 3);
        assert!(
            csv.lines().nth(1).unwrap().contains(",2,2,3,15,4,2,0.2400"),
            "{csv}"
        );
        // The lifetime tally is what it was without the rows.
        let (_, file, note) = StatsStore::open(&path).unwrap();
        assert_eq!((note, file.lifetime.rounds), (OpenNote::Loaded, 3));
    }

    #[test]
    fn session_rows_are_bounded_and_the_oldest_go_first() {
        let tmp = TempDir::new("session-bound");
        let dir = tmp.0.clone();
        let path = dir.join("stats.json");
        let (mut store, _, _) = StatsStore::open(&path).unwrap();
        let old_rows: Vec<SessionRow> = (0..MAX_SESSION_ROWS as u64)
            .map(|i| SessionRow {
                started: i,
                ..SessionRow::default()
            })
            .collect();
        let text = stored_text(&StatsFile::fresh(), BTreeMap::new(), old_rows).unwrap();
        fs::write(&path, text).unwrap();
        store.session.started = 1 << 40;
        store.add(&sample(), true).unwrap();
        let rows = store.session_rows().unwrap();
        assert_eq!(rows.len(), MAX_SESSION_ROWS);
        assert_eq!(rows[0].started, 1);
        assert_eq!(rows.last().unwrap().started, 1 << 40);
    }

    #[test]
    fn timestamps_are_utc_calendar_dates() {
        assert_eq!(utc_timestamp(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc_timestamp(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc_timestamp(1_796_304_005), "2026-12-03T13:20:05Z");
    }

    #[test]
    fn reset_keeps_the_old_file_as_a_backup_and_starts_empty() {
        let tmp = TempDir::new("reset");
        let dir = tmp.0.clone();
        let path = dir.join("stats.json");
        let (store, _, _) = StatsStore::open(&path).unwrap();
        assert_eq!(store.reset().unwrap(), None, "no file: nothing to reset");
        store.add(&sample(), true).unwrap();
        let old = fs::read(&path).unwrap();
        let backup = store.reset().unwrap().expect("a backup");
        assert_eq!(fs::read(&backup).unwrap(), old);
        let (_, file, note) = StatsStore::open(&path).unwrap();
        assert_eq!(note, OpenNote::Loaded);
        assert!(file.lifetime.is_empty() && store.last_seen().unwrap().is_empty());
        // A second reset never overwrites the first backup.
        store.add(&sample(), true).unwrap();
        let second = store.reset().unwrap().expect("a second backup");
        assert_ne!(second, backup);
        assert_eq!(fs::read(&backup).unwrap(), old);
    }

    #[test]
    fn last_seen_survives_writes_and_a_file_without_it_still_reads() {
        let tmp = TempDir::new("last-seen");
        let dir = tmp.0.clone();
        let path = dir.join("stats.json");
        fs::write(
            &path,
            r#"{"version":1,"sessions":1,"lifetime":{"rounds":2,"hands":2,"wins":2}}"#,
        )
        .unwrap();
        let (store, file, note) = StatsStore::open(&path).unwrap();
        assert_eq!((note, file.lifetime.rounds), (OpenNote::Loaded, 2));
        assert!(store.last_seen().unwrap().is_empty());
        store.add(&sample(), false).unwrap();
        let first = store.last_seen().unwrap();
        assert_eq!(first.keys().collect::<Vec<_>>(), ["hard:11:6"]);
        // A write with no decisions keeps the times it does not touch.
        let rounds_only = Tally {
            rounds: 1,
            ..Tally::default()
        };
        store.add(&rounds_only, false).unwrap();
        assert_eq!(store.last_seen().unwrap(), first);
        // Entries that name no cell are skipped, not fatal.
        let mut value: Value = serde_json::from_slice(&fs::read(&path).unwrap()).unwrap();
        value["last_seen"]["river:16:T"] = Value::from(5);
        fs::write(&path, value.to_string()).unwrap();
        assert_eq!(StatsStore::open(&path).unwrap().2, OpenNote::Loaded);
        assert_eq!(store.last_seen().unwrap(), first);
    }

    #[test]
    fn round_trip_keeps_everything() {
        let tmp = TempDir::new("roundtrip");
        let dir = tmp.0.clone();
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
        let cell = file.lifetime.cells["hard:11:6"];
        assert_eq!((cell.decisions, cell.wrong, cell.streak), (2, 1, 1));
        assert!((cell.ev_lost - 0.12).abs() < 1e-12, "{cell:?}");
        assert_eq!(cell.review.last, Some(DAY));
    }

    #[test]
    fn a_file_from_before_the_count_quiz_still_reads() {
        let tmp = TempDir::new("older");
        let dir = tmp.0.clone();
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
        let tmp = TempDir::new("corrupt");
        let dir = tmp.0.clone();
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
        let tmp = TempDir::new("atomic");
        let dir = tmp.0.clone();
        let path = dir.join("stats.json");
        let (store, _, _) = StatsStore::open(&path).unwrap();
        for _ in 0..5 {
            store.add(&sample(), false).unwrap();
        }
        // The lock file stays (removing it would let two sessions lock different files).
        assert_eq!(names(&dir), ["stats.json", "stats.json.lock"]);
        let file: StatsFile = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(file.lifetime.rounds, 5);
    }

    #[test]
    fn two_sessions_at_once_keep_both_histories() {
        let tmp = TempDir::new("concurrent");
        let dir = tmp.0.clone();
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
    fn a_failed_write_leaves_no_temp_file_and_the_old_file_intact() {
        let tmp = TempDir::new("write-error");
        let dir = tmp.0.clone();
        let path = dir.join("stats.json");
        fs::write(&path, "old").unwrap();
        let err = replace(&path, |out| {
            out.write_all(b"half")?;
            Err(io::Error::other("disk full"))
        })
        .unwrap_err();
        assert!(err.to_string().contains("disk full"), "{err}");
        assert_eq!(names(&dir), ["stats.json"]);
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
    }

    #[test]
    fn a_failed_rename_leaves_no_temp_file() {
        let tmp = TempDir::new("rename-error");
        let dir = tmp.0.clone();
        // A folder with something in it cannot be replaced by a file.
        let target = dir.join("stats.json");
        fs::create_dir(&target).unwrap();
        fs::write(target.join("inside"), "kept").unwrap();
        let err = replace(&target, |out| out.write_all(b"{}")).unwrap_err();
        assert!(
            matches!(
                err,
                StatsError::Io {
                    action: "replace",
                    ..
                }
            ),
            "{err}"
        );
        assert_eq!(names(&dir), ["stats.json"]);
        assert_eq!(fs::read_to_string(target.join("inside")).unwrap(), "kept");
    }

    #[test]
    fn only_a_regular_file_has_no_special_kind() {
        use std::os::unix::net::UnixListener;
        let tmp = TempDir::new("kinds");
        let dir = tmp.0.clone();
        let kind = |p: &Path| special_kind(fs::symlink_metadata(p).unwrap().file_type());
        let file = dir.join("file");
        fs::write(&file, "").unwrap();
        assert_eq!(kind(&file), None);
        assert_eq!(kind(&dir), Some("a folder"));
        let socket = dir.join("socket");
        let _listener = UnixListener::bind(&socket).unwrap();
        assert_eq!(kind(&socket), Some("a socket"));
        let fifo = dir.join("fifo");
        let c_path = CString::new(fifo.as_os_str().as_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path in our own temp folder.
        assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
        assert_eq!(kind(&fifo), Some("a named pipe (FIFO)"));
        let link = dir.join("link");
        std::os::unix::fs::symlink(&file, &link).unwrap();
        assert_eq!(kind(&link), Some("a symbolic link"));
    }

    #[test]
    fn links_resolve_relative_to_their_folder_and_loops_are_refused() {
        let tmp = TempDir::new("resolve");
        let dir = tmp.0.clone();
        fs::create_dir(dir.join("real")).unwrap();
        std::os::unix::fs::symlink("real/data.json", dir.join("a")).unwrap();
        std::os::unix::fs::symlink("a", dir.join("b")).unwrap();
        assert_eq!(resolve(&dir.join("b")).unwrap(), dir.join("real/data.json"));
        std::os::unix::fs::symlink("loop2", dir.join("loop1")).unwrap();
        std::os::unix::fs::symlink("loop1", dir.join("loop2")).unwrap();
        let err = resolve(&dir.join("loop1")).unwrap_err();
        assert!(err.to_string().contains("too many levels"), "{err}");
    }

    #[test]
    fn the_stated_version_is_found_even_in_broken_json() {
        assert_eq!(
            stated_version(br#"{"version": 99, "lifetime": {"#),
            Some(99)
        );
        assert_eq!(stated_version(br#"{"sessions":1,"version":7}"#), Some(7));
        assert_eq!(stated_version(b"garbage"), None);
        assert_eq!(stated_version(br#"{"version":"2"}"#), None);
    }

    #[test]
    fn a_newer_tally_is_read_field_by_field() {
        let value: Value = serde_json::from_str(
            r#"{"rounds": 4, "hands": "many", "overall": {"decisions": 3, "correct": 2},
                "categories": {"hard": {"decisions": 3, "correct": 2}, "surrender": {"decisions": 1, "correct": 1}}}"#,
        )
        .unwrap();
        let tally = lenient_tally(&value).unwrap();
        assert_eq!(tally.rounds, 4);
        assert_eq!(tally.hands, 0);
        assert_eq!(tally.overall.correct, 2);
        assert_eq!(tally.categories.len(), 1);
        assert_eq!(lenient_tally(&Value::from(3)), None);
    }

    #[test]
    fn try_add_gives_up_quickly_while_another_session_holds_the_lock() {
        let tmp = TempDir::new("locked");
        let dir = tmp.0.clone();
        let path = dir.join("stats.json");
        let (store, _, _) = StatsStore::open(&path).unwrap();
        store.add(&sample(), true).unwrap();
        let before = fs::read(&path).unwrap();
        let held = lock(&path, Wait::Block).unwrap();
        let start = Instant::now();
        let err = store.try_add(&sample(), false).unwrap_err();
        let waited = start.elapsed();
        assert!(matches!(err, StatsError::Locked { .. }), "{err}");
        assert!(
            err.to_string().contains("locked by another session"),
            "{err}"
        );
        assert!(
            waited >= LOCK_WAIT && waited < Duration::from_secs(2),
            "{waited:?}"
        );
        assert_eq!(fs::read(&path).unwrap(), before);
        drop(held);
        assert_eq!(store.try_add(&sample(), false).unwrap().lifetime.rounds, 2);
    }

    #[test]
    fn add_waits_for_the_lock_and_then_writes() {
        let tmp = TempDir::new("blocking");
        let dir = tmp.0.clone();
        let path = dir.join("stats.json");
        let (store, _, _) = StatsStore::open(&path).unwrap();
        let held = lock(&path, Wait::Block).unwrap();
        std::thread::scope(|s| {
            s.spawn(move || {
                std::thread::sleep(Duration::from_millis(300));
                drop(held);
            });
            let start = Instant::now();
            store.add(&sample(), true).unwrap();
            assert!(start.elapsed() >= Duration::from_millis(250));
        });
        assert_eq!(StatsStore::open(&path).unwrap().1.lifetime.rounds, 1);
    }

    #[test]
    fn a_lock_file_left_behind_does_not_block() {
        let tmp = TempDir::new("leftover-lock");
        let dir = tmp.0.clone();
        let path = dir.join("stats.json");
        fs::write(dir.join("stats.json.lock"), "").unwrap();
        let (store, _, _) = StatsStore::open(&path).unwrap();
        // No stale-lock guessing: a lock file nobody holds is simply free.
        store.try_add(&sample(), true).unwrap();
    }

    #[test]
    fn two_interactive_sessions_retrying_keep_both_histories() {
        let tmp = TempDir::new("concurrent-try");
        let dir = tmp.0.clone();
        let path = dir.join("stats.json");
        let (a, _, _) = StatsStore::open(&path).unwrap();
        let (b, _, _) = StatsStore::open(&path).unwrap();
        std::thread::scope(|s| {
            for store in [&a, &b] {
                s.spawn(move || {
                    for _ in 0..20 {
                        // As the table does: keep the increments and try again later.
                        while let Err(err) = store.try_add(&sample(), false) {
                            assert!(matches!(err, StatsError::Locked { .. }), "{err}");
                        }
                    }
                });
            }
        });
        let (_, file, _) = StatsStore::open(&path).unwrap();
        assert_eq!(file.lifetime.rounds, 40);
    }

    #[test]
    fn numbers_that_would_not_read_back_are_not_written() {
        let tmp = TempDir::new("invalid-write");
        let dir = tmp.0.clone();
        let path = dir.join("stats.json");
        let (store, _, _) = StatsStore::open(&path).unwrap();
        store.add(&sample(), true).unwrap();
        let before = fs::read(&path).unwrap();
        let bad = Tally {
            ev_lost: f64::NAN,
            ..Tally::default()
        };
        let err = store.add(&bad, false).unwrap_err();
        assert!(matches!(err, StatsError::Invalid { .. }), "{err}");
        assert_eq!(fs::read(&path).unwrap(), before);
        assert_eq!(names(&dir), ["stats.json", "stats.json.lock"]);
    }

    #[test]
    fn every_tally_this_program_records_validates() {
        // Real rounds, splits, doubles and naturals included, at a bet of 5.
        let mut t = sample();
        let rules = crate::engine::Rules::default();
        let mut table = crate::engine::seeded_table(rules.clone(), 1, 5);
        table
            .buy_in(0, crate::engine::Units::from_units(1000))
            .unwrap();
        table
            .place_bet(0, crate::engine::Units::from_units(5))
            .unwrap();
        let hard = crate::ai::AnyStrategy::for_level(crate::ai::Level::Hard, &rules);
        for _ in 0..2000 {
            if !table.covers_bet(0) {
                table
                    .buy_in(0, crate::engine::Units::from_units(1000))
                    .unwrap();
            }
            table.start_round().unwrap();
            while let Some(turn) = crate::ai::take_turn(&mut table, &hard) {
                turn.unwrap();
            }
            table.play_dealer().unwrap();
            t.record_round(table.seats()[0].hands(), table.dealer());
        }
        assert!(t.splits > 0 && t.doubles > 0 && t.naturals > 0 && t.busts > 0);
        t.record_decision(&grade(false), DAY);
        let mut life = Tally::default();
        life.absorb(&t);
        life.absorb(&t);
        assert_eq!(t.validate(), Ok(()));
        assert_eq!(life.validate(), Ok(()));
        assert_eq!(Tally::default().validate(), Ok(()));
    }

    #[test]
    fn read_only_notes_say_why_for_the_player() {
        let note = |reason, unreadable: Option<&str>| {
            OpenNote::ReadOnly {
                path: PathBuf::from("s.json"),
                reason,
                unreadable: unreadable.map(str::to_owned),
            }
            .message()
            .unwrap()
        };
        assert_eq!(
            note(ReadOnlyReason::NewerVersion { version: 99 }, None),
            "Statistics written by a newer version: read-only (s.json has format 99, this \
             version writes 1); this session is not saved."
        );
        assert_eq!(
            note(ReadOnlyReason::Permissions, Some("EOF")),
            "Statistics file s.json is read-only (its permissions forbid writing); this session \
             is not saved. Its figures could not be read (EOF)."
        );
        assert_eq!(OpenNote::Loaded.message(), None);
    }
}
