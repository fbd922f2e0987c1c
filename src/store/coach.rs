//! The trainer's record of one session (the table's or `blackjack drill`'s): what the player
//! did goes into rows, and every figure shown comes back from them.
//!
//! Every record is written twice: to a database in memory holding this session alone (so its
//! figures exist even when the player's database cannot be written) and to the player's (the
//! lifetime's). A record the player's database does not take waits for the next write; the
//! player is told what is not saved.

use std::path::Path;

use super::figures::Scope;
use super::{Location, OpenNews, ReadOnly, Record, Store, StoreError, unix_seconds};
use crate::analysis::HandEvs;
use crate::analysis::chart::Chart;
use crate::engine::{Action, Card, Cards, DealerHand, PlayerHand, SeatView, Units};
use crate::sim::RoundTally;
use crate::text::counted;
use crate::trainer::day::{Clock, Day};
use crate::trainer::drills::decision::Answer;
use crate::trainer::drills::kinds::DrillKind;
use crate::trainer::drills::schedule::Standing;
use crate::trainer::grade::{Grade, grade};
use crate::trainer::history::{CountAnswer, Decision, DrillAnswer, Entry, Round, RoundStart};
use crate::trainer::tally::Tally;

/// How many entries of the hand history the review at the table loads by default.
pub const REVIEW_LIMIT: usize = 5_000;

/// The largest number of entries the review may be asked to load.
pub const MAX_REVIEW_LIMIT: usize = 1_000_000;

/// What kind of session writes: a table (with its drills) or `blackjack drill`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionKind {
    /// `blackjack play`.
    Table,
    /// `blackjack drill`.
    Drill,
}

impl SessionKind {
    /// As stored.
    pub fn name(self) -> &'static str {
        match self {
            SessionKind::Table => "table",
            SessionKind::Drill => "drill",
        }
    }
}

/// What a session's row says of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionInfo {
    /// Table or drill.
    pub kind: SessionKind,
    /// The rules played, as `blackjack rules --toml` prints them.
    pub rules: String,
}

impl SessionInfo {
    /// A session of `kind` under `rules`.
    pub fn new(kind: SessionKind, rules: &crate::engine::Rules) -> SessionInfo {
        SessionInfo { kind, rules: rules.to_toml() }
    }
}

/// The trainer's state for one session.
#[derive(Debug)]
pub struct Coach {
    /// This session's rows, in memory.
    scratch: Store,
    /// The player's database, if statistics are kept.
    kept: Option<Store>,
    /// Why statistics could not be kept at all, if they could not.
    unavailable: Option<String>,
    /// The player's database's figures of every other session, as last read.
    others: Option<Tally>,
    /// This session's figures.
    session: Tally,
    /// This session's rows the player's database took, in memory, and their figures: the
    /// lifetime counts only these (not what a read-only or full database did not keep).
    saved: Store,
    saved_session: Tally,
    /// Records the player's database has not taken yet, with their days, oldest first.
    pending: Vec<(Record, Day)>,
    /// Why the last write to the player's database failed.
    failure: Option<String>,
    /// The hand history: the database's newest entries at the start, then this session's.
    entries: Vec<Entry>,
    /// Entries of the database older than those loaded (left out by the review limit).
    older: u64,
    review_limit: usize,
    /// The round being played: where it started, and the decisions made so far.
    round: Option<(RoundStart, Vec<Decision>)>,
    clock: Clock,
}

impl Coach {
    /// A coach keeping statistics at `location` (`None`: in memory only), with the news of the
    /// opening for the player. A path holding anything but our database is refused
    /// ([`StoreError::is_refusal`]): nothing is played, nothing changed.
    pub fn open(
        location: Option<&Location>,
        info: SessionInfo,
        clock: Clock,
    ) -> Result<(Coach, Option<String>), StoreError> {
        Coach::open_with_review(location, info, clock, REVIEW_LIMIT)
    }

    /// A coach that keeps this session's figures in memory only (`--no-stats`).
    pub fn in_memory() -> Coach {
        let info = SessionInfo { kind: SessionKind::Drill, rules: String::new() };
        Coach::unopened(&info, Clock::Local, REVIEW_LIMIT)
    }

