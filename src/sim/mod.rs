//! Headless play of many rounds for one seat, for checks and benchmarks.
//!
//! The simulator drives the real [`Table`] with a [`Strategy`], keeping no events and no count
//! ([`flat_table`]). Chunk `i` of [`CHUNK_ROUNDS`] rounds is played at its own table with
//! ChaCha stream `i` of the seed; threads take chunks from an atomic counter, and the integer
//! tallies are merged in chunk order ([`OrderedMerge`], a bounded window of early finishers):
//! the same seed gives the same digits whatever the threads, in memory that does not grow.

pub mod count;
pub mod measures;
mod round_tally;
pub mod trips;

pub use round_tally::RoundTally;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};

use crate::ai::Strategy;
use crate::engine::{
    Action, ActionError, ActionSet, Cards, EventSink, GameRng, NoEvents, Rules, Table, Uncounted,
    Value,
};

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

/// The result of a run of chunks.
#[derive(Debug, Clone, PartialEq)]
pub struct RunReport<T> {
    /// The counters, merged over all chunks.
    pub tally: T,
    /// Worker threads used.
    pub threads: usize,
    /// Wall-clock time of the run.
    pub wall: Duration,
    /// CPU time the process spent during the run (all threads), where the platform tells.
    pub cpu: Option<Duration>,
}

/// The result of a flat run.
pub type SimReport = RunReport<RoundTally>;

/// A tally that counts its rounds.
pub trait Rounds {
    /// The rounds counted.
    fn rounds(&self) -> u64;
}

impl<T: Rounds> RunReport<T> {
    /// Rounds per second of wall-clock time (the throughput of all threads together).
    pub fn rounds_per_sec(&self) -> f64 {
        self.tally.rounds() as f64 / self.wall.as_secs_f64().max(1e-9)
    }

    /// Rounds per second of CPU time (the speed of one core), if CPU time is known.
    pub fn rounds_per_cpu_sec(&self) -> Option<f64> {
        self.cpu.map(|cpu| self.tally.rounds() as f64 / cpu.as_secs_f64().max(1e-9))
    }
}

