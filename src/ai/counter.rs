//! The counter: the hard seat plus a count (Hi-Lo unless given another), an index table and a
//! bet ramp. It counts only what its [`SeatView`] shows (Red 7's red sevens told by the table:
//! [`Counter::seated`]); its index plays are compiled into one table per true count
//! ([`ByCount`]), so a counted decision costs what a flat one does.

use super::lookup::{ChartRef, ChartTable};
use super::{Hard, Strategy};
use crate::analysis::chart::{Cell, HandKind};
use crate::analysis::deviation::{Direction, IndexTable};
use crate::analysis::hilo::BetRamp;
use crate::engine::{Action, ActionSet, Cards, SeatView, Value};

pub use crate::analysis::counts::CountSystem;

/// An index table compiled for play: for every cell, the range of floored true counts where
/// its deviation is made. Plays exactly as [`IndexTable::deviation`] (a test compares the two
/// on every cell, count and legal set).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deviations {
    /// Per cell ([`Deviations::slot`]): 0 for none, else 1 + the index into `rules`.
    slots: Box<[u8; SLOTS]>,
    rules: Vec<DeviationRule>,
}

/// One compiled deviation: `play` when `low ≤ tc < high`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct DeviationRule {
    play: Action,
    low: i32,
    high: i32,
}

/// Hand kinds × rows 0–21 × up cards.
const SLOTS: usize = 3 * 22 * 10;

impl Deviations {
    /// Compiles `table`. Where a table names one cell twice, the first entry counts, as in
    /// [`IndexTable::get`].
    pub fn new(table: &IndexTable) -> Deviations {
        let mut slots = Box::new([0u8; SLOTS]);
        let mut rules = Vec::new();
        for play in &table.plays {
            let Some(slot) = Self::slot(play.cell) else {
                continue;
            };
            // `IndexPlay::applies`, as a range; an index that never applies gets none.
            let (low, high) = match (play.index, play.direction) {
                (None, _) => continue,
                (Some(i), Direction::AtOrAbove) => (i, i32::MAX),
                (Some(i), Direction::Below) => (i32::MIN, i),
            };
            if slots[slot] != 0 || table.get(play.cell) != Some(play) {
                continue;
            }
            // More distinct cells than a byte holds cannot occur: there are fewer cells.
            let Ok(id) = u8::try_from(rules.len() + 1) else {
                break;
            };
            rules.push(DeviationRule { play: play.play, low, high });
            slots[slot] = id;
        }
        Deviations { slots, rules }
    }

    /// The slot of a cell, if it is one a hand can be in.
    #[inline(always)]
    fn slot(cell: Cell) -> Option<usize> {
        let kind = match cell.kind {
            HandKind::Hard => 0,
            HandKind::Soft => 1,
            HandKind::Pair => 2,
        };
        (cell.row <= 21).then(|| (kind * 22 + usize::from(cell.row)) * 10 + cell.up.index())
    }

    /// The deviation to make in `cell` at floored true count `tc` among the `legal` actions,
    /// or `None` to play basic strategy: the answer of [`IndexTable::deviation`].
    #[inline(always)]
    pub fn deviation(&self, cell: Cell, tc: i32, legal: ActionSet) -> Option<Action> {
        let id = *self.slots.get(Self::slot(cell)?)?;
        let rule = self.rules.get(usize::from(id).checked_sub(1)?)?;
        (rule.low <= tc && tc < rule.high && legal.contains(rule.play)).then_some(rule.play)
    }
}

/// The counter's way of playing and betting: basic strategy, the compiled index plays and the
/// ramp.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counter {
    /// Basic strategy (the hard seat, playing the chart it was given).
    basic: Hard,
    /// The chart played at each true count, compiled ([`ByCount`]).
    by_count: ByCount,
    ramp: BetRamp,
    system: CountSystem,
    /// The running count at the start of a shoe, in counting units (0 for a balanced count).
    start: i32,
}

