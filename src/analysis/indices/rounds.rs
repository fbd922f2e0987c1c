//! Where rounds start: the cards one round takes from the shoe, and from them the chance that
//! a round starts at each depth and running count.
//!
//! Rounds start where the one before ended: every shoe's first at depth 0, and fewer where
//! rounds took many cards (a positive count). [`round_starts`] follows the shoe round by round
//! (a Markov chain over depth and running count), each round taking [`rounds_cards`]' cards.

use super::shoes::{Layout, RoundStarts};
use crate::analysis::chart::Chart;
use crate::engine::{Action, ActionSet, Card, Cards, MAX_HANDS, Rules, Total, Value};

/// The most cards one round is followed to; the rare longer rounds count as this many.
pub(super) const MAX_ROUND_CARDS: usize = 40;
/// Paths of a round less likely than this are not followed further: their chance is counted
/// at the cards they had taken (a few splits deep, the paths multiply beyond counting; all
/// those cut off together weigh under 10⁻⁶, see the test).
const PRUNE: f64 = 1e-10;
/// The chance of each (cards taken, count of those cards) of one round:
/// `p[k][rc + span]`.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct RoundCards {
    /// The count of one round's cards lies in `−span..=span`: the most cards followed times
    /// the count's level.
    pub span: i32,
    pub p: Vec<Vec<f64>>,
}

impl RoundCards {
    fn new(level: i32) -> RoundCards {
        let span = MAX_ROUND_CARDS as i32 * level.max(1);
        RoundCards { span, p: vec![vec![0.0; 2 * span as usize + 1]; MAX_ROUND_CARDS + 1] }
    }

    /// The mean number of cards a round takes.
    #[cfg(test)]
    pub fn mean_cards(&self) -> f64 {
        self.p.iter().enumerate().map(|(k, row)| k as f64 * row.iter().sum::<f64>()).sum()
    }

    /// The chance that a round takes `k` cards.
    #[cfg(test)]
    pub fn cards(&self, k: usize) -> f64 {
        self.p.get(k).map_or(0.0, |row| row.iter().sum())
    }
}

/// Shoes followed together in one walk, one per lane: the walk's decisions are the chart's,
/// the same for every shoe, so one walk serves them all and only the chances differ per lane
/// (each lane's arithmetic and the order of its sums are those of a walk of its shoe alone).
const LANES: usize = 4;

/// One chance per lane; 0 in a lane whose path has stopped (or never started).
type Lanes = [f64; LANES];

/// The shoes a round is dealt from, one per lane: their cards by value (`cards[value − 1]`,
/// one count per lane) and how many are left, kept as the cards are taken and put back (so
/// that no step sums a shoe again). A lane whose path has stopped may take a card its shoe
/// does not hold: its counts wrap, are never read while it is stopped, and come back as the
/// card is put back.
struct Dealing {
    cards: [[u16; LANES]; 10],
    left: [u32; LANES],
}

impl Dealing {
    fn of(shoes: &[[u16; 10]]) -> Dealing {
        let mut dealing = Dealing { cards: [[0; LANES]; 10], left: [0; LANES] };
        for (lane, shoe) in shoes.iter().enumerate() {
            for (v, &c) in shoe.iter().enumerate() {
                dealing.cards[v][lane] = c;
            }
            dealing.left[lane] = shoe.iter().map(|&c| u32::from(c)).sum();
        }
        dealing
    }

    /// Per lane, `p` times the chance that the next card is a `v`: 0 where the lane has
    /// stopped (`p` 0) or its shoe holds no `v`.
    fn chances(&self, p: &Lanes, v: Value) -> Lanes {
        let left = &self.cards[v.index()];
        std::array::from_fn(|j| {
            if p[j] > 0.0 && left[j] > 0 {
                p[j] * f64::from(left[j]) / f64::from(self.left[j])
            } else {
                0.0
            }
        })
    }

    fn take(&mut self, v: Value) {
        for (c, n) in self.cards[v.index()].iter_mut().zip(&mut self.left) {
            *c = c.wrapping_sub(1);
            *n = n.wrapping_sub(1);
        }
    }

    fn put_back(&mut self, v: Value) {
        for (c, n) in self.cards[v.index()].iter_mut().zip(&mut self.left) {
            *c = c.wrapping_add(1);
            *n = n.wrapping_add(1);
        }
    }
}

/// Whether some lane still follows its path.
fn any(p: &Lanes) -> bool {
    p.iter().any(|&x| x > 0.0)
}

