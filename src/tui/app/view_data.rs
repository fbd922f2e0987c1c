//! The app's screens as view data: what each frame shows, built from the state (and from the
//! figures worked out when the state changed, [`Derived`]) before drawing. The draw code
//! ([`crate::tui::draw`]) sees only this.

use ratatui::Frame;
use ratatui::layout::Rect;

use super::{App, Overlay, Screen};
use crate::analysis::chart::Cell;
use crate::engine::Phase;
use crate::session::CheckKind;
use crate::tui::draw::{self, Drawn, PanelView, ScreenView, TableView, View};
use crate::tui::widgets::Ctx;
use crate::tui::widgets::chart::{ChartView, evs_text};
use crate::tui::widgets::drill::tray::TrayView;
use crate::tui::widgets::overlay::{BrokeView, help_lines};
use crate::tui::widgets::progress::ProgressView;
use crate::tui::widgets::review::{AROUND, ReviewView};
use crate::tui::widgets::seat::SeatPanel;
use crate::tui::widgets::side::CountView;
use crate::tui::widgets::status::{ActionBar, BankView, HintLine, ShoeGauge, StatusView};
use crate::tui::widgets::trainer::StatsView;

/// The dealer's place with no cards: the table once the dealer has cleared it.
static EMPTY_DEALER: std::sync::LazyLock<crate::engine::DealerHand> =
    std::sync::LazyLock::new(crate::engine::DealerHand::default);

/// The figures the screens show that take analysis to work out — the hint and its reason, the
/// chart's selected cell, the reviewed decision's reason, the statistics — worked out when
/// the state changes ([`App::update`]), never while drawing.
#[derive(Debug, Clone, Default)]
pub struct Derived {
    /// The hint line.
    pub hint: Option<HintLine>,
    /// The chart's selected cell: its EVs and reason.
    pub chart_detail: Option<String>,
    /// The reason for the reviewed decision's cell.
    pub review_reason: Option<String>,
    /// The statistics screen, while it is open.
    pub stats: Option<StatsView>,
    /// The progress page's days, read from the store when the statistics screen opens.
    pub progress: ProgressView,
    /// The session summary's rows, once it is up.
    pub summary: Vec<(String, String)>,
}

impl App {
    /// Draws the app's view ([`App::view`]) on `frame`; returns what the layout decided (the
    /// loop hands it back with [`App::set_drawn`]).
    pub fn draw(&self, frame: &mut Frame) -> Drawn {
        let area = frame.area();
        let mut view = self.view(area);
        draw::render(&mut view, self.ctx(), area, frame.buffer_mut())
    }

    /// What the widgets draw with besides their data.
    pub fn ctx(&self) -> Ctx {
        self.look.ctx
    }

