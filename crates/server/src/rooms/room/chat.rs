//! The room's chat: phrases and free text from the players (and, when the host allows it, the
//! spectators), paced, stored, and relayed to everyone in the room.

use super::*;
use crate::rooms::chat::{ChatLine, Said, clean_text};
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
        for member in self.members.values() {
            let _ = member.outbox.send(Outgoing::Text(text.clone()));
        }
        Ok(())
    }

    /// The `chat_history` message: the lines kept so far.
    pub(super) fn chat_history(&self) -> String {
        let list = self.chat.json_list();
        let raw = serde_json::value::RawValue::from_string(list).expect("a JSON list of lines");
        ServerMessage::ChatHistory { lines: &raw }.to_json()
    }
}
