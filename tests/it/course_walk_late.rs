//! Issue 36's walk from stage 2's drills to the exam: the learner of [`super::course_walk`]
//! goes on. The counting drills run on the command line (`blackjack drill --kind … --seed N`,
//! each answer recorded and saved as the learner's are), answered right from a replay of the
//! same questions: the drill's own `Quiz`, seeded and set up as the command line sets it up,
//! graded by its own grading. The exam is played through `TableSession` (see
//! [`super::course_walk::table_shoes`]): bets by the table's ramp, the plays the session
//! grades by (the chart's, or the index play at the session's count).
//!
//! For each standard: one answer (or shoe) short it is not passed and `blackjack course` names
//! it next; met, it is passed on that day; once a stage is passed the course names the next.

use std::path::Path;

use blackjack_trainer::analysis::Strategy;
use blackjack_trainer::analysis::counts::CountSystem;
use blackjack_trainer::analysis::deviation::IndexTable;
use blackjack_trainer::analysis::hilo::BetRamp;
use blackjack_trainer::engine::{Action, Rules};
use blackjack_trainer::session::{CheckKind, TableSession};
use blackjack_trainer::store::cache::index_table_for;
use blackjack_trainer::trainer::course::{Standard, top_cells};
use blackjack_trainer::trainer::drills::counting::{Prompt, Quiz, QuizKind, QuizSettings};
use serde_json::Value;

use super::course_walk::{course, passes, standard, table_shoes};
use crate::common::{TempDir, run_within, stderr};

/// How the exam's learner plays: bets by `ramp`, and the play the session grades as right —
/// the index play of `indices` where it applies at the session's count, else the chart's.
pub(super) struct Book {
    /// The variant's basic strategy.
    pub strategy: std::sync::Arc<Strategy>,
    /// This game's index table (shipped with the program for the default rules).
    pub indices: IndexTable,
    /// The bet ramp.
    pub ramp: BetRamp,
}

impl Book {
    /// The default game's, with the default ramp.
    fn new() -> Book {
        let rules = Rules::default();
        Book {
            strategy: blackjack_trainer::analysis::basic_strategy(&rules),
            indices: index_table_for(&rules, &CountSystem::default()),
            ramp: BetRamp::default(),
        }
    }

    /// The play for the hand to act: the calls the session's grading makes
    /// (`grade_at_count`: the chart's play, replaced by an index play that applies at the
    /// floored count and is legal).
    pub(super) fn play(&self, table: &TableSession) -> Action {
        let view = table.table().view(table.your_seat());
        let hand = view.active_hand().expect("a hand to act");
        let up = view.dealer_up().expect("an up card").value();
        let legal = view.legal();
        let (cell, chart) = self.strategy.chart.advise(&hand.cards, up, legal);
        self.indices.deviation(cell, table.floored_count(), legal).unwrap_or(chart)
    }

    /// The ramp's bet at the session's count, in units.
    pub(super) fn bet(&self, table: &TableSession) -> i64 {
        i64::from(self.ramp.bet(table.floored_count()))
    }
}

/// `blackjack drill --kind <kind> --seed <seed>` on `db` on `today`, a line typed for each
/// of `typed`: its output.
fn drill(home: &TempDir, db: &str, kind: QuizKind, seed: u64, typed: &[String], today: &str) {
    let input: String = typed.iter().map(|t| format!("{t}\n")).collect();
    let seed = seed.to_string();
    let args = ["drill", "--kind", kind.drill().name(), "--seed", &seed, "--stats", db];
    let out = run_within(&home.0, &args, &[("BLACKJACK_TODAY", today)], input.as_bytes());
    assert!(out.status.success(), "{}", stderr(&out));
}

/// The drill of `kind` as `blackjack drill --kind … --seed seed` asks it: the default rules,
/// count, convention, resolution, ramp and set of index plays.
fn replay(kind: QuizKind, seed: u64) -> Quiz {
    let rules = Rules::default();
    let system = CountSystem::default();
    let indices = if kind == QuizKind::Deviations {
        index_table_for(&rules, &system)
    } else {
        IndexTable::default()
    };
    let settings =
        QuizSettings::for_rules(&rules, IndexTable::default()).counting(&system, indices);
    Quiz::new(kind, settings, seed).expect("a drill")
}

