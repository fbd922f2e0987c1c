//! A hand being evaluated ([`State`]): the cards it removed from the shoe, packed six bits per
//! value into the memo key, with its total; and the chart cell of its total.

use crate::analysis::chart::Cell;
use crate::engine::{Total, Value};

/// A hand being evaluated: the cards it removed from the shoe.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct State {
    pub(super) key: u64,
    pub(super) rem: [u8; 10],
    pub(super) removed: u16,
    pub(super) hard: u8,
    pub(super) ace: bool,
}

impl State {
    pub(super) const EMPTY: State = State { key: 0, rem: [0; 10], removed: 0, hard: 0, ace: false };

    pub(super) fn with(mut self, value: Value) -> State {
        let i = value.index();
        self.key += 1 << (6 * i);
        self.rem[i] += 1;
        self.removed += 1;
        self.hard += value.get();
        self.ace |= value.is_ace();
        self
    }

    /// Takes a card out of the shoe that is not in this hand (another split hand's pair card).
    pub(super) fn without(mut self, value: Value) -> State {
        let i = value.index();
        self.key += 1 << (6 * i);
        self.rem[i] += 1;
        self.removed += 1;
        self
    }

    pub(super) fn best(&self) -> u8 {
        Total::of(self.hard, self.ace).value
    }

    fn soft(&self) -> bool {
        Total::of(self.hard, self.ace).soft
    }
}

pub(super) fn total_cell(s: &State, up: Value) -> Cell {
    Cell::of_total(s.best(), s.soft(), up)
}
