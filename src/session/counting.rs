//! Counting mode at the table: decisions graded by the index plays at the floored true count,
//! bets graded against the ramp, and with the count hidden, count checks every few deals.
//!
//! With the count hidden it is an exam: a line that would tell the count (a bet's grade, an
//! index cell's grade, the hint's index play) is held back until the next count check is
//! answered or the count is shown.

use crate::analysis::counts::CountSystem;
use crate::analysis::deviation::IndexTable;
use crate::engine::{Action, ActionSet, Event};
use crate::text::signed;
use crate::trainer::drills::count_quiz::read_count_of;
use crate::trainer::drills::counting::BetRamp;
use crate::trainer::drills::counting::RedSevens;
use crate::trainer::grade::IndexCall;

use super::{Analysis, Happening, Kind, Notice, TableSession};

/// The index note of a hint in counting mode.
pub enum IndexHint {
    /// The index play applies now: the hint is this play, in place of the chart's.
    Play(String),
    /// It does not: the chart's play stands, and this is the index to watch for.
    Watch(String),
}

/// Counting mode's state at the table, and whether the count is shown (in any mode).
#[derive(Default)]
pub(super) struct CountState {
    /// Counting mode: bets graded by the ramp, decisions by the index plays, count checks.
    pub(super) mode: bool,
    /// The player's bet ramp (counting mode's bets are graded against it).
    pub(super) ramp: Option<BetRamp>,
    /// Ask the running count before every this many deals (0: never; at a pace, on average).
    pub(super) check_every: u32,
    /// The running count typed at a count check before the deal, while one is asked.
    pub(super) check: Option<String>,
    /// The count was checked before this deal already.
    pub(super) checked_this_round: bool,
    /// Lines that would tell the hidden count, said when the count may be told.
    held_back: Vec<Held>,
    shown: bool,
    /// The count kept: Hi-Lo unless another was chosen.
    pub(super) system: CountSystem,
    /// The red sevens seen since the shuffle (the table's count of cards seen has no suits).
    red_sevens: RedSevens,
    /// This game's index table is being worked out: the chart grades meanwhile, and says so.
    pub(super) awaiting_indices: bool,
    /// The wait was said at a deal.
    pub(super) told_index_wait: bool,
    /// Decisions graded by the chart while the index table was worked out.
    pub(super) chart_graded: u32,
}

impl CountState {
    /// Counting mode on or off, with its ramp and count checks, counting `system`; the count
    /// hidden.
    pub(super) fn new(
        mode: bool,
        ramp: Option<BetRamp>,
        check_every: u32,
        system: CountSystem,
    ) -> CountState {
        CountState { mode, ramp, check_every, system, ..CountState::default() }
    }

    /// Takes in what the table's events dealt: the red sevens seen.
    pub(super) fn read(&mut self, events: &[Event]) {
        self.red_sevens.read(events);
    }

    /// The red sevens seen since the shuffle (a Red 7 counter seat adds them).
    pub(super) fn red_sevens_seen(&self) -> i32 {
        self.red_sevens.seen()
    }
}

/// A line held back while the count is hidden.
struct Held {
    /// The line, its round named, and what it is, to say it as such once it may be told.
    notice: Notice,
    role: HeldAs,
}

/// What a line held back while the count is hidden is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum HeldAs {
    /// A decision's grade: the last play's grade once said.
    Grade,
    /// The reason under a decision's grade: kept in view with it.
    Reason,
    /// Another line (a bet's grade).
    Line,
}

impl TableSession {
    /// The ramp the bets are graded against, if any.
    pub fn ramp(&self) -> Option<&BetRamp> {
        self.count.ramp.as_ref()
    }

    /// Takes `ramp` for the rest of the session, for grading bets and for the counter seats;
    /// refused, in a sentence, if a bet is outside the table's limits.
    pub fn use_ramp(&mut self, ramp: BetRamp) -> Result<(), String> {
        let (low, high) = (self.rules.min_bet, self.rules.max_bet);
        if let Some(bet) = ramp.bet_outside(low, high) {
            return Err(format!(
                "The ramp asks for a bet of {bet}, and this table takes bets from {low} to \
                 {high} units: change the minimum bet or the spread."
            ));
        }
        self.count.ramp = Some(ramp);
        self.forget_counter_strategies();
        Ok(())
    }

