//! The hand history: every round, drill answer and counting answer, each decision as graded —
//! the records the store keeps as rows and the review shows.

pub mod record;
pub mod review;

pub use record::{
    ActionEv, CountAnswer, CountdownRun, Decision, DrillAnswer, Entry, HandRecord, Round,
    RoundStart,
};
