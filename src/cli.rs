//! The command line: every flag is documented by its doc comment.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::engine::card::{parse_value, value_label};
use crate::engine::hand::MAX_CARDS;
use crate::engine::{Card, Cards};

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
    /// default values). Also taken before a subcommand that reads the rules; refused before
    /// `stats`, `config`, `completions` and `manpage`.
    #[arg(long, value_name = "PATH")]
    pub rules: Option<PathBuf>,

    /// Seed for the shoe: the same seed deals the same cards every time. Also taken before
    /// `play`, `sim` and `drill` (which take it after their name too); refused before a
    /// subcommand that deals no card.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// Preferences file to use instead of `config.toml` in the platform's config folder (also
    /// `$BLACKJACK_CONFIG`); it must exist. Also taken before `play`, `drill`, `stats`,
    /// `review` and `config`, the subcommands that read it; refused before the others.
    #[arg(long, value_name = "PATH")]
    pub config: Option<PathBuf>,

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
    Play(PlayCommandArgs),
    /// Check a rules file and print the effective rules, in words and as TOML.
    Rules(RulesArgs),
    /// Exact expected value of every action for one hand against an up card.
    Ev(EvArgs),
    /// The variant's exact basic-strategy chart and house edge.
    Strategy(StrategyArgs),
    /// Play many rounds headless with one strategy and report the return.
    Sim(SimArgs),
    /// The Hi-Lo index plays computed for these rules, and the edge by true count.
    Indices(IndicesArgs),
    /// Practise decisions of one kind, graded at once.
    Drill(DrillArgs),
    /// Your lifetime statistics; export them per chart cell (CSV or JSON), or start afresh.
    Stats(StatsArgs),
    /// Past rounds and drill answers from the hand history: the cards, what you did, what
    /// was best, what it cost, and why.
    Review(ReviewArgs),
    /// Show the preferences file and the settings `play` would use; `--init` writes a
    /// commented default.
    Config(ConfigArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell) to standard output.
    Completions(CompletionsArgs),
    /// Print the manual page (roff) to standard output.
    Manpage,
}

use crate::config::MAX_SPEED_MS;
use crate::store::coach::{MAX_REVIEW_LIMIT, REVIEW_LIMIT};
pub use crate::trainer::export::ExportFormat;

/// `--export` values are the store's export formats, spelt as [`ExportFormat::name`] gives
/// them.
impl ValueEnum for ExportFormat {
    fn value_variants<'a>() -> &'a [Self] {
        &ExportFormat::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()).help(self.describe()))
    }
}

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

pub use crate::ai::Level;

/// `--ai` and `--strategy` values are the AI levels, spelt as [`Level::name`] gives them (the
/// enum lives in `ai`, which knows nothing of the command line).
impl ValueEnum for Level {
    fn value_variants<'a>() -> &'a [Self] {
        &Level::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()).help(self.describe()))
    }
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
    /// Statistics database to use instead of the one in the platform's data directory.
    #[arg(long, value_name = "PATH", conflicts_with = "no_stats")]
    pub stats: Option<PathBuf>,
    /// Keep no statistics on disk.
    #[arg(long)]
    pub no_stats: bool,
    /// Starting bankroll in virtual units, 1 to 1000000000 (also what a rebuy brings when it
    /// runs out).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub bankroll: u64,
    /// Counting mode: grade decisions by this game's index plays at the true count (the count
    /// starts hidden; `c` shows it).
    #[arg(long)]
    pub count: bool,
    /// Grade the bet placed before each deal against this ramp: the bet at true count 0 or
    /// less, +1, +2, … (the last for every higher count), comma-separated.
    #[arg(long, value_name = "BETS", value_parser = parse_ramp)]
    pub ramp: Option<BetRamp>,
    /// In counting mode with the count hidden: ask for the running count before every N-th
    /// deal (0: never).
    #[arg(long, value_name = "N", default_value_t = 5, requires = "count")]
    pub count_check: u32,
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

