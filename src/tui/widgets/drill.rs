//! The drill screens: the chooser (over the table), a decision drill and the counting quiz.
//! Pure functions of the app's state, like every widget; each mark has a symbol or words with
//! its style.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Padding, Paragraph, Widget, Wrap};

use super::cards::{Face, Spread, boxed_row, chip, row_width};
use super::overlay::draw_box;
use super::status::{key, message_line, tone_mark};
use super::{ascii_border, marker};
use crate::analysis::chart::HandKind;
use crate::engine::Card;
use crate::trainer::counting::IndexSet;
use crate::trainer::drill::{DrillKind, mistake_weights, peek_differences};
use crate::trainer::report::counted;
use crate::trainer::schedule::{Day, due_cells, next_due};
use crate::trainer::tally::{Accuracy, Tally};
use crate::tui::app::{App, Message, Tone};
use crate::tui::drill::{CountScreen, DecisionScreen};
use crate::tui::input::key_for;

/// Height of the bar at the bottom of a drill screen (a rule and four lines).
pub(crate) const BAR_HEIGHT: u16 = 5;

pub(crate) fn framed<'a>(app: &App, title: String) -> Block<'a> {
    let block = Block::bordered()
        .title(Line::from(Span::styled(title, app.theme.title)).alignment(Alignment::Center))
        .border_style(app.theme.frame)
        .padding(Padding::horizontal(1));
    if app.ascii {
        block.border_set(ascii_border(false))
    } else {
        block.border_type(BorderType::Rounded)
    }
}

/// The title line of a drill screen.
pub(crate) fn render_header(app: &App, title: &str, area: Rect, buf: &mut Buffer) {
    // The longest forms that fit side by side.
    let width = usize::from(area.width);
    let lefts = [format!(" Blackjack trainer · {title}"), format!(" {title}")];
    let rights = [" ? help · Esc back to the table ", " Esc back "];
    let (left, right) = lefts
        .iter()
        .flat_map(|l| rights.iter().map(move |r| (l, *r)))
        .find(|(l, r)| l.chars().count() + r.chars().count() <= width)
        .unwrap_or((&lefts[1], rights[1]));
    let right_width = u16::try_from(right.chars().count()).unwrap_or(0);
    let [left_area, right_area] =
        Layout::horizontal([Constraint::Fill(1), Constraint::Length(right_width)]).areas(area);
    Paragraph::new(Line::from(Span::styled(left.clone(), app.theme.header))).render(left_area, buf);
    Paragraph::new(Line::from(Span::styled(right, app.theme.dim)))
        .alignment(Alignment::Right)
        .render(right_area, buf);
}

/// The bar at the bottom: what to press, a notice, the score, the other keys.
pub(crate) fn render_bar(app: &App, lines: [Line<'static>; 4], area: Rect, buf: &mut Buffer) {
    let block = Block::new()
        .borders(Borders::TOP)
        .border_style(app.theme.frame);
    let inner = block.inner(area);
    block.render(area, buf);
    Paragraph::new(lines.to_vec()).render(inner, buf);
}

pub(crate) fn note_line(app: &App, note: Option<&Message>) -> Line<'static> {
    note.map_or_else(Line::default, |m| message_line(m, app.ctx()))
}

pub(crate) fn keys_line(app: &App, keys: &[(&str, &str)]) -> Line<'static> {
    let mut spans = Vec::new();
    for (k, what) in keys {
        if !spans.is_empty() {
            spans.push(Span::raw("  "));
        }
        spans.push(key(k, app.ctx()));
        spans.push(Span::styled(format!(" {what}"), app.theme.action));
    }
    Line::from(spans)
}

/// Cards as boxes when they fit the width, else as chips on one line.
fn card_lines(app: &App, cards: &[Card], width: u16) -> Vec<Line<'static>> {
    let faces: Vec<Face> = cards.iter().map(|&c| Face::Up(c)).collect();
    if row_width(faces.len(), Spread::Apart) <= usize::from(width) {
        boxed_row(&faces, Spread::Apart, app.ascii, app.theme).to_vec()
    } else {
        vec![chips(app, cards)]
    }
}

