//! The ramps the planner ([`super::plan`]) weighs: the family its optimum lies in, a local
//! search over ramps of whole chips, the spread's best ramp and the common ramps compared.
//!
//! # Why one family of ramps
//! A ramp `b` enters its figures through two sums only: `μ = Σ p b e` and `S = Σ p b² m`
//! (`σ² = S − μ²`); SCORE (`10⁶ · μ²/σ²`) and the risk of ruin (`exp(−2μB/σ²)`) are functions
//! of them. With bets held within `[min, min · spread]`, the KKT conditions give, for each bet
//! strictly inside, `p_t · (α e_t − 2β b_t m_t) = 0` with the same `α`, `β` for every count:
//! the optimum is `clamp(k · e_t / m_t, min, min · spread)` for some scale `k`, searched here.
//! The weight is `e/m` exactly; the Kelly-proportional `e/v` differs by under 0.1 % here.
//!
//! # Chips
//! Rounded to chips and kept from falling as the count rises (the far returns are noisy), a
//! ramp of the family can be a chip off the best; a local search ([`improved`]) moves runs of
//! steps a chip up or down while that raises SCORE (within the risk), until none does.

use super::plan::{GameByCount, PlanInputs, RampFigures, ramp_figures};
use crate::analysis::hilo::{BetRamp, MAX_RAMP_STEPS};
use crate::sim::measures::Measures;

/// A ramp and its figures.
#[derive(Debug, Clone, PartialEq)]
pub struct Rated {
    /// The bets at true count ≤ 0, +1, …
    pub ramp: BetRamp,
    /// What it earns and risks per round.
    pub figures: RampFigures,
}

impl Rated {
    /// The ramp with its figures in `game`.
    pub fn of(game: &GameByCount, ramp: BetRamp) -> Rated {
        let figures = ramp_figures(game, &ramp);
        Rated { ramp, figures }
    }

    /// Its SCORE, with the sign of its win: negative for a ramp that loses.
    pub fn score(&self) -> f64 {
        self.figures.measures.score()
    }

    /// The bankroll with which it risks `risk` of ruin played for ever,
    /// `B = ln(1/risk) · σ² / (2μ)`; `None` for a ramp that does not win.
    pub fn bankroll_for(&self, risk: f64) -> Option<f64> {
        let Measures { ev, sd } = self.figures.measures;
        (ev > 0.0).then(|| (1.0 / risk).ln() * sd * sd / (2.0 * ev))
    }

    /// The largest whole multiple of its bets (its unit, in table minimums) that `bankroll`
    /// carries within `risk` of ruin played for ever; `None` when not even the ramp itself.
    pub fn unit_at(&self, bankroll: f64, risk: f64) -> Option<u32> {
        // Every bet × c: the mean × c, the SD × c, so the risk is the ramp's at bankroll / c.
        let most = self.bankroll_for(risk).map(|needed| bankroll / needed)?;
        let c = most.floor().min(f64::from(u32::MAX));
        // Guard the floor against rounding just past the target.
        let within = |c: f64| self.figures.measures.risk_of_ruin(bankroll / c) <= risk;
        let c = if c >= 1.0 && !within(c) { c - 1.0 } else { c };
        (c >= 1.0).then_some(c as u32)
    }
}

/// A common ramp of the spread, named, with its figures.
#[derive(Debug, Clone, PartialEq)]
pub struct Compared {
    /// Its name in a few words.
    pub name: &'static str,
    /// The ramp and its figures.
    pub rated: Rated,
}

/// The bets a ramp may take: the minimum, the whole chips between, the maximum.
#[derive(Debug, Clone)]
pub(super) struct Ladder {
    values: Vec<u32>,
}

impl Ladder {
    /// The bets of `inputs` (its minimum already at least 1).
    pub(super) fn of(inputs: &PlanInputs) -> Ladder {
        let (low, chip) = (inputs.min_bet.max(1), inputs.chip.max(1));
        let high = low.saturating_mul(inputs.spread.max(1));
        let mut values = vec![low];
        let mut next = (low / chip + 1) * chip;
        while next < high {
            values.push(next);
            next += chip;
        }
        if high > low {
            values.push(high);
        }
        Ladder { values }
    }

