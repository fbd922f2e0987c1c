//! The hand history: every round at the table and every drill answer, one JSON object a line,
//! in a file beside the statistics (`stats.json` → `stats.history.jsonl`).
//!
//! The file is written with the statistics store's care, by the same machinery
//! ([`super::store_file`]): only a regular file, atomic replacement under the lock on
//! `<file>.lock` (re-read under it, so two sessions at once keep both histories), a corrupt
//! file moved aside to a `.bak` with a message, and a file that must not be written
//! (read-only, a read-only folder, a newer format) read but never touched.
//!
//! It is bounded: past its limit (entries: a round or a drill answer each) the oldest entries
//! are dropped when the next is written.
//!
//! The first line is a header, `{"version": 1}`; every other line is an [`Entry`].

pub mod record;
pub mod review;

use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::Value;

pub use record::{ActionEv, Decision, DrillAnswer, Entry, HandRecord, Round, RoundStart};

use super::stats::{LOCK_WAIT, ReadOnlyReason, StatsError};
use super::store_file::{
    Wait, folder, io_error, lock, move_aside, read_bytes, read_only_reason, refuse_special,
    replace, resolve,
};

/// The history format version this build writes.
pub const HISTORY_VERSION: u32 = 1;

/// How many entries (rounds and drill answers) the history keeps by default.
pub const DEFAULT_HISTORY_LIMIT: usize = 5_000;

/// The largest limit that may be set.
pub const MAX_HISTORY_LIMIT: usize = 1_000_000;

/// The history file beside the statistics file `stats`: its name without the extension, then
/// `.history.jsonl` (`stats.json` → `stats.history.jsonl`).
pub fn history_path(stats: &Path) -> PathBuf {
    let stem = stats.file_stem().unwrap_or_default().to_owned();
    let mut name = stem;
    name.push(".history.jsonl");
    stats.with_file_name(name)
}

/// Why the history is read but never written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HistoryReadOnly {
    /// As for the statistics: permissions or the folder.
    File(ReadOnlyReason),
    /// Written by a newer build in a format this one does not know.
    NewerVersion(u64),
}

impl std::fmt::Display for HistoryReadOnly {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HistoryReadOnly::File(reason) => write!(f, "{reason}"),
            HistoryReadOnly::NewerVersion(version) => write!(
                f,
                "written by a newer version (format {version}; this one writes \
                 {HISTORY_VERSION})"
            ),
        }
    }
}

/// The hand-history file on disk.
#[derive(Debug, Clone)]
pub struct HistoryStore {
    path: PathBuf,
    limit: usize,
    read_only: Option<HistoryReadOnly>,
}

/// What the file holds.
enum Contents {
    Missing,
    Current(Vec<Entry>),
    Newer(Vec<Entry>, u64),
    Bad(String),
}

impl HistoryStore {
    /// Opens (or starts) the history at `path`, keeping at most `limit` entries. Returns the
    /// entries and a message for the person when there is news: a corrupt file moved aside
    /// (kept as a `.bak`), a file that is read but not written. A path that names no regular
    /// file is refused, and nothing is touched.
    pub fn open(
        path: &Path,
        limit: usize,
    ) -> Result<(HistoryStore, Vec<Entry>, Option<String>), StatsError> {
        let target = resolve(path)?;
        refuse_special(path, &target)?;
        let dir = folder(&target);
        std::fs::create_dir_all(dir).map_err(|e| io_error("create the folder", dir, e))?;
        let mut store = HistoryStore {
            path: path.to_owned(),
            limit: limit.min(MAX_HISTORY_LIMIT),
            read_only: read_only_reason(&target).map(HistoryReadOnly::File),
        };
        let mut contents = read(path, &target)?;
        if matches!(contents, Contents::Bad(_)) && store.read_only.is_none() {
            let _lock = lock(&target, Wait::AtMost(LOCK_WAIT))?;
            contents = read(path, &target)?;
            if let Contents::Bad(reason) = contents {
                let backup = move_aside(&target)?;
                let note = format!(
                    "Unreadable hand history kept as {}; a fresh one started ({reason}).",
                    backup.display()
                );
                return Ok((store, Vec::new(), Some(note)));
            }
        }
        let (entries, unreadable) = match contents {
            Contents::Missing => (Vec::new(), None),
            Contents::Current(entries) => (entries, None),
            Contents::Newer(entries, version) => {
                store.read_only = Some(HistoryReadOnly::NewerVersion(version));
                (entries, None)
            }
            Contents::Bad(reason) => (Vec::new(), Some(reason)),
        };
        let note = store.read_only.as_ref().map(|reason| {
            let mut text = format!(
                "Hand history {} is read-only ({reason}); this session's hands are not kept.",
                path.display()
            );
            if let Some(why) = unreadable {
                text.push_str(&format!(" It could not be read ({why})."));
            }
            text
        });
        Ok((store, entries, note))
    }

    /// Where the file is (the path as given).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// How many entries it keeps.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Why it is not written, if it is not.
    pub fn read_only(&self) -> Option<&HistoryReadOnly> {
        self.read_only.as_ref()
    }

    /// The entries as the file holds them now, oldest first; an error, and nothing moved, if
    /// it cannot be read.
    pub fn read(&self) -> Result<Vec<Entry>, StatsError> {
        let target = resolve(&self.path)?;
        match read(&self.path, &target)? {
            Contents::Missing => Ok(Vec::new()),
            Contents::Current(entries) | Contents::Newer(entries, _) => Ok(entries),
            Contents::Bad(reason) => Err(StatsError::Invalid {
                path: self.path.clone(),
                reason,
            }),
        }
    }

