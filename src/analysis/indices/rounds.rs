//! Where rounds start: the cards one round takes from the shoe, and from them the chance that
//! a round starts at each depth and running count.
//!
//! A round starts where the one before it ended, so the depths at which rounds start are not
//! spread evenly over the cards before the cut card: every shoe's first round starts at depth
//! 0 (a count of exactly 0), the next ones only after the four or more cards of a round, and
//! where the cards dealt so far took many cards a round (small cards: a positive count) fewer
//! rounds start. [`round_starts`] follows the shoe round by round (a Markov chain over the
//! depth and the running count), each round taking its cards as [`round_cards`] gives them
//! for a shoe at that true count.

use super::shoes::{Layout, RoundStarts};
use crate::analysis::chart::Chart;
use crate::engine::{Action, ActionSet, Card, Cards, MAX_HANDS, Rules, Total};

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
        RoundCards {
            span,
            p: vec![vec![0.0; 2 * span as usize + 1]; MAX_ROUND_CARDS + 1],
        }
    }

    /// The mean number of cards a round takes.
    #[cfg(test)]
    pub fn mean_cards(&self) -> f64 {
        self.p
            .iter()
            .enumerate()
            .map(|(k, row)| k as f64 * row.iter().sum::<f64>())
            .sum()
    }

    /// The chance that a round takes `k` cards.
    #[cfg(test)]
    pub fn cards(&self, k: usize) -> f64 {
        self.p.get(k).map_or(0.0, |row| row.iter().sum())
    }
}

/// The shoe a round is dealt from: its cards by value (index `value − 1`) and how many are
/// left, kept as the cards are taken and put back (so that no step sums the shoe again).
struct Dealing {
    cards: [u16; 10],
    left: u32,
}

impl Dealing {
    fn of(shoe: &[u16; 10]) -> Dealing {
        Dealing {
            cards: *shoe,
            left: shoe.iter().map(|&c| u32::from(c)).sum(),
        }
    }

    /// The chance that the next card is a `v` (0 where none is left).
    fn chance(&self, v: u8) -> f64 {
        f64::from(self.cards[usize::from(v) - 1]) / f64::from(self.left)
    }

    fn take(&mut self, v: u8) {
        self.cards[usize::from(v) - 1] -= 1;
        self.left -= 1;
    }

    fn put_back(&mut self, v: u8) {
        self.cards[usize::from(v) - 1] += 1;
        self.left += 1;
    }
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
    up: u8,
    /// The count of one round's cards lies in `−span..=span`.
    span: i32,
    /// The chance of each (cards taken, count): `found[k * width + rc + span]`, `width` being
    /// `2 · span + 1`.
    found: Vec<f64>,
}

