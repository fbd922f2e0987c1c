//! Taking in earlier builds' `stats.json` and `stats.history.jsonl` beside a new database,
//! once, in one transaction: the history as rows, the figures as rows of their own
//! ([`super::imported`]), the text kept as the record. The old files are never changed.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use rusqlite::params;

use super::import_checks::check_tally;
use super::ranges::{MAX_AT, check_entry};
use super::write::{insert_drill, insert_round, milli};
use super::{Store, StoreError, unix_seconds};
use crate::analysis::chart::Cell;
use crate::engine::Cards;
use crate::sim::RoundTally;
use crate::text::counted;
use crate::trainer::day::Day;
use crate::trainer::export::SessionRow;
use crate::trainer::history::record::parse_card;
use crate::trainer::history::{Entry, Round};
use crate::trainer::tally::{MAX_COUNT, Tally};

/// The figures of an earlier build's statistics file (format 1), as it was imported.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Legacy {
    /// Sessions it counted.
    pub sessions: u64,
    /// Its lifetime tally.
    pub lifetime: Tally,
    /// When each cell was last played, in seconds since the Unix epoch.
    pub last_seen: BTreeMap<String, u64>,
    /// Its session rows.
    pub session_rows: Vec<SessionRow>,
}

/// The earlier build's files beside the database at `target`: `<stem>.json` and
/// `<stem>.history.jsonl` (`stats.db` → `stats.json`, `stats.history.jsonl`).
pub fn legacy_paths(target: &Path) -> (PathBuf, PathBuf) {
    let stem = target.file_stem().unwrap_or_default().to_owned();
    let mut history = stem;
    history.push(".history.jsonl");
    (target.with_extension("json"), target.with_file_name(history))
}

/// What a file of an earlier build held that was left out, for the one line the player is told.
#[derive(Debug, Default)]
struct Skipped {
    /// `(what, of how many, why the first one was left out)`, one per kind of thing skipped.
    parts: Vec<String>,
}

impl Skipped {
    /// `n` of `of` `noun`s of `file` left out, the first because of `why`.
    fn add(&mut self, n: u64, of: u64, noun: &str, file: &Path, why: &str) {
        if n > 0 {
            self.parts.push(format!(
                "skipped {n} of {} of {}: {why}",
                counted(of, noun),
                file.display()
            ));
        }
    }

    /// A whole file left out.
    fn file(&mut self, file: &Path, why: &str) {
        self.parts.push(format!("{} could not be read: {why}", file.display()));
    }

    fn note(&self) -> Option<String> {
        (!self.parts.is_empty()).then(|| self.parts.join("; "))
    }
}

