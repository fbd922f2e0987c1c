//! The shoe: `decks` × 52 cards, a cut card, and a discard tray.
//!
//! The shoe is shuffled *lazily*: each draw takes a uniformly random card from the cards not
//! yet dealt (an incremental Fisher–Yates shuffle). The order of the cards dealt is exactly
//! that of a full shuffle made at reshuffle time with the same random numbers, but a round
//! costs one random number per card instead of one per card in the shoe, and no order of
//! undealt cards exists anywhere until they are drawn.
//!
//! Layout of `cards`: `[discards | cards on the table | undealt]`.

use rand::Rng;

use super::card::{Card, Rank, Suit};

/// A shoe of cards with its cut card and discard tray.
#[derive(Debug, Clone, PartialEq)]
pub struct Shoe {
    cards: Vec<Card>,
    /// Index of the first undealt card.
    next: usize,
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
    /// A full shoe of `decks` decks with the cut card at `penetration` of its cards. It counts
    /// as freshly shuffled: the first draw is already random.
    pub fn new(decks: u8, penetration: f64) -> Shoe {
        let mut shoe = Shoe {
            cards: Vec::new(),
            next: 0,
            round_start: 0,
            cut: 0,
            decks,
            penetration,
            stacked: 0,
        };
        shoe.refill();
        shoe
    }

    fn refill(&mut self) {
        self.cards.clear();
        for _ in 0..self.decks {
            for suit in Suit::ALL {
                for rank in Rank::ALL {
                    self.cards.push(Card::new(rank, suit));
                }
            }
        }
        self.place_cut();
        self.next = 0;
        self.round_start = 0;
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
            self.refill();
        }
        self.place_cut();
        self.next = 0;
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
        match self.draw_plain(rng) {
            Some(card) => (card, DrawNote::Plain),
            None => self.draw_slow(rng),
        }
    }

    /// The hot path of [`Shoe::draw`]: one random number, one swap. `None`, with nothing
    /// drawn, when the shoe is empty or a stacked card is next; [`Shoe::draw`] then deals.
    #[inline(always)]
    pub(crate) fn draw_plain<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Card> {
        let next = self.next;
        if next >= self.cards.len() || self.stacked != 0 {
            return None;
        }
        let undealt = &mut self.cards[next..];
        // A uniform offset into the undealt part. The count fits in a `u32` without a check:
        // a shoe holds at most 255 decks, and opens another deck only when every card it has
        // is on the table (a few hundred cards at most).
        debug_assert!(u32::try_from(undealt.len()).is_ok());
        let offset = uniform_below(rng, undealt.len() as u32) as usize;
        // The card is kept before the swap: read back after it, it would be loaded again from
        // the place just written (the compiler cannot tell the two places apart when `offset`
        // is 0), and the card would wait for that write.
        let card = undealt[offset];
        undealt.swap(0, offset);
        self.next = next + 1;
        Some(card)
    }

    /// A uniform index in `next..len`, as [`Shoe::draw_plain`] draws it.
    #[inline(always)]
    fn pick<R: Rng + ?Sized>(rng: &mut R, next: usize, len: usize) -> usize {
        match u32::try_from(len - next) {
            Ok(n) => next + uniform_below(rng, n) as usize,
            Err(_) => rand::RngExt::random_range(rng, next..len),
        }
    }

    /// A draw from an empty shoe, or of a stacked card.
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
            let pick = Self::pick(rng, self.next, self.cards.len());
            self.cards.swap(self.next, pick);
        }
        let card = self.cards[self.next];
        self.next += 1;
        (card, note)
    }

    /// Refills an empty shoe mid-round without touching the cards on the table.
    fn restock(&mut self) -> DrawNote {
        if self.round_start > 0 {
            // [discards | table] → [table | discards]; the discards become the undealt part.
            self.cards[..self.next].rotate_left(self.round_start);
            self.next -= self.round_start;
            self.round_start = 0;
            // The next round starts from a full reshuffle.
            self.cut = 0;
            DrawNote::DiscardsShuffledIn
        } else {
            for suit in Suit::ALL {
                for rank in Rank::ALL {
                    self.cards.push(Card::new(rank, suit));
                }
            }
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

/// A uniform number in `0..n` (`n ≥ 1`), drawn exactly as rand's `random_range(0..n)` draws
/// it for a `u32` range, from the same random words (its single-sample method: Canon's, with
/// one refinement word in the rare case the first leaves it undecided), so seeded games deal
/// as they always have. Only the checks for an empty or a full range are left out: a draw
/// from the shoe needs neither, and at the rate the simulator deals they cost about 2
/// instructions a card.
#[inline(always)]
fn uniform_below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    debug_assert!(n > 0);
    let wide = u64::from(rng.next_u32()) * u64::from(n);
    let (high, low) = ((wide >> 32) as u32, wide as u32);
    if low > n.wrapping_neg() {
        let next_high = ((u64::from(rng.next_u32()) * u64::from(n)) >> 32) as u32;
        high + u32::from(low.checked_add(next_high).is_none())
    } else {
        high
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
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// `uniform_below` is rand's `random_range` without its range checks: the same numbers
    /// from the same stream, for shoe-sized counts and for counts where the refinement word
    /// is needed often.
    #[test]
    fn offsets_are_drawn_exactly_as_random_range_draws_them() {
        use rand::RngExt;
        for n in [
            1u32,
            2,
            3,
            52,
            311,
            312,
            416,
            13_260,
            u32::MAX / 3 * 2,
            u32::MAX,
        ] {
            let mut ours = ChaCha8Rng::seed_from_u64(u64::from(n));
            let mut rands = ours.clone();
            for _ in 0..20_000 {
                assert_eq!(
                    uniform_below(&mut ours, n),
                    rands.random_range(0..n),
                    "n = {n}"
                );
            }
            assert_eq!(ours, rands, "n = {n}: the same words used");
        }
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
