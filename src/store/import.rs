//! Taking in the statistics of earlier builds, once: `stats.json` (the lifetime figures, the
//! session rows, when each cell was last played) and `stats.history.jsonl` (the hand history)
//! beside a database started now (`stats.db`), in one transaction. The old files are read and
//! never changed, renamed or deleted.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use rusqlite::{TransactionBehavior, params};
use serde::Deserialize;

use super::write::{insert_drill, insert_round, milli};
use super::{Store, StoreError, day_text, open, unix_seconds};
use crate::engine::Cards;
use crate::sim::RoundTally;
use crate::text::counted;
use crate::trainer::day::Day;
use crate::trainer::export::SessionRow;
use crate::trainer::history::record::parse_card;
use crate::trainer::history::{Entry, Round};
use crate::trainer::tally::Tally;

/// The figures of an earlier build's statistics file, as it was imported.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct Legacy {
    /// Its format version (1).
    pub version: u32,
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
    (
        target.with_extension("json"),
        target.with_file_name(history),
    )
}

/// Imports the earlier build's files beside `target` if the database has neither imported
/// before nor recorded a session, and there are files to import. Returns what to tell the
/// player (once: the import is recorded and never repeated).
pub(super) fn import_beside(
    store: &mut Store,
    target: &Path,
) -> Result<Option<String>, StoreError> {
    let first_open: bool = store
        .conn
        .query_row(
            "SELECT NOT EXISTS (SELECT 1 FROM imports) AND NOT EXISTS (SELECT 1 FROM sessions)",
            [],
            |row| row.get(0),
        )
        .map_err(store.sql("read"))?;
    if !first_open {
        return Ok(None);
    }
    let (stats_path, history_path) = legacy_paths(target);
    let stats = read_regular(&stats_path);
    let history = read_regular(&history_path);
    if stats.is_none() && history.is_none() {
        return Ok(None);
    }
    let mut notes = Vec::new();
    let legacy = match &stats {
        Some(Ok(text)) => match decode_stats(text) {
            Ok(legacy) => Some((text.clone(), legacy)),
            Err(why) => {
                notes.push(format!(
                    "{} could not be read ({why})",
                    stats_path.display()
                ));
                None
            }
        },
        Some(Err(why)) => {
            notes.push(format!(
                "{} could not be read ({why})",
                stats_path.display()
            ));
            None
        }
        None => None,
    };
    let (entries, skipped) = match &history {
        Some(Ok(text)) => decode_history(text),
        Some(Err(why)) => {
            notes.push(format!(
                "{} could not be read ({why})",
                history_path.display()
            ));
            (Vec::new(), 0)
        }
        None => (Vec::new(), 0),
    };
    if skipped > 0 {
        notes.push(format!(
            "{} of {} could not be read",
            counted(skipped as u64, "line"),
            history_path.display()
        ));
    }
    let label = store.label();
    let sql = |cause| open::sql_error("import into", &label, cause);
    let tx = store
        .conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(sql)?;
    let session = if entries.is_empty() {
        None
    } else {
        let started = entries.first().map_or(0, Entry::at);
        tx.execute(
            "INSERT INTO sessions (started, day, kind, process, rules)
             VALUES (?1, ?2, 'import', ?3, '')",
            params![
                started as i64,
                day_text(local_day(started)),
                std::process::id()
            ],
        )
        .map_err(sql)?;
        Some(tx.last_insert_rowid())
    };
    if let Some(session) = session {
        for entry in &entries {
            let day = day_text(local_day(entry.at()));
            match entry {
                Entry::Round(round) => {
                    insert_round(&tx, session, &day, round, &imported_tally(round))
                }
                Entry::Drill(drill) => insert_drill(&tx, session, &day, drill),
                Entry::Count(answer) => super::write::insert_count(&tx, session, &day, answer),
            }
            .map_err(sql)?;
        }
    }
    let note = (!notes.is_empty()).then(|| notes.join("; "));
    tx.execute(
        "INSERT INTO imports (at, session, stats_path, stats, history_path, history_entries, note)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            unix_seconds() as i64,
            session,
            stats.is_some().then(|| stats_path.display().to_string()),
            legacy.as_ref().map(|(text, _)| text.as_str()),
            history
                .is_some()
                .then(|| history_path.display().to_string()),
            entries.len() as i64,
            note,
        ],
    )
    .map_err(sql)?;
    tx.commit().map_err(sql)?;
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
    let mut message = match told.is_empty() {
        true => "Nothing could be imported from the statistics of an earlier version".to_owned(),
        false => format!(
            "Imported the statistics of an earlier version from {} into the database {}; the \
             old files are left as they were",
            told.join(" and "),
            label.display()
        ),
    };
    if let Some(note) = note {
        message.push_str(&format!(" ({note})"));
    }
    message.push('.');
    Ok(Some(message))
}

/// The text of the regular file at `path`: `None` if there is none; an error if it cannot be
/// read (a folder, a FIFO, a device are not read).
fn read_regular(path: &Path) -> Option<Result<String, String>> {
    let meta = fs::metadata(path).ok()?;
    if !meta.is_file() {
        return Some(Err(format!(
            "it is {}",
            super::open::special_kind(&meta.file_type())
        )));
    }
    Some(fs::read_to_string(path).map_err(|e| e.to_string()))
}

/// An earlier build's statistics file decoded and checked: format 1, values it could have
/// written.
pub(super) fn decode_stats(text: &str) -> Result<Legacy, String> {
    let legacy: Legacy = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if legacy.version != 1 {
        return Err(format!("format version {}", legacy.version));
    }
    legacy.lifetime.validate()?;
    let bad_row = legacy
        .session_rows
        .iter()
        .any(|r| r.right > r.decisions || !(r.ev_lost.is_finite() && r.ev_lost >= 0.0));
    if bad_row {
        return Err("a session row with impossible values".to_owned());
    }
    Ok(legacy)
}

/// The entries of an earlier build's hand history, and how many lines could not be read (a
/// last line cut short by a crash is not counted: it was never written whole).
fn decode_history(text: &str) -> (Vec<Entry>, usize) {
    let mut lines: Vec<&str> = text.split('\n').collect();
    // The last piece is empty after a final newline, or a line cut short without one.
    lines.pop();
    let mut entries = Vec::new();
    let mut skipped = 0;
    for line in lines.iter().skip(1).filter(|l| !l.trim().is_empty()) {
        match serde_json::from_str::<Entry>(line) {
            Ok(entry) if entry.validate().is_ok() => entries.push(entry),
            _ => skipped += 1,
        }
    }
    (entries, skipped)
}

/// The local day of a time, for rows made of an earlier build's history (which kept times,
/// not days).
fn local_day(seconds: u64) -> Day {
    jiff::Timestamp::from_second(seconds as i64)
        .map(|t| Day::of_date(t.to_zoned_datetime(jiff::tz::TimeZone::system()).date()))
        .unwrap_or(Day(0))
}

/// An imported round as a tally of that one round, worked out from its record (which keeps
/// the hands' cards, outcomes and nets, not the settled hands the table counts): the round
/// columns. Imported rounds are kept for the review only: the lifetime figures are the old
/// file's, which counted them already.
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
}
