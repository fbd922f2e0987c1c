//! The measures of a counter's game, for the simulator and the planner. With `EV` and `SD` the
//! mean and standard deviation of a round's result and `B` the bankroll, in units of the bet
//! (Schlesinger, *Blackjack Attack*, 3rd ed., 2005):
//! - desirability index `DI = 1000 · EV / SD`; `SCORE = DI²`; `N0 = (SD / EV)²`;
//! - risk of ruin played for ever, `exp(−2 · EV · B / SD²)` (the diffusion approximation);
//! - within `n` rounds (a trip), the chance that a Brownian motion with drift `EV` and variance
//!   `SD²` a round falls to `−B` by time `n`:
//!   `Φ((−B − EV·n) / (SD·√n)) + exp(−2·EV·B/SD²) · Φ((−B + EV·n) / (SD·√n))`;
//! - before a win goal `G`, the chance to fall to `−B` before rising to `+G`:
//!   `(1 − exp(−θG)) / (exp(θB) − exp(−θG))` with `θ = 2·EV/SD²` (`G/(B+G)` when `EV = 0`).

/// A game's mean and standard deviation per round.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Measures {
    /// The mean result per round.
    pub ev: f64,
    /// The standard deviation of a round's result.
    pub sd: f64,
}

impl Measures {
    /// Desirability index `DI = 1000 · EV / SD`; 0 with no spread.
    pub fn di(&self) -> f64 {
        if self.sd > 0.0 { 1000.0 * self.ev / self.sd } else { 0.0 }
    }

    /// `SCORE = DI²`: the win per 100 rounds, in units of the bet, for a bankroll of 10⁶
    /// such units optimally bet — with the sign of the mean, so a losing game or ramp ranks
    /// below every winning one (its DI² would say what it loses, not what it wins).
    pub fn score(&self) -> f64 {
        self.di() * self.di().abs()
    }

    /// `N0 = (SD / EV)²`, the rounds after which the expected win equals one standard
    /// deviation; `None` when the EV is 0.
    pub fn n0(&self) -> Option<f64> {
        (self.ev != 0.0).then(|| (self.sd / self.ev).powi(2))
    }

    /// Risk of ruin of `bankroll` played for ever; 1 when the EV is not positive.
    pub fn risk_of_ruin(&self, bankroll: f64) -> f64 {
        if self.ev <= 0.0 || self.sd <= 0.0 {
            return 1.0;
        }
        (-2.0 * self.ev * bankroll / (self.sd * self.sd)).exp()
    }

    /// Risk of losing `bankroll` within `rounds` rounds.
    pub fn risk_within(&self, bankroll: f64, rounds: f64) -> f64 {
        if rounds <= 0.0 {
            return 0.0;
        }
        if self.sd <= 0.0 {
            return if self.ev * rounds <= -bankroll { 1.0 } else { 0.0 };
        }
        let spread = self.sd * rounds.sqrt();
        let drift = self.ev * rounds;
        let first = normal_cdf((-bankroll - drift) / spread);
        let exponent = -2.0 * self.ev * bankroll / (self.sd * self.sd);
        // exp(x)·Φ(y) computed as one exponential where exp(x) alone would overflow (EV < 0).
        let second = if exponent > 700.0 {
            let tail = normal_cdf((-bankroll + drift) / spread);
            if tail > 0.0 { (exponent + tail.ln()).exp() } else { 0.0 }
        } else {
            exponent.exp() * normal_cdf((-bankroll + drift) / spread)
        };
        (first + second).clamp(0.0, 1.0)
    }

    /// Risk of losing `bankroll` before winning `goal`.
    pub fn risk_before_goal(&self, bankroll: f64, goal: f64) -> f64 {
        if self.sd <= 0.0 {
            return if self.ev < 0.0 { 1.0 } else { 0.0 };
        }
        let theta = 2.0 * self.ev / (self.sd * self.sd);
        if theta.abs() * (bankroll + goal) < 1e-9 {
            return goal / (bankroll + goal);
        }
        // (1 − e^{−θG}) / (e^{θB} − e^{−θG}), written with exp_m1 so a small θ keeps its digits.
        let numerator = -(-theta * goal).exp_m1();
        let denominator = (theta * bankroll).exp_m1() + numerator;
        (numerator / denominator).clamp(0.0, 1.0)
    }
}

/// The standard normal distribution function, `Φ(x) = erfc(−x/√2) / 2`.
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * libm::erfc(-x / std::f64::consts::SQRT_2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_normal_distribution_function_has_its_known_values() {
        // Abramowitz and Stegun, table 26.1: Φ(1) = 0.8413447461, Φ(1.96) = 0.9750021048.
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-15);
        assert!((normal_cdf(1.0) - 0.841_344_746_1).abs() < 1e-10);
        assert!((normal_cdf(1.96) - 0.975_002_104_8).abs() < 1e-10);
        assert!((normal_cdf(-1.96) - (1.0 - 0.975_002_104_8)).abs() < 1e-10);
    }

    #[test]
    fn a_trip_without_end_is_ruin_for_ever_and_a_goal_far_away_is_too() {
        let game = Measures { ev: 0.02, sd: 3.3 };
        let forever = game.risk_of_ruin(500.0);
        assert!((game.risk_within(500.0, 1e12) - forever).abs() < 1e-6);
        assert!((game.risk_before_goal(500.0, 1e9) - forever).abs() < 1e-9);
        // Shorter trips and nearer goals risk less.
        assert!(game.risk_within(500.0, 1e4) < game.risk_within(500.0, 1e5));
        assert!(game.risk_before_goal(500.0, 100.0) < game.risk_before_goal(500.0, 1000.0));
    }

    #[test]
    fn a_fair_game_is_ruined_before_the_goal_by_the_gamblers_ratio() {
        // Without drift the chance of −B before +G is G / (B + G) (the gambler's ruin).
        let fair = Measures { ev: 0.0, sd: 1.0 };
        assert!((fair.risk_before_goal(100.0, 300.0) - 0.75).abs() < 1e-12);
        let nearly = Measures { ev: 1e-12, sd: 1.0 };
        assert!((nearly.risk_before_goal(100.0, 300.0) - 0.75).abs() < 1e-6);
        // Reflection principle: P(min ≤ −B by n) = 2·Φ(−B/√n) without drift.
        let within = fair.risk_within(10.0, 100.0);
        assert!((within - 2.0 * normal_cdf(-1.0)).abs() < 1e-12);
        assert_eq!(fair.risk_of_ruin(1e9), 1.0);
    }

    #[test]
    fn a_losing_game_keeps_its_risks_finite() {
        let losing = Measures { ev: -0.5, sd: 1.1 };
        let r = losing.risk_within(1000.0, 1e4);
        assert!(r.is_finite() && r > 0.99, "{r}");
        assert_eq!(losing.risk_of_ruin(10.0), 1.0);
        assert!(losing.risk_before_goal(10.0, 10.0) > 0.99);
    }
}
