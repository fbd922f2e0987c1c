//! `blackjack sim`.

use crate::cli::SimArgs;
use crate::engine::Rules;

/// Runs `blackjack sim`.
pub fn sim(_rules: &Rules, _seed: Option<u64>, _args: &SimArgs) -> anyhow::Result<()> {
    anyhow::bail!("`blackjack sim` is not built yet")
}
