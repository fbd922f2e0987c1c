//! The screen's state, the intents that change it, and the one [`App::update`] that does.
//!
//! The game is a [`TableSession`] the app drives; the app keeps what the screen needs, hands
//! the session the analysis it grades with, and takes in what it says happened
//! ([`Happening`]s). Nothing slow runs in `update`: the analysis is worked out on other
//! threads ([`crate::tui::background`]), drawing shows "computing…" until it arrives, and what
//! cannot go on without it (a grade, the deal, the chart) waits for it — long arrived by then.

mod drive;
mod job_results;
mod plan;
mod screens;
mod view_data;

pub use crate::tui::widgets::side::LivePanel;
pub use view_data::Derived;

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::analysis::Strategy;
use crate::engine::{GameRng, Rules, Table, Units};
use crate::session::{Happening, Peek, TableSession};
use crate::trainer::tally::Tally;

pub use crate::setup::TableConfig;
use crate::tui::background::{EvWorker, strategy_job};
use crate::tui::drill::DrillScreen;
use crate::tui::log::Log;
use crate::tui::table_screen::TableScreen;
use crate::tui::theme;
use crate::tui::widgets::Ctx;
use job_results::{EvPanel, Jobs};

pub use crate::tui::intent::Overlay;
use crate::tui::intent::{DrillIntent, Intent, QuestionIntent, SharedIntent, TableIntent};
pub use crate::tui::message::{Message, Tone};

/// Where the app reads the time: the system clock, or a script's clock in tests.
pub type Clock = Box<dyn Fn() -> Instant>;

/// Which screen is up. Each screen over the table owns its state; the table's is the app's.
pub(crate) enum Screen {
    /// The table.
    Table,
    /// A drill, or the drill chooser.
    Drill(DrillScreen),
    /// The review of the hand history.
    Review(crate::tui::review::ReviewScreen),
    /// The planner page ("bets & bankroll").
    Plan(Box<crate::tui::plan_page::PlanPage>),
}

/// How the screen looks: its styles, the last frame's layout and the figures it shows.
pub(crate) struct Look {
    /// How it is drawn: the styles and whether in ASCII only.
    pub(crate) ctx: Ctx,
    /// What the last frame's layout decided (how far the log can scroll depends on it).
    pub(crate) drawn: crate::tui::draw::Drawn,
    /// The figures the screens show that take analysis, worked out when the state changes.
    pub(crate) derived: Derived,
}

/// The screen's time: the pause between the dealer's and the AI seats' moves, and the clock.
pub(crate) struct Pace {
    /// The pause before each AI action or dealer step.
    pub(crate) speed: Duration,
    /// Where the time is read.
    pub(crate) clock: Clock,
}

/// The whole state of the screen: [`App::draw`] reads it; only [`App::update`] changes it.
pub struct App {
    /// The game: the table, the seats, the coach, the trainer's rules.
    pub(crate) session: TableSession,
    /// The strategy, the index table and the exact EVs, worked out in the background.
    pub(crate) jobs: Jobs,
    /// The live EV panel: open or not, and what it shows.
    pub(crate) live: EvPanel,
    /// Which screen is up: the table, a drill or the review.
    pub(crate) screen: Screen,
    /// The table screen's own state: the panel or question over it, the typed bet, the chart.
    pub(crate) table_screen: TableScreen,
    /// The message log.
    pub(crate) log: Log,
    /// How the screen looks.
    pub(crate) look: Look,
    /// The pace of play and the clock.
    pub(crate) pace: Pace,
    /// Drills started this session (each gets its own seed).
    pub(crate) drills_started: u64,
    /// The session is over and the loop should stop.
    pub(crate) quit: bool,
}

