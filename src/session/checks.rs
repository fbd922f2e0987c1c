//! Surprise checks at the table's pace (the running count, the floored true count or the decks
//! left, kept as `count`, `table-true`, `table-decks`), and the breakdown of a wrong count:
//! the rounds since the last right running count, so the learner finds where it went off.

use rand::{RngExt, SeedableRng};

use crate::analysis::counts::CountSystem;
use crate::engine::{Card, GameRng};
use crate::text::signed;
use crate::trainer::drills::count_quiz::read_count_of;
use crate::trainer::drills::counting::Resolution;
use crate::trainer::history::CountAnswer;

use super::{Analysis, Happening, Kind, Notice, TableSession};

/// The most rounds a breakdown keeps (the oldest go first).
pub const BREAKDOWN_ROUNDS: usize = 60;

/// What a surprise check asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckKind {
    /// The running count.
    Running,
    /// The true count, floored as the program uses it.
    True,
    /// The decks left in the shoe, read from the discard tray, to the nearest half deck.
    Decks,
}

impl CheckKind {
    /// The skill the answer is kept under in the store.
    pub fn skill(self) -> &'static str {
        match self {
            CheckKind::Running => "count",
            CheckKind::True => "table-true",
            CheckKind::Decks => "table-decks",
        }
    }

    /// The question, as the log says it, in the count kept (`system`).
    pub fn question(self, system: &CountSystem) -> String {
        match self {
            CheckKind::Running => format!(
                "Surprise check: the {}? Type it, then Enter.",
                system.named("running count")
            ),
            CheckKind::True => format!(
                "Surprise check: the {}? The running count ÷ the decks left (cards left ÷ \
                 52), floored (+1.9 → +1, −0.5 → −1). Type it, then Enter.",
                system.named("true count")
            ),
            CheckKind::Decks => "Surprise check: the decks left in the shoe (the shoe less the \
                 discard tray), to the nearest half deck (e.g. 3.5)? Type it, then Enter."
                .to_owned(),
        }
    }
}

/// One round as the count saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundCount {
    /// The round's number in the session.
    pub number: u64,
    /// Every card the round showed: each seat's hands, then the dealer's.
    pub cards: Vec<Card>,
    /// The running count after the round.
    pub running_after: i32,
    /// The shoe was reshuffled before this round: the count started again at 0.
    pub new_shoe: bool,
}

/// The rounds since the last right running count, with the count after each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Breakdown {
    /// The running count at the last right answer (`None`: counted from the shuffle).
    pub from: Option<i32>,
    /// The rounds, oldest first.
    pub rounds: Vec<RoundCount>,
    /// Rounds older than these, no longer kept.
    pub dropped: usize,
    /// The running count the learner gave.
    pub answered: i32,
}

/// The surprise checks' state.
pub(super) struct Checks {
    rng: GameRng,
    /// The check asked now, if a surprise check is.
    pub(super) asked: Option<CheckKind>,
    /// The running count at the last right running count.
    from: Option<i32>,
    /// The rounds since, oldest first, and how many were dropped from the front.
    rounds: Vec<RoundCount>,
    dropped: usize,
}

impl Checks {
    /// Checks drawn from `seed` (the same seed asks at the same deals).
    pub(super) fn new(seed: u64) -> Checks {
        Checks {
            rng: GameRng::seed_from_u64(seed ^ 0x5eed_c4ec_c4ec_5eed),
            asked: None,
            from: None,
            rounds: Vec::new(),
            dropped: 0,
        }
    }
}

impl TableSession {
    /// The surprise check asked now, if one is.
    pub fn surprise_check(&self) -> Option<CheckKind> {
        self.checks.asked
    }

    /// The rounds kept for a breakdown, oldest first.
    pub fn counted_rounds(&self) -> &[RoundCount] {
        &self.checks.rounds
    }

