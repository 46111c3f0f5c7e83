//! The words of a `malformed` refusal: what is wrong with a client's message, said plainly
//! (which field, which value), never in the terms of the server's own types.

use serde_json::Value;
use serde_json::error::Category;

use martian_protocol::{ClientMessage, ErrorReason, ReasonArg};

/// What is wrong with a message: in English words for the reply's `message`, and as a case
/// of `web-refusal-malformed` with its arguments, for the page to word in its reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explained {
    pub message: String,
    pub reason: ErrorReason,
}

fn explained(
    message: String,
    case: &'static str,
    args: impl IntoIterator<Item = (&'static str, ReasonArg)>,
) -> Explained {
    let args = std::iter::once(("case", ReasonArg::from(case))).chain(args);
    Explained {
        message,
        reason: ErrorReason::new("web-refusal-malformed", args),
    }
}

/// What is wrong with `text`, which did not read as a client message (`error`).
pub fn explain(text: &str, error: &serde_json::Error) -> Explained {
    if matches!(
        error.classify(),
        Category::Syntax | Category::Eof | Category::Io
    ) {
        let (line, column) = (error.line(), error.column());
        // 1e400 is JSON all right: a number no field of the protocol can hold.
        if error.to_string().starts_with("number out of range") {
            return explained(
                format!(
                    "the message is JSON, but the number that ends at line {line}, column {column} is out of range"
                ),
                "out-of-range",
                [("line", line.into()), ("column", column.into())],
            );
        }
        return explained(
            format!("not JSON: it goes wrong at line {line}, column {column}"),
            "not-json",
            [("line", line.into()), ("column", column.into())],
        );
    }
    let Ok(value) = serde_json::from_str::<Value>(text) else {
        return explained(
            "not JSON".to_string(),
            "not-json",
            [("line", 0.into()), ("column", 0.into())],
        );
    };
    let Some(object) = value.as_object() else {
        return explained(
            format!(
                "a message is a JSON object with a \"type\", not {}",
                kind_of(&value)
            ),
            "not-object",
            [("got", json_type(&value).into())],
        );
    };
    let kind = match object.get("type") {
        None => return explained("the message has no \"type\"".to_string(), "no-type", []),
        Some(Value::String(kind)) => kind,
        Some(other) => {
            return explained(
                format!("\"type\" is the name of a message, not {}", kind_of(other)),
                "type-not-text",
                [("got", json_type(other).into())],
            );
        }
    };
    let named = ("kind", ReasonArg::from(kind.as_str()));
    if !ClientMessage::KINDS.contains(&kind.as_str()) {
        let types = ClientMessage::KINDS.join(", ");
        return explained(
            format!("there is no message of type \"{kind}\"; the types are {types}"),
            "unknown-type",
            [named, ("types", types.as_str().into())],
        );
    }
    let detail = error.to_string();
    // serde_json ends its words with where in the text it stopped: one line, said above.
    let detail = detail
        .rsplit_once(" at line ")
        .map_or(detail.as_str(), |(words, _)| words);
    if let Some(field) = quoted_after(detail, "unknown field `") {
        explained(
            format!("\"{kind}\" has no field \"{field}\""),
            "unknown-field",
            [named, ("field", field.into())],
        )
    } else if let Some(field) = quoted_after(detail, "missing field `") {
        explained(
            format!("\"{kind}\" needs the field \"{field}\""),
            "missing-field",
            [named, ("field", field.into())],
        )
    } else if let Some(name) = quoted_after(detail, "unknown variant `") {
        let choices = detail
            .split_once("expected ")
            .map_or("", |(_, choices)| choices);
        explained(
            format!("\"{kind}\": \"{name}\" is not {}", plain(choices)),
            "bad-choice",
            [named, ("value", name.into())],
        )
    } else if let Some(found) = detail
        .strip_prefix("invalid type: ")
        .or_else(|| detail.strip_prefix("invalid value: "))
    {
        match found.split_once(", expected ") {
            Some((got, wanted)) => explained(
                format!(
                    "\"{kind}\" has {} where {} is expected",
                    got_words(got),
                    wanted_words(wanted)
                ),
                "wrong-kind",
                [named, ("got", serde_type(got).into())],
            ),
            None => explained(
                format!("\"{kind}\" has a value of the wrong kind"),
                "wrong-kind",
                [named, ("got", "value".into())],
            ),
        }
    } else if let Some(found) = detail.strip_prefix("invalid length ") {
        let wanted = found.split_once(", expected ").map_or("", |(_, w)| w);
        explained(
            format!(
                "\"{kind}\" has a list where {} is expected",
                wanted_words(wanted)
            ),
            "wrong-kind",
            [named, ("got", "list".into())],
        )
    } else {
        // The checks of the protocol's own values (rules out of range, say) speak plainly.
        explained(
            format!("\"{kind}\": {}", plain(detail)),
            "bad-value",
            [named],
        )
    }
}

/// A JSON value's type, as `web-refusal-malformed` selects on it.
fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "list",
        Value::Object(_) => "object",
    }
}

