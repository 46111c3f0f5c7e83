//! Frames that break RFC 6455, written raw over a TCP socket: the server answers each with a
//! close frame (1002, or 1007 for text that is not UTF-8) before it ends the connection,
//! instead of dropping the TCP connection unannounced.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::server;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const WAIT: Duration = Duration::from_secs(10);

/// A WebSocket connection after its handshake, read frame by frame.
struct Raw {
    stream: TcpStream,
    /// Bytes read and not yet parsed.
    buffer: Vec<u8>,
}

impl Raw {
    async fn connect(addr: SocketAddr) -> Raw {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream
            .write_all(
                b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n\
                  Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
                  Sec-WebSocket-Version: 13\r\n\r\n",
            )
            .await
            .unwrap();
        let mut raw = Raw {
            stream,
            buffer: Vec::new(),
        };
        let end = loop {
            if let Some(at) = raw.buffer.windows(4).position(|w| w == b"\r\n\r\n") {
                break at + 4;
            }
            assert!(raw.fill().await, "the handshake's answer");
        };
        let head = String::from_utf8_lossy(&raw.buffer[..end]).to_string();
        assert!(head.starts_with("HTTP/1.1 101"), "{head}");
        raw.buffer.drain(..end);
        // The welcome comes first.
        let (opcode, payload) = raw.frame().await.expect("the welcome");
        assert_eq!(opcode, 1);
        assert!(String::from_utf8(payload).unwrap().contains("welcome"));
        raw
    }

    /// Reads more bytes; false at the end of the connection.
    async fn fill(&mut self) -> bool {
        let mut chunk = [0u8; 4096];
        let read = tokio::time::timeout(WAIT, self.stream.read(&mut chunk))
            .await
            .expect("the server answers within the wait");
        match read {
            Ok(0) | Err(_) => false,
            Ok(n) => {
                self.buffer.extend_from_slice(&chunk[..n]);
                true
            }
        }
    }

    /// The next frame the server sends (opcode, payload), or None at the connection's end.
    async fn frame(&mut self) -> Option<(u8, Vec<u8>)> {
        loop {
            if let Some((opcode, payload, used)) = parse(&self.buffer) {
                self.buffer.drain(..used);
                return Some((opcode, payload));
            }
            if !self.fill().await {
                assert!(self.buffer.is_empty(), "a frame cut short");
                return None;
            }
        }
    }

    /// Sends `bytes`, then reads to the close frame: its code and reason; and checks that the
    /// connection ends after it.
    async fn answer_to(mut self, bytes: &[u8]) -> (u16, String) {
        self.stream.write_all(bytes).await.unwrap();
        loop {
            let (opcode, payload) = self
                .frame()
                .await
                .expect("a close frame before the connection ends");
            if opcode == 8 {
                assert!(payload.len() >= 2, "a close frame with a code");
                let code = u16::from_be_bytes([payload[0], payload[1]]);
                let reason = String::from_utf8(payload[2..].to_vec()).unwrap();
                // Nothing follows the close frame but the end of the connection.
                assert_eq!(self.frame().await, None);
                return (code, reason);
            }
        }
    }
}

/// A whole unmasked frame at the start of `bytes`: opcode, payload and bytes used.
fn parse(bytes: &[u8]) -> Option<(u8, Vec<u8>, usize)> {
    let [first, second, ..] = *bytes else {
        return None;
    };
    assert_eq!(second & 0x80, 0, "the server masks no frame");
    let (len, at) = match second & 0x7f {
        126 => (
            u16::from_be_bytes(bytes.get(2..4)?.try_into().unwrap()) as usize,
            4,
        ),
        127 => (
            u64::from_be_bytes(bytes.get(2..10)?.try_into().unwrap()) as usize,
            10,
        ),
        len => (len as usize, 2),
    };
    let payload = bytes.get(at..at + len)?;
    Some((first & 0x0f, payload.to_vec(), at + len))
}

