//! How the enums of other modules (AI levels, drill kinds, export formats, index choices and
//! sets) are spelt as flag values: their `clap::ValueEnum` impls.

use clap::ValueEnum;

use super::{DrillKind, ExportFormat, IndexChoice, IndexSet, Level};
use crate::engine::Action;

/// `--play` values are the engine's actions, spelt as [`Action::name`] gives them.
impl ValueEnum for Action {
    fn value_variants<'a>() -> &'a [Self] {
        &Action::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()))
    }
}

/// `ValueEnum` for enums of other modules that list their values in `ALL`, spelt by `name()`
/// with the help `describe()`.
macro_rules! value_enum_by_name {
    ($($kind:ty),*) => {$(
        impl ValueEnum for $kind {
            fn value_variants<'a>() -> &'a [Self] {
                &<$kind>::ALL
            }

            fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
                Some(clap::builder::PossibleValue::new(self.name()).help(self.describe()))
            }
        }
    )*};
}

value_enum_by_name!(ExportFormat, Level, IndexChoice, DrillKind);

/// `--set` values are the trainer's index sets, spelt as [`IndexSet::name`] gives them.
impl ValueEnum for IndexSet {
    fn value_variants<'a>() -> &'a [Self] {
        &[IndexSet::GameI18, IndexSet::Valuable]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let help = match self {
            IndexSet::GameI18 => "this game's 18 most valuable index plays",
            IndexSet::Valuable => {
                "every index play of this game worth at least 0.0002 bets per 100 rounds"
            }
        };
        Some(clap::builder::PossibleValue::new(self.name()).help(help))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command, DrillArgs};
    use clap::Parser;

    #[test]
    fn drill_kinds_parse_by_name() {
        for kind in DrillKind::ALL {
            let cli = Cli::try_parse_from(["blackjack", "drill", "--kind", kind.name()])
                .expect("every kind parses");
            assert!(
                matches!(cli.command, Some(Command::Drill(DrillArgs { kind: k, .. })) if k == kind)
            );
        }
        assert!(Cli::try_parse_from(["blackjack", "drill", "--kind", "wild"]).is_err());
    }
}
