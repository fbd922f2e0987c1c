//! The planner (`blackjack plan`) against play: the ramp it plans for a bankroll, played in
//! simulated trips of the real engine, wins, spreads and is ruined as the planner says.

use std::sync::atomic::AtomicBool;

use blackjack_trainer::ai::{Hard, hard_chart};
use blackjack_trainer::analysis::indices::{Game, report};
use blackjack_trainer::engine::Rules;
use blackjack_trainer::sim::count::{BetRamp, CountConfig, Counter, run_counting};
use blackjack_trainer::sim::trips::{TripConfig, run_trips};
use blackjack_trainer::trainer::plan::{GameByCount, PlanInputs, Risk, plan};

/// Rounds of each simulated trip, and trips per bankroll.
const TRIP_ROUNDS: u64 = 2_000;
const TRIPS: u64 = 1_000;

#[test]
fn the_planned_ramp_wins_spreads_and_is_ruined_in_simulated_trips_as_planned() {
    let rules = Rules::default();
    let exact = report(&rules, Game::NoHoleCard, 2);
    let counter = |ramp: BetRamp| Counter::new(Hard::new(hard_chart(&rules)), &exact.table, ramp);
    let flat = run_counting(
        &rules,
        &counter(BetRamp::flat()),
        &CountConfig {
            rounds: 2_000_000,
            seed: 2026,
            threads: 2,
            penetration: rules.penetration,
        },
        &|_| {},
        &AtomicBool::new(false),
    )
    .expect("the engine plays");
    let game = GameByCount::new(&exact.edge_by_tc, &flat.tally);
    // Three bankrolls, each with a risk target it can meet at a 1–12 spread, so that each
    // plays a ramp of its own and is ruined often enough within a trip to be measured.
    let mut ramps = Vec::new();
    for (i, (bankroll, target)) in [(150.0, 0.8), (300.0, 0.6), (600.0, 0.35)]
        .into_iter()
        .enumerate()
    {
        let planned = plan(
            &game,
            &PlanInputs {
                bankroll,
                min_bet: 1,
                spread: 12,
                chip: 1,
                risk: Risk::OfRuin(target),
            },
        )
        .expect("a plan");
        assert!(planned.met, "{bankroll}: the target {target} is met");
        ramps.push(planned.ramp.clone());
        let trips = run_trips(
            &rules,
            &counter(planned.ramp.clone()),
            &TripConfig {
                trips: TRIPS,
                rounds: TRIP_ROUNDS,
                bankroll,
                seed: 7 + i as u64,
                threads: 2,
                penetration: rules.penetration,
            },
            &AtomicBool::new(false),
        )
        .expect("the engine plays");
        let m = planned.figures.measures;
        let played = &trips.rounds;
        let (ev, sd, se) = (played.ev_per_round(), played.std_dev(), played.std_error());
        let risk = m.risk_within(bankroll, TRIP_ROUNDS as f64);
        let ruined = trips.ruin_share();
        eprintln!(
            "bankroll {bankroll}: ramp {} · win {:.5} planned, {ev:.5} ± {se:.5} played · SD {:.3} \
             planned, {sd:.3} played · ruin within {TRIP_ROUNDS} rounds {:.4} planned, \
             {ruined:.4} ± {:.4} played",
            planned.ramp,
            m.ev,
            m.sd,
            risk,
            trips.ruin_std_error()
        );
        assert_eq!(played.rounds, TRIPS * TRIP_ROUNDS);
        assert!(
            (ev - m.ev).abs() <= 3.0 * se,
            "{bankroll}: the win per round {ev} ± {se} played against {} planned",
            m.ev
        );
        assert!(
            (sd / m.sd - 1.0).abs() <= 0.02,
            "{bankroll}: the SD per round {sd} played against {} planned",
            m.sd
        );
        assert!(
            (ruined - risk).abs() <= 3.0 * trips.ruin_std_error().max(0.002),
            "{bankroll}: ruined in {ruined} of the trips against {risk} planned"
        );
    }
    ramps.dedup();
    assert_eq!(
        ramps.len(),
        3,
        "a ramp for each bankroll and risk: {ramps:?}"
    );
}

/// Inputs no plan can be made of are usage errors that name the problem, said at once (before
/// the analysis and the simulation, which take seconds).
#[test]
fn inputs_no_plan_can_be_made_of_are_refused_at_once() {
    let home = crate::common::TempDir::new("plan");
    for (args, said) in [
        (&["--bankroll", "200", "--risk", "150"][..], "below 100 %"),
        (&["--bankroll", "0"][..], "not a bankroll"),
        (
            &["--bankroll", "200", "--risk", "10", "--kelly", "0.5"][..],
            "cannot be used with",
        ),
        (
            &["--bankroll", "200", "--min-bet", "100", "--spread", "200"][..],
            "20000 units",
        ),
        (
            &["--bankroll", "200", "--hours", "-3"][..],
            "not a number above 0",
        ),
    ] {
        let started = std::time::Instant::now();
        let mut all = vec!["plan"];
        all.extend_from_slice(args);
        let out = crate::common::run_at(&home.0, &all, &[], b"");
        let err = crate::common::stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(said), "{args:?}: {err}");
        assert!(crate::common::stdout(&out).is_empty(), "{args:?}");
        assert!(
            started.elapsed().as_secs() < 5,
            "{args:?} was refused only after the work"
        );
    }
}