    /// A coach with this session's rows only, before any database is opened.
    fn unopened(info: &SessionInfo, clock: Clock, review_limit: usize) -> Coach {
        Coach {
            scratch: Store::in_memory(info.clone()),
            saved: Store::in_memory(info.clone()),
            saved_session: Tally::default(),
            kept: None,
            unavailable: None,
            others: None,
            session: Tally::default(),
            pending: Vec::new(),
            failure: None,
            entries: Vec::new(),
            older: 0,
            review_limit,
            round: None,
            clock,
        }
    }

    /// As [`Coach::open`], loading the newest `review_limit` entries for the review.
    pub fn open_with_review(
        location: Option<&Location>,
        info: SessionInfo,
        clock: Clock,
        review_limit: usize,
    ) -> Result<(Coach, Option<String>), StoreError> {
        let mut coach = Coach::unopened(&info, clock, review_limit);
        let Some(location) = location else {
            return Ok((coach, None));
        };
        let news = match Store::open(location, info) {
            Ok((store, OpenNews(mut news))) => {
                match store.entries(coach.review_limit) {
                    Ok(entries) => coach.entries = entries,
                    Err(err) => news.push(format!("The hand history could not be read: {err}.")),
                }
                let all = store.entry_count().unwrap_or(0);
                coach.older = all.saturating_sub(coach.entries.len() as u64);
                coach.kept = Some(store);
                if let Err(err) = coach.read_others() {
                    news.push(format!("The lifetime figures could not be read: {err}."));
                }
                OpenNews(news).message()
            }
            Err(err) if err.is_refusal() => return Err(err),
            Err(err) => {
                let why = err.to_string();
                coach.unavailable = Some(why.clone());
                Some(format!("Statistics are not kept this session: {why}."))
            }
        };
        Ok((coach, news))
    }

    /// Reads the player's database's figures of every other session.
    fn read_others(&mut self) -> Result<(), StoreError> {
        if let Some(store) = &self.kept {
            let scope = store.session().map_or(Scope::All, Scope::AllBut);
            self.others = Some(store.tally(scope, self.today())?);
        }
        Ok(())
    }

    /// The hand history, oldest first: the database's newest entries, then this session's.
    pub fn hand_history(&self) -> &[Entry] {
        &self.entries
    }

    /// How many older entries the database holds beyond [`Coach::hand_history`] (the review
    /// loads only the newest `--history-limit`).
    pub fn older_entries(&self) -> u64 {
        self.older
    }

    /// Where statistics are kept, if anywhere.
    pub fn path(&self) -> Option<&Path> {
        self.kept.as_ref().and_then(Store::path)
    }

    /// A round was dealt: its decisions and cards are recorded when it is over.
    pub fn begin_round(&mut self, start: RoundStart) {
        self.round = Some((start, Vec::new()));
    }

    /// Keeps a graded decision at the table for the round's record: hand number `hand` holding
    /// `cards` against `up`, the legal actions' EVs `ranked` best first.
    pub fn record_at_table(
        &mut self,
        grade: &Grade,
        cards: &Cards,
        up: Card,
        hand: usize,
        ranked: &[(Action, f64)],
        true_count: Option<i32>,
    ) {
        let mut decision = Decision::new(grade, cards, up, hand, ranked);
        decision.true_count = true_count;
        if let Some((_, decisions)) = &mut self.round {
            decisions.push(decision);
        }
    }

    /// Records a drill answer.
    pub fn record_drill(&mut self, answer: &Answer, kind: DrillKind) {
        let decision = Decision::new(
            &answer.grade,
            &answer.question.cards,
            answer.question.up,
            0,
            &answer.ranked,
        );
        self.keep(Record::Drill(DrillAnswer {
            at: unix_seconds(),
            kind: kind.name().to_owned(),
            seconds: answer.seconds,
            decision,
        }));
    }

    /// Records an answer of a counting drill or of the count quiz (its `at` is set now).
    pub fn record_count(&mut self, mut answer: CountAnswer) {
        answer.at = unix_seconds();
        self.keep(Record::Count(answer));
    }

    /// Records a settled round of the person's seat with its decisions, in one transaction.
    pub fn record_round(&mut self, hands: &[PlayerHand], dealer: &DealerHand) {
        let (start, decisions) = self.round.take().unwrap_or_default();
        let tally = RoundTally::of_round(hands, dealer);
        let round = Round::new(start, hands, dealer, decisions);
        self.keep(Record::Round { round, tally });
    }

