//! Headless play of many rounds for one seat, for checks and benchmarks.
//!
//! The simulator drives the real [`Table`] — the same state machine the terminal table plays —
//! with a [`Strategy`], keeping no events ([`NoEvents`]). Work is cut into chunks of
//! [`CHUNK_ROUNDS`] rounds; chunk `i` is played at its own table with its own ChaCha stream
//! (key from the seed, stream number `i`), so a chunk's result depends on the seed and `i`
//! only. Worker threads take chunks from an atomic counter, so a busy core does not stall the
//! run, and the integer tallies are merged in chunk order: the same seed gives the same result
//! to the last digit whatever the number of threads.

pub use crate::trainer::tally::Tally;

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};

use crate::ai::Strategy;
use crate::engine::{ActionError, EventSink, GameRng, NoEvents, Rules, Table};

/// Rounds per chunk: large enough that taking a chunk costs nothing, small enough that two
/// threads share even a short run fairly.
pub const CHUNK_ROUNDS: u64 = 1 << 16;

/// When the shoe is reshuffled.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ShoeMode {
    /// At the cut card, placed at this fraction of the shoe (0.25–1.0).
    CutCard(f64),
    /// Before every round: every round is dealt from a full shoe.
    Fresh,
}

/// What to simulate.
#[derive(Debug, Clone, PartialEq)]
pub struct SimConfig {
    /// Rounds to play.
    pub rounds: u64,
    /// Seed of the whole run.
    pub seed: u64,
    /// Worker threads (at least 1; no more are started than there are chunks).
    pub threads: usize,
    /// When to reshuffle.
    pub shoe: ShoeMode,
}

/// The result of a run.
#[derive(Debug, Clone, PartialEq)]
pub struct SimReport {
    /// The counters, merged over all chunks.
    pub tally: Tally,
    /// Worker threads used.
    pub threads: usize,
    /// Wall-clock time of the run.
    pub wall: Duration,
    /// CPU time the process spent during the run (all threads), where the platform tells.
    pub cpu: Option<Duration>,
}

impl SimReport {
    /// Rounds per second of wall-clock time (the throughput of all threads together).
    pub fn rounds_per_sec(&self) -> f64 {
        self.tally.rounds as f64 / self.wall.as_secs_f64().max(1e-9)
    }

    /// Rounds per second of CPU time (the speed of one core), if CPU time is known.
    pub fn rounds_per_cpu_sec(&self) -> Option<f64> {
        self.cpu
            .map(|cpu| self.tally.rounds as f64 / cpu.as_secs_f64().max(1e-9))
    }
}

/// The rules a simulation plays: `rules` with the shoe mode's cut card.
pub fn rules_for(rules: &Rules, shoe: ShoeMode) -> Rules {
    let mut rules = rules.clone();
    rules.penetration = match shoe {
        ShoeMode::CutCard(p) => p,
        // The shoe keeps its cut card at least one card deep, so a zero penetration means
        // the cut card is reached by the first card of every round: a reshuffle before each.
        ShoeMode::Fresh => 0.0,
    };
    rules
}

/// The RNG of chunk `chunk` of a run seeded with `seed`: one ChaCha8 stream per chunk.
pub fn chunk_rng(seed: u64, chunk: u64) -> GameRng {
    let mut rng = GameRng::seed_from_u64(seed);
    rng.set_stream(chunk);
    rng
}

/// A table for simulating: one seat, keeping no events.
pub fn sim_table<R: Rng>(rules: Rules, rng: R) -> Table<R, NoEvents> {
    Table::with_events(rules, 1, rng, NoEvents)
}

/// Plays one round for seat 0 with `strategy` and counts it.
#[inline]
pub fn play_round<R: Rng, L: EventSink, S: Strategy + ?Sized>(
    table: &mut Table<R, L>,
    strategy: &S,
    tally: &mut Tally,
) -> Result<(), ActionError> {
    table.start_round()?;
    while let Some((seat, _)) = table.active() {
        let action = strategy.decide(&table.view(seat));
        table.act(seat, action)?;
    }
    table.play_dealer()?;
    tally.record_round(table.seats()[0].hands(), table.dealer());
    Ok(())
}

/// Plays `rounds` rounds at `table`, adding them to `tally`.
pub fn play_rounds<R: Rng, L: EventSink, S: Strategy + ?Sized>(
    table: &mut Table<R, L>,
    strategy: &S,
    rounds: u64,
    tally: &mut Tally,
) -> Result<(), ActionError> {
    for _ in 0..rounds {
        play_round(table, strategy, tally)?;
    }
    Ok(())
}

/// Plays chunk `chunk` of a run (`rounds` rounds) at a fresh table of its own.
pub fn play_chunk<S: Strategy + ?Sized>(
    rules: &Rules,
    strategy: &S,
    seed: u64,
    chunk: u64,
    rounds: u64,
) -> Result<Tally, ActionError> {
    let mut table = sim_table(rules.clone(), chunk_rng(seed, chunk));
    let mut tally = Tally::default();
    play_rounds(&mut table, strategy, rounds, &mut tally)?;
    Ok(tally)
}

/// Runs a whole simulation on `config.threads` threads; `progress` is called (from the
/// workers) with the rounds of each finished chunk.
pub fn run<S: Strategy + Sync + ?Sized>(
    rules: &Rules,
    strategy: &S,
    config: &SimConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<SimReport, ActionError> {
    let rules = rules_for(rules, config.shoe);
    let chunks = config.rounds.div_ceil(CHUNK_ROUNDS);
    let threads = config
        .threads
        .clamp(1, usize::try_from(chunks.max(1)).unwrap_or(usize::MAX));
    let next = AtomicU64::new(0);
    let results: Mutex<Vec<(u64, Result<Tally, ActionError>)>> =
        Mutex::new(Vec::with_capacity(usize::try_from(chunks).unwrap_or(0)));
    let cpu_start = process_cpu_time();
    let wall_start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut mine = Vec::new();
                loop {
                    let chunk = next.fetch_add(1, Ordering::Relaxed);
                    if chunk >= chunks {
                        break;
                    }
                    let start = chunk * CHUNK_ROUNDS;
                    let rounds = CHUNK_ROUNDS.min(config.rounds - start);
                    let result = play_chunk(&rules, strategy, config.seed, chunk, rounds);
                    let failed = result.is_err();
                    mine.push((chunk, result));
                    progress(rounds);
                    if failed {
                        break;
                    }
                }
                results
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner())
                    .extend(mine);
            });
        }
    });
    let wall = wall_start.elapsed();
    let cpu = process_cpu_time()
        .zip(cpu_start)
        .map(|(end, start)| end.saturating_sub(start));
    let mut results = results
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    results.sort_by_key(|&(chunk, _)| chunk);
    let mut tally = Tally::default();
    for (_, result) in results {
        tally.absorb(&result?);
    }
    Ok(SimReport {
        tally,
        threads,
        wall,
        cpu,
    })
}

/// CPU time used by this process so far, all threads together.
#[cfg(unix)]
pub fn process_cpu_time() -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the call only writes it.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| {
        Duration::new(
            u64::try_from(ts.tv_sec).unwrap_or(0),
            u32::try_from(ts.tv_nsec).unwrap_or(0),
        )
    })
}

/// CPU time used by this process so far: not known on this platform.
#[cfg(not(unix))]
pub fn process_cpu_time() -> Option<Duration> {
    None
}
