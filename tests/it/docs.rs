//! The docs cannot drift from the tree: every file `docs/architecture.md` names exists, and
//! every module of `src` is named there; a file name used twice in `src` is one idea at two
//! layers, which the page's section on shared names says.
//!
//! The page describes each layer in a paragraph that opens with its folder in bold
//! (`**`src/engine/`**`) and names the layer's files relative to it, in backticks: `card.rs`,
//! `round/dealer.rs`, `widgets/` (a folder named stands for every file in it). The paragraph
//! "Beside them" names the files at the top of `src` by their whole path (`src/config.rs`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const PAGE: &str = "docs/architecture.md";

/// What the page says of one folder: the folder (relative to the crate root) and the names in
/// backticks that look like paths (`x.rs`, `x/`, `x/y.rs`, `src/x.rs`).
struct Paragraph {
    base: PathBuf,
    names: Vec<String>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Text between backticks that names a file or folder of the tree.
fn path_names(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|name| {
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "_/.".contains(c))
                && (name.ends_with(".rs") || name.ends_with('/'))
        })
        .map(str::to_owned)
        .collect()
}

/// The page's layer paragraphs, up to the section that keeps the old layout as it was.
fn paragraphs(page: &str) -> Vec<Paragraph> {
    let current = page.split("\n## The layout before this page").next().unwrap_or(page);
    current
        .split("\n\n")
        .filter_map(|para| {
            let para = para.trim_start();
            if let Some(rest) = para.strip_prefix("**`") {
                let folder = rest.split('`').next()?;
                Some(Paragraph {
                    base: PathBuf::from(folder),
                    names: path_names(rest.split_once("`**")?.1),
                })
            } else if para.starts_with("Beside them") || para.starts_with("One crate") {
                Some(Paragraph { base: PathBuf::new(), names: path_names(para) })
            } else {
                None
            }
        })
        .collect()
}

/// Every `.rs` file under `dir`, relative to the crate root.
fn rust_files(dir: &Path, out: &mut BTreeSet<PathBuf>) {
    let entries = std::fs::read_dir(root().join(dir)).expect("a folder of src");
    for entry in entries {
        let entry = entry.expect("a folder entry");
        let path = dir.join(entry.file_name());
        if entry.file_type().expect("a file type").is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.insert(path);
        }
    }
}

/// Where a name of the paragraph about `base` points: a path the name is the end of. A name
/// may skip folders between the layer's and its own (`flow.rs` in the `app/` sentence of the
/// `src/tui/` paragraph), so the files under `base` ending in the name are what it names.
fn resolve(base: &Path, name: &str, files: &BTreeSet<PathBuf>) -> Vec<PathBuf> {
    let whole = if name.starts_with("src/") { PathBuf::from(name) } else { base.join(name) };
    let trimmed = name.trim_end_matches('/');
    files
        .iter()
        .filter(|file| file.starts_with(base))
        .filter(|file| {
            if name.ends_with('/') {
                file.starts_with(&whole) || file.parent().is_some_and(|p| p.ends_with(trimmed))
            } else {
                **file == whole || file.ends_with(name)
            }
        })
        .cloned()
        .collect()
}

/// A name of the crate's other folders (`tests/it/session.rs`, `benches/`): checked on disk.
fn outside_src(name: &str) -> bool {
    ["tests/", "benches/", "assets/", "docs/"].iter().any(|folder| name.starts_with(folder))
}

fn tree() -> BTreeSet<PathBuf> {
    let mut files = BTreeSet::new();
    rust_files(Path::new("src"), &mut files);
    files
}

