//! The running count of any count, suits included: a table keeps the values of the cards seen,
//! not their suits, so a count that reads suits (Red 7) has its red sevens kept here.

use crate::analysis::counts::CountSystem;
use crate::engine::{Event, ValueCounts};

/// The red sevens seen since the shuffle, kept from a table's events as the table keeps its
/// cards seen (after a dry shoe, the round's own cards).
#[derive(Debug, Clone, Default)]
pub struct RedSevens {
    seen: i32,
    this_round: i32,
}

impl RedSevens {
    /// Takes in what `events` dealt.
    pub fn read(&mut self, events: &[Event]) {
        for event in events {
            match *event {
                Event::Reshuffled => self.seen = 0,
                Event::RoundStarted => self.this_round = 0,
                Event::DiscardsShuffledIn | Event::DeckAdded => self.seen = self.this_round,
                Event::CardDealt { card, .. }
                | Event::DealerDraws { card }
                | Event::HoleCardRevealed { card }
                    if card.value() == 7 && card.suit().is_red() =>
                {
                    self.seen += 1;
                    self.this_round += 1;
                }
                _ => {}
            }
        }
    }

    /// The red sevens seen since the shuffle.
    pub fn seen(&self) -> i32 {
        self.seen
    }

    /// `system`'s running count of the cards `seen` since the shuffle of a `decks`-deck shoe
    /// (by value, these red sevens beside), in counting units.
    pub fn running_count(&self, system: &CountSystem, decks: u8, seen: &ValueCounts) -> i32 {
        system.initial_running_count(decks) + system.running_count_with_red_sevens(seen, self.seen)
    }
}
