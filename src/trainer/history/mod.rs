//! The hand history: every round at the table, every drill answer and every counting answer,
//! with each decision as the trainer graded it — the records the store keeps as rows
//! ([`crate::store`]) and the review shows.

pub mod record;
pub mod review;

pub use record::{
    ActionEv, CountAnswer, CountdownRun, Decision, DrillAnswer, Entry, HandRecord, Round,
    RoundStart,
};