    /// Records the round in play, if any, as unfinished (leaving mid-round): its decisions
    /// count, the round does not (it was neither won nor lost).
    pub fn record_unfinished_round(&mut self, hands: &[PlayerHand], dealer: &DealerHand) {
        let Some((start, decisions)) = self.round.take() else {
            return;
        };
        let mut round = Round::new(start, hands, dealer, decisions);
        round.unfinished = true;
        self.keep(Record::Round { round, tally: RoundTally::default() });
    }

    /// Records a rebuy after the bankroll ran out.
    pub fn record_rebuy(&mut self, amount: Units) {
        self.keep(Record::Rebuy { at: unix_seconds(), amount });
    }

    /// Keeps `record` in this session's rows and the player's database (or for its next write).
    fn keep(&mut self, record: Record) {
        let day = self.today();
        if let Err(err) = self.scratch.write(&record, day) {
            // A value no row may hold: nothing of it is kept anywhere.
            self.failure = Some(err.to_string());
            return;
        }
        if let Ok(session) = self.scratch.tally(Scope::All, day) {
            self.session = session;
        }
        self.entries.extend(record.entry());
        let excess = self.entries.len().saturating_sub(self.review_limit);
        self.entries.drain(..excess);
        if self.kept.as_ref().is_some_and(|s| s.read_only().is_none()) {
            self.pending.push((record, day));
        }
        self.flush();
    }

    /// Writes what the player's database has not taken yet, oldest first, up to a failure.
    fn flush(&mut self) {
        let Some(store) = &mut self.kept else {
            return;
        };
        let mut written = 0;
        for (record, day) in &self.pending {
            match store.write(record, *day) {
                Ok(()) => {
                    written += 1;
                    // It passed the same checks in the scratch store: it writes here too.
                    let _ = self.saved.write(record, *day);
                }
                Err(err) => {
                    self.failure = Some(err.to_string());
                    break;
                }
            }
        }
        self.pending.drain(..written);
        if written > 0
            && let Ok(saved) = self.saved.tally(Scope::All, self.clock.today())
        {
            self.saved_session = saved;
        }
        if self.pending.is_empty() {
            self.failure = None;
        }
    }

    /// Tries again to write what was not saved; says what still is not, and why.
    pub fn save(&mut self) -> Option<String> {
        self.flush();
        self.unsaved()
    }

    /// What of this session was not saved, and why: `2 rounds and 1 drill answer not saved:
    /// …`. A read-only database or none at all is [`Coach::not_saving`]'s news.
    pub fn unsaved(&self) -> Option<String> {
        let why = self.failure.as_ref()?;
        if self.pending.is_empty() {
            return Some(format!("Not saved: {why}"));
        }
        let mut kinds: Vec<(&str, u64)> = Vec::new();
        for (record, _) in &self.pending {
            match kinds.iter_mut().find(|(noun, _)| *noun == record.noun()) {
                Some((_, n)) => *n += 1,
                None => kinds.push((record.noun(), 1)),
            }
        }
        let what: Vec<String> = kinds.iter().map(|(noun, n)| counted(*n, noun)).collect();
        Some(format!("{} not saved: {why}", what.join(" and ")))
    }

    /// Why this session is not being saved at all, if it is not (a read-only or newer
    /// database, or one that could not be opened), for a marker on screen and a line at exit.
    pub fn not_saving(&self) -> Option<String> {
        if let Some(why) = &self.unavailable {
            return Some(why.clone());
        }
        self.kept.as_ref()?.read_only().map(|reason: &ReadOnly| reason.to_string())
    }

    /// Whether anything recorded is not in the player's database although it was meant to be
    /// (a failed write, a database unopened or read-only): the command then ends with status 1.
    pub fn lost_something(&self) -> bool {
        let recorded = !self.session.is_empty();
        !self.pending.is_empty() || (self.not_saving().is_some() && recorded)
    }

    /// This session's figures.
    pub fn session(&self) -> &Tally {
        &self.session
    }

    /// The lifetime figures with what the player's database took of this session, if kept.
    pub fn lifetime(&self) -> Option<Tally> {
        self.others.as_ref().map(|others| {
            let mut lifetime = others.clone();
            lifetime.absorb(&self.saved_session);
            lifetime
        })
    }

    /// The store the course reads and records its passes in: the player's database (what it
    /// had not taken yet written first), or this session's rows when none is kept.
    pub(super) fn course_store(&mut self) -> &mut Store {
        self.flush();
        match &mut self.kept {
            Some(store) => store,
            None => &mut self.scratch,
        }
    }

