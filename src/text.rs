//! Words about input, shared by every layer and depending on none: the "did you mean" of an
//! unknown name.

/// The name in `names` nearest to `key` by edit distance, if it is within a few edits (a
/// third of the key's length, at least three): for "did you mean" on an unknown rule or
/// setting.
pub fn closest(key: &str, names: &[&str]) -> Option<String> {
    names
        .iter()
        .map(|name| (strsim::levenshtein(key, name), *name))
        .min()
        .filter(|&(d, _)| d <= 3.max(key.len() / 3))
        .map(|(_, name)| name.to_owned())
}

#[cfg(test)]
mod tests {
    use super::closest;

    #[test]
    fn the_nearest_name_within_a_few_edits_is_suggested() {
        let names = ["decks", "penetration", "surrender"];
        assert_eq!(closest("deks", &names).as_deref(), Some("decks"));
        assert_eq!(
            closest("penetraton", &names).as_deref(),
            Some("penetration")
        );
        assert_eq!(closest("colour_scheme_of_the_table", &names), None);
    }
}
