//! The counting simulator: one seat counting Hi-Lo, betting a ramp by the true count and
//! playing basic strategy with index plays.
//!
//! It drives the real [`Table`] with the flat simulator's chunks, ChaCha streams and ordered
//! merge ([`super::run_chunks`]): a run is fixed by its seed whatever the threads. Each round:
//!
//! 1. The running count sums the tags of every card seen since the shuffle, the hole card
//!    once revealed ([`Table::seen`]); the true count is [`floored_true_count`] over the cards
//!    left at the start of the round (a full shoe and 0 when the round starts with a shuffle).
//! 2. The seat bets [`BetRamp::bet`] of that count, in units of the ramp.
//! 3. It plays the rules' basic strategy with the [`IndexTable::deviation`]s at that count.
//!    Insurance and surrender are locked off in this game.
//!
//! A report's figures, in units of the ramp, are [`Measures`]' (DI, SCORE, N0, risk of ruin)
//! and the initial-bet advantage `IBA = EV / average initial bet`.

use std::sync::atomic::AtomicBool;

use rand::Rng;

use super::measures::Measures;
use super::round_tally::{mean, sample_variance, standard_error};
use super::{
    ChunkResult, Rounds, RunReport, ShoeMode, chunk_rng, decide_legal, rules_for, run_chunks,
};
use crate::analysis::deviation::floored_true_count;
use crate::engine::{ActionError, Card, EventSink, Rules, Table, Units};

pub use crate::ai::{AtCount, CountSystem, Counter};
pub use crate::analysis::hilo::{BetRamp, RampError};

/// Which index plays the counter makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IndexChoice {
    /// The count's own index table computed for the loaded rules (this game's own).
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
            IndexChoice::Game => {
                "the index table of the count simulated (Hi-Lo unless --count), computed for the loaded rules"
            }
            IndexChoice::PeekI18 => "the published American Illustrious 18 (peek game)",
            IndexChoice::None => "basic strategy at every count",
        }
    }
}

/// The lowest floored true count kept apart in [`CountTally::by_tc`] (beyond: at the end).
pub const TC_MIN: i32 = -30;
/// The highest, as [`TC_MIN`].
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
        mean(self.rounds, self.net_milli as f64)
    }

    /// Standard error of [`TcBucket::ev`].
    pub fn std_error(&self) -> f64 {
        standard_error(self.rounds, self.net_milli as f64, self.net_sq_micro as f64)
    }

    fn absorb(&mut self, later: &TcBucket) {
        self.rounds += later.rounds;
        self.net_milli += later.net_milli;
        self.net_sq_micro += later.net_sq_micro;
    }
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
    /// The rounds by floored true count, [`TC_MIN`] to [`TC_MAX`] (the ends hold the beyond).
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

impl Rounds for CountTally {
    fn rounds(&self) -> u64 {
        self.rounds
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
    /// Counts a round at floored true count `tc` and bet `bet` netting `net_milli` a unit.
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
        mean(self.rounds, self.net_milli as f64)
    }

    /// SD: the standard deviation of one round's result, in units of the ramp.
    pub fn std_dev(&self) -> f64 {
        sample_variance(self.rounds, self.net_milli as f64, self.net_sq_micro as f64).sqrt()
    }

