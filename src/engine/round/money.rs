//! The table's money: bets placed and buy-ins, between rounds. (The stakes of doubles and
//! splits and the payments of settlement are taken where those happen, in the round.)

use rand::Rng;

use super::super::action::BetError;
use super::super::event::EventSink;
use super::super::rules::Rules;
use super::super::settle::Units;
use super::{MAX_BANKROLL, Phase, Seat, Table, UNLIMITED};

/// Whether `bet` may be placed from `bankroll` under `rules` (whole units, within the limits):
/// [`Table::place_bet`]'s check, for a bet named before a table exists.
pub fn check_bet(rules: &Rules, bet: Units, bankroll: Units) -> Result<(), BetError> {
    let (min, max) = rules.bet_limits();
    if !bet.is_whole() {
        return Err(BetError::NotWhole);
    }
    if bet < min {
        return Err(BetError::BelowMinimum(min));
    }
    if bet > max {
        return Err(BetError::AboveMaximum(max));
    }
    if bet > bankroll {
        return Err(BetError::MoreThanBankroll(bankroll));
    }
    Ok(())
}

impl<R: Rng, L: EventSink> Table<R, L> {
    /// Sets `seat`'s bet for the rounds dealt from now on: whole units within the table's
    /// limits, and no more than the seat's bankroll. Only between rounds.
    pub fn place_bet(&mut self, seat: usize, bet: Units) -> Result<(), BetError> {
        let s = self.seat_between_rounds(seat)?;
        check_bet(&self.rules, bet, s.bankroll)?;
        self.seats[seat].bet = bet;
        Ok(())
    }

    /// The bets `seat` may place now, smallest and largest: the table's limits, the largest no
    /// more than the whole units the bankroll holds. `None` when even the smallest bet is more
    /// than the bankroll (or there is no such seat).
    pub fn bet_range(&self, seat: usize) -> Option<(Units, Units)> {
        let (min, max) = self.rules.bet_limits();
        let held = self.seats.get(seat)?.bankroll;
        let cap = max.min(Units::from_units(held.0.div_euclid(1000)));
        (cap >= min).then_some((min, cap))
    }

    /// Gives `seat` `amount` (whole units) in place of its unlimited bankroll, or added to it (a
    /// rebuy), up to [`MAX_BANKROLL`]. Only between rounds.
    pub fn buy_in(&mut self, seat: usize, amount: Units) -> Result<(), BetError> {
        let s = self.seat_between_rounds(seat)?;
        let (held, bought) = if s.bought_in == UNLIMITED {
            (Units::ZERO, Units::ZERO)
        } else {
            (s.bankroll, s.bought_in)
        };
        if !amount.is_whole() {
            return Err(BetError::NotWhole);
        }
        if amount <= Units::ZERO || held + amount > MAX_BANKROLL {
            return Err(BetError::BadBuyIn(MAX_BANKROLL));
        }
        let s = &mut self.seats[seat];
        s.bankroll = held + amount;
        s.bought_in = bought + amount;
        Ok(())
    }

    /// Whether `seat`'s bankroll holds its bet, so that a round can be dealt.
    pub fn covers_bet(&self, seat: usize) -> bool {
        self.seats().get(seat).is_some_and(|s| s.bankroll >= s.bet)
    }

    fn seat_between_rounds(&self, seat: usize) -> Result<&Seat, BetError> {
        if !matches!(self.phase, Phase::Betting | Phase::Settled) {
            return Err(BetError::RoundInPlay);
        }
        self.seats().get(seat).ok_or(BetError::NoSuchSeat(seat))
    }
}
