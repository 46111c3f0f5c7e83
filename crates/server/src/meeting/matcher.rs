//! Quick match: a queue of people who want a game now. The rules, longest waiting first:
//!
//! - people who ask for the same table size are seated together as soon as there are enough of
//!   them (preferring their own language for [`LANG_WAIT`]);
//! - once a bot is offered (after the `bot_after` wait), a waiter may also be seated at a
//!   **smaller** table, with people only: a table of `n` is made of people who asked for `n` (at
//!   least one of them) and people who asked for more and have waited past the bot offer — the
//!   largest such table first. Nobody is seated at a table larger than they asked for, and two
//!   people who asked for the same size are never shrunk to a smaller one (they take a bot);
//! - whoever takes the bot offered is seated with everyone waiting for the same size, whatever
//!   their language (up to the table's size: the taker's language first, then the longest
//!   waiting), and bots fill only the seats left;
//! - two signed-in people of whom one blocks the other are never seated together;
//! - rated askers (signed in) sit only with rated askers, at a rated table: two of them only
//!   while their displayed ratings are within the reach of the one who has waited longer
//!   ([`rating_reach`], widening as they wait), the closest ratings first; the bot offered to
//!   them is the anchor bot nearest their rating ([`anchor_near`]).
//!
//! The queue is bounded, in memory (a restart empties it: its clients reconnect and ask again),
//! and a matched room is stored like any other.

use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::sync::{Notify, watch};
use tokio::time::Instant;

use crate::meeting::directory::Directory;
use crate::rooms::Rooms;
use crate::rooms::outbox::{ConnId, Outbox, Outgoing};
use crate::rooms::registry::{Creator, NewRoom};
use crate::rooms::room::{Founding, Room, room_queue};
use crate::state::Status;
use crate::state::avatars::Avatar;
use crate::state::ids::random_room_id;
use crate::state::signed::{Signed, apart};
use martian_protocol::{ErrorCode, MATCH_PLAYERS, RoomLang, error_json};
use martian_ratings::Anchor;

/// For this long a waiter is matched only with people of their language.
pub const LANG_WAIT: Duration = Duration::from_secs(10);

/// How often a waiter hears how things stand, when nothing else changed.
const STATUS_EVERY: Duration = Duration::from_secs(5);

/// People from one address that may wait at once.
pub const PER_ADDRESS: usize = 8;

/// How far (in displayed rating) a rated waiter reaches at first…
pub const RATING_REACH: i64 = 100;
/// …and how much farther for each [`RATING_WIDENS_EVERY`] of waiting.
pub const RATING_WIDENS_BY: i64 = 50;
/// See [`RATING_WIDENS_BY`].
pub const RATING_WIDENS_EVERY: Duration = Duration::from_secs(5);

/// How far from their own displayed rating a rated waiter who has waited `waited` may be
/// seated: 100, then 50 more every 5 s (300 at the default bot offer, 20 s).
pub fn rating_reach(waited: Duration) -> i64 {
    let steps = waited.as_millis() / RATING_WIDENS_EVERY.as_millis();
    let steps = i64::try_from(steps).unwrap_or(i64::MAX);
    RATING_REACH.saturating_add(RATING_WIDENS_BY.saturating_mul(steps))
}

/// The anchor bot whose fixed displayed rating is nearest `rating` (the weaker on a tie): the
/// bot a rated waiter is offered.
pub fn anchor_near(rating: i64) -> Anchor {
    Anchor::ALL
        .into_iter()
        .min_by_key(|anchor| (anchor.rating().display() - rating).abs())
        .unwrap_or(Anchor::Medium)
}

/// One waiting.
#[derive(Debug)]
pub struct Waiter {
    pub conn: ConnId,
    pub outbox: Outbox,
    pub addr: IpAddr,
    pub name: String,
    pub avatar: Option<Avatar>,
    pub lang: RoomLang,
    pub players: usize,
    pub since: Instant,
    /// The account the waiter is signed in as: never seated with one it blocks or that blocks it.
    pub signed: Option<Signed>,
    /// A rated asker's displayed rating (`None`: an unrated asker).
    pub rated: Option<i64>,
    /// What was last told, and when.
    told: Option<Told>,
}

