//! `g`: the strategy chart computed for the loaded rules. The hand in play's cell is bracketed
//! (`[H]`), the selected one pointed at (`▸H◂`), its EVs and reason (`strategy --why`'s line)
//! under the chart, or beside the pair table where rows are short. Marks are symbols too.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

use super::Ctx;
use super::overlay::draw_box;
use crate::analysis::Strategy;
use crate::analysis::chart::{Cell, Chart, Code, HandKind, PAIR_ROWS, UP_CARDS};
use crate::analysis::deviation::{Direction, IndexPlay, IndexTable};
use crate::engine::card::value_label;
use crate::text::signed_decimals;

/// What the chart screen shows.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartView<'a> {
    /// The strategy, once worked out.
    pub strategy: Option<&'a Strategy>,
    /// The hand in play's cell.
    pub current: Option<Cell>,
    /// The selected cell.
    pub selected: Option<Cell>,
    /// The selected cell's EVs and reason: `▸ 16 vs T · hit −0.535 · … · Why: …`.
    pub detail: Option<String>,
    /// In counting mode, this game's index plays: each shown in its cell by its index.
    pub indices: Option<&'a IndexTable>,
    /// The title of the chart of index plays, naming the count they are read at: `Index
    /// chart` for Hi-Lo, `Zen index chart`.
    pub index_title: String,
}

/// An index as its cell shows it: `+4`, `0`, `−1`; past ±9 the chart's code, as printed charts
/// leave such plays out (the selected cell's line still names it).
pub fn index_cell(index: i32) -> Option<String> {
    (index.abs() <= 9).then(|| index_number(index))
}

/// An index as printed charts write it: `0`, `+4`, `−1`.
fn index_number(index: i32) -> String {
    if index == 0 { "0".to_owned() } else { crate::text::signed(index) }
}

/// An index play as the deviation charts learners print write it: `16 v T: stand at 0+`,
/// `12 v 4: hit below 0` (`never` where the plays never cross in the table's range).
pub fn index_entry(play: &IndexPlay) -> String {
    let cell = play.cell.label().replace(" vs ", " v ");
    match (play.index, play.direction) {
        (None, _) => format!("{cell}: {} never", play.play.name()),
        (Some(i), Direction::AtOrAbove) => {
            format!("{cell}: {} at {}+", play.play.name(), index_number(i))
        }
        (Some(i), Direction::Below) => {
            format!("{cell}: {} below {}", play.play.name(), index_number(i))
        }
    }
}

/// The widest the chart box grows.
const CHART_WIDTH: u16 = 84;
/// The chart's own lines: the header, 17 hard rows, 3 more pair rows, the legend.
const CHART_LINES: u16 = 22;
/// The blank columns left of the last three pair rows (under the hard table).
const UNDER_HARD: usize = 40;

fn code_style(ctx: Ctx, code: Code) -> Style {
    let t = ctx.theme;
    match code {
        Code::H => t.loss,
        Code::S => t.win,
        Code::D | Code::Ds => t.hint,
        Code::P => t.push,
    }
}

/// The selected cell's EVs, every action the cell allows, best first: `16 vs T · hit −0.535 ·
/// stand −0.540 · double −1.070`.
pub fn evs_text(strategy: &Strategy, cell: Cell) -> String {
    let evs = strategy
        .cell_evs
        .get(&cell)
        .map(|evs| {
            evs.ranked()
                .iter()
                .map(|&(action, ev)| format!("{action} {}", signed_decimals(ev, 3)))
                .collect::<Vec<_>>()
                .join(" · ")
        })
        .unwrap_or_else(|| "no EVs: a hand that cannot be dealt".to_owned());
    format!("{} · {evs}", cell.label())
}

/// How a cell's text cut short ends: it says how to see the rest.
const MORE: &str = "… (a taller window shows it all)";

/// `text` laid into lines of the given widths, word by word; where it does not all fit, the
/// last line ends in [`MORE`].
fn fill(text: &str, widths: &[usize]) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut words = text.split(' ').filter(|w| !w.is_empty()).peekable();
    for &width in widths {
        let mut line = String::new();
        while let Some(word) = words.peek() {
            let needed =
                line.chars().count() + usize::from(!line.is_empty()) + word.chars().count();
            if needed > width && !line.is_empty() {
                break;
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
            words.next();
        }
        lines.push(line);
    }
    if words.peek().is_some()
        && let Some(last) = lines.last_mut()
    {
        let width = widths.last().copied().unwrap_or(1);
        let keep = width.saturating_sub(MORE.chars().count() + 1);
        if last.chars().count() > keep {
            // Back to a whole word that leaves room.
            let cut: String = last.chars().take(keep + 1).collect();
            *last = match cut.rfind(' ') {
                Some(space) => cut[..space].to_owned(),
                None => cut.chars().take(keep).collect(),
            };
        }
        if !last.is_empty() {
            last.push(' ');
        }
        last.push_str(MORE);
    }
    lines
}

