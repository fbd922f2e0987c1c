//! A casino's pace at the table: after the first deal each round is dealt by itself (the
//! result stays in view a moment, the dealer clears, the next round is dealt), so many rounds
//! an hour from deal to deal. Time is data: the screen hands in "now"
//! ([`TableSession::pace_tick`]), so a test drives an hour of play without waiting.

use std::time::{Duration, Instant};

use super::{Analysis, Happening, Kind, TableSession};

/// Rounds an hour at a full casino table: within the 50 to 75 commonly given (e.g. the Wizard
/// Slots blog "How many blackjack hands per hour").
pub const CASINO_ROUNDS_PER_HOUR: u32 = 70;
/// Rounds an hour alone with the dealer: the "200 and more one on one" players report.
pub const HEADS_UP_ROUNDS_PER_HOUR: u32 = 200;
/// Rounds an hour for learning the pace: the program's choice, half a full table's.
pub const SLOW_ROUNDS_PER_HOUR: u32 = 35;
/// The slowest pace that may be set.
pub const MIN_ROUNDS_PER_HOUR: u32 = 10;
/// The fastest pace that may be set.
pub const MAX_ROUNDS_PER_HOUR: u32 = 600;

/// How long a round's result stays on the table at the least before the dealer clears it.
pub const MIN_LOOK: Duration = Duration::from_secs(2);
/// How long the table stays empty between the clearing and the next deal.
pub const CLEAR_GAP: Duration = Duration::from_secs(1);

/// The pace of dealing: rounds an hour, from deal to deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pace {
    rounds_per_hour: u32,
}

impl Pace {
    /// `rounds_per_hour` rounds an hour, if within the bounds.
    pub fn per_hour(rounds_per_hour: u32) -> Option<Pace> {
        (MIN_ROUNDS_PER_HOUR..=MAX_ROUNDS_PER_HOUR)
            .contains(&rounds_per_hour)
            .then_some(Pace { rounds_per_hour })
    }

    /// Rounds an hour.
    pub fn rounds_per_hour(self) -> u32 {
        self.rounds_per_hour
    }

    /// The time from one deal to the next.
    pub fn round_time(self) -> Duration {
        Duration::from_secs(3600) / self.rounds_per_hour.max(1)
    }

    /// What a setting of the pace may be, in words (for a refusal).
    pub fn choices() -> String {
        format!(
            "casino ({CASINO_ROUNDS_PER_HOUR} rounds an hour), heads-up \
             ({HEADS_UP_ROUNDS_PER_HOUR}), slow ({SLOW_ROUNDS_PER_HOUR}) or a number of rounds \
             an hour from {MIN_ROUNDS_PER_HOUR} to {MAX_ROUNDS_PER_HOUR}"
        )
    }
}

impl std::str::FromStr for Pace {
    type Err = String;

    /// `casino`, `heads-up`, `slow` or a number of rounds an hour.
    fn from_str(text: &str) -> Result<Pace, String> {
        let rate = match text.trim().to_ascii_lowercase().as_str() {
            "casino" => CASINO_ROUNDS_PER_HOUR,
            "heads-up" | "headsup" => HEADS_UP_ROUNDS_PER_HOUR,
            "slow" => SLOW_ROUNDS_PER_HOUR,
            other => other.parse::<u32>().unwrap_or(0),
        };
        Pace::per_hour(rate).ok_or_else(|| format!("the pace is {}, not `{text}`", Pace::choices()))
    }
}

/// What the pace does next between rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaceStep {
    /// The dealer clears the round's cards.
    Clear,
    /// The next round is dealt (or a surprise check is asked first).
    Deal,
}

/// The pace's state at the table.
#[derive(Debug, Default)]
pub(super) struct PaceState {
    pace: Option<Pace>,
    /// Paused by the person: nothing is dealt by itself until they go on.
    paused: bool,
    /// A round was dealt since the last tick: the tick stamps its time.
    dealt_unstamped: bool,
    /// When the last round was dealt (`None` before the first, or after a pause).
    dealt_at: Option<Instant>,
    over_at: Option<Instant>,
    cleared: bool,
    /// The pace has started (the first round was dealt).
    started: bool,
}

impl PaceState {
    /// The table at `pace` (none: dealt by Space only).
    pub(super) fn new(pace: Option<Pace>) -> PaceState {
        PaceState { pace, ..PaceState::default() }
    }

    /// A round was dealt: its time is stamped at the next tick, its cards are on the table.
    pub(super) fn round_dealt(&mut self) {
        self.dealt_unstamped = true;
        self.cleared = false;
        self.started = true;
    }

