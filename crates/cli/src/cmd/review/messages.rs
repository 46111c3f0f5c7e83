//! Every sentence of `martian-dice review` and `martian-dice train`, in the reader's language
//! (ids `review-*` and `train-*` of `crates/i18n/locales/*.ftl`).

use martian_cards::Card;
use martian_engine::{Action, Dice, Face, Points, Rules, Turn};
use martian_i18n::vocab::{self, ChangeUnit, face_id};
use martian_i18n::{Messages, decimal, tr};
use martian_review::{
    CardDecision, CardReview, Class, Decision, Measure, OptionValue, Review, SeatSummary,
    StopReason, Stopped, TurnReview, Valuation,
};
use martian_solver::figures::{distinct_places, percent_places};

use super::Against;

/// How the numbers of one review are written: percentages or turns, marked ≈ when approximate.
#[derive(Clone, Copy, Debug)]
pub struct Numbers<'a> {
    pub m: &'a Messages,
    pub measure: Measure,
    pub approximate: bool,
}

impl<'a> Numbers<'a> {
    pub fn of(m: &'a Messages, review: &Review) -> Numbers<'a> {
        Numbers {
            m,
            measure: review.measure,
            approximate: review.approximate,
        }
    }

    fn mark(&self) -> &'static str {
        if self.approximate { "≈" } else { "" }
    }

    /// A value: "48.41%", "≈48.41%", "8.60".
    pub fn value(&self, value: f64) -> String {
        self.value_with(value, 2)
    }

    /// The decimals that show `values` side by side: 2, or more when two that differ would
    /// read alike (`martian_solver::figures`).
    pub fn places(&self, values: &[f64]) -> usize {
        match self.measure {
            Measure::WinProbability => percent_places(values, 2),
            Measure::ExpectedTurns => distinct_places(values, 2),
        }
    }

    /// A value with `places` decimals.
    pub fn value_with(&self, value: f64, places: usize) -> String {
        match self.measure {
            Measure::WinProbability => {
                format!("{}{}%", self.mark(), decimal(self.m, 100.0 * value, places))
            }
            Measure::ExpectedTurns => format!("{}{}", self.mark(), decimal(self.m, value, places)),
        }
    }

    fn unit(&self) -> (ChangeUnit, f64) {
        match self.measure {
            Measure::WinProbability => (ChangeUnit::WinChance, 100.0),
            Measure::ExpectedTurns => (ChangeUnit::Turns, 1.0),
        }
    }

    /// A loss, without a sign: "2.10pp of chance to win", "0.35 turns".
    pub fn loss(&self, loss: f64) -> String {
        let (unit, scale) = self.unit();
        format!(
            "{}{}",
            self.mark(),
            vocab::loss(self.m, unit, scale * loss, 2)
        )
    }

    /// A change with its sign (luck, skill): "+17.56% chance to win", "−0.35 turns".
    pub fn change(&self, value: f64) -> String {
        let (unit, scale) = self.unit();
        format!(
            "{}{}",
            self.mark(),
            vocab::change(self.m, unit, scale * value, 2, true)
        )
    }

    /// An amount without a sign (a threshold): "2.00% chance to win", "0.10 turns".
    pub fn amount(&self, value: f64) -> String {
        let (unit, scale) = self.unit();
        vocab::change(self.m, unit, scale * value, 2, false)
    }
}

/// The selector values of an action: (`take`, face) or (`stop`/`roll`, "").
fn action_ids(action: Action) -> (&'static str, &'static str) {
    match action {
        Action::Take(face) => ("take", face_id(face)),
        Action::Stop => ("stop", ""),
        Action::Roll => ("roll", ""),
    }
}

/// "took the humans", "stopped".
pub fn done(m: &Messages, action: Action) -> String {
    let (action, face) = action_ids(action);
    tr!(m, "review-action", action = action, face = face)
}

/// "take the humans", "roll again".
pub fn to_do(m: &Messages, action: Action) -> String {
    let (action, face) = action_ids(action);
    tr!(m, "review-best-action", action = action, face = face)
}

