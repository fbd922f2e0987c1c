//! Hi-Lo card counting: 2–6 count +1, 7–9 count 0, tens and aces count −1.

pub use crate::analysis::hilo::{hilo_tag, running_count};

/// The true count: running count per deck left in the shoe (decks left estimated from the
/// cards left, never below a quarter deck).
pub fn true_count(running: i32, cards_left: usize) -> f64 {
    let decks_left = (cards_left as f64 / 52.0).max(0.25);
    f64::from(running) / decks_left
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{GameRng, ValueCounts, shoe::Shoe};
    use rand::SeedableRng;

    #[test]
    fn hilo_over_a_full_seeded_shoe_ends_at_zero() {
        for seed in 0..5 {
            let mut rng = GameRng::seed_from_u64(seed);
            let mut shoe = Shoe::new(6, 1.0);
            let mut seen = ValueCounts::default();
            let mut running = 0;
            let mut extreme = 0;
            for _ in 0..312 {
                let (card, _) = shoe.draw(&mut rng);
                seen.add(card.value());
                running += hilo_tag(card.value());
                extreme = extreme.max(running.abs());
            }
            assert_eq!(running, 0);
            assert_eq!(running_count(&seen), 0);
            assert!(extreme > 0, "the count moves during the shoe");
        }
    }

    #[test]
    fn true_count_divides_by_decks_left() {
        assert!((true_count(6, 156) - 2.0).abs() < 1e-12);
        assert!((true_count(-3, 52) + 3.0).abs() < 1e-12);
        assert!((true_count(2, 0) - 8.0).abs() < 1e-12);
    }
}
