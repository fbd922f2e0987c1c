//! The figures of the built-in counts against the published ones, from one exact analysis of
//! the single-deck American game (the usual basis of the published comparisons).

use super::eor::effects_of_removal;
use super::worth::count_figures;
use super::{BUILT_IN, CountSystem};
use crate::analysis::player::Game;
use crate::engine::Rules;

/// Betting correlation and playing efficiency of the built-in counts as the comparison tables
/// give them — Peter Griffin, *The Theory of Blackjack* (6th ed., 1999), and Don Schlesinger,
/// *Blackjack Attack* (3rd ed., 2005), from Griffin's single-deck effects of removal (the
/// American peek game, dealer standing on soft 17).
const PUBLISHED: [(&str, f64, f64); 8] = [
    ("hilo", 0.97, 0.51),
    ("ko", 0.98, 0.55),
    ("hiopt1", 0.88, 0.61),
    ("hiopt2", 0.91, 0.67),
    ("omega2", 0.92, 0.67),
    ("zen", 0.96, 0.63),
    ("halves", 0.99, 0.56),
    ("red7", 0.98, 0.54),
];

/// One analysis (about 2 s), every check on it: the published betting correlations within
/// 0.02; the playing efficiencies, by this project's definition ([`super::worth`]), within
/// 0.04 of the published ones; and a user's count with Hi-Lo's tags gets Hi-Lo's figures to
/// the digit.
#[test]
fn the_published_betting_correlations_of_the_single_deck_peek_game_are_reproduced() {
    let rules = Rules { decks: 1, ..Rules::default() };
    let effects = effects_of_removal(&rules, Game::Peek, 2);
    // Griffin's single-deck effects of removal, in % per card: A −0.61, 2 +0.38, 3 +0.44,
    // 4 +0.55, 5 +0.69, 6 +0.46, 7 +0.28, 8 0.00, 9 −0.18, T −0.51 (within 0.05: his rules
    // differ a little, no doubling after splits among them).
    let griffin = [-0.61, 0.38, 0.44, 0.55, 0.69, 0.46, 0.28, 0.00, -0.18, -0.51];
    for (v, (ours, his)) in effects.edge_eor.iter().zip(griffin).enumerate() {
        assert!(
            (100.0 * ours - his).abs() < 0.05,
            "value {}: {:.3}% against {his}%",
            v + 1,
            100.0 * ours
        );
    }
    for (key, bc, pe) in PUBLISHED {
        let system = CountSystem::built_in(key).expect("a built-in count");
        let figures = count_figures(system, &effects);
        assert!(
            (figures.betting_correlation - bc).abs() <= 0.02,
            "{key}: betting correlation {:.3} against the published {bc}",
            figures.betting_correlation
        );
        assert!(
            (figures.playing_efficiency - pe).abs() <= 0.04,
            "{key}: playing efficiency {:.3} against the published {pe}",
            figures.playing_efficiency
        );
    }
    assert_eq!(PUBLISHED.len(), BUILT_IN.len(), "every built-in count");

    let text = "[count]\nname = \"mine\"\ntags = [1, 1, 1, 1, 1, 0, 0, 0, -1, -1]\n";
    let value: toml::Value = toml::from_str(text).expect("TOML");
    let mine = super::custom::from_toml(value.get("count").expect("a count")).expect("a count");
    assert_ne!(mine, super::HI_LO, "another count");
    assert_eq!(
        count_figures(&mine, &effects),
        count_figures(&super::HI_LO, &effects),
        "Hi-Lo's tags under another name give Hi-Lo's figures"
    );
}
