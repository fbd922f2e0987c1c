//! The rules of the variant: every rule the sheet fixes is a field here, with the sheet's
//! value as default. The defaults live in the repository's `rules.toml`, embedded in the binary.

use std::fmt;

use super::settle::Units;
use crate::settings_file::{
    Refusal, Setting, SettingsError, SettingsFile, float_in, int_in, names,
};
use crate::text::counted;
use serde::Serialize;

/// The default rules file, embedded so the binary runs with no file present.
pub const DEFAULT_RULES_TOML: &str = include_str!("../../rules.toml");

/// Which two-card hands may be doubled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum DoubleOn {
    /// Any first two cards.
    #[serde(rename = "any_two")]
    AnyTwo,
    /// Hard or soft totals of 9, 10 or 11 only.
    #[serde(rename = "9_10_11")]
    NineTenEleven,
    /// Totals of 10 or 11 only.
    #[serde(rename = "10_11")]
    TenEleven,
}

impl DoubleOn {
    /// Each choice's name in `rules.toml`, in the order of the variants.
    const NAMES: [(&'static str, DoubleOn); 3] = [
        ("any_two", DoubleOn::AnyTwo),
        ("9_10_11", DoubleOn::NineTenEleven),
        ("10_11", DoubleOn::TenEleven),
    ];

    /// Whether a two-card hand with this total (soft totals counted as their best value, so
    /// A,9 is 20) may be doubled.
    pub fn allows(self, best_total: u8) -> bool {
        match self {
            DoubleOn::AnyTwo => true,
            DoubleOn::NineTenEleven => (9..=11).contains(&best_total),
            DoubleOn::TenEleven => (10..=11).contains(&best_total),
        }
    }

    /// The name used in `rules.toml`.
    pub fn name(self) -> &'static str {
        DoubleOn::NAMES[self as usize].0
    }
}

/// The effective rules of a table. Build one with [`Rules::default`] (the embedded file) or
/// [`Rules::from_toml`] (a user's file merged over the defaults).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rules {
    /// Version of the rule sheet.
    pub version: String,
    /// Decks in the shoe, 1–8.
    pub decks: u8,
    /// Whether the dealer hits soft 17.
    pub dealer_hits_soft_17: bool,
    /// Whether split hands may double.
    pub double_after_split: bool,
    /// Which two-card totals may double.
    pub double_on: DoubleOn,
    /// The most hands one seat may hold through splits, 2–4.
    pub max_hands: u8,
    /// Whether split aces may be split again.
    pub resplit_aces: bool,
    /// Whether split aces may draw beyond their one card.
    pub hit_split_aces: bool,
    /// Payout of a natural per unit, 1.0–2.0.
    pub blackjack_pays: f64,
    /// Fraction of the shoe dealt before the cut card, 0.25–1.0.
    pub penetration: f64,
    /// The table's smallest bet, in whole units.
    pub min_bet: u32,
    /// The table's largest bet, in whole units (at least `min_bet`).
    pub max_bet: u32,
    /// Locked off.
    pub insurance: bool,
    /// Locked off.
    pub surrender: bool,
    /// Locked off.
    pub five_card_charlie: bool,
    /// Locked off.
    pub side_bets: bool,
}

