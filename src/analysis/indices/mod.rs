//! Hi-Lo index plays computed for the loaded rules, and the player's edge by true count — by
//! exact analysis of count-conditioned shoes, not by simulation and not from a table.
//!
//! # Method
//!
//! 1. **States.** The shoe is followed round by round from depth 0 to the cut card, a Markov
//!    chain over (cards dealt, running count) ([`rounds::round_starts`]); given both, the low,
//!    neutral and high cards dealt are multivariate hypergeometric, and the true count is
//!    `rc · 52 / cards left`. Every (depth stratum, tenth-of-a-count bin) gets its weight and
//!    mean exact true count ([`shoes::Layout::weights`]). [`Starts::Uniform`] (earlier
//!    versions) takes the depth uniform instead, which the simulator refutes (see below).
//! 2. **Representative shoes.** At the middle depth of each of `strata` depth ranges, one shoe
//!    per running count about one true count apart stands for the states of that count: the
//!    neutral cards dealt in proportion, each group split evenly over its ranks, so its true
//!    count is exact. [`crate::analysis::player::Solver`] solves it for all ten up cards: every
//!    action of every cell a round's first two cards reach, the cell's chance per round, and
//!    the round's return by the count-neutral chart.
//! 3. **Averaging.** A state takes its stratum's curve at its bin's mean count (linear between
//!    grid shoes, flat beyond), and each floored count averages its states by weight.
//! 4. **Index.** `otherwise` is the full shoe's play. For every other allowed action the
//!    chance-weighted EV gain is averaged per floored count; the index is the smallest count
//!    from which it is better ("at or above"), or below which it is ("below"), searched from
//!    the count-neutral bins outwards; the action and side that gain most make the cell's
//!    index. `crossing` is where the tenth-of-a-count gain curve passes zero (a floored bin
//!    `[i, i+1)` averages `i + ½`, so the index is about the crossing rounded). No crossing
//!    between −10 and +15: `index` `None`.
//! 5. **Gain and edge.** `gain_per_100` is 100 × the sum, over the counts on the index's side,
//!    of the share of rounds × the gain; the edge with indices at a count is the basic return
//!    plus the gains of the indices made there.
//!
//! # Approximations and their measured size
//!
//! In true counts (TC), 6 decks, S17, 75 %; the ignored test `approximation_sizes` prints the
//! first three.
//!
//! - **Neutral cards at their mean.** What averaging leaves is the curvature: moving the
//!   neutral cards by ±3 (one standard deviation at mid depth) shifts a gain by at most 0.30 TC
//!   (9 vs 2; 0.02 for 16 vs T and 10 vs A, 0.20 for 12 vs 4, 11 vs T and T,T vs 6), an upper
//!   bound (those shoes also sit up to 10 cards deeper or shallower).
//! - **Depth strata.** 8 strata instead of 4 move the crossings of the 40 most valuable
//!   indices by at most 0.15 TC and change none of them (both games).
//! - **Linear interpolation** between grid shoes (5 running counts apart: 0.9 TC at the top,
//!   2.4 TC in the deepest stratum): against the mean of neighbours two steps away, at most
//!   0.94 TC (12 vs 4, 10 vs A, T,T vs 6; 0.20 for 16 vs T); over one step, a quarter of that
//!   (the error grows with the square of the step), bounded by the strata figure above.
//! - **Ranks within a group.** Split exactly evenly (low and high cards in fives, neutral in
//!   threes); rounding instead moved 16 vs T by up to 0.7 TC and T,T vs 6 by 0.1 TC. Their
//!   spread around the even split enters only through the curvature.
//! - **Hands of three or more cards** reach a stand/hit cell with the chance of the neutral
//!   chart's hits; leaving them out moved the peek game's 16 vs T from +1 to +2 and 16 vs 9
//!   from +5 to +8 (published indices are for every 16). Split hands are left out.
//! - **Edge with indices**: the basic return plus the gains above, not a re-solve with the
//!   count's chart (an index inside a split hand is not counted).
//! - **Where rounds start.** The uniform depth gave 0.43 % of rounds to depth 0 where the
//!   simulator deals 2.34 % (42.76 rounds a shoe, 4·10⁸ rounds), and none of the count's pull
//!   (a positive count's rounds take more cards, so fewer start there). Against `blackjack
//!   --seed 11 sim --count hilo --indices none --hands 1e9` its shares were off by +2.3 % at
//!   count 0, −3.4 % from +1 to +8, up to +1.5 % below 0, and count 0's edge by −4.6 standard
//!   errors. Followed round by round ([`Starts::Played`]) the shares agree within 1.1 % from
//!   −5 to +8 and count 0's edge within 1.8 standard errors. The round's cards come from grid
//!   shoes at half the cut card's depth, 10 running counts apart; paths under 10⁻¹⁰ are cut
//!   off; the running count is kept within ±120.
//! - **The rest.** The simulated edges are still below these at most counts (−5 … −1 and
//!   +3 … +6 at 10⁹ rounds, by 0.6 to 2.7 standard errors; `docs/numbers.md`): of the order of
//!   what the even split of the high group leaves out (aces and tens apart: about −0.0001 to
//!   −0.0003 deep in the shoe), not modelled.
//!
//! # Games
//!
//! [`Game::Peek`] is the American game (the dealer checks under an ace or a ten; a natural
//! takes only the original bet), for comparison with published tables.

