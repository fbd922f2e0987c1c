//! The counting drills as a learner meets them: `blackjack drill --kind countdown|true-count|
//! decks|ramp` on the command line (answers graded with the convention named, kept in the
//! statistics file), and the same drills from the table's `r` chooser.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

use blackjack_trainer::engine::{Rules, Units};
use blackjack_trainer::trainer::drills::kinds::DrillKind;
use blackjack_trainer::tui::{
    App, DrillIntent, DrillScreen, SharedIntent, TableConfig, TableIntent,
};

use crate::common;
use common::TempDir;

fn drill(args: &[&str], input: &str) -> (String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_blackjack"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("input written");
    let out = child.wait_with_output().expect("it ends");
    (
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
        out.status.success(),
    )
}

/// The right answer the drill printed after `✗ It is `, for each question in order.
fn expected_answers(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.split("✗ It is ").nth(1))
        .map(|rest| rest.split(" — ").next().unwrap_or_default().to_owned())
        .collect()
}

#[test]
fn a_true_count_drill_replays_by_seed_and_grades_by_the_chosen_convention() {
    let dir = TempDir::new("count-drills-true-count");
    let path = dir.0.join("stats.db");
    let stats = path.to_str().unwrap();
    // First run: answer 99 to everything, to learn the right answers from the feedback.
    let args = ["--seed", "11", "drill", "--kind", "true-count", "--stats", stats];
    let (first, ok) = drill(&args, "29\n29\n29\n29\n29\nq\n");
    assert!(ok, "{first}");
    assert!(first.contains("floor"), "the convention is named: {first}");
    let right = expected_answers(&first);
    assert_eq!(right.len(), 5, "{first}");
    // The same seed asks the same questions: the right answers are graded right.
    let (second, ok) = drill(&args, &(right.join("\n") + "\nq\n"));
    assert!(ok, "{second}");
    assert!(second.contains("Right 5 of 5 (100%)"), "{second}");
    assert!(second.contains("Counting: true-count"), "{second}");
    // Truncating instead of flooring changes the answers of the negative counts only.
    let (truncated, _) =
        drill(&[&args[..], &["--convention", "truncate"]].concat(), "29\n29\n29\n29\n29\nq\n");
    assert!(truncated.contains("truncate"), "{truncated}");
    let (_, saved) = common::lifetime(&path);
    assert_eq!(saved.skills["true-count"].asked, 15);
}

#[test]
fn the_ramp_and_decks_drills_grade_their_own_answers_right() {
    for (kind, extra) in [("ramp", vec!["--ramp", "1,2,4,8"]), ("decks", vec![])] {
        let mut args = vec!["--seed", "5", "drill", "--kind", kind, "--no-stats"];
        args.extend(extra);
        let (first, _) = drill(&args, "x\n0\n0\n0\nq\n");
        assert!(first.contains("is not a number"), "a non-answer is refused: {first}");
        let right = expected_answers(&first);
        assert!(!right.is_empty(), "{first}");
        let (second, _) = drill(&args, &(right.join("\n") + "\nq\n"));
        assert!(
            second.contains(&format!("Right {0} of {0} (100%)", right.len())),
            "{kind}: {second}"
        );
    }
}

#[test]
fn a_bad_ramp_is_a_usage_error() {
    let (text, ok) = drill(&["drill", "--kind", "ramp", "--ramp", "1,0", "--no-stats"], "");
    assert!(!ok && text.contains("--ramp"), "{text}");
}

#[test]
fn a_whole_deck_counts_down_to_zero_and_a_perfect_run_is_a_personal_best() {
    let dir = TempDir::new("count-drills-countdown");
    let stats = dir.0.join("stats.db");
    let args = ["--seed", "3", "drill", "--kind", "countdown", "--stats", stats.to_str().unwrap()];
    let (text, ok) = drill(&args, &("\n".repeat(52) + "0\n"));
    assert!(ok, "{text}");
    assert!(
        text.contains("✓ Right: +0 after 52 cards") && text.contains("personal best"),
        "{text}"
    );
    assert!(text.contains("Countdown best"), "{text}");
    let (wrong, _) = drill(&args, &("\n".repeat(52) + "2\n"));
    assert!(wrong.contains("✗ The count was +0, not +2"), "{wrong}");
}

/// Output that is not a terminal (a pipe here) gets one flash a line, says so, and carries no
/// terminal escapes; a run at a set pace reports no speed of the person's.
#[test]
fn a_countdown_into_a_pipe_writes_one_flash_a_line_and_a_paced_one_reports_no_speed() {
    let args = [
        "--seed",
        "4",
        "drill",
        "--kind",
        "countdown",
        "--per-flash",
        "2",
        "--no-stats",
        "--ascii",
    ];
    let (text, ok) = drill(&args, &("\n".repeat(26) + "0\n"));
    assert!(ok, "{text}");
    // Broken between words within 80 columns.
    assert!(text.replace('\n', " ").contains("one flash a line"), "{text}");
    assert!(!text.contains('\x1b'), "{text:?}");
    let is_card =
        |word: &str| (2..=3).contains(&word.len()) && word.ends_with(['s', 'h', 'd', 'c']);
    let flashes = text
        .lines()
        .filter(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            words.len() == 2 && words.iter().all(|w| is_card(w))
        })
        .count();
    assert_eq!(flashes, 26, "{text}");
    assert!(text.contains("cards a second"), "turned by hand: {text}");
    let paced = [&args[..], &["--pace", "0.1"]].concat();
    let (text, ok) = drill(&paced, "0\n");
    assert!(ok, "{text}");
    assert!(text.contains("turned at the pace set"), "{text}");
    assert!(!text.contains("cards a second"), "{text}");
}

