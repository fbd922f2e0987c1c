//! The decision drill's session, shared by `blackjack drill` and the TUI: a [`DecisionDrill`]
//! deals questions of one kind and grades each answer with its exact EV cost. Nothing here
//! reads the clock or a terminal: the caller says how long an answer took and brings its EVs.

use rand::SeedableRng;

use super::kinds::{DrillDealer, DrillKind, Question, RETIRE_AFTER, fresh_hand_actions};
use super::schedule::due_cells;
use crate::analysis::HandEvs;
use crate::analysis::chart::{Cell, Chart};
use crate::engine::{Action, ActionSet, GameRng, Rules};
use crate::trainer::day::{Clock, Day};
use crate::trainer::grade::{Grade, grade};
use crate::trainer::tally::Tally;

/// What a drill session came to.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DrillSummary {
    /// Decisions graded.
    pub decisions: u32,
    /// Decisions that followed basic strategy.
    pub right: u32,
    /// Right answers in a row at the end.
    pub streak: u32,
    /// The longest run of right answers.
    pub best_streak: u32,
    /// EV given away through mistakes, in units.
    pub ev_lost: f64,
    /// Seconds spent on all graded decisions.
    pub seconds: f64,
    /// Count questions asked.
    pub count_asked: u32,
    /// Count questions answered right.
    pub count_right: u32,
}

impl DrillSummary {
    /// Mean seconds per graded decision, if any.
    pub fn mean_seconds(&self) -> Option<f64> {
        (self.decisions > 0).then(|| self.seconds / f64::from(self.decisions))
    }

    /// Counts a graded decision that took `seconds`.
    pub fn record(&mut self, grade: &Grade, seconds: f64) {
        self.decisions += 1;
        self.seconds += seconds;
        if grade.is_correct() {
            self.right += 1;
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
            self.ev_lost += grade.cost;
        }
    }

    /// The running score in one line: `Right 5 of 7 (71%) · streak 2 (best 3) · EV given
    /// away 0.123 · 2.4 s a decision`, or `Right 2 of 3 (67%)` for the count quiz.
    pub fn score_line(&self, kind: DrillKind) -> String {
        let percent = |right: u32, of: u32| 100.0 * f64::from(right) / f64::from(of.max(1));
        if kind == DrillKind::Count {
            return match self.count_asked {
                0 => "No answer yet".to_owned(),
                n => format!(
                    "Right {} of {n} ({:.0}%)",
                    self.count_right,
                    percent(self.count_right, n)
                ),
            };
        }
        match self.mean_seconds() {
            None => "No answers yet".to_owned(),
            Some(mean) => format!(
                "Right {} of {} ({:.0}%) · streak {} (best {}) · EV given away {:.3} · {mean:.1} s a decision",
                self.right,
                self.decisions,
                percent(self.right, self.decisions),
                self.streak,
                self.best_streak,
                self.ev_lost,
            ),
        }
    }

    /// The closing line: `Drill over: 5/7 right (71 %), best streak 3, …`.
    pub fn report(&self, kind: DrillKind) -> String {
        if kind == DrillKind::Count {
            return match self.count_asked {
                0 => "Count quiz over: no question answered.".to_owned(),
                n => format!(
                    "Count quiz over: {}/{n} right ({:.0} %).",
                    self.count_right,
                    100.0 * f64::from(self.count_right) / f64::from(n)
                ),
            };
        }
        match self.mean_seconds() {
            None => "Drill over: no question answered.".to_owned(),
            Some(mean) => format!(
                "Drill over: {}/{} right ({:.0} %), best streak {}, EV given away {:.3} bets, {:.1} s per decision on average.",
                self.right,
                self.decisions,
                100.0 * f64::from(self.right) / f64::from(self.decisions),
                self.best_streak,
                self.ev_lost,
                mean
            ),
        }
    }
}

/// A graded drill answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// The question answered.
    pub question: Question,
    /// The grade, with the EV cost of a mistake.
    pub grade: Grade,
    /// Every legal action's exact EV, best first.
    pub ranked: Vec<(Action, f64)>,
    /// How long the answer took.
    pub seconds: f64,
    /// In the `mistakes` drill: this answer retired the cell (three right in a row).
    pub retired: bool,
}

impl Answer {
    /// Why the chart's play is best in this hand, from its exact EVs, compared with `peek`'s
    /// chart (the American game's) where that one differs ([`crate::analysis::reasons::line`]).
    pub fn why(
        &self,
        strategy: &crate::analysis::Strategy,
        peek: Option<&Chart>,
    ) -> Option<String> {
        use crate::analysis::reasons::{Figures, Source, line};
        line(
            strategy,
            peek,
            self.grade.cell,
            Figures::Hand {
                source: Source::ThisHand,
                evs: &self.ranked,
                advised: self.grade.advised,
                chosen: self.grade.chosen,
            },
        )
    }
}

