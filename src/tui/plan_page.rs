//! The planner page at the table (`b`): the plan's inputs as rows, ↑ ↓ to pick one, ← → to
//! change it, and the plan ([`crate::trainer::plan`]) worked out again at once — only the ramp's
//! optimisation: the game by count is worked out once per rules in the background
//! ([`crate::trainer::plan_game`]), a back-counter's share once per pair of counts. `u` takes
//! the ramp into the session (bets graded against it, counter seats bet it); `s` also saves it.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::background::Job;
use super::message::{Message, Tone};
use crate::analysis::hilo::BetRamp;
use crate::engine::Rules;
use crate::sim::trips::Wong;
use crate::text::{decimals, signed_decimals};
use crate::trainer::plan::{GameByCount, Plan, PlanInputs, Risk, plan, ramp_text};
use crate::trainer::plan_game::PlanModel;
use crate::trainer::plan_saved::SavedPlan;

/// The model a table's planner plans in, or why it could not be worked out.
pub type ModelResult = Result<Arc<PlanModel>, String>;

/// What a key asks of the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlanKey {
    /// The row above.
    Up,
    /// The row below.
    Down,
    /// The marked input one step down.
    Less,
    /// The marked input one step up.
    More,
    /// Take the plan's ramp into the session.
    Use,
    /// Take it, and save the plan in config.toml.
    Save,
    /// Back to the table.
    Close,
}

/// What the page asks of the table after a key.
#[derive(Debug, Clone, PartialEq)]
pub enum PlanStep {
    /// The page stays on screen.
    Stay,
    /// Back to the table.
    Close,
    /// Take this ramp into the session, and save this plan if it is given.
    Use(BetRamp, Option<SavedPlan>),
}

/// The rows of the page, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    /// The bankroll, in units.
    Bankroll,
    /// The risk of ruin aimed at, or the Kelly fraction.
    Risk,
    /// The largest bet over the smallest.
    Spread,
    /// The table minimum.
    MinBet,
    /// Rounds seen an hour.
    RoundsPerHour,
    /// A trip's hours.
    TripHours,
    /// The win goal.
    Goal,
    /// The shoe's penetration (shown, the rules').
    Penetration,
    /// Back-counting: the count played from.
    Enter,
    /// Back-counting: the count left below.
    Leave,
}

impl Row {
    /// Every row, top first.
    pub const ALL: [Row; 10] = [
        Row::Bankroll,
        Row::Risk,
        Row::Spread,
        Row::MinBet,
        Row::RoundsPerHour,
        Row::TripHours,
        Row::Goal,
        Row::Penetration,
        Row::Enter,
        Row::Leave,
    ];

    /// Its label.
    pub fn label(self) -> &'static str {
        const LABELS: [&str; 10] = [
            "Bankroll",
            "Risk",
            "Spread",
            "Min bet",
            "Rounds/hour",
            "Trip hours",
            "Win goal",
            "Penetration",
            "Wong in at",
            "Wong out <",
        ];
        LABELS[self as usize]
    }
}

/// Bankrolls and goals the arrows step through, in units.
const MONEY: [f64; 27] = [
    25.0, 50.0, 75.0, 100.0, 150.0, 200.0, 250.0, 300.0, 400.0, 500.0, 600.0, 800.0, 1000.0,
    1200.0, 1500.0, 2000.0, 2500.0, 3000.0, 4000.0, 5000.0, 6000.0, 8000.0, 10_000.0, 15_000.0,
    20_000.0, 50_000.0, 100_000.0,
];

/// The risks the arrows step through, least bold first: risks of ruin, then Kelly fractions.
fn risks() -> Vec<Risk> {
    let ruin = [0.01, 0.02, 0.05, 0.1, 0.135, 0.2, 0.3, 0.4, 0.5, 0.6].map(Risk::OfRuin);
    ruin.into_iter().chain([0.25, 0.5, 0.75, 1.0].map(Risk::Kelly)).collect()
}

/// Spreads, minimum bets, rounds an hour and hours the arrows step through.
const SPREADS: [f64; 24] = [
    1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 18.0,
    20.0, 24.0, 30.0, 40.0, 50.0, 75.0, 100.0,
];
const MIN_BETS: [f64; 15] =
    [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 15.0, 20.0, 25.0, 50.0, 100.0, 200.0, 500.0];