    /// The standard error of [`CountTally::ev_per_round`]: `SD / √rounds`.
    pub fn std_error(&self) -> f64 {
        standard_error(self.rounds, self.net_milli as f64, self.net_sq_micro as f64)
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

    /// The run's mean and standard deviation per round, with the measures made of them.
    pub fn measures(&self) -> Measures {
        Measures { ev: self.ev_per_round(), sd: self.std_dev() }
    }

    /// [`Measures::di`].
    pub fn di(&self) -> f64 {
        self.measures().di()
    }

    /// [`Measures::score`].
    pub fn score(&self) -> f64 {
        self.measures().score()
    }

    /// [`Measures::n0`].
    pub fn n0(&self) -> Option<f64> {
        self.measures().n0()
    }

    /// [`Measures::risk_of_ruin`] of `bankroll` units.
    pub fn risk_of_ruin(&self, bankroll: f64) -> f64 {
        self.measures().risk_of_ruin(bankroll)
    }

    /// The rounds by floored true count, `low` to `high` (beyond at the ends), counts dealt.
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

/// [`floored_true_count`] without a division: `⌊52 r / n⌋ = ⌊y m / 2^63⌋ − K` with
/// `m = ⌈2^63 / n⌉` from a table, `y = 52 r + K n` and `K = 52 R` (so `y ≥ 0` for `|r| ≤ R`).
/// Exact while `y n < 2^63` (the error `y e / (n 2^63)`, `e = m n − 2^63 < n`, stays below
/// `1/n`): for `N ≤ 13 260` cards and `R = N`, `y n < 2^47`. Beyond the table it divides; a
/// test compares the two over the whole table.
#[derive(Debug, Clone)]
pub struct TrueCounts {
    /// `⌈2^63 / n⌉` for `n` cards left (`n = 0` as one card).
    reciprocals: Vec<u64>,
    /// The largest running count in absolute value the table takes (`R`).
    running: u32,
}

impl TrueCounts {
    /// A table for shoes of up to `cards` cards.
    pub fn new(cards: usize) -> TrueCounts {
        // The bound on `y n` holds for up to 13 260 cards; larger shoes divide beyond.
        let cards = cards.clamp(1, 13_260);
        let reciprocals = (0..=cards).map(|n| (1u64 << 63).div_ceil(n.max(1) as u64)).collect();
        TrueCounts { reciprocals, running: cards as u32 }
    }

    /// [`floored_true_count`]`(running, cards_left)`.
    #[inline(always)]
    pub fn floored(&self, running: i32, cards_left: usize) -> i32 {
        match self.reciprocals.get(cards_left) {
            Some(&m) if running.unsigned_abs() <= self.running => {
                let k = 52 * i64::from(self.running);
                let n = cards_left.max(1) as i64;
                let y = (52 * i64::from(running) + k * n) as u64;
                ((u128::from(y) * u128::from(m)) >> 63) as i64 as i32 - k as i32
            }
            _ => floored_true_count(running, cards_left),
        }
    }
}

/// The counting simulator's event sink: no events and no count by value, only one count's
/// running count, a tag added as each card turns face up and 0 again at a shuffle or restock
/// (a test compares it with [`Table::seen`]): one number to read before each deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunningCount {
    /// The count's tags by value, ace first, in counting units.
    tags: [i32; 10],
    /// The tags indexed by the value itself, for every byte: a card seen is one load and one
    /// add, no subtraction and no bounds check.
    tag_of_value: [i32; 256],
    /// The running count of the cards seen since the shuffle, from 0.
    running: i32,
}

impl RunningCount {
    /// A count of `system` (by value: a red seven counts as any seven), at 0.
    pub fn new(system: &CountSystem) -> RunningCount {
        let mut tag_of_value = [0; 256];
        tag_of_value[1..=10].copy_from_slice(&system.tags);
        RunningCount { tags: system.tags, tag_of_value, running: 0 }
    }

    /// The running count of the cards seen since the shuffle, from 0, in counting units.
    #[inline(always)]
    pub fn running(&self) -> i32 {
        self.running
    }
}

impl EventSink for RunningCount {
    const KEEPS_SEEN: bool = false;

    #[inline(always)]
    fn see(&mut self, card: Card) {
        self.running += self.tag_of_value[usize::from(card.value().get())];
    }

    #[inline(always)]
    fn forget_seen(&mut self) {
        self.running = 0;
    }