/// Basic strategy with the index plays made at each true count, one [`ChartTable`] per count.
/// Outside one below the lowest index to the highest nothing changes, so a count is clamped
/// into that range. A table, unlike a chart's codes, expresses any play (a hit where basic
/// strategy doubles, which no code gives when double is legal and hit is not).
#[derive(Debug, Clone, PartialEq, Eq)]
struct ByCount {
    /// The count of `tables[0]`.
    low: i32,
    tables: Vec<ChartTable>,
}

impl ByCount {
    fn new(basic: &Hard, table: &IndexTable) -> ByCount {
        let deviations = Deviations::new(table);
        // The plays that count: the first of each cell (as `IndexTable::get`), with an index.
        let indices =
            table.plays.iter().filter(|p| table.get(p.cell) == Some(*p)).filter_map(|p| p.index);
        let (Some(low), Some(high)) = (indices.clone().min(), indices.max()) else {
            return ByCount { low: 0, tables: vec![ChartTable::new(basic.chart())] };
        };
        let low = low.saturating_sub(1);
        let tables = (low..=high)
            .map(|tc| {
                ChartTable::compile(|cell, legal| {
                    deviations
                        .deviation(cell, tc, legal)
                        .unwrap_or_else(|| basic.chart().get(cell).resolve(legal))
                })
            })
            .collect();
        ByCount { low, tables }
    }

    /// The compiled strategy at floored true count `tc`.
    #[inline(always)]
    fn at(&self, tc: i32) -> &ChartTable {
        let last = self.tables.len().saturating_sub(1);
        let step = usize::try_from(tc.saturating_sub(self.low)).unwrap_or(0).min(last);
        &self.tables[step]
    }
}

impl Counter {
    /// A counter playing `basic` with the deviations of `indices`, betting `ramp`.
    pub fn new(basic: Hard, indices: &IndexTable, ramp: BetRamp) -> Counter {
        Counter {
            by_count: ByCount::new(&basic, indices),
            basic,
            ramp,
            system: CountSystem::default(),
            start: 0,
        }
    }

    /// The same counter counting `system` in a shoe of `decks` decks (Hi-Lo unless this is
    /// called). Its ramp and index table are read at that count: the floored true count of a
    /// balanced count, the running count of an unbalanced one.
    pub fn with_system(mut self, system: CountSystem, decks: u8) -> Counter {
        self.start = system.initial_running_count(decks);
        self.system = system;
        self
    }

    /// The ramp.
    pub fn ramp(&self) -> &BetRamp {
        &self.ramp
    }

    /// The counting system.
    pub fn system(&self) -> &CountSystem {
        &self.system
    }

    /// The count the ramp and the index plays are read at, from `running` (counted from 0, in
    /// counting units): a balanced count's floored true count, else the running count from its
    /// start, in points.
    #[inline(always)]
    pub fn count_to_read(&self, running: i32, cards_left: usize) -> i32 {
        if self.system.is_balanced() {
            self.system.floored_true_count(running, cards_left)
        } else {
            (running + self.start).div_euclid(self.system.unit.per_point())
        }
    }

    /// The counter's play at floored true count `tc`, as a [`Strategy`].
    #[inline(always)]
    pub fn at_count(&self, tc: i32) -> AtCount<'_> {
        AtCount { compiled: self.by_count.at(tc).borrowed() }
    }
}

/// A [`Counter`] at one true count: the strategy of one round.
#[derive(Debug, Clone, Copy)]
pub struct AtCount<'a> {
    /// The table compiled for this count, borrowed as the address of its actions: the
    /// counting simulator picks one a round, and a decision then loads its action at once.
    compiled: ChartRef<'a>,
}

impl Strategy for AtCount<'_> {
    #[inline(always)]
    fn decide_hand(&self, cards: &Cards, up: Value, legal: ActionSet) -> Action {
        self.compiled.decide(cards, up, legal)
    }
}

/// A play of the counter's that is not the chart's: the index play it made, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IndexMove {
    /// The chart cell of the hand.
    pub cell: Cell,
    /// The play made.
    pub play: Action,
    /// What basic strategy plays there.
    pub chart: Action,
    /// The floored true count it was made at.
    pub tc: i32,
}

