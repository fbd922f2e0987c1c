//! The options of each subcommand (`…Args`), and the `--seed`, `--rules` and `--config` flags
//! they share.

use std::path::PathBuf;

use clap::{Args, Parser, ValueEnum};

use super::parse::{
    CountName, parse_at_least_one, parse_bankroll, parse_count_name, parse_pace, parse_penetration,
    parse_positive, parse_ramp, parse_ramp_choice, parse_rounds,
};
use super::{
    BetRamp, CardList, DrillKind, ExportFormat, IndexChoice, IndexSet, Level, parse_card_list,
    parse_one_card, parse_player_hand,
};
use crate::config::MAX_SPEED_MS;
use crate::store::coach::{MAX_REVIEW_LIMIT, REVIEW_LIMIT};
use crate::trainer::plan_saved::RampChoice;

/// Options of `blackjack stats`.
#[derive(Debug, Clone, Args)]
pub struct StatsArgs {
    /// Statistics database to use instead of the one in the platform's data directory.
    #[arg(long, value_name = "PATH")]
    pub stats: Option<PathBuf>,
    /// Write the per-cell table (one row per chart cell: decisions, right, wrong, streak, last
    /// seen) instead of the summary.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub export: Option<ExportFormat>,
    /// With --export csv, write the per-session rows (when, rounds, net, decisions, EV given
    /// away) instead of the per-cell table; a JSON export always holds them.
    #[arg(long, requires = "export")]
    pub sessions: bool,
    /// With --export csv, write the per-day rows (decisions, accuracy, EV given away per 100
    /// decisions, the counting answers' accuracy and seconds) instead of the per-cell table; a
    /// JSON export always holds them.
    #[arg(long, requires = "export", conflicts_with = "sessions")]
    pub days: bool,
    /// Write the export to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE", requires = "export")]
    pub output: Option<PathBuf>,
    /// Start the statistics afresh; the database is first copied to a backup. Asks first.
    #[arg(long, group = "deleting", conflicts_with_all = ["backup", "export"])]
    pub reset: bool,
    /// Copy the statistics database, as it is now, to a new file (SQLite's online backup:
    /// sessions playing meanwhile go on).
    #[arg(long, value_name = "FILE", conflicts_with = "export")]
    pub backup: Option<PathBuf>,
    /// Delete the rounds, decisions and answers of the days before this one (YYYY-MM-DD);
    /// the database is first copied to a backup. Asks first.
    #[arg(long, value_name = "DAY", group = "deleting", conflicts_with_all = ["backup", "export"])]
    pub forget_before: Option<String>,
    /// Delete without asking (needed when there is no terminal to ask on).
    #[arg(long, requires = "deleting")]
    pub yes: bool,
    /// The preferences file.
    #[command(flatten)]
    pub config: ConfigArg,
}

/// Options of `blackjack config`.
#[derive(Debug, Clone, Args)]
pub struct ConfigArgs {
    /// Write the commented default preferences file and print its path.
    #[arg(long)]
    pub init: bool,
    /// With --init, replace a file that is already there.
    #[arg(long, requires = "init")]
    pub force: bool,
    /// `play` options: shown as the effective settings, beating the file.
    #[command(flatten)]
    pub play: PlayArgs,
    /// The preferences file.
    #[command(flatten)]
    pub config: ConfigArg,
}

