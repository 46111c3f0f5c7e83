//! Load test of the server on 127.0.0.1: many WebSocket clients, each playing whole games against
//! a bot in its own room (with an avatar, chatting now and then), bounded in count and time.
//!
//! ```text
//! cargo run --release -p martian-server --example load -- [--clients 1000] [--seconds 60]
//!     [--think-ms 300-1500] [--bot-delay 300] [--expensive-rooms 0] [--sign-ins 0]
//!     [--bin target/release/martian-dice]
//! cargo run --release -p martian-server --example load -- --idle 10000 [--bin …]
//! cargo run --release -p martian-server --example load -- --cluster 2 --bin … [--clients …]
//! ```
//!
//! `--sign-ins N` signs an account in N times a second while the clients play (each an Argon2id
//! check on the server's password pool): the latencies then show whether sign-ins slow the
//! games; the sign-ins' own answers and times are reported.
//!
//! `--expensive-rooms K` starts K rooms, while the others play, whose bots need a three-player
//! solve of rules new to the server: the latencies then show whether those solves slow the
//! ordinary rooms. `--idle N` measures instead what N idle connections cost the server.
//!
//! With `--bin`, the real binary is started as its own process (with a fresh SQLite file) and its
//! memory is measured alone; otherwise the server runs in this process, next to the clients.
//!
//! With `--bin`, one process and at least 10,000 clients, the verdict also judges the memory per
//! room at its peak (VmHWM): at most 40 kB.
//!
//! `--cluster N` (with `--bin`) runs the set-up of README's "Hosting for many players" instead: a
//! PostgreSQL server of its own (Debian's, as the tests start it: initdb in a temporary
//! directory, fsync off), N processes of the binary sharing it, and nginx in front of them from
//! `deploy/nginx-cluster.conf`; the clients connect through nginx, and the memory is the sum of
//! the N processes.

use martian_testkit::load as driver;
use martian_testkit::{nginx, postgres};

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use driver::{LoadConfig, run};

struct Args {
    clients: usize,
    seconds: u64,
    think_ms: (u64, u64),
    bot_delay: u64,
    expensive_rooms: usize,
    idle: Option<usize>,
    bin: Option<PathBuf>,
    cluster: Option<usize>,
    sign_ins: u32,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        clients: 1000,
        seconds: 60,
        think_ms: (300, 1500),
        bot_delay: 300,
        expensive_rooms: 0,
        idle: None,
        bin: None,
        cluster: None,
        sign_ins: 0,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--clients" => {
                args.clients = value()?.parse().map_err(|e| format!("--clients: {e}"))?
            }
            "--seconds" => {
                args.seconds = value()?.parse().map_err(|e| format!("--seconds: {e}"))?
            }
            "--bot-delay" => {
                args.bot_delay = value()?.parse().map_err(|e| format!("--bot-delay: {e}"))?
            }
            "--think-ms" => {
                let text = value()?;
                let (low, high) = text.split_once('-').ok_or("--think-ms takes LOW-HIGH")?;
                args.think_ms = (
                    low.parse().map_err(|e| format!("--think-ms: {e}"))?,
                    high.parse().map_err(|e| format!("--think-ms: {e}"))?,
                );
                if args.think_ms.0 > args.think_ms.1 {
                    return Err("--think-ms: LOW is above HIGH".into());
                }
            }
            "--expensive-rooms" => {
                args.expensive_rooms = value()?
                    .parse()
                    .map_err(|e| format!("--expensive-rooms: {e}"))?
            }
            "--sign-ins" => {
                args.sign_ins = value()?.parse().map_err(|e| format!("--sign-ins: {e}"))?
            }
            "--idle" => args.idle = Some(value()?.parse().map_err(|e| format!("--idle: {e}"))?),
            "--bin" => args.bin = Some(PathBuf::from(value()?)),
            "--cluster" => {
                args.cluster = Some(value()?.parse().map_err(|e| format!("--cluster: {e}"))?)
            }
            other => return Err(format!("unknown option {other}")),
        }
    }
    if !(1..=20_000).contains(&args.clients) || !(1..=600).contains(&args.seconds) {
        return Err("--clients is 1–20000 and --seconds 1–600 (the test is bounded)".into());
    }
    if args.expensive_rooms > 60 || args.idle.is_some_and(|n| !(1..=20_000).contains(&n)) {
        return Err("--expensive-rooms is at most 60 and --idle 1–20000".into());
    }
    if let Some(processes) = args.cluster
        && (!(2..=8).contains(&processes) || args.bin.is_none() || args.idle.is_some())
    {
        return Err("--cluster is 2–8 server processes, with --bin and without --idle".into());
    }
    Ok(args)
}

