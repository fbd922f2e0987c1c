//! The facts a reason may state about a cell ([`Claim`]), the hand they speak of
//! ([`Holding`]), how each is written, and its check against the analysis ([`Claim::check`]).

use std::fmt;

use super::Facts;
use crate::analysis::chart::{Cell, HandKind, UP_CARDS};
use crate::analysis::player::Game;
use crate::engine::card::value_label;
use crate::engine::{Action, Value};

/// A hand as the claims speak of it: its best total, soft or hard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Holding {
    /// The best total.
    pub total: u8,
    /// Whether an ace counts 11 in it.
    pub soft: bool,
}

impl Holding {
    const fn new(total: u8, soft: bool) -> Holding {
        Holding { total, soft }
    }

    /// The hand of a cell: its row's total, a pair's two cards' (A,A is soft 12).
    pub fn of(cell: Cell) -> Holding {
        match cell.kind {
            HandKind::Hard => Holding::new(cell.row, false),
            HandKind::Soft => Holding::new(cell.row, true),
            HandKind::Pair if cell.row == 1 => Holding::new(12, true),
            HandKind::Pair => Holding::new(2 * cell.row, false),
        }
    }

    /// The total with every ace counted 1.
    fn low(self) -> u8 {
        if self.soft { self.total - 10 } else { self.total }
    }

    /// The hand after one more card of value `card`: `None` when it goes over 21.
    pub(super) fn plus(self, card: Value) -> Option<Holding> {
        let low = self.low() + card.get();
        let soft = (self.soft || card.is_ace()) && low + 10 <= 21;
        (low <= 21).then_some(Holding::new(if soft { low + 10 } else { low }, soft))
    }
}

impl fmt::Display for Holding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.soft { write!(f, "soft {}", self.total) } else { write!(f, "{}", self.total) }
    }
}

/// Which rounds a dealer bust rate is a share of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rounds {
    /// Every round: the up card (2–9) cannot make a blackjack.
    All,
    /// Every round, those where the dealer turns over a blackjack included: with no hole card
    /// the natural is still to come when the player decides.
    CountingBlackjacks,
    /// Only the rounds where the dealer has no blackjack: in the peek game a dealer blackjack
    /// ends the round before anyone plays, so a player who decides has seen there is none.
    WithoutBlackjack,
}

/// The second stake a double or a split puts on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stake {
    /// A double's.
    Doubled,
    /// A split's.
    Split,
}

/// One fact a reason states about its cell, with its check ([`Claim::check`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Claim {
    /// `11 cannot bust with one card`: no card takes the hand over 21.
    CannotBustWithOneCard(Holding),
    /// `13 can bust with one card`: some card takes the hand over 21.
    CanBustWithOneCard(Holding),
    /// `no card leaves it worse to stand on`: for every hand that makes the cell and every
    /// card it may draw, standing after the card is worth at least what standing now is,
    /// card by card (the cards held and the card drawn out of the shoe; against this up card,
    /// in this game).
    NoCardLeavesItWorse(Cell),
    /// `some cards leave it worse to stand on`: for every hand that makes the cell, some card
    /// makes standing worth less than standing now.
    SomeCardLeavesItWorse(Cell),
    /// `soft 18 is a made hand (17 or more)`.
    MadeHand(Holding),
    /// `one more card would hurt it more often than help`: for every hand that makes the
    /// cell, drawn from the shoe less the up card and the cards held, the cards that make
    /// standing worth less are more likely than those that make it worth more.
    HurtsMoreOftenThanHelps(Cell),
    /// `two hands from a 9 each are worth less here`: splitting the pair is worth less than
    /// the cell's play (by the chart average) — said where splitting is the runner-up.
    SplitWorthLess(Cell),
    /// `16 wins only if the dealer busts`: standing, it wins no round the dealer finishes.
    WinsOnlyWhenTheDealerBusts(Holding),
    /// `the dealer busts 21.2% of rounds showing T, blackjack rounds included`.
    DealerBusts {
        /// The up card.
        up: Value,
        /// The rate in percent, as stated (one decimal).
        percent: f64,
        /// Which rounds it is a share of.
        of: Rounds,
    },
    /// `this game splits 8,8 against every up card`.
    SplitsAgainstEveryUpCard(u8),
    /// `a double takes one card only, where a hit may draw again` (the rule of every game
    /// here: SPEC, "Double: exactly one more card is dealt").
    DoubleTakesOneCard,
    /// `the American peek chart doubles here` (and this game's chart does not).
    AmericanChartPlays(Action),
    /// `with no hole card, the dealer's blackjack (7.7% of rounds showing T) would take the
    /// doubled stake too`.
    BlackjackTakesTheExtraStake {
        /// The up card.
        up: Value,
        /// The dealer's blackjack chance in percent of rounds, as stated (one decimal).
        percent: f64,
        /// The stake it would take.
        stake: Stake,
    },
    /// `with no hole card, the dealer's blackjack (7.7% of rounds showing T) is still to come
    /// when you play`.
    BlackjackStillToCome {
        /// The up card.
        up: Value,
        /// As in [`Claim::BlackjackTakesTheExtraStake`].
        percent: f64,
    },
}

