//! `blackjack course`: the counting course — every stage with its standards, the learner's
//! best so far, the days passed and what to do next (passes the rows show are recorded once);
//! `course rules`, the house's rule sheet; `course check`, the rules check.

use std::io::{BufRead, IsTerminal, Write};
use std::path::Path;
use std::time::Instant;

use super::drill_io::{Flashes, Out};
use crate::analysis::counts::{CountSystem, count_by_name};
use crate::cli::{CourseAction, CourseArgs};
use crate::engine::Rules;
use crate::store::{Coach, SessionInfo, SessionKind};
use crate::text::wrap_hanging;
use crate::trainer::course::rules_check::{self, questions};
use crate::trainer::course::sheet::{Lang, locale_of, no_hole_card_lines};
use crate::trainer::course::{
    Context, Course, CourseView, Rows, course_json, course_lines, next_lines, top_cells,
};

/// The widest line the course is printed in: a terminal's 80 columns, as the drills (issue 36:
/// at 100, an 80-column terminal broke "answered ye / t").
const WIDTH: usize = super::drill_io::LINE_WIDTH;

/// The count the course is taken in: `--count`, else the preferences' `count`, else Hi-Lo.
/// A name that is no count is a usage error naming the counts.
fn course_count(args: &CourseArgs, config_file: Option<&Path>) -> anyhow::Result<CountSystem> {
    let settings = super::config::load_config(config_file)?.settings;
    match &args.count {
        Some(name) => count_by_name(&name.0, settings.own_count.as_ref())
            .map_err(|why| super::UsageError(why).into()),
        None => Ok(settings.count_system.unwrap_or_default()),
    }
}

/// Runs `blackjack course`, the preferences read from `config_file` (nothing is created just
/// to look); the course is taken in `--count`, else the preferences' count, else Hi-Lo.
pub fn course(
    rules: &Rules,
    args: &CourseArgs,
    config_file: Option<&Path>,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let config = super::stats_file(config_file)?;
    let count = course_count(args, config_file)?;
    if args.json && args.action.is_some() {
        return Err(super::UsageError(
            "--json goes with `blackjack course` alone, not with `rules` or `check`".to_owned(),
        )
        .into());
    }
    match args.action {
        Some(CourseAction::Rules { lang }) => {
            let lang = lang.unwrap_or_else(|| {
                let (all, lang) = (std::env::var("LC_ALL").ok(), std::env::var("LANG").ok());
                Lang::from_locale(locale_of(all.as_deref(), lang.as_deref()))
            });
            show_sheet(rules, lang, out)
        }
        Some(CourseAction::Check) => {
            let stdin = std::io::stdin();
            let location = super::stats::looked_at(args.stats.clone(), config)?;
            let info = SessionInfo::new(SessionKind::Drill, rules);
            let (mut coach, news) = Coach::open(Some(&location), info, super::practice_clock()?)?;
            if let Some(message) = news {
                writeln!(out, "{message}")?;
            }
            let flashes = Flashes::of_terminal(false, std::io::stdin().is_terminal());
            check(rules, &count, &mut stdin.lock(), out, flashes, &mut coach)
        }
        None => show(rules, &count, args, config, out),
    }
}

/// The house's sheet in `lang`, then the no-hole-card point on a hand and the next step.
fn show_sheet(rules: &Rules, lang: Lang, out: &mut impl Write) -> anyhow::Result<()> {
    // The house's words as they are, each line wrapped to the terminal's width.
    let sheet = lang.sheet().trim_end().lines().map(str::to_owned);
    for line in sheet.chain([String::new()]).chain(no_hole_card_lines(rules)) {
        for row in wrap_hanging(&line, WIDTH) {
            writeln!(out, "{row}")?;
        }
    }
    writeln!(out)?;
    writeln!(
        out,
        "The table plays the loaded rules (`blackjack rules` prints them).\nNext: the rules \
         check,\n  → blackjack course check"
    )?;
    Ok(())
}

