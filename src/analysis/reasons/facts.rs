//! What a claim is checked against ([`Facts`]): the rules, the game and its charts, and the
//! dealer's and the standing hand's chances worked out from them.

use super::{Holding, Rounds};
use crate::analysis::chart::Chart;
use crate::analysis::dealer::{BUST, DealerProbs, DealerShapes, NATURAL};
use crate::analysis::player::Game;
use crate::analysis::strategy::Strategy;
use crate::engine::{Rules, ValueCounts};

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
}

impl<'a> Facts<'a> {
    /// The facts of `strategy`'s game, with the peek chart `peek` to compare with.
    pub fn of(strategy: &'a Strategy, peek: Option<&'a Chart>) -> Facts<'a> {
        Facts {
            rules: &strategy.rules,
            game: strategy.game,
            chart: &strategy.chart,
            peek,
        }
    }

    /// The shoe less the up card.
    fn shoe(&self, up: u8) -> ValueCounts {
        let mut shoe = ValueCounts::full_shoe(self.rules.decks);
        shoe.remove(up);
        shoe
    }

    /// The dealer's final-hand probabilities showing `up`, full shoe less the up card, as
    /// the dealer deals them (no hole card: the natural is one of the outcomes).
    fn dealer(&self, up: u8) -> DealerProbs {
        DealerShapes::get(self.rules.dealer_hits_soft_17).probabilities(up, &self.shoe(up).0)
    }

    /// The dealer's probabilities as the player faces them when deciding: in the peek game,
    /// given that the dealer has no blackjack.
    fn dealer_at_decision(&self, up: u8) -> DealerProbs {
        let mut p = self.dealer(up);
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
    pub fn dealer_bust(&self, up: u8) -> (f64, Rounds) {
        let p = self.dealer(up);
        if p[NATURAL] <= 0.0 {
            (100.0 * p[BUST], Rounds::All)
        } else if self.game == Game::Peek {
            (
                100.0 * p[BUST] / (1.0 - p[NATURAL]),
                Rounds::WithoutBlackjack,
            )
        } else {
            (100.0 * p[BUST], Rounds::CountingBlackjacks)
        }
    }

    /// The dealer's blackjack chance showing `up`, in percent of rounds.
    pub fn dealer_blackjack(&self, up: u8) -> f64 {
        100.0 * self.dealer(up)[NATURAL]
    }

    /// What standing on `hand` (`None`: bust) is worth against `up` when deciding.
    fn stand_ev(&self, hand: Option<Holding>, up: u8) -> f64 {
        let Some(hand) = hand else {
            return -1.0;
        };
        let p = self.dealer_at_decision(up);
        let (mut win, mut lose) = (p[BUST], p[NATURAL]);
        for (slot, &q) in p.iter().take(5).enumerate() {
            let dealer = 17 + slot as u8;
            if dealer < hand.total {
                win += q;
            } else if dealer > hand.total {
                lose += q;
            }
        }
        win - lose
    }

    /// The chance of each card value, drawn from the full shoe less the up card.
    fn card_chances(&self, up: u8) -> impl Iterator<Item = (u8, f64)> {
        let shoe = self.shoe(up);
        let n = f64::from(shoe.total());
        (1..=10u8).map(move |v| (v, f64::from(shoe.get(v)) / n))
    }

    /// For each card (with its chance), whether standing after it is worth less (−1), the
    /// same (0) or more (+1) than standing now.
    pub(super) fn one_card_effects(&self, hand: Holding, up: u8) -> Vec<(f64, i8)> {
        let now = self.stand_ev(Some(hand), up);
        self.card_chances(up)
            .filter(|&(_, p)| p > 0.0)
            .map(|(v, p)| {
                let after = self.stand_ev(hand.plus(v), up);
                let effect = if after < now - 1e-12 {
                    -1
                } else if after > now + 1e-12 {
                    1
                } else {
                    0
                };
                (p, effect)
            })
            .collect()
    }
}
