//! The course as text — one function builds the lines that `blackjack course` prints and the
//! table's course page shows — and as JSON.

use super::{Course, Stage, Standard, Standing};

/// Where the course is shown: what "what to do next" names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CourseView {
    /// On the command line: the exact command.
    CommandLine,
    /// At the table: the key.
    Table,
}

/// `passed 2026-12-07`, `open`, `not open yet`.
fn stage_state(course: &Course, stage: Stage) -> String {
    if course.passed(stage) {
        let last = course.of(stage).filter_map(|s| s.passed_on.clone()).max().unwrap_or_default();
        format!("passed {last}")
    } else if course.open(stage) {
        "open".to_owned()
    } else {
        "not open yet (you may practise it already)".to_owned()
    }
}

/// `✓ … — passed 2026-12-07` or `· …: best so far`.
fn standing_line(s: &Standing) -> String {
    match &s.passed_on {
        Some(day) => format!("  ✓ {} — passed {day} ({})", s.standard.describe(), s.verdict.best),
        None => format!("  · {} — {}", s.standard.describe(), s.verdict.best),
    }
}

/// Every stage with its standards (the best so far, the days passed), then what to do next.
pub fn course_lines(course: &Course, view: CourseView) -> Vec<String> {
    let mut lines = stage_lines(course);
    lines.push(String::new());
    lines.extend(next_lines(course, view));
    lines
}

/// The introduction, then every stage with its standards (what to do next left out).
pub fn stage_lines(course: &Course) -> Vec<String> {
    let mut lines = vec![format!(
        "The counting course, taken in {}: from the rules to the exam. A stage opens when the \
         one before it is passed; you may practise ahead, and a standard met early counts.",
        course.count.name
    )];
    for stage in Stage::ALL {
        lines.push(String::new());
        lines.push(format!(
            "Stage {} · {} — {}",
            stage.number(),
            stage.title(),
            stage_state(course, stage)
        ));
        lines.extend(course.of(stage).map(standing_line));
    }
    lines
}

/// What to do next (the first standard not yet passed, or once the exam is passed how to keep
/// the skill), then its command or key on a line of its own.
pub fn next_lines(course: &Course, view: CourseView) -> Vec<String> {
    let count = &course.count;
    // Once the exam is passed, its command or key keeps the skill.
    let kept = course.next().unwrap_or(Standard::Exam);
    let how = match view {
        CourseView::CommandLine => kept.command_in(count),
        CourseView::Table => kept.key(&count.name),
    };
    let what = match course.next() {
        Some(next) => format!(
            "Next (stage {}, in {}): {}",
            next.stage().number(),
            count.name,
            next.describe()
        ),
        None => format!(
            "Next: every stage is passed in {}, the exam too — keep the skill with a counting \
             shoe at a casino's pace now and then, every count check right.",
            count.name
        ),
    };
    vec![what, format!("  → {how}")]
}

/// The course as one JSON object: each stage, open or passed, with its standards.
pub fn course_json(course: &Course) -> serde_json::Value {
    let stages: Vec<serde_json::Value> = Stage::ALL
        .into_iter()
        .map(|stage| {
            let standards: Vec<serde_json::Value> = course
                .of(stage)
                .map(|s| {
                    serde_json::json!({
                        "standard": s.standard.name(),
                        "describe": s.standard.describe(),
                        "best": s.verdict.best,
                        "passed": s.passed_on,
                        "command": s.standard.command_in(&course.count),
                    })
                })
                .collect();
            serde_json::json!({
                "stage": stage.number(),
                "title": stage.title(),
                "open": course.open(stage),
                "passed": course.passed(stage),
                "standards": standards,
            })
        })
        .collect();
    // What to do next is always there: once the exam is passed, how to keep the skill.
    let lines = next_lines(course, CourseView::CommandLine);
    let next = course.next();
    let next = serde_json::json!({
        "stage": next.map(|n| n.stage().number()),
        "standard": next.map(Standard::name),
        "describe": lines.first(),
        "command": next.unwrap_or(Standard::Exam).command_in(&course.count),
    });
    serde_json::json!({
        "count": course.count.key,
        "count_name": course.count.name,
        "stages": stages,
        "next": next,
    })
}
