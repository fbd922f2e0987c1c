//! The variant's basic strategy (total-dependent, full shoe) and its house edge, derived from
//! the exact EVs for the loaded rules — nothing is typed in from a published chart.
//!
//! Per cell the EVs of each action are averaged over the two-card hands that make it, weighted
//! by probability; the best gives the code. Totals no two different non-ace cards make use
//! stand-ins: hard 4 → 2,2, hard 20 → T,T, soft 12 → A,A, hard 21 → T,6,5, soft 21 → A,5,5.
//!
//! The house edge is the return per initial unit of a round over every up card and two-card
//! hand, (a) when every decision follows the chart and (b) when every decision is the
//! composition-dependent best (split hands as well as [`super::player::Solver`] plays them).

use std::sync::Arc;

use super::chart::{Cell, Chart, Code, HandKind, PAIR_ROWS};
use super::memo::Memo;
use super::player::{Game, HandContext, HandEvs, Solver};
use crate::engine::{Rules, Value, ValueCounts};

pub mod asset;

/// The basic strategy of one rule set with its house-edge figures.
#[derive(Debug, Clone, PartialEq)]
pub struct Strategy {
    /// The rules it was derived for.
    pub rules: Rules,
    /// The game it was derived for: this variant or, for comparison, the American peek game.
    pub game: Game,
    /// The chart: a code for every cell.
    pub chart: Chart,
    /// Player's expected return per initial unit when every decision follows the chart.
    pub return_chart: f64,
    /// Player's expected return with composition-dependent best play on every decision.
    pub return_optimal: f64,
    /// Every cell's EVs, averaged over the two-card hands that make it: the numbers its code
    /// was chosen by (the reasons and the chart screen read them).
    pub cell_evs: std::collections::BTreeMap<Cell, CellEvs>,
}

/// A chart cell's EVs per initial unit, full shoe less the up card, averaged over the hands
/// that make the cell (weighted by their probability). `None`: the action is not allowed there.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CellEvs {
    /// Stand.
    pub stand: f64,
    /// Hit (then the best composition-dependent hit/stand).
    pub hit: f64,
    /// Double.
    pub double: Option<f64>,
    /// Split.
    pub split: Option<f64>,
}

impl CellEvs {
    /// The allowed actions with their EVs, best first.
    pub fn ranked(&self) -> Vec<(crate::engine::Action, f64)> {
        use crate::engine::Action;
        let mut all: Vec<(Action, f64)> = [
            (Action::Stand, Some(self.stand)),
            (Action::Hit, Some(self.hit)),
            (Action::Double, self.double),
            (Action::Split, self.split),
        ]
        .into_iter()
        .filter_map(|(a, ev)| ev.filter(|e| e.is_finite()).map(|e| (a, e)))
        .collect();
        all.sort_by(|a, b| b.1.total_cmp(&a.1));
        all
    }
}

/// The strategy for `rules`, computed once per process and rule set: the one everything reads.
pub fn basic_strategy(rules: &Rules) -> Arc<Strategy> {
    basic_strategy_on(rules, cores())
}

/// The cores this process may use.
pub(super) fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// [`basic_strategy`], computed (if it is not cached yet) on `threads` threads. One thread
/// takes about twice as long and needs about two thirds of the memory.
pub fn basic_strategy_on(rules: &Rules, threads: usize) -> Arc<Strategy> {
    cached_strategy(rules, Game::NoHoleCard, |rules| compute_strategy_on(rules, threads))
}

/// The American peek game's basic strategy for the same rules, computed once (for the reasons).
pub fn peek_strategy(rules: &Rules) -> Arc<Strategy> {
    cached_strategy(rules, Game::Peek, |rules| {
        compute_for_shoe(rules, Game::Peek, &ValueCounts::full_shoe(rules.decks), cores())
    })
}

