//! `blackjack strategy`.

use crate::cli::StrategyArgs;
use crate::engine::Rules;

/// Runs `blackjack strategy`.
pub fn strategy(_rules: &Rules, _args: &StrategyArgs) -> anyhow::Result<()> {
    anyhow::bail!("`blackjack strategy` is not built yet")
}
