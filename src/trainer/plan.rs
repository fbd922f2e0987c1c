//! The counter's planner: a bet ramp for a bankroll and a risk, and what it earns and risks.
//!
//! # The game by count
//! A round at floored true count `t` comes with probability `p_t`, returns `e_t` per unit bet
//! and has a second moment `m_t` ([`GameByCount`]): exact shares and returns where the exact
//! model has them (counts −5 … +8, with this game's index plays), a flat-bet counting
//! simulation beyond and for every second moment (the exact analysis computes no variances),
//! its shares scaled so all sum to 1.
//!
//! # Back-counting
//! A back-counter ([`Wong`]) plays from its entry count until the count falls below its exit.
//! Of the rounds dealt at `t` it plays a share `q_t`: all from the entry up, none below the
//! exit (by the rule, so those rows keep the exact model's figures), and between them the
//! share a back-counting simulation played ([`GameByCount::backcounted`]: it depends on the
//! way the count came). Every figure is per round *seen* (watching costs time): `μ = Σ p q b e`.
//!
//! # The optimal ramp
//! Rounds taken as independent, a ramp `b_t` has a mean `Σ p b e` and a second moment
//! `Σ p b² m`, hence SCORE, DI, N0 and the risks of ruin ([`Measures`]). SCORE depends only on
//! a ramp's shape, so the planner first finds **the spread's best ramp**, bankroll-free: the
//! highest SCORE in whole chips between the minimum and minimum × spread, never falling as the
//! count rises, searched in the family `clamp(k · e_t / m_t, min, min · spread)` (the KKT
//! optimum, [`super::plan_search`]). With a risk target, **the plan** is the ramp of highest
//! SCORE whose risk of ruin at the bankroll is within it (the same family holds that optimum):
//! the best ramp itself when the bankroll carries it — spare bankroll raises the unit
//! ([`Rated::unit_at`]), not the bets past the optimum — else the best ramp is named with the
//! bankroll it needs ([`Rated::bankroll_for`]); with no ramp within the target, the family's
//! safest. With a Kelly fraction `f`, the plan is the family's ramp at `k = f · B` (full
//! Kelly risks `e⁻² ≈ 13.5 %` when no cap binds).

use crate::analysis::hilo::{BetRamp, MAX_RAMP_BET};
use crate::analysis::indices::TcEdge;
use crate::sim::count::{CountTally, TC_MAX, TC_MIN};
use crate::sim::measures::Measures;
use crate::sim::trips::{TripTally, Wong};

use super::plan_search::Search;
pub use super::plan_search::{Compared, Rated};

/// One floored true count of the game.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct CountRow {
    /// The floored true count (the simulator's ends stand for that count or beyond).
    pub tc: i32,
    /// The share of rounds dealt at it.
    pub share: f64,
    /// The return per unit bet.
    pub ev: f64,
    /// The mean square of a round's result per unit bet.
    pub second_moment: f64,
    /// Whether the share and the return are the exact analysis' (else simulated).
    pub exact: bool,
    /// The share of the rounds dealt at this count that are played: 1 without back-counting.
    pub played: f64,
    /// Whether [`CountRow::played`] follows from the rule (else a back-counting simulation's).
    pub played_by_rule: bool,
}

/// The game by floored true count, lowest count first.
#[derive(Debug, Clone, PartialEq)]
pub struct GameByCount {
    /// Every count dealt.
    pub rows: Vec<CountRow>,
    /// The back-counting played, if any.
    pub wong: Option<Wong>,
}

impl GameByCount {
    /// The exact edge by count where given, else and for every second moment `simulated`.
    pub fn new(exact: &[TcEdge], simulated: &CountTally) -> GameByCount {
        let buckets = simulated.by_tc_folded(TC_MIN, TC_MAX);
        let total = simulated.rounds.max(1) as f64;
        let exact_share: f64 = exact.iter().map(|e| e.share).sum();
        let outside: f64 = buckets
            .iter()
            .filter(|(tc, _)| !exact.iter().any(|e| e.tc == *tc))
            .map(|(_, b)| b.rounds as f64 / total)
            .sum();
        let scale = if outside > 0.0 { (1.0 - exact_share).max(0.0) / outside } else { 0.0 };
        let rows = buckets
            .iter()
            .map(|(tc, bucket)| {
                let (share, ev, exact) = match exact.iter().find(|e| e.tc == *tc) {
                    Some(e) => (e.share, e.with_indices, true),
                    None => (bucket.rounds as f64 / total * scale, bucket.ev(), false),
                };
                CountRow {
                    tc: *tc,
                    share,
                    ev,
                    second_moment: bucket.net_sq_micro as f64 / 1e6 / bucket.rounds as f64,
                    exact,
                    played: 1.0,
                    played_by_rule: true,
                }
            })
            .collect();
        GameByCount { rows, wong: None }
    }

