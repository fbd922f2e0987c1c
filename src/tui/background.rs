//! Work the table hands to other threads so that no frame waits on the analysis: a [`Job`]
//! each for the strategy, the index table and every hand's exact EVs ([`EvWorker`], with a
//! small cache). The app `poll`s for results and `wait`s where it cannot go on without one.
//! A panic in the work is caught (the quiet hook, [`super::panic_hook`], keeps it off the
//! screen), reported ([`WorkerFailure`]) and the work started once more; failed again, or
//! with no thread to be had, it is done on the caller's thread: slower, never wrong.

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;

use crate::analysis::counts::CountSystem;
use crate::analysis::{HandEvs, Strategy, basic_strategy};
use crate::engine::Rules;
use crate::trainer::evs::EvQuery;

use super::panic_hook;

/// How often the event loop looks for finished work while some is pending.
pub const POLL_INTERVAL: Duration = Duration::from_millis(30);

/// How many EV results are kept.
const CACHE_SIZE: usize = 64;

/// Background work that panicked and is being done again; its `Display` is the log's line.
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
fn caught<T>(work: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(work)).map_err(|payload| {
        panic_hook::take_this_threads()
            .unwrap_or_else(|| format!("panicked: {}", panic_hook::payload_text(&*payload)))
    })
}

/// The work of a job: run on its thread (again after a failure), or on the caller's.
pub type Work<T> = Arc<dyn Fn() -> T + Send + Sync>;

/// Where a job is.
enum State<T> {
    /// Not started.
    Idle,
    /// On its thread.
    Running(Receiver<Result<T, String>>),
    /// Done.
    Ready(T),
    /// Failed twice: given up (`wait` does the work here).
    GivenUp,
}

/// One piece of work on a thread of its own: started, polled, waited for, retried once.
pub struct Job<T> {
    /// What is being worked out, for a failure's message: "the strategy".
    what: String,
    work: Work<T>,
    state: State<T>,
    /// Whether the work was already started again after a failure.
    retried: bool,
    failures: Vec<WorkerFailure>,
}

impl<T: Send + 'static> Job<T> {
    /// A job that works out `what` with `work` once started.
    pub fn new(what: impl Into<String>, work: Work<T>) -> Job<T> {
        Job { what: what.into(), work, state: State::Idle, retried: false, failures: Vec::new() }
    }

    /// A job started now.
    pub fn started(what: impl Into<String>, work: Work<T>) -> Job<T> {
        let mut job = Job::new(what, work);
        job.start();
        job
    }

    /// Starts the work if it has not started (a no-op once started, done or given up).
    pub fn start(&mut self) {
        if matches!(self.state, State::Idle) {
            self.spawn();
        }
    }

    fn spawn(&mut self) {
        let (tx, rx) = mpsc::channel();
        let work = Arc::clone(&self.work);
        let spawned = std::thread::Builder::new().name(self.what.clone()).spawn(move || {
            // The receiver may be gone (the app closed first): nothing to do then.
            let _ = tx.send(caught(|| work()));
        });
        self.state = match spawned {
            Ok(_) => State::Running(rx),
            // No thread: worked out here, slower but never wrong.
            Err(_) => State::Ready((self.work)()),
        };
    }

    /// Takes the result in if it has arrived; `true` if it arrived just now.
    pub fn poll(&mut self) -> bool {
        let State::Running(rx) = &self.state else {
            return false;
        };
        match rx.try_recv() {
            Err(TryRecvError::Empty) => false,
            received => self.take_in(received.map_err(|_| ())),
        }
    }

    /// Takes in what the thread sent (or that it stopped); `true` if a result arrived.
    fn take_in(&mut self, received: Result<Result<T, String>, ()>) -> bool {
        let panic = match received {
            Ok(Ok(result)) => {
                self.state = State::Ready(result);
                return true;
            }
            Ok(Err(panic)) => panic,
            Err(()) => "the thread stopped without an answer".to_owned(),
        };
        self.failures.push(WorkerFailure { work: self.what.clone(), panic });
        if self.retried {
            self.state = State::GivenUp;
        } else {
            self.retried = true;
            self.spawn();
        }
        matches!(self.state, State::Ready(_))
    }

    /// The result, waited for (started if it was not; done here if the job gave up).
    pub fn wait(&mut self) -> &T {
        loop {
            match &self.state {
                State::Ready(_) => break,
                State::Idle => self.spawn(),
                State::GivenUp => self.state = State::Ready((self.work)()),
                State::Running(rx) => {
                    let received = rx.recv().map_err(|_| ());
                    self.take_in(received);
                }
            }
        }
        match &self.state {
            State::Ready(result) => result,
            _ => unreachable!("the loop above ends only when the result is ready"),
        }
    }

    /// The result, if it has arrived.
    pub fn get(&self) -> Option<&T> {
        match &self.state {
            State::Ready(result) => Some(result),
            _ => None,
        }
    }

    /// Whether the work is under way.
    pub fn is_pending(&self) -> bool {
        matches!(self.state, State::Running(_))
    }

    /// The failed attempts since the last call, oldest first (for the message log).
    pub fn take_failures(&mut self) -> Vec<WorkerFailure> {
        std::mem::take(&mut self.failures)
    }
}

