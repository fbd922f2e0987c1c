//! A count as the index analysis reads it: its tags per card value in whole *analysis units*,
//! the groups of values that share a tag, and how a state (cards dealt, running count) maps to
//! the count an index is compared with.
//!
//! The analysis works on values, not suits: Red 7's seven is +½ on average, so Red 7 is read
//! in half units (tags doubled, the seven +1) and its running count is that halved, floored.

use crate::analysis::counts::{Balance, CountSystem};
use crate::engine::Value;

/// The values that share one tag.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Group {
    /// The tag, in analysis units.
    pub tag: i32,
    /// The values.
    pub values: Vec<Value>,
    /// Ranks of the thirteen in the group (a ten-value is four ranks).
    pub ranks: u32,
}

/// A count system for the index analysis.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct CountModel {
    /// Per value (index `value − 1`), in analysis units.
    pub tags: [i32; 10],
    /// Analysis units per counting unit: 2 for a count that reads red sevens, else 1.
    pub ratio: i32,
    /// Analysis units per point of the count.
    pub per_point: i32,
    /// An unbalanced count's initial running count for the rules' decks, in analysis units;
    /// `None` for a balanced count (indexed by its floored true count).
    pub initial: Option<i32>,
    /// The values by tag.
    pub groups: Vec<Group>,
    /// The mean tag of a card of a full shoe, in analysis units (0 for a balanced count).
    pub mean: f64,
    /// The variance of a card's tag in a full shoe, in analysis units squared.
    pub variance: f64,
    /// Every running count a shoe with each group split evenly over its ranks can have is a
    /// multiple of this (5 for Hi-Lo).
    pub quantum: i32,
    /// The largest tag in analysis units, in absolute value (at least 1).
    pub level: i32,
    /// Whether grid shoes split each group evenly over its ranks ([`Layout::even_shoe`]): for
    /// two tagged groups of equal weight (Hi-Lo), whose even counts lie ~10 cards apart;
    /// others' lie up to 60 apart (KO), so they round each value's mean instead.
    ///
    /// [`Layout::even_shoe`]: super::shoes::Layout::even_shoe
    pub even_split: bool,
}

