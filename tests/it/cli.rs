//! The command line as a user meets it.

use std::process::{Command, Output, Stdio};

fn blackjack(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_blackjack")).args(args).output().expect("the binary runs")
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("blackjack-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn help_and_version_work() {
    let help = blackjack(&["--help"]);
    assert!(help.status.success());
    let text = String::from_utf8_lossy(&help.stdout);
    for sub in ["play", "rules", "ev", "strategy", "sim", "drill"] {
        assert!(text.contains(sub), "--help lists `{sub}`");
    }
    let version = blackjack(&["--version"]);
    assert!(String::from_utf8_lossy(&version.stdout).contains(env!("CARGO_PKG_VERSION")));
}

#[test]
fn rules_prints_the_embedded_defaults_in_words_and_toml() {
    let out = blackjack(&["rules"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("6 decks"));
    assert!(text.contains("stands on soft 17"));
    assert!(text.contains("decks = 6"));
    assert!(text.contains("insurance = false"));
}

#[test]
fn rules_loads_a_partial_file() {
    let path = temp_file("h17.toml", "dealer_hits_soft_17 = true\ndecks = 8\n");
    let out = blackjack(&["rules", "--rules", path.to_str().unwrap()]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("hits on soft 17") && text.contains("decks = 8"));
}

#[test]
fn a_bad_rules_file_is_refused_with_the_field_and_line() {
    let path = temp_file("bad.toml", "# mine\ndecks = 0\n");
    let out = blackjack(&["--rules", path.to_str().unwrap(), "rules"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2") && err.contains("decks = 0") && err.contains("1 to 8"), "{err}");

    let path = temp_file("locked.toml", "surrender = true\n");
    let out = blackjack(&["--rules", path.to_str().unwrap(), "rules"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("locked off in this variant"));

    let out = blackjack(&["--rules", "/no/such/rules.toml", "rules"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read rules file"));
}

#[test]
fn an_unknown_flag_is_an_error() {
    let out = blackjack(&["--no-such-flag"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--no-such-flag"));
}

use crate::common::TempDir;

/// `blackjack [--rules FILE] rules [--toml]`, stdout as text (the run must succeed).
fn rules_output(file: Option<&std::path::Path>, toml: bool) -> String {
    let mut args: Vec<&str> = Vec::new();
    if let Some(file) = file {
        args.extend(["--rules", file.to_str().unwrap()]);
    }
    args.push("rules");
    if toml {
        args.push("--toml");
    }
    let out = blackjack(&args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// `blackjack rules --toml > my.toml` and then `blackjack --rules my.toml rules` gives the same
/// rules back, for the defaults and for a file that changes several fields.
#[test]
fn rules_toml_prints_a_rules_file_that_loads_back_the_same() {
    let dir = TempDir::new("toml");
    let custom = dir.path("custom.toml");
    std::fs::write(
        &custom,
        "# mine\ndecks = 8\ndealer_hits_soft_17 = true\npenetration = 0.8\nmax_hands = 3\n",
    )
    .unwrap();
    for (name, source) in [("default", None), ("custom", Some(custom.as_path()))] {
        // Through the shell's `>`: stdout straight into the file.
        let mine = dir.path(&format!("{name}-out.toml"));
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_blackjack"));
        if let Some(source) = source {
            cmd.arg("--rules").arg(source);
        }
        let status = cmd
            .args(["rules", "--toml"])
            .stdout(std::fs::File::create(&mine).unwrap())
            .status()
            .expect("the binary runs");
        assert!(status.success());
        let text = std::fs::read_to_string(&mine).unwrap();
        assert!(
            !text.contains("Rule sheet") && !text.contains("# Effective"),
            "{name}: only TOML: {text}"
        );
        let parsed: toml::Table = toml::from_str(&text).expect("valid TOML");
        assert!(parsed.contains_key("decks") && parsed.contains_key("penetration"));

        assert_eq!(
            rules_output(Some(&mine), false),
            rules_output(source, false),
            "{name}: the same rules in words and TOML"
        );
        assert_eq!(rules_output(Some(&mine), true), text, "{name}");
    }
    let custom_toml = rules_output(Some(&custom), true);
    assert!(custom_toml.contains("decks = 8") && custom_toml.contains("max_hands = 3"));

    // Plain `blackjack rules` is as it was: words, then the TOML under a heading.
    let plain = rules_output(None, false);
    assert!(plain.starts_with("Rule sheet version"));
    assert!(plain.contains("# Effective rules as TOML\n"));
    assert!(plain.ends_with(&rules_output(None, true)));
}

/// `--stats PATH` and `--no-stats` contradict each other: clap refuses the pair (exit 2) before
/// anything starts, at the table (with or without `play`) and in drills.
#[test]
fn stats_and_no_stats_together_are_a_usage_error() {
    let dir = TempDir::new("stats");
    let stats = dir.path("stats.db");
    let stats = stats.to_str().unwrap();
    for args in [
        &["--stats", stats, "--no-stats"][..],
        &["play", "--no-stats", "--stats", stats],
        &["drill", "--stats", stats, "--no-stats"],
    ] {
        let out = blackjack(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("cannot be used with") && err.contains("--no-stats"),
            "{args:?}: {err}"
        );
    }
    assert!(!std::path::Path::new(stats).exists());
}

/// `blackjack ev` with these arguments must fail as a usage error (exit 2, no panic) with a
/// message containing `wanted`.
fn assert_ev_usage_error(args: &[&str], wanted: &str) {
    let out = blackjack(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(err.contains(wanted), "{args:?}: wanted `{wanted}` in {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
}

/// Hands that cannot be at the table are refused with a reason, never with a panic: more
/// cards than a hand holds (23 aces), a bust hand, a hand that went on past a natural or 21.
#[test]
fn ev_refuses_a_hand_that_cannot_be() {
    let aces = |n: usize| vec!["A"; n].join(",");
    assert_ev_usage_error(&["ev", "--hand", &aces(23), "--up", "T"], "a hand holds at most 22");
    assert_ev_usage_error(&["ev", "--hand", &aces(22), "--up", "T"], "already bust");
    assert_ev_usage_error(&["ev", "--hand", "T,T,5", "--up", "T"], "already bust (25)");
    assert_ev_usage_error(&["ev", "--hand", "A,T,5", "--up", "T"], "A,T is a natural");
    assert_ev_usage_error(&["ev", "--hand", "A,5,5,3", "--up", "T"], "A,5,5 is 21");
    assert_ev_usage_error(&["ev", "--hand", "8", "--up", "T"], "at least two cards");
    assert_ev_usage_error(&["ev", "--hand", "8,X", "--up", "T"], "`X` is not a card");
    assert_ev_usage_error(&["ev", "--hand", "8,8", "--up", "T,9"], "exactly one card");
    // 21 aces would be hard 21, but the eleventh ace makes soft 21 and closes the hand.
    assert_ev_usage_error(
        &["ev", "--hand", &aces(21), "--up", "T"],
        &format!("{} is 21", aces(11)),
    );
    // Fifteen cards make a hand (six 2s then nine aces: hard 12 … 21) in an 8-deck shoe; and
    // the cards of a natural in another order are an ordinary hand.
    let long = format!("2,2,2,2,2,2,{}", aces(9));
    let dir = TempDir::new("aces");
    let eight = dir.path("eight.toml");
    std::fs::write(&eight, "decks = 8\n").unwrap();
    let out = blackjack(&["--rules", eight.to_str().unwrap(), "ev", "--hand", &long, "--up", "T"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(blackjack(&["ev", "--hand", "5,A,T", "--up", "T"]).status.success());
}

/// `--seen` cards leaving these values (1 = ace) of one deck, given the hand and up card.
fn seen_leaving(hand: &[u8], up: u8, keep: &[u8]) -> String {
    let mut counts = [4usize; 10];
    counts[9] = 16;
    for &v in hand.iter().chain([up].iter()).chain(keep) {
        counts[usize::from(v) - 1] -= 1;
    }
    let label = |v: usize| match v {
        1 => "A".to_owned(),
        10 => "T".to_owned(),
        v => v.to_string(),
    };
    (1..=10)
        .flat_map(|v| std::iter::repeat_n(label(v), counts[v - 1]))
        .collect::<Vec<_>>()
        .join(",")
}

/// A shoe too small to play the hand out is refused, naming the cards left (it printed
/// `+0.000000` for everything, or `split +1.666667`, before); more cards of a value than the
/// shoe holds are refused too; a small shoe that is big enough still answers.
#[test]
fn ev_refuses_a_shoe_too_small_to_play_the_hand_out() {
    let dir = TempDir::new("seen");
    let one = dir.path("one.toml");
    std::fs::write(&one, "decks = 1\n").unwrap();
    let one = one.to_str().unwrap();
    let ev = |keep: &[u8]| -> Vec<String> {
        [
            "--rules",
            one,
            "ev",
            "--hand",
            "8,8",
            "--up",
            "T",
            "--seen",
            &seen_leaving(&[8, 8], 10, keep),
        ]
        .map(str::to_owned)
        .to_vec()
    };
    fn args(v: &[String]) -> Vec<&str> {
        v.iter().map(String::as_str).collect()
    }
    assert_ev_usage_error(&args(&ev(&[])), "only 0 cards left");
    assert_ev_usage_error(&args(&ev(&[8])), "only 1 card left in the shoe (8)");
    assert_ev_usage_error(&args(&ev(&[1, 8, 8])), "only 3 cards left in the shoe (A,8,8)");
    assert_ev_usage_error(&args(&ev(&[1, 8, 8])), "after a split");

    let enough = ev(&[1, 2, 3, 4, 5, 6, 7, 9, 10, 10, 10, 10]);
    let out = blackjack(&args(&enough));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("12 cards left"));

    // A fifth ace in one deck.
    assert_ev_usage_error(
        &["--rules", one, "ev", "--hand", "A,A", "--up", "A", "--seen", "A,A"],
        "holds no more A",
    );
}

/// Runs the binary with standard input from `stdin` (output captured, so not a terminal).
fn blackjack_with_input(args: &[&str], stdin: Stdio) -> Output {
    Command::new(env!("CARGO_BIN_EXE_blackjack"))
        .args(args)
        .stdin(stdin)
        .output()
        .expect("the binary runs")
}

#[test]
fn a_bad_value_of_our_own_checks_is_a_usage_error_status_2() {
    for (args, says) in [
        (&["--seats", "9"][..], "--seats"),
        (&["play", "--seats", "3", "--seat", "5"][..], "--seat must be 1 to 3"),
        (&["--seats", "3", "--seat", "0"][..], "--seat must be 1 to 3"),
        (&["ev", "--hand", "8,X", "--up", "T"][..], "`X` is not a card"),
        (&["ev", "--hand", "8", "--up", "T"][..], "at least two cards"),
        (&["ev", "--hand", "T,T,5", "--up", "T"][..], "already bust"),
        (&["sim", "--hands", "0", "--strategy", "hard"][..], "--hands"),
        (
            &["sim", "--hands", "10", "--strategy", "hard", "--penetration", "0.1"][..],
            "--penetration",
        ),
        // Echoed as typed: a number too large for an f64 is not "inf".
        (
            &["sim", "--hands", "10", "--penetration", "1e400"][..],
            "`1e400` is not a penetration: expected a number from 0.25 to 1.0",
        ),
        (
            &["sim", "--count", "hilo", "--ramp", "1,99999999999999999999999"][..],
            "a bet of 99999999999999999999999 is too large",
        ),
    ] {
        let out = blackjack_with_input(args, Stdio::null());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn play_without_a_terminal_says_what_works_without_one_status_2() {
    let empty_input = || Stdio::null();
    let piped_line = || {
        let mut child = Command::new(env!("CARGO_BIN_EXE_blackjack"))
            .args(["--no-stats"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        // As `echo | blackjack`: the program may have exited before the line is written.
        let _ = std::io::Write::write_all(&mut child.stdin.take().expect("a pipe"), b"\n");
        child.wait_with_output().expect("the binary ends")
    };
    for out in [
        blackjack_with_input(&["--no-stats"], empty_input()),
        blackjack_with_input(&["play", "--no-stats", "--seed", "3"], empty_input()),
        // Issue 34: the table's options before `play` are the table's, not refused.
        blackjack_with_input(&["--speed", "0", "--seed", "3", "play", "--no-stats"], empty_input()),
        piped_line(),
    ] {
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("`blackjack play` needs a terminal"), "{err}");
        for works in ["rules", "ev", "strategy", "sim", "drill"] {
            assert!(err.contains(works), "names `{works}`: {err}");
        }
        assert!(!err.contains("os error"), "{err}");
        assert!(out.stdout.is_empty(), "nothing drawn");
    }
}

#[test]
fn help_lists_the_exit_statuses() {
    let help = String::from_utf8_lossy(&blackjack(&["--help"]).stdout).into_owned();
    for code in ["2 usage error", "130 after Ctrl-C", "143 after SIGTERM", "129 after SIGHUP"] {
        assert!(help.contains(code), "{code}: {help}");
    }
}

/// `--seed` is offered only where a shoe is dealt: `sim`, `drill` and the table take it before
/// or after their name; `stats`, `review`, `config`, `completions`, `manpage` (and the other
/// subcommands that deal no card) refuse it as a usage error, before anything is opened.
#[test]
fn seed_is_taken_only_by_the_subcommands_that_deal_cards() {
    let dir = TempDir::new("seed");
    let stats = dir.path("stats.db");
    let stats = stats.to_str().unwrap();
    for args in [
        &["stats", "--seed", "1", "--stats", stats][..],
        &["--seed", "1", "stats", "--stats", stats],
        &["review", "--seed", "1", "--stats", stats],
        &["--seed", "1", "review", "--stats", stats],
        &["config", "--seed", "1"],
        &["--seed", "1", "config"],
        &["completions", "bash", "--seed", "1"],
        &["--seed", "1", "completions", "bash"],
        &["manpage", "--seed", "1"],
        &["--seed", "1", "manpage"],
        &["--seed", "1", "strategy"],
        &["rules", "--seed", "1"],
    ] {
        let out = blackjack(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--seed"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    assert!(!std::path::Path::new(stats).exists(), "nothing was opened");
    // Each subcommand's help offers it only where it acts.
    for (sub, offered) in [
        ("sim", true),
        ("drill", true),
        ("play", true),
        ("stats", false),
        ("review", false),
        ("config", false),
        ("completions", false),
        ("manpage", false),
    ] {
        let help = String::from_utf8_lossy(&blackjack(&[sub, "--help"]).stdout).into_owned();
        assert_eq!(help.contains("--seed"), offered, "{sub} --help: {help}");
    }
    // Where it acts, before or after the name, the same seed plays the same rounds.
    let sim = |args: &[&str]| {
        let out = blackjack(args);
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        (json["seed"].clone(), json["ev_per_round"].clone())
    };
    let after = sim(&["sim", "--seed", "1", "--hands", "1000", "--json"]);
    let before = sim(&["--seed", "1", "sim", "--hands", "1000", "--json"]);
    assert_eq!(after.0, serde_json::json!(1));
    assert_eq!(after, before);
    let other = sim(&["sim", "--seed", "2", "--hands", "1000", "--json"]);
    assert_eq!(other.0, serde_json::json!(2));
}

/// The manual page carries the keys of the table and of the drills, from the same lists as
/// the help screens, and refers to no `blackjack-…(1)` page: `blackjack manpage` makes one
/// page, `blackjack(1)`, and no other.
#[test]
fn the_man_page_has_the_keys_and_names_only_pages_that_exist() {
    let out = blackjack(&["manpage"]);
    assert!(out.status.success());
    let page = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(page.contains("\n.TH blackjack 1 "), "the page is blackjack(1)");
    assert!(page.contains("\n.SH KEYS\n"), "a KEYS section");
    let keys = page
        .split("\n.SH KEYS\n")
        .nth(1)
        .and_then(|rest| rest.split("\n.SH ").next())
        .expect("the KEYS section");
    for key in [
        "hit: take a card",
        "stand: close the hand",
        "deal the next round",
        "strategy hints on or off",
        "review past rounds",
        "Ctrl\\-C",
        "Ctrl\\-Z",
        "answer the question",
        "In the counting quiz",
    ] {
        assert!(keys.contains(key), "KEYS has `{key}`: {keys}");
    }
    // `blackjack manpage` makes one page, blackjack(1): a `blackjack-NAME(N)` reference, as
    // clap_mangen writes for each subcommand, names a page that does not exist.
    let plain = page.replace("\\-", "-");
    for (at, _) in plain.match_indices("blackjack-") {
        let rest = &plain[at..];
        let name_len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
            .unwrap_or(rest.len());
        let after = &rest[name_len..];
        assert!(
            !(after.starts_with('(') && after[1..].starts_with(|c: char| c.is_ascii_digit())),
            "the page refers to {}, which is not generated",
            &rest[..rest.find(')').map_or(rest.len(), |i| i + 1)]
        );
    }
    // Every subcommand is described in this page instead.
    for sub in ["play", "sim", "drill", "stats", "review", "manpage"] {
        assert!(page.contains(&format!(".SS \"blackjack {sub}\"")), "a subsection for {sub}");
    }
}

/// `--rules` and `--config` likewise: offered only by the subcommands that read them, taken
/// before the subcommand or after its name, refused (exit 2) before one that does not.
#[test]
fn rules_and_config_are_taken_only_where_they_are_read() {
    let dir = TempDir::new("rules-config");
    let rules = dir.path("eight.toml");
    std::fs::write(&rules, "decks = 8\n").unwrap();
    let rules = rules.to_str().unwrap();
    let config = dir.path("prefs.toml");
    std::fs::write(&config, "seats = 5\n").unwrap();
    let config = config.to_str().unwrap();
    for args in [
        &["--rules", rules, "stats", "--stats", rules][..],
        &["--rules", rules, "config"],
        &["--rules", rules, "completions", "bash"],
        &["manpage", "--rules", rules],
        &["--config", config, "strategy"],
        &["ev", "--hand", "8,8", "--up", "T", "--config", config],
        &["--config", config, "manpage"],
    ] {
        let out = blackjack(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--rules") || err.contains("--config"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    for (sub, rules_offered, config_offered) in [
        ("play", true, true),
        ("rules", true, false),
        ("ev", true, false),
        ("strategy", true, false),
        ("sim", true, true),
        ("indices", true, true),
        ("counts", true, true),
        ("drill", true, true),
        ("review", true, true),
        ("stats", false, true),
        ("config", false, true),
        ("completions", false, false),
        ("manpage", false, false),
    ] {
        let help = String::from_utf8_lossy(&blackjack(&[sub, "--help"]).stdout).into_owned();
        assert_eq!(help.contains("--rules"), rules_offered, "{sub} --help: {help}");
        assert_eq!(help.contains("--config"), config_offered, "{sub} --help: {help}");
    }
    // Before the subcommand or after its name, the same file is read.
    for args in [&["--rules", rules, "rules", "--toml"][..], &["rules", "--rules", rules, "--toml"]]
    {
        let out = blackjack(args);
        assert!(out.status.success(), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("decks = 8"), "{args:?}");
    }
    for args in [&["--config", config, "config"][..], &["config", "--config", config]] {
        let out = blackjack(args);
        assert!(out.status.success(), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("seats = 5"), "{args:?}");
    }
}

/// The table's own options before a subcommand would be dropped unread: they are refused
/// (exit 2), except `--stats` before the subcommands that keep statistics and `--no-stats`
/// before those that can go without.
#[test]
fn table_options_before_a_subcommand_are_refused_unless_passed_on() {
    let dir = TempDir::new("table-before");
    let stats = dir.path("stats.db");
    let stats = stats.to_str().unwrap();
    for args in [
        &["--hints", "sim", "--hands", "10"][..],
        &["--ascii", "review", "--stats", stats],
        &["--stats", stats, "sim", "--hands", "10"],
        &["--no-stats", "stats", "--stats", stats],
        &["--count", "strategy"],
    ] {
        let out = blackjack(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("option of the table"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    assert!(!std::path::Path::new(stats).exists(), "nothing was opened");
    // `--stats` before `stats` names the database `stats` reads (looking creates nothing).
    let out = blackjack(&["--stats", stats, "stats"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("No statistics yet"));
}

/// Issue 34: `play` is the table, so its options are taken before the name as after it, and
/// with no subcommand at all: the three spellings sit at one table (the same seed, the same
/// speed, everything else alike).
#[test]
fn the_tables_options_before_play_after_it_or_alone_sit_at_one_table() {
    use blackjack_trainer::cli::Parsed;
    use blackjack_trainer::commands;
    let dir = TempDir::new("spellings");
    let config = dir.path("config.toml");
    std::fs::write(&config, "seats = 5\n").unwrap();
    let config = config.to_str().unwrap();
    let table = |args: &[&str]| {
        let mut line = vec!["blackjack", "--config", config, "--no-stats"];
        line.extend_from_slice(args);
        let parsed = Parsed::parse_from(&line).unwrap_or_else(|err| panic!("{args:?}: {err}"));
        let args = parsed.table().expect("the table's options");
        let rules = commands::load_rules(None).expect("the default rules");
        let cli = &parsed.cli;
        let (table, _) = commands::table_configured(
            &rules,
            cli.seed,
            &args,
            &parsed.typed(),
            cli.config.as_deref(),
        )
        .expect("a table");
        format!("{table:?}")
    };
    let before = table(&["--speed", "0", "--seed", "3", "play"]);
    assert!(before.contains("seed: 3") && before.contains("speed: 0ns"), "{before}");
    assert!(before.contains("seats: 5"), "the file is read: {before}");
    assert_eq!(table(&["play", "--speed", "0", "--seed", "3"]), before);
    assert_eq!(table(&["--speed", "0", "--seed", "3"]), before);
    assert_eq!(table(&["--speed", "0", "play", "--seed", "3"]), before);
    // A flag typed before the name beats the file as one typed after it does.
    assert!(table(&["--seats", "2", "play"]).contains("seats: 2"));
    // After the name wins over before it.
    assert!(table(&["--speed", "9", "play", "--speed", "0", "--seed", "3"]) == before);
}
