//! The planner page: the inputs as rows, the marked one to change with the arrows, and the
//! plan's figures beside them.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::{Ctx, framed_page, marker, render_key_bar};
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
    let title = format!(" Bets & bankroll: the {} counter's planner ", view.count);
    let [body, bar] = framed_page(ctx, &title, area, buf);
    let [inputs, figures] =
        Layout::horizontal([Constraint::Length(INPUTS_WIDTH), Constraint::Fill(1)])
            .spacing(1)
            .areas(body);
    Paragraph::new(input_lines(view, ctx)).render(inputs, buf);
    Paragraph::new(figure_lines(view, ctx)).wrap(Wrap { trim: false }).render(figures, buf);
    let keys = [
        ("↑↓", "row"),
        ("←→", "change"),
        ("u", "use this ramp"),
        ("s", "use & save"),
        ("Esc", "back"),
    ];
    render_key_bar(ctx, view.note, &keys, bar, buf);
}

/// The inputs, one a line, the marked one pointed at (not by colour alone).
fn input_lines(view: &PlanView<'_>, ctx: Ctx) -> Vec<Line<'static>> {
    let theme = ctx.theme;
    view.rows
        .iter()
        .enumerate()
        .map(|(i, (label, value))| {
            let marked = i == view.selected;
            let (pointer, style) =
                if marked { (marker(ctx.ascii), theme.active_hand) } else { (' ', theme.text) };
            let arrows = if marked { if ctx.ascii { "< >" } else { "◂ ▸" } } else { "" };
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
        Shown::Working(what) => {
            vec![Line::from(Span::styled((*what).replace('…', ctx.ellipsis()), theme.dim))]
        }
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
