//! The one tally: what was played and how well, for a session, a lifetime or a drill. The
//! rounds are counted as the simulators count them, in a [`RoundTally`].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::day::{Day, Practice, Review};
use super::grade::{Category, Grade};
use crate::sim::RoundTally;

/// Decisions and right answers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Accuracy {
    /// Decisions made.
    pub decisions: u64,
    /// Decisions that followed basic strategy.
    pub correct: u64,
}

impl Accuracy {
    /// The share right, if any decision was made.
    pub fn rate(&self) -> Option<f64> {
        (self.decisions > 0).then(|| self.correct as f64 / self.decisions as f64)
    }

    fn add(&mut self, other: &Accuracy) {
        self.decisions += other.decisions;
        self.correct += other.correct;
    }
}

/// One chart cell's record.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct CellRecord {
    /// Decisions in this cell.
    pub decisions: u64,
    /// Wrong ones.
    pub wrong: u64,
    /// Right answers in a row, most recent last (drills retire a cell at 3).
    pub streak: u32,
    /// EV given away by the mistakes in this cell, in bets (the graded costs added up).
    #[serde(default)]
    pub ev_lost: f64,
    /// The cell's spaced-practice record (the days it was played, its last mistake).
    #[serde(default, skip_serializing_if = "Review::is_empty")]
    pub review: Review,
}

impl CellRecord {
    /// The error rate, if the cell was played.
    pub fn error_rate(&self) -> Option<f64> {
        (self.decisions > 0).then(|| self.wrong as f64 / self.decisions as f64)
    }
}

/// Everything counted, for a session, a lifetime or a drill: the rounds, their money and the
/// decisions. Counters are integers (money in thousandths), so tallies merge exactly in any
/// order. In a file every field, the rounds' included, is at the top level (`TallyFile`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(from = "TallyFile", into = "TallyFile")]
pub struct Tally {
    /// The rounds played to the end: hands, results, money and their spread.
    pub play: RoundTally,
    /// Rebuys after the bankroll ran out.
    pub rebuys: u64,
    /// Money bought in by those rebuys, in thousandths of a unit.
    pub rebought_milli: i64,
    /// All decisions.
    pub overall: Accuracy,
    /// Decisions by category.
    pub categories: BTreeMap<Category, Accuracy>,
    /// EV given away through mistakes, in units.
    pub ev_lost: f64,
    /// Per-cell records, keyed like `hard:16:T`.
    pub cells: BTreeMap<String, CellRecord>,
    /// Counting-quiz answers (Hi-Lo running count).
    pub count: Accuracy,
    /// The counting drills' records, by skill ([`SKILLS`]).
    pub skills: BTreeMap<String, SkillRecord>,
    /// Hi-Lo deck-countdown bests: the fastest perfect whole run turned by hand (not paced), in
    /// seconds, by decks counted.
    pub countdown_best: BTreeMap<u8, f64>,
    /// The other counts' deck-countdown bests, by the count's name (`Zen`), then by decks.
    pub countdown_best_by_count: BTreeMap<String, BTreeMap<u8, f64>>,
    /// The days practised (any day with a graded decision), for the days-in-a-row streak.
    pub practice: Practice,
}

/// The most of anything a valid tally counts: 2⁵³, exact as an f64, and far enough from the
/// limits of u64 and i64 that adding a session's counts cannot overflow.
pub const MAX_COUNT: u64 = 1 << 53;

/// The skills the counting drills record, and the table's bets ([`TABLE_RAMP`]) and surprise
/// checks (its running-count checks are kept as the count quiz's, `count`).
pub const SKILLS: [&str; 9] = [
    "countdown",
    "true-count",
    "decks",
    "ramp",
    "deviations",
    "pairs",
    TABLE_RAMP,
    "table-true",
    "table-decks",
];

/// The skill of the table's bets graded against the ramp: kept apart from the ramp drill's
/// answers (`ramp`), which the course's stage 4 counts.
pub const TABLE_RAMP: &str = "table-ramp";