impl Command {
    /// The subcommand's own `--seed`: `None` where it takes none.
    fn own_seed(&self) -> Option<Option<u64>> {
        match self {
            Command::Play(args) => Some(args.seed.seed),
            Command::Sim(args) => Some(args.seed.seed),
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
            Command::Drill(args) => &args.rules,
            Command::Review(args) => &args.rules,
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
            Command::Config(args) => &args.config,
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
    /// table) given before a subcommand it does nothing for. `matches` are the matches `self`
    /// was read from.
    pub fn chosen(&self, matches: &clap::ArgMatches) -> Result<Chosen, clap::Error> {
        let subcommand = matches.subcommand_name();
        self.check_table_options_before(matches)?;
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
    /// `drill`, `stats`, `review` and `config`) and `--no-stats` (to `play`, `drill` and
    /// `config`). `matches` are the matches `self` was read from.
    fn check_table_options_before(&self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        let Some(subcommand) = matches.subcommand_name() else {
            return Ok(());
        };
        let table = <PlayArgs as Args>::augment_args(clap::Command::new("play"));
        for arg in table.get_arguments() {
            let id = arg.get_id().as_str();
            if matches.value_source(id) != Some(clap::parser::ValueSource::CommandLine) {
                continue;
            }
            let passed_on: &[&str] = match id {
                "stats" => &["play", "drill", "stats", "review", "config"],
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
             `drill`, `stats`, `review`, `config`)",
            self.config.as_ref(),
            command.own_config(),
            subcommand,
        )
    }
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
    pub up: u8,
    /// Further cards seen since the shuffle, removed from the shoe (comma-separated).
    #[arg(long, value_name = "CARDS", value_parser = parse_card_list)]
    pub seen: Option<CardList>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The rules file.
    #[command(flatten)]
    pub rules: RulesArg,
}

/// Card values as the command line gives them, in order: 1 = ace … 10 = any ten-valued card.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CardList(pub Vec<u8>);

/// Parses comma-separated cards (`A 2 … 9 T`, with `10 J Q K` as `T`); empty items are skipped.
pub fn parse_card_list(text: &str) -> Result<CardList, String> {
    text.split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| {
            parse_value(t).ok_or_else(|| {
                format!("`{t}` is not a card (use A 2 3 4 5 6 7 8 9 T; 10 J Q K count as T)")
            })
        })
        .collect::<Result<Vec<u8>, String>>()
        .map(CardList)
}

/// Parses exactly one card.
pub fn parse_one_card(text: &str) -> Result<u8, String> {
    match parse_card_list(text)?.0[..] {
        [card] => Ok(card),
        _ => Err("give exactly one card, e.g. T".to_owned()),
    }
}

/// Parses a player's hand and refuses one that cannot be at the table (see
/// [`check_player_hand`]).
pub fn parse_player_hand(text: &str) -> Result<CardList, String> {
    let hand = parse_card_list(text)?;
    check_player_hand(&hand.0)?;
    Ok(hand)
}

/// Whether these card values, in this order, can be a player's hand still to be played: at
/// least two cards, no more than a hand holds, not bust, and not past a 21 (the table closes a
/// hand at 21, so a natural or a 21 takes no further card).
pub fn check_player_hand(values: &[u8]) -> Result<(), String> {
    let label = |values: &[u8]| -> String {
        let labels: Vec<&str> = values.iter().map(|&v| value_label(v)).collect();
        labels.join(",")
    };
    if let Some(&v) = values.iter().find(|v| !(1..=10).contains(*v)) {
        return Err(format!("{v} is not a card value (1 = ace … 10)"));
    }
    if values.len() < 2 {
        return Err("a hand needs at least two cards, e.g. 8,8".to_owned());
    }
    if values.len() > MAX_CARDS {
        return Err(format!(
            "{} cards: a hand holds at most {MAX_CARDS} (more would be bust)",
            values.len()
        ));
    }
    let hard: u32 = values.iter().map(|&v| u32::from(v)).sum();
    if hard > 21 {
        return Err(format!(
            "the hand {} is already bust ({hard})",
            label(values)
        ));
    }
    let mut cards = Cards::new();
    for (i, &v) in values[..values.len() - 1].iter().enumerate() {
        cards.push(Card::of_value(v));
        if i >= 1 && cards.total().value == 21 {
            let what = if i == 1 { "a natural" } else { "21" };
            return Err(format!(
                "{} is {what}, which takes no more cards: the hand {} cannot occur (give the \
                 cards in the order dealt)",
                label(&values[..=i]),
                label(values)
            ));
        }
    }
    Ok(())
}

/// The most rounds one `sim` run plays: its net result is summed in thousandths of a unit in
/// an `i64`, and a round nets at most 8 units, so 10^15 rounds cannot overflow it (and take
/// about a year on one core).
pub const MAX_SIM_ROUNDS: u64 = 1_000_000_000_000_000;

/// Parses a number of rounds: digits with optional `_` separators (`10_000_000`), or
/// scientific notation (`1e8`, `2.5e6`) that comes to a whole number; from 1 to
/// [`MAX_SIM_ROUNDS`].
pub fn parse_rounds(text: &str) -> Result<u64, String> {
    const EXAMPLES: &str = "write it like 1000000, 1_000_000 or 1e6";
    let clean: String = text.trim().chars().filter(|&c| c != '_').collect();
    if clean.starts_with('-') {
        return Err(format!("`{text}` is negative: {EXAMPLES}"));
    }
    let clean = clean.strip_prefix('+').unwrap_or(&clean);
    let (mantissa, exponent) = match clean.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.strip_prefix('+').unwrap_or(e)),
        None => (clean, "0"),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all_digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    let exponent: i64 = exponent
        .parse()
        .map_err(|_| format!("`{text}` is not a number of rounds: {EXAMPLES}"))?;
    if (whole.is_empty() && fraction.is_empty()) || !all_digits(whole) || !all_digits(fraction) {
        return Err(format!("`{text}` is not a number of rounds: {EXAMPLES}"));
    }
    let too_many = || format!("`{text}` is too many: one run plays at most 1e15 rounds");
    // The number is digits × 10^scale.
    let digits = format!("{whole}{fraction}");
    let digits = digits.trim_start_matches('0');
    let scale = exponent.saturating_sub(i64::try_from(fraction.len()).unwrap_or(i64::MAX));
    let value: u128 = if digits.is_empty() {
        0
    } else if digits.len() > 30 {
        return Err(too_many());
    } else {
        let n: u128 = digits.parse().map_err(|_| too_many())?;
        if scale >= 0 {
            u32::try_from(scale)
                .ok()
                .and_then(|s| 10u128.checked_pow(s))
                .and_then(|p| n.checked_mul(p))
                .ok_or_else(too_many)?
        } else {
            let divisor = u32::try_from(scale.unsigned_abs())
                .ok()
                .and_then(|s| 10u128.checked_pow(s));
            match divisor {
                Some(d) if n.is_multiple_of(d) => n / d,
                _ => return Err(format!("`{text}` is not a whole number of rounds")),
            }
        }
    };
    match u64::try_from(value) {
        Ok(0) => Err("at least one round, please".to_owned()),
        Ok(n) if n <= MAX_SIM_ROUNDS => Ok(n),
        _ => Err(too_many()),
    }
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
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The rules file.
    #[command(flatten)]
    pub rules: RulesArg,
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
    /// Count cards with this system: bet a ramp by the true count and make index plays, with
    /// the basic strategy of the loaded rules (`--strategy` does not apply).
    #[arg(long, value_enum, value_name = "SYSTEM", conflicts_with_all = ["strategy", "fresh_shoe"])]
    pub count: Option<CountSystem>,
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
}

pub use crate::sim::count::{BetRamp, CountSystem, IndexChoice};

/// `--count` values are the simulator's counting systems (the enum lives in `sim`).
impl ValueEnum for CountSystem {
    fn value_variants<'a>() -> &'a [Self] {
        &CountSystem::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()).help(self.describe()))
    }
}

