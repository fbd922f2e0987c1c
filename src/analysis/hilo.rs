//! The Hi-Lo count's vocabulary (2–6 +1, 7–9 0, T and A −1): the tags, the running count of the
//! cards seen and the bet ramp a counter bets by the floored true count.

use crate::engine::{Card, Value, ValueCounts};

/// The Hi-Lo tag of a card value ([`crate::analysis::counts::HI_LO`]'s).
pub const fn hilo_tag(value: Value) -> i32 {
    crate::analysis::counts::builtin::HI_LO_TAGS[value.index()]
}

/// The running count of a set of seen cards.
pub fn running_count(seen: &ValueCounts) -> i32 {
    crate::analysis::counts::HI_LO.running_count(seen)
}

/// The running count of `cards`: the sum of their tags.
pub fn hilo_sum<'a>(cards: impl IntoIterator<Item = &'a Card>) -> i32 {
    cards.into_iter().map(|c| hilo_tag(c.value())).sum()
}

/// The Hi-Lo tags in words, as every screen and drill says them.
pub const HILO_TAGS: &str = "2–6 count +1, 7–9 count 0, tens and aces count −1";

/// The true count under the project's one convention, the running count per exact deck left
/// (with no card left, over one card), as a decimal and floored (what indices and ramps read).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrueCount {
    /// Running count ÷ exact decks left.
    pub exact: f64,
    /// The same, floored (exactly, in integers).
    pub floored: i32,
}

impl TrueCount {
    /// The true count of `running` with `cards_left` cards left.
    pub fn of(running: i32, cards_left: usize) -> TrueCount {
        TrueCount {
            exact: f64::from(running) * 52.0 / cards_left.max(1) as f64,
            floored: crate::analysis::deviation::floored_true_count(running, cards_left),
        }
    }
}

/// The largest bet a ramp may name, in units: far above any real spread, and small enough that
/// a round's result in money (at most 8 bets) squared fits 64 bits.
pub const MAX_RAMP_BET: u32 = 10_000;

/// The most steps a ramp may have.
pub const MAX_RAMP_STEPS: usize = 64;

/// A bet ramp: the bet at floored true count ≤ 0, +1, +2, …, the last for every higher count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BetRamp {
    bets: Vec<u32>,
}

/// Why a ramp was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RampError {
    /// No bet given.
    #[error("the ramp is empty: give the bets at true count 0, +1, +2, … separated by commas")]
    Empty,
    /// An empty bet between two commas, or a comma at an end (the words of
    /// [`crate::text::comma_items`]).
    #[error("{0}")]
    EmptyItem(String),
    /// A bet is not a whole number.
    #[error("`{0}` is not a bet: each bet is a whole number of units, e.g. 1,2,4,6,8,10,12")]
    NotANumber(String),
    /// A bet of zero (the seat would sit the round out: wonging is not simulated).
    #[error("a bet of 0 is not allowed: every bet is at least 1 unit")]
    Zero,
    /// A bet above [`MAX_RAMP_BET`], as it was written.
    #[error("a bet of {0} is too large: at most {MAX_RAMP_BET} units")]
    TooLarge(String),
    /// More than [`MAX_RAMP_STEPS`] bets.
    #[error("the ramp has {0} steps: at most {MAX_RAMP_STEPS}")]
    TooLong(usize),
}

impl BetRamp {
    /// The first bet of the ramp outside `low..=high` (a table's limits), if any.
    pub fn bet_outside(&self, low: u32, high: u32) -> Option<u32> {
        self.bets.iter().copied().find(|bet| !(low..=high).contains(bet))
    }

    /// A ramp of these bets (at true count ≤ 0, +1, …).
    pub fn new(bets: Vec<u32>) -> Result<BetRamp, RampError> {
        if bets.is_empty() {
            return Err(RampError::Empty);
        }
        if bets.len() > MAX_RAMP_STEPS {
            return Err(RampError::TooLong(bets.len()));
        }
        if bets.contains(&0) {
            return Err(RampError::Zero);
        }
        if let Some(&big) = bets.iter().find(|&&b| b > MAX_RAMP_BET) {
            return Err(RampError::TooLarge(big.to_string()));
        }
        Ok(BetRamp { bets })
    }

    /// The flat bet of one unit: `--ramp 1`.
    pub fn flat() -> BetRamp {
        BetRamp { bets: vec![1] }
    }

    /// The bets, at true count ≤ 0 first.
    pub fn bets(&self) -> &[u32] {
        &self.bets
    }

    /// The bet at floored true count `tc` (the first at `tc ≤ 0`, the last beyond the end).
    #[inline]
    pub fn bet(&self, tc: i32) -> u32 {
        let step = usize::try_from(tc).unwrap_or(0).min(self.bets.len() - 1);
        self.bets[step]
    }
}

