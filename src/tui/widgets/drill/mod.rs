//! The drill screens: the chooser (over the table), a decision drill and the counting quiz;
//! each mark has a symbol or words with its style.

pub mod count_drills;
mod frame;
pub mod tray;

use std::collections::VecDeque;

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::analysis::chart::HandKind;
use crate::text::signed_decimals;
use crate::trainer::drills::count_quiz::{CountAnswer, CountDrill, RoundCards};
use crate::trainer::drills::decision::{Answer, DecisionDrill};
use crate::trainer::drills::kinds::DrillKind;
use crate::tui::message::{Message, Tone};
use crate::tui::widgets::Ctx;
use crate::tui::widgets::cards::{Face, chip};
use crate::tui::widgets::marker;
use crate::tui::widgets::overlay::draw_box;
use crate::tui::widgets::status::{actions_line, keys_line, note_line, tone_mark, wrapped_message};

use self::frame::{BAR_HEIGHT, DrillFrame, card_lines, chips, prompt_line, typed_line};

/// What the drill chooser shows: the line marked, each drill's record in words (in the order
/// of [`DrillKind::ALL`]), and what the last key did wrong.
pub struct ChooserView<'a> {
    /// The marked line (an index into [`DrillKind::ALL`]).
    pub selected: usize,
    /// The person's record for each drill, in words.
    pub records: Vec<String>,
    /// A notice, if any.
    pub note: Option<&'a Message>,
    /// The name of the count kept (`Hi-Lo`, `Zen`), which the count quiz's line names.
    pub count: &'a str,
}

/// What a drill screen shows: the drill's own state, and for the countdown the best perfect
/// run so far.
pub enum DrillView<'a> {
    /// A decision drill.
    Decision(DecisionView<'a>),
    /// The counting quiz.
    Count(CountView<'a>),
    /// A typed counting drill.
    Quiz(count_drills::QuizView<'a>),
    /// A deck countdown.
    Countdown(count_drills::CountdownView<'a>),
}

/// What a decision drill shows: the question, the graded answers, a notice, the reason.
pub struct DecisionView<'a> {
    /// The drill: the question, the legal answers, the score.
    pub drill: &'a DecisionDrill,
    /// The graded answers, newest first.
    pub answers: &'a VecDeque<Answer>,
    /// A notice: a refused key, a retired cell.
    pub note: Option<&'a Message>,
    /// Why the best play of the newest answer is best.
    pub why: Option<&'a str>,
}

/// What the count quiz shows: the round as far as it is dealt, the answers, what is typed.
pub struct CountView<'a> {
    /// The quiz: its count, its shoe, the score.
    pub drill: &'a CountDrill,
    /// The last round as far as it has been dealt.
    pub round: RoundCards,
    /// The scored answers with their round, newest first.
    pub answers: &'a VecDeque<(u32, CountAnswer)>,
    /// A notice: a refused key.
    pub note: Option<&'a Message>,
    /// The running count typed so far.
    pub input: &'a str,
    /// Seconds between cards.
    pub pace: f64,
    /// The last round's cards are still coming.
    pub dealing: bool,
    /// The running count is asked now.
    pub asking: bool,
}

/// The drill of `view`.
pub fn render_drill(view: &DrillView<'_>, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    match view {
        DrillView::Decision(screen) => render_decision(ctx, screen, area, buf),
        DrillView::Count(screen) => render_count(ctx, screen, area, buf),
        DrillView::Quiz(screen) => count_drills::render_quiz(ctx, screen, area, buf),
        DrillView::Countdown(screen) => count_drills::render_countdown(ctx, screen, area, buf),
    }
}

/// The drill chooser's width, its frame included.
const CHOOSER_WIDTH: u16 = 68;

/// `r`: the drills, over the table, with the person's record for each.
pub fn render_chooser(view: &ChooserView<'_>, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    let t = ctx.theme;
    let mut lines = vec![
        Line::from(Span::styled(
            " Every answer is graded at once and goes into your statistics.",
            t.dim,
        )),
        Line::default(),
    ];
    let width = DrillKind::ALL
        .iter()
        .map(|&k| k.chooser_label(view.count).chars().count())
        .max()
        .unwrap_or(0);
    // The box is as wide as its widest line needs (the labels name the count kept, whose
    // name may be long), never narrower than its usual width, never wider than the screen.
    let widest_record = view.records.iter().map(|r| r.chars().count()).max();
    let needed = 7 + width + 1 + widest_record.unwrap_or(0) + 2;
    let box_width = u16::try_from(needed).unwrap_or(u16::MAX).max(CHOOSER_WIDTH).min(area.width);
    for (i, (kind, record)) in DrillKind::ALL.into_iter().zip(&view.records).enumerate() {
        let chosen = i == view.selected;
        let mark = if chosen { marker(ctx.ascii) } else { ' ' };
        // Keys 1–9 start the first nine, letters the rest.
        let number = crate::tui::drill::chooser_key(i).unwrap_or(' ');
        let label = format!(" {mark} {number}  {:<width$}", kind.chooser_label(view.count));
        lines.push(Line::from(vec![
            Span::styled(label, if chosen { t.active_hand } else { t.text }),
            Span::styled(format!(" {record}"), t.dim),
        ]));
    }
    lines.push(Line::default());
    let keys_text = crate::tui::drill::chooser_keys_text();
    let mut keys = keys_line(
        ctx,
        &[
            ("↑↓", "choose"),
            ("Enter", "start"),
            (keys_text.as_str(), "start that one"),
            ("Esc", "back"),
        ],
    );
    keys.spans.insert(0, Span::raw(" "));
    lines.push(keys);
    if let Some(note) = view.note {
        // Wrapped under its first word, inside the frame.
        lines.extend(wrapped_message(note, ctx, box_width.saturating_sub(2)));
    }
    draw_box(ctx, " Drills: practise what? ", lines, box_width, area, buf);
}