impl Counter {
    /// The counter in a seat where `red_sevens` red sevens were seen since the shuffle (a
    /// [`SeatView`] keeps values, not suits; only Red 7 adds them).
    pub fn seated(&self, red_sevens: i32) -> CounterSeat<'_> {
        CounterSeat { counter: self, red_sevens }
    }
}

/// A [`Counter`] in a seat, with the red sevens seen that its view does not keep.
#[derive(Debug, Clone, Copy)]
pub struct CounterSeat<'a> {
    counter: &'a Counter,
    red_sevens: i32,
}

impl CounterSeat<'_> {
    /// The count the ramp and the index plays are read at, from what `view` shows (red sevens
    /// included).
    pub fn true_count(&self, view: &SeatView<'_>) -> i32 {
        let system = &self.counter.system;
        let running = system.running_count_with_red_sevens(view.seen(), self.red_sevens);
        self.counter.count_to_read(running, view.cards_left())
    }

    /// The bet for the next deal, from what `view` shows between rounds, and the true count it
    /// was read at: the ramp's bet, its first when the cut card has been reached (the next
    /// deal begins with a shuffle, at a count of 0).
    pub fn next_bet(&self, view: &SeatView<'_>) -> (u32, i32) {
        let tc = if view.until_cut() == 0 { 0 } else { self.true_count(view) };
        (self.counter.ramp.bet(tc), tc)
    }

    /// The counter's play for the view's active hand at the count of the moment, and the index
    /// play it is when basic strategy would play otherwise.
    pub fn decide_explained(&self, view: &SeatView<'_>) -> (Action, Option<IndexMove>) {
        let (Some(hand), Some(up)) = (view.active_hand(), view.dealer_up()) else {
            return (Action::Stand, None);
        };
        let (cards, up, legal) = (&hand.cards, up.value(), view.legal());
        let tc = self.true_count(view);
        let play = self.counter.at_count(tc).decide_hand(cards, up, legal);
        let chart = self.counter.basic.decide_hand(cards, up, legal);
        let index = (play != chart).then(|| IndexMove {
            cell: Cell::for_hand(cards, up, legal.contains(Action::Split)),
            play,
            chart,
            tc,
        });
        (play, index)
    }
}

/// The counter in its seat plays at the count its view and the red sevens show.
impl Strategy for CounterSeat<'_> {
    fn decide_hand(&self, cards: &Cards, up: Value, legal: ActionSet) -> Action {
        self.counter.decide_hand(cards, up, legal)
    }

    fn decide(&self, view: &SeatView<'_>) -> Action {
        self.decide_explained(view).0
    }
}

/// The counter as a seat: it plays at the true count its view shows.
impl Strategy for Counter {
    /// Without a view there is no count: basic strategy.
    fn decide_hand(&self, cards: &Cards, up: Value, legal: ActionSet) -> Action {
        self.basic.decide_hand(cards, up, legal)
    }

