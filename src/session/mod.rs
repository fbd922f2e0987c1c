//! The game at a table as the trainer runs it, without a terminal: [`TableSession`]'s `deal`,
//! `act`, `step`, `rebuy` and count checks each return what happened as data ([`Happening`]s).
//! The analysis it grades with comes with each call ([`Analysis`]), so the slow work stays
//! with whoever runs its threads.

mod analysis;
mod checks;
mod counting;
mod grading;
pub mod hint;
pub mod narrate;
mod notice;
mod pace;
mod play;
pub mod seats;
mod summary;

pub use analysis::{Analysis, EvSource, ExactEvs, Peek};
pub use checks::{BREAKDOWN_ROUNDS, Breakdown, CheckKind, RoundCount};
pub use counting::IndexHint;
pub use notice::{Happening, Kind, Notice};
pub use pace::{Pace, PaceStep};
pub use seats::{Player, SeatInfo};

use anyhow::bail;

use crate::ai::Level;
use crate::engine::{Action, GameRng, Phase, Rules, Table, Units, seeded_table};
use crate::setup::TableConfig;
use crate::store::{Coach, SessionInfo, SessionKind};
use crate::trainer::tally::Tally;
use counting::CountState;

/// What the session was started with.
struct Settings {
    hints: bool,
    /// Refuse decisions that differ from basic strategy.
    strict: bool,
    /// What a rebuy brings (the bankroll the session started with).
    rebuy: Units,
    seed: u64,
    /// Cards written in ASCII in what the session says.
    ascii: bool,
}

/// One person's session at a table: the game and the trainer's rules, without a screen.
pub struct TableSession {
    table: Table<GameRng>,
    rules: Rules,
    seats: Vec<SeatInfo>,
    you: usize,
    /// Grading, statistics and the hand history.
    coach: Coach,
    /// Counting mode, the count checks, what is held back, and whether the count is shown.
    count: CountState,
    settings: Settings,
    /// The shoe was reshuffled before the round on the table.
    reshuffled: bool,
    /// Leaving was confirmed: the person's hands in play are played out by basic strategy.
    leaving: bool,
    pace: pace::PaceState,
    /// The surprise checks and the rounds a wrong count's breakdown shows.
    checks: checks::Checks,
    /// What happened since the last call returned.
    news: Vec<Happening>,
}

impl TableSession {
    /// A table set up as `config` says, and what opening the statistics had to say; refuses
    /// bad seats, no AI level, or a bankroll the table cannot take.
    pub fn new(
        rules: &Rules,
        config: &TableConfig,
    ) -> anyhow::Result<(TableSession, Option<String>)> {
        let count = config.seats;
        if !(1..=crate::engine::MAX_SEATS).contains(&count) {
            bail!("--seats must be 1 to {}, not {count}", crate::engine::MAX_SEATS);
        }
        let you = match config.you {
            None => (count - 1) / 2,
            Some(k) if k < count => k,
            Some(k) => bail!("--seat must be 1 to {count} (the number of seats), not {}", k + 1),
        };
        if config.ai.is_empty() && count > 1 {
            bail!("--ai needs at least one level (easy, normal, hard or counter)");
        }
        let mut levels = config.ai.iter().copied().cycle();
        let mut seats = Vec::with_capacity(count);
        for i in 0..count {
            let (name, player) = if i == you {
                ("You".to_owned(), Player::You)
            } else {
                let level = levels.next().unwrap_or(Level::Hard);
                let strategy = None;
                (format!("Seat {}", i + 1), Player::Ai { level, strategy })
            };
            seats.push(SeatInfo { name, player });
        }
        let mut table = seeded_table(rules.clone(), count, config.seed);
        if let Err(err) = table.buy_in(you, config.bankroll) {
            bail!("--bankroll {}: {err}", config.bankroll.plain());
        }
        let (coach, news) = Coach::open_with_review(
            config.stats.as_ref(),
            SessionInfo::new(SessionKind::Table, rules),
            config.clock,
            config.history_limit,
        )?;
        let session = TableSession {
            table,
            rules: rules.clone(),
            seats,
            you,
            coach,
            count: CountState::new(
                config.counting,
                config.ramp.clone(),
                config.count_check_every,
                config.count_system.clone(),
            ),
            settings: Settings {
                hints: config.hints,
                strict: config.strict,
                rebuy: config.bankroll,
                seed: config.seed,
                ascii: config.ascii,
            },
            reshuffled: false,
            leaving: false,
            pace: pace::PaceState::new(config.pace),
            checks: checks::Checks::new(config.seed),
            news: Vec::new(),
        };
        Ok((session, news))
    }