/// The right answer to the question `quiz` asks, as its own grading has it; `quiz` then asks
/// the next one.
fn answer_right(quiz: &mut Quiz) -> String {
    let right = match quiz.prompt() {
        Prompt::Deviation { play, tc, .. } => {
            let right = if play.applies(*tc) { play.play } else { play.otherwise };
            right.name().to_owned()
        }
        // Any number the question takes, to be told the right one.
        _ => quiz.clone().answer("0", 0.0).expect("a number").expected,
    };
    let graded = quiz.answer(&right, 0.0).expect("an answer");
    assert!(graded.right, "{right}: {}", graded.why);
    right
}

/// The right answers to the first `n` questions of the drill of `kind` seeded `seed`.
fn right_answers(kind: QuizKind, seed: u64, n: usize) -> Vec<String> {
    let mut quiz = replay(kind, seed);
    (0..n).map(|_| answer_right(&mut quiz)).collect()
}

/// `name` not passed yet, and the course names it next.
fn short_of(c: &Value, name: &str) {
    assert_eq!(standard(c, name)["passed"], Value::Null, "{name}: {c}");
    assert_eq!(c["next"]["standard"], name, "{c}");
}

/// `name` passed on `day`, its pass recorded once with that day.
fn passed_on(c: &Value, db: &Path, name: &str, day: &str) {
    assert_eq!(standard(c, name)["passed"], day, "{name}: {c}");
    assert_eq!(passes(db, name), [day], "{name} recorded once");
}

/// Stage `n` passed, and the course names the next stage (none after the exam).
fn stage_passed(c: &Value, n: usize) {
    assert_eq!(c["stages"][n]["passed"], true, "{c}");
    let next = if n == 6 { Value::Null } else { (n + 1).into() };
    assert_eq!(c["next"]["stage"], next, "{c}");
}

/// Stage 2's drills, on the command line: a one-deck countdown right, three times; pairs
/// cancelled, 20 in a row right. With the table's three shoes, the stage is passed.
pub(super) fn stage_two_drills(home: &TempDir, db: &Path, today: &str) {
    let text = db.to_str().expect("utf-8");
    // A whole deck turned a card at a time counts to 0.
    let countdown = || {
        let typed = format!("{}0\n", "\n".repeat(52));
        let args = ["drill", "--kind", "countdown", "--decks", "1", "--stats", text];
        let out = run_within(&home.0, &args, &[("BLACKJACK_TODAY", today)], typed.as_bytes());
        assert!(out.status.success(), "{}", stderr(&out));
    };
    countdown();
    countdown();
    short_of(&course(home, text), Standard::Countdown.name());
    countdown();
    let c = course(home, text);
    passed_on(&c, db, Standard::Countdown.name(), today);
    short_of(&c, Standard::Pairs.name());

    let pairs = right_answers(QuizKind::Pairs, 2, 20);
    drill(home, text, QuizKind::Pairs, 2, &pairs[..19], today);
    short_of(&course(home, text), Standard::Pairs.name());
    drill(home, text, QuizKind::Pairs, 2, &pairs[..1], today);
    let c = course(home, text);
    passed_on(&c, db, Standard::Pairs.name(), today);
    stage_passed(&c, 2);
}

/// Stage 3: 20 true-count conversions in a row; the decks left within half a deck, 18 of 20
/// (three misses first, so the 20 judged slide past them).
pub(super) fn stage_three(home: &TempDir, db: &Path, today: &str) {
    let text = db.to_str().expect("utf-8");
    let name = Standard::Conversions.name();
    short_of(&course(home, text), name);
    let conversions = right_answers(QuizKind::TrueCount, 3, 20);
    drill(home, text, QuizKind::TrueCount, 3, &conversions[..19], today);
    let c = course(home, text);
    short_of(&c, name);
    assert_eq!(standard(&c, name)["best"], "best 19 in a row of 20");
    // The next run asks its first question again: the 20th in a row.
    drill(home, text, QuizKind::TrueCount, 3, &conversions[..1], today);
    let c = course(home, text);
    passed_on(&c, db, name, today);

    let name = Standard::DecksLeft.name();
    short_of(&c, name);
    let mut quiz = replay(QuizKind::Decks, 4);
    let mut typed = Vec::new();
    for i in 0..20 {
        if i < 3 {
            // Two decks off: a miss.
            let right: f64 =
                quiz.clone().answer("0", 0.0).expect("a number").expected.parse().expect("decks");
            let wrong = if right >= 3.0 { right - 2.0 } else { right + 2.0 };
            let graded = quiz.answer(&wrong.to_string(), 0.0).expect("decks");
            assert!(!graded.right, "{wrong}: {}", graded.why);
            typed.push(wrong.to_string());
        } else {
            typed.push(answer_right(&mut quiz));
        }
    }
    drill(home, text, QuizKind::Decks, 4, &typed, today);
    let c = course(home, text);
    short_of(&c, name);
    assert_eq!(standard(&c, name)["best"], "best 17 of 20 within half a deck");
    // The next run asks its first question again, answered right this time.
    let first = right_answers(QuizKind::Decks, 4, 1);
    drill(home, text, QuizKind::Decks, 4, &first, today);
    let c = course(home, text);
    passed_on(&c, db, name, today);
    stage_passed(&c, 3);
}

