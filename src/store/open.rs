//! Opening the database file: what a path names, whether it is ours and may be written.
//!
//! A path the player named holding anything but our database is refused and left as it was;
//! at the default path such a file is kept as a `.bak` and a fresh database started.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, ErrorCode, OpenFlags};

use super::schema::{self, APPLICATION_ID, VERSION};
use super::{Location, ReadOnly, StoreError};

/// How long a read or a write waits for another session's transaction (they last
/// milliseconds; a busy machine can stretch that to seconds).
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// The most symbolic links followed from a path (as the kernel's own limit).
const MAX_LINKS: usize = 40;

/// An open database, and what the opening found.
pub(super) struct Opened {
    pub conn: Connection,
    /// The file opened (links followed).
    pub target: PathBuf,
    pub read_only: Option<ReadOnly>,
    /// A damaged file kept as a backup before a fresh one started, and why.
    pub moved: Option<(PathBuf, String)>,
}

/// Opens the database at `location`, creating it (mode 0600) where there is none.
pub(super) fn open(location: &Location) -> Result<Opened, StoreError> {
    let path = &location.path;
    let target = follow_links(path)?;
    if !location.named
        && let Some(folder) = target.parent().filter(|f| !f.as_os_str().is_empty())
    {
        // Our own data folder, and only that: the one folder this program creates.
        make_own_folder(folder).map_err(|e| io_error("create the folder", folder, e))?;
    }
    let mut moved = None;
    loop {
        match try_open(path, &target) {
            Ok(mut opened) => {
                opened.moved = moved;
                return Ok(opened);
            }
            Err(Unusable::Refused(err)) => return Err(err),
            Err(Unusable::NotOurs(why)) if location.named || moved.is_some() => {
                return Err(StoreError::NotOurs { path: path.clone(), why });
            }
            Err(Unusable::NotOurs(why)) => {
                let backup = move_aside(&target)?;
                moved = Some((backup, why));
            }
        }
    }
}

/// Creates `folder`, one of the program's own, with the missing folders above it, but never
/// the home folder nor anything right under `/` (`HOME=/nonexistent/home` makes nothing).
pub(super) fn make_own_folder(folder: &Path) -> io::Result<()> {
    let home = directories::BaseDirs::new().map(|d| d.home_dir().to_owned());
    make_own_folder_under(folder, home.as_deref())
}

/// [`make_own_folder`], with the home folder given.
fn make_own_folder_under(folder: &Path, home: Option<&Path>) -> io::Result<()> {
    if folder.is_dir() {
        return Ok(());
    }
    if let Some(home) = home
        && folder.starts_with(home)
        && !home.is_dir()
    {
        return Err(io::Error::other(format!(
            "the home folder {} does not exist, and only the program's own folders are made",
            home.display()
        )));
    }
    match folder.ancestors().skip(1).find(|a| a.is_dir()) {
        Some(base) if base.parent().is_some() => fs::create_dir_all(folder),
        _ => Err(io::Error::other(format!(
            "no folder above {} exists, and only the program's own folders are made",
            folder.display()
        ))),
    }
}

/// Why a file could not be opened as our database.
enum Unusable {
    /// Not to be opened at all (not a file, a dangling link, a missing folder, an I/O error).
    Refused(StoreError),
    /// It is a file, but not our database, or a damaged one: what it is.
    NotOurs(String),
}

impl From<StoreError> for Unusable {
    fn from(err: StoreError) -> Unusable {
        Unusable::Refused(err)
    }
}

