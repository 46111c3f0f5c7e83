//! The chat's words: free text cleaned to plain, visible, one-line text; the lines as sent and
//! stored; a room's bounded history; and the token buckets that pace writers.

use std::collections::VecDeque;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tokio::time::Instant;

use crate::state::avatars::Avatar;

pub use crate::state::{CHAT_HISTORY, CHAT_HISTORY_BYTES, MAX_CHAT_CHARS};

/// Why a line of free text is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChatTextError {
    #[error("the message is empty")]
    Empty,
    #[error("the message is longer than {MAX_CHAT_CHARS} characters")]
    TooLong,
    /// What names refuse as not text is refused here too (the rest of what names refuse, the
    /// chat cleans away).
    #[error("the message has characters that are not text (noncharacters or annotation marks)")]
    NotText,
}

/// Characters that change the direction of text, or separate lines and paragraphs without being
/// line breaks, or show nothing at all (format characters): removed from chat lines.
fn is_removed(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{061C}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}' | '\u{E0000}'..='\u{E007F}')
}

/// Cleans a line of free text: control characters, line and paragraph separators become spaces;
/// characters that reorder text or show nothing are removed; runs of spaces become one; the ends
/// are trimmed. Everything else — markup included — is kept as the characters it is. A line with
/// noncharacters or interlinear annotation marks is refused, as a name with them is.
pub fn clean_text(text: &str) -> Result<String, ChatTextError> {
    if text.chars().any(martian_protocol::is_not_text) {
        return Err(ChatTextError::NotText);
    }
    let mut clean = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars() {
        if is_removed(c) {
            continue;
        }
        if c.is_control() || c.is_whitespace() || matches!(c, '\u{2028}' | '\u{2029}') {
            space = !clean.is_empty();
            continue;
        }
        if space {
            clean.push(' ');
            space = false;
        }
        clean.push(c);
    }
    let chars = clean.chars().count();
    if chars == 0 {
        return Err(ChatTextError::Empty);
    }
    if chars > MAX_CHAT_CHARS {
        return Err(ChatTextError::TooLong);
    }
    Ok(clean)
}

/// What a chat line says: a phrase's id (each reader sees it in their language) or free text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Said {
    Phrase(String),
    Text(String),
}

/// A chat line as sent and stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    /// The room's count of lines: 1 for its first.
    pub n: u64,
    /// When the server took it, in milliseconds since 1970.
    pub at: i64,
    pub seat: Option<usize>,
    pub name: String,
    pub avatar: Option<Avatar>,
    pub spectator: bool,
    /// The name is an account's, its writer signed in as it (the mark beside it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub claimed: bool,
    #[serde(flatten)]
    pub said: Said,
}

/// A room's last lines, as JSON ready to send, bounded in count and bytes.
#[derive(Debug, Default)]
pub struct ChatLog {
    lines: VecDeque<Box<str>>,
    bytes: usize,
    /// The number of the last line (0 before the first).
    pub last: u64,
}

impl ChatLog {
    /// The log of stored lines (JSON, oldest first).
    pub fn restore(stored: Vec<String>) -> ChatLog {
        let mut log = ChatLog::default();
        for line in stored {
            if let Ok(parsed) = serde_json::from_str::<ChatLine>(&line) {
                log.last = log.last.max(parsed.n);
                log.push(line.into_boxed_str());
            }
        }
        log
    }

    /// Adds a line (JSON), dropping the oldest beyond the bounds.
    pub fn push(&mut self, line: Box<str>) {
        self.bytes += line.len();
        self.lines.push_back(line);
        while self.lines.len() > CHAT_HISTORY
            || (self.bytes > CHAT_HISTORY_BYTES && self.lines.len() > 1)
        {
            if let Some(old) = self.lines.pop_front() {
                self.bytes -= old.len();
            }
        }
    }

    /// The lines kept, as a JSON list.
    pub fn json_list(&self) -> String {
        self.json_list_without(|_| false)
    }

    /// The lines as a JSON list, without those `hidden` says.
    pub fn json_list_without(&self, hidden: impl Fn(&str) -> bool) -> String {
        let mut json = String::with_capacity(self.bytes + self.lines.len() + 2);
        json.push('[');
        for line in self.lines.iter().filter(|line| !hidden(line)) {
            if json.len() > 1 {
                json.push(',');
            }
            json.push_str(line);
        }
        json.push(']');
        json
    }

    /// Lines kept.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether no line is kept.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }
}

/// A token bucket: `burst` at once, then one every `every`.
#[derive(Clone, Copy, Debug)]
pub struct Bucket {
    tokens: f32,
    last: Instant,
}

impl Bucket {
    pub fn full(burst: u32) -> Bucket {
        Bucket {
            tokens: burst as f32,
            last: Instant::now(),
        }
    }

