//! What the hand history records: every round and drill answer, each decision as graded
//! ([`Grade`]) with the exact EVs it was graded with.

use serde::{Deserialize, Serialize};

use crate::analysis::chart::Cell;
use crate::engine::{Action, Card, Cards, DealerHand, PlayerHand, Rank, Suit, Units};
use crate::trainer::grade::Grade;

/// One entry of the hand history: a round at the table, a drill answer or a counting answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Entry {
    /// A round at the table.
    Round(Round),
    /// A drill answer.
    Drill(DrillAnswer),
    /// An answer of a counting drill or of the count quiz.
    Count(CountAnswer),
}

impl Entry {
    /// The graded decisions of the entry, in the order made (none for a counting answer).
    pub fn decisions(&self) -> &[Decision] {
        match self {
            Entry::Round(round) => &round.decisions,
            Entry::Drill(drill) => std::slice::from_ref(&drill.decision),
            Entry::Count(_) => &[],
        }
    }

    /// When it happened, in seconds since the Unix epoch.
    pub fn at(&self) -> u64 {
        match self {
            Entry::Round(round) => round.at,
            Entry::Drill(drill) => drill.at,
            Entry::Count(answer) => answer.at,
        }
    }

    /// Whether it was answered or played wrong: a graded mistake, or a wrong counting answer.
    pub fn is_wrong(&self) -> bool {
        match self {
            Entry::Count(answer) => !answer.right,
            _ => self.decisions().iter().any(|d| !d.is_correct()),
        }
    }

    /// Whether the numbers and cards are ones this program could have written.
    pub fn validate(&self) -> Result<(), String> {
        let cards = |cards: &[String]| {
            cards
                .iter()
                .try_for_each(|c| parse_card(c).map(|_| ()).ok_or(format!("`{c}` is not a card")))
        };
        match self {
            Entry::Round(round) => {
                cards(&round.dealer)?;
                for hand in &round.hands {
                    cards(&hand.cards)?;
                    if !hand.net.is_finite() {
                        return Err("a hand's net is not a number".to_owned());
                    }
                }
            }
            Entry::Drill(drill) => {
                if !drill.seconds.is_finite() || drill.seconds < 0.0 {
                    return Err(format!("seconds = {} is out of range", drill.seconds));
                }
            }
            Entry::Count(answer) => {
                let fine = |x: f64| x.is_finite() && x >= 0.0;
                if !(fine(answer.error) && fine(answer.seconds)) {
                    return Err(format!(
                        "error {} and {} s are out of range",
                        answer.error, answer.seconds
                    ));
                }
            }
        }
        self.decisions().iter().try_for_each(Decision::validate)
    }
}

/// Where a round started, so it can be dealt again: seed, shoe position, bet, true count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RoundStart {
    /// The person's bet, in money.
    pub bet: Units,
    /// Counting mode: the floored true count at the deal.
    pub true_count: Option<i32>,
    /// The table's seed.
    pub seed: u64,
    /// Cards dealt from the shoe since the shuffle, before this round.
    pub shoe_position: usize,
    /// The round's number in its session (1 for the first).
    pub number: u64,
    /// When it was dealt, in seconds since the Unix epoch.
    pub at: u64,
}

/// A round at the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Round {
    /// When it was dealt, in seconds since the Unix epoch.
    pub at: u64,
    /// The table's seed.
    pub seed: u64,
    /// Cards dealt from the shoe since its last shuffle, before this round.
    pub shoe_position: usize,
    /// The round's number in its session.
    pub number: u64,
    /// The bet, in money (unknown for rounds imported from an earlier build's history).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bet: Option<f64>,
    /// Counting mode: the floored true count at the deal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub true_count: Option<i32>,
    /// The dealer's cards, up card first.
    pub dealer: Vec<String>,
    /// Your hands as they ended (more than one after a split).
    pub hands: Vec<HandRecord>,
    /// Your decisions, in the order made.
    pub decisions: Vec<Decision>,
    /// Left before it was settled: its decisions count, the round does not.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unfinished: bool,
}

