//! Parsers of the flag values typed as text: cards and hands, numbers of rounds, bet ramps,
//! penetration, bankroll and pace.

use crate::engine::card::parse_value;
use crate::engine::hand::MAX_CARDS;
use crate::engine::{Card, Cards, Value};
use crate::text::comma_items;

use super::BetRamp;
use crate::trainer::plan_saved::RampChoice;

/// Card values as the command line gives them, in order (`T` for any ten-valued card).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CardList(pub Vec<Value>);

/// Parses comma-separated cards (`A 2 … 9 T`, with `10 J Q K` as `T`); an empty item is
/// refused ([`comma_items`], as `--ramp` reads its bets).
pub fn parse_card_list(text: &str) -> Result<CardList, String> {
    comma_items(text)?
        .into_iter()
        .map(|t| {
            parse_value(t).ok_or_else(|| {
                format!("`{t}` is not a card (use A 2 3 4 5 6 7 8 9 T; 10 J Q K count as T)")
            })
        })
        .collect::<Result<Vec<Value>, String>>()
        .map(CardList)
}

/// Parses a count that must be at least one (`review --last N`): clap's own range would say
/// "not in 1..18446744073709551615".
pub fn parse_at_least_one(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err("must be 1 or more".to_owned()),
        Ok(n) => Ok(n),
        Err(_) if !text.trim().is_empty() && text.trim().bytes().all(|b| b.is_ascii_digit()) => {
            Err(format!(
                "`{text}` is too large: give a number of 1 or more, at most {}",
                usize::MAX
            ))
        }
        Err(_) => Err(format!("`{text}` is not a whole number: it must be 1 or more")),
    }
}

/// Parses exactly one card.
pub fn parse_one_card(text: &str) -> Result<Value, String> {
    match parse_card_list(text)?.0[..] {
        [card] => Ok(card),
        _ => Err("give exactly one card, e.g. T".to_owned()),
    }
}

/// Parses a player's hand and refuses one that cannot be at the table (see
/// [`check_player_hand`]).
pub fn parse_player_hand(text: &str) -> Result<CardList, String> {
    let hand = parse_card_list(text)?;
    check_player_hand(&hand.0)?;
    Ok(hand)
}

/// Whether these card values, in order, can be a hand still to be played: two cards or more,
/// not bust, and no card after a 21 (the table closes a hand at 21).
pub fn check_player_hand(values: &[Value]) -> Result<(), String> {
    let label = |values: &[Value]| -> String {
        let labels: Vec<&str> = values.iter().map(|v| v.label()).collect();
        labels.join(",")
    };
    if values.len() < 2 {
        return Err("a hand needs at least two cards, e.g. 8,8".to_owned());
    }
    if values.len() > MAX_CARDS {
        return Err(format!(
            "{} cards: a hand holds at most {MAX_CARDS} (more would be bust)",
            values.len()
        ));
    }
    let hard: u32 = values.iter().map(|v| u32::from(v.get())).sum();
    if hard > 21 {
        return Err(format!("the hand {} is already bust ({hard})", label(values)));
    }
    let mut cards = Cards::new();
    for (i, &v) in values[..values.len() - 1].iter().enumerate() {
        cards.push(Card::of(v));
        if i >= 1 && cards.total().value == 21 {
            let what = if i == 1 { "a natural" } else { "21" };
            return Err(format!(
                "{} is {what}, which takes no more cards: the hand {} cannot occur (give the \
                 cards in the order dealt)",
                label(&values[..=i]),
                label(values)
            ));
        }
    }
    Ok(())
}

/// The most rounds one `sim` run plays: its net result is summed in thousandths of a unit in
/// an `i64`, and a round nets at most 8 units, so 10^15 rounds cannot overflow it (and take
/// about a year on one core).
pub const MAX_SIM_ROUNDS: u64 = 1_000_000_000_000_000;

