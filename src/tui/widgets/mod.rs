//! The pieces the screens are drawn from: each draws view data (just what it shows) with a
//! [`Ctx`]; none reads the app, none computes a figure.

pub mod cards;
pub mod chart;
pub mod course;
pub mod dealer;
pub mod drill;
pub mod flow;
pub mod last_play;
pub mod overlay;
pub mod plan;
pub mod progress;
pub mod review;
pub mod seat;
pub mod side;
pub mod status;
pub mod trainer;

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Padding, Paragraph, Widget, Wrap};

use super::message::Message;
use super::theme::Theme;

/// What every widget draws with besides its data.
#[derive(Debug, Clone, Copy)]
pub struct Ctx {
    /// The styles.
    pub theme: &'static Theme,
    /// Draw cards, frames and marks in ASCII only.
    pub ascii: bool,
}

impl Ctx {
    /// The marker of the hand (or seat) to act.
    pub fn marker(&self) -> char {
        marker(self.ascii)
    }

    /// `…`, or `...` in ASCII.
    pub fn ellipsis(&self) -> &'static str {
        if self.ascii { "..." } else { "…" }
    }
}

/// The marker of the hand (or seat) to act.
pub fn marker(ascii: bool) -> char {
    if ascii { '>' } else { '▶' }
}

/// A box's frame, its title centred: `border` (ASCII where asked) in `style`.
pub(crate) fn titled(ctx: Ctx, title: &str, border: BorderType, style: Style) -> Block<'_> {
    let block = Block::bordered()
        .title(Line::from(Span::styled(title, ctx.theme.title)).alignment(Alignment::Center))
        .border_style(style);
    if ctx.ascii { block.border_set(ascii_border(false)) } else { block.border_type(border) }
}

/// Draws a box titled `title` on `area`, as the drill and review screens frame their parts
/// (rounded, or ASCII); returns its inside.
pub(crate) fn framed(ctx: Ctx, title: &str, area: Rect, buf: &mut Buffer) -> Rect {
    let block =
        titled(ctx, title, BorderType::Rounded, ctx.theme.frame).padding(Padding::horizontal(1));
    let inner = block.inner(area);
    block.render(area, buf);
    inner
}

/// A page over the whole area (the review, the planner): cleared, framed, titled; returns its
/// body and the three rows of its bar ([`render_key_bar`]).
pub(crate) fn framed_page(ctx: Ctx, title: &str, area: Rect, buf: &mut Buffer) -> [Rect; 2] {
    Clear.render(area, buf);
    let inner = framed(ctx, title, area, buf);
    Layout::vertical([Constraint::Fill(1), Constraint::Length(3)]).areas(inner)
}

/// A page's bar: a rule, the notice, then the keys as `←→ round  Esc back`.
pub(crate) fn render_key_bar(
    ctx: Ctx,
    note: Option<&Message>,
    keys: &[(&str, &str)],
    area: Rect,
    buf: &mut Buffer,
) {
    let last = keys.len().saturating_sub(1);
    let keys: Line = (keys.iter().enumerate())
        .flat_map(|(i, (k, what))| {
            let gap = if i < last { "  " } else { "" };
            [
                Span::styled(k.to_string(), ctx.theme.key),
                Span::styled(format!(" {what}{gap}"), ctx.theme.dim),
            ]
        })
        .collect();
    Paragraph::new(vec![status::note_line(ctx, note), keys])
        .block(Block::new().borders(Borders::TOP).border_style(ctx.theme.frame))
        .wrap(Wrap { trim: false })
        .render(area, buf);
}

/// ASCII frames: `+-|` normally, `#=` for the one to act.
pub fn ascii_border(active: bool) -> border::Set<'static> {
    let (corner, horizontal, vertical) = if active { ("#", "=", "#") } else { ("+", "-", "|") };
    border::Set {
        top_left: corner,
        top_right: corner,
        bottom_left: corner,
        bottom_right: corner,
        vertical_left: vertical,
        vertical_right: vertical,
        horizontal_top: horizontal,
        horizontal_bottom: horizontal,
    }
}
