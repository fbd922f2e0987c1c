//! `blackjack`: parse the command line, pick a subcommand, nothing else (exit statuses: see
//! [`blackjack_trainer::commands`]).

use std::io::Write;
use std::process::ExitCode;

use blackjack_trainer::cli::{Command, Parsed};
use blackjack_trainer::{commands, tui};

/// Standard output, locked for the whole command.
fn stdout() -> std::io::StdoutLock<'static> {
    std::io::stdout().lock()
}

fn main() -> ExitCode {
    blackjack_trainer::platform::fail_writes_past_the_size_limit();
    // The options typed are kept, so they beat the config file.
    let parsed = match Parsed::from_env() {
        Ok(parsed) => parsed,
        Err(err) => return clap_exit(&err),
    };
    let table = parsed.table().unwrap_or_else(|err| err.exit());
    let typed = parsed.typed();
    let cli = parsed.cli;
    let (seed, config) = (cli.seed, cli.config.as_deref());
    let rules = match commands::load_rules(cli.rules.as_deref()) {
        Ok(rules) => rules,
        Err(err) => {
            eprintln!("error: {err:#}");
            return ExitCode::from(2);
        }
    };
    let done = |result: anyhow::Result<()>| result.map(|()| ExitCode::SUCCESS);
    let result = match cli.command {
        None | Some(Command::Play(_)) => {
            commands::table_configured(&rules, seed, &table, &typed, config)
                .and_then(|(table, bet)| tui::play(&rules, table, bet))
        }
        Some(Command::Rules(args)) => done(commands::rules(&rules, &args, &mut stdout())),
        Some(Command::Ev(args)) => done(commands::ev(&rules, &args, &mut stdout())),
        Some(Command::Strategy(args)) => done(commands::strategy(&rules, &args, &mut stdout())),
        Some(Command::Sim(args)) => done(commands::sim(&rules, seed, &args, config, &mut stdout())),
        Some(Command::Indices(args)) => {
            done(commands::indices(&rules, &args, config, &mut stdout()))
        }
        Some(Command::Counts(args)) => done(commands::counts(&rules, &args, config, &mut stdout())),
        Some(Command::Plan(args)) => {
            done(commands::plan(&rules, seed, &args, config, &mut stdout()))
        }
        Some(Command::Drill(args)) => done(
            commands::drill_args(&args, &typed, config)
                .and_then(|args| commands::drill(&rules, seed, &args)),
        ),
        Some(Command::Stats(args)) => done(
            commands::stats_file(config)
                .and_then(|file| commands::stats(&args, file, &mut stdout())),
        ),
        Some(Command::Review(args)) => done(
            commands::stats_file(config)
                .and_then(|file| commands::review(&rules, &args, file, &mut stdout())),
        ),
        Some(Command::Course(args)) => done(commands::course(&rules, &args, config, &mut stdout())),
        Some(Command::Config(mut args)) => {
            args.play = table;
            done(commands::config(&rules, &args, &typed, config, &mut stdout()))
        }
        Some(Command::Completions(args)) => done(commands::completions(args.shell, &mut stdout())),
        Some(Command::Manpage) => {
            let (table_keys, drill_help) = tui::keys_help();
            done(commands::manpage(&table_keys, drill_help, &mut stdout()))
        }
    };
    result.unwrap_or_else(|err| {
        if commands::is_closed_pipe(&err) {
            // The reader has gone (`blackjack indices --json | head`): what was asked for was
            // not all written, and the status says so.
            let _ = writeln!(
                std::io::stderr(),
                "error: standard output was closed before everything was written"
            );
            return ExitCode::from(1);
        }
        // Not `eprintln!`: it panics when the terminal has gone.
        let _ = writeln!(std::io::stderr(), "error: {err:#}");
        ExitCode::from(commands::exit_status(&err))
    })
}

/// Ends the program as clap would for `err`, except that a help or version that cannot be
/// written is an error with status 1, not a silent success.
fn clap_exit(err: &clap::Error) -> ExitCode {
    if err.use_stderr() {
        err.exit();
    }
    match err.print().and_then(|()| std::io::stdout().flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let what = match err.kind() {
                clap::error::ErrorKind::DisplayVersion => "the version",
                _ => "the help",
            };
            let _ = writeln!(
                std::io::stderr(),
                "error: cannot write {what} to standard output: {}",
                commands::io_reason(&e)
            );
            ExitCode::from(1)
        }
    }
}
