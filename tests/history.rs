//! The hand history file: round trip, the size bound, a corrupt file kept as a backup and
//! reported, a read-only or newer-format file never written; and `blackjack review`.

use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;
use std::process::Command;

mod common;
use common::TempDir;

use blackjack_trainer::analysis::chart::Chart;
use blackjack_trainer::analysis::strategy::basic_strategy;
use blackjack_trainer::engine::{Action, Card, Cards, Rules};
use blackjack_trainer::trainer::coach::Coach;
use blackjack_trainer::trainer::grade::grade;
use blackjack_trainer::trainer::history::{
    Decision, DrillAnswer, Entry, HistoryStore, compaction_slack, history_path,
};

/// A drill answer graded by the real chart: `values` against `up`, answered `chosen`, with
/// made-up EVs that put the advised play first.
fn answer(chart: &Chart, values: [u8; 2], up: u8, chosen: Action, at: u64) -> Entry {
    let cards = Cards::from_values(&values);
    let legal = blackjack_trainer::trainer::drill::fresh_hand_actions(&Rules::default(), &cards);
    let (_, advised) = chart.advise(&cards, up, legal);
    let ev = |a: Action| Some(if a == advised { 0.1 } else { -0.2 });
    let graded = grade(chart, &cards, up, legal, chosen, ev);
    let ranked: Vec<(Action, f64)> = legal.iter().map(|a| (a, ev(a).unwrap_or(0.0))).collect();
    Entry::Drill(DrillAnswer {
        at,
        kind: "all".to_owned(),
        seconds: 1.5,
        decision: Decision::new(&graded, &cards, Card::of_value(up), 0, &ranked),
    })
}

fn chart() -> Chart {
    basic_strategy(&Rules::default()).chart.clone()
}

/// Appends one answer a time (hit 16 vs T) at each of `times`.
fn hit_sixteen(store: &HistoryStore, chart: &Chart, times: std::ops::RangeInclusive<u64>) {
    for at in times {
        store
            .append(&[answer(chart, [10, 6], 10, Action::Hit, at)])
            .expect("writes");
    }
}

#[test]
fn the_history_reads_back_as_written() {
    let tmp = TempDir::new("history-round-trip");
    let dir = tmp.0.clone();
    let path = history_path(&dir.join("stats.json"));
    assert_eq!(path, dir.join("stats.history.jsonl"));
    let chart = chart();
    let entries = vec![
        answer(&chart, [10, 6], 10, Action::Stand, 1),
        answer(&chart, [5, 6], 6, Action::Double, 2),
    ];
    let (store, read, note) = HistoryStore::open(&path, 100).expect("opens");
    assert!(read.is_empty() && note.is_none());
    store.append(&entries[..1]).expect("writes");
    store.append(&entries[1..]).expect("writes");
    let (_, read, note) = HistoryStore::open(&path, 100).expect("opens again");
    assert_eq!(note, None);
    assert_eq!(read, entries);
    // The first is the mistake (16 vs T is hit in this game), the second is right.
    assert!(read[0].has_mistake() && !read[1].has_mistake());
    // No temporary file is left beside it.
    let names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.contains(".tmp")), "{names:?}");
}

#[test]
fn past_the_limit_the_oldest_entries_go_first() {
    let tmp = TempDir::new("history-bound");
    let dir = tmp.0.clone();
    let path = dir.join("stats.history.jsonl");
    let chart = chart();
    let (store, _, _) = HistoryStore::open(&path, 3).expect("opens");
    hit_sixteen(&store, &chart, 1..=5);
    let read = store.read().expect("reads");
    let times: Vec<u64> = read.iter().map(Entry::at).collect();
    assert_eq!(times, vec![3, 4, 5]);
    // The file holds the header and the five lines, within its slack (appended, not yet
    // compacted): readers see the newest three.
    assert_eq!(fs::read_to_string(&path).unwrap().lines().count(), 6);
}