    /// The bet of the ladder nearest `x` (the lower on a tie), as a position on it.
    fn nearest(&self, x: f64) -> usize {
        let above = self.values.partition_point(|&v| f64::from(v) < x);
        if above == 0 {
            return 0;
        }
        if above == self.values.len() {
            return above - 1;
        }
        let (lo, hi) = (f64::from(self.values[above - 1]), f64::from(self.values[above]));
        if x - lo <= hi - x { above - 1 } else { above }
    }
}

/// The game's sums by step of a ramp of `len` steps: for each, `Σ q e` and `Σ q m` over the
/// counts it bets at (`q` the share dealt and played), so a ramp's mean and second moment
/// take a multiplication a step.
struct Steps {
    mean: Vec<f64>,
    square: Vec<f64>,
}

impl Steps {
    fn of(game: &GameByCount, len: usize) -> Steps {
        let (mut mean, mut square) = (vec![0.0; len], vec![0.0; len]);
        for row in &game.rows {
            let step = usize::try_from(row.tc).unwrap_or(0).min(len - 1);
            let q = row.share * row.played;
            mean[step] += q * row.ev;
            square[step] += q * row.second_moment;
        }
        Steps { mean, square }
    }

    /// The mean and variance per round seen of betting `bets`.
    fn moments(&self, bets: impl Iterator<Item = f64>) -> Measures {
        let (mut mu, mut s) = (0.0, 0.0);
        for ((b, e), m) in bets.zip(&self.mean).zip(&self.square) {
            mu += b * e;
            s += b * b * m;
        }
        Measures { ev: mu, sd: (s - mu * mu).max(0.0).sqrt() }
    }
}

/// Whether `a` ranks above `b`: a higher SCORE, or (within rounding) the same and a higher win.
fn better(a: &Measures, b: &Measures) -> bool {
    let (x, y) = (a.score(), b.score());
    let close = (x - y).abs() <= 1e-12 * x.abs().max(y.abs()).max(1.0);
    if close { a.ev > b.ev } else { x > y }
}

/// The steps of the game's ramps: from ≤ 0 to its highest count.
fn ramp_len(game: &GameByCount) -> usize {
    let top = game.rows.iter().map(|r| r.tc).max().unwrap_or(0).max(0);
    (usize::try_from(top).unwrap_or(0) + 1).min(MAX_RAMP_STEPS)
}

/// The family's ramp at scale `k`, as positions on the ladder: `clamp(k · e / m)` rounded to
/// chips, the minimum at no positive return, never falling as the count rises.
fn family_at(game: &GameByCount, ladder: &Ladder, len: usize, k: f64) -> Vec<usize> {
    let mut last = 0;
    (0..len)
        .map(|step| {
            let tc = step as i32;
            let ideal = game
                .rows
                .iter()
                .find(|r| r.tc == tc)
                .filter(|r| r.ev > 0.0)
                .map_or(0.0, |r| k * r.ev / r.second_moment.max(f64::MIN_POSITIVE));
            last = ladder.nearest(ideal).max(last);
            last
        })
        .collect()
}

/// The ramp of positions `at` on `ladder`, its last steps that repeat a bet dropped.
fn to_ramp(ladder: &Ladder, at: &[usize]) -> BetRamp {
    let mut bets: Vec<u32> = at.iter().map(|&i| ladder.values[i]).collect();
    while bets.len() > 1 && bets[bets.len() - 1] == bets[bets.len() - 2] {
        bets.pop();
    }
    BetRamp::new(bets).expect("bets of the ladder, within the ramp's limits")
}

/// The game's ramps for a plan: every distinct ramp of the family, by rising scale.
pub(super) struct Search<'a> {
    game: &'a GameByCount,
    ladder: Ladder,
    steps: Steps,
    len: usize,
}

