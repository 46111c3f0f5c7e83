//! Passwords, hashed with Argon2id (the RustCrypto `argon2` crate's recommended parameters:
//! 19 MiB, 2 passes, 1 lane) on a pool of their own: a flood of sign-ins waits in its queue (and
//! past [`MAX_WAITING`] is refused as busy) while the games' threads go on.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};

/// Hashes waiting or running at most; past it a sign-in is refused as busy.
pub const MAX_WAITING: usize = 64;

/// The shortest password accepted, and the longest (a hash of megabytes would be a cheap flood).
pub const MIN_PASSWORD_CHARS: usize = 8;
pub const MAX_PASSWORD_BYTES: usize = 1024;

/// The pool is busy: too many hashes wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Busy;

/// The password hashing pool. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Hasher {
    pool: Arc<rayon::ThreadPool>,
    waiting: Arc<AtomicUsize>,
    /// A PHC string of a password nobody has: verified against when the name is unknown, so that
    /// an unknown name takes as long as a wrong password.
    decoy: Arc<String>,
}

impl Hasher {
    /// A pool of `threads` threads.
    pub fn new(threads: usize) -> Hasher {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .thread_name(|i| format!("martian-hash-{i}"))
            .build()
            .expect("the password pool's threads start");
        let decoy = hash_now(&crate::players::secrets::session_token());
        Hasher {
            pool: Arc::new(pool),
            waiting: Arc::new(AtomicUsize::new(0)),
            decoy: Arc::new(decoy),
        }
    }

    /// Runs `work` on the pool, unless [`MAX_WAITING`] already wait.
    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Busy> {
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= MAX_WAITING {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(Busy);
        }
        let (reply, answer) = tokio::sync::oneshot::channel();
        let waiting = self.waiting.clone();
        self.pool.spawn(move || {
            let _ = reply.send(work());
            waiting.fetch_sub(1, Ordering::SeqCst);
        });
        answer.await.map_err(|_| Busy)
    }

    /// The PHC string of `password` (a fresh salt each time).
    pub async fn hash(&self, password: String) -> Result<String, Busy> {
        self.run(move || hash_now(&password)).await
    }

    /// Whether `password` is the one `phc` was made from; `None` (no account): checked against
    /// the decoy, so that the answer takes as long, and is always `false`.
    pub async fn verify(&self, password: String, phc: Option<String>) -> Result<bool, Busy> {
        let known = phc.is_some();
        let phc = phc.unwrap_or_else(|| self.decoy.as_str().to_string());
        let matches = self.run(move || verify_now(&password, &phc)).await?;
        Ok(known && matches)
    }
}

fn hash_now(password: &str) -> String {
    Argon2::default()
        .hash_password(password.as_bytes())
        .expect("Argon2id hashes any password under the length limit")
        .to_string()
}

fn verify_now(password: &str, phc: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(phc) else {
        tracing::error!("a stored password hash is not a PHC string");
        return false;
    };
    Argon2::default()
        .verify_password(password.as_bytes(), &parsed)
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_password_is_stored_as_argon2id_and_only_it_matches() {
        let hasher = Hasher::new(1);
        let phc = hasher.hash("correct horse".into()).await.unwrap();
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
        assert!(!phc.contains("correct horse"));
        assert!(
            hasher
                .verify("correct horse".into(), Some(phc.clone()))
                .await
                .unwrap()
        );
        assert!(
            !hasher
                .verify("correct horsE".into(), Some(phc))
                .await
                .unwrap()
        );
        assert!(!hasher.verify("anything".into(), None).await.unwrap());
    }
}
