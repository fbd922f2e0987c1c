//! The counting drills, shared by `blackjack drill --kind …` and the table's chooser: a deck
//! countdown, pairs cancelled, true-count conversion, decks left, the ramp and index plays.
//! Nothing here reads the clock or a terminal; the same seed asks the same questions.
//!
//! The true count is the running count over the decks left as read off a tray (whole, half or
//! quarter decks), floored or truncated as the player chose; index plays are compared with the
//! floored count, as the index tables are computed. The true-count and decks drills deal a
//! real shoe to a uniform depth before its cut card ([`deal_before_cut`]), so the running
//! count and the decks left come together as a table gives them.

mod answers;
mod countdown;
mod play_cost;
mod questions;
mod red_sevens;
mod tray;

use rand::SeedableRng;

use super::kinds::DrillKind;
use crate::analysis::counts::CountSystem;
use crate::analysis::deviation::{IndexTable, illustrious_18};
pub use crate::analysis::hilo::BetRamp;
use crate::engine::{Action, ActionSet, Cards, GameRng, Rules};
use crate::text::{counted, noun, signed};
use crate::trainer::report::skill_figures;
use answers::action_key;
pub use answers::{Prompt, QuizAnswer, check_count_of, grade_prompt, index_words, ramp_words};
pub use countdown::{
    COUNTDOWN_DECKS, COUNTDOWN_PACES, Countdown, asked_in, best_words, countdown_count_key,
    countdown_count_name, question_count_name,
};
pub use play_cost::{evs_at_count, shoe_at_count};
use questions::{Askable, ask, askable_plays};
pub use questions::{
    DEVIATION_SPREAD, DealtShoe, IndexSet, MAX_ASKED_TRUE_COUNT, VALUABLE_PER_100, deal_before_cut,
};
pub use red_sevens::RedSevens;
pub use tray::{stack_eighths, tray_picture};

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
    /// The whole true count of `running` over `decks` decks, computed in quarter decks (every
    /// [`Resolution`]'s step) so an exact quotient (−12 over 2) is exact under either convention.
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
    /// Two or more cards shown at once → their net count.
    Pairs,
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
    /// The counting drill of `kind` that asks typed questions, if it is one.
    pub const fn of_drill(kind: DrillKind) -> Option<QuizKind> {
        match kind {
            DrillKind::Cancel => Some(QuizKind::Pairs),
            DrillKind::TrueCount => Some(QuizKind::TrueCount),
            DrillKind::Decks => Some(QuizKind::Decks),
            DrillKind::Ramp => Some(QuizKind::Ramp),
            DrillKind::Deviations => Some(QuizKind::Deviations),
            _ => None,
        }
    }

    /// The drill that asks it.
    pub const fn drill(self) -> DrillKind {
        match self {
            QuizKind::Pairs => DrillKind::Cancel,
            QuizKind::TrueCount => DrillKind::TrueCount,
            QuizKind::Decks => DrillKind::Decks,
            QuizKind::Ramp => DrillKind::Ramp,
            QuizKind::Deviations => DrillKind::Deviations,
        }
    }

    /// The skill's name in the statistics (and, but for pairs, on the command line).
    pub const fn name(self) -> &'static str {
        match self {
            QuizKind::Pairs => "pairs",
            other => other.drill().name(),
        }
    }
}

/// Refuses a drill `system` cannot be drilled in, in one sentence: the true-count drill for an
/// unbalanced count, which its authors read by its running count.
pub fn check_count(kind: QuizKind, system: &CountSystem) -> Result<(), String> {
    if kind == QuizKind::TrueCount && !system.is_balanced() {
        return Err(format!(
            "{} is read by its running count, with no true count, as its authors teach it: the \
             true-count drill is for a balanced count (hilo, zen, …)",
            system.name
        ));
    }
    Ok(())
}

