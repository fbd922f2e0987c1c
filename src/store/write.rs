//! Writing rows: every record (a round with its hands and decisions, a drill answer, a
//! counting answer, a rebuy) is one transaction, under the session's row its first one makes.

use rusqlite::{Transaction, TransactionBehavior, params};

use super::{Store, StoreError, open, unix_seconds};
use crate::engine::Units;
use crate::sim::RoundTally;
use crate::trainer::day::Day;
use crate::trainer::grade::Category;
use crate::trainer::history::{CountAnswer, Decision, DrillAnswer, Entry, Round};

/// Something to keep: one transaction's worth.
#[derive(Debug, Clone, PartialEq)]
pub enum Record {
    /// A round at the table, with its settlement as the tallies count it.
    Round {
        /// The round: cards, hands, decisions.
        round: Round,
        /// What the round adds to the figures ([`RoundTally::record_round`]), the row's
        /// columns: no round at all (the default) for one left unfinished.
        tally: RoundTally,
    },
    /// A drill answer.
    Drill(DrillAnswer),
    /// A counting answer.
    Count(CountAnswer),
    /// A rebuy after the bankroll ran out.
    Rebuy {
        /// When.
        at: u64,
        /// How much was bought in.
        amount: Units,
    },
}

impl Record {
    /// What it is, for a message that it was not saved: `round`, `drill answer`, …
    pub fn noun(&self) -> &'static str {
        match self {
            Record::Round { .. } => "round",
            Record::Drill(_) => "drill answer",
            Record::Count(_) => "counting answer",
            Record::Rebuy { .. } => "rebuy",
        }
    }

    /// What it is in the hand history: all but a rebuy.
    pub(super) fn entry(&self) -> Option<Entry> {
        match self {
            Record::Round { round, .. } => Some(Entry::Round(round.clone())),
            Record::Drill(drill) => Some(Entry::Drill(drill.clone())),
            Record::Count(answer) => Some(Entry::Count(answer.clone())),
            Record::Rebuy { .. } => None,
        }
    }

    /// Checks the numbers every row must hold (finite, in range) before anything is written.
    fn validate(&self) -> Result<(), StoreError> {
        if let Record::Rebuy { at, amount } = self {
            let fine = amount.0 > 0
                && amount.0 <= super::ranges::MAX_BET_MILLI
                && i64::try_from(*at).is_ok_and(|at| at <= super::ranges::MAX_AT);
            return fine
                .then_some(())
                .ok_or_else(|| StoreError::Invalid(format!("a rebuy of {amount}")));
        }
        self.entry()
            .map_or(Ok(()), |entry| super::ranges::check_entry(&entry).map_err(StoreError::Invalid))
    }
}

/// Money or a result in thousandths, as stored, from the decimal the history holds.
pub(super) fn milli(x: f64) -> i64 {
    (x * 1000.0).round() as i64
}

impl Store {
    /// Writes `record`, made on the local day `day`, in one transaction. A read-only store
    /// refuses and writes nothing.
    pub fn write(&mut self, record: &Record, day: Day) -> Result<(), StoreError> {
        self.refuse_if_read_only()?;
        record.validate()?;
        self.write_in_session(day, |tx, session| {
            let day = day.to_string();
            match record {
                Record::Round { round, tally } => insert_round(tx, session, &day, round, tally),
                Record::Drill(drill) => insert_drill(tx, session, &day, drill),
                Record::Count(answer) => insert_count(tx, session, &day, answer),
                Record::Rebuy { at, amount } => tx
                    .execute(
                        "INSERT INTO rebuys (session, at, amount_milli) VALUES (?1, ?2, ?3)",
                        params![session, *at as i64, amount.0],
                    )
                    .map(drop),
            }
        })
    }

    /// A read-only store's refusal to write, naming why.
    pub(super) fn refuse_if_read_only(&self) -> Result<(), StoreError> {
        match &self.read_only {
            Some(reason) => {
                Err(StoreError::ReadOnly { path: self.label(), reason: reason.clone() })
            }
            None => Ok(()),
        }
    }