pub(crate) fn chips(app: &App, cards: &[Card]) -> Line<'static> {
    let mut spans = Vec::new();
    for &card in cards {
        if !spans.is_empty() {
            spans.push(Span::raw(" "));
        }
        spans.push(chip(Face::Up(card), app.ascii, app.theme));
    }
    Line::from(spans)
}

fn accuracy_text(acc: Accuracy) -> String {
    match acc.rate() {
        Some(rate) => format!(
            "{} of {} right ({:.0}%)",
            acc.correct,
            acc.decisions,
            rate * 100.0
        ),
        None => "not played yet".to_owned(),
    }
}

/// The person's record in the cells where this game's chart differs from the American peek
/// chart (the no-hole-card drill's), for the chooser: `4 cells · 3 of 5 right (60%)`.
fn peek_cells_record(app: &App, tally: &Tally) -> String {
    let (Some(here), Some(peek)) = (app.strategy(), app.peek_strategy()) else {
        return "the peek chart is being worked out".to_owned();
    };
    let cells = peek_differences(&here.chart, &peek.chart);
    if cells.is_empty() {
        return "no cell differs under these rules".to_owned();
    }
    let (decisions, wrong) = cells
        .iter()
        .filter_map(|c| tally.cells.get(&c.key()))
        .fold((0, 0), |(d, w), r| (d + r.decisions, w + r.wrong));
    format!(
        "{} · {}",
        counted(cells.len() as u64, "cell"),
        accuracy_text(Accuracy {
            decisions,
            correct: decisions.saturating_sub(wrong),
        })
    )
}

/// The chooser's words for a kind of drill: what it practises (the deviations drill names its
/// set of index plays).
fn menu_label(kind: DrillKind) -> &'static str {
    match kind {
        DrillKind::Deviations => IndexSet::GameI18.describe(),
        other => other.describe(),
    }
}

/// What the person's record says about a kind of drill, for the chooser.
fn record_text(tally: &Tally, kind: DrillKind, today: Day) -> String {
    use crate::trainer::grade::Category;
    match kind {
        DrillKind::Hard => accuracy_text(tally.category(Category::Hard)),
        DrillKind::Soft => accuracy_text(tally.category(Category::Soft)),
        DrillKind::Pairs => accuracy_text(tally.category(Category::Pairs)),
        DrillKind::Doubles => accuracy_text(tally.category(Category::Doubles)),
        DrillKind::All => accuracy_text(tally.overall),
        DrillKind::Mistakes => match mistake_weights(tally).len() {
            0 => "nothing missed yet".to_owned(),
            1 => "1 missed cell to practise".to_owned(),
            n => format!("{n} missed cells to practise"),
        },
        DrillKind::Due => match due_cells(tally, today).len() {
            0 => match next_due(tally, today) {
                Some(day) => match day.since(today) {
                    1 => "nothing due; next tomorrow".to_owned(),
                    n => format!("nothing due; next in {n} days"),
                },
                None => "nothing scheduled yet".to_owned(),
            },
            1 => "1 cell due today".to_owned(),
            n => format!("{n} cells due today"),
        },
        DrillKind::Count => accuracy_text(tally.count),
        other => {
            let record = tally.skills.get(other.name()).copied().unwrap_or_default();
            accuracy_text(Accuracy {
                decisions: record.asked,
                correct: record.right,
            })
        }
    }
}

/// The drill chooser of `app`'s drill screen, over the table.
pub fn render_chooser_of(app: &App, area: Rect, buf: &mut Buffer) {
    if let Some(crate::tui::drill::DrillScreen::Chooser { selected, note }) = app.drill() {
        render_chooser(app, *selected, note.as_ref(), area, buf);
    }
}

/// The drill on `app`'s screen.
pub fn render_drill(app: &App, area: Rect, buf: &mut Buffer) {
    use crate::tui::drill::DrillScreen;
    match app.drill() {
        Some(DrillScreen::Decision(screen)) => render_decision(app, screen, area, buf),
        Some(DrillScreen::Count(screen)) => render_count(app, screen, area, buf),
        Some(DrillScreen::Quiz(screen)) => {
            super::count_drills::render_quiz(app, screen, area, buf);
        }
        Some(DrillScreen::Countdown(screen)) => {
            super::count_drills::render_countdown(app, screen, area, buf);
        }
        Some(DrillScreen::Chooser { .. }) | None => {}
    }
}

