//! Dealer final-total probabilities, exact for a finite shoe (draws without replacement).
//!
//! No peek: the face-down card is drawn from the same shoe as every other card, so a dealer
//! natural is one of the outcomes, not conditioned away.
//!
//! Method: for each up card, every multiset of cards the dealer can draw (the face-down card
//! included) before standing or busting is enumerated once, with the number of draw orders in
//! which the dealer stops exactly at the last card. The probability of a multiset `M` from a
//! shoe `S` of `N` cards is then `orders(M) · Π_v S_v^(m_v) / N^(|M|)` with falling powers, so
//! one set of probabilities costs a pass over at most ~2 000 multisets (up card 2), with no
//! recursion and no allocation.

use std::sync::OnceLock;

/// Outcome slots: dealer totals 17, 18, 19, 20, 21 (not natural), bust, natural.
pub const OUTCOMES: usize = 7;
/// Index of the bust slot.
pub const BUST: usize = 5;
/// Index of the natural slot.
pub const NATURAL: usize = 6;

/// Probabilities of the dealer's final hand: `[17, 18, 19, 20, 21, bust, natural]`.
pub type DealerProbs = [f64; OUTCOMES];

/// A multiset of dealer draws and how it ends.
#[derive(Debug, Clone, Copy)]
struct Shape {
    /// Cards of each value drawn (index value − 1).
    counts: [u8; 10],
    /// Cards drawn.
    len: u8,
    /// Number of draw orders ending exactly with this multiset.
    orders: f64,
    /// Outcome slot.
    outcome: u8,
}

/// The multisets of one up card as a prefix tree over their cards in ascending order, flattened
/// so that every node comes after its parent: a node's probability is its parent's times one
/// draw factor, so shared prefixes are computed once.
#[derive(Debug, Default)]
struct Trie {
    /// Parent node index (`u32::MAX` for children of the root).
    parent: Vec<u32>,
    /// Flat index `value_index * FACTOR_STRIDE + copies already in the prefix`.
    factor: Vec<u16>,
    /// Cards in the prefix (the draw number of this node's card is `depth − 1`).
    depth: Vec<u8>,
    /// Leaves: node, number of orders, outcome slot.
    leaves: Vec<(u32, f64, u8)>,
}

const FACTOR_STRIDE: usize = 24;

/// All dealer draw shapes for one rule set (S17 or H17), per up card.
#[derive(Debug)]
pub struct DealerShapes {
    by_up: [Vec<Shape>; 10],
    tries: [Trie; 10],
    max_len: usize,
}

fn build_trie(shapes: &[Shape]) -> Trie {
    let mut trie = Trie::default();
    let mut index: std::collections::HashMap<Vec<u8>, u32> = std::collections::HashMap::new();
    let mut sequences: Vec<(Vec<u8>, &Shape)> = shapes
        .iter()
        .map(|s| {
            let seq: Vec<u8> = (0..10u8)
                .flat_map(|v| std::iter::repeat_n(v, usize::from(s.counts[usize::from(v)])))
                .collect();
            (seq, s)
        })
        .collect();
    sequences.sort_by(|a, b| a.0.cmp(&b.0));
    for (seq, shape) in &sequences {
        let mut parent = u32::MAX;
        for d in 1..=seq.len() {
            let prefix = &seq[..d];
            let node = match index.get(prefix) {
                Some(&n) => n,
                None => {
                    let v = prefix[d - 1];
                    let copies = prefix[..d - 1].iter().filter(|&&x| x == v).count();
                    let n = trie.parent.len() as u32;
                    trie.parent.push(parent);
                    trie.factor
                        .push((usize::from(v) * FACTOR_STRIDE + copies) as u16);
                    trie.depth.push(d as u8);
                    index.insert(prefix.to_vec(), n);
                    n
                }
            };
            parent = node;
        }
        trie.leaves.push((parent, shape.orders, shape.outcome));
    }
    trie
}

fn dealer_stops(total: u8, soft: bool, h17: bool) -> bool {
    let best = if soft && total + 10 <= 21 {
        total + 10
    } else {
        total
    };
    let is_soft = soft && total + 10 <= 21;
    best > 17 || (best == 17 && !(h17 && is_soft))
}

