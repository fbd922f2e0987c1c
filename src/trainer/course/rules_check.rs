//! Stage 0's check: ten questions on the house's rules, each answer worked out from the loaded
//! [`Rules`] and the engine's own settlement, so a changed `rules.toml` changes the right answer.

use crate::engine::settle::{DealerResult, settle_hand};
use crate::engine::{Rules, Total, Units};
use crate::trainer::history::CountAnswer;

/// The skill the answers are kept under.
pub const SKILL: &str = "rules";

/// What a question wants.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Reply {
    /// A number: a result per unit bet, or a count of hands.
    Number(f64),
    /// Yes or no.
    YesNo(bool),
}

impl Reply {
    /// As the learner would type it: `+1.5`, `−2`, `yes`.
    pub fn text(self) -> String {
        match self {
            Reply::Number(x) => Units((x * 1000.0).round() as i64).to_string(),
            Reply::YesNo(true) => "yes".to_owned(),
            Reply::YesNo(false) => "no".to_owned(),
        }
    }
}

/// One question of the check.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    /// The question.
    pub text: String,
    /// The right answer under the rules.
    pub answer: Reply,
    /// Why, in a line (the rule it comes from).
    pub why: String,
}

/// A hand's result per unit bet as the engine settles it under `rules`: hard `total` (a
/// natural or not), `stake` 1 or 2, against `dealer`.
pub(super) fn settled(
    rules: &Rules,
    total: u8,
    natural: bool,
    stake: i64,
    dealer: DealerResult,
) -> Units {
    let pays = Units(rules.blackjack_pays_milli());
    let hard_total = Total { value: total, soft: false };
    settle_hand(hard_total, natural, stake, dealer, pays, Units::ONE).delta
}

fn yes_no(allowed: bool) -> &'static str {
    if allowed { "allowed" } else { "not allowed" }
}

/// The two-card totals `rules` let a hand double on: `any first two cards`, `9, 10 or 11 only`.
fn double_words(rules: &Rules) -> String {
    let totals: Vec<String> =
        (4..=21).filter(|&t| rules.double_on.allows(t)).map(|t| t.to_string()).collect();
    match totals.as_slice() {
        [] => "no two cards".to_owned(),
        all if all.len() == 18 => "any first two cards".to_owned(),
        [one] => format!("{one} only"),
        [init @ .., last] => format!("{} or {last} only", init.join(", ")),
    }
}

/// The ten questions, with their answers under `rules`.
pub fn questions(rules: &Rules) -> Vec<Question> {
    let per_bet =
        |total, natural, stake, dealer| settled(rules, total, natural, stake, dealer).as_f64();
    let natural_pays = per_bet(21, true, 1, DealerResult::Stood(20));
    let natural_push = per_bet(21, true, 1, DealerResult::Natural);
    let doubled = per_bet(20, false, 2, DealerResult::Natural);
    let split =
        per_bet(18, false, 1, DealerResult::Natural) + per_bet(17, false, 1, DealerResult::Natural);
    let double_nine = rules.double_on.allows(9);
    let double_soft = rules.double_on.allows(18);
    let after_split = rules.double_after_split && rules.double_on.allows(10);
    let ask =
        |text: &str, answer: Reply, why: String| Question { text: text.to_owned(), answer, why };
    let either = |yes: bool, so: &str, not: &str| if yes { so } else { not }.to_owned();
    vec![
        ask(
            "Your first two cards are an ace and a king; the dealer ends on 20. Your result per \
             unit bet?",
            Reply::Number(natural_pays),
            format!("a natural pays {}", rules.payout_label()),
        ),
        ask(
            "Your natural against the dealer's natural: your result per unit bet?",
            Reply::Number(natural_push),
            "a natural against a natural is a push".to_owned(),
        ),
        ask(
            "You double 11 and draw a 9 (20); the dealer turns over a natural. Your result per \
             unit bet?",
            Reply::Number(doubled),
            "no hole card: the dealer's natural is found only after you play, and it takes the \
             doubled stake whole"
                .to_owned(),
        ),
        ask(
            "You split 8s and end on 18 and 17; the dealer turns over a natural. Your result for \
             the round per unit bet?",
            Reply::Number(split),
            "no hole card: the dealer's natural beats both split hands, each its stake".to_owned(),
        ),
        ask(
            "The dealer holds A,6 (soft 17): does the dealer draw? (yes/no)",
            Reply::YesNo(rules.dealer_hits_soft_17),
            either(
                rules.dealer_hits_soft_17,
                "the dealer hits soft 17",
                "the dealer stands on every 17, soft 17 included",
            ),
        ),
        ask(
            "You hold 5,4 (9): may you double? (yes/no)",
            Reply::YesNo(double_nine),
            format!("doubling is {} on 9 (double on {})", yes_no(double_nine), double_words(rules)),
        ),
        ask(
            "You hold A,7 (soft 18): may you double? (yes/no)",
            Reply::YesNo(double_soft),
            format!(
                "doubling is {} on soft 18 (double on {})",
                yes_no(double_soft),
                double_words(rules)
            ),
        ),
        ask(
            "You split 6s; one hand is now 6,4 (10): may you double it? (yes/no)",
            Reply::YesNo(after_split),
            format!("doubling after a split is {}", yes_no(rules.double_after_split)),
        ),
        ask(
            "How many hands at most may you hold after splitting?",
            Reply::Number(f64::from(rules.max_hands)),
            format!("splits are allowed up to {} hands", rules.max_hands),
        ),
        ask(
            "You split aces and draw another ace: may you split again? (yes/no)",
            Reply::YesNo(rules.resplit_aces),
            either(
                rules.resplit_aces,
                "split aces may be split again",
                "aces may be split only once",
            ),
        ),
    ]
}

