//! The network edge: accepting connections, the HTTP routes, the WebSocket frames and the
//! outbox each connection reads from, the trusted proxies, and the words for malformed frames.

pub(crate) mod accept;
pub(crate) mod finished;
pub(crate) mod http;
pub(crate) mod malformed;
pub(crate) mod outbox;
pub(crate) mod proxies;
pub(crate) mod ws;