mod model;
mod rounds;
pub mod shipped;
mod shoes;
mod solve;

use std::sync::Arc;

pub use crate::analysis::player::Game;

use self::model::CountModel;
use self::shoes::{Bins, Layout, Node};
use self::solve::{CellEvs, Tracked, UpResult, slot, solve_up, tracked_cells};
use super::chart::{Cell, Chart, UP_CARDS};
use super::counts::{CountSystem, HI_LO};
use super::deviation::{Direction, IndexPlay, IndexTable, illustrious_18};
use super::memo::Memo;
use super::player::Solver;
use super::strategy::{BY_COST, basic_strategy_on, cores, parallel_map};
use crate::engine::{Action, Rules, Value};
use crate::text::signed;

/// The true counts searched for a crossing: "never between −10 and +15" outside them.
pub const INDEX_RANGE: std::ops::RangeInclusive<i32> = -10..=15;
/// What a play that never crosses in [`INDEX_RANGE`] says: `never between −10 and +15`.
pub fn never_words() -> String {
    format!("never between {} and {}", signed(*INDEX_RANGE.start()), signed(*INDEX_RANGE.end()))
}

/// The true counts of the edge table.
pub const EDGE_RANGE: std::ops::RangeInclusive<i32> = -5..=8;

/// How fine the grid of representative shoes is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Resolution {
    /// Depth strata (ranges of cards dealt).
    pub strata: usize,
    /// True counts between neighbouring grid shoes of a stratum.
    pub step: f64,
    /// Where rounds start.
    pub starts: Starts,
}

/// Where the rounds whose counts are weighed start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Starts {
    /// As the shoe is played: round after round from depth 0 to the cut card, each taking
    /// the cards it takes (the method's; see the module documentation).
    Played,
    /// Uniformly over the cards before the cut card (earlier versions' assumption, kept to
    /// measure what it changes).
    Uniform,
}

impl Resolution {
    /// The resolution of the published figures.
    pub const FULL: Resolution = Resolution { strata: 4, step: 1.0, starts: Starts::Played };
}

/// The player's return at one floored true count.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct TcEdge {
    /// The floored true count.
    pub tc: i32,
    /// The share of rounds that start at this count (the rules' penetration).
    pub share: f64,
    /// Expected return per initial unit, following the count-neutral chart.
    pub basic: f64,
    /// Expected return per initial unit, making the index plays that apply at this count.
    pub with_indices: f64,
}

/// The index table of one game and count for the loaded rules, with the edge by count.
#[derive(Debug, Clone, PartialEq)]
pub struct IndicesReport {
    /// Which game.
    pub game: Game,
    /// The count whose index table this is.
    pub system: CountSystem,
    /// The counts searched for a crossing (a balanced count's [`INDEX_RANGE`]; an unbalanced
    /// count's running counts from 10 below its start to +15).
    pub index_range: std::ops::RangeInclusive<i32>,
    /// The index plays, most valuable first; then the cells of the published Illustrious 18
    /// that never change here (index `None`).
    pub table: IndexTable,
    /// The edge by floored true count, −5 … +8 (an unbalanced count's: by running count, from
    /// 5 below its start to +8).
    pub edge_by_tc: Vec<TcEdge>,
    /// The count-neutral chart (full shoe) that `otherwise` reads.
    pub chart: Chart,
}

