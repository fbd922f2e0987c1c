//! Where `--seed`, `--rules` and `--config` act: after the subcommand's name, or before it
//! where the subcommand takes them; the table's options before a subcommand are refused.

use std::path::PathBuf;

use clap::Args;

use super::{Cli, Command, PlayArgs};

impl Command {
    /// The subcommand's own `--seed`: `None` where it takes none.
    fn own_seed(&self) -> Option<Option<u64>> {
        match self {
            Command::Play(args) => Some(args.seed.seed),
            Command::Sim(args) => Some(args.seed.seed),
            Command::Plan(args) => Some(args.seed.seed),
            Command::Drill(args) => Some(args.seed.seed),
            _ => None,
        }
    }

    /// The subcommand's own `--rules`: `None` where it takes none.
    fn own_rules(&self) -> Option<Option<&PathBuf>> {
        let rules = match self {
            Command::Play(args) => &args.rules,
            Command::Rules(args) => &args.rules,
            Command::Ev(args) => &args.rules,
            Command::Strategy(args) => &args.rules,
            Command::Sim(args) => &args.rules,
            Command::Indices(args) => &args.rules,
            Command::Counts(args) => &args.rules,
            Command::Plan(args) => &args.rules,
            Command::Drill(args) => &args.rules,
            Command::Review(args) => &args.rules,
            Command::Course(args) => &args.rules,
            Command::Stats(_) | Command::Config(_) | Command::Completions(_) | Command::Manpage => {
                return None;
            }
        };
        Some(rules.rules.as_ref())
    }

    /// The subcommand's own `--config`: `None` where it takes none.
    fn own_config(&self) -> Option<Option<&PathBuf>> {
        let config = match self {
            Command::Play(args) => &args.config,
            Command::Drill(args) => &args.config,
            Command::Stats(args) => &args.config,
            Command::Review(args) => &args.config,
            Command::Course(args) => &args.config,
            Command::Config(args) => &args.config,
            Command::Counts(args) => &args.config,
            Command::Sim(args) => &args.config,
            Command::Indices(args) => &args.config,
            Command::Plan(args) => &args.config,
            _ => return None,
        };
        Some(config.config.as_ref())
    }
}

/// A flag given before the subcommand (`before`) or after its name (`own`: `None` where the
/// subcommand takes no such flag). After the name wins; before a subcommand that takes no such
/// flag it is a usage error, worded by clap like its own, naming where the flag acts.
fn before_or_own<T>(
    flag: &str,
    acts_on: &str,
    before: Option<T>,
    own: Option<Option<T>>,
    subcommand: Option<&str>,
) -> Result<Option<T>, clap::Error> {
    match own {
        Some(own) => Ok(own.or(before)),
        None if before.is_none() => Ok(None),
        None => {
            let name = subcommand.unwrap_or("this subcommand");
            let mut cli = <Cli as clap::CommandFactory>::command();
            Err(cli.error(
                clap::error::ErrorKind::ArgumentConflict,
                format!("`{flag}` does nothing for `{name}`: it acts on {acts_on}"),
            ))
        }
    }
}

/// The shared flags as they act on the command chosen (see [`Cli::chosen`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Chosen {
    /// The shoe's seed.
    pub seed: Option<u64>,
    /// The rules file.
    pub rules: Option<PathBuf>,
    /// The preferences file.
    pub config: Option<PathBuf>,
}

impl Cli {
    /// `--seed`, `--rules` and `--config` for the command chosen, each from after the
    /// subcommand's name or else from before it; a usage error for a flag (or an option of the
    /// table) given before a subcommand it does nothing for, or a drill option the drill's kind
    /// does not read ([`super::drill_options`]). `matches` are the matches `self` was read
    /// from.
    pub fn chosen(&self, matches: &clap::ArgMatches) -> Result<Chosen, clap::Error> {
        let subcommand = matches.subcommand_name();
        self.check_table_options_before(matches)?;
        if let (Some(Command::Drill(drill)), Some(own)) =
            (&self.command, matches.subcommand_matches("drill"))
        {
            super::drill_options::check(drill.kind, own)?;
        }
        Ok(Chosen {
            seed: self.seed_for(subcommand)?,
            rules: self.rules_for(subcommand)?.cloned(),
            config: self.config_for(subcommand)?.cloned(),
        })
    }

