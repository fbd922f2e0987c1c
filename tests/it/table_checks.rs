//! Surprise checks at the table's pace and a wrong count's breakdown, through `TableSession`
//! with time as data.

use std::time::{Duration, Instant};

use blackjack_trainer::analysis::deviation::{floored_true_count, illustrious_18};
use blackjack_trainer::analysis::hilo::{hilo_tag, running_count};
use blackjack_trainer::session::*;
use blackjack_trainer::setup::TableConfig;
use blackjack_trainer::text::signed;
use blackjack_trainer::trainer::history::Entry;

use super::session::{Kit, config, finish_round, right_answer, session};

/// Counting mode at casino pace, the count hidden, a surprise check one deal in `every`.
fn paced_counting(every: u32, seed: u64) -> (Kit, TableSession) {
    let table = session(TableConfig {
        counting: true,
        count_check_every: every,
        pace: Some("casino".parse().expect("a pace")),
        seed,
        ..config()
    });
    (Kit::new(Some(illustrious_18())), table)
}

/// Plays the round dealt out, and rounds on at the pace (a minute of "now" handed in a
/// round, no waiting), until a check is asked; the time reached.
fn until_checked(table: &mut TableSession, kit: &mut Kit, mut now: Instant) -> Instant {
    for _ in 0..200 {
        table.pace_tick(now, &mut kit.an());
        finish_round(table, kit);
        table.pace_tick(now, &mut kit.an());
        if table.count_check().is_some() {
            return now;
        }
        now += Duration::from_secs(60);
    }
    panic!("no check in 200 rounds");
}

fn answer(table: &mut TableSession, kit: &mut Kit, typed: &str) -> Vec<Happening> {
    if let Some(slot) = table.count_check_mut() {
        *slot = typed.to_owned();
    }
    table.answer_count_check(&mut kit.an())
}

fn said(news: &[Happening]) -> Vec<String> {
    news.iter().filter_map(Happening::notice).map(|n| n.text.clone()).collect()
}

fn kept_skills(table: &TableSession) -> Vec<(String, bool)> {
    table
        .coach()
        .hand_history()
        .iter()
        .filter_map(|e| match e {
            Entry::Count(a) => Some((a.skill.clone(), a.right)),
            _ => None,
        })
        .collect()
}

#[test]
fn surprise_checks_ask_all_three_kinds_and_grade_and_keep_each_under_its_skill() {
    let (mut kit, mut table) = paced_counting(1, 7);
    let mut now = Instant::now();
    // Space deals the first round; the pace deals the rest.
    table.deal(&mut kit.an());
    let mut seen = Vec::new();
    let mut expected = Vec::new();
    while seen.len() < 12 {
        now = until_checked(&mut table, &mut kit, now);
        let kind = table.surprise_check().expect("a surprise check");
        assert!(!table.between_rounds() || table.count_check().is_some());
        let right = seen.len() % 2 == 0;
        let typed = if right {
            right_answer(&table, kind)
        } else {
            // One step off: a wrong answer of the same kind.
            match kind {
                CheckKind::Decks => {
                    let good: f64 = right_answer(&table, kind).parse().expect("decks");
                    format!("{}", if good >= 1.0 { good - 0.5 } else { good + 0.5 })
                }
                _ => {
                    let good: i32 = right_answer(&table, kind).parse().expect("a count");
                    (good + 1).to_string()
                }
            }
        };
        let news = answer(&mut table, &mut kit, &typed);
        let texts = said(&news);
        let line = texts
            .iter()
            .find(|t| t.starts_with("Surprise check:"))
            .unwrap_or_else(|| panic!("{texts:?}"));
        assert_eq!(line.contains(", right"), right, "{line}");
        // The verdict is the grade kept in view: the last graded line, after what was held back.
        let pinned = news.iter().rev().find_map(|h| match h {
            Happening::Graded(n) => Some(&n.text),
            _ => None,
        });
        assert_eq!(pinned, Some(line), "the verdict is the last grade: {texts:?}");
        if kind == CheckKind::True {
            assert!(line.contains("floored"), "the floor is said: {line}");
        }
        assert!(
            news.iter().any(|h| matches!(h, Happening::RoundStarted(_))),
            "the deal follows the answer"
        );
        assert_eq!(table.surprise_check(), None);
        seen.push(kind);
        expected.push((kind.skill().to_owned(), right));
    }
    for kind in [CheckKind::Running, CheckKind::True, CheckKind::Decks] {
        assert!(seen.contains(&kind), "{kind:?} asked among {seen:?}");
    }
    assert_eq!(kept_skills(&table), expected);
}

