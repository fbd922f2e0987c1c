//! Spaced practice: when each chart cell comes back, across calendar days.
//!
//! The scheme is **Leitner's**, counted in days. A cell's box is the number of days it has
//! been played since its last mistake (every answer right), capped at `day::TOP_BOX`; box `n`
//! comes back `2^(n−1)` days after the cell was last played. A mistake empties the box and
//! makes the cell due again *today*; once answered right after it, it waits until tomorrow.
//!
//! Why Leitner and not SM-2: SM-2 steers a per-card ease factor by a self-graded 0–5 recall
//! score, but here every answer is graded exactly and no one rates themselves, so the one
//! signal is right/wrong — what Leitner's boxes are made of. Its state is small and merges
//! exactly: two records combine (`Review::absorb`) as if the answers were replayed one by one,
//! which is how a session's work is added to the lifetime. Any right day counts, due or not: a
//! cell played right at the table has been practised too. Days are local calendar days; a
//! fixed day (`BLACKJACK_TODAY`) makes tests and a scripted week deterministic.

use super::kinds::drillable;
use crate::analysis::chart::Cell;
use crate::text::counted;
use crate::trainer::day::Day;
use crate::trainer::tally::Tally;

/// A cell due for practice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DueCell {
    /// The cell.
    pub cell: Cell,
    /// The day it came due (today or earlier).
    pub due: Day,
    /// Its box.
    pub level: u32,
}

/// The drillable cells due on `today`, most overdue first (then the lower box, then by key).
pub fn due_cells(history: &Tally, today: Day) -> Vec<DueCell> {
    let mut due: Vec<(DueCell, &str)> = history
        .cells
        .iter()
        .filter_map(|(key, record)| {
            let cell = Cell::from_key(key).filter(|&c| drillable(c))?;
            let due = record.review.due_by(today).filter(|&d| d <= today)?;
            let level = record.review.level();
            Some((DueCell { cell, due, level }, key.as_str()))
        })
        .collect();
    due.sort_by(|(a, ka), (b, kb)| a.due.cmp(&b.due).then(a.level.cmp(&b.level)).then(ka.cmp(kb)));
    due.into_iter().map(|(d, _)| d).collect()
}

/// The first day after `today` on which a drillable cell comes due, if any is scheduled.
pub fn next_due(history: &Tally, today: Day) -> Option<Day> {
    history
        .cells
        .iter()
        .filter(|(key, _)| Cell::from_key(key).is_some_and(drillable))
        .filter_map(|(_, record)| record.review.due_by(today))
        .filter(|&d| d > today)
        .min()
}

/// Whether any cell is scheduled at all (played at least once).
pub fn any_scheduled(history: &Tally) -> bool {
    history
        .cells
        .iter()
        .any(|(key, r)| r.review.last.is_some() && Cell::from_key(key).is_some_and(drillable))
}

/// `in 2 days (2026-12-05)`, `tomorrow (2026-12-04)`.
pub fn when(day: Day, today: Day) -> String {
    match day.since(today) {
        1 => format!("tomorrow ({day})"),
        n => format!("in {n} days ({day})"),
    }
}

/// What to say when nothing is due on `today`: when the next cell comes due, if any.
pub fn nothing_due(history: &Tally, today: Day) -> String {
    match next_due(history, today) {
        Some(day) => format!("Nothing is due today: the next cell comes due {}.", when(day, today)),
        None if any_scheduled(history) => "Nothing is due today.".to_owned(),
        None => "Nothing is scheduled yet: every cell you play or drill joins the schedule \
                 (a mistake comes back the same day)."
            .to_owned(),
    }
}

/// What the practice figures are called wherever they are shown.
pub const PRACTICE_LABEL: &str = "Spaced practice";

/// The practice figures for the table and the statistics screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// Cells due today (drillable ones).
    pub due: usize,
    /// Days in a row practised.
    pub streak: u32,
    /// Whether any cell is scheduled.
    pub scheduled: bool,
}

impl Standing {
    /// The figures of `history` on `today`.
    pub fn of(history: &Tally, today: Day) -> Standing {
        Standing {
            due: due_cells(history, today).len(),
            streak: history.practice.streak(today),
            scheduled: any_scheduled(history),
        }
    }

    /// `12 cells due today · 3 days in a row`; `None` before anything was practised.
    pub fn long(&self) -> Option<String> {
        self.text(
            |n| format!("{} due today", counted(n as u64, "cell")),
            |n| format!("{} in a row", counted(n.into(), "day")),
        )
    }

    /// `Spaced practice: 12 cells due today · 3 days in a row` — [`Standing::long`] under its
    /// name, as the table greets you with it and `blackjack stats` prints it; `None` before
    /// anything was practised.
    pub fn line(&self) -> Option<String> {
        self.long().map(|text| format!("{PRACTICE_LABEL}: {text}"))
    }

    /// `12 due · 3-day streak`, for a narrow line.
    pub fn short(&self) -> Option<String> {
        self.text(|n| format!("{n} due"), |n| format!("{n}-day streak"))
    }

    fn text(
        &self,
        due: impl Fn(usize) -> String,
        streak: impl Fn(u32) -> String,
    ) -> Option<String> {
        let mut parts = Vec::new();
        if self.scheduled {
            parts.push(due(self.due));
        }
        if self.streak > 0 {
            parts.push(streak(self.streak));
        }
        (!parts.is_empty()).then(|| parts.join(" · "))
    }
}
