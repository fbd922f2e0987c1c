//! What the exact EVs of one decision depend on, as a value: an [`EvQuery`] is a cache key and
//! a job another thread can run. Grading takes the full shoe less the hand and the up card, so
//! a decision is judged by basic strategy, not by the count ([`EvQuery::basic`]); the live EV
//! panel takes out every card seen since the shuffle ([`EvQuery::live`]).

use crate::analysis::chart::{Cell, Chart};
use crate::analysis::{HandContext, HandEvs, hand_evs};
use crate::engine::{Action, ActionSet, Cards, PlayerHand, Rules, SeatView, Value, ValueCounts};

use super::drills::kinds::Question;

/// One decision's inputs to the exact analysis.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EvQuery {
    /// The hand's card values.
    pub hand: Vec<Value>,
    /// The dealer's up-card value.
    pub up: Value,
    /// The cards left in the shoe, the hand and the up card already taken out.
    pub left: ValueCounts,
    /// The hand came from a split.
    pub from_split: bool,
    /// The hand is a split ace.
    pub split_aces: bool,
    /// Hands the seat holds now (1 before any split).
    pub hands: u8,
}

fn values(cards: &Cards) -> Vec<Value> {
    cards.as_slice().iter().map(|c| c.value()).collect()
}

fn context(view: &SeatView<'_>, hand: &PlayerHand) -> HandContext {
    HandContext {
        from_split: hand.from_split,
        split_aces: hand.split_aces,
        hands: u8::try_from(view.own_hand_count()).unwrap_or(4),
    }
}

impl EvQuery {
    /// For grading against basic strategy: the full shoe less `hand` and `up`.
    pub fn basic(rules: &Rules, hand: Vec<Value>, up: Value, ctx: HandContext) -> EvQuery {
        let mut left = ValueCounts::full_shoe(rules.decks);
        for &v in hand.iter().chain(std::iter::once(&up)) {
            left.remove(v);
        }
        EvQuery {
            hand,
            up,
            left,
            from_split: ctx.from_split,
            split_aces: ctx.split_aces,
            hands: ctx.hands,
        }
    }

    /// For grading the seat's active hand at the table (`None` when it has none to act on).
    pub fn table_basic(rules: &Rules, view: &SeatView<'_>) -> Option<EvQuery> {
        let hand = view.active_hand()?;
        let up = view.dealer_up()?.value();
        Some(EvQuery::basic(rules, values(&hand.cards), up, context(view, hand)))
    }

    /// For a drill question: a first decision on a fresh two-card hand.
    pub fn question(rules: &Rules, question: &Question) -> EvQuery {
        let ctx = HandContext { hands: 1, ..HandContext::default() };
        EvQuery::basic(rules, values(&question.cards), question.up.value(), ctx)
    }

    /// For the live EV panel: the seat's active hand, every card seen taken out of the shoe.
    pub fn live(rules: &Rules, view: &SeatView<'_>) -> Option<EvQuery> {
        let hand = view.active_hand()?;
        let up = view.dealer_up()?.value();
        let mut left = ValueCounts::full_shoe(rules.decks);
        for v in Value::ALL {
            for _ in 0..view.seen().get(v) {
                left.remove(v);
            }
        }
        Some(EvQuery {
            left,
            ..EvQuery::basic(rules, values(&hand.cards), up, context(view, hand))
        })
    }

    /// The hand's place in the round, as the analysis takes it.
    pub fn context(&self) -> HandContext {
        HandContext { from_split: self.from_split, split_aces: self.split_aces, hands: self.hands }
    }

    /// The exact EV of every action (a few milliseconds; tens for some split hands).
    pub fn compute(&self, rules: &Rules) -> HandEvs {
        hand_evs(rules, &self.hand, self.up, &self.left, self.context())
    }
}

/// The live EV panel's content for one hand.
#[derive(Debug, Clone, PartialEq)]
pub struct LiveEvs {
    /// Legal actions with their EVs for the shoe as it is, best first.
    pub ranked: Vec<(Action, f64)>,
    /// The basic-strategy action for this hand.
    pub basic: Action,
    /// The chart cell.
    pub cell: Cell,
}

impl LiveEvs {
    /// The panel for the seat's active hand from its computed `evs` (`None` without one).
    pub fn new(evs: &HandEvs, chart: &Chart, view: &SeatView<'_>) -> Option<LiveEvs> {
        let hand = view.active_hand()?;
        let up = view.dealer_up()?.value();
        let legal = view.legal();
        let (cell, basic) = chart.advise(&hand.cards, up, legal);
        Some(LiveEvs { ranked: ranked_legal(evs, legal), basic, cell })
    }

    /// The action the shoe as it is prefers, when it differs from basic strategy.
    pub fn shoe_differs(&self) -> Option<Action> {
        self.ranked.first().map(|&(best, _)| best).filter(|&best| best != self.basic)
    }
}

/// The legal actions with their EVs, best first.
pub fn ranked_legal(evs: &HandEvs, legal: ActionSet) -> Vec<(Action, f64)> {
    evs.ranked().into_iter().filter(|(a, _)| legal.contains(*a)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Card, Cards, seeded_table};

    #[test]
    fn the_basic_shoe_takes_out_the_hand_and_up_card_only() {
        let rules = Rules::default();
        let q = EvQuery::basic(
            &rules,
            vec![Value::TEN, Value::of(6)],
            Value::TEN,
            HandContext::default(),
        );
        let full = ValueCounts::full_shoe(rules.decks);
        assert_eq!(q.left.get(Value::of(10)), full.get(Value::of(10)) - 2);
        assert_eq!(q.left.get(Value::of(6)), full.get(Value::of(6)) - 1);
        assert_eq!(q.left.total(), full.total() - 3);
        let evs = q.compute(&rules);
        assert!(evs.stand < 0.0 && evs.hit.is_some());
    }

    #[test]
    fn a_drill_question_is_a_first_decision() {
        let rules = Rules::default();
        let question = Question {
            cell: Cell::for_hand(&Cards::from_values(&[8, 8].map(Value::of)), Value::of(6), true),
            cards: Cards::from_values(&[8, 8].map(Value::of)),
            up: Card::of_value(6),
        };
        let q = EvQuery::question(&rules, &question);
        assert_eq!(q.hand, [Value::of(8); 2]);
        assert_eq!((q.up, q.hands), (Value::of(6), 1));
        assert!(!q.from_split && !q.split_aces);
        assert!(q.compute(&rules).split.is_some());
    }

    #[test]
    fn the_live_shoe_takes_out_every_card_seen() {
        let rules = Rules::default();
        let mut table = seeded_table(rules.clone(), 1, 3);
        let c = Card::of_value;
        assert!(table.stack_next(&[c(10), c(6), c(2), c(9)]));
        table.start_round().expect("deal");
        let view = table.view(0);
        let live = EvQuery::live(&rules, &view).expect("your turn");
        let basic = EvQuery::table_basic(&rules, &view).expect("your turn");
        // Seen: 10 and 2 (yours), 6 (up). The face-down 9 is not seen.
        assert_eq!(live.left, basic.left);
        assert_eq!(
            live.left.get(Value::of(9)),
            ValueCounts::full_shoe(rules.decks).get(Value::of(9))
        );
        let panel = LiveEvs::new(&live.compute(&rules), &Chart::default(), &view).expect("hand");
        assert_eq!(panel.ranked.len(), 3, "hit, stand, double: {panel:?}");
        assert!(panel.ranked.windows(2).all(|w| w[0].1 >= w[1].1));
    }
}
