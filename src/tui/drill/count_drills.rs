//! The counting drills on screen: the deck countdown and the typed quizzes. The logic is
//! [`crate::trainer::drills::counting`]'s; this keeps the screens' state and records every
//! answer with the coach, saved at once.

use std::time::Instant;

use crate::trainer::drills::count_quiz::read_count_of;
use crate::trainer::drills::counting::{
    COUNTDOWN_DECKS as COUNTDOWN_DECK_CHOICES, COUNTDOWN_PACES, Countdown, Quiz, QuizAnswer,
    QuizKind, QuizSettings,
};
use crate::tui::drill::shared::{DrillContext, keys_text, note, summary_lines};
use crate::tui::intent::DrillIntent;
use crate::tui::message::{Message, Tone};

/// The longest typed answer.
const INPUT_MAX: usize = 6;

/// Decks in a table countdown, until the person picks another number.
pub const COUNTDOWN_DECKS: u8 = 1;

/// A typed counting quiz on screen.
pub struct QuizScreen {
    /// The quiz: the question, the score.
    pub quiz: Quiz,
    /// What has been typed.
    pub input: String,
    /// The last question, in words, with its graded answer.
    pub last: Option<(String, String, QuizAnswer)>,
    /// When the question on screen was asked.
    pub asked_at: Instant,
    /// A notice: a refused key.
    pub note: Option<Message>,
    /// The ramp drill after an answer: the ramp is shown, and the next question waits for
    /// Enter or space (so the ramp is never in view while a bet is asked).
    pub review: bool,
}

/// The ramp drill's key that shows the ramp instead of answering (a miss).
pub const PEEK_KEY: char = 'v';

/// A deck countdown on screen.
pub struct CountdownScreen {
    /// The run.
    pub run: Countdown,
    /// The cards of the last flash.
    pub flash: Vec<crate::engine::Card>,
    /// When the first card was turned.
    pub started: Option<Instant>,
    /// How long the run took, once over.
    pub seconds: Option<f64>,
    /// The running count typed so far.
    pub input: String,
    /// The result, once answered.
    pub result: Option<Message>,
    /// A notice: a refused key.
    pub note: Option<Message>,
    /// Seconds a flash when the cards turn by themselves; `None`: space turns them.
    pub pace: Option<f64>,
    /// The person's best perfect run of this many decks so far, in seconds.
    pub best: Option<f64>,
    /// The run stops at an unannounced point past its first half (`s` before the first card).
    pub surprise: bool,
}

/// The countdown's key, before the first card, for a surprise stop.
pub const SURPRISE_KEY: char = 's';

impl QuizScreen {
    /// A quiz of `kind` seeded with `seed`; `None` if it has nothing to ask.
    pub fn new(kind: QuizKind, settings: QuizSettings, seed: u64, now: Instant) -> Option<Self> {
        Some(QuizScreen {
            quiz: Quiz::new(kind, settings, seed)?,
            input: String::new(),
            last: None,
            asked_at: now,
            note: None,
            review: false,
        })
    }

    /// The one place the quiz's state changes.
    pub fn update(&mut self, intent: DrillIntent, ctx: &mut DrillContext<'_>) {
        let deviations = self.quiz.kind() == QuizKind::Deviations;
        if self.review {
            // The ramp after an answer: Enter or space asks the next bet, timed from then.
            self.note = match intent {
                DrillIntent::CountSubmit | DrillIntent::NextRound => {
                    self.review = false;
                    self.asked_at = ctx.now;
                    None
                }
                _ => note(Tone::Error, "Enter or space asks the next bet."),
            };
            return;
        }
        match intent {
            DrillIntent::Unknown(PEEK_KEY) if self.quiz.kind() == QuizKind::Ramp => {
                let question = self.quiz.question_text();
                let seconds = ctx.seconds_since(self.asked_at);
                if let Some(answer) = self.quiz.peek(seconds) {
                    self.input.clear();
                    self.record(question, "(looked at the ramp)", answer, seconds, ctx);
                }
            }
            // The play in words: the answer reads "you said double", not "you said d".
            DrillIntent::DrillAnswer(action) if deviations => self.submit(action.name(), ctx),
            DrillIntent::CountKey(c) if !deviations => {
                self.note = if self.input.chars().count() >= INPUT_MAX {
                    note(Tone::Error, "That is longer than any answer here.")
                } else {
                    self.input.push(c);
                    None
                };
            }
            DrillIntent::CountErase => {
                self.input.pop();
            }
            DrillIntent::CountSubmit if !deviations => {
                let typed = std::mem::take(&mut self.input);
                self.submit(&typed, ctx);
            }
            DrillIntent::Unknown(c) => {
                let how = if deviations {
                    format!("answer {}", keys_text(self.quiz.legal()))
                } else if self.quiz.kind() == QuizKind::Ramp {
                    format!("type the bet, Enter answers ({PEEK_KEY} shows the ramp: a miss)")
                } else {
                    "type a number, Enter answers".to_owned()
                };
                self.note = note(Tone::Error, format!("`{c}` does nothing here: {how}."));
            }
            _ => {}
        }
    }