#[test]
fn a_true_count_check_says_the_floor_and_grades_the_floored_count() {
    let (mut kit, mut table) = paced_counting(1, 11);
    let mut now = Instant::now();
    // Space deals the first round; the pace deals the rest.
    table.deal(&mut kit.an());
    loop {
        now = until_checked(&mut table, &mut kit, now);
        if table.surprise_check() == Some(CheckKind::True) {
            break;
        }
        table.skip_count_check();
        table.deal(&mut kit.an());
    }
    assert!(
        CheckKind::True.question(&blackjack_trainer::analysis::counts::HI_LO).contains("floored")
    );
    let view = table.table().view(table.your_seat());
    let (running, left) = (running_count(view.seen()), view.cards_left());
    let floored = floored_true_count(running, left);
    // Floored, not rounded or truncated: the answer the program grades by.
    let exact = f64::from(running) * 52.0 / left as f64;
    assert_eq!(f64::from(floored), exact.floor());
    // A word is refused and asked again; nothing is kept.
    answer(&mut table, &mut kit, "x");
    assert_eq!(table.surprise_check(), Some(CheckKind::True));
    assert!(kept_skills(&table).is_empty());
    let news = answer(&mut table, &mut kit, &floored.to_string());
    let expected = format!(
        "Surprise check: the true count is {}, right ({} ÷ {:.2} decks ({left} cards ÷ 52), floored).",
        signed(floored),
        signed(running),
        left as f64 / 52.0
    );
    assert!(said(&news).contains(&expected), "{news:?}");
    assert_eq!(kept_skills(&table), [("table-true".to_owned(), true)]);
}

#[test]
fn a_wrong_running_count_shows_each_round_since_the_last_right_one_with_its_count() {
    let (mut kit, mut table) = paced_counting(1, 3);
    let mut now = Instant::now();
    // Space deals the first round; the pace deals the rest.
    table.deal(&mut kit.an());
    // A right running count first: the breakdown starts from it.
    let from = loop {
        now = until_checked(&mut table, &mut kit, now);
        let kind = table.surprise_check().expect("asked");
        let typed = right_answer(&table, kind);
        let running = running_count(table.table().view(table.your_seat()).seen());
        answer(&mut table, &mut kit, &typed);
        if kind == CheckKind::Running {
            break running;
        }
    };
    // Rounds on until the next running count is asked, every other check skipped.
    let mut played = 1;
    let running = loop {
        finish_round(&mut table, &mut kit);
        now = until_checked(&mut table, &mut kit, now);
        if table.surprise_check() == Some(CheckKind::Running) {
            break running_count(table.table().view(table.your_seat()).seen());
        }
        table.skip_count_check();
        table.deal(&mut kit.an());
        played += 1;
    };
    let news = answer(&mut table, &mut kit, &(running + 2).to_string());
    let breakdown = news
        .iter()
        .find_map(|h| match h {
            Happening::CountBreakdown(b) => Some(b.clone()),
            _ => None,
        })
        .expect("a breakdown");
    assert_eq!(breakdown.from, Some(from));
    assert_eq!(breakdown.answered, running + 2);
    assert_eq!(breakdown.rounds.len(), played, "{breakdown:?}");
    // Each round's cards move the count from the one before to the one after it.
    let mut before = from;
    for round in &breakdown.rounds {
        let start = if round.new_shoe { 0 } else { before };
        let moved: i32 = round.cards.iter().map(|c| hilo_tag(c.value())).sum();
        assert_eq!(start + moved, round.running_after, "{round:?}");
        before = round.running_after;
    }
    assert_eq!(before, running, "the last round ends at the count asked");
    // A right answer starts the breakdown again.
    assert!(!table.counted_rounds().is_empty() || played == 0);
}
