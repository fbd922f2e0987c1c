//! `blackjack plan`: a counter's bet ramp for a bankroll and a risk, in a balanced count (Hi-Lo
//! unless `--count` or config.toml names another), with what it wins and risks per round, per
//! hour and per trip ([`crate::trainer::plan`] has the method).

use std::io::{IsTerminal, Write as _};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use anyhow::Context;

use super::sim::finite;
use crate::analysis::counts::CountSystem;
use crate::analysis::hilo::BetRamp;
use crate::cli::PlanArgs;
use crate::commands::UsageError;
use crate::engine::Rules;
use crate::sim::measures::Measures;
use crate::sim::trips::Wong;
use crate::text::{decimals, signed_decimals};
use crate::trainer::plan::{
    GameByCount, Plan, PlanInputs, RampFigures, Rated, Risk, plan, ramp_text,
};
use crate::trainer::plan_game::{SimSettings, plannable, work_out_model};
use crate::trainer::plan_saved::SavedPlan;

pub use crate::trainer::plan_game::DEFAULT_PLAN_SEED;

/// The risk of ruin aimed at when neither `--risk` nor `--kelly` is given: full Kelly's.
pub const DEFAULT_RISK_PERCENT: f64 = 13.5;

/// What the plan was asked for, with the figures it gives.
struct Planned {
    system: CountSystem,
    inputs: PlanInputs,
    plan: Plan,
    rounds_per_hour: f64,
    trip_rounds: f64,
    goal: f64,
    seed: u64,
    sim_rounds: u64,
    exact_range: (i32, i32),
    wong: Option<Wong>,
}

