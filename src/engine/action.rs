//! Player actions, the set of actions legal now, and why an action was refused.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::settle::Units;

/// What a player may do with the active hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Action {
    /// Take a card.
    Hit,
    /// Close the hand.
    Stand,
    /// Double the stake, take exactly one card, close the hand.
    Double,
    /// Split a pair into two hands.
    Split,
}

impl Action {
    /// The four actions, in the order menus show them.
    pub const ALL: [Action; 4] = [Action::Hit, Action::Stand, Action::Double, Action::Split];

    /// The lower-case name: `hit`, `stand`, `double`, `split`.
    pub const fn name(self) -> &'static str {
        ["hit", "stand", "double", "split"][self as usize]
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of actions (the legal ones, usually), as a bit set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ActionSet(u8);

impl ActionSet {
    /// No action.
    pub const EMPTY: ActionSet = ActionSet(0);

    /// Adds an action.
    #[inline]
    pub fn insert(&mut self, action: Action) {
        self.0 |= action.bit();
    }

    /// Whether the set holds `action`.
    #[inline]
    pub fn contains(self, action: Action) -> bool {
        self.0 & action.bit() != 0
    }

    /// The set as four bits, one per action (bit `i` for `Action::ALL[i]`): an index, 0–15,
    /// for tables kept per set of legal actions.
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The set of the actions whose bits (as in [`ActionSet::bits`]) are set in `bits`; bits
    /// above the fourth are ignored.
    pub const fn from_bits(bits: u8) -> ActionSet {
        ActionSet(bits & 0b1111)
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The actions in the set, in [`Action::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Action> {
        Action::ALL.into_iter().filter(move |&a| self.contains(a))
    }

    /// Number of actions in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
}

impl FromIterator<Action> for ActionSet {
    fn from_iter<I: IntoIterator<Item = Action>>(iter: I) -> Self {
        let mut set = ActionSet::EMPTY;
        for a in iter {
            set.insert(a);
        }
        set
    }
}

/// Why an action is not legal for the active hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum IllegalReason {
    /// Double on a hand of more than two cards.
    #[error("double is only allowed on a hand's first two cards")]
    DoubleNotFirstTwo,
    /// The rules restrict doubling to some totals.
    #[error("the rules allow doubling only on {0}")]
    DoubleTotal(&'static str),
    /// No double after split in these rules.
    #[error("these rules do not allow doubling after a split")]
    DoubleAfterSplit,
    /// Split aces take one card only.
    #[error("split aces take one card each and nothing more")]
    SplitAcesClosed,
    /// Split on cards of different value.
    #[error("split needs two cards of the same value")]
    NotAPair,
    /// The seat already holds the most hands allowed.
    #[error("a seat may hold at most {0} hands")]
    TooManyHands(u8),
    /// Aces may be split only once.
    #[error("aces may be split only once")]
    ResplitAces,
    /// Doubling or splitting stakes another bet, and the bankroll does not hold it.
    #[error("it stakes another {} and your bankroll holds {}", need.plain(), have.plain())]
    CannotCover {
        /// The money the action would stake.
        need: Units,
        /// The seat's bankroll.
        have: Units,
    },
}

/// Why [`crate::engine::Table::act`] or another call refused: the table is left unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum ActionError {
    /// No round is being played (deal first).
    #[error("no round is in play: deal first")]
    NoRound,
    /// It is the dealer's turn, or the round is over.
    #[error("the players' turn is over")]
    NotPlayersTurn,
    /// Another seat is to act.
    #[error("it is seat {active}'s turn, not seat {seat}'s")]
    NotYourTurn {
        /// The seat that asked.
        seat: usize,
        /// The seat to act.
        active: usize,
    },
    /// No such seat at this table.
    #[error("there is no seat {0} at this table")]
    NoSuchSeat(usize),
    /// The action is not legal for this hand.
    #[error("cannot {action}: {reason}")]
    Illegal {
        /// The action asked for.
        action: Action,
        /// Why not.
        reason: IllegalReason,
    },
    /// A round is already in play.
    #[error("a round is already in play")]
    RoundInPlay,
    /// The dealer cannot act now.
    #[error("it is not the dealer's turn")]
    NotDealersTurn,
    /// A seat's bankroll does not hold its bet, so the round cannot be dealt.
    #[error("seat {seat}'s bankroll ({}) does not cover its bet of {}", bankroll.plain(), bet.plain())]
    BetNotCovered {
        /// The seat.
        seat: usize,
        /// Its bet.
        bet: Units,
        /// Its bankroll.
        bankroll: Units,
    },
}

/// Why a bet or a buy-in was refused: the table is left unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum BetError {
    /// Bets change only between rounds.
    #[error("the bet can change only between rounds")]
    RoundInPlay,
    /// No such seat at this table.
    #[error("there is no seat {0} at this table")]
    NoSuchSeat(usize),
    /// Below the table's smallest bet.
    #[error("the smallest bet is {}", .0.plain())]
    BelowMinimum(Units),
    /// Above the table's largest bet.
    #[error("the largest bet is {}", .0.plain())]
    AboveMaximum(Units),
    /// Bets and buy-ins are whole units.
    #[error("bets are whole units")]
    NotWhole,
    /// More than the bankroll holds.
    #[error("the bet cannot be more than your bankroll ({})", .0.plain())]
    MoreThanBankroll(Units),
    /// A buy-in must be a positive amount, and the bankroll stays within its bound.
    #[error("a buy-in must be from 1 to {} units", .0.plain())]
    BadBuyIn(Units),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn action_set_holds_what_was_inserted() {
        let set: ActionSet = [Action::Hit, Action::Split].into_iter().collect();
        assert!(set.contains(Action::Hit) && set.contains(Action::Split));
        assert!(!set.contains(Action::Stand));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![Action::Hit, Action::Split]);
        assert_eq!(set.len(), 2);
    }

    #[test]
    fn bits_index_the_sixteen_sets() {
        for bits in 0..16u8 {
            let set = ActionSet::from_bits(bits);
            assert_eq!(set.bits(), bits);
            let rebuilt: ActionSet = set.iter().collect();
            assert_eq!(rebuilt, set);
        }
        assert_eq!(ActionSet::from_bits(0xf0), ActionSet::EMPTY);
        for (i, action) in Action::ALL.into_iter().enumerate() {
            assert_eq!(ActionSet::from_bits(1 << i).iter().next(), Some(action));
        }
    }
}
