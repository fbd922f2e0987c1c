//! Changing the bet between rounds: steps of 1 (`+`/`-`) and 5 (`]`/`[`), or an amount typed
//! in (digits, then Enter). The range is the engine's ([`crate::engine::Table::bet_range`]):
//! the table's limits, capped by the bankroll. A step that would pass an end stops at it; a
//! step at an end says why not, once however long the key is held (the log keeps a repeated
//! line once).

use crate::engine::Units;

use super::{App, Tone};

impl App {
    /// `+`/`-`/`]`/`[`: the bet for the next round, `by` units up or down, stopping at the
    /// ends of what may be bet now.
    pub(crate) fn change_bet(&mut self, by: i64) {
        self.table_screen.bet_entry = None;
        let bet = self.bet();
        let wanted = bet + Units::from_units(by);
        let target = match self.table.bet_range(self.you) {
            Some((min, cap)) => wanted.clamp(min, cap),
            None => wanted,
        };
        // At an end already: the engine says which one.
        let target = if target == bet { wanted } else { target };
        self.place(target);
    }

    /// A digit of a typed bet.
    pub(crate) fn bet_digit(&mut self, digit: char) {
        if !self.between_rounds() {
            self.refuse(crate::engine::BetError::RoundInPlay);
            return;
        }
        self.table_screen.bet_digit(digit);
    }

    /// Places the typed bet. `false` if it was refused (the entry stays, to be mended).
    pub(crate) fn bet_enter(&mut self) -> bool {
        let Some(entry) = self.table_screen.bet_entry.clone() else {
            return true;
        };
        let amount = entry.parse::<i64>().unwrap_or(i64::MAX / 1000);
        let placed = self.place(Units::from_units(amount));
        if placed {
            self.table_screen.bet_entry = None;
        }
        placed
    }

    fn place(&mut self, bet: Units) -> bool {
        match self.table.place_bet(self.you, bet) {
            Ok(()) => {
                self.say(
                    Tone::Info,
                    format!("Bet {} for the next round.", bet.plain()),
                );
                true
            }
            Err(err) => {
                self.refuse(err);
                false
            }
        }
    }
}
