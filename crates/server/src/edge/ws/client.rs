//! What a client's messages do between frames: entering and making rooms, quick match, the
//! messages handed to its room, and the refusals said to it.

use std::sync::Arc;

use tokio::sync::oneshot;
use tokio::time::Instant;

use super::challenge::ChallengeAsked;
use crate::edge::App;
use crate::edge::accept::Peer;
use crate::meeting::codes::CodeRefusal;
use crate::meeting::matcher::{MatchState, Waiter};
use crate::rooms::outbox::{ConnId, Outbox, Text};
use crate::rooms::registry::{Creator, NewRoom};
use crate::rooms::room::{
    CreateRefusal, Entry, Founding, Room, RoomCommand, RoomSender, room_queue,
};
use crate::state::Status;
use crate::state::avatars::Avatar;
use crate::state::ids::{is_room_id, random_room_id};
use crate::state::signed::Signed;
use martian_protocol::{
    ClientMessage, ErrorCode, ErrorExtra, LeftCode, MATCH_PLAYERS, MAX_MESSAGE_BYTES, MAX_MY_ROOMS,
    ServerMessage, clean_name, error_json_with,
};
use martian_ratings::Rating;

/// A `quick_match` as asked.
pub(super) struct MatchAsked {
    name: String,
    avatar: Option<String>,
    lang: Option<martian_protocol::RoomLang>,
    players: Option<usize>,
    /// For a rated table (signed in only).
    rated: bool,
}

/// A connection's state between its messages.
pub(super) struct Client {
    pub(super) conn: ConnId,
    pub(super) peer: Peer,
    pub(super) outbox: Outbox,
    pub(super) room: Option<RoomSender>,
    /// The connection has just left its room: what the room queued for it before is dropped.
    pub(super) just_left: bool,
    /// The public rooms' list, while the connection browses it.
    pub(super) browsing: Option<tokio::sync::watch::Receiver<Text>>,
    /// The connection waits in the quick-match queue.
    pub(super) matching: bool,
    /// With several processes: the connection was opened for quick match (`/ws?match=1`) and
    /// served by the process that makes them, so its `quick_match` is this process's.
    pub(super) match_here: bool,
    /// The room codes it typed that found no room.
    pub(super) guesses: crate::meeting::codes::ConnectionGuesses,
    /// The account the connection is signed in as (from the session cookie).
    pub(super) account: Option<crate::players::Account>,
}

/// An avatar a person picked, if any; an unknown id is refused.
pub(super) fn person_avatar(id: Option<String>) -> Result<Option<Avatar>, String> {
    match id {
        None => Ok(None),
        Some(id) => Avatar::person(&id)
            .map(Some)
            .ok_or(format!("unknown avatar '{id}'")),
    }
}

impl Client {
    /// The account the connection is signed in as, with whom it blocks now (read afresh at each
    /// entry, so that a block made a moment ago counts).
    pub(super) async fn signed(&self, app: &App) -> Option<Signed> {
        let account = self.account.as_ref()?;
        let blocked = match app.players.accounts.blocks(account.id).await {
            Ok(blocked) => blocked,
            Err(error) => {
                tracing::warn!("reading whom an account blocks: {error}");
                Vec::new()
            }
        };
        Some(Signed::new(account.id, &account.name, &blocked))
    }

    /// A refusal if `name` (compared as names are) is an account's and the connection is not
    /// signed in as it: a guest cannot sit as someone who claimed the name.
    async fn claimed_by_another(&self, app: &App, name: &str, kind: &str) -> Option<String> {
        let key = martian_protocol::names::skeleton(name);
        if key.is_empty() {
            return None;
        }
        let owner = match app.players.accounts.by_key(&key).await {
            Ok(owner) => owner?,
            Err(error) => {
                tracing::warn!("checking a name against the accounts: {error}");
                return None;
            }
        };
        if owner.disabled || self.account.as_ref().is_some_and(|a| a.id == owner.id) {
            return None;
        }
        Some(refusal(
            app,
            ErrorCode::NameTaken,
            &format!(
                "{} is an account's name: sign in as it, or choose another name",
                owner.name
            ),
            Some(kind),
        ))
    }

