//! `martian-dice serve`: the online game for browsers, with its database.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use clap::Args;

use crate::exit::UsageError;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// SQLite database file [default: martian-dice/server.db under the user's data directory].
    #[arg(long, value_name = "FILE")]
    db: Option<PathBuf>,
    /// Most rooms held at once.
    #[arg(long, default_value_t = 10_000)]
    max_rooms: usize,
    /// Most WebSocket connections at once.
    #[arg(long, default_value_t = 10_000)]
    max_connections: usize,
    /// Milliseconds a bot waits before each move, so people can follow the game.
    #[arg(long, default_value_t = 700, value_name = "MS")]
    bot_delay: u64,
    /// Messages a connection may send per second on average (bursts of three times as many).
    #[arg(long, default_value_t = 10.0, value_name = "N")]
    rate_limit: f64,
    /// Hours after which a room nobody is connected to is closed (its records stay downloadable).
    #[arg(long, default_value_t = 24.0, value_name = "HOURS")]
    idle_hours: f64,
    /// Seconds a disconnected person has to come back before a bot plays their turns (until they
    /// return) and the host role passes on.
    #[arg(long, default_value_t = 30.0, value_name = "SECONDS")]
    grace: f64,
}

fn default_db() -> Result<PathBuf, UsageError> {
    dirs::data_dir()
        .map(|dir| dir.join("martian-dice").join("server.db"))
        .ok_or_else(|| {
            UsageError("no data directory is known for this user: give --db FILE".into())
        })
}

pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    let db = match args.db {
        Some(db) => db,
        None => default_db()?,
    };
    if !(args.rate_limit.is_finite() && args.rate_limit > 0.0) {
        return Err(UsageError(format!(
            "--rate-limit must be a positive number, not {}",
            args.rate_limit
        ))
        .into());
    }
    if !(args.idle_hours.is_finite() && args.idle_hours > 0.0 && args.idle_hours <= 24.0 * 365.0) {
        return Err(UsageError(format!(
            "--idle-hours must be more than 0 and at most a year, not {}",
            args.idle_hours
        ))
        .into());
    }
    if !(args.grace.is_finite() && args.grace >= 0.0 && args.grace <= 24.0 * 3600.0) {
        return Err(UsageError(format!(
            "--grace must be from 0 to 86400 seconds, not {}",
            args.grace
        ))
        .into());
    }
    if args.max_rooms == 0 || args.max_connections == 0 {
        return Err(
            UsageError("--max-rooms and --max-connections must be at least 1".into()).into(),
        );
    }
    let config = martian_server::Config {
        addr: args.addr,
        db: Some(db.clone()),
        max_rooms: args.max_rooms,
        max_connections: args.max_connections,
        bot_delay: Duration::from_millis(args.bot_delay),
        rate_per_second: args.rate_limit,
        rate_burst: 3.0 * args.rate_limit,
        idle_close: Duration::from_secs_f64(args.idle_hours * 3600.0),
        grace: Duration::from_secs_f64(args.grace),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async move {
        let running = martian_server::start(config).await?;
        // The first line of standard output names the address: scripts and tests read it.
        println!("listening on http://{}/", running.addr());
        eprintln!(
            "martian-dice: database {} ({} rooms restored); Ctrl-C stops",
            db.display(),
            running.restored_rooms()
        );
        tokio::select! {
            result = running.wait() => result?,
            _ = tokio::signal::ctrl_c() => eprintln!("martian-dice: stopped"),
        }
        anyhow::Ok(())
    })
}
