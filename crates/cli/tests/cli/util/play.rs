//! Playing a room over the WebSocket protocol, for the tests that drive served processes.

use futures_util::SinkExt;
use serde_json::Value;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

pub async fn send(ws: &mut Ws, message: Value) -> bool {
    ws.send(Message::Text(message.to_string().into()))
        .await
        .is_ok()
}

/// A playable action: stop once the turn scores, else roll, else take something.
pub fn action(room: &Value) -> String {
    let turn = &room["game"]["turn"];
    let legal: Vec<&str> = turn["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    if legal.contains(&"stop") && turn["score"].as_u64() > Some(0) {
        "stop".into()
    } else if legal.contains(&"roll") {
        "roll".into()
    } else if legal.contains(&"R") && turn["tanks"].as_u64() > turn["rays"].as_u64() {
        "R".into()
    } else {
        legal[0].to_string()
    }
}

/// Where a room's game stands, ordered: a later game, or more moves in the same game.
pub fn position(room: &Value) -> (u64, u64) {
    match room["game"].as_object() {
        Some(game) => (
            game["number"].as_u64().unwrap(),
            game["moves"].as_u64().unwrap(),
        ),
        None => (0, 0),
    }
}
