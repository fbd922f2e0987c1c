//! The trainer in the chosen count, as a learner meets it on the command line: `count =
//! "zen"` in `config.toml` or `--count SYSTEM` changes the count the drills ask, and a name
//! that is no count is refused in one sentence before anything is opened.

use std::io::Write;
use std::process::Output;

use crate::common::{TempDir, blackjack_at};

/// The binary at home in `home` with `args`, `input` typed.
fn run(home: &TempDir, args: &[&str], input: &str) -> Output {
    let mut child = blackjack_at(Some(&home.0), args, &[]).spawn().expect("the binary runs");
    // A refused command ends without reading: its input may find the pipe closed.
    if let Err(err) = child.stdin.take().expect("stdin").write_all(input.as_bytes()) {
        assert_eq!(err.kind(), std::io::ErrorKind::BrokenPipe, "{err}");
    }
    child.wait_with_output().expect("it ends")
}

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

/// Writes `config.toml` where the platform looks for it.
fn write_config(home: &TempDir, text: &str) {
    let dir = home.0.join("config").join("blackjack-trainer");
    std::fs::create_dir_all(&dir).expect("the config folder");
    std::fs::write(dir.join("config.toml"), text).expect("config.toml written");
}

/// A count's tag of a card written `10h`, `Ks`, `7d` (`--ascii`), by hand from its authors'
/// tables: Zen (Arnold Snyder), Red 7 (Arnold Snyder: a red seven +1), Hi-Lo.
fn tag(key: &str, card: &str) -> i32 {
    let (rank, suit) = card.split_at(card.len() - 1);
    let red = suit == "h" || suit == "d";
    match (key, rank) {
        (_, "A") => -1,
        ("zen", "10" | "J" | "Q" | "K") => -2,
        (_, "10" | "J" | "Q" | "K") => -1,
        ("zen", "4" | "5" | "6") => 2,
        ("zen", "2" | "3" | "7") => 1,
        ("red7", "7") if red => 1,
        (_, "2" | "3" | "4" | "5" | "6") => 1,
        _ => 0,
    }
}

/// The cards a line-by-line countdown turned, one flash a line.
fn flashes(out: &str) -> Vec<String> {
    out.lines()
        .map(str::trim)
        .filter(|l| {
            l.len() >= 2
                && l.len() <= 3
                && l.ends_with(['c', 'd', 'h', 's'])
                && l[..l.len() - 1]
                    .parse::<u8>()
                    .map_or(matches!(&l[..l.len() - 1], "A" | "J" | "Q" | "K"), |n| {
                        (2..=10).contains(&n)
                    })
        })
        .map(str::to_owned)
        .collect()
}

#[test]
fn a_countdown_counts_the_count_named_in_config_toml_or_on_the_command_line() {
    let home = TempDir::new("chosen-countdown");
    let turns = "\n".repeat(52);
    for (key, config, flag) in [("zen", "count = \"zen\"\n", None), ("red7", "", Some("red7"))] {
        write_config(&home, config);
        // The first seed whose stop tells the count from Hi-Lo (Red 7 from −2 with two red
        // sevens seen is Hi-Lo's count).
        let (args, cards, count) = (5..40u64)
            .find_map(|seed| {
                let seed: &'static str = Box::leak(seed.to_string().into_boxed_str());
                let mut args = vec![
                    "--seed",
                    seed,
                    "drill",
                    "--kind",
                    "countdown",
                    "--surprise",
                    "--ascii",
                    "--no-stats",
                ];
                if let Some(flag) = flag {
                    args.extend(["--count", flag]);
                }
                // The cards, left unanswered; their count summed here by hand.
                let first = text(&run(&home, &args, &turns));
                let cards = flashes(&first);
                assert!(cards.len() >= 26, "{key}: a stop past half the deck: {first}");
                let start = if key == "red7" { -2 } else { 0 };
                let count: i32 = start + cards.iter().map(|c| tag(key, c)).sum::<i32>();
                let hilo: i32 = cards.iter().map(|c| tag("hilo", c)).sum();
                (count != hilo).then_some((args, cards, count))
            })
            .expect("a seed that tells the counts apart");
        let answered = format!("{}{count}\n", "\n".repeat(cards.len()));
        let out = run(&home, &args, &answered);
        let said = text(&out);
        assert!(out.status.success(), "{key}: {said}");
        let name = if key == "zen" { "Zen" } else { "Red 7" };
        assert!(said.contains(&format!("Keep the {name} count (")), "{said}");
        assert!(said.contains(&format!("{name} running count? ")), "{said}");
        assert!(said.contains("✓ Right: "), "{key}: {count}: {said}");
        // Hi-Lo, the default, grades the same answer by its own count.
        write_config(&home, "");
        let args: Vec<&str> = args.into_iter().take(8).collect();
        let said = text(&run(&home, &args, &answered));
        assert!(said.contains("Keep the Hi-Lo count."), "{said}");
        assert!(!said.contains("✓ Right: "), "{said}");
    }
}

#[test]
fn the_drills_ask_the_chosen_count_and_work_out_its_index_plays() {
    let home = TempDir::new("chosen-drills");
    write_config(&home, "count = \"zen\"\n");
    let out = run(&home, &["--seed", "3", "drill", "--kind", "true-count", "--no-stats"], "q\n");
    let said = text(&out);
    assert!(said.contains("Question 1. Zen running count "), "{said}");
    // The flag beats the file: KO is read by its running count, and has no true count.
    let out = run(&home, &["drill", "--kind", "true-count", "--count", "ko", "--no-stats"], "q\n");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(
        text(&out).contains("KO is read by its running count, with no true count"),
        "{}",
        text(&out)
    );
    let out = run(&home, &["drill", "--kind", "deviations", "--no-stats"], "q\n");
    let said = text(&out);
    assert!(out.status.success(), "{said}");
    // Zen's own index plays, worked out for these rules (no cache in a new home).
    assert!(said.contains("Working out this game's Zen index table"), "{said}");
    assert!(!said.contains("being worked out"), "{said}");
    let out = run(&home, &["--seed", "2", "drill", "--kind", "ramp", "--no-stats"], "q\n");
    assert!(text(&out).contains("Question 1. Zen true count "), "{}", text(&out));
}

#[test]
fn a_name_that_is_no_count_is_refused_in_one_sentence_and_changes_nothing() {
    let home = TempDir::new("chosen-unknown");
    let stats = home.path("stats.db");
    let stats = stats.to_str().expect("a path");
    for args in [
        &["drill", "--kind", "countdown", "--count", "zne", "--stats", stats][..],
        &["play", "--count", "zne", "--stats", stats],
    ] {
        let out = run(&home, args, "\n");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("`zne` is not a count (did you mean `zen`?): the counts are hilo, ko,"),
            "{err}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(!home.path("stats.db").exists(), "{args:?}: nothing opened");
    }
    write_config(&home, "seats = 2\ncount = \"zne\"\n");
    let out = run(&home, &["drill", "--kind", "countdown", "--stats", stats], "\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("line 2: `zne` is not a count (did you mean `zen`?)"), "{err}");
    assert!(!home.path("stats.db").exists(), "nothing opened");
    // `blackjack config` shows the count chosen.
    write_config(&home, "count = \"zen\"\n");
    let out = run(&home, &["config"], "");
    assert!(text(&out).contains("count = \"zen\""), "{}", text(&out));
}