#[test]
fn a_corrupt_history_is_kept_as_a_backup_and_reported() {
    let tmp = TempDir::new("history-corrupt");
    let dir = tmp.0.clone();
    let path = dir.join("stats.history.jsonl");
    let garbage = "{\"version\":1}\n{\"type\":\"round\",\"oops\n";
    fs::write(&path, garbage).unwrap();
    let (store, read, note) = HistoryStore::open(&path, 10).expect("opens");
    assert!(read.is_empty());
    let note = note.expect("the person is told");
    let backup = dir.join("stats.history.jsonl.bak");
    assert!(
        note.contains("kept as") && note.contains(&backup.display().to_string()),
        "{note}"
    );
    assert_eq!(
        fs::read_to_string(&backup).unwrap(),
        garbage,
        "kept as it was"
    );
    // A fresh history starts where it was.
    store
        .append(&[answer(&chart(), [10, 6], 10, Action::Hit, 7)])
        .expect("writes");
    assert_eq!(store.read().unwrap().len(), 1);
    // A cell that is no chart cell is corrupt too, and the first backup is never replaced.
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"cell\":\"hard:16:T\""), "{text}");
    fs::write(&path, text.replace("hard:16:T", "hard:16:Z")).unwrap();
    let (_, read, note) = HistoryStore::open(&path, 10).expect("opens");
    assert!(read.is_empty());
    let note = note.expect("told");
    assert!(
        note.contains("not a chart cell") && note.contains("line 2"),
        "{note}"
    );
    assert_eq!(fs::read_to_string(&backup).unwrap(), garbage);
}

fn unchanged_after_append(path: &Path) {
    let before = fs::read(path).unwrap();
    let (store, _, note) = HistoryStore::open(path, 10).expect("opens");
    let note = note.expect("the person is told it is not written");
    assert!(note.contains("read-only"), "{note}");
    let err = store
        .append(&[answer(&chart(), [10, 6], 10, Action::Hit, 9)])
        .expect_err("refused");
    assert!(err.to_string().contains("not written"), "{err}");
    assert_eq!(fs::read(path).unwrap(), before, "not a byte changed");
    let dir = path.parent().unwrap();
    let others: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".bak") || n.contains(".tmp"))
        .collect();
    assert!(others.is_empty(), "nothing moved or left: {others:?}");
}

#[test]
fn a_read_only_history_is_read_and_never_written() {
    let tmp = TempDir::new("history-read-only");
    let dir = tmp.0.clone();
    let path = dir.join("stats.history.jsonl");
    let (store, _, _) = HistoryStore::open(&path, 10).unwrap();
    store
        .append(&[answer(&chart(), [10, 6], 10, Action::Stand, 1)])
        .unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
    unchanged_after_append(&path);
    let (_, read, _) = HistoryStore::open(&path, 10).unwrap();
    assert_eq!(read.len(), 1, "its entries are still read");
}

#[test]
fn a_newer_format_is_read_as_far_as_it_goes_and_never_written() {
    let tmp = TempDir::new("history-newer");
    let dir = tmp.0.clone();
    let path = dir.join("stats.history.jsonl");
    let (store, _, _) = HistoryStore::open(&path, 10).unwrap();
    store
        .append(&[answer(&chart(), [10, 6], 10, Action::Stand, 1)])
        .unwrap();
    let text = fs::read_to_string(&path)
        .unwrap()
        .replace("{\"version\":1}", "{\"version\":7,\"something\":\"new\"}");
    fs::write(&path, format!("{text}{{\"type\":\"hologram\"}}\n")).unwrap();
    unchanged_after_append(&path);
    let (_, read, note) = HistoryStore::open(&path, 10).unwrap();
    assert!(note.unwrap().contains("format 7"));
    assert_eq!(read.len(), 1, "the entry this build knows is read");
}

#[test]
fn a_folder_is_refused_and_left_alone() {
    let tmp = TempDir::new("history-folder");
    let dir = tmp.0.clone();
    let path = dir.join("stats.history.jsonl");
    fs::create_dir(&path).unwrap();
    let err = HistoryStore::open(&path, 10).expect_err("refused");
    assert!(err.to_string().contains("a folder"), "{err}");
    assert!(path.is_dir());
}

#[test]
fn a_folder_in_the_historys_place_is_said_once_when_the_coach_opens() {
    let tmp = TempDir::new("history-coach-folder");
    let stats = tmp.0.join("stats.json");
    fs::create_dir(history_path(&stats)).unwrap();
    let (_coach, news) = Coach::open(Some(&stats)).expect("the statistics open");
    let news = news.expect("a message about the history");
    assert!(news.contains("is a folder, not a regular file"), "{news}");
    assert_eq!(news.matches("not kept").count(), 1, "{news}");
}

// ----- blackjack review -----