/// Options of `blackjack completions`.
#[derive(Debug, Clone, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for: e.g. `blackjack completions bash > ~/.local/share/bash-completion/completions/blackjack`.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
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
    /// Milliseconds per dealt card for AI seats and the dealer (0 = instant, at most 10000).
    #[arg(long, default_value_t = 400, value_name = "MS",
          value_parser = clap::value_parser!(u64).range(0..=MAX_SPEED_MS))]
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
    /// Statistics database to use instead of the one in the platform's data directory (taken
    /// before a subcommand's name as after it, by the subcommands that keep statistics).
    #[arg(long, value_name = "PATH", conflicts_with = "no_stats", global = true)]
    pub stats: Option<PathBuf>,
    /// Keep no statistics on disk (taken before a subcommand's name as after it).
    #[arg(long, global = true)]
    pub no_stats: bool,
    /// Starting bankroll in virtual units, 1 to 1000000000 (also what a rebuy brings when it
    /// runs out).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub bankroll: u64,
    /// Counting mode: grade decisions by this game's index plays at the true count (the count
    /// starts hidden; `c` shows it), counting Hi-Lo (hilo), or SYSTEM when one is named — ko, hiopt1,
    /// hiopt2, omega2, zen, halves, red7, or your own count's name from config.toml (the
    /// counter seats and the drills from the table count it too).
    #[arg(long, value_name = "SYSTEM", num_args = 0..=1, value_parser = parse_count_name)]
    pub count: Option<Option<CountName>>,
    /// Grade the bet placed before each deal against this ramp: the bet at true count 0 or
    /// less, +1, +2, … (the last for every higher count), comma-separated; or `plan`, the
    /// ramp `blackjack plan --save` saved in config.toml.
    #[arg(long, value_name = "BETS", value_parser = parse_ramp_choice)]
    pub ramp: Option<RampChoice>,
    /// In counting mode with the count hidden: ask for the running count before every N-th
    /// deal (0: never).
    #[arg(long, value_name = "N", default_value_t = 5, requires = "count")]
    pub count_check: u32,
    /// Deal at a casino's pace: after the first deal (Space), each next round is dealt by
    /// itself — `casino` (70 rounds an hour, a full table), `heads-up` (200), `slow` (35) or a
    /// number of rounds an hour, 10 to 600. `w` pauses it; Space still deals at once.
    #[arg(long, value_name = "PACE", value_parser = str::parse::<crate::session::Pace>)]
    pub pace: Option<crate::session::Pace>,
    /// Entries of the hand history the review (`v`) loads, the newest (0: this session's
    /// only). Nothing is ever deleted: this only limits what the review shows.
    #[arg(long, value_name = "N", default_value_t = REVIEW_LIMIT,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=MAX_REVIEW_LIMIT as u64))]
    pub history_limit: usize,
}

/// `--seed`, offered only where a shoe is dealt: the table (no subcommand, or `play`), `sim`
/// and `drill`.
#[derive(Debug, Clone, Copy, Default, Args)]
pub struct SeedArg {
    /// Seed for the shoe: the same seed deals the same cards every time.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

/// `--rules`, offered only where the rules are read.
#[derive(Debug, Clone, Default, Args)]
pub struct RulesArg {
    /// Rules file to load instead of the embedded default (fields it leaves out keep their
    /// default values).
    #[arg(long, value_name = "PATH")]
    pub rules: Option<PathBuf>,
}

/// `--config`, offered only where the preferences file is read.
#[derive(Debug, Clone, Default, Args)]
pub struct ConfigArg {
    /// Preferences file to use instead of `config.toml` in the platform's config folder (also
    /// `$BLACKJACK_CONFIG`); it must exist.
    #[arg(long, value_name = "PATH")]
    pub config: Option<PathBuf>,
}

/// Options of `blackjack play`: the table's options, its seed, rules and preferences file
/// (`blackjack config` takes the table's options but not the seed or the rules, which it has
/// no use for).
#[derive(Debug, Clone, Args)]
pub struct PlayCommandArgs {
    /// The table's options.
    #[command(flatten)]
    pub play: PlayArgs,
    /// The shoe's seed.
    #[command(flatten)]
    pub seed: SeedArg,
    /// The rules file.
    #[command(flatten)]
    pub rules: RulesArg,
    /// The preferences file.
    #[command(flatten)]
    pub config: ConfigArg,
}

/// Options of `blackjack rules`.
#[derive(Debug, Clone, Args)]
pub struct RulesArgs {
    /// Print only the effective rules as TOML: a complete rules file, for
    /// `blackjack rules --toml > my.toml` and then `blackjack --rules my.toml`.
    #[arg(long)]
    pub toml: bool,
    /// The rules file.
    #[command(flatten)]
    pub rules: RulesArg,
}

/// Options of `blackjack ev`.
#[derive(Debug, Clone, Args)]
pub struct EvArgs {
    /// The player's cards in the order dealt, comma-separated (`8,8`, `A,7`, `T,6`;
    /// `10 J Q K` count as `T`).
    #[arg(long, value_parser = parse_player_hand)]
    pub hand: CardList,
    /// The dealer's up card.
    #[arg(long, value_parser = parse_one_card)]
    pub up: crate::engine::Value,
    /// Further cards seen since the shuffle, removed from the shoe (comma-separated).
    #[arg(long, value_name = "CARDS", value_parser = parse_card_list)]
    pub seen: Option<CardList>,
    /// Grade this play as the table grades it: against the chart, with these EVs.
    #[arg(long, value_name = "ACTION")]
    pub play: Option<crate::engine::Action>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The rules file.
    #[command(flatten)]
    pub rules: RulesArg,
}

/// Options of `blackjack strategy`.
#[derive(Debug, Clone, Args)]
pub struct StrategyArgs {
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Explain one cell instead: its EVs and the reason for its play (a key as `--json`
    /// writes them: `hard:11:T`, `soft:18:9`, `pair:8:A`).
    #[arg(long, value_name = "CELL", conflicts_with = "json")]
    pub why: Option<String>,
    /// The rules file.
    #[command(flatten)]
    pub rules: RulesArg,
}

/// Options of `blackjack counts`.
#[derive(Debug, Clone, Args)]
pub struct CountsArgs {
    /// The American peek game instead (the dealer checks under an ace or a ten; a natural
    /// takes only the original bet): analysis only, to compare with published figures.
    #[arg(long)]
    pub peek: bool,
    /// Rounds the counting simulator plays per count for its SCORE (this game only): a whole
    /// number from 1 to 1e15, as `sim --hands` reads it.
    #[arg(
        long,
        value_name = "N",
        default_value = "2000000",
        value_parser = parse_rounds,
        allow_hyphen_values = true
    )]
    pub score_rounds: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The rules file.
    #[command(flatten)]
    pub rules: RulesArg,
    /// The preferences file (its `[count]` table, a count of your own, is shown too).
    #[command(flatten)]
    pub config: ConfigArg,
}