    /// What the key handler reads: which screen, panel and question are up.
    pub fn key_state(&self) -> crate::tui::input::KeyState<'_> {
        crate::tui::input::KeyState {
            overlay: self.table_screen.overlay,
            drill: self.drill(),
            review: self.review().is_some(),
            plan: matches!(self.screen, Screen::Plan(_)),
            count_check: self.session.count_check().is_some(),
            between_rounds: self.session.between_rounds(),
            typing_bet: self.table_screen.bet_entry.is_some(),
            animating: self.animating(),
            course_check: self.table_screen.course.checking(),
            counting: self.session.counting_mode(),
        }
    }

    /// The frame's view data for a screen of `area`.
    pub fn view(&self, area: Rect) -> View<'_> {
        let screen = match &self.screen {
            Screen::Drill(_) => match (self.chooser_view(), self.drill_view()) {
                (Some(chooser), _) => ScreenView::Chooser(self.table_view(), chooser),
                (None, Some(drill)) => ScreenView::Drill(drill),
                (None, None) => ScreenView::Table(self.table_view()),
            },
            Screen::Review(_) => match self.review_view() {
                Some(review) => ScreenView::Review(review),
                None => ScreenView::Table(self.table_view()),
            },
            Screen::Plan(page) => ScreenView::Plan(self.plan_view(page)),
            Screen::Table => ScreenView::Table(self.table_view()),
        };
        View { screen, panel: self.panel_view(area), timed: self.drill_pacing().is_some() }
    }

    /// The table screen's view: what the person's seat may see, and the screen's own state.
    fn table_view(&self) -> TableView<'_> {
        let session = &self.session;
        let you = session.your_seat();
        let public = session.table().view(you);
        let active = match public.phase() {
            Phase::Players { seat, hand } => Some((seat, hand)),
            _ => None,
        };
        let dealt = public.phase() != Phase::Betting;
        // At the table's pace the dealer clears the round's cards before the next deal.
        let cleared = session.cards_cleared();
        let seats = public
            .seats()
            .iter()
            .zip(session.seats())
            .enumerate()
            .map(|(i, (seat, info))| SeatPanel {
                index: i,
                name: &info.name,
                level: info.level(),
                active: active.is_some_and(|(s, _)| s == i),
                you: i == you,
                active_hand: active.and_then(|(s, h)| (s == i).then_some(h)),
                hands: if cleared { &[] } else { seat.hands() },
                bet: seat.dealt_bet(),
                net: dealt.then(|| seat.net_money()),
            })
            .collect();
        let rules = session.rules();
        let (pays, decks) = (rules.payout_label(), rules.decks_label());
        let (s17, soft17) =
            if rules.dealer_hits_soft_17 { ("H17", "hits") } else { ("S17", "stands on") };
        let short = format!(" Blackjack · {decks} · {s17} · no peek");
        let mut title = [
            format!(
                " Blackjack trainer · {decks} · dealer {soft17} soft 17 · no peek · blackjack pays {pays}"
            ),
            format!(" Blackjack trainer · {decks} · {s17} · no peek · blackjack pays {pays}"),
            short.clone(),
            short,
        ];
        // Counting mode says so, with its ramp, in every form of the header.
        if let Some(counting) = session.counting_label() {
            title[3] = " Blackjack".to_owned();
            title = title.map(|t| format!("{t} · {counting}"));
        }
        let practice = session.coach().standing().and_then(|s| Some((s.long()?, s.short()?)));
        let count = session.count_shown().then(|| self.count_view());
        let action = match public.phase() {
            Phase::Players { seat, .. } if seat == you => {
                ActionBar::YourTurn(session.table().legal_actions(you))
            }
            Phase::Players { seat, .. } => ActionBar::Playing {
                name: &session.seats()[seat].name,
                level: session.seats()[seat].level(),
            },
            Phase::Dealer => ActionBar::Dealer,
            Phase::Betting | Phase::Settled if session.count_check().is_some() => {
                ActionBar::CountCheck { asks: self.check_asks() }
            }
            Phase::Betting | Phase::Settled if session.pace().is_some() && dealt => {
                ActionBar::Paced {
                    next_in: session.pace_deal_at().map(|at| {
                        let left = at.saturating_duration_since((self.pace.clock)());
                        left.as_secs() + u64::from(left.subsec_nanos() > 0)
                    }),
                }
            }
            Phase::Betting | Phase::Settled => ActionBar::BetweenRounds,
        };
        let hint = if self.jobs.strategy.get().is_none() {
            HintLine::Working
        } else {
            self.look.derived.hint.clone().unwrap_or(if session.your_turn() {
                HintLine::Offer
            } else {
                HintLine::Blank
            })
        };
        let shoe = session.table().shoe();
        TableView {
            title,
            practice,
            dealer: if cleared { &EMPTY_DEALER } else { public.dealer() },
            dealer_playing: public.phase() == Phase::Dealer,
            seats,
            log: &self.log,
            ev: self.live.open.then_some(&self.live.shows),
            count,
            status: StatusView {
                action,
                hint,
                count: None,
                last_grade: self.log.last_grade(),
                last_reason: self.log.last_reason(),
                bank: BankView {
                    bankroll: session.bankroll(),
                    bet: session.bet(),
                    count_check: session.count_check(),
                    check_asks: self.check_asks(),
                    bet_entry: self.table_screen.bet_entry.as_deref(),
                    not_saved: session.coach().not_saving().is_some()
                        || session.coach().lost_something(),
                    // A decks-left check must not show its answer.
                    shoe: (session.surprise_check() != Some(CheckKind::Decks)).then(|| ShoeGauge {
                        size: shoe.size(),
                        left: public.cards_left(),
                        until_cut: public.until_cut(),
                    }),
                    reshuffled: session.reshuffled(),
                    hints: session.hints(),
                },
            },
            // A decks-left check reads the discard tray: this shoe's cards dealt so far.
            tray: (session.surprise_check() == Some(CheckKind::Decks)).then(|| TrayView {
                dealt: shoe.size().saturating_sub(public.cards_left()),
                shoe: shoe.size(),
            }),
        }
    }

    /// What the count check asks, in words.
    pub(super) fn check_asks(&self) -> &'static str {
        use crate::tui::widgets::status::{DECKS_LEFT, RUNNING_COUNT, TRUE_COUNT};
        match self.session.surprise_check() {
            Some(CheckKind::True) => TRUE_COUNT,
            Some(CheckKind::Decks) => DECKS_LEFT,
            Some(CheckKind::Running) | None => RUNNING_COUNT,
        }
    }

    /// The count of the cards the person's seat has seen since the shuffle.
    pub(crate) fn count_view(&self) -> CountView {
        let public = self.session.table().view(self.session.your_seat());
        let system = self.session.count_system();
        let running = self.session.running_count();
        // A half-point count's true count is in points: its units over twice the cards.
        let per_point = usize::try_from(system.unit.per_point()).unwrap_or(1);
        CountView {
            running,
            true_count: crate::analysis::hilo::TrueCount::of(
                running,
                public.cards_left().saturating_mul(per_point),
            ),
            cards_left: public.cards_left(),
            seen: public.seen().total(),
            name: system.name.to_string(),
            start: (!system.is_balanced())
                .then(|| system.initial_running_count(self.session.rules().decks)),
        }
    }

    /// The review screen's view, if the review is open.
    fn review_view(&self) -> Option<ReviewView<'_>> {
        let screen = self.review()?;
        let entries = screen.entries(self.session.coach().hand_history());
        let entry = entries.get(screen.entry).copied();
        let decisions = entry.map_or_else(Vec::new, |e| {
            crate::trainer::history::review::shown_decisions(e, screen.mistakes)
        });
        let first = screen.entry.saturating_sub(AROUND / 2);
        let around = entries
            .iter()
            .enumerate()
            .skip(first)
            .take(AROUND)
            .map(|(i, e)| {
                (i == screen.entry, e.is_wrong(), crate::trainer::history::review::entry_title(e))
            })
            .collect();
        Some(ReviewView {
            around,
            entry,
            position: (screen.entry + 1, entries.len()),
            older: self.session.coach().older_entries(),
            decisions,
            selected: screen.decision,
            reason: self.look.derived.review_reason.clone(),
            mistakes: screen.mistakes,
            note: screen.note.as_ref(),
        })
    }

    /// The panel or question over the screen, if one is open.
    fn panel_view(&self, area: Rect) -> Option<PanelView<'_>> {
        Some(match self.table_screen.overlay? {
            Overlay::Help => PanelView::Help(help_lines(
                self.drill().is_some().then(|| self.session.count_system()),
                crate::tui::input::help_lines(Some(self.session.count_system())),
                area.height,
            )),
            Overlay::ConfirmQuit => PanelView::Quit(self.session.hands_in_play()),
            Overlay::Broke => PanelView::Broke(BrokeView {
                bankroll: self.session.bankroll(),
                min_bet: self.session.rules().bet_limits().0,
                rebuy: self.session.starting_bankroll(),
            }),
            Overlay::Summary => PanelView::Summary(self.look.derived.summary.clone()),
            Overlay::Stats => PanelView::Stats(Box::new(self.look.derived.stats.clone()?)),
            Overlay::Course => {
                PanelView::Course(self.table_screen.course.view(self.table_screen.stats_page))
            }
            Overlay::Chart => PanelView::Chart(ChartView {
                strategy: self.jobs.strategy.get().map(|s| &**s),
                current: self.live_cell(),
                selected: self.chart_selection(),
                detail: self.look.derived.chart_detail.clone(),
                indices: self.chart_indices(),
                index_title: self.session.count_system().named("Index chart"),
            }),
        })
    }

    /// Works out the [`Derived`] figures for what is on screen, after every change of state.
    pub(crate) fn derive(&mut self) {
        let strategy = self.jobs.strategy.get().cloned();
        let peek = strategy.as_ref().and_then(|_| self.peek_strategy());
        let peek_chart = peek.as_ref().map(|p| &p.chart);
        self.look.derived.hint = self.hint().map(HintLine::Hint);
        self.look.derived.chart_detail = match (self.table_screen.overlay, &strategy) {
            (Some(Overlay::Chart), Some(strategy)) => self.chart_selection().map(|cell| {
                if let Some(line) = self.index_detail(strategy, cell) {
                    return line;
                }
                let why = crate::analysis::reasons::reason(
                    strategy,
                    peek_chart,
                    cell,
                    crate::analysis::reasons::Figures::Chart,
                )
                .map_or_else(String::new, |r| format!(" · Why: {}", r.idea()));
                format!("▸ {}{why}", evs_text(strategy, cell))
            }),
            _ => None,
        };
        self.look.derived.review_reason = self.review().and_then(|screen| {
            let cell = screen.marked(self.session.coach().hand_history())?.cell()?;
            crate::analysis::reasons::line(
                strategy.as_ref()?,
                peek_chart,
                cell,
                crate::analysis::reasons::Figures::Chart,
            )
        });
        self.look.derived.stats =
            (self.table_screen.overlay == Some(Overlay::Stats)).then(|| self.stats_view());
        if self.table_screen.overlay == Some(Overlay::Summary)
            && self.look.derived.summary.is_empty()
        {
            self.look.derived.summary = self.session.summary_rows();
        }
    }

    /// The index plays the chart shows in counting mode, once this game's table is ready.
    fn chart_indices(&self) -> Option<&crate::analysis::deviation::IndexTable> {
        self.session.counting_mode().then(|| self.jobs.index_table()).flatten()
    }

    /// The selected cell's line in counting mode where it has an index play: the play as
    /// printed charts write it, what it gains at the count chosen with `+`/`-`, and the
    /// full shoe's EVs.
    fn index_detail(&self, strategy: &crate::analysis::Strategy, cell: Cell) -> Option<String> {
        use crate::text::{signed, signed_decimals};
        let play = self.chart_indices()?.get(cell)?;
        let tc = self.table_screen.chart_count;
        let at = match play.gain_at(tc) {
            Some(gain) => {
                let (better, worse) = if gain >= 0.0 {
                    (play.play, play.otherwise)
                } else {
                    (play.otherwise, play.play)
                };
                format!(
                    "at true count {}: {better} {} bets a hand over {worse} ({} − {} = {})",
                    signed(tc),
                    signed_decimals(gain.abs(), 3),
                    play.play,
                    play.otherwise,
                    signed_decimals(gain, 3)
                )
            }
            None => format!(
                "at true count {}: {}",
                signed(tc),
                if play.applies(tc) { play.play } else { play.otherwise }
            ),
        };
        Some(format!(
            "▸ {} (else {}) · {at} · full shoe: {} · +/- count",
            crate::tui::widgets::chart::index_entry(play),
            play.otherwise,
            evs_text(strategy, cell)
        ))
    }

    /// The statistics screen: the session's and the lifetime's figures, the cells missed
    /// most, spaced practice, the heat map.
    fn stats_view(&self) -> StatsView {
        use crate::trainer::report::{figures, heat_map};
        let coach = self.session.coach();
        let lifetime = coach.lifetime();
        let shown = lifetime.as_ref().unwrap_or(coach.session());
        StatsView {
            session: figures(coach.session()),
            lifetime: lifetime.as_ref().map(figures),
            missed: shown
                .most_missed(4)
                .iter()
                .map(|(k, r)| {
                    format!(
                        "{} ({}/{})",
                        crate::trainer::tally::cell_label(k),
                        r.wrong,
                        r.decisions
                    )
                })
                .collect(),
            practice: coach.standing().and_then(|s| s.long()),
            heat: heat_map(shown),
            progress: self.look.derived.progress.clone(),
            page: self.table_screen.stats_page,
        }
    }

    /// The loop tells the app what drawing decided.
    pub fn set_drawn(&mut self, drawn: Drawn) {
        self.look.drawn = drawn;
    }
}
