//! Counting mode at the table: decisions graded by this game's index plays at the floored true
//! count (with their cost at that count, from the EVs of the shoe as it is), the bet placed
//! before each deal graded against the player's ramp, and — with the count hidden — the
//! running count asked before every few deals.

use crate::analysis::Strategy;
use crate::analysis::deviation::floored_true_count;
use crate::analysis::reasons::Source;
use crate::engine::{Action, ActionSet};
use crate::trainer::count::running_count;
use crate::trainer::evs::{EvQuery, ranked_legal};
use crate::trainer::grade::{Grade, IndexCall, grade_at_count};
use crate::trainer::practice::read_count;

use super::{App, Tone};

/// The index note of a hint in counting mode.
pub(crate) enum IndexHint {
    /// The index play applies now: the hint is this play, in place of the chart's.
    Play(String),
    /// It does not: the chart's play stands, and this is the index to watch for.
    Watch(String),
}

/// A graded decision: the grade, the index play that decided it (in counting mode), the
/// legal actions' EVs it was graded with, best first, and which shoe those EVs are of.
pub(crate) type GradedDecision = (Grade, Option<IndexCall>, Vec<(Action, f64)>, Source);

impl App {
    /// The floored true count of the cards seen, as the index plays read it.
    pub fn floored_count(&self) -> i32 {
        let view = self.table.view(self.you);
        floored_true_count(running_count(view.seen()), view.cards_left())
    }

    /// Grades the person's `action` on the hand to act: by the chart, or in counting mode by
    /// the index plays at the true count once the index table is ready. With the grade come the
    /// legal actions' EVs it was graded with, best first (for the hand history).
    pub(crate) fn grade_decision(
        &mut self,
        strategy: &Strategy,
        action: Action,
    ) -> Option<GradedDecision> {
        let view = self.table.view(self.you);
        let legal = view.legal();
        let indices = self
            .indices
            .as_ref()
            .and_then(|slot| slot.get())
            .filter(|_| self.counting)
            .cloned();
        let Some(indices) = indices else {
            let query = EvQuery::table_basic(&self.rules, &view)?;
            let evs = self.evs.wait_for(&query);
            let view = self.table.view(self.you);
            return self
                .coach
                .grade(&strategy.chart, &view, action, &evs)
                .map(|g| (g, None, ranked_legal(&evs, legal), Source::ThisHand));
        };
        // The cost at this count: the EVs of the shoe as it is.
        let query = EvQuery::live(&self.rules, &view)?;
        let evs = self.evs.wait_for(&query);
        let view = self.table.view(self.you);
        let hand = view.active_hand()?;
        let up = view.dealer_up()?.value();
        let (grade, call) = grade_at_count(
            &strategy.chart,
            &indices,
            self.floored_count(),
            &hand.cards,
            up,
            legal,
            action,
            |a| evs.get(a),
        );
        Some((grade, call, ranked_legal(&evs, legal), Source::LiveShoe))
    }

    /// The hint's index note in counting mode, for a hand whose cell has an index play: the
    /// index play itself where it applies now and is legal (worded as its grade will be, with
    /// the chart's play, `chart`, it replaces), else the index to watch for.
    pub(crate) fn index_hint(&self, chart: Action, legal: ActionSet) -> Option<IndexHint> {
        if !self.counting {
            return None;
        }
        let cell = self.live_cell()?;
        let indices = self.indices.as_ref()?.get()?;
        let play = indices.get(cell)?;
        let tc = self.floored_count();
        Some(match indices.deviation(cell, tc, legal) {
            Some(now) => IndexHint::Play(IndexCall { tc, chart }.text(now, &cell)),
            None => IndexHint::Watch(format!(
                "index: {} (true count {tc:+})",
                crate::trainer::counting::index_words(play)
            )),
        })
    }

    /// Before a deal with a ramp set: the bet placed, graded against the ramp at the true
    /// count, into the log and the statistics.
    pub(crate) fn grade_bet(&mut self) {
        let Some(ramp) = &self.ramp else {
            return;
        };
        let tc = self.floored_count();
        let wanted = ramp.bet(tc);
        let bet = self.bet();
        let right = bet == crate::engine::Units::from_units(i64::from(wanted));
        let error = (bet.0 as f64 / 1000.0 - f64::from(wanted)).abs();
        self.coach
            .record_count(crate::trainer::history::CountAnswer {
                at: 0,
                skill: "ramp".to_owned(),
                question: format!("the bet at true count {tc:+}"),
                answer: bet.plain().to_string(),
                truth: wanted.to_string(),
                right,
                error,
                seconds: 0.0,
                countdown: None,
            });
        let bet = bet.plain();
        let (tone, text) = if right {
            (
                Tone::Good,
                format!("Bet {bet} at true count {tc:+}: the ramp's bet"),
            )
        } else {
            (
                Tone::Bad,
                format!("Bet {bet} at true count {tc:+}: the ramp says {wanted}"),
            )
        };
        self.say(tone, text);
    }

    /// Whether a count check is due before this deal: counting mode, the count hidden, and
    /// every `count_check_every` rounds.
    pub(crate) fn count_check_due(&self) -> bool {
        self.counting
            && !self.show_count
            && self.count_check_every > 0
            && self.coach.session().rounds > 0
            && self
                .coach
                .session()
                .rounds
                .is_multiple_of(u64::from(self.count_check_every))
            && self.count_check.is_none()
    }

    /// The typed answer of a count check: graded against the running count, then the deal.
    pub(crate) fn answer_count_check(&mut self) {
        let Some(typed) = self.count_check.take() else {
            return;
        };
        let view = self.table.view(self.you);
        let seen = usize::from(self.rules.decks) * 52 - view.cards_left();
        let guess = match read_count(&typed, seen) {
            Ok(guess) => guess,
            Err(why) => {
                self.say(Tone::Error, format!("{why}."));
                self.count_check = Some(String::new());
                return;
            }
        };
        let running = running_count(self.table.view(self.you).seen());
        let right = guess == running;
        let answer = crate::trainer::practice::CountAnswer {
            guess,
            actual: running,
        };
        let question = format!(
            "the running count before round {}",
            self.coach.session().rounds + 1
        );
        self.coach.record_count(answer.record(question, 0.0));
        if right {
            self.say(Tone::Good, format!("Count check: {running:+}, right."));
        } else {
            self.say(
                Tone::Bad,
                format!("Count check: the running count is {running:+}, not {guess:+}."),
            );
        }
        self.checked_this_round = true;
        self.deal();
    }
}
