//! The setup screen's state: seats, order, rule variant, seed, coach and pace.

use martian_engine::{BonusRule, EndRule, MAX_PLAYERS, Points, Rules, RulesError, TieRule};
use martian_i18n::Lang;
use martian_review::Theme as TrainTheme;
use ratatui::crossterm::event::{KeyCode, KeyEvent};

use crate::messages as msg;
use crate::session::StartError;

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    Human,
    /// A built-in bot, by the name `martian_bots::create` takes.
    Bot(String),
}

/// A seat as the setup screen shows it. A human's name is typed; a bot is named at the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatSpec {
    pub kind: SeatKind,
    pub name: String,
}

impl SeatSpec {
    pub fn human(name: &str) -> SeatSpec {
        SeatSpec {
            kind: SeatKind::Human,
            name: name.into(),
        }
    }
    pub fn bot(bot: &str) -> SeatSpec {
        SeatSpec {
            kind: SeatKind::Bot(bot.into()),
            name: String::new(),
        }
    }
}

/// How the seats are ordered when the game starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Order {
    #[default]
    AsListed,
    /// A random seat opens; the others follow in the listed order.
    RandomFirst,
    Shuffle,
}

/// When the coach panel is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CoachMode {
    /// Only after the coach key.
    #[default]
    OnDemand,
    /// For every decision.
    Always,
}

/// What the setup screen starts: a game, or the trainer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    #[default]
    Game,
    /// Positions from solved play to answer one after the other (`martian_review::Trainer`).
    Trainer,
}

/// The kinds of trainer position offered, in the order the setup screen goes through them
/// (`None`: any kind).
pub const TRAIN_THEMES: [Option<TrainTheme>; 4] = [
    None,
    Some(TrainTheme::TanksCloseToRays),
    Some(TrainTheme::FinalRound),
    Some(TrainTheme::BonusHunting),
];

/// The choices of bot pace, in milliseconds per step.
pub const PACES_MS: [u64; 5] = [0, 300, 700, 1200, 2000];
/// The default pace: readable without dragging.
pub const DEFAULT_PACE_MS: u64 = 700;
/// The longest name a human may type.
pub const MAX_NAME: usize = 16;

/// Everything the setup screen settles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSetup {
    pub seats: Vec<SeatSpec>,
    pub order: Order,
    pub rules: Rules,
    pub seed: Option<u64>,
    pub coach: CoachMode,
    pub pace_ms: u64,
    /// The language of every screen; the setup screen switches it.
    pub lang: Lang,
}

impl GameSetup {
    /// "You" against the medium bot (or, until it exists, the strongest bot there is), official
    /// rules, a random seed, in `lang`.
    pub fn default_for(bots: &[String], lang: Lang) -> GameSetup {
        let opponent = default_bot(bots);
        GameSetup {
            seats: vec![
                SeatSpec::human(&msg::default_human_name(lang.messages())),
                SeatSpec::bot(&opponent),
            ],
            order: Order::AsListed,
            rules: Rules::official(),
            seed: None,
            coach: CoachMode::OnDemand,
            pace_ms: DEFAULT_PACE_MS,
            lang,
        }
    }

    /// Switches to `lang`; the people still called by a default name ("You", "Player 2") take
    /// that name in the new language.
    pub fn set_lang(&mut self, lang: Lang) {
        let (old, new) = (self.lang.messages(), lang.messages());
        for (i, seat) in self.seats.iter_mut().enumerate() {
            if seat.kind != SeatKind::Human {
                continue;
            }
            if seat.name == msg::default_human_name(old) {
                seat.name = msg::default_human_name(new);
            } else if seat.name == msg::default_player_name(old, i + 1) {
                seat.name = msg::default_player_name(new, i + 1);
            }
        }
        self.lang = lang;
    }
}

/// The bot a new seat gets: `medium` when there is one, else the last (strongest) listed.
pub fn default_bot(bots: &[String]) -> String {
    bots.iter()
        .find(|b| *b == "medium")
        .or(bots.last())
        .cloned()
        .unwrap_or_default()
}

/// One line of the setup form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    Language,
    Mode,
    /// The kind of trainer position (trainer mode only).
    Theme,
    Players,
    Seat(usize),
    Order,
    Dice,
    Target,
    Bonus,
    End,
    Tie,
    Seed,
    Coach,
    Pace,
    Start,
}

/// What a key did on the setup screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupOutcome {
    Stay,
    Start,
    Quit,
}

