//! Splits: the EV of splitting a pair, re-splits included, by the method "pair cards
//! tracked", with the split hands played optimally or by a chart.

use super::Solver;
use super::solver::{Play, cards_of};
use super::state::State;
use crate::engine::legal::{self, SeatSpot};
use crate::engine::{Action, Cards, Total, Value};

impl Solver<'_> {
    /// EV of splitting a pair of `v` when the seat holds `hands` hands (1 before any split).
    ///
    /// Method ("pair cards tracked"): each split hand is played exactly from the shoe less the
    /// pair cards dealt to the split hands, not the other cards they drew (the usual
    /// approximation; about 10⁻³ units in 6 decks). A small dynamic programme over (hands made,
    /// hands waiting for a second card) follows every re-split up to `max_hands`, made where
    /// allowed and (optimally) worth more. At `hands` > 1 the earlier pair cards are out of the
    /// solver's shoe already: only those dealt from here on are taken out.
    pub(super) fn split(&mut self, v: Value, hands: u8, play: Play<'_>) -> f64 {
        let max = self.rules.max_hands;
        // A hand made by the split that drew another `v`, with `h` hands held: may it split?
        let pair = legal::hand_of_values(&[v, v], true, v.is_ace());
        let can_resplit = |h: u8| {
            legal::legal_actions(self.rules, &pair, SeatSpot::unlimited(h)).contains(Action::Split)
        };
        // Per number of hands made h: P(second card = v) and the EVs of a finished hand.
        let mut pv = [0.0f64; 5];
        let mut nonpair = [0.0f64; 5];
        let mut forced = [0.0f64; 5];
        for h in (hands + 1)..=max.max(hands + 1) {
            // The pair cards of the hands made from this one are out of the shoe (those of
            // hands split before it are not in the solver's shoe at all); this hand holds its
            // own.
            let base = (hands..h).fold(State::EMPTY, |s, _| s.without(v)).with(v);
            pv[usize::from(h)] = self.draw_probability(&base, v);
            // Every split hand starts one card beyond `base`: their dealer probabilities in
            // one family pass.
            self.next_stands(&base);
            let mut sum = 0.0;
            let mut weight = 0.0;
            for c in Value::ALL {
                let p = self.draw_probability(&base, c);
                if p == 0.0 {
                    continue;
                }
                let ev = self.split_hand(&base, v, c, play);
                if c == v {
                    forced[usize::from(h)] = ev;
                } else {
                    sum += p * ev;
                    weight += p;
                }
            }
            nonpair[usize::from(h)] = if weight > 0.0 { sum / weight } else { 0.0 };
        }
        // f(h, q): expected total EV of q hands still waiting for their second card.
        let mut memo = [[None::<f64>; 6]; 6];
        #[allow(clippy::too_many_arguments)]
        fn f(
            h: u8,
            q: u8,
            pv: &[f64; 5],
            nonpair: &[f64; 5],
            forced: &[f64; 5],
            can_resplit: &dyn Fn(u8) -> bool,
            optimal: bool,
            memo: &mut [[Option<f64>; 6]; 6],
        ) -> f64 {
            if q == 0 {
                return 0.0;
            }
            if let Some(x) = memo[usize::from(h)][usize::from(q)] {
                return x;
            }
            let hi = usize::from(h);
            let rest = f(h, q - 1, pv, nonpair, forced, can_resplit, optimal, memo);
            let keep_pair = forced[hi] + rest;
            let on_pair = if can_resplit(h) {
                let resplit = f(h + 1, q + 1, pv, nonpair, forced, can_resplit, optimal, memo);
                if optimal { resplit.max(keep_pair) } else { resplit }
            } else {
                keep_pair
            };
            let x = (1.0 - pv[hi]) * (nonpair[hi] + rest) + pv[hi] * on_pair;
            memo[hi][usize::from(q)] = Some(x);
            x
        }
        let optimal = matches!(play, Play::Optimal);
        f(hands + 1, 2, &pv, &nonpair, &forced, &can_resplit, optimal, &mut memo)
    }

    /// EV of one finished split hand: pair card `v` plus second card `c`, with `base` the pair
    /// cards out so far (this hand's own first card among them). The hand may not be split.
    fn split_hand(&mut self, base: &State, v: Value, c: Value, play: Play<'_>) -> f64 {
        let s = base.with(c);
        debug_assert_eq!(s.hard, v.get() + c.get());
        let hand = SplitHand { first: v, second: c };
        // The engine's rules of action, for a split hand that may split no more.
        let legal = legal::legal_actions(
            self.rules,
            &legal::hand_of_values(&[v, c], true, v.is_ace()),
            SeatSpot::unlimited(self.rules.max_hands),
        );
        if !legal.contains(Action::Hit) {
            // Split aces that take one card only.
            return self.stand(&s);
        }
        match play {
            Play::Optimal => {
                let mut best = self.stand(&s);
                if hand.best() < 21 {
                    best = best.max(self.hit(&s));
                }
                if legal.contains(Action::Double) {
                    best = best.max(self.double(&s));
                }
                best
            }
            Play::Chart(chart) => {
                let cards = Cards::from_cards(&cards_of(&[v, c]));
                if cards.total().value == 21 {
                    return self.stand(&s);
                }
                // `legal` holds no split: the chart reads the hand's total.
                match chart.decide(&cards, self.up, legal) {
                    Action::Hit => self.hit_by_chart(&s, chart),
                    Action::Double => self.double(&s),
                    _ => self.stand(&s),
                }
            }
        }
    }
}

struct SplitHand {
    first: Value,
    second: Value,
}

impl SplitHand {
    fn best(&self) -> u8 {
        let ace = self.first.is_ace() || self.second.is_ace();
        Total::of(self.first.get() + self.second.get(), ace).value
    }
}
