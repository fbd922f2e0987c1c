//! The bytes a terminal sends for keys and the mouse, turned into crossterm's events (Unix).
//!
//! Not crossterm's reader: it waits in `read(0)` for the rest of a sequence begun, with no
//! limit, so after ESC `[` `?` every key (Ctrl-C too) went into the sequence and no signal was
//! seen (issue 35). This decoder is fed what one `read` brought and never waits: a sequence
//! left unfinished is given up after [`ESCAPE_WAIT`] (a lone ESC is the Esc key).
//!
//! It reads what a terminal sends unasked: UTF-8, control keys, Alt+key, xterm's keys with
//! modifiers (`CSI 1;m X`, `CSI n;m ~`, SS3 `ESC O X`), and the SGR, urxvt and X10 mouse. An
//! unknown complete sequence is dropped whole; a byte that cannot belong to the sequence begun
//! ends it and counts on its own, so Ctrl-C always gets through.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

/// How long the rest of an escape sequence may take to arrive after its ESC. A terminal sends
/// a whole sequence in one write; 50 ms leaves room for a slow link (as Neovim's default
/// `ttimeoutlen`) and is too short to notice on the Esc key.
pub const ESCAPE_WAIT: Duration = Duration::from_millis(50);

/// The longest sequence kept while it is unfinished; a longer one is garbage and dropped.
const LONGEST_SEQUENCE: usize = 64;

const ESC: u8 = 0x1b;

/// Terminal bytes → events, one `read` at a time (see the module's documentation).
#[derive(Debug, Default)]
pub struct Decoder {
    /// The sequence begun and not finished: ESC and what followed, or a character's first
    /// UTF-8 bytes.
    pending: Vec<u8>,
    /// When `pending` began.
    since: Option<Instant>,
    /// Events decoded and not yet taken.
    events: VecDeque<Event>,
}

impl Decoder {
    /// Takes in what the terminal sent, at `now`.
    pub fn feed(&mut self, bytes: &[u8], now: Instant) {
        for &byte in bytes {
            self.push(byte, now);
        }
    }

    /// The next decoded event, if any.
    pub fn next_event(&mut self) -> Option<Event> {
        self.events.pop_front()
    }

    /// When the unfinished sequence is given up, if one is waiting.
    pub fn deadline(&self) -> Option<Instant> {
        self.since.map(|since| since + ESCAPE_WAIT)
    }

    /// Gives up the unfinished sequence if its time is over at `now`: a lone ESC is the Esc
    /// key, anything else is dropped.
    pub fn expire(&mut self, now: Instant) {
        if self.deadline().is_some_and(|deadline| now >= deadline) {
            if self.pending == [ESC] {
                self.events.push_back(key(KeyCode::Esc, KeyModifiers::NONE));
            }
            self.clear();
        }
    }

    fn clear(&mut self) {
        self.pending.clear();
        self.since = None;
    }

    fn push(&mut self, byte: u8, now: Instant) {
        if self.pending.is_empty() {
            self.start(byte, now);
            return;
        }
        if self.pending[0] != ESC {
            self.push_utf8(byte, now);
            return;
        }
        match self.pending.len() {
            1 => self.after_escape(byte, now),
            _ if self.pending[1] == b'O' => {
                let event = ss3_key(byte);
                self.clear();
                self.events.extend(event);
            }
            _ => self.push_csi(byte, now),
        }
    }

    /// A byte with nothing begun.
    fn start(&mut self, byte: u8, now: Instant) {
        match byte {
            ESC | 0xc0..=0xff => {
                self.pending.push(byte);
                self.since = Some(now);
            }
            _ => self.events.extend(single_byte_key(byte)),
        }
    }

