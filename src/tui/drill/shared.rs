//! What every drill screen shares: the context a drill runs in (what it needs from the
//! table), its notices and closing lines, and a set of actions' keys said in words.

use std::time::Instant;

use crate::analysis::Strategy;
use crate::engine::{ActionSet, Rules};
use crate::store::Coach;
use crate::tui::background::EvWorker;
use crate::tui::keys::key_for;
use crate::tui::message::{Message, Tone};

/// A drill screen's notice: `Some` message of `tone`.
pub(crate) fn note(tone: Tone, text: impl Into<String>) -> Option<Message> {
    Some(Message::new(tone, text))
}

/// A drill's closing lines for the table's messages: `title`, then the `score`; without a
/// score, `title` and that no question was answered. News, not a graded answer: no ✓.
pub(crate) fn summary_lines(title: &str, score: Option<String>) -> Vec<Message> {
    match score {
        Some(score) => vec![Message::new(Tone::Info, title), Message::new(Tone::Info, score)],
        None => vec![Message::new(Tone::Info, format!("{title} No question answered."))],
    }
}

/// The keys of a set of actions as a person reads them: `h, s or d`.
pub fn keys_text(legal: ActionSet) -> String {
    let keys: Vec<String> = legal.iter().map(|a| key_for(a).to_string()).collect();
    match keys.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// What a drill needs from the table: the rules and strategy, the statistics, the EV worker,
/// the time, and the seeds of the session's drills.
pub struct DrillContext<'a> {
    /// The rules of the table.
    pub rules: &'a Rules,
    /// The variant's basic strategy (grading, the count quiz's seats).
    pub strategy: &'a Strategy,
    /// Where answers are counted and saved.
    pub coach: &'a mut Coach,
    /// The exact EVs of a question.
    pub evs: &'a mut EvWorker,
    /// The time of the intent.
    pub now: Instant,
    /// The table's seed.
    pub seed: u64,
    /// Drills started this session (each gets its own seed).
    pub drills_started: &'a mut u64,
    /// This game's index plays, once computed (the deviations drill asks about them).
    pub indices: Option<&'a crate::analysis::deviation::IndexTable>,
    /// The count kept at the table: the counting drills count it too.
    pub system: &'a crate::analysis::counts::CountSystem,
    /// The table's bet ramp, if one is set (the ramp drill asks about it; else the default).
    pub ramp: Option<&'a crate::trainer::drills::counting::BetRamp>,
    /// The American peek game's strategy, once worked out, when a drill is being started (the
    /// no-hole-card drill asks where this game's chart differs from it).
    pub peek: Option<std::sync::Arc<Strategy>>,
}

impl DrillContext<'_> {
    /// Seconds from `then` to the intent.
    pub(crate) fn seconds_since(&self, then: Instant) -> f64 {
        self.now.saturating_duration_since(then).as_secs_f64()
    }
}
