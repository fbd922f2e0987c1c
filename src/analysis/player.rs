//! Expected values of the player's actions for one up card and shoe, exact for stand, hit
//! and double; splits by the method described on `Solver::split` ("pair cards tracked").
//!
//! Every value is per initial unit bet, from the player's side. A player hand is tracked by
//! the multiset of cards it removed from the shoe (packed six bits per value into a `u64`), so
//! results are memoised by composition and shared between every hand that reaches it.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::chart::{Cell, Chart, Code, HandKind};
use super::dealer::{BUST, DealerProbs, DealerShapes, NATURAL};
use crate::engine::legal::{self, SeatSpot};
use crate::engine::{Action, ActionSet, Cards, Rules};

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

/// The EV of each action for one hand (`None` where the action is not allowed).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct HandEvs {
    /// Stand now (a natural is paid as one).
    pub stand: f64,
    /// Hit, then play the best hit/stand for the exact composition.
    pub hit: Option<f64>,
    /// Double: one card, stake two.
    pub double: Option<f64>,
    /// Split, then play each hand as well as the method allows.
    pub split: Option<f64>,
}

impl HandEvs {
    /// The EV of one action, if allowed.
    pub fn get(&self, action: Action) -> Option<f64> {
        match action {
            Action::Stand => Some(self.stand),
            Action::Hit => self.hit,
            Action::Double => self.double,
            Action::Split => self.split,
        }
    }

    /// The allowed actions with their EVs, best first.
    pub fn ranked(&self) -> Vec<(Action, f64)> {
        let mut all: Vec<(Action, f64)> = Action::ALL
            .into_iter()
            .filter_map(|a| self.get(a).map(|ev| (a, ev)))
            .collect();
        all.sort_by(|a, b| b.1.total_cmp(&a.1));
        all
    }

    /// The best action and its EV.
    pub fn best(&self) -> (Action, f64) {
        self.ranked()[0]
    }

    /// The best EV among the actions in `legal` (stand if none of them has a value).
    pub fn best_among(&self, legal: ActionSet) -> (Action, f64) {
        self.ranked()
            .into_iter()
            .find(|(a, _)| legal.contains(*a))
            .unwrap_or((Action::Stand, self.stand))
    }
}

/// Which game the EVs are for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Game {
    /// This variant: the dealer's face-down card is not looked at until the players are done,
    /// so a dealer natural takes every stake, doubles and splits included.
    #[default]
    NoHoleCard,
    /// The American peek game (analysis only, for comparison): under an ace or a ten the
    /// dealer checks for a natural before anyone plays; a natural takes only the original bet.
    Peek,
}

impl Game {
    /// `no-hole-card` or `peek`.
    pub const fn name(self) -> &'static str {
        match self {
            Game::NoHoleCard => "no-hole-card",
            Game::Peek => "peek",
        }
    }
}

/// Where the hand stands in the round: it changes what is allowed and how a 21 is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HandContext {
    /// The hand came from a split (a two-card 21 is not a natural; doubling needs DAS).
    pub from_split: bool,
    /// The hand is a split ace.
    pub split_aces: bool,
    /// Hands the seat holds now (1 before any split).
    pub hands: u8,
}

/// How split hands (and the hands after hits) are played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Play<'c> {
    /// The best action for the exact composition.
    Optimal,
    /// The chart's code, resolved among the legal actions.
    Chart(&'c Chart),
}

/// A hand being evaluated: the cards it removed from the shoe.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct State {
    key: u64,
    rem: [u8; 10],
    removed: u16,
    hard: u8,
    ace: bool,
}

impl State {
    const EMPTY: State = State {
        key: 0,
        rem: [0; 10],
        removed: 0,
        hard: 0,
        ace: false,
    };

    fn with(mut self, value: u8) -> State {
        let i = usize::from(value) - 1;
        self.key += 1 << (6 * i);
        self.rem[i] += 1;
        self.removed += 1;
        self.hard += value;
        self.ace |= value == 1;
        self
    }

    /// Takes a card out of the shoe that is not in this hand (another split hand's pair card).
    fn without(mut self, value: u8) -> State {
        let i = usize::from(value) - 1;
        self.key += 1 << (6 * i);
        self.rem[i] += 1;
        self.removed += 1;
        self
    }

    fn best(&self) -> u8 {
        if self.ace && self.hard + 10 <= 21 {
            self.hard + 10
        } else {
            self.hard
        }
    }