/// Ranks of the thirteen with a value (four for the ten-value).
pub(super) fn ranks_of(value: Value) -> u32 {
    if value == Value::TEN { 4 } else { 1 }
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

impl CountModel {
    /// The model of `system` for a shoe of `decks` decks.
    pub fn new(system: &CountSystem, decks: u8) -> CountModel {
        let ratio = if system.needs_suits() { 2 } else { 1 };
        let mut tags = system.tags.map(|t| t * ratio);
        // A seven is red half the time: its mean tag.
        tags[Value::of(7).index()] += system.red_seven * ratio / 2;
        let mut groups: Vec<Group> = Vec::new();
        for v in Value::ALL {
            let tag = tags[v.index()];
            match groups.iter_mut().find(|g| g.tag == tag) {
                Some(g) => {
                    g.values.push(v);
                    g.ranks += ranks_of(v);
                }
                None => groups.push(Group { tag, values: vec![v], ranks: ranks_of(v) }),
            }
        }
        let sum: i32 = groups.iter().map(|g| g.tag * g.ranks as i32).sum();
        let mean = f64::from(sum) / 13.0;
        let variance = groups
            .iter()
            .map(|g| f64::from(g.ranks) / 13.0 * (f64::from(g.tag) - mean).powi(2))
            .sum::<f64>()
            .max(1e-12);
        let quantum = groups.iter().map(|g| g.tag * g.ranks as i32).fold(0, gcd).max(1);
        let level = tags.iter().map(|t| t.abs()).max().unwrap_or(1).max(1);
        let weighted: Vec<i32> = groups
            .iter()
            .filter(|g| f64::from(g.tag) != mean)
            .map(|g| g.tag * g.ranks as i32)
            .collect();
        let even_split = matches!(weighted.as_slice(), [a, b] if a + b == 0);
        let initial = match system.balance {
            Balance::Balanced => None,
            Balance::Unbalanced { .. } => Some(system.initial_running_count(decks) * ratio),
        };
        CountModel {
            tags,
            ratio,
            per_point: system.unit.per_point() * ratio,
            initial,
            groups,
            mean,
            variance,
            quantum,
            level,
            even_split,
        }
    }

    /// The tag of a value in analysis units.
    #[cfg(test)]
    pub fn tag(&self, value: Value) -> i32 {
        self.tags[value.index()]
    }

    /// How far the count spreads per card against Hi-Lo's (1 for Hi-Lo): grid steps in running
    /// counts are this many times Hi-Lo's.
    pub fn spread(&self) -> f64 {
        (self.variance / (10.0 / 13.0)).sqrt()
    }

    /// A running count step of about `units` Hi-Lo-sized units, a multiple of the quantum.
    pub fn rc_step(&self, units: f64) -> i32 {
        let q = f64::from(self.quantum);
        self.quantum * ((units * self.spread() / q).round() as i32).max(1)
    }

    /// The multiple of the quantum nearest `x`.
    pub fn on_lattice(&self, x: f64) -> i32 {
        let q = f64::from(self.quantum);
        self.quantum * (x / q).round() as i32
    }

    /// Where a state sits in composition: the count beyond what `dealt` cards count on
    /// average, in points per deck left (for a balanced count its exact true count). Grid
    /// shoes are interpolated along it.
    pub fn coordinate(&self, cards: u32, dealt: u32, rc: i64) -> f64 {
        let left = f64::from(cards - dealt) * f64::from(self.per_point);
        (rc as f64 - f64::from(dealt) * self.mean) * 52.0 / left
    }

    /// Whether the count is read as it runs (unbalanced) rather than as a true count.
    pub fn by_running_count(&self) -> bool {
        self.initial.is_some()
    }

    /// Fine bins per index count: tenths of a true count, or each running count of the
    /// analysis (half counts for Red 7).
    pub fn fine_per(&self) -> i64 {
        match self.initial {
            None => 10,
            Some(_) => i64::from(self.ratio),
        }
    }

    /// The fine value of a state with `left` cards left and analysis count `rc` from the
    /// start of the shoe: its fine bin's lower edge in `1 / fine_per` index counts.
    pub fn fine_value(&self, left: i64, rc: i64) -> i64 {
        match self.initial {
            None => (rc * 52 * 10).div_euclid(left * i64::from(self.per_point)),
            Some(irc) => i64::from(irc) + rc,
        }
    }

    /// The index counts searched for a crossing: a balanced count's true counts −10 … +15;
    /// an unbalanced count's running counts from 10 below its start to +15.
    pub fn index_range(&self) -> std::ops::RangeInclusive<i32> {
        match self.initial {
            None => super::INDEX_RANGE,
            Some(irc) => (irc / self.ratio - 10).min(-10)..=*super::INDEX_RANGE.end(),
        }
    }

    /// The index counts of the edge table.
    pub fn edge_range(&self) -> std::ops::RangeInclusive<i32> {
        match self.initial {
            None => super::EDGE_RANGE,
            Some(irc) => (irc / self.ratio - 5).min(-5)..=*super::EDGE_RANGE.end(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::counts::HI_LO;

    #[test]
    fn hi_lo_has_three_groups_of_five_three_and_five_ranks() {
        let m = CountModel::new(&HI_LO, 6);
        let sizes: Vec<(i32, u32)> = m.groups.iter().map(|g| (g.tag, g.ranks)).collect();
        assert_eq!(sizes, vec![(-1, 5), (1, 5), (0, 3)]);
        assert_eq!((m.quantum, m.level, m.mean), (5, 1, 0.0));
        assert!(m.even_split);
        let zen = CountModel::new(CountSystem::built_in("zen").expect("zen"), 6);
        assert!(!zen.even_split);
        assert!((m.spread() - 1.0).abs() < 1e-12);
        assert_eq!(m.rc_step(10.0), 10);
    }

    #[test]
    fn red_seven_is_read_in_half_units_with_the_seven_at_half_a_tag() {
        let red7 = CountSystem::built_in("red7").expect("red 7");
        let m = CountModel::new(red7, 6);
        assert_eq!(m.tags, [-2, 2, 2, 2, 2, 2, 1, 0, 0, -2]);
        assert_eq!((m.ratio, m.per_point), (2, 2));
        assert_eq!(m.initial, Some(-24));
        assert_eq!(m.index_range(), -22..=15);
    }

    #[test]
    fn a_half_point_count_floors_its_true_count_in_points() {
        let halves = CountSystem::built_in("halves").expect("halves");
        let m = CountModel::new(halves, 6);
        // +7 half points over two decks: +1.75 points a deck, in the tenth-of-a-count bin
        // [+1.7, +1.8); −1 half point: −0.25 points a deck, in [−0.3, −0.2).
        assert_eq!(m.fine_value(104, 7), 17);
        assert_eq!(m.fine_value(104, -1), -3);
    }
}