/// Why the setup form cannot start what it describes. The player reads it under the form,
/// worded by [`msg::setup_error`].
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error(transparent)]
    Start(#[from] StartError),
    /// The trainer plays positions of 1 to 4 players.
    #[error("the trainer's positions come from games of 1 to 4 players")]
    TrainerPlayers,
    /// The trainer values positions exactly, beyond the solvers' limits under these rules.
    #[error(transparent)]
    Limit(martian_engine::SolveLimit),
    /// The kind of position asked for never happens in these games.
    #[error("no position of this kind occurs in games of {players} players under these rules")]
    TrainerThemeNever { players: usize },
}

/// The setup form: the settings and the field under the cursor.
#[derive(Debug)]
pub struct Setup {
    pub setup: GameSetup,
    /// The built-in bots offered for a seat.
    pub bots: Vec<String>,
    pub cursor: usize,
    /// Why the game could not start, shown under the form.
    pub error: Option<SetupError>,
    /// The field being typed into: the first key typed into a field replaces what it held (a
    /// name typed over "You" is the name, not "YouAna"), the next ones add to it.
    typing: Option<Row>,
    /// A game or the trainer.
    pub mode: Mode,
    /// The kind of trainer position asked for (`None`: any).
    pub theme: Option<TrainTheme>,
}

impl Setup {
    pub fn new(setup: GameSetup, bots: Vec<String>) -> Setup {
        let mut form = Setup {
            setup,
            bots,
            cursor: 0,
            error: None,
            typing: None,
            mode: Mode::Game,
            theme: None,
        };
        form.cursor = form
            .rows()
            .iter()
            .position(|r| *r == Row::Start)
            .unwrap_or(0);
        form
    }

    /// The same form in `mode`, with trainer positions of `theme`, the cursor on Start.
    #[must_use]
    pub fn with_mode(mut self, mode: Mode, theme: Option<TrainTheme>) -> Setup {
        self.mode = mode;
        self.theme = theme;
        self.cursor = self.rows().len() - 1;
        self
    }

    /// The form's lines, top to bottom. The trainer has no seats, order, coach or pace: its
    /// positions come from games of `Players` seats played perfectly.
    pub fn rows(&self) -> Vec<Row> {
        let mut rows = vec![Row::Language, Row::Mode];
        match self.mode {
            Mode::Game => {
                rows.push(Row::Players);
                rows.extend((0..self.setup.seats.len()).map(Row::Seat));
                rows.push(Row::Order);
            }
            Mode::Trainer => rows.extend([Row::Theme, Row::Players]),
        }
        rows.extend([
            Row::Dice,
            Row::Target,
            Row::Bonus,
            Row::End,
            Row::Tie,
            Row::Seed,
        ]);
        if self.mode == Mode::Game {
            rows.extend([Row::Coach, Row::Pace]);
        }
        rows.push(Row::Start);
        rows
    }

    pub fn current(&self) -> Row {
        let rows = self.rows();
        rows[self.cursor.min(rows.len() - 1)]
    }

    /// The rules the form describes, or why they are invalid.
    pub fn rules(&self) -> Result<Rules, RulesError> {
        let r = self.setup.rules;
        // The form only ever holds valid rules (every change goes through `Rules::with_*`).
        Rules::new(r.dice(), r.target(), r.bonus(), r.end(), r.tie())
    }

    pub fn handle(&mut self, key: KeyEvent) -> SetupOutcome {
        self.error = None;
        let row = self.current();
        match key.code {
            KeyCode::Esc => return SetupOutcome::Quit,
            KeyCode::Enter => return SetupOutcome::Start,
            KeyCode::Up | KeyCode::BackTab => {
                self.cursor = self.cursor.checked_sub(1).unwrap_or(self.rows().len() - 1);
                self.typing = None;
            }
            KeyCode::Down | KeyCode::Tab => {
                self.cursor = (self.cursor + 1) % self.rows().len();
                self.typing = None;
            }
            KeyCode::Left => self.change(row, -1),
            KeyCode::Right => self.change(row, 1),
            KeyCode::Backspace => self.backspace(row),
            KeyCode::Char(ch) => self.typed(row, ch),
            _ => {}
        }
        SetupOutcome::Stay
    }

    fn seat_kinds(&self) -> Vec<SeatKind> {
        std::iter::once(SeatKind::Human)
            .chain(self.bots.iter().map(|b| SeatKind::Bot(b.clone())))
            .collect()
    }

