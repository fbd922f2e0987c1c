//! The hand history: every round at the table and every drill answer, one JSON object a line,
//! in a file beside the statistics (`stats.json` → `stats.history.jsonl`).
//!
//! The file is written with the statistics store's care, by the same machinery
//! ([`super::store_file`]): only a regular file, every write under the lock on `<file>.lock`
//! (so two sessions at once keep both histories), a corrupt file moved aside to a `.bak` with
//! a message, and a file that must not be written (read-only, a read-only folder, a newer
//! format) read but never touched.
//!
//! A round's entries are appended: one write of their lines at the end of the file, then a
//! sync, without reading the file again (only its first line, to check the header, and its
//! last byte). The file is created, and compacted, by atomic replacement instead.
//!
//! It is bounded: readers see only the newest `limit` entries (a round or a drill answer each),
//! and once the file holds more than `limit` + [`compaction_slack`] entries it is rewritten
//! down to the newest `limit`.
//!
//! A program that dies in the middle of an append (a power cut) may leave a last line without
//! its newline. That line is a write cut short, not corruption: reading drops it (a line that
//! reads whole is kept), and the next append, finding the last byte is not a newline, rewrites
//! the file (as a compaction does) instead of appending after the fragment. A bad line before
//! the last is corruption, moved aside to a `.bak` and reported.
//!
//! The first line is a header, `{"version": 1}`; every other line is an [`Entry`].

pub mod record;
pub mod review;

use std::cell::{Cell, RefCell};
use std::fs;
use std::io::{Read, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use serde_json::Value;

pub use record::{ActionEv, Decision, DrillAnswer, Entry, HandRecord, Round, RoundStart};

use super::stats::{LOCK_WAIT, ReadOnlyReason, StatsError, StoreKind};
use super::store_file::{
    FileId, Wait, folder, io_error, lock, move_aside, open_to_append, read_identified,
    read_only_reason, refuse_special, replace, resolve,
};

/// The history format version this build writes.
pub const HISTORY_VERSION: u32 = 1;

/// How many entries (rounds and drill answers) the history keeps by default.
pub const DEFAULT_HISTORY_LIMIT: usize = 5_000;

/// The largest limit that may be set.
pub const MAX_HISTORY_LIMIT: usize = 1_000_000;

/// How many entries past its `limit` the file may hold before an append compacts it to the
/// newest `limit`: a quarter of the limit, at least 64. An append costs the new lines only;
/// a compaction reads and rewrites the whole file, so the slack makes it happen once every
/// `slack` appends rather than at every round once the file is full (at the default 5 000, a
/// rewrite every 1 250 entries), and the floor keeps a small limit from rewriting at nearly
/// every round. Readers see the newest `limit` whatever the file holds.
pub fn compaction_slack(limit: usize) -> usize {
    (limit / 4).max(64)
}

/// How much of the file's start is read to find the header line before an append.
const HEADER_PROBE: usize = 4096;

/// A failure of the hand-history file. The history shares the statistics' file machinery and
/// so its failures ([`StatsError`]); this says them of the hand history.
#[derive(Debug)]
pub struct HistoryError(pub StatsError);

impl std::fmt::Display for HistoryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.describe(f, StoreKind::HandHistory)
    }
}

impl std::error::Error for HistoryError {}

impl From<StatsError> for HistoryError {
    fn from(err: StatsError) -> HistoryError {
        HistoryError(err)
    }
}

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
    /// The file as this store last read or wrote it, and how many entries it held then: while
    /// the file is still that file at that length, nobody else has written it and the count
    /// holds without reading the file again.
    known: Cell<Option<Known>>,
    /// What a write found and the player should hear ([`HistoryStore::take_news`]): a file
    /// damaged since it was opened, moved aside.
    news: RefCell<Option<String>>,
}

