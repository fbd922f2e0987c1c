//! The app's background work taken in: the strategy (and with it the AI seats' strategies),
//! this game's index table (and with it the counter seats' index plays), and the exact EVs the
//! live panel and the grading ask for. See [`super`] for why nothing slow runs in
//! [`App::update`].

use std::sync::Arc;

use super::{App, LivePanel, Tone};
use crate::analysis::Strategy;
use crate::analysis::deviation::IndexTable;
use crate::trainer::evs::{EvQuery, LiveEvs};
use crate::tui::background::{EvWorker, Job};

/// The work done beside the table.
pub(crate) struct Jobs {
    /// The variant's basic strategy: hints, grading, the chart screen, the hard seat, drills.
    pub(crate) strategy: Job<Arc<Strategy>>,
    /// This game's index table, worked out once wanted.
    pub(crate) indices: Option<Job<IndexTable>>,
    /// Exact EVs of single hands, computed on a worker thread.
    pub(crate) evs: EvWorker,
    /// Wait for background work inside the update that asks for it (scripted tests).
    pub(crate) wait: bool,
    /// The planner page's model, worked out once the page is first opened.
    pub(crate) plan: PlanJobs,
}

/// The planner page's background work and where it saves.
pub(crate) struct PlanJobs {
    /// What the page starts from: the model's work, the config file, the saved plan.
    pub(crate) setup: crate::setup::PlanSetup,
    /// The model, once asked for.
    pub(crate) model: Option<Job<crate::tui::plan_page::ModelResult>>,
}

impl Jobs {
    /// This game's index table, once worked out.
    pub(crate) fn index_table(&self) -> Option<&IndexTable> {
        self.indices.as_ref().and_then(|slot| slot.get())
    }
}

/// The live EV panel.
pub(crate) struct EvPanel {
    /// Open (beside the table on a wide terminal, over the log otherwise).
    pub(crate) open: bool,
    /// What it shows, brought up to date by every update.
    pub(crate) shows: LivePanel,
}

impl App {
    /// Takes in whatever background work has finished.
    pub(crate) fn collect_background(&mut self) {
        if self.jobs.strategy.poll() {
            self.install_seat_strategies();
        }
        let wait = self.jobs.wait;
        let (arrived, failures) = match &mut self.jobs.indices {
            // Scripted tests: work under way is waited for, so every frame is fixed by the
            // keys.
            Some(slot) if wait && slot.is_pending() => {
                slot.wait();
                (true, slot.take_failures())
            }
            Some(slot) => (slot.poll(), slot.take_failures()),
            None => (false, Vec::new()),
        };
        if arrived {
            let news = self.session.indices_arrived(self.jobs.index_table());
            self.take_in(news);
        }
        if arrived && self.session.has_counter_seat() {
            // The counters play the table from now on.
            self.session.forget_counter_strategies();
            self.install_seat_strategies();
        }
        self.jobs.evs.poll();
        self.poll_plan();
        // A worker that panicked was caught and its work is being done again: say so.
        let failures: Vec<_> = failures
            .into_iter()
            .chain(self.jobs.strategy.take_failures())
            .chain(self.jobs.evs.take_failures())
            .collect();
        for failure in failures {
            self.say(Tone::Error, failure.to_string());
        }
    }

    /// The strategy, waited for if it has not arrived (it seldom has not, by the first deal).
    pub(crate) fn ensure_strategy(&mut self) -> Arc<Strategy> {
        let strategy = Arc::clone(self.jobs.strategy.wait());
        self.install_seat_strategies();
        strategy
    }

    /// Gives every AI seat still waiting its strategy (the hard one plays the computed chart,
    /// a counter this game's index table once it is ready and the table's ramp).
    pub(crate) fn install_seat_strategies(&mut self) {
        if let Some(strategy) = self.jobs.strategy.get() {
            let indices = self.jobs.index_table();
            self.session.install_seat_strategies(strategy, indices);
        }
    }

    /// The live EVs the open panel wants: the active hand, with every card seen since the shuffle.
    pub(crate) fn live_query(&self) -> Option<EvQuery> {
        if !self.live.open || self.drill().is_some() {
            return None;
        }
        let session = &self.session;
        EvQuery::live(session.rules(), &session.table().view(session.your_seat()))
    }

    /// Asks for what the state now needs (the EV panel's numbers, the EVs that will grade the
    /// person's next decision or drill answer) and brings the EV panel up to date.
    pub(crate) fn refresh_background(&mut self) {
        let live = self.live_query();
        // Ask ahead for the EVs that grade the next decision, so grading need not wait (and
        // the hint quotes them). Both are waited for where the app waits (a scripted run).
        let session = &self.session;
        let grading = (self.drill().is_none() && session.your_turn())
            .then(|| session.grading_query(self.jobs.index_table().is_some()))
            .flatten();
        for query in live.iter().chain(grading.as_ref().map(|(query, _)| query)) {
            if self.jobs.wait {
                self.jobs.evs.wait_for(query);
            } else {
                self.jobs.evs.request(query);
            }
        }
        if let Some(query) = self.drill_question_query() {
            self.jobs.evs.request(&query);
        }
        self.live.shows = match live {
            None => LivePanel::NoHand,
            Some(query) => match (self.jobs.evs.get(&query), self.jobs.strategy.get()) {
                (Some(evs), Some(strategy)) => {
                    let view = self.session.table().view(self.session.your_seat());
                    LiveEvs::new(evs, &strategy.chart, &view)
                        .map_or(LivePanel::NoHand, LivePanel::Ready)
                }
                _ => LivePanel::Computing,
            },
        };
    }
}
