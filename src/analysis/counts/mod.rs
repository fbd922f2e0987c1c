//! Card-counting systems as data: the built-in ones ([`builtin`]), a user's own ([`custom`]) and
//! what a count is worth here ([`worth`], from the effects of removal, [`eor`]).
//!
//! Tags are in *counting units*, half points for Wong Halves and whole ones for the others, so
//! a running count is an integer; the true count is `running ÷ (units per point × decks left)`.

use std::borrow::Cow;

use super::memo::CountKey;
use crate::engine::{Card, Value, ValueCounts};

pub mod builtin;
pub mod choose;
pub mod custom;
pub mod eor;
pub mod worth;

pub use builtin::{BUILT_IN, HI_LO};
pub use choose::{count_by_name, unknown_count};

/// Counting units per point of a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unit {
    /// Whole points: the tags are the units.
    Whole,
    /// Half points: a tag of ½ is one unit (Wong Halves).
    Half,
}

impl Unit {
    /// Units per point: 1 or 2.
    pub const fn per_point(self) -> i32 {
        match self {
            Unit::Whole => 1,
            Unit::Half => 2,
        }
    }
}

/// Whether a whole deck counts to zero, and if not, where the count starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Balance {
    /// A whole deck counts to 0: the count starts at 0 and is read as a true count.
    Balanced,
    /// A whole deck counts to more than 0: the count starts at the initial running count and
    /// is read as it runs, as its authors teach it.
    Unbalanced {
        /// The initial running count is `per_deck × decks + offset`, in counting units.
        per_deck: i32,
        /// See `per_deck`.
        offset: i32,
        /// The running count at which the edge is about the same whatever the decks left
        /// (its authors' pivot), if they name one, in counting units.
        pivot: Option<i32>,
    },
}

/// A card-counting system: its tags and how it is read.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CountSystem {
    /// The name on the command line, in `config.toml` and in JSON: `hilo`, `zen`, ….
    pub key: Cow<'static, str>,
    /// The name in words: `Hi-Lo`, `Zen`, ….
    pub name: Cow<'static, str>,
    /// The tag of each value in counting units, index `value − 1` (ace first, ten last).
    pub tags: [i32; 10],
    /// Counting units per point.
    pub unit: Unit,
    /// What a red seven counts on top of the seven's tag (Red 7: a red seven +1, a black one
    /// 0); 0 for every other count.
    pub red_seven: i32,
    /// Balanced, or where an unbalanced count starts.
    pub balance: Balance,
    /// Whether its authors advise a side count of aces (for betting; the figures here are of
    /// the count alone, without one).
    pub ace_side_count: bool,
    /// Where the tags come from.
    pub source: Cow<'static, str>,
}

impl CountSystem {
    /// The tag of a card value in counting units (a seven's is a black seven's).
    #[inline(always)]
    pub const fn tag(&self, value: Value) -> i32 {
        self.tags[value.index()]
    }

    /// The tag of one card, suit included (a red seven for Red 7).
    #[inline]
    pub fn card_tag(&self, card: Card) -> i32 {
        let value = card.value();
        let red = if value == 7 && card.suit().is_red() { self.red_seven } else { 0 };
        self.tag(value) + red
    }

    /// Whether the count reads the suits of sevens (Red 7).
    pub const fn needs_suits(&self) -> bool {
        self.red_seven != 0
    }

    /// The level: the largest tag in counting units, in absolute value.
    pub fn level(&self) -> i32 {
        self.tags
            .iter()
            .map(|t| t.abs())
            .chain([(self.tag(Value::of(7)) + self.red_seven).abs()])
            .max()
            .unwrap_or(0)
    }

    /// What one deck counts to, in counting units (0 for a balanced count).
    pub fn deck_sum(&self) -> i32 {
        self.running_count(&ValueCounts::full_shoe(1)) + 2 * self.red_seven
    }

    /// Whether a whole deck counts to 0.
    pub const fn is_balanced(&self) -> bool {
        matches!(self.balance, Balance::Balanced)
    }

    /// The running count at the start of a shoe of `decks` decks, in counting units.
    pub fn initial_running_count(&self, decks: u8) -> i32 {
        match self.balance {
            Balance::Balanced => 0,
            Balance::Unbalanced { per_deck, offset, .. } => per_deck * i32::from(decks) + offset,
        }
    }

