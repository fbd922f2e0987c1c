//! Writing an export to the path the user gave (`stats --export … -o PATH`), never replacing
//! what is not a regular file: a regular file (or nothing yet) is written whole or not at all,
//! through a temporary file renamed over it; a pipe or a character device (`/dev/stdout`) is
//! written through; a link is followed (a link to nothing is refused); a folder, socket or
//! block device is refused in a sentence. Messages name the path as the user gave it.

use std::fs::Metadata;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail};

use super::UsageError;

/// Writes `bytes` to `to` as the module's documentation says. A refusal is a [`UsageError`];
/// a write that fails (a full disk or device, no permission) is an error that says why.
pub fn write_output(to: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let shown = to.display();
    if let Some(mut stream) = standard_stream(to) {
        return stream
            .write_all(bytes)
            .and_then(|()| stream.flush())
            .map_err(|e| anyhow!("cannot write {shown}: {}", io_reason(&e)));
    }
    let target = match std::fs::metadata(to) {
        Ok(meta) => Some(meta),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            if std::fs::symlink_metadata(to).is_ok() {
                bail!(UsageError(format!(
                    "{shown} is a link to nothing: give the file to write, or remove the link"
                )));
            }
            None
        }
        Err(e) => bail!("cannot write {shown}: {}", io_reason(&e)),
    };
    match target {
        None => write_whole(to, to, bytes),
        Some(meta) if meta.is_file() => {
            // Through a link, the file it names is replaced, and the link stays.
            let file = real_path(to)?;
            write_whole(&file, to, bytes)
        }
        Some(meta) if meta.is_dir() => {
            bail!(UsageError(format!("{shown} is a folder: give a file name")))
        }
        Some(meta) if written_through(&meta) => write_through(to, bytes),
        Some(meta) => bail!(UsageError(format!(
            "{shown} is {}: an export is written to a file, a pipe or a terminal",
            crate::store::special_kind(&meta.file_type())
        ))),
    }
}

/// The process's own standard output or error when `to` names it (`/dev/stdout`, `/dev/fd/1`,
/// …): written as it is, so a shell's `>>` still appends (opened anew, it would not).
fn standard_stream(to: &Path) -> Option<Box<dyn Write>> {
    if !cfg!(unix) {
        return None;
    }
    let name = to.to_str()?;
    let number = ["/dev/fd/", "/proc/self/fd/"].iter().find_map(|folder| name.strip_prefix(folder));
    match (name, number) {
        ("/dev/stdout", _) | (_, Some("1")) => Some(Box::new(io::stdout())),
        ("/dev/stderr", _) | (_, Some("2")) => Some(Box::new(io::stderr())),
        _ => None,
    }
}

/// Whether `meta` is of a kind written through rather than replaced: a pipe or a char device.
fn written_through(meta: &Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        kind.is_fifo() || kind.is_char_device()
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        false
    }
}

/// The file `to` names once every link is followed (`to` itself if it is no link).
fn real_path(to: &Path) -> anyhow::Result<PathBuf> {
    let is_link = std::fs::symlink_metadata(to).is_ok_and(|m| m.file_type().is_symlink());
    if !is_link {
        return Ok(to.to_path_buf());
    }
    std::fs::canonicalize(to)
        .map_err(|e| anyhow!("cannot write {}: {}", to.display(), io_reason(&e)))
}

/// Writes `bytes` into a temporary file beside `file`, then renames it over `file`; errors
/// name `shown`, the path the user gave.
fn write_whole(file: &Path, shown: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let failed = |e: &io::Error| anyhow!("cannot write {}: {}", shown.display(), io_reason(e));
    let folder = file.parent().filter(|f| !f.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut temp =
        tempfile::Builder::new().prefix(".blackjack-export").tempfile_in(folder).map_err(|e| {
            anyhow!(
                "cannot write {}: cannot create a file in {} ({})",
                shown.display(),
                folder.display(),
                io_reason(&e)
            )
        })?;
    temp.write_all(bytes).and_then(|()| temp.as_file().sync_all()).map_err(|e| failed(&e))?;
    temp.persist(file).map_err(|e| failed(&e.error))?;
    Ok(())
}

/// Opens `to` for writing (no rename, nothing created) and writes `bytes` into it.
fn write_through(to: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let failed = |e: &io::Error| anyhow!("cannot write {}: {}", to.display(), io_reason(e));
    let mut file = std::fs::OpenOptions::new().write(true).open(to).map_err(|e| failed(&e))?;
    file.write_all(bytes).and_then(|()| file.flush()).map_err(|e| failed(&e))
}

/// The system's words for `e`, without Rust's "(os error N)": "no space left on device".
pub fn io_reason(e: &io::Error) -> String {
    let text = e.to_string();
    let text = match e.raw_os_error() {
        Some(code) => text.strip_suffix(&format!(" (os error {code})")).unwrap_or(&text).to_owned(),
        None => text,
    };
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_lowercase().chain(chars).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reason_is_the_systems_words_without_the_number() {
        // ENOSPC (28 on Linux, macOS and the BSDs).
        let full = io::Error::from_raw_os_error(28);
        assert!(!io_reason(&full).contains("os error"), "{}", io_reason(&full));
        assert_eq!(io_reason(&io::Error::other("Plain words")), "plain words");
    }

    /// Only recognised here, never written by a test: an export pointed at /dev goes to the
    /// process's own stream, never to a path in /dev.
    #[test]
    #[cfg(unix)]
    fn the_standard_streams_are_known_by_their_names() {
        for name in ["/dev/stdout", "/dev/stderr", "/dev/fd/1", "/proc/self/fd/2"] {
            assert!(standard_stream(Path::new(name)).is_some(), "{name}");
        }
        for name in ["/dev/full", "/dev/fd/3", "stdout", "/dev/fd/10"] {
            assert!(standard_stream(Path::new(name)).is_none(), "{name}");
        }
    }

    #[test]
    fn a_new_file_and_a_regular_file_are_written_whole() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let path = dir.path().join("export.csv");
        write_output(&path, b"one").expect("a new file");
        write_output(&path, b"two").expect("over a file");
        assert_eq!(std::fs::read(&path).expect("the file"), b"two");
        let left: Vec<_> = std::fs::read_dir(dir.path()).expect("the dir").collect();
        assert_eq!(left.len(), 1, "no temporary file left behind");
    }

    #[test]
    fn a_folder_is_refused_in_one_sentence() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let err = write_output(dir.path(), b"x").expect_err("a folder");
        assert_eq!(
            format!("{err:#}"),
            format!("{} is a folder: give a file name", dir.path().display())
        );
    }
}