/// The lanes whose path is less likely than [`PRUNE`] (they stop here) and the others.
fn prune(p: &Lanes) -> (Lanes, Lanes) {
    let stop = p.map(|x| if x < PRUNE { x } else { 0.0 });
    let go = p.map(|x| if x < PRUNE { 0.0 } else { x });
    (stop, go)
}

/// One hand of the seat while the round is followed.
#[derive(Clone, Copy, Default)]
struct Hand {
    cards: Cards,
    from_split: bool,
    split_aces: bool,
    closed: bool,
    natural: bool,
}

impl Hand {
    fn live(&self) -> bool {
        !self.cards.is_bust() && !self.natural
    }
}

struct Walk<'a> {
    rules: &'a Rules,
    tags: &'a [i32; 10],
    chart: &'a Chart,
    up: Value,
    /// The count of one round's cards lies in `−span..=span`.
    span: i32,
    /// Per lane, the chance of each (cards taken, count): `found[k * width + rc + span]`,
    /// `width` being `2 · span + 1`.
    found: Vec<Lanes>,
}

/// [`rounds_cards`] for one shoe.
#[cfg(test)]
pub(super) fn round_cards(
    rules: &Rules,
    chart: &Chart,
    tags: &[i32; 10],
    shoe: &[u16; 10],
) -> RoundCards {
    let mut one = rounds_cards(rules, chart, tags, std::slice::from_ref(shoe));
    one.remove(0)
}

/// The exact chance of every (cards taken, their count by `tags`, per value ace first) for one
/// round dealt from each of `shoes` (at most [`LANES`], in one walk; cards by value, index
/// `value − 1`), one seat playing `chart` as the simulator's basic-strategy seat does (the
/// chart's code among the legal actions), the dealer as the rules say: the face-down card
/// always, more cards only while some hand of the seat is neither bust nor a natural and the
/// dealer has no natural. Cards are drawn without replacement. The face-down card is drawn
/// after the seat's cards here: the seat never sees it, so that changes no chance.
fn rounds_cards(
    rules: &Rules,
    chart: &Chart,
    tags: &[i32; 10],
    shoes: &[[u16; 10]],
) -> Vec<RoundCards> {
    let level = tags.iter().map(|t| t.abs()).max().unwrap_or(1);
    let tag = |v: Value| tags[v.index()];
    let mut shoe = Dealing::of(shoes);
    let span = RoundCards::new(level).span;
    let width = 2 * span as usize + 1;
    let mut walk = Walk {
        rules,
        tags,
        chart,
        up: Value::ACE,
        span,
        found: vec![[0.0; LANES]; (MAX_ROUND_CARDS + 1) * width],
    };
    let start: Lanes = std::array::from_fn(|j| if j < shoes.len() { 1.0 } else { 0.0 });
    // Per lane the chance of each of the first three cards alone (read only in the lanes
    // whose earlier cards their shoes held).
    let chance = |shoe: &Dealing, v: Value| shoe.chances(&start, v);
    for a in Value::ALL {
        let pa = chance(&shoe, a);
        if !any(&pa) {
            continue;
        }
        shoe.take(a);
        for up in Value::ALL {
            let pu = chance(&shoe, up);
            let pau: Lanes = std::array::from_fn(|j| if pa[j] > 0.0 { pu[j] } else { 0.0 });
            if !any(&pau) {
                continue;
            }
            shoe.take(up);
            walk.up = up;
            for b in Value::ALL {
                let pb = chance(&shoe, b);
                let p: Lanes = std::array::from_fn(|j| {
                    if pau[j] > 0.0 && pb[j] > 0.0 { pa[j] * pu[j] * pb[j] } else { 0.0 }
                });
                if !any(&p) {
                    continue;
                }
                shoe.take(b);
                let cards = Cards::from_values(&[a, b]);
                let hand = Hand {
                    cards,
                    natural: cards.is_two_card_21(),
                    closed: cards.is_two_card_21(),
                    ..Hand::default()
                };
                let mut hands = [Hand::default(); MAX_HANDS];
                hands[0] = hand;
                walk.player(&mut shoe, &mut hands, 1, 0, p, 3, tag(a) + tag(up) + tag(b));
                shoe.put_back(b);
            }
            shoe.put_back(up);
        }
        shoe.put_back(a);
    }
    (0..shoes.len())
        .map(|lane| {
            let mut out = RoundCards::new(level);
            for (row, found) in out.p.iter_mut().zip(walk.found.chunks(width)) {
                for (x, f) in row.iter_mut().zip(found) {
                    *x = f[lane];
                }
            }
            out
        })
        .collect()
}

