//! Spaced practice across days: the Leitner schedule over chart cells kept in the statistics
//! file, the days-in-a-row streak, the `due` drill, and files from before the schedule.
//! "Today" is always a fixed day here ([`Clock::Fixed`], `BLACKJACK_TODAY`).

use std::path::Path;
use std::process::Output;

use blackjack_trainer::analysis::basic_strategy;
use blackjack_trainer::analysis::chart::{Cell, HandKind};
use blackjack_trainer::engine::{Action, Rules};
use blackjack_trainer::store::{Coach, Location, SessionInfo, SessionKind};
use blackjack_trainer::trainer::day::{Clock, Day};
use blackjack_trainer::trainer::drills::decision::DecisionDrill;
use blackjack_trainer::trainer::drills::kinds::DrillKind;
use blackjack_trainer::trainer::drills::schedule::{Standing, due_cells, next_due};
use blackjack_trainer::trainer::evs::EvQuery;
use blackjack_trainer::trainer::grade::Grade;
use blackjack_trainer::trainer::tally::Tally;

use crate::common;
use common::TempDir;

fn monday() -> Day {
    Day::parse("2026-11-30").expect("a date")
}

fn cell(kind: HandKind, row: u8, up: u8) -> Cell {
    let up = blackjack_trainer::engine::Value::of(up);
    Cell { kind, row, up }
}

/// A graded decision in `cell`, right or not (the advised play is the chart's; a wrong one
/// costs 0.1).
fn grade(cell: Cell, right: bool) -> Grade {
    Grade {
        cell,
        hand: cell.label(),
        chosen: if right { Action::Stand } else { Action::Hit },
        advised: Action::Stand,
        cost: if right { 0.0 } else { 0.1 },
        by_cards: None,
    }
}

/// The day `cell` comes due in `tally`.
fn due(tally: &Tally, cell: Cell) -> Option<Day> {
    tally.cells.get(&cell.key())?.review.due()
}

#[test]
fn a_missed_cell_comes_due_before_a_known_one() {
    let missed = cell(HandKind::Hard, 16, 10);
    let known = cell(HandKind::Hard, 13, 2);
    let mut tally = Tally::default();
    let today = monday();
    tally.record_decision(&grade(known, true), today);
    tally.record_decision(&grade(missed, false), today);
    let due_today: Vec<Cell> = due_cells(&tally, today).iter().map(|d| d.cell).collect();
    assert_eq!(due_today, vec![missed], "the miss comes back the same day");
    assert!(due(&tally, missed) < due(&tally, known));
    // Answered right after the miss, it waits until tomorrow — still before the known cell,
    // once that one has been right on a second day.
    tally.record_decision(&grade(missed, true), today);
    assert!(due_cells(&tally, today).is_empty());
    assert_eq!(due(&tally, missed), Some(today.plus(1)));
    tally.record_decision(&grade(known, true), today.plus(1));
    tally.record_decision(&grade(missed, true), today.plus(1));
    assert!(due(&tally, missed) < due(&tally, known));
    assert_eq!(next_due(&tally, today.plus(1)), due(&tally, missed));
}

#[test]
fn intervals_grow_with_right_answers_and_reset_on_a_miss() {
    let c = cell(HandKind::Soft, 18, 9);
    let mut tally = Tally::default();
    let mut day = monday();
    let mut intervals = Vec::new();
    for _ in 0..7 {
        tally.record_decision(&grade(c, true), day);
        // A second right answer the same day moves nothing.
        let before = due(&tally, c);
        tally.record_decision(&grade(c, true), day);
        assert_eq!(due(&tally, c), before);
        let next = due(&tally, c).expect("scheduled");
        intervals.push(next.since(day));
        day = next;
    }
    assert_eq!(intervals, vec![1, 2, 4, 8, 16, 32, 32], "doubling up to the top box");
    assert_eq!(tally.cells[&c.key()].review.level(), 6);
    tally.record_decision(&grade(c, false), day);
    assert_eq!(tally.cells[&c.key()].review.level(), 0, "a miss empties the box");
    assert_eq!(due(&tally, c), Some(day));
    tally.record_decision(&grade(c, true), day);
    assert_eq!(due(&tally, c), Some(day.plus(1)), "back to one day");
    tally.record_decision(&grade(c, true), day.plus(1));
    assert_eq!(due(&tally, c), Some(day.plus(2)));
}

/// One decision in `cell` on `day`, saved in the database at `path`; then a coach of that
/// day on it.
fn session(path: &Path, day: Day, cell: Cell, right: bool) -> Coach {
    common::record_decisions(path, &[(day, cell, right)]);
    let info = SessionInfo { kind: SessionKind::Drill, rules: String::new() };
    let (coach, _) =
        Coach::open(Some(&Location::named(path)), info, Clock::Fixed(day)).expect("opens");
    coach
}

