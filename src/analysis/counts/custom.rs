//! A user's own count, from the `[count]` table of `config.toml`:
//!
//! ```toml
//! [count]
//! name = "mine"
//! tags = { 2 = 1, 3 = 1, 4 = 2, 5 = 2, 6 = 1, 7 = 1, 8 = 0, 9 = 0, T = -2, A = 0 }
//! # or as a list, 2 to T then A:  tags = [1, 1, 2, 2, 1, 1, 0, 0, -2, 0]
//! # an unbalanced count: where it starts, per deck (default: minus what a deck counts to)
//! # initial_per_deck = -4
//! # pivot = 4
//! ```
//!
//! Tags are whole or half points from −4 to +4. A table that names no card, misses a value,
//! names one that is not a card, or gives every card 0 (a count that says nothing) is refused
//! with the reason.

use std::borrow::Cow;

use super::{Balance, CountSystem, Unit};
use crate::engine::Value;

/// The largest tag in absolute value, in points.
pub const MAX_TAG: f64 = 4.0;

/// The longest name a count may have.
pub const MAX_NAME: usize = 24;

/// The settings of the `[count]` table.
pub const COUNT_KEYS: [&str; 4] = ["name", "tags", "initial_per_deck", "pivot"];

/// The values in the order a list of tags gives them: 2 to T, then the ace (a chart's columns).
const LIST_ORDER: [Value; 10] = crate::analysis::chart::UP_CARDS;

/// Why a user's count was refused: one sentence each.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CustomCountError {
    /// `[count]` is not a table.
    #[error(
        "a count of your own is a table: name = \"mine\" and tags = {{ 2 = 1, …, T = -1, A = -1 }}"
    )]
    NotATable,
    /// A key of the table that is no setting.
    #[error("`{0}` is not a setting of a count (they are: {keys})", keys = COUNT_KEYS.join(", "))]
    UnknownKey(String),
    /// No name, or one that is not a short word.
    #[error(
        "the count needs a name of letters, digits, `-` or `_`, at most {MAX_NAME} characters, \
         e.g. name = \"mine\""
    )]
    BadName,
    /// The name of a built-in count.
    #[error("`{0}` is the name of a built-in count: give yours another name")]
    BuiltInName(String),
    /// No tags.
    #[error("the count has no tags: give tags = {{ 2 = 1, …, T = -1, A = -1 }}")]
    NoTags,
    /// The tags are neither a list nor a table.
    #[error(
        "the tags are a table of the ten values, {{ 2 = 1, …, T = -1, A = -1 }}, or a list of ten numbers, 2 to T then A"
    )]
    MalformedTags,
    /// A list of tags of the wrong length.
    #[error("the list of tags has {0} numbers: it needs ten, for 2 to T then A")]
    WrongLength(usize),
    /// A key of the tags that is no card value.
    #[error("`{0}` is not a card value: the values are 2 to 9, T (or 10) and A")]
    NotACard(String),
    /// A value named twice (`T` and `10`).
    #[error("the tags give the value {0} twice")]
    Twice(String),
    /// A value without a tag.
    #[error("the tags give no tag for {0}: every value 2 to 9, T and A needs one")]
    Missing(String),
    /// A tag that is not a whole or half point from −4 to +4.
    #[error("the tag of {value}, `{tag}`, is not a whole or half point from -4 to +4")]
    BadTag {
        /// The card value.
        value: String,
        /// The tag as written.
        tag: String,
    },
    /// Every tag 0.
    #[error("every tag is 0: a count that says nothing about the cards left")]
    SaysNothing,
    /// A start or pivot that is not a whole number.
    #[error("`{key} = {value}` is not allowed: a whole number of points")]
    BadNumber {
        /// The setting.
        key: String,
        /// As written.
        value: String,
    },
    /// A start or pivot for a balanced count.
    #[error("`{0}` is for an unbalanced count, and these tags count a whole deck to 0 (balanced)")]
    NotUnbalanced(String),
}

/// The value a key of the tags table names.
fn value_of(key: &str) -> Option<Value> {
    match key.trim().to_ascii_uppercase().as_str() {
        "A" | "ACE" => Some(Value::ACE),
        "T" | "10" => Some(Value::TEN),
        k => k.parse().ok().filter(|v| (2..=9).contains(v)).and_then(Value::new),
    }
}

