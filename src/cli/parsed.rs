//! The command line read and checked: the global options and the table's options (flattened
//! [`PlayArgs`]) are taken before a subcommand's name as after it, and one typed where it does
//! nothing is refused in a sentence that says where it acts.

use clap::parser::ValueSource;
use clap::{ArgMatches, CommandFactory, FromArgMatches};

use super::{Cli, PlayArgs};

/// The ids of the global options: clap hands each to every subcommand, so a subcommand whose
/// own options lack it hides it from its help and refuses it.
const GLOBAL: [&str; 5] = ["seed", "rules", "config", "stats", "no_stats"];

/// The subcommands that take the table's options, typed before their name as after it.
const TAKE_THE_TABLE: [&str; 2] = ["play", "config"];

/// The command line as clap reads it: [`Cli`]'s, with each global option hidden from the help
/// (and the manual page) of the subcommands that do not read it.
pub fn command() -> clap::Command {
    // Before it is built, a subcommand holds its own options only.
    let own = Cli::command();
    let mut cmd = Cli::command();
    cmd.build();
    cmd.mut_subcommands(|sub| {
        let reads = own
            .find_subcommand(sub.get_name())
            .map(|o| o.get_arguments().map(|a| a.get_id().to_string()).collect::<Vec<_>>())
            .unwrap_or_default();
        hide_unread(sub, &reads)
    })
}

/// The command line as the completion scripts offer it: each global option only where it is
/// read (the scripts would offer a hidden one too). Not for parsing.
pub fn completion_command() -> clap::Command {
    Cli::command().mut_args(|arg| arg.global(false))
}

/// `sub` and its subcommands with the global options not in `reads` hidden (by `mut_args`,
/// which keeps each option in its place; `mut_arg` would move it to the end).
fn hide_unread(sub: clap::Command, reads: &[String]) -> clap::Command {
    sub.mut_args(|arg| {
        let id = arg.get_id().as_str();
        if GLOBAL.contains(&id) && !reads.iter().any(|r| r == id) { arg.hide(true) } else { arg }
    })
    .mut_subcommands(|child| hide_unread(child, reads))
}

/// The options typed on the command line, before or after the subcommand's name (they beat
/// the preferences file).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Typed(Vec<String>);

impl Typed {
    /// Whether the option with this id was typed.
    pub fn has(&self, id: &str) -> bool {
        self.0.iter().any(|typed| typed == id)
    }

    /// The ids `matches` got from the command line.
    fn add(&mut self, matches: &ArgMatches) {
        for id in matches.ids() {
            let id = id.as_str();
            if matches.value_source(id) == Some(ValueSource::CommandLine) && !self.has(id) {
                self.0.push(id.to_owned());
            }
        }
    }
}

/// The command line, read and checked.
#[derive(Debug)]
pub struct Parsed {
    /// The options and the subcommand.
    pub cli: Cli,
    /// What clap matched, kept for where each option was typed.
    matches: ArgMatches,
}

impl Parsed {
    /// Reads the program's arguments; the error is clap's (a usage error, or the help or the
    /// version asked for).
    pub fn from_env() -> Result<Parsed, clap::Error> {
        Parsed::from_matches(command().try_get_matches()?)
    }

    /// Reads `args` (the program's name first).
    pub fn parse_from<I, T>(args: I) -> Result<Parsed, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        Parsed::from_matches(command().try_get_matches_from(args)?)
    }

    fn from_matches(matches: ArgMatches) -> Result<Parsed, clap::Error> {
        let cli = Cli::from_arg_matches(&matches)?;
        let parsed = Parsed { cli, matches };
        parsed.check()?;
        Ok(parsed)
    }

    /// The table's options: with `play` or `config`, those typed after its name laid over
    /// those typed before it (clap's own update of [`PlayArgs`]).
    pub fn table(&self) -> Result<PlayArgs, clap::Error> {
        let mut table = self.cli.play.clone();
        if let Some((name, sub)) = self.matches.subcommand()
            && TAKE_THE_TABLE.contains(&name)
        {
            let mut typed = sub.clone();
            for id in sub.ids() {
                // `id` is one of `sub`'s own, so clearing it cannot fail.
                if sub.value_source(id.as_str()) != Some(ValueSource::CommandLine) {
                    let _ = typed.try_clear_id(id.as_str());
                }
            }
            table.update_from_arg_matches(&typed)?;
        }
        Ok(table)
    }

    /// The options typed on the command line, before the subcommand's name or after it.
    pub fn typed(&self) -> Typed {
        let mut typed = Typed::default();
        typed.add(&self.matches);
        if let Some((_, sub)) = self.matches.subcommand() {
            typed.add(sub);
        }
        typed
    }

    /// Refuses an option typed where it does nothing: a global option the subcommand does
    /// not read, a table's option before another subcommand, a drill option of another kind.
    fn check(&self) -> Result<(), clap::Error> {
        let Some((name, sub)) = self.matches.subcommand() else {
            return self.check_count_before();
        };
        if let (Some(super::Command::Drill(drill)), "drill") = (&self.cli.command, name) {
            super::drill_options::check(drill.kind, sub)?;
        }
        let top = Cli::command();
        let own = top.find_subcommand(name);
        let reads = |id: &str| own.is_some_and(|o| o.get_arguments().any(|a| a.get_id() == id));
        for arg in top.get_arguments() {
            let id = arg.get_id().as_str();
            if self.matches.value_source(id) != Some(ValueSource::CommandLine) {
                continue;
            }
            let flag = arg.get_long().unwrap_or(id);
            if GLOBAL.contains(&id) {
                if !reads(id) {
                    return Err(refusal(format!(
                        "`--{flag}` does nothing for `{name}`: it is an option of the table \
                         (`blackjack`, `blackjack play`){}",
                        readers_besides_play(&top, id)
                    )));
                }
            } else if !TAKE_THE_TABLE.contains(&name) {
                return Err(refusal(format!(
                    "`--{flag}` before `{name}` does nothing: it is an option of the table \
                     (give it after `play`, or with no subcommand)"
                )));
            }
        }
        Ok(())
    }

    /// `blackjack --count strategy`: `--count` takes a count's name if one follows, so the
    /// subcommand was read as the name; refused, saying so.
    fn check_count_before(&self) -> Result<(), clap::Error> {
        let Some(Some(count)) = &self.cli.play.count else {
            return Ok(());
        };
        let name = &count.0;
        if Cli::command().find_subcommand(name).is_none() {
            return Ok(());
        }
        Err(refusal(if TAKE_THE_TABLE.contains(&name.as_str()) {
            format!(
                "`--count` before `{name}` reads `{name}` as a count's name: give `--count` \
                 after `{name}`"
            )
        } else {
            format!(
                "`--count` before `{name}` does nothing: it is an option of the table (give it \
                 after `play`, or with no subcommand)"
            )
        }))
    }
}

