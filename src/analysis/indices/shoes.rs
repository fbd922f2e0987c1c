//! Count-conditioned shoes: the exact frequency of every Hi-Lo state at the start of a round,
//! and the grid of representative shoes whose EVs stand for those states.
//!
//! Hi-Lo sorts the thirteen ranks into three groups of equal-sized ranks: low (2–6, five
//! ranks, +1), neutral (7–9, three ranks, 0) and high (T, J, Q, K, A, five ranks, −1). The
//! running count only sees the group counts, so a state is (cards dealt `n`, low `l`,
//! neutral `m` and high `h` of them dealt) — multivariate hypergeometric given `n`.

use crate::engine::Rules;

/// Width of a fine true-count bin, in true counts (a tenth).
const FINE_PER_TC: i64 = 10;
/// The lowest fine bin kept (true count −20); lower counts are counted in it.
pub(super) const FINE_LO: i64 = -20 * FINE_PER_TC;
/// One past the highest fine bin kept (true count +25); higher counts go to the last one.
pub(super) const FINE_HI: i64 = 25 * FINE_PER_TC;

/// The Hi-Lo group of a card value (1 = ace … 10): 0 low, 1 neutral, 2 high.
#[cfg(test)]
const fn group(value: u8) -> usize {
    match value {
        2..=6 => 0,
        7..=9 => 1,
        _ => 2,
    }
}

/// The shoe of the rules and where its cut card is.
#[derive(Debug, Clone)]
pub(super) struct Layout {
    /// Cards of one rank in the full shoe (4 per deck).
    per_rank: u32,
    /// Cards in the full shoe.
    pub cards: u32,
    /// Rounds start with 0 to `cut − 1` cards dealt (the engine's cut-card position).
    pub cut: u32,
    /// Depth strata: the dealt cards `0..cut` cut into this many equal ranges.
    pub strata: usize,
}

/// A representative shoe of the grid.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Node {
    /// The depth stratum it stands for.
    pub stratum: usize,
    /// Its exact Hi-Lo true count (running count × 52 ÷ cards left).
    pub tc: f64,
    /// Its cards by value (index `value − 1`).
    pub shoe: [u16; 10],
}

/// Ranks of each group in the order that receives the cards a proportional split leaves
/// over: middle values first, so that an odd card leans neither way. In the high group the
/// ranks are T, J, Q, K (value 10) and A; the ace comes third.
const LOW_ORDER: [u8; 5] = [4, 3, 5, 2, 6];
const NEUTRAL_ORDER: [u8; 3] = [8, 7, 9];
const HIGH_ORDER: [u8; 5] = [10, 10, 1, 10, 10];

impl Layout {
    /// The layout of `rules`' shoe with `strata` depth strata.
    pub fn new(rules: &Rules, strata: usize) -> Layout {
        let cards = u32::from(rules.decks) * 52;
        // As `engine::shoe::Shoe` places it.
        let cut = ((f64::from(cards) * rules.penetration).round() as u32).clamp(1, cards);
        Layout {
            per_rank: u32::from(rules.decks) * 4,
            cards,
            cut,
            strata: strata.max(1),
        }
    }

    /// The full shoe by value.
    pub fn full_shoe(&self) -> [u16; 10] {
        let mut shoe = [self.per_rank as u16; 10];
        shoe[9] = 4 * self.per_rank as u16;
        shoe
    }

    /// Group sizes of the full shoe: low, neutral, high.
    fn group_sizes(&self) -> [u32; 3] {
        [5 * self.per_rank, 3 * self.per_rank, 5 * self.per_rank]
    }

    /// The stratum of a round that starts with `dealt` cards out.
    pub fn stratum_of(&self, dealt: u32) -> usize {
        ((dealt as usize) * self.strata / self.cut as usize).min(self.strata - 1)
    }

    /// The middle of a stratum's dealt range.
    fn stratum_middle(&self, stratum: usize) -> u32 {
        let lo = (stratum * self.cut as usize).div_ceil(self.strata);
        let hi = ((stratum + 1) * self.cut as usize).div_ceil(self.strata);
        ((lo + hi) / 2) as u32
    }

