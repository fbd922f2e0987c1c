//! Count-conditioned shoes: the exact frequency of every state of a count at the start of a
//! round, and the grid of representative shoes whose EVs stand for those states.
//!
//! A count sorts the ranks into groups that share a tag ([`CountModel`]); the running count
//! sees only the cards dealt per group: a multivariate hypergeometric draw over the groups.

use super::model::{CountModel, ranks_of};
use crate::engine::{Rules, Value};

/// The fine bins of a count: `per` bins per index count, bins `lo..hi` in `1 / per` index
/// counts (counts beyond them are counted in the first or last).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Bins {
    /// Bins per index count: 10 (tenths of a true count) for a balanced count, one per
    /// running count of the analysis for an unbalanced one.
    pub per: i64,
    /// The lowest bin kept.
    pub lo: i64,
    /// One past the highest bin kept.
    pub hi: i64,
    /// Where in its bin a bin's centre is: ½ for tenths of a true count; 0 for a running
    /// count, which is exactly its bin's value.
    pub half: f64,
}

impl Bins {
    /// The bins of `model`: true counts −20 … +25, or running counts 10 below the index
    /// range to 10 above it.
    pub fn of(model: &CountModel) -> Bins {
        match model.initial {
            None => Bins { per: 10, lo: -200, hi: 250, half: 0.5 },
            Some(_) => {
                let range = model.index_range();
                let per = model.fine_per();
                Bins {
                    per,
                    lo: (i64::from(*range.start()) - 10) * per,
                    hi: (i64::from(*range.end()) + 11) * per,
                    half: 0.0,
                }
            }
        }
    }

    /// The number of bins.
    pub fn len(&self) -> usize {
        (self.hi - self.lo) as usize
    }

    /// The index count at the middle of bin `b` (an index into a weights row).
    pub fn centre(&self, b: usize) -> f64 {
        (b as f64 + self.lo as f64 + self.half) / self.per as f64
    }

    /// The floored index count of bin `b`.
    pub fn floor(&self, b: usize) -> i32 {
        (b as i64 + self.lo).div_euclid(self.per) as i32
    }

    /// The bin of a fine value ([`CountModel::fine_value`]).
    pub fn bin(&self, fine: i64) -> usize {
        (fine.clamp(self.lo, self.hi - 1) - self.lo) as usize
    }
}

/// The shoe of the rules and where its cut card is, for one count.
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
    /// The count.
    pub model: CountModel,
    /// Its fine bins.
    pub bins: Bins,
}

/// A representative shoe of the grid.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Node {
    /// The depth stratum it stands for.
    pub stratum: usize,
    /// Its exact coordinate ([`CountModel::coordinate`]: for a balanced count its true count).
    pub tc: f64,
    /// Its cards by value (index `value − 1`).
    pub shoe: [u16; 10],
}

impl Layout {
    /// The layout of `rules`' shoe with `strata` depth strata, for the count `model`.
    pub fn new(rules: &Rules, strata: usize, model: &CountModel) -> Layout {
        let cards = u32::from(rules.decks) * 52;
        // As `engine::shoe::Shoe` places it.
        let cut = ((f64::from(cards) * rules.penetration).round() as u32).clamp(1, cards);
        Layout {
            per_rank: u32::from(rules.decks) * 4,
            cards,
            cut,
            strata: strata.max(1),
            model: model.clone(),
            bins: Bins::of(model),
        }
    }

    /// The full shoe by value.
    pub fn full_shoe(&self) -> [u16; 10] {
        let mut shoe = [self.per_rank as u16; 10];
        shoe[9] = 4 * self.per_rank as u16;
        shoe
    }

    /// The stratum of a round that starts with `dealt` cards out.
    pub fn stratum_of(&self, dealt: u32) -> usize {
        ((dealt as usize) * self.strata / self.cut as usize).min(self.strata - 1)
    }

    /// The middle of a stratum's dealt range.
    pub fn stratum_middle(&self, stratum: usize) -> u32 {
        let lo = (stratum * self.cut as usize).div_ceil(self.strata);
        let hi = ((stratum + 1) * self.cut as usize).div_ceil(self.strata);
        ((lo + hi) / 2) as u32
    }

