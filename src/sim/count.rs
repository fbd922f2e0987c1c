//! The counting simulator: one seat counting Hi-Lo, betting a ramp by the true count and
//! playing basic strategy with index plays.
//!
//! It drives the real [`Table`] exactly as the flat simulator does — the same chunks, the same
//! ChaCha stream per chunk, the same ordered merge ([`super::run_chunks`]) — so a run is fixed by
//! its seed whatever the number of threads, in memory that does not grow with the rounds. Each
//! round:
//!
//! 1. The running count is the Hi-Lo sum over every card seen since the shuffle: all cards
//!    dealt, the dealer's face-down card included once revealed (the table's
//!    [`Table::seen`]). Before the deal, the true count is
//!    [`floored_true_count`]`(running, cards left)`, the cards left being those of the shoe at
//!    the start of the round (a full shoe, and a running count of 0, when the cut card was
//!    reached and the round starts with a shuffle).
//! 2. The seat bets [`BetRamp::bet`] of that true count, in units of the ramp (the smallest
//!    bet a ramp names is usually 1: the figures are then in minimum bets).
//! 3. It plays the basic strategy of the loaded rules (the hard seat's chart) with the
//!    deviations of an [`IndexTable`] at that true count ([`IndexTable::deviation`] of the
//!    hand's [`Cell::for_hand`]). Insurance and surrender are locked off in this game.
//!
//! # The figures of a report
//! With `EV` the mean result per round and `SD` its standard deviation, both in units of the
//! ramp, and `B` the bankroll in the same units, the report gives the measures of Don
//! Schlesinger, *Blackjack Attack: Playing the Pros' Way* (3rd ed., 2005), in its chapters on
//! risk of ruin and on SCORE, the desirability index and N0:
//! - initial-bet advantage `IBA = EV / average initial bet`;
//! - desirability index `DI = 1000 · EV / SD`;
//! - `SCORE = DI²` (the win per 100 rounds, in units of the bet, for a bankroll of 10⁶ such
//!   units optimally bet: `10⁶ · (EV/SD)²`);
//! - `N0 = (SD / EV)²`, the rounds after which the expected win equals one standard deviation
//!   (so `N0 · SCORE = 10⁶`);
//! - risk of ruin of a fixed bankroll played for ever, `RoR = exp(−2 · EV · B / SD²)` (the
//!   diffusion approximation; 1 when `EV ≤ 0`).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rand::Rng;

use super::{
    ChunkResult, RunTiming, ShoeMode, chunk_rng, decide_legal, rules_for, run_chunks, sim_table,
};
use crate::ai::{Hard, Strategy};
use crate::analysis::chart::{Cell, Chart, Code, HandKind};
use crate::analysis::deviation::{Direction, IndexPlay, IndexTable, floored_true_count};
use crate::engine::{Action, ActionError, ActionSet, Cards, EventSink, Rules, Table, ValueCounts};
use crate::trainer::count::hilo_tag;

pub use crate::trainer::counting::{BetRamp, MAX_RAMP_BET, MAX_RAMP_STEPS, RampError};

/// The counting system. Hi-Lo only, for now: a named choice so reports and flags say which.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CountSystem {
    /// Hi-Lo: 2–6 count +1, 7–9 count 0, tens and aces −1.
    HiLo,
}

impl CountSystem {
    /// Every system.
    pub const ALL: [CountSystem; 1] = [CountSystem::HiLo];

    /// The name on the command line and in reports: `hilo`.
    pub const fn name(self) -> &'static str {
        match self {
            CountSystem::HiLo => "hilo",
        }
    }

    /// The system in a few words.
    pub const fn describe(self) -> &'static str {
        match self {
            CountSystem::HiLo => "Hi-Lo: 2-6 count +1, 7-9 count 0, tens and aces -1",
        }
    }

    /// The running count of a set of seen cards.
    #[inline]
    pub fn running_count(self, seen: &ValueCounts) -> i32 {
        match self {
            CountSystem::HiLo => seen
                .0
                .iter()
                .zip(1u8..)
                .map(|(&n, value)| hilo_tag(value) * i32::from(n))
                .sum(),
        }
    }
}

/// Which index plays the counter makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IndexChoice {
    /// The Hi-Lo index table computed for the loaded rules (this game's own).
    Game,
    /// The published American Illustrious 18 (peek game), for comparison.
    PeekI18,
    /// None: basic strategy at every count.
    None,
}