    /// Handles one text message; returns a direct reply (errors outside a room), if any.
    pub(super) async fn incoming_text(
        &mut self,
        app: &Arc<App>,
        text: &str,
        received: Instant,
    ) -> Option<String> {
        if text.len() > MAX_MESSAGE_BYTES {
            return Some(refusal(
                app,
                ErrorCode::TooLarge,
                &format!(
                    "the message has {} bytes; the limit is {MAX_MESSAGE_BYTES}",
                    text.len()
                ),
                None,
            ));
        }
        let message: ClientMessage = match serde_json::from_str(text) {
            Ok(message) => message,
            Err(error) => {
                let explained = crate::edge::malformed::explain(text, &error);
                app.metrics.refusal(ErrorCode::Malformed.as_str());
                return Some(error_json_with(
                    ErrorCode::Malformed,
                    &explained.message,
                    ClientMessage::intended_kind(text),
                    ErrorExtra {
                        reason: Some(explained.reason),
                        ..ErrorExtra::default()
                    },
                ));
            }
        };
        let kind = message.kind();
        app.metrics.message(kind);
        // Answered here, in a room or not.
        match message {
            ClientMessage::Browse { on } => {
                self.browsing = on.then(|| app.directory.subscribe());
                return None;
            }
            ClientMessage::MyRooms { seats } => {
                if seats.len() > MAX_MY_ROOMS {
                    return Some(refusal(
                        app,
                        ErrorCode::Malformed,
                        &format!("my_rooms asks about at most {MAX_MY_ROOMS} seats"),
                        Some(kind),
                    ));
                }
                let rooms = Box::pin(crate::meeting::yours::my_rooms(&app.rooms, seats)).await;
                return Some(ServerMessage::MyRooms { rooms: &rooms }.to_json());
            }
            _ => {}
        }
        let conn = self.conn;
        if let Some(sender) = self.room.as_ref() {
            if matches!(
                message,
                ClientMessage::CreateRoom { .. }
                    | ClientMessage::Join { .. }
                    | ClientMessage::Resume { .. }
                    | ClientMessage::Watch { .. }
                    | ClientMessage::QuickMatch { .. }
                    | ClientMessage::MatchBot {}
                    | ClientMessage::MatchCancel {}
                    | ClientMessage::Challenge { .. }
            ) {
                return Some(refusal(
                    app,
                    ErrorCode::AlreadyInRoom,
                    "you are already in a room: leave it first",
                    Some(kind),
                ));
            }
            let give_up = message == (ClientMessage::LeaveSeat {});
            if give_up || message == (ClientMessage::Leave {}) {
                // Handled here so that a join right after it finds the connection out of the
                // room; answered once the room has let go, so that nothing of it follows.
                let (done, let_go) = oneshot::channel();
                let gone = RoomCommand::Gone {
                    conn,
                    left: true,
                    give_up,
                    done: Some(done),
                };
                if sender.send(gone).await.is_ok() {
                    let _ = let_go.await;
                }
                self.room = None;
                self.just_left = true;
                if let Some(account) = &self.account {
                    app.players.online.set_room(&account.name, conn, None);
                }
                let left = if give_up {
                    ServerMessage::Left {
                        code: LeftCode::LeftSeat,
                        reason: "you left your seat",
                    }
                } else {
                    ServerMessage::Left {
                        code: LeftCode::Left,
                        reason: "you left the room",
                    }
                };
                return Some(left.to_json());
            }
            if sender
                .send(RoomCommand::Message {
                    conn,
                    message,
                    received,
                })
                .await
                .is_err()
            {
                self.room = None;
                return Some(refusal(
                    app,
                    ErrorCode::NoSuchRoom,
                    "the room was closed",
                    Some(kind),
                ));
            }
            return None;
        }
        if self.matching {
            return Box::pin(self.while_matching(app, message)).await;
        }
        let named = match &message {
            ClientMessage::CreateRoom { name, .. }
            | ClientMessage::Join { name, .. }
            | ClientMessage::QuickMatch { name, .. }
            | ClientMessage::Challenge { name, .. } => Some(name.as_str()),
            ClientMessage::Watch { name, .. } => name.as_deref(),
            _ => None,
        };
        if let Some(name) = named
            && let Some(refused) = self.claimed_by_another(app, name, kind).await
        {
            return Some(refused);
        }
        let (room_id, entry) = match message {
            ClientMessage::Ping {} => return Some(ServerMessage::Pong {}.to_json()),
            // Boxed, as is the cluster's lookup below: rare and large futures, which would
            // otherwise be part of every connection's task for its whole life.
            ClientMessage::CreateRoom {
                name,
                avatar,
                lang,
                public,
            } => {
                let avatar = match person_avatar(avatar) {
                    Ok(avatar) => avatar,
                    Err(why) => return Some(refusal(app, ErrorCode::Invalid, &why, Some(kind))),
                };
                let founding = Founding {
                    host: name,
                    avatar,
                    lang: lang.unwrap_or_default(),
                    public: public.unwrap_or(false),
                    creator: Some(self.peer.addr),
                };
                match Box::pin(self.create_room(app, founding)).await {
                    Ok(created) => created,
                    Err(refused) => {
                        app.metrics.refusal(refused.code().as_str());
                        return Some(error_json_with(
                            refused.code(),
                            &refused.to_string(),
                            Some(kind),
                            refused.extra(),
                        ));
                    }
                }
            }
            ClientMessage::Join {
                room,
                code,
                name,
                avatar,
                token,
            } => {
                let avatar = match person_avatar(avatar) {
                    Ok(avatar) => avatar,
                    Err(why) => return Some(refusal(app, ErrorCode::Invalid, &why, Some(kind))),
                };
                let room = match Box::pin(self.room_named(app, kind, room, code)).await {
                    Ok(room) => room,
                    Err(reply) => return Some(reply),
                };
                (
                    room,
                    Entry::Join {
                        name,
                        avatar,
                        token,
                    },
                )
            }
            ClientMessage::Resume { room, token } => (room, Entry::Resume { token }),
            ClientMessage::Watch { room, code, name } => {
                let room = match Box::pin(self.room_named(app, kind, room, code)).await {
                    Ok(room) => room,
                    Err(reply) => return Some(reply),
                };
                (room, Entry::Watch { name })
            }
            ClientMessage::QuickMatch {
                name,
                avatar,
                lang,
                players,
                rated,
            } => {
                let asked = MatchAsked {
                    name,
                    avatar,
                    lang,
                    players,
                    rated: rated.unwrap_or(false),
                };
                return Box::pin(self.quick_match(app, asked)).await;
            }
            ClientMessage::Challenge {
                date,
                name,
                avatar,
                guest,
            } => {
                let asked = ChallengeAsked {
                    date,
                    name,
                    avatar,
                    guest,
                };
                match Box::pin(self.challenge(app, asked)).await {
                    Ok(created) => created,
                    Err(reply) => return Some(reply),
                }
            }
            ClientMessage::MatchBot {} | ClientMessage::MatchCancel {} => {
                return Some(refusal(
                    app,
                    ErrorCode::WrongState,
                    "you are not waiting for a quick match",
                    Some(kind),
                ));
            }
            _ => {
                return Some(refusal(
                    app,
                    ErrorCode::NotInRoom,
                    "create, join, resume or watch a room first",
                    Some(kind),
                ));
            }
        };
        Box::pin(self.enter(app, kind, room_id, entry)).await
    }

