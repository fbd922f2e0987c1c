//! The rules of the game, and nothing else: no I/O, no terminal, no clock; the RNG is injected.
//!
//! [`Table`] is the authority. Players (the person at the keyboard and the AI seats) see it
//! only through [`SeatView`], which holds no face-down card and no shoe order.

pub mod action;
pub mod card;
pub mod event;
pub mod hand;
pub mod legal;
pub mod round;
pub mod rules;
pub mod seat;
pub mod settle;
pub mod shoe;
pub mod view;

pub use action::{Action, ActionError, ActionSet, BetError, IllegalReason};
pub use card::{Card, Rank, Suit, Value, ValueCounts};
pub use event::{CloseReason, Event, EventSink, NoEvents, Recipient, Uncounted};
pub use hand::{Cards, Total};
pub use round::{MAX_BANKROLL, Table, check_bet};
pub use rules::{DoubleOn, Rules};
pub use seat::{DealerHand, MAX_HANDS, MAX_SEATS, Phase, PlayerHand, Seat};
pub use settle::{Outcome, OutcomeKind, Units};
pub use view::SeatView;

/// The RNG the program uses everywhere: ChaCha with 8 rounds, seedable and portable.
pub type GameRng = rand_chacha::ChaCha8Rng;

/// A table driven by [`GameRng`] seeded with `seed`.
pub fn seeded_table(rules: Rules, seats: usize, seed: u64) -> Table<GameRng> {
    use rand::SeedableRng;
    Table::new(rules, seats, GameRng::seed_from_u64(seed))
}
