//! Where the trainer's positions come from: a [`PositionSource`] offers candidates (decisions
//! with their exact values, the best clear by the margin), the trainer chooses among them. The
//! default source is [`PlayedGames`], decisions met in games played perfectly; another source
//! (the decisions where a strategy card errs, say) plugs in through [`super::Trainer::with_source`].

use std::collections::HashSet;

use martian_engine::{
    Action, Awaiting, EndRule, Game, GameRng, Points, RecordError, Rules, Transcript, Turn,
    TurnPhase, seeded_rng,
};
use martian_solver::{AdviceRequest, Reason, advise_with_reason};

use super::{Lesson, PlayerCounts, Theme, Thumb, TrainerError, TrainingPosition};
use crate::measure::Measure;
use crate::review::StopReason;
use crate::valuer::{Options, Position, Valuer};

/// A supply of candidate positions for the trainer.
pub trait PositionSource: Send {
    /// What the values of the positions measure.
    fn measure(&self) -> Measure;

    /// The next candidate, or `None` when there is none to be had (in a long search).
    fn next_candidate(&mut self) -> Option<TrainingPosition>;
}

/// Decisions played through before the search gives up on finding another candidate.
const SEARCH_LIMIT: u64 = 2_000_000;

/// Candidates from games played perfectly (every seat plays the solver's best option, the same
/// choice as `advise` and the `optimal` bot), with dice from a seeded generator: every decision
/// with two options or more whose best beats the second by the margin, of the theme asked for if
/// any, never one where stopping scores nothing, and never the same position twice (the same
/// scores, seat and dice, however the turn came to them).
pub struct PlayedGames {
    rules: Rules,
    counts: Vec<usize>,
    theme: Option<Theme>,
    margin: f64,
    /// One valuer per player count of `counts`.
    valuers: Vec<Valuer>,
    rng: GameRng,
    game: Game,
    /// Games finished.
    games: u64,
    /// The positions served: the scores, the seat to play, the round's end and the turn as it
    /// stands (two ways to the same dice are the same position to a person).
    served: HashSet<(Vec<Points>, usize, bool, Turn)>,
}

impl std::fmt::Debug for PlayedGames {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlayedGames")
            .field("counts", &self.counts)
            .field("games", &self.games)
            .finish_non_exhaustive()
    }
}

impl PlayedGames {
    /// Games of the player counts of `players` in turn (a game of each, then again), under
    /// `rules`, from `seed`.
    pub fn new(
        rules: Rules,
        players: PlayerCounts,
        theme: Option<Theme>,
        margin: f64,
        seed: u64,
    ) -> Result<PlayedGames, TrainerError> {
        let counts = players.counts();
        let valuers = counts
            .iter()
            .map(|&n| Valuer::new(rules, n).map_err(TrainerError::Solver))
            .collect::<Result<Vec<_>, _>>()?;
        let game = new_game(rules, counts[0])?;
        Ok(PlayedGames {
            rules,
            counts,
            theme,
            margin,
            valuers,
            rng: seeded_rng(seed),
            game,
            games: 0,
            served: HashSet::new(),
        })
    }

    fn valuer(&self) -> &Valuer {
        &self.valuers[(self.games % self.counts.len() as u64) as usize]
    }

    /// Values the decision the game awaits: the candidate if it is one, and the best option
    /// (which the players then play).
    fn decide(&mut self) -> Option<(Option<TrainingPosition>, Action)> {
        let game = &self.game;
        let scores = game.scores().to_vec();
        let position = Position {
            scores: &scores,
            seat: game.seat(),
            final_round: game.triggered_by().is_some(),
        };
        let turn = *game.turn();
        let valuer = self.valuer();
        let table = valuer.table(position).ok()?;
        let options = valuer.options(position, table, &turn).ok()?;
        let best = options.best;
        let candidate = self.candidate(position, &turn, options);
        if let Some(found) = &candidate {
            let key = (
                found.scores.clone(),
                found.seat,
                found.final_round,
                found.turn,
            );
            if !self.served.insert(key) {
                return Some((None, best));
            }
        }
        Some((candidate, best))
    }

