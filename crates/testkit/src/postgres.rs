//! A PostgreSQL server of the tests' own: Debian's binaries (`scripts/test` installs the
//! `postgresql` package), a cluster made by initdb in a temporary directory and started on a free
//! 127.0.0.1 port, one per test process, each test in a database of its own. A watchdog stops the
//! server and removes its directory once the test process has ended. A missing PostgreSQL fails
//! the test.
//!
//! The server runs with `fsync=off`: the tests kill the game's processes and stop PostgreSQL only
//! cleanly (a fast shutdown writes everything out), never the machine, so what a commit
//! acknowledged is in PostgreSQL's files whatever happens; and the machine is shared.
//!
//! A test that takes the database away (an outage) gets a server of its own ([`PgServer::own`]),
//! which it stops and starts again on the same port.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

#[derive(Debug)]
pub struct PgServer {
    pub port: u16,
    bin: PathBuf,
    dir: PathBuf,
    /// `pg_ctl start` as this server is started (again).
    start: Vec<String>,
}

/// PostgreSQL's binaries: `$PG_BIN`, else the newest of Debian's `/usr/lib/postgresql/*/bin`.
fn bin_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("PG_BIN") {
        return PathBuf::from(dir);
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    versions.sort();
    versions.pop().map(|(_, bin)| bin).unwrap_or_else(|| {
        panic!(
            "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): \
             scripts/test installs it (apt-get install postgresql), or set PG_BIN"
        )
    })
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0")
}

/// Runs a PostgreSQL program as the user that may run it (root may not: then `postgres`).
fn as_pg_user(program: &Path) -> Command {
    if is_root() {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--"]).arg(program);
        command
    } else {
        Command::new(program)
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn run(command: &mut Command, what: &str) {
    let output = command
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(
        output.status.success(),
        "{what} failed: {}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

impl PgServer {
    fn start() -> PgServer {
        let bin = bin_dir();
        let dir =
            std::env::temp_dir().join(format!("martian-pg-{}-{}", std::process::id(), free_port()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        if is_root() {
            run(
                Command::new("chown")
                    .args(["-R", "postgres:postgres"])
                    .arg(&dir),
                "chown",
            );
        }
        let data = dir.join("data");
        run(
            as_pg_user(&bin.join("initdb")).arg("-D").arg(&data).args([
                "-U",
                "martian",
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--no-sync",
            ]),
            "initdb",
        );
        let port = free_port();
        let options = format!(
            "-c listen_addresses=127.0.0.1 -p {port} -k {} -c fsync=off -c full_page_writes=off -c max_connections=200",
            dir.display()
        );
        let start = vec![
            "-D".to_string(),
            data.display().to_string(),
            "-l".to_string(),
            dir.join("log").display().to_string(),
            "-o".to_string(),
            options,
            "-w".to_string(),
            "-t".to_string(),
            "60".to_string(),
            "start".to_string(),
        ];
        run(as_pg_user(&bin.join("pg_ctl")).args(&start), "pg_ctl start");
        // Stops the server and removes its files once this process has ended.
        let stop = if is_root() {
            format!(
                "runuser -u postgres -- '{}' -D '{}' -m immediate stop",
                bin.join("pg_ctl").display(),
                data.display()
            )
        } else {
            format!(
                "'{}' -D '{}' -m immediate stop",
                bin.join("pg_ctl").display(),
                data.display()
            )
        };
        let watchdog = format!(
            "while kill -0 {pid} 2>/dev/null; do sleep 1; done; {stop} >/dev/null 2>&1; rm -rf '{dir}'",
            pid = std::process::id(),
            dir = dir.display()
        );
        // Outlives this process on purpose: it is the one that cleans up after it.
        #[allow(clippy::zombie_processes)]
        Command::new("sh")
            .args(["-c", &watchdog])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the watchdog starts");
        PgServer {
            port,
            bin,
            dir,
            start,
        }
    }

    /// A server of the caller's own, for a test that stops and starts it (the process's shared
    /// one, [`server`], is never stopped). Stopped and removed once the test process has ended.
    pub fn own() -> PgServer {
        PgServer::start()
    }

    /// Stops the server as an administrator would (a fast shutdown: clients are cut off), keeping
    /// its data: from now on connections to its port are refused.
    pub fn stop(&self) {
        run(
            as_pg_user(&self.bin.join("pg_ctl"))
                .arg("-D")
                .arg(self.dir.join("data"))
                .args(["-m", "fast", "-w", "stop"]),
            "pg_ctl stop",
        );
    }

    /// Starts a server stopped by [`PgServer::stop`] again, on the same port.
    pub fn restart(&self) {
        run(
            as_pg_user(&self.bin.join("pg_ctl")).args(&self.start),
            "pg_ctl start",
        );
    }

    /// The URL of database `name` on this server.
    pub fn url(&self, name: &str) -> String {
        format!("postgres://martian@127.0.0.1:{}/{name}", self.port)
    }

    /// A new, empty database; returns its URL.
    pub fn database(&self) -> String {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let name = format!("test_{}", NEXT.fetch_add(1, Ordering::SeqCst));
        self.sql("postgres", &format!("CREATE DATABASE {name}"));
        self.url(&name)
    }

    /// Runs `sql` in database `name` with psql; returns its output (unaligned, tuples only).
    pub fn sql(&self, name: &str, sql: &str) -> String {
        let output = Command::new(self.bin.join("psql"))
            .args(["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1"])
            .args([
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-U",
                "martian",
            ])
            .args(["-d", name, "-c", sql])
            .stdin(Stdio::null())
            .output()
            .expect("psql runs");
        assert!(
            output.status.success(),
            "psql {sql}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout).trim().to_string()
    }

    /// The database name of a URL made by [`PgServer::database`].
    pub fn name_of(url: &str) -> &str {
        url.rsplit('/').next().unwrap()
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

/// The test process's PostgreSQL server, started on first use.
pub fn server() -> &'static PgServer {
    static SERVER: OnceLock<PgServer> = OnceLock::new();
    SERVER.get_or_init(PgServer::start)
}
