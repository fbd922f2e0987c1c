//! What the person (or a timer) asks of the table: an [`Intent`] for every key, and the
//! [`Overlay`] that may be up. Keys become intents in [`super::input`]; the app's `update`
//! turns them into changes of state.

use super::chart::ChartMove;
use super::plan_page::PlanKey;
use super::review::ReviewKey;
use crate::engine::Action;
use crate::trainer::drill::DrillKind;

/// What the person (or the pacing timer) asked for. Keys become intents in
/// [`crate::tui::input::intent_for`]; every change of state goes through `App::update`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intent {
    /// Take this action with the active hand.
    Act(Action),
    /// Deal the next round.
    Deal,
    /// Raise the bet by one unit (between rounds).
    BetUp,
    /// Lower the bet by one unit (between rounds).
    BetDown,
    /// Raise the bet by five units (between rounds).
    BetUpFive,
    /// Lower the bet by five units (between rounds).
    BetDownFive,
    /// A digit of a bet typed in (between rounds).
    BetDigit(char),
    /// Erase the last digit of the bet typed in.
    BetErase,
    /// Place the bet typed in.
    BetEnter,
    /// Forget the bet typed in.
    BetCancel,
    /// Scroll the message log back a page.
    LogBack,
    /// Scroll the message log towards the newest line by a page.
    LogOn,
    /// Scroll the message log back a few lines (mouse wheel).
    LogBackLines,
    /// Scroll the message log on a few lines (mouse wheel).
    LogOnLines,
    /// Close the panel on screen (help, statistics, chart).
    ClosePanel,
    /// The panel's other page (the statistics' figures or heat map, on a short terminal).
    PanelPage,
    /// Turn strategy hints on or off.
    ToggleHints,
    /// Open or close the help overlay.
    ToggleHelp,
    /// Open or close the live EV panel.
    ToggleEv,
    /// Open or close the statistics screen.
    ToggleStats,
    /// Open or close the strategy chart.
    ToggleChart,
    /// Move the chart's cursor (an arrow key with the chart open).
    ChartMove(ChartMove),
    /// Show or hide the Hi-Lo count.
    ToggleCount,
    /// Open or close the course page.
    ToggleCourse,
    /// Start the rules check on the course page.
    StartRulesCheck,
    /// Pause the table's pace, or go on at it.
    TogglePace,
    /// Ask to leave: opens the confirmation.
    AskQuit,
    /// Leaving confirmed: hands in play are played out by basic strategy and settled, then
    /// the session summary shows.
    ConfirmQuit,
    /// Out of money: buy in again with the session's starting bankroll.
    Rebuy,
    /// Stay at the table.
    CancelQuit,
    /// Leave now (Ctrl-C, or any key on the summary).
    Exit,
    /// Skip the wait: AI seats and the dealer play on at once to the next decision.
    Skip,
    /// The pacing timer fired: one AI action or one dealer step.
    Tick,
    /// A key that means nothing here.
    Unknown(char),
    /// Nothing changes; draw again (after a resize).
    Redraw,
    /// Open the drill chooser.
    OpenDrills,
    /// Start a drill of this kind.
    ChooseDrill(DrillKind),
    /// Move the chooser's mark up.
    MenuUp,
    /// Move the chooser's mark down.
    MenuDown,
    /// Start the drill the chooser marks.
    MenuChoose,
    /// Answer the drill question with this action.
    DrillAnswer(Action),
    /// A character of a running-count answer (a digit or a sign).
    CountKey(char),
    /// Erase the last character of the running-count answer.
    CountErase,
    /// Give the running-count answer.
    CountSubmit,
    /// Deal the next round of the counting quiz.
    NextRound,
    /// Leave the drill for the table (with its summary in the messages).
    LeaveDrill,
    /// Background work may have finished: pick it up and draw again.
    Poll,
    /// Open the review of the hand history.
    OpenReview,
    /// A key on the review screen.
    Review(ReviewKey),
    /// Open the planner page ("bets & bankroll").
    OpenPlan,
    /// A key on the planner page.
    Plan(PlanKey),
}

/// A screen drawn over the table. The help, statistics and chart are panels: the action keys
/// still act while they are open. The others are questions that wait for their answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlay {
    /// The keys.
    Help,
    /// Session and lifetime statistics with the error heat map.
    Stats,
    /// The variant's strategy chart with the current cell marked.
    Chart,
    /// "Leave the table?"
    ConfirmQuit,
    /// The bankroll is spent: buy in again, or leave.
    Broke,
    /// The session summary, shown on the way out.
    Summary,
    /// The counting course: every stage, where the learner stands, what to do next; the
    /// rules check on it.
    Course,
}

impl Overlay {
    /// Whether the overlay is a question the table waits on (leave? rebuy? the summary) rather
    /// than a panel beside play.
    pub fn is_modal(self) -> bool {
        matches!(
            self,
            Overlay::ConfirmQuit | Overlay::Broke | Overlay::Summary
        )
    }
}
