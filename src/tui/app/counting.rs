//! Counting mode at the table: decisions graded by this game's index plays at the floored true
//! count (with their cost at that count, from the EVs of the shoe as it is), the bet placed
//! before each deal graded against the player's ramp, and — with the count hidden — the
//! running count asked before every few deals.
//!
//! With the count hidden counting mode is an exam: nothing on screen tells the running or true
//! count. What would — the bet's grade, the grade of a decision in a cell with an index play
//! (right or wrong, it says which side of the index the count is), the hint's index play — is
//! held back, and said once the next count check is answered or `c` shows the count. The
//! counter seats say what they bet and play, not the count they saw.

use crate::analysis::Strategy;
use crate::analysis::deviation::floored_true_count;
use crate::analysis::hilo::running_count;
use crate::analysis::reasons::Source;
use crate::engine::{Action, ActionSet};
use crate::text::signed;
use crate::trainer::evs::{EvQuery, ranked_legal};
use crate::trainer::grade::{Grade, IndexCall, grade_at_count};
use crate::trainer::practice::read_count;

use super::{App, Message, Tone};

/// The index note of a hint in counting mode.
pub(crate) enum IndexHint {
    /// The index play applies now: the hint is this play, in place of the chart's.
    Play(String),
    /// It does not: the chart's play stands, and this is the index to watch for.
    Watch(String),
}

/// Counting mode's state at the table, and whether the count is shown (`c`, in any mode).
pub(crate) struct CountState {
    /// Counting mode: bets graded against the ramp, decisions by the index plays, and with the
    /// count hidden the count checks.
    pub(crate) mode: bool,
    /// The player's bet ramp (counting mode's bets are graded against it).
    pub(crate) ramp: Option<crate::trainer::counting::BetRamp>,
    /// Ask the running count before every this many deals (0: never).
    pub(crate) check_every: u32,
    /// The running count typed at a count check before the deal, while one is asked.
    pub(crate) check: Option<String>,
    /// The count was checked before this deal already.
    pub(crate) checked_this_round: bool,
    /// Lines that would tell the hidden count, said at the next count check or `c`.
    pub(crate) held_back: Vec<Held>,
    /// The Hi-Lo running and true count are shown.
    pub(crate) shown: bool,
}

impl CountState {
    /// Counting mode on or off, with its ramp and count checks; the count hidden.
    pub(crate) fn new(
        mode: bool,
        ramp: Option<crate::trainer::counting::BetRamp>,
        check_every: u32,
    ) -> CountState {
        CountState {
            mode,
            ramp,
            check_every,
            check: None,
            checked_this_round: false,
            held_back: Vec::new(),
            shown: false,
        }
    }
}

