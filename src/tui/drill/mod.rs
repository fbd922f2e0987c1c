//! Drills from the table: the chooser, the decision drills and the counting quiz. The logic is
//! the trainer's ([`crate::trainer::drills`]); this keeps the screens' state and turns intents
//! into calls on it. Answers go to the [`crate::store::Coach`], the summary to the table's
//! messages; the table waits as it was.

pub mod count_drills;
mod shared;

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use crate::analysis::Strategy;
use crate::engine::Action;
use crate::store::Coach;
use crate::text::counted;
use crate::trainer::day::Day;
use crate::trainer::drills::count_quiz::{COUNT_QUIZ_PACE, CountAnswer, CountDrill, RoundCards};
use crate::trainer::drills::counting::{COUNTDOWN_PACES, QuizKind, QuizSettings, check_count};
use crate::trainer::drills::decision::{Answer, DecisionDrill};
use crate::trainer::drills::kinds::DrillKind;
use crate::trainer::drills::kinds::{mistake_weights, peek_differences};
use crate::trainer::drills::schedule;
use crate::trainer::drills::schedule::{due_cells, next_due};
use crate::trainer::evs::EvQuery;
use crate::trainer::grade::Category;
use crate::trainer::tally::{Accuracy, Tally};
use crate::tui::drill::count_drills::{COUNTDOWN_DECKS, CountdownScreen, QuizScreen};
pub use crate::tui::drill::shared::{DrillContext, keys_text};
pub(crate) use crate::tui::drill::shared::{note, summary_lines};
use crate::tui::intent::DrillIntent;
use crate::tui::message::{Message, Tone};

/// The table's greeting about spaced practice: `Spaced practice: 12 cells due today · 3 days
/// in a row (r 7 drills them).`; `None` before any practice or without statistics.
pub fn due_greeting(coach: &Coach) -> Option<String> {
    let standing = coach.standing()?;
    let line = standing.line()?;
    Some(if standing.due > 0 {
        let digit = DrillKind::ALL
            .iter()
            .position(|&k| k == DrillKind::Due)
            .and_then(chooser_key)
            .map_or(String::new(), |key| format!(" {key}"));
        format!("{line} (r{digit} drills them).")
    } else {
        format!("{line}.")
    })
}

/// The chooser's letter keys for the entries past the ninth, in order (not `j` and `k`,
/// which move the mark, nor `q` and `r`, which leave).
const CHOOSER_LETTERS: &str = "abcdefghilmnopstuvwxyz";

/// The key that starts the chooser's entry `index` (into [`DrillKind::ALL`]): 1–9, then
/// letters.
pub fn chooser_key(index: usize) -> Option<char> {
    match index {
        0..9 => char::from_digit(u32::try_from(index + 1).ok()?, 10),
        _ => CHOOSER_LETTERS.chars().nth(index - 9),
    }
}

/// The drill whose chooser key is `c`, if one is.
pub fn chooser_entry(c: char) -> Option<DrillKind> {
    (0..DrillKind::ALL.len()).find(|&i| chooser_key(i) == Some(c)).map(|i| DrillKind::ALL[i])
}

/// The chooser's keys in words: `1–9, a–f`.
pub fn chooser_keys_text() -> String {
    let last = chooser_key(DrillKind::ALL.len() - 1).unwrap_or('9');
    if DrillKind::ALL.len() <= 9 { format!("1–{last}") } else { format!("1–9, a–{last}") }
}

/// The longest running-count answer: a sign and three digits.
pub const COUNT_INPUT_MAX: usize = 4;

/// How many answers a drill screen keeps to show.
pub const ANSWERS_KEPT: usize = 16;

/// The drill on screen.
pub enum DrillScreen {
    /// The list of drills, drawn over the table.
    Chooser {
        /// The marked line (an index into [`DrillKind::ALL`]).
        selected: usize,
        /// What the last key did wrong, if anything.
        note: Option<Message>,
    },
    /// A decision drill.
    Decision(Box<DecisionScreen>),
    /// The counting quiz.
    Count(Box<CountScreen>),
    /// A typed counting drill: true count, decks left, the ramp, index plays.
    Quiz(Box<QuizScreen>),
    /// A deck countdown.
    Countdown(Box<CountdownScreen>),
}

/// A decision drill on screen.
pub struct DecisionScreen {
    /// The drill: the question, the score.
    pub drill: DecisionDrill,
    /// The graded answers, newest first (at most [`ANSWERS_KEPT`]).
    pub answers: VecDeque<Answer>,
    /// When the question on screen was asked.
    pub asked_at: Instant,
    /// A notice: a refused key, a retired cell.
    pub note: Option<Message>,
    /// Why the best play of the newest answer is best: the reason the table gives, worked
    /// out when the answer was graded.
    pub why: Option<String>,
}

