//! The daily challenge's attempts as stored and read (see `crate::challenges`): what both
//! engines take and give.

/// Who plays an attempt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttemptPlayer {
    /// What one ranked attempt a day is counted by: `account:ID`, or `guest:` and the SHA-256
    /// of the browser's guest key.
    pub key: String,
    /// The account, when signed in.
    pub account: Option<i64>,
    /// The name shown on the board.
    pub name: String,
}

impl AttemptPlayer {
    /// Whether the player is a guest (no account): marked on the board.
    pub fn guest(&self) -> bool {
        self.account.is_none()
    }
}

/// One graded decision of an attempt.
#[derive(Clone, Debug, PartialEq)]
pub struct AttemptDecision {
    /// The position (`martian_challenge::position_key`).
    pub position: String,
    /// The choice made (`R`, `H`, `C`, `K`, `stop`, `roll`).
    pub choice: String,
    /// What perfect play chooses there.
    pub best: String,
    /// The chance to win lost, in percentage points.
    pub loss: f64,
}

/// A finished attempt to store.
#[derive(Clone, Debug, PartialEq)]
pub struct FinishedAttempt {
    /// The day, `YYYY-MM-DD`.
    pub date: String,
    pub player: AttemptPlayer,
    /// The ranked attempt claimed when the game started; `None` plays unranked.
    pub claimed: Option<i64>,
    /// The chance to win lost against perfect play, in percentage points.
    pub loss: f64,
    pub accuracy: Option<f64>,
    pub won: bool,
    /// Final totals in seat order.
    pub scores: Vec<u16>,
    pub finished_ms: i64,
    pub decisions: Vec<AttemptDecision>,
}

/// A stored attempt.
#[derive(Clone, Debug, PartialEq)]
pub struct AttemptRow {
    pub id: i64,
    pub date: String,
    pub name: String,
    pub guest: bool,
    pub account: Option<i64>,
    pub ranked: bool,
    pub loss: f64,
    pub accuracy: Option<f64>,
    pub won: bool,
    pub scores: Vec<u16>,
    pub finished_ms: i64,
}

/// A page of the day's board: the ranked finished attempts, the best first.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardPage {
    /// Every ranked finished attempt of the day.
    pub total: u64,
    /// From the `offset`-th on.
    pub rows: Vec<AttemptRow>,
}

/// How many ranked attempts made `choice` at `position`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoiceCount {
    pub position: String,
    pub choice: String,
    pub count: u64,
}

/// The order of the board: the smallest loss, then the earlier finish, then the earlier row.
pub(crate) const BOARD_ORDER: &str = "loss, finished_ms, id";

pub(crate) fn scores_text(scores: &[u16]) -> String {
    scores
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("-")
}

pub(crate) fn scores_of(text: &str) -> Vec<u16> {
    text.split('-').filter_map(|s| s.parse().ok()).collect()
}