/// What a waiter was last told, to tell them again only when it changed (or now and then).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Told {
    position: usize,
    at: Instant,
    offered: bool,
    reach: Option<i64>,
}

impl Waiter {
    pub fn new(
        conn: ConnId,
        outbox: Outbox,
        addr: IpAddr,
        name: String,
        avatar: Option<Avatar>,
        lang: RoomLang,
        players: usize,
    ) -> Waiter {
        Waiter {
            conn,
            outbox,
            addr,
            name,
            avatar,
            lang,
            players,
            since: Instant::now(),
            signed: None,
            rated: None,
            told: None,
        }
    }

    /// The waiter, signed in as `signed`.
    pub fn signed(mut self, signed: Option<Signed>) -> Waiter {
        self.signed = signed;
        self
    }

    /// The waiter, asking for a rated table with their displayed `rating` (signed in only).
    pub fn rated(mut self, rating: i64) -> Waiter {
        self.rated = Some(rating);
        self
    }

    /// How far from `other`'s rating this waiter's is (0 between unrated askers).
    fn distance(&self, other: &Waiter) -> i64 {
        match (self.rated, other.rated) {
            (Some(mine), Some(theirs)) => (mine - theirs).abs(),
            _ => 0,
        }
    }
}

/// Whether `one` and `other` may sit at one table: neither blocks the other, and both ask for
/// an unrated table, or both for a rated one as two accounts whose ratings are within the
/// reach of the one who has waited longer.
fn may_sit(one: &Waiter, other: &Waiter, now: Instant) -> bool {
    if apart(one.signed.as_ref(), other.signed.as_ref()) {
        return false;
    }
    match (one.rated, other.rated) {
        (None, None) => true,
        (Some(_), Some(_)) => {
            let account = |w: &Waiter| w.signed.as_ref().map(|s| s.id);
            let reach = rating_reach(now.duration_since(one.since.min(other.since)));
            account(one) != account(other) && one.distance(other) <= reach
        }
        _ => false,
    }
}

/// Picks from `candidates` (in order) up to `wanted` people who may sit with `table` and with
/// each other (see [`may_sit`]).
fn pick_apart(
    waiters: &[Waiter],
    table: &mut Vec<usize>,
    candidates: &[usize],
    wanted: usize,
    now: Instant,
) {
    for &i in candidates {
        if table.len() >= wanted {
            break;
        }
        if table
            .iter()
            .all(|&t| may_sit(&waiters[t], &waiters[i], now))
        {
            table.push(i);
        }
    }
}

pub use martian_protocol::meeting::MatchState;

/// Why a place in the queue is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QueueRefusal {
    #[error("the quick-match queue is full ({0} people wait): try again in a moment")]
    Full(usize),
    #[error("{PER_ADDRESS} people from your address already wait for a quick match")]
    Address,
    #[error("you are already waiting for a quick match")]
    AlreadyWaiting,
    #[error("you are not waiting for a quick match")]
    NotWaiting,
    #[error("no bot is offered yet: wait a little longer, or go on waiting for people")]
    NoBotYet,
    #[error("a quick match is for {} to {} players", MATCH_PLAYERS.0, MATCH_PLAYERS.1)]
    Players,
}

impl QueueRefusal {
    pub fn code(self) -> ErrorCode {
        match self {
            QueueRefusal::Full(_) => ErrorCode::QueueFull,
            QueueRefusal::Address => ErrorCode::QueueAddressLimit,
            QueueRefusal::AlreadyWaiting | QueueRefusal::NotWaiting | QueueRefusal::NoBotYet => {
                ErrorCode::WrongState
            }
            QueueRefusal::Players => ErrorCode::Invalid,
        }
    }
}

/// The queue.
pub struct Matcher {
    waiters: Mutex<Vec<Waiter>>,
    max: usize,
    bot_after: Duration,
    wake: Notify,
}

impl std::fmt::Debug for Matcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Matcher")
            .field("max", &self.max)
            .finish_non_exhaustive()
    }
}

