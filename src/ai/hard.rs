//! The hard seat: the exact basic strategy of the loaded variant, given to it as a chart.

use super::Strategy;
use super::lookup::ChartTable;
use crate::analysis::chart::Chart;
use crate::engine::{Action, ActionSet, Cards, Value};

/// Plays any chart it is given; [`super::hard_chart`] supplies the variant's exact one. It
/// decides splits and doubles from its own cards and the up card only, never the face-down
/// card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hard {
    chart: Chart,
    /// The chart compiled for play: what every decision reads.
    table: ChartTable,
}

impl Hard {
    /// The hard seat playing `chart`.
    pub fn new(chart: Chart) -> Hard {
        let table = ChartTable::new(&chart);
        Hard { chart, table }
    }

    /// The chart it plays.
    pub fn chart(&self) -> &Chart {
        &self.chart
    }
}

impl Strategy for Hard {
    #[inline(always)]
    fn decide_hand(&self, cards: &Cards, up: Value, legal: ActionSet) -> Action {
        self.table.decide(cards, up, legal)
    }
}
