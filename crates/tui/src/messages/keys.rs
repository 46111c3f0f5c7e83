//! The keys, in the reader's language: what each does, which are live on each screen, and the
//! letters a language shows (its own, while the English ones keep working).

use martian_engine::Face;
use martian_i18n::vocab::face_id;
use martian_i18n::{Lang, Messages, tr};

/// The help key, the same in every language.
pub const KEY_HELP: char = '?';

/// What a key does. Which keys are live depends on the screen: see [`Keys::action`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyAction {
    /// Take every die of this face (never a tank).
    Take(Face),
    Stop,
    Roll,
    Coach,
    /// Bots play on until a person is to act.
    Fast,
    Save,
    New,
    /// At the end: the results or the table.
    View,
    /// The game's review (at the end, and in the replay viewer).
    Review,
    Quit,
    Yes,
    /// The coach's strategy card: the next one (none, the shipped ones, the player's own).
    Card,
}

impl KeyAction {
    /// The selector value of the action in `tui-key`.
    fn id(self) -> &'static str {
        match self {
            KeyAction::Take(face) => face_id(face),
            KeyAction::Stop => "stop",
            KeyAction::Roll => "roll",
            KeyAction::Coach => "coach",
            KeyAction::Fast => "fast",
            KeyAction::Save => "save",
            KeyAction::New => "new",
            KeyAction::View => "view",
            KeyAction::Review => "review",
            KeyAction::Quit => "quit",
            KeyAction::Yes => "yes",
            KeyAction::Card => "card",
        }
    }

    /// Every action that has a key.
    pub const ALL: [KeyAction; 15] = [
        KeyAction::Take(Face::DeathRay),
        KeyAction::Take(Face::Human),
        KeyAction::Take(Face::Cow),
        KeyAction::Take(Face::Chicken),
        KeyAction::Stop,
        KeyAction::Roll,
        KeyAction::Coach,
        KeyAction::Fast,
        KeyAction::Save,
        KeyAction::New,
        KeyAction::View,
        KeyAction::Review,
        KeyAction::Quit,
        KeyAction::Yes,
        KeyAction::Card,
    ];
}

/// The keys of the game's end, in the order the end screen shows them.
pub const END_KEYS: [KeyAction; 5] = [
    KeyAction::Save,
    KeyAction::New,
    KeyAction::View,
    KeyAction::Review,
    KeyAction::Quit,
];

/// The keys of the replay viewer (besides the arrows and the like).
pub const REPLAY_KEYS: [KeyAction; 3] = [KeyAction::Coach, KeyAction::Review, KeyAction::Quit];

/// The faces a player takes by key, in the order the choices show them.
pub const TAKEABLE: [Face; 4] = [Face::DeathRay, Face::Human, Face::Cow, Face::Chicken];

/// The keys live when a person takes a type from a roll: the take keys, and stopping (refused
/// with the reason). Rolling is not among them: `r` takes the death rays, as the dice show `R`.
pub const CHOOSE_KEYS: [KeyAction; 7] = [
    KeyAction::Take(Face::DeathRay),
    KeyAction::Take(Face::Human),
    KeyAction::Take(Face::Cow),
    KeyAction::Take(Face::Chicken),
    KeyAction::Stop,
    KeyAction::Coach,
    KeyAction::Quit,
];

/// The keys live when a person stops or rolls after a take: `r` rolls; the earthling keys are
/// refused with the reason (the death rays' key is the roll key here).
pub const DECIDE_KEYS: [KeyAction; 7] = [
    KeyAction::Stop,
    KeyAction::Roll,
    KeyAction::Take(Face::Human),
    KeyAction::Take(Face::Cow),
    KeyAction::Take(Face::Chicken),
    KeyAction::Coach,
    KeyAction::Quit,
];

/// The key letters of one language.
#[derive(Clone, Copy, Debug)]
pub struct Keys {
    m: &'static Messages,
}

impl Keys {
    pub fn of(lang: Lang) -> Keys {
        Keys { m: lang.messages() }
    }

    /// The key this language shows for `action`.
    pub fn key(self, action: KeyAction) -> char {
        keys_in(self.m, action).chars().next().unwrap_or(' ')
    }

    /// The key that takes `face` (`None` for tanks, which are never taken).
    pub fn take(self, face: Face) -> Option<char> {
        (face != Face::Tank).then(|| self.key(KeyAction::Take(face)))
    }

    /// Which of `live` actions `key` (lower-cased) asks for: this language's keys first, then the
    /// English ones, which always work. An action may have more keys than the one shown (death
    /// rays: `r` like the dice, and `d` as before).
    pub fn action(self, key: char, live: &[KeyAction]) -> Option<KeyAction> {
        let key = key.to_ascii_lowercase();
        [self.m, Lang::En.messages()]
            .into_iter()
            .find_map(|m| live.iter().copied().find(|&a| keys_in(m, a).contains(key)))
    }
}

/// Every key of `action` in the language of `m`, the one shown first.
fn keys_in(m: &Messages, action: KeyAction) -> String {
    tr!(m, "tui-key", action = action.id())
}

