//! The bottom of the screen: the message area, and the status lines — the legal actions (keyed
//! by the key handler's table), the hint, the count where it has no panel, the last grade, the
//! bankroll and bet, and the shoe gauge.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use crate::ai::Level;
use crate::engine::{ActionSet, Units};

use super::Ctx;
use super::flow::{clipped, cut_to_rows, labelled};
use super::last_play::{LAST_PLAY_ROWS, fitted_last_play, last_play_lines};
use super::side::CountView;
use crate::tui::intent::TableIntent;
use crate::tui::keys::{TABLE_KEYS, key_for};
use crate::tui::log::Log;
use crate::tui::message::{Message, Tone};

/// Draws the message log: the newest lines that fit, or older ones where the person scrolled
/// back (the title then says how many newer lines are below and how to get back).
pub fn render_messages(log: &Log, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    let theme = ctx.theme;
    let height = usize::from(area.height.saturating_sub(1));
    let (shown, newer) = log.window(height);
    // Each message wrapped at the width, the newest rows at the bottom: a long grade or reason
    // is read whole, and what does not fit is the oldest.
    let mut rows: Vec<Line> =
        shown.iter().flat_map(|m| wrapped_message(m, ctx, area.width)).collect();
    let hidden = rows.len().saturating_sub(height);
    let at_start = newer > 0 && log.lines().len() == shown.len() + newer;
    if at_start {
        // Scrolled back to the start of the log: its first line on top.
        rows.truncate(height);
    } else {
        rows.drain(..hidden);
    }
    let title = if newer > 0 {
        format!(" Messages · {newer} newer below: PgDn ")
    } else if hidden > 0 || log.lines().len() > shown.len() + newer {
        " Messages · PgUp scrolls back ".to_owned()
    } else {
        " Messages ".to_owned()
    };
    let block = Block::new()
        .borders(Borders::TOP)
        .border_style(theme.frame)
        .title(Span::styled(title, theme.dim));
    Paragraph::new(rows).block(block).render(area, buf);
}

/// A message as rows of at most `width` columns: its tone's symbol, then the words (indented
/// as the message is), wrapped between words and continued under the first word.
pub fn wrapped_message(message: &Message, ctx: Ctx, width: u16) -> Vec<Line<'static>> {
    let (symbol, style) = tone_mark(ctx, message.tone);
    // An indented message (a reason under its grade) keeps its indent on every row.
    let words = message.text.trim_start_matches(' ');
    let lead = format!("{symbol} {}", " ".repeat(message.text.len() - words.len()));
    labelled(Span::styled(lead, style), words, style, width)
}

/// The symbol and style of a message's tone: `·` news (won and lost hands too, in their
/// style), `✓` graded right, `✗` graded wrong, `!` refused.
pub fn tone_mark(ctx: Ctx, tone: Tone) -> (&'static str, Style) {
    let theme = ctx.theme;
    let (symbol, ascii, style) = match tone {
        Tone::Info => ("·", "·", theme.msg_info),
        Tone::Won => ("·", "·", theme.msg_good),
        Tone::Lost => ("·", "·", theme.msg_bad),
        Tone::Good => ("✓", "+", theme.msg_good),
        Tone::Bad => ("✗", "x", theme.msg_bad),
        Tone::Close => ("≈", "~", theme.msg_info),
        Tone::Error => ("!", "!", theme.msg_error),
    };
    (if ctx.ascii { ascii } else { symbol }, style)
}

/// A notice as a line, or an empty line without one.
pub(crate) fn note_line(ctx: Ctx, note: Option<&Message>) -> Line<'static> {
    note.map_or_else(Line::default, |m| message_line(m, ctx))
}

/// A message as a line: its tone's symbol, then the words, in the tone's style.
pub fn message_line(message: &Message, ctx: Ctx) -> Line<'static> {
    let (symbol, style) = tone_mark(ctx, message.tone);
    Line::from(vec![
        Span::styled(format!("{symbol} "), style),
        Span::styled(message.text.clone(), style),
    ])
}

/// What a count check asks: the running count (every check but a surprise one).
pub const RUNNING_COUNT: &str = "running count";
/// What a surprise check of the true count asks.
pub const TRUE_COUNT: &str = "true count";
/// What a surprise check of the decks asks.
pub const DECKS_LEFT: &str = "decks left";