/// Parses a number of rounds from 1 to [`MAX_SIM_ROUNDS`]: digits with optional `_`
/// (`10_000_000`), or a whole number in scientific notation (`1e8`, `2.5e6`).
pub fn parse_rounds(text: &str) -> Result<u64, String> {
    const EXAMPLES: &str = "write it like 1000000, 1_000_000 or 1e6";
    let clean: String = text.trim().chars().filter(|&c| c != '_').collect();
    if clean.starts_with('-') {
        return Err(format!("`{text}` is negative: {EXAMPLES}"));
    }
    let clean = clean.strip_prefix('+').unwrap_or(&clean);
    let (mantissa, exponent) = match clean.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.strip_prefix('+').unwrap_or(e)),
        None => (clean, "0"),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all_digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    let exponent: i64 =
        exponent.parse().map_err(|_| format!("`{text}` is not a number of rounds: {EXAMPLES}"))?;
    if (whole.is_empty() && fraction.is_empty()) || !all_digits(whole) || !all_digits(fraction) {
        return Err(format!("`{text}` is not a number of rounds: {EXAMPLES}"));
    }
    let too_many = || format!("`{text}` is too many: one run plays at most 1e15 rounds");
    // The number is digits × 10^scale.
    let digits = format!("{whole}{fraction}");
    let digits = digits.trim_start_matches('0');
    let scale = exponent.saturating_sub(i64::try_from(fraction.len()).unwrap_or(i64::MAX));
    let value: u128 = if digits.is_empty() {
        0
    } else if digits.len() > 30 {
        return Err(too_many());
    } else {
        let n: u128 = digits.parse().map_err(|_| too_many())?;
        if scale >= 0 {
            u32::try_from(scale)
                .ok()
                .and_then(|s| 10u128.checked_pow(s))
                .and_then(|p| n.checked_mul(p))
                .ok_or_else(too_many)?
        } else {
            let divisor =
                u32::try_from(scale.unsigned_abs()).ok().and_then(|s| 10u128.checked_pow(s));
            match divisor {
                Some(d) if n.is_multiple_of(d) => n / d,
                _ => return Err(format!("`{text}` is not a whole number of rounds")),
            }
        }
    };
    match u64::try_from(value) {
        Ok(0) => Err("at least one round, please".to_owned()),
        Ok(n) if n <= MAX_SIM_ROUNDS => Ok(n),
        _ => Err(too_many()),
    }
}

/// `--pace`: seconds a countdown flash stays, 0.1 to 10.
pub(super) fn parse_pace(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(p) if (0.1..=10.0).contains(&p) => Ok(p),
        // As typed: `1e30` read back as a float prints thirty-one digits.
        Ok(_) => Err(format!("`{text}` is not in 0.1..=10 (seconds a flash)")),
        Err(_) => Err(format!("`{text}` is not a number of seconds, e.g. 0.5")),
    }
}

/// A count's name as `--count` takes it: a built-in count's key or the name of the user's own
/// (checked against the counts when the command runs, since the user's is in `config.toml`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountName(pub String);

/// Parses `--count`: a word of letters, digits, `-` or `_` (lower-cased).
pub fn parse_count_name(text: &str) -> Result<CountName, String> {
    let name = text.trim();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        let keys: Vec<&str> =
            crate::analysis::counts::BUILT_IN.iter().map(|s| s.key.as_ref()).collect();
        return Err(format!(
            "`{text}` is not a count's name: one of {}, or your own from config.toml",
            keys.join(", ")
        ));
    }
    Ok(CountName(name.to_ascii_lowercase()))
}

/// Parses `--ramp`: bets separated by commas, as [`BetRamp`] reads them.
pub fn parse_ramp(text: &str) -> Result<BetRamp, String> {
    text.parse().map_err(|err: crate::sim::count::RampError| err.to_string())
}

/// Parses `--ramp` where the saved plan may be named: `plan`, or bets as [`parse_ramp`].
pub fn parse_ramp_choice(text: &str) -> Result<RampChoice, String> {
    if text.trim().eq_ignore_ascii_case("plan") {
        return Ok(RampChoice::Plan);
    }
    parse_ramp(text)
        .map(RampChoice::Bets)
        .map_err(|err| format!("{err} (or `plan`, the ramp `blackjack plan --save` saved)"))
}