/// Options of `blackjack indices`.
#[derive(Debug, Clone, Args)]
pub struct IndicesArgs {
    /// The American peek game instead (the dealer checks under an ace or a ten; a natural
    /// takes only the original bet): analysis only, to compare with published tables.
    #[arg(long, conflicts_with = "compare")]
    pub peek: bool,
    /// Both games side by side, the cells whose play or index moves marked with `*`.
    #[arg(long)]
    pub compare: bool,
    /// The index table of this count — hilo (the default), ko, hiopt1, hiopt2, omega2, zen,
    /// halves, red7, or the name of your own count in config.toml: a balanced count's by its
    /// floored true count, an unbalanced one's (ko, red7) by its running count.
    #[arg(long, value_name = "SYSTEM", value_parser = parse_count_name)]
    pub count: Option<CountName>,
    /// Worker threads for the analysis (default: every core, or $BLACKJACK_THREADS).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The rules file.
    #[command(flatten)]
    pub rules: RulesArg,
    /// The preferences file (read for a `--count` of your own).
    #[command(flatten)]
    pub config: ConfigArg,
}

/// Options of `blackjack sim`.
#[derive(Debug, Clone, Args)]
pub struct SimArgs {
    /// Rounds to play: a whole number from 1 to 1e15, written `1000000`, `1_000_000` or `1e6`.
    #[arg(
        long,
        default_value = "1000000",
        value_name = "N",
        value_parser = parse_rounds,
        allow_hyphen_values = true
    )]
    pub hands: u64,
    /// Strategy of the one seat.
    #[arg(long, value_enum, default_value_t = Level::Hard)]
    pub strategy: Level,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Cut-card penetration, overriding the rules file (0.25–1.0).
    #[arg(long, conflicts_with = "fresh_shoe", value_parser = parse_penetration)]
    pub penetration: Option<f64>,
    /// Shuffle a full shoe before every round.
    #[arg(long)]
    pub fresh_shoe: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The shoes' seed.
    #[command(flatten)]
    pub seed: SeedArg,
    /// Count cards with this system — hilo, ko, hiopt1, hiopt2, omega2, zen, halves, red7, or
    /// the name of your own count in config.toml — bet a ramp by the true count (by the running
    /// count for the unbalanced ko and red7) and make index plays, with the basic strategy of
    /// the loaded rules (`--strategy` does not apply).
    #[arg(
        long,
        value_name = "SYSTEM",
        value_parser = parse_count_name,
        conflicts_with_all = ["strategy", "fresh_shoe"]
    )]
    pub count: Option<CountName>,
    /// With `--count`: the bets at floored true count 0 or less, +1, +2, … in units, the last
    /// for every higher count [default: 1,2,4,6,8,10,12].
    #[arg(
        long,
        value_name = "BETS",
        requires = "count",
        value_parser = parse_ramp,
        allow_hyphen_values = true
    )]
    pub ramp: Option<BetRamp>,
    /// With `--count`: the index plays made [default: game].
    #[arg(long, value_enum, value_name = "TABLE", requires = "count")]
    pub indices: Option<IndexChoice>,
    /// With `--count`: the bankroll for the risk of ruin, in units of the ramp
    /// [default: 1000].
    #[arg(
        long,
        value_name = "UNITS",
        requires = "count",
        value_parser = parse_bankroll,
        allow_hyphen_values = true
    )]
    pub bankroll: Option<f64>,
    /// The rules file.
    #[command(flatten)]
    pub rules: RulesArg,
    /// The preferences file (read for a `--count` of your own).
    #[command(flatten)]
    pub config: ConfigArg,
}