/// The exact chance of every (cards taken, their count by `tags`, per value ace first) for one
/// round dealt from `shoe` (cards by value, index `value − 1`), one seat playing `chart` as the simulator's basic-strategy
/// seat does (the chart's code among the legal actions), the dealer as the rules say: the
/// face-down card always, more cards only while some hand of the seat is neither bust nor a
/// natural and the dealer has no natural. Cards are drawn without replacement. The face-down
/// card is drawn after the seat's cards here: the seat never sees it, so that changes no
/// chance.
pub(super) fn round_cards(
    rules: &Rules,
    chart: &Chart,
    tags: &[i32; 10],
    shoe: &[u16; 10],
) -> RoundCards {
    let level = tags.iter().map(|t| t.abs()).max().unwrap_or(1);
    let tag = |v: u8| tags[usize::from(v) - 1];
    let mut shoe = Dealing::of(shoe);
    let mut out = RoundCards::new(level);
    let width = 2 * out.span as usize + 1;
    let mut walk = Walk {
        rules,
        tags,
        chart,
        up: 1,
        span: out.span,
        found: vec![0.0; (MAX_ROUND_CARDS + 1) * width],
    };
    for a in 1..=10u8 {
        let pa = shoe.chance(a);
        if pa <= 0.0 {
            continue;
        }
        shoe.take(a);
        for up in 1..=10u8 {
            let pu = shoe.chance(up);
            if pu <= 0.0 {
                continue;
            }
            shoe.take(up);
            walk.up = up;
            for b in 1..=10u8 {
                let pb = shoe.chance(b);
                if pb <= 0.0 {
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
                walk.player(
                    &mut shoe,
                    &mut hands,
                    1,
                    0,
                    pa * pu * pb,
                    3,
                    tag(a) + tag(up) + tag(b),
                );
                shoe.put_back(b);
            }
            shoe.put_back(up);
        }
        shoe.put_back(a);
    }
    for (row, found) in out.p.iter_mut().zip(walk.found.chunks(width)) {
        row.copy_from_slice(found);
    }
    out
}

impl Walk<'_> {
    fn tag(&self, v: u8) -> i32 {
        self.tags[usize::from(v) - 1]
    }

    /// Draws each value from `shoe` in turn with its chance, runs `then`, and puts it back.
    fn each_card(shoe: &mut Dealing, p: f64, mut then: impl FnMut(&mut Dealing, u8, f64)) {
        let n = f64::from(shoe.left);
        for v in 1..=10u8 {
            let left = shoe.cards[usize::from(v) - 1];
            if left == 0 {
                continue;
            }
            let q = p * f64::from(left) / n;
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

    /// Plays hand `i` of the `count` hands, then the next ones, then the dealer.
    #[allow(clippy::too_many_arguments)]
    fn player(
        &mut self,
        shoe: &mut Dealing,
        hands: &mut [Hand; MAX_HANDS],
        count: usize,
        i: usize,
        p: f64,
        k: usize,
        rc: i32,
    ) {
        if p < PRUNE {
            self.record(p, k, rc);
            return;
        }
        if i == count {
            let live = hands[..count].iter().any(Hand::live);
            self.dealer(shoe, live, p, k, rc);
            return;
        }
        let hand = hands[i];
        if hand.closed {
            self.player(shoe, hands, count, i + 1, p, k, rc);
            return;
        }
        if hand.cards.len() == 1 {
            // A split hand takes its second card when play reaches it.
            Self::each_card(shoe, p, |shoe, v, q| {
                let mut h = hand;
                h.cards.push(Card::of_value(v));
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
                Self::each_card(shoe, p, |shoe, v, q| {
                    let mut h = hand;
                    h.cards.push(Card::of_value(v));
                    h.closed = action == Action::Double || self.done_after_card(&h, count, false);
                    hands[i] = h;
                    self.player(shoe, hands, count, i, q, k + 1, rc + self.tag(v));
                });
                hands[i] = hand;
            }
            Action::Split => {
                let saved = *hands;
                let pair = hand.cards.as_slice()[0].value();
                let aces = pair == 1;
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
    fn dealer(&mut self, shoe: &mut Dealing, live: bool, p: f64, k: usize, rc: i32) {
        let up = self.up;
        Self::each_card(shoe, p, |shoe, hole, q| {
            let (k, rc) = (k + 1, rc + self.tag(hole));
            let (hard, ace) = (up + hole, up == 1 || hole == 1);
            let natural = Cards::from_values(&[up, hole]).is_two_card_21();
            if natural || !live || q < PRUNE || !self.dealer_hits(hard, ace) {
                self.record(q, k, rc);
            } else {
                self.draw(shoe, hard, ace, q, k, rc);
            }
        });
    }

    /// The dealer's hand of hard total `hard` (`ace`: holding an ace), which draws, at chance
    /// `p` (at least [`PRUNE`]): each card in turn, recorded where the dealer then stops or the
    /// path is less likely than [`PRUNE`], followed on where the dealer draws again.
    fn draw(&mut self, shoe: &mut Dealing, hard: u8, ace: bool, p: f64, k: usize, rc: i32) {
        let n = f64::from(shoe.left);
        for v in 1..=10u8 {
            let left = shoe.cards[usize::from(v) - 1];
            if left == 0 {
                continue;
            }
            let q = p * f64::from(left) / n;
            let (k, rc) = (k + 1, rc + self.tag(v));
            let (hard, ace) = (hard + v, ace || v == 1);
            if q < PRUNE || !self.dealer_hits(hard, ace) {
                self.record(q, k, rc);
            } else {
                shoe.take(v);
                self.draw(shoe, hard, ace, q, k, rc);
                shoe.put_back(v);
            }
        }
    }

    fn record(&mut self, p: f64, k: usize, rc: i32) {
        let k = k.min(MAX_ROUND_CARDS);
        let span = self.span;
        let rc = rc.clamp(-span, span);
        let width = 2 * span as usize + 1;
        self.found[k * width + (rc + span) as usize] += p;
    }
}

/// Follows the shoe round by round ([`RoundStarts`]). A round that starts at depth `d` and
/// running count `rc` takes `k` cards counting `Δ` with the chance [`round_cards`] gives for a
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
    let kernels: Vec<Vec<(usize, i32, f64)>> =
        crate::analysis::strategy::parallel_map(&grid, threads, |(_, shoe)| {
            let r = round_cards(rules, chart, &model.tags, shoe);
            let mut sparse = Vec::new();
            for (k, row) in r.p.iter().enumerate() {
                for (i, &p) in row.iter().enumerate() {
                    if p > 1e-15 {
                        sparse.push((k, i as i32 - r.span, p));
                    }
                }
            }
            sparse
        });
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
    RoundStarts {
        span,
        starts,
        per_shoe,
    }
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
}
