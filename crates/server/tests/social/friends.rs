//! Issue 37's friends at the table, over real HTTP and WebSockets: the mark beside a name an
//! account holds, blocking (the blocked player's chat hidden, quick match keeping both apart), and
//! inviting a friend who is online.

use serde_json::{Value, json};

use super::accounts::{cookie_of, post};
use super::common::{Client, server};
use martian_testkit::ws::http;

/// A new account's session cookie.
async fn account(addr: std::net::SocketAddr, name: &str) -> String {
    let (status, headers, body) = post(
        addr,
        "/api/accounts",
        None,
        json!({"name": name, "password": "correct horse battery"}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    cookie_of(&headers).0
}

/// A page signed in with `cookie`.
async fn signed_in(addr: std::net::SocketAddr, cookie: &str) -> Client {
    let origin = format!("http://{addr}");
    Client::connect_with(addr, &[("Cookie", cookie), ("Origin", &origin)]).await
}

/// A page signed in with `cookie` that made a room as `name`, its seat marked as the account's.
async fn hosting(addr: std::net::SocketAddr, cookie: &str, name: &str) -> Client {
    let mut page = signed_in(addr, cookie).await;
    page.send(json!({"type": "create_room", "name": name}))
        .await;
    page.recv_type("joined").await;
    page.until(|room| room["seats"][0]["claimed"] == true).await;
    page
}

/// `METHOD PATH` with the session and the server's own Origin: the status and the JSON answer.
async fn call(
    addr: std::net::SocketAddr,
    cookie: &str,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let origin = format!("http://{addr}");
    let headers = [
        ("Cookie", cookie),
        ("Origin", origin.as_str()),
        ("Content-Type", "application/json"),
    ];
    let body = body.map(|b| b.to_string());
    let (status, _, text) = http(
        addr,
        method,
        path,
        &headers,
        body.as_deref().map(str::as_bytes),
    )
    .await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// Invites `name` to the room with `code` as the account of `cookie`: the status and the refusal's
/// code, if any.
async fn invite(
    addr: std::net::SocketAddr,
    cookie: &str,
    name: &str,
    code: &str,
) -> (u16, Option<String>) {
    let body = json!({"name": name, "code": code});
    let (status, answer) = call(addr, cookie, "POST", "/api/accounts/me/invites", Some(body)).await;
    (status, answer["error"].as_str().map(String::from))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn claimed_names_are_marked_a_block_hides_chat_and_friends_online_are_invited() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    let ana = account(addr, "Ana").await;
    let bo = account(addr, "Bo").await;
    let dee = account(addr, "Dee").await;
    // Ana blocks Bo before she enters a room.
    assert_eq!(
        call(addr, &ana, "PUT", "/api/accounts/me/blocks/bo", None)
            .await
            .0,
        204
    );

    // Ana's room: her seat carries the mark; so does Bo's (signed in); a guest's does not.
    let mut ana_page = hosting(addr, &ana, "Ana").await;
    let room = ana_page.room_id.clone().unwrap();
    let code = ana_page.room["code"].as_str().unwrap().to_string();
    let mut bo_page = signed_in(addr, &bo).await;
    bo_page
        .send(json!({"type": "join", "room": room, "name": "Bo"}))
        .await;
    bo_page.recv_type("joined").await;
    let mut guest = Client::join(addr, &room, "Cy").await;
    guest
        .until(|room| {
            room["seats"].as_array().is_some_and(|s| s.len() == 3)
                && room["seats"][1]["claimed"] == true
        })
        .await;
    assert_eq!(guest.room["seats"][2]["claimed"], false);

    // Bo writes: the guest reads it (marked as an account's line), Ana does not.
    bo_page
        .send(json!({"type": "chat", "text": "hello from Bo"}))
        .await;
    let line = guest.recv_type("chat").await;
    assert_eq!(
        (line["line"]["text"].as_str(), &line["line"]["claimed"]),
        (Some("hello from Bo"), &json!(true))
    );
    guest
        .send(json!({"type": "chat", "text": "hi from Cy"}))
        .await;
    // The room relays lines in order: Bo's would reach Ana before the guest's.
    let first = ana_page.recv_type("chat").await;
    assert_eq!(
        first["line"]["text"], "hi from Cy",
        "Ana reads the guest, never Bo"
    );
    for text in ["hello from Bo", "hi from Cy"] {
        assert_eq!(bo_page.recv_type("chat").await["line"]["text"], text);
    }
    // Back on another connection, the room's history leaves Bo out for Ana only.
    let token = ana_page.token.clone().unwrap();
    let mut again = signed_in(addr, &ana).await;
    again
        .send(json!({"type": "resume", "room": room, "token": token}))
        .await;
    let history = again.recv_type("chat_history").await;
    let texts: Vec<&str> = history["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["hi from Cy"]);
    let mut cy_again = Client::connect(addr).await;
    cy_again.send(json!({"type": "watch", "room": room})).await;
    assert_eq!(
        cy_again.recv_type("chat_history").await["lines"]
            .as_array()
            .unwrap()
            .len(),
        2
    );

    // Inviting: only a followed player, online on this server, who does not block the inviter.
    let lower = code.to_lowercase();
    let (status, refused) = invite(addr, &ana, "Dee", &lower).await;
    assert_eq!((status, refused.as_deref()), (403, Some("not_following")));
    assert_eq!(
        call(addr, &ana, "PUT", "/api/accounts/me/follows/Dee", None)
            .await
            .0,
        204
    );
    let (status, refused) = invite(addr, &ana, "Dee", &lower).await;
    assert_eq!(
        (status, refused.as_deref()),
        (404, Some("not_online")),
        "Dee has no page open"
    );
    let mut dee_home = signed_in(addr, &dee).await;
    let mut dee_phone = signed_in(addr, &dee).await;
    let (status, refused) = invite(addr, &ana, "dee", &lower).await;
    assert_eq!(status, 204, "{refused:?}");
    for page in [&mut dee_home, &mut dee_phone] {
        let invited = page.recv_type("invited").await;
        assert_eq!(
            invited,
            json!({"type": "invited", "from": "Ana", "code": code})
        );
    }
    // Dee follows the invite: the code seats Dee in Ana's room.
    dee_home
        .send(json!({"type": "join", "code": code, "name": "Dee"}))
        .await;
    assert_eq!(dee_home.recv_type("joined").await["room"], json!(room));
    // Ana's Friends see Dee online, and where.
    let (_, me) = call(addr, &ana, "GET", "/api/accounts/me", None).await;
    assert_eq!(
        me["friends"],
        json!([{"name": "Dee", "online": true, "room": room}])
    );
    let (status, refused) = invite(addr, &ana, "Dee", "ZZZZZ").await;
    assert_eq!((status, refused.as_deref()), (404, Some("no_such_room")));
    // A block is never told: Dee blocking Ana makes Dee look offline to her.
    assert_eq!(
        call(addr, &dee, "PUT", "/api/accounts/me/blocks/Ana", None)
            .await
            .0,
        204
    );
    let (status, refused) = invite(addr, &ana, "Dee", &lower).await;
    assert_eq!((status, refused.as_deref()), (404, Some("not_online")));
    let (_, me) = call(addr, &ana, "GET", "/api/accounts/me", None).await;
    assert_eq!(
        me["friends"][0]["room"],
        Value::Null,
        "where Dee is, is Dee's to hide"
    );
    // Invites are paced: five at once, then one every 12 s.
    let mut paced = None;
    for _ in 0..6 {
        paced = invite(addr, &ana, "Dee", &lower).await.1;
    }
    assert_eq!(paced.as_deref(), Some("too_many_invites"));
    // The account's picture: set once, shown on the profile and read back by every device.
    let (status, _) = call(
        addr,
        &dee,
        "PUT",
        "/api/accounts/me/avatar",
        Some(json!({"avatar": "cow"})),
    )
    .await;
    assert_eq!(status, 204);
    assert_eq!(
        call(addr, &dee, "GET", "/api/accounts/me", None).await.1["avatar"],
        "cow"
    );
    assert_eq!(
        call(addr, &ana, "GET", "/api/players/dee", None).await.1["avatar"],
        "cow"
    );
    let (status, body) = call(
        addr,
        &dee,
        "PUT",
        "/api/accounts/me/avatar",
        Some(json!({"avatar": "bot-hard"})),
    )
    .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("bad_request")),
        "a bot's picture is not a person's"
    );
    // Without a session, nobody is invited.
    assert_eq!(
        invite(addr, "md_session=nothing", "Dee", &lower).await.0,
        401
    );
    running.shutdown(std::time::Duration::from_secs(5)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_match_never_seats_a_player_with_one_they_block() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    let ana = account(addr, "Ana").await;
    let bo = account(addr, "Bo").await;
    assert_eq!(
        call(addr, &ana, "PUT", "/api/accounts/me/blocks/Bo", None)
            .await
            .0,
        204
    );
    let mut ana_page = signed_in(addr, &ana).await;
    let mut bo_page = signed_in(addr, &bo).await;
    ana_page
        .send(json!({"type": "quick_match", "name": "Ana", "players": 2}))
        .await;
    assert_eq!(ana_page.recv_type("matching").await["state"], "waiting");
    bo_page
        .send(json!({"type": "quick_match", "name": "Bo", "players": 2}))
        .await;
    assert_eq!(bo_page.recv_type("matching").await["state"], "waiting");
    // A guest comes: seated with Ana, who waited longest; Bo still waits.
    let mut guest = Client::connect(addr).await;
    guest
        .send(json!({"type": "quick_match", "name": "Cy", "players": 2}))
        .await;
    let seated = guest.recv_type("joined").await;
    assert_eq!(ana_page.recv_type("joined").await["room"], seated["room"]);
    bo_page.send(json!({"type": "match_cancel"})).await;
    loop {
        let message = bo_page.recv().await;
        assert_ne!(message["type"], "joined", "Bo was never seated: {message}");
        if message["type"] == "matching" && message["state"] == "cancelled" {
            break;
        }
    }
    running.shutdown(std::time::Duration::from_secs(5)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_standing_table_keeps_its_code_while_others_close_and_is_on_the_profile() {
    let running = server(|config| {
        config.idle_close = std::time::Duration::from_millis(300);
        config.lobby_idle_close = std::time::Duration::from_millis(300);
    })
    .await;
    let addr = running.addr();
    let ana = account(addr, "Ana").await;

    // A guest host cannot keep a room; a host signed in as the seat's account can.
    let mut guest = Client::create(addr, "Cy").await;
    guest
        .refused(json!({"type": "set_options", "standing": true}), "invalid")
        .await;
    let plain_code = guest.room["code"].as_str().unwrap().to_string();
    let mut ana_page = hosting(addr, &ana, "Ana").await;
    ana_page
        .send(json!({"type": "set_options", "standing": true}))
        .await;
    ana_page.until(|room| room["standing"] == true).await;
    let code = ana_page.room["code"].as_str().unwrap().to_string();
    let (_, profile) = call(addr, &ana, "GET", "/api/players/Ana", None).await;
    assert_eq!(
        profile["standing"],
        json!([{"room": ana_page.room_id, "code": code}])
    );

    // Everyone leaves: the plain room closes when idle, the standing table stays, same code.
    guest.close().await;
    ana_page.close().await;
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let mut later = Client::connect(addr).await;
    later
        .send(json!({"type": "watch", "code": plain_code}))
        .await;
    assert_eq!(later.recv_type("error").await["code"], "unknown_code");
    let mut friend = Client::connect(addr).await;
    friend
        .send(json!({"type": "join", "code": code, "name": "Dee"}))
        .await;
    let joined = friend.recv_type("joined").await;
    assert_eq!(joined["room"], json!(profile["standing"][0]["room"]));

    // Three at most; the owner lets one go and it leaves the profile.
    let mut tables = Vec::new();
    for _ in 0..2 {
        let mut page = hosting(addr, &ana, "Ana").await;
        page.send(json!({"type": "set_options", "standing": true}))
            .await;
        page.until(|room| room["standing"] == true).await;
        tables.push(page);
    }
    let mut fourth = hosting(addr, &ana, "Ana").await;
    fourth
        .refused(
            json!({"type": "set_options", "standing": true}),
            "too_many_rooms",
        )
        .await;
    tables[0]
        .send(json!({"type": "set_options", "standing": false}))
        .await;
    tables[0].until(|room| room["standing"] == false).await;
    let (_, profile) = call(addr, &ana, "GET", "/api/players/Ana", None).await;
    assert_eq!(profile["standing"].as_array().unwrap().len(), 2);
    running.shutdown(std::time::Duration::from_secs(5)).await;
}

/// A process of a cluster on the PostgreSQL database `url`, with a quick heartbeat.
async fn cluster_node(url: &str, name: &str) -> martian_server::Running {
    server(|config| {
        let mut cluster = martian_server::ClusterConfig::new(url);
        cluster.node = Some(name.into());
        cluster.lease = std::time::Duration::from_secs(30);
        cluster.renew = std::time::Duration::from_millis(200);
        config.cluster = Some(cluster);
        config.trusted_proxies = vec![martian_server::parse_proxy("127.0.0.1").unwrap()];
    })
    .await
}

/// `cookie`'s Friends on `addr`, asked again until `done` says they are as awaited (each process
/// publishes who is connected to it on its heartbeat).
async fn friends_until(
    addr: std::net::SocketAddr,
    cookie: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let friends =
            call(addr, cookie, "GET", "/api/accounts/me", None).await.1["friends"].clone();
        if done(&friends) {
            return friends;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "Friends stayed {friends}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_friend_on_another_process_of_a_cluster_is_seen_where_they_are_and_invited() {
    let url = martian_testkit::postgres::server().database();
    let (a, b) = (
        cluster_node(&url, "node-a").await,
        cluster_node(&url, "node-b").await,
    );
    let dora = account(a.addr(), "Dora").await;
    let cleo = account(b.addr(), "Cleo").await;
    for (addr, cookie, whom) in [(a.addr(), &dora, "Cleo"), (b.addr(), &cleo, "Dora")] {
        let path = format!("/api/accounts/me/follows/{whom}");
        assert_eq!(call(addr, cookie, "PUT", &path, None).await.0, 204);
    }
    // Dora hosts on a; Cleo's page is open on b.
    let mut dora_page = hosting(a.addr(), &dora, "Dora").await;
    let room = dora_page.room_id.clone().unwrap();
    let code = dora_page.room["code"].as_str().unwrap().to_string();
    let mut cleo_page = signed_in(b.addr(), &cleo).await;
    // Each process sees the other's player online; Dora's room is told.
    // (What a process publishes may be a heartbeat behind: Dora online before she is in her room.)
    let on_b = friends_until(b.addr(), &cleo, |friends| friends[0]["room"].is_string()).await;
    assert_eq!(
        on_b,
        json!([{"name": "Dora", "online": true, "room": room}])
    );
    let on_a = friends_until(a.addr(), &dora, |friends| friends[0]["online"] == true).await;
    assert_eq!(
        on_a,
        json!([{"name": "Cleo", "online": true, "room": null}])
    );
    // Dora invites Cleo, through either process: Cleo's page on b hears both.
    for addr in [a.addr(), b.addr()] {
        let (status, refused) = invite(addr, &dora, "Cleo", &code).await;
        assert_eq!(status, 204, "{refused:?}");
        assert_eq!(
            cleo_page.recv_type("invited").await,
            json!({"type": "invited", "from": "Dora", "code": code})
        );
    }
    // Cleo follows it from b: the room runs on a, so b sends her there, where she sits.
    cleo_page
        .refused(
            json!({"type": "join", "code": code, "name": "Cleo"}),
            "moved",
        )
        .await;
    let origin = format!("http://{}", b.addr());
    let path = format!("/ws?room={room}");
    let headers = [("Cookie", cleo.as_str()), ("Origin", origin.as_str())];
    let mut cleo_seat = Client::connect_to(b.addr(), &path, &headers).await;
    cleo_seat
        .send(json!({"type": "join", "room": room, "name": "Cleo"}))
        .await;
    cleo_seat.recv_type("joined").await;
    dora_page
        .until(|room| room["seats"][1]["name"] == "Cleo" && room["seats"][1]["claimed"] == true)
        .await;
    // Cleo closes her pages: a no longer sees her online; inviting her is refused.
    drop((cleo_page, cleo_seat));
    friends_until(a.addr(), &dora, |friends| friends[0]["online"] == false).await;
    let (status, refused) = invite(a.addr(), &dora, "Cleo", &code).await;
    assert_eq!((status, refused.as_deref()), (404, Some("not_online")));
    a.shutdown(std::time::Duration::from_secs(5)).await;
    b.shutdown(std::time::Duration::from_secs(5)).await;
}
