//! Drawing: the screen's view data (built by the app, exactly what is shown) laid out and
//! handed to the widgets. Nothing here reads the app, the clock or the analysis, so a frame is
//! fixed by its view (as the snapshots need); what the layout decided is handed back ([`Drawn`]).

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::log::Log;
use super::widgets::Ctx;
use super::widgets::chart::{ChartView, render_chart};
use super::widgets::dealer::{self, render_dealer};
use super::widgets::drill::{ChooserView, DrillView, render_chooser, render_drill};
use super::widgets::overlay::{
    BrokeView, render_broke, render_confirm_quit, render_help, render_summary, render_too_small,
};
use super::widgets::plan::{PlanView, render_plan};
use super::widgets::review::{ReviewView, render_review};
use super::widgets::seat::{SeatPanel, render_seats};
use super::widgets::side::{self, CountView, LivePanel};
use super::widgets::status::{StatusView, render_messages, render_status, status_height};
use super::widgets::trainer::{StatsView, render_stats};
use crate::engine::DealerHand;

/// The narrowest terminal the table is drawn in.
pub const MIN_WIDTH: u16 = 60;
/// The shortest terminal the table is drawn in.
pub const MIN_HEIGHT: u16 = 20;
/// The widest a seat panel grows.
const MAX_SEAT_WIDTH: u16 = 36;

/// Whether the table can be drawn in `area` (else the screen asks for a bigger terminal, and
/// no key acts on the table unseen: [`super::input::intent_when_too_small`]).
pub fn fits(area: Rect) -> bool {
    area.width >= MIN_WIDTH && area.height >= MIN_HEIGHT
}

/// A frame's view data.
pub struct View<'a> {
    /// The screen.
    pub screen: ScreenView<'a>,
    /// A panel or question over it, if one is open.
    pub panel: Option<PanelView<'a>>,
    /// A timed drill is running (and pauses while the terminal is too small).
    pub timed: bool,
}

