//! Everything that happens at the table, as events; none carries the face-down card before it
//! is revealed. An [`EventLog`] keeps them; [`NoEvents`] drops them, and the compiler the code
//! that makes them, for the simulator.

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
    /// The shoe ran dry mid-round: the discard tray was shuffled in (not the table's cards).
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

/// Where a table puts its events. The sink is chosen by type, so a table that keeps no events
/// carries no event code at all.
pub trait EventSink {
    /// Whether the table keeps its count of the cards seen ([`super::Table::seen`]). The flat
    /// simulator's [`Uncounted`] does not (it costs a few percent of its speed), and its table
    /// then offers neither count nor view: asking is a compile-time error.
    const KEEPS_SEEN: bool = true;
    /// Hears of a card turned face up: a sink that keeps a count of its own (the counting
    /// simulator's running count) adds it; the others do nothing.
    #[inline(always)]
    fn see(&mut self, _card: Card) {}
    /// Hears that the cards seen no longer count (a shuffle, or a restock: the cards on the
    /// table are then seen again).
    #[inline(always)]
    fn forget_seen(&mut self) {}
    /// Records one event (or drops it).
    fn record(&mut self, event: Event);
    /// Forgets every recorded event: a new round begins.
    fn clear(&mut self);
    /// The events recorded since the last [`EventSink::clear`].
    fn events(&self) -> &[Event];
}

/// Keeps the events of the round: a table's default sink, which can be switched off and on.
#[derive(Debug, Clone, PartialEq)]
pub struct EventLog {
    events: Vec<Event>,
    on: bool,
}

impl Default for EventLog {
    fn default() -> Self {
        EventLog { events: Vec::with_capacity(64), on: true }
    }
}

impl EventLog {
    /// Turns recording on or off. While it is off, nothing is recorded.
    pub fn set_on(&mut self, on: bool) {
        self.on = on;
    }
}

impl EventSink for EventLog {
    #[inline]
    fn record(&mut self, event: Event) {
        if self.on {
            self.events.push(event);
        }
    }

    #[inline]
    fn clear(&mut self) {
        self.events.clear();
    }

    #[inline]
    fn events(&self) -> &[Event] {
        &self.events
    }
}

/// The methods of a sink that drops every event, compiled to nothing (also the counting
/// simulator's running-count sink's, `sim::count`).
macro_rules! drops_every_event {
    () => {
        #[inline(always)]
        fn record(&mut self, _event: $crate::engine::Event) {}

        #[inline(always)]
        fn clear(&mut self) {}

        #[inline(always)]
        fn events(&self) -> &[$crate::engine::Event] {
            &[]
        }
    };
}
pub(crate) use drops_every_event;

/// Drops every event and keeps no count of the cards seen ([`EventSink::KEEPS_SEEN`]): the
/// sink of the flat simulator, which plays basic strategy at a flat bet and so reads neither.
///
/// Its table plays as any other, but has no count and no view to give:
///
/// ```compile_fail
/// use blackjack_trainer::engine::Rules;
/// use blackjack_trainer::sim::{chunk_rng, flat_table};
/// let mut table = flat_table(Rules::default(), chunk_rng(1, 0));
/// table.start_round().unwrap();
/// let _ = table.seen(); // error: this table keeps no count of the cards seen
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Uncounted;

impl EventSink for Uncounted {
    const KEEPS_SEEN: bool = false;
    drops_every_event!();
}

/// Drops every event: the sink of the counting simulator and of headless tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct NoEvents;

impl EventSink for NoEvents {
    drops_every_event!();
}
