//! `blackjack drill`: a line-based practice loop on stdin/stdout. Decision drills grade each
//! answer against the exact basic strategy with the EV cost of a mistake; `--kind count` is a
//! running-count quiz. [`run_drill`] is generic over its input and output, to be scripted.

use std::io::{BufRead, IsTerminal, Write};
use std::time::{Instant, SystemTime};

use super::drill_io::{Flashes, Out, write_wrapped};
use crate::analysis::basic_strategy;
use crate::analysis::counts::CountSystem;
use crate::analysis::hilo::HILO_TAGS;
use crate::cli::{DrillArgs, DrillKind};
use crate::engine::{Action, ActionSet, Cards, Rules};
use crate::store::{Coach, SessionInfo, SessionKind};
use crate::text::{counted, signed, signed_decimals};
use crate::trainer::drills::count_quiz::{
    COUNT_QUIZ_PACE, COUNT_SEATS, CountDrill, RoundCards, Spot,
};
use crate::trainer::drills::counting::QuizKind;
use crate::trainer::drills::decision::{DecisionDrill, DrillSummary, typed_action};
use crate::trainer::drills::kinds::peek_differences;
use crate::trainer::drills::schedule;
use crate::trainer::evs::EvQuery;
use crate::trainer::report::session_summary;

/// How a drill is run: what to ask, and how to draw cards.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DrillOptions {
    /// What to practise.
    pub kind: DrillKind,
    /// Draw suits as letters and feedback marks in ASCII.
    pub ascii: bool,
    /// The count quiz: seconds between its cards (`None`: no pause, for output that is not
    /// a terminal).
    pub pace: Option<f64>,
    /// How the count quiz's cards replace each other (on a terminal, each the last).
    pub flashes: Flashes,
}

/// The count `args` name (`--count`, else the preferences' `count`): a built-in count or the
/// user's own; Hi-Lo when none is named. A name that is no count is a usage error.
pub fn drill_count(args: &DrillArgs) -> anyhow::Result<CountSystem> {
    match &args.count {
        None => Ok(CountSystem::default()),
        Some(name) => crate::analysis::counts::count_by_name(&name.0, args.own_count.as_ref())
            .map_err(|why| super::UsageError(why).into()),
    }
}

/// Runs `blackjack drill` on stdin/stdout, saving after every answer (Ctrl-C loses nothing),
/// then prints the drill's score and the session summary.
pub fn drill(rules: &Rules, seed: Option<u64>, args: &DrillArgs) -> anyhow::Result<()> {
    let system = drill_count(args)?;
    super::count_drill::check_count(args.kind, &system)?;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut input = stdin.lock();
    let mut output = stdout.lock();

    let location =
        crate::store::location(args.stats.clone().or(super::stats_env()), !args.no_stats);
    if location.is_none() && !args.no_stats {
        writeln!(output, "No data directory found: this session's statistics are not kept.")?;
    }
    let info = SessionInfo::new(SessionKind::Drill, rules);
    let (mut coach, news) = Coach::open(location.as_ref(), info, super::practice_clock()?)?;
    if let Some(message) = news {
        writeln!(output, "{message}")?;
    }
    if QuizKind::of_drill(args.kind).is_some() || args.kind == DrillKind::Countdown {
        let setup = super::count_drill::setup(rules, args, &system)?;
        let mut out = Out {
            w: &mut output,
            ascii: args.ascii,
            flashes: Flashes::of_terminal(
                std::io::stdout().is_terminal(),
                std::io::stdin().is_terminal(),
            ),
        };
        let seed = seed.unwrap_or_else(clock_seed);
        let score = super::count_drill::run(&setup, seed, &mut input, &mut out, &mut coach)?;
        writeln!(output, "{score}")?;
    } else {
        // The count quiz deals at a pace on a terminal; a file gets the cards at once.
        let terminal = std::io::stdout().is_terminal();
        let options = DrillOptions {
            kind: args.kind,
            ascii: args.ascii,
            pace: args.pace.or(terminal.then_some(COUNT_QUIZ_PACE)),
            flashes: Flashes::of_terminal(terminal, std::io::stdin().is_terminal()),
        };
        let summary =
            run_drill(rules, seed, options, &system, &mut input, &mut output, &mut coach)?;
        write_wrapped(&mut output, &summary.report(args.kind))?;
    }
    coach.save();
    // The lifetime in the summary counts what other sessions sharing the database wrote
    // meanwhile.
    coach.refresh();
    if !coach.session().is_empty() {
        // Within 80 columns too: the lifetime line ran to 87 ("decisions rig / ht 100%").
        let summary = session_summary(coach.session(), coach.lifetime().as_ref());
        write_wrapped(&mut output, &summary)?;
    }
    if let Some(line) = coach.statistics_line() {
        writeln!(output, "{line}")?;
    }
    output.flush()?;
    if coach.lost_something() {
        let why = coach.unsaved().unwrap_or_else(|| match coach.not_saving() {
            Some(why) => format!("this session's statistics were not saved: {why}"),
            None => "this session's statistics were not saved".to_owned(),
        });
        anyhow::bail!(super::NotSaved(why));
    }
    Ok(())
}

