//! Drawing: a pure function of the [`App`] state. Nothing here changes state or reads the
//! clock, so a frame is fully determined by the app (which is what the snapshots rely on).

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::app::{App, Overlay};
use super::drill::DrillScreen;
use super::widgets::count_drills;
use super::widgets::dealer::{self, render_dealer};
use super::widgets::drill::{render_chooser, render_count, render_decision};
use super::widgets::overlay::{render_confirm_quit, render_help, render_summary, render_too_small};
use super::widgets::seat::render_seat;
use super::widgets::side;
use super::widgets::status::{render_messages, render_status};

/// The narrowest terminal the table is drawn in.
pub const MIN_WIDTH: u16 = 60;
/// The shortest terminal the table is drawn in.
pub const MIN_HEIGHT: u16 = 20;
/// The widest a seat panel grows.
const MAX_SEAT_WIDTH: u16 = 36;

/// Whether the table can be drawn in `area`. When it cannot, the screen asks for a bigger
/// terminal, and the event loop sets aside every key that would act on the table unseen (see
/// [`super::input::intent_when_too_small`]).
pub fn fits(area: Rect) -> bool {
    area.width >= MIN_WIDTH && area.height >= MIN_HEIGHT
}

/// Draws the whole screen for `app`.
pub fn draw(app: &App, frame: &mut Frame) {
    frame.render_widget(app, frame.area());
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if !fits(area) {
            render_too_small(self, (MIN_WIDTH, MIN_HEIGHT), area, buf);
            return;
        }
        match self.drill() {
            None if self.review().is_some() => {
                super::widgets::review::render_review(self, area, buf);
            }
            None => render_table(self, area, buf),
            Some(DrillScreen::Chooser { selected, note }) => {
                render_table(self, area, buf);
                render_chooser(self, *selected, note.as_ref(), area, buf);
            }
            Some(DrillScreen::Decision(screen)) => render_decision(self, screen, area, buf),
            Some(DrillScreen::Count(screen)) => render_count(self, screen, area, buf),
            Some(DrillScreen::Quiz(screen)) => count_drills::render_quiz(self, screen, area, buf),
            Some(DrillScreen::Countdown(screen)) => {
                count_drills::render_countdown(self, screen, area, buf);
            }
        }
        match self.overlay() {
            None => {}
            Some(Overlay::Help) => render_help(self, area, buf),
            Some(Overlay::ConfirmQuit) => render_confirm_quit(self, area, buf),
            Some(Overlay::Broke) => super::widgets::overlay::render_broke(self, area, buf),
            Some(Overlay::Summary) => render_summary(self, area, buf),
            Some(Overlay::Stats) => super::widgets::trainer::render_stats(self, area, buf),
            Some(Overlay::Chart) => super::widgets::chart::render_chart(self, area, buf),
        }
        if self.ascii {
            asciify(area, buf);
        }
    }
}

/// `--ascii`: the widgets already draw cards and frames in ASCII; this catches every other
/// symbol (separators, arrows, the minus sign, dashes in messages) so the screen is pure ASCII.
fn asciify(area: Rect, buf: &mut Buffer) {
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            let cell = &mut buf[(x, y)];
            if cell.symbol().is_ascii() {
                continue;
            }
            let plain = super::theme::ascii_for(cell.symbol()).to_owned();
            cell.set_symbol(&plain);
        }
    }
}

/// The narrowest terminal on which the live EVs and the count sit beside the table.
pub const SIDE_PANELS_MIN_WIDTH: u16 = 120;
/// The width of the side column.
const SIDE_WIDTH: u16 = 38;
/// The width of the live EV panel beside the message log on a narrower terminal.
const EV_BESIDE_LOG_WIDTH: u16 = 40;

/// Where each part of the table screen goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableLayout {
    /// The rules line.
    pub header: Rect,
    /// The dealer's box.
    pub dealer: Rect,
    /// The seats.
    pub seats: Rect,
    /// The message log.
    pub log: Rect,
    /// The live EV panel, when it is open.
    pub ev: Option<Rect>,
    /// The count panel, when the count is shown on a wide terminal (otherwise the count is in
    /// the status lines).
    pub count: Option<Rect>,
    /// The status lines.
    pub status: Rect,
}

