//! Choosing a count by name — `count = "zen"` in `config.toml`, `--count zen` on the command
//! line — and naming the count in use on the screens that show one.

use super::{BUILT_IN, CountSystem, HI_LO};

/// The count whose key is `name` (any case, spaces around it ignored): a built-in one, or
/// `own`, the user's own from `config.toml`. A name that is no count gets one sentence naming
/// the counts, with the nearest one if a name is close.
pub fn count_by_name(name: &str, own: Option<&CountSystem>) -> Result<CountSystem, String> {
    let key = name.trim().to_ascii_lowercase();
    if let Some(system) = BUILT_IN.iter().chain(own).find(|s| s.key == key) {
        return Ok(system.clone());
    }
    Err(unknown_count(name, own))
}

/// Why `name` is no count: `` `zne` is not a count (did you mean `zen`?): the counts are hilo,
/// ko, …, and your own count in config.toml's [count] table ``.
pub fn unknown_count(name: &str, own: Option<&CountSystem>) -> String {
    let keys: Vec<&str> = BUILT_IN.iter().chain(own).map(|s| s.key.as_ref()).collect();
    let typed = name.trim().to_ascii_lowercase();
    // Keys are short: only a name within two edits is offered (`wong` is no typo of `ko`).
    let near = crate::text::closest(&typed, &keys)
        .filter(|k| strsim::levenshtein(&typed, k) <= 2)
        .map(|k| format!(" (did you mean `{k}`?)"))
        .unwrap_or_default();
    let own_words = match own {
        Some(own) => format!(" (`{}` is your own, from config.toml)", own.key),
        None => ", or a count of your own in config.toml's [count] table".to_owned(),
    };
    format!("`{name}` is not a count{near}: the counts are {}{own_words}", keys.join(", "))
}

impl CountSystem {
    /// `words` as a screen that shows this count says them: as they are for Hi-Lo (the
    /// default count, whose screens read as they always have), with the count's name before
    /// them for any other: `Zen running count`.
    pub fn named(&self, words: &str) -> String {
        if self.key == HI_LO.key {
            return words.to_owned();
        }
        let mut chars = words.chars();
        let rest: String = match chars.next() {
            Some(first) => first.to_lowercase().chain(chars).collect(),
            None => String::new(),
        };
        format!("{} {rest}", self.name)
    }

    /// The tags in words as the drills say them: Hi-Lo's as every screen has said them
    /// (`2–6 count +1, …`), another count's as [`CountSystem::describe_tags`] writes them.
    pub fn tags_words(&self) -> String {
        if self.is_hilo() {
            crate::analysis::hilo::HILO_TAGS.to_owned()
        } else {
            self.describe_tags()
        }
    }

    /// Whether this is Hi-Lo itself, the default count (not merely a count with its tags).
    pub fn is_hilo(&self) -> bool {
        self.key == HI_LO.key
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_is_found_by_its_key_in_any_case_and_an_unknown_one_is_named_with_the_counts() {
        assert_eq!(count_by_name(" Zen ", None).map(|s| s.key), Ok("zen".into()));
        let err = count_by_name("zne", None).unwrap_err();
        assert!(err.starts_with("`zne` is not a count (did you mean `zen`?)"), "{err}");
        for system in &BUILT_IN {
            assert!(err.contains(system.key.as_ref()), "{err}");
        }
        let own = super::super::custom::from_toml(
            &toml::from_str::<toml::Value>(
                "name = \"mine\"\ntags = [-1, 1, 1, 1, 1, 1, 0, 0, 0, -1]",
            )
            .expect("toml"),
        )
        .expect("a count");
        assert_eq!(count_by_name("MINE", Some(&own)).map(|s| s.key), Ok("mine".into()));
        let err = count_by_name("mime", Some(&own)).unwrap_err();
        assert!(err.contains("did you mean `mine`?") && err.contains("your own"), "{err}");
    }

    #[test]
    fn hilo_screens_read_as_before_and_other_counts_are_named() {
        assert_eq!(HI_LO.named("Running count"), "Running count");
        let zen = CountSystem::built_in("zen").expect("zen");
        assert_eq!(zen.named("Running count"), "Zen running count");
        assert!(HI_LO.is_hilo() && !zen.is_hilo());
    }
}
