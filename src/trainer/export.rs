//! The statistics as tables for a spreadsheet or a notebook: one row per chart cell, one per
//! session, as CSV or JSON (`blackjack stats --export`).

use std::collections::BTreeMap;

use std::fs;
use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::stats::StatsFile;
use super::tally::Tally;
use super::tally::cell_label;

/// The formats of `blackjack stats --export`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    /// Comma-separated values with a header row, for a spreadsheet.
    Csv,
    /// One JSON object, for a notebook.
    Json,
}

impl ExportFormat {
    /// Both formats.
    pub const ALL: [ExportFormat; 2] = [ExportFormat::Csv, ExportFormat::Json];

    /// The name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            ExportFormat::Csv => "csv",
            ExportFormat::Json => "json",
        }
    }

    /// What the format is for.
    pub const fn describe(self) -> &'static str {
        match self {
            ExportFormat::Csv => "comma-separated values with a header row, for a spreadsheet",
            ExportFormat::Json => "one JSON object, for a notebook",
        }
    }
}

/// One exported chart cell: what the file holds about it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CellRow {
    /// The cell's key, as `blackjack strategy --json` writes it (`hard:16:T`).
    pub key: String,
    /// How a person reads it (`16 vs T`).
    pub label: String,
    /// Decisions made in the cell.
    pub decisions: u64,
    /// Decisions that followed basic strategy.
    pub right: u64,
    /// Decisions that did not.
    pub wrong: u64,
    /// Right answers in a row, most recent last.
    pub streak: u32,
    /// EV given away by the mistakes in the cell, in bets (0 for a file from before it was
    /// kept per cell).
    pub ev_given_away: f64,
    /// When the cell was last played (UTC, ISO 8601), if the file knows.
    pub last_seen: Option<String>,
    /// Its spaced-practice box (0 after a mistake, up to [`super::schedule::TOP_BOX`]).
    pub practice_box: u32,
    /// The local day it comes due for practice (`YYYY-MM-DD`), if it is scheduled.
    pub due: Option<String>,
}

/// The per-cell table of a statistics file: one row per cell of the printed chart (360, in
/// chart order: hard 5–21, soft 13–21, pairs; up cards 2–9, T, A), then any other cell the
/// file records (a hand the chart does not print, such as 2,2 that could not be split).
pub fn cell_rows(file: &StatsFile, last_seen: &BTreeMap<String, u64>) -> Vec<CellRow> {
    use crate::analysis::chart::Chart;
    let printed: Vec<String> = Chart::printed_cells().map(|cell| cell.key()).collect();
    let others = file
        .lifetime
        .cells
        .keys()
        .filter(|key| !printed.contains(key))
        .cloned()
        .collect::<Vec<_>>();
    printed
        .into_iter()
        .chain(others)
        .map(|key| {
            let record = file.lifetime.cells.get(&key).copied().unwrap_or_default();
            CellRow {
                label: cell_label(&key),
                decisions: record.decisions,
                right: record.decisions - record.wrong.min(record.decisions),
                wrong: record.wrong,
                streak: record.streak,
                ev_given_away: record.ev_lost,
                last_seen: last_seen.get(&key).map(|&s| utc_timestamp(s)),
                practice_box: record.review.level(),
                due: record.review.due().map(|d| d.to_string()),
                key,
            }
        })
        .collect()
}

/// The per-cell table as CSV: a header row, then [`cell_rows`]; a field holding a comma or a
/// quote is quoted.
pub fn export_csv(file: &StatsFile, last_seen: &BTreeMap<String, u64>) -> String {
    let field = |text: &str| {
        if text.contains([',', '"', '\n']) {
            format!("\"{}\"", text.replace('"', "\"\""))
        } else {
            text.to_owned()
        }
    };
    let mut out = String::from(
        "key,label,decisions,right,wrong,streak,ev_given_away,last_seen,practice_box,due\n",
    );
    for row in cell_rows(file, last_seen) {
        out.push_str(&format!(
            "{},{},{},{},{},{},{:.4},{},{},{}\n",
            field(&row.key),
            field(&row.label),
            row.decisions,
            row.right,
            row.wrong,
            row.streak,
            row.ev_given_away,
            row.last_seen.as_deref().unwrap_or(""),
            row.practice_box,
            row.due.as_deref().unwrap_or("")
        ));
    }
    out
}

/// The session rows as CSV: a header row, then one row per session, oldest first (times in
/// UTC, money and bets as decimals).
pub fn export_sessions_csv(rows: &[SessionRow]) -> String {
    let mut out = String::from(
        "started,last_write,rounds,hands,net_bets,net_money,decisions,right,ev_given_away\n",
    );
    for row in rows {
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{},{:.4}\n",
            utc_timestamp(row.started),
            utc_timestamp(row.last_write),
            row.rounds,
            row.hands,
            // ASCII minus signs and decimal points, as spreadsheets read numbers.
            row.net_milli as f64 / 1000.0,
            row.net_money_milli as f64 / 1000.0,
            row.decisions,
            row.right,
            row.ev_lost
        ));
    }
    out
}

