//! Everything that happens at the table, as events the UI, statistics and AI seats consume.
//! No event carries the face-down card before it is revealed.

use super::card::Card;
use super::settle::Outcome;

/// Where a dealt card went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recipient {
    /// A seat's hand.
    Hand {
        /// Seat index, 0-based.
        seat: usize,
        /// Hand index within the seat (after splits), 0-based.
        hand: usize,
    },
    /// The dealer, face up.
    Dealer,
}

/// Why a hand was closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CloseReason {
    /// The player stood.
    Stood,
    /// The hand was doubled and took its one card.
    Doubled,
    /// The hand went over 21.
    Bust,
    /// The hand reached 21.
    TwentyOne,
    /// A natural blackjack, closed at the deal.
    Natural,
    /// A split ace took its one card.
    SplitAce,
}

/// One happening at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// The shoe was reshuffled before a round; the seen-card count starts again.
    Reshuffled,
    /// The shoe ran dry mid-round and the discard tray was shuffled in (cards on the table
    /// stay where they are).
    DiscardsShuffledIn,
    /// Shoe and tray were both empty mid-round: a fresh deck was opened.
    DeckAdded,
    /// A new round began.
    RoundStarted,
    /// A card was dealt face up.
    CardDealt {
        /// Who got it.
        to: Recipient,
        /// The card.
        card: Card,
    },
    /// The dealer's second card was dealt face down (its face is not in the event).
    HoleCardDealt,
    /// A hand is now the one to act.
    TurnTo {
        /// Seat.
        seat: usize,
        /// Hand within the seat.
        hand: usize,
    },
    /// A pair was split: `hand` keeps the first card, a new hand `hand + 1` takes the second.
    Split {
        /// Seat.
        seat: usize,
        /// The hand that was split.
        hand: usize,
    },
    /// A hand was doubled.
    Doubled {
        /// Seat.
        seat: usize,
        /// Hand.
        hand: usize,
    },
    /// A hand was closed.
    HandClosed {
        /// Seat.
        seat: usize,
        /// Hand.
        hand: usize,
        /// Why.
        reason: CloseReason,
    },
    /// The players are done; the dealer plays.
    DealerTurn,
    /// The dealer turned the face-down card over.
    HoleCardRevealed {
        /// The card.
        card: Card,
    },
    /// The dealer has a natural.
    DealerNatural,
    /// The dealer drew a card.
    DealerDraws {
        /// The card.
        card: Card,
    },
    /// The dealer stands on this total.
    DealerStands {
        /// Final total.
        total: u8,
    },
    /// The dealer went over 21.
    DealerBusts {
        /// Final total.
        total: u8,
    },
    /// A hand was settled (a bust at once, the others after the dealer).
    HandSettled {
        /// Seat.
        seat: usize,
        /// Hand.
        hand: usize,
        /// Result and payment.
        outcome: Outcome,
    },
    /// Every hand is settled.
    RoundOver,
}
