//! The shoe: `decks` × 52 cards, a cut card, and a discard tray.
//!
//! The shoe is shuffled *ahead* (Fisher–Yates run forwards): at the first draw after a
//! shuffle, each place up to the cut card takes a uniformly random card of those not yet
//! placed, in one pass, so a draw is one load. Past the cut card the next few places are
//! shuffled when needed; the cards beyond are never ordered. Picks come several to a random
//! word ([`picks_from_one_word`], exactly uniform): about forty words for six decks.
//!
//! Why ahead: the round's branches on card values then wait on a load, not on a chain of random
//! word, multiplication, load and swap. The order is private to the shoe: no view reaches it.
//!
//! Layout of `cards`: `[discards | cards on the table | shuffled ahead | not yet shuffled]`.

use rand::Rng;

use super::card::{Card, Rank, Suit};

/// A shoe of cards with its cut card and discard tray.
#[derive(Debug, Clone, PartialEq)]
pub struct Shoe {
    cards: Vec<Card>,
    /// Index of the first undealt card.
    next: usize,
    /// `cards[next..ahead]` are shuffled already, in the order they will be dealt.
    ahead: usize,
    /// Index of the first card dealt in the current round.
    round_start: usize,
    /// Reaching this many dealt cards means a reshuffle before the next round.
    cut: usize,
    decks: u8,
    penetration: f64,
    /// Cards at `next..` placed by [`Shoe::stack_next`], dealt as they stand.
    stacked: usize,
}

/// What a draw had to do besides dealing a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawNote {
    /// An ordinary draw.
    Plain,
    /// The shoe ran dry mid-round: the discard tray was shuffled in first.
    DiscardsShuffledIn,
    /// Shoe and tray were both empty (all cards on the table): a fresh deck was opened.
    DeckAdded,
}

impl Shoe {
    /// A full shoe of `decks` decks, the cut card at `penetration`, freshly shuffled.
    pub fn new(decks: u8, penetration: f64) -> Shoe {
        let mut shoe = Shoe {
            cards: Vec::new(),
            next: 0,
            ahead: 0,
            round_start: 0,
            cut: 0,
            decks,
            penetration,
            stacked: 0,
        };
        shoe.reshuffle();
        shoe
    }

    /// Adds one full deck, unshuffled, behind the cards there are.
    fn push_deck(&mut self) {
        let deck = Suit::ALL.map(|suit| Rank::ALL.map(|rank| Card::new(rank, suit)));
        self.cards.extend(deck.as_flattened());
    }

    /// Puts the cut card at the penetration, at least one card deep. A dry shoe takes the cut
    /// card out ([`Shoe::restock`]), so every shuffle puts it back.
    fn place_cut(&mut self) {
        let len = self.cards.len();
        self.cut = ((len as f64) * self.penetration).round() as usize;
        self.cut = self.cut.clamp(1, len.max(1));
    }

    /// Gathers every card back and shuffles (between rounds only: nothing may be on the table).
    pub fn reshuffle(&mut self) {
        if self.cards.len() != usize::from(self.decks) * 52 {
            self.cards.clear();
            (0..self.decks).for_each(|_| self.push_deck());
        }
        self.place_cut();
        self.next = 0;
        self.ahead = 0;
        self.round_start = 0;
        self.stacked = 0;
    }

    /// Whether the cut card has been reached, so the next round must start with a reshuffle.
    pub fn cut_card_reached(&self) -> bool {
        self.next >= self.cut
    }

    /// Moves the cards of the last round to the discard tray.
    pub fn begin_round(&mut self) {
        self.round_start = self.next;
    }

    /// Deals one card, random among the undealt ones.
    #[inline(always)]
    pub fn draw<R: Rng + ?Sized>(&mut self, rng: &mut R) -> (Card, DrawNote) {
        match self.draw_plain() {
            Some(card) => (card, DrawNote::Plain),
            None => self.draw_slow(rng),
        }
    }

    /// The hot path of [`Shoe::draw`]: the next card shuffled ahead, one load; `None`, with
    /// nothing drawn, when there is none (after a shuffle, past the cut, empty, stacked next).
    #[inline(always)]
    pub(crate) fn draw_plain(&mut self) -> Option<Card> {
        let next = self.next;
        if next >= self.ahead {
            return None;
        }
        let card = *self.cards.get(next)?;
        self.next = next + 1;
        Some(card)
    }

