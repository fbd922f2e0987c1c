//! The counting drills, pure logic shared by `blackjack drill --kind …` and the table's `r`
//! chooser: a deck countdown, true-count conversion, deck estimation, bet-ramp practice and
//! this game's index plays (deviations).
//!
//! Every question is answered by typing (a number, or an action key for deviations) and graded
//! at once; nothing here reads the clock or a terminal — the caller says how long an answer
//! took. The same seed asks the same questions.
//!
//! Conventions: the true count is the running count divided by the decks left. The drills
//! show the decks left at a resolution (whole, half or quarter decks: what a player reads off
//! a discard tray), and the answer is that quotient floored or truncated, as the player chose;
//! every answer names the convention. The index plays are compared with the floored count
//! ([`crate::analysis::deviation::floored_true_count`]), as the index tables are computed.

use rand::{RngExt, SeedableRng};

use super::count::hilo_tag;
use super::drill::build_hand;
use super::history::{CountAnswer, CountdownRun};
use super::report::{counted, skill_figures};
use crate::analysis::deviation::{Direction, IndexPlay, IndexTable, illustrious_18};
pub use crate::analysis::hilo::{BetRamp, MAX_RAMP_BET, MAX_RAMP_STEPS, RampError};
use crate::engine::{Action, Card, Cards, GameRng, Rank, Suit};

/// How a true count is rounded to a whole number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Convention {
    /// Towards minus infinity: +2.8 → +2, −0.4 → −1 (the index tables' convention).
    #[default]
    Floor,
    /// Towards zero: +2.8 → +2, −0.4 → 0.
    Truncate,
}

impl Convention {
    /// The whole true count of `running` over `decks` decks (read to the quarter deck, as
    /// every [`Resolution`] reads them): the quotient in whole numbers of quarter decks, so a
    /// count that divides exactly (−12 over 2 decks) is exactly −6 under either convention.
    pub fn apply(self, running: i32, decks: f64) -> i32 {
        let quarters = ((decks * 4.0).round() as i64).max(1);
        let quarter_counts = i64::from(running) * 4;
        let whole = match self {
            Convention::Floor => quarter_counts.div_euclid(quarters),
            Convention::Truncate => quarter_counts / quarters,
        };
        i32::try_from(whole).unwrap_or(if whole < 0 { i32::MIN } else { i32::MAX })
    }

    /// `floor` or `truncate`.
    pub const fn name(self) -> &'static str {
        match self {
            Convention::Floor => "floor",
            Convention::Truncate => "truncate",
        }
    }
}

/// The step in which decks left are read: whole, half or quarter decks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Resolution {
    /// Whole decks.
    Whole,
    /// Half decks.
    #[default]
    Half,
    /// Quarter decks.
    Quarter,
}

impl Resolution {
    /// The step in decks.
    pub const fn step(self) -> f64 {
        match self {
            Resolution::Whole => 1.0,
            Resolution::Half => 0.5,
            Resolution::Quarter => 0.25,
        }
    }

    /// `whole`, `half` or `quarter`.
    pub const fn name(self) -> &'static str {
        match self {
            Resolution::Whole => "whole",
            Resolution::Half => "half",
            Resolution::Quarter => "quarter",
        }
    }

    /// `cards` cards as decks, to the nearest step (at least one step).
    pub fn decks(self, cards: usize) -> f64 {
        let step = self.step();
        ((cards as f64 / 52.0 / step).round() * step).max(step)
    }
}

/// Which counting drill.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QuizKind {
    /// Running count → true count.
    TrueCount,
    /// Discard tray → decks left.
    Decks,
    /// True count → the ramp's bet.
    Ramp,
    /// Hand, up card and true count → the play, by this game's index table.
    Deviations,
}

impl QuizKind {
    /// The name on the command line and in the statistics.
    pub const fn name(self) -> &'static str {
        match self {
            QuizKind::TrueCount => "true-count",
            QuizKind::Decks => "decks",
            QuizKind::Ramp => "ramp",
            QuizKind::Deviations => "deviations",
        }
    }

    /// What it practises.
    pub const fn describe(self) -> &'static str {
        match self {
            QuizKind::TrueCount => "true-count conversion",
            QuizKind::Decks => "estimating the decks left",
            QuizKind::Ramp => "betting by the ramp",
            QuizKind::Deviations => "this game's index plays",
        }
    }
}

