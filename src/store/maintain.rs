//! The only ways rows are deleted, both asked for by the player and both after a backup:
//! `stats --reset` (every row) and `stats --forget-before DAY` (the rows of earlier days).

use std::path::{Path, PathBuf};

use rusqlite::params;

use super::{Store, StoreError};
use crate::text::counted;
use crate::trainer::day::Day;

/// A new file name for a backup of the database at `path`: `stats.db.2026-12-04T16-30-05.bak`,
/// with `-2`, `-3`… if that is taken (its journal's names too). Every backup is named so.
pub fn backup_path(path: &Path) -> PathBuf {
    let stamp = jiff::Timestamp::now().strftime("%Y-%m-%dT%H-%M-%S").to_string();
    (1..)
        .map(|n| match n {
            1 => super::open::sibling(path, &format!(".{stamp}.bak")),
            n => super::open::sibling(path, &format!(".{stamp}-{n}.bak")),
        })
        .find(|candidate| {
            ["", "-wal", "-shm"].iter().all(|journal| {
                std::fs::symlink_metadata(super::open::sibling(candidate, journal)).is_err()
            })
        })
        .unwrap_or_else(|| super::open::sibling(path, ".bak"))
}

/// Whether an earlier build's statistics files are beside a database at `path`.
pub fn legacy_files_beside(path: &Path) -> bool {
    let (stats, history) = super::import::legacy_paths(path);
    stats.is_file() || history.is_file()
}

impl Store {
    /// How many rows are from before `day` (every one with `None`), by kind.
    pub fn count_before(&self, day: Option<Day>) -> Result<RowCounts, StoreError> {
        let (condition, bound) = condition(day);
        let count = |table: &str, rows: &str| -> Result<u64, StoreError> {
            self.conn
                .query_row(
                    &format!("SELECT COUNT(*) FROM {table} WHERE {rows}"),
                    params![bound],
                    |row| row.get::<_, i64>(0),
                )
                .map(|n| n as u64)
                .map_err(self.sql("read"))
        };
        let [decisions, rounds, answers, rebuys] =
            rows_before(condition).map(|(table, rows)| count(table, &rows));
        Ok(RowCounts {
            rounds: rounds?,
            decisions: decisions?,
            answers: answers?,
            rebuys: rebuys?,
            imported: count("imported_totals", IMPORTED_FIGURES)?,
        })
    }

    /// Deletes every row from before `day` (all with `None`) in one transaction, the sessions
    /// left empty and the imported figures (older than any row) with them.
    pub fn delete_before(&mut self, day: Option<Day>) -> Result<(), StoreError> {
        let (condition, bound) = condition(day);
        self.transaction("delete from", |tx| {
            let delete = |table: &str, rows: &str| {
                tx.execute(&format!("DELETE FROM {table} WHERE {rows}"), params![bound])
            };
            delete("hands", &format!("round IN (SELECT id FROM rounds WHERE {condition})"))?;
            for (table, rows) in rows_before(condition) {
                delete(table, &rows)?;
            }
            // The record of an import stays (so the old files are never taken in again); its
            // figures go.
            for table in IMPORTED_TABLES {
                delete(table, IMPORTED_FIGURES)?;
            }
            tx.execute(
                &format!(
                    "UPDATE imports SET stats = NULL, session = NULL,
                            note = 'its figures were deleted on ' || date('now', 'localtime')
                     WHERE {IMPORTED}"
                ),
                params![bound],
            )?;
            tx.execute(
                "DELETE FROM sessions WHERE id NOT IN (SELECT session FROM rounds)
                   AND id NOT IN (SELECT session FROM decisions)
                   AND id NOT IN (SELECT session FROM answers)
                   AND id NOT IN (SELECT session FROM rebuys)",
                [],
            )?;
            Ok(())
        })?;
        self.session = None;
        Ok(())
    }
}

/// How many rows a deletion takes, by kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RowCounts {
    /// Rounds at the table.
    pub rounds: u64,
    /// Graded decisions: at the table and in the decision drills.
    pub decisions: u64,
    /// Counting answers.
    pub answers: u64,
    /// Rebuys.
    pub rebuys: u64,
    /// Statistics files of an earlier build whose figures were imported.
    pub imported: u64,
}

impl RowCounts {
    /// Whether there is nothing at all.
    pub fn is_empty(&self) -> bool {
        *self == RowCounts::default()
    }

    /// What they are, in words: `25 rounds, 34 decisions and 0 answers`, with the rebuys and
    /// the imported figures when there are any.
    pub fn describe(&self) -> String {
        let mut parts = vec![
            counted(self.rounds, "round"),
            counted(self.decisions, "decision"),
            counted(self.answers, "answer"),
        ];
        if self.rebuys > 0 {
            parts.push(counted(self.rebuys, "rebuy"));
        }
        if self.imported > 0 {
            parts.push("the figures imported from an earlier version".to_owned());
        }
        let last = parts.pop().unwrap_or_default();
        format!("{} and {last}", parts.join(", "))
    }
}

/// The tables of an import's figures ([`super::imported`]), each row with its `import`.
pub(super) const IMPORTED_TABLES: [&str; 8] = [
    "imported_totals",
    "imported_categories",
    "imported_cells",
    "imported_last_seen",
    "imported_skills",
    "imported_bests",
    "imported_days",
    "imported_sessions",
];

/// [`IMPORTED`], as a macro for `concat!`.
macro_rules! imported_before {
    () => {
        "(?1 = '' OR date(at, 'unixepoch', 'localtime') < ?1)"
    };
}

/// An import "before `day`": made before it (what it imported is older still).
const IMPORTED: &str = imported_before!();

/// The rows of each table (but `hands`, which go with their rounds) from before a day, as
/// `condition` has it ([`condition`]): a decision made in a round before it goes with the round,
/// a rebuy with its session. Decisions first, so a round's go before the round does.
fn rows_before(condition: &str) -> [(&'static str, String); 4] {
    [
        ("decisions", format!("{condition} OR round IN (SELECT id FROM rounds WHERE {condition})")),
        ("rounds", condition.to_owned()),
        ("answers", condition.to_owned()),
        ("rebuys", format!("session IN (SELECT id FROM sessions WHERE {condition})")),
    ]
}

/// An import's figures for "before `day`" ([`IMPORTED`]), as a condition on their rows.
const IMPORTED_FIGURES: &str =
    concat!("import IN (SELECT id FROM imports WHERE ", imported_before!(), ")");

/// The condition on a row's `day` for "before `day`" (all with `None`), its bound as `?1`.
fn condition(day: Option<Day>) -> (&'static str, String) {
    match day {
        Some(day) => ("day < ?1", day.to_string()),
        None => ("?1 = ''", String::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_say_what_they_count() {
        let counts = RowCounts { rounds: 25, decisions: 34, ..RowCounts::default() };
        assert_eq!(counts.describe(), "25 rounds, 34 decisions and 0 answers");
        let more =
            RowCounts { rounds: 1, answers: 1, rebuys: 2, imported: 1, ..RowCounts::default() };
        assert_eq!(
            more.describe(),
            "1 round, 0 decisions, 1 answer, 2 rebuys and the figures imported from an earlier \
             version"
        );
        assert!(RowCounts::default().is_empty());
    }
}
