//! The range of every number a row holds, in one place: the schema's CHECK constraints, the
//! conditions the figures read rows under (a row past them is left out and reported once),
//! and the check of imported entries ([`check_entry`]).
//!
//! The conditions are macros, so the migration and the queries `concat!` the same text. The
//! bounds are far past anything a table produces, and near enough that no sum overflows.

use crate::text::counted;
use crate::trainer::history::Entry;

/// The latest time a row may hold: 9999-12-31T23:59:59Z, in seconds since the Unix epoch.
pub const MAX_AT: i64 = 253_402_300_799;

/// The most a round or one of its hands may net, in thousandths of a bet (100 bets).
pub const MAX_NET_MILLI: i64 = 100_000;

/// The most a round or a hand may net in money, in thousandths of a unit.
pub const MAX_MONEY_MILLI: i64 = 100_000_000_000;

/// The largest bet or rebuy, in thousandths of a unit.
pub const MAX_BET_MILLI: i64 = 1_000_000_000_000;

/// The largest true count (either sign) a row may hold.
pub const MAX_TRUE_COUNT: i32 = 1_000;

/// The largest cost of a decision, or error of a counting answer.
pub const MAX_COST: f64 = 1e6;

/// The most seconds an answer may take.
pub const MAX_SECONDS: f64 = 1e9;

/// A `sessions` row's numbers in range.
macro_rules! session_ok {
    () => {
        "(typeof(started) = 'integer' AND started BETWEEN 0 AND 253402300799
          AND typeof(process) = 'integer' AND process BETWEEN 0 AND 4294967295)"
    };
}

/// A `rounds` row's numbers in range.
macro_rules! round_ok {
    () => {
        "(typeof(at) = 'integer' AND at BETWEEN 0 AND 253402300799
          AND typeof(number) = 'integer' AND number >= 0
          AND typeof(seed) = 'integer'
          AND typeof(shoe_position) = 'integer' AND shoe_position BETWEEN 0 AND 100000
          AND (bet_milli IS NULL OR (typeof(bet_milli) = 'integer'
                                     AND bet_milli BETWEEN 1 AND 1000000000000))
          AND (true_count IS NULL OR (typeof(true_count) = 'integer'
                                      AND true_count BETWEEN -1000 AND 1000))
          AND typeof(hands) = 'integer' AND hands BETWEEN 0 AND 16
          AND typeof(wins) = 'integer' AND wins BETWEEN 0 AND hands
          AND typeof(losses) = 'integer' AND losses BETWEEN 0 AND hands
          AND typeof(pushes) = 'integer' AND pushes BETWEEN 0 AND hands
          AND typeof(naturals) = 'integer' AND naturals BETWEEN 0 AND hands
          AND typeof(busts) = 'integer' AND busts BETWEEN 0 AND hands
          AND typeof(doubles) = 'integer' AND doubles BETWEEN 0 AND hands
          AND typeof(splits) = 'integer' AND splits BETWEEN 0 AND hands
          AND dealer_natural IN (0, 1) AND dealer_bust IN (0, 1)
          AND typeof(net_milli) = 'integer' AND net_milli BETWEEN -100000 AND 100000
          AND (money_milli IS NULL OR (typeof(money_milli) = 'integer'
                                       AND money_milli BETWEEN -100000000000 AND 100000000000)))"
    };
}

/// A `hands` row's numbers in range.
macro_rules! hand_ok {
    () => {
        "(typeof(idx) = 'integer' AND idx BETWEEN 0 AND 15
          AND typeof(net_milli) = 'integer' AND net_milli BETWEEN -100000 AND 100000
          AND (money_milli IS NULL OR (typeof(money_milli) = 'integer'
                                       AND money_milli BETWEEN -100000000000 AND 100000000000)))"
    };
}

/// A `decisions` row's numbers (and actions) in range.
macro_rules! decision_ok {
    () => {
        "(typeof(at) = 'integer' AND at BETWEEN 0 AND 253402300799
          AND typeof(hand) = 'integer' AND hand BETWEEN 0 AND 15
          AND typeof(categories) = 'integer' AND categories BETWEEN 0 AND 15
          AND typeof(cost) IN ('integer', 'real') AND cost >= 0 AND cost < 1e6
          AND (seconds IS NULL OR (typeof(seconds) IN ('integer', 'real')
                                   AND seconds >= 0 AND seconds < 1e9))
          AND (true_count IS NULL OR (typeof(true_count) = 'integer'
                                      AND true_count BETWEEN -1000 AND 1000))
          AND chosen IN ('hit', 'stand', 'double', 'split')
          AND best IN ('hit', 'stand', 'double', 'split'))"
    };
}

