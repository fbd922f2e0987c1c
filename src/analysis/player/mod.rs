//! Expected values of the player's actions for one up card and shoe, exact for stand, hit
//! and double; splits by the method described on `Solver::split` ("pair cards tracked").
//!
//! Values are per initial unit bet. A hand is keyed by the cards it took from the shoe (six
//! bits a value in a `u64`), so results are shared by every hand of that composition.

use crate::engine::Action;

mod solver;
mod split;
mod state;

pub use solver::Solver;

/// The EV of each action for one hand (`None` where the action is not allowed).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct HandEvs {
    /// Stand now (a natural is paid as one).
    pub stand: f64,
    /// Hit, then play the best hit/stand for the exact composition.
    pub hit: Option<f64>,
    /// Double: one card, stake two.
    pub double: Option<f64>,
    /// Split, then play each hand as well as the method allows.
    pub split: Option<f64>,
}

impl HandEvs {
    /// The EV of one action, if allowed.
    pub fn get(&self, action: Action) -> Option<f64> {
        match action {
            Action::Stand => Some(self.stand),
            Action::Hit => self.hit,
            Action::Double => self.double,
            Action::Split => self.split,
        }
    }

    /// The allowed actions with their EVs, best first.
    pub fn ranked(&self) -> Vec<(Action, f64)> {
        let mut all: Vec<(Action, f64)> =
            Action::ALL.into_iter().filter_map(|a| self.get(a).map(|ev| (a, ev))).collect();
        all.sort_by(|a, b| b.1.total_cmp(&a.1));
        all
    }

    /// The best action and its EV.
    pub fn best(&self) -> (Action, f64) {
        self.ranked()[0]
    }
}

/// Which game the EVs are for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Game {
    /// This variant: the dealer's face-down card is not looked at until the players are done,
    /// so a dealer natural takes every stake, doubles and splits included.
    #[default]
    NoHoleCard,
    /// The American peek game (analysis only, for comparison): under an ace or a ten the
    /// dealer checks for a natural before anyone plays; a natural takes only the original bet.
    Peek,
}

/// Where the hand stands in the round: it changes what is allowed and how a 21 is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HandContext {
    /// The hand came from a split (a two-card 21 is not a natural; doubling needs DAS).
    pub from_split: bool,
    /// The hand is a split ace.
    pub split_aces: bool,
    /// Hands the seat holds now (1 before any split).
    pub hands: u8,
}

impl HandContext {
    /// A round's first hand, before any split.
    pub const FIRST: HandContext = HandContext { from_split: false, split_aces: false, hands: 1 };
}

#[cfg(test)]
mod tests;
