//! The course's rows: everything its standards read ([`Rows`]), and its own table of attempts
//! (`course`), where each pass is written once with the day of the row that met it, and where
//! the table marks the end of a shoe ([`Store::shoe_finished`]).

use rusqlite::{Connection, params};

use super::{Store, StoreError, all_rows, unix_seconds};
use crate::trainer::course::table_shoes::SHOE_END;
use crate::trainer::course::{
    AnswerRow, Context, Course, CourseRow, DecisionRow, RoundRow, Rows, SessionKind, Stage,
    Standard, new_passes,
};
use crate::trainer::day::Day;

fn session_kind(text: &str) -> SessionKind {
    match text {
        "table" => SessionKind::Table,
        "drill" => SessionKind::Drill,
        _ => SessionKind::Import,
    }
}

fn at(value: i64) -> u64 {
    u64::try_from(value).unwrap_or(0)
}

fn read_rows(conn: &Connection) -> rusqlite::Result<Rows> {
    let answers = "SELECT a.session, s.kind, a.at, a.day, a.skill, a.question, a.correct,
                          a.error, a.seconds, a.decks
                   FROM answers a JOIN sessions s ON s.id = a.session ORDER BY a.id";
    let answers = all_rows(conn, answers, [], |row| {
        Ok(AnswerRow {
            session: row.get(0)?,
            kind: session_kind(&row.get::<_, String>(1)?),
            at: at(row.get(2)?),
            day: row.get(3)?,
            skill: row.get(4)?,
            question: row.get(5)?,
            correct: row.get(6)?,
            error: row.get(7)?,
            seconds: row.get(8)?,
            decks: row.get(9)?,
        })
    })?;
    let decisions = "SELECT session, round, drill IS NOT NULL, at, day, cell, correct, cost,
                            mode = 'counting'
                     FROM decisions ORDER BY id";
    let decisions = all_rows(conn, decisions, [], |row| {
        Ok(DecisionRow {
            session: row.get(0)?,
            round: row.get(1)?,
            drilled: row.get(2)?,
            at: at(row.get(3)?),
            day: row.get(4)?,
            cell: row.get(5)?,
            correct: row.get(6)?,
            cost: row.get(7)?,
            counting: row.get(8)?,
        })
    })?;
    let rounds = "SELECT r.id, r.session, s.kind, r.at, r.day, r.number, r.shoe_position,
                         r.true_count IS NOT NULL, r.settled
                  FROM rounds r JOIN sessions s ON s.id = r.session ORDER BY r.id";
    let rounds = all_rows(conn, rounds, [], |row| {
        Ok(RoundRow {
            id: row.get(0)?,
            session: row.get(1)?,
            kind: session_kind(&row.get::<_, String>(2)?),
            at: at(row.get(3)?),
            day: row.get(4)?,
            number: row.get(5)?,
            shoe_position: row.get(6)?,
            counting: row.get(7)?,
            settled: row.get(8)?,
        })
    })?;
    let course = "SELECT session, stage, standard, passed, at, day, detail FROM course ORDER BY id";
    let course = all_rows(conn, course, [], |row| {
        Ok(CourseRow {
            session: row.get(0)?,
            stage: row.get(1)?,
            standard: row.get(2)?,
            passed: row.get(3)?,
            at: at(row.get(4)?),
            day: row.get(5)?,
            detail: row.get(6)?,
        })
    })?;
    Ok(Rows { answers, decisions, rounds, course })
}

impl Store {
    /// Every row the course reads.
    pub fn course_rows(&self) -> Result<Rows, StoreError> {
        read_rows(&self.conn).map_err(self.sql("read"))
    }