    /// A shoe with about `dealt` cards dealt (±8) and running count `rc`, every group split
    /// evenly over its ranks (no card rounded onto a rank): a group uncorrelated with the
    /// count in proportion (plus `neutral_shift`), the others the nearest (squared distance
    /// from their means over their share) that count exactly `rc`. A count that cannot split
    /// evenly ([`CountModel::even_split`]) takes [`Layout::rounded_shoe`]. `None`: no such shoe.
    pub fn even_shoe(&self, dealt: u32, rc: i32, neutral_shift: i64) -> Option<(u32, [u16; 10])> {
        let m = &self.model;
        if !m.even_split {
            return if neutral_shift == 0 { self.rounded_shoe(dealt, rc) } else { None };
        }
        if rc % m.quantum != 0 {
            return None;
        }
        let d = f64::from(dealt);
        let excess = f64::from(rc) - d * m.mean;
        let share = |g: &super::model::Group| f64::from(g.ranks) / 13.0;
        let means: Vec<f64> = m
            .groups
            .iter()
            .map(|g| d * share(g) + excess * share(g) * (f64::from(g.tag) - m.mean) / m.variance)
            .collect();
        let fixed = |g: &super::model::Group| f64::from(g.tag) == m.mean;
        let mut dealt_by_group: Vec<i64> = vec![0; m.groups.len()];
        let mut shifted = false;
        for (i, g) in m.groups.iter().enumerate() {
            if fixed(g) {
                let r = i64::from(g.ranks);
                let mut x = r * (means[i] / r as f64).round() as i64;
                if !shifted && neutral_shift != 0 {
                    if neutral_shift % r != 0 {
                        return None;
                    }
                    x += neutral_shift;
                    shifted = true;
                }
                dealt_by_group[i] = x;
            }
        }
        if neutral_shift != 0 && !shifted {
            return None;
        }
        let fixed_count: i64 = m
            .groups
            .iter()
            .zip(&dealt_by_group)
            .filter(|(g, _)| fixed(g))
            .map(|(g, &x)| i64::from(g.tag) * x)
            .sum();
        let free: Vec<usize> = (0..m.groups.len()).filter(|&i| !fixed(&m.groups[i])).collect();
        // The nearest lattice point: each free group within two steps of its mean.
        let mut best: Option<(f64, Vec<i64>)> = None;
        let mut pick = vec![0i64; free.len()];
        search(m, &free, &means, 0, &mut pick, i64::from(rc) - fixed_count, 0.0, &mut best);
        let (_, chosen) = best?;
        for (&i, &x) in free.iter().zip(&chosen) {
            dealt_by_group[i] = x;
        }
        let mut shoe = [0u16; 10];
        let mut total = 0i64;
        for (g, &x) in m.groups.iter().zip(&dealt_by_group) {
            let size = i64::from(g.ranks * self.per_rank);
            if !(0..=size).contains(&x) {
                return None;
            }
            total += x;
            let each = ((size - x) / i64::from(g.ranks)) as u16;
            for &v in &g.values {
                shoe[v.index()] = if v == Value::TEN { 4 * each } else { each };
            }
        }
        Some((total as u32, shoe))
    }

    /// A shoe with `dealt` cards dealt and running count `rc`: each value's mean given the
    /// count rounded, then the count made exact by the cheapest one-card moves (squared
    /// distance over share). `None` where no such shoe exists.
    pub fn rounded_shoe(&self, dealt: u32, rc: i32) -> Option<(u32, [u16; 10])> {
        let m = &self.model;
        let d = f64::from(dealt);
        let excess = f64::from(rc) - d * m.mean;
        let share = |v: Value| f64::from(ranks_of(v)) / 13.0;
        let means: Vec<f64> = Value::ALL
            .iter()
            .map(|&v| {
                let t = f64::from(m.tags[v.index()]);
                d * share(v) + excess * share(v) * (t - m.mean) / m.variance
            })
            .collect();
        let mut x: Vec<i64> = means.iter().map(|mu| mu.round() as i64).collect();
        let count =
            |x: &[i64]| -> i64 { x.iter().zip(&m.tags).map(|(&n, &t)| n * i64::from(t)).sum() };
        let cost = |v: usize, n: i64| (n as f64 - means[v]).powi(2) / share(Value::ALL[v]);
        let mut missing = i64::from(rc) - count(&x);
        // Each move brings the count nearer: at most a few per card of the level.
        for _ in 0..1000 {
            if missing == 0 {
                break;
            }
            let best = (0..10usize)
                .flat_map(|v| [(v, 1i64), (v, -1i64)])
                .filter(|&(v, dir)| {
                    let step = dir * i64::from(m.tags[v]);
                    step != 0 && step.signum() == missing.signum() && step.abs() <= missing.abs()
                })
                .min_by(|&(a, da), &(b, db)| {
                    let rise = |v: usize, dir: i64| cost(v, x[v] + dir) - cost(v, x[v]);
                    rise(a, da).total_cmp(&rise(b, db))
                })?;
            x[best.0] += best.1;
            missing -= best.1 * i64::from(m.tags[best.0]);
        }
        if missing != 0 {
            return None;
        }
        let full = self.full_shoe();
        let mut shoe = [0u16; 10];
        for v in 0..10 {
            if !(0..=i64::from(full[v])).contains(&x[v]) {
                return None;
            }
            shoe[v] = (i64::from(full[v]) - x[v]) as u16;
        }
        Some((x.iter().sum::<i64>() as u32, shoe))
    }

