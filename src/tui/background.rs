//! Work the table hands to other threads so that no frame waits on the analysis.
//!
//! - [`StrategySlot`]: the variant's basic strategy (a few tenths of a second), started when the
//!   app is made. Whatever needs the chart asks [`StrategySlot::wait`], which by then has almost
//!   always long returned.
//! - [`EvWorker`]: exact EVs of single hands ([`EvQuery`]), computed by one worker thread in the
//!   order asked and kept in a small cache keyed by the query. A result that arrives after the
//!   hand has moved on is simply cached; the app only ever shows the result for the query it
//!   wants now, so a stale answer is never drawn.
//!
//! Results are picked up by `poll` calls from the app's `update` (the event loop wakes up every
//! [`POLL_INTERVAL`] while something is pending). If a thread cannot be started, or dies, the
//! work is done on the caller's thread instead: slower, never wrong.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::time::Duration;

use crate::analysis::{HandEvs, Strategy, basic_strategy};
use crate::engine::Rules;
use crate::trainer::evs::EvQuery;

/// How often the event loop looks for finished work while some is pending.
pub const POLL_INTERVAL: Duration = Duration::from_millis(30);

/// How many EV results are kept.
const CACHE_SIZE: usize = 64;

/// The app's ends of the worker's two channels: queries out, results back.
type WorkerLink = (Sender<EvQuery>, Receiver<(EvQuery, HandEvs)>);

/// The basic strategy of the loaded rules, worked out on a thread of its own.
pub struct StrategySlot {
    rules: Rules,
    ready: Option<Arc<Strategy>>,
    pending: Option<Receiver<Arc<Strategy>>>,
}

impl StrategySlot {
    /// Starts working out the strategy for `rules` on another thread.
    pub fn start(rules: &Rules) -> StrategySlot {
        StrategySlot::start_gated(rules, None)
    }

    /// Tests: a slot whose thread starts only when `gate` says so.
    #[cfg(test)]
    pub(crate) fn gated(rules: &Rules, gate: Receiver<()>) -> StrategySlot {
        StrategySlot::start_gated(rules, Some(gate))
    }

    fn start_gated(rules: &Rules, gate: Option<Receiver<()>>) -> StrategySlot {
        let (tx, rx) = mpsc::channel();
        let owned = rules.clone();
        let spawned = std::thread::Builder::new()
            .name("strategy".to_owned())
            .spawn(move || {
                if let Some(gate) = gate {
                    let _ = gate.recv();
                }
                // The receiver may be gone (the app closed first): nothing to do then.
                let _ = tx.send(basic_strategy(&owned));
            });
        StrategySlot {
            rules: rules.clone(),
            ready: None,
            pending: spawned.is_ok().then_some(rx),
        }
    }

    /// Takes the strategy if it has arrived; `true` if it arrived just now.
    pub fn poll(&mut self) -> bool {
        let Some(rx) = &self.pending else {
            return false;
        };
        match rx.try_recv() {
            Ok(strategy) => {
                self.ready = Some(strategy);
                self.pending = None;
                true
            }
            Err(TryRecvError::Empty) => false,
            // The thread died: the next `wait` computes it here.
            Err(TryRecvError::Disconnected) => {
                self.pending = None;
                false
            }
        }
    }

    /// The strategy, if it is ready.
    pub fn get(&self) -> Option<&Arc<Strategy>> {
        self.ready.as_ref()
    }

    /// Whether it is still being worked out.
    pub fn is_pending(&self) -> bool {
        self.ready.is_none()
    }

    /// The strategy, waiting for it if need be.
    pub fn wait(&mut self) -> Arc<Strategy> {
        if let Some(ready) = &self.ready {
            return Arc::clone(ready);
        }
        let strategy = match self.pending.take().map(|rx| rx.recv()) {
            Some(Ok(strategy)) => strategy,
            _ => basic_strategy(&self.rules),
        };
        self.ready = Some(Arc::clone(&strategy));
        strategy
    }
}

/// A worker thread computing exact EVs, and the cache of its answers.
pub struct EvWorker {
    rules: Rules,
    channel: Option<WorkerLink>,
    started: bool,
    /// Tests: the worker computes one job per message on this channel.
    gate: Option<Receiver<()>>,
    cache: HashMap<EvQuery, HandEvs>,
    order: VecDeque<EvQuery>,
    in_flight: HashSet<EvQuery>,
}

impl EvWorker {
    /// A worker for `rules`; its thread starts with the first request.
    pub fn new(rules: &Rules) -> EvWorker {
        EvWorker {
            rules: rules.clone(),
            channel: None,
            started: false,
            gate: None,
            cache: HashMap::new(),
            order: VecDeque::new(),
            in_flight: HashSet::new(),
        }
    }

    /// Tests: a worker that computes one job each time `gate` receives a message.
    #[cfg(test)]
    pub(crate) fn gated(rules: &Rules, gate: Receiver<()>) -> EvWorker {
        let mut worker = EvWorker::new(rules);
        worker.gate = Some(gate);
        worker
    }

