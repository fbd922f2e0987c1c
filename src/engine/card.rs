//! Cards, ranks, suits and the ten card *values* that blackjack cares about.

use std::fmt;

/// A card's rank. Jack, queen and king are kept apart for display; all three are worth ten.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    Ace,
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
}

impl Rank {
    /// All thirteen ranks, ace first.
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// The blackjack value of the rank: ace 1 (it may count 11 in a hand), faces 10.
    pub const fn value(self) -> Value {
        match self {
            Rank::Jack | Rank::Queen | Rank::King => Value::TEN,
            other => Value(other as u8 + 1),
        }
    }

    /// The symbol printed on the card: `A 2 … 10 J Q K`.
    pub const fn symbol(self) -> &'static str {
        ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][self as usize]
    }
}

/// A card's suit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    /// All four suits.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// Whether the suit is printed in red.
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    /// The Unicode suit symbol.
    pub const fn symbol(self) -> char {
        ['♣', '♦', '♥', '♠'][self as usize]
    }

    /// A one-letter ASCII stand-in for terminals without the suit glyphs.
    pub const fn ascii(self) -> char {
        ['c', 'd', 'h', 's'][self as usize]
    }
}

/// One playing card, packed in a byte (`suit * 13 + rank`) so shoes and hands stay small.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// The card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 13 + rank as u8)
    }

    /// The card's rank.
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 % 13) as usize]
    }

    /// The card's suit.
    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.0 / 13) as usize]
    }

    /// The blackjack value, ace to ten.
    #[inline]
    pub const fn value(self) -> Value {
        // A table lookup: the hot path of dealing and valuing hands calls this for every card.
        // A card is a byte below 52, so the entry is a value in `1..=10`.
        Value(CARD_VALUES[self.0 as usize])
    }

    /// A representative card of a value, in spades (a ten for the ten-valued cards).
    pub const fn of(value: Value) -> Card {
        Card::new(Rank::ALL[value.index()], Suit::Spades)
    }

    /// [`Card::of`] a value given in points (1 = ace … 10): for tests and drills.
    ///
    /// # Panics
    /// If `value` is not in `1..=10`.
    pub const fn of_value(value: u8) -> Card {
        Card::of(Value::of(value))
    }
}

/// The blackjack value of each packed card (`suit * 13 + rank`). A card is a byte below 52;
/// the table covers every byte so that looking a value up needs no bounds check.
const CARD_VALUES: [u8; 256] = {
    let mut values = [0u8; 256];
    let mut i = 0;
    while i < 52 {
        values[i] = Rank::ALL[i % 13].value().0;
        i += 1;
    }
    values
};

/// What one card adds to a hand's packed counts (see [`Card::tally`]), for every byte.
const CARD_TALLIES: [u32; 256] = {
    let mut tallies = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let value = CARD_VALUES[i] as u32;
        tallies[i] = 1 | value << 8 | ((value == 1) as u32) << 16;
        i += 1;
    }
    tallies
};

impl Card {
    /// What this card adds to a hand's packed counts: one card, its value and (for an ace)
    /// one ace, as `1 | value << 8 | ace << 16`. [`crate::engine::Cards`] keeps its length,
    /// hard total and aces in one `u32`, so adding a card is a single addition.
    #[inline]
    pub(crate) const fn tally(self) -> u32 {
        CARD_TALLIES[self.0 as usize]
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().symbol(), self.suit().ascii())
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().symbol(), self.suit().symbol())
    }
}

/// One of the ten card values: ace (1), two … nine, ten-valued (10). Built only from a checked
/// number or a card, so [`Value::index`] (the one `− 1`) is always in range.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Value(u8);

impl Value {
    /// The ace (worth 1 or 11 in a hand).
    pub const ACE: Value = Value(1);
    /// The ten-valued cards: ten, jack, queen, king.
    pub const TEN: Value = Value(10);
    /// The ten values, ace first: `ALL[v.index()] == v`.
    pub const ALL: [Value; 10] = {
        let mut all = [Value::ACE; 10];
        let mut i = 0;
        while i < 10 {
            all[i] = Value(i as u8 + 1);
            i += 1;
        }
        all
    };

    /// The value worth `points` (1 = ace … 10), or `None` outside `1..=10`.
    pub const fn new(points: u8) -> Option<Value> {
        match points {
            1..=10 => Some(Value(points)),
            _ => None,
        }
    }

    /// The nearest value to `points`: the ace below 1, the ten above 10.
    pub fn clamped(points: u8) -> Value {
        Value(points.clamp(1, 10))
    }

