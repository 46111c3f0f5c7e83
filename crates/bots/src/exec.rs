//! `exec:PATH[:ARGS]`: a bot in another process, in any language, speaking the JSON-lines bot
//! protocol (see `docs/bot-protocol.md` and [`crate::protocol`]).
//!
//! The process is started on first need and kept across games. Whatever goes wrong — it cannot be
//! started, it exits, it does not answer within the time limit, it answers garbage or an illegal
//! action — is reported as a [`BotError`] naming the bot and the cause; the process is then killed
//! and a new one is started for the next game.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use martian_engine::{Action, GameRng, Rules, Situation};

use crate::protocol::{
    BotHello, BotReply, HostMessage, MAX_LINE_BYTES, PROTOCOL_VERSION, decide_message, parse_action,
};
use crate::{BotError, GameEnd, Strategy};

/// The least time a bot gets to start and answer the hello: starting an interpreter takes a while
/// even when decisions are fast.
const MIN_STARTUP_LIMIT: Duration = Duration::from_secs(10);

/// How long a bot gets to exit by itself after `bye` before it is killed.
const EXIT_GRACE: Duration = Duration::from_millis(500);

/// Lines of the bot's stderr kept to explain a crash.
const STDERR_TAIL_LINES: usize = 8;

/// How much of a garbled line an error message quotes.
const QUOTE_CHARS: usize = 120;

/// A line from the bot, or why there is none.
enum Line {
    Text(String),
    TooLong,
    NotUtf8,
    Closed,
}

/// A running bot process.
struct Process {
    child: Child,
    stdin: BufWriter<ChildStdin>,
    lines: Receiver<Line>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    /// Disconnected once the stderr reader has seen the end of the bot's stderr.
    stderr_done: Receiver<()>,
}

/// Reads one line of at most `max` bytes (newline and a trailing `\r` excluded).
fn read_bounded_line(reader: &mut impl BufRead, max: usize) -> Line {
    let mut line = Vec::new();
    loop {
        let available = match reader.fill_buf() {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return Line::Closed,
        };
        if available.is_empty() {
            return Line::Closed;
        }
        let (part, used, complete) = match available.iter().position(|&b| b == b'\n') {
            Some(end) => (&available[..end], end + 1, true),
            None => (available, available.len(), false),
        };
        if line.len() + part.len() > max + 1 {
            return Line::TooLong;
        }
        line.extend_from_slice(part);
        reader.consume(used);
        if complete {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            if line.len() > max {
                return Line::TooLong;
            }
            return match String::from_utf8(line) {
                Ok(text) => Line::Text(text),
                Err(_) => Line::NotUtf8,
            };
        }
    }
}

