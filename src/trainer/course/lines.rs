//! The course as text — one function builds the lines that `blackjack course` prints and the
//! table's course page shows — and as JSON.

use super::{Course, Stage, Standing};

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
        let last = course
            .of(stage)
            .filter_map(|s| s.passed_on.clone())
            .max()
            .unwrap_or_default();
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
        Some(day) => format!(
            "  ✓ {} — passed {day} ({})",
            s.standard.describe(),
            s.verdict.best
        ),
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

/// The introduction, then every stage with its standards: the course without what to do next
/// (the table's page keeps that in view on every page).
pub fn stage_lines(course: &Course) -> Vec<String> {
    let mut lines = vec![
        "The counting course: from the rules to the exam. A stage opens when the one before it \
         is passed; you may practise ahead, and a standard met early counts."
            .to_owned(),
    ];
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

/// What to do next: the first standard not yet passed, then the command or key on a line of
/// its own.
pub fn next_lines(course: &Course, view: CourseView) -> Vec<String> {
    match course.next() {
        Some(next) => {
            let how = match view {
                CourseView::CommandLine => next.command(),
                CourseView::Table => next.key(),
            };
            vec![
                format!(
                    "Next (stage {}): {}",
                    next.stage().number(),
                    next.describe()
                ),
                format!("  → {how}"),
            ]
        }
        None => vec![
            "Every stage is passed, the exam too: you count this game as the course asks."
                .to_owned(),
        ],
    }
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
                        "command": s.standard.command(),
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
    let next = course.next().map(|n| {
        serde_json::json!({
            "stage": n.stage().number(),
            "standard": n.name(),
            "command": n.command(),
        })
    });
    serde_json::json!({ "stages": stages, "next": next })
}