    /// This game back-counted by `wong`: between its exit and entry, the share played is the
    /// one `simulated` (a back-counting run with the same `wong`) played there (none of none).
    pub fn backcounted(&self, wong: Wong, simulated: &TripTally) -> GameByCount {
        let played = simulated.rounds.by_tc_folded(TC_MIN, TC_MAX);
        let watched = simulated.watched.by_tc_folded(TC_MIN, TC_MAX);
        let at = |buckets: &[(i32, crate::sim::count::TcBucket)], tc: i32| {
            buckets.iter().find(|(t, _)| *t == tc).map_or(0, |(_, b)| b.rounds) as f64
        };
        let rows = self
            .rows
            .iter()
            .map(|row| {
                let (played, played_by_rule) = if row.tc >= wong.enter {
                    (1.0, true)
                } else if row.tc < wong.leave {
                    (0.0, true)
                } else {
                    let (p, w) = (at(&played, row.tc), at(&watched, row.tc));
                    (if p + w > 0.0 { p / (p + w) } else { 0.0 }, false)
                };
                CountRow { played, played_by_rule, ..*row }
            })
            .collect();
        GameByCount { rows, wong: Some(wong) }
    }

    /// The figures of betting `bet(tc)` units at each count, per round seen.
    pub fn figures(&self, bet: impl Fn(i32) -> f64) -> RampFigures {
        let (mut mean, mut square, mut bets, mut played) = (0.0, 0.0, 0.0, 0.0);
        for row in &self.rows {
            let (b, q) = (bet(row.tc), row.share * row.played);
            mean += q * b * row.ev;
            square += q * b * b * row.second_moment;
            bets += q * b;
            played += q;
        }
        RampFigures {
            measures: Measures { ev: mean, sd: (square - mean * mean).max(0.0).sqrt() },
            avg_bet: bets / played.max(f64::MIN_POSITIVE),
            played,
        }
    }
}

/// What a ramp earns and risks per round.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RampFigures {
    /// Mean and standard deviation per round seen (played or watched), in units.
    pub measures: Measures,
    /// The average initial bet of a round played, in units.
    pub avg_bet: f64,
    /// The share of the rounds seen that are played (1 without back-counting).
    pub played: f64,
}

impl RampFigures {
    /// Initial-bet advantage: the mean over the average bet.
    pub fn iba(&self) -> f64 {
        self.measures.ev / (self.avg_bet * self.played).max(f64::MIN_POSITIVE)
    }

    /// Mean and standard deviation per round played.
    pub fn per_played(&self) -> Measures {
        let Measures { ev, sd } = self.measures;
        let q = self.played.max(f64::MIN_POSITIVE);
        let square = (sd * sd + ev * ev) / q;
        let mean = ev / q;
        Measures { ev: mean, sd: (square - mean * mean).max(0.0).sqrt() }
    }
}

/// How much risk the plan takes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Risk {
    /// The risk of ruin played for ever, at most this (a fraction, 0–1).
    OfRuin(f64),
    /// Bets at this fraction of the Kelly bet.
    Kelly(f64),
}

/// What the learner plans with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlanInputs {
    /// The bankroll, in units.
    pub bankroll: f64,
    /// The table's minimum bet, in units.
    pub min_bet: u32,
    /// The largest bet over the smallest.
    pub spread: u32,
    /// Bets are whole multiples of this many units (the minimum always allowed).
    pub chip: u32,
    /// The risk taken.
    pub risk: Risk,
}

/// Why a plan was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PlanError {
    /// Nothing to plan with.
    #[error("the bankroll must be a positive number of units, not {0}")]
    Bankroll(f64),
    /// A spread of nothing.
    #[error("the spread must be 1 or more")]
    Spread,
    /// A bet the ramps cannot hold.
    #[error("the largest bet, {0} units, is above the most a ramp holds ({MAX_RAMP_BET})")]
    TooLarge(u64),
    /// A risk that is not a risk.
    #[error("the risk of ruin must be above 0 % and below 100 %")]
    RiskRange,
    /// A Kelly fraction that bets nothing.
    #[error("the Kelly fraction must be above 0")]
    KellyRange,
    /// A chip of nothing.
    #[error("the chip must be 1 unit or more")]
    Chip,
}

