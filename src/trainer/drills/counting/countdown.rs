//! The deck countdown: cards turned a flash at a time, the running count asked at the end.

use rand::{RngExt, SeedableRng};

use crate::analysis::counts::CountSystem;
use crate::engine::{Card, GameRng, Rank, Suit};
use crate::text::{counted, signed};
use crate::trainer::history::{CountAnswer, CountdownRun};

/// A deck countdown: decks turned a card or two at a time, the running count asked at the end.
#[derive(Debug, Clone)]
pub struct Countdown {
    cards: Vec<Card>,
    shown: usize,
    per_flash: usize,
    stop_at: usize,
    system: CountSystem,
}

impl Countdown {
    /// `decks` decks, `per_flash` cards a flash; with `surprise`, it stops past half unannounced.
    pub fn new(decks: u8, per_flash: usize, surprise: bool, seed: u64) -> Countdown {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut cards: Vec<Card> = (0..decks)
            .flat_map(|_| {
                Suit::ALL
                    .into_iter()
                    .flat_map(|s| Rank::ALL.into_iter().map(move |r| Card::new(r, s)))
            })
            .collect();
        for i in (1..cards.len()).rev() {
            cards.swap(i, rng.random_range(0..=i));
        }
        let stop_at =
            if surprise { rng.random_range(cards.len() / 2..cards.len()) } else { cards.len() };
        Countdown {
            cards,
            shown: 0,
            per_flash: per_flash.clamp(1, 2),
            stop_at,
            system: CountSystem::default(),
        }
    }

    /// The same run counted in `system` (Hi-Lo unless this is called).
    pub fn counting(mut self, system: &CountSystem) -> Countdown {
        self.system = system.clone();
        self
    }

    /// The count kept.
    pub fn system(&self) -> &CountSystem {
        &self.system
    }

    /// Where the count starts: 0, or an unbalanced count's initial running count.
    pub fn start(&self) -> i32 {
        self.system.initial_running_count(self.decks())
    }

    /// The next flash, or `None` when the run is over and the count is asked.
    pub fn flash(&mut self) -> Option<&[Card]> {
        if self.shown >= self.stop_at {
            return None;
        }
        let start = self.shown;
        self.shown = (self.shown + self.per_flash).min(self.stop_at);
        Some(&self.cards[start..self.shown])
    }

    /// Ends the run at the cards shown: the person answers now (an empty run stays as it is).
    pub fn stop(&mut self) {
        if self.shown > 0 {
            self.stop_at = self.shown;
        }
    }

    /// Whether the run stops before its last card (a surprise stop, or the person's).
    pub fn stops_early(&self) -> bool {
        self.stop_at < self.cards.len()
    }

    /// Cards shown so far.
    pub fn shown(&self) -> usize {
        self.shown
    }

    /// Cards in the run.
    pub fn size(&self) -> usize {
        self.cards.len()
    }

    /// Whether the count is asked now.
    pub fn done(&self) -> bool {
        self.shown >= self.stop_at
    }

    /// The running count of the cards shown.
    pub fn running(&self) -> i32 {
        self.start() + self.system.sum(&self.cards[..self.shown])
    }

    /// Cards turned a flash.
    pub fn per_flash(&self) -> usize {
        self.per_flash
    }

    /// Whole decks in the run.
    pub fn decks(&self) -> u8 {
        u8::try_from(self.cards.len() / 52).unwrap_or(u8::MAX)
    }

    /// `1 deck · 2 cards a flash · a flash every 0.5 s` (`by_hand` where no pace turns them).
    pub fn setup_text(&self, pace: Option<f64>, by_hand: &str) -> String {
        let turns = match pace {
            Some(seconds) => format!("a flash every {seconds} s"),
            None => by_hand.to_owned(),
        };
        format!(
            "{} · {} a flash · {turns}",
            counted(u64::from(self.decks()), "deck"),
            counted(self.per_flash as u64, "card")
        )
    }

    /// Grades `guess` given `seconds` after the first card; `best` is this count's best time
    /// for the run's decks. Only a whole run the person turned can beat it: one that stopped
    /// early showed fewer cards, and a paced run took the pace's time.
    pub fn grade(
        &self,
        guess: i32,
        seconds: f64,
        paced: bool,
        best: Option<f64>,
    ) -> CountdownVerdict {
        let running = self.running();
        let right = guess == running;
        let timed = !paced && self.shown == self.size();
        CountdownVerdict {
            right,
            running,
            guess,
            cards: self.shown,
            seconds,
            decks: self.decks(),
            paced,
            timed,
            best: right && timed && best.is_none_or(|b| seconds < b),
            asked: self.system.named("running count"),
            count: self.system.name.to_string(),
        }
    }
}

/// The count a stored countdown answer was given in (`None` for Hi-Lo): [`question_count_name`].
pub fn countdown_count_name(question: &str) -> Option<&str> {
    question_count_name(question)
}

