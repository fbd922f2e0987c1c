//! The simulator's counters: fixed integers, merged exactly.

use serde::Serialize;

use crate::engine::{DealerHand, OutcomeKind, PlayerHand};

/// What a run counted. Everything is an integer (money in thousandths of a unit), so tallies
/// merge exactly and in any order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Tally {
    /// Rounds played.
    pub rounds: u64,
    /// Player hands played (more than rounds after splits).
    pub hands: u64,
    /// Hands that won (naturals paid included).
    pub wins: u64,
    /// Hands that lost (busts included).
    pub losses: u64,
    /// Hands that pushed.
    pub pushes: u64,
    /// Player naturals (paid, or pushed against a dealer natural).
    pub naturals: u64,
    /// Player hands that went over 21.
    pub busts: u64,
    /// Hands doubled.
    pub doubles: u64,
    /// Splits made (each adds one hand).
    pub splits: u64,
    /// Dealer naturals.
    pub dealer_naturals: u64,
    /// Dealer hands that went over 21.
    pub dealer_busts: u64,
    /// Sum of the rounds' net results, in thousandths of a unit.
    pub net_milli: i64,
    /// Sum of the squares of the rounds' net results, in millionths of a unit squared.
    pub net_sq_micro: u128,
}

impl Tally {
    /// Counts one settled round: the seat's hands and the dealer's hand.
    #[inline]
    pub fn record(&mut self, hands: &[PlayerHand], dealer: &DealerHand) {
        let mut net = 0i64;
        for h in hands {
            let (delta, bust) = match h.outcome {
                Some(o) => (o.delta.0, o.kind == OutcomeKind::Bust),
                None => (0, false),
            };
            net += delta;
            self.wins += u64::from(delta > 0);
            self.losses += u64::from(delta < 0);
            self.pushes += u64::from(delta == 0);
            self.naturals += u64::from(h.is_natural());
            self.busts += u64::from(bust);
            self.doubles += u64::from(h.is_doubled());
        }
        let n = hands.len() as u64;
        self.rounds += 1;
        self.hands += n;
        self.splits += n.saturating_sub(1);
        self.dealer_naturals += u64::from(dealer.cards.is_two_card_21());
        self.dealer_busts += u64::from(dealer.cards.is_bust());
        self.net_milli += net;
        // A round nets at most 8 units (four doubled hands) = 8 000 thousandths, so the square
        // fits a u64 with room to spare.
        let abs = net.unsigned_abs();
        self.net_sq_micro += u128::from(abs * abs);
    }

    /// Adds another tally's counts.
    pub fn merge(&mut self, other: &Tally) {
        self.rounds += other.rounds;
        self.hands += other.hands;
        self.wins += other.wins;
        self.losses += other.losses;
        self.pushes += other.pushes;
        self.naturals += other.naturals;
        self.busts += other.busts;
        self.doubles += other.doubles;
        self.splits += other.splits;
        self.dealer_naturals += other.dealer_naturals;
        self.dealer_busts += other.dealer_busts;
        self.net_milli += other.net_milli;
        self.net_sq_micro += other.net_sq_micro;
    }

    /// Mean net result per round, in units (0 with no round).
    pub fn ev_per_round(&self) -> f64 {
        if self.rounds == 0 {
            return 0.0;
        }
        self.net_milli as f64 / 1000.0 / self.rounds as f64
    }

    /// Sample variance of one round's net result, in units squared.
    pub fn variance_per_round(&self) -> f64 {
        if self.rounds < 2 {
            return 0.0;
        }
        let n = self.rounds as f64;
        let mean = self.ev_per_round();
        let mean_sq = self.net_sq_micro as f64 / 1e6 / n;
        ((mean_sq - mean * mean) * n / (n - 1.0)).max(0.0)
    }

    /// Standard error of [`Tally::ev_per_round`].
    pub fn std_error(&self) -> f64 {
        if self.rounds == 0 {
            return 0.0;
        }
        (self.variance_per_round() / self.rounds as f64).sqrt()
    }

    /// The 95 % confidence interval of the return per round (normal approximation).
    pub fn interval_95(&self) -> (f64, f64) {
        let half = 1.959_963_984_540_054 * self.std_error();
        (self.ev_per_round() - half, self.ev_per_round() + half)
    }
}