/// The no-hole-card Hi-Lo index table for `rules`: [`index_table_for`] with Hi-Lo.
pub fn index_table(rules: &Rules) -> IndexTable {
    index_table_for(rules, &HI_LO)
}

/// The no-hole-card index table of the count `system` for `rules`, by the count
/// [`CountSystem::index_count`] reads: shipped for the default rules' Hi-Lo ([`shipped`]),
/// else computed once per process, rule set and count, on one thread per core.
pub fn index_table_for(rules: &Rules, system: &CountSystem) -> IndexTable {
    if let Some(table) = shipped::shipped(rules, system) {
        return table;
    }
    report_for(rules, Game::NoHoleCard, system, cores()).table.clone()
}

/// [`report_for`] with Hi-Lo.
pub fn report(rules: &Rules, game: Game, threads: usize) -> Arc<IndicesReport> {
    report_for(rules, game, &HI_LO, threads)
}

/// The full-resolution report of `game` and `system` for `rules`, computed once per process.
pub fn report_for(
    rules: &Rules,
    game: Game,
    system: &CountSystem,
    threads: usize,
) -> Arc<IndicesReport> {
    REPORTS.get_or_compute_for(rules, game, system, || {
        compute_for(rules, game, system, threads, Resolution::FULL)
    })
}

/// The reports worked out in this process.
static REPORTS: Memo<IndicesReport> = Memo::new();

/// Computes the report of `game` and `system` for `rules` at `resolution` (the same figures
/// on any number of `threads`).
pub fn compute_for(
    rules: &Rules,
    game: Game,
    system: &CountSystem,
    threads: usize,
    resolution: Resolution,
) -> IndicesReport {
    let model = CountModel::new(system, rules.decks);
    analyse(game, system, &run(rules, game, threads, resolution, &UP_CARDS, &model), &UP_CARDS)
}

/// The index play of one cell alone, with only its up card's column solved (a tenth of the
/// work of [`compute_for`]): `None` where the count never changes the play.
pub fn cell_index(
    rules: &Rules,
    game: Game,
    cell: Cell,
    threads: usize,
    resolution: Resolution,
) -> Option<IndexPlay> {
    let ups = [cell.up];
    let model = CountModel::new(&HI_LO, rules.decks);
    let run = run(rules, game, threads, resolution, &ups, &model);
    analyse(game, &HI_LO, &run, &ups).table.get(cell).filter(|p| p.index.is_some()).cloned()
}

/// Everything solved for the up cards `ups`.
struct Run {
    model: CountModel,
    chart: Chart,
    tracked: Vec<Tracked>,
    solved: Vec<Solved>,
    curves: Curves,
}

fn run(
    rules: &Rules,
    game: Game,
    threads: usize,
    resolution: Resolution,
    ups: &[Value],
    model: &CountModel,
) -> Run {
    let layout = Layout::new(rules, resolution.strata, model);
    let tracked = tracked_cells();
    let chart = neutral_chart(rules, game, threads, &layout, &tracked, ups);
    // The grid spans the index range's counts (for an unbalanced count, the coordinates its
    // running counts reach) and two more either side.
    let (lo, hi) = match model.initial {
        None => (f64::from(*INDEX_RANGE.start()) - 2.0, f64::from(*INDEX_RANGE.end()) + 2.0),
        Some(_) => (-12.0, 17.0),
    };
    let nodes = layout.nodes(lo, hi, resolution.step);
    let solved = solve_nodes(rules, game, threads, &nodes, &chart, &tracked, ups);
    let starts = match resolution.starts {
        // The rounds of this game's shoe, played by its basic strategy, for either game's
        // table: both weigh the same shoe's rounds (and so agree under a 2–9).
        Starts::Played => Some(rounds::round_starts(
            rules,
            &basic_strategy_on(rules, threads).chart,
            &layout,
            threads,
        )),
        Starts::Uniform => None,
    };
    let curves = Curves::new(&layout, &nodes, starts.as_ref());
    Run { model: model.clone(), chart, tracked, solved, curves }
}