impl IndexChoice {
    /// Every choice.
    pub const ALL: [IndexChoice; 3] = [IndexChoice::Game, IndexChoice::PeekI18, IndexChoice::None];

    /// The name on the command line and in reports.
    pub const fn name(self) -> &'static str {
        match self {
            IndexChoice::Game => "game",
            IndexChoice::PeekI18 => "peek-i18",
            IndexChoice::None => "none",
        }
    }

    /// The choice in a few words.
    pub const fn describe(self) -> &'static str {
        match self {
            IndexChoice::Game => "the Hi-Lo index table computed for the loaded rules",
            IndexChoice::PeekI18 => "the published American Illustrious 18 (peek game)",
            IndexChoice::None => "basic strategy at every count",
        }
    }
}

/// An index table compiled for play: for every cell, the range of floored true counts where
/// its deviation is made. Plays exactly as [`IndexTable::deviation`] (a test compares the two
/// on every cell, count and legal set).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deviations {
    /// Per cell ([`Deviations::slot`]): 0 for none, else 1 + the index into `rules`.
    slots: Box<[u8; SLOTS]>,
    rules: Vec<DeviationRule>,
}

/// One compiled deviation: `play` when `low ≤ tc < high`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct DeviationRule {
    play: Action,
    low: i32,
    high: i32,
}

/// Hand kinds × rows 0–21 × up cards 0–10.
const SLOTS: usize = 3 * 22 * 11;

impl Deviations {
    /// Compiles `table`. Where a table names one cell twice, the first entry counts, as in
    /// [`IndexTable::get`].
    pub fn new(table: &IndexTable) -> Deviations {
        let mut slots = Box::new([0u8; SLOTS]);
        let mut rules = Vec::new();
        for play in &table.plays {
            let Some(slot) = Self::slot(play.cell) else {
                continue;
            };
            // `IndexPlay::applies`, as a range; an index that never applies gets none.
            let (low, high) = match (play.index, play.direction) {
                (None, _) => continue,
                (Some(i), Direction::AtOrAbove) => (i, i32::MAX),
                (Some(i), Direction::Below) => (i32::MIN, i),
            };
            if slots[slot] != 0 || table.get(play.cell) != Some(play) {
                continue;
            }
            // More distinct cells than a byte holds cannot occur: there are fewer cells.
            let Ok(id) = u8::try_from(rules.len() + 1) else {
                break;
            };
            rules.push(DeviationRule {
                play: play.play,
                low,
                high,
            });
            slots[slot] = id;
        }
        Deviations { slots, rules }
    }

    /// The slot of a cell, if it is one a hand can be in.
    #[inline(always)]
    fn slot(cell: Cell) -> Option<usize> {
        let kind = match cell.kind {
            HandKind::Hard => 0,
            HandKind::Soft => 1,
            HandKind::Pair => 2,
        };
        (cell.row <= 21 && cell.up <= 10)
            .then(|| (kind * 22 + usize::from(cell.row)) * 11 + usize::from(cell.up))
    }

    /// The deviation to make in `cell` at floored true count `tc` among the `legal` actions,
    /// or `None` to play basic strategy: the answer of [`IndexTable::deviation`].
    #[inline(always)]
    pub fn deviation(&self, cell: Cell, tc: i32, legal: ActionSet) -> Option<Action> {
        let id = *self.slots.get(Self::slot(cell)?)?;
        let rule = self.rules.get(usize::from(id).checked_sub(1)?)?;
        (rule.low <= tc && tc < rule.high && legal.contains(rule.play)).then_some(rule.play)
    }

    /// Whether there is no deviation at all.
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }
}

/// The counter's way of playing and betting: basic strategy, the compiled index plays and the
/// ramp.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counter {
    /// Basic strategy (the hard seat, playing the chart it was given).
    basic: Hard,
    deviations: Deviations,
    /// The chart played at each true count, compiled ([`ByCount`]).
    by_count: ByCount,
    ramp: BetRamp,
    system: CountSystem,
}

/// Basic strategy with the index plays made at each true count, compiled into one chart table
/// per count ([`Hard`]), so that a counted decision costs what a flat one does.
///
/// Every index play changes at one count, so outside the counts from one below the lowest
/// index to the highest the plays no longer change: a count is clamped into that range. A count
/// whose plays a chart cannot express (an index play whose fallback, where it is not legal,
/// differs from every chart code's) has no table and is decided by [`Deviations`] instead.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ByCount {
    /// The count of `tables[0]`.
    low: i32,
    tables: Vec<Option<Hard>>,
}

