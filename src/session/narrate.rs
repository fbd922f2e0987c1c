//! What the table says: the engine's events turned into notices for the message log, a pure
//! function of the events and the public table (the money is the engine's).

use crate::ai::IndexMove;
use crate::engine::{
    Action, Card, CloseReason, DealerHand, Event, OutcomeKind, Recipient, Seat, Total, Units,
};
use crate::text::signed;
use crate::trainer::report::net_text;

use super::notice::{Kind, Notice};
use super::seats::SeatInfo;

/// Who is who at the table, and how cards are written.
#[derive(Clone, Copy)]
pub struct Narrator<'a> {
    /// The person's seat.
    pub you: usize,
    /// The seats, for their display names (`You`, `Seat 3`).
    pub seats: &'a [SeatInfo],
    /// Cards in ASCII (`Ts`) rather than with suit symbols (`10♠`).
    pub ascii: bool,
    /// The count is hidden (counting mode's exam): the counter seats do not say it.
    pub count_hidden: bool,
    /// What the counter seats' count is called: `true count` (Hi-Lo), `Zen true count`.
    pub count_words: &'a str,
}

/// A card as text, honouring `--ascii`: the one place a card is written in a message.
pub fn card_text(card: Card, ascii: bool) -> String {
    if ascii { format!("{card:?}") } else { card.to_string() }
}

/// The dealer's total once revealed: `soft 17`, `blackjack`, `bust with 25`.
pub fn dealer_total_text(dealer: &DealerHand) -> String {
    let cards = &dealer.cards;
    let total = cards.total();
    if cards.is_two_card_21() {
        "blackjack".to_owned()
    } else if total.is_bust() {
        format!("bust with {}", total.value)
    } else {
        total.to_string()
    }
}