impl Round {
    /// The round from its start, your settled hands, the dealer's hand and its decisions.
    pub fn new(
        start: RoundStart,
        hands: &[PlayerHand],
        dealer: &DealerHand,
        decisions: Vec<Decision>,
    ) -> Round {
        Round {
            at: start.at,
            seed: start.seed,
            shoe_position: start.shoe_position,
            number: start.number,
            bet: Some(start.bet.as_f64()),
            true_count: start.true_count,
            dealer: card_names(&dealer.cards),
            hands: hands
                .iter()
                .map(|h| HandRecord {
                    cards: card_names(&h.cards),
                    stake: h.stake,
                    outcome: h.outcome.map(|o| o.to_string()).unwrap_or_default(),
                    net: h.outcome.map_or(0.0, |o| o.delta.as_f64()),
                    money: Some(h.outcome.map_or(0.0, |o| o.money.as_f64())),
                })
                .collect(),
            decisions,
            unfinished: false,
        }
    }

    /// The round's net in bets.
    pub fn net(&self) -> f64 {
        self.hands.iter().map(|h| h.net).sum()
    }

    /// The round's net in money, where it is known.
    pub fn money(&self) -> Option<f64> {
        self.hands.iter().map(|h| h.money).sum()
    }
}

/// One of your hands in a round, as it ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HandRecord {
    /// Its cards.
    pub cards: Vec<String>,
    /// 1, or 2 once doubled.
    pub stake: u8,
    /// How it was settled, as the table says it (`+1`, `bust −1`, `push`).
    pub outcome: String,
    /// What it won or lost, in bets.
    pub net: f64,
    /// What it won or lost, in money (unknown for imported rounds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub money: Option<f64>,
}

/// A drill answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DrillAnswer {
    /// When it was answered, in seconds since the Unix epoch.
    pub at: u64,
    /// The drill's name (`hard`, `mistakes`, …).
    pub kind: String,
    /// How long the answer took.
    pub seconds: f64,
    /// The decision.
    pub decision: Decision,
}

/// An answer of a counting drill (`countdown`, `decks`, …) or of the count quiz (`count`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CountAnswer {
    /// When it was answered, in seconds since the Unix epoch.
    pub at: u64,
    /// The skill.
    pub skill: String,
    /// The question as it was asked.
    pub question: String,
    /// The answer given.
    pub answer: String,
    /// The right answer.
    pub truth: String,
    /// Whether the answer was right.
    pub right: bool,
    /// How far off it was (0 when right; for a deviation, 0 or 1).
    pub error: f64,
    /// How long the answer took.
    pub seconds: f64,
    /// A countdown: the decks counted, and whether the run may be a personal best.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub countdown: Option<CountdownRun>,
}

/// What a countdown answer adds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CountdownRun {
    /// Decks counted.
    pub decks: u8,
    /// A whole run, turned by hand: its time may be a personal best.
    pub timed: bool,
}

/// One graded decision with what it was graded on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// Which of your hands (0 unless split).
    pub hand: usize,
    /// The hand's cards when the decision was made.
    pub cards: Vec<String>,
    /// The dealer's up card.
    pub up: String,
    /// The chart cell (`hard:11:T`).
    pub cell: String,
    /// What you did.
    #[serde(with = "action_name")]
    pub chosen: Action,
    /// What was best.
    #[serde(with = "action_name")]
    pub advised: Action,
    /// Every legal action's exact EV, best first.
    pub evs: Vec<ActionEv>,
    /// EV given away, in bets (0 when right).
    pub cost: f64,
    /// In counting mode, the floored true count when the decision was made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub true_count: Option<i32>,
}

/// One action's EV.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ActionEv {
    /// The action.
    #[serde(with = "action_name")]
    pub action: Action,
    /// Its exact EV in bets.
    pub ev: f64,
}