    /// With no red seven known (a view keeps values, not suits): a table seat counting Red 7
    /// plays through [`Counter::seated`], which is told them.
    fn decide(&self, view: &SeatView<'_>) -> Action {
        self.seated(0).decide_explained(view).0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::hard_chart;
    use crate::analysis::deviation::{IndexPlay, illustrious_18};
    use crate::engine::{Rules, ValueCounts};

    /// Every cell a hand can be in, and some it cannot.
    fn all_cells() -> Vec<Cell> {
        let mut cells = Vec::new();
        for up in Value::ALL {
            for row in 0..=23u8 {
                for kind in [HandKind::Hard, HandKind::Soft, HandKind::Pair] {
                    cells.push(Cell { kind, row, up });
                }
            }
        }
        cells
    }

    fn assert_compiled_plays_as_the_table(table: &IndexTable) {
        let compiled = Deviations::new(table);
        for cell in all_cells() {
            for tc in -20..=20 {
                for bits in 0..16u8 {
                    let legal = ActionSet::from_bits(bits);
                    assert_eq!(
                        compiled.deviation(cell, tc, legal),
                        table.deviation(cell, tc, legal),
                        "{cell:?} at {tc} with {legal:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn compiled_deviations_play_exactly_as_the_index_table() {
        assert_compiled_plays_as_the_table(&illustrious_18());
        assert_compiled_plays_as_the_table(&IndexTable::default());
        // A cell named twice (the first counts), a never-index, and both directions.
        let mut table = illustrious_18();
        let first = table.plays[0].clone();
        table.plays.push(IndexPlay {
            play: Action::Hit,
            index: Some(-3),
            direction: Direction::Below,
            ..first.clone()
        });
        table.plays.push(IndexPlay {
            cell: Cell { kind: HandKind::Soft, row: 19, up: Value::of(6) },
            index: None,
            ..first
        });
        assert_compiled_plays_as_the_table(&table);
    }

    /// Every set of legal actions a turn can have: stand is legal on every turn.
    fn turn_legal_sets() -> impl Iterator<Item = ActionSet> {
        (0..16u8).map(ActionSet::from_bits).filter(|legal| legal.contains(Action::Stand))
    }

    /// The compiled tables decide every hand, up card, count and set of legal actions a turn
    /// can have as the definition does: the index table's deviation for the hand's cell where
    /// it applies and is legal, else basic strategy.
    fn assert_counter_plays_by_definition(table: &IndexTable) {
        let basic = Hard::new(hard_chart(&Rules::default()));
        let counter = Counter::new(basic.clone(), table, BetRamp::flat());
        let hands = crate::ai::lookup::tests::all_hands();
        // Beyond every index too, where the counts are clamped.
        for tc in -20..=20 {
            let at = counter.at_count(tc);
            for hand in &hands {
                for up in Value::ALL {
                    for legal in turn_legal_sets() {
                        let cell = Cell::for_hand(hand, up, legal.contains(Action::Split));
                        let by_definition = table
                            .deviation(cell, tc, legal)
                            .unwrap_or_else(|| basic.decide_hand(hand, up, legal));
                        assert_eq!(
                            at.decide_hand(hand, up, legal),
                            by_definition,
                            "{hand:?} against {up} at {tc}, legal {legal:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_compiled_counter_plays_the_index_table_by_its_definition() {
        let i18 = illustrious_18();
        assert_counter_plays_by_definition(&i18);
        assert_counter_plays_by_definition(&IndexTable::default());
        // Plays whose fallbacks need every code: double-else-stand, split, and a hit where
        // basic strategy doubles (which no chart code expresses with double legal but hit not,
        // and a table does).
        let cell = |kind, row, up| Cell { kind, row, up: Value::of(up) };
        let play = |cell, play, direction, index| IndexPlay {
            cell,
            play,
            otherwise: Action::Stand,
            direction,
            index: Some(index),
            crossing: None,
            gain_per_100: 0.0,
            gain_by_tc: Vec::new(),
        };
        let mixed = IndexTable {
            plays: vec![
                play(cell(HandKind::Soft, 19, 6), Action::Double, Direction::AtOrAbove, 1),
                play(cell(HandKind::Pair, 9, 7), Action::Split, Direction::AtOrAbove, 3),
                play(cell(HandKind::Hard, 11, 6), Action::Hit, Direction::Below, -9),
                play(cell(HandKind::Hard, 10, 10), Action::Double, Direction::AtOrAbove, 6),
            ],
        };
        assert_counter_plays_by_definition(&mixed);
        // One table a count from one below the lowest index to the highest.
        let counter =
            Counter::new(Hard::new(hard_chart(&Rules::default())), &mixed, BetRamp::flat());
        assert_eq!((counter.by_count.low, counter.by_count.tables.len()), (-10, 17));
    }

    #[test]
    fn the_hilo_running_count_weighs_each_value_by_its_tag() {
        let mut seen = ValueCounts::default();
        for v in [2, 3, 4, 5, 6, 6] {
            seen.add(Value::of(v));
        }
        let hilo = CountSystem::default();
        assert_eq!(hilo.running_count(&seen), 6);
        for v in [7, 8, 9, 10, 10, 1, 1] {
            seen.add(Value::of(v));
        }
        assert_eq!(hilo.running_count(&seen), 2);
        assert_eq!(hilo.running_count(&seen), crate::analysis::hilo::running_count(&seen));
    }

    /// A one-seat table whose first round leaves a running count of +6 (2,4,3,5 dealt, the
    /// seat standing on 5, the dealer drawing 6 and 2 to 17), then deals the seat 10,6 against
    /// a ten with `hole` face down; the rest of the shoe is shuffled by `seed`.
    fn sixteen_vs_ten_at_plus_five(
        hole: u8,
        seed: u64,
    ) -> crate::engine::Table<crate::engine::GameRng> {
        use crate::engine::{Card, seeded_table};
        let mut table = seeded_table(Rules::default(), 1, seed);
        let cards: Vec<Card> =
            [2, 4, 3, 5, 6, 2, 10, 10, 6, hole].into_iter().map(Card::of_value).collect();
        assert!(table.stack_next(&cards));
        table.start_round().expect("deal");
        table.act(0, Action::Stand).expect("stand on 5");
        table.play_dealer().expect("dealer to 17");
        table.start_round().expect("second deal");
        table
    }

    fn counter() -> Counter {
        let rules = Rules::default();
        Counter::new(Hard::new(hard_chart(&rules)), &illustrious_18(), BetRamp::default())
    }

    #[test]
    fn the_counter_stands_on_sixteen_against_a_ten_at_a_positive_count_and_says_why() {
        let counter = counter();
        let table = sixteen_vs_ten_at_plus_five(7, 1);
        let view = table.view(0);
        // +6 −1 (ten) +1 (six) −1 (dealer's ten) = +5 over 302 cards left: true count +0.86.
        assert_eq!(counter.seated(0).true_count(&view), 0);
        let (play, index) = counter.seated(0).decide_explained(&view);
        assert_eq!(play, Action::Stand);
        let index = index.expect("an index play");
        assert_eq!((index.chart, index.tc), (Action::Hit, 0));
        assert_eq!(index.cell.label(), "16 vs T");
        assert_eq!(counter.decide(&view), Action::Stand, "the seat plays it");
        // Basic strategy alone hits.
        assert_eq!(
            counter.decide_hand(&view.active_hand().unwrap().cards, Value::TEN, view.legal()),
            Action::Hit
        );
    }

    #[test]
    fn the_counter_decides_and_bets_from_its_view_alone() {
        let counter = counter();
        // The same cards in sight; a different face-down card and a different shoe behind.
        for (a, b) in [((7, 1), (9, 2)), ((2, 3), (10, 4))] {
            let one = sixteen_vs_ten_at_plus_five(a.0, a.1);
            let two = sixteen_vs_ten_at_plus_five(b.0, b.1);
            assert_eq!(
                counter.seated(0).decide_explained(&one.view(0)),
                counter.seated(0).decide_explained(&two.view(0))
            );
        }
        // Between rounds the bet follows the count seen: +6 over 306 cards is +1.02, the
        // ramp's second bet.
        use crate::engine::{Card, seeded_table};
        let mut table = seeded_table(Rules::default(), 1, 5);
        let cards: Vec<Card> = [2, 4, 3, 5, 6, 2].into_iter().map(Card::of_value).collect();
        assert!(table.stack_next(&cards));
        assert_eq!(counter.seated(0).next_bet(&table.view(0)), (1, 0), "a fresh shoe");
        table.start_round().expect("deal");
        table.act(0, Action::Stand).expect("stand");
        table.play_dealer().expect("dealer");
        assert_eq!(counter.seated(0).next_bet(&table.view(0)), (BetRamp::default().bet(1), 1));
    }
}
