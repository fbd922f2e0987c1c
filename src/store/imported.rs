//! An earlier build's statistics file's counters as rows (schema version 4), written at its
//! import ([`write`]) or by the migration ([`from_stats_texts`]) and read by the figures' one
//! reader ([`super::figures`]), so a figure adds them to the rows' as it always did.

use rusqlite::{Connection, params};

use super::figures::TallySql;
use super::import::{Legacy, decode_stats};

/// The round counters of `imported_totals` by the names `rounds` has them, as a macro for
/// `concat!`.
macro_rules! hand_counters {
    () => {
        "hands, wins, losses, pushes, naturals, busts, doubles, splits, dealer_natural, dealer_bust"
    };
}

/// The counters of a round that `rounds` and `imported_totals` both keep, by those names.
pub(super) const HAND_COUNTERS: &str = hand_counters!();

/// The figure columns of each imported table, in the order [`write`] writes them and
/// [`tally_sql`] reads them: each list written once. (`imported_totals` keeps the file's count
/// of sessions too, read alone.)
const TOTALS: &str = concat!(
    "rounds, ",
    hand_counters!(),
    ", net_milli, money_milli, net_sq_micro, rebuys, rebought_milli, decisions, correct, ev_lost,
     count_asked, count_right"
);
const CATEGORIES: &str = "bit, decisions, correct";
const CELLS: &str = "cell, decisions, wrong, ev_lost, streak, review";
const SKILLS: &str = "skill, asked, correct, error_sum, seconds, untimed";
const BESTS: &str = "count, decks, seconds";
/// The columns of a session row, as [`super::figures`] reads those of both sides.
pub(super) const SESSIONS: &str = "started, process, last_write, rounds, hands, net_milli,
                                   money_milli, decisions, correct, ev_lost";

/// The figures of one import as the one reader takes them ([`super::figures`]), its import
/// as `?1`.
pub(super) fn tally_sql() -> TallySql {
    let of = |columns: &str, table: &str| {
        format!("SELECT {columns} FROM imported_{table} WHERE import = ?1")
    };
    TallySql {
        totals: of(TOTALS, "totals"),
        categories: of(CATEGORIES, "categories"),
        cells: of(CELLS, "cells"),
        skills: of(SKILLS, "skills"),
        bests: of(BESTS, "bests"),
        count_name: |name| (!name.is_empty()).then_some(name),
    }
}

/// An import's row of `imported_{table}`: `import`, then `columns`, a placeholder each.
fn insert(table: &str, columns: &str) -> String {
    let marks: Vec<String> =
        (1..=columns.split(',').count() + 1).map(|i| format!("?{i}")).collect();
    format!("INSERT INTO imported_{table} (import, {columns}) VALUES ({})", marks.join(", "))
}

/// Writes the figures of the statistics file taken in by the import `import`.
pub(super) fn write(conn: &Connection, import: i64, legacy: &Legacy) -> rusqlite::Result<()> {
    let t = &legacy.lifetime;
    let p = &t.play;
    conn.execute(
        &insert("totals", &format!("sessions, {TOTALS}")),
        params![
            import,
            count(legacy.sessions),
            count(p.rounds),
            count(p.hands),
            count(p.wins),
            count(p.losses),
            count(p.pushes),
            count(p.naturals),
            count(p.busts),
            count(p.doubles),
            count(p.splits),
            count(p.dealer_naturals),
            count(p.dealer_busts),
            p.net_milli,
            p.net_money_milli,
            p.net_sq_micro.to_string(),
            count(t.rebuys),
            t.rebought_milli,
            count(t.overall.decisions),
            count(t.overall.correct),
            t.ev_lost,
            count(t.count.decisions),
            count(t.count.correct),
        ],
    )?;
    for (category, a) in &t.categories {
        conn.execute(
            &insert("categories", CATEGORIES),
            params![import, category.bit(), count(a.decisions), count(a.correct)],
        )?;
    }
    for (cell, r) in &t.cells {
        let review = serde_json::to_string(&r.review)
            .map_err(|e| rusqlite::Error::ToSqlConversionFailure(e.into()))?;
        conn.execute(
            &insert("cells", CELLS),
            params![import, cell, count(r.decisions), count(r.wrong), r.ev_lost, r.streak, review],
        )?;
    }
    for (skill, r) in &t.skills {
        conn.execute(
            &insert("skills", SKILLS),
            params![
                import,
                skill,
                count(r.asked),
                count(r.right),
                r.error_sum,
                r.seconds,
                count(r.untimed)
            ],
        )?;
    }
    let hi_lo = t.countdown_best.iter().map(|b| ("", b));
    let named = t
        .countdown_best_by_count
        .iter()
        .flat_map(|(name, bests)| bests.iter().map(move |b| (name.as_str(), b)));
    for (name, (decks, seconds)) in hi_lo.chain(named) {
        conn.execute(&insert("bests", BESTS), params![import, name, decks, seconds])?;
    }
    for day in t.practice.days() {
        conn.execute(
            "INSERT OR IGNORE INTO imported_days (import, day) VALUES (?1, ?2)",
            params![import, day.to_string()],
        )?;
    }
    for (cell, at) in &legacy.last_seen {
        conn.execute(
            "INSERT INTO imported_last_seen (import, cell, at) VALUES (?1, ?2, ?3)",
            params![import, cell, count(*at)],
        )?;
    }
    for r in &legacy.session_rows {
        conn.execute(
            &insert("sessions", SESSIONS),
            params![
                import,
                count(r.started),
                r.process,
                count(r.last_write),
                count(r.rounds),
                count(r.hands),
                r.net_milli,
                r.net_money_milli,
                count(r.decisions),
                count(r.right),
                r.ev_lost
            ],
        )?;
    }
    Ok(())
}