/// A memory figure of a process in KiB from /proc: `VmRSS` (resident now) or `VmHWM` (the
/// most it was resident at once).
fn status_kib(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// Resident memory of a process in KiB.
fn rss_kib(pid: u32) -> Option<u64> {
    status_kib(pid, "VmRSS")
}

/// The memory a room (with its connection) may cost the server at most, in KiB (40 kB), at its
/// peak, with 10,000 clients: the goal of README's "Online rooms".
const MAX_KIB_PER_ROOM: f64 = 40_000.0 / 1024.0;

/// From how many clients on the memory per room is judged.
const MEMORY_GOAL_CLIENTS: usize = 10_000;

/// CPU time a process has used so far (user and system), from /proc, in seconds.
fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name, which may hold spaces, closed by the last ')'.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // The kernel reports in USER_HZ, 100 on Linux.
    Some(ticks as f64 / 100.0)
}

fn spawn_binary(bin: &PathBuf, db: &std::ffi::OsStr, args: &Args) -> (Child, SocketAddr) {
    use std::io::BufRead;
    let limit = (args.clients.max(args.idle.unwrap_or(0)) * 2 + 100).to_string();
    let mut child = Command::new(bin)
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--max-connections",
            &limit,
            "--max-rooms",
            &limit,
            "--rooms-per-address",
            &limit,
            "--connections-per-address",
            &limit,
        ])
        .args(["--bot-delay", &args.bot_delay.to_string(), "--db"])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the server binary starts");
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .trim()
        .trim_start_matches("listening on http://")
        .trim_end_matches('/')
        .parse()
        .expect("the server names its address");
    (child, addr)
}

/// What `count` idle connections cost the server: its memory with them open, and after they
/// close.
async fn idle_memory(addr: SocketAddr, pid: u32, count: usize, before: u64, separate: bool) {
    let opened = std::time::Instant::now();
    let handles = match driver::idle_connections(addr, count).await {
        Ok(handles) => handles,
        Err(error) => {
            println!("idle connections: {error}");
            std::process::exit(1);
        }
    };
    let open_time = opened.elapsed();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let with = rss_kib(pid).unwrap_or(0);
    for handle in &handles {
        handle.abort();
    }
    drop(handles);
    tokio::time::sleep(Duration::from_secs(3)).await;
    let after = rss_kib(pid).unwrap_or(0);
    let per = with.saturating_sub(before) as f64 / count as f64;
    println!(
        "idle connections on {addr}: {count} opened in {:.1} s",
        open_time.as_secs_f64()
    );
    println!(
        "  server: {}",
        if separate {
            "separate process (the real binary)"
        } else {
            "in this process, beside the clients"
        }
    );
    println!(
        "  server memory (RSS): {before} KiB before, {with} KiB with them open, {after} KiB after they closed"
    );
    println!("  per idle connection: {per:.1} KiB");
    let ok = per <= 32.0;
    println!(
        "  verdict: {}",
        if ok {
            "PASS (at most 32 KiB per idle connection)"
        } else {
            "FAIL"
        }
    );
    if !ok {
        std::process::exit(1);
    }
}

