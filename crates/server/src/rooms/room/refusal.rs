//! Why a room refuses a request, as data. The refusal is worded once, where the client is told:
//! [`Refusal::code`] is its protocol error code and its `Display` the English message of the
//! `error` reply (docs/websocket-protocol.md).

use std::time::Duration;

use martian_bots::BotError;
use martian_engine::{GameError, MAX_PLAYERS, SolveLimit};

use crate::rooms::chat::{ChatTextError, MAX_CHAT_CHARS};
use crate::rooms::registry::RoomCap;
use crate::rooms::table::TableError;
use crate::solving::coach::CoachUnavailable;
use martian_protocol::{
    ErrorCode, ErrorExtra, ErrorLimit, LimitView, NameError, QUICK_MESSAGES, Timer, error_json_with,
};
use martian_store::StoreError;

/// Why a request to a room was refused. Nothing changed.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    // Entering.
    #[error("the room has as many spectators as it admits")]
    SpectatorsFull,
    #[error("the game has started: you can watch it")]
    AlreadyStarted,
    #[error("this seat token is not valid in this room")]
    BadToken,
    #[error("the room has all {MAX_PLAYERS} seats taken")]
    SeatsTaken,
    #[error("the next game has all {MAX_PLAYERS} seats taken")]
    NextGameFull,
    #[error("{0}")]
    BadName(#[from] NameError),
    #[error("you already have a seat")]
    AlreadySeated,
    #[error("you already have a seat at the next game")]
    AlreadyInLine,
    #[error("someone in this room is already called '{0}': choose another name")]
    NameTaken(String),
    #[error("unknown avatar '{0}'")]
    UnknownAvatar(String),

    // Who may ask.
    #[error("you are not in this room")]
    NotInRoom,
    #[error("you are already in a room: leave it first")]
    AlreadyInRoom,
    #[error("only the host may do this")]
    NotHost,
    #[error("spectators cannot play")]
    SpectatorPlays,
    #[error("spectators cannot write in this room's chat")]
    SpectatorSays,
    #[error("give a name when you start watching to write in the chat")]
    SpectatorUnnamed,
    #[error("spectators have no avatar")]
    SpectatorAvatar,
    #[error("the coach advises seated players")]
    SpectatorCoached,
    #[error("only players can do this")]
    SpectatorHandsOver,

    // Playing.
    #[error("'{0}' is not an action: use roll, stop, R, H, C or K")]
    NotAnAction(String),
    #[error("'{0}' is not a quick message: use one of {list}", list = QUICK_MESSAGES.join(", "))]
    NotAQuickMessage(String),
    #[error("no game is being played")]
    NoGame,
    #[error("a bot plays your seat now")]
    BotPlaysYourSeat,
    #[error("{0}")]
    Table(#[from] TableError),
    #[error("{0}")]
    Coach(#[from] CoachUnavailable),
    #[error("the host muted you in this room's chat")]
    Muted,
    #[error("{0}")]
    ChatText(#[from] ChatTextError),
    #[error("too many chat messages: wait {} s", .0.as_secs_f32().ceil() as u64)]
    ChatTooFast(Duration),
    /// The solver the coach reads is busy preparing other rooms' solutions.
    #[error("the coach waits for the server's solver, busy with other rooms: ask again shortly")]
    CoachBusy,
    #[error("the coach is off in a ranked challenge: play the day again unranked to use it")]
    CoachInRankedChallenge,
    #[error("a challenge room plays the day's game only: start another challenge instead")]
    ChallengeRoom,

    // Handing a seat to a bot.
    #[error("there is no seat {0}")]
    NoSuchSeat(usize),
    #[error("seat {0} is already played by a bot")]
    PlayedByBot(usize),
    #[error("that player is here: only an absent player's turns go to a bot")]
    PlayerHere,
    #[error("a bot already plays for that player")]
    AlreadyAway,

    // The host's requests.
    #[error("'{0}' is not a host request")]
    NotAHostRequest(&'static str),
    #[error("bots are seated before the game starts")]
    BotAfterStart,
    #[error("unknown bot '{0}'")]
    UnknownBot(String),
    #[error("seat {0} cannot be removed")]
    CannotRemove(usize),
    #[error("only a player who left can be removed during a game")]
    RemovePresent,
    #[error("the rules are set before the game starts")]
    RulesAfterStart,
    #[error("whether games are rated is set before the game starts")]
    RatedAfterStart,
    /// What keeps the room's games from being rated.
    #[error("{0}")]
    NotRateable(&'static str),
    #[error("the timer is at most {} seconds", Timer::MAX_SECONDS)]
    TimerTooLong,
    #[error("the game is under way")]
    GameUnderWay,
    #[error("set_options needs public, spectator_chat, lang or standing")]
    NoOptions,
    #[error(
        "only the host signed in as their seat's account can keep the room as a standing table (and only its owner let it go)"
    )]
    NotAccountHost,
    #[error(
        "an account keeps at most {} standing tables: let one go first",
        crate::state::MAX_STANDING
    )]
    StandingTablesFull,
    #[error("the host cannot mute their own seat")]
    MuteSelf,
    /// The room's rules and seats make no game.
    #[error("{0}")]
    NoGameFor(GameError),
    /// A bot of the room could not be made.
    #[error("{0}")]
    Bot(#[from] BotError),
    #[error(
        "the server is preparing the bots of other rooms' unusual rules: try again in a minute"
    )]
    SolverBusy,
    /// A bot that plays by the solver's exact solutions, under rules beyond its limits.
    #[error(
        "{0}; choose a target up to {max}, or bots that do not read the solver (greedy, aggressive, defensive, random)",
        max = .0.max_target
    )]
    SolverLimit(SolveLimit),

    /// The change could not be stored: the client is told [`StoreError::to_client`], never the
    /// database's own words.
    #[error("{}", .0.to_client())]
    Storage(#[from] StoreError),
}

