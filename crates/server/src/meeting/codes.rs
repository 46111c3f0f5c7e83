//! Finding a room by its code, with guessing paced: codes are short enough to type, so they are
//! short enough to guess. Each connection may miss only so often (then it is refused, whatever
//! it types), and so may each address, with a larger budget shared by its connections: many
//! people behind one router (a club, a school) each typing a wrong code now and then never lock
//! each other out. Past the address's budget its lookups are slowed down, not refused — each
//! waits for the budget to refill, a correct code included, so that the answer tells a guesser
//! nothing sooner — and refused only when more are waiting than [`MAX_DELAY`] covers: an address
//! that is clearly guessing.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Duration;

use tokio::time::Instant;

use crate::rooms::Rooms;
use crate::rooms::chat::Bucket;
use crate::state::ids::{code_key, code_spellings, normalize_code};
use martian_store::{Store, StoreError};

/// Unknown codes one connection may try at once…
pub const GUESS_BURST: u32 = 10;
/// …then one every this long (for its address too).
pub const GUESS_EVERY: Duration = Duration::from_secs(10);
/// Unknown codes one address may try at once, all its connections together; then one every
/// [`GUESS_EVERY`].
pub const ADDRESS_GUESS_BURST: u32 = 60;
/// The longest a lookup waits for its address's budget; past it, the lookup is refused.
pub const MAX_DELAY: Duration = Duration::from_secs(20);

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

/// The misses of one connection.
#[derive(Debug)]
pub struct ConnectionGuesses(Mutex<Bucket>);

impl Default for ConnectionGuesses {
    fn default() -> ConnectionGuesses {
        ConnectionGuesses(Mutex::new(Bucket::full(GUESS_BURST)))
    }
}