/// Runs `blackjack review --stats STATS …` with an empty preferences file beside the folder.
fn review(stats: &Path, args: &[&str]) -> (String, String, bool) {
    let config = stats.parent().unwrap().join("config.toml");
    fs::write(&config, "").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_blackjack"))
        .arg("review")
        .arg("--stats")
        .arg(stats)
        .args(args)
        .env_remove("BLACKJACK_STATS")
        .env("BLACKJACK_CONFIG", &config)
        .output()
        .expect("runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

#[test]
fn review_lists_the_mistakes_with_what_was_best_what_it_cost_and_why() {
    let tmp = TempDir::new("history-cli");
    let dir = tmp.0.clone();
    let stats = dir.join("stats.json");
    let chart = chart();
    let (store, _, _) = HistoryStore::open(&history_path(&stats), 100).unwrap();
    store
        .append(&[
            answer(&chart, [10, 6], 10, Action::Stand, 1),
            answer(&chart, [5, 6], 6, Action::Double, 2),
            answer(&chart, [10, 2], 4, Action::Hit, 3),
        ])
        .unwrap();
    let (all, err, ok) = review(&stats, &[]);
    assert!(ok, "{err}");
    assert!(all.contains("3 of 3 entries"), "{all}");
    let (mistakes, err, ok) = review(&stats, &["--mistakes"]);
    assert!(ok, "{err}");
    assert!(mistakes.contains("2 of 3 entries"), "{mistakes}");
    assert!(mistakes.contains("16 vs T"), "{mistakes}");
    assert!(mistakes.contains("you stand, best hit"), "{mistakes}");
    assert!(mistakes.contains("cost 0.300 bets"), "{mistakes}");
    assert!(mistakes.contains("Why: "), "{mistakes}");
    assert!(
        !mistakes.contains("11 vs 6"),
        "a right decision is left out: {mistakes}"
    );
    let (last, _, _) = review(&stats, &["--mistakes", "--last", "1"]);
    assert!(
        last.contains("1 of 3 entries") && last.contains("12 vs 4"),
        "{last}"
    );

    let (json, err, ok) = review(&stats, &["--json"]);
    assert!(ok, "{err}");
    let value: serde_json::Value = serde_json::from_str(&json).expect("one JSON object");
    let entries = value["entries"].as_array().expect("entries");
    assert_eq!(entries.len(), 3);
    let first = &entries[0]["decision"];
    assert_eq!(first["cell"], "hard:16:T");
    assert_eq!(first["chosen"], "stand");
    assert_eq!(first["advised"], "hit");
    assert_eq!(first["correct"], false);
    assert!(first["reason"].as_str().is_some_and(|r| !r.is_empty()));
    assert_eq!(entries[1]["decision"]["correct"], true);
}

#[test]
fn review_of_no_history_says_so_and_creates_nothing() {
    let tmp = TempDir::new("history-cli-empty");
    let dir = tmp.0.clone();
    let stats = dir.join("stats.json");
    let (out, err, ok) = review(&stats, &["--mistakes"]);
    assert!(ok, "{err}");
    assert!(out.contains("No mistakes in the hand history"), "{out}");
    // Only the empty preferences file `review` wrote for the run.
    let made: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|name| name != "config.toml")
        .collect();
    assert!(made.is_empty(), "nothing created: {made:?}");
}

// ----- appending, compaction, a torn last line -----

/// The entry lines the file holds now (every line but the header), as text.
fn lines_of(path: &Path) -> Vec<String> {
    let text = fs::read_to_string(path).unwrap();
    assert!(text.ends_with('\n'), "the file ends with a whole line");
    text.lines().skip(1).map(str::to_owned).collect()
}

fn times(entries: &[Entry]) -> Vec<u64> {
    entries.iter().map(Entry::at).collect()
}

#[test]
fn far_past_the_cap_the_newest_entries_are_read_and_the_file_stays_within_its_slack() {
    let tmp = TempDir::new("history-cap");
    let dir = tmp.0.clone();
    let path = dir.join("stats.history.jsonl");
    let chart = chart();
    let limit = 8;
    let bound = limit + compaction_slack(limit);
    let (store, _, _) = HistoryStore::open(&path, limit).expect("opens");
    let mut most = 0;
    let mut compactions = 0;
    let mut before = 0;
    for at in 1..=(3 * bound as u64) {
        store
            .append(&[answer(&chart, [10, 6], 10, Action::Hit, at)])
            .expect("writes");
        let held = lines_of(&path).len();
        assert!(held <= bound, "{held} entries in the file after {at}");
        compactions += usize::from(held < before);
        before = held;
        most = most.max(held);
        let newest: Vec<u64> = (at.saturating_sub(limit as u64) + 1..=at).collect();
        assert_eq!(times(&store.read().expect("reads")), newest, "after {at}");
    }
    assert_eq!(most, bound, "it grows to its slack before it is compacted");
    assert!(compactions >= 2, "{compactions}");
    // Opening again sees the same newest entries.
    let (_, read, note) = HistoryStore::open(&path, limit).expect("opens");
    assert_eq!(note, None);
    assert_eq!(times(&read), times(&store.read().unwrap()));
}

#[test]
fn an_append_leaves_the_lines_before_it_as_they_were_until_a_compaction() {
    let tmp = TempDir::new("history-append");
    let dir = tmp.0.clone();
    let path = dir.join("stats.history.jsonl");
    let chart = chart();
    let limit = 4;
    let bound = limit + compaction_slack(limit);
    let (store, _, _) = HistoryStore::open(&path, limit).expect("opens");
    store
        .append(&[answer(&chart, [10, 6], 10, Action::Hit, 1)])
        .expect("creates");
    let inode = fs::metadata(&path).unwrap().ino();
    for at in 2..=bound as u64 {
        let before = fs::read(&path).unwrap();
        store
            .append(
                &[
                    answer(&chart, [5, 6], 6, Action::Double, at),
                    answer(&chart, [10, 2], 4, Action::Hit, at),
                ][..1 + usize::from(at == 3)],
            )
            .expect("appends");
        let after = fs::read(&path).unwrap();
        if lines_of(&path).len() > bound - 1 || after.len() < before.len() {
            break;
        }
        assert_eq!(&after[..before.len()], &before[..], "rewritten at {at}");
        assert_eq!(
            fs::metadata(&path).unwrap().ino(),
            inode,
            "replaced at {at}"
        );
    }
    // The whole slack went by without a rewrite; the next append compacts to the limit.
    assert_eq!(lines_of(&path).len(), bound);
    let before = fs::read(&path).unwrap();
    store
        .append(&[answer(&chart, [10, 6], 10, Action::Stand, 1000)])
        .expect("compacts");
    let after = lines_of(&path);
    assert_eq!(after.len(), limit);
    assert!(!fs::read(&path).unwrap().starts_with(&before));
    assert_eq!(times(&store.read().unwrap()).last(), Some(&1000));
}

#[test]
fn a_last_line_cut_short_opens_without_a_backup_and_the_next_append_mends_the_file() {
    let tmp = TempDir::new("history-torn");
    let dir = tmp.0.clone();
    let path = dir.join("stats.history.jsonl");
    let chart = chart();
    let (store, _, _) = HistoryStore::open(&path, 100).expect("opens");
    hit_sixteen(&store, &chart, 1..=3);
    // A power cut in the middle of the third line.
    let whole = fs::read(&path).unwrap();
    fs::write(&path, &whole[..whole.len() - 7]).unwrap();
    let (store, read, note) = HistoryStore::open(&path, 100).expect("opens");
    assert_eq!(note, None, "nothing to report");
    assert_eq!(times(&read), vec![1, 2]);
    assert_eq!(times(&store.read().unwrap()), vec![1, 2]);
    let names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.contains(".bak")), "{names:?}");
    store
        .append(&[answer(&chart, [5, 6], 6, Action::Double, 4)])
        .expect("writes");
    let lines = lines_of(&path);
    assert_eq!(lines.len(), 3, "{lines:?}");
    for line in &lines {
        serde_json::from_str::<Entry>(line).expect("every line is whole");
    }
    let (_, read, note) = HistoryStore::open(&path, 100).expect("opens");
    assert_eq!(note, None);
    assert_eq!(times(&read), vec![1, 2, 4]);
    // The file is appended to again from there.
    let before = fs::read(&path).unwrap();
    store
        .append(&[answer(&chart, [5, 6], 6, Action::Double, 5)])
        .expect("writes");
    assert!(fs::read(&path).unwrap().starts_with(&before));
}

