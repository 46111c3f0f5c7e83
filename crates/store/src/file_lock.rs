//! One server per SQLite file: the file is locked (`flock`, exclusive) by the process whose
//! storage has it open, so that a second `martian-dice serve` on it refuses to start instead of
//! running the same rooms beside the first and splitting them. The lock goes with the process
//! (a crash releases it) and is shared within one: a process that opens its own file again (a
//! server restarted inside a test) gets the same lock.
//!
//! The lock is taken on the database file itself, so every name of the file (a relative path,
//! a link) finds it. SQLite's own locks are POSIX record locks, which `flock` does not touch;
//! the one care is never to close a descriptor of the file while SQLite has it open (closing
//! any descriptor drops a process's record locks on the file): the storage thread drops its
//! lock only after its connections are closed.

use std::fs::{File, TryLockError};
use std::path::Path;
use std::sync::{Arc, Mutex, Weak};

use crate::backend::StoreError;

/// A locked database file, released when the last holder in this process drops it.
#[derive(Debug)]
pub struct FileLock {
    _file: Arc<File>,
}

/// A file as the system knows it, whatever its name: (device, inode).
type FileId = (u64, u64);

/// The files this process holds locked, and the shared lock of each.
static HELD: Mutex<Vec<(FileId, Weak<File>)>> = Mutex::new(Vec::new());

fn identity(metadata: &std::fs::Metadata) -> FileId {
    use std::os::unix::fs::MetadataExt;
    (metadata.dev(), metadata.ino())
}

impl FileLock {
    /// Locks the database file at `path` (which exists); fails with [`StoreError::InUse`] when
    /// another process holds it.
    pub fn take(path: &Path) -> Result<FileLock, StoreError> {
        let mut held = HELD.lock().unwrap_or_else(|e| e.into_inner());
        held.retain(|(_, file)| file.strong_count() > 0);
        if let Ok(metadata) = std::fs::metadata(path)
            && let Some(file) = held
                .iter()
                .find(|(id, _)| *id == identity(&metadata))
                .and_then(|(_, file)| file.upgrade())
        {
            // Opened again in this process: no second descriptor (see the module's note).
            return Ok(FileLock { _file: file });
        }
        // Opened for writing, though only locked: SQLite opens a file it may not write
        // read-only without a word, and the server would fail only at its first change
        // ("attempt to write a readonly database"). Here the file and the cause are named: a
        // read-only file system, a file of another user's or made read-only.
        let file = File::options()
            .read(true)
            .write(true)
            .open(path)
            .map_err(|e| StoreError::file(format!("cannot write {}", path.display()), e))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                return Err(StoreError::InUse {
                    path: path.display().to_string(),
                });
            }
            // A file system without locks: the process goes on, unguarded, and says so.
            Err(TryLockError::Error(error)) => tracing::warn!(
                "cannot lock {} ({error}): make sure no other server uses it",
                path.display()
            ),
        }
        let metadata = file
            .metadata()
            .map_err(|e| StoreError::file(format!("cannot read {}", path.display()), e))?;
        let file = Arc::new(file);
        held.push((identity(&metadata), Arc::downgrade(&file)));
        Ok(FileLock { _file: file })
    }
}
