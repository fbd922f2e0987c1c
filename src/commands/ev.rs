//! `blackjack ev`: the exact EV of every action for one hand against an up card.

use anyhow::{Context, bail};

use crate::analysis::{HandContext, hand_evs};
use crate::cli::EvArgs;
use crate::engine::card::{parse_value, value_label};
use crate::engine::{Cards, Rules, ValueCounts};

use super::UsageError;

fn parse_cards(text: &str, what: &str) -> anyhow::Result<Vec<u8>> {
    text.split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| {
            parse_value(t).with_context(|| {
                format!(
                    "{what}: `{t}` is not a card (use A 2 3 4 5 6 7 8 9 T; 10 J Q K count as T)"
                )
            })
        })
        .collect()
}

/// Runs `blackjack ev`.
pub fn ev(rules: &Rules, args: &EvArgs) -> anyhow::Result<()> {
    let hand = parse_cards(&args.hand, "--hand").map_err(UsageError::from)?;
    if hand.len() < 2 {
        bail!(UsageError(
            "--hand needs at least two cards, e.g. --hand 8,8".to_owned()
        ));
    }
    let up = parse_cards(&args.up, "--up").map_err(UsageError::from)?;
    let [up] = up[..] else {
        bail!(UsageError(
            "--up takes exactly one card, e.g. --up T".to_owned()
        ))
    };
    let seen = match &args.seen {
        Some(text) => parse_cards(text, "--seen").map_err(UsageError::from)?,
        None => Vec::new(),
    };
    let cards = Cards::from_cards(
        &hand
            .iter()
            .map(|&v| crate::engine::Card::of_value(v))
            .collect::<Vec<_>>(),
    );
    if cards.is_bust() {
        bail!(UsageError(format!(
            "the hand {} is already bust ({})",
            args.hand,
            cards.hard_total()
        )));
    }
    let mut left = ValueCounts::full_shoe(rules.decks);
    for &v in hand.iter().chain([up].iter()).chain(seen.iter()) {
        if !left.remove(v) {
            bail!(UsageError(format!(
                "the shoe of {} deck(s) holds no more {} for hand, up card and seen cards",
                rules.decks,
                value_label(v)
            )));
        }
    }
    let evs = hand_evs(
        rules,
        &hand,
        up,
        &left,
        HandContext {
            hands: 1,
            ..HandContext::default()
        },
    );
    let (best, best_ev) = evs.best();
    let hand_label: Vec<&str> = hand.iter().map(|&v| value_label(v)).collect();
    if args.json {
        let out = serde_json::json!({
            "hand": hand_label.join(","),
            "up": value_label(up),
            "stand": evs.stand,
            "hit": evs.hit,
            "double": evs.double,
            "split": evs.split,
            "best": best.name(),
        });
        println!("{out}");
        return Ok(());
    }
    println!(
        "Hand {} ({}) against {}, {} card(s) left in the shoe",
        hand_label.join(","),
        cards.total(),
        value_label(up),
        left.total()
    );
    for (action, value) in [
        ("stand", Some(evs.stand)),
        ("hit", evs.hit),
        ("double", evs.double),
        ("split", evs.split),
    ] {
        match value {
            Some(v) => println!(
                "  {action:<7} {v:+.6}{}",
                if action == best.name() {
                    "  ← best"
                } else {
                    ""
                }
            ),
            None => println!("  {action:<7} not allowed"),
        }
    }
    println!("Best: {best} ({best_ev:+.6} units per unit bet)");
    Ok(())
}
