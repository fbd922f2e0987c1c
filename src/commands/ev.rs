//! `blackjack ev`: the exact EV of every action for one hand against an up card.

use std::collections::HashMap;

use crate::analysis::{HandContext, HandEvs, hand_evs};
use crate::cli::{EvArgs, check_player_hand};
use crate::commands::UsageError;
use crate::engine::{Action, ActionSet, Cards, Rules, Total, Value, ValueCounts};
use crate::text::{counted, signed_decimals};
use crate::trainer::grade::{Grade, grade};

/// Runs `blackjack ev`.
pub fn ev(rules: &Rules, args: &EvArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    let hand = &args.hand.0;
    let up = args.up;
    let seen = args.seen.as_ref().map_or(&[][..], |s| &s.0[..]);
    // The parsers have checked all this; a caller that built the arguments itself has not.
    check_player_hand(hand).map_err(|e| UsageError(format!("--hand: {e}")))?;
    let mut left = ValueCounts::full_shoe(rules.decks);
    for &v in hand.iter().chain([up].iter()).chain(seen.iter()) {
        if !left.remove(v) {
            return Err(UsageError(format!(
                "the shoe of {} deck(s) holds no more {v} for hand, up card and seen cards",
                rules.decks,
            ))
            .into());
        }
    }
    if let Err(short) = enough_cards(rules, hand, up, &left) {
        return Err(UsageError(too_few_message(short, &left)).into());
    }
    let cards = Cards::from_values(hand);
    let evs = hand_evs(rules, hand, up, &left, HandContext { hands: 1, ..HandContext::default() });
    let (best, best_ev) = evs.best();
    let graded = match args.play {
        Some(play) => Some(grade_play(rules, &cards, up, play, &evs)?),
        None => None,
    };
    let hand_label: Vec<&str> = hand.iter().map(|v| v.label()).collect();
    if args.json {
        let value = serde_json::json!({
            "hand": hand_label.join(","),
            "up": up.label(),
            "stand": evs.stand,
            "hit": evs.hit,
            "double": evs.double,
            "split": evs.split,
            "best": best.name(),
            "grade": graded.as_ref().map(|g| serde_json::json!({
                "play": g.chosen.name(),
                "chart": g.by_cards.map_or(g.advised, |note| note.rule).name(),
                "correct": g.is_correct(),
                "cost": g.cost,
                "message": g.message(),
            })),
        });
        writeln!(out, "{value}")?;
        return Ok(());
    }
    writeln!(
        out,
        "Hand {} ({}) against {}, {} left in the shoe",
        hand_label.join(","),
        cards.total(),
        up,
        counted(left.total() as u64, "card")
    )?;
    for (action, value) in
        [("stand", Some(evs.stand)), ("hit", evs.hit), ("double", evs.double), ("split", evs.split)]
    {
        match value {
            Some(v) => writeln!(
                out,
                "  {action:<7} {}{}",
                signed_decimals(v, 6),
                if action == best.name() { "  ← best" } else { "" }
            )?,
            None => writeln!(out, "  {action:<7} not allowed")?,
        }
    }
    writeln!(out, "Best: {best} ({} units per unit bet)", signed_decimals(best_ev, 6))?;
    if let Some(g) = graded {
        writeln!(out, "At the table: {}", g.message())?;
    }
    Ok(())
}

/// The table's grade of `play` for `cards` against `up`, by the chart and these cards' EVs.
fn grade_play(
    rules: &Rules,
    cards: &Cards,
    up: Value,
    play: Action,
    evs: &HandEvs,
) -> Result<Grade, UsageError> {
    let legal: ActionSet = Action::ALL.into_iter().filter(|&a| evs.get(a).is_some()).collect();
    if !legal.contains(play) {
        return Err(UsageError(format!(
            "--play {play}: not allowed with this hand (the allowed plays have EVs above)"
        )));
    }
    let chart = &crate::analysis::basic_strategy(rules).chart;
    Ok(grade(chart, cards, up, legal, play, |a| evs.get(a)))
}

/// The line of play that the shoe is too small for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shortfall {
    /// Standing now: the dealer could run out while drawing.
    Stand,
    /// Hitting or doubling: the dealer could run out after the player's cards.
    Hit,
    /// Splitting: a split hand could miss its second card, or the dealer run out after it.
    Split,
}