impl Process {
    fn spawn(bot: &str, program: &str, args: &[String]) -> Result<Process, BotError> {
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // Its own process group, so that killing the bot also kills what it started (a shell
        // script's interpreter, a `sleep`).
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command.spawn().map_err(|error| BotError::Spawn {
            bot: bot.to_string(),
            message: format!("cannot run '{program}': {error}"),
        })?;
        let stdin = BufWriter::new(child.stdin.take().expect("stdin is piped"));
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");
        // Bounded so that a bot flooding its stdout cannot grow the host's memory.
        let (sender, lines) = sync_channel(16);
        std::thread::spawn(move || {
            let mut reader = BufReader::with_capacity(64 * 1024, stdout);
            loop {
                let line = read_bounded_line(&mut reader, MAX_LINE_BYTES);
                let last = !matches!(line, Line::Text(_));
                if sender.send(line).is_err() || last {
                    break;
                }
            }
        });
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr_tail);
        let (stderr_finished, stderr_done) = sync_channel::<()>(0);
        std::thread::spawn(move || {
            let _finished_on_drop = stderr_finished;
            let mut reader = BufReader::new(stderr);
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                // Reads at most one line's worth at a time, keeping only the tail.
                match (&mut reader)
                    .take(MAX_LINE_BYTES as u64)
                    .read_until(b'\n', &mut buffer)
                {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&buffer).trim_end().to_string();
                        let mut tail = tail.lock().unwrap_or_else(|e| e.into_inner());
                        if tail.len() == STDERR_TAIL_LINES {
                            tail.pop_front();
                        }
                        tail.push_back(text);
                    }
                }
            }
        });
        Ok(Process {
            child,
            stdin,
            lines,
            stderr_tail,
            stderr_done,
        })
    }

    fn send(&mut self, message: &HostMessage) -> std::io::Result<()> {
        serde_json::to_writer(&mut self.stdin, message)?;
        self.stdin.write_all(b"\n")?;
        self.stdin.flush()
    }

    /// What went wrong with a process that stopped talking: its exit status and last stderr.
    fn death_notice(&mut self) -> String {
        // The reader saw the end of stdout; give the process a moment to be reaped.
        let deadline = Instant::now() + Duration::from_millis(200);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5))
                }
                _ => break None,
            }
        };
        // A crash's last words may still be on their way through the stderr reader: wait for it
        // to see the end of stderr (bounded: a grandchild may hold stderr open).
        if status.is_some() {
            let _ = self.stderr_done.recv_timeout(Duration::from_millis(500));
        }
        let mut notice = match status {
            Some(status) => format!("the bot exited ({status})"),
            None => "the bot closed its output".to_string(),
        };
        let tail = self.stderr_tail.lock().unwrap_or_else(|e| e.into_inner());
        if !tail.is_empty() {
            let lines: Vec<&str> = tail.iter().map(String::as_str).collect();
            notice.push_str(&format!("; its last error output: {}", lines.join(" | ")));
        }
        notice
    }

    fn kill(mut self) {
        kill_group(&mut self.child);
        let _ = self.child.wait();
    }

    /// Says goodbye and lets the process exit, killing it if it lingers.
    fn close(mut self) {
        let _ = self.send(&HostMessage::Bye);
        drop(self.stdin);
        let deadline = Instant::now() + EXIT_GRACE;
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) | Err(_) => return,
                Ok(None) if Instant::now() >= deadline => break,
                Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            }
        }
        kill_group(&mut self.child);
        let _ = self.child.wait();
    }
}

/// Kills the bot and, on Unix, every process of its group (without `unsafe`: through `kill`).
fn kill_group(child: &mut Child) {
    #[cfg(unix)]
    {
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", child.id())])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
    let _ = child.kill();
}

/// A bot in another process.
pub struct ExecBot {
    spec: String,
    program: String,
    args: Vec<String>,
    timeout: Duration,
    process: Option<Process>,
    /// The game announced to the process, if any: (seat, players).
    announced: Option<(usize, usize)>,
    decisions: u64,
}

impl std::fmt::Debug for ExecBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExecBot")
            .field("spec", &self.spec)
            .field("running", &self.process.is_some())
            .finish()
    }
}

impl ExecBot {
    /// The bot `exec:PATH[:ARGS]` describes (`spec` is what follows `exec:`): the program at PATH
    /// with the whitespace-separated ARGS. Nothing is started until the bot is needed.
    pub fn new(spec: &str, timeout: Duration) -> Result<ExecBot, BotError> {
        let (program, args) = match spec.split_once(':') {
            Some((program, args)) => (program, args.split_whitespace().map(String::from).collect()),
            None => (spec, Vec::new()),
        };
        if program.trim().is_empty() {
            return Err(BotError::BadSpec {
                spec: format!("exec:{spec}"),
                message: "the program to run is missing (exec:PATH[:ARGS])".into(),
            });
        }
        Ok(ExecBot {
            spec: format!("exec:{spec}"),
            program: program.to_string(),
            args,
            timeout,
            process: None,
            announced: None,
            decisions: 0,
        })
    }

    fn fail(&mut self, error: BotError) -> BotError {
        if let Some(process) = self.process.take() {
            process.kill();
        }
        self.announced = None;
        error
    }

