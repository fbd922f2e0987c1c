//! The hand history read back from the rows: rounds with their hands and decisions, drill
//! answers and counting answers, as the review shows them.

use std::collections::HashMap;

use rusqlite::{Row, params};

use super::ranges::{ANSWER_OK, DECISION_OK, HAND_OK, ROUND_OK, answer_ok, decision_ok, round_ok};
use super::{Store, StoreError};
use crate::trainer::history::record::parse_action;
use crate::trainer::history::{
    ActionEv, CountAnswer, CountdownRun, Decision, DrillAnswer, Entry, HandRecord, Round,
};

/// Every entry whose numbers are in range, whatever its kind: (when, kind, id).
const ENTRIES: &str = concat!(
    "SELECT at, 0 AS kind, id FROM rounds WHERE ",
    round_ok!(),
    " UNION ALL SELECT at, 1, id FROM decisions WHERE drill IS NOT NULL AND ",
    decision_ok!(),
    " UNION ALL SELECT at, 2, id FROM answers WHERE ",
    answer_ok!()
);

/// The entries with a mistake: a round with a decision that was not the best play, a drill
/// answer that was not, a wrong counting answer (as [`Entry::is_wrong`] tells them).
const MISTAKES: &str = concat!(
    "SELECT at, 0 AS kind, id FROM rounds WHERE ",
    round_ok!(),
    " AND id IN (SELECT round FROM decisions WHERE round IS NOT NULL AND chosen <> best AND ",
    decision_ok!(),
    ") UNION ALL SELECT at, 1, id FROM decisions WHERE drill IS NOT NULL AND chosen <> best AND ",
    decision_ok!(),
    " UNION ALL SELECT at, 2, id FROM answers WHERE NOT correct AND ",
    answer_ok!()
);

const DECISION_COLUMNS: &str =
    "id, round, drill, seconds, at, hand, cards, up, cell, chosen, best, evs, cost, true_count";

impl Store {
    /// The newest `limit` entries of the hand history, oldest first: only those are read. A
    /// row that cannot be read back (one edited by hand: the opening said so) is left out.
    pub fn entries(&self, limit: usize) -> Result<Vec<Entry>, StoreError> {
        self.read_entries(ENTRIES, limit).map_err(self.sql("read"))
    }

    /// The newest `limit` entries with a mistake in them, oldest first ([`Entry::is_wrong`]).
    pub fn mistakes(&self, limit: usize) -> Result<Vec<Entry>, StoreError> {
        self.read_entries(MISTAKES, limit).map_err(self.sql("read"))
    }

    /// How many entries the hand history holds, all of them.
    pub fn entry_count(&self) -> Result<u64, StoreError> {
        self.conn
            .query_row(&format!("SELECT COUNT(*) FROM ({ENTRIES})"), [], |row| row.get::<_, i64>(0))
            .map(|n| n as u64)
            .map_err(self.sql("read"))
    }

    /// The newest `limit` of the entries `keys` selects ([`ENTRIES`], [`MISTAKES`]).
    fn read_entries(&self, keys: &str, limit: usize) -> rusqlite::Result<Vec<Entry>> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let keys = format!(
            "SELECT at, kind, id FROM ({keys}) ORDER BY at DESC, kind DESC, id DESC LIMIT ?1"
        );
        let mut keys: Vec<(i64, i64, i64)> =
            self.readable(&keys, limit, |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?;
        keys.reverse();
        let Some(&(since, _, _)) = keys.first() else {
            return Ok(Vec::new());
        };
        let mut rounds = self.rounds_since(since)?;
        let drills = format!(
            "SELECT {DECISION_COLUMNS} FROM decisions
             WHERE drill IS NOT NULL AND at >= ?1 AND {DECISION_OK}"
        );
        let mut drills: HashMap<i64, Entry> = self.readable(&drills, since, |row| {
            let decision = decision(row)?;
            let drill = DrillAnswer {
                at: row.get::<_, i64>(4)? as u64,
                kind: row.get(2)?,
                seconds: row.get::<_, Option<f64>>(3)?.unwrap_or(0.0),
                decision,
            };
            Ok((row.get(0)?, Entry::Drill(drill)))
        })?;
        let answers = format!(
            "SELECT id, at, skill, question, answer, truth, correct, error, seconds, decks, best
             FROM answers WHERE at >= ?1 AND {ANSWER_OK}",
        );
        let mut answers: HashMap<i64, Entry> = self.readable(&answers, since, |row| {
            let decks: Option<u8> = row.get(9)?;
            let answer = CountAnswer {
                at: row.get::<_, i64>(1)? as u64,
                skill: row.get(2)?,
                question: row.get(3)?,
                answer: row.get(4)?,
                truth: row.get(5)?,
                right: row.get(6)?,
                error: row.get(7)?,
                seconds: row.get(8)?,
                countdown: decks
                    .map(|decks| CountdownRun { decks, timed: row.get(10).unwrap_or(false) }),
            };
            Ok((row.get(0)?, Entry::Count(answer)))
        })?;
        Ok(keys
            .into_iter()
            .filter_map(|(_, kind, id)| match kind {
                0 => rounds.remove(&id).map(Entry::Round),
                1 => drills.remove(&id),
                _ => answers.remove(&id),
            })
            .collect())
    }