    /// At the end of a round: its cards and the running count after it, for a breakdown.
    pub(super) fn note_round_count(&mut self) {
        let view = self.table.view(self.you);
        let mut cards: Vec<Card> = self
            .table
            .seats()
            .iter()
            .flat_map(|seat| seat.hands().iter().flat_map(|h| h.cards.as_slice().iter().copied()))
            .collect();
        cards.extend_from_slice(view.dealer().cards.as_slice());
        let round = RoundCount {
            number: self.coach.session().play.rounds + 1,
            cards,
            running_after: self.running_count(),
            new_shoe: self.reshuffled,
        };
        self.checks.rounds.push(round);
        if self.checks.rounds.len() > BREAKDOWN_ROUNDS {
            self.checks.rounds.remove(0);
            self.checks.dropped += 1;
        }
    }

    /// A running count was answered: right, the breakdown starts again from it; wrong, the
    /// breakdown of the rounds since the last right one is told.
    pub(super) fn running_answered(&mut self, right: bool, answered: i32) {
        if right {
            self.checks.from = Some(self.running_count());
            self.checks.rounds.clear();
            self.checks.dropped = 0;
        } else {
            self.news.push(Happening::CountBreakdown(Breakdown {
                from: self.checks.from,
                rounds: self.checks.rounds.clone(),
                dropped: self.checks.dropped,
                answered,
            }));
        }
    }

    /// Before a deal the pace makes: a surprise check at random, with the count hidden. `true`
    /// if one was asked (the deal waits for its answer).
    pub(super) fn ask_surprise_check(&mut self) -> bool {
        let every = self.count.check_every;
        if !self.count_hidden() || every == 0 || self.count.check.is_some() {
            return false;
        }
        if self.checks.rng.random_range(0..every) != 0 {
            return false;
        }
        // An unbalanced count (KO, Red 7) has no true count: its checks ask the other two.
        let kind = match self.checks.rng.random_range(0..3u8) {
            0 => CheckKind::Running,
            1 if self.count.system.is_balanced() => CheckKind::True,
            1 => CheckKind::Running,
            _ => CheckKind::Decks,
        };
        self.checks.asked = Some(kind);
        self.count.check = Some(String::new());
        self.news.push(Happening::CountCheckAsked);
        let question = kind.question(&self.count.system);
        self.say(Kind::Info, question);
        true
    }

