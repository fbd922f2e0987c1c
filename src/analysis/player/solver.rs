//! The EV calculator ([`Solver`]) for one up card and shoe: stand, hit and double, exact for
//! the composition, memoised by the cards a hand removed from the shoe.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::state::{State, total_cell};
use super::{Game, HandContext, HandEvs};
use crate::analysis::chart::{Chart, Code};
use crate::analysis::dealer_odds::{BUST, DealerProbs, DealerShapes, NATURAL};
use crate::engine::legal::{self, SeatSpot};
use crate::engine::{Action, ActionSet, Card, Cards, Rules, Value};

/// A small, fast hasher for integer keys (the FxHash mixing step).
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// How split hands (and the hands after hits) are played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Play<'c> {
    /// The best action for the exact composition.
    Optimal,
    /// The chart's code, resolved among the legal actions.
    Chart(&'c Chart),
}

/// The EV calculator for one up card and one shoe (the cards left before any player card is
/// taken out: the up card already removed). Memoised; reuse it for many hands.
pub struct Solver<'r> {
    pub(super) rules: &'r Rules,
    pub(super) up: Value,
    pre: [u16; 10],
    pre_total: u16,
    pays: f64,
    shapes: &'static DealerShapes,
    dealer_memo: FxMap<u64, DealerProbs>,
    hit_memo: FxMap<(u64, u8), f64>,
    chart_memo: FxMap<(u64, u8), f64>,
    scratch: Vec<f64>,
    /// The dealer peeked for a natural under this up card (see [`Solver::for_game`]).
    peek: bool,
}