const HOURS: [f64; 16] =
    [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 10.0, 12.0, 16.0, 20.0, 24.0, 40.0, 80.0, 200.0];

/// The next value of `ladder` above (`up`) or below `value`; `value` itself at the end.
fn step(ladder: &[f64], value: f64, up: bool) -> f64 {
    let next = if up {
        ladder.iter().find(|&&x| x > value + 1e-9)
    } else {
        ladder.iter().rev().find(|&&x| x < value - 1e-9)
    };
    next.copied().unwrap_or(value)
}

/// The inputs on the page.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PageInputs {
    /// Bankroll, in units.
    pub bankroll: f64,
    /// Risk aimed at.
    pub risk: Risk,
    /// Largest bet over smallest.
    pub spread: u32,
    /// Table minimum, in units.
    pub min_bet: u32,
    /// Rounds seen an hour.
    pub rounds_per_hour: f64,
    /// A trip's hours.
    pub hours: f64,
    /// Win goal, in units.
    pub goal: f64,
    /// Back-counting, if on.
    pub wong: Option<Wong>,
}

impl PageInputs {
    /// The page's first inputs: the saved plan's where it has them, else a bankroll of 200
    /// table minimums at a 1–12 spread and full Kelly's risk, as `blackjack plan` takes by
    /// default.
    pub fn new(rules: &Rules, saved: Option<&SavedPlan>) -> PageInputs {
        let risk = saved
            .and_then(|s| s.kelly.map(Risk::Kelly).or(s.risk.map(|r| Risk::OfRuin(r / 100.0))))
            .unwrap_or(Risk::OfRuin(0.135));
        let bankroll = saved.and_then(|s| s.bankroll).unwrap_or(200.0);
        let wong = saved.and_then(|s| {
            let enter = s.enter?;
            Some(Wong { enter, leave: s.leave.unwrap_or(enter).min(enter) })
        });
        PageInputs {
            bankroll,
            risk,
            spread: saved.and_then(|s| s.spread).unwrap_or(12),
            min_bet: saved.and_then(|s| s.min_bet).unwrap_or(rules.min_bet.max(1)),
            rounds_per_hour: 100.0,
            hours: 4.0,
            goal: bankroll,
            wong,
        }
    }

    /// The row's input one step up or down; `Err` with the reason for a row that is only shown.
    pub fn step(&mut self, row: Row, up: bool) -> Result<(), &'static str> {
        let whole = |ladder: &[f64], x: u32| step(ladder, f64::from(x), up) as u32;
        match row {
            Row::Bankroll => self.bankroll = step(&MONEY, self.bankroll, up),
            Row::Goal => self.goal = step(&MONEY, self.goal, up),
            Row::Risk => {
                let risks = risks();
                let at = risks.iter().position(|r| *r == self.risk);
                let next = match (at, up) {
                    (Some(i), true) => (i + 1).min(risks.len() - 1),
                    (Some(i), false) => i.saturating_sub(1),
                    (None, _) => 4,
                };
                self.risk = risks[next];
            }
            Row::Spread => self.spread = whole(&SPREADS, self.spread),
            Row::MinBet => self.min_bet = whole(&MIN_BETS, self.min_bet),
            Row::RoundsPerHour => {
                self.rounds_per_hour =
                    (self.rounds_per_hour + if up { 10.0 } else { -10.0 }).clamp(20.0, 300.0);
            }
            Row::TripHours => self.hours = step(&HOURS, self.hours, up),
            Row::Penetration => {
                return Err("the penetration is the rules' (penetration in the rules file)");
            }
            Row::Enter => {
                self.wong = match (self.wong, up) {
                    (None, true) => Some(Wong { enter: -1, leave: -1 }),
                    (None, false) => None,
                    (Some(w), false) if w.enter <= -1 => None,
                    (Some(w), up) => {
                        let enter = (w.enter + if up { 1 } else { -1 }).min(6);
                        Some(Wong { enter, leave: w.leave.min(enter) })
                    }
                };
            }
            Row::Leave => {
                let Some(w) = self.wong else {
                    return Err("back-counting is off: set the count to play from first");
                };
                let leave = (w.leave + if up { 1 } else { -1 }).clamp(-6, w.enter);
                self.wong = Some(Wong { leave, ..w });
            }
        }
        Ok(())
    }

    /// The planner's inputs.
    pub fn plan_inputs(&self) -> PlanInputs {
        PlanInputs {
            bankroll: self.bankroll,
            min_bet: self.min_bet,
            spread: self.spread,
            chip: 1,
            risk: self.risk,
        }
    }

    /// The row's value as shown.
    pub fn value(&self, row: Row, rules: &Rules) -> String {
        let count = |tc: i32| signed_decimals(f64::from(tc), 0);
        match row {
            Row::Bankroll => format!("{} units", self.bankroll),
            Row::Risk => risk_words(self.risk),
            Row::Spread => format!("1–{}", self.spread),
            Row::MinBet => format!("{} units", self.min_bet),
            Row::RoundsPerHour => format!("{}", self.rounds_per_hour),
            Row::TripHours => format!("{}", self.hours),
            Row::Goal => format!("+{} units", self.goal),
            Row::Penetration => format!("{:.0} % (rules)", 100.0 * rules.penetration),
            Row::Enter => self.wong.map_or_else(|| "off (play all)".to_owned(), |w| count(w.enter)),
            Row::Leave => self.wong.map_or_else(|| "–".to_owned(), |w| count(w.leave)),
        }
    }
}