    /// The grid: per stratum, even shoes ([`Layout::even_shoe`]) at about its middle depth
    /// whose coordinates run from `lo` to `hi`, running counts on the count's lattice and
    /// about `step` Hi-Lo-sized true counts apart, where they exist.
    pub fn nodes(&self, lo: f64, hi: f64, step: f64) -> Vec<Node> {
        let m = &self.model;
        let mut nodes = Vec::new();
        for stratum in 0..self.strata {
            let middle = self.stratum_middle(stratum);
            let decks = f64::from(self.cards - middle) / 52.0 * f64::from(m.per_point);
            let rc_step = m.rc_step(step * decks);
            let base = m.on_lattice(f64::from(middle) * m.mean);
            let first = (lo * decks / f64::from(rc_step)).floor() as i32;
            let last = (hi * decks / f64::from(rc_step)).ceil() as i32;
            for k in first..=last {
                let rc = base + k * rc_step;
                if let Some((dealt, shoe)) = self.even_shoe(middle, rc, 0) {
                    nodes.push(Node {
                        stratum,
                        tc: m.coordinate(self.cards, dealt, i64::from(rc)),
                        shoe,
                    });
                }
            }
        }
        nodes
    }

    /// The chance of each running count (from the shoe's start, analysis units) with `dealt`
    /// cards dealt, for every `dealt` below the cut card: `(lowest count, chances[dealt][rc −
    /// lowest])`, exact (the groups dealt multivariate hypergeometric).
    pub fn count_chances(&self) -> (i64, Vec<Vec<f64>>) {
        let m = &self.model;
        let sizes: Vec<(i64, u32)> =
            m.groups.iter().map(|g| (i64::from(g.tag), g.ranks * self.per_rank)).collect();
        let lowest: i64 = sizes.iter().map(|&(t, n)| t.min(0) * i64::from(n)).sum();
        let highest: i64 = sizes.iter().map(|&(t, n)| t.max(0) * i64::from(n)).sum();
        let width = (highest - lowest + 1) as usize;
        let depths = self.cut as usize;
        // Products of binomials, by cards dealt and count: at most 2^416, within f64.
        let mut poly = vec![vec![0.0f64; width]; depths];
        poly[0][(-lowest) as usize] = 1.0;
        for &(tag, size) in &sizes {
            let mut next = vec![vec![0.0f64; width]; depths];
            let mut choose = vec![1.0f64; size as usize + 1];
            for x in 1..=size as usize {
                choose[x] = choose[x - 1] * (f64::from(size) - (x - 1) as f64) / x as f64;
            }
            for n in 0..depths {
                for (i, &v) in poly[n].iter().enumerate() {
                    if v == 0.0 {
                        continue;
                    }
                    for (x, &c) in choose.iter().enumerate().take(depths - n) {
                        let at = i as i64 + tag * x as i64;
                        next[n + x][at as usize] += v * c;
                    }
                }
            }
            poly = next;
        }
        for row in &mut poly {
            let total: f64 = row.iter().sum();
            if total > 0.0 {
                row.iter_mut().for_each(|x| *x /= total);
            }
        }
        (lowest, poly)
    }