    /// A draw with no card shuffled ahead: from an empty shoe (restocked first), of a stacked
    /// card, or of a card to be shuffled first.
    #[cold]
    #[inline(never)]
    fn draw_slow<R: Rng + ?Sized>(&mut self, rng: &mut R) -> (Card, DrawNote) {
        let mut note = DrawNote::Plain;
        if self.next == self.cards.len() {
            note = self.restock();
        }
        if self.stacked > 0 {
            self.stacked -= 1;
        } else {
            self.shuffle_ahead(rng);
        }
        let card = self.cards[self.next];
        self.next += 1;
        (card, note)
    }

    /// Shuffles the undealt cards ahead up to the cut card (rounded up to whole words of
    /// [`PICKS_PER_WORD`] picks; past it, one word's): each place takes a random card from it on.
    #[inline(never)]
    fn shuffle_ahead<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        let len = self.cards.len();
        let start = self.next;
        let places =
            self.cut.saturating_sub(start).next_multiple_of(PICKS_PER_WORD).max(PICKS_PER_WORD);
        let end = (start + places).min(len);
        let cards = &mut self.cards[..];
        let mut at = start;
        // Six picks to a word while their counts' product stays below 2^60: for shoes of up
        // to 1024 cards (19 decks; the rules allow 8).
        if len <= 1 << 10 {
            // Every later word's product is smaller than the first's.
            let n = (len - start) as u64;
            let bound = (0..PICKS_PER_WORD as u64).map(|j| n.saturating_sub(j).max(1)).product();
            while end - at >= PICKS_PER_WORD {
                let offsets: [u64; PICKS_PER_WORD] =
                    picks_from_one_word(rng, (len - at) as u64, bound);
                swap_picks(&mut cards[at..], &offsets);
                at += PICKS_PER_WORD;
            }
        }
        while at < end {
            let n = (len - at) as u64;
            let offsets: [u64; 1] = picks_from_one_word(rng, n, n);
            swap_picks(&mut cards[at..], &offsets);
            at += 1;
        }
        self.ahead = end;
    }

    /// Refills an empty shoe mid-round without touching the cards on the table.
    fn restock(&mut self) -> DrawNote {
        if self.round_start > 0 {
            // [discards | table] → [table | discards]; the discards become the undealt part.
            self.cards[..self.next].rotate_left(self.round_start);
            self.next -= self.round_start;
            self.ahead = 0;
            self.round_start = 0;
            // The next round starts from a full reshuffle.
            self.cut = 0;
            DrawNote::DiscardsShuffledIn
        } else {
            self.push_deck();
            self.cut = 0;
            DrawNote::DeckAdded
        }
    }

    /// Puts these cards (matched by rank and suit, else by value) at the front of the undealt
    /// part, so they are dealt next and in this order. For scripted tests and drills. Returns
    /// `false`, changing nothing, unless the undealt part holds all of them.
    pub fn stack_next(&mut self, wanted: &[Card]) -> bool {
        let mut order = self.cards.clone();
        for (i, &card) in wanted.iter().enumerate() {
            let at = self.next + i;
            if at >= order.len() {
                return false;
            }
            let found = order[at..]
                .iter()
                .position(|&c| c == card)
                .or_else(|| order[at..].iter().position(|&c| c.value() == card.value()));
            match found {
                Some(offset) => order.swap(at, at + offset),
                None => return false,
            }
        }
        self.cards = order;
        self.stacked = wanted.len();
        // The stacked cards are dealt as they stand; the cards after them are shuffled again
        // when they are reached (uniformly, whatever order the stacking left them in).
        self.ahead = self.next;
        true
    }

    /// Cards not yet dealt.
    pub fn remaining(&self) -> usize {
        self.cards.len() - self.next
    }

    /// Cards dealt before the cut card is reached (0 once it is).
    pub fn until_cut(&self) -> usize {
        self.cut.saturating_sub(self.next)
    }

    /// Cards in the discard tray.
    pub fn discards(&self) -> usize {
        self.round_start
    }

    /// Cards dealt this round (on the table).
    pub fn on_table(&self) -> usize {
        self.next - self.round_start
    }

    /// All cards the shoe owns: undealt, on the table and discarded.
    pub fn size(&self) -> usize {
        self.cards.len()
    }
}