impl Narrator<'_> {
    fn name(&self, seat: usize) -> &str {
        self.seats.get(seat).map_or("A seat", |s| s.name.as_str())
    }

    /// ` at true count +2`, or nothing while the count is hidden.
    fn at_count(&self, tc: i32) -> String {
        if self.count_hidden {
            String::new()
        } else {
            format!(" at {} {}", self.count_words, signed(tc))
        }
    }

    /// A counter seat's bet before the deal: `Seat 1 (counter) bets 4 at true count +2`.
    pub fn counter_bet(&self, seat: usize, bet: Units, tc: i32) -> Notice {
        Notice::new(
            Kind::Info,
            format!("{} (counter) bets {}{}.", self.name(seat), bet.plain(), self.at_count(tc)),
        )
    }

    /// A counter seat's index play: `Seat 1 (counter): 16 vs T, index play at true count +1 —
    /// the chart says hit`.
    pub fn index_move(&self, seat: usize, m: &IndexMove) -> Notice {
        Notice::new(
            Kind::Info,
            format!(
                "{} (counter): {}, index play{} — the chart says {}.",
                self.name(seat),
                m.cell.label(),
                self.at_count(m.tc),
                m.chart
            ),
        )
    }

    /// A line about an action just taken: `Seat 1 hits: 7♣ → 17`.
    pub fn action(
        &self,
        seats: &[Seat],
        seat: usize,
        hand: usize,
        action: Action,
        events: &[Event],
    ) -> Notice {
        let you = seat == self.you;
        let who = self.name(seat);
        let verb = |plain: &'static str, third: &'static str| if you { plain } else { third };
        let card = events.iter().find_map(|e| match *e {
            Event::CardDealt { to: Recipient::Hand { seat: s, hand: h }, card }
                if s == seat && h == hand =>
            {
                Some(card)
            }
            _ => None,
        });
        let total_of = |h: usize| seats.get(seat).and_then(|s| s.hands().get(h)).map(|h| h.total());
        let words = |total: Option<Total>| match total {
            Some(t) if t.is_bust() => format!("bust with {}", t.value),
            Some(t) => t.to_string(),
            None => String::new(),
        };
        let total = total_of(hand);
        let bust = total.is_some_and(|t| t.is_bust());
        let total_text = words(total);
        let shown = |c: Card| card_text(c, self.ascii);
        // The cards split hands took in this step (both after a split, or the next hand's).
        let split_cards: Vec<String> = events
            .iter()
            .filter_map(|e| match *e {
                Event::CardDealt { to: Recipient::Hand { seat: s, hand: h }, card }
                    if s == seat && (h != hand || action == Action::Split) =>
                {
                    Some(format!("hand {} takes {} → {}", h + 1, shown(card), words(total_of(h))))
                }
                _ => None,
            })
            .collect();
        let text = match (action, card) {
            (Action::Stand, _) => format!("{who} {} on {total_text}", verb("stand", "stands")),
            (Action::Hit, Some(c)) => {
                format!("{who} {}: {} → {total_text}", verb("hit", "hits"), shown(c))
            }
            (Action::Double, Some(c)) => format!(
                "{who} {}: one card, {} → {total_text}",
                verb("double", "doubles"),
                shown(c)
            ),
            (Action::Split, _) => format!("{who} {} the pair", verb("split", "splits")),
            (_, None) => format!("{who}: {action}"),
        };
        let text = match (split_cards.is_empty(), action) {
            (true, _) => text,
            (false, Action::Split) => format!("{text}: {}", split_cards.join("; ")),
            (false, _) => format!("{text}; {}", split_cards.join("; ")),
        };
        let tone = if you && bust { Kind::Lost } else { Kind::Info };
        Notice::new(tone, text)
    }

    /// The lines the events of one step call for (`seats`, `dealer`: the table after it).
    pub fn events(&self, events: &[Event], seats: &[Seat], dealer: &DealerHand) -> Vec<Notice> {
        let mut out = Vec::new();
        for &event in events {
            match event {
                Event::Reshuffled => out.push(Notice::new(
                    Kind::Info,
                    "The shoe was reshuffled: the count starts again at 0.",
                )),
                Event::DiscardsShuffledIn => out.push(Notice::new(
                    Kind::Info,
                    "The shoe ran dry: the discards were shuffled in.",
                )),
                Event::DeckAdded => {
                    out.push(Notice::new(Kind::Info, "The shoe ran dry: a new deck was opened."))
                }
                Event::HandClosed { seat, reason: CloseReason::Natural, .. } => {
                    out.push(if seat == self.you {
                        Notice::new(Kind::Won, "Blackjack!")
                    } else {
                        Notice::new(Kind::Info, format!("{} has blackjack.", self.name(seat)))
                    })
                }
                Event::HoleCardRevealed { card } | Event::DealerDraws { card } => {
                    let verb = match event {
                        Event::HoleCardRevealed { .. } => "turns over",
                        _ => "draws",
                    };
                    out.push(Notice::new(
                        Kind::Info,
                        format!(
                            "Dealer {verb} {}: {}",
                            card_text(card, self.ascii),
                            dealer_total_text(dealer)
                        ),
                    ))
                }
                Event::DealerNatural => out.push(Notice::new(Kind::Lost, "Dealer has blackjack!")),
                // A natural was announced when it was turned over.
                Event::DealerStands { .. } if !dealer.cards.is_two_card_21() => {
                    out.push(Notice::new(
                        Kind::Info,
                        format!("Dealer stands on {}", dealer_total_text(dealer)),
                    ))
                }
                // News, not a grade: whether it is good for the person their own line says.
                Event::DealerBusts { total } => {
                    out.push(Notice::new(Kind::Info, format!("Dealer busts with {total}")))
                }
                Event::RoundOver => {
                    if let Some(line) = seats.get(self.you).and_then(round_result) {
                        out.push(line);
                    }
                }
                _ => {}
            }
        }
        out
    }
}