    /// The value worth `points`, for literals in tests and tables.
    ///
    /// # Panics
    /// If `points` is not in `1..=10` (at compile time in a `const`).
    pub const fn of(points: u8) -> Value {
        match points {
            1..=10 => Value(points),
            _ => panic!("card value out of range"),
        }
    }

    /// The points it adds to a hard total: 1 (ace) to 10.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// Its slot in a ten-slot table, ace first: `0..=9`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// Whether it is the ace.
    pub const fn is_ace(self) -> bool {
        self.0 == 1
    }

    /// The short name written in charts and on the command line: `A 2 3 4 5 6 7 8 9 T`.
    pub const fn label(self) -> &'static str {
        ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T"][self.index()]
    }
}

impl PartialEq<u8> for Value {
    fn eq(&self, points: &u8) -> bool {
        self.0 == *points
    }
}

/// Written as its points (`10`), as the number it replaces was; [`fmt::Display`] is the label.
impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.label())
    }
}

/// [`Value::label`] of a value given in points (a chart's pair row): `T` outside `1..=10`.
pub fn value_label(value: u8) -> &'static str {
    Value::new(value).map_or("T", Value::label)
}

/// Parses a card value: `A 2 … 9 T`, with `10 J Q K` accepted as `T` (case-insensitive).
pub fn parse_value(text: &str) -> Option<Value> {
    match text.trim().to_ascii_uppercase().as_str() {
        "A" | "1" | "11" => Some(Value::ACE),
        "T" | "10" | "J" | "Q" | "K" => Some(Value::TEN),
        other => match other.parse::<u8>() {
            Ok(v @ 2..=9) => Value::new(v),
            _ => None,
        },
    }
}

/// How many cards of each value (slot [`Value::index`]) a set holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ValueCounts(pub [u16; 10]);

impl ValueCounts {
    /// The composition of `decks` full 52-card decks.
    pub fn full_shoe(decks: u8) -> ValueCounts {
        let d = u16::from(decks);
        let mut counts = [4 * d; 10];
        counts[Value::TEN.index()] = 16 * d;
        ValueCounts(counts)
    }

    /// The number of cards of `value`.
    pub fn get(&self, value: Value) -> u16 {
        self.0[value.index()]
    }

    /// Adds one card of `value`.
    #[inline]
    pub fn add(&mut self, value: Value) {
        self.0[value.index()] += 1;
    }

    /// Removes one card of `value`; `false` (and no change) if there is none.
    pub fn remove(&mut self, value: Value) -> bool {
        let slot = &mut self.0[value.index()];
        if *slot == 0 {
            return false;
        }
        *slot -= 1;
        true
    }

    /// All cards counted.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| u32::from(c)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_packs_rank_and_suit() {
        for suit in Suit::ALL {
            for rank in Rank::ALL {
                let card = Card::new(rank, suit);
                assert_eq!(card.rank(), rank);
                assert_eq!(card.suit(), suit);
            }
        }
    }

    #[test]
    fn every_card_is_worth_its_rank() {
        for suit in Suit::ALL {
            for rank in Rank::ALL {
                assert_eq!(Card::new(rank, suit).value(), rank.value());
            }
        }
    }

    #[test]
    fn faces_are_worth_ten_and_ace_one() {
        assert_eq!(Rank::King.value(), 10);
        assert_eq!(Rank::Jack.value(), 10);
        assert_eq!(Rank::Ace.value(), 1);
        assert_eq!(Rank::Seven.value(), 7);
    }

    #[test]
    fn parse_value_accepts_chart_and_face_names() {
        assert_eq!(parse_value("A"), Some(Value::ACE));
        assert_eq!(parse_value("t"), Some(Value::TEN));
        assert_eq!(parse_value("10"), Some(Value::TEN));
        assert_eq!(parse_value("K"), Some(Value::TEN));
        assert_eq!(parse_value("7"), Value::new(7));
        assert_eq!(parse_value("0"), None);
        assert_eq!(parse_value("X"), None);
    }

    #[test]
    fn full_shoe_counts_six_decks() {
        let shoe = ValueCounts::full_shoe(6);
        assert_eq!(shoe.total(), 312);
        assert_eq!(shoe.get(Value::TEN), 96);
        assert_eq!(shoe.get(Value::ACE), 24);
    }

    #[test]
    fn values_index_their_slot_ace_first() {
        for (i, value) in Value::ALL.into_iter().enumerate() {
            assert_eq!(value.index(), i);
            assert_eq!(usize::from(value.get()), i + 1);
            assert_eq!(Value::new(value.get()), Some(value));
            assert_eq!(parse_value(value.label()), Some(value));
        }
        assert_eq!(Value::new(0), None);
        assert_eq!(Value::new(11), None);
        assert_eq!(Rank::Queen.value(), Value::TEN);
    }
}