/// Picks taken from one random word by [`Shoe::shuffle_ahead`] (shoes of up to 1024 cards).
const PICKS_PER_WORD: usize = 6;

/// `K` uniform picks, `offsets[j]` in `0..n - j` (`K <= n`), all from one random 64-bit word
/// where possible: the batched method of Brackett-Rozinsky and Lemire ("Batched ranged random
/// integer generation", *Software: Practice and Experience*, 2024), exactly uniform.
///
/// The word is multiplied by each count in turn: the high half of each product is a pick, the
/// low half goes on to the next. The picks are then the digits, in the mixed radix of the
/// counts, of `⌊word · P / 2^64⌋` (`P` the product of the counts), and the last low half is
/// `word · P mod 2^64`: as in Lemire's method for one range, every value below `P` comes from
/// the same number of words once the words whose last low half is below `2^64 mod P` are
/// drawn again. `bound` is at least `P`: only a low half below it needs `P` and the remainder
/// worked out (a chance of `bound / 2^64` a word; about 2^-14 for six decks).
#[inline(always)]
fn picks_from_one_word<R: Rng + ?Sized, const K: usize>(
    rng: &mut R,
    n: u64,
    bound: u64,
) -> [u64; K] {
    debug_assert!(K as u64 <= n);
    let mut offsets = [0; K];
    loop {
        let mut low = rng.next_u64();
        let mut count = n;
        for offset in &mut offsets {
            let wide = u128::from(low) * u128::from(count);
            *offset = (wide >> 64) as u64;
            low = wide as u64;
            count -= 1;
        }
        if low >= bound || unbiased(low, n, K) {
            return offsets;
        }
    }
}

/// Whether the last low half `low` of [`picks_from_one_word`] leaves its picks unbiased: it
/// is at least `2^64 mod P`, `P` the product of the `k` counts from `n` down.
#[cold]
#[inline(never)]
fn unbiased(low: u64, n: u64, k: usize) -> bool {
    let product: u64 = (0..k as u64).map(|j| n - j).product();
    low >= product.wrapping_neg() % product
}

/// Places `K` cards at the front of `undealt`: place `j` swaps with the one `offsets[j]` on.
#[inline(always)]
fn swap_picks<const K: usize>(undealt: &mut [Card], offsets: &[u64; K]) {
    // Every pick is of a card from its place on, so the first `K` places exist (and the
    // compiler then checks only the picks' places).
    assert!(undealt.len() >= K, "{K} places to shuffle");
    for (j, &offset) in offsets.iter().enumerate() {
        let pick = j + offset as usize;
        let (picked, placed) = (undealt[pick], undealt[j]);
        undealt[j] = picked;
        undealt[pick] = placed;
    }
}

