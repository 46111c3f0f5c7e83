//! The solver's solutions, prepared off the rooms' work. A bot that plays exactly, the coach and
//! the stand-in read a solution per rule set and number of players (one, two, three — five and
//! more read the three-player game — or four); the first game under new rules computes it (about
//! a second for a duel, tens of seconds for three players, minutes for four) unless the disk
//! cache has it. Bots decide only once it is prepared, so that no solve runs elsewhere. Those
//! computations run on a small pool of threads of their own with a bounded queue, so that many
//! rooms with unusual rules never take the cores from the rooms being played, and a request
//! beyond the queue is refused at once instead of waiting for minutes.
//!
//! The solver computes in parallel (rayon), by default on one thread per core. Every solve here
//! runs inside a rayon pool of exactly the pool's threads (`--solver-threads`), so that one
//! thread means one core's worth of solving, not one per core. `--solver-threads N` is the
//! total, loads from the disk cache included. With N ≥ 2, one of the N threads is kept for
//! loads, so that a load (a fraction of a second) never waits behind a solve of minutes, and
//! solves compute on the other N − 1. With N = 1 that one thread does both: a load waits for
//! the solve under way (if any) to end, but goes before the solves still queued.

use std::collections::{HashMap, HashSet};
use std::sync::mpsc::{self, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, MutexGuard};

use martian_engine::Rules;
use tokio::sync::oneshot;

pub use martian_protocol::coach::{Solving, Stage};

/// What a game needs prepared: the solutions for its rules and number of players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Need {
    rules: Rules,
    /// 1 (solo), 2 (duel), 4 (the four-player game, within its limits) or 3 (three players,
    /// five and more, and four beyond the four-player game's limits: all read the three-player
    /// game, or past its limits the duel).
    players: usize,
}

impl Need {
    pub fn new(rules: Rules, players: usize) -> Need {
        let players = match players {
            0 | 1 => 1,
            2 => 2,
            4 if martian_engine::SolvedGame::Quad.fits(rules) => 4,
            _ => 3,
        };
        Need { rules, players }
    }
}

type Progress = Arc<Mutex<HashMap<Need, Solving>>>;

/// Where a need stands.
#[derive(Debug)]
pub enum Readiness {
    /// Prepared: reading the solutions is quick.
    Ready,
    /// Being prepared (or queued): the receiver is told when it is ready (or dropped if the
    /// preparation failed).
    Pending(oneshot::Receiver<()>),
    /// The queue is full: try again later.
    Busy,
}

type Job = Arc<dyn Fn(Need) + Send + Sync>;
type AtHand = Arc<dyn Fn(Need) -> bool + Send + Sync>;

#[derive(Default)]
struct Shared {
    ready: HashSet<Need>,
    /// Queued or being prepared, with who waits for each.
    pending: HashMap<Need, Vec<oneshot::Sender<()>>>,
}

/// The pool. Cheap to clone.
#[derive(Clone)]
pub struct Solutions {
    shared: Arc<Mutex<Shared>>,
    queue: SyncSender<Need>,
    job: Job,
    /// The threads loads from the disk cache compute on (the solves' own when N = 1).
    loaders: Arc<rayon::ThreadPool>,
    /// Whether a need is quick to prepare (its solutions are in the disk cache): then it is
    /// loaded on the loaders instead of waiting behind solves in the queue.
    at_hand: AtHand,
    /// What is being computed for each need, while it is.
    progress: Progress,
}

impl std::fmt::Debug for Solutions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solutions").finish_non_exhaustive()
    }
}

/// Loads what the exact bots of a game of `need` read: the same path as their first decision,
/// the duel and the three-player tables first, computed with their progress kept in `progress`
/// (removed once done, or failed).
fn prepare(need: Need, progress: &Progress) {
    struct Done<'a>(&'a Progress, Need);
    impl Drop for Done<'_> {
        fn drop(&mut self) {
            lock(self.0).remove(&self.1);
        }
    }
    let _done = Done(progress, need);
    let report = |stage: Stage| {
        move |p: martian_solver::Progress| {
            let solving = Solving {
                stage,
                done: p.done,
                total: p.total,
            };
            lock(progress).insert(need, solving);
        }
    };
    let rules = need.rules;
    // Beyond the solvers' limits these refuse at once; the bot below then says what it plays.
    let game = martian_engine::SolvedGame::for_players(need.players, rules);
    if game == Ok(martian_engine::SolvedGame::Quad) {
        // Four players read the exact four-player game alone.
        let _ = martian_solver::quad_with_progress(rules, &report(Stage::Quad));
    } else {
        if need.players >= 2 {
            let _ = martian_solver::duel_with_progress(rules, &report(Stage::Duel));
        }
        if need.players >= 3 && martian_engine::SolvedGame::Trio.fits(rules) {
            let _ = martian_solver::trio_with_progress(rules, &report(Stage::Trio));
        }
    }
    match martian_bots::create("optimal", need.rules) {
        Ok(mut bot) => {
            if let Err(error) = bot.new_game(need.rules, 0, need.players) {
                tracing::error!(rules = %need.rules, players = need.players, "preparing the solutions: {error}");
            }
        }
        Err(error) => tracing::error!(rules = %need.rules, "preparing the solutions: {error}"),
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// Prepares `need` on `workers` and tells its waiters.
fn run(job: &Job, workers: &rayon::ThreadPool, shared: &Mutex<Shared>, need: Need) {
    // A failing solve must neither kill the thread nor leave waiters hanging.
    let prepare = || workers.install(|| job(need));
    let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(prepare)).is_ok();
    let mut shared = shared.lock().unwrap_or_else(|e| e.into_inner());
    let waiters = shared.pending.remove(&need).unwrap_or_default();
    if done {
        shared.ready.insert(need);
        for waiter in waiters {
            let _ = waiter.send(());
        }
    }
}

