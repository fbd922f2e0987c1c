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
//!
//! A panic inside the work is caught on the worker ([`std::panic::catch_unwind`]); the quiet
//! panic hook ([`super::panic_hook`]) keeps its message off the screen. It is reported as a
//! [`WorkerFailure`] (`take_failures`, for the message log) and the work is done again: once
//! more on a worker, and if that fails too, on the caller's thread.

use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::time::Duration;

use crate::analysis::{HandEvs, Strategy, basic_strategy};
use crate::engine::Rules;
use crate::engine::card::value_label;
use crate::trainer::evs::EvQuery;

use super::panic_hook;

/// How often the event loop looks for finished work while some is pending.
pub const POLL_INTERVAL: Duration = Duration::from_millis(30);

/// How many EV results are kept.
const CACHE_SIZE: usize = 64;

/// What a worker sends back: the result, or the message of the panic that stopped the work.
type Attempt<T> = Result<T, String>;

/// The app's ends of the worker's two channels: queries out, results back.
type WorkerLink = (Sender<EvQuery>, Receiver<(EvQuery, Attempt<HandEvs>)>);

/// The panic test workers raise on purpose.
const ON_PURPOSE: &str = "a test worker panics on purpose";

/// Background work that panicked. The panic was caught and kept off the screen, and the work is
/// being done again. Its `Display` is the line for the message log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkerFailure {
    /// What was being worked out: "the strategy", "the EVs of T,6 against T".
    pub work: String,
    /// The panic's message, with the thread and the place when the quiet hook saw it.
    pub panic: String,
}

impl fmt::Display for WorkerFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Working out {} failed in the background ({}); working it out again.",
            self.work, self.panic
        )
    }
}

/// Runs `work`, turning a panic into its message.
pub(crate) fn caught<T>(work: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(work)).map_err(|payload| {
        panic_hook::take_this_threads()
            .unwrap_or_else(|| format!("panicked: {}", panic_hook::payload_text(&*payload)))
    })
}

/// The basic strategy of the loaded rules, worked out on a thread of its own.
pub struct StrategySlot {
    rules: Rules,
    ready: Option<Arc<Strategy>>,
    pending: Option<Receiver<Attempt<Arc<Strategy>>>>,
    /// Fresh threads still allowed after a failed attempt.
    retries: u8,
    /// Tests: how many attempts still panic on purpose.
    sabotage: u8,
    failures: Vec<WorkerFailure>,
}

impl StrategySlot {
    /// Starts working out the strategy for `rules` on another thread.
    pub fn start(rules: &Rules) -> StrategySlot {
        StrategySlot::start_with(rules, None, 0)
    }

    /// Tests: a slot whose thread starts only when `gate` says so.
    #[cfg(test)]
    pub(crate) fn gated(rules: &Rules, gate: Receiver<()>) -> StrategySlot {
        StrategySlot::start_with(rules, Some(gate), 0)
    }

    /// Tests: a slot whose first `panics` attempts panic on purpose.
    #[cfg(test)]
    pub(crate) fn sabotaged(rules: &Rules, panics: u8) -> StrategySlot {
        StrategySlot::start_with(rules, None, panics)
    }

    fn start_with(rules: &Rules, gate: Option<Receiver<()>>, sabotage: u8) -> StrategySlot {
        let mut slot = StrategySlot {
            rules: rules.clone(),
            ready: None,
            pending: None,
            retries: 1,
            sabotage,
            failures: Vec::new(),
        };
        slot.pending = slot.spawn(gate);
        slot
    }

    /// One attempt on a thread of its own; `None` if no thread could be started.
    fn spawn(&mut self, gate: Option<Receiver<()>>) -> Option<Receiver<Attempt<Arc<Strategy>>>> {
        let (tx, rx) = mpsc::channel();
        let owned = self.rules.clone();
        let on_purpose = self.sabotage > 0;
        self.sabotage = self.sabotage.saturating_sub(1);
        let spawned = std::thread::Builder::new()
            .name("strategy".to_owned())
            .spawn(move || {
                if let Some(gate) = gate {
                    let _ = gate.recv();
                }
                let attempt = caught(|| {
                    assert!(!on_purpose, "{ON_PURPOSE}");
                    basic_strategy(&owned)
                });
                // The receiver may be gone (the app closed first): nothing to do then.
                let _ = tx.send(attempt);
                // Then the peek game's chart, which the reasons compare with; they read it
                // once it is there (a panic here only leaves it out).
                let _ = caught(|| crate::analysis::strategy::peek_strategy(&owned));
            });
        spawned.is_ok().then_some(rx)
    }

