//! The accounts' tables in SQLite: each call runs on the storage thread, in its turn with the
//! rooms' writes (one connection owns the file).

use std::sync::{Arc, Mutex, mpsc};

use rusqlite::{Connection, OptionalExtension, Row, params};
use tokio::sync::oneshot;

use super::Op;
use crate::backend::{AccountData, AccountRow, NewAccount, SeatRow, SessionRow, StoreError};
use crate::forget::{record_without_name, state_without_name};

pub(super) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS accounts (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    disabled INTEGER NOT NULL DEFAULT 0,
    avatar TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS recovery_codes (
    account_id INTEGER NOT NULL,
    code_hash TEXT NOT NULL,
    PRIMARY KEY (account_id, code_hash)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS sessions (
    token_hash TEXT PRIMARY KEY,
    account_id INTEGER NOT NULL,
    created_ms INTEGER NOT NULL,
    expires_ms INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS sessions_by_account ON sessions (account_id);
CREATE TABLE IF NOT EXISTS account_seats (
    account_id INTEGER NOT NULL,
    room_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    claimed_ms INTEGER NOT NULL,
    PRIMARY KEY (account_id, room_id, seat)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS account_seats_by_room ON account_seats (room_id);
CREATE TABLE IF NOT EXISTS follows (
    follower INTEGER NOT NULL,
    followee INTEGER NOT NULL,
    created_ms INTEGER NOT NULL,
    PRIMARY KEY (follower, followee)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS standing_tables (
    room_id TEXT PRIMARY KEY,
    account_id INTEGER NOT NULL,
    code TEXT NOT NULL,
    created_ms INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS standing_tables_by_account ON standing_tables (account_id);
CREATE TABLE IF NOT EXISTS blocks (
    blocker INTEGER NOT NULL,
    blocked INTEGER NOT NULL,
    created_ms INTEGER NOT NULL,
    PRIMARY KEY (blocker, blocked)
) WITHOUT ROWID;
";

const ACCOUNT_COLUMNS: &str = "id, name, name_key, password, created_ms, disabled, avatar";

fn account(row: &Row<'_>) -> rusqlite::Result<AccountRow> {
    Ok(AccountRow {
        id: row.get(0)?,
        name: row.get(1)?,
        key: row.get(2)?,
        password: row.get(3)?,
        created_ms: row.get(4)?,
        disabled: row.get(5)?,
        avatar: row.get(6)?,
    })
}

/// The seats account `id` holds take [`DELETED_PLAYER`](crate::DELETED_PLAYER) as their name in
/// every stored record and room state (in the deletion's transaction).
fn forget_seats(tx: &rusqlite::Transaction<'_>, id: i64) -> rusqlite::Result<()> {
    let seats: Vec<(String, i64)> = tx
        .prepare("SELECT room_id, seat FROM account_seats WHERE account_id = ?1")?
        .query_map([id], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<Result<_, _>>()?;
    for (room, seat) in seats {
        let seat = seat as usize;
        let records: Vec<(i64, String)> = tx
            .prepare("SELECT number, record FROM games WHERE room_id = ?1 AND record IS NOT NULL")?
            .query_map([&room], |row| Ok((row.get(0)?, row.get(1)?)))?
            .collect::<Result<_, _>>()?;
        for (number, record) in records {
            if let Some(forgotten) = record_without_name(&record, seat) {
                tx.execute(
                    "UPDATE games SET record = ?3 WHERE room_id = ?1 AND number = ?2",
                    params![room, number, forgotten],
                )?;
            }
        }
        let state: Option<String> = tx
            .query_row("SELECT state FROM rooms WHERE id = ?1", [&room], |row| {
                row.get(0)
            })
            .optional()?;
        if let Some(forgotten) = state.and_then(|state| state_without_name(&state, seat)) {
            tx.execute(
                "UPDATE rooms SET state = ?2 WHERE id = ?1",
                params![room, forgotten],
            )?;
        }
    }
    Ok(())
}

/// A call on the storage thread's connection.
pub(super) type Call = Box<dyn FnOnce(&mut Connection) + Send>;

/// The accounts' handle on the storage thread.
#[derive(Clone, Debug)]
pub struct Calls {
    tx: Arc<Mutex<mpsc::Sender<Op>>>,
}

impl Calls {
    /// A connection of its own to the database at `path`, for the operator's tools while the
    /// server runs (SQLite's locks keep the two apart; the server's own lock is not taken).
    pub(crate) fn open_beside_server(path: &std::path::Path) -> Result<Calls, StoreError> {
        if !path.exists() {
            return Err(StoreError::File {
                what: format!("no database at {}", path.display()),
                error: "give the file `serve --db` uses".into(),
            });
        }
        let conn = Connection::open(path)?;
        conn.pragma_update(None, "busy_timeout", 5000)?;
        conn.execute_batch(SCHEMA)?;
        conn.execute_batch(super::reviews::SCHEMA)?;
        conn.execute_batch(super::ratings::SCHEMA)?;
        super::ratings::ensure_accuracy(&conn)?;
        let (tx, rx) = mpsc::channel::<Op>();
        std::thread::Builder::new()
            .name("martian-accounts".into())
            .spawn(move || {
                let mut conn = conn;
                while let Ok(op) = rx.recv() {
                    if let Op::Call(call) = op {
                        call(&mut conn);
                    }
                }
            })
            .map_err(|e| StoreError::file("cannot start the accounts' thread", e))?;
        Ok(Calls::new(Arc::new(Mutex::new(tx))))
    }

    pub(super) fn new(tx: Arc<Mutex<mpsc::Sender<Op>>>) -> Calls {
        Calls { tx }
    }

    /// Runs `f` on the storage thread and answers what it returns.
    pub(super) async fn call<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (reply, done) = oneshot::channel();
        let call: Call = Box::new(move |conn| {
            let _ = reply.send(f(conn).map_err(StoreError::from));
        });
        self.tx
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .send(Op::Call(call))
            .map_err(|_| StoreError::Stopped)?;
        done.await.map_err(|_| StoreError::Stopped)?
    }

    /// Runs `f` on the storage thread, where `f` answers the storage's own errors.
    pub(super) async fn call_stored<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (reply, done) = oneshot::channel();
        let call: Call = Box::new(move |conn| {
            let _ = reply.send(f(conn));
        });
        self.tx
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .send(Op::Call(call))
            .map_err(|_| StoreError::Stopped)?;
        done.await.map_err(|_| StoreError::Stopped)?
    }

    pub(crate) async fn create(&self, new: NewAccount) -> Result<Option<AccountRow>, StoreError> {
        self.call(move |conn| {
            let tx = conn.transaction()?;
            let inserted = tx.execute(
                "INSERT INTO accounts (name, name_key, password, created_ms, avatar)
                 VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (name_key) DO NOTHING",
                params![new.name, new.key, new.password, new.created_ms, new.avatar],
            )?;
            if inserted == 0 {
                return Ok(None);
            }
            let id = tx.last_insert_rowid();
            for code in &new.recovery {
                tx.execute(
                    "INSERT OR IGNORE INTO recovery_codes (account_id, code_hash) VALUES (?1, ?2)",
                    params![id, code],
                )?;
            }
            let row = tx.query_row(
                &format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE id = ?1"),
                [id],
                account,
            )?;
            tx.commit()?;
            Ok(Some(row))
        })
        .await
    }

    pub(crate) async fn by_key(&self, key: String) -> Result<Option<AccountRow>, StoreError> {
        self.call(move |conn| {
            conn.query_row(
                &format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE name_key = ?1"),
                [key],
                account,
            )
            .optional()
        })
        .await
    }

    pub(crate) async fn by_id(&self, id: i64) -> Result<Option<AccountRow>, StoreError> {
        self.call(move |conn| {
            conn.query_row(
                &format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE id = ?1"),
                [id],
                account,
            )
            .optional()
        })
        .await
    }

    pub(crate) async fn list(&self) -> Result<Vec<AccountRow>, StoreError> {
        self.call(move |conn| {
            let mut statement = conn.prepare(&format!(
                "SELECT {ACCOUNT_COLUMNS} FROM accounts ORDER BY name_key"
            ))?;
            statement.query_map([], account)?.collect()
        })
        .await
    }

    pub(crate) async fn set_password(&self, id: i64, password: String) -> Result<(), StoreError> {
        self.call(move |conn| {
            conn.execute(
                "UPDATE accounts SET password = ?2 WHERE id = ?1",
                params![id, password],
            )
            .map(drop)
        })
        .await
    }

    pub(crate) async fn set_disabled(&self, id: i64, disabled: bool) -> Result<(), StoreError> {
        self.call(move |conn| {
            let tx = conn.transaction()?;
            tx.execute(
                "UPDATE accounts SET disabled = ?2 WHERE id = ?1",
                params![id, disabled],
            )?;
            if disabled {
                tx.execute("DELETE FROM sessions WHERE account_id = ?1", [id])?;
            }
            tx.commit()
        })
        .await
    }

    pub(crate) async fn set_avatar(&self, id: i64, avatar: String) -> Result<(), StoreError> {
        self.call(move |conn| {
            conn.execute(
                "UPDATE accounts SET avatar = ?2 WHERE id = ?1",
                params![id, avatar],
            )
            .map(drop)
        })
        .await
    }

    pub(crate) async fn rename(
        &self,
        id: i64,
        name: String,
        key: String,
    ) -> Result<bool, StoreError> {
        self.call(move |conn| {
            let taken: Option<i64> = conn
                .query_row(
                    "SELECT id FROM accounts WHERE name_key = ?1",
                    [&key],
                    |row| row.get(0),
                )
                .optional()?;
            if taken.is_some_and(|other| other != id) {
                return Ok(false);
            }
            let changed = conn.execute(
                "UPDATE accounts SET name = ?2, name_key = ?3 WHERE id = ?1",
                params![id, name, key],
            )?;
            Ok(changed == 1)
        })
        .await
    }

    pub(crate) async fn delete(&self, id: i64) -> Result<bool, StoreError> {
        self.call(move |conn| {
            let tx = conn.transaction()?;
            forget_seats(&tx, id)?;
            for sql in [
                "DELETE FROM sessions WHERE account_id = ?1",
                "DELETE FROM recovery_codes WHERE account_id = ?1",
                "DELETE FROM account_seats WHERE account_id = ?1",
                "DELETE FROM follows WHERE follower = ?1 OR followee = ?1",
                "DELETE FROM blocks WHERE blocker = ?1 OR blocked = ?1",
                "DELETE FROM standing_tables WHERE account_id = ?1",
            ] {
                tx.execute(sql, [id])?;
            }
            let deleted = tx.execute("DELETE FROM accounts WHERE id = ?1", [id])?;
            tx.commit()?;
            Ok(deleted == 1)
        })
        .await
    }

    pub(crate) async fn use_recovery_code(
        &self,
        id: i64,
        hash: String,
    ) -> Result<bool, StoreError> {
        self.call(move |conn| {
            let used = conn.execute(
                "DELETE FROM recovery_codes WHERE account_id = ?1 AND code_hash = ?2",
                params![id, hash],
            )?;
            Ok(used == 1)
        })
        .await
    }

    pub(crate) async fn replace_recovery_codes(
        &self,
        id: i64,
        hashes: Vec<String>,
    ) -> Result<(), StoreError> {
        self.call(move |conn| {
            let tx = conn.transaction()?;
            tx.execute("DELETE FROM recovery_codes WHERE account_id = ?1", [id])?;
            for code in &hashes {
                tx.execute(
                    "INSERT OR IGNORE INTO recovery_codes (account_id, code_hash) VALUES (?1, ?2)",
                    params![id, code],
                )?;
            }
            tx.commit()
        })
        .await
    }

    pub(crate) async fn add_session(
        &self,
        token_hash: String,
        id: i64,
        created_ms: i64,
        expires_ms: i64,
    ) -> Result<(), StoreError> {
        self.call(move |conn| {
            // Sessions past their time go as new ones come: the table holds live ones only.
            conn.execute("DELETE FROM sessions WHERE expires_ms <= ?1", [created_ms])?;
            conn.execute(
                "INSERT INTO sessions (token_hash, account_id, created_ms, expires_ms)
                 VALUES (?1, ?2, ?3, ?4)",
                params![token_hash, id, created_ms, expires_ms],
            )
            .map(drop)
        })
        .await
    }

    pub(crate) async fn session(
        &self,
        token_hash: String,
        now_ms: i64,
    ) -> Result<Option<SessionRow>, StoreError> {
        self.call(move |conn| {
            conn.query_row(
                "SELECT a.id, a.name, a.name_key, a.password, a.created_ms, a.disabled, a.avatar,
                        s.created_ms, s.expires_ms
                 FROM sessions s JOIN accounts a ON a.id = s.account_id
                 WHERE s.token_hash = ?1 AND s.expires_ms > ?2 AND a.disabled = 0",
                params![token_hash, now_ms],
                |row| {
                    Ok(SessionRow {
                        account: account(row)?,
                        created_ms: row.get(7)?,
                        expires_ms: row.get(8)?,
                    })
                },
            )
            .optional()
        })
        .await
    }

    pub(crate) async fn end_session(&self, token_hash: String) -> Result<(), StoreError> {
        self.call(move |conn| {
            conn.execute("DELETE FROM sessions WHERE token_hash = ?1", [token_hash])
                .map(drop)
        })
        .await
    }

    pub(crate) async fn end_sessions(&self, id: i64) -> Result<u64, StoreError> {
        self.call(move |conn| {
            conn.execute("DELETE FROM sessions WHERE account_id = ?1", [id])
                .map(|n| n as u64)
        })
        .await
    }

    pub(crate) async fn claim_seats(
        &self,
        id: i64,
        seats: Vec<(String, u32)>,
        now_ms: i64,
    ) -> Result<u64, StoreError> {
        self.call(move |conn| {
            let tx = conn.transaction()?;
            let mut added = 0;
            for (room, seat) in &seats {
                added += tx.execute(
                    "INSERT OR IGNORE INTO account_seats (account_id, room_id, seat, claimed_ms)
                     VALUES (?1, ?2, ?3, ?4)",
                    params![id, room, seat, now_ms],
                )? as u64;
            }
            tx.commit()?;
            Ok(added)
        })
        .await
    }

    pub(crate) async fn seats(&self, id: i64) -> Result<Vec<SeatRow>, StoreError> {
        self.call(move |conn| seats_of(conn, id)).await
    }

    pub(crate) async fn seated_in(&self, room: String) -> Result<Vec<(u32, String)>, StoreError> {
        self.call(move |conn| {
            let mut statement = conn.prepare(
                "SELECT s.seat, a.name FROM account_seats s JOIN accounts a ON a.id = s.account_id
                 WHERE s.room_id = ?1 ORDER BY s.seat",
            )?;
            statement
                .query_map([room], |row| Ok((row.get(0)?, row.get(1)?)))?
                .collect()
        })
        .await
    }

    pub(crate) async fn set_follow(
        &self,
        follower: i64,
        followee: i64,
        on: bool,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        self.set_pair(
            "follows",
            "follower",
            "followee",
            (follower, followee),
            on,
            now_ms,
        )
        .await
    }

    /// Adds (or takes away) the pair `(a, b)` of `table` (follows or blocks).
    async fn set_pair(
        &self,
        table: &'static str,
        from: &'static str,
        to: &'static str,
        (a, b): (i64, i64),
        on: bool,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        self.call(move |conn| {
            if on {
                conn.execute(
                    &format!("INSERT OR IGNORE INTO {table} ({from}, {to}, created_ms) VALUES (?1, ?2, ?3)"),
                    params![a, b, now_ms],
                )
            } else {
                conn.execute(
                    &format!("DELETE FROM {table} WHERE {from} = ?1 AND {to} = ?2"),
                    params![a, b],
                )
            }
            .map(drop)
        })
        .await
    }

    pub(crate) async fn add_standing(
        &self,
        id: i64,
        room: String,
        code: String,
        now_ms: i64,
        max: u32,
    ) -> Result<bool, StoreError> {
        self.call(move |conn| {
            let tx = conn.transaction()?;
            let kept: u32 = tx.query_row(
                "SELECT count(*) FROM standing_tables WHERE account_id = ?1 AND room_id <> ?2",
                params![id, room],
                |row| row.get(0),
            )?;
            if kept >= max {
                return Ok(false);
            }
            tx.execute(
                "INSERT OR REPLACE INTO standing_tables (room_id, account_id, code, created_ms)
                 VALUES (?1, ?2, ?3, ?4)",
                params![room, id, code, now_ms],
            )?;
            tx.commit()?;
            Ok(true)
        })
        .await
    }

    pub(crate) async fn remove_standing(&self, room: String) -> Result<(), StoreError> {
        self.call(move |conn| {
            conn.execute("DELETE FROM standing_tables WHERE room_id = ?1", [room])
                .map(drop)
        })
        .await
    }

    pub(crate) async fn standing(&self, id: i64) -> Result<Vec<(String, String)>, StoreError> {
        self.call(move |conn| {
            conn.prepare(
                "SELECT room_id, code FROM standing_tables WHERE account_id = ?1
                 ORDER BY created_ms, room_id",
            )?
            .query_map([id], |row| Ok((row.get(0)?, row.get(1)?)))?
            .collect()
        })
        .await
    }

    pub(crate) async fn follows(&self, id: i64) -> Result<Vec<String>, StoreError> {
        self.call(move |conn| names_of(conn, "follows", "follower", "followee", id))
            .await
    }

    pub(crate) async fn set_block(
        &self,
        blocker: i64,
        blocked: i64,
        on: bool,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        self.set_pair(
            "blocks",
            "blocker",
            "blocked",
            (blocker, blocked),
            on,
            now_ms,
        )
        .await
    }

    pub(crate) async fn blocks(&self, id: i64) -> Result<Vec<String>, StoreError> {
        self.call(move |conn| names_of(conn, "blocks", "blocker", "blocked", id))
            .await
    }

    pub(crate) async fn data(&self, id: i64) -> Result<Option<AccountData>, StoreError> {
        self.call(move |conn| {
            let Some(row) = conn
                .query_row(
                    &format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE id = ?1"),
                    [id],
                    account,
                )
                .optional()?
            else {
                return Ok(None);
            };
            let sessions = conn
                .prepare(
                    "SELECT created_ms, expires_ms FROM sessions WHERE account_id = ?1
                     ORDER BY created_ms",
                )?
                .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<rusqlite::Result<_>>()?;
            let recovery_left: i64 = conn.query_row(
                "SELECT COUNT(*) FROM recovery_codes WHERE account_id = ?1",
                [id],
                |r| r.get(0),
            )?;
            Ok(Some(AccountData {
                account: row,
                sessions,
                recovery_left: recovery_left as usize,
                seats: seats_of(conn, id)?,
                follows: names_of(conn, "follows", "follower", "followee", id)?,
                blocks: names_of(conn, "blocks", "blocker", "blocked", id)?,
            }))
        })
        .await
    }
}

fn seats_of(conn: &Connection, id: i64) -> rusqlite::Result<Vec<SeatRow>> {
    conn.prepare(
        "SELECT room_id, seat, claimed_ms FROM account_seats WHERE account_id = ?1
         ORDER BY claimed_ms DESC, room_id",
    )?
    .query_map([id], |row| {
        Ok(SeatRow {
            room: row.get(0)?,
            seat: row.get(1)?,
            claimed_ms: row.get(2)?,
        })
    })?
    .collect()
}

/// The names of the accounts `id` points at in `table` (follows or blocks).
fn names_of(
    conn: &Connection,
    table: &str,
    from: &str,
    to: &str,
    id: i64,
) -> rusqlite::Result<Vec<String>> {
    conn.prepare(&format!(
        "SELECT a.name FROM {table} t JOIN accounts a ON a.id = t.{to}
         WHERE t.{from} = ?1 ORDER BY a.name_key"
    ))?
    .query_map([id], |row| row.get(0))?
    .collect()
}
