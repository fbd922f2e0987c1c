//! The course page at the table: the lines `blackjack course` prints, a page at a time with what
//! to do next under every page, and the rules check asked on it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::Ctx;
use super::overlay::framed_box;
use crate::text::{wrap_hanging, wrap_words};

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
    /// The course's lines: its stages.
    pub lines: Vec<String>,
    /// What to do next: under the lines on every page.
    pub next: Vec<String>,
    /// Tab presses: which page of them.
    pub page: usize,
    /// The rules check, while it is asked.
    pub check: Option<CheckView>,
}

/// The lines of the rules check.
fn check_lines(check: &CheckView, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(last) = &check.last {
        lines.extend(wrap_words(last, width));
        lines.push(String::new());
    }
    if check.number > check.of {
        lines.push(format!("{} of {} right. Esc (or l) shows the course.", check.right, check.of));
        return lines;
    }
    lines.extend(wrap_words(&format!("{}/{}. {}", check.number, check.of, check.question), width));
    lines.push(format!("> {}_", check.typed));
    lines.push(String::new());
    lines.extend(wrap_words(
        "Type y or n, or a number (a result per unit bet: 1.5, -2, 0); Enter answers; Esc stops.",
        width,
    ));
    lines
}

/// `items` (each the rows of one line) in pages of at most `room` rows: an item starts a new
/// page rather than be parted from its rows, unless it is taller than a page. At least one.
fn pages_of(items: Vec<Vec<String>>, room: usize) -> Vec<Vec<String>> {
    let mut pages: Vec<Vec<String>> = vec![Vec::new()];
    for item in items {
        let used = pages.last().map_or(0, Vec::len);
        if used > 0 && used + item.len() > room {
            pages.push(Vec::new());
        }
        for row in item {
            if pages.last().is_some_and(|page| page.len() >= room) {
                pages.push(Vec::new());
            }
            if let Some(page) = pages.last_mut() {
                page.push(row);
            }
        }
    }
    pages
}

/// Draws the course page (or the rules check on it) over `area`.
pub fn render_course(view: &CourseView, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    let width = area.width.min(MAX_WIDTH);
    let text_width = usize::from(width.saturating_sub(4)).max(10);
    // Each line wrapped into its rows: one item, kept on one page.
    let wrap = |lines: &[String]| -> Vec<Vec<String>> {
        lines.iter().map(|l| wrap_hanging(l, text_width)).collect()
    };
    let (title, items, next, footer) = match &view.check {
        Some(check) => (
            " The rules check ",
            // Wrapped already, a row an item: the check is one page.
            check_lines(check, text_width).into_iter().map(|row| vec![row]).collect(),
            Vec::new(),
            None,
        ),
        None => (" The course ", wrap(&view.lines), wrap(&view.next).concat(), Some(())),
    };
    // What to do next stays under every page, a blank row above it.
    let pinned = if next.is_empty() { 0 } else { next.len() + 1 };
    // The rows that fit inside the frame, one kept for the footer.
    let room = usize::from(area.height.saturating_sub(4)).saturating_sub(pinned).max(1);
    let pages = pages_of(items, room);
    let page = if footer.is_some() { view.page % pages.len() } else { 0 };
    let shown = &pages[page];
    let height = u16::try_from(shown.len() + pinned + 4).unwrap_or(u16::MAX);
    let inside = framed_box(ctx, title, width, height, area, buf);
    let mut lines: Vec<Line> =
        shown.iter().map(|l| Line::from(Span::styled(format!(" {l}"), ctx.theme.text))).collect();
    if !next.is_empty() {
        lines.push(Line::default());
        lines.extend(
            next.iter().map(|l| Line::from(Span::styled(format!(" {l}"), ctx.theme.title))),
        );
    }
    lines.push(Line::default());
    if footer.is_some() {
        let more = if pages.len() > 1 {
            format!(" [Tab] page {}/{} ·", page + 1, pages.len())
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

#[cfg(test)]
mod tests {
    use super::*;

    fn drawn(view: &CourseView, width: u16, height: u16) -> String {
        let ctx = Ctx { theme: crate::tui::theme::theme(false), ascii: false };
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        render_course(view, ctx, area, &mut buf);
        (0..height)
            .map(|y| {
                (0..width).map(|x| buf[(x, y)].symbol()).collect::<String>().trim_end().to_owned()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Issue 36: "what to do next" always shown — at 80×24 the course takes three pages, and
    /// the next step was on the last alone, its command cut from it onto a page of its own.
    #[test]
    fn what_to_do_next_is_on_every_page() {
        let view = |page| CourseView {
            lines: (0..60).map(|i| format!("  · standard {i}")).collect(),
            next: vec![
                "Next (stage 1): every chart cell a two-card hand makes, drilled".to_owned(),
                "  → r, then `any hand`".to_owned(),
            ],
            page,
            check: None,
        };
        let mut seen = Vec::new();
        for page in 0..4 {
            let text = drawn(&view(page), 80, 24);
            assert!(text.contains("Next (stage 1): every chart cell"), "{text}");
            assert!(text.contains("→ r, then `any hand`"), "{text}");
            assert!(text.contains("[Tab] page"), "{text}");
            seen.extend(
                (0..60).filter(|i| text.contains(&format!("· standard {i} "))).collect::<Vec<_>>(),
            );
        }
        // Every line is on some page.
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 60, "{seen:?}");
    }

    /// At 80×24 a standard of two rows was parted across two pages ("(20 of 20 within half" /
    /// "a deck)"): a line's rows are kept on one page, and every line is on some page.
    #[test]
    fn a_lines_rows_stay_on_one_page() {
        let view = |page| CourseView {
            lines: ["The counting course".to_owned(), "Stage 1 · Basics".to_owned()]
                .into_iter()
                .chain((0..30).map(|i| {
                    format!(
                        "  · standard {i} begins here, and its words run on past the edge of an \
                         eighty-column page to end {i}."
                    )
                }))
                .collect(),
            next: vec!["Next (stage 1): the rules check".to_owned(), "  → k".to_owned()],
            page,
            check: None,
        };
        let mut seen = Vec::new();
        for page in 0..6 {
            let text = drawn(&view(page), 80, 24);
            for i in 0..30 {
                let begins = text.contains(&format!("standard {i} begins"));
                let ends = text.contains(&format!("to end {i}."));
                assert_eq!(begins, ends, "standard {i} parted on page {page}:\n{text}");
                if begins {
                    seen.push(i);
                }
            }
        }
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 30, "{seen:?}");
    }

    #[test]
    fn a_list_items_rows_hang_under_its_text() {
        assert_eq!(
            wrap_hanging("• Stand ends your turn at once", 16),
            ["• Stand ends", "  your turn at", "  once"]
        );
        assert_eq!(
            wrap_hanging("12. Hit while under 17", 12),
            ["12. Hit", "    while", "    under 17"]
        );
        // A standard under its stage: under the text after its mark, as before.
        assert_eq!(
            wrap_hanging("  · ramp from memory", 12),
            ["  · ramp", "    from", "    memory"]
        );
        // Plain text, unindented: no hang.
        assert_eq!(wrap_hanging("Stage 1 · Basic", 12), ["Stage 1 ·", "Basic"]);
    }
}
