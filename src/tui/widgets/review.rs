//! The review screen: one round (or drill answer) of the hand history, its decisions with the
//! marked one's EVs and reason, and the keys.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use super::status::tone_mark;
use super::{Ctx, framed_page, marker, render_key_bar};
use crate::text::signed;
use crate::trainer::grade::Verdict;
use crate::trainer::history::review::{cards_line, decision_line, entry_title, evs_line};
use crate::trainer::history::{Decision, Entry};
use crate::tui::message::{Message, Tone};

/// How many entries the list on a tall screen shows.
pub const AROUND: usize = 12;

/// The height from which the screen lists the entries around the one shown.
const LIST_FROM_HEIGHT: u16 = 30;

/// What the review screen shows.
pub struct ReviewView<'a> {
    /// The entry on screen, if the history has any.
    pub entry: Option<&'a Entry>,
    /// Its place among those shown (1-based) and how many there are.
    pub position: (usize, usize),
    /// Older entries of the database that were not loaded (`--history-limit`).
    pub older: u64,
    /// Its decisions shown, and which is marked.
    pub decisions: Vec<&'a Decision>,
    /// The marked decision.
    pub selected: usize,
    /// The reason for the marked decision's cell, when the strategy is known.
    pub reason: Option<String>,
    /// Only mistakes are shown.
    pub mistakes: bool,
    /// A notice.
    pub note: Option<&'a Message>,
    /// Entries around the one on screen, for the list a tall screen shows: whether it is the
    /// one on screen, whether it holds a mistake, its title.
    pub around: Vec<(bool, bool, String)>,
}

/// Draws the review screen over the whole area.
pub fn render_review(view: &ReviewView<'_>, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    let title = if view.mistakes { " Review: your mistakes " } else { " Review: your hands " };
    let [body, bar] = framed_page(ctx, title, area, buf);
    let body = if area.height >= LIST_FROM_HEIGHT && !view.around.is_empty() {
        let rows = u16::try_from(view.around.len()).unwrap_or(0) + 1;
        let [body, list] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(rows)]).areas(body);
        render_list(view, ctx, list, buf);
        body
    } else {
        body
    };
    Paragraph::new(body_lines(view, ctx)).wrap(Wrap { trim: false }).render(body, buf);
    let mistakes = if view.mistakes { "show all" } else { "mistakes only" };
    let keys = [
        ("←→", "round"),
        ("↑↓", "decision"),
        ("m", mistakes),
        ("p", "practise this"),
        ("Esc", "back"),
    ];
    render_key_bar(ctx, view.note, &keys, bar, buf);
}

/// The entries around the one shown, one line each, under a rule.
fn render_list(view: &ReviewView<'_>, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    let theme = ctx.theme;
    let lines: Vec<Line<'static>> = view
        .around
        .iter()
        .map(|(current, mistake, title)| {
            let (mark, _) = tone_mark(ctx, Tone::graded(!mistake));
            let (pointer, style) =
                if *current { (marker(ctx.ascii), theme.active_hand) } else { (' ', theme.dim) };
            Line::from(Span::styled(format!("{pointer} {mark} {title}"), style))
        })
        .collect();
    Paragraph::new(lines)
        .block(
            Block::new()
                .borders(Borders::TOP)
                .border_style(theme.frame)
                .title(Span::styled(" The history around it ", theme.dim)),
        )
        .render(area, buf);
}

/// The lines above the keys.
fn body_lines(view: &ReviewView<'_>, ctx: Ctx) -> Vec<Line<'static>> {
    let theme = ctx.theme;
    let Some(entry) = view.entry else {
        let text = if view.mistakes {
            "No mistakes in the hand history: m shows every round."
        } else {
            "No rounds or drill answers recorded yet: play a round (or a drill), then press v."
        };
        return vec![Line::from(Span::styled(text, theme.text))];
    };
    let (at, of) = view.position;
    // The newest entries only were loaded: say how many more the database keeps.
    let older = if view.older > 0 {
        format!(" (the newest; {} older kept, --history-limit)", view.older)
    } else {
        String::new()
    };
    let mut lines = vec![
        Line::from(vec![
            Span::styled(format!("{at} of {of}{older} · "), theme.dim),
            Span::styled(entry_title(entry), theme.header),
        ]),
        Line::from(Span::styled(cards_line(entry, ctx.ascii), theme.text)),
        Line::default(),
    ];
    if view.decisions.is_empty() && matches!(entry, Entry::Round(_)) {
        lines.push(Line::from(Span::styled(
            "No decision of yours in this round (a natural, or the dealer's blackjack).",
            theme.dim,
        )));
    }
    for (i, decision) in view.decisions.iter().enumerate() {
        let style = match decision.verdict() {
            Verdict::Right => theme.msg_good,
            Verdict::CloseCall => theme.msg_info,
            Verdict::Miss => theme.msg_bad,
        };
        let mark =
            if i == view.selected { format!("{} ", marker(ctx.ascii)) } else { "  ".to_owned() };
        lines.push(Line::from(vec![
            Span::styled(mark, theme.active_hand),
            Span::styled(decision_line(decision, ctx.ascii), style),
        ]));
    }
    if let Some(decision) = view.decisions.get(view.selected) {
        lines.push(Line::default());
        lines.push(Line::from(vec![
            Span::styled("EVs of this hand: ", theme.dim),
            Span::styled(evs_line(decision), theme.text),
        ]));
        if let Some(tc) = decision.true_count {
            lines.push(Line::from(Span::styled(
                format!("Counting mode: the true count was {}.", signed(tc)),
                theme.dim,
            )));
        }
        if let Some(why) = &view.reason {
            lines.push(Line::from(vec![
                Span::styled("Why: ", theme.dim),
                Span::styled(why.clone(), theme.hint),
            ]));
        }
    }
    lines
}
