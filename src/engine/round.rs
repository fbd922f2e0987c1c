//! The round as a state machine: deal → each seat's hands in order → dealer → settlement.
//!
//! European no-hole-card play: the dealer's second card is dealt face down with the first
//! cards and not looked at until every player hand is closed, so a dealer natural is found
//! only then and takes the whole stake of every hand that is not a natural.

use rand::Rng;

use super::action::{Action, ActionError, ActionSet, IllegalReason};
use super::card::{Card, ValueCounts};
use super::event::{CloseReason, Event, EventLog, EventSink, Recipient};
use super::legal::{self, SeatSpot};
use super::rules::Rules;
use super::seat::{DealerHand, MAX_SEATS, Phase, PlayerHand, Seat};
use super::settle::Units;
use super::shoe::{DrawNote, Shoe};
use super::view::SeatView;

mod dealer;
mod money;
pub use money::check_bet;
#[cfg(test)]
mod seen;
mod whole;

/// The bankroll a seat starts with until it buys in: more than any session can spend (the
/// simulator's seats and the AI seats play on it).
pub const UNLIMITED: Units = Units(1 << 60);
/// The most a seat may hold after buying in: a billion units.
pub const MAX_BANKROLL: Units = Units::from_units(1_000_000_000);

/// The table: rules, shoe, seats and dealer, with the one true list of legal actions.
///
/// The RNG is injected; the same seed replays the same rounds. Events go to `L`: an
/// [`EventLog`] by default; the simulator's tables use [`super::NoEvents`].
#[derive(Debug, Clone, PartialEq)]
pub struct Table<R, L = EventLog> {
    rules: Rules,
    rng: R,
    shoe: Shoe,
    /// The seats, inline: `seats[..seat_count]` are at the table, the rest stay empty.
    seats: [Seat; MAX_SEATS],
    seat_count: usize,
    dealer: DealerHand,
    hole: Option<Card>,
    phase: Phase,
    /// Face-up cards seen since the last shuffle, by value.
    seen: ValueCounts,
    log: L,
    blackjack_pays: Units,
    /// The legal actions of the hand to act (empty outside the players' turn): worked out by
    /// [`Table::legal_set`] whenever the turn moves or the hand changes, read by
    /// [`Table::legal_actions`], [`Table::view`] and [`Table::check`].
    legal: ActionSet,
}

impl<R: Rng> Table<R> {
    /// A table of `seats` seats (1–7; clamped) under `rules`, its shoe freshly shuffled,
    /// keeping its events in an [`EventLog`].
    pub fn new(rules: Rules, seats: usize, rng: R) -> Table<R> {
        Table::with_events(rules, seats, rng, EventLog::default())
    }

    /// Turns the event log off (or on). With it off, calls return empty event slices.
    pub fn set_event_log(&mut self, on: bool) {
        self.log.set_on(on);
    }
}

