//! The strategy-chart store: one code per (hand kind, total or pair, dealer up card) cell,
//! shared by the normal AI (read from `assets/`), the exact hard strategy (computed), hints,
//! grading and the chart screen.

use std::fmt;
use std::str::FromStr;

use crate::engine::{Action, ActionSet, Cards, Value};

/// A chart cell's advice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize)]
pub enum Code {
    /// Hit.
    #[default]
    H,
    /// Stand.
    S,
    /// Double if allowed, else hit.
    D,
    /// Double if allowed, else stand.
    Ds,
    /// Split.
    P,
}

impl Code {
    /// The chart letters: `H S D Ds P`.
    pub const fn label(self) -> &'static str {
        match self {
            Code::H => "H",
            Code::S => "S",
            Code::D => "D",
            Code::Ds => "Ds",
            Code::P => "P",
        }
    }

    /// The action this code asks for when everything is allowed.
    pub const fn preferred(self) -> Action {
        match self {
            Code::H => Action::Hit,
            Code::S => Action::Stand,
            Code::D | Code::Ds => Action::Double,
            Code::P => Action::Split,
        }
    }

    /// The action this code asks for among the legal ones: `D` → hit and `Ds` → stand when
    /// doubling is not allowed; anything not allowed at all falls back to standing.
    pub fn resolve(self, legal: ActionSet) -> Action {
        let wanted = match self {
            Code::D if !legal.contains(Action::Double) => Action::Hit,
            Code::Ds if !legal.contains(Action::Double) => Action::Stand,
            code => code.preferred(),
        };
        if legal.contains(wanted) { wanted } else { Action::Stand }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

impl FromStr for Code {
    type Err = String;
    fn from_str(s: &str) -> Result<Code, String> {
        match s {
            "H" => Ok(Code::H),
            "S" => Ok(Code::S),
            "D" | "Dh" => Ok(Code::D),
            "Ds" => Ok(Code::Ds),
            "P" => Ok(Code::P),
            other => Err(format!("unknown chart code `{other}` (expected H, S, D, Ds or P)")),
        }
    }
}

/// Which table of the chart a cell is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum HandKind {
    /// No ace counting 11.
    Hard,
    /// An ace counting 11.
    Soft,
    /// Two cards of the same value, splittable.
    Pair,
}

impl HandKind {
    /// `hard`, `soft` or `pair`, as in chart keys.
    pub const fn name(self) -> &'static str {
        match self {
            HandKind::Hard => "hard",
            HandKind::Soft => "soft",
            HandKind::Pair => "pair",
        }
    }
}

/// One cell: kind, row (a total for hard/soft; the pair card's value 1–10 for pairs) and the
/// dealer's up card value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The table.
    pub kind: HandKind,
    /// Total (hard 4–21, soft 12–21) or pair value (1 = aces … 10).
    pub row: u8,
    /// Dealer up card value.
    pub up: Value,
}

impl Cell {
    /// The cell of `kind`, `row` and `up`.
    pub const fn new(kind: HandKind, row: u8, up: Value) -> Cell {
        Cell { kind, row, up }
    }

    /// The cell of a total not played as a pair: soft 12–21 or hard 4–21.
    #[inline]
    pub fn of_total(total: u8, soft: bool, up: Value) -> Cell {
        if soft {
            Cell::new(HandKind::Soft, total.max(12), up)
        } else {
            Cell::new(HandKind::Hard, total.clamp(4, 21), up)
        }
    }

    /// The key used in JSON and files: `hard:16:T`, `soft:18:9`, `pair:8:A`, `pair:T:5`.
    pub fn key(&self) -> String {
        let row = match self.kind {
            HandKind::Pair => crate::engine::card::value_label(self.row).to_owned(),
            _ => self.row.to_string(),
        };
        format!("{}:{}:{}", self.kind.name(), row, self.up)
    }

    /// The cell of a key written by [`Cell::key`], if it is one.
    pub fn from_key(key: &str) -> Option<Cell> {
        let mut parts = key.split(':');
        let kind = match parts.next()? {
            "hard" => HandKind::Hard,
            "soft" => HandKind::Soft,
            "pair" => HandKind::Pair,
            _ => return None,
        };
        let row_text = parts.next()?;
        let row = match kind {
            HandKind::Pair => crate::engine::card::parse_value(row_text)?.get(),
            _ => row_text.parse().ok()?,
        };
        let up = crate::engine::card::parse_value(parts.next()?)?;
        parts.next().is_none().then_some(Cell { kind, row, up })
    }

