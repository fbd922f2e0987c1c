//! The built-in counts, with the tags their authors published. Values are listed ace first:
//! `[A, 2, 3, 4, 5, 6, 7, 8, 9, T]`, in counting units (half points for Wong Halves).

use std::borrow::Cow;

use super::{Balance, CountSystem, Unit};

/// Hi-Lo's tags, ace first: what [`crate::analysis::hilo::hilo_tag`] reads.
pub const HI_LO_TAGS: [i32; 10] = [-1, 1, 1, 1, 1, 1, 0, 0, 0, -1];

/// Hi-Lo: 2–6 +1, 7–9 0, T and A −1; the default count.
pub const HI_LO: CountSystem = CountSystem {
    key: Cow::Borrowed("hilo"),
    name: Cow::Borrowed("Hi-Lo"),
    tags: HI_LO_TAGS,
    unit: Unit::Whole,
    red_seven: 0,
    balance: Balance::Balanced,
    ace_side_count: false,
    source: Cow::Borrowed(
        "Harvey Dubner (1963); Stanford Wong, Professional Blackjack (1975); Don Schlesinger, \
         Blackjack Attack (3rd ed., 2005)",
    ),
};

/// KO (Knock-Out): 2–7 +1, 8–9 0, T and A −1, unbalanced, started at `4 − 4 × decks` (pivot +4).
pub const KO: CountSystem = CountSystem {
    key: Cow::Borrowed("ko"),
    name: Cow::Borrowed("KO"),
    tags: [-1, 1, 1, 1, 1, 1, 1, 0, 0, -1],
    unit: Unit::Whole,
    red_seven: 0,
    balance: Balance::Unbalanced { per_deck: -4, offset: 4, pivot: Some(4) },
    ace_side_count: false,
    source: Cow::Borrowed("Olaf Vancura and Ken Fuchs, Knock-Out Blackjack (1998)"),
};

/// Hi-Opt I: 3–6 +1, T −1, 2, 7–9 and A 0, with a side count of aces for betting.
pub const HI_OPT_1: CountSystem = CountSystem {
    key: Cow::Borrowed("hiopt1"),
    name: Cow::Borrowed("Hi-Opt I"),
    tags: [0, 0, 1, 1, 1, 1, 0, 0, 0, -1],
    unit: Unit::Whole,
    red_seven: 0,
    balance: Balance::Balanced,
    ace_side_count: true,
    source: Cow::Borrowed(
        "Lance Humble and Carl Cooper, The World's Greatest Blackjack Book (1980)",
    ),
};

/// Hi-Opt II: 2, 3, 6, 7 +1; 4, 5 +2; 8, 9 and A 0; T −2; with a side count of aces.
pub const HI_OPT_2: CountSystem = CountSystem {
    key: Cow::Borrowed("hiopt2"),
    name: Cow::Borrowed("Hi-Opt II"),
    tags: [0, 1, 1, 2, 2, 1, 1, 0, 0, -2],
    unit: Unit::Whole,
    red_seven: 0,
    balance: Balance::Balanced,
    ace_side_count: true,
    source: Cow::Borrowed(
        "Lance Humble and Carl Cooper, The World's Greatest Blackjack Book (1980)",
    ),
};

/// Omega II: 2, 3, 7 +1; 4, 5, 6 +2; 8 and A 0; 9 −1; T −2; an ace side count optional.
pub const OMEGA_2: CountSystem = CountSystem {
    key: Cow::Borrowed("omega2"),
    name: Cow::Borrowed("Omega II"),
    tags: [0, 1, 1, 2, 2, 2, 1, 0, -1, -2],
    unit: Unit::Whole,
    red_seven: 0,
    balance: Balance::Balanced,
    ace_side_count: true,
    source: Cow::Borrowed("Bryce Carlson, Blackjack for Blood (1992)"),
};

/// Zen: 2, 3, 7 +1; 4, 5, 6 +2; 8, 9 0; T −2; A −1.
pub const ZEN: CountSystem = CountSystem {
    key: Cow::Borrowed("zen"),
    name: Cow::Borrowed("Zen"),
    tags: [-1, 1, 1, 2, 2, 2, 1, 0, 0, -2],
    unit: Unit::Whole,
    red_seven: 0,
    balance: Balance::Balanced,
    ace_side_count: false,
    source: Cow::Borrowed("Arnold Snyder, Blackbelt in Blackjack (1983)"),
};

/// Wong Halves: 2 +½; 3, 4, 6 +1; 5 +1½; 7 +½; 8 0; 9 −½; T and A −1 (held in half points).
pub const WONG_HALVES: CountSystem = CountSystem {
    key: Cow::Borrowed("halves"),
    name: Cow::Borrowed("Wong Halves"),
    tags: [-2, 1, 2, 2, 3, 2, 1, 0, -1, -2],
    unit: Unit::Half,
    red_seven: 0,
    balance: Balance::Balanced,
    ace_side_count: false,
    source: Cow::Borrowed("Stanford Wong, Professional Blackjack (1975)"),
};

/// Red 7: Hi-Lo with a red seven +1 (a black one 0), unbalanced, started at `−2 × decks` (pivot 0).
pub const RED_7: CountSystem = CountSystem {
    key: Cow::Borrowed("red7"),
    name: Cow::Borrowed("Red 7"),
    tags: [-1, 1, 1, 1, 1, 1, 0, 0, 0, -1],
    unit: Unit::Whole,
    red_seven: 1,
    balance: Balance::Unbalanced { per_deck: -2, offset: 0, pivot: Some(0) },
    ace_side_count: false,
    source: Cow::Borrowed("Arnold Snyder, Blackbelt in Blackjack (1983)"),
};

/// Every built-in count, Hi-Lo first.
pub const BUILT_IN: [CountSystem; 8] =
    [HI_LO, KO, HI_OPT_1, HI_OPT_2, OMEGA_2, ZEN, WONG_HALVES, RED_7];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn balanced_counts_sum_to_zero_over_a_deck_and_unbalanced_ones_do_not() {
        for system in &BUILT_IN {
            assert_eq!(
                system.deck_sum() == 0,
                system.is_balanced(),
                "{}: a deck counts {}",
                system.name,
                system.deck_sum()
            );
        }
    }

    #[test]
    fn the_keys_are_distinct_and_found() {
        for system in &BUILT_IN {
            assert_eq!(CountSystem::built_in(&system.key), Some(system));
        }
        assert_eq!(CountSystem::built_in("wild"), None);
    }

    #[test]
    fn the_levels_are_the_authors_levels() {
        let levels: Vec<i32> = BUILT_IN.iter().map(CountSystem::level).collect();
        // Hi-Lo, KO, Hi-Opt I 1; Hi-Opt II, Omega II, Zen 2; Halves 3 in half points; Red 7 1.
        assert_eq!(levels, vec![1, 1, 1, 2, 2, 2, 3, 1]);
    }
}