/// Options of `blackjack drill`.
#[derive(Debug, Clone, Args)]
pub struct DrillArgs {
    /// What to practise.
    #[arg(long, value_enum, default_value_t = DrillKind::All)]
    pub kind: DrillKind,
    /// Statistics database to use instead of the one in the platform's data directory.
    #[arg(long, value_name = "PATH", conflicts_with = "no_stats")]
    pub stats: Option<PathBuf>,
    /// Keep no statistics on disk.
    #[arg(long)]
    pub no_stats: bool,
    /// Draw cards with ASCII only.
    #[arg(long)]
    pub ascii: bool,
    /// Counting drills: how the true count is rounded to a whole number.
    #[arg(long, value_enum, default_value_t = CountConvention::Floor)]
    pub convention: CountConvention,
    /// Counting drills: how finely the decks left are read.
    #[arg(long, value_enum, default_value_t = DeckResolution::Half)]
    pub resolution: DeckResolution,
    /// Counting drills: the bet at true count 0 or less, +1, +2, … (the last for every higher
    /// count), comma-separated; or `plan`, the ramp `blackjack plan --save` saved.
    #[arg(long, value_name = "BETS", default_value = "1,2,4,6,8,10,12", value_parser = parse_ramp_choice)]
    pub ramp: RampChoice,
    /// Counting drills: count SYSTEM — hilo, ko, hiopt1, hiopt2, omega2, zen, halves, red7, or
    /// your own count's name from config.toml [default: config.toml's `count`, else hilo].
    #[arg(long, value_name = "SYSTEM", value_parser = parse_count_name)]
    pub count: Option<CountName>,
    /// The user's own count, from config.toml's `[count]` table: `--count` may name it (set
    /// from the file, never on the command line).
    #[arg(skip)]
    pub own_count: Option<crate::analysis::counts::CountSystem>,
    /// Countdown: decks to count down (1–8).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=8))]
    pub decks: u8,
    /// Countdown: cards turned at a time (1 or 2).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub per_flash: u8,
    /// Countdown: stop at an unannounced point and ask the count there.
    #[arg(long)]
    pub surprise: bool,
    /// Countdown and count quiz: seconds a flash (a countdown's) or a card (the count quiz's)
    /// stays before the next comes by itself (0.1–10). Without it, Enter turns each countdown
    /// flash, and the count quiz deals a card a second on a terminal (at once to a file).
    #[arg(long, value_name = "SECONDS", value_parser = parse_pace)]
    pub pace: Option<f64>,
    /// Deviations: which of this game's index plays are asked: its 18 most valuable
    /// (`game-i18`), or every one worth at least 0.0002 bets per 100 rounds (`valuable`). Each is
    /// asked at true counts within 3 of its index (never beyond ±10) where the two plays differ
    /// by at least 0.001 bets.
    #[arg(long, value_enum, default_value_t = IndexSet::GameI18)]
    pub set: IndexSet,
    /// The questions' seed.
    #[command(flatten)]
    pub seed: SeedArg,
    /// The rules file.
    #[command(flatten)]
    pub rules: RulesArg,
    /// The preferences file.
    #[command(flatten)]
    pub config: ConfigArg,
}

