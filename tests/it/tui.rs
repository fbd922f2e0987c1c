//! Scripted sessions of the real table (bandwhich style): a seeded, stacked shoe, scripted
//! keys and resizes, the real event loop on a `TestBackend`, and insta snapshots of the frames.

use crate::common;

use std::cell::RefCell;
use std::convert::Infallible;
use std::rc::Rc;
use std::time::Duration;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::{Backend, ClearType, TestBackend, WindowSize};
use ratatui::buffer::{Buffer, Cell};
use ratatui::layout::{Position, Size};
use ratatui::style::Modifier;

use blackjack_trainer::analysis::hilo::running_count;
use blackjack_trainer::cli::PlayArgs;
use blackjack_trainer::engine::{Action, Card, Rank, Rules, Suit};
use blackjack_trainer::tui::{
    self, App, DrillIntent, DrillScreen, Ending, EventSource, Intent, LivePanel, Outcome, Signal,
    TableConfig, TableIntent,
};

// ----- the harness -----

/// What the fake terminal and the script share: the terminal's size, the last frame drawn, and
/// the frames the script asked to keep.
#[derive(Default)]
struct Screen {
    size: (u16, u16),
    last: Option<Buffer>,
    frames: usize,
    snaps: Vec<(&'static str, Buffer)>,
}

/// A `TestBackend` whose size the script can change (a resize) and which keeps each frame.
struct FakeTerminal {
    inner: TestBackend,
    screen: Rc<RefCell<Screen>>,
}

impl FakeTerminal {
    fn sync_size(&mut self) {
        let (w, h) = self.screen.borrow().size;
        let area = self.inner.buffer().area;
        if (area.width, area.height) != (w, h) {
            self.inner.resize(w, h);
        }
    }
}

impl Backend for FakeTerminal {
    type Error = Infallible;

    fn draw<'a, I>(&mut self, content: I) -> Result<(), Infallible>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.sync_size();
        self.inner.draw(content)
    }
    fn hide_cursor(&mut self) -> Result<(), Infallible> {
        self.inner.hide_cursor()
    }
    fn show_cursor(&mut self) -> Result<(), Infallible> {
        self.inner.show_cursor()
    }
    fn get_cursor_position(&mut self) -> Result<Position, Infallible> {
        self.inner.get_cursor_position()
    }
    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> Result<(), Infallible> {
        self.inner.set_cursor_position(position)
    }
    fn clear(&mut self) -> Result<(), Infallible> {
        self.sync_size();
        self.inner.clear()
    }
    fn clear_region(&mut self, clear_type: ClearType) -> Result<(), Infallible> {
        self.sync_size();
        self.inner.clear_region(clear_type)
    }
    fn size(&self) -> Result<Size, Infallible> {
        let (width, height) = self.screen.borrow().size;
        Ok(Size { width, height })
    }
    fn window_size(&mut self) -> Result<WindowSize, Infallible> {
        self.sync_size();
        self.inner.window_size()
    }
    fn flush(&mut self) -> Result<(), Infallible> {
        self.inner.flush()?;
        let mut screen = self.screen.borrow_mut();
        screen.last = Some(self.inner.buffer().clone());
        screen.frames += 1;
        Ok(())
    }
}

/// One step of a script.
#[derive(Debug, Clone)]
enum Step {
    /// A key press.
    Key(KeyCode),
    /// Ctrl + a key.
    Ctrl(char),
    /// The terminal is resized.
    Resize(u16, u16),
    /// The pacing timeout passes with no key.
    Wait,
    /// Let the loop's timeouts pass (really waiting) until the frame on screen shows this
    /// text: background work arriving. Fails if the loop blocks instead of polling meanwhile.
    WaitFor(&'static str),
    /// Keep the frame on screen now under this name.
    Snap(&'static str),
    /// A signal comes in while the loop waits.
    Signal(Signal),
}

fn key(c: char) -> Step {
    Step::Key(KeyCode::Char(c))
}

/// The scripted event source.
struct Script {
    steps: std::collections::VecDeque<Step>,
    screen: Rc<RefCell<Screen>>,
    timeouts_seen: Vec<Option<Duration>>,
    waited_for: Option<std::time::Instant>,
    signal: Option<Signal>,
}

impl EventSource for Script {
    fn take_signal(&mut self) -> Option<Signal> {
        self.signal.take()
    }

    fn next_event(&mut self, timeout: Option<Duration>) -> std::io::Result<Option<Event>> {
        self.timeouts_seen.push(timeout);
        loop {
            let Some(step) = self.steps.pop_front() else {
                return Err(std::io::Error::other("the script ended before the app quit"));
            };
            let none = KeyModifiers::NONE;
            return Ok(match step {
                Step::WaitFor(text) => {
                    let shown = self
                        .screen
                        .borrow()
                        .last
                        .as_ref()
                        .is_some_and(|frame| self::text(frame).contains(text));
                    if shown {
                        continue;
                    }
                    assert!(timeout.is_some(), "the loop blocks while {text:?} is still to come");
                    let waited = self.waited_for.get_or_insert_with(std::time::Instant::now);
                    assert!(waited.elapsed() < Duration::from_secs(20), "{text:?} never arrived");
                    std::thread::sleep(Duration::from_millis(5));
                    self.steps.push_front(Step::WaitFor(text));
                    None
                }
                Step::Snap(name) => {
                    let mut screen = self.screen.borrow_mut();
                    let frame = screen.last.clone().expect("a frame was drawn");
                    screen.snaps.push((name, frame));
                    continue;
                }
                Step::Key(code) => Some(Event::Key(KeyEvent::new(code, none))),
                Step::Ctrl(c) => {
                    Some(Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)))
                }
                Step::Resize(w, h) => {
                    self.screen.borrow_mut().size = (w, h);
                    Some(Event::Resize(w, h))
                }
                Step::Wait => None,
                Step::Signal(signal) => {
                    self.signal = Some(signal);
                    None
                }
            });
        }
    }
}

