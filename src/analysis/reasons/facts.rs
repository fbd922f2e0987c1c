//! What a claim is checked against ([`Facts`]): the rules, the game and its charts, and the
//! dealer's and the standing hand's chances worked out from them.

use std::collections::BTreeMap;

use super::Rounds;
use crate::analysis::chart::{Cell, Chart};
use crate::analysis::dealer_odds::{BUST, DealerProbs, DealerShapes, NATURAL};
use crate::analysis::player::Game;
use crate::analysis::strategy::{CellEvs, Strategy, cell_hands};
use crate::engine::{Cards, Rules, Value, ValueCounts};

/// What a claim is checked against: the rules, the game, this game's chart and, where known,
/// the American peek chart for the same rules.
#[derive(Debug, Clone, Copy)]
pub struct Facts<'a> {
    /// The rules.
    pub rules: &'a Rules,
    /// The game the chart is for.
    pub game: Game,
    /// This game's chart.
    pub chart: &'a Chart,
    /// The American peek game's chart for the same rules.
    pub peek: Option<&'a Chart>,
    /// This game's cell EVs (the chart average), which a claim weighing two plays reads.
    pub cell_evs: &'a BTreeMap<Cell, CellEvs>,
}

impl<'a> Facts<'a> {
    /// The facts of `strategy`'s game, with the peek chart `peek` to compare with.
    pub fn of(strategy: &'a Strategy, peek: Option<&'a Chart>) -> Facts<'a> {
        Facts {
            rules: &strategy.rules,
            game: strategy.game,
            chart: &strategy.chart,
            peek,
            cell_evs: &strategy.cell_evs,
        }
    }

    /// The shoe less the up card and the cards `held`.
    fn shoe(&self, up: Value, held: &[Value]) -> ValueCounts {
        let mut shoe = ValueCounts::full_shoe(self.rules.decks);
        for &v in std::iter::once(&up).chain(held) {
            shoe.remove(v);
        }
        shoe
    }

    /// The dealer's final-hand probabilities showing `up`, full shoe less the up card, as
    /// the dealer deals them (no hole card: the natural is one of the outcomes).
    fn dealer(&self, up: Value) -> DealerProbs {
        self.dealer_after(up, &[])
    }

    /// [`Facts::dealer`] with the cards `seen` (values) out of the shoe too.
    fn dealer_after(&self, up: Value, seen: &[Value]) -> DealerProbs {
        let shoe = self.shoe(up, seen);
        DealerShapes::get(self.rules.dealer_hits_soft_17).probabilities(up, &shoe.0)
    }

    /// The dealer's probabilities as the player holding `seen` faces them when deciding: in
    /// the peek game, given that the dealer has no blackjack.
    fn dealer_at_decision(&self, up: Value, seen: &[Value]) -> DealerProbs {
        let mut p = self.dealer_after(up, seen);
        if self.game == Game::Peek && p[NATURAL] > 0.0 {
            let rest = 1.0 - p[NATURAL];
            p[NATURAL] = 0.0;
            for x in &mut p {
                *x /= rest;
            }
        }
        p
    }

    /// The dealer's bust rate showing `up`, in percent, and which rounds it is a share of.
    pub fn dealer_bust(&self, up: Value) -> (f64, Rounds) {
        let p = self.dealer(up);
        if p[NATURAL] <= 0.0 {
            (100.0 * p[BUST], Rounds::All)
        } else if self.game == Game::Peek {
            (100.0 * p[BUST] / (1.0 - p[NATURAL]), Rounds::WithoutBlackjack)
        } else {
            (100.0 * p[BUST], Rounds::CountingBlackjacks)
        }
    }

    /// The dealer's blackjack chance showing `up`, in percent of rounds.
    pub fn dealer_blackjack(&self, up: Value) -> f64 {
        100.0 * self.dealer(up)[NATURAL]
    }

    /// What standing on the cards `hand` (values; not a blackjack) is worth against
    /// `up` when deciding, exactly: the dealer draws from the shoe less the up card and these
    /// very cards. −1 for a bust.
    pub fn stand_ev(&self, hand: &[Value], up: Value) -> f64 {
        let total = Cards::from_values(hand).total();
        if total.is_bust() {
            return -1.0;
        }
        let p = self.dealer_at_decision(up, hand);
        let (mut win, mut lose) = (p[BUST], p[NATURAL]);
        for (slot, &q) in p.iter().take(5).enumerate() {
            let dealer = 17 + slot as u8;
            if dealer < total.value {
                win += q;
            } else if dealer > total.value {
                lose += q;
            }
        }
        win - lose
    }

    /// For each hand that makes `cell` ([`cell_hands`]), and each card it may draw from the
    /// shoe less the up card and its own cards (with its chance): whether standing after the
    /// card is worth less (−1), the same (0) or more (+1) than standing now — card by card,
    /// with every card seen taken out of the shoe.
    pub(super) fn one_card_effects(&self, cell: Cell) -> Vec<Vec<(f64, i8)>> {
        cell_hands(cell)
            .into_iter()
            .map(|hand| {
                let now = self.stand_ev(&hand, cell.up);
                let shoe = self.shoe(cell.up, &hand);
                let n = f64::from(shoe.total());
                Value::ALL
                    .into_iter()
                    .filter(|&v| shoe.get(v) > 0)
                    .map(|v| {
                        let mut more = hand.clone();
                        more.push(v);
                        let after = self.stand_ev(&more, cell.up);
                        let effect = if after < now - 1e-12 {
                            -1
                        } else if after > now + 1e-12 {
                            1
                        } else {
                            0
                        };
                        (f64::from(shoe.get(v)) / n, effect)
                    })
                    .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::basic_strategy;
    use crate::analysis::chart::HandKind;

    /// Issue 36's measurement, card by card: A,A against A stood on is worth −0.770083, and
    /// after a ten (the same total, 12, with a ten fewer in the shoe) −0.770780 — a ten
    /// leaves it worse to stand on, so "no card leaves it worse" is false there.
    #[test]
    fn standing_is_worked_out_for_the_very_cards_held() {
        let strategy = basic_strategy(&Rules::default());
        let facts = Facts::of(&strategy, None);
        let (ace, ten) = (Value::ACE, Value::TEN);
        assert!((facts.stand_ev(&[ace, ace], ace) - -0.770083).abs() < 5e-7);
        assert!((facts.stand_ev(&[ace, ace, ten], ace) - -0.770780).abs() < 5e-7);
        let pair = Cell { kind: HandKind::Pair, row: 1, up: Value::of(1) };
        let effects = facts.one_card_effects(pair);
        assert!(effects[0].iter().any(|&(_, e)| e < 0), "{effects:?}");
    }
}
