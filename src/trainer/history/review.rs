//! Reviewing the hand history: which entries to show, and each decision in words with its
//! reason (passed in by the caller). Shared by `blackjack review` and the review screen.

use serde_json::Value;

use super::record::{Decision, Entry, cards_text};
use crate::analysis::chart::Cell;
use crate::engine::Units;
use crate::text::{signed, signed_decimals};
use crate::trainer::export::local_time;
use crate::trainer::grade::{Verdict, cost_text};
use crate::trainer::report::bets;

/// Which entries a review shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReviewFilter {
    /// Only the last this many entries (after `mistakes` has chosen).
    pub last: Option<usize>,
    /// Only entries with a mistake in them.
    pub mistakes: bool,
}

/// The entries `filter` chooses, oldest first.
pub fn select(entries: &[Entry], filter: ReviewFilter) -> Vec<&Entry> {
    let chosen: Vec<&Entry> = entries.iter().filter(|e| !filter.mistakes || e.is_wrong()).collect();
    let skip = filter.last.map_or(0, |n| chosen.len().saturating_sub(n));
    chosen.into_iter().skip(skip).collect()
}

/// The entry's title, at local time: `Round 3 · 2026-12-03 17:10 CET · seed 8, card 14 of the
/// shoe · net +15 at a bet of 10 (+1.5 bets)`, `Drill (hard) · … · 2.1 s`, `Counting (…) · …`.
pub fn entry_title(entry: &Entry) -> String {
    match entry {
        Entry::Round(round) => {
            let net = match (round.money(), round.bet) {
                _ if round.unfinished => "left unfinished".to_owned(),
                (Some(money), Some(bet)) => format!(
                    "net {} at a bet of {} ({})",
                    units(money),
                    units(bet).plain(),
                    bets(units(round.net()))
                ),
                _ => format!("net {}", bets(units(round.net()))),
            };
            let count = round
                .true_count
                .map_or_else(String::new, |tc| format!(" · true count {}", signed(tc)));
            format!(
                "Round {} · {} · seed {}, card {} of the shoe{count} · {net}",
                round.number,
                local_time(round.at),
                round.seed,
                round.shoe_position + 1,
            )
        }
        Entry::Drill(drill) => {
            format!("Drill ({}) · {} · {:.1} s", drill.kind, local_time(drill.at), drill.seconds)
        }
        Entry::Count(answer) => {
            // The table's bet grades and count checks are not timed (0 s): no time is said.
            let time = match answer.seconds {
                s if s <= 0.0 => "not timed".to_owned(),
                s => format!("{s:.1} s"),
            };
            format!("Counting ({}) · {} · {time}", answer.skill, local_time(answer.at))
        }
    }
}

/// A stored decimal amount in thousandths, so it is written as every net is: `+1.5`, `−1`.
fn units(amount: f64) -> Units {
    Units((amount * 1000.0).round() as i64)
}

/// The round's cards: `Dealer T♦ 7♣ · You 6♠ 5♥ 9♣ (−1)`; a drill's question.
pub fn cards_line(entry: &Entry, ascii: bool) -> String {
    match entry {
        Entry::Round(round) => {
            let hands: Vec<String> = round
                .hands
                .iter()
                .map(|h| format!("{} ({})", cards_text(&h.cards, ascii), h.outcome))
                .collect();
            let dealer = cards_text(&round.dealer, ascii);
            format!("Dealer {dealer} · You {}", hands.join(" · "))
        }
        Entry::Drill(drill) => {
            format!("You {} vs {}", drill.decision.cards_text(ascii), drill.decision.up_text(ascii))
        }
        Entry::Count(answer) => {
            let mark = if answer.right { '✓' } else { '✗' };
            let verdict =
                if answer.right { "right".to_owned() } else { format!("it was {}", answer.truth) };
            format!("{mark} {} · you said {}, {verdict}", answer.question, answer.answer)
        }
    }
}