/// The rules a simulation plays: `rules` with the shoe mode's cut card.
pub fn rules_for(rules: &Rules, shoe: ShoeMode) -> Rules {
    let mut rules = rules.clone();
    rules.penetration = match shoe {
        ShoeMode::CutCard(p) => p,
        // The cut card stays at least one card deep: a reshuffle before every round.
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

/// A table for simulating: one seat, keeping no events but the count of the cards seen.
pub fn sim_table<R: Rng>(rules: Rules, rng: R) -> Table<R, NoEvents> {
    Table::with_events(rules, 1, rng, NoEvents)
}

/// The flat simulator's table: one seat, keeping no events and no count ([`Uncounted`]).
pub fn flat_table<R: Rng>(rules: Rules, rng: R) -> Table<R, Uncounted> {
    Table::with_events(rules, 1, rng, Uncounted)
}

/// Plays one round for seat 0 with `strategy` and counts it: what [`crate::ai::take_turn`]
/// plays, without building the seat's view (a test compares the two over many seeds).
#[inline]
pub fn play_round<R: Rng, L: EventSink, S: Strategy + ?Sized>(
    table: &mut Table<R, L>,
    strategy: &S,
    tally: &mut RoundTally,
) -> Result<(), ActionError> {
    table.play_round(|_, cards, up, legal| decide_legal(strategy, cards, up, legal))?;
    tally.record_round(table.seats()[0].hands(), table.dealer());
    Ok(())
}

/// The action `strategy` takes for a hand: its own if legal, else the nearest legal one.
#[inline(always)]
pub(crate) fn decide_legal<S: Strategy + ?Sized>(
    strategy: &S,
    cards: &Cards,
    up: Value,
    legal: ActionSet,
) -> Action {
    crate::ai::legal_or_fallback(strategy.decide_hand(cards, up, legal), legal)
}

/// Plays `rounds` rounds at `table`, adding them to `tally`.
pub fn play_rounds<R: Rng, L: EventSink, S: Strategy + ?Sized>(
    table: &mut Table<R, L>,
    strategy: &S,
    rounds: u64,
    tally: &mut RoundTally,
) -> Result<(), ActionError> {
    for _ in 0..rounds {
        play_round(table, strategy, tally)?;
    }
    Ok(())
}

/// Finished chunks that may wait for an earlier one, per worker thread: memory stays bounded.
pub const MERGE_WINDOW_PER_THREAD: u64 = 16;

/// The chunks that may be finished but not yet merged in a run on `threads` threads.
pub fn merge_window(threads: usize) -> u64 {
    let threads = u64::try_from(threads).unwrap_or(u64::MAX).max(4);
    MERGE_WINDOW_PER_THREAD.saturating_mul(threads)
}

/// What a chunk of a run adds up to, merged in chunk order: integers, so exactly.
pub trait ChunkResult: Default + Send {
    /// Adds the result of a later chunk to this one.
    fn absorb(&mut self, later: &Self);
}

impl ChunkResult for RoundTally {
    fn absorb(&mut self, later: &RoundTally) {
        RoundTally::absorb(self, later);
    }
}

impl Rounds for RoundTally {
    fn rounds(&self) -> u64 {
        self.rounds
    }
}

/// Chunk results merged in chunk order whatever order they finish in (an early one waits);
/// the earliest failed chunk stops the merge, and its error is reported.
#[derive(Debug, Default)]
pub struct OrderedMerge<T = RoundTally> {
    /// The next chunk to merge: chunks `0..next` are merged.
    next: u64,
    /// Finished chunks after `next`, waiting for it.
    waiting: std::collections::BTreeMap<u64, T>,
    tally: T,
    /// The earliest chunk that failed, and how.
    error: Option<(u64, ActionError)>,
}

impl<T: ChunkResult> OrderedMerge<T> {
    /// Takes in the result of chunk `chunk`, merged with those waiting once all before are in.
    pub fn add(&mut self, chunk: u64, result: Result<T, ActionError>) {
        match result {
            Err(err) => {
                if self.error.is_none_or(|(first, _)| chunk < first) {
                    self.error = Some((chunk, err));
                    self.waiting.split_off(&chunk);
                }
            }
            Ok(_) if self.error.is_some_and(|(first, _)| chunk > first) => {}
            Ok(tally) if chunk == self.next => {
                self.tally.absorb(&tally);
                self.next += 1;
                while let Some(tally) = self.waiting.remove(&self.next) {
                    self.tally.absorb(&tally);
                    self.next += 1;
                }
            }
            Ok(tally) => {
                self.waiting.insert(chunk, tally);
            }
        }
    }

    /// The number of chunks merged (chunks `0..merged()`).
    pub fn merged(&self) -> u64 {
        self.next
    }

    /// The merged result, or the earliest chunk's error.
    pub fn finish(self) -> Result<T, ActionError> {
        match self.error {
            Some((_, err)) => Err(err),
            None => Ok(self.tally),
        }
    }
}

/// Runs a whole simulation on `config.threads` threads; `progress` is called (from the
/// workers) with the rounds of each finished chunk.
pub fn run<S: Strategy + Sync + ?Sized>(
    rules: &Rules,
    strategy: &S,
    config: &SimConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<SimReport, ActionError> {
    run_until(rules, strategy, config, progress, &AtomicBool::new(false))
}

/// [`run`], stopping early once `stop` is set: the report counts chunks `0..k`, as a run of
/// that many rounds with the same seed.
pub fn run_until<S: Strategy + Sync + ?Sized>(
    rules: &Rules,
    strategy: &S,
    config: &SimConfig,
    progress: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Result<SimReport, ActionError> {
    let rules = rules_for(rules, config.shoe);
    let play = |chunk, rounds| {
        let mut table = flat_table(rules.clone(), chunk_rng(config.seed, chunk));
        let mut tally = RoundTally::default();
        play_rounds(&mut table, strategy, rounds, &mut tally)?;
        Ok(tally)
    };
    run_chunks(config.rounds, config.threads, &play, progress, stop)
}

/// Plays `rounds` rounds in chunks of [`CHUNK_ROUNDS`] on `threads` threads, `play(chunk,
/// rounds)` playing one chunk on its own; `progress` hears each finished chunk's rounds; once
/// `stop` is set no chunk starts. A worker waits rather than run more than [`merge_window`]
/// chunks ahead of the first not yet merged.
pub fn run_chunks<T, F>(
    rounds: u64,
    threads: usize,
    play: &F,
    progress: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Result<RunReport<T>, ActionError>
where
    T: ChunkResult,
    F: Fn(u64, u64) -> Result<T, ActionError> + Sync,
{
    let chunks = rounds.div_ceil(CHUNK_ROUNDS);
    let threads = threads.clamp(1, usize::try_from(chunks.max(1)).unwrap_or(usize::MAX));
    let window = merge_window(threads);
    let next = AtomicU64::new(0);
    // Chunks after the earliest failed one are not started.
    let last = AtomicU64::new(u64::MAX);
    let merge = Mutex::new(OrderedMerge::<T>::default());
    let merged = Condvar::new();
    let lock = || merge.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let cpu_start = process_cpu_time();
    let wall_start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    // A chunk taken is played (unless after a failed one): the first chunk not
                    // yet merged is always under way, so no worker waits for ever.
                    let chunk = next.fetch_add(1, Ordering::Relaxed);
                    if chunk >= chunks {
                        break;
                    }
                    let mut state = lock();
                    while chunk >= state.merged() + window && chunk <= last.load(Ordering::Relaxed)
                    {
                        state = merged.wait(state).unwrap_or_else(|poisoned| poisoned.into_inner());
                    }
                    drop(state);
                    if chunk > last.load(Ordering::Relaxed) {
                        break;
                    }
                    let start = chunk * CHUNK_ROUNDS;
                    let chunk_rounds = CHUNK_ROUNDS.min(rounds - start);
                    let result = play(chunk, chunk_rounds);
                    let failed = result.is_err();
                    let mut state = lock();
                    if failed {
                        last.fetch_min(chunk, Ordering::Relaxed);
                    }
                    state.add(chunk, result);
                    drop(state);
                    merged.notify_all();
                    progress(chunk_rounds);
                    if failed {
                        break;
                    }
                }
            });
        }
    });
    let wall = wall_start.elapsed();
    let cpu = process_cpu_time().zip(cpu_start).map(|(end, start)| end.saturating_sub(start));
    let tally = merge.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner()).finish()?;
    Ok(RunReport { tally, threads, wall, cpu })
}

