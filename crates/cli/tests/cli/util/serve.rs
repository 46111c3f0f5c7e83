//! `martian-dice serve` as a process of the test's own: on a free port of 127.0.0.1, its standard
//! error collected, killed when dropped (a server left running by a failing test would hold its
//! port, files and pipes).

use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::BIN;

pub struct ServeProcess {
    child: Child,
    pub addr: SocketAddr,
    stderr: Arc<Mutex<Vec<String>>>,
    reader: Option<JoinHandle<()>>,
}

impl ServeProcess {
    /// Serves `db` (a SQLite file or a PostgreSQL URL) with bots that do not wait (unless `extra`
    /// says) and a rate limit no test reaches, plus the options `extra` and the environment
    /// `env`. Every client of the tests comes from 127.0.0.1, so up to 1000 rooms and 1000
    /// connections per address unless `extra` says.
    pub fn start(db: impl AsRef<OsStr>, extra: &[&str], env: &[(&str, &Path)]) -> ServeProcess {
        Self::start_on("127.0.0.1:0".parse().unwrap(), db, extra, env)
    }

    /// As [`ServeProcess::start`], listening on `addr`: a process restarted where the one before
    /// it listened, as a service manager restarts it.
    pub fn start_on(
        addr: SocketAddr,
        db: impl AsRef<OsStr>,
        extra: &[&str],
        env: &[(&str, &Path)],
    ) -> ServeProcess {
        let mut command = Command::new(BIN);
        command.args(["serve", "--addr", &addr.to_string()]);
        if !extra.contains(&"--bot-delay") {
            command.args(["--bot-delay", "0"]);
        }
        command
            .args(["--rate-limit", "1000", "--db"])
            .arg(db)
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if !extra.contains(&"--rooms-per-address") {
            command.args(["--rooms-per-address", "1000"]);
        }
        if !extra.contains(&"--connections-per-address") {
            command.args(["--connections-per-address", "1000"]);
        }
        for (name, value) in env {
            command.env(name, value);
        }
        let mut child = command.spawn().expect("the binary starts");
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let lines = stderr.clone();
        let err = child.stderr.take().unwrap();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(err).lines().map_while(Result::ok) {
                lines.lock().unwrap().push(line);
            }
        });
        let json = extra
            .windows(2)
            .any(|pair| pair == ["--log-format", "json"])
            || env.iter().any(|(name, value)| {
                *name == "MARTIAN_DICE_LOG_FORMAT" && value.as_os_str() == "json"
            });
        let addr = if json {
            // JSON logs name the address in a line of their own (field `addr`).
            listening_in_json(child_stderr_lines(&stderr))
        } else {
            // The first line of standard output names the address.
            let mut line = String::new();
            BufReader::new(child.stdout.take().unwrap())
                .read_line(&mut line)
                .unwrap();
            line.trim()
                .strip_prefix("listening on http://")
                .and_then(|rest| rest.strip_suffix('/'))
                .unwrap_or_else(|| {
                    panic!(
                        "unexpected first line {line:?}; stderr: {}",
                        stderr.lock().unwrap().join("\n")
                    )
                })
                .parse()
                .unwrap()
        };
        ServeProcess {
            child,
            addr,
            stderr,
            reader: Some(reader),
        }
    }

    /// The process's id (to read its `/proc` figures).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Standard output, to read once the server has stopped (see [`ServeProcess::terminate`]);
    /// `None` in the text log format, where its first line was read for the address.
    pub fn take_stdout(&mut self) -> Option<ChildStdout> {
        self.child.stdout.take()
    }

    /// SIGKILL, as a crash would.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// Sends `signal` (a name as kill(1) takes it: TERM, STOP, CONT…).
    pub fn signal(&self, signal: &str) {
        let status = Command::new("kill")
            .args([&format!("-{signal}"), &self.child.id().to_string()])
            .status()
            .expect("kill(1) runs");
        assert!(status.success());
    }

    /// Stops the process (SIGSTOP) and returns once every thread of it has stopped: kill(2)
    /// returns as soon as the signal is pending, and until a thread of the process takes it the
    /// others run on — on a busy machine long enough to serve a message sent after the kill.
    pub fn pause(&self) {
        self.signal("STOP");
        let tasks = format!("/proc/{}/task", self.child.id());
        let stopped = || {
            std::fs::read_dir(&tasks).unwrap().all(|task| {
                let stat =
                    std::fs::read_to_string(task.unwrap().path().join("stat")).unwrap_or_default();
                // The state follows the command's name in parentheses: "T" when stopped.
                stat.rsplit_once(") ")
                    .is_some_and(|(_, rest)| rest.starts_with('T'))
            })
        };
        let deadline = Instant::now() + Duration::from_secs(10);
        while !stopped() {
            assert!(Instant::now() < deadline, "the process did not stop");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// SIGTERM, as a service manager stops it; returns its exit status, how long it took, and
    /// all it wrote on standard error.
    pub fn terminate(mut self) -> (ExitStatus, Duration, String) {
        let started = Instant::now();
        self.signal("TERM");
        for _ in 0..400 {
            if let Some(status) = self.child.try_wait().unwrap() {
                let took = started.elapsed();
                if let Some(reader) = self.reader.take() {
                    reader.join().unwrap();
                }
                return (status, took, self.stderr());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        self.child.kill().unwrap();
        panic!("the server did not stop within 20 s of SIGTERM");
    }

    /// Standard error so far.
    pub fn stderr(&self) -> String {
        self.stderr.lock().unwrap().join("\n")
    }

    /// Standard error so far, once the line containing `needle` has arrived.
    pub fn stderr_with(&self, needle: &str) -> String {
        for _ in 0..200 {
            let text = self.stderr();
            if text.contains(needle) {
                return text;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("no '{needle}' on standard error: {}", self.stderr());
    }
}

/// Standard error's lines as they arrive, for up to 20 s.
fn child_stderr_lines(lines: &Arc<Mutex<Vec<String>>>) -> impl Iterator<Item = String> + '_ {
    let mut seen = 0;
    let deadline = Instant::now() + Duration::from_secs(20);
    std::iter::from_fn(move || {
        loop {
            if let Some(line) = lines.lock().unwrap().get(seen).cloned() {
                seen += 1;
                return Some(line);
            }
            if Instant::now() > deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    })
}

/// The address in the JSON log line that says the server listens.
fn listening_in_json(lines: impl IntoIterator<Item = String>) -> SocketAddr {
    let mut seen = Vec::new();
    for line in lines {
        let value: serde_json::Value = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("a log line that is not JSON ({e}): {line}"));
        if let Some(addr) = value["addr"].as_str() {
            return addr.parse().unwrap();
        }
        seen.push(line);
    }
    panic!("no line names the address: {}", seen.join("\n"));
}

impl Drop for ServeProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