/// Why `ev` refuses a shoe, naming the cards left.
fn too_few_message(short: Shortfall, left: &ValueCounts) -> String {
    let n = left.total();
    let cards = if n == 0 {
        String::new()
    } else if n <= 20 {
        let all: Vec<&str> = Value::ALL
            .iter()
            .flat_map(|v| std::iter::repeat_n(v.label(), usize::from(left.get(*v))))
            .collect();
        format!(" ({})", all.join(","))
    } else {
        String::new()
    };
    let why = match short {
        Shortfall::Stand => "the dealer could run out of cards while drawing",
        Shortfall::Hit => "after a hit or a double the dealer could run out of cards",
        Shortfall::Split => {
            "after a split a hand could miss its second card or the dealer run out of cards"
        }
    };
    format!(
        "only {} left in the shoe{cards} after the hand, the up card and the seen cards: \
         too few to play the hand out exactly ({why}); the analysis deals from these cards \
         without reshuffling, so see fewer cards",
        counted(u64::from(n), "card")
    )
}

/// The shoe less one card of `value`.
fn less(shoe: &ValueCounts, value: Value) -> ValueCounts {
    let mut next = *shoe;
    next.remove(value);
    next
}

/// The most cards of `shoe` whose values add up to at most `budget` (the smallest first).
fn most_cards(shoe: &ValueCounts, budget: i32) -> u32 {
    let mut budget = budget;
    let mut n = 0;
    for v in Value::ALL {
        let points = i32::from(v.get());
        let fit = u32::try_from(budget.max(0) / points).unwrap_or(0);
        let take = fit.min(u32::from(shoe.get(v)));
        n += take;
        budget -= i32::try_from(take).unwrap_or(i32::MAX) * points;
    }
    n
}

/// Whether the shoe `left` holds the cards for every line of play the exact analysis follows
/// for `hand`: it never reshuffles, and a line short of a card silently loses its probability
/// (an empty shoe gives stand +0, split +2). Standing, hitting, doubling and every split the
/// re-splits reach must each leave the dealer enough to finish. Large shoes pass at once (no
/// hand draws more than one card past the smallest that keep it under 21, or 17 for the
/// dealer); smaller ones are checked line by line, each composition once.
fn enough_cards(
    rules: &Rules,
    hand: &[Value],
    up: Value,
    left: &ValueCounts,
) -> Result<(), Shortfall> {
    let shoe = *left;
    let hard: u8 = hand.iter().map(|v| v.get()).sum();
    let ace = hand.contains(&Value::ACE);
    let pair = (hand.len() == 2 && hand[0] == hand[1] && rules.max_hands > 1).then_some(hand[0]);

    let dealer_most = 1 + most_cards(&shoe, 16 - i32::from(up.get()));
    let hit_most = 1 + most_cards(&shoe, 20 - i32::from(hard));
    let split_most = pair.map_or(0, |v| {
        u32::from(rules.max_hands - 2) + 1 + most_cards(&shoe, 20 - i32::from(v.get()))
    });
    if shoe.total() >= hit_most.max(split_most) + dealer_most {
        return Ok(());
    }

    let mut lines = Lines::new(rules, up);
    if !lines.dealer_finishes(&shoe) {
        return Err(Shortfall::Stand);
    }
    if !lines.hits(&shoe, hard, ace, true) {
        return Err(Shortfall::Hit);
    }
    if let Some(v) = pair {
        let resplit = !v.is_ace() || rules.resplit_aces;
        for made in 2..=rules.max_hands {
            // Pair cards dealt as second cards to the hands split before: a re-split.
            let extra = u16::from(made - 2);
            if extra > 0 && (!resplit || left.get(v) < extra) {
                break;
            }
            let mut base = shoe;
            base.0[v.index()] -= extra;
            if base.total() == 0 {
                return Err(Shortfall::Split);
            }
            for c in Value::ALL.into_iter().filter(|&c| base.get(c) > 0) {
                let after = less(&base, c);
                let (hard, ace) = (v.get() + c.get(), v.is_ace() || c.is_ace());
                if !lines.dealer_finishes(&after) {
                    return Err(Shortfall::Split);
                }
                if v.is_ace() && !rules.hit_split_aces {
                    continue;
                }
                let best = Total::of(hard, ace).value;
                let may_double = rules.double_after_split && rules.double_on.allows(best);
                let ok = if best < 21 {
                    lines.hits(&after, hard, ace, true)
                } else {
                    !may_double || lines.hits(&after, hard, ace, false)
                };
                if !ok {
                    return Err(Shortfall::Split);
                }
            }
        }
    }
    Ok(())
}

/// The line-by-line check of [`enough_cards`], memoised by composition.
struct Lines<'r> {
    rules: &'r Rules,
    up: Value,
    dealer: HashMap<ValueCounts, bool>,
    player: HashMap<(ValueCounts, u8, bool), bool>,
}

