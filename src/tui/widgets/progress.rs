//! The statistics screen's progress page: per day, decisions right, EV given away per 100
//! decisions, counting accuracy and speed, each a `Chart` with the last day's figure in its title.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Chart, Dataset, GraphType, Padding, Paragraph, Widget, Wrap};

use super::Ctx;
use crate::trainer::day::Day;
use crate::trainer::export::DayRow;

/// One day's figures as the page plots them.
#[derive(Debug, Clone, PartialEq)]
pub struct ProgressDay {
    /// The day, as a day number (the x axis: a day without activity leaves a gap).
    pub day: i32,
    /// The day as the axis labels it: `12-05`.
    pub label: String,
    /// Decisions right, in percent.
    pub accuracy: Option<f64>,
    /// EV given away per 100 decisions, in bets.
    pub ev_per_100: Option<f64>,
    /// Counting answers right, in percent.
    pub counting_accuracy: Option<f64>,
    /// Mean seconds per timed counting answer.
    pub counting_seconds: Option<f64>,
}

/// What the progress page draws: the days with activity, oldest first.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProgressView {
    /// The days.
    pub days: Vec<ProgressDay>,
}

impl ProgressView {
    /// The page's view of the store's per-day rows (a row whose day is not a date is left out).
    pub fn of(rows: &[DayRow]) -> ProgressView {
        let days = rows
            .iter()
            .filter_map(|row| {
                let day = Day::parse(&row.day)?;
                Some(ProgressDay {
                    day: day.0,
                    label: row.day.get(5..).unwrap_or(&row.day).to_owned(),
                    accuracy: row.accuracy.map(|a| 100.0 * a),
                    ev_per_100: row.ev_given_away_per_100,
                    counting_accuracy: row.counting_accuracy.map(|a| 100.0 * a),
                    counting_seconds: row.counting_seconds,
                })
            })
            .collect();
        ProgressView { days }
    }
}

/// One plot: its title, how its figure reads, and the figure of each day.
struct Plot {
    title: &'static str,
    unit: &'static str,
    /// The y axis's fixed top (percentages), else the data's.
    top: Option<f64>,
    figure: fn(&ProgressDay) -> Option<f64>,
    /// What the plot says when no day has its figure.
    empty: &'static str,
}

const PLOTS: [Plot; 4] = [
    Plot {
        title: "Decisions right",
        unit: "%",
        top: Some(100.0),
        figure: |d| d.accuracy,
        empty: "No graded decisions yet.",
    },
    Plot {
        // Of what: bets (the axis's unit) per 100 graded decisions.
        title: "EV lost /100 decisions",
        unit: " bets",
        top: None,
        figure: |d| d.ev_per_100,
        empty: "No graded decisions yet.",
    },
    Plot {
        title: "Counting right",
        unit: "%",
        top: Some(100.0),
        figure: |d| d.counting_accuracy,
        empty: "No counting answers yet (r: the drills).",
    },
    Plot {
        title: "Seconds an answer",
        unit: " s",
        top: None,
        figure: |d| d.counting_seconds,
        empty: "No timed counting answers yet (r: the drills).",
    },
];

/// A figure as the axes print it: whole percentages, else up to two decimals, and the unit.
fn number(x: f64, unit: &str) -> String {
    if unit == "%" {
        format!("{x:.0}%")
    } else {
        let text = format!("{x:.2}");
        let text = text.trim_end_matches('0').trim_end_matches('.');
        format!("{text}{unit}")
    }
}

/// A round top for an axis that shows values up to `high` (1, 1.5, 2, 3, 4, 5, 6 or 8 times a
/// power of ten, a little above `high`); 1 when there is nothing above 0.
fn axis_top(high: f64) -> f64 {
    if high.is_nan() || high <= 0.0 {
        return 1.0;
    }
    let want = high * 1.05;
    let scale = 10f64.powf(want.log10().floor());
    [1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0]
        .into_iter()
        .map(|step| step * scale)
        .find(|&top| top >= want)
        .unwrap_or(10.0 * scale)
}

/// A figure as a title prints it: as on the axis, without a unit the axis gives.
fn short_number(x: f64, unit: &str) -> String {
    if unit == "%" { format!("{x:.0}%") } else { format!("{x:.2}") }
}

/// Draws the page inside `area` (the statistics box's inside, above its footer).
pub fn render_progress(view: &ProgressView, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    let t = ctx.theme;
    let (Some(first), Some(last)) = (view.days.first(), view.days.last()) else {
        // A column of room on each side, on every wrapped line (not only the first).
        Paragraph::new(vec![
            Line::from(Span::styled("Progress by day", t.title)),
            Line::from(""),
            Line::from(Span::styled(
                "No days recorded yet. Play a few rounds or answer a drill: each day's share \
                 of right decisions, the EV given away per 100 decisions and the counting \
                 drills' accuracy and speed are plotted here.",
                t.text,
            )),
        ])
        .wrap(Wrap { trim: false })
        .block(Block::new().padding(Padding::horizontal(1)))
        .render(area, buf);
        return;
    };
    let [head, grid] = Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(area);
    let span = if first.day == last.day {
        format!("{} (one day)", first.label)
    } else {
        format!("{} to {} ({} days with activity)", first.label, last.label, view.days.len())
    };
    Line::from(vec![Span::styled(" Progress by day, ", t.title), Span::styled(span, t.dim)])
        .render(head, buf);
    let [top, bottom] = Layout::vertical([Constraint::Fill(1); 2]).areas(grid);
    let cells = [top, bottom].into_iter().flat_map(|row| {
        let [left, right] = Layout::horizontal([Constraint::Fill(1); 2]).spacing(1).areas::<2>(row);
        [left, right]
    });
    for (plot, cell) in PLOTS.iter().zip(cells) {
        render_plot(view, plot, ctx, cell, buf);
    }
}

