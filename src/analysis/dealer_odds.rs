//! Dealer final-total probabilities, exact for a finite shoe (draws without replacement).
//!
//! No peek: the face-down card comes from the same shoe, so a dealer natural is an outcome.
//!
//! Method: every multiset `M` the dealer can draw (face-down card included) is enumerated once
//! per up card, with `orders(M)`, the draw orders that stop exactly at its last card; from a
//! shoe `S` of `N` cards `P_S(M) = orders(M) · Π_v S_v^(m_v) / N^(|M|)` (falling powers). A
//! prefix tree over the sorted cards makes each numerator one multiplication by its parent's:
//! one pass (≈ 2 500 nodes for a 2, ≈ 200 for a ten), no recursion, no allocation.
//!
//! **Families.** The player's analysis asks for the dealer's probabilities after each of the
//! ten cards a hand could draw next: shoes `S − e_v` one card apart. Because
//! `P_{S−e_v}(M) = P_S(M) · (S_v − m_v)/S_v · N/(N − |M|)`, one pass over the tree that also
//! sums `w_M = P_S(M)/(N − |M|)` and `m_v · w_M` per outcome yields all ten of them exactly:
//! `P_{S−e_v}(o) = N·Σ_{M∈o} w_M − (N/S_v)·Σ_{M∈o} m_v·w_M`. Such a *family pass* costs about
//! twice a plain pass and replaces up to ten.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::engine::{Total, Value};

/// Outcome slots: dealer totals 17, 18, 19, 20, 21 (not natural), bust, natural.
pub const OUTCOMES: usize = 7;
/// Index of the bust slot.
pub const BUST: usize = 5;
/// Index of the natural slot.
pub const NATURAL: usize = 6;

/// Probabilities of the dealer's final hand: `[17, 18, 19, 20, 21, bust, natural]`.
pub type DealerProbs = [f64; OUTCOMES];

/// The dealer's probabilities for one shoe and for each shoe one card smaller.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Family {
    /// For the shoe itself.
    pub own: DealerProbs,
    /// For the shoe less one card of value `v` (slot `v.index()`), if it holds one.
    pub less: [Option<DealerProbs>; 10],
}

/// Largest number of copies of one value in a dealer multiset, plus room.
const FACTOR_STRIDE: usize = 24;
/// Room for the longest dealer multiset (the longest, under S17 or H17, is 12 cards).
const MAX_LEN: usize = 24;

/// Width of a leaf's weight row: its orders, then its orders times its copies of each value,
/// padded to an even number of lanes.
const ROW: usize = 12;

/// Leaves that end alike and have the same number of cards: they share the outcome slot and
/// the length factors, so their sums are scaled once.
#[derive(Debug, Clone)]
struct Group {
    outcome: u8,
    len: u8,
    leaves: std::ops::Range<u32>,
}

/// The multisets of one up card as a prefix tree over their cards in ascending order. Only
/// the inner nodes (proper prefixes) are stored, parents first; a multiset (a leaf) is its
/// longest proper prefix times one last draw factor, computed where the leaf is summed.
#[derive(Debug, Default)]
struct Tree {
    /// Parent of each inner node; node 0 is the root (nothing drawn) and its own parent.
    parent: Vec<u32>,
    /// Per inner node: `value_index · FACTOR_STRIDE + copies of that value already in the
    /// prefix`, which picks the draw factor `S_v − copies` (at most 239, so a byte indexes a
    /// table of 256 without a bounds check).
    factor: Vec<u8>,
    /// The most copies of each value in one multiset (the factor table a pass needs).
    max_copies: [u8; 10],
    /// Leaf `l`'s longest proper prefix (an inner node).
    leaf_parent: Vec<u32>,
    /// Leaf `l`'s last draw factor, as in `factor`.
    leaf_factor: Vec<u8>,
    /// Leaf `l`'s row: `[orders, orders · m_1, …, orders · m_10, 0]` (`m_v` its copies of `v`).
    leaf_row: Vec<[f64; ROW]>,
    /// The leaves in runs of one outcome and one length.
    groups: Vec<Group>,
}

/// A dealer draw multiset and how it ends.
struct Shape {
    counts: [u8; 10],
    orders: f64,
    outcome: u8,
}

/// The factor index of drawing value index `v` when `copies` of it are already drawn.
fn factor_index(v: u8, copies: usize) -> u8 {
    u8::try_from(usize::from(v) * FACTOR_STRIDE + copies).unwrap_or(u8::MAX)
}

