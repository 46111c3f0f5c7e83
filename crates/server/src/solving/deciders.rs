//! The threads the bots that read the solver's solutions decide on (the bot seats', the
//! stand-ins', the coach's advice). Such a decision may take a moment (the first look at a
//! position builds its table), so it never runs on a room's task; but neither does it take a
//! thread of tokio's blocking pool each: when a proxy restarts mid-game, the stand-ins of a
//! thousand rooms start deciding together, and a thread per decision grew the process to
//! hundreds of threads and a gigabyte. Here the decisions queue for a fixed pool, a thread per
//! core (more would not decide any faster), however many rooms wait.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

/// The pool. Cheap to clone.
#[derive(Clone)]
pub struct Deciders {
    pool: Arc<rayon::ThreadPool>,
}

impl std::fmt::Debug for Deciders {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Deciders")
            .field("threads", &self.threads())
            .finish()
    }
}

impl Deciders {
    /// A pool of `threads` threads (at least 1).
    pub fn new(threads: usize) -> std::io::Result<Deciders> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .thread_name(|index| format!("martian-bots-{index}"))
            .build()
            .map_err(std::io::Error::other)?;
        Ok(Deciders {
            pool: Arc::new(pool),
        })
    }

    /// A pool of a thread per core.
    pub fn per_core() -> std::io::Result<Deciders> {
        Deciders::new(std::thread::available_parallelism().map_or(1, usize::from))
    }

    /// How many threads decide.
    pub fn threads(&self) -> usize {
        self.pool.current_num_threads()
    }

    /// Runs `work` on one of the pool's threads, after the work queued before it. A panic ends
    /// `work` only (what it holds is dropped: a reply it owed is seen as lost), never the thread.
    pub fn spawn(&self, work: impl FnOnce() + Send + 'static) {
        self.pool.spawn(move || {
            let _ = catch_unwind(AssertUnwindSafe(work));
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn many_decisions_share_the_pool_s_threads_and_a_panic_loses_only_its_own() {
        let deciders = Deciders::new(2).unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        for i in 0..200 {
            let tx = tx.clone();
            deciders.spawn(move || {
                if i == 7 {
                    panic!("a bot fails");
                }
                let name = std::thread::current().name().map(str::to_string);
                tx.send(name).unwrap();
            });
        }
        drop(tx);
        let answers: Vec<String> = rx.iter().map(Option::unwrap).collect();
        // 199 answers (the panicking one owed none) from at most the pool's two threads.
        assert_eq!(answers.len(), 199);
        let names: std::collections::HashSet<_> = answers.into_iter().collect();
        assert!(names.len() <= 2, "{names:?}");
        assert!(names.iter().all(|n| n.starts_with("martian-bots-")));
        assert_eq!(deciders.threads(), 2);
    }
}
