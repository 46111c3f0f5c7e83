//! The writes: the writer connections, each storing what is queued as one batch in one
//! transaction (fences first, then each kind of row), change by change when a batch is refused.

use super::*;

/// Takes what is queued as one batch, stores it, answers each change; connects again when the
/// connection broke.
pub(super) async fn writer(
    url: String,
    node: String,
    queue: Arc<Mutex<mpsc::UnboundedReceiver<Op>>>,
    metrics: StoreMetrics,
) {
    let mut connection: Option<(Client, Statements)> = None;
    loop {
        let batch = {
            let mut queue = queue.lock().await;
            let Some(first) = queue.recv().await else {
                return;
            };
            let mut batch = vec![first];
            while batch.len() < 256 {
                match queue.try_recv() {
                    Ok(op) => batch.push(op),
                    Err(_) => break,
                }
            }
            batch
        };
        if connection
            .as_ref()
            .is_none_or(|(client, _)| client.is_closed())
        {
            connection = match connect_writer(&url).await {
                Ok(connection) => Some(connection),
                Err(error) => {
                    tracing::warn!("postgresql writer: {error}");
                    None
                }
            };
        }
        let commits: Vec<(&[Write], Option<&Fence>)> = batch
            .iter()
            .map(|Op::Commit { writes, fence, .. }| (writes.as_slice(), fence.as_ref()))
            .collect();
        let results = match connection.as_mut() {
            Some((client, statements)) => {
                match apply_together(client, statements, &node, &commits).await {
                    Ok(results) => Ok(results),
                    // Something in the batch was refused: store each change on its own, so
                    // that only the refused one fails.
                    Err(_) => apply_batch(client, &node, &commits).await,
                }
            }
            None => Err(StoreError::Unavailable("cannot connect".into())),
        };
        let results = match results {
            Ok(results) => results,
            Err(error) => vec![Err(error); batch.len()],
        };
        for (Op::Commit { reply, since, .. }, result) in batch.into_iter().zip(results) {
            metrics.storage_latency(since.elapsed());
            let _ = reply.send(result);
        }
    }
}

/// A writer's statements, prepared once per connection.
struct Statements {
    fence: Statement,
    existing: Statement,
    rooms: Statement,
    chat: Statement,
    chat_trim: Statement,
    codes: Statement,
    games_started: Statement,
    moves: Statement,
    games_finished: Statement,
}

async fn connect_writer(url: &str) -> Result<(Client, Statements), StoreError> {
    let client = connect(url).await?;
    let statements = Statements {
        fence: client
            .prepare(
                "UPDATE rooms SET updated_ms = $1
                 FROM unnest($2::text[], $3::bigint[]) AS f(id, generation)
                 WHERE rooms.id = f.id AND rooms.owner = $4 AND rooms.generation = f.generation
                 RETURNING rooms.id",
            )
            .await
            .map_err(pg)?,
        existing: client
            .prepare("SELECT id FROM rooms WHERE id = ANY($1::text[])")
            .await
            .map_err(pg)?,
        rooms: client
            .prepare(
                "INSERT INTO rooms (id, created_ms, updated_ms, closed, state, owner, generation,
                                   code, creator, live)
                 SELECT r.id, $1, $1, r.closed, r.state, r.owner, r.generation, r.code, r.creator,
                        NOT r.closed
                 FROM unnest($2::text[], $3::bool[], $4::text[], $5::text[], $6::bigint[],
                             $7::text[], $8::text[])
                      AS r(id, closed, state, owner, generation, code, creator)
                 ON CONFLICT (id) DO UPDATE
                 SET updated_ms = $1, closed = EXCLUDED.closed, state = EXCLUDED.state,
                     live = rooms.live AND NOT EXCLUDED.closed,
                     listing = CASE WHEN EXCLUDED.closed THEN NULL ELSE rooms.listing END",
            )
            .await
            .map_err(pg)?,
        chat: client
            .prepare(
                "INSERT INTO chat (room_id, n, line)
                 SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[])",
            )
            .await
            .map_err(pg)?,
        codes: client
            .prepare(
                "UPDATE rooms SET code = c.code
                 FROM unnest($1::text[], $2::text[]) AS c(id, code) WHERE rooms.id = c.id",
            )
            .await
            .map_err(pg)?,
        chat_trim: client
            .prepare(
                "DELETE FROM chat USING unnest($1::text[], $2::bigint[]) AS t(room_id, below)
                 WHERE chat.room_id = t.room_id AND chat.n <= t.below",
            )
            .await
            .map_err(pg)?,
        games_started: client
            .prepare(
                "INSERT INTO games (room_id, number, seed, started_ms)
                 SELECT g.room_id, g.number, g.seed, $1
                 FROM unnest($2::text[], $3::int[], $4::bigint[]) AS g(room_id, number, seed)",
            )
            .await
            .map_err(pg)?,
        moves: client
            .prepare(
                "INSERT INTO moves (room_id, number, idx, code)
                 SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::text[])",
            )
            .await
            .map_err(pg)?,
        games_finished: client
            .prepare(
                "UPDATE games SET finished_ms = $1, record = f.record
                 FROM unnest($2::text[], $3::int[], $4::text[]) AS f(room_id, number, record)
                 WHERE games.room_id = f.room_id AND games.number = f.number",
            )
            .await
            .map_err(pg)?,
    };
    Ok((client, statements))
}

