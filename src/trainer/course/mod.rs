//! The counting course: seven stages from the rules to the exam, each standard evaluated from
//! the stored rows ([`standards`]), so a drill or a table that writes rows of the agreed skills
//! moves the learner on without knowing the course. A stage opens when the one before is
//! passed, yet a standard met ahead counts; each pass is recorded once ([`new_passes`]).

mod lines;
pub mod rules_check;
pub mod sheet;
pub mod standards;
pub mod table_shoes;

pub use lines::{CourseView, course_json, course_lines, next_lines, stage_lines};
pub use table_shoes::{GAME_PACE_PER_HOUR, passes_note};

use crate::analysis::chart::Cell;
use crate::analysis::counts::CountSystem;
use crate::trainer::drills::kinds::DrillKind;

/// A stage of the course, from the rules (0) to the exam (6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Stage {
    /// 0: the house's rules, and a check of them.
    Rules,
    /// 1: basic strategy.
    BasicStrategy,
    /// 2: the running count.
    RunningCount,
    /// 3: the true count and the decks left.
    TrueCount,
    /// 4: betting by the ramp.
    Betting,
    /// 5: this game's index plays.
    IndexPlays,
    /// 6: the exam at the table.
    Exam,
}

impl Stage {
    /// Every stage, in order.
    pub const ALL: [Stage; 7] = [
        Stage::Rules,
        Stage::BasicStrategy,
        Stage::RunningCount,
        Stage::TrueCount,
        Stage::Betting,
        Stage::IndexPlays,
        Stage::Exam,
    ];

    /// Its number, 0–6, as the store keeps it.
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The stage numbered `n`, if there is one.
    pub fn from_number(n: i64) -> Option<Stage> {
        usize::try_from(n).ok().and_then(|i| Stage::ALL.get(i).copied())
    }

    /// Its title: `The rules`, `Basic strategy`, ….
    pub const fn title(self) -> &'static str {
        match self {
            Stage::Rules => "The rules",
            Stage::BasicStrategy => "Basic strategy",
            Stage::RunningCount => "Running count",
            Stage::TrueCount => "True count and decks",
            Stage::Betting => "Betting",
            Stage::IndexPlays => "Index plays",
            Stage::Exam => "The exam",
        }
    }
}

/// One standard of a stage: what the program checks before the stage counts as passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Standard {
    /// Stage 0: the ten questions of the rules check, ten in a row right.
    RulesCheck,
    /// Stage 1: every drillable cell drilled at least once.
    EveryCell,
    /// Stage 1: 200 decisions in a row at 98 % or better, no cell missed twice.
    TwoHundred,
    /// Stage 2: a one-deck countdown right within 30 s, three times.
    Countdown,
    /// Stage 2: pairs cancelled: 20 in a row right, each within [`standards::PAIR_SECONDS`].
    Pairs,
    /// Stage 2: three shoes at the table at game pace, every count check right.
    TableShoes,
    /// Stage 3: 20 true-count conversions in a row right, each within 4 s.
    Conversions,
    /// Stage 3: decks left within half a deck, 18 of 20.
    DecksLeft,
    /// Stage 4: the ramp from memory, 20 of 20.
    Ramp,
    /// Stage 5: this game's top 18 index plays, each right twice in a row.
    TopIndexPlays,
    /// Stage 6: two counting shoes at game pace: checks right, bets 95 %, decisions 99 %.
    Exam,
}

impl Standard {
    /// Every standard, stage by stage.
    pub const ALL: [Standard; 11] = [
        Standard::RulesCheck,
        Standard::EveryCell,
        Standard::TwoHundred,
        Standard::Countdown,
        Standard::Pairs,
        Standard::TableShoes,
        Standard::Conversions,
        Standard::DecksLeft,
        Standard::Ramp,
        Standard::TopIndexPlays,
        Standard::Exam,
    ];

