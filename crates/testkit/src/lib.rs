//! Test support shared by the crates' integration tests and the server's load example: a
//! WebSocket client speaking the game's protocol ([`ws`]), a PostgreSQL server of the tests' own
//! ([`postgres`]), nginx in front of game processes ([`nginx`]) and the load driver ([`load`]).
//! A dev-dependency only: nothing shipped depends on it.

pub mod load;
pub mod nginx;
pub mod postgres;
pub mod ws;
