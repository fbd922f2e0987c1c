//! The plan a learner keeps: the `[plan]` table of `config.toml`, written by `blackjack plan
//! --save` (or "use this ramp" and save at the table's planner page) and read by `--ramp plan`,
//! counting mode and the course's betting stage ([`saved_ramp`]).
//!
//! ```toml
//! [plan]
//! ramp = [1, 2, 4, 8, 12]   # the bets at true count ≤ 0, +1, +2, …: the one thing used
//! bankroll = 200            # what it was planned with, for the reader and the planner page
//! spread = 12
//! min_bet = 1
//! risk = 13.5               # percent (or kelly = 0.5)
//! enter = 2                 # back-counting, if planned with it
//! leave = 0
//! count = "zen"             # the count whose true count the ramp is by (none: Hi-Lo)
//! ```

use crate::analysis::hilo::BetRamp;
use crate::config::Settings;

/// The keys a `[plan]` table may hold.
pub const PLAN_KEYS: [&str; 9] =
    ["ramp", "bankroll", "spread", "min_bet", "risk", "kelly", "enter", "leave", "count"];

/// A saved plan: its ramp, and what it was planned with (each `None` when not written).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SavedPlan {
    /// The ramp, by floored true count from ≤ 0 up.
    pub ramp: BetRamp,
    /// The bankroll, in units.
    pub bankroll: Option<f64>,
    /// The largest bet over the smallest.
    pub spread: Option<u32>,
    /// The table minimum, in units.
    pub min_bet: Option<u32>,
    /// The risk of ruin aimed at, in percent.
    pub risk: Option<f64>,
    /// The Kelly fraction bet at, instead of a risk.
    pub kelly: Option<f64>,
    /// Back-counting: the count played from.
    pub enter: Option<i32>,
    /// Back-counting: the count left below.
    pub leave: Option<i32>,
    /// The key of the count whose true count the ramp is by; `None` for Hi-Lo.
    pub count: Option<String>,
}

impl SavedPlan {
    /// The key of the count the plan's ramp is by.
    pub fn count_key(&self) -> &str {
        self.count.as_deref().unwrap_or("hilo")
    }

    /// Whether a table or drill counting the count keyed `key` may bet this ramp; else why.
    pub fn fits_count(&self, key: &str) -> Result<(), String> {
        if self.count_key().eq_ignore_ascii_case(key) {
            return Ok(());
        }
        Err(format!(
            "--ramp plan: the saved plan's ramp is by {}'s true count, and this counts {key}: \
             plan for it with `blackjack plan --count {key} --bankroll N --save`, or count {}",
            self.count_key(),
            self.count_key()
        ))
    }
}

/// The learner's own planned ramp, if the config file `settings` were read from saves one.
pub fn saved_ramp(settings: &Settings) -> Option<BetRamp> {
    settings.plan.as_ref().map(|plan| plan.ramp.clone())
}

/// A ramp as `--ramp` names it: bets, or `plan`, the saved plan's ramp.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RampChoice {
    /// These bets.
    Bets(BetRamp),
    /// The saved plan's ramp ([`saved_ramp`]).
    Plan,
}

impl RampChoice {
    /// The bets, once chosen (`None` for a plan not yet looked up).
    pub fn bets(&self) -> Option<&BetRamp> {
        match self {
            RampChoice::Bets(ramp) => Some(ramp),
            RampChoice::Plan => None,
        }
    }

    /// The bets, the saved plan's for [`RampChoice::Plan`] (`None` when no plan is saved).
    pub fn resolved(&self, settings: &Settings) -> Option<BetRamp> {
        match self {
            RampChoice::Bets(ramp) => Some(ramp.clone()),
            RampChoice::Plan => saved_ramp(settings),
        }
    }
}

impl std::fmt::Display for RampChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RampChoice::Bets(ramp) => write!(f, "{ramp}"),
            RampChoice::Plan => f.write_str("plan"),
        }
    }
}

