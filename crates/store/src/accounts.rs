//! Accounts: names that last, their sessions, recovery codes, the seats they played and whom
//! they follow. Stored beside the rooms (the same SQLite file, or the same PostgreSQL database
//! for every process of a cluster, so that a session is valid on each).
//!
//! Nothing secret is stored in clear: the server hands over a password's Argon2id PHC string, and
//! the SHA-256 of each session token and recovery code (random, high-entropy values, for which a
//! fast hash is enough); this module never sees the secrets themselves.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use crate::backend::StoreError;
pub use crate::backend::{AccountData, AccountRow, NewAccount, SeatRow, SessionRow};

/// The handle on the accounts' tables. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Accounts {
    engine: Engine,
    /// How many times this process changed the ratings (shared by every handle).
    ratings_changed: Arc<AtomicU64>,
}

#[derive(Clone, Debug)]
enum Engine {
    Sqlite(crate::sqlite::accounts::Calls),
    Postgres(Arc<crate::postgres::accounts::PgAccounts>),
}

/// Dispatches one call to the engine: `$method` is implemented by both with the same signature.
macro_rules! each_engine {
    ($self:ident . $method:ident ( $($arg:expr),* )) => {
        match &$self.engine {
            Engine::Sqlite(calls) => calls.$method($($arg),*).await,
            Engine::Postgres(pg) => pg.$method($($arg),*).await,
        }
    };
}

impl Accounts {
    pub(crate) fn sqlite(calls: crate::sqlite::accounts::Calls) -> Accounts {
        Accounts {
            engine: Engine::Sqlite(calls),
            ratings_changed: Arc::default(),
        }
    }

    pub(crate) fn postgres(pg: Arc<crate::postgres::accounts::PgAccounts>) -> Accounts {
        Accounts {
            engine: Engine::Postgres(pg),
            ratings_changed: Arc::default(),
        }
    }

    /// The reviewed seats, beside the accounts (the same engine and connection).
    pub fn reviews(&self) -> crate::reviews::Reviews {
        match &self.engine {
            Engine::Sqlite(calls) => crate::reviews::Reviews::sqlite(calls.clone()),
            Engine::Postgres(pg) => crate::reviews::Reviews::postgres(pg.clone()),
        }
    }

    /// The cluster's shared presence: with PostgreSQL only (one SQLite process knows its own).
    pub fn presence(&self) -> Option<crate::presence::Presence> {
        match &self.engine {
            Engine::Sqlite(_) => None,
            Engine::Postgres(pg) => Some(crate::presence::Presence::postgres(pg.clone())),
        }
    }

    /// The ratings, beside the accounts (the same engine and connection).
    pub fn ratings(&self) -> crate::ratings::Ratings {
        let changed = self.ratings_changed.clone();
        match &self.engine {
            Engine::Sqlite(calls) => crate::ratings::Ratings::sqlite(calls.clone(), changed),
            Engine::Postgres(pg) => crate::ratings::Ratings::postgres(pg.clone(), changed),
        }
    }

    /// The daily challenge's attempts, beside the accounts (the same engine and connection).
    pub(crate) fn challenges(&self) -> crate::challenges::Challenges {
        match &self.engine {
            Engine::Sqlite(calls) => crate::challenges::Challenges::sqlite(calls.clone()),
            Engine::Postgres(pg) => crate::challenges::Challenges::postgres(pg.clone()),
        }
    }

    /// The accounts of the database `db` (a SQLite file, or a `postgres://` URL), for the
    /// operator's tools: usable while the server runs.
    pub async fn open_beside_server(db: &str) -> Result<Accounts, StoreError> {
        if db.starts_with("postgres://") || db.starts_with("postgresql://") {
            let pg = crate::postgres::accounts::PgAccounts::open(db).await?;
            return Ok(Accounts::postgres(Arc::new(pg)));
        }
        let calls = crate::sqlite::accounts::Calls::open_beside_server(std::path::Path::new(db))?;
        Ok(Accounts::sqlite(calls))
    }

    /// Creates the account with its recovery codes; `None` when its name (by key) is taken.
    pub async fn create(&self, new: NewAccount) -> Result<Option<AccountRow>, StoreError> {
        each_engine!(self.create(new))
    }

    /// The account whose name has this key.
    pub async fn by_key(&self, key: &str) -> Result<Option<AccountRow>, StoreError> {
        each_engine!(self.by_key(key.to_string()))
    }

    /// The account with this id.
    pub async fn by_id(&self, id: i64) -> Result<Option<AccountRow>, StoreError> {
        each_engine!(self.by_id(id))
    }

    /// Every account, by name key.
    pub async fn list(&self) -> Result<Vec<AccountRow>, StoreError> {
        each_engine!(self.list())
    }

    /// Replaces the password's hash.
    pub async fn set_password(&self, id: i64, password: &str) -> Result<(), StoreError> {
        each_engine!(self.set_password(id, password.to_string()))
    }

