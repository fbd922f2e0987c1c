//! The course page at the table: the very lines `blackjack course` prints (built by one
//! function, [`crate::trainer::course::course_lines`]), a page at a time, and the rules check
//! asked on it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::Ctx;
use super::flow::wrap_words;
use super::overlay::framed_box;

/// The widest the page is drawn.
const MAX_WIDTH: u16 = 100;

/// The rules check as the page asks it.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckView {
    /// The question's number, from 1.
    pub number: usize,
    /// How many questions.
    pub of: usize,
    /// The question.
    pub question: String,
    /// What is typed so far.
    pub typed: String,
    /// The last answer's grade (or why it was no answer).
    pub last: Option<String>,
    /// Answers right so far.
    pub right: usize,
}

/// What the course page draws.
#[derive(Debug, Clone, PartialEq)]
pub struct CourseView {
    /// The course's lines.
    pub lines: Vec<String>,
    /// Tab presses: which page of them.
    pub page: usize,
    /// The rules check, while it is asked.
    pub check: Option<CheckView>,
}

/// `line` in rows of at most `width` columns, broken between words, a row after the first
/// indented two more than the line's own indent (a standard's text hangs under its mark): how
/// the course's lines are wrapped on the page and on the command line alike.
pub fn wrap_hanging(line: &str, width: usize) -> Vec<String> {
    let text = line.trim_start();
    let indent = line.len() - text.len();
    let hang = if indent > 0 { indent + 2 } else { 0 };
    let rows = wrap_words(text, width.saturating_sub(hang).max(10));
    rows.into_iter()
        .enumerate()
        .map(|(i, row)| {
            let pad = if i == 0 { indent } else { hang };
            format!("{}{row}", " ".repeat(pad))
        })
        .collect()
}

/// The lines of the rules check.
fn check_lines(check: &CheckView, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(last) = &check.last {
        lines.extend(wrap_words(last, width));
        lines.push(String::new());
    }
    if check.number > check.of {
        lines.push(format!(
            "{} of {} right. Esc (or l) shows the course.",
            check.right, check.of
        ));
        return lines;
    }
    lines.extend(wrap_words(
        &format!("{}/{}. {}", check.number, check.of, check.question),
        width,
    ));
    lines.push(format!("> {}_", check.typed));
    lines.push(String::new());
    lines.extend(wrap_words(
        "Type y or n, or a number (a result per unit bet: 1.5, -2, 0); Enter answers; Esc stops.",
        width,
    ));
    lines
}

/// Draws the course page (or the rules check on it) over `area`.
pub fn render_course(view: &CourseView, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    let width = area.width.min(MAX_WIDTH);
    let text_width = usize::from(width.saturating_sub(4)).max(10);
    let (title, rows, footer) = match &view.check {
        Some(check) => (" The rules check ", check_lines(check, text_width), None),
        None => {
            let rows: Vec<String> = view
                .lines
                .iter()
                .flat_map(|l| wrap_hanging(l, text_width))
                .collect();
            (" The course ", rows, Some(()))
        }
    };
    // The rows that fit inside the frame, one kept for the footer.
    let room = usize::from(area.height.saturating_sub(4)).max(1);
    let pages = rows.len().div_ceil(room).max(1);
    let page = if footer.is_some() {
        view.page % pages
    } else {
        0
    };
    let shown: Vec<&String> = rows.iter().skip(page * room).take(room).collect();
    let height = u16::try_from(shown.len() + 4).unwrap_or(u16::MAX);
    let inside = framed_box(ctx, title, width, height, area, buf);
    let mut lines: Vec<Line> = shown
        .iter()
        .map(|l| Line::from(Span::styled(format!(" {l}"), ctx.theme.text)))
        .collect();
    lines.push(Line::default());
    if footer.is_some() {
        let more = if pages > 1 {
            format!(" [Tab] page {}/{} ·", page + 1, pages)
        } else {
            String::new()
        };
        lines.push(Line::from(Span::styled(
            format!("{more} [k] the rules check · [l] or Esc close"),
            ctx.theme.dim,
        )));
    }
    Paragraph::new(lines).render(inside, buf);
}