/// Options of `blackjack review`.
#[derive(Debug, Clone, Args)]
pub struct ReviewArgs {
    /// Statistics database whose hand history to review, instead of the one in the
    /// platform's data directory.
    #[arg(long, value_name = "PATH")]
    pub stats: Option<PathBuf>,
    /// Only the last N rounds and drill answers (after --mistakes has chosen).
    #[arg(long, value_name = "N", value_parser = parse_at_least_one)]
    pub last: Option<usize>,
    /// Only rounds and drill answers with a mistake, and only the mistakes in them.
    #[arg(long)]
    pub mistakes: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Draw cards with ASCII only.
    #[arg(long)]
    pub ascii: bool,
    /// The rules file.
    #[command(flatten)]
    pub rules: RulesArg,
    /// The preferences file.
    #[command(flatten)]
    pub config: ConfigArg,
}

/// `--convention`: how a true count becomes a whole number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CountConvention {
    /// Towards minus infinity (+2.8 → +2, −0.4 → −1), as the index tables are computed.
    Floor,
    /// Towards zero (−0.4 → 0).
    Truncate,
}

/// `--resolution`: the step in which decks left are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DeckResolution {
    /// Whole decks.
    Whole,
    /// Half decks.
    Half,
    /// Quarter decks.
    Quarter,
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
    use crate::cli::{Cli, Command};

    #[test]
    fn play_defaults_are_three_seats_normal_and_hard() {
        let p = PlayArgs::defaults();
        assert_eq!(p.seats, 3);
        assert_eq!(p.ai, vec![Level::Normal, Level::Hard]);
        assert_eq!(p.speed, 400);
    }

    #[test]
    fn the_count_flag_names_every_built_in_count() {
        let mut cli = <Cli as clap::CommandFactory>::command();
        let sim = cli.find_subcommand_mut("sim").expect("sim");
        let help = sim
            .get_arguments()
            .find(|a| a.get_id() == "count")
            .and_then(|a| a.get_help())
            .map(ToString::to_string)
            .expect("--count has help");
        for system in &crate::analysis::counts::BUILT_IN {
            assert!(help.contains(system.key.as_ref()), "{}: {help}", system.key);
        }
        let parse = |name: &str| match Cli::try_parse_from(["blackjack", "sim", "--count", name]) {
            Ok(Cli { command: Some(Command::Sim(args)), .. }) => args.count.map(|c| c.0),
            _ => None,
        };
        assert_eq!(parse("Zen"), Some("zen".to_owned()));
        assert_eq!(parse("my count"), None);
    }

    #[test]
    fn count_means_count_with_this_system_in_play_and_drill_and_alone_turns_counting_mode_on() {
        let play = |args: &[&str]| {
            let mut argv = vec!["blackjack", "play"];
            argv.extend_from_slice(args);
            match Cli::try_parse_from(argv) {
                Ok(Cli { command: Some(Command::Play(args)), .. }) => {
                    Ok(args.play.count.map(|c| c.map(|n| n.0)))
                }
                Ok(_) => Err("not play".to_owned()),
                Err(err) => Err(err.to_string()),
            }
        };
        assert_eq!(play(&[]), Ok(None));
        assert_eq!(play(&["--count"]), Ok(Some(None)));
        assert_eq!(play(&["--count", "zen"]), Ok(Some(Some("zen".to_owned()))));
        assert_eq!(
            play(&["--count", "--seats", "2"]),
            Ok(Some(None)),
            "a flag after a bare --count is no count's name"
        );
        assert!(play(&["--count", "my count"]).is_err());
        let drill = match Cli::try_parse_from(["blackjack", "drill", "--count", "KO"]) {
            Ok(Cli { command: Some(Command::Drill(args)), .. }) => args.count.map(|c| c.0),
            _ => None,
        };
        assert_eq!(drill, Some("ko".to_owned()));
        let mut cli = <Cli as clap::CommandFactory>::command();
        for sub in ["play", "drill"] {
            let help = cli
                .find_subcommand_mut(sub)
                .and_then(|c| c.get_arguments().find(|a| a.get_id() == "count").cloned())
                .and_then(|a| a.get_help().map(ToString::to_string))
                .expect("--count has help");
            for system in &crate::analysis::counts::BUILT_IN {
                assert!(help.contains(system.key.as_ref()), "{sub} {}: {help}", system.key);
            }
        }
    }

    #[test]
    fn sim_hands_take_the_rounds_parser() {
        let parse = |hands: &str| match Cli::try_parse_from(["blackjack", "sim", "--hands", hands])
        {
            Ok(Cli { command: Some(Command::Sim(args)), .. }) => Ok(args.hands),
            Ok(_) => panic!("not sim"),
            Err(err) => Err(err.kind()),
        };
        assert_eq!(parse("1e8"), Ok(100_000_000));
        assert_eq!(parse("-3"), Err(clap::error::ErrorKind::ValueValidation));
        assert_eq!(parse("1.5"), Err(clap::error::ErrorKind::ValueValidation));
        let default = Cli::try_parse_from(["blackjack", "sim"]).expect("parses");
        assert!(matches!(default.command, Some(Command::Sim(SimArgs { hands: 1_000_000, .. }))));
    }
}

