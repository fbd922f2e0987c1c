use proptest::prelude::*;

use super::*;
// Named, since proptest's prelude has a `Strategy` of its own.
use super::Strategy;
use crate::analysis::chart::Code;
use crate::engine::{Card, Event, Phase, Recipient, Table, seeded_table};

fn cards(values: &[u8]) -> Cards {
    let cards: Vec<Card> = values.iter().map(|&v| Card::of_value(v)).collect();
    Cards::from_cards(&cards)
}

/// The up card worth `points`.
fn up(points: u8) -> Value {
    Value::of(points)
}

fn set(actions: &[Action]) -> ActionSet {
    actions.iter().copied().collect()
}

const ALL: [Action; 4] = Action::ALL;

fn strategies() -> Vec<AnyStrategy> {
    let rules = Rules::default();
    vec![
        AnyStrategy::for_level(Level::Easy, &rules),
        AnyStrategy::for_level(Level::Normal, &rules),
        AnyStrategy::for_level(Level::Hard, &rules),
        // A hard seat given some other chart: it plays what it is given.
        AnyStrategy::Hard(Hard::new(odd_chart())),
    ]
}

/// A chart that doubles, splits and stands where the common chart would not, so fallbacks
/// get exercised.
fn odd_chart() -> Chart {
    let mut text = String::new();
    for total in 4..=21 {
        let code = if total % 3 == 0 {
            "Ds"
        } else if total < 15 {
            "D"
        } else {
            "S"
        };
        text.push_str(&format!("hard {total}: {}\n", [code; 10].join(" ")));
    }
    for total in 12..=21 {
        text.push_str(&format!("soft {total}: {}\n", ["Ds"; 10].join(" ")));
    }
    for pair in ["2", "3", "4", "5", "6", "7", "8", "9", "T", "A"] {
        text.push_str(&format!("pair {pair}: {}\n", ["P"; 10].join(" ")));
    }
    Chart::parse(&text).expect("test chart parses")
}

#[test]
fn easy_hits_below_17_and_stands_from_17() {
    let all = set(&ALL);
    assert_eq!(Easy.decide_hand(&cards(&[10, 6]), up(10), all), Action::Hit);
    assert_eq!(Easy.decide_hand(&cards(&[5, 6]), up(6), all), Action::Hit);
    assert_eq!(Easy.decide_hand(&cards(&[8, 8]), up(6), all), Action::Hit);
    assert_eq!(Easy.decide_hand(&cards(&[10, 7]), up(2), all), Action::Stand);
    assert_eq!(Easy.decide_hand(&cards(&[1, 6]), up(2), all), Action::Stand);
    assert_eq!(Easy.decide_hand(&cards(&[1, 5]), up(2), all), Action::Hit);
    assert_eq!(Easy.decide_hand(&cards(&[1, 1]), up(2), all), Action::Hit);
}

#[test]
fn easy_stands_on_split_aces_that_may_not_hit() {
    assert_eq!(Easy.decide_hand(&cards(&[1, 4]), up(10), set(&[Action::Stand])), Action::Stand);
}

#[test]
fn normal_plays_the_asset_chart() {
    let normal = Normal::new();
    let all = set(&ALL);
    assert_eq!(normal.decide_hand(&cards(&[8, 8]), up(10), all), Action::Split);
    assert_eq!(normal.decide_hand(&cards(&[5, 6]), up(6), all), Action::Double);
    assert_eq!(normal.decide_hand(&cards(&[10, 6]), up(10), all), Action::Hit);
    assert_eq!(normal.decide_hand(&cards(&[10, 6]), up(6), all), Action::Stand);
    assert_eq!(normal.decide_hand(&cards(&[1, 7]), up(9), all), Action::Hit);
    assert_eq!(normal.decide_hand(&cards(&[10, 10]), up(6), all), Action::Stand);
}

#[test]
fn chart_codes_fall_back_to_legal_actions() {
    let normal = Normal::new();
    let hit_stand = set(&[Action::Hit, Action::Stand]);
    // D → hit: 11 of three cards.
    assert_eq!(normal.decide_hand(&cards(&[2, 4, 5]), up(6), hit_stand), Action::Hit);
    // Ds → stand: soft 18 against 4 when doubling is not allowed.
    assert_eq!(normal.decide_hand(&cards(&[1, 3, 4]), up(4), hit_stand), Action::Stand);
    assert_eq!(normal.decide_hand(&cards(&[1, 7]), up(4), set(&ALL)), Action::Double);
    // P when no more splits are allowed → the total's row: 8,8 is hard 16 (hit vs T).
    let no_split = set(&[Action::Hit, Action::Stand, Action::Double]);
    assert_eq!(normal.decide_hand(&cards(&[8, 8]), up(10), no_split), Action::Hit);
    assert_eq!(normal.decide_hand(&cards(&[8, 8]), up(6), no_split), Action::Stand);
}