/// The question a bet at the table is kept with: `the bet at Zen true count +1`. Lower-case:
/// the drill's are capitalised (`True count +1: your bet?`), so migration 4 tells them apart.
pub fn table_bet_question(count_words: &str, count: i32) -> String {
    format!("the bet at {count_words} {}", crate::text::signed(count))
}

/// How a counting skill is named in the statistics: `table bets`, `table TC`, or its name.
pub fn skill_label(skill: &str) -> &str {
    match skill {
        TABLE_RAMP => "table bets",
        "table-true" => "table TC",
        "table-decks" => "table decks",
        _ => skill,
    }
}

/// A counting skill's record: answers, right ones, the size of the errors, the time taken.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct SkillRecord {
    /// Answers given.
    pub asked: u64,
    /// Right answers.
    pub right: u64,
    /// The answers' errors added up (mean error = this ÷ asked).
    pub error_sum: f64,
    /// Seconds spent answering.
    pub seconds: f64,
    /// The answers not timed (the table's, stored with 0 s); the mean time is `seconds` ÷
    /// [`SkillRecord::timed`]. Left out of a file when 0, as an earlier build wrote it.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub untimed: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl SkillRecord {
    fn add(&mut self, other: &SkillRecord) {
        self.asked += other.asked;
        self.right += other.right;
        self.error_sum += other.error_sum;
        self.seconds += other.seconds;
        self.untimed += other.untimed;
    }

    /// The answers that were timed.
    pub fn timed(&self) -> u64 {
        self.asked.saturating_sub(self.untimed)
    }
}

/// How a stored cell key reads (`hard:16:T` → `16 vs T`); an unknown key as it is.
pub fn cell_label(key: &str) -> String {
    crate::analysis::chart::Cell::from_key(key).map_or_else(|| key.to_owned(), |c| c.label())
}

impl Tally {
    /// Counts a graded decision made on `day` (a close call as right): accuracy, EV given
    /// away, the cell's record — the one place a decision reaches the schedule.
    pub fn record_decision(&mut self, grade: &Grade, day: Day) {
        let right = !grade.verdict().is_miss();
        let bump = |acc: &mut Accuracy| {
            acc.decisions += 1;
            acc.correct += u64::from(right);
        };
        bump(&mut self.overall);
        for category in grade.categories() {
            bump(self.categories.entry(category).or_default());
        }
        self.ev_lost += grade.cost;
        let cell = self.cells.entry(grade.cell.key()).or_default();
        cell.decisions += 1;
        cell.ev_lost += grade.cost;
        cell.review.absorb(&Review::one(day, right));
        self.practice.absorb(&Practice::one(day));
        if right {
            cell.streak += 1;
        } else {
            cell.wrong += 1;
            cell.streak = 0;
        }
    }

    /// Keeps a perfect countdown of `decks` decks in `seconds`, counted in `count` (`None` for
    /// Hi-Lo), if it beats that count's best. Returns whether it did.
    pub fn record_countdown_best_in(
        &mut self,
        count: Option<&str>,
        decks: u8,
        seconds: f64,
    ) -> bool {
        let bests = match count {
            None => &mut self.countdown_best,
            Some(name) => self.countdown_best_by_count.entry(name.to_owned()).or_default(),
        };
        let best = bests.entry(decks).or_insert(f64::INFINITY);
        let beaten = seconds < *best;
        if beaten {
            *best = seconds;
        }
        beaten
    }

    /// The best perfect countdown of `decks` decks counted in `count` (`None` for Hi-Lo).
    pub fn countdown_best_in(&self, count: Option<&str>, decks: u8) -> Option<f64> {
        match count {
            None => self.countdown_best.get(&decks),
            Some(name) => self.countdown_best_by_count.get(name)?.get(&decks),
        }
        .copied()
    }

    /// Accuracy in a category.
    pub fn category(&self, category: Category) -> Accuracy {
        self.categories.get(&category).copied().unwrap_or_default()
    }