/// What the first status line says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActionBar<'a> {
    /// The person's turn: the legal actions of the hand to act.
    YourTurn(ActionSet),
    /// An AI seat is playing.
    Playing {
        /// The seat's name.
        name: &'a str,
        /// Its level.
        level: Option<Level>,
    },
    /// The dealer is playing.
    Dealer,
    /// Between rounds: the table's keys.
    BetweenRounds,
    /// A count check waits for its answer (`asks`: the running count, the true count, the
    /// decks left): the keys that answer it.
    CountCheck {
        /// What is asked, in words.
        asks: &'a str,
    },
    /// Between rounds at the table's pace: when the next round comes (whole seconds), or
    /// that the pace is paused, and the keys.
    Paced {
        /// Seconds until the next deal; `None` while paused.
        next_in: Option<u64>,
    },
}

/// What the hint line says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HintLine {
    /// The strategy is still being worked out (the first moments of a session).
    Working,
    /// The hint for the hand to act, with its reason.
    Hint(String),
    /// The person's turn with hints off: how to see one.
    Offer,
    /// Nothing to say.
    Blank,
}

/// The shoe as the gauge shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShoeGauge {
    /// Cards in the full shoe.
    pub size: usize,
    /// Cards left.
    pub left: usize,
    /// Cards until the cut card (0: reached).
    pub until_cut: usize,
}

/// The last status line: money, what is being typed, the shoe.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BankView<'a> {
    /// The bankroll off the table.
    pub bankroll: Units,
    /// The bet for the next round.
    pub bet: Units,
    /// A running count being typed at a count check.
    pub count_check: Option<&'a str>,
    /// What the count check asks, in words (`running count`).
    pub check_asks: &'a str,
    /// A bet being typed.
    pub bet_entry: Option<&'a str>,
    /// The statistics are not being saved.
    pub not_saved: bool,
    /// The shoe; `None` while a count check asks the decks left (its cards left would tell
    /// the answer).
    pub shoe: Option<ShoeGauge>,
    /// The shoe was reshuffled before this round.
    pub reshuffled: bool,
    /// Hints are on.
    pub hints: bool,
}

/// Everything the status lines show.
#[derive(Debug, Clone, PartialEq)]
pub struct StatusView<'a> {
    /// The actions, or who is playing.
    pub action: ActionBar<'a>,
    /// The hint.
    pub hint: HintLine,
    /// The count, where it is shown and has no panel of its own.
    pub count: Option<CountView>,
    /// The grade of the person's last decision.
    pub last_grade: Option<&'a Message>,
    /// The reason under that grade, if it came with one.
    pub last_reason: Option<&'a Message>,
    /// Money and the shoe.
    pub bank: BankView<'a>,
}

/// The most rows a hint may wrap to: past it, it ends in an ellipsis (the log has it whole).
pub const HINT_ROWS: usize = 4;

/// The status lines at `width`: actions; the hint; the count where it has no panel; the last
/// play (kept however much the log scrolls); bankroll · bet · shoe. See [`share_rows`].
pub fn status_lines(
    view: &StatusView<'_>,
    ctx: Ctx,
    width: u16,
    rows: usize,
) -> Vec<Line<'static>> {
    let mut lines = vec![action_line(view.action, ctx)];
    let play = last_play_lines(view.last_grade, view.last_reason, ctx, width);
    let mut hint = hint_lines(&view.hint, ctx, width);
    let (hint_rows, play_rows) = share_rows(hint.len(), play.len(), rows);
    if hint.len() > hint_rows
        && let HintLine::Hint(text) = &view.hint
        && let Some(idea) = without_numbers(text)
    {
        // Short of room (a split seat is taller): the play and its reason first, without the
        // numbers the grade gives after the decision.
        hint = hint_lines(&HintLine::Hint(idea.to_owned()), ctx, width);
    }
    // Cut short all the same: the last row kept says so, and how to see the rest.
    let more = if ctx.ascii {
        " ... (a taller window shows it all)"
    } else {
        " … (a taller window shows it all)"
    };
    lines.extend(cut_to_rows(hint, hint_rows, more, ctx.ellipsis(), ctx.theme.hint, width));
    if let Some(count) = &view.count {
        lines.push(clipped(
            Line::from(Span::styled(count.line(), ctx.theme.text)),
            width,
            ctx.ellipsis(),
        ));
    }
    lines.extend(fitted_last_play(play, play_rows, ctx, width));
    lines.push(bank_line(&view.bank, ctx, width));
    lines
}

