//! What a host relies on, through the real binary: secrets never printed (at any log level,
//! in `--help`, by `backup`), the options' environment variables read as an operator writes
//! them.

use std::net::SocketAddr;
use std::path::Path;
use std::process::Command;

use futures_util::StreamExt;
use serde_json::{Value, json};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use martian_testkit::postgres;

use crate::util::play::{Ws, action, send};
use crate::util::serve::ServeProcess;
use crate::util::{BIN, scratch};

/// The next JSON message (the test fails after 20 s of silence), or `None` once closed.
async fn next_json(ws: &mut Ws) -> Option<Value> {
    loop {
        match tokio::time::timeout(std::time::Duration::from_secs(20), ws.next())
            .await
            .expect("the server answers within 20 s")
        {
            Some(Ok(Message::Text(text))) => return Some(serde_json::from_str(&text).unwrap()),
            Some(Ok(Message::Close(_)) | Err(_)) | None => return None,
            Some(Ok(_)) => {}
        }
    }
}

/// The next message of type `kind`, skipping others.
async fn next_of(ws: &mut Ws, kind: &str) -> Value {
    loop {
        let message = next_json(ws).await.expect("the connection stays open");
        if message["type"] == kind {
            return message;
        }
    }
}

/// A WebSocket to `addr` whose handshake carries `headers`.
async fn connect_with(addr: SocketAddr, headers: &[(&'static str, &str)]) -> Ws {
    let mut request = format!("ws://{addr}/ws").into_client_request().unwrap();
    for (name, value) in headers {
        request.headers_mut().insert(*name, value.parse().unwrap());
    }
    let (mut ws, _) = connect_async(request).await.expect("connects");
    assert_eq!(next_json(&mut ws).await.unwrap()["type"], "welcome");
    ws
}

/// Creates a room with a bot, starts it, plays a few of the host's moves, and comes back to the
/// seat on a second connection with the token; returns the token.
async fn play_and_resume(addr: SocketAddr) -> String {
    let mut ws = connect_with(addr, &[]).await;
    send(&mut ws, json!({"type": "create_room", "name": "Ana"})).await;
    let joined = next_of(&mut ws, "joined").await;
    let room = joined["room"].as_str().unwrap().to_string();
    let token = joined["token"].as_str().unwrap().to_string();
    send(&mut ws, json!({"type": "add_bot", "bot": "aggressive"})).await;
    send(&mut ws, json!({"type": "start"})).await;
    let mut moves = 0;
    while moves < 6 {
        let update = next_of(&mut ws, "update").await;
        let state = &update["room"];
        if state["status"] == "over" {
            break;
        }
        if state["status"] == "playing" && state["game"]["to_move"] == 0 {
            send(&mut ws, json!({"type": "act", "action": action(state)})).await;
            moves += 1;
        }
    }
    let mut again = connect_with(addr, &[]).await;
    send(
        &mut again,
        json!({"type": "resume", "room": room, "token": token}),
    )
    .await;
    assert_eq!(next_of(&mut again, "joined").await["seat"], 0);
    token
}

/// `text` has none of `secret`, neither as it is nor as the hex of its bytes (how WebSocket
/// libraries print frames).
#[track_caller]
fn assert_never_shown(text: &str, secret: &str, what: &str) {
    let hex: String = secret.bytes().map(|b| format!("{b:02x}")).collect();
    assert!(!text.contains(secret), "the {what} was printed:\n{text}");
    assert!(
        !text.to_ascii_lowercase().contains(&hex),
        "the {what} was printed in hex:\n{text}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_trace_level_no_seat_token_is_logged() {
    let dir = scratch("trace");
    let server = ServeProcess::start(
        dir.join("server.db"),
        &[],
        &[("RUST_LOG", Path::new("trace"))],
    );
    let token = play_and_resume(server.addr).await;
    let (status, _, stderr) = tokio::task::block_in_place(|| server.terminate());
    assert!(status.success());
    // Trace lines were written (the level is on), and none holds the token.
    assert!(stderr.contains("TRACE"), "no trace line at all:\n{stderr}");
    assert_never_shown(&stderr, &token, "seat token");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_trace_level_neither_the_database_password_nor_a_token_is_printed() {
    const PASSWORD: &str = "Sup3rSecretPassw0rd";
    let pg = postgres::server();
    let url = pg.database().replace(
        "postgres://martian@",
        &format!("postgres://martian:{PASSWORD}@"),
    );
    let server = ServeProcess::start(
        &url,
        &["--node", "only"],
        &[("RUST_LOG", Path::new("trace"))],
    );
    let token = play_and_resume(server.addr).await;
    let (status, _, stderr) = tokio::task::block_in_place(|| server.terminate());
    assert!(status.success(), "{stderr}");
    assert!(stderr.contains("TRACE"), "no trace line at all:\n{stderr}");
    assert!(stderr.contains("martian:***@"), "{stderr}");
    assert_never_shown(&stderr, PASSWORD, "password");
    assert_never_shown(&stderr, &token, "seat token");

    // Nor `--help` with the URL in the environment, nor `backup`, which says to use pg_dump.
    let help = Command::new(BIN)
        .args(["serve", "--help"])
        .env("MARTIAN_DICE_DB", &url)
        .output()
        .unwrap();
    assert!(help.status.success());
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("MARTIAN_DICE_DB"), "{help}");
    assert_never_shown(&help, PASSWORD, "password");
    let out = scratch("pg-backup").join("copy.db");
    for (args, env) in [
        (vec!["backup", "--db", &url, out.to_str().unwrap()], None),
        (vec!["backup", out.to_str().unwrap()], Some(&url)),
    ] {
        let mut command = Command::new(BIN);
        command.args(&args).env_remove("MARTIAN_DICE_DB");
        if let Some(url) = env {
            command.env("MARTIAN_DICE_DB", url);
        }
        let output = command.output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(said.contains("pg_dump"), "{said}");
        assert!(said.contains("martian:***@127.0.0.1"), "{said}");
        assert_never_shown(&said, PASSWORD, "password");
        assert!(!out.exists());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn trusted_proxies_are_read_with_spaces_and_as_ranges() {
    // A list as an operator writes it: spaces after the commas, a range.
    let dir = scratch("proxies");
    let server = ServeProcess::start(
        dir.join("server.db"),
        &["--rooms-per-address", "1"],
        &[(
            "MARTIAN_DICE_TRUSTED_PROXIES",
            Path::new("192.0.2.1, 127.0.0.0/8 ,::1"),
        )],
    );
    // 127.0.0.1 is in the range: each X-Real-IP is a client of its own, with its own cap.
    let addr = server.addr;
    let create = |from: &'static str| async move {
        let mut ws = connect_with(addr, &[("x-real-ip", from)]).await;
        send(&mut ws, json!({"type": "create_room", "name": "Ana"})).await;
        let reply = next_json(&mut ws).await.unwrap();
        (ws, reply)
    };
    let (_a, first) = create("203.0.113.1").await;
    assert_eq!(first["type"], "joined", "{first}");
    let (_b, other) = create("203.0.113.2").await;
    assert_eq!(other["type"], "joined", "{other}");
    let (_c, again) = create("203.0.113.1").await;
    assert_eq!(again["code"], "rooms_per_address", "{again}");
    tokio::task::block_in_place(|| server.kill());

    // An entry that is neither an address nor a range is refused at start, named.
    for bad in ["127.0.0.1, localhost", "10.0.0.0/40"] {
        let output = Command::new(BIN)
            .args(["serve", "--addr", "127.0.0.1:0", "--db"])
            .arg(dir.join("never.db"))
            .env("MARTIAN_DICE_TRUSTED_PROXIES", bad)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{bad}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        let named = bad.rsplit(',').next().unwrap().trim();
        assert!(stderr.contains(named), "{stderr}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `martian-dice serve` on `db` that is expected to refuse to start: its exit status and
/// standard error, within 30 s.
fn refused_start(db: &Path) -> (std::process::ExitStatus, String) {
    let mut child = Command::new(BIN)
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(db)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    for _ in 0..600 {
        if child.try_wait().unwrap().is_some() {
            let output = child.wait_with_output().unwrap();
            assert_eq!(
                String::from_utf8_lossy(&output.stdout),
                "",
                "it never listened"
            );
            return (
                output.status,
                String::from_utf8_lossy(&output.stderr).into_owned(),
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let _ = child.kill();
    panic!("the server started on {}", db.display());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_server_on_the_same_sqlite_file_refuses_to_start() {
    let dir = scratch("lock");
    let db = dir.join("server.db");
    let first = ServeProcess::start(&db, &[], &[]);
    let mut host = connect_with(first.addr, &[]).await;
    send(&mut host, json!({"type": "create_room", "name": "Ana"})).await;
    let room = next_of(&mut host, "joined").await["room"]
        .as_str()
        .unwrap()
        .to_string();
    // Under its own name and under another (relative, through a link): refused, named.
    let link = dir.join("link.db");
    std::os::unix::fs::symlink(&db, &link).unwrap();
    for name in [db.clone(), link] {
        let (status, stderr) = tokio::task::block_in_place(|| refused_start(&name));
        assert_eq!(status.code(), Some(1), "{stderr}");
        assert!(stderr.contains(&name.display().to_string()), "{stderr}");
        assert!(
            stderr.contains("in use by another martian-dice server"),
            "{stderr}"
        );
    }
    // The first one serves on, untouched.
    send(&mut host, json!({"type": "add_bot", "bot": "greedy"})).await;
    while next_of(&mut host, "update").await["room"]["seats"]
        .as_array()
        .unwrap()
        .len()
        < 2
    {}
    // Once it stops, the file is free: the next server has the room.
    let (status, _, _) = tokio::task::block_in_place(|| first.terminate());
    assert!(status.success());
    let second = ServeProcess::start(&db, &[], &[]);
    let mut watcher = connect_with(second.addr, &[]).await;
    send(&mut watcher, json!({"type": "watch", "room": room})).await;
    assert_eq!(next_of(&mut watcher, "joined").await["room"], room.as_str());
    tokio::task::block_in_place(|| second.kill());
    // Nor does a crash leave it locked.
    let third = ServeProcess::start(&db, &[], &[]);
    tokio::task::block_in_place(|| third.kill());
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_database_file_is_refused_at_start() {
    let dir = scratch("damaged");
    let db = dir.join("server.db");
    // A database of the server's, made large with a log of moves, then stopped cleanly (its
    // write-ahead log copied in and emptied).
    let server = ServeProcess::start(&db, &[], &[]);
    let (status, _, _) = tokio::task::block_in_place(|| server.terminate());
    assert!(status.success());
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute_batch(
            "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
             INSERT INTO move_log (room_id, number, idx, code) SELECT 'r', 1, i, 'dice' FROM n;
             PRAGMA wal_checkpoint(TRUNCATE);",
        )
        .unwrap();
    }
    let pages = std::fs::metadata(&db).unwrap().len() / 4096;
    assert!(pages > 50, "{pages} pages");
    // One page in the middle is overwritten with garbage, the rest untouched.
    {
        use std::io::{Seek, SeekFrom, Write};
        let mut file = std::fs::OpenOptions::new().write(true).open(&db).unwrap();
        file.seek(SeekFrom::Start(pages / 2 * 4096)).unwrap();
        file.write_all(&[0xA5; 4096]).unwrap();
    }
    let (status, stderr) = tokio::task::block_in_place(|| refused_start(&db));
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(&db.display().to_string()), "{stderr}");
    assert!(stderr.contains("is damaged"), "{stderr}");
    assert!(stderr.contains("restore it from a backup"), "{stderr}");
    // A file that is not a database at all, likewise.
    let junk = dir.join("junk.db");
    std::fs::write(&junk, "not a database, but a page of text\n".repeat(200)).unwrap();
    let (status, stderr) = tokio::task::block_in_place(|| refused_start(&junk));
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("is damaged"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A directory seen read-only at its own path (a read-only bind mount of itself: as root, file
/// modes would not stop the server), made writable again when dropped.
struct ReadOnly<'a>(&'a Path);

impl<'a> ReadOnly<'a> {
    fn mount(dir: &'a Path) -> ReadOnly<'a> {
        for args in [&["--bind"][..], &["-o", "remount,bind,ro"][..]] {
            let status = Command::new("mount")
                .args(args)
                .arg(dir)
                .arg(dir)
                .status()
                .expect("this test runs mount(8)");
            assert!(
                status.success(),
                "mount {args:?}: this test needs to run as root"
            );
        }
        ReadOnly(dir)
    }
}

impl Drop for ReadOnly<'_> {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.0).status();
    }
}

#[test]
fn a_database_on_a_read_only_file_system_is_refused_naming_the_file_and_why() {
    let dir = scratch("read-only");
    let db = dir.join("server.db");
    {
        use std::os::unix::fs::OpenOptionsExt;
        std::fs::File::options()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&db)
            .unwrap();
    }
    let (status, stderr) = {
        let _read_only = ReadOnly::mount(&dir);
        refused_start(&db)
    };
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(&db.display().to_string()), "{stderr}");
    assert!(stderr.contains("Read-only file system"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_can_have_an_address_of_their_own() {
    use martian_testkit::ws::http_get;
    let dir = scratch("metrics");
    let server = ServeProcess::start(
        dir.join("server.db"),
        &[],
        &[("MARTIAN_DICE_METRICS_ADDR", Path::new("127.0.0.1:0"))],
    );
    let logged = tokio::task::block_in_place(|| server.stderr_with("metrics at http://"));
    let at: SocketAddr = logged
        .split("metrics at http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap()
        .parse()
        .unwrap();
    let (status, text) = http_get(at, "/metrics").await;
    assert_eq!(status, 200);
    assert!(text.contains("martian_dice_connections"), "{text}");
    assert_eq!(http_get(server.addr, "/metrics").await.0, 404);
    assert_eq!(http_get(server.addr, "/healthz").await.0, 200);
    tokio::task::block_in_place(|| server.kill());
    let _ = std::fs::remove_dir_all(&dir);
}