    crate::engine::event::drops_every_event!();
}

/// A table for the counting simulator: one seat, counting `system` as it deals.
pub fn counted_table<R: Rng>(rules: Rules, rng: R, system: &CountSystem) -> Table<R, RunningCount> {
    Table::with_events(rules, 1, rng, RunningCount::new(system))
}

/// A counter's play worked out once for a run: the true count without a division and each
/// count's bet and strategy from [`TC_MIN`] to [`TC_MAX`] (other counts ask the counter).
pub(super) struct CountedPlay<'a> {
    counter: &'a Counter,
    /// Counting units per point of a balanced count; 0 for an unbalanced one (read as it runs).
    per_point: usize,
    true_counts: TrueCounts,
    /// Inline, not in a vector: the round's first decision waits for this lookup.
    by_tc: [(u32, AtCount<'a>); TC_BUCKETS],
}

impl<'a> CountedPlay<'a> {
    pub(super) fn new(counter: &'a Counter, cards: usize) -> CountedPlay<'a> {
        let system = counter.system();
        let per_point = if system.is_balanced() { system.unit.per_point() as usize } else { 0 };
        CountedPlay {
            counter,
            per_point,
            true_counts: TrueCounts::new(cards * per_point.max(1)),
            by_tc: std::array::from_fn(|step| {
                // `TC_BUCKETS` steps from `TC_MIN`: the sum stays within `TC_MIN..=TC_MAX`.
                let tc = TC_MIN + step as i32;
                (counter.ramp().bet(tc), counter.at_count(tc))
            }),
        }
    }

    /// The count read at the start of the next round (a full shoe's when the deal begins with
    /// a shuffle): the floored true count, or an unbalanced count's running count.
    #[inline(always)]
    fn true_count<R: Rng>(&self, table: &Table<R, RunningCount>) -> i32 {
        let shoe = table.shoe();
        debug_assert_eq!(
            table.sink().tags,
            self.counter.system().tags,
            "the table counts the counter's count"
        );
        let running = if shoe.cut_card_reached() { 0 } else { table.sink().running() };
        match self.per_point {
            0 => self.counter.count_to_read(running, shoe.remaining()),
            1 => self.true_counts.floored(running, shoe.remaining()),
            units => self.true_counts.floored(running, shoe.remaining().saturating_mul(units)),
        }
    }

    /// The bet and the strategy at floored true count `tc`.
    #[inline(always)]
    fn at(&self, tc: i32) -> (u32, AtCount<'a>) {
        let step = usize::try_from(tc.wrapping_sub(TC_MIN)).unwrap_or(usize::MAX);
        match self.by_tc.get(step) {
            Some(&play) => play,
            None => (self.counter.ramp().bet(tc), self.counter.at_count(tc)),
        }
    }

    /// Plays one counted round: the true count before the deal sets the bet and the index
    /// plays.
    #[inline(always)]
    pub(super) fn round<R: Rng>(
        &self,
        table: &mut Table<R, RunningCount>,
        tally: &mut CountTally,
    ) -> Result<(), ActionError> {
        self.round_if(table, tally, &mut |_, _| true).map(|_| ())
    }

    /// Plays one counted round, recorded only if `plays(true count, new shoe)`; else it is
    /// watched (played alike, as by another player, not counted). Says whether it was played.
    #[inline(always)]
    pub(super) fn round_if<R: Rng>(
        &self,
        table: &mut Table<R, RunningCount>,
        tally: &mut CountTally,
        plays: &mut impl FnMut(i32, bool) -> bool,
    ) -> Result<bool, ActionError> {
        let tc = self.true_count(table);
        let played = plays(tc, table.shoe().cut_card_reached());
        let (bet, strategy) = self.at(tc);
        let before = table.seats()[0].bankroll();
        table.play_round(|_, cards, up, legal| decide_legal(&strategy, cards, up, legal))?;
        let seat = &table.seats()[0];
        // The result per unit bet from the money moved: the bankroll moves by each hand's
        // result per unit times the seat's bet.
        let money = (seat.bankroll() + -before).0;
        let bet_milli = seat.bet().0;
        let net = if bet_milli == Units::ONE.0 { money } else { money * Units::ONE.0 / bet_milli };
        debug_assert_eq!(net, seat.round_units().0, "the money moved is the units won");
        if played {
            tally.record(tc, bet, net);
        }
        Ok(played)
    }
}

/// Plays `rounds` counted rounds at `table` (a [`counted_table`] of the counter's count),
/// adding them to `tally`.
pub fn play_counted_rounds<R: Rng>(
    table: &mut Table<R, RunningCount>,
    counter: &Counter,
    rounds: u64,
    tally: &mut CountTally,
) -> Result<(), ActionError> {
    let play = CountedPlay::new(counter, table.shoe().size());
    for _ in 0..rounds {
        play.round(table, tally)?;
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
pub type CountReport = RunReport<CountTally>;

/// Runs a counting simulation, each chunk dealt as [`super::run`] deals it: a flat ramp with
/// no index plays the flat simulator's game card for card.
pub fn run_counting(
    rules: &Rules,
    counter: &Counter,
    config: &CountConfig,
    progress: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Result<CountReport, ActionError> {
    let rules = rules_for(rules, ShoeMode::CutCard(config.penetration));
    let play = |chunk, rounds| {
        let rng = chunk_rng(config.seed, chunk);
        let mut table = counted_table(rules.clone(), rng, counter.system());
        let mut tally = CountTally::default();
        play_counted_rounds(&mut table, counter, rounds, &mut tally)?;
        Ok(tally)
    };
    run_chunks(config.rounds, config.threads, &play, progress, stop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Event;
    use crate::sim::sim_table;

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

    /// The table of reciprocals floors every running count over every count of cards left
    /// as the division does, within the table and beyond it (one deck, six, eight, and a shoe
    /// of 255 decks at its ends).
    #[test]
    fn true_counts_from_the_table_are_the_divided_ones() {
        for cards in [52usize, 312, 416] {
            let table = TrueCounts::new(cards);
            let reach = cards as i32 + 3;
            for left in 0..=cards + 3 {
                for running in -reach..=reach {
                    assert_eq!(
                        table.floored(running, left),
                        floored_true_count(running, left),
                        "{running} over {left} cards left ({cards} in the shoe)"
                    );
                }
            }
        }
        let table = TrueCounts::new(13_260);
        for left in (0..=13_263).step_by(97).chain([1, 2, 13_259, 13_260]) {
            for running in [-13_261, -13_260, -9_999, -53, -52, -1, 0, 1, 51, 52, 13_260, 13_261] {
                assert_eq!(
                    table.floored(running, left),
                    floored_true_count(running, left),
                    "{running} over {left} cards left"
                );
            }
        }
    }

    /// Each count is read as its authors read it, at every round of a shoe: a balanced count
    /// by its floored true count in points (half points for Halves), an unbalanced one by its
    /// running count from its start; Hi-Lo as the Hi-Lo vocabulary reads it.
    #[test]
    fn each_count_is_read_as_its_authors_read_it() {
        use crate::ai::Hard;
        use crate::analysis::chart::Chart;
        use crate::analysis::counts::BUILT_IN;
        use crate::analysis::deviation::IndexTable;
        use crate::engine::{Action, GameRng};
        use rand::SeedableRng;
        let rules = Rules::default();
        for system in BUILT_IN.iter().filter(|s| !s.needs_suits()) {
            let counter =
                Counter::new(Hard::new(Chart::default()), &IndexTable::default(), BetRamp::flat())
                    .with_system(system.clone(), rules.decks);
            // The counting simulator's table, and a table keeping the count by value that
            // deals the same cards (the same seed, the same plays).
            let mut table = counted_table(rules.clone(), GameRng::seed_from_u64(7), system);
            let mut by_value = sim_table(rules.clone(), GameRng::seed_from_u64(7));
            let play = CountedPlay::new(&counter, table.shoe().size());
            let mut moved = 0;
            for _ in 0..300 {
                let shoe = table.shoe();
                let running = system.running_count(by_value.seen());
                let (running, left) = if shoe.cut_card_reached() {
                    (0, shoe.size())
                } else {
                    (running, shoe.remaining())
                };
                let expected = if system.is_balanced() {
                    let per_point = system.unit.per_point() as usize;
                    floored_true_count(running, left * per_point)
                } else {
                    (running + system.initial_running_count(rules.decks))
                        .div_euclid(system.unit.per_point())
                };
                let read = play.true_count(&table);
                assert_eq!(read, expected, "{}", system.name);
                if system.key == "hilo" && !shoe.cut_card_reached() {
                    let hilo = crate::analysis::hilo::running_count(by_value.seen());
                    assert_eq!(read, floored_true_count(hilo, shoe.remaining()));
                }
                moved += i32::from(read != 0);
                table.play_round(|_, _, _, _| Action::Stand).expect("a round");
                by_value.play_round(|_, _, _, _| Action::Stand).expect("a round");
            }
            assert!(moved > 0, "{}: the count moves", system.name);
        }
    }

    /// The running count the counting simulator's table keeps card by card is the tag sum of
    /// the count by value a table keeps, after every step of a round (each decision, each
    /// dealer step), through shuffles and through shoes that run dry mid-round (one deck and
    /// two dealt to the last card at seven seats, every legal action in turn), for a count of
    /// whole points, a multi-level one and one of half points.
    #[test]
    fn the_running_count_kept_card_by_card_is_the_count_of_the_cards_seen() {
        use crate::analysis::counts::BUILT_IN;
        use crate::engine::{Action, GameRng, Phase};
        use rand::SeedableRng;
        // The times the shoe ran dry, from a step's events.
        let dry = |events: &[Event]| {
            events
                .iter()
                .filter(|e| matches!(e, Event::DiscardsShuffledIn | Event::DeckAdded))
                .count()
        };
        let mut restocks = 0;
        for key in ["hilo", "zen", "halves"] {
            let system = BUILT_IN.iter().find(|s| s.key == key).expect("a built-in count");
            for decks in [1u8, 2] {
                let rules = Rules { decks, penetration: 1.0, ..Rules::default() };
                let rng = || GameRng::seed_from_u64(9);
                let mut counted =
                    Table::with_events(rules.clone(), 7, rng(), RunningCount::new(system));
                let mut by_value = Table::new(rules.clone(), 7, rng());
                let mut moves = 0usize;
                let mut check = |counted: &Table<GameRng, RunningCount>,
                                 by_value: &Table<GameRng>| {
                    assert_eq!(
                        counted.sink().running(),
                        system.running_count(by_value.seen()),
                        "{key}, {decks} deck(s), move {moves}"
                    );
                    moves += 1;
                };
                for round in 0..300usize {
                    counted.start_round().expect("deals");
                    let events = by_value.start_round().expect("deals");
                    restocks += dry(events);
                    check(&counted, &by_value);
                    for turn in round.. {
                        let Some((seat, _)) = by_value.active() else {
                            break;
                        };
                        // Every legal action in turn, so hands split, double, hit and stand.
                        let legal: Vec<Action> = by_value.legal_actions(seat).iter().collect();
                        let action = legal[turn % legal.len()];
                        counted.act(seat, action).expect("a legal action");
                        let events = by_value.act(seat, action).expect("a legal action");
                        restocks += dry(events);
                        check(&counted, &by_value);
                    }
                    while by_value.phase() != Phase::Settled {
                        counted.dealer_step().expect("the dealer's turn");
                        let events = by_value.dealer_step().expect("the dealer's turn");
                        restocks += dry(events);
                        check(&counted, &by_value);
                    }
                }
            }
        }
        assert!(restocks > 20, "the shoe ran dry {restocks} times");
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
        // Its SCORE says it loses: DI² with the sign of the mean.
        assert!(losing.score() < 0.0);
        assert!((losing.score() + losing.di() * losing.di()).abs() < 1e-9);
    }
}
