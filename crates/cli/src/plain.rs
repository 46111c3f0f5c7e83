//! The line-mode game (`martian-dice play --plain`) and the sentences every text output shares.

pub mod messages;