impl<'r> Solver<'r> {
    /// A solver for up card `up` with `shoe` the cards left besides the up card.
    pub fn new(rules: &'r Rules, up: Value, shoe: [u16; 10]) -> Solver<'r> {
        Solver::for_game(rules, up, shoe, Game::NoHoleCard)
    }

    /// [`Solver::new`] for `game`. In the peek game under an ace or a ten, a round's first
    /// hand's EVs are of the whole round: a dealer natural costs the original unit only (or
    /// pushes a natural), and each action's stake counts only without one; a split hand gets
    /// the latter part only. Exact: the face-down card may be drawn after the player's cards
    /// (exchangeability), and every action at a decision shares that chance.
    pub fn for_game(rules: &'r Rules, up: Value, shoe: [u16; 10], game: Game) -> Solver<'r> {
        Solver {
            rules,
            up,
            pre: shoe,
            pre_total: shoe.iter().sum(),
            pays: rules.blackjack_pays_milli() as f64 / 1000.0,
            shapes: DealerShapes::get(rules.dealer_hits_soft_17),
            dealer_memo: FxMap::default(),
            hit_memo: FxMap::default(),
            chart_memo: FxMap::default(),
            scratch: Vec::new(),
            peek: game == Game::Peek && (up == Value::ACE || up == Value::TEN),
        }
    }

    /// Makes room in the memo tables for about `states` player states at once.
    pub fn reserve(&mut self, states: usize) {
        self.dealer_memo.reserve(states);
        self.hit_memo.reserve(states / 2);
    }

    /// Whether the shoe holds every card of `values`.
    pub fn holds(&self, values: &[Value]) -> bool {
        let mut need = [0u16; 10];
        for v in values {
            need[v.index()] += 1;
        }
        need.iter().zip(self.pre).all(|(n, have)| *n <= have)
    }

    fn state_of(values: &[Value]) -> State {
        values.iter().fold(State::EMPTY, |s, &v| s.with(v))
    }

    fn left(&self, s: &State, value: Value) -> u16 {
        let i = value.index();
        self.pre[i].saturating_sub(u16::from(s.rem[i]))
    }

    pub(super) fn draw_probability(&self, s: &State, value: Value) -> f64 {
        let n = self.pre_total.saturating_sub(s.removed);
        if n == 0 { 0.0 } else { f64::from(self.left(s, value)) / f64::from(n) }
    }

    /// Probability that one more card takes the hand over 21.
    fn bust_probability(&self, s: &State) -> f64 {
        let safe = 21u8.saturating_sub(s.hard);
        if safe >= 10 {
            return 0.0;
        }
        let above_safe = &Value::ALL[usize::from(safe)..];
        above_safe.iter().map(|&v| self.draw_probability(s, v)).sum()
    }

    /// The cards left in the shoe once the cards of `s` are out.
    fn shoe_of(&self, s: &State) -> [u16; 10] {
        Value::ALL.map(|v| self.left(s, v))
    }

    /// The EV of standing after each card that may come next (`-1` for a bust, 0 for a card the
    /// shoe lacks); two or more missing dealer odds take one family pass.
    pub(super) fn next_stands(&mut self, s: &State) -> [f64; 10] {
        let mut stands = [0.0; 10];
        let mut missing = [false; 10];
        let mut count = 0;
        for v in Value::ALL {
            let i = v.index();
            if self.left(s, v) == 0 {
                continue;
            }
            let next = s.with(v);
            if next.hard > 21 {
                stands[i] = self.bust_value(&next);
            } else if let Some(p) = self.dealer_memo.get(&next.key) {
                stands[i] = self.stand_value(next.best(), p);
            } else {
                missing[i] = true;
                count += 1;
            }
        }
        if count == 1 {
            if let Some(i) = missing.iter().position(|&m| m) {
                stands[i] = self.stand(&s.with(Value::ALL[i]));
            }
        } else if count > 1 {
            let shoe = self.shoe_of(s);
            let family = self.shapes.family_with(self.up, &shoe, &mut self.scratch);
            for (i, (less, v)) in family.less.iter().zip(Value::ALL).enumerate() {
                let Some(p) = less else { continue };
                let next = s.with(v);
                if missing[i] {
                    stands[i] = self.stand_value(next.best(), p);
                    self.dealer_memo.insert(next.key, *p);
                } else if next.hard > 21 {
                    // A busting card's shoe is another state's (a split hand's, with more
                    // pair cards out): keep it too.
                    self.dealer_memo.entry(next.key).or_insert(*p);
                }
            }
            self.dealer_memo.entry(s.key).or_insert(family.own);
        }
        stands
    }

    fn dealer(&mut self, s: &State) -> DealerProbs {
        if let Some(p) = self.dealer_memo.get(&s.key) {
            return *p;
        }
        let shoe = self.shoe_of(s);
        let p = self.shapes.probabilities_with(self.up, &shoe, &mut self.scratch);
        self.dealer_memo.insert(s.key, p);
        p
    }

    /// EV of standing on a hand that is not a natural.
    pub(super) fn stand(&mut self, s: &State) -> f64 {
        let total = s.best();
        if total > 21 {
            return self.bust_value(s);
        }
        let p = self.dealer(s);
        self.stand_value(total, &p)
    }

    /// The EV of standing on `total` against the dealer's probabilities `p`: in the peek game
    /// (see [`Solver::for_game`]) a dealer natural counts nothing here.
    fn stand_value(&self, total: u8, p: &DealerProbs) -> f64 {
        if self.peek { stand_ev(total, p) + p[NATURAL] } else { stand_ev(total, p) }
    }

    /// The EV of a hand `s` that went over 21: −1, or in the peek game −1 times the chance
    /// that the dealer has no natural from the shoe left.
    fn bust_value(&self, s: &State) -> f64 {
        if self.peek { -(1.0 - self.dealer_natural(s)) } else { -1.0 }
    }

    /// The chance that the dealer's face-down card makes a natural with the up card, once the
    /// cards of `s` are out (0 but under an ace or a ten).
    fn dealer_natural(&self, s: &State) -> f64 {
        match self.up {
            Value::ACE => self.draw_probability(s, Value::TEN),
            Value::TEN => self.draw_probability(s, Value::ACE),
            _ => 0.0,
        }
    }

    /// What the peek game adds to the EV of every action of a round's first hand that is not
    /// a natural: the original unit lost to a dealer natural (0 in the no-hole-card game).
    fn peeked_natural_loss(&self, s: &State) -> f64 {
        if self.peek { -self.dealer_natural(s) } else { 0.0 }
    }

    /// EV of a natural: paid unless the dealer has one too (a push).
    fn natural(&mut self, s: &State) -> f64 {
        let p = self.dealer(s);
        self.pays * (1.0 - p[NATURAL])
    }

    /// EV of hitting, then hitting or standing, whichever is better for the exact composition.
    pub(super) fn hit(&mut self, s: &State) -> f64 {
        let memo_key = (s.key, s.hard | (u8::from(s.ace) << 5));
        if let Some(&ev) = self.hit_memo.get(&memo_key) {
            return ev;
        }
        let ev = self.after_draw(s, |solver, next, stand| {
            // Hitting can win at most 1 when it does not bust: if even that bound is no
            // better than standing, the hit need not be evaluated (an exact prune).
            // (In the peek game the bound does not hold as written: no prune there.)
            if !solver.peek && stand >= 1.0 - 2.0 * solver.bust_probability(next) {
                stand
            } else {
                stand.max(solver.hit(next))
            }
        });
        self.hit_memo.insert(memo_key, ev);
        ev
    }

    /// EV of hitting, then following `chart` (no doubling or splitting after a hit).
    pub(super) fn hit_by_chart(&mut self, s: &State, chart: &Chart) -> f64 {
        let memo_key = (s.key, s.hard | (u8::from(s.ace) << 5));
        if let Some(&ev) = self.chart_memo.get(&memo_key) {
            return ev;
        }
        let hit_stand: ActionSet = [Action::Hit, Action::Stand].into_iter().collect();
        let ev = self.after_draw(s, |solver, next, stand| {
            match chart.get(total_cell(next, solver.up)).resolve(hit_stand) {
                Action::Hit => solver.hit_by_chart(next, chart),
                _ => stand,
            }
        });
        self.chart_memo.insert(memo_key, ev);
        ev
    }

    /// EV of taking one card onto `s`: each card the shoe can deal, weighted by its chance,
    /// valued by `then` from the EV of standing after it — except a bust or a 21, which stands.
    fn after_draw(
        &mut self,
        s: &State,
        mut then: impl FnMut(&mut Self, &State, f64) -> f64,
    ) -> f64 {
        let stands = self.next_stands(s);
        let mut ev = 0.0;
        for v in Value::ALL {
            let p = self.draw_probability(s, v);
            if p == 0.0 {
                continue;
            }
            let next = s.with(v);
            let stand = stands[v.index()];
            let value =
                if next.hard > 21 || next.best() == 21 { stand } else { then(self, &next, stand) };
            ev += p * value;
        }
        ev
    }

    /// EV of doubling: one card, then stand with two units at stake.
    pub(super) fn double(&mut self, s: &State) -> f64 {
        let stands = self.next_stands(s);
        Value::ALL.iter().map(|&v| self.draw_probability(s, v) * 2.0 * stands[v.index()]).sum()
    }

    /// The legal actions of the hand `values` in context `ctx`: the engine's rules of action
    /// (the analysis plays per unit, so money never stands in the way).
    fn legal(&self, values: &[Value], ctx: HandContext) -> ActionSet {
        let hand = legal::hand_of_values(values, ctx.from_split, ctx.split_aces);
        legal::legal_actions(self.rules, &hand, SeatSpot::unlimited(ctx.hands.max(1)))
    }

    /// The EV of every action for the hand `values` in context `ctx`.
    pub fn evs(&mut self, values: &[Value], ctx: HandContext) -> HandEvs {
        let s = hand_state(values);
        let natural = !ctx.from_split && values.len() == 2 && s.best() == 21;
        let stand = if natural { self.natural(&s) } else { self.stand(&s) };
        let legal = self.legal(values, ctx);
        let hit = (legal.contains(Action::Hit) && s.hard <= 21).then(|| self.hit(&s));
        let double = legal.contains(Action::Double).then(|| self.double(&s));
        let split = legal
            .contains(Action::Split)
            .then(|| self.split(values[0], ctx.hands.max(1), Play::Optimal));
        if self.peek && !natural && !ctx.from_split {
            let loss = self.peeked_natural_loss(&s);
            return HandEvs {
                stand: stand + loss,
                hit: hit.map(|ev| ev + loss),
                double: double.map(|ev| ev + loss),
                split: split.map(|ev| ev + loss),
            };
        }
        HandEvs { stand, hit, double, split }
    }

    /// EV of `chart`'s first decision for a two-card hand, the chart played after it too.
    pub fn chart_ev(&mut self, values: &[Value], chart: &Chart) -> f64 {
        let s = hand_state(values);
        if values.len() == 2 && s.best() == 21 {
            return self.natural(&s);
        }
        let ctx = HandContext::FIRST;
        let legal = self.legal(values, ctx);
        let ev = match chart.decide(&Cards::from_cards(&cards_of(values)), self.up, legal) {
            Action::Stand => self.stand(&s),
            Action::Hit => self.hit_by_chart(&s, chart),
            Action::Double => self.double(&s),
            Action::Split => self.split(values[0], 1, Play::Chart(chart)),
        };
        if self.peek { ev + self.peeked_natural_loss(&s) } else { ev }
    }

    /// The best code for a cell from the weighted EVs of stand, hit, double and split.
    pub fn best_code(stand: f64, hit: f64, double: Option<f64>, split: Option<f64>) -> Code {
        let base = if hit > stand { (Code::H, hit) } else { (Code::S, stand) };
        let with_double = match double {
            Some(d) if d > base.1 => (if base.0 == Code::H { Code::D } else { Code::Ds }, d),
            _ => base,
        };
        match split {
            Some(p) if p > with_double.1 => Code::P,
            _ => with_double.0,
        }
    }
}

/// EV of standing on `total` (not a natural) against the dealer's outcome probabilities.
fn stand_ev(total: u8, p: &DealerProbs) -> f64 {
    let mut ev = p[BUST] - p[NATURAL];
    for (i, &q) in p.iter().take(5).enumerate() {
        let dealer = 17 + i as u8;
        if total > dealer {
            ev += q;
        } else if total < dealer {
            ev -= q;
        }
    }
    ev
}

fn hand_state(values: &[Value]) -> State {
    Solver::state_of(values)
}

pub(super) fn cards_of(values: &[Value]) -> Vec<Card> {
    values.iter().map(|&v| Card::of(v)).collect()
}
