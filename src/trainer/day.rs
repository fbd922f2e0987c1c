//! Calendar days ([`Day`], [`Clock`]) and what the spaced-practice schedule keeps of them: a
//! cell's Leitner record ([`Review`]) and the days practised in a row ([`Practice`]). Both merge
//! exactly, so a session's increments add to the lifetime's as its answers would one by one.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The highest box: a cell right on this many days since its last mistake comes back every
/// `2^(TOP_BOX−1)` = 32 days.
pub const TOP_BOX: u32 = 6;

/// A calendar day: days since 1970-01-01 (proleptic Gregorian). Stored as `YYYY-MM-DD`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(pub i32);

impl Day {
    /// The day of a date, if it is one (`month` 1–12, `day` within the month).
    pub fn from_ymd(year: i32, month: u32, day: u32) -> Option<Day> {
        let date = jiff::civil::Date::new(
            i16::try_from(year).ok()?,
            i8::try_from(month).ok()?,
            i8::try_from(day).ok()?,
        )
        .ok()?;
        Some(Day::of_date(date))
    }

    /// The day of a calendar date.
    pub fn of_date(date: jiff::civil::Date) -> Day {
        let days = EPOCH.until((jiff::Unit::Day, date)).map_or(0, |span| span.get_days());
        Day(days)
    }

    /// The calendar date of the day (the nearest the calendar holds, past its ends).
    pub fn date(self) -> jiff::civil::Date {
        EPOCH.checked_add(jiff::Span::new().days(i64::from(self.0))).unwrap_or(if self.0 < 0 {
            jiff::civil::Date::MIN
        } else {
            jiff::civil::Date::MAX
        })
    }

    /// Reads `YYYY-MM-DD`.
    pub fn parse(text: &str) -> Option<Day> {
        let mut parts = text.trim().splitn(3, '-');
        let year = parts.next()?.parse().ok()?;
        let month = parts.next()?.parse().ok()?;
        let day = parts.next()?.parse().ok()?;
        Day::from_ymd(year, month, day)
    }

    /// The day `n` days later.
    pub fn plus(self, n: i32) -> Day {
        Day(self.0.saturating_add(n))
    }

    /// Days from `earlier` to this day (negative if `earlier` is later).
    pub fn since(self, earlier: Day) -> i32 {
        self.0 - earlier.0
    }

    /// Today on the local calendar (the system's time zone), from the system clock.
    pub fn local_today() -> Day {
        Day::of_date(jiff::ZonedDateTime::now().date())
    }
}

/// Day 0: 1970-01-01.
const EPOCH: jiff::civil::Date = jiff::civil::date(1970, 1, 1);

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let date = self.date();
        let (y, m, d) = (date.year(), date.month(), date.day());
        write!(f, "{y:04}-{m:02}-{d:02}")
    }
}

impl Serialize for Day {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Day {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Day, D::Error> {
        let text = String::deserialize(deserializer)?;
        Day::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("{text:?} is not a YYYY-MM-DD date")))
    }
}

/// Where "today" comes from: the local calendar, or a fixed day (tests, a scripted week).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Clock {
    /// The system clock, on the local calendar.
    #[default]
    Local,
    /// Always this day.
    Fixed(Day),
}

impl Clock {
    /// Today, by this clock.
    pub fn today(self) -> Day {
        match self {
            Clock::Local => Day::local_today(),
            Clock::Fixed(day) => day,
        }
    }
}