    /// Turns sign-ins off (or back on); a disabled account's sessions end.
    pub async fn set_disabled(&self, id: i64, disabled: bool) -> Result<(), StoreError> {
        each_engine!(self.set_disabled(id, disabled))
    }

    /// Remembers the avatar chosen last.
    pub async fn set_avatar(&self, id: i64, avatar: &str) -> Result<(), StoreError> {
        each_engine!(self.set_avatar(id, avatar.to_string()))
    }

    /// Renames; `false` when the new name (by key) belongs to another account.
    pub async fn rename(&self, id: i64, name: &str, key: &str) -> Result<bool, StoreError> {
        each_engine!(self.rename(id, name.to_string(), key.to_string()))
    }

    /// Deletes the account and everything of it (sessions, codes, seats, follows both ways);
    /// `false` when there was none.
    pub async fn delete(&self, id: i64) -> Result<bool, StoreError> {
        each_engine!(self.delete(id))
    }

    /// Uses up the recovery code with this hash; `false` when it is not one of the account's.
    pub async fn use_recovery_code(&self, id: i64, hash: &str) -> Result<bool, StoreError> {
        each_engine!(self.use_recovery_code(id, hash.to_string()))
    }

    /// Replaces every recovery code.
    pub async fn replace_recovery_codes(
        &self,
        id: i64,
        hashes: Vec<String>,
    ) -> Result<(), StoreError> {
        each_engine!(self.replace_recovery_codes(id, hashes))
    }

    /// Starts a session (by its token's hash) until `expires_ms`.
    pub async fn add_session(
        &self,
        token_hash: &str,
        id: i64,
        created_ms: i64,
        expires_ms: i64,
    ) -> Result<(), StoreError> {
        each_engine!(self.add_session(token_hash.to_string(), id, created_ms, expires_ms))
    }

    /// The session with this token hash, unexpired at `now_ms`, of an account not disabled.
    pub async fn session(
        &self,
        token_hash: &str,
        now_ms: i64,
    ) -> Result<Option<SessionRow>, StoreError> {
        each_engine!(self.session(token_hash.to_string(), now_ms))
    }

    /// Ends one session.
    pub async fn end_session(&self, token_hash: &str) -> Result<(), StoreError> {
        each_engine!(self.end_session(token_hash.to_string()))
    }

    /// Ends every session of the account; how many there were.
    pub async fn end_sessions(&self, id: i64) -> Result<u64, StoreError> {
        each_engine!(self.end_sessions(id))
    }

    /// Adds seats to the account (those it has already are left as they are); how many were new.
    pub async fn claim_seats(
        &self,
        id: i64,
        seats: Vec<(String, u32)>,
        now_ms: i64,
    ) -> Result<u64, StoreError> {
        each_engine!(self.claim_seats(id, seats, now_ms))
    }

    /// The account's seats, the newest claimed first.
    pub async fn seats(&self, id: i64) -> Result<Vec<SeatRow>, StoreError> {
        each_engine!(self.seats(id))
    }

    /// The accounts that held a seat in `room`: (seat, account name).
    pub async fn seated_in(&self, room: &str) -> Result<Vec<(u32, String)>, StoreError> {
        each_engine!(self.seated_in(room.to_string()))
    }

    /// `follower` follows (or stops following) `followee`.
    pub async fn set_follow(
        &self,
        follower: i64,
        followee: i64,
        on: bool,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        each_engine!(self.set_follow(follower, followee, on, now_ms))
    }

    /// Makes `room` (code `code`) one of account `id`'s standing tables, unless it keeps `max`
    /// already: whether it is one now.
    pub async fn add_standing(
        &self,
        id: i64,
        room: &str,
        code: &str,
        now_ms: i64,
        max: u32,
    ) -> Result<bool, StoreError> {
        let (room, code) = (room.to_string(), code.to_string());
        each_engine!(self.add_standing(id, room, code, now_ms, max))
    }

    /// `room` is nobody's standing table any more.
    pub async fn remove_standing(&self, room: &str) -> Result<(), StoreError> {
        let room = room.to_string();
        each_engine!(self.remove_standing(room))
    }

    /// Account `id`'s standing tables: (room, code), the oldest first.
    pub async fn standing(&self, id: i64) -> Result<Vec<(String, String)>, StoreError> {
        each_engine!(self.standing(id))
    }

    /// The names `id` follows.
    pub async fn follows(&self, id: i64) -> Result<Vec<String>, StoreError> {
        each_engine!(self.follows(id))
    }

    /// `blocker` blocks (or unblocks) `blocked`.
    pub async fn set_block(
        &self,
        blocker: i64,
        blocked: i64,
        on: bool,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        each_engine!(self.set_block(blocker, blocked, on, now_ms))
    }

    /// The names `id` blocks.
    pub async fn blocks(&self, id: i64) -> Result<Vec<String>, StoreError> {
        each_engine!(self.blocks(id))
    }

    /// Everything stored of the account.
    pub async fn data(&self, id: i64) -> Result<Option<AccountData>, StoreError> {
        each_engine!(self.data(id))
    }
}