impl std::str::FromStr for BetRamp {
    type Err = RampError;

    /// Parses `1,2,4,6,8,10,12` (spaces around the commas allowed).
    fn from_str(text: &str) -> Result<BetRamp, RampError> {
        if text.trim().is_empty() {
            return Err(RampError::Empty);
        }
        let bets = crate::text::comma_items(text)
            .map_err(RampError::EmptyItem)?
            .into_iter()
            .map(|part| {
                if !part.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(RampError::NotANumber(part.to_owned()));
                }
                // Digits only, so a failed parse can only be a number too large for a `u32`.
                part.parse::<u32>()
                    .ok()
                    .filter(|&b| b <= MAX_RAMP_BET)
                    .ok_or_else(|| RampError::TooLarge(part.to_owned()))
            })
            .collect::<Result<Vec<u32>, RampError>>()?;
        BetRamp::new(bets)
    }
}

impl std::fmt::Display for BetRamp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let bets: Vec<String> = self.bets.iter().map(u32::to_string).collect();
        f.write_str(&bets.join(","))
    }
}

impl Default for BetRamp {
    /// 1–12: a common spread for a six-deck shoe.
    fn default() -> BetRamp {
        BetRamp { bets: vec![1, 2, 4, 6, 8, 10, 12] }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn hilo_over_a_full_seeded_shoe_ends_at_zero() {
        use super::{hilo_tag, running_count};
        use crate::engine::{GameRng, ValueCounts, shoe::Shoe};
        use rand::SeedableRng;
        for seed in 0..5 {
            let mut rng = GameRng::seed_from_u64(seed);
            let mut shoe = Shoe::new(6, 1.0);
            let mut seen = ValueCounts::default();
            let mut running = 0;
            let mut extreme = 0;
            for _ in 0..312 {
                let (card, _) = shoe.draw(&mut rng);
                seen.add(card.value());
                running += hilo_tag(card.value());
                extreme = extreme.max(running.abs());
            }
            assert_eq!(running, 0);
            assert_eq!(running_count(&seen), 0);
            assert!(extreme > 0, "the count moves during the shoe");
        }
    }

    #[test]
    fn the_true_count_is_one_convention_as_a_decimal_and_floored() {
        for (running, cards, exact, floored) in [
            (6, 156, 2.0, 2),
            (-3, 52, -3.0, -3),
            (-1, 78, -2.0 / 3.0, -1),
            (5, 10, 26.0, 26),
            (2, 0, 104.0, 104),
        ] {
            let tc = TrueCount::of(running, cards);
            assert!((tc.exact - exact).abs() < 1e-12, "{running} / {cards}");
            assert_eq!(tc.floored, floored, "{running} / {cards}");
            assert_eq!(tc.floored, tc.exact.floor() as i32, "{running} / {cards}");
        }
    }

    use super::*;

    #[test]
    fn the_ramp_bets_by_floored_true_count_and_holds_its_last_bet() {
        let ramp: BetRamp = "1,2,4,6,8,10,12".parse().expect("a ramp");
        for (tc, bet) in [
            (-7, 1),
            (-1, 1),
            (0, 1),
            (1, 2),
            (2, 4),
            (3, 6),
            (5, 10),
            (6, 12),
            (7, 12),
            (40, 12),
            (i32::MAX, 12),
            (i32::MIN, 1),
        ] {
            assert_eq!(ramp.bet(tc), bet, "at true count {tc}");
        }
        assert_eq!(BetRamp::flat().bet(9), 1);
        assert_eq!(ramp.to_string(), "1,2,4,6,8,10,12");
    }

    #[test]
    fn a_ramp_that_is_not_a_list_of_bets_is_refused_with_the_reason() {
        assert_eq!(" 1, 2 ,3".parse::<BetRamp>().map(|r| r.bets().to_vec()), Ok(vec![1, 2, 3]));
        for (text, err) in [
            ("", RampError::Empty),
            ("  ", RampError::Empty),
            ("1,,2", RampError::EmptyItem(crate::text::comma_items("1,,2").unwrap_err())),
            ("1,two", RampError::NotANumber("two".into())),
            ("1,-2", RampError::NotANumber("-2".into())),
            ("1.5", RampError::NotANumber("1.5".into())),
            ("0,1", RampError::Zero),
            ("1,10001", RampError::TooLarge("10001".to_owned())),
            // Echoed as written, not as the largest number the parser holds.
            (
                "1, 99999999999999999999999",
                RampError::TooLarge("99999999999999999999999".to_owned()),
            ),
        ] {
            assert_eq!(text.parse::<BetRamp>(), Err(err), "{text:?}");
        }
        let long = vec!["1"; MAX_RAMP_STEPS + 1].join(",");
        assert_eq!(long.parse::<BetRamp>(), Err(RampError::TooLong(MAX_RAMP_STEPS + 1)));
    }
}