/// The outcome of a scripted session.
struct Session {
    app: App,
    snaps: Vec<(&'static str, Buffer)>,
    timeouts: Vec<Option<Duration>>,
    frames: usize,
}

impl Session {
    fn snap(&self, name: &str) -> String {
        let (_, buf) = self
            .snaps
            .iter()
            .find(|(n, _)| *n == name)
            .unwrap_or_else(|| panic!("no frame named {name}"));
        text(buf)
    }
}

/// The frame as plain text, one line per row, trailing blanks trimmed.
fn text(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in 0..area.height {
        let mut line = String::new();
        for x in 0..area.width {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The table `args` ask for, with this shoe seed.
fn config(args: &PlayArgs, seed: u64) -> TableConfig {
    blackjack_trainer::commands::table_config(args, Some(seed)).expect("valid options")
}

fn options(seats: u8, speed: u64) -> PlayArgs {
    let mut args = PlayArgs::defaults();
    args.no_stats = true;
    args.seats = seats;
    args.speed = speed;
    args
}

/// The app as the scripted tests make it: seeded shoe 2024, no colour, background work
/// waited for in the update that asks for it (so every frame is determined by the keys), and a
/// clock that moves on 2.5 s each time it is read (so drill times are fixed).
fn test_app(args: &PlayArgs) -> App {
    let start = std::time::Instant::now();
    let reads = std::cell::Cell::new(0u64);
    App::new(&Rules::default(), config(args, 2024))
        .expect("valid options")
        .with_color(false)
        .with_background_waits(true)
        .with_clock(move || {
            reads.set(reads.get() + 1);
            start + Duration::from_millis(2500 * reads.get())
        })
}

/// A real app on a fake terminal, run by scripts: one script, or several in turn with the
/// test looking at the app in between.
struct Rig {
    app: App,
    terminal: Terminal<FakeTerminal>,
    screen: Rc<RefCell<Screen>>,
    timeouts: Vec<Option<Duration>>,
}

impl Rig {
    fn new(app: App, (w, h): (u16, u16)) -> Rig {
        let screen = Rc::new(RefCell::new(Screen { size: (w, h), ..Screen::default() }));
        let backend = FakeTerminal { inner: TestBackend::new(w, h), screen: Rc::clone(&screen) };
        Rig {
            app,
            terminal: Terminal::new(backend).expect("a test terminal"),
            screen,
            timeouts: Vec::new(),
        }
    }

    /// Runs the real event loop on `steps` until it returns or the steps run out; what it
    /// returned, if it did.
    fn run(&mut self, steps: Vec<Step>) -> Option<Outcome> {
        let mut script = Script {
            steps: steps.into(),
            screen: Rc::clone(&self.screen),
            timeouts_seen: Vec::new(),
            waited_for: None,
            signal: None,
        };
        let result = tui::run(&mut self.terminal, &mut script, &mut self.app);
        self.timeouts.extend(script.timeouts_seen);
        match result {
            Ok(outcome) => Some(outcome),
            Err(err) => {
                assert!(err.to_string().contains("the script ended"), "the session fails: {err:#}");
                assert!(!self.app.should_quit());
                None
            }
        }
    }

    /// The frame kept under `name`.
    fn snap(&self, name: &str) -> String {
        let screen = self.screen.borrow();
        let (_, buf) = screen
            .snaps
            .iter()
            .find(|(n, _)| *n == name)
            .unwrap_or_else(|| panic!("no frame named {name}"));
        text(buf)
    }

    /// Presses keys for `action` in a drill (the same key as at the table).
    fn key_for(action: Action) -> Step {
        key(blackjack_trainer::tui::input::key_for(action))
    }
}

/// Runs the real app with `args`, the next cards `stacked`, on a `w`×`h` terminal, to the end
/// of the session.
fn play(args: &PlayArgs, stacked: &[Card], size: (u16, u16), steps: Vec<Step>) -> Session {
    let mut app = test_app(args);
    assert!(app.stack_next(stacked), "the shoe holds the stacked cards");
    let mut rig = Rig::new(app, size);
    rig.run(steps);
    assert!(rig.app.should_quit(), "the session runs to its end");
    let screen = rig.screen.take();
    Session { app: rig.app, snaps: screen.snaps, timeouts: rig.timeouts, frames: screen.frames }
}

/// `As`, `Th`, `8d`, `Kc`: rank then suit letter.
fn card(text: &str) -> Card {
    let (rank, suit) = text.split_at(text.len() - 1);
    let rank = match rank {
        "A" => Rank::Ace,
        "2" => Rank::Two,
        "3" => Rank::Three,
        "4" => Rank::Four,
        "5" => Rank::Five,
        "6" => Rank::Six,
        "7" => Rank::Seven,
        "8" => Rank::Eight,
        "9" => Rank::Nine,
        "T" | "10" => Rank::Ten,
        "J" => Rank::Jack,
        "Q" => Rank::Queen,
        "K" => Rank::King,
        other => panic!("bad rank {other}"),
    };
    let suit = match suit {
        "c" => Suit::Clubs,
        "d" => Suit::Diamonds,
        "h" => Suit::Hearts,
        "s" => Suit::Spades,
        other => panic!("bad suit {other}"),
    };
    Card::new(rank, suit)
}

fn cards(list: &str) -> Vec<Card> {
    list.split_whitespace().map(card).collect()
}

/// Deal order at three seats: seat 1, you, seat 3, dealer's up card, seat 1, you, seat 3, the
/// face-down card; then the cards drawn in play order. Seat 1 (normal) gets 10,9 and seat 3
/// (hard) 10,8: both stand against any up card.
fn three_seat_deal(you: [&str; 2], up: &str, hole: &str, then: &str) -> Vec<Card> {
    cards(&format!("Tc {} Ts {up} 9c {} 8c {hole} {then}", you[0], you[1]))
}

const SIZE: (u16, u16) = (100, 32);

// ----- the scenarios -----

#[test]
fn deal_hint_split_double_and_settlement() {
    // You 8,8 against a 6. Split: the first 8 takes a 3 (11) and doubles into a 9 (20); the
    // second takes a 10 (18) and stands. The dealer turns a 10 (16) and busts with a 9.
    let stacked = three_seat_deal(["8s", "8d"], "6h", "Td", "3c 9d Th 9s");
    let steps = vec![
        key(' '),
        Step::Snap("deal"),
        key('t'),
        Step::Snap("hint_shown"),
        key('p'),
        Step::Snap("split_hands"),
        key('d'),
        Step::Snap("double"),
        key('s'),
        Step::Snap("settlement"),
        Step::Ctrl('c'),
    ];
    let session = play(&options(3, 0), &stacked, SIZE, steps);
    let hint = session.snap("hint_shown");
    assert!(hint.contains("Hint: Basic strategy: split — 8,8 vs 6"), "{hint}");
    assert!(
        session.snap("split_hands").contains("Basic strategy: double — 11 vs 6 (hand 1 of 2)"),
        "the hint names the split hand it is about"
    );
    let settled = session.snap("settlement");
    assert!(settled.contains("Dealer busts with 25"), "{settled}");
    assert!(settled.contains("+2") && settled.contains("doubled"), "{settled}");
    assert_eq!(session.app.session().play.net().to_string(), "+3");
    for (name, frame) in &session.snaps {
        insta::assert_snapshot!(*name, text(frame));
    }
}

#[test]
fn a_dealer_natural_takes_a_doubled_stake_whole() {
    // No peek: you double 11 into 20 against an ace; the face-down king makes a natural.
    let stacked = three_seat_deal(["5h", "6c"], "Ad", "Ks", "9h");
    let steps = vec![key(' '), key('d'), Step::Snap("dealer_natural_revealed"), Step::Ctrl('c')];
    let session = play(&options(3, 0), &stacked, SIZE, steps);
    let frame = session.snap("dealer_natural_revealed");
    assert!(frame.contains("Dealer has blackjack!"), "{frame}");
    assert!(frame.contains("−2"), "{frame}");
    // The one rule newcomers take for a bug is said when it happens, with the cells it
    // changes (from the computed charts).
    assert!(
        frame.contains("The dealer's blackjack takes your doubled stake whole: −2 this round"),
        "{frame}"
    );
    assert!(frame.contains("hits 11 vs T where the American peek chart doubles"), "{frame}");
    insta::assert_snapshot!("dealer_natural_revealed", frame);
}

#[test]
fn a_bust_loses_at_once() {
    let stacked = three_seat_deal(["Th", "6s"], "Tc", "7d", "9c");
    let steps = vec![key(' '), key('h'), Step::Snap("bust"), Step::Ctrl('c')];
    let session = play(&options(3, 0), &stacked, SIZE, steps);
    let frame = session.snap("bust");
    assert!(frame.contains("You hit: 9♣ → bust with 25"), "{frame}");
    assert!(frame.contains("bust −1"), "{frame}");
    assert_eq!(session.app.session().play.busts, 1);
    insta::assert_snapshot!("bust", frame);
}

#[test]
fn an_illegal_key_says_why_in_the_message_area() {
    let stacked = three_seat_deal(["Th", "6s"], "Tc", "7d", "");
    let steps = vec![key(' '), key('p'), Step::Snap("refused"), Step::Ctrl('c')];
    let session = play(&options(3, 0), &stacked, SIZE, steps);
    let frame = session.snap("refused");
    assert!(frame.contains("! cannot split: split needs two cards of the same value"), "{frame}");
    // The action bar offers only the legal actions: no split here.
    assert!(frame.contains("[h] hit [s] stand [d] double") && !frame.contains("[p] split"));
}

#[test]
fn help_overlay() {
    let steps = vec![key('?'), Step::Snap("help_overlay"), key('?'), Step::Ctrl('c')];
    let session = play(&options(3, 0), &[], SIZE, steps);
    insta::assert_snapshot!("help_overlay", session.snap("help_overlay"));
}

#[test]
fn too_small_then_resized_back() {
    let stacked = three_seat_deal(["Th", "6s"], "Tc", "7d", "");
    let steps = vec![
        key(' '),
        Step::Resize(50, 15),
        Step::Snap("too_small"),
        Step::Resize(100, 32),
        Step::Snap("resized_back"),
        Step::Ctrl('c'),
    ];
    let session = play(&options(3, 0), &stacked, SIZE, steps);
    let small = session.snap("too_small");
    assert!(small.contains("Please enlarge the terminal"), "{small}");
    assert!(small.contains("The table needs 60×20; this one is 50×15."));
    insta::assert_snapshot!("too_small", small);
    assert!(session.snap("resized_back").contains("Your turn"));
}

/// The cards in the person's hands, hand by hand.
fn your_cards(app: &App) -> Vec<usize> {
    app.table().seats()[app.your_seat()].hands().iter().map(|h| h.cards.len()).collect()
}

#[test]
fn keys_are_set_aside_while_the_terminal_is_too_small() {
    let stacked = three_seat_deal(["Th", "6s"], "Tc", "7d", "5h");
    let mut rig = Rig::new(test_app(&options(3, 0)), SIZE);
    // Too small before the deal: space, bet and help keys do nothing.
    rig.run(vec![
        Step::Resize(50, 15),
        key(' '),
        Step::Key(KeyCode::Enter),
        key('+'),
        key('?'),
        key('r'),
        Step::Snap("small"),
    ]);
    assert!(rig.snap("small").contains("Please enlarge the terminal"));
    assert!(rig.app.between_rounds(), "no round was dealt blind");
    assert_eq!(rig.app.session().play.rounds, 0);
    assert_eq!(rig.app.overlay(), None);
    assert!(rig.app.drill().is_none());
    assert!(rig.app.stack_next(&stacked));
    // Back to a good size: space deals.
    rig.run(vec![Step::Resize(SIZE.0, SIZE.1), key(' ')]);
    assert!(rig.app.your_turn());
    assert_eq!(your_cards(&rig.app), [2]);
    // Too small on your turn: no hit, stand or double is taken blind.
    rig.run(vec![Step::Resize(40, 10), key('h'), key('s'), key('d'), key('q')]);
    assert_eq!(your_cards(&rig.app), [2], "no hit taken");
    assert!(rig.app.your_turn(), "no stand taken");
    assert!(rig.app.should_quit(), "q leaves from the small screen");
    assert_eq!(rig.app.overlay(), None, "not a confirmation nobody can see");
}

#[test]
fn a_drill_answer_is_not_taken_blind() {
    let mut rig = Rig::new(test_app(&options(3, 0)), SIZE);
    rig.run(vec![key('r'), key('1')]);
    let (before, advised, _) = drill_question(&rig.app);
    rig.run(vec![
        Step::Resize(59, 30),
        Rig::key_for(advised),
        Step::Key(KeyCode::Esc),
        Step::Resize(SIZE.0, SIZE.1),
        Step::Snap("after"),
    ]);
    assert_eq!(drill_question(&rig.app).0, before, "the same question");
    assert_eq!(rig.app.coach().session().overall.decisions, 0, "no answer");
    assert!(rig.snap("after").contains("Drill: hard totals"));
    // Ctrl-C still leaves from the small screen.
    let outcome = rig.run(vec![Step::Resize(20, 5), Step::Ctrl('c')]);
    assert_eq!(outcome, Some(Outcome::Ended(Ending::Interrupted)));
    assert!(rig.app.should_quit());
}

#[test]
fn signals_end_the_session_after_saving() {
    let temp = tempfile::tempdir().expect("a folder");
    let dir = temp.path();
    for (signal, ending) in [
        (Signal::Terminate, Ending::Terminated),
        (Signal::HangUp, Ending::HungUp),
        (Signal::Interrupt, Ending::Interrupted),
    ] {
        let path = dir.join(format!("{signal:?}.db"));
        let mut args = options(3, 0);
        args.no_stats = false;
        args.stats = Some(path.clone());
        let mut app = test_app(&args);
        assert!(app.stack_next(&three_seat_deal(["Th", "2s"], "Tc", "7d", "5h")));
        let mut rig = Rig::new(app, SIZE);
        // 12 against a 10: a hit is graded, and the round is not over, so nothing is on
        // disk yet.
        let outcome = rig.run(vec![key(' '), key('h'), Step::Signal(signal)]);
        assert_eq!(outcome, Some(Outcome::Ended(ending)), "{signal:?}");
        assert!(rig.app.should_quit());
        let (_, lifetime) = common::lifetime(&path);
        assert_eq!(
            lifetime.overall.decisions, 1,
            "{signal:?}: the decision made before the signal is saved"
        );
    }
}

#[test]
fn ctrl_z_and_sigcont_hand_the_terminal_to_the_caller_and_the_table_goes_on() {
    let stacked = three_seat_deal(["Th", "6s"], "Tc", "7d", "5h");
    let mut app = test_app(&options(3, 0));
    assert!(app.stack_next(&stacked));
    let mut rig = Rig::new(app, SIZE);
    assert_eq!(rig.run(vec![key(' '), Step::Ctrl('z')]), Some(Outcome::Suspend));
    assert!(rig.app.your_turn(), "nothing changed on the table");
    assert!(!rig.app.should_quit());
    assert_eq!(rig.run(vec![Step::Signal(Signal::Suspend)]), Some(Outcome::Suspend));
    assert_eq!(rig.run(vec![Step::Signal(Signal::Continue)]), Some(Outcome::Resume));
    // Called again, the loop draws and plays on.
    rig.run(vec![key('h'), Step::Snap("after")]);
    assert_eq!(your_cards(&rig.app), [3]);
    assert!(rig.snap("after").contains("Your turn") || rig.app.between_rounds());
    // Ctrl-Z is a session key on every screen, even the summary.
    rig.run(vec![key('q'), key('y')]);
    assert_eq!(rig.run(vec![Step::Ctrl('z')]), Some(Outcome::Suspend));
    assert!(!rig.app.should_quit());
    assert_eq!(
        rig.run(vec![key('x')]),
        Some(Outcome::Ended(Ending::Left)),
        "a key on the summary leaves normally"
    );
}

#[test]
fn narrow_layout_three_seats() {
    let stacked = three_seat_deal(["8s", "8d"], "6h", "Td", "3c");
    let steps = vec![key('t'), key(' '), key('p'), Step::Snap("narrow_60x20"), Step::Ctrl('c')];
    let session = play(&options(3, 0), &stacked, (60, 20), steps);
    insta::assert_snapshot!("narrow_60x20", session.snap("narrow_60x20"));
}

#[test]
fn narrow_and_wide_layouts_seven_seats() {
    for (name, size) in [("narrow_60x20_seven", (60, 20)), ("wide_120x40_seven", (120, 40))] {
        let steps = vec![key(' '), Step::Snap(name), Step::Ctrl('c')];
        let session = play(&options(7, 0), &[], size, steps);
        let frame = session.snap(name);
        assert!(frame.contains("You"), "{frame}");
        insta::assert_snapshot!(name, frame);
    }
}

#[test]
fn ascii_cards() {
    let mut args = options(3, 0);
    args.ascii = true;
    let stacked = three_seat_deal(["Ah", "7s"], "9d", "Td", "");
    let steps = vec![key(' '), Step::Snap("ascii"), Step::Ctrl('c')];
    let session = play(&args, &stacked, SIZE, steps);
    let frame = session.snap("ascii");
    assert!(frame.is_ascii(), "{frame}");
    assert!(frame.contains("|A h|") && frame.contains("soft 18"), "{frame}");
    insta::assert_snapshot!("ascii", frame);
}

#[test]
fn ai_seats_and_dealer_play_at_a_pace_and_any_key_skips() {
    // Seat 1 plays first, one step per timeout; then you stand; the dealer reveals on the next
    // timeout, and a key skips the rest.
    let stacked = three_seat_deal(["Th", "7s"], "5d", "Tc", "Ts 9h");
    let steps = vec![
        key(' '),
        Step::Snap("ai_to_play"),
        Step::Wait,
        Step::Snap("your_turn"),
        key('s'),
        Step::Wait,
        Step::Wait,
        Step::Snap("dealer_reveals"),
        key('x'),
        Step::Snap("skipped_to_the_end"),
        Step::Ctrl('c'),
    ];
    let session = play(&options(3, 400), &stacked, SIZE, steps);
    assert!(session.snap("ai_to_play").contains("Seat 1 (normal) is playing… any key skips"));
    assert!(session.snap("your_turn").contains("Your turn"));
    let reveal = session.snap("dealer_reveals");
    assert!(reveal.contains("Dealer turns over 10♣: 15"), "{reveal}");
    assert!(!reveal.contains("Dealer draws"), "{reveal}");
    let end = session.snap("skipped_to_the_end");
    assert!(end.contains("Dealer draws 10♠: bust with 25"), "{end}");
    assert!(end.contains("[space] deal"), "{end}");
    // The loop waited 400 ms only while someone else was to play; otherwise it blocked.
    let waits: Vec<_> = session.timeouts.iter().flatten().collect();
    assert!(!waits.is_empty() && waits.iter().all(|d| **d <= Duration::from_millis(400)));
    assert_eq!(session.timeouts.first(), Some(&None), "idle is idle: no timeout before the deal");
    assert_eq!(session.timeouts.last(), Some(&None));
    insta::assert_snapshot!("ai_to_play", session.snap("ai_to_play"));
}

#[test]
fn quit_asks_then_shows_the_summary() {
    let stacked = three_seat_deal(["Th", "9s"], "7d", "Tc", "");
    let steps = vec![
        key(' '),
        key('s'),
        key('q'),
        Step::Snap("confirm_quit"),
        key('n'),
        Step::Key(KeyCode::Esc),
        key('y'),
        Step::Snap("session_summary"),
        key('z'),
    ];
    let session = play(&options(3, 0), &stacked, SIZE, steps);
    assert!(session.snap("confirm_quit").contains("Leave the table?"));
    let summary = session.snap("session_summary");
    assert!(summary.contains("Session summary") && summary.contains("Bankroll"));
    assert!(summary.contains("100 → 101"), "{summary}");
    insta::assert_snapshot!("confirm_quit", session.snap("confirm_quit"));
    insta::assert_snapshot!("session_summary", summary);
}

/// At a bet of 5, three rounds lost standing on 16 against 17: every net on every screen
/// and in the printed summary is the same figure, in money and in bets.
#[test]
fn at_a_bet_of_five_every_net_figure_agrees() {
    let round = three_seat_deal(["Th", "6s"], "Tc", "7d", "");
    let stacked: Vec<Card> = round.iter().cycle().take(round.len() * 3).copied().collect();
    let mut steps = vec![key('+'), key('+'), key('+'), key('+')];
    for _ in 0..3 {
        steps.extend([key(' '), key('s')]);
    }
    steps.extend([
        Step::Snap("bet_five_settled"),
        key('i'),
        Step::Snap("bet_five_stats"),
        key('i'),
        key('q'),
        key('y'),
        Step::Snap("bet_five_summary"),
        key('z'),
    ]);
    let session = play(&options(3, 0), &stacked, SIZE, steps);
    let net = "−15 (−3 bets)";
    let stats = session.snap("bet_five_stats");
    assert!(stats.contains(&format!("Net {net}")), "{stats}");
    let summary = session.snap("bet_five_summary");
    assert!(summary.contains(&format!("Net                 {net}")), "{summary}");
    assert!(summary.contains("100 → 85"), "{summary}");
    let printed = session.app.table_session().closing_summary();
    assert!(printed.contains(&format!("Net                    {net}")), "{printed}");
    assert!(printed.contains(&format!("3 rounds, net {net}; bankroll 100 → 85")), "{printed}");
    let settled = session.snap("bet_five_settled");
    assert!(settled.contains("You lose −5 (−1 bet)"), "{settled}");
    assert!(settled.contains("Bankroll 85 · Bet 5"), "{settled}");
    insta::assert_snapshot!("bet_five_stats", stats);
    insta::assert_snapshot!("bet_five_summary", summary);
}

#[test]
fn ctrl_c_leaves_at_once_mid_round() {
    let stacked = three_seat_deal(["Th", "6s"], "Tc", "7d", "");
    let session = play(&options(3, 0), &stacked, SIZE, vec![key(' '), Step::Ctrl('c')]);
    assert!(session.app.table().active().is_some(), "left in the middle of the hand");
    assert_eq!(session.frames, 2, "one frame before the deal, one after; none after Ctrl-C");
}

#[test]
fn the_hand_to_act_is_marked_by_symbol_and_highlight() {
    let stacked = three_seat_deal(["8s", "8d"], "6h", "Td", "3c");
    let steps = vec![key(' '), key('p'), Step::Snap("split"), Step::Ctrl('c')];
    let session = play(&options(3, 0), &stacked, SIZE, steps);
    let (_, buf) = &session.snaps[0];
    let area = buf.area;
    let markers: Vec<(u16, u16)> = (0..area.height)
        .flat_map(|y| (0..area.width).map(move |x| (x, y)))
        .filter(|&(x, y)| buf[(x, y)].symbol() == "▶")
        .collect();
    // The marker on the active hand's line, in the seat title, and before "Your turn".
    assert!(markers.len() >= 2, "{markers:?}");
    let highlighted =
        markers.iter().filter(|&&pos| buf[pos].modifier.contains(Modifier::REVERSED)).count();
    assert!(highlighted >= 1, "the marked hand is also reversed, not only coloured");
}

#[test]
fn drawing_never_panics_at_any_size() {
    for seats in [1u8, 3, 7] {
        let mut app = App::new(&Rules::default(), config(&options(seats, 0), 99))
            .expect("valid options")
            .with_color(false);
        app.update(tui::TableIntent::Deal);
        for w in (0..=130u16).step_by(7) {
            for h in (0..=45u16).step_by(3) {
                let area = ratatui::layout::Rect::new(0, 0, w, h);
                let mut buf = Buffer::empty(area);
                let mut view = app.view(area);
                tui::draw::render(&mut view, app.ctx(), area, &mut buf);
            }
        }
    }
}

// ----- the trainer at the table -----

#[test]
fn a_mistake_is_flagged_with_its_ev_cost() {
    // You 5,6 (11) against a 6: basic strategy doubles; you hit.
    let stacked = three_seat_deal(["5h", "6c"], "6d", "Ks", "9h 2c");
    let steps = vec![key(' '), key('h'), Step::Snap("mistake_flagged"), Step::Ctrl('c')];
    let session = play(&options(3, 0), &stacked, SIZE, steps);
    let frame = session.snap("mistake_flagged");
    assert!(frame.contains("Basic strategy: double 11 vs 6 — you chose hit (−0."), "{frame}");
    let tally = session.app.coach().session();
    assert_eq!((tally.overall.decisions, tally.overall.correct), (1, 0));
    assert!(tally.ev_lost > 0.05 && tally.ev_lost < 0.5, "{}", tally.ev_lost);
    insta::assert_snapshot!("mistake_flagged", frame);
}

#[test]
fn strict_mode_refuses_a_wrong_action_and_asks_again() {
    let stacked = three_seat_deal(["5h", "6c"], "6d", "Ks", "9h 2c");
    let mut args = options(3, 0);
    args.strict = true;
    let steps = vec![
        key(' '),
        key('s'),
        Step::Snap("strict_refused"),
        key('d'),
        Step::Snap("strict_right"),
        Step::Ctrl('c'),
    ];
    let session = play(&args, &stacked, SIZE, steps);
    let refused = session.snap("strict_refused");
    assert!(refused.contains("strict mode: try again"), "{refused}");
    assert!(refused.contains("Your turn"), "the hand is still yours: {refused}");
    let right = session.snap("strict_right");
    assert!(right.contains("You double"), "{right}");
    let overall = session.app.coach().session().overall;
    assert_eq!(
        (overall.decisions, overall.correct),
        (2, 1),
        "the refused mistake counts as well as the right answer taken"
    );
    insta::assert_snapshot!("strict_refused", refused);
}

#[test]
fn the_ev_panel_ranks_the_legal_actions() {
    let stacked = three_seat_deal(["8h", "8c"], "Td", "7s", "9h 2c");
    let steps = vec![key(' '), key('e'), Step::Snap("ev_panel"), key('e'), Step::Ctrl('c')];
    let session = play(&options(3, 0), &stacked, SIZE, steps);
    let frame = session.snap("ev_panel");
    for action in ["hit", "stand", "double", "split"] {
        assert!(frame.contains(action), "{frame}");
    }
    assert!(frame.contains("← chart"), "{frame}");
    insta::assert_snapshot!("ev_panel", frame);
}

#[test]
fn the_stats_screen_shows_the_numbers_and_the_heat_map() {
    let stacked = three_seat_deal(["5h", "6c"], "6d", "Ks", "9h 2c 5s");
    let steps = vec![
        key(' '),
        key('h'),
        key('s'),
        key('i'),
        Step::Snap("stats_screen"),
        key('i'),
        Step::Ctrl('c'),
    ];
    let session = play(&options(3, 0), &stacked, SIZE, steps);
    let frame = session.snap("stats_screen");
    assert!(
        frame.contains("Decisions right 1 of 2 (50%)") && frame.contains("Most missed: 11 vs 6"),
        "{frame}"
    );
    assert!(frame.contains("hard 11") && frame.contains('█'), "a missed cell is marked: {frame}");
    insta::assert_snapshot!("stats_screen", frame);
}

#[test]
fn the_chart_screen_marks_the_current_cell() {
    let stacked = three_seat_deal(["Th", "6c"], "Td", "7s", "9h 2c");
    let steps = vec![key(' '), key('g'), Step::Snap("chart_screen"), key('g'), Step::Ctrl('c')];
    let session = play(&options(3, 0), &stacked, (110, 34), steps);
    let frame = session.snap("chart_screen");
    assert!(frame.contains("house edge 0.5"), "{frame}");
    assert!(frame.contains("[H]"), "the 16-vs-T cell is bracketed: {frame}");
    insta::assert_snapshot!("chart_screen", frame);
}

#[test]
fn statistics_last_across_sessions() {
    let tmp = common::TempDir::new("tui-stats");
    let path = tmp.0.join("stats.db");
    let mut args = options(3, 0);
    args.no_stats = false;
    args.stats = Some(path.clone());
    for _ in 0..2 {
        let stacked = three_seat_deal(["5h", "6c"], "6d", "Ks", "9h 2c 5s");
        let steps = vec![key(' '), key('h'), key('s'), Step::Ctrl('c')];
        play(&args, &stacked, SIZE, steps);
    }
    let (sessions, lifetime) = common::lifetime(&path);
    assert_eq!(sessions, 2);
    assert_eq!(lifetime.play.rounds, 2);
    assert_eq!(lifetime.cells["hard:11:6"].wrong, 2);
}

// ----- background work -----

#[test]
fn the_loop_wakes_up_for_background_results_and_then_idles() {
    // Interactive mode: nothing is waited for in an update. The strategy may still be on its
    // way at the first frame, and the EV panel's numbers after `e`; the loop polls for them
    // (a timeout, not a block) and draws them when they come.
    let app = App::new(&Rules::default(), config(&options(3, 0), 2024))
        .expect("valid options")
        .with_color(false);
    let mut app = app;
    assert!(app.stack_next(&three_seat_deal(["8h", "8c"], "Td", "7s", "9h 2c")));
    let mut rig = Rig::new(app, SIZE);
    rig.run(vec![
        key(' '),
        key('e'),
        Step::WaitFor("← chart"),
        Step::Snap("ev_arrived"),
        key('e'),
        Step::Ctrl('c'),
    ]);
    assert!(rig.app.should_quit());
    let frame = rig.snap("ev_arrived");
    assert!(frame.contains("split") && frame.contains("stand"), "{frame}");
    assert!(!frame.contains("computing"), "{frame}");
    // While something was pending the loop polled; once nothing was, it blocked again.
    assert!(
        rig.timeouts
            .iter()
            .flatten()
            .all(|t| *t <= blackjack_trainer::tui::background::POLL_INTERVAL),
        "{:?}",
        rig.timeouts
    );
    assert_eq!(rig.timeouts.last(), Some(&None), "idle is idle");
}

#[test]
fn settle_waits_for_the_live_evs_deterministically() {
    // Without background waits, `settle` is how a test waits for what the screen is about to
    // show.
    let mut app = App::new(&Rules::default(), config(&options(3, 0), 2024))
        .expect("valid options")
        .with_color(false);
    assert!(app.stack_next(&three_seat_deal(["8h", "8c"], "Td", "7s", "9h 2c")));
    app.update(TableIntent::Deal);
    app.update(TableIntent::ToggleEv);
    app.settle();
    let LivePanel::Ready(live) = app.live_panel() else {
        panic!("settled: {:?}", app.live_panel());
    };
    assert_eq!(live.ranked.len(), 4, "hit, stand, double, split");
    assert!(!app.background_pending());
}

// ----- drills from the table -----

/// The decision drill on screen.
fn drill_question(
    app: &App,
) -> (blackjack_trainer::trainer::drills::kinds::Question, Action, Action) {
    let Some(DrillScreen::Decision(screen)) = app.drill() else {
        panic!("a decision drill is open");
    };
    let question = screen.drill.question().clone();
    let legal = screen.drill.legal();
    let chart = &app.strategy().expect("the strategy is ready").chart;
    let advised = chart.decide(&question.cards, question.up.value(), legal);
    let wrong = [Action::Stand, Action::Hit, Action::Double]
        .into_iter()
        .find(|&a| a != advised && legal.contains(a))
        .expect("a hand has two answers at least");
    (question, advised, wrong)
}

#[test]
fn a_drill_from_the_table_asks_grades_and_comes_back() {
    let mut rig = Rig::new(test_app(&options(3, 0)), SIZE);
    rig.run(vec![key('r'), Step::Snap("drill_chooser"), key('1'), Step::Snap("drill_question")]);
    let chooser = rig.snap("drill_chooser");
    assert!(chooser.contains("Drills: practise what?"), "{chooser}");
    assert!(chooser.contains("▶ 1  hard totals"), "{chooser}");
    assert!(chooser.contains("8  the Hi-Lo running count"), "{chooser}");
    insta::assert_snapshot!("drill_chooser", chooser);
    let question = rig.snap("drill_question");
    assert!(question.contains("Drill: hard totals"), "{question}");
    assert!(question.contains("Question 1"), "{question}");
    assert!(question.contains("Dealer shows") && question.contains("Your hand"));
    assert!(question.contains("▶ Your answer: [h] hit [s] stand"), "{question}");
    assert!(!question.contains("[p] split"), "only the legal answers: {question}");
    insta::assert_snapshot!("drill_question", question);

    // Right, then wrong: each graded at once.
    let (_, advised, _) = drill_question(&rig.app);
    rig.run(vec![Rig::key_for(advised), Step::Snap("drill_right")]);
    let right = rig.snap("drill_right");
    assert!(right.contains("✓ Basic strategy:"), "{right}");
    assert!(right.contains("Question 2"), "{right}");
    let (shown, _, wrong) = drill_question(&rig.app);
    rig.run(vec![Rig::key_for(wrong), Step::Snap("drill_graded")]);
    let graded = rig.snap("drill_graded");
    assert!(graded.contains("✗ Basic strategy:"), "{graded}");
    assert!(graded.contains(&format!("you chose {wrong} (−0.")), "the cost in EV: {graded}");
    assert!(graded.contains("← basic strategy"), "{graded}");
    assert!(graded.contains("← your answer"), "{graded}");
    assert!(graded.contains("· 2.5 s"), "time per decision: {graded}");
    assert!(graded.contains("Right 1 of 2 (50%) · streak 0 (best 1)"), "{graded}");
    assert!(graded.contains(&shown.up.to_string()), "{graded}");
    insta::assert_snapshot!("drill_graded", graded);
    // The smallest screen keeps the question, the verdict and the score.
    rig.run(vec![Step::Resize(60, 20), Step::Snap("drill_graded_narrow"), Step::Resize(100, 32)]);
    let narrow = rig.snap("drill_graded_narrow");
    assert!(narrow.contains("Question 3"), "{narrow}");
    assert!(narrow.contains("✗ Basic strategy:"), "{narrow}");
    assert!(narrow.contains("Right 1 of 2 (50%)"), "{narrow}");
    insta::assert_snapshot!("drill_graded_narrow", narrow);

    // A key for an action the hand does not allow (a hard total is never a pair): said why,
    // nothing graded, the same question stays.
    let (before, _, _) = drill_question(&rig.app);
    rig.run(vec![key('p'), Step::Snap("drill_refused")]);
    let refused = rig.snap("drill_refused");
    assert!(refused.contains("! You cannot split this hand: answer h, s"), "{refused}");
    assert!(refused.contains("Question 3"), "{refused}");
    assert_eq!(drill_question(&rig.app).0, before);
    assert_eq!(rig.app.coach().session().overall.decisions, 2);

    // Esc: back at the table with the summary; the stats screen counts the drill.
    rig.run(vec![
        Step::Key(KeyCode::Esc),
        Step::Snap("drill_left"),
        key('i'),
        Step::Snap("stats_after_drill"),
        key('i'),
        Step::Ctrl('c'),
    ]);
    assert!(rig.app.should_quit());
    let left = rig.snap("drill_left");
    // News, not a graded answer: the table-talk mark.
    assert!(left.contains("· Drill over: hard totals."), "{left}");
    assert!(left.contains("· Right 1 of 2 (50%)"), "{left}");
    assert!(left.contains("[space] deal"), "the table is back: {left}");
    let stats = rig.snap("stats_after_drill");
    assert!(stats.contains("Decisions right 1 of 2 (50%) · hard 1 of 2 (50%)"), "{stats}");
}

#[test]
fn the_count_quiz_from_the_table_asks_and_scores() {
    let mut rig = Rig::new(test_app(&options(3, 0)), SIZE);
    // The round is dealt a card at a time at the quiz's pace; the question comes after.
    rig.run(vec![
        key('r'),
        key('8'),
        Step::Snap("count_dealing"),
        Step::WaitFor("Running count?"),
        Step::Snap("count_question"),
    ]);
    let dealing = rig.snap("count_dealing");
    assert!(
        dealing.contains("dealing, a card every 1 s") && !dealing.contains("Running count?"),
        "{dealing}"
    );
    let question = rig.snap("count_question");
    assert!(question.contains("Count quiz (Hi-Lo)"), "{question}");
    assert!(question.contains("Round 1"), "{question}");
    assert!(question.contains("▶ Running count? _"), "{question}");
    assert!(question.contains("Seat 3") && question.contains("Dealer"), "{question}");
    insta::assert_snapshot!("count_question", question);
    let Some(DrillScreen::Count(screen)) = rig.app.drill() else {
        panic!("the count quiz is open");
    };
    let round = screen.drill.last_round();
    let mut seen = blackjack_trainer::engine::ValueCounts::default();
    for card in round.seats.iter().flatten().chain(&round.dealer) {
        seen.add(card.value());
    }
    let count = running_count(&seen);
    let mut steps: Vec<Step> = vec![key('x'), Step::Snap("count_refused")];
    steps.extend(count.to_string().chars().map(key));
    steps.extend([
        Step::Snap("count_typed"),
        Step::Key(KeyCode::Enter),
        Step::Snap("count_answered"),
        key(' '),
        Step::Snap("count_next_round"),
        Step::Key(KeyCode::Esc),
        Step::Snap("count_left"),
        key('q'),
        key('y'),
        Step::Snap("summary_after_count"),
        key('z'),
    ]);
    rig.run(steps);
    assert!(rig.app.should_quit());
    let summary = rig.snap("summary_after_count");
    assert!(summary.contains("Running count right 1 of 1 (100%)"), "{summary}");
    assert!(
        rig.snap("count_refused").contains("! `x` does nothing here"),
        "{}",
        rig.snap("count_refused")
    );
    assert!(
        rig.snap("count_typed").contains(&format!("Running count? {count}_")),
        "{}",
        rig.snap("count_typed")
    );
    let answered = rig.snap("count_answered");
    assert!(
        answered.contains(&format!(
            "✓ Right: the running count is {}.",
            blackjack_trainer::text::signed(count)
        )),
        "{answered}"
    );
    assert!(answered.contains("Right 1 of 1 (100%)"), "{answered}");
    assert!(answered.contains("[space] next round"), "{answered}");
    insta::assert_snapshot!("count_answered", answered);
    assert!(rig.snap("count_next_round").contains("Round 2"));
    let left = rig.snap("count_left");
    assert!(left.contains("Count quiz over."), "{left}");
    let tally = rig.app.coach().session();
    assert_eq!((tally.count.decisions, tally.count.correct), (1, 1));
}

#[test]
fn drawing_never_panics_with_a_drill_open() {
    let mut app = test_app(&options(3, 0));
    let mut states: Vec<Vec<Intent>> = vec![
        vec![TableIntent::OpenDrills.into()],
        vec![
            DrillIntent::ChooseDrill(blackjack_trainer::trainer::drills::kinds::DrillKind::Pairs)
                .into(),
        ],
        vec![DrillIntent::DrillAnswer(Action::Split).into(), DrillIntent::ToggleHelp.into()],
        vec![
            DrillIntent::ToggleHelp.into(),
            DrillIntent::LeaveDrill.into(),
            TableIntent::OpenDrills.into(),
        ],
        vec![
            DrillIntent::ChooseDrill(blackjack_trainer::trainer::drills::kinds::DrillKind::Count)
                .into(),
        ],
        vec![
            DrillIntent::CountKey('-').into(),
            DrillIntent::CountKey('2').into(),
            DrillIntent::CountSubmit.into(),
        ],
        vec![DrillIntent::ToggleStats.into()],
    ];
    for intents in states.drain(..) {
        for intent in intents {
            app.update(intent);
        }
        for w in (0..=130u16).step_by(7) {
            for h in (0..=45u16).step_by(3) {
                let area = ratatui::layout::Rect::new(0, 0, w, h);
                let mut buf = Buffer::empty(area);
                let mut view = app.view(area);
                tui::draw::render(&mut view, app.ctx(), area, &mut buf);
            }
        }
    }
    assert!(matches!(app.drill(), Some(DrillScreen::Count(_))));
    assert!(matches!(app.live_panel(), LivePanel::NoHand));
}
