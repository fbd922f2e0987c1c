//! Each standard's evaluation on hand-made rows: a pass, and a case that just fails.

use super::standards::*;
use super::*;
use crate::analysis::chart::HandKind;
use crate::trainer::grade::CLOSE_CALL;

fn answer(skill: &str, correct: bool, seconds: f64) -> AnswerRow {
    AnswerRow {
        session: 1,
        kind: SessionKind::Drill,
        at: 0,
        day: "2026-12-01".to_owned(),
        skill: skill.to_owned(),
        question: "q".to_owned(),
        correct,
        error: if correct { 0.0 } else { 1.0 },
        seconds,
        decks: None,
    }
}

/// Rows of `answers`, each at its own second (the index) so the one that met is known.
fn with_answers(answers: Vec<AnswerRow>) -> Rows {
    Rows {
        answers: answers
            .into_iter()
            .enumerate()
            .map(|(i, a)| AnswerRow { at: i as u64, ..a })
            .collect(),
        ..Rows::default()
    }
}

fn met_at(v: &Verdict) -> Option<u64> {
    v.met.as_ref().map(|m| m.0)
}

#[test]
fn the_rules_check_wants_ten_in_a_row() {
    let mut answers: Vec<AnswerRow> = (0..10).map(|_| answer("rules", true, 5.0)).collect();
    assert_eq!(met_at(&rules_check(&with_answers(answers.clone()))), Some(9));
    answers[4].correct = false;
    let v = rules_check(&with_answers(answers));
    assert_eq!(v.met, None, "a miss in the ten");
    assert_eq!(v.best, "best 5 in a row of 10");
}

fn decision(cell: &str, correct: bool, cost: f64) -> DecisionRow {
    DecisionRow {
        session: 1,
        round: None,
        drilled: true,
        at: 0,
        day: "2026-12-01".to_owned(),
        cell: cell.to_owned(),
        correct,
        cost,
        counting: false,
    }
}

fn drillable_keys() -> Vec<String> {
    crate::trainer::drills::kinds::dealt_cells(crate::trainer::drills::kinds::DrillKind::All)
        .map(|c| c.key())
        .collect()
}

/// Issue 36's walk: the standard wanted hard 5–7 and 18–19 too, which no drill of any hand
/// deals — `blackjack drill --kind all`, the next step it named, stopped at 280 of 330 cells.
#[test]
fn every_cell_drilled_is_met_by_the_questions_the_drill_of_any_hand_deals() {
    use crate::engine::GameRng;
    use crate::trainer::drills::kinds::{DrillDealer, DrillKind};
    use rand::SeedableRng;
    let dealer = DrillDealer::new(DrillKind::All);
    let (mut rng, history) = (GameRng::seed_from_u64(36), crate::trainer::tally::Tally::default());
    let rows = Rows {
        decisions: (0..20_000)
            .map(|_| decision(&dealer.next(&mut rng, &history).cell.key(), true, 0.0))
            .collect(),
        ..Rows::default()
    };
    let v = every_cell(&rows);
    assert!(v.met.is_some(), "{}", v.best);
}

#[test]
fn every_cell_drilled_wants_each_drillable_cell_in_a_drill() {
    let keys = drillable_keys();
    let mut rows = Rows {
        decisions: keys.iter().map(|k| decision(k, true, 0.0)).collect(),
        ..Rows::default()
    };
    assert!(every_cell(&rows).met.is_some());
    // The last cell met at the table, not in a drill: just short.
    if let Some(last) = rows.decisions.last_mut() {
        last.drilled = false;
        last.round = Some(1);
    }
    let v = every_cell(&rows);
    assert_eq!(v.met, None);
    assert_eq!(v.best, format!("{} of {} cells drilled", keys.len() - 1, keys.len()));
}

/// 200 basic decisions spread over many cells, the first `misses` of them wrong (each in a
/// cell of its own) at `cost`.
fn decisions(misses: usize, cost: f64) -> Vec<DecisionRow> {
    let keys = drillable_keys();
    (0..DECISIONS_IN_A_ROW)
        .map(|i| {
            let mut d =
                decision(&keys[i % keys.len()], i >= misses, if i < misses { cost } else { 0.0 });
            d.at = i as u64;
            d
        })
        .collect()
}

