//! Hand valuation: hard and soft totals, busts, naturals and pairs.

use super::card::{Card, Value};

/// The most cards one hand can hold: 21 one-point cards plus the card that busts it.
pub const MAX_CARDS: usize = 22;

/// The cards of one hand, inline (no heap allocation), with a running total. Equality ignores
/// the slots past the last card (left as they were when the hand was emptied in place).
#[derive(Clone, Copy)]
pub struct Cards {
    cards: [Card; MAX_CARDS],
    /// Number of cards, hard total and number of aces, packed as `len | hard << 8 | aces << 16`
    /// (each fits a byte: at most 22 cards worth at most 220), so that adding a card is one
    /// addition of [`Card::tally`] and the two-card-21 test is one comparison.
    counts: u32,
}

/// The packed counts of an ace and a ten: two cards, hard 11, one ace.
const TWO_CARD_21: u32 = 2 | 11 << 8 | 1 << 16;

impl Default for Cards {
    fn default() -> Self {
        Cards { cards: [Card::of_value(1); MAX_CARDS], counts: 0 }
    }
}

impl PartialEq for Cards {
    fn eq(&self, other: &Cards) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Cards {}

impl std::fmt::Debug for Cards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// A hand's value: its best total and whether an ace is counting 11.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Total {
    /// The best total: aces count 11 while that does not go over 21.
    pub value: u8,
    /// Whether an ace counts 11 in `value`.
    pub soft: bool,
}

impl Total {
    /// The total of a hand whose cards add to `hard` with every ace 1, holding an ace or not:
    /// one ace counts 11 while that does not take the hand over 21.
    #[inline]
    pub fn of(hard: u8, ace: bool) -> Total {
        // `&`, not `&&`, and an addition, not a branch: whether a hand is soft is a coin
        // toss to the branch predictor, and totals are taken several times a round.
        let soft = ace & (hard <= 11);
        Total {
            // Chosen without a branch: the compiler made one of `10 * u8::from(soft)`.
            value: hard + std::hint::select_unpredictable(soft, 10, 0),
            soft,
        }
    }

    /// Whether the hand is over 21.
    #[inline]
    pub fn is_bust(self) -> bool {
        self.value > 21
    }
}

impl std::fmt::Display for Total {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.soft && self.value < 21 {
            write!(f, "soft {}", self.value)
        } else {
            write!(f, "{}", self.value)
        }
    }
}

impl Cards {
    /// An empty hand.
    pub fn new() -> Cards {
        Cards::default()
    }

    /// A hand of these cards.
    pub fn from_cards(cards: &[Card]) -> Cards {
        let mut hand = Cards::new();
        cards.iter().for_each(|&c| hand.push(c));
        hand
    }

    /// A hand of one card of each value, where suits do not matter (analysis, drills, tests).
    pub fn from_values(values: &[Value]) -> Cards {
        let mut hand = Cards::new();
        values.iter().for_each(|&v| hand.push(Card::of(v)));
        hand
    }

    /// Adds a card.
    ///
    /// # Panics
    /// If the hand already holds [`MAX_CARDS`] cards (it is then bust, so the engine never does).
    #[inline]
    pub fn push(&mut self, card: Card) {
        self.cards[self.len()] = card;
        self.counts += card.tally();
    }

    /// Takes the last card off (used when a pair is split).
    pub fn pop(&mut self) -> Option<Card> {
        let last = self.len().checked_sub(1)?;
        let card = self.cards[last];
        self.counts -= card.tally();
        Some(card)
    }

    /// Empties the hand in place.
    #[inline]
    pub fn clear(&mut self) {
        self.counts = 0;
    }