    fn change(&mut self, row: Row, step: i32) {
        self.typing = None;
        let s = &mut self.setup;
        match row {
            Row::Language => {
                let at = Lang::ALL.iter().position(|l| *l == s.lang).unwrap_or(0);
                s.set_lang(Lang::ALL[cycle(at, Lang::ALL.len(), step)]);
            }
            Row::Mode => {
                self.mode = match self.mode {
                    Mode::Game => Mode::Trainer,
                    Mode::Trainer => Mode::Game,
                }
            }
            Row::Theme => {
                let at = TRAIN_THEMES
                    .iter()
                    .position(|t| *t == self.theme)
                    .unwrap_or(0);
                self.theme = TRAIN_THEMES[cycle(at, TRAIN_THEMES.len(), step)];
            }
            Row::Players => {
                let n = s.seats.len() as i32 + step;
                if (1..=MAX_PLAYERS as i32).contains(&n) {
                    if step > 0 {
                        let bot = default_bot(&self.bots);
                        s.seats.push(SeatSpec::bot(&bot));
                    } else {
                        s.seats.pop();
                    }
                }
            }
            Row::Seat(i) => {
                let kinds = self.seat_kinds();
                let seat = &mut self.setup.seats[i];
                let at = kinds.iter().position(|k| *k == seat.kind).unwrap_or(0);
                let next = cycle(at, kinds.len(), step);
                seat.kind = kinds[next].clone();
                if seat.kind == SeatKind::Human && seat.name.is_empty() {
                    seat.name = msg::default_player_name(self.setup.lang.messages(), i + 1);
                }
            }
            Row::Order => {
                const ALL: [Order; 3] = [Order::AsListed, Order::RandomFirst, Order::Shuffle];
                let at = ALL.iter().position(|o| *o == s.order).unwrap_or(0);
                s.order = ALL[cycle(at, ALL.len(), step)];
            }
            Row::Dice => {
                let dice = (i32::from(s.rules.dice()) + step)
                    .clamp(i32::from(Rules::MIN_DICE), i32::from(Rules::MAX_DICE));
                s.rules = s.rules.with_dice(dice as u8).unwrap_or(s.rules);
            }
            Row::Target => {
                let target = (i32::from(s.rules.target()) + step)
                    .clamp(i32::from(Rules::MIN_TARGET), i32::from(Rules::MAX_TARGET));
                s.rules = s.rules.with_target(target as Points).unwrap_or(s.rules);
            }
            Row::Bonus => {
                s.rules = s.rules.with_bonus(match s.rules.bonus() {
                    BonusRule::OneOfEach => BonusRule::AnyEarthling,
                    BonusRule::AnyEarthling => BonusRule::OneOfEach,
                })
            }
            Row::End => {
                s.rules = s.rules.with_end(match s.rules.end() {
                    EndRule::CompleteRound => EndRule::Immediate,
                    EndRule::Immediate => EndRule::CompleteRound,
                })
            }
            Row::Tie => {
                s.rules = s.rules.with_tie(match s.rules.tie() {
                    TieRule::RollOff => TieRule::Shared,
                    TieRule::Shared => TieRule::RollOff,
                })
            }
            Row::Seed => {
                s.seed = match (s.seed, step > 0) {
                    (None, _) => Some(0),
                    (Some(n), true) => Some(n.saturating_add(1)),
                    (Some(0), false) => None,
                    (Some(n), false) => Some(n - 1),
                }
            }
            Row::Coach => {
                s.coach = match s.coach {
                    CoachMode::OnDemand => CoachMode::Always,
                    CoachMode::Always => CoachMode::OnDemand,
                }
            }
            Row::Pace => {
                let at = PACES_MS
                    .iter()
                    .position(|p| *p >= s.pace_ms)
                    .unwrap_or(PACES_MS.len() - 1);
                let next = (at as i32 + step).clamp(0, PACES_MS.len() as i32 - 1);
                s.pace_ms = PACES_MS[next as usize];
            }
            Row::Start => {}
        }
    }

    fn backspace(&mut self, row: Row) {
        self.typing = Some(row);
        let s = &mut self.setup;
        match row {
            Row::Seat(i) if s.seats[i].kind == SeatKind::Human => {
                s.seats[i].name.pop();
            }
            Row::Seed => s.seed = s.seed.and_then(|n| (n >= 10).then_some(n / 10)),
            Row::Dice => {
                let dice = (s.rules.dice() / 10).max(Rules::MIN_DICE);
                s.rules = s.rules.with_dice(dice).unwrap_or(s.rules);
            }
            Row::Target => {
                let target = (s.rules.target() / 10).max(Rules::MIN_TARGET);
                s.rules = s.rules.with_target(target).unwrap_or(s.rules);
            }
            _ => {}
        }
    }

