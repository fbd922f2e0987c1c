//! `blackjack drill --kind countdown|cancel|true-count|decks|ramp|deviations`: the counting
//! drills on stdin/stdout, every answer recorded and saved at once. On a terminal each
//! countdown flash is written over the last, so the cards counted are gone.

use std::io::{BufRead, Write};
use std::time::Instant;

use anyhow::Context;

use super::drill_io::{Flashes, Out};
use crate::analysis::counts::{CountSystem, HI_LO};
use crate::analysis::deviation::IndexTable;
use crate::cli::{CountConvention, DeckResolution, DrillArgs, DrillKind};
use crate::engine::Rules;
use crate::setup::UsageError;
use crate::store::Coach;
use crate::text::signed;
use crate::trainer::drills::count_quiz::read_count_of;
use crate::trainer::drills::counting::{
    Convention, Countdown, Prompt, Quiz, QuizKind, QuizSettings, Resolution, ramp_words,
    tray_picture,
};

/// Rows of the discard tray the decks drill draws (its top is the whole shoe).
const TRAY_ROWS: usize = 10;

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
/// index table (from the cache, or worked out, which the drill says) and the set asked.
pub fn setup(rules: &Rules, args: &DrillArgs, system: &CountSystem) -> anyhow::Result<Setup> {
    // `--ramp plan` was looked up in the config file by `drill_args`.
    let ramp = args.ramp.bets().cloned().ok_or_else(|| {
        super::UsageError("--ramp plan: the saved plan was not looked up".to_owned())
    })?;
    let indices = if args.kind != DrillKind::Deviations {
        IndexTable::default()
    } else {
        crate::store::cache::index_table_for_with(rules, system, |rules| {
            eprintln!("Working out this game's {} for these rules…", system.named("index table"));
            crate::analysis::indices::index_table_for(rules, system)
        })
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
            set: args.set,
            ..QuizSettings::for_rules(rules, IndexTable::default()).counting(system, indices)
        },
        per_flash: usize::from(args.per_flash),
        surprise: args.surprise,
        countdown_decks: args.decks,
        pace: args.pace,
    })
}