/// How the hint (`hint` rows whole, at most [`HINT_ROWS`]) and the last play (`play`, at most
/// [`LAST_PLAY_ROWS`]) share `rows` rows: short of rows, the hint first — one row each at least.
pub fn share_rows(hint: usize, play: usize, rows: usize) -> (usize, usize) {
    let hint = hint.clamp(1, HINT_ROWS);
    let play = play.clamp(1, LAST_PLAY_ROWS);
    if hint + play <= rows {
        return (hint, play);
    }
    let hint = hint.min(rows.saturating_sub(1)).max(1);
    (hint, play.min(rows.saturating_sub(hint)).max(1))
}

/// Rows the status area takes at `width` (its top border included) with the hint and the
/// last play whole.
pub fn status_height(view: &StatusView<'_>, ctx: Ctx, width: u16) -> u16 {
    let rows = status_lines(view, ctx, width, HINT_ROWS + LAST_PLAY_ROWS).len();
    u16::try_from(rows + 1).unwrap_or(u16::MAX)
}

/// Draws the status lines into `area` (a top border, then the lines; the hint and the last
/// play share the rows the area has).
pub fn render_status(view: &StatusView<'_>, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    let block = Block::new().borders(Borders::TOP).border_style(ctx.theme.frame);
    let inner = block.inner(area);
    let fixed = 2 + usize::from(view.count.is_some());
    let rows = usize::from(inner.height).saturating_sub(fixed).max(2);
    let lines = status_lines(view, ctx, inner.width, rows);
    Paragraph::new(lines).block(block).render(area, buf);
}

/// A key as the bars show it: `[h]`.
pub fn key(k: &str, ctx: Ctx) -> Span<'static> {
    Span::styled(format!("[{k}]"), ctx.theme.key)
}

/// `▶ Your turn: [h] hit [s] stand`: the prompt, then each legal action's key and name, the
/// names in `names`.
pub(crate) fn actions_line(
    ctx: Ctx,
    prompt: &str,
    legal: ActionSet,
    names: Style,
) -> Line<'static> {
    let head = Span::styled(format!("{} {prompt}", ctx.marker()), ctx.theme.active_hand);
    let actions = legal.iter().flat_map(|action| {
        [
            Span::raw(" "),
            key(&key_for(action).to_string(), ctx),
            Span::styled(format!(" {action}"), names),
        ]
    });
    std::iter::once(head).chain(actions).collect()
}

/// Keys and what they do, two spaces apart: `[r] again  [Esc] back`.
pub(crate) fn keys_line(ctx: Ctx, keys: &[(&str, &str)]) -> Line<'static> {
    keys.iter()
        .flat_map(|(k, what)| {
            [Span::raw("  "), key(k, ctx), Span::styled(format!(" {what}"), ctx.theme.action)]
        })
        .skip(1)
        .collect()
}

