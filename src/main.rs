//! `blackjack`: parse the command line, pick a subcommand, nothing else.
//!
//! Exit statuses: see [`blackjack_trainer::commands`].

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

use blackjack_trainer::cli::{Cli, Command};
use blackjack_trainer::commands;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let rules = match commands::load_rules(cli.rules.as_deref()) {
        Ok(rules) => rules,
        Err(err) => {
            eprintln!("error: {err:#}");
            return ExitCode::from(2);
        }
    };
    let done = |result: anyhow::Result<()>| result.map(|()| ExitCode::SUCCESS);
    let result = match cli.command {
        None => commands::play(&rules, cli.seed, &cli.play),
        Some(Command::Play(args)) => commands::play(&rules, cli.seed, &args),
        Some(Command::Rules(args)) => done(commands::rules(&rules, &args)),
        Some(Command::Ev(args)) => done(commands::ev(&rules, &args)),
        Some(Command::Strategy(args)) => done(commands::strategy(&rules, &args)),
        Some(Command::Sim(args)) => done(commands::sim(&rules, cli.seed, &args)),
        Some(Command::Indices(args)) => done(commands::indices(&rules, &args)),
        Some(Command::Drill(args)) => done(commands::drill(&rules, cli.seed, &args)),
    };
    result.unwrap_or_else(|err| {
        // Not `eprintln!`: it panics when the terminal has gone.
        let _ = writeln!(std::io::stderr(), "error: {err:#}");
        commands::failure_status(&err)
    })
}