/// One decimal, as every rate in a reason is written.
fn percent_text(percent: f64) -> String {
    format!("{percent:.1}%")
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Claim::CannotBustWithOneCard(h) => write!(f, "{h} cannot bust with one card"),
            Claim::CanBustWithOneCard(h) => write!(f, "{h} can bust with one card"),
            Claim::NoCardLeavesItWorse(..) => f.write_str("no card leaves it worse to stand on"),
            Claim::SomeCardLeavesItWorse(..) => {
                f.write_str("some cards leave it worse to stand on")
            }
            Claim::MadeHand(h) => write!(f, "{h} is a made hand (17 or more)"),
            Claim::HurtsMoreOftenThanHelps(..) => {
                f.write_str("one more card would hurt it more often than help")
            }
            Claim::WinsOnlyWhenTheDealerBusts(h) => {
                write!(f, "{h} wins only if the dealer busts")
            }
            Claim::SplitWorthLess(cell) => {
                let card = match cell.row {
                    1 => "an ace".to_owned(),
                    8 => "an 8".to_owned(),
                    10 => "a ten".to_owned(),
                    v => format!("a {}", value_label(v)),
                };
                write!(f, "two hands from {card} each are worth less here")
            }
            Claim::DealerBusts { up, percent, of } => {
                write!(f, "the dealer busts {} of rounds showing {up}", percent_text(percent),)?;
                match of {
                    Rounds::All => Ok(()),
                    Rounds::CountingBlackjacks => f.write_str(", blackjack rounds included"),
                    Rounds::WithoutBlackjack => f.write_str(" when it has no blackjack"),
                }
            }
            Claim::SplitsAgainstEveryUpCard(row) => {
                let v = value_label(row);
                write!(f, "this game splits {v},{v} against every up card")
            }
            Claim::DoubleTakesOneCard => {
                f.write_str("a double takes one card only, where a hit may draw again")
            }
            Claim::AmericanChartPlays(action) => {
                write!(f, "the American peek chart {} here", third_person(action))
            }
            Claim::BlackjackTakesTheExtraStake { up, percent, stake } => write!(
                f,
                "with no hole card, the dealer's blackjack ({} of rounds showing {}) would take \
                 {} too",
                percent_text(percent),
                up,
                match stake {
                    Stake::Doubled => "the doubled stake",
                    Stake::Split => "both split stakes",
                }
            ),
            Claim::BlackjackStillToCome { up, percent } => write!(
                f,
                "with no hole card, the dealer's blackjack ({} of rounds showing {}) is still \
                 to come when you play",
                percent_text(percent),
                up
            ),
        }
    }
}

/// `hits`, `stands`, `doubles`, `splits`.
pub fn third_person(action: Action) -> &'static str {
    match action {
        Action::Hit => "hits",
        Action::Stand => "stands",
        Action::Double => "doubles",
        Action::Split => "splits",
    }
}

/// Whether `percent` reads as `expected` at one decimal.
fn same_at_one_decimal(percent: f64, expected: f64) -> bool {
    percent_text(percent) == percent_text(expected)
}

