//! The leases: this process's lease on its rooms, renewed on a timer, and the rooms it claims
//! when their owner's lease ran out (see `cluster`).

use super::*;

impl Postgres {
    /// Takes (or renews) this process's lease: it holds its rooms until `lease` from now, by
    /// the database's clock. Returns the rooms it owns, with their generations.
    pub async fn renew(&self) -> Result<Vec<(String, u64)>, StoreError> {
        let client = self.reader().await?;
        client
            .execute(
                "INSERT INTO nodes (name, addr, expires_at, started_at)
                 VALUES ($1, $2, now() + make_interval(secs => $3), now())
                 ON CONFLICT (name) DO UPDATE
                 SET addr = $2, expires_at = now() + make_interval(secs => $3),
                     started_at = CASE WHEN nodes.expires_at < now() THEN now()
                                       ELSE nodes.started_at END",
                &[
                    &self.options.node,
                    &self.options.addr,
                    &self.options.lease.as_secs_f64(),
                ],
            )
            .await
            .map_err(pg)?;
        let rows = client
            .query(
                "SELECT id, generation FROM rooms WHERE owner = $1 AND NOT closed",
                &[&self.options.node],
            )
            .await
            .map_err(pg)?;
        Ok(rows
            .iter()
            .map(|row| (row.get::<_, String>(0), row.get::<_, i64>(1) as u64))
            .collect())
    }

    /// Who holds each of `rooms` as stored now: its owner and generation, unless it is closed;
    /// rooms with no row (one being created: its first commit is not done) are left out.
    pub async fn holders(
        &self,
        rooms: &[String],
    ) -> Result<std::collections::HashMap<String, Option<(String, u64)>>, StoreError> {
        let client = self.reader().await?;
        let rows = client
            .query(
                "SELECT id, owner, generation, closed FROM rooms WHERE id = ANY($1)",
                &[&rooms],
            )
            .await
            .map_err(pg)?;
        Ok(rows
            .iter()
            .map(|row| {
                let owner: Option<String> = row.get(1);
                let closed: bool = row.get(3);
                let holder = owner
                    .filter(|_| !closed)
                    .map(|owner| (owner, row.get::<_, i64>(2) as u64));
                (row.get::<_, String>(0), holder)
            })
            .collect())
    }

    /// Claims up to `limit` open rooms that nobody holds a live lease on — no owner, an owner
    /// whose lease ran out, or this process's own rooms that it does not run (`running`) — the
    /// most recently changed first; returns them as stored, each with its new generation.
    ///
    /// A room is claimed only at the generation it was seen with: when two processes claim at
    /// once, the second waits for the first's row lock, then finds the generation changed and
    /// leaves the room alone (the join with `nodes` is not looked at again after such a wait).
    pub async fn claim_expired(
        &self,
        running: &[String],
        limit: usize,
    ) -> Result<Vec<StoredRoom>, StoreError> {
        if limit == 0 {
            return Ok(Vec::new());
        }
        let client = self.reader().await?;
        let rows = client
            .query(
                "UPDATE rooms SET owner = $1, generation = rooms.generation + 1, live = FALSE, listing = NULL
                 FROM (
                     SELECT r.id, r.generation FROM rooms r LEFT JOIN nodes n ON n.name = r.owner
                     WHERE NOT r.closed AND NOT (r.id = ANY($2))
                       AND (r.owner IS NULL OR r.owner = $1 OR n.name IS NULL
                            OR n.expires_at < now())
                     ORDER BY r.updated_ms DESC
                     LIMIT $3) expired
                 WHERE rooms.id = expired.id AND rooms.generation = expired.generation
                 RETURNING rooms.id, rooms.state, rooms.generation, rooms.updated_ms",
                &[&self.options.node, &running, &(limit as i64)],
            )
            .await
            .map_err(pg)?;
        let mut claimed: Vec<(i64, StoredRoom)> = rows
            .iter()
            .map(|row| {
                (
                    row.get::<_, i64>(3),
                    StoredRoom {
                        id: row.get(0),
                        state: row.get(1),
                        games: Vec::new(),
                        generation: row.get::<_, i64>(2) as u64,
                        chat: Vec::new(),
                    },
                )
            })
            .collect();
        claimed.sort_by_key(|(updated, _)| std::cmp::Reverse(*updated));
        let mut rooms: Vec<StoredRoom> = claimed.into_iter().map(|(_, room)| room).collect();
        load_games(&*client, &mut rooms).await?;
        Ok(rooms)
    }