/// A planned ramp and its figures.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    /// The bets at true count ≤ 0, +1, +2, …
    pub ramp: BetRamp,
    /// What it earns and risks per round.
    pub figures: RampFigures,
    /// Whether the risk target was met (always with a Kelly fraction).
    pub met: bool,
    /// The spread's best ramp: the highest SCORE the spread allows, whatever the bankroll.
    pub best: Rated,
    /// The common ramps of the spread, for comparison.
    pub compared: Vec<Compared>,
}

impl Plan {
    /// Whether the plan is the spread's best ramp.
    pub fn is_best(&self) -> bool {
        self.ramp == self.best.ramp
    }
}

/// The ramp as `≤0: 1 · +1: 2 · …`.
pub fn ramp_text(ramp: &BetRamp) -> String {
    let steps: Vec<String> = ramp
        .bets()
        .iter()
        .enumerate()
        .map(|(tc, bet)| {
            let at = if tc == 0 {
                "≤0".to_owned()
            } else if tc + 1 == ramp.bets().len() {
                format!("+{tc} and up")
            } else {
                format!("+{tc}")
            };
            format!("{at}: {bet}")
        })
        .collect();
    steps.join(" · ")
}

/// The figures of `ramp` in `game`.
pub fn ramp_figures(game: &GameByCount, ramp: &BetRamp) -> RampFigures {
    game.figures(|tc| f64::from(ramp.bet(tc)))
}

impl PlanInputs {
    /// Whether a plan can be made of these inputs (checked before any work).
    pub fn check(&self) -> Result<(), PlanError> {
        if !(self.bankroll.is_finite() && self.bankroll > 0.0) {
            return Err(PlanError::Bankroll(self.bankroll));
        }
        if self.spread == 0 {
            return Err(PlanError::Spread);
        }
        if self.chip == 0 {
            return Err(PlanError::Chip);
        }
        let top = u64::from(self.min_bet.max(1)) * u64::from(self.spread);
        if top > u64::from(MAX_RAMP_BET) {
            return Err(PlanError::TooLarge(top));
        }
        match self.risk {
            Risk::OfRuin(target) if !(target > 0.0 && target < 1.0) => Err(PlanError::RiskRange),
            Risk::Kelly(f) if !(f.is_finite() && f > 0.0) => Err(PlanError::KellyRange),
            _ => Ok(()),
        }
    }
}

