//! One seat's panel: its name and AI level, every hand (split hands all at once), each with
//! its cards, total, stake and, once settled, its outcome. The hand to act carries a `▶`
//! marker and a highlight.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Paragraph, Widget};

use crate::engine::{OutcomeKind, PlayerHand};

use super::super::app::App;
use super::cards::{Face, Spread, boxed_row, chip, row_width};
use super::flow::{Token, flow};
use super::{ascii_border, marker};

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

/// Draws seat `seat` of `app` into `area`.
pub fn render_seat(app: &App, seat: usize, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let active = app.table.active();
    let is_active = active.is_some_and(|(s, _)| s == seat);
    let is_you = seat == app.you;

    let width = area.width.saturating_sub(2);
    let title = seat_title(app, seat, is_active, usize::from(width));
    let border_style = if is_active {
        theme.frame_active
    } else if is_you {
        theme.frame_you
    } else {
        theme.frame
    };
    let mut block = Block::bordered()
        .title(Line::from(Span::styled(title, theme.title)))
        .border_style(border_style);
    block = match (app.ascii, is_active, is_you) {
        (true, active, _) => block.border_set(ascii_border(active)),
        (false, true, _) => block.border_type(BorderType::Thick),
        (false, false, true) => block.border_type(BorderType::Double),
        (false, false, false) => block.border_type(BorderType::Rounded),
    };
    // Each seat's net shows from the first deal on.
    if app.table.phase() != crate::engine::Phase::Betting {
        let net = format!("net {}", app.table.seats()[seat].net_money());
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

    let hands = app.table.seats().get(seat).map_or(&[][..], |s| s.hands());
    if hands.is_empty() {
        Paragraph::new(Line::from(Span::styled("waiting", theme.dim)))
            .alignment(Alignment::Center)
            .render(inner, buf);
        return;
    }
    let active_hand = active.and_then(|(s, h)| (s == seat).then_some(h));
    let lines = hand_lines(app, seat, hands, active_hand, inner.width, inner.height);
    Paragraph::new(lines).render(inner, buf);
}

/// `▶ You · seat 2`, `Seat 1 · normal`, shortened to fit; every seat takes the same form
/// so the row reads evenly.
fn seat_title(app: &App, seat: usize, active: bool, room: usize) -> String {
    let form = (0..app.seats.len())
        .map(|s| {
            (0..TITLE_FORMS)
                .find(|&f| title_form(app, s, false, f).chars().count() <= room)
                .unwrap_or(TITLE_FORMS - 1)
        })
        .max()
        .unwrap_or(0);
    title_form(app, seat, active, form)
}

const TITLE_FORMS: usize = 4;

fn title_form(app: &App, seat: usize, active: bool, form: usize) -> String {
    let info = &app.seats[seat];
    let mark = if active {
        format!("{} ", marker(app.ascii))
    } else {
        String::new()
    };
    let n = seat + 1;
    match (info.level(), form) {
        (None, 0) => format!(" {mark}You · seat {n} "),
        (None, 1) => format!(" {mark}You "),
        (None, _) => format!("{mark}You"),
        (Some(level), form) => {
            let level = format!("{level:?}").to_lowercase();
            let short: String = level.chars().take(4).collect();
            match form {
                0 => format!(" {mark}{} · {level} ", info.name),
                1 => format!(" {mark}{n} · {level} "),
                2 => format!("{mark}{n}·{short}"),
                _ => format!("{mark}{n}"),
            }
        }
    }
}

/// The lines of every hand of a seat, in the roomiest mode that fits `height`.
fn hand_lines(
    app: &App,
    seat: usize,
    hands: &[PlayerHand],
    active: Option<usize>,
    width: u16,
    height: u16,
) -> Vec<Line<'static>> {
    let mut blocks = Vec::new();
    for mode in [Mode::Boxed, Mode::Chips, Mode::Inline] {
        blocks = hands
            .iter()
            .enumerate()
            .map(|(i, h)| hand_block(app, seat, h, active == Some(i), width, mode))
            .collect::<Vec<_>>();
        let needed: usize = blocks.iter().map(Vec::len).sum();
        if needed <= usize::from(height) {
            return blocks.into_iter().flatten().collect();
        }
    }
    // Still too tall: keep the hand to act in sight, dropping earlier hands first.
    let keep_from = active.unwrap_or(0);
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
        let more = format!("{} {dropped} more", if app.ascii { "^" } else { "↑" });
        lines.push(Line::from(Span::styled(more, app.theme.dim)));
    }
    lines.extend(blocks.into_iter().skip(dropped).flatten());
    lines
}