/// Every rule a file may set, in the order `rules.toml` sets them: the one list the reader
/// ([`Rules::merged`]) and the names ([`RULE_NAMES`]) are made from; `about` and `example`
/// are what `rules.toml` says of each.
pub const RULES: [Setting<Rules>; 16] = [
    rule("version", "Version of the rule sheet this file follows.", "\"1.0.0\"", |v, r| {
        let v = v.as_str().ok_or("the string \"1.0.0\"")?;
        if v != "1.0.0" {
            return Err("the string \"1.0.0\" (the only sheet version)".into());
        }
        r.version = v.to_owned();
        Ok(())
    }),
    rule("decks", "Number of 52-card decks in the shoe (1 to 8).", "6", |v, r| {
        set(&mut r.decks, small_int(v, 1, 8)?)
    }),
    rule(
        "dealer_hits_soft_17",
        "false: the dealer stands on every 17, soft 17 included (S17). true: hits soft 17 (H17).",
        "false",
        |v, r| set(&mut r.dealer_hits_soft_17, flag(v)?),
    ),
    rule(
        "double_after_split",
        "Whether a hand made by a split may be doubled on its first two cards.",
        "true",
        |v, r| set(&mut r.double_after_split, flag(v)?),
    ),
    rule(
        "double_on",
        "Which first-two-card totals may be doubled: \"any_two\", \"9_10_11\" or \"10_11\".",
        "\"any_two\"",
        |v, r| {
            let name = v.as_str().unwrap_or_default();
            r.double_on = DoubleOn::NAMES
                .iter()
                .find(|(n, _)| *n == name)
                .map(|&(_, d)| d)
                .ok_or("one of \"any_two\", \"9_10_11\", \"10_11\"")?;
            Ok(())
        },
    ),
    rule("max_hands", "The most hands a seat may hold after splitting (2 to 4).", "4", |v, r| {
        set(&mut r.max_hands, small_int(v, 2, 4)?)
    }),
    rule(
        "resplit_aces",
        "Whether a pair of aces made by splitting aces may be split again.",
        "false",
        |v, r| set(&mut r.resplit_aces, flag(v)?),
    ),
    rule(
        "hit_split_aces",
        "Whether split aces may draw more than their one card.",
        "false",
        |v, r| set(&mut r.hit_split_aces, flag(v)?),
    ),
    rule(
        "blackjack_pays",
        "What a natural pays per unit bet (1.5 = 3:2; 1.2 = 6:5; 1.0 to 2.0).",
        "1.5",
        |v, r| set(&mut r.blackjack_pays, float_in(v, 1.0, 2.0).ok_or("a number from 1.0 to 2.0")?),
    ),
    rule(
        "penetration",
        "How far into the shoe the cut card sits (0.25 to 1.0 of the cards).",
        "0.75",
        |v, r| {
            let (lo, hi) = Rules::PENETRATION.into_inner();
            r.penetration = float_in(v, lo, hi).ok_or(Rules::PENETRATION_TEXT)?;
            Ok(())
        },
    ),
    rule("min_bet", "The table's smallest bet, in whole units (1 to 1000000).", "1", |v, r| {
        set(&mut r.min_bet, table_bet(v)?)
    }),
    rule("max_bet", "The table's largest bet, in whole units (1 to 1000000).", "50", |v, r| {
        set(&mut r.max_bet, table_bet(v)?)
    }),
    rule("insurance", LOCKED_ABOUT, "false", locked),
    rule("surrender", LOCKED_ABOUT, "false", locked),
    rule("five_card_charlie", LOCKED_ABOUT, "false", locked),
    rule("side_bets", LOCKED_ABOUT, "false", locked),
];

/// Every rule name a file may use: the names of [`RULES`].
pub const RULE_NAMES: [&str; RULES.len()] = names(&RULES);

/// What `rules.toml` says of the rules locked off.
const LOCKED_ABOUT: &str = "Locked off in this variant: any value but false is rejected.";

/// One entry of [`RULES`].
const fn rule(
    name: &'static str,
    about: &'static str,
    example: &'static str,
    read: fn(&toml::Value, &mut Rules) -> Result<(), Refusal>,
) -> Setting<Rules> {
    Setting { name, about, example, read }
}

/// Sets a rule to the value read (the `?` in `value` refused it first).
fn set<T>(field: &mut T, value: T) -> Result<(), Refusal> {
    *field = value;
    Ok(())
}

/// An integer from `lo` to `hi`.
fn small_int(value: &toml::Value, lo: u8, hi: u8) -> Result<u8, Refusal> {
    int_in(value, lo.into(), hi.into())
        .map(|n| n as u8)
        .ok_or_else(|| format!("an integer from {lo} to {hi}").into())
}

/// `true` or `false`.
fn flag(value: &toml::Value) -> Result<bool, Refusal> {
    value.as_bool().ok_or_else(|| "true or false".into())
}

/// A table limit: a whole number of units up to [`MAX_TABLE_BET`].
fn table_bet(value: &toml::Value) -> Result<u32, Refusal> {
    int_in(value, 1, u64::from(MAX_TABLE_BET))
        .and_then(|bet| u32::try_from(bet).ok())
        .ok_or_else(|| format!("a whole number of units from 1 to {MAX_TABLE_BET}").into())
}

/// A rule locked off: only `false` is taken.
fn locked(value: &toml::Value, _: &mut Rules) -> Result<(), Refusal> {
    match value.as_bool() {
        Some(false) => Ok(()),
        Some(true) => Err(Refusal::Locked),
        None => Err("false (locked off in this variant)".into()),
    }
}

/// The rules file as its errors name it: one of the files of settings
/// ([`crate::settings_file`]), which shares its error type with the preferences file.
pub const RULES_FILE: SettingsFile = SettingsFile {
    syntax: "rules file is not valid TOML",
    noun: "rule",
    names: &RULE_NAMES,
    lists_names: false,
};

/// The largest table limit a rules file may set, in units.
pub const MAX_TABLE_BET: u32 = 1_000_000;

