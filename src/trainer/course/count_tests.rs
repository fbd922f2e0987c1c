//! The course in the learner's count: only answers given in the course's count meet its
//! standards, passes are recorded per count, and every screen names the count.

use super::*;
use crate::analysis::counts::CountSystem;
use crate::trainer::drills::counting::Countdown;

fn zen() -> CountSystem {
    CountSystem::built_in("zen").expect("zen").clone()
}

/// The course's context in `count`.
fn taken_in(count: &CountSystem) -> Context {
    Context { count: count.clone(), ..Context::default() }
}

/// A one-deck countdown counted in `count`, answered right in 20 s, as the drill keeps it:
/// its question is the real one.
fn countdown_in(count: &CountSystem, at: u64) -> AnswerRow {
    let mut run = Countdown::new(1, 1, false, 7).counting(count);
    while run.flash().is_some() {}
    let kept = run.grade(run.running(), 20.0, false, None).answer();
    AnswerRow {
        session: 1,
        kind: SessionKind::Drill,
        at,
        day: "2026-12-01".to_owned(),
        skill: kept.skill,
        question: kept.question,
        correct: kept.right,
        error: kept.error,
        seconds: kept.seconds,
        decks: Some(1),
    }
}

fn standing(course: &Course, standard: Standard) -> &Standing {
    course.standings.iter().find(|s| s.standard == standard).expect("every standard has a standing")
}

#[test]
fn countdowns_count_only_in_the_courses_count() {
    // Three right in Zen, two in Hi-Lo: neither count has three of its own but Zen.
    let hilo = CountSystem::default();
    let mut answers: Vec<AnswerRow> = (0..3).map(|i| countdown_in(&zen(), i)).collect();
    answers.extend((3..5).map(|i| countdown_in(&hilo, i)));
    let rows = Rows { answers, ..Rows::default() };
    let in_hilo = Course::evaluate(&rows, &taken_in(&hilo));
    let countdown = standing(&in_hilo, Standard::Countdown);
    assert_eq!(countdown.verdict.met, None, "Zen's countdowns are not Hi-Lo's");
    assert_eq!(countdown.verdict.best, "2 of 3 countdowns");
    let in_zen = Course::evaluate(&rows, &taken_in(&zen()));
    let countdown = standing(&in_zen, Standard::Countdown);
    assert_eq!(countdown.verdict.met.as_ref().map(|m| m.0), Some(2));
}

/// Four shoes at game pace, a right running-count check in each, asked as the table asks it
/// in `count`.
fn table_shoes_in(count: &CountSystem) -> Rows {
    let mut rows = Rows::default();
    for s in 0..4i64 {
        let start = 10_000 * s as u64;
        rows.rounds.extend((0..10).map(|i| RoundRow {
            id: 1 + 10 * s + i,
            session: 1,
            kind: SessionKind::Table,
            at: start + 60 * i as u64,
            day: "2026-12-01".to_owned(),
            number: 1 + 10 * s + i,
            shoe_position: 10 + 12 * i,
            counting: true,
            settled: true,
        }));
        rows.answers.push(AnswerRow {
            session: 1,
            kind: SessionKind::Table,
            at: start + 200,
            day: "2026-12-01".to_owned(),
            skill: "count".to_owned(),
            question: format!(
                "the {} before round {} (a surprise check at the table)",
                count.named("running count"),
                5 + 10 * s
            ),
            correct: true,
            error: 0.0,
            seconds: 0.0,
            decks: None,
        });
    }
    rows
}

#[test]
fn table_shoes_count_only_in_the_courses_count() {
    let rows = table_shoes_in(&zen());
    let in_zen = Course::evaluate(&rows, &taken_in(&zen()));
    assert!(standing(&in_zen, Standard::TableShoes).verdict.met.is_some());
    let in_hilo = Course::evaluate(&rows, &Context::default());
    assert_eq!(
        standing(&in_hilo, Standard::TableShoes).verdict.met,
        None,
        "shoes counted in Zen are not Hi-Lo shoes"
    );
    // A decks check (the same in every count) of a Zen table is no Hi-Lo check either.
    let mut decks = rows.clone();
    decks.answers.iter_mut().for_each(|a| {
        a.skill = "table-decks".to_owned();
    });
    decks.answers[0].skill = "count".to_owned();
    let in_hilo = Course::evaluate(&decks, &Context::default());
    assert_eq!(standing(&in_hilo, Standard::TableShoes).verdict.met, None);
    // Hi-Lo's own questions name no count, and count for Hi-Lo.
    let hilo = table_shoes_in(&CountSystem::default());
    let in_hilo = Course::evaluate(&hilo, &Context::default());
    assert!(standing(&in_hilo, Standard::TableShoes).verdict.met.is_some());
}

