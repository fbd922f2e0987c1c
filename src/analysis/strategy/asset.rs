//! The default rules' basic strategy as the program ships it (`assets/strategy/default.json`):
//! read instead of worked out (about 0.1 CPU-s a start). JSON with every figure as the bits of
//! its `f64`, so it reads back to the last bit; a test checks it against the analysis.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::{CellEvs, Strategy};
use crate::analysis::chart::{Cell, Chart, Code, UP_CARDS};
use crate::analysis::memo::RulesKey;
use crate::analysis::player::Game;
use crate::engine::Rules;

/// The default rules' no-hole-card basic strategy, as shipped.
pub const DEFAULT_STRATEGY_JSON: &str = include_str!("../../../assets/strategy/default.json");

/// The strategy shipped for `rules` and `game`, if one is: the default rules' (for any rules
/// whose analysis reads the same, [`RulesKey`]) in this game.
pub fn shipped(rules: &Rules, game: Game) -> Option<Strategy> {
    static DEFAULT: OnceLock<Option<Strategy>> = OnceLock::new();
    if game != Game::NoHoleCard || RulesKey::of(rules) != RulesKey::of(&Rules::default()) {
        return None;
    }
    let strategy = DEFAULT
        .get_or_init(|| from_json(DEFAULT_STRATEGY_JSON, &Rules::default(), Game::NoHoleCard))
        .clone()?;
    Some(Strategy { rules: rules.clone(), ..strategy })
}

/// The strategy as JSON text (one line).
pub fn to_json(strategy: &Strategy) -> String {
    let cells = super::all_rows()
        .flat_map(|(kind, row)| UP_CARDS.into_iter().map(move |up| Cell { kind, row, up }))
        .map(|cell| StoredCell::of(cell, strategy.chart.get(cell), strategy.cell_evs.get(&cell)))
        .collect();
    let stored = StoredStrategy {
        return_chart: strategy.return_chart.to_bits(),
        return_optimal: strategy.return_optimal.to_bits(),
        cells,
    };
    serde_json::to_string(&stored).unwrap_or_default()
}

/// The strategy for `rules` and `game` of JSON text written by [`to_json`], if it is one.
pub fn from_json(text: &str, rules: &Rules, game: Game) -> Option<Strategy> {
    let stored: StoredStrategy = serde_json::from_str(text).ok()?;
    let mut chart = Chart::default();
    let mut cell_evs = BTreeMap::new();
    for stored in &stored.cells {
        let cell = Cell::from_key(&stored.cell)?;
        chart.set(cell, stored.code.parse().ok()?);
        if let Some(evs) = stored.evs() {
            cell_evs.insert(cell, evs);
        }
    }
    Some(Strategy {
        rules: rules.clone(),
        game,
        chart,
        return_chart: f64::from_bits(stored.return_chart),
        return_optimal: f64::from_bits(stored.return_optimal),
        cell_evs,
    })
}

/// A strategy, its figures as the bits of their `f64`s.
#[derive(Serialize, Deserialize)]
struct StoredStrategy {
    return_chart: u64,
    return_optimal: u64,
    cells: Vec<StoredCell>,
}

/// One cell: its key, its code and, where it has them, its EVs as bits.
#[derive(Serialize, Deserialize)]
struct StoredCell {
    cell: String,
    code: String,
    /// Stand, hit, double, split ([`CellEvs`]); none for a cell no hand makes.
    evs: Option<(u64, u64, Option<u64>, Option<u64>)>,
}

impl StoredCell {
    fn of(cell: Cell, code: Code, evs: Option<&CellEvs>) -> StoredCell {
        StoredCell {
            cell: cell.key(),
            code: code.label().to_owned(),
            evs: evs.map(|e| {
                (
                    e.stand.to_bits(),
                    e.hit.to_bits(),
                    e.double.map(f64::to_bits),
                    e.split.map(f64::to_bits),
                )
            }),
        }
    }

    fn evs(&self) -> Option<CellEvs> {
        let (stand, hit, double, split) = self.evs?;
        Some(CellEvs {
            stand: f64::from_bits(stand),
            hit: f64::from_bits(hit),
            double: double.map(f64::from_bits),
            split: split.map(f64::from_bits),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped strategy is the analysis' for the default rules to the last bit: chart,
    /// every cell's EVs and both returns. Where it is not, the computed one is written to a
    /// temporary file, to be copied over the asset.
    #[test]
    fn the_shipped_default_strategy_is_the_computed_one() {
        let rules = Rules::default();
        let computed = super::super::compute_strategy_on(&rules, 2);
        let asset = from_json(DEFAULT_STRATEGY_JSON, &rules, Game::NoHoleCard);
        if asset.as_ref() != Some(&computed) {
            let path = std::env::temp_dir().join("blackjack-default-strategy.json");
            let written = std::fs::write(&path, to_json(&computed) + "\n");
            panic!(
                "assets/strategy/default.json is not the analysis' strategy; the computed one \
                 is in {} ({written:?})",
                path.display()
            );
        }
        assert_eq!(shipped(&rules, Game::NoHoleCard), Some(computed));
    }

    #[test]
    fn the_shipped_strategy_is_read_for_the_default_rules_in_this_game_only() {
        let rules = Rules::default();
        let strategy = shipped(&rules, Game::NoHoleCard).expect("the asset reads");
        assert_eq!(from_json(&to_json(&strategy), &rules, Game::NoHoleCard), Some(strategy));
        assert!(shipped(&rules, Game::Peek).is_none());
        let h17 = Rules { dealer_hits_soft_17: true, ..Rules::default() };
        assert!(shipped(&h17, Game::NoHoleCard).is_none());
        let bad = r#"{"return_chart":0,"return_optimal":0,"cells":[{"cell":"nonsense","code":"H","evs":null}]}"#;
        assert!(from_json(bad, &rules, Game::NoHoleCard).is_none());
        assert!(from_json("{}", &rules, Game::NoHoleCard).is_none());
    }
}
