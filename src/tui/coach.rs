//! The trainer at the table: grades every decision of the person's against the hard strategy
//! with its exact EV cost, keeps the statistics (session and lifetime, on disk), and computes
//! the live EV panel. The logic lives in [`crate::trainer`]; this only connects it to the app.

use std::path::PathBuf;

use crate::analysis::chart::{Cell, Chart};
use crate::analysis::{HandContext, HandEvs, hand_evs};
use crate::engine::{Action, PlayerHand, Rules, SeatView, ValueCounts};
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

/// The context of the active hand, for the analysis.
fn context(view: &SeatView<'_>, hand: &PlayerHand) -> HandContext {
    HandContext {
        from_split: hand.from_split,
        split_aces: hand.split_aces,
        hands: u8::try_from(view.own_hand_count()).unwrap_or(4),
    }
}

fn values(hand: &PlayerHand) -> Vec<u8> {
    hand.cards.as_slice().iter().map(|c| c.value()).collect()
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

    /// Grades `chosen` for the seat's active hand. `None` when it is not the seat's turn.
    pub fn grade(
        &self,
        rules: &Rules,
        chart: &Chart,
        view: &SeatView<'_>,
        chosen: Action,
    ) -> Option<Grade> {
        let hand = view.active_hand()?;
        let up = view.dealer_up()?.value();
        let evs = basic_evs(rules, view, hand, up);
        Some(grade(chart, &hand.cards, up, view.legal(), chosen, |a| {
            evs.get(a)
        }))
    }

    /// Counts a decision the person made.
    pub fn record(&mut self, grade: Grade) {
        self.session.record_decision(&grade);
        self.unsaved.record_decision(&grade);
        self.last = Some(grade);
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

/// EVs for basic-strategy grading: the full shoe less this hand and the up card.
fn basic_evs(rules: &Rules, view: &SeatView<'_>, hand: &PlayerHand, up: u8) -> HandEvs {
    let mut left = ValueCounts::full_shoe(rules.decks);
    let cards = values(hand);
    for &v in cards.iter().chain([up].iter()) {
        left.remove(v);
    }
    hand_evs(rules, &cards, up, &left, context(view, hand))
}

/// The live EV panel's content for the active hand.
pub struct LiveEvs {
    /// Legal actions with their EVs given every card seen since the shuffle, best first.
    pub ranked: Vec<(Action, f64)>,
    /// The basic-strategy action for this hand.
    pub basic: Action,
    /// The chart cell.
    pub cell: Cell,
}

/// Exact EVs of the active hand for the shoe as it is now: the full shoe less every card seen
/// since the shuffle (the face-down card is not seen, so it stays in).
pub fn live_evs(rules: &Rules, chart: &Chart, view: &SeatView<'_>) -> Option<LiveEvs> {
    let hand = view.active_hand()?;
    let up = view.dealer_up()?.value();
    let mut left = ValueCounts::full_shoe(rules.decks);
    for v in 1..=10u8 {
        for _ in 0..view.seen().get(v) {
            left.remove(v);
        }
    }
    let evs = hand_evs(rules, &values(hand), up, &left, context(view, hand));
    let legal = view.legal();
    let ranked = evs
        .ranked()
        .into_iter()
        .filter(|(a, _)| legal.contains(*a))
        .collect();
    let cell = Cell::for_hand(&hand.cards, up, legal.contains(Action::Split));
    Some(LiveEvs {
        ranked,
        basic: chart.get(cell).resolve(legal),
        cell,
    })
}