/// One cell's practice record across days, kept so that two records merge exactly.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Review {
    /// The first day this record covers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first: Option<Day>,
    /// The last day the cell was played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last: Option<Day>,
    /// The day of the last mistake.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub missed: Option<Day>,
    /// The cell was answered right after that mistake, on the same day.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub recovered: bool,
    /// Days played, every answer right, after the last mistake's day (or since the first day):
    /// the box, before the cap.
    #[serde(skip_serializing_if = "is_zero")]
    pub right_days: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Review {
    /// The record of one answer on `day`.
    pub fn one(day: Day, right: bool) -> Review {
        Review {
            first: Some(day),
            last: Some(day),
            missed: (!right).then_some(day),
            recovered: false,
            right_days: u32::from(right),
        }
    }

    /// Whether nothing is recorded.
    pub fn is_empty(&self) -> bool {
        *self == Review::default()
    }

    /// Adds a later record: the result is the record of all the answers in order.
    pub fn absorb(&mut self, later: &Review) {
        let (Some(later_first), Some(later_last)) = (later.first, later.last) else {
            return;
        };
        let Some(last) = self.last else {
            *self = *later;
            return;
        };
        if later.missed.is_some() {
            // Everything before a later mistake no longer counts towards the box.
            self.missed = later.missed;
            self.recovered = later.recovered;
            self.right_days = later.right_days;
        } else if self.missed == Some(later_first) {
            // Right answers on the day of the last mistake, after it: recovered that day,
            // and the later days count.
            self.recovered = true;
            self.right_days = later.right_days - 1;
        } else {
            // The day both records played counts once (a record from before this one's last
            // day — a clock set back — is taken as that day).
            let shared = u32::from(later_first <= last);
            self.right_days += later.right_days - shared;
        }
        let first = self.first.map_or(later_first, |f| f.min(later_first));
        let last = last.max(later_last);
        self.first = Some(first);
        self.last = Some(last);
        // Never more days than the record spans, whatever order the days came in.
        let span = u32::try_from(last.since(first) + 1).unwrap_or(u32::MAX);
        self.right_days = self.right_days.min(span);
    }

    /// The cell's Leitner box: 0 after a mistake, else the days right since, up to [`TOP_BOX`].
    pub fn level(&self) -> u32 {
        self.right_days.min(TOP_BOX)
    }

    /// When the cell comes back: `None` if it was never played.
    pub fn due(&self) -> Option<Day> {
        let last = self.last?;
        Some(match (self.missed, self.right_days) {
            (Some(missed), 0) => missed.plus(self.interval()),
            _ => last.plus(self.interval()),
        })
    }

    /// Days until the cell comes back: 0 after a mistake, 1 once it is righted, then `2^(box−1)`.
    pub fn interval(&self) -> i32 {
        match (self.missed, self.right_days) {
            (Some(_), 0) => i32::from(self.recovered),
            (_, n) => 1 << (n.clamp(1, TOP_BOX) - 1),
        }
    }

    /// When the cell comes back, as of `today`: [`Review::due`], but never later than `today`
    /// plus its interval, so a clock that ran ahead does not hide the cell.
    pub fn due_by(&self, today: Day) -> Option<Day> {
        self.due().map(|due| due.min(today.plus(self.interval())))
    }

    /// What a record this program wrote satisfies; what is wrong otherwise.
    pub fn validate(&self) -> Result<(), String> {
        if self.is_empty() {
            return Ok(());
        }
        let (Some(first), Some(last)) = (self.first, self.last) else {
            return Err("a review without its first and last day".to_owned());
        };
        let span = u32::try_from(last.since(first) + 1).unwrap_or(0);
        let missed_inside = self.missed.is_none_or(|m| first <= m && m <= last);
        if span == 0 || !missed_inside || self.right_days > span {
            return Err(format!(
                "review from {first} to {last}, missed {:?}, {} right days",
                self.missed.map(|d| d.to_string()),
                self.right_days
            ));
        }
        Ok(())
    }
}

/// The days practised: the last one, and how many days in a row end there.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Practice {
    /// The first day this record covers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first: Option<Day>,
    /// The last day practised.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last: Option<Day>,
    /// Days in a row practised, ending on `last`.
    #[serde(skip_serializing_if = "is_zero")]
    pub run: u32,
}

impl Practice {
    /// A record of practice on `day`.
    pub fn one(day: Day) -> Practice {
        Practice { first: Some(day), last: Some(day), run: 1 }
    }

    /// Whether nothing is recorded.
    pub fn is_empty(&self) -> bool {
        *self == Practice::default()
    }

