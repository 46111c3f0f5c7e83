//! The setup form's words: the rules, the seats, the bots and their names, the pace.

use martian_engine::{BonusRule, EndRule, TieRule};
use martian_i18n::vocab;
use martian_i18n::{Messages, decimal, tr};

use super::{KeyAction, key_text};

// ---- setup ----

pub fn setup_language(m: &Messages) -> String {
    tr!(m, "tui-setup-language")
}
pub fn setup_players(m: &Messages) -> String {
    tr!(m, "tui-setup-players")
}
pub fn setup_seat(m: &Messages, n: usize) -> String {
    tr!(m, "tui-setup-seat", seat = n)
}
pub fn setup_human(m: &Messages, name: &str) -> String {
    tr!(m, "tui-setup-human", name = name)
}
/// A bot seat on the setup form, the bot named in the reader's words ("médio").
pub fn setup_bot(m: &Messages, bot: &str) -> String {
    tr!(m, "tui-setup-bot", name = vocab::bot_name(m, bot))
}
pub fn setup_order(m: &Messages) -> String {
    tr!(m, "tui-setup-order")
}
pub fn order(m: &Messages, order: crate::setup::Order) -> String {
    use crate::setup::Order;
    let id = match order {
        Order::AsListed => "as-listed",
        Order::RandomFirst => "random-first",
        Order::Shuffle => "shuffle",
    };
    tr!(m, "tui-order", order = id)
}
pub fn setup_dice(m: &Messages) -> String {
    tr!(m, "tui-setup-dice")
}
pub fn setup_target(m: &Messages) -> String {
    tr!(m, "tui-setup-target")
}
pub fn setup_bonus(m: &Messages) -> String {
    tr!(m, "tui-setup-bonus")
}
pub fn setup_end(m: &Messages) -> String {
    tr!(m, "tui-setup-end")
}
pub fn setup_tie(m: &Messages) -> String {
    tr!(m, "tui-setup-tie")
}
pub fn setup_seed(m: &Messages) -> String {
    tr!(m, "tui-setup-seed")
}
pub fn setup_seed_random(m: &Messages) -> String {
    tr!(m, "tui-setup-seed-random")
}
pub fn setup_coach(m: &Messages) -> String {
    tr!(m, "tui-setup-coach")
}
pub fn coach_mode(m: &Messages, mode: crate::setup::CoachMode) -> String {
    use crate::setup::CoachMode;
    let id = match mode {
        CoachMode::OnDemand => "on-demand",
        CoachMode::Always => "always",
    };
    tr!(
        m,
        "tui-coach-mode",
        mode = id,
        coach = key_text(m, KeyAction::Coach)
    )
}
pub fn setup_pace(m: &Messages) -> String {
    tr!(m, "tui-setup-pace")
}
pub fn setup_start(m: &Messages) -> String {
    tr!(m, "tui-setup-start")
}
pub fn setup_hints(m: &Messages) -> String {
    tr!(m, "tui-setup-hints")
}
pub fn bonus_rule(m: &Messages, rule: BonusRule) -> String {
    let id = match rule {
        BonusRule::OneOfEach => "one-of-each",
        BonusRule::AnyEarthling => "any-earthling",
    };
    tr!(m, "tui-bonus-rule", bonus = id)
}
pub fn end_rule(m: &Messages, rule: EndRule) -> String {
    let id = match rule {
        EndRule::CompleteRound => "complete-round",
        EndRule::Immediate => "immediate",
    };
    tr!(m, "tui-end-rule", end = id)
}
pub fn tie_rule(m: &Messages, rule: TieRule) -> String {
    let id = match rule {
        TieRule::RollOff => "roll-off",
        TieRule::Shared => "shared",
    };
    tr!(m, "tui-tie-rule", tie = id)
}
pub fn pace(m: &Messages, ms: u64) -> String {
    let (id, seconds) = if ms == 0 {
        ("instant", String::new())
    } else {
        ("timed", decimal(m, ms as f64 / 1000.0, 1))
    };
    tr!(m, "tui-pace", pace = id, seconds = seconds)
}
pub fn default_human_name(m: &Messages) -> String {
    vocab::you(m)
}
pub fn default_player_name(m: &Messages, seat: usize) -> String {
    tr!(m, "tui-default-player", number = seat)
}
/// A bot's name at the table: "Medium" ("Médio"), or "Medium 2" when several seats have it.
pub fn bot_player_name(m: &Messages, bot: &str, nth: Option<usize>) -> String {
    let name = tr!(m, "tui-bot-player", bot = bot, name = capitalised(bot));
    match nth {
        Some(n) => format!("{name} {n}"),
        None => name,
    }
}
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
/// What a bot does, under the setup form; `summary` is its own (English) description.
pub fn bot_summary(m: &Messages, bot: &str, summary: &str) -> String {
    format!(
        " {}",
        tr!(
            m,
            "tui-bot-about",
            bot = bot,
            name = vocab::bot_name(m, bot),
            summary = summary
        )
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_i18n::Lang;

    #[test]
    fn numbers_take_the_language_s_decimal_separator() {
        let (en, pt) = (Lang::En.messages(), Lang::PtBr.messages());
        assert_eq!(pace(pt, 700), "0,7 s por passo");
        assert_eq!(pace(en, 0), "instant");
    }

    #[test]
    fn bots_are_named_in_the_language_and_numbered() {
        let (en, pt) = (Lang::En.messages(), Lang::PtBr.messages());
        assert_eq!(bot_player_name(en, "medium", None), "Medium");
        assert_eq!(bot_player_name(pt, "medium", Some(2)), "Médio 2");
        assert_eq!(bot_player_name(pt, "exec:./x", None), "Exec:./x");
        for &name in martian_bots::names() {
            assert!(!bot_player_name(pt, name, None).is_empty());
        }
    }

    #[test]
    fn built_in_bots_are_described_in_portuguese_and_others_in_their_own_words() {
        let pt = Lang::PtBr.messages();
        assert_eq!(
            bot_summary(pt, "medium", "a fair player: small mistakes now and then"),
            " médio: um jogador razoável: pequenos erros de vez em quando"
        );
        assert_eq!(
            bot_summary(pt, "steady", "stops at 6"),
            " steady: stops at 6"
        );
        assert_eq!(
            bot_summary(Lang::En.messages(), "medium", "a fair player"),
            " medium: a fair player"
        );
        // Every built-in bot has its Portuguese description.
        for info in martian_bots::catalogue() {
            let text = bot_summary(pt, info.name, info.summary);
            assert!(!text.contains(info.summary), "{}: {text}", info.name);
        }
    }
}