    fn submit(&mut self, typed: &str, ctx: &mut DrillContext<'_>) {
        let question = self.quiz.question_text();
        let seconds = ctx.seconds_since(self.asked_at);
        match self.quiz.answer(typed, seconds) {
            Ok(answer) => self.record(question, typed, answer, seconds, ctx),
            Err(why) => self.note = note(Tone::Error, why),
        }
    }

    /// Keeps a graded answer: recorded and saved, shown as the last answer; the ramp drill
    /// then shows the ramp until Enter or space.
    fn record(
        &mut self,
        question: String,
        typed: &str,
        answer: QuizAnswer,
        seconds: f64,
        ctx: &mut DrillContext<'_>,
    ) {
        ctx.coach.record_count(answer.record(
            self.quiz.kind().name(),
            question.clone(),
            typed,
            seconds,
        ));
        self.note = ctx.coach.save().and_then(|err| note(Tone::Error, err));
        self.last = Some((question, typed.to_owned(), answer));
        self.asked_at = ctx.now;
        self.review = self.quiz.kind() == QuizKind::Ramp;
    }

    /// The drill's summary for the table's messages.
    pub fn summary(&self) -> Vec<Message> {
        let score = (self.quiz.asked > 0).then(|| self.quiz.score_line());
        summary_lines(&format!("Drill over: {}.", self.quiz.describe()), score)
    }
}

impl CountdownScreen {
    /// A countdown of `decks` decks, one card a flash, turned by space, seeded with `seed`.
    pub fn new(decks: u8, seed: u64) -> CountdownScreen {
        CountdownScreen::with(decks, 1, None, false, seed)
    }

    /// A countdown of `decks` decks, `per_flash` cards a flash, at `pace` seconds a flash (or
    /// by space), stopping by `surprise` or not, seeded with `seed`.
    pub fn with(
        decks: u8,
        per_flash: usize,
        pace: Option<f64>,
        surprise: bool,
        seed: u64,
    ) -> CountdownScreen {
        CountdownScreen {
            run: Countdown::new(decks, per_flash, surprise, seed),
            flash: Vec::new(),
            started: None,
            seconds: None,
            input: String::new(),
            result: None,
            note: None,
            pace,
            best: None,
            surprise,
        }
    }

    /// The pause before the next card turns by itself, while a paced run is under way.
    pub fn pacing(&self) -> Option<std::time::Duration> {
        let pace = self.pace?;
        (self.started.is_some() && !self.run.done())
            .then(|| std::time::Duration::from_secs_f64(pace))
    }

    /// Turns the next flash; the time is taken when it was the deck's last.
    fn turn(&mut self, now: Instant) {
        self.flash = self.run.flash().map(<[_]>::to_vec).unwrap_or_default();
        if self.run.done() {
            self.seconds = self.started.map(|s| now.saturating_duration_since(s).as_secs_f64());
        }
    }

    /// Before the first card: the same run set up anew (decks, cards a flash; its pace and
    /// surprise stop as set).
    fn set_up(&mut self, decks: u8, per_flash: usize, seed: u64) {
        let system = self.run.system().clone();
        let (pace, surprise) = (self.pace, self.surprise);
        *self = CountdownScreen::with(decks, per_flash, pace, surprise, seed).counting(&system);
    }

    /// The same screen's run counted in `system` (Hi-Lo unless this is called).
    pub fn counting(mut self, system: &crate::analysis::counts::CountSystem) -> CountdownScreen {
        self.run = self.run.counting(system);
        self
    }

    /// The next pace from `pace`: `faster` towards the last of [`COUNTDOWN_PACES`], slower
    /// back to turning by space.
    fn step_pace(pace: Option<f64>, faster: bool) -> Option<f64> {
        let at = pace.and_then(|p| COUNTDOWN_PACES.iter().position(|&q| q == p));
        match (at, faster) {
            (None, true) => Some(COUNTDOWN_PACES[0]),
            (None, false) => None,
            (Some(i), true) => Some(COUNTDOWN_PACES[(i + 1).min(COUNTDOWN_PACES.len() - 1)]),
            (Some(0), false) => None,
            (Some(i), false) => Some(COUNTDOWN_PACES[i - 1]),
        }
    }

