//! `blackjack play`.

use crate::cli::PlayArgs;
use crate::engine::Rules;

/// Runs `blackjack play`.
pub fn play(_rules: &Rules, _seed: Option<u64>, _args: &PlayArgs) -> anyhow::Result<()> {
    anyhow::bail!("`blackjack play` is not built yet")
}