/// Imports the earlier build's files beside `target` unless an import is recorded (checked
/// again in the transaction, so two sessions import once). What cannot be read is left out
/// and counted; an import that took in nothing is not recorded, so it is tried again. Returns
/// what to tell the player.
pub(super) fn import_beside(
    store: &mut Store,
    target: &Path,
) -> Result<Option<String>, StoreError> {
    let done = |conn: &rusqlite::Connection| -> rusqlite::Result<bool> {
        conn.query_row("SELECT EXISTS (SELECT 1 FROM imports)", [], |row| row.get(0))
    };
    if done(&store.conn).map_err(store.sql("read"))? {
        return Ok(None);
    }
    let (stats_path, history_path) = legacy_paths(target);
    let stats = read_regular(&stats_path);
    let history = read_regular(&history_path);
    if stats.is_none() && history.is_none() {
        return Ok(None);
    }
    let mut skipped = Skipped::default();
    let legacy = match &stats {
        Some(Ok(bytes)) => match decode_stats(bytes) {
            Ok((legacy, notes)) => {
                skipped.parts.extend(
                    notes.into_iter().map(|n| format!("left out of {}: {n}", stats_path.display())),
                );
                Some((String::from_utf8_lossy(bytes).into_owned(), legacy))
            }
            Err(why) => {
                skipped.file(&stats_path, &why);
                None
            }
        },
        Some(Err(why)) => {
            skipped.file(&stats_path, why);
            None
        }
        None => None,
    };
    let entries = match &history {
        Some(Ok(bytes)) => {
            let read = decode_history(bytes);
            if let Some(why) = &read.first_skipped {
                skipped.add(read.skipped, read.lines, "line", &history_path, why);
            }
            read.entries
        }
        Some(Err(why)) => {
            skipped.file(&history_path, why);
            Vec::new()
        }
        None => Vec::new(),
    };
    let note = skipped.note();
    if legacy.is_none() && entries.is_empty() {
        return Ok(Some(format!(
            "Nothing could be imported from the statistics of an earlier version ({}); \
             nothing was recorded, so they are tried again the next time.",
            note.unwrap_or_default()
        )));
    }
    let taken = store.transaction("import into", |tx| {
        if done(tx)? {
            // Another session took them in meanwhile.
            return Ok(false);
        }
        let session = if entries.is_empty() {
            None
        } else {
            let started = entries.first().map_or(0, Entry::at);
            tx.execute(
                "INSERT INTO sessions (started, day, kind, process, rules)
                 VALUES (?1, ?2, 'import', ?3, '')",
                params![started as i64, local_day(started).to_string(), std::process::id()],
            )?;
            Some(tx.last_insert_rowid())
        };
        if let Some(session) = session {
            for entry in &entries {
                let day = local_day(entry.at()).to_string();
                match entry {
                    Entry::Round(round) => {
                        insert_round(tx, session, &day, round, &imported_tally(round))
                    }
                    Entry::Drill(drill) => insert_drill(tx, session, &day, drill),
                    Entry::Count(answer) => super::write::insert_count(tx, session, &day, answer),
                }?;
            }
        }
        tx.execute(
            "INSERT INTO imports (at, session, stats_path, stats, history_path, history_entries,
                                  note)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                unix_seconds() as i64,
                session,
                stats.is_some().then(|| stats_path.display().to_string()),
                legacy.as_ref().map(|(text, _)| text.as_str()),
                history.is_some().then(|| history_path.display().to_string()),
                entries.len() as i64,
                note,
            ],
        )?;
        if let Some((_, legacy)) = &legacy {
            super::imported::write(tx, tx.last_insert_rowid(), legacy)?;
        }
        Ok(true)
    })?;
    if !taken {
        return Ok(None);
    }
    let mut told = Vec::new();
    if let Some((_, legacy)) = &legacy {
        told.push(format!(
            "{} ({}, {})",
            stats_path.display(),
            counted(legacy.sessions, "session"),
            counted(legacy.lifetime.play.rounds, "round")
        ));
    }
    if !entries.is_empty() {
        told.push(format!(
            "{} ({})",
            history_path.display(),
            counted(entries.len() as u64, "entry")
        ));
    }
    Ok(Some(format!(
        "Imported the statistics of an earlier version from {} into the database {}; the old \
         files are left as they were{}.",
        told.join(" and "),
        store.label().display(),
        note.map(|note| format!(" ({note})")).unwrap_or_default()
    )))
}

/// The bytes of the regular file at `path`: `None` if there is none; why not if it cannot be
/// read (a folder, a FIFO, a device are not read).
fn read_regular(path: &Path) -> Option<Result<Vec<u8>, String>> {
    let meta = fs::metadata(path).ok()?;
    if !meta.is_file() {
        return Some(Err(format!("it is {}", super::open::special_kind(&meta.file_type()))));
    }
    Some(fs::read(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::PermissionDenied => "its permissions forbid reading it".to_owned(),
        _ => "the system could not read it".to_owned(),
    }))
}

/// The largest EV given away a session row or the lifetime may hold, in bets.
const MAX_EV_LOST: f64 = 1e12;

