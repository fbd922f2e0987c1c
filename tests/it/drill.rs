//! `blackjack drill` as a user meets it: the binary with stdin piped.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Output, Stdio};

use blackjack_trainer::analysis::basic_strategy;
use blackjack_trainer::analysis::hilo::{HILO_TAGS, hilo_tag};
use blackjack_trainer::engine::{Action, ActionSet, Card, Cards, Rank, Rules, Suit};

/// Runs `blackjack --seed SEED drill ARGS` with `input` on stdin.
fn drill(seed: &str, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_blackjack"))
        .args(["--seed", seed, "drill"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A drill that refuses its options ends before it reads its input: the pipe is closed
    // then, and the rest of the script is not needed.
    let written = child.stdin.take().expect("stdin is piped").write_all(input.as_bytes());
    if let Err(err) = written {
        assert_eq!(err.kind(), std::io::ErrorKind::BrokenPipe, "stdin: {err}");
    }
    child.wait_with_output().expect("the binary ends")
}

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Parses a card as the drill prints it: `10♦`, `K♣`, `A♠`.
fn parse_card(text: &str) -> Card {
    let suit_char = text.chars().last().expect("a card has a suit");
    let rank_text = &text[..text.len() - suit_char.len_utf8()];
    let rank = *Rank::ALL
        .iter()
        .find(|r| r.symbol() == rank_text)
        .unwrap_or_else(|| panic!("rank of {text:?}"));
    let suit = *Suit::ALL
        .iter()
        .find(|s| s.symbol() == suit_char)
        .unwrap_or_else(|| panic!("suit of {text:?}"));
    Card::new(rank, suit)
}

/// The hand and up card of a `Question N. Your hand: … (…)  Dealer shows: …` line.
fn parse_question(line: &str) -> (Cards, Card) {
    let hand = line
        .split("Your hand: ")
        .nth(1)
        .and_then(|rest| rest.split(" (").next())
        .expect("the line shows the hand");
    let cards: Vec<Card> = hand.split(' ').map(parse_card).collect();
    let up = line.split("Dealer shows: ").nth(1).expect("the line shows the up card");
    (Cards::from_cards(&cards), parse_card(up.trim()))
}

/// The EV cost printed in a `✗ … (−0.123 bets EV)` line.
fn cost(line: &str) -> f64 {
    let start = line.find("(−").expect("a mistake shows its cost") + "(−".len();
    let end = line.find(" bets EV").expect("the cost is in bets");
    line[start..end].parse().expect("the cost is a number")
}

#[test]
fn the_binary_grades_the_chart_answer_right_and_another_wrong_with_its_cost() {
    // Answer every question twice over: first with the chart's own action (found by reading
    // the question and asking the analysis), then with a different legal one. The binary runs
    // interactively, line by line.
    let rules = Rules::default();
    let chart = basic_strategy(&rules).chart.clone();
    let mut child = Command::new(env!("CARGO_BIN_EXE_blackjack"))
        .args(["--seed", "1", "drill", "--no-stats", "--kind", "all"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
    let mut feedback = Vec::new();
    let mut line = String::new();
    for n in 0..6 {
        // Read up to the question line.
        let question = loop {
            line.clear();
            assert!(stdout.read_line(&mut line).expect("reads") > 0, "question {n}");
            if line.contains("Your hand:") {
                break line.clone();
            }
        };
        let (cards, up) = parse_question(&question);
        let mut legal = ActionSet::EMPTY;
        for a in [Action::Hit, Action::Stand, Action::Double] {
            legal.insert(a);
        }
        if cards.is_pair() {
            legal.insert(Action::Split);
        }
        let advised = chart.decide(&cards, up.value(), legal);
        let answer = if n % 2 == 0 {
            advised
        } else if advised == Action::Stand {
            Action::Hit
        } else {
            Action::Stand
        };
        writeln!(stdin, "{}", answer.name()).expect("writes");
        // The feedback line follows the prompt on the same line.
        line.clear();
        stdout.read_line(&mut line).expect("reads");
        feedback.push((n, line.clone()));
    }
    drop(stdin);
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).expect("reads the end");
    assert!(child.wait().expect("ends").success());
    for (n, line) in &feedback {
        if n % 2 == 0 {
            assert!(line.contains("✓ Basic strategy"), "{line}");
        } else {
            assert!(line.contains("✗ Basic strategy"), "{line}");
            assert!(cost(line) > 0.0, "{line}");
        }
    }
    assert!(rest.contains("Drill over: 3/6 right (50 %)"), "{rest}");
    assert!(rest.contains("best streak 1"), "{rest}");
}

#[test]
fn only_the_requested_kind_is_asked_and_eof_ends_with_a_summary() {
    let out = drill("1", &["--no-stats", "--kind", "soft"], "s\nh\nd\ns\n");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = text(&out);
    let questions: Vec<&str> = text.lines().filter(|l| l.contains("Your hand:")).collect();
    assert_eq!(questions.len(), 5, "four answered, one open at EOF: {text}");
    for q in questions {
        let (cards, _) = parse_question(q);
        assert!(cards.total().soft && !cards.is_pair(), "{q}");
        assert!(q.contains("(soft "), "{q}");
    }
    assert!(text.contains("Drill over: "), "{text}");
    // The closing line is broken between words within 80 columns.
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("s per decision on average"), "{text}");
    let end = &text[text.find("Drill over: ").expect("the closing line")..];
    assert!(end.lines().all(|l| l.chars().count() <= 80), "{end}");
    assert!(text.contains("EV: "), "{text}");
    assert!(text.contains("Streak "), "{text}");
}

#[test]
fn an_unknown_answer_is_refused_without_grading() {
    let out = drill("1", &["--no-stats"], "maybe\n");
    let text = text(&out);
    assert!(text.contains("Unknown answer \"maybe\""), "{text}");
    assert!(!text.contains("Basic strategy"), "nothing graded: {text}");
    assert!(text.contains("Drill over: no question answered."), "{text}");
}

#[test]
fn the_session_is_written_to_the_stats_database() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("stats.db");
    let path_text = path.to_string_lossy().into_owned();
    let out = drill("2", &["--stats", &path_text, "--kind", "pairs"], "s\np\nh\nq\n");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text(&out).contains("Statistics kept in"), "{}", text(&out));
    let (sessions, lifetime) = common::lifetime(&path);
    assert_eq!(sessions, 1);
    assert_eq!(lifetime.overall.decisions, 3);
    assert!(!lifetime.cells.is_empty() && lifetime.cells.keys().all(|k| k.starts_with("pair:")));
    // A second session adds to the first.
    drill("3", &["--stats", &path_text], "s\n");
    let (sessions, lifetime) = common::lifetime(&path);
    assert_eq!((sessions, lifetime.overall.decisions), (2, 4));
    // A file the player named that is not a database is refused, and left as it is.
    std::fs::write(&path, "not a database").expect("overwrite it");
    let out = drill("4", &["--stats", &path_text], "q\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("not an SQLite database"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&path).expect("kept"), "not a database");
}

#[test]
fn the_count_quiz_scores_a_right_and_a_wrong_answer() {
    // Count the cards the binary prints, answer the first question right and the second wrong.
    let mut child = Command::new(env!("CARGO_BIN_EXE_blackjack"))
        .args(["--seed", "5", "drill", "--no-stats", "--kind", "count"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let mut running = 0;
    let mut asked = 0;
    let mut seen = String::new();
    let mut buffer = Vec::new();
    let mut byte = [0u8; 1];
    while asked < 2 {
        assert!(stdout.read(&mut byte).expect("reads") > 0, "{seen}");
        buffer.push(byte[0]);
        let pending = String::from_utf8_lossy(&buffer).into_owned();
        if pending.ends_with('\n') {
            let line = pending.trim_end();
            if line.contains("reshuffled") {
                running = 0;
            }
            if let Some((_, cards)) = line.split_once(": ")
                && (line.starts_with("  Seat ") || line.starts_with("  Dealer"))
            {
                running += cards
                    .split(' ')
                    .filter(|c| !c.is_empty())
                    .map(|c| hilo_tag(parse_card(c).value()))
                    .sum::<i32>();
            }
            seen.push_str(&pending);
            buffer.clear();
        } else if pending == "Running count? " {
            let guess = if asked == 0 { running } else { running + 3 };
            writeln!(stdin, "{guess}").expect("writes");
            seen.push_str(&pending);
            buffer.clear();
            asked += 1;
        }
    }
    writeln!(stdin, "q").expect("writes");
    drop(stdin);
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).expect("reads the end");
    assert!(child.wait().expect("ends").success());
    let all = seen + &rest;
    assert!(all.contains("✓ Right: the running count is"), "{all}");
    assert!(all.contains("✗ Wrong: you said"), "{all}");
    assert!(all.contains("Count quiz over: 1/2 right (50 %)."), "{all}");
    // The tags in the one wording every screen uses.
    // The intro, its lines broken between words within 80 columns.
    let first = all.lines().take_while(|l| !l.is_empty()).collect::<Vec<_>>().join(" ");
    assert!(first.contains(&format!("({HILO_TAGS})")), "{first}");
}

#[test]
fn the_no_hole_card_drill_asks_where_the_charts_differ_and_the_peek_play_is_a_mistake() {
    // The cells come from the two computed charts; each question is answered with the peek
    // chart's play, which this game's chart does not make there.
    use blackjack_trainer::analysis::chart::Cell;
    use blackjack_trainer::analysis::strategy::peek_strategy;
    use blackjack_trainer::trainer::drills::kinds::peek_differences;
    let rules = Rules::default();
    let here = basic_strategy(&rules).chart.clone();
    let peek = peek_strategy(&rules).chart.clone();
    let cells = peek_differences(&here, &peek);
    assert!(!cells.is_empty());
    let mut child = Command::new(env!("CARGO_BIN_EXE_blackjack"))
        .args(["--seed", "7", "drill", "--no-stats", "--kind", "no-hole-card"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
    // The intro, its lines broken between words within 80 columns, up to the blank line.
    let mut line = String::new();
    loop {
        let mut row = String::new();
        stdout.read_line(&mut row).expect("reads the intro");
        if row.trim().is_empty() {
            break;
        }
        line.push_str(row.trim_end());
        line.push(' ');
    }
    let labels: Vec<String> = cells.iter().map(|c| c.label()).collect();
    assert!(line.contains(&labels.join(", ")), "{line}");
    let mut asked = std::collections::BTreeSet::new();
    for n in 0..12 {
        let question = loop {
            line.clear();
            assert!(stdout.read_line(&mut line).expect("reads") > 0, "question {n}");
            if line.contains("Your hand:") {
                break line.clone();
            }
        };
        let (cards, up) = parse_question(&question);
        let cell = Cell::for_hand(&cards, up.value(), true);
        assert!(cells.contains(&cell), "{} is asked: {question}", cell.label());
        asked.insert(cell);
        let mut legal = ActionSet::EMPTY;
        for a in [Action::Hit, Action::Stand, Action::Double] {
            legal.insert(a);
        }
        if cards.is_pair() {
            legal.insert(Action::Split);
        }
        let peeked = peek.decide(&cards, up.value(), legal);
        assert_ne!(peeked, here.decide(&cards, up.value(), legal), "{question}");
        writeln!(stdin, "{}", peeked.name()).expect("writes");
        line.clear();
        stdout.read_line(&mut line).expect("reads");
        assert!(line.contains("✗ Basic strategy"), "{line}");
        assert!(cost(&line) > 0.0, "{line}");
    }
    drop(stdin);
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).expect("reads the end");
    assert!(child.wait().expect("ends").success());
    assert!(rest.contains("Drill over: 0/12 right"), "{rest}");
    assert_eq!(asked.len(), cells.len(), "every differing cell asked in 12");
}

/// Issue 36's walk: after rounds at the table, the summary's lifetime line ran past 80
/// columns and an 80-column terminal broke it in a word ("decisions rig / ht 100%").
#[test]
fn the_summary_after_rounds_at_the_table_keeps_within_80_columns() {
    use blackjack_trainer::session::TableSession;
    use blackjack_trainer::setup::TableConfig;
    use blackjack_trainer::store::Location;
    let home = common::TempDir::new("drill-summary");
    let db = home.path("s.db");
    {
        let (mut table, _) = TableSession::new(
            &Rules::default(),
            &TableConfig { stats: Some(Location::named(&db)), ..crate::session::config() },
        )
        .expect("a table");
        let mut kit = crate::session::Kit::new(None);
        for _ in 0..12 {
            table.deal(&mut kit.an());
            crate::session::finish_round(&mut table, &mut kit);
        }
        assert_eq!(table.coach_mut().save(), None, "saved");
    }
    let db = db.to_str().expect("utf-8");
    let out = drill("1", &["--kind", "true-count", "--stats", db], "0\nq\n");
    let text = text(&out);
    assert!(text.contains("Lifetime (this session included): 12 rounds"), "{text}");
    let wide: Vec<&str> = text.lines().filter(|l| l.chars().count() > 80).collect();
    assert!(wide.is_empty(), "{wide:?}");
}

/// Issue 36's walk: the pairs and the decks drills opened with "true counts are floor here",
/// though neither asks a true count; the true-count drill still says how it rounds.
#[test]
fn only_the_drills_that_ask_a_true_count_say_how_it_is_rounded() {
    let home = common::TempDir::new("drill-header");
    let db = home.path("s.db");
    let db = db.to_str().expect("utf-8");
    let first_line = |kind: &str| {
        let out = drill("1", &["--kind", kind, "--stats", db], "q\n");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = text(&out);
        let header = text.split("\n\n").next().unwrap_or_default();
        header.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    for kind in ["cancel", "decks"] {
        let header = first_line(kind);
        assert!(header.starts_with("Drill: "), "{header}");
        assert!(!header.contains("true count"), "{kind}: {header}");
    }
    assert!(first_line("true-count").contains("true counts are floor here"));
}
