//! A wrong count's breakdown as log lines: the rounds since the last right running count, each
//! with its cards (ranks only: the count needs no suits) and the running count after it, so the
//! learner finds the round where the count went off. The newest rounds are shown; older ones
//! are cut with "… N earlier rounds", and the log scrolls (PgUp) over what is shown.

use crate::session::Breakdown;
use crate::text::signed;

/// The most rounds a breakdown writes into the log: the newest.
pub const SHOWN_ROUNDS: usize = 8;

/// The breakdown's lines: a heading, a note of the rounds cut, then a line a round.
pub fn breakdown_lines(breakdown: &Breakdown) -> Vec<String> {
    let since = match breakdown.from {
        Some(from) => format!("your last right count ({})", signed(from)),
        None => "the session began".to_owned(),
    };
    let mut lines = vec![format!("The running count after each round since {since}:")];
    let rounds = &breakdown.rounds;
    let cut = rounds.len().saturating_sub(SHOWN_ROUNDS) + breakdown.dropped;
    if cut > 0 {
        lines.push(format!("  … {cut} earlier round{} not shown", if cut == 1 { "" } else { "s" }));
    }
    let mut before = None;
    for (i, round) in rounds.iter().enumerate() {
        let start = if round.new_shoe { Some(0) } else { before };
        before = Some(round.running_after);
        if i + SHOWN_ROUNDS < rounds.len() {
            continue;
        }
        let cards: Vec<&str> = round.cards.iter().map(|c| c.rank().symbol()).collect();
        let change = start
            .map(|s| format!(" ({} this round)", signed(round.running_after - s)))
            .unwrap_or_default();
        let shoe = if round.new_shoe { " new shoe:" } else { "" };
        lines.push(format!(
            "  Round {}:{shoe} {} → {}{change}",
            round.number,
            cards.join(" "),
            signed(round.running_after)
        ));
    }
    if rounds.is_empty() {
        lines.push("  (no round was played since)".to_owned());
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Card;
    use crate::session::RoundCount;

    fn round(number: u64, values: &[u8], after: i32) -> RoundCount {
        RoundCount {
            number,
            cards: values.iter().copied().map(Card::of_value).collect(),
            running_after: after,
            new_shoe: false,
        }
    }

    #[test]
    fn each_round_shows_its_cards_and_the_count_after_it_the_oldest_cut() {
        let mut rounds = vec![round(3, &[2, 10, 5], 1), round(4, &[1, 10], -1)];
        let lines = breakdown_lines(&Breakdown {
            from: Some(0),
            rounds: rounds.clone(),
            dropped: 0,
            answered: 2,
        });
        assert_eq!(
            lines[1..],
            [
                "  Round 3: 2 10 5 → +1".to_owned(),
                "  Round 4: A 10 → −1 (−2 this round)".to_owned()
            ]
        );
        for n in 5..15 {
            rounds.push(round(n, &[4], n as i32));
        }
        let lines = breakdown_lines(&Breakdown { from: None, rounds, dropped: 3, answered: 2 });
        assert_eq!(lines[1], "  … 7 earlier rounds not shown");
        assert_eq!(lines.len(), 2 + SHOWN_ROUNDS);
        assert!(lines.iter().all(|l| l.chars().count() <= 78), "{lines:?}");
    }
}