/// The decision in one line: `✗ hard 11 vs T: 6♠ 5♥ vs T♦ · you double, best hit · cost …`.
pub fn decision_line(decision: &Decision, ascii: bool) -> String {
    let label = decision.cell().map_or_else(|| decision.cell.clone(), |c| c.label());
    let hand =
        if decision.hand > 0 { format!(" (hand {})", decision.hand + 1) } else { String::new() };
    let verdict = decision.verdict();
    let mark = verdict.mark();
    let head = format!(
        "{mark} {label}{hand}: {} vs {}",
        decision.cards_text(ascii),
        decision.up_text(ascii)
    );
    let close = if verdict == Verdict::CloseCall { "close call, " } else { "" };
    if decision.is_correct() {
        format!("{head} · you {} (right)", decision.chosen)
    } else {
        format!(
            "{head} · you {}, best {} · {close}cost {} bets",
            decision.chosen,
            decision.advised,
            cost_text(decision.cost)
        )
    }
}

/// The EVs it was graded with, best first: `hit +0.031 · double +0.013 · stand −0.120`.
pub fn evs_line(decision: &Decision) -> String {
    decision
        .evs
        .iter()
        .map(|e| format!("{} {}", e.action, signed_decimals(e.ev, 3)))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The whole review as text: each entry's title and cards, then each decision with its EVs
/// and reason (`reason` gives the line for a cell, e.g. [`crate::analysis::reasons::line`]).
pub fn review_text(
    entries: &[&Entry],
    mistakes_only: bool,
    ascii: bool,
    reason: &dyn Fn(Cell) -> Option<String>,
) -> String {
    let mut out = String::new();
    for entry in entries {
        out.push_str(&entry_title(entry));
        out.push('\n');
        out.push_str(&format!("  {}\n", cards_line(entry, ascii)));
        for decision in shown_decisions(entry, mistakes_only) {
            out.push_str(&format!("  {}\n", decision_line(decision, ascii)));
            out.push_str(&format!("    EVs of this hand: {}\n", evs_line(decision)));
            if let Some(why) = decision.cell().and_then(reason) {
                out.push_str(&format!("    Why: {why}\n"));
            }
        }
    }
    out
}

/// The review as JSON: `{"history": path, "entries": [entry…]}`, each decision with its
/// `reason` (null where there is none) and `correct`.
pub fn review_json(
    path: &str,
    entries: &[&Entry],
    reason: &dyn Fn(Cell) -> Option<String>,
) -> Value {
    let items: Vec<Value> = entries
        .iter()
        .map(|entry| {
            let mut value = serde_json::to_value(entry).unwrap_or(Value::Null);
            // A round keeps an array of decisions, a drill answer one.
            let slots: Vec<&mut Value> = if value.get("decisions").is_some() {
                value["decisions"].as_array_mut().into_iter().flatten().collect()
            } else {
                value.get_mut("decision").into_iter().collect()
            };
            for (slot, decision) in slots.into_iter().zip(entry.decisions()) {
                if let Some(object) = slot.as_object_mut() {
                    object.insert("correct".into(), Value::Bool(decision.is_correct()));
                    let why = decision.cell().and_then(reason);
                    object.insert("reason".into(), why.map_or(Value::Null, Value::String));
                }
            }
            value
        })
        .collect();
    serde_json::json!({ "history": path, "entries": items })
}

/// The decisions of `entry` a review shows: all of them, or only the mistakes.
pub fn shown_decisions(entry: &Entry, mistakes_only: bool) -> Vec<&Decision> {
    entry.decisions().iter().filter(|d| !mistakes_only || !d.is_correct()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trainer::history::CountAnswer;

    fn answer(seconds: f64) -> Entry {
        Entry::Count(CountAnswer {
            at: 0,
            skill: "ramp".to_owned(),
            question: "the bet at true count +1".to_owned(),
            answer: "2".to_owned(),
            truth: "2".to_owned(),
            right: true,
            error: 0.0,
            seconds,
            countdown: None,
        })
    }

    /// A bet graded at the table is not timed (0 s): its title says so rather than "0.0 s"
    /// (issue 36); a drill's answer keeps its time.
    #[test]
    fn an_untimed_answer_says_no_time() {
        let table = entry_title(&answer(0.0));
        assert!(table.ends_with(" · not timed"), "{table}");
        assert!(!table.contains("0.0 s"), "{table}");
        let drill = entry_title(&answer(2.5));
        assert!(drill.ends_with(" · 2.5 s"), "{drill}");
    }
}