/// The chart codes, in the order tried.
const CODES: [Code; 5] = [Code::H, Code::S, Code::D, Code::Ds, Code::P];

/// Whether a hand can be in `cell` (the rows and up cards a [`Chart`] has).
fn is_chart_cell(cell: Cell) -> bool {
    let rows = match cell.kind {
        HandKind::Hard => 4..=21,
        HandKind::Soft => 12..=21,
        HandKind::Pair => 1..=10,
    };
    rows.contains(&cell.row) && (1..=10).contains(&cell.up)
}

/// Every set of legal actions a turn can have: stand is legal on every turn.
fn turn_legal_sets() -> impl Iterator<Item = ActionSet> {
    (0..16u8)
        .map(ActionSet::from_bits)
        .filter(|legal| legal.contains(Action::Stand))
}

impl ByCount {
    fn new(basic: &Hard, table: &IndexTable) -> ByCount {
        // The plays that count: the first of each cell (as `IndexTable::get`), with an index.
        let plays: Vec<&IndexPlay> = table
            .plays
            .iter()
            .filter(|p| p.index.is_some() && table.get(p.cell) == Some(*p))
            .collect();
        let indices = plays.iter().filter_map(|p| p.index);
        let (Some(low), Some(high)) = (indices.clone().min(), indices.max()) else {
            return ByCount {
                low: 0,
                tables: vec![Some(basic.clone())],
            };
        };
        let low = low.saturating_sub(1);
        let tables = (low..=high)
            .map(|tc| Self::chart_at(basic.chart(), &plays, tc).map(Hard::new))
            .collect();
        ByCount { low, tables }
    }

    /// Basic strategy with the plays made at `tc`, if a chart can express them.
    fn chart_at(basic: &Chart, plays: &[&IndexPlay], tc: i32) -> Option<Chart> {
        let mut chart = basic.clone();
        for play in plays
            .iter()
            .filter(|p| p.applies(tc) && is_chart_cell(p.cell))
        {
            let otherwise = basic.get(play.cell);
            // The code that makes the play where it is legal and basic strategy elsewhere, on
            // every set of legal actions a turn can have (stand is legal on every turn).
            let code = CODES.into_iter().find(|code| {
                turn_legal_sets().all(|legal| {
                    let wanted = if legal.contains(play.play) {
                        play.play
                    } else {
                        otherwise.resolve(legal)
                    };
                    code.resolve(legal) == wanted
                })
            })?;
            chart.set(play.cell, code);
        }
        Some(chart)
    }

    /// The compiled strategy at floored true count `tc`, if there is one.
    #[inline(always)]
    fn at(&self, tc: i32) -> Option<&Hard> {
        let last = self.tables.len().saturating_sub(1);
        let step = usize::try_from(tc.saturating_sub(self.low))
            .unwrap_or(0)
            .min(last);
        self.tables.get(step)?.as_ref()
    }
}

impl Counter {
    /// A counter playing `basic` with the deviations of `indices`, betting `ramp`.
    pub fn new(basic: Hard, indices: &IndexTable, ramp: BetRamp) -> Counter {
        Counter {
            by_count: ByCount::new(&basic, indices),
            basic,
            deviations: Deviations::new(indices),
            ramp,
            system: CountSystem::HiLo,
        }
    }

    /// The ramp.
    pub fn ramp(&self) -> &BetRamp {
        &self.ramp
    }

    /// The counter's play at floored true count `tc`, as a [`Strategy`].
    #[inline(always)]
    pub fn at_count(&self, tc: i32) -> AtCount<'_> {
        AtCount {
            counter: self,
            compiled: self.by_count.at(tc),
            tc,
        }
    }

    /// The play at `tc` by the definition: the index table's deviation for the hand's cell if
    /// it has one there and it is legal, else basic strategy.
    #[inline]
    fn decide_by_lookup(&self, cards: &Cards, up: u8, legal: ActionSet, tc: i32) -> Action {
        if !self.deviations.is_empty() {
            let cell = Cell::for_hand(cards, up, legal.contains(Action::Split));
            if let Some(play) = self.deviations.deviation(cell, tc, legal) {
                return play;
            }
        }
        self.basic.decide_hand(cards, up, legal)
    }
}