/// Every change of the batch in one transaction of a few statements sent together: the fences
/// in one, then each kind of write in one, so that a batch costs the same few round trips
/// whatever its size. A change whose fence is not held is answered [`StoreError::LeaseLost`]
/// and stores nothing; any other failure fails the whole batch (nothing stored), for the
/// caller to store the changes one by one.
async fn apply_together(
    client: &mut Client,
    statements: &Statements,
    node: &str,
    commits: &[(&[Write], Option<&Fence>)],
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    let mut rooms_seen = std::collections::HashSet::new();
    let one_change_per_room = commits.iter().all(|(_, fence)| match fence {
        Some(fence) => rooms_seen.insert(fence.room.as_str()),
        None => true,
    });
    if !one_change_per_room {
        return Err(StoreError::Postgres(
            "a room changes twice in the batch".into(),
        ));
    }
    let now = now_ms();
    let tx = client.transaction().await.map_err(pg)?;

    let (fenced, generations): (Vec<&str>, Vec<i64>) = commits
        .iter()
        .filter_map(|(_, fence)| fence.map(|f| (f.room.as_str(), f.generation as i64)))
        .unzip();
    let held: std::collections::HashSet<String> = if fenced.is_empty() {
        Default::default()
    } else {
        tx.query(&statements.fence, &[&now, &fenced, &generations, &node])
            .await
            .map_err(pg)?
            .iter()
            .map(|row| row.get(0))
            .collect()
    };
    // Only a room's very first change may find no row: it creates the room.
    let creates = |writes: &[Write], room: &str| {
        writes
            .iter()
            .any(|w| matches!(w, Write::Room { id, .. } if id == room))
    };
    let unheld_creating: Vec<&str> = commits
        .iter()
        .filter_map(|(writes, fence)| {
            let fence = (*fence)?;
            (!held.contains(&fence.room) && creates(writes, &fence.room))
                .then_some(fence.room.as_str())
        })
        .collect();
    let existing: std::collections::HashSet<String> = if unheld_creating.is_empty() {
        Default::default()
    } else {
        tx.query(&statements.existing, &[&unheld_creating])
            .await
            .map_err(pg)?
            .iter()
            .map(|row| row.get(0))
            .collect()
    };
    let results: Vec<Result<(), StoreError>> = commits
        .iter()
        .map(|(writes, fence)| match fence {
            Some(fence)
                if !held.contains(&fence.room)
                    && (existing.contains(&fence.room) || !creates(writes, &fence.room)) =>
            {
                Err(StoreError::LeaseLost)
            }
            _ => Ok(()),
        })
        .collect();

    let mut rooms = RoomRows::default();
    let mut started = StartedRows::default();
    let mut moves = MoveRows::default();
    let mut finished = FinishedRows::default();
    let mut chat = ChatRows::default();
    let mut codes = CodeRows::default();
    for ((writes, fence), result) in commits.iter().zip(&results) {
        if result.is_err() {
            continue;
        }
        for write in *writes {
            match write {
                Write::Room {
                    id,
                    state,
                    closed,
                    code,
                    creator,
                } => {
                    rooms.id.push(id);
                    rooms.closed.push(*closed);
                    rooms.state.push(state);
                    rooms.owner.push(fence.map(|_| node));
                    rooms
                        .generation
                        .push(fence.map_or(0, |f| f.generation as i64));
                    rooms.code.push(code);
                    rooms.creator.push(creator.as_deref());
                    if *closed {
                        // The room's chat goes with it.
                        chat.trim_room.push(id);
                        chat.trim_below.push(i64::MAX);
                    }
                }
                Write::Code { room, code } => {
                    codes.room.push(room);
                    codes.code.push(code);
                }
                Write::Chat { room, n, line } => {
                    chat.room.push(room);
                    chat.n.push(*n as i64);
                    chat.line.push(line);
                    if *n > CHAT_KEPT {
                        chat.trim_room.push(room);
                        chat.trim_below.push((*n - CHAT_KEPT) as i64);
                    }
                }
                Write::GameStarted { room, number, seed } => {
                    started.room.push(room);
                    started.number.push(*number as i32);
                    started.seed.push(*seed as i64);
                }
                Write::Moves {
                    room,
                    number,
                    first,
                    codes,
                } => {
                    for (offset, code) in codes.iter().enumerate() {
                        moves.room.push(room);
                        moves.number.push(*number as i32);
                        moves.idx.push((first + offset) as i32);
                        moves.code.push(code);
                    }
                }
                Write::GameFinished {
                    room,
                    number,
                    record,
                } => {
                    finished.room.push(room);
                    finished.number.push(*number as i32);
                    finished.record.push(record);
                }
            }
        }
    }
    let room_params: [&(dyn ToSql + Sync); 8] = [
        &now,
        &rooms.id,
        &rooms.closed,
        &rooms.state,
        &rooms.owner,
        &rooms.generation,
        &rooms.code,
        &rooms.creator,
    ];
    let chat_params: [&(dyn ToSql + Sync); 3] = [&chat.room, &chat.n, &chat.line];
    let code_params: [&(dyn ToSql + Sync); 2] = [&codes.room, &codes.code];
    let trim_params: [&(dyn ToSql + Sync); 2] = [&chat.trim_room, &chat.trim_below];
    let started_params: [&(dyn ToSql + Sync); 4] =
        [&now, &started.room, &started.number, &started.seed];
    let move_params: [&(dyn ToSql + Sync); 4] =
        [&moves.room, &moves.number, &moves.idx, &moves.code];
    let finished_params: [&(dyn ToSql + Sync); 4] =
        [&now, &finished.room, &finished.number, &finished.record];
    // Sent together (pipelined), executed in this order.
    let pending = [
        (rooms.id.is_empty(), &statements.rooms, &room_params[..]),
        (
            started.room.is_empty(),
            &statements.games_started,
            &started_params[..],
        ),
        (moves.room.is_empty(), &statements.moves, &move_params[..]),
        (
            finished.room.is_empty(),
            &statements.games_finished,
            &finished_params[..],
        ),
        (codes.room.is_empty(), &statements.codes, &code_params[..]),
        (chat.room.is_empty(), &statements.chat, &chat_params[..]),
        (
            chat.trim_room.is_empty(),
            &statements.chat_trim,
            &trim_params[..],
        ),
    ]
    .into_iter()
    .filter(|(empty, _, _)| !empty)
    .map(|(_, statement, params)| tx.execute(statement, params));
    futures_util::future::try_join_all(pending)
        .await
        .map_err(pg)?;
    tx.commit().await.map_err(pg)?;
    Ok(results)
}

