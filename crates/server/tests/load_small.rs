//! A small version of the load test (`examples/load`) for the normal suite: 50 clients play whole
//! games against bots at once, without a single error. Latency is printed, not asserted: timing
//! belongs to the release-mode example, not to a test on a busy machine.

use martian_testkit::load as driver;

use std::net::SocketAddr;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_clients_play_against_bots_at_once_without_error() {
    let config = martian_server::Config {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        bot_delay: Duration::from_millis(10),
        // These clients think for tens of milliseconds, far faster than people may.
        rate_per_second: 1000.0,
        rate_burst: 1000.0,
        // Every client comes from 127.0.0.1.
        rooms_per_address: 1000,
        connections_per_address: 1000,
        ..martian_server::Config::default()
    };
    let running = martian_server::start(config).await.unwrap();
    let report = driver::run(
        running.addr(),
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
    // Every client chats (its first line goes out at once), and its lines come back to it.
    assert!(report.chat_sent >= 50, "{} chat lines", report.chat_sent);
    assert!(report.chat_received + 50 >= report.chat_sent);
    running.abort();
}
