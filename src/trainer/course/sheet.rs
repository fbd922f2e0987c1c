//! The house's rule sheet in its own words (English, Swedish or Greek: `assets/rules/`), and
//! the no-hole-card point shown on a hand, settled by the engine under the loaded rules.

use crate::engine::Rules;
use crate::engine::settle::DealerResult;

/// A language the sheet is kept in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    /// English (the specification's reading of the sheets).
    #[default]
    En,
    /// Swedish, the house's own sheet.
    Sv,
    /// Greek, the house's own sheet.
    El,
}

impl Lang {
    /// Every language, as `--lang` takes them.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Sv, Lang::El];

    /// Its code: `en`, `sv`, `el`.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Sv => "sv",
            Lang::El => "el",
        }
    }

    /// The language a locale (`sv_SE.UTF-8`, `C`) names by its first two letters, else English.
    pub fn from_locale(locale: Option<&str>) -> Lang {
        let code = locale.unwrap_or("").get(..2).unwrap_or("").to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == code).unwrap_or_default()
    }

    /// The sheet in this language, as the house wrote it.
    pub const fn sheet(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../../assets/rules/en.txt"),
            Lang::Sv => include_str!("../../../assets/rules/sv.txt"),
            Lang::El => include_str!("../../../assets/rules/el.txt"),
        }
    }
}

/// The locale the sheet's language defaults to: `LC_ALL` if set and not empty, else `LANG`
/// (as the C library orders them for messages), from the values given.
pub fn locale_of<'a>(lc_all: Option<&'a str>, lang: Option<&'a str>) -> Option<&'a str> {
    lc_all.filter(|s| !s.is_empty()).or(lang.filter(|s| !s.is_empty()))
}

/// The no-hole-card point on a hand, settled by the engine under `rules`: a doubled 11 that
/// drew to 20 against a dealer natural found after the play.
pub fn no_hole_card_lines(rules: &Rules) -> Vec<String> {
    let lost = super::rules_check::settled(rules, 20, false, 2, DealerResult::Natural);
    // Where the dealer peeks, the natural is found before anyone plays: the bet alone is lost.
    let peeked = super::rules_check::settled(rules, 20, false, 1, DealerResult::Natural);
    vec![
        "The no-hole-card point, on a hand:".to_owned(),
        "  You bet 1 and hold 6,5 (11) against the dealer's ace. You double and draw a 9: 20."
            .to_owned(),
        "  The dealer turns over the face-down king: a natural.".to_owned(),
        format!(
            "  Your result: {lost} — the dealer does not look at the face-down card before you \
             play, so the natural takes the doubled stake whole."
        ),
        format!(
            "  Where the dealer peeks (the American game) the round would have ended before you \
             doubled: {peeked}. So this game doubles and splits less against a ten or an ace."
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_language_comes_from_the_locale_and_falls_back_to_english() {
        assert_eq!(Lang::from_locale(Some("sv_SE.UTF-8")), Lang::Sv);
        assert_eq!(Lang::from_locale(Some("el_GR.UTF-8")), Lang::El);
        assert_eq!(Lang::from_locale(Some("de_DE.UTF-8")), Lang::En);
        assert_eq!(Lang::from_locale(Some("C")), Lang::En);
        assert_eq!(Lang::from_locale(None), Lang::En);
        assert_eq!(locale_of(Some(""), Some("sv_SE")), Some("sv_SE"));
        assert_eq!(locale_of(Some("el_GR"), Some("sv_SE")), Some("el_GR"));
    }

    #[test]
    fn each_sheet_is_the_houses_own_words() {
        assert!(Lang::Sv.sheet().contains("banken stannar på mjuk 17"));
        assert!(Lang::El.sheet().contains("Μπλακτζακ"));
        assert!(Lang::En.sheet().contains("stands on soft 17"));
    }

    #[test]
    fn the_no_hole_card_hand_loses_both_stakes() {
        let lines = no_hole_card_lines(&Rules::default()).join("\n");
        assert!(lines.contains("Your result: −2"), "{lines}");
    }
}