fn try_open(path: &Path, target: &Path) -> Result<Opened, Unusable> {
    // Whether another session has the database open in WAL mode (its journal is there).
    let in_use = fs::symlink_metadata(sibling(target, "-wal")).is_ok();
    let existed = match fs::metadata(target) {
        Ok(meta) if meta.is_file() => true,
        Ok(meta) => {
            return Err(StoreError::NotAFile {
                path: path.to_owned(),
                kind: special_kind(&meta.file_type()),
            }
            .into());
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            create_private(path, target)?;
            false
        }
        Err(e) => return Err(io_error("inspect", target, e).into()),
    };
    let empty = fs::metadata(target).map_or(true, |m| m.len() == 0);
    if existed && empty && !permissions_forbid(target) {
        // An empty file the player named becomes the database: readable by its owner only, as
        // one this program creates.
        set_private(target);
    }
    let mut read_only = permissions_forbid(target).then_some(ReadOnly::Permissions);
    let mut conn = match read_only {
        // A file nobody may write is read as it is on disk: SQLite makes no journal or
        // shared-memory file beside it.
        Some(_) => connect_immutable(target)?,
        None => connect(target, false)?,
    };
    if read_only.is_none() && conn.is_readonly(rusqlite::MAIN_DB).unwrap_or(false) {
        read_only = Some(ReadOnly::Permissions);
        conn = connect_immutable(target)?;
    }
    let mut stamp = stamp_and_tables(&conn);
    if existed && read_only.is_none() && stamp.as_ref().is_err_and(read_only_error) {
        // A database in a folder we may not write: SQLite cannot make the shared-memory file
        // beside it that reading the journal needs, so it is read as it is on disk.
        read_only = Some(ReadOnly::Permissions);
        conn = connect_immutable(target)?;
        stamp = stamp_and_tables(&conn);
    }
    let (id, version, tables) = match stamp {
        Ok(stamp) => stamp,
        Err(err) if is_not_a_database(&err) => {
            return Err(Unusable::NotOurs(not_a_database(target)));
        }
        Err(err) if is_damaged(&err) => {
            return Err(Unusable::NotOurs(
                "a damaged database (cut short, or overwritten in part)".to_owned(),
            ));
        }
        Err(err) => return Err(sql_error("read", target, err).into()),
    };
    // A database another session is starting at this moment is fresh too: its stamp and its
    // tables are read at one instant, so the stamp is never seen before its tables are.
    let fresh = empty || (id == 0 && version == 0 && tables == 0);
    if !fresh && id != APPLICATION_ID {
        return Err(Unusable::NotOurs(format!(
            "an SQLite database of another program (application id {id:#010x})"
        )));
    }
    if version > VERSION {
        read_only = Some(ReadOnly::NewerSchema { version });
        if !conn.is_readonly(rusqlite::MAIN_DB).unwrap_or(true) {
            // Read as it is on disk when no session uses it, so no journal file is left beside
            // it; else beside the newer build's session, through its journal.
            conn = match in_use {
                true => connect(target, true)?,
                false => connect_immutable(target)?,
            };
        }
    }
    if !fresh && read_only.is_none() {
        check_integrity(&conn).map_err(Unusable::NotOurs)?;
    }
    if read_only.is_none() {
        set_up_retrying(&mut conn).map_err(|e| match read_only_error(&e) {
            true => Unusable::Refused(StoreError::ReadOnlyFolder { path: path.to_owned() }),
            false => Unusable::Refused(sql_error("set up", target, e)),
        })?;
        // The journal's files may not be creatable beside the database: then it is read only.
    }
    conn.busy_timeout(BUSY_TIMEOUT).map_err(|e| sql_error("set up", target, e))?;
    if !existed && read_only.is_some() {
        // Created now, yet not writable: nothing to read either.
        return Err(StoreError::ReadOnlyFolder { path: path.to_owned() }.into());
    }
    Ok(Opened { conn, target: target.to_owned(), read_only, moved: None })
}

