//! The money is the engine's: bets, doubles and splits stake the seat's own bankroll, and
//! settlement pays back the stakes with what they won. Property tests over random rules
//! (bet limits included), bankrolls, bets and actions (legal and illegal), checked step by step
//! against a ledger kept here from the outcomes alone.

use blackjack_trainer::engine::{
    Action, ActionError, BetError, Event, GameRng, IllegalReason, MAX_BANKROLL, Phase, Rules,
    Table, Units, seeded_table,
};
use proptest::prelude::*;

/// Rules with these table limits and other fields, through the rules file's validation.
fn rules(min_bet: u32, spread: u32, max_hands: u8, das: bool, pays: f64) -> Rules {
    let text = format!(
        "min_bet = {min_bet}\nmax_bet = {}\nmax_hands = {max_hands}\n\
         double_after_split = {das}\nblackjack_pays = {pays:?}\n",
        min_bet + spread
    );
    Rules::from_toml(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// What a seat's money must be: everything bought in, plus what the settled hands won or
/// lost, equals the bankroll plus the stakes still on the table.
#[derive(Debug, Clone, Copy, Default)]
struct Ledger {
    bought_in: i64,
    settled: i64,
}

fn check_money(table: &Table<GameRng>, ledgers: &[Ledger]) -> Result<(), TestCaseError> {
    for (seat, (s, ledger)) in table.seats().iter().zip(ledgers).enumerate() {
        prop_assert!(s.bankroll() >= Units::ZERO, "seat {seat}: bankroll {}", s.bankroll());
        prop_assert_eq!(s.bought_in(), Units(ledger.bought_in), "seat {}", seat);
        prop_assert_eq!(
            s.bankroll() + s.staked(),
            Units(ledger.bought_in + ledger.settled),
            "seat {}: bankroll + stakes = bought in + settled",
            seat
        );
        // No double or split is offered that the bankroll cannot cover.
        let legal = table.legal_actions(seat);
        if s.bankroll() < s.bet() {
            prop_assert!(!legal.contains(Action::Double) && !legal.contains(Action::Split));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn the_bankroll_never_goes_negative_and_money_is_conserved(
        min_bet in 1u32..=5,
        spread in 0u32..=20,
        max_hands in 2u8..=4,
        das in any::<bool>(),
        pays in prop_oneof![Just(1.5), Just(1.2), Just(2.0)],
        seed in any::<u64>(),
        seats in 1usize..=4,
        bankrolls in proptest::collection::vec(1i64..=60, 4),
        choices in proptest::collection::vec(0usize..64, 1..400),
        rounds in 1usize..=25,
    ) {
        let rules = rules(min_bet, spread, max_hands, das, pays);
        let (min, max) = rules.bet_limits();
        let mut table = seeded_table(rules, seats, seed);
        let mut ledgers = vec![Ledger::default(); seats];
        for seat in 0..seats {
            let amount = Units::from_units(bankrolls[seat]);
            table.buy_in(seat, amount).map_err(|e| TestCaseError::fail(e.to_string()))?;
            ledgers[seat].bought_in = amount.0;
        }
        let mut k = 0;
        let mut next = || { k += 1; choices[k % choices.len()] };
        for _ in 0..rounds {
            // Bets: any amount, refused unless whole, within the limits and the bankroll.
            for (seat, ledger) in ledgers.iter_mut().enumerate() {
                let wanted = Units::from_units(next() as i64 % 30);
                let before = table.clone();
                match table.place_bet(seat, wanted) {
                    Ok(()) => {
                        prop_assert!(wanted >= min && wanted <= max);
                        prop_assert!(wanted <= table.seats()[seat].bankroll());
                    }
                    Err(_) => prop_assert_eq!(&table, &before, "a refused bet changes nothing"),
                }
                // A seat that cannot cover its bet buys in again (or lowers it).
                if !table.covers_bet(seat) {
                    let s = table.seats()[seat];
                    let whole = Units::from_units(s.bankroll().0 / 1000);
                    if whole >= min {
                        table.place_bet(seat, whole).map_err(|e| TestCaseError::fail(e.to_string()))?;
                    } else {
                        let amount = Units::from_units(50);
                        table.buy_in(seat, amount).map_err(|e| TestCaseError::fail(e.to_string()))?;
                        ledger.bought_in += amount.0;
                    }
                }
            }
            check_money(&table, &ledgers)?;
            table.start_round().map_err(|e| TestCaseError::fail(e.to_string()))?;
            let settle = |events: &[Event], ledgers: &mut [Ledger]| {
                for e in events {
                    if let Event::HandSettled { seat, outcome, .. } = *e {
                        ledgers[seat].settled += outcome.money.0;
                    }
                }
            };
            let dealt: Vec<Event> = table.round_events().to_vec();
            settle(&dealt, &mut ledgers);
            check_money(&table, &ledgers)?;
            while let Some((seat, _)) = table.active() {
                let action = Action::ALL[next() % 4];
                let before = table.clone();
                match table.act(seat, action) {
                    Ok(events) => {
                        let events = events.to_vec();
                        settle(&events, &mut ledgers);
                    }
                    Err(err) => {
                        prop_assert_eq!(&table, &before, "a refused action changes nothing");
                        if let ActionError::Illegal { reason: IllegalReason::CannotCover { need, have }, .. } = err {
                            prop_assert!(have < need);
                        }
                        // Standing is always legal: the round goes on whatever the script.
                        let events = table
                            .act(seat, Action::Stand)
                            .map_err(|e| TestCaseError::fail(e.to_string()))?
                            .to_vec();
                        settle(&events, &mut ledgers);
                    }
                }
                check_money(&table, &ledgers)?;
            }
            let events = table.play_dealer().map_err(|e| TestCaseError::fail(e.to_string()))?.to_vec();
            settle(&events, &mut ledgers);
            prop_assert_eq!(table.phase(), Phase::Settled);
            check_money(&table, &ledgers)?;
            for s in table.seats() {
                prop_assert_eq!(s.staked(), Units::ZERO, "every stake is settled");
                for h in s.hands() {
                    let o = h.outcome.expect("settled");
                    prop_assert_eq!(o.money, o.delta.times_bet(s.bet()), "money = result × bet");
                }
            }
        }
    }
}

#[test]
fn bets_and_buy_ins_are_refused_by_name_and_change_nothing() {
    let rules = Rules::default();
    let mut table = seeded_table(rules, 1, 1);
    let before = table.clone();
    assert_eq!(table.buy_in(0, Units::ZERO), Err(BetError::BadBuyIn(MAX_BANKROLL)));
    assert_eq!(table.buy_in(0, Units(1500)), Err(BetError::NotWhole));
    assert_eq!(table.buy_in(0, MAX_BANKROLL + Units::ONE), Err(BetError::BadBuyIn(MAX_BANKROLL)));
    assert_eq!(table, before);
    table.buy_in(0, Units::from_units(10)).unwrap();
    let before = table.clone();
    assert_eq!(
        table.place_bet(0, Units::from_units(11)),
        Err(BetError::MoreThanBankroll(Units::from_units(10)))
    );
    assert_eq!(table.place_bet(0, Units::ZERO), Err(BetError::BelowMinimum(Units::ONE)));
    assert_eq!(table, before);
    assert_eq!(
        BetError::MoreThanBankroll(Units::from_units(10)).to_string(),
        "the bet cannot be more than your bankroll (10)"
    );
    // A round in play: no bet changes.
    table.start_round().unwrap();
    if table.active().is_some() {
        assert_eq!(table.place_bet(0, Units::from_units(2)), Err(BetError::RoundInPlay));
    }
}

#[test]
fn a_bankroll_that_cannot_cover_the_bet_deals_no_round() {
    let mut table = seeded_table(Rules::default(), 2, 3);
    table.buy_in(1, Units::from_units(5)).unwrap();
    table.place_bet(1, Units::from_units(5)).unwrap();
    // Lose it all: seat 2 stands on anything until the bankroll is spent.
    while table.covers_bet(1) {
        table.start_round().unwrap();
        while let Some((seat, _)) = table.active() {
            table.act(seat, Action::Stand).unwrap();
        }
        table.play_dealer().unwrap();
    }
    let before = table.clone();
    assert!(matches!(table.start_round(), Err(ActionError::BetNotCovered { seat: 1, .. })));
    assert_eq!(table, before);
}
