//! `martian-dice serve`: the online game for browsers, with its database. Every option can also
//! be given by an environment variable (named in `--help`), as a service manager would.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use clap::Args;

use crate::output::UsageError;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on (port 0 picks a free port; 0.0.0.0:8080 listens on every interface).
    #[arg(long, env = "MARTIAN_DICE_ADDR", default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// SQLite database file [default: martian-dice/server.db under the user's data directory],
    /// or a PostgreSQL URL (postgres://user:password@host/database) shared by several server
    /// processes behind a load balancer (see README, "Hosting for many players").
    #[arg(
        long,
        env = "MARTIAN_DICE_DB",
        hide_env_values = true,
        value_name = "FILE|URL"
    )]
    db: Option<PathBuf>,
    /// With PostgreSQL: seconds a process's lease on its rooms lasts without renewal; after a
    /// process dies, the others take its rooms over once it has run out.
    #[arg(
        long,
        env = "MARTIAN_DICE_LEASE",
        default_value_t = 10.0,
        value_name = "SECONDS"
    )]
    lease: f64,
    /// With PostgreSQL: seconds between renewals of the lease (and looks for rooms to take
    /// over, and publishes who is online here); well inside --lease.
    #[arg(
        long,
        env = "MARTIAN_DICE_LEASE_RENEW",
        default_value_t = 3.0,
        value_name = "SECONDS"
    )]
    lease_renew: f64,
    /// With PostgreSQL: the address (host:port) the other server processes reach this one at, to
    /// hand it the connections for its rooms [default: --addr, unless it is 0.0.0.0].
    #[arg(long, env = "MARTIAN_DICE_ADVERTISE", value_name = "ADDR")]
    advertise: Option<SocketAddr>,
    /// With PostgreSQL: this process's name among the processes sharing the database, unique
    /// among them and kept across restarts [default: the advertised address].
    #[arg(long, env = "MARTIAN_DICE_NODE", value_name = "NAME")]
    node: Option<String>,
    /// Most rooms held at once.
    #[arg(
        long,
        env = "MARTIAN_DICE_MAX_ROOMS",
        default_value_t = 10_000,
        value_name = "N"
    )]
    max_rooms: usize,
    /// Most connections at once (page downloads, WebSocket handshakes and open games alike).
    #[arg(
        long,
        env = "MARTIAN_DICE_MAX_CONNECTIONS",
        default_value_t = 10_000,
        value_name = "N"
    )]
    max_connections: usize,
    /// Connections one address may hold at once; behind --trusted-proxy, WebSockets one client
    /// may hold (by the address the proxy names). Leave room for players who share an address
    /// (a household, an office, a school behind one router): a player's page holds one
    /// WebSocket and briefly a few page downloads.
    #[arg(
        long,
        env = "MARTIAN_DICE_CONNECTIONS_PER_ADDRESS",
        default_value_t = 100,
        value_name = "N"
    )]
    connections_per_address: usize,
    /// Live rooms (in their lobby or being played, with someone in them) one address may have
    /// created, games everyone left unfinished in the last hour included; finished rooms and
    /// lobbies everyone left do not count. With PostgreSQL the count of live rooms covers every
    /// process.
    #[arg(
        long,
        env = "MARTIAN_DICE_ROOMS_PER_ADDRESS",
        default_value_t = 20,
        value_name = "N"
    )]
    rooms_per_address: usize,
    /// Live rooms one connection may have created (abandoned games included, as above).
    #[arg(
        long,
        env = "MARTIAN_DICE_ROOMS_PER_CONNECTION",
        default_value_t = 5,
        value_name = "N"
    )]
    rooms_per_connection: usize,
    /// Milliseconds a bot waits before each move, so people can follow the game.
    #[arg(
        long,
        env = "MARTIAN_DICE_BOT_DELAY",
        default_value_t = 700,
        value_name = "MS"
    )]
    bot_delay: u64,
    /// Messages (WebSocket frames of any kind) a connection may send per second on average, in
    /// bursts of three times as many.
    #[arg(
        long,
        env = "MARTIAN_DICE_RATE_LIMIT",
        default_value_t = 10.0,
        value_name = "N"
    )]
    rate_limit: f64,
    /// Hours after which a room nobody is connected to is closed (its records stay downloadable).
    #[arg(
        long,
        env = "MARTIAN_DICE_IDLE_HOURS",
        default_value_t = 24.0,
        value_name = "HOURS"
    )]
    idle_hours: f64,
    /// Minutes after which a room whose game never started, and that nobody is connected to, is
    /// closed.
    #[arg(
        long,
        env = "MARTIAN_DICE_LOBBY_IDLE_MINUTES",
        default_value_t = 10.0,
        value_name = "MINUTES"
    )]
    lobby_idle_minutes: f64,
    /// Seconds a client has to send a request's headers before its connection is closed.
    #[arg(
        long,
        env = "MARTIAN_DICE_HEADER_TIMEOUT",
        default_value_t = 10.0,
        value_name = "SECONDS"
    )]
    header_timeout: f64,
    /// Seconds a WebSocket connection may stay silent (no message, not even a ping) before it is
    /// closed with code 4408; the page pings often enough.
    #[arg(
        long,
        env = "MARTIAN_DICE_IDLE_TIMEOUT",
        default_value_t = 90.0,
        value_name = "SECONDS"
    )]
    idle_timeout: f64,
    /// Threads that compute the solver's solutions for rule sets new to the server (a bot's
    /// first game under unusual rules), apart from the threads that play. N is the total: with
    /// N ≥ 2 one of them loads solutions from the disk cache (never waiting behind a solve) and
    /// N − 1 solve; with N = 1 a load waits for the solve under way.
    #[arg(
        long,
        env = "MARTIAN_DICE_SOLVER_THREADS",
        default_value_t = 1,
        value_name = "N"
    )]
    solver_threads: usize,
    /// Rule sets that may wait for those threads; beyond, starting such a game is refused
    /// with `busy` until the queue has room.
    #[arg(
        long,
        env = "MARTIAN_DICE_SOLVER_QUEUE",
        default_value_t = 8,
        value_name = "N"
    )]
    solver_queue: usize,
    /// People who may wait in the quick-match queue at once (at most 8 from one address).
    #[arg(
        long,
        env = "MARTIAN_DICE_MATCH_QUEUE",
        default_value_t = 1000,
        value_name = "N"
    )]
    match_queue: usize,
    /// Seconds a person waits in the quick-match queue before they are offered a bot instead.
    #[arg(
        long,
        env = "MARTIAN_DICE_MATCH_BOT_AFTER",
        default_value_t = 20.0,
        value_name = "SECONDS"
    )]
    match_bot_after: f64,
    /// Seconds a disconnected person has to come back before a bot plays their turns (until they
    /// return) and the host role passes on.
    #[arg(
        long,
        env = "MARTIAN_DICE_GRACE",
        default_value_t = 30.0,
        value_name = "SECONDS"
    )]
    grace: f64,
    /// The address players reach the server at, behind a reverse proxy
    /// (`https://dice.example.org`): invite links use it.
    #[arg(long, env = "MARTIAN_DICE_PUBLIC_URL", value_name = "URL")]
    public_url: Option<String>,
    /// A reverse proxy whose X-Real-IP (else last X-Forwarded-For entry) names the client, for
    /// the per-address caps: an address, or a range such as 10.0.0.0/8 (repeat, or
    /// comma-separate: "127.0.0.1, 10.0.0.0/8"). 127.0.0.1 behind a local nginx.
    #[arg(
        long = "trusted-proxy",
        env = "MARTIAN_DICE_TRUSTED_PROXIES",
        value_name = "IP|CIDR",
        value_delimiter = ',',
        value_parser = martian_server::parse_proxy
    )]
    trusted_proxies: Vec<martian_server::IpNet>,
    /// Where Prometheus reads the metrics (GET /metrics) apart from the game: an address of
    /// the machine's or of a private network, such as 127.0.0.1:9090 [default: the game's own
    /// address when it is a loopback one (behind a proxy on the machine, which keeps /metrics
    /// to the machine), else nowhere: --addr 0.0.0.0:8080 does not make them public].
    #[arg(long, env = "MARTIAN_DICE_METRICS_ADDR", value_name = "ADDR")]
    metrics_addr: Option<SocketAddr>,
    /// Whether anyone may create an account on the page (open), or only the operator with
    /// `martian-dice accounts create` (closed: a club's server). Playing as a guest stays open.
    #[arg(long, env = "MARTIAN_DICE_SIGNUPS", value_enum, default_value_t = Signups::Open)]
    signups: Signups,
    /// Threads that hash passwords (Argon2id, 19 MiB each): sign-ins queue for them, so a flood
    /// of sign-ins never takes the games' cores.
    #[arg(
        long,
        env = "MARTIAN_DICE_PASSWORD_THREADS",
        default_value_t = 1,
        value_name = "N"
    )]
    password_threads: usize,
    /// How log lines are written to standard error: text for people, json for collectors (one
    /// object a line). RUST_LOG filters them (default: info).
    #[arg(long, env = "MARTIAN_DICE_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Signups {
    Open,
    Closed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum LogFormat {
    Text,
    Json,
}