/// How the counting drills are set up.
#[derive(Debug, Clone, PartialEq)]
pub struct QuizSettings {
    /// Decks in the shoe.
    pub decks: u8,
    /// How the true count is rounded.
    pub convention: Convention,
    /// How finely the decks left are read.
    pub resolution: Resolution,
    /// The bet ramp.
    pub ramp: BetRamp,
    /// The index plays asked about (this game's, computed for the rules).
    pub indices: IndexTable,
    /// The published American index plays, to say where this game differs.
    pub peek: IndexTable,
}

impl QuizSettings {
    /// The settings for a shoe of `decks` asking about `indices`: floored true counts, decks
    /// read to the half deck, the default ramp, and the published American index plays beside.
    pub fn new(decks: u8, indices: IndexTable) -> Self {
        QuizSettings {
            decks,
            convention: Convention::Floor,
            resolution: Resolution::Half,
            ramp: BetRamp::default(),
            indices,
            peek: illustrious_18(),
        }
    }
}

/// One question.
#[derive(Debug, Clone, PartialEq)]
pub enum Prompt {
    /// Running count `running` with `decks` decks left (read at the resolution).
    TrueCount {
        /// The running count.
        running: i32,
        /// Decks left, at the resolution.
        decks: f64,
    },
    /// `dealt` of `shoe` cards are in the discard tray: how many decks are left?
    Decks {
        /// Cards in the discard tray.
        dealt: usize,
        /// Cards in the full shoe.
        shoe: usize,
    },
    /// At floored true count `tc`, the bet?
    Ramp {
        /// The floored true count.
        tc: i32,
    },
    /// This hand against this up card at floored true count `tc`: the play?
    Deviation {
        /// The index play asked about.
        play: IndexPlay,
        /// The hand.
        cards: Cards,
        /// The dealer's up card.
        up: Card,
        /// The floored true count.
        tc: i32,
    },
}

/// A graded answer.
#[derive(Debug, Clone, PartialEq)]
pub struct QuizAnswer {
    /// Whether it was right.
    pub right: bool,
    /// The right answer, as the player would type it.
    pub expected: String,
    /// Why, in a line: the sum, the convention, the index.
    pub why: String,
    /// How far off a numeric answer was (0 when right; 1 for a wrong play).
    pub error: f64,
}

impl QuizAnswer {
    /// The answer as the hand history keeps it: the `question` as it was asked, what was
    /// `typed`, and how long it took.
    pub fn record(&self, skill: &str, question: String, typed: &str, seconds: f64) -> CountAnswer {
        CountAnswer {
            at: 0,
            skill: skill.to_owned(),
            question,
            answer: typed.trim().to_owned(),
            truth: self.expected.clone(),
            right: self.right,
            error: self.error,
            seconds,
            countdown: None,
        }
    }
}

/// A counting drill session: the question on screen, and how it is going.
#[derive(Debug, Clone)]
pub struct Quiz {
    kind: QuizKind,
    settings: QuizSettings,
    rng: GameRng,
    prompt: Prompt,
    /// Questions answered.
    pub asked: u32,
    /// Answered right.
    pub right: u32,
    /// Right answers in a row now.
    pub streak: u32,
    /// The longest run of right answers.
    pub best_streak: u32,
    /// The sum of the answers' errors (mean error = this ÷ asked).
    pub error_sum: f64,
    /// Seconds spent answering.
    pub seconds: f64,
}

