//! The player's EVs checked: against the Wizard of Odds' published tables, for naturals, in
//! the peek game, and for splits and re-splits.

use super::*;
use crate::engine::{Rules, Value, ValueCounts};

/// Card values given in points.
fn v<const N: usize>(points: [u8; N]) -> [Value; N] {
    points.map(Value::of)
}

fn solver(rules: &Rules, up: u8) -> Solver<'_> {
    let up = Value::of(up);
    let mut shoe = ValueCounts::full_shoe(rules.decks);
    shoe.remove(up);
    Solver::new(rules, up, shoe.0)
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() < tol
}

/// Wizard of Odds, "Blackjack Appendix 9 — Six deck, dealer hits on soft 17, no hole
/// card" (stand / hit / double EVs to six decimals, exact hand composition).
#[test]
fn matches_wizard_of_odds_appendix_9_six_deck_h17() {
    let rules = Rules::from_toml("dealer_hits_soft_17 = true").unwrap();
    let cases: [(u8, [u8; 2], [f64; 3]); 7] = [
        (1, [2, 1], [-0.722356, -0.379910, -1.024099]),
        (1, [3, 2], [-0.721887, -0.529734, -1.443774]),
        (1, [4, 3], [-0.721415, -0.554273, -1.369282]),
        (1, [6, 1], [-0.665166, -0.463296, -0.999484]),
        (1, [6, 4], [-0.720814, -0.286818, -0.639108]),
        (1, [6, 5], [-0.720879, -0.235772, -0.535879]),
        (1, [7, 1], [-0.466029, -0.421285, -0.909374]),
    ];
    assert_matches_published(&rules, &cases);
}

/// Wizard of Odds, "Blackjack Appendix 9 — Eight decks, dealer hits on soft 17, no hole
/// card" (stand / hit / double EVs to six decimals).
#[test]
fn matches_wizard_of_odds_appendix_9_eight_deck_h17() {
    let rules = Rules::from_toml("dealer_hits_soft_17 = true\ndecks = 8").unwrap();
    let cases: [(u8, [u8; 2], [f64; 3]); 5] = [
        (1, [2, 1], [-0.722307, -0.378980, -1.024082]),
        (1, [3, 2], [-0.721955, -0.528987, -1.443909]),
        (1, [4, 3], [-0.721595, -0.553054, -1.369253]),
        (1, [6, 5], [-0.721201, -0.235977, -0.537869]),
        (1, [7, 1], [-0.465508, -0.420237, -0.908247]),
    ];
    assert_matches_published(&rules, &cases);
}

/// Each published (up card, hand, [stand, hit, double]) agrees to 10⁻⁶.
fn assert_matches_published(rules: &Rules, cases: &[(u8, [u8; 2], [f64; 3])]) {
    for &(up, hand, [stand, hit, double]) in cases {
        let mut s = solver(rules, up);
        let evs = s.evs(&v(hand), HandContext::FIRST);
        assert!(close(evs.stand, stand, 1e-6), "{hand:?} vs {up}: stand {}", evs.stand);
        assert!(close(evs.hit.unwrap(), hit, 1e-6), "{hand:?} vs {up}: hit {:?}", evs.hit);
        assert!(
            close(evs.double.unwrap(), double, 1e-6),
            "{hand:?} vs {up}: double {:?}",
            evs.double
        );
    }
}

#[test]
fn a_natural_is_paid_unless_the_dealer_has_one() {
    let rules = Rules::default();
    let mut s = solver(&rules, 10);
    let evs = s.evs(&v([1, 10]), HandContext::FIRST);
    // Dealer T: the hole card is an ace with probability 23/309 once A,T are out.
    assert!(close(evs.stand, 1.5 * (1.0 - 23.0 / 309.0), 1e-12));
    let split21 = s.evs(&v([1, 10]), HandContext { from_split: true, split_aces: true, hands: 2 });
    assert!(split21.stand < evs.stand);
    assert!(split21.hit.is_none() && split21.double.is_none() && split21.split.is_none());
}

