//! Strategy hints for the person's active hand: "Basic strategy: split — 8,8 vs 6", with
//! the reason for the play or, in counting mode, the index play.

use crate::analysis::Strategy;
use crate::analysis::chart::Chart;
use crate::analysis::reasons::{self, Figures};
use crate::engine::{Action, ActionSet, Cards, Value};
use crate::trainer::evs::ranked_legal;

use super::TableSession;
use super::counting::IndexHint;

/// The advice for a hand against the dealer's up card (value 1 = ace … 10), among the legal
/// actions, with its one-line reason: `Basic strategy: split — 8,8 vs 6`.
pub fn hint_line(chart: &Chart, cards: &Cards, up: Value, legal: ActionSet) -> (Action, String) {
    let (cell, action) = chart.advise(cards, up, legal);
    let line = format!("Basic strategy: {action} — {}", cell.label());
    (action, line)
}

impl TableSession {
    /// The strategy hint for the person's active hand when hints are on: the chart's play (or
    /// the index play), which hand after a split, and the reason with the EVs the grade will
    /// quote (`evs`, of [`TableSession::grading_query`]; without them, no numbers).
    pub fn hint(
        &self,
        strategy: &Strategy,
        indices: Option<&crate::analysis::deviation::IndexTable>,
        peek: Option<&Strategy>,
        evs: Option<&crate::analysis::HandEvs>,
    ) -> Option<String> {
        if !self.settings.hints {
            return None;
        }
        let view = self.table.view(self.you);
        let hand = view.active_hand()?;
        let up = view.dealer_up()?;
        let (chart_play, basic) = hint_line(&strategy.chart, &hand.cards, up.value(), view.legal());
        // After a split, which hand the hint is about.
        let marker = match (view.active_hand_index(), view.own_hand_count()) {
            (Some(i), n) if n > 1 => format!(" (hand {} of {n})", i + 1),
            _ => String::new(),
        };
        let mut line = format!("{basic}{marker}");
        if let Some(index) = self.index_hint(chart_play, view.legal(), indices) {
            line = match index {
                IndexHint::Play(play) => format!("{play}{marker}"),
                IndexHint::Watch(watch) => format!("{line} · {watch}"),
            };
        } else if let Some(cell) = self.live_cell() {
            let source = self.grading_query(indices.is_some()).map(|(_, s)| s);
            let ranked = evs.map(|e| ranked_legal(e, view.legal()));
            let why = match (source, &ranked) {
                (Some(source), Some(ranked)) => reasons::line(
                    strategy,
                    peek.map(|p| &p.chart),
                    cell,
                    Figures::Hand { source, evs: ranked, advised: chart_play, chosen: chart_play },
                ),
                _ => reasons::reason(
                    strategy,
                    peek.map(|p| &p.chart),
                    cell,
                    Figures::ChartFor(view.legal()),
                )
                .map(|r| r.idea()),
            };
            if let Some(why) = why {
                line = format!("{line} · {why}");
            }
        }
        Some(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;

    fn cards(values: &[u8]) -> Cards {
        let values: Vec<Value> = values.iter().map(|&v| Value::of(v)).collect();
        Cards::from_values(&values)
    }

    /// The chart the table's hints follow: the exact basic strategy of the rules.
    fn basic_chart() -> Chart {
        crate::analysis::basic_strategy(&Rules::default()).chart.clone()
    }

    fn all() -> ActionSet {
        Action::ALL.into_iter().collect()
    }

    #[test]
    fn eights_against_six_say_split() {
        let (action, line) = hint_line(&basic_chart(), &cards(&[8, 8]), Value::of(6), all());
        assert_eq!(action, Action::Split);
        assert_eq!(line, "Basic strategy: split — 8,8 vs 6");
    }

    #[test]
    fn eleven_against_six_says_double_and_falls_back_to_hit() {
        let chart = basic_chart();
        let (action, line) = hint_line(&chart, &cards(&[6, 5]), Value::of(6), all());
        assert_eq!((action, line.as_str()), (Action::Double, "Basic strategy: double — 11 vs 6"));
        let three = cards(&[2, 4, 5]);
        let no_double: ActionSet = [Action::Hit, Action::Stand].into_iter().collect();
        assert_eq!(hint_line(&chart, &three, Value::of(6), no_double).0, Action::Hit);
    }

    #[test]
    fn soft_hands_and_aces_are_written_as_players_say_them() {
        let chart = basic_chart();
        let (_, line) = hint_line(&chart, &cards(&[1, 7]), Value::of(1), all());
        assert_eq!(line, "Basic strategy: hit — soft 18 vs A");
        let (_, line) = hint_line(&chart, &cards(&[10, 10]), Value::of(10), all());
        // One way to write a ten everywhere: T, as the chart and the grades write it.
        assert_eq!(line, "Basic strategy: stand — T,T vs T");
    }
}
