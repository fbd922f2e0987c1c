//! The reason behind every play: one line per chart cell a learner can remember, built from
//! the rules and the exact numbers — never typed in per cell.
//!
//! A reason is *claims* ([`Claim`], each made only where its check against the analysis
//! holds), words that name the play, and the numbers: the play and the runner-up (or the play
//! chosen) with their EVs from one [`Source`]. [`line`] is the one place a line is assembled.

use std::fmt;

use super::chart::{Cell, Chart};
use super::strategy::Strategy;
use crate::engine::{Action, ActionSet, Value};
use crate::text::signed_decimals;

mod claims;
mod facts;
mod idea;

pub use claims::{Claim, Holding, Rounds, Stake, third_person};
pub use facts::Facts;
use idea::{american, idea};

/// Where the EVs beside a reason come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The chart cell's EVs ([`super::strategy::CellEvs`]): averaged over the two-card hands
    /// that make the cell, full shoe less the up card.
    ChartAverage,
    /// The hand in front of the player: its own cards and the up card out of a full shoe.
    ThisHand,
    /// The hand in front of the player in the shoe as it is: every card seen since the
    /// shuffle taken out.
    LiveShoe,
}

impl Source {
    /// `chart average, full shoe`, `this hand, full shoe`, `live shoe`.
    pub const fn label(self) -> &'static str {
        match self {
            Source::ChartAverage => "chart average, full shoe",
            Source::ThisHand => "this hand, full shoe",
            Source::LiveShoe => "live shoe",
        }
    }
}

/// Which EVs a reason shows.
#[derive(Debug, Clone, Copy)]
pub enum Figures<'a> {
    /// The cell's chart average: the best play and the runner-up.
    Chart,
    /// The cell's chart average for a hand in play that may take only `legal`: the best of
    /// those and the runner-up among them (a three-card 20 cannot split, whatever T,T's EVs
    /// say).
    ChartFor(ActionSet),
    /// A decision's own EVs: the play basic strategy advised and the play chosen (the
    /// runner-up among `evs` when the choice was the advised play).
    Hand {
        /// Where `evs` come from.
        source: Source,
        /// Each legal action's EV.
        evs: &'a [(Action, f64)],
        /// Basic strategy's play among the legal ones.
        advised: Action,
        /// The play made.
        chosen: Action,
    },
}

/// The numbers of a reason: the play and the one it is weighed against, with EVs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Numbers {
    /// Where they come from.
    pub source: Source,
    /// The play the reason is for, with its EV.
    pub play: (Action, f64),
    /// The runner-up or the play chosen, with its EV.
    pub other: Option<(Action, f64)>,
    /// Whether `other` is the play chosen (else the runner-up).
    pub chosen: bool,
    /// The one hand the chart average was worked out on, where no two cards make the cell
    /// (soft 21: A,5,5): the numbers name it.
    pub stand_in: Option<&'static [Value]>,
}

impl fmt::Display for Numbers {
    /// `(chart average, full shoe: hit −0.209, double −0.535)` (11 vs A), `(worked out on
    /// A,5,5, full shoe: stand +0.882, hit …)` (soft 21, whose chart average is of one
    /// stand-in hand) or `(this hand, full shoe: hit −0.571, your stand −0.577)` (10,6 vs T,
    /// stood on).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (play, ev) = self.play;
        let source = match (self.source, self.stand_in) {
            (Source::ChartAverage, Some(hand)) => {
                let cards: Vec<&str> = hand.iter().map(|v| v.label()).collect();
                format!("worked out on {}, full shoe", cards.join(","))
            }
            (source, _) => source.label().to_owned(),
        };
        write!(f, "({source}: {play} {}", signed_decimals(ev, 3))?;
        if let Some((other, ev)) = self.other {
            let yours = if self.chosen { "your " } else { "" };
            write!(f, ", {yours}{other} {}", signed_decimals(ev, 3))?;
        }
        f.write_str(")")
    }
}

