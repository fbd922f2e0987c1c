//! Everyday use from the command line: completions and the manual page, the statistics
//! (summary, export, reset) and the preferences file. Every file written is in a temp folder.

use std::path::{Path, PathBuf};
use std::process::Output;

use blackjack_trainer::store::coach::REVIEW_LIMIT;

use crate::common;
use common::TempDir;

/// The subcommands a user can type.
const SUBCOMMANDS: [&str; 10] = [
    "play",
    "rules",
    "ev",
    "strategy",
    "sim",
    "drill",
    "stats",
    "config",
    "completions",
    "manpage",
];

/// Runs the binary with `args` and `env` (and no config or statistics of the real user: the
/// config and data folders point into `home`).
fn run(home: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    run_with_input(home, args, env, "")
}

/// [`run`] with `input` on standard input (then its end).
fn run_with_input(home: &Path, args: &[&str], env: &[(&str, &str)], input: &str) -> Output {
    common::run_at(home, args, env, input.as_bytes())
}

use crate::common::{stderr, stdout};

#[test]
fn completions_generate_for_every_shell_and_name_the_subcommands() {
    let tmp = TempDir::new("everyday-completions");
    let home = tmp.0.clone();
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let out = run(&home, &["completions", shell], &[]);
        assert!(out.status.success(), "{shell}: {}", stderr(&out));
        let script = stdout(&out);
        assert!(!script.trim().is_empty(), "{shell}");
        for sub in SUBCOMMANDS {
            assert!(script.contains(sub), "{shell} completion names `{sub}`");
        }
    }
    let out = run(&home, &["completions", "tcsh"], &[]);
    assert_eq!(out.status.code(), Some(2), "an unknown shell is a usage error");
}

#[test]
fn the_man_page_is_roff_and_mentions_every_subcommand() {
    let tmp = TempDir::new("everyday-manpage");
    let home = tmp.0.clone();
    let out = run(&home, &["manpage"], &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let page = stdout(&out);
    assert!(page.starts_with(".ie") || page.contains(".TH"), "roff: {page}");
    for sub in SUBCOMMANDS {
        assert!(page.contains(sub), "the man page mentions `{sub}`");
    }
}

/// A statistics file as the table writes it: two sessions (one with its row), 16 vs T missed
/// once of three, a last-seen time for it.
const STATS_TEXT: &str = r#"{
  "version": 1,
  "sessions": 2,
  "lifetime": {
    "rounds": 3, "hands": 3, "wins": 1, "losses": 2, "pushes": 0,
    "net_milli": -1000, "net_money_milli": -5000, "net_sq_micro": 3000000,
    "overall": {"decisions": 3, "correct": 2},
    "ev_lost": 0.07,
    "cells": {"hard:16:T": {"decisions": 3, "wrong": 1, "streak": 2}}
  },
  "last_seen": {"hard:16:T": 1796304005},
  "session_rows": [
    {"started": 1796300000, "process": 7, "last_write": 1796304005, "rounds": 3, "hands": 3,
     "net_milli": -1000, "net_money_milli": -5000, "decisions": 3, "right": 2, "ev_lost": 0.07}
  ]
}"#;

/// A statistics database that takes in [`STATS_TEXT`] (the statistics file of an earlier
/// build, `stats.json`, beside it) when it is first opened.
fn stats_file(home: &Path) -> PathBuf {
    std::fs::write(home.join("stats.json"), STATS_TEXT).expect("write stats");
    home.join("stats.db")
}

/// The earlier build's file beside the database: never changed.
fn old_file(home: &Path) -> String {
    std::fs::read_to_string(home.join("stats.json")).expect("the old file")
}