/// A [`Counter`] at one true count: the strategy of one round.
#[derive(Debug, Clone, Copy)]
pub struct AtCount<'a> {
    counter: &'a Counter,
    /// The chart table compiled for this count, where there is one.
    compiled: Option<&'a Hard>,
    tc: i32,
}

impl Strategy for AtCount<'_> {
    #[inline(always)]
    fn decide_hand(&self, cards: &Cards, up: u8, legal: ActionSet) -> Action {
        match self.compiled {
            Some(table) => table.decide_hand(cards, up, legal),
            None => self.counter.decide_by_lookup(cards, up, legal, self.tc),
        }
    }
}

/// The lowest and highest floored true count kept apart in [`CountTally::by_tc`]: rounds at
/// counts beyond are counted at the nearer end.
pub const TC_MIN: i32 = -30;
/// See [`TC_MIN`].
pub const TC_MAX: i32 = 30;
const TC_BUCKETS: usize = (TC_MAX - TC_MIN + 1) as usize;

/// The rounds played at one floored true count.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TcBucket {
    /// Rounds dealt at this count.
    pub rounds: u64,
    /// Their net result per initial unit bet, in thousandths (a doubled loss is −2000).
    pub net_milli: i64,
    /// The sum of the squares of those results, in millionths.
    pub net_sq_micro: u128,
}

impl TcBucket {
    /// Mean result per initial unit bet (0 with no round).
    pub fn ev(&self) -> f64 {
        if self.rounds == 0 {
            return 0.0;
        }
        self.net_milli as f64 / 1000.0 / self.rounds as f64
    }

    /// Standard error of [`TcBucket::ev`].
    pub fn std_error(&self) -> f64 {
        sample_sd(self.rounds, self.net_milli as f64, self.net_sq_micro as f64)
            / (self.rounds.max(1) as f64).sqrt()
    }

    fn absorb(&mut self, later: &TcBucket) {
        self.rounds += later.rounds;
        self.net_milli += later.net_milli;
        self.net_sq_micro += later.net_sq_micro;
    }
}

/// The sample standard deviation of `n` values in thousandths with this sum (thousandths) and
/// sum of squares (millionths), in units.
fn sample_sd(n: u64, sum_milli: f64, sum_sq_micro: f64) -> f64 {
    if n < 2 {
        return 0.0;
    }
    let n = n as f64;
    let mean = sum_milli / 1000.0 / n;
    let mean_sq = sum_sq_micro / 1e6 / n;
    ((mean_sq - mean * mean) * n / (n - 1.0)).max(0.0).sqrt()
}

/// What a counting run counts. Integers only, so chunks merge exactly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountTally {
    /// Rounds played.
    pub rounds: u64,
    /// The initial bets, summed, in units.
    pub bet_units: u128,
    /// Net result in money (units of the ramp), in thousandths.
    pub net_milli: i128,
    /// Sum of the squares of the rounds' money results, in millionths.
    pub net_sq_micro: u128,
    /// The rounds by floored true count, from [`TC_MIN`] to [`TC_MAX`] (the ends also hold
    /// the counts beyond).
    pub by_tc: [TcBucket; TC_BUCKETS],
}

impl Default for CountTally {
    fn default() -> CountTally {
        CountTally {
            rounds: 0,
            bet_units: 0,
            net_milli: 0,
            net_sq_micro: 0,
            by_tc: [TcBucket::default(); TC_BUCKETS],
        }
    }
}

impl ChunkResult for CountTally {
    fn absorb(&mut self, later: &CountTally) {
        self.rounds += later.rounds;
        self.bet_units += later.bet_units;
        self.net_milli += later.net_milli;
        self.net_sq_micro += later.net_sq_micro;
        for (mine, theirs) in self.by_tc.iter_mut().zip(&later.by_tc) {
            mine.absorb(theirs);
        }
    }
}

/// One floored true count's line of a report.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TcLine {
    /// The floored true count ([`TC_MIN`] and [`TC_MAX`] stand for that count or beyond).
    pub tc: i32,
    /// Share of the rounds dealt at this count.
    pub share: f64,
    /// Mean result per initial unit bet at this count.
    pub ev: f64,
    /// Its standard error.
    pub std_error: f64,
}

