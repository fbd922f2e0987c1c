//! What the person (or a timer) asks of the app: an [`Intent`] for every key, the intents
//! each screen takes ([`TableIntent`], [`QuestionIntent`], [`DrillIntent`], [`ReviewIntent`],
//! [`PlanIntent`], [`SharedIntent`]), and the [`Overlay`] that may be up. Keys become a
//! screen's intents in [`super::input`]; the app's `update` hands each screen only its own.

use super::chart_cursor::ChartMove;
use super::plan_page::PlanKey;
use super::review::ReviewKey;
use crate::engine::Action;
use crate::trainer::drills::kinds::DrillKind;

/// What the person (or the pacing timer) asked for: every intent of every screen, as the event
/// loop and a test script send them. Keys become intents in
/// [`crate::tui::input::intent_for`]; every change of state goes through `App::update`, which
/// hands the screen on view only the intents it takes (a screen's own enum, below) and drops
/// the rest.
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
    /// Skip the count check asked before the deal (Esc): the deal goes on.
    SkipCheck,
}

/// Declares the intents one screen takes: an enum of some of [`Intent`]'s variants, under
/// the same names, with `From<Screen> for Intent` and `Screen::of(Intent)` (`None`: not this
/// screen's). A variant with a value names a binding for it: `Act(action: Action)`.
macro_rules! screen_intents {
    (
        $(#[$meta:meta])*
        $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident $(($bind:ident : $field:ty))? ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $name {
            $( $(#[$vmeta])* $variant $(($field))? ),*
        }

        impl From<$name> for Intent {
            fn from(intent: $name) -> Intent {
                match intent {
                    $( $name::$variant $(($bind))? => Intent::$variant $(($bind))? ),*
                }
            }
        }

        impl $name {
            /// `intent`, if this screen takes it.
            pub fn of(intent: Intent) -> Option<$name> {
                match intent {
                    $( Intent::$variant $(($bind))? => Some($name::$variant $(($bind))?), )*
                    _ => None,
                }
            }
        }
    };
}

screen_intents! {
    /// What every screen takes alike: the timers, a redraw and leaving at once.
    SharedIntent {
        /// The pacing timer fired: the table's seats and dealer play on at its pace.
        Tick,
        /// Background work may have finished: pick it up and draw again.
        Poll,
        /// Nothing changes; draw again (after a resize).
        Redraw,
        /// Leave now (Ctrl-C, or any key on the summary).
        Exit,
    }
}

screen_intents! {
    /// What the table takes, with its panels (help, statistics, chart, EVs, the course page)
    /// and the count check asked before a deal. The questions over it take
    /// [`QuestionIntent`]s.
    TableIntent {
        /// Take this action with the active hand.
        Act(action: Action),
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
        BetDigit(digit: char),
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
        ChartMove(movement: ChartMove),
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
        Unknown(key: char),
        /// Open the drill chooser.
        OpenDrills,
        /// Open the review of the hand history.
        OpenReview,
        /// Open the planner page.
        OpenPlan,
        /// A character of the answer to a count check or the rules check.
        CountKey(key: char),
        /// Erase the last character of that answer.
        CountErase,
        /// Give that answer.
        CountSubmit,
        /// Skip the count check asked before the deal.
        SkipCheck,
    }
}

screen_intents! {
    /// What a question over the table takes: leave? (yes or no), the bankroll spent (buy in
    /// again, or ask to leave). The summary takes any key as [`SharedIntent::Exit`].
    QuestionIntent {
        /// Leaving confirmed.
        ConfirmQuit,
        /// Stay at the table.
        CancelQuit,
        /// Buy in again.
        Rebuy,
        /// Ask to leave (from the bankroll question).
        AskQuit,
    }
}

screen_intents! {
    /// What the drill screens take: the chooser's keys, the answers, the typed counts, the
    /// drill's clock, help and statistics over it, and the ways out.
    DrillIntent {
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
        ChooseDrill(kind: DrillKind),
        /// Answer the question with this action.
        DrillAnswer(action: Action),
        /// A character of a typed answer.
        CountKey(key: char),
        /// Erase the last character of the typed answer.
        CountErase,
        /// Give the typed answer.
        CountSubmit,
        /// The next round, or the next card.
        NextRound,
        /// The drill's other setting: the pace, or the cards a flash.
        PanelPage,
        /// The drill's clock: the next card at its pace.
        Tick,
        /// A key the drill explains.
        Unknown(key: char),
    }
}

screen_intents! {
    /// What the review takes: its own keys, and the help over it.
    ReviewIntent {
        /// A key of the review.
        Review(key: ReviewKey),
        /// Open or close the help over the review.
        ToggleHelp,
        /// Close the help over the review.
        ClosePanel,
    }
}

screen_intents! {
    /// What the planner page takes: its own keys, and the help over it.
    PlanIntent {
        /// A key of the planner page.
        Plan(key: PlanKey),
        /// Open or close the help over the page.
        ToggleHelp,
        /// Close the help over the page.
        ClosePanel,
    }
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