#[test]
fn stats_prints_the_lifetime_summary_of_the_file_asked_for() {
    let tmp = TempDir::new("everyday-stats-summary");
    let home = tmp.0.clone();
    let path = stats_file(&home);
    let p = path.to_str().unwrap();
    let out = run(&home, &["stats", "--stats", p], &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with(&format!("Lifetime statistics in {p} (2 sessions)")), "{text}");
    assert!(text.contains("Rounds") && text.contains("2 of 3"), "{text}");
    assert!(text.contains("16 vs T") && text.contains("1 of 3 wrong"), "{text}");
    // $BLACKJACK_STATS is honoured as `play` honours it, and --stats beats it.
    let by_env = run(&home, &["stats"], &[("BLACKJACK_STATS", p)]);
    assert_eq!(stdout(&by_env), text);
    let other = home.join("none.db");
    let flag_wins =
        run(&home, &["stats", "--stats", other.to_str().unwrap()], &[("BLACKJACK_STATS", p)]);
    assert!(stdout(&flag_wins).contains("No statistics yet"), "{}", stdout(&flag_wins));
    assert!(!other.exists(), "looking creates nothing");
    // --stats before the subcommand names the same file.
    let before = run(&home, &["--stats", p, "stats"], &[]);
    assert_eq!(stdout(&before), text);
}

#[test]
fn export_csv_has_a_header_and_360_cell_rows() {
    let tmp = TempDir::new("everyday-export-csv");
    let home = tmp.0.clone();
    let path = stats_file(&home);
    let out = run(&home, &["stats", "--stats", path.to_str().unwrap(), "--export", "csv"], &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let csv = stdout(&out);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "key,label,decisions,right,wrong,streak,ev_given_away,last_seen,practice_box,due"
    );
    assert_eq!(lines.len(), 1 + 360, "a header and one row per chart cell");
    assert_eq!(lines[1], "hard:5:2,5 vs 2,0,0,0,0,0.0000,,0,");
    assert!(lines.contains(&"hard:16:T,16 vs T,3,2,1,2,0.0000,2026-12-03T13:20:05Z,0,"), "{csv}");
    assert!(lines.contains(&"pair:8:A,\"8,8 vs A\",0,0,0,0,0.0000,,0,"), "{csv}");
    // The old file is left as it was.
    assert_eq!(old_file(&home), STATS_TEXT);
}

#[test]
fn export_json_to_a_file_has_360_cells_and_the_lifetime() {
    let tmp = TempDir::new("everyday-export-json");
    let home = tmp.0.clone();
    let path = stats_file(&home);
    let target = home.join("export.json");
    let out = run(
        &home,
        &[
            "stats",
            "--stats",
            path.to_str().unwrap(),
            "--export",
            "json",
            "--output",
            target.to_str().unwrap(),
        ],
        &[],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).is_empty());
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&target).unwrap()).expect("JSON");
    let cells = value["cells"].as_array().expect("cells");
    assert_eq!(cells.len(), 360);
    let cell = cells.iter().find(|c| c["key"] == "hard:16:T").expect("16 vs T");
    assert_eq!((cell["decisions"].as_u64(), cell["right"].as_u64()), (Some(3), Some(2)));
    assert_eq!(value["sessions"], 2);
    assert_eq!(value["lifetime"]["rounds"], 3);
    // Exporting onto the statistics file itself is refused.
    let out = run(
        &home,
        &[
            "stats",
            "--stats",
            path.to_str().unwrap(),
            "--export",
            "csv",
            "-o",
            path.to_str().unwrap(),
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(common::lifetime(&path).1.play.rounds, 3, "the database is as it was");
}

#[test]
fn reset_without_a_terminal_needs_yes_and_keeps_a_backup() {
    let tmp = TempDir::new("everyday-reset");
    let home = tmp.0.clone();
    let path = stats_file(&home);
    let p = path.to_str().unwrap();
    let refused = run(&home, &["stats", "--stats", p, "--reset"], &[]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr(&refused).contains("add --yes"), "{}", stderr(&refused));
    assert_eq!(common::lifetime(&path).1.play.rounds, 3, "nothing changed");
    let done = run(&home, &["stats", "--stats", p, "--reset", "--yes"], &[]);
    assert!(done.status.success(), "{}", stderr(&done));
    let said = stdout(&done);
    let backup = said
        .split("kept as ")
        .nth(1)
        .and_then(|rest| rest.strip_suffix(".\n"))
        .map(PathBuf::from)
        .unwrap_or_else(|| panic!("no backup named: {said}"));
    assert!(backup.starts_with(&home), "{said}");
    let (sessions, kept) = common::lifetime(&backup);
    assert_eq!((sessions, kept.play.rounds), (2, 3), "the backup holds everything");
    let after = run(&home, &["stats", "--stats", p], &[]);
    assert!(stdout(&after).contains("(0 sessions)"), "{}", stdout(&after));
    // The old file is never taken in again, nor changed.
    assert_eq!(old_file(&home), STATS_TEXT);
    // A second reset has nothing to delete and keeps the first backup.
    let again = run(&home, &["stats", "--stats", p, "--reset", "--yes"], &[]);
    assert!(again.status.success());
    assert!(stdout(&again).contains("Nothing to delete"), "{}", stdout(&again));
    assert_eq!(common::lifetime(&backup).1.play.rounds, 3);
    // --yes alone, or --export with --reset, is a usage error.
    assert_eq!(run(&home, &["stats", "--yes"], &[]).status.code(), Some(2));
    assert_eq!(run(&home, &["stats", "--reset", "--export", "csv"], &[]).status.code(), Some(2));
}

/// The effective-settings line of `setting` in `blackjack config`'s output.
fn setting_line<'a>(text: &'a str, setting: &str) -> &'a str {
    text.lines()
        .find(|l| l.trim_start().starts_with(&format!("{setting} = ")))
        .unwrap_or_else(|| panic!("no `{setting}` line in:\n{text}"))
}