    fn start(&mut self) {
        self.started = true;
        let (job_tx, job_rx) = mpsc::channel::<EvQuery>();
        let (done_tx, done_rx) = mpsc::channel();
        let rules = self.rules.clone();
        let gate = self.gate.take();
        let spawned = std::thread::Builder::new()
            .name("ev-worker".to_owned())
            .spawn(move || {
                while let Ok(query) = job_rx.recv() {
                    if let Some(gate) = &gate {
                        let _ = gate.recv();
                    }
                    let evs = query.compute(&rules);
                    if done_tx.send((query, evs)).is_err() {
                        return;
                    }
                }
            });
        if spawned.is_ok() {
            self.channel = Some((job_tx, done_rx));
        }
    }

    /// Asks for `query` to be computed unless it is known or on its way.
    pub fn request(&mut self, query: &EvQuery) {
        if self.cache.contains_key(query) || self.in_flight.contains(query) {
            return;
        }
        if !self.started {
            self.start();
        }
        let sent = match &self.channel {
            Some((tx, _)) => tx.send(query.clone()).is_ok(),
            None => false,
        };
        if sent {
            self.in_flight.insert(query.clone());
        } else {
            // No worker: compute here.
            self.channel = None;
            let evs = query.compute(&self.rules);
            self.store(query.clone(), evs);
        }
    }

    /// Picks up every finished result; `true` if any arrived.
    pub fn poll(&mut self) -> bool {
        let mut arrived = Vec::new();
        let mut dead = false;
        if let Some((_, rx)) = &self.channel {
            loop {
                match rx.try_recv() {
                    Ok(done) => arrived.push(done),
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => {
                        dead = true;
                        break;
                    }
                }
            }
        }
        let any = !arrived.is_empty();
        for (query, evs) in arrived {
            self.in_flight.remove(&query);
            self.store(query, evs);
        }
        if dead {
            self.channel = None;
            self.in_flight.clear();
        }
        any
    }

    /// The EVs of `query`, if computed.
    pub fn get(&self, query: &EvQuery) -> Option<&HandEvs> {
        self.cache.get(query)
    }

    /// Whether some result is still to come.
    pub fn is_pending(&self) -> bool {
        !self.in_flight.is_empty()
    }

    /// The EVs of `query`, waiting for the worker (or computing here) if need be.
    pub fn wait_for(&mut self, query: &EvQuery) -> HandEvs {
        if let Some(evs) = self.cache.get(query) {
            return *evs;
        }
        self.request(query);
        while self.in_flight.contains(query) {
            let received = match &self.channel {
                Some((_, rx)) => rx.recv().ok(),
                None => None,
            };
            match received {
                Some((done, evs)) => {
                    self.in_flight.remove(&done);
                    self.store(done, evs);
                }
                None => {
                    self.channel = None;
                    self.in_flight.clear();
                }
            }
        }
        if let Some(evs) = self.cache.get(query) {
            return *evs;
        }
        let evs = query.compute(&self.rules);
        self.store(query.clone(), evs);
        evs
    }

    fn store(&mut self, query: EvQuery, evs: HandEvs) {
        if self.cache.insert(query.clone(), evs).is_none() {
            self.order.push_back(query);
        }
        while self.order.len() > CACHE_SIZE {
            if let Some(old) = self.order.pop_front() {
                self.cache.remove(&old);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::HandContext;

    fn query(hand: &[u8], up: u8) -> EvQuery {
        EvQuery::basic(
            &Rules::default(),
            hand.to_vec(),
            up,
            HandContext {
                hands: 1,
                ..HandContext::default()
            },
        )
    }

    #[test]
    fn the_worker_answers_what_was_asked_and_caches_it() {
        let rules = Rules::default();
        let mut worker = EvWorker::new(&rules);
        let a = query(&[10, 6], 10);
        let b = query(&[8, 8], 6);
        worker.request(&a);
        worker.request(&b);
        worker.request(&a);
        assert_eq!(worker.wait_for(&b), b.compute(&rules));
        assert_eq!(worker.wait_for(&a), a.compute(&rules));
        assert!(!worker.is_pending());
        assert!(worker.get(&a).is_some() && worker.get(&b).is_some());
    }

    #[test]
    fn results_turn_up_through_poll() {
        let rules = Rules::default();
        let mut worker = EvWorker::new(&rules);
        let a = query(&[5, 6], 6);
        worker.request(&a);
        assert!(worker.is_pending() || worker.get(&a).is_some());
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        while worker.get(&a).is_none() {
            assert!(std::time::Instant::now() < deadline, "the worker answers");
            worker.poll();
            std::thread::sleep(Duration::from_millis(2));
        }
        assert!(!worker.is_pending());
    }

    #[test]
    fn the_cache_stays_small() {
        let rules = Rules::default();
        let mut worker = EvWorker::new(&rules);
        for up in 1..=10u8 {
            for a in 2..=9u8 {
                worker.wait_for(&query(&[a, 10], up));
            }
        }
        assert!(worker.cache.len() <= CACHE_SIZE);
        assert_eq!(worker.cache.len(), worker.order.len());
    }

    #[test]
    fn the_strategy_slot_hands_over_the_shared_strategy() {
        let rules = Rules::default();
        let mut slot = StrategySlot::start(&rules);
        let strategy = slot.wait();
        assert!(!slot.is_pending());
        assert!(Arc::ptr_eq(&strategy, &basic_strategy(&rules)));
        assert!(slot.get().is_some());
        assert!(!slot.poll(), "nothing more to arrive");
    }
}
