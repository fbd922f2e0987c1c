//! The exact EVs of one count-conditioned shoe: every action of every first-decision cell,
//! each cell's frequency, and the round's return following a chart.

use std::collections::{BTreeMap, HashMap};

use crate::analysis::chart::{Cell, Chart, Code, HandKind};
use crate::analysis::player::{Game, HandContext, Solver};
use crate::engine::{Action, Rules, Total, Value};

/// A chart cell that a round's first two cards can reach, with those two-card hands.
#[derive(Debug, Clone)]
pub(super) struct Tracked {
    /// The cell.
    pub cell: Cell,
    /// Its two-card hands (none of them a natural).
    pub hands: Vec<[Value; 2]>,
}

/// Every printed cell that a first decision can be in: hard 5–19 from two different values,
/// soft 13–20, and the ten pairs.
pub(super) fn tracked_cells() -> Vec<Tracked> {
    Chart::printed_cells()
        .filter_map(|cell| {
            let (row, v) = (cell.row, Value::clamped);
            let hands: Vec<[Value; 2]> = match cell.kind {
                HandKind::Pair => vec![[v(row), v(row)]],
                HandKind::Soft if (13..=20).contains(&row) => vec![[Value::ACE, v(row - 11)]],
                HandKind::Soft => Vec::new(),
                HandKind::Hard => Value::ALL[1..]
                    .iter()
                    .filter_map(|&a| {
                        let b = Value::new(row.checked_sub(a.get())?)?;
                        (b > a).then_some([a, b])
                    })
                    .collect(),
            };
            (!hands.is_empty()).then_some(Tracked { cell, hands })
        })
        .collect()
}

/// The slot of an action in [`CellEvs::evs`].
pub(super) const fn slot(action: Action) -> usize {
    match action {
        Action::Hit => 0,
        Action::Stand => 1,
        Action::Double => 2,
        Action::Split => 3,
    }
}

/// One cell in one shoe.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct CellEvs {
    /// The chance per round that the first decision is in this cell.
    pub weight: f64,
    /// The EV of each action (by [`slot`]) averaged over the cell's hands; `None`: not allowed.
    pub evs: [Option<f64>; 4],
    /// The chance per round that a hand of three or more cards reaches this cell by hitting
    /// as the chart says (stand or hit are its only actions).
    pub multi_weight: f64,
    /// The EVs of standing and hitting such hands, averaged by that chance.
    pub multi_stand: f64,
    /// See `multi_stand`.
    pub multi_hit: f64,
}

/// One up card of one shoe.
#[derive(Debug, Clone)]
pub(super) struct UpResult {
    /// Per tracked cell of this up card: its index in the tracked list and its EVs.
    pub cells: Vec<(usize, CellEvs)>,
    /// This up card's share of the round's return following the chart (already weighted by
    /// the chance of the up card).
    pub return_chart: f64,
}

/// Solves up card `up` of `shoe` (the cards left before the round): the EVs of the tracked
/// cells against it and its part of the round's return when every decision follows `chart`.
pub(super) fn solve_up(
    rules: &Rules,
    game: Game,
    shoe: &[u16; 10],
    up: Value,
    chart: &Chart,
    tracked: &[Tracked],
) -> UpResult {
    let total: f64 = shoe.iter().map(|&c| f64::from(c)).sum();
    let p_up = f64::from(shoe[up.index()]) / total;
    if p_up == 0.0 {
        return UpResult { cells: Vec::new(), return_chart: 0.0 };
    }
    let mut left = *shoe;
    left[up.index()] -= 1;
    let n = total - 1.0;
    let count = |v: Value| f64::from(left[v.index()]);
    let p_hand = |[a, b]: [Value; 2]| {
        if a == b {
            count(a) * (count(a) - 1.0) / (n * (n - 1.0))
        } else {
            2.0 * count(a) * count(b) / (n * (n - 1.0))
        }
    };
    let mut solver = Solver::for_game(rules, up, left, game);
    solver.reserve(24_000);
    let first = HandContext::FIRST;
    let mut cells = Vec::new();
    for (i, t) in tracked.iter().enumerate().filter(|(_, t)| t.cell.up == up) {
        let mut sums = [Some(0.0); 4];
        let mut weight = 0.0;
        for &hand in &t.hands {
            let p = p_hand(hand);
            if p <= 0.0 {
                continue;
            }
            let evs = solver.evs(&hand, first);
            for action in Action::ALL {
                let s = &mut sums[slot(action)];
                *s = s.zip(evs.get(action)).map(|(acc, ev)| acc + p * ev);
            }
            weight += p;
        }
        if weight > 0.0 {
            cells.push((
                i,
                CellEvs {
                    weight: p_up * weight,
                    evs: sums.map(|s| s.map(|x| x / weight)),
                    ..CellEvs::default()
                },
            ));
        }
    }
    multi_card_hands(&mut solver, &left, up, chart, tracked, &mut cells);
    for (_, c) in &mut cells {
        c.multi_weight *= p_up;
    }
    let mut return_chart = 0.0;
    for a in Value::ALL {
        for &b in &Value::ALL[a.index()..] {
            let p = p_hand([a, b]);
            if p > 0.0 {
                return_chart += p * solver.chart_ev(&[a, b], chart);
            }
        }
    }
    UpResult { cells, return_chart: p_up * return_chart }
}

