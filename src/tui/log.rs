//! The message log: everything said at the table, newest last, scrollable, and the person's own
//! last grade and its reason kept apart so they never scroll away before the next decision.
//!
//! The log keeps whole rounds: a new round starts with a rule line instead of wiping what came
//! before, and only rounds beyond [`KEPT`] lines go. A line said twice in a row (a key held at
//! the bet cap, say) is kept once.

use super::message::{Message, Tone};

/// How many lines are kept: dozens of rounds, however busy the table.
pub const KEPT: usize = 600;

/// The table's messages and how far back the person has scrolled.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Log {
    lines: Vec<Message>,
    /// Lines scrolled back from the newest (0: the newest line is at the bottom).
    back: usize,
    /// The grade of the person's last decision.
    last_grade: Option<Message>,
    /// The reason under that grade, if it came with one.
    last_reason: Option<Message>,
}

impl Log {
    /// The lines, oldest first.
    pub fn lines(&self) -> &[Message] {
        &self.lines
    }

    /// Adds a line at the bottom unless it repeats the last; the view stays where it was scrolled.
    pub fn push(&mut self, message: Message) {
        if self.lines.last() == Some(&message) {
            return;
        }
        self.lines.push(message);
        if self.back > 0 {
            self.back += 1;
        }
        if self.lines.len() > KEPT {
            let extra = self.lines.len() - KEPT;
            self.lines.drain(..extra);
            self.back = self.back.min(self.lines.len());
        }
    }

    /// A new round: a rule line with its number, and the view back at the bottom.
    pub fn start_round(&mut self, round: u64) {
        self.back = 0;
        self.push(Message::new(Tone::Info, format!("── round {round} ──")));
    }

    /// Records the grade of the person's decision (it is also said in the log): it takes the
    /// place of the last grade and its reason.
    pub fn grade(&mut self, message: Message) {
        self.last_grade = Some(message.clone());
        self.last_reason = None;
        self.push(message);
    }

    /// Records the reason under the grade just recorded (it is also said in the log).
    pub fn reason(&mut self, message: Message) {
        self.last_reason = Some(message.clone());
        self.push(message);
    }

    /// The grade of the person's last decision, if any.
    pub fn last_grade(&self) -> Option<&Message> {
        self.last_grade.as_ref()
    }

    /// The reason under the last grade, if it came with one.
    pub fn last_reason(&self) -> Option<&Message> {
        self.last_reason.as_ref()
    }

    /// Scrolls `lines` towards older lines, as far as a window of `height` lines can go.
    pub fn scroll_back(&mut self, lines: usize, height: usize) {
        let most = self.lines.len().saturating_sub(height.max(1));
        self.back = (self.back + lines).min(most);
    }

    /// Scrolls `lines` towards the newest line.
    pub fn scroll_on(&mut self, lines: usize) {
        self.back = self.back.saturating_sub(lines);
    }

    /// The lines a window of `height` shows, and how many newer lines are below it.
    pub fn window(&self, height: usize) -> (&[Message], usize) {
        let most = self.lines.len().saturating_sub(height);
        let back = self.back.min(most);
        let end = self.lines.len() - back;
        let start = end.saturating_sub(height);
        (&self.lines[start..end], back)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str) -> Message {
        Message::new(Tone::Info, text)
    }

    fn texts(messages: &[Message]) -> Vec<&str> {
        messages.iter().map(|m| m.text.as_str()).collect()
    }

    #[test]
    fn a_line_said_twice_in_a_row_is_kept_once() {
        let mut log = Log::default();
        for _ in 0..50 {
            log.push(line("the bet is at the table maximum"));
        }
        log.push(line("other"));
        log.push(line("the bet is at the table maximum"));
        assert_eq!(log.lines().len(), 3);
    }

    #[test]
    fn scrolling_shows_older_lines_and_stops_at_both_ends() {
        let mut log = Log::default();
        for i in 0..10 {
            log.push(line(&i.to_string()));
        }
        assert_eq!(texts(log.window(3).0), ["7", "8", "9"]);
        log.scroll_back(3, 3);
        assert_eq!(log.window(3), (&log.lines()[4..7], 3));
        log.scroll_back(100, 3);
        assert_eq!(texts(log.window(3).0), ["0", "1", "2"]);
        // A new line does not move what the person is reading.
        log.push(line("10"));
        assert_eq!(texts(log.window(3).0), ["0", "1", "2"]);
        log.scroll_on(100);
        assert_eq!(texts(log.window(3).0), ["8", "9", "10"]);
        log.start_round(2);
        assert_eq!(log.window(3).0.last().unwrap().text, "── round 2 ──");
    }

    #[test]
    fn the_last_grade_stays_however_much_is_said_after_it() {
        let mut log = Log::default();
        log.grade(Message::new(Tone::Bad, "hit 16 vs T"));
        for i in 0..KEPT + 5 {
            log.push(line(&i.to_string()));
        }
        assert_eq!(log.lines().len(), KEPT);
        assert_eq!(log.last_grade().unwrap().text, "hit 16 vs T");
    }

    #[test]
    fn the_reason_stays_with_its_grade_until_the_next_grade() {
        let mut log = Log::default();
        log.grade(Message::new(Tone::Bad, "hit 16 vs T"));
        log.reason(line("  Why: 16 wins only if the dealer busts"));
        for i in 0..KEPT + 5 {
            log.push(line(&i.to_string()));
        }
        assert_eq!(
            log.last_reason().map(|m| m.text.as_str()),
            Some("  Why: 16 wins only if the dealer busts")
        );
        // The next decision's grade comes without a reason: the old one goes with its grade.
        log.grade(Message::new(Tone::Good, "stand 17 vs T"));
        assert_eq!(log.last_grade().unwrap().text, "stand 17 vs T");
        assert_eq!(log.last_reason(), None);
    }
}