impl App {
    /// A table set up as `config` says. Refuses a seat count outside 1–7, a seat outside
    /// the table, no AI level, or a bankroll the table cannot take ([`TableSession::new`]).
    pub fn new(rules: &Rules, config: TableConfig) -> anyhow::Result<App> {
        let (session, news) = TableSession::new(rules, &config)?;
        let mut log = Log::default();
        log.push(Message::new(Tone::Info, "Welcome. Space deals; ? shows every key."));
        if let Some(line) = crate::tui::drill::due_greeting(session.coach()) {
            log.push(Message::new(Tone::Info, line));
        }
        if let Some(news) = news {
            log.push(Message::new(Tone::Error, news));
        }
        Ok(App {
            session,
            jobs: Jobs {
                // Started here, ready long before the first deal; the first frame does not wait.
                strategy: strategy_job(rules),
                indices: config.indices.map(|compute| {
                    crate::tui::background::index_job(rules, &config.count_system, compute)
                }),
                evs: EvWorker::new(rules),
                wait: false,
                plan: job_results::PlanJobs { setup: config.plan.clone(), model: None },
            },
            live: EvPanel { open: false, shows: LivePanel::NoHand },
            screen: Screen::Table,
            table_screen: TableScreen::default(),
            log,
            look: Look {
                ctx: Ctx { theme: theme::theme(true), ascii: config.ascii },
                drawn: crate::tui::draw::Drawn::default(),
                derived: Derived::default(),
            },
            pace: Pace { speed: config.speed, clock: Box::new(Instant::now) },
            drills_started: 0,
            quit: false,
        }
        .request_indices_if_counting())
    }

    /// Counting mode and a counter seat want the index table from the start.
    fn request_indices_if_counting(mut self) -> App {
        if self.session.wants_indices()
            && let Some(slot) = &mut self.jobs.indices
        {
            slot.start();
            self.session.indices_started();
        }
        self
    }

    /// The same app drawn with colour (`true`) or without (`false`, for `NO_COLOR`).
    pub fn with_color(mut self, color: bool) -> App {
        self.look.ctx.theme = theme::theme(color);
        self
    }

    /// For scripted tests: every background computation is waited for where it is asked, so
    /// each frame is fixed by the keys. (Interactive use never waits for the EV panel.)
    pub fn with_background_waits(mut self, wait: bool) -> App {
        self.jobs.wait = wait;
        if wait {
            self.ensure_strategy();
            self.refresh_background();
        }
        self
    }

    /// The same app reading the time from `clock` (a test's).
    pub fn with_clock(mut self, clock: impl Fn() -> Instant + 'static) -> App {
        self.pace.clock = Box::new(clock);
        self
    }

    /// Waits for every background computation asked for and takes the results in.
    pub fn settle(&mut self) {
        self.ensure_strategy();
        if let Some(query) = self.live_query() {
            self.jobs.evs.wait_for(&query);
        }
        self.refresh_background();
    }

    /// Whether something the screen shows is still being computed: the loop then looks every
    /// [`crate::tui::background::POLL_INTERVAL`].
    pub fn background_pending(&self) -> bool {
        self.jobs.strategy.is_pending()
            || self.live.shows == LivePanel::Computing
            || self.jobs.indices.as_ref().is_some_and(|s| s.is_pending())
            || self.plan_pending()
    }

    /// The variant's basic strategy, if it has been worked out.
    pub fn strategy(&self) -> Option<&Arc<Strategy>> {
        self.jobs.strategy.get()
    }

    /// The peek game's strategy is waited for where the app waits (a script says the same
    /// words every run), else taken once ready.
    fn peek(&self) -> Peek {
        if self.jobs.wait { Peek::Wait } else { Peek::IfReady }
    }

    /// The American peek game's strategy, which the reasons compare with, as [`App::peek`] has it.
    pub fn peek_strategy(&self) -> Option<Arc<Strategy>> {
        self.peek().strategy(self.session.rules())
    }

    /// What the live EV panel shows.
    pub fn live_panel(&self) -> &LivePanel {
        &self.live.shows
    }

    /// The drill on screen, if any.
    pub fn drill(&self) -> Option<&DrillScreen> {
        match &self.screen {
            Screen::Drill(drill) => Some(drill),
            _ => None,
        }
    }