#[test]
fn the_streak_and_the_schedule_last_across_days_in_the_file() {
    let dir = TempDir::new("schedule-streak");
    let path = dir.0.join("stats.db");
    let c = cell(HandKind::Hard, 12, 3);
    let d = monday();
    session(&path, d, c, false);
    session(&path, d, c, true);
    session(&path, d.plus(1), c, true);
    let coach = session(&path, d.plus(2), c, true);
    let standing = coach.standing().expect("statistics are kept");
    assert_eq!(standing.streak, 3, "{standing:?}");
    assert_eq!(standing.due, 0);
    // Recovered on Monday, right on Tuesday and Wednesday: the box is 2, due Friday.
    let (_, lifetime) = common::lifetime_on(&path, d.plus(2));
    assert_eq!(lifetime.cells[&c.key()].review.level(), 2);
    assert_eq!(due(&lifetime, c), Some(d.plus(4)));
    assert_eq!(lifetime.cells[&c.key()].decisions, 4);
    assert!((lifetime.cells[&c.key()].ev_lost - 0.05).abs() < 1e-12);
    // A day missed ends the run; today may still be practised.
    assert_eq!(lifetime.practice.streak(d.plus(3)), 3);
    assert_eq!(lifetime.practice.streak(d.plus(4)), 0);
    let coach = session(&path, d.plus(4), c, true);
    assert_eq!(coach.standing().map(|s| s.streak), Some(1));
    let Standing { due, scheduled, .. } = coach.standing().expect("kept");
    assert!(scheduled && due == 0);
}

/// A version-1 file as written before the schedule: no per-cell EV, no review, no practice
/// days.
const OLD_FILE: &str = r#"{
  "version": 1,
  "sessions": 2,
  "lifetime": {
    "rounds": 3, "hands": 3, "wins": 1, "losses": 2, "pushes": 0,
    "net_milli": -1000, "net_money_milli": -5000, "net_sq_micro": 3000000,
    "overall": {"decisions": 3, "correct": 2},
    "ev_lost": 0.07,
    "cells": {"hard:16:T": {"decisions": 3, "wrong": 1, "streak": 2}}
  },
  "last_seen": {"hard:16:T": 1796304005}
}"#;

#[test]
fn an_old_stats_file_is_imported_and_joins_the_schedule() {
    let dir = TempDir::new("schedule-old");
    std::fs::write(dir.0.join("stats.json"), OLD_FILE).expect("write");
    let path = dir.0.join("stats.db");
    let (_, lifetime) = common::lifetime_on(&path, monday());
    let old = lifetime.cells["hard:16:T"];
    assert_eq!((old.decisions, old.wrong, old.streak), (3, 1, 2));
    assert!(old.review.is_empty() && old.ev_lost == 0.0);
    assert!(due_cells(&lifetime, monday()).is_empty());
    // The next miss schedules it.
    let sixteen = cell(HandKind::Hard, 16, 10);
    session(&path, monday(), sixteen, false);
    let (_, lifetime) = common::lifetime_on(&path, monday());
    assert_eq!(lifetime.cells["hard:16:T"].decisions, 4);
    assert_eq!(lifetime.cells["hard:16:T"].streak, 0);
    assert_eq!(due(&lifetime, sixteen), Some(monday()));
    assert_eq!(
        std::fs::read_to_string(dir.0.join("stats.json")).expect("the old file"),
        OLD_FILE,
        "the old file is left as it was"
    );
}

#[test]
fn the_due_drill_asks_the_most_overdue_cell_first_and_ends_when_nothing_is_due() {
    let rules = Rules::default();
    let strategy = basic_strategy(&rules);
    let d = monday();
    let mut history = Tally::default();
    // 16 vs T missed three days ago (due then), 12 vs 3 missed today, 20 vs 6 right today.
    let old = cell(HandKind::Hard, 16, 10);
    let fresh = cell(HandKind::Hard, 12, 3);
    history.record_decision(&grade(old, false), d.plus(-3));
    history.record_decision(&grade(fresh, false), d);
    history.record_decision(&grade(cell(HandKind::Pair, 10, 6), true), d);
    let order: Vec<Cell> = due_cells(&history, d).iter().map(|c| c.cell).collect();
    assert_eq!(order, vec![old, fresh]);
    let mut drill = DecisionDrill::on_day(DrillKind::Due, &rules, 5, history, d);
    assert!(drill.has_mistakes_left());
    let mut asked = Vec::new();
    while drill.has_mistakes_left() && asked.len() < 10 {
        let question = drill.question().clone();
        asked.push(question.cell);
        let right = strategy.chart.get(question.cell).preferred();
        let evs = EvQuery::question(&rules, &question).compute(&rules);
        drill.answer(&strategy.chart, right, &evs, 1.0).expect("a legal answer");
    }
    assert_eq!(asked, vec![old, fresh], "most overdue first, each once");
    assert!(due_cells(drill.history(), d).is_empty());
    assert_eq!(due(drill.history(), old), Some(d.plus(1)));
}