/// The peek game changes nothing under a 2–9, and under a ten only what the dealer's
/// natural takes: a stand or a hit loses one unit to it in both games, a double two units
/// without the peek and one with it.
#[test]
fn the_peek_game_returns_the_double_stake_a_natural_would_take() {
    let rules = Rules::default();
    let first = HandContext::FIRST;
    let game_solver = |up: u8, game: Game| {
        let up = Value::of(up);
        let mut shoe = ValueCounts::full_shoe(rules.decks);
        shoe.remove(up);
        Solver::for_game(&rules, up, shoe.0, game)
    };
    for hand in [[6u8, 5], [8, 8], [10, 6]] {
        let nhc = game_solver(6, Game::NoHoleCard).evs(&v(hand), first);
        let peek = game_solver(6, Game::Peek).evs(&v(hand), first);
        assert_eq!(nhc, peek, "{hand:?} vs 6");
    }
    let nhc = game_solver(10, Game::NoHoleCard).evs(&v([6, 5]), first);
    let peek = game_solver(10, Game::Peek).evs(&v([6, 5]), first);
    // Aces left once T, 6, 5 are out: 24 of 309.
    let natural = 24.0 / 309.0;
    assert!(close(nhc.stand, peek.stand, 1e-12));
    assert!(close(nhc.hit.unwrap(), peek.hit.unwrap(), 1e-12));
    assert!(close(peek.double.unwrap() - nhc.double.unwrap(), natural, 1e-12));
    // A split risks two units or more to the natural without the peek, one with it.
    let nhc = game_solver(10, Game::NoHoleCard).evs(&v([8, 8]), first);
    let peek = game_solver(10, Game::Peek).evs(&v([8, 8]), first);
    assert!(peek.split.unwrap() - nhc.split.unwrap() > natural * 0.99);
}

#[test]
fn split_limits_follow_the_rules() {
    let rules = Rules::default();
    let mut s = solver(&rules, 6);
    let first = HandContext::FIRST;
    assert!(s.evs(&v([8, 8]), first).split.is_some());
    assert!(s.evs(&v([8, 8]), HandContext { hands: 4, from_split: true, ..first }).split.is_none());
    assert!(
        s.evs(&v([1, 1]), HandContext { hands: 2, from_split: true, split_aces: true })
            .split
            .is_none()
    );
    assert!(s.evs(&v([8, 9]), first).split.is_none());
}

#[test]
fn splitting_eights_against_six_beats_hitting_sixteen() {
    let rules = Rules::default();
    let mut s = solver(&rules, 6);
    let evs = s.evs(&v([8, 8]), HandContext::FIRST);
    assert!(evs.split.unwrap() > evs.hit.unwrap().max(evs.stand));
    assert_eq!(evs.best().0, Action::Split);
}

/// A re-split at the table (two hands already, a third allowed and no more): the other
/// hand's 8 is already out of the shoe, so the two new hands are each an 8 plus a card
/// from the shoe less the three 8s on the table, played as well as the rules allow.
#[test]
fn a_resplit_at_the_table_takes_out_only_the_new_pair_card() {
    let rules = Rules::from_toml("max_hands = 3").unwrap();
    let up = Value::of(6);
    // Left in the shoe: all but the up card and the three 8s on the table.
    let mut left = ValueCounts::full_shoe(rules.decks);
    for value in [up, Value::of(8), Value::of(8), Value::of(8)] {
        left.remove(value);
    }
    let at_table = HandContext { from_split: true, split_aces: false, hands: 2 };
    let split = super::super::hand_evs(&rules, &v([8, 8]), up, &left, at_table).split.unwrap();
    // Independently: each of the two hands is 8 + c, c drawn from `left`, then its best
    // play with doubling after the split and no further split (three hands made).
    let total = f64::from(left.total());
    let mut one_hand = 0.0;
    for c in Value::ALL {
        let p = f64::from(left.get(c)) / total;
        let mut rest = left;
        rest.remove(c);
        let ctx = HandContext { from_split: true, split_aces: false, hands: 3 };
        let evs = super::super::hand_evs(&rules, &[Value::of(8), c], up, &rest, ctx);
        one_hand += p * evs.best().1;
    }
    assert!((split - 2.0 * one_hand).abs() < 1e-12, "{split} vs {}", 2.0 * one_hand);
}

#[test]
fn more_hands_allowed_never_lowers_the_split_value() {
    let two = Rules::from_toml("max_hands = 2").unwrap();
    let four = Rules::default();
    for pair in 2..=9u8 {
        let a = solver(&two, 6).evs(&v([pair, pair]), HandContext::FIRST).split.unwrap();
        let b = solver(&four, 6).evs(&v([pair, pair]), HandContext::FIRST).split.unwrap();
        assert!(b >= a - 1e-12, "{pair},{pair}: {a} vs {b}");
    }
}