/// A risk as the page says it.
fn risk_words(risk: Risk) -> String {
    match risk {
        Risk::OfRuin(r) => format!("ruin ≤ {} %", (1000.0 * r).round() / 10.0),
        Risk::Kelly(k) if k >= 1.0 => "full Kelly".to_owned(),
        Risk::Kelly(k) => format!("{k} × Kelly"),
    }
}

/// What the page shows of the plan.
#[derive(Debug, Clone, PartialEq)]
pub enum Shown {
    /// Still being worked out: what.
    Working(&'static str),
    /// No plan: why.
    Refused(String),
    /// The plan's figures as label and value lines, and where they come from.
    Planned {
        /// The plan.
        plan: Box<Plan>,
        /// Label and value, top first.
        lines: Vec<(String, String)>,
        /// Where the figures come from.
        sources: String,
    },
}

/// The planner page's state.
pub struct PlanPage {
    /// The marked row, an index into [`Row::ALL`].
    pub row: usize,
    /// The inputs.
    pub inputs: PageInputs,
    /// What is shown of the plan.
    pub shown: Shown,
    /// A notice: a ramp taken, a plan saved, an input that cannot change.
    pub note: Option<Message>,
    /// The back-counted game for one pair of counts, worked out in the background.
    backcount: Option<(Wong, Job<Result<GameByCount, String>>)>,
}

impl PlanPage {
    /// The page, its inputs from the saved plan if any.
    pub fn open(rules: &Rules, saved: Option<&SavedPlan>) -> PlanPage {
        PlanPage {
            row: 0,
            inputs: PageInputs::new(rules, saved),
            shown: Shown::Working("working out the model…"),
            note: None,
            backcount: None,
        }
    }

    /// The marked row.
    pub fn marked(&self) -> Row {
        Row::ALL[self.row.min(Row::ALL.len() - 1)]
    }

    /// Takes a key.
    pub fn update(&mut self, key: PlanKey) -> PlanStep {
        self.note = None;
        match key {
            PlanKey::Up => self.row = self.row.saturating_sub(1),
            PlanKey::Down => self.row = (self.row + 1).min(Row::ALL.len() - 1),
            PlanKey::Less | PlanKey::More => {
                if let Err(why) = self.inputs.step(self.marked(), key == PlanKey::More) {
                    self.note = Some(Message::new(Tone::Info, format!("{why}.")));
                }
            }
            PlanKey::Close => return PlanStep::Close,
            PlanKey::Use | PlanKey::Save => {
                let Shown::Planned { plan, .. } = &self.shown else {
                    self.note = Some(Message::new(
                        Tone::Error,
                        "There is no plan to take yet: wait for the figures.",
                    ));
                    return PlanStep::Stay;
                };
                let saved = (key == PlanKey::Save).then(|| self.saved(&plan.ramp));
                return PlanStep::Use(plan.ramp.clone(), saved);
            }
        }
        PlanStep::Stay
    }

