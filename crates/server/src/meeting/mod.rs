//! Meeting: room codes and their QR images, the public listing, quick match, chat, avatars and
//! "your games".

pub(crate) mod codes;
pub(crate) mod directory;
pub(crate) mod matcher;
pub(crate) mod qr;
pub(crate) mod yours;
