//! The accounts' tables in PostgreSQL: shared by every process of a cluster, so that an account
//! and its sessions are the same on each. One connection of their own, apart from the rooms'
//! writers and reader, connected again when it breaks.

use tokio::sync::Mutex;
use tokio_postgres::{Client, Row};

use super::{connect, migrate, pg};
use crate::backend::{AccountData, AccountRow, NewAccount, SeatRow, SessionRow, StoreError};
use crate::forget::{record_without_name, state_without_name};

/// Migration 3: the accounts.
pub(super) const MIGRATION: &str = "
CREATE TABLE accounts (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    disabled BOOLEAN NOT NULL DEFAULT FALSE,
    avatar TEXT NOT NULL DEFAULT ''
);
CREATE TABLE recovery_codes (
    account_id BIGINT NOT NULL,
    code_hash TEXT NOT NULL,
    PRIMARY KEY (account_id, code_hash)
);
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    account_id BIGINT NOT NULL,
    created_ms BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL
);
CREATE INDEX sessions_by_account ON sessions (account_id);
CREATE TABLE account_seats (
    account_id BIGINT NOT NULL,
    room_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    claimed_ms BIGINT NOT NULL,
    PRIMARY KEY (account_id, room_id, seat)
);
CREATE INDEX account_seats_by_room ON account_seats (room_id);
CREATE TABLE follows (
    follower BIGINT NOT NULL,
    followee BIGINT NOT NULL,
    created_ms BIGINT NOT NULL,
    PRIMARY KEY (follower, followee)
);
CREATE TABLE blocks (
    blocker BIGINT NOT NULL,
    blocked BIGINT NOT NULL,
    created_ms BIGINT NOT NULL,
    PRIMARY KEY (blocker, blocked)
);
";

