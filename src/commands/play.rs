//! `blackjack play`: the table the options ask for, checked; the terminal table
//! (`tui::play`) seats the person at it.

use std::time::Duration;

use crate::analysis::counts::{CountSystem, count_by_name};
use crate::cli::PlayArgs;
use crate::engine::{Rules, Units};
use crate::setup::{TableConfig, UsageError};
use crate::trainer::plan_saved::RampChoice;

/// The table `args` ask for, checked (`--seat` is 1-based; the count a built-in one:
/// [`table_config_with`] takes the user's own too).
pub fn table_config(args: &PlayArgs, seed: Option<u64>) -> anyhow::Result<TableConfig> {
    table_config_with(args, seed, None)
}

/// [`table_config`], `--count` also naming `own`, the user's own count from `config.toml`.
pub fn table_config_with(
    args: &PlayArgs,
    seed: Option<u64>,
    own: Option<&CountSystem>,
) -> anyhow::Result<TableConfig> {
    if args.seat == Some(0) {
        anyhow::bail!("--seat must be 1 to {} (the number of seats), not 0", args.seats);
    }
    Ok(TableConfig {
        seats: usize::from(args.seats),
        you: args.seat.map(|k| usize::from(k) - 1),
        ai: args.ai.clone(),
        speed: Duration::from_millis(args.speed),
        hints: args.hints,
        ascii: args.ascii,
        strict: args.strict,
        stats: crate::store::location(args.stats.clone().or(super::stats_env()), !args.no_stats),
        bankroll: Units::from_units(i64::try_from(args.bankroll)?),
        seed: seed.unwrap_or_else(rand::random),
        counting: args.count.is_some(),
        count_system: match args.count.as_ref().and_then(Option::as_ref) {
            Some(name) => count_by_name(&name.0, own).map_err(UsageError)?,
            None => CountSystem::default(),
        },
        ramp: args.ramp.as_ref().and_then(RampChoice::bets).cloned(),
        count_check_every: args.count_check,
        pace: args.pace,
        indices: Some(crate::store::cache::index_table),
        history_limit: args.history_limit,
        clock: super::practice_clock()?,
        plan: crate::setup::PlanSetup {
            model: Some(crate::trainer::plan_game::table_model),
            save: Some(super::plan_save::save_plan),
            ..crate::setup::PlanSetup::default()
        },
    })
}

/// The table `blackjack play` asks for under `rules`, checked before the terminal changes
/// ([`check_playable`]); a refusal is a usage error.
pub fn table(
    rules: &Rules,
    seed: Option<u64>,
    args: &PlayArgs,
    bet: Option<u64>,
    own: Option<&CountSystem>,
) -> anyhow::Result<TableConfig> {
    check_playable(rules, args, bet)?;
    Ok(table_config_with(args, seed, own).map_err(UsageError::from)?)
}

/// Refuses a table the options cannot play under these rules: a bankroll below the smallest
/// bet, a ramp with a bet outside the limits, or a first bet the table would refuse.
pub fn check_playable(rules: &Rules, args: &PlayArgs, bet: Option<u64>) -> Result<(), UsageError> {
    let (low, high) = rules.bet_limits();
    if args.bankroll < u64::from(rules.min_bet) {
        return Err(UsageError(format!(
            "--bankroll {} is less than this table's smallest bet, {}: give a bankroll of at \
             least {} or rules with a smaller min_bet",
            args.bankroll,
            low.plain(),
            low.plain()
        )));
    }
    if let Some(ramp) = args.ramp.as_ref().and_then(RampChoice::bets)
        && let Some(bet) = ramp.bet_outside(rules.min_bet, rules.max_bet)
    {
        return Err(UsageError(format!(
            "--ramp {ramp} asks for a bet of {bet}, and this table takes bets from {} to {} \
             units (min_bet and max_bet in the rules)",
            low.plain(),
            high.plain()
        )));
    }
    if let Some(bet) = bet {
        let bankroll =
            i64::try_from(args.bankroll).map_or(crate::engine::MAX_BANKROLL, Units::from_units);
        crate::setup::check_first_bet(rules, bet, bankroll)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_seat_is_one_based_and_zero_is_refused() {
        let mut args = PlayArgs::defaults();
        args.no_stats = true;
        args.seat = Some(0);
        assert!(table_config(&args, Some(1)).is_err());
        args.seat = Some(3);
        let config = table_config(&args, Some(1)).expect("seat 3 of 3");
        assert_eq!((config.you, config.stats), (Some(2), None));
        assert_eq!(config.bankroll, Units::from_units(100));
    }
}
