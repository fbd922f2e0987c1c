//! The trainer: grading, statistics, drills and counting — pure logic fed by engine events.

pub mod counting;
pub mod course;
pub mod day;
pub mod drill;
pub mod evs;
pub mod export;
pub mod grade;
pub mod history;
pub mod plan;
pub mod plan_game;
pub mod plan_saved;
pub mod plan_search;
pub mod practice;
pub mod report;
pub mod schedule;
pub mod session;
pub mod tally;
