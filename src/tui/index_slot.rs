//! This game's index table, worked out on a thread of its own when first wanted (counting mode
//! at the table, the deviations drill): it takes seconds, and no frame waits for it.

use std::sync::mpsc::{self, Receiver, TryRecvError};

use super::background::{WorkerFailure, caught};
use crate::analysis::deviation::IndexTable;
use crate::engine::Rules;

/// How the table is computed (the analysis's function; tests hand in a quick one).
pub type Compute = fn(&Rules) -> IndexTable;

/// The index table: not asked for yet, on its way, or ready.
pub struct IndexSlot {
    rules: Rules,
    compute: Compute,
    ready: Option<IndexTable>,
    pending: Option<Receiver<Result<IndexTable, String>>>,
    failures: Vec<WorkerFailure>,
    /// A failed attempt is made once more; then the slot gives up and says so.
    retried: bool,
    /// Whether [`IndexSlot::poll`] waits for work under way (scripted tests).
    blocking: bool,
}

impl IndexSlot {
    /// A slot for `rules` that computes with `compute` once asked.
    pub fn new(rules: &Rules, compute: Compute) -> IndexSlot {
        IndexSlot {
            rules: rules.clone(),
            compute,
            ready: None,
            pending: None,
            failures: Vec::new(),
            retried: false,
            blocking: false,
        }
    }

    /// Makes [`IndexSlot::poll`] wait for work under way instead of looking (scripted tests:
    /// every frame is then fixed by the keys).
    pub fn set_blocking(&mut self, blocking: bool) {
        self.blocking = blocking;
    }

    /// Starts the work if it has not started (a no-op once started or ready).
    pub fn request(&mut self) {
        if self.ready.is_some() || self.pending.is_some() {
            return;
        }
        let (tx, rx) = mpsc::channel();
        let (rules, compute) = (self.rules.clone(), self.compute);
        let spawned = std::thread::Builder::new()
            .name("index table".to_owned())
            .spawn(move || {
                let _ = tx.send(caught(|| compute(&rules)));
            });
        match spawned {
            Ok(_) => self.pending = Some(rx),
            // No thread: worked out here, slower but never wrong.
            Err(_) => self.ready = Some((self.compute)(&self.rules)),
        }
    }

    /// Takes the table in if it has arrived; `true` if it arrived just now.
    pub fn poll(&mut self) -> bool {
        let Some(rx) = &self.pending else {
            return false;
        };
        let received = if self.blocking {
            rx.recv().map_err(|_| TryRecvError::Disconnected)
        } else {
            rx.try_recv()
        };
        let failure = match received {
            Ok(Ok(table)) => {
                self.ready = Some(table);
                self.pending = None;
                return true;
            }
            Err(TryRecvError::Empty) => return false,
            Ok(Err(panic)) => panic,
            Err(TryRecvError::Disconnected) => "the thread stopped without an answer".to_owned(),
        };
        self.failures.push(WorkerFailure {
            work: "this game's index table".to_owned(),
            panic: failure,
        });
        self.pending = None;
        if !self.retried {
            self.retried = true;
            self.request();
        }
        false
    }

    /// The table, if it is ready.
    pub fn get(&self) -> Option<&IndexTable> {
        self.ready.as_ref()
    }

    /// Whether it is being worked out now.
    pub fn is_pending(&self) -> bool {
        self.pending.is_some()
    }

    /// The failed attempts since the last call (for the message log).
    pub fn take_failures(&mut self) -> Vec<WorkerFailure> {
        std::mem::take(&mut self.failures)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quick(_: &Rules) -> IndexTable {
        crate::analysis::deviation::illustrious_18()
    }

    #[test]
    fn the_table_is_computed_once_asked_and_arrives_by_polling() {
        let mut slot = IndexSlot::new(&Rules::default(), quick);
        assert!(
            slot.get().is_none() && !slot.is_pending(),
            "nothing until asked"
        );
        slot.request();
        let start = std::time::Instant::now();
        while !slot.poll() {
            assert!(start.elapsed().as_secs() < 10, "the table never came");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert_eq!(slot.get().map(|t| t.plays.len()), Some(17));
        slot.request();
        assert!(!slot.is_pending(), "ready: not computed again");
    }
}