#[test]
fn two_hundred_in_a_row_allow_four_misses_and_close_calls_are_not_misses() {
    let rows = |d| Rows { decisions: d, ..Rows::default() };
    assert!(two_hundred(&rows(decisions(4, 0.1))).met.is_some(), "98 %");
    let v = two_hundred(&rows(decisions(5, 0.1)));
    assert_eq!(v.met, None, "97.5 %");
    assert_eq!(v.best, "best 200 in a row at 97.5 %");
    assert!(
        two_hundred(&rows(decisions(5, CLOSE_CALL / 2.0))).met.is_some(),
        "five close calls are no misses"
    );
    assert_eq!(two_hundred(&rows(decisions(0, 0.0)[..199].to_vec())).met, None);
}

/// Drill and basic-mode table decisions make one run; counting mode's neither count nor break
/// it (issue 36, stage 1: see [`two_hundred`]).
#[test]
fn two_hundred_in_a_row_join_drills_and_the_table_and_leave_counting_mode_out() {
    let rows = |d| Rows { decisions: d, ..Rows::default() };
    let mixed: Vec<DecisionRow> = decisions(4, 0.1)
        .into_iter()
        .enumerate()
        .map(|(i, d)| DecisionRow {
            drilled: i % 2 == 0,
            round: (i % 2 == 1).then_some(i as i64),
            ..d
        })
        .collect();
    assert!(two_hundred(&rows(mixed.clone())).met.is_some(), "drills and table");
    // Counting-mode misses in the middle of the run: left out, the run still passes.
    let mut with_counting = mixed.clone();
    for i in 0..10 {
        with_counting.insert(
            100 + i,
            DecisionRow {
                drilled: false,
                round: Some(1000 + i as i64),
                counting: true,
                ..decision(&format!("hard:{}:T", 12 + i % 5), false, 0.5)
            },
        );
    }
    assert!(two_hundred(&rows(with_counting)).met.is_some(), "counting left out");
    // Nor do counting-mode decisions make up a run short of 200.
    let mut short = mixed[..150].to_vec();
    short.extend((0..60).map(|i| DecisionRow {
        counting: true,
        ..decision(&format!("hard:{}:T", 12 + i % 5), true, 0.0)
    }));
    let v = two_hundred(&rows(short));
    assert!(v.met.is_none(), "{v:?}");
    assert!(v.best.starts_with("150 of 200"), "{v:?}");
}

#[test]
fn two_hundred_in_a_row_refuse_a_cell_missed_twice() {
    let mut d = decisions(2, 0.1);
    d[1].cell = d[0].cell.clone();
    let v = two_hundred(&Rows { decisions: d, ..Rows::default() });
    assert_eq!(v.met, None);
    assert!(v.best.ends_with("a cell missed twice"), "{}", v.best);
}

#[test]
fn the_countdown_wants_one_deck_right_within_thirty_seconds_three_times() {
    let deck = |decks, correct, seconds| AnswerRow {
        decks: Some(decks),
        ..answer("countdown", correct, seconds)
    };
    let pass = vec![deck(1, true, 30.0), deck(1, true, 22.0), deck(1, true, 29.9)];
    assert_eq!(met_at(&countdown(&with_answers(pass))), Some(2));
    for short in [
        vec![deck(1, true, 30.0), deck(1, true, 22.0), deck(1, true, 30.1)],
        vec![deck(1, true, 30.0), deck(1, true, 22.0), deck(2, true, 25.0)],
        vec![deck(1, true, 30.0), deck(1, true, 22.0), deck(1, false, 25.0)],
    ] {
        let v = countdown(&with_answers(short));
        assert_eq!(v.met, None);
        assert_eq!(v.best, "2 of 3 countdowns");
    }
}

#[test]
fn pairs_want_twenty_in_a_row_each_within_two_seconds() {
    let mut a: Vec<AnswerRow> = (0..20).map(|_| answer("pairs", true, PAIR_SECONDS)).collect();
    assert!(pairs(&with_answers(a.clone())).met.is_some());
    a[19].seconds = PAIR_SECONDS + 0.1;
    assert_eq!(pairs(&with_answers(a)).met, None);
}

#[test]
fn conversions_want_twenty_in_a_row_each_within_four_seconds() {
    let mut a: Vec<AnswerRow> = (0..20).map(|_| answer("true-count", true, 4.0)).collect();
    assert!(conversions(&with_answers(a.clone())).met.is_some());
    a[0].seconds = 4.5;
    assert_eq!(conversions(&with_answers(a)).met, None);
}

