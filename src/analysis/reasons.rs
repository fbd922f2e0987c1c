//! The reason behind every play: one line per chart cell a learner can remember, built from
//! the rules and the exact numbers — never typed in per cell.
//!
//! A reason is made of *claims*, facts about the cell ("11 cannot bust with one card", the
//! dealer's bust rate for the up card, what the American peek chart plays there), a few words
//! that name the play, and the numbers: the play and the runner-up (or the play chosen) with
//! their EVs, both from one named source ([`Source`]). Every claim is a value ([`Claim`]) with a
//! check against the analysis ([`Claim::check`]); a claim is made for a cell only where its
//! check holds, and [`Reason::claims`] lists what a line says so a test can assert each one.
//! Another rules file gives other numbers, so other reasons where they change.
//!
//! [`line`] is the one place the line is assembled: the table's hint and mistakes, the drills,
//! the review, the chart screen and `strategy --why` all call it (or [`reason`]).

use std::fmt;

use super::chart::{Cell, Chart, HandKind, UP_CARDS};
use super::dealer::{BUST, DealerProbs, DealerShapes, NATURAL};
use super::player::Game;
use super::signed_ev;
use super::strategy::Strategy;
use crate::engine::card::value_label;
use crate::engine::{Action, ActionSet, Rules, ValueCounts};

/// A hand as the claims speak of it: its best total, soft or hard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Holding {
    /// The best total.
    pub total: u8,
    /// Whether an ace counts 11 in it.
    pub soft: bool,
}

impl Holding {
    /// The hand of a cell: its row's total; a pair as the total of its two cards (A,A is soft
    /// 12).
    pub fn of(cell: Cell) -> Holding {
        match cell.kind {
            HandKind::Hard => Holding {
                total: cell.row,
                soft: false,
            },
            HandKind::Soft => Holding {
                total: cell.row,
                soft: true,
            },
            HandKind::Pair if cell.row == 1 => Holding {
                total: 12,
                soft: true,
            },
            HandKind::Pair => Holding {
                total: 2 * cell.row,
                soft: false,
            },
        }
    }

    /// The total with every ace counted 1.
    fn low(self) -> u8 {
        if self.soft {
            self.total - 10
        } else {
            self.total
        }
    }

    /// The hand after one more card of value `card` (1 = ace): `None` when it goes over 21.
    fn plus(self, card: u8) -> Option<Holding> {
        let low = self.low() + card;
        let ace = self.soft || card == 1;
        if low > 21 {
            None
        } else if ace && low + 10 <= 21 {
            Some(Holding {
                total: low + 10,
                soft: true,
            })
        } else {
            Some(Holding {
                total: low,
                soft: false,
            })
        }
    }
}

impl fmt::Display for Holding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.soft {
            write!(f, "soft {}", self.total)
        } else {
            write!(f, "{}", self.total)
        }
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

