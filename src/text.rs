//! Text shared by every layer: signed numbers, counted nouns, "did you mean", the ASCII
//! stand-ins of symbols (`--ascii`), and lines wrapped between words.

use unicode_width::UnicodeWidthChar;

/// The minus sign of every signed number shown: the typographic one (`--ascii` makes it `-`
/// through [`ascii_for`]). Typed answers may use either.
const MINUS: char = '−';

/// The items of a comma-separated list as typed (`8,8`, `1, 2, 4`), each trimmed; an empty
/// item (`8,,8`) is refused, in words that quote the list.
pub fn comma_items(text: &str) -> Result<Vec<&str>, String> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let items: Vec<&str> = text.split(',').map(str::trim).collect();
    if items.iter().any(|item| item.is_empty()) {
        return Err(format!("`{text}` has an empty item: write one value between each two commas"));
    }
    Ok(items)
}

/// The longest value an error quotes from a file; a longer one is cut, with an ellipsis.
const LONGEST_QUOTED: usize = 40;

/// A value as the file at `text` writes it at `span` (`1e308`, not the 309 digits the number
/// prints as), cut to [`LONGEST_QUOTED`] characters: what an error about it quotes.
pub fn as_written(text: &str, span: std::ops::Range<usize>) -> String {
    let written = text.get(span).unwrap_or_default().trim();
    if written.chars().count() <= LONGEST_QUOTED {
        return written.to_owned();
    }
    let cut: String = written.chars().take(LONGEST_QUOTED - 1).collect();
    format!("{cut}…")
}

/// A whole number with its sign, the one way a count or an index is written: `+3`, `−2`, and
/// `+0` for zero (a count at zero has always read `+0`).
pub fn signed(n: impl Into<i64>) -> String {
    let n = n.into();
    if n < 0 { format!("{MINUS}{}", n.unsigned_abs()) } else { format!("+{n}") }
}

/// A number with its sign and `places` decimals, the one way an EV, an edge or a decimal true
/// count is written: `+0.123`, `−0.540`. What rounds to nought at `places` reads `+0.000`, like
/// a zero count, never `−0.000`.
pub fn signed_decimals(x: f64, places: usize) -> String {
    if x.is_nan() {
        return "NaN".to_owned();
    }
    let magnitude = format!("{:.places$}", x.abs());
    let nought = magnitude.bytes().all(|b| b == b'0' || b == b'.');
    if x < 0.0 && !nought { format!("{MINUS}{magnitude}") } else { format!("+{magnitude}") }
}

/// A number with `places` decimals and, when below nought, the typographic minus (`12.40`,
/// `−0.1`): a figure that is mostly positive, such as SCORE, written without a `+`.
pub fn decimals(x: f64, places: usize) -> String {
    let text = signed_decimals(x, places);
    text.strip_prefix('+').map_or(text.clone(), str::to_owned)
}

/// `1 round`, `3 rounds`, `130 entries`: a count and its noun, the one way counts are worded.
pub fn counted(n: u64, word: &str) -> String {
    format!("{n} {}", noun(word, n == 1))
}

/// `word` after an amount: itself for exactly one (`one`), else its plural (`decks`,
/// `entries`).
pub fn noun(word: &str, one: bool) -> String {
    if one {
        return word.to_owned();
    }
    match word.strip_suffix('y') {
        Some(stem) if !stem.ends_with(['a', 'e', 'o', 'u']) => format!("{stem}ies"),
        _ => format!("{word}s"),
    }
}

/// The name in `names` nearest to `key`, if within a third of its length (at least three)
/// edits: the "did you mean" of an unknown rule or setting.
pub fn closest(key: &str, names: &[&str]) -> Option<String> {
    names
        .iter()
        .map(|name| (strsim::levenshtein(key, name), *name))
        .min()
        .filter(|&(d, _)| d <= 3.max(key.len() / 3))
        .map(|(_, name)| name.to_owned())
}

