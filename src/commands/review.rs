//! `blackjack review`: past rounds, drill answers and counting answers from the hand history —
//! the cards, what you did, what was best, what it cost, and the reason.

use std::io::Write;
use std::path::PathBuf;

use crate::analysis::chart::Cell;
use crate::cli::ReviewArgs;
use crate::engine::Rules;
use crate::store::coach::MAX_REVIEW_LIMIT;
use crate::trainer::history::review::{ReviewFilter, review_json, review_text, select};

/// Runs `blackjack review` (nothing is created just to look: no database, no entries).
pub fn review(
    rules: &Rules,
    args: &ReviewArgs,
    config: Option<PathBuf>,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let location = super::stats::looked_at(args.stats.clone(), config)?;
    let path = location.path.clone();
    // Only what is shown is read: the last N entries (or mistakes); the total is counted by
    // the database.
    let limit = args.last.map_or(MAX_REVIEW_LIMIT, |n| n.min(MAX_REVIEW_LIMIT));
    let (entries, total) = match super::stats::open_existing(&location)? {
        Some(store) if args.mistakes => (store.mistakes(limit)?, store.entry_count()?),
        Some(store) => (store.entries(limit)?, store.entry_count()?),
        None => (Vec::new(), 0),
    };
    let filter = ReviewFilter { last: args.last, mistakes: args.mistakes };
    let chosen = select(&entries, filter);
    let strategy = crate::analysis::strategy::basic_strategy_on(rules, super::analysis_threads());
    let peek = crate::analysis::strategy::peek_strategy(rules);
    let reason = |cell: Cell| {
        use crate::analysis::reasons::{Figures, line};
        line(&strategy, Some(&peek.chart), cell, Figures::Chart)
    };
    if args.json {
        let value = review_json(&path.display().to_string(), &chosen, &reason);
        writeln!(out, "{value:#}")?;
        return Ok(());
    }
    if chosen.is_empty() {
        let what = if args.mistakes { "No mistakes" } else { "Nothing" };
        writeln!(out, "{what} in the hand history of {} yet.", path.display())?;
        return Ok(());
    }
    writeln!(out, "Hand history of {} ({} of {} entries):", path.display(), chosen.len(), total)?;
    write!(out, "{}", review_text(&chosen, args.mistakes, args.ascii, &reason))?;
    Ok(())
}