    /// The shoe left after `dealt` cards with running count `rc` (low minus high dealt), the
    /// neutral cards dealt in proportion, each group split evenly over its ranks. `None`
    /// where no such shoe exists.
    pub fn shoe_for(&self, dealt: u32, rc: i32) -> Option<[u16; 10]> {
        self.shoe_with(dealt, rc, 0, 0)
    }

    /// [`Layout::shoe_for`] with `neutral_shift` more neutral cards dealt (fewer low and high
    /// ones) and each group's order of odd cards rotated by `rotation`: over the fifteen
    /// rotations the average shoe is exactly proportional (for measuring the approximation).
    pub fn shoe_with(
        &self,
        dealt: u32,
        rc: i32,
        neutral_shift: i64,
        rotation: usize,
    ) -> Option<[u16; 10]> {
        let [low, neutral, high] = self.group_sizes();
        // Low and high cards dealt, nearest to their share and of the parity of `rc`.
        let target =
            f64::from(dealt) * f64::from(low + high) / f64::from(self.cards) - neutral_shift as f64;
        let mut s = target.round() as i64;
        if (s + i64::from(rc)).rem_euclid(2) != 0 {
            s += if (s as f64) < target { 1 } else { -1 };
        }
        let l = (s + i64::from(rc)) / 2;
        let h = (s - i64::from(rc)) / 2;
        let m = i64::from(dealt) - s;
        let fits = |x: i64, size: u32| (0..=i64::from(size)).contains(&x);
        if !(fits(l, low) && fits(h, high) && fits(m, neutral)) {
            return None;
        }
        let mut shoe = [0u16; 10];
        let mut spread = |left: i64, order: &[u8]| {
            let len = order.len();
            let each = left / len as i64;
            let extra = left % len as i64;
            for i in 0..len {
                let v = order[(i + rotation) % len];
                shoe[usize::from(v) - 1] += (each + i64::from((i as i64) < extra)) as u16;
            }
        };
        spread(i64::from(low) - l, &LOW_ORDER);
        spread(i64::from(neutral) - m, &NEUTRAL_ORDER);
        spread(i64::from(high) - h, &HIGH_ORDER);
        Some(shoe)
    }

    /// The grid: per stratum, shoes at its middle depth whose true counts run from `lo` to
    /// `hi` about `step` apart (running counts a whole number apart), where they exist.
    pub fn nodes(&self, lo: f64, hi: f64, step: f64) -> Vec<Node> {
        let mut nodes = Vec::new();
        for stratum in 0..self.strata {
            let dealt = self.stratum_middle(stratum);
            let left = self.cards - dealt;
            let decks = f64::from(left) / 52.0;
            let rc_step = ((step * decks).round() as i32).max(1);
            let first = (lo * decks).floor() as i32;
            let last = (hi * decks).ceil() as i32;
            // Centred on a running count of 0 so that the count-neutral shoe is a node.
            let mut rc = first.div_euclid(rc_step) * rc_step;
            while rc <= last {
                if let Some(shoe) = self.shoe_for(dealt, rc) {
                    nodes.push(Node {
                        stratum,
                        tc: f64::from(rc) * 52.0 / f64::from(left),
                        shoe,
                    });
                }
                rc += rc_step;
            }
        }
        nodes
    }

