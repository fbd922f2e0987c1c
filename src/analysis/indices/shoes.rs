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

    /// A shoe with about `dealt` cards dealt, running count `rc` (low minus high dealt, a
    /// multiple of 5) and the neutral cards dealt in proportion (plus `neutral_shift`, a
    /// multiple of 3), whose every group is split exactly evenly over its ranks: low and high
    /// cards dealt in multiples of 5, neutral ones in multiples of 3, so that no card of a
    /// group has to be rounded onto one of its ranks. The cards dealt may differ from
    /// `dealt` by up to 8. `None` where no such shoe exists.
    pub fn even_shoe(&self, dealt: u32, rc: i32, neutral_shift: i64) -> Option<(u32, [u16; 10])> {
        let [low, neutral, high] = self.group_sizes();
        if rc % 5 != 0 || neutral_shift % 3 != 0 {
            return None;
        }
        let share = |size: u32| f64::from(dealt) * f64::from(size) / f64::from(self.cards);
        let m = 3 * (share(neutral) / 3.0).round() as i64 + neutral_shift;
        // Low and high dealt: s = l + h ≡ rc (mod 10), nearest to their share.
        let target = share(low + high) - neutral_shift as f64;
        let rc = i64::from(rc);
        let s = rc + 10 * ((target - rc as f64) / 10.0).round() as i64;
        let (l, h) = ((s + rc) / 2, (s - rc) / 2);
        let fits = |x: i64, size: u32| (0..=i64::from(size)).contains(&x);
        if !(fits(l, low) && fits(h, high) && fits(m, neutral)) {
            return None;
        }
        let per = |left: i64, ranks: i64| (left / ranks) as u16;
        let (each_low, each_neutral, each_high) = (
            per(i64::from(low) - l, 5),
            per(i64::from(neutral) - m, 3),
            per(i64::from(high) - h, 5),
        );
        let mut shoe = [each_low; 10];
        shoe[0] = each_high;
        for v in 7..=9 {
            shoe[v - 1] = each_neutral;
        }
        shoe[9] = 4 * each_high;
        Some(((s + m) as u32, shoe))
    }

    /// The grid: per stratum, even shoes ([`Layout::even_shoe`]) at about its middle depth
    /// whose true counts run from `lo` to `hi`, running counts a multiple of 5 and about `step`
    /// true counts apart, where they exist.
    pub fn nodes(&self, lo: f64, hi: f64, step: f64) -> Vec<Node> {
        let mut nodes = Vec::new();
        for stratum in 0..self.strata {
            let middle = self.stratum_middle(stratum);
            let decks = f64::from(self.cards - middle) / 52.0;
            let rc_step = 5 * ((step * decks / 5.0).round() as i32).max(1);
            let first = (lo * decks / f64::from(rc_step)).floor() as i32;
            let last = (hi * decks / f64::from(rc_step)).ceil() as i32;
            for k in first..=last {
                let rc = k * rc_step;
                if let Some((dealt, shoe)) = self.even_shoe(middle, rc, 0) {
                    nodes.push(Node {
                        stratum,
                        tc: f64::from(rc) * 52.0 / f64::from(self.cards - dealt),
                        shoe,
                    });
                }
            }
        }
        nodes
    }

    /// The exact frequency of each (stratum, fine true-count bin) among rounds, and the mean
    /// exact true count of the rounds in it. Given the depth, the groups dealt are
    /// hypergeometric; the depth and running count at which rounds start are `starts`'
    /// ([`RoundStarts`]: the shoe followed round by round), or with `None` the depth is taken
    /// uniform over `0..cut` cards dealt (the assumption of earlier versions, kept to measure
    /// what it changes). Fine bin `b` holds the true counts in `[b/10, (b+1)/10)` (floored
    /// exactly from the running count and the cards left); `weights[stratum][b − FINE_LO]`.
    pub fn weights(&self, starts: Option<&RoundStarts>) -> Weights {
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
        let mut tc_sums = vec![vec![0.0; bins]; self.strata];
        let per_depth = 1.0 / f64::from(self.cut);
        let span = i64::from(self.cards);
        let mut by_rc = vec![0.0; 2 * self.cards as usize + 1];
        for dealt in 0..self.cut {
            let left = i64::from(self.cards - dealt);
            let stratum = self.stratum_of(dealt);
            let ln_all = ln_choose(self.cards, dealt);
            // Every (low, high) dealt with its hypergeometric chance, pruned where negligible.
            let states = || {
                (0..=dealt.min(low)).flat_map(move |l| {
                    (0..=(dealt - l).min(high)).filter_map(move |h| {
                        let m = dealt - l - h;
                        if m > neutral {
                            return None;
                        }
                        let ln_p =
                            ln_choose(low, l) - ln_all + ln_choose(high, h) + ln_choose(neutral, m);
                        (ln_p >= -40.0).then(|| (i64::from(l) - i64::from(h), ln_p.exp()))
                    })
                })
            };
            // With the played starts, each running count's chance is the chain's, shared
            // among its states as the hypergeometric shares it.
            if starts.is_some() {
                by_rc.iter_mut().for_each(|x| *x = 0.0);
                for (rc, p) in states() {
                    by_rc[(rc + span) as usize] += p;
                }
            }
            for (rc, p) in states() {
                let w = match starts {
                    None => per_depth * p,
                    Some(s) => s.share(dealt, rc) * p / by_rc[(rc + span) as usize],
                };
                let fine = (rc * 52 * FINE_PER_TC).div_euclid(left);
                let b = (fine.clamp(FINE_LO, FINE_HI - 1) - FINE_LO) as usize;
                weights[stratum][b] += w;
                tc_sums[stratum][b] += w * (rc * 52) as f64 / left as f64;
            }
        }
        let mean_tc = weights
            .iter()
            .zip(&tc_sums)
            .map(|(w, t)| {
                w.iter()
                    .zip(t)
                    .enumerate()
                    .map(|(b, (&w, &t))| if w > 1e-300 { t / w } else { fine_centre(b) })
                    .collect()
            })
            .collect();
        Weights { weights, mean_tc }
    }
}

