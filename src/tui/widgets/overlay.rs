//! Screens drawn over the table: help, the quit confirmation, the session summary, and the
//! "enlarge the terminal" notice.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Widget, Wrap};

use super::status::key;
use super::{Ctx, titled};
use crate::analysis::counts::CountSystem;
use crate::engine::Units;

/// The notes under the table's keys on the help screen (the keys themselves come from
/// [`crate::tui::input::TABLE_KEYS`]).
pub const HELP_TEXT: &str = include_str!("../../../assets/help.txt");

/// The help text in a drill.
pub const DRILL_HELP_TEXT: &str = include_str!("../../../assets/drill_help.txt");

fn framed(ctx: Ctx, title: &str) -> Block<'_> {
    titled(ctx, title, BorderType::Double, ctx.theme.overlay_frame).style(ctx.theme.overlay)
}

fn centered(area: Rect, width: u16, height: u16) -> Rect {
    area.centered(
        Constraint::Length(width.min(area.width)),
        Constraint::Length(height.min(area.height)),
    )
}

pub(crate) fn draw_box(
    ctx: Ctx,
    title: &str,
    lines: Vec<Line<'_>>,
    width: u16,
    area: Rect,
    buf: &mut Buffer,
) {
    let paragraph = Paragraph::new(lines).block(framed(ctx, title)).wrap(Wrap { trim: false });
    // As high as the lines take once wrapped, its frame included: a long line or notice adds
    // its rows instead of losing the last ones.
    let height = u16::try_from(paragraph.line_count(width.min(area.width))).unwrap_or(u16::MAX);
    let rect = centered(area, width, height);
    Clear.render(rect, buf);
    paragraph.render(rect, buf);
}

/// An empty framed box `width` × `height` (as much as `area` allows) in the middle of `area`,
/// for a page drawn with widgets rather than lines; returns its inside.
pub(crate) fn framed_box(
    ctx: Ctx,
    title: &str,
    width: u16,
    height: u16,
    area: Rect,
    buf: &mut Buffer,
) -> Rect {
    let rect = centered(area, width, height);
    Clear.render(rect, buf);
    let block = framed(ctx, title);
    let inside = block.inner(rect);
    block.render(rect, buf);
    inside
}

/// The drills' help ([`DRILL_HELP_TEXT`], written for Hi-Lo, the default) for a learner
/// counting `count`: another count's name where Hi-Lo's is, and its tags where Hi-Lo's are.
pub fn drill_help_lines(count: &CountSystem) -> Vec<String> {
    let lines = DRILL_HELP_TEXT.lines();
    if count.is_hilo() {
        return lines.map(str::to_owned).collect();
    }
    lines
        .map(|line| {
            if line.starts_with("Hi-Lo:") {
                format!("{}: {}.", count.name, count.describe_tags())
            } else {
                line.replace("Hi-Lo", &count.name)
            }
        })
        .collect()
}

/// The help screen's lines, for a screen `height` rows high: a drill's own while a drill is
/// open (`drill`: the count the learner keeps), or the table's keys with the notes under them
/// where there is room.
pub fn help_lines(drill: Option<&CountSystem>, keys: Vec<String>, height: u16) -> Vec<String> {
    if let Some(count) = drill {
        return drill_help_lines(count);
    }
    let mut lines = keys;
    // The notes under the keys only where the terminal has room for them as well.
    let notes = HELP_TEXT.lines().count();
    if lines.len() + 1 + notes + 2 <= usize::from(height) {
        lines.push(String::new());
        lines.extend(HELP_TEXT.lines().map(str::to_owned));
    }
    // Keys the window has no room for are not left out in silence: the last row names them.
    let room = usize::from(height).saturating_sub(2).max(2);
    if lines.len() > room {
        let cut: Vec<String> = lines
            .drain(room - 1..)
            .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
            .collect();
        lines.push(format!(
            "… and {} more ({}): a taller window shows them",
            cut.len(),
            cut.join(" ")
        ));
    }
    lines
}

