//! The drill generator: deals hands of one kind, built for a chosen chart cell, against up
//! cards as a shoe deals them.

use rand::{Rng, RngExt};

use crate::analysis::chart::{Cell, Chart, HandKind};
use crate::engine::legal::{self, SeatSpot};
use crate::engine::{ActionSet, Card, Cards, PlayerHand, Rank, Rules, Suit, Value};
use crate::trainer::tally::Tally;

/// A cell is retired from the `mistakes` drill after this many right answers in a row.
pub const RETIRE_AFTER: u32 = 3;

/// What a drill deals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrillKind {
    /// Hard totals.
    Hard,
    /// Soft totals.
    Soft,
    /// Pairs.
    Pairs,
    /// Hands where doubling is the question.
    Doubles,
    /// Any hand.
    All,
    /// The cells this person misses most.
    Mistakes,
    /// The cells due today on the spaced-practice schedule ([`super::schedule`]).
    Due,
    /// The Hi-Lo running-count quiz.
    Count,
    /// A deck (or several) turned over; the running count at the end.
    Countdown,
    /// Two or more cards at once → their net count (pairs that cancel).
    Cancel,
    /// Running count and decks left → the true count.
    TrueCount,
    /// The discard tray → the decks left.
    Decks,
    /// The true count → the bet under the ramp.
    Ramp,
    /// This game's index plays at a true count.
    Deviations,
    /// The cells where this game's chart differs from the American peek game's.
    NoHoleCard,
}

impl DrillKind {
    /// Every kind, in menu order.
    pub const ALL: [DrillKind; 15] = [
        DrillKind::Hard,
        DrillKind::Soft,
        DrillKind::Pairs,
        DrillKind::Doubles,
        DrillKind::All,
        DrillKind::Mistakes,
        DrillKind::Due,
        DrillKind::Count,
        DrillKind::Countdown,
        DrillKind::Cancel,
        DrillKind::TrueCount,
        DrillKind::Decks,
        DrillKind::Ramp,
        DrillKind::Deviations,
        DrillKind::NoHoleCard,
    ];

    /// The name on the command line: `hard`, `soft`, `true-count`, ….
    pub const fn name(self) -> &'static str {
        match self {
            DrillKind::Hard => "hard",
            DrillKind::Soft => "soft",
            DrillKind::Pairs => "pairs",
            DrillKind::Doubles => "doubles",
            DrillKind::All => "all",
            DrillKind::Mistakes => "mistakes",
            DrillKind::Due => "due",
            DrillKind::Count => "count",
            DrillKind::Countdown => "countdown",
            DrillKind::Cancel => "cancel",
            DrillKind::TrueCount => "true-count",
            DrillKind::Decks => "decks",
            DrillKind::Ramp => "ramp",
            DrillKind::Deviations => "deviations",
            DrillKind::NoHoleCard => "no-hole-card",
        }
    }

    /// What it practises where the count in use is not known (`--help`): `hard totals`, `the
    /// running count, in your count`.
    pub const fn describe(self) -> &'static str {
        match self {
            DrillKind::Hard => "hard totals",
            DrillKind::Soft => "soft totals",
            DrillKind::Pairs => "pairs",
            DrillKind::Doubles => "doubling decisions",
            DrillKind::All => "any hand",
            DrillKind::Mistakes => "the cells you miss most",
            DrillKind::Due => "the cells due today",
            DrillKind::Count => "the running count, in your count",
            DrillKind::Countdown => "a deck countdown, in your count",
            DrillKind::Cancel => "pairs that cancel, in your count",
            DrillKind::TrueCount => "true-count conversion, in your count",
            DrillKind::Decks => "estimating the decks left",
            DrillKind::Ramp => "betting by your count's ramp",
            DrillKind::Deviations => "this game's index plays, in your count",
            DrillKind::NoHoleCard => "cells unlike the peek chart",
        }
    }

    /// What it practises, naming the `count` kept for a drill of the count: `the Zen running
    /// count`, `a deck countdown in Zen`.
    pub fn describe_in(self, count: &str) -> String {
        match self {
            DrillKind::Count => format!("the {count} running count"),
            DrillKind::Countdown => format!("a deck countdown in {count}"),
            DrillKind::Cancel => format!("pairs that cancel in {count}"),
            DrillKind::TrueCount => format!("{count} true-count conversion"),
            DrillKind::Ramp => format!("betting by the {count} ramp"),
            DrillKind::Deviations => format!("this game's index plays in {count}"),
            other => other.describe().to_owned(),
        }
    }

    /// Its line in the table's drill chooser (the course names it): [`DrillKind::describe_in`],
    /// the deviations drill naming its default set (`this game's top 18 index plays in Zen`).
    pub fn chooser_label(self, count: &str) -> String {
        match self {
            DrillKind::Deviations => format!(
                "{} in {count}",
                crate::trainer::drills::counting::IndexSet::GameI18.describe()
            ),
            other => other.describe_in(count),
        }
    }

    /// Whether the drill asks for chart decisions.
    pub const fn is_decision(self) -> bool {
        matches!(
            self,
            DrillKind::Hard
                | DrillKind::Soft
                | DrillKind::Pairs
                | DrillKind::Doubles
                | DrillKind::All
                | DrillKind::Mistakes
                | DrillKind::Due
                | DrillKind::NoHoleCard
        )
    }
}

