//! The text frames written to a client: the header made here, head and body written together.

use futures_util::SinkExt;
use tokio::io::AsyncWriteExt;
use tokio_tungstenite::tungstenite::protocol::frame::FrameHeader;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};

use crate::rooms::outbox::Text;

use super::Socket;

/// Sends a text message as one frame written straight to the connection, header and shared
/// text in one vectored write. Through the WebSocket layer, the text would be copied into a
/// buffer of the connection's that keeps the size of the largest message ever sent: updates
/// grow with a game's history, and those buffers were a third of the server's memory.
pub(super) async fn send_text(socket: &mut Socket, text: Text) -> bool {
    // Whatever the WebSocket layer still holds (a pong, say) goes first, whole, so that frames
    // never interleave.
    if socket.flush().await.is_err() {
        return false;
    }
    let (header, header_len) = text_frame_header(text.len());
    write_all_vectored(socket.get_mut(), &header[..header_len], text.as_bytes())
        .await
        .is_ok()
}

/// The header of an unmasked, final text frame with a payload of `len` bytes (as a server
/// sends it), formatted by the WebSocket library; returns the bytes and how many are used.
pub(super) fn text_frame_header(len: usize) -> ([u8; 10], usize) {
    let header = FrameHeader {
        is_final: true,
        opcode: OpCode::Data(Data::Text),
        mask: None,
        ..FrameHeader::default()
    };
    let mut bytes = [0u8; 10];
    let mut cursor = std::io::Cursor::new(&mut bytes[..]);
    // An unmasked header is at most 10 bytes: this cannot fail.
    let formatted = header.format(len as u64, &mut cursor);
    debug_assert!(formatted.is_ok());
    let used = cursor.position() as usize;
    (bytes, used)
}

/// Writes `head` then `body`, as few system calls as the connection takes them in.
pub(super) async fn write_all_vectored(
    io: &mut (impl tokio::io::AsyncWrite + Unpin),
    mut head: &[u8],
    mut body: &[u8],
) -> std::io::Result<()> {
    use std::io::IoSlice;
    while !head.is_empty() || !body.is_empty() {
        let written = io
            .write_vectored(&[IoSlice::new(head), IoSlice::new(body)])
            .await?;
        if written == 0 {
            return Err(std::io::ErrorKind::WriteZero.into());
        }
        let from_head = written.min(head.len());
        head = &head[from_head..];
        body = &body[written - from_head..];
    }
    io.flush().await
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Our frames, read back by the WebSocket library's own parser, at each length encoding
    /// (7 bits, 16 bits, 64 bits) and their edges.
    #[test]
    fn text_frame_headers_parse_back_as_final_unmasked_text_frames() {
        for len in [0, 1, 125, 126, 127, 65_535, 65_536, 1 << 20] {
            let (bytes, used) = text_frame_header(len);
            let expected = match len {
                0..=125 => 2,
                126..=65_535 => 4,
                _ => 10,
            };
            assert_eq!(used, expected, "header size for {len} bytes");
            let mut cursor = std::io::Cursor::new(&bytes[..used]);
            let (header, length) = FrameHeader::parse(&mut cursor)
                .expect("a valid header")
                .expect("a whole header");
            assert_eq!(length, len as u64);
            assert!(header.is_final && header.mask.is_none());
            assert_eq!(header.opcode, OpCode::Data(Data::Text));
            assert!(!header.rsv1 && !header.rsv2 && !header.rsv3);
        }
    }

    /// A writer that takes at most `step` bytes per call: partial writes resume where they
    /// stopped, across the head and the body.
    #[tokio::test]
    async fn vectored_writes_resume_after_partial_writes() {
        struct Trickle {
            written: Vec<u8>,
            step: usize,
        }
        impl tokio::io::AsyncWrite for Trickle {
            fn poll_write(
                mut self: std::pin::Pin<&mut Self>,
                _: &mut std::task::Context<'_>,
                buf: &[u8],
            ) -> std::task::Poll<std::io::Result<usize>> {
                let n = buf.len().min(self.step);
                self.written.extend_from_slice(&buf[..n]);
                std::task::Poll::Ready(Ok(n))
            }
            fn poll_flush(
                self: std::pin::Pin<&mut Self>,
                _: &mut std::task::Context<'_>,
            ) -> std::task::Poll<std::io::Result<()>> {
                std::task::Poll::Ready(Ok(()))
            }
            fn poll_shutdown(
                self: std::pin::Pin<&mut Self>,
                _: &mut std::task::Context<'_>,
            ) -> std::task::Poll<std::io::Result<()>> {
                std::task::Poll::Ready(Ok(()))
            }
        }
        for step in [1, 2, 3, 7, 100] {
            let mut io = Trickle {
                written: Vec::new(),
                step,
            };
            write_all_vectored(&mut io, b"head", b"and the body")
                .await
                .unwrap();
            assert_eq!(io.written, b"headand the body", "{step} bytes at a time");
        }
    }
}