/// How the counting drills are set up.
#[derive(Debug, Clone, PartialEq)]
pub struct QuizSettings {
    /// The rules: the shoe the true-count and decks drills deal, the legal plays of a hand.
    pub rules: Rules,
    /// How the true count is rounded.
    pub convention: Convention,
    /// How finely the decks left are read.
    pub resolution: Resolution,
    /// The bet ramp.
    pub ramp: BetRamp,
    /// This game's index plays (computed for the rules); the drill asks those in `set`.
    pub indices: IndexTable,
    /// Which of `indices` the deviations drill asks about.
    pub set: IndexSet,
    /// The published American index plays, to say where this game differs (Hi-Lo only).
    pub peek: IndexTable,
    /// The count the drills count, and whose index plays (`indices`) they ask.
    pub system: CountSystem,
}

impl QuizSettings {
    /// [`QuizSettings::for_rules`] for the default rules with `decks` decks.
    pub fn new(decks: u8, indices: IndexTable) -> Self {
        QuizSettings::for_rules(&Rules { decks, ..Rules::default() }, indices)
    }

    /// The settings for `rules` asking about `indices`: floored, half decks, the default ramp,
    /// this game's top 18 index plays and the published American ones beside.
    pub fn for_rules(rules: &Rules, indices: IndexTable) -> Self {
        QuizSettings {
            rules: rules.clone(),
            convention: Convention::Floor,
            resolution: Resolution::Half,
            ramp: BetRamp::default(),
            indices,
            set: IndexSet::GameI18,
            peek: illustrious_18(),
            system: CountSystem::default(),
        }
    }

    /// The same settings counting `system`, asking `indices`, its index plays (the published
    /// American table is Hi-Lo's: another count has none).
    pub fn counting(self, system: &CountSystem, indices: IndexTable) -> Self {
        QuizSettings {
            peek: if system.is_hilo() { self.peek } else { IndexTable::default() },
            system: system.clone(),
            indices,
            ..self
        }
    }