/// `--indices` values are the simulator's index choices (the enum lives in `sim`).
impl ValueEnum for IndexChoice {
    fn value_variants<'a>() -> &'a [Self] {
        &IndexChoice::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()).help(self.describe()))
    }
}

/// `--pace`: seconds a countdown flash stays, 0.1 to 10.
fn parse_pace(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(p) if (0.1..=10.0).contains(&p) => Ok(p),
        // As typed: `1e30` read back as a float prints thirty-one digits.
        Ok(_) => Err(format!("`{text}` is not in 0.1..=10 (seconds a flash)")),
        Err(_) => Err(format!("`{text}` is not a number of seconds, e.g. 0.5")),
    }
}

/// Parses `--ramp`: bets separated by commas, as [`BetRamp`] reads them.
pub fn parse_ramp(text: &str) -> Result<BetRamp, String> {
    text.parse()
        .map_err(|err: crate::sim::count::RampError| err.to_string())
}

/// Parses `--penetration`: a fraction of the shoe, as a rules file takes it
/// ([`Rules::PENETRATION`](crate::engine::Rules::PENETRATION)). The error echoes the value as
/// typed (`1e400` is not "inf").
pub fn parse_penetration(text: &str) -> Result<f64, String> {
    use crate::engine::Rules;
    match text.trim().parse::<f64>() {
        Ok(p) if Rules::PENETRATION.contains(&p) => Ok(p),
        _ => Err(format!(
            "`{text}` is not a penetration: expected {}",
            Rules::PENETRATION_TEXT
        )),
    }
}

/// The largest `--bankroll`, in units.
pub const MAX_SIM_BANKROLL: f64 = 1e15;

