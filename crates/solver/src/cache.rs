//! Solved tables on disk, so that a long computation happens once per machine.
//!
//! A table lives in `dirs::cache_dir()/martian-dice/` (or the directory named by the environment
//! variable `MARTIAN_DICE_CACHE_DIR`), in a file named after its kind, the rules' key and the
//! format version: `duel-d13-t25-each-round-rolloff-v1.bin`. The file starts with one text line,
//!
//! ```text
//! martian-dice-table duel v1 d13-t25-each-round-rolloff <payload bytes> <FNV-1a 64 of payload>
//! ```
//!
//! followed by the payload. A file whose header, length or checksum does not match is deleted and
//! the table recomputed: a damaged cache is never trusted. Files are written to a temporary name
//! and renamed into place, so a reader never sees half a file.

use std::collections::HashMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use martian_engine::Rules;

use crate::duel::Provenance;
use crate::error::CacheError;

/// The environment variable that overrides the cache directory.
pub const CACHE_DIR_ENV: &str = "MARTIAN_DICE_CACHE_DIR";

/// Bumped whenever the meaning or layout of any payload changes.
pub const FORMAT_VERSION: u32 = 1;

/// A directory of cached tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableCache {
    dir: PathBuf,
}

/// What happened to a cached table on a lookup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CacheLookup {
    /// Found and intact.
    Hit,
    /// No file.
    Missing,
    /// A damaged file was found and deleted.
    Damaged,
}

impl TableCache {
    /// A cache in `dir` (created when first written).
    pub fn new(dir: impl Into<PathBuf>) -> TableCache {
        TableCache { dir: dir.into() }
    }