/// The job that works out the variant's basic strategy for `rules` (then the peek game's,
/// which the reasons compare with; a panic there only leaves it out).
pub fn strategy_job(rules: &Rules) -> Job<Arc<Strategy>> {
    let rules = rules.clone();
    Job::started(
        "the strategy",
        Arc::new(move || {
            let strategy = basic_strategy(&rules);
            let _ = caught(|| crate::analysis::strategy::peek_strategy(&rules));
            strategy
        }),
    )
}

/// The job that works out this game's index table for `rules` with `compute`, once started.
pub fn index_job(
    rules: &Rules,
    system: &CountSystem,
    compute: crate::setup::IndexCompute,
) -> Job<crate::analysis::deviation::IndexTable> {
    let rules = rules.clone();
    let system = system.clone();
    // Hi-Lo's table (and a count read as Hi-Lo is) comes from `compute`, which the table's
    // caller chose (the cache, or a test's); any other count's from the cache or its own analysis.
    Job::new(
        "this game's index table",
        Arc::new(move || {
            if system.reads_as(&crate::analysis::counts::HI_LO) {
                compute(&rules)
            } else {
                crate::store::cache::index_table_for(&rules, &system)
            }
        }),
    )
}

/// How an EV job computes (the analysis; tests hand in one that waits for their word).
pub type EvCompute = Arc<dyn Fn(&EvQuery) -> HandEvs + Send + Sync>;

/// Exact EVs of single hands, a job each, and the cache of their answers.
pub struct EvWorker {
    compute: EvCompute,
    cache: HashMap<EvQuery, HandEvs>,
    order: VecDeque<EvQuery>,
    in_flight: HashMap<EvQuery, Job<HandEvs>>,
    failures: Vec<WorkerFailure>,
}

impl EvWorker {
    /// A worker for `rules`.
    pub fn new(rules: &Rules) -> EvWorker {
        let rules = rules.clone();
        EvWorker::with(Arc::new(move |query: &EvQuery| query.compute(&rules)))
    }

    /// A worker whose jobs compute with `compute`.
    pub fn with(compute: EvCompute) -> EvWorker {
        EvWorker {
            compute,
            cache: HashMap::new(),
            order: VecDeque::new(),
            in_flight: HashMap::new(),
            failures: Vec::new(),
        }
    }

    /// Asks for `query` to be computed unless it is known or on its way.
    pub fn request(&mut self, query: &EvQuery) {
        if self.cache.contains_key(query) || self.in_flight.contains_key(query) {
            return;
        }
        let (compute, owned) = (Arc::clone(&self.compute), query.clone());
        let job = Job::started(describe(query), Arc::new(move || compute(&owned)));
        self.in_flight.insert(query.clone(), job);
        self.settle(query);
    }

    /// Moves the job of `query` to the cache if it is done; collects its failures.
    fn settle(&mut self, query: &EvQuery) {
        let Some(job) = self.in_flight.get_mut(query) else {
            return;
        };
        self.failures.extend(job.take_failures());
        if let Some(&evs) = job.get() {
            self.in_flight.remove(query);
            self.store(query.clone(), evs);
        }
    }

    /// Picks up every finished result; `true` if any arrived.
    pub fn poll(&mut self) -> bool {
        let mut any = false;
        let queries: Vec<EvQuery> = self.in_flight.keys().cloned().collect();
        for query in queries {
            if let Some(job) = self.in_flight.get_mut(&query) {
                any |= job.poll();
                // A job that gave up is done here, when its EVs are next wanted.
                if !job.is_pending() && job.get().is_none() {
                    job.wait();
                    any = true;
                }
            }
            self.settle(&query);
        }
        any
    }

    /// The failed jobs since the last call, oldest first (for the message log).
    pub fn take_failures(&mut self) -> Vec<WorkerFailure> {
        std::mem::take(&mut self.failures)
    }

    /// The EVs of `query`, if computed.
    pub fn get(&self, query: &EvQuery) -> Option<&HandEvs> {
        self.cache.get(query)
    }