/// Stage 4: the ramp drill's bets from memory, 20 in a row (its skill is `ramp`; the table's
/// bets are `table-ramp`, which the exam reads).
pub(super) fn stage_four(home: &TempDir, db: &Path, today: &str) {
    let text = db.to_str().expect("utf-8");
    let name = Standard::Ramp.name();
    let bets = right_answers(QuizKind::Ramp, 5, 20);
    drill(home, text, QuizKind::Ramp, 5, &bets[..19], today);
    let c = course(home, text);
    short_of(&c, name);
    assert_eq!(standard(&c, name)["best"], "best 19 in a row of 20");
    drill(home, text, QuizKind::Ramp, 5, &bets[..1], today);
    let c = course(home, text);
    passed_on(&c, db, name, today);
    stage_passed(&c, 4);
}

/// Stage 5: the deviations drill until each of this game's top 18 index plays was answered
/// right twice in a row; one answer short, 17 are.
pub(super) fn stage_five(home: &TempDir, db: &Path, today: &str) {
    let text = db.to_str().expect("utf-8");
    let name = Standard::TopIndexPlays.name();
    let top = top_cells(&Book::new().indices);
    assert_eq!(top.len(), 18, "this game's top 18");
    let seed = 6;
    let mut quiz = replay(QuizKind::Deviations, seed);
    let (mut typed, mut right_once, mut twice) = (Vec::new(), Vec::new(), Vec::new());
    let last = loop {
        assert!(typed.len() < 2_000, "{} of 18 right twice", twice.len());
        let Prompt::Deviation { play, .. } = quiz.prompt() else {
            panic!("a deviations question");
        };
        let cell = play.cell;
        typed.push(answer_right(&mut quiz));
        if !top.contains(&cell) || twice.contains(&cell) {
            continue;
        }
        if right_once.contains(&cell) {
            twice.push(cell);
            if twice.len() == top.len() {
                break cell;
            }
        } else {
            right_once.push(cell);
        }
    };
    drill(home, text, QuizKind::Deviations, seed, &typed[..typed.len() - 1], today);
    let c = course(home, text);
    short_of(&c, name);
    assert_eq!(standard(&c, name)["best"], "17 of 18 plays right twice in a row");
    // The drill again from its first question, up to the last play's: its second in a row.
    let mut again = replay(QuizKind::Deviations, seed);
    let mut typed = Vec::new();
    loop {
        let Prompt::Deviation { play, .. } = again.prompt() else {
            panic!("a deviations question");
        };
        let cell = play.cell;
        typed.push(answer_right(&mut again));
        if cell == last {
            break;
        }
    }
    drill(home, text, QuizKind::Deviations, seed, &typed, today);
    let c = course(home, text);
    passed_on(&c, db, name, today);
    stage_passed(&c, 5);
}

/// Stage 6, the exam: counting-mode shoes at a casino's pace, every check right, bets by the
/// ramp, the right plays. After the first shoe it is not passed; after the second it is (the
/// table records it at the shuffle).
pub(super) fn stage_six(home: &TempDir, db: &Path, today: &str) {
    let text = db.to_str().expect("utf-8");
    let name = Standard::Exam.name();
    short_of(&course(home, text), name);
    let book = Book::new();
    let checks = table_shoes(db, today, 2, Some(&book), |ended| {
        let c = course(home, text);
        if ended < 2 {
            short_of(&c, name);
            assert_eq!(passes(db, name), Vec::<String>::new());
        } else {
            passed_on(&c, db, name, today);
        }
        let best = standard(&c, name)["best"].as_str().unwrap_or_default().to_owned();
        assert!(
            ended == 2 || best.contains("bets 100 % by the ramp, decisions 100.0 %"),
            "after shoe {ended}: {best}"
        );
    });
    // The exam asks every kind of check: the running count, the true count, the decks left.
    for kind in [CheckKind::Running, CheckKind::True, CheckKind::Decks] {
        assert!(checks.contains(&kind), "{kind:?} never asked: {checks:?}");
    }
    let c = course(home, text);
    passed_on(&c, db, name, today);
    stage_passed(&c, 6);
}
