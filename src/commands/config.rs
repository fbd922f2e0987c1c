//! The preferences file on the command line: where it is, laying it under the flags (default <
//! file < environment < flag), and `blackjack config [--init [--force]]`.

use std::path::{Path, PathBuf};

use crate::cli::{ConfigArgs, CountName, DrillArgs, PlayArgs, Typed};
use crate::config::{SETTINGS, Settings, StatsSetting, default_config_path, default_config_toml};
use anyhow::{Context, bail};

use super::UsageError;
use crate::trainer::plan_saved::RampChoice;

/// Where the config file's location came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// `--config PATH`.
    Flag,
    /// `$BLACKJACK_CONFIG`.
    Env,
    /// The platform's config folder.
    Default,
}

impl Origin {
    fn describe(self) -> &'static str {
        match self {
            Origin::Flag => "named by --config",
            Origin::Env => "named by $BLACKJACK_CONFIG",
            Origin::Default => "the default place",
        }
    }
}

/// A config file as found and read.
#[derive(Debug, Clone, PartialEq)]
pub struct Loaded {
    /// Its path (`None` when the platform has no config folder and none was named).
    pub path: Option<PathBuf>,
    /// Where the path came from.
    pub origin: Origin,
    /// Whether the file exists (a missing file in the default place means the defaults).
    pub found: bool,
    /// What it sets.
    pub settings: Settings,
}

/// The config file's path: `--config`, else `$BLACKJACK_CONFIG`, else the platform's.
pub fn config_location(flag: Option<&Path>) -> (Option<PathBuf>, Origin) {
    if let Some(path) = flag {
        return (Some(path.to_owned()), Origin::Flag);
    }
    match std::env::var_os("BLACKJACK_CONFIG").filter(|v| !v.is_empty()) {
        Some(path) => (Some(PathBuf::from(path)), Origin::Env),
        None => (default_config_path(), Origin::Default),
    }
}

/// Finds and reads the config file: one that was named must exist (a missing one in the
/// default place means the defaults); one that cannot be used is a usage error.
pub fn load_config(flag: Option<&Path>) -> anyhow::Result<Loaded> {
    let (path, origin) = config_location(flag);
    let mut loaded =
        Loaded { path: path.clone(), origin, found: false, settings: Settings::default() };
    let Some(path) = path else {
        return Ok(loaded);
    };
    let text = match super::read_text_file(&path) {
        Ok(text) => text,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            if origin == Origin::Default {
                return Ok(loaded);
            }
            bail!(UsageError(format!(
                "config file {} ({}) does not exist; `blackjack config --init` writes a \
                 commented one there",
                path.display(),
                origin.describe()
            )));
        }
        Err(err) => {
            bail!(UsageError(format!("cannot read config file {}: {err}", path.display())))
        }
    };
    loaded.settings = Settings::from_toml(&text)
        .map_err(|err| UsageError(format!("in config file {}: {err}", path.display())))?;
    loaded.found = true;
    Ok(loaded)
}

/// Which settings the command line gave explicitly (so they beat the file).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Given(Vec<&'static str>);

/// The argument ids of [`PlayArgs`] a config file can stand in for: every flag of a setting
/// the table takes ([`at_the_table`]), in the order of [`SETTINGS`].
fn play_ids() -> Vec<&'static str> {
    SETTINGS
        .iter()
        .filter_map(|setting| at_the_table(setting.name))
        .flat_map(|hook| hook.flags.iter().copied())
        .collect()
}

/// The argument ids of [`DrillArgs`] a config file can stand in for.
const DRILL_IDS: [&str; 4] = ["stats", "no_stats", "ascii", "count"];

impl Given {
    /// The settings named in `ids`, as the command line gave them.
    #[cfg(test)]
    pub fn of(ids: &[&'static str]) -> Given {
        Given(ids.to_vec())
    }

    /// The ids among `ids` typed on the command line (not a default).
    fn from_typed(typed: &Typed, ids: &[&'static str]) -> Given {
        Given(ids.iter().copied().filter(|id| typed.has(id)).collect())
    }

    fn has(&self, id: &str) -> bool {
        self.0.contains(&id)
    }
}

/// Where an effective setting came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Built in.
    Default,
    /// The config file.
    File,
    /// An environment variable.
    Env,
    /// A flag on the command line.
    Flag,
}

impl Source {
    fn describe(self) -> &'static str {
        match self {
            Source::Default => "default",
            Source::File => "config file",
            Source::Env => "$BLACKJACK_STATS",
            Source::Flag => "flag",
        }
    }
}

