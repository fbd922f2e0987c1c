//! This game's index table kept on disk between runs, so that the deviations drill, counting
//! mode, the counter seat and `sim --indices game` start at once after the first time instead
//! of working the table out again (several seconds of exact analysis per start).
//!
//! The file is a cache, never the player's data: one JSON file per rule set in the platform's
//! cache folder (`~/.cache/blackjack-trainer/` on Linux). It is used only when it was written by
//! this very build of the program for exactly these rules: it names the rules in full and a
//! fingerprint of the build (the version and the executable's size and modification time), so
//! a rebuilt program or changed rules work the table out again. The figures are stored as the
//! bits of their `f64`s, so what is read back is the computed table to the last bit. A file
//! that is missing, unreadable, torn or of another build is ignored and replaced; a cache that
//! cannot be written costs only the next start's wait. The folder keeps the tables of the
//! [`KEEP`] rule sets used last (a read marks its file as used); older ones are removed when a
//! new table is written, so trying many rule sets does not fill the disk.

use std::fs;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::store_file;
use crate::analysis::chart::Cell;
use crate::analysis::deviation::{Direction, IndexPlay, IndexTable};
use crate::engine::{Action, Rules};

/// The layout of the file; a change makes older files unreadable, so they are replaced.
const FORMAT: u32 = 1;

/// The rule sets whose tables are kept: about 110 KB each.
const KEEP: usize = 8;

/// A cache file's name is `indices-<hash>.json` ([`file_name`]).
const NAME_START: &str = "indices-";
const NAME_END: &str = ".json";

/// The index table for `rules` from the cache in the platform's cache folder, or worked out
/// ([`crate::analysis::indices::index_table`]) and kept there for the next start.
pub fn index_table(rules: &Rules) -> IndexTable {
    index_table_with(rules, crate::analysis::indices::index_table)
}

/// [`index_table`], with `compute` called only where the table is not in the cache (to say
/// that it is being worked out, say, before calling the analysis).
pub fn index_table_with(rules: &Rules, compute: impl FnOnce(&Rules) -> IndexTable) -> IndexTable {
    let dir = directories::ProjectDirs::from("", "", "blackjack-trainer")
        .map(|d| d.cache_dir().to_path_buf());
    cached_or_computed(dir.as_deref(), &build_fingerprint(), rules, compute)
}

/// The table for `rules` read from `dir` if a file there was written by the build `build` for
/// these rules; else `compute(rules)`, written to `dir` for the next time (where it can be).
pub fn cached_or_computed(
    dir: Option<&Path>,
    build: &str,
    rules: &Rules,
    compute: impl FnOnce(&Rules) -> IndexTable,
) -> IndexTable {
    let rules_text = rules.to_toml();
    let path = dir.map(|d| d.join(file_name(&rules_text)));
    if let Some(path) = &path
        && let Some(table) = read(path, build, &rules_text)
    {
        mark_used(path);
        return table;
    }
    let table = compute(rules);
    if let (Some(path), Some(dir)) = (&path, dir) {
        // A cache that cannot be written is no error: the next start works the table out.
        if write(path, build, &rules_text, &table).is_some() {
            prune(dir, KEEP);
        }
    }
    table
}

/// What identifies this build of the program: its version and its executable's size and
/// modification time (any rebuild changes them). Empty, and so matching no file ever written
/// with a fingerprint, where the executable cannot be examined.
fn build_fingerprint() -> String {
    let exe = std::env::current_exe().and_then(fs::metadata);
    let Ok(meta) = exe else {
        return String::new();
    };
    let modified = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    format!("{} {} {modified}", env!("CARGO_PKG_VERSION"), meta.len())
}

/// `indices-<hash of the rules>.json`: one file per rule set (the file names its rules in
/// full, so two rule sets with one hash only take turns in one file).
fn file_name(rules_text: &str) -> String {
    // FNV-1a, 64 bits: stable from one build and platform to the next, unlike std's hasher.
    let hash = rules_text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{NAME_START}{hash:016x}{NAME_END}")
}

/// Marks a cache file as used now (its modification time), so [`prune`] keeps it longest.
/// Best effort: a file that cannot be touched is only pruned sooner.
fn mark_used(path: &Path) {
    if let Ok(file) = fs::File::options().write(true).open(path) {
        let _ = file.set_modified(std::time::SystemTime::now());
    }
}