/// CPU time used by this process so far, all threads together.
#[cfg(unix)]
pub fn process_cpu_time() -> Option<Duration> {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec; the call only writes it.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| {
        Duration::new(u64::try_from(ts.tv_sec).unwrap_or(0), u32::try_from(ts.tv_nsec).unwrap_or(0))
    })
}

/// CPU time used by this process so far: not known on this platform.
#[cfg(not(unix))]
pub fn process_cpu_time() -> Option<Duration> {
    None
}

#[cfg(test)]
mod levels;

#[cfg(test)]
mod tests {
    use super::*;

    /// A made-up chunk result that differs from chunk to chunk.
    fn chunk_tally(chunk: u64) -> RoundTally {
        let x = chunk.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40;
        RoundTally {
            rounds: CHUNK_ROUNDS,
            hands: CHUNK_ROUNDS + x % 97,
            wins: x % 1000,
            net_milli: i64::try_from(x % 5000).unwrap() - 2500,
            net_sq_micro: u128::from(x),
            ..RoundTally::default()
        }
    }

    /// Many chunks finishing out of order (each block of a window's worth in reverse) merge to
    /// exactly the in-order result, and no more than a window of them ever waits.
    #[test]
    fn an_ordered_merge_of_many_chunks_holds_a_bounded_window() {
        let window = merge_window(8);
        let chunks = 1_000 * window;
        let mut merge = OrderedMerge::default();
        let mut most_waiting = 0;
        for block in 0..chunks / window {
            for i in (0..window).rev() {
                let chunk = block * window + i;
                merge.add(chunk, Ok(chunk_tally(chunk)));
                most_waiting = most_waiting.max(merge.waiting.len());
            }
            assert_eq!(merge.merged(), (block + 1) * window);
        }
        assert_eq!(most_waiting as u64, window - 1);
        let mut in_order = RoundTally::default();
        for chunk in 0..chunks {
            in_order.absorb(&chunk_tally(chunk));
        }
        assert_eq!(&merge.tally, &in_order);
        assert_eq!(merge.finish(), Ok(in_order));
    }

    /// The earliest failed chunk's error is the run's, whichever fails first in time, and
    /// nothing after it is kept.
    #[test]
    fn an_ordered_merge_reports_the_earliest_failed_chunk() {
        let mut merge = OrderedMerge::default();
        merge.add(1, Ok(chunk_tally(1)));
        merge.add(6, Ok(chunk_tally(6)));
        merge.add(5, Err(ActionError::NoRound));
        assert_eq!(merge.waiting.len(), 1, "chunk 6 is dropped, chunk 1 waits");
        merge.add(3, Err(ActionError::RoundInPlay));
        merge.add(7, Ok(chunk_tally(7)));
        merge.add(0, Ok(chunk_tally(0)));
        merge.add(2, Ok(chunk_tally(2)));
        assert_eq!(merge.merged(), 3);
        assert_eq!(merge.waiting.len(), 0);
        assert_eq!(merge.finish(), Err(ActionError::RoundInPlay));
    }

