//! The app's background work taken in: the strategy (and with it the AI seats' strategies),
//! this game's index table (and with it the counter seats' index plays), and the exact EVs the
//! live panel and the grading ask for. See [`super`] for why nothing slow runs in
//! [`App::update`].

use std::sync::Arc;

use super::{App, LivePanel, Player, Tone};
use crate::ai::Level;
use crate::analysis::Strategy;
use crate::trainer::evs::{EvQuery, LiveEvs};
use crate::tui::seat_ai::seat_strategy;

impl App {
    /// Takes in whatever background work has finished.
    pub(crate) fn collect_background(&mut self) {
        if self.strategy.poll() {
            self.install_seat_strategies();
        }
        let wait = self.wait_in_update;
        let (arrived, failures) = match &mut self.indices {
            // Scripted tests: work under way is waited for, so every frame is fixed by the
            // keys.
            Some(slot) if wait && slot.is_pending() => {
                slot.wait();
                (true, slot.take_failures())
            }
            Some(slot) => (slot.poll(), slot.take_failures()),
            None => (false, Vec::new()),
        };
        if arrived && self.counting {
            self.say(
                Tone::Info,
                "This game's index table is ready: decisions are graded by it now.",
            );
        }
        if arrived && self.has_counter_seat() {
            // The counters play the table from now on.
            for seat in &mut self.seats {
                if let Player::Ai {
                    level: Level::Counter,
                    strategy,
                } = &mut seat.player
                {
                    *strategy = None;
                }
            }
            self.install_seat_strategies();
        }
        for failure in failures {
            self.say(Tone::Error, failure.to_string());
        }
        self.evs.poll();
        // A worker that panicked was caught and its work is being done again: say so.
        let failures: Vec<_> = self
            .strategy
            .take_failures()
            .into_iter()
            .chain(self.evs.take_failures())
            .collect();
        for failure in failures {
            self.say(Tone::Error, failure.to_string());
        }
    }

    /// The strategy, waiting for it if it is not ready yet (it is started when the app is
    /// made; by the first deal it has almost always arrived).
    pub(crate) fn ensure_strategy(&mut self) -> Arc<Strategy> {
        let strategy = Arc::clone(self.strategy.wait());
        self.install_seat_strategies();
        strategy
    }

    /// Gives every AI seat still waiting its strategy (the hard one plays the computed chart,
    /// a counter this game's index table once it is ready and the table's ramp).
    pub(crate) fn install_seat_strategies(&mut self) {
        let Some(strategy) = self.strategy.get().cloned() else {
            return;
        };
        let indices = self.indices.as_ref().and_then(|slot| slot.get());
        let ramp = self.ramp.clone().unwrap_or_default();
        for seat in &mut self.seats {
            if let Player::Ai {
                level,
                strategy: slot @ None,
            } = &mut seat.player
            {
                *slot = Some(Box::new(seat_strategy(
                    *level,
                    &strategy.chart,
                    indices,
                    &ramp,
                )));
            }
        }
    }

    /// Whether an AI seat counts cards.
    pub(crate) fn has_counter_seat(&self) -> bool {
        self.seats.iter().any(|s| s.level() == Some(Level::Counter))
    }

    /// The live EVs the panel wants now: the person's active hand with every card seen since
    /// the shuffle, when the panel is open.
    pub(crate) fn live_query(&self) -> Option<EvQuery> {
        if !self.show_ev || self.drill.is_some() {
            return None;
        }
        EvQuery::live(&self.rules, &self.table.view(self.you))
    }

    /// Asks for what the state now needs (the EV panel's numbers, the EVs that will grade the
    /// person's next decision or drill answer) and brings the EV panel up to date.
    pub(crate) fn refresh_background(&mut self) {
        let live = self.live_query();
        if let Some(query) = &live {
            if self.wait_in_update {
                self.evs.wait_for(query);
            } else {
                self.evs.request(query);
            }
        }
        // Ask ahead for the EVs that grade the next decision, so grading need not wait.
        if self.drill.is_none()
            && self.your_turn()
            && let Some(query) = EvQuery::table_basic(&self.rules, &self.table.view(self.you))
        {
            self.evs.request(&query);
        }
        if let Some(query) = self.drill_question_query() {
            self.evs.request(&query);
        }
        self.live = match live {
            None => LivePanel::NoHand,
            Some(query) => match (self.evs.get(&query), self.strategy.get()) {
                (Some(evs), Some(strategy)) => {
                    LiveEvs::new(evs, &strategy.chart, &self.table.view(self.you))
                        .map_or(LivePanel::NoHand, LivePanel::Ready)
                }
                _ => LivePanel::Computing,
            },
        };
    }
}
