//! The planner page at the table (`b`, "bets & bankroll"): the inputs as rows, the arrows
//! changing them and every figure with them, "use this ramp" taking the plan's ramp into the
//! session. Scripted through the real key handler, with a made-up game by count (the real one
//! takes seconds of analysis and simulation); a snapshot at 80×24.

use crate::common;

use crossterm::event::KeyCode;

use blackjack_trainer::analysis::counts::CountSystem;
use blackjack_trainer::analysis::deviation::IndexTable;
use blackjack_trainer::engine::Rules;
use blackjack_trainer::setup::PlanSetup;
use blackjack_trainer::trainer::plan::{CountRow, GameByCount};
use blackjack_trainer::trainer::plan_game::{PlanModel, SimSettings};
use blackjack_trainer::tui::TableConfig;
use common::tui::{SMALL, keys, press, screen};

/// A made-up game: losing below +1, winning 1 % more each count above, variance 1.3.
fn made_up(_: &Rules, system: &CountSystem) -> Result<PlanModel, String> {
    let rows = (-3..=6)
        .map(|tc: i32| {
            let ev = -0.004 + 0.01 * f64::from(tc);
            CountRow {
                tc,
                share: if tc == 0 { 0.37 } else { 0.07 },
                ev,
                second_moment: 1.3 + ev * ev,
                exact: (-2..=5).contains(&tc),
                played: 1.0,
                played_by_rule: true,
            }
        })
        .collect();
    Ok(PlanModel {
        system: system.clone(),
        game: GameByCount { rows, wong: None },
        exact_range: (-2, 5),
        indices: IndexTable::default(),
        sim: SimSettings { rounds: 1_000_000, seed: 2026, threads: 1 },
    })
}

fn app() -> blackjack_trainer::tui::App {
    common::tui::table(TableConfig {
        seats: 1,
        speed: std::time::Duration::ZERO,
        seed: 2024,
        plan: PlanSetup { model: Some(made_up), ..PlanSetup::default() },
        ..TableConfig::default()
    })
}

#[test]
fn the_planner_page_changes_its_figures_with_the_arrows_and_hands_its_ramp_to_the_table() {
    let mut app = app();
    // The bar offers the page where it has room (at 80 columns help and quit come first).
    let table = screen(&mut app, (100, 32));
    assert!(table.contains("[b] bets"), "the bar offers the page:\n{table}");
    keys(&mut app, "b");
    let first = screen(&mut app, SMALL);
    insta::assert_snapshot!("plan_page_80x24", first);
    for needle in [
        "Bankroll",
        "200 units",
        "Ramp",
        "IBA",
        "SCORE",
        "N0",
        "Ruin, ever",
        "in 4 hours",
        "before +200",
        "use this ramp",
    ] {
        assert!(first.contains(needle), "{needle} in\n{first}");
    }
    // → on the bankroll: 250 units, and the figures move with it at once.
    press(&mut app, KeyCode::Right);
    let richer = screen(&mut app, SMALL);
    assert!(richer.contains("250 units"), "{richer}");
    let figures = |s: &str| {
        s.lines()
            .filter(|l| l.contains("Ruin") || l.contains("Ramp"))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_ne!(figures(&first), figures(&richer), "{richer}");
    // The penetration is shown, not changed: ← → say so and change nothing.
    for _ in 0..7 {
        press(&mut app, KeyCode::Down);
    }
    press(&mut app, KeyCode::Right);
    let shown = screen(&mut app, SMALL);
    assert!(shown.contains("the penetration is the rules'"), "{shown}");
    // Whole at 100×32 too: every row, the figures' sources and the keys.
    let tall = screen(&mut app, (100, 32));
    for needle in ["Wong out", "simulated rounds", "Esc back"] {
        assert!(tall.contains(needle), "{needle} in\n{tall}");
    }
    assert!(app.table_session().ramp().is_none());
    keys(&mut app, "u");
    let ramp = app.table_session().ramp().map(|r| r.to_string()).expect("the plan's ramp taken");
    let taken = screen(&mut app, SMALL);
    assert!(taken.contains(&format!("Your ramp is now {ramp}")), "{taken}");
    press(&mut app, KeyCode::Esc);
    let back = screen(&mut app, SMALL);
    assert!(back.contains("deal"), "back at the table:\n{back}");
}

/// At a table that counts Zen the page plans in Zen (its model is asked for Zen) and "use this
/// ramp" takes the ramp; at a table counting KO, an unbalanced count, the page says in a
/// sentence why there is no plan, and the session keeps no ramp.
#[test]
fn a_table_counting_another_count_plans_in_that_count() {
    let table = |key: &str, model: blackjack_trainer::setup::PlanModelCompute| {
        common::tui::table(TableConfig {
            seats: 1,
            speed: std::time::Duration::ZERO,
            seed: 2024,
            counting: true,
            count_system: CountSystem::built_in(key).expect("a count").clone(),
            plan: PlanSetup { model: Some(model), ..PlanSetup::default() },
            ..TableConfig::default()
        })
    };
    let mut app = table("zen", made_up);
    keys(&mut app, "b");
    let page = screen(&mut app, (100, 32));
    assert!(page.contains("the Zen counter's planner"), "{page}");
    keys(&mut app, "u");
    let ramp = app.table_session().ramp().map(|r| r.to_string());
    let taken = screen(&mut app, (100, 32));
    assert!(
        ramp.as_ref().is_some_and(|r| taken.contains(&format!("Your ramp is now {r}"))),
        "{taken}"
    );
    let mut app = table("ko", blackjack_trainer::trainer::plan_game::table_model);
    keys(&mut app, "b");
    let page = screen(&mut app, (100, 32));
    assert!(page.contains("unbalanced"), "the refusal is said:\n{page}");
    keys(&mut app, "u");
    assert!(app.table_session().ramp().is_none(), "no ramp taken");
}