/// One grid shoe solved: per tracked cell its EVs, and the round's return by the chart.
struct Solved {
    cells: Vec<CellEvs>,
    return_chart: f64,
}

fn solve_nodes(
    rules: &Rules,
    game: Game,
    threads: usize,
    nodes: &[Node],
    chart: &Chart,
    tracked: &[Tracked],
    ups: &[Value],
) -> Vec<Solved> {
    // The costliest up cards first within each shoe, as the strategy computation does.
    let items: Vec<(usize, Value)> = (0..nodes.len())
        .flat_map(|n| BY_COST.into_iter().filter(|up| ups.contains(up)).map(move |up| (n, up)))
        .collect();
    let results: Vec<UpResult> = parallel_map(&items, threads, |&(n, up)| {
        solve_up(rules, game, &nodes[n].shoe, up, chart, tracked)
    });
    let mut solved: Vec<Solved> = nodes
        .iter()
        .map(|_| Solved { cells: vec![CellEvs::default(); tracked.len()], return_chart: 0.0 })
        .collect();
    // Summed in up-card order whatever the threads did: the same digits every run.
    let mut by_node: Vec<Vec<(Value, &UpResult)>> = vec![Vec::new(); nodes.len()];
    for (&(n, up), r) in items.iter().zip(&results) {
        by_node[n].push((up, r));
    }
    for (s, mut ups) in solved.iter_mut().zip(by_node) {
        ups.sort_by_key(|(up, _)| *up);
        for (_, r) in ups {
            s.return_chart += r.return_chart;
            for &(i, evs) in &r.cells {
                s.cells[i] = evs;
            }
        }
    }
    solved
}

/// The chart for the full shoe: the project's basic strategy, with every first-decision cell
/// re-derived for `game` (in the no-hole-card game it is the same chart).
fn neutral_chart(
    rules: &Rules,
    game: Game,
    threads: usize,
    layout: &Layout,
    tracked: &[Tracked],
    ups: &[Value],
) -> Chart {
    let mut chart = basic_strategy_on(rules, threads).chart.clone();
    let full = [Node { stratum: 0, tc: 0.0, shoe: layout.full_shoe() }];
    let solved = solve_nodes(rules, game, threads, &full, &chart, tracked, ups);
    for (t, c) in tracked.iter().zip(&solved[0].cells) {
        if c.weight > 0.0 {
            let ev = |a: Action| c.evs[slot(a)];
            let code = Solver::best_code(
                ev(Action::Stand).unwrap_or(f64::NEG_INFINITY),
                ev(Action::Hit).unwrap_or(f64::NEG_INFINITY),
                ev(Action::Double),
                ev(Action::Split),
            );
            chart.set(t.cell, code);
        }
    }
    chart
}

/// Interpolation of per-shoe figures to every state, and their averages by true count.
struct Curves {
    /// The fine bins.
    bins: Bins,
    /// `weights[stratum][fine bin]`.
    weights: Vec<Vec<f64>>,
    /// Per stratum and fine bin: the two grid shoes around its centre and the second's share.
    between: Vec<Vec<(usize, usize, f64)>>,
}

impl Curves {
    fn new(layout: &Layout, nodes: &[Node], starts: Option<&shoes::RoundStarts>) -> Curves {
        let shoes::Weights { weights, mean_tc } = layout.weights(starts);
        let between = (0..layout.strata)
            .map(|k| {
                let mine: Vec<usize> =
                    (0..nodes.len()).filter(|&n| nodes[n].stratum == k).collect();
                (0..weights[k].len())
                    .map(|b| {
                        // The curve at the bin's mean exact count: the curve is linear between
                        // grid shoes, so this is each state at its own count averaged (but in
                        // the few bins a grid shoe's count falls inside). At the bin's centre
                        // instead, a running count of exactly 0 was read at +0.05.
                        let t = mean_tc[k][b];
                        let above = mine.iter().position(|&n| nodes[n].tc >= t);
                        match above {
                            None => {
                                let last = mine.last().copied().unwrap_or(0);
                                (last, last, 0.0)
                            }
                            Some(0) => (mine[0], mine[0], 0.0),
                            Some(j) => {
                                let (a, b) = (mine[j - 1], mine[j]);
                                let f = (t - nodes[a].tc) / (nodes[b].tc - nodes[a].tc);
                                (a, b, f)
                            }
                        }
                    })
                    .collect()
            })
            .collect();
        Curves { bins: layout.bins, weights, between }
    }

