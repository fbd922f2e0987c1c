//! Drills and counting practice, in one home: the kinds and the hands they deal ([`kinds`]),
//! the decision drill ([`decision`]), the count quiz ([`count_quiz`]), the counting drills
//! ([`counting`]) and the spaced-practice schedule ([`schedule`]).

pub mod count_quiz;
pub mod counting;
pub mod decision;
pub mod kinds;
pub mod schedule;