#[derive(Default)]
struct RoomRows<'a> {
    id: Vec<&'a str>,
    closed: Vec<bool>,
    state: Vec<&'a str>,
    owner: Vec<Option<&'a str>>,
    generation: Vec<i64>,
    code: Vec<&'a str>,
    creator: Vec<Option<&'a str>>,
}

#[derive(Default)]
struct CodeRows<'a> {
    room: Vec<&'a str>,
    code: Vec<&'a str>,
}

#[derive(Default)]
struct ChatRows<'a> {
    room: Vec<&'a str>,
    n: Vec<i64>,
    line: Vec<&'a str>,
    /// Rooms whose lines up to `trim_below` are dropped (after the new ones are added).
    trim_room: Vec<&'a str>,
    trim_below: Vec<i64>,
}

#[derive(Default)]
struct MoveRows<'a> {
    room: Vec<&'a str>,
    number: Vec<i32>,
    idx: Vec<i32>,
    code: Vec<&'a str>,
}

#[derive(Default)]
struct StartedRows<'a> {
    room: Vec<&'a str>,
    number: Vec<i32>,
    seed: Vec<i64>,
}

#[derive(Default)]
struct FinishedRows<'a> {
    room: Vec<&'a str>,
    number: Vec<i32>,
    record: Vec<&'a str>,
}