    /// Takes a token if there is one; otherwise how long until there is.
    pub fn take(&mut self, burst: u32, every: Duration) -> Result<(), Duration> {
        self.peek(burst, every)?;
        self.tokens -= 1.0;
        Ok(())
    }

    /// Whether there is a token (without taking it); otherwise how long until there is.
    pub fn peek(&mut self, burst: u32, every: Duration) -> Result<(), Duration> {
        let now = Instant::now();
        let refill = now.duration_since(self.last).as_secs_f32() / every.as_secs_f32();
        self.tokens = (self.tokens + refill).min(burst as f32);
        self.last = now;
        if self.tokens >= 1.0 {
            Ok(())
        } else {
            Err(every.mul_f32(1.0 - self.tokens))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_text_is_plain_visible_one_line_text() {
        assert_eq!(clean_text("  hello   there "), Ok("hello there".into()));
        assert_eq!(
            clean_text("line\nbreak\r\ttab"),
            Ok("line break tab".into())
        );
        assert_eq!(clean_text("a\u{2028}b\u{2029}c"), Ok("a b c".into()));
        assert_eq!(clean_text("evil\u{202E}gnp.exe"), Ok("evilgnp.exe".into()));
        assert_eq!(clean_text("x\u{2066}y\u{2069}\u{200F}"), Ok("xy".into()));
        assert_eq!(
            clean_text("zero\u{200B}width\u{FEFF}"),
            Ok("zerowidth".into())
        );
        assert_eq!(clean_text("bell\u{7}\u{1b}[31m"), Ok("bell [31m".into()));
        // Markup is text like any other: kept exactly, for clients to show as text.
        let script = "<script>alert('x')</script> & <b>bold</b>";
        assert_eq!(clean_text(script), Ok(script.into()));
        // Scripts, accents and emoji are words like any other.
        for fine in ["Olá, boa sorte!", "مرحبا", "שלום", "加油 🐮"] {
            assert_eq!(clean_text(fine), Ok(fine.into()));
        }
        assert_eq!(clean_text(" \n\u{200B} "), Err(ChatTextError::Empty));
        assert_eq!(
            clean_text(&"é".repeat(200)).map(|t| t.chars().count()),
            Ok(200)
        );
        assert_eq!(clean_text(&"é".repeat(201)), Err(ChatTextError::TooLong));
        // What names refuse as not text, the chat refuses too.
        for not_text in [
            "hi\u{FDD0}",
            "\u{FDEF}",
            "a\u{FFFE}",
            "\u{10FFFF}",
            "x\u{FFF9}y\u{FFFB}",
        ] {
            assert_eq!(
                martian_protocol::clean_name(not_text),
                Err(martian_protocol::NameError::NotText)
            );
            assert_eq!(
                clean_text(not_text),
                Err(ChatTextError::NotText),
                "{not_text:?}"
            );
        }
    }

    fn line(n: u64, text: &str) -> Box<str> {
        serde_json::to_string(&ChatLine {
            n,
            at: 0,
            seat: Some(0),
            name: "Ana".into(),
            avatar: None,
            spectator: false,
            claimed: false,
            said: Said::Text(text.into()),
        })
        .unwrap()
        .into()
    }

    #[test]
    fn the_history_is_bounded_in_lines_and_bytes() {
        let mut log = ChatLog::default();
        for n in 1..=100 {
            log.push(line(n, "hi"));
        }
        assert_eq!(log.len(), CHAT_HISTORY);
        let list: Vec<ChatLine> = serde_json::from_str(&log.json_list()).unwrap();
        assert_eq!(list.first().unwrap().n, 71);
        assert_eq!(list.last().unwrap().n, 100);
        let mut long = ChatLog::default();
        for n in 1..=30 {
            long.push(line(n, &"é".repeat(200)));
        }
        assert!(
            long.json_list().len() <= CHAT_HISTORY_BYTES + 2,
            "{}",
            long.len()
        );
        assert!(long.len() >= 10);
        let stored: Vec<String> = serde_json::from_str::<Vec<serde_json::Value>>(&long.json_list())
            .unwrap()
            .iter()
            .map(|v| v.to_string())
            .collect();
        let restored = ChatLog::restore(stored);
        assert_eq!(restored.last, 30);
        assert_eq!(restored.len(), long.len());
    }

    #[tokio::test(start_paused = true)]
    async fn buckets_take_a_burst_then_pace() {
        let mut bucket = Bucket::full(2);
        let every = Duration::from_secs(3);
        assert!(bucket.take(2, every).is_ok());
        assert!(bucket.take(2, every).is_ok());
        let wait = bucket.take(2, every).unwrap_err();
        assert!(wait <= every && wait > Duration::from_secs(2), "{wait:?}");
        tokio::time::advance(every).await;
        assert!(bucket.take(2, every).is_ok());
        assert!(bucket.take(2, every).is_err());
    }
}
