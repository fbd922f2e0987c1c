//! The normal seat: the common multi-deck basic-strategy chart from `assets/`.

use super::Strategy;
use super::lookup::ChartTable;
use crate::analysis::chart::Chart;
use crate::engine::{Action, ActionSet, Cards};

/// The text of the normal seat's chart, `assets/normal_chart.txt` (its source is documented
/// in the file).
pub const NORMAL_CHART_TEXT: &str = include_str!("../../assets/normal_chart.txt");

/// Plays the common multi-deck chart of `assets/normal_chart.txt`: what a decent player
/// brings from the American (peek) game, not this variant's exact strategy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Normal {
    chart: Chart,
    /// The chart compiled for play: what every decision reads.
    table: ChartTable,
}

impl Normal {
    /// The normal seat, its chart read from the embedded asset.
    pub fn new() -> Normal {
        let chart = Chart::parse(NORMAL_CHART_TEXT)
            .unwrap_or_else(|e| panic!("the embedded assets/normal_chart.txt is invalid: {e}"));
        let table = ChartTable::new(&chart);
        Normal { chart, table }
    }

    /// The chart it plays.
    pub fn chart(&self) -> &Chart {
        &self.chart
    }
}

impl Default for Normal {
    fn default() -> Self {
        Normal::new()
    }
}

impl Strategy for Normal {
    #[inline]
    fn decide_hand(&self, cards: &Cards, up: u8, legal: ActionSet) -> Action {
        self.table.decide(cards, up, legal)
    }
}
