//! `docs/numbers.md` cannot drift from the code: its seeded figures are what the binary prints.
//!
//! A long run the page quotes (10⁸ or 10⁹ rounds) is too long for CI, so the page pins a
//! smaller run of the same command beside it, one line each, in this form:
//!
//! ```text
//! - Pinned (CI): `blackjack --seed 2026 sim --hands 2e5 --json` → `net_units` −1364, `std_error` 0.0025421
//! ```
//!
//! The test reads those lines out of the page, runs each command through the real binary (at
//! home in a temporary folder), and compares every figure named to the page's digits: the
//! printed JSON value, rounded to as many decimals as the page shows, must read the same. A
//! change of the deal (other cards for the same seed) fails here until the page is re-pinned;
//! the failure prints the digits the binary gives now. A pinned run of `--indices game` first
//! works out the index table (70–100 s in the test profile on a loaded machine, about 20 s of
//! CPU in release), so the page marks it `Pinned (CI, release):` and an ignored test runs it,
//! which CI runs in release mode (`.ci/run`). The page's `cargo test` commands must also name
//! tests that exist.

use std::path::PathBuf;

mod per_count;

use crate::common::{TempDir, run_at, stderr, stdout};

const PAGE: &str = "docs/numbers.md";

/// What opens a pinned line (after an optional list dash).
const MARK: &str = "Pinned (CI):";

/// What opens a pinned line whose run is too slow for the test profile.
const RELEASE_MARK: &str = "Pinned (CI, release):";

