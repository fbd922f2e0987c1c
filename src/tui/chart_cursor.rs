//! The chart screen's cursor: which cell is selected, and how the arrow keys move it over the
//! chart as it is drawn — the hard table on the left (5–21), the soft table (A,2–A,T) and the
//! pairs (2,2–A,A) stacked on the right — so a key moves to the cell that is next on screen.

use crate::analysis::chart::{Cell, HARD_ROWS, HandKind, PAIR_ROWS, SOFT_ROWS, UP_CARDS};

/// An arrow key on the chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChartMove {
    /// One row up.
    Up,
    /// One row down.
    Down,
    /// One up card left (from the soft and pair tables' first column, into the hard table).
    Left,
    /// One up card right (from the hard table's last column, into the soft or pair table).
    Right,
    /// The count the chart's EVs are read at, one up (counting mode's index chart).
    CountUp,
    /// The count the chart's EVs are read at, one down.
    CountDown,
}

/// The lines of the right-hand side: soft rows, then a header line, then the pairs.
const PAIRS_FROM: usize = 10;
/// Lines of the hard table.
const HARD_LINES: usize = 17;
/// Lines of the right-hand side, its header line included.
const RIGHT_LINES: usize = PAIRS_FROM + PAIR_ROWS.len();

/// Where `cell` is drawn: the side (0 hard, 1 soft and pairs), its line, its column. A cell the
/// chart does not print (hard 4, soft 12) is placed on the nearest row of its table.
fn position(cell: Cell) -> (usize, usize, usize) {
    let column = UP_CARDS.iter().position(|&u| u == cell.up).unwrap_or(0);
    let line = |row: u8, rows: std::ops::RangeInclusive<u8>| {
        usize::from(row.clamp(*rows.start(), *rows.end()) - rows.start())
    };
    match cell.kind {
        HandKind::Hard => (0, line(cell.row, HARD_ROWS), column),
        HandKind::Soft => (1, line(cell.row, SOFT_ROWS), column),
        HandKind::Pair => {
            let i = PAIR_ROWS.iter().position(|&r| r == cell.row).unwrap_or(0);
            (1, PAIRS_FROM + i, column)
        }
    }
}

/// The cell drawn at a side, line and column, if a cell is drawn there.
fn cell_at(side: usize, line: usize, column: usize) -> Option<Cell> {
    let up = *UP_CARDS.get(column)?;
    let (kind, row) = match side {
        0 => (HandKind::Hard, *HARD_ROWS.start() + u8::try_from(line).ok()?),
        _ if line < PAIRS_FROM => (HandKind::Soft, *SOFT_ROWS.start() + u8::try_from(line).ok()?),
        _ => (HandKind::Pair, *PAIR_ROWS.get(line - PAIRS_FROM)?),
    };
    let rows_ok = match kind {
        HandKind::Hard => HARD_ROWS.contains(&row),
        HandKind::Soft => SOFT_ROWS.contains(&row),
        HandKind::Pair => true,
    };
    rows_ok.then_some(Cell { kind, row, up })
}

/// The cell one key away from `from` (or the chart's first cell); at an edge the cursor stays.
pub fn step(from: Option<Cell>, movement: ChartMove) -> Cell {
    let first = Cell { kind: HandKind::Hard, row: *HARD_ROWS.start(), up: UP_CARDS[0] };
    let Some(from) = from else {
        return first;
    };
    let (side, line, column) = position(from);
    let last_column = UP_CARDS.len() - 1;
    let lines = if side == 0 { HARD_LINES } else { RIGHT_LINES };
    // Up and down skip the pairs' header line between the soft and pair tables.
    let next = match movement {
        ChartMove::Up => (0..line).rev().find_map(|l| cell_at(side, l, column)),
        ChartMove::Down => (line + 1..lines).find_map(|l| cell_at(side, l, column)),
        ChartMove::Left if column > 0 => cell_at(side, line, column - 1),
        ChartMove::Left if side == 1 => cell_at(0, line.min(HARD_LINES - 1), last_column),
        ChartMove::Right if column < last_column => cell_at(side, line, column + 1),
        ChartMove::Right if side == 0 => cell_at(1, line, 0).or_else(|| cell_at(1, line + 1, 0)),
        ChartMove::Left | ChartMove::Right | ChartMove::CountUp | ChartMove::CountDown => None,
    };
    next.unwrap_or(from)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(kind: HandKind, row: u8, up: u8) -> Cell {
        let up = crate::engine::Value::of(up);
        Cell { kind, row, up }
    }

    #[test]
    fn every_printed_cell_is_where_it_is_drawn() {
        for side in 0..2 {
            for line in 0..RIGHT_LINES {
                for column in 0..UP_CARDS.len() {
                    if let Some(c) = cell_at(side, line, column) {
                        assert_eq!(position(c), (side, line, column), "{c:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn arrows_move_to_the_neighbouring_cell_on_screen() {
        use ChartMove::*;
        let start = cell(HandKind::Hard, 16, 10);
        assert_eq!(step(Some(start), Up), cell(HandKind::Hard, 15, 10));
        assert_eq!(step(Some(start), Right), cell(HandKind::Hard, 16, 1));
        // From the hard table's last column into the soft table beside it.
        let soft = step(Some(cell(HandKind::Hard, 5, 1)), Right);
        assert_eq!(soft, cell(HandKind::Soft, 13, 2));
        assert_eq!(step(Some(soft), Left), cell(HandKind::Hard, 5, 1));
        // Down from the last soft row skips the pairs' header to 2,2.
        let last_soft = cell(HandKind::Soft, 21, 7);
        assert_eq!(step(Some(last_soft), Down), cell(HandKind::Pair, 2, 7));
        assert_eq!(step(Some(cell(HandKind::Pair, 2, 7)), Up), last_soft);
        // Edges hold.
        let aces = cell(HandKind::Pair, 1, 1);
        assert_eq!(step(Some(aces), Down), aces);
        assert_eq!(step(Some(aces), Right), aces);
        assert_eq!(step(None, Down), cell(HandKind::Hard, 5, 2));
    }
}