    /// A per-shoe figure at every (stratum, fine bin).
    fn at(&self, q: &[f64], k: usize, b: usize) -> f64 {
        let (i, j, f) = self.between[k][b];
        q[i] * (1.0 - f) + q[j] * f
    }

    /// Per fine bin: the figure averaged over its states (over the strata where it has none).
    fn fine(&self, q: &[f64]) -> Vec<f64> {
        let bins = self.weights[0].len();
        (0..bins)
            .map(|b| {
                let (mut sum, mut w) = (0.0, 0.0);
                for k in 0..self.weights.len() {
                    sum += self.weights[k][b] * self.at(q, k, b);
                    w += self.weights[k][b];
                }
                if w > 1e-300 {
                    sum / w
                } else {
                    let strata = self.weights.len();
                    (0..strata).map(|k| self.at(q, k, b)).sum::<f64>() / strata as f64
                }
            })
            .collect()
    }

    /// Per floored true count, lowest first: (count, share of rounds, averaged figure).
    fn by_count(&self, q: &[f64]) -> Vec<(i32, f64, f64)> {
        let fine = self.fine(q);
        let bins: Vec<usize> = (0..fine.len()).collect();
        let floor = |b: &usize| self.bins.floor(*b);
        bins.chunk_by(|a, b| floor(a) == floor(b))
            .map(|run| {
                let (mut w, mut sum, mut plain) = (0.0, 0.0, 0.0);
                for &b in run {
                    let wb: f64 = self.weights.iter().map(|row| row[b]).sum();
                    (w, sum, plain) = (w + wb, sum + wb * fine[b], plain + fine[b]);
                }
                let avg = if w > 1e-300 { sum / w } else { plain / run.len() as f64 };
                (floor(&run[0]), w, avg)
            })
            .collect()
    }
}

/// A candidate index play of one cell.
struct Candidate {
    play: IndexPlay,
    /// Per floored count: (tc, share, chance-weighted gain per round).
    by_count: Vec<(i32, f64, f64)>,
}