/// Runs one drill session from `input` to `output`, every answer recorded by `coach` and saved
/// at once, until `q` or the input's end. The same `seed` asks the same questions (`None`: the
/// clock's); the counting quiz keeps `system`'s count.
pub fn run_drill(
    rules: &Rules,
    seed: Option<u64>,
    options: DrillOptions,
    system: &CountSystem,
    input: &mut impl BufRead,
    output: &mut impl Write,
    coach: &mut Coach,
) -> std::io::Result<DrillSummary> {
    let seed = seed.unwrap_or_else(clock_seed);
    let mut out = Out { w: output, ascii: options.ascii, flashes: options.flashes };
    if options.kind == DrillKind::Count {
        count_quiz(rules, system, seed, options.pace, input, &mut out, coach)
    } else {
        decision_drill(rules, options.kind, seed, input, &mut out, coach)
    }
}

/// A seed from the clock, for runs without `--seed`.
pub(super) fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

/// The menu of legal actions: `[h]it [s]tand [d]ouble [p]split`.
fn menu(legal: ActionSet) -> String {
    Action::ALL
        .into_iter()
        .filter(|&a| legal.contains(a))
        .map(|a| match a {
            Action::Hit => "[h]it",
            Action::Stand => "[s]tand",
            Action::Double => "[d]ouble",
            Action::Split => "[p]split",
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// How a hand's total reads in a question: `16` or `soft 18`.
fn total_label(cards: &Cards) -> String {
    let total = cards.total();
    if total.soft { format!("soft {}", total.value) } else { total.value.to_string() }
}

fn decision_drill<W: Write>(
    rules: &Rules,
    kind: DrillKind,
    seed: u64,
    input: &mut impl BufRead,
    out: &mut Out<'_, W>,
    coach: &mut Coach,
) -> std::io::Result<DrillSummary> {
    let strategy = basic_strategy(rules);
    let today = coach.today();
    let mut drill = if kind == DrillKind::NoHoleCard {
        let peek = crate::analysis::strategy::peek_strategy(rules);
        let cells = peek_differences(&strategy.chart, &peek.chart);
        let Some(drill) =
            DecisionDrill::of_cells(kind, &cells, rules, seed, coach.history(), today)
        else {
            out.line(
                "This game's chart plays every cell as the American peek chart does for these \
                 rules: the no-hole-card drill has nothing to ask.",
            )?;
            return Ok(DrillSummary::default());
        };
        drill
    } else {
        DecisionDrill::on_day(kind, rules, seed, coach.history(), today)
    };
    if kind == DrillKind::NoHoleCard {
        let labels: Vec<String> = drill.cells().iter().map(|c| c.label()).collect();
        out.line(&format!(
            "Drill: the {} where this game's chart differs from the American peek chart ({}). \
             Answer h, s, d or p (or the word); q ends.",
            counted(labels.len() as u64, "cell"),
            labels.join(", ")
        ))?;
    } else if kind == DrillKind::Due {
        let due = schedule::due_cells(drill.history(), today).len();
        if due == 0 {
            out.line(&schedule::nothing_due(drill.history(), today))?;
            return Ok(drill.summary().clone());
        }
        out.line(&format!(
            "Drill: the {} due today ({today}), most overdue first. Answer h, s, d or p \
             (or the word); q ends.",
            counted(due as u64, "cell")
        ))?;
    } else {
        out.line(&format!(
            "Drill: {} hands. Answer h, s, d or p (or the word); q ends.",
            kind_name(kind)
        ))?;
    }
    'questions: loop {
        let question = drill.question().clone();
        let legal = drill.legal();
        out.line("")?;
        out.line(&format!(
            "Question {}. Your hand: {} ({})  Dealer shows: {}",
            drill.summary().decisions + 1,
            out.cards(question.cards.as_slice()),
            total_label(&question.cards),
            out.card(question.up)
        ))?;
        let started = Instant::now();
        let chosen = loop {
            let Some(answer) = out.ask(&format!("{} > ", menu(legal)), input)? else {
                break 'questions;
            };
            match typed_action(answer.trim()) {
                Some(action) if legal.contains(action) => break action,
                Some(action) => out.line(&format!(
                    "You cannot {action} this hand; choose one of: {}",
                    menu(legal)
                ))?,
                None => out.line(&format!(
                    "Unknown answer {answer:?}: type h, s, d or p (or hit, stand, double, split), or q to stop."
                ))?,
            }
        };
        let seconds = started.elapsed().as_secs_f64();
        let evs = EvQuery::question(rules, &question).compute(rules);
        let Ok(answer) = drill.answer(&strategy.chart, chosen, &evs, seconds) else {
            // Only legal answers reach here; an illegal one would have been asked again.
            continue;
        };
        coach.record_drill(&answer, drill.kind());
        if let Some(err) = coach.save() {
            out.line(&err)?;
        }

        out.line(&format!("{}  ({seconds:.1} s)", answer.grade.message()))?;
        let ranked: Vec<String> = answer
            .ranked
            .iter()
            .map(|&(a, ev)| format!("{a} {}", signed_decimals(ev, 3)))
            .collect();
        out.line(&format!("EV: {}", ranked.join("  ")))?;
        if !answer.grade.is_correct()
            && let Some(why) =
                answer.why(&strategy, Some(&crate::analysis::strategy::peek_strategy(rules).chart))
        {
            out.line(&format!("Why: {why}"))?;
        }
        let summary = drill.summary();
        out.line(&format!(
            "Streak {} (best {}) · right {}/{}",
            summary.streak, summary.best_streak, summary.right, summary.decisions
        ))?;
        if kind == DrillKind::Due && !drill.has_mistakes_left() {
            out.line("")?;
            out.line(&format!(
                "That was the last cell due today. {}",
                schedule::nothing_due(drill.history(), today)
            ))?;
            break;
        }
    }
    Ok(drill.summary().clone())
}

/// The kind's name as the command line spells it.
fn kind_name(kind: DrillKind) -> &'static str {
    match kind {
        DrillKind::Hard => "hard",
        DrillKind::Soft => "soft",
        DrillKind::Pairs => "pair",
        DrillKind::Doubles => "doubling",
        DrillKind::All => "all",
        DrillKind::Mistakes => "your most-missed",
        DrillKind::Due => "due",
        DrillKind::Count => "counting",
        other => other.describe(),
    }
}

fn count_quiz<W: Write>(
    rules: &Rules,
    system: &CountSystem,
    seed: u64,
    pace: Option<f64>,
    input: &mut impl BufRead,
    out: &mut Out<'_, W>,
    coach: &mut Coach,
) -> std::io::Result<DrillSummary> {
    let mut quiz =
        CountDrill::new(rules, basic_strategy(rules).chart.clone(), seed).counting(system);
    let tags = if system.is_hilo() { HILO_TAGS.to_owned() } else { system.describe_tags() };
    let dealt = match pace {
        Some(seconds) => format!("dealt a card every {seconds} s"),
        None => "dealt a card a line".to_owned(),
    };
    out.line(&format!(
        "Counting quiz: {COUNT_SEATS} seats played by the hard AI, {dealt}. Keep the {} running \
         count ({tags}); q ends.",
        system.name
    ))?;
    if !system.is_balanced() {
        out.line(&format!(
            "{} starts at {} after each shuffle ({} decks).",
            system.name,
            signed(quiz.start()),
            rules.decks
        ))?;
    }
    'rounds: loop {
        if quiz.deal_round().is_none() {
            out.line("The table could not deal a round.")?;
            break;
        }
        out.line("")?;
        deal_lines(quiz.round(), quiz.last_round(), quiz.start(), pace, out)?;
        if !quiz.question_due() {
            continue;
        }
        let asked = Instant::now();
        loop {
            let ask = format!("{}? ", system.named("Running count"));
            let Some(answer) = out.ask(&ask, input)? else {
                break 'rounds;
            };
            match quiz.read_answer(&answer) {
                Ok(guess) => {
                    let seconds = asked.elapsed().as_secs_f64();
                    let answer = quiz.answer(guess);
                    let question = quiz.question();
                    coach.record_count(answer.record(question, seconds));
                    if let Some(err) = coach.save() {
                        out.line(&err)?;
                    }
                    out.line(&answer.message())?;
                    let summary = quiz.summary();
                    out.line(&format!("Score {}/{}", summary.count_right, summary.count_asked))?;
                    break;
                }
                Err(why) => out.line(&format!("! {why}, or q to stop."))?,
            }
        }
    }
    Ok(quiz.summary().clone())
}

