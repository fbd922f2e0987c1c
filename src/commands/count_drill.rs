//! `blackjack drill --kind countdown|true-count|decks|ramp|deviations`: the counting drills on
//! stdin/stdout, over the trainer's [`crate::trainer::counting`], every answer recorded and
//! saved at once.

use std::io::{BufRead, Write};
use std::time::Instant;

use anyhow::Context;

use super::drill::Out;
use crate::analysis::deviation::IndexTable;
use crate::cli::{CountConvention, DeckResolution, DrillArgs, DrillKind, IndexSet};
use crate::engine::Rules;
use crate::store::Coach;
use crate::trainer::counting::{
    Convention, Countdown, Prompt, Quiz, QuizSettings, Resolution, tray_bar,
};
use crate::trainer::practice::read_count;

/// What a counting drill needs, checked and built from the options.
pub struct Setup {
    kind: DrillKind,
    settings: QuizSettings,
    per_flash: usize,
    surprise: bool,
    countdown_decks: u8,
    pace: Option<f64>,
}

/// The drill's settings from the options: the ramp checked, and for deviations this game's
/// index table (worked out the first time, which takes a few seconds and the drill says so;
/// read from the cache after).
pub fn setup(rules: &Rules, args: &DrillArgs) -> anyhow::Result<Setup> {
    let ramp = args.ramp.clone();
    let indices = if args.kind == DrillKind::Deviations {
        let table = crate::store::cache::index_table_with(rules, |rules| {
            eprintln!("Working out this game's index table for these rules…");
            crate::analysis::indices::index_table(rules)
        });
        match args.set {
            IndexSet::All => table,
            IndexSet::GameI18 => table.top(18),
        }
    } else {
        IndexTable::default()
    };
    Ok(Setup {
        kind: args.kind,
        settings: QuizSettings {
            convention: match args.convention {
                CountConvention::Floor => Convention::Floor,
                CountConvention::Truncate => Convention::Truncate,
            },
            resolution: match args.resolution {
                DeckResolution::Whole => Resolution::Whole,
                DeckResolution::Half => Resolution::Half,
                DeckResolution::Quarter => Resolution::Quarter,
            },
            ramp,
            ..QuizSettings::new(rules.decks, indices)
        },
        per_flash: usize::from(args.per_flash),
        surprise: args.surprise,
        countdown_decks: args.decks,
        pace: args.pace,
    })
}

/// Runs the drill until `q` or the end of the input; returns its score line.
pub fn run<W: Write>(
    setup: &Setup,
    seed: u64,
    input: &mut impl BufRead,
    out: &mut Out<'_, W>,
    coach: &mut Coach,
) -> anyhow::Result<String> {
    if setup.kind == DrillKind::Countdown {
        return countdown(setup, seed, input, out, coach);
    }
    let kind = setup.kind.quiz().context("a counting drill")?;
    let Some(mut quiz) = Quiz::new(kind, setup.settings.clone(), seed) else {
        return Ok("No index play to ask about for these rules.".to_owned());
    };
    out.line(&format!(
        "Drill: {}. Answer each question (q ends); true counts are {} here.",
        kind.describe(),
        setup.settings.convention.name()
    ))?;
    'questions: loop {
        out.line("")?;
        out.line(&format!(
            "Question {}. {}",
            quiz.asked + 1,
            quiz.question_text()
        ))?;
        match quiz.prompt() {
            Prompt::Decks { dealt, shoe } => {
                let tray = tray_bar(*dealt, *shoe, 40, '#', '.');
                out.line(&format!("Discard tray [{tray}]"))?;
            }
            Prompt::Deviation { cards, up, .. } => {
                out.line(&format!(
                    "Your hand: {}  Dealer shows: {}",
                    out.cards(cards.as_slice()),
                    out.card(*up)
                ))?;
            }
            _ => {}
        }
        let started = Instant::now();
        let question = quiz.question_text();
        let (answer, typed) = loop {
            let Some(typed) = out.ask("> ", input)? else {
                break 'questions;
            };
            match quiz.answer(&typed, started.elapsed().as_secs_f64()) {
                Ok(answer) => break (answer, typed),
                Err(why) => out.line(&format!("! {why}"))?,
            }
        };
        coach.record_count(answer.record(
            kind.name(),
            question,
            &typed,
            started.elapsed().as_secs_f64(),
        ));
        let verdict = if answer.right {
            format!("✓ Right: {}", answer.expected)
        } else {
            format!("✗ It is {}", answer.expected)
        };
        out.line(&format!("{verdict} — {}", answer.why))?;
        if let Some(err) = coach.save() {
            out.line(&err)?;
        }
    }
    Ok(quiz.score_line())
}

fn countdown<W: Write>(
    setup: &Setup,
    seed: u64,
    input: &mut impl BufRead,
    out: &mut Out<'_, W>,
    coach: &mut Coach,
) -> anyhow::Result<String> {
    let decks = setup.countdown_decks;
    let mut run = Countdown::new(decks, setup.per_flash, setup.surprise, seed);
    out.line(&format!(
        "Countdown: {}. Keep the Hi-Lo count.",
        run.setup_text(setup.pace, "Enter turns the next; q ends")
    ))?;
    let started = Instant::now();
    while let Some(flash) = run.flash().map(<[_]>::to_vec) {
        let shown = format!("{}  ", out.cards(&flash));
        if let Some(pace) = setup.pace {
            // Each flash over the last, on one line.
            out.flash(&shown)?;
            std::thread::sleep(std::time::Duration::from_secs_f64(pace));
        } else if out.ask(&shown, input)?.is_none() {
            return Ok(format!("Countdown stopped after {} cards.", run.shown()));
        }
    }
    if setup.pace.is_some() {
        out.flash("")?;
    }
    let seconds = started.elapsed().as_secs_f64();
    let guess = loop {
        let Some(typed) = out.ask("Running count? ", input)? else {
            return Ok("Countdown: no count given.".to_owned());
        };
        match read_count(&typed, run.shown()) {
            Ok(guess) => break guess,
            Err(why) => out.line(&format!("! {why}"))?,
        }
    };
    let verdict = run.grade(
        guess,
        seconds,
        setup.pace.is_some(),
        coach.countdown_best(run.decks()),
    );
    coach.record_count(verdict.answer());
    let mark = if verdict.right { '✓' } else { '✗' };
    let line = format!("{mark} {}", verdict.text());
    if let Some(err) = coach.save() {
        out.line(&err)?;
    }
    Ok(line)
}
