//! The database's layout, changed only by numbered migrations.
//!
//! Ours when `application_id` is [`APPLICATION_ID`]; `user_version` counts the migrations
//! applied ([`migrate`]); a later version is read, never written. A released migration is
//! never edited: a new layout is a new one at the end of [`MIGRATIONS`].
//!
//! Money and results in thousandths (`*_milli`), so sums are exact; times in Unix seconds;
//! days are the player's local days (`YYYY-MM-DD`), as the practice schedule counts.

use rusqlite::{Connection, TransactionBehavior};

use super::ranges::{answer_ok, decision_ok, hand_ok, rebuy_ok, round_ok, session_ok};

/// What marks a database as ours (`PRAGMA application_id`): "BJTR".
pub const APPLICATION_ID: i32 = 0x424A_5452;

/// The layout this build reads and writes: the number of [`MIGRATIONS`].
pub const VERSION: i32 = MIGRATIONS.len() as i32;

/// Each migration takes the database from the version of its index to the next.
pub const MIGRATIONS: &[&str] = &[V1, V2, V3, V4];

/// What a migration does that SQL alone cannot (rows made by Rust from rows), run after its
/// SQL in the same transaction.
type Step = fn(&Connection) -> rusqlite::Result<()>;

/// The [`Step`]s, each with the version its migration brings the database to.
const STEPS: &[(usize, Step)] = &[(4, super::imported::from_stats_texts)];

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

