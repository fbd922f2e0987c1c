//! A reason's idea: the claims made for a cell by the kind of decision (each only where its
//! check holds), the words that join them, and where the American peek chart plays otherwise.

use super::{Claim, Facts, Holding, Part, Stake};
use crate::analysis::chart::{Cell, HandKind};
use crate::engine::card::value_label;
use crate::engine::{Action, Value};

/// Collects the parts of an idea, making a claim only where its check holds.
struct Idea<'f, 'a> {
    facts: &'f Facts<'a>,
    parts: Vec<Part>,
}

impl Idea<'_, '_> {
    /// Adds `claim` (after `joint` if something came before) when it holds; whether it did.
    fn claim(&mut self, joint: &'static str, claim: Claim) -> bool {
        if claim.check(self.facts).is_err() {
            return false;
        }
        if !self.parts.is_empty() {
            self.parts.push(Part::Words(joint.to_owned()));
        }
        self.parts.push(Part::Claim(claim));
        true
    }

    fn words(&mut self, words: String) {
        self.parts.push(Part::Words(words));
    }

    /// Ends the idea with the play: `: hit`, or just `hit` when nothing came before.
    fn play(mut self, play: Action) -> Vec<Part> {
        if !self.parts.is_empty() {
            self.parts.push(Part::Words(": ".to_owned()));
        }
        self.parts.push(Part::Play(play));
        self.parts
    }
}

/// The dealer's bust rate claim for `up`.
fn dealer_busts(facts: &Facts<'_>, up: Value) -> Claim {
    let (percent, of) = facts.dealer_bust(up);
    Claim::DealerBusts { up, percent, of }
}

/// The idea behind `play` (weighed against `versus`), by the kind of decision.
pub(super) fn idea(
    facts: &Facts<'_>,
    cell: Cell,
    play: Action,
    versus: Option<Action>,
) -> Vec<Part> {
    let hand = Holding::of(cell);
    let mut idea = Idea { facts, parts: Vec::new() };
    if cell.kind == HandKind::Pair {
        let card = match cell.row {
            1 => "ace",
            10 => "ten",
            v => value_label(v),
        };
        if play == Action::Split {
            idea.words(format!("a hand from each {card} instead of one {hand}"));
            idea.claim("; ", Claim::SplitsAgainstEveryUpCard(cell.row));
            if (12..=16).contains(&hand.total) && !hand.soft {
                idea.claim("; as one hand, ", Claim::WinsOnlyWhenTheDealerBusts(hand));
            }
            if (2..=6).contains(&cell.up.get()) {
                idea.claim("; ", dealer_busts(facts, cell.up));
            }
            return idea.play(play);
        }
        // The claims that follow are about the hand's total.
        let mut total = Idea { facts, parts: Vec::new() };
        total_idea(&mut total, cell, hand, play, versus);
        idea.words(format!("{} kept as one hand", cell.hand_label()));
        // Where splitting is the runner-up, the reason weighs it.
        let weighed =
            versus == Some(Action::Split) && idea.claim(", since ", Claim::SplitWorthLess(cell));
        if !total.parts.is_empty() {
            idea.words(if weighed { "; " } else { ", " }.to_owned());
            idea.parts.extend(total.parts);
        }
        return idea.play(play);
    }
    total_idea(&mut idea, cell, hand, play, versus);
    idea.play(play)
}

/// The claims behind `play` for a hand taken as its total.
fn total_idea(
    idea: &mut Idea<'_, '_>,
    cell: Cell,
    hand: Holding,
    play: Action,
    versus: Option<Action>,
) {
    let facts = idea.facts;
    let busts = dealer_busts(facts, cell.up);
    match play {
        Action::Double => {
            idea.claim("", Claim::CannotBustWithOneCard(hand));
            idea.claim(", and ", busts);
        }
        Action::Hit if versus == Some(Action::Double) => {
            idea.claim("", Claim::CannotBustWithOneCard(hand));
            idea.claim(", and ", Claim::DoubleTakesOneCard);
        }
        Action::Hit if hand.soft => {
            idea.claim("", Claim::CannotBustWithOneCard(hand));
            // Card by card, a card that keeps the total (a ten on soft 12) or leaves it under
            // 17 can still leave standing a shade worse, by the cards it takes out of the
            // shoe: under 17, what holds for every card is that standing wins only on a bust.
            let said = idea.claim(", and ", Claim::NoCardLeavesItWorse(cell))
                || (hand.total < 17
                    && idea.claim(", and ", Claim::WinsOnlyWhenTheDealerBusts(hand)));
            if !said {
                idea.claim(", though ", Claim::SomeCardLeavesItWorse(cell));
            }
        }
        Action::Hit if hand.total >= 12 => {
            idea.claim("", busts);
            idea.claim(", and ", Claim::WinsOnlyWhenTheDealerBusts(hand));
        }
        Action::Hit => {
            idea.claim("", Claim::CannotBustWithOneCard(hand));
        }
        Action::Stand if !hand.soft && (12..=16).contains(&hand.total) => {
            idea.claim("", busts);
            idea.claim(", and ", Claim::CanBustWithOneCard(hand));
        }
        Action::Stand => {
            idea.claim("", Claim::MadeHand(hand));
            idea.claim(", and ", Claim::HurtsMoreOftenThanHelps(cell));
        }
        Action::Split => {}
    }
}

/// Where the American peek chart plays the cell otherwise: `. The American peek chart doubles
/// here: with no hole card, …`.
pub(super) fn american(facts: &Facts<'_>, cell: Cell) -> Vec<Part> {
    let Some(peek) = facts.peek else {
        return Vec::new();
    };
    let there = peek.get(cell).preferred();
    let claim = Claim::AmericanChartPlays(there);
    if claim.check_in(facts, cell).is_err() {
        return Vec::new();
    }
    let percent = facts.dealer_blackjack(cell.up);
    let why = match there {
        Action::Double => {
            Claim::BlackjackTakesTheExtraStake { up: cell.up, percent, stake: Stake::Doubled }
        }
        Action::Split => {
            Claim::BlackjackTakesTheExtraStake { up: cell.up, percent, stake: Stake::Split }
        }
        _ => Claim::BlackjackStillToCome { up: cell.up, percent },
    };
    let mut parts = vec![Part::Words(". ".to_owned()), Part::Claim(claim)];
    if why.check(facts).is_ok() {
        parts.push(Part::Words(": ".to_owned()));
        parts.push(Part::Claim(why));
    }
    parts
}
