//! The table's flow: betting and buying in, dealing, the person's decisions (graded before
//! they are taken), the AI seats and the dealer at the table's pace, and leaving.
//!
//! Money is the engine's: the bet is placed at the table, doubles and splits stake the
//! seat's own bankroll, and what the screens show is read back from the table and the coach.

use crate::ai::{self, AnyStrategy};
use crate::engine::{Action, ActionError, Event, Phase, Units};
use crate::store::Coach;
use crate::trainer::grade::Grade;

use super::{App, Message, Overlay, Player, Tone};
use crate::tui::narrate::Narrator;

/// A bound on automatic steps in one go: far more than any round needs.
const MAX_AUTO_STEPS: usize = 1_000;

impl App {
    pub(crate) fn refuse(&mut self, err: impl std::fmt::Display) {
        let mut text = err.to_string();
        if self.table.phase() == Phase::Settled {
            text.push_str(" (space deals the next round)");
        }
        self.say(Tone::Error, text);
    }

    /// The narrator for this table's seats.
    fn narrate<T>(&self, f: impl FnOnce(&Narrator<'_>) -> T) -> T {
        f(&Narrator {
            you: self.you,
            seats: &self.seats,
            ascii: self.ctx.ascii,
            count_hidden: self.count_hidden(),
        })
    }

    /// The person's decision: graded against basic strategy first (refused in strict mode
    /// when wrong), then taken.
    pub(crate) fn act(&mut self, action: Action) {
        // The legal-action list decides; `check` only says why not.
        if !self.table.legal_actions(self.you).contains(action) {
            match self.table.check(self.you, action) {
                Err(err) => self.refuse(err),
                Ok(_) => self.say(Tone::Error, format!("cannot {action} now")),
            }
            return;
        }
        // The EVs were asked for when the hand came up, so this rarely waits.
        let strategy = self.ensure_strategy();
        // What the decision is made on, for the hand history.
        let view = self.table.view(self.you);
        let seen = view
            .active_hand()
            .map(|h| h.cards)
            .zip(view.dealer_up())
            .map(|(cards, up)| (cards, up, view.active_hand_index().unwrap_or(0)));
        let view_legal = view.legal();
        if let Some((g, call, ranked, source)) = self.grade_decision(&strategy, action) {
            // Counting mode keeps the count of every decision (the index play's, where one
            // decided).
            let tc = call
                .as_ref()
                .map(|c| c.tc)
                .or_else(|| self.count.mode.then(|| self.floored_count()));
            let record = |coach: &mut Coach, g: &Grade| {
                if let Some((cards, up, hand)) = &seen {
                    coach.record_at_table(g, cards, *up, *hand, &ranked, tc);
                }
            };
            let advice = g.advice_at_count(call.as_ref());
            // With the count hidden, a grade in an index play's cell tells the count: it waits.
            if self.grade_tells_count(g.cell, view_legal) {
                self.hold_decision(&strategy, &g, call.is_some(), advice, &ranked, source);
                record(&mut self.coach, &g);
            } else if self.settings.strict && !g.is_correct() {
                self.log.grade(Message::new(
                    Tone::Error,
                    format!("{advice} — strict mode: try again"),
                ));
                // The mistake was made, even if it is not played: it counts.
                record(&mut self.coach, &g);
                return;
            } else {
                let tone = Tone::graded(g.is_correct());
                self.log.grade(Message::new(tone, advice));
                // A mistake comes with the reason for the right play.
                if let Some(why) =
                    self.mistake_reason(&strategy, &g, call.is_some(), &ranked, source)
                {
                    self.say(Tone::Info, why);
                }
                record(&mut self.coach, &g);
            }
        }
        let hand = self.table.active().map_or(0, |(_, h)| h);
        match self.table.act(self.you, action) {
            Ok(events) => {
                let events = events.to_vec();
                self.after_turn(self.you, hand, action, &events);
            }
            Err(err) => self.refuse(err),
        }
    }

    /// The reason line of a mistake graded by the chart (an index play's grade says why
    /// itself): `  Why: …`.
    fn mistake_reason(
        &self,
        strategy: &crate::analysis::Strategy,
        g: &Grade,
        by_index: bool,
        ranked: &[(Action, f64)],
        source: crate::analysis::reasons::Source,
    ) -> Option<String> {
        if g.is_correct() || by_index {
            return None;
        }
        crate::analysis::reasons::line(
            strategy,
            self.peek_strategy().as_ref().map(|p| &p.chart),
            g.cell,
            crate::analysis::reasons::Figures::Hand {
                source,
                evs: ranked,
                advised: g.advised,
                chosen: g.chosen,
            },
        )
        .map(|why| format!("  Why: {why}"))
    }

    /// A decision whose grade would tell the hidden count: the log says it is kept, and the
    /// grade (with its reason) waits for the next count check or `c`. Strict mode does not
    /// refuse it: a refusal would tell the count too.
    fn hold_decision(
        &mut self,
        strategy: &crate::analysis::Strategy,
        g: &Grade,
        by_index: bool,
        advice: String,
        ranked: &[(Action, f64)],
        source: crate::analysis::reasons::Source,
    ) {
        self.log.grade(Message::new(
            Tone::Info,
            format!(
                "{}: an index play's hand, graded once the count is shown",
                g.cell.label()
            ),
        ));
        let tone = Tone::graded(g.is_correct());
        let why = self.mistake_reason(strategy, g, by_index, ranked, source);
        self.hold_back(Message::new(tone, advice), true);
        if let Some(why) = why {
            let why = Message::new(Tone::Info, why);
            self.hold_back(why, false);
        }
    }

    /// Space: deals the next round at the bet placed. A bet the bankroll no longer holds is
    /// lowered to what it holds; with less than the table's smallest bet, the table says the
    /// money is spent and offers a rebuy.
    pub(crate) fn deal(&mut self) {
        if !self.between_rounds() {
            self.refuse(ActionError::RoundInPlay);
            return;
        }
        // The seats and the grading need the strategy from the first decision on.
        self.ensure_strategy();
        if self.is_broke() {
            self.table_screen.overlay = Some(Overlay::Broke);
            return;
        }
        // A bet typed in and not yet placed is placed now (or the deal waits for a mended one).
        if !self.bet_enter() {
            return;
        }
        // Counting mode with the count hidden: now and then the count is asked first.
        if self.count_check_due() && !self.count.checked_this_round {
            self.count.check = Some(String::new());
            self.say(
                Tone::Info,
                "Count check: type the running count, then Enter.",
            );
            return;
        }
        self.grade_bet();
        self.place_counter_bets();
        if !self.table.covers_bet(self.you)
            && let Some((_, whole)) = self.table.bet_range(self.you)
            && self.table.place_bet(self.you, whole).is_ok()
        {
            self.say(
                Tone::Info,
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
                self.coach.begin_round(crate::trainer::history::RoundStart {
                    bet,
                    true_count: count_at_deal,
                    seed: self.settings.seed,
                    shoe_position: if shuffled {
                        0
                    } else {
                        usize::from(self.rules.decks) * 52
                            - dealt_before.min(usize::from(self.rules.decks) * 52)
                    },
                    number: self.coach.session().play.rounds + 1,
                    at: crate::store::unix_seconds(),
                });
                self.log.start_round(self.coach.session().play.rounds + 1);
                self.count.checked_this_round = false;
                self.reshuffled = false;
                self.absorb(&events);
            }
            Err(err) => self.refuse(err),
        }
    }

    /// Every counter seat bets by its ramp at the true count it sees, within the table's
    /// limits, and says so.
    fn place_counter_bets(&mut self) {
        let (min, max) = self.rules.bet_limits();
        for seat in 0..self.seats.len() {
            let Player::Ai {
                strategy: Some(strategy),
                ..
            } = &self.seats[seat].player
            else {
                continue;
            };
            let AnyStrategy::Counter(counter) = strategy.as_ref() else {
                continue;
            };
            let (units, tc) = counter.next_bet(&self.table.view(seat));
            let bet = Units::from_units(i64::from(units)).clamp(min, max);
            if self.table.place_bet(seat, bet).is_ok() {
                let line = self.narrate(|n| n.counter_bet(seat, bet, tc));
                self.log.push(line);
            }
        }
    }

    /// Whether the bankroll holds less than the table's smallest bet.
    pub fn is_broke(&self) -> bool {
        self.bankroll() < self.rules.bet_limits().0
    }

    /// Buys in again with the session's starting bankroll, counted in the statistics.
    pub(crate) fn rebuy(&mut self) {
        if !self.is_broke() {
            self.say(Tone::Error, "a rebuy is for when the bankroll is spent");
            return;
        }
        match self.table.buy_in(self.you, self.settings.rebuy) {
            Ok(()) => {
                self.coach.record_rebuy(self.settings.rebuy);
                if let Some(err) = self.coach.save() {
                    self.say(Tone::Error, err);
                }
                let bet = self.bet().min(self.bankroll());
                let _ = self.table.place_bet(self.you, bet);
                self.table_screen.overlay = None;
                self.say(
                    Tone::Info,
                    format!(
                        "You buy in again for {}: bankroll {}.",
                        self.settings.rebuy.plain(),
                        self.bankroll().plain()
                    ),
                );
            }
            Err(err) => self.refuse(err),
        }
    }

    /// Leaving confirmed: the person's hands in play are played out by basic strategy (not
    /// graded) and settled with the round, then the summary shows.
    pub(crate) fn confirm_quit(&mut self) {
        if !self.between_rounds() {
            self.ensure_strategy();
            self.leaving = true;
            self.run_automation();
        }
        self.table_screen.overlay = Some(Overlay::Summary);
    }

    /// Whether the person has hands in play that leaving would play out.
    pub fn hands_in_play(&self) -> bool {
        !self.between_rounds()
            && self.table.seats()[self.you]
                .hands()
                .iter()
                .any(|h| h.outcome.is_none())
    }

    // ----- AI seats and the dealer -----

    pub(crate) fn automation_pending(&self) -> bool {
        match self.table.phase() {
            Phase::Players { seat, .. } => seat != self.you || self.leaving,
            Phase::Dealer => true,
            Phase::Betting | Phase::Settled => false,
        }
    }

    pub(crate) fn run_automation(&mut self) {
        for _ in 0..MAX_AUTO_STEPS {
            if !self.automation_pending() {
                return;
            }
            self.auto_step();
        }
    }

    /// One AI action (or, when leaving, one of the person's, by basic strategy) or one dealer
    /// step.
    pub(crate) fn auto_step(&mut self) {
        match self.table.phase() {
            Phase::Players { seat, .. } => {
                if seat == self.you && !self.leaving {
                    return;
                }
                // Every AI seat has its strategy once the chart is known.
                let strategy = self.ensure_strategy();
                // A counter's index play is told after its action.
                let index_move = match &self.seats[seat].player {
                    Player::Ai {
                        strategy: Some(s), ..
                    } => match s.as_ref() {
                        AnyStrategy::Counter(c) => c.decide_explained(&self.table.view(seat)).1,
                        _ => None,
                    },
                    _ => None,
                };
                let played = match &self.seats[seat].player {
                    Player::Ai {
                        strategy: Some(s), ..
                    } => ai::take_turn(&mut self.table, s.as_ref()),
                    // The person's hands when leaving mid-round: basic strategy.
                    _ => ai::take_turn(&mut self.table, &ai::Hard::new(strategy.chart.clone())),
                }
                .and_then(Result::ok)
                .map(|(turn, events)| (turn, events.to_vec()));
                if let Some((turn, events)) = played {
                    self.after_turn(turn.seat, turn.hand, turn.action, &events);
                    if let Some(m) = index_move.filter(|m| m.play == turn.action) {
                        let line = self.narrate(|n| n.index_move(turn.seat, &m));
                        self.log.push(line);
                    }
                }
            }
            Phase::Dealer => {
                if let Ok(events) = self.table.dealer_step() {
                    let events = events.to_vec();
                    self.absorb(&events);
                }
            }
            _ => {}
        }
    }

    // ----- what happened -----

    fn after_turn(&mut self, seat: usize, hand: usize, action: Action, events: &[Event]) {
        let line = self.narrate(|n| n.action(self.table.seats(), seat, hand, action, events));
        self.log.push(line);
        self.absorb(events);
    }

    /// When the dealer's blackjack took a doubled or split stake of the person's: the line
    /// that says so and why this game's chart doubles and splits less against it.
    fn no_hole_card_line(&self) -> Option<String> {
        use crate::analysis::no_hole_card::{extra_stake_cells, moment_line, taken_whole};
        let taken = taken_whole(self.table.seats().get(self.you)?, self.table.dealer())?;
        let peek = self.peek_strategy();
        let differ = self
            .strategy()
            .zip(peek.as_ref())
            .map(|(here, peek)| extra_stake_cells(&here.chart, &peek.chart));
        Some(moment_line(&taken, differ.as_deref()))
    }

    /// Takes in what the events say happened: the table's news, and at the end of a round the
    /// round in the statistics (saved at once) and, if the money is spent, the rebuy offer.
    pub(crate) fn absorb(&mut self, events: &[Event]) {
        let lines = self.narrate(|n| n.events(events, self.table.seats(), self.table.dealer()));
        for line in lines {
            self.log.push(line);
        }
        for event in events {
            match event {
                Event::Reshuffled => self.reshuffled = true,
                Event::RoundOver => {
                    if let Some(line) = self.no_hole_card_line() {
                        self.say(Tone::Info, line);
                    }
                    let view = self.table.view(self.you);
                    self.coach.record_round(view.own_hands(), view.dealer());
                    if let Some(err) = self.coach.save() {
                        self.say(Tone::Error, err);
                    }
                    if self.is_broke() && !self.leaving {
                        self.say(
                            Tone::Lost,
                            format!(
                                "Your bankroll is spent ({} left). Press b to buy in again \
                                 for {}, or q to leave.",
                                self.bankroll().plain(),
                                self.settings.rebuy.plain()
                            ),
                        );
                        self.table_screen.overlay = Some(Overlay::Broke);
                    }
                }
                _ => {}
            }
        }
    }
}