/// A line held back while the count is hidden.
pub(crate) struct Held {
    /// The line, its round named.
    pub(crate) message: Message,
    /// A decision's grade (the status line's last play once said), not a bet's or a reason.
    pub(crate) decision: bool,
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
            .jobs
            .indices
            .as_ref()
            .and_then(|slot| slot.get())
            .filter(|_| self.count.mode)
            .cloned();
        let Some(indices) = indices else {
            let query = EvQuery::table_basic(&self.rules, &view)?;
            let evs = self.jobs.evs.wait_for(&query);
            let view = self.table.view(self.you);
            return self
                .coach
                .grade(&strategy.chart, &view, action, &evs)
                .map(|g| (g, None, ranked_legal(&evs, legal), Source::ThisHand));
        };
        // The cost at this count: the EVs of the shoe as it is.
        let query = EvQuery::live(&self.rules, &view)?;
        let evs = self.jobs.evs.wait_for(&query);
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
        if !self.count.mode {
            return None;
        }
        let cell = self.live_cell()?;
        let indices = self.jobs.indices.as_ref()?.get()?;
        let play = indices.get(cell)?;
        if self.count_hidden() {
            // An index play made at no count in the table's range: nothing for the count to
            // decide.
            play.index?;
            // The index itself, not the count: which side of it the count is, is the exam.
            return Some(IndexHint::Watch(format!(
                "index: {} — your count decides",
                crate::trainer::counting::index_words(play)
            )));
        }
        let tc = self.floored_count();
        Some(match indices.deviation(cell, tc, legal) {
            Some(now) => IndexHint::Play(IndexCall { tc, chart }.text(now, &cell)),
            None => IndexHint::Watch(format!(
                "index: {} (true count {})",
                crate::trainer::counting::index_words(play),
                signed(tc)
            )),
        })
    }

    /// Before a deal with a ramp set: the bet placed, graded against the ramp at the true
    /// count, into the log and the statistics.
    pub(crate) fn grade_bet(&mut self) {
        let Some(ramp) = &self.count.ramp else {
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
                question: format!("the bet at true count {}", signed(tc)),
                answer: bet.plain().to_string(),
                truth: wanted.to_string(),
                right,
                error,
                seconds: 0.0,
                countdown: None,
            });
        let bet = bet.plain();
        let text = if right {
            format!("Bet {bet} at true count {}: the ramp's bet", signed(tc))
        } else {
            format!(
                "Bet {bet} at true count {}: the ramp says {wanted}",
                signed(tc)
            )
        };
        let message = Message::new(Tone::graded(right), text);
        if self.count_hidden() {
            self.hold_back(message, false);
        } else {
            self.log.push(message);
        }
    }

    /// Whether counting mode is an exam now: the count is hidden, and nothing on screen may
    /// tell it.
    pub fn count_hidden(&self) -> bool {
        self.count.mode && !self.count.shown
    }

    /// Whether the grade of a decision in `cell` would tell the count while it is hidden: the
    /// index table is ready and has an index play for the cell, legal now — right or wrong,
    /// its grade says which side of the index the count is.
    pub(crate) fn grade_tells_count(
        &self,
        cell: crate::analysis::chart::Cell,
        legal: ActionSet,
    ) -> bool {
        self.count_hidden()
            && self
                .jobs
                .indices
                .as_ref()
                .and_then(|slot| slot.get())
                .and_then(|indices| indices.get(cell))
                .is_some_and(|play| play.index.is_some() && legal.contains(play.play))
    }

    /// A line that tells the count, kept until the count may be told (the next answered count
    /// check, or `c`); the first of a batch says so in the log.
    pub(crate) fn hold_back(&mut self, message: Message, decision: bool) {
        if self.count.held_back.is_empty() {
            let until = if self.count.check_every > 0 {
                "the next count check (c shows the count)"
            } else {
                "c shows the count"
            };
            self.say(
                Tone::Info,
                format!("Grades that depend on the count are held back until {until}."),
            );
        }
        // A grade says its round; its reason follows it as it is.
        let text = if message.tone == Tone::Info {
            message.text
        } else {
            format!(
                "Round {}: {}",
                self.coach.session().play.rounds + 1,
                message.text
            )
        };
        self.count.held_back.push(Held {
            message: Message::new(message.tone, text),
            decision,
        });
    }

    /// The lines held back, into the log under `heading`: the count may be told now.
    pub(crate) fn release_held_back(&mut self, heading: &str) {
        if self.count.held_back.is_empty() {
            return;
        }
        self.say(Tone::Info, heading);
        for held in std::mem::take(&mut self.count.held_back) {
            if held.decision {
                // The last play's grade, in place of the note that it waits.
                self.log.grade(held.message);
            } else {
                self.log.push(held.message);
            }
        }
    }

    /// `c`: the count shown (and what was held back from it said) or hidden again.
    pub(crate) fn toggle_count(&mut self) {
        self.count.shown = !self.count.shown;
        if self.count.shown {
            self.say(Tone::Info, "Hi-Lo count shown.");
            self.release_held_back("Held back while the count was hidden:");
        } else {
            // The live EVs are the shoe's as it is: they would tell the count.
            self.live.open &= !self.count.mode;
            self.say(Tone::Info, "Count hidden.");
        }
    }

    /// The header's note of counting mode: `counting mode · ramp 1–12` (`None` out of it).
    pub(crate) fn counting_label(&self) -> Option<String> {
        if !self.count.mode {
            return None;
        }
        let Some(ramp) = &self.count.ramp else {
            return Some("counting mode".to_owned());
        };
        let bets = ramp.bets();
        let (low, high) = (
            bets.iter().copied().min().unwrap_or(1),
            bets.iter().copied().max().unwrap_or(1),
        );
        Some(if low == high {
            format!("counting mode · ramp {low}")
        } else {
            format!("counting mode · ramp {low}–{high}")
        })
    }

    /// Whether a count check is due before this deal: counting mode, the count hidden, and
    /// every `count_check_every` rounds.
    pub(crate) fn count_check_due(&self) -> bool {
        self.count.mode
            && !self.count.shown
            && self.count.check_every > 0
            && self.coach.session().play.rounds > 0
            && self
                .coach
                .session()
                .play
                .rounds
                .is_multiple_of(u64::from(self.count.check_every))
            && self.count.check.is_none()
    }

    /// The typed answer of a count check: graded against the running count, then the deal.
    pub(crate) fn answer_count_check(&mut self) {
        let Some(typed) = self.count.check.take() else {
            return;
        };
        let view = self.table.view(self.you);
        let seen = usize::from(self.rules.decks) * 52 - view.cards_left();
        let guess = match read_count(&typed, seen) {
            Ok(guess) => guess,
            Err(why) => {
                self.say(Tone::Error, format!("{why}."));
                self.count.check = Some(String::new());
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
            self.coach.session().play.rounds + 1
        );
        self.coach.record_count(answer.record(question, 0.0));
        let text = if right {
            format!("Count check: {}, right.", signed(running))
        } else {
            format!(
                "Count check: the running count is {}, not {}.",
                signed(running),
                signed(guess)
            )
        };
        self.say(Tone::graded(right), text);
        self.count.checked_this_round = true;
        self.release_held_back("The count was checked: what was held back from it —");
        self.deal();
    }
}
