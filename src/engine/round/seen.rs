//! The face-up cards seen since the shuffle, counted when asked.
//!
//! They are the cards the shoe has dealt since the shuffle ([`Shoe::dealt_by_value`]) but for
//! the dealer's face-down card while it is face down, so the table keeps no second tally of
//! its own: dealing a card costs nothing for the count, and a table that is never asked (the
//! flat simulator's) never counts.
//!
//! [`Shoe::dealt_by_value`]: super::super::shoe::Shoe::dealt_by_value

use std::cell::OnceCell;

use rand::Rng;

use super::super::card::ValueCounts;
use super::super::event::EventSink;
use super::Table;

/// The count as last asked for, forgotten whenever a card is dealt or the face-down card is
/// turned over ([`SeenCount::forget`]).
///
/// It is derived from the shoe and the face-down card, which the table compares, so any two
/// are equal: two tables in the same state are equal whether or not either was asked.
#[derive(Debug, Clone, Default)]
pub(super) struct SeenCount(OnceCell<ValueCounts>);

impl PartialEq for SeenCount {
    fn eq(&self, _: &SeenCount) -> bool {
        true
    }
}

impl SeenCount {
    /// The table changed what has been seen: the next ask counts again.
    #[inline(always)]
    pub(super) fn forget(&mut self) {
        self.0 = OnceCell::new();
    }
}

impl<R: Rng, L: EventSink> Table<R, L> {
    /// Face-up cards seen since the shuffle (after the shoe ran dry mid-round: since the
    /// discards were shuffled in, that is the face-up cards on the table).
    pub fn seen(&self) -> &ValueCounts {
        self.seen.0.get_or_init(|| self.seen_now())
    }

    /// [`Table::seen`] by value, worked out without keeping it: for a caller that asks once
    /// and deals on (the counting simulator, once a round).
    #[inline]
    pub fn seen_now(&self) -> ValueCounts {
        let mut seen = self.shoe.dealt_by_value();
        if let Some(hole) = self.hole {
            let dealt = seen.remove(hole.value());
            debug_assert!(dealt, "the face-down card is among the cards dealt");
        }
        seen
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::super::super::{Action, Event, GameRng, Rules, Table};
    use super::ValueCounts;

    /// The count kept by hand from a table's events: every card dealt face up or turned over,
    /// none after a reshuffle, and after a dry shoe the face-up cards of the round so far.
    #[derive(Default)]
    struct FromEvents {
        count: ValueCounts,
        round: Vec<u8>,
        restocks: usize,
    }

    impl FromEvents {
        fn read(&mut self, events: &[Event]) {
            for event in events {
                match *event {
                    Event::Reshuffled => self.count = ValueCounts::default(),
                    Event::RoundStarted => self.round.clear(),
                    Event::DiscardsShuffledIn | Event::DeckAdded => {
                        self.restocks += 1;
                        self.count = ValueCounts::default();
                        for &value in &self.round {
                            self.count.add(value);
                        }
                    }
                    Event::CardDealt { card, .. }
                    | Event::DealerDraws { card }
                    | Event::HoleCardRevealed { card } => {
                        self.count.add(card.value());
                        self.round.push(card.value());
                    }
                    _ => {}
                }
            }
        }
    }

    /// The count the table works out from its shoe equals the one kept from its events, asked
    /// after every step of a round (player actions, each dealer step) or only now and then (so
    /// that it catches up over many cards at once), through shuffles and shoes that run dry
    /// mid-round (one deck and two, dealt to the last card, at seven seats).
    #[test]
    fn the_cards_seen_are_the_cards_dealt_face_up_since_the_shuffle() {
        let mut restocks = 0;
        for decks in [1u8, 2] {
            let rules = Rules {
                decks,
                penetration: 1.0,
                ..Rules::default()
            };
            for ask_every in [1usize, 5, 40] {
                let mut table = Table::new(rules.clone(), 7, GameRng::seed_from_u64(9));
                let mut kept = FromEvents::default();
                let mut step = 0usize;
                let mut check = |table: &Table<GameRng>, kept: &FromEvents| {
                    step += 1;
                    if step.is_multiple_of(ask_every) {
                        assert_eq!(table.seen(), &kept.count, "{decks} deck(s), step {step}");
                        assert_eq!(table.view(0).seen(), &kept.count);
                        assert_eq!(table.seen_now(), kept.count);
                    }
                };
                for round in 0..300usize {
                    kept.read(table.start_round().expect("deals"));
                    check(&table, &kept);
                    for turn in round.. {
                        let Some((seat, _)) = table.active() else {
                            break;
                        };
                        // Every legal action in turn, so hands split, double, hit and stand.
                        let legal: Vec<Action> = table.legal_actions(seat).iter().collect();
                        let action = legal[turn % legal.len()];
                        kept.read(table.act(seat, action).expect("a legal action"));
                        check(&table, &kept);
                    }
                    while table.phase() != super::super::Phase::Settled {
                        kept.read(table.dealer_step().expect("the dealer's turn"));
                        check(&table, &kept);
                    }
                }
                restocks += kept.restocks;
            }
        }
        assert!(restocks > 20, "the shoe ran dry {restocks} times");
    }
}
