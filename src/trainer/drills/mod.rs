//! Drills and counting practice, in one home: the decision drills' kinds and the hands they
//! deal ([`kinds`]), the decision drill's session that grades each answer ([`decision`]), the
//! count quiz over whole rounds ([`count_quiz`]), the counting drills with the deck countdown
//! ([`counting`]) and the spaced-practice schedule ([`schedule`]).

pub mod count_quiz;
pub mod counting;
pub mod decision;
pub mod kinds;
pub mod schedule;
