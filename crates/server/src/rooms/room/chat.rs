//! The room's chat: phrases and free text from the players (and, when the host allows it, the
//! spectators), paced, stored, and relayed to everyone in the room.

use super::*;
use crate::rooms::chat::{ChatLine, Said, clean_text};

/// Whether a line by `writer` (an account's name, `None` for a guest's line) is hidden from a
/// reader signed in as `reader`.
fn hidden_for(reader: Option<&Signed>, writer: Option<&str>) -> bool {
    match (reader, writer) {
        (Some(reader), Some(writer)) => reader.blocks_name(writer),
        _ => false,
    }
}
use martian_protocol::QUICK_MESSAGES;

/// A member's chat: this many lines at once…
pub const MEMBER_BURST: u32 = 5;
/// …then one every this long.
pub const MEMBER_EVERY: Duration = Duration::from_secs(3);
/// A room's chat: this many lines at once…
pub const ROOM_BURST: u32 = 20;
/// …then one every this long.
pub const ROOM_EVERY: Duration = Duration::from_millis(500);

impl Room {
    /// A phrase, by id.
    pub(super) async fn say(&mut self, conn: ConnId, message: &str) -> Reply {
        let Some(&phrase) = QUICK_MESSAGES.iter().find(|&&m| m == message) else {
            return Err(Refusal::NotAQuickMessage(message.to_string()));
        };
        let seat = self.members.get(&conn).and_then(|m| m.seat);
        self.post(conn, Said::Phrase(phrase.to_string())).await?;
        if let Some(seat) = seat {
            // Older clients know phrases as `said`.
            let said: Text = ServerMessage::Said {
                seat,
                name: &self.state.seats[seat].name,
                message: phrase,
            }
            .to_json()
            .into();
            for member in self.members.values() {
                let _ = member.outbox.send(Outgoing::Text(said.clone()));
            }
        }
        Ok(Vec::new())
    }

    /// A line of free text.
    pub(super) async fn chat_text(&mut self, conn: ConnId, text: &str) -> Reply {
        let text = clean_text(text)?;
        self.post(conn, Said::Text(text)).await?;
        Ok(Vec::new())
    }

    /// Checks who writes and how fast, stores the line, and sends it to everyone in the room.
    async fn post(&mut self, conn: ConnId, said: Said) -> Result<(), Refusal> {
        let member = self.members.get(&conn).expect("the sender is a member");
        let signed_as = |name: &str| member.signed.as_ref().is_some_and(|s| s.owns(name));
        let (seat, name, avatar, spectator) = match (member.seat, &member.waiting) {
            (Some(seat), _) => {
                let person = &self.state.seats[seat];
                if person.muted {
                    return Err(Refusal::Muted);
                }
                (
                    Some(seat),
                    person.name.clone(),
                    Some(self.state.avatar(seat)),
                    false,
                )
            }
            (None, Some(token)) => {
                let hash = token_hash(token);
                let place = self.state.waiting.iter().find(|w| w.token_hash == hash);
                let Some(place) = place else {
                    return Err(Refusal::SpectatorSays);
                };
                (None, place.name.clone(), place.avatar, false)
            }
            (None, None) => {
                if !self.state.spectator_chat {
                    return Err(Refusal::SpectatorSays);
                }
                let Some(name) = member.name.as_deref() else {
                    return Err(Refusal::SpectatorUnnamed);
                };
                (None, name.to_string(), None, true)
            }
        };
        let claimed = match seat {
            Some(seat) => self.state.seats[seat].claimed,
            None => signed_as(&name),
        };
        let member = self.members.get_mut(&conn).expect("the sender is a member");
        member
            .chat
            .take(MEMBER_BURST, MEMBER_EVERY)
            .map_err(Refusal::ChatTooFast)?;
        self.chat_bucket
            .take(ROOM_BURST, ROOM_EVERY)
            .map_err(Refusal::ChatTooFast)?;
        let line = ChatLine {
            n: self.chat.last + 1,
            at: martian_store::now_ms(),
            seat,
            name,
            avatar,
            spectator,
            claimed,
            said,
        };
        let json = serde_json::to_string(&line).expect("a chat line is plain data");
        self.store
            .write(Write::Chat {
                room: self.id.clone(),
                n: line.n,
                line: json.clone(),
            })
            .await
            .inspect_err(|e| {
                if e.loses_the_room() && self.store.fence().is_some() {
                    self.lost = true;
                }
            })?;
        self.chat.last = line.n;
        self.settings.metrics.chat_line();
        let raw = serde_json::value::RawValue::from_string(json).expect("JSON of a line");
        let text: Text = ServerMessage::Chat { line: &raw }.to_json().into();
        self.chat
            .push(String::from(Box::<str>::from(raw)).into_boxed_str());
        // A signed-in writer's lines are hidden from those who block them.
        let writer = line.claimed.then_some(line.name.as_str());
        for member in self.members.values() {
            if hidden_for(member.signed.as_ref(), writer) {
                continue;
            }
            let _ = member.outbox.send(Outgoing::Text(text.clone()));
        }
        Ok(())
    }

    /// The `chat_history` message for a reader signed in as `reader`: the lines kept so far,
    /// without those of the players the reader blocks.
    pub(super) fn chat_history(&self, reader: Option<&Signed>) -> String {
        let list = match reader.filter(|r| !r.blocks.is_empty()) {
            None => self.chat.json_list(),
            Some(reader) => self.chat.json_list_without(|line| {
                serde_json::from_str::<ChatLine>(line).is_ok_and(|line| {
                    hidden_for(Some(reader), line.claimed.then_some(line.name.as_str()))
                })
            }),
        };
        let raw = serde_json::value::RawValue::from_string(list).expect("a JSON list of lines");
        ServerMessage::ChatHistory { lines: &raw }.to_json()
    }

    /// Marks `seat` as its holder's account when they entered signed in as the seat's name.
    pub(super) async fn mark_claimed(&mut self, seat: usize, signed: Option<&Signed>) {
        let person = &self.state.seats[seat];
        if person.claimed || person.bot.is_some() || !signed.is_some_and(|s| s.owns(&person.name)) {
            return;
        }
        let mut next = self.state.clone();
        next.seats[seat].claimed = true;
        next.seats[seat].account = signed.map(|s| s.id);
        // The entry's own update carries the mark to everyone.
        if let Err(refusal) = self.commit_state(next).await {
            tracing::warn!(room = %self.id, "marking a claimed seat: {refusal}");
        }
    }
}
