//! One function per standard, each reading only the stored rows ([`Rows`]): what it met, when,
//! and the learner's best so far. The figures are the course of issue 36; a close call (a miss
//! that gives away less than [`CLOSE_CALL`]) is not a miss anywhere here.

use std::collections::{HashMap, HashSet};

use super::table_shoes::{Shoe, shoes};
use super::{AnswerRow, Context, DecisionRow, Rows, Standard, Verdict};
use crate::analysis::chart::Cell;
use crate::engine::{Cards, Value};
use crate::trainer::drills::kinds::{DrillKind, dealt_cells};
use crate::trainer::grade::CLOSE_CALL;

/// The rules check's questions, all to be right in a row.
pub const RULES_QUESTIONS: usize = 10;
/// Basic strategy: decisions in a row judged together.
pub const DECISIONS_IN_A_ROW: usize = 200;
/// Basic strategy: the share of them right, in per cent.
pub const RIGHT_PERCENT_BASIC: u32 = 98;
/// The countdown: one deck in this many seconds or less.
pub const COUNTDOWN_SECONDS: f64 = 30.0;
/// The countdown: this many times.
pub const COUNTDOWNS: usize = 3;
/// Pair cancellation: right in a row.
pub const PAIRS_IN_A_ROW: usize = 20;
/// Pair cancellation: the most seconds a pair may take. A deck counted down in 30 s is 26
/// pairs at 1.15 s each; a pair answered by keys takes the reading plus a keystroke (about
/// 0.8 s more), so 2 s a pair is the countdown's pace, answered.
pub const PAIR_SECONDS: f64 = 2.0;
/// The table: shoes at game pace with every count check right.
pub const TABLE_SHOES: usize = 3;
/// True-count conversions right in a row.
pub const CONVERSIONS_IN_A_ROW: usize = 20;
/// The most seconds a conversion may take.
pub const CONVERSION_SECONDS: f64 = 4.0;
/// Decks left: right (within [`DECKS_WITHIN`]) of [`DECKS_ASKED`] in a row.
pub const DECKS_RIGHT: usize = 18;
/// Decks left: how many answers in a row are judged together.
pub const DECKS_ASKED: usize = 20;
/// Decks left: how far off an answer may be, in decks.
pub const DECKS_WITHIN: f64 = 0.5;
/// The ramp from memory: right in a row.
pub const RAMP_IN_A_ROW: usize = 20;
/// This game's index plays asked about.
pub const TOP_PLAYS: usize = 18;
/// The exam: shoes.
pub const EXAM_SHOES: usize = 2;
/// The exam: bets by the ramp, per cent right.
pub const RIGHT_PERCENT_BETS: u32 = 95;
/// The exam: decisions, per cent right.
pub const RIGHT_PERCENT_EXAM: u32 = 99;

/// The verdict of `standard` on `rows`.
pub fn evaluate(standard: Standard, rows: &Rows, context: &Context) -> Verdict {
    match standard {
        Standard::RulesCheck => rules_check(rows),
        Standard::EveryCell => every_cell(rows),
        Standard::TwoHundred => two_hundred(rows),
        Standard::Countdown => countdown(rows),
        Standard::Pairs => pairs(rows),
        Standard::TableShoes => table_shoes(rows),
        Standard::Conversions => conversions(rows),
        Standard::DecksLeft => decks_left(rows),
        Standard::Ramp => ramp(rows),
        Standard::TopIndexPlays => top_index_plays(rows, context.top_plays.as_deref()),
        Standard::Exam => exam(rows),
    }
}

/// The answers of `skill`, oldest first.
fn answers<'a>(rows: &'a Rows, skill: &'a str) -> impl Iterator<Item = &'a AnswerRow> + 'a {
    rows.answers.iter().filter(move |a| a.skill == skill)
}

/// `n` in a row that are `ok`: met at the first run of `n`; the best is the longest run.
fn in_a_row<'a>(
    items: impl Iterator<Item = &'a AnswerRow>,
    ok: impl Fn(&AnswerRow) -> bool,
    n: usize,
) -> Verdict {
    let (mut run, mut best, mut seen) = (0, 0, 0);
    let mut met = None;
    for a in items {
        seen += 1;
        run = if ok(a) { run + 1 } else { 0 };
        best = usize::max(best, run);
        if run >= n && met.is_none() {
            met = Some((a.at, a.day.clone()));
        }
    }
    let words = if seen == 0 {
        "none answered yet".to_owned()
    } else {
        format!("best {best} in a row of {n}")
    };
    Verdict { met, best: words }
}

