//! The statistics database's cost at the table, on the real file system (a folder under the
//! system's temporary directory): one round written in its own transaction (hands, decisions
//! and all) to a database that already holds 10 000 rounds, and the lifetime figures computed
//! from those rows, as the table and `blackjack stats` compute them.
//!
//! `BLACKJACK_BENCH_KEEP=PATH` keeps a copy of the 10 000-round database at PATH (to time
//! `blackjack --stats PATH stats` on it).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};

use blackjack_trainer::engine::Action;
use blackjack_trainer::sim::RoundTally;
use blackjack_trainer::store::{Location, Record, Scope, SessionInfo, SessionKind, Store};
use blackjack_trainer::trainer::day::Day;
use blackjack_trainer::trainer::history::{ActionEv, Decision, HandRecord, Round};

/// Rounds in the database before the measurements.
const ROUNDS: u64 = 10_000;

/// A typical round: two decisions on one hand (hit, then stand), the dealer drawing once.
fn round(number: u64) -> Record {
    let decision = |cards: &[&str], chosen, best, cost| Decision {
        hand: 0,
        cards: cards.iter().map(|c| (*c).to_owned()).collect(),
        up: "10c".to_owned(),
        cell: "hard:12:T".to_owned(),
        chosen,
        advised: best,
        evs: vec![
            ActionEv { action: Action::Hit, ev: -0.538_262 },
            ActionEv { action: Action::Stand, ev: -0.574_338 },
            ActionEv { action: Action::Double, ev: -1.076_524 },
        ],
        cost,
        true_count: None,
    };
    let round = Round {
        at: 1_796_000_000 + number,
        seed: 2026,
        shoe_position: (number as usize * 7) % 230,
        number,
        bet: Some(5.0),
        true_count: None,
        dealer: vec!["10c".to_owned(), "7d".to_owned()],
        hands: vec![HandRecord {
            cards: vec!["9s".to_owned(), "3h".to_owned(), "8c".to_owned()],
            stake: 1,
            outcome: "+1".to_owned(),
            net: 1.0,
            money: Some(5.0),
        }],
        decisions: vec![
            decision(&["9s", "3h"], Action::Hit, Action::Hit, 0.0),
            decision(&["9s", "3h", "8c"], Action::Stand, Action::Stand, 0.0),
        ],
        unfinished: false,
    };
    let tally = RoundTally {
        rounds: 1,
        hands: 1,
        wins: 1,
        net_milli: 1000,
        net_money_milli: 5000,
        net_sq_micro: 1_000_000,
        ..RoundTally::default()
    };
    Record::Round { round, tally }
}

fn bench_store(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a folder for the bench");
    let path = dir.path().join("stats.db");
    let info = SessionInfo {
        kind: SessionKind::Table,
        rules: blackjack_trainer::engine::Rules::default().to_toml(),
    };
    let (mut store, _) = Store::open(&Location::named(&path), info).expect("opens");
    let day = Day::parse("2026-12-04").expect("a day");
    for n in 1..=ROUNDS {
        store.write(&round(n), day).expect("written");
    }
    let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    eprintln!("the database after {ROUNDS} rounds: {bytes} bytes");
    if let Some(keep) = std::env::var_os("BLACKJACK_BENCH_KEEP") {
        store.backup(std::path::Path::new(&keep)).expect("kept");
    }

    let mut group = c.benchmark_group("store");
    group.sample_size(30);
    group.measurement_time(std::time::Duration::from_secs(10));
    // The figures first: the write bench adds a round per iteration (tens of thousands), and
    // the figures are to be read at 10 000 rounds.
    group.bench_function("lifetime figures at 10 000 rounds", |b| {
        b.iter(|| store.tally(black_box(Scope::All), day).expect("read"))
    });
    let mut n = ROUNDS;
    group.bench_function("write 1 round (1 transaction) from 10 000 rounds on", |b| {
        b.iter(|| {
            n += 1;
            store.write(black_box(&round(n)), day).expect("written")
        })
    });
    group.finish();
}

criterion_group!(benches, bench_store);
criterion_main!(benches);
