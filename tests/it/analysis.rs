//! `blackjack ev` and `blackjack strategy` as a user calls them.

use std::process::{Command, Output};

use crate::common;
use common::TempDir;

fn blackjack(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_blackjack")).args(args).output().expect("the binary runs")
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = blackjack(args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn ev_json_has_every_action_and_the_best() {
    let v = json(&["ev", "--hand", "8,8", "--up", "T", "--json"]);
    assert_eq!(v["hand"], "8,8");
    assert_eq!(v["up"], "T");
    let best = v["best"].as_str().unwrap();
    let best_ev = v[best].as_f64().unwrap();
    for action in ["stand", "hit", "double", "split"] {
        assert!(v[action].as_f64().unwrap() <= best_ev + 1e-12);
    }
}

#[test]
fn ev_marks_illegal_actions_null_and_accepts_face_names() {
    let v = json(&["ev", "--hand", "K,7,2", "--up", "Q", "--json"]);
    assert!(v["double"].is_null() && v["split"].is_null());
    assert_eq!(v["up"], "T");
}

#[test]
fn seen_cards_change_the_answer() {
    let full = json(&["ev", "--hand", "T,6", "--up", "T", "--json"]);
    let small_cards_gone = json(&[
        "ev",
        "--hand",
        "T,6",
        "--up",
        "T",
        "--seen",
        "2,2,2,2,3,3,3,3,4,4,4,4,5,5,5,5",
        "--json",
    ]);
    assert_ne!(full["hit"], small_cards_gone["hit"]);
    assert!(small_cards_gone["hit"].as_f64() < full["hit"].as_f64());
}

/// The table's grade of a hand and a play, on the command line (issue 36): a play the cards
/// favour over the chart's is right, in the table's words; a worse one is a mistake with its
/// cost; a play the hand may not make is refused.
#[test]
fn ev_grades_a_play_as_the_table_does() {
    let out = blackjack(&["ev", "--hand", "7,4,5", "--up", "T", "--play", "stand"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains(
            "At the table: ✓ Basic strategy: hit 16 vs T (the chart goes by total) — these \
             cards favour your stand"
        ),
        "{text}"
    );
    let v = json(&["ev", "--hand", "T,6", "--up", "T", "--play", "stand", "--json"]);
    assert_eq!(v["grade"]["correct"], false, "{v}");
    assert_eq!(v["grade"]["chart"], "hit");
    let cost = v["hit"].as_f64().unwrap() - v["stand"].as_f64().unwrap();
    assert!((v["grade"]["cost"].as_f64().unwrap() - cost).abs() < 1e-12, "{v}");
    let refused = blackjack(&["ev", "--hand", "7,4,5", "--up", "T", "--play", "split"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("not allowed with this hand"));
}

#[test]
fn ev_refuses_bad_input() {
    for args in [
        &["ev", "--hand", "8,X", "--up", "T"][..],
        &["ev", "--hand", "8", "--up", "T"],
        &["ev", "--hand", "T,T,5", "--up", "T"],
        &["ev", "--hand", "8,8", "--up", "T,9"],
        &[
            "ev",
            "--hand",
            "A,A",
            "--up",
            "A",
            "--seen",
            "A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A",
        ],
    ] {
        let out = blackjack(args);
        assert!(!out.status.success(), "{args:?} should fail");
        assert!(!out.stderr.is_empty());
    }
}

#[test]
fn strategy_json_has_360_cells_and_both_edges() {
    let v = json(&["strategy", "--json"]);
    let chart = v["chart"].as_object().unwrap();
    assert_eq!(chart.len(), 360);
    assert!(["H", "S", "D", "Ds", "P"].contains(&chart["hard:16:T"].as_str().unwrap()));
    assert_eq!(chart["pair:A:6"], "P");
    let edge = &v["house_edge"];
    assert!(edge["optimal_first_decision"].as_f64().unwrap() >= edge["chart"].as_f64().unwrap());
    assert_eq!(v["rules"]["decks"], 6);
}

#[test]
fn the_chart_follows_the_rules_file() {
    let dir = TempDir::new("analysis-rules");
    let path = dir.0.join("6to5.toml");
    std::fs::write(&path, "blackjack_pays = 1.2\n").unwrap();
    let base = json(&["strategy", "--json"]);
    let worse = json(&["--rules", path.to_str().unwrap(), "strategy", "--json"]);
    let (b, w) = (
        base["house_edge"]["chart"].as_f64().unwrap(),
        worse["house_edge"]["chart"].as_f64().unwrap(),
    );
    // 6:5 costs 0.3 units on each natural (about 4.7 % of rounds): about 1.4 % in all.
    assert!((b - w - 0.3 * 0.0465).abs() < 0.002, "{b} vs {w}");
}