/// Everything the file holds as one JSON object: the sessions counted, the lifetime tally, the
/// per-cell table ([`cell_rows`]) and the session rows.
pub fn export_json(
    file: &StatsFile,
    last_seen: &BTreeMap<String, u64>,
    session_rows: &[SessionRow],
) -> serde_json::Value {
    serde_json::json!({
        "format": "blackjack-trainer statistics export",
        "sessions": file.sessions,
        "lifetime": file.lifetime,
        "cells": cell_rows(file, last_seen),
        "session_rows": session_rows,
    })
}

/// Seconds since the Unix epoch as a UTC timestamp: `2026-12-03T13:40:05Z`.
pub fn utc_timestamp(seconds: u64) -> String {
    let days = i32::try_from(seconds / 86_400).unwrap_or(i32::MAX);
    let rest = seconds % 86_400;
    let (year, month, day) = super::schedule::Day(days).ymd();
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// The most session rows a file keeps; past it the oldest are dropped (their figures stay in
/// the lifetime tally).
pub const MAX_SESSION_ROWS: usize = 1000;

/// One session's row: what one run of the table or a drill added to the file.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SessionRow {
    /// When the session opened the file, in seconds since the Unix epoch.
    pub started: u64,
    /// The session's process (with `started`, what tells two sessions apart).
    pub process: u32,
    /// When it last wrote, in seconds since the Unix epoch.
    pub last_write: u64,
    /// Rounds played to the end.
    pub rounds: u64,
    /// Hands played.
    pub hands: u64,
    /// Net result in thousandths of the initial bet.
    pub net_milli: i64,
    /// Net result in money, in thousandths of a unit.
    pub net_money_milli: i64,
    /// Decisions graded.
    pub decisions: u64,
    /// Decisions that followed basic strategy.
    pub right: u64,
    /// EV given away through mistakes, in bets.
    pub ev_lost: f64,
}

impl SessionRow {
    /// Adds a write's increments.
    pub(super) fn absorb(&mut self, increments: &Tally, now: u64) {
        self.last_write = now;
        self.rounds += increments.rounds;
        self.hands += increments.hands;
        self.net_milli += increments.net_milli;
        self.net_money_milli += increments.net_money_milli;
        self.decisions += increments.overall.decisions;
        self.right += increments.overall.correct;
        self.ev_lost += increments.ev_lost;
    }
}

/// The session rows the file at `target` holds, oldest first, skipping any that do not read
/// or hold impossible numbers; empty when there are none or the file cannot be read.
pub(super) fn read_session_rows(target: &Path) -> Vec<SessionRow> {
    let Ok(bytes) = fs::read(target) else {
        return Vec::new();
    };
    let Ok(value) = serde_json::from_slice::<Value>(&bytes) else {
        return Vec::new();
    };
    session_rows_in(&value)
}

/// The session rows of a statistics file already decoded as JSON, as [`read_session_rows`]
/// reads them.
pub(super) fn session_rows_in(value: &Value) -> Vec<SessionRow> {
    let Some(rows) = value.get("session_rows").and_then(Value::as_array) else {
        return Vec::new();
    };
    rows.iter()
        .filter_map(|row| SessionRow::deserialize(row).ok())
        .filter(|row| row.right <= row.decisions && row.ev_lost.is_finite() && row.ev_lost >= 0.0)
        .collect()
}

/// The `last_seen` times the file at `target` holds, reading whatever entries name a chart
/// cell and hold a number; empty when there are none or the file cannot be read.
pub(super) fn read_last_seen(target: &Path) -> BTreeMap<String, u64> {
    let Ok(bytes) = fs::read(target) else {
        return BTreeMap::new();
    };
    let Ok(value) = serde_json::from_slice::<Value>(&bytes) else {
        return BTreeMap::new();
    };
    last_seen_in(&value)
}

/// The `last_seen` times of a statistics file already decoded as JSON, as [`read_last_seen`]
/// reads them.
pub(super) fn last_seen_in(value: &Value) -> BTreeMap<String, u64> {
    let Some(entries) = value.get("last_seen").and_then(Value::as_object) else {
        return BTreeMap::new();
    };
    entries
        .iter()
        .filter(|(key, _)| crate::analysis::chart::Cell::from_key(key).is_some())
        .filter_map(|(key, seconds)| Some((key.clone(), seconds.as_u64()?)))
        .collect()
}
