//! The Debian package as an administrator meets it (README, "Hosting it on the internet"): built
//! by cargo-deb from `[package.metadata.deb]` (crates/cli/Cargo.toml), installed with `dpkg -i`,
//! its unit run by systemd itself, a whole game played through it, a backup taken by the backup
//! unit while it serves, and `dpkg --purge` leaving no file behind.
//!
//! systemd runs the unit in a container booted by systemd-nspawn on an overlay of this machine's
//! root (so the container sees the installed package, and what it writes outside the server's
//! two directories, bound from the host, goes to a scratch overlay): the unit's user, its
//! environment file, its directories and every hardening setting apply exactly as on a host —
//! systemd refuses to start a unit whose sandbox it cannot set up. (Without a running systemd on
//! the machine, neither `systemctl` nor `systemd-run` can start a unit, and `setpriv` would apply
//! the user and capabilities but not the namespaces and the system call filter.)
//!
//! It changes the machine (a package, a system user): it runs as root, as CI does, one run at a
//! time, and refuses to run where martian-dice is installed already. cargo-deb packages the
//! binary under test (`--profile dev --no-build`: the package's contents are what is tested, and
//! CI builds no release binary); `scripts/test` installs cargo-deb and systemd-nspawn.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use martian_testkit::ws::{Client, http_get};
use serde_json::json;

use crate::util::scratch;
use crate::util::serve::ServeProcess;

const PACKAGE: &str = "martian-dice";
const STATE: &str = "/var/lib/martian-dice";
const CACHE: &str = "/var/cache/martian-dice";
const SETTINGS: &str = "/etc/martian-dice/martian-dice.env";
const UNITS: &str = "/usr/lib/systemd/system";

/// Runs `command`; fails the test with its output unless it succeeds; returns its stdout.
#[track_caller]
fn run(command: &mut Command) -> String {
    let output = command
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("{command:?}: {e}"));
    assert!(
        output.status.success(),
        "{command:?}: {}\n{}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn installed() -> bool {
    Command::new("dpkg-query")
        .args(["-W", "-f", "${db:Status-Status}", PACKAGE])
        .output()
        .is_ok_and(|out| out.stdout == b"installed")
}

/// Every file and directory under /etc, /usr and /var but what the system changes by itself
/// (dpkg's and apt's records, logs, caches of other programs).
fn files_of_the_system() -> Vec<String> {
    let out = run(Command::new("find").args(["/etc", "/usr", "/var", "-xdev"]));
    let volatile = [
        "/var/lib/dpkg",
        "/var/lib/apt",
        "/var/cache/apt",
        "/var/cache/debconf",
        "/var/cache/man",
        "/var/log",
        "/var/tmp",
        "/var/backups",
    ];
    let mut files: Vec<String> = out
        .lines()
        .filter(|path| {
            !volatile.iter().any(|v| path.starts_with(v)) && !path.contains("__pycache__")
        })
        .map(String::from)
        .collect();
    files.sort();
    files
}

/// The package on this machine from `dpkg -i` on; purged when dropped, whatever happened.
struct Installation;

impl Drop for Installation {
    fn drop(&mut self) {
        if installed() {
            let _ = Command::new("dpkg").args(["--purge", PACKAGE]).status();
        }
    }
}

/// This machine's root seen through an overlay whose changes go to a scratch tmpfs: the
/// container's root. Unmounted when dropped.
struct Overlay {
    tmpfs: PathBuf,
    root: PathBuf,
}

impl Overlay {
    fn mount(dir: &Path) -> Overlay {
        let tmpfs = dir.join("overlay");
        std::fs::create_dir_all(&tmpfs).unwrap();
        run(Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=256m", "tmpfs"])
            .arg(&tmpfs));
        let (upper, work, root) = (tmpfs.join("upper"), tmpfs.join("work"), tmpfs.join("root"));
        for dir in [&upper, &work, &root] {
            std::fs::create_dir(dir).unwrap();
        }
        let overlay = Overlay { tmpfs, root };
        run(Command::new("mount")
            .args(["-t", "overlay", "overlay", "-o"])
            .arg(format!(
                "lowerdir=/,upperdir={},workdir={}",
                upper.display(),
                work.display()
            ))
            .arg(&overlay.root));
        // The container's journal is kept (journald's Storage=auto writes it where this exists).
        std::fs::create_dir_all(upper.join("var/log/journal")).unwrap();
        overlay
    }