fn hand_block(
    app: &App,
    seat: usize,
    hand: &PlayerHand,
    active: bool,
    width: u16,
    mode: Mode,
) -> Vec<Line<'static>> {
    let theme = app.theme;
    let faces: Vec<Face> = hand.cards.as_slice().iter().map(|&c| Face::Up(c)).collect();
    let info = info_tokens(app, seat, hand, active, width);
    let mut lines: Vec<Line<'static>> = Vec::new();
    let w = usize::from(width);
    let info_lines = |tokens: &[Token<'static>]| {
        let mut lines = flow(tokens, width);
        if active && let Some(first) = lines.first_mut() {
            first.style = theme.active_hand;
        }
        lines
    };
    match mode {
        Mode::Boxed if row_width(faces.len(), Spread::Apart) <= w => {
            lines.extend(boxed_row(&faces, Spread::Apart, app.ascii, theme));
            lines.extend(info_lines(&info));
        }
        Mode::Boxed if row_width(faces.len(), Spread::Fanned) <= w => {
            lines.extend(boxed_row(&faces, Spread::Fanned, app.ascii, theme));
            lines.extend(info_lines(&info));
        }
        Mode::Boxed | Mode::Chips => {
            let chips: Vec<Token> = faces
                .iter()
                .map(|&f| Token::word(chip(f, app.ascii, theme)))
                .collect();
            lines.extend(flow(&chips, width));
            lines.extend(info_lines(&info));
        }
        Mode::Inline => {
            let mut tokens: Vec<Token> = Vec::new();
            let (marker_tokens, rest) = info.split_at(usize::from(active));
            tokens.extend(marker_tokens.iter().cloned());
            tokens.extend(
                faces
                    .iter()
                    .map(|&f| Token::word(chip(f, app.ascii, theme))),
            );
            tokens.extend(rest.iter().cloned());
            lines.extend(info_lines(&tokens));
        }
    }
    lines
}

/// `▶ soft 17 · bet 2 doubled · +4`, as tokens. The marker, when present, comes first.
fn info_tokens(
    app: &App,
    seat: usize,
    hand: &PlayerHand,
    active: bool,
    width: u16,
) -> Vec<Token<'static>> {
    let theme = app.theme;
    let bet = app.table.seats()[seat].bet();
    let mut tokens = Vec::new();
    if active {
        tokens.push(Token::word(Span::styled(
            marker(app.ascii).to_string(),
            theme.active_hand,
        )));
    }
    let total = hand.total();
    let total_text = if hand.is_natural() {
        if width >= 9 { "blackjack" } else { "BJ" }.to_owned()
    } else {
        total.to_string()
    };
    tokens.push(Token::word(Span::styled(total_text, theme.title)));
    tokens.push(Token::sep(Span::styled("·", theme.dim)));
    tokens.push(Token::word(Span::styled(
        format!("bet {}", (bet * i64::from(hand.stake)).plain()),
        theme.text,
    )));
    if hand.is_doubled() {
        tokens.push(Token::word(Span::styled("doubled", theme.title)));
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
        tokens.push(Token::word(Span::styled(text, style)));
    }
    tokens
}