/// The context of the course's standards: this game's top index plays, where a deviations
/// answer is there to check (from the cache, or worked out now, which the player is told).
fn context(rules: &Rules, count: &CountSystem, rows: &Rows) -> Context {
    let count = count.clone();
    if !rows.answers.iter().any(|a| a.skill == "deviations") {
        return Context { count, ..Context::default() };
    }
    let table = crate::store::cache::index_table_with(rules, |rules| {
        eprintln!("Working out this game's index table for these rules…");
        crate::analysis::indices::index_table(rules)
    });
    Context { top_plays: Some(top_cells(&table)), count }
}

/// The course as the database has it, new passes recorded.
fn show(
    rules: &Rules,
    count: &CountSystem,
    args: &CourseArgs,
    config: Option<std::path::PathBuf>,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let location = super::stats::looked_at(args.stats.clone(), config)?;
    let info = SessionInfo::new(SessionKind::Drill, rules);
    let (course, newly) = match super::stats::open_existing_as(&location, info)? {
        Some(mut store) => {
            let context = context(rules, count, &store.course_rows()?);
            let today = super::practice_clock()?.today();
            store.course(&context, today)?
        }
        None => (
            Course::evaluate(
                &Rows::default(),
                &Context { count: count.clone(), ..Context::default() },
            ),
            Vec::new(),
        ),
    };
    if args.json {
        writeln!(out, "{:#}", course_json(&course))?;
        return Ok(());
    }
    let note = crate::trainer::course::passes_note(&newly);
    for line in course_lines(&course, CourseView::CommandLine).into_iter().chain(note) {
        for row in wrap_hanging(&line, WIDTH) {
            writeln!(out, "{}", row.trim_end())?;
        }
    }
    Ok(())
}

/// The rules check: ten questions from `input`, each graded and kept (skill `rules`) until
/// `q` or the input's end; then where the course stands.
pub fn check<W: Write>(
    rules: &Rules,
    count: &CountSystem,
    input: &mut impl BufRead,
    w: &mut W,
    flashes: Flashes,
    coach: &mut Coach,
) -> anyhow::Result<()> {
    let asked = questions(rules);
    let mut out = Out { w, ascii: false, flashes };
    out.line(&format!(
        "The rules check: {} questions on the rules this table plays. Numbers are results per \
         unit bet (1.5, -2, 0); q stops.",
        asked.len()
    ))?;
    let mut right = 0;
    'questions: for (i, question) in asked.iter().enumerate() {
        out.line(&format!("{}/{}. {}", i + 1, asked.len(), question.text))?;
        let started = Instant::now();
        let (typed, ok) = loop {
            let Some(typed) = out.ask("> ", input)? else {
                break 'questions;
            };
            match rules_check::grade(question, &typed) {
                Ok(ok) => break (typed, ok),
                Err(why) => out.line(&format!("{why}."))?,
            }
        };
        let seconds = started.elapsed().as_secs_f64();
        coach.record_count(rules_check::record(question, i + 1, &typed, ok, seconds));
        if ok {
            right += 1;
            out.line(&format!("✓ Right: {}.", question.why))?;
        } else {
            out.line(&format!("✗ {}: {}.", question.answer.text(), question.why))?;
        }
    }
    out.line(&format!("{right} of {} right.", asked.len()))?;
    coach.save();
    if let Some(why) = coach.not_saving().or_else(|| coach.unsaved()) {
        out.line(&format!("Not kept: {why}"))?;
    }
    let context = Context { count: count.clone(), ..Context::default() };
    match coach.course(&context) {
        Ok((course, newly)) => {
            if let Some(note) = crate::trainer::course::passes_note(&newly) {
                out.line(&note)?;
            }
            for line in next_lines(&course, CourseView::CommandLine) {
                for row in wrap_hanging(&line, WIDTH) {
                    out.line(&row)?;
                }
            }
        }
        Err(err) => out.line(&format!("The course could not be read: {err}"))?,
    }
    Ok(())
}
