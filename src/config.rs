//! Preferences: the play defaults a person keeps in `config.toml`. Pure logic: the commands
//! find and read the file and lay the flags over it; a bad file is refused as a rules file is.

use std::path::PathBuf;

use crate::ai::Level;
use crate::analysis::hilo::BetRamp;
use crate::engine::rules::MAX_TABLE_BET;
use crate::settings_file::{Refusal, Setting, SettingsError, SettingsFile, int_in, names};
use crate::text::line_of;
use crate::trainer::plan_saved::SavedPlan;

/// One setting a preferences file may hold: its name, what the default file says of it, and
/// its reader.
pub type ConfigSetting = Setting<Settings>;

/// Every setting a file may hold, in the default file's order: the one list the parser, the
/// names and `blackjack config --init` are made from.
pub const SETTINGS: [ConfigSetting; 16] = [
    Setting { name: "seats", about: "Seats at the table, 1 to 7.", example: "3", read: read_seats },
    Setting {
        name: "seat",
        about: "Your seat, 1-based (leave it out for the middle seat).",
        example: "2",
        read: read_seat,
    },
    Setting {
        name: "ai",
        about: "Levels of the AI seats in seat order, repeated if fewer than the AI seats:\n\
                \"easy\" (hits below 17), \"normal\" (a common basic-strategy table), \"hard\" (this game's exact\n\
                basic strategy), \"counter\" (the hard seat plus the Hi-Lo count: this game's index plays\n\
                and a bet ramp — a counter seat to watch).",
        example: "[\"normal\", \"hard\"]",
        read: |v, s| set(&mut s.ai, levels(v).ok_or_else(level_choices)),
    },
    Setting {
        name: "speed",
        about: "Milliseconds per dealt card for the AI seats and the dealer, 0 (instant) to 10000.",
        example: "400",
        read: read_speed,
    },
    Setting {
        name: "hints",
        about: "Strategy hints on from the start.",
        example: "false",
        read: |v, s| set(&mut s.hints, flag(v)),
    },
    Setting {
        name: "strict",
        about: "Refuse a decision that differs from basic strategy and ask again (a close call is\n\
                played: it gives away less than 0.005 bets).",
        example: "false",
        read: |v, s| set(&mut s.strict, flag(v)),
    },
    Setting {
        name: "bankroll",
        about: "Starting bankroll in virtual units, 1 to 1000000000 (also what a rebuy brings).",
        example: "100",
        read: read_bankroll,
    },
    Setting {
        name: "bet",
        about: "Your first bet in units (it must fit the table's limits in the rules file and the bankroll).",
        example: "1",
        read: read_bet,
    },
    Setting {
        name: "count",
        about: "Counting mode: decisions graded by this game's index plays at the true count, with the count\n\
                hidden (an exam: `c` shows it) and asked now and then before a deal. true counts Hi-Lo; a\n\
                count's name in quotes (\"zen\", \"ko\", \"hiopt1\", \"hiopt2\", \"omega2\", \"halves\", \"red7\":\n\
                `blackjack counts` compares them) counts that one, at the table and in every counting drill;\n\
                false is counting mode off, the drills counting Hi-Lo. As --count, or --count zen. A count\n\
                of your own goes in a [count] table instead (`blackjack counts` shows how), and --count NAME\n\
                chooses it.",
        example: "false",
        read: read_count,
    },
    Setting {
        name: "count_check",
        about: "In counting mode with the count hidden: ask for the running count before every N-th deal,\n\
                0 (never) to 1000.",
        example: "5",
        read: read_count_check,
    },
    Setting {
        name: "ramp",
        about: "A counting player's bets by true count: the bet at true count 0 or less, +1, +2, … (the\n\
                last for every higher count), as a list or as --ramp writes it (\"1,2,4,8\"). The table grades\n\
                the bet placed before each deal against it.",
        example: "[1, 2, 4, 8]",
        read: |v, s| set(&mut s.ramp, ramp_value(v)),
    },
    Setting {
        name: "pace",
        about: "Deal at a casino's pace: after the first deal, each next round is dealt by itself.\n\
                \"casino\" (70 rounds an hour, a full table), \"heads-up\" (200), \"slow\" (35), or a number of\n\
                rounds an hour from 10 to 600. `w` pauses it at the table; Space still deals at once.",
        example: "\"casino\"",
        read: read_pace,
    },
    Setting {
        name: "ascii",
        about: "Draw cards with ASCII only (no suit symbols or box lines).",
        example: "false",
        read: |v, s| set(&mut s.ascii, flag(v)),
    },
    Setting {
        name: "stats",
        about: "The statistics database: a path (relative to this file's folder; \"~/\" is your home), or\n\
                false to keep no statistics. Default: stats.db in the platform's data folder.",
        example: "\"stats.db\"",
        read: read_stats,
    },
    Setting {
        name: "history",
        about: "Entries of the hand history (rounds, drill and counting answers) the review at the table\n\
                loads, the newest. Nothing is ever deleted: this only limits what the review shows.",
        example: "5000",
        read: read_history,
    },
    Setting {
        name: "plan",
        about: "Your planned ramp: `blackjack plan --bankroll N --save` (or `s` on the planner page at the\n\
                table, key b) writes a [plan] table at the end of this file, with the ramp and what it was\n\
                planned with (bankroll, spread, min_bet, risk or kelly, enter and leave). `--ramp plan`\n\
                bets that ramp; saving again replaces that table only, and keeps every other line here.",
        example: "{ ramp = [1, 2, 4, 8], bankroll = 400 }",
        read: |v, s| set(&mut s.plan, SavedPlan::from_toml(v).map_err(Refusal::Because)),
    },
];