    /// The game the screen drives.
    pub fn table_session(&self) -> &TableSession {
        &self.session
    }

    /// For tests: the next cards dealt ([`Table::stack_next`]); `false` if the shoe lacks them.
    pub fn stack_next(&mut self, cards: &[crate::engine::Card]) -> bool {
        self.session.stack_next(cards)
    }

    /// The table (read-only).
    pub fn table(&self) -> &Table<GameRng> {
        self.session.table()
    }

    /// The person's seat, 0-based.
    pub fn your_seat(&self) -> usize {
        self.session.your_seat()
    }

    /// The person's tally for this session (the coach's: one tally for every screen).
    pub fn session(&self) -> &Tally {
        self.session.tally()
    }

    /// The person's seat at the table: bet, bankroll, what was bought in, the hands.
    pub fn your_money(&self) -> &crate::engine::Seat {
        self.session.your_money()
    }

    /// The bankroll now (money off the table).
    pub fn bankroll(&self) -> Units {
        self.session.bankroll()
    }

    /// The bet for the next round (and of the round on the table).
    pub fn bet(&self) -> Units {
        self.session.bet()
    }

    /// Everything bought in this session: the first bankroll and every rebuy.
    pub fn bought_in(&self) -> Units {
        self.session.bought_in()
    }

    /// The floored true count of the cards seen, as the index plays read it.
    pub fn floored_count(&self) -> i32 {
        self.session.floored_count()
    }

    /// The open overlay, if any.
    pub fn overlay(&self) -> Option<Overlay> {
        self.table_screen.overlay
    }

    /// Whether the session is over and the loop should stop.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The messages, oldest first.
    pub fn messages(&self) -> &[Message] {
        self.log.lines()
    }

    /// The message log, with where it is scrolled and the person's last grade.
    pub fn log(&self) -> &Log {
        &self.log
    }

    /// Whether the live EV panel is open.
    pub fn ev_open(&self) -> bool {
        self.live.open
    }

    /// The running count being typed at a count check, if one is asked.
    pub fn count_check(&self) -> Option<&str> {
        self.session.count_check()
    }

    /// The bet being typed in, if one is.
    pub fn bet_entry(&self) -> Option<&str> {
        self.table_screen.bet_entry.as_deref()
    }

    /// Whether an AI seat, the dealer or a paced drill is to move next, at [`App::step_delay`].
    pub fn animating(&self) -> bool {
        self.drill_pacing().is_some() || (self.table_plays() && self.session.automation_pending())
    }

    /// The pause before a paced drill (a countdown, the count quiz) turns its next card.
    fn drill_pacing(&self) -> Option<Duration> {
        self.drill().filter(|_| !self.table_screen.question_up()).and_then(DrillScreen::pacing)
    }

    /// Whether the table plays on: no drill is up and no question waits for its answer (the
    /// panels never hold play up).
    pub(crate) fn table_plays(&self) -> bool {
        !self.table_screen.question_up() && self.drill().is_none()
    }

    /// The pause before each AI action or dealer step.
    pub fn step_delay(&self) -> Duration {
        self.drill_pacing().unwrap_or(self.pace.speed)
    }

    /// Whether it is the person's turn.
    pub fn your_turn(&self) -> bool {
        self.session.your_turn()
    }

    /// Whether the round is over (or none was dealt): the bet may change and space deals.
    pub fn between_rounds(&self) -> bool {
        self.session.between_rounds()
    }

    /// The strategy hint for the person's active hand, when hints are on and it is their turn.
    pub fn hint(&self) -> Option<String> {
        let strategy = self.jobs.strategy.get()?;
        let peek = self.peek_strategy();
        let indices = self.jobs.index_table();
        let evs = self
            .session
            .grading_query(indices.is_some())
            .and_then(|(query, _)| self.jobs.evs.get(&query));
        self.session.hint(strategy, indices, peek.as_deref(), evs)
    }

