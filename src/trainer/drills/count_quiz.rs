//! The count quiz: a [`CountQuiz`] deals whole rounds at a table and asks for the running
//! count every few rounds; a [`CountDrill`], shared by `blackjack drill` and the TUI, runs one
//! at a table of hard-strategy seats.

use rand::{Rng, RngExt, SeedableRng};

use super::decision::DrillSummary;
use crate::ai::{AnyStrategy, Hard, Strategy, take_turn};
use crate::analysis::chart::Chart;
use crate::analysis::counts::CountSystem;
use crate::engine::{Card, Event, GameRng, Recipient, Rules, Table, seeded_table};
use crate::text::signed;
use crate::trainer::drills::counting::RedSevens;

/// The counting quiz: rounds dealt and played by the seats, the running count asked at times.
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

    /// Deals and plays one whole round with `strategy` for every seat; returns its events (a
    /// reshuffle before it as [`Event::Reshuffled`]).
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

    /// The running count of every card seen since the shuffle.
    pub fn running_count(&self) -> i32 {
        let decks = self.table.rules().decks;
        self.red_sevens.running_count(&self.system, decks, self.table.seen())
    }

    /// Scores an answer, the next question 1–3 rounds away: whether right, and the count.
    pub fn answer(&mut self, guess: i32, rng: &mut impl Rng) -> (bool, i32) {
        let actual = self.running_count();
        let right = guess == actual;
        self.asked += 1;
        self.right += u32::from(right);
        self.rounds_until_question = rng.random_range(1..=3);
        (right, actual)
    }
}

/// Seats at the counting-quiz table, every one played by the hard strategy.
pub const COUNT_SEATS: usize = 3;

/// Seconds between the count quiz's cards until the person sets another pace.
pub const COUNT_QUIZ_PACE: f64 = 1.0;

/// Where a card of a round went: a seat (its index) or the dealer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spot {
    /// The seat of this index.
    Seat(usize),
    /// The dealer.
    Dealer,
}

/// The cards one round showed, by seat and for the dealer, and in the order they came into
/// view (the quiz deals them so, one at a time).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RoundCards {
    /// The shoe was reshuffled before the round: the count starts again at 0.
    pub reshuffled: bool,
    /// Every card each seat was dealt (split hands one after the other).
    pub seats: Vec<Vec<Card>>,
    /// The dealer's cards, the face-down one included once it was turned over.
    pub dealer: Vec<Card>,
    /// Every card in the order it came into view, with where it went.
    pub order: Vec<(Spot, Card)>,
}

impl RoundCards {
    /// The cards in a round's events at a table of `seats` seats.
    pub fn from_events(events: &[Event], seats: usize) -> RoundCards {
        let reshuffled = events.iter().any(|e| matches!(e, Event::Reshuffled));
        let cards = events.iter().filter_map(|event| match *event {
            Event::CardDealt { to: Recipient::Hand { seat, .. }, card } if seat < seats => {
                Some((Spot::Seat(seat), card))
            }
            Event::CardDealt { to: Recipient::Dealer, card }
            | Event::HoleCardRevealed { card }
            | Event::DealerDraws { card } => Some((Spot::Dealer, card)),
            _ => None,
        });
        RoundCards::placed(reshuffled, seats, cards)
    }

    /// A round at a table of `seats` seats that showed `cards`, in order.
    fn placed(reshuffled: bool, seats: usize, cards: impl Iterator<Item = (Spot, Card)>) -> Self {
        let mut round =
            RoundCards { reshuffled, seats: vec![Vec::new(); seats], ..RoundCards::default() };
        for (spot, card) in cards {
            match spot {
                Spot::Seat(seat) => round.seats[seat].push(card),
                Spot::Dealer => round.dealer.push(card),
            }
            round.order.push((spot, card));
        }
        round
    }

    /// Cards the round showed.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether the round showed no card.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The round as it stood once its first `n` cards were in view.
    pub fn first(&self, n: usize) -> RoundCards {
        let cards = self.order.iter().take(n).copied();
        RoundCards::placed(self.reshuffled, self.seats.len(), cards)
    }
}

/// The outcome of a count answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountAnswer {
    /// What the person said.
    pub guess: i32,
    /// The running count of every card shown since the shuffle.
    pub actual: i32,
}

impl CountAnswer {
    /// Whether the guess was the count.
    pub fn is_right(&self) -> bool {
        self.guess == self.actual
    }

    /// The answer as the hand history keeps it (skill `count`): `question` as it was asked.
    pub fn record(&self, question: String, seconds: f64) -> crate::trainer::history::CountAnswer {
        crate::trainer::history::CountAnswer {
            at: 0,
            skill: "count".to_owned(),
            question,
            answer: signed(self.guess),
            truth: signed(self.actual),
            right: self.is_right(),
            error: f64::from((self.guess - self.actual).unsigned_abs()),
            seconds,
            countdown: None,
        }
    }