    /// The count the index plays and the ramp are read at: the floored true count (an
    /// unbalanced count's running count).
    pub fn floored_count(&self) -> i32 {
        let view = self.table.view(self.you);
        self.count.system.index_count(self.running_count(), view.cards_left())
    }

    /// The running count of the cards seen since the shuffle, in the count kept.
    pub fn running_count(&self) -> i32 {
        let view = self.table.view(self.you);
        self.count.red_sevens.running_count(&self.count.system, self.rules.decks, view.seen())
    }

    /// The count kept at this table: Hi-Lo unless another was chosen.
    pub fn count_system(&self) -> &CountSystem {
        &self.count.system
    }

    /// What the index plays and the ramp are read at, in words: `true count` for Hi-Lo,
    /// `Zen true count`, `KO running count`.
    pub fn index_count_words(&self) -> String {
        self.count.system.index_count_words()
    }

    /// Whether counting mode is on.
    pub fn counting_mode(&self) -> bool {
        self.count.mode
    }

    /// Whether the count is shown.
    pub fn count_shown(&self) -> bool {
        self.count.shown
    }

    /// Whether counting mode is an exam now: the count is hidden, and nothing may tell it.
    pub fn count_hidden(&self) -> bool {
        self.count.mode && !self.count.shown
    }

    /// The running count being typed at a count check, if one is asked.
    pub fn count_check(&self) -> Option<&str> {
        self.count.check.as_deref()
    }

    /// The running count being typed, to type into, while a count check is asked.
    pub fn count_check_mut(&mut self) -> Option<&mut String> {
        self.count.check.as_mut()
    }

    /// The hint's index note in counting mode for a cell with an index play: the play if it
    /// applies now and is legal (replacing `chart`), else the index to watch for.
    pub(super) fn index_hint(
        &self,
        chart: Action,
        legal: ActionSet,
        indices: Option<&IndexTable>,
    ) -> Option<IndexHint> {
        if !self.count.mode {
            return None;
        }
        let cell = self.live_cell()?;
        let play = indices?.get(cell)?;
        if self.count_hidden() {
            // No index in the table's range: nothing for the count to decide.
            play.index?;
            // The index itself, not the count: which side of it the count is, is the exam.
            return Some(IndexHint::Watch(format!(
                "index: {} — your count decides",
                crate::trainer::drills::counting::index_words(play)
            )));
        }
        let tc = self.floored_count();
        Some(match indices?.deviation(cell, tc, legal) {
            Some(now) => IndexHint::Play(IndexCall { tc, chart }.text(now, &cell)),
            None => IndexHint::Watch(format!(
                "index: {} ({} {})",
                crate::trainer::drills::counting::index_words(play),
                self.index_count_words(),
                signed(tc)
            )),
        })
    }

    /// Before a deal with a ramp set: the bet graded against the ramp, logged and recorded.
    pub(super) fn grade_bet(&mut self) {
        let Some(ramp) = &self.count.ramp else {
            return;
        };
        let tc = self.floored_count();
        let wanted = ramp.bet(tc);
        let bet = self.bet();
        let right = bet == crate::engine::Units::from_units(i64::from(wanted));
        let error = (bet.0 as f64 / 1000.0 - f64::from(wanted)).abs();
        self.coach.record_count(crate::trainer::history::CountAnswer {
            at: 0,
            skill: crate::trainer::tally::TABLE_RAMP.to_owned(),
            question: crate::trainer::tally::table_bet_question(&self.index_count_words(), tc),
            answer: bet.plain().to_string(),
            truth: wanted.to_string(),
            right,
            error,
            seconds: 0.0,
            countdown: None,
        });
        let verdict =
            if right { "the ramp's bet".to_owned() } else { format!("the ramp says {wanted}") };
        let text = format!(
            "Bet {} at {} {}: {verdict}",
            bet.plain(),
            self.index_count_words(),
            signed(tc)
        );
        let notice = Notice::new(Kind::graded(right), text);
        if self.count_hidden() {
            self.hold_back(notice, HeldAs::Line);
        } else {
            self.news.push(Happening::Said(notice));
        }
    }

    /// A line that tells the count, kept until the count may be told; the first says so.
    pub(super) fn hold_back(&mut self, notice: Notice, role: HeldAs) {
        if self.count.held_back.is_empty() {
            let until = if self.count.check_every > 0 {
                "the next count check (c shows the count)"
            } else {
                "c shows the count"
            };
            self.say(
                Kind::Info,
                format!("Grades that depend on the count are held back until {until}."),
            );
        }
        // A grade says its round; its reason follows it as it is.
        let text = if notice.kind == Kind::Info {
            notice.text
        } else {
            format!("Round {}: {}", self.coach.session().play.rounds + 1, notice.text)
        };
        self.count.held_back.push(Held { notice: Notice::new(notice.kind, text), role });
    }