    /// The running count of a set of seen cards from 0, by value (sevens at a black seven's
    /// tag: a count that reads suits adds its red sevens itself), in counting units.
    #[inline]
    pub fn running_count(&self, seen: &ValueCounts) -> i32 {
        let mut sum = 0;
        for (tag, &count) in self.tags.iter().zip(&seen.0) {
            sum += tag * i32::from(count);
        }
        sum
    }

    /// The running count from 0 of seen cards by value, `red_sevens` of whose sevens are red
    /// (a table's count, which keeps values, with its red sevens beside it).
    #[inline]
    pub fn running_count_with_red_sevens(&self, seen: &ValueCounts, red_sevens: i32) -> i32 {
        self.running_count(seen) + self.red_seven * red_sevens
    }

    /// The sum of the tags of `cards`, suits included, in counting units.
    pub fn sum<'a>(&self, cards: impl IntoIterator<Item = &'a Card>) -> i32 {
        cards.into_iter().map(|&c| self.card_tag(c)).sum()
    }

    /// The floored true count in points of a running count with `cards_left` cards left.
    pub fn floored_true_count(&self, running: i32, cards_left: usize) -> i32 {
        let per_point = self.unit.per_point() as usize;
        crate::analysis::deviation::floored_true_count(
            running,
            cards_left.max(1).saturating_mul(per_point),
        )
    }

    /// The count an index play is compared with, from the running count as the learner keeps
    /// it (from [`CountSystem::initial_running_count`]): a balanced count's floored true count
    /// in points (Wong Halves' +7 half points over two decks is +1¾, read +1), an unbalanced
    /// count's running count in points, floored.
    pub fn index_count(&self, running: i32, cards_left: usize) -> i32 {
        match self.balance {
            Balance::Balanced => self.floored_true_count(running, cards_left),
            Balance::Unbalanced { .. } => running.div_euclid(self.unit.per_point()),
        }
    }

    /// The count [`CountSystem::index_count`] gives: `Zen true count`, `KO running count`.
    pub fn index_count_words(&self) -> String {
        self.named(if self.is_balanced() { "true count" } else { "running count" })
    }

    /// The tags in words: `2–6 +1, 7–9 0, T −1, A −1`, runs of values with one tag together,
    /// half points as `+½`.
    pub fn describe_tags(&self) -> String {
        // Runs of values 2 … T with one tag; a count that reads suits has its sevens alone.
        let alone = |v: Value| v == 7 && self.needs_suits();
        let mut runs: Vec<(Value, Value, i32)> = Vec::new();
        for v in Value::ALL.into_iter().skip(1) {
            let tag = self.tag(v);
            match runs.last_mut() {
                Some((_, end, t)) if *t == tag && !alone(v) && !alone(*end) => *end = v,
                _ => runs.push((v, v, tag)),
            }
        }
        let mut parts: Vec<String> = runs
            .into_iter()
            .map(|(from, to, tag)| {
                if alone(from) {
                    format!(
                        "red 7 {}, black 7 {}",
                        self.points(tag + self.red_seven),
                        self.points(tag)
                    )
                } else if from == to {
                    format!("{from} {}", self.points(tag))
                } else {
                    format!("{from}–{to} {}", self.points(tag))
                }
            })
            .collect();
        parts.push(format!("A {}", self.points(self.tag(Value::ACE))));
        parts.join(", ")
    }

    /// A tag in counting units as points: `+1`, `−2`, `0`, `+1½`, `−½`.
    pub fn points(&self, units: i32) -> String {
        let sign = match units.signum() {
            1 => "+",
            -1 => "−",
            _ => "",
        };
        let abs = units.unsigned_abs();
        match self.unit {
            Unit::Whole => format!("{sign}{abs}"),
            Unit::Half => match (abs / 2, abs % 2) {
                (0, 1) => format!("{sign}½"),
                (whole, 1) => format!("{sign}{whole}½"),
                (whole, _) => format!("{sign}{whole}"),
            },
        }
    }

    /// `(value, tag in points, share of the deck)` per value, a count that reads suits having
    /// its sevens split into red and black.
    pub fn tags_by_card(&self) -> Vec<(Value, f64, f64)> {
        let per_point = f64::from(self.unit.per_point());
        let mut out = Vec::with_capacity(11);
        for v in Value::ALL {
            let share = if v == Value::TEN { 16.0 / 52.0 } else { 4.0 / 52.0 };
            let tag = f64::from(self.tag(v)) / per_point;
            if v == 7 && self.needs_suits() {
                let red = f64::from(self.tag(v) + self.red_seven) / per_point;
                out.push((v, red, share / 2.0));
                out.push((v, tag, share / 2.0));
            } else {
                out.push((v, tag, share));
            }
        }
        out
    }

    /// Whether this count is read exactly as `other` is, whatever its name.
    pub fn reads_as(&self, other: &CountSystem) -> bool {
        CountKey::of(self) == CountKey::of(other)
    }

    /// The built-in system of this key, if there is one.
    pub fn built_in(key: &str) -> Option<&'static CountSystem> {
        BUILT_IN.iter().find(|s| s.key == key)
    }
}

