//! One function per subcommand: each loads what it needs and hands over to its module.

use std::path::Path;

use anyhow::Context;

use crate::cli::RulesArgs;
use crate::engine::Rules;

mod drill;
mod ev;
mod play;
mod sim;
mod strategy;

/// Threads for the exact analysis: `$BLACKJACK_THREADS` when it is a positive number (to
/// measure one core), else one per core.
pub fn analysis_threads() -> usize {
    std::env::var("BLACKJACK_THREADS")
        .ok()
        .and_then(|t| t.parse::<usize>().ok())
        .filter(|&t| t > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

pub use drill::drill;
pub use ev::ev;
pub use play::{closing_summary, play, table_config};
pub use sim::sim;
pub use strategy::strategy;

/// A request that cannot be carried out as the command line gives it (a hand that cannot
/// occur, a shoe too small for the question): the fault is in the arguments, so the program
/// exits with status 2, as for the errors clap finds itself.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// The exit status of a command that failed: 2 for a [`UsageError`], 1 for anything else.
pub fn exit_status(err: &anyhow::Error) -> u8 {
    if err.chain().any(|e| e.is::<UsageError>()) {
        2
    } else {
        1
    }
}

/// The rules: the embedded defaults, with the file at `path` (if any) laid over them.
pub fn load_rules(path: Option<&Path>) -> anyhow::Result<Rules> {
    let Some(path) = path else {
        return Ok(Rules::default());
    };
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read rules file {}", path.display()))?;
    Rules::from_toml(&text).with_context(|| format!("in rules file {}", path.display()))
}

/// `blackjack rules`: the effective rules in words and as TOML; with `--toml`, only the TOML
/// (a complete rules file that loads back to the same rules).
pub fn rules(rules: &Rules, args: &RulesArgs) -> anyhow::Result<()> {
    if args.toml {
        print!("{}", rules.to_toml());
        return Ok(());
    }
    println!("{}", rules.describe());
    println!("# Effective rules as TOML");
    print!("{}", rules.to_toml());
    Ok(())
}