fn app() -> App {
    let config = TableConfig {
        speed: Duration::ZERO,
        bankroll: Units::from_units(100),
        seed: 9,
        ..TableConfig::default()
    };
    common::tui::table(config)
}

#[test]
fn the_table_chooser_starts_each_counting_drill_and_records_its_answers() {
    let mut app = app();
    app.update(TableIntent::OpenDrills);
    app.update(DrillIntent::ChooseDrill(DrillKind::TrueCount));
    let Some(DrillScreen::Quiz(screen)) = app.drill() else {
        panic!("a quiz screen");
    };
    assert!(screen.quiz.question_text().contains("floor"));
    for c in "29".chars() {
        app.update(DrillIntent::CountKey(c));
    }
    app.update(DrillIntent::CountSubmit);
    let record = app.session().skills.get("true-count").copied().unwrap_or_default();
    assert_eq!((record.asked, record.right), (1, 0));
    // `r` goes back to the chooser, with the drill's summary in the table's log.
    app.update(DrillIntent::OpenDrills);
    assert!(matches!(app.drill(), Some(DrillScreen::Chooser { .. })));
    assert!(app.messages().iter().any(|m| m.text.contains("Right 0 of 1")));
    app.update(DrillIntent::ChooseDrill(DrillKind::Countdown));
    for _ in 0..52 {
        app.update(DrillIntent::NextRound);
    }
    let Some(DrillScreen::Countdown(screen)) = app.drill() else {
        panic!("a countdown");
    };
    assert!(screen.run.done());
    app.update(DrillIntent::CountKey('0'));
    app.update(DrillIntent::CountSubmit);
    let record = app.session().skills.get("countdown").copied().unwrap_or_default();
    assert_eq!((record.asked, record.right), (1, 1), "a deck counts to zero");
}

// ----- counting mode at the table -----

/// A quick stand-in for the computed table in these tests: the published American I18 (Don
/// Schlesinger, Blackjack Attack), which has 16 vs T: stand at 0 and above.
fn published(_: &Rules) -> blackjack_trainer::analysis::deviation::IndexTable {
    blackjack_trainer::analysis::deviation::illustrious_18()
}

fn counting_app(ramp: Option<Vec<u32>>, check_every: u32) -> App {
    let config = TableConfig {
        speed: Duration::ZERO,
        seed: 9,
        ai: vec![blackjack_trainer::ai::Level::Hard],
        counting: true,
        ramp: ramp.map(|r| blackjack_trainer::trainer::drills::counting::BetRamp::new(r).unwrap()),
        count_check_every: check_every,
        indices: Some(published),
        ..TableConfig::default()
    };
    let mut app = common::tui::table(config);
    let start = std::time::Instant::now();
    while !app.messages().iter().any(|m| m.text.contains("index table is ready")) {
        assert!(start.elapsed().as_secs() < 20, "the index table never came");
        std::thread::sleep(Duration::from_millis(5));
        app.update(SharedIntent::Poll);
    }
    app
}

#[test]
fn counting_mode_grades_a_missed_index_play_with_its_cost_at_the_count() {
    let mut app = counting_app(None, 0);
    // The count shown: the grade may tell it at once.
    app.update(TableIntent::ToggleCount);
    // Seat 1 2,3 then 7 and 9; you 10,6; seat 3 4,5 (then stands? it hits to 17+); up T.
    let deal = [2, 10, 4, 10, 3, 6, 5, 7, 7, 9, 10].map(blackjack_trainer::engine::Card::of_value);
    assert!(app.stack_next(&deal));
    app.update(TableIntent::Deal);
    assert!(app.your_turn());
    assert!(app.floored_count() >= 0, "count {}", app.floored_count());
    app.update(TableIntent::Act(blackjack_trainer::engine::Action::Hit));
    let grade = app.log().last_grade().expect("graded").text.clone();
    assert!(
        grade.starts_with("Index play: stand 16 vs T at true count +")
            && grade.contains("the chart says hit"),
        "{grade}"
    );
    assert!(grade.contains("at this count"), "{grade}");
}

