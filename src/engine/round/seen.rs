//! Tests of the count of the cards seen ([`Table::seen`]): the face-up cards dealt since the
//! shuffle, started again from the table's cards when the shoe runs dry mid-round.

use rand::SeedableRng;

use super::super::{Action, Event, GameRng, Rules, Table, Value, ValueCounts};

/// The count kept by hand from a table's events: every card dealt face up or turned over,
/// none after a reshuffle, and after a dry shoe the face-up cards of the round so far.
#[derive(Default)]
struct FromEvents {
    count: ValueCounts,
    round: Vec<Value>,
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

/// The count the table keeps equals the one kept from its events, asked after every step of
/// a round (player actions, each dealer step) or only now and then, through shuffles and shoes
/// that run dry mid-round (one deck and two, dealt to the last card, at seven seats).
#[test]
fn the_cards_seen_are_the_cards_dealt_face_up_since_the_shuffle() {
    let mut restocks = 0;
    for decks in [1u8, 2] {
        let rules = Rules { decks, penetration: 1.0, ..Rules::default() };
        for ask_every in [1usize, 5, 40] {
            let mut table = Table::new(rules.clone(), 7, GameRng::seed_from_u64(9));
            let mut kept = FromEvents::default();
            let mut step = 0usize;
            let mut check = |table: &Table<GameRng>, kept: &FromEvents| {
                step += 1;
                if step.is_multiple_of(ask_every) {
                    assert_eq!(table.seen(), &kept.count, "{decks} deck(s), step {step}");
                    assert_eq!(table.view(0).seen(), &kept.count);
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
                while table.phase() != super::Phase::Settled {
                    kept.read(table.dealer_step().expect("the dealer's turn"));
                    check(&table, &kept);
                }
            }
            restocks += kept.restocks;
        }
    }
    assert!(restocks > 20, "the shoe ran dry {restocks} times");
}
