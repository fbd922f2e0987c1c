//! The review screen: one round (or drill answer) of the hand history, its decisions with the
//! marked one's EVs and reason, and the keys. Drawn from a [`ReviewView`] — just what it shows
//! — so a test can build one without a table.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use super::status::{note_line, tone_mark};
use super::{Ctx, framed, marker};
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

/// A review with its drawing context, to render.
struct Drawn<'v, 'a> {
    view: &'v ReviewView<'a>,
    ctx: Ctx,
}

impl Widget for &Drawn<'_, '_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.ctx.theme;
        let title = if self.view.mistakes {
            " Review: your mistakes "
        } else {
            " Review: your hands "
        };
        let inner = framed(self.ctx, title, area, buf);
        let [body, bar] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(3)]).areas(inner);
        let body = if area.height >= LIST_FROM_HEIGHT && !self.view.around.is_empty() {
            let rows = u16::try_from(self.view.around.len()).unwrap_or(0) + 1;
            let [body, list] =
                Layout::vertical([Constraint::Fill(1), Constraint::Length(rows)]).areas(body);
            self.render_list(list, buf);
            body
        } else {
            body
        };
        Paragraph::new(self.body())
            .wrap(Wrap { trim: false })
            .render(body, buf);
        let keys = Line::from(vec![
            Span::styled("←→", theme.key),
            Span::styled(" round  ", theme.dim),
            Span::styled("↑↓", theme.key),
            Span::styled(" decision  ", theme.dim),
            Span::styled("m", theme.key),
            Span::styled(
                if self.view.mistakes {
                    " show all  "
                } else {
                    " mistakes only  "
                },
                theme.dim,
            ),
            Span::styled("p", theme.key),
            Span::styled(" practise this  ", theme.dim),
            Span::styled("Esc", theme.key),
            Span::styled(" back", theme.dim),
        ]);
        Paragraph::new(vec![note_line(self.ctx, self.view.note), keys])
            .block(Block::new().borders(Borders::TOP).border_style(theme.frame))
            .wrap(Wrap { trim: false })
            .render(bar, buf);
    }
}

impl Drawn<'_, '_> {
    /// The entries around the one shown, one line each, under a rule.
    fn render_list(&self, area: Rect, buf: &mut Buffer) {
        let theme = self.ctx.theme;
        let lines: Vec<Line<'static>> = self
            .view
            .around
            .iter()
            .map(|(current, mistake, title)| {
                let (mark, _) = tone_mark(self.ctx, Tone::graded(!mistake));
                let pointer = if *current {
                    marker(self.ctx.ascii)
                } else {
                    ' '
                };
                let style = if *current {
                    theme.active_hand
                } else {
                    theme.dim
                };
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
    fn body(&self) -> Vec<Line<'static>> {
        let theme = self.ctx.theme;
        let view = self.view;
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
            Line::from(Span::styled(cards_line(entry, self.ctx.ascii), theme.text)),
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
            let mark = if i == view.selected {
                format!("{} ", marker(self.ctx.ascii))
            } else {
                "  ".to_owned()
            };
            lines.push(Line::from(vec![
                Span::styled(mark, theme.active_hand),
                Span::styled(decision_line(decision, self.ctx.ascii), style),
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
}

/// Draws the review screen over the whole area.
pub fn render_review(view: &ReviewView<'_>, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    ratatui::widgets::Clear.render(area, buf);
    let drawn = Drawn { view, ctx };
    (&drawn).render(area, buf);
}