    /// The byte after a lone ESC: a sequence's second byte, or Alt with a key.
    fn after_escape(&mut self, byte: u8, now: Instant) {
        match byte {
            b'[' | b'O' => self.pending.push(byte),
            _ => {
                self.clear();
                match single_byte_key(byte) {
                    Some(Event::Key(mut alt)) if byte != ESC => {
                        alt.modifiers |= KeyModifiers::ALT;
                        self.events.push_back(Event::Key(alt));
                    }
                    // ESC ESC, or ESC before a character of several bytes: the Esc key, and
                    // the byte begins anew.
                    _ => {
                        self.events.push_back(key(KeyCode::Esc, KeyModifiers::NONE));
                        self.start(byte, now);
                    }
                }
            }
        }
    }

    /// A byte inside `ESC [`: parameters and intermediates until the final byte.
    fn push_csi(&mut self, byte: u8, now: Instant) {
        // X10 mouse: `ESC [ M` and three raw bytes, whatever they are.
        if self.pending.len() >= 3 && self.pending[2] == b'M' {
            self.pending.push(byte);
            if self.pending.len() == 6 {
                let event = x10_mouse(&self.pending[3..]);
                self.clear();
                self.events.extend(event);
            }
            return;
        }
        match byte {
            0x20..=0x3f => {
                self.pending.push(byte);
                if self.pending.len() > LONGEST_SEQUENCE {
                    self.clear();
                }
            }
            0x40..=0x7e => {
                self.pending.push(byte);
                let event = if self.pending == b"\x1b[M" {
                    // The mouse's three bytes follow.
                    return;
                } else {
                    csi_event(&self.pending[2..])
                };
                self.clear();
                self.events.extend(event);
            }
            // Not part of any sequence: what was begun is dropped, the byte counts alone.
            _ => {
                self.clear();
                self.start(byte, now);
            }
        }
    }

    /// A byte after a character's first UTF-8 bytes.
    fn push_utf8(&mut self, byte: u8, now: Instant) {
        if !(0x80..=0xbf).contains(&byte) {
            // Not a continuation: the character is broken, the byte begins anew.
            self.clear();
            self.start(byte, now);
            return;
        }
        self.pending.push(byte);
        match std::str::from_utf8(&self.pending) {
            Ok(text) => {
                let event = text.chars().next().map(char_key);
                self.clear();
                self.events.extend(event);
            }
            Err(e) if e.error_len().is_some() => self.clear(),
            Err(_) => {}
        }
    }
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, modifiers))
}

/// A character typed, with Shift for a capital (as crossterm reports it).
fn char_key(c: char) -> Event {
    let shift = if c.is_uppercase() { KeyModifiers::SHIFT } else { KeyModifiers::NONE };
    key(KeyCode::Char(c), shift)
}

/// A key sent as one byte (as crossterm reads them in raw mode), or `None` for a byte that is
/// no key on its own (ESC, a UTF-8 part).
fn single_byte_key(byte: u8) -> Option<Event> {
    Some(match byte {
        b'\r' => key(KeyCode::Enter, KeyModifiers::NONE),
        b'\t' => key(KeyCode::Tab, KeyModifiers::NONE),
        0x7f => key(KeyCode::Backspace, KeyModifiers::NONE),
        0 => key(KeyCode::Char(' '), KeyModifiers::CONTROL),
        0x01..=0x1a => key(KeyCode::Char(char::from(byte - 1 + b'a')), KeyModifiers::CONTROL),
        0x1c..=0x1f => key(KeyCode::Char(char::from(byte - 0x1c + b'4')), KeyModifiers::CONTROL),
        0x20..=0x7e => char_key(char::from(byte)),
        _ => return None,
    })
}

/// `ESC O` and its final byte: the arrows, Home, End and F1–F4 in the keypad's mode.
fn ss3_key(byte: u8) -> Option<Event> {
    let code = match byte {
        b'P'..=b'S' => KeyCode::F(byte - b'P' + 1),
        _ => cursor_key(byte)?,
    };
    Some(key(code, KeyModifiers::NONE))
}