/// The 1-based line of byte `offset` in `text`: where a rules or config file sets a key.
pub fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// The ASCII stand-in for one symbol of the screen or of printed text (`--ascii`): the one
/// mapping the table, the drills and the command line share. An ASCII symbol stays as it is.
pub fn ascii_for(symbol: &str) -> &str {
    if symbol.is_ascii() {
        return symbol;
    }
    match symbol {
        "·" | "…" => ".",
        "─" | "━" | "═" | "—" | "–" | "−" => "-",
        "│" | "┃" | "║" => "|",
        "╭" | "╮" | "╰" | "╯" | "┌" | "┐" | "└" | "┘" | "╔" | "╗" | "╚" | "╝" | "┏" | "┓" | "┗"
        | "┛" => "+",
        "▶" | "→" => ">",
        "←" => "<",
        "↑" => "^",
        "↓" => "v",
        "✓" => "+",
        "✗" | "×" => "x",
        "█" | "░" => "#",
        "♠" => "s",
        "♥" => "h",
        "♦" => "d",
        "♣" => "c",
        _ => "?",
    }
}

/// A whole text in ASCII, symbol by symbol ([`ascii_for`]).
pub fn ascii_text(text: &str) -> String {
    let mut buf = [0u8; 4];
    text.chars().map(|c| ascii_for(c.encode_utf8(&mut buf)).to_owned()).collect()
}

/// `text` in rows of at most `width` columns, broken between words (a word longer than a row
/// is broken where the row ends). A unit written apart from its number (`13.5 %`) stays with
/// it. Always at least one row.
pub fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut rows = Vec::new();
    let mut row = String::new();
    let mut used = 0;
    for word in unbreakable_words(text) {
        let word = word.as_str();
        let len: usize = word.chars().map(|c| c.width().unwrap_or(0)).sum();
        if used > 0 && used + 1 + len > width {
            rows.push(std::mem::take(&mut row));
            used = 0;
        }
        if used > 0 {
            row.push(' ');
            used += 1;
        }
        for c in word.chars() {
            let w = c.width().unwrap_or(0);
            if used + w > width && used > 0 {
                rows.push(std::mem::take(&mut row));
                used = 0;
            }
            row.push(c);
            used += w;
        }
    }
    rows.push(row);
    rows
}

/// The words of `text` split at its spaces, but a word that is only a unit (`%`) kept with the
/// word before it: no row of a wrapped text starts with a lone `%`.
fn unbreakable_words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match words.last_mut() {
            Some(last) if word == "%" && !last.is_empty() => {
                last.push(' ');
                last.push_str(word);
            }
            _ => words.push(word.to_owned()),
        }
    }
    words
}

/// `line` in rows of at most `width` columns broken between words, the rows after the first
/// hanging under the text after a list mark (`· `, `1. `), else two more than the indent.
pub fn wrap_hanging(line: &str, width: usize) -> Vec<String> {
    let text = line.trim_start();
    let indent = line.len() - text.len();
    let hang = match list_mark(text) {
        Some(mark) => indent + mark,
        None if indent > 0 => indent + 2,
        None => 0,
    };
    let rows = wrap_words(text, width.saturating_sub(hang).max(10));
    rows.into_iter()
        .enumerate()
        .map(|(i, row)| {
            let pad = if i == 0 { indent } else { hang };
            format!("{}{row}", " ".repeat(pad))
        })
        .collect()
}

/// The columns of a list item's mark at the start of `text` (`· `, `• `, `✓ `, `→ `, `12. `),
/// if it starts with one.
fn list_mark(text: &str) -> Option<usize> {
    let mut chars = text.chars();
    let first = chars.next()?;
    if "·•✓→".contains(first) && chars.next() == Some(' ') {
        return Some(2);
    }
    let digits = text.chars().take_while(char::is_ascii_digit).count();
    (digits > 0 && text[digits..].starts_with(". ")).then_some(digits + 2)
}

#[cfg(test)]
mod tests {
    use super::{
        ascii_text, closest, counted, decimals, noun, signed, signed_decimals, wrap_words,
    };