/// A file seen, and the entries it held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Known {
    file: FileId,
    entries: usize,
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
    /// newest `limit` entries and a message for the person when there is news: a corrupt file
    /// moved aside (kept as a `.bak`), a file that is read but not written. A path that names
    /// no regular file is refused, and nothing is touched.
    pub fn open(
        path: &Path,
        limit: usize,
    ) -> Result<(HistoryStore, Vec<Entry>, Option<String>), HistoryError> {
        let target = resolve(path)?;
        refuse_special(path, &target)?;
        let dir = folder(&target);
        std::fs::create_dir_all(dir).map_err(|e| io_error("create the folder", dir, e))?;
        let limit = limit.min(MAX_HISTORY_LIMIT);
        let mut store = HistoryStore {
            path: path.to_owned(),
            limit,
            read_only: read_only_reason(&target).map(HistoryReadOnly::File),
            known: Cell::new(None),
            news: RefCell::new(None),
        };
        let (mut contents, mut known) = read_known(path, &target)?;
        if matches!(contents, Contents::Bad(_)) && store.read_only.is_none() {
            let _lock = lock(&target, Wait::AtMost(LOCK_WAIT))?;
            (contents, known) = read_known(path, &target)?;
            if let Contents::Bad(reason) = contents {
                let backup = move_aside(&target)?;
                let note = moved_aside_note(&backup, &reason);
                return Ok((store, Vec::new(), Some(note)));
            }
        }
        store.known.set(known);
        let (entries, unreadable) = match contents {
            Contents::Missing => (Vec::new(), None),
            Contents::Current(entries) => (newest(entries, limit), None),
            Contents::Newer(entries, version) => {
                store.read_only = Some(HistoryReadOnly::NewerVersion(version));
                (newest(entries, limit), None)
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

    /// The newest `limit` entries the file holds now, oldest first; an error, and nothing
    /// moved, if it cannot be read.
    pub fn read(&self) -> Result<Vec<Entry>, HistoryError> {
        let target = resolve(&self.path)?;
        match read_known(&self.path, &target)?.0 {
            Contents::Missing => Ok(Vec::new()),
            Contents::Current(entries) | Contents::Newer(entries, _) => {
                Ok(newest(entries, self.limit))
            }
            Contents::Bad(reason) => Err(HistoryError(StatsError::Invalid {
                path: self.path.clone(),
                reason,
            })),
        }
    }

    /// Adds `entries` at the end of the file, under the lock: appended, or, when the file is
    /// missing, past its slack, cut short at its end or not this version's, written whole
    /// (re-read under the lock, keeping the newest `limit`). Waits for the lock as
    /// [`super::stats::StatsStore::try_add`] does: at most [`LOCK_WAIT`], then
    /// [`StatsError::Locked`] with nothing written. A read-only store writes nothing and says
    /// why.
    pub fn append(&self, entries: &[Entry]) -> Result<(), HistoryError> {
        self.append_waiting(entries, Wait::AtMost(LOCK_WAIT))
    }

    /// What the last writes found that the player should hear, once: a file damaged since it
    /// was opened and moved aside (as [`HistoryStore::open`] says it).
    pub fn take_news(&self) -> Option<String> {
        self.news.borrow_mut().take()
    }

    /// As [`HistoryStore::append`], waiting as long as the lock is held (the command line).
    pub fn append_blocking(&self, entries: &[Entry]) -> Result<(), HistoryError> {
        self.append_waiting(entries, Wait::Block)
    }

    fn refusal(&self, reason: &HistoryReadOnly) -> HistoryError {
        HistoryError(StatsError::ReadOnly {
            path: self.path.clone(),
            reason: match reason {
                HistoryReadOnly::File(reason) => reason.clone(),
                &HistoryReadOnly::NewerVersion(version) => ReadOnlyReason::NewerVersion { version },
            },
        })
    }

    fn invalid(&self, err: &serde_json::Error) -> HistoryError {
        HistoryError(StatsError::Invalid {
            path: self.path.clone(),
            reason: err.to_string(),
        })
    }

    fn append_waiting(&self, entries: &[Entry], wait: Wait) -> Result<(), HistoryError> {
        if let Some(reason) = &self.read_only {
            return Err(self.refusal(reason));
        }
        if entries.is_empty() {
            return Ok(());
        }
        let target = resolve(&self.path)?;
        refuse_special(&self.path, &target)?;
        if let Some(reason) = read_only_reason(&target) {
            return Err(self.refusal(&HistoryReadOnly::File(reason)));
        }
        let _lock = lock(&target, wait)?;
        // Forgotten until this write succeeds: a failed write may have left anything.
        let known = self.known.take();
        let Some(file) = open_to_append(&self.path, &target)? else {
            return self.rewrite(&target, entries);
        };
        let Some(held) = appendable(&file, known).map_err(|e| io_error("read", &target, e))? else {
            return self.rewrite(&target, entries);
        };
        if held.entries + entries.len() > self.limit + compaction_slack(self.limit) {
            return self.rewrite(&target, entries);
        }
        let text = encode_lines(entries).map_err(|e| self.invalid(&e))?;
        // One write of every line, so a cut can only tear the last.
        (&file)
            .write_all(text.as_bytes())
            .and_then(|()| file.sync_data())
            .map_err(|e| io_error("append to", &target, e))?;
        self.known.set(Some(Known {
            file: FileId {
                len: held.file.len + text.len() as u64,
                ..held.file
            },
            entries: held.entries + entries.len(),
        }));
        Ok(())
    }

    /// Writes the whole file, atomically: what it holds now (re-read and decoded), then
    /// `entries`, the newest `limit` of them.
    fn rewrite(&self, target: &Path, entries: &[Entry]) -> Result<(), HistoryError> {
        let mut all = match read_known(&self.path, target)?.0 {
            Contents::Missing => Vec::new(),
            Contents::Current(entries) => entries,
            Contents::Newer(_, version) => {
                return Err(self.refusal(&HistoryReadOnly::NewerVersion(version)));
            }
            // Damaged since it was opened: kept, as at opening, and a fresh file starts; the
            // player hears of it ([`HistoryStore::take_news`]).
            Contents::Bad(reason) => {
                let backup = move_aside(target)?;
                self.news.replace(Some(moved_aside_note(&backup, &reason)));
                Vec::new()
            }
        };
        all.extend_from_slice(entries);
        let all = newest(all, self.limit);
        let mut text = header_line().map_err(|e| self.invalid(&e))?;
        text.push_str(&encode_lines(&all).map_err(|e| self.invalid(&e))?);
        replace(target, |out| out.write_all(text.as_bytes()))?;
        // Under the lock still: what was just written is what the file holds.
        self.known.set(fs::metadata(target).ok().map(|meta| Known {
            file: FileId::of(&meta),
            entries: all.len(),
        }));
        Ok(())
    }
}

/// What the player is told of a history file that could not be read and was moved aside.
fn moved_aside_note(backup: &Path, reason: &str) -> String {
    format!(
        "Unreadable hand history kept as {}; a fresh one started ({reason}).",
        backup.display()
    )
}

/// The newest `limit` of `entries` (oldest first).
fn newest(mut entries: Vec<Entry>, limit: usize) -> Vec<Entry> {
    let excess = entries.len().saturating_sub(limit);
    entries.drain(..excess);
    entries
}

/// Whether `file` can take an append, and what it holds if so: it starts with this version's
/// header line and ends with a newline. The entries are counted from `known` when the file is
/// still the one seen then, at the same length, and counted again otherwise (another session
/// wrote it). `None`: the file must be rewritten instead.
fn appendable(file: &fs::File, known: Option<Known>) -> std::io::Result<Option<Known>> {
    let id = FileId::of(&file.metadata()?);
    if id.len == 0 {
        return Ok(None);
    }
    let mut start = vec![0; HEADER_PROBE.min(id.len as usize)];
    file.read_exact_at(&mut start, 0)?;
    let Some(end) = start.iter().position(|&b| b == b'\n') else {
        return Ok(None);
    };
    if header_version(&start[..end]) != Some(u64::from(HISTORY_VERSION)) {
        return Ok(None);
    }
    let mut last = [0];
    file.read_exact_at(&mut last, id.len - 1)?;
    if last != *b"\n" {
        return Ok(None);
    }
    if let Some(known) = known.filter(|k| k.file == id) {
        return Ok(Some(known));
    }
    let mut bytes = Vec::with_capacity(id.len as usize);
    file.take(id.len).read_to_end(&mut bytes)?;
    Ok(Some(Known {
        file: id,
        entries: count_entries(&bytes),
    }))
}

/// How many entry lines the file's `bytes` hold: the lines ended by a newline that are not
/// blank, less the header. Counts, never reads: a line that would not decode counts too.
fn count_entries(bytes: &[u8]) -> usize {
    bytes
        .split_inclusive(|&b| b == b'\n')
        .filter(|line| line.ends_with(b"\n") && !line.trim_ascii().is_empty())
        .count()
        .saturating_sub(1)
}

/// The format version a header line declares, if it is a header.
fn header_version(line: &[u8]) -> Option<u64> {
    serde_json::from_slice::<Value>(line)
        .ok()?
        .get("version")?
        .as_u64()
}

/// The header line, with its newline.
fn header_line() -> serde_json::Result<String> {
    let mut text = serde_json::to_string(&serde_json::json!({ "version": HISTORY_VERSION }))?;
    text.push('\n');
    Ok(text)
}

/// The entries' lines, each with its newline.
fn encode_lines(entries: &[Entry]) -> serde_json::Result<String> {
    let mut text = String::new();
    for entry in entries {
        text.push_str(&serde_json::to_string(entry)?);
        text.push('\n');
    }
    Ok(text)
}

/// What the file holds, and which file it was (`None` unless it holds this version's entries).
fn read_known(path: &Path, target: &Path) -> Result<(Contents, Option<Known>), StatsError> {
    Ok(match read_identified(path, target)? {
        None => (Contents::Missing, None),
        Some((bytes, file)) => {
            let contents = decode(&bytes);
            let known = matches!(contents, Contents::Current(_)).then(|| Known {
                file,
                entries: count_entries(&bytes),
            });
            (contents, known)
        }
    })
}

/// Decodes the file: every line of this version's file must read and validate, except a last
/// line without its newline, a write cut short, which is dropped if it does not; a newer
/// version's file keeps the lines this build can read.
fn decode(bytes: &[u8]) -> Contents {
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        // A cut in the middle of a character, at the very end: only the torn line lacks it.
        Err(e) if e.error_len().is_none() => {
            std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default()
        }
        Err(_) => return Contents::Bad("not UTF-8 text".to_owned()),
    };
    let torn_at = (!bytes.ends_with(b"\n")).then(|| text.lines().count().saturating_sub(1));
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((_, header)) = lines.next() else {
        return Contents::Current(Vec::new());
    };
    let Some(version) = header_version(header.as_bytes()) else {
        return Contents::Bad("line 1 is not a history header".to_owned());
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
        let read = serde_json::from_str::<Entry>(line)
            .map_err(|e| e.to_string())
            .and_then(|entry| {
                entry
                    .validate()
                    .map(|()| entry)
                    .map_err(|why| why.to_string())
            });
        match read {
            Ok(entry) => entries.push(entry),
            Err(_) if Some(index) == torn_at => break,
            Err(why) => return Contents::Bad(format!("line {}: {why}", index + 1)),
        }
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

    /// A drill answer line as the store writes it (a right answer to 11 vs 6).
    fn entry_line(at: u64) -> String {
        let decision = Decision {
            cell: "hard:11:6".to_owned(),
            hand: 0,
            cards: vec!["5h".to_owned(), "6d".to_owned()],
            up: "6c".to_owned(),
            chosen: crate::engine::Action::Double,
            advised: crate::engine::Action::Double,
            true_count: None,
            cost: 0.0,
            evs: Vec::new(),
        };
        let entry = Entry::Drill(DrillAnswer {
            at,
            kind: "all".to_owned(),
            seconds: 1.0,
            decision,
        });
        encode_lines(&[entry]).unwrap()
    }

    #[test]
    fn a_last_line_cut_short_is_dropped_and_one_cut_before_the_last_is_corruption() {
        let whole = format!(
            "{}{}{}",
            header_line().unwrap(),
            entry_line(1),
            entry_line(2)
        );
        let Contents::Current(all) = decode(whole.as_bytes()) else {
            panic!("a whole file reads");
        };
        assert_eq!(all.len(), 2);
        // Cut anywhere inside the last line: the first entry stays, nothing is Bad.
        let second = whole.len() - entry_line(2).len();
        for cut in [1, 5, entry_line(2).len() - 2] {
            let torn = &whole.as_bytes()[..second + cut];
            match decode(torn) {
                Contents::Current(v) => assert_eq!(v, all[..1], "cut after {cut} bytes"),
                _ => panic!("cut after {cut} bytes is not corruption"),
            }
        }
        // Only the newline lost: the line reads whole and is kept.
        assert!(
            matches!(decode(&whole.as_bytes()[..whole.len() - 1]), Contents::Current(v) if v == all)
        );
        // The same fragment with its newline, or followed by another line, is corruption.
        let fragment = &entry_line(2)[..9];
        let bad = format!("{}{fragment}\n", header_line().unwrap());
        assert!(matches!(decode(bad.as_bytes()), Contents::Bad(r) if r.contains("line 2")));
        let middle = format!("{}{fragment}\n{}", header_line().unwrap(), entry_line(3));
        assert!(matches!(decode(middle.as_bytes()), Contents::Bad(r) if r.contains("line 2")));
    }

    #[test]
    fn a_cut_inside_a_character_at_the_end_is_a_torn_line_too() {
        let mut bytes = format!("{}{}", header_line().unwrap(), entry_line(1)).into_bytes();
        bytes.extend_from_slice("{\"type\":\"drill\",\"kind\":\"−".as_bytes());
        bytes.pop(); // half of the minus sign
        assert!(matches!(decode(&bytes), Contents::Current(v) if v.len() == 1));
        // Not at the end: not UTF-8, corrupt.
        let mut inside = bytes.clone();
        inside.extend_from_slice(b"\n");
        assert!(matches!(decode(&inside), Contents::Bad(r) if r.contains("UTF-8")));
    }

    #[test]
    fn entries_are_counted_by_their_finished_lines() {
        let header = header_line().unwrap();
        assert_eq!(count_entries(b""), 0);
        assert_eq!(count_entries(header.as_bytes()), 0);
        let two = format!("{header}{}\n{}", entry_line(1), entry_line(2));
        assert_eq!(count_entries(two.as_bytes()), 2, "a blank line is no entry");
        assert_eq!(
            count_entries(&two.as_bytes()[..two.len() - 3]),
            1,
            "nor a torn one"
        );
    }

    #[test]
    fn the_slack_is_a_quarter_with_a_floor() {
        assert_eq!(compaction_slack(DEFAULT_HISTORY_LIMIT), 1_250);
        assert_eq!(compaction_slack(10), 64);
        assert_eq!(compaction_slack(0), 64);
    }

    #[test]
    fn history_errors_name_the_hand_history() {
        let path = PathBuf::from("/x/stats.history.jsonl");
        let errors = [
            StatsError::Locked { path: path.clone() },
            StatsError::ReadOnly {
                path: path.clone(),
                reason: ReadOnlyReason::Permissions,
            },
            StatsError::Invalid {
                path: path.clone(),
                reason: "line 3: oops".to_owned(),
            },
            StatsError::NotAFile {
                path: path.clone(),
                target: path.clone(),
                kind: "a folder",
            },
        ];
        for err in errors {
            let stats = err.to_string();
            let history = HistoryError(err).to_string();
            assert!(stats.contains("statistics"), "{stats}");
            assert!(history.contains("hand history"), "{history}");
            assert!(!history.contains("statistics"), "{history}");
            assert!(history.contains("/x/stats.history.jsonl"), "{history}");
        }
    }
}