/// Why an answer was not taken (nothing changes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DrillError {
    /// The action is not legal for this hand.
    #[error("you cannot {action} this hand")]
    NotLegal {
        /// What was asked.
        action: Action,
    },
}

/// A decision drill: questions of one kind, each graded at once.
#[derive(Debug, Clone)]
pub struct DecisionDrill {
    kind: DrillKind,
    rules: Rules,
    dealer: DrillDealer,
    rng: GameRng,
    /// The stored statistics plus this drill's answers, so a cell retires as soon as it may.
    working: Tally,
    summary: DrillSummary,
    question: Question,
    legal: ActionSet,
    /// The day answers are recorded on (and, for `due`, the day whose due cells are asked).
    today: Day,
}

impl DecisionDrill {
    /// A drill of `kind` under `rules` today by `seed`; `history` steers `mistakes` and `due`.
    pub fn new(kind: DrillKind, rules: &Rules, seed: u64, history: Tally) -> DecisionDrill {
        DecisionDrill::on_day(kind, rules, seed, history, Clock::Local.today())
    }

    /// As [`DecisionDrill::new`], on `today`. The no-hole-card kind compares this game's chart
    /// with the peek game's (a few seconds the first time) and deals any hand if none differs.
    pub fn on_day(
        kind: DrillKind,
        rules: &Rules,
        seed: u64,
        history: Tally,
        today: Day,
    ) -> DecisionDrill {
        if kind == DrillKind::NoHoleCard {
            let here = crate::analysis::basic_strategy(rules);
            let peek = crate::analysis::strategy::peek_strategy(rules);
            let cells = super::kinds::peek_differences(&here.chart, &peek.chart);
            let drill = DecisionDrill::of_cells(kind, &cells, rules, seed, history.clone(), today);
            if let Some(drill) = drill {
                return drill;
            }
        }
        DecisionDrill::with_dealer(DrillDealer::new(kind), rules, seed, history, today)
    }

    /// A drill of `kind` on `cells` alone, each as often, on `today`; `None` if none is dealt.
    pub fn of_cells(
        kind: DrillKind,
        cells: &[Cell],
        rules: &Rules,
        seed: u64,
        history: Tally,
        today: Day,
    ) -> Option<DecisionDrill> {
        let dealer = DrillDealer::of_cells(kind, cells)?;
        Some(DecisionDrill::with_dealer(dealer, rules, seed, history, today))
    }

    /// A drill dealt by `dealer`, its first question dealt.
    fn with_dealer(
        dealer: DrillDealer,
        rules: &Rules,
        seed: u64,
        history: Tally,
        today: Day,
    ) -> DecisionDrill {
        let kind = dealer.kind();
        let mut rng = GameRng::seed_from_u64(seed);
        let question = next_question(kind, &dealer, &mut rng, &history, today, None);
        let legal = fresh_hand_actions(rules, &question.cards);
        DecisionDrill {
            kind,
            rules: rules.clone(),
            dealer,
            rng,
            working: history,
            summary: DrillSummary::default(),
            question,
            legal,
            today,
        }
    }

    /// A drill on `cell` alone ("practise this"), in its table's kind; `None` if not drillable.
    pub fn for_cell(cell: Cell, rules: &Rules, seed: u64, history: Tally) -> Option<DecisionDrill> {
        let dealer = DrillDealer::for_cell(cell)?;
        let mut drill = DecisionDrill::new(dealer.kind(), rules, seed, history);
        drill.dealer = dealer;
        drill.question = drill.dealer.next(&mut drill.rng, &drill.working);
        drill.legal = fresh_hand_actions(rules, &drill.question.cards);
        Some(drill)
    }

    /// The history this drill sees: the statistics it started with and its own answers.
    pub fn history(&self) -> &Tally {
        &self.working
    }

    /// The day the drill records its answers on.
    pub fn today(&self) -> Day {
        self.today
    }

    /// What this drill practises.
    pub fn kind(&self) -> DrillKind {
        self.kind
    }

    /// The cells it asks about, when they are a list of their own; empty when it deals by rows.
    pub fn cells(&self) -> &[Cell] {
        self.dealer.cells()
    }

    /// The question waiting for an answer.
    pub fn question(&self) -> &Question {
        &self.question
    }

    /// The answers the question takes.
    pub fn legal(&self) -> ActionSet {
        self.legal
    }

