//! The database's layout, changed only by numbered migrations.
//!
//! A database is ours when its `application_id` is [`APPLICATION_ID`]; its `user_version` is
//! the number of migrations applied. Opening a database of an earlier version applies the rest
//! in one transaction ([`migrate`]); a database of a later version is read and never written
//! (the store says so). A migration is never edited once released: a change of layout is a new
//! one at the end of [`MIGRATIONS`], with a test that opens a database of every earlier version.
//!
//! Money is kept in thousandths of a unit and results in thousandths of the initial bet
//! (`*_milli`), as the engine counts them, so sums are exact. Times are seconds since the Unix
//! epoch (UTC); days are the player's local calendar days (`YYYY-MM-DD`), which is what the
//! practice schedule counts in.

use rusqlite::{Connection, TransactionBehavior};

/// What marks a database as ours (`PRAGMA application_id`): "BJTR".
pub const APPLICATION_ID: i32 = 0x424A_5452;

/// The layout this build reads and writes: the number of [`MIGRATIONS`].
pub const VERSION: i32 = MIGRATIONS.len() as i32;

/// Each migration takes the database from the version of its index to the next.
pub const MIGRATIONS: &[&str] = &[V1];

/// Version 1: sessions, rounds and their hands, graded decisions, counting answers, rebuys and
/// the record of an import from the file-based statistics of earlier builds.
const V1: &str = "
CREATE TABLE sessions (
    id       INTEGER PRIMARY KEY,
    started  INTEGER NOT NULL,              -- when it first wrote
    day      TEXT    NOT NULL,              -- its local day
    kind     TEXT    NOT NULL CHECK (kind IN ('table', 'drill', 'import')),
    process  INTEGER NOT NULL,
    rules    TEXT    NOT NULL               -- the rules, as `blackjack rules --toml` prints them
);

CREATE TABLE rounds (
    id             INTEGER PRIMARY KEY,
    session        INTEGER NOT NULL REFERENCES sessions (id),
    at             INTEGER NOT NULL,        -- when it was dealt
    day            TEXT    NOT NULL,
    number         INTEGER NOT NULL,        -- in its session, from 1
    seed           INTEGER NOT NULL,        -- the table's seed: its 64 bits as a signed integer
    shoe_position  INTEGER NOT NULL,        -- cards dealt since the shuffle, before the round
    bet_milli      INTEGER,                 -- the bet; NULL where not known (an import)
    true_count     INTEGER,                 -- counting mode: the floored true count at the deal
    dealer         TEXT    NOT NULL,        -- the dealer's cards, up card first: 'As 10h 7c'
    hands          INTEGER NOT NULL,        -- the round as the trainer's tally counts it
    wins           INTEGER NOT NULL,
    losses         INTEGER NOT NULL,
    pushes         INTEGER NOT NULL,
    naturals       INTEGER NOT NULL,
    busts          INTEGER NOT NULL,
    doubles        INTEGER NOT NULL,
    splits         INTEGER NOT NULL,
    dealer_natural INTEGER NOT NULL,
    dealer_bust    INTEGER NOT NULL,
    net_milli      INTEGER NOT NULL,        -- in bets
    money_milli    INTEGER,                 -- in money; NULL where not known (an import)
    settled        INTEGER NOT NULL CHECK (settled IN (0, 1)),  -- 0: left unfinished,
    CHECK (wins + losses + pushes = hands)  -- not counted as played (its figures are 0)
);
CREATE INDEX rounds_session ON rounds (session);

CREATE TABLE hands (
    round        INTEGER NOT NULL REFERENCES rounds (id),
    idx          INTEGER NOT NULL,          -- 0, then 1… after splits
    cards        TEXT    NOT NULL,
    stake        INTEGER NOT NULL CHECK (stake IN (1, 2)),
    outcome      TEXT    NOT NULL,          -- as the table says it: '+1', 'bust -1', 'push'
    net_milli    INTEGER NOT NULL,
    money_milli  INTEGER,
    PRIMARY KEY (round, idx)
) WITHOUT ROWID;