/// The person's round in one line, in money and in bets: `You win +10 (+2 bets)`, `Push: your
/// stake comes back.`, `Your hands: +5, −5 — net 0`.
pub fn round_result(seat: &Seat) -> Option<Notice> {
    let outcomes: Vec<_> = seat.hands().iter().filter_map(|h| h.outcome).collect();
    let one = |o: crate::engine::Outcome| -> String {
        match o.kind {
            OutcomeKind::Push => "push".to_owned(),
            OutcomeKind::Bust => format!("bust {}", o.money),
            OutcomeKind::Blackjack => format!("blackjack {}", o.money),
            OutcomeKind::Win | OutcomeKind::Loss => o.money.to_string(),
        }
    };
    let net = seat.round_money();
    let text = match outcomes.as_slice() {
        [] => return None,
        [o] => {
            let money = net_text(o.money, o.delta);
            match o.kind {
                OutcomeKind::Push => "Push: your stake comes back.".to_owned(),
                OutcomeKind::Win => format!("You win {money}"),
                OutcomeKind::Blackjack => format!("Blackjack pays {money}"),
                OutcomeKind::Loss => format!("You lose {money}"),
                OutcomeKind::Bust => format!("You bust: {money}"),
            }
        }
        many => {
            let parts: Vec<String> = many.iter().map(|&o| one(o)).collect();
            format!("Your hands: {} — net {}", parts.join(", "), net_text(net, seat.round_units()))
        }
    };
    let tone = match net.0.signum() {
        1 => Kind::Won,
        -1 => Kind::Lost,
        _ => Kind::Info,
    };
    Some(Notice::new(tone, text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Card, Rules, seeded_table};
    use crate::session::seats::Player;

    fn seats(names: &[&str]) -> Vec<SeatInfo> {
        names.iter().map(|&name| SeatInfo { name: name.to_owned(), player: Player::You }).collect()
    }

    #[test]
    fn a_won_round_at_a_bet_of_five_reads_in_money_and_bets() {
        let mut table = seeded_table(Rules::default(), 1, 1);
        table.buy_in(0, Units::from_units(100)).unwrap();
        table.place_bet(0, Units::from_units(5)).unwrap();
        let c = Card::of_value;
        // You 10,9 against 7 + hole 10: you stand on 19, the dealer on 17.
        assert!(table.stack_next(&[c(10), c(7), c(9), c(10)]));
        table.start_round().unwrap();
        table.act(0, Action::Stand).unwrap();
        let events = table.play_dealer().unwrap().to_vec();
        let seats = seats(&["You", "Seat 2"]);
        let narrator = Narrator {
            you: 0,
            seats: &seats,
            ascii: true,
            count_hidden: false,
            count_words: "true count",
        };
        let lines = narrator.events(&events, table.seats(), table.dealer());
        let texts: Vec<&str> = lines.iter().map(|m| m.text.as_str()).collect();
        assert!(texts.iter().any(|t| t.starts_with("Dealer turns over")));
        assert_eq!(texts.last(), Some(&"You win +5 (+1 bet)"));
        assert_eq!(lines.last().map(|m| m.kind), Some(Kind::Won));
    }

    #[test]
    fn an_action_line_names_the_card_and_the_total() {
        let mut table = seeded_table(Rules::default(), 2, 1);
        let c = Card::of_value;
        // Seat 1: 10,2; seat 2: 9,8; up 6, hole 9; seat 1 hits a 3.
        assert!(table.stack_next(&[c(10), c(9), c(6), c(2), c(8), c(9), c(3)]));
        table.start_round().unwrap();
        let events = table.act(0, Action::Hit).unwrap().to_vec();
        let seats = seats(&["Seat 1", "You"]);
        let narrator = Narrator {
            you: 1,
            seats: &seats,
            ascii: true,
            count_hidden: false,
            count_words: "true count",
        };
        let line = narrator.action(table.seats(), 0, 0, Action::Hit, &events);
        assert!(line.text.starts_with("Seat 1 hits: 3"), "{}", line.text);
        assert!(line.text.ends_with("→ 15"), "{}", line.text);
    }
}
