//! `blackjack`: parse the command line, pick a subcommand, nothing else.
//!
//! Exit statuses: see [`blackjack_trainer::commands`].

use std::io::Write;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};

use blackjack_trainer::cli::{Cli, Command};
use blackjack_trainer::commands;

fn main() -> ExitCode {
    // The matches are kept: they say which flags were typed, so those beat the config file.
    let matches = Cli::command().get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|err| err.exit());
    let sub = |name: &str| matches.subcommand_matches(name).unwrap_or(&matches);
    let config = cli.config.as_deref();
    let rules = match commands::load_rules(cli.rules.as_deref()) {
        Ok(rules) => rules,
        Err(err) => {
            eprintln!("error: {err:#}");
            return ExitCode::from(2);
        }
    };
    let done = |result: anyhow::Result<()>| result.map(|()| ExitCode::SUCCESS);
    // `blackjack --stats F stats` (or `drill`) means the same file as `blackjack stats --stats F`.
    let stats_before = cli.play.stats.clone();
    let result = match cli.command {
        None => commands::play_configured(&rules, cli.seed, &cli.play, &matches, config),
        Some(Command::Play(args)) => {
            commands::play_configured(&rules, cli.seed, &args, sub("play"), config)
        }
        Some(Command::Rules(args)) => done(commands::rules(&rules, &args)),
        Some(Command::Ev(args)) => done(commands::ev(&rules, &args)),
        Some(Command::Strategy(args)) => done(commands::strategy(&rules, &args)),
        Some(Command::Sim(args)) => done(commands::sim(&rules, cli.seed, &args)),
        Some(Command::Indices(args)) => done(commands::indices(&rules, &args)),
        Some(Command::Drill(mut args)) => done({
            args.stats = args.stats.or(stats_before);
            commands::drill_args(&args, sub("drill"), config)
                .and_then(|args| commands::drill(&rules, cli.seed, &args))
        }),
        Some(Command::Stats(mut args)) => {
            args.stats = args.stats.or(stats_before);
            done(commands::stats_file(config).and_then(|file| commands::stats(&args, file)))
        }
        Some(Command::Review(args)) => done(
            commands::stats_file(config).and_then(|file| commands::review(&rules, &args, file)),
        ),
        Some(Command::Config(args)) => done(commands::config(&args, sub("config"), config)),
        Some(Command::Completions(args)) => done(commands::completions(args.shell)),
        Some(Command::Manpage) => done(commands::manpage()),
    };
    result.unwrap_or_else(|err| {
        // Not `eprintln!`: it panics when the terminal has gone.
        let _ = writeln!(std::io::stderr(), "error: {err:#}");
        commands::failure_status(&err)
    })
}