/// One plot in `area`: its title (with the last day's figure) over the chart, or a line that
/// says there is nothing to plot yet.
fn render_plot(view: &ProgressView, plot: &Plot, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    let t = ctx.theme;
    let points: Vec<(f64, f64)> =
        view.days.iter().filter_map(|d| (plot.figure)(d).map(|y| (f64::from(d.day), y))).collect();
    let latest = view.days.iter().rev().find_map(|d| {
        (plot.figure)(d).map(|y| format!("{}: {}", d.label, short_number(y, plot.unit)))
    });
    let mut title = vec![Span::styled(format!(" {}", plot.title), t.title)];
    title.extend(latest.map(|latest| Span::styled(format!(" · {latest}"), t.text)));
    let block = Block::new().title(Line::from(title));
    if points.is_empty() {
        Paragraph::new(Span::styled(format!(" {}", plot.empty), t.dim))
            .wrap(Wrap { trim: false })
            .block(block)
            .render(area, buf);
        return;
    }
    let (Some(first), Some(last)) = (view.days.first(), view.days.last()) else {
        return;
    };
    // One day is plotted in the middle of a three-day axis.
    let (x0, x1) = if first.day == last.day {
        (f64::from(first.day) - 1.0, f64::from(first.day) + 1.0)
    } else {
        (f64::from(first.day), f64::from(last.day))
    };
    let x_labels: Vec<Span> = if first.day == last.day {
        vec![Span::raw(""), Span::styled(first.label.clone(), t.dim), Span::raw("")]
    } else {
        vec![Span::styled(first.label.clone(), t.dim), Span::styled(last.label.clone(), t.dim)]
    };
    let high = points.iter().map(|&(_, y)| y).fold(0.0, f64::max);
    let top = plot.top.unwrap_or_else(|| axis_top(high));
    let y_labels = vec![
        Span::styled(number(0.0, plot.unit), t.dim),
        Span::styled(number(top, plot.unit), t.dim),
    ];
    let (line_marker, point_marker) = if ctx.ascii {
        (Marker::Custom('.'), Marker::Custom('o'))
    } else {
        (Marker::Braille, Marker::Dot)
    };
    let datasets = vec![
        Dataset::default()
            .graph_type(GraphType::Line)
            .marker(line_marker)
            .style(t.hint)
            .data(&points),
        Dataset::default()
            .graph_type(GraphType::Scatter)
            .marker(point_marker)
            .style(t.text)
            .data(&points),
    ];
    Chart::new(datasets)
        .block(block)
        .style(t.overlay)
        .x_axis(Axis::default().style(t.dim).bounds([x0, x1]).labels(x_labels))
        .y_axis(Axis::default().style(t.dim).bounds([0.0, top]).labels(y_labels))
        .render(area, buf);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx() -> Ctx {
        Ctx { theme: crate::tui::theme::theme(true), ascii: false }
    }

    fn text(view: &ProgressView, width: u16, height: u16) -> String {
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        render_progress(view, ctx(), area, &mut buf);
        (0..height)
            .map(|y| {
                let line: String = (0..width).map(|x| buf[(x, y)].symbol()).collect();
                line.trim_end().to_owned() + "\n"
            })
            .collect()
    }

    fn row(day: &str, accuracy: f64) -> DayRow {
        DayRow {
            day: day.to_owned(),
            decisions: 10,
            accuracy: Some(accuracy),
            ev_given_away_per_100: Some(2.5),
            ..DayRow::default()
        }
    }

    #[test]
    fn an_axis_ends_at_a_round_number_above_the_highest_figure() {
        for (high, top) in [(0.0, 1.0), (3.75, 4.0), (6.0, 8.0), (0.42, 0.5), (9.9, 15.0)] {
            assert!((axis_top(high) - top).abs() < 1e-9, "{high}: {}", axis_top(high));
        }
        assert_eq!(number(4.0, " bets"), "4 bets");
        assert_eq!(number(0.25, " s"), "0.25 s");
    }

    #[test]
    fn no_days_say_so() {
        let page = text(&ProgressView::default(), 78, 20);
        assert!(page.contains("No days recorded yet"), "{page}");
    }

    #[test]
    fn each_plot_names_its_last_day_and_a_missing_figure_is_said() {
        let view = ProgressView::of(&[row("2026-12-01", 0.5), row("2026-12-03", 0.75)]);
        assert_eq!(view.days[1].day - view.days[0].day, 2, "a day without play is a gap");
        let page = text(&view, 78, 20);
        assert!(page.contains("12-01 to 12-03"), "{page}");
        assert!(page.contains("Decisions right · 12-03: 75%"), "{page}");
        assert!(page.contains("EV lost /100 decisions · 12-03: 2.50"), "{page}");
        assert!(page.contains("No counting answers yet"), "{page}");
    }
}
