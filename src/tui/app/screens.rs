//! The table's side of its screens: opening the drills, the review and the chart's cursor,
//! handing them their keys with what they need from the session, and the view data they
//! draw. Each screen's own state and its `update` are in its module ([`super::super::drill`],
//! [`super::super::review`], [`super::super::chart_cursor`]).

use std::collections::VecDeque;

use super::{App, Overlay, Screen, Tone};
use crate::analysis::chart::Cell;
use crate::trainer::drills::decision::DecisionDrill;
use crate::trainer::drills::kinds::DrillKind;
use crate::trainer::evs::EvQuery;
use crate::tui::drill::{
    DecisionScreen, DrillContext, DrillScreen, DrillStep, note, peek_cells_record, record_text,
};
use crate::tui::intent::{DrillIntent, ReviewIntent};
use crate::tui::review::{ReviewKey, ReviewScreen, ReviewStep};
use crate::tui::widgets::drill::count_drills::{CountdownView, QuizView};
use crate::tui::widgets::drill::{ChooserView, CountView, DecisionView, DrillView};

impl App {
    /// The drill chooser's view data, while it is up.
    pub(crate) fn chooser_view(&self) -> Option<ChooserView<'_>> {
        let Some(DrillScreen::Chooser { selected, note }) = self.drill() else {
            return None;
        };
        let coach = self.session.coach();
        let tally = coach.history();
        let today = coach.today();
        let (here, peek) = (self.strategy(), self.peek_strategy());
        let records = DrillKind::ALL
            .into_iter()
            .map(|kind| match kind {
                DrillKind::NoHoleCard => {
                    peek_cells_record(here.map(|s| &**s), peek.as_deref(), &tally)
                }
                kind => record_text(&tally, kind, today),
            })
            .collect();
        Some(ChooserView {
            selected: *selected,
            records,
            note: note.as_ref(),
            count: &self.session.count_system().name,
        })
    }

    /// The drill screen's view data, while a drill (not the chooser) is on screen.
    pub(crate) fn drill_view(&self) -> Option<DrillView<'_>> {
        Some(match self.drill()? {
            DrillScreen::Chooser { .. } => return None,
            DrillScreen::Decision(screen) => DrillView::Decision(DecisionView {
                drill: &screen.drill,
                answers: &screen.answers,
                note: screen.note.as_ref(),
                why: screen.why.as_deref(),
            }),
            DrillScreen::Count(screen) => DrillView::Count(CountView {
                drill: &screen.drill,
                round: screen.round_on_screen(),
                answers: &screen.answers,
                note: screen.note.as_ref(),
                input: &screen.input,
                pace: screen.pace,
                dealing: screen.dealing(),
                asking: screen.asking(),
            }),
            DrillScreen::Quiz(screen) => DrillView::Quiz(QuizView {
                quiz: &screen.quiz,
                input: &screen.input,
                last: screen.last.as_ref(),
                note: screen.note.as_ref(),
                review: screen.review,
            }),
            DrillScreen::Countdown(screen) => DrillView::Countdown(CountdownView {
                run: &screen.run,
                flash: &screen.flash,
                started: screen.started.is_some(),
                input: &screen.input,
                result: screen.result.as_ref(),
                note: screen.note.as_ref(),
                pace: screen.pace,
                best: screen.best,
                surprise: screen.surprise,
            }),
        })
    }

    /// `r` at the table: the drill chooser.
    pub(crate) fn open_drills(&mut self) {
        self.table_screen.overlay = None;
        // The deviations drill asks about this game's index plays: start working them out.
        if let Some(slot) = &mut self.jobs.indices {
            slot.start();
        }
        self.screen = Screen::Drill(DrillScreen::Chooser { selected: 0, note: None });
    }

    /// "Practise this" from the review: a decision drill on `cell` alone. Refused, with the
    /// reason, for a cell no two-card hand makes.
    pub(crate) fn practise_cell(&mut self, cell: Cell) -> Result<(), String> {
        self.drills_started += 1;
        let seed = self.session.seed() ^ self.drills_started.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let drill = DecisionDrill::for_cell(
            cell,
            self.session.rules(),
            seed,
            self.session.coach().history(),
        )
        .ok_or_else(|| {
            format!(
                "{} cannot be dealt as a two-card hand, so there is no drill for it.",
                cell.label()
            )
        })?;
        self.table_screen.overlay = None;
        self.screen = Screen::Drill(DrillScreen::Decision(Box::new(DecisionScreen {
            drill,
            answers: VecDeque::new(),
            asked_at: (self.pace.clock)(),
            note: note(
                Tone::Info,
                format!("Practising {}: Esc goes back to the table.", cell.label()),
            ),
            why: None,
        })));
        Ok(())
    }

    /// The EVs that will grade the drill question on screen.
    pub(crate) fn drill_question_query(&self) -> Option<EvQuery> {
        match self.drill() {
            Some(DrillScreen::Decision(screen)) => {
                Some(EvQuery::question(self.session.rules(), screen.drill.question()))
            }
            _ => None,
        }
    }

    /// A drill screen's intent: help and statistics open over the drill; the rest go to it.
    pub(crate) fn drill_update(&mut self, intent: DrillIntent) {
        match intent {
            DrillIntent::ToggleHelp => self.table_screen.toggle(Overlay::Help),
            DrillIntent::ToggleStats => self.toggle_stats(),
            _ => self.drill_screen_update(intent),
        }
        self.refresh_background();
        self.derive();
    }

    /// Hands `intent` to the drill on screen, with what a drill needs from the table.
    fn drill_screen_update(&mut self, intent: DrillIntent) {
        let strategy = self.ensure_strategy();
        // A drill being started asks where the charts differ; a graded answer's reason
        // compares with the American chart.
        let peek = self.peek_strategy();
        let mut screen = match self.take_screen() {
            Screen::Drill(screen) => screen,
            other => {
                self.screen = other;
                return;
            }
        };
        let now = (self.pace.clock)();
        let (rules, coach, seed, ramp, system) = self.session.drill_parts();
        let mut ctx = DrillContext {
            rules,
            strategy: &strategy,
            coach,
            evs: &mut self.jobs.evs,
            now,
            seed,
            drills_started: &mut self.drills_started,
            indices: self.jobs.indices.as_ref().and_then(|slot| slot.get()),
            ramp,
            system,
            peek,
        };
        let (messages, stays) = match screen.update(intent, &mut ctx) {
            DrillStep::Stay => (Vec::new(), true),
            DrillStep::Leave(messages) => (messages, false),
            DrillStep::Choose(messages) => (messages, true),
        };
        for m in messages {
            self.log.push(m);
        }
        if stays {
            self.screen = Screen::Drill(screen);
        }
    }

    /// The chart's selected cell: the cursor's, else the hand in play's (if any).
    pub fn chart_selection(&self) -> Option<Cell> {
        self.table_screen.chart_selection(self.live_cell())
    }

    /// `v` at the table: the review, on the newest round.
    pub(crate) fn open_review(&mut self) {
        if self.session.count_hidden() {
            // Each hand's count and its graded index plays would tell the count: the exam
            // keeps the review until the count is shown.
            self.say(
                Tone::Info,
                "The review shows each hand's count: c shows the count first (counting mode \
                 hides it).",
            );
            return;
        }
        self.table_screen.overlay = None;
        self.screen = Screen::Review(ReviewScreen::open(self.session.coach().hand_history()));
    }

    /// The review on screen, if any.
    pub fn review(&self) -> Option<&ReviewScreen> {
        match &self.screen {
            Screen::Review(review) => Some(review),
            _ => None,
        }
    }

    /// Takes the screen that is up, leaving the table.
    fn take_screen(&mut self) -> Screen {
        std::mem::replace(&mut self.screen, Screen::Table)
    }

    /// A review screen's intent: its keys, or the help over it.
    pub(crate) fn review_update(&mut self, intent: ReviewIntent) {
        match intent {
            ReviewIntent::Review(key) => {
                self.review_key(key);
                self.refresh_background();
                self.derive();
                return;
            }
            ReviewIntent::ToggleHelp => self.table_screen.toggle(Overlay::Help),
            ReviewIntent::ClosePanel => self.table_screen.close_panel(),
        }
        self.finish_update();
    }

    /// A key on the review screen.
    fn review_key(&mut self, key: ReviewKey) {
        let mut screen = match self.take_screen() {
            Screen::Review(screen) => screen,
            other => {
                self.screen = other;
                return;
            }
        };
        match screen.update(key, self.session.coach().hand_history()) {
            ReviewStep::Stay => self.screen = Screen::Review(screen),
            ReviewStep::Close => {}
            ReviewStep::Practise(cell) => {
                if let Err(text) = self.practise_cell(cell) {
                    screen.note = note(Tone::Error, text);
                    self.screen = Screen::Review(screen);
                }
            }
        }
    }
}
