//! The course page at the table (`l`): the course as `blackjack course` shows it, worked out
//! from the store when the page opens (new passes recorded and said), and the rules check
//! asked on it (`k`), each answer kept as the skill `rules`.

use std::time::Instant;

use super::App;
use super::intent::{Overlay, TableIntent};
use super::message::Tone;
use super::widgets::course::{CheckView, CourseView as PageView};
use crate::engine::Rules;
use crate::trainer::course::rules_check::{self, Question, questions};
use crate::trainer::course::{
    Context, CourseView, next_lines, passes_note, stage_lines, top_cells,
};

/// The most characters an answer to the rules check takes.
const MAX_TYPED: usize = 8;

/// The course page's state: its lines as last worked out, and the rules check if asked.
#[derive(Debug, Default)]
pub struct CoursePage {
    /// The course's lines: its stages.
    lines: Vec<String>,
    /// What to do next, kept in view on every page.
    next: Vec<String>,
    /// The rules check, while it is asked (and its last page, once answered).
    check: Option<RulesCheck>,
}

/// The rules check being asked.
#[derive(Debug)]
struct RulesCheck {
    questions: Vec<Question>,
    /// The question asked (its index); `questions.len()` once all are answered.
    index: usize,
    typed: String,
    right: usize,
    last: Option<String>,
    asked_at: Instant,
}

impl RulesCheck {
    fn new(rules: &Rules, now: Instant) -> RulesCheck {
        RulesCheck {
            questions: questions(rules),
            index: 0,
            typed: String::new(),
            right: 0,
            last: None,
            asked_at: now,
        }
    }

    fn done(&self) -> bool {
        self.index >= self.questions.len()
    }

    /// Enter: the typed answer graded, the next question asked; the answer to keep, if it was
    /// one (what is no answer is said and asked again).
    fn submit(&mut self, now: Instant) -> Option<crate::trainer::history::CountAnswer> {
        let question = self.questions.get(self.index)?;
        let ok = match rules_check::grade(question, &self.typed) {
            Ok(ok) => ok,
            Err(why) => {
                self.last = Some(format!("{why}."));
                self.typed.clear();
                return None;
            }
        };
        let seconds = now.saturating_duration_since(self.asked_at).as_secs_f64();
        let answer = rules_check::record(question, self.index + 1, &self.typed, ok, seconds);
        self.last = Some(if ok {
            format!("✓ Right: {}.", question.why)
        } else {
            format!("✗ {}: {}.", question.answer.text(), question.why)
        });
        self.right += usize::from(ok);
        self.index += 1;
        self.typed.clear();
        self.asked_at = now;
        Some(answer)
    }

    fn view(&self) -> CheckView {
        CheckView {
            number: self.index + 1,
            of: self.questions.len(),
            question: self.questions.get(self.index).map_or_else(String::new, |q| q.text.clone()),
            typed: self.typed.clone(),
            last: self.last.clone(),
            right: self.right,
        }
    }
}

impl CoursePage {
    /// Whether the rules check is being answered (its keys are the page's).
    pub fn checking(&self) -> bool {
        self.check.as_ref().is_some_and(|c| !c.done())
    }

    /// What the page draws, on its `page`-th page.
    pub fn view(&self, page: usize) -> PageView {
        PageView {
            lines: self.lines.clone(),
            next: self.next.clone(),
            page,
            check: self.check.as_ref().map(RulesCheck::view),
        }
    }
}

impl App {
    /// `l`: the course page opened (the course worked out from the store, new passes recorded
    /// and said) or closed.
    pub(crate) fn toggle_course(&mut self) {
        if self.table_screen.overlay == Some(Overlay::Course) {
            self.table_screen.overlay = None;
            self.table_screen.course.check = None;
            return;
        }
        self.refresh_course();
        self.table_screen.stats_page = 0;
        self.table_screen.overlay = Some(Overlay::Course);
    }

    /// The course's lines worked out again from the store.
    fn refresh_course(&mut self) {
        let context = Context {
            top_plays: self.jobs.index_table().map(top_cells),
            count: self.session.count_system().clone(),
        };
        match self.session.coach_mut().course(&context) {
            Ok((course, newly)) => {
                self.table_screen.course.lines = stage_lines(&course);
                self.table_screen.course.next = next_lines(&course, CourseView::Table);
                if let Some(note) = passes_note(&newly) {
                    self.say(Tone::Info, note);
                }
            }
            Err(err) => {
                self.table_screen.course.lines =
                    vec![format!("The course could not be read: {err}")];
                self.table_screen.course.next.clear();
            }
        }
    }

    /// The course page's own keys: `k` starts the rules check; while it is asked, typing,
    /// Backspace and Enter answer it. `false` for every other intent.
    pub(crate) fn course_update(&mut self, intent: TableIntent) -> bool {
        if self.table_screen.overlay != Some(Overlay::Course) {
            return false;
        }
        let now = (self.pace.clock)();
        let page = &mut self.table_screen.course;
        match intent {
            TableIntent::StartRulesCheck => {
                page.check = Some(RulesCheck::new(self.session.rules(), now));
            }
            TableIntent::CountKey(c) if page.checking() => {
                if let Some(check) = &mut page.check
                    && check.typed.chars().count() < MAX_TYPED
                {
                    check.typed.push(c);
                }
            }
            TableIntent::CountErase if page.checking() => {
                if let Some(check) = &mut page.check {
                    check.typed.pop();
                }
            }
            TableIntent::CountSubmit if page.checking() => {
                let answer = page.check.as_mut().and_then(|c| c.submit(now));
                let finished = page.check.as_ref().is_some_and(RulesCheck::done);
                if let Some(answer) = answer {
                    self.session.coach_mut().record_count(answer);
                }
                if finished {
                    self.refresh_course();
                }
            }
            TableIntent::ClosePanel | TableIntent::ToggleCourse if page.check.is_some() => {
                // Back from the check to the course.
                page.check = None;
                self.refresh_course();
            }
            _ => return false,
        }
        true
    }
}