/// Parses `--bankroll`: a positive number of units, at most [`MAX_SIM_BANKROLL`].
pub fn parse_bankroll(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(b) if b > 0.0 && b <= MAX_SIM_BANKROLL => Ok(b),
        Ok(_) => Err(format!(
            "`{text}` is not a bankroll: a positive number of units, at most 1e15"
        )),
        Err(_) => Err(format!("`{text}` is not a number of units")),
    }
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
    /// count), comma-separated.
    #[arg(long, value_name = "BETS", default_value = "1,2,4,6,8,10,12", value_parser = parse_ramp)]
    pub ramp: BetRamp,
    /// Countdown: decks to count down (1–8).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=8))]
    pub decks: u8,
    /// Countdown: cards turned at a time (1 or 2).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub per_flash: u8,
    /// Countdown: stop at an unannounced point and ask the count there.
    #[arg(long)]
    pub surprise: bool,
    /// Countdown: seconds a flash stays before the next one turns by itself (0.1–10); without
    /// it, Enter turns each flash.
    #[arg(long, value_name = "SECONDS", value_parser = parse_pace)]
    pub pace: Option<f64>,
    /// Deviations: which of this game's index plays are asked: its 18 most valuable
    /// (`game-i18`), or every one worth at least 0.001 bets per 100 rounds (`valuable`). Each is
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
    #[arg(long, value_name = "N", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
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

pub use crate::trainer::counting::IndexSet;

/// `--set` values are the trainer's index sets, spelt as [`IndexSet::name`] gives them.
impl ValueEnum for IndexSet {
    fn value_variants<'a>() -> &'a [Self] {
        &[IndexSet::GameI18, IndexSet::Valuable]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let help = match self {
            IndexSet::GameI18 => "this game's 18 most valuable index plays",
            IndexSet::Valuable => {
                "every index play of this game worth at least 0.001 bets per 100 rounds"
            }
        };
        Some(clap::builder::PossibleValue::new(self.name()).help(help))
    }
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
    fn rounds_are_whole_numbers_in_digits_or_scientific_notation() {
        for (text, rounds) in [
            ("100000", 100_000),
            ("10_000_000", 10_000_000),
            ("1e8", 100_000_000),
            ("2e6", 2_000_000),
            ("2.5E6", 2_500_000),
            ("1e+3", 1_000),
            ("0.5e1", 5),
            (" 42 ", 42),
            ("1e15", MAX_SIM_ROUNDS),
        ] {
            assert_eq!(parse_rounds(text), Ok(rounds), "{text}");
        }
        for (text, why) in [
            ("1.5", "not a whole number"),
            ("1e-3", "not a whole number"),
            ("2.55e1", "not a whole number"),
            ("-5", "negative"),
            ("-1e6", "negative"),
            ("1e30", "too many"),
            ("1e16", "too many"),
            ("18446744073709551616", "too many"),
            ("9".repeat(40).as_str(), "too many"),
            ("1e99999999999999999999", "not a number"),
            ("1e-9223372036854775808", "not a whole number"),
            ("0", "at least one"),
            ("0e5", "at least one"),
            ("", "not a number"),
            ("e5", "not a number"),
            ("1e", "not a number"),
            ("1,000", "not a number"),
            ("0x10", "not a number"),
            ("ten", "not a number"),
        ] {
            let err = parse_rounds(text).expect_err(text);
            assert!(err.contains(why), "{text}: {err}");
        }
    }

    #[test]
    fn sim_hands_take_the_rounds_parser() {
        let parse = |hands: &str| match Cli::try_parse_from(["blackjack", "sim", "--hands", hands])
        {
            Ok(Cli {
                command: Some(Command::Sim(args)),
                ..
            }) => Ok(args.hands),
            Ok(_) => panic!("not sim"),
            Err(err) => Err(err.kind()),
        };
        assert_eq!(parse("1e8"), Ok(100_000_000));
        assert_eq!(parse("-3"), Err(clap::error::ErrorKind::ValueValidation));
        assert_eq!(parse("1.5"), Err(clap::error::ErrorKind::ValueValidation));
        let default = Cli::try_parse_from(["blackjack", "sim"]).expect("parses");
        assert!(matches!(
            default.command,
            Some(Command::Sim(SimArgs {
                hands: 1_000_000,
                ..
            }))
        ));
    }

    #[test]
    fn a_pace_out_of_range_is_refused_as_typed() {
        for text in ["0", "1e30", "NaN", "inf", "10.5"] {
            let err = parse_pace(text).expect_err(text);
            assert!(
                err.starts_with(&format!("`{text}` is not")),
                "{text}: {err}"
            );
        }
        assert_eq!(parse_pace("0.5"), Ok(0.5));
    }

    #[test]
    fn unknown_flag_is_an_error() {
        assert!(Cli::try_parse_from(["blackjack", "--frobnicate"]).is_err());
    }
}