    /// The running tally of this drill.
    pub fn summary(&self) -> &DrillSummary {
        &self.summary
    }

    /// Whether the `mistakes` drill has missed cells left, or the `due` drill cells due today;
    /// true for the other kinds.
    pub fn has_mistakes_left(&self) -> bool {
        match self.kind {
            DrillKind::Mistakes => !super::kinds::mistake_weights(&self.working).is_empty(),
            DrillKind::Due => !due_cells(&self.working, self.today).is_empty(),
            _ => true,
        }
    }

    /// Grades `chosen` given the question's exact `evs` and the hard strategy's `chart`, counts
    /// it and deals the next question; an illegal action is refused and changes nothing.
    pub fn answer(
        &mut self,
        chart: &Chart,
        chosen: Action,
        evs: &HandEvs,
        seconds: f64,
    ) -> Result<Answer, DrillError> {
        if !self.legal.contains(chosen) {
            return Err(DrillError::NotLegal { action: chosen });
        }
        let legal = self.legal;
        let question = self.question.clone();
        let ev_of = |a: Action| legal.contains(a).then(|| evs.get(a)).flatten();
        let graded = grade(chart, &question.cards, question.up.value(), legal, chosen, ev_of);
        self.summary.record(&graded, seconds);
        self.working.record_decision(&graded, self.today);
        let retired = self.kind == DrillKind::Mistakes
            && graded.is_correct()
            && self
                .working
                .cells
                .get(&graded.cell.key())
                .is_some_and(|rec| rec.wrong > 0 && rec.streak == RETIRE_AFTER);
        self.question = next_question(
            self.kind,
            &self.dealer,
            &mut self.rng,
            &self.working,
            self.today,
            Some(question.cell),
        );
        self.legal = fresh_hand_actions(&self.rules, &self.question.cards);
        Ok(Answer {
            question,
            ranked: crate::trainer::evs::ranked_legal(evs, legal),
            grade: graded,
            seconds,
            retired,
        })
    }
}

/// The next question of a drill of `kind`: for `due`, the most overdue cell due `today` other
/// than the one just asked (`last`) unless it is the only one; otherwise the dealer's.
fn next_question(
    kind: DrillKind,
    dealer: &DrillDealer,
    rng: &mut GameRng,
    history: &Tally,
    today: Day,
    last: Option<Cell>,
) -> Question {
    if kind == DrillKind::Due {
        let due = due_cells(history, today);
        if let Some(d) = due.iter().find(|d| Some(d.cell) != last).or(due.first()) {
            return Question::dealt(rng, d.cell);
        }
    }
    dealer.next(rng, history)
}

