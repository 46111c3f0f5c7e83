//! Sign-in attempts, limited per address and per account with a growing delay: a few wrong
//! passwords are free, then each waits twice as long as the one before. An account's delay never
//! passes [`ACCOUNT_CAP`], so that the rightful owner (from another address) is never kept out
//! longer than that by someone else's guesses; an address's may grow to [`ADDRESS_CAP`].

use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Wrong attempts allowed before any delay.
pub const FREE_ATTEMPTS: u32 = 5;
/// The longest an account waits between attempts.
pub const ACCOUNT_CAP: Duration = Duration::from_secs(60);
/// The longest an address waits between attempts.
pub const ADDRESS_CAP: Duration = Duration::from_secs(15 * 60);
/// Failures older than this are forgotten.
const FORGET_AFTER: Duration = Duration::from_secs(3600);
/// Keys remembered at most (the oldest go first).
const MAX_KEYS: usize = 100_000;

#[derive(Clone, Copy, Debug)]
struct Failures {
    count: u32,
    last: Instant,
    next_allowed: Instant,
}

#[derive(Debug)]
struct Tally<K> {
    failures: HashMap<K, Failures>,
    cap: Duration,
}

impl<K: Hash + Eq + Clone> Tally<K> {
    fn new(cap: Duration) -> Tally<K> {
        Tally {
            failures: HashMap::new(),
            cap,
        }
    }

    /// How long `key` must still wait at `now`.
    fn wait(&self, key: &K, now: Instant) -> Option<Duration> {
        let failures = self.failures.get(key)?;
        (failures.next_allowed > now).then(|| failures.next_allowed - now)
    }

    fn fail(&mut self, key: K, now: Instant) {
        if self.failures.len() >= MAX_KEYS && !self.failures.contains_key(&key) {
            self.failures
                .retain(|_, f| now.duration_since(f.last) < FORGET_AFTER);
            if self.failures.len() >= MAX_KEYS
                && let Some(oldest) = self
                    .failures
                    .iter()
                    .min_by_key(|(_, f)| f.last)
                    .map(|(k, _)| k.clone())
            {
                self.failures.remove(&oldest);
            }
        }
        let entry = self.failures.entry(key).or_insert(Failures {
            count: 0,
            last: now,
            next_allowed: now,
        });
        if now.duration_since(entry.last) >= FORGET_AFTER {
            entry.count = 0;
        }
        entry.count += 1;
        entry.last = now;
        let delay = match entry.count.checked_sub(FREE_ATTEMPTS) {
            None | Some(0) => Duration::ZERO,
            Some(over) => Duration::from_secs(1u64 << (over - 1).min(20)).min(self.cap),
        };
        entry.next_allowed = now + delay;
    }

    fn forget(&mut self, key: &K) {
        self.failures.remove(key);
    }
}

/// The sign-in limits of the server.
#[derive(Debug)]
pub struct SignInLimits {
    inner: Mutex<(Tally<IpAddr>, Tally<String>)>,
}

impl Default for SignInLimits {
    fn default() -> SignInLimits {
        SignInLimits {
            inner: Mutex::new((Tally::new(ADDRESS_CAP), Tally::new(ACCOUNT_CAP))),
        }
    }
}

impl SignInLimits {
    fn lock(&self) -> std::sync::MutexGuard<'_, (Tally<IpAddr>, Tally<String>)> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// How long an attempt from `addr` on the account `key` must still wait, if at all.
    pub fn wait(&self, addr: IpAddr, key: &str, now: Instant) -> Option<Duration> {
        let inner = self.lock();
        let by_address = inner.0.wait(&addr, now);
        let by_account = inner.1.wait(&key.to_string(), now);
        by_address.max(by_account)
    }

    /// An attempt failed.
    pub fn failed(&self, addr: IpAddr, key: &str, now: Instant) {
        let mut inner = self.lock();
        inner.0.fail(addr, now);
        inner.1.fail(key.to_string(), now);
    }

    /// An attempt succeeded: the account's count starts over (the address keeps its own, so that
    /// one good password does not reset a guesser's tally of other accounts).
    pub fn succeeded(&self, key: &str) {
        self.lock().1.forget(&key.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_grow_after_the_free_attempts_and_an_account_waits_a_minute_at_most() {
        let limits = SignInLimits::default();
        let attacker: IpAddr = "203.0.113.9".parse().unwrap();
        let owner: IpAddr = "198.51.100.4".parse().unwrap();
        let start = Instant::now();
        for _ in 0..FREE_ATTEMPTS {
            assert_eq!(limits.wait(attacker, "ana", start), None);
            limits.failed(attacker, "ana", start);
        }
        assert_eq!(limits.wait(attacker, "ana", start), None);
        let mut now = start;
        let mut waits = Vec::new();
        for _ in 0..12 {
            limits.failed(attacker, "ana", now);
            let wait = limits.wait(attacker, "ana", now).unwrap();
            waits.push(wait.as_secs());
            now += wait;
        }
        assert_eq!(waits[..4], [1, 2, 4, 8]);
        assert_eq!(*waits.last().unwrap(), ADDRESS_CAP.as_secs());
        // Right after another guess, the owner (from elsewhere) waits for the account only: a
        // minute at most; the guesser's address waits far longer.
        limits.failed(attacker, "ana", now);
        assert_eq!(limits.wait(owner, "ana", now), Some(ACCOUNT_CAP));
        assert_eq!(limits.wait(owner, "ana", now + ACCOUNT_CAP), None);
        assert!(limits.wait(attacker, "bia", now + ACCOUNT_CAP).unwrap() > ACCOUNT_CAP);
        limits.succeeded("ana");
        assert_eq!(limits.wait(owner, "ana", now), None);
    }
}