impl Tree {
    fn build(shapes: &mut [Shape]) -> Tree {
        // Leaves grouped by outcome and length; within a group, by card sequence.
        let sequence = |s: &Shape| -> Vec<u8> {
            (0..10u8)
                .flat_map(|v| std::iter::repeat_n(v, usize::from(s.counts[usize::from(v)])))
                .collect()
        };
        shapes.sort_by_cached_key(|s| (s.outcome, s.counts.iter().sum::<u8>(), sequence(s)));
        let mut tree = Tree { parent: vec![0], factor: vec![0], ..Tree::default() };
        // Inner nodes in lexicographic order of their prefixes, so parents come first.
        let mut prefixes: Vec<Vec<u8>> = shapes
            .iter()
            .flat_map(|s| {
                let seq = sequence(s);
                (1..seq.len()).map(move |d| seq[..d].to_vec())
            })
            .collect();
        prefixes.sort();
        prefixes.dedup();
        let mut index: HashMap<Vec<u8>, u32> = HashMap::with_capacity(prefixes.len() + 1);
        index.insert(Vec::new(), 0);
        for prefix in prefixes {
            let (&v, head) = prefix.split_last().expect("prefixes are not empty");
            let copies = head.iter().filter(|&&x| x == v).count();
            tree.parent.push(index[head]);
            tree.factor.push(factor_index(v, copies));
            index.insert(prefix, u32::try_from(tree.parent.len() - 1).unwrap_or(0));
        }
        for shape in shapes.iter() {
            let seq = sequence(shape);
            let len = u8::try_from(seq.len()).unwrap_or(u8::MAX);
            let l = u32::try_from(tree.leaf_parent.len()).unwrap_or(u32::MAX);
            match tree.groups.last_mut() {
                Some(g) if g.outcome == shape.outcome && g.len == len => g.leaves.end = l + 1,
                _ => tree.groups.push(Group { outcome: shape.outcome, len, leaves: l..l + 1 }),
            }
            let (&v, head) = seq.split_last().expect("the dealer draws at least one card");
            tree.leaf_parent.push(index[head]);
            tree.leaf_factor.push(factor_index(v, head.iter().filter(|&&x| x == v).count()));
            let mut row = [0f64; ROW];
            row[0] = shape.orders;
            for (v, &m) in shape.counts.iter().enumerate() {
                row[v + 1] = shape.orders * f64::from(m);
                tree.max_copies[v] = tree.max_copies[v].max(m);
            }
            tree.leaf_row.push(row);
        }
        tree
    }

    /// Fills `q` with every inner node's numerator `Π_v S_v^(m_v)` (falling powers) for
    /// `shoe`, and returns the draw factors (`S_v − copies`) for the leaves' last draws.
    #[inline]
    fn numerators(&self, shoe: &[u16; 10], q: &mut Vec<f64>) -> [f64; 256] {
        // factor[v · STRIDE + k] = S_v − k, the count of v left after k of them were drawn.
        let mut factor = [0f64; 256];
        for (v, row) in factor.chunks_exact_mut(FACTOR_STRIDE).take(10).enumerate() {
            let used = usize::from(self.max_copies[v]);
            for (k, slot) in row.iter_mut().enumerate().take(used) {
                *slot = (f64::from(shoe[v]) - k as f64).max(0.0);
            }
        }
        // Every node is written before it is read (parents come first): no clearing needed.
        if q.len() < self.parent.len() {
            q.resize(self.parent.len(), 0.0);
        }
        let n = self.parent.len();
        let (q, parent, fidx) = (&mut q[..n], &self.parent[..n], &self.factor[..n]);
        q[0] = 1.0;
        for i in 1..n {
            q[i] = q[parent[i] as usize] * factor[usize::from(fidx[i])];
        }
        factor
    }
}

/// `1 / N^(len)` (falling power) for every length, zero where the shoe is too small.
fn inverse_falling(total: f64) -> [f64; MAX_LEN + 1] {
    let mut inv = [0f64; MAX_LEN + 1];
    let mut falling = 1.0;
    inv[0] = 1.0;
    for (len, slot) in inv.iter_mut().enumerate().skip(1) {
        falling *= total - (len as f64 - 1.0);
        if falling <= 0.0 {
            break;
        }
        *slot = 1.0 / falling;
    }
    inv
}

/// All dealer draw shapes for one rule set (S17 or H17), per up card.
#[derive(Debug)]
pub struct DealerShapes {
    trees: [Tree; 10],
}

fn dealer_stops(total: u8, soft: bool, h17: bool) -> bool {
    let best = Total::of(total, soft);
    best.value > 17 || (best.value == 17 && !(h17 && best.soft))
}