/// One fact a reason states about its cell. Each has a check against the analysis for the
/// rules and the game ([`Claim::check`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Claim {
    /// `11 cannot bust with one card`: no card takes the hand over 21.
    CannotBustWithOneCard(Holding),
    /// `13 can bust with one card`: some card takes the hand over 21.
    CanBustWithOneCard(Holding),
    /// `no card leaves it worse to stand on`: for every card, standing after it is worth at
    /// least what standing now is (against this up card, in this game).
    NoCardLeavesItWorse(Holding, u8),
    /// `some cards leave it worse to stand on`: some card makes standing worth less than
    /// standing now.
    SomeCardLeavesItWorse(Holding, u8),
    /// `soft 18 is a made hand (17 or more)`.
    MadeHand(Holding),
    /// `one more card would hurt it more often than help`: drawn from the full shoe less the
    /// up card, the cards that make standing worth less are more likely than those that make
    /// it worth more.
    HurtsMoreOftenThanHelps(Holding, u8),
    /// `16 wins only if the dealer busts`: standing, it wins no round the dealer finishes.
    WinsOnlyWhenTheDealerBusts(Holding),
    /// `the dealer busts 21.2% of rounds showing T, blackjack rounds included`.
    DealerBusts {
        /// The up card (1 = ace).
        up: u8,
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
        up: u8,
        /// The dealer's blackjack chance in percent of rounds, as stated (one decimal).
        percent: f64,
        /// The stake it would take.
        stake: Stake,
    },
    /// `with no hole card, the dealer's blackjack (7.7% of rounds showing T) is still to come
    /// when you play`.
    BlackjackStillToCome {
        /// The up card.
        up: u8,
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
            Claim::DealerBusts { up, percent, of } => {
                write!(
                    f,
                    "the dealer busts {} of rounds showing {}",
                    percent_text(percent),
                    value_label(up)
                )?;
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
                value_label(up),
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
                value_label(up)
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

/// What a claim is checked against: the rules, the game, this game's chart and, where known,
/// the American peek chart for the same rules.
#[derive(Debug, Clone, Copy)]
pub struct Facts<'a> {
    /// The rules.
    pub rules: &'a Rules,
    /// The game the chart is for.
    pub game: Game,
    /// This game's chart.
    pub chart: &'a Chart,
    /// The American peek game's chart for the same rules.
    pub peek: Option<&'a Chart>,
}

impl<'a> Facts<'a> {
    /// The facts of `strategy`'s game, with the peek chart `peek` to compare with.
    pub fn of(strategy: &'a Strategy, peek: Option<&'a Chart>) -> Facts<'a> {
        Facts {
            rules: &strategy.rules,
            game: strategy.game,
            chart: &strategy.chart,
            peek,
        }
    }

    /// The shoe less the up card.
    fn shoe(&self, up: u8) -> ValueCounts {
        let mut shoe = ValueCounts::full_shoe(self.rules.decks);
        shoe.remove(up);
        shoe
    }

    /// The dealer's final-hand probabilities showing `up`, full shoe less the up card, as
    /// the dealer deals them (no hole card: the natural is one of the outcomes).
    fn dealer(&self, up: u8) -> DealerProbs {
        DealerShapes::get(self.rules.dealer_hits_soft_17).probabilities(up, &self.shoe(up).0)
    }

    /// The dealer's probabilities as the player faces them when deciding: in the peek game,
    /// given that the dealer has no blackjack.
    fn dealer_at_decision(&self, up: u8) -> DealerProbs {
        let mut p = self.dealer(up);
        if self.game == Game::Peek && p[NATURAL] > 0.0 {
            let rest = 1.0 - p[NATURAL];
            p[NATURAL] = 0.0;
            for x in &mut p {
                *x /= rest;
            }
        }
        p
    }

    /// The dealer's bust rate showing `up`, in percent, and which rounds it is a share of.
    pub fn dealer_bust(&self, up: u8) -> (f64, Rounds) {
        let p = self.dealer(up);
        if p[NATURAL] <= 0.0 {
            (100.0 * p[BUST], Rounds::All)
        } else if self.game == Game::Peek {
            (
                100.0 * p[BUST] / (1.0 - p[NATURAL]),
                Rounds::WithoutBlackjack,
            )
        } else {
            (100.0 * p[BUST], Rounds::CountingBlackjacks)
        }
    }

    /// The dealer's blackjack chance showing `up`, in percent of rounds.
    pub fn dealer_blackjack(&self, up: u8) -> f64 {
        100.0 * self.dealer(up)[NATURAL]
    }

    /// What standing on `hand` (`None`: bust) is worth against `up` when deciding.
    fn stand_ev(&self, hand: Option<Holding>, up: u8) -> f64 {
        let Some(hand) = hand else {
            return -1.0;
        };
        let p = self.dealer_at_decision(up);
        let (mut win, mut lose) = (p[BUST], p[NATURAL]);
        for (slot, &q) in p.iter().take(5).enumerate() {
            let dealer = 17 + slot as u8;
            if dealer < hand.total {
                win += q;
            } else if dealer > hand.total {
                lose += q;
            }
        }
        win - lose
    }

    /// The chance of each card value, drawn from the full shoe less the up card.
    fn card_chances(&self, up: u8) -> impl Iterator<Item = (u8, f64)> {
        let shoe = self.shoe(up);
        let n = f64::from(shoe.total());
        (1..=10u8).map(move |v| (v, f64::from(shoe.get(v)) / n))
    }

    /// For each card (with its chance), whether standing after it is worth less (−1), the
    /// same (0) or more (+1) than standing now.
    fn one_card_effects(&self, hand: Holding, up: u8) -> Vec<(f64, i8)> {
        let now = self.stand_ev(Some(hand), up);
        self.card_chances(up)
            .filter(|&(_, p)| p > 0.0)
            .map(|(v, p)| {
                let after = self.stand_ev(hand.plus(v), up);
                let effect = if after < now - 1e-12 {
                    -1
                } else if after > now + 1e-12 {
                    1
                } else {
                    0
                };
                (p, effect)
            })
            .collect()
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
                ok(h.plus(10).is_some(), format!("{h} plus a ten is over 21"))
            }
            Claim::CanBustWithOneCard(h) => ok(
                h.plus(10).is_none(),
                format!("{h} plus a ten is not over 21"),
            ),
            Claim::NoCardLeavesItWorse(h, up) => ok(
                facts.one_card_effects(h, up).iter().all(|&(_, e)| e >= 0),
                format!("a card leaves {h} worse to stand on"),
            ),
            Claim::SomeCardLeavesItWorse(h, up) => ok(
                facts.one_card_effects(h, up).iter().any(|&(_, e)| e < 0),
                format!("no card leaves {h} worse to stand on"),
            ),
            Claim::MadeHand(h) => ok(h.total >= 17, format!("{h} is under 17")),
            Claim::HurtsMoreOftenThanHelps(h, up) => {
                let effects = facts.one_card_effects(h, up);
                let share = |sign: i8| -> f64 {
                    effects
                        .iter()
                        .filter(|&&(_, e)| e == sign)
                        .map(|&(p, _)| p)
                        .sum()
                };
                let (hurt, help) = (share(-1), share(1));
                ok(hurt > help, format!("hurts {hurt:.3}, helps {help:.3}"))
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
                    facts
                        .chart
                        .get(Cell {
                            kind: HandKind::Pair,
                            row,
                            up,
                        })
                        .preferred()
                        == Action::Split
                }),
                "some up card is not split".to_owned(),
            ),
            Claim::DoubleTakesOneCard => Ok(()),
            Claim::AmericanChartPlays(_) => Err(
                "checked with its cell: use Claim::check_in (the American chart's play is a \
                 fact of one cell)"
                    .to_owned(),
            ),
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