impl Matcher {
    pub fn new(max: usize, bot_after: Duration) -> Matcher {
        Matcher {
            waiters: Mutex::new(Vec::new()),
            max,
            bot_after,
            wake: Notify::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Vec<Waiter>> {
        self.waiters.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes a place in the queue.
    pub fn join(&self, waiter: Waiter) -> Result<(), QueueRefusal> {
        if !(MATCH_PLAYERS.0..=MATCH_PLAYERS.1).contains(&waiter.players) {
            return Err(QueueRefusal::Players);
        }
        let mut waiters = self.lock();
        if waiters.iter().any(|w| w.conn == waiter.conn) {
            return Err(QueueRefusal::AlreadyWaiting);
        }
        if waiters.len() >= self.max {
            return Err(QueueRefusal::Full(self.max));
        }
        if waiters.iter().filter(|w| w.addr == waiter.addr).count() >= PER_ADDRESS {
            return Err(QueueRefusal::Address);
        }
        waiters.push(waiter);
        drop(waiters);
        self.wake.notify_one();
        Ok(())
    }

    /// Leaves the queue; whether `conn` was in it.
    pub fn leave(&self, conn: ConnId) -> bool {
        let mut waiters = self.lock();
        let before = waiters.len();
        waiters.retain(|w| w.conn != conn);
        let left = waiters.len() != before;
        drop(waiters);
        if left {
            self.wake.notify_one();
        }
        left
    }

    /// Takes `conn` out of the queue to play with bots, once a bot is offered, and with them
    /// everyone waiting for the same table size, whatever their language (up to its size: the
    /// taker's language first, then the longest waiting): the table, in the order they asked.
    /// Bots fill the seats left.
    pub fn take_bot(&self, conn: ConnId) -> Result<Vec<Waiter>, QueueRefusal> {
        let mut waiters = self.lock();
        let index = waiters
            .iter()
            .position(|w| w.conn == conn)
            .ok_or(QueueRefusal::NotWaiting)?;
        let taker = &waiters[index];
        if taker.since.elapsed() < self.bot_after {
            return Err(QueueRefusal::NoBotYet);
        }
        // People rather than bots, whatever their language: the closest ratings first.
        let mut chosen: Vec<usize> = (0..waiters.len())
            .filter(|&i| i != index && waiters[i].players == taker.players)
            .collect();
        chosen.sort_by_key(|&i| {
            (
                waiters[i].distance(taker),
                waiters[i].lang != taker.lang,
                waiters[i].since,
            )
        });
        let mut table = vec![index];
        pick_apart(&waiters, &mut table, &chosen, taker.players, Instant::now());
        let group = take_out(&mut waiters, table);
        drop(waiters);
        self.wake.notify_one();
        Ok(group)
    }

    /// How many wait for each table size.
    fn counts(waiters: &[Waiter]) -> Vec<usize> {
        (MATCH_PLAYERS.0..=MATCH_PLAYERS.1)
            .map(|players| waiters.iter().filter(|w| w.players == players).count())
            .collect()
    }

    /// Whether `waiter` sits at a table of `size` now: the size they asked for, or a smaller
    /// one once a bot is offered to them.
    fn accepts(&self, waiter: &Waiter, size: usize, now: Instant) -> bool {
        size == waiter.players
            || (size < waiter.players && now.duration_since(waiter.since) >= self.bot_after)
    }

    /// The table `waiters[lead]` can have now (the indices of its people, `lead` among them):
    /// the size they asked for, else (once a bot is offered to them) the largest smaller one
    /// that people waiting fill — with at least one who asked for that size, so that people who
    /// asked for the same size are never shrunk to a smaller table.
    fn table_for(&self, waiters: &[Waiter], lead: usize, now: Instant) -> Option<Vec<usize>> {
        let leader = &waiters[lead];
        let smallest = if now.duration_since(leader.since) >= self.bot_after {
            MATCH_PLAYERS.0
        } else {
            leader.players
        };
        for size in (smallest..=leader.players).rev() {
            let mut partners: Vec<usize> = (0..waiters.len())
                .filter(|&i| {
                    i != lead
                        && self.accepts(&waiters[i], size, now)
                        && compatible(leader, &waiters[i], now)
                        && may_sit(leader, &waiters[i], now)
                })
                .collect();
            if partners.len() + 1 < size {
                continue;
            }
            // Those who asked for this size first, then the closest ratings, then their own
            // language, then the longest waiting.
            partners.sort_by_key(|&i| {
                (
                    waiters[i].players != size,
                    waiters[i].distance(leader),
                    waiters[i].lang != leader.lang,
                    waiters[i].since,
                )
            });
            let mut table = vec![lead];
            pick_apart(waiters, &mut table, &partners, size, now);
            if table.len() < size || table.iter().all(|&i| waiters[i].players != size) {
                continue;
            }
            return Some(table);
        }
        None
    }

    /// Takes out of the queue the groups that make a table, and tells the others how things
    /// stand when that changed (or every few seconds).
    fn pass(&self) -> (Vec<Vec<Waiter>>, Vec<usize>) {
        let mut waiters = self.lock();
        waiters.sort_by_key(|w| w.since);
        let mut groups = Vec::new();
        let now = Instant::now();
        // The longest waiting first; a table may take people from anywhere in the queue.
        let mut first = 0;
        while first < waiters.len() {
            match self.table_for(&waiters, first, now) {
                Some(chosen) => {
                    let before = chosen.iter().filter(|&&i| i < first).count();
                    groups.push(take_out(&mut waiters, chosen));
                    first -= before;
                }
                None => first += 1,
            }
        }
        let counts = Matcher::counts(&waiters);
        for players in MATCH_PLAYERS.0..=MATCH_PLAYERS.1 {
            let waiting = counts[players - MATCH_PLAYERS.0];
            let mut position = 0;
            for waiter in waiters.iter_mut().filter(|w| w.players == players) {
                position += 1;
                let waited = now.duration_since(waiter.since);
                let offered = waited >= self.bot_after;
                let reach = waiter.rated.map(|_| rating_reach(waited));
                let due = match waiter.told {
                    None => true,
                    Some(told) => {
                        told.position != position
                            || told.offered != offered
                            || told.reach != reach
                            || now.duration_since(told.at) >= STATUS_EVERY
                    }
                };
                if !due {
                    continue;
                }
                waiter.told = Some(Told {
                    position,
                    at: now,
                    offered,
                    reach,
                });
                let state = MatchState {
                    state: "waiting",
                    players: Some(players),
                    position: Some(position),
                    waiting: Some(waiting),
                    waited_ms: Some(waited.as_millis() as u64),
                    bot_offer_ms: Some(self.bot_after.saturating_sub(waited).as_millis() as u64),
                    bot_offered: Some(offered),
                    rating: waiter.rated,
                    rating_range: waiter
                        .rated
                        .zip(reach)
                        .map(|(rating, reach)| [rating - reach, rating + reach]),
                    room: None,
                };
                let _ = waiter.outbox.send(Outgoing::Text(state.to_json().into()));
            }
        }
        (groups, counts)
    }

    /// Matches waiters until the server stops: at once when someone joins or leaves, and every
    /// second (the bot offers, the language preference running out, the news of a wait).
    pub async fn run(
        self: Arc<Matcher>,
        rooms: Rooms,
        directory: Arc<Directory>,
        mut stop: watch::Receiver<bool>,
    ) {
        loop {
            tokio::select! {
                () = self.wake.notified() => {}
                () = tokio::time::sleep(Duration::from_secs(1)) => {}
                () = crate::state::stopped(&mut stop) => return,
            }
            let (groups, counts) = self.pass();
            directory.set_queue(&counts);
            for group in groups {
                seat(&rooms, group, 0).await;
            }
        }
    }
}

/// Whether `lead` and `other` may sit together: the same language, or one of them has waited
/// [`LANG_WAIT`].
fn compatible(lead: &Waiter, other: &Waiter, now: Instant) -> bool {
    other.lang == lead.lang
        || now.duration_since(lead.since) >= LANG_WAIT
        || now.duration_since(other.since) >= LANG_WAIT
}

/// Takes the waiters at `chosen` out of the queue, in the order they asked.
fn take_out(waiters: &mut Vec<Waiter>, mut chosen: Vec<usize>) -> Vec<Waiter> {
    chosen.sort_unstable();
    let mut group: Vec<Waiter> = chosen.iter().rev().map(|&i| waiters.remove(i)).collect();
    group.sort_by_key(|w| w.since);
    group
}

/// Seats the table `take_bot` gave, with bots in the seats nobody came for.
pub async fn seat_with_bots(rooms: &Rooms, group: Vec<Waiter>) {
    let bots = group[0].players.saturating_sub(group.len());
    seat(rooms, group, bots).await;
}

/// The bot of a table of `group`: at a rated table the anchor nearest the people's mean rating,
/// else the server's stand-in.
fn table_bot(rooms: &Rooms, group: &[Waiter]) -> String {
    let ratings: Vec<i64> = group.iter().filter_map(|w| w.rated).collect();
    if ratings.is_empty() {
        return rooms.settings.stand_in.clone();
    }
    let mean = ratings.iter().sum::<i64>() / ratings.len() as i64;
    anchor_near(mean).bot().to_string()
}

/// Makes a room for `group` (and `bots` bots), stores it, and sends each of them into it. A
/// group of rated askers gets a rated room, each seat its account's.
pub async fn seat(rooms: &Rooms, group: Vec<Waiter>, bots: usize) {
    let id = random_room_id();
    let lead = &group[0];
    let founding = Founding {
        host: lead.name.clone(),
        avatar: lead.avatar,
        lang: lead.lang,
        public: false,
        creator: Some(lead.addr),
    };
    let players: Vec<(String, Option<Avatar>)> =
        group.iter().map(|w| (w.name.clone(), w.avatar)).collect();
    let store = rooms.store.for_room(&id, 1);
    let generation = store.fence().map_or(0, |fence| fence.generation);
    let bot = table_bot(rooms, &group);
    let (mut room, tokens) = Room::matched(
        id.clone(),
        &players,
        bots,
        &bot,
        founding,
        store.clone(),
        rooms.settings.clone(),
    );
    if lead.rated.is_some() {
        let accounts: Vec<Option<i64>> = group
            .iter()
            .map(|w| w.signed.as_ref().map(|s| s.id))
            .collect();
        room.rated_from_the_queue(&accounts);
    }
    let (tx, rx) = room_queue();
    let added = rooms.registry.insert(
        NewRoom {
            id: id.clone(),
            code: room.code().to_string(),
            sender: tx,
            creator: Some(Creator {
                addr: lead.addr,
                conn: Some(lead.conn),
            }),
            generation,
            status: Status::Lobby,
            attended: true,
            people: true,
        },
        true,
    );
    let failed = |code: ErrorCode, message: &str| {
        let refusal = error_json(code, message, Some("quick_match"));
        for waiter in &group {
            rooms.settings.metrics.refusal(code.as_str());
            let _ = waiter.outbox.send(Outgoing::Text(refusal.clone().into()));
            let _ = waiter.outbox.send(Outgoing::Unmatched);
        }
    };
    match added {
        Ok(evicted) => {
            if let Some(evicted) = evicted {
                rooms.settings.metrics.room_evicted();
                crate::rooms::room::evict(&evicted).await;
            }
        }
        Err(cap) => return failed(ErrorCode::TooManyRooms, &cap.to_string()),
    }
    if let Err(error) = store.commit(vec![room.first_write()]).await {
        rooms.registry.remove(&id, generation);
        tracing::error!(room = %id, "creating a quick-match room: {error}");
        return failed(ErrorCode::Storage, error.to_client());
    }
    room.spawn(rx);
    rooms.settings.metrics.room_matched();
    for (waiter, token) in group.into_iter().zip(tokens) {
        let _ = waiter.outbox.send(Outgoing::Matched {
            room: id.clone(),
            token,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn waiter(conn: ConnId, lang: RoomLang, players: usize, waited: Duration) -> Waiter {
        let mut w = Waiter::new(
            conn,
            Outbox::new().0,
            [10, 0, 0, conn as u8].into(),
            format!("p{conn}"),
            None,
            lang,
            players,
        );
        w.since = Instant::now() - waited;
        w
    }

    fn conns(groups: &[Vec<Waiter>]) -> Vec<Vec<ConnId>> {
        groups
            .iter()
            .map(|g| g.iter().map(|w| w.conn).collect())
            .collect()
    }

    #[tokio::test]
    async fn people_are_matched_by_table_size_their_language_first() {
        let matcher = Matcher::new(100, Duration::from_secs(20));
        let s = Duration::from_secs;
        matcher.join(waiter(1, RoomLang::En, 2, s(3))).unwrap();
        matcher.join(waiter(2, RoomLang::PtBr, 2, s(2))).unwrap();
        matcher.join(waiter(3, RoomLang::PtBr, 3, s(2))).unwrap();
        // Different languages, nobody has waited 10 s: no table yet.
        assert!(matcher.pass().0.is_empty());
        matcher.join(waiter(4, RoomLang::En, 2, s(0))).unwrap();
        let (groups, counts) = matcher.pass();
        assert_eq!(conns(&groups), [vec![1, 4]]);
        assert_eq!(counts, [1, 1, 0]);
        // After 10 s, languages mix.
        matcher.join(waiter(5, RoomLang::En, 2, s(11))).unwrap();
        assert_eq!(conns(&matcher.pass().0), [vec![5, 2]]);
        assert!(matcher.leave(3));
        assert!(!matcher.leave(3));
        assert_eq!(matcher.pass().1, [0, 0, 0]);
    }

    #[tokio::test]
    async fn past_the_bot_offer_sizes_combine_at_the_smaller_table_of_people() {
        let s = Duration::from_secs;
        let matcher = Matcher::new(100, s(20));
        // Before the bot offer, a 3 and a 2 wait apart.
        matcher.join(waiter(1, RoomLang::En, 3, s(19))).unwrap();
        matcher.join(waiter(2, RoomLang::En, 2, s(1))).unwrap();
        assert!(matcher.pass().0.is_empty());
        // Past it, the 3 sits with the 2 at a table of 2, the longest waiting first.
        assert!(matcher.leave(1));
        matcher.join(waiter(1, RoomLang::En, 3, s(21))).unwrap();
        assert_eq!(conns(&matcher.pass().0), [vec![1, 2]]);

        // Two who asked for 3 are never shrunk to 2 between themselves, nor a 4 and a 3 with
        // nobody who asked for 2: they wait (for a bot, or people).
        let apart = Matcher::new(100, s(20));
        apart.join(waiter(3, RoomLang::En, 3, s(40))).unwrap();
        apart.join(waiter(4, RoomLang::En, 3, s(30))).unwrap();
        assert!(apart.pass().0.is_empty());
        let apart = Matcher::new(100, s(20));
        apart.join(waiter(3, RoomLang::En, 3, s(40))).unwrap();
        apart.join(waiter(5, RoomLang::En, 4, s(50))).unwrap();
        assert!(apart.pass().0.is_empty());
        // A second 3 makes the table of 3 with the 4 past the offer: the largest the queue
        // makes (not 2, though a 2 waits too).
        apart.join(waiter(6, RoomLang::PtBr, 2, s(0))).unwrap();
        apart.join(waiter(4, RoomLang::En, 3, s(30))).unwrap();
        assert_eq!(conns(&apart.pass().0), [vec![5, 3, 4]]);
        // Who asked for 2 sits at once with a 3 past the offer, whatever the language (that 3
        // has waited past the language preference).
        apart.join(waiter(7, RoomLang::En, 3, s(25))).unwrap();
        assert_eq!(conns(&apart.pass().0), [vec![7, 6]]);
        // A 3 who has not waited for the offer never sits at a smaller table.
        apart.join(waiter(8, RoomLang::En, 3, s(5))).unwrap();
        apart.join(waiter(9, RoomLang::En, 2, s(4))).unwrap();
        assert!(apart.pass().0.is_empty());
        assert_eq!(apart.pass().1, [1, 1, 0]);
    }

    #[tokio::test]
    async fn who_takes_the_bot_sits_with_everyone_waiting_for_that_size() {
        let s = Duration::from_secs;
        let matcher = Matcher::new(100, s(20));
        matcher.join(waiter(1, RoomLang::En, 4, s(30))).unwrap();
        matcher.join(waiter(2, RoomLang::PtBr, 4, s(12))).unwrap();
        matcher.join(waiter(3, RoomLang::En, 3, s(35))).unwrap();
        assert_eq!(matcher.take_bot(2).err(), Some(QueueRefusal::NoBotYet));
        // The 4s sit together, in the order they asked; the 3 is another size.
        assert_eq!(conns(&[matcher.take_bot(1).unwrap()]), [vec![1, 2]]);
        assert_eq!(matcher.pass().1, [0, 1, 0]);
        // Up to the table's size: the taker's language first, then the longest waiting.
        let matcher = Matcher::new(100, Duration::ZERO);
        matcher.join(waiter(1, RoomLang::En, 3, s(1))).unwrap();
        matcher.join(waiter(2, RoomLang::PtBr, 3, s(12))).unwrap();
        matcher.join(waiter(3, RoomLang::PtBr, 3, s(2))).unwrap();
        matcher.join(waiter(4, RoomLang::En, 3, s(0))).unwrap();
        let table = matcher.take_bot(1).unwrap();
        assert_eq!(conns(&[table]), [vec![2, 1, 4]]);
        assert_eq!(Matcher::counts(&matcher.lock()), [0, 1, 0]);
    }

    #[tokio::test]
    async fn people_one_of_whom_blocks_the_other_are_never_seated_together() {
        let s = Duration::from_secs;
        let signed = |conn, name: &str, blocks: &[&str]| {
            let blocks: Vec<String> = blocks.iter().map(|b| b.to_string()).collect();
            let account = Signed::new(conn as i64, name, &blocks);
            waiter(conn, RoomLang::En, 2, s(10 - conn)).signed(Some(account))
        };
        let matcher = Matcher::new(100, s(20));
        matcher.join(signed(1, "Ana", &["Bob"])).unwrap();
        matcher.join(signed(2, "Bob", &[])).unwrap();
        // Ana blocks Bob: both wait, though they asked for the same table.
        assert!(matcher.pass().0.is_empty());
        // Whoever blocks, they stay apart; a third person sits with the longest waiting.
        matcher.join(signed(3, "Cy", &[])).unwrap();
        assert_eq!(conns(&matcher.pass().0), [vec![1, 3]]);
        matcher.join(signed(4, "Dee", &[])).unwrap();
        assert_eq!(conns(&matcher.pass().0), [vec![2, 4]]);
        // Bob blocking Dee keeps them apart too; a guest sits with anyone.
        let blocker = Matcher::new(100, Duration::ZERO);
        blocker.join(signed(2, "Bob", &["dee"])).unwrap();
        blocker.join(signed(4, "Dee", &[])).unwrap();
        assert!(blocker.pass().0.is_empty());
        // Taking the bot seats only those who may sit together.
        assert_eq!(conns(&[blocker.take_bot(2).unwrap()]), [vec![2]]);
        blocker.join(waiter(5, RoomLang::En, 2, s(0))).unwrap();
        assert_eq!(conns(&blocker.pass().0), [vec![4, 5]]);
    }

    /// A rated asker signed in as account `conn`.
    fn rated(conn: ConnId, rating: i64, waited: Duration) -> Waiter {
        let account = Signed::new(conn as i64, &format!("p{conn}"), &[]);
        waiter(conn, RoomLang::En, 2, waited)
            .signed(Some(account))
            .rated(rating)
    }

    #[test]
    fn the_rating_reach_widens_by_50_every_5_seconds() {
        let ms = Duration::from_millis;
        assert_eq!(rating_reach(Duration::ZERO), 100);
        assert_eq!(rating_reach(ms(4_999)), 100);
        assert_eq!(rating_reach(ms(5_000)), 150);
        assert_eq!(rating_reach(ms(20_000)), 300);
        assert_eq!(rating_reach(Duration::MAX), i64::MAX);
    }

    #[test]
    fn the_bot_offered_a_rated_waiter_is_the_anchor_nearest_their_rating() {
        // The anchors' displayed ratings: easy 1205, medium 1588, hard 1800, greedy 1850,
        // optimal 1955.
        assert_eq!(anchor_near(1000), Anchor::Easy);
        assert_eq!(anchor_near(1396), Anchor::Easy);
        assert_eq!(anchor_near(1397), Anchor::Medium);
        assert_eq!(anchor_near(1830), Anchor::Greedy);
        assert_eq!(anchor_near(1825), Anchor::Hard, "a tie goes to the weaker");
        assert_eq!(anchor_near(2400), Anchor::Optimal);
    }

    #[tokio::test]
    async fn rated_askers_sit_with_rated_askers_of_close_ratings_first() {
        let s = Duration::from_secs;
        let matcher = Matcher::new(100, s(20));
        matcher.join(rated(1, 1000, s(3))).unwrap();
        matcher.join(waiter(2, RoomLang::En, 2, s(3))).unwrap();
        // A rated and an unrated asker never meet.
        assert!(matcher.pass().0.is_empty());
        // 150 apart is beyond the first reach (100).
        matcher.join(rated(3, 1150, s(2))).unwrap();
        assert!(matcher.pass().0.is_empty());
        // Within reach, the closest first: 1000 with 1020 (not 1080), 1150 with 1080.
        matcher.join(rated(4, 1080, s(1))).unwrap();
        matcher.join(rated(5, 1020, s(0))).unwrap();
        assert_eq!(conns(&matcher.pass().0), [vec![1, 5], vec![3, 4]]);
        assert_eq!(matcher.pass().1, [1, 0, 0], "the unrated asker waits on");

        // The reach of the one who has waited longer decides: 180 apart meets after 10 s.
        let widening = Matcher::new(100, s(20));
        widening.join(rated(6, 1000, s(9))).unwrap();
        widening.join(rated(7, 1180, s(0))).unwrap();
        assert!(widening.pass().0.is_empty());
        let widening = Matcher::new(100, s(20));
        widening.join(rated(6, 1000, s(10))).unwrap();
        widening.join(rated(7, 1180, s(0))).unwrap();
        assert_eq!(conns(&widening.pass().0), [vec![6, 7]]);

        // One account asking twice (two pages) never plays itself.
        let twice = Matcher::new(100, Duration::ZERO);
        twice.join(rated(8, 1000, s(1))).unwrap();
        let mut again = rated(9, 1000, s(0));
        again.signed = twice.lock()[0].signed.clone();
        twice.join(again).unwrap();
        assert!(twice.pass().0.is_empty());
        // Taking the bot seats only rated askers within reach: 1500 is too far.
        twice.join(rated(10, 1500, s(0))).unwrap();
        twice.join(waiter(11, RoomLang::En, 2, s(0))).unwrap();
        assert_eq!(conns(&[twice.take_bot(8).unwrap()]), [vec![8]]);
    }

    #[tokio::test]
    async fn the_queue_is_bounded_in_all_and_per_address() {
        let matcher = Matcher::new(3, Duration::from_secs(20));
        let same_address = |conn| {
            let mut w = waiter(conn, RoomLang::En, 4, Duration::ZERO);
            w.addr = [10, 9, 9, 9].into();
            w
        };
        matcher.join(same_address(1)).unwrap();
        assert_eq!(
            matcher.join(same_address(1)),
            Err(QueueRefusal::AlreadyWaiting)
        );
        matcher.join(same_address(2)).unwrap();
        matcher.join(same_address(3)).unwrap();
        assert_eq!(matcher.join(same_address(4)), Err(QueueRefusal::Full(3)));
        let big = Matcher::new(100, Duration::from_secs(20));
        for conn in 0..PER_ADDRESS as u64 {
            big.join(same_address(conn)).unwrap();
        }
        assert_eq!(big.join(same_address(99)), Err(QueueRefusal::Address));
        assert_eq!(
            big.join(waiter(200, RoomLang::En, 5, Duration::ZERO)),
            Err(QueueRefusal::Players)
        );
        // A bot is offered only after the wait.
        assert_eq!(big.take_bot(0).err(), Some(QueueRefusal::NoBotYet));
        assert_eq!(big.take_bot(777).err(), Some(QueueRefusal::NotWaiting));
        let quick = Matcher::new(10, Duration::ZERO);
        quick
            .join(waiter(1, RoomLang::En, 2, Duration::ZERO))
            .unwrap();
        assert_eq!(conns(&[quick.take_bot(1).unwrap()]), [vec![1]]);
    }
}
