//! The simulator, playing the hard seat on the real engine, reproduces the analysis's exact
//! house edge (a small run here; the README reports a 10⁸-round run).

use blackjack_trainer::ai::AnyStrategy;
use blackjack_trainer::analysis::basic_strategy;
use blackjack_trainer::cli::Level;
use blackjack_trainer::engine::Rules;
use blackjack_trainer::sim::{ShoeMode, SimConfig, run};

#[test]
fn hard_strategy_on_a_fresh_shoe_returns_the_computed_house_edge() {
    let rules = Rules::default();
    let exact = basic_strategy(&rules).return_chart;
    let strategy = AnyStrategy::for_level(Level::Hard, &rules);
    let config = SimConfig { rounds: 2_000_000, seed: 7, threads: 2, shoe: ShoeMode::Fresh };
    let report = run(&rules, &strategy, &config, &|_| {}).unwrap();
    let ev = report.tally.ev_per_round();
    let se = report.tally.std_error();
    assert!((ev - exact).abs() < 3.0 * se, "sim {ev:.5} ± {se:.5} vs exact {exact:.5}");
}