impl CountTally {
    /// Counts a round dealt at floored true count `tc` with initial bet `bet`, whose hands
    /// netted `net_milli` thousandths per unit bet.
    #[inline(always)]
    pub fn record(&mut self, tc: i32, bet: u32, net_milli: i64) {
        let money = net_milli * i64::from(bet);
        self.rounds += 1;
        self.bet_units += u128::from(bet);
        self.net_milli += i128::from(money);
        // |money| ≤ 8 000 × MAX_RAMP_BET, so its square fits a u64.
        let abs = money.unsigned_abs();
        self.net_sq_micro += u128::from(abs * abs);
        let at = (tc.clamp(TC_MIN, TC_MAX) - TC_MIN) as usize;
        let bucket = &mut self.by_tc[at];
        bucket.rounds += 1;
        bucket.net_milli += net_milli;
        let abs = net_milli.unsigned_abs();
        bucket.net_sq_micro += u128::from(abs * abs);
    }

    /// EV: the mean result per round, in units of the ramp.
    pub fn ev_per_round(&self) -> f64 {
        if self.rounds == 0 {
            return 0.0;
        }
        self.net_milli as f64 / 1000.0 / self.rounds as f64
    }

    /// SD: the standard deviation of one round's result, in units of the ramp.
    pub fn std_dev(&self) -> f64 {
        sample_sd(self.rounds, self.net_milli as f64, self.net_sq_micro as f64)
    }

    /// The standard error of [`CountTally::ev_per_round`]: `SD / √rounds`.
    pub fn std_error(&self) -> f64 {
        self.std_dev() / (self.rounds.max(1) as f64).sqrt()
    }

    /// The average initial bet, in units.
    pub fn avg_bet(&self) -> f64 {
        self.bet_units as f64 / self.rounds.max(1) as f64
    }

    /// Initial-bet advantage: `EV / average initial bet`.
    pub fn iba(&self) -> f64 {
        self.ev_per_round() / self.avg_bet().max(f64::MIN_POSITIVE)
    }

    /// The win per 100 rounds, in units: `100 · EV`.
    pub fn win_per_100(&self) -> f64 {
        100.0 * self.ev_per_round()
    }

    /// Desirability index `DI = 1000 · EV / SD` (Schlesinger); 0 with no spread.
    pub fn di(&self) -> f64 {
        let sd = self.std_dev();
        if sd > 0.0 {
            1000.0 * self.ev_per_round() / sd
        } else {
            0.0
        }
    }

    /// `SCORE = DI²` (Schlesinger).
    pub fn score(&self) -> f64 {
        let di = self.di();
        di * di
    }

    /// `N0 = (SD / EV)²` (Schlesinger), the rounds for the win to equal one SD; `None` when
    /// the EV is 0.
    pub fn n0(&self) -> Option<f64> {
        let ev = self.ev_per_round();
        (ev != 0.0).then(|| (self.std_dev() / ev).powi(2))
    }

    /// Risk of ruin of a bankroll of `bankroll` units played for ever:
    /// `exp(−2 · EV · B / SD²)` (Schlesinger), and 1 when the EV is not positive.
    pub fn risk_of_ruin(&self, bankroll: f64) -> f64 {
        let (ev, sd) = (self.ev_per_round(), self.std_dev());
        if ev <= 0.0 || sd <= 0.0 {
            return 1.0;
        }
        (-2.0 * ev * bankroll / (sd * sd)).exp()
    }

    /// The rounds by floored true count from `low` to `high`, those beyond counted at the
    /// nearer end: `(tc, rounds)` for every count in that range that was dealt.
    pub fn by_tc_folded(&self, low: i32, high: i32) -> Vec<(i32, TcBucket)> {
        let mut folded: Vec<(i32, TcBucket)> = Vec::new();
        for (tc, bucket) in (TC_MIN..=TC_MAX).zip(&self.by_tc) {
            let tc = tc.clamp(low, high);
            match folded.last_mut() {
                Some((last, sum)) if *last == tc => sum.absorb(bucket),
                _ => folded.push((tc, *bucket)),
            }
        }
        folded.retain(|(_, b)| b.rounds > 0);
        folded
    }

    /// The floored true counts that were dealt, lowest first.
    pub fn by_tc(&self) -> Vec<TcLine> {
        let total = self.rounds.max(1) as f64;
        (TC_MIN..=TC_MAX)
            .zip(&self.by_tc)
            .filter(|(_, b)| b.rounds > 0)
            .map(|(tc, b)| TcLine {
                tc,
                share: b.rounds as f64 / total,
                ev: b.ev(),
                std_error: b.std_error(),
            })
            .collect()
    }
}

