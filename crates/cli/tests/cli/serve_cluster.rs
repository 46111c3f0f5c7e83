//! `martian-dice serve --db postgres://…` as a cluster, for real on 127.0.0.1: PostgreSQL and
//! nginx of the test's own (Debian's, installed by scripts/test), two server processes behind
//! nginx configured by `deploy/nginx-cluster.conf`. nginx sends every connection for a room to
//! one process (by the room's id), which hands it to the room's owner when that is the other.
//! A rolling restart as an administrator meets it: one process killed with SIGKILL mid-game (every
//! room resumes on the other within the lease plus a few seconds, its players reconnected through
//! nginx, no acknowledged move lost), restarted, then the other stopped with SIGTERM (every room
//! plays on within 2 s: nginx has not written the first one off) and restarted; then PostgreSQL
//! stopped for 10 s: the page is served throughout and every room plays on once it is back. One
//! process paused with SIGSTOP past its lease: the other takes its rooms over, and once resumed
//! it cannot store anything in them (fencing) and sends its players away. One process stopped
//! with SIGTERM: its room goes on in the other at once, without waiting for the lease. And the
//! load example's clients play through nginx on both processes without an error.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::{Value, json};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

use martian_testkit::ws::http_get;
use martian_testkit::{load as driver, nginx, postgres};

use crate::util::play::{Ws, action, position, send};
use crate::util::scratch;
use crate::util::serve::ServeProcess;

/// The lease of the tests' processes, renewed every second.
const LEASE_S: u64 = 3;

/// A server process of the cluster named `name`, storing in `url`, with a lease of `lease`
/// seconds renewed every second.
fn node_with_lease(url: &str, name: &str, lease: u64) -> ServeProcess {
    node_on("127.0.0.1:0".parse().unwrap(), url, name, lease)
}

/// A server process of the cluster listening on `addr` (where one before it listened, for a
/// restart).
fn node_on(addr: SocketAddr, url: &str, name: &str, lease: u64) -> ServeProcess {
    let lease = lease.to_string();
    // nginx and the other process, which hand over connections, are on 127.0.0.1.
    let options = [
        "--trusted-proxy",
        "127.0.0.1",
        "--lease",
        &lease,
        "--lease-renew",
        "1",
    ];
    let mut extra = options.to_vec();
    extra.extend(["--node", name]);
    ServeProcess::start_on(addr, url, &extra, &[])
}

/// A server process of the cluster with the tests' lease.
fn node(url: &str, name: &str) -> ServeProcess {
    node_with_lease(url, name, LEASE_S)
}

/// The next message: JSON, `{"type": "closed", "code": N}` for a close frame, or `None` when
/// the connection ends without one; panics after `wait` of silence.
async fn next(ws: &mut Ws, wait: Duration) -> Option<Value> {
    next_within(ws, wait)
        .await
        .unwrap_or_else(|silence| panic!("{silence}"))
}

/// As [`next`], but `Err` after `wait` of silence.
async fn next_within(ws: &mut Ws, wait: Duration) -> Result<Option<Value>, String> {
    loop {
        match tokio::time::timeout(wait, ws.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => {
                return Ok(Some(serde_json::from_str(&text).expect("JSON")));
            }
            Ok(Some(Ok(Message::Close(frame)))) => {
                let code = frame.map_or(0, |f| u16::from(f.code));
                return Ok(Some(json!({"type": "closed", "code": code})));
            }
            Ok(Some(Err(_)) | None) => return Ok(None),
            Ok(Some(Ok(_))) => continue,
            Err(_) => return Err(format!("nothing received for {wait:?}")),
        }
    }
}

/// What one player saw: each time its room's game moved on, and the problems found.
#[derive(Default)]
struct Seen {
    room: Option<String>,
    advances: Vec<Advance>,
    problems: Vec<String>,
    finished: Vec<u64>,
    /// The last thing that happened to its connection, and when (to tell why a room is stuck).
    last: Option<(Instant, String)>,
}

impl Seen {
    fn note(&mut self, what: impl Into<String>) {
        self.last = Some((Instant::now(), what.into()));
    }
}

/// A room's game moving on, as one player saw it.
#[derive(Clone, Copy)]
struct Advance {
    at: Instant,
    /// The game's number and its moves.
    position: (u64, u64),
    /// When the connection it came on was opened.
    connected: Instant,
}