/// The arrows, Home and End by their final byte.
fn cursor_key(byte: u8) -> Option<KeyCode> {
    Some(match byte {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        _ => return None,
    })
}

/// The modifiers of xterm's parameter (1 + a bit each for Shift, Alt and Ctrl).
fn modifiers(parameter: u16) -> KeyModifiers {
    shift_alt_ctrl(parameter.saturating_sub(1), 1)
}

/// Shift, Alt and Ctrl from their bits in `bits`: `shift`, twice it and four times it.
fn shift_alt_ctrl(bits: u16, shift: u16) -> KeyModifiers {
    [KeyModifiers::SHIFT, KeyModifiers::ALT, KeyModifiers::CONTROL]
        .into_iter()
        .zip([shift, shift << 1, shift << 2])
        .filter(|&(_, bit)| bits & bit != 0)
        .fold(KeyModifiers::NONE, |all, (modifier, _)| all | modifier)
}

/// A whole CSI sequence (what follows `ESC [`, final byte included) as an event, or `None`
/// for one the table does not know.
fn csi_event(body: &[u8]) -> Option<Event> {
    let (&last, head) = body.split_last()?;
    if let Some(sgr) = head.strip_prefix(b"<") {
        let &[button, column, row] = numbers(sgr)?.as_slice() else {
            return None;
        };
        return mouse(button, column, row, last == b'm');
    }
    let numbers = numbers(head)?;
    let modifier = modifiers(numbers.get(1).copied().unwrap_or(1));
    let code = match (last, numbers.as_slice()) {
        (b'Z', []) => return Some(key(KeyCode::BackTab, KeyModifiers::SHIFT)),
        // urxvt's mouse: the button is sent plus 32, as in X10; the place is plain.
        (b'M', &[button, column, row]) => {
            return mouse(button.checked_sub(32)?, column, row, false);
        }
        (b'~', &[number] | &[number, _]) => tilde_key(number)?,
        (b'P'..=b'S', [] | [1] | [1, _]) => KeyCode::F(last - b'P' + 1),
        (_, [] | [1] | [1, _]) => cursor_key(last)?,
        _ => return None,
    };
    Some(key(code, modifier))
}

/// The keys sent as `CSI n ~`.
fn tilde_key(number: u16) -> Option<KeyCode> {
    Some(match number {
        1 | 7 => KeyCode::Home,
        2 => KeyCode::Insert,
        3 => KeyCode::Delete,
        4 | 8 => KeyCode::End,
        5 => KeyCode::PageUp,
        6 => KeyCode::PageDown,
        11..=15 => KeyCode::F(u8::try_from(number - 10).ok()?),
        17..=21 => KeyCode::F(u8::try_from(number - 11).ok()?),
        23..=24 => KeyCode::F(u8::try_from(number - 12).ok()?),
        _ => return None,
    })
}

/// The numbers of a parameter string (`1;5`), or `None` if it holds anything else. An empty
/// string has none.
fn numbers(parameters: &[u8]) -> Option<Vec<u16>> {
    if parameters.is_empty() {
        return Some(Vec::new());
    }
    std::str::from_utf8(parameters).ok()?.split(';').map(|part| part.parse().ok()).collect()
}

/// The X10 mouse's three bytes: button, column and row, each plus 32.
fn x10_mouse(bytes: &[u8]) -> Option<Event> {
    let &[button, column, row] = bytes else {
        return None;
    };
    let [button, column, row] = [button, column, row].map(|b| u16::from(b.saturating_sub(32)));
    mouse(button, column, row, false)
}

