//! The panels about the hand in play, beside the table (the EV panel beside the log on a
//! narrower terminal): the live EVs and the count, following every card.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

use super::Ctx;
use crate::analysis::hilo::TrueCount;
use crate::text::{signed, signed_decimals};
use crate::trainer::evs::LiveEvs;

/// What the live EV panel shows.
#[derive(Debug, Clone, PartialEq)]
pub enum LivePanel {
    /// No hand of the person's to act on (or the panel is closed).
    NoHand,
    /// The EVs for the hand as it is now are on their way.
    Computing,
    /// The EVs for the hand as it is now.
    Ready(LiveEvs),
}

/// The count of the cards seen since the shuffle, as the count panel shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct CountView {
    /// The running count (from the initial running count for an unbalanced count).
    pub running: i32,
    /// The true count (one convention: running count ÷ exact decks left).
    pub true_count: TrueCount,
    /// Cards left in the shoe.
    pub cards_left: usize,
    /// Cards seen since the shuffle.
    pub seen: u32,
    /// The count's name: `Hi-Lo`, `Zen`.
    pub name: String,
    /// An unbalanced count's initial running count: it is read as it runs, with no true
    /// count (`None` for a balanced count).
    pub start: Option<i32>,
}

impl CountView {
    /// The count in one line, for the status lines: `Hi-Lo running +3 · true +1.2 (floored +1)`,
    /// `KO running −17 (from −20)`.
    pub fn line(&self) -> String {
        if let Some(start) = self.start {
            return format!(
                "{} running {} (from {})",
                self.name,
                signed(self.running),
                signed(start)
            );
        }
        format!(
            "{} running {} · true {} (floored {})",
            self.name,
            signed(self.running),
            signed_decimals(self.true_count.exact, 1),
            signed(self.true_count.floored)
        )
    }
}

fn panel<'a>(ctx: Ctx, title: &'a str) -> Block<'a> {
    let block = Block::new()
        .borders(Borders::ALL)
        .border_style(ctx.theme.frame)
        .title(Span::styled(title, ctx.theme.title));
    if ctx.ascii { block.border_set(super::ascii_border(false)) } else { block }
}

/// `e`: the exact EV of every legal action for the active hand and the shoe as it is, best
/// first, the chart's play marked (worked out off the UI thread; till then it says so).
pub fn render_ev_panel(live: &LivePanel, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    let t = ctx.theme;
    let mut lines = Vec::new();
    match live {
        LivePanel::NoHand => {
            lines.push(Line::from(Span::styled(" No hand of yours to act on.", t.dim)));
        }
        LivePanel::Computing => lines.push(Line::from(Span::styled(" … computing", t.text))),
        LivePanel::Ready(live) => {
            for (i, (action, ev)) in live.ranked.iter().enumerate() {
                let best = if i == 0 { ctx.marker() } else { ' ' };
                let mut spans = vec![
                    Span::styled(format!(" {best} {:<7}", action.name()), t.title),
                    Span::styled(signed_decimals(*ev, 4), t.text),
                ];
                if *action == live.basic {
                    spans.push(Span::styled("  ← chart", t.dim));
                }
                lines.push(Line::from(spans));
            }
            let note = match live.shoe_differs() {
                Some(best) => Line::from(Span::styled(
                    format!(" The shoe says {best}; the chart {}.", live.basic),
                    t.hint,
                )),
                None => Line::from(Span::styled(" The shoe agrees with the chart.", t.dim)),
            };
            lines.push(note);
        }
    }
    // Short of rows (a short terminal, the log beside it), the key that closes the panel
    // moves into its title rather than fall off the bottom.
    let title = if lines.len() + 3 > usize::from(area.height) {
        " Live EVs · e closes "
    } else {
        lines.push(Line::from(Span::styled(" EV per unit bet · e closes", t.dim)));
        " Live EVs, this shoe "
    };
    draw(ctx, title, lines, area, buf);
}

/// `c`: the running count, the true count exact and floored (an unbalanced count: where it
/// started), and what it is worked out from.
pub fn render_count_panel(count: &CountView, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    let t = ctx.theme;
    let row = |label: &str, value: String| {
        Line::from(vec![Span::styled(format!(" {label:<14}"), t.dim), Span::styled(value, t.title)])
    };
    let mut lines = vec![row("Running count", signed(count.running))];
    match count.start {
        None => {
            lines.push(row("True count", signed_decimals(count.true_count.exact, 1)));
            lines.push(row("  floored", signed(count.true_count.floored)));
        }
        Some(start) => lines.push(row("  started at", signed(start))),
    }
    lines.extend([
        row("Decks left", format!("{:.1}", count.cards_left as f64 / 52.0)),
        row("Cards seen", count.seen.to_string()),
        Line::from(Span::styled(" c hides", t.dim)),
    ]);
    draw(ctx, &format!(" {} count ", count.name), lines, area, buf);
}

fn draw(ctx: Ctx, title: &str, lines: Vec<Line<'_>>, area: Rect, buf: &mut Buffer) {
    Clear.render(area, buf);
    Paragraph::new(lines).block(panel(ctx, title)).style(ctx.theme.text).render(area, buf);
}
