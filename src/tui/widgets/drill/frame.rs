//! The frame every drill screen is drawn in: the header, the rows, the key bar at the
//! bottom, a typed answer's line, and cards as chips.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use crate::engine::Card;
use crate::tui::widgets::cards::{Face, chip};
use crate::tui::widgets::{Ctx, marker};

/// Height of the bar at the bottom of a drill screen (a rule and four lines).
pub(super) const BAR_HEIGHT: u16 = 5;

/// A drill screen's rows, top to bottom: the header, the main box `main` rows high, what is
/// left, and the key bar.
pub(crate) fn drill_rows(area: Rect, main: u16) -> [Rect; 4] {
    Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(main),
        Constraint::Fill(1),
        Constraint::Length(BAR_HEIGHT),
    ])
    .areas(area)
}

/// The title line of a drill screen.
pub(crate) fn render_header(ctx: Ctx, title: &str, area: Rect, buf: &mut Buffer) {
    // The longest forms that fit side by side.
    let width = usize::from(area.width);
    let lefts = [format!(" Blackjack trainer · {title}"), format!(" {title}")];
    let rights = [" ? help · Esc back to the table ", " Esc back "];
    let (left, right) = lefts
        .iter()
        .flat_map(|l| rights.iter().map(move |r| (l, *r)))
        .find(|(l, r)| l.chars().count() + r.chars().count() <= width)
        .unwrap_or((&lefts[1], rights[1]));
    let right_width = u16::try_from(right.chars().count()).unwrap_or(0);
    let [left_area, right_area] =
        Layout::horizontal([Constraint::Fill(1), Constraint::Length(right_width)]).areas(area);
    Paragraph::new(Line::from(Span::styled(left.clone(), ctx.theme.header))).render(left_area, buf);
    Paragraph::new(Line::from(Span::styled(right, ctx.theme.dim)))
        .alignment(Alignment::Right)
        .render(right_area, buf);
}

/// The bar at the bottom: what to press, a notice, the score, the other keys.
pub(crate) fn render_bar(ctx: Ctx, lines: [Line<'static>; 4], area: Rect, buf: &mut Buffer) {
    let block = Block::new()
        .borders(Borders::TOP)
        .border_style(ctx.theme.frame);
    let inner = block.inner(area);
    block.render(area, buf);
    Paragraph::new(lines.to_vec()).render(inner, buf);
}

/// The bar's first line while an answer is typed: `▶ Running count? +3_`.
pub(crate) fn typed_line(ctx: Ctx, prompt: &str, input: &str) -> Line<'static> {
    Line::from(vec![
        Span::styled(
            format!("{} {prompt}", marker(ctx.ascii)),
            ctx.theme.active_hand,
        ),
        Span::raw(" "),
        Span::styled(format!("{input}_"), ctx.theme.title),
    ])
}

/// Cards as chips on one line, a space apart.
pub(crate) fn chips(ctx: Ctx, cards: &[Card]) -> Line<'static> {
    cards
        .iter()
        .flat_map(|&card| [Span::raw(" "), chip(Face::Up(card), ctx.ascii, ctx.theme)])
        .skip(1)
        .collect()
}