impl<R: Rng, L: EventSink> Table<R, L> {
    /// A table of `seats` seats (1–7; clamped) under `rules`, its shoe freshly shuffled, its
    /// events going to `log`.
    pub fn with_events(rules: Rules, seats: usize, rng: R, log: L) -> Table<R, L> {
        let seats = seats.clamp(1, MAX_SEATS);
        let shoe = Shoe::new(rules.decks, rules.penetration);
        let blackjack_pays = Units(rules.blackjack_pays_milli());
        let seat = Seat {
            bet: rules.bet_limits().0,
            bankroll: UNLIMITED,
            bought_in: UNLIMITED,
            ..Seat::default()
        };
        Table {
            rules,
            rng,
            shoe,
            seats: [seat; MAX_SEATS],
            seat_count: seats,
            dealer: DealerHand::default(),
            hole: None,
            phase: Phase::Betting,
            seen: ValueCounts::default(),
            log,
            blackjack_pays,
            legal: ActionSet::EMPTY,
        }
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Where the round is.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Number of seats.
    pub fn seat_count(&self) -> usize {
        self.seat_count
    }

    /// All seats (public information).
    pub fn seats(&self) -> &[Seat] {
        &self.seats[..self.seat_count]
    }

    /// The dealer's visible hand.
    pub fn dealer(&self) -> &DealerHand {
        &self.dealer
    }

    /// The shoe (counts only are public; the order is private to the engine).
    pub fn shoe(&self) -> &Shoe {
        &self.shoe
    }

    /// Face-up cards seen since the shuffle. Only a table that keeps the count has it
    /// ([`EventSink::KEEPS_SEEN`]; asking one that does not is a compile-time error).
    pub fn seen(&self) -> &ValueCounts {
        const { assert!(L::KEEPS_SEEN, "this table keeps no count of the cards seen") };
        &self.seen
    }

    /// Every card the table accounts for: undealt, on the table (the face-down card included)
    /// and in the discard tray. Always `decks × 52` (plus any deck opened for a dry shoe).
    pub fn cards_accounted(&self) -> usize {
        self.shoe.remaining() + self.shoe.on_table() + self.shoe.discards()
    }

    /// Cards physically on the table now: seat hands, dealer's face-up cards, face-down card.
    pub fn cards_on_table(&self) -> usize {
        let seats: usize = self.seats().iter().flat_map(|s| s.hands()).map(|h| h.cards.len()).sum();
        seats + self.dealer.cards.len() + usize::from(self.hole.is_some())
    }

    /// Where the table's events go (a counting sink's count, say).
    pub fn sink(&self) -> &L {
        &self.log
    }

    /// The events recorded from index `from` on (none if the log was cleared meanwhile).
    #[inline]
    fn events_since(&self, from: usize) -> &[Event] {
        let events = self.log.events();
        &events[from.min(events.len())..]
    }

    /// The events of the round so far.
    pub fn round_events(&self) -> &[Event] {
        self.log.events()
    }

    /// What `seat` may see, and its legal actions. Only a table that keeps the count of the
    /// cards seen has views ([`EventSink::KEEPS_SEEN`]).
    pub fn view(&self, seat: usize) -> SeatView<'_> {
        SeatView {
            seat,
            seats: &self.seats[..self.seat_count],
            dealer: &self.dealer,
            seen: self.seen(),
            cards_left: self.shoe.remaining(),
            until_cut: self.shoe.until_cut(),
            phase: self.phase,
            legal: self.legal_actions(seat),
        }
    }

    /// The seat and hand to act, if it is the players' turn.
    pub fn active(&self) -> Option<(usize, usize)> {
        match self.phase {
            Phase::Players { seat, hand } => Some((seat, hand)),
            _ => None,
        }
    }

    // ----- dealing -----

    #[inline(always)]
    fn emit(&mut self, event: Event) {
        self.log.record(event);
    }

    #[inline(always)]
    fn draw(&mut self) -> Card {
        match self.shoe.draw_plain() {
            Some(card) => card,
            None => self.draw_unusual(),
        }
    }

    /// A draw from an empty shoe (restocked first) or of a stacked card.
    #[cold]
    #[inline(never)]
    fn draw_unusual(&mut self) -> Card {
        let (card, note) = self.shoe.draw(&mut self.rng);
        if note != DrawNote::Plain {
            self.restocked(note);
        }
        card
    }

    /// After the shoe ran dry mid-round: the seen-card count starts again.
    #[cold]
    #[inline(never)]
    fn restocked(&mut self, note: DrawNote) {
        // A fresh count: only what is on the table has been seen from the new stock.
        self.seen = ValueCounts::default();
        self.log.forget_seen();
        // Copied (a cold path): `see` takes the whole table.
        let (seats, dealer) = (self.seats, self.dealer.cards);
        for hand in seats[..self.seat_count].iter().flat_map(|s| s.hands()) {
            for &c in hand.cards.as_slice() {
                self.see(c);
            }
        }
        for &c in dealer.as_slice() {
            self.see(c);
        }
        self.emit(if note == DrawNote::DeckAdded {
            Event::DeckAdded
        } else {
            Event::DiscardsShuffledIn
        });
    }