/// An earlier build's statistics file (format 1) decoded, with notes of what it could not
/// have written and was left out; `Err` when nothing in it can be read.
pub(super) fn decode_stats(bytes: &[u8]) -> Result<(Legacy, Vec<String>), String> {
    use serde_json::Value;
    let mut value: Value = serde_json::from_slice(bytes)
        .map_err(|_| "it is not a statistics file (not JSON, or cut short)".to_owned())?;
    let Some(file) = value.as_object_mut() else {
        return Err("it is not a statistics file".to_owned());
    };
    match file.get("version").and_then(Value::as_u64) {
        Some(1) => {}
        Some(v) => {
            return Err(format!("its format version {v} is not one this build reads"));
        }
        None => return Err("it says no format version".to_owned()),
    }
    let mut notes = Vec::new();
    let mut legacy = Legacy::default();
    match file.get("sessions").map(Value::as_u64) {
        None => {}
        Some(Some(n)) if n <= MAX_COUNT => legacy.sessions = n,
        Some(_) => notes.push("its count of sessions, which is not a count".to_owned()),
    }
    if let Some(lifetime) = file.get_mut("lifetime") {
        let (tally, note) = decode_lifetime(lifetime);
        legacy.lifetime = tally;
        notes.extend(note);
    }
    if let Some(rows) = file.get("session_rows").and_then(Value::as_array) {
        let read: Vec<SessionRow> = rows
            .iter()
            .filter_map(|row| serde_json::from_value::<SessionRow>(row.clone()).ok())
            .filter(|r| {
                r.right <= r.decisions
                    && r.ev_lost.is_finite()
                    && (0.0..MAX_EV_LOST).contains(&r.ev_lost)
                    && [r.started, r.last_write].iter().all(|&t| t <= MAX_AT as u64)
                    && [r.rounds, r.hands, r.decisions].iter().all(|&n| n <= MAX_COUNT)
                    && r.net_milli.unsigned_abs() <= MAX_COUNT
                    && r.net_money_milli.unsigned_abs() <= MAX_COUNT * 1000
            })
            .collect();
        let bad = rows.len() - read.len();
        if bad > 0 {
            notes.push(format!(
                "{bad} of {} with impossible values",
                counted(rows.len() as u64, "session row")
            ));
        }
        legacy.session_rows = read;
    }
    if let Some(seen) = file.get("last_seen").and_then(Value::as_object) {
        for (cell, at) in seen {
            match at.as_u64() {
                Some(at) if at <= MAX_AT as u64 && Cell::from_key(cell).is_some() => {
                    legacy.last_seen.insert(cell.clone(), at);
                }
                _ => {}
            }
        }
        let bad = seen.len() - legacy.last_seen.len();
        if bad > 0 {
            notes.push(format!("{bad} of {} times a cell was last played", seen.len()));
        }
    }
    Ok((legacy, notes))
}

/// A statistics file's lifetime figures: each cell checked alone (a bad one left out), then
/// the whole (all left out if it does not hold). Returns what was left out.
fn decode_lifetime(lifetime: &mut serde_json::Value) -> (Tally, Option<String>) {
    let mut bad_cells = Vec::new();
    let mut cells_read = 0;
    if let Some(cells) = lifetime.get_mut("cells").and_then(|c| c.as_object_mut()) {
        cells_read = cells.len();
        cells.retain(|key, cell| {
            let alone = serde_json::json!({ "cells": { key.clone(): cell.clone() } });
            let fine =
                serde_json::from_value::<Tally>(alone).is_ok_and(|t| check_tally(&t).is_ok());
            if !fine {
                bad_cells.push(key.clone());
            }
            fine
        });
    }
    let whole = serde_json::from_value::<Tally>(lifetime.clone())
        .map_err(|_| "values of the wrong kind".to_owned())
        .and_then(|t| {
            check_tally(&t)?;
            if t.ev_lost < MAX_EV_LOST {
                Ok(t)
            } else {
                Err(format!("an EV given away of {} bets", t.ev_lost))
            }
        });
    match whole {
        Ok(tally) => {
            let note = bad_cells.first().map(|first| {
                format!(
                    "{} of {} ({first:?} first), which no chart has or which hold impossible \
                     values",
                    bad_cells.len(),
                    counted(cells_read as u64, "cell")
                )
            });
            (tally, note)
        }
        Err(why) => {
            (Tally::default(), Some(format!("its lifetime figures, which do not add up ({why})")))
        }
    }
}

