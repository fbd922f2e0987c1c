//! Laying styled words into lines of a given width, so a seat panel of any width shows the
//! whole hand: cards wrap rather than vanish.

use ratatui::text::{Line, Span};

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
        Token {
            span: span.into(),
            sep: false,
        }
    }

    /// A separator.
    pub fn sep(span: impl Into<Span<'a>>) -> Token<'a> {
        Token {
            span: span.into(),
            sep: true,
        }
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
}