#[test]
fn config_precedence_is_default_then_file_then_env_then_flag() {
    let tmp = TempDir::new("everyday-precedence");
    let home = tmp.0.clone();
    let config = home.join("prefs.toml");
    std::fs::write(&config, "seats = 5\nspeed = 0\nstats = \"from-file.json\"\n").unwrap();
    let c = config.to_str().unwrap();
    // Default: no file in the default place.
    let out = run(&home, &["config"], &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("not there, so the defaults"), "{text}");
    assert!(
        setting_line(&text, "seats").contains("= 3")
            && setting_line(&text, "seats").ends_with("# default")
    );
    let default_stats = home.join("data/blackjack-trainer/stats.db");
    assert!(setting_line(&text, "stats").contains(default_stats.to_str().unwrap()), "{text}");
    // File over default (a relative stats path sits beside the file).
    let text = stdout(&run(&home, &["--config", c, "config"], &[]));
    assert!(
        setting_line(&text, "seats").starts_with("  seats = 5")
            && setting_line(&text, "seats").ends_with("# config file"),
        "{text}"
    );
    assert!(setting_line(&text, "speed").contains("= 0"), "{text}");
    let beside = home.join("from-file.json");
    assert!(setting_line(&text, "stats").contains(beside.to_str().unwrap()), "{text}");
    // $BLACKJACK_CONFIG names the file as --config does.
    assert_eq!(
        stdout(&run(&home, &["config"], &[("BLACKJACK_CONFIG", c)]))
            .lines()
            .skip(1)
            .collect::<Vec<_>>(),
        text.lines().skip(1).collect::<Vec<_>>()
    );
    // Environment over file.
    let env_stats = home.join("from-env.json");
    let text = stdout(&run(
        &home,
        &["--config", c, "config"],
        &[("BLACKJACK_STATS", env_stats.to_str().unwrap())],
    ));
    let line = setting_line(&text, "stats");
    assert!(
        line.contains(env_stats.to_str().unwrap()) && line.ends_with("# $BLACKJACK_STATS"),
        "{text}"
    );
    // Flag over environment and file; what the flags leave out still comes from the file.
    let flag_stats = home.join("from-flag.json");
    let text = stdout(&run(
        &home,
        &["--config", c, "config", "--seats", "2", "--stats", flag_stats.to_str().unwrap()],
        &[("BLACKJACK_STATS", env_stats.to_str().unwrap())],
    ));
    assert!(
        setting_line(&text, "seats").contains("= 2")
            && setting_line(&text, "seats").ends_with("# flag"),
        "{text}"
    );
    assert!(setting_line(&text, "stats").contains(flag_stats.to_str().unwrap()), "{text}");
    assert!(
        setting_line(&text, "speed").contains("= 0")
            && setting_line(&text, "speed").ends_with("# config file"),
        "{text}"
    );
    // A flag equal to the default still beats the file.
    let text = stdout(&run(&home, &["--config", c, "config", "--seats", "3"], &[]));
    assert!(
        setting_line(&text, "seats").contains("= 3")
            && setting_line(&text, "seats").ends_with("# flag"),
        "{text}"
    );
}

