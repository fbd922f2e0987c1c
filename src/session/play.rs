//! The table's flow: bets, dealing, the person's decisions (graded first), the AI seats and the
//! dealer a step at a time, and leaving. Money is the engine's, read back from the table.

use crate::ai::{self, AnyStrategy};
use crate::engine::{Action, ActionError, BetError, Event, Phase, Units};

use super::narrate::Narrator;
use super::{Analysis, Happening, Kind, Notice, Player, TableSession};

/// A bound on automatic steps in one go: far more than any round needs.
const MAX_AUTO_STEPS: usize = 1_000;

impl TableSession {
    /// The narrator for this table's seats.
    fn narrate<T>(&self, f: impl FnOnce(&Narrator<'_>) -> T) -> T {
        f(&Narrator {
            you: self.you,
            seats: &self.seats,
            ascii: self.settings.ascii,
            count_hidden: self.count_hidden(),
            count_words: &self.index_count_words(),
        })
    }

    fn tell(&mut self, notice: Notice) {
        self.news.push(Happening::Said(notice));
    }

    /// `by` units more (or fewer) on the bet for the next round, stopping at the ends of what
    /// may be bet now; at an end already, the refusal says which.
    pub fn change_bet(&mut self, by: i64) -> Vec<Happening> {
        let bet = self.bet();
        let wanted = bet + Units::from_units(by);
        let target = match self.table.bet_range(self.you) {
            Some((min, cap)) => wanted.clamp(min, cap),
            None => wanted,
        };
        // At an end already: the engine says which one.
        let target = if target == bet { wanted } else { target };
        self.place(target);
        self.take_news()
    }

    /// Places `bet` for the next round: whether it was placed, and what was said.
    pub fn place_bet(&mut self, bet: Units) -> (bool, Vec<Happening>) {
        let placed = self.place(bet);
        (placed, self.take_news())
    }

    /// The refusal of a bet typed while a round is in play, if one is.
    pub fn bet_typing_refused(&self) -> Option<Notice> {
        (!self.between_rounds()).then(|| self.refusal(BetError::RoundInPlay))
    }

    fn place(&mut self, bet: Units) -> bool {
        match self.table.place_bet(self.you, bet) {
            Ok(()) => {
                self.say(Kind::Info, format!("Bet {} for the next round.", bet.plain()));
                true
            }
            Err(err) => {
                self.refuse(err);
                false
            }
        }
    }

    /// Deals the next round at the bet placed (lowered to what the bankroll holds; below the
    /// smallest bet, [`Happening::BankrollSpent`]); a count check due is asked first.
    pub fn deal(&mut self, an: &mut Analysis<'_>) -> Vec<Happening> {
        self.deal_now(an);
        self.take_news()
    }

    pub(super) fn deal_now(&mut self, an: &mut Analysis<'_>) {
        if !self.between_rounds() {
            self.refuse(ActionError::RoundInPlay);
            return;
        }
        self.install_seat_strategies(an.strategy, an.indices);
        self.tell_index_wait(an.indices.is_some());
        if self.is_broke() {
            self.news.push(Happening::BankrollSpent);
            return;
        }
        if self.count_check_due() && !self.count.checked_this_round {
            self.count.check = Some(String::new());
            self.news.push(Happening::CountCheckAsked);
            let ask = format!(
                "Count check: type the {}, then Enter.",
                self.count.system.named("running count")
            );
            self.say(Kind::Info, ask);
            return;
        }
        self.grade_bet();
        self.place_counter_bets();
        if !self.table.covers_bet(self.you)
            && let Some((_, whole)) = self.table.bet_range(self.you)
            && self.table.place_bet(self.you, whole).is_ok()
        {
            self.say(
                Kind::Info,
                format!("Bet lowered to {}: all your bankroll holds.", whole.plain()),
            );
        }
        let dealt_before = self.table.view(self.you).cards_left();
        // The count the bet was placed at: before the round's cards are seen.
        let count_at_deal = self.count.mode.then(|| self.floored_count());
        let bet = self.bet();
        match self.table.start_round() {
            Ok(events) => {
                let events = events.to_vec();
                let shuffled = events.iter().any(|e| matches!(e, Event::Reshuffled));
                let shoe = usize::from(self.rules.decks) * 52;
                let number = self.coach.session().play.rounds + 1;
                self.coach.begin_round(crate::trainer::history::RoundStart {
                    bet,
                    true_count: count_at_deal,
                    seed: self.settings.seed,
                    shoe_position: if shuffled { 0 } else { shoe - dealt_before.min(shoe) },
                    number,
                    at: crate::store::unix_seconds(),
                });
                self.news.push(Happening::RoundStarted(number));
                self.pace.round_dealt();
                self.count.checked_this_round = false;
                self.reshuffled = false;
                self.absorb(&events, an);
            }
            Err(err) => self.refuse(err),
        }
    }

    /// The table shuffled: the shoe before is finished, for the course's table standards
    /// ([`crate::store::Coach::shoe_finished`]); a standard it newly passes is said.
    fn shoe_finished(&mut self, an: &Analysis<'_>) {
        let context = crate::trainer::course::Context {
            top_plays: an.indices.map(crate::trainer::course::top_cells),
            count: self.count.system.clone(),
        };
        match self.coach.shoe_finished(&context) {
            Ok(newly) => {
                if let Some(note) = crate::trainer::course::passes_note(&newly) {
                    self.say(Kind::Right, note);
                }
            }
            Err(err) => self
                .say(Kind::Refused, format!("The course could not be brought up to date: {err}")),
        }
    }

    /// Every counter seat bets by its ramp at the true count it sees, within the table's
    /// limits, and says so.
    fn place_counter_bets(&mut self) {
        let (min, max) = self.rules.bet_limits();
        for seat in 0..self.seats.len() {
            let Player::Ai { strategy: Some(strategy), .. } = &self.seats[seat].player else {
                continue;
            };
            let AnyStrategy::Counter(counter) = strategy.as_ref() else {
                continue;
            };
            let (units, tc) =
                counter.seated(self.count.red_sevens_seen()).next_bet(&self.table.view(seat));
            let bet = Units::from_units(i64::from(units)).clamp(min, max);
            if self.table.place_bet(seat, bet).is_ok() {
                let line = self.narrate(|n| n.counter_bet(seat, bet, tc));
                self.tell(line);
            }
        }
    }

    /// The person's decision: graded against basic strategy first (refused in strict mode
    /// when wrong; held back while its grade would tell the hidden count), then taken.
    pub fn act(&mut self, action: Action, an: &mut Analysis<'_>) -> Vec<Happening> {
        // The legal-action list decides; `check` only says why not.
        if !self.table.legal_actions(self.you).contains(action) {
            match self.table.check(self.you, action) {
                Err(err) => self.refuse(err),
                Ok(_) => self.say(Kind::Refused, format!("cannot {action} now")),
            }
            return self.take_news();
        }
        self.install_seat_strategies(an.strategy, an.indices);
        if self.grade_and_record(action, an) {
            let hand = self.table.active().map_or(0, |(_, h)| h);
            match self.table.act(self.you, action) {
                Ok(events) => {
                    let events = events.to_vec();
                    self.after_turn(self.you, hand, action, &events, an);
                }
                Err(err) => self.refuse(err),
            }
        }
        self.take_news()
    }

    /// Buys in again with the session's starting bankroll, counted in the statistics.
    pub fn rebuy(&mut self) -> Vec<Happening> {
        if !self.is_broke() {
            self.say(Kind::Refused, "a rebuy is for when the bankroll is spent");
            return self.take_news();
        }
        match self.table.buy_in(self.you, self.settings.rebuy) {
            Ok(()) => {
                self.coach.record_rebuy(self.settings.rebuy);
                self.save();
                let bet = self.bet().min(self.bankroll());
                let _ = self.table.place_bet(self.you, bet);
                self.news.push(Happening::BoughtIn);
                self.say(
                    Kind::Info,
                    format!(
                        "You buy in again for {}: bankroll {}.",
                        self.settings.rebuy.plain(),
                        self.bankroll().plain()
                    ),
                );
            }
            Err(err) => self.refuse(err),
        }
        self.take_news()
    }

    /// Saves the statistics, saying so if it failed.
    fn save(&mut self) {
        if let Some(err) = self.coach.save() {
            self.say(Kind::Refused, err);
        }
    }

    /// Leaving confirmed: the person's hands in play are played out by basic strategy (not
    /// graded), the AI seats and the dealer play on, and the round is settled.
    pub fn leave(&mut self, an: &mut Analysis<'_>) -> Vec<Happening> {
        if !self.between_rounds() {
            self.leaving = true;
            self.play_on(an);
        }
        self.take_news()
    }

    /// Leaving at once (Ctrl-C, a signal): a round in the middle is kept as unfinished, and
    /// what is unsaved is saved.
    pub fn exit(&mut self) -> Vec<Happening> {
        let view = self.table.view(self.you);
        self.coach.record_unfinished_round(view.own_hands(), view.dealer());
        self.save();
        self.take_news()
    }

    // ----- AI seats and the dealer -----

    /// Whether an AI seat (or, when leaving, the person's hand) or the dealer is to play next.
    pub fn automation_pending(&self) -> bool {
        match self.table.phase() {
            Phase::Players { seat, .. } => seat != self.you || self.leaving,
            Phase::Dealer => true,
            Phase::Betting | Phase::Settled => false,
        }
    }

    /// Plays the AI seats and the dealer until it is the person's turn or the round is over.
    pub fn play_out(&mut self, an: &mut Analysis<'_>) -> Vec<Happening> {
        self.play_on(an);
        self.take_news()
    }

    fn play_on(&mut self, an: &mut Analysis<'_>) {
        for _ in 0..MAX_AUTO_STEPS {
            if !self.automation_pending() {
                return;
            }
            self.step_now(an);
        }
    }

    /// One AI action (or, when leaving, one of the person's, by basic strategy) or one dealer
    /// step.
    pub fn step(&mut self, an: &mut Analysis<'_>) -> Vec<Happening> {
        self.step_now(an);
        self.take_news()
    }

    fn step_now(&mut self, an: &mut Analysis<'_>) {
        match self.table.phase() {
            Phase::Players { seat, .. } => {
                if seat == self.you && !self.leaving {
                    return;
                }
                self.install_seat_strategies(an.strategy, an.indices);
                // A counter's index play is told after its action; it counts the red sevens
                // the table saw, which its view does not keep.
                let red_sevens = self.count.red_sevens_seen();
                let strategy = match &self.seats[seat].player {
                    Player::Ai { strategy: Some(s), .. } => Some(s.as_ref()),
                    _ => None,
                };
                let (index_move, played) = match strategy {
                    Some(AnyStrategy::Counter(c)) => {
                        let counter = c.seated(red_sevens);
                        let index_move = counter.decide_explained(&self.table.view(seat)).1;
                        (index_move, ai::take_turn(&mut self.table, &counter))
                    }
                    Some(other) => (None, ai::take_turn(&mut self.table, other)),
                    // The person's hands when leaving mid-round: basic strategy.
                    None => {
                        let hard = ai::Hard::new(an.strategy.chart.clone());
                        (None, ai::take_turn(&mut self.table, &hard))
                    }
                };
                let played =
                    played.and_then(Result::ok).map(|(turn, events)| (turn, events.to_vec()));
                if let Some((turn, events)) = played {
                    self.after_turn(turn.seat, turn.hand, turn.action, &events, an);
                    if let Some(m) = index_move.filter(|m| m.play == turn.action) {
                        let line = self.narrate(|n| n.index_move(turn.seat, &m));
                        self.tell(line);
                    }
                }
            }
            Phase::Dealer => {
                if let Ok(events) = self.table.dealer_step() {
                    let events = events.to_vec();
                    self.absorb(&events, an);
                }
            }
            _ => {}
        }
    }

    // ----- what happened -----

    fn after_turn(
        &mut self,
        seat: usize,
        hand: usize,
        action: Action,
        events: &[Event],
        an: &Analysis<'_>,
    ) {
        let line = self.narrate(|n| n.action(self.table.seats(), seat, hand, action, events));
        self.tell(line);
        self.absorb(events, an);
    }

    /// When the dealer's blackjack took a doubled or split stake of the person's: the line
    /// that says so and why this game's chart doubles and splits less against it.
    fn no_hole_card_line(&self, an: &Analysis<'_>) -> Option<String> {
        use crate::analysis::no_hole_card::{extra_stake_cells, moment_line, taken_whole};
        let taken = taken_whole(self.table.seats().get(self.you)?, self.table.dealer())?;
        let peek = an.peek.strategy(&self.rules);
        let differ = peek.as_ref().map(|peek| extra_stake_cells(&an.strategy.chart, &peek.chart));
        Some(moment_line(&taken, differ.as_deref()))
    }

    /// Takes in what the events say happened: the table's news, and at the end of a round the
    /// round in the statistics (saved at once) and, if the money is spent, the rebuy offer.
    fn absorb(&mut self, events: &[Event], an: &Analysis<'_>) {
        self.count.read(events);
        let lines = self.narrate(|n| n.events(events, self.table.seats(), self.table.dealer()));
        for line in lines {
            self.tell(line);
        }
        for event in events {
            match event {
                Event::Reshuffled => {
                    self.reshuffled = true;
                    self.shoe_finished(an);
                }
                Event::RoundOver => {
                    if let Some(line) = self.no_hole_card_line(an) {
                        self.say(Kind::Info, line);
                    }
                    self.note_round_count();
                    let view = self.table.view(self.you);
                    self.coach.record_round(view.own_hands(), view.dealer());
                    self.save();
                    if self.is_broke() && !self.leaving {
                        self.say(
                            Kind::Lost,
                            format!(
                                "Your bankroll is spent ({} left). Press b to buy in again \
                                 for {}, or q to leave.",
                                self.bankroll().plain(),
                                self.settings.rebuy.plain()
                            ),
                        );
                        self.news.push(Happening::BankrollSpent);
                    }
                }
                _ => {}
            }
        }
    }
}