/// The settings `blackjack play` uses, and where each came from.
#[derive(Debug, Clone)]
pub struct Effective {
    /// The play options with the file laid under the flags.
    pub args: PlayArgs,
    /// The first bet, if the file sets one.
    pub bet: Option<u64>,
    /// Each setting's source, in the file's order.
    pub sources: Vec<(&'static str, Source)>,
    /// The user's own count, from the file's `[count]` table: `--count` may name it.
    pub own_count: Option<crate::analysis::counts::CountSystem>,
}

impl Effective {
    /// Where `setting` came from.
    pub fn source(&self, setting: &str) -> Source {
        self.sources
            .iter()
            .find(|(name, _)| *name == setting)
            .map_or(Source::Default, |&(_, source)| source)
    }
}

/// Lays the config file under the command line: a setting the command line `given` wins;
/// else `$BLACKJACK_STATS` (`env_stats`) for the statistics file; else the file; else the
/// built-in default. A relative `stats` path is relative to the config file's folder.
pub fn resolve_play(
    args: &PlayArgs,
    given: &Given,
    loaded: &Loaded,
    env_stats: Option<PathBuf>,
) -> Effective {
    let mut args = args.clone();
    let mut sources = Vec::new();
    for setting in SETTINGS {
        let Some(hook) = at_the_table(setting.name) else {
            continue;
        };
        let source = if hook.flags.iter().any(|id| given.has(id)) {
            Source::Flag
        } else {
            (hook.lay)(&mut args, loaded, env_stats.as_deref())
        };
        if let Some(settle) = hook.settle {
            settle(&mut args, loaded);
        }
        sources.push((setting.name, source));
    }
    Effective {
        args,
        bet: loaded.settings.bet,
        sources,
        own_count: loaded.settings.own_count.clone(),
    }
}

/// What a setting of the preferences ([`SETTINGS`]) is to `blackjack play`: the flags that
/// beat it, how the file's value is laid under them, and how its effective value reads in
/// `blackjack config`.
struct AtTheTable {
    /// The ids of the [`PlayArgs`] flags that set it (none: only the file does).
    flags: &'static [&'static str],
    /// Lays the file's value (or, for `stats`, the environment's) under the flags, none of
    /// which was given; says where the setting then comes from.
    lay: fn(&mut PlayArgs, &Loaded, Option<&Path>) -> Source,
    /// What follows from the setting whoever set it.
    settle: Option<fn(&mut PlayArgs, &Loaded)>,
    /// Its effective value, as the file would write it (`$BLACKJACK_STATS` as given).
    show: fn(&Effective, Option<&Path>) -> String,
}

/// The file's `value`, if it sets one, applied by `apply`: from the file, else the default.
fn from_file<T>(value: Option<T>, apply: impl FnOnce(T)) -> Source {
    match value {
        Some(value) => {
            apply(value);
            Source::File
        }
        None => Source::Default,
    }
}