/// The `answers` table as versions 2–4 make it anew (`answers_vN`), taking the skills
/// `skills` (SQL strings), with its range check: one text for the three.
macro_rules! answers_table {
    ($name:literal, $skills:literal) => {
        concat!(
            "CREATE TABLE ",
            $name,
            " (
    id        INTEGER PRIMARY KEY,
    session   INTEGER NOT NULL REFERENCES sessions (id),
    at        INTEGER NOT NULL,
    day       TEXT    NOT NULL,
    skill     TEXT    NOT NULL CHECK (skill IN
                  (",
            $skills,
            ")),
    question  TEXT    NOT NULL,
    answer    TEXT    NOT NULL,
    truth     TEXT    NOT NULL,
    correct   INTEGER NOT NULL CHECK (correct IN (0, 1)),
    error     REAL    NOT NULL CHECK (error >= 0 AND error < 1e6),
    seconds   REAL    NOT NULL CHECK (seconds >= 0 AND seconds < 1e9),
    decks     INTEGER,
    best      INTEGER NOT NULL DEFAULT 0,
    CHECK ",
            answer_ok!(),
            "
);"
        )
    };
}

/// Version 2: every numeric column's range ([`super::ranges`]) as CHECK constraints, by
/// rebuilding each table (rows past a range are copied as they are: the figures skip them).
const V2: &str = concat!(
    "PRAGMA ignore_check_constraints = ON;
CREATE TABLE sessions_v2 (
    id       INTEGER PRIMARY KEY,
    started  INTEGER NOT NULL,
    day      TEXT    NOT NULL,
    kind     TEXT    NOT NULL CHECK (kind IN ('table', 'drill', 'import')),
    process  INTEGER NOT NULL,
    rules    TEXT    NOT NULL,
    CHECK ",
    session_ok!(),
    "
);
INSERT INTO sessions_v2 (id, started, day, kind, process, rules)
    SELECT id, started, day, kind, process, rules FROM sessions;
DROP TABLE sessions;
ALTER TABLE sessions_v2 RENAME TO sessions;

CREATE TABLE rounds_v2 (
    id             INTEGER PRIMARY KEY,
    session        INTEGER NOT NULL REFERENCES sessions (id),
    at             INTEGER NOT NULL,
    day            TEXT    NOT NULL,
    number         INTEGER NOT NULL,
    seed           INTEGER NOT NULL,
    shoe_position  INTEGER NOT NULL,
    bet_milli      INTEGER,
    true_count     INTEGER,
    dealer         TEXT    NOT NULL,
    hands          INTEGER NOT NULL,
    wins           INTEGER NOT NULL,
    losses         INTEGER NOT NULL,
    pushes         INTEGER NOT NULL,
    naturals       INTEGER NOT NULL,
    busts          INTEGER NOT NULL,
    doubles        INTEGER NOT NULL,
    splits         INTEGER NOT NULL,
    dealer_natural INTEGER NOT NULL,
    dealer_bust    INTEGER NOT NULL,
    net_milli      INTEGER NOT NULL,
    money_milli    INTEGER,
    settled        INTEGER NOT NULL CHECK (settled IN (0, 1)),
    CHECK (wins + losses + pushes = hands),
    CHECK ",
    round_ok!(),
    "
);
INSERT INTO rounds_v2 SELECT * FROM rounds;
DROP TABLE rounds;
ALTER TABLE rounds_v2 RENAME TO rounds;
CREATE INDEX rounds_session ON rounds (session);

CREATE TABLE hands_v2 (
    round        INTEGER NOT NULL REFERENCES rounds (id),
    idx          INTEGER NOT NULL,
    cards        TEXT    NOT NULL,
    stake        INTEGER NOT NULL CHECK (stake IN (1, 2)),
    outcome      TEXT    NOT NULL,
    net_milli    INTEGER NOT NULL,
    money_milli  INTEGER,
    PRIMARY KEY (round, idx),
    CHECK ",
    hand_ok!(),
    "
) WITHOUT ROWID;
INSERT INTO hands_v2 SELECT * FROM hands;
DROP TABLE hands;
ALTER TABLE hands_v2 RENAME TO hands;

CREATE TABLE decisions_v2 (
    id          INTEGER PRIMARY KEY,
    session     INTEGER NOT NULL REFERENCES sessions (id),
    round       INTEGER REFERENCES rounds (id),
    drill       TEXT,
    seconds     REAL CHECK (seconds >= 0 AND seconds < 1e9),
    at          INTEGER NOT NULL,
    day         TEXT    NOT NULL,
    hand        INTEGER NOT NULL,
    cards       TEXT    NOT NULL,
    up          TEXT    NOT NULL,
    cell        TEXT    NOT NULL,
    chosen      TEXT    NOT NULL,
    best        TEXT    NOT NULL,
    correct     INTEGER GENERATED ALWAYS AS (chosen = best) VIRTUAL,
    categories  INTEGER NOT NULL,
    evs         TEXT    NOT NULL,
    cost        REAL    NOT NULL CHECK (cost >= 0 AND cost < 1e6),
    mode        TEXT    NOT NULL CHECK (mode IN ('basic', 'counting')),
    true_count  INTEGER,
    CHECK ((round IS NULL) <> (drill IS NULL)),
    CHECK ",
    decision_ok!(),
    "
);
INSERT INTO decisions_v2 (id, session, round, drill, seconds, at, day, hand, cards, up, cell,
                          chosen, best, categories, evs, cost, mode, true_count)
    SELECT id, session, round, drill, seconds, at, day, hand, cards, up, cell, chosen, best,
           categories, evs, cost, mode, true_count FROM decisions;
DROP TABLE decisions;
ALTER TABLE decisions_v2 RENAME TO decisions;
CREATE INDEX decisions_cell ON decisions (cell, id);
CREATE INDEX decisions_round ON decisions (round);
CREATE INDEX decisions_session ON decisions (session);

",
    answers_table!(
        "answers_v2",
        "'count', 'countdown', 'true-count', 'decks', 'ramp', 'deviations'"
    ),
    "
INSERT INTO answers_v2 SELECT * FROM answers;
DROP TABLE answers;
ALTER TABLE answers_v2 RENAME TO answers;
CREATE INDEX answers_session ON answers (session);

CREATE TABLE rebuys_v2 (
    id            INTEGER PRIMARY KEY,
    session       INTEGER NOT NULL REFERENCES sessions (id),
    at            INTEGER NOT NULL,
    amount_milli  INTEGER NOT NULL CHECK (amount_milli > 0),
    CHECK ",
    rebuy_ok!(),
    "
);
INSERT INTO rebuys_v2 SELECT * FROM rebuys;
DROP TABLE rebuys;
ALTER TABLE rebuys_v2 RENAME TO rebuys;
PRAGMA ignore_check_constraints = OFF;

-- The rows outside their range (edited by hand, or from before version 2), each table's in an
-- index of its own that is empty in every database no one edited: counted at every opening
-- without reading the table.
CREATE INDEX sessions_out_of_range ON sessions (id) WHERE ",
    session_ok!(),
    " IS NOT 1;
CREATE INDEX rounds_out_of_range ON rounds (id) WHERE ",
    round_ok!(),
    " IS NOT 1;
CREATE INDEX hands_out_of_range ON hands (round) WHERE ",
    hand_ok!(),
    " IS NOT 1;
CREATE INDEX decisions_out_of_range ON decisions (id) WHERE ",
    decision_ok!(),
    " IS NOT 1;
CREATE INDEX answers_out_of_range ON answers (id) WHERE ",
    answer_ok!(),
    " IS NOT 1;
CREATE INDEX rebuys_out_of_range ON rebuys (id) WHERE ",
    rebuy_ok!(),
    " IS NOT 1;
"
);

/// Version 3: the course. Answers of the skills the course adds (`pairs`: pairs cancelled;
/// `rules`: the rules check; `table-true` and `table-decks`: the table's surprise checks of the
/// true count and the decks left), and `course`: each attempt at a stage's standard, passed or
/// not, with what was measured.
const V3: &str = concat!(
    "PRAGMA ignore_check_constraints = ON;
",
    answers_table!(
        "answers_v3",
        "'count', 'countdown', 'true-count', 'decks', 'ramp', 'deviations',
                   'pairs', 'rules', 'table-true', 'table-decks'"
    ),
    "
INSERT INTO answers_v3 SELECT * FROM answers;
DROP INDEX answers_out_of_range;
DROP TABLE answers;
ALTER TABLE answers_v3 RENAME TO answers;
CREATE INDEX answers_session ON answers (session);
CREATE INDEX answers_out_of_range ON answers (id) WHERE ",
    answer_ok!(),
    " IS NOT 1;
PRAGMA ignore_check_constraints = OFF;

CREATE TABLE course (                                -- attempts at the course's standards
    id        INTEGER PRIMARY KEY,
    session   INTEGER NOT NULL REFERENCES sessions (id),
    at        INTEGER NOT NULL CHECK (typeof(at) = 'integer' AND at BETWEEN 0 AND 253402300799),
    day       TEXT    NOT NULL,
    stage     INTEGER NOT NULL CHECK (typeof(stage) = 'integer' AND stage BETWEEN 0 AND 6),
    standard  TEXT    NOT NULL,                      -- which of the stage's standards
    passed    INTEGER NOT NULL CHECK (passed IN (0, 1)),
    detail    TEXT    NOT NULL                       -- what was measured, in words
);
CREATE INDEX course_stage ON course (stage, id);
"
);

/// The tables of an imported statistics file's figures (version 4), as SQL: a macro, so that
/// [`V4`] is one literal and a database this build may only read can have them for a
/// connection ([`IMPORTED_LAYOUT`]).
macro_rules! imported_tables {
    () => {
        "
CREATE TABLE imported_totals (                       -- a statistics file's lifetime counters
    import          INTEGER PRIMARY KEY REFERENCES imports (id),
    sessions        INTEGER NOT NULL,
    rounds          INTEGER NOT NULL,
    hands           INTEGER NOT NULL,
    wins            INTEGER NOT NULL,
    losses          INTEGER NOT NULL,
    pushes          INTEGER NOT NULL,
    naturals        INTEGER NOT NULL,
    busts           INTEGER NOT NULL,
    doubles         INTEGER NOT NULL,
    splits          INTEGER NOT NULL,
    dealer_natural  INTEGER NOT NULL,
    dealer_bust     INTEGER NOT NULL,
    net_milli       INTEGER NOT NULL,
    money_milli     INTEGER NOT NULL,
    net_sq_micro    TEXT    NOT NULL,                -- past 64 bits: its decimal digits
    rebuys          INTEGER NOT NULL,
    rebought_milli  INTEGER NOT NULL,
    decisions       INTEGER NOT NULL,
    correct         INTEGER NOT NULL,
    ev_lost         REAL    NOT NULL,
    count_asked     INTEGER NOT NULL,                -- the count quiz
    count_right     INTEGER NOT NULL
);

CREATE TABLE imported_categories (
    import     INTEGER NOT NULL REFERENCES imports (id),
    bit        INTEGER NOT NULL,                     -- as decisions.categories has it
    decisions  INTEGER NOT NULL,
    correct    INTEGER NOT NULL,
    PRIMARY KEY (import, bit)
) WITHOUT ROWID;

CREATE TABLE imported_cells (
    import     INTEGER NOT NULL REFERENCES imports (id),
    cell       TEXT    NOT NULL,
    decisions  INTEGER NOT NULL,
    wrong      INTEGER NOT NULL,
    streak     INTEGER NOT NULL,
    ev_lost    REAL    NOT NULL,
    review     TEXT    NOT NULL,                     -- JSON: the cell's practice record
    PRIMARY KEY (import, cell)
) WITHOUT ROWID;

CREATE TABLE imported_last_seen (
    import  INTEGER NOT NULL REFERENCES imports (id),
    cell    TEXT    NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (import, cell)
) WITHOUT ROWID;

CREATE TABLE imported_skills (
    import     INTEGER NOT NULL REFERENCES imports (id),
    skill      TEXT    NOT NULL,
    asked      INTEGER NOT NULL,
    correct    INTEGER NOT NULL,
    error_sum  REAL    NOT NULL,
    seconds    REAL    NOT NULL,
    untimed    INTEGER NOT NULL,
    PRIMARY KEY (import, skill)
) WITHOUT ROWID;

CREATE TABLE imported_bests (
    import   INTEGER NOT NULL REFERENCES imports (id),
    count    TEXT    NOT NULL,                       -- '' for Hi-Lo
    decks    INTEGER NOT NULL,
    seconds  REAL    NOT NULL,
    PRIMARY KEY (import, count, decks)
) WITHOUT ROWID;

CREATE TABLE imported_days (                         -- the days it knew were practised
    import  INTEGER NOT NULL REFERENCES imports (id),
    day     TEXT    NOT NULL,
    PRIMARY KEY (import, day)
) WITHOUT ROWID;

CREATE TABLE imported_sessions (                     -- its session rows, in its order
    id          INTEGER PRIMARY KEY,
    import      INTEGER NOT NULL REFERENCES imports (id),
    started     INTEGER NOT NULL,
    process     INTEGER NOT NULL,
    last_write  INTEGER NOT NULL,
    rounds      INTEGER NOT NULL,
    hands       INTEGER NOT NULL,
    net_milli   INTEGER NOT NULL,
    money_milli INTEGER NOT NULL,
    decisions   INTEGER NOT NULL,
    correct     INTEGER NOT NULL,
    ev_lost     REAL    NOT NULL
);
"
    };
}

/// The tables of an imported statistics file's figures, as SQL (version 4).
pub const IMPORTED_LAYOUT: &str = imported_tables!();

/// Version 4: `table-ramp`, the table's bets in counting mode, apart from the ramp drill's
/// (versions 1–3 kept both as `ramp`; the table asks `the bet at …`, the drill `True count …`);
/// and `imported_*`, an imported statistics file's figures as rows, filled from its kept text
/// by [`super::imported::from_stats_texts`] after this SQL.
const V4: &str = concat!(
    "PRAGMA ignore_check_constraints = ON;
",
    answers_table!(
        "answers_v4",
        "'count', 'countdown', 'true-count', 'decks', 'ramp', 'deviations',
                   'pairs', 'rules', 'table-true', 'table-decks', 'table-ramp'"
    ),
    "
INSERT INTO answers_v4 (id, session, at, day, skill, question, answer, truth, correct, error,
                        seconds, decks, best)
    SELECT id, session, at, day,
           CASE WHEN skill = 'ramp' AND question GLOB 'the bet at *' THEN 'table-ramp'
                ELSE skill END,
           question, answer, truth, correct, error, seconds, decks, best
    FROM answers;
DROP INDEX answers_out_of_range;
DROP TABLE answers;
ALTER TABLE answers_v4 RENAME TO answers;
CREATE INDEX answers_session ON answers (session);
CREATE INDEX answers_out_of_range ON answers (id) WHERE ",
    answer_ok!(),
    " IS NOT 1;
PRAGMA ignore_check_constraints = OFF;
",
    imported_tables!()
);

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
    // Tables are rebuilt (version 2): foreign keys are off meanwhile, as SQLite's procedure for
    // changing a table asks (the pragma does nothing inside a transaction).
    let keys: bool = conn.pragma_query_value(None, "foreign_keys", |row| row.get(0))?;
    conn.pragma_update(None, "foreign_keys", false)?;
    let migrated = apply(conn);
    // Back on whether the migration went through or not.
    conn.execute_batch("PRAGMA ignore_check_constraints = OFF")?;
    conn.pragma_update(None, "foreign_keys", keys)?;
    migrated
}

