//! `blackjack play`: sit at the table in the terminal.

use std::time::Duration;

use crate::cli::PlayArgs;
use crate::engine::{Rules, Units};
use crate::trainer::coach::stats_path;
use crate::trainer::report::{net_text, session_summary};
use crate::tui::{self, App, CrosstermEvents, TableConfig, theme};

/// The table `args` ask for, checked: `--seat` is 1-based on the command line; the stats file
/// is `--stats`, else `$BLACKJACK_STATS`, else the platform's (none with `--no-stats`).
pub fn table_config(args: &PlayArgs, seed: Option<u64>) -> anyhow::Result<TableConfig> {
    if args.seat == Some(0) {
        anyhow::bail!(
            "--seat must be 1 to {} (the number of seats), not 0",
            args.seats
        );
    }
    Ok(TableConfig {
        seats: usize::from(args.seats),
        you: args.seat.map(|k| usize::from(k) - 1),
        ai: args.ai.clone(),
        speed: Duration::from_millis(args.speed),
        hints: args.hints,
        ascii: args.ascii,
        strict: args.strict,
        stats: stats_path(
            args.stats.clone(),
            std::env::var_os("BLACKJACK_STATS").map(Into::into),
            !args.no_stats,
        ),
        bankroll: Units::from_units(i64::try_from(args.bankroll)?),
        seed: seed.unwrap_or_else(rand::random),
    })
}

/// Runs `blackjack play`: checks the options, takes over the terminal, plays until the person
/// leaves, and gives the terminal back as it was — on quit, on error, on Ctrl-C and (through
/// ratatui's panic hook) on panic. Prints the session summary afterwards.
pub fn play(rules: &Rules, seed: Option<u64>, args: &PlayArgs) -> anyhow::Result<()> {
    // Everything that can be refused is checked before the terminal changes.
    let config = table_config(args, seed)?;
    let no_color = theme::no_color_requested(std::env::var_os("NO_COLOR").as_deref());
    let mut app = App::new(rules, config)?.with_color(!no_color);
    let mut terminal = ratatui::try_init()?;
    let result = tui::run(&mut terminal, &mut CrosstermEvents, &mut app);
    ratatui::try_restore()?;
    let save_error = app.coach_mut().save();
    result?;
    print!("{}", closing_summary(&app));
    if let Some(err) = save_error {
        eprintln!("warning: {err}");
    }
    Ok(())
}

/// What is printed on the way out: the session summary (the same figures as every screen),
/// where the statistics are, and the bankroll with the seed to replay.
pub fn closing_summary(app: &App) -> String {
    let coach = app.coach();
    let mut out = session_summary(coach.session(), coach.lifetime().as_ref());
    match (coach.path(), coach.not_saving()) {
        (Some(path), Some(why)) => out.push_str(&format!(
            "Statistics in {} were read but not written: {why}.\n",
            path.display()
        )),
        (Some(path), None) => {
            out.push_str(&format!("Statistics kept in {}\n", path.display()));
        }
        _ => {}
    }
    let s = coach.session();
    out.push_str(&format!(
        "{} round{}, net {}; bankroll {} → {} (bought in {}). Seed {}.\n",
        s.rounds,
        if s.rounds == 1 { "" } else { "s" },
        net_text(s.net_money(), s.net()),
        app.starting_bankroll().plain(),
        app.bankroll().plain(),
        app.bought_in().plain(),
        app.seed()
    ));
    out
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
