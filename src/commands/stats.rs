//! `blackjack stats`: the lifetime summary, the exports (cells, sessions, days), a backup on demand, and the explicit
//! ways to delete: a reset, and forgetting the rows before a day — each asks first and backs
//! the database up before it deletes anything.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

use crate::cli::{ExportFormat, StatsArgs};
use crate::store::figures::Scope;
use crate::store::{Location, SessionInfo, SessionKind, Store};
use crate::text::counted;
use crate::trainer::day::Day;
use crate::trainer::drills::schedule::Standing;
use crate::trainer::export::{export_csv, export_days_csv, export_json, export_sessions_csv};
use crate::trainer::report::session_summary;
use crate::trainer::tally::Tally;

use super::UsageError;

/// Runs `blackjack stats` on the database `--stats`, `$BLACKJACK_STATS`, the preferences or
/// the platform's names, in that order.
pub fn stats(
    args: &StatsArgs,
    config: Option<PathBuf>,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    if matches!(args.export, Some(ExportFormat::Json)) && (args.sessions || args.days) {
        let flag = if args.days { "--days" } else { "--sessions" };
        bail!(UsageError(format!(
            "{flag} does nothing with --export json: the JSON export always holds the sessions \
             and the days ({flag} chooses the rows of --export csv)"
        )));
    }
    let location = looked_at(args.stats.clone(), config)?;
    let today = super::practice_clock()?.today();
    let Some(store) = open_existing(&location)? else {
        let asked = if args.backup.is_some() {
            Some("back up")
        } else if args.reset || args.forget_before.is_some() {
            Some("delete")
        } else {
            None
        };
        if let Some(asked) = asked {
            bail!(
                "{} does not exist: there is nothing to {asked} (nothing was written)",
                location.path.display()
            );
        }
        writeln!(
            out,
            "No statistics yet: {} does not exist (play or drill to start it).",
            location.path.display()
        )?;
        return Ok(());
    };
    if let Some(to) = &args.backup {
        store.backup(to)?;
        writeln!(out, "Backed up {} to {}.", location.path.display(), to.display())?;
        return Ok(());
    }
    if args.reset {
        return reset(store, &location, None, args.yes, out);
    }
    if let Some(day) = &args.forget_before {
        let day = Day::parse(day).ok_or_else(|| {
            UsageError(format!("--forget-before {day:?} is not a date: write it as YYYY-MM-DD"))
        })?;
        return reset(store, &location, Some(day), args.yes, out);
    }
    let lifetime = store.tally(Scope::All, today)?;
    let Some(format) = args.export else {
        let sessions = store.sessions()?;
        write!(out, "{}", lifetime_summary(&location.path, sessions, &lifetime, today))?;
        return Ok(());
    };
    let last_seen = store.last_seen()?;
    let text = match format {
        ExportFormat::Csv if args.sessions => export_sessions_csv(&store.session_rows()?),
        ExportFormat::Csv if args.days => export_days_csv(&store.progress()?),
        ExportFormat::Csv => export_csv(&lifetime, &last_seen, today),
        ExportFormat::Json => {
            let rows = store.session_rows()?;
            let days = store.progress()?;
            let mut json =
                export_json(store.sessions()?, &lifetime, &last_seen, &rows, &days, today);
            add_standing(&mut json, &Standing::of(&lifetime, today));
            format!("{json:#}\n")
        }
    };
    match &args.output {
        None => out.write_all(text.as_bytes())?,
        Some(to) => {
            if same_file(to, &location.path) {
                bail!(UsageError(format!(
                    "--output {} is the statistics database itself: choose another file",
                    to.display()
                )));
            }
            super::write_out::write_output(to, text.as_bytes())?;
            eprintln!("Exported the statistics of {} to {}", location.path.display(), to.display());
        }
    }
    Ok(())
}

/// The database a command that only looks reads: `flag` (`--stats`), else `$BLACKJACK_STATS`,
/// else `config`'s (from the preferences), else the platform's.
pub(super) fn looked_at(
    flag: Option<PathBuf>,
    config: Option<PathBuf>,
) -> anyhow::Result<Location> {
    crate::store::location(flag.or(super::stats_env()).or(config), true)
        .context("no data directory on this system: give the database with --stats PATH")
}

/// The database at `location`, or one started now to take in an earlier build's files beside
/// it; `None` when there is nothing. What opening found goes to standard error.
pub(super) fn open_existing(location: &Location) -> anyhow::Result<Option<Store>> {
    let info = SessionInfo { kind: SessionKind::Table, rules: String::new() };
    open_existing_as(location, info)
}