/// An earlier build's hand history read line by line.
#[derive(Debug, Default)]
struct HistoryRead {
    /// The entries read, in the file's order.
    entries: Vec<Entry>,
    /// The lines that hold something (the header and a last line cut short not counted).
    lines: u64,
    /// The lines left out.
    skipped: u64,
    /// Why the first of them was: `line 5 is not UTF-8`.
    first_skipped: Option<String>,
}

/// An earlier build's hand history, line by line: a line that is no entry is left out and
/// counted, but for the header and a last line a crash cut short (kept if it reads whole).
fn decode_history(bytes: &[u8]) -> HistoryRead {
    let mut read = HistoryRead::default();
    let mut lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    let last = lines.pop().filter(|l| !l.trim_ascii().is_empty());
    for (n, line) in lines.iter().enumerate() {
        if line.trim_ascii().is_empty() || (n == 0 && is_header(line)) {
            continue;
        }
        read.lines += 1;
        match decode_line(line) {
            Ok(entry) => read.entries.push(entry),
            Err(why) => {
                read.skipped += 1;
                read.first_skipped.get_or_insert_with(|| format!("line {} {why}", n + 1));
            }
        }
    }
    if let Some(entry) = last.and_then(|line| decode_line(line).ok()) {
        read.lines += 1;
        read.entries.push(entry);
    }
    read
}

/// Whether a line is the history's header: `{"version":1}`.
fn is_header(line: &[u8]) -> bool {
    serde_json::from_slice::<serde_json::Value>(line)
        .is_ok_and(|v| v.get("version").is_some() && v.get("type").is_none())
}

/// One line of an earlier build's history as an entry, or why it is not one.
fn decode_line(line: &[u8]) -> Result<Entry, String> {
    let text = std::str::from_utf8(line).map_err(|_| "is not UTF-8 text".to_owned())?;
    let entry: Entry =
        serde_json::from_str(text).map_err(|_| "is not an entry of the history".to_owned())?;
    check_entry(&entry).map_err(|why| format!("holds {why}"))?;
    Ok(entry)
}

/// The local day of a time, for rows made of an earlier build's history (which kept times,
/// not days).
fn local_day(seconds: u64) -> Day {
    jiff::Timestamp::from_second(seconds as i64)
        .map(|t| Day::of_date(t.to_zoned_datetime(jiff::tz::TimeZone::system()).date()))
        .unwrap_or(Day(0))
}