impl Quiz {
    /// A drill of `kind`; the same `seed` asks the same questions. `None` for a deviations
    /// drill with no index play to ask about.
    pub fn new(kind: QuizKind, settings: QuizSettings, seed: u64) -> Option<Quiz> {
        if kind == QuizKind::Deviations && !settings.indices.plays.iter().any(|p| p.index.is_some())
        {
            return None;
        }
        let mut rng = GameRng::seed_from_u64(seed);
        let prompt = ask(kind, &settings, &mut rng);
        Some(Quiz {
            kind,
            settings,
            rng,
            prompt,
            asked: 0,
            right: 0,
            streak: 0,
            best_streak: 0,
            error_sum: 0.0,
            seconds: 0.0,
        })
    }

    /// Which drill.
    pub fn kind(&self) -> QuizKind {
        self.kind
    }

    /// The settings.
    pub fn settings(&self) -> &QuizSettings {
        &self.settings
    }

    /// The question on screen.
    pub fn prompt(&self) -> &Prompt {
        &self.prompt
    }

    /// The question in words.
    pub fn question_text(&self) -> String {
        match &self.prompt {
            Prompt::TrueCount { running, decks } => format!(
                "Running count {running:+}, {decks} deck{} left: the true count ({})?",
                if *decks == 1.0 { "" } else { "s" },
                self.settings.convention.name()
            ),
            Prompt::Decks { shoe, .. } => format!(
                "The discard tray of a {}-deck shoe: how many decks are left (to the {} deck)?",
                shoe / 52,
                self.settings.resolution.name()
            ),
            Prompt::Ramp { tc } => format!("True count {tc:+}: your bet?"),
            Prompt::Deviation { cards, up, tc, .. } => format!(
                "{} against {} at true count {tc:+}: hit, stand, double or split?",
                cards_text(cards),
                up
            ),
        }
    }

