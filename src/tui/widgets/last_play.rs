//! The "Last play" rows of the status area: the grade of the person's last decision and the
//! reason under it, kept in view — however much the dealer and the other seats say after it —
//! until the next decision is graded.

use ratatui::text::{Line, Span};

use super::Ctx;
use super::flow::{cut_to_rows, labelled};
use super::status::tone_mark;
use crate::tui::message::Message;

/// The most rows the last play takes: its grade and the reason under it, wrapped.
pub const LAST_PLAY_ROWS: usize = 4;

/// The label the grade's rows start with.
const LABEL: &str = "Last play ";

/// `Last play ✗ Basic strategy: hit 16 vs T — …`, then `  Why: …`, each wrapped whole to
/// `width` (before any decision: what this place is for).
pub fn last_play_lines(
    grade: Option<&Message>,
    reason: Option<&Message>,
    ctx: Ctx,
    width: u16,
) -> Vec<Line<'static>> {
    let Some(grade) = grade else {
        return vec![Line::from(Span::styled(
            "Last play: each of your decisions is graded here",
            ctx.theme.dim,
        ))];
    };
    let (symbol, style) = tone_mark(ctx, grade.tone);
    let lead = Line::from(vec![
        Span::styled(LABEL, ctx.theme.dim),
        Span::styled(format!("{symbol} "), style),
    ]);
    let lead_width = lead.width();
    let mut lines = labelled(Span::raw(" ".repeat(lead_width)), &grade.text, style, width);
    if let Some(first) = lines.first_mut() {
        // The label in its own style over the indent `labelled` left for it.
        first.spans.splice(..1, lead.spans);
    }
    if let Some(reason) = reason {
        // `  Why: the dealer busts …`: the label kept apart, the words wrapped under it.
        let words = reason.text.trim_start();
        let (head, rest) = match words.split_once(": ") {
            Some((head, rest)) if head.len() <= 8 => (format!("  {head}: "), rest),
            _ => ("  ".to_owned(), words),
        };
        lines.extend(labelled(Span::styled(head, ctx.theme.dim), rest, ctx.theme.text, width));
    }
    lines
}

/// The last play in at most `rows` rows of `width`: cut short, its last row says the messages
/// have it all.
pub fn fitted_last_play(
    lines: Vec<Line<'static>>,
    rows: usize,
    ctx: Ctx,
    width: u16,
) -> Vec<Line<'static>> {
    let more = if ctx.ascii {
        " ... PgUp: the messages have it all"
    } else {
        " … PgUp: the messages have it all"
    };
    cut_to_rows(lines, rows, more, ctx.ellipsis(), ctx.theme.dim, width)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::message::Tone;

    fn ctx() -> Ctx {
        Ctx { theme: crate::tui::theme::theme(false), ascii: false }
    }

    fn text(lines: &[Line<'_>]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn the_grade_and_its_reason_wrap_whole_within_the_width() {
        let grade = Message::new(
            Tone::Bad,
            "Basic strategy: hit 16 vs T — you chose stand (−0.006 bets EV)",
        );
        let reason = Message::new(
            Tone::Info,
            "  Why: the dealer busts 21.2% of rounds showing T, blackjack rounds included, and \
             16 wins only if the dealer busts: hit (this hand, full shoe: hit −0.571, your \
             stand −0.577)",
        );
        let lines = text(&last_play_lines(Some(&grade), Some(&reason), ctx(), 80));
        assert!(lines.iter().all(|l| l.chars().count() <= 80), "{lines:#?}");
        assert_eq!(
            lines[0],
            "Last play ✗ Basic strategy: hit 16 vs T — you chose stand (−0.006 bets EV)"
        );
        assert!(lines[1].starts_with("  Why: the dealer busts 21.2%"), "{lines:#?}");
        let words = lines.join(" ");
        assert!(words.contains("your stand −0.577)"), "{lines:#?}");
        assert!(lines.len() <= LAST_PLAY_ROWS, "{lines:#?}");
        // Two rows: the grade and the start of its reason, which says where the rest is.
        let two = text(&fitted_last_play(
            last_play_lines(Some(&grade), Some(&reason), ctx(), 80),
            2,
            ctx(),
            80,
        ));
        assert_eq!(two.len(), 2);
        assert!(two[1].ends_with("… PgUp: the messages have it all"), "{two:#?}");
        assert!(two[1].chars().count() <= 80, "{two:#?}");
    }

    #[test]
    fn before_any_decision_the_place_says_what_it_is_for() {
        let lines = text(&last_play_lines(None, None, ctx(), 80));
        assert_eq!(lines, ["Last play: each of your decisions is graded here"]);
    }
}