const CONFIG_HEAD: &str = "\
# blackjack-trainer preferences: the defaults of `blackjack play`.
#
# Every setting is commented out, so this file changes nothing until you uncomment a line.
# A flag on the command line always beats this file (`blackjack play --seats 1`), and
# $BLACKJACK_STATS beats the `stats` setting here. `blackjack config` shows the effective
# settings and where each comes from; `blackjack config --init` wrote this file.
# Another file: `blackjack --config PATH`, or $BLACKJACK_CONFIG.
";

/// The default file `blackjack config --init` writes: every setting of [`SETTINGS`] with what
/// it does, commented out.
pub fn default_config_toml() -> String {
    let mut text = CONFIG_HEAD.to_owned();
    for setting in SETTINGS {
        text.push('\n');
        for line in setting.about.lines() {
            text.push_str(&format!("# {line}\n"));
        }
        text.push_str(&format!("# {} = {}\n", setting.name, setting.example));
    }
    text
}

/// The most checks between deals a file may ask for (`count_check`: every N-th deal).
pub const MAX_COUNT_CHECK: u64 = 1000;

/// The most seats at a table.
pub const MAX_SEATS: u8 = 7;

/// The slowest pace a file may set, in milliseconds per dealt card.
pub const MAX_SPEED_MS: u64 = 10_000;

/// The largest bankroll, as `--bankroll` allows.
pub const MAX_BANKROLL: u64 = 1_000_000_000;

/// Every setting a file may hold: the names of [`SETTINGS`].
pub const SETTING_NAMES: [&str; SETTINGS.len()] = names(&SETTINGS);

/// The platform's place: `config.toml` in its config folder (`~/.config/blackjack-trainer/`).
pub fn default_config_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "blackjack-trainer")
        .map(|d| d.config_dir().join("config.toml"))
}

/// Where the statistics go, as the file says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StatsSetting {
    /// This file (a relative path is relative to the config file's folder; the commands
    /// resolve it).
    File(PathBuf),
    /// Keep no statistics (`stats = false`).
    Off,
}