    /// Grades `text` (a number, or `h`/`s`/`d`/`p` for deviations) and asks the next
    /// question. An answer that is not one (`Err`) is not counted.
    pub fn answer(&mut self, text: &str, seconds: f64) -> Result<QuizAnswer, String> {
        let answer = grade_prompt(&self.prompt, &self.settings, text.trim())?;
        self.asked += 1;
        self.seconds += seconds;
        self.error_sum += answer.error;
        if answer.right {
            self.right += 1;
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
        self.prompt = ask(self.kind, &self.settings, &mut self.rng);
        Ok(answer)
    }

    /// `Right 7 of 10 (70%) · streak 2 (best 5) · mean error 0.30 · 2.1 s an answer` (the figures
    /// after the streak as [`skill_figures`] words them).
    pub fn score_line(&self) -> String {
        let pct = if self.asked > 0 {
            format!(
                "{:.0}%",
                100.0 * f64::from(self.right) / f64::from(self.asked)
            )
        } else {
            "—".to_owned()
        };
        let per = skill_figures(
            self.kind.name(),
            self.asked.into(),
            self.error_sum,
            self.seconds,
        );
        format!(
            "Right {} of {} ({pct}) · streak {} (best {}){per}",
            self.right, self.asked, self.streak, self.best_streak
        )
    }
}

fn fmt_decks(decks: f64) -> String {
    let s = format!("{decks:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

fn cards_text(cards: &Cards) -> String {
    cards
        .as_slice()
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn ask(kind: QuizKind, settings: &QuizSettings, rng: &mut GameRng) -> Prompt {
    let shoe = usize::from(settings.decks) * 52;
    match kind {
        QuizKind::TrueCount => {
            // Decks left at the resolution, from one step up to the shoe less one step.
            let step = settings.resolution.step();
            let steps = (f64::from(settings.decks) / step) as u32;
            let decks = f64::from(rng.random_range(1..steps.max(2))) * step;
            // True counts from −6 to +10, the running count that gives one.
            let target = rng.random_range(-6.0..10.0);
            let running = (target * decks).round() as i32;
            Prompt::TrueCount { running, decks }
        }
        QuizKind::Decks => Prompt::Decks {
            dealt: rng.random_range(26..shoe.saturating_sub(26).max(27)),
            shoe,
        },
        QuizKind::Ramp => Prompt::Ramp {
            tc: rng.random_range(-3..=i32::try_from(settings.ramp.bets().len()).unwrap_or(7) + 1),
        },
        QuizKind::Deviations => {
            let plays: Vec<&IndexPlay> = settings
                .indices
                .plays
                .iter()
                .filter(|p| p.index.is_some())
                .collect();
            let play = plays[rng.random_range(0..plays.len())].clone();
            let index = play.index.unwrap_or(0);
            // On both sides of the index, as often: two counts below, two at or above.
            let tc = index + rng.random_range(-2..=1);
            let cards = build_hand(rng, play.cell.kind, play.cell.row);
            let up = up_card(rng, play.cell.up);
            Prompt::Deviation {
                play,
                cards,
                up,
                tc,
            }
        }
    }
}

fn up_card(rng: &mut GameRng, value: u8) -> Card {
    let rank = if value == 10 {
        Rank::ALL[rng.random_range(9..13usize)]
    } else {
        Rank::ALL[usize::from(value) - 1]
    };
    Card::new(rank, Suit::ALL[rng.random_range(0..4usize)])
}

fn number(text: &str) -> Result<f64, String> {
    let clean = text.trim_start_matches('+').replace('−', "-");
    clean
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| format!("`{text}` is not a number"))
}

/// The largest true count an answer may give: past it no shoe dealt to its cut card goes.
pub const MAX_TRUE_COUNT_ANSWER: f64 = 30.0;

/// A number within `low..=high`: `what` names the quantity for the refusal.
fn number_in(text: &str, low: f64, high: f64, what: &str) -> Result<f64, String> {
    let given = number(text)?;
    if (low..=high).contains(&given) {
        Ok(given)
    } else {
        Err(format!(
            "{what} is between {low} and {high}: `{text}` cannot be it"
        ))
    }
}

/// Whether `guess` can be the running count of `cards` cards (each adds −1, 0 or +1); the
/// refusal says why not.
pub fn check_running_count(guess: i32, cards: usize) -> Result<i32, String> {
    if guess.unsigned_abs() as usize <= cards {
        Ok(guess)
    } else {
        Err(format!(
            "{cards} cards make a running count between -{cards} and +{cards}: {guess:+} cannot be it"
        ))
    }
}

/// Grades `text` as the answer to `prompt` under `settings` (what [`Quiz::answer`] does for its
/// own question); an answer that is not one gets the reason.
pub fn grade_prompt(
    prompt: &Prompt,
    settings: &QuizSettings,
    text: &str,
) -> Result<QuizAnswer, String> {
    match prompt {
        Prompt::TrueCount { running, decks } => {
            let most = MAX_TRUE_COUNT_ANSWER;
            let given = number_in(text, -most, most, "a true count")?;
            let expected = settings.convention.apply(*running, *decks);
            let exact = f64::from(*running) / decks;
            Ok(QuizAnswer {
                right: given == f64::from(expected),
                expected: format!("{expected:+}"),
                why: format!(
                    "{running:+} ÷ {decks} = {exact:+.2}, {} → {expected:+}",
                    settings.convention.name()
                ),
                error: (given - f64::from(expected)).abs(),
            })
        }
        Prompt::Decks { dealt, shoe } => {
            let given = number_in(text, 0.0, *shoe as f64 / 52.0, "the decks left")?;
            let left = shoe - dealt;
            let expected = settings.resolution.decks(left);
            Ok(QuizAnswer {
                right: (given - expected).abs() < 1e-9,
                expected: fmt_decks(expected),
                why: format!(
                    "{left} cards left = {:.2} decks, to the {} deck {}",
                    left as f64 / 52.0,
                    settings.resolution.name(),
                    fmt_decks(expected)
                ),
                error: (given - left as f64 / 52.0).abs(),
            })
        }
        Prompt::Ramp { tc } => {
            let most = settings.ramp.bets().iter().copied().max().unwrap_or(1);
            let given = number_in(text, 0.0, f64::from(most) * 100.0, "a bet")?;
            let expected = settings.ramp.bet(*tc);
            let ramp: Vec<String> = settings.ramp.bets().iter().map(u32::to_string).collect();
            Ok(QuizAnswer {
                right: given == f64::from(expected),
                expected: expected.to_string(),
                why: format!(
                    "ramp {} from a true count of 0 or less: at {tc:+} bet {expected}",
                    ramp.join(",")
                ),
                error: (given - f64::from(expected)).abs(),
            })
        }
        Prompt::Deviation { play, tc, .. } => {
            let given = action_key(text)?;
            let expected = if play.applies(*tc) {
                play.play
            } else {
                play.otherwise
            };
            let mut why = format!("{}: {}", play.cell.label(), index_words(play));
            // What the right play is worth at this count over the other (the computed tables
            // say; a published one does not).
            let other = if expected == play.play {
                play.otherwise
            } else {
                play.play
            };
            let sign = if expected == play.play { 1.0 } else { -1.0 };
            if let Some(edge) = play.gain_at(*tc).map(|g| sign * g).filter(|&e| e >= 0.0) {
                why.push_str(&format!(
                    "; at {tc:+} {} is worth {edge:.3} bets more than {}",
                    expected.name(),
                    other.name()
                ));
                if given == other {
                    why.push_str(": what this answer gives away");
                }
            }
            if let Some(peek) = settings.peek.get(play.cell)
                && peek.index != play.index
            {
                why.push_str(&format!(
                    "; the American peek-game table says {}{}",
                    index_words(peek),
                    if matches!(play.play, Action::Double | Action::Split) {
                        " (with no hole card, a dealer natural here takes the doubled or split stake too)"
                    } else {
                        ""
                    }
                ));
            }
            Ok(QuizAnswer {
                right: given == expected,
                expected: expected.name().to_owned(),
                why,
                error: f64::from(u8::from(given != expected)),
            })
        }
    }
}

/// `stand at +0 and above`, `hit below −1`, `never between −10 and +15`.
pub fn index_words(play: &IndexPlay) -> String {
    match (play.index, play.direction) {
        (None, _) => format!("{} never between −10 and +15", play.play.name()),
        (Some(i), Direction::AtOrAbove) => format!("{} at {i:+} and above", play.play.name()),
        (Some(i), Direction::Below) => format!("{} below {i:+}", play.play.name()),
    }
}

fn action_key(text: &str) -> Result<Action, String> {
    match text.to_ascii_lowercase().as_str() {
        "h" | "hit" => Ok(Action::Hit),
        "s" | "stand" => Ok(Action::Stand),
        "d" | "double" => Ok(Action::Double),
        "p" | "split" => Ok(Action::Split),
        _ => Err(format!("`{text}` is not a play: h, s, d or p")),
    }
}

/// A deck countdown: decks shuffled, turned over one or two cards at a time; at the end (or at
/// an unannounced stop) the player gives the running count.
#[derive(Debug, Clone)]
pub struct Countdown {
    cards: Vec<Card>,
    shown: usize,
    per_flash: usize,
    stop_at: usize,
}

impl Countdown {
    /// `decks` decks (1–8), `per_flash` cards (1 or 2) a flash; with `surprise`, the run stops
    /// at an unannounced point past the first half.
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
        let stop_at = if surprise {
            rng.random_range(cards.len() / 2..cards.len())
        } else {
            cards.len()
        };
        Countdown {
            cards,
            shown: 0,
            per_flash: per_flash.clamp(1, 2),
            stop_at,
        }
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
        self.cards[..self.shown]
            .iter()
            .map(|c| hilo_tag(c.value()))
            .sum()
    }

    /// Cards turned a flash.
    pub fn per_flash(&self) -> usize {
        self.per_flash
    }

    /// Whole decks in the run.
    pub fn decks(&self) -> u8 {
        u8::try_from(self.cards.len() / 52).unwrap_or(u8::MAX)
    }

    /// `1 deck · 2 cards a flash · a flash every 0.5 s`: the run as its screen and the command
    /// line announce it; `by_hand` says how the next flash is turned when no pace turns it.
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

    /// Grades `guess` given `seconds` after the first card; `best` is the person's best time
    /// so far for the run's decks. A right answer beats it only in a whole run the person
    /// turned (`paced` false): a run that stopped early (`surprise`) showed fewer cards than
    /// its decks hold, and a paced run took the time the pace gave it.
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
        }
    }
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
    /// A right answer that is the person's best for its decks.
    pub best: bool,
}

