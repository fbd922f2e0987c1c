//! The counting drills' screens, in the drill frame: a typed quiz (true count, decks left,
//! ramp, index plays) and the deck countdown.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::analysis::hilo::HILO_TAGS;
use crate::engine::Card;
use crate::trainer::drills::counting::{
    Countdown, Prompt, Quiz, QuizAnswer, QuizKind, best_words, ramp_words,
};
use crate::trainer::drills::kinds::DrillKind;
use crate::tui::drill::count_drills::{PEEK_KEY, SURPRISE_KEY};
use crate::tui::message::{Message, Tone};
use crate::tui::widgets::Ctx;
use crate::tui::widgets::cards::CARD_HEIGHT;
use crate::tui::widgets::drill::frame::{
    BAR_HEIGHT, DrillFrame, card_lines, chips, prompt_line, typed_line,
};
use crate::tui::widgets::drill::tray::{TrayView, tray_lines};
use crate::tui::widgets::status::{
    actions_line, key, keys_line, message_line, note_line, tone_mark,
};

/// What a typed counting quiz shows.
pub struct QuizView<'a> {
    /// The quiz: the question, its kind and settings, the score.
    pub quiz: &'a Quiz,
    /// The answer typed so far.
    pub input: &'a str,
    /// The last question, what was said, and its grade.
    pub last: Option<&'a (String, String, QuizAnswer)>,
    /// A notice: a refused key.
    pub note: Option<&'a Message>,
    /// The ramp drill shows the ramp after an answer, until Enter or space.
    pub review: bool,
}

/// What a deck countdown shows.
pub struct CountdownView<'a> {
    /// The run: its cards, its count, its settings.
    pub run: &'a Countdown,
    /// The cards of the flash on view.
    pub flash: &'a [Card],
    /// The first card has been turned.
    pub started: bool,
    /// The running count typed so far.
    pub input: &'a str,
    /// The run's result, once answered.
    pub result: Option<&'a Message>,
    /// A notice: a refused key.
    pub note: Option<&'a Message>,
    /// Seconds a flash (`None`: space turns each).
    pub pace: Option<f64>,
    /// The best perfect run so far, in seconds.
    pub best: Option<f64>,
    /// The run stops by surprise.
    pub surprise: bool,
}

/// A typed counting quiz.
pub fn render_quiz(ctx: Ctx, screen: &QuizView<'_>, area: Rect, buf: &mut Buffer) {
    let t = ctx.theme;
    let quiz = screen.quiz;
    // The decks drill draws its tray: as tall as the screen leaves room for.
    let main = if quiz.kind() == QuizKind::Decks {
        area.height.saturating_sub(1 + 6 + BAR_HEIGHT).clamp(6, 16)
    } else {
        6
    };
    let settings = quiz.settings();
    let lines = match screen.last {
        None if quiz.kind() == QuizKind::Pairs => vec![Line::from(Span::styled(
            if settings.system.is_hilo() {
                format!("{HILO_TAGS}: a +1 and a −1 cancel, so count only what is left.")
            } else {
                format!(
                    "{} {}: tags that cancel add to 0, so count only what is left.",
                    settings.system.name,
                    settings.system.tags_words()
                )
            },
            t.dim,
        ))],
        None => vec![Line::from(Span::styled(
            format!(
                "True counts here: running count ÷ decks left, {} (the convention is named in \
                 every answer); decks read to the {} deck.",
                settings.convention.name(),
                settings.resolution.name()
            ),
            t.dim,
        ))],
        Some((question, typed, answer)) => {
            let (mark, style) = tone_mark(ctx, Tone::graded(answer.right));
            let verdict = if answer.right {
                format!("{mark} Right: {}", answer.expected)
            } else {
                format!("{mark} {} — you said {typed}", answer.expected)
            };
            vec![
                Line::from(Span::styled(question.clone(), t.dim)),
                Line::from(Span::styled(verdict, style)),
                Line::from(Span::styled(answer.why.clone(), t.text)),
            ]
        }
    };
    // A play is answered by its key; Enter answers a typed number.
    let peek = PEEK_KEY.to_string();
    let (first, answer_keys) = if quiz.kind() == QuizKind::Deviations {
        // The hand's own plays: split only for a pair.
        let plays = actions_line(ctx, "Your play:", quiz.legal(), Style::new());
        (plays, Vec::new())
    } else if screen.review {
        let next = prompt_line(ctx, "Next:", "Enter", "the next bet", Style::new());
        (next, vec![("Enter", "next bet")])
    } else {
        let typed = typed_line(ctx, "Your answer:", screen.input);
        let mut keys = vec![("Enter", "answer")];
        if quiz.kind() == QuizKind::Ramp {
            keys.push((peek.as_str(), "peek (a miss)"));
        }
        (typed, keys)
    };
    DrillFrame {
        title: format!("Drill: {}", quiz.describe()),
        main: (main, format!(" Question {} ", quiz.asked + 1)),
        info: (" Last answer ", lines),
        bar: [
            first,
            note_line(ctx, screen.note),
            Line::from(Span::styled(quiz.score_line(), t.text)),
            fitted_keys(ctx, &answer_keys, area.width),
        ],
    }
    .render(ctx, area, buf, |inner, buf| {
        let lines = if screen.review {
            // The ramp after an answer: the next bet is asked once the person is ready.
            vec![
                Line::from(Span::styled(
                    format!("Your ramp, {}", ramp_words(&settings.ramp)),
                    t.title,
                )),
                Line::default(),
                Line::from(vec![
                    key("Enter", ctx),
                    Span::styled(" or ", t.dim),
                    key("space", ctx),
                    Span::styled(
                        " asks the next bet (the ramp is hidden while you answer).",
                        t.dim,
                    ),
                ]),
            ]
        } else {
            question_lines(ctx, quiz, inner)
        };
        Paragraph::new(lines).wrap(Wrap { trim: false }).render(inner, buf);
    });
}

