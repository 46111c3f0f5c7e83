//! Avatars: the pictures at the seats. People pick one of [`PERSON_AVATARS`]; bots have their own
//! ([`BOT_AVATARS`]), never offered to people. Only ids travel and are stored; the drawings are
//! the page's.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The avatars a person may pick: six martians, six earthlings.
pub const PERSON_AVATARS: [&str; 12] = [
    "martian-green",
    "martian-purple",
    "martian-red",
    "martian-blue",
    "martian-cyclops",
    "martian-squid",
    "human-farmer",
    "human-kid",
    "human-scientist",
    "cow",
    "chicken",
    "tank",
];

/// The bots' avatars.
pub const BOT_AVATARS: [&str; 4] = ["bot-robot", "bot-saucer", "bot-shield", "bot-brain"];

/// An avatar: one of [`PERSON_AVATARS`] or [`BOT_AVATARS`]. One byte, so that seats stay small.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Avatar(u8);

impl Avatar {
    fn all() -> impl Iterator<Item = &'static str> {
        PERSON_AVATARS.iter().chain(BOT_AVATARS.iter()).copied()
    }

    /// A person's avatar by id; `None` for an unknown id or a bot's.
    pub fn person(id: &str) -> Option<Avatar> {
        PERSON_AVATARS
            .iter()
            .position(|&a| a == id)
            .map(|i| Avatar(i as u8))
    }

    /// The `n`th person's avatar, counting round the list.
    pub fn nth_person(n: usize) -> Avatar {
        Avatar((n % PERSON_AVATARS.len()) as u8)
    }

    /// Any avatar by id (what storage holds).
    fn any(id: &str) -> Option<Avatar> {
        Avatar::all().position(|a| a == id).map(|i| Avatar(i as u8))
    }

    /// The avatar of a built-in bot, by its name: simple heuristics are robots and saucers, the
    /// bots that play exactly a brain.
    pub fn for_bot(bot: &str) -> Avatar {
        let id = match bot {
            "random" => "bot-robot",
            "aggressive" | "greedy" => "bot-saucer",
            "defensive" => "bot-shield",
            _ => "bot-brain",
        };
        Avatar::any(id).expect("a bot avatar")
    }

    /// The first person's avatar none of `taken` is.
    pub fn first_free(taken: impl IntoIterator<Item = Avatar>) -> Avatar {
        let taken: Vec<Avatar> = taken.into_iter().collect();
        (0..PERSON_AVATARS.len() as u8)
            .map(Avatar)
            .find(|a| !taken.contains(a))
            .unwrap_or(Avatar(0))
    }

    /// The avatar's id, as the protocol writes it.
    pub fn id(self) -> &'static str {
        Avatar::all()
            .nth(usize::from(self.0))
            .expect("avatars are made from the list")
    }
}

impl Serialize for Avatar {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Avatar {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Avatar, D::Error> {
        let id = std::borrow::Cow::<str>::deserialize(deserializer)?;
        Avatar::any(&id).ok_or_else(|| serde::de::Error::custom(format!("unknown avatar '{id}'")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn avatars_round_trip_and_bots_have_their_own() {
        for id in PERSON_AVATARS {
            let avatar = Avatar::person(id).unwrap();
            assert_eq!(avatar.id(), id);
            let json = serde_json::to_string(&avatar).unwrap();
            assert_eq!(serde_json::from_str::<Avatar>(&json).unwrap(), avatar);
        }
        for bot in martian_bots::catalogue() {
            let avatar = Avatar::for_bot(bot.name);
            assert!(BOT_AVATARS.contains(&avatar.id()), "{}", bot.name);
            assert_eq!(Avatar::person(avatar.id()), None, "never offered to people");
        }
        assert_eq!(Avatar::person("dragon"), None);
        assert!(serde_json::from_str::<Avatar>("\"dragon\"").is_err());
        let first = Avatar::first_free([]);
        assert_eq!(first.id(), PERSON_AVATARS[0]);
        let taken = [
            Avatar::person("martian-green").unwrap(),
            Avatar::for_bot("greedy"),
        ];
        assert_eq!(Avatar::first_free(taken).id(), "martian-purple");
    }
}
