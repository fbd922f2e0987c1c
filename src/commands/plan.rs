//! `blackjack plan`: the Hi-Lo counter's bet ramp for a bankroll and a risk, with what it wins
//! and risks per round, per hour and per trip ([`crate::trainer::plan`] has the method).

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use anyhow::Context;

use crate::ai::{Hard, hard_chart};
use crate::analysis::indices::{Game, report};
use crate::cli::PlanArgs;
use crate::commands::UsageError;
use crate::engine::Rules;
use crate::sim::count::{BetRamp, CountConfig, Counter, run_counting};
use crate::sim::measures::Measures;
use crate::text::signed_decimals;
use crate::trainer::plan::{GameByCount, Plan, PlanInputs, Risk, plan};

/// The seed of the variance simulation when none is given.
pub const DEFAULT_PLAN_SEED: u64 = 2026;

/// The risk of ruin aimed at when neither `--risk` nor `--kelly` is given: full Kelly's.
pub const DEFAULT_RISK_PERCENT: f64 = 13.5;

/// What the plan was asked for, with the figures it gives.
struct Planned {
    inputs: PlanInputs,
    plan: Plan,
    rounds_per_hour: f64,
    trip_rounds: f64,
    goal: f64,
    seed: u64,
    sim_rounds: u64,
    exact_range: (i32, i32),
}

/// Runs `blackjack plan`.
pub fn plan_command(
    rules: &Rules,
    seed: Option<u64>,
    args: &PlanArgs,
    out: &mut impl std::io::Write,
) -> anyhow::Result<()> {
    let risk = match (args.risk, args.kelly) {
        (_, Some(fraction)) => Risk::Kelly(fraction),
        (percent, None) => {
            let percent = percent.unwrap_or(DEFAULT_RISK_PERCENT);
            if percent >= 100.0 {
                return Err(
                    UsageError(format!("--risk {percent}: a risk of ruin is below 100 %")).into(),
                );
            }
            Risk::OfRuin(percent / 100.0)
        }
    };
    let inputs = PlanInputs {
        bankroll: args.bankroll,
        min_bet: args.min_bet.unwrap_or(rules.min_bet),
        spread: args.spread,
        chip: args.chip,
        risk,
    };
    // Refused before the analysis and the simulation, not after them.
    inputs.check().map_err(|err| UsageError(err.to_string()))?;
    let started = Instant::now();
    let threads = super::analysis_threads();
    let exact = report(rules, Game::NoHoleCard, threads);
    // The variances: a flat bet with this game's index plays, so the rounds are those the
    // exact edge describes.
    crate::analysis::strategy::basic_strategy_on(rules, 1);
    let counter = Counter::new(Hard::new(hard_chart(rules)), &exact.table, BetRamp::flat());
    let seed = seed.unwrap_or(DEFAULT_PLAN_SEED);
    let config = CountConfig {
        rounds: args.sim_rounds,
        seed,
        threads,
        penetration: rules.penetration,
    };
    let simulated = run_counting(rules, &counter, &config, &|_| {}, &AtomicBool::new(false))
        .context("the simulation stopped on an engine error")?;
    let game = GameByCount::new(&exact.edge_by_tc, &simulated.tally);
    let planned = plan(&game, &inputs).map_err(|err| UsageError(err.to_string()))?;
    let exact_range = (
        exact.edge_by_tc.first().map_or(0, |e| e.tc),
        exact.edge_by_tc.last().map_or(0, |e| e.tc),
    );
    let planned = Planned {
        inputs,
        plan: planned,
        rounds_per_hour: args.rounds_per_hour,
        trip_rounds: args.hours * args.rounds_per_hour,
        goal: args.goal.unwrap_or(args.bankroll),
        seed,
        sim_rounds: args.sim_rounds,
        exact_range,
    };
    if args.json {
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&json(&planned, &game))?
        )?;
    } else {
        write!(out, "{}", text(rules, &planned, args.hours))?;
        writeln!(
            out,
            "(worked out in {:.1} s on {threads} thread(s))",
            started.elapsed().as_secs_f64()
        )?;
    }
    Ok(())
}

/// The risks of the plan: for ever, within the trip, before the goal.
fn risks(p: &Planned) -> (f64, f64, f64) {
    let m = p.plan.figures.measures;
    let b = p.inputs.bankroll;
    (
        m.risk_of_ruin(b),
        m.risk_within(b, p.trip_rounds),
        m.risk_before_goal(b, p.goal),
    )
}

fn percent(x: f64) -> String {
    format!("{:.1} %", 100.0 * x)
}

/// The ramp as `≤0: 1 · +1: 2 · …`.
fn ramp_text(ramp: &BetRamp) -> String {
    let steps: Vec<String> = ramp
        .bets()
        .iter()
        .enumerate()
        .map(|(tc, bet)| {
            let at = if tc == 0 {
                "≤0".to_owned()
            } else if tc + 1 == ramp.bets().len() {
                format!("+{tc} and up")
            } else {
                format!("+{tc}")
            };
            format!("{at}: {bet}")
        })
        .collect();
    steps.join(" · ")
}