/// The counting quiz on screen.
pub struct CountScreen {
    /// The quiz: its table, the last round, the score.
    pub drill: CountDrill,
    /// The running count typed so far.
    pub input: String,
    /// The scored answers with their round, newest first (at most [`ANSWERS_KEPT`]).
    pub answers: VecDeque<(u32, CountAnswer)>,
    /// A notice: a refused key.
    pub note: Option<Message>,
    /// Cards of the last round in view: the round is dealt one card at a time, at `pace`.
    pub shown: usize,
    /// Seconds between cards (one of [`COUNTDOWN_PACES`]; Tab steps through them).
    pub pace: f64,
    /// When the question on screen was asked (its round's last card came into view).
    pub asked_at: Instant,
}

impl CountScreen {
    /// The last round as far as it has been dealt.
    pub fn round_on_screen(&self) -> RoundCards {
        self.drill.last_round().first(self.shown)
    }

    /// Whether the last round's cards are still coming.
    pub fn dealing(&self) -> bool {
        self.shown < self.drill.last_round().len()
    }

    /// Whether the running count is asked now: the round is all in view and a question due.
    pub fn asking(&self) -> bool {
        !self.dealing() && self.drill.question_due()
    }

    /// The pause before the next card comes into view, while a round is being dealt.
    pub fn pacing(&self) -> Option<Duration> {
        self.dealing().then(|| Duration::from_secs_f64(self.pace))
    }

    /// The next card into view; the question is asked from the moment the last one is.
    fn deal_card(&mut self, now: Instant) {
        if self.dealing() {
            self.shown += 1;
            if !self.dealing() {
                self.asked_at = now;
            }
        }
    }

    /// The next pace after this one (faster, then round to the slowest).
    fn step_pace(&mut self) {
        let at = COUNTDOWN_PACES.iter().position(|&p| p == self.pace);
        self.pace = COUNTDOWN_PACES[at.map_or(0, |i| (i + 1) % COUNTDOWN_PACES.len())];
    }

    /// The count quiz's keys: the running count typed and answered, the next round, the pace.
    fn update(&mut self, intent: DrillIntent, ctx: &mut DrillContext<'_>) {
        let error = |text: &str| note(Tone::Error, text);
        match intent {
            DrillIntent::CountKey(c) => {
                self.note = if self.dealing() {
                    error("The cards are still coming: the count is asked once the round is dealt.")
                } else if !self.drill.question_due() {
                    error("No question now: space deals the next round.")
                } else if matches!(c, '+' | '-') && !self.input.is_empty() {
                    error("A sign goes before the digits.")
                } else if self.input.chars().count() >= COUNT_INPUT_MAX {
                    error("That is longer than any running count.")
                } else {
                    self.input.push(c);
                    None
                };
            }
            DrillIntent::CountErase => {
                self.input.pop();
                self.note = None;
            }
            DrillIntent::CountSubmit if self.asking() => self.submit(ctx),
            DrillIntent::CountSubmit | DrillIntent::NextRound => {
                self.note = if self.dealing() {
                    error("The cards are still coming, at the pace set: Tab changes it.")
                } else if self.drill.question_due() {
                    error("Answer first: type the running count, then Enter.")
                } else if self.drill.deal_round().is_none() {
                    error("The table could not deal a round.")
                } else {
                    self.shown = 1;
                    self.asked_at = ctx.now;
                    None
                };
            }
            DrillIntent::Tick => self.deal_card(ctx.now),
            DrillIntent::PanelPage => {
                self.step_pace();
                self.note = None;
            }
            DrillIntent::Unknown(c) => {
                self.note = note(
                    Tone::Error,
                    format!(
                        "`{c}` does nothing here: type the count with digits and -, Enter answers."
                    ),
                );
            }
            _ => {}
        }
    }

    fn submit(&mut self, ctx: &mut DrillContext<'_>) {
        let seconds = ctx.seconds_since(self.asked_at);
        match self.drill.read_answer(&self.input) {
            Err(why) => {
                self.input.clear();
                self.note = note(Tone::Error, format!("{why}."));
            }
            Ok(guess) => {
                let answer = self.drill.answer(guess);
                let question = self.drill.question();
                ctx.coach.record_count(answer.record(question, seconds));
                self.answers.push_front((self.drill.round(), answer));
                self.answers.truncate(ANSWERS_KEPT);
                self.input.clear();
                self.note = ctx.coach.save().and_then(|err| note(Tone::Error, err));
            }
        }
    }
}

fn accuracy_text(acc: Accuracy) -> String {
    let (right, of) = (acc.correct, acc.decisions);
    acc.rate().map_or("not played yet".to_owned(), |rate| {
        format!("{right} of {of} right ({:.0}%)", rate * 100.0)
    })
}

