//! One module per subcommand, each in its own directory: `mod.rs` parses the arguments and runs
//! the command; the words it prints for people live beside it (`messages.rs`).

pub mod accounts;
pub mod advise;
pub mod arena;
pub mod backup;
pub mod card;
pub mod challenge;
pub mod play;
pub mod plot;
pub mod replay;
pub mod review;
pub mod rules;
pub mod serve;
pub mod solve;
pub mod train;
pub mod turn;