/// How the setting named `name` reaches the table; `None` for one it does not take (`plan`,
/// read by `--ramp plan`). Each setting the table takes is named here once.
fn at_the_table(name: &str) -> Option<AtTheTable> {
    let hook = |flags, lay, show| AtTheTable { flags, lay, settle: None, show };
    Some(match name {
        "seats" => hook(
            &["seats"],
            |a, l, _| from_file(l.settings.seats, |v| a.seats = v),
            |e, _| e.args.seats.to_string(),
        ),
        "seat" => hook(
            &["seat"],
            |a, l, _| from_file(l.settings.seat, |v| a.seat = Some(v)),
            |e, _| e.args.seat.map_or_else(|| "\"middle\"".to_owned(), |s| s.to_string()),
        ),
        "ai" => hook(
            &["ai"],
            |a, l, _| from_file(l.settings.ai.clone(), |v| a.ai = v),
            |e, _| {
                let levels: Vec<String> =
                    e.args.ai.iter().map(|l| format!("\"{}\"", l.name())).collect();
                format!("[{}]", levels.join(", "))
            },
        ),
        "speed" => hook(
            &["speed"],
            |a, l, _| from_file(l.settings.speed, |v| a.speed = v),
            |e, _| e.args.speed.to_string(),
        ),
        "hints" => hook(
            &["hints"],
            |a, l, _| from_file(l.settings.hints, |v| a.hints = v),
            |e, _| e.args.hints.to_string(),
        ),
        "strict" => hook(
            &["strict"],
            |a, l, _| from_file(l.settings.strict, |v| a.strict = v),
            |e, _| e.args.strict.to_string(),
        ),
        "bankroll" => hook(
            &["bankroll"],
            |a, l, _| from_file(l.settings.bankroll, |v| a.bankroll = v),
            |e, _| e.args.bankroll.to_string(),
        ),
        // No flag: the first bet is the file's, else the table's smallest.
        "bet" => hook(
            &[],
            |_, l, _| from_file(l.settings.bet, |_| {}),
            |e, _| e.bet.map_or_else(|| "\"the table's smallest\"".to_owned(), |b| b.to_string()),
        ),
        // `count = "zen"` is counting mode counting Zen; `count = true` Hi-Lo; `false` off.
        "count" => AtTheTable {
            flags: &["count"],
            lay: |a, l, _| {
                let named = file_count(l);
                from_file(l.settings.count, |on| a.count = on.then_some(named))
            },
            // A bare `--count` counts the file's count, if it names one.
            settle: Some(|a, l| {
                if a.count == Some(None) {
                    a.count = Some(file_count(l));
                }
            }),
            show: |e, _| match &e.args.count {
                None => "false".to_owned(),
                Some(None) => "true".to_owned(),
                Some(Some(name)) => format!("{:?}", name.0),
            },
        },
        "count_check" => hook(
            &["count_check"],
            |a, l, _| from_file(l.settings.count_check, |v| a.count_check = v),
            |e, _| e.args.count_check.to_string(),
        ),
        "ramp" => AtTheTable {
            flags: &["ramp"],
            lay: |a, l, _| {
                from_file(l.settings.ramp.clone(), |v| a.ramp = Some(RampChoice::Bets(v)))
            },
            // `--ramp plan`: the saved plan's ramp, if it is by the table's count (a ramp by
            // another count's true count is refused); left as asked when none is saved, which
            // `effective_play` refuses.
            settle: Some(|a, l| {
                let file = &l.settings;
                let fits = (file.plan.as_ref())
                    .is_none_or(|saved| saved.fits_count(&play_count_key(a, file)).is_ok());
                if let Some(ramp) = a.ramp.as_ref().and_then(|r| r.resolved(file))
                    && fits
                {
                    a.ramp = Some(RampChoice::Bets(ramp));
                }
            }),
            show: |e, _| {
                e.args.ramp.as_ref().and_then(RampChoice::bets).map_or_else(
                    || "[]".to_owned(),
                    |r| {
                        let bets: Vec<String> = r.bets().iter().map(u32::to_string).collect();
                        format!("[{}]", bets.join(", "))
                    },
                )
            },
        },
        "pace" => hook(
            &["pace"],
            |a, l, _| from_file(l.settings.pace, |v| a.pace = Some(v)),
            |e, _| {
                e.args.pace.map_or_else(
                    || "\"none: Space deals\"".to_owned(),
                    |p| p.rounds_per_hour().to_string(),
                )
            },
        ),
        "ascii" => hook(
            &["ascii"],
            |a, l, _| from_file(l.settings.ascii, |v| a.ascii = v),
            |e, _| e.args.ascii.to_string(),
        ),
        // `$BLACKJACK_STATS` beats the file (the table reads it itself).
        "stats" => hook(
            &["stats", "no_stats"],
            |a, l, env| {
                if env.is_some() {
                    return Source::Env;
                }
                from_file(l.settings.stats.as_ref(), |setting| match setting {
                    StatsSetting::Off => a.no_stats = true,
                    StatsSetting::File(path) => a.stats = Some(beside(l.path.as_deref(), path)),
                })
            },
            |e, env| {
                if e.args.no_stats {
                    return "false".to_owned();
                }
                let path = (e.args.stats.clone())
                    .or_else(|| env.map(Path::to_owned))
                    .or_else(crate::store::default_path);
                path.map_or_else(
                    || "false".to_owned(),
                    |p| format!("{:?}", p.display().to_string()),
                )
            },
        ),
        "history" => hook(
            &["history_limit"],
            |a, l, _| from_file(l.settings.history, |v| a.history_limit = v),
            |e, _| e.args.history_limit.to_string(),
        ),
        _ => return None,
    })
}