#[test]
fn decks_left_want_eighteen_of_twenty_within_half_a_deck() {
    let deck = |error: f64| AnswerRow { error, ..answer("decks", error == 0.0, 5.0) };
    let mut a: Vec<AnswerRow> = (0..20).map(|_| deck(0.0)).collect();
    a[3] = deck(0.6);
    a[7] = deck(0.75);
    // Within half a deck though graded wrong at the drill's resolution: it counts.
    a[9] = deck(0.5);
    assert_eq!(met_at(&decks_left(&with_answers(a.clone()))), Some(19));
    a[11] = deck(0.51);
    let v = decks_left(&with_answers(a));
    assert_eq!(v.met, None);
    assert_eq!(v.best, "best 17 of 20 within half a deck");
}

#[test]
fn the_ramp_from_memory_counts_the_drill_wherever_started_not_the_tables_bets() {
    let a: Vec<AnswerRow> = (0..20).map(|_| answer("ramp", true, 1.0)).collect();
    assert!(ramp(&with_answers(a.clone())).met.is_some());
    // A ramp drill started from the table's chooser is kept in the table's session.
    let mut from_the_table = a.clone();
    from_the_table[10].kind = SessionKind::Table;
    assert!(
        ramp(&with_answers(from_the_table)).met.is_some(),
        "the drill's answers count wherever it was started"
    );
    let mut bet = a;
    bet[10] = check(10, true, crate::trainer::tally::TABLE_RAMP);
    assert_eq!(
        ramp(&with_answers(bet)).met,
        None,
        "a bet at the table is not an answer of the drill"
    );
}

fn cell(kind: HandKind, row: u8, up: u8) -> Cell {
    let up = crate::engine::Value::of(up);
    Cell { kind, row, up }
}

#[test]
fn a_deviations_question_names_its_cell() {
    assert_eq!(
        question_cell("K♠ 6♥ against 10♦ at true count +2: hit, stand or double?"),
        Some(cell(HandKind::Hard, 16, 10))
    );
    assert_eq!(
        question_cell("10♠ J♥ against 5♦ at true count +5: hit, stand, double or split?"),
        Some(cell(HandKind::Pair, 10, 5))
    );
    assert_eq!(
        question_cell("A♠ 7♥ against 2♦ at true count +1: hit, stand or double?"),
        Some(cell(HandKind::Soft, 18, 2))
    );
    assert_eq!(question_cell("the running count"), None);
}

#[test]
fn the_top_plays_want_each_right_twice_in_a_row() {
    let top = [cell(HandKind::Hard, 16, 10), cell(HandKind::Pair, 10, 5)];
    let ask = |q: &str, correct| AnswerRow {
        question: q.to_owned(),
        ..answer("deviations", correct, 3.0)
    };
    let sixteen = "10♠ 6♥ against K♦ at true count +1: hit or stand?";
    let tens = "K♠ Q♥ against 5♦ at true count +5: hit, stand, double or split?";
    let rows = with_answers(vec![
        ask(sixteen, true),
        ask(tens, true),
        ask("9♠ 7♥ against 10♦ at true count −1: hit or stand?", true),
        ask(tens, true),
    ]);
    assert_eq!(met_at(&top_index_plays(&rows, Some(&top))), Some(3));
    let broken = with_answers(vec![
        ask(sixteen, true),
        ask(tens, true),
        ask(sixteen, false),
        ask(tens, true),
        ask(sixteen, true),
    ]);
    let v = top_index_plays(&broken, Some(&top));
    assert_eq!(v.met, None, "the 16's two rights are not in a row");
    assert_eq!(v.best, "1 of 2 plays right twice in a row");
    assert_eq!(top_index_plays(&rows, None).met, None);
}

/// A table shoe: `rounds` rounds of session `session` from id `first`, `gap` seconds apart,
/// starting at `start`.
fn shoe(session: i64, first: i64, rounds: i64, start: u64, gap: u64) -> Vec<RoundRow> {
    (0..rounds)
        .map(|i| RoundRow {
            id: first + i,
            session,
            kind: SessionKind::Table,
            at: start + gap * i as u64,
            day: "2026-12-01".to_owned(),
            number: first + i,
            shoe_position: 10 + 12 * i,
            counting: true,
            settled: true,
        })
        .collect()
}

/// Issue 36's walk: a shoe of one round read "1 rounds at pace unknown".
#[test]
fn a_shoe_of_one_round_says_round() {
    let rows = Rows { rounds: shoe(1, 1, 1, 100, 60), ..Rows::default() };
    let all = table_shoes::shoes(&rows);
    assert_eq!(all[0].summary(), "1 round at pace unknown, count checks 0 of 0 right");
}

