//! The statistics screen: session and lifetime figures, the most-missed cells, spaced practice,
//! the error heat map and progress by day ([`super::progress`]); marks are symbols too.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::Ctx;
use super::flow::{Token, flow, labelled};
use super::overlay::framed_box;
use super::progress::{ProgressView, render_progress};
use crate::analysis::chart::UP_CARDS;
use crate::trainer::drills::schedule::PRACTICE_LABEL;
use crate::trainer::report::{Figure, HeatRow};

/// A tally's figures, as the one renderer gives them: the games, then the decisions.
pub type Figures = (Vec<Figure>, Vec<Figure>);

/// What the statistics screen shows.
#[derive(Debug, Clone, PartialEq)]
pub struct StatsView {
    /// This session's figures.
    pub session: Figures,
    /// The lifetime's, this session included, where statistics are kept.
    pub lifetime: Option<Figures>,
    /// The cells missed most, as `16 vs T (3/5)`.
    pub missed: Vec<String>,
    /// The spaced-practice figures in words, once anything was practised.
    pub practice: Option<String>,
    /// The error heat map of the lifetime (or the session, without statistics).
    pub heat: Vec<HeatRow>,
    /// The per-day figures of the progress page.
    pub progress: ProgressView,
    /// Tab presses since the screen opened: which of its pages is shown ([`StatsPage`]).
    pub page: usize,
}

/// A page of the statistics screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum StatsPage {
    /// The figures and the heat map, where both fit.
    Both,
    /// The figures.
    Figures,
    /// The heat map.
    HeatMap,
    /// Progress by day.
    Progress,
}

impl StatsPage {
    /// What the footer calls it, after `Tab:`.
    fn name(self) -> &'static str {
        match self {
            StatsPage::Both | StatsPage::Figures => "the figures",
            StatsPage::HeatMap => "the heat map of your errors",
            StatsPage::Progress => "progress by day",
        }
    }
}

/// One heat-map cell: a symbol for the error rate (not colour alone), `·` if not played.
fn heat_symbol(ascii: bool, cell: Option<(f64, u64)>) -> &'static str {
    let marks: [&str; 6] = if ascii {
        [" .", " o", " -", " =", " #", " @"]
    } else {
        [" ·", " ✓", " ░", " ▒", " ▓", " █"]
    };
    match cell {
        None => marks[0],
        Some((0.0, _)) => marks[1],
        Some((rate, _)) if rate < 0.25 => marks[2],
        Some((rate, _)) if rate < 0.5 => marks[3],
        Some((rate, _)) if rate < 0.75 => marks[4],
        Some(_) => marks[5],
    }
}

/// The width of the statistics box.
const STATS_WIDTH: u16 = 96;
/// The title column of a tally (`Session`, `Lifetime`).
const TITLE_WIDTH: u16 = 10;

/// A tally's numbers under its title: the games, then the decisions, each group in as many
/// lines of `width` as it needs.
fn tally_lines(ctx: Ctx, title: &str, figures: &Figures, width: u16) -> Vec<Line<'static>> {
    let t = ctx.theme;
    // The one renderer's figures, laid out as `label value` items that flow.
    let flowed = |figures: &[Figure]| {
        let mut tokens = Vec::new();
        for (i, (label, value)) in figures.iter().enumerate() {
            if i > 0 {
                tokens.push(Token::sep(Span::styled("·", t.text)));
            }
            let item = format!("{} {value}", label.trim_start());
            tokens.push(Token::word(Span::styled(item, t.text)));
        }
        // A column short of the frame: a line never runs flush against the border.
        flow(&tokens, width.saturating_sub(TITLE_WIDTH + 1))
    };
    let mut lines = Vec::new();
    let (games, decisions) = figures;
    for (i, mut line) in flowed(games).into_iter().chain(flowed(decisions)).enumerate() {
        let head = if i == 0 {
            Span::styled(format!(" {title:<9}"), t.title)
        } else {
            Span::raw(" ".repeat(usize::from(TITLE_WIDTH)))
        };
        line.spans.insert(0, head);
        lines.push(line);
    }
    lines
}

/// The height of the progress page's box, where the terminal allows.
const PROGRESS_HEIGHT: u16 = 34;