    /// The plan as it is saved.
    fn saved(&self, ramp: &BetRamp) -> SavedPlan {
        let i = &self.inputs;
        let (risk, kelly) = match i.risk {
            Risk::OfRuin(r) => (Some((1000.0 * r).round() / 10.0), None),
            Risk::Kelly(k) => (None, Some(k)),
        };
        SavedPlan {
            ramp: ramp.clone(),
            bankroll: Some(i.bankroll),
            spread: Some(i.spread),
            min_bet: Some(i.min_bet),
            risk,
            kelly,
            enter: i.wong.map(|w| w.enter),
            leave: i.wong.map(|w| w.leave),
            // The table's count, filled in by the table.
            count: None,
        }
    }

    /// Plans again for the inputs in `model` (once it has arrived), starting the back-counting
    /// work the inputs need; with `wait`, waiting for it (scripted tests).
    pub fn refresh(&mut self, rules: &Rules, model: Option<&ModelResult>, wait: bool) {
        self.shown = self.planned(rules, model, wait);
    }

    /// What [`PlanPage::refresh`] shows.
    fn planned(&mut self, rules: &Rules, model: Option<&ModelResult>, wait: bool) -> Shown {
        let inputs = self.inputs;
        let model = match model {
            None => return Shown::Working("working out the model…"),
            Some(Err(why)) => return Shown::Refused(why.clone()),
            Some(Ok(model)) => model,
        };
        let game = match inputs.wong {
            None => &model.game,
            Some(wong) => match self.backcounted(rules, model, wong, wait) {
                Some(Ok(game)) => game,
                Some(Err(why)) => return Shown::Refused(why.clone()),
                None => return Shown::Working("working out the back-counting…"),
            },
        };
        match plan(game, &inputs.plan_inputs()) {
            Ok(planned) => Shown::Planned {
                lines: figure_lines(&inputs, &planned),
                sources: sources(model, inputs.wong),
                plan: Box::new(planned),
            },
            Err(err) => Shown::Refused(format!("No plan: {err}.")),
        }
    }

    /// The game back-counted by `wong`, once worked out (started now if it was not).
    fn backcounted(
        &mut self,
        rules: &Rules,
        model: &Arc<PlanModel>,
        wong: Wong,
        wait: bool,
    ) -> Option<&Result<GameByCount, String>> {
        if self.backcount.as_ref().is_none_or(|(w, _)| *w != wong) {
            let (rules, model) = (rules.clone(), Arc::clone(model));
            let job = Job::started(
                "the back-counting",
                Arc::new(move || {
                    model
                        .backcounted(&rules, wong, &AtomicBool::new(false))
                        .map_err(|_| "The back-counting simulation stopped.".to_owned())
                }),
            );
            self.backcount = Some((wong, job));
        }
        let (_, job) = self.backcount.as_mut()?;
        if wait {
            job.wait();
        } else {
            job.poll();
        }
        job.get()
    }