#[test]
fn every_file_the_architecture_page_names_exists() {
    let page = std::fs::read_to_string(root().join(PAGE)).expect("the architecture page");
    let files = tree();
    let paragraphs = paragraphs(&page);
    assert!(
        paragraphs.len() >= 8,
        "the page's layer paragraphs were not found ({} of them)",
        paragraphs.len()
    );
    let missing: Vec<String> = paragraphs
        .iter()
        .flat_map(|p| {
            p.names
                .iter()
                .filter(|name| {
                    if outside_src(name) {
                        !root().join(name).exists()
                    } else {
                        resolve(&p.base, name, &files).is_empty()
                    }
                })
                .map(|name| format!("{} (under {})", name, p.base.display()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(missing.is_empty(), "{PAGE} names files that do not exist: {}", missing.join(", "));
}

#[test]
fn every_module_of_src_is_named_on_the_architecture_page() {
    let page = std::fs::read_to_string(root().join(PAGE)).expect("the architecture page");
    let files = tree();
    let named: BTreeSet<PathBuf> = paragraphs(&page)
        .iter()
        .flat_map(|p| {
            p.names.iter().flat_map(|name| resolve(&p.base, name, &files)).collect::<Vec<_>>()
        })
        .collect();
    // A folder's `mod.rs` is named by its folder, `lib.rs` by the crate itself, and a
    // `tests.rs` is its folder's tests, not a module of the program.
    let unnamed: Vec<String> = files
        .iter()
        .filter(|file| !named.contains(*file))
        .filter(|file| file.file_name().is_some_and(|n| n != "tests.rs"))
        .filter(|file| {
            let is_folder_module = file.file_name().is_some_and(|n| n == "mod.rs")
                && file.parent().is_some_and(|dir| named.iter().any(|n| n.starts_with(dir)));
            !is_folder_module && **file != Path::new("src/lib.rs")
        })
        .map(|file| file.display().to_string())
        .collect();
    assert!(unnamed.is_empty(), "{PAGE} does not name these modules: {}", unnamed.join(", "));
}

#[test]
fn the_checker_finds_a_missing_file_and_an_unnamed_one() {
    let files: BTreeSet<PathBuf> =
        ["src/engine/card.rs", "src/engine/round/dealer.rs"].iter().map(PathBuf::from).collect();
    let page = "**`src/engine/`** — `card.rs`, `shoe.rs`, `round/`.\n";
    let paragraphs = paragraphs(page);
    assert_eq!(paragraphs.len(), 1);
    let p = &paragraphs[0];
    assert_eq!(p.names, ["card.rs", "shoe.rs", "round/"]);
    assert_eq!(resolve(&p.base, "shoe.rs", &files), Vec::<PathBuf>::new());
    assert_eq!(resolve(&p.base, "round/", &files), [PathBuf::from("src/engine/round/dealer.rs")]);
    assert_eq!(resolve(&p.base, "card.rs", &files), [PathBuf::from("src/engine/card.rs")]);
}

/// The page's section on the file names two layers share.
fn shared_names_section(page: &str) -> &str {
    page.split("\n## File names used twice")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .unwrap_or("")
}

/// The file names used more than once in `src`, a folder's `mod.rs` and `tests.rs` aside.
fn names_used_twice(files: &BTreeSet<PathBuf>) -> Vec<String> {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for file in files {
        if let Some(name) = file.file_name().and_then(|n| n.to_str()) {
            *counts.entry(name.to_owned()).or_default() += 1;
        }
    }
    counts
        .into_iter()
        .filter(|(name, count)| *count > 1 && name != "mod.rs" && name != "tests.rs")
        .map(|(name, _)| name)
        .collect()
}

#[test]
fn a_file_name_used_twice_is_one_idea_the_page_explains() {
    let page = std::fs::read_to_string(root().join(PAGE)).expect("the architecture page");
    let section = shared_names_section(&page);
    assert!(!section.is_empty(), "{PAGE} has no section on shared file names");
    let unexplained: Vec<String> = names_used_twice(&tree())
        .into_iter()
        .filter(|name| !section.contains(&format!("- `{name}`:")))
        .collect();
    assert!(
        unexplained.is_empty(),
        "these file names are used twice in src, but {PAGE} does not say which one idea each \
         is (rename one, or add it under \"File names used twice\"): {}",
        unexplained.join(", ")
    );
    let missing: Vec<String> = path_names(section)
        .into_iter()
        .filter(|name| name.contains('/'))
        .filter(|name| {
            let path = if name.starts_with("src/") {
                root().join(name)
            } else {
                root().join("src").join(name)
            };
            !path.exists()
        })
        .collect();
    assert!(
        missing.is_empty(),
        "{PAGE}'s shared names name files that do not exist: {}",
        missing.join(", ")
    );
}

#[test]
fn the_shared_names_check_finds_a_name_used_twice() {
    let files: BTreeSet<PathBuf> = [
        "src/engine/card.rs",
        "src/tui/widgets/card.rs",
        "src/engine/mod.rs",
        "src/tui/mod.rs",
        "src/engine/tests.rs",
        "src/tui/tests.rs",
        "src/engine/shoe.rs",
    ]
    .iter()
    .map(PathBuf::from)
    .collect();
    assert_eq!(names_used_twice(&files), ["card.rs"]);
    let page = "# A\n\n## File names used twice\n\n- `card.rs`: a card.\n\n## Next\n";
    assert_eq!(shared_names_section(page), "\n\n- `card.rs`: a card.\n");
}
