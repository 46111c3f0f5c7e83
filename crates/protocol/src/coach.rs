//! What the coach sends a coached player, and what a room tells while the solver's tables are
//! computed.

use serde::Serialize;

use martian_solver::Reason;

/// The table being computed for a need, and how far along (the solver's reports), while it is:
/// what a room tells its members while its bots wait (`solving` in the protocol).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Solving {
    pub stage: Stage,
    pub done: u64,
    pub total: u64,
}

/// Which table: the duel's, the three-player game's or the four-player game's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Duel,
    Trio,
    Quad,
}

/// The advice sent to a coached player.
#[derive(Clone, Debug, Serialize)]
pub struct CoachAdvice {
    /// The game's move count this advice is for: stale advice is for an older `moves`.
    pub moves: usize,
    /// Each seat's probability of winning from here, under optimal play.
    pub chances: Vec<f64>,
    /// The recipient's options and their probability of winning, when the decision is theirs.
    pub options: Vec<CoachOption>,
    /// The best of `options`.
    pub best: Option<String>,
    /// Why the best option is best, with `options` (null otherwise): the page words it with the
    /// Fluent message `id` and these `args` (the solver's reason in JSON; figures with decimals
    /// come as text with a decimal point, to be written with the reader's separator).
    pub reason: Option<Reason>,
    /// The decimals of the options' chances as percentages: the fewest that show different
    /// chances differently (`martian_solver::figures::percent_places`, at least 1).
    pub places: usize,
    /// With `options`: what each shipped strategy card (the best of 1, 3 and 5 lines) would do
    /// here, for the page to quote the one its reader chose beside the best.
    pub cards: Vec<CardMove>,
}

/// What a shipped strategy card does at a decision.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardMove {
    /// The card's size (`cards/1-line.txt`, `3-lines`, `5-lines`).
    pub lines: usize,
    /// Its move, as `options[].action` names it.
    pub action: String,
    /// The line (from 1) that makes the move; 0 when none applies and the card's default play
    /// does.
    pub line: usize,
    /// That line's words in each language (empty for the default play).
    pub text: CardText,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardText {
    pub en: String,
    #[serde(rename = "pt-BR")]
    pub pt_br: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct CoachOption {
    pub action: String,
    pub chance: f64,
}