/// A round dealt card by card, `pace` seconds apart, each with where it went (`  Seat 2: 7♠`),
/// on a terminal in place of the last; after a shuffle the count starts again at `start`.
fn deal_lines<W: Write>(
    round: u32,
    cards: &RoundCards,
    start: i32,
    pace: Option<f64>,
    out: &mut Out<'_, W>,
) -> std::io::Result<()> {
    if cards.reshuffled {
        out.line(&format!("The shoe was reshuffled: the count starts at {}.", signed(start)))?;
    }
    out.line(&format!("Round {round}"))?;
    for &(spot, card) in &cards.order {
        let to = match spot {
            Spot::Seat(i) => format!("Seat {}", i + 1),
            Spot::Dealer => "Dealer".to_owned(),
        };
        out.flash(&format!("  {to}: {}", out.card(card)), false)?;
        if let Some(seconds) = pace {
            std::thread::sleep(std::time::Duration::from_secs_f64(seconds));
        }
    }
    // On a terminal the question takes the last card's place.
    if out.flashes != Flashes::Lines {
        out.flash("", false)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::hilo::hilo_sum;
    use crate::engine::GameRng;
    use crate::trainer::drills::kinds::{DrillDealer, fresh_hand_actions};
    use crate::trainer::tally::Tally;
    use rand::SeedableRng;

    fn run(kind: DrillKind, seed: u64, script: &str) -> (DrillSummary, String, Tally) {
        run_counting(kind, seed, script, &CountSystem::default())
    }

    fn run_counting(
        kind: DrillKind,
        seed: u64,
        script: &str,
        system: &CountSystem,
    ) -> (DrillSummary, String, Tally) {
        let mut coach = Coach::in_memory();
        let mut output = Vec::new();
        let summary = run_drill(
            &Rules::default(),
            Some(seed),
            DrillOptions { kind, ascii: false, pace: None, flashes: Flashes::Lines },
            system,
            &mut script.as_bytes(),
            &mut output,
            &mut coach,
        )
        .expect("writing to a Vec never fails");
        (summary, String::from_utf8_lossy(&output).into_owned(), coach.session().clone())
    }

    /// The right answer to the next question of a seeded drill, found by replaying its dealer.
    fn advised(kind: DrillKind, seed: u64, n: usize) -> Vec<Action> {
        let rules = Rules::default();
        let chart = &basic_strategy(&rules).chart;
        let mut rng = GameRng::seed_from_u64(seed);
        let dealer = DrillDealer::new(kind);
        (0..n)
            .map(|_| {
                let q = dealer.next(&mut rng, &Tally::default());
                chart.decide(&q.cards, q.up.value(), fresh_hand_actions(&rules, &q.cards))
            })
            .collect()
    }

    #[test]
    fn right_answers_are_graded_right_and_wrong_ones_cost_ev() {
        let advice = advised(DrillKind::Hard, 3, 2);
        let wrong = if advice[1] == Action::Stand { "h" } else { "s" };
        let script = format!("{}\n{wrong}\n", advice[0].name());
        let (summary, text, session) = run(DrillKind::Hard, 3, &script);
        assert_eq!((summary.decisions, summary.right), (2, 1), "{text}");
        assert_eq!(summary.best_streak, 1);
        assert!(summary.ev_lost > 0.0, "{text}");
        assert!(text.contains("✓ Basic strategy"), "{text}");
        assert!(text.contains("✗ Basic strategy"), "{text}");
        assert!(text.contains("bets EV)"), "{text}");
        assert_eq!(session.overall.decisions, 2);
        assert_eq!(session.overall.correct, 1);
        assert!((session.ev_lost - summary.ev_lost).abs() < 1e-12);
    }

    #[test]
    fn an_unknown_answer_is_refused_and_asked_again() {
        let (summary, text, session) = run(DrillKind::All, 1, "banana\ns\n");
        assert_eq!(summary.decisions, 1);
        assert_eq!(session.overall.decisions, 1);
        assert!(text.contains("Unknown answer \"banana\""), "{text}");
        assert_eq!(text.matches("Question 1.").count(), 1, "{text}");
    }

    #[test]
    fn eof_and_q_end_the_drill() {
        let (summary, _, session) = run(DrillKind::All, 1, "");
        assert_eq!(summary.decisions, 0);
        assert!(session.is_empty());
        let (summary, text, _) = run(DrillKind::All, 1, "s\nq\ns\n");
        assert_eq!(summary.decisions, 1, "{text}");
        assert!(summary.mean_seconds().is_some());
        let report = summary.report(DrillKind::All);
        assert!(report.contains(&format!("{}/1 right", summary.right)), "{report}");
        assert!(report.contains("s per decision"), "{report}");
        // Given away in bets, as the session summary says it (not "units").
        assert!(report.contains(" bets, "), "{report}");
        assert!(text.contains("Question 2."), "{text}");
        assert!(!text.contains("Question 3."), "q stops before the third question: {text}");
    }

    #[test]
    fn only_the_requested_kind_is_asked() {
        let (summary, text, session) = run(DrillKind::Pairs, 4, "s\ns\ns\ns\ns\ns\n");
        assert_eq!(summary.decisions, 6);
        assert!(session.cells.keys().all(|k| k.starts_with("pair:")), "{session:?}");
        // Six answered questions and the one left open at the end of the input: every one offers
        // the split.
        assert_eq!(text.matches(". Your hand:").count(), 7, "{text}");
        assert_eq!(text.matches("[p]split >").count(), 7, "{text}");
    }

    #[test]
    fn the_count_quiz_with_zen_asks_the_zen_count() {
        // Zen's tags, ace first, as Arnold Snyder publishes them: summed here by hand.
        const ZEN: [i32; 10] = [-1, 1, 1, 2, 2, 2, 1, 0, 0, -2];
        let zen = CountSystem::built_in("zen").expect("zen").clone();
        let rules = Rules::default();
        let mut quiz = CountDrill::new(&rules, basic_strategy(&rules).chart.clone(), 6);
        let (mut running, mut hilo) = (0, 0);
        let mut answers = Vec::new();
        while answers.len() < 2 {
            let round = quiz.deal_round().expect("a round").clone();
            if round.reshuffled {
                (running, hilo) = (0, 0);
            }
            let cards = || round.seats.iter().flatten().chain(&round.dealer);
            running += cards().map(|c| ZEN[c.value().index()]).sum::<i32>();
            hilo += hilo_sum(cards());
            if quiz.question_due() {
                // The Zen count, then the Hi-Lo count where the two differ.
                answers.push((running, hilo));
                quiz.answer(running);
            }
        }
        assert!(
            answers.iter().all(|(zen, hilo)| zen != hilo),
            "the seed makes the counts differ: {answers:?}"
        );
        let script = format!("{}\n{}\n", answers[0].0, answers[1].0);
        let (summary, text, _) = run_counting(DrillKind::Count, 6, &script, &zen);
        assert_eq!((summary.count_asked, summary.count_right), (2, 2), "{text}");
        // The intro is broken between words at 80 columns: read it as one line.
        let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words.contains("Keep the Zen running count (2–3 +1, 4–6 +2"), "{text}");
        let (summary, _, _) = run(DrillKind::Count, 6, &script);
        assert_eq!(summary.count_right, 0, "Hi-Lo grades the Zen counts wrong");
    }

    #[test]
    fn the_count_quiz_scores_right_and_wrong_answers() {
        // Replay the seeded quiz to know the count at each question.
        let rules = Rules::default();
        let mut quiz = CountDrill::new(&rules, basic_strategy(&rules).chart.clone(), 6);
        let mut running = 0;
        let mut answers = Vec::new();
        while answers.len() < 2 {
            let round = quiz.deal_round().expect("a round").clone();
            if round.reshuffled {
                running = 0;
            }
            running += hilo_sum(round.seats.iter().flatten().chain(&round.dealer));
            if quiz.question_due() {
                let guess = if answers.is_empty() { running } else { running + 5 };
                answers.push(guess);
                quiz.answer(guess);
            }
        }
        let script = format!("{}\nseven\n{}\n", answers[0], answers[1]);
        let (summary, text, session) = run(DrillKind::Count, 6, &script);
        assert_eq!((summary.count_asked, summary.count_right), (2, 1), "{text}");
        assert!(text.contains("✓ Right"), "{text}");
        assert!(text.contains("✗ Wrong"), "{text}");
        assert!(text.contains("`seven` is not a running count"), "{text}");
        // Dealt a card at a time: every seat's or dealer's line holds one card.
        let dealt: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with("  Seat ") || l.starts_with("  Dealer"))
            .collect();
        assert!(dealt.len() >= 8, "{text}");
        for line in dealt {
            let cards = line.split_once(": ").map_or(0, |(_, c)| c.split(' ').count());
            assert_eq!(cards, 1, "one card a line: {line}");
        }
        assert_eq!(
            (session.count.decisions, session.count.correct),
            (2, 1),
            "count answers go into the statistics"
        );
        assert_eq!(session.overall.decisions, 0);
    }

    #[test]
    fn ascii_mode_draws_no_suit_glyphs() {
        let mut output = Vec::new();
        run_drill(
            &Rules::default(),
            Some(2),
            DrillOptions { kind: DrillKind::All, ascii: true, pace: None, flashes: Flashes::Lines },
            &CountSystem::default(),
            &mut "s\nh\n".as_bytes(),
            &mut output,
            &mut Coach::in_memory(),
        )
        .expect("writing to a Vec never fails");
        let text = String::from_utf8_lossy(&output);
        assert!(text.is_ascii(), "{text}");
    }
}