    /// The lines held back, said under `heading`: the count may be told now.
    pub(super) fn release_held_back(&mut self, heading: &str) {
        if self.count.held_back.is_empty() {
            return;
        }
        self.say(Kind::Info, heading);
        for held in std::mem::take(&mut self.count.held_back) {
            self.news.push(match held.role {
                // The last play's grade and its reason, in place of the note that it waits.
                HeldAs::Grade => Happening::Graded(held.notice),
                HeldAs::Reason => Happening::Reason(held.notice),
                HeldAs::Line => Happening::Said(held.notice),
            });
        }
    }

    /// The count shown (and what was held back from it said) or hidden again.
    pub fn toggle_count(&mut self) -> Vec<Happening> {
        self.count.shown = !self.count.shown;
        if self.count.shown {
            let shown = format!("{} count shown.", self.count.system.name);
            self.say(Kind::Info, shown);
            self.release_held_back("Held back while the count was hidden:");
        } else {
            self.say(Kind::Info, "Count hidden.");
        }
        self.take_news()
    }

    /// The note of counting mode: `counting mode · ramp 1–12` (`None` out of it).
    pub fn counting_label(&self) -> Option<String> {
        if !self.count.mode {
            return None;
        }
        let Some(ramp) = &self.count.ramp else {
            return Some("counting mode".to_owned());
        };
        let bets = ramp.bets();
        let low = bets.iter().copied().min().unwrap_or(1);
        let high = bets.iter().copied().max().unwrap_or(1);
        Some(if low == high {
            format!("counting mode · ramp {low}")
        } else {
            format!("counting mode · ramp {low}–{high}")
        })
    }

    /// Whether a count check is due before this deal (the count hidden, every few rounds).
    pub(super) fn count_check_due(&self) -> bool {
        let rounds = self.coach.session().play.rounds;
        self.count_hidden()
            && self.count.check_every > 0
            && rounds > 0
            && rounds.is_multiple_of(u64::from(self.count.check_every))
            && self.count.check.is_none()
            // At a pace the checks come by surprise instead.
            && self.pace().is_none()
    }

    /// The count check's typed answer: graded, then the deal; one that is no count is asked
    /// again.
    pub fn answer_count_check(&mut self, an: &mut Analysis<'_>) -> Vec<Happening> {
        let Some(typed) = self.count.check.take() else {
            return self.take_news();
        };
        if let Some(kind) = self.checks.asked.take() {
            return self.answer_surprise(kind, typed, an);
        }
        let view = self.table.view(self.you);
        let seen = usize::from(self.rules.decks) * 52 - view.cards_left();
        let start = self.count.system.initial_running_count(self.rules.decks);
        let guess = match read_count_of(&typed, &self.count.system, start, seen) {
            Ok(guess) => guess,
            Err(why) => {
                self.say(Kind::Refused, format!("{why}."));
                self.count.check = Some(String::new());
                return self.take_news();
            }
        };
        let running = self.running_count();
        let right = guess == running;
        let answer = crate::trainer::drills::count_quiz::CountAnswer { guess, actual: running };
        let question = format!(
            "the {} before round {}",
            self.count.system.named("running count"),
            self.coach.session().play.rounds + 1
        );
        self.coach.record_count(answer.record(question, 0.0));
        // What was held back, then the verdict kept in view (the deal scrolls the log).
        self.release_held_back("The count was checked: what was held back from it —");
        let system = &self.count.system;
        let text = if right {
            format!("{}: {}, right.", system.named("Count check"), signed(running))
        } else {
            format!(
                "Count check: the {} is {}, not {}.",
                system.named("running count"),
                signed(running),
                signed(guess)
            )
        };
        self.news.push(Happening::Graded(Notice::new(Kind::graded(right), text)));
        self.running_answered(right, guess);
        self.count.checked_this_round = true;
        self.deal_now(an);
        self.take_news()
    }

    /// The count check skipped this time (Esc): nothing is graded, and the deal may go on.
    pub fn skip_count_check(&mut self) {
        self.count.check = None;
        self.checks.asked = None;
        self.count.checked_this_round = true;
    }
}
