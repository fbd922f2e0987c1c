//! The trainer's core for one session, shared by the table and `blackjack drill`: grading,
//! the session's tally, the lifetime tally on disk and what is not saved yet.
//!
//! The lifetime figures it shows always include the session so far: they are the file as last
//! read (or written) plus what this session has not written yet.

use std::path::{Path, PathBuf};

use crate::analysis::HandEvs;
use crate::analysis::chart::Chart;
use crate::engine::{Action, DealerHand, PlayerHand, SeatView, Units};
use crate::engine::{Card, Cards};
use crate::trainer::drill::DrillKind;
use crate::trainer::grade::{Grade, grade};
use crate::trainer::history::{
    DEFAULT_HISTORY_LIMIT, Decision, DrillAnswer, Entry, HistoryError, HistoryStore, Round,
    RoundStart, history_path,
};
use crate::trainer::practice::Answer;
use crate::trainer::schedule::{Clock, Day, Standing};
use crate::trainer::stats::{StatsError, StatsStore, Tally};

/// The trainer's state for one session.
#[derive(Debug)]
pub struct Coach {
    session: Tally,
    /// The lifetime tally as last read or written (without `unsaved`).
    saved: Option<Tally>,
    store: Option<StatsStore>,
    unsaved: Tally,
    counted_session: bool,
    last: Option<Grade>,
    /// The hand history beside the statistics file, if kept.
    history: Option<HistoryStore>,
    /// How many entries the history keeps (on disk and here).
    history_limit: usize,
    /// The history as read at the start, with this session's entries after it.
    entries: Vec<Entry>,
    /// This session's entries not written yet.
    history_unsaved: Vec<Entry>,
    /// The round being played: where it started, and the decisions made so far.
    round: Option<(RoundStart, Vec<Decision>)>,
    clock: Clock,
}

impl Coach {
    /// A coach keeping statistics in the file at `path`, or none at all when `path` is `None`.
    /// Returns a message for the person when there is news (a file moved aside, a file kept
    /// read-only, a file that could not be opened). A path that names no regular file (a
    /// folder, a device, a FIFO, a socket) is refused: nothing is played, nothing moved.
    pub fn open(path: Option<&Path>) -> Result<(Coach, Option<String>), StatsError> {
        Coach::open_with_history(path, DEFAULT_HISTORY_LIMIT)
    }

    /// As [`Coach::open`], keeping the hand history beside the statistics file
    /// ([`history_path`]) bounded to `history_limit` entries (0: no history file).
    pub fn open_with_history(
        path: Option<&Path>,
        history_limit: usize,
    ) -> Result<(Coach, Option<String>), StatsError> {
        let mut coach = Coach {
            session: Tally::default(),
            saved: None,
            store: None,
            unsaved: Tally::default(),
            counted_session: false,
            last: None,
            history: None,
            history_limit: history_limit.max(1),
            entries: Vec::new(),
            history_unsaved: Vec::new(),
            round: None,
            clock: Clock::Local,
        };
        let Some(path) = path else {
            return Ok((coach, None));
        };
        let mut news = match StatsStore::open(path) {
            Ok((store, file, note)) => {
                coach.saved = Some(file.lifetime);
                coach.store = Some(store);
                note.message()
            }
            Err(err @ StatsError::NotAFile { .. }) => return Err(err),
            Err(err) => Some(format!("Statistics are not kept this session: {err}")),
        };
        if history_limit > 0 {
            let note = match HistoryStore::open(&history_path(path), history_limit) {
                Ok((store, entries, note)) => {
                    coach.entries = entries;
                    coach.history = Some(store);
                    note
                }
                // It says itself that the history is not kept there.
                Err(err @ HistoryError(StatsError::NotAFile { .. })) => Some(format!("{err}.")),
                Err(err) => Some(format!("The hand history is not kept this session: {err}")),
            };
            if let Some(note) = note {
                news = Some(match news {
                    Some(first) => format!("{first} {note}"),
                    None => note,
                });
            }
        }
        Ok((coach, news))
    }

    /// The hand history: what the file held at the start, then this session's rounds and
    /// drill answers, oldest first.
    pub fn hand_history(&self) -> &[Entry] {
        &self.entries
    }

    /// Where the hand history is kept, if anywhere.
    pub fn history_path(&self) -> Option<&Path> {
        self.history.as_ref().map(HistoryStore::path)
    }

    /// A round was dealt: its decisions and cards go into the history when it is over.
    pub fn begin_round(&mut self, start: RoundStart) {
        self.round = Some((start, Vec::new()));
    }

