//! The player's record in one SQLite database — a row per round, decision, drill answer and
//! counting answer — with every figure computed from those rows by SQL ([`Store::tally`]).
//!
//! WAL and a busy timeout, so two tables and a drill at once all keep every row; one
//! transaction a record. Nothing is deleted implicitly: `stats --reset` asks and backs up first.
//! Earlier builds' files (`stats.json`, `stats.history.jsonl`) are imported once ([`import`]).

pub mod cache;
pub mod coach;
mod course;
pub mod figures;
mod history;
mod import;
mod import_checks;
mod imported;
mod maintain;
mod open;
pub mod progress;
mod ranges;
pub mod schema;
mod write;

use std::path::{Path, PathBuf};

use rusqlite::Connection;

pub use coach::{Coach, SessionInfo, SessionKind};
pub use figures::Scope;
pub use maintain::{RowCounts, backup_path, legacy_files_beside};
pub(crate) use open::special_kind;
pub use write::Record;

/// Where the database is, and whether the player named it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// The path as given (a symbolic link is followed).
    pub path: PathBuf,
    /// Named by the player, so a file there that is not ours is refused; else the default path,
    /// where a damaged file is kept as a backup and a fresh one started.
    pub named: bool,
}

impl Location {
    /// A path the player named.
    pub fn named(path: impl Into<PathBuf>) -> Location {
        Location { path: path.into(), named: true }
    }
}

/// The file name of the database in the platform's data folder.
pub const DEFAULT_NAME: &str = "stats.db";

/// The platform's place for the database: [`DEFAULT_NAME`] in its data folder
/// (`~/.local/share/blackjack-trainer/` on Linux).
pub fn default_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "blackjack-trainer")
        .map(|d| d.data_dir().join(DEFAULT_NAME))
}

/// Where statistics are kept: `named` (a flag, `$BLACKJACK_STATS` or the preferences, in that
/// order, chosen by the caller) if given, else the platform's default; `None` when none are to
/// be kept or the platform has no data folder.
pub fn location(named: Option<PathBuf>, keep: bool) -> Option<Location> {
    if !keep {
        return None;
    }
    match named {
        Some(path) => Some(Location { path, named: true }),
        None => default_path().map(|path| Location { path, named: false }),
    }
}

/// Why a store reads but never writes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadOnly {
    /// The file's permissions (e.g. mode 444) or the system forbid writing.
    #[error("its permissions forbid writing")]
    Permissions,
    /// A newer build wrote the database in a layout this one does not know.
    #[error("written by a newer version (schema {version}; this one writes {})", schema::VERSION)]
    NewerSchema {
        /// The database's schema version.
        version: i32,
    },
}

/// Why the store refused, or failed, to open, read or write. Refusals change nothing on disk.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The path names a folder, a device, a FIFO or a socket.
    #[error("{} is {kind}: statistics are not kept there (nothing was changed)", path.display())]
    NotAFile {
        /// The path as given.
        path: PathBuf,
        /// What it is.
        kind: &'static str,
    },
    /// A symbolic link to nothing.
    #[error(
        "{} is a symbolic link to {}, which does not exist: statistics are not kept there \
         (nothing was created)",
        path.display(),
        target.display()
    )]
    DanglingLink {
        /// The link.
        path: PathBuf,
        /// What it names.
        target: PathBuf,
    },
    /// A file that is not our database, at a path the player named.
    #[error(
        "{} is {why}: statistics are not kept there, and it was left as it is",
        path.display()
    )]
    NotOurs {
        /// The path as given.
        path: PathBuf,
        /// What it is.
        why: String,
    },
    /// The folder of a named path does not exist (no folder is made but our own).
    #[error(
        "the folder {} of {} does not exist: create it, or name another file",
        folder.display(),
        path.display()
    )]
    NoFolder {
        /// The path as given.
        path: PathBuf,
        /// Its folder.
        folder: PathBuf,
    },
    /// The database could not be started or written where it is.
    #[error("{} cannot be written (its folder is read-only)", path.display())]
    ReadOnlyFolder {
        /// The path as given.
        path: PathBuf,
    },
    /// The store is read-only.
    #[error("{} is not written: {reason}", path.display())]
    ReadOnly {
        /// The path.
        path: PathBuf,
        /// Why.
        reason: ReadOnly,
    },
    /// A value no row may hold (an infinite number, say): refused before it reached the file.
    #[error("not stored: {0}")]
    Invalid(String),
    /// SQLite failed.
    #[error("cannot {action} {}: {}", path.display(), plain_sql(cause))]
    Sql {
        /// What was being done.
        action: &'static str,
        /// On what.
        path: PathBuf,
        /// SQLite's error.
        cause: rusqlite::Error,
    },
    /// The operating system refused.
    #[error("cannot {action} {}: {}", path.display(), plain_io(cause))]
    Io {
        /// What was being done.
        action: &'static str,
        /// On what.
        path: PathBuf,
        /// The system's error.
        cause: std::io::Error,
    },
}

