//! The counting quiz.

use rand::{Rng, RngExt};

use crate::ai::{Strategy, take_turn};
use crate::analysis::counts::CountSystem;
use crate::engine::{Event, Table};
use crate::trainer::drills::counting::RedSevens;

/// The counting quiz: rounds are dealt and played by the table's seats, and every few rounds
/// the player is asked for the running count (Hi-Lo's unless another count is kept).
#[derive(Debug)]
pub struct CountQuiz<R> {
    table: Table<R>,
    system: CountSystem,
    red_sevens: RedSevens,
    rounds_until_question: u32,
    /// Questions asked.
    pub asked: u32,
    /// Right answers.
    pub right: u32,
}

impl<R: Rng> CountQuiz<R> {
    /// A quiz on this table.
    pub fn new(table: Table<R>) -> CountQuiz<R> {
        CountQuiz {
            table,
            system: CountSystem::default(),
            red_sevens: RedSevens::default(),
            rounds_until_question: 1,
            asked: 0,
            right: 0,
        }
    }

    /// The same quiz keeping `system`'s count.
    pub fn counting(mut self, system: &CountSystem) -> CountQuiz<R> {
        self.system = system.clone();
        self
    }

    /// The count kept.
    pub fn system(&self) -> &CountSystem {
        &self.system
    }

    /// The table (for drawing).
    pub fn table(&self) -> &Table<R> {
        &self.table
    }

    /// Deals and plays one whole round with `strategy` for every seat (through the one AI
    /// driver, [`crate::ai::take_turn`]); returns its events. A reshuffle before the round
    /// shows as [`Event::Reshuffled`] (the count starts again).
    pub fn play_round<S: Strategy + ?Sized>(&mut self, strategy: &S) -> Vec<Event> {
        let mut events = match self.table.start_round() {
            Ok(events) => events.to_vec(),
            Err(_) => return Vec::new(),
        };
        while let Some(turn) = take_turn(&mut self.table, strategy) {
            match turn {
                Ok((_, more)) => events.extend_from_slice(more),
                Err(_) => return Vec::new(),
            }
        }
        if let Ok(more) = self.table.play_dealer() {
            events.extend_from_slice(more);
        }
        self.red_sevens.read(&events);
        self.rounds_until_question = self.rounds_until_question.saturating_sub(1);
        events
    }

    /// Whether the player should be asked now.
    pub fn question_due(&self) -> bool {
        self.rounds_until_question == 0
    }

    /// The running count of every card seen since the shuffle (from the count's initial
    /// running count).
    pub fn running_count(&self) -> i32 {
        let decks = self.table.rules().decks;
        self.red_sevens
            .running_count(&self.system, decks, self.table.seen())
    }

    /// Scores an answer and schedules the next question 1–3 rounds away. Returns whether it
    /// was right and the true running count.
    pub fn answer(&mut self, guess: i32, rng: &mut impl Rng) -> (bool, i32) {
        let actual = self.running_count();
        let right = guess == actual;
        self.asked += 1;
        self.right += u32::from(right);
        self.rounds_until_question = rng.random_range(1..=3);
        (right, actual)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::hilo::hilo_tag;
    use crate::engine::{Card, GameRng, Rules, seeded_table};
    use crate::sim::RoundTally;
    use rand::SeedableRng;

    #[test]
    fn the_quiz_count_is_the_hilo_count_of_the_shown_cards() {
        let mut quiz = CountQuiz::new(seeded_table(Rules::default(), 3, 8));
        let mut rng = GameRng::seed_from_u64(8);
        let mut shown = 0;
        for _ in 0..40 {
            for event in quiz.play_round(&crate::ai::Easy) {
                match event {
                    Event::Reshuffled => shown = 0,
                    Event::CardDealt { card, .. }
                    | Event::HoleCardRevealed { card }
                    | Event::DealerDraws { card } => shown += hilo_tag(card.value()),
                    _ => {}
                }
            }
            if quiz.question_due() {
                let (right, actual) = quiz.answer(shown, &mut rng);
                assert!(right, "count {shown} vs {actual}");
                assert!(!quiz.question_due());
            }
        }
        assert!(quiz.asked > 5);
        assert_eq!(quiz.right, quiz.asked);
        let (right, _) = quiz.answer(quiz.running_count() + 1, &mut rng);
        assert!(!right);
    }

    #[test]
    fn a_settled_round_counts_the_players_hands() {
        let mut table = seeded_table(Rules::default(), 1, 1);
        let cards: Vec<Card> = [1, 9, 10, 7].iter().map(|&v| Card::of_value(v)).collect();
        assert!(table.stack_next(&cards));
        table.start_round().unwrap();
        table.play_dealer().unwrap();
        let mut tally = RoundTally::default();
        let view = table.view(0);
        tally.record_round(view.own_hands(), view.dealer());
        assert_eq!(
            (tally.rounds, tally.hands, tally.wins, tally.naturals),
            (1, 1, 1, 1)
        );
        assert_eq!(tally.net_milli, 1500);
    }
}