    /// The one place state changes: the screen on view takes its own intents, every screen
    /// the [`SharedIntent`]s; another screen's intent changes nothing.
    pub fn update(&mut self, intent: impl Into<Intent>) {
        self.collect_background();
        let question = self.table_screen.question_up();
        match (&self.screen, intent.into()) {
            (Screen::Drill(_), Intent::Drill(i)) => self.drill_update(i),
            (Screen::Drill(_), Intent::Shared(SharedIntent::Tick)) => {
                self.drill_update(DrillIntent::Tick);
            }
            (Screen::Review(_), Intent::Review(i)) => self.review_update(i),
            (Screen::Plan(_), Intent::Plan(i)) => self.plan_update(i),
            (Screen::Table, Intent::Question(i)) if question => self.question_update(i),
            (Screen::Table, Intent::Table(i)) if !question => self.table_update(i),
            (_, Intent::Shared(shared)) => self.shared_update(shared),
            _ => {
                self.refresh_background();
                self.derive();
            }
        }
    }

    /// What every screen takes alike: leaving at once, the timer, a redraw.
    fn shared_update(&mut self, intent: SharedIntent) {
        match intent {
            SharedIntent::Exit => {
                // Left in the middle of a round: its decisions are kept, the round marked
                // unfinished (it is not counted as played).
                let news = self.session.exit();
                self.take_in(news);
                self.quit = true;
            }
            SharedIntent::Tick => {
                if self.animating() {
                    self.auto_step();
                }
            }
            SharedIntent::Redraw | SharedIntent::Poll => {}
        }
        self.finish_update();
    }

    /// The answer to the question over the table: leave? the bankroll spent.
    fn question_update(&mut self, intent: QuestionIntent) {
        match intent {
            QuestionIntent::ConfirmQuit => self.confirm_quit(),
            QuestionIntent::CancelQuit => self.table_screen.overlay = None,
            QuestionIntent::AskQuit => self.table_screen.overlay = Some(Overlay::ConfirmQuit),
            QuestionIntent::Rebuy => {
                let news = self.session.rebuy();
                self.take_in(news);
            }
        }
        self.finish_update();
    }