impl Default for CountSystem {
    /// Hi-Lo.
    fn default() -> CountSystem {
        HI_LO.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Rank, Suit};

    #[test]
    fn a_red_seven_counts_and_a_black_one_does_not_in_red_7() {
        let red7 = CountSystem::built_in("red7").expect("red 7");
        let seven = |suit| Card::new(Rank::Seven, suit);
        assert_eq!(red7.card_tag(seven(Suit::Hearts)), 1);
        assert_eq!(red7.card_tag(seven(Suit::Diamonds)), 1);
        assert_eq!(red7.card_tag(seven(Suit::Clubs)), 0);
        assert_eq!(red7.card_tag(seven(Suit::Spades)), 0);
        assert_eq!(HI_LO.card_tag(seven(Suit::Hearts)), 0);
        // Red 7 counts +2 a deck; KO +4; the balanced ones 0.
        assert_eq!(red7.deck_sum(), 2);
        assert_eq!(CountSystem::built_in("ko").map(|k| k.deck_sum()), Some(4));
    }

    #[test]
    fn tags_read_in_points_and_half_points() {
        assert_eq!(HI_LO.describe_tags(), "2–6 +1, 7–9 0, T −1, A −1");
        let halves = CountSystem::built_in("halves").expect("halves");
        assert_eq!(
            halves.describe_tags(),
            "2 +½, 3–4 +1, 5 +1½, 6 +1, 7 +½, 8 0, 9 −½, T −1, A −1"
        );
        let red7 = CountSystem::built_in("red7").expect("red 7");
        assert_eq!(red7.describe_tags(), "2–6 +1, red 7 +1, black 7 0, 8–9 0, T −1, A −1");
        assert_eq!(halves.level(), 3);
        assert_eq!(HI_LO.level(), 1);
    }

    #[test]
    fn a_half_point_count_reads_its_true_count_in_points() {
        let halves = CountSystem::built_in("halves").expect("halves");
        // +6 half points = +3 points over one deck left; over two decks +1.5, floored +1.
        assert_eq!(halves.floored_true_count(6, 52), 3);
        assert_eq!(halves.floored_true_count(6, 104), 1);
        assert_eq!(halves.floored_true_count(-1, 104), -1);
        assert_eq!(HI_LO.floored_true_count(6, 104), 3);
    }

    #[test]
    fn an_index_is_read_at_the_true_count_or_at_the_running_count_as_taught() {
        // Hi-Lo +5 with 104 cards left: true count +2.5, read +2; −1 reads −1.
        assert_eq!(HI_LO.index_count(5, 104), 2);
        assert_eq!(HI_LO.index_count(-1, 104), -1);
        // Halves: +7 half points over two decks is +1¾ points, read +1.
        let halves = CountSystem::built_in("halves").expect("halves");
        assert_eq!(halves.index_count(7, 104), 1);
        // KO is read as it runs, whatever the decks left: −20 at the start of six decks.
        let ko = CountSystem::built_in("ko").expect("ko");
        assert_eq!(ko.index_count(-20, 312), -20);
        assert_eq!(ko.index_count(3, 52), 3);
    }

    #[test]
    fn unbalanced_counts_start_where_their_authors_start_them() {
        let ko = CountSystem::built_in("ko").expect("ko");
        assert_eq!(ko.initial_running_count(1), 0);
        assert_eq!(ko.initial_running_count(6), -20);
        assert_eq!(ko.initial_running_count(8), -28);
        let red7 = CountSystem::built_in("red7").expect("red 7");
        assert_eq!(red7.initial_running_count(6), -12);
        assert_eq!(HI_LO.initial_running_count(6), 0);
    }
}

#[cfg(test)]
mod published;