    fn soft(&self) -> bool {
        self.ace && self.hard + 10 <= 21
    }
}

/// The EV calculator for one up card and one shoe (the cards left before any player card is
/// taken out: the up card already removed). Memoised; reuse it for many hands.
pub struct Solver<'r> {
    rules: &'r Rules,
    up: u8,
    pre: [u16; 10],
    pre_total: u16,
    pays: f64,
    shapes: &'static DealerShapes,
    dealer_memo: FxMap<u64, DealerProbs>,
    hit_memo: FxMap<(u64, u8), f64>,
    chart_memo: FxMap<(u64, u8), f64>,
    scratch: Vec<f64>,
    /// Dealer passes made: plain, family.
    passes: (u32, u32),
    /// The dealer peeked for a natural under this up card (see [`Solver::for_game`]).
    peek: bool,
}

impl<'r> Solver<'r> {
    /// A solver for up card `up` (1 = ace … 10) with `shoe` the cards left besides the up card.
    pub fn new(rules: &'r Rules, up: u8, shoe: [u16; 10]) -> Solver<'r> {
        Solver::for_game(rules, up, shoe, Game::NoHoleCard)
    }

    /// [`Solver::new`] for `game`. In the peek game, under an ace or a ten, the EVs of a
    /// round's first hand (not one made by a split) are of the whole round: the dealer's
    /// natural (found by the peek) costs the original unit only, or pushes a player natural,
    /// and every action's EV counts its stake only when the dealer has no natural. A hand
    /// made by a split gets the second part only (its EV times the chance that the dealer has
    /// no natural, with that natural's loss left out). Exact: by exchangeability the face-down
    /// card may be drawn after the player's cards, so each outcome is weighted by the chance
    /// that the shoe left then gives the dealer no natural; the best action at every decision
    /// is the same as with the conditional EVs, as all actions there share that chance.
    /// Under other up cards, and in the no-hole-card game, nothing changes.
    pub fn for_game(rules: &'r Rules, up: u8, shoe: [u16; 10], game: Game) -> Solver<'r> {
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
            passes: (0, 0),
            peek: game == Game::Peek && (up == 1 || up == 10),
        }
    }

    /// Makes room in the memo tables for about `states` player states, so that a long
    /// analysis (a whole chart column) does not grow them step by step.
    pub fn reserve(&mut self, states: usize) {
        self.dealer_memo.reserve(states);
        self.hit_memo.reserve(states / 2);
    }

    /// Whether the shoe holds every card of `values`.
    pub fn holds(&self, values: &[u8]) -> bool {
        let mut need = [0u16; 10];
        for &v in values {
            need[usize::from(v) - 1] += 1;
        }
        need.iter().zip(self.pre).all(|(n, have)| *n <= have)
    }

    fn state_of(values: &[u8]) -> State {
        values.iter().fold(State::EMPTY, |s, &v| s.with(v))
    }

    fn left(&self, s: &State, value: u8) -> u16 {
        let i = usize::from(value) - 1;
        self.pre[i].saturating_sub(u16::from(s.rem[i]))
    }

    fn draw_probability(&self, s: &State, value: u8) -> f64 {
        let n = self.pre_total.saturating_sub(s.removed);
        if n == 0 {
            0.0
        } else {
            f64::from(self.left(s, value)) / f64::from(n)
        }
    }

    /// Probability that one more card takes the hand over 21.
    fn bust_probability(&self, s: &State) -> f64 {
        let safe = 21u8.saturating_sub(s.hard);
        if safe >= 10 {
            return 0.0;
        }
        ((safe + 1)..=10).map(|v| self.draw_probability(s, v)).sum()
    }

    /// The cards left in the shoe once the cards of `s` are out.
    fn shoe_of(&self, s: &State) -> [u16; 10] {
        std::array::from_fn(|i| self.left(s, i as u8 + 1))
    }

    /// The EV of standing after each card that may come next (index `value − 1`): `-1` where
    /// that card busts the hand, 0 where the shoe holds no such card. The dealer's
    /// probabilities come from the memo; when two or more are missing, one family pass computes
    /// them all at about the cost of two plain passes.
    fn next_stands(&mut self, s: &State) -> [f64; 10] {
        let mut stands = [0.0; 10];
        let mut missing = [false; 10];
        let mut count = 0;
        for v in 1..=10u8 {
            let i = usize::from(v) - 1;
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
                stands[i] = self.stand(&s.with(i as u8 + 1));
            }
        } else if count > 1 {
            let shoe = self.shoe_of(s);
            self.passes.1 += 1;
            let family = self.shapes.family_with(self.up, &shoe, &mut self.scratch);
            for (i, less) in family.less.iter().enumerate() {
                let Some(p) = less else { continue };
                let next = s.with(i as u8 + 1);
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
        self.passes.0 += 1;
        let p = self
            .shapes
            .probabilities_with(self.up, &shoe, &mut self.scratch);
        self.dealer_memo.insert(s.key, p);
        p
    }

    /// The dealer's outcome probabilities after the player's cards `values` are out.
    pub fn dealer_probabilities(&mut self, values: &[u8]) -> DealerProbs {
        self.dealer(&Self::state_of(values))
    }

    /// EV of standing on a hand that is not a natural.
    fn stand(&mut self, s: &State) -> f64 {
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
        if self.peek {
            stand_ev(total, p) + p[NATURAL]
        } else {
            stand_ev(total, p)
        }
    }

    /// The EV of a hand `s` that went over 21: −1, or in the peek game −1 times the chance
    /// that the dealer has no natural from the shoe left.
    fn bust_value(&self, s: &State) -> f64 {
        if self.peek {
            -(1.0 - self.dealer_natural(s))
        } else {
            -1.0
        }
    }

    /// The chance that the dealer's face-down card makes a natural with the up card, once the
    /// cards of `s` are out (0 but under an ace or a ten).
    fn dealer_natural(&self, s: &State) -> f64 {
        match self.up {
            1 => self.draw_probability(s, 10),
            10 => self.draw_probability(s, 1),
            _ => 0.0,
        }
    }

    /// What the peek game adds to the EV of every action of a round's first hand that is not
    /// a natural: the original unit lost to a dealer natural (0 in the no-hole-card game).
    fn peeked_natural_loss(&self, s: &State) -> f64 {
        if self.peek {
            -self.dealer_natural(s)
        } else {
            0.0
        }
    }

    /// EV of a natural: paid unless the dealer has one too (a push).
    fn natural(&mut self, s: &State) -> f64 {
        let p = self.dealer(s);
        self.pays * (1.0 - p[NATURAL])
    }

    /// EV of hitting, then hitting or standing, whichever is better for the exact composition.
    fn hit(&mut self, s: &State) -> f64 {
        let memo_key = (s.key, s.hard | (u8::from(s.ace) << 5));
        if let Some(&ev) = self.hit_memo.get(&memo_key) {
            return ev;
        }
        let stands = self.next_stands(s);
        let mut ev = 0.0;
        for v in 1..=10u8 {
            let p = self.draw_probability(s, v);
            if p == 0.0 {
                continue;
            }
            let next = s.with(v);
            let stand = stands[usize::from(v) - 1];
            let value = if next.hard > 21 || next.best() == 21 {
                stand
            } else {
                // Hitting can win at most 1 when it does not bust: if even that bound is no
                // better than standing, the hit need not be evaluated (an exact prune).
                // (In the peek game the bound does not hold as written: no prune there.)
                if !self.peek && stand >= 1.0 - 2.0 * self.bust_probability(&next) {
                    stand
                } else {
                    stand.max(self.hit(&next))
                }
            };
            ev += p * value;
        }
        self.hit_memo.insert(memo_key, ev);
        ev
    }

    /// EV of hitting, then following `chart` (no doubling or splitting after a hit).
    fn hit_by_chart(&mut self, s: &State, chart: &Chart) -> f64 {
        let memo_key = (s.key, s.hard | (u8::from(s.ace) << 5));
        if let Some(&ev) = self.chart_memo.get(&memo_key) {
            return ev;
        }
        let stands = self.next_stands(s);
        let hit_stand: ActionSet = [Action::Hit, Action::Stand].into_iter().collect();
        let mut ev = 0.0;
        for v in 1..=10u8 {
            let p = self.draw_probability(s, v);
            if p == 0.0 {
                continue;
            }
            let next = s.with(v);
            let stand = stands[usize::from(v) - 1];
            let value = if next.hard > 21 || next.best() == 21 {
                stand
            } else {
                let cell = total_cell(&next, self.up);
                match chart.get(cell).resolve(hit_stand) {
                    Action::Hit => self.hit_by_chart(&next, chart),
                    _ => stand,
                }
            };
            ev += p * value;
        }
        self.chart_memo.insert(memo_key, ev);
        ev
    }

    /// EV of doubling: one card, then stand with two units at stake.
    fn double(&mut self, s: &State) -> f64 {
        let stands = self.next_stands(s);
        (1..=10u8)
            .map(|v| self.draw_probability(s, v) * 2.0 * stands[usize::from(v) - 1])
            .sum()
    }

    /// The legal actions of the hand `values` in context `ctx`: the engine's rules of action
    /// (the analysis plays per unit, so money never stands in the way).
    fn legal(&self, values: &[u8], ctx: HandContext) -> ActionSet {
        let hand = legal::hand_of_values(values, ctx.from_split, ctx.split_aces);
        legal::legal_actions(self.rules, &hand, SeatSpot::unlimited(ctx.hands.max(1)))
    }

    /// The EV of every action for the hand `values` (card values, 1 = ace) in context `ctx`.
    pub fn evs(&mut self, values: &[u8], ctx: HandContext) -> HandEvs {
        let s = hand_state(values);
        let natural = !ctx.from_split && values.len() == 2 && s.best() == 21;
        let stand = if natural {
            self.natural(&s)
        } else {
            self.stand(&s)
        };
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
        HandEvs {
            stand,
            hit,
            double,
            split,
        }
    }

    /// EV of the first decision that `chart` makes for a two-card hand, with the chart played
    /// after hits and in split hands too.
    pub fn chart_ev(&mut self, values: &[u8], chart: &Chart) -> f64 {
        let s = hand_state(values);
        if values.len() == 2 && s.best() == 21 {
            return self.natural(&s);
        }
        let ctx = HandContext {
            hands: 1,
            ..HandContext::default()
        };
        let legal = self.legal(values, ctx);
        let ev = match chart.decide(&Cards::from_cards(&cards_of(values)), self.up, legal) {
            Action::Stand => self.stand(&s),
            Action::Hit => self.hit_by_chart(&s, chart),
            Action::Double => self.double(&s),
            Action::Split => self.split(values[0], 1, Play::Chart(chart)),
        };
        if self.peek {
            ev + self.peeked_natural_loss(&s)
        } else {
            ev
        }
    }

    /// EV of splitting a pair of `v` when the seat holds `hands` hands (1 before any split).
    ///
    /// Method ("pair cards tracked"): each split hand is played from the shoe less the up
    /// card and less every pair card dealt so far to the split hands — one per hand created —
    /// but not the other cards those hands drew. A small dynamic programme over (hands made,
    /// hands still waiting for their second card) follows every way re-splitting can go up to
    /// `max_hands`: when a hand's second card is another `v`, it is re-split if the rules allow
    /// it and (playing optimally) if re-splitting is worth more than playing the pair on.
    /// Each finished hand's EV is its exact EV (stand, hit, double after split) from that
    /// shoe. Ignoring the non-pair cards of the sibling hands is the usual approximation of
    /// published analysers; its error on a split EV is of the order of 10⁻³ units in 6 decks.
    ///
    /// The solver's shoe already lacks every card on the table but this hand's two, so when
    /// `hands` > 1 (a re-split decision at the table) the pair cards of the earlier split hands
    /// are out already: only the pair cards dealt from here on are taken out again.
    fn split(&mut self, v: u8, hands: u8, play: Play<'_>) -> f64 {
        let max = self.rules.max_hands;
        // A hand made by the split that drew another `v`, with `h` hands held: may it split?
        let pair = legal::hand_of_values(&[v, v], true, v == 1);
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
            for c in 1..=10u8 {
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
                let resplit = f(
                    h + 1,
                    q + 1,
                    pv,
                    nonpair,
                    forced,
                    can_resplit,
                    optimal,
                    memo,
                );
                if optimal {
                    resplit.max(keep_pair)
                } else {
                    resplit
                }
            } else {
                keep_pair
            };
            let x = (1.0 - pv[hi]) * (nonpair[hi] + rest) + pv[hi] * on_pair;
            memo[hi][usize::from(q)] = Some(x);
            x
        }
        let optimal = matches!(play, Play::Optimal);
        f(
            hands + 1,
            2,
            &pv,
            &nonpair,
            &forced,
            &can_resplit,
            optimal,
            &mut memo,
        )
    }

    /// EV of one finished split hand: pair card `v` plus second card `c`, with `base` the pair
    /// cards out so far (this hand's own first card among them). The hand may not be split.
    fn split_hand(&mut self, base: &State, v: u8, c: u8, play: Play<'_>) -> f64 {
        let s = base.with(c);
        debug_assert_eq!(s.hard, v + c);
        let hand = SplitHand {
            first: v,
            second: c,
        };
        // The engine's rules of action, for a split hand that may split no more.
        let legal = legal::legal_actions(
            self.rules,
            &legal::hand_of_values(&[v, c], true, v == 1),
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

    /// The best code for a cell from the weighted EVs of its stand, hit and double (and split,
    /// for pairs), following the chart's conventions.
    pub fn best_code(stand: f64, hit: f64, double: Option<f64>, split: Option<f64>) -> Code {
        let base = if hit > stand {
            (Code::H, hit)
        } else {
            (Code::S, stand)
        };
        let with_double = match double {
            Some(d) if d > base.1 => (if base.0 == Code::H { Code::D } else { Code::Ds }, d),
            _ => base,
        };
        match split {
            Some(p) if p > with_double.1 => Code::P,
            _ => with_double.0,
        }
    }

    /// Sizes of the memo tables (dealer, hit, chart-hit), for diagnostics.
    pub fn memo_sizes(&self) -> String {
        format!(
            "dealer {} (passes: {} plain, {} family) hit {} chart {}",
            self.dealer_memo.len(),
            self.passes.0,
            self.passes.1,
            self.hit_memo.len(),
            self.chart_memo.len()
        )
    }

    /// The number of cards left before any player card is taken out.
    pub fn shoe_total(&self) -> u16 {
        self.pre_total
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

struct SplitHand {
    first: u8,
    second: u8,
}

impl SplitHand {
    fn best(&self) -> u8 {
        let hard = self.first + self.second;
        if (self.first == 1 || self.second == 1) && hard + 10 <= 21 {
            hard + 10
        } else {
            hard
        }
    }
}

fn hand_state(values: &[u8]) -> State {
    Solver::state_of(values)
}

fn cards_of(values: &[u8]) -> Vec<crate::engine::Card> {
    values
        .iter()
        .map(|&v| crate::engine::Card::of_value(v))
        .collect()
}

fn total_cell(s: &State, up: u8) -> Cell {
    if s.soft() {
        Cell {
            kind: HandKind::Soft,
            row: s.best().max(12),
            up,
        }
    } else {
        Cell {
            kind: HandKind::Hard,
            row: s.best().clamp(4, 21),
            up,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ValueCounts;

    fn solver(rules: &Rules, up: u8) -> Solver<'_> {
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
            let evs = s.evs(
                &hand,
                HandContext {
                    hands: 1,
                    ..HandContext::default()
                },
            );
            assert!(
                close(evs.stand, stand, 1e-6),
                "{hand:?} vs {up}: stand {}",
                evs.stand
            );
            assert!(
                close(evs.hit.unwrap(), hit, 1e-6),
                "{hand:?} vs {up}: hit {:?}",
                evs.hit
            );
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
        let evs = s.evs(
            &[1, 10],
            HandContext {
                hands: 1,
                ..HandContext::default()
            },
        );
        // Dealer T: the hole card is an ace with probability 23/309 once A,T are out.
        assert!(close(evs.stand, 1.5 * (1.0 - 23.0 / 309.0), 1e-12));
        let split21 = s.evs(
            &[1, 10],
            HandContext {
                from_split: true,
                split_aces: true,
                hands: 2,
            },
        );
        assert!(split21.stand < evs.stand);
        assert!(split21.hit.is_none() && split21.double.is_none() && split21.split.is_none());
    }

    /// The peek game changes nothing under a 2–9, and under a ten only what the dealer's
    /// natural takes: a stand or a hit loses one unit to it in both games, a double two units
    /// without the peek and one with it.
    #[test]
    fn the_peek_game_returns_the_double_stake_a_natural_would_take() {
        let rules = Rules::default();
        let first = HandContext {
            hands: 1,
            ..HandContext::default()
        };
        let game_solver = |up: u8, game: Game| {
            let mut shoe = ValueCounts::full_shoe(rules.decks);
            shoe.remove(up);
            Solver::for_game(&rules, up, shoe.0, game)
        };
        for hand in [[6u8, 5], [8, 8], [10, 6]] {
            let nhc = game_solver(6, Game::NoHoleCard).evs(&hand, first);
            let peek = game_solver(6, Game::Peek).evs(&hand, first);
            assert_eq!(nhc, peek, "{hand:?} vs 6");
        }
        let nhc = game_solver(10, Game::NoHoleCard).evs(&[6, 5], first);
        let peek = game_solver(10, Game::Peek).evs(&[6, 5], first);
        // Aces left once T, 6, 5 are out: 24 of 309.
        let natural = 24.0 / 309.0;
        assert!(close(nhc.stand, peek.stand, 1e-12));
        assert!(close(nhc.hit.unwrap(), peek.hit.unwrap(), 1e-12));
        assert!(close(
            peek.double.unwrap() - nhc.double.unwrap(),
            natural,
            1e-12
        ));
        // A split risks two units or more to the natural without the peek, one with it.
        let nhc = game_solver(10, Game::NoHoleCard).evs(&[8, 8], first);
        let peek = game_solver(10, Game::Peek).evs(&[8, 8], first);
        assert!(peek.split.unwrap() - nhc.split.unwrap() > natural * 0.99);
    }

    #[test]
    fn split_limits_follow_the_rules() {
        let rules = Rules::default();
        let mut s = solver(&rules, 6);
        let first = HandContext {
            hands: 1,
            ..HandContext::default()
        };
        assert!(s.evs(&[8, 8], first).split.is_some());
        assert!(
            s.evs(
                &[8, 8],
                HandContext {
                    hands: 4,
                    from_split: true,
                    ..first
                }
            )
            .split
            .is_none()
        );
        assert!(
            s.evs(
                &[1, 1],
                HandContext {
                    hands: 2,
                    from_split: true,
                    split_aces: true
                }
            )
            .split
            .is_none()
        );
        assert!(s.evs(&[8, 9], first).split.is_none());
    }

    #[test]
    fn splitting_eights_against_six_beats_hitting_sixteen() {
        let rules = Rules::default();
        let mut s = solver(&rules, 6);
        let evs = s.evs(
            &[8, 8],
            HandContext {
                hands: 1,
                ..HandContext::default()
            },
        );
        assert!(evs.split.unwrap() > evs.hit.unwrap().max(evs.stand));
        assert_eq!(evs.best().0, Action::Split);
    }

    /// A re-split at the table (two hands already, a third allowed and no more): the other
    /// hand's 8 is already out of the shoe, so the two new hands are each an 8 plus a card
    /// from the shoe less the three 8s on the table, played as well as the rules allow.
    #[test]
    fn a_resplit_at_the_table_takes_out_only_the_new_pair_card() {
        let rules = Rules::from_toml("max_hands = 3").unwrap();
        let up = 6;
        // Left in the shoe: all but the up card and the three 8s on the table.
        let mut left = ValueCounts::full_shoe(rules.decks);
        for v in [up, 8, 8, 8] {
            left.remove(v);
        }
        let at_table = HandContext {
            from_split: true,
            split_aces: false,
            hands: 2,
        };
        let split = super::super::hand_evs(&rules, &[8, 8], up, &left, at_table)
            .split
            .unwrap();
        // Independently: each of the two hands is 8 + c, c drawn from `left`, then its best
        // play with doubling after the split and no further split (three hands made).
        let total = f64::from(left.total());
        let mut one_hand = 0.0;
        for c in 1..=10u8 {
            let p = f64::from(left.get(c)) / total;
            let mut rest = left;
            rest.remove(c);
            let ctx = HandContext {
                from_split: true,
                split_aces: false,
                hands: 3,
            };
            let evs = super::super::hand_evs(&rules, &[8, c], up, &rest, ctx);
            one_hand += p * evs.best().1;
        }
        assert!(
            (split - 2.0 * one_hand).abs() < 1e-12,
            "{split} vs {}",
            2.0 * one_hand
        );
    }

    #[test]
    fn more_hands_allowed_never_lowers_the_split_value() {
        let two = Rules::from_toml("max_hands = 2").unwrap();
        let four = Rules::default();
        for v in 2..=9u8 {
            let a = solver(&two, 6)
                .evs(
                    &[v, v],
                    HandContext {
                        hands: 1,
                        ..HandContext::default()
                    },
                )
                .split
                .unwrap();
            let b = solver(&four, 6)
                .evs(
                    &[v, v],
                    HandContext {
                        hands: 1,
                        ..HandContext::default()
                    },
                )
                .split
                .unwrap();
            assert!(b >= a - 1e-12, "{v},{v}: {a} vs {b}");
        }
    }
}