/// The count the file names (`count = "zen"`), for a `--count` or `count = true` that names
/// none: `None` for Hi-Lo.
fn file_count(loaded: &Loaded) -> Option<CountName> {
    (loaded.settings.count_system.as_ref()).map(|c| CountName(c.key.to_string()))
}

/// A path from the config file: `~/…` in the home folder, a relative one beside the file.
fn beside(config: Option<&Path>, path: &Path) -> PathBuf {
    if let Ok(rest) = path.strip_prefix("~")
        && let Some(dirs) = directories::BaseDirs::new()
    {
        return dirs.home_dir().join(rest);
    }
    match config.and_then(Path::parent) {
        Some(folder) if path.is_relative() => folder.join(path),
        _ => path.to_owned(),
    }
}

/// The table `blackjack play` (or no subcommand) asks for, the preferences laid under the
/// flags, and the first bet they name; the terminal table (`tui::play`) sits at it.
pub fn table_configured(
    rules: &crate::engine::Rules,
    seed: Option<u64>,
    args: &PlayArgs,
    typed: &Typed,
    config: Option<&Path>,
) -> anyhow::Result<(crate::setup::TableConfig, Option<u64>)> {
    let (effective, loaded) = effective_play(args, typed, config)?;
    let mut table =
        super::table(rules, seed, &effective.args, effective.bet, effective.own_count.as_ref())?;
    table.plan.config_path = loaded.path;
    table.plan.saved = loaded.settings.plan;
    Ok((table, effective.bet))
}

/// The key of the count a table of `args` counts: the count named, else Hi-Lo.
fn play_count_key(args: &PlayArgs, file: &crate::config::Settings) -> String {
    let named = args.count.as_ref().and_then(Option::as_ref);
    named.map_or_else(
        || "hilo".to_owned(),
        |name| {
            crate::analysis::counts::count_by_name(&name.0, file.own_count.as_ref())
                .map_or_else(|_| name.0.to_ascii_lowercase(), |c| c.key.to_string())
        },
    )
}

/// The effective play settings for these flags.
fn effective_play(
    args: &PlayArgs,
    typed: &Typed,
    config: Option<&Path>,
) -> anyhow::Result<(Effective, Loaded)> {
    let loaded = load_config(config)?;
    let given = Given::from_typed(typed, &play_ids());
    let env_stats = super::stats_env();
    let effective = resolve_play(args, &given, &loaded, env_stats);
    if effective.args.ramp == Some(RampChoice::Plan) {
        let count = play_count_key(&effective.args, &loaded.settings);
        bail!(super::plan_save::ramp_plan_refused(&loaded, &count));
    }
    Ok((effective, loaded))
}

