//! The social side of a room: giving one's seat up, avatars, the host's options and muting, the
//! turn of the first player at a rematch, quick-match rooms starting by themselves, the room's
//! public listing and what its seat holders are told of it (`my_rooms`).

use super::*;
use martian_protocol::meeting::MyRoom;
use martian_protocol::meeting::{ListedSeat, Listing};

/// A quick-match room starts its game once its people are in, or after this long.
pub const MATCH_START_WAIT: Duration = Duration::from_secs(10);

impl Room {
    /// Seat `seat` was removed from the state (the lobby): the connections on it are detached
    /// with `code`, and those after it move up and are told their new seat.
    pub(super) fn seat_gone(&mut self, seat: usize, code: LeftCode, reason: &str) {
        self.bots.remove(seat);
        self.stand_in.remove(seat);
        self.disconnected.remove(seat);
        let mut removed = Vec::new();
        let mut moved_up = Vec::new();
        for (&id, member) in &mut self.members {
            match member.seat {
                Some(s) if s == seat => removed.push(id),
                Some(s) if s > seat => {
                    member.seat = Some(s - 1);
                    moved_up.push((id, s - 1));
                }
                _ => {}
            }
        }
        // Whoever sat after the removed seat is told their new seat before the update that
        // shows it (their token is unchanged, so it is not sent again).
        for (id, new_seat) in moved_up {
            self.tell_seat(id, new_seat);
        }
        for id in removed {
            if let Some(member) = self.members.remove(&id) {
                let left = ServerMessage::Left { code, reason }.to_json();
                let _ = member.outbox.send(Outgoing::Detached(Some(left.into())));
            }
        }
    }

    /// Tells `conn` its new seat number (its token is unchanged).
    fn tell_seat(&self, conn: ConnId, seat: usize) {
        let joined = ServerMessage::Joined {
            room: &self.id,
            seat: Some(seat),
            token: None,
            waiting: false,
        }
        .to_json();
        self.send(conn, joined);
    }

    /// The seats put in `order` (`order[new]` is the old seat; the state is already stored):
    /// a rematch's turn by one, a rated game's draw. Each member whose seat changed learns it.
    pub(super) fn reseated(&mut self, order: &[usize]) {
        let mut new_of = vec![0; order.len()];
        for (new, &old) in order.iter().enumerate() {
            new_of[old] = new;
        }
        self.disconnected = permuted(std::mem::take(&mut self.disconnected), order);
        self.bots = permuted(std::mem::take(&mut self.bots), order);
        let mut moved = Vec::new();
        for (&id, member) in &mut self.members {
            if let Some(seat) = member.seat
                && new_of[seat] != seat
            {
                member.seat = Some(new_of[seat]);
                moved.push((id, new_of[seat]));
            }
        }
        for (id, seat) in moved {
            self.tell_seat(id, seat);
        }
    }

    /// A member gives their seat up for good (already out of the room's members): removed in
    /// the lobby, played by a bot in a game; a place in line is given up.
    pub(super) async fn give_up_seat(&mut self, member: Member) -> Vec<RoomEvent> {
        let result = match (member.seat, member.waiting) {
            (Some(seat), _) => self.leave_seat(seat).await,
            (None, Some(token)) => {
                let hash = token_hash(&token);
                let mut next = self.state.clone();
                next.waiting.retain(|w| w.token_hash != hash);
                self.commit_state(next).await.map(|()| Vec::new())
            }
            (None, None) => Ok(Vec::new()),
        };
        result.unwrap_or_else(|error| {
            tracing::error!("giving a seat up: {error}");
            Vec::new()
        })
    }