/// A decision drill: the question, the last answer graded with every action's EV, the score.
fn render_decision(ctx: Ctx, screen: &DecisionView<'_>, area: Rect, buf: &mut Buffer) {
    let t = ctx.theme;
    let drill = &screen.drill;
    let kind = drill.kind();
    let question = drill.question();
    // Boxed cards when the screen is tall enough to leave room for the feedback; chips else.
    let boxed = area.height >= 26;
    let label = match question.cell.kind {
        HandKind::Hard => format!("hard {}", question.cell.row),
        _ => question.cell.hand_label(),
    };
    // The last answer, graded.
    let mut lines = Vec::new();
    match screen.answers.front() {
        None => {
            lines.push(Line::from(Span::styled(
                "Answer with the keys below. Each answer is graded at once against basic",
                t.dim,
            )));
            lines.push(Line::from(Span::styled(
                "strategy for these rules, with the exact EV a mistake gives away.",
                t.dim,
            )));
        }
        Some(answer) => {
            let g = &answer.grade;
            let (symbol, style) = tone_mark(ctx, Tone::graded(g.is_correct()));
            lines.push(Line::from(vec![
                Span::styled(format!("{symbol} {}", g.advice()), style),
                Span::styled(format!(" · {:.1} s", answer.seconds), t.dim),
            ]));
            let mut recap = vec![Span::raw("  ")];
            recap.extend(chips(ctx, answer.question.cards.as_slice()).spans);
            recap.push(Span::styled(" against ", t.dim));
            recap.push(chip(Face::Up(answer.question.up), ctx.ascii, t));
            recap.push(Span::styled(" · exact EV per unit, best first:", t.dim));
            lines.push(Line::from(recap));
            for (i, &(action, ev)) in answer.ranked.iter().enumerate() {
                let labels: Vec<&str> = [(g.advised, "basic strategy"), (g.chosen, "your answer")]
                    .into_iter()
                    .filter_map(|(a, label)| (a == action).then_some(label))
                    .collect();
                let best = if i == 0 { marker(ctx.ascii) } else { ' ' };
                let mut spans = vec![
                    Span::styled(format!("  {best} {:<7}", action.name()), t.title),
                    Span::styled(signed_decimals(ev, 4), t.text),
                ];
                if !labels.is_empty() {
                    spans.push(Span::styled(format!("   ← {}", labels.join(" · ")), t.dim));
                }
                lines.push(Line::from(spans));
            }
            // Why the right play is right: the same reason the table gives.
            if let Some(why) = screen.why {
                lines.push(Line::from(Span::styled(format!("  Why: {why}"), t.hint)));
            }
        }
    }
    // Then the earlier answers, one line each, as far as they fit.
    if screen.answers.len() > 1 {
        lines.push(Line::default());
        lines.push(Line::from(Span::styled("Earlier answers:", t.dim)));
        for answer in screen.answers.iter().skip(1) {
            let g = &answer.grade;
            let (symbol, style) = tone_mark(ctx, Tone::graded(g.is_correct()));
            let mut text = format!("{symbol} {}: {}", g.cell.label(), g.chosen);
            if !g.is_correct() {
                text.push_str(&format!(" — basic strategy {} (−{:.3})", g.advised, g.cost));
            }
            lines.push(Line::from(Span::styled(text, style)));
        }
    }
    DrillFrame {
        title: format!("Drill: {}", kind.describe()),
        main: (if boxed { 6 } else { 3 }, format!(" Question {} ", drill.summary().decisions + 1)),
        info: (" Last answer ", lines),
        bar: [
            actions_line(ctx, "Your answer:", drill.legal(), t.action),
            note_line(ctx, screen.note),
            Line::from(Span::styled(drill.summary().score_line(kind), t.text)),
            keys_line(ctx, &[("Esc", "back to the table"), ("i", "stats"), ("?", "help")]),
        ],
    }
    .render(ctx, area, buf, |inner, buf| {
        // The dealer's up card and the hand, side by side.
        let [dealer_side, hand_side] =
            Layout::horizontal([Constraint::Fill(1), Constraint::Fill(1)]).areas(inner);
        let (dealer_lines, hand_lines) = if boxed {
            let mut dealer = vec![Line::from(Span::styled("Dealer shows", t.dim))];
            dealer.extend(card_lines(ctx, &[question.up], dealer_side.width, true, false));
            let mut hand = vec![Line::from(vec![
                Span::styled("Your hand · ", t.dim),
                Span::styled(label, t.title),
            ])];
            hand.extend(card_lines(ctx, question.cards.as_slice(), hand_side.width, true, false));
            (dealer, hand)
        } else {
            let mut dealer = vec![Span::styled("Dealer shows ", t.dim)];
            dealer.extend(chips(ctx, &[question.up]).spans);
            let mut hand = vec![Span::styled("Your hand ", t.dim)];
            hand.extend(chips(ctx, question.cards.as_slice()).spans);
            hand.push(Span::styled(format!(" · {label}"), t.title));
            (vec![Line::from(dealer)], vec![Line::from(hand)])
        };
        for (lines, side) in [(dealer_lines, dealer_side), (hand_lines, hand_side)] {
            Paragraph::new(lines).alignment(Alignment::Center).render(side, buf);
        }
    });
}