/// A play as typed at a prompt: its name or its key (`h`, `s`, `d`, `p` for split), any case.
pub fn typed_action(text: &str) -> Option<Action> {
    let text = text.to_ascii_lowercase();
    let key = |a: Action| ["h", "s", "d", "p"][a as usize];
    Action::ALL.into_iter().find(|&a| text == a.name() || text == key(a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_play_reads_as_a_key_or_a_name_in_any_case() {
        assert_eq!(typed_action("h"), Some(Action::Hit));
        assert_eq!(typed_action("Stand"), Some(Action::Stand));
        assert_eq!(typed_action("double"), Some(Action::Double));
        assert_eq!(typed_action("P"), Some(Action::Split));
        assert_eq!(typed_action("x"), None);
        assert_eq!(typed_action(""), None);
    }
    use crate::analysis::basic_strategy;
    use crate::analysis::chart::HandKind;
    use crate::trainer::evs::EvQuery;
    use crate::trainer::tally::CellRecord;

    fn evs(rules: &Rules, drill: &DecisionDrill) -> HandEvs {
        EvQuery::question(rules, drill.question()).compute(rules)
    }

    #[test]
    fn answers_are_graded_counted_and_the_next_question_dealt() {
        let rules = Rules::default();
        let chart = basic_strategy(&rules).chart.clone();
        let mut drill = DecisionDrill::new(DrillKind::Pairs, &rules, 7, Tally::default());
        let first = drill.question().clone();
        assert_eq!(first.cell.kind, HandKind::Pair);
        assert!(drill.legal().contains(Action::Split));
        let advised = chart.decide(&first.cards, first.up.value(), drill.legal());
        let e = evs(&rules, &drill);
        let answer = drill.answer(&chart, advised, &e, 1.5).expect("legal");
        assert!(answer.grade.is_correct());
        assert_eq!(answer.question, first);
        assert_eq!(answer.ranked.len(), drill.legal().iter().count());
        // A wrong answer costs EV and breaks the streak.
        let second = drill.question().clone();
        let advised = chart.decide(&second.cards, second.up.value(), drill.legal());
        let wrong = if advised == Action::Split { Action::Hit } else { Action::Split };
        let e = evs(&rules, &drill);
        let answer = drill.answer(&chart, wrong, &e, 2.5).expect("legal");
        assert!(!answer.grade.is_correct());
        assert!(answer.grade.cost > 0.0);
        let s = drill.summary();
        assert_eq!((s.decisions, s.right, s.streak, s.best_streak), (2, 1, 0, 1));
        assert!((s.seconds - 4.0).abs() < 1e-12);
        assert_eq!(s.mean_seconds(), Some(2.0));
        let line = s.score_line(DrillKind::Pairs);
        assert!(
            line.starts_with("Right 1 of 2 (50%) · streak 0 (best 1) · EV given away 0."),
            "{line}"
        );
        assert!(line.ends_with("· 2.0 s a decision"), "{line}");
    }

    #[test]
    fn an_illegal_answer_changes_nothing() {
        let rules = Rules::default();
        let chart = basic_strategy(&rules).chart.clone();
        let mut drill = DecisionDrill::new(DrillKind::Hard, &rules, 3, Tally::default());
        let before = drill.question().clone();
        let e = evs(&rules, &drill);
        assert_eq!(
            drill.answer(&chart, Action::Split, &e, 1.0),
            Err(DrillError::NotLegal { action: Action::Split })
        );
        assert_eq!(drill.question(), &before);
        assert_eq!(drill.summary(), &DrillSummary::default());
    }

    #[test]
    fn the_mistakes_drill_retires_a_cell_after_three_right_in_a_row() {
        let rules = Rules::default();
        let chart = basic_strategy(&rules).chart.clone();
        let mut history = Tally::default();
        history.cells.insert(
            "hard:16:T".into(),
            CellRecord { decisions: 4, wrong: 4, streak: 0, ..CellRecord::default() },
        );
        let mut drill = DecisionDrill::new(DrillKind::Mistakes, &rules, 1, history);
        assert!(drill.has_mistakes_left());
        for n in 1..=3 {
            let q = drill.question().clone();
            assert_eq!(q.cell.key(), "hard:16:T", "the one missed cell is asked");
            let advised = chart.decide(&q.cards, q.up.value(), drill.legal());
            let e = evs(&rules, &drill);
            let answer = drill.answer(&chart, advised, &e, 1.0).expect("legal");
            assert_eq!(answer.retired, n == 3, "answer {n}");
        }
        assert!(!drill.has_mistakes_left(), "the cell is retired");
    }

    #[test]
    fn the_no_hole_card_drill_asks_where_the_charts_differ_and_grades_the_peek_play_wrong() {
        let rules = Rules::default();
        let here = basic_strategy(&rules);
        let peek = crate::analysis::strategy::peek_strategy(&rules);
        let cells = super::super::kinds::peek_differences(&here.chart, &peek.chart);
        assert!(!cells.is_empty(), "the no-hole-card game changes some cell");
        let mut drill = DecisionDrill::new(DrillKind::NoHoleCard, &rules, 5, Tally::default());
        assert_eq!(drill.cells(), cells.as_slice());
        let mut asked = std::collections::BTreeSet::new();
        for n in 0..24 {
            let q = drill.question().clone();
            assert!(cells.contains(&q.cell), "{:?} is not a cell that differs", q.cell);
            asked.insert(q.cell);
            let legal = drill.legal();
            let advised = here.chart.decide(&q.cards, q.up.value(), legal);
            let peeked = peek.chart.decide(&q.cards, q.up.value(), legal);
            assert_ne!(advised, peeked, "{:?}", q.cell);
            let e = evs(&rules, &drill);
            // Every other answer the peek chart's play: a mistake here, with its cost.
            let chosen = if n % 2 == 0 { advised } else { peeked };
            let answer = drill.answer(&here.chart, chosen, &e, 1.0).expect("legal");
            assert_eq!(answer.grade.is_correct(), n % 2 == 0, "{:?}", q.cell);
            if n % 2 == 1 {
                assert!(answer.grade.cost > 0.0, "{answer:?}");
            }
        }
        assert_eq!(asked.len(), cells.len(), "every differing cell asked in 24");
        let s = drill.summary();
        assert_eq!((s.decisions, s.right), (24, 12));
        // The same kind through `of_cells` with no cell: nothing to drill.
        let none = DecisionDrill::of_cells(
            DrillKind::NoHoleCard,
            &[],
            &rules,
            5,
            Tally::default(),
            drill.today(),
        );
        assert!(none.is_none());
    }
}
