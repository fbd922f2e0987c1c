//! The figures of an earlier build's statistics file as rows (schema version 4): written once,
//! when the file is taken in ([`write`]) or when a database that took it in before version 4
//! is migrated ([`from_stats_texts`]), and read by SQL like every other row, by the same reader
//! ([`super::figures`]). The file was counters, not rounds and decisions: these tables keep its
//! counters as they were, so a figure adds them to the rows' exactly as the file's own figures
//! were added before.

use rusqlite::{Connection, params};

use super::import::{Legacy, decode_stats};

/// Writes the figures of the statistics file taken in by the import `import`.
pub(super) fn write(conn: &Connection, import: i64, legacy: &Legacy) -> rusqlite::Result<()> {
    let t = &legacy.lifetime;
    let p = &t.play;
    conn.execute(
        "INSERT INTO imported_totals (import, sessions, rounds, hands, wins, losses, pushes,
                naturals, busts, doubles, splits, dealer_natural, dealer_bust, net_milli,
                money_milli, net_sq_micro, rebuys, rebought_milli, decisions, correct, ev_lost,
                count_asked, count_right)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18,
                 ?19, ?20, ?21, ?22, ?23)",
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
            "INSERT INTO imported_categories (import, bit, decisions, correct)
             VALUES (?1, ?2, ?3, ?4)",
            params![import, category.bit(), count(a.decisions), count(a.correct)],
        )?;
    }
    for (cell, r) in &t.cells {
        let review = serde_json::to_string(&r.review)
            .map_err(|e| rusqlite::Error::ToSqlConversionFailure(e.into()))?;
        conn.execute(
            "INSERT INTO imported_cells (import, cell, decisions, wrong, streak, ev_lost, review)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                import,
                cell,
                count(r.decisions),
                count(r.wrong),
                r.streak,
                r.ev_lost,
                review
            ],
        )?;
    }
    for (skill, r) in &t.skills {
        conn.execute(
            "INSERT INTO imported_skills (import, skill, asked, correct, error_sum, seconds,
                                          untimed)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
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
        conn.execute(
            "INSERT INTO imported_bests (import, count, decks, seconds) VALUES (?1, ?2, ?3, ?4)",
            params![import, name, decks, seconds],
        )?;
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
            "INSERT INTO imported_sessions (import, started, process, last_write, rounds, hands,
                                            net_milli, money_milli, decisions, correct, ev_lost)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
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

/// The migration to version 4: the figures of every statistics file taken in before it, from
/// the text kept of it, as rows. A text that no longer reads (edited by hand) is kept as it is
/// and gives no rows, as it gave no figures before.
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

/// A database of an earlier version that this build may only read (its permissions forbid
/// writing it) was not migrated: its import's figures are made rows for this connection only,
/// in temporary tables, from the text it kept, so every figure reads as after the migration.
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
            assert!(
                news.message().is_some_and(|m| m.contains("Imported")),
                "{news:?}"
            );
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
            conn.execute_batch(&format!("DROP TABLE {table}"))
                .expect("dropped");
        }
        conn.pragma_update(None, "user_version", 3)
            .expect("version");
        drop(conn);
        let (mut store, _) = Store::open(&db, info()).expect("migrates");
        // The same session as before writes on (the figures leave out "this session").
        store.session = Some(imported_session(&store));
        assert_eq!(figures(&store, today), imported);
    }

    /// The drill session written before the migration: the last one.
    fn imported_session(store: &Store) -> i64 {
        store
            .conn
            .query_row("SELECT MAX(id) FROM sessions", [], |r| r.get(0))
            .expect("a session")
    }
}
