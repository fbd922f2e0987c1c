//! The course page at the table: `l` opens it with the lines `blackjack course` prints, Tab
//! pages through them at 80×24, and the rules check asked on it (`k`) passes stage 0.

use crossterm::event::KeyCode;

use blackjack_trainer::engine::Rules;
use blackjack_trainer::trainer::course::rules_check::questions;

use crate::common::tui::{SMALL, WIDE, app, keys, press, screen};

#[test]
fn l_opens_the_course_page_and_tab_pages_through_it_at_80x24() {
    let mut app = app(3);
    keys(&mut app, "l");
    let first = screen(&mut app, SMALL);
    assert!(first.contains("The course"), "{first}");
    assert!(first.contains("Stage 0 · The rules — open"), "{first}");
    assert!(first.contains("[Tab] page 1/"), "{first}");
    let mut pages = first.clone();
    for _ in 0..4 {
        press(&mut app, KeyCode::Tab);
        pages.push_str(&screen(&mut app, SMALL));
    }
    assert!(pages.contains("Stage 6 · The exam"), "{pages}");
    assert!(pages.contains("Next (stage 0, in Hi-Lo)"), "{pages}");
    assert!(pages.contains("taken in Hi-Lo"), "{pages}");
    assert!(pages.contains("press k here"), "{pages}");
    keys(&mut app, "l");
    assert!(!screen(&mut app, SMALL).contains("The course"));
}

#[test]
fn the_rules_check_on_the_page_passes_stage_zero() {
    let mut app = app(3);
    keys(&mut app, "lk");
    let asked = screen(&mut app, WIDE);
    assert!(asked.contains("The rules check"), "{asked}");
    assert!(asked.contains("1/10."), "{asked}");
    // No answer: said, and asked again.
    keys(&mut app, "x");
    press(&mut app, KeyCode::Enter);
    let refused = screen(&mut app, WIDE);
    assert!(refused.contains("`x` is not a number"), "{refused}");
    assert!(refused.contains("1/10."), "{refused}");
    for q in questions(&Rules::default()) {
        keys(&mut app, &q.answer.text());
        press(&mut app, KeyCode::Enter);
    }
    let done = screen(&mut app, WIDE);
    assert!(done.contains("10 of 10 right"), "{done}");
    press(&mut app, KeyCode::Esc);
    let course = screen(&mut app, WIDE);
    assert!(course.contains("Stage 0 · The rules — passed"), "{course}");
    assert!(course.contains("Stage 1 · Basic strategy — open"), "{course}");
    press(&mut app, KeyCode::Esc);
    let table = screen(&mut app, WIDE);
    assert!(!table.contains("The course"), "{table}");
    assert!(table.contains("Course: passed — the rules check"), "{table}");
}

/// The page names the count the course is taken in — the table's — and what to do next
/// names the drill chooser's line in that count.
#[test]
fn the_page_names_the_count_the_course_is_taken_in() {
    use blackjack_trainer::analysis::counts::CountSystem;
    use blackjack_trainer::tui::TableConfig;
    let zen = CountSystem::built_in("zen").expect("zen").clone();
    let mut app = crate::common::tui::table(TableConfig {
        seats: 1,
        count_system: zen,
        ..TableConfig::default()
    });
    keys(&mut app, "l");
    let mut pages = screen(&mut app, WIDE);
    for _ in 0..4 {
        press(&mut app, KeyCode::Tab);
        pages.push_str(&screen(&mut app, WIDE));
    }
    assert!(pages.contains("taken in Zen"), "{pages}");
    assert!(pages.contains("Next (stage 0, in Zen)"), "{pages}");
    assert!(!pages.contains("Hi-Lo"), "{pages}");
}