/// Stage 0: the rules check's questions, [`RULES_QUESTIONS`] in a row right.
pub fn rules_check(rows: &Rows) -> Verdict {
    in_a_row(answers(rows, "rules"), |a| a.correct, RULES_QUESTIONS)
}

/// The chart cells the drill of any hand deals, as keys: the cells it can ask about.
fn drillable_cells() -> HashSet<String> {
    dealt_cells(DrillKind::All).map(|c| c.key()).collect()
}

/// Stage 1: every cell the drill of any hand deals, drilled (in a drill, basic strategy).
pub fn every_cell(rows: &Rows) -> Verdict {
    let all = drillable_cells();
    let mut drilled = HashSet::new();
    for d in rows.decisions.iter().filter(|d| d.drilled && !d.counting) {
        if all.contains(&d.cell) {
            drilled.insert(d.cell.as_str());
            if drilled.len() == all.len() {
                return Verdict::met(d.at, &d.day, format!("all {} cells drilled", all.len()));
            }
        }
    }
    Verdict::not_yet(format!("{} of {} cells drilled", drilled.len(), all.len()))
}

/// A miss, close calls not counted.
fn missed(d: &DecisionRow) -> bool {
    !d.correct && d.cost >= CLOSE_CALL
}

/// The misses `percent` % of `n` allows.
fn misses_allowed(n: usize, percent: u32) -> usize {
    n * (100 - percent as usize) / 100
}

/// Stage 1: [`DECISIONS_IN_A_ROW`] basic-strategy decisions in a row (drills and the table in
/// basic mode) at [`RIGHT_PERCENT_BASIC`] % or better, no cell missed twice among them.
/// Counting mode's neither count nor break the run: there an index play's cell is graded by
/// the index (stage 5), so a chart play right by stage 1 would be a miss.
pub fn two_hundred(rows: &Rows) -> Verdict {
    let basic: Vec<&DecisionRow> = rows.decisions.iter().filter(|d| !d.counting).collect();
    let n = DECISIONS_IN_A_ROW;
    if basic.len() < n {
        return Verdict::not_yet(format!("{} of {n} decisions made so far", basic.len()));
    }
    let allowed = misses_allowed(n, RIGHT_PERCENT_BASIC);
    let mut misses_by_cell: HashMap<&str, usize> = HashMap::new();
    let (mut misses, mut twice) = (0usize, 0usize);
    // The best window: fewest misses among those with no cell missed twice, else fewest.
    let mut best: Option<(bool, usize)> = None;
    for (i, d) in basic.iter().enumerate() {
        if missed(d) {
            misses += 1;
            let c = misses_by_cell.entry(&d.cell).or_default();
            *c += 1;
            if *c == 2 {
                twice += 1;
            }
        }
        if i >= n {
            let out = basic[i - n];
            if missed(out) {
                misses -= 1;
                if let Some(c) = misses_by_cell.get_mut(out.cell.as_str()) {
                    if *c == 2 {
                        twice -= 1;
                    }
                    *c -= 1;
                }
            }
        }
        if i + 1 >= n {
            let here = (twice == 0, misses);
            best = Some(match best {
                Some(b) if (b.0 && !here.0) || (b.0 == here.0 && b.1 <= here.1) => b,
                _ => here,
            });
            if twice == 0 && misses <= allowed {
                return Verdict::met(d.at, &d.day, window_words(n, misses, false));
            }
        }
    }
    let (clean, misses) = best.unwrap_or((true, n));
    Verdict::not_yet(format!("best {}", window_words(n, misses, !clean)))
}

/// `200 in a row at 98.5 %` (`, a cell missed twice`).
fn window_words(n: usize, misses: usize, twice: bool) -> String {
    let percent = 100.0 * (n - misses) as f64 / n as f64;
    format!("{n} in a row at {percent:.1} %{}", if twice { ", a cell missed twice" } else { "" })
}