impl<'r> Lines<'r> {
    fn new(rules: &'r Rules, up: Value) -> Lines<'r> {
        Lines { rules, up, dealer: HashMap::new(), player: HashMap::new() }
    }

    /// Whether the dealer finishes from `shoe` whatever comes.
    fn dealer_finishes(&mut self, shoe: &ValueCounts) -> bool {
        if let Some(&ok) = self.dealer.get(shoe) {
            return ok;
        }
        let mut done = std::collections::HashSet::new();
        let ok = self.dealer_draws(shoe, self.up.get(), self.up.is_ace(), 0, &mut done);
        self.dealer.insert(*shoe, ok);
        ok
    }

    /// The dealer's hand: `hard` with an ace or not, `drawn` cards behind the up card; `done`
    /// holds the shoes already found to finish (a shoe fixes what the dealer drew).
    fn dealer_draws(
        &self,
        shoe: &ValueCounts,
        hard: u8,
        ace: bool,
        drawn: u8,
        done: &mut std::collections::HashSet<ValueCounts>,
    ) -> bool {
        let best = Total::of(hard, ace).value;
        let soft = best != hard;
        let stands = best > 17 || (best == 17 && !(self.rules.dealer_hits_soft_17 && soft));
        if (drawn == 1 && best == 21) || hard > 21 || (drawn >= 1 && stands) {
            return true;
        }
        if done.contains(shoe) {
            return true;
        }
        if shoe.total() == 0 {
            return false;
        }
        for v in Value::ALL.into_iter().filter(|&v| shoe.get(v) > 0) {
            let (hard, ace) = (hard + v.get(), ace || v.is_ace());
            if !self.dealer_draws(&less(shoe, v), hard, ace, drawn + 1, done) {
                return false;
            }
        }
        done.insert(*shoe);
        true
    }

    /// Whether every card a hand of `hard` (and `ace`) may take from `shoe` leaves the dealer
    /// enough to finish; with `on`, also after the further hits (while under 21).
    fn hits(&mut self, shoe: &ValueCounts, hard: u8, ace: bool, on: bool) -> bool {
        let key = (*shoe, hard, ace);
        if on && let Some(&ok) = self.player.get(&key) {
            return ok;
        }
        let mut ok = shoe.total() > 0;
        for v in Value::ALL.into_iter().filter(|&v| shoe.get(v) > 0) {
            if !ok {
                break;
            }
            let (hard, ace) = (hard + v.get(), ace || v.is_ace());
            if hard > 21 {
                continue;
            }
            let after = less(shoe, v);
            ok = self.dealer_finishes(&after)
                && (!on || Total::of(hard, ace).value == 21 || self.hits(&after, hard, ace, true));
        }
        if on {
            self.player.insert(key, ok);
        }
        ok
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::dealer_odds::dealer_probabilities_brute_force;
    use rand::{RngExt, SeedableRng};

    fn values(points: &[u8]) -> Vec<Value> {
        points.iter().map(|&v| Value::of(v)).collect()
    }

    fn shoe_of(decks: u8, out: &[u8]) -> ValueCounts {
        let mut left = ValueCounts::full_shoe(decks);
        for v in values(out) {
            assert!(left.remove(v));
        }
        left
    }

    fn only(cards: &[u8]) -> ValueCounts {
        let mut left = ValueCounts::default();
        for v in values(cards) {
            left.add(v);
        }
        left
    }

    /// [`enough_cards`] for a hand and up card in points.
    fn enough(rules: &Rules, hand: &[u8], up: u8, left: &ValueCounts) -> Result<(), Shortfall> {
        enough_cards(rules, &values(hand), Value::of(up), left)
    }

    #[test]
    fn full_and_ordinary_shoes_have_enough_cards() {
        let rules = Rules::default();
        for decks in 1..=8 {
            for up in 1..=10u8 {
                for a in 1..=10u8 {
                    for b in a..=10u8 {
                        let left = shoe_of(decks, &[a, b, up]);
                        assert_eq!(enough(&rules, &[a, b], up, &left), Ok(()));
                    }
                }
            }
        }
    }

    /// The shoes that gave `+0.000000` and `split +2.000000`.
    #[test]
    fn nearly_empty_shoes_are_refused_for_the_line_that_runs_short() {
        let rules = Rules::default();
        assert_eq!(enough(&rules, &[8, 8], 10, &only(&[])), Err(Shortfall::Stand));
        // An 8 left: the dealer makes 18, a hit busts, but a split hand gets no second card.
        assert_eq!(enough(&rules, &[8, 8], 10, &only(&[8])), Err(Shortfall::Split));
        // 7 and 2 left: standing, the dealer finishes (T,7 or T,2,7); but after a hit takes
        // the 7, the dealer's T,2 has nothing to draw.
        assert_eq!(enough(&rules, &[6, 4], 10, &only(&[2, 7])), Err(Shortfall::Hit));
        assert_eq!(enough(&rules, &[6, 4], 10, &only(&[2, 7, 10])), Ok(()));
        assert_eq!(enough(&rules, &[8, 8], 10, &only(&[1, 8, 8])), Err(Shortfall::Split));
    }

    /// The EV of standing on `total` (not a natural), the dealer's cards by plain recursion.
    fn brute_stand(total: u8, up: u8, shoe: &ValueCounts) -> f64 {
        let p = dealer_probabilities_brute_force(Value::of(up), &shoe.0, false);
        let mut ev = p[5] - p[6];
        for (dealer, q) in (17u8..).zip(p.iter().take(5)) {
            ev += q * match total.cmp(&dealer) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Less => -1.0,
                std::cmp::Ordering::Equal => 0.0,
            };
        }
        ev
    }

    /// The EV of hitting and then playing hit or stand at best, by plain recursion.
    fn brute_hit(hard: u8, ace: bool, up: u8, shoe: &ValueCounts) -> f64 {
        let n = f64::from(shoe.total());
        let mut ev = 0.0;
        for v in Value::ALL.into_iter().filter(|&v| shoe.get(v) > 0) {
            let p = f64::from(shoe.get(v)) / n;
            let (hard, ace) = (hard + v.get(), ace || v.is_ace());
            let after = less(shoe, v);
            let best = Total::of(hard, ace).value;
            ev += p * if hard > 21 {
                -1.0
            } else if best == 21 {
                brute_stand(best, up, &after)
            } else {
                brute_stand(best, up, &after).max(brute_hit(hard, ace, up, &after))
            };
        }
        ev
    }

    /// Against an independent count: whenever the check passes, the dealer's outcome
    /// probabilities (by plain recursion over every draw) add up to 1 after the hand stands
    /// and after every first card a hit or a split hand can take, stand and hit agree with
    /// plain recursion, and the other EVs are within what a round can pay; whenever the dealer's probabilities from the shoe itself fall short,
    /// the check fails.
    #[test]
    fn the_check_agrees_with_the_dealer_probabilities_of_small_shoes() {
        let rules = Rules::default();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
        let sums_to_one = |up: u8, shoe: &ValueCounts| {
            let p =
                dealer_probabilities_brute_force(Value::of(up), &shoe.0, rules.dealer_hits_soft_17);
            (p.iter().sum::<f64>() - 1.0).abs() < 1e-9
        };
        let (mut passed, mut refused) = (0, 0);
        for case in 0..3_000 {
            let up = rng.random_range(1..=10u8);
            let a = rng.random_range(1..=10u8);
            let b = if case % 3 == 0 { a } else { rng.random_range(1..=10u8) };
            let mut left = shoe_of(1, &[a, b, up]);
            let keep = rng.random_range(0..=10u32);
            while left.total() > keep {
                let v = rng.random_range(1..=10u8);
                left.remove(Value::of(v));
            }
            let result = enough(&rules, &[a, b], up, &left);
            assert_eq!(
                result == Err(Shortfall::Stand),
                !sums_to_one(up, &left),
                "{a},{b} vs {up}: {left:?}"
            );
            if result.is_err() {
                refused += 1;
                continue;
            }
            passed += 1;
            for c in (1..=10u8).filter(|&c| left.get(Value::of(c)) > 0) {
                let after = less(&left, Value::of(c));
                if a + b + c <= 21 {
                    assert!(sums_to_one(up, &after), "hit {c}: {a},{b} vs {up}: {left:?}");
                }
                if a == b {
                    assert!(sums_to_one(up, &after), "split {c}: {a},{b} vs {up}: {left:?}");
                }
            }
            let ctx = HandContext { hands: 1, ..HandContext::default() };
            let evs = hand_evs(&rules, &values(&[a, b]), Value::of(up), &left, ctx);
            if a + b != 11 || (a != 1 && b != 1) {
                // Not a natural: stand and hit against plain recursion over every card.
                let (hard, ace) = (a + b, a == 1 || b == 1);
                let stand = brute_stand(Total::of(hard, ace).value, up, &left);
                let hit = brute_hit(hard, ace, up, &left);
                assert!((evs.stand - stand).abs() < 1e-9, "{a},{b} vs {up}: {left:?}");
                assert!((evs.hit.unwrap() - hit).abs() < 1e-9, "{a},{b} vs {up}: {left:?}");
            }
            let within = |x: f64, bound: f64| x.is_finite() && x.abs() <= bound + 1e-9;
            assert!(within(evs.stand, 1.5), "{evs:?}");
            assert!(evs.hit.is_none_or(|x| within(x, 1.0)), "{evs:?}");
            assert!(evs.double.is_none_or(|x| within(x, 2.0)), "{evs:?}");
            assert!(evs.split.is_none_or(|x| within(x, 8.0)), "{evs:?}");
        }
        assert!(passed > 300 && refused > 300, "{passed} passed, {refused} refused");
    }
}
