//! Trips: a counter's bankroll followed round by round, to count how often it is lost — the
//! simulated check of the planner's risk of ruin ([`crate::trainer::plan`]).
//!
//! Chunks are dealt as the counting simulator deals them; a chunk's trips follow one another
//! in its shoe. Every trip plays all its rounds (so the tally is unbiased) and is *ruined* if
//! its result fell to minus the bankroll at the end of any round. With a [`Wong`], a watched
//! round is dealt and played all the same and counts among the trip's rounds, not its money.

use std::sync::atomic::AtomicBool;

use super::count::{CountTally, CountedPlay, Counter, counted_table};
use super::{ChunkResult, ShoeMode, chunk_rng, rules_for, run_chunks};
use crate::engine::{ActionError, Rules};

/// Back-counting: when a counter plays and when it only watches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Wong {
    /// Start playing when the floored true count before a deal is at least this.
    pub enter: i32,
    /// Once playing, stop when the floored true count before a deal is below this.
    pub leave: i32,
}

impl Wong {
    /// Whether the counter plays the next round, at floored true count `tc`, having played
    /// the last one (`was_in`); a new shoe (`new_shoe`) starts watched.
    pub fn plays(self, was_in: bool, tc: i32, new_shoe: bool) -> bool {
        if was_in && !new_shoe { tc >= self.leave } else { tc >= self.enter }
    }
}

/// What a run of trips plays.
#[derive(Debug, Clone, PartialEq)]
pub struct TripConfig {
    /// How many trips.
    pub trips: u64,
    /// Rounds in each trip.
    pub rounds: u64,
    /// The bankroll of each trip, in units of the ramp.
    pub bankroll: f64,
    /// Seed of the whole run.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Cut-card penetration (0.25–1.0).
    pub penetration: f64,
    /// Back-counting, if the counter wongs in and out.
    pub wong: Option<Wong>,
}

/// What the trips came to.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TripTally {
    /// Trips played.
    pub trips: u64,
    /// Trips whose result fell to minus the bankroll.
    pub ruined: u64,
    /// Every round played in every trip.
    pub rounds: CountTally,
    /// The rounds watched, not played, by a back-counter: their counts only (each recorded at
    /// a bet and a result of 0).
    pub watched: CountTally,
}

impl TripTally {
    /// The share of trips ruined.
    pub fn ruin_share(&self) -> f64 {
        self.ruined as f64 / self.trips.max(1) as f64
    }

    /// The share of the rounds seen that were played.
    pub fn played_share(&self) -> f64 {
        let seen = self.rounds.rounds + self.watched.rounds;
        self.rounds.rounds as f64 / seen.max(1) as f64
    }

    /// The standard error of [`TripTally::ruin_share`] (binomial).
    pub fn ruin_std_error(&self) -> f64 {
        let p = self.ruin_share();
        (p * (1.0 - p) / self.trips.max(1) as f64).sqrt()
    }
}

impl ChunkResult for TripTally {
    fn absorb(&mut self, later: &TripTally) {
        self.trips += later.trips;
        self.ruined += later.ruined;
        self.rounds.absorb(&later.rounds);
        self.watched.absorb(&later.watched);
    }
}

/// Plays `config.trips` trips of `config.rounds` counted rounds each.
pub fn run_trips(
    rules: &Rules,
    counter: &Counter,
    config: &TripConfig,
    stop: &AtomicBool,
) -> Result<TripTally, ActionError> {
    let rules = rules_for(rules, ShoeMode::CutCard(config.penetration));
    // The bankroll in the tally's milli-units.
    let floor = -(config.bankroll * 1000.0).round() as i128;
    let play = |chunk, trips| {
        let mut table =
            counted_table(rules.clone(), chunk_rng(config.seed, chunk), counter.system());
        let counted = CountedPlay::new(counter, table.shoe().size());
        let mut tally = TripTally::default();
        for _ in 0..trips {
            let start = tally.rounds.net_milli;
            let mut ruined = false;
            let mut playing = false;
            for _ in 0..config.rounds {
                let mut seen = None;
                playing =
                    counted.round_if(&mut table, &mut tally.rounds, &mut |tc, new_shoe| {
                        let plays =
                            config.wong.is_none_or(|wong| wong.plays(playing, tc, new_shoe));
                        if !plays {
                            seen = Some(tc);
                        }
                        plays
                    })?;
                if let Some(tc) = seen {
                    tally.watched.record(tc, 0, 0);
                }
                ruined |= tally.rounds.net_milli - start <= floor;
            }
            tally.trips += 1;
            tally.ruined += u64::from(ruined);
        }
        Ok(tally)
    };
    let tally = run_chunks(config.trips, config.threads, &play, &|_| {}, stop)?.tally;
    Ok(tally)
}