#[cfg(test)]
impl Shoe {
    /// The undealt cards, in no meaningful order. Test-only and crate-private: no view exposes
    /// the shoe's contents.
    pub(crate) fn undealt(&self) -> &[Card] {
        &self.cards[self.next..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A generator that gives these 64-bit words, then panics.
    struct Words<'a>(std::slice::Iter<'a, u64>);

    impl rand::TryRng for Words<'_> {
        type Error = std::convert::Infallible;
        fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
            unreachable!("the shoe reads 64-bit words")
        }
        fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
            Ok(*self.0.next().expect("a scripted word"))
        }
        fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Self::Error> {
            unreachable!("the shoe reads 64-bit words")
        }
    }

    fn words(words: &[u64]) -> Words<'_> {
        Words(words.iter())
    }

    /// Lemire's pick of one value below `product` from `word`, and whether the word is taken
    /// (else it is drawn again); the value's digits in the mixed radix of `n, n - 1, …`
    /// (most significant first): what [`picks_from_one_word`] gives, by the definition.
    fn by_definition<const K: usize>(word: u64, n: u64) -> (bool, [u64; K]) {
        let product: u64 = (0..K as u64).map(|j| n - j).product();
        let wide = u128::from(word) * u128::from(product);
        let (mut value, low) = ((wide >> 64) as u64, wide as u64);
        let taken = low >= product.wrapping_neg() % product;
        let mut digits = [0; K];
        for j in (0..K).rev() {
            let radix = n - j as u64;
            digits[j] = value % radix;
            value /= radix;
        }
        (taken, digits)
    }

    /// Six picks (and one) from a word are the digits of the one pick below their product
    /// that Lemire's method makes from it, for random words, words at the ends of the range
    /// and words drawn again, for shoe-sized counts and small ones.
    #[test]
    fn picks_are_the_digits_of_one_uniform_pick() {
        let mut rng = ChaCha8Rng::seed_from_u64(26);
        let mut again = 0;
        for n in [6u64, 7, 13, 52, 233, 312, 416, 1024] {
            let product: u64 = (0..6).map(|j| n - j).product();
            let mut samples: Vec<u64> = (0..5_000).map(|_| rng.next_u64()).collect();
            // The words just below and at the edges where the low half wraps.
            samples.extend([0, 1, u64::MAX, u64::MAX - 1, product.wrapping_neg() % product]);
            for word in samples {
                let replacement = rng.next_u64();
                let (taken, digits) = by_definition::<6>(word, n);
                let (_, second) = by_definition::<6>(replacement, n);
                // With the product as the bound, and with a bound that sends every word to the
                // exact check.
                for bound in [product, u64::MAX] {
                    let got: [u64; 6] =
                        picks_from_one_word(&mut words(&[word, replacement]), n, bound);
                    assert_eq!(got, if taken { digits } else { second }, "n {n}, word {word}");
                }
                again += usize::from(!taken);
                let (taken, digit) = by_definition::<1>(word, n);
                if taken {
                    let got: [u64; 1] = picks_from_one_word(&mut words(&[word]), n, n);
                    assert_eq!(got, digit);
                }
            }
        }
        assert!(again > 0, "some word was drawn again");
    }

    /// Every order of six cards is equally likely from six picks a word (a chi-square test
    /// over the 720 orders, 144 000 words; the limit is about six standard deviations above
    /// the mean of 719).
    #[test]
    fn six_picks_from_a_word_shuffle_six_cards_uniformly() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut counts = std::collections::HashMap::new();
        let draws = 720 * 200;
        for _ in 0..draws {
            let mut cards: Vec<Card> = (1..=6).map(Card::of_value).collect();
            let offsets: [u64; 6] = picks_from_one_word(&mut rng, 6, 720);
            swap_picks(&mut cards, &offsets);
            *counts.entry(cards).or_insert(0u32) += 1;
        }
        assert_eq!(counts.len(), 720, "every order comes out");
        let expected = f64::from(draws) / 720.0;
        let chi2: f64 =
            counts.values().map(|&c| (f64::from(c) - expected).powi(2) / expected).sum();
        assert!(chi2 < 950.0, "chi-square {chi2:.1} over 719 degrees of freedom");
    }

    /// The cards up to the cut card are shuffled at the first draw after a shuffle, past it a
    /// few at a time; either way every card is dealt once.
    #[test]
    fn the_shoe_is_shuffled_ahead_to_the_cut_card() {
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let mut shoe = Shoe::new(6, 0.75);
        assert_eq!(shoe.ahead, 0, "nothing is shuffled before the first draw");
        shoe.draw(&mut rng);
        assert_eq!((shoe.next, shoe.ahead), (1, 234));
        while !shoe.cut_card_reached() {
            shoe.draw(&mut rng);
        }
        assert_eq!(shoe.ahead, 234);
        shoe.draw(&mut rng);
        assert_eq!((shoe.next, shoe.ahead), (235, 240), "past the cut card, six at a time");
        let mut dealt = std::collections::HashMap::new();
        for &card in &shoe.cards[..shoe.next] {
            *dealt.entry(card).or_insert(0) += 1;
        }
        for _ in shoe.next..312 {
            *dealt.entry(shoe.draw(&mut rng).0).or_insert(0) += 1;
        }
        assert_eq!(dealt.len(), 52);
        assert!(dealt.values().all(|&n| n == 6));
        shoe.reshuffle();
        assert_eq!((shoe.next, shoe.ahead), (0, 0));
    }

    #[test]
    fn a_shoe_deals_every_card_once() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut shoe = Shoe::new(2, 0.75);
        let mut seen = std::collections::HashMap::new();
        for _ in 0..104 {
            let (card, note) = shoe.draw(&mut rng);
            assert_eq!(note, DrawNote::Plain);
            *seen.entry(card).or_insert(0) += 1;
        }
        assert_eq!(seen.len(), 52);
        assert!(seen.values().all(|&n| n == 2));
        assert_eq!(shoe.remaining(), 0);
    }

    #[test]
    fn cut_card_sits_at_penetration() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut shoe = Shoe::new(6, 0.75);
        assert_eq!(shoe.until_cut(), 234);
        for _ in 0..233 {
            shoe.draw(&mut rng);
        }
        assert!(!shoe.cut_card_reached());
        shoe.draw(&mut rng);
        assert!(shoe.cut_card_reached());
        shoe.reshuffle();
        assert_eq!(shoe.remaining(), 312);
    }

    #[test]
    fn dry_shoe_shuffles_in_the_discards_and_keeps_the_table() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut shoe = Shoe::new(1, 1.0);
        for _ in 0..50 {
            shoe.draw(&mut rng);
        }
        shoe.begin_round();
        let table: Vec<Card> = (0..2).map(|_| shoe.draw(&mut rng).0).collect();
        let (_, note) = shoe.draw(&mut rng);
        assert_eq!(note, DrawNote::DiscardsShuffledIn);
        assert_eq!(shoe.on_table(), 3);
        assert_eq!(&shoe.cards[..2], &table[..]);
        assert_eq!(shoe.remaining() + shoe.on_table() + shoe.discards(), 52);
    }

    /// A dry shoe takes the cut card out, so the next round reshuffles; that reshuffle puts
    /// the cut card back at the penetration, so later rounds deal on through the new shoe
    /// instead of reshuffling every round.
    #[test]
    fn the_reshuffle_after_a_dry_shoe_puts_the_cut_card_back() {
        for decks in [1u8, 6] {
            let size = usize::from(decks) * 52;
            let mut rng = ChaCha8Rng::seed_from_u64(11);
            let mut shoe = Shoe::new(decks, 1.0);
            for _ in 0..size - 2 {
                shoe.draw(&mut rng);
            }
            shoe.begin_round();
            let notes: Vec<DrawNote> = (0..5).map(|_| shoe.draw(&mut rng).1).collect();
            assert!(notes.contains(&DrawNote::DiscardsShuffledIn), "{notes:?}");
            // Mid-round the figures the shoe bar draws from stay sane: no cut card left.
            assert!(shoe.cut_card_reached());
            assert_eq!(shoe.until_cut(), 0);
            assert_eq!(shoe.remaining() + shoe.on_table() + shoe.discards(), size);

            shoe.reshuffle();
            assert_eq!((shoe.size(), shoe.remaining()), (size, size));
            assert_eq!(shoe.until_cut(), size, "the cut card is back at 100 %");
            assert!(!shoe.cut_card_reached());
            // Rounds of five cards deal on through the whole shoe before the cut card.
            for round in 0..(size - 1) / 5 {
                shoe.begin_round();
                for _ in 0..5 {
                    shoe.draw(&mut rng);
                }
                assert!(!shoe.cut_card_reached(), "{decks} deck(s), round {round}");
                assert!(shoe.until_cut() <= shoe.remaining());
            }
        }
    }

    #[test]
    fn the_cut_card_stays_at_the_penetration_after_every_reshuffle() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut shoe = Shoe::new(6, 0.75);
        for _ in 0..3 {
            while !shoe.cut_card_reached() {
                shoe.draw(&mut rng);
            }
            shoe.reshuffle();
            assert_eq!(shoe.until_cut(), 234);
        }
    }

    #[test]
    fn an_empty_shoe_and_tray_open_a_new_deck() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut shoe = Shoe::new(1, 1.0);
        for _ in 0..52 {
            shoe.draw(&mut rng);
        }
        let (_, note) = shoe.draw(&mut rng);
        assert_eq!(note, DrawNote::DeckAdded);
        assert_eq!(shoe.size(), 104);
        assert_eq!(shoe.until_cut(), 0);
        shoe.reshuffle();
        assert_eq!(shoe.size(), 52);
        assert_eq!(shoe.until_cut(), 52);
    }
}