/// The numbers of a reason: the play and the play it is weighed against, with EVs from one
/// source.
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
}

impl fmt::Display for Numbers {
    /// `(chart average, full shoe: hit −0.209, double −0.535)` (11 vs A) or `(this hand, full
    /// shoe: hit −0.571, your stand −0.577)` (10,6 vs T, stood on).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (play, ev) = self.play;
        write!(f, "({}: {play} {}", self.source.label(), signed_ev(ev))?;
        if let Some((other, ev)) = self.other {
            let yours = if self.chosen { "your " } else { "" };
            write!(f, ", {yours}{other} {}", signed_ev(ev))?;
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
        let mut it = ranked
            .iter()
            .copied()
            .filter(|&(a, _)| legal.is_none_or(|l| l.contains(a)));
        Some(Numbers {
            source: Source::ChartAverage,
            play: it.next()?,
            other: it.next(),
            chosen: false,
        })
    };
    let numbers = match figures {
        Figures::Chart => chart(None)?,
        Figures::ChartFor(legal) => chart(Some(legal))?,
        Figures::Hand {
            source,
            evs,
            advised,
            chosen,
        } => {
            let ev = |a: Action| evs.iter().find(|e| e.0 == a).copied();
            let other = if chosen == advised {
                evs.iter()
                    .filter(|e| e.0 != advised)
                    .copied()
                    .max_by(|a, b| a.1.total_cmp(&b.1))
            } else {
                ev(chosen)
            };
            match ev(advised) {
                Some(play) => Numbers {
                    source,
                    play,
                    other,
                    chosen: chosen != advised,
                },
                None => chart(None)?,
            }
        }
    };
    let facts = Facts::of(strategy, peek);
    let play = numbers.play.0;
    let mut idea = idea(&facts, cell, play, numbers.other.map(|o| o.0));
    idea.extend(american(&facts, cell));
    Some(Reason {
        cell,
        play,
        numbers,
        idea,
    })
}

/// [`reason`] as its line: the idea, then the numbers with their source, e.g. `11 cannot bust
/// with one card, and a double takes one card only, where a hit may draw again: hit. The
/// American peek chart doubles here: with no hole card, the dealer's blackjack (7.7% of rounds
/// showing T) would take the doubled stake too (chart average, full shoe: hit +0.031, double
/// +0.008)`. The idea comes first, so a line cut short keeps it.
pub fn line(
    strategy: &Strategy,
    peek: Option<&Chart>,
    cell: Cell,
    figures: Figures<'_>,
) -> Option<String> {
    reason(strategy, peek, cell, figures).map(|r| r.text())
}

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
fn dealer_busts(facts: &Facts<'_>, up: u8) -> Claim {
    let (percent, of) = facts.dealer_bust(up);
    Claim::DealerBusts { up, percent, of }
}

/// The idea behind `play` (weighed against `versus`), by the kind of decision.
fn idea(facts: &Facts<'_>, cell: Cell, play: Action, versus: Option<Action>) -> Vec<Part> {
    let hand = Holding::of(cell);
    let mut idea = Idea {
        facts,
        parts: Vec::new(),
    };
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
            if (2..=6).contains(&cell.up) {
                idea.claim("; ", dealer_busts(facts, cell.up));
            }
            return idea.play(play);
        }
        // The claims that follow are about the hand's total.
        let mut total = Idea {
            facts,
            parts: Vec::new(),
        };
        total_idea(&mut total, cell, hand, play, versus);
        idea.words(format!("{} kept as one hand", cell.hand_label()));
        if !total.parts.is_empty() {
            idea.words(", ".to_owned());
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
            if !idea.claim(", and ", Claim::NoCardLeavesItWorse(hand, cell.up)) {
                idea.claim(", though ", Claim::SomeCardLeavesItWorse(hand, cell.up));
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
            idea.claim(", and ", Claim::HurtsMoreOftenThanHelps(hand, cell.up));
        }
        Action::Split => {}
    }
}