fn analyse(game: Game, system: &CountSystem, run: &Run, ups: &[Value]) -> IndicesReport {
    let Run { model, chart, tracked, solved, curves } = run;
    let returns: Vec<f64> = solved.iter().map(|s| s.return_chart).collect();
    let range = model.index_range();
    let edge_range = model.edge_range();
    let basic = curves.by_count(&returns);
    // Where the count is neutral: 0 for a true count; for a running count, the mean count
    // at which rounds start, floored (the full shoe's play is searched outwards from there).
    let neutral = if model.by_running_count() {
        let (w, sum) = basic
            .iter()
            .fold((0.0, 0.0), |(w, s), &(tc, share, _)| (w + share, s + share * f64::from(tc)));
        if w > 0.0 { (sum / w).floor() as i32 } else { 0 }
    } else {
        0
    };
    let published = illustrious_18();
    let mut chosen: Vec<Candidate> = Vec::new();
    let mut never: Vec<IndexPlay> = Vec::new();
    for (i, t) in tracked.iter().enumerate().filter(|(_, t)| ups.contains(&t.cell.up)) {
        let otherwise = chart.get(t.cell).preferred();
        let mut best: Option<Candidate> = None;
        for play in Action::ALL {
            let allowed = solved
                .iter()
                .all(|s| s.cells[i].evs[slot(play)].is_some() || s.cells[i].weight == 0.0);
            if play == otherwise || !allowed {
                continue;
            }
            // Stand against hit is decided in every hand of the total, the hands of three
            // or more cards too; a double or a split only in the first two cards.
            let stand_or_hit = matches!(
                (play, otherwise),
                (Action::Stand, Action::Hit) | (Action::Hit, Action::Stand)
            );
            let gain: Vec<f64> = solved
                .iter()
                .map(|s| {
                    let c = &s.cells[i];
                    let first = match (c.evs[slot(play)], c.evs[slot(otherwise)]) {
                        (Some(p), Some(o)) => c.weight * (p - o),
                        _ => 0.0,
                    };
                    let more = if stand_or_hit {
                        let diff = c.multi_hit - c.multi_stand;
                        c.multi_weight * if play == Action::Hit { diff } else { -diff }
                    } else {
                        0.0
                    };
                    first + more
                })
                .collect();
            let by_count = curves.by_count(&gain);
            let fine = curves.fine(&gain);
            // Per hand in the cell: the chance-weighted gain over the cell's chance, each
            // averaged over the count's states.
            let chance: Vec<f64> = solved
                .iter()
                .map(|s| {
                    let c = &s.cells[i];
                    c.weight + if stand_or_hit { c.multi_weight } else { 0.0 }
                })
                .collect();
            let per_hand: Vec<(i32, f64)> = by_count
                .iter()
                .zip(curves.by_count(&chance))
                .filter(|((tc, _, _), _)| range.contains(tc))
                .map(|(&(tc, _, g), (_, _, w))| (tc, if w > 0.0 { g / w } else { 0.0 }))
                .collect();
            for direction in [Direction::AtOrAbove, Direction::Below] {
                let Some(index) = find_index(&by_count, direction, &range, neutral) else {
                    continue;
                };
                let mut candidate = IndexPlay {
                    cell: t.cell,
                    play,
                    otherwise,
                    direction,
                    index: Some(index),
                    crossing: crossing(&fine, direction, index, curves.bins, &range),
                    gain_per_100: 0.0,
                    gain_by_tc: per_hand.clone(),
                };
                candidate.gain_per_100 = 100.0
                    * by_count
                        .iter()
                        .filter(|(tc, _, _)| candidate.applies(*tc))
                        .map(|(_, share, g)| share * g)
                        .sum::<f64>();
                if best.as_ref().is_none_or(|b| candidate.gain_per_100 > b.play.gain_per_100) {
                    best = Some(Candidate { play: candidate, by_count: by_count.clone() });
                }
            }
        }
        match best {
            Some(c) if c.play.gain_per_100 > 0.0 => chosen.push(c),
            _ => {
                if let Some(p) = published.get(t.cell).filter(|p| p.play != otherwise) {
                    never.push(IndexPlay {
                        cell: t.cell,
                        play: p.play,
                        otherwise,
                        direction: p.direction,
                        index: None,
                        crossing: None,
                        gain_per_100: 0.0,
                        gain_by_tc: Vec::new(),
                    });
                }
            }
        }
    }
    chosen.sort_by(|a, b| b.play.gain_per_100.total_cmp(&a.play.gain_per_100));
    let edge_by_tc = basic
        .iter()
        .filter(|(tc, _, _)| edge_range.contains(tc))
        .map(|&(tc, share, basic)| {
            let extra: f64 = chosen
                .iter()
                .filter(|c| c.play.applies(tc))
                .filter_map(|c| c.by_count.iter().find(|x| x.0 == tc).map(|x| x.2))
                .sum();
            TcEdge { tc, share, basic, with_indices: basic + extra }
        })
        .collect();
    let mut plays: Vec<IndexPlay> = chosen.into_iter().map(|c| c.play).collect();
    plays.extend(never);
    IndicesReport {
        game,
        system: system.clone(),
        index_range: range,
        table: IndexTable { plays },
        edge_by_tc,
        chart: chart.clone(),
    }
}

/// The index on `direction`'s side from the count-neutral bins (`neutral` and the one below)
/// outwards (see the module documentation), if the play is better at some count of `range`.
fn find_index(
    by_count: &[(i32, f64, f64)],
    direction: Direction,
    range: &std::ops::RangeInclusive<i32>,
    neutral: i32,
) -> Option<i32> {
    let better = |tc: i32| by_count.iter().find(|x| x.0 == tc).is_some_and(|x| x.2 > 0.0);
    let (lo, hi) = (*range.start(), *range.end());
    let n = neutral;
    match direction {
        Direction::AtOrAbove => {
            if better(n) {
                let worse = (lo..n).rev().find(|&tc| !better(tc));
                Some(worse.map_or(lo, |tc| tc + 1))
            } else {
                (n + 1..=hi).find(|&tc| better(tc))
            }
        }
        Direction::Below => {
            if better(n - 1) {
                let worse = (n..=hi).find(|&tc| !better(tc));
                Some(worse.unwrap_or(hi + 1))
            } else {
                (lo..n - 1).rev().find(|&tc| better(tc)).map(|tc| tc + 1)
            }
        }
    }
}

