//! The drill options that only some kinds read: one typed with a kind that does not read it
//! would do nothing, and is refused in a sentence that says which kinds read it.

use clap::parser::ValueSource;

use super::{Cli, DrillKind};
use DrillKind::{Count, Countdown, Decks, Deviations, Ramp, TrueCount};

/// Each option's id and the kinds that read it. The other options (`--stats`, `--ascii`,
/// `--seed`, …) are read by every kind.
const READ_BY: [(&str, &[DrillKind]); 8] = [
    ("convention", &[TrueCount]),
    ("resolution", &[TrueCount, Decks]),
    ("ramp", &[Ramp]),
    ("set", &[Deviations]),
    ("decks", &[Countdown]),
    ("per_flash", &[Countdown]),
    ("surprise", &[Countdown]),
    ("pace", &[Countdown, Count]),
];

/// Refuses a drill option typed on the command line with a `kind` that does not read it.
/// `matches` are the drill subcommand's.
pub fn check(kind: DrillKind, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
    for (id, kinds) in READ_BY {
        if kinds.contains(&kind) || matches.value_source(id) != Some(ValueSource::CommandLine) {
            continue;
        }
        let names: Vec<String> = kinds.iter().map(|k| format!("--kind {}", k.name())).collect();
        let mut cli = <Cli as clap::CommandFactory>::command();
        return Err(cli.error(
            clap::error::ErrorKind::ArgumentConflict,
            format!(
                "`--{}` does nothing with `--kind {}`: only {} read it",
                id.replace('_', "-"),
                kind.name(),
                names.join(" and ")
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::FromArgMatches;

    fn checked(args: &[&str]) -> Result<(), String> {
        let mut line = vec!["blackjack", "drill"];
        line.extend_from_slice(args);
        let matches = <Cli as clap::CommandFactory>::command()
            .try_get_matches_from(&line)
            .map_err(|e| e.to_string())?;
        let cli = Cli::from_arg_matches(&matches).map_err(|e| e.to_string())?;
        let Some(super::super::Command::Drill(drill)) = cli.command else {
            return Err("not a drill".to_owned());
        };
        let sub = matches.subcommand_matches("drill").expect("the drill's");
        check(drill.kind, sub).map_err(|e| e.to_string())
    }

    #[test]
    fn an_option_the_kind_does_not_read_is_refused_and_one_it_reads_is_taken() {
        let err = checked(&["--kind", "hard", "--resolution", "quarter"]).expect_err("unread");
        assert!(
            err.contains("`--resolution` does nothing with `--kind hard`")
                && err.contains("--kind true-count and --kind decks"),
            "{err}"
        );
        let err = checked(&["--kind", "ramp", "--per-flash", "2"]).expect_err("unread");
        assert!(err.contains("`--per-flash`"), "{err}");
        assert_eq!(checked(&["--kind", "decks", "--resolution", "quarter"]), Ok(()));
        assert_eq!(checked(&["--kind", "countdown", "--pace", "0.5"]), Ok(()));
        assert_eq!(checked(&["--kind", "hard"]), Ok(()), "defaults are not typed");
    }
}