/// The actions legal for a fresh two-card hand under `rules`: what a question takes.
pub fn fresh_hand_actions(rules: &Rules, cards: &Cards) -> ActionSet {
    let hand = PlayerHand { cards: *cards, ..PlayerHand::default() };
    legal::legal_actions(rules, &hand, SeatSpot::unlimited(1))
}

/// One drill question: a two-card hand and the dealer's up card.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    /// The cell the hand was built for.
    pub cell: Cell,
    /// The player's two cards.
    pub cards: Cards,
    /// The dealer's up card.
    pub up: Card,
}

impl Question {
    /// A question on `cell`: a two-card hand that makes it, and an up card of its value.
    pub fn dealt<R: Rng + ?Sized>(rng: &mut R, cell: Cell) -> Question {
        Question {
            cell,
            cards: build_hand(rng, cell.kind, cell.row),
            up: random_card(rng, cell.up),
        }
    }
}

/// Rows (with their table) that a drill of `kind` may ask about (`Mistakes` and `Due`: `All`'s).
pub fn rows(kind: DrillKind) -> Vec<(HandKind, u8)> {
    let hard = (8..=17).map(|r| (HandKind::Hard, r));
    let soft = (13..=20).map(|r| (HandKind::Soft, r));
    let pairs = (1..=10).map(|r| (HandKind::Pair, r));
    match kind {
        DrillKind::Hard => hard.collect(),
        DrillKind::Soft => soft.collect(),
        DrillKind::Pairs => pairs.collect(),
        DrillKind::Doubles => (8..=11)
            .map(|r| (HandKind::Hard, r))
            .chain((13..=19).map(|r| (HandKind::Soft, r)))
            .collect(),
        _ => hard.chain(soft).chain(pairs).collect(),
    }
}

/// Up-card values weighted as they come out of a shoe: 1 (ace) … 9 once each, 10 four times.
fn realistic_up<R: Rng + ?Sized>(rng: &mut R) -> Value {
    match rng.random_range(0..13u8) {
        n @ 0..=8 => Value::ALL[usize::from(n)],
        _ => Value::TEN,
    }
}

/// A card of `value`, its suit (and a ten's rank) at random.
pub(crate) fn random_card<R: Rng + ?Sized>(rng: &mut R, value: Value) -> Card {
    let rank = if value == Value::TEN {
        Rank::ALL[rng.random_range(9..13usize)]
    } else {
        Rank::ALL[value.index()]
    };
    Card::new(rank, Suit::ALL[rng.random_range(0..4usize)])
}

