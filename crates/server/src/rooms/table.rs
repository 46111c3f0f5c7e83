//! A game at a table: the engine's [`Game`], the seed its dice come from, and every move made, so
//! that the seed and the moves replay to exactly the same state (rolls included) after a restart.

use martian_challenge::Challenge;
use martian_engine::{
    Action, Awaiting, Dice, Face, Game, GameError, GameRecord, GameRng, PlayerInfo, Rules, Step,
    seeded_rng,
};

/// One move of a game as the server logs it: a roll made by the server's generator, or a player's
/// decision. The seed and the moves in order are the whole game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// The server rolled what the game awaited (a turn's dice or a roll-off roll).
    Dice,
    /// A decision played through [`Game::play`].
    Play(Action),
}

impl Move {
    /// The stored form: `dice`, or the action's code (`R`, `H`, `C`, `K`, `stop`, `roll`).
    pub fn code(self) -> String {
        match self {
            Move::Dice => "dice".into(),
            Move::Play(action) => action.code(),
        }
    }

    pub fn parse(code: &str) -> Option<Move> {
        match code {
            "dice" => Some(Move::Dice),
            other => parse_action(other).map(Move::Play),
        }
    }
}

/// An action code as the protocol and the store write it.
pub fn parse_action(code: &str) -> Option<Action> {
    match code {
        "stop" => Some(Action::Stop),
        "roll" => Some(Action::Roll),
        _ => {
            let mut chars = code.chars();
            match (chars.next(), chars.next()) {
                (Some(letter), None) if letter.is_ascii_uppercase() => {
                    Face::from_letter(letter).map(Action::Take)
                }
                _ => None,
            }
        }
    }
}

/// What a seat asks for on its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Roll: the turn's first roll, roll again after a take, or a roll-off roll.
    Roll,
    Take(Face),
    Stop,
}

impl Command {
    pub fn parse(code: &str) -> Option<Command> {
        match parse_action(code)? {
            Action::Roll => Some(Command::Roll),
            Action::Stop => Some(Command::Stop),
            Action::Take(face) => Some(Command::Take(face)),
        }
    }
}

/// Why a command was refused. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("the game is over")]
    Over,
    #[error("there is nothing to roll now: choose a type, or stop or roll again")]
    NothingToRoll,
    #[error("{0}")]
    Illegal(GameError),
}

pub use martian_protocol::views::Event;

/// Where a table's dice and its bots' generators come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiceSource {
    /// An ordinary room: one generator seeded once, drawn roll after roll.
    Seed(u64),
    /// The daily challenge: each roll and each bot decision keyed by where it is made
    /// (`martian_challenge::Challenge::dice` and `bot_rng`), so that the same decisions meet
    /// the same dice as on the page and in the terminal.
    Challenge(Challenge),
}

impl DiceSource {
    /// The seed the game's record carries.
    pub fn seed(self) -> u64 {
        match self {
            DiceSource::Seed(seed) => seed,
            DiceSource::Challenge(challenge) => challenge.seed,
        }
    }
}

#[derive(Clone, Debug)]
enum Dealer {
    Seeded(GameRng),
    Challenge(Challenge),
}

/// A game being played at a table.
#[derive(Clone, Debug)]
pub struct Table {
    seed: u64,
    dealer: Dealer,
    game: Game,
    moves: Vec<Move>,
}

impl Table {
    pub fn new(rules: Rules, players: usize, seed: u64) -> Result<Table, GameError> {
        Table::dealt(rules, players, DiceSource::Seed(seed))
    }

    /// A new game whose dice come from `source`.
    pub fn dealt(rules: Rules, players: usize, source: DiceSource) -> Result<Table, GameError> {
        let dealer = match source {
            DiceSource::Seed(seed) => Dealer::Seeded(seeded_rng(seed)),
            DiceSource::Challenge(challenge) => Dealer::Challenge(challenge),
        };
        Ok(Table {
            seed: source.seed(),
            dealer,
            game: Game::new(rules, players)?,
            moves: Vec::new(),
        })
    }

    /// The table after `moves` from `seed`: the state it had when those moves were made.
    pub fn replay(
        rules: Rules,
        players: usize,
        seed: u64,
        moves: &[Move],
    ) -> Result<Table, ReplayError> {
        Table::replay_dealt(rules, players, DiceSource::Seed(seed), moves)
    }