/// The true count at the start of the next round at `table`: the running count of the cards
/// seen since the shuffle over the cards left — a full shoe and a count of 0 when the cut card
/// was reached, since the deal then begins with a shuffle.
#[inline(always)]
pub fn true_count_before_deal<R: Rng, L: EventSink>(
    table: &Table<R, L>,
    system: CountSystem,
) -> i32 {
    let shoe = table.shoe();
    if shoe.cut_card_reached() {
        return 0;
    }
    floored_true_count(system.running_count(table.seen()), shoe.remaining())
}

/// Plays one counted round at `table`: the true count before the deal sets the bet and the
/// index plays.
#[inline]
pub fn play_counted_round<R: Rng, L: EventSink>(
    table: &mut Table<R, L>,
    counter: &Counter,
    tally: &mut CountTally,
) -> Result<(), ActionError> {
    let tc = true_count_before_deal(table, counter.system);
    let bet = counter.ramp.bet(tc);
    let strategy = counter.at_count(tc);
    table.play_round(|_, cards, up, legal| decide_legal(&strategy, cards, up, legal))?;
    let net: i64 = table.seats()[0]
        .hands()
        .iter()
        .filter_map(|h| h.outcome)
        .map(|o| o.delta.0)
        .sum();
    tally.record(tc, bet, net);
    Ok(())
}

/// Plays `rounds` counted rounds at `table`, adding them to `tally`.
pub fn play_counted_rounds<R: Rng, L: EventSink>(
    table: &mut Table<R, L>,
    counter: &Counter,
    rounds: u64,
    tally: &mut CountTally,
) -> Result<(), ActionError> {
    for _ in 0..rounds {
        play_counted_round(table, counter, tally)?;
    }
    Ok(())
}

/// What a counting run plays.
#[derive(Debug, Clone, PartialEq)]
pub struct CountConfig {
    /// Rounds to play.
    pub rounds: u64,
    /// Seed of the whole run.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Cut-card penetration (0.25–1.0).
    pub penetration: f64,
}

/// The result of a counting run.
#[derive(Debug, Clone, PartialEq)]
pub struct CountReport {
    /// The counters, merged over all chunks.
    pub tally: CountTally,
    /// Worker threads used.
    pub threads: usize,
    /// Wall-clock time of the run.
    pub wall: Duration,
    /// CPU time of the run (all threads), where the platform tells.
    pub cpu: Option<Duration>,
}

impl CountReport {
    /// Rounds per second of CPU time (the speed of one core), if CPU time is known.
    pub fn rounds_per_cpu_sec(&self) -> Option<f64> {
        self.cpu
            .map(|cpu| self.tally.rounds as f64 / cpu.as_secs_f64().max(1e-9))
    }

    /// Rounds per second of wall-clock time.
    pub fn rounds_per_sec(&self) -> f64 {
        self.tally.rounds as f64 / self.wall.as_secs_f64().max(1e-9)
    }
}

