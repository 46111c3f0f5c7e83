//! Rated games (docs/ratings.md): whether a room's games can be rated, and a rated game's end
//! kept and applied to the ratings.

use super::*;

use martian_ratings::{Anchor, Standing};
use martian_store::Ratings;
use martian_store::ratings::{RatedGame, RatedPlayer, RatedSeat};

pub(crate) const NOT_OFFICIAL: &str = "a rated game is played under the official rules";
pub(crate) const NOT_SIGNED_IN: &str =
    "a rated game seats only people signed in as their seat's account";
pub(crate) const UNRATED_BOT: &str =
    "a rated game's bots are easy, medium, hard, greedy or optimal";
pub(crate) const TOO_FEW: &str = "a rated game needs two seats or more";

/// What keeps the games of a room in `state` from being rated (the number of seats aside: the
/// host may make the room rated before the others come).
pub(super) fn check_rateable(state: &RoomState) -> Result<(), Refusal> {
    if state.rules != Rules::official() {
        return Err(Refusal::NotRateable(NOT_OFFICIAL));
    }
    for seat in &state.seats {
        match (&seat.bot, seat.human) {
            (Some(bot), false) if Anchor::of_bot(bot).is_none() => {
                return Err(Refusal::NotRateable(UNRATED_BOT));
            }
            (_, true) if !seat.claimed || seat.account.is_none() => {
                return Err(Refusal::NotRateable(NOT_SIGNED_IN));
            }
            _ => {}
        }
    }
    Ok(())
}

/// Who played each seat, for the ratings: `None` when a seat cannot be rated.
fn rated_players(state: &RoomState) -> Option<Vec<RatedPlayer>> {
    state
        .seats
        .iter()
        .map(|seat| match (&seat.bot, seat.human) {
            (Some(bot), false) => Some(RatedPlayer::Bot(bot.clone())),
            _ => seat.account.map(RatedPlayer::Account),
        })
        .collect()
}

impl Room {
    /// Makes a quick-match room of rated askers rated, before it is stored: each person's seat
    /// is their account's (`accounts`, seat by seat; they asked signed in, under its name).
    pub fn rated_from_the_queue(&mut self, accounts: &[Option<i64>]) {
        self.state.rated = true;
        for (seat, account) in self.state.seats.iter_mut().zip(accounts) {
            if account.is_some() && seat.human {
                seat.claimed = true;
                seat.account = *account;
            }
        }
    }

    /// The host makes the room's games rated, or not.
    pub(super) async fn set_rated(&mut self, rated: bool) -> Reply {
        if self.state.status == Status::Playing {
            return Err(Refusal::RatedAfterStart);
        }
        if rated {
            check_rateable(&self.state)?;
        }
        let mut next = self.state.clone();
        next.rated = rated;
        self.commit_state(next).await?;
        Ok(vec![RoomEvent::Room(RoomChange::OptionsChanged)])
    }

    /// A rated game's result as the ratings take it: who played each seat and their place. A
    /// person whose seat a bot plays for good (they left, or timed out and were handed over)
    /// is last. `None` (logged) when the game cannot be rated.
    pub(super) fn rated_game(
        &self,
        scores: &[martian_engine::Points],
        winners: &[usize],
        finished_ms: i64,
    ) -> Option<RatedGame> {
        let Some(players) = rated_players(&self.state) else {
            tracing::warn!(room = %self.id, "a rated game with a seat no account holds");
            return None;
        };
        let standing = Standing {
            scores: scores.to_vec(),
            winners: winners.to_vec(),
            gone: (0..self.state.seats.len())
                .filter(|&seat| {
                    self.state.seats[seat].human && self.state.seats[seat].bot.is_some()
                })
                .collect(),
        };
        let places = match standing.places() {
            Ok(places) => places,
            Err(error) => {
                tracing::warn!(room = %self.id, "a rated game's places: {error}");
                return None;
            }
        };
        Some(RatedGame {
            room: self.id.clone(),
            number: self.state.game,
            finished_ms,
            seats: players
                .into_iter()
                .zip(places)
                .enumerate()
                .map(|(seat, (player, place))| RatedSeat {
                    seat: seat as u32,
                    player,
                    place: place as u32,
                })
                .collect(),
        })
    }
}

/// Keeps a rated game's result and updates the ratings (one transaction): each seat's change of
/// displayed rating (`None` for a bot). If the storage fails, the game ends unrated for now
/// (logged) and no change is shown.
pub(super) async fn apply_rated(ratings: Ratings, game: RatedGame) -> Vec<Option<i64>> {
    let (room, number, seats) = (game.room.clone(), game.number, game.seats.len());
    match ratings.apply(game).await {
        Ok(changes) => {
            let mut shown = vec![None; seats];
            for change in changes {
                if let Some(slot) = shown.get_mut(change.seat as usize) {
                    *slot = Some(change.shown());
                }
            }
            shown
        }
        Err(error) => {
            tracing::warn!(room = %room, game = number, "rating a game: {error}");
            Vec::new()
        }
    }
}