/// Runs `blackjack plan`.
pub fn plan_command(
    rules: &Rules,
    seed: Option<u64>,
    args: &PlanArgs,
    config: Option<&std::path::Path>,
    out: &mut impl std::io::Write,
) -> anyhow::Result<()> {
    let risk = match (args.risk, args.kelly) {
        (_, Some(fraction)) => Risk::Kelly(fraction),
        (percent, None) => {
            let percent = percent.unwrap_or(DEFAULT_RISK_PERCENT);
            if percent >= 100.0 {
                return Err(
                    UsageError(format!("--risk {percent}: a risk of ruin is below 100 %")).into()
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
    let wong = match (args.enter, args.leave) {
        (Some(enter), leave) => {
            let leave = leave.unwrap_or(enter);
            if leave > enter {
                return Err(UsageError(format!(
                    "--leave {leave} is above --enter {enter}: a back-counter leaves at or below \
                     the count it enters at"
                ))
                .into());
            }
            Some(Wong { enter, leave })
        }
        (None, _) => None,
    };
    // Refused before the analysis and the simulation, not after them.
    inputs.check().map_err(|err| UsageError(err.to_string()))?;
    let system = match &args.count {
        Some(name) => super::counts::count_named(&name.0, config)?,
        None => super::config::load_config(config)?.settings.count_system.unwrap_or_default(),
    };
    plannable(&system).map_err(|why| UsageError(format!("--count {}: {why}", system.key)))?;
    let started = Instant::now();
    // The model is a counting simulation that takes seconds: a person watching is told so
    // (not into a pipe or a file, nor with --json).
    if super::sim::progress_wanted(
        args.json,
        std::io::stdout().is_terminal(),
        std::io::stderr().is_terminal(),
    ) {
        let _ = writeln!(
            std::io::stderr(),
            "Working out the {} plan: a counting simulation of {} rounds…",
            system.name,
            args.sim_rounds
        );
    }
    let threads = super::analysis_threads();
    let seed = seed.unwrap_or(DEFAULT_PLAN_SEED);
    let sim = SimSettings { rounds: args.sim_rounds, seed, threads };
    let stop = AtomicBool::new(false);
    let model = work_out_model(rules, &system, sim, &stop)
        .context("the simulation stopped on an engine error")?;
    let game = match wong {
        Some(wong) => model
            .backcounted(rules, wong, &stop)
            .context("the simulation stopped on an engine error")?,
        None => model.game.clone(),
    };
    let planned = plan(&game, &inputs).map_err(|err| UsageError(err.to_string()))?;
    let exact_range = model.exact_range;
    let planned = Planned {
        system: system.clone(),
        inputs,
        plan: planned,
        rounds_per_hour: args.rounds_per_hour,
        trip_rounds: args.hours * args.rounds_per_hour,
        goal: args.goal.unwrap_or(args.bankroll),
        seed,
        sim_rounds: args.sim_rounds,
        exact_range,
        wong,
    };
    let saved_to = if args.save {
        let (Some(path), _) = super::config::config_location(config) else {
            return Err(UsageError(
                "--save: this system has no config folder; name a file with --config".to_owned(),
            )
            .into());
        };
        let saved = SavedPlan {
            ramp: planned.plan.ramp.clone(),
            bankroll: Some(args.bankroll),
            spread: Some(args.spread),
            min_bet: Some(planned.inputs.min_bet),
            risk: args.risk.filter(|_| args.kelly.is_none()),
            kelly: args.kelly,
            enter: wong.map(|w| w.enter),
            leave: wong.map(|w| w.leave),
            count: Some(system.key.to_string()),
        };
        super::plan_save::save_plan(&path, &saved)?;
        Some(path)
    } else {
        None
    };
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&json(&planned, &game))?)?;
    } else {
        super::drill_io::write_wrapped(out, &text(rules, &planned, args.hours))?;
        writeln!(
            out,
            "(worked out in {:.1} s on {threads} thread(s))",
            started.elapsed().as_secs_f64()
        )?;
        if let Some(path) = &saved_to {
            let saved = format!(
                "Saved in {} ([plan]): `blackjack play --count {} --ramp plan` plays it.",
                path.display(),
                system.key
            );
            super::drill_io::write_wrapped(out, &saved)?;
        }
    }
    Ok(())
}

/// The risks of the plan: for ever, within the trip, before the goal.
fn risks(p: &Planned) -> (f64, f64, f64) {
    let m = p.plan.figures.measures;
    let b = p.inputs.bankroll;
    (m.risk_of_ruin(b), m.risk_within(b, p.trip_rounds), m.risk_before_goal(b, p.goal))
}

fn percent(x: f64) -> String {
    format!("{:.1} %", 100.0 * x)
}

fn text(rules: &Rules, p: &Planned, hours: f64) -> String {
    let f = &p.plan.figures;
    let Measures { ev, sd } = f.measures;
    let (forever, trip, goal) = risks(p);
    let min = p.inputs.min_bet;
    let mut s = String::new();
    s.push_str(&format!(
        "Plan for {} with this game's index plays · {} decks · cut card at {:.0} %\n",
        p.system.name,
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
    if let Some(wong) = p.wong {
        s.push_str(&format!(
            "Back-counting: play from true count {} on, leave below {} · {} of the rounds seen \
             played\n\n",
            signed_decimals(f64::from(wong.enter), 0),
            signed_decimals(f64::from(wong.leave), 0),
            percent(f.played)
        ));
    }
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
        "Ramp (units by {}): {}\n",
        p.system.named("floored true count"),
        ramp_text(&p.plan.ramp)
    ));
    let count = &p.system.key;
    s.push_str(&format!(
        "Play it:  blackjack play --count {count} --ramp {}\n          (or `ramp = [{}]` in \
         config.toml)\nLearn it: blackjack drill --kind ramp --count {count} --ramp {}\n\n",
        p.plan.ramp,
        p.plan.ramp.bets().iter().map(u32::to_string).collect::<Vec<_>>().join(", "),
        p.plan.ramp,
    ));
    let played = f.per_played();
    let (round, seen) = if p.wong.is_some() { (" played", " seen") } else { ("", "") };
    s.push_str(&format!(
        "Per round{round}: win {} units · SD {:.3} · average bet {:.3} · IBA {} %\n",
        signed_decimals(played.ev, 4),
        played.sd,
        f.avg_bet,
        signed_decimals(100.0 * f.iba(), 3)
    ));
    s.push_str(&format!(
        "Per 100 rounds{round}: win {} units · SD {:.1}\n",
        signed_decimals(100.0 * played.ev, 2),
        10.0 * played.sd
    ));
    if p.wong.is_some() {
        s.push_str(&format!(
            "Per round seen: win {} units · SD {:.3}\n",
            signed_decimals(ev, 4),
            sd
        ));
    }
    s.push_str(&format!(
        "Per hour ({} rounds{seen}): win {} units · SD {:.1}\n",
        p.rounds_per_hour,
        signed_decimals(p.rounds_per_hour * ev, 2),
        p.rounds_per_hour.sqrt() * sd
    ));
    let n0 = f.measures.n0().filter(|n| *n > 0.0 && ev > 0.0);
    s.push_str(&format!(
        "SCORE {} · DI {} · N0 {}{}\n",
        decimals(f.measures.score(), 2),
        decimals(f.measures.di(), 2),
        n0.map_or_else(
            || "none (the ramp does not win)".to_owned(),
            |n| format!("{:.0} rounds{seen} ({:.0} hours)", n, n / p.rounds_per_hour)
        ),
        if p.wong.is_some() { " (SCORE and DI per round seen)" } else { "" }
    ));
    s.push_str(&format!(
        "Risk of ruin:   for ever {} · within a {hours}-hour trip ({:.0} rounds{seen}) {} · before \
         winning {} units {}\n\n",
        percent(forever),
        p.trip_rounds,
        percent(trip),
        p.goal,
        percent(goal)
    ));
    s.push_str(&best_text(p));
    s.push_str(&compared_text(p));
    s.push_str(&format!(
        "Sources: shares and returns at true counts {} … {} are exact (this game's index table\n\
         and edge by count, as `blackjack indices --count {}` prints them); beyond them, and\n\
         every variance, from a flat-bet counting simulation of {} rounds (seed {}). Rounds\n\
         taken as independent.\n",
        signed_decimals(f64::from(p.exact_range.0), 0),
        signed_decimals(f64::from(p.exact_range.1), 0),
        p.system.key,
        p.sim_rounds,
        p.seed
    ));
    if let Some(wong) = p.wong {
        s.push_str(&if wong.leave < wong.enter {
            format!(
                "Back-counting: every round is played at counts from {} up and none below {} \
                 (the rule);\nat the counts between, the share played is a back-counting \
                 simulation's ({} rounds, seed {}).\n",
                signed_decimals(f64::from(wong.enter), 0),
                signed_decimals(f64::from(wong.leave), 0),
                p.sim_rounds,
                p.seed
            )
        } else {
            "Back-counting: which rounds are played follows from the count (the rule).\n".to_owned()
        });
    }
    s.push_str(
        "Method: the spread's best ramp is the highest SCORE within the spread; its optimum is\n\
         a ramp clamp(k · return / second moment, minimum, top) (the KKT conditions), found over\n\
         the scales k, rounded to chips, then improved chip by chip. The plan: of those ramps,\n\
         the highest SCORE whose risk of ruin is within the target (or the Kelly fraction of the\n\
         bankroll as the scale). Risks: the diffusion approximation (Schlesinger, Blackjack\n\
         Attack, 3rd ed.).\n",
    );
    s
}

/// The plan against the spread's best ramp: the plan is it (and the unit the bankroll could
/// carry), or the bankroll it needs.
fn best_text(p: &Planned) -> String {
    let best = &p.plan.best;
    let spread = format!("1–{}", p.inputs.spread);
    let target = match p.inputs.risk {
        Risk::OfRuin(r) => Some(r),
        Risk::Kelly(_) => None,
    };
    let mut s = String::new();
    if p.plan.is_best() {
        s.push_str(&format!(
            "This is the {spread} spread's best ramp: no ramp of the spread has a higher SCORE.\n"
        ));
        if let Some(target) = target {
            let unit = best.unit_at(p.inputs.bankroll, target).unwrap_or(1);
            s.push_str(&format!(
                "The bankroll carries it with risk to spare: its risk of ruin is {}.",
                percent(best.figures.measures.risk_of_ruin(p.inputs.bankroll))
            ));
            if unit > 1 {
                s.push_str(&format!(
                    " At {} it carries\n{unit} times every bet (a minimum bet of {} units): \
                     raise the unit, not the spread.",
                    percent(target),
                    u64::from(unit) * u64::from(p.inputs.min_bet)
                ));
            }
            s.push('\n');
        }
    } else {
        s.push_str(&format!(
            "The {spread} spread's best ramp is {} (SCORE {}; this plan's {})",
            best.ramp,
            decimals(best.score(), 2),
            decimals(p.plan.figures.measures.score(), 2)
        ));
        match (target, best.bankroll_for(target.unwrap_or(DEFAULT_RISK_PERCENT / 100.0))) {
            (Some(target), Some(needed)) => s.push_str(&format!(
                ":\nat a risk of {} it takes a bankroll of about {needed:.0} units.\n",
                percent(target)
            )),
            _ => s.push_str(".\n"),
        }
    }
    s.push('\n');
    s
}

/// The plan beside the spread's best ramp and the common ramps of the spread, at this
/// bankroll.
fn compared_text(p: &Planned) -> String {
    let b = p.inputs.bankroll;
    let mut s = format!(
        "Compared (SCORE · win per 100 rounds{} · risk of ruin for ever with {b} units):\n",
        if p.wong.is_some() { " played" } else { "" }
    );
    let width = (p.plan.compared.iter().map(|c| &c.rated.ramp))
        .chain([&p.plan.ramp, &p.plan.best.ramp])
        .map(|r| r.to_string().chars().count())
        .max()
        .unwrap_or(0);
    let mut line = |name: &str, ramp: &BetRamp, f: &RampFigures| {
        s.push_str(&format!(
            "  {name:<16} {:<width$} {:>7} · {:>6} · {:>5}\n",
            ramp.to_string(),
            decimals(f.measures.score(), 2),
            signed_decimals(100.0 * f.per_played().ev, 2),
            percent(f.measures.risk_of_ruin(b))
        ));
    };
    line("This plan", &p.plan.ramp, &p.plan.figures);
    if !p.plan.is_best() {
        line("Spread's best", &p.plan.best.ramp, &p.plan.best.figures);
    }
    for c in &p.plan.compared {
        line(c.name, &c.rated.ramp, &c.rated.figures);
    }
    s.push('\n');
    s
}

fn json(p: &Planned, game: &GameByCount) -> serde_json::Value {
    let f = &p.plan.figures;
    let m = f.measures;
    let (forever, trip, goal) = risks(p);
    serde_json::json!({
        "system": p.system.key,
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
        "win_per_100": finite(100.0 * f.per_played().ev),
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
        "backcount": p.wong.map(|w| serde_json::json!({
            "enter": w.enter,
            "leave": w.leave,
            "played_share": finite(f.played),
            "ev_per_round_played": finite(f.per_played().ev),
            "sd_per_round_played": finite(f.per_played().sd),
        })),
        "is_spread_best": p.plan.is_best(),
        "spread_best": rated_json(&p.plan.best, p.inputs.bankroll),
        "spread_best_bankroll_needed": match p.inputs.risk {
            Risk::OfRuin(r) => p.plan.best.bankroll_for(r).map(finite),
            Risk::Kelly(_) => None,
        },
        "unit_at_target": match p.inputs.risk {
            Risk::OfRuin(r) if p.plan.is_best() => p.plan.best.unit_at(p.inputs.bankroll, r),
            _ => None,
        },
        "compared": p.plan.compared.iter().map(|c| {
            let mut v = rated_json(&c.rated, p.inputs.bankroll);
            v["name"] = serde_json::json!(c.name);
            v
        }).collect::<Vec<_>>(),
        "by_tc": game.rows,
        "sources": {
            "exact_tc_range": [p.exact_range.0, p.exact_range.1],
            "simulation_rounds": p.sim_rounds,
            "simulation_seed": p.seed,
        },
    })
}

/// A ramp's SCORE, win per 100 rounds (played) and risk of ruin at `bankroll`, as JSON.
fn rated_json(r: &Rated, bankroll: f64) -> serde_json::Value {
    serde_json::json!({
        "ramp": r.ramp.bets(),
        "score": finite(r.score()),
        "win_per_100": finite(100.0 * r.figures.per_played().ev),
        "risk_of_ruin": finite(r.figures.measures.risk_of_ruin(bankroll)),
    })
}