fn run(args: &[&str], env: &[(&str, &str)], stdin: &str) -> Output {
    use std::io::Write;
    let mut child = common::blackjack_at(None, args, env).spawn().expect("the binary runs");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("write stdin");
    child.wait_with_output().expect("it ends")
}

#[test]
fn drill_kind_due_on_the_command_line_says_when_nothing_is_due_and_drills_what_is() {
    let dir = TempDir::new("schedule-cli");
    let path = dir.0.join("stats.db");
    let p = path.to_str().expect("a UTF-8 path");
    let args = ["drill", "--kind", "due", "--stats", p, "--seed", "3"];
    let nothing = run(&args, &[("BLACKJACK_TODAY", "2026-11-30")], "");
    let text = String::from_utf8_lossy(&nothing.stdout);
    assert!(nothing.status.success(), "{text}");
    assert!(text.contains("Nothing is scheduled yet"), "{text}");
    // A miss on Monday: due Monday, with the reason.
    let sixteen = cell(HandKind::Hard, 16, 10);
    session(&path, monday(), sixteen, false);
    let right = basic_strategy(&Rules::default()).chart.get(sixteen).preferred();
    let answer = format!("{right}\n");
    let out = run(&args, &[("BLACKJACK_TODAY", "2026-11-30")], &answer);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("the 1 cell due today (2026-11-30)"), "{text}");
    // The lines are broken between words at 80 columns: read them as one.
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(
            "That was the last cell due today. Nothing is due today: the next cell \
                       comes due tomorrow (2026-12-01)."
        ),
        "{text}"
    );
    let tomorrow = run(&args, &[("BLACKJACK_TODAY", "2026-12-02")], "q\n");
    let text = String::from_utf8_lossy(&tomorrow.stdout);
    assert!(text.contains("the 1 cell due today (2026-12-02)"), "{text}");
    let bad = run(&args, &[("BLACKJACK_TODAY", "tuesday")], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("BLACKJACK_TODAY=\"tuesday\" is not a date"),
        "{}",
        String::from_utf8_lossy(&bad.stderr)
    );
}

/// The line of `blackjack stats` that starts with `Spaced practice:`, if any.
fn practice_line(text: &str) -> Option<&str> {
    text.lines().map(str::trim).find(|l| l.starts_with("Spaced practice:"))
}

#[test]
fn blackjack_stats_prints_the_tables_spaced_practice_line_for_blackjack_today() {
    let dir = TempDir::new("schedule-stats");
    let path = dir.0.join("stats.db");
    let p = path.to_str().expect("a UTF-8 path");
    // Two days of practice: Monday a miss and a right answer, Tuesday two misses.
    let d = monday();
    session(&path, d, cell(HandKind::Hard, 16, 10), false);
    session(&path, d, cell(HandKind::Hard, 13, 2), true);
    session(&path, d.plus(1), cell(HandKind::Soft, 18, 9), false);
    session(&path, d.plus(1), cell(HandKind::Pair, 8, 1), false);
    let (_, lifetime) = common::lifetime_on(&path, d.plus(1));
    let stats = |today: Day| {
        let out = run(&["stats", "--stats", p], &[("BLACKJACK_TODAY", &today.to_string())], "");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    // On Tuesday: the cells the schedule has due, and the two days in a row.
    let tuesday = d.plus(1);
    let due = due_cells(&lifetime, tuesday).len();
    let streak = lifetime.practice.streak(tuesday);
    assert!(due > 1 && streak == 2, "a schedule worth printing: {due} {streak}");
    let text = stats(tuesday);
    assert_eq!(
        practice_line(&text),
        Some(format!("Spaced practice: {due} cells due today · {streak} days in a row").as_str()),
        "{text}"
    );
    // The table's own words for the same file and day.
    let standing = Standing::of(&lifetime, tuesday);
    assert_eq!(practice_line(&text), standing.line().as_deref());
    // A week on ($BLACKJACK_TODAY is today): the run of days is over, more may be due.
    let later = d.plus(7);
    assert_eq!(lifetime.practice.streak(later), 0);
    let due_later = due_cells(&lifetime, later).len();
    let text = stats(later);
    assert_eq!(
        practice_line(&text),
        Some(format!("Spaced practice: {due_later} cells due today").as_str()),
        "{text}"
    );
    // The JSON export carries the same two figures.
    let out = run(
        &["stats", "--stats", p, "--export", "json"],
        &[("BLACKJACK_TODAY", &tuesday.to_string())],
        "",
    );
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["due_today"], serde_json::json!(due));
    assert_eq!(json["days_in_a_row"], serde_json::json!(streak));
    // A file with nothing practised has no such line; a bad day is a usage error.
    let empty = dir.0.join("none.db");
    let out = run(&["stats", "--stats", empty.to_str().expect("UTF-8")], &[], "");
    assert_eq!(practice_line(&String::from_utf8_lossy(&out.stdout)), None);
    let bad = run(&["stats", "--stats", p], &[("BLACKJACK_TODAY", "someday")], "");
    assert_eq!(bad.status.code(), Some(2));
}