    /// Rule sets that reach every corner of a round: the default rules; one deck dealt to
    /// the last card (the shoe runs dry mid-round); split aces that may hit and re-split with
    /// H17, doubles on 9–11 only and no double after a split; two hands at most.
    fn varied_rules() -> Vec<Rules> {
        use crate::engine::DoubleOn;
        let default = Rules::default();
        vec![
            default.clone(),
            Rules { decks: 1, penetration: 1.0, ..default.clone() },
            Rules {
                hit_split_aces: true,
                resplit_aces: true,
                dealer_hits_soft_17: true,
                double_on: DoubleOn::NineTenEleven,
                double_after_split: false,
                ..default.clone()
            },
            Rules { max_hands: 2, decks: 2, penetration: 0.9, ..default },
        ]
    }

    /// The whole-round path ([`play_round`], [`Table::play_round`]) against the general one
    /// (a round a call at a time, each decision by [`crate::ai::take_turn`] through the seat's
    /// view): for every level, the rule sets above, one seat and three, many seeds, the two
    /// tables are equal after every round — shoe order, RNG state, hands, outcomes, money and
    /// the cards seen — and so are the tallies. A table that keeps no count of the cards seen
    /// (the flat simulator's, [`Uncounted`]) deals and settles the same rounds.
    #[test]
    fn a_whole_round_plays_exactly_as_a_round_a_call_at_a_time() {
        use crate::ai::{AnyStrategy, Level, take_turn};
        let mut rounds = 0u64;
        for rules in varied_rules() {
            let chart = crate::ai::hard_chart(&rules);
            for level in Level::ALL {
                let strategy = AnyStrategy::with_chart(level, &chart);
                for seats in [1, 3] {
                    for seed in 0..12 {
                        let mut whole =
                            Table::with_events(rules.clone(), seats, chunk_rng(seed, 3), NoEvents);
                        let mut steps = whole.clone();
                        let mut flat =
                            Table::with_events(rules.clone(), seats, chunk_rng(seed, 3), Uncounted);
                        let (mut a, mut b) = (RoundTally::default(), RoundTally::default());
                        let mut c = RoundTally::default();
                        for round in 0..400 {
                            play_round(&mut whole, &strategy, &mut a).expect("plays");
                            play_round(&mut flat, &strategy, &mut c).expect("plays");
                            assert_eq!(
                                (flat.seats(), flat.dealer(), flat.shoe(), flat.phase()),
                                (whole.seats(), whole.dealer(), whole.shoe(), whole.phase()),
                                "uncounted: {level:?}, {seats} seats, seed {seed}, round {round}"
                            );
                            steps.start_round().expect("deals");
                            while let Some(turn) = take_turn(&mut steps, &strategy) {
                                turn.expect("a legal turn");
                            }
                            steps.play_dealer().expect("settles");
                            b.record_round(steps.seats()[0].hands(), steps.dealer());
                            assert_eq!(
                                whole, steps,
                                "{level:?}, {seats} seats, seed {seed}, round {round}, {rules:?}"
                            );
                            rounds += 1;
                        }
                        assert_eq!(a, b);
                        assert_eq!(a, c);
                    }
                }
            }
        }
        let levels = crate::ai::Level::ALL.len() as u64;
        assert_eq!(rounds, varied_rules().len() as u64 * levels * 2 * 12 * 400);
    }

    /// An action that is not legal is refused as [`Table::act`] refuses it, and the round
    /// stays where it was.
    #[test]
    fn a_whole_round_refuses_an_illegal_action_and_changes_nothing() {
        let mut table = sim_table(Rules::default(), chunk_rng(5, 0));
        let mut refused = None;
        for _ in 0..100 {
            let before = table.clone();
            let result = table.play_round(|_, _, _, legal| {
                // Split when it is not legal (the first hand is not a pair), else stand.
                if legal.contains(crate::engine::Action::Split) {
                    crate::engine::Action::Stand
                } else {
                    crate::engine::Action::Split
                }
            });
            if let Err(err) = result {
                refused = Some(err);
                let mut expected = before;
                expected.start_round().expect("deals");
                assert_eq!(expected.act(0, crate::engine::Action::Split).err(), Some(err));
                assert_eq!(table, expected, "the refused round is left as dealt");
                break;
            }
        }
        assert!(matches!(refused, Some(ActionError::Illegal { .. })), "{refused:?}");
    }

    #[test]
    fn the_window_grows_with_the_threads_and_is_never_empty() {
        assert_eq!(merge_window(0), 4 * MERGE_WINDOW_PER_THREAD);
        assert_eq!(merge_window(2), 4 * MERGE_WINDOW_PER_THREAD);
        assert_eq!(merge_window(32), 32 * MERGE_WINDOW_PER_THREAD);
        assert_eq!(merge_window(usize::MAX), u64::MAX);
    }
}
