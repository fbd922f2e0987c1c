//! The statistics as tables for a spreadsheet or a notebook: one row per chart cell, one per
//! session, one per day, as CSV or JSON (`blackjack stats --export`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::day::Day;
use super::tally::{Tally, cell_label};

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
    /// EV given away by the mistakes in the cell, in bets.
    pub ev_given_away: f64,
    /// When the cell was last played (UTC, ISO 8601), if the file knows.
    pub last_seen: Option<String>,
    /// Its spaced-practice box (0 after a mistake, up to [`super::day::TOP_BOX`]).
    pub practice_box: u32,
    /// The local day it comes due for practice (`YYYY-MM-DD`), if it is scheduled.
    pub due: Option<String>,
}

/// The per-cell table of the lifetime figures: a row per cell of the printed chart, in chart
/// order, then any other cell they record; a cell's due day is as of `today`.
pub fn cell_rows(lifetime: &Tally, last_seen: &BTreeMap<String, u64>, today: Day) -> Vec<CellRow> {
    use crate::analysis::chart::Chart;
    let printed: Vec<String> = Chart::printed_cells().map(|cell| cell.key()).collect();
    let others: Vec<String> =
        lifetime.cells.keys().filter(|key| !printed.contains(key)).cloned().collect();
    printed
        .into_iter()
        .chain(others)
        .map(|key| {
            let record = lifetime.cells.get(&key).copied().unwrap_or_default();
            CellRow {
                label: cell_label(&key),
                decisions: record.decisions,
                right: record.decisions - record.wrong.min(record.decisions),
                wrong: record.wrong,
                streak: record.streak,
                ev_given_away: record.ev_lost,
                last_seen: last_seen.get(&key).map(|&s| utc_timestamp(s)),
                practice_box: record.review.level(),
                due: record.review.due_by(today).map(|d| d.to_string()),
                key,
            }
        })
        .collect()
}

/// The per-cell table as CSV: a header row, then [`cell_rows`] (a comma or quote quoted).
pub fn export_csv(lifetime: &Tally, last_seen: &BTreeMap<String, u64>, today: Day) -> String {
    let field = |text: &str| {
        if text.contains([',', '"', '\n']) {
            format!("\"{}\"", text.replace('"', "\"\""))
        } else {
            text.to_owned()
        }
    };
    let header = "key,label,decisions,right,wrong,streak,ev_given_away,last_seen,practice_box,due";
    csv(header, cell_rows(lifetime, last_seen, today), |row| {
        format!(
            "{},{},{},{},{},{},{:.4},{},{},{}",
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
        )
    })
}

/// A CSV file: `header`, then a line of each row.
fn csv<T>(header: &str, rows: impl IntoIterator<Item = T>, line: impl Fn(T) -> String) -> String {
    let mut out = format!("{header}\n");
    for row in rows {
        out.push_str(&line(row));
        out.push('\n');
    }
    out
}

/// The session rows as CSV: a header row, then a row per session, oldest first (times in UTC).
pub fn export_sessions_csv(rows: &[SessionRow]) -> String {
    let header = "started,last_write,rounds,hands,net_bets,net_money,decisions,right,ev_given_away";
    csv(header, rows, |row| {
        format!(
            "{},{},{},{},{},{},{},{},{:.4}",
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
        )
    })
}

/// Everything as one JSON object: the lifetime tally, and the cell, session and day rows.
pub fn export_json(
    sessions: u64,
    lifetime: &Tally,
    last_seen: &BTreeMap<String, u64>,
    session_rows: &[SessionRow],
    days: &[DayRow],
    today: Day,
) -> serde_json::Value {
    serde_json::json!({
        "format": "blackjack-trainer statistics export",
        "sessions": sessions,
        "lifetime": lifetime,
        "cells": cell_rows(lifetime, last_seen, today),
        "session_rows": session_rows,
        "days": days,
    })
}

/// Seconds since the Unix epoch as a UTC timestamp: `2026-12-03T13:40:05Z`.
pub fn utc_timestamp(seconds: u64) -> String {
    timestamp(seconds, |t| t.strftime("%Y-%m-%dT%H:%M:%SZ").to_string())
}

/// Seconds since the Unix epoch as the player's local time, for a person to read:
/// `2026-12-03 14:40 CET` (the system's time zone, its abbreviation after the time).
pub fn local_time(seconds: u64) -> String {
    timestamp(seconds, |t| {
        let zoned = t.to_zoned_datetime(jiff::tz::TimeZone::system());
        zoned.strftime("%Y-%m-%d %H:%M %Z").to_string()
    })
}

/// `seconds` since the epoch as `written`, or the number where no time is that far.
fn timestamp(seconds: u64, written: impl Fn(jiff::Timestamp) -> String) -> String {
    jiff::Timestamp::from_second(i64::try_from(seconds).unwrap_or(i64::MAX))
        .map_or_else(|_| seconds.to_string(), written)
}

/// One session's row: what one run of the table or a drill recorded.
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

/// One local day's progress: what was played and answered that day, and how well.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct DayRow {
    /// The player's local day (`YYYY-MM-DD`).
    pub day: String,
    /// Rounds played to the end.
    pub rounds: u64,
    /// Decisions graded, at the table and in the decision drills.
    pub decisions: u64,
    /// Of those, the ones that were the best play.
    pub right: u64,
    /// `right / decisions`; `None` without decisions.
    pub accuracy: Option<f64>,
    /// EV given away through mistakes, in bets.
    pub ev_given_away: f64,
    /// EV given away per 100 decisions, in bets; `None` without decisions.
    pub ev_given_away_per_100: Option<f64>,
    /// Answers of the counting drills, the count quiz and counting mode's checks and bets.
    pub counting_answers: u64,
    /// Of those, the right ones.
    pub counting_right: u64,
    /// `counting_right / counting_answers`; `None` without answers.
    pub counting_accuracy: Option<f64>,
    /// The mean seconds per timed answer (countdowns and the table's untimed ones left out).
    pub counting_seconds: Option<f64>,
}

/// The per-day rows as CSV: a header row, then one row per day with activity, oldest first
/// (an empty field where a day has nothing to divide by).
pub fn export_days_csv(rows: &[DayRow]) -> String {
    let header = "day,rounds,decisions,right,accuracy,ev_given_away,ev_given_away_per_100,\
                  counting_answers,counting_right,counting_accuracy,counting_seconds";
    let opt = |x: Option<f64>| x.map_or_else(String::new, |x| format!("{x:.4}"));
    csv(header, rows, |row| {
        format!(
            "{},{},{},{},{},{:.4},{},{},{},{},{}",
            row.day,
            row.rounds,
            row.decisions,
            row.right,
            opt(row.accuracy),
            row.ev_given_away,
            opt(row.ev_given_away_per_100),
            row.counting_answers,
            row.counting_right,
            opt(row.counting_accuracy),
            opt(row.counting_seconds),
        )
    })
}