impl Walk<'_> {
    fn tag(&self, v: Value) -> i32 {
        self.tags[v.index()]
    }

    /// Draws each value from `shoe` in turn with its chance per lane, runs `then`, and puts it
    /// back (a value no lane can draw is passed over).
    fn each_card(shoe: &mut Dealing, p: &Lanes, mut then: impl FnMut(&mut Dealing, Value, Lanes)) {
        for v in Value::ALL {
            let q = shoe.chances(p, v);
            if !any(&q) {
                continue;
            }
            shoe.take(v);
            then(shoe, v, q);
            shoe.put_back(v);
        }
    }

    fn legal(&self, hand: &Hand, count: usize) -> ActionSet {
        let rules = self.rules;
        let mut set = ActionSet::EMPTY;
        set.insert(Action::Stand);
        if !hand.split_aces || rules.hit_split_aces {
            set.insert(Action::Hit);
        }
        if hand.cards.len() == 2
            && !hand.split_aces
            && (!hand.from_split || rules.double_after_split)
            && rules.double_on.allows(hand.cards.total().value)
        {
            set.insert(Action::Double);
        }
        if hand.cards.is_pair()
            && count < usize::from(rules.max_hands).min(MAX_HANDS)
            && (!hand.split_aces || rules.resplit_aces)
        {
            set.insert(Action::Split);
        }
        set
    }

    /// Whether a hand that just took a card is done (the engine's `close_if_done`, and after
    /// a split card its `after_split_card`).
    fn done_after_card(&self, hand: &Hand, count: usize, split_card: bool) -> bool {
        let total = hand.cards.total().value;
        if hand.cards.is_bust() || total == 21 {
            return true;
        }
        if hand.split_aces && !self.rules.hit_split_aces {
            // A split ace closes unless it may be split again.
            return !(split_card && self.legal(hand, count).contains(Action::Split));
        }
        false
    }

    /// Plays hand `i` of the `count` hands, then the next ones, then the dealer; a lane whose
    /// path is less likely than [`PRUNE`] is recorded here and stops.
    #[allow(clippy::too_many_arguments)]
    fn player(
        &mut self,
        shoe: &mut Dealing,
        hands: &mut [Hand; MAX_HANDS],
        count: usize,
        i: usize,
        p: Lanes,
        k: usize,
        rc: i32,
    ) {
        let (stop, p) = prune(&p);
        if any(&stop) {
            self.record(&stop, k, rc);
        }
        if !any(&p) {
            return;
        }
        if i == count {
            let live = hands[..count].iter().any(Hand::live);
            self.dealer(shoe, live, &p, k, rc);
            return;
        }
        let hand = hands[i];
        if hand.closed {
            self.player(shoe, hands, count, i + 1, p, k, rc);
            return;
        }
        if hand.cards.len() == 1 {
            // A split hand takes its second card when play reaches it.
            Self::each_card(shoe, &p, |shoe, v, q| {
                let mut h = hand;
                h.cards.push(Card::of(v));
                h.closed = self.done_after_card(&h, count, true);
                hands[i] = h;
                self.player(shoe, hands, count, i, q, k + 1, rc + self.tag(v));
            });
            hands[i] = hand;
            return;
        }
        let legal = self.legal(&hand, count);
        match self.chart.decide(&hand.cards, self.up, legal) {
            Action::Stand => {
                hands[i].closed = true;
                self.player(shoe, hands, count, i + 1, p, k, rc);
                hands[i] = hand;
            }
            action @ (Action::Hit | Action::Double) => {
                Self::each_card(shoe, &p, |shoe, v, q| {
                    let mut h = hand;
                    h.cards.push(Card::of(v));
                    h.closed = action == Action::Double || self.done_after_card(&h, count, false);
                    hands[i] = h;
                    self.player(shoe, hands, count, i, q, k + 1, rc + self.tag(v));
                });
                hands[i] = hand;
            }
            Action::Split => {
                let saved = *hands;
                let pair = hand.cards.as_slice()[0].value();
                let aces = pair.is_ace();
                let one = Hand {
                    cards: Cards::from_values(&[pair]),
                    from_split: true,
                    split_aces: aces,
                    ..Hand::default()
                };
                // The new hand goes just after this one; the later ones move right.
                hands.copy_within(i + 1..count, i + 2);
                hands[i] = one;
                hands[i + 1] = one;
                self.player(shoe, hands, count + 1, i, p, k, rc);
                *hands = saved;
            }
        }
    }

    /// Whether the dealer draws to a hard total `hard` (`ace`: holding an ace).
    fn dealer_hits(&self, hard: u8, ace: bool) -> bool {
        let total = Total::of(hard, ace);
        total.value < 17 || (total.value == 17 && total.soft && self.rules.dealer_hits_soft_17)
    }

    /// The dealer: the face-down card, then draws while the rules say and a hand is live.
    fn dealer(&mut self, shoe: &mut Dealing, live: bool, p: &Lanes, k: usize, rc: i32) {
        let up = self.up;
        Self::each_card(shoe, p, |shoe, hole, q| {
            let (k, rc) = (k + 1, rc + self.tag(hole));
            let (hard, ace) = (up.get() + hole.get(), up.is_ace() || hole.is_ace());
            let natural = ace && hard == 11;
            if natural || !live || !self.dealer_hits(hard, ace) {
                self.record(&q, k, rc);
            } else {
                self.draw_on(shoe, hard, ace, &q, k, rc);
            }
        });
    }

    /// The dealer's hand of hard total `hard` (`ace`: holding an ace), which draws, having
    /// just taken a card at chance `p` per lane: a lane less likely than [`PRUNE`] is recorded
    /// and stops, the others draw on.
    fn draw_on(&mut self, shoe: &mut Dealing, hard: u8, ace: bool, p: &Lanes, k: usize, rc: i32) {
        let (stop, go) = prune(p);
        if any(&stop) {
            self.record(&stop, k, rc);
        }
        if any(&go) {
            self.draw(shoe, hard, ace, &go, k, rc);
        }
    }

    /// The dealer's hand of hard total `hard` (`ace`: holding an ace), which draws, at chance
    /// `p` per lane (each at least [`PRUNE`], or 0): each card in turn, recorded where the
    /// dealer then stops, followed on where the dealer draws again.
    fn draw(&mut self, shoe: &mut Dealing, hard: u8, ace: bool, p: &Lanes, k: usize, rc: i32) {
        for v in Value::ALL {
            let q = shoe.chances(p, v);
            if !any(&q) {
                continue;
            }
            let (k, rc) = (k + 1, rc + self.tag(v));
            let (hard, ace) = (hard + v.get(), ace || v.is_ace());
            if self.dealer_hits(hard, ace) {
                shoe.take(v);
                self.draw_on(shoe, hard, ace, &q, k, rc);
                shoe.put_back(v);
            } else {
                self.record(&q, k, rc);
            }
        }
    }

    /// Adds each lane's chance to its (cards taken, count); a stopped lane adds 0, which
    /// leaves its sums as they were.
    fn record(&mut self, p: &Lanes, k: usize, rc: i32) {
        let k = k.min(MAX_ROUND_CARDS);
        let span = self.span;
        let rc = rc.clamp(-span, span);
        let width = 2 * span as usize + 1;
        let slot = &mut self.found[k * width + (rc + span) as usize];
        for (s, x) in slot.iter_mut().zip(p) {
            *s += x;
        }
    }
}