fn main() {
    // Each client holds a socket, and with the server in this process so does the server.
    let _ = rlimit::increase_nofile_limit(u64::MAX);
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("load: {message}");
            std::process::exit(2);
        }
    };
    // Each client holds a socket, and so does the server for it.
    let dir = std::env::temp_dir().join(format!("martian-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("load.db");
    // With the server in a process of its own, one thread for every client: the clients wait on
    // the server nearly all the time, and on a multi-threaded runtime the driver spent a fifth of
    // its CPU waking its own threads, on the cores the server is measured on. A server inside
    // this process gets the usual multi-threaded runtime.
    let runtime = match args.bin {
        Some(_) => tokio::runtime::Builder::new_current_thread(),
        None => tokio::runtime::Builder::new_multi_thread(),
    }
    .enable_all()
    .build()
    .unwrap();
    runtime.block_on(async {
        // With --cluster: PostgreSQL and nginx, kept until the end.
        let mut cluster_parts = None;
        let mut others: Vec<Child> = Vec::new();
        let (child, addr, server_pid) = match (&args.bin, args.cluster) {
            (Some(bin), Some(processes)) => {
                let pg = postgres::server();
                let url = pg.database();
                let mut children: Vec<(Child, SocketAddr)> = (0..processes)
                    .map(|_| spawn_binary(bin, url.as_ref(), &args))
                    .collect();
                let upstreams: Vec<SocketAddr> = children.iter().map(|(_, addr)| *addr).collect();
                let balancer =
                    nginx::Nginx::start(&dir.join("nginx"), "nginx-cluster.conf", &upstreams);
                let addr = balancer.addr;
                cluster_parts = Some(balancer);
                let (first, _) = children.remove(0);
                others = children.into_iter().map(|(child, _)| child).collect();
                let pid = first.id();
                (Some(first), addr, pid)
            }
            (Some(bin), None) => {
                let (child, addr) = spawn_binary(bin, db.as_ref(), &args);
                let pid = child.id();
                (Some(child), addr, pid)
            }
            (None, _) => {
                let config = martian_server::Config {
                    addr: SocketAddr::from(([127, 0, 0, 1], 0)),
                    db: Some(db.clone()),
                    max_rooms: args.clients * 2 + 100,
                    max_connections: args.clients.max(args.idle.unwrap_or(0)) * 2 + 100,
                    bot_delay: Duration::from_millis(args.bot_delay),
                    // Every client comes from 127.0.0.1.
                    rooms_per_address: args.clients * 2 + 100,
                    connections_per_address: args.clients.max(args.idle.unwrap_or(0)) * 2 + 100,
                    ..martian_server::Config::default()
                };
                let running = martian_server::start(config).await.expect("server starts");
                let addr = running.addr();
                std::mem::forget(running);
                (None, addr, std::process::id())
            }
        };
        let pids: Vec<u32> = std::iter::once(server_pid)
            .chain(others.iter().map(Child::id))
            .collect();
        let memory = |field: &str| {
            pids.iter()
                .map(|&pid| status_kib(pid, field).unwrap_or(0))
                .sum::<u64>()
        };
        let rss = || memory("VmRSS");
        let rss_before = rss();
        if let Some(count) = args.idle {
            idle_memory(addr, server_pid, count, rss_before, child.is_some()).await;
            if let Some(mut child) = child {
                let _ = child.kill();
                let _ = child.wait();
            }
            let _ = std::fs::remove_dir_all(&dir);
            return;
        }
        let config = LoadConfig {
            clients: args.clients,
            duration: Duration::from_secs(args.seconds),
            think_ms: args.think_ms,
            bots: ["random", "aggressive", "defensive", "greedy"].map(String::from).to_vec(),
            expensive_rooms: args.expensive_rooms,
        };
        // The CPU of every server process, as their memory.
        let cpu = || pids.iter().map(|&pid| cpu_seconds(pid).unwrap_or(0.0)).sum::<f64>();
        let cpu_before = cpu();
        let driver_before = cpu_seconds(std::process::id()).unwrap_or(0.0);
        let signing = (args.sign_ins > 0).then(|| {
            let (stop, stopped) = tokio::sync::watch::channel(false);
            (stop, tokio::spawn(sign_ins(addr, args.sign_ins, stopped)))
        });
        let report = run(addr, config).await;
        let signed = match signing {
            Some((stop, task)) => {
                let _ = stop.send(true);
                Some(task.await.expect("the sign-ins' task ends"))
            }
            None => None,
        };
        let rss_after = rss();
        // The peak is what a host must provision; the end alone depends on what the allocator
        // happened to have handed back at that instant.
        let rss_peak = memory("VmHWM");
        let cpu_used = cpu() - cpu_before;
        let driver_used = cpu_seconds(std::process::id()).unwrap_or(0.0) - driver_before;
        println!("load test on {addr}: {} clients, {} s of play, think time {}-{} ms, bot delay {} ms",
            report.clients, args.seconds, args.think_ms.0, args.think_ms.1, args.bot_delay);
        if args.expensive_rooms > 0 {
            println!("  meanwhile {} rooms started under rules new to the server, each needing a three-player solve", args.expensive_rooms);
        }
        println!("  server: {}", match (&child, args.cluster) {
            (Some(_), Some(n)) => format!("{n} processes of the real binary sharing PostgreSQL, behind nginx (deploy/nginx-cluster.conf); memory summed"),
            (Some(_), None) => "separate process (the real binary)".to_string(),
            (None, _) => "in this process, beside the clients".to_string(),
        });
        println!("  peak concurrent clients: {}", report.concurrent);
        println!("  connect + room setup of all clients: {:.1} s", report.connect_time.as_secs_f64());
        println!("  actions answered: {} ({:.0}/s); games finished: {}",
            report.actions, report.actions as f64 / report.play_time.as_secs_f64(), report.games_finished);
        println!("  action-to-update latency: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            report.percentile_ms(50.0), report.percentile_ms(90.0), report.percentile_ms(99.0), report.percentile_ms(100.0));
        println!("  updates received while playing: {} ({:.0}/s), {:.0} bytes each on average",
            report.updates, report.updates as f64 / report.play_time.as_secs_f64(),
            report.update_bytes as f64 / report.updates.max(1) as f64);
        println!("  chat lines sent: {}, received back: {}", report.chat_sent, report.chat_received);
        if let Some(signed) = &signed {
            println!("  sign-ins meanwhile: {} asked ({:.1}/s), {} signed in; their time p50 {:.1} ms, p99 {:.1} ms",
                signed.asked, signed.asked as f64 / signed.seconds.max(1e-9), signed.ok,
                signed.percentile_ms(50.0), signed.percentile_ms(99.0));
        }
        println!("  errors: {}", report.errors.len());
        for error in report.errors.iter().take(10) {
            println!("    {error}");
        }
        let per_room = |rss: u64| rss.saturating_sub(rss_before) as f64 / report.clients as f64;
        let peak_per_room = per_room(rss_peak);
        println!("  server memory (RSS): {} KiB before, {} KiB at the peak, {} KiB after; per room (with its connection) {:.1} KiB at the peak, {:.1} KiB after",
            rss_before, rss_peak, rss_after, peak_per_room, per_room(rss_after));
        if child.is_some() {
            // CPU per action is the figure least moved by other work on a shared machine.
            println!("  server CPU over the run (connections and setup included): {:.1} s, {:.0} µs per action answered",
                cpu_used, cpu_used * 1e6 / report.actions.max(1) as f64);
            println!("  driver CPU (the clients, on the same cores): {:.1} s, {:.0} µs per action",
                driver_used, driver_used * 1e6 / report.actions.max(1) as f64);
        }
        // The memory is the server's alone only when it runs as one process of its own, and
        // the goal is for 10,000 clients: with fewer, the server's fixed costs (SQLite's page
        // cache, the allocator's arenas) weigh on each room.
        let memory_judged = child.is_some() && args.cluster.is_none() && report.clients >= MEMORY_GOAL_CLIENTS;
        drop(cluster_parts);
        for mut child in child.into_iter().chain(others) {
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = std::fs::remove_dir_all(&dir);
        // Every line a client sent comes back to it (a line in flight at the end excepted).
        let chat_ok = report.chat_received + report.clients >= report.chat_sent;
        let signs_ok = signed.as_ref().is_none_or(|s| s.ok == s.asked && s.asked > 0);
        let ok = report.errors.is_empty()
            && signs_ok
            && chat_ok
            && report.concurrent == report.clients
            && report.percentile_ms(99.0) <= 50.0
            && (!memory_judged || peak_per_room <= MAX_KIB_PER_ROOM);
        let judged = if memory_judged {
            "no error, chat delivered, all concurrent, p99 <= 50 ms, at most 40 kB per room at the peak"
        } else {
            "no error, chat delivered, all concurrent, p99 <= 50 ms"
        };
        println!("  verdict: {}", if ok { format!("PASS ({judged})") } else { format!("FAIL (the goal: {judged})") });
        if !ok {
            std::process::exit(1);
        }
    });
}

/// What the sign-ins beside the load came to.
struct SignIns {
    asked: usize,
    ok: usize,
    seconds: f64,
    /// Request-to-answer times, microseconds, sorted.
    times_us: Vec<u64>,
}

impl SignIns {
    fn percentile_ms(&self, p: f64) -> f64 {
        if self.times_us.is_empty() {
            return 0.0;
        }
        let index = ((p / 100.0) * (self.times_us.len() - 1) as f64).round() as usize;
        self.times_us[index] as f64 / 1000.0
    }
}

/// Makes an account, then signs it in `per_second` times a second (each on a connection of its
/// own, as browsers do) until told to stop.
async fn sign_ins(
    addr: SocketAddr,
    per_second: u32,
    mut stop: tokio::sync::watch::Receiver<bool>,
) -> SignIns {
    use martian_testkit::ws::http;
    let body = r#"{"name":"Load Signer","password":"a long enough password"}"#;
    let (status, _, text) = http(addr, "POST", "/api/accounts", &[], Some(body.as_bytes())).await;
    assert_eq!(status, 201, "the load's account is made: {text}");
    let started = std::time::Instant::now();
    let mut every = tokio::time::interval(Duration::from_secs_f64(1.0 / f64::from(per_second)));
    let mut asked = Vec::new();
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = stop.changed() => break,
        }
        asked.push(tokio::spawn(async move {
            let sent = std::time::Instant::now();
            let (status, _, _) =
                http(addr, "POST", "/api/session", &[], Some(body.as_bytes())).await;
            (status, sent.elapsed().as_micros() as u64)
        }));
    }
    let seconds = started.elapsed().as_secs_f64();
    let mut result = SignIns {
        asked: asked.len(),
        ok: 0,
        seconds,
        times_us: Vec::new(),
    };
    for task in asked {
        let (status, micros) = task.await.expect("a sign-in's task ends");
        result.ok += usize::from(status == 200);
        result.times_us.push(micros);
    }
    result.times_us.sort_unstable();
    result
}
