//! The review screen at the table (`v`): the hand history round by round and decision by
//! decision — the cards, what you did, what was best, what it cost, and the reason. From a
//! reviewed decision, `p` practises its chart cell in a decision drill.
//!
//! The history is the coach's ([`crate::store::Coach::hand_history`]): what the file
//! held when the table opened, then this session's rounds and drill answers.

use super::app::{App, Message, Tone};
use crate::trainer::history::Entry;
use crate::trainer::history::review::{ReviewFilter, select, shown_decisions};

/// What a key asks of the review screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewKey {
    /// The round (or drill answer) before.
    Older,
    /// The round (or drill answer) after.
    Newer,
    /// The decision before, in this round.
    PrevDecision,
    /// The decision after, in this round.
    NextDecision,
    /// Show only the rounds (and decisions) with a mistake, or everything.
    ToggleMistakes,
    /// Practise the marked decision's chart cell in a drill.
    Practise,
    /// Back to the table.
    Close,
}

/// The review screen's state: which entry and decision are marked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewScreen {
    /// The marked entry, an index into the entries shown (oldest first).
    pub entry: usize,
    /// The marked decision, an index into the entry's decisions shown.
    pub decision: usize,
    /// Only rounds and decisions with a mistake.
    pub mistakes: bool,
    /// A notice: a cell that cannot be practised.
    pub note: Option<Message>,
}

impl ReviewScreen {
    /// The entries shown, oldest first.
    pub fn entries<'a>(&self, history: &'a [Entry]) -> Vec<&'a Entry> {
        select(
            history,
            ReviewFilter {
                last: None,
                mistakes: self.mistakes,
            },
        )
    }
}

impl App {
    /// `v` at the table: the review, on the newest round.
    pub(crate) fn open_review(&mut self) {
        if self.count_hidden() {
            // Each hand's count and its graded index plays would tell the count: the exam
            // keeps the review until the count is shown.
            self.say(
                Tone::Info,
                "The review shows each hand's count: c shows the count first (counting mode \
                 hides it).",
            );
            return;
        }
        self.overlay = None;
        let mut screen = ReviewScreen {
            entry: 0,
            decision: 0,
            mistakes: false,
            note: None,
        };
        screen.entry = screen
            .entries(self.coach.hand_history())
            .len()
            .saturating_sub(1);
        self.review = Some(screen);
    }

    /// The review on screen, if any.
    pub fn review(&self) -> Option<&ReviewScreen> {
        self.review.as_ref()
    }

    /// A key on the review screen.
    pub(crate) fn review_update(&mut self, key: ReviewKey) {
        let Some(mut screen) = self.review.take() else {
            return;
        };
        screen.note = None;
        let history = self.coach.hand_history();
        let entries = screen.entries(history);
        let decisions = entries
            .get(screen.entry)
            .map_or(0, |e| shown_decisions(e, screen.mistakes).len());
        match key {
            ReviewKey::Older if screen.entry > 0 => {
                screen.entry -= 1;
                screen.decision = 0;
            }
            ReviewKey::Newer if screen.entry + 1 < entries.len() => {
                screen.entry += 1;
                screen.decision = 0;
            }
            ReviewKey::PrevDecision if screen.decision > 0 => screen.decision -= 1,
            ReviewKey::NextDecision if screen.decision + 1 < decisions => screen.decision += 1,
            ReviewKey::ToggleMistakes => {
                screen.mistakes = !screen.mistakes;
                screen.entry = screen.entries(history).len().saturating_sub(1);
                screen.decision = 0;
            }
            ReviewKey::Practise => {
                let cell = entries
                    .get(screen.entry)
                    .and_then(|e| {
                        shown_decisions(e, screen.mistakes)
                            .get(screen.decision)
                            .copied()
                    })
                    .and_then(|d| d.cell());
                let Some(cell) = cell else {
                    screen.note = Some(Message {
                        tone: Tone::Error,
                        text: "No decision here to practise.".to_owned(),
                    });
                    self.review = Some(screen);
                    return;
                };
                match self.practise_cell(cell) {
                    Ok(()) => return,
                    Err(text) => {
                        screen.note = Some(Message {
                            tone: Tone::Error,
                            text,
                        });
                    }
                }
            }
            ReviewKey::Close => return,
            // At the first or last already: nothing moves.
            _ => {}
        }
        self.review = Some(screen);
    }
}
