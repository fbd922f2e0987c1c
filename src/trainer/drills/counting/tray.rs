//! The discard tray drawn as a counter sees it: a stack of the cards discarded beside a
//! one-deck stack for the scale, topped in eighths of a row so it is judged by eye, not counted.

/// Characters of a row filled 1/8 … 8/8 from the bottom.
const EIGHTHS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// The ASCII stand-ins: a row filled up to 3/8, up to 6/8, and more.
const ASCII_LEVELS: [char; 3] = ['_', '=', '#'];

/// The tray's inside width, in characters.
const TRAY_WIDTH: usize = 10;

/// The one-deck stack's width.
const DECK_WIDTH: usize = 4;

/// Eighths of a row that `cards` of a `shoe`-card shoe stand in a tray `rows` rows high.
pub fn stack_eighths(cards: usize, shoe: usize, rows: usize) -> usize {
    (cards * rows * 8 + shoe.max(1) / 2) / shoe.max(1)
}

/// Row `from_bottom` (0 the lowest) of a stack of `eighths`: blank, a partial top, or full.
fn fill(eighths: usize, from_bottom: usize, ascii: bool) -> char {
    match eighths.saturating_sub(from_bottom * 8).min(8) {
        0 => ' ',
        level if ascii => ASCII_LEVELS[(level - 1) * 3 / 8],
        level => EIGHTHS[level - 1],
    }
}

/// The tray of a `shoe`-card shoe with `dealt` cards discarded, `rows` rows high, a one-deck
/// stack beside it: a label line, the rows, the floor. A row fewer where a deck would be a
/// whole number of rows (rows to count instead of a height to judge).
pub fn tray_picture(dealt: usize, shoe: usize, rows: usize, ascii: bool) -> Vec<String> {
    let decks = shoe / 52;
    let rows = match rows.max(1) {
        r if decks >= 2 && r > 1 && r % decks == 0 => r - 1,
        r => r,
    };
    let stack = stack_eighths(dealt, shoe, rows);
    let deck = stack_eighths(52, shoe, rows);
    let (side, floor, deck_floor) = if ascii {
        ('|', format!("+{}+", "-".repeat(TRAY_WIDTH)), "-".repeat(DECK_WIDTH))
    } else {
        ('│', format!("└{}┘", "─".repeat(TRAY_WIDTH)), "▔".repeat(DECK_WIDTH))
    };
    let mut lines =
        vec![format!("{:<width$}   {}", "discard tray", "1 deck", width = TRAY_WIDTH + 2)];
    for row in (0..rows).rev() {
        let tray = fill(stack, row, ascii).to_string().repeat(TRAY_WIDTH);
        let one = fill(deck, row, ascii).to_string().repeat(DECK_WIDTH);
        lines.push(format!("{side}{tray}{side}   {one}").trim_end().to_owned());
    }
    lines.push(format!("{floor}   {deck_floor}"));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The filled eighths of a drawn stack, read back from its characters (one column).
    fn drawn_eighths(lines: &[String], column: usize) -> usize {
        lines
            .iter()
            .filter_map(|l| l.chars().nth(column))
            .map(|c| EIGHTHS.iter().position(|&e| e == c).map_or(0, |i| i + 1))
            .sum()
    }

    #[test]
    fn the_stack_is_as_high_as_the_cards_discarded_at_the_scale_of_the_deck_beside_it() {
        let rows = 8;
        for dealt in [1, 52, 100, 156, 233, 312] {
            let lines = tray_picture(dealt, 312, rows, false);
            assert_eq!(lines.len(), rows + 2, "a label, the rows, the floor");
            let stack = drawn_eighths(&lines, 1);
            assert_eq!(stack, stack_eighths(dealt, 312, rows), "{dealt}: {lines:#?}");
            let deck = drawn_eighths(&lines, TRAY_WIDTH + 5);
            assert_eq!(deck, stack_eighths(52, 312, rows));
            // Height ∝ cards: the stack over the deck is the decks dealt, to an eighth.
            let decks = stack as f64 / deck as f64;
            assert!(
                (decks - dealt as f64 / 52.0).abs() <= 0.1 + 1.0 / deck as f64,
                "{dealt}: {decks}"
            );
        }
        assert_eq!(stack_eighths(312, 312, 8), 64, "the whole shoe fills the tray");
    }

    #[test]
    fn a_deck_is_not_a_whole_number_of_cells() {
        // Six decks in eight rows: a deck is 10⅔ eighths, so the stack cannot be read by
        // counting cells of a known size (the old bar gave a deck 8 cells of 40).
        let one: f64 = 52.0 * 8.0 * 8.0 / 312.0;
        assert!(one.fract() > 0.1, "{one}");
        let lines = tray_picture(130, 312, 8, false);
        assert!(lines.iter().any(|l| l.contains('▃') || l.contains('▅') || l.contains('▂')));
    }

    #[test]
    fn a_deck_is_never_a_whole_number_of_rows() {
        // Six rows for six decks would make a row a deck: one row fewer is drawn.
        assert_eq!(tray_picture(100, 312, 6, false).len(), 5 + 2);
        assert_eq!(tray_picture(100, 104, 10, false).len(), 9 + 2);
        assert_eq!(tray_picture(10, 52, 4, false).len(), 4 + 2, "one deck: the tray is it");
    }

    #[test]
    fn ascii_draws_the_same_heights_with_plain_characters() {
        let lines = tray_picture(156, 312, 8, true);
        assert!(lines.iter().all(|l| l.is_ascii()), "{lines:#?}");
        let full_rows = lines.iter().filter(|l| l.starts_with("|#")).count();
        assert_eq!(full_rows, 4, "half the shoe is half the tray: {lines:#?}");
    }
}