    /// Its stage.
    pub const fn stage(self) -> Stage {
        match self {
            Standard::RulesCheck => Stage::Rules,
            Standard::EveryCell | Standard::TwoHundred => Stage::BasicStrategy,
            Standard::Countdown | Standard::Pairs | Standard::TableShoes => Stage::RunningCount,
            Standard::Conversions | Standard::DecksLeft => Stage::TrueCount,
            Standard::Ramp => Stage::Betting,
            Standard::TopIndexPlays => Stage::IndexPlays,
            Standard::Exam => Stage::Exam,
        }
    }

    /// Its name as the store's `course.standard` keeps it: `rules-check`, `every-cell`, ….
    pub const fn name(self) -> &'static str {
        match self {
            Standard::RulesCheck => "rules-check",
            Standard::EveryCell => "every-cell",
            Standard::TwoHundred => "200-in-a-row",
            Standard::Countdown => "countdown",
            Standard::Pairs => "pairs",
            Standard::TableShoes => "table-shoes",
            Standard::Conversions => "true-count",
            Standard::DecksLeft => "decks-left",
            Standard::Ramp => "ramp",
            Standard::TopIndexPlays => "top-18",
            Standard::Exam => "exam",
        }
    }

    /// The standard named `name` ([`Standard::name`]), if one is.
    pub fn from_name(name: &str) -> Option<Standard> {
        Standard::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Whether it is met in a count ([`COUNT_SKILLS`]): a pass in one is no pass in another.
    pub const fn counted(self) -> bool {
        !matches!(
            self,
            Standard::RulesCheck | Standard::EveryCell | Standard::TwoHundred | Standard::DecksLeft
        )
    }

    /// What it asks, in a line.
    pub fn describe(self) -> String {
        use standards::*;
        match self {
            Standard::RulesCheck => {
                format!("the rules check: {RULES_QUESTIONS} questions in a row right")
            }
            Standard::EveryCell => {
                "every chart cell of hard 8–17, soft 13–20 and the pairs, drilled".to_owned()
            }
            Standard::TwoHundred => format!(
                "{DECISIONS_IN_A_ROW} decisions in a row at {} % or better, no cell missed \
                 twice (close calls not counted), in drills or at the table in basic mode",
                RIGHT_PERCENT_BASIC
            ),
            Standard::Countdown => format!(
                "a one-deck countdown right in {COUNTDOWN_SECONDS} s or less, \
                 {COUNTDOWNS} times"
            ),
            Standard::Pairs => format!(
                "pairs cancelled: {PAIRS_IN_A_ROW} in a row right, each within {PAIR_SECONDS} s"
            ),
            Standard::TableShoes => format!(
                "{TABLE_SHOES} shoes at the table at game pace ({GAME_PACE_PER_HOUR} rounds an \
                 hour or faster), every count check right"
            ),
            Standard::Conversions => format!(
                "{CONVERSIONS_IN_A_ROW} true-count conversions in a row right, each within \
                 {CONVERSION_SECONDS} s"
            ),
            Standard::DecksLeft => {
                format!("decks left within half a deck, {DECKS_RIGHT} of {DECKS_ASKED} in a row")
            }
            Standard::Ramp => format!("the ramp from memory, {RAMP_IN_A_ROW} of {RAMP_IN_A_ROW}"),
            Standard::TopIndexPlays => {
                format!("this game's top {TOP_PLAYS} index plays, each right twice in a row")
            }
            Standard::Exam => format!(
                "counting mode at game pace for {EXAM_SHOES} shoes: every count check right \
                 (running, true, decks), bets by the ramp {} %+, decisions {} %+ (close calls \
                 not counted)",
                RIGHT_PERCENT_BETS, RIGHT_PERCENT_EXAM
            ),
        }
    }

    /// The command that works on it, the course taken in `count` (named unless Hi-Lo, every
    /// command's default): `blackjack drill --kind countdown --decks 1 --count zen`.
    pub fn command_in(self, count: &CountSystem) -> String {
        let command = self.command();
        if !self.counted() || count.is_hilo() {
            return command.to_owned();
        }
        match self {
            Standard::TableShoes | Standard::Exam => {
                command.replace("--count", &format!("--count {}", count.key))
            }
            _ => format!("{command} --count {}", count.key),
        }
    }

    /// What to do to work on it, on the command line: the exact command.
    pub const fn command(self) -> &'static str {
        match self {
            Standard::RulesCheck => "blackjack course rules, then blackjack course check",
            Standard::EveryCell | Standard::TwoHundred => "blackjack drill --kind all",
            Standard::Countdown => "blackjack drill --kind countdown --decks 1",
            Standard::Pairs => "blackjack drill --kind cancel",
            Standard::TableShoes => "blackjack play --count --pace casino",
            // The exam grades the bets: a table without a ramp grades none, and never passes.
            Standard::Exam => "blackjack play --count --pace casino --ramp plan",
            Standard::Conversions => "blackjack drill --kind true-count",
            Standard::DecksLeft => "blackjack drill --kind decks",
            Standard::Ramp => "blackjack drill --kind ramp --ramp plan",
            Standard::TopIndexPlays => "blackjack drill --kind deviations",
        }
    }

    /// What to do at the table, the course taken in `count` (`Zen`): the key to press, and the
    /// drill chooser's line ([`DrillKind::chooser_label`]).
    pub fn key(self, count: &str) -> String {
        let drill = |kind: DrillKind| format!("r, then `{}`", kind.chooser_label(count));
        match self {
            Standard::RulesCheck => "press k here".to_owned(),
            Standard::EveryCell => drill(DrillKind::All),
            Standard::TwoHundred => {
                format!("{}, or play hands out of counting mode", drill(DrillKind::All))
            }
            Standard::Countdown => drill(DrillKind::Countdown),
            Standard::Pairs => drill(DrillKind::Cancel),
            Standard::TableShoes => format!(
                "play on in counting mode in {count} at a casino's pace (blackjack play --count \
                 --pace casino)"
            ),
            Standard::Exam => format!(
                "play in counting mode in {count} at a casino's pace betting your ramp (blackjack \
                 play --count --pace casino --ramp plan)"
            ),
            Standard::Conversions => drill(DrillKind::TrueCount),
            Standard::DecksLeft => drill(DrillKind::Decks),
            Standard::Ramp => drill(DrillKind::Ramp),
            Standard::TopIndexPlays => drill(DrillKind::Deviations),
        }
    }
}