/// [`peek_strategy`] if it has been computed already (for the screen, which must not wait).
pub fn peek_strategy_if_ready(rules: &Rules) -> Option<Arc<Strategy>> {
    STRATEGIES.get(rules, Game::Peek)
}

/// Every strategy worked out in this process.
static STRATEGIES: Memo<Strategy> = Memo::new();

/// The memo's strategy for `rules` and `game`: [`asset::shipped`]'s, else `compute(rules)`.
fn cached_strategy(
    rules: &Rules,
    game: Game,
    compute: impl FnOnce(&Rules) -> Strategy,
) -> Arc<Strategy> {
    STRATEGIES.get_or_compute(rules, game, || {
        asset::shipped(rules, game).unwrap_or_else(|| compute(rules))
    })
}

/// The EV of every action for `hand` against `up` when the cards left in the shoe are `left`
/// (the hand, the up card and everything else seen already removed).
pub fn hand_evs(
    rules: &Rules,
    hand: &[Value],
    up: Value,
    left: &ValueCounts,
    ctx: HandContext,
) -> HandEvs {
    let mut shoe = *left;
    for &v in hand {
        shoe.add(v);
    }
    Solver::new(rules, up, shoe.0).evs(hand, ctx)
}

/// The shoe less one up card.
fn shoe_without(full: &ValueCounts, up: Value) -> [u16; 10] {
    let mut shoe = *full;
    shoe.remove(up);
    shoe.0
}

/// The one hand a cell's EVs are worked out on where no two cards make it: hard 21 → T,6,5
/// and soft 21 → A,5,5 (two cards making 21 are a blackjack). A reason names it.
pub fn stand_in(cell: Cell) -> Option<&'static [Value]> {
    const HARD_21: [Value; 3] = [Value::TEN, Value::of(6), Value::of(5)];
    const SOFT_21: [Value; 3] = [Value::ACE, Value::of(5), Value::of(5)];
    match (cell.kind, cell.row) {
        (HandKind::Hard, 21) => Some(&HARD_21),
        (HandKind::Soft, 21) => Some(&SOFT_21),
        _ => None,
    }
}

/// The hands a cell's EVs are averaged over: the two-card hands that make it, or [`stand_in`].
pub fn cell_hands(cell: Cell) -> Vec<Vec<Value>> {
    row_hands(cell.kind, cell.row, &[1; 10]).into_iter().map(|(hand, _)| hand).collect()
}

/// The hands (with weights) that stand for a row of the chart.
fn row_hands(kind: HandKind, row: u8, shoe: &[u16; 10]) -> Vec<(Vec<Value>, f64)> {
    let count = |v: Value| f64::from(shoe[v.index()]);
    let (ace, ten, v) = (Value::ACE, Value::TEN, Value::clamped);
    if let Some(hand) = stand_in(Cell { kind, row, up: ten }) {
        return vec![(hand.to_vec(), 1.0)];
    }
    match (kind, row) {
        (HandKind::Pair, r) => vec![(vec![v(r), v(r)], 1.0)],
        (HandKind::Hard, 4) => vec![(vec![v(2), v(2)], 1.0)],
        (HandKind::Hard, 20) => vec![(vec![ten, ten], 1.0)],
        (HandKind::Soft, 12) => vec![(vec![ace, ace], 1.0)],
        (HandKind::Soft, t) => vec![(vec![ace, v(t - 11)], 1.0)],
        (HandKind::Hard, t) => Value::ALL[1..]
            .iter()
            .filter_map(|&a| {
                let b = Value::new(t.checked_sub(a.get())?)?;
                (b > a).then(|| (vec![a, b], 2.0 * count(a) * count(b)))
            })
            .collect(),
    }
}

/// The up cards, the costliest to solve first (small up cards make the dealer draw most).
pub(super) const BY_COST: [Value; 10] = {
    let [ace, two, three, four, five, six, seven, eight, nine, ten] = Value::ALL;
    [two, ace, three, four, five, six, seven, eight, nine, ten]
};