    /// The user's cache: `$MARTIAN_DICE_CACHE_DIR`, else `dirs::cache_dir()/martian-dice`.
    /// (This crate's own unit tests use a directory under the system's temporary directory, so
    /// that they leave the user's cache alone.)
    pub fn user() -> Result<TableCache, CacheError> {
        if let Some(dir) = std::env::var_os(CACHE_DIR_ENV).filter(|d| !d.is_empty()) {
            return Ok(TableCache::new(dir));
        }
        if cfg!(test) {
            return Ok(TableCache::new(
                std::env::temp_dir().join("martian-solver-unit-tests"),
            ));
        }
        dirs::cache_dir()
            .map(|dir| TableCache::new(dir.join("martian-dice")))
            .ok_or(CacheError::NoDirectory)
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file of the table `kind` for `rules`.
    pub fn path(&self, kind: &str, rules: Rules) -> PathBuf {
        self.dir
            .join(format!("{kind}-{}-v{FORMAT_VERSION}.bin", rules.key()))
    }

    fn header(kind: &str, rules: Rules, payload: &[u8]) -> String {
        format!(
            "martian-dice-table {kind} v{FORMAT_VERSION} {} {} {:016x}\n",
            rules.key(),
            payload.len(),
            fnv1a64(payload)
        )
    }

    /// The payload of the table `kind` for `rules`, if a valid file holds it. A damaged file is
    /// deleted.
    pub fn load(&self, kind: &str, rules: Rules) -> (Option<Vec<u8>>, CacheLookup) {
        let path = self.path(kind, rules);
        let Ok(bytes) = fs::read(&path) else {
            return (None, CacheLookup::Missing);
        };
        let valid = bytes
            .iter()
            .position(|&b| b == b'\n')
            .map(|end| (&bytes[..=end], &bytes[end + 1..]))
            .filter(|(header, payload)| {
                *header == TableCache::header(kind, rules, payload).as_bytes()
            })
            .map(|(_, payload)| payload.to_vec());
        match valid {
            Some(payload) => (Some(payload), CacheLookup::Hit),
            None => {
                // Never trusted: removed so that the rebuilt table replaces it.
                let _ = fs::remove_file(&path);
                (None, CacheLookup::Damaged)
            }
        }
    }

    /// Writes the table `kind` for `rules` atomically (temporary file, then rename).
    pub fn store(&self, kind: &str, rules: Rules, payload: &[u8]) -> Result<(), CacheError> {
        let path = self.path(kind, rules);
        let io = |source| CacheError::Io {
            path: path.clone(),
            source,
        };
        fs::create_dir_all(&self.dir).map_err(io)?;
        let temp = self.dir.join(format!(
            ".{}.{}.tmp",
            path.file_name().and_then(|n| n.to_str()).unwrap_or("table"),
            std::process::id()
        ));
        let write = || -> std::io::Result<()> {
            let mut file = fs::File::create(&temp)?;
            file.write_all(TableCache::header(kind, rules, payload).as_bytes())?;
            file.write_all(payload)?;
            file.sync_all()?;
            fs::rename(&temp, &path)
        };
        write().map_err(|e| {
            let _ = fs::remove_file(&temp);
            io(e)
        })
    }
}

/// The 64-bit FNV-1a hash.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Little-endian `f64`s, for payloads.
pub(crate) fn f64s_to_bytes(values: &[f64], out: &mut Vec<u8>) {
    for v in values {
        out.extend_from_slice(&v.to_le_bytes());
    }
}

/// Reads `count` little-endian `f64`s from the front of `bytes`, advancing it.
pub(crate) fn f64s_from_bytes(bytes: &mut &[u8], count: usize) -> Option<Vec<f64>> {
    let len = count.checked_mul(8)?;
    if bytes.len() < len {
        return None;
    }
    let (head, rest) = bytes.split_at(len);
    *bytes = rest;
    Some(
        head.chunks_exact(8)
            .map(|c| f64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect(),
    )
}

/// The solutions of one kind this process holds, one per rule set, each shared once solved or
/// read: the duel's, the trio's, the quad's.
pub(crate) struct SolutionMemo<T> {
    kind: &'static str,
    solutions: OnceLock<Mutex<HashMap<Rules, Arc<T>>>>,
}

impl<T> SolutionMemo<T> {
    /// An empty memo for solutions stored in the disk cache under `kind`.
    pub(crate) const fn new(kind: &'static str) -> SolutionMemo<T> {
        SolutionMemo {
            kind,
            solutions: OnceLock::new(),
        }
    }

    fn map(&self) -> MutexGuard<'_, HashMap<Rules, Arc<T>>> {
        self.solutions
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    /// Whether the solution for `rules` is at hand: in this process's memory, or in the user's
    /// disk cache (read in moments, where a solve takes seconds or minutes).
    pub(crate) fn at_hand(&self, rules: Rules) -> bool {
        self.map().contains_key(&rules)
            || TableCache::user().is_ok_and(|cache| cache.path(self.kind, rules).is_file())
    }

    /// The solution for `rules` from memory, else from `load_or_solve` with the user's disk
    /// cache (if there is one), kept for the next time. Two threads asking at once may both
    /// solve; the first stored is shared.
    pub(crate) fn get<E>(
        &self,
        rules: Rules,
        load_or_solve: impl FnOnce(Option<&TableCache>) -> Result<(T, Provenance), E>,
    ) -> Result<(Arc<T>, Provenance), E> {
        if let Some(solution) = self.map().get(&rules) {
            return Ok((Arc::clone(solution), Provenance::Memory));
        }
        let cache = TableCache::user().ok();
        let (solution, provenance) = load_or_solve(cache.as_ref())?;
        let solution = Arc::clone(
            self.map()
                .entry(rules)
                .or_insert_with(|| Arc::new(solution)),
        );
        Ok((solution, provenance))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "martian-solver-cache-{name}-{}",
            std::process::id()
        ));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn fnv_matches_reference_values() {
        assert_eq!(fnv1a64(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x85944171f73967e8);
    }

    #[test]
    fn round_trip_and_damage_is_detected_and_removed() {
        let dir = temp_dir("damage");
        let cache = TableCache::new(&dir);
        let rules = Rules::official();
        assert_eq!(cache.load("test", rules), (None, CacheLookup::Missing));
        let payload: Vec<u8> = (0..=255).collect();
        cache.store("test", rules, &payload).unwrap();
        assert_eq!(
            cache.load("test", rules),
            (Some(payload.clone()), CacheLookup::Hit)
        );
        // Another rules' key finds nothing.
        assert_eq!(
            cache.load("test", rules.with_dice(12).unwrap()).1,
            CacheLookup::Missing
        );
        let path = cache.path("test", rules);
        for damage in [
            |b: &mut Vec<u8>| {
                let i = b.len() - 3;
                b[i] ^= 1;
            },
            |b: &mut Vec<u8>| {
                b.pop();
            },
            |b: &mut Vec<u8>| b.push(0),
            |b: &mut Vec<u8>| b[0] = b'X',
            |b: &mut Vec<u8>| b.clear(),
        ] {
            cache.store("test", rules, &payload).unwrap();
            let mut bytes = fs::read(&path).unwrap();
            damage(&mut bytes);
            fs::write(&path, &bytes).unwrap();
            assert_eq!(cache.load("test", rules), (None, CacheLookup::Damaged));
            assert!(!path.exists(), "a damaged file is deleted");
        }
        // No temporary file is left behind.
        cache.store("test", rules, &payload).unwrap();
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn f64_payload_round_trip() {
        let values = [0.0, -1.5, f64::MIN_POSITIVE, 1.0 / 3.0];
        let mut bytes = Vec::new();
        f64s_to_bytes(&values, &mut bytes);
        let mut slice = &bytes[..];
        assert_eq!(f64s_from_bytes(&mut slice, 4).unwrap(), values);
        assert!(slice.is_empty());
        assert_eq!(f64s_from_bytes(&mut &bytes[..8], 2), None);
    }
}