    /// `✓ Right: the running count is +3.` or `✗ Wrong: you said +2, the running count is +3.`
    pub fn message(&self) -> String {
        if self.is_right() {
            format!("✓ Right: the running count is {}.", signed(self.actual))
        } else {
            format!(
                "✗ Wrong: you said {}, the running count is {}.",
                signed(self.guess),
                signed(self.actual)
            )
        }
    }
}

/// Reads a running-count answer: a whole number, optionally signed (`-3`, `+2`, `0`).
pub fn parse_count(answer: &str) -> Option<i32> {
    answer.trim().parse().ok()
}

/// Reads `system`'s running count of `cards` cards counted from `start` (its initial running
/// count): a whole number those cards can make; else what to type instead.
pub fn read_count_of(
    answer: &str,
    system: &CountSystem,
    start: i32,
    cards: usize,
) -> Result<i32, String> {
    let guess = parse_count(answer).ok_or_else(|| {
        let typed = answer.trim();
        if typed.is_empty() {
            "Nothing was typed: type the running count, a whole number (e.g. -3), then Enter"
                .to_owned()
        } else {
            format!("`{typed}` is not a running count: type a whole number (e.g. -3), then Enter")
        }
    })?;
    super::counting::check_count_of(system, start, guess, cards)
}

/// The count quiz's session: a [`CountQuiz`] at [`COUNT_SEATS`] hard-strategy seats.
#[derive(Debug)]
pub struct CountDrill {
    quiz: CountQuiz<GameRng>,
    seat: AnyStrategy,
    rng: GameRng,
    round: u32,
    last: RoundCards,
    summary: DrillSummary,
}

impl CountDrill {
    /// A quiz under `rules`, the seats playing `chart`; the same `seed` deals the same rounds.
    pub fn new(rules: &Rules, chart: Chart, seed: u64) -> CountDrill {
        let mut table: Table<GameRng> = seeded_table(rules.clone(), COUNT_SEATS, seed);
        table.set_event_log(true);
        CountDrill {
            quiz: CountQuiz::new(table),
            seat: AnyStrategy::Hard(Hard::new(chart)),
            rng: GameRng::seed_from_u64(seed),
            round: 0,
            last: RoundCards::default(),
            summary: DrillSummary::default(),
        }
    }

    /// The same quiz keeping `system`'s count (Hi-Lo unless this is called).
    pub fn counting(mut self, system: &CountSystem) -> CountDrill {
        self.quiz = self.quiz.counting(system);
        self
    }

    /// The count kept.
    pub fn system(&self) -> &CountSystem {
        self.quiz.system()
    }

    /// Where the count starts after a shuffle: 0, or an unbalanced count's initial one.
    pub fn start(&self) -> i32 {
        self.system().initial_running_count(self.quiz.table().rules().decks)
    }

    /// Reads a running-count answer about the cards dealt since the shuffle ([`read_count_of`]).
    pub fn read_answer(&self, answer: &str) -> Result<i32, String> {
        read_count_of(answer, self.system(), self.start(), self.cards_dealt())
    }

    /// Deals and plays the next round; `None` if the table could not deal one.
    pub fn deal_round(&mut self) -> Option<&RoundCards> {
        let events = self.quiz.play_round(&self.seat);
        if events.is_empty() {
            return None;
        }
        self.round += 1;
        self.last = RoundCards::from_events(&events, COUNT_SEATS);
        Some(&self.last)
    }

    /// The last round dealt (empty before the first).
    pub fn last_round(&self) -> &RoundCards {
        &self.last
    }

    /// Rounds dealt so far.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Cards left in the shoe.
    pub fn cards_left(&self) -> usize {
        self.quiz.table().shoe().remaining()
    }

    /// Cards dealt since the shuffle: what the running count is the count of.
    pub fn cards_dealt(&self) -> usize {
        let shoe = self.quiz.table().shoe();
        shoe.size().saturating_sub(shoe.remaining())
    }

    /// The question as stored, naming the count unless Hi-Lo: `the Zen running count after
    /// round 4` ([`super::counting::question_count_name`] reads it back).
    pub fn question(&self) -> String {
        format!("the {} after round {}", self.system().named("running count"), self.round)
    }

    /// Whether the person should be asked for the count now.
    pub fn question_due(&self) -> bool {
        self.round > 0 && self.quiz.question_due()
    }

    /// Scores a guess of the running count and schedules the next question 1–3 rounds away.
    pub fn answer(&mut self, guess: i32) -> CountAnswer {
        let (_, actual) = self.quiz.answer(guess, &mut self.rng);
        self.summary.count_asked = self.quiz.asked;
        self.summary.count_right = self.quiz.right;
        CountAnswer { guess, actual }
    }

