//! The panic hook while the table is on screen.
//!
//! A panic on the thread that draws the table gives the terminal back first and then reports
//! as usual, so the message lands on the normal screen where it can be read. A panic on any
//! other thread — a background worker, or a thread the analysis starts — must not write over
//! the table: the hook prints nothing and keeps the message instead. The worker that caught the
//! panic reports it in its own words ([`take_this_threads`] gives it where it happened), and
//! `play` prints everything kept ([`take_kept`]) once the terminal is given back.

use std::any::Any;
use std::cell::RefCell;
use std::panic::PanicHookInfo;
use std::sync::Mutex;
use std::thread;

/// How many messages are kept at most (the oldest go first).
const KEPT_AT_MOST: usize = 16;

thread_local! {
    /// This thread's last panic message, as the hook saw it.
    static THIS_THREADS: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Every kept message, oldest first.
static KEPT: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Installs the hook over whatever hook was there. The calling thread is the one that draws:
/// a panic there runs `restore` and then the earlier hook. A panic on any other thread prints
/// nothing; its message is kept.
pub fn install(restore: fn()) {
    let drawing = thread::current().id();
    let earlier = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if thread::current().id() == drawing {
            restore();
            earlier(info);
        } else {
            keep(describe(info));
        }
    }));
}

/// This thread's last panic message as the hook kept it (with the thread's name and where it
/// happened), if the hook is installed and saw one.
pub fn take_this_threads() -> Option<String> {
    THIS_THREADS.try_with(|last| last.borrow_mut().take()).ok().flatten()
}

/// Every message kept from other threads than the drawing one, oldest first (emptied).
pub fn take_kept() -> Vec<String> {
    std::mem::take(&mut *KEPT.lock().unwrap_or_else(|poisoned| poisoned.into_inner()))
}

/// The text a panic carried (`panic!` with a literal or a format), or a placeholder.
pub fn payload_text(payload: &(dyn Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_owned()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic without a message".to_owned()
    }
}

fn describe(info: &PanicHookInfo<'_>) -> String {
    let thread = thread::current();
    let name = thread.name().unwrap_or("unnamed");
    let place =
        info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
    format!("thread '{name}' panicked{place}: {}", payload_text(info.payload()))
}

fn keep(message: String) {
    // `try_with`: a panic while the thread's locals are torn down must not panic again here.
    let _ = THIS_THREADS.try_with(|last| *last.borrow_mut() = Some(message.clone()));
    let mut kept = KEPT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    kept.push(message);
    if kept.len() > KEPT_AT_MOST {
        let extra = kept.len() - KEPT_AT_MOST;
        kept.drain(..extra);
    }
}