    /// The room a `join` or `watch` names: by id, or by code (found here or, with several
    /// processes, in the database). The error reply otherwise.
    pub(super) async fn room_named(
        &self,
        app: &Arc<App>,
        kind: &'static str,
        room: Option<String>,
        code: Option<String>,
    ) -> Result<String, String> {
        match (room, code) {
            (Some(room), None) => Ok(room),
            (None, Some(code)) => crate::meeting::codes::resolve(
                &crate::meeting::codes::CodeLookup {
                    rooms: &app.rooms,
                    clustered: app.cluster.is_some(),
                    guesses: &app.guesses,
                },
                self.peer.addr,
                &self.guesses,
                &code,
            )
            .await
            .map_err(|refused| {
                let (code, extra) = match &refused {
                    CodeRefusal::Unknown(_) | CodeRefusal::Shape(_) => {
                        (ErrorCode::UnknownCode, ErrorExtra::default())
                    }
                    CodeRefusal::TooManyGuesses(wait) => (
                        ErrorCode::TooManyGuesses,
                        ErrorExtra {
                            retry_ms: Some(wait.as_millis().max(1) as u64),
                            ..ErrorExtra::default()
                        },
                    ),
                    CodeRefusal::Storage(_) => (ErrorCode::Storage, ErrorExtra::default()),
                };
                app.metrics.refusal(code.as_str());
                error_json_with(code, &refused.to_string(), Some(kind), extra)
            }),
            _ => Err(refusal(
                app,
                ErrorCode::Malformed,
                &format!("{kind} takes either a room or a code"),
                Some(kind),
            )),
        }
    }