impl<'a> Search<'a> {
    /// The search over the ramps `inputs` allow in `game`.
    pub(super) fn new(game: &'a GameByCount, inputs: &PlanInputs) -> Search<'a> {
        let len = ramp_len(game);
        Search { game, ladder: Ladder::of(inputs), steps: Steps::of(game, len), len }
    }

    /// The family's ramp at scale `k`.
    pub(super) fn at_scale(&self, k: f64) -> BetRamp {
        let at = family_at(self.game, &self.ladder, self.len, k);
        to_ramp(&self.ladder, &at)
    }

    /// Every distinct ramp of the family, scales 1 % apart past every cap, with its moments.
    fn family(&self) -> Vec<(Vec<usize>, Measures)> {
        let mut out: Vec<(Vec<usize>, Measures)> = Vec::new();
        for i in 0..=1200 {
            let k = 0.1 * 10f64.powf(f64::from(i) / 200.0);
            let at = family_at(self.game, &self.ladder, self.len, k);
            if out.last().is_none_or(|(seen, _)| *seen != at) {
                let m = self.measures(&at);
                out.push((at, m));
            }
        }
        out
    }

    fn measures(&self, at: &[usize]) -> Measures {
        self.steps.moments(at.iter().map(|&i| f64::from(self.ladder.values[i])))
    }

    /// From `start`, moves of a chip up or down on any run of steps (the ramp kept from
    /// falling), the best one each time, while one raises SCORE and keeps `allowed`.
    fn improved(&self, start: Vec<usize>, allowed: &impl Fn(&Measures) -> bool) -> Vec<usize> {
        let (mut at, mut now) = (start.clone(), self.measures(&start));
        let top = self.ladder.values.len() - 1;
        // A bound on the moves; each raises SCORE, so it is never reached in practice.
        for _ in 0..10_000 {
            let mut best: Option<(Vec<usize>, Measures)> = None;
            for i in 0..at.len() {
                for j in i..at.len() {
                    for up in [true, false] {
                        let fits = if up {
                            at[j] < top && at.get(j + 1).is_none_or(|&next| at[j] < next)
                        } else {
                            at[i] > 0 && (i == 0 || at[i - 1] < at[i])
                        };
                        if !fits {
                            continue;
                        }
                        let mut moved = at.clone();
                        for x in &mut moved[i..=j] {
                            *x = if up { *x + 1 } else { *x - 1 };
                        }
                        let m = self.measures(&moved);
                        let beats = best.as_ref().map_or(now, |(_, b)| *b);
                        if better(&m, &beats) && allowed(&m) {
                            best = Some((moved, m));
                        }
                    }
                }
            }
            match best {
                Some((moved, m)) => (at, now) = (moved, m),
                None => break,
            }
        }
        at
    }

    /// The spread's best ramp: the highest SCORE of the family, improved chip by chip.
    pub(super) fn spread_best(&self) -> Rated {
        let family = self.family();
        let start = family
            .iter()
            .reduce(|a, b| if better(&b.1, &a.1) { b } else { a })
            .map(|(at, _)| at.clone())
            .expect("at least one scale");
        let at = self.improved(start, &|_| true);
        Rated::of(self.game, to_ramp(&self.ladder, &at))
    }

    /// The ramp of the highest SCORE whose risk of ruin at `bankroll` is within `target`
    /// (`Ok`), or, when no ramp of the family is, the family's ramp of least risk (`Err`).
    pub(super) fn within_risk(&self, bankroll: f64, target: f64) -> Result<Rated, Rated> {
        let within = |m: &Measures| m.risk_of_ruin(bankroll) <= target;
        let family = self.family();
        let start = family
            .iter()
            .filter(|(_, m)| within(m))
            .reduce(|a, b| if better(&b.1, &a.1) { b } else { a });
        match start {
            Some((at, _)) => {
                let at = self.improved(at.clone(), &within);
                Ok(Rated::of(self.game, to_ramp(&self.ladder, &at)))
            }
            None => {
                let safest = family
                    .iter()
                    .min_by(|a, b| {
                        a.1.risk_of_ruin(bankroll).total_cmp(&b.1.risk_of_ruin(bankroll))
                    })
                    .map(|(at, _)| at.clone())
                    .expect("at least one scale");
                Err(Rated::of(self.game, to_ramp(&self.ladder, &safest)))
            }
        }
    }

    /// The common ramps of the spread the plan is compared with, in whole chips: doubling to
    /// the top (1-2-4-8-12), linear to the top at +6, a unit per true count above +1, and a
    /// jump from the minimum to the top at +2.
    pub(super) fn compared(&self) -> Vec<Compared> {
        let low = f64::from(self.ladder.values[0]);
        let high = f64::from(*self.ladder.values.last().unwrap_or(&1));
        let shapes: [(&'static str, &dyn Fn(f64) -> f64); 4] = [
            ("Doubling", &|t| if t < 1.0 { low } else { low * t.exp2() }),
            ("Linear to +6", &|t| (high * t / 6.0).max(low)),
            ("True count − 1", &|t| low * (t - 1.0).max(1.0)),
            ("Jump at +2", &|t| if t < 2.0 { low } else { high }),
        ];
        shapes
            .iter()
            .map(|(name, shape)| {
                let mut at = Vec::new();
                for step in 0..MAX_RAMP_STEPS {
                    let i = self.ladder.nearest(shape(step as f64).min(high));
                    at.push(i);
                    if f64::from(self.ladder.values[i]) >= high {
                        break;
                    }
                }
                Compared { name, rated: Rated::of(self.game, to_ramp(&self.ladder, &at)) }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trainer::plan::{Risk, tests::game};

    fn inputs(spread: u32, chip: u32) -> PlanInputs {
        PlanInputs { bankroll: 400.0, min_bet: 1, spread, chip, risk: Risk::OfRuin(0.135) }
    }

    #[test]
    fn the_ladder_holds_the_minimum_the_chips_between_and_the_top() {
        assert_eq!(Ladder::of(&inputs(12, 5)).values, vec![1, 5, 10, 12]);
        assert_eq!(Ladder::of(&inputs(4, 1)).values, vec![1, 2, 3, 4]);
        assert_eq!(Ladder::of(&inputs(1, 1)).values, vec![1]);
        let l = Ladder::of(&inputs(12, 5));
        assert_eq!((l.nearest(0.0), l.nearest(3.0), l.nearest(3.1)), (0, 0, 1));
        assert_eq!(l.nearest(1e9), 3);
    }

    #[test]
    fn the_common_ramps_are_the_named_shapes_of_the_spread() {
        let g = game();
        let s = Search::new(&g, &inputs(12, 1));
        let bets: Vec<(&str, Vec<u32>)> =
            s.compared().iter().map(|c| (c.name, c.rated.ramp.bets().to_vec())).collect();
        assert_eq!(
            bets,
            vec![
                ("Doubling", vec![1, 2, 4, 8, 12]),
                ("Linear to +6", vec![1, 2, 4, 6, 8, 10, 12]),
                ("True count − 1", vec![1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
                ("Jump at +2", vec![1, 1, 12]),
            ]
        );
    }

    #[test]
    fn a_whole_multiple_of_the_ramp_is_the_unit_the_bankroll_carries() {
        let g = game();
        let best = Search::new(&g, &inputs(12, 1)).spread_best();
        let needed = best.bankroll_for(0.135).expect("a winning ramp");
        assert!((best.figures.measures.risk_of_ruin(needed) - 0.135).abs() < 1e-9);
        let bankroll = 3.5 * needed;
        assert_eq!(best.unit_at(bankroll, 0.135), Some(3));
        assert_eq!(best.unit_at(0.9 * needed, 0.135), None);
        // Three times every bet: three times the mean and the SD, within the target; four
        // times is not.
        let scaled = |c: f64| Measures {
            ev: c * best.figures.measures.ev,
            sd: c * best.figures.measures.sd,
        };
        assert!(scaled(3.0).risk_of_ruin(bankroll) <= 0.135);
        assert!(scaled(4.0).risk_of_ruin(bankroll) > 0.135);
    }
}
