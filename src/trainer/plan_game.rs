//! Working out the game the planner ([`super::plan`]) plans for, in a count: this game's exact
//! edge by true count, a flat-bet simulation for the variances and, for a back-counter, a
//! back-counting simulation for the share played. The exact part is memoised by the analysis;
//! the simulations are what a change of rounds, seed or back-counting pays for again.
//!
//! A ramp is a bet for each floored true count, so an unbalanced count (KO, Red 7), read by a
//! running count whose meaning moves with the cards left, is refused ([`plannable`]).

use std::sync::atomic::AtomicBool;

use super::plan::GameByCount;
use crate::ai::{Hard, hard_chart};
use crate::analysis::counts::{BUILT_IN, CountSystem};
use crate::analysis::deviation::IndexTable;
use crate::analysis::indices::{Game, report_for};
use crate::engine::{ActionError, Rules};
use crate::sim::count::{BetRamp, CountConfig, Counter, run_counting};
use crate::sim::trips::{TripConfig, Wong, run_trips};

/// The seed of the simulations when none is given.
pub const DEFAULT_PLAN_SEED: u64 = 2026;

/// Rounds of the simulations the planner page at the table runs ([`table_model`]).
pub const TABLE_SIM_ROUNDS: u64 = 1_000_000;

/// Rounds of each trip of the back-counting simulation (trips follow one another in a shoe:
/// their length matters only for where a session starts watched).
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

/// Whether the planner can plan a ramp for `system` (a balanced count); else why not.
pub fn plannable(system: &CountSystem) -> Result<(), String> {
    if system.is_balanced() && !system.needs_suits() {
        return Ok(());
    }
    let balanced: Vec<&str> =
        BUILT_IN.iter().filter(|s| s.is_balanced()).map(|s| s.key.as_ref()).collect();
    let why = if system.is_balanced() {
        "counts red sevens apart from black ones, which the counting simulator does not read"
    } else {
        "is unbalanced (read by its running count)"
    };
    Err(format!(
        "the planner plans a ramp by true count, and {} {why}: plan a balanced count — {} — or \
         a balanced count of your own",
        system.name,
        balanced.join(", ")
    ))
}

/// The game by count without back-counting, with what a back-counting run needs.
#[derive(Debug, Clone)]
pub struct PlanModel {
    /// The count planned in: the ramp is by its floored true count.
    pub system: CountSystem,
    /// The game by count, every round played.
    pub game: GameByCount,
    /// The true counts whose shares and returns are exact, lowest and highest.
    pub exact_range: (i32, i32),
    /// This game's index table, which the simulated counter plays.
    pub indices: IndexTable,
    /// How the simulations ran.
    pub sim: SimSettings,
}

/// Works out the model of `rules` in the balanced count `system`: the exact analysis and a
/// flat-bet counting simulation playing this game's index plays, as the exact edge does.
pub fn work_out_model(
    rules: &Rules,
    system: &CountSystem,
    sim: SimSettings,
    stop: &AtomicBool,
) -> Result<PlanModel, ActionError> {
    let exact = report_for(rules, Game::NoHoleCard, system, sim.threads);
    crate::analysis::strategy::basic_strategy_on(rules, 1);
    let counter = Counter::new(Hard::new(hard_chart(rules)), &exact.table, BetRamp::flat())
        .with_system(system.clone(), rules.decks);
    let config = CountConfig {
        rounds: sim.rounds,
        seed: sim.seed,
        threads: sim.threads,
        penetration: rules.penetration,
    };
    let simulated = run_counting(rules, &counter, &config, &|_| {}, stop)?;
    Ok(PlanModel {
        system: system.clone(),
        game: GameByCount::new(&exact.edge_by_tc, &simulated.tally),
        exact_range: (
            exact.edge_by_tc.first().map_or(0, |e| e.tc),
            exact.edge_by_tc.last().map_or(0, |e| e.tc),
        ),
        indices: exact.table.clone(),
        sim,
    })
}

/// The model the table's planner page plans in, in the table's count `system` (on every
/// core); the reason in words if the count cannot be planned or the engine stopped.
pub fn table_model(rules: &Rules, system: &CountSystem) -> Result<PlanModel, String> {
    plannable(system).map_err(|why| format!("No plan: {why}."))?;
    let sim = SimSettings {
        rounds: TABLE_SIM_ROUNDS,
        seed: DEFAULT_PLAN_SEED,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    work_out_model(rules, system, sim, &AtomicBool::new(false))
        .map_err(|_| "The planner's simulation stopped on an engine error.".to_owned())
}

impl PlanModel {
    /// The game back-counted by `wong`, simulated only when the exit is below the entry (else
    /// every share played follows from the rule).
    pub fn backcounted(
        &self,
        rules: &Rules,
        wong: Wong,
        stop: &AtomicBool,
    ) -> Result<GameByCount, ActionError> {
        if wong.leave >= wong.enter {
            return Ok(self.game.backcounted(wong, &crate::sim::trips::TripTally::default()));
        }
        let counter = Counter::new(Hard::new(hard_chart(rules)), &self.indices, BetRamp::flat())
            .with_system(self.system.clone(), rules.decks);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn balanced_counts_are_planned_and_unbalanced_ones_refused_with_the_counts_that_are() {
        for system in &BUILT_IN {
            let planned = plannable(system);
            assert_eq!(planned.is_ok(), system.is_balanced(), "{}", system.key);
            if let Err(why) = planned {
                assert!(
                    why.contains(&format!("{} is unbalanced", system.name))
                        && why.contains("hilo, hiopt1")
                        && !why.contains("ko,"),
                    "{why}"
                );
            }
        }
    }
}