#[test]
fn every_count_skill_is_read_in_its_count_and_the_others_in_any() {
    let zen = zen();
    let asked = |skill: &str, question: &str| AnswerRow {
        skill: skill.to_owned(),
        question: question.to_owned(),
        ..countdown_in(&zen, 0)
    };
    let rows = Rows {
        answers: vec![
            asked("pairs", "These 6 cards at a glance: their Zen net count?"),
            asked("true-count", "Zen running count +4, 2 decks left: the true count (floor)?"),
            asked("ramp", "Zen true count +2: your bet?"),
            asked("deviations", "K♠ 6♥ against T♦ at Zen true count +2: h, s?"),
            asked("decks", "A 6-deck shoe (the full tray): how many decks are left?"),
            asked("rules", "rules check 1: what does a natural pay?"),
        ],
        ..Rows::default()
    };
    let in_hilo = rows.in_count(&CountSystem::default());
    let kept: Vec<&str> = in_hilo.answers.iter().map(|a| a.skill.as_str()).collect();
    assert_eq!(kept, ["decks", "rules"], "Hi-Lo keeps only what no count changes");
    assert_eq!(rows.in_count(&zen).answers.len(), 6, "Zen keeps them all");
}

#[test]
fn a_pass_recorded_in_one_count_is_no_pass_in_another() {
    let zen = zen();
    let rows = Rows { answers: (0..3).map(|i| countdown_in(&zen, i)).collect(), ..Rows::default() };
    let in_zen = Course::evaluate(&rows, &taken_in(&zen));
    let passes = new_passes(&in_zen, &[]);
    let countdown =
        passes.iter().find(|p| p.standard == "countdown").expect("the countdown passed");
    assert_eq!(countdown.detail, "3 of 3 countdowns (in Zen)");
    let recorded = Rows { course: passes.clone(), ..Rows::default() };
    let in_hilo = Course::evaluate(&recorded, &Context::default());
    assert_eq!(standing(&in_hilo, Standard::Countdown).passed_on, None);
    assert_eq!(new_passes(&in_zen, &passes), Vec::new(), "recorded once in its count");
    // A pass recorded before the course named counts was Hi-Lo's.
    let legacy = Rows {
        course: vec![CourseRow { detail: "3 of 3 countdowns".to_owned(), ..countdown.clone() }],
        ..Rows::default()
    };
    let in_hilo = Course::evaluate(&legacy, &Context::default());
    assert!(standing(&in_hilo, Standard::Countdown).passed_on.is_some());
    let in_zen = Course::evaluate(&legacy, &taken_in(&zen));
    assert_eq!(standing(&in_zen, Standard::Countdown).passed_on, None);
}

/// The course with every standard passed, in `count`.
fn all_passed(count: &CountSystem) -> Course {
    Course {
        standings: Standard::ALL
            .into_iter()
            .map(|standard| Standing {
                standard,
                verdict: Verdict::met(0, "2026-12-01", "met"),
                passed_on: Some("2026-12-01".to_owned()),
            })
            .collect(),
        count: count.clone(),
    }
}

#[test]
fn every_screen_names_the_count_and_what_to_do_next_even_after_the_exam() {
    let zen = zen();
    let done = all_passed(&zen);
    assert_eq!(done.next(), None);
    let lines = course_lines(&done, CourseView::CommandLine);
    assert!(lines[0].contains("taken in Zen"), "{lines:?}");
    let next = next_lines(&done, CourseView::CommandLine);
    assert!(next[0].starts_with("Next: every stage is passed in Zen"), "{next:?}");
    assert_eq!(next[1], "  → blackjack play --count zen --pace casino --ramp plan");
    let at_table = next_lines(&done, CourseView::Table);
    assert!(at_table[1].contains("in Zen at a casino's pace"), "{at_table:?}");
    let json = course_json(&done);
    assert_eq!(json["count"], "zen");
    assert_eq!(json["count_name"], "Zen");
    assert_eq!(json["next"]["command"], "blackjack play --count zen --pace casino --ramp plan");
    // Before: the next standard in the count, its command naming it.
    let fresh = Course::evaluate(&Rows::default(), &taken_in(&zen));
    let rows = Rows {
        course: new_passes(&all_passed(&zen), &[]).into_iter().filter(|p| p.stage < 2).collect(),
        ..Rows::default()
    };
    assert_eq!(fresh.next(), Some(Standard::RulesCheck));
    let at_stage_two = Course::evaluate(&rows, &taken_in(&zen));
    let next = next_lines(&at_stage_two, CourseView::CommandLine);
    assert_eq!(next[0], format!("Next (stage 2, in Zen): {}", Standard::Countdown.describe()));
    assert_eq!(next[1], "  → blackjack drill --kind countdown --decks 1 --count zen");
    let key = next_lines(&at_stage_two, CourseView::Table);
    assert_eq!(key[1], "  → r, then `a deck countdown in Zen`");
    assert_eq!(
        course_json(&at_stage_two)["next"]["command"],
        "blackjack drill --kind countdown --decks 1 --count zen"
    );
}
