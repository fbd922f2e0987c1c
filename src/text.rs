//! Text shared by every layer and depending on none: the "did you mean" of an unknown name,
//! and the ASCII stand-ins of the symbols the program prints (`--ascii`).

/// The name in `names` nearest to `key` by edit distance, if it is within a few edits (a
/// third of the key's length, at least three): for "did you mean" on an unknown rule or
/// setting.
pub fn closest(key: &str, names: &[&str]) -> Option<String> {
    names
        .iter()
        .map(|name| (strsim::levenshtein(key, name), *name))
        .min()
        .filter(|&(d, _)| d <= 3.max(key.len() / 3))
        .map(|(_, name)| name.to_owned())
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
    text.chars()
        .map(|c| ascii_for(c.encode_utf8(&mut buf)).to_owned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{ascii_text, closest};

    #[test]
    fn ascii_text_has_a_stand_in_for_every_symbol() {
        assert_eq!(ascii_text("▶ 10♦ · −1 ✓"), "> 10d . -1 +");
        assert!(ascii_text("╭─╮│╰─╯█░←↑↓✗").is_ascii());
    }

    #[test]
    fn the_nearest_name_within_a_few_edits_is_suggested() {
        let names = ["decks", "penetration", "surrender"];
        assert_eq!(closest("deks", &names).as_deref(), Some("decks"));
        assert_eq!(
            closest("penetraton", &names).as_deref(),
            Some("penetration")
        );
        assert_eq!(closest("colour_scheme_of_the_table", &names), None);
    }
}