/// Options of `blackjack plan`.
#[derive(Debug, Clone, Args)]
pub struct PlanArgs {
    /// Your bankroll, in units (a unit is the table minimum unless `--min-bet` says otherwise).
    #[arg(long, value_name = "UNITS", value_parser = parse_bankroll, allow_hyphen_values = true)]
    pub bankroll: f64,
    /// The largest bet over the smallest: 12 bets 1 to 12 units.
    #[arg(long, default_value_t = 12, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub spread: u32,
    /// The table's minimum bet, in units (default: the rules' `min_bet`).
    #[arg(long, value_name = "UNITS", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub min_bet: Option<u32>,
    /// Bets are whole multiples of this many units.
    #[arg(long, default_value_t = 1, value_name = "UNITS", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub chip: u32,
    /// The risk of ruin (played for ever) you accept, in percent: 13.5 is full Kelly's.
    #[arg(long, value_name = "PERCENT", conflicts_with = "kelly", value_parser = parse_positive, allow_hyphen_values = true)]
    pub risk: Option<f64>,
    /// Bet this fraction of the Kelly bet instead of aiming at a risk (0.5: half Kelly).
    #[arg(long, value_name = "FRACTION", value_parser = parse_positive, allow_hyphen_values = true)]
    pub kelly: Option<f64>,
    /// Rounds you play an hour (about 100 heads-up with others at the table, 60 at a full one).
    #[arg(long, default_value_t = 100.0, value_name = "N", value_parser = parse_positive, allow_hyphen_values = true)]
    pub rounds_per_hour: f64,
    /// The length of a trip, in hours, for the risk of losing the bankroll within it.
    #[arg(long, default_value_t = 4.0, value_name = "HOURS", value_parser = parse_positive, allow_hyphen_values = true)]
    pub hours: f64,
    /// A win goal, in units, for the risk of losing the bankroll before reaching it (default:
    /// the bankroll, doubling it).
    #[arg(long, value_name = "UNITS", value_parser = parse_bankroll, allow_hyphen_values = true)]
    pub goal: Option<f64>,
    /// Back-count: watch, and play only from this floored true count on (until it falls
    /// below `--leave`). Rounds per hour are then rounds seen, watched or played.
    #[arg(long, value_name = "TC", allow_hyphen_values = true, value_parser = clap::value_parser!(i32).range(-10..=10))]
    pub enter: Option<i32>,
    /// With `--enter`: once playing, leave when the floored true count falls below this
    /// (default: the same count as `--enter`; at most `--enter`).
    #[arg(long, value_name = "TC", requires = "enter", allow_hyphen_values = true, value_parser = clap::value_parser!(i32).range(-10..=10))]
    pub leave: Option<i32>,
    /// The count the ramp is by — a balanced one: hilo (the default, or the count of
    /// config.toml), hiopt1, hiopt2, omega2, zen, halves, or a balanced count of your own in
    /// config.toml. Unbalanced counts (ko, red7), read by their running count, are not planned.
    #[arg(long, value_name = "SYSTEM", value_parser = parse_count_name)]
    pub count: Option<CountName>,
    /// Rounds of the flat-bet counting simulation the variances come from: a whole number
    /// like 1000000 or 1e7.
    #[arg(long, default_value = "10000000", value_name = "N", value_parser = parse_rounds)]
    pub sim_rounds: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Save the plan in config.toml (its `[plan]` table; the file's other lines are kept), so
    /// `--ramp plan` plays it.
    #[arg(long)]
    pub save: bool,
    /// The seed of the variance simulation (default 2026).
    #[command(flatten)]
    pub seed: SeedArg,
    /// The rules file.
    #[command(flatten)]
    pub rules: RulesArg,
    /// The preferences file `--save` writes the plan into.
    #[command(flatten)]
    pub config: ConfigArg,
}