    /// Enters room `room_id` as `entry` says; the error reply, if any.
    pub(super) async fn enter(
        &mut self,
        app: &Arc<App>,
        kind: &'static str,
        room_id: String,
        entry: Entry,
    ) -> Option<String> {
        let conn = self.conn;
        let no_room = || {
            Some(refusal(
                app,
                ErrorCode::NoSuchRoom,
                "no such room",
                Some(kind),
            ))
        };
        if !is_room_id(&room_id) {
            return no_room();
        }
        if let Some(cluster) = &app.cluster {
            // A room run by another process: this connection reached the wrong one.
            match Box::pin(cluster.held_elsewhere(&app.rooms, &room_id)).await {
                Ok(false) => {}
                Ok(true) => {
                    app.metrics.refusal(ErrorCode::Moved.as_str());
                    return Some(error_json_with(
                        ErrorCode::Moved,
                        &format!("another server runs this room: reconnect to /ws?room={room_id}"),
                        Some(kind),
                        ErrorExtra {
                            room: Some(&room_id),
                            ..ErrorExtra::default()
                        },
                    ));
                }
                Err(error) => {
                    tracing::error!(room = %room_id, "finding the room: {error}");
                    return Some(refusal(
                        app,
                        ErrorCode::Storage,
                        error.to_client(),
                        Some(kind),
                    ));
                }
            }
        }
        let Some(sender) = app.rooms.registry.get(&room_id) else {
            return no_room();
        };
        let (reply, entered) = oneshot::channel();
        let command = RoomCommand::Enter {
            conn,
            outbox: self.outbox.clone(),
            entry,
            signed: self.signed(app).await,
            reply,
        };
        if sender.send(command).await.is_err() {
            return no_room();
        }
        match entered.await {
            Ok(true) => {
                self.room = Some(sender);
                if let Some(account) = &self.account {
                    app.players
                        .online
                        .set_room(&account.name, conn, Some(&room_id));
                }
                // A connection in a room follows the room, not the list.
                self.browsing = None;
            }
            Ok(false) => {}
            // The room closed before it could answer.
            Err(_) => return no_room(),
        }
        None
    }

    /// Makes a room as `founding` says, with its host in seat 0; returns its id and how the
    /// host enters it.
    pub(super) async fn create_room(
        &mut self,
        app: &Arc<App>,
        founding: Founding,
    ) -> Result<(String, Entry), CreateRefusal> {
        let settings = app.rooms.settings.clone();
        self.open_room(app, move |id, store| {
            Ok(Room::create(id, founding, store, settings)?)
        })
        .await
    }

    /// Makes a room with `make` (given its id and storage handle; it answers the room and the
    /// token its first person enters with), stored and running; returns its id and how that
    /// person enters it.
    pub(super) async fn open_room(
        &mut self,
        app: &Arc<App>,
        make: impl FnOnce(String, martian_store::Store) -> Result<(Room, String), CreateRefusal>,
    ) -> Result<(String, Entry), CreateRefusal> {
        let creator = Creator {
            addr: self.peer.addr,
            conn: Some(self.conn),
        };
        // With several processes, the live rooms of this address elsewhere count too.
        let elsewhere = if app.cluster.is_some() {
            app.rooms
                .store
                .live_elsewhere(&creator.addr.to_string())
                .await?
        } else {
            0
        };
        app.rooms.registry.check(creator, elsewhere)?;
        let id = random_room_id();
        // A new room's lease starts at generation 1 (with leases; 0 without).
        let store = app.rooms.store.for_room(&id, 1);
        let generation = store.fence().map_or(0, |fence| fence.generation);
        let (mut room, token) = make(id.clone(), store.clone())?;
        // A code no other room here has (with several processes, the database's unique index
        // refuses the rare code another process took at the same moment).
        for _ in 0..8 {
            if !app.rooms.registry.has_code(room.code())
                && (app.cluster.is_none()
                    || crate::meeting::codes::find_stored(&app.rooms.store, room.code())
                        .await?
                        .is_none())
            {
                break;
            }
            room.new_code();
        }
        // The room takes its place first (the caps are checked again under the lock), is stored,
        // and only then runs; messages sent to it meanwhile wait in its queue.
        let (tx, rx) = room_queue();
        let evicted = app.rooms.registry.insert(
            NewRoom {
                id: id.clone(),
                code: room.code().to_string(),
                sender: tx,
                creator: Some(creator),
                generation,
                status: Status::Lobby,
                attended: true,
                people: true,
            },
            true,
        )?;
        if let Some(evicted) = evicted {
            app.metrics.room_evicted();
            crate::rooms::room::evict(&evicted).await;
        }
        if let Err(error) = store.commit(vec![room.first_write()]).await {
            app.rooms.registry.remove(&id, generation);
            tracing::error!(room = %id, "creating a room: {error}");
            return Err(error.into());
        }
        room.spawn(rx);
        Ok((id, Entry::Resume { token }))
    }