/// An `answers` row's numbers in range.
macro_rules! answer_ok {
    () => {
        "(typeof(at) = 'integer' AND at BETWEEN 0 AND 253402300799
          AND correct IN (0, 1) AND best IN (0, 1)
          AND typeof(error) IN ('integer', 'real') AND error >= 0 AND error < 1e6
          AND typeof(seconds) IN ('integer', 'real') AND seconds >= 0 AND seconds < 1e9
          AND (decks IS NULL OR (typeof(decks) = 'integer' AND decks BETWEEN 1 AND 8)))"
    };
}

/// A `rebuys` row's numbers in range.
macro_rules! rebuy_ok {
    () => {
        "(typeof(at) = 'integer' AND at BETWEEN 0 AND 253402300799
          AND typeof(amount_milli) = 'integer' AND amount_milli BETWEEN 1 AND 1000000000000)"
    };
}

pub(super) use {answer_ok, decision_ok, hand_ok, rebuy_ok, round_ok, session_ok};

/// A `sessions` row in range, as an SQL condition.
pub(super) const SESSION_OK: &str = session_ok!();
/// A `rounds` row in range, as an SQL condition.
pub(super) const ROUND_OK: &str = round_ok!();
/// A `hands` row in range, as an SQL condition.
pub(super) const HAND_OK: &str = hand_ok!();
/// A `decisions` row in range, as an SQL condition.
pub(super) const DECISION_OK: &str = decision_ok!();
/// An `answers` row in range, as an SQL condition.
pub(super) const ANSWER_OK: &str = answer_ok!();

/// A `decisions` row that is not a miss, as an SQL condition: right, or a close call (another
/// play costing less than [`crate::trainer::grade::CLOSE_CALL`]). Accuracy, a cell's streak and
/// the due list count by it, as [`crate::trainer::grade::Verdict::is_miss`] does.
pub(super) fn not_missed() -> String {
    format!("(correct OR cost < {})", crate::trainer::grade::CLOSE_CALL)
}
/// A `rebuys` row in range, as an SQL condition.
pub(super) const REBUY_OK: &str = rebuy_ok!();

/// Each table whose rows the figures read, with the condition its rows are read under, and the
/// noun a row is counted with.
const TABLES: [(&str, &str, &str); 6] = [
    ("sessions", SESSION_OK, "session"),
    ("rounds", ROUND_OK, "round"),
    ("hands", HAND_OK, "hand"),
    ("decisions", DECISION_OK, "decision"),
    ("answers", ANSWER_OK, "counting answer"),
    ("rebuys", REBUY_OK, "rebuy"),
];

/// The rows out of range in the database, as the player is told once when it opens: `2
/// rounds and 1 decision`; `None` when there are none.
pub(super) fn rows_out_of_range(conn: &rusqlite::Connection) -> rusqlite::Result<Option<String>> {
    let mut found = Vec::new();
    for (table, ok, noun) in TABLES {
        let n: i64 = conn.query_row(
            // Through the table's index of such rows (schema version 2), empty where no one
            // edited the table: no row of it is read.
            &format!(
                "SELECT COUNT(*) FROM {table} INDEXED BY {table}_out_of_range WHERE {ok} IS NOT 1"
            ),
            [],
            |row| row.get(0),
        )?;
        if n > 0 {
            found.push(counted(n as u64, noun));
        }
    }
    Ok((!found.is_empty()).then(|| found.join(", ")))
}

/// Returns `Err` with the words `format!` makes of the rest unless `fine` holds.
macro_rules! ensure {
    ($fine:expr, $($why:tt)+) => {
        if !$fine {
            return Err(format!($($why)+));
        }
    };
}
pub(super) use ensure;