/// Adds to `cells` the hands of three or more cards that reach them: from every two-card hand
/// the chart hits, each card the shoe can give, on while the chart hits (a pair the chart
/// splits, and the hands a split makes, are left out).
fn multi_card_hands(
    solver: &mut Solver<'_>,
    left: &[u16; 10],
    up: Value,
    chart: &Chart,
    tracked: &[Tracked],
    cells: &mut Vec<(usize, CellEvs)>,
) {
    let n: f64 = left.iter().map(|&c| f64::from(c)).sum();
    let total = |hand: &[u8; 10]| -> (u8, bool) {
        let hard: u8 = Value::ALL.iter().map(|v| v.get() * hand[v.index()]).sum();
        let t = Total::of(hard, hand[Value::ACE.index()] > 0);
        (t.value, t.soft)
    };
    let cell_of = |hand: &[u8; 10]| {
        let (best, soft) = total(hand);
        let kind = if soft { HandKind::Soft } else { HandKind::Hard };
        Cell::new(kind, best, up)
    };
    let draw = |hand: &[u8; 10], v: Value| {
        let i = v.index();
        let cards: u8 = hand.iter().sum();
        let there = f64::from(left[i]) - f64::from(hand[i]);
        if there <= 0.0 { 0.0 } else { there / (n - f64::from(cards)) }
    };
    let hits = |cell: Cell| {
        matches!(
            chart.get(cell),
            Code::H | Code::D if cell.row < 21
        )
    };
    // Two-card hands the chart hits (a pair it does not split plays its total).
    // Ordered maps: the sums come out in one order, so the same digits every run.
    let mut level: BTreeMap<[u8; 10], f64> = BTreeMap::new();
    for a in Value::ALL {
        for &b in &Value::ALL[a.index()..] {
            let mut hand = [0u8; 10];
            hand[a.index()] += 1;
            hand[b.index()] += 1;
            let p = draw(&[0; 10], a) * draw(&single(a), b) * if a == b { 1.0 } else { 2.0 };
            if p <= 0.0 || total(&hand).0 == 21 {
                continue;
            }
            let first =
                if a == b { Cell::new(HandKind::Pair, a.get(), up) } else { cell_of(&hand) };
            // Only a hit goes on: a stand, a double or a split ends the first decision here.
            if chart.get(first) == Code::H {
                level.insert(hand, p);
            }
        }
    }
    let index: HashMap<Cell, usize> = tracked
        .iter()
        .enumerate()
        .filter(|(_, t)| t.cell.up == up)
        .map(|(i, t)| (t.cell, i))
        .collect();
    let mut found: BTreeMap<usize, (f64, f64, f64)> = BTreeMap::new();
    while !level.is_empty() {
        let mut next: BTreeMap<[u8; 10], f64> = BTreeMap::new();
        for (hand, p) in &level {
            for v in Value::ALL {
                let q = draw(hand, v);
                if q <= 0.0 {
                    continue;
                }
                let mut more = *hand;
                more[v.index()] += 1;
                if total(&more).0 < 21 {
                    *next.entry(more).or_insert(0.0) += p * q;
                }
            }
        }
        level.clear();
        for (hand, p) in next {
            let cell = cell_of(&hand);
            if let Some(&i) = index.get(&cell) {
                let values: Vec<Value> = Value::ALL
                    .into_iter()
                    .flat_map(|v| std::iter::repeat_n(v, usize::from(hand[v.index()])))
                    .collect();
                let evs = solver.evs(&values, HandContext::FIRST);
                let e = found.entry(i).or_insert((0.0, 0.0, 0.0));
                e.0 += p;
                e.1 += p * evs.stand;
                e.2 += p * evs.hit.unwrap_or(evs.stand);
            }
            if hits(cell) {
                level.insert(hand, p);
            }
        }
    }
    for (i, (w, stand, hit)) in found {
        if w <= 0.0 {
            continue;
        }
        let pos = match cells.iter().position(|(j, _)| *j == i) {
            Some(pos) => pos,
            None => {
                cells.push((i, CellEvs::default()));
                cells.len() - 1
            }
        };
        let c = &mut cells[pos].1;
        c.multi_weight = w;
        c.multi_stand = stand / w;
        c.multi_hit = hit / w;
    }
}

fn single(v: Value) -> [u8; 10] {
    let mut hand = [0u8; 10];
    hand[v.index()] = 1;
    hand
}
