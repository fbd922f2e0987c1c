//! `blackjack ev`.

use crate::cli::EvArgs;
use crate::engine::Rules;

/// Runs `blackjack ev`.
pub fn ev(_rules: &Rules, _args: &EvArgs) -> anyhow::Result<()> {
    anyhow::bail!("`blackjack ev` is not built yet")
}
