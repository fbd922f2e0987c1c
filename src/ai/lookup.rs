//! A chart compiled into one flat table, for seats that decide millions of times a second:
//! [`ChartTable`] asks the chart once for every row, up card and legal set, so a decision is
//! one index and one load, and plays exactly what the chart plays (a test compares them). It is
//! keyed by what the hand holds (hard total and an ace, or a pair's value), not by the chart's
//! row, so a decision does not wait for the row lookup.

use crate::analysis::chart::{Cell, Chart, HandKind};
use crate::engine::{Action, ActionSet, Cards, Value};

/// Rows of the chart: hard 4–21 (18), soft 12–21 (10), pairs of aces to tens (10), in the
/// order of the chart's own rows.
const HARD_ROW: usize = 0;
const SOFT_ROW: usize = 18;
const PAIR_ROW: usize = 28;
/// Keys of the table ([`key_of`]): a hand not played as a pair is keyed by its hard total
/// capped at [`HARD_CAP`], plus `ACE_KEY` if it holds an ace (a power of two above every
/// capped total, so the key is one `or`; keys in the gaps are no hand's); a pair by
/// `PAIR_KEY` + its value − 1.
const ACE_KEY: usize = 32;
const PAIR_KEY: usize = 2 * ACE_KEY;
const KEYS: usize = PAIR_KEY + 10;
/// Dealer up cards, ace (1) to ten.
const UPS: usize = Value::ALL.len();
/// Sets of legal actions, by [`ActionSet::bits`].
const SETS: usize = 16;

/// The actions of a table: one for every (legal set, key, up card).
type Actions = [Action; SETS * KEYS * UPS];

/// The action a [`Chart`] takes for every (hand key, up card, legal set), in one flat table.
#[derive(Clone, PartialEq, Eq)]
pub struct ChartTable {
    actions: Box<Actions>,
}

/// A [`ChartTable`] borrowed as the address of its actions: a seat that picks one of several
/// tables each round (the counter, one a true count) keeps this, so that a decision loads its
/// action at once instead of first loading where the table keeps its actions.
#[derive(Clone, Copy)]
pub struct ChartRef<'a> {
    actions: &'a Actions,
}

impl std::fmt::Debug for ChartRef<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ChartRef { .. }")
    }
}

impl ChartRef<'_> {
    /// [`ChartTable::decide`] of the table borrowed.
    #[inline(always)]
    pub fn decide(self, cards: &Cards, up: Value, legal: ActionSet) -> Action {
        let key = key_of(cards, legal.contains(Action::Split));
        self.actions[ChartTable::index(key, up, legal)]
    }
}

impl std::fmt::Debug for ChartTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ChartTable { .. }")
    }
}

/// The chart cell of row `row` of the chart ([`row_of_key`]).
fn cell_of_row(row: usize, up: Value) -> Cell {
    // Each range is below 38 rows, so the narrowing casts are exact.
    let (kind, row) = if row < SOFT_ROW {
        (HandKind::Hard, (row - HARD_ROW + 4) as u8)
    } else if row < PAIR_ROW {
        (HandKind::Soft, (row - SOFT_ROW + 12) as u8)
    } else {
        (HandKind::Pair, (row - PAIR_ROW + 1) as u8)
    };
    Cell { kind, row, up }
}

/// The key of the table for a hand ([`ACE_KEY`]): a pair's own only when splitting is
/// allowed, as [`Cell::for_hand`] chooses.
#[inline(always)]
fn key_of(cards: &Cards, split_allowed: bool) -> usize {
    if split_allowed
        && cards.is_pair()
        && let Some(first) = cards.as_slice().first()
    {
        return PAIR_KEY + first.value().index();
    }
    // No branch and no load: whether the hand is soft, and its total, are a coin toss to the
    // branch predictor, and the action waits for the key.
    usize::from(cards.hard_total().min(HARD_CAP)) | (usize::from(cards.has_ace()) * ACE_KEY)
}

/// The chart's row of a key of the table ([`key_of`]): a pair's row, or the row of the hard
/// total and ace the key stands for ([`ROW_BY_HARD_TOTAL`]).
fn row_of_key(key: usize) -> usize {
    if key >= PAIR_KEY {
        PAIR_ROW + key - PAIR_KEY
    } else {
        let hard = (key % ACE_KEY).min(usize::from(HARD_CAP));
        usize::from(ROW_BY_HARD_TOTAL[key / ACE_KEY][hard])
    }
}

/// Hard totals above this one share its key and row ([`ROW_BY_HARD_TOTAL`]): over 21, the row
/// of 21.
const HARD_CAP: u8 = 22;

/// The row of a hand not played as a pair, by whether it holds an ace and its hard total
/// (capped at [`HARD_CAP`]): its soft row if soft, else its hard row, clamped as
/// [`Cell::for_hand`] does.
const ROW_BY_HARD_TOTAL: [[u8; HARD_CAP as usize + 1]; 2] = {
    let mut rows = [[0; HARD_CAP as usize + 1]; 2];
    let mut ace = 0;
    while ace < 2 {
        let mut hard = 0;
        while hard <= HARD_CAP as usize {
            let row = if ace == 1 && hard <= 11 {
                let soft = hard + 10;
                SOFT_ROW + if soft < 12 { 12 } else { soft } - 12
            } else {
                let clamped = if hard < 4 {
                    4
                } else if hard > 21 {
                    21
                } else {
                    hard
                };
                HARD_ROW + clamped - 4
            };
            // Below 38 rows: the narrowing is exact.
            rows[ace][hard] = row as u8;
            hard += 1;
        }
        ace += 1;
    }
    rows
};

