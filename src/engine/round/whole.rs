//! A whole round in one call, for the simulator: deal, every decision, the dealer and the
//! settlement, through the same steps as a round played a call at a time.

use rand::Rng;

use super::super::action::{Action, ActionError, ActionSet};
use super::super::card::Value;
use super::super::event::EventSink;
use super::super::hand::Cards;
use super::{Phase, Table};

impl<R: Rng, L: EventSink> Table<R, L> {
    /// Plays a whole round: deals, takes for each hand the action `decide` gives (seat, cards,
    /// up card, legal actions), then plays the dealer and settles.
    ///
    /// Each decision runs [`Table::act`]'s code, so the round ends as one played a call at a
    /// time (a test plays many seeds both ways), without building a view per decision. An
    /// illegal action is refused as [`Table::act`] refuses it.
    #[inline(always)]
    pub fn play_round<D>(&mut self, mut decide: D) -> Result<(), ActionError>
    where
        D: FnMut(usize, &Cards, Value, ActionSet) -> Action,
    {
        self.start_round()?;
        // The up card is dealt with the first cards; it is the same for every decision.
        let up = self.dealer.cards.as_slice().first().map_or(Value::TEN, |c| c.value());
        while let Phase::Players { seat, hand } = self.phase {
            self.debug_assert_legal_is_current();
            let action = decide(seat, &self.seats[seat].hands[hand].cards, up, self.legal);
            if !self.legal.contains(action) {
                self.check(seat, action)?;
            }
            self.apply(seat, hand, action);
        }
        self.play_dealer()?;
        Ok(())
    }
}
