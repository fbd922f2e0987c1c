//! Screens drawn over the table: help, the quit confirmation, the session summary, and the
//! "enlarge the terminal" notice.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Widget, Wrap};

use super::super::app::App;
use super::ascii_border;
use crate::trainer::report::figures;
use crate::trainer::tally::cell_label;

/// The notes under the table's keys on the help screen (the keys themselves come from
/// [`crate::tui::input::TABLE_KEYS`]).
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
    let text: Vec<String> = if app.drill().is_some() {
        DRILL_HELP_TEXT.lines().map(str::to_owned).collect()
    } else {
        let mut keys = crate::tui::input::help_lines();
        // The notes under the keys only where the terminal has room for them as well.
        let notes = HELP_TEXT.lines().count();
        if keys.len() + 1 + notes + 2 <= usize::from(area.height) {
            keys.push(String::new());
            keys.extend(HELP_TEXT.lines().map(str::to_owned));
        }
        keys
    };
    let lines: Vec<Line> = text
        .iter()
        .map(|l| Line::from(Span::styled(format!(" {l}"), app.theme.text)))
        .collect();
    let width = text.iter().map(|l| l.chars().count()).max().unwrap_or(40) as u16 + 4;
    draw_box(app, " Help: the keys ", lines, width, area, buf);
}

/// "Leave the table?" — and what happens to the hands in play if the round is not over.
pub fn render_confirm_quit(app: &App, area: Rect, buf: &mut Buffer) {
    let t = app.theme;
    let mut lines = vec![Line::from(" Leave the table?")];
    if app.hands_in_play() {
        lines.push(Line::from(Span::styled(
            " Your hands in play will be played out by basic strategy and settled.",
            t.text,
        )));
    }
    lines.push(Line::default());
    lines.push(Line::from(vec![
        Span::raw(" "),
        Span::styled("[y]", t.key),
        Span::raw(" yes, show the summary   "),
        Span::styled("[n]", t.key),
        Span::raw(" no, play on"),
    ]));
    let width = if app.hands_in_play() { 74 } else { 50 };
    draw_box(app, " Quit ", lines, width, area, buf);
}

/// The bankroll is spent: buy in again, or leave.
pub fn render_broke(app: &App, area: Rect, buf: &mut Buffer) {
    let t = app.theme;
    let (min, _) = app.table().rules().bet_limits();
    let lines = vec![
        Line::from(format!(
            " Your bankroll is spent: {} left, and the smallest bet is {}.",
            app.bankroll().plain(),
            min.plain()
        )),
        Line::default(),
        Line::from(vec![
            Span::raw(" "),
            Span::styled("[b]", t.key),
            Span::raw(format!(
                " buy in again for {} (counted in your statistics)   ",
                app.starting_bankroll().plain()
            )),
        ]),
        Line::from(vec![
            Span::raw(" "),
            Span::styled("[q]", t.key),
            Span::raw(" leave the table"),
        ]),
    ];
    draw_box(app, " Out of money ", lines, 74, area, buf);
}

/// The session's figures (the same renderer as every other summary), the bankroll, the AI
/// seats' results and the seed, shown on the way out.
pub fn render_summary(app: &App, area: Rect, buf: &mut Buffer) {
    let t = app.theme;
    let row = |label: &str, value: String| {
        Line::from(vec![
            Span::styled(format!(" {:<20}", label.trim_start()), t.dim),
            Span::styled(value, t.title),
        ])
    };
    let session = app.session();
    let (games, decisions) = figures(session);
    let mut lines: Vec<Line> = games.iter().map(|(l, v)| row(l, v.clone())).collect();
    lines.push(row(
        "Bankroll",
        format!(
            "{} → {}",
            app.starting_bankroll().plain(),
            app.bankroll().plain()
        ),
    ));
    // The decisions in short: the categories are on the stats screen.
    for (label, value) in decisions.iter().filter(|(l, _)| !l.starts_with(' ')) {
        lines.push(row(label, value.clone()));
    }
    for (key, rec) in session.most_missed(3) {
        lines.push(row(
            "Missed",
            format!("{} ({} of {})", cell_label(key), rec.wrong, rec.decisions),
        ));
    }
    for (i, seat) in app.seats.iter().enumerate() {
        if let Some(level) = seat.level() {
            let money = app.table().seats()[i].net_money();
            lines.push(row(
                &format!("Seat {} · {}", i + 1, level.name()),
                format!("net {money}"),
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
    draw_box(app, " Session summary ", lines, 62, area, buf);
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