impl DealerShapes {
    fn build(h17: bool) -> DealerShapes {
        DealerShapes { trees: Value::ALL.map(|up| Tree::build(&mut dealer_shapes(up, h17))) }
    }

    /// The shapes for the rules' soft-17 choice (built once per process).
    pub fn get(dealer_hits_soft_17: bool) -> &'static DealerShapes {
        static S17: OnceLock<DealerShapes> = OnceLock::new();
        static H17: OnceLock<DealerShapes> = OnceLock::new();
        if dealer_hits_soft_17 {
            H17.get_or_init(|| DealerShapes::build(true))
        } else {
            S17.get_or_init(|| DealerShapes::build(false))
        }
    }

    /// The dealer's outcome probabilities for up card `up` when the cards left (the face-down
    /// card among them) are `shoe`, counts by value in [`Value::index`] slots.
    pub fn probabilities(&self, up: Value, shoe: &[u16; 10]) -> DealerProbs {
        let mut scratch = Vec::new();
        self.probabilities_with(up, shoe, &mut scratch)
    }

    /// [`DealerShapes::probabilities`] with a scratch buffer kept between calls (no allocation).
    pub fn probabilities_with(
        &self,
        up: Value,
        shoe: &[u16; 10],
        scratch: &mut Vec<f64>,
    ) -> DealerProbs {
        let tree = &self.trees[up.index()];
        let factor = tree.numerators(shoe, scratch);
        let q = scratch.as_slice();
        let total: u32 = shoe.iter().map(|&c| u32::from(c)).sum();
        let inv = inverse_falling(f64::from(total));
        let mut probs = [0f64; OUTCOMES];
        for g in &tree.groups {
            let leaves = g.leaves.start as usize..g.leaves.end as usize;
            let sum: f64 = tree.leaf_parent[leaves.clone()]
                .iter()
                .zip(&tree.leaf_factor[leaves.clone()])
                .zip(&tree.leaf_row[leaves])
                .map(|((&node, &f), row)| row[0] * q[node as usize] * factor[usize::from(f)])
                .sum();
            probs[usize::from(g.outcome)] += sum * inv[usize::from(g.len)];
        }
        probs
    }

    /// The dealer's probabilities for `shoe` and for each shoe one card smaller, in one pass.
    pub fn family_with(&self, up: Value, shoe: &[u16; 10], scratch: &mut Vec<f64>) -> Family {
        let tree = &self.trees[up.index()];
        let factor = tree.numerators(shoe, scratch);
        let q = scratch.as_slice();
        let total = f64::from(shoe.iter().map(|&c| u32::from(c)).sum::<u32>());
        let inv = inverse_falling(total);
        // rest[len] = 1 / (N − len): the extra factor of a shoe one card smaller.
        let mut rest = [0f64; MAX_LEN + 1];
        for (len, slot) in rest.iter_mut().enumerate() {
            let left = total - len as f64;
            if left > 0.0 {
                *slot = 1.0 / left;
            }
        }
        let mut own = [0f64; OUTCOMES];
        // sum_w[o] = Σ w_M and sum_mw[o][v] = Σ m_v · w_M over the multisets ending in o.
        let mut sum_w = [0f64; OUTCOMES];
        let mut sum_mw = [[0f64; 10]; OUTCOMES];
        for g in &tree.groups {
            let leaves = g.leaves.start as usize..g.leaves.end as usize;
            let mut acc = [0f64; ROW];
            for ((&node, &f), row) in tree.leaf_parent[leaves.clone()]
                .iter()
                .zip(&tree.leaf_factor[leaves.clone()])
                .zip(&tree.leaf_row[leaves])
            {
                let x = q[node as usize] * factor[usize::from(f)];
                for (a, r) in acc.iter_mut().zip(row) {
                    *a += r * x;
                }
            }
            let (o, len) = (usize::from(g.outcome), usize::from(g.len));
            own[o] += acc[0] * inv[len];
            let w = inv[len] * rest[len];
            sum_w[o] += acc[0] * w;
            for (mw, a) in sum_mw[o].iter_mut().zip(&acc[1..=10]) {
                *mw += a * w;
            }
        }
        let less = std::array::from_fn(|v| {
            (shoe[v] > 0).then(|| {
                let per = total / f64::from(shoe[v]);
                std::array::from_fn(|o| (total * sum_w[o] - per * sum_mw[o][v]).max(0.0))
            })
        });
        Family { own, less }
    }
}

