//! One test per rule of SPEC.md, named after the rule, played through the real state machine
//! with stacked shoes.

use crate::common;

use blackjack_trainer::engine::{
    Action, ActionError, Event, IllegalReason, OutcomeKind, Phase, Rules, Units,
};
use common::stacked;

fn outcomes(
    table: &blackjack_trainer::engine::Table<blackjack_trainer::engine::GameRng>,
    seat: usize,
) -> Vec<(OutcomeKind, Units)> {
    table.seats()[seat]
        .hands()
        .iter()
        .map(|h| {
            let o = h.outcome.expect("settled");
            (o.kind, o.delta)
        })
        .collect()
}

#[test]
fn split_aces_get_one_card_each_and_cannot_be_hit_or_resplit() {
    // Seat: A, A; dealer up 9; hole 7. Split aces get A (a third ace!) and 9.
    let mut t = stacked(Rules::default(), 1, &[1, 9, 1, 7, 1, 9]);
    t.start_round().unwrap();
    t.act(0, Action::Split).unwrap();
    // The first split ace took an ace: it may not be re-split or hit, so play moved on and
    // the second ace took its one card too; the players' turn is over.
    assert_eq!(t.phase(), Phase::Dealer);
    let hands = t.seats()[0].hands();
    assert_eq!(hands.len(), 2);
    assert!(hands.iter().all(|h| h.cards.len() == 2 && h.closed && h.split_aces));
    assert_eq!(t.act(0, Action::Hit), Err(ActionError::NotPlayersTurn));
}

#[test]
fn split_aces_may_not_be_resplit_even_with_room() {
    let mut t = stacked(Rules::default(), 1, &[1, 9, 1, 7, 1]);
    t.start_round().unwrap();
    t.act(0, Action::Split).unwrap();
    assert!(t.legal_actions(0).is_empty());
}

#[test]
fn resplit_aces_option_allows_a_second_split() {
    let rules = Rules::from_toml("resplit_aces = true").unwrap();
    let mut t = stacked(rules, 1, &[1, 9, 1, 7, 1]);
    t.start_round().unwrap();
    t.act(0, Action::Split).unwrap();
    let legal = t.legal_actions(0);
    assert!(legal.contains(Action::Split) && !legal.contains(Action::Hit));
    assert_eq!(
        t.check(0, Action::Hit),
        Err(ActionError::Illegal { action: Action::Hit, reason: IllegalReason::SplitAcesClosed })
    );
}

#[test]
fn resplit_to_four_hands_and_no_further() {
    // 8,8 vs 6; every new card is another 8.
    let mut t = stacked(Rules::default(), 1, &[8, 6, 8, 10, 8, 8, 8, 8, 8, 8]);
    t.start_round().unwrap();
    for hands in 2..=4 {
        t.act(0, Action::Split).unwrap();
        assert_eq!(t.seats()[0].hands().len(), hands);
    }
    assert_eq!(
        t.check(0, Action::Split),
        Err(ActionError::Illegal { action: Action::Split, reason: IllegalReason::TooManyHands(4) })
    );
    assert!(!t.legal_actions(0).contains(Action::Split));
}

#[test]
fn max_hands_option_limits_splits() {
    let rules = Rules::from_toml("max_hands = 2").unwrap();
    let mut t = stacked(rules, 1, &[8, 6, 8, 10, 8, 8]);
    t.start_round().unwrap();
    t.act(0, Action::Split).unwrap();
    assert!(!t.legal_actions(0).contains(Action::Split));
}

#[test]
fn twenty_one_after_a_split_is_not_a_natural_and_pays_one_to_one() {
    // T,T vs 9 (hole 8 → dealer 17); split hands get A (21) and 7 (17).
    let mut t = stacked(Rules::default(), 1, &[10, 9, 10, 8, 1, 7]);
    t.start_round().unwrap();
    t.act(0, Action::Split).unwrap(); // first hand takes A → 21, closes by itself
    t.act(0, Action::Stand).unwrap(); // second hand: T,7
    t.play_dealer().unwrap();
    assert_eq!(
        outcomes(&t, 0),
        vec![(OutcomeKind::Win, Units(1000)), (OutcomeKind::Push, Units::ZERO)]
    );
}