    /// The cells missed most often, worst first (by wrong answers, then error rate).
    pub fn most_missed(&self, n: usize) -> Vec<(&str, CellRecord)> {
        let mut missed: Vec<(&str, CellRecord)> =
            self.cells.iter().filter(|(_, c)| c.wrong > 0).map(|(k, c)| (k.as_str(), *c)).collect();
        missed.sort_by(|a, b| {
            b.1.wrong
                .cmp(&a.1.wrong)
                .then(
                    b.1.error_rate()
                        .partial_cmp(&a.1.error_rate())
                        .unwrap_or(std::cmp::Ordering::Equal),
                )
                .then(a.0.cmp(b.0))
        });
        missed.truncate(n);
        missed
    }

    /// Whether nothing was counted.
    pub fn is_empty(&self) -> bool {
        *self == Tally::default()
    }

    /// Adds a later tally's increments to this one.
    pub fn absorb(&mut self, later: &Tally) {
        self.play.absorb(&later.play);
        self.rebuys += later.rebuys;
        self.rebought_milli += later.rebought_milli;
        self.overall.add(&later.overall);
        for (category, acc) in &later.categories {
            self.categories.entry(*category).or_default().add(acc);
        }
        self.ev_lost += later.ev_lost;
        self.count.add(&later.count);
        for (skill, record) in &later.skills {
            self.skills.entry(skill.clone()).or_default().add(record);
        }
        for (&decks, &seconds) in &later.countdown_best {
            self.record_countdown_best_in(None, decks, seconds);
        }
        for (count, bests) in &later.countdown_best_by_count {
            for (&decks, &seconds) in bests {
                self.record_countdown_best_in(Some(count), decks, seconds);
            }
        }
        for (key, cell) in &later.cells {
            let mine = self.cells.entry(key.clone()).or_default();
            mine.decisions += cell.decisions;
            // A later mistake restarts the streak; otherwise the later right answers extend it.
            mine.streak = if cell.wrong > 0 { cell.streak } else { mine.streak + cell.streak };
            mine.wrong += cell.wrong;
            mine.ev_lost += cell.ev_lost;
            mine.review.absorb(&cell.review);
        }
        self.practice.absorb(&later.practice);
    }
}

