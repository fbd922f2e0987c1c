//! Screens drawn over the table: help, the quit confirmation, the session summary, and the
//! "enlarge the terminal" notice.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Widget, Wrap};

use super::super::app::{App, amount};
use super::ascii_border;

/// The help text: the keys and what they do.
pub const HELP_TEXT: &str = include_str!("../../../assets/help.txt");

/// The help text in a drill.
pub const DRILL_HELP_TEXT: &str = include_str!("../../../assets/drill_help.txt");

fn framed<'a>(app: &App, title: &'a str) -> Block<'a> {
    let block = Block::bordered()
        .title(Line::from(Span::styled(title, app.theme.title)).alignment(Alignment::Center))
        .border_style(app.theme.overlay_frame)
        .style(app.theme.overlay);
    if app.ascii {
        block.border_set(ascii_border(false))
    } else {
        block.border_type(BorderType::Double)
    }
}

fn centered(area: Rect, width: u16, height: u16) -> Rect {
    area.centered(
        Constraint::Length(width.min(area.width)),
        Constraint::Length(height.min(area.height)),
    )
}

pub(crate) fn draw_box(
    app: &App,
    title: &str,
    lines: Vec<Line<'_>>,
    width: u16,
    area: Rect,
    buf: &mut Buffer,
) {
    let height = u16::try_from(lines.len())
        .unwrap_or(u16::MAX)
        .saturating_add(2);
    let rect = centered(area, width, height);
    Clear.render(rect, buf);
    Paragraph::new(lines)
        .block(framed(app, title))
        .wrap(Wrap { trim: false })
        .render(rect, buf);
}

/// The keys (a drill's own, in a drill).
pub fn render_help(app: &App, area: Rect, buf: &mut Buffer) {
    let text = if app.drill().is_some() {
        DRILL_HELP_TEXT
    } else {
        HELP_TEXT
    };
    let lines: Vec<Line> = text
        .lines()
        .map(|l| Line::from(Span::styled(format!(" {l}"), app.theme.text)))
        .collect();
    let width = text.lines().map(|l| l.chars().count()).max().unwrap_or(40) as u16 + 4;
    draw_box(app, " Help: the keys ", lines, width, area, buf);
}

/// "Leave the table?"
pub fn render_confirm_quit(app: &App, area: Rect, buf: &mut Buffer) {
    let t = app.theme;
    let lines = vec![
        Line::from(" Leave the table?"),
        Line::default(),
        Line::from(vec![
            Span::raw(" "),
            Span::styled("[y]", t.key),
            Span::raw(" yes, show the summary   "),
            Span::styled("[n]", t.key),
            Span::raw(" no, play on"),
        ]),
    ];
    draw_box(app, " Quit ", lines, 50, area, buf);
}

/// The session's tally, shown on the way out.
pub fn render_summary(app: &App, area: Rect, buf: &mut Buffer) {
    let t = app.theme;
    let s = app.session();
    let row = |label: &str, value: String| {
        Line::from(vec![
            Span::styled(format!(" {label:<18}"), t.dim),
            Span::styled(value, t.title),
        ])
    };
    let mut lines = vec![
        row("Rounds", s.rounds.to_string()),
        row(
            "Hands",
            format!(
                "{} (won {}, lost {}, pushed {})",
                s.hands, s.wins, s.losses, s.pushes
            ),
        ),
        row("Blackjacks", s.blackjacks.to_string()),
        row("Busts", s.busts.to_string()),
        row("Doubles · splits", format!("{} · {}", s.doubles, s.splits)),
        row("Net", format!("{} units", s.net)),
        row(
            "Bankroll",
            format!(
                "{} → {}",
                amount(app.start_bankroll()),
                amount(app.bankroll())
            ),
        ),
    ];
    let coach = app.coach();
    let acc = coach.session.overall;
    lines.push(row(
        "Decisions right",
        match acc.rate() {
            Some(r) => format!("{} of {} ({:.0}%)", acc.correct, acc.decisions, r * 100.0),
            None => "no decisions".to_owned(),
        },
    ));
    lines.push(row(
        "EV given away",
        format!("{:.3} units", coach.session.ev_lost),
    ));
    let count = coach.session.count;
    if let Some(rate) = count.rate() {
        lines.push(row(
            "Count quiz right",
            format!(
                "{} of {} ({:.0}%)",
                count.correct,
                count.decisions,
                rate * 100.0
            ),
        ));
    }
    for (key, rec) in coach.session.most_missed(3) {
        lines.push(row(
            "Missed",
            format!(
                "{} ({} of {})",
                crate::trainer::stats::cell_label(key),
                rec.wrong,
                rec.decisions
            ),
        ));
    }
    for (i, seat) in app.seats.iter().enumerate() {
        if let Some(level) = seat.level() {
            let level = format!("{level:?}").to_lowercase();
            lines.push(row(
                &format!("Seat {} · {level}", i + 1),
                format!("net {}", seat.net),
            ));
        }
    }
    lines.push(row(
        "Shoe seed",
        format!("{} (replay: --seed {})", app.seed(), app.seed()),
    ));
    lines.push(Line::default());
    lines.push(Line::from(Span::styled(
        " Virtual units only. Press any key to leave.",
        t.dim,
    )));
    draw_box(app, " Session summary ", lines, 58, area, buf);
}

/// The notice shown instead of the table when the terminal is below the minimum size.
pub fn render_too_small(app: &App, min: (u16, u16), area: Rect, buf: &mut Buffer) {
    let lines = vec![
        Line::from(Span::styled("Please enlarge the terminal", app.theme.title)),
        Line::from(format!(
            "The table needs {}×{}; this one is {}×{}.",
            min.0, min.1, area.width, area.height
        )),
        Line::from(Span::styled(
            "q leaves · no other key acts until it fits",
            app.theme.dim,
        )),
    ];
    let height = 3u16.min(area.height);
    let rect = area.centered(Constraint::Fill(1), Constraint::Length(height));
    Paragraph::new(lines)
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(rect, buf);
}
