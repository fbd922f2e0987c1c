//! What one seat may see. Built from public state only: the face-down card and the shoe order
//! are not reachable from here, because no field refers to them or to the [`super::Table`].

use super::action::ActionSet;
use super::card::{Card, ValueCounts};
use super::seat::{DealerHand, Phase, PlayerHand, Seat};

/// A seat's view of the table: its own hands, every face-up card, the dealer's up card, the
/// cards seen since the shuffle, how many cards are left, and its legal actions.
#[derive(Debug, Clone, Copy)]
pub struct SeatView<'a> {
    pub(super) seat: usize,
    pub(super) seats: &'a [Seat],
    pub(super) dealer: &'a DealerHand,
    pub(super) seen: &'a ValueCounts,
    pub(super) cards_left: usize,
    pub(super) until_cut: usize,
    pub(super) phase: Phase,
    pub(super) legal: ActionSet,
}

impl<'a> SeatView<'a> {
    /// Every seat's hands (all player cards are dealt face up).
    pub fn seats(&self) -> &'a [Seat] {
        self.seats
    }

    /// This seat's hands.
    pub fn own_hands(&self) -> &'a [PlayerHand] {
        self.seats.get(self.seat).map(Seat::hands).unwrap_or(&[])
    }

    /// The hand to act, if it is this seat's turn.
    pub fn active_hand(&self) -> Option<&'a PlayerHand> {
        self.own_hands().get(self.active_hand_index()?)
    }

    /// Index of the hand to act, if it is this seat's turn.
    pub fn active_hand_index(&self) -> Option<usize> {
        match self.phase {
            Phase::Players { seat, hand } if seat == self.seat => Some(hand),
            _ => None,
        }
    }

    /// The dealer's face-up card.
    pub fn dealer_up(&self) -> Option<Card> {
        self.dealer.cards.as_slice().first().copied()
    }

    /// The dealer's visible hand (the face-down card only after it is revealed).
    pub fn dealer(&self) -> &'a DealerHand {
        self.dealer
    }

    /// Face-up cards seen since the last shuffle, by value.
    pub fn seen(&self) -> &'a ValueCounts {
        self.seen
    }

    /// Cards left in the shoe (a number only).
    pub fn cards_left(&self) -> usize {
        self.cards_left
    }

    /// Cards until the cut card (0 once it has been reached).
    pub fn until_cut(&self) -> usize {
        self.until_cut
    }

    /// Where the round is.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The actions this seat may take now.
    pub fn legal(&self) -> ActionSet {
        self.legal
    }

    /// The number of hands this seat holds (for the split limit).
    pub fn own_hand_count(&self) -> usize {
        self.own_hands().len()
    }
}