fn text(rules: &Rules, p: &Planned, hours: f64) -> String {
    let f = &p.plan.figures;
    let Measures { ev, sd } = f.measures;
    let (forever, trip, goal) = risks(p);
    let min = p.inputs.min_bet;
    let mut s = String::new();
    s.push_str(&format!(
        "Plan for Hi-Lo with this game's index plays · {} decks · cut card at {:.0} %\n",
        rules.decks,
        100.0 * rules.penetration
    ));
    let aim = match p.inputs.risk {
        Risk::OfRuin(r) => format!("risk of ruin at most {}", percent(r)),
        Risk::Kelly(k) => format!("{k} × Kelly"),
    };
    s.push_str(&format!(
        "Bankroll {} units · bets {}–{} units in chips of {} · {aim}\n\n",
        p.inputs.bankroll,
        min,
        u64::from(min) * u64::from(p.inputs.spread),
        p.inputs.chip
    ));
    if let (false, Risk::OfRuin(target)) = (p.plan.met, p.inputs.risk) {
        s.push_str(
            "No ramp within this spread keeps the risk of ruin that low with this bankroll:\n\
             this is the ramp of least risk.\n",
        );
        if ev > 0.0 {
            // RoR = exp(−2 · EV · B / SD²) solved for B.
            let needed = (1.0 / target).ln() * sd * sd / (2.0 * ev);
            s.push_str(&format!(
                "With it, a risk of {} takes a bankroll of about {needed:.0} units.\n",
                percent(target)
            ));
        }
        s.push('\n');
    }
    s.push_str(&format!(
        "Ramp (units by floored true count): {}\n",
        ramp_text(&p.plan.ramp)
    ));
    s.push_str(&format!(
        "Play it:  blackjack play --count --ramp {}\n          (or `ramp = [{}]` in config.toml)\n\
         Learn it: blackjack drill --kind ramp --ramp {}\n\n",
        p.plan.ramp,
        p.plan
            .ramp
            .bets()
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        p.plan.ramp,
    ));
    s.push_str(&format!(
        "Per round:      win {} units · SD {:.3} · average bet {:.3} · IBA {} %\n",
        signed_decimals(ev, 4),
        sd,
        f.avg_bet,
        signed_decimals(100.0 * f.iba(), 3)
    ));
    s.push_str(&format!(
        "Per 100 rounds: win {} units · SD {:.1}\n",
        signed_decimals(100.0 * ev, 2),
        10.0 * sd
    ));
    s.push_str(&format!(
        "Per hour ({} rounds): win {} units · SD {:.1}\n",
        p.rounds_per_hour,
        signed_decimals(p.rounds_per_hour * ev, 2),
        p.rounds_per_hour.sqrt() * sd
    ));
    let n0 = f.measures.n0().filter(|n| *n > 0.0 && ev > 0.0);
    s.push_str(&format!(
        "SCORE {:.2} · DI {:.2} · N0 {}\n",
        f.measures.score(),
        f.measures.di(),
        n0.map_or_else(
            || "none (the ramp does not win)".to_owned(),
            |n| format!("{:.0} rounds ({:.0} hours)", n, n / p.rounds_per_hour)
        )
    ));
    s.push_str(&format!(
        "Risk of ruin:   for ever {} · within a {hours}-hour trip ({:.0} rounds) {} · before \
         winning {} units {}\n\n",
        percent(forever),
        p.trip_rounds,
        percent(trip),
        p.goal,
        percent(goal)
    ));
    s.push_str(&format!(
        "Sources: shares and returns at true counts {} … {} are exact (this game's index table\n\
         and edge by count, as `blackjack indices` prints them); beyond them, and every variance,\n\
         from a flat-bet counting simulation of {} rounds (seed {}). Rounds taken as independent.\n",
        signed_decimals(f64::from(p.exact_range.0), 0),
        signed_decimals(f64::from(p.exact_range.1), 0),
        p.sim_rounds,
        p.seed
    ));
    s.push_str(
        "Method: bets proportional to advantage over variance (the Kelly-proportional bet), capped\n\
         at the minimum and the spread, rounded to chips; of their scales, the highest win rate\n\
         whose risk of ruin is within the target (or the Kelly fraction of the bankroll). Risks:\n\
         the diffusion approximation (Schlesinger, Blackjack Attack, 3rd ed.).\n",
    );
    s
}

fn json(p: &Planned, game: &GameByCount) -> serde_json::Value {
    let f = &p.plan.figures;
    let m = f.measures;
    let (forever, trip, goal) = risks(p);
    let finite = |x: f64| {
        if x.is_finite() {
            serde_json::json!(x)
        } else {
            serde_json::Value::Null
        }
    };
    serde_json::json!({
        "system": "hilo",
        "bankroll": p.inputs.bankroll,
        "min_bet": p.inputs.min_bet,
        "spread": p.inputs.spread,
        "chip": p.inputs.chip,
        "risk_target": match p.inputs.risk { Risk::OfRuin(r) => finite(r), Risk::Kelly(_) => serde_json::Value::Null },
        "kelly_fraction": match p.inputs.risk { Risk::Kelly(k) => finite(k), Risk::OfRuin(_) => serde_json::Value::Null },
        "target_met": p.plan.met,
        "ramp": p.plan.ramp.bets(),
        "ev_per_round": finite(m.ev),
        "sd_per_round": finite(m.sd),
        "avg_bet": finite(f.avg_bet),
        "iba": finite(f.iba()),
        "win_per_100": finite(100.0 * m.ev),
        "rounds_per_hour": p.rounds_per_hour,
        "win_per_hour": finite(p.rounds_per_hour * m.ev),
        "sd_per_hour": finite(p.rounds_per_hour.sqrt() * m.sd),
        "score": finite(m.score()),
        "di": finite(m.di()),
        "n0": m.n0().map(finite),
        "risk_of_ruin": finite(forever),
        "trip_rounds": p.trip_rounds,
        "risk_within_trip": finite(trip),
        "goal": p.goal,
        "risk_before_goal": finite(goal),
        "by_tc": game.rows,
        "sources": {
            "exact_tc_range": [p.exact_range.0, p.exact_range.1],
            "simulation_rounds": p.sim_rounds,
            "simulation_seed": p.seed,
        },
    })
}