impl ChartTable {
    /// Compiles `chart`: every entry is [`Chart::get`] of the row's cell resolved with
    /// [`crate::analysis::chart::Code::resolve`], as [`Chart::decide`] would do it.
    pub fn new(chart: &Chart) -> ChartTable {
        ChartTable::compile(|cell, legal| chart.get(cell).resolve(legal))
    }

    /// A table of the action `decide` takes in every chart cell and up card for every legal
    /// set: any play that depends on those only, even one no chart code expresses.
    pub fn compile(mut decide: impl FnMut(Cell, ActionSet) -> Action) -> ChartTable {
        let mut actions = Box::new([Action::Stand; SETS * KEYS * UPS]);
        for key in 0..KEYS {
            let row = row_of_key(key);
            for up in Value::ALL {
                let cell = cell_of_row(row, up);
                for bits in 0..SETS as u8 {
                    let legal = ActionSet::from_bits(bits);
                    actions[Self::index(key, up, legal)] = decide(cell, legal);
                }
            }
        }
        ChartTable { actions }
    }

    /// Where the action of a hand key, up card and legal set is. The legal set changes
    /// slowest, since a hand meets only a few sets: with it last, the counter missed the L1
    /// cache 0.8 times a round with KO (cachegrind, 2 M rounds), with it first under 0.05
    /// (rounded up to 1024 entries for a shift, 0.4).
    #[inline(always)]
    fn index(key: usize, up: Value, legal: ActionSet) -> usize {
        (usize::from(legal.bits()) * KEYS + key) * UPS + up.index()
    }

    /// The action the chart takes for this hand against this up card among the legal
    /// actions: the same answer as [`Chart::decide`].
    #[inline]
    pub fn decide(&self, cards: &Cards, up: Value, legal: ActionSet) -> Action {
        self.borrowed().decide(cards, up, legal)
    }

    /// The table as the address of its actions ([`ChartRef`]).
    #[inline(always)]
    pub fn borrowed(&self) -> ChartRef<'_> {
        ChartRef { actions: &self.actions }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::ai::{NORMAL_CHART_TEXT, hard_chart};
    use crate::engine::Rules;

    /// The chart's rows: [`PAIR_ROW`] and the ten pairs.
    const ROWS: usize = PAIR_ROW + 10;

    /// Every hand of one to four cards by value (1 = ace … 10), busted ones included: every
    /// hard and soft total, every pair, two-card and longer hands alike.
    pub(crate) fn all_hands() -> Vec<Cards> {
        let mut hands = vec![Cards::new()];
        let mut frontier = vec![Vec::<Value>::new()];
        for _ in 0..4 {
            let mut next = Vec::new();
            for values in &frontier {
                for v in Value::ALL {
                    let mut longer = values.clone();
                    longer.push(v);
                    hands.push(Cards::from_values(&longer));
                    next.push(longer);
                }
            }
            frontier = next;
        }
        hands
    }

    fn assert_same_as_chart(chart: &Chart) {
        let table = ChartTable::new(chart);
        let mut decisions = 0u32;
        for hand in all_hands() {
            for up in Value::ALL {
                for bits in 0..16u8 {
                    let legal = ActionSet::from_bits(bits);
                    assert_eq!(
                        table.decide(&hand, up, legal),
                        chart.decide(&hand, up, legal),
                        "{hand:?} against {up}, legal {legal:?}"
                    );
                    decisions += 1;
                }
            }
        }
        assert_eq!(decisions, 11_111 * 10 * 16);
    }

    #[test]
    fn the_table_plays_the_computed_hard_chart_exactly() {
        assert_same_as_chart(&hard_chart(&Rules::default()));
    }

    #[test]
    fn the_table_plays_the_normal_chart_exactly() {
        let chart = Chart::parse(NORMAL_CHART_TEXT).expect("the embedded chart parses");
        assert_same_as_chart(&chart);
    }

    #[test]
    fn the_table_plays_any_chart_exactly() {
        // Every code in every cell, cycling, so each row holds each code somewhere.
        use crate::analysis::chart::Code;
        let codes = [Code::H, Code::S, Code::D, Code::Ds, Code::P];
        let mut chart = Chart::default();
        for row in 0..ROWS {
            for up in Value::ALL {
                chart.set(cell_of_row(row, up), codes[(row * 7 + up.index() + 1) % 5]);
            }
        }
        assert_same_as_chart(&chart);
    }

    #[test]
    fn rows_are_the_cells_of_cell_for_hand() {
        let mut seen = [false; ROWS];
        for hand in all_hands() {
            for split_allowed in [false, true] {
                let row = row_of_key(key_of(&hand, split_allowed));
                assert_eq!(
                    cell_of_row(row, Value::of(6)),
                    Cell::for_hand(&hand, Value::of(6), split_allowed),
                    "{hand:?}"
                );
                seen[row] = true;
            }
        }
        assert!(seen.iter().all(|&s| s), "every row is some hand's");
    }
}