    /// Every row of `sql` (its `?1` being `param`) that reads back, made by `read`: one that
    /// cannot (edited by hand) is left out, as the opening reported.
    fn readable<T, C: FromIterator<T>>(
        &self,
        sql: &str,
        param: i64,
        read: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
    ) -> rusqlite::Result<C> {
        let mut query = self.conn.prepare(sql)?;
        let rows = query.query_map(params![param], read)?;
        Ok(rows.filter_map(Result::ok).collect())
    }

    /// The rounds dealt at or after `since`, with their hands and decisions, by id.
    fn rounds_since(&self, since: i64) -> rusqlite::Result<HashMap<i64, Round>> {
        let rounds = format!(
            "SELECT id, at, seed, shoe_position, number, bet_milli, true_count, dealer, settled
             FROM rounds WHERE at >= ?1 AND {ROUND_OK}",
        );
        let mut rounds: HashMap<i64, Round> = self.readable(&rounds, since, |row| {
            let round = Round {
                at: row.get::<_, i64>(1)? as u64,
                seed: row.get::<_, i64>(2)? as u64,
                shoe_position: row.get::<_, i64>(3)? as usize,
                number: row.get::<_, i64>(4)? as u64,
                bet: row.get::<_, Option<i64>>(5)?.map(from_milli),
                true_count: row.get(6)?,
                dealer: cards(&row.get::<_, String>(7)?),
                hands: Vec::new(),
                decisions: Vec::new(),
                unfinished: !row.get::<_, bool>(8)?,
            };
            Ok((row.get(0)?, round))
        })?;
        let mut hands = self.conn.prepare(&format!(
            "SELECT round, cards, stake, outcome, net_milli, money_milli FROM hands
             WHERE round IN (SELECT id FROM rounds WHERE at >= ?1) AND {HAND_OK}
             ORDER BY round, idx"
        ))?;
        let mut rows = hands.query(params![since])?;
        while let Some(row) = rows.next()? {
            let hand = |row: &Row<'_>| -> rusqlite::Result<(i64, HandRecord)> {
                Ok((
                    row.get(0)?,
                    HandRecord {
                        cards: cards(&row.get::<_, String>(1)?),
                        stake: row.get(2)?,
                        outcome: row.get(3)?,
                        net: from_milli(row.get(4)?),
                        money: row.get::<_, Option<i64>>(5)?.map(from_milli),
                    },
                ))
            };
            if let Ok((id, hand)) = hand(row)
                && let Some(round) = rounds.get_mut(&id)
            {
                round.hands.push(hand);
            }
        }
        let mut decisions = self.conn.prepare(&format!(
            "SELECT {DECISION_COLUMNS} FROM decisions
             WHERE round IN (SELECT id FROM rounds WHERE at >= ?1) AND {DECISION_OK} ORDER BY id"
        ))?;
        let mut rows = decisions.query(params![since])?;
        while let Some(row) = rows.next()? {
            let read = row.get::<_, i64>(1).and_then(|id| Ok((id, decision(row)?)));
            if let Ok((id, decision)) = read
                && let Some(round) = rounds.get_mut(&id)
            {
                round.decisions.push(decision);
            }
        }
        Ok(rounds)
    }
}

/// A decision row read back (columns as [`DECISION_COLUMNS`]).
fn decision(row: &Row<'_>) -> rusqlite::Result<Decision> {
    let action = |i: usize| -> rusqlite::Result<crate::engine::Action> {
        let name: String = row.get(i)?;
        parse_action(&name).ok_or_else(|| {
            rusqlite::Error::FromSqlConversionFailure(
                i,
                rusqlite::types::Type::Text,
                format!("`{name}` is not an action").into(),
            )
        })
    };
    let evs: String = row.get(11)?;
    let evs: Vec<(String, f64)> = serde_json::from_str(&evs).unwrap_or_default();
    Ok(Decision {
        hand: row.get::<_, i64>(5)? as usize,
        cards: cards(&row.get::<_, String>(6)?),
        up: row.get(7)?,
        cell: row.get(8)?,
        chosen: action(9)?,
        advised: action(10)?,
        evs: evs
            .into_iter()
            .filter_map(|(name, ev)| Some(ActionEv { action: parse_action(&name)?, ev }))
            .collect(),
        cost: row.get(12)?,
        true_count: row.get(13)?,
    })
}

fn cards(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_owned).collect()
}

fn from_milli(milli: i64) -> f64 {
    milli as f64 / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::progress::tests::{answer, decision};
    use crate::store::{SessionInfo, SessionKind};
    use crate::trainer::day::Day;

    #[test]
    fn the_review_reads_the_last_entries_or_mistakes_and_counts_them_all() {
        let mut store =
            Store::in_memory(SessionInfo { kind: SessionKind::Drill, rules: String::new() });
        let records = [
            decision(false, 0.1),
            decision(true, 0.0),
            answer("decks", false, 1.0),
            decision(true, 0.0),
            decision(false, 0.2),
            answer("decks", true, 1.0),
        ];
        for record in &records {
            store.write(record, Day(20_000)).expect("written");
        }
        assert_eq!(store.entry_count().expect("counted"), 6);
        assert_eq!(store.entries(2).expect("read").len(), 2);
        let mistakes = store.mistakes(10).expect("read");
        assert_eq!(mistakes.len(), 3);
        assert!(mistakes.iter().all(Entry::is_wrong));
        let last = store.mistakes(1).expect("read");
        assert_eq!(last.len(), 1);
        assert!(last[0].is_wrong(), "{last:?}");
    }
}
