//! Players with a name that lasts: accounts a guest can claim, their sessions, recovery codes,
//! the games they played (the seats their browser held), whom they follow and block.
//!
//! Guest first: nothing here is needed to play. The edge (`edge/accounts.rs`) is the HTTP face of
//! these operations; the storage is `martian_store::accounts`, in the rooms' database.

pub(crate) mod climbers;
pub(crate) mod invites;
pub(crate) mod limits;
pub mod operator;
pub(crate) mod passwords;
pub(crate) mod presence;
pub(crate) mod profiles;
pub(crate) mod secrets;

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use martian_protocol::{NameError, clean_name, names::skeleton};
use martian_store::StoreError;
use martian_store::accounts::{AccountData, AccountRow, Accounts, NewAccount};
use serde::Serialize;

use crate::players::limits::SignInLimits;
use crate::players::passwords::{Busy, Hasher, MAX_PASSWORD_BYTES, MIN_PASSWORD_CHARS};
use crate::rooms::outbox::{ConnId, Outbox, Outgoing, Text};
use crate::state::metrics::Metrics;

/// Whether anyone may create an account (`serve --signups`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Signups {
    #[default]
    Open,
    /// Only the operator makes accounts (`martian-dice accounts`); a club's server.
    Closed,
}

/// Why an account operation was refused.
#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    #[error("{0}")]
    Name(NameError),
    #[error("that name is taken (names are compared ignoring case and look-alike letters)")]
    NameTaken,
    #[error(
        "a password needs at least {MIN_PASSWORD_CHARS} characters (and at most {MAX_PASSWORD_BYTES} bytes)"
    )]
    WeakPassword,
    /// An unknown name and a wrong password get the same answer.
    #[error("wrong name or password")]
    WrongCredentials,
    #[error("too many sign-in attempts: try again in {} s", .0.as_secs().max(1))]
    Limited(std::time::Duration),
    #[error("this server does not take new accounts: ask its operator")]
    SignupsClosed,
    #[error("the server is busy checking passwords: try again in a moment")]
    Busy,
    #[error("sign in first")]
    NotSignedIn,
    #[error("no player has that name")]
    NoSuchPlayer,
    #[error("that player is not online on this server now")]
    NotOnline,
    #[error("follow that player first: invites go to the players you follow")]
    NotFollowing,
    #[error("no room here has that code")]
    NoSuchRoom,
    #[error("no rated game of that room has that number, or it is voided already")]
    NoSuchRatedGame,
    #[error("too many invites: try again in {} s", .0.as_secs().max(1))]
    TooManyInvites(std::time::Duration),
    #[error("{}", .0.to_client())]
    Store(StoreError),
}

impl From<StoreError> for AccountError {
    fn from(error: StoreError) -> AccountError {
        tracing::warn!("accounts: {error}");
        AccountError::Store(error)
    }
}

impl From<Busy> for AccountError {
    fn from(_: Busy) -> AccountError {
        AccountError::Busy
    }
}

/// A signed-in player, as the page and the protocol see them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Account {
    pub name: String,
    #[serde(skip)]
    pub id: i64,
    /// The session's token digest (to end this session).
    #[serde(skip)]
    pub session: String,
}

/// A new account, with what is shown once.
#[derive(Debug)]
pub struct Created {
    pub account: Account,
    pub token: String,
    pub recovery_codes: Vec<String>,
}

/// The accounts' side of the server.
#[derive(Debug)]
pub struct Players {
    pub accounts: Accounts,
    pub hasher: Hasher,
    pub limits: SignInLimits,
    pub signups: Signups,
    pub metrics: Metrics,
    pub online: Online,
    pub invites: invites::InviteLimits,
    /// Who is online on the cluster's other processes (with PostgreSQL).
    pub shared: Option<presence::SharedPresence>,
    /// This week's climbers, kept between asks of the leaderboard.
    pub climbers: Arc<climbers::KeptClimbers>,
}