    /// Adds a later record (days on or after every day this one holds).
    pub fn absorb(&mut self, later: &Practice) {
        let (Some(later_first), Some(later_last)) = (later.first, later.last) else {
            return;
        };
        let Some(last) = self.last else {
            *self = *later;
            return;
        };
        // The later run reaches back to its first day: it may join this one. A record that
        // is not later after all (a clock set back) leaves the run as it is.
        let whole = i64::from(later.run) == i64::from(later_last.since(later_first)) + 1;
        self.run = match later_first.since(last) {
            _ if later_last <= last => self.run,
            0 if whole => self.run + later.run - 1,
            1 if whole => self.run + later.run,
            _ => later.run,
        };
        self.first = self.first.min(Some(later_first));
        self.last = Some(last.max(later_last));
    }

    /// The record of practice on each of `days` (in any order, repeats allowed).
    pub fn of_days(days: impl IntoIterator<Item = Day>) -> Practice {
        let mut days: Vec<Day> = days.into_iter().collect();
        days.sort_unstable();
        days.dedup();
        let mut practice = Practice::default();
        for day in days {
            practice.absorb(&Practice::one(day));
        }
        practice
    }

    /// The days this record knows were practised: the run ending on the last day, the first.
    pub fn days(&self) -> Vec<Day> {
        let mut days: Vec<Day> = match self.last {
            Some(last) => (0..self.run).map(|back| last.plus(-(back as i32))).collect(),
            None => Vec::new(),
        };
        days.extend(self.first);
        days
    }

    /// Days in a row practised as of `today`: the run if it ends today or yesterday, else 0.
    pub fn streak(&self, today: Day) -> u32 {
        match self.last {
            Some(last) if (0..=1).contains(&today.since(last)) => self.run,
            _ => 0,
        }
    }

    /// What a record this program wrote satisfies; what is wrong otherwise.
    pub fn validate(&self) -> Result<(), String> {
        match (self.first, self.last) {
            (None, None) if self.run == 0 => Ok(()),
            (Some(first), Some(last))
                if first <= last
                    && self.run >= 1
                    && i64::from(self.run) <= i64::from(last.since(first)) + 1 =>
            {
                Ok(())
            }
            _ => Err(format!("practice days {self:?}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(n: i32) -> Day {
        Day::from_ymd(2026, 12, 1).unwrap().plus(n)
    }

    /// The record of answers `(day, right)` given one by one.
    fn replay(answers: &[(i32, bool)]) -> Review {
        let mut review = Review::default();
        for &(d, right) in answers {
            review.absorb(&Review::one(day(d), right));
        }
        review
    }

    #[test]
    fn dates_read_and_print_back() {
        let d = Day::parse("2026-12-03").unwrap();
        assert_eq!(d.to_string(), "2026-12-03");
        assert_eq!(Day::from_ymd(1970, 1, 1), Some(Day(0)));
        assert_eq!(Day::parse("2024-02-29").unwrap().plus(1).to_string(), "2024-03-01");
        assert_eq!(Day::parse("2026-02-29"), None);
        assert_eq!(Day::parse("03/12/2026"), None);
    }

    #[test]
    fn merging_records_is_replaying_their_answers() {
        let answers = [
            (0, true),
            (0, false),
            (0, true),
            (1, true),
            (1, true),
            (3, true),
            (4, false),
            (6, true),
            (6, true),
            (7, true),
        ];
        for split in 0..=answers.len() {
            let mut merged = replay(&answers[..split]);
            merged.absorb(&replay(&answers[split..]));
            assert_eq!(merged, replay(&answers), "split at {split}");
        }
    }

    #[test]
    fn practice_runs_merge_across_sessions() {
        let mut life = Practice::default();
        for d in [0, 0, 1, 2] {
            life.absorb(&Practice::one(day(d)));
        }
        assert_eq!(life.streak(day(2)), 3);
        assert_eq!(life.streak(day(3)), 3, "today may still be practised");
        assert_eq!(life.streak(day(4)), 0);
        let mut session = Practice::one(day(3));
        session.absorb(&Practice::one(day(4)));
        life.absorb(&session);
        assert_eq!(life.streak(day(4)), 5);
        life.absorb(&Practice::one(day(6)));
        assert_eq!(life.streak(day(6)), 1);
    }
}