/// Declares `TallyFile`, a [`Tally`] as files hold it (every counter at the top level, the
/// rounds' first, as earlier builds wrote their statistics and the JSON export writes the
/// lifetime), and its conversions, each field named once. Kept by hand rather than by
/// `#[serde(flatten)]`, which reads through a buffer that holds no `u128` (a sum of squares
/// past `u64` would not read) and places a bad value's error after the tally.
macro_rules! tally_file {
    (play { $($p:ident: $pt:ty,)* } $($(#[$m:meta])* $f:ident: $ft:ty,)*) => {
        #[derive(Debug, Clone, Default, Serialize, Deserialize)]
        #[serde(default, rename = "Tally")]
        struct TallyFile {
            $($p: $pt,)*
            $($(#[$m])* $f: $ft,)*
        }

        impl From<TallyFile> for Tally {
            fn from(f: TallyFile) -> Tally {
                let play = RoundTally { $($p: f.$p,)* };
                Tally { play, $($f: f.$f,)* }
            }
        }

        impl From<Tally> for TallyFile {
            fn from(t: Tally) -> TallyFile {
                TallyFile { $($p: t.play.$p,)* $($f: t.$f,)* }
            }
        }
    };
}

tally_file! {
    play {
        rounds: u64,
        hands: u64,
        wins: u64,
        losses: u64,
        pushes: u64,
        naturals: u64,
        busts: u64,
        doubles: u64,
        splits: u64,
        dealer_naturals: u64,
        dealer_busts: u64,
        net_milli: i64,
        net_money_milli: i64,
        net_sq_micro: u128,
    }
    rebuys: u64,
    rebought_milli: i64,
    overall: Accuracy,
    categories: BTreeMap<Category, Accuracy>,
    ev_lost: f64,
    cells: BTreeMap<String, CellRecord>,
    count: Accuracy,
    skills: BTreeMap<String, SkillRecord>,
    countdown_best: BTreeMap<u8, f64>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    countdown_best_by_count: BTreeMap<String, BTreeMap<u8, f64>>,
    #[serde(skip_serializing_if = "Practice::is_empty")]
    practice: Practice,
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Tally {
        /// Counts an answer of a counting drill: `skill` is one of [`SKILLS`] (the reports'
        /// tests build tallies with it; the program's answers come from the store).
        pub(crate) fn record_skill(&mut self, skill: &str, right: bool, error: f64, seconds: f64) {
            self.skills.entry(skill.to_owned()).or_default().add(&SkillRecord {
                asked: 1,
                right: u64::from(right),
                error_sum: error.abs(),
                seconds: seconds.max(0.0),
                untimed: u64::from(seconds <= 0.0),
            });
        }
    }
    use crate::analysis::chart::{Cell, HandKind};
    use crate::engine::{Action, Value};

    fn grade(right: bool) -> Grade {
        Grade {
            cell: Cell { kind: HandKind::Hard, row: 11, up: Value::of(6) },
            hand: "11".into(),
            chosen: if right { Action::Double } else { Action::Hit },
            advised: Action::Double,
            cost: if right { 0.0 } else { 0.12 },
            by_cards: None,
        }
    }

    #[test]
    fn streaks_merge_across_sessions() {
        let mut life = Tally::default();
        let mut s1 = Tally::default();
        s1.record_decision(&grade(true), Day(20_000));
        s1.record_decision(&grade(true), Day(20_000));
        life.absorb(&s1);
        let mut s2 = Tally::default();
        s2.record_decision(&grade(true), Day(20_000));
        life.absorb(&s2);
        assert_eq!(life.cells["hard:11:6"].streak, 3);
        let mut s3 = Tally::default();
        s3.record_decision(&grade(false), Day(20_000));
        life.absorb(&s3);
        assert_eq!(life.cells["hard:11:6"].streak, 0);
    }

    /// The rounds' figures are read and written at the top level, beside the decisions, as
    /// earlier builds wrote them; a sum of squares past `u64` reads back whole.
    #[test]
    fn a_tally_in_a_file_keeps_the_rounds_at_the_top_level() {
        let mut t = Tally::default();
        t.play.rounds = 3;
        t.play.net_sq_micro = 1 << 70;
        t.rebuys = 1;
        let text = serde_json::to_string(&t).expect("writes");
        assert!(
            text.starts_with(r#"{"rounds":3,"hands":0,"#)
                && text.contains(r#""net_sq_micro":1180591620717411303424,"rebuys":1,"#),
            "{text}"
        );
        assert_eq!(serde_json::from_str::<Tally>(&text).expect("reads"), t);
        let old: Tally = serde_json::from_str(r#"{"rounds":2,"wins":1}"#).expect("reads");
        assert_eq!((old.play.rounds, old.play.wins), (2, 1));
        let bad = serde_json::from_str::<Tally>("{\n\"rounds\": -1}").unwrap_err();
        assert_eq!(
            bad.to_string(),
            "invalid value: integer `-1`, expected u64 at line 2 column 12"
        );
    }

    #[test]
    fn most_missed_puts_the_worst_first() {
        let mut t = Tally::default();
        t.cells.insert(
            "hard:16:T".into(),
            CellRecord { decisions: 5, wrong: 3, streak: 0, ..CellRecord::default() },
        );
        t.cells.insert(
            "soft:18:9".into(),
            CellRecord { decisions: 2, wrong: 1, streak: 0, ..CellRecord::default() },
        );
        t.cells.insert(
            "pair:8:A".into(),
            CellRecord { decisions: 9, wrong: 0, streak: 9, ..CellRecord::default() },
        );
        let worst: Vec<&str> = t.most_missed(5).into_iter().map(|(k, _)| k).collect();
        assert_eq!(worst, vec!["hard:16:T", "soft:18:9"]);
    }
}
