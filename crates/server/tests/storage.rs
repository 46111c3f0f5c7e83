//! One test suite for both storage engines: every test of `shared` runs against SQLite (a file)
//! and against PostgreSQL (a server of the tests' own, see `martian_testkit::postgres`), and
//! must pass the same on both. The PostgreSQL-only tests after them check migrations, leases and
//! fencing.

use martian_testkit::postgres;

use std::path::PathBuf;
use std::time::Duration;

use martian_server::Metrics;
use martian_server::store::challenges::{AttemptDecision, AttemptPlayer, FinishedAttempt};
use martian_server::store::reviews::{BestTurn, ReviewedSeatRow};
use martian_server::store::{
    Claim, PostgresOptions, SCHEMA_VERSION, Store, StoreError, StoredRoom, Write,
};

/// A database to open, close and open again, as a server restarting on it would.
enum Engine {
    Sqlite(PathBuf),
    Postgres(String),
}

impl Engine {
    fn sqlite(name: &str) -> Engine {
        let dir =
            std::env::temp_dir().join(format!("martian-storage-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Engine::Sqlite(dir.join("test.db"))
    }

    fn postgres() -> Engine {
        Engine::Postgres(postgres::server().database())
    }

    /// Opens the storage as a server starting: the rooms it brings back, the most recently
    /// changed first.
    async fn open(&self) -> (Store, Vec<StoredRoom>) {
        match self {
            Engine::Sqlite(path) => Store::open_sqlite(Some(path), Metrics::new()).unwrap(),
            Engine::Postgres(url) => {
                let (store, pg) = Store::open_postgres(options(url, "node-a"), Metrics::new())
                    .await
                    .unwrap();
                pg.renew().await.unwrap();
                let rooms = pg.claim_expired(&[], 1000).await.unwrap();
                (store, rooms)
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Engine::Sqlite(path) = self {
            let _ = std::fs::remove_dir_all(path.parent().unwrap());
        }
    }
}

fn options(url: &str, node: &str) -> PostgresOptions {
    PostgresOptions {
        url: url.to_string(),
        node: node.to_string(),
        addr: format!("127.0.0.1:1/{node}"),
        lease: Duration::from_secs(30),
        writers: 2,
    }
}

fn room(id: &str, state: &str) -> Write {
    Write::Room {
        id: id.into(),
        state: state.into(),
        closed: false,
        code: format!("C{id}"),
        creator: None,
    }
}

/// The handle a room of `rooms` (or a new room) writes with.
fn handle(store: &Store, rooms: &[StoredRoom], id: &str) -> Store {
    let generation = rooms
        .iter()
        .find(|r| r.id == id)
        .map_or(1, |r| r.generation);
    store.for_room(id, generation)
}

mod shared {
    use super::*;

    pub async fn writes_are_read_back_after_reopening(engine: Engine) {
        {
            let (store, rooms) = engine.open().await;
            assert!(rooms.is_empty());
            for (id, state) in [("a", "{}"), ("b", "{\"x\":1}")] {
                handle(&store, &rooms, id)
                    .write(room(id, state))
                    .await
                    .unwrap();
            }
            let a = handle(&store, &rooms, "a");
            a.write(Write::GameStarted {
                room: "a".into(),
                number: 1,
                seed: u64::MAX,
            })
            .await
            .unwrap();
            a.write(Write::Moves {
                room: "a".into(),
                number: 1,
                first: 0,
                codes: vec!["dice".into(), "R".into()],
            })
            .await
            .unwrap();
            // A duplicate move index is refused.
            let duplicate = a
                .write(Write::Moves {
                    room: "a".into(),
                    number: 1,
                    first: 1,
                    codes: vec!["stop".into()],
                })
                .await;
            assert!(duplicate.is_err(), "{duplicate:?}");
            assert_eq!(store.record("a", 1).await.unwrap(), None);
            store.close().await;
        }
        let (store, rooms) = engine.open().await;
        assert_eq!(rooms.len(), 2);
        let a = rooms.iter().find(|room| room.id == "a").unwrap();
        assert_eq!(a.games.len(), 1);
        assert_eq!(a.games[0].number, 1);
        assert_eq!(a.games[0].seed, u64::MAX);
        assert_eq!(a.games[0].moves, vec!["dice", "R"]);
        assert!(rooms.iter().any(|r| r.id == "b" && r.state == "{\"x\":1}"));
        handle(&store, &rooms, "a")
            .write(Write::GameFinished {
                room: "a".into(),
                number: 1,
                record: "{}".into(),
            })
            .await
            .unwrap();
        assert_eq!(store.record("a", 1).await.unwrap().as_deref(), Some("{}"));
        assert_eq!(store.record("a", 2).await.unwrap(), None);
        store.close().await;
    }

    pub async fn a_commit_is_whole_or_nothing(engine: Engine) {
        let (store, rooms) = engine.open().await;
        let r = handle(&store, &rooms, "r");
        r.commit(vec![
            room("r", "{\"v\":1}"),
            Write::GameStarted {
                room: "r".into(),
                number: 1,
                seed: 5,
            },
        ])
        .await
        .unwrap();
        // The second game start repeats the first: the whole commit fails, the room's new
        // state with it.
        let failed = r
            .commit(vec![
                room("r", "{\"v\":2}"),
                Write::GameStarted {
                    room: "r".into(),
                    number: 1,
                    seed: 6,
                },
            ])
            .await;
        assert!(
            matches!(failed, Err(StoreError::Sqlite(_) | StoreError::Postgres(_))),
            "{failed:?}"
        );
        // Commits arriving together, one of them bad: the others are stored.
        let s = handle(&store, &rooms, "s");
        let t = handle(&store, &rooms, "t");
        let (first, bad, last) = tokio::join!(
            s.commit(vec![room("s", "{}")]),
            r.commit(vec![Write::GameStarted {
                room: "r".into(),
                number: 1,
                seed: 7,
            }]),
            t.commit(vec![room("t", "{}")]),
        );
        assert!(first.is_ok() && bad.is_err() && last.is_ok());
        store.close().await;
        let (_, rooms) = engine.open().await;
        let r = rooms.iter().find(|r| r.id == "r").unwrap();
        assert_eq!(r.state, "{\"v\":1}");
        assert_eq!(r.games[0].seed, 5);
        assert_eq!(rooms.len(), 3);
    }

    pub async fn the_most_recently_changed_rooms_come_first_and_closed_ones_stay_away(
        engine: Engine,
    ) {
        let (store, rooms) = engine.open().await;
        for id in ["old", "middle", "new", "closed"] {
            handle(&store, &rooms, id)
                .write(room(id, "{}"))
                .await
                .unwrap();
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        handle(&store, &rooms, "closed")
            .write(Write::Room {
                id: "closed".into(),
                state: "{}".into(),
                closed: true,
                code: "Cclosed".into(),
                creator: None,
            })
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_millis(5)).await;
        // A change to "old" makes it the most recent.
        handle(&store, &rooms, "old")
            .write(room("old", "{\"again\":true}"))
            .await
            .unwrap();
        store.close().await;
        let (_, rooms) = engine.open().await;
        let ids: Vec<&str> = rooms.iter().map(|r| r.id.as_str()).collect();
        assert_eq!(ids, ["old", "new", "middle"]);
        // Only a room's last game is loaded, with its moves in order.
        assert!(rooms.iter().all(|r| r.games.is_empty()));
    }

    pub async fn only_the_last_game_is_loaded_with_its_moves_in_order(engine: Engine) {
        let (store, rooms) = engine.open().await;
        let g = handle(&store, &rooms, "g");
        g.write(room("g", "{}")).await.unwrap();
        for number in 1..=2 {
            g.commit(vec![
                Write::GameStarted {
                    room: "g".into(),
                    number,
                    seed: u64::from(number) * 11,
                },
                Write::Moves {
                    room: "g".into(),
                    number,
                    first: 0,
                    codes: (0..12).map(|i| format!("m{number}-{i}")).collect(),
                },
            ])
            .await
            .unwrap();
            g.write(Write::Moves {
                room: "g".into(),
                number,
                first: 12,
                codes: vec!["last".into()],
            })
            .await
            .unwrap();
        }
        store.close().await;
        let (_, rooms) = engine.open().await;
        let games = &rooms[0].games;
        assert_eq!(games.len(), 1);
        assert_eq!((games[0].number, games[0].seed), (2, 22));
        let mut expected: Vec<String> = (0..12).map(|i| format!("m2-{i}")).collect();
        expected.push("last".into());
        assert_eq!(games[0].moves, expected);
    }

    pub async fn finished_records_are_listed_newest_first_below_a_bound(engine: Engine) {
        let (store, rooms) = engine.open().await;
        let h = handle(&store, &rooms, "h");
        h.write(room("h", "{}")).await.unwrap();
        for number in 1..=5 {
            h.write(Write::GameStarted {
                room: "h".into(),
                number,
                seed: 1,
            })
            .await
            .unwrap();
            // The last game is under way: it has no record yet.
            if number < 5 {
                h.write(Write::GameFinished {
                    room: "h".into(),
                    number,
                    record: format!("r{number}"),
                })
                .await
                .unwrap();
            }
        }
        let listed = |records: Vec<(u32, String)>| -> Vec<u32> {
            records.iter().map(|(number, _)| *number).collect()
        };
        let all = store.finished_records("h", u32::MAX, 10).await.unwrap();
        assert_eq!(all[0], (4, "r4".to_string()));
        assert_eq!(listed(all), [4, 3, 2, 1]);
        let page = store.finished_records("h", 4, 2).await.unwrap();
        assert_eq!(listed(page), [3, 2]);
        assert!(store.finished_records("h", 1, 10).await.unwrap().is_empty());
        assert!(store.finished_records("x", 9, 10).await.unwrap().is_empty());
        store.close().await;
    }

    pub async fn reviewed_seats_are_stored_once_and_read_back_by_seat(engine: Engine) {
        let seat = |room: &str, number: u32, seat: u32, accuracy: Option<f64>| ReviewedSeatRow {
            room: room.into(),
            number,
            seat,
            accuracy,
            decisions: 3 + seat,
            mean_loss: accuracy.map(|a| (100.0 - a) / 1000.0),
            best_turn: (seat == 0).then_some(BestTurn {
                turn: 2 * number + 1,
                skill: 0.03125 * f64::from(number),
            }),
            finished_ms: 1_700_000_000_000 + i64::from(number),
        };
        let written = [
            seat("a", 1, 0, Some(87.5)),
            seat("a", 1, 1, None),
            seat("a", 2, 0, Some(0.1 + 0.2)),
            seat("b", 7, 0, Some(100.0)),
        ];
        {
            let (store, _) = engine.open().await;
            let reviews = store.reviews();
            reviews.store(written[..2].to_vec()).await.unwrap();
            reviews.store(written[2..].to_vec()).await.unwrap();
            // Written once: the same room, game and seat again changes nothing.
            reviews
                .store(vec![seat("a", 1, 0, Some(1.0))])
                .await
                .unwrap();
            store.close().await;
        }
        let (store, _) = engine.open().await;
        let reviews = store.reviews();
        let mut read = reviews
            .of_seats(vec![
                ("a".into(), 0),
                ("b".into(), 0),
                ("c".into(), 0),
                ("b".into(), 1),
            ])
            .await
            .unwrap();
        read.sort_by(|x, y| (&x.room, x.number).cmp(&(&y.room, y.number)));
        // Every figure exactly as written (floats to the last bit); seat 1 of room a not asked.
        assert_eq!(
            read,
            vec![written[0].clone(), written[2].clone(), written[3].clone()]
        );
        let other = reviews.of_seats(vec![("a".into(), 1)]).await.unwrap();
        assert_eq!(other, vec![written[1].clone()]);
        assert_eq!(other[0].best_turn, None);
        assert!(reviews.of_seats(Vec::new()).await.unwrap().is_empty());
        store.close().await;
    }

    pub async fn challenge_attempts_rank_count_choices_and_claim_once(engine: Engine) {
        let player = |key: &str, account: Option<i64>| AttemptPlayer {
            key: key.into(),
            account,
            name: key.to_uppercase(),
        };
        let decision = |position: &str, choice: &str| AttemptDecision {
            position: position.into(),
            choice: choice.into(),
            best: "roll".into(),
            loss: 0.5,
        };
        let finished =
            |who: AttemptPlayer, claimed, loss, finished_ms, choices: &[(&str, &str)]| {
                FinishedAttempt {
                    date: "2026-12-07".into(),
                    player: who,
                    claimed,
                    loss,
                    accuracy: Some(90.0),
                    won: loss < 1.0,
                    scores: vec![25, 13],
                    finished_ms,
                    decisions: choices.iter().map(|(p, c)| decision(p, c)).collect(),
                }
            };
        let (store, _) = engine.open().await;
        let challenges = store.challenges();
        let day = || "2026-12-07".to_string();
        let ana = challenges
            .claim(day(), player("ana", Some(1)), 1)
            .await
            .unwrap();
        let bob = challenges
            .claim(day(), player("bob", None), 2)
            .await
            .unwrap();
        let cy = challenges
            .claim(day(), player("cy", None), 3)
            .await
            .unwrap();
        // One ranked attempt a day per player: claimed once, however often asked.
        assert!(ana.is_some() && bob.is_some() && cy.is_some());
        assert_eq!(
            challenges
                .claim(day(), player("ana", Some(1)), 4)
                .await
                .unwrap(),
            None
        );
        let other_day = challenges.claim("2026-12-06".into(), player("ana", Some(1)), 5);
        assert!(other_day.await.unwrap().is_some());
        let start = [("p0", "roll"), ("p1", "R")];
        let ana_id = challenges
            .finish(finished(player("ana", Some(1)), ana, 2.0, 30, &start))
            .await
            .unwrap();
        // Bob ties Ana's loss but finished first; Cy lost nothing.
        challenges
            .finish(finished(
                player("bob", None),
                bob,
                2.0,
                20,
                &[("p0", "stop")],
            ))
            .await
            .unwrap();
        challenges
            .finish(finished(
                player("cy", None),
                cy,
                0.0,
                40,
                &[("p0", "roll"), ("p1", "H")],
            ))
            .await
            .unwrap();
        // Ana's second game plays unranked: not on the board, not among the choices.
        let again = finished(player("ana", Some(1)), None, 0.0, 50, &[("p0", "stop")]);
        let again_id = challenges.finish(again).await.unwrap();
        // Cy's claim before finishing stays off the board.
        challenges
            .claim(day(), player("dee", None), 6)
            .await
            .unwrap();
        store.close().await;

        let (store, _) = engine.open().await;
        let challenges = store.challenges();
        let board = challenges.board(day(), 0, 10).await.unwrap();
        assert_eq!(board.total, 3);
        let names: Vec<&str> = board.rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["CY", "BOB", "ANA"]);
        assert_eq!((board.rows[1].guest, board.rows[2].guest), (true, false));
        assert_eq!(board.rows[2].scores, [25, 13]);
        assert_eq!(board.rows[2].accuracy, Some(90.0));
        let page = challenges.board(day(), 1, 1).await.unwrap();
        assert_eq!((page.total, page.rows[0].name.as_str()), (3, "BOB"));
        assert_eq!(
            challenges.ahead(day(), 2.0, 30, ana_id).await.unwrap(),
            (2, 3)
        );
        assert_eq!(
            challenges.ahead(day(), 0.0, 50, again_id).await.unwrap(),
            (1, 3)
        );
        let mut counts: Vec<(String, String, u64)> = challenges
            .choices(day(), vec!["p0".into(), "p1".into(), "p9".into()])
            .await
            .unwrap()
            .into_iter()
            .map(|c| (c.position, c.choice, c.count))
            .collect();
        counts.sort();
        let expected = [
            ("p0", "roll", 2),
            ("p0", "stop", 1),
            ("p1", "H", 1),
            ("p1", "R", 1),
        ];
        let expected: Vec<(String, String, u64)> = expected
            .iter()
            .map(|&(p, c, n)| (p.to_string(), c.to_string(), n))
            .collect();
        assert_eq!(counts, expected);
        let best = challenges
            .best_choices(day(), vec!["p0".into(), "p1".into(), "p9".into()])
            .await
            .unwrap();
        assert_eq!(
            best,
            [
                ("p0".to_string(), "roll".to_string()),
                ("p1".to_string(), "H".to_string())
            ]
        );
        let (row, decisions) = challenges.attempt(ana_id).await.unwrap().unwrap();
        assert!(row.ranked && row.name == "ANA" && row.loss == 2.0 && row.finished_ms == 30);
        let positions: Vec<&str> = decisions.iter().map(|d| d.position.as_str()).collect();
        assert_eq!(positions, ["p0", "p1"]);
        assert_eq!(
            (decisions[1].choice.as_str(), decisions[1].best.as_str()),
            ("R", "roll")
        );
        assert!(
            !challenges
                .attempt(again_id)
                .await
                .unwrap()
                .unwrap()
                .0
                .ranked
        );
        assert_eq!(challenges.attempt(9999).await.unwrap(), None);
        // Ana finished a ranked attempt on the 7th only (the 6th was claimed, never finished).
        assert_eq!(challenges.ranked_days(1, 10).await.unwrap(), ["2026-12-07"]);
        store.close().await;
    }

    pub async fn a_probe_is_a_real_write_and_a_closed_store_refuses(engine: Engine) {
        let (store, rooms) = engine.open().await;
        store.probe().await.unwrap();
        store.probe().await.unwrap();
        let r = handle(&store, &rooms, "r");
        r.write(room("r", "{}")).await.unwrap();
        store.close().await;
        let after = r.write(room("r", "{\"late\":1}")).await;
        assert_eq!(after, Err(StoreError::Stopped));
        let (_, rooms) = engine.open().await;
        assert_eq!(rooms[0].state, "{}");
    }
}

macro_rules! both {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            use super::*;
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    shared::$name(Engine::sqlite(stringify!($name))).await;
                }
            )*
        }
        mod postgresql {
            use super::*;
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    shared::$name(Engine::postgres()).await;
                }
            )*
        }
    };
}