    async fn leave_seat(&mut self, seat: usize) -> Result<Vec<RoomEvent>, StoreError> {
        let name = self.state.seats[seat].name.clone();
        let mut events = vec![RoomEvent::Room(RoomChange::LeftSeat { seat, name })];
        let mut next = self.state.clone();
        // The host role passes to the next person here (else the next person's seat).
        let host_gone = seat == next.host;
        let people = |next: &RoomState| -> Vec<usize> {
            (1..next.seats.len())
                .map(|step| (seat + step) % next.seats.len())
                .filter(|&s| next.seats[s].bot.is_none())
                .collect()
        };
        let heir = host_gone
            .then(|| {
                let candidates = people(&next);
                candidates
                    .iter()
                    .copied()
                    .find(|&s| self.seat_connected(s))
                    .or(candidates.first().copied())
            })
            .flatten();
        if self.state.status == Status::Lobby {
            next.seats.remove(seat);
            next.host = match heir {
                Some(h) if h > seat => h - 1,
                Some(h) => h,
                None if next.host > seat => next.host - 1,
                None => next.host.min(next.seats.len().saturating_sub(1)),
            };
            let closes = next.seats.iter().all(|s| s.bot.is_some());
            self.commit_state(next).await?;
            self.seat_gone(seat, LeftCode::LeftSeat, "you left your seat");
            events.push(RoomEvent::Room(RoomChange::SeatRemoved { seat }));
            if closes {
                self.close_now = true;
            }
        } else {
            let bot = self.settings.stand_in.clone();
            next.seats[seat].bot = Some(bot.clone());
            next.seats[seat].token_hash = None;
            next.seats[seat].away = false;
            if let Some(h) = heir {
                next.host = h;
            }
            self.commit_state(next).await?;
            if let Err(error) = self.make_bots() {
                tracing::error!("a bot for a seat given up: {error}");
            }
            self.stand_in[seat] = None;
            self.schedule();
            events.push(RoomEvent::Room(RoomChange::HandedToBot { seat, bot }));
        }
        if heir.is_some() {
            events.push(RoomEvent::Room(RoomChange::HostChanged {
                seat: self.state.host,
            }));
        }
        Ok(events)
    }

    /// A person (seated or in line) picks another avatar.
    pub(super) async fn set_avatar(&mut self, conn: ConnId, id: &str) -> Reply {
        let avatar = Avatar::person(id).ok_or_else(|| Refusal::UnknownAvatar(id.to_string()))?;
        let member = self.members.get(&conn).expect("the sender is a member");
        let mut next = self.state.clone();
        let seat = match (member.seat, &member.waiting) {
            (Some(seat), _) => {
                next.seats[seat].avatar = Some(avatar);
                Some(seat)
            }
            (None, Some(token)) => {
                let hash = token_hash(token);
                let place = next.waiting.iter_mut().find(|w| w.token_hash == hash);
                place.ok_or(Refusal::SpectatorAvatar)?.avatar = Some(avatar);
                None
            }
            (None, None) => return Err(Refusal::SpectatorAvatar),
        };
        self.commit_state(next).await?;
        Ok(vec![RoomEvent::Room(RoomChange::AvatarChanged { seat })])
    }

    /// The host's options.
    pub(super) async fn set_options(
        &mut self,
        public: Option<bool>,
        spectator_chat: Option<bool>,
        lang: Option<RoomLang>,
    ) -> Reply {
        if public.is_none() && spectator_chat.is_none() && lang.is_none() {
            return Err(Refusal::NoOptions);
        }
        let mut next = self.state.clone();
        next.public = public.unwrap_or(next.public);
        next.spectator_chat = spectator_chat.unwrap_or(next.spectator_chat);
        next.lang = lang.unwrap_or(next.lang);
        self.commit_state(next).await?;
        Ok(vec![RoomEvent::Room(RoomChange::OptionsChanged)])
    }

    /// Makes the room a standing table of the host's account (or no longer one): the host must
    /// be signed in as their seat's name; only the owner lets it go.
    pub(super) async fn set_standing(&mut self, on: bool) -> Result<(), Refusal> {
        let host = self.state.host;
        let owner = self
            .members
            .values()
            .find(|m| m.seat == Some(host))
            .and_then(|m| m.signed.clone())
            .filter(|signed| {
                self.state.seats[host].claimed && signed.owns(&self.state.seats[host].name)
            })
            .ok_or(Refusal::NotAccountHost)?;
        if self.state.standing.is_some_and(|id| id != owner.id) {
            return Err(Refusal::NotAccountHost);
        }
        if self.state.standing.is_some() == on {
            return Ok(());
        }
        let accounts = self.store.accounts();
        if on {
            let now = martian_store::now_ms();
            if !accounts
                .add_standing(
                    owner.id,
                    &self.id,
                    &self.state.code,
                    now,
                    crate::state::MAX_STANDING,
                )
                .await?
            {
                return Err(Refusal::StandingTablesFull);
            }
        }
        let mut next = self.state.clone();
        next.standing = on.then_some(owner.id);
        if let Err(error) = self.commit_state(next).await {
            if on {
                let _ = accounts.remove_standing(&self.id).await;
            }
            return Err(error.into());
        }
        if !on {
            accounts.remove_standing(&self.id).await?;
        }
        Ok(())
    }