/// A tag in half points, if it is a whole or half point within [`MAX_TAG`].
fn half_points(tag: &toml::Value) -> Option<i32> {
    let points = match tag {
        toml::Value::Integer(i) => *i as f64,
        toml::Value::Float(f) => *f,
        _ => return None,
    };
    let halves = points * 2.0;
    (points.abs() <= MAX_TAG && halves.fract() == 0.0).then_some(halves as i32)
}

/// Reads a user's count from the `[count]` table of `config.toml`.
pub fn from_toml(value: &toml::Value) -> Result<CountSystem, CustomCountError> {
    let table = value.as_table().ok_or(CustomCountError::NotATable)?;
    if let Some(key) = table.keys().find(|k| !COUNT_KEYS.contains(&k.as_str())) {
        return Err(CustomCountError::UnknownKey(key.clone()));
    }
    let name = table
        .get("name")
        .and_then(toml::Value::as_str)
        .map(str::trim)
        .filter(|n| {
            !n.is_empty()
                && n.chars().count() <= MAX_NAME
                && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        })
        .ok_or(CustomCountError::BadName)?;
    let key = name.to_ascii_lowercase();
    if CountSystem::built_in(&key).is_some() {
        return Err(CustomCountError::BuiltInName(name.to_owned()));
    }
    let halves = tags_in_half_points(table.get("tags").ok_or(CustomCountError::NoTags)?)?;
    if halves.iter().all(|&t| t == 0) {
        return Err(CustomCountError::SaysNothing);
    }
    // Whole points where every tag is whole; half points otherwise.
    let (unit, tags) = if halves.iter().all(|t| t % 2 == 0) {
        (Unit::Whole, halves.map(|t| t / 2))
    } else {
        (Unit::Half, halves)
    };
    let mut system = CountSystem {
        key: Cow::Owned(key),
        name: Cow::Owned(name.to_owned()),
        tags,
        unit,
        red_seven: 0,
        balance: Balance::Balanced,
        ace_side_count: false,
        source: Cow::Borrowed("your config.toml"),
    };
    let whole = |key: &str| -> Result<Option<i32>, CustomCountError> {
        let Some(v) = table.get(key) else {
            return Ok(None);
        };
        let n = v
            .as_integer()
            .and_then(|n| i32::try_from(n).ok())
            .filter(|n| n.abs() <= 1000)
            .ok_or_else(|| CustomCountError::BadNumber {
                key: key.to_owned(),
                value: v.to_string(),
            })?;
        Ok(Some(n * unit.per_point()))
    };
    let (start, pivot) = (whole("initial_per_deck")?, whole("pivot")?);
    let sum = system.deck_sum();
    if sum == 0 {
        if let Some(key) = [("initial_per_deck", start), ("pivot", pivot)]
            .into_iter()
            .find_map(|(k, v)| v.map(|_| k))
        {
            return Err(CustomCountError::NotUnbalanced(key.to_owned()));
        }
    } else {
        system.balance = Balance::Unbalanced { per_deck: start.unwrap_or(-sum), offset: 0, pivot };
    }
    Ok(system)
}