    /// Today, by the coach's clock.
    pub fn today(&self) -> Day {
        self.clock.today()
    }

    /// The spaced-practice figures today (cells due, days in a row), or `None` when no
    /// statistics are kept (the schedule spans days only in the database).
    pub fn standing(&self) -> Option<Standing> {
        self.lifetime().map(|lifetime| Standing::of(&lifetime, self.today()))
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
        Some(grade(chart, &hand.cards, up, view.legal(), chosen, |a| evs.get(a)))
    }

    /// Everything known about the person's play: the lifetime figures with this session in
    /// them, or this session alone when none are kept. The `mistakes` drill draws from it.
    pub fn history(&self) -> Tally {
        self.lifetime().unwrap_or_else(|| self.session.clone())
    }

    /// Where the statistics went, as a command says on its way out (`Statistics kept in …`,
    /// what was not saved and why, a database read but not written), if anywhere.
    pub fn statistics_line(&self) -> Option<String> {
        if self.session().is_empty() && self.unsaved().is_none() {
            return self.not_saving().and_then(|why| {
                self.path().map(|path| {
                    format!("Statistics in {} were read but not written: {why}.", path.display())
                })
            });
        }
        if let Some(unsaved) = self.unsaved() {
            return Some(format!("{unsaved}."));
        }
        match (self.path(), self.not_saving()) {
            (Some(path), Some(why)) => Some(format!(
                "Statistics in {} were read but not written: {why}; this session is not saved.",
                path.display()
            )),
            (None, Some(why)) => Some(format!("This session's statistics were not saved: {why}.")),
            (Some(path), None) => Some(format!("Statistics kept in {}.", path.display())),
            (None, None) => None,
        }
    }

    /// The best perfect countdown of `decks` decks counted in `count` so far (over the
    /// lifetime, this session included), in seconds: another count's runs are not compared.
    pub fn countdown_best(
        &self,
        count: &crate::analysis::counts::CountSystem,
        decks: u8,
    ) -> Option<f64> {
        let key = crate::trainer::drills::counting::countdown_count_key(count);
        self.history().countdown_best_in(key, decks)
    }

    /// Progress by day ([`Store::progress`]) from the database kept, else this session's rows.
    pub fn progress(&self) -> Vec<crate::trainer::export::DayRow> {
        self.kept.as_ref().unwrap_or(&self.scratch).progress().unwrap_or_default()
    }

