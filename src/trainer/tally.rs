//! The one tally: what was played and how well, for a session, a lifetime, a drill or a
//! simulation.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::day::{Day, Practice, Review};
use super::grade::{Category, Grade};
use crate::engine::{DealerHand, OutcomeKind, PlayerHand, Units};

/// Decisions and right answers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Accuracy {
    /// Decisions made.
    pub decisions: u64,
    /// Decisions that followed basic strategy.
    pub correct: u64,
}

impl Accuracy {
    /// The share right, if any decision was made.
    pub fn rate(&self) -> Option<f64> {
        (self.decisions > 0).then(|| self.correct as f64 / self.decisions as f64)
    }

    fn add(&mut self, other: &Accuracy) {
        self.decisions += other.decisions;
        self.correct += other.correct;
    }
}

/// One chart cell's record.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct CellRecord {
    /// Decisions in this cell.
    pub decisions: u64,
    /// Wrong ones.
    pub wrong: u64,
    /// Right answers in a row, most recent last (drills retire a cell at 3).
    pub streak: u32,
    /// EV given away by the mistakes in this cell, in bets (the graded costs added up).
    #[serde(default)]
    pub ev_lost: f64,
    /// The cell's spaced-practice record (the days it was played, its last mistake).
    #[serde(default, skip_serializing_if = "Review::is_empty")]
    pub review: Review,
}

impl CellRecord {
    /// The error rate, if the cell was played.
    pub fn error_rate(&self) -> Option<f64> {
        (self.decisions > 0).then(|| self.wrong as f64 / self.decisions as f64)
    }
}

/// Everything counted, for a session, a lifetime, a drill or a simulation: the rounds and
/// their money, and the decisions and how well they were made.
///
/// Every counter is an integer (money in thousandths of a unit), so tallies merge exactly and
/// in any order; only the EV given away is a float.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Tally {
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
    /// Rebuys after the bankroll ran out.
    pub rebuys: u64,
    /// Money bought in by those rebuys, in thousandths of a unit.
    pub rebought_milli: i64,
    /// All decisions.
    pub overall: Accuracy,
    /// Decisions by category.
    pub categories: BTreeMap<Category, Accuracy>,
    /// EV given away through mistakes, in units.
    pub ev_lost: f64,
    /// Per-cell records, keyed like `hard:16:T`.
    pub cells: BTreeMap<String, CellRecord>,
    /// Counting-quiz answers (Hi-Lo running count).
    pub count: Accuracy,
    /// The counting drills' records, by skill (`countdown`, `true-count`, `decks`, `ramp`,
    /// `deviations`).
    pub skills: BTreeMap<String, SkillRecord>,
    /// Deck-countdown personal bests: the fastest perfect run, in seconds, by decks counted.
    /// Only runs without the count shown are kept.
    pub countdown_best: BTreeMap<u8, f64>,
    /// The days practised (any day with a graded decision), for the days-in-a-row streak.
    #[serde(skip_serializing_if = "Practice::is_empty")]
    pub practice: Practice,
}

/// The most of anything a valid tally (or statistics file) counts: 2⁵³, more than anyone
/// plays, exact as an f64, and far enough from the limits of u64 and i64 that adding a
/// session's counts cannot overflow.
pub const MAX_COUNT: u64 = 1 << 53;

/// The largest money figure a valid tally holds, in thousandths of a unit (4.6·10¹⁵ units):
/// past any lifetime at the table's largest bets, and far enough from the ends of an `i64`
/// that adding a session's figures cannot overflow.
const MAX_MONEY_MILLI: u64 = 1 << 62;

/// The largest sum of squared round results a valid tally holds, in millionths of a bet
/// squared: a round adds at most 8 000² ([`Tally::record_round`]), so [`MAX_COUNT`] rounds
/// stay below 2⁸⁰; an addition cannot overflow the `u128` from here.
const MAX_NET_SQ_MICRO: u128 = 1 << 100;

/// The skills the counting drills record.
pub const SKILLS: [&str; 5] = ["countdown", "true-count", "decks", "ramp", "deviations"];