/// A signed-in connection: its outbox, and the room it is in, if any.
#[derive(Debug)]
struct Connection {
    conn: ConnId,
    outbox: Outbox,
    room: Option<String>,
}

/// The connections each signed-in account has open here, by name key.
type Connections = HashMap<String, Vec<Connection>>;

/// Who is connected now, by name key: the WebSockets each signed-in account has open here.
#[derive(Debug, Default)]
pub struct Online(Arc<Mutex<Connections>>);

/// An account's connection, counted as online while it lives.
#[derive(Debug)]
pub struct Present {
    online: Arc<Mutex<Connections>>,
    key: String,
    conn: ConnId,
}

impl Online {
    fn lock(&self) -> std::sync::MutexGuard<'_, Connections> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `name` connected on `conn`: online until the returned guard drops.
    pub fn arrive(&self, name: &str, conn: ConnId, outbox: Outbox) -> Present {
        let key = skeleton(name);
        self.lock()
            .entry(key.clone())
            .or_default()
            .push(Connection {
                conn,
                outbox,
                room: None,
            });
        Present {
            online: self.0.clone(),
            key,
            conn,
        }
    }

    /// Whether `name` has a connection open here.
    pub fn is_online(&self, name: &str) -> bool {
        self.lock().contains_key(&skeleton(name))
    }

    /// Sends `text` to every connection `name` has open here; how many there were.
    pub fn tell(&self, name: &str, text: &Text) -> usize {
        let online = self.lock();
        let Some(connections) = online.get(&skeleton(name)) else {
            return 0;
        };
        for connection in connections {
            let _ = connection.outbox.send(Outgoing::Text(text.clone()));
        }
        connections.len()
    }

    /// `name`'s connection `conn` is in `room` now (or in none).
    pub fn set_room(&self, name: &str, conn: ConnId, room: Option<&str>) {
        if let Some(connections) = self.lock().get_mut(&skeleton(name)) {
            for connection in connections.iter_mut().filter(|c| c.conn == conn) {
                connection.room = room.map(String::from);
            }
        }
    }

    /// The rooms `name`'s connections here are in (the newest connection's first).
    pub fn rooms_of(&self, name: &str) -> Vec<String> {
        self.lock()
            .get(&skeleton(name))
            .map(|connections| {
                connections
                    .iter()
                    .rev()
                    .filter_map(|c| c.room.clone())
                    .collect()
            })
            .unwrap_or_default()
    }
}

impl Drop for Present {
    fn drop(&mut self) {
        let mut online = self.online.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(connections) = online.get_mut(&self.key) {
            connections.retain(|connection| connection.conn != self.conn);
            if connections.is_empty() {
                online.remove(&self.key);
            }
        }
    }
}

fn check_password(password: &str) -> Result<(), AccountError> {
    if password.chars().count() < MIN_PASSWORD_CHARS || password.len() > MAX_PASSWORD_BYTES {
        return Err(AccountError::WeakPassword);
    }
    Ok(())
}

/// A name as an account claims it, and the key it is compared by.
pub fn claimable(name: &str) -> Result<(String, String), AccountError> {
    let name = clean_name(name).map_err(AccountError::Name)?;
    let key = skeleton(&name);
    Ok((name, key))
}

fn now_ms() -> i64 {
    martian_store::now_ms()
}

impl Players {
    /// Creates an account and signs it in (unless sign-ups are closed and `by_operator` is not
    /// set).
    pub async fn create(
        &self,
        name: &str,
        password: &str,
        avatar: &str,
        by_operator: bool,
    ) -> Result<Created, AccountError> {
        if self.signups == Signups::Closed && !by_operator {
            return Err(AccountError::SignupsClosed);
        }
        let (name, key) = claimable(name)?;
        check_password(password)?;
        if self.accounts.by_key(&key).await?.is_some() {
            return Err(AccountError::NameTaken);
        }
        let hash = self.hasher.hash(password.to_string()).await?;
        let codes = secrets::recovery_codes();
        let new = NewAccount {
            name,
            key,
            password: hash,
            recovery: codes.iter().map(|c| secrets::digest(c)).collect(),
            avatar: avatar.to_string(),
            created_ms: now_ms(),
        };
        let Some(row) = self.accounts.create(new).await? else {
            return Err(AccountError::NameTaken);
        };
        self.metrics.account_change("created");
        let (account, token) = self.start_session(&row).await?;
        Ok(Created {
            account,
            token,
            recovery_codes: codes,
        })
    }

