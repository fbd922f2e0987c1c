//! The dealer at the top: the up card, the face-down card as a card back until it is turned
//! over, and the total once known (`soft 17`, `blackjack`, `bust with 25`).

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Paragraph, Widget};

use crate::engine::DealerHand;

use super::cards::{Face, boxed_row, chip, fitting_spread};
use super::{Ctx, ascii_border};

/// Height of the dealer's area with boxed cards.
pub const TALL_HEIGHT: u16 = 6;
/// Height of the dealer's area with card chips.
pub const SHORT_HEIGHT: u16 = 3;

/// Draws the dealer's visible hand into `area` (boxed cards when it is [`TALL_HEIGHT`]
/// high); `playing` while the dealer draws.
pub fn render_dealer(dealer: &DealerHand, playing: bool, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    let theme = ctx.theme;
    let title = if playing { format!(" {} Dealer ", ctx.marker()) } else { " Dealer ".to_owned() };
    let mut block = Block::bordered()
        .title(Line::from(Span::styled(title, theme.title)).alignment(Alignment::Center))
        .border_style(if playing { theme.frame_active } else { theme.frame });
    block = if ctx.ascii {
        block.border_set(ascii_border(playing))
    } else if playing {
        block.border_type(BorderType::Thick)
    } else {
        block.border_type(BorderType::Rounded)
    };
    let inner = block.inner(area);
    block.render(area, buf);

    if dealer.cards.is_empty() {
        Paragraph::new(Line::from(Span::styled("waiting for the deal", theme.dim)))
            .alignment(Alignment::Center)
            .render(inner, buf);
        return;
    }
    let mut faces: Vec<Face> = dealer.cards.as_slice().iter().map(|&c| Face::Up(c)).collect();
    if !dealer.revealed {
        faces.push(Face::Down);
    }
    let total = Span::styled(dealer_total(dealer), theme.title);
    let width = usize::from(inner.width);
    let mut lines: Vec<Line> = Vec::new();
    if inner.height > 3
        && let Some(spread) = fitting_spread(faces.len(), width)
    {
        lines.extend(boxed_row(&faces, spread, ctx.ascii, theme));
        lines.push(Line::from(total.clone()));
    }
    if lines.is_empty() {
        let chips = faces.iter().flat_map(|&f| [chip(f, ctx.ascii, theme), Span::raw(" ")]);
        let mut spans: Vec<Span> = chips.collect();
        spans.extend([Span::styled("· ", theme.dim), total]);
        lines.push(Line::from(spans));
    }
    Paragraph::new(lines).alignment(Alignment::Center).render(inner, buf);
}

/// `showing 10` before the face-down card is turned; then the total.
fn dealer_total(dealer: &DealerHand) -> String {
    if !dealer.revealed {
        return match dealer.cards.as_slice().first() {
            Some(up) if up.value() == 1 => "showing A".to_owned(),
            Some(up) => format!("showing {}", up.value().get()),
            None => String::new(),
        };
    }
    crate::session::narrate::dealer_total_text(dealer)
}
