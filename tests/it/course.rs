//! `blackjack course`: the course on an empty store and after the rules check, the rule sheets
//! in their languages, and a refused flag.

use blackjack_trainer::engine::Rules;
use blackjack_trainer::trainer::course::rules_check::questions;

use crate::common::{TempDir, run_within, stderr, stdout};

/// What `blackjack course` prints for the store at `db` (it must succeed).
fn course_shown(home: &TempDir, db: &std::path::Path) -> String {
    let out = run_within(&home.0, &["course", "--stats", db.to_str().expect("utf-8")], &[], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out)
}

#[test]
fn an_empty_store_shows_every_stage_and_the_rules_check_next_and_creates_nothing() {
    let home = TempDir::new("course-empty");
    let db = home.path("s.db");
    let text = course_shown(&home, &db);
    for stage in [
        "Stage 0 · The rules — open",
        "Stage 1 · Basic strategy — not open yet",
        "Stage 6 · The exam — not open yet",
        "  · the rules check: 10 questions in a row right — none answered yet",
        "Next (stage 0, in Hi-Lo): the rules check: 10 questions in a row right",
        "  → blackjack course rules, then blackjack course check",
    ] {
        assert!(text.contains(stage), "{stage:?} missing from:\n{text}");
    }
    assert!(
        text.lines().all(|l| l.chars().count() <= 80),
        "every line within an 80-column terminal:\n{text}"
    );
    assert!(!db.exists(), "nothing is created just to look");
}

#[test]
fn the_rules_check_answered_right_passes_stage_zero_once() {
    let home = TempDir::new("course-check");
    let db = home.path("s.db");
    let db = db.to_str().expect("utf-8");
    let mut typed = String::from("maybe\n");
    for q in questions(&Rules::default()) {
        typed.push_str(&q.answer.text());
        typed.push('\n');
    }
    let out = run_within(&home.0, &["course", "check", "--stats", db], &[], typed.as_bytes());
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("is not a number"), "{text}");
    assert!(text.contains("10 of 10 right."), "{text}");
    assert!(text.contains("Course: passed — the rules check"), "{text}");
    assert!(text.contains("Next (stage 1, in Hi-Lo)"), "{text}");
    let text = course_shown(&home, std::path::Path::new(db));
    assert!(text.contains("Stage 0 · The rules — passed 20"), "{text}");
    assert!(text.contains("  ✓ the rules check"), "{text}");
    assert!(text.contains("Stage 1 · Basic strategy — open"), "{text}");
    assert!(!text.contains("Course: passed"), "recorded once, by the check:\n{text}");
    let json = run_within(&home.0, &["course", "--json", "--stats", db], &[], b"");
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(value["stages"][0]["passed"], true);
    assert_eq!(value["stages"][1]["open"], true);
    assert_eq!(value["next"]["standard"], "every-cell");
}

#[test]
fn a_wrong_answer_is_told_with_the_rule() {
    let home = TempDir::new("course-wrong");
    let db = home.path("s.db");
    let out = run_within(
        &home.0,
        &["course", "check", "--stats", db.to_str().expect("utf-8")],
        &[],
        b"1\nq\n",
    );
    let text = stdout(&out);
    assert!(text.contains("✗ +1.5: a natural pays 3:2."), "{text}");
    assert!(text.contains("0 of 10 right."), "{text}");
}

#[test]
fn the_sheet_comes_in_the_locales_language_or_the_one_asked() {
    let home = TempDir::new("course-sheet");
    let sheet = |args: &[&str], lang: &str| {
        let out = run_within(&home.0, args, &[("LANG", lang), ("LC_ALL", "")], b"");
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
    };
    assert!(sheet(&["course", "rules"], "sv_SE.UTF-8").contains("banken stannar på mjuk 17"));
    assert!(sheet(&["course", "rules"], "el_GR.UTF-8").contains("Μπλακτζακ"));
    let english = sheet(&["course", "rules"], "de_DE.UTF-8");
    assert!(english.contains("the dealer stands on soft 17"), "{english}");
    assert!(english.contains("Your result: −2"), "{english}");
    assert!(sheet(&["course", "rules", "--lang", "el"], "sv_SE").contains("Μπλακτζακ"));
    // Every sheet fits an 80-column terminal, wrapped between words (the house's lines run to
    // 159 columns), a list item's rows hanging under its text.
    for lang in ["en", "sv", "el"] {
        let text = sheet(&["course", "rules", "--lang", lang], "C");
        assert!(
            text.lines().all(|l| l.chars().count() <= 80),
            "{lang}: every line within 80 columns:\n{text}"
        );
        let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
        let sv = "Efter att ess splittrats delas bara ett kort ut per hand och inga fler drag \
                  tillåts; ess kan bara splittas en gång.";
        if lang == "sv" {
            assert!(words(&text).contains(sv), "{text}");
            let at = text.find("Efter att ess").expect("the line");
            let next = text[at..].lines().nth(1).expect("wrapped");
            assert!(next.starts_with("  ") && !next.starts_with("   "), "{next:?}");
        }
    }
}