    /// Whether work for the page is under way.
    pub fn is_pending(&self) -> bool {
        self.backcount.as_ref().is_some_and(|(_, job)| job.is_pending())
    }
}

/// The plan's figures, as label and value.
fn figure_lines(inputs: &PageInputs, planned: &Plan) -> Vec<(String, String)> {
    let f = &planned.figures;
    let (m, played) = (f.measures, f.per_played());
    let (b, goal) = (inputs.bankroll, inputs.goal);
    let (hour, hours) = (inputs.rounds_per_hour, inputs.hours);
    let trip = hours * hour;
    let pct = |x: f64| format!("{:.1} %", 100.0 * x);
    let row = |label: &str, value: String| (label.to_owned(), value);
    let (iba, ev100) = (signed_decimals(100.0 * f.iba(), 2), signed_decimals(100.0 * played.ev, 2));
    let (ev_hour, sd_hour) = (signed_decimals(hour * m.ev, 2), hour.sqrt() * m.sd);
    let (score, di) = (decimals(m.score(), 1), decimals(m.di(), 2));
    let n0 = m.n0().filter(|n| *n > 0.0 && m.ev > 0.0).map_or_else(
        || "none: the ramp does not win".to_owned(),
        |n| format!("{n:.0} rounds ({:.0} hours)", n / hour),
    );
    let ruin_trip = pct(m.risk_within(b, trip));
    let ruin_goal = pct(m.risk_before_goal(b, goal));
    let mut lines = vec![
        row("Ramp", ramp_text(&planned.ramp)),
        row("IBA · SD", format!("{iba} % · {:.2} a round", played.sd)),
        row("Win", format!("{ev100} per 100 rounds")),
        row("Win an hour", format!("{ev_hour} · SD {sd_hour:.1}")),
        row("SCORE · DI", format!("{score} · {di}")),
        row("N0", n0),
        row("Ruin, ever", pct(m.risk_of_ruin(b))),
        row("Ruin, trip", format!("{ruin_trip} in {hours} hours ({trip:.0} rounds)")),
        row("Ruin, goal", format!("{ruin_goal} before +{goal} units")),
    ];
    if inputs.wong.is_some() {
        lines.push(row("Played", format!("{} of the rounds seen", pct(f.played))));
    }
    if !planned.met {
        lines.push(row("Note", "no ramp meets the risk: this is the safest".to_owned()));
    }
    lines.push(best_line(inputs, planned));
    let compared: Vec<String> = planned
        .compared
        .iter()
        .map(|c| format!("{} {}", c.name, decimals(c.rated.score(), 1)))
        .collect();
    lines.push(row("Compared", format!("SCORE {}", compared.join(" · "))));
    lines
}

/// The plan against the spread's best ramp: the plan is it (with the unit the bankroll
/// carries at the target), or the best ramp's SCORE and the bankroll it needs.
fn best_line(inputs: &PageInputs, planned: &Plan) -> (String, String) {
    let best = &planned.best;
    let target = match inputs.risk {
        Risk::OfRuin(r) => Some(r),
        Risk::Kelly(_) => None,
    };
    let label = format!("Best 1–{}", inputs.spread);
    if planned.is_best() {
        let unit = target
            .and_then(|r| best.unit_at(inputs.bankroll, r))
            .filter(|&u| u > 1)
            .map_or_else(String::new, |u| format!("; carries {u} × every bet"));
        return (label, format!("this ramp{unit}"));
    }
    let needs = target
        .and_then(|r| best.bankroll_for(r))
        .map_or_else(String::new, |b| format!(", needs {b:.0} units"));
    (label, format!("{}: SCORE {}{needs}", best.ramp, decimals(best.score(), 1)))
}

/// Where the figures come from.
fn sources(model: &PlanModel, wong: Option<Wong>) -> String {
    let (low, high) = model.exact_range;
    let mut s = format!(
        "Exact at true counts {} … {}; beyond, and every variance, from {} simulated rounds.",
        signed_decimals(f64::from(low), 0),
        signed_decimals(f64::from(high), 0),
        model.sim.rounds
    );
    if wong.is_some_and(|w| w.leave < w.enter) {
        s.push_str(" Share played between the counts: simulated.");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_arrows_step_along_the_ladders_and_stop_at_their_ends() {
        let rules = Rules::default();
        let mut i = PageInputs::new(&rules, None);
        assert_eq!(i.bankroll, 200.0);
        i.step(Row::Bankroll, true).expect("a step");
        assert_eq!(i.bankroll, 250.0);
        i.step(Row::Bankroll, false).expect("a step");
        i.step(Row::Bankroll, false).expect("a step");
        assert_eq!(i.bankroll, 150.0);
        for _ in 0..40 {
            i.step(Row::Risk, true).expect("a step");
        }
        assert_eq!(i.risk, Risk::Kelly(1.0));
        assert!(i.step(Row::Penetration, true).is_err());
        assert!(i.step(Row::Leave, true).is_err(), "no back-counting yet");
        i.step(Row::Enter, true).expect("a step");
        i.step(Row::Enter, true).expect("a step");
        i.step(Row::Enter, true).expect("a step");
        assert_eq!(i.wong, Some(Wong { enter: 1, leave: -1 }));
        for _ in 0..5 {
            i.step(Row::Leave, true).expect("a step");
        }
        assert_eq!(i.wong, Some(Wong { enter: 1, leave: 1 }), "never above the entry");
        for _ in 0..5 {
            i.step(Row::Enter, false).expect("a step");
        }
        assert_eq!(i.wong, None);
    }
}