/// Two cards that make `row` of `kind` (a hard total of two different non-ace values).
pub fn build_hand<R: Rng + ?Sized>(rng: &mut R, kind: HandKind, row: u8) -> Cards {
    let (a, b) = match kind {
        HandKind::Pair => (row, row),
        HandKind::Soft => (1, row.saturating_sub(11).clamp(1, 10)),
        HandKind::Hard => {
            let options: Vec<(u8, u8)> = (2..=10u8)
                .filter_map(|a| row.checked_sub(a).filter(|&b| b > a && b <= 10).map(|b| (a, b)))
                .collect();
            if options.is_empty() {
                (row.saturating_sub(10).max(2), 10)
            } else {
                options[rng.random_range(0..options.len())]
            }
        }
    };
    let (a, b) = (Value::clamped(a), Value::clamped(b));
    let (first, second) = (random_card(rng, a), random_card(rng, b));
    if rng.random::<bool>() {
        Cards::from_cards(&[first, second])
    } else {
        Cards::from_cards(&[second, first])
    }
}

/// The drillable printed cells where `here` (this game's chart) and `peek` (the American
/// peek game's) prefer different plays, in chart order: the no-hole-card drill's.
pub fn peek_differences(here: &Chart, peek: &Chart) -> Vec<Cell> {
    Chart::printed_cells()
        .filter(|&cell| drillable(cell))
        .filter(|&cell| here.get(cell).preferred() != peek.get(cell).preferred())
        .collect()
}

/// Deals drill questions of one kind.
#[derive(Debug, Clone)]
pub struct DrillDealer {
    kind: DrillKind,
    rows: Vec<(HandKind, u8)>,
    /// The one cell asked about ("practise this" from the review), if so.
    only: Option<Cell>,
    /// The cells asked about, each as often (the no-hole-card drill), if so.
    cells: Vec<Cell>,
}

impl DrillDealer {
    /// A dealer of `kind` questions (the no-hole-card cells come from [`DrillDealer::of_cells`]).
    pub fn new(kind: DrillKind) -> DrillDealer {
        DrillDealer { kind, rows: rows(kind), only: None, cells: Vec::new() }
    }

    /// A dealer of `kind` questions about the drillable `cells`, each as often; `None` if none.
    pub fn of_cells(kind: DrillKind, cells: &[Cell]) -> Option<DrillDealer> {
        let cells: Vec<Cell> = cells.iter().copied().filter(|&c| drillable(c)).collect();
        (!cells.is_empty()).then(|| DrillDealer { cells, ..DrillDealer::new(kind) })
    }

    /// The cells this dealer asks about, if it was given some ([`DrillDealer::of_cells`]).
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// A dealer that asks about `cell` only, in its table's drill kind; `None` if not drillable.
    pub fn for_cell(cell: Cell) -> Option<DrillDealer> {
        let kind = match cell.kind {
            HandKind::Hard => DrillKind::Hard,
            HandKind::Soft => DrillKind::Soft,
            HandKind::Pair => DrillKind::Pairs,
        };
        drillable(cell).then(|| DrillDealer { only: Some(cell), ..DrillDealer::new(kind) })
    }

    /// What it deals.
    pub fn kind(&self) -> DrillKind {
        self.kind
    }

    /// The next question. `Mistakes` draws cells by how often `history` misses them (retired
    /// after [`RETIRE_AFTER`] right in a row), else any hand.
    pub fn next<R: Rng + ?Sized>(&self, rng: &mut R, history: &Tally) -> Question {
        let cell = self
            .only
            .or_else(|| {
                (!self.cells.is_empty()).then(|| self.cells[rng.random_range(0..self.cells.len())])
            })
            .or_else(|| {
                (self.kind == DrillKind::Mistakes).then(|| weighted_mistake(rng, history)).flatten()
            })
            .unwrap_or_else(|| {
                let (kind, row) = self.rows[rng.random_range(0..self.rows.len())];
                let up = realistic_up(rng);
                Cell { kind, row, up }
            });
        Question::dealt(rng, cell)
    }
}

/// Every cell a drill of `kind` deals: its rows against every up card (`All`'s are the
/// course's "every cell drilled"; hard 5–7 and 18–19 are drillable only from the review).
pub fn dealt_cells(kind: DrillKind) -> impl Iterator<Item = Cell> {
    rows(kind).into_iter().flat_map(|(kind, row)| Value::ALL.map(|up| Cell { kind, row, up }))
}

