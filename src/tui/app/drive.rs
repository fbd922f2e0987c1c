//! How the app drives its [`TableSession`]: each intent that plays becomes a call on the
//! session, handed the analysis the background jobs have ready, and what the session says
//! happened is taken into the log and the panels ([`App::take_in`]). The bet being typed
//! is the screen's until Enter (or the deal) places it.

use crate::engine::Units;
use crate::session::{Analysis, TableSession};

use super::{App, Overlay};

impl App {
    /// Calls `f` on the session with the analysis it grades and plays with: the strategy
    /// (waited for if it has not arrived yet), this game's index table once ready, the peek
    /// game's strategy as the app has it, and the EV worker.
    pub(crate) fn with_session<T>(
        &mut self,
        f: impl FnOnce(&mut TableSession, &mut Analysis<'_>) -> T,
    ) -> T {
        let strategy = self.ensure_strategy();
        let peek = self.peek();
        let jobs = &mut self.jobs;
        let mut analysis = Analysis {
            strategy: &strategy,
            indices: jobs.indices.as_ref().and_then(|slot| slot.get()),
            peek,
            evs: &mut jobs.evs,
        };
        f(&mut self.session, &mut analysis)
    }

    /// Space: a bet typed in and not yet placed is placed first (or the deal waits for a
    /// mended one), then the session deals.
    pub(crate) fn deal(&mut self) {
        if self.session.between_rounds() && !self.session.is_broke() && !self.bet_enter() {
            return;
        }
        let news = self.with_session(|session, an| session.deal(an));
        self.take_in(news);
    }

    /// `+`/`-`/`]`/`[`: the next bet `by` units up or down (a typed bet is dropped).
    pub(crate) fn change_bet(&mut self, by: i64) {
        self.table_screen.bet_entry = None;
        let news = self.session.change_bet(by);
        self.take_in(news);
    }

    /// A digit of a typed bet: refused while a round is in play.
    pub(crate) fn bet_digit(&mut self, digit: char) {
        if let Some(refusal) = self.session.bet_typing_refused() {
            self.log.push(refusal.into());
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
        let (placed, news) = self.session.place_bet(Units::from_units(amount));
        self.take_in(news);
        if placed {
            self.table_screen.bet_entry = None;
        }
        placed
    }

    /// Leaving confirmed: hands in play played out ([`TableSession::leave`]), then the summary.
    pub(crate) fn confirm_quit(&mut self) {
        if !self.session.between_rounds() {
            let news = self.with_session(|session, an| session.leave(an));
            self.take_in(news);
        }
        self.table_screen.overlay = Some(Overlay::Summary);
    }

    /// `c`: the count shown or hidden again; hidden in counting mode, the live EVs (the
    /// shoe's as it is, which would tell it) close.
    pub(crate) fn toggle_count(&mut self) {
        let news = self.session.toggle_count();
        if !self.session.count_shown() {
            self.live.open &= !self.session.counting_mode();
        }
        self.take_in(news);
    }

    /// The AI seats and the dealer played out at once, if it is their turn.
    pub(crate) fn run_automation(&mut self) {
        if self.session.automation_pending() {
            let news = self.with_session(|session, an| session.play_out(an));
            self.take_in(news);
        }
    }

    /// One AI action or dealer step, at the table's pace.
    pub(crate) fn auto_step(&mut self) {
        let news = self.with_session(|session, an| session.step(an));
        self.take_in(news);
    }
}

/// The longest the loop sleeps while the pace waits: the action bar's countdown moves each second.
const PACE_WAKE: std::time::Duration = std::time::Duration::from_secs(1);

impl App {
    /// The table's pace at the clock's "now", on the table screen with no question up: a typed
    /// bet is placed before a deal that comes due, then the session clears or deals as due
    /// ([`TableSession::pace_tick`]). At speed 0 a round it deals is played out at once.
    pub(crate) fn keep_pace(&mut self) {
        if self.session.pace().is_none() || !self.table_plays() {
            return;
        }
        let now = (self.pace.clock)();
        if matches!(self.session.pace_next(), Some((crate::session::PaceStep::Deal, at)) if now >= at)
        {
            // The bet read before the deal: what was typed and not yet placed counts.
            self.bet_enter();
        }
        let news = self.with_session(|session, an| session.pace_tick(now, an));
        let dealt = news.iter().any(|h| matches!(h, crate::session::Happening::RoundStarted(_)));
        self.take_in(news);
        if dealt && self.pace.speed.is_zero() {
            self.run_automation();
            let news = self.with_session(|session, an| session.pace_tick(now, an));
            self.take_in(news);
        }
    }

    /// Whether the loop should wake by itself: the seats or the dealer play at the table's
    /// pace, a paced drill runs, or the pace's next clearing or deal is to come.
    pub fn wants_tick(&self) -> bool {
        self.animating() || self.pace_waiting().is_some()
    }

    /// How long the loop waits for a key before it sends [`crate::tui::SharedIntent::Tick`].
    pub fn tick_delay(&self) -> std::time::Duration {
        if self.animating() {
            return self.step_delay();
        }
        self.pace_waiting().map_or(PACE_WAKE, |until| until.min(PACE_WAKE))
    }

    /// How long until the pace's next step, while the table waits for it.
    pub(crate) fn pace_waiting(&self) -> Option<std::time::Duration> {
        let (_, at) = self.session.pace_next().filter(|_| self.table_plays())?;
        Some(at.saturating_duration_since((self.pace.clock)()))
    }
}