    fn misbehaved(&mut self, message: String) -> BotError {
        let bot = self.spec.clone();
        self.fail(BotError::Misbehaved { bot, message })
    }

    fn send(&mut self, message: &HostMessage) -> Result<(), BotError> {
        let process = self.process.as_mut().expect("started before sending");
        if process.send(message).is_ok() {
            return Ok(());
        }
        let message = process.death_notice();
        let bot = self.spec.clone();
        Err(self.fail(BotError::Crashed { bot, message }))
    }

    /// The next non-blank line within `limit`.
    fn receive(&mut self, limit: Duration, awaiting: &str) -> Result<String, BotError> {
        let deadline = Instant::now() + limit;
        loop {
            let process = self.process.as_mut().expect("started before receiving");
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match process.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    let bot = self.spec.clone();
                    return Err(self.fail(BotError::TimedOut {
                        bot,
                        limit,
                        awaiting: awaiting.to_string(),
                    }));
                }
                Err(RecvTimeoutError::Disconnected) => Line::Closed,
            };
            match line {
                Line::Text(text) if text.trim().is_empty() => continue,
                Line::Text(text) => return Ok(text),
                Line::TooLong => {
                    return Err(self.misbehaved(format!(
                        "sent a line longer than {MAX_LINE_BYTES} bytes while {awaiting}"
                    )));
                }
                Line::NotUtf8 => {
                    return Err(
                        self.misbehaved(format!("sent a line that is not UTF-8 while {awaiting}"))
                    );
                }
                Line::Closed => {
                    let message = process.death_notice();
                    let bot = self.spec.clone();
                    return Err(self.fail(BotError::Crashed { bot, message }));
                }
            }
        }
    }

    /// Starts the process and shakes hands, unless it runs already.
    fn ensure_started(&mut self) -> Result<(), BotError> {
        if self.process.is_some() {
            return Ok(());
        }
        self.process = Some(Process::spawn(&self.spec, &self.program, &self.args)?);
        self.announced = None;
        self.decisions = 0;
        self.send(&HostMessage::Hello {
            protocol: PROTOCOL_VERSION,
            host: format!("martian-dice {}", env!("CARGO_PKG_VERSION")),
        })?;
        let line = self.receive(self.timeout.max(MIN_STARTUP_LIMIT), "awaiting its hello")?;
        let hello: BotHello = match serde_json::from_str(&line) {
            Ok(hello) => hello,
            Err(_) => {
                return Err(self.misbehaved(format!(
                    "answered the hello with {}, not {{\"type\":\"hello\",\"protocol\":{PROTOCOL_VERSION}}}",
                    quote(&line)
                )));
            }
        };
        if hello.kind != "hello" {
            return Err(self.misbehaved(format!(
                "answered the hello with a message of type '{}'",
                hello.kind
            )));
        }
        if hello.protocol != PROTOCOL_VERSION {
            return Err(self.misbehaved(format!(
                "speaks protocol version {}, this host speaks version {PROTOCOL_VERSION}",
                hello.protocol
            )));
        }
        Ok(())
    }

    /// Tells the process of the game `situation` belongs to, unless told already.
    fn announce(&mut self, rules: Rules, seat: usize, players: usize) -> Result<(), BotError> {
        if self.announced == Some((seat, players)) {
            return Ok(());
        }
        self.send(&HostMessage::Game {
            rules,
            players,
            seat,
        })?;
        self.announced = Some((seat, players));
        Ok(())
    }
}

/// A line as quoted in an error message: JSON-escaped and cut short.
fn quote(line: &str) -> String {
    let cut: String = line.chars().take(QUOTE_CHARS).collect();
    let more = if cut.len() < line.len() { "…" } else { "" };
    format!("{}{more}", serde_json::to_string(&cut).unwrap_or_default())
}

impl Strategy for ExecBot {
    fn name(&self) -> String {
        self.spec.clone()
    }

