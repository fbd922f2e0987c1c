//! The file machinery the trainer's stores share (the statistics and the hand history): only a
//! regular file is read or written, symbolic links are followed to the file they name, writes
//! replace the file atomically under the operating system's lock on `<file>.lock`, and a file
//! that cannot be used is moved aside to a `.bak` that never overwrites an earlier one.

use std::ffi::CString;
use std::fs;
use std::io::{self, Read};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{FileTypeExt, MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use super::stats::{ReadOnlyReason, StatsError};

/// How often a bounded wait retries the lock.
const LOCK_POLL: Duration = Duration::from_millis(10);

/// The most symbolic links followed from the given path (as the kernel's own limit).
const MAX_LINKS: usize = 40;

/// An I/O error with what was being done, and on what.
pub(crate) fn io_error(action: &'static str, path: &Path, cause: io::Error) -> StatsError {
    StatsError::Io {
        action,
        path: path.to_owned(),
        cause,
    }
}

/// Follows `path` through symbolic links to the file they name, which need not exist yet (a
/// dangling link names the file to create). Links in the folders above are left to the
/// kernel: only the last component decides what a rename replaces.
pub(crate) fn resolve(path: &Path) -> Result<PathBuf, StatsError> {
    let mut target = path.to_owned();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&target) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link =
                    fs::read_link(&target).map_err(|e| io_error("follow the link", &target, e))?;
                // A relative link is relative to its own folder; `join` keeps an absolute one.
                target = target.parent().unwrap_or(Path::new("")).join(link);
            }
            _ => return Ok(target),
        }
    }
    Err(io_error(
        "follow the links of",
        path,
        io::Error::other("too many levels of symbolic links"),
    ))
}

/// The folder holding `target` (`.` for a bare file name).
pub(crate) fn folder(target: &Path) -> &Path {
    match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// `target` with `suffix` appended to its file name: `stats.json` → `stats.json.lock`.
pub(crate) fn sibling(target: &Path, suffix: &str) -> PathBuf {
    let mut name = target.file_name().unwrap_or_default().to_owned();
    name.push(suffix);
    target.with_file_name(name)
}

/// What a file type is when it is not a regular file, for the refusal.
pub(crate) fn special_kind(file_type: fs::FileType) -> Option<&'static str> {
    Some(if file_type.is_file() {
        return None;
    } else if file_type.is_dir() {
        "a folder"
    } else if file_type.is_fifo() {
        "a named pipe (FIFO)"
    } else if file_type.is_socket() {
        "a socket"
    } else if file_type.is_char_device() {
        "a character device"
    } else if file_type.is_block_device() {
        "a block device"
    } else if file_type.is_symlink() {
        "a symbolic link"
    } else {
        "something else"
    })
}

/// The refusal of `path` (which names `target`) as `kind`.
pub(crate) fn not_a_file(path: &Path, target: &Path, kind: &'static str) -> StatsError {
    StatsError::NotAFile {
        path: path.to_owned(),
        target: target.to_owned(),
        kind,
    }
}

/// Refuses a `target` (of `path`) that exists and is not a regular file, from its metadata
/// alone (opening a FIFO could block; opening a device could do anything).
pub(crate) fn refuse_special(path: &Path, target: &Path) -> Result<(), StatsError> {
    let trailing_slash = path.as_os_str().as_bytes().ends_with(b"/");
    if target.file_name().is_none() || trailing_slash {
        // `/`, `..`, `dir/..`, `new/`: a folder whether or not it exists.
        return Err(not_a_file(path, target, "a folder"));
    }
    match fs::symlink_metadata(target) {
        Ok(meta) => match special_kind(meta.file_type()) {
            Some(kind) => Err(not_a_file(path, target, kind)),
            None => Ok(()),
        },
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(io_error("inspect", target, e)),
    }
}

