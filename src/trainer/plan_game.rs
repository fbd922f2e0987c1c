//! Working out the game the planner ([`super::plan`]) plans for: this game's exact edge by true
//! count (`blackjack indices`), a flat-bet counting simulation for the variances, and for a
//! back-counter a back-counting simulation for the share played at the counts between its exit
//! and its entry. The exact part is computed once per rules (and memoised by the analysis);
//! the simulations are what a change of rounds, seed or back-counting pays for again.

use std::sync::atomic::AtomicBool;

use super::plan::GameByCount;
use crate::ai::{Hard, hard_chart};
use crate::analysis::deviation::IndexTable;
use crate::analysis::indices::{Game, report};
use crate::engine::{ActionError, Rules};
use crate::sim::count::{BetRamp, CountConfig, Counter, run_counting};
use crate::sim::trips::{TripConfig, Wong, run_trips};

/// The seed of the simulations when none is given.
pub const DEFAULT_PLAN_SEED: u64 = 2026;

/// Rounds of the simulations the planner page at the table runs ([`table_model`]).
pub const TABLE_SIM_ROUNDS: u64 = 1_000_000;

/// Rounds of each trip of the back-counting simulation (its trips follow one another in a
/// chunk's shoe, so their length matters only for where a session starts watched).
const WONG_TRIP_ROUNDS: u64 = 10_000;

/// How the simulations run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SimSettings {
    /// Rounds of each simulation.
    pub rounds: u64,
    /// Their seed.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub threads: usize,
}

/// The game by count without back-counting, with what a back-counting run needs.
#[derive(Debug, Clone)]
pub struct PlanModel {
    /// The game by count, every round played.
    pub game: GameByCount,
    /// The true counts whose shares and returns are exact, lowest and highest.
    pub exact_range: (i32, i32),
    /// This game's index table, which the simulated counter plays.
    pub indices: IndexTable,
    /// How the simulations ran.
    pub sim: SimSettings,
}

/// Works out the model of `rules`: the exact analysis (once per rules) and the flat-bet
/// counting simulation, with this game's index plays so its rounds are those the exact edge
/// describes.
pub fn work_out_model(
    rules: &Rules,
    sim: SimSettings,
    stop: &AtomicBool,
) -> Result<PlanModel, ActionError> {
    let exact = report(rules, Game::NoHoleCard, sim.threads);
    crate::analysis::strategy::basic_strategy_on(rules, 1);
    let counter = Counter::new(Hard::new(hard_chart(rules)), &exact.table, BetRamp::flat());
    let config = CountConfig {
        rounds: sim.rounds,
        seed: sim.seed,
        threads: sim.threads,
        penetration: rules.penetration,
    };
    let simulated = run_counting(rules, &counter, &config, &|_| {}, stop)?;
    Ok(PlanModel {
        game: GameByCount::new(&exact.edge_by_tc, &simulated.tally),
        exact_range: (
            exact.edge_by_tc.first().map_or(0, |e| e.tc),
            exact.edge_by_tc.last().map_or(0, |e| e.tc),
        ),
        indices: exact.table.clone(),
        sim,
    })
}

/// The model the planner page at the table plans in: [`TABLE_SIM_ROUNDS`] simulated rounds of
/// seed [`DEFAULT_PLAN_SEED`] on every core; the reason in words if the engine stopped.
pub fn table_model(rules: &Rules) -> Result<PlanModel, String> {
    let sim = SimSettings {
        rounds: TABLE_SIM_ROUNDS,
        seed: DEFAULT_PLAN_SEED,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    work_out_model(rules, sim, &AtomicBool::new(false))
        .map_err(|_| "The planner's simulation stopped on an engine error.".to_owned())
}

impl PlanModel {
    /// The game back-counted by `wong`. A back-counting simulation is run only when the exit
    /// is below the entry (else every count's share played follows from the rule).
    pub fn backcounted(
        &self,
        rules: &Rules,
        wong: Wong,
        stop: &AtomicBool,
    ) -> Result<GameByCount, ActionError> {
        if wong.leave >= wong.enter {
            return Ok(self
                .game
                .backcounted(wong, &crate::sim::trips::TripTally::default()));
        }
        let counter = Counter::new(Hard::new(hard_chart(rules)), &self.indices, BetRamp::flat());
        let config = TripConfig {
            trips: self.sim.rounds.div_ceil(WONG_TRIP_ROUNDS).max(1),
            rounds: WONG_TRIP_ROUNDS,
            // Ruin is not looked for.
            bankroll: f64::INFINITY,
            seed: self.sim.seed,
            threads: self.sim.threads,
            penetration: rules.penetration,
            wong: Some(wong),
        };
        let trips = run_trips(rules, &counter, &config, stop)?;
        Ok(self.game.backcounted(wong, &trips))
    }
}