/// Opens the file at `target`, which exists; never creates one.
fn connect(target: &Path, read_only: bool) -> Result<Connection, StoreError> {
    let access = if read_only {
        OpenFlags::SQLITE_OPEN_READ_ONLY
    } else {
        OpenFlags::SQLITE_OPEN_READ_WRITE
    };
    let conn = Connection::open_with_flags(target, access | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        .map_err(|e| sql_error("open", target, e))?;
    // Set before the first read: another session may be creating the schema or switching
    // the journal to WAL at this moment, and its lock lasts only that long.
    conn.busy_timeout(BUSY_TIMEOUT).map_err(|e| sql_error("set up", target, e))?;
    Ok(conn)
}

/// Opens `target` read-only as an immutable file (no shared memory, no journal).
fn connect_immutable(target: &Path) -> Result<Connection, StoreError> {
    let mut uri = String::from("file:");
    for byte in target.to_string_lossy().bytes() {
        match byte {
            b'%' | b'?' | b'#' => uri.push_str(&format!("%{byte:02X}")),
            _ => uri.push(char::from(byte)),
        }
    }
    uri.push_str("?immutable=1");
    Connection::open_with_flags(
        &uri,
        OpenFlags::SQLITE_OPEN_READ_ONLY
            | OpenFlags::SQLITE_OPEN_URI
            | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| sql_error("open", target, e))
}

/// [`set_up_for_writing`], again while another session holds the lock it needs: switching the
/// journal to WAL takes the whole file for a moment, and SQLite reports the clash at once
/// rather than wait where two sessions starting together could wait on each other.
fn set_up_retrying(conn: &mut Connection) -> rusqlite::Result<()> {
    let start = std::time::Instant::now();
    loop {
        match set_up_for_writing(conn) {
            Err(rusqlite::Error::SqliteFailure(e, _))
                if matches!(
                    e.code,
                    rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked
                ) && start.elapsed() < BUSY_TIMEOUT =>
            {
                std::thread::sleep(Duration::from_millis(20));
            }
            done => return done,
        }
    }
}

/// WAL, so readers never wait for a writer; `NORMAL` sync, so a commit survives a killed
/// process (only a power cut loses the last ones); then the schema brought up to date.
fn set_up_for_writing(conn: &mut Connection) -> rusqlite::Result<()> {
    conn.busy_timeout(BUSY_TIMEOUT)?;
    let mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_READONLY),
            Some(format!("journal mode {mode}")),
        ));
    }
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "foreign_keys", true)?;
    schema::migrate(conn)
}

/// SQLite's quick check of the file's structure: `Err` with what is wrong. The constraints are
/// left out: a row past one is no damage (the figures leave it out, [`super::ranges`]).
fn check_integrity(conn: &Connection) -> Result<(), String> {
    let _ = conn.execute_batch("PRAGMA ignore_check_constraints = ON");
    let verdict: rusqlite::Result<String> =
        conn.query_row("PRAGMA quick_check(1)", [], |row| row.get(0));
    if conn.execute_batch("PRAGMA ignore_check_constraints = OFF").is_err() {
        return Err("a database whose checks cannot be turned back on".to_owned());
    }
    match verdict {
        Ok(text) if text == "ok" => Ok(()),
        _ => Err("a damaged database (its pages do not hold together)".to_owned()),
    }
}

/// The application id, the schema version and the number of tables, views and indexes, read
/// in one statement (so at one instant: another session may be starting the database, and
/// writes its tables and its stamp in one transaction).
fn stamp_and_tables(conn: &Connection) -> rusqlite::Result<(i32, i32, i64)> {
    conn.query_row(
        "SELECT (SELECT application_id FROM pragma_application_id),
                (SELECT user_version FROM pragma_user_version),
                (SELECT COUNT(*) FROM sqlite_schema)",
        [],
        |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
    )
}

/// Whether SQLite found the file damaged (cut short, pages overwritten).
fn is_damaged(err: &rusqlite::Error) -> bool {
    err.sqlite_error_code() == Some(ErrorCode::DatabaseCorrupt)
}

fn is_not_a_database(err: &rusqlite::Error) -> bool {
    err.sqlite_error_code() == Some(ErrorCode::NotADatabase)
}

fn read_only_error(err: &rusqlite::Error) -> bool {
    matches!(err.sqlite_error_code(), Some(ErrorCode::ReadOnly | ErrorCode::CannotOpen))
}

/// What a file that SQLite does not read is, as far as we can tell: a statistics file of an
/// earlier build says how to take it in.
fn not_a_database(target: &Path) -> String {
    let legacy = fs::read(target).ok().and_then(|bytes| {
        let value: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
        value.get("lifetime").map(|_| ())
    });
    match legacy {
        Some(()) => {
            let db = target.with_extension("db");
            format!(
                "a statistics file of an earlier version; statistics are now kept in a \
                 database: use --stats {}, which takes this file and its hand history in the \
                 first time and leaves both as they are",
                db.display()
            )
        }
        None => "not an SQLite database".to_owned(),
    }
}

