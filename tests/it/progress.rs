//! Progress by day: a scripted week written through the store's own write API — decisions at
//! the table and in drills, right and wrong, and counting answers — read back per day by the
//! store's query, and exported by `blackjack stats --export` (CSV with `--days`, and JSON).

use std::path::Path;

use blackjack_trainer::engine::Action;
use blackjack_trainer::sim::RoundTally;
use blackjack_trainer::store::{Location, Record, SessionInfo, SessionKind, Store};
use blackjack_trainer::trainer::day::Day;
use blackjack_trainer::trainer::export::DayRow;
use blackjack_trainer::trainer::history::{CountAnswer, Decision, DrillAnswer, HandRecord, Round};

use crate::common;
use common::TempDir;

/// The week: 2026-11-30 (a Monday) to 2026-12-06.
const WEEK: [&str; 7] = [
    "2026-11-30",
    "2026-12-01",
    "2026-12-02",
    "2026-12-03",
    "2026-12-04",
    "2026-12-05",
    "2026-12-06",
];

/// A decision in the 16-vs-T cell: stand was best; a wrong one hit and gave away `cost`.
fn decision(right: bool, cost: f64) -> Decision {
    Decision {
        hand: 0,
        cards: vec!["10h".to_owned(), "6s".to_owned()],
        up: "10c".to_owned(),
        cell: "hard:16:T".to_owned(),
        chosen: if right { Action::Stand } else { Action::Hit },
        advised: Action::Stand,
        evs: Vec::new(),
        cost: if right { 0.0 } else { cost },
        true_count: None,
    }
}

fn drilled(right: bool) -> Record {
    Record::Drill(DrillAnswer {
        at: 1_796_000_000,
        kind: "hard".to_owned(),
        seconds: 2.0,
        decision: decision(right, 0.1),
    })
}

/// A settled round at the table holding `decisions`, lost.
fn round(decisions: Vec<Decision>) -> Record {
    let round = Round {
        at: 1_796_000_000,
        seed: 7,
        shoe_position: 0,
        number: 1,
        bet: Some(1.0),
        true_count: None,
        dealer: vec!["10c".to_owned(), "10d".to_owned()],
        hands: vec![HandRecord {
            cards: vec!["10h".to_owned(), "6s".to_owned()],
            stake: 1,
            outcome: "-1".to_owned(),
            net: -1.0,
            money: Some(-1.0),
        }],
        decisions,
        unfinished: false,
    };
    let tally = RoundTally {
        rounds: 1,
        hands: 1,
        losses: 1,
        net_milli: -1000,
        net_money_milli: -1000,
        net_sq_micro: 1_000_000,
        ..RoundTally::default()
    };
    Record::Round { round, tally }
}

fn counted(skill: &str, right: bool, seconds: f64) -> Record {
    Record::Count(CountAnswer {
        at: 1_796_000_000,
        skill: skill.to_owned(),
        question: "+6 with 3 decks left".to_owned(),
        answer: if right { "+2" } else { "+3" }.to_owned(),
        truth: "+2".to_owned(),
        right,
        error: if right { 0.0 } else { 1.0 },
        seconds,
        countdown: None,
    })
}