/// A mouse event from its button code and 1-based column and row; `released`: SGR's `m`.
fn mouse(button: u16, column: u16, row: u16, released: bool) -> Option<Event> {
    let held = match button & 0b11 {
        0 => MouseButton::Left,
        1 => MouseButton::Middle,
        _ => MouseButton::Right,
    };
    let kind = match (button & 0b1100_0011, button & 0b10_0000 != 0) {
        (64, _) => MouseEventKind::ScrollUp,
        (65, _) => MouseEventKind::ScrollDown,
        (66, _) => MouseEventKind::ScrollLeft,
        (67, _) => MouseEventKind::ScrollRight,
        (3, true) => MouseEventKind::Moved,
        (0..=2, true) => MouseEventKind::Drag(held),
        // X10 and urxvt say a release with button 3, and not which one.
        (3, false) => MouseEventKind::Up(MouseButton::Left),
        (0..=2, false) if released => MouseEventKind::Up(held),
        (0..=2, false) => MouseEventKind::Down(held),
        _ => return None,
    };
    Some(Event::Mouse(MouseEvent {
        kind,
        column: column.saturating_sub(1),
        row: row.saturating_sub(1),
        modifiers: shift_alt_ctrl(button, 4),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(bytes: &[u8]) -> (Vec<Event>, Decoder) {
        let mut decoder = Decoder::default();
        decoder.feed(bytes, Instant::now());
        let events = std::iter::from_fn(|| decoder.next_event()).collect();
        (events, decoder)
    }

    fn plain(c: char) -> Event {
        key(KeyCode::Char(c), KeyModifiers::NONE)
    }

    #[test]
    fn characters_control_keys_and_alt() {
        let (events, decoder) = decode("hQ\r\t\x7f\x03\x1a\x1bx\x1b\x05é".as_bytes());
        assert_eq!(
            events,
            [
                plain('h'),
                key(KeyCode::Char('Q'), KeyModifiers::SHIFT),
                key(KeyCode::Enter, KeyModifiers::NONE),
                key(KeyCode::Tab, KeyModifiers::NONE),
                key(KeyCode::Backspace, KeyModifiers::NONE),
                key(KeyCode::Char('c'), KeyModifiers::CONTROL),
                key(KeyCode::Char('z'), KeyModifiers::CONTROL),
                key(KeyCode::Char('x'), KeyModifiers::ALT),
                key(KeyCode::Char('e'), KeyModifiers::CONTROL | KeyModifiers::ALT),
                plain('é'),
            ]
        );
        assert_eq!(decoder.deadline(), None, "nothing left waiting");
    }

    #[test]
    fn cursor_editing_and_function_keys_with_their_modifiers() {
        let (events, _) =
            decode(b"\x1b[A\x1bOB\x1b[1;5C\x1b[D\x1b[5~\x1b[6;2~\x1b[Z\x1bOP\x1b[15~\x1b[3~");
        assert_eq!(
            events,
            [
                key(KeyCode::Up, KeyModifiers::NONE),
                key(KeyCode::Down, KeyModifiers::NONE),
                key(KeyCode::Right, KeyModifiers::CONTROL),
                key(KeyCode::Left, KeyModifiers::NONE),
                key(KeyCode::PageUp, KeyModifiers::NONE),
                key(KeyCode::PageDown, KeyModifiers::SHIFT),
                key(KeyCode::BackTab, KeyModifiers::SHIFT),
                key(KeyCode::F(1), KeyModifiers::NONE),
                key(KeyCode::F(5), KeyModifiers::NONE),
                key(KeyCode::Delete, KeyModifiers::NONE),
            ]
        );
    }

    #[test]
    fn the_wheel_in_every_encoding() {
        let wheel = |kind, column, row| {
            Event::Mouse(MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE })
        };
        let (events, _) = decode(b"\x1b[<64;10;5M\x1b[<65;1;1M\x1b[97;3;4M\x1b[M`!!");
        assert_eq!(
            events,
            [
                wheel(MouseEventKind::ScrollUp, 9, 4),
                wheel(MouseEventKind::ScrollDown, 0, 0),
                wheel(MouseEventKind::ScrollDown, 2, 3),
                wheel(MouseEventKind::ScrollUp, 0, 0),
            ]
        );
        let (events, _) = decode(b"\x1b[<0;2;3M\x1b[<0;2;3m");
        assert_eq!(
            events,
            [
                Event::Mouse(MouseEvent {
                    kind: MouseEventKind::Down(MouseButton::Left),
                    column: 1,
                    row: 2,
                    modifiers: KeyModifiers::NONE,
                }),
                Event::Mouse(MouseEvent {
                    kind: MouseEventKind::Up(MouseButton::Left),
                    column: 1,
                    row: 2,
                    modifiers: KeyModifiers::NONE,
                }),
            ]
        );
    }

    /// Issue 35 (B1): crossterm waited for ever for the rest of these, and ate every key.
    #[test]
    fn an_unfinished_sequence_is_dropped_after_the_wait_and_the_next_key_counts() {
        for begun in [&b"\x1b[?"[..], b"\x1b[<", b"\x1b[", b"\x1bO", b"\x1b[<64;1"] {
            let start = Instant::now();
            let mut decoder = Decoder::default();
            decoder.feed(begun, start);
            assert_eq!(decoder.next_event(), None, "{begun:?} waits");
            assert_eq!(decoder.deadline(), Some(start + ESCAPE_WAIT));
            decoder.expire(start + ESCAPE_WAIT / 2);
            assert!(decoder.deadline().is_some(), "{begun:?} waits its time");
            decoder.expire(start + ESCAPE_WAIT);
            assert_eq!(decoder.deadline(), None, "{begun:?} is given up");
            assert_eq!(decoder.next_event(), None, "{begun:?} is dropped");
            decoder.feed(b"q", start + ESCAPE_WAIT);
            assert_eq!(decoder.next_event(), Some(plain('q')), "after {begun:?}");
        }
    }

    #[test]
    fn a_lone_escape_is_the_esc_key_once_its_wait_is_over() {
        let start = Instant::now();
        let mut decoder = Decoder::default();
        decoder.feed(b"\x1b", start);
        assert_eq!(decoder.next_event(), None, "maybe a sequence");
        decoder.expire(start + ESCAPE_WAIT);
        assert_eq!(decoder.next_event(), Some(key(KeyCode::Esc, KeyModifiers::NONE)));
        let (events, _) = decode(b"\x1b\x1b[A");
        assert_eq!(
            events,
            [key(KeyCode::Esc, KeyModifiers::NONE), key(KeyCode::Up, KeyModifiers::NONE)]
        );
    }

    #[test]
    fn a_control_key_or_escape_inside_a_sequence_ends_it_and_counts() {
        let (events, _) = decode(b"\x1b[<\x03");
        assert_eq!(events, [key(KeyCode::Char('c'), KeyModifiers::CONTROL)]);
        let (events, _) = decode(b"\x1b[?\x1b[A");
        assert_eq!(events, [key(KeyCode::Up, KeyModifiers::NONE)]);
    }

    #[test]
    fn a_finished_sequence_the_table_does_not_know_is_dropped_whole() {
        // `?` then a final byte; a private mode's answer; a paste marker; too many numbers.
        let (events, decoder) = decode(b"\x1b[?q\x1b[?1;2c\x1b[200~\x1b[1;2;3;4A\x1bOx!");
        assert_eq!(events, [plain('!')]);
        assert_eq!(decoder.deadline(), None);
    }

    #[test]
    fn endless_parameters_are_dropped_and_broken_utf8_is_skipped() {
        let mut long = b"\x1b[".to_vec();
        long.extend(std::iter::repeat_n(b'1', 1000));
        long.push(b'q');
        let (events, _) = decode(&long);
        let (last, ones) = events.split_last().expect("keys");
        assert_eq!(*last, plain('q'), "the key after the garbage counts");
        assert!(ones.iter().all(|e| *e == plain('1')) && ones.len() < 1000);
        let (events, decoder) = decode(b"\xc3(\xff\xe2\x82");
        assert_eq!(events, [plain('(')]);
        assert!(decoder.deadline().is_some(), "a character's start waits");
    }
}