impl CountdownVerdict {
    /// The answer as the hand history keeps it.
    pub fn answer(&self) -> CountAnswer {
        CountAnswer {
            at: 0,
            skill: "countdown".to_owned(),
            question: format!("the running count after {} cards", self.cards),
            answer: format!("{:+}", self.guess),
            truth: format!("{:+}", self.running),
            right: self.right,
            error: f64::from((self.guess - self.running).abs()),
            seconds: self.seconds,
            countdown: Some(CountdownRun {
                decks: self.decks,
                timed: self.timed,
            }),
        }
    }

    /// The verdict in words (without a ✓/✗ mark): the count, the cards, and the time and
    /// speed of a run the person turned (a paced run's time is the pace's: it says so instead).
    pub fn text(&self) -> String {
        let (running, guess, cards, seconds) = (self.running, self.guess, self.cards, self.seconds);
        if self.paced {
            return if self.right {
                format!("Right: {running:+} after {cards} cards, turned at the pace set.")
            } else {
                format!(
                    "The count was {running:+}, not {guess:+} ({cards} cards, turned at the pace set)."
                )
            };
        }
        if self.right {
            let pace = if seconds > 0.0 {
                format!(" ({:.1} cards a second)", cards as f64 / seconds)
            } else {
                String::new()
            };
            let best = if self.best { " · a personal best" } else { "" };
            format!("Right: {running:+} after {cards} cards in {seconds:.1} s{pace}{best}.")
        } else {
            format!("The count was {running:+}, not {guess:+} ({cards} cards in {seconds:.1} s).")
        }
    }
}