/// One pinned run of the page: the binary's arguments and the figures it prints, as the page
/// writes them (`−` or `-` for the sign).
#[derive(Debug, PartialEq)]
struct Pinned {
    /// The line of the page, from 1.
    line: usize,
    /// Run in release mode only ([`RELEASE_MARK`]).
    release: bool,
    args: Vec<String>,
    /// A JSON key (`.` between the keys of nested objects) and the page's digits for it.
    figures: Vec<(String, String)>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn page() -> String {
    std::fs::read_to_string(root().join(PAGE)).expect("the numbers page")
}

/// Every pinned line of `page`; a line that opens like one but cannot be read is an error
/// naming its line, so a typo cannot drop a check silently.
fn pinned(page: &str) -> Result<Vec<Pinned>, String> {
    let mut pins = Vec::new();
    for (i, text) in page.lines().enumerate() {
        let line = i + 1;
        let text = text.trim_start();
        let text = text.strip_prefix("- ").unwrap_or(text);
        let (release, rest) = match (text.strip_prefix(MARK), text.strip_prefix(RELEASE_MARK)) {
            (Some(rest), _) => (false, rest),
            (_, Some(rest)) => (true, rest),
            (None, None) => continue,
        };
        let bad = |why: &str| format!("{PAGE} line {line}: {why}");
        let (command, figures) =
            rest.split_once('→').ok_or_else(|| bad("no `→` before the figures"))?;
        let command = command.trim();
        let command = command
            .strip_prefix('`')
            .and_then(|c| c.strip_suffix('`'))
            .ok_or_else(|| bad("the command is not in backticks"))?;
        let mut words = command.split_whitespace().map(str::to_owned);
        if words.next().as_deref() != Some("blackjack") {
            return Err(bad("the command does not start with `blackjack`"));
        }
        let args: Vec<String> = words.collect();
        if !args.iter().any(|a| a == "--json") {
            return Err(bad("the command does not print JSON (`--json`)"));
        }
        let figures = figures
            .trim()
            .trim_end_matches('.')
            .split(',')
            .map(|figure| {
                let figure = figure.trim();
                let key = figure
                    .strip_prefix('`')
                    .and_then(|f| f.split_once('`'))
                    .ok_or_else(|| bad(&format!("`{figure}` is not `key` digits")))?;
                let digits = key.1.trim();
                if digits_value(digits).is_none() {
                    return Err(bad(&format!("`{digits}` is not a number")));
                }
                Ok((key.0.to_owned(), digits.to_owned()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        pins.push(Pinned { line, release, args, figures });
    }
    Ok(pins)
}

/// The page's digits as Rust reads a number (`−` as `-`), and how many decimals they show.
fn digits_value(digits: &str) -> Option<(f64, usize)> {
    let plain = digits.replace('−', "-");
    let value: f64 = plain.parse().ok()?;
    let decimals = plain.split_once('.').map_or(0, |(_, d)| d.len());
    Some((value, decimals))
}

/// The printed value at `key` (`.` between nested keys).
fn printed_at<'a>(json: &'a serde_json::Value, key: &str) -> Option<&'a serde_json::Value> {
    key.split('.').try_fold(json, |value, part| value.get(part))
}

/// Each figure of `pin` that `json` does not print as the page writes it, with what it prints
/// at the page's number of decimals (the digits to re-pin).
fn mismatches(pin: &Pinned, json: &serde_json::Value) -> Vec<String> {
    pin.figures
        .iter()
        .filter_map(|(key, digits)| {
            let (_, decimals) = digits_value(digits)?;
            let Some(printed) = printed_at(json, key).and_then(serde_json::Value::as_f64) else {
                return Some(format!("line {}: `{key}` is not printed", pin.line));
            };
            let now = format!("{printed:.decimals$}").replace('-', "−");
            (now != *digits).then(|| {
                format!(
                    "line {}: `blackjack {}` prints `{key}` {now}, the page says {digits}",
                    pin.line,
                    pin.args.join(" ")
                )
            })
        })
        .collect()
}

/// The page's pinned runs of one kind ([`RELEASE_MARK`] or not): there are at least `least`.
fn pins_of_kind(release: bool, least: usize) -> Vec<Pinned> {
    let pins: Vec<Pinned> = pinned(&page())
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .filter(|pin| pin.release == release)
        .collect();
    assert!(
        pins.len() >= least,
        "{PAGE} pins {} runs of this kind, fewer than its long runs ({least})",
        pins.len()
    );
    pins
}

/// Runs every pin through the binary, at home in a temporary folder, and fails with each
/// figure the page does not give as printed.
fn check(pins: &[Pinned]) {
    let home = TempDir::new("numbers");
    let mut wrong = Vec::new();
    for pin in pins {
        let args: Vec<&str> = pin.args.iter().map(String::as_str).collect();
        let out = run_at(&home.0, &args, &[], b"");
        assert!(
            out.status.success(),
            "line {}: `blackjack {}` failed: {}",
            pin.line,
            args.join(" "),
            stderr(&out)
        );
        let json: serde_json::Value = serde_json::from_str(&stdout(&out))
            .unwrap_or_else(|e| panic!("line {}: not JSON ({e})", pin.line));
        wrong.extend(mismatches(pin, &json));
    }
    assert!(
        wrong.is_empty(),
        "{PAGE} is not what the binary prints (re-pin it, and re-run its long runs):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn every_pinned_run_of_the_numbers_page_prints_the_pages_digits() {
    check(&pins_of_kind(false, 10));
}

/// The pins that work out the index table first: `cargo test --release --test it -- --ignored
/// numbers::` (`.ci/run` runs it).
#[test]
#[ignore = "works out the index table: run in release mode, as CI does"]
fn every_release_pinned_run_of_the_numbers_page_prints_the_pages_digits() {
    check(&pins_of_kind(true, 1));
}

#[test]
fn the_pin_reader_catches_a_wrong_digit_a_missing_figure_and_a_bad_line() {
    let page = "Text.\n\n- Pinned (CI): `blackjack --seed 1 sim --hands 10 --json` → \
                `net_units` −13, `std_error` 0.0254, `shoe.penetration` 0.75\n\
                Pinned (CI, release): `blackjack sim --json` → `net_units` 1.\n";
    let pins = pinned(page).expect("good lines");
    assert_eq!(pins.len(), 2);
    assert!(pins[1].release && pins[1].line == 4 && pins[1].figures.len() == 1);
    assert_eq!(
        pins[..1],
        [Pinned {
            line: 3,
            release: false,
            args: ["--seed", "1", "sim", "--hands", "10", "--json"].map(str::to_owned).to_vec(),
            figures: [("net_units", "−13"), ("std_error", "0.0254"), ("shoe.penetration", "0.75")]
                .map(|(k, d)| (k.to_owned(), d.to_owned()))
                .to_vec(),
        }]
    );
    let pin = &pins[0];
    let json = |net: f64, se: f64| serde_json::json!({"net_units": net, "std_error": se, "shoe": {"penetration": 0.75}});
    assert_eq!(mismatches(pin, &json(-13.0, 0.025_404_9)), Vec::<String>::new());
    // One digit off, in the last place shown and in the units.
    let off = mismatches(pin, &json(-13.0, 0.025_34));
    assert_eq!(off.len(), 1, "{off:?}");
    assert!(off[0].contains("prints `std_error` 0.0253, the page says 0.0254"));
    assert_eq!(mismatches(pin, &json(-14.0, 0.0254)).len(), 1);
    assert_eq!(mismatches(pin, &json(13.0, 0.0254)).len(), 1, "the sign counts");
    let unprinted = mismatches(pin, &serde_json::json!({"net_units": -13.0}));
    assert_eq!(unprinted.len(), 2, "{unprinted:?}");

    for bad in [
        "Pinned (CI): `blackjack sim --json` `net_units` 1",
        "Pinned (CI): blackjack sim --json → `net_units` 1",
        "Pinned (CI): `cargo run sim --json` → `net_units` 1",
        "Pinned (CI): `blackjack sim` → `net_units` 1",
        "Pinned (CI): `blackjack sim --json` → `net_units` one",
        "Pinned (CI): `blackjack sim --json` → net_units 1",
    ] {
        let err = pinned(bad).expect_err(bad);
        assert!(err.contains("line 1"), "{err}");
    }
}

/// The test filters of the page's `cargo test` commands, with the target each runs in: the
/// library's tests (`--lib`) or the integration tests (`--test it`).
fn test_commands(page: &str) -> Vec<(String, String)> {
    page.split('`')
        .skip(1)
        .step_by(2)
        .filter_map(|code| code.strip_prefix("cargo test "))
        .map(|rest| {
            let words: Vec<&str> = rest.split_whitespace().collect();
            let named =
                words.iter().position(|w| *w == "--test").and_then(|i| words.get(i + 1).copied());
            let target = match named {
                _ if words.contains(&"--lib") => "lib".to_owned(),
                Some(name) => format!("test {name}"),
                None => rest.to_owned(),
            };
            let filter = words
                .last()
                .filter(|w| !w.starts_with('-') && Some(**w) != named)
                .map_or_else(String::new, |w| (*w).to_owned());
            (target, filter)
        })
        .collect()
}

/// Every test of the Rust files under `dir`, as the path cargo matches a filter against
/// (`module::…::name`, from the file's path below `dir` and its `mod tests`, if any).
fn test_paths(dir: &str) -> Vec<String> {
    fn walk(dir: &std::path::Path, base: &std::path::Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("a source folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                walk(&path, base, out);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let file = path
                .strip_prefix(base)
                .expect("under the folder")
                .with_extension("")
                .to_string_lossy()
                .replace('/', "::");
            let mut module = file.trim_end_matches("::mod").to_owned();
            let text = std::fs::read_to_string(&path).expect("a source file");
            let mut is_test = false;
            for line in text.lines().map(str::trim) {
                if line == "mod tests {" {
                    module.push_str("::tests");
                } else if line == "#[test]" {
                    is_test = true;
                } else if let Some(rest) = line.strip_prefix("fn ").filter(|_| is_test) {
                    let name = rest.split('(').next().unwrap_or(rest);
                    out.push(format!("{module}::{name}"));
                    is_test = false;
                }
            }
        }
    }
    let mut out = Vec::new();
    let base = root().join(dir);
    walk(&base, &base, &mut out);
    out
}

#[test]
fn every_test_the_numbers_page_names_exists() {
    let commands = test_commands(&page());
    assert!(!commands.is_empty(), "{PAGE} names no `cargo test` command");
    let lib = test_paths("src");
    let it = test_paths("tests/it");
    let missing: Vec<String> = commands
        .iter()
        .filter(|(target, filter)| {
            let tests = match target.as_str() {
                "lib" => &lib,
                "test it" => &it,
                _ => return true,
            };
            filter.is_empty() || !tests.iter().any(|path| path.contains(filter.as_str()))
        })
        .map(|(target, filter)| format!("`cargo test --{target} {filter}`"))
        .collect();
    assert!(
        missing.is_empty(),
        "{PAGE} names tests that do not run (`--lib NAME` or `--test it NAME`): {}",
        missing.join(", ")
    );
}
