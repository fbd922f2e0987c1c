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

/// All dealer draw shapes for one rule set (S17 or H17), per up card.
#[derive(Debug)]
pub struct DealerShapes {
    by_up: [Vec<Shape>; 10],
    max_len: usize,
    max_count: usize,
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
        let mut max_count = 0;
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
                max_count = max_count.max(usize::from(*s.counts.iter().max().unwrap_or(&0)));
            }
            by_up[usize::from(up) - 1] = shapes;
        }
        DealerShapes {
            by_up,
            max_len,
            max_count,
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
        let total: u32 = shoe.iter().map(|&c| u32::from(c)).sum();
        // Falling powers: fall[v][k] = S_v (S_v − 1) … (S_v − k + 1).
        let mut fall = [[0f64; 24]; 10];
        let kmax = self.max_count.min(23);
        for v in 0..10 {
            let s = f64::from(shoe[v]);
            fall[v][0] = 1.0;
            for k in 1..=kmax {
                fall[v][k] = fall[v][k - 1] * (s - (k as f64 - 1.0)).max(0.0);
            }
        }
        let mut inv_total = [0f64; 24];
        let mut prod = 1.0;
        inv_total[0] = 1.0;
        for (n, slot) in inv_total
            .iter_mut()
            .enumerate()
            .take(self.max_len.min(23) + 1)
            .skip(1)
        {
            prod *= f64::from(total) - (n as f64 - 1.0);
            *slot = if prod > 0.0 { 1.0 / prod } else { 0.0 };
        }
        let mut probs = [0f64; OUTCOMES];
        for shape in &self.by_up[usize::from(up) - 1] {
            let mut p = shape.orders * inv_total[usize::from(shape.len)];
            for (v, &m) in shape.counts.iter().enumerate() {
                if m > 0 {
                    p *= fall[v][usize::from(m)];
                }
            }
            probs[usize::from(shape.outcome)] += p;
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