    fn new_game(&mut self, rules: Rules, seat: usize, players: usize) -> Result<(), BotError> {
        self.announced = None;
        self.ensure_started()?;
        self.announce(rules, seat, players)
    }

    fn decide(&mut self, situation: &Situation<'_>, _: &mut GameRng) -> Result<Action, BotError> {
        self.ensure_started()?;
        let players = situation.scores.len();
        self.announce(situation.rules, situation.seat, players)?;
        self.decisions += 1;
        let id = self.decisions;
        self.send(&decide_message(id, situation))?;
        let line = self.receive(self.timeout, "awaiting a decision")?;
        let reply: BotReply = match serde_json::from_str(&line) {
            Ok(reply) => reply,
            Err(_) => {
                return Err(
                    self.misbehaved(format!("answered {}, not {{\"action\":…}}", quote(&line)))
                );
            }
        };
        if let Some(echoed) = reply.id.filter(|&echoed| echoed != id) {
            return Err(self.misbehaved(format!(
                "answered decision {echoed} when decision {id} was asked"
            )));
        }
        let legal = situation.turn.legal_actions();
        let codes: Vec<String> = legal.iter().map(Action::code).collect();
        match parse_action(&reply.action) {
            Some(action) if legal.contains(action) => Ok(action),
            Some(_) => Err(self.misbehaved(format!(
                "answered '{}', which is not legal now (legal: {})",
                reply.action,
                codes.join(", ")
            ))),
            None => Err(self.misbehaved(format!(
                "answered the action {}, which is not an action (legal: {})",
                quote(&reply.action),
                codes.join(", ")
            ))),
        }
    }

    fn game_over(&mut self, end: &GameEnd<'_>) {
        if self.process.is_some() {
            let message = HostMessage::GameOver {
                seat: end.seat,
                scores: end.scores.to_vec(),
                winners: end.winners.to_vec(),
                forfeit: end.forfeit,
            };
            // A failure here shows on the next game's first message.
            let _ = self.send(&message);
        }
        self.announced = None;
    }
}

impl Drop for ExecBot {
    fn drop(&mut self) {
        if let Some(process) = self.process.take() {
            process.close();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<String> {
        let mut reader = BufReader::with_capacity(4, input);
        let mut out = Vec::new();
        loop {
            match read_bounded_line(&mut reader, max) {
                Line::Text(text) => out.push(text),
                Line::TooLong => {
                    out.push("<too long>".into());
                    break;
                }
                Line::NotUtf8 => {
                    out.push("<not utf-8>".into());
                    break;
                }
                Line::Closed => break,
            }
        }
        out
    }

    #[test]
    fn bounded_lines_split_on_newlines_and_drop_carriage_returns() {
        assert_eq!(lines(b"ab\r\ncdefg\n\nh", 10), ["ab", "cdefg", ""]);
    }

    #[test]
    fn a_line_over_the_limit_is_refused_without_reading_it_whole() {
        assert_eq!(lines(b"12345\n123456\n", 5), ["12345", "<too long>"]);
        assert_eq!(lines(b"12345\r\n", 5), ["12345"]);
        assert_eq!(lines(&[b'x'; 1000], 5), ["<too long>"]);
    }

    #[test]
    fn invalid_utf8_is_reported() {
        assert_eq!(lines(b"\xff\xfe\n", 5), ["<not utf-8>"]);
    }

    #[test]
    fn specs_split_into_program_and_arguments() {
        let bot = ExecBot::new(
            "python3:examples/python/bot.py --fast",
            Duration::from_secs(1),
        )
        .unwrap();
        assert_eq!(bot.program, "python3");
        assert_eq!(bot.args, ["examples/python/bot.py", "--fast"]);
        assert_eq!(bot.name(), "exec:python3:examples/python/bot.py --fast");
        let bot = ExecBot::new("./bot", Duration::from_secs(1)).unwrap();
        assert!(bot.args.is_empty());
        assert!(ExecBot::new("", Duration::from_secs(1)).is_err());
    }
}