    /// Counts a decision at the table (as [`Coach::record`]) and keeps it for the round's
    /// history entry: your hand number `hand` holding `cards` against `up`, graded with the
    /// legal actions' EVs `ranked` (best first); `true_count` when an index play decided.
    pub fn record_at_table(
        &mut self,
        grade: Grade,
        cards: &Cards,
        up: Card,
        hand: usize,
        ranked: &[(Action, f64)],
        true_count: Option<i32>,
    ) {
        let mut decision = Decision::new(&grade, cards, up, hand, ranked);
        decision.true_count = true_count;
        if let Some((_, decisions)) = &mut self.round {
            decisions.push(decision);
        }
        self.record(grade);
    }

    /// Counts a drill answer (as [`Coach::record`]) and keeps it in the history.
    pub fn record_drill(&mut self, answer: &Answer, kind: DrillKind) {
        let decision = Decision::new(
            &answer.grade,
            &answer.question.cards,
            answer.question.up,
            0,
            &answer.ranked,
        );
        self.keep(Entry::Drill(DrillAnswer {
            at: crate::trainer::store_file::unix_seconds(),
            kind: kind.name().to_owned(),
            seconds: answer.seconds,
            decision,
        }));
        self.record(answer.grade.clone());
    }

    /// Keeps `entry` in the history (in memory, and on disk at the next save).
    fn keep(&mut self, entry: Entry) {
        if self.history.is_some() {
            self.history_unsaved.push(entry.clone());
        }
        self.entries.push(entry);
        let excess = self.entries.len().saturating_sub(self.history_limit);
        self.entries.drain(..excess);
    }

    /// Why statistics are not being saved, if they are not (a read-only or newer file), for
    /// a marker on screen and a line at exit.
    pub fn not_saving(&self) -> Option<String> {
        let reason = self.store.as_ref()?.read_only()?;
        Some(reason.to_string())
    }

    /// This session's tally.
    pub fn session(&self) -> &Tally {
        &self.session
    }

    /// The lifetime tally, this session included, if statistics are kept.
    pub fn lifetime(&self) -> Option<Tally> {
        self.saved.as_ref().map(|saved| {
            let mut lifetime = saved.clone();
            lifetime.absorb(&self.unsaved);
            lifetime
        })
    }

    /// Where "today" comes from (the local calendar unless a test or `BLACKJACK_TODAY` fixes
    /// it): the day every decision is recorded on, for the spaced-practice schedule.
    pub fn set_clock(&mut self, clock: Clock) {
        self.clock = clock;
    }

    /// Today, by the coach's clock.
    pub fn today(&self) -> Day {
        self.clock.today()
    }

    /// The spaced-practice figures today — cells due and days in a row, over the lifetime
    /// statistics with this session — or `None` when no statistics are kept (the schedule
    /// spans days only in the file).
    pub fn standing(&self) -> Option<Standing> {
        self.lifetime()
            .map(|lifetime| Standing::of(&lifetime, self.today()))
    }

    /// The last graded decision.
    pub fn last(&self) -> Option<&Grade> {
        self.last.as_ref()
    }

    /// Grades `chosen` for the seat's active hand, given its basic-strategy EVs (from
    /// [`crate::trainer::evs::EvQuery::table_basic`]). `None` when it is not the seat's turn.
    pub fn grade(
        &self,
        chart: &Chart,
        view: &SeatView<'_>,
        chosen: Action,
        evs: &HandEvs,
    ) -> Option<Grade> {
        let hand = view.active_hand()?;
        let up = view.dealer_up()?.value();
        Some(grade(chart, &hand.cards, up, view.legal(), chosen, |a| {
            evs.get(a)
        }))
    }

    /// Counts a decision the person made (at the table or in a drill).
    pub fn record(&mut self, grade: Grade) {
        let today = self.today();
        self.session.record_decision(&grade, today);
        self.unsaved.record_decision(&grade, today);
        self.last = Some(grade);
    }

    /// Counts an answer of the counting quiz.
    pub fn record_count(&mut self, right: bool) {
        self.session.record_count(right);
        self.unsaved.record_count(right);
    }

    /// Counts an answer of a counting drill (see [`super::tally::SKILLS`]).
    pub fn record_skill(&mut self, skill: &str, right: bool, error: f64, seconds: f64) {
        self.session.record_skill(skill, right, error, seconds);
        self.unsaved.record_skill(skill, right, error, seconds);
    }