/// A counting skill's record: answers, right ones, the size of the errors, the time taken.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct SkillRecord {
    /// Answers given.
    pub asked: u64,
    /// Right answers.
    pub right: u64,
    /// The answers' errors added up (mean error = this ÷ asked).
    pub error_sum: f64,
    /// Seconds spent answering.
    pub seconds: f64,
}

impl SkillRecord {
    fn add(&mut self, other: &SkillRecord) {
        self.asked += other.asked;
        self.right += other.right;
        self.error_sum += other.error_sum;
        self.seconds += other.seconds;
    }
}

/// How a stored cell key reads for a person (`hard:16:T` → `16 vs T`); an unknown key as it
/// is.
pub fn cell_label(key: &str) -> String {
    crate::analysis::chart::Cell::from_key(key).map_or_else(|| key.to_owned(), |c| c.label())
}

impl Tally {
    /// Counts a graded decision made on `day`: the accuracy, the EV given away (overall and
    /// in the cell), and the cell's spaced-practice record and the days practised — the one
    /// place a decision reaches the schedule.
    pub fn record_decision(&mut self, grade: &Grade, day: Day) {
        let right = grade.is_correct();
        let bump = |acc: &mut Accuracy| {
            acc.decisions += 1;
            acc.correct += u64::from(right);
        };
        bump(&mut self.overall);
        for category in grade.categories() {
            bump(self.categories.entry(category).or_default());
        }
        self.ev_lost += grade.cost;
        let cell = self.cells.entry(grade.cell.key()).or_default();
        cell.decisions += 1;
        cell.ev_lost += grade.cost;
        cell.review.absorb(&Review::one(day, right));
        self.practice.absorb(&Practice::one(day));
        if right {
            cell.streak += 1;
        } else {
            cell.wrong += 1;
            cell.streak = 0;
        }
    }

    /// Counts an answer of the counting quiz.
    pub fn record_count(&mut self, right: bool) {
        self.count.decisions += 1;
        self.count.correct += u64::from(right);
    }

    /// Counts an answer of a counting drill: `skill` is one of [`SKILLS`].
    pub fn record_skill(&mut self, skill: &str, right: bool, error: f64, seconds: f64) {
        self.skills
            .entry(skill.to_owned())
            .or_default()
            .add(&SkillRecord {
                asked: 1,
                right: u64::from(right),
                error_sum: error.abs(),
                seconds: seconds.max(0.0),
            });
    }

    /// Keeps a perfect countdown of `decks` decks in `seconds` if it beats the best. Returns
    /// whether it did.
    pub fn record_countdown_best(&mut self, decks: u8, seconds: f64) -> bool {
        let best = self.countdown_best.entry(decks).or_insert(f64::INFINITY);
        let beaten = seconds < *best;
        if beaten {
            *best = seconds;
        }
        beaten
    }

