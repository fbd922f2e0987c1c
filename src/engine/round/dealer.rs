//! The dealer's play and the settlement: the face-down card turned over, cards drawn to 17
//! (soft 17 by the rules), and every hand paid or taken — a bust hand at once, the rest when
//! the dealer stands or busts.

use rand::Rng;

use super::super::action::ActionError;
use super::super::event::{Event, EventSink};
use super::super::settle::{
    BUST_TO_BEAT, NATURAL_TO_BEAT, Outcome, OutcomeKind, Units, settle_against,
};
use super::{Phase, Table};

impl<R: Rng, L: EventSink> Table<R, L> {
    fn any_live_hand(&self) -> bool {
        self.seats[..self.seat_count]
            .iter()
            .flat_map(|s| s.hands())
            .any(|h| !h.cards.is_bust() && !h.is_natural())
    }

    /// One visible step of the dealer's play: reveal the face-down card, draw one card, or
    /// stand and settle every hand. Returns that step's events.
    pub fn dealer_step(&mut self) -> Result<&[Event], ActionError> {
        if self.phase != Phase::Dealer {
            return Err(ActionError::NotDealersTurn);
        }
        let from = self.log.events().len();
        if !self.dealer.revealed {
            self.reveal_hole();
            return Ok(self.events_since(from));
        }
        if self.dealer_must_hit() && !self.dealer.cards.is_two_card_21() && self.any_live_hand() {
            let card = self.deal_to_dealer();
            self.emit(Event::DealerDraws { card });
            return Ok(self.events_since(from));
        }
        self.settle();
        Ok(self.events_since(from))
    }

    /// Plays the dealer's hand to the end and settles (all of [`Table::dealer_step`] at once).
    #[inline(always)]
    pub fn play_dealer(&mut self) -> Result<&[Event], ActionError> {
        if !matches!(self.phase, Phase::Dealer) {
            return Err(ActionError::NotDealersTurn);
        }
        let from = self.log.events().len();
        if !self.dealer.revealed {
            self.reveal_hole();
        }
        // The same steps as `dealer_step`, in one loop: whether a player hand is live and
        // whether the dealer holds a natural cannot change while the dealer draws.
        if !self.dealer.cards.is_two_card_21() && self.any_live_hand() {
            while self.dealer_must_hit() {
                let card = self.deal_to_dealer();
                self.emit(Event::DealerDraws { card });
            }
        }
        self.settle();
        Ok(self.events_since(from))
    }

    /// Turns the face-down card over.
    #[inline]
    fn reveal_hole(&mut self) {
        let hole = self.hole.take().expect("the face-down card is dealt with the first cards");
        self.dealer.cards.push(hole);
        self.dealer.revealed = true;
        self.see(hole);
        self.emit(Event::HoleCardRevealed { card: hole });
        if self.dealer.cards.is_two_card_21() {
            self.emit(Event::DealerNatural);
        }
    }

    /// Whether the dealer's total obliges another card (below 17, or soft 17 under H17).
    #[inline]
    fn dealer_must_hit(&self) -> bool {
        let total = self.dealer.cards.total();
        total.value < 17 || (total.value == 17 && total.soft && self.rules.dealer_hits_soft_17)
    }

    #[inline(always)]
    fn settle(&mut self) {
        let d = &self.dealer.cards;
        let total = d.total().value;
        let (natural, bust) = (d.is_two_card_21(), d.is_bust());
        // The dealer's result as the total a player hand must beat, chosen without a branch
        // (as `settle_hand` reads a `DealerResult`): a natural beats every hand that is not
        // one, and a bust loses to every hand still standing.
        let to_beat = std::hint::select_unpredictable(
            natural,
            NATURAL_TO_BEAT,
            std::hint::select_unpredictable(bust, BUST_TO_BEAT, i16::from(total)),
        );
        self.emit(if bust { Event::DealerBusts { total } } else { Event::DealerStands { total } });
        let pays = self.blackjack_pays;
        for (seat, s) in self.seats[..self.seat_count].iter_mut().enumerate() {
            let count = usize::from(s.count);
            let bet = s.bet;
            // The stakes come back with what they won (nothing, after a loss).
            let mut paid = Units::ZERO;
            for (hand, h) in s.hands[..count].iter_mut().enumerate() {
                if h.outcome.is_some() {
                    continue;
                }
                let stake = i64::from(h.stake);
                let outcome =
                    settle_against(h.total(), h.is_natural(), stake, to_beat, natural, pays, bet);
                paid += bet * stake + outcome.money;
                h.outcome = Some(outcome);
                // `emit`, spelled out: the seat is borrowed.
                self.log.record(Event::HandSettled { seat, hand, outcome });
            }
            s.bankroll += paid;
        }
        self.phase = Phase::Settled;
        self.emit(Event::RoundOver);
    }

    /// A bust hand loses at once, whatever the dealer does later.
    // Inlined, though only about one round in six has a bust hand (0.178 busts a round with
    // the hard chart): as a call it took no fewer instructions, and the simulator ran 2–3 %
    // slower in alternating runs.
    #[inline]
    pub(super) fn settle_bust(&mut self, seat: usize, hand: usize) {
        let bet = self.seats[seat].bet;
        let h = &mut self.seats[seat].hands[hand];
        let delta = -(Units::ONE * i64::from(h.stake));
        let outcome = Outcome { kind: OutcomeKind::Bust, delta, money: delta.times_bet(bet) };
        h.outcome = Some(outcome);
        self.emit(Event::HandSettled { seat, hand, outcome });
    }
}