impl StoreError {
    /// Whether the path itself is refused (not a file, not ours, a dangling link, no folder):
    /// nothing is played on it, rather than playing without statistics.
    pub fn is_refusal(&self) -> bool {
        matches!(
            self,
            StoreError::NotAFile { .. }
                | StoreError::DanglingLink { .. }
                | StoreError::NotOurs { .. }
                | StoreError::NoFolder { .. }
        )
    }
}

/// What SQLite's error means, in words for the player (its own text names its internals).
fn plain_sql(err: &rusqlite::Error) -> &'static str {
    use rusqlite::ErrorCode;
    let Some(code) = err.sqlite_error_code() else {
        return "a value in it could not be read";
    };
    match code {
        ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked => {
            "another session held it for too long"
        }
        ErrorCode::DiskFull => "the disk is full",
        ErrorCode::ReadOnly => "it may not be written",
        ErrorCode::PermissionDenied => "its permissions forbid it",
        ErrorCode::DatabaseCorrupt => "it is damaged (cut short, or overwritten in part)",
        ErrorCode::NotADatabase => "it is not an SQLite database",
        ErrorCode::CannotOpen => "it could not be opened",
        ErrorCode::SystemIoFailure => "the system could not read or write it",
        ErrorCode::TooBig => "a value was too large for it",
        ErrorCode::OutOfMemory => "there was not enough memory",
        ErrorCode::ConstraintViolation => "it refused a row that breaks its rules",
        _ => "SQLite could not do it",
    }
}

/// What the system's error means, in words for the player.
fn plain_io(err: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match err.kind() {
        ErrorKind::NotFound => "it does not exist",
        ErrorKind::PermissionDenied => "permission denied",
        ErrorKind::AlreadyExists => "it exists already",
        ErrorKind::StorageFull => "the disk is full",
        ErrorKind::ReadOnlyFilesystem => "its file system is read-only",
        ErrorKind::IsADirectory => "it is a folder",
        ErrorKind::NotADirectory => "a part of its path is not a folder",
        // Our own errors carry their words.
        ErrorKind::Other => return err.to_string(),
        _ => "the system refused",
    }
    .to_owned()
}

/// What opening found that the player should hear of.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OpenNews(pub Vec<String>);

impl OpenNews {
    /// The news as one message, if any.
    pub fn message(&self) -> Option<String> {
        (!self.0.is_empty()).then(|| self.0.join(" "))
    }
}

/// The database, open.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
    /// The path as given; `None` for a store in memory.
    path: Option<PathBuf>,
    read_only: Option<ReadOnly>,
    /// This store's session, once it has written a row.
    session: Option<i64>,
    info: SessionInfo,
}