/// `r`: the drills, over the table, with the person's record for each.
pub fn render_chooser(
    app: &App,
    selected: usize,
    note: Option<&Message>,
    area: Rect,
    buf: &mut Buffer,
) {
    let t = app.theme;
    let coach = app.coach();
    let tally = coach.history();
    let mut lines = vec![
        Line::from(Span::styled(
            " Every answer is graded at once and goes into your statistics.",
            t.dim,
        )),
        Line::default(),
    ];
    let width = DrillKind::ALL
        .iter()
        .map(|&k| menu_label(k).chars().count())
        .max()
        .unwrap_or(0);
    for (i, kind) in DrillKind::ALL.into_iter().enumerate() {
        let chosen = i == selected;
        let mark = if chosen { marker(app.ascii) } else { ' ' };
        // Keys 1–9 start the first nine; the rest by ↑↓ and Enter.
        let number = if i < 9 {
            (i + 1).to_string()
        } else {
            " ".to_owned()
        };
        let label = format!(" {mark} {number}  {:<width$}", menu_label(kind));
        let record = if kind == DrillKind::NoHoleCard {
            peek_cells_record(app, &tally)
        } else {
            record_text(&tally, kind, coach.today())
        };
        lines.push(Line::from(vec![
            Span::styled(label, if chosen { t.active_hand } else { t.text }),
            Span::styled(format!(" {record}"), t.dim),
        ]));
    }
    lines.push(Line::default());
    let mut keys = keys_line(
        app,
        &[
            ("↑↓", "choose"),
            ("Enter", "start"),
            ("1-9", "start that one"),
            ("Esc", "back"),
        ],
    );
    keys.spans.insert(0, Span::raw(" "));
    lines.push(keys);
    if let Some(note) = note {
        lines.push(message_line(note, app.ctx()));
    }
    draw_box(app.ctx(), " Drills: practise what? ", lines, 68, area, buf);
}