    /// Runs `insert` in one transaction under this store's session, made on `day` if it has
    /// none (or its row was deleted by another process's reset). A read-only store refuses.
    pub(super) fn write_in_session(
        &mut self,
        day: Day,
        insert: impl FnOnce(&Transaction<'_>, i64) -> rusqlite::Result<()>,
    ) -> Result<(), StoreError> {
        self.refuse_if_read_only()?;
        let (known, info) = (self.session, self.info.clone());
        let session = self.transaction("write to", |tx| {
            let session = match known {
                Some(id) if session_exists(tx, id)? => id,
                _ => begin_session(tx, &info, day)?,
            };
            insert(tx, session)?;
            Ok(session)
        })?;
        self.session = Some(session);
        Ok(())
    }

    /// Runs `work` in one immediate transaction, committed when it succeeds (rolled back
    /// when it fails, as `action` failing on this store).
    pub(super) fn transaction<T>(
        &mut self,
        action: &'static str,
        work: impl FnOnce(&Transaction<'_>) -> rusqlite::Result<T>,
    ) -> Result<T, StoreError> {
        let label = self.label();
        let sql = |cause| open::sql_error(action, &label, cause);
        let tx =
            self.conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(sql)?;
        let done = work(&tx).map_err(sql)?;
        tx.commit().map_err(sql)?;
        Ok(done)
    }
}

/// Whether the session's row `id` is there, still this process's (after a reset, another
/// session may have been given the same id).
pub(super) fn session_exists(tx: &Transaction<'_>, id: i64) -> rusqlite::Result<bool> {
    tx.query_row(
        "SELECT EXISTS (SELECT 1 FROM sessions WHERE id = ?1 AND process = ?2)",
        params![id, std::process::id()],
        |row| row.get(0),
    )
}

/// The session's row, made with its first record.
pub(super) fn begin_session(
    tx: &Transaction<'_>,
    info: &super::SessionInfo,
    day: Day,
) -> rusqlite::Result<i64> {
    tx.execute(
        "INSERT INTO sessions (started, day, kind, process, rules) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            unix_seconds() as i64,
            day.to_string(),
            info.kind.name(),
            std::process::id(),
            info.rules
        ],
    )?;
    Ok(tx.last_insert_rowid())
}

/// The round's row, its hands and its decisions. The round columns are `tally`'s counters (the
/// dealer's natural and bust as whether it counts one).
pub(super) fn insert_round(
    tx: &Transaction<'_>,
    session: i64,
    day: &str,
    round: &Round,
    tally: &RoundTally,
) -> rusqlite::Result<()> {
    let t = tally;
    tx.execute(
        "INSERT INTO rounds (session, at, day, number, seed, shoe_position, bet_milli,
                             true_count, dealer, hands, wins, losses, pushes, naturals, busts,
                             doubles, splits, dealer_natural, dealer_bust, net_milli, money_milli,
                             settled)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,
                 ?18, ?19, ?20, ?21, ?22)",
        params![
            session,
            round.at as i64,
            day,
            round.number as i64,
            round.seed as i64,
            round.shoe_position as i64,
            round.bet.map(milli),
            round.true_count,
            round.dealer.join(" "),
            t.hands as i64,
            t.wins as i64,
            t.losses as i64,
            t.pushes as i64,
            t.naturals as i64,
            t.busts as i64,
            t.doubles as i64,
            t.splits as i64,
            t.dealer_naturals > 0,
            t.dealer_busts > 0,
            t.net_milli,
            round.money().filter(|_| !round.unfinished).map(milli),
            !round.unfinished,
        ],
    )?;
    let id = tx.last_insert_rowid();
    let mut hand = tx.prepare_cached(
        "INSERT INTO hands (round, idx, cards, stake, outcome, net_milli, money_milli)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for (idx, h) in round.hands.iter().enumerate() {
        hand.execute(params![
            id,
            idx as i64,
            h.cards.join(" "),
            h.stake,
            h.outcome,
            milli(h.net),
            h.money.map(milli),
        ])?;
    }
    for decision in &round.decisions {
        insert_decision(tx, session, round.at, day, Some(id), None, decision)?;
    }
    Ok(())
}

pub(super) fn insert_drill(
    tx: &Transaction<'_>,
    session: i64,
    day: &str,
    drill: &DrillAnswer,
) -> rusqlite::Result<()> {
    let kind = Some((drill.kind.as_str(), drill.seconds));
    insert_decision(tx, session, drill.at, day, None, kind, &drill.decision)
}

/// A decision's row: made in the round `round`, or in a drill of `(kind, seconds)`.
fn insert_decision(
    tx: &Transaction<'_>,
    session: i64,
    at: u64,
    day: &str,
    round: Option<i64>,
    drill: Option<(&str, f64)>,
    d: &Decision,
) -> rusqlite::Result<()> {
    let (drill, seconds) = drill.unzip();
    let categories = d.cell().map_or(0, |cell| {
        Category::of(cell.kind, d.chosen, d.advised).fold(0, |bits, c| bits | c.bit())
    });
    let evs: Vec<(&str, f64)> = d.evs.iter().map(|e| (e.action.name(), e.ev)).collect();
    let evs = serde_json::to_string(&evs).unwrap_or_else(|_| "[]".to_owned());
    let mode = if d.true_count.is_some() { "counting" } else { "basic" };
    tx.prepare_cached(
        "INSERT INTO decisions (session, round, drill, seconds, at, day, hand, cards, up, cell,
                                chosen, best, categories, evs, cost, mode, true_count)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)",
    )?
    .execute(params![
        session,
        round,
        drill,
        seconds,
        at as i64,
        day,
        d.hand as i64,
        d.cards.join(" "),
        d.up,
        d.cell,
        d.chosen.name(),
        d.advised.name(),
        categories,
        evs,
        d.cost,
        mode,
        d.true_count,
    ])?;
    Ok(())
}

