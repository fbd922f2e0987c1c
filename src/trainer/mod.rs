//! The trainer: grading, statistics, drills and counting — pure logic fed by engine events.

pub mod course;
pub mod day;
pub mod drills;
pub mod evs;
pub mod export;
pub mod grade;
pub mod history;
pub mod plan;
pub mod plan_game;
pub mod plan_saved;
pub mod plan_search;
pub mod report;
pub mod tally;