impl Store {
    /// A store in memory: this session's rows only, gone when it is dropped.
    pub fn in_memory(info: SessionInfo) -> Store {
        let mut conn = Connection::open_in_memory().expect("SQLite opens a database in memory");
        schema::migrate(&mut conn).expect("the schema applies to an empty database");
        Store::new(conn, None, None, info)
    }

    fn new(
        conn: Connection,
        path: Option<PathBuf>,
        read_only: Option<ReadOnly>,
        info: SessionInfo,
    ) -> Store {
        Store { conn, path, read_only, session: None, info }
    }

    /// Opens (or starts) the database at `location`, refusing anything but ours
    /// ([`StoreError::is_refusal`]) and importing earlier builds' files beside a new one.
    /// Returns what the player should hear (a backup made, a read-only database, an import).
    pub fn open(location: &Location, info: SessionInfo) -> Result<(Store, OpenNews), StoreError> {
        let opened = open::open(location)?;
        let mut news = OpenNews::default();
        if let Some((backup, why)) = &opened.moved {
            news.0.push(format!(
                "The statistics database could not be read ({why}); it is kept as {} and a \
                 fresh one started.",
                backup.display()
            ));
        }
        let path = Some(location.path.clone());
        let mut store = Store::new(opened.conn, path, opened.read_only, info);
        if let Some(reason) = &store.read_only {
            news.0.push(format!(
                "Statistics database {} is read-only ({reason}): this session is not saved.",
                location.path.display()
            ));
            if imported::for_reading(&store.conn).is_err() {
                news.0.push("Its imported figures could not be read.".to_owned());
            }
        } else if let Some(note) = import::import_beside(&mut store, &opened.target)? {
            news.0.push(note);
        }
        match ranges::rows_out_of_range(&store.conn) {
            Ok(Some(rows)) => news.0.push(format!(
                "{} holds values no row can hold ({rows}), edited by hand or damaged: they are \
                 left out of every figure.",
                location.path.display()
            )),
            Ok(None) => {}
            Err(_) => news.0.push(format!(
                "{} could not be checked for rows out of range.",
                location.path.display()
            )),
        }
        Ok((store, news))
    }

    /// Where the database is (the path as given); `None` in memory.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Why the store is read-only, if it is.
    pub fn read_only(&self) -> Option<&ReadOnly> {
        self.read_only.as_ref()
    }

    /// This store's session id, once it has written.
    pub fn session(&self) -> Option<i64> {
        self.session
    }

    /// Copies the database, as it is now, to a new file at `to` with SQLite's online backup
    /// (other sessions may go on writing meanwhile). Refuses a path that exists.
    pub fn backup(&self, to: &Path) -> Result<(), StoreError> {
        if std::fs::symlink_metadata(to).is_ok() {
            return Err(StoreError::Io {
                action: "write the backup to",
                path: to.to_owned(),
                cause: std::io::Error::other("it exists already: name a new file"),
            });
        }
        // Made first, readable by its owner only (as the database is), then filled.
        open::create_private(to, to)?;
        self.conn
            .backup(rusqlite::MAIN_DB, to, None::<fn(rusqlite::backup::Progress)>)
            .map_err(|e| open::sql_error("back up to", to, e))
    }

    fn label(&self) -> PathBuf {
        self.path.clone().unwrap_or_else(|| PathBuf::from(":memory:"))
    }

    fn sql(&self, action: &'static str) -> impl Fn(rusqlite::Error) -> StoreError + '_ {
        move |cause| open::sql_error(action, &self.label(), cause)
    }
}

/// Every row `sql` selects with `params`, each made by `read`.
fn all_rows<T>(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
    read: impl FnMut(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
) -> rusqlite::Result<Vec<T>> {
    conn.prepare(sql)?.query_map(params, read)?.collect()
}

/// Now, in whole seconds since the Unix epoch.
pub fn unix_seconds() -> u64 {
    u64::try_from(jiff::Timestamp::now().as_second()).unwrap_or(0)
}