/// The screen under any panel.
pub enum ScreenView<'a> {
    /// The table.
    Table(TableView<'a>),
    /// The table, with the drill chooser over it.
    Chooser(TableView<'a>, ChooserView<'a>),
    /// A drill.
    Drill(DrillView<'a>),
    /// The review of the hand history.
    Review(ReviewView<'a>),
    /// The planner page.
    Plan(PlanView<'a>),
}

/// A panel or a question over the screen.
pub enum PanelView<'a> {
    /// The keys.
    Help(Vec<String>),
    /// "Leave the table?", with whether hands are in play.
    Quit(bool),
    /// The bankroll is spent.
    Broke(BrokeView),
    /// The session summary's rows.
    Summary(Vec<(String, String)>),
    /// The statistics.
    Stats(Box<StatsView>),
    /// The strategy chart.
    Chart(ChartView<'a>),
    /// The course page.
    Course(crate::tui::widgets::course::CourseView),
}

/// The table screen's view data.
pub struct TableView<'a> {
    /// The header's left part, longest form first (the first that fits is drawn).
    pub title: [String; 4],
    /// Spaced practice in words, long then short, once anything was practised.
    pub practice: Option<(String, String)>,
    /// The dealer's visible hand.
    pub dealer: &'a DealerHand,
    /// The dealer is playing.
    pub dealer_playing: bool,
    /// The seats.
    pub seats: Vec<SeatPanel<'a>>,
    /// The message log.
    pub log: &'a Log,
    /// The live EV panel, when it is open.
    pub ev: Option<&'a LivePanel>,
    /// The count, when it is shown.
    pub count: Option<CountView>,
    /// The status lines (with the count in them where it has no panel).
    pub status: StatusView<'a>,
    /// The discard tray, drawn over the cleared table while a check asks the decks left.
    pub tray: Option<super::widgets::drill::tray::TrayView>,
}

/// What drawing decided that the state needs to know.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Drawn {
    /// Rows of the message log on the table screen (0 when it is not drawn).
    pub log_rows: u16,
}

/// Draws `view` into `area` with `ctx`; returns what the layout decided.
pub fn render(view: &mut View<'_>, ctx: Ctx, area: Rect, buf: &mut Buffer) -> Drawn {
    if !fits(area) {
        render_too_small((MIN_WIDTH, MIN_HEIGHT), view.timed, ctx, area, buf);
        return Drawn::default();
    }
    let mut drawn = Drawn::default();
    match &mut view.screen {
        ScreenView::Table(table) => drawn = render_table(table, ctx, area, buf),
        ScreenView::Chooser(table, chooser) => {
            drawn = render_table(table, ctx, area, buf);
            render_chooser(chooser, ctx, area, buf);
        }
        ScreenView::Drill(drill) => render_drill(drill, ctx, area, buf),
        ScreenView::Review(review) => render_review(review, ctx, area, buf),
        ScreenView::Plan(plan) => render_plan(plan, ctx, area, buf),
    }
    match &view.panel {
        None => {}
        Some(PanelView::Help(lines)) => render_help(lines, ctx, area, buf),
        Some(PanelView::Quit(in_play)) => render_confirm_quit(*in_play, ctx, area, buf),
        Some(PanelView::Broke(broke)) => render_broke(*broke, ctx, area, buf),
        Some(PanelView::Summary(rows)) => render_summary(rows, ctx, area, buf),
        Some(PanelView::Stats(stats)) => render_stats(stats, ctx, area, buf),
        Some(PanelView::Chart(chart)) => render_chart(chart, ctx, area, buf),
        Some(PanelView::Course(course)) => {
            crate::tui::widgets::course::render_course(course, ctx, area, buf)
        }
    }
    if ctx.ascii {
        asciify(area, buf);
    }
    drawn
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
            let plain = crate::text::ascii_for(cell.symbol()).to_owned();
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
/// The rows of the live EV panel beside the table.
const EV_PANEL_HEIGHT: u16 = 8;
/// The rows of the count panel beside the table.
const COUNT_PANEL_HEIGHT: u16 = 8;
/// The fewest rows the message log keeps.
const MIN_MESSAGES: u16 = 3;

/// Lays the table screen out and draws it. On a wide terminal the open EV and count panels
/// take a column on the right; narrower, the EV panel sits beside the message log and the
/// count takes a status line. The status lines take the rows their hint needs, the message log
/// what is left (never fewer than [`MIN_MESSAGES`]).
fn render_table(view: &mut TableView<'_>, ctx: Ctx, area: Rect, buf: &mut Buffer) -> Drawn {
    const HEADER: u16 = 1;
    let wide = area.width >= SIDE_PANELS_MIN_WIDTH;
    view.status.count = view.count.clone().filter(|_| !wide);
    let (show_ev, show_count) = (view.ev.is_some(), view.count.is_some());
    let dealer_height = if area.height >= 28 { dealer::TALL_HEIGHT } else { dealer::SHORT_HEIGHT };
    let status_wanted = status_height(&view.status, ctx, area.width);
    // The seats take what the hands of the busiest seat need as boxed cards; the status
    // lines what their hint needs; the messages the rest, and never fewer than three rows.
    let seats_height = seats_wanted(&view.seats, area.height);
    let below_seats = area.height.saturating_sub(HEADER + dealer_height + seats_height);
    let status = status_wanted.min(below_seats.saturating_sub(MIN_MESSAGES).max(5));
    let [body, status_area] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(status)]).areas(area);
    let (main, side) = if wide && (show_ev || show_count) {
        let [main, side] =
            Layout::horizontal([Constraint::Fill(1), Constraint::Length(SIDE_WIDTH)]).areas(body);
        (main, Some(side))
    } else {
        (body, None)
    };
    let room = main.height.saturating_sub(HEADER + dealer_height);
    let seats_height = seats_height.min(room.saturating_sub(MIN_MESSAGES));
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
            let ev_height = if show_ev { EV_PANEL_HEIGHT } else { 0 };
            let count_height = if show_count { COUNT_PANEL_HEIGHT } else { 0 };
            let [_, ev, count] = Layout::vertical([
                Constraint::Length(HEADER),
                Constraint::Length(ev_height),
                Constraint::Length(count_height),
            ])
            .areas(side);
            (log, show_ev.then_some(ev), show_count.then_some(count))
        }
        None if show_ev => {
            let [log, ev] = Layout::horizontal([
                Constraint::Fill(1),
                Constraint::Length(EV_BESIDE_LOG_WIDTH.min(log.width / 2)),
            ])
            .areas(log);
            (log, Some(ev), None)
        }
        None => (log, None, None),
    };
    render_header(view, ctx, header, buf);
    render_dealer(view.dealer, view.dealer_playing, ctx, dealer_area, buf);
    render_seats(&view.seats, MAX_SEAT_WIDTH, ctx, seats, buf);
    render_messages(view.log, ctx, log, buf);
    if let Some(tray) = view.tray {
        // Over the dealer's and the seats' rows: the cards are cleared before the deal.
        let table = dealer_area.union(seats);
        super::widgets::drill::tray::render_table_tray(ctx, tray, table, buf);
    }
    if let (Some(area), Some(live)) = (ev, view.ev) {
        side::render_ev_panel(live, ctx, area, buf);
    }
    if let (Some(area), Some(count)) = (count, &view.count) {
        side::render_count_panel(count, ctx, area, buf);
    }
    render_status(&view.status, ctx, status_area, buf);
    Drawn { log_rows: log.height.saturating_sub(1) }
}