/// One person in one room against a bot, through nginx, playing as fast as the server answers
/// and reconnecting by the room's URL (`/ws?room=…`) whenever the connection drops, as the page
/// does; checks on every return that nothing it was told of is missing.
async fn player(
    index: usize,
    balancer: SocketAddr,
    seen: Arc<Mutex<Seen>>,
    stop: Arc<std::sync::atomic::AtomicBool>,
) {
    let mut token = String::new();
    // A rematch turns the seats, so the player's seat is the last `joined` said.
    let mut seat: u64 = 0;
    let mut furthest: (u64, u64) = (0, 0);
    let mut history: Vec<Value> = Vec::new();
    while !stop.load(std::sync::atomic::Ordering::SeqCst) {
        let room_id = seen.lock().unwrap().room.clone();
        let url = match &room_id {
            Some(room) => format!("ws://{balancer}/ws?room={room}"),
            None => format!("ws://{balancer}/ws"),
        };
        let connected = Instant::now();
        let mut ws = match connect_async(url).await {
            Ok((ws, _)) => ws,
            Err(e) => {
                seen.lock().unwrap().note(format!("connect: {e}"));
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue;
            }
        };
        match next_within(&mut ws, Duration::from_secs(20)).await {
            Ok(Some(_)) => {}
            welcome => {
                seen.lock()
                    .unwrap()
                    .note(format!("no welcome: {welcome:?}"));
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue;
            }
        }
        let entered = match &room_id {
            None => {
                send(
                    &mut ws,
                    json!({"type": "create_room", "name": format!("P{index}")}),
                )
                .await
                    && send(&mut ws, json!({"type": "add_bot", "bot": "aggressive"})).await
            }
            Some(room) => {
                send(
                    &mut ws,
                    json!({"type": "resume", "room": room, "token": token}),
                )
                .await
            }
        };
        if !entered {
            continue;
        }
        let mut first_update = true;
        loop {
            let message = match next_within(&mut ws, Duration::from_secs(30)).await {
                Ok(Some(message)) => message,
                Ok(None) => {
                    seen.lock().unwrap().note("dropped without a close frame");
                    break;
                }
                // Left without a word: a problem, but the player comes back as the page would.
                Err(silence) => {
                    let mut seen = seen.lock().unwrap();
                    seen.problems.push(format!("room {index}: {silence}"));
                    seen.note(silence);
                    break;
                }
            };
            if stop.load(std::sync::atomic::Ordering::SeqCst) {
                return;
            }
            match message["type"].as_str() {
                Some("closed") => {
                    seen.lock()
                        .unwrap()
                        .note(format!("closed {}", message["code"]));
                    break;
                }
                Some("joined") => {
                    if let Some(now) = message["seat"].as_u64() {
                        seat = now;
                    }
                    if room_id.is_none() {
                        seen.lock().unwrap().room = message["room"].as_str().map(String::from);
                        // A rematch that turns the seats says `joined` again, without the token.
                        if let Some(seat_token) = message["token"].as_str() {
                            token = seat_token.to_string();
                        }
                    }
                }
                Some("error") => {
                    let code = message["code"].as_str().unwrap_or("");
                    seen.lock().unwrap().note(message.to_string());
                    if matches!(code, "no_such_room" | "bad_token" | "moved") {
                        seen.lock()
                            .unwrap()
                            .problems
                            .push(format!("room {index}: {message}"));
                        return;
                    }
                    // Any other refusal (a move not stored while the room changes hands, say)
                    // leaves the player without an update to answer: it comes back, as the
                    // page would, and carries on from what the room says then.
                    break;
                }
                Some("update") => {
                    let room = &message["room"];
                    let now = position(room);
                    if first_update && furthest != (0, 0) {
                        // Back after a drop: nothing it was told of may be missing.
                        if now < furthest {
                            seen.lock().unwrap().problems.push(format!(
                                "room {index}: acknowledged moves lost: saw {furthest:?}, back at {now:?}"
                            ));
                        } else if now.0 == furthest.0 {
                            let back = room["game"]["history"].as_array().unwrap();
                            if !back.starts_with(&history) {
                                seen.lock()
                                    .unwrap()
                                    .problems
                                    .push(format!("room {index}: a turn changed"));
                            }
                        }
                    }
                    first_update = false;
                    if now > furthest {
                        furthest = now;
                        history = room["game"]["history"]
                            .as_array()
                            .cloned()
                            .unwrap_or_default();
                        seen.lock().unwrap().advances.push(Advance {
                            at: Instant::now(),
                            position: now,
                            connected,
                        });
                    }
                    {
                        let mut seen = seen.lock().unwrap();
                        for game in room["finished"].as_array().unwrap() {
                            let number = game["number"].as_u64().unwrap();
                            if !seen.finished.contains(&number) {
                                seen.finished.push(number);
                            }
                        }
                    }
                    let seats = room["seats"].as_array().map_or(0, Vec::len);
                    let request = match room["status"].as_str() {
                        Some("lobby") if seats == 2 => Some(json!({"type": "start"})),
                        Some("over") => Some(json!({"type": "start"})),
                        Some("playing") if room["game"]["to_move"] == seat => {
                            Some(json!({"type": "act", "action": action(room)}))
                        }
                        _ => None,
                    };
                    if let Some(request) = request {
                        // A little pause, as a person would take: the test lasts long enough
                        // to kill a process mid-game.
                        tokio::time::sleep(Duration::from_millis(30)).await;
                        if !send(&mut ws, request).await {
                            break;
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

/// Rooms per owner, as PostgreSQL has them.
fn owners(pg: &postgres::PgServer, db: &str) -> Vec<(String, u64)> {
    pg.sql(
        db,
        "SELECT owner, count(*) FROM rooms WHERE NOT closed GROUP BY owner ORDER BY owner",
    )
    .lines()
    .filter_map(|line| {
        let (owner, count) = line.split_once('|')?;
        Some((owner.to_string(), count.parse().ok()?))
    })
    .collect()
}

/// The cluster's tests each run two servers, nginx and fifty-odd clients against deadlines of a
/// few seconds: they take turns rather than compete with each other for a busy machine's cores
/// (in their own test binary they used to run at once).
async fn one_cluster_at_a_time() -> tokio::sync::MutexGuard<'static, ()> {
    static TURN: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    TURN.lock().await
}

/// Where every room's game is now, as its player last saw it.
fn positions(seen: &[Arc<Mutex<Seen>>]) -> Vec<(u64, u64)> {
    seen.iter()
        .map(|s| {
            s.lock()
                .unwrap()
                .advances
                .last()
                .map_or((0, 0), |a| a.position)
        })
        .collect()
}

/// Waits until every room's game has moved on past `before` since `since` (on a connection
/// opened since then, if `reconnected`), failing after `limit` plus ten seconds; returns how
/// long the slowest room took.
async fn every_room_moves_on(
    seen: &[Arc<Mutex<Seen>>],
    before: &[(u64, u64)],
    since: Instant,
    reconnected: bool,
    limit: Duration,
    diagnose: impl Fn() -> String,
) -> Duration {
    let resumed = |i: usize| {
        seen[i]
            .lock()
            .unwrap()
            .advances
            .iter()
            .find(|a| {
                a.at > since && a.position > before[i] && (!reconnected || a.connected > since)
            })
            .map(|a| a.at - since)
    };
    loop {
        let waiting: Vec<usize> = (0..seen.len()).filter(|&i| resumed(i).is_none()).collect();
        if waiting.is_empty() {
            break;
        }
        if since.elapsed() > limit + Duration::from_secs(10) {
            let rooms: Vec<String> = waiting
                .iter()
                .map(|&i| {
                    let seen = seen[i].lock().unwrap();
                    let at = |t: Instant| {
                        if t > since {
                            format!("+{:.1} s", (t - since).as_secs_f64())
                        } else {
                            format!("-{:.1} s", (since - t).as_secs_f64())
                        }
                    };
                    format!(
                        "room {i}: last at {:?} {}, problems {:?}, last event {:?}",
                        seen.advances.last().map(|a| a.position),
                        seen.advances.last().map_or(String::new(), |a| at(a.at)),
                        seen.problems,
                        seen.last
                            .as_ref()
                            .map(|(t, what)| format!("{} {what}", at(*t)))
                    )
                })
                .collect();
            panic!(
                "rooms did not move on within {limit:?}:\n{}\n{}",
                rooms.join("\n"),
                diagnose()
            );
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    (0..seen.len()).filter_map(resumed).max().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rolling_restart_and_a_database_outage_lose_no_move_and_stop_no_room_for_long() {
    let _turn = one_cluster_at_a_time().await;
    const ROOMS: usize = 12;
    // PostgreSQL of this test's own: it is stopped and started again below.
    let pg = tokio::task::block_in_place(postgres::PgServer::own);
    let pg = &pg;
    let url = pg.database();
    let db = postgres::PgServer::name_of(&url).to_string();
    let game1 = node(&url, "game-1");
    let game2 = node(&url, "game-2");
    let (addr1, addr2) = (game1.addr, game2.addr);
    let scratch = scratch("rolling");
    let balancer = tokio::task::block_in_place(|| {
        nginx::Nginx::start(&scratch, "nginx-cluster.conf", &[addr1, addr2])
    });
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let seen: Vec<Arc<Mutex<Seen>>> = (0..ROOMS).map(|_| Arc::default()).collect();
    let players: Vec<_> = seen
        .iter()
        .enumerate()
        .map(|(i, seen)| tokio::spawn(player(i, balancer.addr, seen.clone(), stop.clone())))
        .collect();
    // Rooms are created wherever nginx sends a connection without a room: on both.
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let by_owner = owners(pg, &db);
        let total: u64 = by_owner.iter().map(|(_, n)| n).sum();
        if total == ROOMS as u64 && by_owner.len() == 2 {
            break;
        }
        assert!(Instant::now() < deadline, "rooms by owner: {by_owner:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let rooms_of_2 = pg
        .sql(
            &db,
            "SELECT count(*) FROM rooms WHERE owner = 'game-2' AND NOT closed",
        )
        .parse::<usize>()
        .unwrap();
    assert!(rooms_of_2 > 0);
    let before = positions(&seen);
    // (A room may be at the first move of its next game: its game number counts, not its moves.)
    assert!(
        before.iter().all(|p| p.0 > 0),
        "rooms not playing: {before:?}"
    );

    // 1. game-2 crashes (SIGKILL): its rooms resume on game-1 once its lease has run out.
    let killed_at = Instant::now();
    tokio::task::block_in_place(|| game2.kill());
    let limit = Duration::from_secs(LEASE_S + 5);
    let slowest = every_room_moves_on(&seen, &before, killed_at, false, limit, || {
        format!("game-1: {}\nnginx: {}", game1.stderr(), balancer.errors())
    })
    .await;
    println!(
        "kill -9 game-2 ({rooms_of_2} of {ROOMS} rooms): the slowest room resumed {:.2} s after (lease {LEASE_S} s)",
        slowest.as_secs_f64()
    );
    assert!(
        slowest <= limit,
        "a room resumed only after {slowest:?} (lease {LEASE_S} s)"
    );

    // 2. game-2 is restarted where it listened, and 3. game-1 is stopped for a deploy (SIGTERM):
    // its players reconnect through nginx, which tries game-1 (refused) and then game-2 at
    // once, however recently it saw game-2 down; game-2 takes each room over without waiting.
    let game2 = tokio::task::block_in_place(|| node_on(addr2, &url, "game-2", LEASE_S));
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = positions(&seen);
    let stopped_at = Instant::now();
    let stopping = std::thread::spawn(move || game1.terminate());
    let slowest = every_room_moves_on(
        &seen,
        &before,
        stopped_at,
        true,
        Duration::from_secs(2),
        || format!("game-2: {}\nnginx: {}", game2.stderr(), balancer.errors()),
    )
    .await;
    println!(
        "SIGTERM game-1 ({ROOMS} rooms) after game-2's restart: the slowest room played on {:.2} s after",
        slowest.as_secs_f64()
    );
    assert!(
        slowest <= Duration::from_secs(2),
        "a room played on only {slowest:?} after SIGTERM: {}",
        balancer.errors()
    );
    let (status, _, _) = tokio::task::block_in_place(|| stopping.join().unwrap());
    assert!(status.success(), "game-1 stopped with {status:?}");
    let game1 = tokio::task::block_in_place(|| node_on(addr1, &url, "game-1", LEASE_S));

    // 4. PostgreSQL stops for ten seconds. The rooms stop (nothing can be stored), but the page
    // is served throughout: a process answering 503 for rooms is not written off by nginx.
    let page_stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let page = {
        let page_stop = page_stop.clone();
        let addr = balancer.addr;
        tokio::spawn(async move {
            let mut statuses = Vec::new();
            while !page_stop.load(std::sync::atomic::Ordering::SeqCst) {
                statuses.push(http_get(addr, "/").await.0);
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            statuses
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    tokio::task::block_in_place(|| pg.stop());
    tokio::time::sleep(Duration::from_secs(10)).await;
    let before = positions(&seen);
    let back_at = Instant::now();
    tokio::task::block_in_place(|| pg.restart());
    let limit = Duration::from_secs(LEASE_S + 5);
    let slowest = every_room_moves_on(&seen, &before, back_at, false, limit, || {
        format!(
            "game-1: {}\ngame-2: {}\nnginx: {}",
            game1.stderr(),
            game2.stderr(),
            balancer.errors()
        )
    })
    .await;
    page_stop.store(true, std::sync::atomic::Ordering::SeqCst);
    let statuses = page.await.unwrap();
    println!(
        "PostgreSQL stopped for 10 s: the page answered {} times, the slowest room played on {:.2} s after it was back",
        statuses.len(),
        slowest.as_secs_f64()
    );
    assert!(
        statuses.len() >= 50 && statuses.iter().all(|&s| s == 200),
        "the page during the outage: {statuses:?}\nnginx: {}",
        balancer.errors()
    );
    assert!(
        slowest <= limit,
        "a room played on only {slowest:?} after the database was back"
    );

    // More play until half as many games as rooms have finished (their records are checked
    // below).
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let finished: usize = seen.iter().map(|s| s.lock().unwrap().finished.len()).sum();
        if finished >= ROOMS / 2 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "only {finished} games finished in a minute"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    for player in players {
        player.abort();
    }
    let mut problems = Vec::new();
    let mut games = 0;
    for s in &seen {
        let (room, finished) = {
            let s = s.lock().unwrap();
            problems.extend(s.problems.iter().cloned());
            (s.room.clone().unwrap(), s.finished.clone())
        };
        for number in &finished {
            games += 1;
            let (status, body) = http_get(
                balancer.addr,
                &format!("/api/rooms/{room}/games/{number}/record"),
            )
            .await;
            assert_eq!(status, 200, "record {number} of {room}: {body}");
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(games >= ROOMS / 2, "only {games} games finished");
    // Every room is held by a live process.
    let by_owner = owners(pg, &db);
    assert_eq!(
        by_owner.iter().map(|(_, n)| n).sum::<u64>(),
        ROOMS as u64,
        "{by_owner:?}"
    );
    assert!(
        by_owner.iter().all(|(o, _)| o == "game-1" || o == "game-2"),
        "{by_owner:?}"
    );
}

/// Connects to `addr` (`/ws` or `/ws?room=…`) and reads the welcome.
async fn connect(addr: SocketAddr, room: Option<&str>) -> Ws {
    let url = match room {
        Some(room) => format!("ws://{addr}/ws?room={room}"),
        None => format!("ws://{addr}/ws"),
    };
    let (mut ws, _) = connect_async(url).await.unwrap();
    assert_eq!(
        next(&mut ws, Duration::from_secs(20)).await.unwrap()["type"],
        "welcome"
    );
    ws
}

/// Reads until an update whose room satisfies `done`; returns it.
async fn until(ws: &mut Ws, done: impl Fn(&Value) -> bool) -> Value {
    loop {
        let message = next(ws, Duration::from_secs(20)).await.expect("open");
        assert_ne!(message["type"], "error", "{message}");
        if message["type"] == "update" && done(&message["room"]) {
            return message["room"].clone();
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paused_process_loses_its_rooms_and_once_resumed_cannot_store_in_them() {
    let _turn = one_cluster_at_a_time().await;
    let pg = postgres::server();
    let url = pg.database();
    let db = postgres::PgServer::name_of(&url).to_string();
    let a = node(&url, "a");
    let b = node(&url, "b");
    // A room on A, its game under way, the person to move.
    let mut on_a = connect(a.addr, None).await;
    send(&mut on_a, json!({"type": "create_room", "name": "Ana"})).await;
    let joined = loop {
        let message = next(&mut on_a, Duration::from_secs(20)).await.unwrap();
        if message["type"] == "joined" {
            break message;
        }
    };
    let room = joined["room"].as_str().unwrap().to_string();
    let token = joined["token"].as_str().unwrap().to_string();
    send(&mut on_a, json!({"type": "add_bot", "bot": "aggressive"})).await;
    send(&mut on_a, json!({"type": "start"})).await;
    let mut state = until(&mut on_a, |r| {
        r["status"] == "playing" && r["game"]["to_move"] == 0
    })
    .await;
    for _ in 0..3 {
        let moves = state["game"]["moves"].as_u64().unwrap();
        send(&mut on_a, json!({"type": "act", "action": action(&state)})).await;
        state = until(&mut on_a, |r| r["game"]["moves"].as_u64().unwrap() > moves).await;
        if state["game"]["to_move"] != 0 {
            state = until(&mut on_a, |r| {
                r["game"]["to_move"] == 0 || r["status"] == "over"
            })
            .await;
        }
        assert_eq!(state["status"], "playing");
    }
    // A move may bring a further one the server makes itself (the roll after "roll"), told in
    // an update of its own: what A acknowledged is its last update once the person is to decide
    // and every move A stored has been told (not once A falls quiet for a while: on a busy
    // machine an update came later than that, and the test took a stored move for a lost one).
    let game = state["game"]["number"].as_u64().unwrap();
    let stored_moves = || -> u64 {
        pg.sql(
            &db,
            &format!("SELECT count(*) FROM moves WHERE room_id = '{room}' AND number = {game}"),
        )
        .parse()
        .unwrap()
    };
    let settled = |r: &Value| {
        r["status"] == "playing"
            && r["game"]["to_move"] == 0
            && r["game"]["turn"]["legal"]
                .as_array()
                .is_some_and(|legal| !legal.is_empty())
    };
    let deadline = Instant::now() + Duration::from_secs(20);
    while !(settled(&state) && stored_moves() == position(&state).1) {
        assert!(
            Instant::now() < deadline,
            "A told {:?}, stored {} moves: {state}",
            position(&state),
            stored_moves()
        );
        if let Ok(Some(message)) = next_within(&mut on_a, Duration::from_millis(200)).await
            && message["type"] == "update"
        {
            state = message["room"].clone();
        }
    }
    assert_eq!(position(&state).0, game);
    let acknowledged = position(&state);

    // Routing while both live: B hands a connection for A's room to A (proxied), and tells a
    // connection without the room where it lives (moved).
    let mut through_b = connect(b.addr, Some(&room)).await;
    send(&mut through_b, json!({"type": "watch", "room": room})).await;
    assert_eq!(
        next(&mut through_b, Duration::from_secs(20)).await.unwrap()["type"],
        "joined"
    );
    drop(through_b);
    let mut wrong = connect(b.addr, None).await;
    send(&mut wrong, json!({"type": "watch", "room": room})).await;
    let moved = next(&mut wrong, Duration::from_secs(20)).await.unwrap();
    assert_eq!(moved["code"], "moved", "{moved}");
    drop(wrong);
    let (_, metrics) = http_get(b.addr, "/metrics").await;
    assert!(
        metrics.contains("martian_dice_connections_proxied_total 1"),
        "{metrics}"
    );

    // A is paused past its lease, with the person's move on its way to it.
    tokio::task::block_in_place(|| a.pause());
    let paused_at = Instant::now();
    let stale = action(&state);
    send(&mut on_a, json!({"type": "act", "action": stale})).await;
    let deadline = Instant::now() + Duration::from_secs(LEASE_S + 5);
    loop {
        if pg.sql(
            &db,
            &format!("SELECT owner || ' ' || generation FROM rooms WHERE id = '{room}'"),
        ) == "b 2"
        {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "B did not take the room over: {}",
            b.stderr()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    println!(
        "taken over {:.1} s after the pause",
        paused_at.elapsed().as_secs_f64()
    );
    // On B the game is exactly where A acknowledged it; the move sent to the paused A is not
    // there. The person plays on through B.
    let mut on_b = connect(b.addr, Some(&room)).await;
    send(
        &mut on_b,
        json!({"type": "resume", "room": room, "token": token}),
    )
    .await;
    let back = until(&mut on_b, |_| true).await;
    assert_eq!(position(&back), acknowledged, "B restored another position");
    send(&mut on_b, json!({"type": "act", "action": action(&back)})).await;
    let after_b = until(&mut on_b, |r| position(r) > acknowledged).await;

    // A resumes: it reads the queued move, but cannot store it (the lease is B's), and sends its
    // player away; nothing of it reaches the database.
    tokio::task::block_in_place(|| a.signal("CONT"));
    let closed = loop {
        let message = next(&mut on_a, Duration::from_secs(20)).await;
        match message {
            None => break None,
            Some(m) if m["type"] == "closed" => break Some(m["code"].as_u64().unwrap()),
            // What A told before it was paused (a spectator came and went) may still arrive;
            // a move past the acknowledged position may not.
            Some(m) if m["type"] == "update" && position(&m["room"]) > acknowledged => {
                panic!("the paused process acknowledged a move after losing the room: {m}")
            }
            Some(_) => {}
        }
    };
    assert_eq!(closed, Some(1012), "A's player is told to reconnect");
    // If the person's move ended their turn, B's bot played on meanwhile (and stored its moves):
    // count once the person is to move again, against the last position B told.
    let after_b = if after_b["game"]["to_move"] == 0 || after_b["status"] == "over" {
        after_b
    } else {
        until(&mut on_b, |r| {
            r["game"]["to_move"] == 0 || r["status"] == "over"
        })
        .await
    };
    let game = after_b["game"]["number"].as_u64().unwrap();
    let stored: u64 = pg
        .sql(
            &db,
            &format!("SELECT count(*) FROM moves WHERE room_id = '{room}' AND number = {game}"),
        )
        .parse()
        .unwrap();
    assert_eq!(
        stored,
        position(&after_b).1,
        "the moves stored are those B acknowledged"
    );
    assert_eq!(
        pg.sql(
            &db,
            &format!("SELECT owner || ' ' || generation FROM rooms WHERE id = '{room}'")
        ),
        "b 2"
    );
    assert!(a.stderr().contains("giving the room up"), "{}", a.stderr());
    // B's player was not disturbed.
    send(&mut on_b, json!({"type": "ping"})).await;
    assert_eq!(
        next(&mut on_b, Duration::from_secs(20)).await.unwrap()["type"],
        "pong"
    );
}

/// The `martian_dice_connections_proxied_total` of a process.
async fn proxied(addr: SocketAddr) -> u64 {
    let (status, metrics) = http_get(addr, "/metrics").await;
    assert_eq!(status, 200);
    metrics
        .lines()
        .find_map(|line| line.strip_prefix("martian_dice_connections_proxied_total "))
        .expect("the proxied counter")
        .trim()
        .parse()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nginx_sends_every_connection_for_a_room_to_one_process() {
    let _turn = one_cluster_at_a_time().await;
    const ROOMS: usize = 4;
    const VISITS: u64 = 3;
    let pg = postgres::server();
    let url = pg.database();
    let a = node(&url, "a");
    let b = node(&url, "b");
    let scratch = scratch("route");
    let balancer = tokio::task::block_in_place(|| {
        nginx::Nginx::start(&scratch, "nginx-cluster.conf", &[a.addr, b.addr])
    });
    // Rooms made on A directly: A runs them all.
    let mut rooms = Vec::new();
    let mut hosts = Vec::new();
    for i in 0..ROOMS {
        let mut ws = connect(a.addr, None).await;
        send(
            &mut ws,
            json!({"type": "create_room", "name": format!("H{i}")}),
        )
        .await;
        let joined = loop {
            let message = next(&mut ws, Duration::from_secs(20)).await.unwrap();
            if message["type"] == "joined" {
                break message;
            }
        };
        rooms.push(joined["room"].as_str().unwrap().to_string());
        hosts.push(ws);
    }
    // Each room visited through nginx, again and again: nginx picks the process by the room's id,
    // always the same one for a room; when that is B, B hands every visit to A.
    for room in &rooms {
        let before = proxied(b.addr).await;
        for _ in 0..VISITS {
            let mut ws = connect(balancer.addr, Some(room)).await;
            send(&mut ws, json!({"type": "watch", "room": room})).await;
            let joined = next(&mut ws, Duration::from_secs(20)).await.unwrap();
            assert_eq!(joined["type"], "joined", "{joined}");
            assert_eq!(joined["room"], room.as_str());
        }
        let handed = proxied(b.addr).await - before;
        assert!(
            handed == 0 || handed == VISITS,
            "room {room}: {handed} of {VISITS} visits reached B: nginx does not route by room"
        );
    }
    assert_eq!(proxied(a.addr).await, 0, "A runs every room");
    // A page served through nginx (the Origin with nginx's port) makes an account: nginx passes
    // the Host as sent, so the server knows its own origin; its session is good on both.
    let origin = format!("http://{}", balancer.addr);
    let body = json!({"name": "Nia", "password": "long enough"}).to_string();
    let (status, headers, text) = martian_testkit::ws::http(
        balancer.addr,
        "POST",
        "/api/accounts",
        &[("Origin", &origin)],
        Some(body.as_bytes()),
    )
    .await;
    assert_eq!(status, 201, "{text} {}", balancer.errors());
    let cookie = headers
        .iter()
        .find(|(name, _)| name == "set-cookie")
        .map(|(_, value)| value.split(';').next().unwrap().to_string())
        .unwrap();
    for process in [a.addr, b.addr] {
        let (status, _, _) = martian_testkit::ws::http(
            process,
            "GET",
            "/api/accounts/me",
            &[("Cookie", &cookie)],
            None,
        )
        .await;
        assert_eq!(status, 200);
    }
    // Every room is still A's: visits through B did not move them.
    let db = postgres::PgServer::name_of(&url).to_string();
    assert_eq!(
        owners(pg, &db),
        vec![("a".to_string(), ROOMS as u64)],
        "{}",
        balancer.errors()
    );
    drop(hosts);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_stopped_with_sigterm_hands_its_room_on_without_waiting_for_its_lease() {
    let _turn = one_cluster_at_a_time().await;
    // A long lease: the room must move on long before it could run out.
    const LEASE: u64 = 30;
    let pg = postgres::server();
    let url = pg.database();
    let db = postgres::PgServer::name_of(&url).to_string();
    let a = node_with_lease(&url, "a", LEASE);
    let b = node_with_lease(&url, "b", LEASE);
    let scratch = scratch("term");
    let balancer = tokio::task::block_in_place(|| {
        nginx::Nginx::start(&scratch, "nginx-cluster.conf", &[a.addr, b.addr])
    });
    // A game under way through nginx, the person to move.
    let mut ws = connect(balancer.addr, None).await;
    send(&mut ws, json!({"type": "create_room", "name": "Ana"})).await;
    let joined = loop {
        let message = next(&mut ws, Duration::from_secs(20)).await.unwrap();
        if message["type"] == "joined" {
            break message;
        }
    };
    let room = joined["room"].as_str().unwrap().to_string();
    let token = joined["token"].as_str().unwrap().to_string();
    send(&mut ws, json!({"type": "add_bot", "bot": "aggressive"})).await;
    send(&mut ws, json!({"type": "start"})).await;
    let mut state = until(&mut ws, |r| {
        r["status"] == "playing" && r["game"]["to_move"] == 0
    })
    .await;
    let moves = state["game"]["moves"].as_u64().unwrap();
    send(&mut ws, json!({"type": "act", "action": action(&state)})).await;
    state = until(&mut ws, |r| r["game"]["moves"].as_u64().unwrap() > moves).await;
    let acknowledged = position(&state);
    let owner_of = |room: &str| {
        pg.sql(
            &db,
            &format!(
                "SELECT coalesce(owner, '-') || ' ' || generation FROM rooms WHERE id = '{room}'"
            ),
        )
    };
    let (stopping, other) = match owner_of(&room).as_str() {
        "a 1" => (&a, "b"),
        "b 1" => (&b, "a"),
        owner => panic!("the room's owner: {owner}"),
    };
    // The owner stops gracefully: its player is told, and reconnects through nginx.
    tokio::task::block_in_place(|| stopping.signal("TERM"));
    let stopped_at = Instant::now();
    let mut told = false;
    let closed = loop {
        match next(&mut ws, Duration::from_secs(20)).await {
            None => break None,
            Some(m) if m["type"] == "closed" => break Some(m["code"].as_u64().unwrap()),
            Some(m) if m["type"] == "restarting" => told = true,
            Some(_) => {}
        }
    };
    assert!(
        told && closed == Some(1012),
        "told {told}, closed {closed:?}"
    );
    let mut back = connect(balancer.addr, Some(&room)).await;
    send(
        &mut back,
        json!({"type": "resume", "room": room, "token": token}),
    )
    .await;
    let resumed = until(&mut back, |_| true).await;
    let waited = stopped_at.elapsed();
    println!(
        "resumed on {other} {:.1} s after SIGTERM (lease {LEASE} s)",
        waited.as_secs_f64()
    );
    assert_eq!(position(&resumed), acknowledged);
    assert!(
        waited < Duration::from_secs(10),
        "the room came back only after {waited:?}: the lease was waited for"
    );
    assert_eq!(owner_of(&room), format!("{other} 2"));
    // The second process to start met the schema in place: PostgreSQL's notices of it
    // ("relation schema_version already exists, skipping") are not logged at INFO.
    for node in [&a, &b] {
        let log = node.stderr();
        assert!(!log.contains("already exists"), "{log}");
    }
    // The game carries on there.
    if resumed["game"]["to_move"] == 0 {
        send(
            &mut back,
            json!({"type": "act", "action": action(&resumed)}),
        )
        .await;
        until(&mut back, |r| position(r) > acknowledged).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_clients_play_through_nginx_on_two_processes_without_error() {
    let _turn = one_cluster_at_a_time().await;
    let pg = postgres::server();
    let url = pg.database();
    let db = postgres::PgServer::name_of(&url).to_string();
    let a = node(&url, "a");
    let b = node(&url, "b");
    let scratch = scratch("load");
    let balancer = tokio::task::block_in_place(|| {
        nginx::Nginx::start(&scratch, "nginx-cluster.conf", &[a.addr, b.addr])
    });
    let report = driver::run(
        balancer.addr,
        driver::LoadConfig {
            clients: 50,
            duration: Duration::from_secs(4),
            think_ms: (10, 60),
            bots: ["random", "aggressive", "defensive"]
                .map(String::from)
                .to_vec(),
            expensive_rooms: 0,
        },
    )
    .await;
    println!(
        "{} actions, {} games; latency p50 {:.2} ms, p99 {:.2} ms",
        report.actions,
        report.games_finished,
        report.percentile_ms(50.0),
        report.percentile_ms(99.0)
    );
    assert_eq!(report.errors, Vec::<String>::new());
    assert_eq!(report.concurrent, 50);
    assert!(report.actions >= 500, "{} actions", report.actions);
    assert!(report.games_finished >= 1);
    let by_owner = owners(pg, &db);
    assert_eq!(by_owner.len(), 2, "rooms on both processes: {by_owner:?}");
}