/// The phrases a stored question names its count just before: `the Zen running count`,
/// `at Zen true count +2`, `their Zen net count`.
const COUNT_PHRASES: [&str; 3] = ["running count", "true count", "net count"];

/// The words that end the text before a count's name: `the`, `at`, `their`.
const BEFORE_A_NAME: [&str; 4] = ["the", "at", "their", "a"];

/// The count a stored answer was given in, read from its question (the answers table keeps no
/// count column): the words just before [`COUNT_PHRASES`] — `Zen` in `… at Zen true count +2`.
/// `None` where no name stands there: Hi-Lo's questions, which read as they always have.
pub fn question_count_name(question: &str) -> Option<&str> {
    // ASCII lowering keeps every byte where it was: its offsets are `question`'s.
    let lower = question.to_ascii_lowercase();
    let at = COUNT_PHRASES.iter().filter_map(|p| lower.find(p)).min()?;
    let before = question[..at].trim_end();
    let words: Vec<(usize, &str)> = before
        .split(' ')
        .scan(0, |at, word| {
            let here = *at;
            *at += word.len() + 1;
            Some((here, word))
        })
        .collect();
    let mut start = before.len();
    for &(i, word) in words.iter().rev() {
        let stops = BEFORE_A_NAME.contains(&word.to_ascii_lowercase().as_str())
            || word.ends_with([':', ',', '.', '?']);
        if stops {
            break;
        }
        start = i;
    }
    Some(before[start..].trim()).filter(|name| !name.is_empty())
}

/// Whether a stored answer's `question` was asked in `system` (naming none is Hi-Lo).
pub fn asked_in(question: &str, system: &CountSystem) -> bool {
    question_count_name(question) == countdown_count_key(system)
}

/// The countdown's personal best in words: `Your best perfect run in Zen, 1 deck: 24.3 s`.
pub fn best_words(system: &CountSystem, decks: u8, seconds: f64) -> String {
    format!(
        "Your best perfect run in {}, {}: {seconds:.1} s",
        system.name,
        counted(u64::from(decks), "deck")
    )
}

/// The count name under which a run counted in `system` keeps its bests: `None` for Hi-Lo
/// (kept as they always were), else its name.
pub fn countdown_count_key(system: &CountSystem) -> Option<&str> {
    (!system.is_hilo()).then_some(system.name.as_ref())
}

/// The paces a countdown can turn its cards at, slowest first: seconds a flash.
pub const COUNTDOWN_PACES: [f64; 8] = [2.0, 1.5, 1.0, 0.75, 0.5, 0.35, 0.25, 0.15];

/// The deck counts a countdown offers.
pub const COUNTDOWN_DECKS: [u8; 4] = [1, 2, 4, 6];

/// The verdict on a countdown's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct CountdownVerdict {
    /// Whether the count given was the running count.
    pub right: bool,
    /// The running count of the cards shown.
    pub running: i32,
    /// The count given.
    pub guess: i32,
    /// Cards shown.
    pub cards: usize,
    /// Seconds from the first card to the last.
    pub seconds: f64,
    /// Decks in the run.
    pub decks: u8,
    /// The cards turned at a set pace: the time is the pace's, not the person's.
    pub paced: bool,
    /// A whole run the person turned: its time may be a best.
    pub timed: bool,
    /// A right answer that is the person's best for its decks in its count.
    pub best: bool,
    /// What was asked: `running count` (Hi-Lo), `Zen running count`.
    pub asked: String,
    /// The count's name (`Hi-Lo`, `Zen`): a best is this count's best.
    pub count: String,
}

impl CountdownVerdict {
    /// The answer as the hand history keeps it.
    pub fn answer(&self) -> CountAnswer {
        CountAnswer {
            at: 0,
            skill: "countdown".to_owned(),
            question: format!("the {} after {} cards", self.asked, self.cards),
            answer: signed(self.guess),
            truth: signed(self.running),
            right: self.right,
            error: f64::from((self.guess - self.running).abs()),
            seconds: self.seconds,
            countdown: Some(CountdownRun { decks: self.decks, timed: self.timed }),
        }
    }

    /// The verdict in words (no mark): the count, the cards, and a turned run's time and speed.
    pub fn text(&self) -> String {
        let (running, guess) = (signed(self.running), signed(self.guess));
        let (cards, seconds) = (self.cards, self.seconds);
        if self.paced {
            return if self.right {
                format!("Right: {running} after {cards} cards, turned at the pace set.")
            } else {
                format!(
                    "The count was {running}, not {guess} ({cards} cards, turned at the pace set)."
                )
            };
        }
        if self.right {
            let pace = if seconds > 0.0 {
                format!(" ({:.1} cards a second)", cards as f64 / seconds)
            } else {
                String::new()
            };
            let best = if self.best {
                format!(" · a personal best in {}", self.count)
            } else {
                String::new()
            };
            format!("Right: {running} after {cards} cards in {seconds:.1} s{pace}{best}.")
        } else {
            format!("The count was {running}, not {guess} ({cards} cards in {seconds:.1} s).")
        }
    }
}