    /// Adds `entries` after what the file holds now (re-read under the lock), dropping the
    /// oldest past the limit. Waits for the lock as [`super::stats::StatsStore::try_add`]
    /// does: at most [`LOCK_WAIT`], then [`StatsError::Locked`] with nothing written. A
    /// read-only store writes nothing and says why.
    pub fn append(&self, entries: &[Entry]) -> Result<(), StatsError> {
        self.append_waiting(entries, Wait::AtMost(LOCK_WAIT))
    }

    /// As [`HistoryStore::append`], waiting as long as the lock is held (the command line).
    pub fn append_blocking(&self, entries: &[Entry]) -> Result<(), StatsError> {
        self.append_waiting(entries, Wait::Block)
    }

    fn append_waiting(&self, entries: &[Entry], wait: Wait) -> Result<(), StatsError> {
        let refuse = |reason: &HistoryReadOnly| StatsError::ReadOnly {
            path: self.path.clone(),
            reason: match reason {
                HistoryReadOnly::File(reason) => reason.clone(),
                &HistoryReadOnly::NewerVersion(version) => ReadOnlyReason::NewerVersion { version },
            },
        };
        if let Some(reason) = &self.read_only {
            return Err(refuse(reason));
        }
        if entries.is_empty() {
            return Ok(());
        }
        let target = resolve(&self.path)?;
        refuse_special(&self.path, &target)?;
        if let Some(reason) = read_only_reason(&target) {
            return Err(refuse(&HistoryReadOnly::File(reason)));
        }
        let _lock = lock(&target, wait)?;
        let mut all = match read(&self.path, &target)? {
            Contents::Missing => Vec::new(),
            Contents::Current(entries) => entries,
            Contents::Newer(_, version) => {
                return Err(refuse(&HistoryReadOnly::NewerVersion(version)));
            }
            // Damaged since it was opened: kept, as at opening, and a fresh file starts.
            Contents::Bad(_) => {
                move_aside(&target)?;
                Vec::new()
            }
        };
        all.extend_from_slice(entries);
        let excess = all.len().saturating_sub(self.limit);
        all.drain(..excess);
        let text = encode(&all).map_err(|e| StatsError::Invalid {
            path: self.path.clone(),
            reason: e.to_string(),
        })?;
        replace(&target, |out| out.write_all(text.as_bytes()))
    }
}

/// The file's text: the header, then one entry a line.
fn encode(entries: &[Entry]) -> serde_json::Result<String> {
    let mut text = serde_json::to_string(&serde_json::json!({ "version": HISTORY_VERSION }))?;
    text.push('\n');
    for entry in entries {
        text.push_str(&serde_json::to_string(entry)?);
        text.push('\n');
    }
    Ok(text)
}

fn read(path: &Path, target: &Path) -> Result<Contents, StatsError> {
    Ok(match read_bytes(path, target)? {
        None => Contents::Missing,
        Some(bytes) => decode(&bytes),
    })
}

/// Decodes the file: every line of this version's file must read and validate; a newer
/// version's file keeps the lines this build can read.
fn decode(bytes: &[u8]) -> Contents {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Contents::Bad("not UTF-8 text".to_owned());
    };
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((_, header)) = lines.next() else {
        return Contents::Current(Vec::new());
    };
    let version = match serde_json::from_str::<Value>(header)
        .ok()
        .and_then(|v| v.get("version")?.as_u64())
    {
        Some(version) => version,
        None => return Contents::Bad("line 1 is not a history header".to_owned()),
    };
    if version > u64::from(HISTORY_VERSION) {
        let entries = lines
            .filter_map(|(_, line)| serde_json::from_str::<Entry>(line).ok())
            .filter(|e| e.validate().is_ok())
            .collect();
        return Contents::Newer(entries, version);
    }
    if version != u64::from(HISTORY_VERSION) {
        return Contents::Bad(format!("unknown format version {version}"));
    }
    let mut entries = Vec::new();
    for (index, line) in lines {
        let entry = match serde_json::from_str::<Entry>(line) {
            Ok(entry) => entry,
            Err(e) => return Contents::Bad(format!("line {}: {e}", index + 1)),
        };
        if let Err(why) = entry.validate() {
            return Contents::Bad(format!("line {}: {why}", index + 1));
        }
        entries.push(entry);
    }
    Contents::Current(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_history_sits_beside_the_statistics() {
        assert_eq!(
            history_path(Path::new("/a/b/stats.json")),
            PathBuf::from("/a/b/stats.history.jsonl")
        );
        assert_eq!(
            history_path(Path::new("mine")),
            PathBuf::from("mine.history.jsonl")
        );
    }

    #[test]
    fn a_header_alone_or_an_empty_file_is_an_empty_history() {
        assert!(matches!(decode(b""), Contents::Current(v) if v.is_empty()));
        assert!(matches!(decode(b"{\"version\":1}\n"), Contents::Current(v) if v.is_empty()));
        assert!(matches!(decode(b"{\"version\":0}\n"), Contents::Bad(_)));
        assert!(matches!(decode(b"[1,2]\n"), Contents::Bad(_)));
        assert!(matches!(decode(b"{\"version\":9}\nxx\n"), Contents::Newer(v, 9) if v.is_empty()));
    }
}
