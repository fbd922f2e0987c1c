//! Figures from rows: the tally of a session or a lifetime, the session rows, when each cell
//! was last played — every one computed by SQL over the rows, so a figure exists once.
//!
//! The lifetime of a database that took in an earlier build's statistics file starts from
//! that file's figures, which were counters, not rounds: they are rows of their own
//! ([`super::imported`]), read by SQL with the rest; the rows of its hand history are kept for
//! the review but not counted again.

use std::collections::BTreeMap;

use rusqlite::{Connection, params};

use super::ranges::{ANSWER_OK, DECISION_OK, REBUY_OK, ROUND_OK, SESSION_OK, not_missed};
use super::{Store, StoreError, imported};
use crate::trainer::day::{Day, Practice, Review};
use crate::trainer::export::SessionRow;
use crate::trainer::grade::Category;
use crate::trainer::tally::{Accuracy, SkillRecord, Tally};

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

impl Scope {
    /// The condition on a row's `session`, with the session id as `?1`.
    fn condition(self) -> (&'static str, i64) {
        const LIVE: &str = concat!(
            "session IN (SELECT id FROM sessions WHERE ",
            counted_sessions!(),
            " AND id <> ?1)"
        );
        match self {
            Scope::All => (LIVE, -1),
            Scope::AllBut(id) => (LIVE, id),
        }
    }
}

impl Store {
    /// The tally of the rows in `scope`, with the imported figures under the lifetime's. The
    /// days practised count up to `today` (a day recorded later, by a clock that ran ahead,
    /// does not break the run of days in a row).
    pub fn tally(&self, scope: Scope, today: Day) -> Result<Tally, StoreError> {
        let read = || -> rusqlite::Result<Tally> {
            let rows = tally_rows(&self.conn, scope, today)?;
            // The imported figures are older than every row: the rows are added to them.
            let mut tally = imported::tally(&self.conn)?;
            tally.absorb(&rows);
            // The days practised are counted from the days, the imported ones with the rest.
            let days = practice_days(&self.conn, scope)?;
            tally.practice = Practice::of_days(days.into_iter().filter(|&d| d <= today));
            Ok(tally)
        };
        read().map_err(self.sql("read"))
    }

    /// Sessions recorded: the imported file's, then every session that wrote a row.
    pub fn sessions(&self) -> Result<u64, StoreError> {
        let live: i64 = self
            .conn
            .query_row(
                &format!(
                    concat!(
                        "SELECT COUNT(*) FROM sessions WHERE ",
                        counted_sessions!(),
                        " AND {SESSION_OK}"
                    ),
                    SESSION_OK = SESSION_OK
                ),
                [],
                |row| row.get(0),
            )
            .map_err(self.sql("read"))?;
        let imported: i64 = self
            .conn
            .query_row(
                "SELECT COALESCE(SUM(sessions), 0) FROM imported_totals",
                [],
                |row| row.get(0),
            )
            .map_err(self.sql("read"))?;
        Ok((imported + live) as u64)
    }

    /// One row per session, oldest first: the imported file's, then every session's since.
    pub fn session_rows(&self) -> Result<Vec<SessionRow>, StoreError> {
        let mut rows = imported::session_rows(&self.conn).map_err(self.sql("read"))?;
        let mut query = self
            .conn
            .prepare(&format!(
                concat!(
                    "SELECT s.started, s.process,
                        MAX(s.started, COALESCE(r.last, 0), COALESCE(d.last, 0),
                            COALESCE(a.last, 0), COALESCE(b.last, 0)),
                        COALESCE(r.rounds, 0), COALESCE(r.hands, 0), COALESCE(r.net, 0),
                        COALESCE(r.money, 0), COALESCE(d.decisions, 0), COALESCE(d.correct_n, 0),
                        COALESCE(d.cost, 0.0)
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
                    ") AND {SESSION_OK} ORDER BY s.id",
                ),
                ROUND_OK = ROUND_OK,
                DECISION_OK = DECISION_OK,
                not_missed = not_missed(),
                ANSWER_OK = ANSWER_OK,
                REBUY_OK = REBUY_OK,
                SESSION_OK = SESSION_OK,
            ))
            .map_err(self.sql("read"))?;
        let live = query
            .query_map([], |row| {
                Ok(SessionRow {
                    started: row.get::<_, i64>(0)? as u64,
                    process: row.get(1)?,
                    last_write: row.get::<_, i64>(2)? as u64,
                    rounds: row.get::<_, i64>(3)? as u64,
                    hands: row.get::<_, i64>(4)? as u64,
                    net_milli: row.get(5)?,
                    net_money_milli: row.get::<_, f64>(6)? as i64,
                    decisions: row.get::<_, i64>(7)? as u64,
                    right: row.get::<_, f64>(8)? as u64,
                    ev_lost: row.get(9)?,
                })
            })
            .and_then(Iterator::collect::<Result<Vec<_>, _>>)
            .map_err(self.sql("read"))?;
        rows.extend(live);
        Ok(rows)
    }