/// The expected number of rounds per shoe that start at each depth and running count: rounds
/// start where the one before ended, the first at depth 0 with a count of 0, and none once the
/// cut card is reached (the next round starts a new shoe).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct RoundStarts {
    /// Running counts kept: `−span..=span`.
    pub span: i32,
    /// `starts[depth][rc + span]`, for depths `0..cut`.
    pub starts: Vec<Vec<f64>>,
    /// The expected number of rounds in one shoe.
    pub per_shoe: f64,
    /// The mean number of cards a round takes from the full shoe.
    pub mean_cards: f64,
}

impl RoundStarts {
    /// The share of all rounds that start with `depth` cards dealt and running count `rc`.
    pub fn share(&self, depth: u32, rc: i64) -> f64 {
        let Some(row) = self.starts.get(depth as usize) else {
            return 0.0;
        };
        let i = rc + i64::from(self.span);
        if (0..row.len() as i64).contains(&i) {
            row[i as usize] / self.per_shoe
        } else {
            0.0
        }
    }
}

/// The frequency of each (stratum, fine true-count bin) among rounds, and the mean exact true
/// count of its rounds (the bin's centre where it has none).
#[derive(Debug, Clone)]
pub(super) struct Weights {
    /// `weights[stratum][bin]`: the share of rounds.
    pub weights: Vec<Vec<f64>>,
    /// `mean_tc[stratum][bin]`.
    pub mean_tc: Vec<Vec<f64>>,
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
    fn an_even_shoe_has_the_running_count_it_was_built_for_and_no_odd_card() {
        let layout = Layout::new(&Rules::default(), 4);
        assert_eq!(layout.cut, 234);
        let full = layout.full_shoe();
        for (dealt, rc, shift) in [
            (0, 0, 0),
            (100, 5, 0),
            (100, -10, 3),
            (200, 35, -3),
            (57, -5, 0),
        ] {
            let (n, shoe) = layout.even_shoe(dealt, rc, shift).unwrap();
            assert!(n.abs_diff(dealt) <= 8, "{n} for {dealt}");
            assert_eq!(shoe.iter().map(|&c| u32::from(c)).sum::<u32>(), 312 - n);
            assert_eq!(running_count(&full, &shoe), rc);
            assert!((2..=6).all(|v| shoe[v - 1] == shoe[1]));
            assert!((7..=9).all(|v| shoe[v - 1] == shoe[6]));
            assert_eq!(shoe[9], 4 * shoe[0]);
        }
        assert_eq!(layout.even_shoe(0, 0, 0), Some((0, full)));
        assert_eq!(layout.even_shoe(10, 15, 0), None);
        assert_eq!(layout.even_shoe(100, 7, 0), None);
    }

    #[test]
    fn the_state_weights_are_a_distribution_symmetric_in_the_count() {
        let layout = Layout::new(&Rules::default(), 3);
        let weights = layout.weights(None).weights;
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