    fn typed(&mut self, row: Row, ch: char) {
        let fresh = self.typing != Some(row);
        if let Row::Seat(i) = row {
            match ch {
                '<' => self.move_seat(i, -1),
                '>' => self.move_seat(i, 1),
                _ => {
                    let seat = &mut self.setup.seats[i];
                    if seat.kind == SeatKind::Human && name_char(ch) {
                        if fresh {
                            seat.name.clear();
                        }
                        if seat.name.chars().count() < MAX_NAME {
                            seat.name.push(ch);
                        }
                        self.typing = Some(row);
                    }
                }
            }
            return;
        }
        let Some(digit) = ch.to_digit(10) else {
            return;
        };
        self.typing = Some(row);
        let s = &mut self.setup;
        let (dice, target) = if fresh {
            (0, 0)
        } else {
            (u32::from(s.rules.dice()), u32::from(s.rules.target()))
        };
        match row {
            Row::Seed => {
                s.seed = Some(
                    s.seed
                        .filter(|_| !fresh)
                        .unwrap_or(0)
                        .checked_mul(10)
                        .and_then(|n| n.checked_add(u64::from(digit)))
                        .unwrap_or(u64::from(digit)),
                )
            }
            Row::Dice => {
                let typed = dice * 10 + digit;
                let dice = if typed <= u32::from(Rules::MAX_DICE) {
                    typed
                } else {
                    digit
                };
                if let Ok(rules) = s.rules.with_dice(dice as u8) {
                    s.rules = rules;
                }
            }
            Row::Target => {
                let typed = target * 10 + digit;
                let target = if typed <= u32::from(Rules::MAX_TARGET) {
                    typed
                } else {
                    digit
                };
                if let Ok(rules) = s.rules.with_target(target as Points) {
                    s.rules = rules;
                }
            }
            _ => {}
        }
    }

    fn move_seat(&mut self, i: usize, step: i32) {
        let j = i as i32 + step;
        if (0..self.setup.seats.len() as i32).contains(&j) {
            self.setup.seats.swap(i, j as usize);
            self.cursor = (self.cursor as i32 + step) as usize;
        }
    }
}

fn cycle(at: usize, len: usize, step: i32) -> usize {
    (at as i32 + step).rem_euclid(len as i32) as usize
}