/// Reads `typed` as the answer to `question`: `Ok(right)`, or why it is no answer.
pub fn grade(question: &Question, typed: &str) -> Result<bool, String> {
    let text = typed.trim().to_lowercase();
    match question.answer {
        Reply::YesNo(want) => match text.as_str() {
            "y" | "yes" | "j" | "ja" | "ν" | "ναι" => Ok(want),
            "n" | "no" | "nej" | "ο" | "όχι" | "οχι" => Ok(!want),
            _ => Err(format!("`{}` is not yes or no: type y or n", typed.trim())),
        },
        Reply::Number(want) => {
            let clean = text.trim_start_matches('+').replace(['−', '–'], "-").replace(',', ".");
            let given: f64 =
                clean.parse().ok().filter(|x: &f64| x.is_finite()).ok_or_else(|| {
                    format!("`{}` is not a number: type one, e.g. 1.5 or -2", typed.trim())
                })?;
            Ok((given - want).abs() < 1e-9)
        }
    }
}

/// The answer as the store keeps it (skill [`SKILL`]): question `number` of the check.
pub fn record(
    question: &Question,
    number: usize,
    typed: &str,
    right: bool,
    seconds: f64,
) -> CountAnswer {
    CountAnswer {
        at: 0,
        skill: SKILL.to_owned(),
        question: format!("rules check {number}: {}", question.text),
        answer: typed.trim().to_owned(),
        truth: question.answer.text(),
        right,
        error: f64::from(u8::from(!right)),
        seconds,
        countdown: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::DoubleOn;

    fn answers(rules: &Rules) -> Vec<Reply> {
        questions(rules).into_iter().map(|q| q.answer).collect()
    }

    #[test]
    fn the_default_rules_answer_as_the_sheet_says() {
        use Reply::{Number as N, YesNo as Y};
        assert_eq!(
            answers(&Rules::default()),
            [
                N(1.5),
                N(0.0),
                N(-2.0),
                N(-2.0),
                Y(false),
                Y(true),
                Y(true),
                Y(true),
                N(4.0),
                Y(false)
            ]
        );
    }

    #[test]
    fn a_changed_rules_file_changes_the_right_answers() {
        let rules = Rules {
            blackjack_pays: 1.2,
            dealer_hits_soft_17: true,
            double_on: DoubleOn::TenEleven,
            double_after_split: false,
            max_hands: 2,
            resplit_aces: true,
            ..Rules::default()
        };
        use Reply::{Number as N, YesNo as Y};
        assert_eq!(
            answers(&rules),
            [
                N(1.2),
                N(0.0),
                N(-2.0),
                N(-2.0),
                Y(true),
                Y(false),
                Y(false),
                Y(false),
                N(2.0),
                Y(true)
            ]
        );
        // Doubling after a split allowed, but not on 10: still no.
        let nine = Rules { double_on: DoubleOn::NineTenEleven, ..Rules::default() };
        assert_eq!(answers(&nine)[5], Y(true));
        assert_eq!(answers(&nine)[6], Y(false));
    }

    /// The reasons say the rule in words, not `rules.toml`'s names (`any_two`).
    #[test]
    fn the_double_questions_say_the_rule_in_words() {
        let why: Vec<String> = questions(&Rules::default()).into_iter().map(|q| q.why).collect();
        assert!(why.iter().all(|w| !w.contains('_')), "{why:#?}");
        assert_eq!(why[5], "doubling is allowed on 9 (double on any first two cards)");
        let ten = Rules { double_on: DoubleOn::TenEleven, ..Rules::default() };
        assert_eq!(
            questions(&ten)[5].why,
            "doubling is not allowed on 9 (double on 10 or 11 only)"
        );
    }

    #[test]
    fn answers_are_read_as_typed_and_what_is_no_answer_is_refused() {
        let q = &questions(&Rules::default());
        assert_eq!(grade(&q[0], "1.5"), Ok(true));
        assert_eq!(grade(&q[0], "+1,5"), Ok(true));
        assert_eq!(grade(&q[0], "1"), Ok(false));
        assert_eq!(grade(&q[2], "−2"), Ok(true));
        assert_eq!(grade(&q[2], &q[2].answer.text()), Ok(true));
        assert_eq!(grade(&q[4], "N"), Ok(true));
        assert_eq!(grade(&q[4], "ja"), Ok(false));
        assert!(grade(&q[4], "maybe").is_err());
        assert!(grade(&q[0], "lots").is_err());
        assert!(grade(&q[0], "inf").is_err());
    }
}
