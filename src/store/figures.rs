//! Figures from rows (a session's or a lifetime's tally, the session rows, when each cell was
//! last played), every one computed by SQL, so a figure exists once.
//!
//! An imported statistics file's figures (counters, not rounds) are rows of their own
//! ([`super::imported`]) read by the same reader ([`read`]); its hand history's rows are kept
//! for the review but not counted again.

use std::collections::BTreeMap;

use rusqlite::{Connection, Row, params};

use super::imported::{self, HAND_COUNTERS};
use super::ranges::{ANSWER_OK, DECISION_OK, REBUY_OK, ROUND_OK, SESSION_OK, not_missed};
use super::{Store, StoreError, all_rows};
use crate::trainer::day::{Day, Practice, Review};
use crate::trainer::export::SessionRow;
use crate::trainer::grade::Category;
use crate::trainer::tally::{Accuracy, CellRecord, SkillRecord, Tally};

/// Which rows a figure counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Every session's (and an import's figures).
    All,
    /// Every session's but this one's (and an import's figures).
    AllBut(i64),
}

/// The sessions whose rows the figures count, as a condition on `sessions`: every one but an
/// import whose statistics file's figures were taken in (they count, and its history's rows
/// would count twice); an import whose file could not be read counts its rows.
macro_rules! counted_sessions {
    () => {
        "(kind <> 'import' OR id IN (SELECT session FROM imports
                                     WHERE id NOT IN (SELECT import FROM imported_totals)))"
    };
}

/// The condition on a row's `session` for a [`Scope`], the session left out as `?1`.
const IN_SCOPE: &str =
    concat!("session IN (SELECT id FROM sessions WHERE ", counted_sessions!(), " AND id <> ?1)");

impl Scope {
    /// The session whose rows are left out: none (-1) for every session's.
    fn left_out(self) -> i64 {
        match self {
            Scope::All => -1,
            Scope::AllBut(id) => id,
        }
    }
}

/// The queries of one tally's figures, parameter `?1`, columns as [`read`] takes them: for the
/// sessions' rows ([`TallySql::live`]) and for an import's ([`imported::tally_sql`]).
pub(super) struct TallySql {
    /// One row: rounds, [`HAND_COUNTERS`], net, money, the sum of squared nets, rebuys, money
    /// rebought, decisions, those not missed, EV given away, count-quiz answers, right ones.
    pub totals: String,
    /// Per category: its bit, decisions, those not missed.
    pub categories: String,
    /// Per cell: its key, decisions, wrong ones, EV given away, streak, review (JSON or NULL).
    pub cells: String,
    /// Per counting skill: its name, answers, right ones, errors, seconds, untimed answers.
    pub skills: String,
    /// Per countdown best: what names its count, decks, seconds.
    pub bests: String,
    /// The count's name (none for Hi-Lo) from the first column of `bests`.
    pub count_name: fn(&str) -> Option<&str>,
}

impl TallySql {
    /// The rows of the sessions in a scope, the session left out as `?1`.
    fn live() -> TallySql {
        let not_missed = not_missed();
        let counters: Vec<String> =
            HAND_COUNTERS.split(", ").map(|c| format!("CAST(TOTAL({c}) AS INTEGER)")).collect();
        let bits: Vec<String> =
            Category::ALL.iter().map(|c| format!("SELECT {} AS bit", c.bit())).collect();
        TallySql {
            // A float sum (TOTAL) cannot overflow; exact to 2⁵³ thousandths.
            totals: format!(
                "SELECT * FROM
                 (SELECT COUNT(*), {counters}, COALESCE(SUM(net_milli), 0),
                         CAST(TOTAL(money_milli) AS INTEGER),
                         CAST(COALESCE(SUM(net_milli * net_milli), 0) AS TEXT)
                  FROM rounds WHERE settled AND {IN_SCOPE} AND {ROUND_OK}),
                 (SELECT COUNT(*), COALESCE(SUM(amount_milli), 0) FROM rebuys
                  WHERE {IN_SCOPE} AND {REBUY_OK}),
                 (SELECT COUNT(*), CAST(TOTAL({not_missed}) AS INTEGER), TOTAL(cost)
                  FROM decisions WHERE {IN_SCOPE} AND {DECISION_OK}),
                 (SELECT COUNT(*), CAST(TOTAL(correct) AS INTEGER) FROM answers
                  WHERE skill = 'count' AND {IN_SCOPE} AND {ANSWER_OK})",
                counters = counters.join(", ")
            ),
            categories: format!(
                "SELECT b.bit, COUNT(*), CAST(TOTAL({not_missed}) AS INTEGER)
                 FROM decisions CROSS JOIN ({bits}) b
                 WHERE categories & b.bit <> 0 AND {IN_SCOPE} AND {DECISION_OK} GROUP BY b.bit",
                bits = bits.join(" UNION ALL ")
            ),
            // The streak and the review depend on the order of the answers ([`streaks`]).
            cells: format!(
                "SELECT cell, COUNT(*), CAST(COUNT(*) - TOTAL({not_missed}) AS INTEGER),
                        TOTAL(cost), 0, NULL
                 FROM decisions WHERE {IN_SCOPE} AND {DECISION_OK} GROUP BY cell"
            ),
            // Untimed answers (the table's bet grades and count checks) have 0 s.
            skills: format!(
                "SELECT skill, COUNT(*), CAST(TOTAL(correct) AS INTEGER), TOTAL(error),
                        TOTAL(seconds), CAST(TOTAL(seconds <= 0) AS INTEGER)
                 FROM answers WHERE skill <> 'count' AND {IN_SCOPE} AND {ANSWER_OK}
                 GROUP BY skill"
            ),
            // The question names the count (`the Zen running count after 52 cards`; Hi-Lo's
            // names none), for the answers keep no count of their own.
            bests: format!(
                "SELECT question, decks, MIN(seconds) FROM answers
                 WHERE {IN_SCOPE} AND {ANSWER_OK} AND skill = 'countdown' AND correct AND best
                       AND decks IS NOT NULL
                 GROUP BY decks, question"
            ),
            count_name: crate::trainer::drills::counting::countdown_count_name,
        }
    }
}