/// A client frame: `first` is the byte of FIN, RSV and opcode; masked unless told otherwise.
fn frame(first: u8, payload: &[u8], masked: bool) -> Vec<u8> {
    let mask = [0x37, 0xfa, 0x21, 0x3d];
    let mut bytes = vec![first];
    let mask_bit = if masked { 0x80 } else { 0 };
    match payload.len() {
        len @ 0..=125 => bytes.push(mask_bit | len as u8),
        len => {
            bytes.push(mask_bit | 126);
            bytes.extend_from_slice(&(len as u16).to_be_bytes());
        }
    }
    if masked {
        bytes.extend_from_slice(&mask);
        bytes.extend(payload.iter().zip(mask.iter().cycle()).map(|(b, m)| b ^ m));
    } else {
        bytes.extend_from_slice(payload);
    }
    bytes
}

const FIN: u8 = 0x80;
const RSV1: u8 = 0x40;
const TEXT: u8 = 0x1;
const CLOSE: u8 = 0x8;
const PING: u8 = 0x9;

fn close_payload(code: u16, reason: &[u8]) -> Vec<u8> {
    let mut payload = code.to_be_bytes().to_vec();
    payload.extend_from_slice(reason);
    payload
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_protocol_violation_is_answered_with_a_close_frame() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    let ping = r#"{"type":"ping"}"#.as_bytes();
    let cases: Vec<(&str, Vec<u8>, u16, &str)> = vec![
        (
            "text that is not UTF-8",
            frame(FIN | TEXT, b"{\"type\":\"p\xffng\"}", true),
            1007,
            "text that is not UTF-8",
        ),
        (
            "text cut inside a character, over two fragments",
            [
                frame(
                    TEXT,
                    "{\"name\":\"\u{e9}".as_bytes().split_last().unwrap().1,
                    true,
                ),
                frame(FIN, b"\"}", true),
            ]
            .concat(),
            1007,
            "text that is not UTF-8",
        ),
        (
            "an unmasked frame",
            frame(FIN | TEXT, ping, false),
            1002,
            "a client frame must be masked",
        ),
        (
            "RSV1 without an extension",
            frame(FIN | RSV1 | TEXT, ping, true),
            1002,
            "reserved bits set without an extension",
        ),
        (
            "a reserved data opcode",
            frame(FIN | 0x3, ping, true),
            1002,
            "an unknown opcode",
        ),
        (
            "a reserved control opcode",
            frame(FIN | 0xb, b"", true),
            1002,
            "an unknown opcode",
        ),
        (
            "a ping of 126 bytes",
            frame(FIN | PING, &[b'x'; 126], true),
            1002,
            "a control frame over 125 bytes",
        ),
        (
            "a continuation with nothing to continue",
            frame(FIN, ping, true),
            1002,
            "a fragment out of sequence",
        ),
        (
            "a close frame of one byte",
            frame(FIN | CLOSE, &[3], true),
            1002,
            "a malformed close frame",
        ),
        (
            "a close reason that is not UTF-8",
            frame(FIN | CLOSE, &close_payload(1000, b"bye \xff"), true),
            1007,
            "text that is not UTF-8",
        ),
    ];
    for (what, bytes, code, reason) in &cases {
        let answer = Raw::connect(addr).await.answer_to(bytes).await;
        assert_eq!(answer, (*code, reason.to_string()), "{what}");
    }
    // Close codes a client may not send are answered with 1002, the others echoed.
    for code in [0, 999, 1004, 1005, 1006, 1015, 1016, 2999, 5000] {
        let bytes = frame(FIN | CLOSE, &close_payload(code, b""), true);
        let (answer, _) = Raw::connect(addr).await.answer_to(&bytes).await;
        assert_eq!(answer, 1002, "a close frame with code {code}");
    }
    for code in [1000, 1001, 3000, 4999] {
        let bytes = frame(FIN | CLOSE, &close_payload(code, b"bye"), true);
        let (answer, _) = Raw::connect(addr).await.answer_to(&bytes).await;
        assert_eq!(answer, code, "a close frame with code {code}");
    }
    // A well-formed message on a raw connection is answered as on any other.
    let mut raw = Raw::connect(addr).await;
    raw.stream
        .write_all(&frame(FIN | TEXT, ping, true))
        .await
        .unwrap();
    let (opcode, pong) = raw.frame().await.unwrap();
    let pong: serde_json::Value = serde_json::from_slice(&pong).unwrap();
    assert_eq!((opcode, &pong["type"]), (1, &serde_json::json!("pong")));
    running.abort();
}