    /// Reads the other sessions' figures again (keeping the old ones if that fails).
    pub fn refresh(&mut self) {
        let _ = self.read_others();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;

    fn info() -> SessionInfo {
        SessionInfo::new(SessionKind::Drill, &Rules::default())
    }

    fn clock(day: &str) -> Clock {
        Clock::Fixed(Day::parse(day).expect("a date"))
    }

    fn answer(right: bool) -> CountAnswer {
        CountAnswer {
            at: 0,
            skill: "true-count".to_owned(),
            question: "+6 with 3 decks left".to_owned(),
            answer: if right { "+2" } else { "+3" }.to_owned(),
            truth: "+2".to_owned(),
            right,
            error: if right { 0.0 } else { 1.0 },
            seconds: 1.5,
            countdown: None,
        }
    }

    /// A drill answer in `cell` (with 8,8 against T), choosing `chosen` where the chart says
    /// `advised`, giving away `cost` bets.
    fn drill_answer(key: &str, advised: Action, chosen: Action, cost: f64) -> Answer {
        use crate::trainer::drills::kinds::Question;
        let cell = crate::analysis::chart::Cell::from_key(key).expect("a cell");
        let cards = Cards::from_values(&[crate::engine::Value::of(8); 2]);
        let grade = Grade { cell, hand: cell.hand_label(), chosen, advised, cost, by_cards: None };
        Answer {
            question: Question { cell, cards, up: Card::of_value(10) },
            grade,
            ranked: vec![(advised, -0.475), (chosen, -0.475 - cost)],
            seconds: 1.0,
            retired: false,
        }
    }

    /// A close call (issue 36: 8,8 vs T stood, 0.001 bets) is not a miss: the accuracy counts
    /// it right, and its cell does not come back to the due list today as a miss's does —
    /// in the session's figures and in the database's alike.
    #[test]
    fn a_close_call_does_not_return_its_cell_to_the_due_list() {
        use crate::trainer::drills::schedule::due_cells;
        let dir = tempfile::tempdir().expect("a folder");
        let location = Location { path: dir.path().join("s.db"), named: true };
        let today = Day::parse("2026-12-04").expect("a date");
        let (mut coach, _) =
            Coach::open(Some(&location), info(), Clock::Fixed(today)).expect("opens");
        let close = drill_answer("pair:8:T", Action::Hit, Action::Stand, 0.001);
        let miss = drill_answer("pair:9:T", Action::Stand, Action::Split, 0.031);
        coach.record_drill(&close, DrillKind::Pairs);
        coach.record_drill(&miss, DrillKind::Pairs);
        for (name, tally) in
            [("session", coach.session().clone()), ("lifetime", coach.lifetime().expect("kept"))]
        {
            assert_eq!((tally.overall.decisions, tally.overall.correct), (2, 1), "{name}");
            let due: Vec<String> = due_cells(&tally, today).iter().map(|d| d.cell.key()).collect();
            assert_eq!(due, vec!["pair:9:T".to_owned()], "{name}");
            assert_eq!(tally.cells["pair:8:T"].wrong, 0, "{name}");
            assert!((tally.ev_lost - 0.032).abs() < 1e-9, "{name}: the cost still counts");
        }
        // The review marks it as a close call, with its cost.
        let line = crate::trainer::history::review::decision_line(
            &coach.hand_history()[0].decisions()[0],
            true,
        );
        assert!(line.starts_with("≈ 8,8 vs T"), "{line}");
        assert!(line.contains("close call, cost 0.001 bets"), "{line}");
    }

    #[test]
    fn without_a_database_the_session_is_counted_in_memory() {
        let (mut coach, news) = Coach::open(None, info(), clock("2026-12-04")).expect("opens");
        assert_eq!(news, None);
        coach.record_count(answer(true));
        coach.record_count(answer(false));
        let skill = coach.session().skills["true-count"];
        assert_eq!((skill.asked, skill.right), (2, 1));
        assert_eq!(coach.lifetime(), None, "no lifetime without a database");
        assert_eq!(coach.hand_history().len(), 2);
        assert_eq!(coach.unsaved(), None);
    }

    #[test]
    fn two_sessions_on_one_database_see_each_other_after_a_refresh() {
        let dir = tempfile::tempdir().expect("a folder");
        let location = Location { path: dir.path().join("s.db"), named: true };
        let (mut a, _) = Coach::open(Some(&location), info(), clock("2026-12-04")).expect("a");
        let (mut b, _) = Coach::open(Some(&location), info(), clock("2026-12-04")).expect("b");
        a.record_count(answer(true));
        b.record_count(answer(false));
        b.record_count(answer(false));
        a.refresh();
        let lifetime = a.lifetime().expect("kept");
        assert_eq!(lifetime.skills["true-count"].asked, 3);
        assert_eq!(a.session().skills["true-count"].asked, 1, "its own only");
    }

    #[test]
    fn a_value_no_row_may_hold_is_refused_and_said() {
        let (mut coach, _) = Coach::open(None, info(), clock("2026-12-04")).expect("opens");
        let mut bad = answer(false);
        bad.error = f64::INFINITY;
        coach.record_count(bad);
        assert!(coach.session().is_empty(), "nothing of it is counted");
        assert!(coach.unsaved().is_some_and(|m| m.contains("Not saved")));
    }

    #[test]
    #[cfg(unix)]
    fn the_lifetime_counts_only_what_the_database_kept() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("a folder");
        let location = Location::named(dir.path().join("s.db"));
        let (mut first, _) = Coach::open(Some(&location), info(), clock("2026-12-04")).expect("a");
        first.record_count(answer(true));
        assert_eq!(first.lifetime().expect("kept").skills["true-count"].asked, 1);
        drop(first);
        std::fs::set_permissions(&location.path, std::fs::Permissions::from_mode(0o444))
            .expect("read-only");
        let (mut read_only, _) =
            Coach::open(Some(&location), info(), clock("2026-12-04")).expect("b");
        read_only.record_count(answer(false));
        assert_eq!(read_only.session().skills["true-count"].asked, 1);
        assert_eq!(
            read_only.lifetime().expect("read").skills["true-count"].asked,
            1,
            "the answer not saved is not in the lifetime"
        );
        assert!(read_only.lost_something());
    }
}