impl Store {
    /// The tally of the rows in `scope` with the imported figures; days practised count up to
    /// `today` (a day a clock ran ahead to does not break the run of days).
    pub fn tally(&self, scope: Scope, today: Day) -> Result<Tally, StoreError> {
        let read_all = || -> rusqlite::Result<Tally> {
            // The imported figures are older than every row: the rows are added to them.
            let mut tally = Tally::default();
            let imports = "SELECT import FROM imported_totals ORDER BY import";
            let imports: Vec<i64> = all_rows(&self.conn, imports, [], |row| row.get(0))?;
            for import in imports {
                tally.absorb(&read(&self.conn, &imported::tally_sql(), import)?);
            }
            let mut rows = read(&self.conn, &TallySql::live(), scope.left_out())?;
            streaks(&self.conn, scope, &mut rows)?;
            tally.absorb(&rows);
            // The days practised are counted from the days, the imported ones with the rest.
            let days = practice_days(&self.conn, scope)?;
            tally.practice = Practice::of_days(days.into_iter().filter(|&d| d <= today));
            Ok(tally)
        };
        read_all().map_err(self.sql("read"))
    }

    /// Sessions recorded: the imported file's, then every session that wrote a row.
    pub fn sessions(&self) -> Result<u64, StoreError> {
        self.conn
            .query_row(
                &format!(
                    concat!(
                        "SELECT (SELECT COALESCE(SUM(sessions), 0) FROM imported_totals)
                              + (SELECT COUNT(*) FROM sessions WHERE ",
                        counted_sessions!(),
                        " AND {SESSION_OK})"
                    ),
                    SESSION_OK = SESSION_OK
                ),
                [],
                |row| row.get::<_, i64>(0),
            )
            .map(|n| n as u64)
            .map_err(self.sql("read"))
    }

    /// One row per session, oldest first: the imported file's, then every session's since —
    /// both read by one query, each side's money and counts as integers.
    pub fn session_rows(&self) -> Result<Vec<SessionRow>, StoreError> {
        let mut query = self
            .conn
            .prepare(&format!(
                concat!(
                    "SELECT {SESSIONS} FROM
                 (SELECT 0 AS part, import AS k1, id AS k2, {SESSIONS} FROM imported_sessions
                  UNION ALL
                  SELECT 1, s.id, 0, s.started, s.process,
                        MAX(s.started, COALESCE(r.last, 0), COALESCE(d.last, 0),
                            COALESCE(a.last, 0), COALESCE(b.last, 0)),
                        COALESCE(r.rounds, 0), COALESCE(r.hands, 0), COALESCE(r.net, 0),
                        CAST(COALESCE(r.money, 0) AS INTEGER), COALESCE(d.decisions, 0),
                        CAST(COALESCE(d.correct_n, 0) AS INTEGER), COALESCE(d.cost, 0.0)
                 FROM sessions s
                 LEFT JOIN (SELECT session, COUNT(*) rounds, SUM(hands) hands,
                                   SUM(net_milli) net, TOTAL(money_milli) money, MAX(at) last
                            FROM rounds WHERE {ROUND_OK} GROUP BY session) r
                        ON r.session = s.id
                 LEFT JOIN (SELECT session, COUNT(*) decisions, TOTAL({not_missed}) correct_n,
                                   TOTAL(cost) cost, MAX(at) last
                            FROM decisions WHERE {DECISION_OK} GROUP BY session) d
                        ON d.session = s.id
                 LEFT JOIN (SELECT session, MAX(at) last FROM answers WHERE {ANSWER_OK}
                            GROUP BY session) a
                        ON a.session = s.id
                 LEFT JOIN (SELECT session, MAX(at) last FROM rebuys WHERE {REBUY_OK}
                            GROUP BY session) b
                        ON b.session = s.id
                 WHERE s.id IN (SELECT id FROM sessions WHERE ",
                    counted_sessions!(),
                    ") AND {SESSION_OK})
                 ORDER BY part, k1, k2",
                ),
                SESSIONS = imported::SESSIONS,
                ROUND_OK = ROUND_OK,
                DECISION_OK = DECISION_OK,
                not_missed = not_missed(),
                ANSWER_OK = ANSWER_OK,
                REBUY_OK = REBUY_OK,
                SESSION_OK = SESSION_OK,
            ))
            .map_err(self.sql("read"))?;
        query
            .query_map([], |row| {
                let n = |i| count(row, i);
                Ok(SessionRow {
                    started: n(0)?,
                    process: row.get(1)?,
                    last_write: n(2)?,
                    rounds: n(3)?,
                    hands: n(4)?,
                    net_milli: row.get(5)?,
                    net_money_milli: row.get(6)?,
                    decisions: n(7)?,
                    right: n(8)?,
                    ev_lost: row.get(9)?,
                })
            })
            .and_then(Iterator::collect)
            .map_err(self.sql("read"))
    }

    /// When each chart cell was last played, in seconds since the Unix epoch.
    pub fn last_seen(&self) -> Result<BTreeMap<String, u64>, StoreError> {
        let sql = format!(
            "SELECT cell, MAX(at) FROM
                 (SELECT cell, at FROM decisions WHERE {DECISION_OK}
                  UNION ALL SELECT cell, at FROM imported_last_seen)
             GROUP BY cell"
        );
        all_rows(&self.conn, &sql, [], |row| Ok((row.get(0)?, count(row, 1)?)))
            .map(BTreeMap::from_iter)
            .map_err(self.sql("read"))
    }
}

/// The tally `sql` gives with `?1` as `param`: the one reader of every figure's columns. The
/// days practised are not in it (the caller counts them from the days).
fn read(conn: &Connection, sql: &TallySql, param: i64) -> rusqlite::Result<Tally> {
    let mut t = Tally::default();
    conn.query_row(&sql.totals, params![param], |row| {
        let n = |i| count(row, i);
        let p = &mut t.play;
        p.rounds = n(0)?;
        for (i, counter) in [
            &mut p.hands,
            &mut p.wins,
            &mut p.losses,
            &mut p.pushes,
            &mut p.naturals,
            &mut p.busts,
            &mut p.doubles,
            &mut p.splits,
            &mut p.dealer_naturals,
            &mut p.dealer_busts,
        ]
        .into_iter()
        .enumerate()
        {
            *counter = n(1 + i)?;
        }
        p.net_milli = row.get(11)?;
        p.net_money_milli = row.get(12)?;
        p.net_sq_micro = row.get::<_, String>(13)?.parse().unwrap_or(0);
        t.rebuys = n(14)?;
        t.rebought_milli = row.get(15)?;
        t.overall = Accuracy { decisions: n(16)?, correct: n(17)? };
        t.ev_lost = row.get(18)?;
        t.count = Accuracy { decisions: n(19)?, correct: n(20)? };
        Ok(())
    })?;
    let accuracy = |row: &Row<'_>| Ok((row.get::<_, u8>(0)?, count(row, 1)?, count(row, 2)?));
    for (bit, decisions, correct) in all_rows(conn, &sql.categories, [param], accuracy)? {
        if let Some(category) = Category::ALL.into_iter().find(|c| c.bit() == bit) {
            t.categories.insert(category, Accuracy { decisions, correct });
        }
    }
    t.cells = all_rows(conn, &sql.cells, [param], |row| {
        let review = row.get::<_, Option<String>>(5)?;
        let review = review.and_then(|r| serde_json::from_str::<Review>(&r).ok());
        let cell = CellRecord {
            decisions: count(row, 1)?,
            wrong: count(row, 2)?,
            ev_lost: row.get(3)?,
            streak: row.get(4)?,
            review: review.unwrap_or_default(),
        };
        Ok((row.get(0)?, cell))
    })?
    .into_iter()
    .collect();
    t.skills = all_rows(conn, &sql.skills, [param], |row| {
        let record = SkillRecord {
            asked: count(row, 1)?,
            right: count(row, 2)?,
            error_sum: row.get(3)?,
            seconds: row.get(4)?,
            untimed: count(row, 5)?,
        };
        Ok((row.get(0)?, record))
    })?
    .into_iter()
    .collect();
    let best = |row: &Row<'_>| Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)?, row.get(2)?));
    for (named, decks, seconds) in all_rows(conn, &sql.bests, [param], best)? {
        if let Ok(decks) = u8::try_from(decks) {
            t.record_countdown_best_in((sql.count_name)(&named), decks, seconds);
        }
    }
    Ok(t)
}

/// A count as stored (an integer) in column `i`.
fn count(row: &Row<'_>, i: usize) -> rusqlite::Result<u64> {
    row.get::<_, i64>(i).map(|x| x as u64)
}

/// Each cell's streak of right answers and its practice record, from the decisions in
/// `scope` in the order they were given (what depends on that order).
fn streaks(conn: &Connection, scope: Scope, t: &mut Tally) -> rusqlite::Result<()> {
    let mut ordered = conn.prepare(&format!(
        "SELECT cell, day, {} FROM decisions WHERE {IN_SCOPE} AND {DECISION_OK} ORDER BY id",
        not_missed()
    ))?;
    let mut rows = ordered.query(params![scope.left_out()])?;
    while let Some(row) = rows.next()? {
        let key: String = row.get(0)?;
        let day: String = row.get(1)?;
        let right: bool = row.get(2)?;
        let (Some(cell), Some(day)) = (t.cells.get_mut(&key), Day::parse(&day)) else {
            continue;
        };
        cell.streak = if right { cell.streak + 1 } else { 0 };
        cell.review.absorb(&Review::one(day, right));
    }
    Ok(())
}

/// The days with a graded decision or an imported file's practice, oldest first.
fn practice_days(conn: &Connection, scope: Scope) -> rusqlite::Result<Vec<Day>> {
    let mut query = conn.prepare(&format!(
        "SELECT DISTINCT day FROM
             (SELECT day FROM decisions WHERE {IN_SCOPE} AND {DECISION_OK}
              UNION ALL SELECT day FROM imported_days)
         ORDER BY day"
    ))?;
    let days = query
        .query_map(params![scope.left_out()], |row| row.get::<_, String>(0))?
        .filter_map(|day| day.ok().and_then(|d| Day::parse(&d)))
        .collect();
    Ok(days)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;
    use crate::sim::RoundTally;
    use crate::store::write::tests::split_round;
    use crate::store::{Record, SessionInfo, SessionKind};

    /// Two settled rounds of +3 bets each.
    fn two_rounds() -> Store {
        let mut store = Store::in_memory(SessionInfo::new(SessionKind::Table, &Rules::default()));
        let tally = RoundTally {
            rounds: 1,
            hands: 2,
            wins: 2,
            net_milli: 3000,
            net_money_milli: 15_000,
            net_sq_micro: 9_000_000,
            ..RoundTally::default()
        };
        for _ in 0..2 {
            let round = Record::Round { round: split_round(false), tally: tally.clone() };
            store.write(&round, Day(20_000)).expect("written");
        }
        store
    }

    #[test]
    fn a_row_edited_past_its_range_is_left_out_and_reported_and_every_figure_reads() {
        let edits = [
            ("net_milli", "'abc'"),
            ("net_milli", "1e308"),
            ("net_milli", "4e9"),
            ("net_milli", "9223372036854775807"),
            ("money_milli", "'abc'"),
            ("money_milli", "9223372036854775807"),
            ("hands", "4e9"),
            ("at", "-1"),
            ("at", "1e308"),
        ];
        {
            for (column, value) in edits {
                let store = two_rounds();
                // As `sqlite3` lets a player edit it: the checks turned off.
                store
                    .conn
                    .execute_batch(&format!(
                        "PRAGMA ignore_check_constraints = ON;
                         UPDATE rounds SET {column} = {value} WHERE id = 1;
                         PRAGMA ignore_check_constraints = OFF;"
                    ))
                    .expect("edited");
                let today = Day(20_000);
                let tally = store.tally(Scope::All, today).expect("the figures read");
                assert_eq!(tally.play.rounds, 1, "{column} = {value}: left out");
                assert_eq!(tally.play.net_milli, 3000, "{column} = {value}");
                assert_eq!(tally.play.net_money_milli, 15_000, "{column} = {value}");
                store.session_rows().expect("the session rows read");
                store.entries(10).expect("the history reads");
                assert_eq!(
                    crate::store::ranges::rows_out_of_range(&store.conn).expect("counted"),
                    Some("1 round".to_owned()),
                    "{column} = {value}"
                );
            }
        }
    }

    /// The one reader: a session's figures, made an import's rows (as an earlier build's file
    /// held them), read back as the same figures — every column of both sides in use.
    #[test]
    fn the_figures_of_rows_read_the_same_as_an_imports_figures_made_of_them() {
        use crate::store::import::Legacy;
        use crate::store::progress::tests::{answer, decision};
        use crate::trainer::history::{CountAnswer, CountdownRun};
        let today = Day(20_000);
        let countdown = |question: &str, seconds: f64| {
            Record::Count(CountAnswer {
                at: 2,
                skill: "countdown".to_owned(),
                question: question.to_owned(),
                answer: "0".to_owned(),
                truth: "0".to_owned(),
                right: true,
                error: 0.0,
                seconds,
                countdown: Some(CountdownRun { decks: 1, timed: true }),
            })
        };
        let mut live = two_rounds();
        // A round whose counters all differ from each other's sums, so no two columns swap
        // unseen.
        let counters = RoundTally {
            rounds: 1,
            hands: 10,
            wins: 3,
            losses: 5,
            pushes: 2,
            naturals: 4,
            busts: 3,
            doubles: 6,
            splits: 8,
            dealer_naturals: 1,
            dealer_busts: 0,
            net_milli: -7000,
            net_money_milli: -35_000,
            net_sq_micro: 49_000_000,
        };
        for (record, day) in [
            (Record::Round { round: split_round(false), tally: counters }, today),
            (decision(false, 0.25), Day(19_998)),
            (decision(true, 0.0), Day(19_999)),
            (decision(true, 0.001), today),
            (answer("count", true, 3.0), today),
            (answer("count", false, 3.0), today),
            (answer("true-count", false, 4.5), today),
            (answer("table-ramp", true, 0.0), today),
            (countdown("the running count after 52 cards", 31.5), today),
            (countdown("the Zen running count after 52 cards", 40.25), today),
            (Record::Rebuy { at: 3, amount: crate::engine::Units(100_000) }, today),
        ] {
            live.write(&record, day).expect("written");
        }
        let tally = live.tally(Scope::All, today).expect("reads");
        let rows = live.session_rows().expect("reads");
        let seen = live.last_seen().expect("reads");
        let cell = &tally.cells["hard:16:T"];
        assert!(
            tally.play.net_sq_micro > 0
                && tally.rebuys == 1
                && tally.count.decisions == 2
                && tally.categories.len() == 1
                && (cell.wrong, cell.streak) == (1, 2)
                && !cell.review.is_empty()
                && tally.skills["table-ramp"].untimed == 1
                && tally.countdown_best.len() == 1
                && tally.countdown_best_by_count.len() == 1
                && tally.practice.run == 3,
            "every figure has something in it: {tally:?}"
        );
        let imported = Store::in_memory(SessionInfo::new(SessionKind::Table, &Rules::default()));
        imported
            .conn
            .execute("INSERT INTO imports (at, history_entries) VALUES (1, 0)", [])
            .expect("an import");
        let legacy = Legacy {
            sessions: 1,
            lifetime: tally.clone(),
            last_seen: seen.clone(),
            session_rows: rows.clone(),
        };
        crate::store::imported::write(&imported.conn, 1, &legacy).expect("written");
        assert_eq!(imported.tally(Scope::All, today).expect("reads"), tally);
        assert_eq!(imported.session_rows().expect("reads"), rows);
        assert_eq!(imported.last_seen().expect("reads"), seen);
        assert_eq!(imported.sessions().expect("reads"), 1);
    }

    #[test]
    fn sums_of_rows_at_their_bounds_do_not_overflow() {
        let store = two_rounds();
        store
            .conn
            .execute_batch(
                "UPDATE rounds SET money_milli = 100000000000;
                 INSERT INTO rounds SELECT id + 2, session, at, day, number, seed, shoe_position,
                        bet_milli, true_count, dealer, hands, wins, losses, pushes, naturals,
                        busts, doubles, splits, dealer_natural, dealer_bust, net_milli,
                        money_milli, settled FROM rounds;",
            )
            .expect("rows at the bound");
        let tally = store.tally(Scope::All, Day(20_000)).expect("reads");
        assert_eq!(tally.play.net_money_milli, 400_000_000_000);
    }
}
