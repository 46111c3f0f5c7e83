//! The rooms: a room's task (lobby, bots, presence, chat, refusals), the game at its table, what
//! its members are sent, and the registry of the rooms this process holds.

pub(crate) mod registry;
pub(crate) mod room;
pub mod table;
pub(crate) mod views;