/// A count as SQLite keeps it: every count was checked against
/// [`crate::trainer::tally::MAX_COUNT`] (2⁵³) when the file was read.
fn count(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The migration to version 4: every imported statistics text's figures as rows (a text that
/// no longer reads gives none, as it gave no figures before).
pub(super) fn from_stats_texts(conn: &Connection) -> rusqlite::Result<()> {
    let texts: Vec<(i64, String)> = conn
        .prepare(
            "SELECT id, stats FROM imports
             WHERE stats IS NOT NULL AND id NOT IN (SELECT import FROM imported_totals)
             ORDER BY id",
        )?
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    for (import, text) in texts {
        if let Ok((legacy, _)) = decode_stats(text.as_bytes()) {
            write(conn, import, &legacy)?;
        }
    }
    Ok(())
}

/// An earlier version's database this build may only read was not migrated: its import's
/// figures are made rows in temporary tables, so every figure reads as after the migration.
pub(super) fn for_reading(conn: &Connection) -> rusqlite::Result<()> {
    let has = |table: &str| -> rusqlite::Result<bool> {
        conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1)",
            [table],
            |row| row.get(0),
        )
    };
    if has("imported_totals")? {
        return Ok(());
    }
    conn.execute_batch(
        &super::schema::IMPORTED_LAYOUT.replace("CREATE TABLE", "CREATE TEMP TABLE"),
    )?;
    if has("imports")? {
        from_stats_texts(conn)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::path::Path;

    use super::*;
    use crate::engine::Rules;
    use crate::store::maintain::IMPORTED_TABLES;
    use crate::store::progress::tests::{answer, decision};
    use crate::store::{Location, Scope, SessionInfo, SessionKind, Store};
    use crate::trainer::day::Day;
    use crate::trainer::export::SessionRow;
    use crate::trainer::tally::Tally;

    /// Every figure the store computes with an import's figures in it.
    #[derive(Debug, PartialEq)]
    struct Figures {
        lifetime: Tally,
        all_but: Tally,
        sessions: u64,
        rows: Vec<SessionRow>,
        last_seen: BTreeMap<String, u64>,
    }

    /// The figures of `store`, `session` the one that wrote last.
    fn figures(store: &Store, today: Day) -> Figures {
        let session = imported_session(store);
        Figures {
            lifetime: store.tally(Scope::All, today).expect("reads"),
            all_but: store.tally(Scope::AllBut(session), today).expect("reads"),
            sessions: store.sessions().expect("reads"),
            rows: store.session_rows().expect("reads"),
            last_seen: store.last_seen().expect("reads"),
        }
    }

    /// A database of version 3 that took in the fixture's files, and a drill session after:
    /// the import's figures kept only as the statistics file's text, as version 3 wrote it.
    #[test]
    fn every_figure_is_the_same_after_the_migration_as_at_an_import_of_version_4() {
        let dir = tempfile::tempdir().expect("a folder");
        let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/legacy-v1");
        for name in ["stats.json", "stats.history.jsonl"] {
            std::fs::copy(fixtures.join(name), dir.path().join(name)).expect("copied");
        }
        let db = Location::named(dir.path().join("stats.db"));
        let today = Day::parse("2026-12-04").expect("a day");
        let info = || SessionInfo::new(SessionKind::Drill, &Rules::default());
        let imported = {
            let (mut store, news) = Store::open(&db, info()).expect("opens");
            assert!(news.message().is_some_and(|m| m.contains("Imported")), "{news:?}");
            for record in [
                decision(false, 0.25),
                decision(true, 0.0),
                answer("ramp", true, 2.0),
                answer("countdown", true, 30.0),
            ] {
                store.write(&record, today).expect("written");
            }
            figures(&store, today)
        };
        assert_eq!(imported.sessions, 12 + 1, "the file's 12 and this one");
        assert_eq!(imported.lifetime.play.rounds, 107, "the file's rounds");
        assert_eq!(imported.lifetime.overall.decisions, 171 + 2);
        // Version 3 as it was: no figures as rows, the file's text in `imports`.
        let conn = Connection::open(&db.path).expect("opens");
        for table in IMPORTED_TABLES {
            conn.execute_batch(&format!("DROP TABLE {table}")).expect("dropped");
        }
        conn.pragma_update(None, "user_version", 3).expect("version");
        drop(conn);
        let (mut store, _) = Store::open(&db, info()).expect("migrates");
        // The same session as before writes on (the figures leave out "this session").
        store.session = Some(imported_session(&store));
        assert_eq!(figures(&store, today), imported);
    }

    /// The drill session written before the migration: the last one.
    fn imported_session(store: &Store) -> i64 {
        store.conn.query_row("SELECT MAX(id) FROM sessions", [], |r| r.get(0)).expect("a session")
    }
}
