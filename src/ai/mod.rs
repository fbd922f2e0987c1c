//! AI seats: strategies handed a [`SeatView`] (no face-down card, no shoe order) that answer
//! with a legal action; the same ones fill the seats in play and drive `crate::sim`.

mod counter;
mod easy;
mod hard;
mod lookup;
mod normal;

pub use counter::{AtCount, CountSystem, Counter, CounterSeat, IndexMove};
pub use easy::Easy;
pub use hard::Hard;
pub use normal::{NORMAL_CHART_TEXT, Normal};

use rand::Rng;

use crate::analysis::chart::Chart;
use crate::analysis::deviation::IndexTable;
use crate::analysis::hilo::BetRamp;
use crate::engine::{
    Action, ActionError, ActionSet, Cards, Event, EventSink, Rules, SeatView, Table, Value,
};

/// The level of an AI seat (or the strategy the simulator plays).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    /// Hits below 17, otherwise stands.
    Easy,
    /// A common multi-deck basic-strategy table.
    Normal,
    /// The exact basic strategy of the loaded variant.
    Hard,
    /// The hard seat plus the Hi-Lo count: this game's index plays and a bet ramp.
    Counter,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Normal, Level::Hard, Level::Counter];

    /// The lower-case name: `easy`, `normal`, `hard`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
            Level::Counter => "counter",
        }
    }

    /// What the level plays, in a few words.
    pub const fn describe(self) -> &'static str {
        match self {
            Level::Easy => "hits below 17, otherwise stands",
            Level::Normal => "a common multi-deck basic-strategy table",
            Level::Hard => "the exact basic strategy of the loaded variant",
            Level::Counter => {
                "the hard seat counting cards (Hi-Lo unless --count names another): the count's \
                 index plays for this game and a bet ramp"
            }
        }
    }
}

/// A way of playing a hand. Synchronous and pure: the same view gives the same action.
pub trait Strategy {
    /// The action for one hand: its cards, the dealer's up-card value and the
    /// actions legal for it now. Returns a member of `legal` whenever `legal` is not empty.
    fn decide_hand(&self, cards: &Cards, up: Value, legal: ActionSet) -> Action;

    /// The action for the view's active hand, always one of `view.legal()`. When it is not
    /// this seat's turn (no active hand, nothing legal) the answer is [`Action::Stand`], which
    /// the engine refuses without changing anything.
    #[inline(always)]
    fn decide(&self, view: &SeatView<'_>) -> Action {
        match (view.active_hand(), view.dealer_up()) {
            (Some(hand), Some(up)) => self.decide_hand(&hand.cards, up.value(), view.legal()),
            _ => Action::Stand,
        }
    }
}

/// The strategy of a [`Level`], as one value a seat can hold (no boxing; `match` dispatch).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnyStrategy {
    /// [`Level::Easy`].
    Easy(Easy),
    /// [`Level::Normal`].
    Normal(Normal),
    /// [`Level::Hard`].
    Hard(Hard),
    /// [`Level::Counter`].
    Counter(Box<Counter>),
}

impl AnyStrategy {
    /// The strategy that plays `level` under `rules` (the hard one uses [`hard_chart`]; the
    /// counter also this game's index table, which takes seconds, and the default ramp).
    pub fn for_level(level: Level, rules: &Rules) -> AnyStrategy {
        match level {
            Level::Hard => AnyStrategy::Hard(Hard::new(hard_chart(rules))),
            Level::Counter => AnyStrategy::counter(
                &hard_chart(rules),
                &crate::analysis::indices::index_table(rules),
                BetRamp::default(),
            ),
            _ => AnyStrategy::with_chart(level, &Chart::default()),
        }
    }

    /// The counter playing `hard_chart` with the index plays of `indices` read at `system`'s
    /// index count, betting `ramp`, in a shoe of `decks` decks.
    pub fn counter_counting(
        hard_chart: &Chart,
        indices: &IndexTable,
        ramp: BetRamp,
        system: &crate::analysis::counts::CountSystem,
        decks: u8,
    ) -> AnyStrategy {
        AnyStrategy::Counter(Box::new(
            Counter::new(Hard::new(hard_chart.clone()), indices, ramp)
                .with_system(system.clone(), decks),
        ))
    }

