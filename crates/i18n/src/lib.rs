//! Every text a Martian Dice player reads, in English and Brazilian Portuguese.
//!
//! The texts are Project Fluent files (`locales/en.ftl`, `locales/pt-BR.ftl`), built into the
//! binary. Plurals and genders are the translations' business, not the code's:
//!
//! ```
//! use martian_i18n::{Lang, tr};
//! let pt = Lang::PtBr.messages();
//! assert_eq!(tr!(pt, "face-count", face = "chicken", count = 1), "1 galinha");
//! assert_eq!(tr!(pt, "face-count", face = "tank", count = 3), "3 tanques");
//! assert_eq!(tr!(Lang::En.messages(), "face-count", face = "death-ray", count = 2), "2 death rays");
//! ```
//!
//! Machine interfaces (JSON keys, protocols, `--help`) stay English and do not come from here.

pub mod errors;
mod number;
pub mod vocab;

pub use number::decimal;

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::{LanguageIdentifier, langid};

/// A language a player can read the program in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    PtBr,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::PtBr];

    /// The BCP 47 tag: `en` or `pt-BR`.
    pub const fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::PtBr => "pt-BR",
        }
    }

    /// The language's own name, for pick lists.
    pub const fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::PtBr => "Português (Brasil)",
        }
    }

    fn identifier(self) -> LanguageIdentifier {
        match self {
            Lang::En => langid!("en"),
            Lang::PtBr => langid!("pt-BR"),
        }
    }

    /// The Fluent source of this language's messages (the server sends it to browsers).
    pub const fn ftl_source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../locales/en.ftl"),
            Lang::PtBr => include_str!("../locales/pt-BR.ftl"),
        }
    }

    /// The language a tag or locale names: `en`, `en-US`, `pt-BR`, `pt_BR.UTF-8`, `pt`…
    /// Any Portuguese is served in Brazilian Portuguese. `None` for other languages.
    pub fn parse(tag: &str) -> Option<Lang> {
        let language = tag
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match language.as_str() {
            "en" | "c" | "posix" => Some(Lang::En),
            "pt" => Some(Lang::PtBr),
            _ => None,
        }
    }

    /// The language the environment asks for, looked up with `var`: `LC_ALL`, then
    /// `LC_MESSAGES`, then `LANG` (the first one set and not empty decides), else English.
    pub fn from_env_with(var: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| var(name).filter(|v| !v.is_empty()))
            .map(|value| Lang::parse(&value).unwrap_or(Lang::En))
            .next()
            .unwrap_or(Lang::En)
    }

    /// The language of this process's environment (see [`Lang::from_env_with`]).
    pub fn from_env() -> Lang {
        Lang::from_env_with(|name| std::env::var(name).ok())
    }

    /// The messages of this language, loaded once per process.
    pub fn messages(self) -> &'static Messages {
        static EN: OnceLock<Messages> = OnceLock::new();
        static PT_BR: OnceLock<Messages> = OnceLock::new();
        let cell = match self {
            Lang::En => &EN,
            Lang::PtBr => &PT_BR,
        };
        cell.get_or_init(|| Messages::new(self))
    }
}

impl std::str::FromStr for Lang {
    type Err = String;
    fn from_str(text: &str) -> Result<Lang, String> {
        Lang::parse(text).ok_or_else(|| format!("unknown language '{text}': use en or pt-BR"))
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.tag())
    }
}

/// A value for a message's variable.
#[derive(Debug)]
pub struct Arg<'a>(FluentValue<'a>);

impl<'a> From<&'a str> for Arg<'a> {
    fn from(text: &'a str) -> Arg<'a> {
        Arg(FluentValue::from(text))
    }
}
impl From<String> for Arg<'_> {
    fn from(text: String) -> Self {
        Arg(FluentValue::from(text))
    }
}
impl<'a> From<&'a String> for Arg<'a> {
    fn from(text: &'a String) -> Arg<'a> {
        Arg(FluentValue::from(text.as_str()))
    }
}
macro_rules! numeric_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            fn from(n: $t) -> Self {
                Arg(FluentValue::from(n))
            }
        }
    )*};
}
numeric_arg!(u8, u16, u32, u64, usize, i32, i64, f64);