/// Parses `--penetration`: a fraction of the shoe, as a rules file takes it
/// ([`Rules::PENETRATION`](crate::engine::Rules::PENETRATION)). The error echoes the value as
/// typed (`1e400` is not "inf").
pub fn parse_penetration(text: &str) -> Result<f64, String> {
    use crate::engine::Rules;
    match text.trim().parse::<f64>() {
        Ok(p) if Rules::PENETRATION.contains(&p) => Ok(p),
        _ => Err(format!("`{text}` is not a penetration: expected {}", Rules::PENETRATION_TEXT)),
    }
}

/// The largest `--bankroll`, in units.
pub const MAX_SIM_BANKROLL: f64 = 1e15;

/// Parses `--bankroll`: a positive number of units, at most [`MAX_SIM_BANKROLL`].
pub fn parse_bankroll(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(b) if b > 0.0 && b <= MAX_SIM_BANKROLL => Ok(b),
        Ok(_) => {
            Err(format!("`{text}` is not a bankroll: a positive number of units, at most 1e15"))
        }
        Err(_) => Err(format!("`{text}` is not a number of units")),
    }
}

/// A finite number above 0 and at most 10¹², written as a decimal: a percentage, a fraction, a
/// pace of rounds or hours.
pub fn parse_positive(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 && x <= 1e12 => Ok(x),
        Ok(_) => Err(format!("`{text}` is not a number above 0 (and at most 10^12)")),
        Err(_) => Err(format!("`{text}` is not a number: write it like 200 or 13.5")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_of_at_least_one_says_so_in_words() {
        assert_eq!(parse_at_least_one("5"), Ok(5));
        assert_eq!(parse_at_least_one("0"), Err("must be 1 or more".to_owned()));
        let err = parse_at_least_one("-1").expect_err("negative");
        assert!(err.contains("1 or more") && !err.contains("18446744073709551615"), "{err}");
    }

    /// Issue 35: `--hand 8,,8` was taken as 8,8 while `--ramp 1,,2` was refused.
    #[test]
    fn a_list_of_cards_refuses_an_empty_item_as_a_ramp_does() {
        for text in ["8,,8", "8,8,", ",8,8", "8, ,8"] {
            let err = parse_card_list(text).expect_err(text);
            assert!(err.contains("has an empty item"), "{text}: {err}");
            let ramp = text.replace('8', "1").parse::<BetRamp>().expect_err(text);
            assert!(ramp.to_string().contains("has an empty item"), "{text}: {ramp}");
        }
        assert_eq!(parse_card_list(" 8 , T "), Ok(CardList(vec![Value::of(8), Value::TEN])));
    }

    #[test]
    fn rounds_are_whole_numbers_in_digits_or_scientific_notation() {
        for (text, rounds) in [
            ("100000", 100_000),
            ("10_000_000", 10_000_000),
            ("1e8", 100_000_000),
            ("2e6", 2_000_000),
            ("2.5E6", 2_500_000),
            ("1e+3", 1_000),
            ("0.5e1", 5),
            (" 42 ", 42),
            ("1e15", MAX_SIM_ROUNDS),
        ] {
            assert_eq!(parse_rounds(text), Ok(rounds), "{text}");
        }
        for (text, why) in [
            ("1.5", "not a whole number"),
            ("1e-3", "not a whole number"),
            ("2.55e1", "not a whole number"),
            ("-5", "negative"),
            ("-1e6", "negative"),
            ("1e30", "too many"),
            ("1e16", "too many"),
            ("18446744073709551616", "too many"),
            ("9".repeat(40).as_str(), "too many"),
            ("1e99999999999999999999", "not a number"),
            ("1e-9223372036854775808", "not a whole number"),
            ("0", "at least one"),
            ("0e5", "at least one"),
            ("", "not a number"),
            ("e5", "not a number"),
            ("1e", "not a number"),
            ("1,000", "not a number"),
            ("0x10", "not a number"),
            ("ten", "not a number"),
        ] {
            let err = parse_rounds(text).expect_err(text);
            assert!(err.contains(why), "{text}: {err}");
        }
    }

    #[test]
    fn a_pace_out_of_range_is_refused_as_typed() {
        for text in ["0", "1e30", "NaN", "inf", "10.5"] {
            let err = parse_pace(text).expect_err(text);
            assert!(err.starts_with(&format!("`{text}` is not")), "{text}: {err}");
        }
        assert_eq!(parse_pace("0.5"), Ok(0.5));
    }
}