/// Which session wrote a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionKind {
    /// `blackjack play`: the table.
    Table,
    /// A drill (or the course's own check).
    Drill,
    /// Rows taken in from an earlier build's files.
    Import,
}

/// A stored counting answer, as the course reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct AnswerRow {
    /// The session that wrote it.
    pub session: i64,
    /// The kind of that session.
    pub kind: SessionKind,
    /// When (seconds since the epoch).
    pub at: u64,
    /// Its local day, `YYYY-MM-DD`.
    pub day: String,
    /// The skill: `count`, `countdown`, `pairs`, `rules`, ….
    pub skill: String,
    /// The question as asked.
    pub question: String,
    /// Whether it was right.
    pub correct: bool,
    /// How far off (in the skill's unit: decks for `decks`).
    pub error: f64,
    /// How long it took.
    pub seconds: f64,
    /// A countdown's decks.
    pub decks: Option<i64>,
}

/// A stored graded decision, as the course reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct DecisionRow {
    /// The session that wrote it.
    pub session: i64,
    /// The round it was made in (at the table), if any.
    pub round: Option<i64>,
    /// Made in a drill.
    pub drilled: bool,
    /// When.
    pub at: u64,
    /// Its local day.
    pub day: String,
    /// The cell's key (`hard:16:T`).
    pub cell: String,
    /// Whether it was the best play.
    pub correct: bool,
    /// What it gave away, in bets.
    pub cost: f64,
    /// Graded in counting mode (by the index plays).
    pub counting: bool,
}