    /// Takes the strategy if it has arrived; `true` if it arrived just now. After a failed
    /// attempt it is tried once more on a thread, and then worked out here.
    pub fn poll(&mut self) -> bool {
        let Some(rx) = &self.pending else {
            return false;
        };
        match rx.try_recv() {
            Ok(Ok(strategy)) => {
                self.ready = Some(strategy);
                self.pending = None;
                true
            }
            Err(TryRecvError::Empty) => false,
            Ok(Err(panic)) => {
                self.failed(panic);
                self.ready.is_some()
            }
            Err(TryRecvError::Disconnected) => {
                self.failed("the thread stopped without an answer".to_owned());
                self.ready.is_some()
            }
        }
    }

    /// Notes a failed attempt and starts the next: on a fresh thread while retries last, else
    /// here and now.
    fn failed(&mut self, panic: String) {
        self.failures.push(WorkerFailure {
            work: "the strategy".to_owned(),
            panic,
        });
        self.pending = None;
        if self.retries > 0 {
            self.retries -= 1;
            self.pending = self.spawn(None);
        }
        if self.pending.is_none() {
            self.ready = Some(basic_strategy(&self.rules));
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
        loop {
            if let Some(ready) = &self.ready {
                return Arc::clone(ready);
            }
            match self.pending.as_ref().map(Receiver::recv) {
                Some(Ok(Ok(strategy))) => {
                    self.ready = Some(strategy);
                    self.pending = None;
                }
                Some(Ok(Err(panic))) => self.failed(panic),
                Some(Err(_)) => self.failed("the thread stopped without an answer".to_owned()),
                None => self.ready = Some(basic_strategy(&self.rules)),
            }
        }
    }

    /// The failed attempts since the last call, oldest first (for the message log).
    pub fn take_failures(&mut self) -> Vec<WorkerFailure> {
        std::mem::take(&mut self.failures)
    }
}

/// A worker thread computing exact EVs, and the cache of its answers.
pub struct EvWorker {
    rules: Rules,
    channel: Option<WorkerLink>,
    started: bool,
    /// Tests: the worker computes one job per message on this channel.
    gate: Option<Receiver<()>>,
    /// Tests: how many jobs panic on purpose.
    sabotage: usize,
    cache: HashMap<EvQuery, HandEvs>,
    order: VecDeque<EvQuery>,
    in_flight: HashSet<EvQuery>,
    /// Queries that failed once and were sent again; a second failure computes them here.
    retried: HashSet<EvQuery>,
    failures: Vec<WorkerFailure>,
}

impl EvWorker {
    /// A worker for `rules`; its thread starts with the first request.
    pub fn new(rules: &Rules) -> EvWorker {
        EvWorker {
            rules: rules.clone(),
            channel: None,
            started: false,
            gate: None,
            sabotage: 0,
            cache: HashMap::new(),
            order: VecDeque::new(),
            in_flight: HashSet::new(),
            retried: HashSet::new(),
            failures: Vec::new(),
        }
    }

    /// Tests: a worker that computes one job each time `gate` receives a message.
    #[cfg(test)]
    pub(crate) fn gated(rules: &Rules, gate: Receiver<()>) -> EvWorker {
        let mut worker = EvWorker::new(rules);
        worker.gate = Some(gate);
        worker
    }

    /// Tests: a worker whose first `panics` jobs panic on purpose, each let through by `gate`.
    #[cfg(test)]
    pub(crate) fn sabotaged(rules: &Rules, gate: Receiver<()>, panics: usize) -> EvWorker {
        let mut worker = EvWorker::gated(rules, gate);
        worker.sabotage = panics;
        worker
    }

