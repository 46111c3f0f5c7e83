//! Finding a room by its code, with guessing paced per address: codes are short enough to type,
//! so they are short enough to guess, and each address may miss only so often.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Duration;

use tokio::time::Instant;

use crate::meeting::chat::Bucket;
use crate::server::App;
use crate::state::ids::normalize_code;
use crate::store::StoreError;

/// Unknown codes one address may try at once…
pub const GUESS_BURST: u32 = 10;
/// …then one every this long.
pub const GUESS_EVERY: Duration = Duration::from_secs(10);

/// Addresses remembered at most (the longest unused are forgotten beyond).
const REMEMBERED: usize = 4096;

/// Why a code finds no room.
#[derive(Debug, thiserror::Error)]
pub enum CodeRefusal {
    #[error("no open room has the code {0}: check it and try again")]
    Unknown(String),
    #[error("'{0}' is not a room code: codes are 5 letters and digits, such as K7MPX")]
    Shape(String),
    #[error("too many unknown room codes from your address: wait {} s", .0.as_secs_f32().ceil() as u64)]
    TooManyGuesses(Duration),
    #[error("{}", .0.to_client())]
    Storage(StoreError),
}

/// The misses of each address.
#[derive(Debug, Default)]
pub struct Guesses {
    by_addr: Mutex<HashMap<IpAddr, (Bucket, Instant)>>,
}

impl Guesses {
    fn with<T>(&self, addr: IpAddr, f: impl FnOnce(&mut Bucket) -> T) -> T {
        let mut map = self.by_addr.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= REMEMBERED && !map.contains_key(&addr) {
            // Forget the addresses that have long refilled their budget.
            let cutoff = Instant::now() - GUESS_EVERY * GUESS_BURST;
            map.retain(|_, (_, used)| *used > cutoff);
            if map.len() >= REMEMBERED
                && let Some(oldest) = map
                    .iter()
                    .min_by_key(|(_, (_, used))| *used)
                    .map(|(a, _)| *a)
            {
                map.remove(&oldest);
            }
        }
        let entry = map
            .entry(addr)
            .or_insert_with(|| (Bucket::full(GUESS_BURST), Instant::now()));
        entry.1 = Instant::now();
        f(&mut entry.0)
    }

    /// Whether `addr` may look a code up now.
    fn allowed(&self, addr: IpAddr) -> Result<(), Duration> {
        self.with(addr, |bucket| bucket.peek(GUESS_BURST, GUESS_EVERY))
    }

    /// `addr` missed.
    fn missed(&self, addr: IpAddr) {
        let _ = self.with(addr, |bucket| bucket.take(GUESS_BURST, GUESS_EVERY));
    }
}

/// The room id of the open room with code `typed` (as typed: case and separators ignored).
pub async fn resolve(app: &App, addr: IpAddr, typed: &str) -> Result<String, CodeRefusal> {
    let Some(code) = normalize_code(typed) else {
        let shown: String = typed.chars().take(12).collect();
        return Err(CodeRefusal::Shape(shown));
    };
    app.guesses
        .allowed(addr)
        .map_err(CodeRefusal::TooManyGuesses)?;
    if let Some(id) = app.registry.find_code(&code) {
        return Ok(id);
    }
    if app.cluster.is_some() {
        match app.store.find_code(&code).await {
            Ok(Some(id)) => return Ok(id),
            Ok(None) => {}
            Err(error) => return Err(CodeRefusal::Storage(error)),
        }
    }
    app.guesses.missed(addr);
    Err(CodeRefusal::Unknown(code))
}
