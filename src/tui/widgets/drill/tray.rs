//! The discard tray ([`tray_picture`]) for the decks drill and for the table's check of the
//! decks left: one widget, so the two pictures cannot drift.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

use crate::trainer::drills::counting::tray_picture;
use crate::tui::widgets::Ctx;
use crate::tui::widgets::overlay::framed_box;

/// The most rows a tray is drawn in: taller adds nothing a learner reads by eye.
const MOST_ROWS: usize = 16;

/// The table's tray box: its width (the picture's 21 characters, a margin each side, the
/// frame), enough for its title too.
const TABLE_BOX_WIDTH: u16 = 32;

/// A discard tray to draw: the cards in it, of a shoe of `shoe` cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrayView {
    /// Cards discarded (dealt since the shuffle).
    pub dealt: usize,
    /// Cards in the full shoe.
    pub shoe: usize,
}

/// The tray `rows` rows high (at most [`MOST_ROWS`]): its label line, the rows and the floor.
pub fn tray_lines(ctx: Ctx, tray: TrayView, rows: usize) -> Vec<Line<'static>> {
    tray_picture(tray.dealt, tray.shoe, rows.min(MOST_ROWS), ctx.ascii)
        .into_iter()
        .map(|line| Line::from(Span::styled(line, ctx.theme.text)))
        .collect()
}

/// The tray at the table while a check asks the decks left: a box as tall as `area` (the rows
/// the dealer has cleared), titled with the shoe's size.
pub fn render_table_tray(ctx: Ctx, tray: TrayView, area: Rect, buf: &mut Buffer) {
    // The tray alone on the table: nothing else there to read while the check is open.
    Clear.render(area, buf);
    let title = format!(" Discard tray · {}-deck shoe ", tray.shoe / 52);
    let inside = framed_box(ctx, &title, TABLE_BOX_WIDTH, area.height, area, buf);
    // The label and the floor take a row each.
    let rows = usize::from(inside.height.saturating_sub(2)).max(1);
    let lines: Vec<Line<'static>> = tray_lines(ctx, tray, rows)
        .into_iter()
        .map(|line| {
            let mut spans = vec![Span::raw("  ")];
            spans.extend(line.spans);
            Line::from(spans)
        })
        .collect();
    Paragraph::new(lines).render(inside, buf);
}
