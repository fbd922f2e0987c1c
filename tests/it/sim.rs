//! The simulator: determinism, thread-count independence, consistent counters, the event sink
//! changing nothing but the events, and the JSON report; and seeded replays of the engine.

use blackjack_trainer::ai::{AnyStrategy, Strategy};
use blackjack_trainer::cli::Level;
use blackjack_trainer::engine::{Event, Phase, Rules, Table, seeded_table};
use blackjack_trainer::sim::{
    CHUNK_ROUNDS, RoundTally, ShoeMode, SimConfig, SimReport, chunk_rng, play_rounds, run,
    sim_table,
};
use std::process::Command;

/// FNV-1a over text.
fn fnv(hash: &mut u64, text: &str) {
    for b in text.bytes() {
        *hash ^= u64::from(b);
        *hash = hash.wrapping_mul(0x100_0000_01b3);
    }
}

/// A digest of every event of `rounds` seeded rounds at a table of `seats` seats (normal,
/// easy and hard in turn), the dealer played step by step.
fn replay_digest(rules: Rules, seats: usize, seed: u64, rounds: usize) -> u64 {
    let levels = [Level::Normal, Level::Easy, Level::Hard];
    let seats: Vec<AnyStrategy> =
        (0..seats).map(|i| AnyStrategy::for_level(levels[i % 3], &rules)).collect();
    let mut table = seeded_table(rules, seats.len(), seed);
    let mut hash = 0xcbf2_9ce4_8422_2325;
    let log = |events: &[Event], hash: &mut u64| {
        for e in events {
            fnv(hash, &format!("{e:?}"));
        }
    };
    for _ in 0..rounds {
        log(table.start_round().expect("deals"), &mut hash);
        while let Some((seat, _)) = table.active() {
            let action = seats[seat].decide(&table.view(seat));
            log(table.act(seat, action).expect("legal"), &mut hash);
        }
        while table.phase() == Phase::Dealer {
            log(table.dealer_step().expect("dealer"), &mut hash);
        }
        fnv(&mut hash, &format!("{:?}", table.seats()));
    }
    hash
}

/// A seeded game with every AI level replays to the last event, and another seed differs.
#[test]
fn seeded_play_replays_exactly() {
    let digest = replay_digest(Rules::default(), 3, 2024, 3_000);
    assert_eq!(digest, replay_digest(Rules::default(), 3, 2024, 3_000));
    assert_ne!(digest, replay_digest(Rules::default(), 3, 2025, 3_000));
}

/// The same for a single deck dealt to the last card at seven seats, where the shoe runs dry
/// mid-round and the discards are shuffled in.
#[test]
fn seeded_play_through_a_dry_shoe_replays_exactly() {
    let rules = Rules::from_toml("decks = 1\npenetration = 1.0\n").expect("valid rules");
    let mut table = seeded_table(rules.clone(), 7, 9);
    let dry = (0..200).any(|_| {
        let events = table.start_round().expect("deals").to_vec();
        while let Some((seat, _)) = table.active() {
            let _ = table.act(seat, blackjack_trainer::engine::Action::Hit);
        }
        let _ = table.play_dealer();
        events.contains(&Event::DiscardsShuffledIn)
            || table.round_events().contains(&Event::DiscardsShuffledIn)
    });
    assert!(dry, "the scenario must reach a dry shoe");
    let digest = replay_digest(rules.clone(), 7, 77, 2_000);
    assert_eq!(digest, replay_digest(rules.clone(), 7, 77, 2_000));
    assert_ne!(digest, replay_digest(rules, 7, 78, 2_000));
}

/// A run of `rounds` rounds with `level`, seed `seed`, on `threads` threads.
fn run_with(level: Level, seed: u64, threads: usize, rounds: u64, shoe: ShoeMode) -> SimReport {
    let rules = Rules::default();
    let strategy = AnyStrategy::for_level(level, &rules);
    let config = SimConfig { rounds, seed, threads, shoe };
    run(&rules, &strategy, &config, &|_| {}).expect("the engine plays")
}

/// Several chunks, the last one short, so that threads really share the work.
const ROUNDS: u64 = 4 * CHUNK_ROUNDS + 12_345;