    /// Keeps a perfect countdown run if it is the person's best for `decks` decks (over the
    /// lifetime, this session included). Returns whether it is.
    pub fn record_countdown(&mut self, decks: u8, seconds: f64) -> bool {
        let best = self
            .lifetime()
            .unwrap_or_else(|| self.session.clone())
            .countdown_best
            .get(&decks)
            .copied();
        self.session.record_countdown_best(decks, seconds);
        self.unsaved.record_countdown_best(decks, seconds);
        best.is_none_or(|b| seconds < b)
    }

    /// Counts a settled round of the person's seat.
    pub fn record_round(&mut self, hands: &[PlayerHand], dealer: &DealerHand) {
        self.session.record_round(hands, dealer);
        self.unsaved.record_round(hands, dealer);
        if let Some((start, decisions)) = self.round.take() {
            self.keep(Entry::Round(Round::new(start, hands, dealer, decisions)));
        }
    }

    /// Counts a rebuy after the bankroll ran out.
    pub fn record_rebuy(&mut self, amount: Units) {
        self.session.record_rebuy(amount);
        self.unsaved.record_rebuy(amount);
    }

    /// Everything known about the person's play: the lifetime statistics with this session
    /// in them, or this session alone when none are kept. The `mistakes` drill draws from it.
    pub fn history(&self) -> Tally {
        self.lifetime().unwrap_or_else(|| self.session.clone())
    }

    /// Writes what is not on disk yet, and takes in what other sessions wrote meanwhile.
    /// Waits for another session's lock only briefly ([`crate::trainer::stats::LOCK_WAIT`]):
    /// then the numbers stay in memory and are tried again at the next save. Returns a
    /// message when they could not be written. A read-only file is never written.
    pub fn save(&mut self) -> Option<String> {
        let history = self.save_history();
        match (self.save_stats(), history) {
            (Some(a), Some(b)) => Some(format!("{a} {b}")),
            (a, b) => a.or(b),
        }
    }

    /// Writes the history entries not on disk yet (kept for the next save if the file is
    /// locked). A read-only history is never written.
    fn save_history(&mut self) -> Option<String> {
        let store = self.history.as_ref()?;
        if self.history_unsaved.is_empty() || store.read_only().is_some() {
            return None;
        }
        match store.append(&self.history_unsaved) {
            Ok(()) => {
                self.history_unsaved.clear();
                // Damaged since it was opened and moved aside: the player hears of it.
                store.take_news()
            }
            Err(err @ HistoryError(StatsError::Locked { .. })) => Some(format!(
                "Hand history not saved yet: {err}; it will be saved at the next round."
            )),
            Err(err) => {
                // Not kept for ever: the file cannot take it.
                self.history_unsaved.clear();
                Some(format!("Could not save the hand history: {err}"))
            }
        }
    }

    fn save_stats(&mut self) -> Option<String> {
        let store = self.store.as_ref().filter(|s| s.writable())?;
        if self.unsaved.is_empty() && self.counted_session {
            return None;
        }
        match store.try_add_noting(&self.unsaved, !self.counted_session) {
            Ok((file, moved)) => {
                self.saved = Some(file.lifetime);
                self.unsaved = Tally::default();
                self.counted_session = true;
                // Damaged since it was opened: the player hears of the backup, as at opening.
                moved.and_then(|note| note.message())
            }
            Err(err @ StatsError::Locked { .. }) => Some(format!(
                "Statistics not saved yet: {err}; they will be saved at the next round."
            )),
            Err(err) => Some(format!("Could not save statistics: {err}")),
        }
    }

    /// Reads the file again, so the lifetime figures include what other sessions sharing it
    /// have written since. Quietly keeps what it had if the file cannot be read.
    pub fn refresh(&mut self) {
        if let Some(store) = &self.store
            && let Ok(file) = store.read()
        {
            self.saved = Some(file.lifetime);
        }
    }

    /// Where the statistics are kept, if anywhere.
    pub fn path(&self) -> Option<&Path> {
        self.store.as_ref().map(StatsStore::path)
    }
}

/// Where statistics are kept: `explicit` if given, else `$BLACKJACK_STATS` (read by the caller
/// and passed as `env`), else the platform default; `None` when none are to be kept.
pub fn stats_path(explicit: Option<PathBuf>, env: Option<PathBuf>, keep: bool) -> Option<PathBuf> {
    if !keep {
        return None;
    }
    explicit
        .or(env)
        .or_else(crate::trainer::stats::default_stats_path)
}
