//! One seat's panel: its name and level, every hand with its cards, total, stake and outcome;
//! the hand to act marked `▶` and highlighted.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Paragraph, Widget};

use crate::ai::Level;
use crate::engine::{OutcomeKind, PlayerHand, Units};

use super::cards::{Face, boxed_row, chip, fitting_spread};
use super::flow::{Token, flow};
use super::{Ctx, ascii_border};

/// What a seat's panel shows.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatPanel<'a> {
    /// Its place at the table, from 0.
    pub index: usize,
    /// `You` or `Seat 3`.
    pub name: &'a str,
    /// The AI's level; `None` for the person.
    pub level: Option<Level>,
    /// The seat is to act.
    pub active: bool,
    /// The person's seat.
    pub you: bool,
    /// The hand to act, if the seat is to act.
    pub active_hand: Option<usize>,
    /// The hands of the round on the table.
    pub hands: &'a [PlayerHand],
    /// The bet the round was dealt at (a doubled hand stakes it twice).
    pub bet: Units,
    /// The seat's net since it bought in, from the first deal on.
    pub net: Option<Units>,
}

/// How much room a hand takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Boxed cards over a line of total, stake and outcome.
    Boxed,
    /// Card chips over the line of total, stake and outcome.
    Chips,
    /// Everything on as few lines as possible.
    Inline,
}