    /// The host mutes (or unmutes) a seat in the chat.
    pub(super) async fn mute(&mut self, seat: usize, muted: bool) -> Reply {
        if seat >= self.state.seats.len() {
            return Err(Refusal::NoSuchSeat(seat));
        }
        if seat == self.state.host {
            return Err(Refusal::MuteSelf);
        }
        let mut next = self.state.clone();
        next.seats[seat].muted = muted;
        self.commit_state(next).await?;
        Ok(vec![RoomEvent::Room(RoomChange::Muted { seat, muted })])
    }

    /// A quick-match room starts as soon as every person of it is here.
    pub(super) async fn maybe_auto_start(&mut self) {
        if self.auto_start.is_none() || self.state.status != Status::Lobby {
            return;
        }
        let everyone = (0..self.state.seats.len())
            .filter(|&s| self.state.seats[s].bot.is_none())
            .all(|s| self.seat_connected(s));
        if everyone {
            self.auto_start_now().await;
        }
    }

    /// …or once its wait is over, whoever is here.
    pub(super) async fn auto_start_tick(&mut self) {
        if self.auto_start.is_some_and(|at| at <= Instant::now()) {
            self.auto_start_now().await;
        }
    }

    async fn auto_start_now(&mut self) {
        if self.state.status != Status::Lobby {
            self.auto_start = None;
            return;
        }
        match self.start_game().await {
            Ok(events) => self.broadcast(&events),
            Err(refusal) => {
                tracing::warn!("starting a quick-match game: {refusal}");
                self.auto_start = Some(Instant::now() + Duration::from_secs(1));
            }
        }
    }

    /// How the room shows in the public list, if it does: a public room with someone in it,
    /// waiting for players (a free seat) or being played.
    pub(super) fn listing(&self) -> Option<Listing> {
        let state = &self.state;
        if !state.public || self.members.is_empty() {
            return None;
        }
        let open = match state.status {
            Status::Lobby => state.seats.len() < MAX_PLAYERS,
            Status::Playing => true,
            Status::Over => false,
        };
        open.then(|| Listing {
            room: self.id.clone(),
            code: state.code.clone(),
            host: state.seats[state.host].name.clone(),
            lang: state.lang,
            seats: self.listed_seats(),
            free: MAX_PLAYERS - state.seats.len(),
            rules: state.rules,
            status: state.status,
            game: state.game,
        })
    }

    fn listed_seats(&self) -> Vec<ListedSeat> {
        (0..self.state.seats.len())
            .map(|i| ListedSeat {
                name: self.state.seats[i].name.clone(),
                avatar: self.state.avatar(i),
                bot: self.state.seats[i].bot.clone(),
                claimed: self.state.seats[i].claimed,
            })
            .collect()
    }

    /// What the holder of `token` is told of the room (`my_rooms`); `None` for a token that is
    /// none of its seats' or places'.
    pub(super) fn describe(&self, token: &str) -> Option<MyRoom> {
        let presented = token_hash(token);
        let seat = self.state.seats.iter().position(|s| {
            s.token_hash
                .as_deref()
                .is_some_and(|hash| constant_time_eq(hash, &presented))
        });
        let in_line = self
            .state
            .waiting
            .iter()
            .position(|w| constant_time_eq(&w.token_hash, &presented));
        if seat.is_none() && in_line.is_none() {
            return None;
        }
        let mut mine = crate::rooms::views::my_room_of_state(&self.id, &self.state, seat, in_line);
        if let Some(table) = &self.table
            && self.state.status == Status::Playing
        {
            mine.scores = Some(table.game().scores().to_vec());
            mine.your_turn = Some(seat.is_some() && table.seat_to_move() == seat);
        }
        Some(mine)
    }
}

/// `items` put in `order` (`order[new]` is an item's old place; a permutation of its places).
pub(super) fn permuted<T>(items: Vec<T>, order: &[usize]) -> Vec<T> {
    let mut old: Vec<Option<T>> = items.into_iter().map(Some).collect();
    order
        .iter()
        .map(|&place| old[place].take().expect("the order is a permutation"))
        .collect()
}

/// The seats of a rated game's table of `seats`, drawn at random: `order[new]` is the old seat.
pub(super) fn drawn_order(seats: usize) -> Vec<usize> {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let mut order: Vec<usize> = (0..seats).collect();
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(crate::state::ids::random_seed());
    order.shuffle(&mut rng);
    order
}