    /// The seed of the command chosen: the subcommand's own `--seed`, else the one given
    /// before it. `--seed` before a subcommand that deals no card (`blackjack --seed 1 stats`)
    /// is a usage error.
    fn seed_for(&self, subcommand: Option<&str>) -> Result<Option<u64>, clap::Error> {
        let Some(command) = &self.command else {
            return Ok(self.seed);
        };
        before_or_own(
            "--seed",
            "the table (`blackjack`, `blackjack play`), `sim` and `drill` only, which deal cards",
            self.seed,
            command.own_seed(),
            subcommand,
        )
    }

    /// Refuses the table's own options (`--seats`, `--hints`, …) given before a subcommand,
    /// where they would be dropped unread: only `--stats` is passed on there (to `play`,
    /// `drill`, `stats`, `review`, `course` and `config`) and `--no-stats` (to `play`, `drill` and
    /// `config`). `matches` are the matches `self` was read from.
    fn check_table_options_before(&self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        let Some(subcommand) = matches.subcommand_name() else {
            // `blackjack --count strategy`: `--count` takes a count's name if one follows, so
            // the subcommand was read as the name; refused as a table option before it.
            let mut cli = <Cli as clap::CommandFactory>::command();
            if let Some(Some(name)) = &self.play.count
                && cli.find_subcommand(&name.0).is_some()
            {
                return Err(cli.error(
                    clap::error::ErrorKind::ArgumentConflict,
                    format!(
                        "`--count` before `{}` does nothing: it is an option of the table (give \
                         it after `play`, or with no subcommand)",
                        name.0
                    ),
                ));
            }
            return Ok(());
        };
        let table = <PlayArgs as Args>::augment_args(clap::Command::new("play"));
        for arg in table.get_arguments() {
            let id = arg.get_id().as_str();
            if matches.value_source(id) != Some(clap::parser::ValueSource::CommandLine) {
                continue;
            }
            let passed_on: &[&str] = match id {
                "stats" => &["play", "drill", "stats", "review", "course", "config"],
                "no_stats" => &["play", "drill", "config"],
                _ => &[],
            };
            if !passed_on.contains(&subcommand) {
                let flag = arg.get_long().unwrap_or(id);
                let mut cli = <Cli as clap::CommandFactory>::command();
                return Err(cli.error(
                    clap::error::ErrorKind::ArgumentConflict,
                    format!(
                        "`--{flag}` before `{subcommand}` does nothing: it is an option of the \
                         table (give it after `play`, or with no subcommand){}",
                        if passed_on.is_empty() {
                            String::new()
                        } else {
                            format!(
                                "; before a subcommand it is read by {} only",
                                passed_on.join(", ")
                            )
                        }
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The rules file of the command chosen, as [`Cli::seed_for`] finds the seed.
    fn rules_for(&self, subcommand: Option<&str>) -> Result<Option<&PathBuf>, clap::Error> {
        let Some(command) = &self.command else {
            return Ok(self.rules.as_ref());
        };
        before_or_own(
            "--rules",
            "the table and the subcommands that read the rules only (`play`, `rules`, `ev`, \
             `strategy`, `sim`, `indices`, `drill`, `review`)",
            self.rules.as_ref(),
            command.own_rules(),
            subcommand,
        )
    }

    /// The preferences file of the command chosen, as [`Cli::seed_for`] finds the seed.
    fn config_for(&self, subcommand: Option<&str>) -> Result<Option<&PathBuf>, clap::Error> {
        let Some(command) = &self.command else {
            return Ok(self.config.as_ref());
        };
        before_or_own(
            "--config",
            "the table and the subcommands that read the preferences file only (`play`, \
             `drill`, `stats`, `review`, `config`, `counts`, `sim`, `indices`)",
            self.config.as_ref(),
            command.own_config(),
            subcommand,
        )
    }
}