/// One transaction for the batch, a savepoint per change (when there are several): each change
/// whole or not at all, each answered; the error of the batch as a whole if it cannot commit.
async fn apply_batch(
    client: &mut Client,
    node: &str,
    commits: &[(&[Write], Option<&Fence>)],
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    let tx = client.transaction().await.map_err(pg)?;
    let mut results = Vec::with_capacity(commits.len());
    if let [(writes, fence)] = commits {
        let result = apply(&tx, node, writes, *fence).await;
        if result.is_err() {
            return Ok(vec![result]);
        }
        results.push(result);
    } else {
        for (writes, fence) in commits {
            tx.batch_execute("SAVEPOINT change").await.map_err(pg)?;
            let result = apply(&tx, node, writes, *fence).await;
            let end = if result.is_ok() {
                "RELEASE SAVEPOINT change"
            } else {
                "ROLLBACK TO SAVEPOINT change"
            };
            tx.batch_execute(end).await.map_err(pg)?;
            results.push(result);
        }
    }
    tx.commit().await.map_err(pg)?;
    Ok(results)
}

/// The writes of one room change, under its fence.
async fn apply(
    tx: &tokio_postgres::Transaction<'_>,
    node: &str,
    writes: &[Write],
    fence: Option<&Fence>,
) -> Result<(), StoreError> {
    let now = now_ms();
    if let Some(fence) = fence {
        let held = tx
            .execute(
                "UPDATE rooms SET updated_ms = $4 WHERE id = $1 AND owner = $2 AND generation = $3",
                &[&fence.room, &node, &(fence.generation as i64), &now],
            )
            .await
            .map_err(pg)?;
        if held == 0 {
            // Only a room's very first change may find no row: it creates the room.
            let creates = writes
                .iter()
                .any(|w| matches!(w, Write::Room { id, .. } if *id == fence.room));
            let exists = tx
                .query_opt("SELECT 1 FROM rooms WHERE id = $1", &[&fence.room])
                .await
                .map_err(pg)?
                .is_some();
            if exists || !creates {
                return Err(StoreError::LeaseLost);
            }
        }
    }
    let owner = fence.map(|_| node);
    let generation = fence.map_or(0, |f| f.generation as i64);
    for write in writes {
        match write {
            Write::Room {
                id,
                state,
                closed,
                code,
                creator,
            } => {
                tx.execute(
                    "INSERT INTO rooms (id, created_ms, updated_ms, closed, state, owner, generation,
                                       code, creator, live)
                     VALUES ($1, $2, $2, $3, $4, $5, $6, $7, $8, NOT $3)
                     ON CONFLICT (id) DO UPDATE SET updated_ms = $2, closed = $3, state = $4,
                         live = rooms.live AND NOT $3,
                         listing = CASE WHEN $3 THEN NULL ELSE rooms.listing END",
                    &[id, &now, closed, state, &owner, &generation, code, creator],
                )
                .await
                .map_err(pg)?;
                if *closed {
                    tx.execute("DELETE FROM chat WHERE room_id = $1", &[id])
                        .await
                        .map_err(pg)?;
                }
            }
            Write::Code { room, code } => {
                tx.execute("UPDATE rooms SET code = $2 WHERE id = $1", &[room, code])
                    .await
                    .map_err(pg)?;
            }
            Write::Chat { room, n, line } => {
                tx.execute(
                    "INSERT INTO chat (room_id, n, line) VALUES ($1, $2, $3)",
                    &[room, &(*n as i64), line],
                )
                .await
                .map_err(pg)?;
                if *n > CHAT_KEPT {
                    tx.execute(
                        "DELETE FROM chat WHERE room_id = $1 AND n <= $2",
                        &[room, &((*n - CHAT_KEPT) as i64)],
                    )
                    .await
                    .map_err(pg)?;
                }
            }
            Write::GameStarted { room, number, seed } => {
                tx.execute(
                    "INSERT INTO games (room_id, number, seed, started_ms) VALUES ($1, $2, $3, $4)",
                    &[room, &(*number as i32), &(*seed as i64), &now],
                )
                .await
                .map_err(pg)?;
            }
            Write::Moves {
                room,
                number,
                first,
                codes,
            } => {
                tx.execute(
                    "INSERT INTO moves (room_id, number, idx, code)
                     SELECT $1, $2, $3 + (t.i - 1)::int, t.code
                     FROM unnest($4::text[]) WITH ORDINALITY AS t(code, i)",
                    &[room, &(*number as i32), &(*first as i32), codes],
                )
                .await
                .map_err(pg)?;
            }
            Write::GameFinished {
                room,
                number,
                record,
            } => {
                tx.execute(
                    "UPDATE games SET finished_ms = $3, record = $4 WHERE room_id = $1 AND number = $2",
                    &[room, &(*number as i32), &now, record],
                )
                .await
                .map_err(pg)?;
            }
        }
    }
    Ok(())
}