impl Default for Rules {
    /// The embedded `rules.toml`: the sheet's own variant.
    fn default() -> Self {
        let base = Rules {
            version: "1.0.0".to_owned(),
            decks: 6,
            dealer_hits_soft_17: false,
            double_after_split: true,
            double_on: DoubleOn::AnyTwo,
            max_hands: 4,
            resplit_aces: false,
            hit_split_aces: false,
            blackjack_pays: 1.5,
            penetration: 0.75,
            min_bet: 1,
            max_bet: 50,
            insurance: false,
            surrender: false,
            five_card_charlie: false,
            side_bets: false,
        };
        base.merged(DEFAULT_RULES_TOML).expect("the embedded rules.toml is valid")
    }
}

impl Rules {
    /// The penetrations a cut card may be placed at: a fraction of the shoe.
    pub const PENETRATION: std::ops::RangeInclusive<f64> = 0.25..=1.0;
    /// [`Rules::PENETRATION`] in words, for the errors that refuse one.
    pub const PENETRATION_TEXT: &str = "a number from 0.25 to 1.0";

    /// Reads a rules file: the fields it names override the embedded defaults.
    pub fn from_toml(text: &str) -> Result<Rules, SettingsError> {
        Rules::default().merged(text)
    }

    /// These rules with the fields of `text` laid over them.
    pub fn merged(&self, text: &str) -> Result<Rules, SettingsError> {
        let mut rules = self.clone();
        let table = RULES_FILE.read_into(text, &RULES, &mut rules)?;
        if rules.max_bet < rules.min_bet {
            let (key, value) = if table.contains_key("max_bet") {
                ("max_bet", rules.max_bet)
            } else {
                ("min_bet", rules.min_bet)
            };
            let line = table.get(key).map_or(1, |v| crate::text::line_of(text, v.span().start));
            return Err(SettingsError::BadValue {
                key: key.to_owned(),
                value: value.to_string(),
                expected: format!(
                    "min_bet ({}) no larger than max_bet ({})",
                    rules.min_bet, rules.max_bet
                ),
                line,
            });
        }
        Ok(rules)
    }

    /// The rules as a complete TOML file (every field, no comments).
    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("rules always serialise")
    }

    /// The rules in words, one per line, for `blackjack rules`.
    pub fn describe(&self) -> String {
        let yes_no = |b: bool| if b { "yes" } else { "no" };
        let soft_17 = if self.dealer_hits_soft_17 { "hits" } else { "stands" };
        let double_on = match self.double_on {
            DoubleOn::AnyTwo => "any first two cards",
            DoubleOn::NineTenEleven => "9, 10 or 11 only",
            DoubleOn::TenEleven => "10 or 11 only",
        };
        let lines = [
            format!("Rule sheet version {}: European, no hole-card peek", self.version),
            format!(
                "Shoe: {} ({} cards), cut card at {:.0}%",
                self.decks_label(),
                u32::from(self.decks) * 52,
                self.penetration * 100.0
            ),
            format!(
                "Dealer: {soft_17} on soft 17; the face-down card is not looked at until the players are done"
            ),
            "A dealer natural beats every other hand for its whole stake, doubles and splits included"
                .to_owned(),
            format!("Blackjack pays {}", self.payout_label()),
            format!("Double: on {double_on}; after a split: {}", yes_no(self.double_after_split)),
            format!(
                "Split: equal values (K,Q counts), up to {} hands; re-split aces: {}; hit split aces: {}",
                self.max_hands,
                yes_no(self.resplit_aces),
                yes_no(self.hit_split_aces)
            ),
            format!("Bets: {} to {} units a hand", self.min_bet, self.max_bet),
            "Locked off: insurance, surrender, five-card charlie, side bets".to_owned(),
        ];
        lines.map(|line| line + "\n").concat()
    }

    /// The natural's payout as players say it: `3:2`, `6:5`, `1:1`, `2:1` (else `1.3:1`).
    pub fn payout_label(&self) -> String {
        payout_words(self.blackjack_pays)
    }

    /// The shoe's decks as players say it: `1 deck`, `6 decks`.
    pub fn decks_label(&self) -> String {
        counted(u64::from(self.decks), "deck")
    }

    /// The table's limits as money: the smallest and the largest bet.
    pub fn bet_limits(&self) -> (Units, Units) {
        (Units::from_units(i64::from(self.min_bet)), Units::from_units(i64::from(self.max_bet)))
    }

    /// The natural's payout in thousandths of a unit (1.5 → 1500).
    pub fn blackjack_pays_milli(&self) -> i64 {
        (self.blackjack_pays * 1000.0).round() as i64
    }
}