/// Checks that every number of `entry` (from an earlier build's history, or about to be
/// written) is in the range its row's column takes. Returns what is wrong.
pub fn check_entry(entry: &Entry) -> Result<(), String> {
    entry.validate()?;
    let at = entry.at();
    let fine = i64::try_from(at).is_ok_and(|at| at <= MAX_AT);
    ensure!(fine, "the time {at} is past the year 9999");
    let net = |what: &str, x: f64| {
        let fine = x.is_finite() && (x * 1000.0).abs() <= MAX_NET_MILLI as f64;
        ensure!(fine, "{what} of {x} bets is out of range");
        Ok(())
    };
    let money = |what: &str, x: Option<f64>| match x {
        Some(x) if !(x.is_finite() && (x * 1000.0).abs() <= MAX_MONEY_MILLI as f64) => {
            Err(format!("{what} of {x} is out of range"))
        }
        _ => Ok(()),
    };
    let true_count = |tc: Option<i32>| match tc {
        Some(tc) if tc.abs() > MAX_TRUE_COUNT => Err(format!("a true count of {tc}")),
        _ => Ok(()),
    };
    for decision in entry.decisions() {
        true_count(decision.true_count)?;
        let cost = decision.cost;
        let out = cost >= MAX_COST;
        ensure!(!out, "a cost of {cost}");
    }
    match entry {
        Entry::Round(round) => {
            true_count(round.true_count)?;
            let fits = round.hands.len() <= 16 && round.shoe_position <= 100_000;
            ensure!(fits, "more hands or cards than a shoe holds");
            if let Some(bet) = round.bet {
                let fine = bet.is_finite() && bet > 0.0 && bet * 1000.0 <= MAX_BET_MILLI as f64;
                ensure!(fine, "a bet of {bet} is out of range");
            }
            net("a round's net", round.net())?;
            money("a round's result in money", round.money())?;
            for hand in &round.hands {
                net("a hand's net", hand.net)?;
                money("a hand's result in money", hand.money)?;
            }
        }
        Entry::Drill(drill) => {
            let seconds = drill.seconds;
            let out = seconds >= MAX_SECONDS;
            ensure!(!out, "an answer of {seconds} s");
        }
        Entry::Count(a) => {
            let (error, seconds) = (a.error, a.seconds);
            let out = error >= MAX_COST || seconds >= MAX_SECONDS;
            ensure!(!out, "an error of {error} or {seconds} s is out of range");
            if let Some(decks) = a.countdown.map(|run| run.decks) {
                ensure!((1..=8).contains(&decks), "a countdown of {decks} decks");
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;
    use crate::sim::RoundTally;
    use crate::store::write::tests::split_round;
    use crate::store::{Record, SessionInfo, SessionKind, Store};
    use crate::trainer::day::Day;

    fn store_with_a_round() -> Store {
        let mut store = Store::in_memory(SessionInfo::new(SessionKind::Table, &Rules::default()));
        let round = Record::Round { round: split_round(false), tally: RoundTally::default() };
        store.write(&round, Day(20_000)).expect("written");
        store
    }

    #[test]
    fn the_schema_takes_each_bound_and_refuses_one_past_it() {
        let store = store_with_a_round();
        let set = |column: &str, value: i64| {
            store.conn.execute(&format!("UPDATE rounds SET {column} = ?1"), [value])
        };
        assert!(set("at", MAX_AT).is_ok());
        assert!(set("at", MAX_AT + 1).is_err(), "past the year 9999");
        assert!(set("net_milli", -MAX_NET_MILLI).is_ok());
        assert!(set("net_milli", MAX_NET_MILLI + 1).is_err());
        assert!(set("money_milli", MAX_MONEY_MILLI).is_ok());
        assert!(set("money_milli", i64::MAX).is_err());
        assert!(set("bet_milli", MAX_BET_MILLI).is_ok());
        assert!(set("bet_milli", MAX_BET_MILLI + 1).is_err());
        let text = store.conn.execute("UPDATE rounds SET net_milli = 'abc'", []);
        assert!(text.is_err(), "text where a number belongs");
        let huge = store.conn.execute("UPDATE rounds SET net_milli = 1e308", []);
        assert!(huge.is_err(), "a real far past any round");
        let action = store.conn.execute("UPDATE decisions SET chosen = 'teleport'", []);
        assert!(action.is_ok(), "no decision in this round: nothing to refuse");
    }

    #[test]
    fn what_an_old_file_brings_is_checked_against_the_same_ranges() {
        let mut round = split_round(false);
        assert_eq!(check_entry(&Entry::Round(round.clone())), Ok(()));
        round.hands[0].net = -2.0e300;
        assert!(check_entry(&Entry::Round(round.clone())).is_err());
        let mut late = split_round(false);
        late.at = 99_999_999_999_999;
        let why = check_entry(&Entry::Round(late)).expect_err("out of range");
        assert!(why.contains("year 9999"), "{why}");
        let mut rich = split_round(false);
        rich.bet = Some(1e300);
        assert!(check_entry(&Entry::Round(rich)).is_err());
    }
}
