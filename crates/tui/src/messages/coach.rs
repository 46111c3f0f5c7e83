//! The coach's words: its values and reasons, the exact tables being prepared, and the strategy
//! card it quotes.

use martian_cards::Card;
use martian_engine::{Action, Points};
use martian_i18n::vocab::face_id;
use martian_i18n::{Arg, Messages, decimal, tr};
use martian_solver::{Reason, ReasonArg};

use super::{KeyAction, key_text, panel};
use crate::card::{CardAdvice, CardName};
use crate::coach::Advice;

// ---- coach ----

pub fn coach_off(m: &Messages) -> String {
    tr!(m, "tui-coach-off", coach = key_text(m, KeyAction::Coach))
}
pub fn coach_wait(m: &Messages) -> String {
    tr!(m, "tui-coach-wait")
}
/// In a replay, where the player to move has no decision yet (a roll is to come).
pub fn coach_wait_for(m: &Messages, name: &str) -> String {
    tr!(m, "tui-coach-wait-for", name = name)
}
/// In a replay, whose decision the coach's values are.
pub fn coach_whose(m: &Messages, name: &str) -> String {
    tr!(m, "tui-coach-whose", name = name)
}
pub fn coach_unavailable(m: &Messages) -> String {
    tr!(m, "tui-coach-unavailable")
}
pub fn coach_no_values(m: &Messages) -> String {
    tr!(m, "tui-coach-no-values")
}
pub fn coach_working(m: &Messages) -> String {
    tr!(m, "tui-coach-working")
}
pub fn coach_win(m: &Messages) -> String {
    tr!(m, "tui-coach-win")
}
pub fn coach_turn(m: &Messages) -> String {
    tr!(m, "tui-coach-turn")
}
pub fn coach_turns(m: &Messages, target: Points) -> String {
    tr!(m, "tui-coach-turns", target = target)
}
pub fn coach_best(m: &Messages) -> String {
    tr!(m, "tui-coach-best")
}
/// An option in the coach's list of values: short, the list has 28 columns.
pub fn coach_option(m: &Messages, action: Action) -> String {
    let (id, face) = match action {
        Action::Take(face) => ("take", face_id(face)),
        Action::Stop => ("stop", ""),
        Action::Roll => ("roll", ""),
    };
    tr!(m, "tui-coach-option", action = id, face = face)
}
/// The first line of what the last decision of a person cost.
pub fn coach_last(m: &Messages, action: Action) -> String {
    tr!(m, "tui-coach-last", action = coach_option(m, action))
}
/// The first line of what the move played from a replayed position cost.
pub fn coach_played(m: &Messages, action: Action) -> String {
    tr!(m, "tui-coach-played", action = coach_option(m, action))
}
/// The second line of a review: what it cost, or that it was the best.
pub fn review_cost(m: &Messages, cost: String) -> String {
    tr!(m, "tui-review-cost", cost = cost)
}
pub fn review_best(m: &Messages) -> String {
    tr!(m, "tui-review-best")
}
/// The coach's reason for its best option: the `coach-why-*` message the reason names, with its
/// arguments (see `martian_solver::Reason`); the same words in every interface.
pub fn coach_reason(m: &Messages, reason: &Reason) -> String {
    let args: Vec<(&str, Arg<'_>)> = reason
        .args()
        .into_iter()
        .map(|(name, arg)| {
            let arg = match arg {
                ReasonArg::Number(n) => Arg::from(n),
                ReasonArg::Word(word) => Arg::from(word),
                ReasonArg::Decimal { value, places } => {
                    Arg::from(decimal(m, value, usize::from(places)))
                }
            };
            (name, arg)
        })
        .collect();
    m.text(reason.id(), &args)
}
/// The reason under the keys, after its label.
pub fn coach_why(m: &Messages, reason: &Reason) -> String {
    tr!(m, "tui-coach-why", reason = coach_reason(m, reason))
}

// ---- the exact tables being prepared ----

/// What is computed for the game and how far along: "Computing the three-player tables, once
/// for these rules … 42%".
pub fn tables(m: &Messages, status: &crate::prepare::Status) -> String {
    use crate::prepare::Stage;
    let stage = match status.stage {
        Stage::Duel => "duel",
        Stage::Trio => "trio",
        Stage::Quad => "quad",
    };
    let percent = status
        .percent()
        .map_or_else(|| "none".to_string(), |p| p.to_string());
    tr!(
        m,
        "tui-tables",
        stage = stage,
        cached = if status.cached { "yes" } else { "no" },
        percent = percent
    )
}

/// Under the gauge, while the bot `name` waits for the tables.
pub fn tables_bot(m: &Messages, name: &str) -> String {
    tr!(m, "tui-tables-bot", name = name)
}

// ---- the coach's strategy card ----

/// The tag of the option the card plays, in the coach's list (as short as [`coach_best`]).
pub fn coach_card_tag(m: &Messages) -> String {
    tr!(m, "tui-coach-card-tag")
}

fn card_name_args(name: Option<&CardName>) -> (&'static str, usize, String) {
    match name {
        None => ("none", 0, String::new()),
        Some(CardName::Shipped(lines)) => ("shipped", *lines, String::new()),
        Some(CardName::File(file)) => ("file", 0, file.clone()),
    }
}

/// The status line after the card key: which card the coach quotes now (`None`: none).
pub fn coach_card_chosen(m: &Messages, name: Option<&CardName>) -> String {
    let (card, lines, file) = card_name_args(name);
    tr!(
        m,
        "tui-coach-card",
        card = card,
        lines = lines,
        file = file,
        key = key_text(m, KeyAction::Card)
    )
}

/// The coach panel's title while it quotes a card.
pub fn panel_coach_card(m: &Messages, name: &CardName) -> String {
    let (card, lines, file) = card_name_args(Some(name));
    panel(tr!(
        m,
        "tui-panel-coach-card",
        card = card,
        lines = lines,
        file = file
    ))
}

/// A move as a card's advice words it: "stop", "take the humans".
fn card_action(m: &Messages, action: Action) -> String {
    let (word, face) = match action {
        Action::Take(face) => ("take", face_id(face)),
        Action::Stop => ("stop", ""),
        Action::Roll => ("roll", ""),
    };
    tr!(m, "card-action", action = word, face = face)
}

/// What the card would do here, its line quoted in the reader's language (or that its default
/// play does), then whether that is the best, else what following it costs and the best: the
/// line mode's `--coach-card` words made shorter, since a card's line can fill four rows of the
/// choices panel at 80 columns.
pub fn card_says(m: &Messages, card: &Card, said: &CardAdvice, advice: &Advice) -> String {
    let text = said
        .line
        .map(|i| card.line_text(i, martian_cards::shipped::card_lang(m.lang())))
        .unwrap_or_default();
    let doing = tr!(
        m,
        "tui-card-move",
        line = said.line.map_or(0, |i| i + 1),
        doing = card_action(m, said.action),
        text = text
    );
    let Some((best, _)) = advice.best() else {
        return doing;
    };
    let loss = said
        .cost
        .filter(|_| !said.is_best())
        .map(|cost| advice.format_cost(m, cost));
    let verdict = tr!(
        m,
        "tui-card-verdict",
        right = if loss.is_none() { "yes" } else { "no" },
        loss = loss.unwrap_or_default(),
        best = card_action(m, best)
    );
    format!("{doing} {verdict}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_i18n::Lang;

    /// Reasons of every kind and every variant of their messages, from the solver itself: the
    /// decisions of seeded games alone, in duels (at scores near the end too) and of the turn
    /// alone, one reason per message and choice of words.
    pub(crate) fn sample_reasons() -> Vec<Reason> {
        use martian_engine::{Awaiting, Game, Rules, seeded_rng};
        use martian_solver::{AdviceRequest, advise_with_reason};
        let rules = Rules::official();
        let mut shapes = std::collections::HashSet::new();
        let mut out = Vec::new();
        for (players, starts) in [
            (1, vec![vec![0]]),
            (2, vec![vec![0, 0], vec![20, 22], vec![24, 9]]),
        ] {
            for start in starts {
                for seed in 0..12 {
                    let mut game = Game::new(rules, players).unwrap();
                    let mut rng = seeded_rng(seed);
                    let mut scores_known = false;
                    while game.awaiting() != Awaiting::Nothing && game.round() < 12 {
                        let Awaiting::Decision { seat } = game.awaiting() else {
                            game.roll(&mut rng).unwrap();
                            continue;
                        };
                        let turn = *game.turn();
                        // The game's own scores, shifted to start from `start`.
                        let scores: Vec<_> = game
                            .scores()
                            .iter()
                            .zip(&start)
                            .map(|(s, b)| s + b)
                            .collect();
                        scores_known |= scores.iter().any(|&s| s >= rules.target());
                        for with_scores in [true, false] {
                            let asked = advise_with_reason(AdviceRequest {
                                rules,
                                scores: with_scores.then_some(&scores[..]),
                                seat,
                                turn: &turn,
                            });
                            if let Ok((_, Some(reason))) = asked {
                                let words: Vec<String> = reason
                                    .args()
                                    .iter()
                                    .filter_map(|(name, arg)| match arg {
                                        ReasonArg::Word(w) => Some(format!("{name}={w}")),
                                        ReasonArg::Number(0 | 1) => Some(format!("{name}=small")),
                                        _ => None,
                                    })
                                    .collect();
                                if shapes.insert((reason.id(), words)) {
                                    out.push(reason);
                                }
                            }
                        }
                        let best = martian_solver::advise(AdviceRequest {
                            rules,
                            scores: None,
                            seat,
                            turn: &turn,
                        })
                        .unwrap()
                        .best;
                        game.play(best).unwrap();
                        if scores_known {
                            break;
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn every_reason_is_worded_with_its_own_figures_in_both_languages() {
        let reasons = sample_reasons();
        let kinds: std::collections::HashSet<_> = reasons.iter().map(Reason::kind).collect();
        assert_eq!(
            kinds.len(),
            martian_solver::ReasonKind::ALL.len(),
            "{kinds:?}"
        );
        for lang in Lang::ALL {
            let m = lang.messages();
            for reason in &reasons {
                assert!(m.has(reason.id()), "{lang}: no {}", reason.id());
                let text = coach_reason(m, reason);
                assert!(
                    !text.contains('{') && !text.contains("coach-") && !text.contains("  "),
                    "{lang}: {text}"
                );
                // The situation always quotes both options' values.
                if reason.id() == "coach-why-situation" {
                    for (name, arg) in reason.args() {
                        if let ("value" | "other_value", ReasonArg::Decimal { value, places }) =
                            (name, arg)
                        {
                            let shown = decimal(m, value, usize::from(places));
                            assert!(text.contains(&shown), "{lang}: {name} {shown} in {text}");
                        }
                    }
                }
                assert!(
                    coach_why(m, reason).ends_with(&text),
                    "{lang}: the reason follows its label"
                );
            }
        }
        // The case, word for word (its figures are checked against the engine by the
        // solver's tests).
        let turn: martian_engine::Turn = "TTRRRRHHHCCKK/R RRRRRRC"
            .parse::<martian_engine::Transcript>()
            .unwrap()
            .replay(martian_engine::Rules::official())
            .unwrap();
        let (_, reason) = martian_solver::advise_with_reason(martian_solver::AdviceRequest {
            rules: martian_engine::Rules::official(),
            scores: None,
            seat: 0,
            turn: &turn,
        })
        .unwrap();
        let reason = reason.unwrap();
        assert_eq!(
            coach_reason(Lang::En.messages(), &reason),
            "Take 1 cow: it leaves 6 dice to roll, against 1 after the 6 death rays; the turn \
             then makes about 4.3 points on average, against 0.5."
        );
        assert_eq!(
            coach_reason(Lang::PtBr.messages(), &reason),
            "Pegue 1 vaca: sobram 6 dados para lançar, contra 1 pegando os 6 raios da morte; o \
             turno faz então cerca de 4,3 pontos em média, contra 0,5."
        );
    }

    /// What the words of one reason get wrong: a comparison the typed reason makes that its
    /// figures (as shown) contradict, a "more than" in the text whose first figure is not the
    /// larger, a minus sign before a figure.
    fn contradictions(reason: &Reason) -> Vec<String> {
        let mut wrong = Vec::new();
        if let Some(c) = reason.comparison() {
            for claim in c.claims() {
                if !claim.holds() {
                    wrong.push(format!(
                        "{} {} is not more than {} {}",
                        claim.more.0,
                        claim.more.1.plain(),
                        claim.less.0,
                        claim.less.1.plain()
                    ));
                }
            }
        }
        // Issue 40: while the tanks lead, a take's earthlings are not points yet.
        let tanks_lead = reason.comparison().is_some_and(|c| {
            c.decision == martian_solver::DecisionKind::Take
                && c.best.held > 0
                && c.best.held_score == 0
        });
        for lang in Lang::ALL {
            let m = lang.messages();
            let text = coach_reason(m, reason);
            if tanks_lead
                && ["more points now", "more point now", "a mais agora"]
                    .iter()
                    .any(|words| text.contains(words))
            {
                wrong.push(format!("{lang}: points now while the tanks lead: {text}"));
            }
            let number = |s: &str| -> Option<f64> {
                let s: String = s
                    .chars()
                    .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == ',')
                    .collect();
                s.trim_end_matches(['.', ','])
                    .replace(',', ".")
                    .parse()
                    .ok()
            };
            for (at, _) in text.match_indices(['\u{2212}', '-']) {
                let next = text[at..].chars().nth(1);
                if next.is_some_and(|c| c.is_ascii_digit()) {
                    wrong.push(format!("{lang}: a minus sign: {text}"));
                }
            }
            for phrase in ["more than the ", "mais do que os ", "mais do que o "] {
                for (at, _) in text.match_indices(phrase) {
                    let after = number(&text[at + phrase.len()..]);
                    // The last figure before, in the same sentence.
                    let head = &text[..at];
                    let start = [". ", ": ", "; "]
                        .iter()
                        .filter_map(|end| head.rfind(end))
                        .max()
                        .map_or(0, |i| i + 2);
                    let before = head[start..]
                        .replace(['%', '(', ')'], " ")
                        .split_whitespace()
                        .rev()
                        .find_map(number);
                    if let (Some(x), Some(y)) = (before, after)
                        && x <= y
                    {
                        wrong.push(format!("{lang}: {x} is not more than {y}: {text}"));
                    }
                }
            }
        }
        wrong
    }

    /// Issue 40: over thousands of seeded positions (the trainer's duel positions and random
    /// duel positions, each reason for the best against the next best and against every other
    /// option, as a review gives it), every comparison the words make agrees with the figures
    /// they cite, in both languages, and no cost has a minus sign.
    #[test]
    fn the_words_never_contradict_their_figures() {
        use martian_engine::{Rules, Turn, TurnPhase, seeded_rng};
        use martian_review::{Trainer, TrainerConfig};
        use martian_solver::{AdviceRequest, advise_against, advise_with_reason};
        use rand::RngExt;
        let rules = Rules::official();
        let mut checked = [0usize; 2];
        let mut wrong: [Vec<String>; 2] = Default::default();
        let mut check = |source: usize, scores: &[Points], seat: usize, turn: &Turn| {
            let request = AdviceRequest {
                rules,
                scores: Some(scores),
                seat,
                turn,
            };
            let Ok((advice, Some(reason))) = advise_with_reason(request) else {
                return;
            };
            checked[source] += 1;
            let mut faults = contradictions(&reason);
            for option in &advice.options {
                if option.action != advice.best
                    && let Ok((_, Some(against))) = advise_against(request, option.action)
                {
                    faults.extend(contradictions(&against));
                }
            }
            if !faults.is_empty() {
                wrong[source].push(format!(
                    "{scores:?} seat {seat} {turn:?}: {}",
                    faults.join(" | ")
                ));
            }
        };
        // The trainer's positions.
        let mut trainer = Trainer::new(TrainerConfig::new(40)).unwrap();
        for _ in 0..TRAINER_POSITIONS {
            let p = trainer.next_position().expect("a position");
            check(0, &p.scores, p.seat, &p.turn);
        }
        // Random duel positions: random scores, a turn of random dice and random choices.
        let mut rng = seeded_rng(40);
        for _ in 0..DUEL_POSITIONS {
            let scores = [rng.random_range(0..30), rng.random_range(0..30)];
            let seat = rng.random_range(0..2);
            let mut turn = Turn::new(rules);
            let steps = rng.random_range(1..8);
            for _ in 0..steps {
                if turn.phase() == TurnPhase::ToRoll {
                    turn.roll(&mut rng).unwrap();
                }
                if turn.is_over() {
                    break;
                }
                let actions: Vec<Action> = turn.legal_actions().iter().collect();
                let action = actions[rng.random_range(0..actions.len())];
                let mut next = turn;
                next.play(action).unwrap();
                if next.is_over() {
                    break;
                }
                turn = next;
            }
            if turn.phase() != TurnPhase::ToRoll && !turn.is_over() {
                check(1, &scores, seat, &turn);
            }
        }
        for (source, name) in ["trainer positions", "random duel positions"]
            .iter()
            .enumerate()
        {
            eprintln!(
                "{name}: {} of {} contradict their figures",
                wrong[source].len(),
                checked[source]
            );
        }
        assert!(
            checked[0] >= TRAINER_POSITIONS && checked[1] >= 10_000,
            "{checked:?}"
        );
        for source in wrong {
            assert!(
                source.is_empty(),
                "{}\n…",
                source[..source.len().min(12)].join("\n")
            );
        }
    }

    const TRAINER_POSITIONS: usize = 2_000;
    const DUEL_POSITIONS: usize = 15_000;
}