    /// Counts a card turned face up, where the table keeps the count
    /// ([`EventSink::KEEPS_SEEN`]), and tells the sink ([`EventSink::see`]).
    #[inline(always)]
    fn see(&mut self, card: Card) {
        if L::KEEPS_SEEN {
            self.seen.add(card.value());
        }
        self.log.see(card);
    }

    #[inline(always)]
    fn deal_to_hand(&mut self, seat: usize, hand: usize) -> Card {
        let card = self.draw();
        self.seats[seat].hands[hand].cards.push(card);
        self.see(card);
        self.emit(Event::CardDealt { to: Recipient::Hand { seat, hand }, card });
        card
    }

    #[inline(always)]
    fn deal_to_dealer(&mut self) -> Card {
        let card = self.draw();
        self.dealer.cards.push(card);
        self.see(card);
        card
    }

    /// Deals a new round: reshuffles first if the cut card was reached, then two cards to each
    /// seat and an up card and a face-down card to the dealer.
    // `start_round`, `act` and `play_dealer` are inlined into their callers: the simulator's
    // round loop then holds a whole round in one function, with no call overhead and with
    // what one step leaves in registers reused by the next (11 % fewer instructions).
    #[inline(always)]
    pub fn start_round(&mut self) -> Result<&[Event], ActionError> {
        if !matches!(self.phase, Phase::Betting | Phase::Settled) {
            return Err(ActionError::RoundInPlay);
        }
        if let Some(seat) = (0..self.seat_count).find(|&s| !self.covers_bet(s)) {
            let s = &self.seats[seat];
            return Err(ActionError::BetNotCovered { seat, bet: s.bet, bankroll: s.bankroll });
        }
        self.log.clear();
        if self.shoe.cut_card_reached() {
            self.shoe.reshuffle();
            self.seen = ValueCounts::default();
            self.log.forget_seen();
            self.emit(Event::Reshuffled);
        }
        self.shoe.begin_round();
        self.emit(Event::RoundStarted);
        // Reset in place: building fresh hands and copying them in costs more than the deal.
        for seat in &mut self.seats[..self.seat_count] {
            seat.count = 1;
            seat.hands[0].reset();
            seat.dealt = seat.bet;
            seat.bankroll += -seat.bet;
        }
        self.dealer.cards.clear();
        self.dealer.revealed = false;
        self.hole = None;

        for seat in 0..self.seat_count {
            self.deal_to_hand(seat, 0);
        }
        let up = self.deal_to_dealer();
        self.emit(Event::CardDealt { to: Recipient::Dealer, card: up });
        for seat in 0..self.seat_count {
            self.deal_to_hand(seat, 0);
        }
        self.hole = Some(self.draw());
        self.emit(Event::HoleCardDealt);

        for seat in 0..self.seat_count {
            if self.seats[seat].hands[0].is_natural() {
                self.close(seat, 0, CloseReason::Natural);
            }
        }
        self.phase = Phase::Players { seat: 0, hand: 0 };
        match self.seats[..self.seat_count].first() {
            // The first hand is open unless it is a natural: its turn, without a search.
            Some(first) if !first.hands[0].closed => {
                self.legal = self.legal_set(0, &first.hands[0]);
                self.emit(Event::TurnTo { seat: 0, hand: 0 });
            }
            _ => self.move_to_open_hand(),
        }
        Ok(self.log.events())
    }

    #[inline]
    fn close(&mut self, seat: usize, hand: usize, reason: CloseReason) {
        self.seats[seat].hands[hand].closed = true;
        self.emit(Event::HandClosed { seat, hand, reason });
        if reason == CloseReason::Bust {
            self.settle_bust(seat, hand);
        }
    }

    /// From the current position, finds the next hand that can act, dealing the second card of
    /// a split hand when play reaches it; hands the turn to the dealer when none is left.
    fn move_to_open_hand(&mut self) {
        let Phase::Players { mut seat, mut hand } = self.phase else {
            return;
        };
        while seat < self.seat_count {
            while hand < usize::from(self.seats[seat].count) {
                if self.seats[seat].hands[hand].cards.len() == 1 {
                    self.deal_split_partner(seat, hand);
                }
                let h = &self.seats[seat].hands[hand];
                if !h.closed {
                    self.legal = self.legal_set(seat, h);
                    self.phase = Phase::Players { seat, hand };
                    self.emit(Event::TurnTo { seat, hand });
                    return;
                }
                hand += 1;
            }
            seat += 1;
            hand = 0;
        }
        self.dealers_turn();
    }