/// Refuses a drill `system` cannot be drilled in
/// ([`crate::trainer::drills::counting::check_count`]).
pub fn check_count(kind: DrillKind, system: &CountSystem) -> Result<(), UsageError> {
    match QuizKind::of_drill(kind) {
        Some(quiz) => {
            crate::trainer::drills::counting::check_count(quiz, system).map_err(UsageError)
        }
        None => Ok(()),
    }
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
    let kind = QuizKind::of_drill(setup.kind).context("a counting drill")?;
    let Some(mut quiz) = Quiz::new(kind, setup.settings.clone(), seed) else {
        let system = &setup.settings.system;
        if setup.settings.indices.plays.is_empty() && !system.reads_as(&HI_LO) {
            return Ok(format!(
                "Index plays for {} are being worked out: this drill asks them once they are.",
                system.name
            ));
        }
        return Ok(format!(
            "No index play to ask about: none of {} has a count worth asking under these rules.",
            setup.settings.set.describe()
        ));
    };
    // How the answers are read, where it matters: the pairs and the decks ask no true count.
    let how = match kind {
        QuizKind::Ramp => Some("from memory (v shows the ramp, counted as a miss)".to_owned()),
        QuizKind::Pairs | QuizKind::Decks => None,
        QuizKind::TrueCount | QuizKind::Deviations => {
            Some(format!("true counts are {} here", setup.settings.convention.name()))
        }
    };
    out.line(&format!(
        "Drill: {}. Answer each question (q ends){}.",
        quiz.describe(),
        how.map(|h| format!("; {h}")).unwrap_or_default()
    ))?;
    'questions: loop {
        out.line("")?;
        out.line(&format!("Question {}. {}", quiz.asked + 1, quiz.question_text()))?;
        match quiz.prompt() {
            Prompt::Pairs { cards } => out.line(&format!("Cards: {}", out.cards(cards)))?,
            Prompt::Decks { dealt, shoe } => {
                for line in tray_picture(*dealt, *shoe, TRAY_ROWS, out.ascii) {
                    out.line(&line)?;
                }
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
            let seconds = started.elapsed().as_secs_f64();
            // The ramp is asked from memory: looking at it is a miss.
            if kind == QuizKind::Ramp
                && matches!(typed.as_str(), "v" | "ramp")
                && let Some(answer) = quiz.peek(seconds)
            {
                break (answer, "(looked at the ramp)".to_owned());
            }
            match quiz.answer(&typed, seconds) {
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
        // The ramp after a miss only: printed after every answer it would stand just above
        // the next question.
        if kind == QuizKind::Ramp && !answer.right {
            out.line(&format!("Your ramp, {}", ramp_words(&setup.settings.ramp)))?;
        }
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
    let system = &setup.settings.system;
    let mut run = Countdown::new(decks, setup.per_flash, setup.surprise, seed).counting(system);
    let lines = if out.flashes == Flashes::Lines {
        " (The output is not a terminal: one flash a line.)"
    } else {
        ""
    };
    let keep = if system.is_hilo() {
        "Keep the Hi-Lo count.".to_owned()
    } else {
        let from = match system.is_balanced() {
            true => String::new(),
            false => format!(", from {}", signed(run.start())),
        };
        let tags = system.describe_tags();
        format!("Keep the {} count ({tags}){from}.", system.name)
    };
    out.line(&format!(
        "Countdown: {}. {keep}{lines}",
        run.setup_text(setup.pace, "Enter turns the next, a count typed answers there; q ends")
    ))?;
    let started = Instant::now();
    // Each flash takes the place of the last: only the cards just turned are on screen.
    let mut answered = false;
    // A count typed instead of a bare Enter answers there and then.
    let mut early = None;
    while let Some(flash) = run.flash().map(<[_]>::to_vec) {
        let shown = format!("{}  ", out.cards(&flash));
        out.flash(&shown, answered)?;
        if let Some(pace) = setup.pace {
            std::thread::sleep(std::time::Duration::from_secs_f64(pace));
        } else {
            match out.read(input)? {
                None => return Ok(format!("Countdown stopped after {} cards.", run.shown())),
                Some(typed) if !typed.trim().is_empty() => {
                    run.stop();
                    early = Some(typed);
                    break;
                }
                Some(_) => answered = true,
            }
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    // On a terminal the question takes the last flash's place.
    if out.flashes != Flashes::Lines {
        out.flash("", answered)?;
    }
    let mut given = None;
    if let Some(typed) = early {
        // Not a count: asked again below.
        match read_count_of(&typed, system, run.start(), run.shown()) {
            Ok(guess) => given = Some(guess),
            Err(why) => out.line(&format!("! {why}"))?,
        }
    }
    let guess = match given {
        Some(guess) => guess,
        None => loop {
            let ask = format!("{}? ", system.named("Running count"));
            let Some(typed) = out.ask(&ask, input)? else {
                return Ok("Countdown: no count given.".to_owned());
            };
            match read_count_of(&typed, system, run.start(), run.shown()) {
                Ok(guess) => break guess,
                Err(why) => out.line(&format!("! {why}"))?,
            }
        },
    };
    let verdict = run.grade(
        guess,
        seconds,
        setup.pace.is_some(),
        coach.countdown_best(run.system(), run.decks()),
    );
    coach.record_count(verdict.answer());
    let mark = if verdict.right { '✓' } else { '✗' };
    let line = format!("{mark} {}", verdict.text());
    if let Some(err) = coach.save() {
        out.line(&err)?;
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::collections::VecDeque;
    use std::io::Read;
    use std::rc::Rc;

    /// A terminal's screen: what is written to it, with the carriage return, the new line,
    /// "clear the line" (`ESC [2K`) and "up a line" (`ESC [1A`) obeyed.
    #[derive(Default)]
    struct Screen {
        lines: Vec<Vec<char>>,
        row: usize,
        col: usize,
    }

    impl Screen {
        fn feed(&mut self, text: &str) {
            let mut chars = text.chars().peekable();
            while let Some(c) = chars.next() {
                if self.lines.len() <= self.row {
                    self.lines.resize(self.row + 1, Vec::new());
                }
                match c {
                    '\n' => (self.row, self.col) = (self.row + 1, 0),
                    '\r' => self.col = 0,
                    '\x1b' => {
                        assert_eq!(chars.next(), Some('['), "an escape sequence");
                        let mut arg = String::new();
                        while let Some(d) = chars.next_if(char::is_ascii_digit) {
                            arg.push(d);
                        }
                        match (arg.as_str(), chars.next()) {
                            ("2", Some('K')) => self.lines[self.row].clear(),
                            ("1", Some('A')) => self.row = self.row.saturating_sub(1),
                            other => panic!("an escape this screen does not know: {other:?}"),
                        }
                    }
                    c => {
                        let line = &mut self.lines[self.row];
                        if line.len() <= self.col {
                            line.resize(self.col + 1, ' ');
                        }
                        line[self.col] = c;
                        self.col += 1;
                    }
                }
            }
        }

        /// The cards on screen now (by their suits).
        fn cards(&self) -> usize {
            self.lines.iter().flatten().filter(|c| "♠♥♦♣".contains(**c)).count()
        }
    }

    /// The program's output, onto the screen.
    struct Terminal(Rc<RefCell<Screen>>);

    impl Write for Terminal {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.borrow_mut().feed(&String::from_utf8_lossy(buf));
            Ok(buf.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// A person typing lines when asked; with `echo`, each line (and its Enter) shows on the
    /// screen as a terminal echoes it. Before each line it notes the cards on screen.
    struct Typist {
        screen: Rc<RefCell<Screen>>,
        echo: bool,
        to_type: VecDeque<String>,
        typing: Vec<u8>,
        cards_seen: Vec<usize>,
    }

    impl Read for Typist {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            let n = self.fill_buf()?.len().min(out.len());
            out[..n].copy_from_slice(&self.typing[..n]);
            self.consume(n);
            Ok(n)
        }
    }

    impl BufRead for Typist {
        fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
            if self.typing.is_empty()
                && let Some(line) = self.to_type.pop_front()
            {
                self.cards_seen.push(self.screen.borrow().cards());
                if self.echo {
                    self.screen.borrow_mut().feed(&format!("{line}\n"));
                }
                self.typing = format!("{line}\n").into_bytes();
            }
            Ok(&self.typing)
        }

        fn consume(&mut self, n: usize) {
            self.typing.drain(..n);
        }
    }

    fn countdown_setup(per_flash: usize) -> Setup {
        Setup {
            kind: DrillKind::Countdown,
            settings: QuizSettings::new(6, IndexTable::default()),
            per_flash,
            surprise: false,
            countdown_decks: 1,
            pace: None,
        }
    }

    /// A countdown turned by hand on a terminal: the cards on screen each time the person is
    /// asked for a key, and the screen's text at the end.
    fn turned_on_a_terminal(flashes: Flashes, per_flash: usize) -> (Vec<usize>, String) {
        let screen = Rc::new(RefCell::new(Screen::default()));
        let mut terminal = Terminal(screen.clone());
        let mut out = Out { w: &mut terminal, ascii: false, flashes };
        let mut typist = Typist {
            screen: screen.clone(),
            echo: flashes == Flashes::LineAbove,
            to_type: std::iter::repeat_n(String::new(), 52 / per_flash)
                .chain(["0".to_owned()])
                .collect(),
            typing: Vec::new(),
            cards_seen: Vec::new(),
        };
        let setup = countdown_setup(per_flash);
        let mut coach = Coach::in_memory();
        let verdict = countdown(&setup, 3, &mut typist, &mut out, &mut coach).expect("a countdown");
        assert!(verdict.contains("Right: +0 after 52 cards"), "{verdict}");
        let text = screen
            .borrow()
            .lines
            .iter()
            .map(|l| l.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("\n");
        (typist.cards_seen, text)
    }

    #[test]
    fn on_a_terminal_each_flash_takes_the_place_of_the_last() {
        for flashes in [Flashes::LineAbove, Flashes::SameLine] {
            for per_flash in [1, 2] {
                let (seen, text) = turned_on_a_terminal(flashes, per_flash);
                // While the cards turn only the flash just turned is on screen; when the
                // count is asked, no card.
                let (turning, asked) = seen.split_at(seen.len() - 1);
                assert_eq!(turning.len(), 52 / per_flash);
                assert!(turning.iter().all(|&n| n == per_flash), "{flashes:?}: {seen:?}\n{text}");
                assert_eq!(asked, [0], "{flashes:?}\n{text}");
                assert!(text.contains("Running count? "), "{text}");
            }
        }
    }

    #[test]
    fn the_pairs_drill_on_the_command_line_shows_the_cards_and_grades_the_net_count() {
        let settings = QuizSettings::new(6, IndexTable::default());
        let mut replay = Quiz::new(QuizKind::Pairs, settings.clone(), 4).expect("a quiz");
        let mut script = String::new();
        let mut first_cards = String::new();
        for i in 0..3 {
            let Prompt::Pairs { cards } = replay.prompt().clone() else {
                panic!("a pairs question");
            };
            if i == 0 {
                first_cards = cards.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
            }
            // Right, wrong, right.
            let net = crate::analysis::hilo::hilo_sum(&cards) + if i == 1 { 1 } else { 0 };
            let net = net.clamp(-(cards.len() as i32), cards.len() as i32);
            script.push_str(&format!("{net}\n"));
            replay.answer(&net.to_string(), 0.0).expect("a number");
        }
        let setup = Setup { kind: DrillKind::Cancel, settings, ..countdown_setup(1) };
        let mut written = Vec::new();
        let mut out = Out::lines_into(&mut written, false);
        let mut coach = Coach::in_memory();
        let score = run(&setup, 4, &mut script.as_bytes(), &mut out, &mut coach).expect("runs");
        let text = String::from_utf8_lossy(&written);
        assert!(text.contains(&format!("Cards: {first_cards}")), "{text}");
        assert!(text.contains("net count?"), "{text}");
        assert!(score.starts_with("Right 2 of 3") || score.starts_with("Right 3 of 3"), "{score}");
        let pairs = coach.session().skills.get("pairs").copied().unwrap_or_default();
        assert_eq!(pairs.asked, 3, "kept under the skill pairs");
    }

    #[test]
    fn a_count_typed_during_a_countdown_answers_there_and_then() {
        let mut replay = Countdown::new(1, 1, false, 3);
        for _ in 0..3 {
            replay.flash();
        }
        let input = format!("\n\n{}\n", replay.running());
        let mut written = Vec::new();
        let mut out = Out::lines_into(&mut written, false);
        let mut coach = Coach::in_memory();
        let verdict =
            countdown(&countdown_setup(1), 3, &mut input.as_bytes(), &mut out, &mut coach)
                .expect("a countdown");
        assert!(verdict.contains("Right") && verdict.contains("after 3 cards"), "{verdict}");
        let text = String::from_utf8_lossy(&written);
        assert!(!text.contains("Running count?"), "answered without the question: {text}");
    }

    #[test]
    fn off_a_terminal_a_countdown_writes_one_flash_a_line_and_says_so() {
        let mut written = Vec::new();
        let mut out = Out::lines_into(&mut written, true);
        let input = "\n".repeat(52) + "0\n";
        let mut coach = Coach::in_memory();
        let verdict =
            countdown(&countdown_setup(1), 3, &mut input.as_bytes(), &mut out, &mut coach)
                .expect("a countdown");
        assert!(verdict.contains("Right: +0"), "{verdict}");
        let text = String::from_utf8_lossy(&written);
        assert!(!text.contains('\x1b'), "no terminal escapes in a file: {text:?}");
        // Broken between words within 80 columns.
        assert!(text.replace('\n', " ").contains("one flash a line"), "{text}");
        let flash_lines = text
            .lines()
            .filter(|l| {
                let card = l.trim();
                (2..=3).contains(&card.len()) && card.ends_with(['s', 'h', 'd', 'c'])
            })
            .count();
        assert_eq!(flash_lines, 52, "{text}");
    }
}
