//! `blackjack play`: sit at the table in the terminal.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::bail;

use crate::cli::PlayArgs;
use crate::engine::Rules;
use crate::tui::app::{Tone, amount};
use crate::tui::terminal::{self, TerminalEvents};
use crate::tui::{self, App, Ending, Intent, Outcome, Signal, panic_hook, signals, theme};

use super::UsageError;

/// Runs `blackjack play`: checks the options and that there is a terminal, takes the terminal
/// over, plays until the person leaves, and gives the terminal back as it was — on quit, on
/// error, on Ctrl-C, on SIGTERM and SIGHUP (after saving the statistics) and, through the panic
/// hook, on panic. Ctrl-Z and SIGTSTP stop it with the terminal given back; `fg` brings the
/// table back. Prints a summary afterwards. The exit status tells how the session ended
/// ([`exit_status`]).
pub fn play(rules: &Rules, seed: Option<u64>, args: &PlayArgs) -> anyhow::Result<ExitCode> {
    // Everything that can be refused is checked before the terminal changes.
    let app = App::new(rules, seed, args).map_err(UsageError::from)?;
    if let Some(why) = terminal::missing_terminal() {
        bail!(UsageError(format!(
            "`blackjack play` needs a terminal, and {why}. These work without one: blackjack \
             rules, ev, strategy, sim and drill (see blackjack --help)."
        )));
    }
    let mut app = app.with_color(!theme::no_color_requested());
    let mut events = TerminalEvents::new()?;
    panic_hook::install(|| {
        let _ = terminal::restore();
    });
    let mut screen = terminal::enter()?;
    let ended = sit(&mut screen, &mut events, &mut app);
    events.stop_watching();
    if terminal::give_back(&mut screen).is_err() {
        // The terminal has gone (a hang-up). Dropping the ratatui terminal would try to show
        // the cursor once more and panic while reporting that it cannot.
        std::mem::forget(screen);
    }
    // Saved while the signal handlers still stand, so a SIGTERM now cannot cut the save short.
    let save_error = app.coach_mut().flush();
    // From here on SIGINT, SIGTERM, SIGHUP and SIGTSTP act as for any program.
    drop(events);
    let ending = ended?;
    // Written, not printed: after a hang-up there is nobody to read it, and `print!` would
    // panic on the error.
    let _ = std::io::stdout().write_all(summary(&app).as_bytes());
    let mut stderr = std::io::stderr();
    if let Some(err) = save_error {
        let _ = writeln!(stderr, "warning: {err}");
    }
    for panic in panic_hook::take_kept() {
        let _ = writeln!(
            stderr,
            "note: background work panicked and was done again: {panic}"
        );
    }
    Ok(ExitCode::from(exit_status(ending)))
}

/// The session at the table, until it ends.
fn sit(
    screen: &mut ratatui::DefaultTerminal,
    events: &mut TerminalEvents,
    app: &mut App,
) -> anyhow::Result<Ending> {
    match sit_through(screen, events, app) {
        // Drawing on a terminal that has gone fails, and so does taking it back after a stop:
        // that is a hang-up, not an error.
        Err(_) if events.terminal_gone() => {
            app.update(Intent::Exit);
            Ok(Ending::HungUp)
        }
        ended => ended,
    }
}

/// The event loop, with what Ctrl-Z and SIGCONT need around it.
fn sit_through(
    screen: &mut ratatui::DefaultTerminal,
    events: &mut TerminalEvents,
    app: &mut App,
) -> anyhow::Result<Ending> {
    loop {
        match tui::run(screen, events, app)? {
            Outcome::Ended(ending) => return Ok(ending),
            Outcome::Suspend if signals::job_control() => {
                terminal::give_back(screen)?;
                signals::stop_process()?;
                come_back(screen, events)?;
            }
            // Started straight by tmux, a script or a service: nothing could bring a stopped
            // table back.
            Outcome::Suspend => app.say(
                Tone::Error,
                "Ctrl-Z does nothing here: no shell with job control to come back to. q leaves.",
            ),
            Outcome::Resume => come_back(screen, events)?,
        }
    }
}

/// Takes the terminal back after the process runs again, and draws everything. Continued in
/// the background (`bg`, or `kill -CONT` after a `kill -STOP`, which the shell counts as a
/// stopped job), the table may not touch the terminal: it stops again until `fg`, as any
/// full-screen program must.
fn come_back(screen: &mut ratatui::DefaultTerminal, events: &TerminalEvents) -> io::Result<()> {
    while !terminal::in_foreground() && signals::job_control() {
        // The shell has the terminal and keeps its modes for us; the screen is ours to hand
        // back.
        terminal::show_normal_screen()?;
        signals::stop_process()?;
    }
    // This SIGCONT is taken care of here.
    events.forget(Signal::Continue);
    terminal::take_over()?;
    terminal::redraw_all(screen)
}

/// The exit status for a session that ended so: 0 when the person left, else 128 + the number
/// of the signal that ended it, as shells report it (Ctrl-C counts as SIGINT: 130; SIGTERM
/// 143; SIGHUP 129).
pub fn exit_status(ending: Ending) -> u8 {
    let signal = match ending {
        Ending::Left => return 0,
        Ending::Interrupted => Signal::Interrupt,
        Ending::Terminated => Signal::Terminate,
        Ending::HungUp => Signal::HangUp,
    };
    u8::try_from(128 + signal.number()).unwrap_or(1)
}

/// What is printed after the table: the trainer's summary, where the statistics are kept, and
/// the money.
fn summary(app: &App) -> String {
    let mut text = crate::trainer::report::session_summary(
        &app.coach().session,
        app.coach().lifetime.as_ref(),
    );
    if let Some(path) = app.coach().path() {
        text.push_str(&format!("Statistics kept in {}\n", path.display()));
    }
    let s = app.session();
    text.push_str(&format!(
        "{} rounds, {} hands (won {}, lost {}, pushed {}), net {} units; bankroll {} → {}. Seed {}.\n",
        s.rounds,
        s.hands,
        s.wins,
        s.losses,
        s.pushes,
        s.net,
        amount(app.start_bankroll()),
        amount(app.bankroll()),
        app.seed()
    ));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_statuses_follow_the_shell_convention() {
        assert_eq!(exit_status(Ending::Left), 0);
        assert_eq!(exit_status(Ending::Interrupted), 130);
        assert_eq!(exit_status(Ending::Terminated), 143);
        assert_eq!(exit_status(Ending::HungUp), 129);
    }
}