    /// A key of the table, its panels or the count check.
    fn table_update(&mut self, intent: TableIntent) {
        if intent.plays() {
            self.table_screen.make_way_for_play();
        }
        if self.course_update(intent) {
            self.derive();
            return;
        }
        match intent {
            // The table screen's own keys: they change only what it shows.
            TableIntent::BetErase
            | TableIntent::BetCancel
            | TableIntent::PanelPage
            | TableIntent::ClosePanel
            | TableIntent::ToggleHelp
            | TableIntent::ChartMove(_)
            | TableIntent::AskQuit => {
                self.table_screen.update(intent, self.live_cell());
            }
            TableIntent::Act(action) => {
                let news = self.with_session(|s, an| s.act(action, an));
                self.take_in(news);
            }
            TableIntent::Deal => self.deal(),
            TableIntent::BetUp => self.change_bet(1),
            TableIntent::BetDown => self.change_bet(-1),
            TableIntent::BetUpFive => self.change_bet(5),
            TableIntent::BetDownFive => self.change_bet(-5),
            TableIntent::BetDigit(c) => self.bet_digit(c),
            TableIntent::BetEnter => _ = self.bet_enter(),
            TableIntent::LogBack => self.scroll_log(true, LOG_PAGE),
            TableIntent::LogOn => self.scroll_log(false, LOG_PAGE),
            TableIntent::LogBackLines => self.scroll_log(true, LOG_WHEEL),
            TableIntent::LogOnLines => self.scroll_log(false, LOG_WHEEL),
            TableIntent::CountKey(c) => {
                if let Some(typed) = self.session.count_check_mut()
                    && typed.len() < 4
                {
                    typed.push(c);
                }
            }
            TableIntent::CountErase => {
                if let Some(typed) = self.session.count_check_mut() {
                    typed.pop();
                }
            }
            TableIntent::CountSubmit if self.session.count_check().is_some() => {
                let news = self.with_session(|s, an| s.answer_count_check(an));
                self.take_in(news);
            }
            TableIntent::SkipCheck if self.session.count_check().is_some() => {
                // Esc at a count check: skipped this time; the deal goes on.
                self.session.skip_count_check();
                self.deal();
            }
            // With no check asked, there is nothing to answer or skip.
            TableIntent::CountSubmit | TableIntent::SkipCheck => {}
            TableIntent::ToggleHints => {
                let news = self.session.toggle_hints();
                self.take_in(news);
            }
            TableIntent::ToggleEv if self.session.count_hidden() && !self.live.open => self.say(
                Tone::Info,
                "The live EVs are the shoe's as it is, and would tell the count: c shows the \
                 count first (counting mode hides it).",
            ),
            TableIntent::ToggleEv => {
                self.live.open = !self.live.open;
            }
            TableIntent::ToggleStats => self.toggle_stats(),
            TableIntent::ToggleChart => {
                self.ensure_strategy();
                self.table_screen.toggle_chart();
            }
            TableIntent::ToggleCount => self.toggle_count(),
            TableIntent::ToggleCourse => self.toggle_course(),
            // The course page's own key, taken by `course_update` while the page is open.
            TableIntent::StartRulesCheck => {}
            TableIntent::TogglePace => {
                let now = (self.pace.clock)();
                let news = self.session.toggle_pace(now);
                self.take_in(news);
            }
            TableIntent::Skip => self.run_automation(),
            TableIntent::Unknown(c) if self.session.count_check().is_some() => {
                let asks = self.check_asks();
                self.say(
                    Tone::Error,
                    format!(
                        "`{c}`: a count check is open — type the {asks}, then Enter (Esc skips it)"
                    ),
                );
            }
            TableIntent::Unknown(c) => {
                self.say(Tone::Error, format!("`{c}` does nothing here: press ? for the keys"));
            }
            TableIntent::OpenDrills => self.open_drills(),
            TableIntent::OpenReview => self.open_review(),
            TableIntent::OpenPlan => self.open_plan(),
        }
        self.finish_update();
    }

    /// After every change at the table: at speed 0 the seats and the dealer play out at once,
    /// the pace goes on, the background work and the figures catch up.
    fn finish_update(&mut self) {
        if self.pace.speed.is_zero() && self.table_plays() {
            self.run_automation();
        }
        self.keep_pace();
        self.refresh_background();
        self.derive();
    }

    /// Opens or closes the statistics, over the table or a drill.
    pub(crate) fn toggle_stats(&mut self) {
        // Other sessions sharing the file may have written since.
        self.session.coach_mut().refresh();
        self.look.derived.progress =
            crate::tui::widgets::progress::ProgressView::of(&self.session.coach().progress());
        self.table_screen.toggle(Overlay::Stats);
    }

    /// The chart cell of the person's active hand, if it is their turn.
    pub fn live_cell(&self) -> Option<crate::analysis::chart::Cell> {
        self.session.live_cell()
    }

    /// The trainer, to save what is left at the end.
    pub fn coach_mut(&mut self) -> &mut crate::store::Coach {
        self.session.coach_mut()
    }

    /// The person's trainer statistics.
    pub fn coach(&self) -> &crate::store::Coach {
        self.session.coach()
    }

    pub(crate) fn say(&mut self, tone: Tone, text: impl Into<String>) {
        self.log.push(Message::new(tone, text));
    }

    /// Takes in what the session says happened: the log's lines, the rebuy question.
    pub(crate) fn take_in(&mut self, news: Vec<Happening>) {
        for happening in news {
            match happening {
                Happening::Said(notice) => self.log.push(notice.into()),
                Happening::Graded(notice) => self.log.grade(notice.into()),
                Happening::Reason(notice) => self.log.reason(notice.into()),
                Happening::RoundStarted(number) => self.log.start_round(number),
                Happening::BankrollSpent => self.table_screen.overlay = Some(Overlay::Broke),
                Happening::BoughtIn => self.table_screen.overlay = None,
                Happening::CountCheckAsked | Happening::TableCleared => {}
                Happening::CountBreakdown(breakdown) => {
                    for line in crate::tui::breakdown::breakdown_lines(&breakdown) {
                        self.log.push(Message::new(Tone::Info, line));
                    }
                }
            }
        }
    }

