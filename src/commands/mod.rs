//! One function per subcommand: each loads what it needs and hands over to its module. Exit
//! statuses (as `--help` lists them): 0 done; 1 an error; 2 a usage error ([`UsageError`], a
//! flag clap refuses, an unusable rules file); 128 + a signal's number after one ends the table.

use std::path::Path;

use anyhow::Context;

use crate::cli::RulesArgs;
use crate::engine::Rules;

mod completions;
mod config;
mod count_drill;
mod counts;
mod course;
mod drill;
mod drill_io;
mod ev;
mod indices;
mod plan;
pub(crate) mod plan_save;
mod play;
mod review;
mod sim;
mod stats;
mod strategy;
mod write_out;

/// Threads for the exact analysis: `$BLACKJACK_THREADS` when it is a positive number (to
/// measure one core), else one per core.
pub fn analysis_threads() -> usize {
    std::env::var("BLACKJACK_THREADS")
        .ok()
        .and_then(|t| t.parse::<usize>().ok())
        .filter(|&t| t > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The statistics file `$BLACKJACK_STATS` names, if it names one: an empty value is unset (as
/// an empty `$BLACKJACK_CONFIG` is), not the empty path.
pub fn stats_env() -> Option<std::path::PathBuf> {
    std::env::var_os("BLACKJACK_STATS").filter(|v| !v.is_empty()).map(Into::into)
}

/// Where "today" comes from for spaced practice: `$BLACKJACK_TODAY` (`YYYY-MM-DD`, to script
/// or test) when set, else the local calendar; a value that is no date is a usage error.
pub fn practice_clock() -> Result<crate::trainer::day::Clock, UsageError> {
    use crate::trainer::day::{Clock, Day};
    match std::env::var("BLACKJACK_TODAY") {
        Err(_) => Ok(Clock::Local),
        Ok(text) => Day::parse(&text).map(Clock::Fixed).ok_or_else(|| {
            UsageError(format!(
                "BLACKJACK_TODAY={text:?} is not a date: write it as YYYY-MM-DD, e.g. 2026-12-03"
            ))
        }),
    }
}

pub use completions::{completions, manpage};
pub use config::{config, drill_args, stats_file, table_configured};
pub use counts::counts;
pub use course::course;
pub use drill::drill;
pub use ev::ev;
pub use indices::indices;
pub use plan::plan_command as plan;
pub use play::{table, table_config};
pub use review::review;
pub use sim::sim;
pub use stats::stats;
pub use strategy::strategy;
pub use write_out::io_reason;

/// Something recorded that the statistics database did not take (a full disk, a database
/// that could not be opened): said at the end, and the exit status is 1.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct NotSaved(pub String);

pub use crate::setup::UsageError;

/// The exit status for a command that failed with `err`: 2 for a [`UsageError`] (wrapped in
/// context or not), 1 otherwise.
pub fn exit_status(err: &anyhow::Error) -> u8 {
    if err.chain().any(|e| e.is::<UsageError>()) { 2 } else { 1 }
}

/// The rules: the embedded defaults, with the file at `path` (if any) laid over them.
pub fn load_rules(path: Option<&Path>) -> anyhow::Result<Rules> {
    let Some(path) = path else {
        return Ok(Rules::default());
    };
    let text = read_text_file(path)
        .with_context(|| format!("cannot read rules file {}", path.display()))?;
    Rules::from_toml(&text).with_context(|| format!("in rules file {}", path.display()))
}

/// The most bytes a rules or preferences file may hold. Both are a few hundred bytes: a file
/// past this is some other file, and is refused without being read into memory.
pub const MAX_TEXT_FILE: u64 = 1 << 20;

/// The text of a rules or preferences file. What is not a regular file, or is larger than
/// [`MAX_TEXT_FILE`], is refused before it is opened (a FIFO would wait for ever, `/dev/zero`
/// never ends); a missing file stays [`std::io::ErrorKind::NotFound`].
pub fn read_text_file(path: &Path) -> std::io::Result<String> {
    use std::io::Read;
    let refuse = |meta: &std::fs::Metadata| -> std::io::Result<()> {
        if !meta.is_file() {
            return Err(std::io::Error::other(format!(
                "it is {}, not a regular file",
                crate::store::special_kind(&meta.file_type())
            )));
        }
        if meta.len() > MAX_TEXT_FILE {
            return Err(std::io::Error::other(format!(
                "it holds {} bytes, and a rules or preferences file holds at most {MAX_TEXT_FILE}",
                meta.len()
            )));
        }
        Ok(())
    };
    refuse(&std::fs::metadata(path)?)?;
    // Checked again once open, without blocking: the path may have changed in between.
    let file = crate::platform::open_without_waiting(path)?;
    refuse(&file.metadata()?)?;
    let mut bytes = Vec::new();
    file.take(MAX_TEXT_FILE + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_TEXT_FILE {
        return Err(std::io::Error::other(format!(
            "it grew past {MAX_TEXT_FILE} bytes while being read"
        )));
    }
    String::from_utf8(bytes).map_err(|_| {
        std::io::Error::new(std::io::ErrorKind::InvalidData, "stream did not contain valid UTF-8")
    })
}

/// `blackjack rules`: the effective rules in words and as TOML; with `--toml`, only the TOML
/// (a complete rules file that loads back to the same rules).
pub fn rules(rules: &Rules, args: &RulesArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    if args.toml {
        write!(out, "{}", rules.to_toml())?;
        return Ok(());
    }
    writeln!(out, "{}", rules.describe())?;
    writeln!(out, "# Effective rules as TOML")?;
    write!(out, "{}", rules.to_toml())?;
    Ok(())
}

/// Whether `err` is a write to a reader that has gone away (`blackjack … | head`): `main` says
/// that the output was cut short, and exits with status 1.
pub fn is_closed_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_usage_error_is_status_2_even_under_context_and_others_are_1() {
        let usage: anyhow::Error = UsageError("--seat must be 1 to 3".to_owned()).into();
        assert_eq!(exit_status(&usage), 2);
        assert_eq!(exit_status(&usage.context("while starting")), 2);
        assert_eq!(exit_status(&anyhow::anyhow!("disk full")), 1);
        let marked = UsageError::from(anyhow::anyhow!("inner").context("outer"));
        assert_eq!(marked.to_string(), "outer: inner");
    }
}
