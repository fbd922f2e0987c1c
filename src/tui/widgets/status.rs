//! The bottom of the screen: the message area, and the status lines — the legal actions of the
//! active hand (from the engine's list, keyed by the same table the key handler reads), the
//! hint, the bankroll and bet, and the shoe gauge.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};
use unicode_width::UnicodeWidthChar;

use crate::engine::Phase;

use super::super::app::Intent;
use super::super::app::{App, Message, Tone, amount};
use super::super::input::{TABLE_KEYS, key_for};
use super::marker;

/// Draws the message log: the newest lines that fit, or older ones where the person scrolled
/// back (the title then says how many newer lines are below and how to get back).
pub fn render_messages(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let height = usize::from(area.height.saturating_sub(1));
    let (shown, newer) = app.log().window(height);
    // Each message wrapped at the width, the newest rows at the bottom: a long grade or reason
    // is read whole, and what does not fit is the oldest.
    let mut rows: Vec<Line> = shown
        .iter()
        .flat_map(|m| wrapped_message(app, m, area.width))
        .collect();
    let hidden = rows.len().saturating_sub(height);
    let at_start = newer > 0 && app.log().lines().len() == shown.len() + newer;
    if at_start {
        // Scrolled back to the start of the log: its first line on top.
        rows.truncate(height);
    } else {
        rows.drain(..hidden);
    }
    let title = if newer > 0 {
        format!(" Messages · {newer} newer below: PgDn ")
    } else if hidden > 0 || app.log().lines().len() > shown.len() + newer {
        " Messages · PgUp scrolls back ".to_owned()
    } else {
        " Messages ".to_owned()
    };
    let block = Block::new()
        .borders(Borders::TOP)
        .border_style(theme.frame)
        .title(Span::styled(title, theme.dim));
    let inner = block.inner(area);
    block.render(area, buf);
    Paragraph::new(rows).render(inner, buf);
}

/// A message as rows of at most `width` columns: its tone's symbol, then the words (indented
/// as the message is), wrapped between words and continued under the first word.
fn wrapped_message(app: &App, message: &Message, width: u16) -> Vec<Line<'static>> {
    let (symbol, style) = tone_mark(app, message.tone);
    // An indented message (a reason under its grade) keeps its indent on every row.
    let words = message.text.trim_start_matches(' ');
    let indent = 2 + message.text.len() - words.len();
    let rows = wrap_words(words, usize::from(width).saturating_sub(indent).max(1));
    rows.into_iter()
        .enumerate()
        .map(|(i, row)| {
            let lead = if i == 0 {
                format!("{symbol} {}", " ".repeat(indent - 2))
            } else {
                " ".repeat(indent)
            };
            Line::from(vec![Span::styled(lead, style), Span::styled(row, style)])
        })
        .collect()
}

/// `text` in rows of at most `width` columns, broken between words (a word longer than a row
/// is broken where the row ends). Always at least one row.
fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut rows = Vec::new();
    let mut row = String::new();
    let mut used = 0;
    for word in text.split(' ') {
        let len: usize = word.chars().map(|c| c.width().unwrap_or(0)).sum();
        if used > 0 && used + 1 + len > width {
            rows.push(std::mem::take(&mut row));
            used = 0;
        }
        if used > 0 {
            row.push(' ');
            used += 1;
        }
        for c in word.chars() {
            let w = c.width().unwrap_or(0);
            if used + w > width && used > 0 {
                rows.push(std::mem::take(&mut row));
                used = 0;
            }
            row.push(c);
            used += w;
        }
    }
    rows.push(row);
    rows
}

/// The symbol and style of a message's tone: `·` news (won and lost hands too, in their
/// style), `✓` graded right, `✗` graded wrong, `!` refused.
pub fn tone_mark(app: &App, tone: Tone) -> (&'static str, Style) {
    let theme = app.theme;
    match (tone, app.ascii) {
        (Tone::Info, _) => ("·", theme.msg_info),
        (Tone::Won, _) => ("·", theme.msg_good),
        (Tone::Lost, _) => ("·", theme.msg_bad),
        (Tone::Good, false) => ("✓", theme.msg_good),
        (Tone::Good, true) => ("+", theme.msg_good),
        (Tone::Bad, false) => ("✗", theme.msg_bad),
        (Tone::Bad, true) => ("x", theme.msg_bad),
        (Tone::Error, _) => ("!", theme.msg_error),
    }
}

