//! The review screen at the table (`v`): the coach's hand history
//! ([`crate::store::Coach::hand_history`]) round by round and decision by decision — the
//! cards, what you did, what was best, what it cost, and why. `p` practises a decision's cell.

use super::message::{Message, Tone};
use crate::analysis::chart::Cell;
use crate::trainer::history::review::{ReviewFilter, select, shown_decisions};
use crate::trainer::history::{Decision, Entry};

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
#[derive(Debug, Clone, Default, PartialEq, Eq)]
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

/// What the review asks of the table after a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewStep {
    /// The review stays on screen.
    Stay,
    /// Back to the table.
    Close,
    /// A decision drill on this cell.
    Practise(Cell),
}

impl ReviewScreen {
    /// The review of `history`, the newest entry marked.
    pub fn open(history: &[Entry]) -> ReviewScreen {
        let mut screen = ReviewScreen::default();
        screen.entry = screen.entries(history).len().saturating_sub(1);
        screen
    }

    /// The entries shown, oldest first.
    pub fn entries<'a>(&self, history: &'a [Entry]) -> Vec<&'a Entry> {
        select(history, ReviewFilter { last: None, mistakes: self.mistakes })
    }

    /// The marked decision, if there is one.
    pub fn marked<'a>(&self, history: &'a [Entry]) -> Option<&'a Decision> {
        let entry = *self.entries(history).get(self.entry)?;
        shown_decisions(entry, self.mistakes).get(self.decision).copied()
    }

    /// The one place the review's state changes: `key` over `history`.
    pub fn update(&mut self, key: ReviewKey, history: &[Entry]) -> ReviewStep {
        self.note = None;
        let entries = self.entries(history);
        let decisions =
            entries.get(self.entry).map_or(0, |e| shown_decisions(e, self.mistakes).len());
        match key {
            ReviewKey::Older if self.entry > 0 => {
                self.entry -= 1;
                self.decision = 0;
            }
            ReviewKey::Newer if self.entry + 1 < entries.len() => {
                self.entry += 1;
                self.decision = 0;
            }
            ReviewKey::PrevDecision if self.decision > 0 => self.decision -= 1,
            ReviewKey::NextDecision if self.decision + 1 < decisions => self.decision += 1,
            ReviewKey::ToggleMistakes => {
                self.mistakes = !self.mistakes;
                self.entry = self.entries(history).len().saturating_sub(1);
                self.decision = 0;
            }
            ReviewKey::Practise => match self.marked(history).and_then(Decision::cell) {
                Some(cell) => return ReviewStep::Practise(cell),
                None => {
                    self.note = Some(Message::new(Tone::Error, "No decision here to practise."))
                }
            },
            ReviewKey::Close => return ReviewStep::Close,
            // At the first or last already: nothing moves.
            _ => {}
        }
        ReviewStep::Stay
    }
}