/// The keys (a drill's own, in a drill).
pub fn render_help(text: &[String], ctx: Ctx, area: Rect, buf: &mut Buffer) {
    let lines: Vec<Line> =
        text.iter().map(|l| Line::from(Span::styled(format!(" {l}"), ctx.theme.text))).collect();
    let width = text.iter().map(|l| l.chars().count()).max().unwrap_or(40) as u16 + 4;
    draw_box(ctx, " Help: the keys ", lines, width, area, buf);
}

/// "Leave the table?" — and, with `hands_in_play`, what happens to the hands in play.
pub fn render_confirm_quit(hands_in_play: bool, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    let t = ctx.theme;
    let mut lines = vec![Line::from(" Leave the table?")];
    if hands_in_play {
        lines.push(Line::from(Span::styled(
            " Your hands in play will be played out by basic strategy and settled.",
            t.text,
        )));
    }
    lines.push(Line::default());
    lines.push(Line::from(vec![
        Span::raw(" "),
        key("y", ctx),
        Span::raw(" yes, show the summary   "),
        key("n", ctx),
        Span::raw(" no, play on"),
    ]));
    let width = if hands_in_play { 74 } else { 50 };
    draw_box(ctx, " Quit ", lines, width, area, buf);
}

/// What the "out of money" box says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BrokeView {
    /// What the bankroll holds.
    pub bankroll: Units,
    /// The table's smallest bet.
    pub min_bet: Units,
    /// What a rebuy brings.
    pub rebuy: Units,
}

/// The bankroll is spent: buy in again, or leave.
pub fn render_broke(view: BrokeView, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    let lines = vec![
        Line::from(format!(
            " Your bankroll is spent: {} left, and the smallest bet is {}.",
            view.bankroll.plain(),
            view.min_bet.plain()
        )),
        Line::default(),
        Line::from(vec![
            Span::raw(" "),
            key("b", ctx),
            Span::raw(format!(
                " buy in again for {} (counted in your statistics)   ",
                view.rebuy.plain()
            )),
        ]),
        Line::from(vec![Span::raw(" "), key("q", ctx), Span::raw(" leave the table")]),
    ];
    draw_box(ctx, " Out of money ", lines, 74, area, buf);
}

/// The width of the summary box.
pub const SUMMARY_WIDTH: u16 = 62;

/// The session's figures as `label value` rows (the same figures as every other summary),
/// shown on the way out; the rows that do not fit say how many are left out.
pub fn render_summary(rows: &[(String, String)], ctx: Ctx, area: Rect, buf: &mut Buffer) {
    let t = ctx.theme;
    let inner = usize::from(SUMMARY_WIDTH.min(area.width).saturating_sub(2));
    let mut lines: Vec<Line> = Vec::new();
    // The labels' column is as wide as the longest label (`Counting: true-count`), and a
    // space always parts it from the value.
    let label_width = rows
        .iter()
        .map(|(label, _)| label.trim_start().chars().count())
        .max()
        .unwrap_or(0)
        .clamp(8, 24);
    for (label, value) in rows {
        // A value too long for its row continues under itself, whole words at a time.
        let value_width = inner.saturating_sub(label_width + 2).max(8);
        for (i, part) in crate::text::wrap_words(value, value_width).into_iter().enumerate() {
            let label = if i == 0 { label.trim_start() } else { "" };
            lines.push(Line::from(vec![
                Span::styled(format!(" {label:<label_width$} "), t.dim),
                Span::styled(part, t.title),
            ]));
        }
    }
    lines.push(Line::default());
    lines.push(Line::from(Span::styled(" Virtual units only. Press any key to leave.", t.dim)));
    // Rows past the screen's height go, the closing line stays.
    let room = usize::from(area.height.saturating_sub(2));
    if lines.len() > room && room >= 3 {
        let keep = room - 2;
        let dropped = lines.len() - 2 - keep;
        let tail = lines.split_off(lines.len() - 2);
        lines.truncate(keep);
        lines.push(Line::from(Span::styled(
            format!(" … {dropped} more rows: blackjack stats has them all"),
            t.dim,
        )));
        lines.extend(tail.into_iter().skip(1));
    }
    draw_box(ctx, " Session summary ", lines, SUMMARY_WIDTH, area, buf);
}

