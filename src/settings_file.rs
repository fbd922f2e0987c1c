//! A file of settings in TOML (the rules file and the preferences file): one table of
//! [`Setting`]s per file, one reader, one error type, one did-you-mean, and the value checks
//! they share.

use std::collections::BTreeMap;

use thiserror::Error;

use crate::text::line_of;

/// What a file of settings is called in its errors, and the names it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SettingsFile {
    /// How a TOML syntax error begins (`rules file is not valid TOML`).
    pub syntax: &'static str,
    /// What one setting is called (`rule`, `setting`).
    pub noun: &'static str,
    /// Every name the file takes, for the did-you-mean.
    pub names: &'static [&'static str],
    /// Whether an unknown key far from every name is answered with the list of names.
    pub lists_names: bool,
}

/// Why a file of settings was refused: each message names the line, and the setting, its value
/// as written and what is allowed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SettingsError {
    /// Not valid TOML.
    #[error("{syntax}: {message}")]
    Syntax {
        /// How the message begins ([`SettingsFile::syntax`]).
        syntax: &'static str,
        /// The TOML reader's own words.
        message: String,
    },
    /// A key that is no setting.
    #[error("line {line}: unknown {noun} `{key}`{}", unknown_hint(suggestion.as_deref(), *listed))]
    UnknownKey {
        /// What a setting is called ([`SettingsFile::noun`]).
        noun: &'static str,
        /// The key as written.
        key: String,
        /// 1-based line of the key.
        line: usize,
        /// The closest name, if one is close.
        suggestion: Option<String>,
        /// The names, said when none is close (for a file that lists them).
        listed: Option<&'static [&'static str]>,
    },
    /// A value of the wrong type or outside its range.
    #[error("line {line}: `{key} = {value}` is not allowed: expected {expected}")]
    BadValue {
        /// The setting.
        key: String,
        /// The value as written.
        value: String,
        /// What the setting accepts.
        expected: String,
        /// 1-based line of the value.
        line: usize,
    },
    /// A locked option switched on.
    #[error(
        "line {line}: `{key}` is locked off in this variant (only `{key} = false` is accepted)"
    )]
    Locked {
        /// The setting.
        key: String,
        /// 1-based line of the value.
        line: usize,
    },
    /// A value its own reader refused, in that reader's sentence (a count's name, a `[plan]`
    /// or `[count]` table).
    #[error("line {line}: {reason}")]
    Refused {
        /// Why, in one sentence naming the setting.
        reason: String,
        /// 1-based line of the value, or of the table.
        line: usize,
    },
}

/// ` (did you mean `decks`?)`, or the list of names, or nothing.
fn unknown_hint(suggestion: Option<&str>, listed: Option<&[&str]>) -> String {
    match (suggestion, listed) {
        (Some(name), _) => format!(" (did you mean `{name}`?)"),
        (None, Some(names)) => format!(" (the settings are: {})", names.join(", ")),
        (None, None) => String::new(),
    }
}

/// The keys of a file, each with its value and where it is written.
pub type Table = BTreeMap<String, toml::Spanned<toml::Value>>;

/// One setting of a file that reads into a `T`: its name, what it does, an example value, and
/// its reader, which checks the value and sets it.
#[derive(Debug, Clone, Copy)]
pub struct Setting<T> {
    /// Its key.
    pub name: &'static str,
    /// What it does and what it takes, one comment line per line.
    pub about: &'static str,
    /// Its default, as the file writes it.
    pub example: &'static str,
    /// Reads and checks a value, and sets it.
    pub read: fn(&toml::Value, &mut T) -> Result<(), Refusal>,
}

/// Why a [`Setting`]'s reader refused a value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Not what the setting takes: this is what it takes (said with the value as written).
    Expected(String),
    /// Refused by the value's own reader, in its own sentence.
    Because(String),
    /// A rule locked off in this variant, switched on.
    Locked,
}

impl From<String> for Refusal {
    fn from(expected: String) -> Refusal {
        Refusal::Expected(expected)
    }
}

impl From<&str> for Refusal {
    fn from(expected: &str) -> Refusal {
        Refusal::Expected(expected.to_owned())
    }
}

/// The names of `settings`, in order.
pub const fn names<T, const N: usize>(settings: &[Setting<T>; N]) -> [&'static str; N] {
    let mut names = [""; N];
    let mut i = 0;
    while i < N {
        names[i] = settings[i].name;
        i += 1;
    }
    names
}

