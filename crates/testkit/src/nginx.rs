//! nginx of a test's own on 127.0.0.1, from a file of `deploy/` as shipped: the lines the file
//! marks `TEST: drop` are left out (TLS, IPv6, the redirect), `TEST: listen` listens on a free
//! port, and the `TEST: upstream` lines become the test's game processes. Debian's nginx
//! (`scripts/test` installs it); a missing nginx fails the test. Stopped when dropped. Also used
//! by the load example (`crates/server/examples/load`, `--cluster`), hence room for many
//! connections.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

#[derive(Debug)]
pub struct Nginx {
    child: Child,
    pub addr: SocketAddr,
    dir: PathBuf,
}

/// `deploy/NAME` made to listen on `listen` in front of `upstreams`.
pub fn site(name: &str, listen: SocketAddr, upstreams: &[SocketAddr]) -> String {
    let deploy = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../deploy")
        .join(name);
    let shipped = std::fs::read_to_string(&deploy)
        .unwrap_or_else(|e| panic!("reading {}: {e}", deploy.display()));
    let mut listed = false;
    let mut listening = false;
    let mut site = Vec::new();
    for line in shipped.lines() {
        if line.contains("TEST: drop") {
            continue;
        }
        if line.contains("TEST: listen") {
            site.push(format!("    listen {listen};"));
            listening = true;
        } else if line.contains("TEST: upstream") {
            // The first upstream line keeps its options for every test process.
            if !listed {
                let options = line
                    .split('#')
                    .next()
                    .unwrap()
                    .trim()
                    .trim_end_matches(';')
                    .split_whitespace()
                    .skip(2)
                    .collect::<Vec<_>>()
                    .join(" ");
                for upstream in upstreams {
                    site.push(format!("    server {upstream} {options};"));
                }
                listed = true;
            }
        } else {
            site.push(line.to_string());
        }
    }
    assert!(
        listed && listening,
        "deploy/{name} marks its upstream and listen lines"
    );
    site.join("\n")
}

/// nginx's binary: Debian's (`scripts/test` installs it); a missing nginx fails the test.
fn binary() -> &'static str {
    ["/usr/sbin/nginx", "/usr/bin/nginx"]
        .into_iter()
        .find(|p| Path::new(p).is_file())
        .expect("nginx is installed (scripts/test installs Debian's nginx)")
}

/// `nginx -t` on `deploy/NAME` whole, as a host installs it, TLS included: only its certificate
/// paths point at a self-signed certificate made here (with openssl) for dice.example.org.
/// Returns nginx's complaint, if any.
pub fn check_as_shipped(dir: &Path, name: &str) -> Result<(), String> {
    std::fs::create_dir_all(dir).unwrap();
    let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
    let made = Command::new("openssl")
        .args([
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
        ])
        .args([
            "-nodes",
            "-days",
            "2",
            "-subj",
            "/CN=dice.example.org",
            "-keyout",
        ])
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .output()
        .expect("openssl is installed (scripts/test installs it)");
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let deploy = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../deploy")
        .join(name);
    let site = std::fs::read_to_string(&deploy)
        .unwrap()
        .replace(
            "/etc/letsencrypt/live/dice.example.org/fullchain.pem",
            &cert.display().to_string(),
        )
        .replace(
            "/etc/letsencrypt/live/dice.example.org/privkey.pem",
            &key.display().to_string(),
        );
    let d = dir.display();
    let config = format!(
        "pid {d}/nginx.pid;\nerror_log {d}/error.log warn;\nevents {{}}\n\
         http {{\n  client_body_temp_path {d}/body;\n  proxy_temp_path {d}/proxy;\n  \
         fastcgi_temp_path {d}/fastcgi;\n  uwsgi_temp_path {d}/uwsgi;\n  scgi_temp_path {d}/scgi;\n\
         {site}\n}}\n"
    );
    let path = dir.join("nginx.conf");
    std::fs::write(&path, config).unwrap();
    let check = Command::new(binary())
        .arg("-t")
        .arg("-p")
        .arg(dir)
        .arg("-c")
        .arg(&path)
        .output()
        .unwrap();
    if check.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&check.stderr).into_owned())
    }
}

impl Nginx {
    /// Starts `deploy/NAME` in `dir` (the test's scratch directory).
    pub fn start(dir: &Path, name: &str, upstreams: &[SocketAddr]) -> Nginx {
        let binary = binary();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        std::fs::create_dir_all(dir).unwrap();
        let site = site(name, addr, upstreams);
        let d = dir.display();
        let config = format!(
            "worker_processes 1;\nworker_rlimit_nofile 65536;\npid {d}/nginx.pid;\n\
             error_log {d}/error.log warn;\ndaemon off;\n\
             events {{ worker_connections 30000; }}\n\
             http {{\n  access_log off;\n  client_body_temp_path {d}/body;\n  \
             proxy_temp_path {d}/proxy;\n  fastcgi_temp_path {d}/fastcgi;\n  uwsgi_temp_path {d}/uwsgi;\n  \
             scgi_temp_path {d}/scgi;\n{site}\n}}\n"
        );
        let path = dir.join("nginx.conf");
        std::fs::write(&path, config).unwrap();
        let check = Command::new(binary)
            .arg("-t")
            .arg("-p")
            .arg(dir)
            .arg("-c")
            .arg(&path)
            .output()
            .unwrap();
        assert!(
            check.status.success(),
            "deploy/{name} does not pass nginx -t: {}",
            String::from_utf8_lossy(&check.stderr)
        );
        let child = Command::new(binary)
            .arg("-p")
            .arg(dir)
            .arg("-c")
            .arg(&path)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // From here on Drop stops nginx, whatever happens.
        let nginx = Nginx {
            child,
            addr,
            dir: dir.to_path_buf(),
        };
        for _ in 0..200 {
            if std::net::TcpStream::connect(addr).is_ok() {
                return nginx;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("nginx did not listen on {addr}");
    }

    /// nginx's error log so far.
    pub fn errors(&self) -> String {
        std::fs::read_to_string(self.dir.join("error.log")).unwrap_or_default()
    }
}

impl Drop for Nginx {
    /// A fast stop: the master stops its workers (a killed master would leave them running,
    /// holding the test's pipes; SIGQUIT would wait for the open WebSockets).
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let _ = self.child.wait();
    }
}
