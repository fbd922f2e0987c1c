//! Headless play of many rounds.