/// A stored round, as the course reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct RoundRow {
    /// Its id.
    pub id: i64,
    /// The session that played it.
    pub session: i64,
    /// The kind of that session.
    pub kind: SessionKind,
    /// When it was dealt.
    pub at: u64,
    /// Its local day.
    pub day: String,
    /// Its number in the session.
    pub number: i64,
    /// Cards dealt from the shoe before it.
    pub shoe_position: i64,
    /// Played in counting mode (a true count was kept).
    pub counting: bool,
    /// Settled (not left unfinished).
    pub settled: bool,
}

/// A stored attempt at a standard.
#[derive(Debug, Clone, PartialEq)]
pub struct CourseRow {
    /// The session that wrote it.
    pub session: i64,
    /// The stage.
    pub stage: i64,
    /// The standard's name.
    pub standard: String,
    /// Passed.
    pub passed: bool,
    /// When.
    pub at: u64,
    /// Its local day.
    pub day: String,
    /// What was measured.
    pub detail: String,
}

/// How a recorded pass names its count in its detail: `3 of 3 countdowns (in Zen)`. One
/// recorded before the course named counts names none, and was Hi-Lo's.
fn in_count_words(count: &CountSystem) -> String {
    format!(" (in {})", count.name)
}

impl CourseRow {
    /// Whether this row records a pass of `standard` in the course taken in `count`.
    pub fn passes(&self, standard: Standard, count: &CountSystem) -> bool {
        let in_count = self.detail.ends_with(&in_count_words(count))
            || (count.is_hilo() && !self.detail.contains(" (in "));
        self.passed && self.standard == standard.name() && (!standard.counted() || in_count)
    }
}

/// Every row the course reads, oldest first within each kind.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Rows {
    /// Counting answers (every skill).
    pub answers: Vec<AnswerRow>,
    /// Graded decisions.
    pub decisions: Vec<DecisionRow>,
    /// Rounds at the table.
    pub rounds: Vec<RoundRow>,
    /// Attempts at the standards.
    pub course: Vec<CourseRow>,
}

/// What an evaluation found: met or not (with the row that met it), and the best so far.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    /// Met: when and on which day, by the row that completed it.
    pub met: Option<(u64, String)>,
    /// The learner's best so far, in words: `12 in a row`, `2 of 3`.
    pub best: String,
}

impl Verdict {
    /// Not met; the best so far is `best`.
    pub fn not_yet(best: impl Into<String>) -> Verdict {
        Verdict { met: None, best: best.into() }
    }

    /// Met at `at` on `day`.
    pub fn met(at: u64, day: &str, best: impl Into<String>) -> Verdict {
        Verdict { met: Some((at, day.to_owned())), best: best.into() }
    }
}

/// A standard's standing: the verdict of the rows, and the day it was first recorded passed.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// The standard.
    pub standard: Standard,
    /// What the rows say now.
    pub verdict: Verdict,
    /// The day it was passed (the first pass recorded, or the rows' if not yet recorded).
    pub passed_on: Option<String>,
}

/// The whole course as the rows have it.
#[derive(Debug, Clone, PartialEq)]
pub struct Course {
    /// Every standard, stage by stage.
    pub standings: Vec<Standing>,
    /// The count it is taken in ([`Context::count`]).
    pub count: CountSystem,
}

/// What evaluating needs besides the rows: the count, and this game's top index plays.
#[derive(Debug, Clone, Default)]
pub struct Context {
    /// The cells of this game's top 18 index plays; `None` when the index table is not at hand.
    pub top_plays: Option<Vec<Cell>>,
    /// The count the course is taken in (Hi-Lo by default): only answers given in it count.
    pub count: CountSystem,
}

/// The skills whose answers depend on the count they were given in (the decks left and the
/// rules check are the same in every count).
pub const COUNT_SKILLS: [&str; 7] =
    ["count", "countdown", "pairs", "true-count", "table-true", "ramp", "deviations"];

