//! Small drawn cards: a 5×3 box with rank and suit, a card back, or a one-line chip; Unicode
//! or ASCII (`--ascii`). Red and black suits differ in style *and* in their symbol.

use ratatui::text::{Line, Span};

use crate::engine::Card;

use super::super::theme::Theme;

/// A card as it lies on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    /// Face up.
    Up(Card),
    /// Face down (the dealer's second card until revealed).
    Down,
}

/// How boxed cards sit side by side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spread {
    /// Apart, one column between cards.
    Apart,
    /// Overlapping: each card covers the right edge of the one before.
    Fanned,
}

/// Height of a boxed card.
pub const CARD_HEIGHT: u16 = 3;

/// Width of `n` boxed cards laid out with `spread`.
pub fn row_width(n: usize, spread: Spread) -> usize {
    match (n, spread) {
        (0, _) => 0,
        (n, Spread::Apart) => 6 * n - 1,
        (n, Spread::Fanned) => 4 * n + 1,
    }
}

/// How `n` boxed cards fit in `width` columns: apart, else fanned; `None` if neither fits.
pub fn fitting_spread(n: usize, width: usize) -> Option<Spread> {
    [Spread::Apart, Spread::Fanned].into_iter().find(|&spread| row_width(n, spread) <= width)
}

fn face_style(card: Card, theme: &Theme) -> ratatui::style::Style {
    if card.suit().is_red() { theme.card_red } else { theme.card_black }
}

fn suit_char(card: Card, ascii: bool) -> char {
    if ascii { card.suit().ascii() } else { card.suit().symbol() }
}

/// The three inner columns of a boxed card: `A ♠`, `10♥`, `░░░`.
fn inner(face: Face, ascii: bool, theme: &Theme) -> Span<'static> {
    match face {
        Face::Up(card) => Span::styled(
            format!("{:<2}{}", card.rank().symbol(), suit_char(card, ascii)),
            face_style(card, theme),
        ),
        Face::Down => Span::styled(if ascii { "###" } else { "░░░" }, theme.card_back),
    }
}

/// One card as a chip on a line of text: `A♠`, `10♥`, `░░`.
pub fn chip(face: Face, ascii: bool, theme: &Theme) -> Span<'static> {
    match face {
        Face::Up(card) => Span::styled(
            format!("{}{}", card.rank().symbol(), suit_char(card, ascii)),
            face_style(card, theme),
        ),
        Face::Down => Span::styled(if ascii { "##" } else { "░░" }, theme.card_back),
    }
}

/// The three lines of a row of boxed cards.
pub fn boxed_row(faces: &[Face], spread: Spread, ascii: bool, theme: &Theme) -> [Line<'static>; 3] {
    let (tl, tr, bl, br, h, v) = if ascii {
        ("+", "+", "+", "+", "---", "|")
    } else {
        ("╭", "╮", "╰", "╯", "───", "│")
    };
    let edge = theme.card_edge;
    let mut top = Vec::new();
    let mut mid = Vec::new();
    let mut bottom = Vec::new();
    for (i, &face) in faces.iter().enumerate() {
        let last = i + 1 == faces.len();
        if i > 0 && spread == Spread::Apart {
            top.push(Span::raw(" "));
            mid.push(Span::raw(" "));
            bottom.push(Span::raw(" "));
        }
        top.push(Span::styled(format!("{tl}{h}"), edge));
        bottom.push(Span::styled(format!("{bl}{h}"), edge));
        mid.push(Span::styled(v, edge));
        mid.push(inner(face, ascii, theme));
        if last || spread == Spread::Apart {
            top.push(Span::styled(tr, edge));
            bottom.push(Span::styled(br, edge));
            mid.push(Span::styled(v, edge));
        }
    }
    [Line::from(top), Line::from(mid), Line::from(bottom)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Rank, Suit};
    use crate::tui::theme::MONO;

    fn text(lines: &[Line<'_>]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn boxed_cards_show_rank_and_suit() {
        let faces = [
            Face::Up(Card::new(Rank::Ace, Suit::Spades)),
            Face::Up(Card::new(Rank::Ten, Suit::Hearts)),
            Face::Down,
        ];
        let apart = boxed_row(&faces, Spread::Apart, false, &MONO);
        assert_eq!(text(&apart), ["╭───╮ ╭───╮ ╭───╮", "│A ♠│ │10♥│ │░░░│", "╰───╯ ╰───╯ ╰───╯"]);
        assert_eq!(apart[1].width(), row_width(3, Spread::Apart));
        let fanned = boxed_row(&faces, Spread::Fanned, true, &MONO);
        assert_eq!(text(&fanned), ["+---+---+---+", "|A s|10h|###|", "+---+---+---+"]);
        assert_eq!(fanned[1].width(), row_width(3, Spread::Fanned));
    }

    #[test]
    fn chips_are_short() {
        let c = Card::new(Rank::King, Suit::Diamonds);
        assert_eq!(chip(Face::Up(c), false, &MONO).content, "K♦");
        assert_eq!(chip(Face::Up(c), true, &MONO).content, "Kd");
        assert_eq!(chip(Face::Down, true, &MONO).content, "##");
    }
}