/// Whether a two-card hand makes `cell` (hard 5–19, soft 13–20, every pair).
pub fn drillable(cell: Cell) -> bool {
    match cell.kind {
        HandKind::Hard => (5..=19).contains(&cell.row),
        HandKind::Soft => (13..=20).contains(&cell.row),
        HandKind::Pair => true,
    }
}

/// The missed cells still in play, each weighted by its (smoothed) error rate times its misses.
pub fn mistake_weights(history: &Tally) -> Vec<(Cell, f64)> {
    history
        .cells
        .iter()
        .filter(|(_, rec)| rec.wrong > 0 && rec.streak < RETIRE_AFTER)
        .filter_map(|(key, rec)| {
            let cell = Cell::from_key(key).filter(|&c| drillable(c))?;
            let rate = (rec.wrong as f64 + 1.0) / (rec.decisions as f64 + 2.0);
            Some((cell, rate * rec.wrong as f64))
        })
        .collect()
}

fn weighted_mistake<R: Rng + ?Sized>(rng: &mut R, history: &Tally) -> Option<Cell> {
    let weights = mistake_weights(history);
    let total: f64 = weights.iter().map(|(_, w)| w).sum();
    if total <= 0.0 {
        return None;
    }
    let mut pick = rng.random::<f64>() * total;
    for (cell, w) in &weights {
        if pick < *w {
            return Some(*cell);
        }
        pick -= w;
    }
    weights.last().map(|(c, _)| *c)
}

#[cfg(test)]
mod tests {
    use super::*;

    impl DrillKind {
        /// Whether what it asks depends on the count kept: the drills of the count, not of
        /// the chart or the tray.
        const fn counts(self) -> bool {
            matches!(
                self,
                DrillKind::Count
                    | DrillKind::Countdown
                    | DrillKind::Cancel
                    | DrillKind::TrueCount
                    | DrillKind::Ramp
                    | DrillKind::Deviations
            )
        }
    }

    /// A drill of the count names the count in use wherever it is described (the chooser, the
    /// course's "what to do next", a drill's header); `--help`, which runs before any count
    /// is chosen, says "your count", never a count the learner may not keep.
    #[test]
    fn a_drill_of_the_count_names_the_count_in_use() {
        for kind in DrillKind::ALL {
            let zen = kind.describe_in("Zen");
            let label = kind.chooser_label("Zen");
            assert_eq!(kind.counts(), zen.contains("Zen"), "{kind:?}: {zen}");
            assert_eq!(kind.counts(), label.contains("Zen"), "{kind:?}: {label}");
            assert!(!kind.describe().contains("Hi-Lo"), "{kind:?}");
            assert!(!zen.contains("Hi-Lo"), "{kind:?}: {zen}");
        }
        assert_eq!(DrillKind::Count.describe_in("Zen"), "the Zen running count");
        assert_eq!(
            DrillKind::Deviations.chooser_label("KO"),
            "this game's top 18 index plays in KO"
        );
    }
    use crate::analysis::chart::Cell;
    use crate::engine::GameRng;
    use crate::trainer::tally::CellRecord;
    use rand::SeedableRng;

    #[test]
    fn drills_deal_only_the_requested_kind() {
        let mut rng = GameRng::seed_from_u64(5);
        let history = Tally::default();
        for (kind, want) in [
            (DrillKind::Hard, Some(HandKind::Hard)),
            (DrillKind::Soft, Some(HandKind::Soft)),
            (DrillKind::Pairs, Some(HandKind::Pair)),
            (DrillKind::Doubles, None),
        ] {
            let dealer = DrillDealer::new(kind);
            for _ in 0..500 {
                let q = dealer.next(&mut rng, &history);
                assert_eq!(q.cards.len(), 2);
                assert_eq!(q.up.value(), q.cell.up);
                // The hand really is what the cell says.
                assert_eq!(Cell::for_hand(&q.cards, q.cell.up, true), q.cell, "{:?}", q.cards);
                match want {
                    Some(kind) => assert_eq!(q.cell.kind, kind),
                    None => assert!(matches!(
                        (q.cell.kind, q.cell.row),
                        (HandKind::Hard, 8..=11) | (HandKind::Soft, 13..=19)
                    )),
                }
            }
        }
    }