    /// Claims `room` if nobody holds a live lease on it; otherwise says who does.
    ///
    /// The claim renews this process's lease in the same statement. A process whose lease ran
    /// out (a database outage: nobody could renew) may be asked for a room before its next
    /// renewal; a room claimed under a lease that has run out would be taken again at once by
    /// the next renewal of any other process, and its players, just back, sent away again.
    pub async fn claim(&self, room: &str) -> Result<Claim, StoreError> {
        let client = self.reader().await?;
        let claimed = client
            .query_opt(
                "WITH renewed AS (
                     INSERT INTO nodes (name, addr, expires_at, started_at)
                     VALUES ($1, $3, now() + make_interval(secs => $4), now())
                     ON CONFLICT (name) DO UPDATE
                     SET addr = $3, expires_at = now() + make_interval(secs => $4),
                         started_at = CASE WHEN nodes.expires_at < now() THEN now()
                                           ELSE nodes.started_at END)
                 UPDATE rooms SET owner = $1, generation = rooms.generation + 1, live = FALSE, listing = NULL
                 FROM (
                     SELECT r.id, r.generation FROM rooms r LEFT JOIN nodes n ON n.name = r.owner
                     WHERE r.id = $2 AND NOT r.closed
                       AND (r.owner IS NULL OR r.owner = $1 OR n.name IS NULL
                            OR n.expires_at < now())) expired
                 WHERE rooms.id = expired.id AND rooms.generation = expired.generation
                 RETURNING rooms.id, rooms.state, rooms.generation",
                &[
                    &self.options.node,
                    &room,
                    &self.options.addr,
                    &self.options.lease.as_secs_f64(),
                ],
            )
            .await
            .map_err(pg)?;
        if let Some(row) = claimed {
            let mut rooms = vec![StoredRoom {
                id: row.get(0),
                state: row.get(1),
                games: Vec::new(),
                generation: row.get::<_, i64>(2) as u64,
                chat: Vec::new(),
            }];
            load_games(&*client, &mut rooms).await?;
            return Ok(Claim::Claimed(rooms.remove(0)));
        }
        let owner = client
            .query_opt(
                "SELECT r.owner, n.addr,
                        GREATEST(EXTRACT(EPOCH FROM (n.expires_at - now())), 0)::float8
                 FROM rooms r JOIN nodes n ON n.name = r.owner
                 WHERE r.id = $1 AND NOT r.closed",
                &[&room],
            )
            .await
            .map_err(pg)?;
        Ok(match owner {
            Some(row) => Claim::Elsewhere {
                node: row.get(0),
                addr: row.get(1),
                expires_in: Duration::from_secs_f64(row.get::<_, f64>(2)),
            },
            None => Claim::Missing,
        })
    }

    /// The process that makes the cluster's quick matches: of those with a live lease, the one
    /// whose lease has run unbroken the longest (then the smallest name) — its name and address.
    /// A process that joins never takes the part from one that has it; `None` when no lease is
    /// live (the database's clock decides, as for the rooms).
    pub async fn matchmaker(&self) -> Result<Option<(String, String)>, StoreError> {
        let client = self.reader().await?;
        let row = client
            .query_opt(
                "SELECT name, addr FROM nodes WHERE expires_at >= now()
                 ORDER BY started_at, name LIMIT 1",
                &[],
            )
            .await
            .map_err(pg)?;
        Ok(row.map(|row| (row.get(0), row.get(1))))
    }

    /// Lets go of every room this process owns and of its lease, so that the other processes
    /// take the rooms over at once (a graceful stop: the rooms have stopped and stored all).
    pub async fn release(&self) -> Result<(), StoreError> {
        let client = self.reader().await?;
        client
            .execute(
                "UPDATE rooms SET owner = NULL, live = FALSE, listing = NULL
                 WHERE owner = $1 AND NOT closed",
                &[&self.options.node],
            )
            .await
            .map_err(pg)?;
        client
            .execute("DELETE FROM nodes WHERE name = $1", &[&self.options.node])
            .await
            .map_err(pg)?;
        Ok(())
    }
}