    /// The table after `moves` with dice from `source`.
    pub fn replay_dealt(
        rules: Rules,
        players: usize,
        source: DiceSource,
        moves: &[Move],
    ) -> Result<Table, ReplayError> {
        let mut table = Table::dealt(rules, players, source).map_err(|e| ReplayError {
            index: 0,
            error: e.to_string(),
        })?;
        for (index, &mv) in moves.iter().enumerate() {
            table.apply(mv).map_err(|e| ReplayError {
                index,
                error: e.to_string(),
            })?;
        }
        Ok(table)
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn game(&self) -> &Game {
        &self.game
    }
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The seat whose move the game waits for, if any.
    pub fn seat_to_move(&self) -> Option<usize> {
        match self.game.awaiting() {
            Awaiting::TurnRoll { seat, .. }
            | Awaiting::Decision { seat }
            | Awaiting::RollOffRoll { seat, .. } => Some(seat),
            Awaiting::Nothing => None,
        }
    }

    /// A generator for a bot's decision at this point: a pure function of the seed and the number
    /// of moves, so bot choices stay reproducible across restarts.
    pub fn bot_rng(&self) -> GameRng {
        if let Dealer::Challenge(challenge) = &self.dealer {
            return challenge.bot_rng(&self.game);
        }
        let mix = (self.moves.len() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        seeded_rng(self.seed ^ mix ^ 0xB07_B07)
    }

    /// Plays `command` for `seat`. On error nothing changes; on success the moves made (one or
    /// two: rolling again rolls at once) are returned with the events they caused.
    pub fn command(
        &mut self,
        seat: usize,
        command: Command,
    ) -> Result<(Vec<Move>, Vec<Event>), TableError> {
        let awaiting = self.game.awaiting();
        match awaiting {
            Awaiting::Nothing => return Err(TableError::Over),
            Awaiting::TurnRoll { seat: s, .. }
            | Awaiting::Decision { seat: s }
            | Awaiting::RollOffRoll { seat: s, .. }
                if s != seat =>
            {
                return Err(TableError::NotYourTurn);
            }
            _ => {}
        }
        let moves = match (command, awaiting) {
            (Command::Roll, Awaiting::TurnRoll { .. } | Awaiting::RollOffRoll { .. }) => {
                vec![Move::Dice]
            }
            (Command::Roll, Awaiting::Decision { .. }) => {
                self.game
                    .turn()
                    .check(Action::Roll)
                    .map_err(|e| TableError::Illegal(e.into()))?;
                vec![Move::Play(Action::Roll), Move::Dice]
            }
            (Command::Take(face), _) => vec![Move::Play(Action::Take(face))],
            (Command::Stop, _) => vec![Move::Play(Action::Stop)],
            (Command::Roll, Awaiting::Nothing) => return Err(TableError::Over),
        };
        if let Move::Play(action) = moves[0] {
            match self.game.awaiting() {
                Awaiting::TurnRoll { .. } if action != Action::Roll => {
                    return Err(TableError::Illegal(GameError::Turn(
                        martian_engine::TurnError::AwaitingRoll,
                    )));
                }
                Awaiting::RollOffRoll { .. } => {
                    return Err(TableError::Illegal(GameError::InRollOff));
                }
                _ => {}
            }
            self.game
                .turn()
                .check(action)
                .map_err(|e| TableError::Illegal(e.into()))?;
        }
        let mut events = Vec::new();
        for &mv in &moves {
            events.extend(self.apply(mv).map_err(TableError::Illegal)?);
        }
        Ok((moves, events))
    }

    /// Applies one move, logging it. Errors leave everything unchanged.
    pub fn apply(&mut self, mv: Move) -> Result<Vec<Event>, GameError> {
        let seat = self.game.seat();
        let awaiting = self.game.awaiting();
        let history_before = self.game.history().len();
        let mut events = Vec::new();
        match mv {
            Move::Dice => {
                // Check first: a roll must never consume the generator and then fail.
                match awaiting {
                    Awaiting::TurnRoll { .. } | Awaiting::RollOffRoll { .. } => {}
                    Awaiting::Decision { .. } => {
                        return Err(martian_engine::TurnError::AwaitingDecision.into());
                    }
                    Awaiting::Nothing => return Err(GameError::Over),
                }
                let dice = match &mut self.dealer {
                    Dealer::Seeded(rng) => self.game.roll(rng)?,
                    Dealer::Challenge(challenge) => {
                        // Fails only when no roll is awaited, checked above.
                        let dice = challenge
                            .dice(&self.game)
                            .map_err(|_| martian_engine::TurnError::AwaitingDecision)?;
                        self.game.apply_roll(dice)?;
                        dice
                    }
                };
                match awaiting {
                    Awaiting::RollOffRoll { seat, .. } => events.push(Event::RollOffRoll {
                        seat,
                        dice: dice.to_string(),
                    }),
                    _ => events.push(Event::Rolled {
                        seat,
                        dice: dice.to_string(),
                    }),
                }
            }
            Move::Play(action) => {
                let roll = self.game.turn().pending_roll();
                self.game.play(action)?;
                match action {
                    Action::Take(face) => events.push(Event::Took {
                        seat,
                        face: face.letter(),
                        count: roll.map_or(0, |r: Dice| r.count(face)),
                    }),
                    Action::Roll => events.push(Event::RollAgain { seat }),
                    Action::Stop => {}
                }
            }
        }
        self.moves.push(mv);
        if let Some(log) = self.game.history().get(history_before) {
            events.push(Event::TurnOver {
                seat: log.seat,
                score: log.turn.score(),
                total: self.game.scores()[log.seat],
                end: log.turn.ended_by().map_or("stop", |end| end.name()),
            });
        }
        if let Some(outcome) = self.game.outcome()
            && !matches!(awaiting, Awaiting::Nothing)
        {
            events.push(Event::GameOver {
                winners: outcome.winners.clone(),
            });
        }
        Ok(events)
    }

    /// What a stand-in plays when a stalled turn is stopped: roll when a roll is awaited, take
    /// death rays if possible (else the first legal type), then stop.
    pub fn stopping_command(&self) -> Option<Command> {
        match self.game.awaiting() {
            Awaiting::Nothing => None,
            Awaiting::TurnRoll { .. } | Awaiting::RollOffRoll { .. } => Some(Command::Roll),
            Awaiting::Decision { .. } => {
                let legal = self.game.turn().legal_actions();
                if legal.contains(Action::Stop) {
                    Some(Command::Stop)
                } else if legal.contains(Action::Take(Face::DeathRay)) {
                    Some(Command::Take(Face::DeathRay))
                } else {
                    legal.iter().find_map(|a| match a {
                        Action::Take(face) => Some(Command::Take(face)),
                        _ => None,
                    })
                }
            }
        }
    }

    /// The game's record so far (complete once the game is over).
    pub fn record(&self, players: Vec<PlayerInfo>) -> GameRecord {
        GameRecord::of_game(&self.game, players, Some(self.seed))
    }

    /// The engine steps of the turn in progress, for views.
    pub fn turn_steps(&self) -> &[Step] {
        self.game.turn_steps()
    }
}

/// A stored game that does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {index}: {error}")]
pub struct ReplayError {
    pub index: usize,
    pub error: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play_to_end(table: &mut Table) {
        while let Some(seat) = table.seat_to_move() {
            let command = table.stopping_command().unwrap();
            table.command(seat, command).unwrap();
        }
    }

    #[test]
    fn seed_and_moves_replay_to_the_same_state_and_generator() {
        let rules = Rules::official();
        let mut table = Table::new(rules, 3, 42).unwrap();
        for _ in 0..20 {
            let seat = table.seat_to_move().unwrap();
            let command = table.stopping_command().unwrap();
            table.command(seat, command).unwrap();
        }
        let mut copy = Table::replay(rules, 3, 42, table.moves()).unwrap();
        assert_eq!(copy.game().scores(), table.game().scores());
        assert_eq!(copy.game().history(), table.game().history());
        play_to_end(&mut table);
        play_to_end(&mut copy);
        assert_eq!(copy.moves(), table.moves());
        let record = table.record(vec![
            PlayerInfo {
                name: "a".into(),
                bot: None
            };
            3
        ]);
        let replayed = record.replay().unwrap();
        assert_eq!(replayed.outcome(), table.game().outcome());
    }

    #[test]
    fn refused_commands_change_nothing() {
        let mut table = Table::new(Rules::official(), 2, 7).unwrap();
        assert_eq!(
            table.command(1, Command::Roll),
            Err(TableError::NotYourTurn)
        );
        assert!(matches!(
            table.command(0, Command::Stop),
            Err(TableError::Illegal(_))
        ));
        assert!(matches!(
            table.command(0, Command::Take(Face::DeathRay)),
            Err(TableError::Illegal(_))
        ));
        assert!(table.moves().is_empty());
        table.command(0, Command::Roll).unwrap();
        let before = table.moves().len();
        assert!(matches!(
            table.command(0, Command::Take(Face::Tank)),
            Err(TableError::Illegal(_))
        ));
        assert!(matches!(
            table.command(0, Command::Stop),
            Err(TableError::Illegal(_))
        ));
        assert_eq!(table.moves().len(), before);
    }

    #[test]
    fn move_codes_round_trip() {
        for mv in [
            Move::Dice,
            Move::Play(Action::Stop),
            Move::Play(Action::Roll),
            Move::Play(Action::Take(Face::Chicken)),
            Move::Play(Action::Take(Face::DeathRay)),
        ] {
            assert_eq!(Move::parse(&mv.code()), Some(mv));
        }
        assert_eq!(Move::parse("x"), None);
        assert_eq!(Move::parse("RR"), None);
        assert_eq!(Command::parse("h"), None);
    }
}