/// Removes the cache files in `dir` beyond the `keep` used last: regular files named as
/// [`file_name`] names them, nothing else. Best effort, as the cache is.
fn prune(dir: &Path, keep: usize) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut tables: Vec<(std::time::SystemTime, std::path::PathBuf)> = entries
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter(|e| {
            e.file_name()
                .to_str()
                .is_some_and(|n| n.starts_with(NAME_START) && n.ends_with(NAME_END))
        })
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .collect();
    // Used last first.
    tables.sort_by(|a, b| b.cmp(a));
    for (_, path) in tables.iter().skip(keep) {
        let _ = fs::remove_file(path);
    }
}

/// The file as stored.
#[derive(Serialize, Deserialize)]
struct Stored {
    format: u32,
    build: String,
    rules: String,
    plays: Vec<StoredPlay>,
}

/// One index play, its figures as the bits of their `f64`s.
#[derive(Serialize, Deserialize)]
struct StoredPlay {
    cell: String,
    play: Action,
    otherwise: Action,
    direction: Direction,
    index: Option<i32>,
    crossing: Option<u64>,
    gain_per_100: u64,
    gain_by_tc: Vec<(i32, u64)>,
}

impl StoredPlay {
    fn of(play: &IndexPlay) -> StoredPlay {
        StoredPlay {
            cell: play.cell.key(),
            play: play.play,
            otherwise: play.otherwise,
            direction: play.direction,
            index: play.index,
            crossing: play.crossing.map(f64::to_bits),
            gain_per_100: play.gain_per_100.to_bits(),
            gain_by_tc: play
                .gain_by_tc
                .iter()
                .map(|&(tc, g)| (tc, g.to_bits()))
                .collect(),
        }
    }

    fn play(&self) -> Option<IndexPlay> {
        Some(IndexPlay {
            cell: Cell::from_key(&self.cell)?,
            play: self.play,
            otherwise: self.otherwise,
            direction: self.direction,
            index: self.index,
            crossing: self.crossing.map(f64::from_bits),
            gain_per_100: f64::from_bits(self.gain_per_100),
            gain_by_tc: self
                .gain_by_tc
                .iter()
                .map(|&(tc, g)| (tc, f64::from_bits(g)))
                .collect(),
        })
    }
}

/// The table in `path`, if the file is whole and was written by `build` for `rules_text`.
fn read(path: &Path, build: &str, rules_text: &str) -> Option<IndexTable> {
    if build.is_empty() {
        return None;
    }
    let bytes = store_file::read_bytes(path, path).ok()??;
    let stored: Stored = serde_json::from_slice(&bytes).ok()?;
    if (stored.format, stored.build.as_str(), stored.rules.as_str()) != (FORMAT, build, rules_text)
    {
        return None;
    }
    let plays = stored
        .plays
        .iter()
        .map(StoredPlay::play)
        .collect::<Option<_>>()?;
    Some(IndexTable { plays })
}

/// Writes `table` to `path` (its folder made first), atomically: a reader sees the old file
/// or the new one, never a part.
fn write(path: &Path, build: &str, rules_text: &str, table: &IndexTable) -> Option<()> {
    if build.is_empty() {
        return None;
    }
    fs::create_dir_all(store_file::folder(path)).ok()?;
    let stored = Stored {
        format: FORMAT,
        build: build.to_owned(),
        rules: rules_text.to_owned(),
        plays: table.plays.iter().map(StoredPlay::of).collect(),
    };
    let text = serde_json::to_vec(&stored).ok()?;
    store_file::replace(path, |file| std::io::Write::write_all(file, &text)).ok()
}

#[cfg(test)]
mod tests {
    use std::cell::Cell as Calls;

    use std::path::PathBuf;

    use super::*;
    use crate::analysis::chart::HandKind;
    use crate::analysis::deviation::illustrious_18;

    /// A table with figures that do not survive a decimal round trip in every float parser
    /// (0.1 + 0.2), beside the published I18 (no crossings, no gains).
    fn table() -> IndexTable {
        let mut table = illustrious_18();
        table.plays.push(IndexPlay {
            cell: Cell {
                kind: HandKind::Hard,
                row: 16,
                up: 10,
            },
            play: Action::Stand,
            otherwise: Action::Hit,
            direction: Direction::AtOrAbove,
            index: Some(0),
            crossing: Some(0.1 + 0.2),
            gain_per_100: 1.0 / 3.0,
            gain_by_tc: vec![(-1, -0.1 - 0.2), (0, f64::MIN_POSITIVE), (1, 2e-17)],
        });
        table
    }