/// The counting quiz: the last round's cards, the Hi-Lo tags, the question when it is due.
fn render_count(ctx: Ctx, screen: &CountView<'_>, area: Rect, buf: &mut Buffer) {
    let t = ctx.theme;
    let drill = screen.drill;
    let round = &screen.round;
    let hands = u16::try_from(round.seats.len()).unwrap_or(0) + 1;
    let note_rows = u16::from(round.reshuffled);
    // Boxed cards, as at the table, when the screen has room for them; else one line each.
    let boxed_height = 2 + note_rows + 3 * hands;
    let boxed = area.height >= 1 + boxed_height + 6 + BAR_HEIGHT;
    let round_height = if boxed { boxed_height } else { 2 + note_rows + hands };
    let system = drill.system();
    let mut lines = vec![
        Line::from(Span::styled(system.tags_words(), t.text)),
        Line::from(Span::styled(
            "Keep the running count of every card shown since the shuffle.",
            t.dim,
        )),
    ];
    for (i, (round, answer)) in screen.answers.iter().enumerate() {
        let (_, style) = tone_mark(ctx, Tone::graded(answer.is_right()));
        let head = if i == 0 {
            lines.push(Line::default());
            "Last answer: ".to_owned()
        } else {
            if i == 1 {
                lines.push(Line::default());
                lines.push(Line::from(Span::styled("Earlier answers:", t.dim)));
            }
            format!("after round {round:<4}")
        };
        lines.push(Line::from(vec![
            Span::styled(head, t.dim),
            Span::styled(answer.message(), style),
        ]));
    }
    let back = ("Esc", "back to the table");
    let (first, keys): (_, &[(&str, &str)]) = if screen.asking {
        (
            typed_line(ctx, "Running count?", screen.input),
            &[("Enter", "answer"), ("Backspace", "erase"), back, ("?", "help")],
        )
    } else if screen.dealing {
        let line = Line::from(vec![
            Span::styled(format!("{} Keep the count: dealing,", marker(ctx.ascii)), t.active_hand),
            Span::styled(format!(" a card every {} s", screen.pace), t.action),
        ]);
        (line, &[("Tab", "pace"), back, ("?", "help")])
    } else {
        (
            prompt_line(ctx, "Watch the cards:", "space", "next round", t.action),
            &[("space", "next round"), ("Tab", "pace"), back, ("?", "help")],
        )
    };
    DrillFrame {
        title: format!("Count quiz ({})", system.name),
        main: (
            round_height,
            format!(" Round {} · {} cards left in the shoe ", drill.round(), drill.cards_left()),
        ),
        info: (&format!(" {} ", system.name), lines),
        bar: [
            first,
            note_line(ctx, screen.note),
            Line::from(Span::styled(drill.summary().score_line(DrillKind::Count), t.text)),
            keys_line(ctx, keys),
        ],
    }
    .render(ctx, area, buf, |inner, buf| {
        let mut lines = Vec::new();
        if round.reshuffled {
            lines.push(Line::from(Span::styled(
                format!(
                    "! The shoe was reshuffled before this round: the count starts again at {}.",
                    crate::text::signed(drill.start())
                ),
                t.hint,
            )));
        }
        let seats = round.seats.iter().enumerate();
        let named = seats
            .map(|(i, cards)| (format!("Seat {}", i + 1), cards.as_slice()))
            .chain([("Dealer".to_owned(), round.dealer.as_slice())]);
        for (name, cards) in named {
            let label = Span::styled(format!("{name:<8}"), t.dim);
            let blank = Span::raw(" ".repeat(8));
            let rows = card_lines(ctx, cards, inner.width.saturating_sub(8), boxed, false);
            let firsts = match rows.len() {
                3 => vec![blank.clone(), label, blank],
                _ => vec![label],
            };
            for (first, row) in firsts.into_iter().zip(rows) {
                let mut spans = vec![first];
                spans.extend(row.spans);
                lines.push(Line::from(spans));
            }
        }
        Paragraph::new(lines).render(inner, buf);
    });
}