#[test]
fn natural_pays_three_to_two() {
    let mut t = stacked(Rules::default(), 1, &[1, 9, 10, 7]);
    let events = t.start_round().unwrap().to_vec();
    assert_eq!(t.phase(), Phase::Dealer);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::HandClosed { reason: blackjack_trainer::engine::CloseReason::Natural, .. }
    )));
    t.play_dealer().unwrap();
    assert_eq!(outcomes(&t, 0), vec![(OutcomeKind::Blackjack, Units(1500))]);
}

#[test]
fn blackjack_payout_option_is_honoured() {
    let rules = Rules::from_toml("blackjack_pays = 1.2").unwrap();
    let mut t = stacked(rules, 1, &[1, 9, 10, 7]);
    t.start_round().unwrap();
    t.play_dealer().unwrap();
    assert_eq!(outcomes(&t, 0), vec![(OutcomeKind::Blackjack, Units(1200))]);
}

#[test]
fn player_natural_against_dealer_natural_pushes() {
    let mut t = stacked(Rules::default(), 1, &[1, 10, 10, 1]);
    t.start_round().unwrap();
    t.play_dealer().unwrap();
    assert_eq!(outcomes(&t, 0), vec![(OutcomeKind::Push, Units::ZERO)]);
}

#[test]
fn dealer_natural_beats_doubled_and_split_hands_for_their_whole_stake() {
    // Seat 0: 5,6 doubles (takes a 9 → 20). Seat 1: 8,8 splits, each hand stands on 18.
    // Dealer: up A, hole T → natural, found only after the players are done.
    let mut t = stacked(Rules::default(), 2, &[5, 8, 1, 6, 8, 10, 9, 10, 10]);
    t.start_round().unwrap();
    t.act(0, Action::Double).unwrap();
    t.act(1, Action::Split).unwrap();
    t.act(1, Action::Stand).unwrap();
    t.act(1, Action::Stand).unwrap();
    let events = t.play_dealer().unwrap().to_vec();
    assert!(events.contains(&Event::DealerNatural));
    assert_eq!(outcomes(&t, 0), vec![(OutcomeKind::Loss, Units(-2000))]);
    assert_eq!(
        outcomes(&t, 1),
        vec![(OutcomeKind::Loss, Units(-1000)), (OutcomeKind::Loss, Units(-1000))]
    );
}

#[test]
fn the_face_down_card_is_not_looked_at_until_the_players_are_done() {
    // Dealer A up with a T underneath: the player still gets to act (no peek).
    let mut t = stacked(Rules::default(), 1, &[10, 1, 6, 10]);
    let events = t.start_round().unwrap().to_vec();
    assert_eq!(t.active(), Some((0, 0)));
    assert!(!t.dealer().revealed);
    assert_eq!(t.dealer().cards.len(), 1);
    assert!(events.contains(&Event::HoleCardDealt));
    assert!(!events.iter().any(|e| matches!(e, Event::HoleCardRevealed { .. })));
}

#[test]
fn a_bust_hand_loses_even_when_the_dealer_busts() {
    // Player T,6 hits a T (bust). Dealer 6 + T, draws T → bust. A second seat keeps a live
    // hand so the dealer draws.
    let mut t = stacked(Rules::default(), 2, &[10, 10, 6, 6, 10, 10, 10, 10]);
    t.start_round().unwrap();
    let events = t.act(0, Action::Hit).unwrap().to_vec();
    // Settled at once, before the dealer plays.
    assert!(events.iter().any(|e| matches!(e, Event::HandSettled { seat: 0, .. })));
    t.act(1, Action::Stand).unwrap();
    let events = t.play_dealer().unwrap().to_vec();
    assert!(events.iter().any(|e| matches!(e, Event::DealerBusts { .. })));
    assert_eq!(outcomes(&t, 0), vec![(OutcomeKind::Bust, Units(-1000))]);
    assert_eq!(outcomes(&t, 1), vec![(OutcomeKind::Win, Units(1000))]);
}