    fn take_news(&mut self) -> Vec<Happening> {
        std::mem::take(&mut self.news)
    }

    fn say(&mut self, kind: Kind, text: impl Into<String>) {
        self.news.push(Happening::Said(Notice::new(kind, text)));
    }

    /// A refusal, worded: between rounds it says how to go on.
    pub fn refusal(&self, err: impl std::fmt::Display) -> Notice {
        let mut text = err.to_string();
        if self.table.phase() == Phase::Settled {
            text.push_str(" (space deals the next round)");
        }
        Notice::new(Kind::Refused, text)
    }

    fn refuse(&mut self, err: impl std::fmt::Display) {
        let notice = self.refusal(err);
        self.news.push(Happening::Said(notice));
    }

    /// The rules of the table.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The table (read-only).
    pub fn table(&self) -> &Table<GameRng> {
        &self.table
    }

    /// Test and drill support: the next cards dealt will be these, in order (see
    /// [`Table::stack_next`]). `false` if the shoe does not hold them.
    pub fn stack_next(&mut self, cards: &[crate::engine::Card]) -> bool {
        self.table.stack_next(cards)
    }

    /// Who sits in each seat.
    pub fn seats(&self) -> &[SeatInfo] {
        &self.seats
    }

    /// The person's seat, 0-based.
    pub fn your_seat(&self) -> usize {
        self.you
    }

    /// The seed of the shoe (so a session can be replayed with `--seed`).
    pub fn seed(&self) -> u64 {
        self.settings.seed
    }

    /// The person's trainer: grades, statistics, the hand history.
    pub fn coach(&self) -> &Coach {
        &self.coach
    }

    /// The person's trainer, to save or refresh it, or to record a drill's answers.
    pub fn coach_mut(&mut self) -> &mut Coach {
        &mut self.coach
    }

    /// The person's tally for this session (the coach's: one tally for every screen).
    pub fn tally(&self) -> &Tally {
        self.coach.session()
    }

    /// The person's seat at the table: bet, bankroll, what was bought in, the hands.
    pub fn your_money(&self) -> &crate::engine::Seat {
        &self.table.seats()[self.you]
    }

    /// The bankroll now (money off the table).
    pub fn bankroll(&self) -> Units {
        self.your_money().bankroll()
    }

    /// The bet for the next round (and of the round on the table).
    pub fn bet(&self) -> Units {
        self.your_money().bet()
    }

    /// The bankroll the session started with (what a rebuy brings).
    pub fn starting_bankroll(&self) -> Units {
        self.settings.rebuy
    }

    /// Everything bought in this session: the first bankroll and every rebuy.
    pub fn bought_in(&self) -> Units {
        self.your_money().bought_in()
    }

    /// Whether the bankroll holds less than the table's smallest bet.
    pub fn is_broke(&self) -> bool {
        self.bankroll() < self.rules.bet_limits().0
    }

    /// Whether hints are on.
    pub fn hints(&self) -> bool {
        self.settings.hints
    }

    /// Hints on or off, and the line that says which.
    pub fn toggle_hints(&mut self) -> Vec<Happening> {
        self.settings.hints = !self.settings.hints;
        let text = if self.settings.hints {
            "Hints on: the strategy's play is shown for your hand."
        } else {
            "Hints off."
        };
        self.say(Kind::Info, text);
        self.take_news()
    }

    /// Whether the shoe was reshuffled before the round on the table.
    pub fn reshuffled(&self) -> bool {
        self.reshuffled
    }

    /// Whether it is the person's turn.
    pub fn your_turn(&self) -> bool {
        matches!(self.table.phase(), Phase::Players { seat, .. } if seat == self.you)
    }

    /// Whether the round is over (or none was dealt): the bet may change and space deals.
    pub fn between_rounds(&self) -> bool {
        matches!(self.table.phase(), Phase::Betting | Phase::Settled)
    }

