//! Laying words into lines of a given width, so a panel of any width shows all it holds: cards
//! and words wrap rather than vanish.

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthChar;

use crate::text::wrap_words;

/// A word to lay out: never split; a separator (`·`) is dropped at the start or end of a line.
#[derive(Debug, Clone, PartialEq)]
pub struct Token<'a> {
    /// The text and its style.
    pub span: Span<'a>,
    /// Whether this is a separator.
    pub sep: bool,
}

impl<'a> Token<'a> {
    /// A word.
    pub fn word(span: impl Into<Span<'a>>) -> Token<'a> {
        Token { span: span.into(), sep: false }
    }

    /// A separator.
    pub fn sep(span: impl Into<Span<'a>>) -> Token<'a> {
        Token { span: span.into(), sep: true }
    }
}

/// The tokens laid out greedily into lines at most `width` wide, one space between tokens.
/// A token wider than `width` gets a line of its own (and is clipped when drawn).
pub fn flow<'a>(tokens: &[Token<'a>], width: u16) -> Vec<Line<'a>> {
    let width = usize::from(width.max(1));
    let mut lines: Vec<Vec<&Token<'a>>> = Vec::new();
    let mut current: Vec<&Token<'a>> = Vec::new();
    let mut used = 0;
    for token in tokens {
        let w = token.span.width();
        if current.is_empty() {
            if token.sep {
                continue;
            }
            current.push(token);
            used = w;
        } else if used + 1 + w <= width {
            current.push(token);
            used += 1 + w;
        } else {
            lines.push(std::mem::take(&mut current));
            if !token.sep {
                current.push(token);
                used = w;
            }
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
        .into_iter()
        .map(|mut words| {
            while words.last().is_some_and(|t| t.sep) {
                words.pop();
            }
            let mut spans = Vec::with_capacity(words.len() * 2);
            for (i, t) in words.into_iter().enumerate() {
                if i > 0 {
                    spans.push(Span::raw(" "));
                }
                spans.push(t.span.clone());
            }
            Line::from(spans)
        })
        .collect()
}

/// `line` cut to `width` columns, ending in `ellipsis` where it was cut: a line that goes on
/// says so.
pub fn clipped(line: Line<'static>, width: u16, ellipsis: &'static str) -> Line<'static> {
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

/// `text` after `lead` (a label in its own style), wrapped to `width`; the rows after the
/// first are indented under the text.
pub fn labelled(lead: Span<'static>, text: &str, style: Style, width: u16) -> Vec<Line<'static>> {
    let indent = lead.width();
    let rows = wrap_words(text, usize::from(width).saturating_sub(indent).max(1));
    rows.into_iter()
        .enumerate()
        .map(|(i, row)| {
            let head = if i == 0 { lead.clone() } else { Span::raw(" ".repeat(indent)) };
            Line::from(vec![head, Span::styled(row, style)])
        })
        .collect()
}

/// `lines` cut to `rows` rows (one at least). When rows go, the last row kept ends in `more`
/// (in `style`) — how to see the rest — or, where those words would leave less than half the
/// row, in `ellipsis` alone: a text cut short says so.
pub fn cut_to_rows(
    mut lines: Vec<Line<'static>>,
    rows: usize,
    more: &'static str,
    ellipsis: &'static str,
    style: Style,
    width: u16,
) -> Vec<Line<'static>> {
    let rows = rows.max(1);
    if lines.len() <= rows {
        return lines;
    }
    lines.truncate(rows);
    if let Some(last) = lines.last_mut() {
        let room = width.saturating_sub(u16::try_from(more.chars().count()).unwrap_or(u16::MAX));
        if room >= width / 2 {
            let mut row = clipped(std::mem::take(last), room, "");
            row.spans.push(Span::styled(more, style));
            *last = row;
        } else {
            last.spans.push(Span::styled(ellipsis, style));
            *last = clipped(std::mem::take(last), width, ellipsis);
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(lines: &[Line<'_>]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn words_wrap_and_separators_never_start_or_end_a_line() {
        let tokens = [
            Token::word("A♠"),
            Token::word("10♥"),
            Token::sep("·"),
            Token::word("soft 21"),
            Token::sep("·"),
            Token::word("+1.5"),
        ];
        assert_eq!(text(&flow(&tokens, 40)), ["A♠ 10♥ · soft 21 · +1.5"]);
        assert_eq!(text(&flow(&tokens, 8)), ["A♠ 10♥", "soft 21", "+1.5"]);
        assert_eq!(text(&flow(&tokens, 1)), ["A♠", "10♥", "soft 21", "+1.5"]);
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

    #[test]
    fn a_line_past_the_edge_ends_in_an_ellipsis_within_the_width() {
        let line = Line::from(vec![Span::raw("Hint: "), Span::raw("stand — 16 vs T ♠")]);
        assert_eq!(clipped(line.clone(), 40, "…").to_string(), line.to_string(), "it fits");
        let cut = clipped(line.clone(), 12, "…");
        assert_eq!((cut.to_string(), cut.width()), ("Hint: stand…".to_owned(), 12));
        let cut = clipped(line.clone(), 12, "...");
        assert_eq!((cut.to_string(), cut.width()), ("Hint: sta...".to_owned(), 12));
        // A wide character that would straddle the edge is left out whole.
        let wide = Line::from("ab漢字");
        assert_eq!(clipped(wide, 4, "…").to_string(), "ab…");
    }

    #[test]
    fn rows_cut_short_say_how_to_see_the_rest() {
        let lines: Vec<Line<'static>> =
            ["one two three", "four five six", "seven"].into_iter().map(Line::from).collect();
        let whole = cut_to_rows(lines.clone(), 3, " … more", "…", Style::new(), 20);
        assert_eq!(text(&whole), ["one two three", "four five six", "seven"]);
        let cut = cut_to_rows(lines.clone(), 2, " … more", "…", Style::new(), 16);
        assert_eq!(text(&cut), ["one two three", "four five … more"]);
        // Too narrow for the words: the ellipsis alone, within the width.
        let narrow = cut_to_rows(lines, 1, " … more", "…", Style::new(), 8);
        assert_eq!(text(&narrow), ["one two…"]);
    }

    #[test]
    fn a_labelled_text_wraps_under_itself() {
        let lines = labelled(Span::raw("Hint: "), "stand on 16 against a ten", Style::new(), 16);
        assert_eq!(text(&lines), ["Hint: stand on", "      16 against", "      a ten"]);
    }
}