/// The person's record in the cells where this game's chart differs from the American peek
/// chart (the no-hole-card drill's), for the chooser: `4 cells · 3 of 5 right (60%)`.
pub(crate) fn peek_cells_record(
    here: Option<&Strategy>,
    peek: Option<&Strategy>,
    tally: &Tally,
) -> String {
    let (Some(here), Some(peek)) = (here, peek) else {
        return "the peek chart is being worked out".to_owned();
    };
    let cells = peek_differences(&here.chart, &peek.chart);
    if cells.is_empty() {
        return "no cell differs under these rules".to_owned();
    }
    let (decisions, wrong) = cells
        .iter()
        .filter_map(|c| tally.cells.get(&c.key()))
        .fold((0, 0), |(d, w), r| (d + r.decisions, w + r.wrong));
    format!(
        "{} · {}",
        counted(cells.len() as u64, "cell"),
        accuracy_text(Accuracy { decisions, correct: decisions.saturating_sub(wrong) })
    )
}

/// What the person's record says about a kind of drill, for the chooser.
pub(crate) fn record_text(tally: &Tally, kind: DrillKind, today: Day) -> String {
    match kind {
        DrillKind::Hard => accuracy_text(tally.category(Category::Hard)),
        DrillKind::Soft => accuracy_text(tally.category(Category::Soft)),
        DrillKind::Pairs => accuracy_text(tally.category(Category::Pairs)),
        DrillKind::Doubles => accuracy_text(tally.category(Category::Doubles)),
        DrillKind::All => accuracy_text(tally.overall),
        DrillKind::Mistakes => match mistake_weights(tally).len() {
            0 => "nothing missed yet".to_owned(),
            n => format!("{} to practise", counted(n as u64, "missed cell")),
        },
        DrillKind::Due => match due_cells(tally, today).len() {
            0 => match next_due(tally, today) {
                Some(day) => match day.since(today) {
                    1 => "nothing due; next tomorrow".to_owned(),
                    n => format!("nothing due; next in {n} days"),
                },
                None => "nothing scheduled yet".to_owned(),
            },
            n => format!("{} due today", counted(n as u64, "cell")),
        },
        DrillKind::Count => accuracy_text(tally.count),
        other => {
            // A counting drill's answers are kept under its skill's name.
            let skill = QuizKind::of_drill(other).map_or(other.name(), QuizKind::name);
            let record = tally.skills.get(skill).copied().unwrap_or_default();
            accuracy_text(Accuracy { decisions: record.asked, correct: record.right })
        }
    }
}

/// What the drill screen asks of the table after an intent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DrillStep {
    /// The drill stays on screen.
    Stay,
    /// Back to the table, with these lines for its messages (the drill's summary).
    Leave(Vec<Message>),
    /// The drill is over (these lines for the table's messages) and the chooser is up.
    Choose(Vec<Message>),
}

impl DrillScreen {
    /// The one place a drill's state changes.
    pub fn update(&mut self, intent: DrillIntent, ctx: &mut DrillContext<'_>) -> DrillStep {
        let chooser = matches!(self, DrillScreen::Chooser { .. });
        match intent {
            DrillIntent::LeaveDrill => return self.leave(ctx),
            // Back to the chooser from the chooser: it is up already.
            DrillIntent::OpenDrills if chooser => {}
            DrillIntent::OpenDrills => {
                let DrillStep::Leave(summary) = self.leave(ctx) else {
                    return DrillStep::Stay;
                };
                *self = DrillScreen::Chooser { selected: 0, note: None };
                return DrillStep::Choose(summary);
            }
            // Each screen takes the rest of its keys itself (the help and the statistics over
            // the drill are the app's: `App::drill_update`).
            _ => match self {
                DrillScreen::Quiz(screen) => screen.update(intent, ctx),
                DrillScreen::Countdown(screen) => screen.update(intent, ctx),
                DrillScreen::Count(screen) => screen.update(intent, ctx),
                DrillScreen::Decision(screen) => screen.update(intent, ctx),
                DrillScreen::Chooser { selected, note: slot } => {
                    let n = DrillKind::ALL.len();
                    let kind = match intent {
                        DrillIntent::MenuUp | DrillIntent::MenuDown => {
                            let step = if intent == DrillIntent::MenuUp { n - 1 } else { 1 };
                            *selected = (*selected + step) % n;
                            *slot = None;
                            return DrillStep::Stay;
                        }
                        DrillIntent::MenuChoose => DrillKind::ALL[(*selected).min(n - 1)],
                        DrillIntent::ChooseDrill(kind) => kind,
                        DrillIntent::Unknown(c) => {
                            *slot = note(
                                Tone::Error,
                                format!(
                                    "`{c}` does nothing here: {}, ↑↓ and Enter start a drill, \
                                     Esc goes back.",
                                    chooser_keys_text()
                                ),
                            );
                            return DrillStep::Stay;
                        }
                        _ => return DrillStep::Stay,
                    };
                    *self = DrillScreen::start(kind, ctx);
                }
            },
        }
        DrillStep::Stay
    }