    /// The container's journal so far.
    fn journal(&self) -> String {
        let journal = self.tmpfs.join("upper/var/log/journal");
        let out = Command::new("journalctl")
            .arg("-D")
            .arg(journal)
            .args(["--no-pager", "-o", "short-monotonic"])
            .output()
            .expect("journalctl runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }
}

impl Drop for Overlay {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.root).status();
        let _ = Command::new("umount").arg(&self.tmpfs).status();
    }
}

/// A container booted by systemd-nspawn on the overlay, systemd told to start only `units` (the
/// machine's other enabled services, its nginx and PostgreSQL, stay off); the server's
/// directories are the host's. Halted (systemd stops every unit) when dropped.
struct Container {
    nspawn: Child,
}

impl Container {
    fn boot(overlay: &Overlay, unit: &str, wants: &[&str]) -> Container {
        let nspawn = ["/usr/bin/systemd-nspawn", "/bin/systemd-nspawn"]
            .into_iter()
            .find(|p| Path::new(p).is_file())
            .expect("systemd-nspawn is installed (scripts/test installs systemd-container)");
        let mut command = Command::new(nspawn);
        command
            .arg("--quiet")
            .arg("--directory")
            .arg(&overlay.root)
            // No machined or system bus here: nspawn stays in its own cgroup, unregistered.
            .args(["--keep-unit", "--register=no", "--boot", "--console=pipe"])
            .arg(format!("--bind={STATE}"))
            .arg(format!("--bind={CACHE}"))
            .arg("--")
            .arg(format!("systemd.unit={unit}"));
        for want in wants {
            command.arg(format!("systemd.wants={want}"));
        }
        let nspawn = command
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("systemd-nspawn starts");
        Container { nspawn }
    }

    /// Halts the container as a host halts: systemd stops every unit (SIGTERM to the server),
    /// then nspawn exits.
    fn halt(mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.nspawn.id().to_string()])
            .status();
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            if let Some(status) = self.nspawn.try_wait().unwrap() {
                assert!(status.success(), "systemd-nspawn ended with {status}");
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("the container did not halt within a minute");
    }
}

impl Drop for Container {
    /// After a failure: nspawn is told twice (the second SIGTERM ends the container at once; a
    /// killed nspawn would leave the container running).
    fn drop(&mut self) {
        for _ in 0..2 {
            if self.nspawn.try_wait().ok().flatten().is_some() {
                return;
            }
            let _ = Command::new("kill")
                .args(["-TERM", &self.nspawn.id().to_string()])
                .status();
            std::thread::sleep(Duration::from_secs(5));
        }
        let _ = self.nspawn.wait();
    }
}

