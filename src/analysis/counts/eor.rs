//! Effects of removal, by exact analysis: the full shoe's strategy worked out again less one
//! card of each value ([`compute_for_shoe`]), per card removed: the change in the chart's
//! return (the **edge's**) and in every cell's gap between its best and second-best play (each
//! **decision's**). Eleven analyses: about a second for one deck, a few for six.

use crate::analysis::chart::{Cell, HandKind};
use crate::analysis::player::Game;
use crate::analysis::strategy::{CellEvs, Strategy, compute_for_shoe};
use crate::engine::{Action, Rules, Value, ValueCounts};

/// One playing decision and how the cards left move it.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// The chart cell.
    pub cell: Cell,
    /// The best play off the top of a full shoe.
    pub play: Action,
    /// The second best there: the play an index would switch to.
    pub otherwise: Action,
    /// The chance that a round's first two cards and up card are of this cell.
    pub frequency: f64,
    /// `EV(otherwise) − EV(play)` off the top, per initial unit: at most 0.
    pub gap: f64,
    /// The change in that gap when one card of each value is removed, by value, ace first.
    pub eor: [f64; 10],
}

/// The effects of removal of one game.
#[derive(Debug, Clone, PartialEq)]
pub struct Effects {
    /// The game analysed.
    pub game: Game,
    /// Cards in the full shoe.
    pub cards: u32,
    /// The return of a round off the top, with the full shoe's best chart, per initial unit.
    pub edge: f64,
    /// The change in that return when one card of each value is removed (the chart best for
    /// the shoe left), by value, ace first.
    pub edge_eor: [f64; 10],
    /// The decisions, in chart order (those with two plays allowed and dealt at all).
    pub decisions: Vec<Decision>,
}

/// The effects of removal of `game` under `rules`, on `threads` threads (1–2).
pub fn effects_of_removal(rules: &Rules, game: Game, threads: usize) -> Effects {
    let full = ValueCounts::full_shoe(rules.decks);
    let base = compute_for_shoe(rules, game, &full, threads);
    let removed: [Strategy; 10] = Value::ALL.map(|v| {
        let mut shoe = full;
        shoe.remove(v);
        compute_for_shoe(rules, game, &shoe, threads)
    });
    let edge_eor = std::array::from_fn(|i| removed[i].return_chart - base.return_chart);
    let frequencies = cell_frequencies(&full);
    let decisions = base
        .cell_evs
        .iter()
        .filter_map(|(&cell, evs)| {
            let frequency = frequencies.iter().find(|(c, _)| *c == cell).map_or(0.0, |&(_, f)| f);
            decision(cell, evs, frequency, &removed)
        })
        .collect();
    Effects { game, cards: full.total(), edge: base.return_chart, edge_eor, decisions }
}

/// The decision of one cell, if two plays are allowed there and it is dealt at all.
fn decision(cell: Cell, evs: &CellEvs, frequency: f64, removed: &[Strategy]) -> Option<Decision> {
    let ranked = evs.ranked();
    let (&(play, best), &(otherwise, second)) = (ranked.first()?, ranked.get(1)?);
    if frequency <= 0.0 {
        return None;
    }
    let gap = second - best;
    let mut eor = [0.0; 10];
    for (slot, shoe) in eor.iter_mut().zip(removed) {
        let evs = shoe.cell_evs.get(&cell)?;
        let ev = |a: Action| evs.ranked().into_iter().find(|&(b, _)| b == a).map(|(_, e)| e);
        *slot = ev(otherwise)? - ev(play)? - gap;
    }
    Some(Decision { cell, play, otherwise, frequency, gap, eor })
}

/// The chance of each cell as a round's first two cards and up card, from `full`: a pair is
/// its pair's cell, an ace and another card a soft total, others a hard total; naturals have
/// no decision.
fn cell_frequencies(full: &ValueCounts) -> Vec<(Cell, f64)> {
    let n = f64::from(full.total());
    let mut out: Vec<(Cell, f64)> = Vec::new();
    for up in Value::ALL {
        let mut shoe = *full;
        shoe.remove(up);
        let p_up = f64::from(full.get(up)) / n;
        let left = n - 1.0;
        for a in Value::ALL {
            for &b in &Value::ALL[a.index()..] {
                let (ca, cb) = (f64::from(shoe.get(a)), f64::from(shoe.get(b)));
                let p =
                    if a == b { ca * (ca - 1.0) } else { 2.0 * ca * cb } / (left * (left - 1.0));
                let (kind, row) = match (a, b) {
                    (Value::ACE, Value::TEN) => continue,
                    _ if a == b => (HandKind::Pair, a.get()),
                    (Value::ACE, _) => (HandKind::Soft, 11 + b.get()),
                    _ => (HandKind::Hard, a.get() + b.get()),
                };
                let cell = Cell { kind, row, up };
                match out.iter_mut().find(|(c, _)| *c == cell) {
                    Some((_, f)) => *f += p_up * p,
                    None => out.push((cell, p_up * p)),
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cells_of_a_round_are_dealt_with_the_chance_of_everything_but_a_natural() {
        let full = ValueCounts::full_shoe(1);
        let total: f64 = cell_frequencies(&full).iter().map(|(_, f)| f).sum();
        // A natural: an ace and a ten of the 51 cards left after the up card, either order.
        let natural: f64 = Value::ALL
            .into_iter()
            .map(|up| {
                let mut shoe = full;
                shoe.remove(up);
                let p_up = f64::from(full.get(up)) / 52.0;
                let (aces, tens) = (shoe.get(Value::ACE), shoe.get(Value::TEN));
                p_up * 2.0 * f64::from(aces) * f64::from(tens) / (51.0 * 50.0)
            })
            .sum();
        assert!((total + natural - 1.0).abs() < 1e-12, "{total} + {natural}");
    }
}