/// A message as a line: its tone's symbol, then the words, in the tone's style.
pub fn message_line(app: &App, message: &Message) -> Line<'static> {
    let (symbol, style) = tone_mark(app, message.tone);
    Line::from(vec![
        Span::styled(format!("{symbol} "), style),
        Span::styled(message.text.clone(), style),
    ])
}

/// Draws the status lines: actions; hint (and the count, unless it has a panel of its own);
/// the grade of the person's last decision, which stays here however much the log scrolls;
/// bankroll · bet · shoe.
pub fn render_status(app: &App, area: Rect, with_count: bool, buf: &mut Buffer) {
    let block = Block::new()
        .borders(Borders::TOP)
        .border_style(app.theme.frame);
    let inner = block.inner(area);
    block.render(area, buf);
    let ellipsis = if app.ascii { "..." } else { "…" };
    let lines = vec![
        action_line(app),
        clipped(hint_line(app, with_count), inner.width, ellipsis),
        clipped(grade_line(app), inner.width, ellipsis),
        bank_line(app, inner.width),
    ];
    Paragraph::new(lines).render(inner, buf);
}

/// `line` cut to `width` columns, ending in `ellipsis` where it was cut: a long hint or grade
/// shows that it goes on (the message log above wraps it whole).
fn clipped(line: Line<'static>, width: u16, ellipsis: &'static str) -> Line<'static> {
    let width = usize::from(width);
    if line.width() <= width {
        return line;
    }
    let mut room = width.saturating_sub(ellipsis.chars().count());
    let mut spans = Vec::with_capacity(line.spans.len() + 1);
    let mut last_style = Style::default();
    for span in line.spans {
        let mut text = String::new();
        for c in span.content.chars() {
            let w = c.width().unwrap_or(0);
            if w > room {
                room = 0;
                break;
            }
            room -= w;
            text.push(c);
        }
        last_style = span.style;
        spans.push(Span::styled(text, span.style));
        if room == 0 {
            break;
        }
    }
    spans.push(Span::styled(ellipsis, last_style));
    Line { spans, ..line }
}

/// A key as the bars show it: `[h]`.
pub fn key(app: &App, k: &str) -> Span<'static> {
    Span::styled(format!("[{k}]"), app.theme.key)
}

/// The legal actions of the active hand only, or what is going on.
fn action_line(app: &App) -> Line<'static> {
    let theme = app.theme;
    let mut spans = Vec::new();
    match app.table.phase() {
        Phase::Players { seat, .. } if seat == app.your_seat() => {
            spans.push(Span::styled(
                format!("{} Your turn:", marker(app.ascii)),
                theme.active_hand,
            ));
            for action in app.table.legal_actions(app.your_seat()).iter() {
                spans.push(Span::raw(" "));
                spans.push(key(app, &key_for(action).to_string()));
                spans.push(Span::styled(format!(" {action}"), theme.action));
            }
        }
        Phase::Players { seat, .. } => {
            let info = &app.seats[seat];
            let level = info
                .level()
                .map(|l| format!(" ({})", format!("{l:?}").to_lowercase()))
                .unwrap_or_default();
            spans.push(Span::styled(
                format!("{}{level} is playing…", info.name),
                theme.text,
            ));
            spans.push(Span::styled(" any key skips", theme.dim));
        }
        Phase::Dealer => {
            spans.push(Span::styled("The dealer plays…", theme.text));
            spans.push(Span::styled(" any key skips", theme.dim));
        }
        Phase::Betting | Phase::Settled => {
            let bar = TABLE_KEYS.iter().filter_map(|k| {
                let label = match k.intent {
                    Intent::BetUp => "+/-",
                    _ => k.label.split_whitespace().next().unwrap_or(k.label),
                };
                k.bar.map(|what| (label, what))
            });
            for (k, what) in bar {
                if !spans.is_empty() {
                    spans.push(Span::raw("  "));
                }
                spans.push(key(app, k));
                spans.push(Span::styled(format!(" {what}"), theme.action));
            }
        }
    }
    Line::from(spans)
}