both!(
    writes_are_read_back_after_reopening,
    a_commit_is_whole_or_nothing,
    the_most_recently_changed_rooms_come_first_and_closed_ones_stay_away,
    only_the_last_game_is_loaded_with_its_moves_in_order,
    finished_records_are_listed_newest_first_below_a_bound,
    reviewed_seats_are_stored_once_and_read_back_by_seat,
    challenge_attempts_rank_count_choices_and_claim_once,
    a_probe_is_a_real_write_and_a_closed_store_refuses,
);

// ---------------------------------------------------------------- PostgreSQL only

async fn open_node(
    url: &str,
    node: &str,
    lease: Duration,
) -> (Store, std::sync::Arc<martian_server::store::Postgres>) {
    let mut options = options(url, node);
    options.lease = lease;
    let (store, pg) = Store::open_postgres(options, Metrics::new()).await.unwrap();
    pg.renew().await.unwrap();
    (store, pg)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_that_lost_its_lease_stores_nothing_and_the_new_owner_stores() {
    let url = postgres::server().database();
    let lease = Duration::from_millis(800);
    let (a_store, a) = open_node(&url, "a", lease).await;
    let (b_store, b) = open_node(&url, "b", lease).await;
    let a_room = a_store.for_room("r", 1);
    a_room.write(room("r", "{\"by\":\"a\"}")).await.unwrap();
    // A holds a live lease: B cannot claim the room, and is told where it is.
    match b.claim("r").await.unwrap() {
        Claim::Elsewhere { node, addr, .. } => {
            assert_eq!(node, "a");
            assert_eq!(addr, "127.0.0.1:1/a");
        }
        other => panic!("claimed a room held by a live lease: {other:?}"),
    }
    assert!(b.claim_expired(&[], 100).await.unwrap().is_empty());
    // A stops renewing (paused); its lease runs out; B takes the room over.
    tokio::time::sleep(lease + Duration::from_millis(400)).await;
    b.renew().await.unwrap();
    let taken = b.claim_expired(&[], 100).await.unwrap();
    assert_eq!(taken.len(), 1);
    assert_eq!(taken[0].generation, 2);
    assert_eq!(taken[0].state, "{\"by\":\"a\"}");
    // A comes back: its write under generation 1 is fenced off and stores nothing, even after
    // it renewed its own lease.
    let fenced = a_room.write(room("r", "{\"by\":\"a, late\"}")).await;
    assert_eq!(fenced, Err(StoreError::LeaseLost));
    let owned = a.renew().await.unwrap();
    assert!(owned.is_empty(), "A still owns {owned:?}");
    let fenced = a_room
        .commit(vec![
            Write::GameStarted {
                room: "r".into(),
                number: 1,
                seed: 1,
            },
            room("r", "{\"by\":\"a, later\"}"),
        ])
        .await;
    assert_eq!(fenced, Err(StoreError::LeaseLost));
    // A cannot claim it back while B's lease lives.
    assert!(matches!(
        a.claim("r").await.unwrap(),
        Claim::Elsewhere { .. }
    ));
    let b_room = b_store.for_room("r", 2);
    b_room.write(room("r", "{\"by\":\"b\"}")).await.unwrap();
    let name = postgres::PgServer::name_of(&url);
    assert_eq!(
        postgres::server().sql(name, "SELECT owner, generation, state FROM rooms"),
        "b|2|{\"by\":\"b\"}"
    );
    assert_eq!(
        postgres::server().sql(name, "SELECT count(*) FROM games"),
        "0"
    );
    a_store.close().await;
    b_store.close().await;
}

/// A database outage lets every lease run out. Once it is back, B is asked for a room of A's
/// (its players reconnecting) before B's own renewal: B claims it. A's renewal comes next — and
/// must not take the room back (B's lease had run out during the outage too), or its players,
/// just back, would be sent away a second time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_an_outage_a_room_claimed_again_is_not_taken_by_the_next_renewal() {
    // PostgreSQL of this test's own: it is stopped and started again below.
    let server = tokio::task::block_in_place(postgres::PgServer::own);
    let url = server.database();
    let lease = Duration::from_secs(1);
    let (a_store, a) = open_node(&url, "a", lease).await;
    let (b_store, b) = open_node(&url, "b", lease).await;
    for id in ["kept", "moved"] {
        a_store.for_room(id, 1).write(room(id, "{}")).await.unwrap();
    }
    // The outage: nobody renews, every lease runs out.
    tokio::task::block_in_place(|| server.stop());
    tokio::time::sleep(lease + Duration::from_millis(500)).await;
    tokio::task::block_in_place(|| server.restart());
    // A's room "moved" stopped in the outage (a change could not be stored); its players come
    // back through B, which claims it before its own renewal.
    let moved = match b.claim("moved").await.unwrap() {
        Claim::Claimed(stored) => stored,
        other => panic!("B could not claim the room of a lease run out: {other:?}"),
    };
    assert_eq!(moved.generation, 2);
    // A's renewal: it keeps "kept", which nobody claimed and it still runs, and leaves "moved",
    // B's now, alone.
    let owned = a.renew().await.unwrap();
    assert_eq!(owned, vec![("kept".to_string(), 1)]);
    let taken = a.claim_expired(&["kept".to_string()], 10).await.unwrap();
    let ids: Vec<&str> = taken.iter().map(|r| r.id.as_str()).collect();
    assert!(ids.is_empty(), "A's renewal took back {ids:?}");
    assert!(matches!(
        a.claim("moved").await.unwrap(),
        Claim::Elsewhere { ref node, .. } if node == "b"
    ));
    // B stores in it under the generation it claimed it with; A's old handle is fenced off.
    b_store
        .for_room("moved", 2)
        .write(room("moved", "{\"by\":\"b\"}"))
        .await
        .unwrap();
    assert_eq!(
        a_store
            .for_room("moved", 1)
            .write(room("moved", "{\"by\":\"a\"}"))
            .await,
        Err(StoreError::LeaseLost)
    );
    assert_eq!(
        server.sql(
            postgres::PgServer::name_of(&url),
            "SELECT id, owner, generation, state FROM rooms ORDER BY id"
        ),
        "kept|a|1|{}\nmoved|b|2|{\"by\":\"b\"}"
    );
    a_store.close().await;
    b_store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_claiming_one_expired_room_at_once_get_it_once() {
    let url = postgres::server().database();
    let (store, _) = open_node(&url, "gone", Duration::from_millis(300)).await;
    for i in 0..20 {
        store
            .for_room(&format!("r{i}"), 1)
            .write(room(&format!("r{i}"), "{}"))
            .await
            .unwrap();
    }
    store.close().await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (_, b) = open_node(&url, "b", Duration::from_secs(30)).await;
    let (_, c) = open_node(&url, "c", Duration::from_secs(30)).await;
    let (_, d) = open_node(&url, "d", Duration::from_secs(30)).await;
    let (_, e) = open_node(&url, "e", Duration::from_secs(30)).await;
    // (A process may claim its own room again — it does so only for a room it does not run —
    // so each claimant here is a process of its own.)
    let (by_b, by_c, one_d, one_e) = tokio::join!(
        b.claim_expired(&[], 100),
        c.claim_expired(&[], 100),
        d.claim("r0"),
        e.claim("r0"),
    );
    let mut ids: Vec<String> = by_b
        .unwrap()
        .into_iter()
        .chain(by_c.unwrap())
        .map(|r| r.id)
        .collect();
    let single: Vec<Claim> = vec![one_d.unwrap(), one_e.unwrap()];
    ids.extend(single.iter().filter_map(|claim| match claim {
        Claim::Claimed(room) => Some(room.id.clone()),
        _ => None,
    }));
    ids.sort();
    let mut expected: Vec<String> = (0..20).map(|i| format!("r{i}")).collect();
    expected.sort();
    assert_eq!(ids, expected, "every room claimed exactly once");
}

/// Changes arriving together share a transaction; each is still answered on its own: the
/// good ones stored, one under a stale generation refused as fenced off, one that breaks a key
/// refused without sinking the rest.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_changes_at_once_are_each_stored_or_refused_on_their_own() {
    let url = postgres::server().database();
    let (store, _) = open_node(&url, "a", Duration::from_secs(60)).await;
    let ids: Vec<String> = (0..64).map(|i| format!("m{i}")).collect();
    for id in &ids {
        store.for_room(id, 1).write(room(id, "{}")).await.unwrap();
    }
    for round in 0..3u32 {
        let changes = ids.iter().enumerate().map(|(i, id)| {
            let (generation, writes) = match i {
                // The process lost this room long ago.
                7 => (0, vec![room(id, "{\"stale\":true}")]),
                // A game that was already started.
                9 if round > 0 => (
                    1,
                    vec![
                        room(id, "{\"bad\":true}"),
                        Write::GameStarted {
                            room: id.clone(),
                            number: 1,
                            seed: 2,
                        },
                    ],
                ),
                _ => (
                    1,
                    vec![
                        room(id, &format!("{{\"round\":{round}}}")),
                        Write::GameStarted {
                            room: id.clone(),
                            number: round + 1,
                            seed: u64::from(round),
                        },
                        Write::Moves {
                            room: id.clone(),
                            number: round + 1,
                            first: 0,
                            codes: vec!["dice".into(), format!("R{i}")],
                        },
                        Write::GameFinished {
                            room: id.clone(),
                            number: round + 1,
                            record: format!("record {id} {round}"),
                        },
                    ],
                ),
            };
            let handle = store.for_room(id, generation);
            async move { handle.commit(writes).await }
        });
        let results = futures_util::future::join_all(changes).await;
        for (i, result) in results.iter().enumerate() {
            match i {
                7 => assert_eq!(*result, Err(StoreError::LeaseLost), "round {round}"),
                9 if round > 0 => assert!(
                    matches!(result, Err(StoreError::Postgres(_))),
                    "round {round}: {result:?}"
                ),
                _ => assert_eq!(*result, Ok(()), "round {round}, room {i}"),
            }
        }
    }
    store.close().await;
    let name = postgres::PgServer::name_of(&url);
    let sql = |query: &str| postgres::server().sql(name, query);
    assert_eq!(
        sql("SELECT count(*) FROM rooms WHERE state = '{\"round\":2}'"),
        "62"
    );
    assert_eq!(sql("SELECT state FROM rooms WHERE id = 'm7'"), "{}");
    assert_eq!(
        sql("SELECT state FROM rooms WHERE id = 'm9'"),
        "{\"round\":0}"
    );
    assert_eq!(sql("SELECT count(*) FROM games"), "187");
    assert_eq!(
        sql("SELECT count(*) FROM games WHERE record IS NOT NULL"),
        "187"
    );
    assert_eq!(sql("SELECT count(*) FROM moves"), "374");
    assert_eq!(
        sql(
            "SELECT string_agg(code, ',' ORDER BY idx) FROM moves WHERE room_id = 'm5' AND number = 3"
        ),
        "dice,R5"
    );
    assert_eq!(sql("SELECT seed FROM games WHERE room_id = 'm9'"), "0");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_released_process_hands_its_rooms_over_at_once() {
    let url = postgres::server().database();
    let (store, a) = open_node(&url, "a", Duration::from_secs(60)).await;
    store.for_room("r", 1).write(room("r", "{}")).await.unwrap();
    let (_, b) = open_node(&url, "b", Duration::from_secs(60)).await;
    assert!(b.claim_expired(&[], 10).await.unwrap().is_empty());
    a.release().await.unwrap();
    let taken = b.claim_expired(&[], 10).await.unwrap();
    assert_eq!(taken.len(), 1);
    // Only what this process does not run is claimed again: a room listed as running stays.
    let (_, c) = open_node(&url, "b", Duration::from_secs(60)).await;
    assert!(c.claim_expired(&["r".into()], 10).await.unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_matchmaker_is_the_process_whose_lease_has_run_unbroken_the_longest() {
    let url = postgres::server().database();
    let lease = Duration::from_millis(800);
    // The older lease makes the matches, whatever the names; one that joins does not take over.
    let (_, b) = open_node(&url, "b", lease).await;
    let (_, a) = open_node(&url, "a", lease).await;
    let b_addr = ("b".to_string(), "127.0.0.1:1/b".to_string());
    assert_eq!(a.matchmaker().await.unwrap(), Some(b_addr.clone()));
    assert_eq!(b.matchmaker().await.unwrap(), Some(b_addr.clone()));
    // B stops renewing: once its lease ran out, A makes them; B renewing after that begins a
    // new lease, younger than A's.
    let a_addr = ("a".to_string(), "127.0.0.1:1/a".to_string());
    for _ in 0..4 {
        tokio::time::sleep(lease / 4).await;
        a.renew().await.unwrap();
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    a.renew().await.unwrap();
    assert_eq!(b.matchmaker().await.unwrap(), Some(a_addr.clone()));
    b.renew().await.unwrap();
    assert_eq!(b.matchmaker().await.unwrap(), Some(a_addr));
    // A stops gracefully: B at once. Nobody live: nobody.
    a.release().await.unwrap();
    assert_eq!(a.matchmaker().await.unwrap(), Some(b_addr));
    b.release().await.unwrap();
    assert_eq!(a.matchmaker().await.unwrap(), None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn presence_reads_other_processes_fresh_rows_and_notify_reaches_every_listener() {
    use martian_server::store::presence::{Seen, Told};
    let url = postgres::server().database();
    let (store, _) = open_node(&url, "a", Duration::from_secs(60)).await;
    let presence = store
        .accounts()
        .presence()
        .expect("PostgreSQL shares presence");
    let seen = |key: &str, room: Option<&str>| Seen {
        key: key.into(),
        room: room.map(String::from),
    };
    let keys = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
    presence
        .publish("a", &[seen("ana", Some("r1")), seen("bo", None)], 1_000)
        .await
        .unwrap();
    presence
        .publish("b", &[seen("ana", Some("r2"))], 2_000)
        .await
        .unwrap();
    // From c: the newest row of each key; from a: only what the others published.
    let mut from_c = presence
        .elsewhere("c", &keys(&["ana", "bo", "cy"]), 0)
        .await
        .unwrap();
    from_c.sort_by(|x, y| x.key.cmp(&y.key));
    assert_eq!(from_c, [seen("ana", Some("r2")), seen("bo", None)]);
    let from_a = presence
        .elsewhere("a", &keys(&["ana", "bo"]), 0)
        .await
        .unwrap();
    assert_eq!(from_a, [seen("ana", Some("r2"))]);
    // A row older than asked belongs to a process that stopped.
    let fresh = presence
        .elsewhere("c", &keys(&["bo"]), 1_500)
        .await
        .unwrap();
    assert!(fresh.is_empty(), "{fresh:?}");
    // Publishing again replaces: bo left a; a withdrawing leaves nothing of a.
    presence
        .publish("a", &[seen("ana", None)], 3_000)
        .await
        .unwrap();
    let bo = presence.elsewhere("c", &keys(&["bo"]), 0).await.unwrap();
    assert!(bo.is_empty(), "{bo:?}");
    presence.publish("a", &[], 4_000).await.unwrap();
    let from_b = presence.elsewhere("b", &keys(&["ana"]), 0).await.unwrap();
    assert!(from_b.is_empty(), "{from_b:?}");
    // What is told reaches every listener, the teller's own process too.
    let (other, _) = open_node(&url, "b", Duration::from_secs(60)).await;
    let mut here = presence.listen();
    let mut there = other.accounts().presence().unwrap().listen();
    let told = Told {
        key: "ana".into(),
        text: r#"{"type":"invited","from":"Bo","code":"QKRT"}"#.into(),
    };
    // A listener starts listening on a connection of its own: tell until both heard it.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let (mut heard_here, mut heard_there) = (None, None);
    while heard_here.is_none() || heard_there.is_none() {
        assert!(tokio::time::Instant::now() < deadline, "not heard");
        presence.tell(&told).await.unwrap();
        tokio::time::sleep(Duration::from_millis(50)).await;
        heard_here = heard_here.or_else(|| here.try_recv().ok());
        heard_there = heard_there.or_else(|| there.try_recv().ok());
    }
    assert_eq!(
        (heard_here.unwrap(), heard_there.unwrap()),
        (told.clone(), told)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrations_are_applied_once_and_a_newer_schema_is_refused() {
    let url = postgres::server().database();
    let name = postgres::PgServer::name_of(&url).to_string();
    // Two processes starting together on an empty database.
    let (first, second) = tokio::join!(
        Store::open_postgres(options(&url, "a"), Metrics::new()),
        Store::open_postgres(options(&url, "b"), Metrics::new()),
    );
    first.unwrap();
    second.unwrap();
    assert_eq!(
        postgres::server().sql(
            &name,
            "SELECT string_agg(version::text, ',' ORDER BY version) FROM schema_version"
        ),
        (1..=SCHEMA_VERSION)
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(",")
    );
    postgres::server().sql(&name, "INSERT INTO schema_version VALUES (99)");
    let refused = Store::open_postgres(options(&url, "c"), Metrics::new()).await;
    match refused {
        Err(StoreError::NewerSchema { found: 99, known }) => assert_eq!(known, SCHEMA_VERSION),
        other => panic!("a newer schema was not refused: {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_database_is_an_error_not_a_hang() {
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let url = format!("postgres://martian@127.0.0.1:{port}/nothing");
    let refused = Store::open_postgres(options(&url, "a"), Metrics::new()).await;
    // Which server, and the system's reason.
    match refused {
        Err(StoreError::Unavailable(why)) => assert!(
            why.contains(&format!("127.0.0.1:{port}")) && why.contains("os error"),
            "{why}"
        ),
        other => panic!("{other:?}"),
    }
}
