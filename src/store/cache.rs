//! This game's index table kept between runs, so the deviations drill, counting mode, the
//! counter seat and `sim --indices game` skip seconds of exact analysis after the first start.
//!
//! A cache, never the player's data: its own database in the cache folder, one row per rule
//! set and build, used only when this very build wrote it for exactly these rules and its
//! checksum holds (else worked out again). Figures are stored as the bits of their `f64`s, so
//! they read back to the last bit. The [`KEEP`] rule sets used last are kept; a cache that
//! cannot be used costs only the next start's wait.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};

use crate::analysis::counts::{CountSystem, HI_LO};
use crate::analysis::deviation::IndexTable;
use crate::analysis::indices::shipped;
use crate::analysis::memo::CountKey;
use crate::engine::Rules;

/// What marks the cache database as ours ("BJTC"): not a statistics database.
const CACHE_ID: i32 = 0x424A_5443;

/// The cache's layout version.
const CACHE_VERSION: i32 = 1;

/// The rule sets whose tables are kept: about 110 KB each.
const KEEP: i64 = 8;

/// The cache database's file name in the cache folder.
const FILE: &str = "cache.db";

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS index_tables (
    rules     TEXT    NOT NULL,     -- the rules, as `blackjack rules --toml` prints them (and
                                    -- a line naming the count for a count but Hi-Lo)
    build     TEXT    NOT NULL,     -- the build that worked it out
    plays     TEXT    NOT NULL,     -- JSON: the index plays, figures as the bits of f64s
    checksum  TEXT    NOT NULL,     -- over build, rules and plays
    used      INTEGER NOT NULL,     -- when last read or written (seconds since the epoch)
    PRIMARY KEY (rules, build)
);";

/// The Hi-Lo index table for `rules` ([`index_table_for`] with Hi-Lo).
pub fn index_table(rules: &Rules) -> IndexTable {
    index_table_for(rules, &HI_LO)
}

/// The index table of the count `system` for `rules`: shipped, cached, or worked out
/// ([`crate::analysis::indices::index_table_for`]) and cached for the next start.
pub fn index_table_for(rules: &Rules, system: &CountSystem) -> IndexTable {
    index_table_for_with(rules, system, |rules| {
        crate::analysis::indices::index_table_for(rules, system)
    })
}

/// [`index_table`], with `compute` called only where the table is not in the cache (to say
/// that it is being worked out, say, before calling the analysis).
pub fn index_table_with(rules: &Rules, compute: impl FnOnce(&Rules) -> IndexTable) -> IndexTable {
    index_table_for_with(rules, &HI_LO, compute)
}

/// [`index_table_for`], calling `compute` where the table is neither shipped nor cached.
pub fn index_table_for_with(
    rules: &Rules,
    system: &CountSystem,
    compute: impl FnOnce(&Rules) -> IndexTable,
) -> IndexTable {
    if let Some(table) = shipped::shipped(rules, system) {
        return table;
    }
    let dir = directories::ProjectDirs::from("", "", "blackjack-trainer")
        .map(|d| d.cache_dir().to_path_buf());
    cached_or_computed_for(dir.as_deref(), &build_fingerprint(), rules, system, compute)
}

/// The table from the cache in `dir` if `build` wrote it for these rules and its checksum
/// holds, else `compute(rules)`, cached for next time. The key is the rules' text, with a line
/// naming the count after it for a count other than Hi-Lo (as earlier builds keyed Hi-Lo).
fn cached_or_computed_for(
    dir: Option<&Path>,
    build: &str,
    rules: &Rules,
    system: &CountSystem,
    compute: impl FnOnce(&Rules) -> IndexTable,
) -> IndexTable {
    let mut key = rules.to_toml();
    let count = CountKey::of(system);
    if count != CountKey::of(&HI_LO) {
        key.push_str(&format!("\n# count: {count:?}\n"));
    }
    let cache = dir.filter(|_| !build.is_empty()).and_then(open);
    if let Some(conn) = &cache
        && let Some(table) = read(conn, build, &key)
    {
        return table;
    }
    let table = compute(rules);
    if let Some(conn) = &cache {
        // A cache that cannot be written is no error: the next start works the table out.
        let _ = write(conn, build, &key, &table);
    }
    table
}