/// The discard tray as a bar of `width` characters: `full` for the share of the shoe dealt
/// (rounded to the nearest character), `empty` for the rest.
pub fn tray_bar(dealt: usize, shoe: usize, width: usize, full: char, empty: char) -> String {
    let filled = ((dealt * width + shoe / 2) / shoe.max(1)).min(width);
    std::iter::repeat_n(full, filled)
        .chain(std::iter::repeat_n(empty, width - filled))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::chart::{Cell, HandKind};

    fn settings() -> QuizSettings {
        QuizSettings {
            decks: 6,
            convention: Convention::Floor,
            resolution: Resolution::Half,
            ramp: BetRamp::default(),
            indices: illustrious_18(),
            peek: illustrious_18(),
        }
    }

    #[test]
    fn conventions_round_as_named() {
        assert_eq!(Convention::Floor.apply(7, 2.5), 2);
        assert_eq!(Convention::Floor.apply(-1, 2.5), -1);
        assert_eq!(Convention::Truncate.apply(-1, 2.5), 0);
        assert_eq!(Convention::Floor.apply(7, 3.5), 2, "exactly 2, not 1.999…");
        assert_eq!(Convention::Truncate.apply(-7, 3.5), -2);
    }

    #[test]
    fn decks_are_read_at_the_resolution() {
        assert_eq!(Resolution::Half.decks(130), 2.5);
        assert_eq!(Resolution::Whole.decks(130), 3.0);
        assert_eq!(Resolution::Quarter.decks(120), 2.25);
        assert_eq!(Resolution::Half.decks(3), 0.5, "never below one step");
    }

    #[test]
    fn the_ramp_holds_its_last_bet_and_its_first_below_zero() {
        let ramp = BetRamp::default();
        assert_eq!(ramp.bet(-4), 1);
        assert_eq!(ramp.bet(0), 1);
        assert_eq!(ramp.bet(2), 4);
        assert_eq!(ramp.bet(40), 12);
        assert!(BetRamp::new(vec![]).is_err() && BetRamp::new(vec![1, 0]).is_err());
    }

    #[test]
    fn every_quiz_grades_its_own_expected_answer_right_and_another_wrong() {
        for kind in [
            QuizKind::TrueCount,
            QuizKind::Decks,
            QuizKind::Ramp,
            QuizKind::Deviations,
        ] {
            let mut quiz = Quiz::new(kind, settings(), 7).expect("a question");
            for _ in 0..200 {
                let prompt = quiz.prompt().clone();
                let right = grade_prompt(&prompt, quiz.settings(), "0").map(|a| a.expected);
                let expected = match right {
                    Ok(e) => e,
                    // Deviations are answered with a play.
                    Err(_) => {
                        grade_prompt(&prompt, quiz.settings(), "h")
                            .unwrap()
                            .expected
                    }
                };
                let answer = quiz.answer(&expected, 1.0).unwrap();
                assert!(answer.right, "{kind:?} {prompt:?}: {answer:?}");
            }
            assert_eq!((quiz.asked, quiz.right, quiz.best_streak), (200, 200, 200));
            assert!(quiz.answer("nonsense", 1.0).is_err());
            assert_eq!(quiz.asked, 200, "not an answer: not counted");
        }
    }

    #[test]
    fn deviation_counts_fall_on_both_sides_of_the_index() {
        let mut quiz = Quiz::new(QuizKind::Deviations, settings(), 3).unwrap();
        let (mut on, mut off) = (0, 0);
        for _ in 0..400 {
            if let Prompt::Deviation { play, tc, .. } = quiz.prompt() {
                if play.applies(*tc) {
                    on += 1;
                } else {
                    off += 1;
                }
            }
            quiz.answer("s", 0.0).unwrap();
        }
        assert!(on > 100 && off > 100, "{on} on the index's side, {off} off");
    }

    #[test]
    fn a_true_count_answer_names_the_convention_and_the_sum() {
        let prompt = Prompt::TrueCount {
            running: -3,
            decks: 2.0,
        };
        let floor = grade_prompt(&prompt, &settings(), "-1").unwrap();
        assert!(!floor.right && floor.expected == "-2" && floor.why.contains("floor"));
        let truncate = QuizSettings {
            convention: Convention::Truncate,
            ..settings()
        };
        assert!(grade_prompt(&prompt, &truncate, "-1").unwrap().right);
    }

    #[test]
    fn a_countdown_counts_a_whole_deck_to_zero_and_stops_by_surprise_past_half() {
        let mut run = Countdown::new(1, 2, false, 5);
        let mut flashes = 0;
        while run.flash().is_some() {
            flashes += 1;
        }
        assert_eq!((flashes, run.running()), (26, 0));
        let mut surprise = Countdown::new(2, 1, true, 5);
        while surprise.flash().is_some() {}
        assert!(surprise.shown() >= 52 && surprise.shown() < 104);
    }

    #[test]
    fn where_the_index_differs_from_the_peek_game_the_answer_says_why() {
        let mut game = illustrious_18();
        let eleven = game
            .plays
            .iter_mut()
            .find(|p| p.cell.row == 11 && p.cell.up == 1)
            .unwrap();
        eleven.index = Some(5);
        let quiz_settings = QuizSettings {
            indices: game.clone(),
            ..settings()
        };
        let play = game.get(eleven_cell()).unwrap().clone();
        let prompt = Prompt::Deviation {
            play,
            cards: build_hand(&mut GameRng::seed_from_u64(1), HandKind::Hard, 11),
            up: Card::of_value(1),
            tc: 3,
        };
        let answer = grade_prompt(&prompt, &quiz_settings, "d").unwrap();
        assert!(!answer.right && answer.expected == "hit", "{answer:?}");
        assert!(answer.why.contains("peek-game") && answer.why.contains("no hole card"));
    }

    fn eleven_cell() -> Cell {
        Cell {
            kind: HandKind::Hard,
            row: 11,
            up: 1,
        }
    }

    #[test]
    fn the_tray_bar_fills_the_share_dealt_to_the_nearest_character() {
        assert_eq!(tray_bar(0, 312, 8, '#', '.'), "........");
        assert_eq!(tray_bar(156, 312, 8, '#', '.'), "####....");
        assert_eq!(tray_bar(312, 312, 8, '#', '.'), "########");
        // 1/16 of the shoe is half a character: rounded up; a little less is not.
        assert_eq!(tray_bar(20, 312, 8, '#', '.'), "#.......");
        assert_eq!(tray_bar(19, 312, 8, '#', '.'), "........");
    }

    #[test]
    fn a_countdown_verdict_says_the_count_the_cards_and_the_pace() {
        let mut run = Countdown::new(1, 2, false, 7);
        while run.flash().is_some() {}
        let right = run.grade(run.running(), 26.0, false, None);
        assert!(right.right && right.best);
        assert_eq!(right.cards, 52);
        assert_eq!(
            right.text(),
            "Right: +0 after 52 cards in 26.0 s (2.0 cards a second) · a personal best."
        );
        let slower = run.grade(0, 30.0, false, Some(26.0));
        assert!(slower.right && !slower.best, "30 s does not beat 26 s");
        let wrong = run.grade(3, 10.0, false, Some(26.0));
        assert!(!wrong.right && !wrong.best);
        assert_eq!(
            wrong.text(),
            "The count was +0, not +3 (52 cards in 10.0 s)."
        );
    }

    #[test]
    fn only_a_whole_run_the_person_turned_is_a_personal_best() {
        // At a pace, the time is the pace's: right, and no best however fast.
        let mut paced = Countdown::new(1, 1, false, 7);
        while paced.flash().is_some() {}
        let verdict = paced.grade(paced.running(), 5.0, true, None);
        assert!(verdict.right && !verdict.best, "{verdict:?}");
        // Stopped early: fewer cards than the deck, so no best for a deck.
        let seed = (0..50)
            .find(|&seed| {
                let mut run = Countdown::new(1, 1, true, seed);
                while run.flash().is_some() {}
                run.shown() < run.size()
            })
            .expect("some surprise run stops before the last card");
        let mut early = Countdown::new(1, 1, true, seed);
        while early.flash().is_some() {}
        let verdict = early.grade(early.running(), 1.0, false, None);
        assert!(verdict.right && !verdict.best, "{verdict:?}");
        // A whole self-turned run of 60 s is the first best.
        let mut whole = Countdown::new(1, 1, false, 7);
        while whole.flash().is_some() {}
        let verdict = whole.grade(whole.running(), 60.0, false, None);
        assert!(verdict.right && verdict.best, "{verdict:?}");
        assert!(verdict.answer().countdown.is_some_and(|c| c.timed));
    }

    #[test]
    fn a_count_that_divides_exactly_is_that_count_under_both_conventions() {
        for (running, decks, floor, truncate) in [
            (-12, 2.0, -6, -6),
            (-4, 1.0, -4, -4),
            (-2, 0.5, -4, -4),
            (7, 3.5, 2, 2),
            (-7, 3.5, -2, -2),
            (-13, 2.0, -7, -6),
            (1, 1.5, 0, 0),
            (-1, 1.5, -1, 0),
            (39, 4.5, 8, 8),
            (-3, 0.25, -12, -12),
        ] {
            assert_eq!(
                Convention::Floor.apply(running, decks),
                floor,
                "{running} / {decks}"
            );
            assert_eq!(
                Convention::Truncate.apply(running, decks),
                truncate,
                "{running} / {decks}"
            );
        }
    }

    #[test]
    fn a_paced_countdown_reports_no_speed_of_the_persons() {
        let mut run = Countdown::new(1, 1, false, 7);
        while run.flash().is_some() {}
        let paced = run.grade(run.running(), 26.0, true, None);
        assert!(paced.right && paced.paced);
        assert_eq!(
            paced.text(),
            "Right: +0 after 52 cards, turned at the pace set."
        );
        let wrong = run.grade(2, 26.0, true, None);
        assert!(!wrong.text().contains("a second"), "{}", wrong.text());
        assert!(wrong.text().contains("pace set"), "{}", wrong.text());
        let turned = run.grade(run.running(), 26.0, false, None);
        assert!(
            turned.text().contains("2.0 cards a second"),
            "{}",
            turned.text()
        );
    }
}