    /// The exact frequency of each (stratum, fine bin) among rounds and the mean coordinate of
    /// its rounds: rounds start as `starts` says, or with `None` at a depth uniform over
    /// `0..cut` (earlier versions'). A fine bin is a tenth of a true count, or one running count.
    pub fn weights(&self, starts: Option<&RoundStarts>) -> Weights {
        let m = &self.model;
        let bins = self.bins;
        let mut weights = vec![vec![0.0; bins.len()]; self.strata];
        let mut tc_sums = vec![vec![0.0; bins.len()]; self.strata];
        let per_depth = 1.0 / f64::from(self.cut);
        let (lowest, chances) = self.count_chances();
        // Counts less likely than this (e^−40) are left out, as negligible.
        let negligible = (-40.0f64).exp();
        for dealt in 0..self.cut {
            let left = i64::from(self.cards - dealt);
            let stratum = self.stratum_of(dealt);
            for (i, &p) in chances[dealt as usize].iter().enumerate() {
                if p < negligible {
                    continue;
                }
                let rc = i as i64 + lowest;
                let w = match starts {
                    None => per_depth * p,
                    Some(s) => s.share(dealt, rc),
                };
                let b = bins.bin(m.fine_value(left, rc));
                weights[stratum][b] += w;
                tc_sums[stratum][b] += w * m.coordinate(self.cards, dealt, rc);
            }
        }
        let mean_tc = weights
            .iter()
            .zip(&tc_sums)
            .enumerate()
            .map(|(k, (w, t))| {
                w.iter()
                    .zip(t)
                    .enumerate()
                    .map(
                        |(b, (&w, &t))| {
                            if w > 1e-300 { t / w } else { self.empty_bin_coordinate(k, b) }
                        },
                    )
                    .collect()
            })
            .collect();
        Weights { weights, mean_tc }
    }

    /// The coordinate of a fine bin no round of stratum `k` falls in: the bin's centre for a
    /// balanced count, its running count at the stratum's middle depth for an unbalanced one.
    fn empty_bin_coordinate(&self, k: usize, b: usize) -> f64 {
        let m = &self.model;
        match m.initial {
            None => self.bins.centre(b),
            Some(irc) => {
                let rc = b as i64 + self.bins.lo - i64::from(irc);
                m.coordinate(self.cards, self.stratum_middle(k), rc)
            }
        }
    }
}