    fn start(kind: DrillKind, ctx: &mut DrillContext<'_>) -> DrillScreen {
        *ctx.drills_started += 1;
        // Each drill of the session its own questions; the same --seed replays them all.
        let seed = ctx.seed ^ ctx.drills_started.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        // Nothing to ask: the chooser, this drill marked, says why.
        let chooser = |text: &str| DrillScreen::Chooser {
            selected: DrillKind::ALL.iter().position(|&k| k == kind).unwrap_or(0),
            note: note(Tone::Info, text),
        };
        let decision = |drill| {
            DrillScreen::Decision(Box::new(DecisionScreen {
                drill,
                answers: VecDeque::new(),
                asked_at: ctx.now,
                note: None,
                why: None,
            }))
        };
        if kind == DrillKind::Countdown {
            let mut screen = CountdownScreen::new(COUNTDOWN_DECKS, seed).counting(ctx.system);
            screen.best = ctx.coach.countdown_best(ctx.system, COUNTDOWN_DECKS);
            return DrillScreen::Countdown(Box::new(screen));
        }
        if let Some(quiz) = QuizKind::of_drill(kind) {
            if let Err(why) = check_count(quiz, ctx.system) {
                return chooser(&why);
            }
            if quiz == QuizKind::Deviations && ctx.indices.is_none() {
                return chooser(
                    "This game's index table is still being computed: try again in a moment.",
                );
            }
            let indices = ctx.indices.cloned().unwrap_or_default();
            let pending = indices.plays.is_empty() && !ctx.system.is_hilo();
            // The deviations drill asks this game's top 18 (the chooser says so).
            let settings = QuizSettings {
                ramp: ctx.ramp.cloned().unwrap_or_default(),
                ..QuizSettings::for_rules(ctx.rules, Default::default())
                    .counting(ctx.system, indices)
            };
            return match QuizScreen::new(quiz, settings, seed, ctx.now) {
                Some(screen) => DrillScreen::Quiz(Box::new(screen)),
                None if pending => chooser(&format!(
                    "Index plays for {} are being worked out: this drill asks them once they are.",
                    ctx.system.name
                )),
                None => chooser("No index play to ask about for these rules."),
            };
        }
        let today = ctx.coach.today();
        if kind == DrillKind::NoHoleCard {
            let Some(peek) = &ctx.peek else {
                return chooser(
                    "The American peek chart is still being worked out: try again in a moment.",
                );
            };
            let cells = peek_differences(&ctx.strategy.chart, &peek.chart);
            let history = ctx.coach.history();
            return match DecisionDrill::of_cells(kind, &cells, ctx.rules, seed, history, today) {
                Some(drill) => decision(drill),
                None => chooser(
                    "This game's chart plays every cell as the American peek chart does for \
                     these rules: nothing to ask.",
                ),
            };
        }
        if kind.is_decision() {
            let drill = DecisionDrill::on_day(kind, ctx.rules, seed, ctx.coach.history(), today);
            return match (drill.has_mistakes_left(), kind) {
                (true, _) => decision(drill),
                // Nothing to practise: say so and offer the other drills.
                (false, DrillKind::Due) => chooser(&format!(
                    "{} Choose another drill.",
                    schedule::nothing_due(drill.history(), today)
                )),
                (false, _) => chooser(
                    "Nothing missed on record: the mistakes drill has nothing to ask. \
                     Choose another drill.",
                ),
            };
        }
        let mut drill =
            CountDrill::new(ctx.rules, ctx.strategy.chart.clone(), seed).counting(ctx.system);
        let note = match drill.deal_round() {
            Some(_) => None,
            None => note(Tone::Error, "The table could not deal a round."),
        };
        DrillScreen::Count(Box::new(CountScreen {
            drill,
            input: String::new(),
            answers: VecDeque::new(),
            note,
            shown: 1,
            pace: COUNT_QUIZ_PACE,
            asked_at: ctx.now,
        }))
    }

    fn leave(&self, ctx: &mut DrillContext<'_>) -> DrillStep {
        let mut lines = match self {
            DrillScreen::Chooser { .. } => return DrillStep::Leave(Vec::new()),
            DrillScreen::Decision(s) => {
                let (kind, summary) = (s.drill.kind(), s.drill.summary());
                summary_lines(
                    &format!("Drill over: {}.", kind.describe()),
                    (summary.decisions > 0).then(|| summary.score_line(kind)),
                )
            }
            DrillScreen::Quiz(s) => s.summary(),
            DrillScreen::Countdown(s) => s.summary(),
            DrillScreen::Count(s) => {
                let summary = s.drill.summary();
                summary_lines(
                    "Count quiz over.",
                    (summary.count_asked > 0).then(|| summary.score_line(DrillKind::Count)),
                )
            }
        };
        if let Some(err) = ctx.coach.save() {
            lines.push(Message::new(Tone::Error, err));
        }
        DrillStep::Leave(lines)
    }