impl SavedPlan {
    /// Reads a `[plan]` table; the error names the key and what it takes, in one sentence.
    pub fn from_toml(value: &toml::Value) -> Result<SavedPlan, String> {
        let table = value.as_table().ok_or("`plan` is a table: [plan] with ramp = [1, 2, 4, …]")?;
        let number = |key: &str| -> Result<Option<f64>, String> {
            table.get(key).map_or(Ok(None), |v| {
                v.as_float()
                    .or_else(|| v.as_integer().map(|i| i as f64))
                    .filter(|x| x.is_finite() && *x > 0.0)
                    .map(Some)
                    .ok_or_else(|| format!("[plan] {key} = {v} is not a number above 0"))
            })
        };
        let whole = |key: &str, lo: i64, hi: i64| -> Result<Option<i64>, String> {
            table.get(key).map_or(Ok(None), |v| {
                v.as_integer()
                    .filter(|i| (lo..=hi).contains(i))
                    .map(Some)
                    .ok_or_else(|| format!("[plan] {key} = {v} is not a whole number {lo} to {hi}"))
            })
        };
        if let Some(key) = table.keys().find(|k| !PLAN_KEYS.contains(&k.as_str())) {
            return Err(format!(
                "[plan] has no setting `{key}` (it takes: {})",
                PLAN_KEYS.join(", ")
            ));
        }
        let ramp = table.get("ramp").ok_or("[plan] needs its ramp, e.g. ramp = [1, 2, 4, 8]")?;
        let ramp = crate::config::ramp_value(ramp).map_err(|err| format!("[plan] ramp: {err}"))?;
        let small = |x: Option<i64>| x.and_then(|i| u32::try_from(i).ok());
        let count = |x: Option<i64>| x.and_then(|i| i32::try_from(i).ok());
        Ok(SavedPlan {
            ramp,
            bankroll: number("bankroll")?,
            spread: small(whole("spread", 1, 10_000)?),
            min_bet: small(whole("min_bet", 1, 10_000)?),
            risk: number("risk")?,
            kelly: number("kelly")?,
            enter: count(whole("enter", -10, 10)?),
            leave: count(whole("leave", -10, 10)?),
            count: table
                .get("count")
                .map(|v| {
                    let name = v.as_str().map(str::trim).filter(|s| !s.is_empty());
                    name.map(str::to_ascii_lowercase)
                        .ok_or_else(|| format!("[plan] count = {v} is not a count's name"))
                })
                .transpose()?,
        })
    }

    /// The `[plan]` table, as it is written (the keys not known left out).
    pub fn to_toml(&self) -> toml_edit::Table {
        let mut table = toml_edit::Table::new();
        let bets: toml_edit::Array = self.ramp.bets().iter().map(|&b| i64::from(b)).collect();
        table["ramp"] = toml_edit::value(bets);
        let mut put = |key: &str, value: Option<toml_edit::Value>| {
            if let Some(value) = value {
                table[key] = toml_edit::Item::Value(value);
            }
        };
        put("bankroll", self.bankroll.map(toml_edit::Value::from));
        put("spread", self.spread.map(|x| i64::from(x).into()));
        put("min_bet", self.min_bet.map(|x| i64::from(x).into()));
        put("risk", self.risk.map(toml_edit::Value::from));
        put("kelly", self.kelly.map(toml_edit::Value::from));
        put("enter", self.enter.map(|x| i64::from(x).into()));
        put("leave", self.leave.map(|x| i64::from(x).into()));
        put("count", self.count.as_deref().map(toml_edit::Value::from));
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plan_is_read_back_as_it_was_written() {
        let plan = SavedPlan {
            ramp: BetRamp::new(vec![1, 2, 4, 8, 12]).expect("a ramp"),
            bankroll: Some(200.0),
            spread: Some(12),
            min_bet: Some(1),
            risk: Some(13.5),
            kelly: None,
            enter: Some(2),
            leave: Some(0),
            count: Some("zen".to_owned()),
        };
        let mut doc = toml_edit::DocumentMut::new();
        doc["plan"] = toml_edit::Item::Table(plan.to_toml());
        let settings = Settings::from_toml(&doc.to_string()).expect("a plan");
        assert_eq!(settings.plan.as_ref(), Some(&plan));
        assert_eq!(saved_ramp(&settings), Some(plan.ramp.clone()));
        assert_eq!(saved_ramp(&Settings::default()), None);
        // Saved for Zen: a Zen table takes it, a Hi-Lo one does not; a plan without a count
        // is Hi-Lo's.
        assert!(plan.fits_count("zen").is_ok());
        let err = plan.fits_count("hilo").expect_err("another count");
        assert!(err.contains("by zen's true count") && err.contains("counts hilo"), "{err}");
        let old = SavedPlan { count: None, ..plan };
        assert!(old.fits_count("hilo").is_ok() && old.fits_count("zen").is_err());
    }

    #[test]
    fn a_bad_plan_names_the_key() {
        for (text, said) in [
            ("[plan]\nbankroll = 200\n", "needs its ramp"),
            ("[plan]\nramp = [1, 0]\n", "[plan] ramp"),
            ("[plan]\nramp = [1, 2]\nspred = 12\n", "no setting `spred`"),
            ("[plan]\nramp = [1, 2]\nbankroll = -5\n", "bankroll = -5"),
            ("[plan]\nramp = [1, 2]\ncount = 3\n", "count = 3 is not a count"),
            ("plan = 3\n", "is a table"),
        ] {
            let err = Settings::from_toml(text).expect_err(text).to_string();
            assert!(err.contains(said), "{text}: {err}");
        }
    }
}