/// The nearest lattice point for [`Layout::even_shoe`]: each free group `free[j]` dealt a
/// multiple of its ranks within two steps of its mean, their count summing to `want`.
#[allow(clippy::too_many_arguments)]
fn search(
    m: &CountModel,
    free: &[usize],
    means: &[f64],
    j: usize,
    pick: &mut Vec<i64>,
    want: i64,
    cost: f64,
    best: &mut Option<(f64, Vec<i64>)>,
) {
    if best.as_ref().is_some_and(|(c, _)| cost >= *c) {
        return;
    }
    if j == free.len() {
        if want == 0 {
            *best = Some((cost, pick.clone()));
        }
        return;
    }
    let g = &m.groups[free[j]];
    let r = i64::from(g.ranks);
    let mean = means[free[j]];
    let share = f64::from(g.ranks) / 13.0;
    let centre = (mean / r as f64).round() as i64;
    // Nearest first, so that a tie goes to the step nearer the mean.
    let mut steps: Vec<i64> = (centre - 2..=centre + 2).collect();
    steps.sort_by(|a, b| {
        let d = |k: i64| ((k * r) as f64 - mean).abs();
        d(*a).total_cmp(&d(*b))
    });
    for k in steps {
        let x = k * r;
        pick[j] = x;
        let c = cost + (x as f64 - mean).powi(2) / share;
        search(m, free, means, j + 1, pick, want - i64::from(g.tag) * x, c, best);
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
}

impl RoundStarts {
    /// The share of all rounds that start with `depth` cards dealt and running count `rc`.
    pub fn share(&self, depth: u32, rc: i64) -> f64 {
        let Some(row) = self.starts.get(depth as usize) else {
            return 0.0;
        };
        let i = rc + i64::from(self.span);
        if (0..row.len() as i64).contains(&i) { row[i as usize] / self.per_shoe } else { 0.0 }
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

/// The running count (analysis units) of the cards missing from `shoe` relative to `full`.
#[cfg(test)]
pub(super) fn running_count(model: &CountModel, full: &[u16; 10], shoe: &[u16; 10]) -> i32 {
    Value::ALL
        .iter()
        .map(|&v| model.tag(v) * (i32::from(full[v.index()]) - i32::from(shoe[v.index()])))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::counts::{CountSystem, HI_LO};

    fn hilo() -> CountModel {
        CountModel::new(&HI_LO, 6)
    }

    #[test]
    fn an_even_shoe_has_the_running_count_it_was_built_for_and_no_odd_card() {
        let model = hilo();
        let layout = Layout::new(&Rules::default(), 4, &model);
        assert_eq!(layout.cut, 234);
        let full = layout.full_shoe();
        for (dealt, rc, shift) in
            [(0, 0, 0), (100, 5, 0), (100, -10, 3), (200, 35, -3), (57, -5, 0)]
        {
            let (n, shoe) = layout.even_shoe(dealt, rc, shift).unwrap();
            assert!(n.abs_diff(dealt) <= 8, "{n} for {dealt}");
            assert_eq!(shoe.iter().map(|&c| u32::from(c)).sum::<u32>(), 312 - n);
            assert_eq!(running_count(&model, &full, &shoe), rc);
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
        let layout = Layout::new(&Rules::default(), 3, &hilo());
        let bins = layout.bins;
        let weights = layout.weights(None).weights;
        let total: f64 = weights.iter().flatten().sum();
        assert!((total - 1.0).abs() < 1e-9, "{total}");
        // Low and high groups are the same size: P(tc) = P(−tc) for every depth.
        let by_tc = |lo: i32| -> f64 {
            weights
                .iter()
                .flat_map(|row| row.iter().enumerate())
                .filter(|(b, _)| bins.floor(*b) == lo)
                .map(|(_, w)| w)
                .sum()
        };
        // Mirrored fine bins agree but for counts exactly on a bin's edge (those floor to
        // the bin above on both sides).
        let fine = |b: i64| -> f64 { weights.iter().map(|r| r[bins.bin(b)]).sum() };
        for b in [3, 17, 42] {
            let (up, down) = (fine(b), fine(-b - 1));
            assert!((up - down).abs() < 0.05 * up, "bin {b}: {up} vs {down}");
        }
        assert!(by_tc(0) > by_tc(3) && by_tc(3) > by_tc(6));
    }

    #[test]
    fn every_count_has_grid_shoes_at_its_counts_and_chances_that_add_up() {
        let rules = Rules::default();
        for system in crate::analysis::counts::BUILT_IN.iter() {
            let model = CountModel::new(system, rules.decks);
            let layout = Layout::new(&rules, 4, &model);
            let full = layout.full_shoe();
            for dealt in [29u32, 146, 205] {
                let base = model.on_lattice(f64::from(dealt) * model.mean);
                for k in -4..=4 {
                    let rc = base + k * model.rc_step(5.0);
                    let (n, shoe) = layout
                        .even_shoe(dealt, rc, 0)
                        .unwrap_or_else(|| panic!("{} at {dealt}, {rc}", system.key));
                    assert!(n.abs_diff(dealt) <= 10, "{}: {n} for {dealt}", system.key);
                    assert_eq!(running_count(&model, &full, &shoe), rc, "{}", system.key);
                    let left: u32 = shoe.iter().map(|&c| u32::from(c)).sum();
                    assert_eq!(left, 312 - n);
                }
            }
            let (lowest, chances) = layout.count_chances();
            for dealt in [0usize, 1, 100, 233] {
                let total: f64 = chances[dealt].iter().sum();
                assert!((total - 1.0).abs() < 1e-9, "{}: {total}", system.key);
                let mean: f64 = chances[dealt]
                    .iter()
                    .enumerate()
                    .map(|(i, p)| (i as i64 + lowest) as f64 * p)
                    .sum();
                let expected = dealt as f64 * model.mean;
                assert!((mean - expected).abs() < 1e-6, "{}: {mean}", system.key);
            }
        }
        // One card of a six-deck shoe: Zen's −2 (a ten) with chance 96/312.
        let zen = CountModel::new(CountSystem::built_in("zen").expect("zen"), 6);
        let (lowest, chances) = Layout::new(&rules, 4, &zen).count_chances();
        let p = chances[1][(-2 - lowest) as usize];
        assert!((p - 96.0 / 312.0).abs() < 1e-12, "{p}");
    }
}