fn check(at: u64, correct: bool, skill: &str) -> AnswerRow {
    AnswerRow { kind: SessionKind::Table, at, ..answer(skill, correct, 0.0) }
}

/// Four shoes of ten rounds, one a minute (60 an hour), with a right count check in each;
/// the last is unfinished (no shuffle after it).
fn four_shoes() -> Rows {
    let mut rows = Rows::default();
    for s in 0..4 {
        let start = 10_000 * s as u64;
        rows.rounds.extend(shoe(1, 1 + 10 * s, 10, start, 60));
        rows.answers.push(check(start + 200, true, "count"));
    }
    rows
}

#[test]
fn three_finished_shoes_at_game_pace_with_every_check_right() {
    let rows = four_shoes();
    assert_eq!(met_at(&table_shoes(&rows)), Some(20_000 + 540));
    let mut wrong = rows.clone();
    wrong.answers.push(check(10_300, false, "table-true"));
    let v = table_shoes(&wrong);
    assert_eq!(v.met, None, "a wrong true-count check in the second shoe");
    assert!(v.best.starts_with("2 of 3 shoes"), "{}", v.best);
    // Slower than a full table: 50 rounds an hour.
    let mut slow = rows.clone();
    for r in slow.rounds.iter_mut().filter(|r| (11..=20).contains(&r.id)) {
        r.at = 10_000 + 72 * (r.id - 11) as u64;
    }
    assert_eq!(table_shoes(&slow).met, None);
    // The unfinished last shoe counts once the table marks its end.
    let mut marked = slow;
    marked.course.push(CourseRow {
        session: 1,
        stage: 2,
        standard: table_shoes::SHOE_END.to_owned(),
        passed: false,
        at: 30_000 + 600,
        day: "2026-12-01".to_owned(),
        detail: String::new(),
    });
    assert_eq!(met_at(&table_shoes(&marked)), Some(30_540));
}

#[test]
fn the_exam_wants_bets_at_95_and_decisions_at_99_per_cent() {
    let mut rows = four_shoes();
    for s in 0..2 {
        let start = 10_000 * s as u64;
        for i in 0..20 {
            rows.answers.push(check(start + i, i != 0 || s != 1, "table-ramp"));
        }
        for i in 0..100 {
            rows.decisions.push(DecisionRow {
                round: Some(1 + 10 * s + i % 10),
                drilled: false,
                counting: true,
                ..decision("hard:16:T", i != 0, 0.2)
            });
        }
    }
    // Shoe 1: 20 of 20 bets, 99 of 100 decisions; shoe 2: 19 of 20 bets (95 %), 99 of 100.
    assert_eq!(met_at(&exam(&rows)), Some(10_000 + 540));
    let mut short = rows.clone();
    short.decisions[150].correct = false;
    let v = exam(&short);
    assert_eq!(v.met, None, "98 of 100 decisions in the second shoe");
    assert!(v.best.contains("decisions 98.0 %"), "{}", v.best);
    let mut close = short;
    close.decisions[150].cost = CLOSE_CALL / 2.0;
    assert!(exam(&close).met.is_some(), "a close call is not a miss");
    // Issue 36's walk: a shoe at a table with no ramp read "bets 100 % by the ramp".
    let mut unramped = close;
    unramped.answers.retain(|a| a.skill != "table-ramp");
    let v = exam(&unramped);
    assert_eq!(v.met, None, "no bet graded");
    assert!(!v.best.contains("bets 100 %"), "{}", v.best);
    assert!(v.best.contains("no bet graded"), "{}", v.best);
}

#[test]
fn a_stage_opens_when_the_one_before_is_passed_and_next_names_the_first_left() {
    let rows = with_answers((0..10).map(|_| answer("rules", true, 5.0)).collect());
    let course = Course::evaluate(&rows, &Context::default());
    assert!(course.passed(Stage::Rules));
    assert!(course.open(Stage::BasicStrategy));
    assert!(!course.open(Stage::RunningCount));
    assert_eq!(course.next(), Some(Standard::EveryCell));
    let passes = new_passes(&course, &rows.course);
    assert_eq!(passes.len(), 1);
    assert_eq!(passes[0].standard, "rules-check");
    let empty = Course::evaluate(&Rows::default(), &Context::default());
    assert_eq!(empty.next(), Some(Standard::RulesCheck));
    assert!(!empty.open(Stage::BasicStrategy));
}