/// `blackjack drill`'s options with the file's `stats` and `ascii` laid under its flags.
pub fn drill_args(
    args: &DrillArgs,
    typed: &Typed,
    config: Option<&Path>,
) -> anyhow::Result<DrillArgs> {
    let loaded = load_config(config)?;
    let given = Given::from_typed(typed, &DRILL_IDS);
    let mut args = args.clone();
    if !given.has("ascii")
        && let Some(ascii) = loaded.settings.ascii
    {
        args.ascii = ascii;
    }
    // `count = "zen"` is the count every counting drill uses too.
    if !given.has("count")
        && let Some(system) = &loaded.settings.count_system
    {
        args.count = Some(CountName(system.key.to_string()));
    }
    args.own_count = loaded.settings.own_count.clone();
    // A name that is no count is refused before anything is opened.
    let count = super::drill::drill_count(&args)?;
    if args.ramp == RampChoice::Plan {
        let refused = || super::plan_save::ramp_plan_refused(&loaded, &count.key);
        let saved = (loaded.settings.plan.as_ref())
            .filter(|saved| saved.fits_count(&count.key).is_ok())
            .ok_or_else(refused)?;
        args.ramp = RampChoice::Bets(saved.ramp.clone());
    }
    if !given.has("stats") && !given.has("no_stats") && super::stats_env().is_none() {
        match &loaded.settings.stats {
            Some(StatsSetting::Off) => args.no_stats = true,
            Some(StatsSetting::File(path)) => {
                args.stats = Some(beside(loaded.path.as_deref(), path));
            }
            None => {}
        }
    }
    Ok(args)
}

/// The statistics file the config file names for `blackjack stats`, if any.
pub fn stats_file(config: Option<&Path>) -> anyhow::Result<Option<PathBuf>> {
    let loaded = load_config(config)?;
    Ok(match &loaded.settings.stats {
        Some(StatsSetting::File(path)) => Some(beside(loaded.path.as_deref(), path)),
        _ => None,
    })
}

/// Runs `blackjack config`: with `--init`, writes the commented default file (refusing to
/// replace one without `--force`) and prints its path; otherwise prints the path and the
/// effective settings of `blackjack play` with the flags given, each with its source — or,
/// if `blackjack play` would refuse them under `rules`, the same refusal
/// ([`super::play::check_playable`]).
pub fn config(
    rules: &crate::engine::Rules,
    args: &ConfigArgs,
    typed: &Typed,
    flag: Option<&Path>,
    out: &mut impl std::io::Write,
) -> anyhow::Result<()> {
    if args.init {
        let (path, _) = config_location(flag);
        let path =
            path.context("no config folder on this system: name the file with --config PATH")?;
        return init(&path, args.force, out);
    }
    let loaded = load_config(flag)?;
    let given = Given::from_typed(typed, &play_ids());
    let env_stats = super::stats_env();
    let effective = resolve_play(&args.play, &given, &loaded, env_stats.clone());
    if effective.args.ramp == Some(RampChoice::Plan) {
        let count = play_count_key(&effective.args, &loaded.settings);
        bail!(super::plan_save::ramp_plan_refused(&loaded, &count));
    }
    super::play::check_playable(rules, &effective.args, effective.bet)?;
    write!(out, "{}", describe(&loaded, &effective, env_stats.as_deref()))?;
    Ok(())
}

/// Writes the embedded default file at `path`.
fn init(path: &Path, force: bool, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    if !force && std::fs::symlink_metadata(path).is_ok() {
        bail!(UsageError(format!(
            "{} already exists: it is left as it is (add --force to replace it with the \
             commented default)",
            path.display()
        )));
    }
    // Even with --force, only a regular file is replaced: writing into a pipe waits for a
    // reader, and into a device writes the device.
    if let Ok(meta) = std::fs::metadata(path)
        && !meta.is_file()
    {
        let kind = crate::store::special_kind(&meta.file_type());
        bail!(UsageError(format!(
            "{} is {kind}, not a regular file: the preferences are not written there",
            path.display()
        )));
    }
    if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder)
            .with_context(|| format!("cannot create the folder {}", folder.display()))?;
    }
    std::fs::write(path, default_config_toml())
        .with_context(|| format!("cannot write {}", path.display()))?;
    writeln!(out, "Wrote the default preferences to {}", path.display())?;
    writeln!(out, "Uncomment a line there to change a default of `blackjack play`.")?;
    Ok(())
}