impl DealerShapes {
    fn build(h17: bool) -> DealerShapes {
        let mut by_up: [Vec<Shape>; 10] = Default::default();
        let mut max_len = 0;
        for up in 1..=10u8 {
            let mut found: std::collections::HashMap<([u8; 10], u8), f64> =
                std::collections::HashMap::new();
            let mut counts = [0u8; 10];
            enumerate(up, up == 1, 0, &mut counts, h17, &mut found);
            let mut shapes: Vec<Shape> = found
                .into_iter()
                .map(|((counts, outcome), orders)| Shape {
                    counts,
                    len: counts.iter().sum(),
                    orders,
                    outcome,
                })
                .collect();
            shapes.sort_by_key(|s| (s.len, s.counts));
            for s in &shapes {
                max_len = max_len.max(usize::from(s.len));
            }
            by_up[usize::from(up) - 1] = shapes;
        }
        let tries = std::array::from_fn(|i| build_trie(&by_up[i]));
        DealerShapes {
            by_up,
            tries,
            max_len,
        }
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

    /// Number of distinct draw multisets for an up card (for documentation and tests).
    pub fn shape_count(&self, up: u8) -> usize {
        self.by_up[usize::from(up) - 1].len()
    }

    /// The dealer's outcome probabilities for up card `up` (1 = ace … 10) when the cards left
    /// (the face-down card among them) are `shoe`, counts by value with index `value − 1`.
    pub fn probabilities(&self, up: u8, shoe: &[u16; 10]) -> DealerProbs {
        let mut scratch = Vec::new();
        self.probabilities_with(up, shoe, &mut scratch)
    }

    /// [`DealerShapes::probabilities`] with a scratch buffer the caller keeps between calls, so
    /// that repeated evaluations allocate nothing.
    pub fn probabilities_with(
        &self,
        up: u8,
        shoe: &[u16; 10],
        scratch: &mut Vec<f64>,
    ) -> DealerProbs {
        let total: u32 = shoe.iter().map(|&c| u32::from(c)).sum();
        // factor[v][k] = S_v − k (the count of v left after k of them were drawn).
        let mut factor = [0f64; 10 * FACTOR_STRIDE];
        for v in 0..10 {
            for k in 0..FACTOR_STRIDE {
                factor[v * FACTOR_STRIDE + k] = (f64::from(shoe[v]) - k as f64).max(0.0);
            }
        }
        // inv[d] = 1 / (N − d + 1): the d-th draw comes from N − d + 1 cards.
        let mut inv = [0f64; 32];
        for (d, slot) in inv
            .iter_mut()
            .enumerate()
            .take(self.max_len.min(31) + 1)
            .skip(1)
        {
            let n = f64::from(total) - (d as f64 - 1.0);
            *slot = if n > 0.0 { 1.0 / n } else { 0.0 };
        }
        let trie = &self.tries[usize::from(up) - 1];
        scratch.clear();
        scratch.resize(trie.parent.len(), 0.0);
        let p = scratch.as_mut_slice();
        for i in 0..trie.parent.len() {
            let parent = trie.parent[i];
            let base = if parent == u32::MAX {
                1.0
            } else {
                p[parent as usize]
            };
            p[i] = base * factor[usize::from(trie.factor[i])] * inv[usize::from(trie.depth[i])];
        }
        let mut probs = [0f64; OUTCOMES];
        for &(node, orders, outcome) in &trie.leaves {
            probs[usize::from(outcome)] += orders * p[node as usize];
        }
        probs
    }
}

fn enumerate(
    total: u8,
    soft: bool,
    drawn: u8,
    counts: &mut [u8; 10],
    h17: bool,
    found: &mut std::collections::HashMap<([u8; 10], u8), f64>,
) {
    let best = if soft && total + 10 <= 21 {
        total + 10
    } else {
        total
    };
    let outcome = if drawn == 1 && best == 21 {
        Some(NATURAL as u8)
    } else if total > 21 {
        Some(BUST as u8)
    } else if drawn >= 1 && dealer_stops(total, soft, h17) {
        Some(best - 17)
    } else {
        None
    };
    if let Some(outcome) = outcome {
        *found.entry((*counts, outcome)).or_insert(0.0) += 1.0;
        return;
    }
    for v in 1..=10u8 {
        counts[usize::from(v) - 1] += 1;
        enumerate(total + v, soft || v == 1, drawn + 1, counts, h17, found);
        counts[usize::from(v) - 1] -= 1;
    }
}

/// The same probabilities by plain recursion over every draw sequence: slow, for tests.
pub fn dealer_probabilities_brute_force(up: u8, shoe: &[u16; 10], h17: bool) -> DealerProbs {
    fn rec(
        total: u8,
        soft: bool,
        drawn: u8,
        shoe: &mut [u16; 10],
        h17: bool,
        p: f64,
        out: &mut DealerProbs,
    ) {
        let best = if soft && total + 10 <= 21 {
            total + 10
        } else {
            total
        };
        if drawn == 1 && best == 21 {
            out[NATURAL] += p;
            return;
        }
        if total > 21 {
            out[BUST] += p;
            return;
        }
        if drawn >= 1 && dealer_stops(total, soft, h17) {
            out[usize::from(best - 17)] += p;
            return;
        }
        let n: u16 = shoe.iter().sum();
        for v in 1..=10u8 {
            let i = usize::from(v) - 1;
            if shoe[i] == 0 {
                continue;
            }
            let q = p * f64::from(shoe[i]) / f64::from(n);
            shoe[i] -= 1;
            rec(total + v, soft || v == 1, drawn + 1, shoe, h17, q, out);
            shoe[i] += 1;
        }
    }
    let mut out = [0.0; OUTCOMES];
    let mut s = *shoe;
    rec(up, up == 1, 0, &mut s, h17, 1.0, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ValueCounts;
    use proptest::prelude::*;

    fn six_deck_minus(up: u8) -> [u16; 10] {
        let mut s = ValueCounts::full_shoe(6);
        s.remove(up);
        s.0
    }

    #[test]
    fn probabilities_sum_to_one_for_every_up_card() {
        for h17 in [false, true] {
            let shapes = DealerShapes::get(h17);
            for up in 1..=10 {
                let p = shapes.probabilities(up, &six_deck_minus(up));
                assert!(
                    (p.iter().sum::<f64>() - 1.0).abs() < 1e-12,
                    "up {up}: {p:?}"
                );
            }
        }
    }

    #[test]
    fn fast_agrees_with_brute_force() {
        for h17 in [false, true] {
            let shapes = DealerShapes::get(h17);
            for up in [1, 2, 6, 10] {
                let mut shoe = ValueCounts::full_shoe(1);
                shoe.remove(up);
                shoe.remove(10);
                shoe.remove(5);
                let fast = shapes.probabilities(up, &shoe.0);
                let slow = dealer_probabilities_brute_force(up, &shoe.0, h17);
                for (a, b) in fast.iter().zip(slow) {
                    assert!(
                        (a - b).abs() < 1e-13,
                        "up {up} h17 {h17}: {fast:?} vs {slow:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn dealer_ten_has_a_natural_one_time_in_about_thirteen() {
        // Up T: the hole card is an ace with probability 24/311 in a 6-deck shoe.
        let p = DealerShapes::get(false).probabilities(10, &six_deck_minus(10));
        assert!((p[NATURAL] - 24.0 / 311.0).abs() < 1e-12);
    }

    /// Dealer probabilities for an infinite deck (draws with replacement), by recursion.
    fn infinite_deck(up: u8, h17: bool) -> DealerProbs {
        fn rec(total: u8, soft: bool, drawn: u8, h17: bool, p: f64, out: &mut DealerProbs) {
            let best = if soft && total + 10 <= 21 {
                total + 10
            } else {
                total
            };
            if drawn == 1 && best == 21 {
                out[NATURAL] += p;
            } else if total > 21 {
                out[BUST] += p;
            } else if drawn >= 1 && dealer_stops(total, soft, h17) {
                out[usize::from(best - 17)] += p;
            } else {
                for v in 1..=10u8 {
                    let q = if v == 10 { 4.0 / 13.0 } else { 1.0 / 13.0 };
                    rec(total + v, soft || v == 1, drawn + 1, h17, p * q, out);
                }
            }
        }
        let mut out = [0.0; OUTCOMES];
        rec(up, up == 1, 0, h17, 1.0, &mut out);
        out
    }

    #[test]
    fn many_decks_approach_the_infinite_deck_values() {
        for h17 in [false, true] {
            for up in 1..=10 {
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

    proptest! {
        #[test]
        fn probabilities_sum_to_one_for_random_depleted_shoes(
            up in 1u8..=10,
            removed in proptest::collection::vec(1u8..=10, 0..150),
            h17 in any::<bool>(),
        ) {
            let mut shoe = ValueCounts::full_shoe(6);
            shoe.remove(up);
            for v in removed {
                shoe.remove(v);
            }
            let p = DealerShapes::get(h17).probabilities(up, &shoe.0);
            prop_assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            prop_assert!(p.iter().all(|&x| x >= -1e-15));
        }
    }
}