/// All rows of the full chart (printed rows plus hard 4 and soft 12).
fn all_rows() -> impl Iterator<Item = (HandKind, u8)> {
    (4..=21u8)
        .map(|r| (HandKind::Hard, r))
        .chain((12..=21u8).map(|r| (HandKind::Soft, r)))
        .chain(PAIR_ROWS.into_iter().map(|r| (HandKind::Pair, r)))
}

/// What one up card contributes: its chart column and the probability-weighted returns.
struct Column {
    up: Value,
    codes: Vec<(Cell, Code, Option<CellEvs>)>,
    return_chart: f64,
    return_optimal: f64,
}

fn solve_column(rules: &Rules, game: Game, full: &ValueCounts, up: Value) -> Column {
    let shoe = shoe_without(full, up);
    let mut solver = Solver::for_game(rules, up, shoe, game);
    // A 6-deck column reaches 16 000 to 24 000 dealer states and 4 000 to 8 000 hit states;
    // room for 24 000 is one table of 32 768 slots, the size it would grow to anyway.
    solver.reserve(24_000);
    let first = HandContext::FIRST;
    // Hard 4 and soft 12 are a 2,2 and an A,A that may not be split: solved with no split.
    let unsplittable = HandContext { hands: rules.max_hands.max(1), ..HandContext::default() };
    let mut chart = Chart::default();
    let mut codes = Vec::new();
    for (kind, row) in all_rows() {
        let ctx = match (kind, row) {
            (HandKind::Hard, 4) | (HandKind::Soft, 12) => unsplittable,
            _ => first,
        };
        let hands = row_hands(kind, row, &shoe);
        let (mut stand, mut hit, mut double, mut split, mut weight) =
            (0.0, 0.0, Some(0.0), Some(0.0), 0.0);
        for (hand, w) in &hands {
            if *w == 0.0 || !solver.holds(hand) {
                continue;
            }
            let evs = solver.evs(hand, ctx);
            stand += w * evs.stand;
            hit += w * evs.hit.unwrap_or(f64::NEG_INFINITY);
            double = double.zip(evs.double).map(|(a, b)| a + w * b);
            split = split.zip(evs.split).map(|(a, b)| a + w * b);
            weight += w;
        }
        let (code, evs) = if weight == 0.0 {
            (Code::S, None)
        } else {
            let avg = |x: f64| x / weight;
            let evs = CellEvs {
                stand: avg(stand),
                hit: avg(hit),
                double: double.map(avg),
                split: split.map(avg),
            };
            (Solver::best_code(evs.stand, evs.hit, evs.double, evs.split), Some(evs))
        };
        let cell = Cell { kind, row, up };
        chart.set(cell, code);
        codes.push((cell, code, evs));
    }
    // The round's return for this up card: every two-card hand, by probability.
    let total: f64 = shoe.iter().map(|&c| f64::from(c)).sum();
    let (mut return_chart, mut return_optimal) = (0.0, 0.0);
    for a in Value::ALL {
        for &b in &Value::ALL[a.index()..] {
            let (ca, cb) = (f64::from(shoe[a.index()]), f64::from(shoe[b.index()]));
            let p = if a == b { ca * (ca - 1.0) } else { 2.0 * ca * cb } / (total * (total - 1.0));
            if p <= 0.0 {
                continue;
            }
            let hand = [a, b];
            return_chart += p * solver.chart_ev(&hand, &chart);
            return_optimal += p * solver.evs(&hand, first).best().1;
        }
    }
    Column { up, codes, return_chart, return_optimal }
}

/// Computes the chart and both returns for `rules` on `threads` threads (clamped to 1–2).
pub fn compute_strategy_on(rules: &Rules, threads: usize) -> Strategy {
    compute_for_shoe(rules, Game::NoHoleCard, &ValueCounts::full_shoe(rules.decks), threads)
}