    /// The cards, in the order dealt.
    #[inline]
    pub fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len()]
    }

    /// Number of cards.
    #[inline]
    pub fn len(&self) -> usize {
        (self.counts & 0xff) as usize
    }

    /// Whether the hand has no card.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The total with every ace counted 1.
    #[inline]
    pub fn hard_total(&self) -> u8 {
        // The byte of the hard total, exactly.
        (self.counts >> 8) as u8
    }

    /// Whether the hand holds an ace.
    #[inline]
    pub(crate) fn has_ace(&self) -> bool {
        self.counts >> 16 != 0
    }

    /// The best total: one ace counts 11 while that does not take the hand over 21.
    #[inline]
    pub fn total(&self) -> Total {
        Total::of(self.hard_total(), self.has_ace())
    }

    /// Whether the hand is over 21.
    #[inline]
    pub fn is_bust(&self) -> bool {
        self.hard_total() > 21
    }

    /// An ace and a ten-valued card as the only two cards. (Whether it is a *natural* also
    /// depends on the hand not coming from a split; see [`crate::engine::seat::PlayerHand`].)
    #[inline]
    pub fn is_two_card_21(&self) -> bool {
        self.counts == TWO_CARD_21
    }

    /// Two cards of the same value (K,Q and 10,J count as pairs).
    #[inline]
    pub fn is_pair(&self) -> bool {
        self.len() == 2 && self.cards[0].value() == self.cards[1].value()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(values: &[u8]) -> Cards {
        let cards: Vec<Card> = values.iter().map(|&v| Card::of_value(v)).collect();
        Cards::from_cards(&cards)
    }

    #[test]
    fn ace_counts_eleven_unless_that_busts() {
        assert_eq!(hand(&[1, 6]).total(), Total { value: 17, soft: true });
        assert_eq!(hand(&[1, 6, 10]).total(), Total { value: 17, soft: false });
        assert_eq!(hand(&[1, 1]).total(), Total { value: 12, soft: true });
        assert_eq!(hand(&[1, 1, 9]).total(), Total { value: 21, soft: true });
        assert_eq!(hand(&[1, 1, 10]).total(), Total { value: 12, soft: false });
    }

    /// The packed counts against a plain recount of the cards, for every hand of up to four
    /// cards and the longest hands there are.
    #[test]
    fn packed_counts_agree_with_the_cards() {
        let check = |h: &Cards| {
            let values: Vec<u8> = h.as_slice().iter().map(|c| c.value().get()).collect();
            let hard: u8 = values.iter().sum();
            let aces = values.iter().filter(|&&v| v == 1).count();
            let best = if aces > 0 && hard + 10 <= 21 { hard + 10 } else { hard };
            assert_eq!(h.len(), values.len());
            assert_eq!(h.hard_total(), hard);
            assert_eq!(h.total().value, best, "{values:?}");
            assert_eq!(h.total().soft, best != hard);
            assert_eq!(h.is_bust(), hard > 21);
            let ace_ten = values.len() == 2 && values.contains(&1) && values.contains(&10);
            assert_eq!(h.is_two_card_21(), ace_ten, "{values:?}");
        };
        let mut hands = vec![Vec::new()];
        for _ in 0..4 {
            let longer: Vec<Vec<u8>> = hands
                .iter()
                .filter(|h| h.len() == hands.last().map_or(0, Vec::len))
                .flat_map(|h| {
                    (1..=10).map(move |v| {
                        let mut h = h.clone();
                        h.push(v);
                        h
                    })
                })
                .collect();
            hands.extend(longer);
        }
        hands.push(vec![1; MAX_CARDS]);
        hands.push(vec![10; MAX_CARDS]);
        for values in &hands {
            let mut h = hand(values);
            check(&h);
            while h.pop().is_some() {
                check(&h);
            }
        }
        assert_eq!(hands.len(), 1 + 10 + 100 + 1000 + 10_000 + 2);
    }

    #[test]
    fn bust_over_21() {
        assert!(hand(&[10, 6, 6]).is_bust());
        assert!(!hand(&[10, 1, 10]).is_bust());
    }

    #[test]
    fn ace_and_ten_is_two_card_21() {
        assert!(hand(&[1, 10]).is_two_card_21());
        assert!(hand(&[10, 1]).is_two_card_21());
        assert!(!hand(&[1, 5, 5]).is_two_card_21());
        assert!(!hand(&[1, 1]).is_two_card_21());
    }

    #[test]
    fn ten_valued_unlike_cards_are_a_pair() {
        use crate::engine::card::{Rank, Suit};
        let kq = Cards::from_cards(&[
            Card::new(Rank::King, Suit::Hearts),
            Card::new(Rank::Queen, Suit::Clubs),
        ]);
        assert!(kq.is_pair());
        assert!(!hand(&[9, 10]).is_pair());
    }

    #[test]
    fn hands_emptied_in_place_compare_by_their_cards_only() {
        let mut reused = hand(&[9, 7, 5]);
        reused.clear();
        reused.push(Card::of_value(10));
        assert_eq!(reused, hand(&[10]));
        assert_ne!(reused, hand(&[10, 7]));
        assert_ne!(hand(&[7, 10]), hand(&[10, 7]));
    }

    #[test]
    fn pop_restores_the_total() {
        let mut h = hand(&[8, 8]);
        assert_eq!(h.pop(), Some(Card::of_value(8)));
        assert_eq!(h.total().value, 8);
        assert_eq!(h.len(), 1);
    }

    #[test]
    fn soft_display_says_soft() {
        assert_eq!(hand(&[1, 6]).total().to_string(), "soft 17");
        assert_eq!(hand(&[10, 7]).total().to_string(), "17");
        assert_eq!(hand(&[1, 10]).total().to_string(), "21");
    }
}