    #[test]
    fn up_cards_are_realistic() {
        let mut rng = GameRng::seed_from_u64(9);
        let dealer = DrillDealer::new(DrillKind::All);
        let tens =
            (0..13_000).filter(|_| dealer.next(&mut rng, &Tally::default()).cell.up == 10).count();
        assert!((3600..4400).contains(&tens), "tens = {tens}");
    }

    #[test]
    fn mistakes_drill_follows_the_misses_and_retires_learned_cells() {
        let mut history = Tally::default();
        history.cells.insert(
            "hard:16:T".into(),
            CellRecord { decisions: 10, wrong: 8, streak: 0, ..CellRecord::default() },
        );
        history.cells.insert(
            "soft:18:9".into(),
            CellRecord { decisions: 10, wrong: 1, streak: 0, ..CellRecord::default() },
        );
        history.cells.insert(
            "pair:9:7".into(),
            CellRecord { decisions: 10, wrong: 5, streak: 3, ..CellRecord::default() },
        );
        let dealer = DrillDealer::new(DrillKind::Mistakes);
        let mut rng = GameRng::seed_from_u64(1);
        let mut counts = std::collections::HashMap::new();
        for _ in 0..2000 {
            *counts.entry(dealer.next(&mut rng, &history).cell.key()).or_insert(0) += 1;
        }
        let hard16 = counts.get("hard:16:T").copied().unwrap_or(0);
        let soft18 = counts.get("soft:18:9").copied().unwrap_or(0);
        assert!(hard16 > 10 * soft18, "hard 16 {hard16} vs soft 18 {soft18}");
        assert!(soft18 > 0);
        assert_eq!(counts.get("pair:9:7"), None, "a retired cell is not asked");
        // Nothing missed: any hand.
        let q = dealer.next(&mut rng, &Tally::default());
        assert_eq!(q.cards.len(), 2);
    }

    #[test]
    fn the_peek_differences_are_the_dealable_cells_whose_plays_differ() {
        use crate::analysis::chart::Code;
        let here = Chart::default();
        let mut peek = here.clone();
        let eleven = Cell { kind: HandKind::Hard, row: 11, up: Value::of(10) };
        let eights = Cell { kind: HandKind::Pair, row: 8, up: Value::of(1) };
        let twenty_one = Cell { kind: HandKind::Hard, row: 21, up: Value::of(5) };
        peek.set(eleven, Code::D);
        peek.set(eights, Code::P);
        // Double-or-hit against hit: the preferred play differs too.
        peek.set(twenty_one, Code::S);
        // A cell no two cards make is left out (hard 21 is three cards at least).
        assert!(!drillable(twenty_one));
        assert_eq!(peek_differences(&here, &peek), [eleven, eights]);
        assert!(peek_differences(&here, &here).is_empty());
    }

    #[test]
    fn a_dealer_of_cells_asks_only_those_each_as_often() {
        let cells = [
            Cell { kind: HandKind::Hard, row: 11, up: Value::of(10) },
            Cell { kind: HandKind::Pair, row: 8, up: Value::of(10) },
            Cell { kind: HandKind::Pair, row: 1, up: Value::of(1) },
            // Not dealt: no two cards make it.
            Cell { kind: HandKind::Hard, row: 21, up: Value::of(1) },
        ];
        let dealer = DrillDealer::of_cells(DrillKind::NoHoleCard, &cells).expect("cells");
        assert_eq!(dealer.cells(), &cells[..3]);
        let mut rng = GameRng::seed_from_u64(2);
        let mut counts = std::collections::HashMap::new();
        for _ in 0..3_000 {
            let q = dealer.next(&mut rng, &Tally::default());
            assert_eq!(Cell::for_hand(&q.cards, q.up.value(), true), q.cell);
            *counts.entry(q.cell).or_insert(0) += 1;
        }
        assert_eq!(counts.len(), 3, "{counts:?}");
        assert!(counts.values().all(|&n| (900..1100).contains(&n)), "{counts:?}");
        assert!(DrillDealer::of_cells(DrillKind::NoHoleCard, &cells[3..]).is_none());
    }
}