    /// The surprise check's typed answer, graded and kept, then the deal; one that is no
    /// answer is asked again.
    pub(super) fn answer_surprise(
        &mut self,
        kind: CheckKind,
        typed: String,
        an: &mut Analysis<'_>,
    ) -> Vec<Happening> {
        let view = self.table.view(self.you);
        let left = view.cards_left();
        let shoe = usize::from(self.rules.decks) * 52;
        let running = self.running_count();
        let system = self.count.system.clone();
        let start = system.initial_running_count(self.rules.decks);
        let graded = match kind {
            CheckKind::Running => read_count_of(&typed, &system, start, shoe.saturating_sub(left))
                .map(|guess| {
                    let text = verdict(&system.named("running count"), running, guess, "");
                    (
                        guess == running,
                        signed(guess),
                        signed(running),
                        f64::from((guess - running).abs()),
                        text,
                    )
                }),
            CheckKind::True => read_true_count(&typed).map(|guess| {
                let tc = system.floored_true_count(running, left);
                let how = format!(
                    " ({} ÷ {:.2} decks ({left} cards ÷ 52), floored)",
                    signed(running),
                    left as f64 / 52.0
                );
                let text = verdict(&system.named("true count"), tc, guess, &how);
                (guess == tc, signed(guess), signed(tc), f64::from((guess - tc).abs()), text)
            }),
            CheckKind::Decks => read_decks(&typed, f64::from(self.rules.decks)).map(|guess| {
                let truth = Resolution::Half.decks(left);
                let right = (guess - truth).abs() < 1e-9;
                let text = if right {
                    format!("Surprise check: {} decks left, right ({left} cards).", decks(truth))
                } else {
                    format!(
                        "Surprise check: {} decks are left ({left} cards, to the nearest half \
                         deck), not {}.",
                        decks(truth),
                        decks(guess)
                    )
                };
                (right, decks(guess), decks(truth), (guess - left as f64 / 52.0).abs(), text)
            }),
        };
        let (right, answer, truth, error, text) = match graded {
            Ok(graded) => graded,
            Err(why) => {
                self.say(Kind::Refused, format!("{why}."));
                self.count.check = Some(String::new());
                self.checks.asked = Some(kind);
                return self.take_news();
            }
        };
        self.coach.record_count(CountAnswer {
            at: 0,
            skill: kind.skill().to_owned(),
            // The question names the count (as the drills' do; Hi-Lo's none), which the
            // course reads back ([`crate::trainer::drills::counting::asked_in`]).
            question: format!(
                "{} before round {} (a surprise check at the table)",
                match kind {
                    CheckKind::Running => format!("the {}", system.named("running count")),
                    CheckKind::True => format!("the {}, floored", system.named("true count")),
                    CheckKind::Decks => "the decks left, to the half deck".to_owned(),
                },
                self.coach.session().play.rounds + 1
            ),
            answer: answer.clone(),
            truth,
            right,
            error,
            seconds: 0.0,
            countdown: None,
        });
        // The verdict last, kept in view (the deal follows at once and scrolls the log).
        self.release_held_back("The count was checked: what was held back from it —");
        self.news.push(Happening::Graded(Notice::new(Kind::graded(right), text)));
        match kind {
            CheckKind::Running => {
                let guess = read_count_of(&typed, &system, start, shoe.saturating_sub(left))
                    .unwrap_or(running);
                self.running_answered(right, guess);
            }
            // A wrong true count may come of a wrong running count: the rounds show it.
            CheckKind::True if !right => self.running_answered(false, running),
            _ => {}
        }
        self.count.checked_this_round = true;
        self.deal_now(an);
        self.take_news()
    }
}

/// `Surprise check: the {what} is {truth}, right{how}.` (or `not {guess}`).
fn verdict(what: &str, truth: i32, guess: i32, how: &str) -> String {
    let verdict =
        if guess == truth { "right".to_owned() } else { format!("not {}", signed(guess)) };
    format!("Surprise check: the {what} is {}, {verdict}{how}.", signed(truth))
}

/// A true count as typed: a whole number, `+` or `−` allowed.
fn read_true_count(typed: &str) -> Result<i32, String> {
    let clean = typed.trim().trim_start_matches('+').replace('−', "-");
    match clean.parse::<i32>() {
        Ok(tc) if tc.abs() <= 30 => Ok(tc),
        Ok(_) => Err(format!(
            "`{}` is no true count a shoe reaches: type one from −30 to +30",
            typed.trim()
        )),
        Err(_) if clean.is_empty() => {
            Err("Nothing was typed: type the true count, a whole number (e.g. -2), then Enter"
                .to_owned())
        }
        Err(_) => Err(format!(
            "`{}` is not a true count: type a whole number (e.g. -2), then Enter",
            typed.trim()
        )),
    }
}

/// Decks left as typed: a number of decks from 0 to the shoe's, at the half deck.
fn read_decks(typed: &str, shoe: f64) -> Result<f64, String> {
    let clean = typed.trim();
    match clean.parse::<f64>() {
        Ok(d) if (0.0..=shoe).contains(&d) && (d * 2.0).fract() == 0.0 => Ok(d),
        Ok(_) => Err(format!(
            "`{clean}` is not a number of decks from 0 to {shoe} at the half deck (e.g. 3.5)"
        )),
        Err(_) if clean.is_empty() => {
            Err("Nothing was typed: type the decks left (e.g. 3.5), then Enter".to_owned())
        }
        Err(_) => Err(format!("`{clean}` is not a number of decks: type one like 3.5, then Enter")),
    }
}

/// `3.5`, `4`.
fn decks(d: f64) -> String {
    if d.fract() == 0.0 { format!("{d:.0}") } else { format!("{d:.1}") }
}
