//! The trainer at the table: grades every decision of the person's against the hard strategy
//! with its exact EV cost and keeps the statistics (session and lifetime, on disk) for table
//! play and drills alike. The logic lives in [`crate::trainer`]; this only connects it to the
//! app.

use std::path::PathBuf;

use crate::analysis::HandEvs;
use crate::analysis::chart::Chart;
use crate::engine::{Action, SeatView};
use crate::trainer::grade::{Grade, grade};
use crate::trainer::stats::{OpenNote, StatsStore, Tally, default_stats_path};

/// The trainer's state for one table session.
pub struct Coach {
    /// This session's tally.
    pub session: Tally,
    /// The lifetime tally as last read or written.
    pub lifetime: Option<Tally>,
    store: Option<StatsStore>,
    unsaved: Tally,
    counted_session: bool,
    /// The last graded decision.
    pub last: Option<Grade>,
}

impl Coach {
    /// A coach keeping statistics at `path` (the platform default when `None`), or none at all
    /// when `keep` is false. Returns a message for the person when there is news (a file moved
    /// aside, a file that could not be opened).
    pub fn open(path: Option<PathBuf>, keep: bool) -> (Coach, Option<String>) {
        let mut coach = Coach {
            session: Tally::default(),
            lifetime: None,
            store: None,
            unsaved: Tally::default(),
            counted_session: false,
            last: None,
        };
        if !keep {
            return (coach, None);
        }
        let Some(path) = path.or_else(default_stats_path) else {
            return (
                coach,
                Some("No data directory found: statistics are not kept.".to_owned()),
            );
        };
        match StatsStore::open(&path) {
            Ok((store, file, note)) => {
                coach.lifetime = Some(file.lifetime);
                coach.store = Some(store);
                let news = match note {
                    OpenNote::MovedAside { .. } => note.message(),
                    _ => None,
                };
                (coach, news)
            }
            Err(err) => (
                coach,
                Some(format!("Statistics are not kept this session: {err:#}")),
            ),
        }
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
        self.session.record_decision(&grade);
        self.unsaved.record_decision(&grade);
        self.last = Some(grade);
    }

    /// Counts an answer of the counting quiz.
    pub fn record_count(&mut self, right: bool) {
        self.session.record_count(right);
        self.unsaved.record_count(right);
    }

    /// Everything known about the person's play: the lifetime statistics with what this
    /// session has not written yet, or this session alone when none are kept. The `mistakes`
    /// drill draws from it.
    pub fn history(&self) -> Tally {
        match &self.lifetime {
            Some(lifetime) => {
                let mut history = lifetime.clone();
                history.absorb(&self.unsaved);
                history
            }
            None => self.session.clone(),
        }
    }

    /// Counts a settled round and writes the new numbers to disk. Returns an error message if
    /// the write failed (the numbers stay in memory and are tried again next round).
    pub fn round_over(&mut self, view: &SeatView<'_>) -> Option<String> {
        crate::trainer::session::record_round(&mut self.session, view);
        crate::trainer::session::record_round(&mut self.unsaved, view);
        self.flush()
    }

    /// Writes what is not on disk yet.
    pub fn flush(&mut self) -> Option<String> {
        let store = self.store.as_ref()?;
        if self.unsaved.is_empty() && self.counted_session {
            return None;
        }
        match store.add(&self.unsaved, !self.counted_session) {
            Ok(file) => {
                self.lifetime = Some(file.lifetime);
                self.unsaved = Tally::default();
                self.counted_session = true;
                None
            }
            Err(err) => Some(format!("Could not save statistics: {err:#}")),
        }
    }

    /// Where the statistics are kept, if anywhere.
    pub fn path(&self) -> Option<&std::path::Path> {
        self.store.as_ref().map(StatsStore::path)
    }
}