/// The same seed gives the same counters to the last digit, on one thread or several; another
/// seed gives others.
#[test]
fn results_depend_on_the_seed_and_not_on_the_thread_count() {
    for level in [Level::Hard, Level::Normal, Level::Easy] {
        for shoe in [ShoeMode::CutCard(0.75), ShoeMode::Fresh] {
            let one = run_with(level, 99, 1, ROUNDS, shoe).tally;
            assert_eq!(one.rounds, ROUNDS);
            assert_eq!(one, run_with(level, 99, 1, ROUNDS, shoe).tally);
            for threads in [2, 3, 8] {
                let many = run_with(level, 99, threads, ROUNDS, shoe);
                assert_eq!(many.tally, one, "{level:?} {shoe:?} on {threads} threads");
            }
            assert_ne!(run_with(level, 100, 2, ROUNDS, shoe).tally, one);
        }
    }
}

/// The counters agree with each other.
#[test]
fn the_counters_are_consistent() {
    for level in [Level::Hard, Level::Normal, Level::Easy] {
        let t = run_with(level, 5, 2, ROUNDS, ShoeMode::CutCard(0.75)).tally;
        assert_eq!(t.wins + t.losses + t.pushes, t.hands, "{level:?}");
        assert_eq!(t.hands, t.rounds + t.splits);
        assert!(t.busts <= t.losses && t.naturals <= t.rounds);
        assert!(t.dealer_naturals + t.dealer_busts <= t.rounds);
        if level == Level::Easy {
            // Easy never doubles or splits.
            assert_eq!((t.doubles, t.splits), (0, 0));
        } else {
            assert!(t.doubles > 0 && t.splits > 0, "{level:?} doubles and splits");
        }
        // Every round nets between −8 units (four doubled hands lost) and +8.
        let mean_sq = t.net_sq_micro as f64 / 1e6 / t.rounds as f64;
        assert!(mean_sq > 0.5 && mean_sq < 64.0, "{mean_sq}");
        assert!(t.ev_per_round().abs() < 0.1);
    }
}

/// The simulator's tables keep no events; a table that keeps them, dealt the same cards,
/// plays exactly the same game: the event sink changes nothing but the events.
#[test]
fn keeping_events_or_not_plays_the_same_game() {
    let rules = Rules::default();
    for level in [Level::Hard, Level::Normal, Level::Easy] {
        let strategy = AnyStrategy::for_level(level, &rules);
        let mut silent = sim_table(rules.clone(), chunk_rng(3, 7));
        let mut logged = Table::new(rules.clone(), 1, chunk_rng(3, 7));
        let (mut a, mut b) = (RoundTally::default(), RoundTally::default());
        for _ in 0..200 {
            play_rounds(&mut silent, &strategy, 50, &mut a).expect("plays");
            play_rounds(&mut logged, &strategy, 50, &mut b).expect("plays");
            assert_eq!(silent.seats(), logged.seats());
            assert_eq!(silent.dealer(), logged.dealer());
            assert_eq!(silent.seen(), logged.seen());
            assert!(silent.round_events().is_empty());
            assert!(logged.round_events().contains(&Event::RoundOver));
        }
        assert_eq!(a, b, "{level:?}");
        assert_eq!(a.rounds, 10_000);
    }
}

/// `blackjack sim --json` prints one object with at least the keys the issue names, and the
/// same counters on one thread as on two.
#[test]
fn sim_json_has_the_promised_keys_and_ignores_the_thread_count() {
    let sim = |threads: &str| -> serde_json::Value {
        let out = Command::new(env!("CARGO_BIN_EXE_blackjack"))
            .args(["--seed", "8", "sim", "--hands", "150000", "--strategy", "easy"])
            .args(["--threads", threads, "--json"])
            .output()
            .expect("the binary runs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice(&out.stdout).expect("one JSON object")
    };
    let (one, two) = (sim("1"), sim("2"));
    for key in [
        "rounds",
        "hands",
        "ev_per_round",
        "std_error",
        "rounds_per_sec",
        "rounds_per_cpu_sec",
        "threads",
        "seed",
    ] {
        assert!(one.get(key).is_some(), "missing {key}");
    }
    assert_eq!((one["rounds"].as_u64(), one["seed"].as_u64()), (Some(150_000), Some(8)));
    assert_eq!((one["threads"].as_u64(), two["threads"].as_u64()), (Some(1), Some(2)));
    for key in ["hands", "ev_per_round", "std_error", "wins", "busts", "dealer_busts"] {
        assert_eq!(one[key], two[key], "{key}");
    }
}
