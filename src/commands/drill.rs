//! `blackjack drill`.

use crate::cli::DrillArgs;
use crate::engine::Rules;

/// Runs `blackjack drill`.
pub fn drill(_rules: &Rules, _seed: Option<u64>, _args: &DrillArgs) -> anyhow::Result<()> {
    anyhow::bail!("`blackjack drill` is not built yet")
}
