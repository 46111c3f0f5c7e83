//! The command line tested as a user runs it: the real binary, its stdout, stderr and exit code,
//! its files. One test binary; one module per command or theme. What the modules share — running
//! the binary, scratch directories, `serve` processes, tmux — is in [`util`]; the WebSocket
//! client, PostgreSQL and nginx come from `martian-testkit`, shared with the server's tests.
//!
//! The tests run in parallel threads of this one process: each uses its own scratch directory,
//! tmux socket and port 0, and sets environment variables only on the commands it starts.

mod util;

mod accounts;
mod advise;
mod arena;
mod card;
mod challenge;
mod deploy;
mod lang;
mod package;
mod plain;
mod plot;
mod quad;
mod replay;
mod review;
mod rules;
mod serve;
mod serve_cluster;
mod serve_hosting;
mod serve_process;
mod solve;
mod teach_card;
mod trio;
mod tui_e2e;
mod turn;