/// The chart, the hand's cell bracketed and the selection pointed at, the selection's EVs and
/// reason, and the house edge (in the title, so that it shows at 80×24 too).
pub fn render_chart(view: &ChartView<'_>, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    let t = ctx.theme;
    let Some(strategy) = view.strategy else {
        let lines = vec![
            Line::from(" Working out the exact strategy for these rules…"),
            Line::from(Span::styled(" g closes", t.dim)),
        ];
        let title = " Basic strategy for these rules ";
        return draw_box(ctx, title, lines, 60, area, buf);
    };
    let (current, selected) = (view.current, view.selected);
    let header: String = UP_CARDS.iter().map(|u| format!("{u:>3}")).collect();
    let mut lines = vec![Line::from(Span::styled(
        format!(" {:<6}{header}    {:<6}{header}", "hard", "soft"),
        t.dim,
    ))];
    let soft_and_pairs: Vec<(HandKind, u8, String)> = (13..=21u8)
        .map(|r| (HandKind::Soft, r, format!("A,{}", value_label(r - 11))))
        .chain(std::iter::once((HandKind::Pair, 0, String::new())))
        .chain(PAIR_ROWS.into_iter().map(|r| {
            let v = value_label(r);
            (HandKind::Pair, r, format!("{v},{v}"))
        }))
        .collect();
    let marks = Marks { current, selected, indices: view.indices };
    let row = |kind, row, label: &str| chart_row(ctx, &strategy.chart, marks, kind, row, label);
    for (i, hard_row) in (5..=21u8).enumerate() {
        let mut spans = row(HandKind::Hard, hard_row, &hard_row.to_string());
        spans.push(Span::raw("  "));
        match soft_and_pairs.get(i) {
            Some((_, 0, _)) => spans.push(Span::styled(format!(" {:<6}{header}", "pairs"), t.dim)),
            Some((kind, r, label)) => spans.extend(row(*kind, *r, label)),
            None => {}
        }
        lines.push(Line::from(spans));
    }
    let legend = if view.indices.is_some() {
        " H S D Ds P plays · +4 0 −1: index (the play changes there) · +/- count · g closes"
    } else {
        " H hit · S stand · D double/hit · Ds double/stand · P split · arrows · g closes"
    };
    let inner = usize::from(CHART_WIDTH.min(area.width).saturating_sub(2));
    let rest = soft_and_pairs.iter().skip(17);
    // Under the chart, the text takes this many lines of the box's width.
    let under: Option<Vec<String>> = view.detail.as_ref().map(|text| {
        let mut filled = fill(text, &[inner - 1; 8]);
        filled.retain(|l| !l.is_empty());
        filled
    });
    let room_under = under
        .as_ref()
        .is_some_and(|u| usize::from(area.height) >= usize::from(CHART_LINES + 2) + u.len());
    match &view.detail {
        // A short terminal: beside the last pair rows, then in the legend's line.
        Some(text) if !room_under => {
            let filled = fill(text, &[UNDER_HARD - 2, UNDER_HARD - 2, UNDER_HARD - 2, inner - 1]);
            for ((kind, r, label), words) in rest.zip(&filled) {
                let mut spans = vec![Span::styled(
                    format!(" {words:<width$} ", width = UNDER_HARD - 2),
                    t.text,
                )];
                spans.extend(row(*kind, *r, label));
                lines.push(Line::from(spans));
            }
            let last = filled.last().cloned().unwrap_or_default();
            lines.push(Line::from(Span::styled(format!(" {last}"), t.text)));
        }
        // Room under the chart, or nothing to say: the whole text there, then the legend.
        _ => {
            for (kind, r, label) in rest {
                let mut spans = vec![Span::raw(" ".repeat(UNDER_HARD))];
                spans.extend(row(*kind, *r, label));
                lines.push(Line::from(spans));
            }
            for line in under.unwrap_or_default() {
                lines.push(Line::from(Span::styled(format!(" {line}"), t.text)));
            }
            lines.push(Line::from(Span::styled(legend, t.dim)));
        }
    }
    let yours = current.map_or(String::new(), |c| format!(" · [{}]", c.label()));
    // Where the legend gave its line to the reason, the keys go in the title.
    let keys = if selected.is_some() && !room_under { " · arrows · g closes" } else { "" };
    let name = if view.indices.is_some() { view.index_title.as_str() } else { "Basic strategy" };
    let title =
        format!(" {name} · house edge {:.3}%{yours}{keys} ", -strategy.return_chart * 100.0);
    draw_box(ctx, &title, lines, CHART_WIDTH, area, buf);
}