/// How a dealer hand of up card plus the drawn cards ends, or `None` if the dealer draws on:
/// a property of the multiset drawn, not of its order.
fn outcome_of(total: u8, soft: bool, drawn: u8, h17: bool) -> Option<u8> {
    let best = Total::of(total, soft).value;
    if drawn == 1 && best == 21 {
        Some(NATURAL as u8)
    } else if total > 21 {
        Some(BUST as u8)
    } else if drawn >= 1 && dealer_stops(total, soft, h17) {
        Some(best - 17)
    } else {
        None
    }
}

/// Every multiset the dealer can draw behind `up` before stopping, with its outcome and the
/// draw orders that reach it: stopping depends only on the multiset, so the orders are passed
/// on layer by layer, one card more each.
fn dealer_shapes(up: Value, h17: bool) -> Vec<Shape> {
    let mut found: HashMap<([u8; 10], u8), f64> = HashMap::new();
    let mut layer: HashMap<[u8; 10], f64> = HashMap::from([([0u8; 10], 1.0)]);
    let mut drawn = 0u8;
    while !layer.is_empty() {
        drawn += 1;
        let mut next: HashMap<[u8; 10], f64> = HashMap::new();
        for (counts, orders) in layer {
            let drawn_points: u8 = Value::ALL.iter().map(|v| v.get() * counts[v.index()]).sum();
            let hard = up.get() + drawn_points;
            let ace = up.is_ace() || counts[Value::ACE.index()] > 0;
            for v in Value::ALL {
                let mut more = counts;
                more[v.index()] += 1;
                match outcome_of(hard + v.get(), ace || v.is_ace(), drawn, h17) {
                    Some(outcome) => *found.entry((more, outcome)).or_insert(0.0) += orders,
                    None => *next.entry(more).or_insert(0.0) += orders,
                }
            }
        }
        layer = next;
    }
    found.into_iter().map(|((counts, outcome), orders)| Shape { counts, orders, outcome }).collect()
}

