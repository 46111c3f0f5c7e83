//! What the server's tests share: a server in this process, and the tests' WebSocket client
//! (`martian_testkit::ws`, also used by the command line's tests of `serve`).

#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

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