    /// Takes a place in the quick-match queue.
    pub(super) async fn quick_match(
        &mut self,
        app: &Arc<App>,
        asked: MatchAsked,
    ) -> Option<String> {
        let MatchAsked {
            name,
            avatar,
            lang,
            players,
            rated,
        } = asked;
        let kind = "quick_match";
        let name = match clean_name(&name) {
            Ok(name) => name,
            Err(why) => {
                app.metrics.refusal(ErrorCode::Invalid.as_str());
                return Some(error_json_with(
                    ErrorCode::Invalid,
                    &why.to_string(),
                    Some(kind),
                    why.extra(),
                ));
            }
        };
        let avatar = match person_avatar(avatar) {
            Ok(avatar) => avatar,
            Err(why) => return Some(refusal(app, ErrorCode::Invalid, &why, Some(kind))),
        };
        if let Some(cluster) = &app.cluster
            && !self.match_here
        {
            match cluster.matches_elsewhere().await {
                Ok(false) => {}
                Ok(true) => {
                    return Some(refusal(
                        app,
                        ErrorCode::Moved,
                        "another server makes the quick matches: reconnect to /ws?match=1 and ask there",
                        Some(kind),
                    ));
                }
                Err(error) => {
                    tracing::error!("finding the process that makes the quick matches: {error}");
                    return Some(refusal(
                        app,
                        ErrorCode::Storage,
                        error.to_client(),
                        Some(kind),
                    ));
                }
            }
        }
        let signed = self.signed(app).await;
        let rating = if rated {
            let Some(account) = &signed else {
                return Some(refusal(
                    app,
                    ErrorCode::NotSignedIn,
                    "a rated quick match is for signed-in players: sign in first",
                    Some(kind),
                ));
            };
            match app.players.accounts.ratings().of(account.id).await {
                Ok(rating) => Some(rating.map_or(Rating::NEW, |r| r.rating).display()),
                Err(error) => {
                    tracing::warn!("reading a rating for a rated quick match: {error}");
                    return Some(refusal(
                        app,
                        ErrorCode::Storage,
                        error.to_client(),
                        Some(kind),
                    ));
                }
            }
        } else {
            None
        };
        // A rated seat is the account's: it sits under the account's name.
        let name = match (&signed, rating) {
            (Some(account), Some(_)) => account.name.clone(),
            _ => name,
        };
        let mut waiter = Waiter::new(
            self.conn,
            self.outbox.clone(),
            self.peer.addr,
            name,
            avatar,
            lang.unwrap_or_default(),
            players.unwrap_or(MATCH_PLAYERS.0),
        )
        .signed(signed);
        if let Some(rating) = rating {
            waiter = waiter.rated(rating);
        }
        match app.matcher.join(waiter) {
            Ok(()) => {
                self.matching = true;
                None
            }
            Err(refused) => Some(refusal(
                app,
                refused.code(),
                &refused.to_string(),
                Some(kind),
            )),
        }
    }

    /// A request while waiting in the quick-match queue.
    pub(super) async fn while_matching(
        &mut self,
        app: &Arc<App>,
        message: ClientMessage,
    ) -> Option<String> {
        let kind = message.kind();
        match message {
            ClientMessage::Ping {} => Some(ServerMessage::Pong {}.to_json()),
            ClientMessage::MatchCancel {} => {
                app.matcher.leave(self.conn);
                self.matching = false;
                Some(MatchState::cancelled().to_json())
            }
            ClientMessage::MatchBot {} => match app.matcher.take_bot(self.conn) {
                Ok(table) => {
                    // The room tells each connection to enter it (`Outgoing::Matched`).
                    crate::meeting::matcher::seat_with_bots(&app.rooms, table).await;
                    None
                }
                Err(refused) => Some(refusal(
                    app,
                    refused.code(),
                    &refused.to_string(),
                    Some(kind),
                )),
            },
            _ => Some(refusal(
                app,
                ErrorCode::WrongState,
                "you are waiting for a quick match: cancel it first (match_cancel)",
                Some(kind),
            )),
        }
    }
}

/// An error reply, counted in the metrics.
pub(super) fn refusal(app: &App, code: ErrorCode, message: &str, request: Option<&str>) -> String {
    app.metrics.refusal(code.as_str());
    error_json_with(code, message, request, ErrorExtra::default())
}
