//! Index tables as JSON text (figures as the bits of their `f64`s, so a table reads back to
//! the last bit), and the default rules' Hi-Lo table the program ships so that counting mode
//! grades from the first decision (a test checks it against the analysis).

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::analysis::chart::Cell;
use crate::analysis::counts::{CountSystem, HI_LO};
use crate::analysis::deviation::{Direction, IndexPlay, IndexTable};
use crate::analysis::memo::{CountKey, RulesKey};
use crate::engine::{Action, Rules};

/// The default rules' no-hole-card Hi-Lo index table, as shipped.
pub const DEFAULT_HILO_JSON: &str = include_str!("../../../assets/indices/default-hilo.json");

/// The table shipped for `rules` and `system`, if one is: the default rules' Hi-Lo table (any
/// count that reads as Hi-Lo, whatever its name).
pub fn shipped(rules: &Rules, system: &CountSystem) -> Option<IndexTable> {
    static DEFAULT_HILO: OnceLock<Option<IndexTable>> = OnceLock::new();
    let default = RulesKey::of(rules) == RulesKey::of(&Rules::default())
        && CountKey::of(system) == CountKey::of(&HI_LO);
    if !default {
        return None;
    }
    DEFAULT_HILO.get_or_init(|| from_json(DEFAULT_HILO_JSON)).clone()
}

/// The table as JSON text (one line).
pub fn to_json(table: &IndexTable) -> String {
    let stored: Vec<StoredPlay> = table.plays.iter().map(StoredPlay::of).collect();
    serde_json::to_string(&stored).unwrap_or_default()
}

/// The table of JSON text written by [`to_json`], if it is one.
pub fn from_json(text: &str) -> Option<IndexTable> {
    let stored: Vec<StoredPlay> = serde_json::from_str(text).ok()?;
    let plays = stored.iter().map(StoredPlay::play).collect::<Option<_>>()?;
    Some(IndexTable { plays })
}

/// One index play, its figures as the bits of their `f64`s.
#[derive(Serialize, Deserialize)]
struct StoredPlay {
    cell: String,
    play: Action,
    otherwise: Action,
    direction: Direction,
    index: Option<i32>,
    crossing: Option<u64>,
    gain_per_100: u64,
    gain_by_tc: Vec<(i32, u64)>,
}

impl StoredPlay {
    fn of(play: &IndexPlay) -> StoredPlay {
        StoredPlay {
            cell: play.cell.key(),
            play: play.play,
            otherwise: play.otherwise,
            direction: play.direction,
            index: play.index,
            crossing: play.crossing.map(f64::to_bits),
            gain_per_100: play.gain_per_100.to_bits(),
            gain_by_tc: play.gain_by_tc.iter().map(|&(tc, g)| (tc, g.to_bits())).collect(),
        }
    }

    fn play(&self) -> Option<IndexPlay> {
        Some(IndexPlay {
            cell: Cell::from_key(&self.cell)?,
            play: self.play,
            otherwise: self.otherwise,
            direction: self.direction,
            index: self.index,
            crossing: self.crossing.map(f64::from_bits),
            gain_per_100: f64::from_bits(self.gain_per_100),
            gain_by_tc: self.gain_by_tc.iter().map(|&(tc, g)| (tc, f64::from_bits(g))).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_table_is_read_for_the_default_rules_and_hi_lo_only() {
        let rules = Rules::default();
        let table = shipped(&rules, &HI_LO).expect("the asset reads");
        assert!(table.plays.len() > 100, "{}", table.plays.len());
        assert_eq!(from_json(&to_json(&table)), Some(table));
        let zen = CountSystem::built_in("zen").expect("zen");
        assert!(shipped(&rules, zen).is_none());
        let h17 = Rules { dealer_hits_soft_17: true, ..Rules::default() };
        assert!(shipped(&h17, &HI_LO).is_none());
        assert!(from_json("[{\"cell\":\"nonsense\"}]").is_none());
    }
}