/// The legal actions of the active hand only, or what is going on.
fn action_line(action: ActionBar<'_>, ctx: Ctx) -> Line<'static> {
    let theme = ctx.theme;
    let skips = Span::styled(" any key skips", theme.dim);
    match action {
        ActionBar::YourTurn(legal) => actions_line(ctx, "Your turn:", legal, theme.action),
        ActionBar::Playing { name, level } => {
            let level = level.map(|l| format!(" ({})", l.name())).unwrap_or_default();
            let playing = Span::styled(format!("{name}{level} is playing…"), theme.text);
            Line::from(vec![playing, skips])
        }
        ActionBar::Dealer => Line::from(vec![Span::styled("The dealer plays…", theme.text), skips]),
        ActionBar::CountCheck { asks } => keys_line(
            ctx,
            &[
                (if asks == DECKS_LEFT { "0-9 ." } else { "0-9 -" }, &format!("type the {asks}")),
                ("Enter", "answer"),
                ("Esc", "skip this check"),
            ],
        ),
        ActionBar::Paced { next_in } => {
            let (head, pause) = match next_in {
                Some(s) => (format!("Next round in {s} s "), "pause"),
                None => ("Pace paused ".to_owned(), "go on"),
            };
            let mut line = keys_line(
                ctx,
                &[("space", "deal now"), ("w", pause), ("+/-", "bet"), ("?", "help")],
            );
            line.spans.insert(0, Span::styled(head, theme.text));
            line
        }
        ActionBar::BetweenRounds => {
            let bar = TABLE_KEYS.iter().filter_map(|k| {
                let label = match k.intent {
                    TableIntent::BetUp => "+/-",
                    _ => k.label.split_whitespace().next().unwrap_or(k.label),
                };
                k.bar.map(|what| (label, what))
            });
            keys_line(ctx, &bar.collect::<Vec<_>>())
        }
    }
}

/// A hint without the numbers at its end (`… hit (this hand, full shoe: hit −0.571, stand
/// −0.576)` → `… hit`), if it has them.
fn without_numbers(hint: &str) -> Option<&str> {
    let open = hint.strip_suffix(')')?.rfind(" (")?;
    hint[open..].contains(": ").then(|| &hint[..open])
}

/// The hint, wrapped to `width` under its label.
fn hint_lines(hint: &HintLine, ctx: Ctx, width: u16) -> Vec<Line<'static>> {
    let theme = ctx.theme;
    match hint {
        // Only in a session's first moments, while the strategy is worked out.
        HintLine::Working => vec![Line::from(Span::styled(
            "Working out the exact strategy for these rules…",
            theme.dim,
        ))],
        HintLine::Hint(text) => {
            labelled(Span::styled("Hint: ", theme.hint), text, theme.hint, width)
        }
        HintLine::Offer => vec![Line::from(Span::styled("[t] shows the strategy hint", theme.dim))],
        HintLine::Blank => vec![Line::default()],
    }
}

