//! The normal seat: the common multi-deck basic-strategy chart from `assets/`.

use super::{Hard, Strategy};
use crate::analysis::chart::Chart;
use crate::engine::{Action, ActionSet, Cards, Value};

/// The text of the normal seat's chart, `assets/normal_chart.txt` (its source is documented
/// in the file).
pub const NORMAL_CHART_TEXT: &str = include_str!("../../assets/normal_chart.txt");

/// Plays the common multi-deck chart of `assets/normal_chart.txt`: what a decent player
/// brings from the American (peek) game, not this variant's exact strategy. It plays that chart
/// the way the hard seat plays its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Normal(Hard);

impl Normal {
    /// The normal seat, its chart read from the embedded asset.
    pub fn new() -> Normal {
        let chart = Chart::parse(NORMAL_CHART_TEXT)
            .unwrap_or_else(|e| panic!("the embedded assets/normal_chart.txt is invalid: {e}"));
        Normal(Hard::new(chart))
    }

    /// The chart it plays.
    pub fn chart(&self) -> &Chart {
        self.0.chart()
    }
}

impl Default for Normal {
    fn default() -> Self {
        Normal::new()
    }
}

impl Strategy for Normal {
    #[inline]
    fn decide_hand(&self, cards: &Cards, up: Value, legal: ActionSet) -> Action {
        self.0.decide_hand(cards, up, legal)
    }
}