fn name_char(ch: char) -> bool {
    ch.is_alphanumeric() || matches!(ch, ' ' | '-' | '_' | '.' | '\'')
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::KeyModifiers;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn bots() -> Vec<String> {
        ["random", "easy", "medium", "hard"]
            .map(String::from)
            .to_vec()
    }

    #[test]
    fn the_default_is_you_against_the_medium_bot_and_enter_starts() {
        let mut form = Setup::new(GameSetup::default_for(&bots(), Lang::En), bots());
        assert_eq!(form.setup.seats[0], SeatSpec::human("You"));
        assert_eq!(form.setup.seats[1], SeatSpec::bot("medium"));
        assert_eq!(form.handle(key(KeyCode::Enter)), SetupOutcome::Start);
    }

    #[test]
    fn without_a_medium_bot_the_strongest_listed_is_the_default() {
        assert_eq!(default_bot(&["random".into(), "greedy".into()]), "greedy");
    }

    #[test]
    fn seats_are_added_up_to_eight_and_removed_down_to_one() {
        let mut form = Setup::new(GameSetup::default_for(&bots(), Lang::En), bots());
        form.cursor = form.rows().iter().position(|r| *r == Row::Players).unwrap();
        for _ in 0..10 {
            form.handle(key(KeyCode::Right));
        }
        assert_eq!(form.setup.seats.len(), MAX_PLAYERS);
        for _ in 0..10 {
            form.handle(key(KeyCode::Left));
        }
        assert_eq!(form.setup.seats.len(), 1);
    }

    #[test]
    fn a_seat_cycles_through_human_and_every_bot_and_takes_a_typed_name() {
        let mut form = Setup::new(GameSetup::default_for(&bots(), Lang::En), bots());
        form.cursor = form.rows().iter().position(|r| *r == Row::Seat(1)).unwrap(); // the bot
        form.handle(key(KeyCode::Right)); // medium → hard
        assert_eq!(form.setup.seats[1].kind, SeatKind::Bot("hard".into()));
        form.handle(key(KeyCode::Right)); // → human
        assert_eq!(form.setup.seats[1].kind, SeatKind::Human);
        assert_eq!(form.setup.seats[1].name, "Player 2");
        for _ in 0..8 {
            form.handle(key(KeyCode::Backspace));
        }
        for ch in "Ana<".chars() {
            form.handle(key(KeyCode::Char(ch)));
        }
        assert_eq!(form.setup.seats[0].name, "Ana", "'<' moved the seat up");
        assert_eq!(form.current(), Row::Seat(0));
    }

    #[test]
    fn typing_into_a_field_replaces_what_it_held_then_adds_to_it() {
        let mut form = Setup::new(GameSetup::default_for(&bots(), Lang::En), bots());
        form.cursor = form.rows().iter().position(|r| *r == Row::Seat(0)).unwrap();
        assert_eq!(form.setup.seats[0].name, "You");
        for ch in "Ana".chars() {
            form.handle(key(KeyCode::Char(ch)));
        }
        assert_eq!(form.setup.seats[0].name, "Ana", "not YouAna");
        form.handle(key(KeyCode::Down));
        form.handle(key(KeyCode::Up));
        form.handle(key(KeyCode::Backspace));
        form.handle(key(KeyCode::Char('e')));
        assert_eq!(form.setup.seats[0].name, "Ane", "editing after a backspace");
        form.cursor = form.rows().iter().position(|r| *r == Row::Target).unwrap();
        form.handle(key(KeyCode::Char('3')));
        form.handle(key(KeyCode::Char('0')));
        assert_eq!(form.setup.rules.target(), 30, "not 2530");
        form.cursor = form.rows().iter().position(|r| *r == Row::Dice).unwrap();
        form.handle(key(KeyCode::Char('8')));
        assert_eq!(form.setup.rules.dice(), 8);
    }

    #[test]
    fn numbers_are_typed_and_kept_in_range() {
        let mut form = Setup::new(GameSetup::default_for(&bots(), Lang::En), bots());
        form.cursor = form.rows().iter().position(|r| *r == Row::Target).unwrap();
        form.handle(key(KeyCode::Backspace)); // 25 → 2
        form.handle(key(KeyCode::Char('0'))); // 20
        assert_eq!(form.setup.rules.target(), 20);
        form.handle(key(KeyCode::Char('0'))); // 200
        form.handle(key(KeyCode::Char('0'))); // 2000 > 999 → 0 is refused, stays 200
        assert_eq!(form.setup.rules.target(), 200);
        form.cursor = form.rows().iter().position(|r| *r == Row::Dice).unwrap();
        for _ in 0..40 {
            form.handle(key(KeyCode::Right));
        }
        assert_eq!(form.setup.rules.dice(), Rules::MAX_DICE);
        form.cursor = form.rows().iter().position(|r| *r == Row::Seed).unwrap();
        for ch in "42".chars() {
            form.handle(key(KeyCode::Char(ch)));
        }
        assert_eq!(form.setup.seed, Some(42));
        form.handle(key(KeyCode::Backspace));
        form.handle(key(KeyCode::Backspace));
        assert_eq!(form.setup.seed, None);
    }

    #[test]
    fn the_language_switch_cycles_and_renames_the_default_names_only() {
        let mut form = Setup::new(GameSetup::default_for(&bots(), Lang::En), bots());
        form.setup.seats.push(SeatSpec::human("Player 3"));
        form.setup.seats.push(SeatSpec::human("Ana"));
        form.cursor = form
            .rows()
            .iter()
            .position(|r| *r == Row::Language)
            .unwrap();
        assert_eq!(form.current(), Row::Language);
        form.handle(key(KeyCode::Right));
        assert_eq!(form.setup.lang, Lang::PtBr);
        let names: Vec<&str> = form.setup.seats.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Você", "", "Jogador 3", "Ana"]);
        form.handle(key(KeyCode::Left));
        assert_eq!(form.setup.lang, Lang::En);
        assert_eq!(form.setup.seats[0].name, "You");
        assert_eq!(form.setup.seats[2].name, "Player 3");
        form.handle(key(KeyCode::Left));
        assert_eq!(form.setup.lang, Lang::PtBr, "the switch cycles both ways");
    }
}