/// Migration 4: each account's standing tables (rooms that keep their code for good).
pub(super) const STANDING_MIGRATION: &str = "
CREATE TABLE standing_tables (
    room_id TEXT PRIMARY KEY,
    account_id BIGINT NOT NULL,
    code TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE INDEX standing_tables_by_account ON standing_tables (account_id);
";

const ACCOUNT_COLUMNS: &str = "id, name, name_key, password, created_ms, disabled, avatar";

fn account(row: &Row) -> AccountRow {
    AccountRow {
        id: row.get(0),
        name: row.get(1),
        key: row.get(2),
        password: row.get(3),
        created_ms: row.get(4),
        disabled: row.get(5),
        avatar: row.get(6),
    }
}

/// The accounts' connection.
#[derive(Debug)]
pub struct PgAccounts {
    url: String,
    client: Mutex<Option<Client>>,
}

/// The seats account `id` holds take [`DELETED_PLAYER`](crate::DELETED_PLAYER) as their name in
/// every stored record and room state (in the deletion's transaction; the rooms' rows are locked
/// while rewritten, so a room's own write waits for it).
async fn forget_seats(
    tx: &tokio_postgres::Transaction<'_>,
    id: i64,
) -> Result<(), tokio_postgres::Error> {
    let seats = tx
        .query(
            "SELECT room_id, seat FROM account_seats WHERE account_id = $1",
            &[&id],
        )
        .await?;
    for seat in seats {
        let room: String = seat.get(0);
        let seat = seat.get::<_, i32>(1) as usize;
        let records = tx
            .query(
                "SELECT number, record FROM games WHERE room_id = $1 AND record IS NOT NULL FOR UPDATE",
                &[&room],
            )
            .await?;
        for row in records {
            let number: i32 = row.get(0);
            if let Some(forgotten) = record_without_name(row.get(1), seat) {
                tx.execute(
                    "UPDATE games SET record = $3 WHERE room_id = $1 AND number = $2",
                    &[&room, &number, &forgotten],
                )
                .await?;
            }
        }
        let state = tx
            .query_opt("SELECT state FROM rooms WHERE id = $1 FOR UPDATE", &[&room])
            .await?;
        if let Some(forgotten) = state.and_then(|row| state_without_name(row.get(0), seat)) {
            tx.execute(
                "UPDATE rooms SET state = $2 WHERE id = $1",
                &[&room, &forgotten],
            )
            .await?;
        }
    }
    Ok(())
}

impl PgAccounts {
    pub(super) fn new(url: String) -> PgAccounts {
        PgAccounts {
            url,
            client: Mutex::new(None),
        }
    }

    /// Connected (the schema brought up to date), for the operator's tools.
    pub(crate) async fn open(url: &str) -> Result<PgAccounts, StoreError> {
        let mut client = connect(url).await?;
        migrate(&mut client).await?;
        Ok(PgAccounts {
            url: url.to_string(),
            client: Mutex::new(Some(client)),
        })
    }

    /// The database's URL.
    pub(super) fn url(&self) -> &str {
        &self.url
    }

    /// The connection (made again if it broke), held for one call.
    pub(super) async fn client(
        &self,
    ) -> Result<tokio::sync::MutexGuard<'_, Option<Client>>, StoreError> {
        let mut client = self.client.lock().await;
        if client.as_ref().is_none_or(Client::is_closed) {
            *client = Some(connect(&self.url).await?);
        }
        Ok(client)
    }

    pub(crate) async fn create(&self, new: NewAccount) -> Result<Option<AccountRow>, StoreError> {
        let mut guard = self.client().await?;
        let client = guard.as_mut().ok_or(StoreError::Stopped)?;
        let tx = client.transaction().await.map_err(pg)?;
        let row = tx
            .query_opt(
                &format!(
                    "INSERT INTO accounts (name, name_key, password, created_ms, avatar)
                     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name_key) DO NOTHING
                     RETURNING {ACCOUNT_COLUMNS}"
                ),
                &[
                    &new.name,
                    &new.key,
                    &new.password,
                    &new.created_ms,
                    &new.avatar,
                ],
            )
            .await
            .map_err(pg)?;
        let Some(row) = row.as_ref().map(account) else {
            return Ok(None);
        };
        for code in &new.recovery {
            tx.execute(
                "INSERT INTO recovery_codes (account_id, code_hash) VALUES ($1, $2)
                 ON CONFLICT DO NOTHING",
                &[&row.id, code],
            )
            .await
            .map_err(pg)?;
        }
        tx.commit().await.map_err(pg)?;
        Ok(Some(row))
    }

    async fn one_account(
        &self,
        filter: &str,
        value: &(dyn tokio_postgres::types::ToSql + Sync),
    ) -> Result<Option<AccountRow>, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        let row = client
            .query_opt(
                &format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE {filter} = $1"),
                &[value],
            )
            .await
            .map_err(pg)?;
        Ok(row.as_ref().map(account))
    }

    pub(crate) async fn by_key(&self, key: String) -> Result<Option<AccountRow>, StoreError> {
        self.one_account("name_key", &key).await
    }

    pub(crate) async fn by_id(&self, id: i64) -> Result<Option<AccountRow>, StoreError> {
        self.one_account("id", &id).await
    }

    pub(crate) async fn list(&self) -> Result<Vec<AccountRow>, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        let rows = client
            .query(
                &format!("SELECT {ACCOUNT_COLUMNS} FROM accounts ORDER BY name_key"),
                &[],
            )
            .await
            .map_err(pg)?;
        Ok(rows.iter().map(account).collect())
    }

    /// Runs statements (each with the account's id as `$1` and `more` after) in one transaction;
    /// the rows the last one changed.
    async fn in_transaction(
        &self,
        statements: &[&str],
        params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
    ) -> Result<u64, StoreError> {
        let mut guard = self.client().await?;
        let client = guard.as_mut().ok_or(StoreError::Stopped)?;
        let tx = client.transaction().await.map_err(pg)?;
        let mut changed = 0;
        for statement in statements {
            // Each statement takes as many of the parameters as it names.
            let used = (1..=params.len())
                .take_while(|i| statement.contains(&format!("${i}")))
                .count();
            changed = tx.execute(*statement, &params[..used]).await.map_err(pg)?;
        }
        tx.commit().await.map_err(pg)?;
        Ok(changed)
    }

    pub(crate) async fn set_password(&self, id: i64, password: String) -> Result<(), StoreError> {
        self.in_transaction(
            &["UPDATE accounts SET password = $2 WHERE id = $1"],
            &[&id, &password],
        )
        .await
        .map(drop)
    }

    pub(crate) async fn set_disabled(&self, id: i64, disabled: bool) -> Result<(), StoreError> {
        let mut statements = vec!["UPDATE accounts SET disabled = $2 WHERE id = $1"];
        if disabled {
            // Its sessions end in the same transaction.
            statements.insert(0, "DELETE FROM sessions WHERE account_id = $1");
        }
        self.in_transaction(&statements, &[&id, &disabled])
            .await
            .map(drop)
    }

    pub(crate) async fn set_avatar(&self, id: i64, avatar: String) -> Result<(), StoreError> {
        self.in_transaction(
            &["UPDATE accounts SET avatar = $2 WHERE id = $1"],
            &[&id, &avatar],
        )
        .await
        .map(drop)
    }

    pub(crate) async fn rename(
        &self,
        id: i64,
        name: String,
        key: String,
    ) -> Result<bool, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        let changed = client
            .execute(
                "UPDATE accounts SET name = $2, name_key = $3 WHERE id = $1
                 AND NOT EXISTS (SELECT 1 FROM accounts WHERE name_key = $3 AND id <> $1)",
                &[&id, &name, &key],
            )
            .await;
        match changed {
            Ok(n) => Ok(n == 1),
            // Taken between the check and the update by another process.
            Err(error)
                if error.code() == Some(&tokio_postgres::error::SqlState::UNIQUE_VIOLATION) =>
            {
                Ok(false)
            }
            Err(error) => Err(pg(error)),
        }
    }

    pub(crate) async fn delete(&self, id: i64) -> Result<bool, StoreError> {
        let mut guard = self.client().await?;
        let client = guard.as_mut().ok_or(StoreError::Stopped)?;
        let tx = client.transaction().await.map_err(pg)?;
        forget_seats(&tx, id).await.map_err(pg)?;
        let mut deleted = 0;
        for statement in [
            "DELETE FROM sessions WHERE account_id = $1",
            "DELETE FROM recovery_codes WHERE account_id = $1",
            "DELETE FROM account_seats WHERE account_id = $1",
            "DELETE FROM follows WHERE follower = $1 OR followee = $1",
            "DELETE FROM blocks WHERE blocker = $1 OR blocked = $1",
            "DELETE FROM standing_tables WHERE account_id = $1",
            "DELETE FROM accounts WHERE id = $1",
        ] {
            deleted = tx.execute(statement, &[&id]).await.map_err(pg)?;
        }
        tx.commit().await.map_err(pg)?;
        Ok(deleted == 1)
    }

    pub(crate) async fn use_recovery_code(
        &self,
        id: i64,
        hash: String,
    ) -> Result<bool, StoreError> {
        let used = self
            .in_transaction(
                &["DELETE FROM recovery_codes WHERE account_id = $1 AND code_hash = $2"],
                &[&id, &hash],
            )
            .await?;
        Ok(used == 1)
    }

    pub(crate) async fn replace_recovery_codes(
        &self,
        id: i64,
        hashes: Vec<String>,
    ) -> Result<(), StoreError> {
        self.in_transaction(
            &[
                "DELETE FROM recovery_codes WHERE account_id = $1",
                "INSERT INTO recovery_codes (account_id, code_hash)
                 SELECT $1, code FROM unnest($2::text[]) AS code ON CONFLICT DO NOTHING",
            ],
            &[&id, &hashes],
        )
        .await
        .map(drop)
    }

    pub(crate) async fn add_session(
        &self,
        token_hash: String,
        id: i64,
        created_ms: i64,
        expires_ms: i64,
    ) -> Result<(), StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        client
            .execute(
                "DELETE FROM sessions WHERE expires_ms <= $1",
                &[&created_ms],
            )
            .await
            .map_err(pg)?;
        client
            .execute(
                "INSERT INTO sessions (token_hash, account_id, created_ms, expires_ms)
                 VALUES ($1, $2, $3, $4)",
                &[&token_hash, &id, &created_ms, &expires_ms],
            )
            .await
            .map_err(pg)
            .map(drop)
    }

    pub(crate) async fn session(
        &self,
        token_hash: String,
        now_ms: i64,
    ) -> Result<Option<SessionRow>, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        let row = client
            .query_opt(
                "SELECT a.id, a.name, a.name_key, a.password, a.created_ms, a.disabled, a.avatar,
                        s.created_ms, s.expires_ms
                 FROM sessions s JOIN accounts a ON a.id = s.account_id
                 WHERE s.token_hash = $1 AND s.expires_ms > $2 AND NOT a.disabled",
                &[&token_hash, &now_ms],
            )
            .await
            .map_err(pg)?;
        Ok(row.map(|row| SessionRow {
            account: account(&row),
            created_ms: row.get(7),
            expires_ms: row.get(8),
        }))
    }

    pub(crate) async fn end_session(&self, token_hash: String) -> Result<(), StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        client
            .execute("DELETE FROM sessions WHERE token_hash = $1", &[&token_hash])
            .await
            .map_err(pg)
            .map(drop)
    }

    pub(crate) async fn end_sessions(&self, id: i64) -> Result<u64, StoreError> {
        self.in_transaction(&["DELETE FROM sessions WHERE account_id = $1"], &[&id])
            .await
    }

    pub(crate) async fn claim_seats(
        &self,
        id: i64,
        seats: Vec<(String, u32)>,
        now_ms: i64,
    ) -> Result<u64, StoreError> {
        let (rooms, numbers): (Vec<String>, Vec<i32>) = seats
            .into_iter()
            .map(|(room, seat)| (room, seat as i32))
            .unzip();
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        client
            .execute(
                "INSERT INTO account_seats (account_id, room_id, seat, claimed_ms)
                 SELECT $1, room, seat, $4 FROM unnest($2::text[], $3::int[]) AS t (room, seat)
                 ON CONFLICT DO NOTHING",
                &[&id, &rooms, &numbers, &now_ms],
            )
            .await
            .map_err(pg)
    }

    pub(crate) async fn seats(&self, id: i64) -> Result<Vec<SeatRow>, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        seats_of(client, id).await
    }

    pub(crate) async fn seated_in(&self, room: String) -> Result<Vec<(u32, String)>, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        let rows = client
            .query(
                "SELECT s.seat, a.name FROM account_seats s JOIN accounts a ON a.id = s.account_id
                 WHERE s.room_id = $1 ORDER BY s.seat",
                &[&room],
            )
            .await
            .map_err(pg)?;
        Ok(rows
            .iter()
            .map(|row| (row.get::<_, i32>(0) as u32, row.get(1)))
            .collect())
    }

    pub(crate) async fn set_follow(
        &self,
        follower: i64,
        followee: i64,
        on: bool,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        self.set_pair(
            "follows", "follower", "followee", follower, followee, on, now_ms,
        )
        .await
    }

    pub(crate) async fn set_block(
        &self,
        blocker: i64,
        blocked: i64,
        on: bool,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        self.set_pair("blocks", "blocker", "blocked", blocker, blocked, on, now_ms)
            .await
    }

    #[allow(clippy::too_many_arguments)]
    async fn set_pair(
        &self,
        table: &str,
        from: &str,
        to: &str,
        a: i64,
        b: i64,
        on: bool,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        let result = if on {
            client
                .execute(
                    &format!(
                        "INSERT INTO {table} ({from}, {to}, created_ms) VALUES ($1, $2, $3)
                         ON CONFLICT DO NOTHING"
                    ),
                    &[&a, &b, &now_ms],
                )
                .await
        } else {
            client
                .execute(
                    &format!("DELETE FROM {table} WHERE {from} = $1 AND {to} = $2"),
                    &[&a, &b],
                )
                .await
        };
        result.map_err(pg).map(drop)
    }

    pub(crate) async fn add_standing(
        &self,
        id: i64,
        room: String,
        code: String,
        now_ms: i64,
        max: u32,
    ) -> Result<bool, StoreError> {
        let mut guard = self.client().await?;
        let client = guard.as_mut().ok_or(StoreError::Stopped)?;
        let tx = client.transaction().await.map_err(pg)?;
        // One account's additions wait for each other, so that two at once cannot pass `max`.
        tx.execute(
            "SELECT pg_advisory_xact_lock(7100, $1::int)",
            &[&(id as i32)],
        )
        .await
        .map_err(pg)?;
        let kept: i64 = tx
            .query_one(
                "SELECT count(*) FROM standing_tables WHERE account_id = $1 AND room_id <> $2",
                &[&id, &room],
            )
            .await
            .map_err(pg)?
            .get(0);
        if kept >= i64::from(max) {
            return Ok(false);
        }
        tx.execute(
            "INSERT INTO standing_tables (room_id, account_id, code, created_ms)
             VALUES ($1, $2, $3, $4)
             ON CONFLICT (room_id) DO UPDATE SET account_id = $2, code = $3",
            &[&room, &id, &code, &now_ms],
        )
        .await
        .map_err(pg)?;
        tx.commit().await.map_err(pg)?;
        Ok(true)
    }

    pub(crate) async fn remove_standing(&self, room: String) -> Result<(), StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        client
            .execute("DELETE FROM standing_tables WHERE room_id = $1", &[&room])
            .await
            .map_err(pg)
            .map(drop)
    }

    pub(crate) async fn standing(&self, id: i64) -> Result<Vec<(String, String)>, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        let rows = client
            .query(
                "SELECT room_id, code FROM standing_tables WHERE account_id = $1
                 ORDER BY created_ms, room_id",
                &[&id],
            )
            .await
            .map_err(pg)?;
        Ok(rows.iter().map(|row| (row.get(0), row.get(1))).collect())
    }

    pub(crate) async fn follows(&self, id: i64) -> Result<Vec<String>, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        names_of(client, "follows", "follower", "followee", id).await
    }

    pub(crate) async fn blocks(&self, id: i64) -> Result<Vec<String>, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        names_of(client, "blocks", "blocker", "blocked", id).await
    }

    pub(crate) async fn data(&self, id: i64) -> Result<Option<AccountData>, StoreError> {
        let guard = self.client().await?;
        let client = guard.as_ref().ok_or(StoreError::Stopped)?;
        let Some(row) = client
            .query_opt(
                &format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE id = $1"),
                &[&id],
            )
            .await
            .map_err(pg)?
        else {
            return Ok(None);
        };
        let sessions = client
            .query(
                "SELECT created_ms, expires_ms FROM sessions WHERE account_id = $1
                 ORDER BY created_ms",
                &[&id],
            )
            .await
            .map_err(pg)?
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect();
        let left: i64 = client
            .query_one(
                "SELECT COUNT(*) FROM recovery_codes WHERE account_id = $1",
                &[&id],
            )
            .await
            .map_err(pg)?
            .get(0);
        Ok(Some(AccountData {
            account: account(&row),
            sessions,
            recovery_left: left as usize,
            seats: seats_of(client, id).await?,
            follows: names_of(client, "follows", "follower", "followee", id).await?,
            blocks: names_of(client, "blocks", "blocker", "blocked", id).await?,
        }))
    }
}

async fn seats_of(client: &Client, id: i64) -> Result<Vec<SeatRow>, StoreError> {
    let rows = client
        .query(
            "SELECT room_id, seat, claimed_ms FROM account_seats WHERE account_id = $1
             ORDER BY claimed_ms DESC, room_id",
            &[&id],
        )
        .await
        .map_err(pg)?;
    Ok(rows
        .iter()
        .map(|row| SeatRow {
            room: row.get(0),
            seat: row.get::<_, i32>(1) as u32,
            claimed_ms: row.get(2),
        })
        .collect())
}

async fn names_of(
    client: &Client,
    table: &str,
    from: &str,
    to: &str,
    id: i64,
) -> Result<Vec<String>, StoreError> {
    let rows = client
        .query(
            &format!(
                "SELECT a.name FROM {table} t JOIN accounts a ON a.id = t.{to}
                 WHERE t.{from} = $1 ORDER BY a.name_key"
            ),
            &[&id],
        )
        .await
        .map_err(pg)?;
    Ok(rows.iter().map(|row| row.get(0)).collect())
}