/// What a config file sets: `None` for every setting it leaves out (the built-in default, or
/// a flag, decides those).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Settings {
    /// Seats at the table, 1–7.
    pub seats: Option<u8>,
    /// The person's seat, 1-based.
    pub seat: Option<u8>,
    /// AI levels in seat order (repeated if fewer than the AI seats).
    pub ai: Option<Vec<Level>>,
    /// Milliseconds per dealt card for AI seats and the dealer.
    pub speed: Option<u64>,
    /// Hints on from the start.
    pub hints: Option<bool>,
    /// Refuse decisions that differ from basic strategy.
    pub strict: Option<bool>,
    /// Starting bankroll in units.
    pub bankroll: Option<u64>,
    /// The first bet, in units (the table's limits are checked when it opens).
    pub bet: Option<u64>,
    /// Counting mode (as `--count`): `count = true`, or `count = "zen"` for another count.
    pub count: Option<bool>,
    /// The count counting mode and the drills use, when the file names one (`count = "zen"`).
    pub count_system: Option<crate::analysis::counts::CountSystem>,
    /// A counting player's bets by true count, lowest first (as `--ramp`).
    pub ramp: Option<BetRamp>,
    /// A count check before every N-th deal, 0 never (as `--count-check`).
    pub count_check: Option<u32>,
    /// ASCII cards and frames.
    pub ascii: Option<bool>,
    /// The pace the table deals at by itself (as `--pace`).
    pub pace: Option<crate::session::Pace>,
    /// Where the statistics go.
    pub stats: Option<StatsSetting>,
    /// Entries of the hand history the review at the table loads (nothing is ever deleted).
    pub history: Option<usize>,
    /// A count of the user's own, from a `[count]` table (the other form of `count`), picked
    /// by `--count NAME`.
    pub own_count: Option<crate::analysis::counts::CountSystem>,
    /// The learner's saved plan, a `[plan]` table: `--ramp plan` plays its ramp.
    pub plan: Option<SavedPlan>,
}

/// The preferences file as its errors name it: one of the files of settings
/// ([`crate::settings_file`]), which shares its error type with the rules file.
pub const CONFIG_FILE: SettingsFile = SettingsFile {
    syntax: "not valid TOML",
    noun: "setting",
    names: &SETTING_NAMES,
    lists_names: true,
};

impl Settings {
    /// Reads a config file's text, each setting by its reader in [`SETTINGS`].
    pub fn from_toml(text: &str) -> Result<Settings, SettingsError> {
        let mut settings = Settings::default();
        let table = CONFIG_FILE.read_into(text, &SETTINGS, &mut settings)?;
        if let (Some(seats), Some(seat)) = (settings.seats, settings.seat)
            && seat > seats
        {
            let line = table.get("seat").map_or(1, |v| line_of(text, v.span().start));
            return Err(SettingsError::BadValue {
                key: "seat".to_owned(),
                value: seat.to_string(),
                expected: format!("a seat from 1 to {seats} (seats = {seats})"),
                line,
            });
        }
        Ok(settings)
    }
}

/// Sets `slot` to the value read, or passes the refusal on.
fn set<V, E: Into<Refusal>>(slot: &mut Option<V>, read: Result<V, E>) -> Result<(), Refusal> {
    *slot = Some(read.map_err(Into::into)?);
    Ok(())
}

/// `true` or `false`.
fn flag(value: &toml::Value) -> Result<bool, Refusal> {
    value.as_bool().ok_or_else(|| "true or false".into())
}

fn read_seats(value: &toml::Value, s: &mut Settings) -> Result<(), Refusal> {
    let n =
        seat_number(value).ok_or_else(|| format!("a whole number of seats from 1 to {MAX_SEATS}"));
    set(&mut s.seats, n)
}

fn read_seat(value: &toml::Value, s: &mut Settings) -> Result<(), Refusal> {
    let n = seat_number(value).ok_or_else(|| format!("your seat, 1 to {MAX_SEATS} (1-based)"));
    set(&mut s.seat, n)
}

fn read_speed(value: &toml::Value, s: &mut Settings) -> Result<(), Refusal> {
    let ms = int_in(value, 0, MAX_SPEED_MS)
        .ok_or_else(|| format!("milliseconds per card from 0 (instant) to {MAX_SPEED_MS}"));
    set(&mut s.speed, ms)
}

fn read_bankroll(value: &toml::Value, s: &mut Settings) -> Result<(), Refusal> {
    let units = int_in(value, 1, MAX_BANKROLL)
        .ok_or_else(|| format!("a whole number of units from 1 to {MAX_BANKROLL}"));
    set(&mut s.bankroll, units)
}