pub(super) fn key_text(m: &Messages, action: KeyAction) -> String {
    keys_in(m, action).chars().next().unwrap_or(' ').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_i18n::vocab;
    use std::collections::HashMap;

    /// The actions live together on one screen.
    const SCREENS: [&[KeyAction]; 8] = [
        // A person takes a type (the coach's card key is live throughout the game).
        &[
            KeyAction::Take(Face::DeathRay),
            KeyAction::Take(Face::Human),
            KeyAction::Take(Face::Cow),
            KeyAction::Take(Face::Chicken),
            KeyAction::Stop,
            KeyAction::Coach,
            KeyAction::Quit,
            KeyAction::Card,
        ],
        // A person stops or rolls.
        &[
            KeyAction::Stop,
            KeyAction::Roll,
            KeyAction::Take(Face::Human),
            KeyAction::Take(Face::Cow),
            KeyAction::Take(Face::Chicken),
            KeyAction::Coach,
            KeyAction::Quit,
            KeyAction::Card,
        ],
        // A person rolls.
        &[
            KeyAction::Roll,
            KeyAction::Coach,
            KeyAction::Quit,
            KeyAction::Card,
        ],
        // A bot's turn.
        &[
            KeyAction::Fast,
            KeyAction::Coach,
            KeyAction::Quit,
            KeyAction::Card,
        ],
        // The end of the game.
        &END_KEYS,
        // Quit?
        &[KeyAction::Yes],
        // The replay viewer.
        &REPLAY_KEYS,
        // The review screen.
        &[KeyAction::Review, KeyAction::Quit],
    ];

    #[test]
    fn on_every_screen_each_key_of_a_language_or_of_english_means_one_thing() {
        for lang in Lang::ALL {
            for live in SCREENS {
                let mut meaning: HashMap<char, KeyAction> = HashMap::new();
                for m in [lang.messages(), Lang::En.messages()] {
                    for &action in live {
                        for key in keys_in(m, action).chars() {
                            assert!(key.is_ascii_lowercase(), "{lang} {action:?}: '{key}'");
                            assert_ne!(key, KEY_HELP);
                            let before = meaning.insert(key, action);
                            assert!(
                                before.is_none_or(|a| a == action),
                                "{lang}: '{key}' means {before:?} and {action:?}"
                            );
                        }
                    }
                }
                for (&key, &action) in &meaning {
                    assert_eq!(Keys::of(lang).action(key, live), Some(action), "{lang}");
                }
            }
        }
    }

    #[test]
    fn the_take_keys_are_the_letters_on_the_dice_and_r_rolls_after_a_take() {
        for lang in Lang::ALL {
            let keys = Keys::of(lang);
            let m = lang.messages();
            for face in TAKEABLE {
                let letter = vocab::face_letter(m, face).to_ascii_lowercase();
                assert_eq!(keys.take(face), Some(letter), "{lang} {face:?}");
                assert_eq!(
                    keys.action(letter, &CHOOSE_KEYS),
                    Some(KeyAction::Take(face))
                );
            }
            assert_eq!(
                keys.action('r', &DECIDE_KEYS),
                Some(KeyAction::Roll),
                "{lang}"
            );
            // The old key for death rays keeps working.
            assert_eq!(
                keys.action('d', &CHOOSE_KEYS),
                Some(KeyAction::Take(Face::DeathRay))
            );
        }
    }

    #[test]
    fn portuguese_keys_are_the_portuguese_words_and_english_still_works() {
        let pt = Keys::of(Lang::PtBr);
        let en = Keys::of(Lang::En);
        for (key, action) in [
            ('v', KeyAction::Take(Face::Cow)),
            ('g', KeyAction::Take(Face::Chicken)),
            ('h', KeyAction::Take(Face::Human)),
            ('r', KeyAction::Take(Face::DeathRay)),
            ('m', KeyAction::Take(Face::DeathRay)),
            ('p', KeyAction::Stop),
            ('c', KeyAction::Take(Face::Cow)),
            ('k', KeyAction::Take(Face::Chicken)),
            ('d', KeyAction::Take(Face::DeathRay)),
            ('s', KeyAction::Stop),
            ('V', KeyAction::Take(Face::Cow)),
        ] {
            assert_eq!(pt.action(key, &CHOOSE_KEYS), Some(action), "'{key}'");
        }
        for (key, action) in [
            ('p', KeyAction::Stop),
            ('l', KeyAction::Roll),
            ('s', KeyAction::Stop),
            ('r', KeyAction::Roll),
        ] {
            assert_eq!(pt.action(key, &DECIDE_KEYS), Some(action), "'{key}'");
        }
        assert_eq!(pt.take(Face::Cow), Some('v'));
        assert_eq!(pt.take(Face::Tank), None);
        // The Portuguese letters are not keys in English.
        assert_eq!(en.action('v', &CHOOSE_KEYS), None);
        assert_eq!(en.action('p', &DECIDE_KEYS), None);
        assert_eq!(pt.action('s', &[KeyAction::Yes]), Some(KeyAction::Yes));
        assert_eq!(en.action('s', &[KeyAction::Yes]), None);
    }
}