#[test]
fn a_bad_line_in_the_middle_is_still_kept_as_a_backup_and_reported() {
    let tmp = TempDir::new("history-middle");
    let dir = tmp.0.clone();
    let path = dir.join("stats.history.jsonl");
    let chart = chart();
    let (store, _, _) = HistoryStore::open(&path, 100).expect("opens");
    hit_sixteen(&store, &chart, 1..=3);
    let text = fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[2] = "{\"type\":\"drill\",\"at\":";
    let damaged = format!("{}\n", lines.join("\n"));
    fs::write(&path, &damaged).unwrap();
    let (_, read, note) = HistoryStore::open(&path, 100).expect("opens");
    assert!(read.is_empty());
    let note = note.expect("the person is told");
    assert!(
        note.contains("kept as") && note.contains("line 3"),
        "{note}"
    );
    assert_eq!(
        fs::read_to_string(dir.join("stats.history.jsonl.bak")).unwrap(),
        damaged
    );
}

#[test]
fn two_stores_appending_in_turn_lose_nothing_and_keep_the_order() {
    let tmp = TempDir::new("history-two");
    let dir = tmp.0.clone();
    let path = dir.join("stats.history.jsonl");
    let chart = chart();
    let limit = 10;
    let bound = limit + compaction_slack(limit);
    let (first, _, _) = HistoryStore::open(&path, limit).expect("opens");
    let (second, _, _) = HistoryStore::open(&path, limit).expect("opens");
    for at in 1..=(3 * bound as u64) {
        let store = if at % 2 == 0 { &first } else { &second };
        // Two entries at a time sometimes, so the counts cannot stay in step by luck.
        let entries = if at % 5 == 0 {
            vec![
                answer(&chart, [10, 6], 10, Action::Hit, at * 10),
                answer(&chart, [10, 6], 10, Action::Hit, at * 10 + 1),
            ]
        } else {
            vec![answer(&chart, [10, 6], 10, Action::Hit, at * 10)]
        };
        store.append(&entries).expect("writes");
        let held = lines_of(&path).len();
        assert!(held <= bound, "{held} entries after {at}");
        let all: Vec<u64> = lines_of(&path)
            .iter()
            .map(|l| serde_json::from_str::<Entry>(l).unwrap().at())
            .collect();
        assert!(all.windows(2).all(|w| w[0] < w[1]), "in order: {all:?}");
        assert_eq!(all.last(), entries.last().map(Entry::at).as_ref());
        if at < bound as u64 / 2 {
            let expected: Vec<u64> = (1..=at)
                .flat_map(|a| {
                    if a % 5 == 0 {
                        vec![a * 10, a * 10 + 1]
                    } else {
                        vec![a * 10]
                    }
                })
                .collect();
            assert_eq!(all, expected, "nothing lost after {at}");
        }
    }
    assert_eq!(first.read().unwrap(), second.read().unwrap());
    assert_eq!(first.read().unwrap().len(), limit);
}