fn payout_words(pays: f64) -> String {
    match (pays * 10.0).round() as i64 {
        15 => "3:2".to_owned(),
        12 => "6:5".to_owned(),
        10 => "1:1".to_owned(),
        20 => "2:1".to_owned(),
        _ => format!("{pays}:1"),
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_defaults_are_the_sheet() {
        let r = Rules::default();
        assert_eq!(r.decks, 6);
        assert!(!r.dealer_hits_soft_17);
        assert!(r.double_after_split);
        assert_eq!(r.double_on, DoubleOn::AnyTwo);
        assert_eq!(r.max_hands, 4);
        assert!(!r.resplit_aces && !r.hit_split_aces);
        assert_eq!(r.blackjack_pays_milli(), 1500);
        assert!((r.penetration - 0.75).abs() < 1e-12);
    }

    #[test]
    fn partial_file_overrides_only_its_fields() {
        let r = Rules::from_toml("decks = 8\ndealer_hits_soft_17 = true\n").unwrap();
        assert_eq!(r.decks, 8);
        assert!(r.dealer_hits_soft_17);
        assert_eq!(r.max_hands, 4);
    }

    #[test]
    fn zero_decks_is_rejected_with_field_range_and_line() {
        let err = Rules::from_toml("# comment\ndecks = 0\n").unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("line 2"), "{msg}");
        assert!(msg.contains("decks = 0"), "{msg}");
        assert!(msg.contains("1 to 8"), "{msg}");
    }

    #[test]
    fn unknown_key_suggests_the_closest_name() {
        let err = Rules::from_toml("decks = 6\ndeks = 6\n").unwrap_err();
        assert_eq!(
            err,
            SettingsError::UnknownKey {
                noun: "rule",
                key: "deks".into(),
                line: 2,
                suggestion: Some("decks".into()),
                listed: None,
            }
        );
        assert!(err.to_string().contains("did you mean `decks`"));
    }

    #[test]
    fn locked_options_are_refused() {
        for key in ["insurance", "surrender", "five_card_charlie", "side_bets"] {
            let err = Rules::from_toml(&format!("{key} = true")).unwrap_err();
            assert!(err.to_string().contains("locked off in this variant"), "{err}");
        }
        assert!(Rules::from_toml("surrender = false").is_ok());
    }

    /// Issue 35: `1e308` was quoted back as its 309 digits.
    #[test]
    fn a_value_out_of_range_is_quoted_as_written() {
        let err = Rules::from_toml("blackjack_pays = 1e308").unwrap_err().to_string();
        assert!(err.contains("`blackjack_pays = 1e308` is not allowed"), "{err}");
        let long = format!("decks = \"{}\"", "x".repeat(500));
        let err = Rules::from_toml(&long).unwrap_err().to_string();
        assert!(err.len() < 200 && err.contains('…'), "{err}");
    }

    #[test]
    fn wrong_types_and_syntax_are_refused() {
        assert!(matches!(Rules::from_toml("decks = \"six\""), Err(SettingsError::BadValue { .. })));
        assert!(matches!(
            Rules::from_toml("double_on = \"any\""),
            Err(SettingsError::BadValue { .. })
        ));
        assert!(matches!(
            Rules::from_toml("penetration = 1.5"),
            Err(SettingsError::BadValue { .. })
        ));
        assert!(matches!(Rules::from_toml("decks = "), Err(SettingsError::Syntax { .. })));
    }

    #[test]
    fn to_toml_round_trips() {
        let r = Rules::from_toml("decks = 2\ndouble_on = \"10_11\"\nblackjack_pays = 1.2").unwrap();
        assert_eq!(Rules::from_toml(&r.to_toml()).unwrap(), r);
    }

    /// The table of rules names each rule once, and its example is what `rules.toml` sets.
    #[test]
    fn every_rule_of_the_table_is_set_in_rules_toml_as_its_example() {
        for rule in RULES {
            let line = format!("\n{} = {}\n", rule.name, rule.example);
            assert!(DEFAULT_RULES_TOML.contains(&line), "{line:?}");
            assert_eq!(Rules::from_toml(&line), Ok(Rules::default()), "{}", rule.name);
        }
        let set =
            DEFAULT_RULES_TOML.lines().filter(|l| !l.starts_with('#') && l.contains('=')).count();
        assert_eq!(set, RULES.len(), "rules.toml sets every rule, once");
    }

    #[test]
    fn double_on_limits_totals() {
        assert!(DoubleOn::AnyTwo.allows(17));
        assert!(DoubleOn::NineTenEleven.allows(9) && !DoubleOn::NineTenEleven.allows(8));
        assert!(DoubleOn::TenEleven.allows(11) && !DoubleOn::TenEleven.allows(9));
    }
}