/// Where the American peek chart plays the cell otherwise: `. The American peek chart doubles
/// here: with no hole card, …`.
fn american(facts: &Facts<'_>, cell: Cell) -> Vec<Part> {
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
        Action::Double => Claim::BlackjackTakesTheExtraStake {
            up: cell.up,
            percent,
            stake: Stake::Doubled,
        },
        Action::Split => Claim::BlackjackTakesTheExtraStake {
            up: cell.up,
            percent,
            stake: Stake::Split,
        },
        _ => Claim::BlackjackStillToCome {
            up: cell.up,
            percent,
        },
    };
    let mut parts = vec![Part::Words(". ".to_owned()), Part::Claim(claim)];
    if why.check(facts).is_ok() {
        parts.push(Part::Words(": ".to_owned()));
        parts.push(Part::Claim(why));
    }
    parts
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, HashMap};

    use super::*;
    use crate::analysis::dealer::dealer_probabilities_brute_force;
    use crate::analysis::strategy::peek_strategy;
    use crate::analysis::{HandContext, basic_strategy, hand_evs};
    use crate::engine::{Card, Cards, Total, Units, seeded_table};

    /// The two-card hands (three for hard and soft 21) that make a cell, as the chart's EVs
    /// take them.
    fn hands_of(cell: Cell) -> Vec<Vec<u8>> {
        match (cell.kind, cell.row) {
            (HandKind::Pair, r) => vec![vec![r, r]],
            (HandKind::Soft, 12) => vec![vec![1, 1]],
            (HandKind::Soft, 21) => vec![vec![1, 5, 5]],
            (HandKind::Soft, t) => vec![vec![1, t - 11]],
            (HandKind::Hard, 4) => vec![vec![2, 2]],
            (HandKind::Hard, 20) => vec![vec![10, 10]],
            (HandKind::Hard, 21) => vec![vec![10, 6, 5]],
            (HandKind::Hard, t) => (2..=10u8)
                .filter_map(|a| {
                    let b = t.checked_sub(a)?;
                    (b > a && b <= 10).then(|| vec![a, b])
                })
                .collect(),
        }
    }

    /// One rule set and game, with what the claims are checked against, worked out apart
    /// from the code that makes them: the engine's hand totals and settlement, the dealer's
    /// probabilities by plain recursion over every draw, the peek chart computed afresh.
    struct Truth {
        rules: Rules,
        game: Game,
        here: std::sync::Arc<Strategy>,
        peek: Option<std::sync::Arc<Strategy>>,
        dealer: HashMap<u8, DealerProbs>,
    }

    impl Truth {
        fn new(rules: Rules, game: Game) -> Truth {
            let (here, peek) = match game {
                Game::NoHoleCard => (basic_strategy(&rules), Some(peek_strategy(&rules))),
                Game::Peek => (peek_strategy(&rules), None),
            };
            let dealer = (1..=10u8)
                .map(|up| {
                    let mut shoe = ValueCounts::full_shoe(rules.decks);
                    shoe.remove(up);
                    let p =
                        dealer_probabilities_brute_force(up, &shoe.0, rules.dealer_hits_soft_17);
                    (up, p)
                })
                .collect();
            Truth {
                rules,
                game,
                here,
                peek,
                dealer,
            }
        }

        /// What a player standing faces when deciding (the peek game: no dealer blackjack).
        fn faced(&self, up: u8) -> DealerProbs {
            let mut p = self.dealer[&up];
            if self.game == Game::Peek {
                let rest = 1.0 - p[NATURAL];
                p[NATURAL] = 0.0;
                p.iter_mut().for_each(|x| *x /= rest);
            }
            p
        }

        /// Win and loss chances of standing on `total` against `up`.
        fn stand(&self, total: Total, up: u8) -> (f64, f64) {
            if total.is_bust() {
                return (0.0, 1.0);
            }
            let p = self.faced(up);
            let (mut win, mut lose) = (p[BUST], p[NATURAL]);
            for (i, q) in p.iter().take(5).enumerate() {
                match total.value.cmp(&(17 + i as u8)) {
                    std::cmp::Ordering::Greater => win += q,
                    std::cmp::Ordering::Less => lose += q,
                    std::cmp::Ordering::Equal => {}
                }
            }
            (win, lose)
        }

        /// Per card value drawn from the shoe less the up card: its chance and how standing
        /// after it compares with standing now, for the hand `cards`.
        fn one_card(&self, cards: &[u8], up: u8) -> Vec<(f64, std::cmp::Ordering)> {
            let hand = Cards::from_values(cards);
            let (w, l) = self.stand(hand.total(), up);
            let mut shoe = ValueCounts::full_shoe(self.rules.decks);
            shoe.remove(up);
            (1..=10u8)
                .filter(|&v| shoe.get(v) > 0)
                .map(|v| {
                    let mut more = hand;
                    more.push(Card::of_value(v));
                    let (w2, l2) = self.stand(more.total(), up);
                    let order = ((w2 - l2) - (w - l)).total_cmp(&0.0);
                    let order = if ((w2 - l2) - (w - l)).abs() < 1e-12 {
                        std::cmp::Ordering::Equal
                    } else {
                        order
                    };
                    (f64::from(shoe.get(v)) / f64::from(shoe.total()), order)
                })
                .collect()
        }

        /// Whether `claim`, made for `cell`, is true.
        fn verify(&self, claim: &Claim, cell: Cell) -> Result<(), String> {
            use std::cmp::Ordering::{Greater, Less};
            let hands = hands_of(cell);
            let total = |h: &Vec<u8>| Cards::from_values(h).total();
            // A claim about a hand is about this cell's hand.
            let is_cells = |h: Holding| {
                hands
                    .iter()
                    .all(|c| total(c).value == h.total && total(c).soft == h.soft)
            };
            let busts_with = |c: &Vec<u8>, v: u8| {
                let mut more = Cards::from_values(c);
                more.push(Card::of_value(v));
                more.is_bust()
            };
            let ok = |holds: bool| if holds { Ok(()) } else { Err(String::new()) };
            match *claim {
                Claim::CannotBustWithOneCard(h) => {
                    ok(is_cells(h) && hands.iter().all(|c| (1..=10).all(|v| !busts_with(c, v))))
                }
                Claim::CanBustWithOneCard(h) => {
                    ok(is_cells(h) && hands.iter().all(|c| (1..=10).any(|v| busts_with(c, v))))
                }
                Claim::NoCardLeavesItWorse(h, up) => ok(is_cells(h)
                    && up == cell.up
                    && hands
                        .iter()
                        .all(|c| self.one_card(c, up).iter().all(|&(_, o)| o != Less))),
                Claim::SomeCardLeavesItWorse(h, up) => ok(is_cells(h)
                    && up == cell.up
                    && hands
                        .iter()
                        .all(|c| self.one_card(c, up).iter().any(|&(_, o)| o == Less))),
                Claim::MadeHand(h) => ok(is_cells(h) && hands.iter().all(|c| total(c).value >= 17)),
                Claim::HurtsMoreOftenThanHelps(h, up) => ok(is_cells(h)
                    && up == cell.up
                    && hands.iter().all(|c| {
                        let effects = self.one_card(c, up);
                        let share =
                            |o| -> f64 { effects.iter().filter(|e| e.1 == o).map(|e| e.0).sum() };
                        share(Less) > share(Greater)
                    })),
                Claim::WinsOnlyWhenTheDealerBusts(h) => ok(is_cells(h)
                    && hands.iter().all(|c| {
                        let (win, _) = self.stand(total(c), cell.up);
                        (win - self.faced(cell.up)[BUST]).abs() < 1e-12
                    })),
                Claim::DealerBusts { up, percent, of } => {
                    let p = self.dealer[&up];
                    let (expected, rounds) = match (p[NATURAL] > 0.0, self.game) {
                        (false, _) => (p[BUST], Rounds::All),
                        (true, Game::NoHoleCard) => (p[BUST], Rounds::CountingBlackjacks),
                        (true, Game::Peek) => {
                            (p[BUST] / (1.0 - p[NATURAL]), Rounds::WithoutBlackjack)
                        }
                    };
                    ok(up == cell.up
                        && of == rounds
                        && format!("{percent:.1}") == format!("{:.1}", 100.0 * expected))
                }
                Claim::SplitsAgainstEveryUpCard(row) => ok(row == cell.row
                    && cell.kind == HandKind::Pair
                    && UP_CARDS.iter().all(|&up| {
                        self.here.chart.get(Cell { up, ..cell }) == super::super::chart::Code::P
                    })),
                Claim::DoubleTakesOneCard => ok(double_takes_one_card(&self.rules)),
                Claim::AmericanChartPlays(action) => {
                    let peek = peek_strategy(&self.rules);
                    ok(self.game == Game::NoHoleCard
                        && peek.chart.get(cell).preferred() == action
                        && self.here.chart.get(cell).preferred() != action)
                }
                Claim::BlackjackTakesTheExtraStake { up, percent, stake } => {
                    let p = self.dealer[&up];
                    let (double, split) = stakes_lost_to_a_dealer_blackjack(&self.rules);
                    let taken = match stake {
                        Stake::Doubled => double == Units::from_units(-2),
                        Stake::Split => split == Units::from_units(-2),
                    };
                    let peek = peek_strategy(&self.rules).chart.get(cell).preferred();
                    let the_play = match stake {
                        Stake::Doubled => Action::Double,
                        Stake::Split => Action::Split,
                    };
                    ok(self.game == Game::NoHoleCard
                        && up == cell.up
                        && taken
                        && peek == the_play
                        && format!("{percent:.1}") == format!("{:.1}", 100.0 * p[NATURAL]))
                }
                Claim::BlackjackStillToCome { up, percent } => {
                    let p = self.dealer[&up];
                    ok(self.game == Game::NoHoleCard
                        && up == cell.up
                        && p[NATURAL] > 0.0
                        && format!("{percent:.1}") == format!("{:.1}", 100.0 * p[NATURAL]))
                }
            }
        }
    }

    /// The engine: a doubled hand takes one card and is closed.
    fn double_takes_one_card(rules: &Rules) -> bool {
        let mut table = seeded_table(rules.clone(), 1, 1);
        let c = Card::of_value;
        // You 5,6 against 6, hole 10; the double draws a 2.
        if table.buy_in(0, Units::from_units(100)).is_err()
            || table.place_bet(0, Units::from_units(1)).is_err()
            || !table.stack_next(&[c(5), c(6), c(6), c(10), c(2), c(9)])
            || table.start_round().is_err()
            || table.act(0, Action::Double).is_err()
        {
            return false;
        }
        let hand = table.seats()[0].hands()[0];
        hand.closed && hand.cards.len() == 3 && table.active().is_none()
    }

    /// The engine: what a doubled 11 against T and a split 8,8 against A lose, in bets, when
    /// the dealer turns over a blackjack.
    fn stakes_lost_to_a_dealer_blackjack(rules: &Rules) -> (Units, Units) {
        let c = Card::of_value;
        let play = |cards: &[Card], actions: &[Action]| -> Units {
            let mut table = seeded_table(rules.clone(), 1, 1);
            let _ = table.buy_in(0, Units::from_units(100));
            let _ = table.place_bet(0, Units::from_units(1));
            assert!(table.stack_next(cards));
            let _ = table.start_round();
            for &a in actions {
                while table.active().is_some() {
                    if table.act(0, a).is_err() {
                        let _ = table.act(0, Action::Stand);
                    }
                    if a == Action::Split {
                        break;
                    }
                }
            }
            while table.active().is_some() {
                let _ = table.act(0, Action::Stand);
            }
            let _ = table.play_dealer();
            table.seats()[0].round_units()
        };
        // You 6,5 against T, hole A; the double draws a 9.
        let doubled = play(&[c(6), c(10), c(5), c(1), c(9)], &[Action::Double]);
        // You 8,8 against A, hole T; the split hands draw 2 and 3 and stand.
        let split = play(&[c(8), c(1), c(8), c(10), c(2), c(3)], &[Action::Split]);
        (doubled, split)
    }

    /// The rule sets the reasons are checked for: this game (6 decks, S17), the American peek
    /// game for the same rules, H17, one deck.
    fn truths() -> Vec<Truth> {
        let rules = Rules::default();
        vec![
            Truth::new(rules.clone(), Game::NoHoleCard),
            Truth::new(rules.clone(), Game::Peek),
            Truth::new(
                Rules {
                    dealer_hits_soft_17: true,
                    ..rules.clone()
                },
                Game::NoHoleCard,
            ),
            Truth::new(Rules { decks: 1, ..rules }, Game::NoHoleCard),
        ]
    }

    fn claim_kind(claim: &Claim) -> &'static str {
        match claim {
            Claim::CannotBustWithOneCard(..) => "cannot bust",
            Claim::CanBustWithOneCard(..) => "can bust",
            Claim::NoCardLeavesItWorse(..) => "no card worse",
            Claim::SomeCardLeavesItWorse(..) => "some card worse",
            Claim::MadeHand(..) => "made hand",
            Claim::HurtsMoreOftenThanHelps(..) => "hurts more often",
            Claim::WinsOnlyWhenTheDealerBusts(..) => "wins only on a bust",
            Claim::DealerBusts { .. } => "dealer busts",
            Claim::SplitsAgainstEveryUpCard(..) => "splits everywhere",
            Claim::DoubleTakesOneCard => "double takes one card",
            Claim::AmericanChartPlays(..) => "American chart",
            Claim::BlackjackTakesTheExtraStake { .. } => "blackjack takes the stake",
            Claim::BlackjackStillToCome { .. } => "blackjack to come",
        }
    }

    /// Every reason of every printed cell, for four rule sets: each claim it makes is true by
    /// the engine and the dealer's probabilities worked out apart, each claim's own check
    /// agrees, and the numbers are the cell's best play and runner-up from the chart average.
    #[test]
    fn every_claim_of_every_cell_holds_for_four_rule_sets() {
        let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
        for truth in truths() {
            let peek = truth.peek.as_ref().map(|p| &p.chart);
            let facts = Facts::of(&truth.here, peek);
            let tag = format!(
                "{} game, {} decks, {}",
                truth.game.name(),
                truth.rules.decks,
                if truth.rules.dealer_hits_soft_17 {
                    "H17"
                } else {
                    "S17"
                }
            );
            let mut count = 0;
            for cell in Chart::printed_cells() {
                let r = reason(&truth.here, peek, cell, Figures::Chart)
                    .unwrap_or_else(|| panic!("{tag}: {cell:?} has no reason"));
                let text = r.text();
                for claim in r.claims() {
                    *seen.entry(claim_kind(claim)).or_default() += 1;
                    if let Err(why) = truth.verify(claim, cell) {
                        panic!(
                            "{tag} {}: false claim {claim:?} ({why}) in: {text}",
                            cell.label()
                        );
                    }
                    claim
                        .check_in(&facts, cell)
                        .unwrap_or_else(|e| panic!("{tag} {}: {claim:?}: {e}", cell.label()));
                    assert!(text.contains(&claim.to_string()[1..]), "{text}");
                }
                // The numbers: the chart's play and the runner-up, from the chart average.
                let ranked = truth.here.cell_evs[&cell].ranked();
                assert_eq!(r.numbers.source, Source::ChartAverage);
                assert_eq!(r.numbers.play, ranked[0], "{tag} {}", cell.label());
                assert_eq!(r.numbers.other, ranked.get(1).copied());
                assert_eq!(r.play, truth.here.chart.get(cell).preferred(), "{text}");
                assert!(
                    text.ends_with(&format!(
                        "(chart average, full shoe: {} {}, {} {})",
                        ranked[0].0,
                        signed_ev(ranked[0].1),
                        ranked[1].0,
                        signed_ev(ranked[1].1)
                    )),
                    "{text}"
                );
                // Where the American chart differs, the line says so.
                if let Some(p) = peek
                    && p.get(cell).preferred() != r.play
                {
                    assert!(
                        r.claims()
                            .any(|c| matches!(c, Claim::AmericanChartPlays(_))),
                        "{text}"
                    );
                }
                count += 1;
            }
            assert_eq!(count, 360);
            if std::env::var_os("PRINT_REASONS").is_some() {
                for cell in Chart::printed_cells() {
                    let r = reason(&truth.here, peek, cell, Figures::Chart).unwrap();
                    println!("{tag} | {}: {}", cell.label(), r.text());
                }
            }
        }
        // Every kind of claim but the one no rule set here calls for was made and checked.
        for kind in [
            "cannot bust",
            "can bust",
            "no card worse",
            "some card worse",
            "made hand",
            "hurts more often",
            "wins only on a bust",
            "dealer busts",
            "splits everywhere",
            "double takes one card",
            "American chart",
            "blackjack takes the stake",
        ] {
            assert!(
                seen.contains_key(kind),
                "no `{kind}` claim was made: {seen:?}"
            );
        }
    }

    /// A decision's own EVs: the line names the advised play and the chosen one (or the
    /// runner-up) with those EVs and their source, never the chart's average beside them.
    #[test]
    fn a_decisions_reason_shows_its_own_evs_and_says_where_they_come_from() {
        let rules = Rules::default();
        let strategy = basic_strategy(&rules);
        let first = HandContext {
            hands: 1,
            ..HandContext::default()
        };
        let mut shown = 0;
        for cell in Chart::printed_cells().filter(|c| c.up == 10 || c.up == 2) {
            let hand = &hands_of(cell)[0];
            let mut left = ValueCounts::full_shoe(rules.decks);
            for &v in hand.iter().chain([&cell.up]) {
                left.remove(v);
            }
            let evs = hand_evs(&rules, hand, cell.up, &left, first).ranked();
            let advised = strategy.chart.get(cell).preferred();
            for source in [Source::ThisHand, Source::LiveShoe] {
                for &(chosen, chosen_ev) in &evs {
                    let figures = Figures::Hand {
                        source,
                        evs: &evs,
                        advised,
                        chosen,
                    };
                    let r = reason(&strategy, None, cell, figures).unwrap();
                    let Some(&(_, advised_ev)) = evs.iter().find(|e| e.0 == advised) else {
                        continue;
                    };
                    assert_eq!(r.numbers.play, (advised, advised_ev));
                    assert_eq!(r.numbers.source, source);
                    let text = r.text();
                    if chosen == advised {
                        let runner = evs.iter().find(|e| e.0 != advised).copied();
                        assert_eq!(r.numbers.other, runner, "{text}");
                        assert!(!text.contains("your "), "{text}");
                    } else {
                        assert_eq!(r.numbers.other, Some((chosen, chosen_ev)));
                        assert!(
                            text.ends_with(&format!(
                                "({}: {advised} {}, your {chosen} {})",
                                source.label(),
                                signed_ev(advised_ev),
                                signed_ev(chosen_ev)
                            )),
                            "{text}"
                        );
                    }
                    assert!(!text.contains("chart average"), "{text}");
                    shown += 1;
                }
            }
        }
        assert!(shown > 100, "{shown}");
    }

    /// The phrases the issue found false are not made where they are false.
    #[test]
    fn the_false_phrases_fail_their_checks() {
        let rules = Rules::default();
        let here = basic_strategy(&rules);
        let peek = peek_strategy(&rules);
        let facts = Facts::of(&here, Some(&peek.chart));
        let soft = |total| Holding { total, soft: true };
        let hard = |total| Holding { total, soft: false };
        // Soft 18 plus a 4 is hard 12: a card can make a soft hit worse.
        assert!(
            Claim::NoCardLeavesItWorse(soft(18), 10)
                .check(&facts)
                .is_err()
        );
        assert!(
            Claim::NoCardLeavesItWorse(soft(16), 10)
                .check(&facts)
                .is_ok()
        );
        assert!(
            Claim::SomeCardLeavesItWorse(soft(18), 10)
                .check(&facts)
                .is_ok()
        );
        // 12 can bust.
        assert!(
            Claim::CannotBustWithOneCard(hard(12))
                .check(&facts)
                .is_err()
        );
        assert!(Claim::CannotBustWithOneCard(hard(11)).check(&facts).is_ok());
        assert!(Claim::CannotBustWithOneCard(soft(20)).check(&facts).is_ok());
        // "Always split aces and eights" is false in this game and true in the peek game.
        for row in [1, 8] {
            assert!(Claim::SplitsAgainstEveryUpCard(row).check(&facts).is_err());
            let peek_facts = Facts::of(&peek, None);
            assert!(
                Claim::SplitsAgainstEveryUpCard(row)
                    .check(&peek_facts)
                    .is_ok()
            );
        }
        // The dealer's bust rate showing A or T: of every round here, where the natural is
        // still to come; the rate given no natural is the peek game's, and labelled so.
        for up in [1, 10] {
            let (rounds, of) = facts.dealer_bust(up);
            assert_eq!(of, Rounds::CountingBlackjacks);
            let (no_natural, label) = Facts::of(&peek, None).dealer_bust(up);
            assert_eq!(label, Rounds::WithoutBlackjack);
            let natural = facts.dealer_blackjack(up) / 100.0;
            assert!((rounds - no_natural * (1.0 - natural)).abs() < 1e-9);
            let wrong = Claim::DealerBusts {
                up,
                percent: no_natural,
                of: Rounds::CountingBlackjacks,
            };
            assert!(wrong.check(&facts).is_err(), "{wrong}");
            let unlabelled = Claim::DealerBusts {
                up,
                percent: rounds,
                of: Rounds::All,
            };
            assert!(unlabelled.check(&facts).is_err(), "{unlabelled}");
        }
        // 9 vs 2: hit narrowly beats double, and the reason weighs hit against double.
        let nine_two = Cell {
            kind: HandKind::Hard,
            row: 9,
            up: 2,
        };
        let r = reason(&here, Some(&peek.chart), nine_two, Figures::Chart).unwrap();
        if r.numbers.other.map(|o| o.0) == Some(Action::Double) && r.play == Action::Hit {
            assert!(
                r.claims().any(|c| *c == Claim::DoubleTakesOneCard),
                "{}",
                r.text()
            );
        }
    }

    /// A hand in play weighs only the plays it may take: the chart average of hard 20 vs T is
    /// T,T's, where splitting is the runner-up; a three-card 20 cannot split, so its reason
    /// weighs stand against hit.
    #[test]
    fn a_hand_in_play_is_weighed_against_its_legal_plays_only() {
        let rules = Rules::default();
        let here = basic_strategy(&rules);
        let twenty = Cell {
            kind: HandKind::Hard,
            row: 20,
            up: 10,
        };
        let all = reason(&here, None, twenty, Figures::Chart).unwrap();
        assert_eq!(all.numbers.other.map(|o| o.0), Some(Action::Split));
        let three_cards = ActionSet::from_iter([Action::Hit, Action::Stand]);
        let r = reason(&here, None, twenty, Figures::ChartFor(three_cards)).unwrap();
        assert_eq!(r.play, Action::Stand, "{}", r.text());
        assert_eq!(
            r.numbers.other.map(|o| o.0),
            Some(Action::Hit),
            "{}",
            r.text()
        );
    }

    /// The cells where this game's chart differs from the peek game's, for the default rules,
    /// are the four the European no-hole-card charts are known for (11 vs T, 8,8 vs T, 8,8 vs
    /// A, A,A vs A), and each reason names the blackjack still to come.
    #[test]
    fn the_cells_that_differ_from_the_peek_game_are_the_four_and_name_the_hole_card() {
        let rules = Rules::default();
        let here = basic_strategy(&rules);
        let peek = peek_strategy(&rules);
        let differ: Vec<Cell> = Chart::printed_cells()
            .filter(|&c| here.chart.get(c).preferred() != peek.chart.get(c).preferred())
            .collect();
        let labels: Vec<String> = differ.iter().map(|c| c.label()).collect();
        assert_eq!(labels, ["11 vs T", "8,8 vs T", "8,8 vs A", "A,A vs A"]);
        for cell in differ {
            let r = reason(&here, Some(&peek.chart), cell, Figures::Chart).unwrap();
            assert!(
                r.claims()
                    .any(|c| matches!(c, Claim::BlackjackTakesTheExtraStake { .. })),
                "{}",
                r.text()
            );
            assert!(r.text().contains("no hole card"), "{}", r.text());
        }
    }
}