pub(super) fn insert_count(
    tx: &Transaction<'_>,
    session: i64,
    day: &str,
    a: &CountAnswer,
) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO answers (session, at, day, skill, question, answer, truth, correct, error,
                              seconds, decks, best)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        params![
            session,
            a.at as i64,
            day,
            a.skill,
            a.question,
            a.answer,
            a.truth,
            a.right,
            a.error,
            a.seconds,
            a.countdown.map(|c| c.decks),
            a.countdown.is_some_and(|c| c.timed),
        ],
    )?;
    Ok(())
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::engine::Rules;
    use crate::store::{SessionInfo, SessionKind};
    use crate::trainer::history::HandRecord;

    /// A round split in two: a doubled 8,3,T and an 8,9 against a dealer's 10,6,9 (bust), at a
    /// bet of 5.
    pub(in crate::store) fn split_round(unfinished: bool) -> Round {
        let hand = |cards: &[&str], stake: u8, net: f64| HandRecord {
            cards: cards.iter().map(|&c| c.to_owned()).collect(),
            stake,
            outcome: format!("+{net}"),
            net,
            money: Some(net * 5.0),
        };
        Round {
            at: 1_796_000_000,
            number: 1,
            seed: 7,
            shoe_position: 0,
            bet: Some(5.0),
            true_count: None,
            dealer: vec!["10c".to_owned(), "6d".to_owned(), "9h".to_owned()],
            hands: vec![hand(&["8s", "3h", "10d"], 2, 2.0), hand(&["8h", "9c"], 1, 1.0)],
            decisions: Vec::new(),
            unfinished,
        }
    }

    /// The round columns of every row, oldest first: hands, wins, losses, pushes, naturals,
    /// busts, doubles, splits, dealer natural, dealer bust, net.
    fn columns(store: &Store) -> Vec<[i64; 11]> {
        let mut query = store
            .conn
            .prepare(
                "SELECT hands, wins, losses, pushes, naturals, busts, doubles, splits,
                        dealer_natural, dealer_bust, net_milli FROM rounds ORDER BY id",
            )
            .expect("the query");
        query
            .query_map([], |row| {
                let mut c = [0; 11];
                for (i, slot) in c.iter_mut().enumerate() {
                    *slot = row.get(i)?;
                }
                Ok(c)
            })
            .expect("the rows")
            .collect::<Result<_, _>>()
            .expect("the columns")
    }

    #[test]
    fn a_rounds_columns_are_its_tallys_counters_and_an_unfinished_round_adds_none() {
        let mut store = Store::in_memory(SessionInfo::new(SessionKind::Table, &Rules::default()));
        let tally = RoundTally {
            rounds: 1,
            hands: 2,
            wins: 2,
            doubles: 1,
            splits: 1,
            dealer_busts: 1,
            net_milli: 3000,
            net_money_milli: 15_000,
            net_sq_micro: 9_000_000,
            ..RoundTally::default()
        };
        let day = Day(20_000);
        let settled = Record::Round { round: split_round(false), tally };
        store.write(&settled, day).expect("written");
        let unfinished = Record::Round { round: split_round(true), tally: RoundTally::default() };
        store.write(&unfinished, day).expect("written");
        assert_eq!(
            columns(&store),
            [[2, 2, 0, 0, 0, 0, 1, 1, 0, 1, 3000], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]
        );
    }

    #[test]
    fn a_session_whose_row_another_process_deleted_keeps_its_later_rows() {
        let dir = tempfile::tempdir().expect("a folder");
        let location = crate::store::Location::named(dir.path().join("s.db"));
        let info = SessionInfo::new(SessionKind::Table, &Rules::default());
        let (mut store, _) = Store::open(&location, info.clone()).expect("opens");
        let round = || Record::Round { round: split_round(false), tally: RoundTally::default() };
        store.write(&round(), Day(20_000)).expect("the first round");
        // `stats --reset` from another process, meanwhile.
        let (mut other, _) = Store::open(&location, info).expect("a second");
        other.delete_before(None).expect("reset");
        store.write(&round(), Day(20_000)).expect("the next round is kept");
        let (rounds, sessions): (i64, i64) = store
            .conn
            .query_row(
                "SELECT (SELECT COUNT(*) FROM rounds), (SELECT COUNT(*) FROM sessions)",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .expect("counted");
        assert_eq!((rounds, sessions), (1, 1));
    }
}