/// [`compute_strategy_on`] for `game` and a shoe of composition `full` (a full shoe less some
/// cards, for the effects of removal). The up cards are independent: each thread takes the
/// next, the costliest first.
pub fn compute_for_shoe(rules: &Rules, game: Game, full: &ValueCounts, threads: usize) -> Strategy {
    let threads = threads.clamp(1, 2);
    let mut columns = parallel_map(&BY_COST, threads, |&up| solve_column(rules, game, full, up));
    // Summed in up-card order (they come in order of cost).
    columns.sort_by_key(|c| c.up);
    let n = f64::from(full.total() as u16);
    let mut chart = Chart::default();
    let mut cell_evs = std::collections::BTreeMap::new();
    let (mut return_chart, mut return_optimal) = (0.0, 0.0);
    for column in &columns {
        let p_up = f64::from(full.get(column.up)) / n;
        if p_up == 0.0 {
            continue;
        }
        return_chart += p_up * column.return_chart;
        return_optimal += p_up * column.return_optimal;
        for &(cell, code, evs) in &column.codes {
            chart.set(cell, code);
            if let Some(evs) = evs {
                cell_evs.insert(cell, evs);
            }
        }
    }
    Strategy { rules: rules.clone(), game, chart, return_chart, return_optimal, cell_evs }
}

