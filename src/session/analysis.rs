//! What the session needs from the analysis, handed in by whoever drives it (the terminal's
//! background jobs, or [`ExactEvs`] in a test), so the slow work stays where its threads are.

use std::sync::Arc;

use crate::analysis::deviation::IndexTable;
use crate::analysis::{HandEvs, Strategy};
use crate::engine::Rules;
use crate::trainer::evs::EvQuery;

/// Where the exact EVs of one decision come from.
pub trait EvSource {
    /// The EVs of `query`, waiting for them (or working them out) if need be.
    fn evs(&mut self, query: &EvQuery) -> HandEvs;
}

/// The EVs worked out on the caller's thread, when asked: for tests and headless play.
pub struct ExactEvs {
    rules: Rules,
}

impl ExactEvs {
    /// EVs under `rules`.
    pub fn new(rules: &Rules) -> ExactEvs {
        ExactEvs { rules: rules.clone() }
    }
}

impl EvSource for ExactEvs {
    fn evs(&mut self, query: &EvQuery) -> HandEvs {
        query.compute(&self.rules)
    }
}

/// How the American peek game's strategy (which the reasons compare with) is had.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Peek {
    /// Worked out now if need be: a scripted session says the same words every run.
    Wait,
    /// Only if it has been worked out already (the screen never waits for it).
    IfReady,
}

impl Peek {
    /// The peek game's strategy for `rules`, as this says.
    pub fn strategy(self, rules: &Rules) -> Option<Arc<Strategy>> {
        match self {
            Peek::Wait => Some(crate::analysis::strategy::peek_strategy(rules)),
            Peek::IfReady => crate::analysis::strategy::peek_strategy_if_ready(rules),
        }
    }
}

/// The analysis a call on the session works with.
pub struct Analysis<'a> {
    /// The variant's basic strategy: grading, hints, the AI seats, leaving's play.
    pub strategy: &'a Arc<Strategy>,
    /// This game's index table, once worked out: counting mode grades by it.
    pub indices: Option<&'a IndexTable>,
    /// How the peek game's strategy is had, for the reasons.
    pub peek: Peek,
    /// Where the EVs of a decision come from.
    pub evs: &'a mut dyn EvSource,
}