/// The libraries whose debug and trace lines hold what must never be logged — whole WebSocket
/// frames and messages (seat tokens), HTTP headers, SQL statements with their parameters — and
/// the most they may say, whatever `RUST_LOG` asks.
const QUIET_LIBRARIES: [&str; 7] = [
    "tungstenite",
    "tokio_tungstenite",
    "hyper",
    "hyper_util",
    "axum",
    "tokio_postgres",
    "postgres_protocol",
];

/// Log lines on standard error, as `format` says; `RUST_LOG` chooses what (default: info),
/// except that the [`QUIET_LIBRARIES`] never log below info.
fn start_logging(format: LogFormat) {
    use tracing_subscriber::filter::{EnvFilter, LevelFilter, Targets};
    use tracing_subscriber::prelude::*;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let quiet = QUIET_LIBRARIES.into_iter().fold(
        Targets::new().with_default(LevelFilter::TRACE),
        |targets, library| targets.with_target(library, LevelFilter::INFO),
    );
    use std::io::IsTerminal;
    let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let lines = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_ansi(colour)
        .with_target(false);
    let lines = match format {
        LogFormat::Text => lines.boxed(),
        LogFormat::Json => lines
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .boxed(),
    };
    tracing_subscriber::registry()
        .with(lines.with_filter(filter).with_filter(quiet))
        .init();
}