    fn start(&mut self) {
        self.started = true;
        let (job_tx, job_rx) = mpsc::channel::<EvQuery>();
        let (done_tx, done_rx) = mpsc::channel();
        let rules = self.rules.clone();
        let gate = self.gate.take();
        let mut sabotage = self.sabotage;
        let spawned = std::thread::Builder::new()
            .name("ev-worker".to_owned())
            .spawn(move || {
                while let Ok(query) = job_rx.recv() {
                    if let Some(gate) = &gate {
                        let _ = gate.recv();
                    }
                    let on_purpose = sabotage > 0;
                    sabotage = sabotage.saturating_sub(1);
                    // A panic ends this job, not the thread: the next job runs as ever.
                    let attempt = caught(|| {
                        assert!(!on_purpose, "{ON_PURPOSE}");
                        query.compute(&rules)
                    });
                    if done_tx.send((query, attempt)).is_err() {
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
        let mut any = false;
        for (query, attempt) in arrived {
            any |= self.take_in(query, attempt);
        }
        if dead {
            self.worker_died();
        }
        any
    }

    /// Takes in one answer of the worker; `true` if it brought EVs.
    fn take_in(&mut self, query: EvQuery, attempt: Attempt<HandEvs>) -> bool {
        self.in_flight.remove(&query);
        match attempt {
            Ok(evs) => {
                self.retried.remove(&query);
                self.store(query, evs);
                true
            }
            Err(panic) => {
                self.failures.push(WorkerFailure {
                    work: describe(&query),
                    panic,
                });
                if self.retried.insert(query.clone()) {
                    self.request(&query);
                    self.cache.contains_key(&query)
                } else {
                    // Twice: here, slower but certain (a panic every time shows on this
                    // thread, as any bug in the drawing thread does).
                    self.retried.remove(&query);
                    let evs = query.compute(&self.rules);
                    self.store(query, evs);
                    true
                }
            }
        }
    }

    /// The thread is gone: what it held is asked for again, here (a later request computes
    /// on the caller's thread too).
    fn worker_died(&mut self) {
        self.channel = None;
        if !self.in_flight.is_empty() {
            self.failures.push(WorkerFailure {
                work: "the EVs".to_owned(),
                panic: "the worker thread stopped".to_owned(),
            });
        }
        self.in_flight.clear();
    }

    /// The failed jobs since the last call, oldest first (for the message log).
    pub fn take_failures(&mut self) -> Vec<WorkerFailure> {
        std::mem::take(&mut self.failures)
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
                Some((done, attempt)) => {
                    self.take_in(done, attempt);
                }
                None => self.worker_died(),
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

/// "the EVs of T,6 against T", for a failure's message.
fn describe(query: &EvQuery) -> String {
    let hand: Vec<&str> = query.hand.iter().map(|&v| value_label(v)).collect();
    format!(
        "the EVs of {} against {}",
        hand.join(","),
        value_label(query.up)
    )
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

    /// Polls `done` until it holds, or fails after a while.
    fn poll_until(mut done: impl FnMut() -> bool) {
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        while !done() {
            assert!(std::time::Instant::now() < deadline, "the result arrives");
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn a_panicking_ev_job_is_reported_and_computed_again() {
        let rules = Rules::default();
        let (open, gate) = mpsc::channel();
        let mut worker = EvWorker::sabotaged(&rules, gate, 1);
        let a = query(&[10, 6], 10);
        worker.request(&a);
        open.send(()).expect("the worker listens");
        // The first attempt panics; the job is sent again and waits at the gate.
        poll_until(|| {
            worker.poll();
            !worker.failures.is_empty()
        });
        assert!(worker.is_pending(), "asked again, not dropped");
        assert!(worker.get(&a).is_none());
        open.send(()).expect("the worker lives on after the panic");
        poll_until(|| worker.poll() || worker.get(&a).is_some());
        assert_eq!(worker.get(&a), Some(&a.compute(&rules)));
        assert!(!worker.is_pending());
        let failures = worker.take_failures();
        assert_eq!(failures.len(), 1, "{failures:?}");
        assert_eq!(failures[0].work, "the EVs of T,6 against T");
        assert!(failures[0].panic.contains(ON_PURPOSE), "{failures:?}");
        let line = failures[0].to_string();
        assert!(line.contains("working it out again"), "{line}");
        assert!(
            worker.take_failures().is_empty(),
            "each failure is reported once"
        );
    }

    #[test]
    fn an_ev_job_that_panics_twice_is_computed_on_the_caller() {
        let rules = Rules::default();
        let (open, gate) = mpsc::channel();
        let mut worker = EvWorker::sabotaged(&rules, gate, 2);
        let a = query(&[9, 2], 6);
        for _ in 0..2 {
            open.send(()).expect("the worker listens");
        }
        assert_eq!(worker.wait_for(&a), a.compute(&rules));
        assert_eq!(worker.take_failures().len(), 2);
        // The worker still answers the next job.
        let b = query(&[8, 8], 6);
        open.send(()).expect("the worker listens");
        assert_eq!(worker.wait_for(&b), b.compute(&rules));
        assert!(worker.take_failures().is_empty());
    }

    #[test]
    fn a_panicking_strategy_thread_is_reported_and_started_again() {
        let rules = Rules::default();
        let mut slot = StrategySlot::sabotaged(&rules, 1);
        poll_until(|| slot.poll());
        let strategy = slot.get().expect("arrived");
        // By value: tests running at the same time may each have cached their own copy.
        assert!(**strategy == *basic_strategy(&rules));
        let failures = slot.take_failures();
        assert_eq!(failures.len(), 1, "{failures:?}");
        assert_eq!(failures[0].work, "the strategy");
        assert!(failures[0].panic.contains(ON_PURPOSE), "{failures:?}");
    }

    #[test]
    fn a_strategy_that_fails_twice_is_worked_out_here() {
        let rules = Rules::default();
        let mut slot = StrategySlot::sabotaged(&rules, 2);
        let strategy = slot.wait();
        assert!(*strategy == *basic_strategy(&rules));
        assert_eq!(slot.take_failures().len(), 2);
        assert!(!slot.is_pending());
    }
}
