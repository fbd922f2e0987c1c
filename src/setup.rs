//! How a session at the table is set up ([`TableConfig`], built by the commands without
//! knowing the terminal), and the error for a request that cannot be ([`UsageError`]).

use std::time::Duration;

use crate::ai::Level;
use crate::analysis::deviation::IndexTable;
use crate::engine::{Rules, Units};
use crate::store::Location;
use crate::store::coach::REVIEW_LIMIT;
use crate::trainer::day::Clock;
use crate::trainer::drills::counting::BetRamp;

/// How this game's index table is worked out (the analysis's function; tests hand in a quick
/// one).
pub type IndexCompute = fn(&Rules) -> IndexTable;

/// A request the command line cannot have (a value out of range, `play` without a terminal):
/// `main` exits with status 2 for it, as clap does.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

impl From<anyhow::Error> for UsageError {
    fn from(err: anyhow::Error) -> UsageError {
        UsageError(format!("{err:#}"))
    }
}

/// Refuses a first bet (`bet = N` in the preferences) the table would refuse from `bankroll`,
/// in the one sentence `play` and `config` both say.
pub fn check_first_bet(rules: &Rules, bet: u64, bankroll: Units) -> Result<(), UsageError> {
    let placed =
        i64::try_from(bet).ok().filter(|&units| units <= i64::MAX / 1000).map(Units::from_units);
    match placed.map(|placed| crate::engine::check_bet(rules, placed, bankroll)) {
        Some(Ok(())) => Ok(()),
        _ => {
            let (low, high) = rules.bet_limits();
            Err(UsageError(format!(
                "bet = {bet} in the config file is refused: this table takes bets from {} to {} \
                 units, no more than the bankroll ({})",
                low.plain(),
                high.plain(),
                bankroll.plain()
            )))
        }
    }
}

/// How the table is set up: what `blackjack play` checked and built from its options.
#[derive(Debug, Clone)]
pub struct TableConfig {
    /// Seats at the table, 1–7.
    pub seats: usize,
    /// The person's seat, 0-based (`None`: the middle one).
    pub you: Option<usize>,
    /// The AI seats' levels in seat order, repeated if fewer than the AI seats.
    pub ai: Vec<Level>,
    /// Pause before each AI action or dealer step.
    pub speed: Duration,
    /// Hints on from the start.
    pub hints: bool,
    /// ASCII cards and frames.
    pub ascii: bool,
    /// Refuse decisions that differ from basic strategy.
    pub strict: bool,
    /// The statistics database, or `None` to keep none.
    pub stats: Option<Location>,
    /// The person's bankroll, and what a rebuy brings.
    pub bankroll: Units,
    /// The shoe's seed.
    pub seed: u64,
    /// Counting mode: decisions are graded by this game's index plays at the true count.
    pub counting: bool,
    /// The bet ramp the bet placed before each deal is graded against, if any.
    pub ramp: Option<BetRamp>,
    /// With the count hidden: ask the running count before every this many deals (0: never).
    pub count_check_every: u32,
    /// The count kept at the table and in the drills: Hi-Lo unless another was chosen.
    pub count_system: crate::analysis::counts::CountSystem,
    /// The pace the table deals at by itself (`None`: each round dealt by Space).
    pub pace: Option<crate::session::Pace>,
    /// How this game's index table is worked out, or `None` where it is not available.
    pub indices: Option<IndexCompute>,
    /// How many entries of the hand history the review loads (the newest).
    pub history_limit: usize,
    /// Where "today" comes from for spaced practice (the local calendar by default).
    pub clock: Clock,
    /// The planner page's model, saved plan and config file.
    pub plan: PlanSetup,
}

/// How the planner page at the table works out the game it plans in, in the table's count, or
/// why it cannot.
pub type PlanModelCompute = fn(
    &Rules,
    &crate::analysis::counts::CountSystem,
) -> Result<crate::trainer::plan_game::PlanModel, String>;

/// What the planner page at the table (`b`) starts from.
#[derive(Debug, Clone, Default)]
pub struct PlanSetup {
    /// How its model is worked out, or `None` where it is not available (the page says so).
    pub model: Option<PlanModelCompute>,
    /// The config file a plan is saved into ("use & save"), if there is one.
    pub config_path: Option<std::path::PathBuf>,
    /// The plan saved there, whose inputs the page starts from.
    pub saved: Option<crate::trainer::plan_saved::SavedPlan>,
    /// How a plan is saved into the config file (the command line's own, handed in), if it
    /// can be.
    pub save: Option<PlanSave>,
}

/// Saves a plan into the config file at a path, every other line kept.
pub type PlanSave =
    fn(&std::path::Path, &crate::trainer::plan_saved::SavedPlan) -> anyhow::Result<()>;

impl Default for TableConfig {
    /// Three seats, you in the middle between a normal and a hard seat, 400 ms a step, a
    /// bankroll of 100, no statistics file, seed 0.
    fn default() -> TableConfig {
        TableConfig {
            seats: 3,
            you: None,
            ai: vec![Level::Normal, Level::Hard],
            speed: Duration::from_millis(400),
            hints: false,
            ascii: false,
            strict: false,
            stats: None,
            bankroll: Units::from_units(100),
            seed: 0,
            counting: false,
            ramp: None,
            count_check_every: 0,
            count_system: crate::analysis::counts::CountSystem::default(),
            pace: None,
            indices: None,
            history_limit: REVIEW_LIMIT,
            clock: Clock::Local,
            plan: PlanSetup::default(),
        }
    }
}