/// The cache database in `dir` (made if need be), or `None` if it cannot be used.
fn open(dir: &Path) -> Option<Connection> {
    super::open::make_own_folder(dir).ok()?;
    let path = dir.join(FILE);
    let mut conn = Connection::open(&path).ok()?;
    conn.busy_timeout(super::open::BUSY_TIMEOUT).ok()?;
    let (id, version) = match super::schema::stamp(&conn) {
        Ok(stamp) => stamp,
        Err(err)
            if matches!(
                err.sqlite_error_code(),
                Some(rusqlite::ErrorCode::NotADatabase | rusqlite::ErrorCode::DatabaseCorrupt)
            ) =>
        {
            // Not a database at all where our cache should be (a torn or garbage file): kept
            // aside, and a new cache started, rather than the table worked out at every start.
            drop(conn);
            super::open::move_aside(&path).ok()?;
            conn = Connection::open(&path).ok()?;
            conn.busy_timeout(super::open::BUSY_TIMEOUT).ok()?;
            super::schema::stamp(&conn).ok()?
        }
        Err(_) => return None,
    };
    if (id, version) != (CACHE_ID, CACHE_VERSION) {
        if id != 0 && id != CACHE_ID {
            // Another program's file where ours should be: left alone.
            return None;
        }
        conn.execute_batch(&format!(
            "BEGIN IMMEDIATE; DROP TABLE IF EXISTS index_tables; {SCHEMA}
             PRAGMA application_id = {CACHE_ID}; PRAGMA user_version = {CACHE_VERSION}; COMMIT;"
        ))
        .ok()?;
    }
    let _ = conn.pragma_update(None, "journal_mode", "WAL");
    Some(conn)
}

/// This build: its version and its executable's size and modification time (any rebuild
/// changes them); empty, so nothing is cached, where the executable cannot be examined.
fn build_fingerprint() -> String {
    let exe = std::env::current_exe().and_then(std::fs::metadata);
    let Ok(meta) = exe else {
        return String::new();
    };
    let modified = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    format!("{} {} {modified}", env!("CARGO_PKG_VERSION"), meta.len())
}

/// The checksum of a row: FNV-1a over its build, rules and plays (64 bits, as hex).
pub(super) fn checksum(build: &str, rules: &str, plays: &str) -> String {
    let hash = [build, "\0", rules, "\0", plays]
        .iter()
        .flat_map(|part| part.bytes())
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    format!("{hash:016x}")
}