fn read_bet(value: &toml::Value, s: &mut Settings) -> Result<(), Refusal> {
    let units = int_in(value, 1, u64::from(MAX_TABLE_BET))
        .ok_or_else(|| format!("a whole number of units from 1 to {MAX_TABLE_BET}"));
    set(&mut s.bet, units)
}

/// `count = true`/`false` (counting mode), `count = "zen"` (a built-in count), or a `[count]`
/// table (a count of the user's own).
fn read_count(value: &toml::Value, s: &mut Settings) -> Result<(), Refusal> {
    match value {
        toml::Value::Table(_) => {
            let own = crate::analysis::counts::custom::from_toml(value)
                .map_err(|err| Refusal::Because(format!("[count] is not a count: {err}")))?;
            s.own_count = Some(own);
        }
        toml::Value::String(name) => {
            // A file with a `[count]` table cannot also say `count = "…"`: the name is a
            // built-in count's.
            let system =
                crate::analysis::counts::count_by_name(name, None).map_err(Refusal::Because)?;
            s.count = Some(true);
            s.count_system = Some(system);
        }
        _ => {
            s.count = Some(value.as_bool().ok_or(
                "true or false (counting mode on or off, as --count), or a count's name in \
                 quotes: \"zen\"",
            )?);
        }
    }
    Ok(())
}

fn read_pace(value: &toml::Value, s: &mut Settings) -> Result<(), Refusal> {
    let written = match value {
        toml::Value::String(text) => Some(text.clone()),
        toml::Value::Integer(n) => Some(n.to_string()),
        _ => None,
    };
    let pace = written.and_then(|text| text.parse().ok());
    set(&mut s.pace, pace.ok_or_else(crate::session::Pace::choices))
}

fn read_count_check(value: &toml::Value, s: &mut Settings) -> Result<(), Refusal> {
    let every = int_in(value, 0, MAX_COUNT_CHECK).and_then(|n| u32::try_from(n).ok());
    let why = || format!("a whole number of deals from 0 (never) to {MAX_COUNT_CHECK}");
    set(&mut s.count_check, every.ok_or_else(why))
}

fn read_history(value: &toml::Value, s: &mut Settings) -> Result<(), Refusal> {
    let max = crate::store::coach::MAX_REVIEW_LIMIT;
    let entries = int_in(value, 0, max as u64).and_then(|n| usize::try_from(n).ok());
    let why = || format!("a whole number of entries the review loads, from 0 to {max}");
    set(&mut s.history, entries.ok_or_else(why))
}

fn read_stats(value: &toml::Value, s: &mut Settings) -> Result<(), Refusal> {
    let stats = match value {
        toml::Value::String(path) if !path.trim().is_empty() => {
            Ok(StatsSetting::File(PathBuf::from(path)))
        }
        toml::Value::Boolean(false) => Ok(StatsSetting::Off),
        _ => Err("a file path in quotes, or false to keep no statistics"),
    };
    set(&mut s.stats, stats)
}

/// A seat number or count, 1 to [`MAX_SEATS`].
fn seat_number(value: &toml::Value) -> Option<u8> {
    int_in(value, 1, u64::from(MAX_SEATS)).and_then(|n| u8::try_from(n).ok())
}

fn level_choices() -> String {
    let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
    format!(
        "AI levels in seat order, each one of {}: e.g. [\"normal\", \"hard\"]",
        names.join(", ")
    )
}

/// AI levels: a list of names, or one name (or comma-separated names) in a string; at least
/// one, at most one per seat.
fn levels(value: &toml::Value) -> Option<Vec<Level>> {
    let names: Vec<String> = match value {
        toml::Value::String(s) => s.split(',').map(|n| n.trim().to_owned()).collect(),
        toml::Value::Array(items) => {
            items.iter().map(|v| v.as_str().map(str::to_owned)).collect::<Option<_>>()?
        }
        _ => return None,
    };
    if names.is_empty() || names.len() > usize::from(MAX_SEATS) {
        return None;
    }
    names.iter().map(|n| Level::ALL.into_iter().find(|l| l.name() == n)).collect()
}