    /// The planner's header broke as "… at most 13.5" / "%" at 80 columns.
    #[test]
    fn a_percent_sign_stays_with_its_number() {
        let line =
            "Bankroll 1000 units · bets 1–12 units in chips of 1 · risk of ruin at most 13.5 %";
        let rows = wrap_words(line, 80);
        assert_eq!(rows.len(), 2, "{rows:?}");
        assert!(rows[1].ends_with("13.5 %"), "{rows:?}");
        assert!(rows.iter().all(|r| r.chars().count() <= 80), "{rows:?}");
        assert_eq!(wrap_words("a % b", 80), ["a % b"]);
        assert_eq!(wrap_words("% first", 3), ["%", "fir", "st"]);
    }

    #[test]
    fn a_figure_without_sign_keeps_the_typographic_minus() {
        assert_eq!(decimals(12.404, 2), "12.40");
        assert_eq!(decimals(-0.104, 1), "\u{2212}0.1");
        assert_eq!(decimals(-0.0001, 2), "0.00", "nought has no sign");
    }

    #[test]
    fn a_whole_number_carries_its_sign_and_zero_a_plus() {
        assert_eq!(signed(3), "+3");
        assert_eq!(signed(-12), "−12");
        assert_eq!(signed(0), "+0");
        assert_eq!(signed(i64::MIN), "−9223372036854775808");
        assert_eq!(signed(-7i64), "−7");
    }

    #[test]
    fn a_decimal_carries_its_sign_with_the_typographic_minus() {
        assert_eq!(signed_decimals(0.1234, 3), "+0.123");
        assert_eq!(signed_decimals(-0.54, 3), "−0.540");
        assert_eq!(signed_decimals(-1.25, 1), "−1.2", "rounds as format! does");
        assert_eq!(signed_decimals(2.0, 0), "+2");
        assert_eq!(signed_decimals(-0.5663, 4), "−0.5663");
    }

    #[test]
    fn what_rounds_to_nought_reads_plus_nought() {
        assert_eq!(signed_decimals(0.0, 3), "+0.000");
        assert_eq!(signed_decimals(-0.0, 3), "+0.000");
        assert_eq!(signed_decimals(-0.0004, 3), "+0.000");
        assert_eq!(signed_decimals(-0.0005001, 3), "−0.001");
        assert_eq!(signed_decimals(-0.4, 0), "+0");
        assert_eq!(signed_decimals(f64::NAN, 3), "NaN");
    }

    #[test]
    fn signed_numbers_have_an_ascii_stand_in() {
        assert_eq!(ascii_text(&signed(-3)), "-3");
        assert_eq!(ascii_text(&signed_decimals(-0.25, 2)), "-0.25");
    }

    #[test]
    fn counted_words_take_their_plural() {
        assert_eq!(counted(1, "entry"), "1 entry");
        assert_eq!(counted(130, "entry"), "130 entries");
        assert_eq!(counted(2, "day"), "2 days");
        assert_eq!(counted(0, "round"), "0 rounds");
        assert_eq!(counted(1, "session"), "1 session");
    }

    #[test]
    fn a_noun_is_singular_only_for_exactly_one() {
        assert_eq!(noun("deck", true), "deck");
        assert_eq!(noun("deck", false), "decks");
        assert_eq!(noun("entry", false), "entries");
        assert_eq!(noun("play", false), "plays");
    }

    #[test]
    fn ascii_text_has_a_stand_in_for_every_symbol() {
        assert_eq!(ascii_text("▶ 10♦ · −1 ✓"), "> 10d . -1 +");
        assert!(ascii_text("╭─╮│╰─╯█░←↑↓✗").is_ascii());
    }

    #[test]
    fn the_nearest_name_within_a_few_edits_is_suggested() {
        let names = ["decks", "penetration", "surrender"];
        assert_eq!(closest("deks", &names).as_deref(), Some("decks"));
        assert_eq!(closest("penetraton", &names).as_deref(), Some("penetration"));
        assert_eq!(closest("colour_scheme_of_the_table", &names), None);
    }
}