    async fn start_session(&self, row: &AccountRow) -> Result<(Account, String), AccountError> {
        let token = secrets::session_token();
        let digest = secrets::digest(&token);
        let now = now_ms();
        let expires = now + secrets::SESSION_DAYS * 24 * 3600 * 1000;
        self.accounts
            .add_session(&digest, row.id, now, expires)
            .await?;
        let account = Account {
            name: row.name.clone(),
            id: row.id,
            session: digest,
        };
        Ok((account, token))
    }

    /// Checks the attempt's limits, then `check` (which says whether the secret is right).
    async fn attempt<F>(
        &self,
        addr: IpAddr,
        name: &str,
        check: F,
    ) -> Result<AccountRow, AccountError>
    where
        F: AsyncFnOnce(Option<&AccountRow>) -> Result<bool, AccountError>,
    {
        let key = skeleton(name);
        if let Some(wait) = self.limits.wait(addr, &key, Instant::now()) {
            self.metrics.sign_in("limited");
            return Err(AccountError::Limited(wait));
        }
        let row = self.accounts.by_key(&key).await?;
        let usable = row.as_ref().filter(|row| !row.disabled);
        let right = match check(usable).await {
            Ok(right) => right,
            Err(AccountError::Busy) => {
                self.metrics.sign_in("busy");
                return Err(AccountError::Busy);
            }
            Err(error) => return Err(error),
        };
        match usable {
            Some(row) if right => {
                self.limits.succeeded(&key);
                self.metrics.sign_in("ok");
                Ok(row.clone())
            }
            _ => {
                self.limits.failed(addr, &key, Instant::now());
                self.metrics.sign_in("wrong");
                Err(AccountError::WrongCredentials)
            }
        }
    }

    /// Signs in with a name and password: a new session.
    pub async fn sign_in(
        &self,
        addr: IpAddr,
        name: &str,
        password: &str,
    ) -> Result<(Account, String), AccountError> {
        if password.len() > MAX_PASSWORD_BYTES {
            return Err(AccountError::WrongCredentials);
        }
        let row = self
            .attempt(addr, name, async |row: Option<&AccountRow>| {
                let phc = row.map(|row| row.password.clone());
                Ok(self.hasher.verify(password.to_string(), phc).await?)
            })
            .await?;
        self.start_session(&row).await
    }

    /// Signs in with a recovery code (used up) and sets a new password: a new session, every
    /// other one ended.
    pub async fn recover(
        &self,
        addr: IpAddr,
        name: &str,
        code: &str,
        new_password: &str,
    ) -> Result<(Account, String), AccountError> {
        check_password(new_password)?;
        let digest = secrets::digest(&secrets::normalize_recovery_code(code));
        let row = self
            .attempt(addr, name, async |row: Option<&AccountRow>| match row {
                Some(row) => Ok(self.accounts.use_recovery_code(row.id, &digest).await?),
                None => Ok(false),
            })
            .await?;
        let hash = self.hasher.hash(new_password.to_string()).await?;
        self.accounts.set_password(row.id, &hash).await?;
        self.accounts.end_sessions(row.id).await?;
        self.start_session(&row).await
    }

    /// The account a session token belongs to, if the session is live.
    pub async fn account_of(&self, token: Option<&str>) -> Option<Account> {
        let token = token?;
        let digest = secrets::digest(token);
        match self.accounts.session(&digest, now_ms()).await {
            Ok(found) => found.map(|session| Account {
                name: session.account.name,
                id: session.account.id,
                session: digest,
            }),
            Err(error) => {
                tracing::warn!("reading a session: {error}");
                None
            }
        }
    }

