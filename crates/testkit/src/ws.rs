//! A WebSocket client for the tests, speaking the game's protocol as JSON values, and plain
//! HTTP GET.

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

pub const WAIT: Duration = Duration::from_secs(10);

#[derive(Debug)]
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The last room state seen.
    pub room: Value,
    pub seat: Option<u64>,
    pub token: Option<String>,
    pub room_id: Option<String>,
    /// The server's `welcome`.
    pub welcome: Value,
    /// The process connected to, and the extra handshake headers: a reconnection (see
    /// [`Client::send_following`]) goes there with them.
    addr: SocketAddr,
    headers: Vec<(String, String)>,
}

impl Client {
    /// Connects and reads the welcome.
    pub async fn connect(addr: SocketAddr) -> Client {
        let (ws, _) = connect_async(format!("ws://{addr}/ws"))
            .await
            .expect("connects");
        Client::welcomed(ws, addr, &[]).await
    }

    /// A client on `ws` (connected to `addr` with `headers`), once it has read the welcome.
    async fn welcomed(
        ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
        addr: SocketAddr,
        headers: &[(&str, &str)],
    ) -> Client {
        let mut client = Client {
            ws,
            room: Value::Null,
            seat: None,
            token: None,
            room_id: None,
            welcome: Value::Null,
            addr,
            headers: headers
                .iter()
                .map(|(name, value)| (name.to_string(), value.to_string()))
                .collect(),
        };
        let welcome = client.recv().await;
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        assert_eq!(welcome["protocol"], 1);
        client.welcome = welcome;
        client
    }

    /// Connects with these extra handshake headers (a `Cookie`, an `Origin`) and reads the
    /// welcome.
    pub async fn connect_with(addr: SocketAddr, headers: &[(&str, &str)]) -> Client {
        Client::connect_to(addr, "/ws", headers).await
    }

    /// Connects to `path` (`/ws?room=ID`) with these extra handshake headers and reads the
    /// welcome.
    pub async fn connect_to(addr: SocketAddr, path: &str, headers: &[(&str, &str)]) -> Client {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut request = format!("ws://{addr}{path}")
            .into_client_request()
            .expect("a request");
        for (name, value) in headers {
            request.headers_mut().insert(
                tokio_tungstenite::tungstenite::http::HeaderName::from_bytes(name.as_bytes())
                    .expect("a header name"),
                value.parse().expect("a header value"),
            );
        }
        let (ws, _) = connect_async(request).await.expect("connects");
        Client::welcomed(ws, addr, headers).await
    }

    /// Connects from the loopback address `from` (127.0.0.x: a client of an address of its own)
    /// and reads the welcome.
    pub async fn connect_from(addr: SocketAddr, from: [u8; 4]) -> Client {
        let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
        socket
            .bind(SocketAddr::from((from, 0)))
            .expect("a loopback address of its own");
        let stream = socket.connect(addr).await.expect("connects");
        let (ws, _) = tokio_tungstenite::client_async(
            format!("ws://{addr}/ws"),
            MaybeTlsStream::Plain(stream),
        )
        .await
        .expect("the handshake");
        Client::welcomed(ws, addr, &[]).await
    }

    /// Sends `request` and reads the answer; when it is `moved` (with several processes:
    /// another runs the room, or makes the quick matches), connects again where the answer says —
    /// `/ws?room=ROOM` or `/ws?match=1`, to the same process with the same headers, as the page
    /// does — and sends `request` there. Returns the first answer that is not `moved`; the
    /// room state seen so far is kept.
    pub async fn send_following(&mut self, request: Value) -> Value {
        for _ in 0..3 {
            self.send(request.clone()).await;
            let answer = self.recv().await;
            if answer["type"] != "error" || answer["code"] != "moved" {
                return answer;
            }
            let path = match (answer["room"].as_str(), answer["request"].as_str()) {
                (Some(room), _) => format!("/ws?room={room}"),
                (None, Some("quick_match")) => "/ws?match=1".to_string(),
                _ => panic!("a moved answer that says nowhere to go: {answer}"),
            };
            let headers: Vec<(&str, &str)> = self
                .headers
                .iter()
                .map(|(name, value)| (name.as_str(), value.as_str()))
                .collect();
            let again = Client::connect_to(self.addr, &path, &headers).await;
            let mut old = std::mem::replace(&mut self.ws, again.ws);
            self.welcome = again.welcome;
            let _ = old.close(None).await;
        }
        panic!("moved three times in a row for {request}");
    }

    pub async fn send(&mut self, message: Value) {
        self.send_text(message.to_string()).await;
    }

    pub async fn send_text(&mut self, text: String) {
        self.ws
            .send(Message::Text(text.into()))
            .await
            .expect("sends");
    }

    /// The next message, remembering room state and seat.
    pub async fn recv(&mut self) -> Value {
        loop {
            let message = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("a message within the wait")
                .expect("the connection is open")
                .expect("a good frame");
            let text = match message {
                Message::Text(text) => text.to_string(),
                Message::Close(frame) => {
                    return json!({"type": "closed", "frame": format!("{frame:?}")});
                }
                _ => continue,
            };
            let value: Value = serde_json::from_str(&text).expect("server sends JSON");
            match value["type"].as_str() {
                Some("update") => self.room = value["room"].clone(),
                Some("joined") => {
                    self.seat = value["seat"].as_u64();
                    self.room_id = value["room"].as_str().map(String::from);
                    if let Some(token) = value["token"].as_str() {
                        self.token = Some(token.to_string());
                    }
                }
                _ => {}
            }
            return value;
        }
    }