/// The path and the effective settings as `key = value  # source` lines.
fn describe(loaded: &Loaded, effective: &Effective, env_stats: Option<&Path>) -> String {
    let mut out = match &loaded.path {
        Some(path) if loaded.found => {
            format!("Config file: {} ({})\n", path.display(), loaded.origin.describe())
        }
        Some(path) => format!(
            "Config file: {} ({}; not there, so the defaults; `blackjack config --init` \
             writes one)\n",
            path.display(),
            loaded.origin.describe()
        ),
        None => "Config file: none (no config folder on this system)\n".to_owned(),
    };
    out.push_str("Effective settings of `blackjack play` (flag > environment > file > default):\n");
    let lines = SETTINGS.iter().filter_map(|setting| {
        at_the_table(setting.name).map(|hook| (setting.name, (hook.show)(effective, env_stats)))
    });
    for (name, value) in lines {
        let setting = format!("{name} = {value}");
        out.push_str(&format!("  {setting:<40} # {}\n", effective.source(name).describe()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::config::SETTING_NAMES;

    fn loaded(text: &str) -> Loaded {
        Loaded {
            path: Some(PathBuf::from("/home/me/.config/blackjack-trainer/config.toml")),
            origin: Origin::Default,
            found: true,
            settings: Settings::from_toml(text).expect("valid"),
        }
    }

    #[test]
    fn counting_mode_and_the_ramp_come_from_the_file() {
        let defaults = PlayArgs::defaults();
        let e = resolve_play(&defaults, &Given::default(), &loaded(""), None);
        assert_eq!((e.args.count.clone(), e.source("count")), (None, Source::Default));
        let file = loaded("count = true\nramp = [1, 2, 4, 8, 12]\n");
        let e = resolve_play(&defaults, &Given::default(), &file, None);
        assert_eq!((e.args.count.clone(), e.source("count")), (Some(None), Source::File));
        assert_eq!(
            e.args.ramp.as_ref().and_then(RampChoice::bets).map(|r| r.bets().to_vec()),
            Some(vec![1, 2, 4, 8, 12])
        );
        // `--count` given: the flag's.
        let mut flags = defaults.clone();
        flags.count = Some(None);
        let e = resolve_play(&flags, &Given::of(&["count"]), &loaded("count = false"), None);
        assert_eq!((e.args.count.clone(), e.source("count")), (Some(None), Source::Flag));
    }

    #[test]
    fn a_count_named_in_the_file_is_counted_unless_the_flag_names_another() {
        let zen = Some(Some(CountName("zen".to_owned())));
        let file = loaded("count = \"zen\"\n");
        let e = resolve_play(&PlayArgs::defaults(), &Given::default(), &file, None);
        assert_eq!((e.args.count.clone(), e.source("count")), (zen.clone(), Source::File));
        // A bare `--count` keeps the file's count; `--count ko` names another.
        let mut flags = PlayArgs::defaults();
        flags.count = Some(None);
        let e = resolve_play(&flags, &Given::of(&["count"]), &file, None);
        assert_eq!(e.args.count, zen);
        flags.count = Some(Some(CountName("ko".to_owned())));
        let e = resolve_play(&flags, &Given::of(&["count"]), &file, None);
        assert_eq!(e.args.count, Some(Some(CountName("ko".to_owned()))));
        let e =
            resolve_play(&PlayArgs::defaults(), &Given::default(), &loaded("count = false"), None);
        assert_eq!(e.args.count, None);
    }

    #[test]
    fn precedence_is_default_then_file_then_env_then_flag() {
        let defaults = PlayArgs::defaults();
        let file = loaded("seats = 5\nspeed = 0\nai = \"easy\"\nstats = \"mine.json\"\n");
        // Default: nothing set anywhere.
        let e = resolve_play(&defaults, &Given::default(), &loaded(""), None);
        assert_eq!((e.args.seats, e.args.speed, e.args.stats.clone()), (3, 400, None));
        assert_eq!(e.source("seats"), Source::Default);
        // File over default; a relative stats path sits beside the config file.
        let e = resolve_play(&defaults, &Given::default(), &file, None);
        assert_eq!((e.args.seats, e.args.speed), (5, 0));
        assert_eq!(e.args.ai, vec![Level::Easy]);
        assert_eq!(
            e.args.stats,
            Some(PathBuf::from("/home/me/.config/blackjack-trainer/mine.json"))
        );
        assert_eq!((e.source("seats"), e.source("stats")), (Source::File, Source::File));
        // Environment over file (the table reads $BLACKJACK_STATS itself).
        let e = resolve_play(&defaults, &Given::default(), &file, Some("env.json".into()));
        assert_eq!((e.args.stats.clone(), e.source("stats")), (None, Source::Env));
        // Flag over everything.
        let mut flags = defaults.clone();
        flags.seats = 2;
        flags.stats = Some("flag.json".into());
        let given = Given::of(&["seats", "stats"]);
        let e = resolve_play(&flags, &given, &file, Some("env.json".into()));
        assert_eq!(e.args.seats, 2);
        assert_eq!(e.args.stats, Some(PathBuf::from("flag.json")));
        assert_eq!(e.args.speed, 0, "what the flags leave out still comes from the file");
        assert_eq!((e.source("seats"), e.source("stats")), (Source::Flag, Source::Flag));
    }

    /// `config --init` covers every setting the table takes (issue 36: the count check and
    /// the counter seat were missing): every table option a file can stand in for is a
    /// setting of the one list, the written file names each (commented out, at its default),
    /// and what the file sets reaches the table, the count check included.
    #[test]
    fn the_init_file_covers_every_setting_the_table_takes() {
        let text = default_config_toml();
        let flags: Vec<String> = <PlayArgs as clap::Args>::augment_args(clap::Command::new("play"))
            .get_arguments()
            .map(|arg| arg.get_id().to_string())
            .collect();
        for id in play_ids() {
            assert!(flags.iter().any(|f| f == id), "--{id} is no flag of play");
        }
        let taken: Vec<&str> =
            SETTINGS.iter().map(|s| s.name).filter(|name| at_the_table(name).is_some()).collect();
        assert_eq!(
            taken,
            SETTING_NAMES.iter().copied().filter(|&name| name != "plan").collect::<Vec<_>>(),
            "every setting reaches the table but the plan, which --ramp plan reads"
        );
        let shown = describe(
            &loaded(""),
            &resolve_play(&PlayArgs::defaults(), &Given::default(), &loaded(""), None),
            None,
        );
        let names: Vec<&str> = shown
            .lines()
            .skip(2)
            .filter_map(|line| line.trim_start().split(" = ").next())
            .collect();
        assert_eq!(names, taken, "`blackjack config` shows each, in the file's order");
        for setting in crate::config::SETTINGS {
            assert!(
                text.contains(&format!("\n# {} = {}\n", setting.name, setting.example)),
                "{} is not in the file:\n{text}",
                setting.name
            );
        }
        assert!(text.contains("\"counter\""), "the counter seat is named:\n{text}");
        let defaults = PlayArgs::defaults();
        let file = loaded("count = true\ncount_check = 2\n");
        let e = resolve_play(&defaults, &Given::default(), &file, None);
        assert_eq!((e.args.count.is_some(), e.args.count_check), (true, 2));
        assert_eq!(e.source("count_check"), Source::File);
        let mut flags = defaults.clone();
        flags.count_check = 9;
        let e = resolve_play(&flags, &Given::of(&["count_check"]), &file, None);
        assert_eq!((e.args.count_check, e.source("count_check")), (9, Source::Flag));
        let refused = Settings::from_toml("count_check = -1").expect_err("out of range");
        assert!(refused.to_string().contains("from 0 (never) to 1000"), "{refused}");
    }

    #[test]
    fn stats_false_in_the_file_keeps_none_unless_a_flag_names_one() {
        let file = loaded("stats = false");
        let e = resolve_play(&PlayArgs::defaults(), &Given::default(), &file, None);
        assert!(e.args.no_stats);
        let mut flags = PlayArgs::defaults();
        flags.stats = Some("x.json".into());
        let e = resolve_play(&flags, &Given::of(&["stats"]), &file, None);
        assert!(!e.args.no_stats);
    }

    #[test]
    fn paths_in_the_file_are_beside_it_or_at_home() {
        let config = Path::new("/etc/bj/config.toml");
        assert_eq!(beside(Some(config), Path::new("s.json")), PathBuf::from("/etc/bj/s.json"));
        assert_eq!(beside(Some(config), Path::new("/var/s.json")), PathBuf::from("/var/s.json"));
        let home = beside(Some(config), Path::new("~/s.json"));
        assert!(home.is_absolute() && home.ends_with("s.json"), "{home:?}");
    }
}