/// `" and of `sim`, `plan` and `drill` only"`: the subcommands besides `play` whose own
/// options have `id`.
fn readers_besides_play(top: &clap::Command, id: &str) -> String {
    let names: Vec<String> = top
        .get_subcommands()
        .filter(|s| s.get_name() != "play" && s.get_arguments().any(|a| a.get_id() == id))
        .map(|s| format!("`{}`", s.get_name()))
        .collect();
    match names.split_last() {
        None => " only".to_owned(),
        Some((last, [])) => format!(" and of {last} only"),
        Some((last, rest)) => format!(" and of {} and {last} only", rest.join(", ")),
    }
}

/// A usage error worded by clap like its own.
fn refusal(message: String) -> clap::Error {
    command().error(clap::error::ErrorKind::ArgumentConflict, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(args: &[&str]) -> Result<(PlayArgs, Option<u64>), String> {
        let parsed = Parsed::parse_from(args).map_err(|e| e.to_string())?;
        let table = parsed.table().map_err(|e| e.to_string())?;
        Ok((table, parsed.cli.seed))
    }

    #[test]
    fn the_tables_options_are_taken_before_play_as_after_it() {
        let spellings = [
            &["blackjack", "--speed", "0", "--seed", "3", "play"][..],
            &["blackjack", "play", "--speed", "0", "--seed", "3"],
            &["blackjack", "--speed", "0", "--seed", "3"],
            &["blackjack", "--speed", "0", "play", "--seed", "3"],
        ];
        for args in spellings {
            let (table, seed) = read(args).expect("taken");
            assert_eq!((table.speed, seed), (0, Some(3)), "{args:?}");
        }
        let (table, _) =
            read(&["blackjack", "--speed", "0", "play", "--speed", "50"]).expect("read");
        assert_eq!(table.speed, 50, "after the name wins");
        let (table, _) = read(&["blackjack", "--seats", "5", "config"]).expect("read");
        assert_eq!(table.seats, 5, "config takes the table's options too");
    }

    #[test]
    fn an_option_typed_where_it_does_nothing_is_refused() {
        for (args, says) in [
            (&["blackjack", "--speed", "0", "sim"][..], "`--speed` before `sim`"),
            (&["blackjack", "sim", "--stats", "x"], "`--stats` does nothing for `sim`"),
            (&["blackjack", "stats", "--seed", "1"], "`--seed` does nothing for `stats`"),
            (&["blackjack", "--count", "play"], "give `--count` after `play`"),
        ] {
            let err = read(args).expect_err("refused");
            assert!(err.contains(says), "{args:?}: {err}");
        }
        let err = read(&["blackjack", "ev", "--hand", "8,8", "--up", "T", "--seed", "1"])
            .expect_err("refused");
        assert!(err.contains("and of `sim`, `plan` and `drill` only"), "{err}");
    }

    #[test]
    fn a_global_option_is_in_the_help_only_where_it_is_read() {
        let cmd = command();
        let offered = |sub: &str, id: &str| {
            cmd.find_subcommand(sub)
                .and_then(|s| s.get_arguments().find(|a| a.get_id() == id))
                .is_some_and(|a| !a.is_hide_set())
        };
        assert!(offered("sim", "seed") && !offered("stats", "seed"));
        assert!(offered("review", "stats") && !offered("ev", "stats"));
        let mut bash = Vec::new();
        clap_complete::generate(
            clap_complete::Shell::Bash,
            &mut completion_command(),
            "blackjack",
            &mut bash,
        );
        let bash = String::from_utf8(bash).expect("UTF-8");
        let completions = bash
            .lines()
            .skip_while(|l| !l.contains("blackjack__subcmd__completions)"))
            .find(|l| l.contains("opts="))
            .expect("the options of `completions`");
        assert!(!completions.contains("--seed"), "{completions}");
    }
}
