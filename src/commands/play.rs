//! `blackjack play`: sit at the table in the terminal.

use crate::cli::PlayArgs;
use crate::engine::Rules;
use crate::tui::{self, App, CrosstermEvents, app::amount, theme};

use super::UsageError;

/// Runs `blackjack play`: checks the options, takes over the terminal, plays until the person
/// leaves, and gives the terminal back as it was — on quit, on error, on Ctrl-C and (through
/// ratatui's panic hook) on panic. Prints a one-line summary afterwards.
pub fn play(rules: &Rules, seed: Option<u64>, args: &PlayArgs) -> anyhow::Result<()> {
    // Everything that can be refused is checked before the terminal changes.
    let mut app = App::new(rules, seed, args)
        .map_err(UsageError::from)?
        .with_color(!theme::no_color_requested());
    let mut terminal = ratatui::try_init()?;
    let result = tui::run(&mut terminal, &mut CrosstermEvents, &mut app);
    ratatui::try_restore()?;
    let save_error = app.coach_mut().flush();
    result?;
    print!(
        "{}",
        crate::trainer::report::session_summary(
            &app.coach().session,
            app.coach().lifetime.as_ref()
        )
    );
    if let Some(path) = app.coach().path() {
        println!("Statistics kept in {}", path.display());
    }
    if let Some(err) = save_error {
        eprintln!("warning: {err}");
    }
    let s = app.session();
    println!(
        "{} rounds, {} hands (won {}, lost {}, pushed {}), net {} units; bankroll {} → {}. Seed {}.",
        s.rounds,
        s.hands,
        s.wins,
        s.losses,
        s.pushes,
        s.net,
        amount(app.start_bankroll()),
        amount(app.bankroll()),
        app.seed()
    );
    Ok(())
}
