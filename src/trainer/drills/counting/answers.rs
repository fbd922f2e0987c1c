//! A question and its graded answer: reading what was typed and saying why.

use super::QuizSettings;
use crate::analysis::counts::CountSystem;
use crate::analysis::deviation::{Direction, IndexPlay};
use crate::analysis::indices::never_words;
use crate::engine::{Action, Card, Cards, Value};
use crate::text::{signed, signed_decimals};
use crate::trainer::history::CountAnswer;

/// One question.
#[derive(Debug, Clone, PartialEq)]
pub enum Prompt {
    /// These cards, shown at once: their net count?
    Pairs {
        /// The cards.
        cards: Vec<Card>,
    },
    /// Running count `running` with `decks` decks left (read at the resolution).
    TrueCount {
        /// The running count.
        running: i32,
        /// Decks left, at the resolution.
        decks: f64,
    },
    /// `dealt` of `shoe` cards are in the discard tray: how many decks are left?
    Decks {
        /// Cards in the discard tray.
        dealt: usize,
        /// Cards in the full shoe.
        shoe: usize,
    },
    /// At floored true count `tc`, the bet?
    Ramp {
        /// The floored true count.
        tc: i32,
    },
    /// This hand against this up card at floored true count `tc`: the play?
    Deviation {
        /// The index play asked about.
        play: IndexPlay,
        /// The hand.
        cards: Cards,
        /// The dealer's up card.
        up: Card,
        /// The floored true count.
        tc: i32,
    },
}

/// A graded answer.
#[derive(Debug, Clone, PartialEq)]
pub struct QuizAnswer {
    /// Whether it was right.
    pub right: bool,
    /// The right answer, as the player would type it.
    pub expected: String,
    /// Why, in a line: the sum, the convention, the index.
    pub why: String,
    /// How far off a numeric answer was (0 when right; 1 for a wrong play).
    pub error: f64,
}

impl QuizAnswer {
    /// The answer as the hand history keeps it: `question` as asked, what was `typed`.
    pub fn record(&self, skill: &str, question: String, typed: &str, seconds: f64) -> CountAnswer {
        CountAnswer {
            at: 0,
            skill: skill.to_owned(),
            question,
            answer: typed.trim().to_owned(),
            truth: self.expected.clone(),
            right: self.right,
            error: self.error,
            seconds,
            countdown: None,
        }
    }
}

pub(super) fn fmt_decks(decks: f64) -> String {
    let s = format!("{decks:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// `a deck`, `half a deck`, `a quarter deck`: one step of `resolution`.
fn noun_step(resolution: super::Resolution) -> &'static str {
    match resolution {
        super::Resolution::Whole => "a deck",
        super::Resolution::Half => "half a deck",
        super::Resolution::Quarter => "a quarter deck",
    }
}

pub(super) fn number(text: &str) -> Result<f64, String> {
    let clean = text.trim_start_matches('+').replace('−', "-");
    clean
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| format!("`{text}` is not a number"))
}

/// The largest true count an answer may give: past it no shoe dealt to its cut card goes.
pub const MAX_TRUE_COUNT_ANSWER: f64 = 30.0;

/// A number within `low..=high`: `what` names the quantity for the refusal.
fn number_in(text: &str, low: f64, high: f64, what: &str) -> Result<f64, String> {
    let given = number(text)?;
    if (low..=high).contains(&given) {
        Ok(given)
    } else {
        Err(format!("{what} is between {low} and {high}: `{text}` cannot be it"))
    }
}

/// The ramp in words: `from a true count of 0 or less: 1, 2, 4, 6, 8, 10, 12`.
pub fn ramp_words(ramp: &super::BetRamp) -> String {
    let bets: Vec<String> = ramp.bets().iter().map(u32::to_string).collect();
    format!("from a true count of 0 or less: {}", bets.join(", "))
}