/// The table screen's layout for `app` in `area`: on a wide terminal the open EV and count
/// panels take a column on the right; narrower, the EV panel sits beside the message log.
pub fn table_layout(app: &App, area: Rect) -> TableLayout {
    const HEADER: u16 = 1;
    const STATUS: u16 = 5;
    const MIN_MESSAGES: u16 = 3;
    // The status lines take the whole width; the side column, if any, what is above them.
    let [body, status] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(STATUS)]).areas(area);
    let wide = area.width >= SIDE_PANELS_MIN_WIDTH && (app.show_ev || app.show_count);
    let (main, side) = if wide {
        let [main, side] =
            Layout::horizontal([Constraint::Fill(1), Constraint::Length(SIDE_WIDTH)]).areas(body);
        (main, Some(side))
    } else {
        (body, None)
    };
    let dealer_height = if area.height >= 28 {
        dealer::TALL_HEIGHT
    } else {
        dealer::SHORT_HEIGHT
    };
    // The seats take what the hands of the busiest seat need as boxed cards; the messages
    // take the rest, and never fewer than two lines.
    let room = main.height.saturating_sub(HEADER + dealer_height);
    let seats_height = seats_wanted(app, area.height).min(room.saturating_sub(MIN_MESSAGES));
    let [header, dealer_area, seats, log] = Layout::vertical([
        Constraint::Length(HEADER),
        Constraint::Length(dealer_height),
        Constraint::Length(seats_height),
        Constraint::Fill(1),
    ])
    .areas(main);
    let dealer_width = main.width.min((main.width / 2).max(44));
    let dealer_area = dealer_area.centered_horizontally(Constraint::Length(dealer_width));
    let (log, ev, count) = match side {
        Some(side) => {
            let ev_height = if app.show_ev { EV_PANEL_HEIGHT } else { 0 };
            let [_, ev, count] = Layout::vertical([
                Constraint::Length(HEADER),
                Constraint::Length(ev_height),
                Constraint::Length(if app.show_count {
                    COUNT_PANEL_HEIGHT
                } else {
                    0
                }),
            ])
            .areas(side);
            (
                log,
                app.show_ev.then_some(ev),
                app.show_count.then_some(count),
            )
        }
        None if app.show_ev => {
            let [log, ev] = Layout::horizontal([
                Constraint::Fill(1),
                Constraint::Length(EV_BESIDE_LOG_WIDTH.min(log.width / 2)),
            ])
            .areas(log);
            (log, Some(ev), None)
        }
        None => (log, None, None),
    };
    TableLayout {
        header,
        dealer: dealer_area,
        seats,
        log,
        ev,
        count,
        status,
    }
}

/// The rows of the live EV panel beside the table.
const EV_PANEL_HEIGHT: u16 = 8;
/// The rows of the count panel beside the table.
const COUNT_PANEL_HEIGHT: u16 = 8;

fn render_table(app: &App, area: Rect, buf: &mut Buffer) {
    let layout = table_layout(app, area);
    render_header(app, layout.header, buf);
    render_dealer(app, layout.dealer, buf);
    render_seats(app, layout.seats, buf);
    render_messages(app, layout.log, buf);
    if let Some(ev) = layout.ev {
        side::render_ev_panel(app, ev, buf);
    }
    if let Some(count) = layout.count {
        side::render_count_panel(app, count, buf);
    }
    render_status(app, layout.status, layout.count.is_none(), buf);
}

/// Rows for the seats: a blank row, then panels with room for every hand of the busiest
/// seat as boxed cards — two at least where the terminal is tall, so that a split does not
/// move the table; one on a short terminal, where every row counts.
fn seats_wanted(app: &App, height: u16) -> u16 {
    let fewest = if height >= 30 { 2 } else { 1 };
    let most_hands = app
        .table
        .seats()
        .iter()
        .map(|s| s.hands().len())
        .max()
        .unwrap_or(1)
        .max(fewest);
    1 + 2 + 4 * u16::try_from(most_hands).unwrap_or(4)
}

fn render_header(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let rules = &app.rules;
    let pays = rules.payout_label();
    let decks = rules.decks_label();
    let s17 = if rules.dealer_hits_soft_17 {
        "H17"
    } else {
        "S17"
    };
    let variants = [
        format!(
            " Blackjack trainer · {decks} · dealer {} soft 17 · no peek · blackjack pays {pays}",
            if rules.dealer_hits_soft_17 {
                "hits"
            } else {
                "stands on"
            },
        ),
        format!(" Blackjack trainer · {decks} · {s17} · no peek · blackjack pays {pays}"),
        format!(" Blackjack · {decks} · {s17} · no peek"),
    ];
    // Spaced practice on the right, as long as the rules still fit in words beside it.
    let standing = app.coach().standing();
    let shortest_rules = variants[2].chars().count();
    let right = standing
        .iter()
        .flat_map(|s| [s.long(), s.short()])
        .flatten()
        .map(|practice| format!(" {practice} · ? help · q quit "))
        .find(|r| r.chars().count() + shortest_rules <= usize::from(area.width))
        .unwrap_or_else(|| " ? help · q quit ".to_owned());
    let right_width = u16::try_from(right.chars().count()).unwrap_or(0);
    let room = usize::from(area.width.saturating_sub(right_width));
    let left = variants
        .into_iter()
        .find(|l| l.chars().count() <= room)
        .unwrap_or_else(|| " Blackjack".to_owned());
    let [left_area, right_area] =
        Layout::horizontal([Constraint::Fill(1), Constraint::Length(right_width)]).areas(area);
    Paragraph::new(Line::from(Span::styled(left, theme.header))).render(left_area, buf);
    Paragraph::new(Line::from(Span::styled(right, theme.dim)))
        .alignment(Alignment::Right)
        .render(right_area, buf);
}

/// The seats side by side, centred, under a blank row.
fn render_seats(app: &App, area: Rect, buf: &mut Buffer) {
    let n = u16::try_from(app.seats.len()).unwrap_or(1).max(1);
    let width = (area.width / n).min(MAX_SEAT_WIDTH);
    if width == 0 {
        return;
    }
    let gap = u16::from(area.height > 6);
    let height = area.height - gap;
    let x0 = area.x + (area.width - width * n) / 2;
    for seat in 0..app.seats.len() {
        let i = u16::try_from(seat).unwrap_or(0);
        let rect = Rect::new(x0 + i * width, area.y + gap, width, height);
        render_seat(app, seat, rect, buf);
    }
}