    /// The EVs of `query`, waiting for them (or computing them here) if need be.
    pub fn wait_for(&mut self, query: &EvQuery) -> HandEvs {
        if let Some(evs) = self.cache.get(query) {
            return *evs;
        }
        self.request(query);
        if let Some(job) = self.in_flight.get_mut(query) {
            job.wait();
        }
        self.settle(query);
        match self.cache.get(query) {
            Some(evs) => *evs,
            None => (self.compute)(query),
        }
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
    let hand: Vec<&str> = query.hand.iter().map(|v| v.label()).collect();
    format!("the EVs of {} against {}", hand.join(","), query.up)
}

impl crate::session::EvSource for EvWorker {
    /// The EVs of `query`, waiting for them (see [`EvWorker::wait_for`]).
    fn evs(&mut self, query: &EvQuery) -> HandEvs {
        self.wait_for(query)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;
    use crate::analysis::HandContext;
    use crate::engine::Value;

    /// The panic the test jobs raise on purpose.
    const ON_PURPOSE: &str = "a test job panics on purpose";

    impl EvWorker {
        /// Whether some result is still to come.
        fn is_pending(&self) -> bool {
            !self.in_flight.is_empty()
        }
    }

    fn query(hand: &[u8], up: u8) -> EvQuery {
        EvQuery::basic(
            &Rules::default(),
            hand.iter().map(|&v| Value::of(v)).collect(),
            Value::of(up),
            HandContext { hands: 1, ..HandContext::default() },
        )
    }

    /// Work whose first `panics` runs panic on purpose, then gives `value`.
    fn flaky(panics: usize, value: u32) -> (Work<u32>, Arc<AtomicUsize>) {
        let runs = Arc::new(AtomicUsize::new(0));
        let counted = Arc::clone(&runs);
        let work: Work<u32> = Arc::new(move || {
            let run = counted.fetch_add(1, Ordering::SeqCst);
            assert!(run >= panics, "{ON_PURPOSE}");
            value
        });
        (work, runs)
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
    fn a_job_runs_once_asked_and_its_result_arrives_by_polling() {
        let (work, runs) = flaky(0, 7);
        let mut job = Job::new("seven", work);
        assert!(job.get().is_none() && !job.is_pending(), "nothing until asked");
        job.start();
        poll_until(|| job.poll());
        assert_eq!(job.get(), Some(&7));
        job.start();
        assert!(!job.is_pending(), "done: not started again");
        assert_eq!(runs.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn a_panicking_job_is_reported_and_started_again() {
        let (work, runs) = flaky(1, 7);
        let mut job = Job::started("seven", work);
        poll_until(|| job.poll());
        assert_eq!(job.get(), Some(&7));
        let failures = job.take_failures();
        assert_eq!(failures.len(), 1, "{failures:?}");
        assert_eq!(failures[0].work, "seven");
        assert!(failures[0].panic.contains(ON_PURPOSE), "{failures:?}");
        assert!(failures[0].to_string().contains("working it out again"));
        assert!(job.take_failures().is_empty(), "each failure is reported once");
        assert_eq!(runs.load(Ordering::SeqCst), 2);
    }

    #[test]
    fn a_job_that_fails_twice_gives_up_and_wait_works_it_out_here() {
        let (work, runs) = flaky(2, 7);
        let mut job = Job::started("seven", work);
        poll_until(|| {
            job.poll();
            !job.is_pending()
        });
        assert!(job.get().is_none(), "given up after the second failure");
        assert_eq!(*job.wait(), 7);
        assert_eq!(job.take_failures().len(), 2);
        assert_eq!(runs.load(Ordering::SeqCst), 3);
    }

    #[test]
    fn the_strategy_job_hands_over_the_shared_strategy() {
        let rules = Rules::default();
        let mut job = strategy_job(&rules);
        let strategy = Arc::clone(job.wait());
        assert!(!job.is_pending());
        assert!(Arc::ptr_eq(&strategy, &basic_strategy(&rules)));
        assert!(!job.poll(), "nothing more to arrive");
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
        poll_until(|| {
            worker.poll();
            worker.get(&a).is_some()
        });
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
    fn an_ev_job_that_panics_is_reported_and_its_evs_still_come() {
        let rules = Rules::default();
        let panics = Arc::new(Mutex::new(1usize));
        let left = Arc::clone(&panics);
        let owned = rules.clone();
        let mut worker = EvWorker::with(Arc::new(move |q: &EvQuery| {
            let mut left = left.lock().expect("the count");
            if *left > 0 {
                *left -= 1;
                drop(left);
                panic!("{ON_PURPOSE}");
            }
            q.compute(&owned)
        }));
        let a = query(&[10, 6], 10);
        worker.request(&a);
        poll_until(|| {
            worker.poll();
            worker.get(&a).is_some()
        });
        assert_eq!(worker.get(&a), Some(&a.compute(&rules)));
        let failures = worker.take_failures();
        assert_eq!(failures.len(), 1, "{failures:?}");
        assert_eq!(failures[0].work, "the EVs of T,6 against T");
        assert!(failures[0].panic.contains(ON_PURPOSE), "{failures:?}");
    }
}