    /// Ends this session.
    pub async fn sign_out(&self, account: &Account) -> Result<(), AccountError> {
        Ok(self.accounts.end_session(&account.session).await?)
    }

    /// Ends every session of the account (this one too).
    pub async fn sign_out_everywhere(&self, account: &Account) -> Result<u64, AccountError> {
        Ok(self.accounts.end_sessions(account.id).await?)
    }

    /// Checks the password of a signed-in account (before changing or deleting it).
    async fn confirm(&self, account: &Account, password: &str) -> Result<AccountRow, AccountError> {
        let row = self
            .accounts
            .by_id(account.id)
            .await?
            .ok_or(AccountError::NotSignedIn)?;
        if password.len() > MAX_PASSWORD_BYTES
            || !self
                .hasher
                .verify(password.to_string(), Some(row.password.clone()))
                .await?
        {
            return Err(AccountError::WrongCredentials);
        }
        Ok(row)
    }

    /// Changes the password: every other session ends; a new one is given.
    pub async fn change_password(
        &self,
        account: &Account,
        old: &str,
        new: &str,
    ) -> Result<(Account, String), AccountError> {
        check_password(new)?;
        let row = self.confirm(account, old).await?;
        let hash = self.hasher.hash(new.to_string()).await?;
        self.accounts.set_password(row.id, &hash).await?;
        self.accounts.end_sessions(row.id).await?;
        self.start_session(&row).await
    }

    /// New recovery codes in place of the old ones (password confirmed).
    pub async fn new_recovery_codes(
        &self,
        account: &Account,
        password: &str,
    ) -> Result<Vec<String>, AccountError> {
        let row = self.confirm(account, password).await?;
        let codes = secrets::recovery_codes();
        self.accounts
            .replace_recovery_codes(row.id, codes.iter().map(|c| secrets::digest(c)).collect())
            .await?;
        Ok(codes)
    }

    /// Deletes the account (password confirmed): profile, sessions, follows and seats go.
    pub async fn delete(&self, account: &Account, password: &str) -> Result<(), AccountError> {
        let row = self.confirm(account, password).await?;
        self.accounts.delete(row.id).await?;
        self.metrics.account_change("deleted");
        Ok(())
    }

    /// Everything stored of the account.
    pub async fn data(&self, account: &Account) -> Result<AccountData, AccountError> {
        self.accounts
            .data(account.id)
            .await?
            .ok_or(AccountError::NotSignedIn)
    }

    /// The account named `name` (compared as names are).
    pub async fn find(&self, name: &str) -> Result<AccountRow, AccountError> {
        let row = self.accounts.by_key(&skeleton(name)).await?;
        row.filter(|row| !row.disabled)
            .ok_or(AccountError::NoSuchPlayer)
    }

    /// Follows (or stops following) `name`.
    pub async fn follow(
        &self,
        account: &Account,
        name: &str,
        on: bool,
    ) -> Result<(), AccountError> {
        let other = self.find(name).await?;
        if other.id != account.id {
            self.accounts
                .set_follow(account.id, other.id, on, now_ms())
                .await?;
        }
        Ok(())
    }

    /// Whether the account named `name` blocks `account`; when that cannot be read, it is taken
    /// to (what depends on it is then kept from `account`).
    pub async fn blocks_me(&self, name: &str, account: &Account) -> bool {
        let Ok(Some(other)) = self.accounts.by_key(&skeleton(name)).await else {
            return true;
        };
        match self.accounts.blocks(other.id).await {
            Ok(blocked) => blocked
                .iter()
                .any(|b| skeleton(b) == skeleton(&account.name)),
            Err(_) => true,
        }
    }

    /// Blocks (or unblocks) `name`.
    pub async fn block(&self, account: &Account, name: &str, on: bool) -> Result<(), AccountError> {
        let other = self.find(name).await?;
        if other.id != account.id {
            self.accounts
                .set_block(account.id, other.id, on, now_ms())
                .await?;
        }
        Ok(())
    }
}