    /// When each chart cell was last played, in seconds since the Unix epoch.
    pub fn last_seen(&self) -> Result<BTreeMap<String, u64>, StoreError> {
        let mut seen = BTreeMap::new();
        let mut query = self
            .conn
            .prepare(&format!(
                "SELECT cell, MAX(at) FROM
                     (SELECT cell, at FROM decisions WHERE {DECISION_OK}
                      UNION ALL SELECT cell, at FROM imported_last_seen)
                 GROUP BY cell"
            ))
            .map_err(self.sql("read"))?;
        let rows = query
            .query_map([], |row| {
                Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)?))
            })
            .map_err(self.sql("read"))?;
        for row in rows {
            let (cell, at) = row.map_err(self.sql("read"))?;
            let at = at as u64;
            let kept = seen.entry(cell).or_insert(at);
            *kept = (*kept).max(at);
        }
        Ok(seen)
    }
}

/// The tally of the rows in `scope` alone.
fn tally_rows(conn: &Connection, scope: Scope, today: Day) -> rusqlite::Result<Tally> {
    let (condition, id) = scope.condition();
    let mut t = Tally::default();
    conn.query_row(
        &format!(
            "SELECT COUNT(*), TOTAL(hands), TOTAL(wins), TOTAL(losses), TOTAL(pushes),
                    TOTAL(naturals), TOTAL(busts), TOTAL(doubles), TOTAL(splits),
                    TOTAL(dealer_natural), TOTAL(dealer_bust), COALESCE(SUM(net_milli), 0),
                    TOTAL(money_milli), COALESCE(SUM(net_milli * net_milli), 0)
             FROM rounds WHERE settled AND {condition} AND {ROUND_OK}"
        ),
        params![id],
        |row| {
            let count = |i| row.get::<_, f64>(i).map(|x| x as u64);
            let play = &mut t.play;
            play.rounds = row.get::<_, i64>(0)? as u64;
            play.hands = count(1)?;
            play.wins = count(2)?;
            play.losses = count(3)?;
            play.pushes = count(4)?;
            play.naturals = count(5)?;
            play.busts = count(6)?;
            play.doubles = count(7)?;
            play.splits = count(8)?;
            play.dealer_naturals = count(9)?;
            play.dealer_busts = count(10)?;
            play.net_milli = row.get(11)?;
            // A float sum, which cannot overflow; exact to 2⁵³ thousandths.
            play.net_money_milli = row.get::<_, f64>(12)? as i64;
            play.net_sq_micro = row.get::<_, i64>(13)?.unsigned_abs().into();
            Ok(())
        },
    )?;
    conn.query_row(
        &format!(
            "SELECT COUNT(*), COALESCE(SUM(amount_milli), 0) FROM rebuys
             WHERE {condition} AND {REBUY_OK}"
        ),
        params![id],
        |row| {
            t.rebuys = row.get::<_, i64>(0)? as u64;
            t.rebought_milli = row.get(1)?;
            Ok(())
        },
    )?;
    decision_figures(conn, condition, id, &mut t)?;
    answer_figures(conn, condition, id, &mut t)?;
    let days = practice_days(conn, scope)?;
    t.practice = Practice::of_days(days.into_iter().filter(|&d| d <= today));
    Ok(t)
}

