//! Exact expected values for the loaded rules: dealer outcome probabilities, the EV of every
//! action, the variant's basic strategy and its house edge.

pub mod chart;
pub mod counts;
pub mod dealer_odds;
pub mod deviation;
pub mod hilo;
pub mod indices;
pub mod memo;
pub mod no_hole_card;
pub mod player;
pub mod reasons;
pub mod strategy;

pub use player::{HandContext, HandEvs, Solver};
pub use strategy::{Strategy, basic_strategy, hand_evs};
