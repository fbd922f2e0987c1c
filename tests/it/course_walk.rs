//! Issue 36's walk, end to end through the real code paths: the rules check on the command
//! line, the decision drill's own session code (`DecisionDrill`) answering into the store a
//! `Coach` keeps, and the table (`TableSession`) dealing shoes at a casino's pace with every
//! count check answered right. After each step `blackjack course` reads the store: a standard
//! is passed exactly when it is met, on the day of the row that met it, and recorded once.
//! Stage 2's drills and stages 3 to 6 are walked by [`super::course_walk_late`].

use std::collections::HashSet;
use std::path::Path;
use std::time::{Duration, Instant};

use blackjack_trainer::analysis::basic_strategy;
use blackjack_trainer::analysis::deviation::illustrious_18;
use blackjack_trainer::engine::{Rules, Units};
use blackjack_trainer::session::{CheckKind, TableSession};
use blackjack_trainer::setup::TableConfig;
use blackjack_trainer::store::{Coach, Location, SessionInfo, SessionKind};
use blackjack_trainer::trainer::course::Standard;
use blackjack_trainer::trainer::course::rules_check::questions;
use blackjack_trainer::trainer::day::{Clock, Day};
use blackjack_trainer::trainer::drills::decision::DecisionDrill;
use blackjack_trainer::trainer::drills::kinds::{DrillKind, dealt_cells};
use blackjack_trainer::trainer::evs::EvQuery;
use serde_json::Value;

use crate::common::{TempDir, run_within, stderr};
use crate::course_walk_late::{self as late, Book};
use crate::session::{Kit, config, finish_round, play_round, right_answer};

/// `blackjack course --json` on `db`.
pub(super) fn course(home: &TempDir, db: &str) -> Value {
    let out = run_within(&home.0, &["course", "--json", "--stats", db], &[], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// A standard of the course by its name.
pub(super) fn standard<'a>(course: &'a Value, name: &str) -> &'a Value {
    course["stages"]
        .as_array()
        .expect("stages")
        .iter()
        .flat_map(|s| s["standards"].as_array().expect("standards"))
        .find(|s| s["standard"] == name)
        .unwrap_or_else(|| panic!("no standard {name}"))
}

/// The days the store holds a pass of `name` on, one row each.
pub(super) fn passes(db: &Path, name: &str) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).expect("the database");
    let mut stmt = conn
        .prepare("SELECT day FROM course WHERE standard = ?1 AND passed = 1 ORDER BY id")
        .expect("a query");
    stmt.query_map([name], |r| r.get(0)).expect("rows").collect::<Result<_, _>>().expect("days")
}

fn day(text: &str) -> Day {
    Day::parse(text).expect("a day")
}

/// Stage 0 on the command line: the ten questions answered right on `today`.
fn rules_check(home: &TempDir, db: &str, today: &str) {
    let typed: String =
        questions(&Rules::default()).iter().map(|q| format!("{}\n", q.answer.text())).collect();
    let out = run_within(
        &home.0,
        &["course", "check", "--stats", db],
        &[("BLACKJACK_TODAY", today)],
        typed.as_bytes(),
    );
    assert!(out.status.success(), "{}", stderr(&out));
}

/// Stage 1 through the drill's session code: the drill of any hand answered by the chart, each
/// answer kept by a `Coach` on `today`, until every cell the standard wants was asked.
/// `before_last` runs just before the answer that drills the last cell.
fn drill_every_cell(db: &Path, today: &str, mut before_last: impl FnMut(usize)) -> usize {
    let rules = Rules::default();
    let strategy = basic_strategy(&rules);
    let info = SessionInfo::new(SessionKind::Drill, &rules);
    let (mut coach, _) =
        Coach::open(Some(&Location::named(db)), info, Clock::Fixed(day(today))).expect("opens");
    let mut drill =
        DecisionDrill::on_day(DrillKind::All, &rules, 36, coach.history(), coach.today());
    let all = dealt_cells(DrillKind::All).count();
    let mut drilled = HashSet::new();
    let mut asked = 0;
    while drilled.len() < all {
        assert!(asked < 20_000, "{} of {all} cells asked", drilled.len());
        let question = drill.question().clone();
        if drilled.len() == all - 1 && !drilled.contains(&question.cell) {
            before_last(asked);
        }
        let chosen = strategy.chart.get(question.cell).resolve(drill.legal());
        let evs = EvQuery::question(&rules, &question).compute(&rules);
        let answer = drill.answer(&strategy.chart, chosen, &evs, 1.0).expect("a legal play");
        assert!(answer.grade.is_correct(), "{:?}", answer.grade.message());
        coach.record_drill(&answer, DrillKind::All);
        assert_eq!(coach.save(), None, "saved");
        drilled.insert(question.cell);
        asked += 1;
    }
    asked
}