#[test]
fn json_with_the_sheet_is_a_usage_error() {
    let home = TempDir::new("course-json");
    let out = run_within(&home.0, &["course", "--json", "rules"], &[], b"");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--json goes with `blackjack course` alone"));
}

/// The course is taken in the learner's count: `--count`, else the preferences' `count`;
/// every line and the JSON name it, and a name that is no count is refused in a sentence.
#[test]
fn the_course_names_the_count_it_is_taken_in() {
    let home = TempDir::new("course-count");
    let db = home.path("s.db");
    let db = db.to_str().expect("utf-8");
    let out = run_within(&home.0, &["course", "--count", "zen", "--stats", db], &[], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("taken in Zen"), "{text}");
    assert!(text.contains("Next (stage 0, in Zen)"), "{text}");
    let config = home.path("config.toml");
    std::fs::write(&config, "count = \"ko\"\n").expect("written");
    let config = config.to_str().expect("utf-8");
    let json =
        run_within(&home.0, &["--config", config, "course", "--json", "--stats", db], &[], b"");
    assert!(json.status.success(), "{}", stderr(&json));
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(value["count"], "ko");
    assert_eq!(value["next"]["standard"], "rules-check");
    let refused = run_within(&home.0, &["course", "--count", "zne", "--stats", db], &[], b"");
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    assert!(stderr(&refused).contains("did you mean `zen`"), "{}", stderr(&refused));
    assert!(!std::path::Path::new(db).exists(), "nothing is created just to look");
}

/// Issue 36's walk: a pass the drills' answers had met was told on one line of 150 columns
/// ("Course: passed — 20 true-count conversions … (stage 3); decks left … (stage 3).").
#[test]
fn a_new_pass_is_told_within_80_columns() {
    use blackjack_trainer::store::{Coach, Location, SessionInfo, SessionKind};
    use blackjack_trainer::trainer::day::{Clock, Day};
    use blackjack_trainer::trainer::history::CountAnswer;
    let home = TempDir::new("course-note");
    let db = home.path("s.db");
    {
        let info = SessionInfo::new(SessionKind::Drill, &Rules::default());
        let today = Clock::Fixed(Day::parse("2026-12-07").expect("a day"));
        let (mut coach, _) = Coach::open(Some(&Location::named(&db)), info, today).expect("opens");
        for i in 0..20 {
            coach.record_count(CountAnswer {
                at: 0,
                skill: "true-count".to_owned(),
                question: format!("conversion {i}"),
                answer: "+1".to_owned(),
                truth: "+1".to_owned(),
                right: true,
                error: 0.0,
                seconds: 1.0,
                countdown: None,
            });
        }
        assert_eq!(coach.save(), None, "saved");
    }
    let text = course_shown(&home, &db);
    assert!(text.contains("Course: passed — 20 true-count"), "{text}");
    let wide: Vec<&str> = text.lines().filter(|l| l.chars().count() > 80).collect();
    assert!(wide.is_empty(), "{wide:?}");
}

/// Issue 36's walk: the exam's step was `blackjack play --count --pace casino`, a table with
/// no ramp — it grades no bet, and the exam wants its bets by the ramp: it could never pass.
/// Every table step the course names parses, and the exam's table grades bets.
#[test]
fn the_exams_table_grades_bets_by_the_ramp() {
    use blackjack_trainer::cli::{Cli, Command};
    use blackjack_trainer::trainer::course::Standard;
    use clap::Parser;
    for standard in [Standard::TableShoes, Standard::Exam] {
        let cli = Cli::try_parse_from(standard.command().split_whitespace())
            .unwrap_or_else(|e| panic!("{}: {e}", standard.command()));
        let Some(Command::Play(args)) = cli.command else {
            panic!("{}: not the table", standard.command());
        };
        assert!(args.play.count.is_some(), "{}", standard.command());
        if standard == Standard::Exam {
            assert!(args.play.ramp.is_some(), "{}", standard.command());
            assert!(standard.key("Hi-Lo").contains("--ramp plan"), "{}", standard.key("Hi-Lo"));
        }
    }
}