/// The messages of one language.
pub struct Messages {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
}

impl std::fmt::Debug for Messages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Messages")
            .field("lang", &self.lang)
            .finish()
    }
}

impl Messages {
    fn new(lang: Lang) -> Messages {
        let resource = FluentResource::try_new(lang.ftl_source().to_string())
            .unwrap_or_else(|(_, errors)| panic!("{} messages do not parse: {errors:?}", lang));
        let mut bundle = FluentBundle::new_concurrent(vec![lang.identifier()]);
        // Terminals and screen readers show the Unicode isolation marks as noise.
        bundle.set_use_isolating(false);
        bundle
            .add_resource(resource)
            .unwrap_or_else(|errors| panic!("{} messages clash: {errors:?}", lang));
        Messages { lang, bundle }
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Whether a message with this id exists.
    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }

    /// The message `id` with its variables. A missing message shows its id (the coverage test
    /// makes sure none is missing), so a player never sees a crash over a text.
    pub fn text(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        let Some(pattern) = self.bundle.get_message(id).and_then(|m| m.value()) else {
            return id.to_string();
        };
        let mut fluent_args = FluentArgs::new();
        for (name, Arg(value)) in args {
            fluent_args.set(*name, value.clone());
        }
        let mut errors = Vec::new();
        self.bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors)
            .into_owned()
    }
}

/// `tr!(messages, ID)` or `tr!(messages, ID, name = value, …)`, `ID` a string literal: the message
/// as a `String`. Literal ids let the coverage test find every message in use.
#[macro_export]
macro_rules! tr {
    ($messages:expr, $id:literal) => {
        $messages.text($id, &[])
    };
    ($messages:expr, $id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $messages.text($id, &[$((stringify!($name), $crate::Arg::from($value))),+])
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn environment_order_and_fallbacks() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(Lang::from_env_with(env(&[])), Lang::En);
        assert_eq!(
            Lang::from_env_with(env(&[("LANG", "pt_BR.UTF-8")])),
            Lang::PtBr
        );
        assert_eq!(
            Lang::from_env_with(env(&[("LANG", "pt_BR.UTF-8"), ("LC_ALL", "C")])),
            Lang::En
        );
        assert_eq!(
            Lang::from_env_with(env(&[("LANG", "en_US.UTF-8"), ("LC_MESSAGES", "pt_PT")])),
            Lang::PtBr
        );
        assert_eq!(
            Lang::from_env_with(env(&[("LC_ALL", ""), ("LANG", "pt_BR")])),
            Lang::PtBr
        );
        assert_eq!(Lang::from_env_with(env(&[("LANG", "de_DE")])), Lang::En);
    }

    #[test]
    fn tags_parse() {
        assert_eq!(Lang::parse("pt-BR"), Some(Lang::PtBr));
        assert_eq!(Lang::parse("EN"), Some(Lang::En));
        assert_eq!(Lang::parse("fr"), None);
        assert_eq!("pt".parse::<Lang>(), Ok(Lang::PtBr));
    }

    #[test]
    fn plurals_and_genders_read_naturally() {
        let pt = Lang::PtBr.messages();
        assert_eq!(tr!(pt, "face-count", face = "tank", count = 1), "1 tanque");
        assert_eq!(
            tr!(pt, "face-count", face = "chicken", count = 2),
            "2 galinhas"
        );
        assert_eq!(
            tr!(pt, "face-count", face = "death-ray", count = 3),
            "3 raios da morte"
        );
        assert_eq!(tr!(pt, "face-none", face = "chicken"), "nenhuma galinha");
        assert_eq!(tr!(pt, "face-none", face = "human"), "nenhum humano");
        let en = Lang::En.messages();
        assert_eq!(tr!(en, "face-count", face = "cow", count = 1), "1 cow");
        assert_eq!(tr!(en, "face-none", face = "cow"), "no cows");
    }

    #[test]
    fn a_missing_message_shows_its_id() {
        assert_eq!(
            Lang::En.messages().text("no-such-message", &[]),
            "no-such-message"
        );
    }
}