impl Refusal {
    /// The protocol's error code of this refusal.
    pub fn code(&self) -> ErrorCode {
        match self {
            Refusal::SpectatorsFull | Refusal::SeatsTaken | Refusal::NextGameFull => {
                ErrorCode::RoomFull
            }
            Refusal::AlreadyStarted => ErrorCode::AlreadyStarted,
            Refusal::BadToken => ErrorCode::BadToken,
            Refusal::NotInRoom => ErrorCode::NotInRoom,
            Refusal::AlreadyInRoom => ErrorCode::AlreadyInRoom,
            Refusal::NotHost => ErrorCode::NotHost,
            Refusal::SpectatorPlays
            | Refusal::SpectatorUnnamed
            | Refusal::SpectatorAvatar
            | Refusal::SpectatorSays
            | Refusal::SpectatorCoached
            | Refusal::SpectatorHandsOver => ErrorCode::NotSeated,
            Refusal::NameTaken(_) => ErrorCode::NameTaken,
            Refusal::Muted => ErrorCode::Muted,
            Refusal::ChatText(ChatTextError::TooLong) => ErrorCode::ChatTooLong,
            Refusal::ChatTooFast(_) => ErrorCode::ChatRateLimited,
            Refusal::AlreadySeated
            | Refusal::AlreadyInLine
            | Refusal::NoGame
            | Refusal::Coach(_)
            | Refusal::PlayerHere
            | Refusal::AlreadyAway
            | Refusal::BotAfterStart
            | Refusal::RemovePresent
            | Refusal::RulesAfterStart
            | Refusal::RatedAfterStart
            | Refusal::GameUnderWay
            | Refusal::CoachInRankedChallenge
            | Refusal::ChallengeRoom
            | Refusal::NoGameFor(_) => ErrorCode::WrongState,
            Refusal::BotPlaysYourSeat => ErrorCode::NotYourTurn,
            Refusal::Table(TableError::NotYourTurn) => ErrorCode::NotYourTurn,
            Refusal::Table(TableError::Over) => ErrorCode::WrongState,
            Refusal::Table(TableError::NothingToRoll | TableError::Illegal(_)) => {
                ErrorCode::Illegal
            }
            Refusal::BadName(_)
            | Refusal::UnknownAvatar(_)
            | Refusal::ChatText(ChatTextError::Empty | ChatTextError::NotText)
            | Refusal::MuteSelf
            | Refusal::NotAnAction(_)
            | Refusal::NotAQuickMessage(_)
            | Refusal::NoSuchSeat(_)
            | Refusal::PlayedByBot(_)
            | Refusal::UnknownBot(_)
            | Refusal::CannotRemove(_)
            | Refusal::TimerTooLong
            | Refusal::NotRateable(_)
            | Refusal::NotAccountHost
            | Refusal::Bot(_) => ErrorCode::Invalid,
            Refusal::StandingTablesFull => ErrorCode::TooManyRooms,
            Refusal::NotAHostRequest(_) | Refusal::NoOptions => ErrorCode::Malformed,
            Refusal::SolverBusy | Refusal::CoachBusy => ErrorCode::Busy,
            Refusal::SolverLimit(_) => ErrorCode::SolverLimit,
            Refusal::Storage(_) => ErrorCode::Storage,
        }
    }