/// The tags, a table by value or a list 2 to T then A, in half points by value (ace first).
fn tags_in_half_points(tags: &toml::Value) -> Result<[i32; 10], CustomCountError> {
    let mut found: [Option<i32>; 10] = [None; 10];
    let mut set = |value: Value, tag: &toml::Value| -> Result<(), CustomCountError> {
        let slot = &mut found[value.index()];
        if slot.is_some() {
            return Err(CustomCountError::Twice(value.to_string()));
        }
        *slot = Some(half_points(tag).ok_or_else(|| CustomCountError::BadTag {
            value: value.to_string(),
            tag: tag.to_string(),
        })?);
        Ok(())
    };
    match tags {
        toml::Value::Table(table) => {
            for (key, tag) in table {
                let value = value_of(key).ok_or_else(|| CustomCountError::NotACard(key.clone()))?;
                set(value, tag)?;
            }
        }
        toml::Value::Array(list) => {
            if list.len() != LIST_ORDER.len() {
                return Err(CustomCountError::WrongLength(list.len()));
            }
            for (&value, tag) in LIST_ORDER.iter().zip(list) {
                set(value, tag)?;
            }
        }
        _ => return Err(CustomCountError::MalformedTags),
    }
    let mut out = [0; 10];
    for value in LIST_ORDER {
        out[value.index()] =
            found[value.index()].ok_or_else(|| CustomCountError::Missing(value.to_string()))?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<CountSystem, CustomCountError> {
        let value: toml::Value = toml::from_str(text).expect("TOML");
        from_toml(value.get("count").expect("a count"))
    }

    #[test]
    fn a_count_with_hilo_tags_is_hilo_under_another_name() {
        let mine = parse(
            "[count]\nname = \"Mine\"\ntags = { 2 = 1, 3 = 1, 4 = 1, 5 = 1, 6 = 1, 7 = 0, 8 = 0, \
             9 = 0, T = -1, A = -1 }\n",
        )
        .expect("a count");
        assert_eq!(mine.key, "mine");
        assert_eq!(mine.tags, super::super::HI_LO.tags);
        assert_eq!(mine.unit, Unit::Whole);
        assert!(mine.is_balanced());
        let listed = parse("[count]\nname = \"mine\"\ntags = [1, 1, 1, 1, 1, 0, 0, 0, -1, -1]\n")
            .expect("a list");
        assert_eq!(listed.tags, mine.tags);
    }

    #[test]
    fn half_points_and_unbalanced_tags_are_read_as_such() {
        let halves =
            parse("[count]\nname = \"h\"\ntags = [0.5, 1, 1, 1.5, 1, 0.5, 0, -0.5, -1, -1]\n")
                .expect("halves");
        assert_eq!(halves.tags, super::super::builtin::WONG_HALVES.tags);
        assert_eq!(halves.unit, Unit::Half);
        let ko =
            parse("[count]\nname = \"k\"\ntags = [1, 1, 1, 1, 1, 1, 0, 0, -1, -1]\npivot = 4\n")
                .expect("an unbalanced count");
        assert_eq!(ko.balance, Balance::Unbalanced { per_deck: -4, offset: 0, pivot: Some(4) });
    }

    #[test]
    fn a_count_that_says_nothing_or_is_malformed_is_refused_with_the_reason() {
        let tags = "tags = [1, 1, 1, 1, 1, 0, 0, 0, -1, -1]";
        for (text, err) in [
            (
                "name = \"z\"\ntags = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]".to_owned(),
                CustomCountError::SaysNothing,
            ),
            (
                "name = \"z\"\ntags = { 2 = 1, 3 = 1, 4 = 1, 5 = 1, 6 = 1, 7 = 0, 8 = 0, 9 = 0, \
                 T = -1 }"
                    .to_owned(),
                CustomCountError::Missing("A".to_owned()),
            ),
            ("name = \"z\"\ntags = [1, 1, 1]".to_owned(), CustomCountError::WrongLength(3)),
            ("name = \"z\"\ntags = \"hilo\"".to_owned(), CustomCountError::MalformedTags),
            (
                "name = \"z\"\ntags = { 2 = 1, J = 1 }".to_owned(),
                CustomCountError::NotACard("J".to_owned()),
            ),
            (
                "name = \"z\"\ntags = { T = -1, 10 = -1 }".to_owned(),
                CustomCountError::Twice("T".to_owned()),
            ),
            (
                "name = \"z\"\ntags = [1, 1, 1, 1, 1, 0, 0, 0, -1, 0.3]".to_owned(),
                CustomCountError::BadTag { value: "A".to_owned(), tag: "0.3".to_owned() },
            ),
            (
                "name = \"z\"\ntags = [9, 1, 1, 1, 1, 0, 0, 0, -1, -1]".to_owned(),
                CustomCountError::BadTag { value: "2".to_owned(), tag: "9".to_owned() },
            ),
            (format!("name = \"zen\"\n{tags}"), CustomCountError::BuiltInName("zen".to_owned())),
            (format!("name = \"two words\"\n{tags}"), CustomCountError::BadName),
            (tags.to_owned(), CustomCountError::BadName),
            ("name = \"z\"".to_owned(), CustomCountError::NoTags),
            (
                format!("name = \"z\"\n{tags}\ncolour = 1"),
                CustomCountError::UnknownKey("colour".to_owned()),
            ),
            (
                format!("name = \"z\"\n{tags}\npivot = 2"),
                CustomCountError::NotUnbalanced("pivot".to_owned()),
            ),
        ] {
            let text = format!("[count]\n{text}\n");
            assert_eq!(parse(&text), Err(err), "{text}");
        }
        let not_a_table: toml::Value = toml::from_str("count = 3").expect("TOML");
        assert_eq!(
            from_toml(not_a_table.get("count").expect("a value")),
            Err(CustomCountError::NotATable)
        );
    }
}
