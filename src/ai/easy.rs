//! The easy seat: hits below 17, otherwise stands; never doubles or splits.

use super::{Strategy, legal_or_fallback};
use crate::engine::{Action, ActionSet, Cards, Value};

/// Hits below 17 (soft totals included), otherwise stands. Never doubles or splits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Easy;

impl Strategy for Easy {
    #[inline]
    fn decide_hand(&self, cards: &Cards, _up: Value, legal: ActionSet) -> Action {
        let wanted = if cards.total().value < 17 { Action::Hit } else { Action::Stand };
        legal_or_fallback(wanted, legal)
    }
}