/// `Bankroll 100 · Bet 1 │ Shoe ··|████ 280 left · cut in 204 · reshuffled`.
fn bank_line(bank: &BankView<'_>, ctx: Ctx, width: u16) -> Line<'static> {
    let theme = ctx.theme;
    let mut spans = vec![
        Span::styled("Bankroll ", theme.dim),
        Span::styled(bank.bankroll.plain().to_string(), theme.title),
        Span::styled(" · Bet ", theme.dim),
        Span::styled(bank.bet.plain().to_string(), theme.title),
    ];
    if let Some(typed) = bank.count_check {
        spans.push(Span::styled(
            format!(" · {}? {typed}_ Enter", bank.check_asks),
            theme.active_hand,
        ));
    }
    if let Some(typed) = bank.bet_entry {
        spans.push(Span::styled(format!(" · new bet {typed}_ Enter"), theme.active_hand));
    }
    // A text marker, not colour alone: the statistics are not being written.
    if bank.not_saved {
        spans.push(Span::styled(" · ! stats not saved", theme.msg_error));
    }
    let Some(shoe) = bank.shoe else {
        spans.push(Span::styled(" │ Shoe hidden: read the decks left", theme.dim));
        return Line::from(spans);
    };
    let (size, left, until_cut) = (shoe.size.max(1), shoe.left, shoe.until_cut);
    let cut = if until_cut > 0 {
        format!(" · cut in {until_cut}")
    } else {
        " · cut card out: reshuffle next round".to_owned()
    };
    let reshuffled = if bank.reshuffled { " · reshuffled" } else { "" };
    let hints = if bank.hints { " · hints on" } else { "" };
    // Drop what matters least until the line fits with a bar of at least 8.
    let fixed: usize = spans.iter().map(Span::width).sum::<usize>() + " │ Shoe ".chars().count();
    let room = usize::from(width).saturating_sub(fixed + 8);
    let full = format!(" {left} left{cut}{reshuffled}");
    let (hints, tail) = if hints.chars().count() + full.chars().count() <= room {
        (hints, full)
    } else if full.chars().count() <= room {
        ("", full)
    } else {
        ("", format!(" {left} left{reshuffled}"))
    };
    spans.push(Span::styled(hints, theme.dim));
    spans.push(Span::styled(" │ Shoe ", theme.dim));
    let used: usize = spans.iter().map(Span::width).sum::<usize>() + tail.chars().count();
    let bar = usize::from(width).saturating_sub(used).clamp(6, 24);
    let dealt = size - left.min(size);
    let cut_at = (until_cut > 0).then(|| ((dealt + until_cut) * bar / size).min(bar - 1));
    let (dealt_ch, left_ch, cut_ch) =
        if ctx.ascii { ('.', '#', '|') } else { ('·', '█', '┃') };
    // The bar in styled runs: dealt cards, cards left, the cut card.
    let mut runs: Vec<(usize, String)> = Vec::new();
    for i in 0..bar {
        let pos = (2 * i + 1) * size / (2 * bar);
        let (kind, ch) = match cut_at {
            Some(c) if i == c => (2, cut_ch),
            _ if pos < dealt => (0, dealt_ch),
            _ => (1, left_ch),
        };
        match runs.last_mut() {
            Some((k, run)) if *k == kind && kind != 2 => run.push(ch),
            _ => runs.push((kind, ch.to_string())),
        }
    }
    let styles = [theme.dim, theme.gauge_left, theme.gauge_cut];
    spans.extend(runs.into_iter().map(|(k, run)| Span::styled(run, styles[k])));
    spans.push(Span::styled(tail, theme.text));
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bankroll of 100 at a bet of 1, two decks left of six (the cut card 26 cards on).
    fn bank() -> BankView<'static> {
        BankView {
            bankroll: Units::from_units(100),
            bet: Units::from_units(1),
            count_check: None,
            check_asks: RUNNING_COUNT,
            bet_entry: None,
            not_saved: false,
            shoe: Some(ShoeGauge { size: 312, left: 104, until_cut: 26 }),
            reshuffled: false,
            hints: true,
        }
    }

    /// ✓ and ✗ (`+` and `x` in ASCII) mark graded answers only; a hand won or lost is marked
    /// as news, in its style.
    #[test]
    fn only_grades_carry_the_grade_marks() {
        for ascii in [false, true] {
            let theme = crate::tui::theme::theme(true);
            let ctx = Ctx { theme, ascii };
            let grade_marks = if ascii { ["+", "x", "~"] } else { ["✓", "✗", "≈"] };
            for tone in
                [Tone::Info, Tone::Good, Tone::Bad, Tone::Close, Tone::Won, Tone::Lost, Tone::Error]
            {
                let (mark, _) = tone_mark(ctx, tone);
                let graded = matches!(tone, Tone::Good | Tone::Bad | Tone::Close);
                assert_eq!(grade_marks.contains(&mark), graded, "{tone:?}: {mark}");
            }
            assert_eq!(tone_mark(ctx, Tone::Won).1, theme.msg_good);
            assert_eq!(tone_mark(ctx, Tone::Lost).1, theme.msg_bad);
        }
    }

    #[test]
    fn a_long_hint_wraps_whole_and_the_count_keeps_its_line() {
        let ctx = Ctx { theme: crate::tui::theme::theme(false), ascii: false };
        let hint = "stand — 12 vs 4 · the dealer busts 40% of rounds showing 4 (blackjack \
                    rounds included): let them, rather than risk busting first";
        let view = StatusView {
            action: ActionBar::YourTurn(ActionSet::EMPTY),
            hint: HintLine::Hint(hint.to_owned()),
            count: Some(CountView {
                running: 3,
                true_count: crate::analysis::hilo::TrueCount::of(3, 104),
                cards_left: 104,
                seen: 208,
                name: "Hi-Lo".to_owned(),
                start: None,
            }),
            last_grade: None,
            last_reason: None,
            bank: bank(),
        };
        let lines = status_lines(&view, ctx, 60, HINT_ROWS + LAST_PLAY_ROWS);
        let text: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        let hint_rows: Vec<&String> = text.iter().filter(|l| !l.is_empty()).collect();
        assert!(text.iter().all(|l| l.chars().count() <= 60), "{text:#?}");
        let joined = text.join(" ");
        assert!(joined.contains("rather than risk busting first"), "{text:#?}");
        assert!(text.iter().any(|l| l.starts_with("Hi-Lo running +3 · true +1.5")), "{text:#?}");
        assert!(hint_rows.len() > 4, "{text:#?}");
        // With fewer rows the hint ends in an ellipsis (too narrow for the words saying how
        // to see the rest), and the count still has its line.
        let short = status_lines(&view, ctx, 60, 2);
        let short: Vec<String> = short.iter().map(|l| l.to_string()).collect();
        assert!(short[1].ends_with('…'), "{short:#?}");
        assert!(short[1].chars().count() <= 60, "{short:#?}");
        assert!(short.iter().any(|l| l.starts_with("Hi-Lo running")), "{short:#?}");
    }

    /// At 80 columns with two rows for the hint (a seat has split): the hint drops its
    /// numbers before it is cut, so its reason is whole; the last play's grade, cut, says
    /// where it is whole (issue 36: "(chart…" and "(−0.178 bets …" cut in silence).
    #[test]
    fn a_cramped_hint_and_a_long_last_play_fit_80_columns_or_say_where_the_rest_is() {
        let ctx = Ctx { theme: crate::tui::theme::theme(false), ascii: false };
        let hint = "Basic strategy: hit — 16 vs T (hand 1 of 2) · the dealer busts 21.2% of \
                    rounds showing T, blackjack rounds included, and 16 wins only if the dealer \
                    busts: hit (this hand, full shoe: hit −0.571, stand −0.576)";
        let grade = Message::new(
            Tone::Bad,
            "Basic strategy: double 11 vs 6 (hand 2 of 2) — you chose hit (−0.178 bets EV) · \
             the dealer busts 42.3% of rounds showing 6",
        );
        let view = StatusView {
            action: ActionBar::YourTurn(ActionSet::EMPTY),
            hint: HintLine::Hint(hint.to_owned()),
            count: None,
            last_grade: Some(&grade),
            last_reason: None,
            bank: bank(),
        };
        let lines = |rows: usize| -> Vec<String> {
            status_lines(&view, ctx, 80, rows).iter().map(|l| l.to_string()).collect()
        };
        // Four rows: the hint whole, the last play's grade on the one row left.
        let three = lines(4);
        assert!(three.iter().all(|l| l.chars().count() <= 80), "{three:#?}");
        let hint_text = three[1..4].join(" ").split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(hint_text.contains("16 wins only if the dealer busts: hit"), "{three:#?}");
        assert!(!hint_text.contains('…'), "{three:#?}");
        // Three: both cut, and each says how to see the rest.
        let two = lines(3);
        assert!(two.iter().all(|l| l.chars().count() <= 80), "{two:#?}");
        assert!(two[2].ends_with("… (a taller window shows it all)"), "{two:#?}");
        assert!(
            two[3].starts_with("Last play ✗ Basic strategy: double 11 vs 6")
                && two[3].ends_with("… PgUp: the messages have it all"),
            "{two:#?}"
        );
        // Five: the grade is whole too, over two rows.
        let five = lines(5);
        assert!(five.iter().all(|l| l.chars().count() <= 80), "{five:#?}");
        assert!(five[4].starts_with("Last play ✗ Basic strategy"), "{five:#?}");
        assert!(five[5].ends_with("rounds showing 6"), "{five:#?}");
        assert!(!five.join(" ").contains("PgUp"), "{five:#?}");
    }

    /// Short of rows, the hint of the hand at hand comes first and the last play keeps its
    /// grade's row; with room, both are whole.
    #[test]
    fn the_hint_and_the_last_play_share_the_rows() {
        assert_eq!(share_rows(1, 4, 9), (1, 4));
        assert_eq!(share_rows(4, 4, 8), (4, 4));
        assert_eq!(share_rows(4, 4, 6), (4, 2));
        assert_eq!(share_rows(4, 3, 3), (2, 1));
        assert_eq!(share_rows(9, 9, 99), (HINT_ROWS, LAST_PLAY_ROWS));
        assert_eq!(share_rows(3, 3, 0), (1, 1));
    }
}