/// `n` things met, the `need`-th at the row that met it.
fn counted_met(done: &[(u64, String)], need: usize, noun: &str) -> Verdict {
    let best = format!("{} of {need} {noun}", done.len().min(need));
    match done.get(need.saturating_sub(1)) {
        Some((at, day)) => Verdict::met(*at, day, best),
        None => Verdict::not_yet(best),
    }
}

/// Stage 2: a one-deck countdown right within [`COUNTDOWN_SECONDS`], [`COUNTDOWNS`] times.
pub fn countdown(rows: &Rows) -> Verdict {
    let done: Vec<(u64, String)> = answers(rows, "countdown")
        .filter(|a| a.decks == Some(1) && a.correct && a.seconds <= COUNTDOWN_SECONDS)
        .map(|a| (a.at, a.day.clone()))
        .collect();
    counted_met(&done, COUNTDOWNS, "countdowns")
}

/// Stage 2: pairs cancelled, [`PAIRS_IN_A_ROW`] in a row right within [`PAIR_SECONDS`] each.
pub fn pairs(rows: &Rows) -> Verdict {
    in_a_row(answers(rows, "pairs"), |a| a.correct && a.seconds <= PAIR_SECONDS, PAIRS_IN_A_ROW)
}

/// Whether a finished shoe passes stage 2: game pace, counted, every check right.
fn shoe_counted(shoe: &Shoe<'_>) -> bool {
    shoe.finished
        && shoe.at_game_pace()
        && !shoe.checks.is_empty()
        && shoe.checks.iter().all(|a| a.correct)
}

/// Stage 2: [`TABLE_SHOES`] shoes at the table at game pace with every count check right.
pub fn table_shoes(rows: &Rows) -> Verdict {
    let all = shoes(rows);
    let done: Vec<(u64, String)> = all.iter().filter(|s| shoe_counted(s)).map(Shoe::end).collect();
    let mut verdict = counted_met(&done, TABLE_SHOES, "shoes");
    if verdict.met.is_none()
        && let Some(last) = all.iter().rev().find(|s| s.finished)
    {
        verdict.best.push_str(&format!("; last shoe {}", last.summary()));
    }
    verdict
}

/// Stage 3: [`CONVERSIONS_IN_A_ROW`] conversions in a row right, each in [`CONVERSION_SECONDS`].
pub fn conversions(rows: &Rows) -> Verdict {
    in_a_row(
        answers(rows, "true-count"),
        |a| a.correct && a.seconds <= CONVERSION_SECONDS,
        CONVERSIONS_IN_A_ROW,
    )
}

/// Stage 3: the decks left within [`DECKS_WITHIN`], [`DECKS_RIGHT`] of [`DECKS_ASKED`] in a row.
pub fn decks_left(rows: &Rows) -> Verdict {
    let within: Vec<(bool, &AnswerRow)> =
        answers(rows, "decks").map(|a| (a.error <= DECKS_WITHIN, a)).collect();
    let n = DECKS_ASKED;
    if within.is_empty() {
        return Verdict::not_yet("none answered yet");
    }
    if within.len() < n {
        let right = within.iter().filter(|w| w.0).count();
        return Verdict::not_yet(format!(
            "{right} of {} within half a deck ({n} needed)",
            within.len()
        ));
    }
    let mut right = within[..n - 1].iter().filter(|w| w.0).count();
    let mut best = 0;
    for i in n - 1..within.len() {
        right += usize::from(within[i].0);
        best = best.max(right);
        if right >= DECKS_RIGHT {
            let a = within[i].1;
            return Verdict::met(a.at, &a.day, format!("{right} of {n} within half a deck"));
        }
        right -= usize::from(within[i + 1 - n].0);
    }
    Verdict::not_yet(format!("best {best} of {n} within half a deck"))
}

/// Stage 4: the ramp from memory (the drill's, not the table's bets), [`RAMP_IN_A_ROW`] right.
pub fn ramp(rows: &Rows) -> Verdict {
    in_a_row(answers(rows, "ramp"), |a| a.correct, RAMP_IN_A_ROW)
}

/// The cell a deviations question is about: `K♠ 6♥ against T♦ at true count +2: …`; `None`
/// for a question in other words.
pub fn question_cell(question: &str) -> Option<Cell> {
    let (hand, rest) = question.split_once(" against ")?;
    let up = rest.split_whitespace().next()?;
    let values: Option<Vec<Value>> = hand.split_whitespace().map(card_value).collect();
    let values = values.filter(|v| v.len() >= 2)?;
    Some(Cell::for_hand(&Cards::from_values(&values), card_value(up)?, true))
}