impl ConnectionGuesses {
    fn with<T>(&self, f: impl FnOnce(&mut Bucket) -> T) -> T {
        f(&mut self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

/// An address's budget of misses: tokens that refill one every [`GUESS_EVERY`] up to
/// [`ADDRESS_GUESS_BURST`], and that waiting lookups may take below zero.
#[derive(Debug)]
struct Budget {
    tokens: f64,
    last: Instant,
}

impl Budget {
    fn refilled(&mut self, now: Instant) -> f64 {
        let refill = now.duration_since(self.last).as_secs_f64() / GUESS_EVERY.as_secs_f64();
        self.tokens = (self.tokens + refill).min(f64::from(ADDRESS_GUESS_BURST));
        self.last = now;
        self.tokens
    }
}

/// A lookup's claim on its address's budget: how long it waits first, and whether it holds a
/// token (given back if the code is found).
#[derive(Debug, PartialEq)]
pub struct Hold {
    pub wait: Duration,
    reserved: bool,
}

/// The misses of each address.
#[derive(Debug, Default)]
pub struct Guesses {
    by_addr: Mutex<HashMap<IpAddr, Budget>>,
}

impl Guesses {
    fn with<T>(&self, addr: IpAddr, f: impl FnOnce(&mut Budget, Instant) -> T) -> T {
        let mut map = self.by_addr.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        if map.len() >= REMEMBERED && !map.contains_key(&addr) {
            // Forget the addresses that have long refilled their budget.
            let cutoff = now - GUESS_EVERY * ADDRESS_GUESS_BURST;
            map.retain(|_, budget| budget.last > cutoff);
            if map.len() >= REMEMBERED
                && let Some(oldest) = map
                    .iter()
                    .min_by_key(|(_, budget)| budget.last)
                    .map(|(a, _)| *a)
            {
                map.remove(&oldest);
            }
        }
        let budget = map.entry(addr).or_insert_with(|| Budget {
            tokens: f64::from(ADDRESS_GUESS_BURST),
            last: now,
        });
        f(budget, now)
    }

    /// A lookup from `addr`: at once while it has budget left; else after a wait for the next
    /// token, which it takes now (so that lookups waiting together wait in turn); refused, with
    /// when to try again, when that wait would pass [`MAX_DELAY`].
    pub fn hold(&self, addr: IpAddr) -> Result<Hold, Duration> {
        self.with(addr, |budget, now| {
            let tokens = budget.refilled(now);
            if tokens >= 1.0 {
                return Ok(Hold {
                    wait: Duration::ZERO,
                    reserved: false,
                });
            }
            let wait = GUESS_EVERY.mul_f64(1.0 - tokens);
            if wait > MAX_DELAY {
                return Err((wait - MAX_DELAY).max(Duration::from_millis(1)));
            }
            budget.tokens -= 1.0;
            Ok(Hold {
                wait,
                reserved: true,
            })
        })
    }

    /// The lookup of `hold` found a room (`found`) or missed: a miss costs its address a token
    /// (the one it holds, if any); a found code costs nothing.
    pub fn settle(&self, addr: IpAddr, hold: Hold, found: bool) {
        if hold.reserved == found {
            self.with(addr, |budget, now| {
                budget.refilled(now);
                budget.tokens += if found { 1.0 } else { -1.0 };
            });
        }
    }
}

/// Where codes are looked up: this process's rooms, the database's when the rooms are shared
/// by a cluster, and the misses counted per address.
pub struct CodeLookup<'a> {
    pub rooms: &'a Rooms,
    pub clustered: bool,
    pub guesses: &'a Guesses,
}

/// The room id of the open room with code `typed` (as typed: case and separators ignored), looked
/// up from `addr` on the connection whose misses are `mine`.
pub async fn resolve(
    lookup: &CodeLookup<'_>,
    addr: IpAddr,
    mine: &ConnectionGuesses,
    typed: &str,
) -> Result<String, CodeRefusal> {
    let Some(code) = normalize_code(typed) else {
        let shown: String = typed.chars().take(12).collect();
        return Err(CodeRefusal::Shape(shown));
    };
    mine.with(|bucket| bucket.peek(GUESS_BURST, GUESS_EVERY))
        .map_err(CodeRefusal::TooManyGuesses)?;
    let hold = lookup
        .guesses
        .hold(addr)
        .map_err(CodeRefusal::TooManyGuesses)?;
    if !hold.wait.is_zero() {
        tokio::time::sleep(hold.wait).await;
    }
    let found = match find(lookup, &code).await {
        Ok(found) => found,
        Err(error) => {
            // Not a miss: the storage did not answer.
            lookup.guesses.settle(addr, hold, true);
            return Err(CodeRefusal::Storage(error));
        }
    };
    lookup.guesses.settle(addr, hold, found.is_some());
    match found {
        Some(id) => Ok(id),
        None => {
            let _ = mine.with(|bucket| bucket.take(GUESS_BURST, GUESS_EVERY));
            Err(CodeRefusal::Unknown(code))
        }
    }
}

/// The id of the open room with `code`, here or (with several processes) in the database.
async fn find(lookup: &CodeLookup<'_>, code: &str) -> Result<Option<String>, StoreError> {
    if let Some(id) = lookup.rooms.registry.find_code(code) {
        return Ok(Some(id));
    }
    if lookup.clustered {
        return find_stored(&lookup.rooms.store, code).await;
    }
    Ok(None)
}

/// The id of the open room another process runs whose code has the key `code` ([`code_key`]),
/// stored in any of its spellings (an older code may hold 2, 5 or 8 for Z, S or B).
pub async fn find_stored(store: &Store, code: &str) -> Result<Option<String>, StoreError> {
    for spelling in code_spellings(&code_key(code)) {
        if let Some(id) = store.find_code(&spelling).await? {
            return Ok(Some(id));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn past_its_budget_an_address_waits_and_past_the_delay_is_refused() {
        let guesses = Guesses::default();
        let club: IpAddr = "203.0.113.7".parse().unwrap();
        let other: IpAddr = "203.0.113.8".parse().unwrap();
        // Found codes cost nothing.
        for _ in 0..100 {
            let hold = guesses.hold(club).unwrap();
            assert_eq!(hold.wait, Duration::ZERO);
            guesses.settle(club, hold, true);
        }
        // Misses spend the budget, at once.
        for _ in 0..ADDRESS_GUESS_BURST {
            let hold = guesses.hold(club).unwrap();
            assert_eq!(hold.wait, Duration::ZERO);
            guesses.settle(club, hold, false);
        }
        // Then a lookup waits for the next token (a found code included), and the one after it
        // waits its turn behind it; a third would wait past MAX_DELAY: refused.
        let first = guesses.hold(club).unwrap();
        assert_eq!(first.wait, GUESS_EVERY);
        let second = guesses.hold(club).unwrap();
        assert_eq!(second.wait, 2 * GUESS_EVERY);
        assert_eq!(guesses.hold(club), Err(GUESS_EVERY));
        // Another address is not slowed down.
        assert_eq!(guesses.hold(other).unwrap().wait, Duration::ZERO);
        // The first finds its room: its token is given back, and the next waits less.
        guesses.settle(club, first, true);
        guesses.settle(club, second, false);
        assert_eq!(guesses.hold(club).unwrap().wait, 2 * GUESS_EVERY);
        // Time refills the budget.
        tokio::time::advance(GUESS_EVERY * (ADDRESS_GUESS_BURST + 3)).await;
        assert_eq!(guesses.hold(club).unwrap().wait, Duration::ZERO);
    }
}
