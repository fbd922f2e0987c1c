//! `blackjack`: parse the command line, pick a subcommand, nothing else.

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
    let result = match cli.command {
        None => commands::play(&rules, cli.seed, &cli.play),
        Some(Command::Play(args)) => commands::play(&rules, cli.seed, &args),
        Some(Command::Rules) => commands::rules(&rules),
        Some(Command::Ev(args)) => commands::ev(&rules, &args),
        Some(Command::Strategy(args)) => commands::strategy(&rules, &args),
        Some(Command::Sim(args)) => commands::sim(&rules, cli.seed, &args),
        Some(Command::Drill(args)) => commands::drill(&rules, cli.seed, &args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            commands::failure_status(&err)
        }
    }
}