impl Decision {
    /// The record of `grade` (`cards` against `up`, hand `hand`), `ranked` EVs best first.
    pub fn new(
        grade: &Grade,
        cards: &Cards,
        up: Card,
        hand: usize,
        ranked: &[(Action, f64)],
    ) -> Decision {
        Decision {
            hand,
            cards: card_names(cards),
            up: card_name(up),
            cell: grade.cell.key(),
            chosen: grade.chosen,
            advised: grade.advised,
            evs: ranked.iter().map(|&(action, ev)| ActionEv { action, ev }).collect(),
            cost: grade.cost,
            true_count: None,
        }
    }

    /// Whether the play was the advised one.
    pub fn is_correct(&self) -> bool {
        self.chosen == self.advised
    }

    /// Right, a close call or a miss, as it was graded.
    pub fn verdict(&self) -> crate::trainer::grade::Verdict {
        crate::trainer::grade::Verdict::of(self.is_correct(), self.cost)
    }

    /// The chart cell.
    pub fn cell(&self) -> Option<Cell> {
        Cell::from_key(&self.cell)
    }

    /// The EV of `action`, if it was legal.
    pub fn ev(&self, action: Action) -> Option<f64> {
        self.evs.iter().find(|e| e.action == action).map(|e| e.ev)
    }

    /// The cards as the table shows them (`A♠ 7♥`, or `As 7h` in ASCII).
    pub fn cards_text(&self, ascii: bool) -> String {
        cards_text(&self.cards, ascii)
    }

    /// The up card as the table shows it.
    pub fn up_text(&self, ascii: bool) -> String {
        cards_text(std::slice::from_ref(&self.up), ascii)
    }

    fn validate(&self) -> Result<(), String> {
        for c in self.cards.iter().chain([&self.up]) {
            parse_card(c).ok_or(format!("`{c}` is not a card"))?;
        }
        self.cell().ok_or(format!("`{}` is not a chart cell", self.cell))?;
        if !self.cost.is_finite() || self.cost < 0.0 {
            return Err(format!("cost = {} is out of range", self.cost));
        }
        if self.evs.iter().any(|e| !e.ev.is_finite()) {
            return Err("an EV is not a number".to_owned());
        }
        Ok(())
    }
}

/// A card as stored: its rank and the suit's ASCII letter (`As`, `10h`).
pub fn card_name(card: Card) -> String {
    format!("{}{}", card.rank().symbol(), card.suit().ascii())
}

pub(crate) fn card_names(cards: &Cards) -> Vec<String> {
    cards.as_slice().iter().copied().map(card_name).collect()
}

/// A stored card read back.
pub fn parse_card(text: &str) -> Option<Card> {
    let (rank, suit) = text.split_at(text.len().checked_sub(1)?);
    let rank = Rank::ALL.into_iter().find(|r| r.symbol() == rank)?;
    let suit = Suit::ALL.into_iter().find(|s| suit.starts_with(s.ascii()))?;
    Some(Card::new(rank, suit))
}

/// Stored cards as the table shows them: suit symbols, or the stored ASCII names.
pub fn cards_text(cards: &[String], ascii: bool) -> String {
    cards
        .iter()
        .map(|c| match parse_card(c) {
            Some(card) if !ascii => card.to_string(),
            _ => c.clone(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// An action read back from its name.
pub fn parse_action(name: &str) -> Option<Action> {
    Action::ALL.into_iter().find(|a| a.name() == name)
}

/// Actions stored by their names (`hit`, `stand`, `double`, `split`).
mod action_name {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::engine::Action;

    pub fn serialize<S: Serializer>(action: &Action, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(action.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
        let name = String::deserialize(d)?;
        super::parse_action(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("`{name}` is not an action")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_reads_back_as_itself() {
        for rank in Rank::ALL {
            for suit in Suit::ALL {
                let card = Card::new(rank, suit);
                assert_eq!(parse_card(&card_name(card)), Some(card));
            }
        }
        assert_eq!(parse_card("1s"), None);
        assert_eq!(parse_card(""), None);
        assert_eq!(parse_card("Ax"), None);
    }
}
