//! The line drills' input and output: answers read a line at a time, text in ASCII when asked,
//! and a countdown's flashes drawn over one another on a terminal.

use std::io::{BufRead, Write};

use unicode_width::UnicodeWidthStr;

use crate::engine::Card;
use crate::text::wrap_words;

/// How a countdown's flash takes the place of the one before (on a terminal, only the last).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flashes {
    /// The output is not a terminal (a file, a pipe): one flash a line.
    Lines,
    /// A terminal whose input does not come from it: each flash over the last one's line.
    SameLine,
    /// A terminal the answers are typed on: after Enter's echo a flash goes up a line first.
    LineAbove,
}

impl Flashes {
    /// How flashes replace each other, by whether the output and the input are terminals.
    pub(super) fn of_terminal(output: bool, input: bool) -> Flashes {
        match (output, input) {
            (false, _) => Flashes::Lines,
            (true, false) => Flashes::SameLine,
            (true, true) => Flashes::LineAbove,
        }
    }
}

/// Output that knows whether to draw in ASCII, and how a countdown's flash replaces the last.
pub(super) struct Out<'w, W> {
    pub(super) w: &'w mut W,
    pub(super) ascii: bool,
    pub(super) flashes: Flashes,
}

#[cfg(test)]
impl<'w> Out<'w, Vec<u8>> {
    /// Output into `written`, each flash on a line of its own (as off a terminal): what the
    /// tests read.
    pub(super) fn lines_into(written: &'w mut Vec<u8>, ascii: bool) -> Self {
        Out { w: written, ascii, flashes: Flashes::Lines }
    }
}

impl<W: Write> Out<'_, W> {
    /// Writes `text` (made ASCII if asked) and a newline, broken between words into lines of
    /// at most [`LINE_WIDTH`] columns, each under the first one's indent.
    pub(super) fn line(&mut self, text: &str) -> std::io::Result<()> {
        for row in wrapped(&self.text(text), LINE_WIDTH) {
            writeln!(self.w, "{row}")?;
        }
        Ok(())
    }

    /// `text` in place of the last flash, without a new line (off a terminal, on a line of
    /// its own); `after_answer`: an answer line was read since the last flash.
    pub(super) fn flash(&mut self, text: &str, after_answer: bool) -> std::io::Result<()> {
        let text = self.text(text);
        match self.flashes {
            Flashes::Lines => writeln!(self.w, "{text}")?,
            Flashes::LineAbove if after_answer => write!(self.w, "\x1b[1A\r\x1b[2K{text}")?,
            Flashes::SameLine | Flashes::LineAbove => write!(self.w, "\r\x1b[2K{text}")?,
        }
        self.w.flush()
    }

    /// Reads one answer without a prompt, as [`Out::ask`] does.
    pub(super) fn read(&mut self, input: &mut impl BufRead) -> std::io::Result<Option<String>> {
        self.ask("", input)
    }

    /// Writes a prompt (no newline) and flushes.
    fn prompt(&mut self, text: &str) -> std::io::Result<()> {
        write!(self.w, "{}", self.text(text))?;
        self.w.flush()
    }

    /// Asks with `prompt` and reads one answer; `None` when the input ended (then a newline,
    /// for the shell's prompt) or the answer asks to stop.
    pub(super) fn ask(
        &mut self,
        prompt: &str,
        input: &mut impl BufRead,
    ) -> std::io::Result<Option<String>> {
        self.prompt(prompt)?;
        let Some(answer) = read_line(input) else {
            self.line("")?;
            return Ok(None);
        };
        Ok((!is_quit(&answer)).then_some(answer))
    }

    /// `text`, in plain ASCII if asked (the table's `--ascii` mapping).
    fn text(&self, text: &str) -> String {
        if self.ascii { crate::text::ascii_text(text) } else { text.to_owned() }
    }

    pub(super) fn card(&self, card: Card) -> String {
        if self.ascii {
            format!("{}{}", card.rank().symbol(), card.suit().ascii())
        } else {
            card.to_string()
        }
    }

    pub(super) fn cards(&self, cards: &[Card]) -> String {
        cards.iter().map(|&c| self.card(c)).collect::<Vec<_>>().join(" ")
    }
}

/// The widest line the drills write: a terminal's 80 columns.
pub(super) const LINE_WIDTH: usize = 80;

/// Writes each line of `text` broken between words into rows of at most [`LINE_WIDTH`]
/// columns (a terminal broke "befo / re"), each under its line's indent.
pub(super) fn write_wrapped(w: &mut impl Write, text: &str) -> std::io::Result<()> {
    for line in text.lines() {
        for row in wrapped(line, LINE_WIDTH) {
            writeln!(w, "{row}")?;
        }
    }
    Ok(())
}

/// `text` in rows of at most `width` columns broken between words (the table's
/// [`wrap_words`]), the rows after the first under its indent; a line that fits is as it is.
pub(super) fn wrapped(text: &str, width: usize) -> Vec<String> {
    if UnicodeWidthStr::width(text) <= width {
        return vec![text.to_owned()];
    }
    let body = text.trim_start_matches(' ');
    let indent = " ".repeat(text.len() - body.len());
    wrap_words(body, width.saturating_sub(indent.len()).max(1))
        .into_iter()
        .map(|row| format!("{indent}{row}"))
        .collect()
}

/// One line read from the input, or `None` at its end or a read error (bytes that are not
/// UTF-8 make an answer that is none, which the drill says).
fn read_line(input: &mut impl BufRead) -> Option<String> {
    let mut line = Vec::new();
    match input.read_until(b'\n', &mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(String::from_utf8_lossy(&line).trim().to_ascii_lowercase()),
    }
}

/// Whether an answer line asks to stop.
fn is_quit(answer: &str) -> bool {
    matches!(answer, "q" | "quit" | "exit")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 36: the command-line drill broke words at 80 columns ("be / ts").
    #[test]
    fn a_long_line_breaks_between_words_within_80_columns_under_its_indent() {
        let text = "  Why: the American peek-game table says stand at +0 and above; at +3 \
                    stand is worth 0.012 bets more than hit: what this answer gives away in bets";
        let mut written = Vec::new();
        let mut out = Out::lines_into(&mut written, false);
        out.line(text).expect("a Vec takes it");
        let printed = String::from_utf8_lossy(&written);
        let rows: Vec<&str> = printed.lines().collect();
        assert!(rows.len() > 1, "{printed}");
        for row in &rows {
            assert!(UnicodeWidthStr::width(*row) <= LINE_WIDTH, "{row}");
            assert!(row.starts_with("  ") && !row.starts_with("   "), "{row}");
        }
        let words = |s: &str| s.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
        assert_eq!(words(&printed), words(text), "no word broken or lost");
        assert_eq!(wrapped("  short", 80), ["  short"]);
    }
}