    /// Writes `rows` into `course` in one transaction, under this store's session (made on
    /// `day` if it has none yet). A read-only store refuses and writes nothing.
    pub fn write_course(&mut self, rows: &[CourseRow], day: Day) -> Result<(), StoreError> {
        if rows.is_empty() {
            return Ok(());
        }
        self.write_in_session(day, |tx, session| {
            for row in rows {
                tx.execute(
                    "INSERT INTO course (session, at, day, stage, standard, passed, detail)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    params![
                        session,
                        i64::try_from(row.at).unwrap_or(i64::MAX),
                        row.day,
                        row.stage,
                        row.standard,
                        row.passed,
                        row.detail
                    ],
                )?;
            }
            Ok(())
        })
    }

    /// The course as the rows have it, with every pass they show and `course` does not hold
    /// yet written there (once; a read-only store writes nothing and says so). Returns the
    /// course and the standards newly passed.
    pub fn course(
        &mut self,
        context: &Context,
        day: Day,
    ) -> Result<(Course, Vec<Standard>), StoreError> {
        let rows = self.course_rows()?;
        let course = Course::evaluate(&rows, context);
        let passes = new_passes(&course, &rows.course);
        if passes.is_empty() || self.read_only.is_some() {
            return Ok((course, Vec::new()));
        }
        self.write_course(&passes, day)?;
        let newly = passes.iter().filter_map(|p| Standard::from_name(&p.standard)).collect();
        Ok((course, newly))
    }

    /// The table shuffled: marks the end of this session's shoe in `course` (a `shoe-end` row
    /// of stage 2, never a pass; none before it wrote a round), then records what the rows now
    /// pass ([`Store::course`]), returning the standards newly passed.
    pub fn shoe_finished(
        &mut self,
        context: &Context,
        day: Day,
    ) -> Result<Vec<Standard>, StoreError> {
        if self.session.is_none() || self.read_only.is_some() {
            return Ok(Vec::new());
        }
        let mark = CourseRow {
            session: 0,
            stage: i64::from(Stage::RunningCount.number()),
            standard: SHOE_END.to_owned(),
            passed: false,
            at: unix_seconds(),
            day: day.to_string(),
            detail: "the table shuffled: the shoe before is finished".to_owned(),
        };
        self.write_course(&[mark], day)?;
        Ok(self.course(context, day)?.1)
    }
}

impl super::Coach {
    /// The course as the player's rows have it, its new passes recorded ([`Store::course`]).
    pub fn course(&mut self, context: &Context) -> Result<(Course, Vec<Standard>), StoreError> {
        let day = self.today();
        self.course_store().course(context, day)
    }

    /// The table shuffled ([`Store::shoe_finished`]): the standards newly passed, to say.
    pub fn shoe_finished(&mut self, context: &Context) -> Result<Vec<Standard>, StoreError> {
        let day = self.today();
        self.course_store().shoe_finished(context, day)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::progress::tests::answer;
    use crate::store::{SessionInfo, SessionKind as Kind};

    fn store() -> Store {
        Store::in_memory(SessionInfo { kind: Kind::Drill, rules: String::new() })
    }

    #[test]
    fn a_pass_is_written_once_with_the_day_of_the_row_that_met_it() {
        let mut s = store();
        let monday = Day::parse("2026-11-30").expect("a date");
        let tuesday = Day::parse("2026-12-01").expect("a date");
        for _ in 0..9 {
            s.write(&answer("rules", true, 3.0), monday).expect("written");
        }
        let (course, newly) = s.course(&Context::default(), tuesday).expect("read");
        assert!(newly.is_empty(), "nine of ten is not a pass");
        assert!(!course.passed(crate::trainer::course::Stage::Rules));
        s.write(&answer("rules", true, 3.0), monday).expect("written");
        let (course, newly) = s.course(&Context::default(), tuesday).expect("read");
        assert_eq!(newly, [Standard::RulesCheck]);
        assert!(course.passed(crate::trainer::course::Stage::Rules));
        let (_, again) = s.course(&Context::default(), tuesday).expect("read");
        assert!(again.is_empty(), "recorded once");
        let rows = s.course_rows().expect("read").course;
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].day, "2026-11-30", "the day the tenth answer was given");
        assert_eq!(rows[0].stage, 0);
    }

    #[test]
    fn a_shoe_end_is_marked_only_once_the_session_has_written() {
        let mut s = store();
        let day = Day::parse("2026-11-30").expect("a date");
        assert!(s.shoe_finished(&Context::default(), day).expect("ok").is_empty());
        assert!(s.course_rows().expect("read").course.is_empty());
        s.write(&answer("count", true, 0.0), day).expect("written");
        s.shoe_finished(&Context::default(), day).expect("ok");
        let rows = s.course_rows().expect("read").course;
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].standard, SHOE_END);
        assert!(!rows[0].passed);
    }
}