    /// The counter playing `hard_chart` with the index plays of `indices`, betting `ramp`.
    pub fn counter(hard_chart: &Chart, indices: &IndexTable, ramp: BetRamp) -> AnyStrategy {
        AnyStrategy::Counter(Box::new(Counter::new(Hard::new(hard_chart.clone()), indices, ramp)))
    }

    /// The strategy that plays `level`, the hard one (and the counter, with no index plays
    /// yet and the default ramp) playing `hard_chart`, worked out already.
    pub fn with_chart(level: Level, hard_chart: &Chart) -> AnyStrategy {
        match level {
            Level::Easy => AnyStrategy::Easy(Easy),
            Level::Normal => AnyStrategy::Normal(Normal::new()),
            Level::Hard => AnyStrategy::Hard(Hard::new(hard_chart.clone())),
            Level::Counter => {
                AnyStrategy::counter(hard_chart, &IndexTable::default(), BetRamp::default())
            }
        }
    }

    /// The level this strategy plays.
    pub fn level(&self) -> Level {
        match self {
            AnyStrategy::Easy(_) => Level::Easy,
            AnyStrategy::Normal(_) => Level::Normal,
            AnyStrategy::Hard(_) => Level::Hard,
            AnyStrategy::Counter(_) => Level::Counter,
        }
    }
}

impl Strategy for AnyStrategy {
    fn decide_hand(&self, cards: &Cards, up: Value, legal: ActionSet) -> Action {
        match self {
            AnyStrategy::Easy(s) => s.decide_hand(cards, up, legal),
            AnyStrategy::Normal(s) => s.decide_hand(cards, up, legal),
            AnyStrategy::Hard(s) => s.decide_hand(cards, up, legal),
            AnyStrategy::Counter(s) => s.decide_hand(cards, up, legal),
        }
    }

    fn decide(&self, view: &SeatView<'_>) -> Action {
        match self {
            AnyStrategy::Counter(s) => s.decide(view),
            _ => match (view.active_hand(), view.dealer_up()) {
                (Some(hand), Some(up)) => self.decide_hand(&hand.cards, up.value(), view.legal()),
                _ => Action::Stand,
            },
        }
    }
}

/// The chart the hard seat plays under `rules`, the variant's exact basic strategy: the one
/// place it is made.
pub fn hard_chart(rules: &Rules) -> Chart {
    crate::analysis::basic_strategy(rules).chart.clone()
}

/// One decision taken at a table: the seat and hand that acted, and what they did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    /// The seat that acted.
    pub seat: usize,
    /// Its hand that acted.
    pub hand: usize,
    /// The action taken.
    pub action: Action,
}

/// Plays one decision of the hand to act at `table` with `strategy`, seeing only that seat's
/// view (the nearest legal action): the one driver of AI play. `None` when no hand is to act.
#[inline(always)]
pub fn take_turn<'t, R: Rng, L: EventSink, S: Strategy + ?Sized>(
    table: &'t mut Table<R, L>,
    strategy: &S,
) -> Option<Result<(Turn, &'t [Event]), ActionError>> {
    let (seat, hand) = table.active()?;
    let view = table.view(seat);
    let action = legal_or_fallback(strategy.decide(&view), view.legal());
    Some(table.act(seat, action).map(|events| (Turn { seat, hand, action }, events)))
}

/// The legal action nearest to `wanted`: itself if legal, else stand, else the first legal
/// action (stand is legal on every turn, so the last case is only a guard).
#[inline(always)]
pub(crate) fn legal_or_fallback(wanted: Action, legal: ActionSet) -> Action {
    if legal.contains(wanted) {
        wanted
    } else if legal.contains(Action::Stand) || legal.is_empty() {
        Action::Stand
    } else {
        legal.iter().next().unwrap_or(Action::Stand)
    }
}

#[cfg(test)]
mod tests;