/// The entries of the hand history in the statistics database `stats`, as `review --json`
/// lists them.
fn history_entries(home: &Path, stats: &Path) -> usize {
    let out = run(home, &["review", "--json", "--stats", stats.to_str().unwrap()], &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    value["entries"].as_array().expect("entries").len()
}

#[test]
fn history_in_the_config_file_only_limits_the_review_and_nothing_is_dropped() {
    let home = TempDir::new("everyday-history");
    let home = home.0.as_path();
    let config = home.join("prefs.toml");
    std::fs::write(&config, "history = 1\n").unwrap();
    let c = config.to_str().unwrap();
    // Five answers with a history setting of 1: all five are kept.
    let stats = home.join("stats.db");
    let args = [
        "--config",
        c,
        "--seed",
        "4",
        "drill",
        "--kind",
        "hard",
        "--stats",
        stats.to_str().unwrap(),
    ];
    let out = run_with_input(home, &args, &[], &"s\n".repeat(5));
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(history_entries(home, &stats), 5);
    // The drill takes no --history-limit: it keeps every answer.
    let mut limited = args.to_vec();
    limited.extend(["--history-limit", "1"]);
    assert_eq!(run_with_input(home, &limited, &[], "s\n").status.code(), Some(2));
    // `blackjack config` prints each value with its source.
    let text = stdout(&run(home, &["config"], &[]));
    let line = setting_line(&text, "history");
    assert!(
        line.starts_with(&format!("  history = {REVIEW_LIMIT} ")) && line.ends_with("# default"),
        "{text}"
    );
    let text = stdout(&run(home, &["--config", c, "config"], &[]));
    let line = setting_line(&text, "history");
    assert!(line.starts_with("  history = 1 ") && line.ends_with("# config file"), "{text}");
    let text = stdout(&run(home, &["--config", c, "config", "--history-limit", "3"], &[]));
    let line = setting_line(&text, "history");
    assert!(line.starts_with("  history = 3 ") && line.ends_with("# flag"), "{text}");
}

#[test]
fn the_config_file_decides_where_stats_looks() {
    let tmp = TempDir::new("everyday-config-stats");
    let home = tmp.0.clone();
    let path = stats_file(&home);
    let config = home.join("prefs.toml");
    std::fs::write(&config, "stats = \"stats.db\"\n").unwrap();
    let out = run(&home, &["--config", config.to_str().unwrap(), "stats"], &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains(&format!("Lifetime statistics in {}", path.display())),
        "{}",
        stdout(&out)
    );
}

#[test]
fn config_init_writes_the_commented_default_once() {
    let tmp = TempDir::new("everyday-init");
    let home = tmp.0.clone();
    let target = home.join("config/blackjack-trainer/config.toml");
    let out = run(&home, &["config", "--init"], &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains(target.to_str().unwrap()), "{}", stdout(&out));
    let written = std::fs::read_to_string(&target).expect("written in the config folder");
    assert!(written.contains("# seats = 3") && written.contains("# ramp = [1, 2, 4, 8]"));
    // The file it wrote changes nothing.
    let text = stdout(&run(&home, &["config"], &[]));
    assert!(setting_line(&text, "seats").ends_with("# default"), "{text}");
    // A second --init refuses to replace it; --force does.
    std::fs::write(&target, "seats = 4\n").unwrap();
    let again = run(&home, &["config", "--init"], &[]);
    assert_eq!(again.status.code(), Some(2));
    assert!(
        stderr(&again).contains("already exists") && stderr(&again).contains("--force"),
        "{}",
        stderr(&again)
    );
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "seats = 4\n");
    let forced = run(&home, &["config", "--init", "--force"], &[]);
    assert!(forced.status.success());
    assert_eq!(std::fs::read_to_string(&target).unwrap(), written);
    // --config names where --init writes.
    let mine = home.join("elsewhere/mine.toml");
    assert!(
        run(&home, &["--config", mine.to_str().unwrap(), "config", "--init"], &[]).status.success()
    );
    assert!(mine.exists());
}

