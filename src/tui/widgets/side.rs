//! The panels about the hand in play, drawn beside the table on a wide terminal (and the EV
//! panel beside the message log on a narrower one): the live EVs and the Hi-Lo count. They
//! stay open while the person plays and follow every card.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

use crate::analysis::deviation::floored_true_count;
use crate::tui::app::{App, LivePanel};

fn panel<'a>(app: &App, title: &'a str) -> Block<'a> {
    let block = Block::new()
        .borders(Borders::ALL)
        .border_style(app.theme.frame)
        .title(Span::styled(title, app.theme.title));
    if app.ascii {
        block.border_set(super::ascii_border(false))
    } else {
        block
    }
}

/// `e`: the exact EV of every legal action for the active hand, for the shoe as it is now,
/// best first, with the basic-strategy play marked. Computed off the UI thread when the hand
/// changes; until the numbers arrive the panel says so.
pub fn render_ev_panel(app: &App, area: Rect, buf: &mut Buffer) {
    let t = app.theme;
    let mut lines = Vec::new();
    match app.live_panel() {
        LivePanel::NoHand => {
            lines.push(Line::from(Span::styled(
                " No hand of yours to act on.",
                t.dim,
            )));
        }
        LivePanel::Computing => lines.push(Line::from(Span::styled(" … computing", t.text))),
        LivePanel::Ready(live) => {
            for (i, (action, ev)) in live.ranked.iter().enumerate() {
                let best = if i == 0 {
                    super::marker(app.ascii)
                } else {
                    ' '
                };
                let mut spans = vec![
                    Span::styled(format!(" {best} {:<7}", action.name()), t.title),
                    Span::styled(format!("{ev:+.4}"), t.text),
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
    lines.push(Line::from(Span::styled(
        " EV per unit bet · e closes",
        t.dim,
    )));
    draw(app, " Live EVs, this shoe ", lines, area, buf);
}

/// `c`: the Hi-Lo running count, the true count as a decimal and floored (the convention the
/// index plays use), and what it is worked out from.
pub fn render_count_panel(app: &App, area: Rect, buf: &mut Buffer) {
    let t = app.theme;
    let (running, true_count) = app.count();
    let view = app.table.view(app.your_seat());
    let left = view.cards_left();
    let seen: u32 = (1..=10u8).map(|v| u32::from(view.seen().get(v))).sum();
    let floored = floored_true_count(running, left);
    let row = |label: &str, value: String| {
        Line::from(vec![
            Span::styled(format!(" {label:<14}"), t.dim),
            Span::styled(value, t.title),
        ])
    };
    let lines = vec![
        row("Running count", format!("{running:+}")),
        row("True count", format!("{true_count:+.1}")),
        row("  floored", format!("{floored:+}")),
        row("Decks left", format!("{:.1}", left as f64 / 52.0)),
        row("Cards seen", seen.to_string()),
        Line::from(Span::styled(" c hides", t.dim)),
    ];
    draw(app, " Hi-Lo count ", lines, area, buf);
}

fn draw(app: &App, title: &str, lines: Vec<Line<'_>>, area: Rect, buf: &mut Buffer) {
    Clear.render(area, buf);
    Paragraph::new(lines)
        .block(panel(app, title))
        .style(app.theme.text)
        .render(area, buf);
}