    /// Every player hand is closed: the turn passes to the dealer.
    #[inline]
    fn dealers_turn(&mut self) {
        self.legal = ActionSet::EMPTY;
        self.phase = Phase::Dealer;
        self.emit(Event::DealerTurn);
    }

    /// Deals the second card of the later hand of a split, when play reaches it.
    #[inline(never)]
    fn deal_split_partner(&mut self, seat: usize, hand: usize) {
        self.deal_to_hand(seat, hand);
        self.after_split_card(seat, hand);
    }

    /// Closes a split hand that got its second card when it may not act further.
    fn after_split_card(&mut self, seat: usize, hand: usize) {
        let h = self.seats[seat].hands[hand];
        if h.split_aces && !self.rules.hit_split_aces && self.why_not_split(seat, &h).is_some() {
            self.close(seat, hand, CloseReason::SplitAce);
        } else if h.total().value == 21 {
            self.close(seat, hand, CloseReason::TwentyOne);
        }
    }

    // ----- legality: the single source of truth is `super::legal` -----

    /// The seat's place for the legality rules: its hand count and whether it can stake
    /// another bet.
    #[inline]
    fn spot(&self, seat: usize) -> SeatSpot {
        let s = &self.seats[seat];
        SeatSpot { hands: s.count, stake: s.bet, bankroll: s.bankroll }
    }

    fn why_not_split(&self, seat: usize, h: &PlayerHand) -> Option<IllegalReason> {
        legal::why_illegal(&self.rules, h, self.spot(seat), Action::Split)
    }

    /// The legal actions of an open hand.
    #[inline]
    fn legal_set(&self, seat: usize, h: &PlayerHand) -> ActionSet {
        legal::legal_actions(&self.rules, h, self.spot(seat))
    }

    /// The actions `seat` may take now: empty unless it is that seat's turn.
    #[inline]
    pub fn legal_actions(&self, seat: usize) -> ActionSet {
        self.debug_assert_legal_is_current();
        match self.phase {
            Phase::Players { seat: s, .. } if s == seat => self.legal,
            _ => ActionSet::EMPTY,
        }
    }

    /// In debug builds (the tests), checks that the kept legal set is what [`Table::legal_set`]
    /// says for the hand to act now (and empty outside the players' turn).
    #[inline(always)]
    fn debug_assert_legal_is_current(&self) {
        if cfg!(debug_assertions) {
            let fresh = match self.phase {
                Phase::Players { seat, hand } => {
                    self.legal_set(seat, &self.seats[seat].hands[hand])
                }
                _ => ActionSet::EMPTY,
            };
            assert_eq!(self.legal, fresh, "the kept legal set is stale");
        }
    }

    /// Checks that `seat` may take `action` now, without doing it.
    #[inline]
    pub fn check(&self, seat: usize, action: Action) -> Result<(usize, usize), ActionError> {
        self.debug_assert_legal_is_current();
        match self.phase {
            Phase::Players { seat: active, hand }
                if active == seat && self.legal.contains(action) =>
            {
                Ok((seat, hand))
            }
            _ => self.refusal(seat, action),
        }
    }

    /// Why `seat` may not take `action` now (the slow path of [`Table::check`]).
    #[cold]
    #[inline(never)]
    fn refusal(&self, seat: usize, action: Action) -> Result<(usize, usize), ActionError> {
        if seat >= self.seat_count {
            return Err(ActionError::NoSuchSeat(seat));
        }
        match self.phase {
            Phase::Betting => Err(ActionError::NoRound),
            Phase::Dealer | Phase::Settled => Err(ActionError::NotPlayersTurn),
            Phase::Players { seat: active, .. } if active != seat => {
                Err(ActionError::NotYourTurn { seat, active })
            }
            Phase::Players { hand, .. } => {
                let h = &self.seats[seat].hands[hand];
                if self.legal_set(seat, h).contains(action) {
                    return Ok((seat, hand));
                }
                match legal::why_illegal(&self.rules, h, self.spot(seat), action) {
                    Some(reason) => Err(ActionError::Illegal { action, reason }),
                    None => Ok((seat, hand)),
                }
            }
        }
    }