impl Rows {
    /// The rows as a course taken in `count` reads them: an answer of a count's skill only
    /// where its question names `count` (none is Hi-Lo), and none of a table session that
    /// counted another count (its decks checks are not this count's shoe either).
    pub fn in_count(&self, count: &CountSystem) -> Rows {
        use crate::trainer::drills::counting::asked_in;
        let other = |a: &AnswerRow| {
            COUNT_SKILLS.contains(&a.skill.as_str()) && !asked_in(&a.question, count)
        };
        let other_tables: std::collections::HashSet<i64> = self
            .answers
            .iter()
            .filter(|a| a.kind == SessionKind::Table && other(a))
            .map(|a| a.session)
            .collect();
        Rows {
            answers: self
                .answers
                .iter()
                .filter(|a| !other(a))
                .filter(|a| !(a.kind == SessionKind::Table && other_tables.contains(&a.session)))
                .cloned()
                .collect(),
            ..self.clone()
        }
    }
}

/// The cells of this game's top 18 index plays, the deviations drill's default set.
pub fn top_cells(table: &crate::analysis::deviation::IndexTable) -> Vec<Cell> {
    crate::trainer::drills::counting::IndexSet::GameI18
        .choose(table)
        .plays
        .iter()
        .map(|p| p.cell)
        .collect()
}

impl Course {
    /// Every standard evaluated on `rows` in the context's count, with the days recorded.
    pub fn evaluate(rows: &Rows, context: &Context) -> Course {
        let rows = &rows.in_count(&context.count);
        let standings = Standard::ALL
            .into_iter()
            .map(|standard| {
                let verdict = standards::evaluate(standard, rows, context);
                let recorded = rows
                    .course
                    .iter()
                    .find(|r| r.passes(standard, &context.count))
                    .map(|r| r.day.clone());
                let passed_on = recorded.or_else(|| verdict.met.as_ref().map(|m| m.1.clone()));
                Standing { standard, verdict, passed_on }
            })
            .collect();
        Course { standings, count: context.count.clone() }
    }

    /// Whether every standard of `stage` is passed.
    pub fn passed(&self, stage: Stage) -> bool {
        self.of(stage).all(|s| s.passed_on.is_some())
    }

    /// Whether `stage` is open: the first, or the one before it passed.
    pub fn open(&self, stage: Stage) -> bool {
        stage == Stage::Rules
            || Stage::from_number(i64::from(stage.number()) - 1).is_some_and(|s| self.passed(s))
    }

    /// The standings of `stage`.
    pub fn of(&self, stage: Stage) -> impl Iterator<Item = &Standing> {
        self.standings.iter().filter(move |s| s.standard.stage() == stage)
    }

    /// The first standard not yet passed: what to do next (`None` once the exam is passed).
    pub fn next(&self) -> Option<Standard> {
        self.standings.iter().find(|s| s.passed_on.is_none()).map(|s| s.standard)
    }
}

/// The passes the rows show that `recorded` does not hold yet, a course row each at the row
/// that met it, to be written once (`session` 0: the store writes its own).
pub fn new_passes(course: &Course, recorded: &[CourseRow]) -> Vec<CourseRow> {
    course
        .standings
        .iter()
        .filter(|s| !recorded.iter().any(|r| r.passes(s.standard, &course.count)))
        .filter_map(|s| {
            let (at, day) = s.verdict.met.clone()?;
            Some(CourseRow {
                session: 0,
                stage: i64::from(s.standard.stage().number()),
                standard: s.standard.name().to_owned(),
                passed: true,
                at,
                day,
                detail: if s.standard.counted() {
                    format!("{}{}", s.verdict.best, in_count_words(&course.count))
                } else {
                    s.verdict.best.clone()
                },
            })
        })
        .collect()
}

#[cfg(test)]
mod count_tests;
#[cfg(test)]
mod tests;