    /// Whether the person has hands in play that leaving would play out.
    pub fn hands_in_play(&self) -> bool {
        !self.between_rounds()
            && self.table.seats()[self.you].hands().iter().any(|h| h.outcome.is_none())
    }

    /// The chart cell of the person's active hand, if it is their turn.
    pub fn live_cell(&self) -> Option<crate::analysis::chart::Cell> {
        let view = self.table.view(self.you);
        let hand = view.active_hand()?;
        let up = view.dealer_up()?.value();
        Some(crate::analysis::chart::Cell::for_hand(
            &hand.cards,
            up,
            view.legal().contains(Action::Split),
        ))
    }

    /// Whether an AI seat counts cards.
    pub fn has_counter_seat(&self) -> bool {
        self.seats.iter().any(|s| s.level() == Some(Level::Counter))
    }

    /// Whether this game's index table is wanted from the start: counting mode or a counter
    /// seat.
    pub fn wants_indices(&self) -> bool {
        self.count.mode || self.has_counter_seat()
    }

    /// Gives every AI seat still waiting its strategy (the hard one plays `strategy`'s chart,
    /// a counter `indices` once ready and the table's ramp).
    pub fn install_seat_strategies(
        &mut self,
        strategy: &crate::analysis::Strategy,
        indices: Option<&crate::analysis::deviation::IndexTable>,
    ) {
        let ramp = self.count.ramp.clone().unwrap_or_default();
        let count = (&self.count.system, self.rules.decks);
        for seat in &mut self.seats {
            if let Player::Ai { level, strategy: slot @ None } = &mut seat.player {
                *slot = Some(Box::new(seats::seat_strategy(
                    *level,
                    &strategy.chart,
                    indices,
                    &ramp,
                    count,
                )));
            }
        }
    }

    /// The counter seats drop the strategy they play, to be given one with this game's index
    /// table ([`TableSession::install_seat_strategies`]) now that it is ready.
    pub fn forget_counter_strategies(&mut self) {
        for seat in &mut self.seats {
            if let Player::Ai { level: Level::Counter, strategy } = &mut seat.player {
                *strategy = None;
            }
        }
    }

    /// This game's index table is being worked out: until it is ready, counting mode grades
    /// by the chart, and says so.
    pub fn indices_started(&mut self) {
        self.count.awaiting_indices = self.count.mode;
    }

    /// At a deal while the index table is still being worked out: says once that decisions
    /// are graded by the chart until it is ready.
    pub(super) fn tell_index_wait(&mut self, ready: bool) {
        if self.count.awaiting_indices && !ready && !self.count.told_index_wait {
            self.count.told_index_wait = true;
            let line = format!(
                "Working out this game's {}; until then decisions are graded by the chart.",
                self.count.system.named("index plays")
            );
            self.say(Kind::Info, line);
        }
    }

    /// This game's index table, `table`, has arrived: counting mode says it grades by it now
    /// (and how many were graded by the chart), or for an empty table, that the chart grades.
    pub fn indices_arrived(
        &mut self,
        table: Option<&crate::analysis::deviation::IndexTable>,
    ) -> Vec<Happening> {
        self.count.awaiting_indices = false;
        if self.count.mode {
            let system = &self.count.system;
            let line = if table.is_some_and(|t| t.plays.is_empty()) {
                format!(
                    "Index plays for {} are being worked out: decisions are graded by the chart \
                     meanwhile.",
                    system.name
                )
            } else {
                match self.count.chart_graded {
                    0 => format!(
                        "This game's {} is ready: decisions are graded by it now.",
                        system.named("index table")
                    ),
                    n => format!(
                        "This game's {} is ready: decisions are graded by it from now on ({} \
                         before it by the chart).",
                        system.named("index table"),
                        crate::text::counted(u64::from(n), "decision")
                    ),
                }
            };
            self.say(Kind::Info, line);
        }
        self.take_news()
    }

    /// The parts a drill borrows from the session: the rules, the coach, the seed, the ramp,
    /// the count kept.
    pub fn drill_parts(
        &mut self,
    ) -> (
        &Rules,
        &mut Coach,
        u64,
        Option<&crate::trainer::drills::counting::BetRamp>,
        &crate::analysis::counts::CountSystem,
    ) {
        (
            &self.rules,
            &mut self.coach,
            self.settings.seed,
            self.count.ramp.as_ref(),
            &self.count.system,
        )
    }
}
