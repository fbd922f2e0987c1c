//! A whole round in one call, for the simulator: deal, every decision, the dealer and the
//! settlement, through the same steps as a round played a call at a time.

use rand::Rng;

use super::super::action::{Action, ActionError, ActionSet};
use super::super::card::Value;
use super::super::event::EventSink;
use super::super::hand::Cards;
use super::{Phase, Table};

impl<R: Rng, L: EventSink> Table<R, L> {
    /// Plays a whole round: deals it ([`Table::start_round`]), takes for each hand to act the
    /// action `decide` gives for its seat, its cards, the dealer's up card and
    /// its legal actions, then plays the dealer and settles ([`Table::play_dealer`]).
    ///
    /// Each decision goes through the same code as [`Table::act`] — the same legality (the
    /// kept legal set of [`super::super::legal::legal_actions`]), the same cards, the same
    /// closing and settling — so the round deals the same cards and ends in the same state as
    /// one played a call at a time (a test plays many seeds both ways). What is left out is
    /// only the bookkeeping between calls: building a [`super::super::SeatView`] for each
    /// decision and checking again whose turn it is. An action that is not legal is refused
    /// as [`Table::act`] refuses it, and the round stays where it was.
    #[inline(always)]
    pub fn play_round<D>(&mut self, mut decide: D) -> Result<(), ActionError>
    where
        D: FnMut(usize, &Cards, Value, ActionSet) -> Action,
    {
        self.start_round()?;
        // The up card is dealt with the first cards; it is the same for every decision.
        let up = self
            .dealer
            .cards
            .as_slice()
            .first()
            .map_or(Value::TEN, |c| c.value());
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
