//! Which actions an open hand may take, and why not: the one place the rules of action are
//! written. The table keeps the legal set of the hand to act from here; the exact analysis and
//! the drills ask the same functions for the hands they evaluate.

use super::action::{Action, ActionSet, IllegalReason};
use super::card::Value;
use super::rules::{DoubleOn, Rules};
use super::seat::{MAX_HANDS, PlayerHand};
use super::settle::Units;

/// What legality needs to know of the seat that holds the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatSpot {
    /// Hands the seat holds now (1 before any split).
    pub hands: u8,
    /// What a double or a split stakes: the seat's bet.
    pub stake: Units,
    /// The seat's bankroll (what it may still stake).
    pub bankroll: Units,
}

impl SeatSpot {
    /// A seat holding `hands` hands with money enough for any double or split (the analysis
    /// and the drills, which play per unit).
    pub const fn unlimited(hands: u8) -> SeatSpot {
        SeatSpot { hands, stake: Units::ZERO, bankroll: Units::ZERO }
    }

    fn covers(self) -> bool {
        self.bankroll >= self.stake
    }
}

/// The legal actions of an open hand: the actions [`why_illegal`] has no reason against,
/// computed directly as a set (the table asks for every decision).
#[inline]
pub fn legal_actions(rules: &Rules, h: &PlayerHand, seat: SeatSpot) -> ActionSet {
    let covers = seat.covers();
    let mut set = ActionSet::EMPTY;
    set.insert(Action::Stand);
    if !h.split_aces || rules.hit_split_aces {
        set.insert(Action::Hit);
    }
    if covers
        && h.cards.len() == 2
        && !h.split_aces
        && (!h.from_split || rules.double_after_split)
        && (rules.double_on == DoubleOn::AnyTwo || rules.double_on.allows(h.total().value))
    {
        set.insert(Action::Double);
    }
    if covers
        && h.cards.is_pair()
        && seat.hands < rules.max_hands.min(MAX_HANDS as u8)
        && (!h.split_aces || rules.resplit_aces)
    {
        set.insert(Action::Split);
    }
    debug_assert_eq!(
        set,
        Action::ALL
            .into_iter()
            .filter(|&a| why_illegal(rules, h, seat, a).is_none())
            .collect::<ActionSet>(),
        "the legal set agrees with the reasons"
    );
    set
}

/// Why `action` is not legal for this open hand, or `None` if it is.
pub fn why_illegal(
    rules: &Rules,
    h: &PlayerHand,
    seat: SeatSpot,
    action: Action,
) -> Option<IllegalReason> {
    let cannot_cover = || {
        (!seat.covers())
            .then_some(IllegalReason::CannotCover { need: seat.stake, have: seat.bankroll })
    };
    match action {
        Action::Stand => None,
        Action::Hit => {
            (h.split_aces && !rules.hit_split_aces).then_some(IllegalReason::SplitAcesClosed)
        }
        Action::Double => {
            if h.cards.len() != 2 {
                Some(IllegalReason::DoubleNotFirstTwo)
            } else if h.split_aces {
                Some(IllegalReason::SplitAcesClosed)
            } else if h.from_split && !rules.double_after_split {
                Some(IllegalReason::DoubleAfterSplit)
            } else if !rules.double_on.allows(h.total().value) {
                Some(IllegalReason::DoubleTotal(match rules.double_on {
                    DoubleOn::NineTenEleven => "9, 10 or 11",
                    _ => "10 or 11",
                }))
            } else {
                cannot_cover()
            }
        }
        Action::Split => {
            if !h.cards.is_pair() {
                Some(IllegalReason::NotAPair)
            } else if seat.hands >= rules.max_hands.min(MAX_HANDS as u8) {
                Some(IllegalReason::TooManyHands(rules.max_hands))
            } else if h.split_aces && !rules.resplit_aces {
                Some(IllegalReason::ResplitAces)
            } else {
                cannot_cover()
            }
        }
    }
}

/// A hand as the analysis and the drills hold it: these card values, made by a split or not,
/// from split aces or not.
pub fn hand_of_values(values: &[Value], from_split: bool, split_aces: bool) -> PlayerHand {
    PlayerHand {
        cards: super::Cards::from_values(values),
        from_split,
        split_aces,
        ..PlayerHand::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_that_cannot_cover_another_bet_may_not_double_or_split() {
        let rules = Rules::default();
        let pair = hand_of_values(&[8, 8].map(Value::of), false, false);
        let rich =
            SeatSpot { hands: 1, stake: Units::from_units(5), bankroll: Units::from_units(5) };
        assert_eq!(legal_actions(&rules, &pair, rich).len(), 4);
        let poor = SeatSpot { bankroll: Units::from_units(4), ..rich };
        let legal = legal_actions(&rules, &pair, poor);
        assert!(!legal.contains(Action::Double) && !legal.contains(Action::Split));
        assert_eq!(
            why_illegal(&rules, &pair, poor, Action::Double),
            Some(IllegalReason::CannotCover {
                need: Units::from_units(5),
                have: Units::from_units(4)
            })
        );
        // A reason of the rules comes before the money: 8,8,8 cannot double at any bankroll.
        let three = hand_of_values(&[8, 8, 2].map(Value::of), false, false);
        assert_eq!(
            why_illegal(&rules, &three, poor, Action::Double),
            Some(IllegalReason::DoubleNotFirstTwo)
        );
    }
}