impl SettingsFile {
    /// Reads `text` as a table of settings (not yet checked).
    pub fn table(&self, text: &str) -> Result<Table, SettingsError> {
        toml::from_str(text)
            .map_err(|e| SettingsError::Syntax { syntax: self.syntax, message: e.to_string() })
    }

    /// Reads `text` into `into`, each key by its setting (the first bad key is the error); the
    /// table read comes back for the checks across settings.
    pub fn read_into<T>(
        &self,
        text: &str,
        settings: &[Setting<T>],
        into: &mut T,
    ) -> Result<Table, SettingsError> {
        let table = self.table(text)?;
        for (key, spanned) in &table {
            let line = line_of(text, spanned.span().start);
            let setting = settings
                .iter()
                .find(|s| s.name == key)
                .ok_or_else(|| self.unknown(text, key, line))?;
            (setting.read)(spanned.get_ref(), into).map_err(|refusal| match refusal {
                Refusal::Expected(expected) => bad_value(text, key, spanned, expected),
                Refusal::Because(reason) => {
                    SettingsError::Refused { reason, line: line_of_key(text, key).unwrap_or(line) }
                }
                Refusal::Locked => SettingsError::Locked { key: key.clone(), line },
            })?;
        }
        Ok(table)
    }

    /// The error for `key`, which is none of [`SettingsFile::names`]: on the line it is set
    /// (else `line`), with the closest name.
    pub fn unknown(&self, text: &str, key: &str, line: usize) -> SettingsError {
        SettingsError::UnknownKey {
            noun: self.noun,
            key: key.to_owned(),
            line: line_of_key(text, key).unwrap_or(line),
            suggestion: crate::text::closest(key, self.names),
            listed: self.lists_names.then_some(self.names),
        }
    }
}

/// The error for the value of `key` (written at `spanned` in `text`), which is not what the
/// setting takes: `expected`.
pub fn bad_value(
    text: &str,
    key: &str,
    spanned: &toml::Spanned<toml::Value>,
    expected: impl Into<String>,
) -> SettingsError {
    SettingsError::BadValue {
        key: key.to_owned(),
        value: crate::text::as_written(text, spanned.span()),
        expected: expected.into(),
        line: line_of(text, spanned.span().start),
    }
}

/// A whole number from `lo` to `hi`.
pub fn int_in(value: &toml::Value, lo: u64, hi: u64) -> Option<u64> {
    let n = u64::try_from(value.as_integer()?).ok()?;
    (lo..=hi).contains(&n).then_some(n)
}

/// A number (a whole one too) from `lo` to `hi`.
pub fn float_in(value: &toml::Value, lo: f64, hi: f64) -> Option<f64> {
    let v = value.as_float().or_else(|| value.as_integer().map(|i| i as f64))?;
    (lo..=hi).contains(&v).then_some(v)
}

/// The line where `key` is set (`key = …`), or where a table `[key]` starts.
pub fn line_of_key(text: &str, key: &str) -> Option<usize> {
    text.lines()
        .position(|l| {
            let l = l.trim_start();
            l.strip_prefix(key).is_some_and(|rest| rest.trim_start().starts_with('='))
                || l.strip_prefix('[')
                    .and_then(|rest| rest.strip_prefix(key))
                    .is_some_and(|rest| rest.trim_start().starts_with(']'))
        })
        .map(|i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: SettingsFile = SettingsFile {
        syntax: "not valid TOML",
        noun: "setting",
        names: &["seats", "speed"],
        lists_names: true,
    };

    #[test]
    fn an_unknown_key_is_answered_with_the_closest_name_or_the_list() {
        let text = "seats = 2\nseets = 3\n[zzzzzzzz]\n";
        let near = FILE.unknown(text, "seets", 0).to_string();
        assert_eq!(near, "line 2: unknown setting `seets` (did you mean `seats`?)");
        let far = FILE.unknown(text, "zzzzzzzz", 0).to_string();
        assert_eq!(far, "line 3: unknown setting `zzzzzzzz` (the settings are: seats, speed)");
    }

    #[test]
    fn numbers_are_taken_within_their_range_only() {
        assert_eq!(int_in(&toml::Value::Integer(3), 1, 8), Some(3));
        assert_eq!(int_in(&toml::Value::Integer(-3), 0, 8), None);
        assert_eq!(int_in(&toml::Value::Integer(9), 1, 8), None);
        assert_eq!(float_in(&toml::Value::Integer(2), 1.0, 2.0), Some(2.0));
        assert_eq!(float_in(&toml::Value::Float(2.5), 1.0, 2.0), None);
        assert_eq!(int_in(&toml::Value::String("3".into()), 0, 8), None);
    }
}
