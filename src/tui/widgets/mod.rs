//! The pieces the screens are drawn from. Each draws view data — a small struct with exactly
//! what it shows, built by the screen before drawing — with a [`Ctx`] (the theme and the
//! ASCII switch); none reads the app, none computes a figure.

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
use ratatui::layout::{Alignment, Rect};
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Padding, Widget};

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

/// Draws a box titled `title` on `area`, as the drill and review screens frame their parts
/// (rounded, or ASCII); returns its inside.
pub(crate) fn framed(ctx: Ctx, title: &str, area: Rect, buf: &mut Buffer) -> Rect {
    let block = Block::bordered()
        .title(Line::from(Span::styled(title, ctx.theme.title)).alignment(Alignment::Center))
        .border_style(ctx.theme.frame)
        .padding(Padding::horizontal(1));
    let block = if ctx.ascii {
        block.border_set(ascii_border(false))
    } else {
        block.border_type(BorderType::Rounded)
    };
    let inner = block.inner(area);
    block.render(area, buf);
    inner
}

/// ASCII frames: `+-|` normally, `#=` for the one to act.
pub fn ascii_border(active: bool) -> border::Set<'static> {
    if active {
        border::Set {
            top_left: "#",
            top_right: "#",
            bottom_left: "#",
            bottom_right: "#",
            vertical_left: "#",
            vertical_right: "#",
            horizontal_top: "=",
            horizontal_bottom: "=",
        }
    } else {
        border::Set {
            top_left: "+",
            top_right: "+",
            bottom_left: "+",
            bottom_right: "+",
            vertical_left: "|",
            vertical_right: "|",
            horizontal_top: "-",
            horizontal_bottom: "-",
        }
    }
}