    /// Takes `action` for `seat`'s active hand. Returns the events it caused; an error leaves
    /// the table exactly as it was.
    #[inline(always)]
    pub fn act(&mut self, seat: usize, action: Action) -> Result<&[Event], ActionError> {
        let (seat, hand) = self.check(seat, action)?;
        let from = self.log.events().len();
        self.apply(seat, hand, action);
        Ok(self.events_since(from))
    }

    /// Takes `action`, already checked legal, for hand `hand` of `seat`, the hand to act; then
    /// moves the turn on if the hand closed, or works out its legal actions again.
    #[inline(always)]
    fn apply(&mut self, seat: usize, hand: usize, action: Action) {
        let closed = match action {
            Action::Stand => {
                self.close(seat, hand, CloseReason::Stood);
                true
            }
            Action::Hit => {
                self.deal_to_hand(seat, hand);
                self.close_if_done(seat, hand)
            }
            Action::Double => {
                let s = &mut self.seats[seat];
                s.bankroll += -s.bet;
                s.hands[hand].stake = 2;
                self.emit(Event::Doubled { seat, hand });
                self.deal_to_hand(seat, hand);
                if self.seats[seat].hands[hand].cards.is_bust() {
                    self.close(seat, hand, CloseReason::Bust);
                } else {
                    self.close(seat, hand, CloseReason::Doubled);
                }
                true
            }
            Action::Split => {
                self.split(seat, hand);
                self.seats[seat].hands[hand].closed
            }
        };
        if closed {
            if hand + 1 >= usize::from(self.seats[seat].count) && seat + 1 == self.seat_count {
                // The last hand of the last seat: no search for an open hand.
                self.dealers_turn();
            } else {
                self.phase = Phase::Players { seat, hand: hand + 1 };
                self.move_to_open_hand();
            }
        } else {
            // Still this hand's turn, with another card (or a split partner) now.
            self.legal = self.legal_set(seat, &self.seats[seat].hands[hand]);
        }
    }

    /// Closes a hand that took a card and can take no more; says whether it did.
    fn close_if_done(&mut self, seat: usize, hand: usize) -> bool {
        let h = &self.seats[seat].hands[hand];
        let reason = if h.cards.is_bust() {
            CloseReason::Bust
        } else if h.total().value == 21 {
            CloseReason::TwentyOne
        } else if h.split_aces && !self.rules.hit_split_aces {
            CloseReason::SplitAce
        } else {
            return false;
        };
        self.close(seat, hand, reason);
        true
    }

    fn split(&mut self, seat: usize, hand: usize) {
        let s = &mut self.seats[seat];
        s.bankroll += -s.bet;
        let count = usize::from(s.count);
        // Later hands move right to make room for the new one just after `hand`.
        s.hands.copy_within(hand + 1..count, hand + 2);
        let original = &mut s.hands[hand];
        let second = original.cards.pop().expect("a pair has two cards");
        let aces = second.value() == 1;
        original.from_split = true;
        original.split_aces = aces;
        let mut new_hand = *original;
        new_hand.cards.clear();
        new_hand.cards.push(second);
        s.hands[hand + 1] = new_hand;
        s.count += 1;
        self.emit(Event::Split { seat, hand });
        // The current hand takes its second card now; the new one when play reaches it.
        self.deal_to_hand(seat, hand);
        self.after_split_card(seat, hand);
    }

    /// Test and drill support: replaces the next cards to be dealt (in order) by these,
    /// taking them out of the undealt part of the shoe. Returns `false` and changes nothing if
    /// the undealt part does not hold them all.
    pub fn stack_next(&mut self, cards: &[Card]) -> bool {
        self.shoe.stack_next(cards)
    }
}
