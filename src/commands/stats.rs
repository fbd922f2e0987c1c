//! `blackjack stats`: the lifetime summary, the per-cell export, and a reset that keeps a
//! backup.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

use crate::cli::{ExportFormat, StatsArgs};
use crate::trainer::coach::stats_path;
use crate::trainer::history::history_path;
use crate::trainer::report::{counted, session_summary};
use crate::trainer::schedule::{Day, Standing};
use crate::trainer::stats::{StatsFile, StatsStore, export_csv, export_json, export_sessions_csv};

use super::UsageError;

/// Runs `blackjack stats`. The file is `--stats`, else `$BLACKJACK_STATS`, else `config`'s
/// (from the preferences), else the platform's. "Today" for the spaced-practice figures is the
/// table's: `$BLACKJACK_TODAY` when set, else the local calendar.
pub fn stats(args: &StatsArgs, config: Option<PathBuf>) -> anyhow::Result<()> {
    let env = super::stats_env();
    let path = stats_path(args.stats.clone(), env.or(config), true)
        .context("no data directory on this system: give the file with --stats PATH")?;
    if args.reset {
        return reset(&path, args.yes);
    }
    let (file, store) = read(&path)?;
    match args.export {
        None => {
            let today = super::practice_clock()?.today();
            print!("{}", lifetime_summary(&path, file.as_ref(), today));
            Ok(())
        }
        Some(format) => {
            let empty = StatsFile::default();
            let (last_seen, sessions) = match &store {
                Some(store) => (store.last_seen()?, store.session_rows()?),
                None => Default::default(),
            };
            let file = file.as_ref().unwrap_or(&empty);
            let text = match format {
                ExportFormat::Csv if args.sessions => export_sessions_csv(&sessions),
                ExportFormat::Csv => export_csv(file, &last_seen),
                ExportFormat::Json => {
                    let today = super::practice_clock()?.today();
                    let mut json = export_json(file, &last_seen, &sessions);
                    add_standing(&mut json, &Standing::of(&file.lifetime, today));
                    format!("{json:#}\n")
                }
            };
            match &args.output {
                None => std::io::stdout().lock().write_all(text.as_bytes())?,
                Some(out) => {
                    let history = history_path(&path);
                    for (kept, what) in [
                        (path.as_path(), "the statistics file itself"),
                        (history.as_path(), "its hand history"),
                    ] {
                        if same_file(out, kept) {
                            bail!(UsageError(format!(
                                "--output {} is {what} ({}): choose another file",
                                out.display(),
                                kept.display()
                            )));
                        }
                    }
                    std::fs::write(out, text)
                        .with_context(|| format!("cannot write {}", out.display()))?;
                    eprintln!(
                        "Exported the statistics of {} to {}",
                        path.display(),
                        out.display()
                    );
                }
            }
            Ok(())
        }
    }
}

/// The file at `path` and its store, or `None` when there is no file yet (nothing is created
/// just to look). A note about the file (moved aside, read-only) goes to standard error.
fn read(path: &Path) -> anyhow::Result<(Option<StatsFile>, Option<StatsStore>)> {
    if std::fs::symlink_metadata(path).is_err() {
        return Ok((None, None));
    }
    let (store, file, note) = StatsStore::open(path)?;
    if let Some(message) = note.message() {
        eprintln!("note: {message}");
    }
    Ok((Some(file), Some(store)))
}

/// The lifetime summary: the same figures and most-missed cells as the session summary
/// ([`session_summary`]), under a heading that says whose they are, then the spaced-practice
/// line of the table's statistics screen ([`Standing::line`]) on `today`.
pub fn lifetime_summary(path: &Path, file: Option<&StatsFile>, today: Day) -> String {
    let Some(file) = file else {
        return format!(
            "No statistics yet: {} does not exist (play or drill to start it).\n",
            path.display()
        );
    };
    let body = session_summary(&file.lifetime, None);
    let body = body.strip_prefix("Session summary\n").unwrap_or(&body);
    let practice = Standing::of(&file.lifetime, today)
        .line()
        .map_or_else(String::new, |line| format!("  {line}\n"));
    format!(
        "Lifetime statistics in {} ({})\n{body}{practice}",
        path.display(),
        counted(file.sessions, "session")
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

/// Whether `a` and `b` name the same file — through links, hard links included (the same
/// device and inode) — or, when either does not exist, the same path.
fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => a == b,
    }
}

/// Whether a typed answer says yes.
fn is_yes(answer: &str) -> bool {
    matches!(answer.trim().to_lowercase().as_str(), "y" | "yes")
}

/// `blackjack stats --reset`: asks on a terminal (unless `yes`), refuses without one, then has
/// the store move the file to a backup and start an empty one, under its lock.
fn reset(path: &Path, yes: bool) -> anyhow::Result<()> {
    if std::fs::symlink_metadata(path).is_err() {
        println!("Nothing to reset: {} does not exist.", path.display());
        return Ok(());
    }
    let can_ask = std::io::stdin().is_terminal() && std::io::stderr().is_terminal();
    if !yes && !can_ask {
        bail!(UsageError(format!(
            "`blackjack stats --reset` asks before resetting {}, and there is no terminal to \
             ask on: add --yes to reset without asking",
            path.display()
        )));
    }
    let (store, file, note) = StatsStore::open(path)?;
    if let Some(message) = note.message() {
        eprintln!("note: {message}");
    }
    if !yes {
        let mut stderr = std::io::stderr();
        write!(
            stderr,
            "Start the statistics in {} afresh ({}, {}, {})? The old file is kept as a \
             backup. [y/N] ",
            path.display(),
            counted(file.sessions, "session"),
            counted(file.lifetime.rounds, "round"),
            counted(file.lifetime.overall.decisions, "decision")
        )?;
        stderr.flush()?;
        let mut answer = String::new();
        std::io::stdin().lock().read_line(&mut answer)?;
        if !is_yes(&answer) {
            println!("Not reset: {} is unchanged.", path.display());
            return Ok(());
        }
    }
    match store.reset()? {
        Some(backup) => println!(
            "Statistics reset: {} starts empty; the old file is kept as {}.",
            path.display(),
            backup.display()
        ),
        None => println!("Nothing to reset: {} does not exist.", path.display()),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trainer::tally::Tally;

    #[test]
    fn only_yes_resets() {
        for answer in ["y\n", "Y", " yes \n", "YES"] {
            assert!(is_yes(answer), "{answer:?}");
        }
        for answer in ["", "\n", "n", "no", "yep", "ja"] {
            assert!(!is_yes(answer), "{answer:?}");
        }
    }

    #[test]
    fn the_summary_says_whose_figures_they_are() {
        let file = StatsFile {
            sessions: 2,
            lifetime: Tally {
                rounds: 3,
                ..Tally::default()
            },
            ..StatsFile::default()
        };
        let today = Day::parse("2026-12-03").expect("a date");
        let text = lifetime_summary(Path::new("s.json"), Some(&file), today);
        assert!(
            text.starts_with("Lifetime statistics in s.json (2 sessions)\n  Rounds"),
            "{text}"
        );
        assert!(!text.contains("Session summary"), "{text}");
        assert!(
            !text.contains("Spaced practice"),
            "nothing practised yet: {text}"
        );
        let none = lifetime_summary(Path::new("s.json"), None, today);
        assert!(none.contains("No statistics yet"), "{none}");
    }
}
