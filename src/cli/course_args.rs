//! `blackjack course`: the counting course — where you stand, the house's rule sheet, and the
//! rules check.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

use super::args::{ConfigArg, RulesArg};
use crate::trainer::course::sheet::Lang;

/// Options of `blackjack course`.
#[derive(Debug, Args)]
pub struct CourseArgs {
    /// The rule sheet or the rules check; without one, every stage of the course with its
    /// standards, your best so far, the days passed and what to do next.
    #[command(subcommand)]
    pub action: Option<CourseAction>,
    /// Statistics database to read and record passes in, instead of the one in the
    /// platform's data directory.
    #[arg(long, value_name = "PATH", global = true)]
    pub stats: Option<PathBuf>,
    /// The count the course is taken in — hilo, ko, hiopt1, hiopt2, omega2, zen, halves,
    /// red7, or the name of your own count in config.toml (default: `count` in config.toml,
    /// else hilo). Only answers given in it count towards its standards. Give it before
    /// `check`.
    // Its own id, and not global (before `rules` or `check`): the table's `--count`
    // (`count`) is another option, checked apart, and a global one's id would reach the top.
    #[arg(
        id = "course_count",
        long = "count",
        value_name = "SYSTEM",
        value_parser = super::parse::parse_count_name
    )]
    pub count: Option<super::parse::CountName>,
    /// Print one JSON object (the course; not with `rules` or `check`).
    #[arg(long)]
    pub json: bool,
    /// The rules file.
    #[command(flatten)]
    pub rules: RulesArg,
    /// The preferences file.
    #[command(flatten)]
    pub config: ConfigArg,
}

/// What `blackjack course` does besides showing the course.
#[derive(Debug, Clone, Copy, Subcommand)]
pub enum CourseAction {
    /// Stage 0: the house's rule sheet in its own words, and the no-hole-card point on a hand.
    Rules {
        /// The sheet's language: en, sv or el (default: from LC_ALL or LANG; English for
        /// any other).
        #[arg(long, value_enum)]
        lang: Option<Lang>,
    },
    /// Stage 0: the rules check, ten questions on the loaded rules (answers kept as the skill
    /// `rules`; q stops).
    Check,
}

/// `--lang` values are the sheet's languages, spelt as [`Lang::code`] gives them.
impl ValueEnum for Lang {
    fn value_variants<'a>() -> &'a [Self] {
        &Lang::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let name = match self {
            Lang::En => "English",
            Lang::Sv => "Swedish (svenska)",
            Lang::El => "Greek (ελληνικά)",
        };
        Some(clap::builder::PossibleValue::new(self.code()).help(name))
    }
}
