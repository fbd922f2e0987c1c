//! Settlement: how one finished hand is paid against the dealer's.

use std::fmt;
use std::ops::{Add, AddAssign, Mul, Neg};

use serde::Serialize;

use super::hand::Total;

/// An amount of virtual units, kept exactly in thousandths (1.5 units = 1500).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize)]
pub struct Units(pub i64);

impl Units {
    /// Zero.
    pub const ZERO: Units = Units(0);
    /// One unit.
    pub const ONE: Units = Units(1000);

    /// Whole units.
    pub const fn from_units(n: i64) -> Units {
        Units(n * 1000)
    }

    /// The amount as a float, in units.
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 1000.0
    }

    /// A result per unit bet (this) for a bet of `bet`: `+1.5` per unit on a bet of 4 is
    /// `+6`. Exact for whole-unit bets, the only bets a table takes.
    #[inline(always)]
    pub const fn times_bet(self, bet: Units) -> Units {
        // A bet of one unit (the simulator's) needs no division: the same value, faster.
        if bet.0 == Units::ONE.0 { self } else { Units(self.0 * bet.0 / 1000) }
    }

    /// Whether this is a whole number of units.
    pub const fn is_whole(self) -> bool {
        self.0 % 1000 == 0
    }

    /// The amount without a plus sign, for a bankroll or a bet: `100`, `101.5`, `−3`.
    pub fn plain(self) -> Plain {
        Plain(self)
    }
}

/// [`Units`] shown without a plus sign (see [`Units::plain`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plain(Units);

impl fmt::Display for Plain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.to_string().trim_start_matches('+'))
    }
}

impl Add for Units {
    type Output = Units;
    fn add(self, rhs: Units) -> Units {
        Units(self.0 + rhs.0)
    }
}

impl AddAssign for Units {
    fn add_assign(&mut self, rhs: Units) {
        self.0 += rhs.0;
    }
}

impl Neg for Units {
    type Output = Units;
    fn neg(self) -> Units {
        Units(-self.0)
    }
}

impl Mul<i64> for Units {
    type Output = Units;
    fn mul(self, rhs: i64) -> Units {
        Units(self.0 * rhs)
    }
}

impl fmt::Display for Units {
    /// Signed, without trailing zeros: `+1.5`, `−1`, `0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = match self.0.signum() {
            1 => "+",
            -1 => "−",
            _ => "",
        };
        let abs = self.0.unsigned_abs();
        let whole = abs / 1000;
        let frac = abs % 1000;
        if frac == 0 {
            write!(f, "{sign}{whole}")
        } else {
            let digits = format!("{frac:03}");
            write!(f, "{sign}{whole}.{}", digits.trim_end_matches('0'))
        }
    }
}

/// How a hand ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum OutcomeKind {
    /// A natural against a dealer hand that is not a natural.
    Blackjack,
    /// Beat the dealer (or the dealer bust).
    Win,
    /// Tie, natural against natural included.
    Push,
    /// Lost to the dealer's total or the dealer's natural.
    Loss,
    /// Went over 21: lost at once, whatever the dealer does.
    Bust,
}

/// A settled hand: how it ended and what it paid (stake included: a doubled loss is −2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Outcome {
    /// How the hand ended.
    pub kind: OutcomeKind,
    /// Units won (positive) or lost (negative) per unit of the seat's bet.
    pub delta: Units,
    /// Money won or lost: `delta` times the seat's bet.
    pub money: Units,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            OutcomeKind::Push => f.write_str("push"),
            OutcomeKind::Bust => write!(f, "bust {}", self.delta),
            OutcomeKind::Blackjack => write!(f, "blackjack {}", self.delta),
            _ => write!(f, "{}", self.delta),
        }
    }
}

/// What the dealer ended with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DealerResult {
    /// Ace and ten as the first two cards.
    Natural,
    /// Over 21.
    Bust,
    /// Stood on this total (17–21).
    Stood(u8),
}

/// Settles one player hand that has not bust (`stake` 1, or 2 doubled; `bet` turns the result
/// per unit into money). Under no peek a dealer natural takes every whole stake but a natural's.
pub fn settle_hand(
    total: Total,
    natural: bool,
    stake: i64,
    dealer: DealerResult,
    blackjack_pays: Units,
    bet: Units,
) -> Outcome {
    let (to_beat, dealer_natural) = match dealer {
        DealerResult::Natural => (NATURAL_TO_BEAT, true),
        DealerResult::Bust => (BUST_TO_BEAT, false),
        DealerResult::Stood(d) => (i16::from(d), false),
    };
    settle_against(total, natural, stake, to_beat, dealer_natural, blackjack_pays, bet)
}

/// The total a hand that is not a natural has to beat against a dealer natural: every total
/// loses to it.
pub(crate) const NATURAL_TO_BEAT: i16 = 22;
/// The total to beat against a dealer who went over 21: every hand still standing wins.
pub(crate) const BUST_TO_BEAT: i16 = -1;