/// `Last play ✗ 16 vs T: …` — the grade of the person's last decision, in its tone.
fn grade_line(app: &App) -> Line<'static> {
    match app.log().last_grade() {
        Some(grade) => {
            let mut line = message_line(app, grade);
            line.spans
                .insert(0, Span::styled("Last play ", app.theme.dim));
            line
        }
        None => Line::from(Span::styled(
            "Last play: each of your decisions is graded here",
            app.theme.dim,
        )),
    }
}

fn hint_line(app: &App, with_count: bool) -> Line<'static> {
    let mut line = hint_only(app);
    if app.show_count && with_count {
        let (running, true_count) = app.count();
        if !line.spans.is_empty() {
            line.spans.push(Span::raw("  │ "));
        }
        line.spans.push(Span::styled(
            format!("Hi-Lo running {running:+} · true {true_count:+.1}"),
            app.theme.text,
        ));
    }
    line
}

fn hint_only(app: &App) -> Line<'static> {
    let theme = app.theme;
    if app.strategy().is_none() {
        // Only in the first moments of a session: the strategy is worked out in the background.
        return Line::from(Span::styled(
            "Working out the exact strategy for these rules…",
            theme.dim,
        ));
    }
    match app.hint() {
        Some(hint) => Line::from(vec![
            Span::styled("Hint: ", theme.hint),
            Span::styled(hint, theme.hint),
        ]),
        None if app.your_turn() => {
            Line::from(Span::styled("[t] shows the strategy hint", theme.dim))
        }
        None => Line::default(),
    }
}

