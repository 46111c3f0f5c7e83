//! A room of the daily challenge: the person's seat and the day's bot, its one game started as
//! soon as the person is in, and its end graded and told to the person.

use super::*;
use crate::solving::challenge::settle;
use crate::state::ChallengeSeat;
use martian_challenge::Challenge;
use martian_engine::GameRecord;

impl Room {
    /// A room of the challenge `seat` plays: the person (name already checked) in seat 0, the
    /// challenge's opponents after; its game starts once the person is in. Returns the person's
    /// token.
    pub fn challenge(
        id: String,
        person: (String, Option<Avatar>),
        seat: ChallengeSeat,
        founding: Founding,
        store: Store,
        settings: Arc<RoomSettings>,
    ) -> (Room, String) {
        let token = random_token();
        let (name, avatar) = person;
        let mut seats = vec![SeatState::person(
            name,
            token_hash(&token),
            avatar.unwrap_or(Avatar::nth_person(0)),
        )];
        for &bot in martian_challenge::OPPONENTS {
            seats.push(SeatState::bot(bot.to_string(), bot.to_string()));
        }
        let state = RoomState {
            seats,
            host: 0,
            waiting: Vec::new(),
            rules: Challenge::of(seat.date).rules,
            timer: Timer::default(),
            timer_auto: true,
            status: Status::Lobby,
            game: 0,
            finished: Vec::new(),
            code: random_code(),
            creator: founding.creator,
            public: false,
            lang: founding.lang,
            spectator_chat: false,
            standing: None,
            rated: false,
            challenge: Some(seat),
        };
        let mut room = Room::with_state(id, state, store, settings);
        room.reported = Reported::entering();
        room.auto_start = Some(Instant::now() + social::MATCH_START_WAIT);
        (room, token)
    }

    /// Whether the room plays a ranked attempt of the challenge: no coach there.
    pub(super) fn ranked_challenge(&self) -> bool {
        self.state
            .challenge
            .as_ref()
            .is_some_and(|challenge| challenge.claimed.is_some())
    }

    /// The challenge's game is over: graded and stored away from the room's task, then its
    /// result (or why there is none) told to whoever is on the person's seat now.
    pub(super) fn challenge_over(&self, record: &GameRecord) {
        let Some(seat) = self.state.challenge.clone() else {
            return;
        };
        let person = Challenge::of(seat.date).person_seat();
        let outboxes: Vec<Outbox> = self
            .members
            .values()
            .filter(|member| member.seat == Some(person))
            .map(|member| member.outbox.clone())
            .collect();
        let name = self.state.seats[person].name.clone();
        let (record, deciders) = (record.clone(), self.settings.deciders.clone());
        let challenges = self.store.challenges();
        tokio::spawn(async move {
            let text = match settle(seat, name, record, &deciders, challenges).await {
                Ok(result) => ServerMessage::ChallengeResult { result: &result }.to_json(),
                Err(error) => {
                    tracing::error!("settling a challenge: {error}");
                    let code = match error {
                        crate::solving::challenge::SettleError::Store(_) => {
                            martian_protocol::ErrorCode::Storage
                        }
                        _ => martian_protocol::ErrorCode::WrongState,
                    };
                    martian_protocol::error_json_with(
                        code,
                        "the challenge's game could not be graded",
                        Some("challenge"),
                        martian_protocol::ErrorExtra::default(),
                    )
                }
            };
            let text: Text = text.into();
            for outbox in outboxes {
                let _ = outbox.send(Outgoing::Text(text.clone()));
            }
        });
    }
}
