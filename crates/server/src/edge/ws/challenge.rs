//! `challenge`: a room of one's own for the daily challenge (docs/challenge.md), ranked for
//! today's first attempt of the account, or of the browser for a guest.

use std::sync::Arc;

use martian_challenge::ChallengeDate;
use martian_protocol::{ErrorCode, ServerMessage, clean_name, error_json_with};
use martian_store::challenges::AttemptPlayer;

use super::client::{Client, person_avatar, refusal};
use crate::edge::App;
use crate::rooms::outbox::Outgoing;
use crate::rooms::room::{Entry, Founding, Room};
use crate::solving::challenge::today;
use crate::state::ChallengeSeat;
use crate::state::ids::{random_token, token_hash};

/// What a `challenge` message asks for.
pub(super) struct ChallengeAsked {
    pub date: Option<String>,
    pub name: String,
    pub avatar: Option<String>,
    pub guest: Option<String>,
}

/// The longest guest key taken (the page's are 32 hexadecimal digits).
const GUEST_KEY_MAX: usize = 64;

/// Whether `key` is a guest key as the server hands them out: hexadecimal digits, not too many.
fn guest_key_shape(key: &str) -> bool {
    (16..=GUEST_KEY_MAX).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_hexdigit())
}

impl Client {
    /// Opens the room of the challenge `asked` names; how the person enters it, or the error
    /// reply.
    pub(super) async fn challenge(
        &mut self,
        app: &Arc<App>,
        asked: ChallengeAsked,
    ) -> Result<(String, Entry), String> {
        let kind = "challenge";
        let invalid = |why: &str| refusal(app, ErrorCode::Invalid, why, Some(kind));
        let today = today();
        let date = match asked.date.as_deref() {
            None => today,
            Some(text) => text
                .parse::<ChallengeDate>()
                .map_err(|error| invalid(&error.to_string()))?,
        };
        if date > today {
            return Err(invalid(&format!(
                "the challenge of {date} opens on that day (UTC); today is {today}"
            )));
        }
        let name = clean_name(&asked.name).map_err(|why| {
            app.metrics.refusal(ErrorCode::Invalid.as_str());
            error_json_with(
                ErrorCode::Invalid,
                &why.to_string(),
                Some(kind),
                why.extra(),
            )
        })?;
        let avatar = person_avatar(asked.avatar).map_err(|why| invalid(&why))?;
        // A guest's ranked attempt is counted by the key its browser keeps, not by its name: a
        // new name is not a new attempt. Stored as its hash only.
        let (player_key, guest) = match (&self.account, asked.guest) {
            (Some(account), _) => (format!("account:{}", account.id), None),
            (None, Some(key)) if guest_key_shape(&key) => {
                (format!("guest:{}", token_hash(&key)), Some(key))
            }
            (None, Some(_)) => return Err(invalid("the guest key is not one this server gave")),
            (None, None) => {
                let key = random_token();
                (format!("guest:{}", token_hash(&key)), Some(key))
            }
        };
        let account = self.account.as_ref().map(|a| a.id);
        let claimed = if date == today {
            let player = AttemptPlayer {
                key: player_key.clone(),
                account,
                name: name.clone(),
            };
            app.rooms
                .store
                .challenges()
                .claim(date.to_string(), player, martian_store::now_ms())
                .await
                .map_err(|error| {
                    tracing::error!("claiming a challenge attempt: {error}");
                    refusal(app, ErrorCode::Storage, error.to_client(), Some(kind))
                })?
        } else {
            None
        };
        let seat = ChallengeSeat {
            date,
            player: player_key,
            account,
            claimed,
        };
        let founding = Founding {
            host: name.clone(),
            avatar,
            lang: martian_protocol::RoomLang::default(),
            public: false,
            creator: Some(self.peer.addr),
        };
        let settings = app.rooms.settings.clone();
        let opened = self
            .open_room(app, move |id, store| {
                Ok(Room::challenge(
                    id,
                    (name, avatar),
                    seat,
                    founding,
                    store,
                    settings,
                ))
            })
            .await;
        let opened = opened.map_err(|refused| {
            app.metrics.refusal(refused.code().as_str());
            error_json_with(
                refused.code(),
                &refused.to_string(),
                Some(kind),
                refused.extra(),
            )
        })?;
        let date_text = date.to_string();
        let started = ServerMessage::ChallengeStarted {
            date: &date_text,
            ranked: claimed.is_some(),
            guest: guest.as_deref(),
        }
        .to_json();
        let _ = self.outbox.send(Outgoing::Text(started.into()));
        Ok(opened)
    }
}
