//! The trainer's start and keys (its screen is `ui::TrainerScreen`).

use super::*;

impl App {
    /// Starts the trainer with the setup form's rules, players, seed and kind of position.
    pub(super) fn start_trainer(&mut self, rules: martian_engine::Rules) {
        let Screen::Setup(form) = &mut self.screen else {
            return;
        };
        let players = form.setup.seats.len();
        if !(1..=4).contains(&players) {
            form.error = Some(SetupError::TrainerPlayers);
            return;
        }
        // The trainer's games are exact: four players within the four-player solve's limit.
        let exact = match players {
            4 => martian_engine::SolvedGame::Quad.check(rules),
            _ => martian_engine::SolvedGame::for_players(players, rules).map(|_| ()),
        };
        if let Err(limit) = exact {
            form.error = Some(SetupError::Limit(limit));
            return;
        }
        let config = martian_review::TrainerConfig {
            rules,
            players: martian_review::PlayerCounts::only(players),
            theme: form.theme,
            margin: None,
            seed: form
                .setup
                .seed
                .unwrap_or_else(|| self.entropy.random_range(0..1_000_000)),
        };
        // A kind of position the games never reach is said on the form, not after a search.
        let never = config.theme == Some(martian_review::Theme::FinalRound)
            && (players == 1 || rules.end() == martian_engine::EndRule::Immediate);
        if never {
            form.error = Some(SetupError::TrainerThemeNever { players });
            return;
        }
        self.last_setup = form.setup.clone();
        self.last_theme = form.theme;
        self.screen = Screen::Trainer(TrainerSession::start(
            config,
            form.setup.lang,
            self.pace,
            self.progress.as_ref(),
        ));
    }

    pub(super) fn trainer_key(&mut self, key: KeyEvent) {
        let Screen::Trainer(trainer) = &mut self.screen else {
            return;
        };
        let m = trainer.lang.messages();
        let keys = Keys::of(trainer.lang);
        let ch = match key.code {
            KeyCode::Char(ch) => Some(ch.to_ascii_lowercase()),
            _ => None,
        };
        let choosing = trainer.position().is_some_and(crate::trainer::choosing);
        let live: &[KeyAction] = match &trainer.stage {
            Stage::Asking(_) if choosing => &CHOOSE_KEYS,
            Stage::Asking(_) => &DECIDE_KEYS,
            _ => &[KeyAction::Quit],
        };
        let action = ch.and_then(|c| keys.action(c, live));
        match (key.code, ch, action) {
            (_, Some(msg::KEY_HELP), _) => self.overlay = Overlay::Help,
            (KeyCode::Esc, ..) => {
                self.end_training();
                let form = Setup::new(self.last_setup.clone(), self.bots.names())
                    .with_mode(Mode::Trainer, self.last_theme);
                self.screen = Screen::Setup(form);
            }
            (.., Some(KeyAction::Quit)) => {
                self.end_training();
                self.quit = true;
            }
            (KeyCode::Enter, ..) | (_, Some(' '), _)
                if matches!(trainer.stage, Stage::Answered(..)) =>
            {
                trainer.next();
            }
            (.., Some(KeyAction::Take(face))) => self.answer(Action::Take(face)),
            (.., Some(KeyAction::Stop)) => self.answer(Action::Stop),
            (.., Some(KeyAction::Roll)) => self.answer(Action::Roll),
            // Any other letter at a decision: what the decision is.
            (_, Some(c), None) if c.is_ascii_alphabetic() => {
                if let Some(position) = trainer.position()
                    && matches!(trainer.stage, Stage::Asking(_))
                {
                    let asked = if choosing {
                        Action::Roll
                    } else {
                        Action::Take(Face::DeathRay)
                    };
                    let refused = MoveRefused::Illegal(why_not(&position.turn, asked));
                    self.message = Some(msg::move_refused(m, &refused));
                }
            }
            _ => {}
        }
    }

    /// The trainer's position answered with `action`, or the reason it is not an option.
    fn answer(&mut self, action: Action) {
        let Screen::Trainer(trainer) = &mut self.screen else {
            return;
        };
        let turn = trainer.position().map(|p| p.turn);
        if !trainer.answer(action)
            && let Some(turn) = turn
        {
            let refused = MoveRefused::Illegal(why_not(&turn, action));
            self.message = Some(msg::move_refused(trainer.lang.messages(), &refused));
            return;
        }
        // The answer counts for its kind of position, from one run to the next.
        if let (Some(progress), Stage::Answered(position, action, _)) =
            (&mut self.progress, &trainer.stage)
        {
            progress.record_answer(position.lesson, *action == position.best);
            self.effects
                .push(Effect::SaveProgress(Box::new(progress.clone())));
        }
    }

    /// Keeps the session's score in the progress, as the trainer is left.
    fn end_training(&mut self) {
        let (Screen::Trainer(trainer), Some(progress)) = (&self.screen, &mut self.progress) else {
            return;
        };
        if trainer.answered == 0 {
            return;
        }
        let measure = match trainer.measure {
            Some(martian_review::Measure::ExpectedTurns) => "expected-turns",
            _ => "win-probability",
        };
        progress.record_session(martian_review::SessionRecord {
            ended: 0,
            answered: trainer.answered as u32,
            best: trainer.best as u32,
            loss: trainer.loss,
            measure: measure.to_string(),
        });
        self.effects
            .push(Effect::SaveProgress(Box::new(progress.clone())));
    }
}