/// The value of a card as written (`K♠`, `10♥`, `Ts`, `A`).
fn card_value(text: &str) -> Option<Value> {
    use crate::engine::card::parse_value;
    let rank: String = text.chars().filter(char::is_ascii_alphanumeric).collect();
    parse_value(&rank).or_else(|| {
        // An ASCII suit letter after the rank: `10h`, `Ks`.
        let cut = rank.strip_suffix(['c', 'd', 'h', 's'])?;
        parse_value(cut)
    })
}

/// Stage 5: each of this game's top [`TOP_PLAYS`] index plays (`top`) right twice in a row.
pub fn top_index_plays(rows: &Rows, top: Option<&[Cell]>) -> Verdict {
    if answers(rows, "deviations").next().is_none() {
        return Verdict::not_yet("none answered yet");
    }
    let Some(top) = top else {
        return Verdict::not_yet("this game's index table is not at hand to check against");
    };
    let mut runs: HashMap<Cell, u32> = HashMap::new();
    let mut twice: HashSet<Cell> = HashSet::new();
    for a in answers(rows, "deviations") {
        let Some(cell) = question_cell(&a.question).filter(|c| top.contains(c)) else {
            continue;
        };
        let run = runs.entry(cell).or_default();
        *run = if a.correct { *run + 1 } else { 0 };
        if *run >= 2 {
            twice.insert(cell);
            if twice.len() == top.len() {
                return Verdict::met(
                    a.at,
                    &a.day,
                    format!("all {} plays right twice in a row", top.len()),
                );
            }
        }
    }
    Verdict::not_yet(format!("{} of {} plays right twice in a row", twice.len(), top.len()))
}

/// The share right of `n` things with `wrong` wrong, in per cent (100 of none).
fn percent(n: usize, wrong: usize) -> f64 {
    if n == 0 { 100.0 } else { 100.0 * (n - wrong) as f64 / n as f64 }
}

/// Whether a finished shoe passes the exam, and in words how it went.
fn exam_shoe(shoe: &Shoe<'_>) -> (bool, String) {
    let bets_wrong = shoe.bets.iter().filter(|a| !a.correct).count();
    let misses = shoe.decisions.iter().filter(|d| missed(d)).count();
    let bets = percent(shoe.bets.len(), bets_wrong);
    let decisions = percent(shoe.decisions.len(), misses);
    let passed = shoe_counted(shoe)
        && shoe.counting()
        && !shoe.bets.is_empty()
        && bets >= f64::from(RIGHT_PERCENT_BETS)
        && !shoe.decisions.is_empty()
        && decisions >= f64::from(RIGHT_PERCENT_EXAM);
    // A table without a ramp grades no bet: "bets 100 %" of none would read as a pass.
    let bet_words = if shoe.bets.is_empty() {
        "no bet graded (no ramp at the table: --ramp plan)".to_owned()
    } else {
        format!("bets {bets:.0} % by the ramp")
    };
    let words = format!("{}, {bet_words}, decisions {decisions:.1} %", shoe.summary());
    (passed, words)
}

/// Stage 6: [`EXAM_SHOES`] counting shoes at game pace, every count check right, bets at
/// [`RIGHT_PERCENT_BETS`] % and decisions at [`RIGHT_PERCENT_EXAM`] % or better.
pub fn exam(rows: &Rows) -> Verdict {
    let all = shoes(rows);
    let graded: Vec<(bool, String, (u64, String))> = all
        .iter()
        .filter(|s| s.finished && s.counting() && !s.decisions.is_empty())
        .map(|s| {
            let (passed, words) = exam_shoe(s);
            (passed, words, s.end())
        })
        .collect();
    let done: Vec<(u64, String)> = graded.iter().filter(|g| g.0).map(|g| g.2.clone()).collect();
    let mut verdict = counted_met(&done, EXAM_SHOES, "shoes");
    if verdict.met.is_none()
        && let Some(last) = graded.last()
    {
        verdict.best.push_str(&format!("; last shoe {}", last.1));
    }
    verdict
}