    /// The exact frequency of each (stratum, fine true-count bin) among rounds: the round's
    /// depth uniform over `0..cut` cards dealt, the groups dealt hypergeometric given the
    /// depth. Fine bin `b` holds the true counts in `[b/10, (b+1)/10)` (floored exactly from
    /// the running count and the cards left); `weights[stratum][b − FINE_LO]`.
    pub fn weights(&self) -> Vec<Vec<f64>> {
        let [low, neutral, high] = self.group_sizes();
        let ln_fact: Vec<f64> = std::iter::once(0.0)
            .chain((1..=self.cards).scan(0.0, |acc, k| {
                *acc += f64::from(k).ln();
                Some(*acc)
            }))
            .collect();
        let ln_choose =
            |n: u32, k: u32| ln_fact[n as usize] - ln_fact[k as usize] - ln_fact[(n - k) as usize];
        let bins = (FINE_HI - FINE_LO) as usize;
        let mut weights = vec![vec![0.0; bins]; self.strata];
        let per_depth = 1.0 / f64::from(self.cut);
        for dealt in 0..self.cut {
            let left = i64::from(self.cards - dealt);
            let row = &mut weights[self.stratum_of(dealt)];
            let ln_all = ln_choose(self.cards, dealt);
            for l in 0..=dealt.min(low) {
                let ln_l = ln_choose(low, l) - ln_all;
                for h in 0..=(dealt - l).min(high) {
                    let m = dealt - l - h;
                    if m > neutral {
                        continue;
                    }
                    let ln_p = ln_l + ln_choose(high, h) + ln_choose(neutral, m);
                    if ln_p < -40.0 {
                        continue;
                    }
                    let rc = i64::from(l) - i64::from(h);
                    let fine = (rc * 52 * FINE_PER_TC).div_euclid(left);
                    let b = (fine.clamp(FINE_LO, FINE_HI - 1) - FINE_LO) as usize;
                    row[b] += per_depth * ln_p.exp();
                }
            }
        }
        weights
    }
}

/// The true count at the middle of fine bin `b` (an index into a weights row).
pub(super) fn fine_centre(b: usize) -> f64 {
    (b as f64 + FINE_LO as f64 + 0.5) / FINE_PER_TC as f64
}

/// The floored true count of fine bin `b`.
pub(super) fn fine_floor(b: usize) -> i32 {
    (b as i64 + FINE_LO).div_euclid(FINE_PER_TC) as i32
}

/// The Hi-Lo running count of the cards missing from `shoe` relative to `full`.
#[cfg(test)]
pub(super) fn running_count(full: &[u16; 10], shoe: &[u16; 10]) -> i32 {
    (1..=10u8)
        .map(|v| {
            let i = usize::from(v) - 1;
            let gone = i32::from(full[i]) - i32::from(shoe[i]);
            match group(v) {
                0 => gone,
                1 => 0,
                _ => -gone,
            }
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_shoe_has_the_running_count_and_size_it_was_built_for() {
        let layout = Layout::new(&Rules::default(), 4);
        assert_eq!(layout.cut, 234);
        let full = layout.full_shoe();
        for (dealt, rc) in [(0, 0), (100, 7), (100, -8), (200, 31), (57, -1)] {
            let shoe = layout.shoe_for(dealt, rc).unwrap();
            assert_eq!(shoe.iter().map(|&c| u32::from(c)).sum::<u32>(), 312 - dealt);
            assert_eq!(running_count(&full, &shoe), rc);
        }
        assert_eq!(layout.shoe_for(0, 0), Some(full));
        assert_eq!(layout.shoe_for(10, 12), None);
    }

    #[test]
    fn the_state_weights_are_a_distribution_symmetric_in_the_count() {
        let layout = Layout::new(&Rules::default(), 3);
        let weights = layout.weights();
        let total: f64 = weights.iter().flatten().sum();
        assert!((total - 1.0).abs() < 1e-9, "{total}");
        // Low and high groups are the same size: P(tc) = P(−tc) for every depth.
        let by_tc = |lo: i32| -> f64 {
            weights
                .iter()
                .flat_map(|row| row.iter().enumerate())
                .filter(|(b, _)| fine_floor(*b) == lo)
                .map(|(_, w)| w)
                .sum()
        };
        // Mirrored fine bins agree but for counts exactly on a bin's edge (those floor to
        // the bin above on both sides).
        let fine = |b: i64| -> f64 { weights.iter().map(|r| r[(b - FINE_LO) as usize]).sum() };
        for b in [3, 17, 42] {
            let (up, down) = (fine(b), fine(-b - 1));
            assert!((up - down).abs() < 0.05 * up, "bin {b}: {up} vs {down}");
        }
        assert!(by_tc(0) > by_tc(3) && by_tc(3) > by_tc(6));
    }
}