/// Rows for the seats: a blank row, then panels with room for every hand of the busiest
/// seat as boxed cards — two at least where the terminal is tall, so that a split does not
/// move the table; one on a short terminal, where every row counts.
fn seats_wanted(seats: &[SeatPanel<'_>], height: u16) -> u16 {
    let fewest = if height >= 30 { 2 } else { 1 };
    let most_hands = seats.iter().map(|s| s.hands.len()).max().unwrap_or(1).max(fewest);
    1 + 2 + 4 * u16::try_from(most_hands).unwrap_or(4)
}

/// The rules on the left, the spaced practice and the keys on the right, each in the longest
/// form that fits beside the other.
fn render_header(view: &TableView<'_>, ctx: Ctx, area: Rect, buf: &mut Buffer) {
    let theme = ctx.theme;
    // Beside the practice, three blank columns at least: flush, the two read as one phrase
    // ("blackjack pays 3:2 3 cells due today", "counting mode 0 cells due today").
    const GAP: usize = 2;
    let shortest_rules = view.title[3].chars().count() + GAP;
    let practice = view
        .practice
        .iter()
        .flat_map(|(long, short)| [long, short])
        .map(|practice| format!(" {practice} · ? help · q quit "))
        .find(|r| r.chars().count() + shortest_rules <= usize::from(area.width));
    let gap = if practice.is_some() { GAP } else { 0 };
    let right = practice.unwrap_or_else(|| " ? help · q quit ".to_owned());
    let right_width = u16::try_from(right.chars().count()).unwrap_or(0);
    let room = usize::from(area.width.saturating_sub(right_width));
    let left = view
        .title
        .iter()
        .find(|l| l.chars().count() + gap <= room)
        .cloned()
        .unwrap_or_else(|| " Blackjack".to_owned());
    let [left_area, right_area] =
        Layout::horizontal([Constraint::Fill(1), Constraint::Length(right_width)]).areas(area);
    Paragraph::new(Line::from(Span::styled(left, theme.header))).render(left_area, buf);
    Paragraph::new(Line::from(Span::styled(right, theme.dim)))
        .alignment(Alignment::Right)
        .render(right_area, buf);
}