/// Follows the shoe round by round ([`RoundStarts`]). A round that starts at depth `d` and
/// running count `rc` takes `k` cards counting `Δ` with the chance [`rounds_cards`] gives for a
/// shoe of the same coordinate ([`super::model::CountModel::coordinate`]; a balanced count's
/// true count): computed exactly for grid shoes of the layout at half the cut card's depth,
/// their running counts 10 apart for Hi-Lo (about 2.7 true counts for six decks, the neutral
/// cards in proportion and every group split evenly over its ranks; for another count as many
/// times 10 as its tags spread more than Hi-Lo's), and linear in the coordinate between them
/// (the nearest one's beyond the grid).
pub(super) fn round_starts(
    rules: &Rules,
    chart: &Chart,
    layout: &Layout,
    threads: usize,
) -> RoundStarts {
    let model = &layout.model;
    let depth = layout.cut / 2;
    let base = model.on_lattice(f64::from(depth) * model.mean);
    let step = model.rc_step(10.0);
    let grid: Vec<(f64, [u16; 10])> = (-3..=3)
        .filter_map(|j| {
            let rc = base + step * j;
            let (n, shoe) = layout.even_shoe(depth, rc, 0)?;
            Some((model.coordinate(layout.cards, n, i64::from(rc)), shoe))
        })
        .collect();
    // The grid's shoes in walks of up to LANES shoes each, the walks on the threads.
    let shoes: Vec<[u16; 10]> = grid.iter().map(|(_, shoe)| *shoe).collect();
    let walks: Vec<&[[u16; 10]]> = shoes.chunks(LANES).collect();
    let kernels: Vec<Vec<(usize, i32, f64)>> =
        crate::analysis::strategy::parallel_map(&walks, threads, |shoes| {
            rounds_cards(rules, chart, &model.tags, shoes)
        })
        .into_iter()
        .flatten()
        .map(|r| {
            let mut sparse = Vec::new();
            for (k, row) in r.p.iter().enumerate() {
                for (i, &p) in row.iter().enumerate() {
                    if p > 1e-15 {
                        sparse.push((k, i as i32 - r.span, p));
                    }
                }
            }
            sparse
        })
        .collect();
    let tcs: Vec<f64> = grid.iter().map(|(t, _)| *t).collect();
    let cut = layout.cut as usize;
    let span = (layout.cards as i32).min(120) * model.level;
    let width = 2 * span as usize + 1;
    let mut starts = vec![vec![0.0; width]; cut];
    starts[0][span as usize] = 1.0;
    for d in 0..cut {
        for i in 0..width {
            let w = starts[d][i];
            if w < 1e-300 {
                continue;
            }
            let rc = i as i32 - span;
            let t = model.coordinate(layout.cards, d as u32, i64::from(rc));
            let above = tcs.iter().position(|&x| x >= t);
            let mix: [(usize, f64); 2] = match above {
                None => [(tcs.len() - 1, 1.0), (0, 0.0)],
                Some(0) => [(0, 1.0), (0, 0.0)],
                Some(j) => {
                    let f = (t - tcs[j - 1]) / (tcs[j] - tcs[j - 1]);
                    [(j - 1, 1.0 - f), (j, f)]
                }
            };
            for (j, share) in mix {
                if share <= 0.0 {
                    continue;
                }
                for &(k, delta, p) in &kernels[j] {
                    let (to, at) = (d + k, rc + delta);
                    if to < cut && (-span..=span).contains(&at) {
                        starts[to][(at + span) as usize] += w * share * p;
                    }
                }
            }
        }
    }
    let per_shoe = starts.iter().flatten().sum();
    RoundStarts { span, starts, per_shoe }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::strategy::basic_strategy;

    #[test]
    fn a_round_takes_four_cards_or_more_and_the_chances_add_up_to_one() {
        let rules = Rules::default();
        let chart = basic_strategy(&rules).chart.clone();
        let mut shoe = [24u16; 10];
        shoe[9] = 96;
        let r = round_cards(&rules, &chart, &crate::analysis::counts::HI_LO.tags, &shoe);
        let total: f64 = r.p.iter().flatten().sum();
        assert!((total - 1.0).abs() < 1e-9, "{total}");
        assert_eq!(r.cards(3), 0.0);
        // The simulator's shoe, measured: 42.76 rounds a shoe, one start every 5.53 cards past
        // the first rounds (4·10⁸ rounds, default rules).
        let mean = r.mean_cards();
        assert!((5.3..5.8).contains(&mean), "{mean}");
        assert!(r.cards(4) > 0.1 && r.cards(5) > 0.1, "{:?}", &r.p[4..7]);
    }

    /// Shoes walked together, one per lane, get each exactly what a walk of that shoe alone
    /// gets, to the bit: a lane's chances never read another lane's shoe (nor its own counts
    /// after a card it did not hold), its paths stop where its own would, and its sums are
    /// added in the same order.
    #[test]
    fn shoes_walked_together_get_what_each_gets_alone() {
        let rules = Rules::default();
        let chart = basic_strategy(&rules).chart.clone();
        let zen = crate::analysis::counts::CountSystem::built_in("zen").expect("zen");
        // Two decks' worth: rich in tens, without aces (a natural never comes), without fives.
        let mut rich = [8u16; 10];
        rich[9] = 40;
        rich[1] = 3;
        let mut no_aces = [8u16; 10];
        no_aces[9] = 32;
        no_aces[0] = 0;
        let mut no_fives = [8u16; 10];
        no_fives[9] = 28;
        no_fives[4] = 0;
        let shoes = [rich, no_aces, no_fives];
        let together = rounds_cards(&rules, &chart, &zen.tags, &shoes);
        assert_eq!(together.len(), shoes.len());
        for (shoe, lane) in shoes.iter().zip(&together) {
            assert_eq!(*lane, round_cards(&rules, &chart, &zen.tags, shoe), "{shoe:?}");
        }
        assert_ne!(together[0], together[1], "the shoes give different rounds");
    }
}
