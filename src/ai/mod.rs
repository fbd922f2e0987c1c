//! AI seats: strategies that see only what a player at the table may see.
//!
//! A [`Strategy`] is handed a [`SeatView`], which by construction holds no face-down card and
//! no shoe order, and answers with one of the view's legal actions. The same strategies fill
//! the empty seats in play and drive the headless simulator ([`crate::sim`]).

mod easy;
mod hard;
mod lookup;
mod normal;

pub use easy::Easy;
pub use hard::Hard;
pub use normal::{NORMAL_CHART_TEXT, Normal};

use crate::analysis::chart::Chart;
use crate::cli::Level;
use crate::engine::{Action, ActionSet, Cards, Rules, SeatView};

/// A way of playing a hand. Synchronous and pure: the same view gives the same action.
pub trait Strategy {
    /// The action for one hand: its cards, the dealer's up-card value (1 = ace … 10) and the
    /// actions legal for it now. Returns a member of `legal` whenever `legal` is not empty.
    fn decide_hand(&self, cards: &Cards, up: u8, legal: ActionSet) -> Action;

    /// The action for the view's active hand, always one of `view.legal()`. When it is not
    /// this seat's turn (no active hand, nothing legal) the answer is [`Action::Stand`], which
    /// the engine refuses without changing anything.
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
}

impl AnyStrategy {
    /// The strategy that plays `level` under `rules` (the hard one uses [`hard_chart`]).
    pub fn for_level(level: Level, rules: &Rules) -> AnyStrategy {
        match level {
            Level::Easy => AnyStrategy::Easy(Easy),
            Level::Normal => AnyStrategy::Normal(Normal::new()),
            Level::Hard => AnyStrategy::Hard(Hard::new(hard_chart(rules))),
        }
    }

    /// The level this strategy plays.
    pub fn level(&self) -> Level {
        match self {
            AnyStrategy::Easy(_) => Level::Easy,
            AnyStrategy::Normal(_) => Level::Normal,
            AnyStrategy::Hard(_) => Level::Hard,
        }
    }
}

impl Strategy for AnyStrategy {
    fn decide_hand(&self, cards: &Cards, up: u8, legal: ActionSet) -> Action {
        match self {
            AnyStrategy::Easy(s) => s.decide_hand(cards, up, legal),
            AnyStrategy::Normal(s) => s.decide_hand(cards, up, legal),
            AnyStrategy::Hard(s) => s.decide_hand(cards, up, legal),
        }
    }
}

/// The chart the hard seat plays under `rules`: the exact basic strategy of the variant.
///
/// This is the one place where the hard strategy's chart is made; the simulator and the seats
/// both call it.
pub fn hard_chart(rules: &Rules) -> Chart {
    crate::analysis::basic_strategy(rules).chart.clone()
}

/// The legal action nearest to `wanted`: itself if legal, else stand, else the first legal
/// action (stand is legal on every turn, so the last case is only a guard).
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