/// A decision drill: the question, the last answer graded with every action's EV, the score.
pub fn render_decision(app: &App, screen: &DecisionScreen, area: Rect, buf: &mut Buffer) {
    let t = app.theme;
    let drill = &screen.drill;
    let kind = drill.kind();
    let question = drill.question();
    // Boxed cards when the screen is tall enough to leave room for the feedback; chips else.
    let boxed = area.height >= 26;
    let [header, question_area, feedback_area, bar] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(if boxed { 6 } else { 3 }),
        Constraint::Fill(1),
        Constraint::Length(BAR_HEIGHT),
    ])
    .areas(area);
    render_header(app, &format!("Drill: {}", kind.describe()), header, buf);

    // The question: the dealer's up card and the hand, side by side.
    let block = framed(app, format!(" Question {} ", drill.summary().decisions + 1));
    let inner = block.inner(question_area);
    block.render(question_area, buf);
    let [dealer_side, hand_side] =
        Layout::horizontal([Constraint::Fill(1), Constraint::Fill(1)]).areas(inner);
    let label = match question.cell.kind {
        HandKind::Hard => format!("hard {}", question.cell.row),
        _ => question.cell.hand_label(),
    };
    let (dealer_lines, hand_lines) = if boxed {
        let mut dealer = vec![Line::from(Span::styled("Dealer shows", t.dim))];
        dealer.extend(card_lines(app, &[question.up], dealer_side.width));
        let mut hand = vec![Line::from(vec![
            Span::styled("Your hand · ", t.dim),
            Span::styled(label, t.title),
        ])];
        hand.extend(card_lines(app, question.cards.as_slice(), hand_side.width));
        (dealer, hand)
    } else {
        let mut dealer = vec![Span::styled("Dealer shows ", t.dim)];
        dealer.extend(chips(app, &[question.up]).spans);
        let mut hand = vec![Span::styled("Your hand ", t.dim)];
        hand.extend(chips(app, question.cards.as_slice()).spans);
        hand.push(Span::styled(format!(" · {label}"), t.title));
        (vec![Line::from(dealer)], vec![Line::from(hand)])
    };
    Paragraph::new(dealer_lines)
        .alignment(Alignment::Center)
        .render(dealer_side, buf);
    Paragraph::new(hand_lines)
        .alignment(Alignment::Center)
        .render(hand_side, buf);

    // The last answer, graded.
    let block = framed(app, " Last answer ".to_owned());
    let inner = block.inner(feedback_area);
    block.render(feedback_area, buf);
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
            let (symbol, style) = tone_mark(app.ctx(), grade_tone(g));
            lines.push(Line::from(vec![
                Span::styled(format!("{symbol} {}", g.advice()), style),
                Span::styled(format!(" · {:.1} s", answer.seconds), t.dim),
            ]));
            let mut recap = vec![Span::raw("  ")];
            recap.extend(chips(app, answer.question.cards.as_slice()).spans);
            recap.push(Span::styled(" against ", t.dim));
            recap.push(chip(Face::Up(answer.question.up), app.ascii, t));
            recap.push(Span::styled(" · exact EV per unit, best first:", t.dim));
            lines.push(Line::from(recap));
            for (i, &(action, ev)) in answer.ranked.iter().enumerate() {
                let mut labels = Vec::new();
                if action == g.advised {
                    labels.push("basic strategy");
                }
                if action == g.chosen {
                    labels.push("your answer");
                }
                let best = if i == 0 { marker(app.ascii) } else { ' ' };
                let mut spans = vec![
                    Span::styled(format!("  {best} {:<7}", action.name()), t.title),
                    Span::styled(format!("{ev:+.4}"), t.text),
                ];
                if !labels.is_empty() {
                    spans.push(Span::styled(format!("   ← {}", labels.join(" · ")), t.dim));
                }
                lines.push(Line::from(spans));
            }
            // Why the right play is right: the same reason the table gives.
            if let Some(why) = app.strategy().and_then(|s| {
                crate::analysis::reasons::line(
                    s,
                    app.peek_strategy().as_ref().map(|p| &p.chart),
                    g.cell,
                    crate::analysis::reasons::Figures::Hand {
                        source: crate::analysis::reasons::Source::ThisHand,
                        evs: &answer.ranked,
                        advised: g.advised,
                        chosen: g.chosen,
                    },
                )
            }) {
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
            let (symbol, style) = tone_mark(app.ctx(), grade_tone(g));
            let mut text = format!("{symbol} {}: {}", g.cell.label(), g.chosen);
            if !g.is_correct() {
                text.push_str(&format!(" — basic strategy {} (−{:.3})", g.advised, g.cost));
            }
            lines.push(Line::from(Span::styled(text, style)));
        }
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);

    // What to press, a notice, the score, the other keys.
    let mut answer_line = vec![Span::styled(
        format!("{} Your answer:", marker(app.ascii)),
        t.active_hand,
    )];
    for action in drill.legal().iter() {
        answer_line.push(Span::raw(" "));
        answer_line.push(key(&key_for(action).to_string(), app.ctx()));
        answer_line.push(Span::styled(format!(" {action}"), t.action));
    }
    render_bar(
        app,
        [
            Line::from(answer_line),
            note_line(app, screen.note.as_ref()),
            Line::from(Span::styled(drill.summary().score_line(kind), t.text)),
            keys_line(
                app,
                &[("Esc", "back to the table"), ("i", "stats"), ("?", "help")],
            ),
        ],
        bar,
        buf,
    );
}