/// Whether `guess` can be `system`'s running count of `cards` cards counted from `start`; the
/// refusal says why not.
pub fn check_count_of(
    system: &CountSystem,
    start: i32,
    guess: i32,
    cards: usize,
) -> Result<i32, String> {
    let reach = i64::from(system.level()).saturating_mul(cards as i64);
    let (low, high) = (i64::from(start) - reach, i64::from(start) + reach);
    if (low..=high).contains(&i64::from(guess)) {
        Ok(guess)
    } else {
        Err(format!(
            "{cards} cards make a {} between {} and {}: {} cannot be it",
            system.named("running count"),
            signed(low),
            signed(high),
            signed(guess)
        ))
    }
}

/// Grades `text` as the answer to `prompt` under `settings`, or says why it is no answer.
pub fn grade_prompt(
    prompt: &Prompt,
    settings: &QuizSettings,
    text: &str,
) -> Result<QuizAnswer, String> {
    match prompt {
        Prompt::Pairs { cards } => {
            // The count's own tags (Hi-Lo unless another was chosen), a half-point count's
            // typed and shown in points.
            let system = &settings.system;
            let per_point = system.unit.per_point();
            let most = cards.len() as f64 * f64::from(system.level());
            let given = number_in(text, -most, most, "the net count of these cards")?;
            let tags: Vec<i32> = cards.iter().map(|&c| system.card_tag(c)).collect();
            let net: i32 = tags.iter().sum();
            let say = |units: i32| {
                if per_point > 1 { system.points(units) } else { signed(units) }
            };
            let each: Vec<String> =
                cards.iter().zip(&tags).map(|(c, &t)| format!("{c} {}", say(t))).collect();
            let cancel =
                if net == 0 && tags.iter().any(|&t| t != 0) { ": they cancel" } else { "" };
            let net_points = f64::from(net) / f64::from(per_point);
            Ok(QuizAnswer {
                right: given == net_points,
                expected: say(net),
                why: format!("{}{cancel} → {}", each.join(", "), say(net)),
                error: (given - net_points).abs(),
            })
        }
        Prompt::TrueCount { running, decks } => {
            let most = MAX_TRUE_COUNT_ANSWER;
            let given = number_in(text, -most, most, "a true count")?;
            // A half-point count's true count is in points: its units over twice the decks.
            let per_point = f64::from(settings.system.unit.per_point());
            let expected = settings.convention.apply(*running, decks * per_point);
            let exact = f64::from(*running) / (decks * per_point);
            let units = if per_point > 1.0 { " half points ÷ 2" } else { "" };
            Ok(QuizAnswer {
                right: given == f64::from(expected),
                expected: signed(expected),
                why: format!(
                    "{}{units} ÷ {decks} = {}, {} → {}",
                    signed(*running),
                    signed_decimals(exact, 2),
                    settings.convention.name(),
                    signed(expected)
                ),
                error: (given - f64::from(expected)).abs(),
            })
        }
        Prompt::Decks { dealt, shoe } => {
            let given = number_in(text, 0.0, *shoe as f64 / 52.0, "the decks left")?;
            let left = shoe - dealt;
            let expected = settings.resolution.decks(left);
            let exact = left as f64 / 52.0;
            // Read by eye: any answer within a step of the decks left is right (a half deck
            // by default), not only the one step nearest them.
            let step = settings.resolution.step();
            Ok(QuizAnswer {
                right: (given - exact).abs() <= step + 1e-9,
                expected: fmt_decks(expected),
                why: format!(
                    "{left} cards left = {exact:.2} decks ({} to the {} deck): within {} of it \
                     is right",
                    fmt_decks(expected),
                    settings.resolution.name(),
                    noun_step(settings.resolution)
                ),
                error: (given - exact).abs(),
            })
        }
        Prompt::Ramp { tc } => {
            let most = settings.ramp.bets().iter().copied().max().unwrap_or(1);
            let given = number_in(text, 0.0, f64::from(most) * 100.0, "a bet")?;
            let expected = settings.ramp.bet(*tc);
            // The answer names this count's bet only: the whole ramp is the drill's to show
            // (after the answer), or it would be in view while the next question is asked.
            Ok(QuizAnswer {
                right: given == f64::from(expected),
                expected: expected.to_string(),
                why: format!("at {} the ramp bets {expected}", signed(*tc)),
                error: (given - f64::from(expected)).abs(),
            })
        }
        Prompt::Deviation { play, tc, cards, up } => {
            let given = action_key(text)?;
            let (expected, other, sign) = match play.applies(*tc) {
                true => (play.play, play.otherwise, 1.0),
                false => (play.otherwise, play.play, -1.0),
            };
            let mut why = format!("{}: {}", play.cell.label(), index_words(play));
            // What the right play is worth at this count over the other (the computed tables
            // say; a published one does not).
            let edge = play.gain_at(*tc).map(|g| sign * g).filter(|&e| e >= 0.0);
            if let Some(edge) = edge {
                why.push_str(&format!(
                    "; at {} {} is worth {edge:.3} bets more than {}",
                    signed(*tc),
                    expected.name(),
                    other.name()
                ));
                if given == other {
                    why.push_str(": what this answer gives away");
                }
            }
            // Any other wrong play (a third one, or the other where the table has no figures):
            // its cost from the exact EVs of the hand in a shoe at this count.
            if given != expected && !(given == other && edge.is_some()) {
                let evs = super::evs_at_count(&settings.rules, &settings.system, cards, *up, *tc);
                if let (Some(right), Some(chosen)) = (evs.get(expected), evs.get(given)) {
                    let cost = right - chosen;
                    // One shoe can disagree with the table by a hair: the table weighs every
                    // shoe at the count, so a near tie is said as one.
                    let says = if cost >= 0.0005 {
                        format!("gives away {cost:.3} bets against {}", expected.name())
                    } else if cost > -0.0005 {
                        format!("is within 0.001 bets of {}", expected.name())
                    } else {
                        format!(
                            "does {:.3} bets better than {} in this one shoe, though the index \
                             table, which weighs every shoe at the count, says {}",
                            -cost,
                            expected.name(),
                            expected.name()
                        )
                    };
                    why.push_str(&format!(
                        "; {} {says} (this hand's exact EVs in a shoe at {} {})",
                        given.name(),
                        settings.count_words(),
                        signed(*tc)
                    ));
                }
            }
            if let Some(peek) = settings.peek.get(play.cell)
                && peek.index != play.index
            {
                why.push_str(&format!(
                    "; the American peek-game table says {}{}",
                    index_words(peek),
                    if natural_explains(play, peek) {
                        " (with no hole card, a dealer natural here takes the doubled or split stake too)"
                    } else {
                        ""
                    }
                ));
            }
            Ok(QuizAnswer {
                right: given == expected,
                expected: expected.name().to_owned(),
                why,
                error: f64::from(u8::from(given != expected)),
            })
        }
    }
}