/// Runs `work` on every item on `threads` threads (at least one), the results in item order;
/// each thread takes the next item not yet taken.
pub(super) fn parallel_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    work: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let threads = threads.clamp(1, items.len().max(1));
    if threads == 1 {
        return items.iter().map(work).collect();
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut done: Vec<(usize, R)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break };
                        mine.push((i, work(item)));
                    }
                    mine
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("an analysis thread panicked")).collect()
    });
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::chart::UP_CARDS;
    use crate::engine::{Action, ActionSet, Cards};

    /// A 2,2 or an A,A that may not be split (the seat holds `max_hands` hands already; a
    /// split ace under `hit_split_aces` when aces may not be re-split) plays its total's row:
    /// that row must be solved without the split, or the chart's "split" falls back to
    /// standing on 4 or soft 12.
    #[test]
    fn an_unsplittable_pair_is_hit_where_hitting_beats_standing() {
        let two_hands = Rules { max_hands: 2, ..Rules::default() };
        let hit_aces = Rules { hit_split_aces: true, ..Rules::default() };
        let mut both = hit_aces.clone();
        both.max_hands = 2;
        both.dealer_hits_soft_17 = true;
        let stand_hit: ActionSet = [Action::Stand, Action::Hit].into_iter().collect();
        let mut stand_hit_double = stand_hit;
        stand_hit_double.insert(Action::Double);
        let mut hit_seen = 0;
        for rules in [Rules::default(), two_hands, hit_aces, both] {
            let s = compute_strategy_on(&rules, 1);
            for up in UP_CARDS {
                let mut solver =
                    Solver::new(&rules, up, shoe_without(&ValueCounts::full_shoe(rules.decks), up));
                let cases = [
                    // 2,2 as the last hand a seat may hold.
                    (
                        [Value::of(2); 2],
                        HandContext { from_split: true, split_aces: false, hands: rules.max_hands },
                    ),
                    // A split ace that drew an ace, aces not re-split, hitting allowed.
                    ([Value::ACE; 2], HandContext { from_split: true, split_aces: true, hands: 2 }),
                ];
                for (values, ctx) in cases {
                    if values == [Value::ACE; 2] && !rules.hit_split_aces {
                        continue;
                    }
                    let evs = solver.evs(&values, ctx);
                    assert_eq!(evs.split, None, "{values:?} may not be split here");
                    let Some(hit) = evs.hit else { continue };
                    let cards = Cards::from_values(&values);
                    for legal in [stand_hit, stand_hit_double] {
                        let action = s.chart.decide(&cards, up, legal);
                        if hit > evs.stand {
                            hit_seen += 1;
                            assert_ne!(
                                action,
                                Action::Stand,
                                "{values:?} vs {up} under {rules:?}: hit {hit:+.4} beats \
                                 stand {:+.4}",
                                evs.stand
                            );
                        }
                    }
                }
            }
        }
        assert!(hit_seen > 0, "some unsplittable pair is worth hitting");
    }

    #[test]
    fn hard_totals_of_four_to_eleven_never_stand() {
        let s = basic_strategy(&Rules::default());
        for row in 4..=11u8 {
            for up in UP_CARDS {
                let code = s.chart.get(Cell { kind: HandKind::Hard, row, up });
                assert!(!matches!(code, Code::S | Code::Ds), "hard {row} vs {up}: {code}");
            }
        }
    }

    #[test]
    fn no_peek_changes_the_american_chart_where_it_should() {
        // Without a peek, a dealer ten or ace may hold a natural that takes the whole double or
        // split stake: 11 vs T is no double and 8,8 vs T or A no split in this variant.
        let s = basic_strategy(&Rules::default());
        assert_ne!(s.chart.get(Cell { kind: HandKind::Hard, row: 11, up: Value::of(10) }), Code::D);
        assert_ne!(s.chart.get(Cell { kind: HandKind::Pair, row: 8, up: Value::of(1) }), Code::P);
        assert_eq!(s.chart.get(Cell { kind: HandKind::Pair, row: 8, up: Value::of(6) }), Code::P);
        assert_eq!(s.chart.get(Cell { kind: HandKind::Hard, row: 16, up: Value::of(6) }), Code::S);
        assert_eq!(s.chart.get(Cell { kind: HandKind::Hard, row: 16, up: Value::of(10) }), Code::H);
    }

    #[test]
    fn optimal_play_is_never_worse_than_the_chart() {
        let s = basic_strategy(&Rules::default());
        assert!(s.return_optimal >= s.return_chart - 1e-12);
        assert!(s.return_chart < 0.0 && s.return_chart > -0.02, "{}", s.return_chart);
    }

    /// The optimal-play return for the rules in `toml` is within 0.005 percentage points of a
    /// published one.
    fn assert_optimal_return(toml: &str, published: f64) {
        let s = compute_strategy_on(&Rules::from_toml(toml).unwrap(), 2);
        assert!(
            (s.return_optimal - published).abs() < 0.00005,
            "{toml}: {} against {published}",
            s.return_optimal
        );
    }

    /// Wizard of Odds, "Blackjack Appendix 9 — Six deck, dealer hits on soft 17, no hole
    /// card" (resplit to four hands except aces, no drawing to split aces): expected return
    /// of the game −0.0072705 with double after split and −0.0086975 without, computed with
    /// exact composition on every decision and splits that track only the number of hands
    /// split — the method here.
    #[test]
    fn six_deck_h17_returns_match_wizard_of_odds_appendix_9() {
        assert_optimal_return("dealer_hits_soft_17 = true", -0.0072705);
        assert_optimal_return("dealer_hits_soft_17 = true\ndouble_after_split = false", -0.0086975);
    }

    /// Wizard of Odds, "Blackjack Appendix 9 — Eight decks, dealer hits on soft 17, no hole
    /// card" (same rules and method): "Player may double after split: -0.007562".
    #[test]
    fn eight_deck_h17_return_matches_wizard_of_odds_appendix_9() {
        assert_optimal_return("dealer_hits_soft_17 = true\ndecks = 8", -0.007562);
    }

    #[test]
    fn one_thread_and_two_give_the_same_digits() {
        // The columns are summed in up-card order whichever thread solved them.
        let rules = Rules::default();
        let one = compute_strategy_on(&rules, 1);
        let two = compute_strategy_on(&rules, 2);
        assert_eq!(one, two);
        assert_eq!(one.return_chart.to_bits(), two.return_chart.to_bits());
    }
}