/// The week, day `k` (0–6): ten decisions with `7 - k` wrong (each giving away 0.1 bets),
/// the first two of them in a round at the table and the rest in a drill; on the even days,
/// four true-count answers, `k / 2 + 1` right, each taking `6 - k / 2` seconds, and a
/// countdown of 40 seconds, right (its time is not one answer's).
fn write_week(path: &Path) {
    let info = SessionInfo { kind: SessionKind::Drill, rules: String::new() };
    let (mut store, _) = Store::open(&Location::named(path), info).expect("the database opens");
    for (k, day) in WEEK.iter().enumerate() {
        let day = Day::parse(day).expect("a date");
        let wrong = 7 - k;
        let right: Vec<bool> = (0..10).map(|i| i >= wrong).collect();
        let at_table = right[..2].iter().map(|&r| decision(r, 0.1)).collect();
        store.write(&round(at_table), day).expect("written");
        for &r in &right[2..] {
            store.write(&drilled(r), day).expect("written");
        }
        if k % 2 == 0 {
            let seconds = 6.0 - (k / 2) as f64;
            for i in 0..4 {
                store.write(&counted("true-count", i <= k / 2, seconds), day).expect("written");
            }
            store.write(&counted("countdown", true, 40.0), day).expect("written");
        }
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn a_scripted_week_reads_back_day_by_day() {
    let tmp = TempDir::new("progress-week");
    let path = tmp.0.join("stats.db");
    write_week(&path);
    let info = SessionInfo { kind: SessionKind::Table, rules: String::new() };
    let (store, _) = Store::open(&Location::named(&path), info).expect("opens");
    let rows: Vec<DayRow> = store.progress().expect("reads");
    let days: Vec<&str> = rows.iter().map(|r| r.day.as_str()).collect();
    assert_eq!(days, WEEK, "one row a day, oldest first");
    for (k, row) in rows.iter().enumerate() {
        let wrong = (7 - k) as f64;
        assert_eq!(row.rounds, 1, "{row:?}");
        assert_eq!((row.decisions, row.right), (10, 10 - (7 - k) as u64), "{row:?}");
        assert!(close(row.accuracy.expect("decisions"), (10.0 - wrong) / 10.0), "{row:?}");
        assert!(close(row.ev_given_away, wrong * 0.1), "{row:?}");
        // Ten decisions: per 100 is ten times the day's.
        assert!(close(row.ev_given_away_per_100.expect("decisions"), wrong), "{row:?}");
        if k % 2 == 0 {
            let right = (k / 2 + 1) as u64;
            assert_eq!((row.counting_answers, row.counting_right), (5, right + 1));
            assert!(close(row.counting_accuracy.expect("answers"), (right + 1) as f64 / 5.0));
            assert!(
                close(row.counting_seconds.expect("timed"), 6.0 - (k / 2) as f64),
                "the countdown's 40 s are not one answer's: {row:?}"
            );
        } else {
            assert_eq!(row.counting_answers, 0, "{row:?}");
            assert_eq!((row.counting_accuracy, row.counting_seconds), (None, None));
        }
    }
}

fn run(home: &Path, args: &[&str]) -> String {
    let out = common::blackjack_at(Some(home), args, &[]).output().expect("the binary runs");
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn the_export_gives_the_same_rows_as_csv_and_json() {
    let tmp = TempDir::new("progress-export");
    let path = tmp.0.join("stats.db");
    write_week(&path);
    let p = path.to_str().expect("a UTF-8 path");
    let csv = run(&tmp.0, &["stats", "--stats", p, "--export", "csv", "--days"]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "day,rounds,decisions,right,accuracy,ev_given_away,ev_given_away_per_100,\
         counting_answers,counting_right,counting_accuracy,counting_seconds"
    );
    assert_eq!(lines.len(), 8, "{csv}");
    assert_eq!(lines[1], "2026-11-30,1,10,3,0.3000,0.7000,7.0000,5,2,0.4000,6.0000");
    assert_eq!(lines[2], "2026-12-01,1,10,4,0.4000,0.6000,6.0000,0,0,,");
    assert_eq!(lines[7], "2026-12-06,1,10,9,0.9000,0.1000,1.0000,5,5,1.0000,3.0000");
    let json = run(&tmp.0, &["stats", "--stats", p, "--export", "json"]);
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let days: Vec<DayRow> = serde_json::from_value(value["days"].clone()).expect("day rows");
    assert_eq!(days.len(), 7);
    assert_eq!(days[0].day, "2026-11-30");
    assert_eq!((days[0].decisions, days[0].right), (10, 3));
    assert_eq!(days[1].counting_accuracy, None);
    assert_eq!(days[6].counting_seconds, Some(3.0));
    // The existing tables are where they were.
    assert_eq!(value["cells"].as_array().map(Vec::len), Some(360));
    assert_eq!(value["session_rows"].as_array().map(Vec::len), Some(1));
    let cells = run(&tmp.0, &["stats", "--stats", p, "--export", "csv"]);
    assert!(cells.starts_with("key,label,decisions,right,wrong,"), "{cells}");
}