/// Accuracy overall and by category, the EV given away, and every cell's record.
fn decision_figures(
    conn: &Connection,
    condition: &str,
    id: i64,
    t: &mut Tally,
) -> rusqlite::Result<()> {
    let not_missed = not_missed();
    let by_category: String = Category::ALL
        .iter()
        .map(|c| {
            let bit = c.bit();
            format!(
                ", TOTAL(categories & {bit} <> 0), TOTAL(categories & {bit} <> 0 AND {not_missed})"
            )
        })
        .collect();
    conn.query_row(
        &format!(
            "SELECT COUNT(*), TOTAL({not_missed}), TOTAL(cost){by_category}
             FROM decisions WHERE {condition} AND {DECISION_OK}"
        ),
        params![id],
        |row| {
            t.overall = Accuracy {
                decisions: row.get::<_, i64>(0)? as u64,
                correct: row.get::<_, f64>(1)? as u64,
            };
            t.ev_lost = row.get(2)?;
            for (i, category) in Category::ALL.into_iter().enumerate() {
                let decisions = row.get::<_, f64>(3 + 2 * i)? as u64;
                if decisions > 0 {
                    let correct = row.get::<_, f64>(4 + 2 * i)? as u64;
                    t.categories
                        .insert(category, Accuracy { decisions, correct });
                }
            }
            Ok(())
        },
    )?;
    let mut cells = conn.prepare(&format!(
        "SELECT cell, COUNT(*), COUNT(*) - TOTAL({not_missed}), TOTAL(cost)
         FROM decisions WHERE {condition} AND {DECISION_OK} GROUP BY cell"
    ))?;
    let mut rows = cells.query(params![id])?;
    while let Some(row) = rows.next()? {
        let cell = t.cells.entry(row.get(0)?).or_default();
        cell.decisions = row.get::<_, i64>(1)? as u64;
        cell.wrong = row.get::<_, f64>(2)? as u64;
        cell.ev_lost = row.get(3)?;
    }
    // What depends on the order of the answers — the streak of right ones, the practice
    // schedule — from the answers in the order they were given.
    let mut ordered = conn.prepare(&format!(
        "SELECT cell, day, {not_missed} FROM decisions WHERE {condition} AND {DECISION_OK} ORDER BY id"
    ))?;
    let mut rows = ordered.query(params![id])?;
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

/// The count quiz, the counting drills and the countdown bests.
fn answer_figures(
    conn: &Connection,
    condition: &str,
    id: i64,
    t: &mut Tally,
) -> rusqlite::Result<()> {
    let mut skills = conn.prepare(&format!(
        "SELECT skill, COUNT(*), TOTAL(correct), TOTAL(error), TOTAL(seconds), TOTAL(seconds <= 0)
         FROM answers WHERE {condition} AND {ANSWER_OK} GROUP BY skill"
    ))?;
    let mut rows = skills.query(params![id])?;
    while let Some(row) = rows.next()? {
        let skill: String = row.get(0)?;
        let asked = row.get::<_, i64>(1)? as u64;
        let right = row.get::<_, f64>(2)? as u64;
        if skill == "count" {
            t.count = Accuracy {
                decisions: asked,
                correct: right,
            };
        } else {
            t.skills.insert(
                skill,
                SkillRecord {
                    asked,
                    right,
                    error_sum: row.get(3)?,
                    seconds: row.get(4)?,
                    // Untimed answers (the table's bet grades and count checks) have 0 s.
                    untimed: row.get::<_, f64>(5)? as u64,
                },
            );
        }
    }
    // Bests by count: the question names the count (`the Zen running count after 52 cards`;
    // Hi-Lo's names none), for the answers keep no count of their own.
    let mut bests = conn.prepare(&format!(
        "SELECT decks, question, MIN(seconds) FROM answers
         WHERE {condition} AND {ANSWER_OK} AND skill = 'countdown' AND correct AND best
               AND decks IS NOT NULL
         GROUP BY decks, question"
    ))?;
    let mut rows = bests.query(params![id])?;
    while let Some(row) = rows.next()? {
        let decks: i64 = row.get(0)?;
        let question: String = row.get(1)?;
        if let Ok(decks) = u8::try_from(decks) {
            let count = crate::trainer::drills::counting::countdown_count_name(&question);
            t.record_countdown_best_in(count, decks, row.get(2)?);
        }
    }
    Ok(())
}

/// The days with a graded decision, and the days an imported statistics file knew were
/// practised, oldest first.
fn practice_days(conn: &Connection, scope: Scope) -> rusqlite::Result<Vec<Day>> {
    let (condition, id) = scope.condition();
    let mut query = conn.prepare(&format!(
        "SELECT DISTINCT day FROM
             (SELECT day FROM decisions WHERE {condition} AND {DECISION_OK}
              UNION ALL SELECT day FROM imported_days)
         ORDER BY day"
    ))?;
    let days = query
        .query_map(params![id], |row| row.get::<_, String>(0))?
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
            let round = Record::Round {
                round: split_round(false),
                tally: tally.clone(),
            };
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