/// A betting ramp: a list of whole bets, or the bets comma-separated in a string as `--ramp`
/// takes them (`"1,2,4,8"`), checked as `--ramp` is ([`BetRamp::new`]).
pub fn ramp_value(value: &toml::Value) -> Result<BetRamp, String> {
    let what = "a list of bets, e.g. [1, 2, 4, 8] or \"1,2,4,8\" (the bet at true count 0 or \
                less, +1, +2, …)";
    if let Some(text) = value.as_str() {
        return text.parse::<BetRamp>().map_err(|err| format!("{what}: {err}"));
    }
    let items = value.as_array().ok_or_else(|| what.to_owned())?;
    let bets = items
        .iter()
        .map(|item| {
            item.as_integer()
                .and_then(|b| u32::try_from(b).ok())
                .ok_or_else(|| format!("{what}: `{item}` is not a whole number of units"))
        })
        .collect::<Result<Vec<u32>, String>>()?;
    BetRamp::new(bets).map_err(|err| format!("{what}: {err}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The embedded file with every `# key = value` line uncommented.
    fn uncommented_default() -> String {
        default_config_toml()
            .lines()
            .map(|l| match l.strip_prefix("# ") {
                Some(rest)
                    if SETTING_NAMES
                        .iter()
                        .any(|k| rest.split('=').next().map(str::trim) == Some(*k)) =>
                {
                    rest.to_owned()
                }
                _ => l.to_owned(),
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn the_embedded_file_changes_nothing_and_names_every_setting() {
        assert_eq!(Settings::from_toml(&default_config_toml()), Ok(Settings::default()));
        let all = Settings::from_toml(&uncommented_default()).expect("uncommented it parses");
        // The commented values are the built-in defaults of `blackjack play`.
        assert_eq!(all.seats, Some(3));
        assert_eq!(all.ai, Some(vec![Level::Normal, Level::Hard]));
        assert_eq!(all.speed, Some(400));
        assert_eq!(all.bankroll, Some(100));
        assert_eq!((all.hints, all.strict, all.ascii), (Some(false), Some(false), Some(false)));
        assert!(all.seat.is_some() && all.bet.is_some() && all.ramp.is_some());
        assert_eq!(all.count, Some(false), "counting mode is off by default");
        assert_eq!(all.count_check, Some(5), "as --count-check's default");
        assert!(all.stats.is_some());
    }

    #[test]
    fn a_file_sets_only_what_it_names() {
        let s = Settings::from_toml("seats = 5\nai = \"hard\"\nstats = false\n").unwrap();
        assert_eq!(s.seats, Some(5));
        assert_eq!(s.ai, Some(vec![Level::Hard]));
        assert_eq!(s.stats, Some(StatsSetting::Off));
        assert_eq!(s.speed, None);
        let s = Settings::from_toml("stats = \"mine.json\"\nramp = [1, 2, 2, 8]\n").unwrap();
        assert_eq!(s.stats, Some(StatsSetting::File("mine.json".into())));
        assert_eq!(s.ramp.map(|r| r.bets().to_vec()), Some(vec![1, 2, 2, 8]));
    }

    #[test]
    fn out_of_range_values_name_the_setting_value_range_and_line() {
        let err = Settings::from_toml("# mine\n\nseats = 9\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 3: `seats = 9` is not allowed: expected a whole number of seats from 1 to 7"
        );
        for (text, needle) in [
            ("speed = -1", "from 0 (instant) to 10000"),
            ("bankroll = 0", "from 1 to 1000000000"),
            ("bet = 2000000", "from 1 to 1000000"),
            ("hints = \"yes\"", "true or false"),
            ("ai = [\"normal\", \"wizard\"]", "one of easy, normal, hard, counter"),
            ("ai = []", "one of easy, normal, hard, counter"),
            ("ramp = [1, 0]", "a bet of 0 is not allowed"),
            ("ramp = []", "the ramp is empty"),
            ("ramp = [1, \"two\"]", "is not a whole number"),
            ("stats = true", "false to keep no statistics"),
            ("seats = 2\nseat = 3", "a seat from 1 to 2"),
        ] {
            let err = Settings::from_toml(text).expect_err(text).to_string();
            assert!(err.contains(needle), "{text}: {err}");
            assert!(err.starts_with("line "), "{text}: {err}");
        }
    }

    #[test]
    fn an_unknown_setting_gets_the_closest_name() {
        let err = Settings::from_toml("seats = 3\nspeeed = 100\n").unwrap_err();
        assert_eq!(err.to_string(), "line 2: unknown setting `speeed` (did you mean `speed`?)");
        let err = Settings::from_toml("\n[play]\nseats = 3\n").unwrap_err();
        let text = err.to_string();
        assert!(text.starts_with("line 2: unknown setting `play`"), "{text}");
        let err = Settings::from_toml("colour = \"red\"").unwrap_err().to_string();
        assert!(err.contains("the settings are: seats, seat"), "{err}");
    }

    #[test]
    fn counting_mode_and_its_ramp_come_from_the_file() {
        let s = Settings::from_toml("count = true\nramp = [1, 2, 4, 6, 8, 10, 12]\n").unwrap();
        assert_eq!(s.count, Some(true));
        assert_eq!(s.ramp.map(|r| r.bets().to_vec()), Some(vec![1, 2, 4, 6, 8, 10, 12]));
        // The ramp as `--ramp` writes it.
        let s = Settings::from_toml("count = false\nramp = \"1, 2,4\"\n").unwrap();
        assert_eq!(s.count, Some(false));
        assert_eq!(s.ramp.map(|r| r.bets().to_vec()), Some(vec![1, 2, 4]));
    }

    #[test]
    fn a_count_by_name_turns_counting_mode_on_with_that_count_and_an_unknown_one_is_refused() {
        let s = Settings::from_toml("count = \"Zen\"\n").expect("zen");
        assert_eq!(s.count, Some(true));
        assert_eq!(s.count_system.map(|c| c.key), Some("zen".into()));
        let s = Settings::from_toml("count = true\n").expect("true");
        assert_eq!((s.count, s.count_system), (Some(true), None), "Hi-Lo: no count named");
        let err = Settings::from_toml("seats = 2\ncount = \"zne\"\n")
            .expect_err("no such count")
            .to_string();
        assert!(
            err.starts_with(
                "line 2: `zne` is not a count (did you mean `zen`?): the counts are \
                             hilo, ko,"
            ),
            "{err}"
        );
    }

    #[test]
    fn a_bad_count_or_ramp_names_the_setting_the_value_and_what_it_takes() {
        let err = Settings::from_toml("seats = 3\ncount = 2\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2: `count = 2` is not allowed: expected true or false (counting mode on or off, \
             as --count), or a count's name in quotes: \"zen\""
        );
        for (text, needle) in [
            ("count = 1", "true or false"),
            ("ramp = \"1,two\"", "e.g. [1, 2, 4, 8]"),
            ("ramp = \"\"", "e.g. [1, 2, 4, 8]"),
            ("ramp = 4", "a list of bets"),
            ("ramp = [1, -2]", "`-2` is not a whole number of units"),
        ] {
            let err = Settings::from_toml(text).expect_err(text).to_string();
            assert!(err.starts_with("line 1: `") && err.contains(needle), "{text}: {err}");
        }
        let err = Settings::from_toml("counting = true").unwrap_err().to_string();
        assert!(err.contains("did you mean `count`?"), "{err}");
    }

    #[test]
    fn a_count_of_ones_own_comes_from_a_count_table_and_a_bad_one_is_refused() {
        let s = Settings::from_toml(
            "seats = 2\n[count]\nname = \"mine\"\ntags = [1, 1, 2, 2, 1, 1, 0, 0, -2, 0]\n",
        )
        .expect("a count");
        let own = s.own_count.expect("the count");
        assert_eq!(
            (
                own.key.as_ref(),
                own.tag(crate::engine::Value::of(4)),
                own.tag(crate::engine::Value::ACE)
            ),
            ("mine", 2, 0)
        );
        assert_eq!(s.count, None, "counting mode is left alone");
        let err = Settings::from_toml(
            "seats = 2\n\n[count]\nname = \"mine\"\ntags = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]\n",
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 3: [count] is not a count: every tag is 0: a count that says nothing about the \
             cards left"
        );
    }

    #[test]
    fn broken_toml_is_a_syntax_error() {
        let err = Settings::from_toml("seats = = 3").unwrap_err();
        assert!(matches!(err, SettingsError::Syntax { .. }), "{err}");
    }
}