    fn candidate(
        &self,
        position: Position<'_>,
        turn: &Turn,
        options: Options,
    ) -> Option<TrainingPosition> {
        let measure = self.valuer().measure();
        if options.options.len() < 2 {
            return None;
        }
        // Stopping that scores nothing (the tanks lead, or nothing earned yet) teaches nothing:
        // rolling again cannot do worse.
        if turn.phase() == TurnPhase::Deciding && turn.score() == 0 {
            return None;
        }
        let best_value = options.value_of(options.best)?;
        let margin = options
            .options
            .iter()
            .filter(|o| o.action != options.best)
            .map(|o| measure.loss(best_value, o.value))
            .fold(f64::INFINITY, f64::min);
        if margin < self.margin {
            return None;
        }
        let themes: Vec<Theme> = Theme::ALL
            .into_iter()
            .filter(|t| t.matches(self.rules, position, turn))
            .collect();
        if self.theme.is_some_and(|t| !themes.contains(&t)) {
            return None;
        }
        let (thumb, thumb_choice) = Thumb::choose(turn)?;
        let reason = why(self.rules, position, turn)?;
        let comparison = reason.comparison()?;
        let lesson = Lesson {
            decision: comparison.decision,
            cause: comparison.cause,
        };
        Some(TrainingPosition {
            rules: self.rules,
            scores: position.scores.to_vec(),
            seat: position.seat,
            round: self.game.round(),
            final_round: position.final_round,
            transcript: Transcript::from_log_steps(self.game.turn_steps()).to_string(),
            turn: *turn,
            measure,
            options: options.options,
            best: options.best,
            margin,
            thumb,
            thumb_choice,
            themes,
            lesson,
            reason,
        })
    }
}

/// The coach's reason for a candidate's best option, against the next best (the advisor's, for
/// the same values: the valuer asks it too).
fn why(rules: Rules, position: Position<'_>, turn: &Turn) -> Option<Reason> {
    let (_, reason) = advise_with_reason(AdviceRequest {
        rules,
        scores: Some(position.scores),
        seat: position.seat,
        turn,
    })
    .ok()?;
    reason
}

fn new_game(rules: Rules, players: usize) -> Result<Game, TrainerError> {
    Ok(Game::new(rules, players)
        .map_err(|e| TrainerError::Solver(StopReason::Record(RecordError::Game(e))))?
        .without_history())
}

impl PositionSource for PlayedGames {
    fn measure(&self) -> Measure {
        self.valuers[0].measure()
    }

    fn next_candidate(&mut self) -> Option<TrainingPosition> {
        for _ in 0..SEARCH_LIMIT {
            match self.game.awaiting() {
                Awaiting::Nothing => {
                    self.games += 1;
                    let players = self.counts[(self.games % self.counts.len() as u64) as usize];
                    self.game = new_game(self.rules, players).ok()?;
                }
                Awaiting::TurnRoll { .. } | Awaiting::RollOffRoll { .. } => {
                    self.game.roll(&mut self.rng).ok()?;
                }
                Awaiting::Decision { .. } => {
                    let (candidate, best) = self.decide()?;
                    self.game.play(best).ok()?;
                    if let Some(position) = candidate {
                        return Some(position);
                    }
                }
            }
        }
        None
    }
}

/// Whether positions of `theme` can occur in games of `players` under `rules`.
pub(super) fn theme_occurs(theme: Theme, rules: Rules, players: PlayerCounts) -> bool {
    match theme {
        Theme::FinalRound => {
            rules.end() == EndRule::CompleteRound && players.counts().iter().any(|&n| n > 1)
        }
        _ => true,
    }
}
