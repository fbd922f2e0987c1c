//! One memo for what a process works out once per rule set, game and count (the strategy, the
//! index tables), keyed by values ([`RulesKey`], [`CountKey`]), never by a text built per call.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::counts::{Balance, CountSystem, HI_LO, Unit};
use super::player::Game;
use crate::engine::{DoubleOn, Rules};

/// Everything of a count the analysis reads, as a value that hashes (its name left out).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CountKey {
    tags: [i32; 10],
    unit: Unit,
    red_seven: i32,
    balance: Balance,
}

impl CountKey {
    /// The key of `system`.
    pub fn of(system: &CountSystem) -> CountKey {
        CountKey {
            tags: system.tags,
            unit: system.unit,
            red_seven: system.red_seven,
            balance: system.balance,
        }
    }
}

/// Every rule the analysis reads, as a value that hashes (bet limits and the sheet's version
/// are left out: no figure depends on them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RulesKey {
    decks: u8,
    dealer_hits_soft_17: bool,
    double_after_split: bool,
    double_on: DoubleOn,
    max_hands: u8,
    resplit_aces: bool,
    hit_split_aces: bool,
    /// The bits of the payout and the penetration: the rules refuse NaN.
    blackjack_pays: u64,
    penetration: u64,
}

impl RulesKey {
    /// The key of `rules`.
    pub fn of(rules: &Rules) -> RulesKey {
        RulesKey {
            decks: rules.decks,
            dealer_hits_soft_17: rules.dealer_hits_soft_17,
            double_after_split: rules.double_after_split,
            double_on: rules.double_on,
            max_hands: rules.max_hands,
            resplit_aces: rules.resplit_aces,
            hit_split_aces: rules.hit_split_aces,
            blackjack_pays: rules.blackjack_pays.to_bits(),
            penetration: rules.penetration.to_bits(),
        }
    }
}

/// What has been worked out, by rule set, game and count, for the life of the process; a value
/// is computed outside the lock, so a slow computation holds up no other reader.
pub struct Memo<V> {
    entries: OnceLock<Entries<V>>,
}

/// A memo's values by rule set, game and count.
type Entries<V> = Mutex<HashMap<(RulesKey, Game, CountKey), Arc<V>>>;

impl<V> Memo<V> {
    /// An empty memo.
    pub const fn new() -> Memo<V> {
        Memo { entries: OnceLock::new() }
    }

    fn entries(&self) -> &Entries<V> {
        self.entries.get_or_init(|| Mutex::new(HashMap::new()))
    }

    /// The value for `rules` and `game` (and Hi-Lo) if it has been worked out.
    pub fn get(&self, rules: &Rules, game: Game) -> Option<Arc<V>> {
        self.get_for(rules, game, &HI_LO)
    }

    /// The value for `rules`, `game` and the count `system` if it has been worked out.
    pub fn get_for(&self, rules: &Rules, game: Game, system: &CountSystem) -> Option<Arc<V>> {
        let key = (RulesKey::of(rules), game, CountKey::of(system));
        self.entries().lock().ok()?.get(&key).cloned()
    }

    /// The value for `rules` and `game`, worked out by `compute` the first time (for Hi-Lo,
    /// or for a value that depends on no count). Two threads asking at once may both compute
    /// it; the first to finish is kept, and both get it.
    pub fn get_or_compute(&self, rules: &Rules, game: Game, compute: impl FnOnce() -> V) -> Arc<V> {
        self.get_or_compute_for(rules, game, &HI_LO, compute)
    }

    /// [`Memo::get_or_compute`] for the count `system`.
    pub fn get_or_compute_for(
        &self,
        rules: &Rules,
        game: Game,
        system: &CountSystem,
        compute: impl FnOnce() -> V,
    ) -> Arc<V> {
        if let Some(found) = self.get_for(rules, game, system) {
            return found;
        }
        let computed = Arc::new(compute());
        match self.entries().lock() {
            Ok(mut entries) => entries
                .entry((RulesKey::of(rules), game, CountKey::of(system)))
                .or_insert(computed)
                .clone(),
            Err(_) => computed,
        }
    }
}

impl<V> Default for Memo<V> {
    fn default() -> Memo<V> {
        Memo::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_worked_out_once_per_rule_set_and_game() {
        let memo: Memo<u32> = Memo::new();
        let rules = Rules::default();
        let mut calls = 0;
        let first = memo.get_or_compute(&rules, Game::NoHoleCard, || {
            calls += 1;
            7
        });
        let again = memo.get_or_compute(&rules, Game::NoHoleCard, || {
            calls += 1;
            8
        });
        assert_eq!((*first, *again, calls), (7, 7, 1));
        assert!(memo.get(&rules, Game::Peek).is_none());
        let h17 = Rules { dealer_hits_soft_17: true, ..Rules::default() };
        assert!(memo.get(&h17, Game::NoHoleCard).is_none());
        // The bet limits change no figure: the same entry.
        let limits = Rules { max_bet: rules.max_bet + 1, ..Rules::default() };
        assert_eq!(memo.get(&limits, Game::NoHoleCard).as_deref(), Some(&7));
        // Another count is another entry; Hi-Lo's tags under another name are the same one.
        let zen = CountSystem::built_in("zen").expect("zen");
        assert!(memo.get_for(&rules, Game::NoHoleCard, zen).is_none());
        let renamed = CountSystem { key: "mine".into(), name: "Mine".into(), ..HI_LO.clone() };
        assert_eq!(memo.get_for(&rules, Game::NoHoleCard, &renamed).as_deref(), Some(&7));
    }

    #[test]
    fn the_key_tells_apart_every_rule_the_analysis_reads() {
        let base = Rules::default();
        let variants = [
            Rules { decks: 2, ..base.clone() },
            Rules { dealer_hits_soft_17: !base.dealer_hits_soft_17, ..base.clone() },
            Rules { double_after_split: !base.double_after_split, ..base.clone() },
            Rules { double_on: DoubleOn::TenEleven, ..base.clone() },
            Rules { max_hands: 2, ..base.clone() },
            Rules { resplit_aces: !base.resplit_aces, ..base.clone() },
            Rules { hit_split_aces: !base.hit_split_aces, ..base.clone() },
            Rules { blackjack_pays: 1.2, ..base.clone() },
            Rules { penetration: 0.5, ..base.clone() },
        ];
        for variant in &variants {
            assert_ne!(RulesKey::of(variant), RulesKey::of(&base), "{variant:?}");
        }
    }
}