/// [`settle_hand`] against the total to beat ([`NATURAL_TO_BEAT`], [`BUST_TO_BEAT`] or the
/// dealer's) worked out once a round, without a branch: what the table calls.
#[inline(always)]
pub(crate) fn settle_against(
    total: Total,
    natural: bool,
    stake: i64,
    to_beat: i16,
    dealer_natural: bool,
    blackjack_pays: Units,
    bet: Units,
) -> Outcome {
    let unit = Units::ONE * stake;
    let bust = total.is_bust();
    let (kind, delta) = if natural & !bust {
        if dealer_natural {
            (OutcomeKind::Push, Units::ZERO)
        } else {
            (OutcomeKind::Blackjack, blackjack_pays * stake)
        }
    } else {
        // One comparison, and no branch on its result: whether a hand wins, pushes or loses
        // is the least predictable thing in a round. A bust hand counts below every total to
        // beat, so it loses whatever the dealer holds.
        let player = std::hint::select_unpredictable(bust, -2, i16::from(total.value));
        let sign = i64::from(player > to_beat) - i64::from(player < to_beat);
        const KINDS: [OutcomeKind; 3] = [OutcomeKind::Loss, OutcomeKind::Push, OutcomeKind::Win];
        let kind = KINDS[usize::from(player >= to_beat) + usize::from(player > to_beat)];
        (std::hint::select_unpredictable(bust, OutcomeKind::Bust, kind), unit * sign)
    };
    Outcome { kind, delta, money: delta.times_bet(bet) }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAYS: Units = Units(1500);
    const BET: Units = Units::ONE;

    fn t(value: u8) -> Total {
        Total { value, soft: false }
    }

    #[test]
    fn natural_pays_three_to_two_against_a_non_natural() {
        let o = settle_hand(t(21), true, 1, DealerResult::Stood(21), PAYS, BET);
        assert_eq!(
            o,
            Outcome { kind: OutcomeKind::Blackjack, delta: Units(1500), money: Units(1500) }
        );
    }

    #[test]
    fn natural_against_natural_pushes() {
        let o = settle_hand(t(21), true, 1, DealerResult::Natural, PAYS, BET);
        assert_eq!(o.kind, OutcomeKind::Push);
        assert_eq!(o.delta, Units::ZERO);
    }

    #[test]
    fn dealer_natural_takes_a_doubled_stake_whole() {
        let o = settle_hand(t(20), false, 2, DealerResult::Natural, PAYS, BET);
        assert_eq!(o.delta, Units(-2000));
    }

    #[test]
    fn bust_loses_even_when_the_dealer_busts() {
        let o = settle_hand(t(22), false, 1, DealerResult::Bust, PAYS, BET);
        assert_eq!(
            o,
            Outcome { kind: OutcomeKind::Bust, delta: Units(-1000), money: Units(-1000) }
        );
    }

    #[test]
    fn doubled_win_pays_two_and_ties_push() {
        assert_eq!(
            settle_hand(t(19), false, 2, DealerResult::Stood(18), PAYS, BET).delta,
            Units(2000)
        );
        assert_eq!(
            settle_hand(t(18), false, 1, DealerResult::Stood(18), PAYS, BET).kind,
            OutcomeKind::Push
        );
        assert_eq!(
            settle_hand(t(17), false, 1, DealerResult::Stood(18), PAYS, BET).delta,
            Units(-1000)
        );
        assert_eq!(settle_hand(t(12), false, 1, DealerResult::Bust, PAYS, BET).delta, Units(1000));
    }

    /// The rules of payment spelled out case by case, to check the branch-free version.
    fn reference(total: Total, natural: bool, stake: i64, dealer: DealerResult) -> Outcome {
        let unit = Units::ONE * stake;
        let (kind, delta) = if total.is_bust() {
            (OutcomeKind::Bust, -unit)
        } else {
            match (natural, dealer) {
                (true, DealerResult::Natural) => (OutcomeKind::Push, Units::ZERO),
                (true, _) => (OutcomeKind::Blackjack, PAYS * stake),
                (false, DealerResult::Natural) => (OutcomeKind::Loss, -unit),
                (false, DealerResult::Bust) => (OutcomeKind::Win, unit),
                (false, DealerResult::Stood(d)) => match total.value.cmp(&d) {
                    std::cmp::Ordering::Greater => (OutcomeKind::Win, unit),
                    std::cmp::Ordering::Equal => (OutcomeKind::Push, Units::ZERO),
                    std::cmp::Ordering::Less => (OutcomeKind::Loss, -unit),
                },
            }
        };
        Outcome { kind, delta, money: delta }
    }

    #[test]
    fn every_case_pays_as_the_rules_say() {
        let dealers = [DealerResult::Natural, DealerResult::Bust]
            .into_iter()
            .chain((0..=26).map(DealerResult::Stood));
        for dealer in dealers {
            for value in 0..=31 {
                for soft in [false, true] {
                    for natural in [false, true] {
                        for stake in [1, 2] {
                            let total = Total { value, soft };
                            assert_eq!(
                                settle_hand(total, natural, stake, dealer, PAYS, BET),
                                reference(total, natural, stake, dealer),
                                "{total:?} natural {natural} stake {stake} vs {dealer:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn money_is_the_result_per_unit_times_the_bet() {
        let bet = Units::from_units(5);
        let natural = settle_hand(t(21), true, 1, DealerResult::Stood(20), PAYS, bet);
        assert_eq!((natural.delta, natural.money), (Units(1500), Units(7500)));
        let doubled = settle_hand(t(20), false, 2, DealerResult::Natural, PAYS, bet);
        assert_eq!((doubled.delta, doubled.money), (Units(-2000), Units(-10_000)));
        assert_eq!(Units(1500).times_bet(Units::from_units(3)), Units(4500));
    }

    #[test]
    fn plain_amounts_have_no_plus_and_one_minus() {
        assert_eq!(Units::from_units(100).plain().to_string(), "100");
        assert_eq!(Units(101_500).plain().to_string(), "101.5");
        assert_eq!(Units::from_units(-3).plain().to_string(), "−3");
        assert_eq!(Units::ZERO.plain().to_string(), "0");
    }

    #[test]
    fn units_print_signed_and_short() {
        assert_eq!(Units(1500).to_string(), "+1.5");
        assert_eq!(Units(-2000).to_string(), "−2");
        assert_eq!(Units(0).to_string(), "0");
        assert_eq!(Units(1200).to_string(), "+1.2");
    }
}
