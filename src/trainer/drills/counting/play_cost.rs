//! What any play of a hand is worth at a count, from its exact EVs in a shoe dealt to that
//! count: the index table only says what its play gains over the other one.

use crate::analysis::HandEvs;
use crate::analysis::counts::CountSystem;
use crate::analysis::player::HandContext;
use crate::analysis::strategy::hand_evs;
use crate::engine::{Card, Cards, Rules, Value, ValueCounts};

/// A shoe of `rules` half dealt so that `system`'s index count is `tc` (a true count in the
/// middle of its floored step): dealt evenly, then cards swapped between the halves until the
/// count is reached. One such shoe stands for every shoe at that count.
pub fn shoe_at_count(rules: &Rules, system: &CountSystem, tc: i32) -> ValueCounts {
    let full = ValueCounts::full_shoe(rules.decks).0;
    // What a card of each value counts, a red seven's share included (half the sevens).
    let tag = |i: usize| {
        let red = if i == 6 { f64::from(system.red_seven) / 2.0 } else { 0.0 };
        f64::from(system.tags[i]) + red
    };
    let mut dealt: [u16; 10] = full.map(|n| n / 2);
    let left_cards = f64::from(full.iter().zip(&dealt).map(|(f, d)| f - d).sum::<u16>());
    let per_point = f64::from(system.unit.per_point());
    let target = if system.is_balanced() {
        (f64::from(tc) + 0.5) * per_point * left_cards / 52.0
    } else {
        f64::from(tc) * per_point - f64::from(system.initial_running_count(rules.decks))
    };
    let running = |dealt: &[u16; 10]| -> f64 {
        dealt.iter().enumerate().map(|(i, &n)| f64::from(n) * tag(i)).sum()
    };
    // Each swap moves a card of one value into the dealt half and one of another back: the
    // largest move towards the target that does not pass it, until none is left (the count
    // is then within the smallest move of it). A shoe runs out of swaps before this many.
    for _ in 0..full.iter().sum::<u16>() {
        let gap = target - running(&dealt);
        let swaps = (0..10).filter(|&take| dealt[take] < full[take]).flat_map(|take| {
            (0..10)
                .filter(move |&give| give != take && dealt[give] > 0)
                .map(move |give| (take, give))
        });
        // Of the largest moves, the one taking from the value with the most cards still in
        // the shoe and giving back the value most dealt, so the dealt cards stay spread over
        // the values of a tag rather than one value emptied first.
        let spread =
            |take: usize, give: usize| u32::from(full[take] - dealt[take]) + u32::from(dealt[give]);
        let best = swaps
            .map(|(take, give)| (take, give, tag(take) - tag(give)))
            .filter(|&(_, _, moved)| moved * gap > 0.0 && moved.abs() <= gap.abs())
            .max_by(|a, b| {
                a.2.abs().total_cmp(&b.2.abs()).then(spread(a.0, a.1).cmp(&spread(b.0, b.1)))
            });
        let Some((take, give, _)) = best else {
            break;
        };
        dealt[take] += 1;
        dealt[give] -= 1;
    }
    ValueCounts(std::array::from_fn(|i| full[i] - dealt[i]))
}

/// The exact EV of every play of the two-card hand `cards` against `up` in a shoe at
/// `system`'s index count `tc` ([`shoe_at_count`]).
pub fn evs_at_count(
    rules: &Rules,
    system: &CountSystem,
    cards: &Cards,
    up: Card,
    tc: i32,
) -> HandEvs {
    let mut left = shoe_at_count(rules, system, tc);
    let hand: Vec<Value> = cards.as_slice().iter().map(|c| c.value()).collect();
    for &v in hand.iter().chain([up.value()].iter()) {
        left.remove(v);
    }
    let ctx = HandContext { hands: 1, ..HandContext::default() };
    hand_evs(rules, &hand, up.value(), &left, ctx)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shoe is at the count asked: Hi-Lo's floored true count, and KO's running count.
    #[test]
    fn the_shoe_is_dealt_to_the_count_asked() {
        let rules = Rules::default();
        let full = ValueCounts::full_shoe(rules.decks);
        for key in ["hilo", "zen", "halves", "ko"] {
            let system = CountSystem::built_in(key).expect("a built-in count");
            for tc in [-4, -1, 0, 1, 3, 6] {
                let left = shoe_at_count(&rules, system, tc);
                let mut dealt = ValueCounts::default();
                let mut cards_left = 0usize;
                for v in Value::ALL {
                    for _ in 0..(full.get(v) - left.get(v)) {
                        dealt.add(v);
                    }
                    cards_left += usize::from(left.get(v));
                }
                let running =
                    system.initial_running_count(rules.decks) + system.running_count(&dealt);
                assert_eq!(
                    system.index_count(running, cards_left),
                    tc,
                    "{key} at {tc}: running {running} with {cards_left} cards left"
                );
            }
        }
    }
}