/// A public URL: http or https, a host, no query or fragment; kept without a trailing slash.
fn public_url(url: &str) -> Result<String, UsageError> {
    let trimmed = url.trim_end_matches('/');
    let rest = trimmed
        .strip_prefix("https://")
        .or_else(|| trimmed.strip_prefix("http://"));
    match rest {
        Some(rest)
            if !rest.is_empty()
                && !rest.starts_with('/')
                && !rest.contains(['?', '#', ' ', '"', '<', '>', '\\']) =>
        {
            Ok(trimmed.to_string())
        }
        _ => Err(UsageError(format!(
            "{} must be an http:// or https:// address such as https://dice.example.org, not '{url}'",
            named("--public-url")
        ))),
    }
}

/// The PostgreSQL URL `--db` names, if it names one.
fn postgres_url(db: &std::path::Path) -> Option<String> {
    let text = db.to_str()?;
    (text.starts_with("postgres://") || text.starts_with("postgresql://")).then(|| text.to_string())
}

fn default_db() -> Result<PathBuf, UsageError> {
    dirs::data_dir()
        .map(|dir| dir.join("martian-dice").join("server.db"))
        .ok_or_else(|| {
            UsageError("no data directory is known for this user: give --db FILE".into())
        })
}

/// `flag` with the environment variable that also sets it, as errors name it: whoever set it in
/// a service's settings file finds the line to fix (`--rate-limit (MARTIAN_DICE_RATE_LIMIT)`).
fn named(flag: &str) -> String {
    use clap::Args;
    let command = ServeArgs::augment_args(clap::Command::new("serve"));
    let long = flag.trim_start_matches("--");
    command
        .get_arguments()
        .find(|arg| arg.get_long() == Some(long))
        .and_then(|arg| arg.get_env())
        .map_or_else(
            || flag.to_string(),
            |variable| format!("{flag} ({})", variable.to_string_lossy()),
        )
}

/// A duration option given in `unit`s: more than 0 and at most `max` units.
fn duration(flag: &str, value: f64, unit: f64, max: f64) -> Result<Duration, UsageError> {
    if value.is_finite() && value > 0.0 && value <= max {
        Ok(Duration::from_secs_f64(value * unit))
    } else {
        Err(UsageError(format!(
            "{} must be more than 0 and at most {max}, not {value}",
            named(flag)
        )))
    }
}

fn at_least_one(flag: &str, value: usize) -> Result<usize, UsageError> {
    if value == 0 {
        Err(UsageError(format!("{} must be at least 1", named(flag))))
    } else {
        Ok(value)
    }
}