    /// The index count's name: `true count` (Hi-Lo), `Zen true count`, `KO running count`.
    pub fn count_words(&self) -> String {
        self.system.index_count_words()
    }
}
/// A counting drill session: the question on screen, and how it is going.
#[derive(Debug, Clone)]
pub struct Quiz {
    kind: QuizKind,
    settings: QuizSettings,
    /// The index plays a deviations drill asks about (empty for the other drills).
    plays: Vec<Askable>,
    rng: GameRng,
    prompt: Prompt,
    /// The plays the hand on screen allows (a deviation question; empty otherwise).
    legal: ActionSet,
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
    /// A drill of `kind` asking by `seed`; `None` for a deviations drill with nothing to ask.
    pub fn new(kind: QuizKind, settings: QuizSettings, seed: u64) -> Option<Quiz> {
        let plays = match kind {
            QuizKind::Deviations => Some(askable_plays(&settings)).filter(|p| !p.is_empty())?,
            _ => Vec::new(),
        };
        let mut rng = GameRng::seed_from_u64(seed);
        let (prompt, legal) = ask(kind, &settings, &plays, &mut rng);
        Some(Quiz {
            kind,
            settings,
            plays,
            rng,
            prompt,
            legal,
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

    /// The plays a deviation question takes (the hand's legal ones); empty for other drills.
    pub fn legal(&self) -> ActionSet {
        self.legal
    }

    /// What the drill practises, in a few words; a deviations drill names its set and how
    /// many plays it asks: `this game's top 18 index plays (18 asked)`.
    pub fn describe(&self) -> String {
        let count = &self.settings.system.name;
        if self.kind != QuizKind::Deviations {
            return self.kind.drill().describe_in(count);
        }
        let set = self.settings.set.choose(&self.settings.indices).plays.len();
        let asked = self.plays.len();
        let which = if asked == set {
            counted(asked as u64, "play")
        } else {
            format!("{asked} of its {set} plays: those with counts worth asking")
        };
        format!("{} in {count} ({which} asked)", self.settings.set.describe())
    }

    /// The question in words.
    pub fn question_text(&self) -> String {
        match &self.prompt {
            Prompt::Pairs { cards } => format!(
                "These {} cards at a glance: their {}?",
                cards.len(),
                self.settings.system.named("net count")
            ),
            Prompt::TrueCount { running, decks } => format!(
                "{} {}, {decks} {} left: the true count ({})?",
                self.settings.system.named("Running count"),
                signed(*running),
                noun("deck", *decks == 1.0),
                self.settings.convention.name()
            ),
            Prompt::Decks { shoe, .. } => format!(
                "A {}-deck shoe (the full tray): how many decks are left, within a {} deck?",
                shoe / 52,
                self.settings.resolution.name()
            ),
            Prompt::Ramp { tc } => {
                format!("{} {}: your bet?", capitalised(&self.settings.count_words()), signed(*tc))
            }
            Prompt::Deviation { cards, up, tc, .. } => format!(
                "{} against {} at {} {}: {}?",
                cards_text(cards),
                up,
                self.settings.count_words(),
                signed(*tc),
                plays_text(self.legal)
            ),
        }
    }

    /// Grades `text` (a number, or `h`/`s`/`d`/`p` for deviations: a play the hand allows)
    /// and asks the next question. An answer that is not one (`Err`) is not counted.
    pub fn answer(&mut self, text: &str, seconds: f64) -> Result<QuizAnswer, String> {
        if matches!(self.prompt, Prompt::Deviation { .. }) {
            let given = action_key(text.trim())?;
            if !self.legal.contains(given) {
                return Err(format!(
                    "you cannot {} this hand: {}",
                    given.name(),
                    plays_text(self.legal)
                ));
            }
        }
        let answer = grade_prompt(&self.prompt, &self.settings, text.trim())?;
        Ok(self.counted(answer, seconds))
    }

    /// Counts `answer`, taking `seconds`, and asks the next question.
    fn counted(&mut self, answer: QuizAnswer, seconds: f64) -> QuizAnswer {
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
        (self.prompt, self.legal) = ask(self.kind, &self.settings, &self.plays, &mut self.rng);
        answer
    }

    /// A ramp question given up (the person looked at the ramp): a wrong answer, its error the
    /// bet; `None` for the other drills, which have nothing to look at.
    pub fn peek(&mut self, seconds: f64) -> Option<QuizAnswer> {
        let Prompt::Ramp { tc } = self.prompt else {
            return None;
        };
        let bet = self.settings.ramp.bet(tc);
        let answer = QuizAnswer {
            right: false,
            expected: bet.to_string(),
            why: format!(
                "you looked at the ramp: at {} it bets {bet} (counted as a miss)",
                signed(tc)
            ),
            error: f64::from(bet),
        };
        Some(self.counted(answer, seconds))
    }

    /// `Right 7 of 10 (70%) · streak 2 (best 5) · mean error 0.30 · 2.1 s an answer`.
    pub fn score_line(&self) -> String {
        let pct = if self.asked > 0 {
            format!("{:.0}%", 100.0 * f64::from(self.right) / f64::from(self.asked))
        } else {
            "—".to_owned()
        };
        // Every answer of a drill is timed.
        let per = skill_figures(
            self.kind.name(),
            self.asked.into(),
            self.error_sum,
            self.seconds,
            self.asked.into(),
        );
        format!(
            "Right {} of {} ({pct}) · streak {} (best {}){per}",
            self.right, self.asked, self.streak, self.best_streak
        )
    }
}

/// `words` with a capital first letter: `True count`.
fn capitalised(words: &str) -> String {
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn cards_text(cards: &Cards) -> String {
    cards.as_slice().iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

/// `hit, stand or double`: the plays of `legal` in words.
fn plays_text(legal: ActionSet) -> String {
    let names: Vec<&str> = legal.iter().map(Action::name).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod shoe_tests;
#[cfg(test)]
mod tests;