/// A piece of a reason's idea.
#[derive(Debug, Clone, PartialEq)]
enum Part {
    /// A fact, checked before it was made.
    Claim(Claim),
    /// Words that join claims or name the play (no fact in them).
    Words(String),
    /// The play, as a word: `hit`.
    Play(Action),
}

/// The reason for a cell's play: its claims and words, and its numbers.
#[derive(Debug, Clone, PartialEq)]
pub struct Reason {
    /// The cell.
    pub cell: Cell,
    /// The play the reason is for.
    pub play: Action,
    /// The numbers.
    pub numbers: Numbers,
    idea: Vec<Part>,
}

impl Reason {
    /// Every fact the line states, in order.
    pub fn claims(&self) -> impl Iterator<Item = &Claim> {
        self.idea.iter().filter_map(|p| match p {
            Part::Claim(c) => Some(c),
            _ => None,
        })
    }

    /// The idea without the numbers (for screens that show the EVs themselves): `11 cannot
    /// bust with one card, and a double takes one card only, where a hit may draw again:
    /// hit. The American peek chart doubles here: …`.
    pub fn idea(&self) -> String {
        let mut out = String::new();
        for part in &self.idea {
            let text = match part {
                Part::Claim(c) => c.to_string(),
                Part::Words(w) => w.clone(),
                Part::Play(a) => a.name().to_owned(),
            };
            // A sentence after a full stop starts with a capital; the line itself starts
            // lower-case, after `Why:` or a hint.
            if out.ends_with(". ") {
                let mut chars = text.chars();
                if let Some(first) = chars.next() {
                    out.extend(first.to_uppercase());
                    out.push_str(chars.as_str());
                }
            } else {
                out.push_str(&text);
            }
        }
        out
    }

    /// The whole line: the idea, then the numbers with their source.
    pub fn text(&self) -> String {
        format!("{} {}", self.idea(), self.numbers)
    }
}

/// The reason for `cell` in `strategy`'s game, with the numbers `figures` asks for. `peek` is
/// the American peek game's chart for the same rules, where it is known: where it plays
/// otherwise, the line says so and why. `None` for a cell with no EVs (a hand that cannot be
/// dealt).
pub fn reason(
    strategy: &Strategy,
    peek: Option<&Chart>,
    cell: Cell,
    figures: Figures<'_>,
) -> Option<Reason> {
    let ranked = strategy.cell_evs.get(&cell)?.ranked();
    let chart = |legal: Option<ActionSet>| {
        let mut it = ranked.iter().copied().filter(|&(a, _)| legal.is_none_or(|l| l.contains(a)));
        Some(Numbers {
            source: Source::ChartAverage,
            play: it.next()?,
            other: it.next(),
            chosen: false,
            stand_in: super::strategy::stand_in(cell),
        })
    };
    let numbers = match figures {
        Figures::Chart => chart(None)?,
        Figures::ChartFor(legal) => chart(Some(legal))?,
        Figures::Hand { source, evs, advised, chosen } => {
            let ev = |a: Action| evs.iter().find(|e| e.0 == a).copied();
            let other = if chosen == advised {
                evs.iter().filter(|e| e.0 != advised).copied().max_by(|a, b| a.1.total_cmp(&b.1))
            } else {
                ev(chosen)
            };
            match ev(advised) {
                Some(play) => {
                    Numbers { source, play, other, chosen: chosen != advised, stand_in: None }
                }
                None => chart(None)?,
            }
        }
    };
    let facts = Facts::of(strategy, peek);
    let play = numbers.play.0;
    let mut idea = idea(&facts, cell, play, numbers.other.map(|o| o.0));
    idea.extend(american(&facts, cell));
    Some(Reason { cell, play, numbers, idea })
}

/// [`reason`] as its line: the idea first (a line cut short keeps it), then the numbers, e.g.
/// `11 cannot bust with one card, …: hit. … (chart average, full shoe: hit +0.031, double …)`.
pub fn line(
    strategy: &Strategy,
    peek: Option<&Chart>,
    cell: Cell,
    figures: Figures<'_>,
) -> Option<String> {
    reason(strategy, peek, cell, figures).map(|r| r.text())
}

#[cfg(test)]
mod tests;
