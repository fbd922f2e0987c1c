//! Progress by day: how much was played each day, and how well, by one SQL query.
//!
//! A decision is right where it was not a miss (`ranges::not_missed`, as the lifetime counts).
//! An imported hand history's rows count here: the imported file kept no days, so they are the
//! only record of those days.

use rusqlite::Connection;

use super::{Store, StoreError};
use crate::trainer::export::DayRow;

/// Skills whose answers' times are not one answer's: a countdown's is of a whole run of cards.
const UNTIMED_SKILLS: &str = "'countdown'";

impl Store {
    /// One row per local day with activity, oldest first ([`DayRow`]).
    pub fn progress(&self) -> Result<Vec<DayRow>, StoreError> {
        day_rows(&self.conn).map_err(self.sql("read"))
    }
}

fn day_rows(conn: &Connection) -> rusqlite::Result<Vec<DayRow>> {
    let not_missed = super::ranges::not_missed();
    let mut query = conn.prepare(&format!(
        "WITH r AS (SELECT day, COUNT(*) n FROM rounds WHERE settled GROUP BY day),
              d AS (SELECT day, COUNT(*) n, TOTAL({not_missed}) right_n,
                           AVG({not_missed}) accuracy,
                           TOTAL(cost) cost, 100.0 * TOTAL(cost) / COUNT(*) cost_100
                    FROM decisions GROUP BY day),
              a AS (SELECT day, COUNT(*) n, TOTAL(correct) right_n, AVG(correct) accuracy,
                           AVG(CASE WHEN seconds > 0 AND skill NOT IN ({UNTIMED_SKILLS})
                                    THEN seconds END) seconds
                    FROM answers GROUP BY day),
              days AS (SELECT day FROM r UNION SELECT day FROM d UNION SELECT day FROM a)
         SELECT days.day, COALESCE(r.n, 0), COALESCE(d.n, 0), COALESCE(d.right_n, 0),
                d.accuracy, COALESCE(d.cost, 0.0), d.cost_100, COALESCE(a.n, 0),
                COALESCE(a.right_n, 0), a.accuracy, a.seconds
         FROM days
         LEFT JOIN r ON r.day = days.day
         LEFT JOIN d ON d.day = days.day
         LEFT JOIN a ON a.day = days.day
         ORDER BY days.day"
    ))?;
    let rows = query.query_map([], |row| {
        let count = |i| row.get::<_, f64>(i).map(|x| x as u64);
        Ok(DayRow {
            day: row.get(0)?,
            rounds: row.get::<_, i64>(1)? as u64,
            decisions: row.get::<_, i64>(2)? as u64,
            right: count(3)?,
            accuracy: row.get(4)?,
            ev_given_away: row.get(5)?,
            ev_given_away_per_100: row.get(6)?,
            counting_answers: row.get::<_, i64>(7)? as u64,
            counting_right: count(8)?,
            counting_accuracy: row.get(9)?,
            counting_seconds: row.get(10)?,
        })
    })?;
    rows.collect()
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::engine::Action;
    use crate::store::{Record, SessionInfo, SessionKind};
    use crate::trainer::day::Day;
    use crate::trainer::history::{CountAnswer, Decision, DrillAnswer};

    fn store() -> Store {
        Store::in_memory(SessionInfo { kind: SessionKind::Drill, rules: String::new() })
    }

    pub(in crate::store) fn decision(right: bool, cost: f64) -> Record {
        Record::Drill(DrillAnswer {
            at: 1,
            kind: "hard".to_owned(),
            seconds: 2.0,
            decision: Decision {
                hand: 0,
                cards: vec!["10h".to_owned(), "6c".to_owned()],
                up: "10s".to_owned(),
                cell: "hard:16:T".to_owned(),
                chosen: if right { Action::Hit } else { Action::Stand },
                advised: Action::Hit,
                evs: Vec::new(),
                cost,
                true_count: None,
            },
        })
    }

    pub(in crate::store) fn answer(skill: &str, right: bool, seconds: f64) -> Record {
        Record::Count(CountAnswer {
            at: 1,
            skill: skill.to_owned(),
            question: "q".to_owned(),
            answer: "a".to_owned(),
            truth: "t".to_owned(),
            right,
            error: if right { 0.0 } else { 1.0 },
            seconds,
            countdown: None,
        })
    }

    #[test]
    fn each_day_has_its_own_figures_and_a_day_of_answers_only_has_no_accuracy_of_decisions() {
        let mut store = store();
        let monday = Day::parse("2026-11-30").expect("a date");
        let tuesday = Day::parse("2026-12-01").expect("a date");
        for record in [decision(true, 0.0), decision(false, 0.25), decision(true, 0.0)] {
            store.write(&record, monday).expect("written");
        }
        store.write(&decision(false, 0.5), monday).expect("written");
        // A countdown's time is of a whole run; an untimed answer has none.
        for record in [
            answer("true-count", true, 3.0),
            answer("decks", false, 5.0),
            answer("countdown", true, 40.0),
            answer("ramp", true, 0.0),
        ] {
            store.write(&record, tuesday).expect("written");
        }
        let rows = store.progress().expect("read");
        assert_eq!(rows.len(), 2, "{rows:?}");
        let m = &rows[0];
        assert_eq!((m.day.as_str(), m.decisions, m.right), ("2026-11-30", 4, 2));
        assert_eq!(m.accuracy, Some(0.5));
        assert!((m.ev_given_away - 0.75).abs() < 1e-12);
        assert!((m.ev_given_away_per_100.expect("decisions") - 18.75).abs() < 1e-9);
        assert_eq!((m.counting_answers, m.counting_accuracy), (0, None));
        let t = &rows[1];
        assert_eq!((t.day.as_str(), t.decisions, t.accuracy), ("2026-12-01", 0, None));
        assert_eq!(t.ev_given_away_per_100, None);
        assert_eq!((t.counting_answers, t.counting_right), (4, 3));
        assert_eq!(t.counting_accuracy, Some(0.75));
        assert_eq!(t.counting_seconds, Some(4.0), "3 s and 5 s; not 40 s, not 0 s");
    }

    #[test]
    fn an_empty_database_has_no_days() {
        assert_eq!(store().progress().expect("read"), Vec::new());
    }
}