#[test]
fn hard_plays_the_chart_it_is_given() {
    let mut chart = Chart::default();
    chart.set(
        crate::analysis::chart::Cell {
            kind: crate::analysis::chart::HandKind::Hard,
            row: 16,
            up: up(10),
        },
        Code::S,
    );
    let hard = Hard::new(chart);
    assert_eq!(hard.decide_hand(&cards(&[10, 6]), up(10), set(&ALL)), Action::Stand);
    assert_eq!(hard.decide_hand(&cards(&[10, 5]), up(10), set(&ALL)), Action::Hit);
}

#[test]
fn levels_build_their_strategies() {
    let rules = Rules::default();
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        assert_eq!(AnyStrategy::for_level(level, &rules).level(), level);
    }
    // The hard seat plays the computed chart, which differs from the common multi-deck one
    // where no peek matters (e.g. 11 against a ten).
    assert_eq!(hard_chart(&rules), crate::analysis::basic_strategy(&rules).chart);
    assert_ne!(hard_chart(&rules), *Normal::new().chart());
}

#[test]
fn no_turn_means_stand() {
    let table = seeded_table(Rules::default(), 2, 1);
    let view = table.view(0);
    for s in strategies() {
        assert_eq!(s.decide(&view), Action::Stand);
    }
}

/// One decision: seat, hand, action.
type Decision = (usize, usize, Action);

/// Plays the player phase of one round at a fresh table; returns every decision taken (seat,
/// hand, action) and the cards dealt in order, with the face-down card's slot marked `None`.
fn player_phase<R: rand::Rng>(
    table: &mut Table<R>,
    strategy: &AnyStrategy,
) -> (Vec<Decision>, Vec<Option<Card>>) {
    let mut dealt = Vec::new();
    let record = |events: &[Event], dealt: &mut Vec<Option<Card>>| {
        for e in events {
            match *e {
                Event::CardDealt { card, .. } => dealt.push(Some(card)),
                Event::HoleCardDealt => dealt.push(None),
                _ => {}
            }
        }
    };
    let events = table.start_round().expect("a fresh table deals").to_vec();
    record(&events, &mut dealt);
    let mut decisions = Vec::new();
    while let Some((seat, hand)) = table.active() {
        let view = table.view(seat);
        let action = strategy.decide(&view);
        assert!(view.legal().contains(action), "{action} not legal");
        decisions.push((seat, hand, action));
        let events = table.act(seat, action).expect("a legal action is taken").to_vec();
        record(&events, &mut dealt);
    }
    (decisions, dealt)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Information hiding: a second table deals the very same face-up cards but another
    /// face-down card and a differently ordered undealt shoe; every strategy takes exactly
    /// the same decisions at both.
    #[test]
    fn decisions_ignore_the_face_down_card_and_the_shoe(
        seed_a in any::<u64>(),
        seed_b in any::<u64>(),
        seats in 1usize..=7,
        other in 1u8..=9,
    ) {
        prop_assume!(seed_a != seed_b);
        for strategy in strategies() {
            let mut a = seeded_table(Rules::default(), seats, seed_a);
            let (decisions_a, dealt) = player_phase(&mut a, &strategy);
            let undealt_a = a.shoe().undealt().to_vec();
            a.play_dealer().expect("dealer plays");
            let hole_a = a.dealer().cards.as_slice()[1];
            // Another value for the face-down card (`other` shifts it by 1–9 values).
            let hole_b = Card::of_value((hole_a.value().get() - 1 + other) % 10 + 1);
            prop_assert_ne!(hole_a.value(), hole_b.value());
            let script: Vec<Card> = dealt.iter().map(|c| c.unwrap_or(hole_b)).collect();

            let mut b = seeded_table(Rules::default(), seats, seed_b);
            prop_assert!(b.stack_next(&script));
            let (decisions_b, dealt_b) = player_phase(&mut b, &strategy);
            // The hidden state really differs: another order of the undealt cards.
            prop_assert_eq!(undealt_a.len(), b.shoe().undealt().len());
            prop_assert_ne!(&undealt_a[..], b.shoe().undealt());
            prop_assert_eq!(&decisions_a, &decisions_b);
            prop_assert_eq!(&dealt, &dealt_b);
            b.play_dealer().expect("dealer plays");
            prop_assert_eq!(b.dealer().cards.as_slice()[1].value(), hole_b.value());
        }
    }

    /// Every strategy only ever returns a legal action, round after round through the shoe.
    #[test]
    fn every_decision_is_legal(seed in any::<u64>(), seats in 1usize..=7) {
        for strategy in strategies() {
            let mut table = seeded_table(Rules::default(), seats, seed);
            for _ in 0..30 {
                table.start_round().expect("deals");
                while let Some((seat, _)) = table.active() {
                    let action = strategy.decide(&table.view(seat));
                    prop_assert!(table.act(seat, action).is_ok());
                }
                table.play_dealer().expect("dealer plays");
                prop_assert_eq!(table.phase(), Phase::Settled);
            }
        }
    }
}

#[test]
fn a_dealt_card_event_names_its_recipient() {
    // Guards the helper above: the up card is reported as dealt to the dealer.
    let mut table = seeded_table(Rules::default(), 1, 5);
    let events = table.start_round().expect("deals").to_vec();
    assert!(events.iter().any(|e| matches!(e, Event::CardDealt { to: Recipient::Dealer, .. })));
}
