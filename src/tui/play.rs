//! A session at the table in the terminal: the terminal taken over, the event loop, the
//! terminal given back, the summary printed.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::bail;

use super::message::Tone;
use super::terminal::{self, TerminalEvents};
use super::{App, Ending, Outcome, SharedIntent, Signal, panic_hook, theme};
use crate::engine::{Rules, Units};
use crate::session::{Happening, TableSession};
use crate::setup::{TableConfig, UsageError};

/// Runs `blackjack play`: checks the options and the terminal, takes the terminal over, plays,
/// and gives the terminal back as it was — on quit, error, Ctrl-C, SIGTERM and SIGHUP (after
/// saving) and, through the panic hook, on panic; Ctrl-Z stops it on Unix until `fg`. Prints
/// a summary; the exit status says how the session ended ([`exit_status`]).
pub fn play(rules: &Rules, config: TableConfig, bet: Option<u64>) -> anyhow::Result<ExitCode> {
    // Everything that can be refused is checked before the terminal changes.
    let mut app = App::new(rules, config).map_err(UsageError::from)?;
    if let Some(bet) = bet {
        let news = place_first_bet(&mut app.session, bet)?;
        app.take_in(news);
    }
    if let Some(why) = terminal::missing_terminal() {
        bail!(UsageError(format!(
            "`blackjack play` needs a terminal, and {why}. These work without one: blackjack \
             rules, ev, strategy, sim and drill (see blackjack --help)."
        )));
    }
    let no_color = theme::no_color_requested(std::env::var_os("NO_COLOR").as_deref());
    let mut app = app.with_color(!no_color);
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
    let unsaved = app.coach_mut().save();
    // The lifetime in the summary counts what other sessions sharing the database wrote
    // meanwhile.
    app.coach_mut().refresh();
    // From here on SIGINT, SIGTERM, SIGHUP and SIGTSTP act as for any program.
    events.close();
    let ending = ended?;
    // Written, not printed: after a hang-up there is nobody to read it, and `print!` would
    // panic on the error.
    let summary = app.session.closing_summary();
    let _ = std::io::stdout().write_all(summary.as_bytes());
    let mut stderr = std::io::stderr();
    for panic in panic_hook::take_kept() {
        let _ = writeln!(stderr, "note: background work panicked and was done again: {panic}");
    }
    if app.coach().lost_something() {
        // Said in the summary's last line; the status says it too.
        let _ = writeln!(
            stderr,
            "error: {}",
            unsaved.unwrap_or_else(|| "this session's statistics were not saved".to_owned())
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::from(exit_status(ending)))
}

/// Places the preferences' first bet as a typed bet is placed, after the check `blackjack
/// config` makes too ([`crate::setup::check_first_bet`]). What the table said of it is
/// returned, for the log.
fn place_first_bet(session: &mut TableSession, bet: u64) -> anyhow::Result<Vec<Happening>> {
    crate::setup::check_first_bet(session.rules(), bet, session.bankroll())?;
    let (placed, news) = session.place_bet(Units::from_units(i64::try_from(bet)?));
    if !placed {
        bail!("bet = {bet} in the config file was not placed");
    }
    Ok(news)
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
            app.update(SharedIntent::Exit);
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
        match super::run(screen, events, app)? {
            Outcome::Ended(ending) => return Ok(ending),
            // Stopped only where something can bring the table back: a shell with job control
            // (not tmux, a script or a service starting it straight; not Windows).
            Outcome::Suspend => match terminal::suspend_unavailable() {
                None => {
                    terminal::give_back(screen)?;
                    terminal::stop_process()?;
                    come_back(screen, events)?;
                }
                Some(why) => {
                    app.say(Tone::Error, format!("Ctrl-Z does nothing here: {why}. q leaves."))
                }
            },
            Outcome::Resume => come_back(screen, events)?,
        }
    }
}

/// Takes the terminal back after the process runs again, once it is the foreground job
/// ([`terminal::wait_for_foreground`]), and draws everything.
fn come_back(screen: &mut ratatui::DefaultTerminal, events: &TerminalEvents) -> io::Result<()> {
    terminal::wait_for_foreground()?;
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
        Ending::Quit => Signal::Quit,
        Ending::HungUp => Signal::HangUp,
    };
    u8::try_from(128 + signal.number()).unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(seed: u64) -> TableConfig {
        TableConfig { seed, ..TableConfig::default() }
    }

    #[test]
    fn exit_statuses_follow_the_shell_convention() {
        assert_eq!(exit_status(Ending::Left), 0);
        assert_eq!(exit_status(Ending::Interrupted), 130);
        assert_eq!(exit_status(Ending::Terminated), 143);
        assert_eq!(exit_status(Ending::Quit), 131);
        assert_eq!(exit_status(Ending::HungUp), 129);
    }

    #[test]
    fn the_first_bet_from_the_preferences_is_placed_or_refused_with_the_limits() {
        let rules = Rules::default();
        let mut app = App::new(&rules, config(1)).unwrap();
        place_first_bet(&mut app.session, 7).expect("7 is within 1 to 50");
        assert_eq!(app.bet(), Units::from_units(7));
        let err = place_first_bet(&mut app.session, 60).unwrap_err().to_string();
        assert!(err.contains("bet = 60") && err.contains("from 1 to 50"), "{err}");
        assert_eq!(app.bet(), Units::from_units(7));
        assert_eq!(app.bet_entry(), None);
    }

    #[test]
    fn leaving_mid_round_says_what_is_still_staked() {
        let mut app = App::new(&Rules::default(), config(3)).unwrap();
        let between = app.session.closing_summary();
        assert!(between.contains("bankroll 100 → 100 (bought in"), "{between}");
        app.update(crate::tui::TableIntent::Deal);
        // Interrupted here: the bet is on the table, neither won nor lost.
        // (Read as one line: the summary is printed in rows of 80 columns.)
        let text = app.session.closing_summary().replace('\n', " ");
        assert!(
            text.contains("bankroll 100 → 99, 1 staked in the round left unfinished"),
            "{text}"
        );
    }

    #[test]
    fn the_closing_text_says_where_the_statistics_were_kept() {
        let dir = tempfile::tempdir().unwrap();
        let config = TableConfig {
            stats: crate::store::location(Some(dir.path().join("stats.db")), true),
            ..config(1)
        };
        let mut app = App::new(&Rules::default(), config).unwrap();
        assert!(
            !app.session.closing_summary().contains("Statistics kept in"),
            "nothing recorded, nothing kept"
        );
        let answer = crate::trainer::drills::count_quiz::CountAnswer { guess: 1, actual: 1 };
        app.coach_mut().record_count(answer.record("the running count".to_owned(), 1.0));
        assert_eq!(app.coach_mut().save(), None);
        assert!(app.session.closing_summary().contains("Statistics kept in"));
    }
}