    /// The running tally of this quiz.
    pub fn summary(&self) -> &DrillSummary {
        &self.summary
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::basic_strategy;
    use crate::analysis::hilo::{hilo_sum, hilo_tag};
    use crate::sim::RoundTally;

    /// Issue 35: an empty answer read "`` is not a running count".
    #[test]
    fn an_empty_count_answer_says_nothing_was_typed() {
        let read_count =
            |answer, cards| read_count_of(answer, &crate::analysis::counts::HI_LO, 0, cards);
        for empty in ["", "  "] {
            let err = read_count(empty, 4).expect_err("empty");
            assert!(err.starts_with("Nothing was typed"), "{err}");
        }
        let err = read_count("seven", 4).expect_err("not a number");
        assert!(err.starts_with("`seven` is not a running count"), "{err}");
    }

    #[test]
    fn count_answers_parse_with_or_without_a_sign() {
        assert_eq!(parse_count("3"), Some(3));
        assert_eq!(parse_count(" -4 "), Some(-4));
        assert_eq!(parse_count("+2"), Some(2));
        assert_eq!(parse_count("0"), Some(0));
        for bad in ["", "-", "+", "++2", "seven", "1.5"] {
            assert_eq!(parse_count(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_count_drill_asks_for_the_count_of_the_cards_it_showed() {
        let rules = Rules::default();
        let chart = basic_strategy(&rules).chart.clone();
        let mut drill = CountDrill::new(&rules, chart, 11);
        assert!(!drill.question_due(), "nothing dealt yet");
        let mut running = 0;
        let mut asked = 0;
        while asked < 6 {
            let round = drill.deal_round().expect("a round").clone();
            if round.reshuffled {
                running = 0;
            }
            assert!(round.seats.iter().all(|s| s.len() >= 2));
            assert!(round.dealer.len() >= 2);
            running += hilo_sum(round.seats.iter().flatten().chain(&round.dealer));
            if drill.question_due() {
                let guess = if asked % 2 == 0 { running } else { running - 1 };
                let answer = drill.answer(guess);
                assert_eq!(answer.actual, running);
                assert_eq!(answer.is_right(), asked % 2 == 0);
                asked += 1;
            }
        }
        assert_eq!((drill.summary().count_asked, drill.summary().count_right), (6, 3));
        assert!(drill.round() >= 6);
    }

    #[test]
    fn a_stored_question_names_the_count_it_was_asked_in() {
        use crate::analysis::counts::HI_LO;
        use crate::analysis::counts::builtin::ZEN;
        use crate::trainer::drills::counting::asked_in;
        let rules = Rules::default();
        let chart = basic_strategy(&rules).chart.clone();
        for system in [HI_LO, ZEN] {
            let mut drill = CountDrill::new(&rules, chart.clone(), 3).counting(&system);
            drill.deal_round().expect("a round");
            let question = drill.question();
            assert!(question.ends_with("running count after round 1"), "{question}");
            for other in [HI_LO, ZEN] {
                assert_eq!(
                    asked_in(&question, &other),
                    other.key == system.key,
                    "{question:?} read as asked in {}",
                    other.name
                );
            }
        }
    }

    #[test]
    fn a_round_keeps_its_cards_in_the_order_they_came_and_shows_any_first_part() {
        let rules = Rules::default();
        let chart = basic_strategy(&rules).chart.clone();
        let mut drill = CountDrill::new(&rules, chart, 7);
        let round = drill.deal_round().expect("a round").clone();
        let by_spot = round.seats.iter().map(Vec::len).sum::<usize>() + round.dealer.len();
        assert_eq!(round.len(), by_spot, "every card once, in order");
        // The deal goes round the table: a card to each seat, then the dealer, twice.
        let spots: Vec<Spot> = round.order.iter().take(4).map(|&(s, _)| s).collect();
        assert_eq!(spots, [Spot::Seat(0), Spot::Seat(1), Spot::Seat(2), Spot::Dealer]);
        assert_eq!(round.first(round.len()), round);
        let part = round.first(5);
        assert_eq!(part.len(), 5);
        assert_eq!(part.seats[0], round.seats[0][..2].to_vec());
        assert_eq!(part.seats[1], round.seats[1][..1].to_vec());
        assert_eq!(part.dealer, round.dealer[..1].to_vec());
        assert!(round.first(0).is_empty());
    }

    #[test]
    fn a_count_answer_is_written_signed_as_every_count() {
        let wrong = CountAnswer { guess: -1, actual: 4 };
        assert_eq!(wrong.message(), "✗ Wrong: you said −1, the running count is +4.");
        let right = CountAnswer { guess: 0, actual: 0 };
        assert_eq!(right.message(), "✓ Right: the running count is +0.");
    }

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
        assert_eq!((tally.rounds, tally.hands, tally.wins, tally.naturals), (1, 1, 1, 1));
        assert_eq!(tally.net_milli, 1500);
    }
}
