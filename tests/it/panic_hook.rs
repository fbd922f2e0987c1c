//! The panic hook `play` installs: a panic on a background thread must not write over the
//! table; one on the drawing thread gives the terminal back and reports as usual.
//!
//! The hook is process-wide, so the test runs itself again as a child process (with
//! `--exact` and an environment variable) and reads what the child wrote to stderr.

use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};

use blackjack_trainer::tui::panic_hook;

const CHILD: &str = "BLACKJACK_PANIC_HOOK_CHILD";
const TEST: &str =
    "panic_hook::a_background_panic_stays_quiet_and_a_drawing_thread_panic_restores_first";

static RESTORED: AtomicBool = AtomicBool::new(false);

#[test]
fn a_background_panic_stays_quiet_and_a_drawing_thread_panic_restores_first() {
    if std::env::var_os(CHILD).is_some() {
        child();
        return;
    }
    let out = Command::new(std::env::current_exe().expect("the test binary"))
        .args(["--exact", TEST, "--nocapture", "--test-threads=1"])
        .env(CHILD, "1")
        .output()
        .expect("the test runs itself");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        !stderr.contains("worker panics on purpose"),
        "a background panic printed over the table: {stderr}"
    );
    assert!(
        stdout.contains("kept: thread 'worker' panicked at tests/it/panic_hook.rs")
            && stdout.contains("worker panics on purpose"),
        "the message is kept, with its place: {stdout}"
    );
    assert!(stdout.contains("restored before the report: true"), "{stdout}");
    assert!(
        stderr.contains("drawing thread panics on purpose"),
        "a panic on the drawing thread is reported as usual: {stderr}"
    );
}

fn child() {
    panic_hook::install(|| RESTORED.store(true, Ordering::SeqCst));
    let worker = std::thread::Builder::new()
        .name("worker".to_owned())
        .spawn(|| {
            let caught = std::panic::catch_unwind(|| panic!("a worker panics on purpose"));
            assert!(caught.is_err());
            panic_hook::take_this_threads()
        })
        .expect("a thread");
    let own = worker.join().expect("the worker caught its panic");
    assert!(own.as_deref().is_some_and(|m| m.contains("a worker panics on purpose")), "{own:?}");
    assert!(!RESTORED.load(Ordering::SeqCst), "a worker panic leaves the terminal alone");
    for message in panic_hook::take_kept() {
        println!("kept: {message}");
    }
    assert!(panic_hook::take_kept().is_empty());
    let caught = std::panic::catch_unwind(|| panic!("the drawing thread panics on purpose"));
    assert!(caught.is_err());
    println!("restored before the report: {}", RESTORED.load(Ordering::SeqCst));
}