/// The answer's keys, then the drill's own, in words that fit `width`: where the long ones do
/// not (80 columns, the ramp's peek key), shorter ones, so no key is cut off the bar.
fn fitted_keys(ctx: Ctx, answer_keys: &[(&str, &str)], width: u16) -> Line<'static> {
    let long = [("r", "other drills"), ("Esc", "back to the table"), ("?", "help")];
    let short = [("r", "drills"), ("Esc", "back"), ("?", "help")];
    let line = |own: &[(&str, &str)]| {
        let keys: Vec<(&str, &str)> = answer_keys.iter().chain(own).copied().collect();
        keys_line(ctx, &keys)
    };
    let whole = line(&long);
    if whole.width() <= usize::from(width) { whole } else { line(&short) }
}

/// The question on screen, with what it shows: the cards, the tray, the hand.
fn question_lines(ctx: Ctx, quiz: &Quiz, inner: Rect) -> Vec<Line<'static>> {
    let t = ctx.theme;
    let mut lines = vec![Line::from(Span::styled(quiz.question_text(), t.title))];
    match quiz.prompt() {
        // All at once, as cards lie on the felt: boxes where they fit, else chips.
        Prompt::Pairs { cards } => {
            lines.extend(card_lines(ctx, cards, inner.width, inner.height > CARD_HEIGHT, true))
        }
        Prompt::Decks { dealt, shoe } => {
            // The question, a blank, the label, the rows, the floor.
            let rows = usize::from(inner.height.saturating_sub(4)).max(1);
            lines.push(Line::default());
            let tray = TrayView { dealt: *dealt, shoe: *shoe };
            lines.extend(tray_lines(ctx, tray, rows));
        }
        Prompt::Deviation { cards, .. } => {
            lines.push(Line::default());
            let mut spans = vec![Span::styled("Your hand ", t.dim)];
            spans.extend(chips(ctx, cards.as_slice()).spans);
            lines.push(Line::from(spans));
        }
        _ => {}
    }
    lines
}

/// The deck countdown: the card just turned, how far through, then the count.
pub fn render_countdown(ctx: Ctx, screen: &CountdownView<'_>, area: Rect, buf: &mut Buffer) {
    let t = ctx.theme;
    let run = screen.run;
    let system = run.system();
    let mut lines = vec![
        Line::from(Span::styled(
            if system.is_balanced() {
                format!("{}. A whole deck counts to 0.", system.tags_words())
            } else {
                let start = crate::text::signed(run.start());
                format!("{}. Start at {start}.", system.tags_words())
            },
            t.text,
        )),
        Line::from(Span::styled(
            format!(
                "{}{}",
                run.setup_text(screen.pace, "space turns each flash"),
                if screen.surprise { " · stops by surprise" } else { "" }
            ),
            t.dim,
        )),
    ];
    if !screen.started {
        lines.push(Line::from(vec![
            Span::styled("Before the first card: ", t.dim),
            key("1 2 4 6", ctx),
            Span::raw(" decks  "),
            key("Tab", ctx),
            Span::raw(" 1 or 2 cards  "),
            key("+ -", ctx),
            Span::raw(" pace  "),
            key(&SURPRISE_KEY.to_string(), ctx),
            Span::raw(" surprise stop"),
        ]));
    }
    if let Some(result) = screen.result {
        lines.push(Line::default());
        lines.push(message_line(result, ctx));
    }
    if let Some(best) = screen.best {
        lines.push(Line::from(Span::styled(best_words(system, run.decks(), best), t.dim)));
    }
    let first = if screen.result.is_some() {
        prompt_line(ctx, "Again?", "space", "a new run", Style::new())
    } else if run.done() {
        typed_line(ctx, "Running count?", screen.input)
    } else {
        prompt_line(ctx, "Count:", "space", "next card", Style::new())
    };
    let keys = [
        ("space", "next card"),
        ("Enter", "answer now"),
        ("Esc", "back to the table"),
        ("?", "help"),
    ];
    DrillFrame {
        title: format!("Drill: {}", DrillKind::Countdown.describe_in(&system.name)),
        main: (5, format!(" {} of {} cards ", run.shown(), run.size())),
        info: (" Countdown ", lines),
        bar: [first, note_line(ctx, screen.note), Line::default(), keys_line(ctx, &keys)],
    }
    .render(ctx, area, buf, |inner, buf| {
        // The flash just turned, drawn as cards (the earlier ones are gone).
        let lines = if screen.flash.is_empty() {
            vec![
                Line::default(),
                Line::from(Span::styled(
                    format!(
                        "Space turns the first card; keep the {} count in your head.",
                        system.name
                    ),
                    t.dim,
                )),
            ]
        } else {
            let room = inner.height >= CARD_HEIGHT;
            card_lines(ctx, screen.flash, inner.width, room, true)
        };
        Paragraph::new(lines).alignment(Alignment::Center).render(inner, buf);
    });
}
