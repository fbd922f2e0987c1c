//! The shoe at the table: a cut card at 100 % (`penetration = 1.0`) deals every shoe to the
//! end, and after the shoe runs dry mid-round there is one reshuffle, not one every round.

use blackjack_trainer::ai::{AnyStrategy, Strategy};
use blackjack_trainer::cli::Level;
use blackjack_trainer::engine::{Event, Rules, seeded_table};

/// What `rounds` rounds at `seats` seats (normal strategy) with the cut card at 100 % did.
struct Played {
    rounds: usize,
    reshuffles: usize,
    dry_shoes: usize,
    cards_dealt: usize,
}

fn play(decks: u8, seats: usize, rounds: usize, seed: u64) -> Played {
    let rules =
        Rules::from_toml(&format!("decks = {decks}\npenetration = 1.0\n")).expect("valid rules");
    let size = usize::from(decks) * 52;
    let strategy = AnyStrategy::for_level(Level::Normal, &rules);
    let mut table = seeded_table(rules, seats, seed);
    let mut played = Played { rounds, reshuffles: 0, dry_shoes: 0, cards_dealt: 0 };
    for round in 0..rounds {
        table.start_round().expect("deals");
        while let Some((seat, _)) = table.active() {
            let action = strategy.decide(&table.view(seat));
            table.act(seat, action).expect("legal");
        }
        table.play_dealer().expect("the dealer plays");
        let events = table.round_events();
        played.reshuffles += events.iter().filter(|&&e| e == Event::Reshuffled).count();
        played.dry_shoes += events
            .iter()
            .filter(|&&e| e == Event::DiscardsShuffledIn || e == Event::DeckAdded)
            .count();
        let shoe = table.shoe();
        played.cards_dealt += shoe.on_table();
        // The figures the shoe bar is drawn from stay sane, dry shoe or not.
        assert!(shoe.until_cut() <= shoe.remaining(), "round {round}");
        assert_eq!(shoe.remaining() + shoe.on_table() + shoe.discards(), shoe.size());
        assert!(shoe.size() >= size, "round {round}");
    }
    played
}

/// About one reshuffle per shoe dealt: with the cut card at 100 % every shoe is dealt to the
/// last card (so the shoe runs dry mid-round and the discards are shuffled in), then the next
/// round starts from a fresh shuffle and deals a whole shoe again.
#[test]
fn a_cut_card_at_full_penetration_reshuffles_once_per_shoe() {
    for (decks, seats, rounds) in [(1u8, 1usize, 3_000usize), (1, 5, 1_500), (6, 3, 3_000)] {
        let size = usize::from(decks) * 52;
        let p = play(decks, seats, rounds, 2026);
        let shoes = p.cards_dealt as f64 / size as f64;
        // One reshuffle per shoe's worth of cards dealt (a few rounds cross a dry shoe).
        assert!(
            (p.reshuffles as f64) <= shoes + 1.0 && (p.reshuffles as f64) >= shoes * 0.8 - 1.0,
            "{decks} deck(s), {seats} seat(s): {} reshuffles in {} rounds for {shoes:.1} shoes dealt",
            p.reshuffles,
            p.rounds
        );
        assert!(p.dry_shoes > 10, "{decks} deck(s): the shoe must run dry ({} times)", p.dry_shoes);
        let per_shoe = p.rounds as f64 / p.reshuffles.max(1) as f64;
        let cards_per_round = p.cards_dealt as f64 / p.rounds as f64;
        assert!(
            per_shoe > 0.8 * size as f64 / cards_per_round,
            "{decks} deck(s): a reshuffle every {per_shoe:.1} rounds"
        );
    }
}
