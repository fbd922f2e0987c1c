//! The quizzes' shoes: questions dealt from real shoes, before the cut card, as a table
//! deals them (the rest of the quizzes' tests are in `tests.rs`).

use super::tests::{answer_right, settings};
use super::*;

/// The variance of the Hi-Lo running count of `n` cards drawn from a full shoe of `size`:
/// `n · σ² · (size − n) / (size − 1)`, σ² = 40/52 (20 of every 52 cards count +1, 20
/// count −1).
fn running_count_variance(n: usize, size: usize) -> f64 {
    n as f64 * (40.0 / 52.0) * (size - n) as f64 / (size - 1) as f64
}

#[test]
fn a_dealt_shoe_is_dealt_uniformly_before_its_cut_card_and_counted() {
    for rules in [Rules::default(), Rules { decks: 2, penetration: 0.6, ..Rules::default() }] {
        let mut rng = GameRng::seed_from_u64(8);
        let shoes: Vec<DealtShoe> =
            (0..10_000).map(|_| deal_before_cut(&rules, &mut rng)).collect();
        let size = usize::from(rules.decks) * 52;
        let cut = (size as f64 * rules.penetration).round() as usize;
        assert!(shoes.iter().all(|s| s.size == size && s.cut == cut));
        assert!(shoes.iter().all(|s| (1..cut).contains(&s.dealt)));
        // Uniform depth: each quarter of 1..cut holds its share of the shoes (a quarter's
        // count of depths over all `cut - 1`), within four binomial standard deviations.
        for quarter in 0..4 {
            let range = 1 + quarter * (cut - 1) / 4..1 + (quarter + 1) * (cut - 1) / 4;
            let share = shoes.iter().filter(|s| range.contains(&s.dealt)).count();
            let p = range.len() as f64 / (cut - 1) as f64;
            let n = shoes.len() as f64;
            let z = (share as f64 - n * p) / (n * p * (1.0 - p)).sqrt();
            assert!(z.abs() < 4.0, "{range:?}: {share} (z {z:.1})");
        }
        // The running count of a real shoe: standardised by its depth, mean 0, variance 1,
        // nothing beyond five standard deviations.
        let z: Vec<f64> = shoes
            .iter()
            .map(|s| f64::from(s.running) / running_count_variance(s.dealt, size).sqrt())
            .collect();
        let mean = z.iter().sum::<f64>() / z.len() as f64;
        let variance = z.iter().map(|z| (z - mean).powi(2)).sum::<f64>() / z.len() as f64;
        let extreme = z.iter().fold(0.0f64, |m, z| m.max(z.abs()));
        assert!(mean.abs() < 0.04, "mean z {mean}");
        assert!((0.95..1.05).contains(&variance), "variance of z {variance}");
        assert!(extreme < 5.0, "a running count {extreme} standard deviations out");
    }
}

#[test]
fn true_count_questions_come_from_real_shoes_before_the_cut_card() {
    let mut quiz = Quiz::new(QuizKind::TrueCount, settings(), 12).expect("a quiz");
    let rules = Rules::default();
    let size = usize::from(rules.decks) * 52;
    let cut = (size as f64 * rules.penetration).round() as usize;
    // The fewest decks a question may show: the cards left at the cut card, read.
    let fewest = Resolution::Half.decks(size - cut);
    let (mut runnings, mut decks_seen) = (Vec::new(), Vec::new());
    for _ in 0..10_000 {
        let Prompt::TrueCount { running, decks } = quiz.prompt().clone() else {
            panic!("a true-count question");
        };
        assert!((fewest..=6.0).contains(&decks), "{decks} decks left");
        runnings.push(f64::from(running));
        decks_seen.push(decks);
        answer_right(&mut quiz);
    }
    // The spread of a real shoe's running count over the depths before the cut card.
    let expected =
        (1..cut).map(|n| running_count_variance(n, size)).sum::<f64>() / (cut - 1) as f64;
    let n = runnings.len() as f64;
    let mean = runnings.iter().sum::<f64>() / n;
    let variance = runnings.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / n;
    assert!(mean.abs() < 4.0 * (expected / n).sqrt(), "mean {mean}");
    assert!(
        (variance / expected - 1.0).abs() < 0.05,
        "variance {variance}, a real shoe's {expected}"
    );
    // Deep and shallow both asked: the decks shown run from the cut card to the top.
    assert_eq!(decks_seen.iter().copied().fold(f64::MAX, f64::min), fewest);
    assert_eq!(decks_seen.iter().copied().fold(0.0, f64::max), 6.0);
}

#[test]
fn decks_questions_are_dealt_within_the_range_before_the_cut_card() {
    let rules = Rules { decks: 8, penetration: 0.8, ..Rules::default() };
    let mut quiz =
        Quiz::new(QuizKind::Decks, QuizSettings::for_rules(&rules, IndexTable::default()), 3)
            .expect("a quiz");
    let cut = (416.0f64 * 0.8).round() as usize;
    let mut dealts = Vec::new();
    for _ in 0..10_000 {
        let Prompt::Decks { dealt, shoe } = *quiz.prompt() else {
            panic!("a decks question");
        };
        assert_eq!(shoe, 416);
        assert!((1..cut).contains(&dealt), "{dealt} dealt, cut at {cut}");
        dealts.push(dealt);
        answer_right(&mut quiz);
    }
    let (least, most) =
        (dealts.iter().copied().min().unwrap_or(0), dealts.iter().copied().max().unwrap_or(0));
    assert!(least <= 5 && most >= cut - 5, "{least}…{most} of 1…{}", cut - 1);
    let mean = dealts.iter().sum::<usize>() as f64 / dealts.len() as f64;
    assert!((mean - cut as f64 / 2.0).abs() < 4.0, "mean depth {mean}");
}
