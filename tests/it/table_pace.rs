//! The table at a casino's pace, driven through `TableSession` with time as data: "now" is
//! handed in, so an hour of rounds takes no waiting.

use std::time::{Duration, Instant};

use blackjack_trainer::engine::Units;
use blackjack_trainer::session::*;
use blackjack_trainer::setup::TableConfig;
use blackjack_trainer::text::signed;

use super::session::{Kit, config, counting, finish_round, session, texts};

fn paced(pace: &str) -> (Kit, TableSession) {
    let table = session(TableConfig { pace: Some(pace.parse().expect("a pace")), ..config() });
    (Kit::new(None), table)
}

fn dealt(news: &[Happening]) -> bool {
    news.iter().any(|h| matches!(h, Happening::RoundStarted(_)))
}

fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s)
}

#[test]
fn at_casino_pace_the_next_round_is_dealt_by_itself_after_the_cards_are_cleared() {
    let (mut kit, mut table) = paced("casino");
    let t0 = Instant::now();
    // Nothing is dealt by itself before the first deal.
    assert!(!dealt(&table.pace_tick(t0 + secs(600.0), &mut kit.an())));
    assert_eq!(table.pace_next(), None);
    table.deal(&mut kit.an());
    table.pace_tick(t0, &mut kit.an());
    finish_round(&mut table, &mut kit);
    // The round is seen over ten seconds after its deal.
    table.pace_tick(t0 + secs(10.0), &mut kit.an());
    let round = Duration::from_secs(3600) / 70;
    let (step, clear_at) = table.pace_next().expect("the pace waits");
    assert_eq!(step, PaceStep::Clear);
    assert_eq!(clear_at, t0 + round - secs(1.0));
    // Just before: the cards stay.
    let early = table.pace_tick(clear_at - secs(0.1), &mut kit.an());
    assert!(!early.contains(&Happening::TableCleared) && !table.cards_cleared());
    let cleared = table.pace_tick(clear_at, &mut kit.an());
    assert!(cleared.contains(&Happening::TableCleared), "{cleared:?}");
    assert!(!dealt(&cleared), "cleared first, dealt after");
    assert!(table.cards_cleared());
    assert_eq!(table.pace_next(), Some((PaceStep::Deal, t0 + round)));
    assert!(!dealt(&table.pace_tick(t0 + round - secs(0.1), &mut kit.an())));
    let next = table.pace_tick(t0 + round, &mut kit.an());
    assert!(next.contains(&Happening::RoundStarted(2)), "{next:?}");
    assert!(!table.cards_cleared(), "the new round's cards are on the table");
}

#[test]
fn a_slow_round_still_leaves_its_result_in_view_before_the_clearing() {
    let (mut kit, mut table) = paced("heads-up");
    let t0 = Instant::now();
    table.deal(&mut kit.an());
    table.pace_tick(t0, &mut kit.an());
    finish_round(&mut table, &mut kit);
    // Over after a minute: far past the 18 s a heads-up round takes.
    let over = t0 + secs(60.0);
    table.pace_tick(over, &mut kit.an());
    assert_eq!(table.pace_next(), Some((PaceStep::Clear, over + secs(2.0))));
    assert!(!table.pace_tick(over + secs(1.9), &mut kit.an()).contains(&Happening::TableCleared));
    table.pace_tick(over + secs(2.0), &mut kit.an());
    assert!(dealt(&table.pace_tick(over + secs(3.0), &mut kit.an())));
}

#[test]
fn a_paused_pace_deals_nothing_and_space_still_deals() {
    let (mut kit, mut table) = paced("casino");
    let t0 = Instant::now();
    table.deal(&mut kit.an());
    table.pace_tick(t0, &mut kit.an());
    finish_round(&mut table, &mut kit);
    table.pace_tick(t0 + secs(5.0), &mut kit.an());
    let paused = table.toggle_pace(t0 + secs(6.0));
    assert!(table.pace_paused());
    assert_eq!(texts(&paused), ["Pace paused: Space deals the next round; w goes on at the pace."]);
    assert_eq!(table.pace_next(), None);
    assert!(!dealt(&table.pace_tick(t0 + secs(3600.0), &mut kit.an())));
    // Going on: the look and the clearing come again before the deal.
    let back = t0 + secs(4000.0);
    table.toggle_pace(back);
    assert_eq!(table.pace_next(), Some((PaceStep::Clear, back + secs(2.0))));
    table.pace_tick(back + secs(2.0), &mut kit.an());
    assert!(dealt(&table.pace_tick(back + secs(3.0), &mut kit.an())));
    // Space deals at once while the pace waits.
    finish_round(&mut table, &mut kit);
    assert!(dealt(&table.deal(&mut kit.an())));
}

#[test]
fn without_a_pace_nothing_is_dealt_by_itself_and_w_says_how_to_set_one() {
    let (mut kit, mut table) = (Kit::new(None), session(config()));
    let t0 = Instant::now();
    table.deal(&mut kit.an());
    finish_round(&mut table, &mut kit);
    for s in [0.0, 60.0, 3600.0] {
        assert!(!dealt(&table.pace_tick(t0 + secs(s), &mut kit.an())));
    }
    assert_eq!(table.pace_next(), None);
    let refused = table.toggle_pace(t0);
    assert_eq!(
        texts(&refused),
        ["the table deals by Space only: --pace (or pace in config.toml) sets a pace"]
    );
}

#[test]
fn the_bet_changed_during_the_pause_is_the_bet_dealt_and_graded_by_the_ramp_at_the_deal() {
    // The counting kit of the session tests; its table at a pace.
    let (mut kit, _) = counting(0, false);
    let mut table = session(TableConfig {
        counting: true,
        ramp: Some("1,2,4".parse().expect("a ramp")),
        pace: Some("casino".parse().expect("a pace")),
        ..config()
    });
    table.toggle_count();
    let t0 = Instant::now();
    table.deal(&mut kit.an());
    table.pace_tick(t0, &mut kit.an());
    finish_round(&mut table, &mut kit);
    table.pace_tick(t0 + secs(5.0), &mut kit.an());
    table.change_bet(1);
    assert_eq!(table.bet(), Units::from_units(2));
    let tc = table.floored_count();
    let (_, clear) = table.pace_next().expect("waits");
    table.pace_tick(clear, &mut kit.an());
    let news = table.pace_tick(clear + secs(1.0), &mut kit.an());
    assert!(dealt(&news));
    assert_eq!(table.bet(), Units::from_units(2), "the bet placed stays");
    let wanted = [1, 2, 4][tc.clamp(0, 2) as usize];
    let graded =
        texts(&news).into_iter().find(|t| t.starts_with("Bet 2 at true count")).map(str::to_owned);
    let expected = if wanted == 2 {
        format!("Bet 2 at true count {}: the ramp's bet", signed(tc))
    } else {
        format!("Bet 2 at true count {}: the ramp says {wanted}", signed(tc))
    };
    assert_eq!(graded, Some(expected), "{news:?}");
}