/// Waits until `what` holds, for at most `limit`; `diagnose` says why not.
fn wait_for(what: &str, limit: Duration, holds: impl Fn() -> bool, diagnose: impl Fn() -> String) {
    let deadline = Instant::now() + limit;
    while !holds() {
        assert!(
            Instant::now() < deadline,
            "{what} within {limit:?}:\n{}",
            diagnose()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The `/proc/PID/status` of the server the container runs (as the martian-dice user).
fn server_status(uid: &str) -> Option<String> {
    std::fs::read_dir("/proc")
        .ok()?
        .flatten()
        .find_map(|entry| {
            let dir = entry.path();
            let comm = std::fs::read_to_string(dir.join("comm")).ok()?;
            let status = std::fs::read_to_string(dir.join("status")).ok()?;
            let owner = status.lines().find_map(|l| l.strip_prefix("Uid:"))?;
            (comm.trim() == PACKAGE && owner.split_whitespace().next() == Some(uid)).then(|| {
                format!(
                    "{status}uid_map: {}",
                    std::fs::read_to_string(dir.join("uid_map")).unwrap_or_default()
                )
            })
        })
}

/// A field of `/proc/PID/status`.
fn field<'a>(status: &'a str, name: &str) -> &'a str {
    status
        .lines()
        .find_map(|l| l.strip_prefix(name).and_then(|l| l.strip_prefix(':')))
        .unwrap_or_else(|| panic!("no {name} in {status}"))
        .trim()
}

/// Owner, group and mode of `path`, as `stat` gives them.
fn owner_and_mode(path: &str) -> String {
    run(Command::new("stat").args(["-c", "%U %G %a", path]))
        .trim()
        .to_string()
}

/// A whole game against the optimal bot (its table computed and stored in the cache directory),
/// quick rules; returns the room and the player's seat token.
async fn play_a_game(addr: SocketAddr) -> (String, String) {
    let mut host = Client::connect(addr).await;
    // (The welcome was read by connect; the public URL comes from the settings file.)
    host.send(json!({"type": "create_room", "name": "Ana"}))
        .await;
    host.recv_type("joined").await;
    let room = host.room_id.clone().unwrap();
    let token = host.token.clone().unwrap();
    host.send(json!({"type": "add_bot", "bot": "optimal"}))
        .await;
    // The round is completed: the bot plays at least once, whoever reaches the target first.
    let rules = json!({"dice": 13, "target": 5, "bonus": "one-of-each", "end": "complete-round", "tie": "shared"});
    host.send(json!({"type": "set_rules", "rules": rules}))
        .await;
    host.until(|r| {
        r["seats"].as_array().is_some_and(|s| s.len() == 2) && r["rules"]["target"] == 5
    })
    .await;
    host.send(json!({"type": "start"})).await;
    host.until(|r| r["status"] == "playing").await;
    while host.room["status"] != "over" {
        if host.my_turn() {
            host.play_one(&host.simple_action()).await;
        } else {
            let message = host.recv().await;
            assert_ne!(message["type"], "error", "{message}");
        }
    }
    host.close().await;
    (room, token)
}

/// Builds the package from the binary under test into `dir` and checks what it holds; returns
/// its path.
fn build_package(dir: &Path) -> String {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    let built = Command::new(&cargo)
        // (--strip: the debug information of a dev build would only make the package slow.)
        .args(["deb", "--no-build", "--profile", "dev", "--fast", "--strip"])
        .arg("--manifest-path")
        .arg(&manifest)
        .arg("--output")
        .arg(dir)
        .output()
        .expect("cargo runs");
    assert!(
        built.status.success(),
        "cargo deb (scripts/test installs it: cargo install cargo-deb --locked): {}",
        String::from_utf8_lossy(&built.stderr)
    );
    let deb = String::from_utf8_lossy(&built.stdout).trim().to_string();
    assert!(deb.ends_with(".deb"), "{deb}");
    // Every file root's; the settings file a conffile, never readable by others.
    let contents = run(Command::new("dpkg-deb").args(["-c", &deb]));
    let shipped = [
        ("-rwxr-xr-x", "/usr/bin/martian-dice"),
        ("-rw-r-----", SETTINGS),
        ("-rw-r--r--", "/usr/lib/systemd/system/martian-dice.service"),
        (
            "-rw-r--r--",
            "/usr/lib/systemd/system/martian-dice-backup.service",
        ),
        (
            "-rw-r--r--",
            "/usr/lib/systemd/system/martian-dice-backup.timer",
        ),
        ("-rw-r--r--", "/usr/lib/sysusers.d/martian-dice.conf"),
        (
            "-rw-r--r--",
            "/usr/share/doc/martian-dice/examples/nginx.conf",
        ),
        (
            "-rw-r--r--",
            "/usr/share/doc/martian-dice/examples/nginx-cluster.conf",
        ),
        ("-rw-r--r--", "/usr/share/doc/martian-dice/README.md"),
    ];
    for (mode, path) in shipped {
        assert!(
            contents
                .lines()
                .any(|l| l.starts_with(mode) && l.contains(" 0/0 ") && l.ends_with(path)),
            "{mode} {path} in the package:\n{contents}"
        );
    }
    let control = dir.join("control");
    run(Command::new("dpkg-deb").args(["-e", &deb]).arg(&control));
    assert_eq!(
        std::fs::read_to_string(control.join("conffiles"))
            .unwrap()
            .trim(),
        SETTINGS
    );
    deb
}

/// Installs `deb` and checks what dpkg made of it; returns the system user's id.
fn install(deb: &str) -> String {
    run(Command::new("dpkg").args(["-i", deb]));
    let user = run(Command::new("getent").args(["passwd", PACKAGE]));
    let fields: Vec<&str> = user.trim().split(':').collect();
    assert_eq!(fields[5], STATE, "the user's home: {user}");
    assert!(fields[6].ends_with("nologin"), "no login: {user}");
    assert!(
        fields[2].parse::<u32>().unwrap() < 1000,
        "a system user: {user}"
    );
    assert_eq!(owner_and_mode(SETTINGS), "root root 640");
    for (shipped, installed) in [
        ("martian-dice.service", "/usr/lib/systemd/system/"),
        ("martian-dice-backup.service", "/usr/lib/systemd/system/"),
        ("martian-dice-backup.timer", "/usr/lib/systemd/system/"),
        ("nginx.conf", "/usr/share/doc/martian-dice/examples/"),
        (
            "nginx-cluster.conf",
            "/usr/share/doc/martian-dice/examples/",
        ),
    ] {
        let installed = format!("{installed}{shipped}");
        let shipped = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../deploy")
            .join(shipped);
        assert_eq!(
            std::fs::read(shipped).unwrap(),
            std::fs::read(&installed).unwrap(),
            "{installed} is deploy/'s"
        );
    }
    // The server is enabled (started at boot); the backups are not, until the host asks.
    assert!(
        Path::new("/etc/systemd/system/multi-user.target.wants/martian-dice.service").is_symlink(),
        "martian-dice.service is enabled"
    );
    assert!(
        !Path::new("/etc/systemd/system/timers.target.wants/martian-dice-backup.timer").exists()
    );
    // systemd reads the installed units without a complaint.
    let verify = Command::new("systemd-analyze")
        .arg("verify")
        .args(
            [
                "martian-dice.service",
                "martian-dice-backup.service",
                "martian-dice-backup.timer",
            ]
            .map(|u| format!("{UNITS}/{u}")),
        )
        .output()
        .unwrap();
    assert!(
        verify.status.success() && verify.stderr.is_empty(),
        "systemd-analyze verify: {}",
        String::from_utf8_lossy(&verify.stderr)
    );
    fields[2].to_string()
}

/// What a host sets in the settings file: the address nginx reaches, the public address.
fn configure() -> SocketAddr {
    use std::io::Write;
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let mut settings = std::fs::OpenOptions::new()
        .append(true)
        .open(SETTINGS)
        .unwrap();
    writeln!(settings, "MARTIAN_DICE_ADDR={addr}").unwrap();
    writeln!(settings, "MARTIAN_DICE_PUBLIC_URL=https://dice.example.org").unwrap();
    assert_eq!(owner_and_mode(SETTINGS), "root root 640");
    addr
}

/// The journal's lines about the server's units.
fn server_lines(overlay: &Overlay) -> String {
    overlay
        .journal()
        .lines()
        .filter(|l| l.contains("martian-dice"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Boots the container with the server's unit; checks that systemd runs it as the unit says and
/// that it serves a whole game; halts the container (the server stops gracefully). Returns the
/// room and the player's seat token.
async fn serve_a_game_under_systemd(
    overlay: &Overlay,
    addr: SocketAddr,
    uid: &str,
) -> (String, String) {
    let booted = Instant::now();
    let container = Container::boot(overlay, "martian-dice.service", &[]);
    tokio::task::block_in_place(|| {
        wait_for(
            "the server listens",
            Duration::from_secs(60),
            || std::net::TcpStream::connect(addr).is_ok(),
            || overlay.journal(),
        )
    });
    println!(
        "the server listened {:.1} s after systemd-nspawn started",
        booted.elapsed().as_secs_f64()
    );
    // As the unit says: its user, no capability, no new privileges, a system call filter, a
    // user namespace of its own; its directories private to it; its settings read.
    let status =
        server_status(uid).unwrap_or_else(|| panic!("no server process: {}", overlay.journal()));
    assert_eq!(field(&status, "NoNewPrivs"), "1", "{status}");
    assert_eq!(field(&status, "Seccomp"), "2", "{status}");
    assert_eq!(field(&status, "CapEff"), "0000000000000000", "{status}");
    assert_eq!(field(&status, "CapBnd"), "0000000000000000", "{status}");
    assert!(
        !status.contains("uid_map:          0          0 4294967295"),
        "PrivateUsers: {status}"
    );
    assert_eq!(owner_and_mode(STATE), "martian-dice martian-dice 700");
    assert_eq!(owner_and_mode(CACHE), "martian-dice martian-dice 700");
    let (status, page) = http_get(addr, "/").await;
    assert_eq!(status, 200, "{page}");
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
    use futures_util::StreamExt;
    let welcome = ws.next().await.unwrap().unwrap();
    let welcome: serde_json::Value = serde_json::from_str(welcome.to_text().unwrap()).unwrap();
    assert_eq!(
        welcome["public_url"], "https://dice.example.org",
        "{welcome}"
    );
    drop(ws);

    // A whole game, the bot's table computed and kept in the cache directory.
    let (room, token) = play_a_game(addr).await;
    let record = format!("/api/rooms/{room}/games/1/record");
    assert_eq!(http_get(addr, &record).await.0, 200);
    assert_eq!(
        owner_and_mode(&format!("{STATE}/server.db")),
        "martian-dice martian-dice 600"
    );
    let tables = std::fs::read_dir(CACHE).unwrap().count();
    assert!(tables > 0, "the solver's table is kept in {CACHE}");

    // The host halts: the server stops gracefully.
    tokio::task::block_in_place(|| container.halt());
    let lines = server_lines(overlay);
    for needle in [
        "listening on http://",
        "\"message\":\"stopped\"",
        "martian-dice.service: Deactivated successfully",
    ] {
        assert!(
            lines.contains(needle),
            "no {needle:?} in the journal:\n{lines}"
        );
    }
    for needle in [
        "\"level\":\"WARN\"",
        "\"level\":\"ERROR\"",
        "Failed",
        "failed",
    ] {
        assert!(
            !lines.contains(needle),
            "{needle:?} in the journal:\n{lines}"
        );
    }
    (room, token)
}

/// Boots the container again with the backup unit as well: the backup is taken while the server
/// serves the room again; a server started on a copy of it has the game.
async fn back_up_while_serving(
    overlay: &Overlay,
    addr: SocketAddr,
    room: &str,
    token: &str,
    dir: &Path,
) {
    let container = Container::boot(
        overlay,
        "martian-dice.service",
        &["martian-dice-backup.service"],
    );
    tokio::task::block_in_place(|| {
        wait_for(
            "the backup",
            Duration::from_secs(60),
            || {
                overlay
                    .journal()
                    .contains("Finished martian-dice-backup.service")
            },
            || overlay.journal(),
        );
        wait_for(
            "the server listens again",
            Duration::from_secs(60),
            || std::net::TcpStream::connect(addr).is_ok(),
            || overlay.journal(),
        );
    });
    let record = format!("/api/rooms/{room}/games/1/record");
    let mut back = Client::connect(addr).await;
    back.send(json!({"type": "resume", "room": room, "token": token}))
        .await;
    back.recv_type("joined").await;
    assert_eq!(http_get(addr, &record).await.0, 200);
    back.close().await;
    tokio::task::block_in_place(|| container.halt());
    let backups: Vec<PathBuf> = std::fs::read_dir(format!("{STATE}/backups"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(backups.len(), 1, "{backups:?}");
    let backup = backups[0].to_str().unwrap();
    assert!(
        backup.starts_with(&format!("{STATE}/backups/server-")) && backup.ends_with("Z.db"),
        "{backup}"
    );
    assert_eq!(owner_and_mode(backup), "martian-dice martian-dice 600");
    let copy = dir.join("copy.db");
    std::fs::copy(backup, &copy).unwrap();
    let restored = tokio::task::block_in_place(|| ServeProcess::start(&copy, &[], &[]));
    assert_eq!(
        http_get(restored.addr, &record).await.0,
        200,
        "the backup has the game"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_debian_package_installs_serves_a_game_under_systemd_backs_up_and_purges_clean() {
    assert_eq!(
        run(Command::new("id").arg("-u")).trim(),
        "0",
        "the package test installs a package: run it as root (CI does)"
    );
    // One run at a time on this machine (the lock is released when the file closes).
    let lock =
        std::fs::File::create(std::env::temp_dir().join("martian-dice-package-test.lock")).unwrap();
    tokio::task::block_in_place(|| lock.lock()).unwrap();
    assert!(
        !installed(),
        "martian-dice is installed on this machine: the test installs and purges its own"
    );
    for dir in [STATE, CACHE] {
        assert!(
            !Path::new(dir).exists(),
            "{dir} exists on this machine: the test would use it"
        );
    }
    let dir = scratch("deb");
    let before = tokio::task::block_in_place(files_of_the_system);
    let started = Instant::now();
    let deb = tokio::task::block_in_place(|| build_package(&dir));
    println!("packaged in {:.1} s", started.elapsed().as_secs_f64());

    let installation = Installation;
    let uid = tokio::task::block_in_place(|| install(&deb));
    let addr = configure();
    // The server's directories are the host's (systemd makes them its user's).
    for dir in [STATE, CACHE] {
        std::fs::create_dir(dir).unwrap();
    }
    let overlay = tokio::task::block_in_place(|| Overlay::mount(&dir));
    let (room, token) = serve_a_game_under_systemd(&overlay, addr, &uid).await;
    // An upgrade (the same package again) keeps the host's settings.
    run(Command::new("dpkg").args(["-i", &deb]));
    let settings = std::fs::read_to_string(SETTINGS).unwrap();
    assert!(
        settings.contains(&format!("MARTIAN_DICE_ADDR={addr}\n")),
        "{settings}"
    );
    assert_eq!(owner_and_mode(SETTINGS), "root root 640");
    back_up_while_serving(&overlay, addr, &room, &token, &dir).await;
    drop(overlay);

    // Removed, the settings and the data stay; purged, not a file of it is left (the system
    // user stays, as Debian's do).
    let listed = run(Command::new("dpkg").args(["-L", PACKAGE]));
    run(Command::new("dpkg").args(["-r", PACKAGE]));
    assert!(!Path::new("/usr/bin/martian-dice").exists());
    for kept in [SETTINGS, &format!("{STATE}/server.db")] {
        assert!(Path::new(kept).exists(), "{kept} is kept by dpkg -r");
    }
    run(Command::new("dpkg").args(["--purge", PACKAGE]));
    assert!(!installed());
    drop(installation);
    for path in listed.lines().chain([STATE, CACHE, "/etc/martian-dice"]) {
        let path = Path::new(path);
        assert!(
            !path.exists() || path.is_dir() && std::fs::read_dir(path).unwrap().next().is_some(),
            "{} is left after the purge",
            path.display()
        );
    }
    let after = tokio::task::block_in_place(files_of_the_system);
    let left: Vec<&String> = after
        .iter()
        .filter(|f| before.binary_search(f).is_err())
        .collect();
    assert!(left.is_empty(), "left after the purge: {left:?}");
    println!(
        "the whole test took {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&dir);
    drop(lock);
}