/// Runs a counting simulation: chunk `i` is played at a table of its own dealt by ChaCha
/// stream `i` of the seed, exactly as [`super::run`] deals it, so a flat ramp with no index
/// plays the flat simulator's game card for card.
pub fn run_counting(
    rules: &Rules,
    counter: &Counter,
    config: &CountConfig,
    progress: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Result<CountReport, ActionError> {
    let rules = rules_for(rules, ShoeMode::CutCard(config.penetration));
    let play = |chunk, rounds| {
        let mut table = sim_table(rules.clone(), chunk_rng(config.seed, chunk));
        let mut tally = CountTally::default();
        play_counted_rounds(&mut table, counter, rounds, &mut tally)?;
        Ok(tally)
    };
    let (tally, RunTiming { threads, wall, cpu }) =
        run_chunks(config.rounds, config.threads, &play, progress, stop)?;
    Ok(CountReport {
        tally,
        threads,
        wall,
        cpu,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::hard_chart;
    use crate::analysis::deviation::illustrious_18;
    use crate::engine::Rules;

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
        assert_eq!(
            " 1, 2 ,3".parse::<BetRamp>().map(|r| r.bets().to_vec()),
            Ok(vec![1, 2, 3])
        );
        for (text, err) in [
            ("", RampError::Empty),
            ("  ", RampError::Empty),
            ("1,,2", RampError::NotANumber(String::new())),
            ("1,two", RampError::NotANumber("two".into())),
            ("1,-2", RampError::NotANumber("-2".into())),
            ("1.5", RampError::NotANumber("1.5".into())),
            ("0,1", RampError::Zero),
            ("1,10001", RampError::TooLarge(10_001)),
            ("99999999999999999999999", RampError::TooLarge(u64::MAX)),
        ] {
            assert_eq!(text.parse::<BetRamp>(), Err(err), "{text:?}");
        }
        let long = vec!["1"; MAX_RAMP_STEPS + 1].join(",");
        assert_eq!(
            long.parse::<BetRamp>(),
            Err(RampError::TooLong(MAX_RAMP_STEPS + 1))
        );
    }

    /// Every cell a hand can be in, and some it cannot.
    fn all_cells() -> Vec<Cell> {
        let mut cells = Vec::new();
        for up in 0..=11u8 {
            for row in 0..=23u8 {
                for kind in [HandKind::Hard, HandKind::Soft, HandKind::Pair] {
                    cells.push(Cell { kind, row, up });
                }
            }
        }
        cells
    }

    fn assert_compiled_plays_as_the_table(table: &IndexTable) {
        let compiled = Deviations::new(table);
        for cell in all_cells() {
            for tc in -20..=20 {
                for bits in 0..16u8 {
                    let legal = ActionSet::from_bits(bits);
                    assert_eq!(
                        compiled.deviation(cell, tc, legal),
                        table.deviation(cell, tc, legal),
                        "{cell:?} at {tc} with {legal:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn compiled_deviations_play_exactly_as_the_index_table() {
        assert_compiled_plays_as_the_table(&illustrious_18());
        assert_compiled_plays_as_the_table(&IndexTable::default());
        // A cell named twice (the first counts), a never-index, and both directions.
        let mut table = illustrious_18();
        let first = table.plays[0].clone();
        table.plays.push(IndexPlay {
            play: Action::Hit,
            index: Some(-3),
            direction: Direction::Below,
            ..first.clone()
        });
        table.plays.push(IndexPlay {
            cell: Cell {
                kind: HandKind::Soft,
                row: 19,
                up: 6,
            },
            index: None,
            ..first
        });
        assert_compiled_plays_as_the_table(&table);
    }

    /// Every hand of one to four cards by value (1 = ace … 10).
    fn all_hands() -> Vec<Cards> {
        let mut hands = Vec::new();
        let mut frontier = vec![Vec::<u8>::new()];
        for _ in 0..4 {
            let mut next = Vec::new();
            for values in &frontier {
                for v in 1..=10u8 {
                    let mut longer = values.clone();
                    longer.push(v);
                    hands.push(Cards::from_values(&longer));
                    next.push(longer);
                }
            }
            frontier = next;
        }
        hands
    }

    /// The compiled charts decide every hand, up card, count and set of legal actions a turn
    /// can have as the definition does (the index table's deviation where it applies and is
    /// legal, else basic strategy).
    fn assert_counter_plays_by_definition(table: &IndexTable) {
        let counter = Counter::new(
            Hard::new(hard_chart(&Rules::default())),
            table,
            BetRamp::flat(),
        );
        let hands = all_hands();
        for tc in -14..=14 {
            let at = counter.at_count(tc);
            for hand in &hands {
                for up in 1..=10u8 {
                    for legal in turn_legal_sets() {
                        assert_eq!(
                            at.decide_hand(hand, up, legal),
                            counter.decide_by_lookup(hand, up, legal, tc),
                            "{hand:?} against {up} at {tc}, legal {legal:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_compiled_counter_plays_the_index_table_by_its_definition() {
        let i18 = illustrious_18();
        assert_counter_plays_by_definition(&i18);
        assert_counter_plays_by_definition(&IndexTable::default());
        let counter = Counter::new(
            Hard::new(hard_chart(&Rules::default())),
            &i18,
            BetRamp::flat(),
        );
        assert!(
            counter.by_count.tables.iter().all(Option::is_some),
            "a chart expresses every I18 play"
        );
        // Plays whose fallbacks need every code: double-else-stand, split, and a hit where
        // basic strategy doubles (which no chart code expresses with double legal but hit not:
        // that count is decided by the table instead).
        let cell = |kind, row, up| Cell { kind, row, up };
        let play = |cell, play, direction, index| IndexPlay {
            cell,
            play,
            otherwise: Action::Stand,
            direction,
            index: Some(index),
            crossing: None,
            gain_per_100: 0.0,
        };
        let mixed = IndexTable {
            plays: vec![
                play(
                    cell(HandKind::Soft, 19, 6),
                    Action::Double,
                    Direction::AtOrAbove,
                    1,
                ),
                play(
                    cell(HandKind::Pair, 9, 7),
                    Action::Split,
                    Direction::AtOrAbove,
                    3,
                ),
                play(
                    cell(HandKind::Hard, 11, 6),
                    Action::Hit,
                    Direction::Below,
                    -9,
                ),
                play(
                    cell(HandKind::Hard, 10, 10),
                    Action::Double,
                    Direction::AtOrAbove,
                    6,
                ),
            ],
        };
        assert_counter_plays_by_definition(&mixed);
        let counter = Counter::new(
            Hard::new(hard_chart(&Rules::default())),
            &mixed,
            BetRamp::flat(),
        );
        assert!(
            counter.by_count.tables.iter().any(Option::is_none),
            "the hit below -9 where basic strategy doubles leaves a count to the table"
        );
    }

    #[test]
    fn the_hilo_running_count_weighs_each_value_by_its_tag() {
        let mut seen = ValueCounts::default();
        for v in [2, 3, 4, 5, 6, 6] {
            seen.add(v);
        }
        assert_eq!(CountSystem::HiLo.running_count(&seen), 6);
        for v in [7, 8, 9, 10, 10, 1, 1] {
            seen.add(v);
        }
        assert_eq!(CountSystem::HiLo.running_count(&seen), 2);
        assert_eq!(
            CountSystem::HiLo.running_count(&seen),
            crate::trainer::count::running_count(&seen)
        );
    }

    fn tally_of(results: &[(i32, u32, i64)]) -> CountTally {
        let mut t = CountTally::default();
        for &(tc, bet, net) in results {
            t.record(tc, bet, net);
        }
        t
    }

    #[test]
    fn a_round_counts_its_money_at_the_bet_and_its_result_per_unit_at_its_count() {
        let t = tally_of(&[(3, 6, 1000), (3, 6, -2000), (-2, 1, 1500), (99, 12, 0)]);
        assert_eq!(t.rounds, 4);
        assert_eq!(t.bet_units, 25);
        assert_eq!(t.net_milli, 6000 - 12_000 + 1500);
        assert_eq!(t.net_sq_micro, 36_000_000 + 144_000_000 + 2_250_000);
        let lines = t.by_tc();
        let tcs: Vec<i32> = lines.iter().map(|l| l.tc).collect();
        assert_eq!(tcs, vec![-2, 3, TC_MAX]);
        assert!((lines[1].ev - -0.5).abs() < 1e-12);
        assert!((lines[1].share - 0.5).abs() < 1e-12);
        assert!((t.avg_bet() - 6.25).abs() < 1e-12);
        let folded = t.by_tc_folded(-1, 5);
        assert_eq!(folded.len(), 3);
        assert_eq!((folded[0].0, folded[0].1.rounds), (-1, 1));
        assert_eq!((folded[2].0, folded[2].1.rounds), (5, 1));
        let all: u64 = t.by_tc_folded(0, 0).iter().map(|(_, b)| b.rounds).sum();
        assert_eq!(all, 4);
    }

    #[test]
    fn the_measures_keep_their_identities() {
        let t = tally_of(&[(1, 2, 1000), (2, 4, 1000), (0, 1, -1000), (4, 8, 1500)]);
        let (ev, sd) = (t.ev_per_round(), t.std_dev());
        assert!(ev > 0.0 && sd > 0.0);
        assert!((t.di() - 1000.0 * ev / sd).abs() < 1e-9);
        assert!((t.score() - t.di() * t.di()).abs() < 1e-9);
        let n0 = t.n0().expect("an EV");
        assert!((n0 * t.score() - 1e6).abs() < 1e-6 * 1e6);
        assert!((t.risk_of_ruin(100.0) - (-2.0 * ev * 100.0 / (sd * sd)).exp()).abs() < 1e-12);
        assert!((t.iba() * t.avg_bet() - ev).abs() < 1e-12);
        // A losing game is ruined for sure.
        let losing = tally_of(&[(0, 1, -1000), (0, 1, 1000), (0, 1, -1000)]);
        assert_eq!(losing.risk_of_ruin(1e9), 1.0);
    }
}