CREATE TABLE decisions (
    id          INTEGER PRIMARY KEY,
    session     INTEGER NOT NULL REFERENCES sessions (id),
    round       INTEGER REFERENCES rounds (id),   -- a decision at the table
    drill       TEXT,                             -- or a drill answer: the drill's kind
    seconds     REAL CHECK (seconds >= 0 AND seconds < 1e9),  -- a drill answer's time
    at          INTEGER NOT NULL,
    day         TEXT    NOT NULL,
    hand        INTEGER NOT NULL,                 -- which of the player's hands
    cards       TEXT    NOT NULL,
    up          TEXT    NOT NULL,
    cell        TEXT    NOT NULL,                 -- the chart cell: 'hard:16:T'
    chosen      TEXT    NOT NULL,
    best        TEXT    NOT NULL,
    correct     INTEGER GENERATED ALWAYS AS (chosen = best) VIRTUAL,
    categories  INTEGER NOT NULL,                 -- bits: 1 hard, 2 soft, 4 pairs, 8 doubles
    evs         TEXT    NOT NULL,                 -- JSON, best first: [[\"hit\", -0.54], …]
    cost        REAL    NOT NULL CHECK (cost >= 0 AND cost < 1e6),
    mode        TEXT    NOT NULL CHECK (mode IN ('basic', 'counting')),
    true_count  INTEGER,                          -- counting mode: the floored true count
    CHECK ((round IS NULL) <> (drill IS NULL))
);
CREATE INDEX decisions_cell ON decisions (cell, id);
CREATE INDEX decisions_round ON decisions (round);
CREATE INDEX decisions_session ON decisions (session);

CREATE TABLE answers (                               -- the counting drills and the count quiz
    id        INTEGER PRIMARY KEY,
    session   INTEGER NOT NULL REFERENCES sessions (id),
    at        INTEGER NOT NULL,
    day       TEXT    NOT NULL,
    skill     TEXT    NOT NULL CHECK (skill IN
                  ('count', 'countdown', 'true-count', 'decks', 'ramp', 'deviations')),
    question  TEXT    NOT NULL,
    answer    TEXT    NOT NULL,
    truth     TEXT    NOT NULL,
    correct   INTEGER NOT NULL CHECK (correct IN (0, 1)),
    error     REAL    NOT NULL CHECK (error >= 0 AND error < 1e6),
    seconds   REAL    NOT NULL CHECK (seconds >= 0 AND seconds < 1e9),
    decks     INTEGER,                               -- a countdown: the decks counted
    best      INTEGER NOT NULL DEFAULT 0             -- a countdown that may be a personal best
);
CREATE INDEX answers_session ON answers (session);

CREATE TABLE rebuys (
    id            INTEGER PRIMARY KEY,
    session       INTEGER NOT NULL REFERENCES sessions (id),
    at            INTEGER NOT NULL,
    amount_milli  INTEGER NOT NULL CHECK (amount_milli > 0)
);

CREATE TABLE imports (                               -- the file-based statistics taken in
    id               INTEGER PRIMARY KEY,
    at               INTEGER NOT NULL,
    session          INTEGER REFERENCES sessions (id),  -- the rows made of its hand history
    stats_path       TEXT,
    stats            TEXT,       -- the old statistics file, as it was: its lifetime figures
    history_path     TEXT,       --   are added to the rows' (its history's rows are in them)
    history_entries  INTEGER NOT NULL,
    note             TEXT        -- what could not be imported, if anything
);
";

/// The schema version and application id of an open database, as stored.
pub fn stamp(conn: &Connection) -> rusqlite::Result<(i32, i32)> {
    let id = conn.pragma_query_value(None, "application_id", |row| row.get(0))?;
    let version = conn.pragma_query_value(None, "user_version", |row| row.get(0))?;
    Ok((id, version))
}

/// Brings a database of version [`VERSION`] or earlier up to [`VERSION`], in one transaction,
/// and marks it as ours. A new (empty) database gets every migration.
pub fn migrate(conn: &mut Connection) -> rusqlite::Result<()> {
    if stamp(conn)? == (APPLICATION_ID, VERSION) {
        // Up to date: nothing is written (a read leaves the file as it was).
        return Ok(());
    }
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let version: i32 = tx.pragma_query_value(None, "user_version", |row| row.get(0))?;
    let from = usize::try_from(version).unwrap_or(0);
    for (done, sql) in MIGRATIONS.iter().enumerate().skip(from) {
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", done as i32 + 1)?;
    }
    tx.pragma_update(None, "application_id", APPLICATION_ID)?;
    tx.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A database at `version`: the first `version` migrations applied, as a build of that
    /// version left it.
    fn at_version(version: usize) -> Connection {
        let conn = Connection::open_in_memory().expect("memory");
        for sql in &MIGRATIONS[..version] {
            conn.execute_batch(sql).expect("an earlier migration");
        }
        conn.pragma_update(None, "user_version", version as i32)
            .expect("version");
        if version > 0 {
            conn.pragma_update(None, "application_id", APPLICATION_ID)
                .expect("id");
        }
        conn
    }

    #[test]
    fn every_earlier_version_migrates_to_this_one_keeping_its_rows() {
        for version in 0..MIGRATIONS.len() {
            let mut conn = at_version(version);
            if version >= 1 {
                conn.execute(
                    "INSERT INTO sessions (started, day, kind, process, rules)
                     VALUES (1, '2026-12-01', 'table', 7, '')",
                    [],
                )
                .expect("a session of version 1");
            }
            migrate(&mut conn).expect("migrates");
            assert_eq!(stamp(&conn).expect("stamp"), (APPLICATION_ID, VERSION));
            let sessions: i64 = conn
                .query_row("SELECT COUNT(*) FROM sessions", [], |r| r.get(0))
                .expect("the sessions table");
            assert_eq!(sessions, i64::from(version >= 1), "from version {version}");
        }
    }

    #[test]
    fn migrating_twice_changes_nothing() {
        let mut conn = at_version(0);
        migrate(&mut conn).expect("migrates");
        migrate(&mut conn).expect("again");
        assert_eq!(stamp(&conn).expect("stamp"), (APPLICATION_ID, VERSION));
    }

    #[test]
    fn the_tables_refuse_what_no_build_writes() {
        let mut conn = at_version(0);
        migrate(&mut conn).expect("migrates");
        conn.execute(
            "INSERT INTO sessions (started, day, kind, process, rules)
             VALUES (1, '2026-12-01', 'drill', 7, '')",
            [],
        )
        .expect("a session");
        let answer = |error: f64| {
            conn.execute(
                "INSERT INTO answers (session, at, day, skill, question, answer, truth, correct,
                                      error, seconds)
                 VALUES (1, 1, '2026-12-01', 'decks', 'q', 'a', 't', 0, ?1, 1.0)",
                [error],
            )
        };
        assert!(answer(0.5).is_ok());
        assert!(answer(f64::INFINITY).is_err(), "an infinite error");
        assert!(answer(1e20).is_err(), "an error no question allows");
        assert!(answer(-1.0).is_err(), "a negative error");
    }
}