    /// The one place the countdown's state changes: space turns the next card, then the
    /// running count is typed and Enter answers; space after the result starts a new run.
    pub fn update(&mut self, intent: DrillIntent, ctx: &mut DrillContext<'_>) {
        self.step(intent, ctx);
        self.best = ctx.coach.countdown_best(self.run.system(), self.run.decks());
    }

    fn step(&mut self, intent: DrillIntent, ctx: &mut DrillContext<'_>) {
        let (decks, per_flash) = (self.run.decks(), self.run.per_flash());
        let seed = ctx.seed ^ *ctx.drills_started;
        match intent {
            DrillIntent::NextRound | DrillIntent::CountSubmit if self.result.is_some() => {
                *ctx.drills_started += 1;
                self.set_up(decks, per_flash, ctx.seed ^ *ctx.drills_started);
            }
            // Before the first card: 1, 2, 4 or 6 decks; Tab one or two cards a flash; + and −
            // the pace (slowest of all: space turns each card).
            DrillIntent::CountKey(c) if self.started.is_none() => match c {
                '+' | '-' => {
                    self.pace = Self::step_pace(self.pace, c == '+');
                    self.set_up(decks, per_flash, seed);
                }
                _ => match c.to_digit(10).and_then(|d| u8::try_from(d).ok()) {
                    Some(d) if COUNTDOWN_DECK_CHOICES.contains(&d) => {
                        self.set_up(d, per_flash, seed);
                    }
                    _ => {
                        self.note = note(
                            Tone::Error,
                            "Before the first card: 1, 2, 4 or 6 decks, Tab one or two \
                                 cards a flash, + and - the pace, s a surprise stop.",
                        )
                    }
                },
            },
            DrillIntent::PanelPage if self.started.is_none() => {
                self.set_up(decks, 3 - per_flash, seed);
            }
            DrillIntent::Unknown(SURPRISE_KEY) if self.started.is_none() => {
                self.surprise = !self.surprise;
                self.set_up(decks, per_flash, seed);
            }
            DrillIntent::Tick if self.pacing().is_some() => self.turn(ctx.now),
            // Enter answers at any moment: the run ends at the cards shown.
            DrillIntent::CountSubmit if self.started.is_some() && !self.run.done() => {
                self.run.stop();
                self.seconds = self.started.map(|s| ctx.seconds_since(s));
                self.note = None;
            }
            DrillIntent::CountSubmit if self.started.is_none() => {
                self.note = note(
                    Tone::Error,
                    "Space turns the first card; Enter answers at any moment after.",
                );
            }
            DrillIntent::NextRound if !self.run.done() => {
                self.started.get_or_insert(ctx.now);
                self.turn(ctx.now);
                self.note = None;
            }
            DrillIntent::CountKey(c) if self.run.done() && self.input.chars().count() < 4 => {
                self.input.push(c);
            }
            DrillIntent::CountKey(_) if self.run.done() => {}
            DrillIntent::CountErase => {
                self.input.pop();
            }
            DrillIntent::CountSubmit => match read_count_of(
                &self.input,
                self.run.system(),
                self.run.start(),
                self.run.shown(),
            ) {
                Err(why) => {
                    self.input.clear();
                    self.note = note(Tone::Error, format!("{why}."));
                }
                Ok(guess) => self.answer(guess, ctx),
            },
            DrillIntent::CountKey(_) => {
                self.note = note(
                    Tone::Error,
                    "Space turns the next card; Enter stops here and asks the count.",
                )
            }
            DrillIntent::Unknown(c) => {
                self.note = note(
                    Tone::Error,
                    format!(
                        "`{c}` does nothing here: space turns a card, Enter answers at any \
                         moment."
                    ),
                );
            }
            _ => {}
        }
    }

    fn answer(&mut self, guess: i32, ctx: &mut DrillContext<'_>) {
        let verdict = self.run.grade(
            guess,
            self.seconds.unwrap_or(0.0),
            self.pace.is_some(),
            ctx.coach.countdown_best(self.run.system(), self.run.decks()),
        );
        ctx.coach.record_count(verdict.answer());
        self.result = note(Tone::graded(verdict.right), verdict.text());
        self.input.clear();
        self.note = ctx.coach.save().and_then(|err| note(Tone::Error, err));
    }

    /// The drill's summary for the table's messages.
    pub fn summary(&self) -> Vec<Message> {
        let score = self.result.as_ref().map(|m| m.text.clone());
        let what = crate::trainer::drills::kinds::DrillKind::Countdown
            .describe_in(&self.run.system().name);
        summary_lines(&format!("Drill over: {what}."), score)
    }
}