    /// Counts one settled round of a seat: its hands and the dealer's hand. The simulator
    /// calls this for every round, so it touches integers only.
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
        // A round nets at most 8 bets (four doubled hands) = 8 000 thousandths, so the square
        // fits a u64 with room to spare.
        let abs = net.unsigned_abs();
        self.net_sq_micro += u128::from(abs * abs);
    }

    /// Counts a rebuy of `amount` after the bankroll ran out.
    pub fn record_rebuy(&mut self, amount: Units) {
        self.rebuys += 1;
        self.rebought_milli += amount.0;
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
        if self.rounds == 0 {
            return 0.0;
        }
        self.net_milli as f64 / 1000.0 / self.rounds as f64
    }

    /// Sample variance of one round's net result, in bets squared.
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

    /// Accuracy in a category.
    pub fn category(&self, category: Category) -> Accuracy {
        self.categories.get(&category).copied().unwrap_or_default()
    }

    /// The cells missed most often, worst first (by wrong answers, then error rate).
    pub fn most_missed(&self, n: usize) -> Vec<(&str, CellRecord)> {
        let mut missed: Vec<(&str, CellRecord)> = self
            .cells
            .iter()
            .filter(|(_, c)| c.wrong > 0)
            .map(|(k, c)| (k.as_str(), *c))
            .collect();
        missed.sort_by(|a, b| {
            b.1.wrong
                .cmp(&a.1.wrong)
                .then(
                    b.1.error_rate()
                        .partial_cmp(&a.1.error_rate())
                        .unwrap_or(std::cmp::Ordering::Equal),
                )
                .then(a.0.cmp(b.0))
        });
        missed.truncate(n);
        missed
    }

    /// Whether nothing was counted.
    pub fn is_empty(&self) -> bool {
        *self == Tally::default()
    }

    /// Adds a later tally's increments to this one.
    pub fn absorb(&mut self, later: &Tally) {
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
        self.rebuys += later.rebuys;
        self.rebought_milli += later.rebought_milli;
        self.overall.add(&later.overall);
        for (category, acc) in &later.categories {
            self.categories.entry(*category).or_default().add(acc);
        }
        self.ev_lost += later.ev_lost;
        self.count.add(&later.count);
        for (skill, record) in &later.skills {
            self.skills.entry(skill.clone()).or_default().add(record);
        }
        for (&decks, &seconds) in &later.countdown_best {
            self.record_countdown_best(decks, seconds);
        }
        for (key, cell) in &later.cells {
            let mine = self.cells.entry(key.clone()).or_default();
            mine.decisions += cell.decisions;
            // A later mistake restarts the streak; otherwise the later right answers extend it.
            mine.streak = if cell.wrong > 0 {
                cell.streak
            } else {
                mine.streak + cell.streak
            };
            mine.wrong += cell.wrong;
            mine.ev_lost += cell.ev_lost;
            mine.review.absorb(&cell.review);
        }
        self.practice.absorb(&later.practice);
    }

    /// Checks what every tally this program records satisfies, so a damaged or hand-edited
    /// file is caught on load: right answers never exceed decisions, every hand was won, lost
    /// or pushed, cell keys name chart cells, and no counter is near its integer limit (where
    /// adding a session could wrap). Returns what is wrong, for the player.
    pub fn validate(&self) -> Result<(), String> {
        let in_range = |name: &str, n: u64| {
            if n > MAX_COUNT {
                Err(format!("{name} = {n} is out of range"))
            } else {
                Ok(())
            }
        };
        let accuracy = |name: &str, a: &Accuracy| {
            in_range(name, a.decisions)?;
            if a.correct > a.decisions {
                return Err(format!(
                    "{name}: {} right of {} decisions",
                    a.correct, a.decisions
                ));
            }
            Ok(())
        };
        for (name, n) in [
            ("rounds", self.rounds),
            ("hands", self.hands),
            ("wins", self.wins),
            ("losses", self.losses),
            ("pushes", self.pushes),
            ("naturals", self.naturals),
            ("busts", self.busts),
            ("doubles", self.doubles),
            ("splits", self.splits),
            ("dealer_naturals", self.dealer_naturals),
            ("dealer_busts", self.dealer_busts),
            ("rebuys", self.rebuys),
        ] {
            in_range(name, n)?;
        }
        in_range("net_milli", self.net_milli.unsigned_abs())?;
        // Money and the sum of squares: a value past these would wrap at the next addition
        // instead of adding up.
        if self.net_money_milli.unsigned_abs() > MAX_MONEY_MILLI {
            return Err(format!(
                "net_money_milli = {} is out of range",
                self.net_money_milli
            ));
        }
        if !(0..=MAX_MONEY_MILLI as i64).contains(&self.rebought_milli) {
            return Err(format!(
                "rebought_milli = {} is not a sum of buy-ins",
                self.rebought_milli
            ));
        }
        if self.net_sq_micro > MAX_NET_SQ_MICRO {
            return Err(format!(
                "net_sq_micro = {} is out of range",
                self.net_sq_micro
            ));
        }
        // Each settled hand is counted once as a win, a loss or a push (`record_hand`).
        if self.wins + self.losses + self.pushes != self.hands {
            return Err(format!(
                "{} won + {} lost + {} pushed is not {} hands",
                self.wins, self.losses, self.pushes, self.hands
            ));
        }
        if self.busts > self.losses || self.naturals > self.hands {
            return Err(format!(
                "{} busts of {} losses, {} naturals of {} hands",
                self.busts, self.losses, self.naturals, self.hands
            ));
        }
        accuracy("overall", &self.overall)?;
        for (category, a) in &self.categories {
            accuracy(category.name(), a)?;
        }
        accuracy("count", &self.count)?;
        for (skill, r) in &self.skills {
            if !SKILLS.contains(&skill.as_str()) {
                return Err(format!("unknown counting skill {skill:?}"));
            }
            in_range(skill, r.asked)?;
            let costs = [r.error_sum, r.seconds];
            if r.right > r.asked || costs.iter().any(|x| !(x.is_finite() && *x >= 0.0)) {
                return Err(format!(
                    "{skill}: {} right of {} answers, errors {}, {} s",
                    r.right, r.asked, r.error_sum, r.seconds
                ));
            }
        }
        for (decks, seconds) in &self.countdown_best {
            if !((1..=8).contains(decks) && seconds.is_finite() && *seconds > 0.0) {
                return Err(format!("countdown best of {decks} decks: {seconds} s"));
            }
        }
        if !(self.ev_lost.is_finite() && self.ev_lost >= 0.0) {
            return Err(format!("ev_lost = {} is not a cost", self.ev_lost));
        }
        for (key, cell) in &self.cells {
            if crate::analysis::chart::Cell::from_key(key).is_none() {
                return Err(format!("unknown chart cell {key:?}"));
            }
            in_range(key, cell.decisions)?;
            // A streak counts right answers since the last wrong one.
            if cell.wrong > cell.decisions || u64::from(cell.streak) > cell.decisions - cell.wrong {
                return Err(format!(
                    "cell {key}: {} wrong and a streak of {} in {} decisions",
                    cell.wrong, cell.streak, cell.decisions
                ));
            }
            if !(cell.ev_lost.is_finite() && cell.ev_lost >= 0.0) {
                return Err(format!(
                    "cell {key}: ev_lost = {} is not a cost",
                    cell.ev_lost
                ));
            }
            cell.review
                .validate()
                .map_err(|why| format!("cell {key}: {why}"))?;
        }
        self.practice.validate()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::chart::{Cell, HandKind};
    use crate::engine::Action;

    fn grade(right: bool) -> Grade {
        Grade {
            cell: Cell {
                kind: HandKind::Hard,
                row: 11,
                up: 6,
            },
            hand: "11".into(),
            chosen: if right { Action::Double } else { Action::Hit },
            advised: Action::Double,
            cost: if right { 0.0 } else { 0.12 },
        }
    }

    #[test]
    fn streaks_merge_across_sessions() {
        let mut life = Tally::default();
        let mut s1 = Tally::default();
        s1.record_decision(&grade(true), Day(20_000));
        s1.record_decision(&grade(true), Day(20_000));
        life.absorb(&s1);
        let mut s2 = Tally::default();
        s2.record_decision(&grade(true), Day(20_000));
        life.absorb(&s2);
        assert_eq!(life.cells["hard:11:6"].streak, 3);
        let mut s3 = Tally::default();
        s3.record_decision(&grade(false), Day(20_000));
        life.absorb(&s3);
        assert_eq!(life.cells["hard:11:6"].streak, 0);
    }

    #[test]
    fn most_missed_puts_the_worst_first() {
        let mut t = Tally::default();
        t.cells.insert(
            "hard:16:T".into(),
            CellRecord {
                decisions: 5,
                wrong: 3,
                streak: 0,
                ..CellRecord::default()
            },
        );
        t.cells.insert(
            "soft:18:9".into(),
            CellRecord {
                decisions: 2,
                wrong: 1,
                streak: 0,
                ..CellRecord::default()
            },
        );
        t.cells.insert(
            "pair:8:A".into(),
            CellRecord {
                decisions: 9,
                wrong: 0,
                streak: 9,
                ..CellRecord::default()
            },
        );
        let worst: Vec<&str> = t.most_missed(5).into_iter().map(|(k, _)| k).collect();
        assert_eq!(worst, vec!["hard:16:T", "soft:18:9"]);
    }
}