#[test]
fn dealer_stands_on_soft_17() {
    // Dealer A up, 6 in the hole: soft 17, stands. Player 10,8 = 18 wins.
    let mut t = stacked(Rules::default(), 1, &[10, 1, 8, 6, 5]);
    t.start_round().unwrap();
    t.act(0, Action::Stand).unwrap();
    t.play_dealer().unwrap();
    assert_eq!(t.dealer().cards.len(), 2);
    assert_eq!(outcomes(&t, 0), vec![(OutcomeKind::Win, Units(1000))]);
}

#[test]
fn dealer_hits_soft_17_when_the_rules_say_so() {
    let rules = Rules::from_toml("dealer_hits_soft_17 = true").unwrap();
    let mut t = stacked(rules, 1, &[10, 1, 8, 6, 3]);
    t.start_round().unwrap();
    t.act(0, Action::Stand).unwrap();
    t.play_dealer().unwrap();
    assert_eq!(t.dealer().cards.len(), 3); // A,6,3 = 20
    assert_eq!(outcomes(&t, 0), vec![(OutcomeKind::Loss, Units(-1000))]);
}

#[test]
fn dealer_draws_to_17() {
    let mut t = stacked(Rules::default(), 1, &[10, 2, 8, 3, 4, 5, 3]);
    t.start_round().unwrap();
    t.act(0, Action::Stand).unwrap();
    t.play_dealer().unwrap();
    // 2+3+4+5 = 14 → draws 3 → 17 and stands.
    assert_eq!(t.dealer().cards.total().value, 17);
    assert_eq!(outcomes(&t, 0), vec![(OutcomeKind::Win, Units(1000))]);
}

#[test]
fn dealer_does_not_draw_when_no_hand_is_live() {
    let mut t = stacked(Rules::default(), 1, &[10, 2, 6, 3, 10, 9]);
    t.start_round().unwrap();
    t.act(0, Action::Hit).unwrap(); // 26: bust
    t.play_dealer().unwrap();
    assert_eq!(t.dealer().cards.len(), 2);
    assert!(t.dealer().revealed);
}

#[test]
fn an_ace_counts_eleven_unless_that_busts() {
    // A,5 = soft 16; hit a T → hard 16, not bust.
    let mut t = stacked(Rules::default(), 1, &[1, 10, 5, 7, 10]);
    t.start_round().unwrap();
    assert_eq!(t.seats()[0].hands()[0].total().value, 16);
    assert!(t.seats()[0].hands()[0].total().soft);
    t.act(0, Action::Hit).unwrap();
    let total = t.seats()[0].hands()[0].total();
    assert_eq!((total.value, total.soft), (16, false));
    assert_eq!(t.active(), Some((0, 0)));
}

#[test]
fn doubling_only_on_the_first_two_cards() {
    let mut t = stacked(Rules::default(), 1, &[2, 10, 3, 7, 2]);
    t.start_round().unwrap();
    assert!(t.legal_actions(0).contains(Action::Double));
    t.act(0, Action::Hit).unwrap();
    assert_eq!(
        t.act(0, Action::Double),
        Err(ActionError::Illegal {
            action: Action::Double,
            reason: IllegalReason::DoubleNotFirstTwo
        })
    );
}

#[test]
fn a_double_takes_exactly_one_card_and_stakes_two() {
    let mut t = stacked(Rules::default(), 1, &[5, 10, 6, 7, 2]);
    t.start_round().unwrap();
    t.act(0, Action::Double).unwrap();
    let hand = t.seats()[0].hands()[0];
    assert_eq!(hand.cards.len(), 3);
    assert!(hand.closed && hand.is_doubled());
    assert_eq!(t.phase(), Phase::Dealer);
}

