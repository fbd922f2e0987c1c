//! Reading the statistics file: its bytes decoded into what the store can use — this
//! version's figures, validated; a newer version's, read as far as they go; or the reason the
//! file is bad and must be moved aside.

use std::path::Path;

use serde::Deserialize;
use serde_json::Value;

use super::{STATS_VERSION, StatsError, StatsFile, Tally};
use crate::analysis::chart::Cell;
use crate::trainer::export::{last_seen_in, session_rows_in};
use crate::trainer::store_file::read_bytes;

/// What the file holds.
#[derive(Debug)]
pub(super) enum Contents {
    /// No file.
    Missing,
    /// A valid file of this version.
    Current(StatsFile),
    /// A file of a newer version, read as far as it could be.
    Newer {
        file: StatsFile,
        version: u64,
        unreadable: Option<String>,
    },
    /// Not a statistics file this build can use, and why.
    Bad(String),
}

/// Reads and decodes the file (see [`read_bytes`]). A file of this version whose session rows
/// or `last_seen` times cannot all be read is bad too ([`unread_beside`]).
pub(super) fn read_contents(path: &Path, target: &Path) -> Result<Contents, StatsError> {
    Ok(match read_bytes(path, target)? {
        None => Contents::Missing,
        Some(bytes) => match decode(&bytes) {
            Contents::Current(file) => match unread_beside(&bytes) {
                Some(reason) => Contents::Bad(reason),
                None => Contents::Current(file),
            },
            other => other,
        },
    })
}

/// What of the session rows and `last_seen` times beside the tally in `bytes` the readers
/// cannot take, if anything. They keep what they can read ([`session_rows_in`],
/// [`last_seen_in`], here from the bytes already read) and a write keeps only that, so a file
/// they would take only part of is damaged: moved aside, not rewritten without the rest.
fn unread_beside(bytes: &[u8]) -> Option<String> {
    let value = serde_json::from_slice::<Value>(bytes).ok()?;
    let stored = |name: &str, len: fn(&Value) -> Option<usize>| match value.get(name) {
        None => Ok(0),
        Some(field) => len(field).ok_or(()),
    };
    let rows = stored("session_rows", |v| v.as_array().map(Vec::len));
    let Ok(rows) = rows else {
        return Some("session_rows is not a list of session rows".to_owned());
    };
    let kept = session_rows_in(&value).len();
    if kept < rows {
        return Some(format!(
            "session_rows: {} of {rows} rows cannot be read",
            rows - kept
        ));
    }
    // An entry naming no chart cell means nothing to this build: skipped, as the reader does.
    let cells = |v: &Value| {
        let times = v.as_object()?;
        Some(
            times
                .keys()
                .filter(|key| Cell::from_key(key).is_some())
                .count(),
        )
    };
    let Ok(times) = stored("last_seen", cells) else {
        return Some("last_seen is not a map of chart cells to times".to_owned());
    };
    let kept = last_seen_in(&value).len();
    (kept < times).then(|| {
        format!(
            "last_seen: {} of {times} times cannot be read",
            times - kept
        )
    })
}

/// Decodes a file's bytes: this version's files are validated, a newer version's read
/// leniently, anything else is bad.
fn decode(bytes: &[u8]) -> Contents {
    match serde_json::from_slice::<StatsFile>(bytes) {
        Ok(file) if file.version == STATS_VERSION => match file.validate() {
            Ok(()) => Contents::Current(file),
            Err(reason) => Contents::Bad(format!("invalid values: {reason}")),
        },
        Ok(file) if file.version > STATS_VERSION => decode_newer(bytes, u64::from(file.version)),
        Ok(file) => Contents::Bad(format!("unknown format version {}", file.version)),
        Err(error) => match stated_version(bytes) {
            Some(version) if version > u64::from(STATS_VERSION) => decode_newer(bytes, version),
            _ => Contents::Bad(error.to_string()),
        },
    }
}

/// The format version a file says it has, even when the rest is not JSON this build reads:
/// the top-level `version` of a JSON object, else the number after the first `"version":`.
pub(super) fn stated_version(bytes: &[u8]) -> Option<u64> {
    if let Ok(value) = serde_json::from_slice::<Value>(bytes) {
        return value.get("version")?.as_u64();
    }
    let text = String::from_utf8_lossy(bytes);
    let (_, rest) = text.split_once("\"version\"")?;
    let rest = rest.trim_start().strip_prefix(':')?.trim_start();
    let digits = rest.split(|c: char| !c.is_ascii_digit()).next()?;
    digits.parse().ok()
}

/// Reads what can be read of a newer version's file: every field of the lifetime tally this
/// build knows, skipping fields (or map entries, like a new category) it cannot read. The
/// figures are dropped, and the reason kept, if they do not validate.
fn decode_newer(bytes: &[u8], version: u64) -> Contents {
    let value = serde_json::from_slice::<Value>(bytes).ok();
    let sessions = value.as_ref().and_then(|v| v.get("sessions")?.as_u64());
    let lifetime = value
        .as_ref()
        .and_then(|v| v.get("lifetime"))
        .and_then(lenient_tally);
    let lifetime_read = lifetime.is_some();
    let file = StatsFile {
        version: u32::try_from(version).unwrap_or(u32::MAX),
        sessions: sessions.unwrap_or(0),
        lifetime: lifetime.unwrap_or_default(),
    };
    let unreadable = if value.is_none() {
        Some("not JSON this version reads".to_owned())
    } else if !lifetime_read {
        Some("no lifetime figures this version reads".to_owned())
    } else {
        file.validate().err()
    };
    let file = match unreadable {
        None => file,
        Some(_) => StatsFile {
            version: file.version,
            ..StatsFile::default()
        },
    };
    Contents::Newer {
        file,
        version,
        unreadable,
    }
}

/// A tally from a JSON object, field by field (and entry by entry within a map), keeping
/// whatever reads.
pub(super) fn lenient_tally(value: &Value) -> Option<Tally> {
    if let Ok(tally) = Tally::deserialize(value) {
        return Some(tally);
    }
    let one = |name: &str, field: Value| {
        let object = serde_json::Map::from_iter([(name.to_owned(), field)]);
        serde_json::from_value::<Tally>(Value::Object(object)).ok()
    };
    let mut tally = Tally::default();
    for (name, field) in value.as_object()? {
        if let Some(part) = one(name, field.clone()) {
            tally.absorb(&part);
        } else if let Some(entries) = field.as_object() {
            for (key, entry) in entries {
                let single = serde_json::Map::from_iter([(key.clone(), entry.clone())]);
                if let Some(part) = one(name, Value::Object(single)) {
                    tally.absorb(&part);
                }
            }
        }
    }
    Some(tally)
}