/// `i`: session and lifetime numbers, the most-missed cells, the error heat map (a page of its
/// own on a short terminal; Tab turns the pages), then progress by day.
pub fn render_stats(view: &StatsView, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    let t = ctx.theme;
    // The inside of the box (its frame takes a column each side).
    let inner = STATS_WIDTH.min(area.width).saturating_sub(2);
    let mut figures = tally_lines(ctx, "Session", &view.session, inner);
    if let Some(life) = &view.lifetime {
        figures.extend(tally_lines(ctx, "Lifetime", life, inner));
    }
    // Wrapped between words under their label, a column short of the frame.
    let margin = inner.saturating_sub(1);
    if !view.missed.is_empty() {
        figures.extend(labelled(
            Span::styled(" Most missed: ", t.dim),
            &view.missed.join(", "),
            t.text,
            margin,
        ));
    }
    if let Some(practice) = &view.practice {
        figures.extend(labelled(
            Span::styled(format!(" {PRACTICE_LABEL}: "), t.dim),
            practice,
            t.text,
            margin,
        ));
    }
    let map = heat_map_lines(ctx, &view.heat, view.lifetime.is_some(), inner);
    let both = figures.len() + map.len() + 1;
    let pages: &[StatsPage] = if both + 2 <= usize::from(area.height) {
        &[StatsPage::Both, StatsPage::Progress]
    } else {
        &[StatsPage::Figures, StatsPage::HeatMap, StatsPage::Progress]
    };
    let page = pages[view.page % pages.len()];
    let next = pages[(view.page + 1) % pages.len()];
    let footer = Line::from(Span::styled(format!(" Tab: {} · i closes", next.name()), t.dim));
    let lines = match page {
        StatsPage::Both => {
            figures.extend(map);
            figures
        }
        StatsPage::Figures => figures,
        StatsPage::HeatMap => map,
        StatsPage::Progress => {
            let inside =
                framed_box(ctx, " Statistics: progress ", STATS_WIDTH, PROGRESS_HEIGHT, area, buf);
            let [plots, foot] =
                Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(inside);
            render_progress(&view.progress, ctx, plots, buf);
            footer.render(foot, buf);
            return;
        }
    };
    // A line longer than the box takes more rows; the footer, which names the keys, keeps the
    // last row whatever the lines above take.
    let width = usize::from(inner.max(1));
    let rows: usize = lines.iter().map(|l| l.width().max(1).div_ceil(width)).sum();
    let height = u16::try_from(rows + 1).unwrap_or(u16::MAX).saturating_add(2);
    let inside = framed_box(ctx, " Statistics ", STATS_WIDTH, height, area, buf);
    let [body, foot] = Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(inside);
    Paragraph::new(lines).wrap(Wrap { trim: false }).render(body, buf);
    footer.render(foot, buf);
}

