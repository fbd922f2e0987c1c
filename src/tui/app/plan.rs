//! The table's side of the planner page ([`crate::tui::plan_page`]): opening it (and starting
//! its model), handing it its keys and what has arrived, taking its ramp into the session and
//! saving its plan.

use std::sync::Arc;

use super::{App, Overlay, Screen, Tone};
use crate::tui::background::Job;
use crate::tui::intent::PlanIntent;
use crate::tui::message::Message;
use crate::tui::plan_page::{ModelResult, PlanKey, PlanPage, PlanStep, Row};
use crate::tui::widgets::plan::PlanView;

impl App {
    /// `b` at the table: the planner page, its model started if it was not.
    pub(crate) fn open_plan(&mut self) {
        self.table_screen.overlay = None;
        let plan = &mut self.jobs.plan;
        if plan.model.is_none()
            && let Some(compute) = plan.setup.model
        {
            let rules = self.session.rules().clone();
            let system = self.session.count_system().clone();
            plan.model = Some(Job::started(
                "the planner's model",
                Arc::new(move || compute(&rules, &system).map(Arc::new)),
            ));
        }
        let mut page = PlanPage::open(self.session.rules(), plan.setup.saved.as_ref());
        self.refresh_plan(&mut page);
        self.screen = Screen::Plan(Box::new(page));
    }

    /// Plans again on `page` with what has arrived.
    fn refresh_plan(&mut self, page: &mut PlanPage) {
        let wait = self.jobs.wait;
        if let Some(job) = &mut self.jobs.plan.model {
            if wait {
                job.wait();
            } else {
                job.poll();
            }
            for failure in job.take_failures() {
                self.log.push(Message::new(Tone::Error, failure.to_string()));
            }
        }
        let unavailable: ModelResult =
            Err("The planner's model is not available at this table.".to_owned());
        let model = match &self.jobs.plan.model {
            Some(job) => job.get(),
            None => Some(&unavailable),
        };
        page.refresh(self.session.rules(), model, wait);
    }

    /// Background work of the planner page has arrived, or is awaited: plan again.
    pub(crate) fn poll_plan(&mut self) {
        if let Screen::Plan(mut page) = self.take_plan() {
            self.refresh_plan(&mut page);
            self.screen = Screen::Plan(page);
        }
    }

    /// Whether the planner page waits for background work.
    pub(crate) fn plan_pending(&self) -> bool {
        let Screen::Plan(page) = &self.screen else {
            return false;
        };
        page.is_pending() || self.jobs.plan.model.as_ref().is_some_and(Job::is_pending)
    }

    /// The planner page taken off the screen (the table left), or [`Screen::Table`] if not up.
    fn take_plan(&mut self) -> Screen {
        match std::mem::replace(&mut self.screen, Screen::Table) {
            plan @ Screen::Plan(_) => plan,
            other => {
                self.screen = other;
                Screen::Table
            }
        }
    }

    /// A planner page's intent: its keys, or the help over it.
    pub(crate) fn plan_update(&mut self, intent: PlanIntent) {
        match intent {
            PlanIntent::Plan(key) => {
                self.plan_key(key);
                self.derive();
                return;
            }
            PlanIntent::ToggleHelp => self.table_screen.toggle(Overlay::Help),
            PlanIntent::ClosePanel => self.table_screen.close_panel(),
        }
        self.finish_update();
    }

    /// A key on the planner page.
    fn plan_key(&mut self, key: PlanKey) {
        let Screen::Plan(mut page) = self.take_plan() else {
            return;
        };
        match page.update(key) {
            PlanStep::Stay => {}
            PlanStep::Close => return,
            // The model was worked out in the table's count: the ramp is by its true count.
            PlanStep::Use(ramp, saved) => match self.session.use_ramp(ramp.clone()) {
                Err(why) => page.note = Some(Message::new(Tone::Error, why)),
                Ok(()) => {
                    self.install_seat_strategies();
                    let mut said = format!("Your ramp is now {ramp}: bets are graded against it.");
                    let mut tone = Tone::Good;
                    if let Some(mut saved) = saved {
                        saved.count = Some(self.session.count_system().key.to_string());
                        let setup = &self.jobs.plan.setup;
                        match (&setup.config_path, setup.save) {
                            (None, _) | (_, None) => {
                                tone = Tone::Error;
                                said.push_str(" Not saved: there is no config file to save to.");
                            }
                            (Some(path), Some(save)) => match save(path, &saved) {
                                Ok(()) => {
                                    said.push_str(&format!(
                                        " Saved in {} ([plan]): --ramp plan plays it.",
                                        path.display()
                                    ));
                                    self.jobs.plan.setup.saved = Some(saved);
                                }
                                Err(err) => {
                                    tone = Tone::Error;
                                    said.push_str(&format!(" Not saved: {err}"));
                                }
                            },
                        }
                    }
                    self.log.push(Message::new(tone, said.clone()));
                    page.note = Some(Message::new(tone, said));
                }
            },
        }
        self.refresh_plan(&mut page);
        self.screen = Screen::Plan(page);
    }

    /// The planner page's view.
    pub(crate) fn plan_view<'a>(&'a self, page: &'a PlanPage) -> PlanView<'a> {
        let rules = self.session.rules();
        PlanView {
            rows: Row::ALL
                .iter()
                .map(|&row| (row.label(), page.inputs.value(row, rules)))
                .collect(),
            selected: page.row,
            count: self.session.count_system().name.to_string(),
            shown: &page.shown,
            note: page.note.as_ref(),
        }
    }
}