/// Draws the seats side by side in `area`, centred, under a blank row; each at most
/// `max_width` wide.
pub fn render_seats(
    seats: &[SeatPanel<'_>],
    max_width: u16,
    ctx: Ctx,
    area: Rect,
    buf: &mut Buffer,
) {
    let n = u16::try_from(seats.len()).unwrap_or(1).max(1);
    let width = (area.width / n).min(max_width);
    if width == 0 {
        return;
    }
    let gap = u16::from(area.height > 6);
    let height = area.height - gap;
    let x0 = area.x + (area.width - width * n) / 2;
    // Every seat takes the same form of title, so the row reads evenly.
    let room = usize::from(width.saturating_sub(2));
    let form = seats
        .iter()
        .map(|s| {
            (0..TITLE_FORMS)
                .find(|&f| title_form(s, false, f, ctx).chars().count() <= room)
                .unwrap_or(TITLE_FORMS - 1)
        })
        .max()
        .unwrap_or(0);
    for (i, seat) in seats.iter().enumerate() {
        let i = u16::try_from(i).unwrap_or(0);
        let rect = Rect::new(x0 + i * width, area.y + gap, width, height);
        render_seat(seat, form, ctx, rect, buf);
    }
}

/// Draws one seat into `area`, its title in form `form`.
fn render_seat(seat: &SeatPanel<'_>, form: usize, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    let theme = ctx.theme;
    let width = area.width.saturating_sub(2);
    let title = title_form(seat, seat.active, form, ctx);
    let border_style = if seat.active {
        theme.frame_active
    } else if seat.you {
        theme.frame_you
    } else {
        theme.frame
    };
    let mut block = Block::bordered()
        .title(Line::from(Span::styled(title, theme.title)))
        .border_style(border_style);
    block = match (ctx.ascii, seat.active, seat.you) {
        (true, active, _) => block.border_set(ascii_border(active)),
        (false, true, _) => block.border_type(BorderType::Thick),
        (false, false, true) => block.border_type(BorderType::Double),
        (false, false, false) => block.border_type(BorderType::Rounded),
    };
    if let Some(net) = seat.net {
        let net = format!("net {net}");
        if net.chars().count() + 2 <= usize::from(width) {
            block = block.title_bottom(
                Line::from(Span::styled(format!(" {net} "), theme.dim)).alignment(Alignment::Right),
            );
        }
    }
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.width == 0 || inner.height == 0 {
        return;
    }
    if seat.hands.is_empty() {
        Paragraph::new(Line::from(Span::styled("waiting", theme.dim)))
            .alignment(Alignment::Center)
            .render(inner, buf);
        return;
    }
    let lines = hand_lines(seat, ctx, inner.width, inner.height);
    Paragraph::new(lines).render(inner, buf);
}

const TITLE_FORMS: usize = 4;

/// `▶ You · seat 2`, `Seat 1 · normal`, in form `form` (0 the longest).
fn title_form(seat: &SeatPanel<'_>, active: bool, form: usize, ctx: Ctx) -> String {
    let mark = if active { format!("{} ", ctx.marker()) } else { String::new() };
    let n = seat.index + 1;
    match (seat.level, form) {
        (None, 0) => format!(" {mark}You · seat {n} "),
        (None, 1) => format!(" {mark}You "),
        (None, _) => format!("{mark}You"),
        (Some(level), form) => {
            let level = level.name();
            let short: String = level.chars().take(4).collect();
            match form {
                0 => format!(" {mark}{} · {level} ", seat.name),
                1 => format!(" {mark}{n} · {level} "),
                2 => format!("{mark}{n}·{short}"),
                _ => format!("{mark}{n}"),
            }
        }
    }
}

/// The lines of every hand of a seat, in the roomiest mode that fits `height`.
fn hand_lines(seat: &SeatPanel<'_>, ctx: Ctx, width: u16, height: u16) -> Vec<Line<'static>> {
    let mut blocks = Vec::new();
    for mode in [Mode::Boxed, Mode::Chips, Mode::Inline] {
        blocks = seat
            .hands
            .iter()
            .enumerate()
            .map(|(i, h)| hand_block(seat, h, seat.active_hand == Some(i), ctx, width, mode))
            .collect::<Vec<_>>();
        let needed: usize = blocks.iter().map(Vec::len).sum();
        if needed <= usize::from(height) {
            return blocks.into_iter().flatten().collect();
        }
    }
    // Still too tall: keep the hand to act in sight, dropping earlier hands first.
    let keep_from = seat.active_hand.unwrap_or(0);
    let mut dropped = 0;
    while dropped < keep_from {
        let needed: usize = blocks[dropped..].iter().map(Vec::len).sum::<usize>() + 1;
        if needed <= usize::from(height) {
            break;
        }
        dropped += 1;
    }
    let mut lines = Vec::new();
    if dropped > 0 {
        let more = format!("{} {dropped} more", if ctx.ascii { "^" } else { "↑" });
        lines.push(Line::from(Span::styled(more, ctx.theme.dim)));
    }
    lines.extend(blocks.into_iter().skip(dropped).flatten());
    lines
}

fn hand_block(
    seat: &SeatPanel<'_>,
    hand: &PlayerHand,
    active: bool,
    ctx: Ctx,
    width: u16,
    mode: Mode,
) -> Vec<Line<'static>> {
    let theme = ctx.theme;
    let faces: Vec<Face> = hand.cards.as_slice().iter().map(|&c| Face::Up(c)).collect();
    let info = info_tokens(seat.bet, hand, active, ctx, width);
    let info_lines = |tokens: &[Token<'static>]| {
        let mut lines = flow(tokens, width);
        if active && let Some(first) = lines.first_mut() {
            first.style = theme.active_hand;
        }
        lines
    };
    let chips = || faces.iter().map(|&f| Token::word(chip(f, ctx.ascii, theme)));
    let mut lines = match (mode, fitting_spread(faces.len(), usize::from(width))) {
        (Mode::Boxed, Some(spread)) => boxed_row(&faces, spread, ctx.ascii, theme).to_vec(),
        (Mode::Boxed | Mode::Chips, _) => flow(&chips().collect::<Vec<_>>(), width),
        (Mode::Inline, _) => {
            // The marker, the chips and the rest of the info flow as one.
            let (marker, rest) = info.split_at(usize::from(active));
            let tokens: Vec<Token> =
                marker.iter().cloned().chain(chips()).chain(rest.iter().cloned()).collect();
            return info_lines(&tokens);
        }
    };
    lines.extend(info_lines(&info));
    lines
}

/// `▶ soft 17 · bet 2 doubled · +4`, as tokens. The marker, when present, comes first.
fn info_tokens(
    bet: Units,
    hand: &PlayerHand,
    active: bool,
    ctx: Ctx,
    width: u16,
) -> Vec<Token<'static>> {
    let theme = ctx.theme;
    let word = |text: String, style| Token::word(Span::styled(text, style));
    let mut tokens = Vec::new();
    if active {
        tokens.push(word(ctx.marker().to_string(), theme.active_hand));
    }
    let total_text = if hand.is_natural() {
        if width >= 9 { "blackjack" } else { "BJ" }.to_owned()
    } else {
        hand.total().to_string()
    };
    let stake = (bet * i64::from(hand.stake)).plain();
    tokens.push(word(total_text, theme.title));
    tokens.push(Token::sep(Span::styled("·", theme.dim)));
    tokens.push(word(format!("bet {stake}"), theme.text));
    if hand.is_doubled() {
        tokens.push(word("doubled".to_owned(), theme.title));
    }
    if let Some(outcome) = hand.outcome {
        let amount = outcome.money;
        let (text, style): (String, Style) = match outcome.kind {
            OutcomeKind::Blackjack | OutcomeKind::Win => (amount.to_string(), theme.win),
            OutcomeKind::Push => ("push".to_owned(), theme.push),
            OutcomeKind::Loss => (amount.to_string(), theme.loss),
            OutcomeKind::Bust => (format!("bust {amount}"), theme.loss),
        };
        tokens.push(Token::sep(Span::styled("·", theme.dim)));
        tokens.push(word(text, style));
    }
    tokens
}