#[test]
fn a_bad_config_file_names_the_setting_value_range_and_line() {
    let tmp = TempDir::new("everyday-bad-config");
    let home = tmp.0.clone();
    let config = home.join("prefs.toml");
    let c = config.to_str().unwrap();
    std::fs::write(&config, "# mine\nseats = 9\n").unwrap();
    for args in
        [vec!["--config", c, "config"], vec!["--config", c, "play"], vec!["--config", c, "stats"]]
    {
        let out = run(&home, &args, &[]);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(
            err.contains(c)
                && err.contains("line 2")
                && err.contains("seats = 9")
                && err.contains("from 1 to 7"),
            "{args:?}: {err}"
        );
    }
    std::fs::write(&config, "seats = 3\nhint = true\n").unwrap();
    let err = stderr(&run(&home, &["--config", c, "config"], &[]));
    assert!(err.contains("line 2: unknown setting `hint` (did you mean `hints`?)"), "{err}");
    // A missing file named by --config is an error; the default place may be empty.
    let missing = home.join("missing.toml");
    let out = run(&home, &["--config", missing.to_str().unwrap(), "config"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("does not exist"), "{}", stderr(&out));
    assert!(run(&home, &["config"], &[]).status.success());
}

#[test]
#[cfg(unix)]
fn a_read_only_statistics_database_is_not_reset() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = TempDir::new("everyday-reset-read-only");
    let home = tmp.0.clone();
    let path = stats_file(&home);
    assert_eq!(common::lifetime(&path).1.play.rounds, 3);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let before = std::fs::read(&path).unwrap();
    let out = run(&home, &["stats", "--stats", path.to_str().unwrap(), "--reset", "--yes"], &[]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stderr(&out).contains("not written"), "{}", stderr(&out));
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let backups = std::fs::read_dir(&home)
        .unwrap()
        .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().ends_with(".bak"))
        .count();
    assert_eq!(backups, 0);
}

#[test]
fn the_table_with_no_subcommand_reads_the_config_file_too() {
    let tmp = TempDir::new("everyday-bare");
    let home = tmp.0.clone();
    let config = home.join("prefs.toml");
    std::fs::write(&config, "speed = 99999\n").unwrap();
    let out = run(&home, &["--config", config.to_str().unwrap()], &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("line 1: `speed = 99999`") && err.contains("0 (instant) to 10000"),
        "{err}"
    );
    // A good file and a typed flag: refused only for want of a terminal.
    std::fs::write(&config, "speed = 0\nseats = 7\n").unwrap();
    let out = run(&home, &["--config", config.to_str().unwrap(), "--seats", "2"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("needs a terminal"), "{}", stderr(&out));
}

#[test]
fn export_csv_sessions_has_a_row_per_session_and_json_holds_them_too() {
    let tmp = TempDir::new("everyday-export-sessions");
    let home = tmp.0.clone();
    let path = stats_file(&home);
    let p = path.to_str().unwrap();
    let out = run(&home, &["stats", "--stats", p, "--export", "csv", "--sessions"], &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "started,last_write,rounds,hands,net_bets,net_money,decisions,right,ev_given_away\n\
         2026-12-03T12:13:20Z,2026-12-03T13:20:05Z,3,3,-1,-5,3,2,0.0700\n"
    );
    let json = run(&home, &["stats", "--stats", p, "--export", "json"], &[]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(value["session_rows"][0]["rounds"], 3);
    // --sessions without --export is a usage error.
    assert_eq!(run(&home, &["stats", "--sessions"], &[]).status.code(), Some(2));
}
