//! Index plays ("deviations"): a chart cell whose play changes with the true count, as the
//! analysis computes, the simulator plays and the trainer drills them ([`floored_true_count`]).

use crate::analysis::chart::{Cell, HandKind};
use crate::engine::{Action, ActionSet, Value};

/// On which side of its index a deviation is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Make the play when the floored true count is at or above the index.
    AtOrAbove,
    /// Make the play when the floored true count is below the index.
    Below,
}

/// One index play: in `cell`, `play` instead of `otherwise` on the `direction` side of `index`.
#[derive(Debug, Clone, PartialEq)]
pub struct IndexPlay {
    /// The chart cell.
    pub cell: Cell,
    /// The play made on the index's side.
    pub play: Action,
    /// The play made elsewhere (the basic-strategy play at a true count of zero).
    pub otherwise: Action,
    /// Which side of the index `play` is made on.
    pub direction: Direction,
    /// The integer index; `None` when the plays never cross between −10 and +15.
    pub index: Option<i32>,
    /// The true count where the two plays' EVs cross, before flooring; `None` for published
    /// tables and where no crossing exists.
    pub crossing: Option<f64>,
    /// The EV gained per 100 rounds by playing this index (0 for published tables).
    pub gain_per_100: f64,
    /// Per floored true count (−10 … +15, ascending): the EV per unit bet of `play` minus that
    /// of `otherwise`, per hand in the cell at that count. Empty for published tables.
    pub gain_by_tc: Vec<(i32, f64)>,
}

impl IndexPlay {
    /// What `play` gains over `otherwise` per unit bet at floored true count `tc`, if known.
    pub fn gain_at(&self, tc: i32) -> Option<f64> {
        self.gain_by_tc.iter().find(|&&(t, _)| t == tc).map(|&(_, g)| g)
    }

    /// Whether the deviation is made at floored true count `tc`.
    pub fn applies(&self, tc: i32) -> bool {
        match (self.index, self.direction) {
            (None, _) => false,
            (Some(i), Direction::AtOrAbove) => tc >= i,
            (Some(i), Direction::Below) => tc < i,
        }
    }
}

/// A set of index plays, at most one per cell.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct IndexTable {
    /// The plays, most valuable first where the table was computed.
    pub plays: Vec<IndexPlay>,
}

impl IndexTable {
    /// The first `n` plays that have an index in some realistic count (in a table sorted by
    /// value, the game's "Illustrious 18" for `n = 18`).
    pub fn top(&self, n: usize) -> IndexTable {
        IndexTable {
            plays: self.plays.iter().filter(|p| p.index.is_some()).take(n).cloned().collect(),
        }
    }

    /// The index play of `cell`, if the table has one.
    pub fn get(&self, cell: Cell) -> Option<&IndexPlay> {
        self.plays.iter().find(|p| p.cell == cell)
    }

    /// The deviation to make in `cell` at floored true count `tc` among `legal`, if any.
    pub fn deviation(&self, cell: Cell, tc: i32, legal: ActionSet) -> Option<Action> {
        let play = self.get(cell)?;
        (play.applies(tc) && legal.contains(play.play)).then_some(play.play)
    }
}

/// The Hi-Lo true count under this project's convention: running count ÷ exact decks left
/// (cards left ÷ 52), floored. With no cards left the count is taken over one card.
pub fn floored_true_count(running: i32, cards_left: usize) -> i32 {
    let cards = cards_left.max(1) as i64;
    // floor(running · 52 / cards) in integers: exact, no rounding at the boundaries.
    (i64::from(running) * 52).div_euclid(cards) as i32
}

/// The published Illustrious 18 playing entries for the American peek game (multi-deck, dealer
/// stands on soft 17), Hi-Lo, "play at or above" — Don Schlesinger, *Blackjack Attack* (3rd ed.,
/// 2005), ch. 5. Insurance (the first entry, at +3) is left out: insurance is locked off here.
/// For comparison and the simulator's `peek-i18`; no computed figure is tested against it.
pub fn illustrious_18() -> IndexTable {
    use Action::{Double, Hit, Split, Stand};
    use Direction::{AtOrAbove, Below};
    let hard = |row, up| Cell::new(HandKind::Hard, row, Value::of(up));
    let pair = |row, up| Cell::new(HandKind::Pair, row, Value::of(up));
    let entries = [
        (hard(16, 10), Stand, Hit, AtOrAbove, 0),
        (hard(15, 10), Stand, Hit, AtOrAbove, 4),
        (pair(10, 5), Split, Stand, AtOrAbove, 5),
        (pair(10, 6), Split, Stand, AtOrAbove, 4),
        (hard(10, 10), Double, Hit, AtOrAbove, 4),
        (hard(12, 3), Stand, Hit, AtOrAbove, 2),
        (hard(12, 2), Stand, Hit, AtOrAbove, 3),
        (hard(11, 1), Double, Hit, AtOrAbove, 1),
        (hard(9, 2), Double, Hit, AtOrAbove, 1),
        (hard(10, 1), Double, Hit, AtOrAbove, 4),
        (hard(9, 7), Double, Hit, AtOrAbove, 3),
        (hard(16, 9), Stand, Hit, AtOrAbove, 5),
        (hard(13, 2), Hit, Stand, Below, -1),
        (hard(12, 4), Hit, Stand, Below, 0),
        (hard(12, 5), Hit, Stand, Below, -2),
        (hard(12, 6), Hit, Stand, Below, -1),
        (hard(13, 3), Hit, Stand, Below, -2),
    ];
    IndexTable {
        plays: entries
            .into_iter()
            .map(|(cell, play, otherwise, direction, index)| IndexPlay {
                cell,
                play,
                otherwise,
                direction,
                index: Some(index),
                crossing: None,
                gain_per_100: 0.0,
                gain_by_tc: Vec::new(),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_true_count_is_floored_towards_minus_infinity() {
        assert_eq!(floored_true_count(3, 156), 1);
        assert_eq!(floored_true_count(-1, 156), -1);
        assert_eq!(floored_true_count(-3, 156), -1);
        assert_eq!(floored_true_count(6, 156), 2);
        assert_eq!(floored_true_count(0, 0), 0);
    }

    #[test]
    fn an_index_applies_on_its_side_only() {
        let table = illustrious_18();
        let sixteen = table.get(Cell { kind: HandKind::Hard, row: 16, up: Value::of(10) }).unwrap();
        assert!(sixteen.applies(0) && !sixteen.applies(-1));
        let twelve = table.get(Cell { kind: HandKind::Hard, row: 12, up: Value::of(4) }).unwrap();
        assert!(twelve.applies(-1) && !twelve.applies(0));
    }
}
