//! The frame every drill screen is drawn in: the header, the main box, the box under it and
//! the key bar at the bottom; a prompt's line, and cards as chips or boxes.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use crate::engine::Card;
use crate::tui::widgets::cards::{Face, Spread, boxed_row, chip, row_width};
use crate::tui::widgets::status::key;
use crate::tui::widgets::{Ctx, framed, marker};

/// Height of the bar at the bottom of a drill screen (a rule and four lines).
pub(super) const BAR_HEIGHT: u16 = 5;

/// A drill screen: the header's title, the main box (its height and title), the box under it
/// (its title and lines, wrapped) and the bar's lines (what to press, a notice, the score, the
/// other keys).
pub(super) struct DrillFrame<'a> {
    pub title: String,
    pub main: (u16, String),
    pub info: (&'a str, Vec<Line<'static>>),
    pub bar: [Line<'static>; 4],
}

impl DrillFrame<'_> {
    /// Draws the frame on `area`, the main box's inside by `main`.
    pub fn render(
        self,
        ctx: Ctx,
        area: Rect,
        buf: &mut Buffer,
        main: impl FnOnce(Rect, &mut Buffer),
    ) {
        let [header, main_area, info_area, bar] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(self.main.0),
            Constraint::Fill(1),
            Constraint::Length(BAR_HEIGHT),
        ])
        .areas(area);
        render_header(ctx, &self.title, header, buf);
        main(framed(ctx, &self.main.1, main_area, buf), buf);
        let inner = framed(ctx, self.info.0, info_area, buf);
        Paragraph::new(self.info.1).wrap(Wrap { trim: false }).render(inner, buf);
        let block = Block::new().borders(Borders::TOP).border_style(ctx.theme.frame);
        Paragraph::new(self.bar.to_vec()).block(block).render(bar, buf);
    }
}

/// The title line of a drill screen.
fn render_header(ctx: Ctx, title: &str, area: Rect, buf: &mut Buffer) {
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

/// The bar's first line: `▶ Count: [space] next card`, the words after the key in `style`.
pub(super) fn prompt_line(
    ctx: Ctx,
    prompt: &str,
    k: &str,
    what: &str,
    style: Style,
) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!("{} {prompt}", marker(ctx.ascii)), ctx.theme.active_hand),
        Span::raw(" "),
        key(k, ctx),
        Span::styled(format!(" {what}"), style),
    ])
}

/// The bar's first line while an answer is typed: `▶ Running count? +3_`.
pub(super) fn typed_line(ctx: Ctx, prompt: &str, input: &str) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!("{} {prompt}", marker(ctx.ascii)), ctx.theme.active_hand),
        Span::raw(" "),
        Span::styled(format!("{input}_"), ctx.theme.title),
    ])
}

/// Cards as chips on one line, a space apart.
pub(super) fn chips(ctx: Ctx, cards: &[Card]) -> Line<'static> {
    cards
        .iter()
        .flat_map(|&card| [Span::raw(" "), chip(Face::Up(card), ctx.ascii, ctx.theme)])
        .skip(1)
        .collect()
}

/// Cards as boxes where `room` and `width` allow, else as chips on one line (after a blank
/// line with `blank`).
pub(super) fn card_lines(
    ctx: Ctx,
    cards: &[Card],
    width: u16,
    room: bool,
    blank: bool,
) -> Vec<Line<'static>> {
    let faces: Vec<Face> = cards.iter().map(|&c| Face::Up(c)).collect();
    if room && row_width(faces.len(), Spread::Apart) <= usize::from(width) {
        boxed_row(&faces, Spread::Apart, ctx.ascii, ctx.theme).to_vec()
    } else if blank {
        vec![Line::default(), chips(ctx, cards)]
    } else {
        vec![chips(ctx, cards)]
    }
}