/// Follows `path` through symbolic links to the file they name. A link to nothing is refused
/// (a typo in a link must not create a file somewhere unexpected); a path that is no link and
/// names nothing is the file to create.
fn follow_links(path: &Path) -> Result<PathBuf, StoreError> {
    let mut target = path.to_owned();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&target) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link =
                    fs::read_link(&target).map_err(|e| io_error("follow the link", &target, e))?;
                target = target.parent().unwrap_or(Path::new("")).join(link);
            }
            Ok(_) => return Ok(target),
            Err(e) if e.kind() == io::ErrorKind::NotFound && target != path => {
                return Err(StoreError::DanglingLink { path: path.to_owned(), target });
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(target),
            Err(e) => return Err(io_error("inspect", &target, e)),
        }
    }
    Err(io_error(
        "follow the links of",
        path,
        io::Error::other("too many levels of symbolic links"),
    ))
}

/// Creates an empty file at `target`, readable and writable by its owner only. Its folder must
/// exist: no folder is made for a path the player named.
pub(super) fn create_private(path: &Path, target: &Path) -> Result<(), StoreError> {
    let folder = target.parent().filter(|f| !f.as_os_str().is_empty());
    if let Some(folder) = folder
        && !folder.is_dir()
    {
        return Err(StoreError::NoFolder { path: path.to_owned(), folder: folder.to_owned() });
    }
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    match options.open(target) {
        Ok(_) => Ok(()),
        // Made by another session meanwhile: open that one.
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied => {
            Err(StoreError::ReadOnlyFolder { path: path.to_owned() })
        }
        Err(e) => Err(io_error("create", target, e)),
    }
}

/// Makes `target` readable and writable by its owner only (where the system has such modes).
fn set_private(target: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = fs::set_permissions(target, fs::Permissions::from_mode(0o600));
    }
    #[cfg(not(unix))]
    let _ = target;
}

/// Whether the file's permission bits forbid writing (root may write a file of mode 444, and
/// the player said not to).
fn permissions_forbid(target: &Path) -> bool {
    fs::metadata(target).is_ok_and(|m| m.permissions().readonly())
}

/// What a file type is when it is not a regular file, for the refusal.
pub(crate) fn special_kind(file_type: &fs::FileType) -> &'static str {
    if file_type.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kinds = [
            (file_type.is_fifo(), "a named pipe (FIFO)"),
            (file_type.is_socket(), "a socket"),
            (file_type.is_char_device(), "a character device"),
            (file_type.is_block_device(), "a block device"),
        ];
        if let Some((_, kind)) = kinds.into_iter().find(|(is, _)| *is) {
            return kind;
        }
    }
    "not a regular file"
}

/// Keeps `target` and its journal files as a backup beside it ([`super::backup_path`]).
pub(super) fn move_aside(target: &Path) -> Result<PathBuf, StoreError> {
    let backup = super::backup_path(target);
    fs::rename(target, &backup).map_err(|e| io_error("move aside", target, e))?;
    for journal in ["-wal", "-shm"] {
        let from = sibling(target, journal);
        if fs::symlink_metadata(&from).is_ok() {
            fs::rename(&from, sibling(&backup, journal))
                .map_err(|e| io_error("move aside", &from, e))?;
        }
    }
    Ok(backup)
}

/// `target` with `suffix` added to its file name: `stats.db` → `stats.db-wal`.
pub(crate) fn sibling(target: &Path, suffix: &str) -> PathBuf {
    let mut name = target.file_name().unwrap_or_default().to_owned();
    name.push(suffix);
    target.with_file_name(name)
}

pub(super) fn io_error(action: &'static str, path: &Path, cause: io::Error) -> StoreError {
    StoreError::Io { action, path: path.to_owned(), cause }
}

pub(super) fn sql_error(action: &'static str, path: &Path, cause: rusqlite::Error) -> StoreError {
    StoreError::Sql { action, path: path.to_owned(), cause }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_own_folder_is_made_under_a_home_that_exists_and_never_a_missing_home() {
        let dir = tempfile::tempdir().expect("a folder");
        let home = dir.path().join("home");
        let own = home.join(".local/share/blackjack-trainer");
        let err = make_own_folder_under(&own, Some(&home)).expect_err("no home");
        assert!(err.to_string().contains("home folder"), "{err}");
        assert!(!home.exists(), "nothing made");
        std::fs::create_dir(&home).expect("made");
        make_own_folder_under(&own, Some(&home)).expect("made under the home");
        assert!(own.is_dir());
        // Nothing above it but the root: nothing is made (and nothing is tried).
        let rootless = Path::new("/nonexistent-blackjack-test/a/b");
        assert!(make_own_folder_under(rootless, None).is_err());
        assert!(!rootless.exists());
    }
}