/// The table in counting mode at a casino's pace, every check answered right, until it has
/// shuffled `shoes` times (each shuffle ends a shoe); `after_shoe` runs after each. Stage 2's
/// learner stands on every hand; the exam's (`book`) bets by its ramp and plays right.
/// Returns the checks asked, in order.
pub(super) fn table_shoes(
    db: &Path,
    today: &str,
    shoes: usize,
    book: Option<&Book>,
    mut after_shoe: impl FnMut(usize),
) -> Vec<CheckKind> {
    let (mut table, _) = TableSession::new(
        &Rules::default(),
        &TableConfig {
            counting: true,
            count_check_every: 5,
            pace: Some("casino".parse().expect("a pace")),
            stats: Some(Location::named(db)),
            clock: Clock::Fixed(day(today)),
            seed: 36,
            ramp: book.map(|b| b.ramp.clone()),
            bankroll: Units::from_units(10_000),
            ..config()
        },
    )
    .expect("a table");
    let mut kit = Kit::new(Some(book.map_or_else(illustrious_18, |b| b.indices.clone())));
    let bet = |table: &mut TableSession| {
        if let Some(book) = book {
            let (placed, _) = table.place_bet(Units::from_units(book.bet(table)));
            assert!(placed, "the ramp's bet placed");
        }
    };
    let mut now = Instant::now();
    bet(&mut table);
    table.deal(&mut kit.an());
    let (mut ended, mut checks, mut waited) = (0, Vec::new(), false);
    let mut cards_left = table.table().view(table.your_seat()).cards_left();
    for _ in 0..1000 {
        match book {
            Some(book) => play_round(&mut table, &mut kit, |table| book.play(table)),
            None => finish_round(&mut table, &mut kit),
        }
        bet(&mut table);
        table.pace_tick(now, &mut kit.an());
        if let Some(kind) = table.surprise_check()
            && table.count_check().is_some()
        {
            let typed = right_answer(&table, kind);
            if let Some(slot) = table.count_check_mut() {
                *slot = typed;
            }
            table.answer_count_check(&mut kit.an());
            checks.push(kind);
            // The store keeps whole seconds, and a shoe's checks are those before the next
            // shoe's first deal: a learner's answer takes a second, so the deal comes after
            // (once a shoe is enough for that).
            if !waited {
                std::thread::sleep(Duration::from_millis(1100));
                waited = true;
            }
        }
        // A shoe ends where the cards left go back up: the shuffle.
        let left = table.table().view(table.your_seat()).cards_left();
        let shuffled = left > cards_left;
        cards_left = left;
        if shuffled {
            ended += 1;
            waited = false;
            after_shoe(ended);
            if ended == shoes {
                break;
            }
        }
        now += Duration::from_secs(60);
    }
    assert_eq!(ended, shoes, "the table shuffled {ended} times");
    assert!(checks.len() >= shoes, "checks were asked: {checks:?}");
    checks
}

#[test]
fn a_new_learner_walks_the_course_and_each_standard_passes_once_when_met() {
    let home = TempDir::new("course-walk");
    let path = home.path("walk.db");
    let db = path.to_str().expect("utf-8");

    // Stage 0: the rules check, on the first day.
    rules_check(&home, db, "2026-12-01");
    let c = course(&home, db);
    assert_eq!(c["stages"][0]["passed"], true);
    assert_eq!(standard(&c, Standard::RulesCheck.name())["passed"], "2026-12-01");
    assert_eq!(c["stages"][1]["open"], true);
    assert_eq!(c["next"]["standard"], Standard::EveryCell.name());

    // Stage 1: the drill of any hand, the next day. Its next step (`drill --kind all`) meets
    // both standards; one cell short, the stage is not passed.
    let mut short = None;
    let asked = drill_every_cell(&path, "2026-12-02", |asked| {
        short = Some((asked, course(&home, db)));
    });
    let (before, c) = short.expect("a last cell");
    assert!(before >= 200, "200 in a row already: {before}");
    assert_eq!(standard(&c, Standard::TwoHundred.name())["passed"], "2026-12-02");
    assert_eq!(standard(&c, Standard::EveryCell.name())["passed"], Value::Null);
    assert_eq!(c["stages"][1]["passed"], false);
    assert_eq!(c["next"]["standard"], Standard::EveryCell.name());
    let c = course(&home, db);
    assert_eq!(standard(&c, Standard::EveryCell.name())["passed"], "2026-12-02", "{asked}");
    assert_eq!(c["stages"][1]["passed"], true);
    assert_eq!(c["next"]["stage"], 2);

    // Stage 2's table: three shoes at a casino's pace, every check right, on the third day;
    // after two it is not met, after the third it is (the table records it at the shuffle).
    table_shoes(&path, "2026-12-03", 3, None, |ended| {
        let wanted = if ended < 3 { Value::Null } else { "2026-12-03".into() };
        assert_eq!(
            passes(&path, Standard::TableShoes.name())
                .first()
                .cloned()
                .map_or(Value::Null, Value::from),
            wanted,
            "after shoe {ended}: {}",
            standard(&course(&home, db), Standard::TableShoes.name())["best"]
        );
    });
    let c = course(&home, db);
    assert_eq!(standard(&c, Standard::TableShoes.name())["passed"], "2026-12-03");

    // The rest of stage 2 and the stages after it, a day each.
    late::stage_two_drills(&home, &path, "2026-12-03");
    late::stage_three(&home, &path, "2026-12-04");
    late::stage_four(&home, &path, "2026-12-05");
    late::stage_five(&home, &path, "2026-12-06");
    late::stage_six(&home, &path, "2026-12-07");

    // Each pass recorded once, however often the course is read.
    course(&home, db);
    for standard in Standard::ALL {
        let name = standard.name();
        assert_eq!(passes(&path, name).len(), 1, "{name} recorded once");
    }
    assert_eq!(passes(&path, Standard::RulesCheck.name()), ["2026-12-01"]);
}