    /// How a person reads the cell: `16 vs T`, `soft 18 vs 9`, `8,8 vs A`.
    pub fn label(&self) -> String {
        format!("{} vs {}", self.hand_label(), self.up)
    }

    /// How the cell's hand reads in advice: `8,8`, `soft 18`, `16`.
    pub fn hand_label(&self) -> String {
        match self.kind {
            HandKind::Pair => {
                let v = crate::engine::card::value_label(self.row);
                format!("{v},{v}")
            }
            HandKind::Soft => format!("soft {}", self.row),
            HandKind::Hard => self.row.to_string(),
        }
    }

    /// The cell for a hand against an up card (a pair's only when `split_allowed`).
    pub fn for_hand(cards: &Cards, up: Value, split_allowed: bool) -> Cell {
        if split_allowed && cards.is_pair() {
            return Cell::new(HandKind::Pair, cards.as_slice()[0].value().get(), up);
        }
        let total = cards.total();
        Cell::of_total(total.value, total.soft, up)
    }
}

/// Up-card columns in chart order: 2 … 9, T, A.
pub const UP_CARDS: [Value; 10] = {
    let [ace, two, three, four, five, six, seven, eight, nine, ten] = Value::ALL;
    [two, three, four, five, six, seven, eight, nine, ten, ace]
};
/// Rows of the hard table as shown and keyed: 5–21.
pub const HARD_ROWS: std::ops::RangeInclusive<u8> = 5..=21;
/// Rows of the soft table as shown and keyed: 13–21.
pub const SOFT_ROWS: std::ops::RangeInclusive<u8> = 13..=21;
/// Rows of the pair table in chart order: 2,2 … T,T, then A,A.
pub const PAIR_ROWS: [u8; 10] = [2, 3, 4, 5, 6, 7, 8, 9, 10, 1];

const HARD_BASE: usize = 0; // hard 4..=21 → 18 rows
const SOFT_BASE: usize = 18; // soft 12..=21 → 10 rows
const PAIR_BASE: usize = 28; // pairs A..=T → 10 rows
const ROWS: usize = 38;

/// A full strategy chart: a code for every cell, including hard 4 (2,2 that may not split) and
/// soft 12 (A,A that may not split), which the printed chart leaves out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chart {
    codes: [[Code; 10]; ROWS],
}

impl Default for Chart {
    fn default() -> Self {
        Chart { codes: [[Code::H; 10]; ROWS] }
    }
}

fn row_index(kind: HandKind, row: u8) -> usize {
    let r = usize::from(row);
    match kind {
        HandKind::Hard => HARD_BASE + r.clamp(4, 21) - 4,
        HandKind::Soft => SOFT_BASE + r.clamp(12, 21) - 12,
        HandKind::Pair => PAIR_BASE + r.clamp(1, 10) - 1,
    }
}

impl Chart {
    /// The code of a cell.
    pub fn get(&self, cell: Cell) -> Code {
        self.codes[row_index(cell.kind, cell.row)][cell.up.index()]
    }

    /// Sets the code of a cell.
    pub fn set(&mut self, cell: Cell, code: Code) {
        self.codes[row_index(cell.kind, cell.row)][cell.up.index()] = code;
    }

    /// The advice for a hand against the up card among the legal actions: the cell and the
    /// action (the one "cell → action" hints, grading, the AI seats and the analysis follow).
    pub fn advise(&self, cards: &Cards, up: Value, legal: ActionSet) -> (Cell, Action) {
        let cell = Cell::for_hand(cards, up, legal.contains(Action::Split));
        (cell, self.get(cell).resolve(legal))
    }

    /// The action this chart takes for a hand, among the legal actions.
    pub fn decide(&self, cards: &Cards, up: Value, legal: ActionSet) -> Action {
        self.advise(cards, up, legal).1
    }

    /// The 360 cells of the printed chart (hard 5–21, soft 13–21, ten pairs), in chart order.
    pub fn printed_cells() -> impl Iterator<Item = Cell> {
        let hard = HARD_ROWS.map(|row| (HandKind::Hard, row));
        let soft = SOFT_ROWS.map(|row| (HandKind::Soft, row));
        let pairs = PAIR_ROWS.into_iter().map(|row| (HandKind::Pair, row));
        hard.chain(soft)
            .chain(pairs)
            .flat_map(|(kind, row)| UP_CARDS.into_iter().map(move |up| Cell { kind, row, up }))
    }