/// The options in one line: "R 51.20% · H 53.40% (best)", with the decimals that tell apart
/// the values that differ.
pub fn options(n: Numbers<'_>, options: &[OptionValue], best: Action) -> String {
    let values: Vec<f64> = options.iter().map(|o| o.value).collect();
    let places = n.places(&values);
    options
        .iter()
        .map(|o| {
            let action = match o.action {
                Action::Take(face) => vocab::face_letter(n.m, face).to_string(),
                Action::Stop => "stop".into(),
                Action::Roll => "roll".into(),
            };
            let mark = if o.action == best {
                tr!(n.m, "review-best-mark")
            } else {
                String::new()
            };
            tr!(
                n.m,
                "review-option",
                action = action,
                value = n.value_with(o.value, places),
                mark = mark
            )
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The scores in seat order: "Ana 12, Bob 9".
pub fn scores(names: &[&str], scores: &[Points]) -> String {
    names
        .iter()
        .zip(scores)
        .map(|(name, score)| format!("{name} {score}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What the decision was about: "rolled TRRRHHCC", "4 points set aside, 5 dice left".
pub fn situation(n: Numbers<'_>, turn: &Turn, options_text: &str) -> String {
    let m = n.m;
    match turn.pending_roll() {
        Some(roll) => tr!(
            m,
            "review-choose",
            roll = vocab::dice_letters(m, roll),
            options = options_text
        ),
        None => {
            let aside = turn.aside();
            let lead = aside.count(Face::Tank) > aside.count(Face::DeathRay);
            tr!(
                m,
                "review-decide",
                tanks = if lead { "lead" } else { "hold" },
                earthlings = aside.earthlings(),
                points = turn.score(),
                dice = turn.dice_left(),
                options = options_text
            )
        }
    }
}

/// One decision's line.
pub fn decision(n: Numbers<'_>, d: &Decision, turn: &Turn) -> String {
    let class = if d.forced { "forced" } else { d.class.name() };
    let verdict = tr!(
        n.m,
        "review-verdict",
        class = class,
        action = done(n.m, d.chosen),
        loss = n.loss(d.loss)
    );
    let text = situation(n, turn, &options(n, &d.options, d.best));
    format!("{text} — {verdict}")
}

/// Why the best option of a decision is best, for a decision that is not (the coach's words).
pub fn why(m: &Messages, d: &Decision) -> Option<String> {
    let reason = d.reason.as_ref()?;
    Some(tr!(
        m,
        "review-why",
        reason = martian_tui::messages::coach_reason(m, reason)
    ))
}

pub fn header(m: &Messages, review: &Review) -> Vec<String> {
    let names: Vec<&str> = review.players.iter().map(|p| p.name.as_str()).collect();
    let valuation = match review.valuation {
        Valuation::Solo => "solo",
        Valuation::Duel => "duel",
        Valuation::Trio => "trio",
        Valuation::Quad => "quad",
        Valuation::TrioReduction => "trio-reduction",
        Valuation::DuelReduction => "duel-reduction",
    };
    let n = Numbers {
        approximate: false,
        ..Numbers::of(m, review)
    };
    let t = review.thresholds;
    vec![
        tr!(m, "review-title", names = vocab::list_and(m, &names)),
        tr!(m, "review-rules", rules = vocab::ruleset(m, review.rules)),
        tr!(m, "review-valuation", valuation = valuation),
        tr!(
            m,
            "review-classes",
            inaccuracy = n.amount(t.inaccuracy),
            mistake = n.amount(t.mistake),
            blunder = n.amount(t.blunder)
        ),
        tr!(m, "review-luck-note"),
    ]
}

pub fn turn_line(m: &Messages, names: &[&str], t: &TurnReview, scores_before: &[Points]) -> String {
    let scores = scores(names, scores_before);
    if t.finished {
        tr!(
            m,
            "review-turn",
            turn = t.turn,
            round = t.round,
            name = names[t.seat],
            scores = scores,
            transcript = transcript(m, &t.transcript),
            points = vocab::points(m, t.score)
        )
    } else {
        tr!(
            m,
            "review-turn-unfinished",
            turn = t.turn,
            round = t.round,
            name = names[t.seat],
            scores = scores,
            transcript = transcript(m, &t.transcript)
        )
    }
}

/// A transcript in the reader's letters (`V` and `G` in Portuguese), as its rolls are written.
fn transcript(m: &Messages, text: &str) -> String {
    text.parse::<martian_engine::Transcript>()
        .map_or_else(|_| text.to_string(), |t| vocab::transcript(m, &t))
}

pub fn move_line(n: Numbers<'_>, name: &str, t: &TurnReview) -> String {
    let measure = match n.measure {
        Measure::WinProbability => "win-probability",
        Measure::ExpectedTurns => "expected-turns",
    };
    tr!(
        n.m,
        "review-move",
        measure = measure,
        name = name,
        before = n.value(t.before),
        after = n.value(t.after),
        luck = n.change(t.luck),
        skill = n.change(t.skill)
    )
}

pub fn chances_line(n: Numbers<'_>, names: &[&str], chances: &[f64]) -> String {
    let list = names
        .iter()
        .zip(chances)
        .map(|(name, &p)| format!("{name} {}", n.value(p)))
        .collect::<Vec<_>>()
        .join(", ");
    tr!(n.m, "review-chances", list = list)
}

/// The summary lines of one seat.
pub fn seat_lines(n: Numbers<'_>, review: &Review, seat: &SeatSummary) -> Vec<String> {
    let m = n.m;
    let mut lines = Vec::new();
    match (seat.mean_loss, seat.decisions) {
        (Some(mean), decisions) if decisions > 0 => {
            let accuracy = seat
                .accuracy
                .map_or_else(|| "—".to_string(), |a| format!("{}%", decimal(m, a, 1)));
            lines.push(tr!(
                m,
                "review-seat",
                name = seat.name.as_str(),
                decisions = seat.decisions,
                accuracy = accuracy,
                mean = n.loss(mean),
                best = seat.classes.get(Class::Best),
                inaccuracies = seat.classes.get(Class::Inaccuracy),
                mistakes = seat.classes.get(Class::Mistake),
                blunders = seat.classes.get(Class::Blunder)
            ));
        }
        _ => lines.push(tr!(m, "review-seat-none", name = seat.name.as_str())),
    }
    if seat.forced > 0 {
        lines.push(format!(
            "  {}",
            tr!(m, "review-seat-forced", count = seat.forced)
        ));
    }
    lines.push(format!(
        "  {}",
        tr!(
            m,
            "review-seat-luck",
            luck = n.change(seat.luck),
            skill = n.change(seat.skill)
        )
    ));
    match seat.biggest_mistake.map(|i| &review.decisions[i]) {
        Some(d) => {
            let names: Vec<&str> = review.players.iter().map(|p| p.name.as_str()).collect();
            let turn = position_turn(review.rules, d);
            let position = match turn.pending_roll() {
                Some(roll) => tr!(
                    m,
                    "review-choose",
                    roll = vocab::dice_letters(m, roll),
                    options = options(n, &d.options, d.best)
                ),
                None => situation(n, &turn, &options(n, &d.options, d.best)),
            };
            lines.push(format!(
                "  {}",
                tr!(
                    m,
                    "review-biggest",
                    turn = d.turn,
                    round = d.round,
                    scores = scores(&names, &d.scores),
                    position = position,
                    action = done(m, d.chosen),
                    best = to_do(m, d.best),
                    loss = n.loss(d.loss)
                )
            ));
            if let Some(why) = why(m, d) {
                lines.push(format!("    {why}"));
            }
            lines.push(format!(
                "    {}",
                tr!(
                    m,
                    "review-explore",
                    command = advise_command(review.rules, d)
                )
            ));
        }
        None if seat.decisions > 0 => {
            lines.push(format!("  {}", tr!(m, "review-biggest-none")));
        }
        None => {}
    }
    lines
}

/// The turn of a decision, replayed from its transcript (which the review checked).
pub fn position_turn(rules: Rules, d: &Decision) -> Turn {
    d.transcript
        .parse::<martian_engine::Transcript>()
        .ok()
        .and_then(|t| t.replay(rules).ok())
        .unwrap_or_else(|| Turn::new(rules))
}

/// The `advise` command that shows a decision's position.
pub fn advise_command(rules: Rules, d: &Decision) -> String {
    let scores: Vec<String> = d.scores.iter().map(ToString::to_string).collect();
    let mut command = format!(
        "martian-dice advise \"{}\" --scores {} --seat {}",
        d.transcript,
        scores.join(","),
        d.seat
    );
    let official = Rules::official();
    if rules.dice() != official.dice() {
        command += &format!(" --dice {}", rules.dice());
    }
    if rules.target() != official.target() {
        command += &format!(" --target {}", rules.target());
    }
    if rules.bonus() != official.bonus() {
        command += " --bonus any-earthling";
    }
    if rules.end() != official.end() {
        command += " --end immediate";
    }
    if rules.tie() != official.tie() {
        command += " --tie shared";
    }
    command
}

pub fn stopped(m: &Messages, stopped: &Stopped) -> String {
    let detail = match &stopped.reason {
        StopReason::Record(error) => martian_i18n::errors::record_error(m, error),
        other => other.to_string(),
    };
    tr!(
        m,
        "review-stopped",
        turn = stopped.turn.unwrap_or(0),
        kind = stopped.reason.kind(),
        detail = detail
    )
}

pub fn ending(m: &Messages, review: &Review, final_scores: &[Points]) -> Vec<String> {
    let names: Vec<&str> = review.players.iter().map(|p| p.name.as_str()).collect();
    let mut lines = Vec::new();
    if let Some(roll_off) = &review.roll_off {
        let tied: Vec<&str> = roll_off.tied.iter().map(|&s| names[s]).collect();
        lines.push(match roll_off.winner {
            Some(winner) => tr!(
                m,
                "review-roll-off",
                names = vocab::list_and(m, &tied),
                winner = names[winner]
            ),
            None => tr!(
                m,
                "review-roll-off-unsettled",
                names = vocab::list_and(m, &tied)
            ),
        });
    }
    match review.winners[..] {
        [] => lines.push(tr!(m, "review-unfinished")),
        [winner] => lines.push(tr!(
            m,
            "review-winner",
            name = names[winner],
            points = vocab::points(m, final_scores[winner])
        )),
        ref winners => {
            let shared: Vec<&str> = winners.iter().map(|&s| names[s]).collect();
            lines.push(tr!(
                m,
                "review-shared",
                names = vocab::list_and(m, &shared),
                points = vocab::points(m, final_scores[winners[0]])
            ));
        }
    }
    lines
}

/// "2 tanks, 3 death rays" of the dice set aside.
pub fn aside(m: &Messages, dice: Dice) -> String {
    vocab::dice_in_words(m, dice)
}

/// The letters a reader types for the legal takes: "R, H or V".
pub fn take_choices(m: &Messages, turn: &Turn) -> String {
    let letters: Vec<String> = turn
        .legal_takes()
        .iter()
        .map(|f: Face| vocab::face_letter(m, f).to_string())
        .collect();
    vocab::list_or(m, &letters)
}

/// A decision set against the card: whether the player followed it, else what it would have
/// done (its line) and what that costs.
pub fn card_decision(n: Numbers<'_>, card: &Card, at: &CardDecision) -> String {
    let m = n.m;
    let played = at.card;
    tr!(
        m,
        "review-card-decision",
        followed = if at.followed { "yes" } else { "no" },
        line = played.line.map_or(0, |i| i + 1),
        text = played
            .line
            .map(|i| card.line_text(i, crate::cmd::card::messages::card_lang(m.lang())))
            .unwrap_or_default(),
        doing = crate::cmd::card::messages::card_action(m, played.action),
        right = if played.loss > 0.0 { "no" } else { "yes" },
        loss = n.loss(played.loss)
    )
}

/// An amount the card would have saved, or the player beat it by: "+5.20% chance to win",
/// "−0.30 turns".
fn better_by(n: Numbers<'_>, amount: f64) -> String {
    match n.measure {
        Measure::WinProbability => n.change(amount),
        Measure::ExpectedTurns => n.change(-amount),
    }
}

/// Up to three decisions, "turn 3 (+5.20% chance to win)".
fn card_list(n: Numbers<'_>, review: &Review, at: &[&CardDecision]) -> String {
    at.iter()
        .take(3)
        .map(|c| {
            tr!(
                n.m,
                "review-card-at",
                turn = review.decisions[c.index].turn,
                amount = better_by(n, c.card_gain.abs())
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The card's summary: per seat, how often the player followed it, the losses of the player's
/// choices and of the card's moves, where the card would have saved them and where they beat it.
pub fn card_summary(n: Numbers<'_>, review: &Review, against: &Against<'_>) -> Vec<String> {
    let m = n.m;
    let mut lines = vec![tr!(
        m,
        "review-card-heading",
        card = against.spec.to_string()
    )];
    for (seat, player) in review.players.iter().enumerate() {
        let measured = CardReview::of(review, against.card, Some(seat));
        let Some(agreement) = measured.agreement else {
            continue;
        };
        let name = player.name.clone();
        lines.push(format!(
            "  {}",
            tr!(
                m,
                "review-card-seat",
                name = name.clone(),
                followed = measured.followed,
                decisions = measured.decisions.len(),
                agreement = decimal(m, agreement, 0),
                player_loss = n.loss(measured.player_loss),
                card_loss = n.loss(measured.card_loss)
            )
        ));
        let saves = measured.card_saves();
        if !saves.is_empty() {
            lines.push(format!(
                "    {}",
                tr!(
                    m,
                    "review-card-saves",
                    name = name.clone(),
                    list = card_list(n, review, &saves)
                )
            ));
        }
        let beats = measured.player_beats();
        if !beats.is_empty() {
            lines.push(format!(
                "    {}",
                tr!(
                    m,
                    "review-card-beats",
                    name = name,
                    list = card_list(n, review, &beats)
                )
            ));
        }
    }
    lines
}
