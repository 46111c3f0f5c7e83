//! The bot protocol's messages (version [`PROTOCOL_VERSION`]), as documented in
//! `docs/bot-protocol.md`: JSON objects, one per line, over a child process's stdin and stdout.

use martian_engine::{Action, Dice, Face, Points, Rules, Situation, TurnPhase};
use serde::{Deserialize, Serialize};

/// The version of the protocol this crate speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// The longest line a bot may send, newline excluded.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Dice counted per face, as `{"T":1,"R":2,"H":0,"C":0,"K":3}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceCounts {
    #[serde(rename = "T")]
    pub tanks: u8,
    #[serde(rename = "R")]
    pub rays: u8,
    #[serde(rename = "H")]
    pub humans: u8,
    #[serde(rename = "C")]
    pub cows: u8,
    #[serde(rename = "K")]
    pub chickens: u8,
}

impl From<Dice> for DiceCounts {
    fn from(dice: Dice) -> DiceCounts {
        let [tanks, rays, humans, cows, chickens] = dice.counts();
        DiceCounts {
            tanks,
            rays,
            humans,
            cows,
            chickens,
        }
    }
}

/// The turn as a bot sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnView {
    /// `choose`: a roll awaits the choice of a type; `stop-or-roll`: after a take.
    pub phase: PhaseName,
    /// Dice set aside this turn (the tanks of the pending roll included).
    pub aside: DiceCounts,
    /// The roll awaiting a choice (tanks included), in phase `choose`; `null` otherwise.
    pub roll: Option<DiceCounts>,
    /// Dice not set aside: what rolling again would throw (in phase `choose`, the non-tank
    /// dice of the pending roll count as not set aside yet).
    pub dice_left: u8,
    /// What the dice set aside score now.
    pub score: Points,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PhaseName {
    Choose,
    StopOrRoll,
}

/// A message from the host to the bot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum HostMessage {
    /// First message after the bot starts; the bot answers [`BotHello`].
    Hello { protocol: u32, host: String },
    /// A game starts; no answer.
    Game {
        rules: Rules,
        players: usize,
        seat: usize,
    },
    /// A decision is needed; the bot answers [`BotReply`].
    Decide {
        /// Counts decisions since the bot started, from 1; echoed in the reply if the bot likes.
        id: u64,
        rules: Rules,
        players: usize,
        seat: usize,
        /// 1-based.
        round: u32,
        /// Banked totals in seat order.
        scores: Vec<Points>,
        /// The seat whose total first reached the target: this is the final round.
        triggered_by: Option<usize>,
        turn: TurnView,
        /// The legal answers: face letters among `R H C K` in phase `choose`, `stop` and
        /// `roll` in phase `stop-or-roll`.
        legal: Vec<String>,
    },
    /// The game is over; no answer.
    GameOver {
        seat: usize,
        scores: Vec<Points>,
        winners: Vec<usize>,
        /// The seat that lost by forfeit, if any.
        forfeit: Option<usize>,
    },
    /// The host is done: the bot should exit.
    Bye,
}

/// The bot's answer to [`HostMessage::Hello`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotHello {
    /// Must be `"hello"`.
    #[serde(rename = "type")]
    pub kind: String,
    pub protocol: u32,
    #[serde(default)]
    pub name: Option<String>,
}

/// The bot's answer to [`HostMessage::Decide`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotReply {
    /// A face letter (`R H C K`), `stop` or `roll`.
    pub action: String,
    /// If present, the `id` of the decision answered.
    #[serde(default)]
    pub id: Option<u64>,
}

/// The decision message for `situation`.
pub fn decide_message(id: u64, situation: &Situation<'_>) -> HostMessage {
    let turn = situation.turn;
    let (phase, roll) = match turn.phase() {
        TurnPhase::Choosing { roll } => (PhaseName::Choose, Some(roll.into())),
        _ => (PhaseName::StopOrRoll, None),
    };
    HostMessage::Decide {
        id,
        rules: situation.rules,
        players: situation.scores.len(),
        seat: situation.seat,
        round: situation.round,
        scores: situation.scores.to_vec(),
        triggered_by: situation.triggered_by,
        turn: TurnView {
            phase,
            aside: turn.aside().into(),
            roll,
            dice_left: turn.dice_left(),
            score: turn.score(),
        },
        legal: turn.legal_actions().iter().map(Action::code).collect(),
    }
}

/// The action an answer names: a face letter (either case) or `stop` / `roll`.
pub fn parse_action(text: &str) -> Option<Action> {
    match text {
        "stop" => Some(Action::Stop),
        "roll" => Some(Action::Roll),
        _ => {
            let mut chars = text.chars();
            let letter = chars.next()?;
            if chars.next().is_some() {
                return None;
            }
            Face::from_letter(letter).map(Action::Take)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_engine::Turn;

    #[test]
    fn a_decision_message_carries_the_whole_situation() {
        let mut turn = Turn::new(Rules::official());
        turn.apply_roll("TTRRRHHCKKKCC".parse().unwrap()).unwrap();
        let scores = [7, 12];
        let situation = Situation {
            rules: Rules::official(),
            scores: &scores,
            seat: 1,
            round: 3,
            turn: &turn,
            triggered_by: None,
        };
        let json = serde_json::to_value(decide_message(5, &situation)).unwrap();
        let expected = serde_json::json!({
            "type": "decide",
            "id": 5,
            "rules": {"dice": 13, "target": 25, "bonus": "one-of-each", "end": "complete-round", "tie": "roll-off"},
            "players": 2,
            "seat": 1,
            "round": 3,
            "scores": [7, 12],
            "triggered_by": null,
            "turn": {
                "phase": "choose",
                "aside": {"T": 2, "R": 0, "H": 0, "C": 0, "K": 0},
                "roll": {"T": 2, "R": 3, "H": 2, "C": 3, "K": 3},
                "dice_left": 11,
                "score": 0
            },
            "legal": ["R", "H", "C", "K"]
        });
        assert_eq!(json, expected);
    }

    #[test]
    fn actions_parse_from_letters_and_words_only() {
        assert_eq!(parse_action("stop"), Some(Action::Stop));
        assert_eq!(parse_action("roll"), Some(Action::Roll));
        assert_eq!(parse_action("h"), Some(Action::Take(Face::Human)));
        assert_eq!(parse_action("R"), Some(Action::Take(Face::DeathRay)));
        assert_eq!(parse_action("T"), Some(Action::Take(Face::Tank)));
        for garbage in ["", "HH", "Stop", "take H", "X", "rolls"] {
            assert_eq!(parse_action(garbage), None, "{garbage:?}");
        }
    }

    #[test]
    fn host_messages_are_tagged_with_their_type() {
        let text = serde_json::to_string(&HostMessage::Bye).unwrap();
        assert_eq!(text, r#"{"type":"bye"}"#);
        let text = serde_json::to_string(&HostMessage::GameOver {
            seat: 0,
            scores: vec![25, 20],
            winners: vec![0],
            forfeit: None,
        })
        .unwrap();
        assert_eq!(
            text,
            r#"{"type":"game-over","seat":0,"scores":[25,20],"winners":[0],"forfeit":null}"#
        );
    }
}
