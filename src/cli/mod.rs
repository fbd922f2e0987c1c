//! The command line: the top-level parser and its subcommands; every flag is documented by its
//! doc comment.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

mod args;
mod course_args;
mod drill_options;
mod parse;
mod parsed;
mod value_enums;

pub use crate::ai::Level;
pub use crate::sim::count::{BetRamp, IndexChoice};
pub use crate::trainer::drills::counting::IndexSet;
pub use crate::trainer::drills::kinds::DrillKind;
pub use crate::trainer::export::ExportFormat;
pub use args::{
    CompletionsArgs, ConfigArgs, CountConvention, CountsArgs, DeckResolution, DrillArgs, EvArgs,
    IndicesArgs, PlanArgs, PlayArgs, PlayCommandArgs, ReviewArgs, RulesArgs, SimArgs, StatsArgs,
    StrategyArgs,
};
pub use course_args::{CourseAction, CourseArgs};
pub use parse::{
    CardList, CountName, check_player_hand, parse_card_list, parse_one_card, parse_player_hand,
};
pub use parsed::{Parsed, Typed, command, completion_command};

/// A blackjack trainer for the European no-hole-card game: play beside AI seats, get hints
/// and feedback with exact expected values, drill, and see the variant's exact strategy.
#[derive(Debug, Parser)]
#[command(
    name = "blackjack",
    version,
    about,
    long_about = None,
    after_help = "Exit status: 0 done (or you left the table); 1 error; 2 usage error (a bad option \
                  value, or `play` without a terminal); 130 after Ctrl-C, 143 after SIGTERM, 131 after SIGQUIT, \
                  129 after SIGHUP (128 + the signal's number, as shells report it)."
)]
pub struct Cli {
    /// Rules file to load instead of the embedded default (fields it leaves out keep their
    /// default values). Taken before a subcommand's name as after it, by the subcommands that
    /// read the rules; refused by `stats`, `config`, `completions` and `manpage`.
    #[arg(long, value_name = "PATH", global = true)]
    pub rules: Option<PathBuf>,

    /// Seed for the shoe: the same seed deals the same cards every time. Taken before a
    /// subcommand's name as after it, by `play`, `sim`, `plan` and `drill`; refused by a
    /// subcommand that deals no card.
    #[arg(long, value_name = "N", global = true)]
    pub seed: Option<u64>,

    /// Preferences file to use instead of `config.toml` in the platform's config folder (also
    /// `$BLACKJACK_CONFIG`); it must exist. Taken before a subcommand's name as after it, by
    /// the subcommands that read it; refused by the others.
    #[arg(long, value_name = "PATH", global = true)]
    pub config: Option<PathBuf>,

    /// What to do (default: play).
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Options of the table: with no subcommand, or before `play` (or `config`) as after it.
    #[command(flatten)]
    pub play: PlayArgs,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Sit at the table and play (the default).
    Play(PlayCommandArgs),
    /// Check a rules file and print the effective rules, in words and as TOML.
    Rules(RulesArgs),
    /// Exact expected value of every action for one hand against an up card.
    Ev(EvArgs),
    /// The variant's exact basic-strategy chart and house edge.
    Strategy(StrategyArgs),
    /// Play many rounds headless with one strategy and report the return.
    Sim(SimArgs),
    /// A count's index plays (Hi-Lo unless --count) computed for these rules, and its edge by
    /// count.
    Indices(IndicesArgs),
    /// The counting systems side by side for these rules: betting correlation and playing
    /// efficiency, from the exact effects of removal.
    Counts(CountsArgs),
    /// A bet ramp (in Hi-Lo unless --count) for your bankroll and risk: win rate, SCORE, N0 and
    /// risk of ruin.
    Plan(PlanArgs),
    /// Practise decisions of one kind, graded at once.
    Drill(DrillArgs),
    /// Your lifetime statistics; export them per chart cell (CSV or JSON), or start afresh.
    Stats(StatsArgs),
    /// Past rounds and drill answers from the hand history: the cards, what you did, what
    /// was best, what it cost, and why.
    Review(ReviewArgs),
    /// The counting course: every stage from the rules to the exam, your standing, and what
    /// to do next; `course rules` shows the house's rule sheet, `course check` checks it.
    Course(CourseArgs),
    /// Show the preferences file and the settings `play` would use; `--init` writes a
    /// commented default.
    Config(ConfigArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell) to standard output.
    Completions(CompletionsArgs),
    /// Print the manual page (roff) to standard output.
    Manpage,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn unknown_flag_is_an_error() {
        assert!(Cli::try_parse_from(["blackjack", "--frobnicate"]).is_err());
    }
}
