//! The command line: every flag is documented by its doc comment.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// A blackjack trainer for the European no-hole-card game: play beside AI seats, get hints
/// and feedback with exact expected values, drill, and see the variant's exact strategy.
#[derive(Debug, Parser)]
#[command(
    name = "blackjack",
    version,
    about,
    long_about = None,
    after_help = "Exit status: 0 done (or you left the table); 1 error; 2 usage error (a bad option \
                  value, or `play` without a terminal); 130 after Ctrl-C, 143 after SIGTERM, \
                  129 after SIGHUP (128 + the signal's number, as shells report it)."
)]
pub struct Cli {
    /// Rules file to load instead of the embedded default (fields it leaves out keep their
    /// default values).
    #[arg(long, global = true, value_name = "PATH")]
    pub rules: Option<PathBuf>,

    /// Seed for the shoe: the same seed deals the same cards every time.
    #[arg(long, global = true, value_name = "N")]
    pub seed: Option<u64>,

    /// What to do (default: play).
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Options of `play`, also accepted with no subcommand.
    #[command(flatten)]
    pub play: PlayArgs,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Sit at the table and play (the default).
    Play(PlayArgs),
    /// Check a rules file and print the effective rules, in words and as TOML.
    Rules,
    /// Exact expected value of every action for one hand against an up card.
    Ev(EvArgs),
    /// The variant's exact basic-strategy chart and house edge.
    Strategy(StrategyArgs),
    /// Play many rounds headless with one strategy and report the return.
    Sim(SimArgs),
    /// Practise decisions of one kind, graded at once.
    Drill(DrillArgs),
}

/// The level of an AI seat (or the strategy the simulator plays).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Level {
    /// Hits below 17, otherwise stands.
    Easy,
    /// A common multi-deck basic-strategy table.
    Normal,
    /// The exact basic strategy of the loaded variant.
    Hard,
}

/// Options of `blackjack play`.
#[derive(Debug, Clone, Args)]
pub struct PlayArgs {
    /// Number of seats at the table (1–7).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=7))]
    pub seats: u8,
    /// Your seat, 1-based (default: the middle seat).
    #[arg(long, value_name = "K")]
    pub seat: Option<u8>,
    /// Levels of the AI seats, in seat order, comma-separated (repeated if fewer than the seats).
    #[arg(long, value_delimiter = ',', default_values = ["normal", "hard"])]
    pub ai: Vec<Level>,
    /// Milliseconds per dealt card for AI seats and the dealer (0 = instant).
    #[arg(long, default_value_t = 400, value_name = "MS")]
    pub speed: u64,
    /// Show strategy hints from the start.
    #[arg(long)]
    pub hints: bool,
    /// Draw cards with ASCII only (no suit symbols or box lines).
    #[arg(long)]
    pub ascii: bool,
    /// Refuse a decision that differs from basic strategy and ask again.
    #[arg(long)]
    pub strict: bool,
    /// Statistics file to use instead of the one in the platform's data directory.
    #[arg(long, value_name = "PATH")]
    pub stats: Option<PathBuf>,
    /// Keep no statistics on disk.
    #[arg(long)]
    pub no_stats: bool,
    /// Starting bankroll in virtual units.
    #[arg(long, default_value_t = 100)]
    pub bankroll: i64,
}

/// Options of `blackjack ev`.
#[derive(Debug, Clone, Args)]
pub struct EvArgs {
    /// The player's cards, comma-separated (`8,8`, `A,7`, `T,6`; `10 J Q K` count as `T`).
    #[arg(long)]
    pub hand: String,
    /// The dealer's up card.
    #[arg(long)]
    pub up: String,
    /// Further cards seen since the shuffle, removed from the shoe (comma-separated).
    #[arg(long, value_name = "CARDS")]
    pub seen: Option<String>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Options of `blackjack strategy`.
#[derive(Debug, Clone, Args)]
pub struct StrategyArgs {
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Options of `blackjack sim`.
#[derive(Debug, Clone, Args)]
pub struct SimArgs {
    /// Rounds to play.
    #[arg(long, default_value_t = 1_000_000)]
    pub hands: u64,
    /// Strategy of the one seat.
    #[arg(long, value_enum, default_value_t = Level::Hard)]
    pub strategy: Level,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Cut-card penetration, overriding the rules file (0.25–1.0).
    #[arg(long, conflicts_with = "fresh_shoe")]
    pub penetration: Option<f64>,
    /// Shuffle a full shoe before every round.
    #[arg(long)]
    pub fresh_shoe: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub use crate::trainer::drill::DrillKind;

/// `--kind` values are the trainer's drill kinds, spelt as [`DrillKind::name`] gives them (the
/// enum lives in the trainer, which knows nothing of the command line).
impl ValueEnum for DrillKind {
    fn value_variants<'a>() -> &'a [Self] {
        &DrillKind::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()).help(self.describe()))
    }
}

/// Options of `blackjack drill`.
#[derive(Debug, Clone, Args)]
pub struct DrillArgs {
    /// What to practise.
    #[arg(long, value_enum, default_value_t = DrillKind::All)]
    pub kind: DrillKind,
    /// Statistics file to use instead of the one in the platform's data directory.
    #[arg(long, value_name = "PATH")]
    pub stats: Option<PathBuf>,
    /// Keep no statistics on disk.
    #[arg(long)]
    pub no_stats: bool,
    /// Draw cards with ASCII only.
    #[arg(long)]
    pub ascii: bool,
}

impl PlayArgs {
    /// The options of a plain `blackjack play`.
    pub fn defaults() -> PlayArgs {
        #[derive(Parser)]
        struct Wrapper {
            #[command(flatten)]
            play: PlayArgs,
        }
        Wrapper::parse_from(["blackjack"]).play
    }
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
    fn play_defaults_are_three_seats_normal_and_hard() {
        let p = PlayArgs::defaults();
        assert_eq!(p.seats, 3);
        assert_eq!(p.ai, vec![Level::Normal, Level::Hard]);
        assert_eq!(p.speed, 400);
    }

    #[test]
    fn drill_kinds_parse_by_name() {
        for kind in DrillKind::ALL {
            let cli = Cli::try_parse_from(["blackjack", "drill", "--kind", kind.name()])
                .expect("every kind parses");
            assert!(
                matches!(cli.command, Some(Command::Drill(DrillArgs { kind: k, .. })) if k == kind)
            );
        }
        assert!(Cli::try_parse_from(["blackjack", "drill", "--kind", "wild"]).is_err());
    }

    #[test]
    fn unknown_flag_is_an_error() {
        assert!(Cli::try_parse_from(["blackjack", "--frobnicate"]).is_err());
    }
}
