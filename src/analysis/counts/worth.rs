//! What a count is worth, from the effects of removal ([`super::eor`]):
//!
//! - **Betting correlation** (Peter Griffin, *The Theory of Blackjack*, 6th ed., 1999, ch. 4):
//!   the correlation between the count's tags and the effects of removal of the values on the
//!   edge, over the cards of a deck — each value weighted by its frequency, four times for the
//!   tens (Red 7's sevens enter as two halves, red at +1 and black at 0).
//! - **Playing efficiency**, as defined here after Griffin's method: for each decision (a chart
//!   cell's best play against its second best, [`super::eor::Decision`]) the gap between the
//!   two is modelled, once half the shoe is dealt, as normal with mean `μ` (the gap off the
//!   top) and the spread `s` of its linear estimate from the cards dealt (its effects of
//!   removal). A player who knew that estimate would gain `G(μ, s) = E[max(0, X)]`, `X ~ N(μ,
//!   s²)`, a round by switching where it pays; a count whose tags correlate `ρ` with the
//!   decision's effects of removal sees the part `|ρ| s` of that spread and gains `G(μ, |ρ|
//!   s)`. The efficiency is the gain of the count over that of the perfect linear estimate,
//!   every decision weighted by its frequency: `Σ f G(μ, |ρ| s) / Σ f G(μ, s)`. Only the first
//!   decision of a hand is counted, and there is no insurance (locked off here, and not
//!   offered in the analysis of the peek game either): the figures are of this definition,
//!   and need not match published playing efficiencies.

use super::CountSystem;
use super::eor::{Decision, Effects};

/// The share of the shoe dealt at which the playing efficiency is weighed.
pub const DEPTH: f64 = 0.5;

/// A count's figures in one game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CountFigures {
    /// Betting correlation, −1 to 1.
    pub betting_correlation: f64,
    /// Playing efficiency, 0 to 1.
    pub playing_efficiency: f64,
}

/// The figures of `system` from `effects`.
pub fn count_figures(system: &CountSystem, effects: &Effects) -> CountFigures {
    CountFigures {
        betting_correlation: tag_correlation(system, &effects.edge_eor),
        playing_efficiency: playing_efficiency(system, effects),
    }
}

/// The correlation between the tags of `system` and `eor` (by value, ace first) over the cards of
/// a deck, each weighted by its share of the deck; 0 where either does not vary.
pub fn tag_correlation(system: &CountSystem, eor: &[f64; 10]) -> f64 {
    let cards: Vec<(f64, f64, f64)> = system
        .tags_by_card()
        .into_iter()
        .map(|(v, tag, share)| (tag, eor[v.index()], share))
        .collect();
    weighted_correlation(&cards)
}

/// The weighted Pearson correlation of `(x, y, weight)` triples; 0 where either does not vary.
fn weighted_correlation(points: &[(f64, f64, f64)]) -> f64 {
    let total: f64 = points.iter().map(|p| p.2).sum();
    if total <= 0.0 {
        return 0.0;
    }
    let mean_x = points.iter().map(|p| p.0 * p.2).sum::<f64>() / total;
    let mean_y = points.iter().map(|p| p.1 * p.2).sum::<f64>() / total;
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for &(x, y, w) in points {
        sxy += w * (x - mean_x) * (y - mean_y);
        sxx += w * (x - mean_x) * (x - mean_x);
        syy += w * (y - mean_y) * (y - mean_y);
    }
    if sxx <= 0.0 || syy <= 0.0 {
        return 0.0;
    }
    sxy / (sxx * syy).sqrt()
}

/// The spread `s` of a decision's linear estimate once [`DEPTH`] of a shoe of `cards` cards is
/// dealt: with `k` cards dealt and `r` left, the gap moves by `(cards / r) · Σ eor` over the
/// cards dealt, whose variance drawing without replacement is `k r / (cards − 1)` times the
/// variance of the effects over the deck.
fn spread(decision: &Decision, cards: u32) -> f64 {
    let unit = CountSystem::default();
    let points: Vec<(f64, f64)> = unit
        .tags_by_card()
        .into_iter()
        .map(|(v, _, share)| (decision.eor[v.index()], share))
        .collect();
    let mean: f64 = points.iter().map(|(e, w)| e * w).sum();
    let variance: f64 = points.iter().map(|(e, w)| w * (e - mean).powi(2)).sum();
    let n = f64::from(cards);
    let dealt = (n * DEPTH).round().clamp(1.0, n - 1.0);
    let left = n - dealt;
    (n / left) * (dealt * left / (n - 1.0) * variance).sqrt()
}

/// `G(μ, s) = E[max(0, X)]` for `X ~ N(μ, s²)`: `μ Φ(μ/s) + s φ(μ/s)`.
fn gain(mu: f64, s: f64) -> f64 {
    if s <= 0.0 {
        return mu.max(0.0);
    }
    let z = mu / s;
    mu * normal_cdf(z) + s * (-0.5 * z * z).exp() / (2.0 * std::f64::consts::PI).sqrt()
}

/// The standard normal distribution function, from the complementary error function.
fn normal_cdf(z: f64) -> f64 {
    0.5 * erfc(-z / std::f64::consts::SQRT_2)
}

/// The complementary error function, to about 1e-7 relative (W. H. Press et al., *Numerical
/// Recipes*, 2nd ed., §6.2, `erfcc`).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

/// The playing efficiency of `system`; 0 where no decision moves with the cards.
pub fn playing_efficiency(system: &CountSystem, effects: &Effects) -> f64 {
    let (mut counted, mut perfect) = (0.0, 0.0);
    for d in &effects.decisions {
        let s = spread(d, effects.cards);
        let rho = tag_correlation(system, &d.eor).abs();
        counted += d.frequency * gain(d.gap, rho * s);
        perfect += d.frequency * gain(d.gap, s);
    }
    if perfect > 0.0 { counted / perfect } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_normal_distribution_function_is_right_at_known_points() {
        for (z, p) in
            [(0.0, 0.5), (1.0, 0.841_344_746), (-1.96, 0.024_997_895), (2.5, 0.993_790_335)]
        {
            assert!((normal_cdf(z) - p).abs() < 2e-7, "Φ({z})");
        }
    }

    #[test]
    fn the_gain_of_switching_is_the_mean_of_the_positive_part() {
        // Off a spread of 0, only a positive gap gains; at a gap of 0, s/√(2π).
        assert_eq!(gain(-0.1, 0.0), 0.0);
        assert!((gain(0.0, 1.0) - 1.0 / (2.0 * std::f64::consts::PI).sqrt()).abs() < 1e-12);
        // More spread, more gain; a wider gap, less.
        assert!(gain(-0.05, 0.2) > gain(-0.05, 0.1));
        assert!(gain(-0.1, 0.1) < gain(-0.05, 0.1));
    }

    #[test]
    fn a_perfectly_correlated_set_of_tags_has_correlation_one() {
        let eor = [-0.6, 0.4, 0.4, 0.5, 0.7, 0.5, 0.3, 0.0, -0.2, -0.5];
        // Tags equal to the effects themselves.
        let exact = CountSystem {
            tags: eor.map(|e: f64| (e * 10.0).round() as i32),
            ..CountSystem::default()
        };
        assert!((tag_correlation(&exact, &eor) - 1.0).abs() < 1e-12);
        let mut opposite = exact.clone();
        opposite.tags = exact.tags.map(|t| -t);
        assert!((tag_correlation(&opposite, &eor) + 1.0).abs() < 1e-12);
        assert_eq!(tag_correlation(&exact, &[0.1; 10]), 0.0, "no variation");
    }
}