#[test]
fn double_on_option_restricts_totals() {
    let rules = Rules::from_toml("double_on = \"10_11\"").unwrap();
    let mut t = stacked(rules, 1, &[5, 10, 4, 7]);
    t.start_round().unwrap();
    assert!(matches!(
        t.check(0, Action::Double),
        Err(ActionError::Illegal { reason: IllegalReason::DoubleTotal(_), .. })
    ));
}

#[test]
fn double_after_split_follows_the_rules() {
    let mut t = stacked(Rules::default(), 1, &[8, 6, 8, 10, 3]);
    t.start_round().unwrap();
    t.act(0, Action::Split).unwrap();
    assert!(t.legal_actions(0).contains(Action::Double));
    let no_das = Rules::from_toml("double_after_split = false").unwrap();
    let mut t = stacked(no_das, 1, &[8, 6, 8, 10, 3]);
    t.start_round().unwrap();
    t.act(0, Action::Split).unwrap();
    assert_eq!(
        t.check(0, Action::Double),
        Err(ActionError::Illegal {
            action: Action::Double,
            reason: IllegalReason::DoubleAfterSplit
        })
    );
}

#[test]
fn ten_valued_unlike_cards_may_be_split() {
    use blackjack_trainer::engine::{Card, Rank, Suit};
    let mut t = blackjack_trainer::engine::seeded_table(Rules::default(), 1, 9);
    let king = Card::new(Rank::King, Suit::Hearts);
    let queen = Card::new(Rank::Queen, Suit::Spades);
    assert!(t.stack_next(&[king, Card::of_value(6), queen, Card::of_value(10)]));
    t.start_round().unwrap();
    assert!(t.legal_actions(0).contains(Action::Split));
    let mut t = stacked(Rules::default(), 1, &[9, 6, 10, 10]);
    t.start_round().unwrap();
    assert!(!t.legal_actions(0).contains(Action::Split));
}

#[test]
fn hitting_is_legal_until_the_hand_busts_or_closes() {
    let mut t = stacked(Rules::default(), 1, &[2, 10, 2, 7, 2, 2, 2, 2, 2, 10]);
    t.start_round().unwrap();
    for _ in 0..4 {
        t.act(0, Action::Hit).unwrap(); // 6, 8, 10, 12
        assert!(t.legal_actions(0).contains(Action::Hit));
    }
    t.act(0, Action::Hit).unwrap(); // 14
    t.act(0, Action::Hit).unwrap(); // 24: bust closes the hand
    assert_eq!(t.phase(), Phase::Dealer);
}

#[test]
fn standing_closes_the_hand_at_once() {
    let mut t = stacked(Rules::default(), 2, &[10, 10, 9, 7, 8, 8]);
    t.start_round().unwrap();
    t.act(0, Action::Stand).unwrap();
    assert_eq!(t.active(), Some((1, 0)));
    assert_eq!(t.act(0, Action::Hit), Err(ActionError::NotYourTurn { seat: 0, active: 1 }));
}

#[test]
fn an_illegal_action_changes_nothing() {
    let mut t = stacked(Rules::default(), 1, &[9, 6, 10, 10, 5]);
    t.start_round().unwrap();
    let before = t.clone();
    assert!(t.act(0, Action::Split).is_err());
    assert!(t.act(3, Action::Hit).is_err());
    assert!(t.dealer_step().is_err());
    assert!(t.start_round().is_err());
    assert!(t == before);
}

#[test]
fn the_dealer_reveals_the_face_down_card_at_the_end_of_every_round() {
    let mut t = stacked(Rules::default(), 1, &[1, 9, 10, 5]);
    t.start_round().unwrap(); // a natural: no decisions, the dealer still shows the card
    let events = t.play_dealer().unwrap().to_vec();
    assert!(events.iter().any(|e| matches!(e, Event::HoleCardRevealed { .. })));
    assert_eq!(t.phase(), Phase::Settled);
}