/// The cells the chart marks: the hand in play's, and the selected one.
#[derive(Debug, Clone, Copy)]
struct Marks<'a> {
    current: Option<Cell>,
    selected: Option<Cell>,
    /// Counting mode's index plays, shown in their cells by their index.
    indices: Option<&'a IndexTable>,
}

impl Marks<'_> {
    /// What `cell` shows: its index where counting mode has an index play for it, else the
    /// chart's code.
    fn text(self, cell: Cell, code: Code) -> (String, bool) {
        match self.indices.and_then(|t| t.get(cell)).and_then(|p| p.index).and_then(index_cell) {
            Some(index) => (index, true),
            None => (code.label().to_owned(), false),
        }
    }

    /// The marks around `cell`'s code, if it has any: brackets for the hand in play (also when
    /// it is selected), pointers for another selected cell.
    fn around(self, cell: Cell, ascii: bool) -> Option<(char, char)> {
        if self.current == Some(cell) {
            Some(('[', ']'))
        } else if self.selected == Some(cell) {
            Some(if ascii { ('>', '<') } else { ('▸', '◂') })
        } else {
            None
        }
    }
}

/// One row of a chart table: its label, then a three-column cell per up card, code at the right.
/// A mark closes in the space that starts the next cell (or the column kept after the last),
/// so a two-letter code like `Ds` is marked whole; the selected cell is also reversed.
fn chart_row(
    ctx: Ctx,
    chart: &Chart,
    marks: Marks<'_>,
    kind: HandKind,
    row: u8,
    label: &str,
) -> Vec<Span<'static>> {
    let t = ctx.theme;
    let mut spans = vec![Span::styled(format!(" {label:<6}"), t.dim)];
    let mut close: Option<(char, Style)> = None;
    for up in UP_CARDS {
        let cell = Cell { kind, row, up };
        let code = chart.get(cell);
        let around = marks.around(cell, ctx.ascii);
        let (label, indexed) = marks.text(cell, code);
        let mut text = match around {
            Some((open, _)) => format!("{:>3}", format!("{open}{label}")),
            None => format!("{label:>3}"),
        };
        if let Some((mark, style)) = close.take() {
            // Every code is at most two letters: a cell starts with a space to close into.
            text.replace_range(..1, "");
            spans.push(Span::styled(mark.to_string(), style));
        }
        let style = match around {
            Some((_, shut)) => {
                let mut style = t.active_hand;
                if marks.selected == Some(cell) {
                    style = style.add_modifier(Modifier::REVERSED);
                }
                close = Some((shut, style));
                style
            }
            None if indexed => t.title.add_modifier(Modifier::UNDERLINED),
            None => code_style(ctx, code),
        };
        spans.push(Span::styled(text, style));
    }
    spans.push(match close {
        Some((mark, style)) => Span::styled(mark.to_string(), style),
        None => Span::raw(" "),
    });
    spans
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cell's text that does not fit says how to see the rest, within its last line's width
    /// (issue 36: "The American peek chart doubles…" cut in silence at 80×24).
    #[test]
    fn a_cell_text_cut_short_says_how_to_see_the_rest() {
        let text = "11 cannot bust with one card, and a double takes one card only, where a \
                    hit may draw again: hit. The American peek chart doubles here: with no \
                    hole card, the dealer's blackjack would take the doubled stake too";
        let filled = fill(text, &[20, 20, 76]);
        let last = filled.last().expect("a last line");
        assert!(last.ends_with(MORE), "{filled:#?}");
        assert!(last.chars().count() <= 76, "{last}");
        let whole = fill(text, &[76; 8]);
        assert!(whole.iter().all(|l| !l.contains('…')), "{whole:#?}");
        assert!(whole.join(" ").trim_end().ends_with("doubled stake too"));
    }
}
