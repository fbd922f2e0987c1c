//! What differs between operating systems, in one place: file identity, opening a file that
//! may be a pipe, and the file-size limit's signal (the terminal's share is in
//! [`crate::tui::terminal`]).

use std::fs::{File, Metadata};
use std::io;
use std::path::Path;

/// Whether two files' metadata are of one file (device and inode on Unix; elsewhere size and
/// modification time, as near as std gets).
pub fn same_file(a: &Metadata, b: &Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        (a.dev(), a.ino()) == (b.dev(), b.ino())
    }
    #[cfg(not(unix))]
    {
        a.len() == b.len()
            && a.modified().ok() == b.modified().ok()
            && a.file_type() == b.file_type()
    }
}

/// Makes a write past the file-size limit (`ulimit -f`) fail with an error the store reports,
/// instead of SIGXFSZ ending the process before it can say what was not saved.
pub fn fail_writes_past_the_size_limit() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to "ignore" runs no code of ours in a handler;
    // nothing else in the program handles SIGXFSZ.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// Opens `path` for reading without waiting: on Unix with `O_NONBLOCK`, so a FIFO does not
/// wait for a writer (the callers refuse it from the metadata); elsewhere a plain open.
pub fn open_without_waiting(path: &Path) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}