/// The JSON type of what serde says a message held (`integer \`5\``, `map`…).
fn serde_type(got: &str) -> &'static str {
    match got.split(' ').next().unwrap_or("") {
        "integer" | "floating" => "number",
        "string" => "string",
        "boolean" => "boolean",
        "map" => "object",
        "sequence" => "list",
        "unit" | "null" => "null",
        _ => "value",
    }
}

/// The text between `prefix` and the next backquote, if `text` starts with `prefix`.
fn quoted_after<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    text.strip_prefix(prefix)?.split('`').next()
}

/// serde's words without its quoting and without the names of the server's types.
fn plain(words: &str) -> String {
    let words = words.replace('`', "\"");
    match words
        .split_once("struct ")
        .or_else(|| words.split_once("enum "))
    {
        Some(_) if words.contains("tagged enum") => "an object with a \"type\"".to_string(),
        Some((before, _)) if before.is_empty() || before.ends_with(' ') => {
            format!("{before}an object")
        }
        _ => words,
    }
}

/// What serde says a message held (`integer \`5\``, `map`…), in the words of JSON.
fn got_words(got: &str) -> String {
    // `floating point \`1e30\``: the words "point" go before the quotes come off.
    let (what, value) = match got.split_once(' ') {
        Some((what, value)) => (
            what,
            value
                .strip_prefix("point ")
                .unwrap_or(value)
                .trim_matches(['`', '"']),
        ),
        None => (got, ""),
    };
    match what {
        "integer" | "floating" => format!("the number {value}"),
        "string" => format!("the string \"{value}\""),
        "boolean" => value.to_string(),
        "map" => "an object".to_string(),
        "sequence" => "a list".to_string(),
        "unit" | "null" => "null".to_string(),
        _ => plain(got),
    }
}

/// What serde says was expected, in the words of JSON (not of Rust's types).
fn wanted_words(wanted: &str) -> String {
    match wanted {
        "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number from 0".to_string(),
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number".to_string(),
        "f32" | "f64" => "a number".to_string(),
        "a boolean" => "true or false".to_string(),
        _ if wanted.contains("struct ") || wanted.contains(" with ") => "an object".to_string(),
        _ => plain(wanted),
    }
}

fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn refused(text: &str) -> String {
        explained_for(text).message
    }

    fn explained_for(text: &str) -> Explained {
        let error = serde_json::from_str::<ClientMessage>(text).unwrap_err();
        explain(text, &error)
    }

    #[test]
    fn refusals_name_what_is_wrong_in_plain_words() {
        for (text, expected) in [
            ("{not json", "not JSON: it goes wrong at line 1, column 2"),
            ("", "not JSON: it goes wrong at line 1, column 0"),
            (
                "[1]",
                "a message is a JSON object with a \"type\", not a list",
            ),
            (
                "\"ping\"",
                "a message is a JSON object with a \"type\", not a string",
            ),
            ("{}", "the message has no \"type\""),
            (
                r#"{"type": 7}"#,
                "\"type\" is the name of a message, not a number",
            ),
            (
                r#"{"type":"act","action":"roll","seat":1}"#,
                "\"act\" has no field \"seat\"",
            ),
            (r#"{"type":"act"}"#, "\"act\" needs the field \"action\""),
            (
                r#"{"type":"act","action":5}"#,
                "\"act\" has the number 5 where a string is expected",
            ),
            (
                r#"{"type":"remove","seat":1e30}"#,
                "\"remove\" has the number 1e+30 where a whole number from 0 is expected",
            ),
            (
                r#"{"type":"remove","seat":2.5}"#,
                "\"remove\" has the number 2.5 where a whole number from 0 is expected",
            ),
            (
                r#"{"type":"remove","seat":1e400}"#,
                "the message is JSON, but the number that ends at line 1, column 29 is out of range",
            ),
        ] {
            assert_eq!(refused(text), expected, "{text}");
        }
        let unknown = refused(r#"{"type":"teleport"}"#);
        assert!(
            unknown.starts_with(
                "there is no message of type \"teleport\"; the types are create_room, join,"
            ),
            "{unknown}"
        );
    }

    /// Every way a name is refused is said in its own words in both languages, the longest
    /// name's length with it.
    #[test]
    fn name_refusals_are_worded_in_both_languages() {
        let every = [
            martian_protocol::NameError::Empty,
            martian_protocol::NameError::TooLong,
            martian_protocol::NameError::Control,
            martian_protocol::NameError::Bidi,
            martian_protocol::NameError::Invisible,
            martian_protocol::NameError::LineBreak,
            martian_protocol::NameError::NotText,
            martian_protocol::NameError::PrivateUse,
            martian_protocol::NameError::OnlyMarks,
        ];
        for lang in martian_i18n::Lang::ALL {
            let words: std::collections::HashSet<String> = every
                .iter()
                .map(|why| worded(&why.reason(), lang))
                .collect();
            assert_eq!(words.len(), every.len(), "{lang}: {words:?}");
            let long = worded(&martian_protocol::NameError::TooLong.reason(), lang);
            assert!(
                long.contains(&martian_protocol::MAX_NAME_CHARS.to_string()),
                "{lang}: {long}"
            );
        }
        let json: serde_json::Value = serde_json::from_str(&martian_protocol::error_json_with(
            martian_protocol::ErrorCode::Invalid,
            &martian_protocol::NameError::TooLong.to_string(),
            Some("join"),
            martian_protocol::NameError::TooLong.extra(),
        ))
        .unwrap();
        assert_eq!(
            json["reason"],
            serde_json::json!({"id": "web-refusal-name", "args": {"why": "too-long", "limit": martian_protocol::MAX_NAME_CHARS}})
        );
    }

    /// The refusal's words in `lang`, as the page says them.
    pub(crate) fn worded(reason: &ErrorReason, lang: martian_i18n::Lang) -> String {
        let messages = lang.messages();
        assert!(messages.has(reason.id), "{lang}: {}", reason.id);
        let args: Vec<(&str, martian_i18n::Arg<'_>)> = reason
            .args
            .iter()
            .map(|(name, arg)| {
                let arg = match arg {
                    ReasonArg::Text(text) => martian_i18n::Arg::from(text.clone()),
                    ReasonArg::Number(n) => martian_i18n::Arg::from(*n as i64),
                };
                (*name, arg)
            })
            .collect();
        let text = messages.text(reason.id, &args);
        assert!(!text.contains('{') && !text.is_empty(), "{lang}: {text}");
        text
    }

    /// Each way a message can be malformed is said in its own words, in both languages, with
    /// what the English message names (the type, the field, the value).
    #[test]
    fn every_case_is_worded_in_both_languages() {
        let cases = [
            ("{not json", "not-json", "2"),
            ("[1]", "not-object", ""),
            ("{}", "no-type", ""),
            (r#"{"type": 7}"#, "type-not-text", ""),
            (r#"{"type":"teleport"}"#, "unknown-type", "teleport"),
            (
                r#"{"type":"act","action":"roll","seat":1}"#,
                "unknown-field",
                "seat",
            ),
            (r#"{"type":"act"}"#, "missing-field", "action"),
            (
                r#"{"type":"set_timer","timer":{"seconds":30,"on_timeout":"nap"}}"#,
                "bad-choice",
                "nap",
            ),
            (r#"{"type":"act","action":5}"#, "wrong-kind", "act"),
            (r#"{"type":"remove","seat":-1}"#, "wrong-kind", "remove"),
            (r#"{"type":"remove","seat":1e400}"#, "out-of-range", "29"),
        ];
        for lang in martian_i18n::Lang::ALL {
            let mut seen = std::collections::HashSet::new();
            for (text, case, named) in cases {
                let explained = explained_for(text);
                assert_eq!(explained.reason.id, "web-refusal-malformed");
                assert_eq!(
                    explained.reason.args.get("case"),
                    Some(&ReasonArg::from(case)),
                    "{text}: {explained:?}"
                );
                let words = worded(&explained.reason, lang);
                assert!(words.contains(named), "{lang}, {text}: {words}");
                seen.insert(words);
            }
            assert_eq!(seen.len(), cases.len(), "{lang}: {seen:?}");
        }
        // The two languages differ (the Portuguese is not the English copied).
        let sample = explained_for(r#"{"type":"act"}"#).reason;
        assert_ne!(
            worded(&sample, martian_i18n::Lang::En),
            worded(&sample, martian_i18n::Lang::PtBr)
        );
    }

    /// Whatever the message, the refusal never speaks of the server's types.
    #[test]
    fn refusals_never_quote_the_server_s_types() {
        let rules = r#"{"dice":13,"target":25,"bonus":"one-of-each","end":"complete-round","tie":"roll-off"}"#;
        for text in [
            "[]".to_string(),
            "null".to_string(),
            r#"{"type":"set_rules","rules":"fast"}"#.to_string(),
            r#"{"type":"set_rules","rules":[]}"#.to_string(),
            r#"{"type":"set_rules"}"#.to_string(),
            format!(
                r#"{{"type":"set_rules","rules":{}}}"#,
                rules.replace("13", "0")
            ),
            format!(
                r#"{{"type":"set_rules","rules":{}}}"#,
                rules.replace("roll-off", "coin")
            ),
            format!(
                r#"{{"type":"set_rules","rules":{}}}"#,
                rules.replace("\"tie\"", "\"tied\"")
            ),
            r#"{"type":"set_timer","timer":{"seconds":"x","on_timeout":"stop"}}"#.to_string(),
            r#"{"type":"set_timer","timer":{"seconds":30,"on_timeout":"nap"}}"#.to_string(),
            r#"{"type":"start","now":true}"#.to_string(),
            r#"{"type":"coach","on":"yes"}"#.to_string(),
            r#"{"type":"remove","seat":-1}"#.to_string(),
        ] {
            let words = refused(&text);
            for internal in [
                "`",
                "enum",
                "struct",
                "ClientMessage",
                "Rules",
                "u32",
                "usize",
                "Timer",
                "OnTimeout",
                " at line ",
            ] {
                assert!(!words.contains(internal), "{text}: {words}");
            }
        }
    }
}