/// The counting quiz: the last round's cards, the Hi-Lo tags, the question when it is due.
pub fn render_count(app: &App, screen: &CountScreen, area: Rect, buf: &mut Buffer) {
    let t = app.theme;
    let drill = &screen.drill;
    let round = drill.last_round();
    let hands = u16::try_from(round.seats.len()).unwrap_or(0) + 1;
    let note_rows = u16::from(round.reshuffled);
    // Boxed cards, as at the table, when the screen has room for them; else one line each.
    let boxed_height = 2 + note_rows + 3 * hands;
    let boxed = area.height >= 1 + boxed_height + 6 + BAR_HEIGHT;
    let round_height = if boxed {
        boxed_height
    } else {
        2 + note_rows + hands
    };
    let [header, round_area, info_area, bar] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(round_height),
        Constraint::Fill(1),
        Constraint::Length(BAR_HEIGHT),
    ])
    .areas(area);
    render_header(app, "Count quiz (Hi-Lo)", header, buf);

    let block = framed(
        app,
        format!(
            " Round {} · {} cards left in the shoe ",
            drill.round(),
            drill.cards_left()
        ),
    );
    let inner = block.inner(round_area);
    block.render(round_area, buf);
    let mut lines = Vec::new();
    if round.reshuffled {
        lines.push(Line::from(Span::styled(
            "! The shoe was reshuffled before this round: the count starts again at 0.",
            t.hint,
        )));
    }
    let named = round
        .seats
        .iter()
        .enumerate()
        .map(|(i, cards)| (format!("Seat {}", i + 1), cards.as_slice()))
        .chain(std::iter::once((
            "Dealer".to_owned(),
            round.dealer.as_slice(),
        )));
    for (name, cards) in named {
        let label = Span::styled(format!("{name:<8}"), t.dim);
        let blank = Span::raw(" ".repeat(8));
        let faces: Vec<Face> = cards.iter().map(|&c| Face::Up(c)).collect();
        if boxed && row_width(faces.len(), Spread::Apart) + 8 <= usize::from(inner.width) {
            let [top, middle, bottom] = boxed_row(&faces, Spread::Apart, app.ascii, t);
            for (first, row) in [(blank.clone(), top), (label, middle), (blank, bottom)] {
                let mut spans = vec![first];
                spans.extend(row.spans);
                lines.push(Line::from(spans));
            }
        } else {
            let mut spans = vec![label];
            spans.extend(chips(app, cards).spans);
            lines.push(Line::from(spans));
        }
    }
    Paragraph::new(lines).render(inner, buf);

    let block = framed(app, " Hi-Lo ".to_owned());
    let inner = block.inner(info_area);
    block.render(info_area, buf);
    let mut lines = vec![
        Line::from(Span::styled(
            "2–6 count +1 · 7–9 count 0 · tens and aces count −1",
            t.text,
        )),
        Line::from(Span::styled(
            "Keep the running count of every card shown since the shuffle.",
            t.dim,
        )),
    ];
    for (i, (round, answer)) in screen.answers.iter().enumerate() {
        let tone = if answer.is_right() {
            Tone::Good
        } else {
            Tone::Bad
        };
        let (_, style) = tone_mark(app.ctx(), tone);
        if i == 0 {
            lines.push(Line::default());
            lines.push(Line::from(vec![
                Span::styled("Last answer: ", t.dim),
                Span::styled(answer.message(), style),
            ]));
        } else {
            if i == 1 {
                lines.push(Line::default());
                lines.push(Line::from(Span::styled("Earlier answers:", t.dim)));
            }
            lines.push(Line::from(vec![
                Span::styled(format!("after round {round:<4}"), t.dim),
                Span::styled(answer.message(), style),
            ]));
        }
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);

    let due = drill.question_due();
    let first = if due {
        Line::from(vec![
            Span::styled(
                format!("{} Running count?", marker(app.ascii)),
                t.active_hand,
            ),
            Span::raw(" "),
            Span::styled(format!("{}_", screen.input), t.title),
        ])
    } else {
        Line::from(vec![
            Span::styled(
                format!("{} Watch the cards:", marker(app.ascii)),
                t.active_hand,
            ),
            Span::raw(" "),
            key("space", app.ctx()),
            Span::styled(" next round", t.action),
        ])
    };
    let keys: &[(&str, &str)] = if due {
        &[
            ("Enter", "answer"),
            ("Backspace", "erase"),
            ("Esc", "back to the table"),
            ("?", "help"),
        ]
    } else {
        &[
            ("space", "next round"),
            ("Esc", "back to the table"),
            ("?", "help"),
        ]
    };
    render_bar(
        app,
        [
            first,
            note_line(app, screen.note.as_ref()),
            Line::from(Span::styled(
                drill.summary().score_line(DrillKind::Count),
                t.text,
            )),
            keys_line(app, keys),
        ],
        bar,
        buf,
    );
}

/// Good news for a right answer, bad for a wrong one.
fn grade_tone(grade: &crate::trainer::grade::Grade) -> Tone {
    if grade.is_correct() {
        Tone::Good
    } else {
        Tone::Bad
    }
}