/// The optimal ramp for `inputs` (see the module's method).
pub fn plan(game: &GameByCount, inputs: &PlanInputs) -> Result<Plan, PlanError> {
    inputs.check()?;
    let inputs = PlanInputs { min_bet: inputs.min_bet.max(1), ..*inputs };
    let search = Search::new(game, &inputs);
    let mut best = search.spread_best();
    let (chosen, met) = match inputs.risk {
        Risk::Kelly(f) => (Rated::of(game, search.at_scale(f * inputs.bankroll)), true),
        Risk::OfRuin(target) if best.figures.measures.risk_of_ruin(inputs.bankroll) <= target => {
            (best.clone(), true)
        }
        Risk::OfRuin(target) => match search.within_risk(inputs.bankroll, target) {
            Ok(rated) => (rated, true),
            Err(safest) => (safest, false),
        },
    };
    // The search within the risk may end on a ramp the search without it did not reach.
    if chosen.score() > best.score() {
        best = chosen.clone();
    }
    Ok(Plan { ramp: chosen.ramp, figures: chosen.figures, met, best, compared: search.compared() })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A made-up game: losing below +1, winning 0.5 % more each count above, variance 1.3.
    pub(crate) fn game() -> GameByCount {
        let rows = (-3..=6)
            .map(|tc: i32| {
                let ev = -0.004 + 0.005 * f64::from(tc);
                CountRow {
                    tc,
                    share: if tc == 0 { 0.37 } else { 0.07 },
                    ev,
                    second_moment: 1.3 + ev * ev,
                    exact: true,
                    played: 1.0,
                    played_by_rule: true,
                }
            })
            .collect();
        GameByCount { rows, wong: None }
    }

    fn inputs(bankroll: f64, risk: Risk) -> PlanInputs {
        PlanInputs { bankroll, min_bet: 1, spread: 12, chip: 1, risk }
    }

    #[test]
    fn the_figures_of_a_flat_bet_are_the_games_mean_and_spread() {
        let g = game();
        let flat = g.figures(|_| 1.0);
        let mean: f64 = g.rows.iter().map(|r| r.share * r.ev).sum();
        let square: f64 = g.rows.iter().map(|r| r.share * r.second_moment).sum();
        assert!((g.rows.iter().map(|r| r.share).sum::<f64>() - 1.0).abs() < 1e-12);
        assert!((flat.measures.ev - mean).abs() < 1e-15);
        assert!((flat.measures.sd - (square - mean * mean).sqrt()).abs() < 1e-15);
        assert!((flat.avg_bet - 1.0).abs() < 1e-12);
        // Doubling every bet doubles the mean and the spread, and leaves the advantage.
        let double = g.figures(|_| 2.0);
        assert!((double.measures.ev - 2.0 * mean).abs() < 1e-15);
        assert!((double.iba() - flat.iba()).abs() < 1e-15);
    }

    #[test]
    fn the_planned_ramp_keeps_within_the_risk_and_the_spread_and_never_falls() {
        let g = game();
        for bankroll in [1000.0, 2000.0, 8000.0] {
            let p = plan(&g, &inputs(bankroll, Risk::OfRuin(0.135))).expect("a plan");
            let risk = p.figures.measures.risk_of_ruin(bankroll);
            assert!(p.met && risk <= 0.135, "{bankroll}: {risk}");
            let bets = p.ramp.bets();
            assert!(bets.windows(2).all(|w| w[0] <= w[1]), "{bets:?}");
            assert!(bets.iter().all(|&b| (1..=12).contains(&b)), "{bets:?}");
            assert_eq!(p.ramp.bet(0), 1, "a losing count bets the minimum");
        }
    }

    /// Ramps within 1–`spread` in whole units that never fall, drawn by a seeded
    /// xorshift: up to nine steps.
    fn drawn_ramps(spread: u32, n: usize) -> Vec<BetRamp> {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move |below: u32| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % u64::from(below)) as u32
        };
        (0..n)
            .map(|_| {
                let steps = 1 + next(9) as usize;
                let mut bets: Vec<u32> = (0..steps).map(|_| 1 + next(spread)).collect();
                bets.sort_unstable();
                BetRamp::new(bets).expect("a ramp")
            })
            .collect()
    }

    #[test]
    fn the_spreads_best_ramp_scores_at_least_every_other_ramp_of_the_spread() {
        let g = game();
        for spread in [4, 8, 12, 20] {
            let p = plan(&g, &PlanInputs { spread, ..inputs(400.0, Risk::OfRuin(0.135)) })
                .expect("a plan");
            let best = p.best.score();
            let others =
                p.compared.iter().map(|c| c.rated.ramp.clone()).chain(drawn_ramps(spread, 3000));
            for ramp in others {
                // SCORE carries the sign of the win: a losing ramp ranks last.
                let score = ramp_figures(&g, &ramp).measures.score();
                assert!(score <= best + 1e-9, "{spread}: {ramp} {score} above {best}");
            }
            assert!(best >= p.figures.measures.score());
        }
    }

    #[test]
    fn the_plan_scores_at_least_every_compared_ramp_within_the_risk() {
        let g = game();
        for bankroll in [400.0, 800.0, 1500.0, 3000.0] {
            let p = plan(&g, &inputs(bankroll, Risk::OfRuin(0.135))).expect("a plan");
            assert!(p.met, "{bankroll}");
            let mut within = 0;
            let ramps = p.compared.iter().map(|c| c.rated.ramp.clone());
            for ramp in ramps.chain(drawn_ramps(12, 3000)) {
                let other = ramp_figures(&g, &ramp).measures;
                if other.risk_of_ruin(bankroll) <= 0.135 {
                    within += 1;
                    assert!(
                        other.score() <= p.figures.measures.score() + 1e-9,
                        "{bankroll}: {ramp} scores {} within the risk, the plan {} {}",
                        other.score(),
                        p.ramp,
                        p.figures.measures.score()
                    );
                }
            }
            assert!(within > 0, "{bankroll}: some ramp is within the risk");
        }
    }

    #[test]
    fn a_bankroll_that_carries_the_best_ramp_plays_it_at_a_larger_unit() {
        let g = game();
        let small = plan(&g, &inputs(400.0, Risk::OfRuin(0.135))).expect("a plan");
        let needed = small.best.bankroll_for(0.135).expect("a winning ramp");
        assert!(!small.is_best() && needed > 400.0, "{needed}");
        // The linear ramp scores more than the plan but is beyond the risk at 400.
        let linear = ramp_figures(&g, &BetRamp::new(vec![1, 2, 4, 6, 8, 10, 12]).expect("a ramp"));
        assert!(linear.measures.risk_of_ruin(400.0) > 0.135);
        let rich = plan(&g, &inputs(3.0 * needed, Risk::OfRuin(0.135))).expect("a plan");
        assert!(rich.is_best(), "{} against {}", rich.ramp, rich.best.ramp);
        assert_eq!(rich.best.unit_at(3.0 * needed, 0.135), Some(3));
        assert!(rich.figures.measures.risk_of_ruin(3.0 * needed) < 0.135 / 10.0);
    }

    #[test]
    fn full_kelly_without_caps_risks_e_to_the_minus_two() {
        let g = game();
        let uncapped =
            PlanInputs { spread: MAX_RAMP_BET, chip: 1, ..inputs(100_000.0, Risk::Kelly(1.0)) };
        let p = plan(&g, &uncapped).expect("a plan");
        // Rounding to whole units and the minimum bet at losing counts move it a little.
        let risk = p.figures.measures.risk_of_ruin(100_000.0);
        assert!((risk - (-2.0f64).exp()).abs() < 0.02, "{risk}");
    }

    #[test]
    fn a_back_counter_plays_by_the_rule_and_by_the_simulation_between() {
        let g = game();
        // Between the exit (0) and the entry (+2): a simulation that played 1 round of 4 at +1
        // and none of the 2 dealt at 0.
        let mut between = TripTally::default();
        for (tc, played) in [(1, true), (1, false), (1, false), (1, false), (0, false)] {
            if played {
                between.rounds.record(tc, 1, 0);
            } else {
                between.watched.record(tc, 0, 0);
            }
        }
        let wong = Wong { enter: 2, leave: 0 };
        let backed = g.backcounted(wong, &between);
        let share = |tc: i32| backed.rows.iter().find(|r| r.tc == tc).map(|r| r.played);
        assert_eq!(
            (share(-1), share(0), share(1), share(2), share(6)),
            (Some(0.0), Some(0.0), Some(0.25), Some(1.0), Some(1.0))
        );
        let f = backed.figures(|tc| if tc >= 2 { 4.0 } else { 1.0 });
        let played: f64 = g.rows.iter().map(|r| r.share * share(r.tc).unwrap_or(0.0)).sum();
        assert!((f.played - played).abs() < 1e-12);
        // Per round seen, the watched rounds add nothing; per round played, the mean is that
        // over the played share, and the advantage is the same measured either way.
        let mean: f64 = g
            .rows
            .iter()
            .map(|r| {
                let b = if r.tc >= 2 { 4.0 } else { 1.0 };
                r.share * share(r.tc).unwrap_or(0.0) * b * r.ev
            })
            .sum();
        assert!((f.measures.ev - mean).abs() < 1e-15);
        assert!((f.per_played().ev - mean / played).abs() < 1e-12);
        assert!((f.iba() - f.per_played().ev / f.avg_bet).abs() < 1e-12);
        // Backing off the losing counts wins more per round played than playing them.
        let all = g.figures(|tc| if tc >= 2 { 4.0 } else { 1.0 });
        assert!(f.per_played().ev > all.measures.ev);
        // The risk of ruin for ever hardly depends on how many rounds are watched (only by
        // the square of the mean, which the watched rounds spread: far below a per mille).
        let b = 500.0;
        let (seen, played) = (f.measures.risk_of_ruin(b), f.per_played().risk_of_ruin(b));
        assert!((seen.ln() / played.ln() - 1.0).abs() < 1e-3, "{seen} {played}");
    }

    #[test]
    fn a_bankroll_too_small_for_the_target_says_so() {
        let g = game();
        let p = plan(&g, &inputs(5.0, Risk::OfRuin(0.01))).expect("a plan");
        assert!(!p.met);
        assert_eq!(plan(&g, &inputs(-1.0, Risk::OfRuin(0.1))), Err(PlanError::Bankroll(-1.0)));
        assert_eq!(plan(&g, &inputs(100.0, Risk::OfRuin(1.5))), Err(PlanError::RiskRange));
    }
}
