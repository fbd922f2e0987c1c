//! Who decides for the AI seats. A stand-in until the `ai` module lands: everything the table
//! needs from it goes through [`seat_strategy`], the one function to switch to `crate::ai`.

use crate::analysis::chart::Chart;
use crate::cli::Level;
use crate::engine::{Action, Rules, SeatView};

use super::hint;

/// A strategy for one seat: it sees only the seat's [`SeatView`] (own hands, public cards,
/// legal actions) and picks one of the legal actions.
pub trait SeatStrategy {
    /// The action for the seat's active hand; must be in `view.legal()`.
    fn decide(&self, view: &SeatView<'_>) -> Action;
}

/// The strategy of an AI seat of `level` under `rules`.
///
/// TODO(ai): replace the body with the `crate::ai` strategies. For now `easy` hits below 17,
/// `normal` plays the common chart and `hard` plays [`hint::hint_chart`] (which is itself the
/// common chart until the analysis lands).
pub fn seat_strategy(level: Level, rules: &Rules) -> Box<dyn SeatStrategy> {
    match level {
        Level::Easy => Box::new(HitBelow17),
        Level::Normal => Box::new(ChartStrategy(hint::normal_chart())),
        Level::Hard => Box::new(ChartStrategy(hint::hint_chart(rules))),
    }
}

/// Hits below 17, otherwise stands.
struct HitBelow17;

impl SeatStrategy for HitBelow17 {
    fn decide(&self, view: &SeatView<'_>) -> Action {
        let legal = view.legal();
        let total = view.active_hand().map_or(21, |h| h.total().value);
        if total < 17 && legal.contains(Action::Hit) {
            Action::Hit
        } else {
            Action::Stand
        }
    }
}

/// Plays a strategy chart.
struct ChartStrategy(Chart);

impl SeatStrategy for ChartStrategy {
    fn decide(&self, view: &SeatView<'_>) -> Action {
        match (view.active_hand(), view.dealer_up()) {
            (Some(hand), Some(up)) => self.0.decide(&hand.cards, up.value(), view.legal()),
            _ => Action::Stand,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Card, seeded_table};

    #[test]
    fn every_level_picks_a_legal_action() {
        for level in [Level::Easy, Level::Normal, Level::Hard] {
            let strategy = seat_strategy(level, &Rules::default());
            let mut table = seeded_table(Rules::default(), 1, 9);
            for _ in 0..200 {
                table.start_round().expect("between rounds");
                while let Some((seat, _)) = table.active() {
                    let action = strategy.decide(&table.view(seat));
                    assert!(table.legal_actions(seat).contains(action), "{level:?}");
                    table.act(seat, action).expect("legal");
                }
                table.play_dealer().expect("dealer's turn");
            }
        }
    }

    #[test]
    fn easy_hits_sixteen_and_stands_on_seventeen() {
        let strategy = seat_strategy(Level::Easy, &Rules::default());
        let mut table = seeded_table(Rules::default(), 1, 1);
        let (ten, six, seven) = (Card::of_value(10), Card::of_value(6), Card::of_value(7));
        assert!(table.stack_next(&[ten, Card::of_value(9), six, Card::of_value(8)]));
        table.start_round().expect("deal");
        assert_eq!(strategy.decide(&table.view(0)), Action::Hit);
        let mut table = seeded_table(Rules::default(), 1, 1);
        assert!(table.stack_next(&[ten, Card::of_value(9), seven, Card::of_value(8)]));
        table.start_round().expect("deal");
        assert_eq!(strategy.decide(&table.view(0)), Action::Stand);
    }
}
