//! Slow work (a game's review, the trainer's positions) done on a thread of its own, so that the
//! screen stays live while the solver works, or at once (tests and scripts, where the screen
//! must not depend on the timing of a thread).

use std::sync::mpsc::{self, Receiver, TryRecvError};

/// How the application runs its slow work.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pace {
    /// On a thread; the result is picked up on a later tick.
    #[default]
    Background,
    /// At once, before the key that asked for it returns.
    AtOnce,
}

/// Work that is done or under way.
#[derive(Debug)]
pub enum Work<T> {
    Done(T),
    Running(Receiver<T>),
    /// The thread ended without an answer (it panicked): the work cannot be had.
    Lost,
}

impl<T: Send + 'static> Work<T> {
    /// Starts `job` at `pace`.
    pub fn start(pace: Pace, job: impl FnOnce() -> T + Send + 'static) -> Work<T> {
        match pace {
            Pace::AtOnce => Work::Done(job()),
            Pace::Background => {
                let (tx, rx) = mpsc::channel();
                let spawned = std::thread::Builder::new()
                    .name("martian-tui-work".into())
                    .spawn(move || {
                        // The receiver may be gone (the screen was left): nothing to tell then.
                        let _ = tx.send(job());
                    });
                match spawned {
                    Ok(_) => Work::Running(rx),
                    Err(_) => Work::Lost,
                }
            }
        }
    }
}

impl<T> Work<T> {
    /// Takes the result if it has come; whether the work is still running.
    pub fn poll(&mut self) -> bool {
        if let Work::Running(rx) = self {
            match rx.try_recv() {
                Ok(value) => *self = Work::Done(value),
                Err(TryRecvError::Empty) => return true,
                Err(TryRecvError::Disconnected) => *self = Work::Lost,
            }
        }
        false
    }

    /// The result, once it is there.
    #[cfg(test)]
    pub fn done(&self) -> Option<&T> {
        match self {
            Work::Done(value) => Some(value),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_once_is_done_and_a_thread_s_result_comes_on_a_poll() {
        let mut now = Work::start(Pace::AtOnce, || 6 * 7);
        assert!(!now.poll());
        assert_eq!(now.done(), Some(&42));
        let mut later = Work::start(Pace::Background, || 6 * 7);
        for _ in 0..1000 {
            if !later.poll() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert_eq!(later.done(), Some(&42));
    }

    #[test]
    fn a_thread_that_dies_is_lost_not_waited_for_forever() {
        let mut work: Work<u8> = Work::start(Pace::Background, || panic!("the solver failed"));
        for _ in 0..1000 {
            if !work.poll() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert!(matches!(work, Work::Lost));
    }
}