impl Solutions {
    /// A pool of `threads` threads with room for `queue` needs waiting (at least 1 each).
    pub fn new(threads: usize, queue: usize) -> std::io::Result<Solutions> {
        let progress = Progress::default();
        let reports = progress.clone();
        let mut pool = Solutions::with_job(
            threads,
            queue,
            Arc::new(move |need| prepare(need, &reports)),
            Arc::new(|need: Need| martian_solver::solutions_at_hand(need.rules, need.players)),
        )?;
        pool.progress = progress;
        Ok(pool)
    }

    /// What is being computed for `need` and how far along, while it is (after the solver's
    /// first report).
    pub fn solving(&self, need: Need) -> Option<Solving> {
        lock(&self.progress).get(&need).copied()
    }

    fn with_job(
        threads: usize,
        queue: usize,
        job: Job,
        at_hand: AtHand,
    ) -> std::io::Result<Solutions> {
        let threads = threads.max(1);
        let pool = |name: &'static str, threads: usize| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .thread_name(move |index| format!("martian-{name}-{index}"))
                .build()
                .map(Arc::new)
                .map_err(std::io::Error::other)
        };
        // N in all: one for loads and N − 1 for solves, or the one for both.
        let (workers, loaders) = if threads == 1 {
            let both = pool("solver", 1)?;
            (both.clone(), both)
        } else {
            (pool("solver", threads - 1)?, pool("loader", 1)?)
        };
        let solving_threads = workers.current_num_threads();
        let (tx, rx) = mpsc::sync_channel::<Need>(queue.max(1));
        let rx = Arc::new(Mutex::new(rx));
        let shared = Arc::new(Mutex::new(Shared::default()));
        // One taker of the queue per solving thread: each hands a need to the workers and waits.
        for index in 0..solving_threads {
            let (rx, shared, job, workers) =
                (rx.clone(), shared.clone(), job.clone(), workers.clone());
            std::thread::Builder::new()
                .name(format!("martian-solver-queue-{index}"))
                .spawn(move || {
                    loop {
                        let next = rx.lock().unwrap_or_else(|e| e.into_inner()).recv();
                        let Ok(need) = next else { break };
                        run(&job, &workers, &shared, need);
                    }
                })?;
        }
        Ok(Solutions {
            shared,
            queue: tx,
            job,
            loaders,
            at_hand,
            progress: Progress::default(),
        })
    }

    fn lock(&self) -> MutexGuard<'_, Shared> {
        self.shared.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether `need` is prepared; if not, queues it (once, however many ask).
    pub fn request(&self, need: Need) -> Readiness {
        let mut shared = self.lock();
        if shared.ready.contains(&need) {
            return Readiness::Ready;
        }
        let (tx, rx) = oneshot::channel();
        if let Some(waiters) = shared.pending.get_mut(&need) {
            waiters.push(tx);
            return Readiness::Pending(rx);
        }
        if (self.at_hand)(need) {
            shared.pending.insert(need, vec![tx]);
            let (job, shared) = (self.job.clone(), self.shared.clone());
            let loaders = self.loaders.clone();
            tokio::task::spawn_blocking(move || run(&job, &loaders, &shared, need));
            return Readiness::Pending(rx);
        }
        match self.queue.try_send(need) {
            Ok(()) => {
                shared.pending.insert(need, vec![tx]);
                Readiness::Pending(rx)
            }
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => Readiness::Busy,
        }
    }

    /// How many needs are queued or being prepared.
    pub fn pending(&self) -> usize {
        self.lock().pending.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    fn rules(target: u16) -> Rules {
        Rules::official().with_target(target).unwrap()
    }

    /// Permits handed to the job of one need at a time: opening the gate for one need never lets
    /// another through, whichever thread wakes first.
    #[derive(Default)]
    struct Gate {
        permits: Mutex<HashMap<Need, usize>>,
        opened: std::sync::Condvar,
    }

    impl Gate {
        fn open(&self, need: Need) {
            *self.permits.lock().unwrap().entry(need).or_default() += 1;
            self.opened.notify_all();
        }

        fn pass(&self, need: Need) {
            let mut permits = self.permits.lock().unwrap();
            while permits.get(&need).copied().unwrap_or(0) == 0 {
                permits = self.opened.wait(permits).unwrap();
            }
            *permits.get_mut(&need).unwrap() -= 1;
        }
    }

    /// A pool whose job says it started, then waits for the gate to open for its need, counting
    /// how often it ran.
    fn gated(
        threads: usize,
        queue: usize,
    ) -> (Solutions, mpsc::Receiver<Need>, Arc<Gate>, Arc<AtomicUsize>) {
        let gate = Arc::new(Gate::default());
        let (started_tx, started) = mpsc::channel::<Need>();
        let started_tx = Mutex::new(started_tx);
        let runs = Arc::new(AtomicUsize::new(0));
        let (counted, passing) = (runs.clone(), gate.clone());
        let pool = Solutions::with_job(
            threads,
            queue,
            Arc::new(move |need| {
                started_tx.lock().unwrap().send(need).unwrap();
                passing.pass(need);
                counted.fetch_add(1, Ordering::SeqCst);
            }),
            // Only the official rules' solutions are "at hand" in these tests.
            Arc::new(|need: Need| need.rules == Rules::official()),
        )
        .unwrap();
        (pool, started, gate, runs)
    }

    async fn arrives(pending: Readiness) {
        let Readiness::Pending(rx) = pending else {
            panic!("expected a pending need, got {pending:?}");
        };
        tokio::time::timeout(Duration::from_secs(10), rx)
            .await
            .expect("prepared in time")
            .expect("prepared");
    }

    #[tokio::test]
    async fn a_need_is_prepared_once_however_many_ask_then_is_ready() {
        let (pool, _started, go, runs) = gated(1, 4);
        let first = pool.request(Need::new(rules(20), 2));
        let second = pool.request(Need::new(rules(20), 2));
        assert_eq!(pool.pending(), 1);
        go.open(Need::new(rules(20), 2));
        arrives(first).await;
        arrives(second).await;
        assert_eq!(runs.load(Ordering::SeqCst), 1);
        assert!(matches!(
            pool.request(Need::new(rules(20), 2)),
            Readiness::Ready
        ));
        // Five to eight players read what three do; four their own game, within its limits.
        assert_eq!(Need::new(rules(20), 8), Need::new(rules(20), 3));
        assert_eq!(Need::new(rules(20), 5), Need::new(rules(20), 3));
        assert_ne!(Need::new(rules(20), 3), Need::new(rules(20), 2));
        assert_ne!(Need::new(rules(20), 4), Need::new(rules(20), 3));
        assert_eq!(Need::new(rules(20), 4).players, 4);
        let beyond_quad = rules(40);
        assert!(!martian_engine::SolvedGame::Quad.fits(beyond_quad));
        assert_eq!(Need::new(beyond_quad, 4), Need::new(beyond_quad, 3));
    }

    #[tokio::test]
    async fn beyond_the_queue_a_need_is_refused_at_once_and_accepted_again_later() {
        // Two threads: one solves, one loads.
        let (pool, started, go, _) = gated(2, 1);
        let running = pool.request(Need::new(rules(10), 2));
        assert_eq!(started.recv().unwrap(), Need::new(rules(10), 2));
        let queued = pool.request(Need::new(rules(11), 2));
        assert!(matches!(
            pool.request(Need::new(rules(12), 2)),
            Readiness::Busy
        ));
        assert_eq!(pool.pending(), 2, "the refused need is not pending");
        // What is at hand does not wait behind the queue: loaded at once, even now.
        let quick = pool.request(Need::new(Rules::official(), 2));
        assert_eq!(started.recv().unwrap(), Need::new(Rules::official(), 2));
        go.open(Need::new(Rules::official(), 2));
        go.open(Need::new(rules(10), 2));
        arrives(quick).await;
        arrives(running).await;
        assert_eq!(started.recv().unwrap(), Need::new(rules(11), 2));
        go.open(Need::new(rules(11), 2));
        arrives(queued).await;
        let later = pool.request(Need::new(rules(12), 2));
        go.open(Need::new(rules(12), 2));
        arrives(later).await;
    }

    /// With one thread in all, a load waits for the solve under way, but not for those queued.
    #[tokio::test]
    async fn with_one_thread_a_load_waits_for_the_solve_under_way_only() {
        let (pool, started, go, _) = gated(1, 2);
        let (solving, queued, load) = (
            Need::new(rules(10), 2),
            Need::new(rules(11), 2),
            Need::new(Rules::official(), 2),
        );
        let running = pool.request(solving);
        assert_eq!(started.recv().unwrap(), solving);
        let waiting = pool.request(queued);
        let quick = pool.request(load);
        assert!(
            started.recv_timeout(Duration::from_millis(200)).is_err(),
            "nothing starts while the one thread solves"
        );
        go.open(solving);
        arrives(running).await;
        assert_eq!(started.recv().unwrap(), load, "the load goes first");
        go.open(load);
        arrives(quick).await;
        assert_eq!(started.recv().unwrap(), queued);
        go.open(queued);
        arrives(waiting).await;
    }

    #[tokio::test]
    async fn a_failed_preparation_tells_its_waiters_and_keeps_the_thread() {
        let attempts = Arc::new(AtomicUsize::new(0));
        let counted = attempts.clone();
        let pool = Solutions::with_job(
            1,
            4,
            Arc::new(move |need: Need| {
                counted.fetch_add(1, Ordering::SeqCst);
                assert!(need.rules.target() != 13, "a solver failure");
            }),
            Arc::new(|_| false),
        )
        .unwrap();
        let Readiness::Pending(failed) = pool.request(Need::new(rules(13), 2)) else {
            panic!("queued");
        };
        assert!(
            tokio::time::timeout(Duration::from_secs(10), failed)
                .await
                .expect("told in time")
                .is_err(),
            "the waiter learns that nothing was prepared"
        );
        arrives(pool.request(Need::new(rules(14), 2))).await;
        assert_eq!(attempts.load(Ordering::SeqCst), 2);
    }

    /// What a job saw of the threads it computed on: rayon's pool size, and the names of the
    /// threads a parallel loop of it ran on.
    #[derive(Debug, Default)]
    struct Seen {
        pool_size: usize,
        loop_threads: HashSet<String>,
    }

    /// `--solver-threads N` means N threads of solving in all: the solver's parallel loops run
    /// on the pool's threads, not on rayon's global pool of one thread per core (which made one
    /// solver thread compute on two cores), and a load from the disk cache that overlaps a solve
    /// runs on one of those N (its own when N ≥ 2) rather than bringing N of its own.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn solves_and_loads_compute_on_exactly_the_pool_s_threads() {
        for threads in [1, 2, 3] {
            let seen = Arc::new(Mutex::new(HashMap::<Need, Seen>::new()));
            let record = seen.clone();
            let pool = Solutions::with_job(
                threads,
                4,
                Arc::new(move |need| {
                    use rayon::prelude::*;
                    let names = (0..64)
                        .into_par_iter()
                        .map(|_| {
                            // Long enough for idle threads of a larger pool to steal work.
                            std::thread::sleep(Duration::from_millis(2));
                            std::thread::current().name().unwrap_or("?").to_string()
                        })
                        .collect();
                    let seen = Seen {
                        pool_size: rayon::current_num_threads(),
                        loop_threads: names,
                    };
                    record.lock().unwrap().insert(need, seen);
                }),
                Arc::new(|need: Need| need.rules == Rules::official()),
            )
            .unwrap();
            // The load is asked for while the solve runs.
            let (solve, load) = (Need::new(rules(20), 2), Need::new(Rules::official(), 2));
            let solving = pool.request(solve);
            let loading = pool.request(load);
            arrives(solving).await;
            arrives(loading).await;
            let seen = seen.lock().unwrap();
            let mut all = HashSet::new();
            let expected = if threads == 1 {
                [(solve, 1, "martian-solver-"), (load, 1, "martian-solver-")]
            } else {
                [
                    (solve, threads - 1, "martian-solver-"),
                    (load, 1, "martian-loader-"),
                ]
            };
            for (need, pool_size, prefix) in expected {
                let seen = &seen[&need];
                assert_eq!(seen.pool_size, pool_size, "{threads} threads: {seen:?}");
                assert!(
                    seen.loop_threads
                        .iter()
                        .all(|name| name.starts_with(prefix)),
                    "{threads} threads: {seen:?}"
                );
                all.extend(seen.loop_threads.iter().cloned());
            }
            assert!(
                all.len() <= threads,
                "{threads} threads asked, {all:?} used"
            );
        }
    }

    #[tokio::test]
    async fn the_real_preparation_loads_the_exact_bots_solutions() {
        let pool = Solutions::new(1, 2).unwrap();
        let need = Need::new(rules(6), 2);
        arrives(pool.request(need)).await;
        assert!(matches!(pool.request(need), Readiness::Ready));
    }
}