    /// Reads a chart from text: one line per row, `hard 16: S S S S S H H H H H` (up cards
    /// 2–9, T, A), `soft 18: …`, `pair 8: …` / `pair A: …`. `#` starts a comment. Rows the text
    /// leaves out keep `H`.
    pub fn parse(text: &str) -> Result<Chart, String> {
        let mut chart = Chart::default();
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let err = |msg: String| format!("chart line {}: {msg}", n + 1);
            let (head, cells) =
                line.split_once(':').ok_or_else(|| err("expected `kind row: codes`".into()))?;
            let mut head = head.split_whitespace();
            let kind = match head.next() {
                Some("hard") => HandKind::Hard,
                Some("soft") => HandKind::Soft,
                Some("pair") => HandKind::Pair,
                other => return Err(err(format!("unknown table {other:?}"))),
            };
            let row_text = head.next().ok_or_else(|| err("missing row".into()))?;
            let row = match kind {
                HandKind::Pair => crate::engine::card::parse_value(row_text).map(Value::get),
                _ => row_text.parse().ok(),
            }
            .ok_or_else(|| err(format!("bad row `{row_text}`")))?;
            let codes: Vec<&str> = cells.split_whitespace().collect();
            if codes.len() != 10 {
                return Err(err(format!("expected 10 codes, found {}", codes.len())));
            }
            for (up, code) in UP_CARDS.into_iter().zip(codes) {
                chart.set(Cell { kind, row, up }, code.parse().map_err(err)?);
            }
        }
        Ok(chart)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(values: &[u8]) -> Cards {
        let values: Vec<Value> = values.iter().map(|&v| Value::of(v)).collect();
        Cards::from_values(&values)
    }

    #[test]
    fn there_are_360_printed_cells_with_distinct_keys() {
        let keys: std::collections::HashSet<String> =
            Chart::printed_cells().map(|c| c.key()).collect();
        assert_eq!(keys.len(), 360);
        assert!(
            keys.contains("hard:16:T") && keys.contains("pair:8:A") && keys.contains("soft:18:9")
        );
    }

    #[test]
    fn keys_read_back_and_labels_read_as_players_say_them() {
        for cell in Chart::printed_cells() {
            assert_eq!(Cell::from_key(&cell.key()), Some(cell));
        }
        assert_eq!(Cell::from_key("hard:16:X"), None);
        assert_eq!(Cell::from_key("hard:16"), None);
        assert_eq!(Cell::from_key("wild:1:2"), None);
        assert_eq!(Cell::from_key("hard:16:T:1"), None);
        let label = |k: &str| Cell::from_key(k).map(|c| c.label());
        assert_eq!(label("hard:16:T").as_deref(), Some("16 vs T"));
        assert_eq!(label("soft:18:9").as_deref(), Some("soft 18 vs 9"));
        assert_eq!(label("pair:8:A").as_deref(), Some("8,8 vs A"));
    }

    #[test]
    fn codes_fall_back_when_doubling_or_splitting_is_not_allowed() {
        let all: ActionSet = Action::ALL.into_iter().collect();
        let no_double: ActionSet = [Action::Hit, Action::Stand].into_iter().collect();
        assert_eq!(Code::D.resolve(all), Action::Double);
        assert_eq!(Code::D.resolve(no_double), Action::Hit);
        assert_eq!(Code::Ds.resolve(no_double), Action::Stand);
        assert_eq!(Code::P.resolve(no_double), Action::Stand);
        let stand_only: ActionSet = [Action::Stand].into_iter().collect();
        assert_eq!(Code::H.resolve(stand_only), Action::Stand);
    }

    #[test]
    fn a_pair_that_may_not_split_plays_its_total() {
        assert_eq!(Cell::for_hand(&cards(&[8, 8]), Value::TEN, true).kind, HandKind::Pair);
        let c = Cell::for_hand(&cards(&[8, 8]), Value::TEN, false);
        assert_eq!((c.kind, c.row), (HandKind::Hard, 16));
        let aa = Cell::for_hand(&cards(&[1, 1]), Value::of(6), false);
        assert_eq!((aa.kind, aa.row), (HandKind::Soft, 12));
    }

    #[test]
    fn parse_reads_rows_and_rejects_bad_codes() {
        let chart =
            Chart::parse("hard 16: S S S S S H H H H H\npair A: P P P P P P P P P P\n").unwrap();
        assert_eq!(chart.get(Cell { kind: HandKind::Hard, row: 16, up: Value::of(6) }), Code::S);
        assert_eq!(chart.get(Cell { kind: HandKind::Hard, row: 16, up: Value::of(10) }), Code::H);
        assert_eq!(chart.get(Cell { kind: HandKind::Pair, row: 1, up: Value::of(1) }), Code::P);
        assert!(Chart::parse("hard 16: S S X S S H H H H H").is_err());
        assert!(Chart::parse("hard 16: S S").is_err());
    }
}
