//! What the person (or a timer) asks of the app: the intents each screen takes
//! ([`TableIntent`], [`QuestionIntent`], [`DrillIntent`], [`ReviewIntent`], [`PlanIntent`],
//! and [`SharedIntent`] for every screen), the [`Intent`] that carries one of them to the app,
//! and the [`Overlay`] that may be up. Keys become a screen's intents in [`super::input`].

use super::chart_cursor::ChartMove;
use super::plan_page::PlanKey;
use super::review::ReviewKey;
use crate::engine::Action;
use crate::trainer::drills::kinds::DrillKind;

/// One screen's intent, as the event loop and a test script send it to `App::update`, which
/// hands it to that screen if it is on view (a question over the table takes the
/// [`QuestionIntent`]s) and drops it otherwise; every screen takes the [`SharedIntent`]s.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intent {
    /// For the table, its panels and its count check.
    Table(TableIntent),
    /// For the question over the table.
    Question(QuestionIntent),
    /// For a drill or the drill chooser.
    Drill(DrillIntent),
    /// For the review.
    Review(ReviewIntent),
    /// For the planner page.
    Plan(PlanIntent),
    /// For whichever screen is up.
    Shared(SharedIntent),
}

/// `From<Screen's intent> for Intent`, so `app.update(TableIntent::Deal)` reads as it means.
macro_rules! carried {
    ($($screen:ident($inner:ident)),*) => {
        $(impl From<$inner> for Intent {
            fn from(intent: $inner) -> Intent {
                Intent::$screen(intent)
            }
        })*
    };
}

carried!(
    Table(TableIntent),
    Question(QuestionIntent),
    Drill(DrillIntent),
    Review(ReviewIntent),
    Plan(PlanIntent),
    Shared(SharedIntent)
);

/// What every screen takes alike: the timers, a redraw and leaving at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SharedIntent {
    /// The pacing timer fired: the table's seats and dealer play on at its pace.
    Tick,
    /// Background work may have finished: pick it up and draw again.
    Poll,
    /// Nothing changes; draw again (after a resize).
    Redraw,
    /// Leave now (Ctrl-C, or any key on the summary).
    Exit,
}

/// What the table takes, with its panels and the count check asked before a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableIntent {
    /// Take this action with the active hand.
    Act(Action),
    /// Deal the next round.
    Deal,
    /// Raise the bet by one unit.
    BetUp,
    /// Lower the bet by one unit.
    BetDown,
    /// Raise the bet by five units.
    BetUpFive,
    /// Lower the bet by five units.
    BetDownFive,
    /// A digit of a bet typed in.
    BetDigit(char),
    /// Erase the last digit of the bet typed in.
    BetErase,
    /// Place the bet typed in.
    BetEnter,
    /// Forget the bet typed in.
    BetCancel,
    /// Scroll the message log back a page.
    LogBack,
    /// Scroll the message log on a page.
    LogOn,
    /// Scroll the message log back a few lines (mouse wheel).
    LogBackLines,
    /// Scroll the message log on a few lines (mouse wheel).
    LogOnLines,
    /// Close the panel on screen.
    ClosePanel,
    /// The panel's other page.
    PanelPage,
    /// Turn strategy hints on or off.
    ToggleHints,
    /// Open or close the help.
    ToggleHelp,
    /// Open or close the live EV panel.
    ToggleEv,
    /// Open or close the statistics.
    ToggleStats,
    /// Open or close the strategy chart.
    ToggleChart,
    /// Move the chart's cursor.
    ChartMove(ChartMove),
    /// Show or hide the count.
    ToggleCount,
    /// Open or close the course page.
    ToggleCourse,
    /// Start the rules check on the course page.
    StartRulesCheck,
    /// Pause the table's pace, or go on at it.
    TogglePace,
    /// Ask to leave: opens the confirmation.
    AskQuit,
    /// Skip the wait for the AI seats and the dealer.
    Skip,
    /// A key that means nothing here.
    Unknown(char),
    /// Open the drill chooser.
    OpenDrills,
    /// Open the review of the hand history.
    OpenReview,
    /// Open the planner page.
    OpenPlan,
    /// A character of the answer to a count check or the rules check.
    CountKey(char),
    /// Erase the last character of that answer.
    CountErase,
    /// Give that answer.
    CountSubmit,
    /// Skip the count check asked before the deal.
    SkipCheck,
}

impl TableIntent {
    /// Whether it plays at the table (an action, the deal, the bet): such a key waits while
    /// the AI seats or the dealer play (a key then skips the wait), and the panels but the
    /// chart make way for it.
    pub fn plays(self) -> bool {
        matches!(
            self,
            TableIntent::Act(_)
                | TableIntent::Deal
                | TableIntent::BetUp
                | TableIntent::BetDown
                | TableIntent::BetUpFive
                | TableIntent::BetDownFive
                | TableIntent::BetDigit(_)
        )
    }
}

/// What a question over the table takes (the summary takes any key as [`SharedIntent::Exit`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuestionIntent {
    /// Leaving confirmed: hands in play are played out by basic strategy, then the summary.
    ConfirmQuit,
    /// Stay at the table.
    CancelQuit,
    /// Buy in again with the session's starting bankroll.
    Rebuy,
    /// Ask to leave (from the bankroll question).
    AskQuit,
}

/// What the drill screens take: the chooser's keys, answers, typed counts, the clock, the ways out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrillIntent {
    /// Leave the drill for the table.
    LeaveDrill,
    /// Back to the chooser.
    OpenDrills,
    /// Open or close the help over the drill.
    ToggleHelp,
    /// Open or close the statistics over the drill.
    ToggleStats,
    /// Move the chooser's mark up.
    MenuUp,
    /// Move the chooser's mark down.
    MenuDown,
    /// Start the drill the chooser marks.
    MenuChoose,
    /// Start a drill of this kind.
    ChooseDrill(DrillKind),
    /// Answer the question with this action.
    DrillAnswer(Action),
    /// A character of a typed answer.
    CountKey(char),
    /// Erase the last character of the typed answer.
    CountErase,
    /// Give the typed answer.
    CountSubmit,
    /// The next round, or the next card.
    NextRound,
    /// The drill's other setting: the pace, or the cards a flash.
    PanelPage,
    /// The drill's clock: the next card at its pace (the [`SharedIntent::Tick`] under a drill).
    Tick,
    /// A key the drill explains.
    Unknown(char),
}

/// What the review takes: its own keys, and the help over it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewIntent {
    /// A key of the review.
    Review(ReviewKey),
    /// Open or close the help over the review.
    ToggleHelp,
    /// Close the help over the review.
    ClosePanel,
}

/// What the planner page takes: its own keys, and the help over it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlanIntent {
    /// A key of the planner page.
    Plan(PlanKey),
    /// Open or close the help over the page.
    ToggleHelp,
    /// Close the help over the page.
    ClosePanel,
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
    /// The counting course: its stages, where the learner stands, what next; its rules check.
    Course,
}

impl Overlay {
    /// Whether it is a question the table waits on (leave? rebuy? the summary), not a panel.
    pub fn is_modal(self) -> bool {
        matches!(self, Overlay::ConfirmQuit | Overlay::Broke | Overlay::Summary)
    }
}
