//! The statistics screen: session and lifetime figures, the most-missed cells, spaced practice
//! and the error heat map (the strategy chart is [`super::chart`]). Every mark comes with a
//! symbol or text, never colour alone.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::Ctx;
use super::flow::{Token, flow};
use super::overlay::draw_box;
use crate::analysis::chart::UP_CARDS;
use crate::engine::card::value_label;
use crate::trainer::report::{Figure, HeatRow};
use crate::trainer::schedule::PRACTICE_LABEL;

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
    /// The page shown where both do not fit: the heat map (else the figures).
    pub heat_page: bool,
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

/// A tally's numbers under its title: the games, then the decisions, each group laid out in
/// as many lines of `width` as it needs (so a long number never pushes the box's last lines
/// out of sight).
fn tally_lines(ctx: Ctx, title: &str, figures: &Figures, width: u16) -> Vec<Line<'static>> {
    let t = ctx.theme;
    // The one renderer's figures, laid out as `label value` items that flow.
    let (games, decisions) = figures.clone();
    let items = |figures: Vec<(String, String)>| -> Vec<String> {
        figures
            .into_iter()
            .map(|(label, value)| format!("{} {value}", label.trim_start()))
            .collect()
    };
    let (games, decisions) = (items(games), items(decisions));
    let flowed = |items: &[String]| {
        let mut tokens = Vec::new();
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                tokens.push(Token::sep(Span::styled("·", t.text)));
            }
            tokens.push(Token::word(Span::styled(item.clone(), t.text)));
        }
        flow(&tokens, width.saturating_sub(TITLE_WIDTH))
    };
    let mut lines = Vec::new();
    for (i, mut line) in flowed(&games)
        .into_iter()
        .chain(flowed(&decisions))
        .enumerate()
    {
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

/// `i`: session and lifetime numbers, the most-missed cells, and the error heat map. Where
/// the terminal is too short for all of it, the figures and the heat map are two pages (Tab);
/// where it is too narrow, the heat map's cells close up.
pub fn render_stats(view: &StatsView, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    let t = ctx.theme;
    // The inside of the box (its frame takes a column each side).
    let inner = STATS_WIDTH.min(area.width).saturating_sub(2);
    let mut figures = tally_lines(ctx, "Session", &view.session, inner);
    if let Some(life) = &view.lifetime {
        figures.extend(tally_lines(ctx, "Lifetime", life, inner));
    }
    if !view.missed.is_empty() {
        figures.push(Line::from(vec![
            Span::styled(" Most missed: ", t.dim),
            Span::styled(view.missed.join(", "), t.text),
        ]));
    }
    if let Some(practice) = &view.practice {
        figures.push(Line::from(vec![
            Span::styled(format!(" {PRACTICE_LABEL}: "), t.dim),
            Span::styled(practice.clone(), t.text),
        ]));
    }
    let map = heat_map_lines(ctx, &view.heat, view.lifetime.is_some(), inner);
    let both = figures.len() + map.len() + 1;
    let mut lines;
    let footer;
    if both + 2 <= usize::from(area.height) {
        lines = figures;
        lines.extend(map);
        footer = " i closes";
    } else if view.heat_page {
        lines = map;
        footer = " Tab: the figures · i closes";
    } else {
        lines = figures;
        footer = " Tab: the heat map of your errors · i closes";
    }
    lines.push(Line::from(Span::styled(footer, t.dim)));
    draw_box(ctx, " Statistics ", lines, STATS_WIDTH, area, buf);
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
    let header: String = UP_CARDS
        .iter()
        .map(|&u| format!("{:>cell_width$}", value_label(u)))
        .collect();
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
    use crate::trainer::grade::Category;
    use crate::trainer::tally::{Accuracy, Tally};

    #[test]
    fn long_numbers_take_more_lines_instead_of_leaving_the_box() {
        let ctx = Ctx {
            theme: crate::tui::theme::theme(true),
            ascii: false,
        };
        let big = Accuracy {
            decisions: 123_456,
            correct: 98_765,
        };
        let mut tally = Tally {
            rounds: 99_999,
            hands: 123_456,
            wins: 55_555,
            losses: 55_555,
            pushes: 12_346,
            naturals: 5_432,
            net_milli: -1_234_567_000,
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
                && text.contains("Count quiz right 98765 of 123456 (80%)"),
            "{text}"
        );
    }
}