    /// A stand-in for the analysis that gives [`table`] and counts its calls.
    fn counted(calls: &Calls<u32>) -> impl Fn(&Rules) -> IndexTable + Copy + '_ {
        |_| {
            calls.set(calls.get() + 1);
            table()
        }
    }

    /// The cache file `cached_or_computed` uses in `dir` for `rules`.
    fn cache_path(dir: &Path, rules: &Rules) -> PathBuf {
        dir.join(file_name(&rules.to_toml()))
    }

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("bj-index-cache-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn the_second_start_reads_the_table_to_the_last_bit() {
        let dir = temp_dir("again");
        let rules = Rules::default();
        let calls = Calls::new(0);
        let compute = counted(&calls);
        let first = cached_or_computed(Some(&dir), "build 1", &rules, compute);
        let second = cached_or_computed(Some(&dir), "build 1", &rules, compute);
        assert_eq!(calls.get(), 1, "the second start reads the file");
        assert_eq!(first, table());
        assert_eq!(second, table(), "every figure read back exactly");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn another_build_other_rules_or_a_torn_file_work_the_table_out_again() {
        let dir = temp_dir("stale");
        let rules = Rules::default();
        let calls = Calls::new(0);
        let compute = counted(&calls);
        cached_or_computed(Some(&dir), "build 1", &rules, compute);
        cached_or_computed(Some(&dir), "build 2", &rules, compute);
        assert_eq!(calls.get(), 2, "a rebuilt program does not trust the file");
        let h17 = Rules {
            dealer_hits_soft_17: true,
            ..Rules::default()
        };
        cached_or_computed(Some(&dir), "build 2", &h17, compute);
        assert_eq!(calls.get(), 3, "other rules, another table");
        let path = cache_path(&dir, &rules);
        let text = fs::read(&path).expect("the file is kept");
        fs::write(&path, &text[..text.len() / 2]).unwrap();
        let mended = cached_or_computed(Some(&dir), "build 2", &rules, compute);
        assert_eq!(
            (calls.get(), mended),
            (4, table()),
            "a torn file is replaced"
        );
        cached_or_computed(Some(&dir), "build 2", &rules, compute);
        assert_eq!(calls.get(), 4, "and read the time after");
        let _ = fs::remove_dir_all(&dir);
    }

    /// Rules that differ only in their penetration, `i` hundredths above a half.
    fn rules_number(i: u32) -> Rules {
        Rules {
            penetration: 0.5 + f64::from(i) / 100.0,
            ..Rules::default()
        }
    }

    #[test]
    fn the_folder_keeps_the_tables_used_last_and_nothing_else_is_touched() {
        let dir = temp_dir("prune");
        let calls = Calls::new(0);
        let compute = counted(&calls);
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("notes.txt"), "mine").unwrap();
        let n = KEEP as u32;
        for i in 0..n {
            cached_or_computed(Some(&dir), "b", &rules_number(i), compute);
        }
        // Written in order an hour apart, the first the oldest.
        let hour = std::time::Duration::from_secs(3600);
        let start = std::time::SystemTime::now() - hour * (n + 2);
        for i in 0..n {
            let file = fs::File::options()
                .write(true)
                .open(cache_path(&dir, &rules_number(i)))
                .unwrap();
            file.set_modified(start + hour * i).unwrap();
        }
        // The oldest is used again, so it is kept; three new rule sets push out the three
        // used least since.
        cached_or_computed(Some(&dir), "b", &rules_number(0), compute);
        assert_eq!(calls.get(), n, "read from the cache");
        for i in n..n + 3 {
            cached_or_computed(Some(&dir), "b", &rules_number(i), compute);
        }
        let kept = |i| cache_path(&dir, &rules_number(i)).exists();
        assert!(kept(0) && (n..n + 3).all(kept), "used last");
        assert!(!kept(1) && !kept(2) && !kept(3), "used least");
        assert!((4..n).all(kept));
        let tables = fs::read_dir(&dir)
            .unwrap()
            .filter(|e| {
                let name = e.as_ref().unwrap().file_name();
                name.to_str().unwrap().starts_with("indices-")
            })
            .count();
        assert_eq!(tables, KEEP);
        assert_eq!(fs::read_to_string(dir.join("notes.txt")).unwrap(), "mine");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn no_folder_or_no_fingerprint_only_computes() {
        let dir = temp_dir("unwritable");
        // A file where the folder should be: nothing can be written under it.
        fs::write(&dir, "not a folder").unwrap();
        let rules = Rules::default();
        let calls = Calls::new(0);
        let compute = counted(&calls);
        assert_eq!(
            cached_or_computed(Some(&dir), "b", &rules, compute),
            table()
        );
        assert_eq!(cached_or_computed(None, "b", &rules, compute), table());
        let other = temp_dir("no-fingerprint");
        cached_or_computed(Some(&other), "", &rules, compute);
        cached_or_computed(Some(&other), "", &rules, compute);
        assert_eq!(calls.get(), 4);
        assert!(!other.exists(), "nothing written without a fingerprint");
        let _ = fs::remove_file(&dir);
    }
}
