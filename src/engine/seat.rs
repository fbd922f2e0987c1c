//! What sits on the table during a round: the player hands and their seats, the dealer's hand,
//! and where the round is. The round itself ([`super::round`]) moves them.

use super::hand::{Cards, Total};
use super::settle::{Outcome, Units};

/// The most hands one seat can hold (the `max_hands` rule is at most this).
pub const MAX_HANDS: usize = 4;
/// The most seats at a table.
pub const MAX_SEATS: usize = 7;

/// Where the round is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// No round dealt yet.
    Betting,
    /// A player hand is to act.
    Players {
        /// Seat to act.
        seat: usize,
        /// Hand of that seat to act.
        hand: usize,
    },
    /// The dealer plays (step by step with [`super::Table::dealer_step`]).
    Dealer,
    /// Every hand is settled; the cards are still on the table until the next deal.
    Settled,
}

/// One player hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlayerHand {
    /// The cards.
    pub cards: Cards,
    /// 1, or 2 once doubled.
    pub stake: u8,
    /// Made by splitting (so a two-card 21 is not a natural).
    pub from_split: bool,
    /// Made by splitting aces.
    pub split_aces: bool,
    /// No further action.
    pub closed: bool,
    /// The settlement, once made.
    pub outcome: Option<Outcome>,
}

impl PlayerHand {
    /// A natural blackjack: ace and ten as the first two cards, not from a split.
    #[inline]
    pub fn is_natural(&self) -> bool {
        !self.from_split && self.cards.is_two_card_21()
    }

    /// The best total.
    #[inline]
    pub fn total(&self) -> Total {
        self.cards.total()
    }

    /// Whether the stake was doubled.
    #[inline]
    pub fn is_doubled(&self) -> bool {
        self.stake == 2
    }

    /// Makes this the fresh hand of a new round, in place: no cards, stake 1, open.
    #[inline]
    pub(super) fn reset(&mut self) {
        self.cards.clear();
        self.stake = 1;
        self.from_split = false;
        self.split_aces = false;
        self.closed = false;
        self.outcome = None;
    }
}

/// One seat: its hands and its money. Stakes leave the bankroll when dealt, doubled or split
/// and come back with what they won, so `bankroll + staked()` changes only by what hands win.
/// Equality ignores the unused hand slots (left as an earlier round left them).
#[derive(Debug, Clone, Copy, Default)]
pub struct Seat {
    pub(super) hands: [PlayerHand; MAX_HANDS],
    pub(super) count: u8,
    pub(super) bet: Units,
    /// The bet the round on the table was dealt at (`bet` may change once it is settled).
    pub(super) dealt: Units,
    pub(super) bankroll: Units,
    pub(super) bought_in: Units,
}

impl PartialEq for Seat {
    fn eq(&self, other: &Seat) -> bool {
        self.hands() == other.hands()
            && (self.bet, self.bankroll, self.bought_in)
                == (other.bet, other.bankroll, other.bought_in)
    }
}

impl Eq for Seat {}

impl Seat {
    /// The seat's hands this round, in play order.
    #[inline]
    pub fn hands(&self) -> &[PlayerHand] {
        &self.hands[..usize::from(self.count)]
    }

    /// The result of this round's settled hands per unit bet (a doubled loss is −2).
    pub fn round_units(&self) -> Units {
        self.round_sum(|o| o.delta)
    }

    /// The money this round's settled hands won or lost.
    pub fn round_money(&self) -> Units {
        self.round_sum(|o| o.money)
    }

    fn round_sum(&self, part: impl Fn(Outcome) -> Units) -> Units {
        let outcomes = self.hands().iter().filter_map(|h| h.outcome);
        outcomes.fold(Units::ZERO, |sum, o| sum + part(o))
    }

    /// The bet the next round is dealt with (each split hand stakes it again, a double once
    /// more).
    pub fn bet(&self) -> Units {
        self.bet
    }

    /// The bet the round on the table was dealt at: what its hands stake, whatever bet is
    /// placed for the next round once it is settled.
    pub fn dealt_bet(&self) -> Units {
        self.dealt
    }

    /// The money the seat holds off the table.
    pub fn bankroll(&self) -> Units {
        self.bankroll
    }

    /// Everything the seat has bought in with (its first bankroll and every rebuy).
    pub fn bought_in(&self) -> Units {
        self.bought_in
    }

    /// The money on the table in hands not settled yet.
    pub fn staked(&self) -> Units {
        self.hands()
            .iter()
            .filter(|h| h.outcome.is_none())
            .fold(Units::ZERO, |a, h| a + self.dealt * i64::from(h.stake))
    }

    /// Money won (positive) or lost since the seat bought in, the stakes on the table
    /// counted as still the seat's.
    pub fn net_money(&self) -> Units {
        self.bankroll + self.staked() + -self.bought_in
    }
}

/// The dealer's hand. The face-down card lives apart and is not part of `cards` until revealed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DealerHand {
    /// The face-up cards (the face-down one joins after it is revealed).
    pub cards: Cards,
    /// Whether the face-down card has been turned over.
    pub revealed: bool,
}
