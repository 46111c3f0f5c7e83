//! `martian-dice accounts`, as an operator runs it beside a serving server: create (the password
//! from standard input), list, show, rename, disable, delete — each seen by the server at once —
//! and usage errors (exit 2) for a missing database, a taken name, a weak password.

use martian_testkit::ws::http;
use serde_json::json;

use crate::util::serve::ServeProcess;
use crate::util::{martian_dice, run_with_input, scratch, stderr, stdout};

fn accounts(db: &std::path::Path, args: &[&str], input: &str) -> std::process::Output {
    let mut command = martian_dice();
    command.arg("accounts").arg("--db").arg(db).args(args);
    run_with_input(&mut command, input)
}

async fn sign_in(addr: std::net::SocketAddr, name: &str, password: &str) -> u16 {
    let body = json!({"name": name, "password": password}).to_string();
    http(addr, "POST", "/api/session", &[], Some(body.as_bytes()))
        .await
        .0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_operator_manages_accounts_while_the_server_runs() {
    let dir = scratch("accounts-cli");
    let db = dir.join("server.db");

    // No database named, or none there: usage errors that say what to give.
    let output = run_with_input(
        martian_dice()
            .arg("accounts")
            .arg("list")
            .env_remove("MARTIAN_DICE_DB"),
        "",
    );
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("--db"), "{}", stderr(&output));
    let output = accounts(&dir.join("missing.db"), &["list"], "");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("no database at"),
        "{}",
        stderr(&output)
    );

    let server =
        tokio::task::block_in_place(|| ServeProcess::start(&db, &["--signups", "closed"], &[]));
    // Sign-ups are closed on the page; the operator makes the account.
    let output = accounts(&db, &["create", "Ana"], "long enough\n");
    assert!(output.status.success(), "{}", stderr(&output));
    let printed = stdout(&output);
    assert_eq!(
        printed.lines().filter(|l| l.starts_with("  ")).count(),
        10,
        "{printed}"
    );
    assert_eq!(sign_in(server.addr, "Ana", "long enough").await, 200);

    for (args, input, why) in [
        (["create", "ANA"], "another one\n", "taken"),
        (["create", "Bia"], "short\n", "at least 8"),
    ] {
        let output = accounts(&db, &args, input);
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        assert!(stderr(&output).contains(why), "{}", stderr(&output));
    }

    let output = accounts(&db, &["list"], "");
    assert!(
        stdout(&output).starts_with("Ana  since "),
        "{}",
        stdout(&output)
    );
    assert!(stdout(&output).contains("1 account(s)"));

    // Renamed: the new name signs in, the old one no longer does.
    assert!(
        accounts(&db, &["rename", "Ana", "Bea"], "")
            .status
            .success()
    );
    assert_eq!(sign_in(server.addr, "Bea", "long enough").await, 200);
    assert_eq!(sign_in(server.addr, "Ana", "long enough").await, 401);

    // Disabled: no sign-in, its profile hidden; enabled again, both back.
    assert!(accounts(&db, &["disable", "Bea"], "").status.success());
    assert_eq!(sign_in(server.addr, "Bea", "long enough").await, 401);
    assert!(stdout(&accounts(&db, &["show", "Bea"], "")).contains("disabled: yes"));
    assert_eq!(
        http(server.addr, "GET", "/api/players/Bea", &[], None)
            .await
            .0,
        404
    );
    assert!(
        accounts(&db, &["disable", "--enable", "Bea"], "")
            .status
            .success()
    );
    assert_eq!(sign_in(server.addr, "Bea", "long enough").await, 200);

    let output = accounts(&db, &["delete", "Bea"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&accounts(&db, &["list"], "")).contains("0 account(s)"));
    let output = accounts(&db, &["show", "Bea"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no player has that name"),
        "{}",
        stderr(&output)
    );
    server.kill();
    let _ = std::fs::remove_dir_all(&dir);
}

/// `accounts void-game ROOM GAME`: the game is voided and every rating recomputed without it
/// (the same ratings, bit for bit, as a database that never had it); a game not kept, or voided
/// already, is a usage error.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_operator_voids_a_rated_game() {
    use martian_server::store::ratings::{RatedGame, RatedPlayer, RatedSeat};
    use martian_server::store::{Store, StoreMetrics};

    let dir = scratch("accounts-void");
    let duel = |number: u32, winner: i64| RatedGame {
        room: "room-a".into(),
        number,
        finished_ms: 1_796_601_600_000 + i64::from(number),
        seats: [1, 2]
            .into_iter()
            .map(|id| RatedSeat {
                seat: (id - 1) as u32,
                player: RatedPlayer::Account(id),
                place: if id == winner { 1 } else { 2 },
            })
            .collect(),
    };
    let ratings_of = |path: std::path::PathBuf, games: Vec<RatedGame>| async move {
        let (store, _) = Store::open_sqlite(Some(&path), StoreMetrics::default()).unwrap();
        for game in games {
            store.ratings().apply(game).await.unwrap();
        }
        let all = store.ratings().all().await.unwrap();
        store.close().await;
        all
    };
    let db = dir.join("server.db");
    let before = ratings_of(db.clone(), vec![duel(1, 1), duel(2, 2)]).await;
    let never = ratings_of(dir.join("never.db"), vec![duel(2, 2)]).await;
    assert_ne!(before, never);

    let output = accounts(&db, &["void-game", "room-a", "1"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("voided game 1 of room room-a"));
    let after = ratings_of(db.clone(), Vec::new()).await;
    let bits = |all: &[martian_server::store::ratings::AccountRating]| {
        all.iter()
            .map(|r| (r.account, r.rating.mu.to_bits(), r.rating.sigma.to_bits()))
            .collect::<Vec<_>>()
    };
    assert_eq!(bits(&after), bits(&never));

    for args in [["void-game", "room-a", "1"], ["void-game", "room-b", "2"]] {
        let output = accounts(&db, &args, "");
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        assert!(
            stderr(&output).contains("no rated game"),
            "{}",
            stderr(&output)
        );
    }
}