/// `Bankroll 100 · Bet 1 │ Shoe ··|████ 280 left · cut in 204 · reshuffled`.
fn bank_line(app: &App, width: u16) -> Line<'static> {
    let theme = app.theme;
    let mut spans = vec![
        Span::styled("Bankroll ", theme.dim),
        Span::styled(amount(app.bankroll()), theme.title),
        Span::styled(" · Bet ", theme.dim),
        Span::styled(amount(app.bet()), theme.title),
    ];
    if let Some(typed) = app.count_check() {
        spans.push(Span::styled(
            format!(" · running count? {typed}_ Enter"),
            theme.active_hand,
        ));
    }
    if let Some(typed) = app.bet_entry() {
        spans.push(Span::styled(
            format!(" · new bet {typed}_ Enter"),
            theme.active_hand,
        ));
    }
    // A text marker, not colour alone: the statistics are not being written.
    if app.coach().not_saving().is_some() || app.coach().lost_something() {
        spans.push(Span::styled(" · ! stats not saved", theme.msg_error));
    }
    let shoe = app.table.shoe();
    let size = shoe.size().max(1);
    let left = shoe.remaining();
    let until_cut = shoe.until_cut();
    let cut = if until_cut > 0 {
        format!(" · cut in {until_cut}")
    } else {
        " · cut card out: reshuffle next round".to_owned()
    };
    let reshuffled = if app.reshuffled { " · reshuffled" } else { "" };
    let hints = if app.hints { " · hints on" } else { "" };
    // Drop what matters least until the line fits with a bar of at least 8.
    let fixed: usize = spans.iter().map(Span::width).sum::<usize>() + " │ Shoe ".chars().count();
    let room = usize::from(width).saturating_sub(fixed + 8);
    let full = format!(" {left} left{cut}{reshuffled}");
    let (hints, tail) = if hints.chars().count() + full.chars().count() <= room {
        (hints, full)
    } else if full.chars().count() <= room {
        ("", full)
    } else {
        ("", format!(" {left} left{reshuffled}"))
    };
    spans.push(Span::styled(hints, theme.dim));
    spans.push(Span::styled(" │ Shoe ", theme.dim));
    let used: usize = spans.iter().map(Span::width).sum::<usize>() + tail.chars().count();
    let bar = usize::from(width).saturating_sub(used).clamp(6, 24);
    let dealt = size - left.min(size);
    let cut_at = if until_cut > 0 {
        Some(((dealt + until_cut) * bar / size).min(bar - 1))
    } else {
        None
    };
    let (dealt_ch, left_ch, cut_ch) = if app.ascii {
        ('.', '#', '|')
    } else {
        ('·', '█', '┃')
    };
    let mut before_cut = String::new();
    let mut after_cut = String::new();
    for i in 0..bar {
        let pos = (2 * i + 1) * size / (2 * bar);
        let ch = if pos < dealt { dealt_ch } else { left_ch };
        match cut_at {
            Some(c) if i == c => {}
            Some(c) if i > c => after_cut.push(ch),
            _ => before_cut.push(ch),
        }
    }
    // Split the bar into styled runs: dealt cards, cards left, the cut card.
    let push_run = |spans: &mut Vec<Span<'static>>, run: &str| {
        let dealt: String = run.chars().filter(|&c| c == dealt_ch).collect();
        let rest: String = run.chars().filter(|&c| c != dealt_ch).collect();
        if !dealt.is_empty() {
            spans.push(Span::styled(dealt, theme.dim));
        }
        if !rest.is_empty() {
            spans.push(Span::styled(rest, theme.gauge_left));
        }
    };
    push_run(&mut spans, &before_cut);
    if cut_at.is_some() {
        spans.push(Span::styled(cut_ch.to_string(), theme.gauge_cut));
        push_run(&mut spans, &after_cut);
    }
    spans.push(Span::styled(tail, theme.text));
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(line: &Line) -> String {
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    /// ✓ and ✗ (`+` and `x` in ASCII) mark graded answers only; a hand won or lost is marked
    /// as news, in its style.
    #[test]
    fn only_grades_carry_the_grade_marks() {
        for ascii in [false, true] {
            let config = crate::tui::TableConfig {
                seed: 1,
                ascii,
                ..Default::default()
            };
            let app = App::new(&crate::engine::Rules::default(), config).expect("default options");
            let grade_marks = if ascii { ["+", "x"] } else { ["✓", "✗"] };
            for tone in [
                Tone::Info,
                Tone::Good,
                Tone::Bad,
                Tone::Won,
                Tone::Lost,
                Tone::Error,
            ] {
                let (mark, _) = tone_mark(&app, tone);
                let graded = matches!(tone, Tone::Good | Tone::Bad);
                assert_eq!(grade_marks.contains(&mark), graded, "{tone:?}: {mark}");
            }
            assert_eq!(tone_mark(&app, Tone::Won).1, app.theme.msg_good);
            assert_eq!(tone_mark(&app, Tone::Lost).1, app.theme.msg_bad);
        }
    }

    #[test]
    fn a_line_past_the_edge_ends_in_an_ellipsis_within_the_width() {
        let line = Line::from(vec![Span::raw("Hint: "), Span::raw("stand — 16 vs T ♠")]);
        assert_eq!(
            text(&clipped(line.clone(), 40, "…")),
            text(&line),
            "it fits"
        );
        let cut = clipped(line.clone(), 12, "…");
        assert_eq!((text(&cut), cut.width()), ("Hint: stand…".to_owned(), 12));
        let cut = clipped(line.clone(), 12, "...");
        assert_eq!((text(&cut), cut.width()), ("Hint: sta...".to_owned(), 12));
        // A wide character that would straddle the edge is left out whole.
        let wide = Line::from("ab漢字");
        assert_eq!(text(&clipped(wide, 4, "…")), "ab…");
    }

    #[test]
    fn words_wrap_between_words_within_the_width() {
        assert_eq!(
            wrap_words("the dealer busts only 23% showing T", 12),
            ["the dealer", "busts only", "23% showing", "T"]
        );
        assert_eq!(wrap_words("short", 12), ["short"]);
        assert_eq!(wrap_words("", 12), [""]);
        // A word longer than a row is broken where the row ends.
        assert_eq!(wrap_words("a abcdefghij", 4), ["a", "abcd", "efgh", "ij"]);
        for row in wrap_words("Why: 16 loses to any made hand (chart average −0.571)", 9) {
            assert!(row.chars().count() <= 9, "{row:?}");
        }
    }
}