    /// When the cards are cleared and the next round dealt, for a round over at `over`.
    fn schedule(&self, pace: Pace, over: Instant) -> (Instant, Instant) {
        let looked = over + MIN_LOOK;
        let clear = match self.dealt_at {
            Some(dealt) => (dealt + pace.round_time())
                .checked_sub(CLEAR_GAP)
                .map_or(looked, |due| due.max(looked)),
            None => looked,
        };
        (clear, clear + CLEAR_GAP)
    }
}

impl TableSession {
    /// The pace the table deals at by itself, if any.
    pub fn pace(&self) -> Option<Pace> {
        self.pace.pace
    }

    /// Whether the person paused the pace.
    pub fn pace_paused(&self) -> bool {
        self.pace.paused
    }

    /// Whether the dealer has cleared the last round's cards (an empty table until the deal).
    pub fn cards_cleared(&self) -> bool {
        self.pace.cleared && self.between_rounds()
    }

    /// The pace paused, or going on; refused at a table with no pace.
    pub fn toggle_pace(&mut self, now: Instant) -> Vec<Happening> {
        if self.pace.pace.is_none() {
            self.say(
                Kind::Refused,
                "the table deals by Space only: --pace (or pace in config.toml) sets a pace",
            );
            return self.take_news();
        }
        self.pace.paused = !self.pace.paused;
        if self.pace.paused {
            self.say(Kind::Info, "Pace paused: Space deals the next round; w goes on at the pace.");
        } else {
            // The look at the result starts again: no deal the moment the pause ends.
            self.pace.dealt_at = None;
            self.pace.over_at = Some(now);
            self.say(Kind::Info, "The pace goes on.");
        }
        self.take_news()
    }

    /// The next step of the pace and when it is due, while the table waits for it (between
    /// rounds, not paused, no check asked, money to bet; after a tick saw the round end).
    pub fn pace_next(&self) -> Option<(PaceStep, Instant)> {
        let (clear, deal) = self.pace_schedule()?;
        Some(if self.pace.cleared { (PaceStep::Deal, deal) } else { (PaceStep::Clear, clear) })
    }

    /// When the pace deals the next round, while the table waits for it.
    pub fn pace_deal_at(&self) -> Option<Instant> {
        self.pace_schedule().map(|(_, deal)| deal)
    }

    /// When the cards are cleared and the next round dealt, while the table waits for them.
    fn pace_schedule(&self) -> Option<(Instant, Instant)> {
        let pace = self.pace.pace?;
        let over = self.pace.over_at?;
        self.pace_may_deal().then(|| self.pace.schedule(pace, over))
    }

    /// Whether the pace may go on by itself now.
    fn pace_may_deal(&self) -> bool {
        self.pace.started
            && !self.pace.paused
            && !self.pace.dealt_unstamped
            && self.between_rounds()
            && self.count.check.is_none()
            && !self.is_broke()
    }

    /// The pace at `now`: stamps the deal and the round's end, clears, and deals when due (a
    /// surprise check may come first). Called after every change and when a step comes due.
    pub fn pace_tick(&mut self, now: Instant, an: &mut Analysis<'_>) -> Vec<Happening> {
        let Some(pace) = self.pace.pace else {
            return self.take_news();
        };
        if self.pace.dealt_unstamped {
            self.pace.dealt_unstamped = false;
            self.pace.dealt_at = Some(now);
            self.pace.over_at = None;
        }
        if !self.between_rounds() || !self.pace.started {
            return self.take_news();
        }
        let over = *self.pace.over_at.get_or_insert(now);
        if !self.pace_may_deal() {
            return self.take_news();
        }
        let (clear, deal) = self.pace.schedule(pace, over);
        if now >= clear && !self.pace.cleared {
            self.pace.cleared = true;
            self.news.push(Happening::TableCleared);
        }
        if now >= deal && !self.ask_surprise_check() {
            self.deal_now(an);
        }
        self.take_news()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_presets_and_numbers_are_read_and_anything_else_is_refused() {
        let read = |text: &str| text.parse::<Pace>().map(Pace::rounds_per_hour);
        assert_eq!(read("casino"), Ok(CASINO_ROUNDS_PER_HOUR));
        assert_eq!(read("Heads-up"), Ok(HEADS_UP_ROUNDS_PER_HOUR));
        assert_eq!(read("slow"), Ok(SLOW_ROUNDS_PER_HOUR));
        assert_eq!(read("120"), Ok(120));
        for bad in ["fast", "0", "9", "601", "-5", ""] {
            let err = read(bad).expect_err(bad);
            assert!(err.starts_with("the pace is casino"), "{err}");
        }
    }

    #[test]
    fn a_round_at_casino_pace_takes_about_fifty_seconds() {
        let pace = Pace::per_hour(CASINO_ROUNDS_PER_HOUR).expect("in range");
        assert_eq!(pace.round_time().as_secs(), 3600 / 70);
    }
}