/// An imported round's columns, worked out from its record (it kept no settled hands). For
/// the review only: the old file's lifetime figures counted it already.
fn imported_tally(round: &Round) -> RoundTally {
    let dealer: Option<Cards> = round
        .dealer
        .iter()
        .map(|c| parse_card(c))
        .collect::<Option<Vec<_>>>()
        .map(|cards| Cards::from_cards(&cards));
    let n = round.hands.len() as u64;
    let count = |f: &dyn Fn(&crate::trainer::history::HandRecord) -> bool| {
        round.hands.iter().filter(|h| f(h)).count() as u64
    };
    let net_milli = milli(round.net());
    let net_abs = u128::from(net_milli.unsigned_abs());
    RoundTally {
        rounds: 1,
        hands: n,
        wins: count(&|h| h.net > 0.0),
        losses: count(&|h| h.net < 0.0),
        pushes: count(&|h| h.net == 0.0),
        naturals: count(&|h| h.outcome.starts_with("blackjack")),
        busts: count(&|h| h.outcome.starts_with("bust")),
        doubles: count(&|h| h.stake == 2),
        splits: n.saturating_sub(1),
        dealer_naturals: u64::from(dealer.as_ref().is_some_and(Cards::is_two_card_21)),
        dealer_busts: u64::from(dealer.as_ref().is_some_and(Cards::is_bust)),
        net_milli,
        net_money_milli: round.money().map_or(0, milli),
        net_sq_micro: net_abs * net_abs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::write::tests::split_round;

    #[test]
    fn an_imported_round_is_counted_from_its_record_as_the_table_counts_one() {
        let tally = imported_tally(&split_round(false));
        let expected = RoundTally {
            rounds: 1,
            hands: 2,
            wins: 2,
            doubles: 1,
            splits: 1,
            dealer_busts: 1,
            net_milli: 3000,
            net_money_milli: 15_000,
            net_sq_micro: 9_000_000,
            ..RoundTally::default()
        };
        assert_eq!(tally, expected);
    }

    /// The fixture's hand history, its header and first `n` entries.
    fn history(n: usize) -> Vec<Vec<u8>> {
        let text = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/legacy-v1/stats.history.jsonl"
        ))
        .expect("the fixture");
        text.split(|&b| b == b'\n').take(n + 1).map(<[u8]>::to_vec).collect()
    }

    #[test]
    fn a_bad_line_of_the_history_is_left_out_alone_and_counted() {
        let mut lines = history(10);
        lines[2].insert(5, 0xff);
        let mut value: serde_json::Value = serde_json::from_slice(&lines[3]).expect("an entry");
        value["at"] = 99_999_999_999_999u64.into();
        lines[3] = serde_json::to_vec(&value).expect("JSON");
        lines[4] = b"{\"type\": \"teleport\"}".to_vec();
        let mut bytes = lines.join(&b'\n');
        bytes.push(b'\n');
        let read = decode_history(&bytes);
        assert_eq!((read.lines, read.skipped), (10, 3));
        assert_eq!(read.entries.len(), 7);
        assert_eq!(read.first_skipped.as_deref(), Some("line 3 is not UTF-8 text"));
    }

    #[test]
    fn a_last_line_without_its_newline_is_kept_when_whole_and_dropped_when_cut() {
        let lines = history(3);
        let whole = lines.join(&b'\n');
        assert_eq!(decode_history(&whole).entries.len(), 3);
        let cut = &whole[..whole.len() - 10];
        let read = decode_history(cut);
        assert_eq!((read.entries.len(), read.skipped), (2, 0));
    }

    #[test]
    fn a_bad_cell_or_session_row_of_the_statistics_file_is_left_out_alone() {
        let text = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/legacy-v1/stats.json"
        ))
        .expect("the fixture");
        let (whole, notes) = decode_stats(&text).expect("reads");
        assert!(notes.is_empty(), "{notes:?}");
        let mut value: serde_json::Value = serde_json::from_slice(&text).expect("JSON");
        value["lifetime"]["cells"]["teleport:1:2"] =
            serde_json::json!({"decisions": 1, "wrong": 0, "streak": 0, "ev_lost": 0.0});
        value["session_rows"][0]["ev_lost"] = 1e308.into();
        let edited = serde_json::to_vec(&value).expect("JSON");
        let (read, notes) = decode_stats(&edited).expect("still reads");
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert_eq!(read.lifetime, whole.lifetime, "the good cells all kept");
        assert_eq!(read.session_rows.len(), whole.session_rows.len() - 1);
        value["version"] = 2.into();
        let newer = serde_json::to_vec(&value).expect("JSON");
        assert!(decode_stats(&newer).is_err(), "a format this build does not know");
    }
}
