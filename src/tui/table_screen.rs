//! The table screen's own state: the panel or question over it, the chart's cursor, the bet
//! being typed and the statistics panel's page. The session (the table, the seats, the coach,
//! the log) is the app's; this is only what the screen shows over it. [`TableScreen::update`]
//! takes the keys that change nothing else; the app hands it the rest of what they need.

use crate::analysis::chart::Cell;
use crate::tui::chart_cursor::{ChartMove, step};
use crate::tui::intent::{Overlay, TableIntent};

/// The most digits a typed bet takes (the table's largest bet has at most this many).
const MAX_BET_DIGITS: usize = 9;

/// The counts the index chart is read at: the index table's range, −10 to +15.
pub const CHART_COUNTS: (i32, i32) = (-10, 15);

/// What the table screen shows over the table.
#[derive(Debug, Default)]
pub struct TableScreen {
    /// The panel (help, statistics, chart) or question (leave? rebuy? the summary) that is up.
    pub(crate) overlay: Option<Overlay>,
    /// The chart cell the arrow keys selected (`None`: the hand in play's).
    pub(crate) chart_cursor: Option<Cell>,
    /// A bet being typed in, digit by digit.
    pub(crate) bet_entry: Option<String>,
    /// Tab presses on the statistics panel (or the course page): which of its pages it shows.
    pub(crate) stats_page: usize,
    /// The course page: its lines and the rules check asked on it.
    pub(crate) course: crate::tui::course::CoursePage,
    /// The true count the index chart reads its gains at (`+`/`-` with the chart open).
    pub(crate) chart_count: i32,
}

impl TableScreen {
    /// Handles the keys that change only this screen. `false` for every other intent.
    pub(crate) fn update(&mut self, intent: TableIntent, live: Option<Cell>) -> bool {
        match intent {
            TableIntent::BetErase => {
                if let Some(entry) = &mut self.bet_entry {
                    entry.pop();
                    if entry.is_empty() {
                        self.bet_entry = None;
                    }
                }
            }
            TableIntent::BetCancel => self.bet_entry = None,
            TableIntent::PanelPage => self.stats_page = self.stats_page.wrapping_add(1),
            TableIntent::ClosePanel => self.close_panel(),
            TableIntent::ToggleHelp => self.toggle(Overlay::Help),
            TableIntent::ChartMove(movement) => self.move_cursor(live, movement),
            TableIntent::AskQuit => self.overlay = Some(Overlay::ConfirmQuit),
            _ => return false,
        }
        true
    }

    /// Closes the panel that is up; a question stays (only its answers close it).
    pub(crate) fn close_panel(&mut self) {
        if !self.question_up() {
            self.overlay = None;
        }
    }

    /// Opens `overlay`, or closes it if it is up.
    pub(crate) fn toggle(&mut self, overlay: Overlay) {
        self.overlay = (self.overlay != Some(overlay)).then_some(overlay);
    }

    /// Whether a question (leave? rebuy? the summary) is up: play waits for it, not for a panel.
    pub(crate) fn question_up(&self) -> bool {
        self.overlay.is_some_and(Overlay::is_modal)
    }

    /// Help and statistics make way when a key acts on the table; the chart stays, marking
    /// the new hand.
    pub(crate) fn make_way_for_play(&mut self) {
        if matches!(self.overlay, Some(Overlay::Help | Overlay::Stats | Overlay::Course)) {
            self.overlay = None;
        }
    }

    /// A digit of a typed bet (the app checks first that a bet may be placed).
    pub(crate) fn bet_digit(&mut self, digit: char) {
        let entry = self.bet_entry.get_or_insert_with(String::new);
        if entry.len() < MAX_BET_DIGITS {
            entry.push(digit);
        }
    }

    /// The chart cell selected: the cursor's, else `live` (the hand in play's), if any.
    pub(crate) fn chart_selection(&self, live: Option<Cell>) -> Option<Cell> {
        self.chart_cursor.or(live)
    }

    /// Opens or closes the chart; opened, its cursor starts on the hand in play's cell.
    pub(crate) fn toggle_chart(&mut self) {
        self.toggle(Overlay::Chart);
        self.chart_cursor = None;
    }

    /// Moves the chart's cursor by an arrow key, from the selected cell.
    fn move_cursor(&mut self, live: Option<Cell>, movement: ChartMove) {
        match movement {
            ChartMove::CountUp => self.chart_count = (self.chart_count + 1).min(CHART_COUNTS.1),
            ChartMove::CountDown => self.chart_count = (self.chart_count - 1).max(CHART_COUNTS.0),
            _ => self.chart_cursor = Some(step(self.chart_selection(live), movement)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_bet_takes_at_most_nine_digits_and_erases_away() {
        let mut screen = TableScreen::default();
        for _ in 0..12 {
            screen.bet_digit('9');
        }
        assert_eq!(screen.bet_entry.as_deref(), Some("999999999"));
        for _ in 0..9 {
            assert!(screen.update(TableIntent::BetErase, None));
        }
        assert_eq!(screen.bet_entry, None, "the last digit erased ends the entry");
    }

    #[test]
    fn esc_closes_a_panel_but_not_a_question() {
        let mut screen = TableScreen::default();
        screen.toggle(Overlay::Help);
        screen.update(TableIntent::ClosePanel, None);
        assert_eq!(screen.overlay, None);
        screen.update(TableIntent::AskQuit, None);
        screen.update(TableIntent::ClosePanel, None);
        assert_eq!(screen.overlay, Some(Overlay::ConfirmQuit), "only y or n answer it");
        assert!(screen.question_up());
    }

    #[test]
    fn play_closes_help_and_statistics_but_keeps_the_chart() {
        let mut screen = TableScreen::default();
        screen.toggle(Overlay::Stats);
        screen.make_way_for_play();
        assert_eq!(screen.overlay, None);
        screen.toggle_chart();
        screen.make_way_for_play();
        assert_eq!(screen.overlay, Some(Overlay::Chart));
    }
}