fn apply(conn: &mut Connection) -> rusqlite::Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let version: i32 = tx.pragma_query_value(None, "user_version", |row| row.get(0))?;
    let from = usize::try_from(version).unwrap_or(0);
    for (done, sql) in MIGRATIONS.iter().enumerate().skip(from) {
        tx.execute_batch(sql)?;
        for (_, step) in STEPS.iter().filter(|(to, _)| *to == done + 1) {
            step(&tx)?;
        }
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
        conn.pragma_update(None, "user_version", version as i32).expect("version");
        if version > 0 {
            conn.pragma_update(None, "application_id", APPLICATION_ID).expect("id");
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

    /// A migration is never edited once released: a database of each version holds what its
    /// text made. Each text's checksum as it was released ([`super::super::cache`]'s).
    #[test]
    fn every_migration_is_as_it_was_released() {
        let sums: Vec<String> =
            MIGRATIONS.iter().map(|sql| super::super::cache::checksum(sql, "", "")).collect();
        assert_eq!(
            sums,
            ["4902d6e9c855904c", "2b42d4e3af7d0e2c", "9ff6d2faabe4e921", "6b10651b881eafd5"]
        );
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

    #[test]
    fn version_2_checks_every_number_and_keeps_a_row_edited_by_hand_before_it() {
        let mut conn = at_version(1);
        conn.execute_batch(
            "INSERT INTO sessions (started, day, kind, process, rules)
                 VALUES (1, '2026-12-01', 'table', 7, '');
             INSERT INTO rounds (session, at, day, number, seed, shoe_position, dealer, hands,
                                 wins, losses, pushes, naturals, busts, doubles, splits,
                                 dealer_natural, dealer_bust, net_milli, settled)
                 VALUES (1, 1, '2026-12-01', 1, 0, 0, 'As', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                         'abc', 1);",
        )
        .expect("version 1 takes text as a net");
        let keys_before: bool =
            conn.pragma_query_value(None, "foreign_keys", |r| r.get(0)).expect("read");
        migrate(&mut conn).expect("migrates");
        let kept: i64 =
            conn.query_row("SELECT COUNT(*) FROM rounds", [], |r| r.get(0)).expect("counted");
        assert_eq!(kept, 1, "the row edited by hand is kept (the figures leave it out)");
        let again = conn.execute(
            "INSERT INTO rounds (session, at, day, number, seed, shoe_position, dealer, hands,
                                 wins, losses, pushes, naturals, busts, doubles, splits,
                                 dealer_natural, dealer_bust, net_milli, settled)
             VALUES (1, 1, '2026-12-01', 1, 0, 0, 'As', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 'abc', 1)",
            [],
        );
        assert!(again.is_err(), "version 2 refuses it");
        let keys: bool = conn.pragma_query_value(None, "foreign_keys", |r| r.get(0)).expect("read");
        assert_eq!(keys, keys_before, "the foreign-key setting as it was");
        let checks: bool =
            conn.pragma_query_value(None, "ignore_check_constraints", |r| r.get(0)).expect("read");
        assert!(!checks, "the checks back on");
    }

    #[test]
    fn version_3_keeps_the_answers_and_takes_the_course_skills() {
        let mut conn = at_version(2);
        conn.execute_batch(
            "INSERT INTO sessions (started, day, kind, process, rules)
                 VALUES (1, '2026-12-01', 'drill', 7, '');
             INSERT INTO answers (session, at, day, skill, question, answer, truth, correct,
                                  error, seconds)
                 VALUES (1, 1, '2026-12-01', 'decks', 'q', 'a', 't', 1, 0, 1.0);",
        )
        .expect("version 2 rows");
        let pairs = "INSERT INTO answers (session, at, day, skill, question, answer, truth,
                                          correct, error, seconds)
                     VALUES (1, 2, '2026-12-01', 'pairs', 'q', 'a', 't', 1, 0, 1.0)";
        assert!(conn.execute(pairs, []).is_err(), "version 2 has no such skill");
        migrate(&mut conn).expect("migrates");
        let kept: i64 =
            conn.query_row("SELECT COUNT(*) FROM answers", [], |r| r.get(0)).expect("counted");
        assert_eq!(kept, 1, "the answer of version 2 kept");
        conn.execute(pairs, []).expect("version 3 takes it");
        let course = |stage: i64| {
            conn.execute(
                "INSERT INTO course (session, at, day, stage, standard, passed, detail)
                 VALUES (1, 3, '2026-12-01', ?1, 'countdown', 1, '28.1 s')",
                [stage],
            )
        };
        assert!(course(2).is_ok());
        assert!(course(7).is_err(), "no stage 7");
    }

    /// The table's bets and the ramp drill's answers were both `ramp` before version 4: the
    /// table asks `the bet at true count +1` (lower-case, no question mark) and the drill
    /// `True count +1: your bet?`, in every count, wherever the drill was started (from the
    /// table's chooser its answers are in the table's session).
    #[test]
    fn version_4_tells_the_tables_bets_from_the_ramp_drills_answers() {
        use crate::analysis::counts::BUILT_IN;
        use crate::analysis::deviation::IndexTable;
        use crate::trainer::drills::counting::{Quiz, QuizKind, QuizSettings};
        use crate::trainer::tally::table_bet_question;
        let mut conn = at_version(3);
        conn.execute_batch(
            "INSERT INTO sessions (started, day, kind, process, rules)
                 VALUES (1, '2026-12-01', 'table', 7, ''), (1, '2026-12-01', 'drill', 8, '');",
        )
        .expect("sessions");
        let (mut bets, mut drill) = (Vec::new(), Vec::new());
        for system in &BUILT_IN {
            let words =
                system.named(if system.is_balanced() { "true count" } else { "running count" });
            bets.extend([-2, 0, 3].map(|count| table_bet_question(&words, count)));
            let settings =
                QuizSettings::new(6, IndexTable::default()).counting(system, IndexTable::default());
            let mut quiz = Quiz::new(QuizKind::Ramp, settings, 5).expect("a ramp drill");
            for _ in 0..4 {
                drill.push(quiz.question_text());
                quiz.peek(1.0).expect("a ramp question");
            }
        }
        let insert = |session: i64, question: &str, seconds: f64| {
            conn.execute(
                "INSERT INTO answers (session, at, day, skill, question, answer, truth, correct,
                                      error, seconds)
                 VALUES (?1, 1, '2026-12-01', 'ramp', ?2, '2', '2', 1, 0, ?3)",
                rusqlite::params![session, question, seconds],
            )
            .expect("a version 3 answer");
        };
        for question in &bets {
            insert(1, question, 0.0);
        }
        for (i, question) in drill.iter().enumerate() {
            // Half the drills started from the table's chooser.
            insert(1 + (i % 2) as i64, question, 2.0);
        }
        migrate(&mut conn).expect("migrates");
        let questions = |skill: &str| -> Vec<String> {
            conn.prepare("SELECT question FROM answers WHERE skill = ?1 ORDER BY id")
                .and_then(|mut q| q.query_map([skill], |r| r.get(0))?.collect())
                .expect("read")
        };
        assert_eq!(questions("table-ramp"), bets, "every bet at the table");
        assert_eq!(questions("ramp"), drill, "every answer of the drill");
        let untimed: i64 = conn
            .query_row(
                "SELECT COUNT(*) FROM answers WHERE skill = 'table-ramp' AND seconds = 0",
                [],
                |r| r.get(0),
            )
            .expect("counted");
        assert_eq!(untimed as usize, bets.len());
    }
}
