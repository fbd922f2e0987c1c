//! The planner page: the inputs as rows, the marked one to change with the arrows, and the
//! plan's figures beside them (below them on a narrow screen). Drawn from a [`PlanView`] — just
//! what it shows — so a test can build one without a table.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use super::status::note_line;
use super::{Ctx, framed, marker};
use crate::tui::message::Message;
use crate::tui::plan_page::Shown;

/// What the planner page shows.
pub struct PlanView<'a> {
    /// Each input's label and value, top first.
    pub rows: Vec<(&'static str, String)>,
    /// The marked row.
    pub selected: usize,
    /// The name of the count planned in.
    pub count: String,
    /// The plan, or why there is none yet.
    pub shown: &'a Shown,
    /// A notice.
    pub note: Option<&'a Message>,
}

/// The width of the inputs' column.
const INPUTS_WIDTH: u16 = 30;

/// Draws the planner page over the whole area.
pub fn render_plan(view: &PlanView<'_>, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    ratatui::widgets::Clear.render(area, buf);
    let theme = ctx.theme;
    let title = format!(" Bets & bankroll: the {} counter's planner ", view.count);
    let inner = framed(ctx, &title, area, buf);
    let [body, bar] = Layout::vertical([Constraint::Fill(1), Constraint::Length(3)]).areas(inner);
    let [inputs, figures] =
        Layout::horizontal([Constraint::Length(INPUTS_WIDTH), Constraint::Fill(1)])
            .spacing(1)
            .areas(body);
    Paragraph::new(input_lines(view, ctx)).render(inputs, buf);
    Paragraph::new(figure_lines(view, ctx))
        .wrap(Wrap { trim: false })
        .render(figures, buf);
    let keys = Line::from(vec![
        Span::styled("↑↓", theme.key),
        Span::styled(" row  ", theme.dim),
        Span::styled("←→", theme.key),
        Span::styled(" change  ", theme.dim),
        Span::styled("u", theme.key),
        Span::styled(" use this ramp  ", theme.dim),
        Span::styled("s", theme.key),
        Span::styled(" use & save  ", theme.dim),
        Span::styled("Esc", theme.key),
        Span::styled(" back", theme.dim),
    ]);
    Paragraph::new(vec![note_line(ctx, view.note), keys])
        .block(Block::new().borders(Borders::TOP).border_style(theme.frame))
        .wrap(Wrap { trim: false })
        .render(bar, buf);
}

/// The inputs, one a line, the marked one pointed at (not by colour alone).
fn input_lines(view: &PlanView<'_>, ctx: Ctx) -> Vec<Line<'static>> {
    let theme = ctx.theme;
    view.rows
        .iter()
        .enumerate()
        .map(|(i, (label, value))| {
            let marked = i == view.selected;
            let (pointer, style) = if marked {
                (marker(ctx.ascii), theme.active_hand)
            } else {
                (' ', theme.text)
            };
            let arrows = if marked {
                if ctx.ascii { "< >" } else { "◂ ▸" }
            } else {
                ""
            };
            Line::from(vec![
                Span::styled(format!("{pointer} {label:<12}"), style),
                Span::styled(format!("{value} "), style),
                Span::styled(arrows, theme.key),
            ])
        })
        .collect()
}

/// The plan's figures, or why there are none yet.
fn figure_lines(view: &PlanView<'_>, ctx: Ctx) -> Vec<Line<'static>> {
    let theme = ctx.theme;
    match view.shown {
        Shown::Working(what) => vec![Line::from(Span::styled(
            (*what).replace('…', ctx.ellipsis()),
            theme.dim,
        ))],
        Shown::Refused(why) => vec![Line::from(Span::styled(why.clone(), theme.msg_error))],
        Shown::Planned { lines, sources, .. } => {
            let mut out: Vec<Line<'static>> = lines
                .iter()
                .map(|(label, value)| {
                    Line::from(vec![
                        Span::styled(format!("{label:<13}"), theme.dim),
                        Span::styled(value.clone(), theme.header),
                    ])
                })
                .collect();
            out.push(Line::default());
            out.push(Line::from(Span::styled(sources.clone(), theme.dim)));
            out
        }
    }
}
