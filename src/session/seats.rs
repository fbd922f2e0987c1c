//! Who sits in each seat ([`SeatInfo`]), and who decides for the AI seats: the `ai` module's
//! strategies, which see only the seat's [`crate::engine::SeatView`].

use crate::ai::{AnyStrategy, Level};
use crate::analysis::chart::Chart;
use crate::analysis::counts::CountSystem;
use crate::analysis::deviation::IndexTable;
use crate::analysis::hilo::BetRamp;

/// Who sits in a seat.
pub enum Player {
    /// The person at the keyboard.
    You,
    /// An AI seat.
    Ai {
        /// Its level, shown beside its name.
        level: Level,
        /// What decides for it, set once the strategy is worked out.
        strategy: Option<Box<AnyStrategy>>,
    },
}

/// One seat at the table.
pub struct SeatInfo {
    /// Display name: `You`, `Seat 3`.
    pub name: String,
    /// Who plays it.
    pub player: Player,
}

impl SeatInfo {
    /// The AI level, if an AI plays the seat.
    pub fn level(&self) -> Option<Level> {
        match self.player {
            Player::You => None,
            Player::Ai { level, .. } => Some(level),
        }
    }
}

/// The strategy of an AI seat of `level`, the hard seat playing `hard_chart` (worked out
/// already); a counter counts `count` (system, decks), plays `indices` (none yet: basic
/// strategy) and bets `ramp`.
pub fn seat_strategy(
    level: Level,
    hard_chart: &Chart,
    indices: Option<&IndexTable>,
    ramp: &BetRamp,
    count: (&CountSystem, u8),
) -> AnyStrategy {
    match level {
        Level::Counter => AnyStrategy::counter_counting(
            hard_chart,
            indices.unwrap_or(&IndexTable::default()),
            ramp.clone(),
            count.0,
            count.1,
        ),
        _ => AnyStrategy::with_chart(level, hard_chart),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Strategy;
    use crate::engine::{Action, Card, Rules, seeded_table};

    fn chart() -> Chart {
        crate::analysis::basic_strategy(&Rules::default()).chart.clone()
    }

    #[test]
    fn every_level_picks_a_legal_action() {
        for level in Level::ALL {
            let strategy = seat_strategy(
                level,
                &chart(),
                None,
                &BetRamp::default(),
                (&CountSystem::default(), 6),
            );
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
        let strategy = seat_strategy(
            Level::Easy,
            &chart(),
            None,
            &BetRamp::default(),
            (&CountSystem::default(), 6),
        );
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