/// Where `/metrics` answers: `--metrics-addr` if given (the game's address if it is that one),
/// else on the game's address only when that is a loopback address.
fn metrics_at(addr: SocketAddr, metrics_addr: Option<SocketAddr>) -> martian_server::MetricsAt {
    use martian_server::MetricsAt;
    match metrics_addr {
        // (Port 0 twice is two free ports, not one.)
        Some(at) if at == addr && at.port() != 0 => MetricsAt::GamePort,
        Some(at) => MetricsAt::Separate(at),
        None if addr.ip().is_loopback() => MetricsAt::GamePort,
        None => MetricsAt::Off,
    }
}

fn config(args: &ServeArgs, db: PathBuf) -> Result<martian_server::Config, UsageError> {
    if !(args.rate_limit.is_finite() && args.rate_limit > 0.0) {
        return Err(UsageError(format!(
            "{} must be a positive number, not {}",
            named("--rate-limit"),
            args.rate_limit
        )));
    }
    let cluster = match postgres_url(&db) {
        Some(url) => {
            let lease = duration("--lease", args.lease, 1.0, 3600.0)?;
            let renew = duration("--lease-renew", args.lease_renew, 1.0, 3600.0)?;
            if renew * 2 > lease {
                return Err(UsageError(format!(
                    "{} = {} must be at most half of {} = {}: a lease must survive a missed renewal",
                    named("--lease-renew"),
                    args.lease_renew,
                    named("--lease"),
                    args.lease
                )));
            }
            if args.node.as_deref().is_some_and(|n| n.trim().is_empty()) {
                return Err(UsageError(format!("{} must not be empty", named("--node"))));
            }
            Some(martian_server::ClusterConfig {
                url,
                node: args.node.clone(),
                advertise: args.advertise,
                lease,
                renew,
            })
        }
        None => {
            if args.advertise.is_some() || args.node.is_some() {
                return Err(UsageError(format!(
                    "{} and {} are for a PostgreSQL database ({} postgres://…)",
                    named("--advertise"),
                    named("--node"),
                    named("--db")
                )));
            }
            None
        }
    };
    Ok(martian_server::Config {
        addr: args.addr,
        db: cluster.is_none().then_some(db),
        cluster,
        max_rooms: at_least_one("--max-rooms", args.max_rooms)?,
        max_connections: at_least_one("--max-connections", args.max_connections)?,
        connections_per_address: at_least_one(
            "--connections-per-address",
            args.connections_per_address,
        )?,
        rooms_per_address: at_least_one("--rooms-per-address", args.rooms_per_address)?,
        rooms_per_connection: at_least_one("--rooms-per-connection", args.rooms_per_connection)?,
        bot_delay: Duration::from_millis(args.bot_delay),
        rate_per_second: args.rate_limit,
        rate_burst: 3.0 * args.rate_limit,
        idle_close: duration("--idle-hours", args.idle_hours, 3600.0, 24.0 * 365.0)?,
        lobby_idle_close: duration(
            "--lobby-idle-minutes",
            args.lobby_idle_minutes,
            60.0,
            24.0 * 60.0,
        )?,
        header_timeout: duration("--header-timeout", args.header_timeout, 1.0, 3600.0)?,
        ws_idle_timeout: duration("--idle-timeout", args.idle_timeout, 1.0, 24.0 * 3600.0)?,
        solver_threads: at_least_one("--solver-threads", args.solver_threads)?,
        solver_queue: at_least_one("--solver-queue", args.solver_queue)?,
        match_queue: at_least_one("--match-queue", args.match_queue)?,
        match_bot_after: duration("--match-bot-after", args.match_bot_after, 1.0, 3600.0)?,
        grace: duration("--grace", args.grace, 1.0, 24.0 * 3600.0)?,
        public_url: args.public_url.as_deref().map(public_url).transpose()?,
        trusted_proxies: args.trusted_proxies.clone(),
        metrics: metrics_at(args.addr, args.metrics_addr),
        signups: match args.signups {
            Signups::Open => martian_server::Signups::Open,
            Signups::Closed => martian_server::Signups::Closed,
        },
        password_threads: at_least_one("--password-threads", args.password_threads)?,
        ..martian_server::Config::default()
    })
}

pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    let format = args.log_format;
    start_logging(format);
    match serve(args) {
        // A collector reads the log as JSON: the reason the server did not start (or stopped) is
        // a line of it too, not text of its own.
        Err(error) if format == LogFormat::Json => {
            tracing::error!("{error:#}");
            Err(crate::output::Logged::after(&error).into())
        }
        done => done,
    }
}

fn serve(args: ServeArgs) -> anyhow::Result<()> {
    let db = match &args.db {
        Some(db) => db.clone(),
        None => default_db()?,
    };
    let config = config(&args, db.clone())?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async move {
        // Watched before the address is printed: whoever reads that line may stop the server
        // at once, and must find it stopping gracefully.
        use tokio::signal::unix::{SignalKind, signal};
        let mut terminate = signal(SignalKind::terminate()).context("cannot watch for SIGTERM")?;
        let mut interrupt = signal(SignalKind::interrupt()).context("cannot watch for SIGINT")?;
        // SIGHUP (a closed terminal, a stray `kill -HUP`, a `systemctl reload`) is no reason to
        // take the site down: there is nothing to reload, so the server says so and keeps serving.
        let mut hangup = signal(SignalKind::hangup()).context("cannot watch for SIGHUP")?;
        let running = martian_server::start(config).await?;
        let addr = running.addr();
        if args.log_format == LogFormat::Text {
            // The first line of standard output names the address: scripts and tests read it.
            // JSON logs say it in their own line instead (standard output may be the same log).
            crate::output::emit(&format!("listening on http://{addr}/\n"))?;
        }
        let skipped = running.not_restored().len();
        let database = match running.node() {
            Some(node) => format!(
                "postgresql {} as node {node}",
                martian_server::redact_url(&db.to_string_lossy())
            ),
            None => db.display().to_string(),
        };
        tracing::info!(
            addr = %addr,
            database = %database,
            rooms_restored = running.restored_rooms(),
            "listening on http://{addr}/ with database {database} ({} rooms restored{}); SIGTERM or Ctrl-C stops gracefully, SIGHUP is ignored",
            running.restored_rooms(),
            if skipped > 0 {
                format!(", {skipped} not restored: see above")
            } else {
                String::new()
            }
        );
        match (running.metrics_addr(), metrics_at(args.addr, args.metrics_addr)) {
            (Some(at), _) => tracing::info!(metrics_addr = %at, "metrics at http://{at}/metrics"),
            (None, martian_server::MetricsAt::Off) => tracing::info!(
                "metrics are not served: --addr {} is not a loopback address, and they are not for the public (--metrics-addr names where to serve them)",
                args.addr
            ),
            (None, _) => {}
        }
        loop {
            tokio::select! {
                _ = terminate.recv() => break,
                _ = interrupt.recv() => break,
                _ = hangup.recv() => tracing::warn!(
                    "SIGHUP ignored: the server reloads nothing and keeps serving (settings change with a restart; SIGTERM stops gracefully)"
                ),
            }
        }
        tracing::info!("stopping: telling the clients, storing everything");
        running.shutdown(Duration::from_secs(10)).await;
        tracing::info!("stopped");
        anyhow::Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_server::MetricsAt;

    #[test]
    fn metrics_stay_off_a_public_game_address_unless_asked_for() {
        let at = |addr: &str, metrics: Option<&str>| {
            metrics_at(addr.parse().unwrap(), metrics.map(|m| m.parse().unwrap()))
        };
        // Behind a proxy on the machine: beside the game, as before.
        assert_eq!(at("127.0.0.1:8080", None), MetricsAt::GamePort);
        assert_eq!(at("[::1]:8080", None), MetricsAt::GamePort);
        // Listening for the world or a network: not there.
        assert_eq!(at("0.0.0.0:8080", None), MetricsAt::Off);
        assert_eq!(at("10.0.0.11:8080", None), MetricsAt::Off);
        // Asked for: where asked, the game's address included.
        assert_eq!(
            at("0.0.0.0:8080", Some("127.0.0.1:9090")),
            MetricsAt::Separate("127.0.0.1:9090".parse().unwrap())
        );
        assert_eq!(
            at("10.0.0.11:8080", Some("10.0.0.11:8080")),
            MetricsAt::GamePort
        );
        assert_eq!(
            at("127.0.0.1:0", Some("127.0.0.1:0")),
            MetricsAt::Separate("127.0.0.1:0".parse().unwrap())
        );
    }
}