/// Whether the dealer's natural (which takes a doubled or split stake only without the peek)
/// explains why `play`'s index is higher here than the peek game's `peek`: a double or split
/// against a ten or an ace, wanting a higher count here (or never made here).
fn natural_explains(play: &IndexPlay, peek: &IndexPlay) -> bool {
    let raises = match (play.direction, play.index, peek.index) {
        (Direction::AtOrAbove, Some(here), Some(there)) => here > there,
        (Direction::AtOrAbove, None, Some(_)) => true,
        _ => false,
    };
    matches!(play.play, Action::Double | Action::Split)
        && matches!(play.cell.up, Value::ACE | Value::TEN)
        && raises
}

/// `stand at +0 and above`, `hit below −1`, `never between −10 and +15`.
pub fn index_words(play: &IndexPlay) -> String {
    match (play.index, play.direction) {
        (None, _) => format!("{} {}", play.play.name(), never_words()),
        (Some(i), Direction::AtOrAbove) => {
            format!("{} at {} and above", play.play.name(), signed(i))
        }
        (Some(i), Direction::Below) => format!("{} below {}", play.play.name(), signed(i)),
    }
}

pub(super) fn action_key(text: &str) -> Result<Action, String> {
    crate::trainer::drills::decision::typed_action(text)
        .ok_or_else(|| format!("`{text}` is not a play: h, s, d or p"))
}