#[test]
fn the_bet_is_graded_against_the_ramp_and_the_count_is_checked_every_n_deals() {
    let mut app = counting_app(Some(vec![1, 2, 4]), 1);
    app.update(TableIntent::Deal);
    // With the count hidden the bet's grade (which tells the count) waits for the count check.
    let ramp_graded = |app: &App| {
        app.messages()
            .iter()
            .any(|m| m.text.contains("Round 1: Bet 1 at true count +0: the ramp's bet"))
    };
    assert!(!ramp_graded(&app), "{:?}", app.messages());
    // Kept as the table's bets, apart from the ramp drill's answers.
    let skill = |name: &str| app.session().skills.get(name).map(|r| r.asked);
    assert_eq!((skill("table-ramp"), skill("ramp")), (Some(1), None));
    // Play the round out, then the next deal asks for the count first.
    while app.your_turn() {
        app.update(TableIntent::Act(blackjack_trainer::engine::Action::Stand));
    }
    app.update(TableIntent::Deal);
    assert_eq!(app.count_check(), Some(""), "{:?}", app.messages().last());
    let running =
        blackjack_trainer::analysis::hilo::running_count(app.table().view(app.your_seat()).seen());
    for c in format!("{running}").chars() {
        app.update(TableIntent::CountKey(c));
    }
    app.update(TableIntent::CountSubmit);
    assert!(
        app.messages().iter().any(|m| m.text.contains("Count check") && m.text.contains("right"))
    );
    assert_eq!(app.session().count.correct, 1);
    assert!(ramp_graded(&app), "{:?}", app.messages());
    assert!(!app.between_rounds() || app.count_check().is_none(), "the deal went on");
}

/// Issue 36: `--set valuable` asked the same 18 plays as the default: under the default
/// rules exactly 18 index plays were worth 0.001 bets per 100 rounds or more.
#[test]
fn the_valuable_set_asks_more_plays_than_the_top_18() {
    use blackjack_trainer::trainer::drills::counting::{IndexSet, Quiz, QuizKind, QuizSettings};
    let rules = Rules::default();
    let table = blackjack_trainer::analysis::indices::index_table(&rules);
    let top = IndexSet::GameI18.choose(&table).plays.len();
    let valuable = IndexSet::Valuable.choose(&table).plays.len();
    assert_eq!(top, 18);
    assert!(valuable > top, "{valuable} valuable plays");
    let asked = |set| {
        let settings = QuizSettings { set, ..QuizSettings::for_rules(&rules, table.clone()) };
        Quiz::new(QuizKind::Deviations, settings, 1).expect("plays to ask").describe()
    };
    assert_ne!(asked(IndexSet::Valuable), asked(IndexSet::GameI18));
}

/// A countdown's personal best is its count's own (issue 37): a Zen run is timed and may be a
/// best whatever Hi-Lo's is, a Hi-Lo run is never compared with a Zen one, and the lifetime
/// figures read back from the database keep the two apart.
#[test]
fn countdown_bests_are_kept_per_count() {
    use blackjack_trainer::analysis::counts::CountSystem;
    use blackjack_trainer::store::{Coach, Location, SessionInfo, SessionKind};
    use blackjack_trainer::trainer::day::Clock;
    use blackjack_trainer::trainer::drills::counting::Countdown;
    let dir = TempDir::new("countdown-bests-per-count");
    let path = dir.path("stats.db");
    let hilo = CountSystem::default();
    let zen = CountSystem::built_in("zen").expect("zen").clone();
    let open = || {
        Coach::open(
            Some(&Location::named(&path)),
            SessionInfo::new(SessionKind::Drill, &Rules::default()),
            Clock::Local,
        )
        .expect("the database opens")
        .0
    };
    let mut coach = open();
    // A whole run, turned by the person, answered right in `seconds`: whether it is a best.
    let run = |coach: &mut Coach, system: &CountSystem, seconds: f64, seed: u64| {
        let mut run = Countdown::new(1, 1, false, seed).counting(system);
        while run.flash().is_some() {}
        let best = coach.countdown_best(system, 1);
        let verdict = run.grade(run.running(), seconds, false, best);
        assert!(verdict.right && verdict.timed, "{verdict:?}");
        coach.record_count(verdict.answer());
        assert_eq!(coach.save(), None, "saved");
        verdict.best
    };
    assert!(run(&mut coach, &hilo, 30.0, 1), "the first Hi-Lo run is a best");
    assert!(
        run(&mut coach, &zen, 40.0, 2),
        "the first Zen run is Zen's best, slower than Hi-Lo's or not"
    );
    assert!(!run(&mut coach, &hilo, 35.0, 3), "35 s does not beat Hi-Lo's 30");
    assert!(run(&mut coach, &zen, 38.0, 4), "38 s beats Zen's 40");
    assert_eq!(coach.countdown_best(&hilo, 1), Some(30.0));
    assert_eq!(coach.countdown_best(&zen, 1), Some(38.0));
    drop(coach);
    let (_, lifetime) = common::lifetime(&path);
    assert_eq!(lifetime.countdown_best.get(&1), Some(&30.0), "Hi-Lo's best");
    assert_eq!(lifetime.countdown_best_in(Some("Zen"), 1), Some(38.0));
    let again = open();
    assert_eq!(again.countdown_best(&zen, 1), Some(38.0));
}
