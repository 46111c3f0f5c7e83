//! The exact solutions a game reads — for the bots that play by them and for the coach — worked
//! out once per rules and game, on a thread, with how far along they are for the screen to show
//! ("Computing the three-player tables … 42%") instead of a bare wait.
//!
//! Whoever needs a game's solutions first (the game's start for its bots, or the coach) starts
//! the work; anyone else asking meanwhile waits for the same work instead of doing it again.
//! Once done the solutions are in the solver's memory (and its disk cache), where the bots and
//! the coach read them at once.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Barrier, Mutex, OnceLock};

use martian_engine::{Rules, SolvedGame};
use martian_solver::Progress;

/// The table being computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Duel,
    Trio,
    Quad,
}

/// Where a preparation stands while it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Status {
    pub stage: Stage,
    /// How far the stage is along; `None` before the solver's first report (or while a table
    /// is read from the disk cache).
    pub progress: Option<Progress>,
    /// The table is in the disk cache: it is read, not computed.
    pub cached: bool,
}

impl Status {
    /// The part done, in whole percent (0 before the first report), never past 100.
    pub fn percent(&self) -> Option<u64> {
        self.progress
            .filter(|p| p.total > 0)
            .map(|p| (100 * p.done.min(p.total)) / p.total)
    }
}

/// The preparation of the solutions games of one kind read under one set of rules.
#[derive(Debug)]
pub struct Preparation {
    rules: Rules,
    game: SolvedGame,
    status: Mutex<Option<Status>>,
    /// Whether anyone started it (until then nobody waits for it, and nothing is shown).
    started: AtomicBool,
    done: OnceLock<()>,
}

impl Preparation {
    /// Works the solutions out (or waits for whoever is doing it), then returns. A solve that
    /// fails counts as done: the bots and the coach then find out for themselves (and fall back
    /// as they do) rather than leaving the game waiting for ever.
    pub fn run(&self) {
        self.started.store(true, Ordering::SeqCst);
        self.done.get_or_init(|| {
            let _ = catch_unwind(AssertUnwindSafe(|| self.solve()));
            *self.lock() = None;
        });
    }

    /// Whether the solutions are ready.
    pub fn is_done(&self) -> bool {
        self.done.get().is_some()
    }

    /// What is being computed and how far along, while it is.
    pub fn status(&self) -> Option<Status> {
        if self.is_done() || !self.started.load(Ordering::SeqCst) {
            return None;
        }
        // Started, but its thread has not begun the first table yet.
        let first = match self.game {
            SolvedGame::Solo => return None,
            SolvedGame::Duel | SolvedGame::Trio => Stage::Duel,
            SolvedGame::Quad => Stage::Quad,
        };
        Some(self.lock().unwrap_or(Status {
            stage: first,
            progress: None,
            cached: false,
        }))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Status>> {
        self.status.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn stage(&self, stage: Stage) -> impl Fn(Progress) + Sync + '_ {
        let cached = match stage {
            Stage::Duel => martian_solver::duel_at_hand(self.rules),
            Stage::Trio => martian_solver::trio_at_hand(self.rules),
            Stage::Quad => martian_solver::quad_at_hand(self.rules),
        };
        *self.lock() = Some(Status {
            stage,
            progress: None,
            cached,
        });
        move |progress| {
            *self.lock() = Some(Status {
                stage,
                progress: Some(progress),
                cached,
            })
        }
    }

    /// What the exact bots and the coach read for this game: what `martian_bots` loads for it
    /// (the duel, the three-player game for three or five or more, the four-player game for
    /// four).
    fn solve(&self) {
        let rules = self.rules;
        match self.game {
            SolvedGame::Solo => drop(martian_solver::solo(rules)),
            SolvedGame::Duel => drop(martian_solver::duel_with_progress(
                rules,
                &self.stage(Stage::Duel),
            )),
            SolvedGame::Trio => {
                drop(martian_solver::duel_with_progress(
                    rules,
                    &self.stage(Stage::Duel),
                ));
                drop(martian_solver::trio_with_progress(
                    rules,
                    &self.stage(Stage::Trio),
                ));
                drop(martian_solver::solo(rules));
            }
            SolvedGame::Quad => drop(martian_solver::quad_with_progress(
                rules,
                &self.stage(Stage::Quad),
            )),
        }
    }
}

/// The preparation of games of `players` under `rules` (the same one for everyone asking);
/// `None` when exact play is beyond the solvers' limits there (nothing to prepare).
pub fn preparation(rules: Rules, players: usize) -> Option<Arc<Preparation>> {
    type Registry = Mutex<HashMap<(Rules, SolvedGame), Arc<Preparation>>>;
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    let game = SolvedGame::for_players(players, rules).ok()?;
    let mut registry = REGISTRY
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let preparation = registry.entry((rules, game)).or_insert_with(|| {
        Arc::new(Preparation {
            rules,
            game,
            status: Mutex::new(None),
            started: AtomicBool::new(false),
            done: OnceLock::new(),
        })
    });
    Some(Arc::clone(preparation))
}

/// Runs `preparation` on a thread of its own (after `gate`, when given: see
/// `SolverAdvisor::gated`).
pub fn start(preparation: &Arc<Preparation>, gate: Option<Arc<Barrier>>) {
    if preparation.is_done() {
        return;
    }
    preparation.started.store(true, Ordering::SeqCst);
    let on_thread = Arc::clone(preparation);
    let spawned = std::thread::Builder::new()
        .name("martian-tui-tables".into())
        .spawn(move || {
            if let Some(gate) = gate {
                gate.wait();
            }
            on_thread.run();
        });
    if spawned.is_err() {
        // No thread to be had: the work is done here, the screen waiting meanwhile.
        preparation.run();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_preparation_is_shared_reports_its_stage_and_ends_done() {
        // Rules no other test of this process solves: the duel of 6 dice to 12.
        let rules = Rules::official()
            .with_dice(6)
            .unwrap()
            .with_target(12)
            .unwrap();
        let first = preparation(rules, 2).unwrap();
        let second = preparation(rules, 2).unwrap();
        assert!(Arc::ptr_eq(&first, &second), "one preparation per game");
        assert!(!Arc::ptr_eq(&first, &preparation(rules, 3).unwrap()));
        assert_eq!(first.status(), None, "not started");
        first.started.store(true, Ordering::SeqCst);
        assert_eq!(
            first.status().map(|s| (s.stage, s.progress)),
            Some((Stage::Duel, None)),
            "started, its thread not yet at work"
        );
        let seen = Mutex::new(Vec::new());
        {
            let report = first.stage(Stage::Duel);
            seen.lock().unwrap().push(first.status());
            report(Progress { done: 3, total: 4 });
            seen.lock().unwrap().push(first.status());
        }
        let seen: Vec<_> = seen
            .into_inner()
            .unwrap()
            .into_iter()
            .map(|status| status.map(|s| (s.stage, s.progress, s.percent())))
            .collect();
        assert_eq!(
            seen,
            [
                Some((Stage::Duel, None, None)),
                Some((Stage::Duel, Some(Progress { done: 3, total: 4 }), Some(75))),
            ]
        );
        first.run();
        assert!(first.is_done() && second.is_done());
        assert_eq!(first.status(), None);
        assert!(
            martian_solver::duel_at_hand(rules),
            "in the solver's memory"
        );
    }

    #[test]
    fn beyond_the_solvers_limits_there_is_nothing_to_prepare() {
        let far = Rules::official().with_target(999).unwrap();
        assert!(preparation(far, 2).is_none());
    }
}
