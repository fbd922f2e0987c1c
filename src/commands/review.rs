//! `blackjack review`: past rounds and drill answers from the hand history — the cards, what
//! you did, what was best, what it cost, and the reason.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;

use crate::analysis::chart::Cell;
use crate::cli::ReviewArgs;
use crate::engine::Rules;
use crate::trainer::coach::stats_path;
use crate::trainer::history::review::{ReviewFilter, review_json, review_text, select};
use crate::trainer::history::{HistoryStore, MAX_HISTORY_LIMIT, history_path};

/// Runs `blackjack review`. The history is the one beside `--stats`, else `$BLACKJACK_STATS`,
/// else `config`'s statistics file (from the preferences), else the platform's. Nothing is
/// created just to look: no file, no entries.
pub fn review(rules: &Rules, args: &ReviewArgs, config: Option<PathBuf>) -> anyhow::Result<()> {
    let env = super::stats_env();
    let stats = stats_path(args.stats.clone(), env.or(config), true)
        .context("no data directory on this system: give the file with --stats PATH")?;
    let path = history_path(&stats);
    let entries = if std::fs::symlink_metadata(&path).is_ok() {
        let (_, entries, note) = HistoryStore::open(&path, MAX_HISTORY_LIMIT)?;
        if let Some(note) = note {
            eprintln!("note: {note}");
        }
        entries
    } else {
        Vec::new()
    };
    let filter = ReviewFilter {
        last: args.last,
        mistakes: args.mistakes,
    };
    let chosen = select(&entries, filter);
    let strategy = crate::analysis::strategy::basic_strategy_on(rules, super::analysis_threads());
    let peek = crate::analysis::strategy::peek_strategy(rules);
    let reason = |cell: Cell| {
        use crate::analysis::reasons::{Figures, line};
        line(&strategy, Some(&peek.chart), cell, Figures::Chart)
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        let value = review_json(&path.display().to_string(), &chosen, &reason);
        writeln!(out, "{value:#}")?;
        return Ok(());
    }
    if chosen.is_empty() {
        let what = if args.mistakes {
            "No mistakes"
        } else {
            "Nothing"
        };
        writeln!(out, "{what} in the hand history {} yet.", path.display())?;
        return Ok(());
    }
    writeln!(
        out,
        "Hand history {} ({} of {} entries):",
        path.display(),
        chosen.len(),
        entries.len()
    )?;
    write!(
        out,
        "{}",
        review_text(&chosen, args.mistakes, args.ascii, &reason)
    )?;
    Ok(())
}
