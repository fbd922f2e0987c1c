//! The table's shoes, found in the stored rounds: within a session a shoe begins where the
//! cards dealt before a round fall back (the shuffle), and it is finished once a later shoe
//! was dealt or the table marked its end ([`SHOE_END`]). Its pace is read from its rounds' times.

use super::{AnswerRow, DecisionRow, RoundRow, Rows, SessionKind};

/// The slowest pace that counts as a casino's: 52 rounds an hour, Jim Kilby's estimate for a
/// full table of seven ("Casino Operations Management"; 209 with one player).
pub const GAME_PACE_PER_HOUR: u32 = 52;

/// The `course.standard` of the row the table writes when it shuffles: the shoe before is
/// finished (not a standard: an attempt's marker, never `passed`).
pub const SHOE_END: &str = "shoe-end";

/// The skills of the table's count checks: the running count, the true count, the decks left.
pub const CHECK_SKILLS: [&str; 3] = ["count", "table-true", "table-decks"];

/// One shoe at the table, as its rows show it.
#[derive(Debug, Clone, PartialEq)]
pub struct Shoe<'a> {
    /// Its rounds, in order.
    pub rounds: Vec<&'a RoundRow>,
    /// Its count checks (every skill of [`CHECK_SKILLS`]), in order.
    pub checks: Vec<&'a AnswerRow>,
    /// Its bets graded against the ramp.
    pub bets: Vec<&'a AnswerRow>,
    /// Its graded decisions.
    pub decisions: Vec<&'a DecisionRow>,
    /// Finished: a later shoe of its session was dealt, or the table marked its end.
    pub finished: bool,
}

impl Shoe<'_> {
    /// Rounds an hour from its first deal to its last; `None` for a shoe of one round.
    pub fn pace(&self) -> Option<f64> {
        let (first, last) = (self.rounds.first()?, self.rounds.last()?);
        if self.rounds.len() < 2 {
            return None;
        }
        let seconds = last.at.saturating_sub(first.at).max(1) as f64;
        Some((self.rounds.len() - 1) as f64 * 3600.0 / seconds)
    }

    /// Dealt at a casino's pace or faster.
    pub fn at_game_pace(&self) -> bool {
        self.pace().is_some_and(|p| p >= f64::from(GAME_PACE_PER_HOUR))
    }

    /// Every round played in counting mode.
    pub fn counting(&self) -> bool {
        self.rounds.iter().all(|r| r.counting)
    }

    /// Its count checks answered and right.
    pub fn checks_right(&self) -> usize {
        self.checks.iter().filter(|a| a.correct).count()
    }

    /// When it ended (its last round's deal) and on which day.
    pub fn end(&self) -> (u64, String) {
        self.rounds.last().map_or((0, String::new()), |r| (r.at, r.day.clone()))
    }

    /// `42 rounds at 61 rounds an hour, count checks 8 of 8 right`.
    pub fn summary(&self) -> String {
        let pace =
            self.pace().map_or("pace unknown".to_owned(), |p| format!("{p:.0} rounds an hour"));
        format!(
            "{} at {pace}, count checks {} of {} right",
            crate::text::counted(self.rounds.len() as u64, "round"),
            self.checks_right(),
            self.checks.len()
        )
    }
}

/// Every shoe of the table sessions in `rows`, session by session, oldest first.
pub fn shoes(rows: &Rows) -> Vec<Shoe<'_>> {
    let mut tables: Vec<&RoundRow> =
        rows.rounds.iter().filter(|r| r.kind == SessionKind::Table && r.settled).collect();
    tables.sort_by_key(|r| (r.session, r.number, r.id));
    let mut groups: Vec<Vec<&RoundRow>> = Vec::new();
    for round in tables {
        let same_shoe = groups.last().and_then(|g| g.last()).is_some_and(|prev| {
            prev.session == round.session && round.shoe_position > prev.shoe_position
        });
        match groups.last_mut() {
            Some(group) if same_shoe => group.push(round),
            _ => groups.push(vec![round]),
        }
    }
    let ends: Vec<&super::CourseRow> =
        rows.course.iter().filter(|c| c.standard == SHOE_END).collect();
    let mut result = Vec::with_capacity(groups.len());
    for (i, group) in groups.iter().enumerate() {
        let (session, first_at, last_at) =
            (group[0].session, group[0].at, group[group.len() - 1].at);
        let next = groups.get(i + 1).filter(|g| g[0].session == session);
        let until = next.map_or(u64::MAX, |g| g[0].at);
        let marked = ends.iter().any(|c| c.session == session && c.at >= last_at && c.at <= until);
        let in_shoe = |a: &&AnswerRow| {
            a.session == session && a.kind == SessionKind::Table && a.at >= first_at && a.at < until
        };
        let of_skills = |skills: &[&str]| {
            let answers = rows.answers.iter().filter(in_shoe);
            answers.filter(|a| skills.contains(&a.skill.as_str())).collect()
        };
        let ids: Vec<i64> = group.iter().map(|r| r.id).collect();
        result.push(Shoe {
            rounds: group.clone(),
            checks: of_skills(&CHECK_SKILLS),
            bets: of_skills(&[crate::trainer::tally::TABLE_RAMP]),
            decisions: rows
                .decisions
                .iter()
                .filter(|d| d.round.is_some_and(|r| ids.contains(&r)))
                .collect(),
            finished: next.is_some() || marked,
        });
    }
    result
}

/// What the table says at a shuffle when the shoe before met standards: `Course: passed — …
/// (stage 2).` (`None` when nothing new was passed).
pub fn passes_note(newly: &[super::Standard]) -> Option<String> {
    let names: Vec<String> =
        newly.iter().map(|s| format!("{} (stage {})", s.describe(), s.stage().number())).collect();
    (!names.is_empty()).then(|| format!("Course: passed — {}.", names.join("; ")))
}
