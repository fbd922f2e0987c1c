//! A blackjack trainer for the European no-hole-card game: an exact engine, an exact analyser,
//! AI seats, a headless simulator and a terminal table that teaches perfect play.
//!
//! The layers point down: `tui / commands → session → store → trainer → ai / sim → analysis →
//! engine`.

pub mod ai;
pub mod analysis;
pub mod cli;
pub mod commands;
pub mod config;
pub mod engine;
pub mod platform;
pub mod session;
pub mod settings_file;
pub mod setup;
pub mod sim;
pub mod store;
pub mod text;
pub mod trainer;
pub mod tui;