/// [`open_existing`], for a session described by `info` (what a row it writes says of it).
pub(super) fn open_existing_as(
    location: &Location,
    info: SessionInfo,
) -> anyhow::Result<Option<Store>> {
    let exists = std::fs::symlink_metadata(&location.path).is_ok();
    let legacy = crate::store::legacy_files_beside(&location.path);
    if !exists && !legacy {
        return Ok(None);
    }
    let (store, news) = Store::open(location, info)?;
    if let Some(message) = news.message() {
        eprintln!("note: {message}");
    }
    Ok(Some(store))
}

/// The lifetime summary: the session summary's figures under a heading that says whose they
/// are, then the spaced-practice line ([`Standing::line`]) on `today`.
pub fn lifetime_summary(path: &Path, sessions: u64, lifetime: &Tally, today: Day) -> String {
    let body = session_summary(lifetime, None);
    let body = body.strip_prefix("Session summary\n").unwrap_or(&body);
    let practice =
        Standing::of(lifetime, today).line().map_or_else(String::new, |line| format!("  {line}\n"));
    format!(
        "Lifetime statistics in {} ({})\n{body}{practice}",
        path.display(),
        counted(sessions, "session")
    )
}

/// Adds the spaced-practice figures to the JSON export: `"due_today"` (cells due) and
/// `"days_in_a_row"` (0 when none).
fn add_standing(json: &mut serde_json::Value, standing: &Standing) {
    if let Some(object) = json.as_object_mut() {
        object.insert("due_today".to_owned(), standing.due.into());
        object.insert("days_in_a_row".to_owned(), standing.streak.into());
    }
}

/// Whether `a` and `b` name the same file — through links, hard links included — or, when
/// either does not exist, the same path.
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => crate::platform::same_file(&a, &b),
        _ => a == b,
    }
}

fn is_yes(answer: &str) -> bool {
    matches!(answer.trim().to_lowercase().as_str(), "y" | "yes")
}

/// `--reset` (`before`: `None`) and `--forget-before DAY`: asks on a terminal (unless `yes`),
/// refuses without one, backs the database up, then deletes in one transaction.
fn reset(
    mut store: Store,
    location: &Location,
    before: Option<Day>,
    yes: bool,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let path = &location.path;
    if let Some(reason) = store.read_only() {
        return Err(crate::store::StoreError::ReadOnly {
            path: path.clone(),
            reason: reason.clone(),
        }
        .into());
    }
    let when = match before {
        None => String::new(),
        Some(day) => format!(" from before {day}"),
    };
    let can_ask = std::io::stdin().is_terminal() && std::io::stderr().is_terminal();
    if !yes && !can_ask {
        bail!(UsageError(format!(
            "deleting the rows{when} of {} asks first, and there is no terminal to ask on: \
             add --yes to delete without asking",
            path.display()
        )));
    }
    let doomed = store.count_before(before)?;
    if doomed.is_empty() {
        writeln!(
            out,
            "Nothing to delete: {} holds no round, decision or answer{when}.",
            path.display()
        )?;
        return Ok(());
    }
    let what = doomed.describe();
    if !yes {
        let mut stderr = std::io::stderr();
        write!(
            stderr,
            "Delete {what}{when} from {}? A backup is made first. [y/N] ",
            path.display(),
        )?;
        stderr.flush()?;
        let mut answer = String::new();
        std::io::stdin().lock().read_line(&mut answer)?;
        if !is_yes(&answer) {
            writeln!(out, "Nothing deleted: {} is unchanged.", path.display())?;
            return Ok(());
        }
    }
    let backup = crate::store::backup_path(path);
    store.backup(&backup)?;
    store.delete_before(before)?;
    writeln!(
        out,
        "Deleted {what}{when} from {}; the database as it was is kept as {}.",
        path.display(),
        backup.display()
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::RoundTally;

    #[test]
    fn only_yes_deletes() {
        for answer in ["y\n", "Y", " yes \n", "YES"] {
            assert!(is_yes(answer), "{answer:?}");
        }
        for answer in ["", "\n", "n", "no", "yep", "ja"] {
            assert!(!is_yes(answer), "{answer:?}");
        }
    }

    #[test]
    fn the_summary_says_whose_figures_they_are() {
        let lifetime =
            Tally { play: RoundTally { rounds: 3, ..RoundTally::default() }, ..Tally::default() };
        let today = Day::parse("2026-12-03").expect("a date");
        let text = lifetime_summary(Path::new("s.db"), 2, &lifetime, today);
        assert!(text.starts_with("Lifetime statistics in s.db (2 sessions)\n  Rounds"), "{text}");
        assert!(!text.contains("Session summary"), "{text}");
        assert!(!text.contains("Spaced practice"), "nothing practised yet: {text}");
    }
}