    fn scroll_log(&mut self, back: bool, lines: usize) {
        if back {
            self.log.scroll_back(lines, usize::from(self.look.drawn.log_rows));
        } else {
            self.log.scroll_on(lines);
        }
    }
}

/// Lines a page key scrolls the message log.
const LOG_PAGE: usize = 5;
/// Lines a turn of the mouse wheel scrolls the message log.
const LOG_WHEEL: usize = 2;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Action, Card};
    use crate::session::Player;

    fn app(seats: usize, seat: Option<usize>) -> anyhow::Result<App> {
        let config = TableConfig {
            seats,
            you: seat.map(|k| k - 1),
            speed: Duration::ZERO,
            seed: 1,
            ..TableConfig::default()
        };
        App::new(&Rules::default(), config)
    }

    #[test]
    fn an_illegal_key_says_why_and_changes_nothing() -> anyhow::Result<()> {
        let mut app = app(1, None)?;
        let (ten, six, nine, seven) =
            (Card::of_value(10), Card::of_value(6), Card::of_value(9), Card::of_value(7));
        assert!(app.stack_next(&[ten, nine, six, seven]));
        app.update(TableIntent::Deal);
        app.update(TableIntent::Act(Action::Split));
        let last = app.messages().last().map(|m| m.text.clone());
        assert_eq!(last.as_deref(), Some("cannot split: split needs two cards of the same value"));
        assert!(app.your_turn());
        Ok(())
    }

    #[test]
    fn a_round_counts_once_it_is_over_not_when_dealt() -> anyhow::Result<()> {
        let mut app = app(1, None)?;
        let c = Card::of_value;
        // You 10,9 against dealer 7 + hole 10.
        assert!(app.stack_next(&[c(10), c(7), c(9), c(10)]));
        app.update(TableIntent::Deal);
        assert!(app.your_turn());
        assert_eq!(app.session().play.rounds, 0, "a round left unfinished is not played");
        app.update(TableIntent::Act(Action::Stand));
        assert!(app.between_rounds());
        assert_eq!(app.session().play.rounds, 1);
        Ok(())
    }

    #[test]
    fn the_bet_changes_only_between_rounds_and_pays_by_the_round_bet() -> anyhow::Result<()> {
        let mut app = app(1, None)?;
        app.update(TableIntent::BetUp);
        app.update(TableIntent::BetUp);
        assert_eq!(app.bet(), Units::from_units(3));
        let c = Card::of_value;
        // You 10,9 against dealer 7 + hole 10: you stand on 19, the dealer stands on 17.
        assert!(app.stack_next(&[c(10), c(7), c(9), c(10)]));
        app.update(TableIntent::Deal);
        app.update(TableIntent::BetUp);
        assert_eq!(app.bet(), Units::from_units(3), "no change mid-round");
        app.update(TableIntent::Act(Action::Stand));
        assert_eq!(app.bankroll(), Units::from_units(103));
        assert_eq!(app.session().play.wins, 1);
        Ok(())
    }

    /// The screen as text.
    fn screen(app: &App) -> String {
        let mut terminal =
            ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 32)).expect("a backend");
        let frame = terminal.draw(|frame| {
            app.draw(frame);
        });
        let buf = frame.expect("drawn").buffer.clone();
        let area = buf.area;
        (0..area.height)
            .map(|y| (0..area.width).map(|x| buf[(x, y)].symbol().to_owned()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Polls (as the event loop does) until `done`, or fails after a while.
    fn poll_until(app: &mut App, done: impl Fn(&App) -> bool) {
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        while !done(app) {
            assert!(std::time::Instant::now() < deadline, "the result arrives");
            std::thread::sleep(Duration::from_millis(2));
            app.update(SharedIntent::Poll);
        }
    }

    #[test]
    fn the_first_frame_does_not_wait_for_the_strategy() -> anyhow::Result<()> {
        let mut app = app(3, None)?;
        let (open, gate) = std::sync::mpsc::channel();
        let rules = Rules::default();
        let gate = std::sync::Mutex::new(gate);
        app.jobs.strategy = crate::tui::background::Job::started(
            "the strategy",
            Arc::new(move || {
                let _ = gate.lock().map(|g| g.recv());
                crate::analysis::basic_strategy(&rules)
            }),
        );
        assert!(app.background_pending());
        assert!(app.strategy().is_none());
        let first = screen(&app);
        assert!(first.contains("Working out the exact strategy for these rules…"), "{first}");
        assert!(first.contains("Welcome. Space deals"), "{first}");
        assert!(
            app.session
                .seats()
                .iter()
                .all(|s| matches!(s.player, Player::You | Player::Ai { strategy: None, .. })),
            "the seats wait for the chart"
        );
        open.send(())?;
        poll_until(&mut app, |a| a.strategy().is_some());
        assert!(!app.background_pending());
        assert!(
            app.session
                .seats()
                .iter()
                .all(|s| matches!(s.player, Player::You | Player::Ai { strategy: Some(_), .. })),
            "every AI seat has its strategy"
        );
        assert!(!screen(&app).contains("Working out"));
        Ok(())
    }

    #[test]
    fn the_ev_panel_is_computed_off_the_ui_thread_and_never_shows_a_stale_hand()
    -> anyhow::Result<()> {
        // You in seat 1 beside a normal seat, so the live shoe (less every card seen) differs
        // from the grading shoe (less your hand and the up card): two different jobs.
        let mut app = app(2, Some(1))?;
        app.ensure_strategy();
        let (open, gate) = std::sync::mpsc::channel::<()>();
        // Each job waits for a word from the test.
        let gate = std::sync::Mutex::new(gate);
        let rules = Rules::default();
        app.jobs.evs = EvWorker::with(Arc::new(move |query: &crate::trainer::evs::EvQuery| {
            let _ = gate.lock().map(|g| g.recv());
            query.compute(&rules)
        }));
        let c = Card::of_value;
        // You 10,2 against a 6 (the other seat 9,8; the face-down card 9); a hit brings a 3.
        assert!(app.stack_next(&[c(10), c(9), c(6), c(2), c(8), c(9), c(3)]));
        app.update(TableIntent::Deal);
        app.update(TableIntent::ToggleEv);
        // The worker holds every job until the gate opens: the panel says it is computing,
        // and the loop is told to keep polling.
        assert_eq!(app.live_panel(), &LivePanel::Computing);
        assert!(app.background_pending());
        let waiting = screen(&app);
        assert!(waiting.contains("… computing"), "{waiting}");
        // Two jobs: the EVs that grade the decision (asked for at the deal), the panel's.
        open.send(())?;
        open.send(())?;
        poll_until(&mut app, |a| matches!(a.live_panel(), LivePanel::Ready(_)));
        assert!(!app.background_pending(), "idle again: no more polling");
        let LivePanel::Ready(first) = app.live_panel().clone() else { unreachable!() };
        assert_eq!(first.ranked.len(), 3, "hit, stand, double: {first:?}");
        assert!(screen(&app).contains("← chart"));
        // Hit with the panel open: it stays open, and the numbers for 10,2 must not be shown
        // for 10,2,3.
        app.update(TableIntent::Act(Action::Hit));
        assert!(app.ev_open());
        assert_eq!(app.live_panel(), &LivePanel::Computing);
        open.send(())?;
        open.send(())?;
        poll_until(&mut app, |a| matches!(a.live_panel(), LivePanel::Ready(_)));
        let LivePanel::Ready(second) = app.live_panel() else { unreachable!() };
        assert_eq!(second.ranked.len(), 2, "no double after a hit: {second:?}");
        assert_ne!(second.ranked, first.ranked);
        Ok(())
    }
}