/// Whether the process may write `path`, as access(2) says. Not a write attempt: root may
/// write a file of mode 444, which is why the permission bits are checked as well.
pub(crate) fn access_writable(path: &Path) -> bool {
    let Ok(c_path) = CString::new(path.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: `c_path` is a NUL-terminated string that lives for the whole call.
    unsafe { libc::access(c_path.as_ptr(), libc::W_OK) == 0 }
}

/// Why `target` must not be written, if it must not: the file's permission bits or access(2)
/// (a read-only file system, another owner), or a folder where the temporary file cannot be
/// made.
pub(crate) fn read_only_reason(target: &Path) -> Option<ReadOnlyReason> {
    if let Ok(meta) = fs::metadata(target)
        && (meta.permissions().readonly() || !access_writable(target))
    {
        return Some(ReadOnlyReason::Permissions);
    }
    (!access_writable(folder(target))).then_some(ReadOnlyReason::FolderNotWritable)
}

/// How long to wait for the lock.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Wait {
    /// Until it is free.
    Block,
    /// At most this long, then [`StatsError::Locked`].
    AtMost(Duration),
}

/// Takes the operating system's lock on `<target>.lock` (flock(2) via [`fs::File::lock`]).
/// The lock lasts as long as the returned handle, and ends with the process however it ends,
/// so a crashed session never leaves a stale lock. The lock file itself stays: removing it
/// would let two sessions lock two different files.
pub(crate) fn lock(target: &Path, wait: Wait) -> Result<fs::File, StatsError> {
    let path = sibling(target, ".lock");
    let file = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW)
        .open(&path)
        .map_err(|e| io_error("open the lock file", &path, e))?;
    let meta = file
        .metadata()
        .map_err(|e| io_error("open the lock file", &path, e))?;
    if let Some(kind) = special_kind(meta.file_type()) {
        return Err(not_a_file(&path, &path, kind));
    }
    match wait {
        Wait::Block => file.lock().map_err(|e| io_error("lock", &path, e))?,
        Wait::AtMost(limit) => {
            let start = Instant::now();
            loop {
                match file.try_lock() {
                    Ok(()) => break,
                    Err(fs::TryLockError::WouldBlock) if start.elapsed() < limit => {
                        std::thread::sleep(LOCK_POLL);
                    }
                    Err(fs::TryLockError::WouldBlock) => {
                        return Err(StatsError::Locked {
                            path: target.to_owned(),
                        });
                    }
                    Err(fs::TryLockError::Error(e)) => return Err(io_error("lock", &path, e)),
                }
            }
        }
    }
    Ok(file)
}

/// Moves a file this build cannot use to the first free name of `<name>.bak`,
/// `<name>.<seconds>.bak`, `<name>.<seconds>-1.bak`, …, never replacing an earlier backup.
/// Called under the lock, so no session of ours takes the name in between.
pub(crate) fn move_aside(target: &Path) -> Result<PathBuf, StatsError> {
    let stamp = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs();
    let suffixes = std::iter::once(".bak".to_owned())
        .chain(std::iter::once(format!(".{stamp}.bak")))
        .chain((1..100).map(|n| format!(".{stamp}-{n}.bak")));
    for suffix in suffixes {
        let backup = sibling(target, &suffix);
        // `symlink_metadata`: a dangling link counts as taken too.
        if fs::symlink_metadata(&backup).is_ok() {
            continue;
        }
        fs::rename(target, &backup).map_err(|e| io_error("move aside", target, e))?;
        sync_folder(folder(target));
        return Ok(backup);
    }
    Err(io_error(
        "move aside",
        target,
        io::Error::other("every backup name is taken"),
    ))
}

/// Now, in whole seconds since the Unix epoch (0 if the clock is before it).
pub(crate) fn unix_seconds() -> u64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs()
}

