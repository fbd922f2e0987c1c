//! `blackjack counts` and the counting simulator with any count, as a user meets them: every
//! built-in count side by side, a count of one's own from `config.toml`, and the refusals.

use std::process::Output;

use blackjack_trainer::analysis::counts::{BUILT_IN, CountSystem};

use crate::common::{TempDir, blackjack_at};

/// The binary at a home of its own (no config file of the person running the tests).
fn run(home: &TempDir, args: &[&str]) -> Output {
    blackjack_at(Some(&home.0), args, &[]).output().expect("the binary runs")
}

fn write(home: &TempDir, name: &str, text: &str) -> String {
    let path = home.path(name);
    std::fs::write(&path, text).expect("a file in the temporary folder");
    path.to_string_lossy().into_owned()
}

/// One deck, for speed (about a second of analysis).
const ONE_DECK: &str = "decks = 1\n";

#[test]
fn counts_prints_every_count_with_its_figures_in_words_and_in_json() {
    let home = TempDir::new("counts");
    let rules = write(&home, "one.toml", ONE_DECK);
    let out = run(&home, &["--rules", &rules, "counts", "--peek"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("the American peek game, 1 deck(s)"), "{text}");
    for system in &BUILT_IN {
        let line = text
            .lines()
            .find(|l| l.starts_with(system.name.as_ref()))
            .unwrap_or_else(|| panic!("a line for {}: {text}", system.name));
        assert!(line.contains(&system.describe_tags()), "{line}");
    }

    let out = run(&home, &["counts", "--rules", &rules, "--peek", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(json["game"], "peek");
    let counts = json["counts"].as_array().expect("the counts");
    let keys: Vec<&str> = counts.iter().filter_map(|c| c["key"].as_str()).collect();
    let built_in: Vec<&str> = BUILT_IN.iter().map(|s| s.key.as_ref()).collect();
    assert_eq!(keys, built_in);
    let figure = |key: &str, what: &str| {
        counts.iter().find(|c| c["key"] == key).and_then(|c| c[what].as_f64()).expect("a figure")
    };
    // The published single-deck betting correlations of Hi-Lo and Wong Halves (Griffin, The
    // Theory of Blackjack; Schlesinger, Blackjack Attack, 3rd ed.): 0.97 and 0.99.
    assert!((figure("hilo", "betting_correlation") - 0.97).abs() <= 0.02);
    assert!((figure("halves", "betting_correlation") - 0.99).abs() <= 0.02);
    for c in counts {
        let pe = c["playing_efficiency"].as_f64().expect("a playing efficiency");
        assert!((0.0..=1.0).contains(&pe), "{c}");
    }
    assert_eq!(counts[1]["balanced"], false, "KO is unbalanced");
    assert_eq!(counts[1]["pivot"], 4.0);
    // The no-hole-card game is another game: another edge.
    let ours = run(&home, &["counts", "--rules", &rules, "--json", "--score-rounds", "40000"]);
    let ours: serde_json::Value = serde_json::from_slice(&ours.stdout).expect("JSON");
    assert_eq!(ours["game"], "no_hole_card");
    assert_ne!(ours["edge"], json["edge"]);
    // SCORE at a stated ramp and penetration, from the simulator, for every count it can
    // count (not Red 7, whose suits it cannot read); none for the peek game.
    assert_eq!(ours["score_ramp"], "1,2,4,6,8,10,12");
    assert_eq!(ours["score_rounds"], 40000);
    assert_eq!(ours["score_indices"], "none");
    assert!(ours["score_penetration"].is_f64());
    for c in ours["counts"].as_array().expect("the counts") {
        if c["key"] == "red7" {
            assert!(c["score"].is_null());
        } else {
            assert!(c["score"].as_f64().is_some_and(|s| s >= 0.0), "{c}");
        }
    }
    assert!(json["counts"][0]["score"].is_null(), "no SCORE with --peek");
    let out = run(&home, &["counts", "--rules", &rules, "--score-rounds", "40000"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("BC     PE     SCORE"), "{text}");
    assert!(text.contains("ramp 1,2,4,6,8,10,12 by floored true count"), "{text}");
    assert!(text.contains("% penetration, 40000 rounds a count"), "{text}");
}

#[test]
fn a_count_of_ones_own_is_shown_and_simulated_and_a_bad_one_is_refused() {
    let home = TempDir::new("own-count");
    let rules = write(&home, "one.toml", ONE_DECK);
    // Hi-Lo's tags under another name: Hi-Lo's figures to the digit.
    let config = write(
        &home,
        "mine.toml",
        "[count]\nname = \"mine\"\ntags = { 2 = 1, 3 = 1, 4 = 1, 5 = 1, 6 = 1, 7 = 0, 8 = 0, \
         9 = 0, T = -1, A = -1 }\n",
    );
    let out = run(
        &home,
        &["--rules", &rules, "counts", "--json", "--score-rounds", "20000", "--config", &config],
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let counts = json["counts"].as_array().expect("the counts");
    let mine = counts.last().expect("a count");
    assert_eq!(mine["key"], "mine");
    for what in ["betting_correlation", "playing_efficiency", "score"] {
        assert_eq!(mine[what], counts[0][what], "{what}");
    }

    // The simulator plays it as Hi-Lo, round for round.
    let sim = |count: &str| {
        let out = run(
            &home,
            &[
                "--seed",
                "3",
                "sim",
                "--count",
                count,
                "--hands",
                "20000",
                "--threads",
                "1",
                "--json",
                "--config",
                &config,
            ],
        );
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        (json["ev_per_round"].clone(), json["by_tc"].clone(), json["count"].clone())
    };
    let (hilo, mine) = (sim("hilo"), sim("MINE"));
    assert_eq!((&hilo.0, &hilo.1), (&mine.0, &mine.1));
    assert_eq!(mine.2, "mine");

    let bad = write(
        &home,
        "bad.toml",
        "seats = 3\n[count]\nname = \"flat\"\ntags = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]\n",
    );
    let out = run(&home, &["counts", "--config", &bad]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2: [count] is not a count: every tag is 0"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn the_simulator_counts_any_count_and_refuses_what_it_cannot_play() {
    let home = TempDir::new("sim-counts");
    let zen = run(
        &home,
        &[
            "--seed",
            "2",
            "sim",
            "--count",
            "zen",
            "--ramp",
            "1,2,4,8,12",
            "--indices",
            "none",
            "--hands",
            "20000",
            "--threads",
            "1",
        ],
    );
    assert!(zen.status.success(), "{}", String::from_utf8_lossy(&zen.stderr));
    let text = String::from_utf8_lossy(&zen.stdout);
    assert!(text.starts_with("Counting zen, ramp 1,2,4,8,12, indices none, seed 2"), "{text}");
    for measure in ["IBA", "SD per round", "DI", "SCORE", "N0", "risk of ruin"] {
        assert!(text.contains(measure), "{measure}: {text}");
    }
    let ko = run(
        &home,
        &["sim", "--count", "ko", "--indices", "none", "--hands", "2000", "--threads", "1"],
    );
    assert!(ko.status.success());
    assert!(String::from_utf8_lossy(&ko.stdout).contains("by running count"));

    for (args, needle) in [
        (
            &["sim", "--count", "omega2", "--indices", "peek-i18"][..],
            "`--indices peek-i18` is a published table of Hi-Lo index plays, not of Omega II",
        ),
        (&["sim", "--count", "red7"], "Red 7 counts red sevens apart from black ones"),
        (&["sim", "--count", "wong"], "`wong` is not a count: the counts are hilo, ko"),
    ] {
        let out = run(&home, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    assert!(CountSystem::built_in("zen").is_some());
}