/// Where the fine gain curve passes zero on `direction`'s side, nearest the index.
fn crossing(
    fine: &[f64],
    direction: Direction,
    index: i32,
    bins: Bins,
    range: &std::ops::RangeInclusive<i32>,
) -> Option<f64> {
    let per = bins.per as f64;
    let lo = (f64::from(*range.start()) - 1.0).max(bins.lo as f64 / per);
    let hi = (f64::from(*range.end()) + 1.0).min(bins.hi as f64 / per);
    (1..fine.len())
        .filter_map(|b| {
            let (a, c) = (fine[b - 1], fine[b]);
            let rising = a <= 0.0 && c > 0.0;
            let falling = a > 0.0 && c <= 0.0;
            let wanted = match direction {
                Direction::AtOrAbove => rising,
                Direction::Below => falling,
            };
            if !wanted {
                return None;
            }
            let (ta, tb) = (bins.centre(b - 1), bins.centre(b));
            let t = ta + (tb - ta) * a / (a - c);
            (lo..=hi).contains(&t).then_some(t)
        })
        .min_by(|x, y| {
            let d = |t: f64| (t - f64::from(index)).abs();
            d(*x).total_cmp(&d(*y))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::chart::HandKind;

    fn counts(values: &[(i32, f64)]) -> Vec<(i32, f64, f64)> {
        values.iter().map(|&(tc, g)| (tc, 0.01, g)).collect()
    }

    #[test]
    fn an_index_is_found_from_the_neutral_counts_outwards() {
        // Better from +3 up: "at or above +3"; no "below" index.
        let rising = counts(&INDEX_RANGE.map(|tc| (tc, f64::from(tc) - 2.5)).collect::<Vec<_>>());
        let find = |by: &[(i32, f64, f64)], d| find_index(by, d, &INDEX_RANGE, 0);
        assert_eq!(find(&rising, Direction::AtOrAbove), Some(3));
        assert_eq!(find(&rising, Direction::Below), None);
        // Already better at 0 and at −1, not at −2: "at or above −1".
        let early = counts(&INDEX_RANGE.map(|tc| (tc, f64::from(tc) + 1.5)).collect::<Vec<_>>());
        assert_eq!(find(&early, Direction::AtOrAbove), Some(-1));
        // Better below −2 (at −3 and lower): "below −2".
        let falling = counts(&INDEX_RANGE.map(|tc| (tc, -f64::from(tc) - 2.5)).collect::<Vec<_>>());
        assert_eq!(find(&falling, Direction::Below), Some(-2));
        assert_eq!(find(&falling, Direction::AtOrAbove), None);
        // Never better in the range.
        let never = counts(&INDEX_RANGE.map(|tc| (tc, -1.0)).collect::<Vec<_>>());
        assert_eq!(find(&never, Direction::AtOrAbove), None);
        assert_eq!(find(&never, Direction::Below), None);
        // A running count's search starts at its neutral count: better from −7 up, searched
        // from −11, is "at or above −7".
        let running = counts(&(-30..=15).map(|rc| (rc, f64::from(rc) + 7.5)).collect::<Vec<_>>());
        assert_eq!(find_index(&running, Direction::AtOrAbove, &(-30..=15), -11), Some(-7));
    }

    #[test]
    fn the_crossing_is_interpolated_between_bin_centres() {
        // A gain of (t − 2.37) at every fine bin's centre crosses at 2.37.
        let bins = Bins::of(&CountModel::new(&HI_LO, 6));
        let fine: Vec<f64> = (0..bins.len()).map(|b| bins.centre(b) - 2.37).collect();
        let x = crossing(&fine, Direction::AtOrAbove, 2, bins, &INDEX_RANGE).unwrap();
        assert!((x - 2.37).abs() < 1e-9, "{x}");
        assert_eq!(crossing(&fine, Direction::Below, 2, bins, &INDEX_RANGE), None);
    }

    /// Measures the method's approximations (run with `cargo test --release -- --ignored
    /// approximation_sizes --nocapture`; the module documentation quotes the figures).
    #[test]
    #[ignore = "minutes of exact analysis; prints the approximation sizes"]
    fn approximation_sizes() {
        let rules = Rules::default();
        let threads = 2;
        // 1. Grid resolution: 4 depth strata against 8.
        for game in [Game::NoHoleCard, Game::Peek] {
            let coarse = compute_for(&rules, game, &HI_LO, threads, Resolution::FULL);
            let fine = compute_for(
                &rules,
                game,
                &HI_LO,
                threads,
                Resolution { strata: 8, step: 0.5, ..Resolution::FULL },
            );
            let (mut worst, mut moved, mut n) = (0.0f64, 0, 0);
            for p in coarse.table.plays.iter().take(40) {
                let Some(q) = fine.table.get(p.cell) else {
                    moved += 1;
                    continue;
                };
                n += 1;
                if let (Some(a), Some(b)) = (p.crossing, q.crossing) {
                    worst = worst.max((a - b).abs());
                }
                if (p.play, p.index) != (q.play, q.index) {
                    moved += 1;
                    println!("{game:?} {}: {:?} vs {:?}", p.cell.label(), p.index, q.index);
                }
            }
            println!(
                "{game:?}: top 40, grid 4×1.0 vs 8×0.5: largest crossing shift {worst:.3}, \
                 {moved} of {n} indices moved"
            );
        }
        // 2. The neutral cards at their mean against ±3 (about one standard deviation at the
        // middle depth): what is left after averaging over them is the curvature, in true
        // counts (the EV gain's change over its slope per count); 3. linear interpolation
        // between grid shoes, at the deepest stratum (the widest steps): the gain at a shoe
        // against the mean of its neighbours' gains, in true counts.
        let layout = Layout::new(&rules, 4, &CountModel::new(&HI_LO, rules.decks));
        let tracked = tracked_cells();
        let chart = basic_strategy_on(&rules, threads).chart.clone();
        let cell = |kind, row, up| Cell { kind, row, up: Value::of(up) };
        let pairs = [
            (cell(HandKind::Hard, 16, 10), Action::Stand, Action::Hit),
            (cell(HandKind::Hard, 12, 4), Action::Stand, Action::Hit),
            (cell(HandKind::Hard, 11, 10), Action::Double, Action::Hit),
            (cell(HandKind::Hard, 10, 1), Action::Double, Action::Hit),
            (cell(HandKind::Pair, 10, 6), Action::Split, Action::Stand),
            (cell(HandKind::Hard, 9, 2), Action::Double, Action::Hit),
        ];
        for (c, play, other) in pairs {
            let i = tracked.iter().position(|t| t.cell == c).unwrap();
            let gain = |dealt: u32, rc: i32, shift: i64| {
                let (n, shoe) = layout.even_shoe(dealt, rc, shift).unwrap();
                let r = solve::solve_up(&rules, Game::NoHoleCard, &shoe, c.up, &chart, &tracked);
                let evs = r.cells.iter().find(|(j, _)| *j == i).unwrap().1;
                let g = evs.evs[slot(play)].unwrap() - evs.evs[slot(other)].unwrap();
                (g, f64::from(rc) * 52.0 / f64::from(layout.cards - n))
            };
            let (mut neutral, mut linear) = (0.0f64, 0.0f64);
            for rc in [-10, 0, 15] {
                let (mid, _) = gain(117, rc, 0);
                let ((up, tu), (down, td)) = (gain(117, rc + 5, 0), gain(117, rc - 5, 0));
                let slope = (up - down) / (tu - td);
                let curve = (gain(117, rc, 3).0 + gain(117, rc, -3).0) / 2.0 - mid;
                neutral = neutral.max((curve / slope).abs());
                let (mid, _) = gain(205, rc, 0);
                let ((up, tu), (down, td)) = (gain(205, rc + 5, 0), gain(205, rc - 5, 0));
                let slope = (up - down) / (tu - td);
                linear = linear.max((((up + down) / 2.0 - mid) / slope).abs());
            }
            println!(
                "{}: {} vs {}: neutral ±3 curvature {neutral:.3} TC, linear interpolation \
                 (deepest stratum) {linear:.3} TC",
                c.label(),
                play.name(),
                other.name()
            );
        }
    }
}