    /// What the reply says beyond the code: the limit reached, or when to try again.
    pub fn extra(&self) -> ErrorExtra<'static> {
        match self {
            Refusal::ChatText(ChatTextError::TooLong) => ErrorExtra {
                limit: Some(ErrorLimit::Count(MAX_CHAT_CHARS)),
                ..ErrorExtra::default()
            },
            Refusal::ChatTooFast(wait) => ErrorExtra {
                retry_ms: Some(wait.as_millis().max(1) as u64),
                ..ErrorExtra::default()
            },
            Refusal::SolverLimit(limit) => ErrorExtra {
                limit: Some(ErrorLimit::Solver(LimitView::from(*limit))),
                ..ErrorExtra::default()
            },
            Refusal::BadName(why) => why.extra(),
            _ => ErrorExtra::default(),
        }
    }

    /// The `error` reply to the request of type `request`.
    pub fn to_json(&self, request: Option<&str>) -> String {
        error_json_with(self.code(), &self.to_string(), request, self.extra())
    }
}

/// Why a room could not be created. Nothing was created.
#[derive(Debug, thiserror::Error)]
pub enum CreateRefusal {
    #[error("{0}")]
    Cap(#[from] RoomCap),
    #[error("{0}")]
    BadName(#[from] NameError),
    #[error("{}", .0.to_client())]
    Storage(#[from] StoreError),
}

impl CreateRefusal {
    /// The protocol's error code of this refusal.
    pub fn code(&self) -> ErrorCode {
        match self {
            CreateRefusal::Cap(RoomCap::Server) => ErrorCode::TooManyRooms,
            CreateRefusal::Cap(RoomCap::Address { .. }) => ErrorCode::RoomsPerAddress,
            CreateRefusal::Cap(RoomCap::Connection { .. }) => ErrorCode::RoomsPerConnection,
            CreateRefusal::BadName(_) => ErrorCode::Invalid,
            CreateRefusal::Storage(_) => ErrorCode::Storage,
        }
    }

    /// What the reply says beyond the code: the limit reached.
    pub fn extra(&self) -> ErrorExtra<'static> {
        match self {
            CreateRefusal::Cap(RoomCap::Address { limit } | RoomCap::Connection { limit }) => {
                ErrorExtra {
                    limit: Some(ErrorLimit::Count(*limit)),
                    ..ErrorExtra::default()
                }
            }
            CreateRefusal::BadName(why) => why.extra(),
            _ => ErrorExtra::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every refusal with the code and the text the client is sent. Adding a variant without
    /// listing it here fails to compile (the match below is exhaustive).
    fn every_refusal() -> Vec<(Refusal, ErrorCode, &'static str)> {
        use ErrorCode as C;
        let illegal = GameError::InRollOff;
        let list = vec![
            (
                Refusal::SpectatorsFull,
                C::RoomFull,
                "the room has as many spectators as it admits",
            ),
            (
                Refusal::NameTaken("Gil".into()),
                C::NameTaken,
                "someone in this room is already called 'Gil': choose another name",
            ),
            (
                Refusal::UnknownAvatar("dragon".into()),
                C::Invalid,
                "unknown avatar 'dragon'",
            ),
            (
                Refusal::SpectatorUnnamed,
                C::NotSeated,
                "give a name when you start watching to write in the chat",
            ),
            (
                Refusal::SpectatorAvatar,
                C::NotSeated,
                "spectators have no avatar",
            ),
            (
                Refusal::Muted,
                C::Muted,
                "the host muted you in this room's chat",
            ),
            (
                Refusal::ChatText(ChatTextError::TooLong),
                C::ChatTooLong,
                "the message is longer than 200 characters",
            ),
            (
                Refusal::ChatText(ChatTextError::Empty),
                C::Invalid,
                "the message is empty",
            ),
            (
                Refusal::ChatText(ChatTextError::NotText),
                C::Invalid,
                "the message has characters that are not text (noncharacters or annotation marks)",
            ),
            (
                Refusal::ChatTooFast(Duration::from_millis(2500)),
                C::ChatRateLimited,
                "too many chat messages: wait 3 s",
            ),
            (
                Refusal::NoOptions,
                C::Malformed,
                "set_options needs public, spectator_chat, lang or standing",
            ),
            (
                Refusal::NotAccountHost,
                C::Invalid,
                "only the host signed in as their seat's account can keep the room as a standing table (and only its owner let it go)",
            ),
            (
                Refusal::StandingTablesFull,
                C::TooManyRooms,
                "an account keeps at most 3 standing tables: let one go first",
            ),
            (
                Refusal::MuteSelf,
                C::Invalid,
                "the host cannot mute their own seat",
            ),
            (
                Refusal::AlreadyStarted,
                C::AlreadyStarted,
                "the game has started: you can watch it",
            ),
            (
                Refusal::BadToken,
                C::BadToken,
                "this seat token is not valid in this room",
            ),
            (
                Refusal::SeatsTaken,
                C::RoomFull,
                "the room has all 8 seats taken",
            ),
            (
                Refusal::NextGameFull,
                C::RoomFull,
                "the next game has all 8 seats taken",
            ),
            (
                Refusal::BadName(NameError::Empty),
                C::Invalid,
                "the name is empty",
            ),
            (
                Refusal::AlreadySeated,
                C::WrongState,
                "you already have a seat",
            ),
            (
                Refusal::AlreadyInLine,
                C::WrongState,
                "you already have a seat at the next game",
            ),
            (Refusal::NotInRoom, C::NotInRoom, "you are not in this room"),
            (
                Refusal::AlreadyInRoom,
                C::AlreadyInRoom,
                "you are already in a room: leave it first",
            ),
            (Refusal::NotHost, C::NotHost, "only the host may do this"),
            (
                Refusal::SpectatorPlays,
                C::NotSeated,
                "spectators cannot play",
            ),
            (
                Refusal::SpectatorSays,
                C::NotSeated,
                "spectators cannot write in this room's chat",
            ),
            (
                Refusal::SpectatorCoached,
                C::NotSeated,
                "the coach advises seated players",
            ),
            (
                Refusal::SpectatorHandsOver,
                C::NotSeated,
                "only players can do this",
            ),
            (
                Refusal::CoachInRankedChallenge,
                C::WrongState,
                "the coach is off in a ranked challenge: play the day again unranked to use it",
            ),
            (
                Refusal::ChallengeRoom,
                C::WrongState,
                "a challenge room plays the day's game only: start another challenge instead",
            ),
            (
                Refusal::NotAnAction("jump".into()),
                C::Invalid,
                "'jump' is not an action: use roll, stop, R, H, C or K",
            ),
            (Refusal::NotAQuickMessage("hi".into()), C::Invalid, "QUICK"),
            (Refusal::NoGame, C::WrongState, "no game is being played"),
            (
                Refusal::BotPlaysYourSeat,
                C::NotYourTurn,
                "a bot plays your seat now",
            ),
            (
                Refusal::Table(TableError::NotYourTurn),
                C::NotYourTurn,
                "it is not your turn",
            ),
            (
                Refusal::Table(TableError::Over),
                C::WrongState,
                "the game is over",
            ),
            (
                Refusal::Table(TableError::NothingToRoll),
                C::Illegal,
                "there is nothing to roll now: choose a type, or stop or roll again",
            ),
            (
                Refusal::Table(TableError::Illegal(illegal)),
                C::Illegal,
                "ENGINE",
            ),
            (
                Refusal::Coach(CoachUnavailable::NotTwoPlayers),
                C::WrongState,
                "the coach works in games of two players",
            ),
            (
                Refusal::CoachBusy,
                C::Busy,
                "the coach waits for the server's solver, busy with other rooms: ask again shortly",
            ),
            (Refusal::NoSuchSeat(9), C::Invalid, "there is no seat 9"),
            (
                Refusal::PlayedByBot(2),
                C::Invalid,
                "seat 2 is already played by a bot",
            ),
            (
                Refusal::PlayerHere,
                C::WrongState,
                "that player is here: only an absent player's turns go to a bot",
            ),
            (
                Refusal::AlreadyAway,
                C::WrongState,
                "a bot already plays for that player",
            ),
            (
                Refusal::NotAHostRequest("ping"),
                C::Malformed,
                "'ping' is not a host request",
            ),
            (
                Refusal::BotAfterStart,
                C::WrongState,
                "bots are seated before the game starts",
            ),
            (
                Refusal::UnknownBot("zorg".into()),
                C::Invalid,
                "unknown bot 'zorg'",
            ),
            (
                Refusal::CannotRemove(0),
                C::Invalid,
                "seat 0 cannot be removed",
            ),
            (
                Refusal::RemovePresent,
                C::WrongState,
                "only a player who left can be removed during a game",
            ),
            (
                Refusal::RulesAfterStart,
                C::WrongState,
                "the rules are set before the game starts",
            ),
            (
                Refusal::RatedAfterStart,
                C::WrongState,
                "whether games are rated is set before the game starts",
            ),
            (
                Refusal::NotRateable(super::super::rated::NOT_SIGNED_IN),
                C::Invalid,
                "a rated game seats only people signed in as their seat's account",
            ),
            (Refusal::TimerTooLong, C::Invalid, "TIMER"),
            (
                Refusal::GameUnderWay,
                C::WrongState,
                "the game is under way",
            ),
            (
                Refusal::NoGameFor(GameError::Players(9)),
                C::WrongState,
                "a game has from 1 to 8 players, not 9",
            ),
            (
                Refusal::Bot(BotError::UnknownBot {
                    spec: "zorg".into(),
                    known: "greedy".into(),
                }),
                C::Invalid,
                "unknown bot 'zorg'; known bots: greedy",
            ),
            (
                Refusal::SolverBusy,
                C::Busy,
                "the server is preparing the bots of other rooms' unusual rules: try again in a minute",
            ),
            (
                Refusal::SolverLimit(
                    martian_engine::SolvedGame::Duel
                        .check(martian_engine::Rules::official().with_target(999).unwrap())
                        .unwrap_err(),
                ),
                C::SolverLimit,
                "exact two-player play with 13 dice is solved for targets up to 758, not 999 (its work grows as the square of the target); choose a target up to 758, or bots that do not read the solver (greedy, aggressive, defensive, random)",
            ),
            (
                Refusal::Storage(StoreError::DiskFull),
                C::Storage,
                "the server's disk is full, so nothing changed: try again in a while",
            ),
        ];
        for (refusal, ..) in &list {
            match refusal {
                Refusal::SpectatorsFull
                | Refusal::NameTaken(_)
                | Refusal::UnknownAvatar(_)
                | Refusal::SpectatorUnnamed
                | Refusal::SpectatorAvatar
                | Refusal::Muted
                | Refusal::ChatText(_)
                | Refusal::ChatTooFast(_)
                | Refusal::NoOptions
                | Refusal::NotAccountHost
                | Refusal::StandingTablesFull
                | Refusal::MuteSelf
                | Refusal::AlreadyStarted
                | Refusal::BadToken
                | Refusal::SeatsTaken
                | Refusal::NextGameFull
                | Refusal::BadName(_)
                | Refusal::AlreadySeated
                | Refusal::AlreadyInLine
                | Refusal::NotInRoom
                | Refusal::AlreadyInRoom
                | Refusal::NotHost
                | Refusal::SpectatorPlays
                | Refusal::SpectatorSays
                | Refusal::SpectatorCoached
                | Refusal::SpectatorHandsOver
                | Refusal::NotAnAction(_)
                | Refusal::NotAQuickMessage(_)
                | Refusal::NoGame
                | Refusal::BotPlaysYourSeat
                | Refusal::Table(_)
                | Refusal::Coach(_)
                | Refusal::CoachBusy
                | Refusal::CoachInRankedChallenge
                | Refusal::ChallengeRoom
                | Refusal::NoSuchSeat(_)
                | Refusal::PlayedByBot(_)
                | Refusal::PlayerHere
                | Refusal::AlreadyAway
                | Refusal::NotAHostRequest(_)
                | Refusal::BotAfterStart
                | Refusal::UnknownBot(_)
                | Refusal::CannotRemove(_)
                | Refusal::RemovePresent
                | Refusal::RulesAfterStart
                | Refusal::RatedAfterStart
                | Refusal::NotRateable(_)
                | Refusal::TimerTooLong
                | Refusal::GameUnderWay
                | Refusal::NoGameFor(_)
                | Refusal::Bot(_)
                | Refusal::SolverBusy
                | Refusal::SolverLimit(_)
                | Refusal::Storage(_) => {}
            }
        }
        list
    }

    #[test]
    fn every_refusal_has_its_code_and_its_words() {
        let engine = GameError::InRollOff.to_string();
        let quick = format!(
            "'hi' is not a quick message: use one of {}",
            QUICK_MESSAGES.join(", ")
        );
        let timer = format!("the timer is at most {} seconds", Timer::MAX_SECONDS);
        for (refusal, code, text) in every_refusal() {
            let text = match text {
                "ENGINE" => engine.as_str(),
                "QUICK" => quick.as_str(),
                "TIMER" => timer.as_str(),
                text => text,
            };
            assert_eq!(refusal.code(), code, "{refusal:?}");
            assert_eq!(refusal.to_string(), text, "{refusal:?}");
            let reply: serde_json::Value =
                serde_json::from_str(&refusal.to_json(Some("act"))).unwrap();
            assert_eq!(reply["type"], "error");
            assert_eq!(reply["code"], code.as_str());
            assert_eq!(reply["message"], text);
            assert_eq!(reply["request"], "act");
            // The limit reached, or when to try again, where the code has one.
            match code {
                ErrorCode::ChatTooLong => assert_eq!(reply["limit"], 200),
                ErrorCode::ChatRateLimited => assert_eq!(reply["retry_ms"], 2500),
                ErrorCode::SolverLimit => assert_eq!(
                    reply["limit"],
                    serde_json::json!({"game": "duel", "dice": 13, "target": 999, "max_target": 758})
                ),
                _ => assert!(reply.get("limit").is_none() && reply.get("retry_ms").is_none()),
            }
        }
    }

    #[test]
    fn storage_refusals_never_show_the_database_s_words() {
        let refusal = Refusal::Storage(StoreError::Sqlite("table rooms is locked".into()));
        assert_eq!(
            refusal.to_string(),
            "the server could not store the change, so nothing changed: try again"
        );
        let create = CreateRefusal::Storage(StoreError::Sqlite("table rooms is locked".into()));
        assert_eq!(create.to_string(), refusal.to_string());
    }

    #[test]
    fn every_creation_refusal_has_its_code_and_its_words() {
        let cases = [
            (
                CreateRefusal::Cap(RoomCap::Connection { limit: 3 }),
                ErrorCode::RoomsPerConnection,
                "3 rooms created on this connection are open with people in them, or hold games they left unfinished within the hour: finish or leave one of them, or try again later".to_string(),
            ),
            (
                CreateRefusal::Cap(RoomCap::Server),
                ErrorCode::TooManyRooms,
                RoomCap::Server.to_string(),
            ),
            (
                CreateRefusal::Cap(RoomCap::Address { limit: 20 }),
                ErrorCode::RoomsPerAddress,
                "20 rooms created from your address are open with people in them, or hold games they left unfinished within the hour: finish or leave one of them, or try again later".to_string(),
            ),
            (
                CreateRefusal::BadName(NameError::TooLong),
                ErrorCode::Invalid,
                NameError::TooLong.to_string(),
            ),
            (
                CreateRefusal::Storage(StoreError::DiskFull),
                ErrorCode::Storage,
                StoreError::DiskFull.to_client().to_string(),
            ),
        ];
        for (refusal, code, text) in cases {
            assert_eq!(refusal.code(), code, "{refusal:?}");
            assert_eq!(refusal.to_string(), text, "{refusal:?}");
            let limit = refusal.extra().limit;
            match &refusal {
                CreateRefusal::Cap(
                    RoomCap::Address { limit: l } | RoomCap::Connection { limit: l },
                ) => {
                    assert_eq!(limit, Some(ErrorLimit::Count(*l)))
                }
                _ => assert_eq!(limit, None),
            }
            match refusal {
                CreateRefusal::Cap(_) | CreateRefusal::BadName(_) | CreateRefusal::Storage(_) => {}
            }
        }
    }
}
