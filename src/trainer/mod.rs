//! The trainer: grading, statistics, drills and counting — pure logic fed by engine events.

pub mod count;
pub mod drill;
pub mod grade;
pub mod report;
pub mod session;
pub mod stats;
