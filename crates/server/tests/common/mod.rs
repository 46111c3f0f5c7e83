//! What the server's tests share: a server in this process, and the tests' WebSocket client
//! (`martian_testkit::ws`, also used by the command line's tests of `serve`).

#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use serde_json::Value;

#[allow(unused_imports)] // not every test binary uses the client
pub use martian_testkit::ws::*;

/// A server in this process on 127.0.0.1, port 0, in-memory database, bots without delay.
pub async fn server(adjust: impl FnOnce(&mut martian_server::Config)) -> martian_server::Running {
    let mut config = martian_server::Config {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        bot_delay: Duration::ZERO,
        // Every client of the tests comes from 127.0.0.1.
        rooms_per_address: 1000,
        connections_per_address: 1000,
        ..martian_server::Config::default()
    };
    adjust(&mut config);
    martian_server::start(config).await.expect("server starts")
}

/// The names at the room's seats, in order.
pub fn names(room: &Value) -> Vec<&str> {
    room["seats"]
        .as_array()
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect()
}

/// Reads until an update carries an event of `kind`; returns that update's events.
pub async fn events_with(client: &mut Client, kind: &str) -> Vec<Value> {
    loop {
        let message = client.recv().await;
        assert_ne!(message["type"], "error", "{message}");
        if message["type"] == "update" {
            let events = message["events"].as_array().unwrap().clone();
            if events.iter().any(|e| e["kind"] == kind) {
                return events;
            }
        }
    }
}

/// Plays `client`'s moves until the game is over, reading the others' moves meanwhile.
pub async fn play_out(client: &mut Client) {
    while client.room["status"] != "over" {
        if client.my_turn() {
            let action = client.simple_action();
            client.play_one(&action).await;
        } else {
            let message = client.recv().await;
            assert_ne!(message["type"], "error", "{message}");
        }
    }
}

/// Reads until a message of `kind` satisfying `done`, skipping everything else (errors included).
pub async fn next_where(client: &mut Client, kind: &str, done: impl Fn(&Value) -> bool) -> Value {
    loop {
        let message = client.recv().await;
        if message["type"] == kind && done(&message) {
            return message;
        }
    }
}

/// Reads until a message of `kind`, skipping everything else (errors included).
pub async fn next_of(client: &mut Client, kind: &str) -> Value {
    next_where(client, kind, |_| true).await
}
