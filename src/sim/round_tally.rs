//! What rounds played add up to, and the one place every tally's EV per round, variance,
//! standard error and 95 % interval are worked out.

use crate::engine::{DealerHand, OutcomeKind, PlayerHand, Units};

/// The rounds one seat played and what they came to (the simulators' and the table's). Every
/// counter is an integer (money in thousandths), so tallies merge exactly in any order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RoundTally {
    /// Rounds played to the end.
    pub rounds: u64,
    /// Hands played (more than rounds after splits).
    pub hands: u64,
    /// Hands won (naturals paid included).
    pub wins: u64,
    /// Hands lost (busts included).
    pub losses: u64,
    /// Hands pushed.
    pub pushes: u64,
    /// The player's naturals (paid, or pushed against a dealer natural).
    pub naturals: u64,
    /// Hands that went over 21.
    pub busts: u64,
    /// Hands doubled.
    pub doubles: u64,
    /// Splits made (each adds one hand).
    pub splits: u64,
    /// Dealer naturals.
    pub dealer_naturals: u64,
    /// Dealer hands that went over 21.
    pub dealer_busts: u64,
    /// Net result in thousandths of the initial bet ("bets": a doubled loss is −2).
    pub net_milli: i64,
    /// Net result in money, in thousandths of a unit (the bets times their results).
    pub net_money_milli: i64,
    /// Sum of the squares of the rounds' net results in bets, in millionths.
    pub net_sq_micro: u128,
}

impl RoundTally {
    /// The tally of one settled round of a seat: its hands and the dealer's hand.
    pub fn of_round(hands: &[PlayerHand], dealer: &DealerHand) -> RoundTally {
        let mut tally = RoundTally::default();
        tally.record_round(hands, dealer);
        tally
    }

    /// Counts one settled round of a seat (integers only: the simulator calls it every round).
    #[inline]
    pub fn record_round(&mut self, hands: &[PlayerHand], dealer: &DealerHand) {
        let (mut net, mut money) = (0i64, 0i64);
        for h in hands {
            let (delta, cash, bust) = match h.outcome {
                Some(o) => (o.delta.0, o.money.0, o.kind == OutcomeKind::Bust),
                None => (0, 0, false),
            };
            net += delta;
            money += cash;
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
        self.net_money_milli += money;
        // A round nets at most 8 bets (four doubled hands): the square fits a u64.
        let abs = net.unsigned_abs();
        self.net_sq_micro += u128::from(abs * abs);
    }

    /// Net result in bets (units of the initial bet): a doubled loss is −2.
    pub fn net(&self) -> Units {
        Units(self.net_milli)
    }

    /// Net result in money.
    pub fn net_money(&self) -> Units {
        Units(self.net_money_milli)
    }

    /// Mean net result per round, in bets (0 with no round).
    pub fn ev_per_round(&self) -> f64 {
        mean(self.rounds, self.net_milli as f64)
    }

    /// Sample variance of one round's net result, in bets squared.
    pub fn variance_per_round(&self) -> f64 {
        sample_variance(self.rounds, self.net_milli as f64, self.net_sq_micro as f64)
    }

    /// Standard error of [`RoundTally::ev_per_round`].
    pub fn std_error(&self) -> f64 {
        standard_error(self.rounds, self.net_milli as f64, self.net_sq_micro as f64)
    }

    /// The 95 % confidence interval of the return per round (normal approximation).
    pub fn interval_95(&self) -> (f64, f64) {
        let half = 1.959_963_984_540_054 * self.std_error();
        (self.ev_per_round() - half, self.ev_per_round() + half)
    }

    /// Adds a later tally's rounds to this one.
    pub fn absorb(&mut self, later: &RoundTally) {
        self.rounds += later.rounds;
        self.hands += later.hands;
        self.wins += later.wins;
        self.losses += later.losses;
        self.pushes += later.pushes;
        self.naturals += later.naturals;
        self.busts += later.busts;
        self.doubles += later.doubles;
        self.splits += later.splits;
        self.dealer_naturals += later.dealer_naturals;
        self.dealer_busts += later.dealer_busts;
        self.net_milli += later.net_milli;
        self.net_money_milli += later.net_money_milli;
        self.net_sq_micro += later.net_sq_micro;
    }
}

/// The mean of `n` results with this sum in thousandths, in units (0 with none).
pub(super) fn mean(n: u64, sum_milli: f64) -> f64 {
    if n == 0 {
        return 0.0;
    }
    sum_milli / 1000.0 / n as f64
}

/// The sample variance of `n` results in thousandths with this sum (thousandths) and sum of
/// squares (millionths), in units squared (0 with fewer than two).
pub(super) fn sample_variance(n: u64, sum_milli: f64, sum_sq_micro: f64) -> f64 {
    if n < 2 {
        return 0.0;
    }
    let mean = mean(n, sum_milli);
    let n = n as f64;
    let mean_sq = sum_sq_micro / 1e6 / n;
    ((mean_sq - mean * mean) * n / (n - 1.0)).max(0.0)
}

/// The standard error of the mean of those `n` results: `√(variance / n)` (0 with none).
pub(super) fn standard_error(n: u64, sum_milli: f64, sum_sq_micro: f64) -> f64 {
    if n == 0 {
        return 0.0;
    }
    (sample_variance(n, sum_milli, sum_sq_micro) / n as f64).sqrt()
}