    /// Reads messages until one has `type`.
    pub async fn recv_type(&mut self, kind: &str) -> Value {
        loop {
            let message = self.recv().await;
            if message["type"] == kind {
                return message;
            }
            assert_ne!(
                message["type"], "error",
                "unexpected error while waiting for {kind}: {message}"
            );
        }
    }

    /// Reads updates until the room state satisfies `done`.
    pub async fn until(&mut self, done: impl Fn(&Value) -> bool) {
        while !done(&self.room) {
            let message = self.recv().await;
            assert_ne!(message["type"], "error", "{message}");
        }
    }

    /// Sends `message` and expects an error with `code`, and then nothing else but the pong of a
    /// ping sent after it: the refusal changed nothing anyone can see.
    pub async fn refused(&mut self, message: Value, code: &str) {
        self.refused_text(message.to_string(), code).await;
    }

    pub async fn refused_text(&mut self, text: String, code: &str) {
        let before = self.room.clone();
        self.send_text(text).await;
        let reply = self.recv().await;
        assert_eq!(reply["type"], "error", "{reply}");
        assert_eq!(reply["code"], code, "{reply}");
        assert!(reply["message"].as_str().is_some_and(|m| !m.is_empty()));
        self.send(json!({"type": "ping"})).await;
        let pong = self.recv().await;
        assert_eq!(
            pong["type"], "pong",
            "nothing but the pong follows a refusal: {pong}"
        );
        assert_eq!(self.room, before);
    }

    pub async fn create(addr: SocketAddr, name: &str) -> Client {
        let mut client = Client::connect(addr).await;
        client
            .send(json!({"type": "create_room", "name": name}))
            .await;
        client.recv_type("joined").await;
        client.recv_type("update").await;
        client
    }

    pub async fn join(addr: SocketAddr, room: &str, name: &str) -> Client {
        let mut client = Client::connect(addr).await;
        client
            .send(json!({"type": "join", "room": room, "name": name}))
            .await;
        client.recv_type("joined").await;
        client.recv_type("update").await;
        client
    }

    pub fn my_turn(&self) -> bool {
        self.room["status"] == "playing" && self.room["game"]["to_move"].as_u64() == self.seat
    }

    /// A simple way to play that scores: take death rays while the tanks lead, else an
    /// earthling; stop once the turn scores, else roll.
    pub fn simple_action(&self) -> String {
        let turn = &self.room["game"]["turn"];
        let legal: Vec<&str> = turn["legal"]
            .as_array()
            .expect("legal actions")
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        let tanks_lead = turn["tanks"].as_u64() > turn["rays"].as_u64();
        let earthling = legal.iter().find(|a| matches!(**a, "H" | "C" | "K"));
        if legal.contains(&"stop") && turn["score"].as_u64() > Some(0) {
            "stop".into()
        } else if legal.contains(&"roll") {
            "roll".into()
        } else if legal.contains(&"R") && (tanks_lead || earthling.is_none()) {
            "R".into()
        } else if let Some(earthling) = earthling {
            earthling.to_string()
        } else {
            legal[0].to_string()
        }
    }

    /// Plays one move when it is this client's turn and waits for the update it causes.
    pub async fn play_one(&mut self, action: &str) {
        let moves = self.room["game"]["moves"].as_u64().unwrap();
        self.send(json!({"type": "act", "action": action})).await;
        self.until(|room| room["game"]["moves"].as_u64().unwrap() > moves)
            .await;
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// GET over plain HTTP/1.1; returns the status code and body.
pub async fn http_get(addr: SocketAddr, path: &str) -> (u16, String) {
    let (status, _, body) = http_get_with_headers(addr, path).await;
    (status, body)
}

/// GET over plain HTTP/1.1; returns the status code, the headers (names in lower case) and the
/// body.
pub async fn http_get_with_headers(
    addr: SocketAddr,
    path: &str,
) -> (u16, Vec<(String, String)>, String) {
    http_request(addr, "GET", path, None).await
}

/// POST `body` (as `text/plain`) over plain HTTP/1.1; returns the status code and body.
pub async fn http_post(addr: SocketAddr, path: &str, body: &[u8]) -> (u16, String) {
    let (status, _, body) = http_request(addr, "POST", path, Some(body)).await;
    (status, body)
}

async fn http_request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&[u8]>,
) -> (u16, Vec<(String, String)>, String) {
    http(addr, method, path, &[], body).await
}

/// Any request over plain HTTP/1.1, with extra headers (`Cookie`, `Origin`…); returns the status
/// code, the headers (names in lower case) and the body.
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    extra: &[(&str, &str)],
    body: Option<&[u8]>,
) -> (u16, Vec<(String, String)>, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let mut request =
        format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n").into_bytes();
    for (name, value) in extra {
        request.extend_from_slice(format!("{name}: {value}\r\n").as_bytes());
    }
    if let Some(body) = body {
        request.extend_from_slice(
            format!(
                "Content-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\n",
                body.len()
            )
            .as_bytes(),
        );
    }
    request.extend_from_slice(b"\r\n");
    request.extend_from_slice(body.unwrap_or_default());
    stream.write_all(&request).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8_lossy(&response).to_string();
    let status = text[9..12].parse().unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let headers = head
        .lines()
        .skip(1)
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_string()))
        .collect();
    (status, headers, body.to_string())
}