    /// The pause before a paced drill moves on by itself (the countdown's next card, the
    /// count quiz's next card), while one is under way.
    pub fn pacing(&self) -> Option<Duration> {
        match self {
            DrillScreen::Countdown(screen) => screen.pacing(),
            DrillScreen::Count(screen) => screen.pacing(),
            _ => None,
        }
    }
}

impl DecisionScreen {
    /// A decision drill's keys: an answer, or one that does nothing here.
    fn update(&mut self, intent: DrillIntent, ctx: &mut DrillContext<'_>) {
        let legal = self.drill.legal();
        match intent {
            DrillIntent::DrillAnswer(action) if !legal.contains(action) => {
                self.note = note(
                    Tone::Error,
                    format!("You cannot {action} this hand: answer {}.", keys_text(legal)),
                );
            }
            DrillIntent::DrillAnswer(action) => self.answer(action, ctx),
            DrillIntent::Unknown(c) => {
                self.note = note(
                    Tone::Error,
                    format!(
                        "`{c}` does nothing here: answer {}; Esc goes back to the table.",
                        keys_text(legal)
                    ),
                );
            }
            _ => {}
        }
    }

    fn answer(&mut self, action: Action, ctx: &mut DrillContext<'_>) {
        let seconds = ctx.seconds_since(self.asked_at);
        // Asked for when the question was dealt: this rarely waits.
        let evs = ctx.evs.wait_for(&EvQuery::question(ctx.rules, self.drill.question()));
        match self.drill.answer(&ctx.strategy.chart, action, &evs, seconds) {
            Ok(answer) => {
                let grade = &answer.grade;
                let retired = format!("{} is retired: three right in a row.", grade.cell.label());
                let left = self.drill.has_mistakes_left();
                self.note = match (answer.retired, left) {
                    _ if self.drill.kind() == DrillKind::Due && !left => {
                        let today = self.drill.today();
                        let next = schedule::next_due(self.drill.history(), today)
                            .map_or(String::new(), |day| {
                                format!("; the next comes due {}", schedule::when(day, today))
                            });
                        note(
                            Tone::Info,
                            format!("Every cell due today is done{next}. r for another drill."),
                        )
                    }
                    (true, true) => note(Tone::Info, retired),
                    (true, false) => note(
                        Tone::Info,
                        format!(
                            "{retired} Every missed cell is retired: r for another drill, \
                             or go on with any hand."
                        ),
                    ),
                    (false, _) => None,
                };
                ctx.coach.record_drill(&answer, self.drill.kind());
                // Saved at once, as `blackjack drill` does: Ctrl-C loses nothing.
                if let Some(err) = ctx.coach.save() {
                    self.note = note(Tone::Error, err);
                }
                self.why = answer.why(ctx.strategy, ctx.peek.as_deref().map(|p| &p.chart));
                self.answers.push_front(answer);
                self.answers.truncate(ANSWERS_KEPT);
                self.asked_at = ctx.now;
            }
            Err(err) => self.note = note(Tone::Error, err.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{ActionSet, Rules};
    use crate::trainer::drills::kinds::fresh_hand_actions;
    use crate::tui::{App, DrillIntent, SharedIntent, TableConfig, TableIntent};
    use std::cell::Cell;
    use std::rc::Rc;
    use std::time::Duration;

    /// An app whose clock moves on two seconds each time it is read.
    fn app() -> App {
        let config = TableConfig { speed: Duration::ZERO, seed: 4, ..TableConfig::default() };
        let start = Instant::now();
        let ticks = Rc::new(Cell::new(0u32));
        App::new(&Rules::default(), config)
            .expect("default options are valid")
            .with_background_waits(true)
            .with_clock(move || {
                ticks.set(ticks.get() + 1);
                start + Duration::from_secs(2 * u64::from(ticks.get()))
            })
    }

    fn decision(drill: Option<&DrillScreen>) -> &DecisionScreen {
        match drill {
            Some(DrillScreen::Decision(screen)) => screen,
            _ => panic!("a decision drill is open"),
        }
    }

    fn count(drill: Option<&DrillScreen>) -> &CountScreen {
        match drill {
            Some(DrillScreen::Count(screen)) => screen,
            _ => panic!("the count quiz is open"),
        }
    }

    /// Issue 36: the chooser reached entries 1–9 by key only.
    #[test]
    fn every_chooser_entry_has_a_key_of_its_own() {
        let keys: Vec<char> = (0..DrillKind::ALL.len())
            .map(|i| chooser_key(i).expect("a key for every entry"))
            .collect();
        let mut unique = keys.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), keys.len(), "{keys:?}");
        for (i, &key) in keys.iter().enumerate() {
            assert_eq!(chooser_entry(key), Some(DrillKind::ALL[i]));
            assert!(!"jkqr".contains(key), "{key} moves the mark or leaves");
        }
        assert_eq!(chooser_key(9), Some('a'));
        assert_eq!(chooser_keys_text(), "1–9, a–f");
    }

    #[test]
    fn keys_read_as_a_list() {
        let legal = fresh_hand_actions(
            &Rules::default(),
            &crate::engine::Cards::from_values(&[crate::engine::Value::of(8); 2]),
        );
        assert_eq!(keys_text(legal), "h, s, d or p");
        let mut one = ActionSet::EMPTY;
        one.insert(Action::Stand);
        assert_eq!(keys_text(one), "s");
    }

    #[test]
    fn the_chooser_moves_and_starts_the_marked_drill() {
        let mut app = app();
        app.update(TableIntent::OpenDrills);
        app.update(DrillIntent::MenuUp);
        assert!(matches!(app.drill(), Some(DrillScreen::Chooser { selected: 14, .. })));
        app.update(DrillIntent::MenuDown);
        app.update(DrillIntent::MenuDown);
        app.update(DrillIntent::MenuChoose);
        assert_eq!(decision(app.drill()).drill.kind(), DrillKind::Soft);
        app.update(DrillIntent::LeaveDrill);
        assert!(app.drill().is_none());
        app.update(TableIntent::OpenDrills);
        app.update(DrillIntent::LeaveDrill);
        assert!(app.drill().is_none(), "Esc closes the chooser");
    }

    #[test]
    fn a_drill_answer_is_graded_timed_and_counted_in_the_statistics() {
        let mut app = app();
        app.update(TableIntent::OpenDrills);
        app.update(DrillIntent::ChooseDrill(DrillKind::Pairs));
        let question = decision(app.drill()).drill.question().clone();
        let chart = app.strategy().expect("ready").chart.clone();
        let advised =
            chart.decide(&question.cards, question.up.value(), decision(app.drill()).drill.legal());
        app.update(DrillIntent::DrillAnswer(advised));
        let screen = decision(app.drill());
        let last = screen.answers.front().expect("graded");
        assert!(last.grade.is_correct());
        assert_eq!(last.question, question);
        assert!((last.seconds - 2.0).abs() < 1e-9, "{}", last.seconds);
        assert_ne!(screen.drill.summary().decisions, 0);
        assert_eq!(app.coach().session().overall.decisions, 1);
        assert_eq!(app.coach().session().overall.correct, 1);
        app.update(DrillIntent::LeaveDrill);
        let texts: Vec<&str> = app.messages().iter().map(|m| m.text.as_str()).collect();
        assert!(texts.contains(&"Drill over: pairs."), "{texts:?}");
        assert!(texts.iter().any(|t| t.starts_with("Right 1 of 1 (100%)")), "{texts:?}");
    }

    #[test]
    fn an_illegal_drill_answer_says_why_and_changes_nothing() {
        let mut app = app();
        app.update(TableIntent::OpenDrills);
        app.update(DrillIntent::ChooseDrill(DrillKind::Hard));
        let before = decision(app.drill()).drill.question().clone();
        app.update(DrillIntent::DrillAnswer(Action::Split));
        let screen = decision(app.drill());
        assert_eq!(screen.drill.question(), &before);
        assert!(screen.answers.is_empty());
        let note = screen.note.as_ref().expect("a note");
        assert_eq!(note.tone, Tone::Error);
        assert!(note.text.starts_with("You cannot split this hand: answer h, s"), "{}", note.text);
        assert_eq!(app.coach().session().overall.decisions, 0);
        app.update(TableIntent::Deal);
        assert!(app.between_rounds(), "table keys do nothing in a drill");
    }

    /// Ticks until the count quiz's round is all in view.
    fn deal_out(app: &mut App) {
        while count(app.drill()).dealing() {
            app.update(SharedIntent::Tick);
        }
    }

    #[test]
    fn the_count_quiz_deals_a_card_a_tick_at_its_pace_then_asks() {
        let mut app = app();
        app.update(TableIntent::OpenDrills);
        app.update(DrillIntent::ChooseDrill(DrillKind::Count));
        let screen = count(app.drill());
        let total = screen.drill.last_round().len();
        assert!(total >= 4, "a round shows at least four cards");
        assert_eq!(screen.shown, 1, "the first card at once");
        assert!(!screen.asking(), "no question while the cards come");
        assert_eq!(app.step_delay(), Duration::from_secs_f64(COUNT_QUIZ_PACE));
        assert!(app.animating(), "the loop turns the next card by itself");
        app.update(DrillIntent::CountKey('1'));
        let screen = count(app.drill());
        assert!(screen.input.is_empty(), "no answer before the round is dealt");
        assert!(
            screen.note.as_ref().is_some_and(|n| n.text.contains("still coming")),
            "{:?}",
            screen.note
        );
        for shown in 2..=total {
            app.update(SharedIntent::Tick);
            let screen = count(app.drill());
            assert_eq!(screen.shown, shown);
            assert_eq!(screen.round_on_screen().len(), shown);
        }
        assert!(count(app.drill()).asking());
        assert!(!app.animating(), "nothing moves while the question waits");
        // Tab steps the pace.
        app.update(DrillIntent::PanelPage);
        assert_ne!(count(app.drill()).pace, COUNT_QUIZ_PACE);
        // The answer is timed from the last card: the clock moves 2 s a reading.
        let running = count(app.drill())
            .drill
            .last_round()
            .order
            .iter()
            .map(|(_, c)| crate::analysis::hilo::hilo_sum(std::slice::from_ref(c)));
        let running: i32 = running.sum();
        for c in running.to_string().chars() {
            app.update(DrillIntent::CountKey(c));
        }
        app.update(DrillIntent::CountSubmit);
        let timed: Vec<f64> = app
            .coach()
            .hand_history()
            .iter()
            .filter_map(|e| match e {
                crate::trainer::history::Entry::Count(a) => Some(a.seconds),
                _ => None,
            })
            .collect();
        assert_eq!(timed.len(), 1, "one count answer kept");
        assert!(timed[0] > 0.0, "the count answer is timed: {timed:?}");
    }

    #[test]
    fn the_count_quiz_takes_typed_answers_and_refuses_bad_ones() {
        let mut app = app();
        app.update(TableIntent::OpenDrills);
        app.update(DrillIntent::ChooseDrill(DrillKind::Count));
        deal_out(&mut app);
        assert!(count(app.drill()).drill.question_due(), "asked after the first round");
        assert_eq!(count(app.drill()).drill.round(), 1);
        app.update(DrillIntent::NextRound);
        assert!(count(app.drill()).note.is_some(), "answer first");
        assert_eq!(count(app.drill()).drill.round(), 1);
        app.update(DrillIntent::CountSubmit);
        assert!(count(app.drill()).note.as_ref().is_some_and(|n| n.text.contains("whole number")));
        for c in ['-', '1', '-'] {
            app.update(DrillIntent::CountKey(c));
        }
        assert_eq!(count(app.drill()).input, "-1", "a sign only goes first");
        app.update(DrillIntent::CountErase);
        app.update(DrillIntent::CountErase);
        let actual = crate::analysis::hilo::running_count(&{
            let mut seen = crate::engine::ValueCounts::default();
            let round = count(app.drill()).drill.last_round();
            for card in round.seats.iter().flatten().chain(&round.dealer) {
                seen.add(card.value());
            }
            seen
        });
        for c in actual.to_string().chars() {
            app.update(DrillIntent::CountKey(c));
        }
        app.update(DrillIntent::CountSubmit);
        let screen = count(app.drill());
        assert!(screen.answers.front().is_some_and(|(_, a)| a.is_right()), "{:?}", screen.answers);
        assert!(screen.input.is_empty());
        assert_eq!(app.coach().session().count.decisions, 1);
        assert_eq!(app.coach().session().count.correct, 1);
        app.update(DrillIntent::CountKey('3'));
        assert!(count(app.drill()).note.is_some(), "no question after an answer");
        app.update(DrillIntent::NextRound);
        assert_eq!(count(app.drill()).drill.round(), 2);
    }

    #[test]
    fn the_pairs_drill_is_chosen_answered_and_kept_under_its_skill() {
        let mut app = app();
        app.update(TableIntent::OpenDrills);
        app.update(DrillIntent::ChooseDrill(DrillKind::Cancel));
        let Some(DrillScreen::Quiz(screen)) = app.drill() else {
            panic!("the pairs drill is open");
        };
        let crate::trainer::drills::counting::Prompt::Pairs { cards } =
            screen.quiz.prompt().clone()
        else {
            panic!("a pairs question");
        };
        let net = crate::analysis::hilo::hilo_sum(&cards);
        for c in net.to_string().chars() {
            app.update(DrillIntent::CountKey(c));
        }
        app.update(DrillIntent::CountSubmit);
        let pairs = app.coach().session().skills.get("pairs").copied();
        assert!(
            pairs.is_some_and(|r| r.asked == 1 && r.right == 1 && r.seconds > 0.0),
            "{pairs:?}"
        );
        let today = app.coach().today();
        assert_eq!(
            record_text(app.coach().session(), DrillKind::Cancel, today),
            "1 of 1 right (100%)"
        );
    }

    fn quiz(drill: Option<&DrillScreen>) -> &count_drills::QuizScreen {
        match drill {
            Some(DrillScreen::Quiz(screen)) => screen,
            _ => panic!("a quiz is open"),
        }
    }

    /// Issue 36: the ramp drill hides the ramp while it asks, shows it after the answer
    /// until Enter, and `v` shows it as a miss; answers are timed from the question.
    #[test]
    fn the_ramp_drill_asks_from_memory_and_shows_the_ramp_after_the_answer() {
        let mut app = app();
        app.update(TableIntent::OpenDrills);
        app.update(DrillIntent::ChooseDrill(DrillKind::Ramp));
        assert!(!quiz(app.drill()).review, "asking: the ramp is hidden");
        let crate::trainer::drills::counting::Prompt::Ramp { tc } =
            *quiz(app.drill()).quiz.prompt()
        else {
            panic!("a ramp question");
        };
        let bet = quiz(app.drill()).quiz.settings().ramp.bet(tc);
        for c in bet.to_string().chars() {
            app.update(DrillIntent::CountKey(c));
        }
        app.update(DrillIntent::CountSubmit);
        assert!(quiz(app.drill()).review, "after the answer: the ramp is shown");
        app.update(DrillIntent::CountKey('4'));
        assert!(quiz(app.drill()).input.is_empty(), "no answer while the ramp shows");
        assert_eq!(quiz(app.drill()).quiz.asked, 1);
        app.update(DrillIntent::CountSubmit);
        assert!(!quiz(app.drill()).review, "Enter asks the next bet");
        app.update(DrillIntent::Unknown(count_drills::PEEK_KEY));
        let screen = quiz(app.drill());
        assert!(screen.review, "the look shows the ramp");
        assert_eq!((screen.quiz.asked, screen.quiz.right), (2, 1), "a look is a miss");
        let ramp = app.coach().session().skills.get("ramp").copied();
        assert!(ramp.is_some_and(|r| r.asked == 2 && r.seconds >= 4.0), "both timed: {ramp:?}");
    }

    fn countdown(drill: Option<&DrillScreen>) -> &CountdownScreen {
        match drill {
            Some(DrillScreen::Countdown(screen)) => screen,
            _ => panic!("a countdown is open"),
        }
    }

    /// Issue 36: Enter answers the countdown at any moment (it turned another flash), and the
    /// surprise stop is a key away before the first card.
    #[test]
    fn the_countdown_answers_on_enter_at_any_moment_and_stops_by_surprise_on_s() {
        let mut app = app();
        app.update(TableIntent::OpenDrills);
        app.update(DrillIntent::ChooseDrill(DrillKind::Countdown));
        app.update(DrillIntent::CountSubmit);
        assert_eq!(countdown(app.drill()).run.shown(), 0, "Enter turns no card");
        assert!(countdown(app.drill()).note.is_some());
        app.update(DrillIntent::Unknown(count_drills::SURPRISE_KEY));
        let screen = countdown(app.drill());
        assert!(screen.surprise && screen.run.stops_early(), "s: a surprise stop");
        app.update(DrillIntent::Unknown(count_drills::SURPRISE_KEY));
        assert!(!countdown(app.drill()).run.stops_early(), "s again: to the end");
        for _ in 0..3 {
            app.update(DrillIntent::NextRound);
        }
        app.update(DrillIntent::CountSubmit);
        let screen = countdown(app.drill());
        assert!(screen.run.done(), "Enter stops the run: the count is asked");
        assert_eq!(screen.run.shown(), 3);
        let running = screen.run.running();
        app.update(DrillIntent::NextRound);
        assert_eq!(countdown(app.drill()).run.shown(), 3, "no card after the stop");
        for c in running.to_string().chars() {
            app.update(DrillIntent::CountKey(c));
        }
        app.update(DrillIntent::CountSubmit);
        let result = countdown(app.drill()).result.as_ref().expect("graded");
        assert!(result.text.contains("after 3 cards"), "{}", result.text);
        assert!(result.text.starts_with("Right"), "{}", result.text);
    }

    #[test]
    fn the_no_hole_card_drill_starts_from_the_chooser_and_records_its_answers() {
        let mut app = app();
        app.update(TableIntent::OpenDrills);
        app.update(DrillIntent::ChooseDrill(DrillKind::NoHoleCard));
        let here = app.strategy().expect("ready").chart.clone();
        let peek = app.peek_strategy().expect("waited for").chart.clone();
        let cells = crate::trainer::drills::kinds::peek_differences(&here, &peek);
        let screen = decision(app.drill());
        assert_eq!(screen.drill.kind(), DrillKind::NoHoleCard);
        assert_eq!(screen.drill.cells(), cells.as_slice());
        let question = screen.drill.question().clone();
        assert!(cells.contains(&question.cell), "{:?}", question.cell);
        let advised = here.decide(&question.cards, question.up.value(), screen.drill.legal());
        app.update(DrillIntent::DrillAnswer(advised));
        assert!(decision(app.drill()).answers.front().is_some_and(|a| a.grade.is_correct()));
        assert_eq!(app.coach().session().overall.decisions, 1);
        app.update(DrillIntent::LeaveDrill);
        let texts: Vec<&str> = app.messages().iter().map(|m| m.text.as_str()).collect();
        assert!(texts.contains(&"Drill over: cells unlike the peek chart."), "{texts:?}");
    }
}