/// The notice shown instead of a screen when the terminal is below the minimum size; a timed
/// drill says it is paused.
pub fn render_too_small(min: (u16, u16), paused: bool, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    let mut lines = vec![
        Line::from(Span::styled("Please enlarge the terminal", ctx.theme.title)),
        Line::from(format!(
            "The table needs {}×{}; this one is {}×{}.",
            min.0, min.1, area.width, area.height
        )),
    ];
    if paused {
        lines.push(Line::from(Span::styled("The drill is paused until it fits.", ctx.theme.text)));
    }
    lines.push(Line::from(Span::styled(
        "q leaves · no other key acts until it fits",
        ctx.theme.dim,
    )));
    let height = u16::try_from(lines.len()).unwrap_or(3).min(area.height);
    let rect = area.centered(Constraint::Fill(1), Constraint::Length(height));
    Paragraph::new(lines).alignment(Alignment::Center).wrap(Wrap { trim: true }).render(rect, buf);
}

#[cfg(test)]
mod tests {
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;

    use ratatui::text::Line;

    use super::{draw_box, render_summary};
    use crate::tui::widgets::Ctx;

    fn rows_of(buf: &Buffer) -> Vec<String> {
        let width = usize::from(buf.area.width);
        buf.content().chunks(width).map(|row| row.iter().map(|c| c.symbol()).collect()).collect()
    }

    /// The table's help fits 80×24 whole, its last key (Ctrl-Z) in view; in a shorter window
    /// the last row names the keys left out (issue 36: the Ctrl-Z line was lost in silence).
    #[test]
    fn the_help_fits_or_names_what_it_leaves_out() {
        let keys =
            crate::tui::keys::help_lines(Some(&crate::analysis::counts::CountSystem::default()));
        let whole = super::help_lines(None, keys.clone(), 24);
        assert!(whole.len() + 2 <= 24, "{whole:#?}");
        assert!(whole.iter().any(|l| l.starts_with("Ctrl-Z")), "{whole:#?}");
        let short = super::help_lines(None, keys, 16);
        assert_eq!(short.len(), 14, "{short:#?}");
        let last = short.last().expect("a last row");
        assert!(last.contains("Ctrl-Z") && last.contains("more"), "{last}");
    }

    #[test]
    fn a_long_label_in_the_summary_is_parted_from_its_value() {
        let rows = vec![
            ("Rounds".to_owned(), "12".to_owned()),
            ("Counting: true-count".to_owned(), "17 of 20 (85%)".to_owned()),
        ];
        let area = Rect::new(0, 0, 100, 20);
        let mut buf = Buffer::empty(area);
        let ctx = Ctx { theme: crate::tui::theme::theme(false), ascii: false };
        render_summary(&rows, ctx, area, &mut buf);
        let text: String = buf
            .content()
            .chunks(100)
            .map(|row| row.iter().map(|c| c.symbol()).collect::<String>() + "\n")
            .collect();
        assert!(text.contains("Counting: true-count 17 of 20"), "{text}");
    }

    #[test]
    fn a_box_is_as_high_as_its_lines_once_wrapped() {
        // A notice longer than the box is wide (the drill chooser's "still being computed"),
        // under a line that fits: every word is drawn inside the frame.
        let words = "the index table of this game is still being computed: try again in a moment";
        let lines = vec![Line::from(" one line"), Line::from(words)];
        let area = Rect::new(0, 0, 40, 12);
        let mut buf = Buffer::empty(area);
        let ctx = Ctx { theme: crate::tui::theme::theme(false), ascii: false };
        draw_box(ctx, " Box ", lines, 30, area, &mut buf);
        let rows = rows_of(&buf);
        let inside: Vec<&String> = rows
            .iter()
            .skip_while(|r| !r.contains('╔'))
            .skip(1)
            .take_while(|r| !r.contains('╚'))
            .collect();
        assert!(rows.iter().any(|r| r.contains('╚')), "{rows:#?}");
        let text: String = inside
            .iter()
            .map(|r| r.trim_matches(|c: char| c == ' ' || c == '║'))
            .collect::<Vec<_>>()
            .join(" ");
        assert!(text.ends_with("try again in a moment"), "{rows:#?}");
        assert_eq!(inside.len(), 4, "one line and the notice on three: {rows:#?}");
    }
}