impl Claim {
    /// Whether the claim holds for `facts`; the error says what the analysis finds instead.
    pub fn check(&self, facts: &Facts<'_>) -> Result<(), String> {
        let ok = |holds: bool, found: String| if holds { Ok(()) } else { Err(found) };
        match *self {
            Claim::CannotBustWithOneCard(h) => {
                ok(h.plus(Value::TEN).is_some(), format!("{h} plus a ten is over 21"))
            }
            Claim::CanBustWithOneCard(h) => {
                ok(h.plus(Value::TEN).is_none(), format!("{h} plus a ten is not over 21"))
            }
            Claim::NoCardLeavesItWorse(cell) => ok(
                facts.one_card_effects(cell).iter().all(|hand| hand.iter().all(|&(_, e)| e >= 0)),
                format!("a card leaves {} worse to stand on", cell.label()),
            ),
            Claim::SomeCardLeavesItWorse(cell) => ok(
                facts.one_card_effects(cell).iter().all(|hand| hand.iter().any(|&(_, e)| e < 0)),
                format!("no card leaves {} worse to stand on", cell.label()),
            ),
            Claim::MadeHand(h) => ok(h.total >= 17, format!("{h} is under 17")),
            Claim::HurtsMoreOftenThanHelps(cell) => {
                let hands = facts.one_card_effects(cell);
                let share = |effects: &[(f64, i8)], sign: i8| -> f64 {
                    effects.iter().filter(|&&(_, e)| e == sign).map(|&(p, _)| p).sum()
                };
                let worst = hands
                    .iter()
                    .map(|effects| (share(effects, -1), share(effects, 1)))
                    .find(|(hurt, help)| hurt <= help);
                match worst {
                    None => Ok(()),
                    Some((hurt, help)) => Err(format!("hurts {hurt:.3}, helps {help:.3}")),
                }
            }
            Claim::SplitWorthLess(cell) => {
                let evs = facts.cell_evs.get(&cell).ok_or("no EVs for the cell")?;
                let kept =
                    evs.ranked().into_iter().find(|&(a, _)| a != Action::Split).map(|(_, ev)| ev);
                match (evs.split, kept) {
                    (Some(split), Some(kept)) => ok(
                        cell.kind == HandKind::Pair && split < kept,
                        format!("split {split:.3}, kept {kept:.3}"),
                    ),
                    _ => Err("no split here".to_owned()),
                }
            }
            Claim::WinsOnlyWhenTheDealerBusts(h) => {
                // Standing wins only on a dealer bust when every total the dealer finishes on
                // (17 or more) beats or ties it.
                ok(h.total < 17, format!("{h} beats a dealer's 17"))
            }
            Claim::DealerBusts { up, percent, of } => {
                let (expected, rounds) = facts.dealer_bust(up);
                ok(
                    of == rounds && same_at_one_decimal(percent, expected),
                    format!("{expected:.3}% of rounds ({rounds:?})"),
                )
            }
            Claim::SplitsAgainstEveryUpCard(row) => ok(
                UP_CARDS.iter().all(|&up| {
                    facts.chart.get(Cell::new(HandKind::Pair, row, up)).preferred() == Action::Split
                }),
                "some up card is not split".to_owned(),
            ),
            Claim::DoubleTakesOneCard => Ok(()),
            Claim::AmericanChartPlays(_) => {
                Err("checked with its cell: use Claim::check_in (the American chart's play is a \
                 fact of one cell)"
                    .to_owned())
            }
            Claim::BlackjackTakesTheExtraStake { up, percent, .. }
            | Claim::BlackjackStillToCome { up, percent } => {
                let expected = facts.dealer_blackjack(up);
                ok(
                    facts.game == Game::NoHoleCard
                        && expected > 0.0
                        && same_at_one_decimal(percent, expected),
                    format!("{:?} game, blackjack {expected:.3}%", facts.game),
                )
            }
        }
    }

    /// [`Claim::check`] for a claim made about `cell` (the American chart's play is checked
    /// against that cell of both charts).
    pub fn check_in(&self, facts: &Facts<'_>, cell: Cell) -> Result<(), String> {
        match *self {
            Claim::AmericanChartPlays(action) => {
                let peek = facts
                    .peek
                    .map(|c| c.get(cell).preferred())
                    .ok_or("no American chart to compare with")?;
                let here = facts.chart.get(cell).preferred();
                if peek == action && here != action {
                    Ok(())
                } else {
                    Err(format!("the American chart {peek}s, this one {here}s"))
                }
            }
            _ => self.check(facts),
        }
    }
}