#[test]
fn the_history_errors_say_hand_history() {
    let tmp = TempDir::new("history-wording");
    let dir = tmp.0.clone();
    let path = dir.join("stats.history.jsonl");
    let (store, _, _) = HistoryStore::open(&path, 10).expect("opens");
    // Another session holds the lock past the wait.
    let lock = fs::File::create(dir.join("stats.history.jsonl.lock")).unwrap();
    lock.lock().unwrap();
    let err = store
        .append(&[answer(&chart(), [10, 6], 10, Action::Hit, 1)])
        .expect_err("locked");
    let text = err.to_string();
    assert!(
        text.contains("the hand history") && text.contains("locked"),
        "{text}"
    );
    assert!(!text.contains("statistics"), "{text}");
    lock.unlock().unwrap();
    // A folder where the file should be.
    let folder = dir.join("f.history.jsonl");
    fs::create_dir(&folder).unwrap();
    let text = HistoryStore::open(&folder, 10)
        .expect_err("refused")
        .to_string();
    assert!(
        text.contains("the hand history is not kept there"),
        "{text}"
    );
    assert!(!text.contains("statistics"), "{text}");
}

/// A history damaged while a session has it open is moved aside at the next write, and the
/// player hears of it once (the store's news), as at opening.
#[test]
fn a_history_damaged_mid_session_is_kept_aside_and_said() {
    let tmp = TempDir::new("history-damaged-mid-session");
    let path = history_path(&tmp.0.join("stats.json"));
    let chart = chart();
    let (store, _, _) = HistoryStore::open(&path, 100).expect("opens");
    hit_sixteen(&store, &chart, 1..=1);
    assert_eq!(
        store.take_news(),
        None,
        "nothing to say after a plain append"
    );
    fs::write(&path, "not a history\n").unwrap();
    hit_sixteen(&store, &chart, 2..=2);
    let news = store.take_news().expect("the move is said");
    assert!(news.contains("Unreadable hand history kept as"), "{news}");
    assert_eq!(store.take_news(), None, "said once");
    let backup = tmp.0.join("stats.history.jsonl.bak");
    assert_eq!(fs::read_to_string(&backup).unwrap(), "not a history\n");
    let (_, read, _) = HistoryStore::open(&path, 100).expect("opens again");
    assert_eq!(read.len(), 1, "the fresh file holds the new answer");
}