/// The error heat map, chart-shaped: hard, soft and pairs side by side, under its legend. A
/// cell takes two columns where `width` allows, one otherwise.
fn heat_map_lines(ctx: Ctx, map: &[HeatRow], lifetime: bool, width: u16) -> Vec<Line<'static>> {
    let t = ctx.theme;
    let legend: Vec<String> = [
        (None, "unplayed"),
        (Some((0.0, 1)), "0%"),
        (Some((0.1, 1)), "<25%"),
        (Some((0.3, 1)), "<50%"),
        (Some((0.6, 1)), "<75%"),
        (Some((0.9, 1)), "more"),
    ]
    .iter()
    .map(|&(c, label)| format!("{} {label}", heat_symbol(ctx.ascii, c).trim()))
    .collect();
    let mut lines = vec![Line::from(Span::styled(
        format!(
            " Errors by cell ({}): {}",
            if lifetime { "lifetime" } else { "session" },
            legend.join("  ")
        ),
        t.dim,
    ))];
    // A table is ` label(8)` then ten cells, then a gap of two.
    let wide = usize::from(width) >= 3 * (9 + 20 + 2);
    let cell_width = if wide { 2 } else { 1 };
    let header: String = UP_CARDS.iter().map(|u| format!("{u:>cell_width$}")).collect();
    lines.push(Line::from(Span::styled(
        format!(" {:<8}{header}   {:<8}{header}   {:<8}{header}", "", "", ""),
        t.dim,
    )));
    let (hard, rest) = map.split_at(17.min(map.len()));
    let (soft, pairs) = rest.split_at(9.min(rest.len()));
    for i in 0..17 {
        let mut spans = Vec::new();
        for block in [hard, soft, pairs] {
            match block.get(i) {
                Some(row) => {
                    spans.push(Span::styled(format!(" {:<8}", row.label), t.dim));
                    for cell in row.cells {
                        let style: Style = match cell {
                            Some((r, _)) if r >= 0.5 => t.loss,
                            Some((r, _)) if r > 0.0 => t.push,
                            Some(_) => t.win,
                            None => t.dim,
                        };
                        let symbol = heat_symbol(ctx.ascii, cell);
                        let symbol = if wide { symbol } else { symbol.trim_start() };
                        spans.push(Span::styled(symbol, style));
                    }
                    spans.push(Span::raw("  "));
                }
                None => spans.push(Span::raw(" ".repeat(9 + 10 * cell_width + 2))),
            }
        }
        lines.push(Line::from(spans));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::RoundTally;
    use crate::trainer::grade::Category;
    use crate::trainer::tally::{Accuracy, Tally};

    /// At 80×24 every line of the statistics page keeps a column clear of the right border,
    /// and a long line wraps between words under its label (issue 36: lines wrapped flush
    /// against the border).
    #[test]
    fn the_statistics_lines_keep_clear_of_the_border_at_80x24() {
        let ctx = Ctx { theme: crate::tui::theme::theme(true), ascii: false };
        let tally = Tally {
            overall: Accuracy { decisions: 1234, correct: 1111 },
            ev_lost: 12.345,
            ..Tally::default()
        };
        let figures = crate::trainer::report::figures(&tally);
        let view = StatsView {
            session: figures.clone(),
            lifetime: Some(figures),
            missed: (0..9).map(|i| format!("1{i} vs T ({i}/9)")).collect(),
            practice: Some(
                "12 cells due today · 3 days in a row · next: 16 vs T, 12 vs 2, soft 18 vs 9"
                    .to_owned(),
            ),
            heat: Vec::new(),
            progress: ProgressView::default(),
            page: 0,
        };
        let area = Rect::new(0, 0, 80, 24);
        let mut buf = Buffer::empty(area);
        render_stats(&view, ctx, area, &mut buf);
        let rows: Vec<String> =
            (0..24).map(|y| (0..80).map(|x| buf[(x, y)].symbol().to_owned()).collect()).collect();
        let mut checked = 0;
        for row in &rows {
            let chars: Vec<char> = row.chars().collect();
            if let Some(end) = chars.iter().rposition(|&c| c == '║')
                && end > 1
                && chars.iter().filter(|&&c| c == '║').count() == 2
            {
                assert_eq!(chars[end - 1], ' ', "flush against the border: {row}");
                checked += 1;
            }
        }
        assert!(checked > 5, "{rows:#?}");
        let page = rows.join("\n");
        assert!(page.contains("Most missed: 10 vs T (0/9)"), "{page}");
    }

    #[test]
    fn long_numbers_take_more_lines_instead_of_leaving_the_box() {
        let ctx = Ctx { theme: crate::tui::theme::theme(true), ascii: false };
        let big = Accuracy { decisions: 123_456, correct: 98_765 };
        let mut tally = Tally {
            play: RoundTally {
                rounds: 99_999,
                hands: 123_456,
                wins: 55_555,
                losses: 55_555,
                pushes: 12_346,
                naturals: 5_432,
                net_milli: -1_234_567_000,
                ..RoundTally::default()
            },
            overall: big,
            ev_lost: 12_345.678,
            count: big,
            ..Tally::default()
        };
        for category in Category::ALL {
            tally.categories.insert(category, big);
        }
        let figures = crate::trainer::report::figures(&tally);
        let lines = tally_lines(ctx, "Lifetime", &figures, 94);
        assert!(lines.len() > 2, "{lines:?}");
        assert!(lines.iter().all(|l| l.width() <= 94), "{lines:?}");
        let text: String = lines.iter().map(|l| l.to_string()).collect();
        assert!(
            text.contains("EV given away 12345.678 bets")
                && text.contains("Running count right 98765 of 123456 (80%)"),
            "{text}"
        );
    }
}