#[cfg(test)]
/// The same probabilities by plain recursion over every draw sequence: slow, for tests.
pub fn dealer_probabilities_brute_force(up: Value, shoe: &[u16; 10], h17: bool) -> DealerProbs {
    fn rec(
        total: u8,
        soft: bool,
        drawn: u8,
        shoe: &mut [u16; 10],
        h17: bool,
        p: f64,
        out: &mut DealerProbs,
    ) {
        if let Some(outcome) = outcome_of(total, soft, drawn, h17) {
            out[usize::from(outcome)] += p;
            return;
        }
        let n: u16 = shoe.iter().sum();
        for v in Value::ALL {
            let i = v.index();
            if shoe[i] == 0 {
                continue;
            }
            let q = p * f64::from(shoe[i]) / f64::from(n);
            shoe[i] -= 1;
            let (total, soft) = (total + v.get(), soft || v.is_ace());
            rec(total, soft, drawn + 1, shoe, h17, q, out);
            shoe[i] += 1;
        }
    }
    let mut out = [0.0; OUTCOMES];
    let mut s = *shoe;
    rec(up.get(), up.is_ace(), 0, &mut s, h17, 1.0, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ValueCounts;
    use proptest::prelude::*;

    fn six_deck_minus(up: Value) -> [u16; 10] {
        let mut s = ValueCounts::full_shoe(6);
        s.remove(up);
        s.0
    }

    #[test]
    fn probabilities_sum_to_one_for_every_up_card() {
        for h17 in [false, true] {
            let shapes = DealerShapes::get(h17);
            for up in Value::ALL {
                let p = shapes.probabilities(up, &six_deck_minus(up));
                assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12, "up {up}: {p:?}");
            }
        }
    }

    #[test]
    fn fast_agrees_with_brute_force() {
        for h17 in [false, true] {
            let shapes = DealerShapes::get(h17);
            for up in [1, 2, 6, 10].map(Value::of) {
                let mut shoe = ValueCounts::full_shoe(1);
                shoe.remove(up);
                shoe.remove(Value::TEN);
                shoe.remove(Value::of(5));
                let fast = shapes.probabilities(up, &shoe.0);
                let slow = dealer_probabilities_brute_force(up, &shoe.0, h17);
                for (a, b) in fast.iter().zip(slow) {
                    assert!((a - b).abs() < 1e-13, "up {up} h17 {h17}: {fast:?} vs {slow:?}");
                }
            }
        }
    }

    #[test]
    fn dealer_ten_has_a_natural_one_time_in_about_thirteen() {
        // Up T: the hole card is an ace with probability 24/311 in a 6-deck shoe.
        let p = DealerShapes::get(false).probabilities(Value::TEN, &six_deck_minus(Value::TEN));
        assert!((p[NATURAL] - 24.0 / 311.0).abs() < 1e-12);
    }

    /// Dealer probabilities for an infinite deck (draws with replacement), by recursion.
    fn infinite_deck(up: Value, h17: bool) -> DealerProbs {
        fn rec(total: u8, soft: bool, drawn: u8, h17: bool, p: f64, out: &mut DealerProbs) {
            let best = Total::of(total, soft).value;
            if drawn == 1 && best == 21 {
                out[NATURAL] += p;
            } else if total > 21 {
                out[BUST] += p;
            } else if drawn >= 1 && dealer_stops(total, soft, h17) {
                out[usize::from(best - 17)] += p;
            } else {
                for v in Value::ALL {
                    let q = if v == Value::TEN { 4.0 / 13.0 } else { 1.0 / 13.0 };
                    rec(total + v.get(), soft || v.is_ace(), drawn + 1, h17, p * q, out);
                }
            }
        }
        let mut out = [0.0; OUTCOMES];
        rec(up.get(), up.is_ace(), 0, h17, 1.0, &mut out);
        out
    }

    #[test]
    fn many_decks_approach_the_infinite_deck_values() {
        for h17 in [false, true] {
            for up in Value::ALL {
                let mut shoe = ValueCounts::full_shoe(250);
                shoe.remove(up);
                let finite = DealerShapes::get(h17).probabilities(up, &shoe.0);
                let infinite = infinite_deck(up, h17);
                for (a, b) in finite.iter().zip(infinite) {
                    assert!((a - b).abs() < 2e-3, "up {up}: {finite:?} vs {infinite:?}");
                }
            }
        }
    }

    #[test]
    fn every_multiset_fits_the_length_tables() {
        for h17 in [false, true] {
            let shapes = DealerShapes::get(h17);
            for tree in &shapes.trees {
                assert!(tree.groups.iter().all(|g| usize::from(g.len) <= MAX_LEN));
                let leaves: u32 = tree.groups.iter().map(|g| g.leaves.len() as u32).sum();
                assert_eq!(leaves as usize, tree.leaf_parent.len());
            }
        }
    }

    /// A family pass against ten separate passes, to rounding.
    fn assert_family_matches(up: Value, shoe: &[u16; 10], h17: bool) {
        let shapes = DealerShapes::get(h17);
        let family = shapes.family_with(up, shoe, &mut Vec::new());
        let own = shapes.probabilities(up, shoe);
        for (a, b) in family.own.iter().zip(own) {
            assert!((a - b).abs() < 1e-13, "own: {:?} vs {own:?}", family.own);
        }
        for v in 0..10 {
            match family.less[v] {
                None => assert_eq!(shoe[v], 0),
                Some(less) => {
                    let mut smaller = *shoe;
                    smaller[v] -= 1;
                    let direct = shapes.probabilities(up, &smaller);
                    for (a, b) in less.iter().zip(direct) {
                        assert!(
                            (a - b).abs() < 1e-12,
                            "up {up} less {}: {less:?} vs {direct:?}",
                            v + 1
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_family_pass_equals_ten_plain_passes() {
        for h17 in [false, true] {
            for up in Value::ALL {
                assert_family_matches(up, &six_deck_minus(up), h17);
            }
        }
        // A nearly empty shoe: the dealer may draw every card left.
        let tiny = [1, 1, 0, 2, 0, 0, 1, 0, 0, 3];
        for up in Value::ALL {
            assert_family_matches(up, &tiny, false);
        }
    }

    proptest! {
        #[test]
        fn families_match_plain_passes_in_random_shoes(
            up in 1u8..=10,
            decks in 1u8..=8,
            removed in proptest::collection::vec(1u8..=10, 0..300),
            h17 in any::<bool>(),
        ) {
            let up = Value::of(up);
            let mut shoe = ValueCounts::full_shoe(decks);
            shoe.remove(up);
            for v in removed {
                shoe.remove(Value::of(v));
            }
            assert_family_matches(up, &shoe.0, h17);
        }

        #[test]
        fn probabilities_sum_to_one_for_random_depleted_shoes(
            up in 1u8..=10,
            removed in proptest::collection::vec(1u8..=10, 0..150),
            h17 in any::<bool>(),
        ) {
            let up = Value::of(up);
            let mut shoe = ValueCounts::full_shoe(6);
            shoe.remove(up);
            for v in removed {
                shoe.remove(Value::of(v));
            }
            let p = DealerShapes::get(h17).probabilities(up, &shoe.0);
            prop_assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            prop_assert!(p.iter().all(|&x| x >= -1e-15));
        }
    }
}