/// The table cached for `build` and `rules_text`, if its row is whole (marked as used).
fn read(conn: &Connection, build: &str, rules_text: &str) -> Option<IndexTable> {
    let (plays, stored_sum): (String, String) = conn
        .query_row(
            "SELECT plays, checksum FROM index_tables WHERE rules = ?1 AND build = ?2",
            params![rules_text, build],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .optional()
        .ok()??;
    if checksum(build, rules_text, &plays) != stored_sum {
        return None;
    }
    let table = shipped::from_json(&plays)?;
    let _ = conn.execute(
        "UPDATE index_tables SET used = ?3 WHERE rules = ?1 AND build = ?2",
        params![rules_text, build, super::unix_seconds() as i64],
    );
    Some(table)
}

/// Keeps `table` for `build` and `rules_text`, and drops the rows of rule sets used least
/// beyond [`KEEP`] (and every row of another build).
fn write(
    conn: &Connection,
    build: &str,
    rules_text: &str,
    table: &IndexTable,
) -> rusqlite::Result<()> {
    let plays = shipped::to_json(table);
    let sum = checksum(build, rules_text, &plays);
    conn.execute(
        "INSERT OR REPLACE INTO index_tables (rules, build, plays, checksum, used)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![rules_text, build, plays, sum, super::unix_seconds() as i64],
    )?;
    conn.execute(
        "DELETE FROM index_tables WHERE build <> ?1 OR rowid NOT IN
             (SELECT rowid FROM index_tables ORDER BY used DESC, rowid DESC LIMIT ?2)",
        params![build, KEEP],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::cell::Cell as Calls;

    use super::*;
    use crate::analysis::chart::{Cell, HandKind};
    use crate::analysis::deviation::illustrious_18;
    use crate::analysis::deviation::{Direction, IndexPlay};
    use crate::engine::Action;

    /// [`cached_or_computed_for`] for Hi-Lo.
    fn cached_or_computed(
        dir: Option<&Path>,
        build: &str,
        rules: &Rules,
        compute: impl FnOnce(&Rules) -> IndexTable,
    ) -> IndexTable {
        cached_or_computed_for(dir, build, rules, &HI_LO, compute)
    }

    /// A table with figures that do not survive a decimal round trip in every float parser
    /// (0.1 + 0.2), beside the published I18 (no crossings, no gains).
    fn table() -> IndexTable {
        let mut table = illustrious_18();
        table.plays.push(IndexPlay {
            cell: Cell { kind: HandKind::Hard, row: 16, up: crate::engine::Value::TEN },
            play: Action::Stand,
            otherwise: Action::Hit,
            direction: Direction::AtOrAbove,
            index: Some(0),
            crossing: Some(0.1 + 0.2),
            gain_per_100: 1.0 / 3.0,
            gain_by_tc: vec![(-1, -0.1 - 0.2), (0, f64::MIN_POSITIVE), (1, 2e-17)],
        });
        table
    }

    /// A stand-in for the analysis that gives [`table`] and counts its calls.
    fn counted(calls: &Calls<u32>) -> impl Fn(&Rules) -> IndexTable + Copy + '_ {
        |_| {
            calls.set(calls.get() + 1);
            table()
        }
    }

    #[test]
    fn the_second_start_reads_the_table_to_the_last_bit() {
        let dir = tempfile::tempdir().expect("a folder");
        let rules = Rules::default();
        let calls = Calls::new(0);
        let compute = counted(&calls);
        let first = cached_or_computed(Some(dir.path()), "build 1", &rules, compute);
        let second = cached_or_computed(Some(dir.path()), "build 1", &rules, compute);
        assert_eq!(calls.get(), 1, "the second start reads the cache");
        assert_eq!(first, table());
        assert_eq!(second, table(), "every figure read back exactly");
    }

    #[test]
    fn another_build_or_other_rules_work_the_table_out_again() {
        let dir = tempfile::tempdir().expect("a folder");
        let rules = Rules::default();
        let calls = Calls::new(0);
        let compute = counted(&calls);
        cached_or_computed(Some(dir.path()), "build 1", &rules, compute);
        cached_or_computed(Some(dir.path()), "build 2", &rules, compute);
        assert_eq!(calls.get(), 2, "a rebuilt program does not trust the row");
        let h17 = Rules { dealer_hits_soft_17: true, ..Rules::default() };
        cached_or_computed(Some(dir.path()), "build 2", &h17, compute);
        assert_eq!(calls.get(), 3, "other rules, another table");
        cached_or_computed(Some(dir.path()), "build 2", &rules, compute);
        assert_eq!(calls.get(), 3, "both kept");
    }

    #[test]
    fn an_edited_row_is_worked_out_again_and_replaced() {
        let dir = tempfile::tempdir().expect("a folder");
        let rules = Rules::default();
        let calls = Calls::new(0);
        let compute = counted(&calls);
        cached_or_computed(Some(dir.path()), "b", &rules, compute);
        // The play and the alternative of 16 vs T swapped, and its index moved to 9.
        let conn = Connection::open(dir.path().join(FILE)).expect("the cache");
        let plays: String =
            conn.query_row("SELECT plays FROM index_tables", [], |r| r.get(0)).expect("a row");
        let edited = plays.replacen(
            r#""play":"Stand","otherwise":"Hit","direction":"at_or_above","index":0"#,
            r#""play":"Hit","otherwise":"Stand","direction":"at_or_above","index":9"#,
            1,
        );
        assert_ne!(edited, plays, "the edit applies");
        conn.execute("UPDATE index_tables SET plays = ?1", [&edited]).expect("edited");
        let read = cached_or_computed(Some(dir.path()), "b", &rules, compute);
        assert_eq!((calls.get(), read), (2, table()), "the edit is not taught");
        cached_or_computed(Some(dir.path()), "b", &rules, compute);
        assert_eq!(calls.get(), 2, "the row was replaced");
    }

    #[test]
    fn the_cache_keeps_the_rule_sets_used_last() {
        let dir = tempfile::tempdir().expect("a folder");
        let calls = Calls::new(0);
        let compute = counted(&calls);
        let rules = |i: u32| Rules { penetration: 0.5 + f64::from(i) / 100.0, ..Rules::default() };
        for i in 0..KEEP as u32 + 3 {
            cached_or_computed(Some(dir.path()), "b", &rules(i), compute);
        }
        let conn = Connection::open(dir.path().join(FILE)).expect("the cache");
        let rows: i64 =
            conn.query_row("SELECT COUNT(*) FROM index_tables", [], |r| r.get(0)).expect("rows");
        assert_eq!(rows, KEEP);
    }

    #[test]
    fn each_count_has_its_own_row() {
        let dir = tempfile::tempdir().expect("a folder");
        let rules = Rules::default();
        let calls = Calls::new(0);
        let compute = counted(&calls);
        let zen = CountSystem::built_in("zen").expect("zen");
        cached_or_computed_for(Some(dir.path()), "b", &rules, &HI_LO, compute);
        cached_or_computed_for(Some(dir.path()), "b", &rules, zen, compute);
        assert_eq!(calls.get(), 2, "Zen's table is not Hi-Lo's");
        cached_or_computed_for(Some(dir.path()), "b", &rules, zen, compute);
        cached_or_computed(Some(dir.path()), "b", &rules, compute);
        assert_eq!(calls.get(), 2, "both kept");
    }

    #[test]
    fn no_folder_or_no_fingerprint_only_computes() {
        let dir = tempfile::tempdir().expect("a folder");
        let not_a_folder = dir.path().join("file");
        std::fs::write(&not_a_folder, "not a folder").expect("written");
        let rules = Rules::default();
        let calls = Calls::new(0);
        let compute = counted(&calls);
        assert_eq!(cached_or_computed(Some(&not_a_folder), "b", &rules, compute), table());
        assert_eq!(cached_or_computed(None, "b", &rules, compute), table());
        let other = dir.path().join("other");
        cached_or_computed(Some(&other), "", &rules, compute);
        cached_or_computed(Some(&other), "", &rules, compute);
        assert_eq!(calls.get(), 4);
        assert!(!other.exists(), "nothing written without a fingerprint");
    }

    #[test]
    fn a_garbage_cache_is_kept_aside_and_replaced_so_the_next_start_reads_it() {
        let dir = tempfile::tempdir().expect("a folder");
        let garbage = b"not a database at all\n".repeat(300);
        std::fs::write(dir.path().join(FILE), &garbage).expect("written");
        let rules = Rules::default();
        let calls = Calls::new(0);
        let compute = counted(&calls);
        cached_or_computed(Some(dir.path()), "b", &rules, compute);
        cached_or_computed(Some(dir.path()), "b", &rules, compute);
        assert_eq!(calls.get(), 1, "worked out once, then read from the new cache");
        let kept: Vec<_> = std::fs::read_dir(dir.path())
            .expect("the folder")
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().ends_with(".bak"))
            .collect();
        assert_eq!(kept.len(), 1, "the garbage kept aside");
        assert_eq!(std::fs::read(kept[0].path()).expect("kept"), garbage);
    }
}