/// A temporary file, removed when dropped unless it was renamed into place.
struct TempFile {
    path: PathBuf,
    placed: bool,
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if !self.placed {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// Replaces `target` atomically with what `write` writes: a temporary file in the target's
/// folder (so the rename stays on one file system), with the target's permissions, synced,
/// renamed onto the target, then the folder synced. The temporary file is removed on every
/// failure.
pub(crate) fn replace(
    target: &Path,
    write: impl FnOnce(&mut fs::File) -> io::Result<()>,
) -> Result<(), StatsError> {
    let tmp = sibling(target, &format!(".tmp{}", std::process::id()));
    let mut out = fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW)
        .open(&tmp)
        .map_err(|e| io_error("create", &tmp, e))?;
    let mut temp = TempFile {
        path: tmp,
        placed: false,
    };
    if let Ok(meta) = fs::metadata(target) {
        // Keep the player's choice (a private 600, say); a failure here is no reason to stop.
        let _ = out.set_permissions(meta.permissions());
    }
    write(&mut out)
        .and_then(|()| out.sync_all())
        .map_err(|e| io_error("write", &temp.path, e))?;
    drop(out);
    fs::rename(&temp.path, target).map_err(|e| io_error("replace", target, e))?;
    temp.placed = true;
    sync_folder(folder(target));
    Ok(())
}

/// Makes a rename in `dir` durable. Its failure is not reported: the new file is in place
/// already, and an error would make the caller add the same increments a second time.
pub(crate) fn sync_folder(dir: &Path) {
    if let Ok(handle) = fs::File::open(dir) {
        let _ = handle.sync_all();
    }
}

/// The file's bytes (`None` when there is no file), refusing anything that turns out not to be
/// a regular file once open (it may have changed since it was checked). Opening never blocks
/// (`O_NONBLOCK`) and never follows a link put there meanwhile (`O_NOFOLLOW`).
pub(crate) fn read_bytes(path: &Path, target: &Path) -> Result<Option<Vec<u8>>, StatsError> {
    Ok(read_identified(path, target)?.map(|(bytes, _)| bytes))
}

/// Which file, and how long, as a store last saw it: the same identity and length later mean
/// nobody has written it since (a replacement is a new inode; an append changes the length).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FileId {
    /// The device holding it.
    pub dev: u64,
    /// Its inode.
    pub ino: u64,
    /// Its length in bytes.
    pub len: u64,
}

impl FileId {
    /// The identity and length in `meta`.
    pub(crate) fn of(meta: &fs::Metadata) -> FileId {
        FileId {
            dev: meta.dev(),
            ino: meta.ino(),
            len: meta.len(),
        }
    }
}

/// As [`read_bytes`], with the file's identity; its length is the length read.
pub(crate) fn read_identified(
    path: &Path,
    target: &Path,
) -> Result<Option<(Vec<u8>, FileId)>, StatsError> {
    let opened = fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW)
        .open(target);
    let mut handle = match opened {
        Ok(handle) => handle,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_error("read", target, e)),
    };
    let meta = handle.metadata().map_err(|e| io_error("read", target, e))?;
    if let Some(kind) = special_kind(meta.file_type()) {
        return Err(not_a_file(path, target, kind));
    }
    let mut bytes = Vec::new();
    handle
        .read_to_end(&mut bytes)
        .map_err(|e| io_error("read", target, e))?;
    let id = FileId {
        len: bytes.len() as u64,
        ..FileId::of(&meta)
    };
    Ok(Some((bytes, id)))
}

/// Opens an existing regular file to read and to append to (`None` when there is none), with
/// the same care as [`read_bytes`]: never blocking, never following a link put there
/// meanwhile, refusing what turns out not to be a regular file. Every write goes to the end
/// (`O_APPEND`), wherever another writer left it.
pub(crate) fn open_to_append(path: &Path, target: &Path) -> Result<Option<fs::File>, StatsError> {
    let opened = fs::OpenOptions::new()
        .read(true)
        .append(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW)
        .open(target);
    let handle = match opened {
        Ok(handle) => handle,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_error("open", target, e)),
    };
    let meta = handle.metadata().map_err(|e| io_error("open", target, e))?;
    if let Some(kind) = special_kind(meta.file_type()) {
        return Err(not_a_file(path, target, kind));
    }
    Ok(Some(handle))
}
