//! Bots at the table: when the next bot move is due, the turn timer, and bot decisions made on the
//! deciders' threads (`crate::solving::deciders`) so that a slow bot never holds up the room.

use super::*;

/// A bot's first roll of a turn waits this many bot delays after the turn before it ended.
pub const TURN_END_PAUSE: u32 = 3;

/// How soon a bot asks again when the solver's queue was full.
const SOLVER_RETRY: Duration = Duration::from_secs(1);

impl Room {
    /// Sets the turn timer and the next bot move for whoever is to move.
    pub(super) fn schedule(&mut self) {
        self.deadline = None;
        self.bot_due = None;
        let Some(seat) = self.table.as_ref().and_then(Table::seat_to_move) else {
            return;
        };
        if self.state.status != Status::Playing {
            return;
        }
        if self.bot_plays(seat) {
            if self.thinking.is_none() {
                self.bot_due = Some(Instant::now() + self.bot_pause());
            }
        } else {
            let seconds = self.state.timer_now().seconds;
            if seconds > 0 {
                self.deadline = Some(Instant::now() + Duration::from_secs(u64::from(seconds)));
            }
        }
    }

    /// Whether a bot plays `seat`'s move now: a bot seat, a stand-in finishing a timed-out turn,
    /// or the stand-in playing for a person who is away.
    pub(super) fn bot_plays(&self, seat: usize) -> bool {
        let person = &self.state.seats[seat];
        person.bot.is_some() || person.away || self.stand_in[seat].is_some()
    }

    /// How long a bot waits before its move: the bot delay, and [`TURN_END_PAUSE`] times as long
    /// before a turn's first roll after another turn ended, so that everyone can read how it
    /// ended and see each roll.
    fn bot_pause(&self) -> Duration {
        let turn_start = self.table.as_ref().is_some_and(|table| {
            let game = table.game();
            matches!(game.awaiting(), Awaiting::TurnRoll { .. })
                && game.turn().aside().total() == 0
                && !game.history().is_empty()
        });
        if turn_start {
            self.settings.bot_delay * TURN_END_PAUSE
        } else {
            self.settings.bot_delay
        }
    }

    /// The timer ran out or a bot is due to move.
    pub(super) async fn tick(&mut self) {
        let now = Instant::now();
        let Some(seat) = self.table.as_ref().and_then(Table::seat_to_move) else {
            self.deadline = None;
            self.bot_due = None;
            return;
        };
        let mut events = Vec::new();
        if self.deadline.is_some_and(|d| d <= now) {
            let on_timeout = self.state.timer_now().on_timeout;
            self.stand_in[seat] = Some(on_timeout);
            events.push(RoomEvent::Room(RoomChange::TimedOut { seat, on_timeout }));
            self.deadline = None;
            self.bot_due = Some(now);
        }
        if self.bot_due.is_some_and(|d| d <= now) {
            self.bot_due = None;
            if let Some(command) = self.bot_command(seat) {
                self.bot_play(seat, command, &mut events).await;
            }
        }
        if !events.is_empty() {
            self.broadcast(&events);
        }
    }

    async fn bot_play(&mut self, seat: usize, command: Command, events: &mut Vec<RoomEvent>) {
        match self.play(seat, command).await {
            Ok(more) => events.extend(more),
            Err(refusal) => {
                tracing::warn!(game = self.state.game, seat, "a bot's move: {refusal}");
                // Storage failed: try again a little later.
                self.bot_due = Some(Instant::now() + Duration::from_millis(500));
            }
        }
    }

    /// A bot's decision came back: played if the game is still where the bot saw it.
    pub(super) async fn decided(
        &mut self,
        decision: Option<(Box<dyn Strategy>, Result<Action, martian_bots::BotError>)>,
    ) {
        let Some(thinking) = self.thinking.take() else {
            return;
        };
        let seat = thinking.seat;
        let Some((bot, decision)) = decision else {
            // The bot is lost with its thread: greedy plays the seat from now on (never the
            // safest-move stand-in, which banks nothing and could leave a game of bots endless).
            tracing::error!(
                game = self.state.game,
                seat,
                "the bot failed: greedy plays its seat"
            );
            let bot_name = self.seat_bot_name(seat);
            if let Some(slot) = self.bots.get_mut(seat) {
                *slot = Some(Box::new(martian_bots::Greedy::new(self.state.rules)));
            }
            self.fallback_told.insert(seat);
            let told = RoomChange::PlaysGreedy {
                seat,
                bot: bot_name,
                max_target: None,
            };
            self.broadcast(&[RoomEvent::Room(told)]);
            self.schedule();
            return;
        };
        let mut events = Vec::new();
        self.tell_fallback(seat, bot.as_ref(), &mut events);
        if let Some(slot) = self.bots.get_mut(seat)
            && slot.is_none()
        {
            *slot = Some(bot);
        }
        let Some(table) = &self.table else {
            return;
        };
        let current = table.moves().len() == thinking.moves
            && table.seat_to_move() == Some(seat)
            && self.bot_plays(seat);
        if !current {
            if !events.is_empty() {
                self.broadcast(&events);
            }
            self.schedule();
            return;
        }
        let command = command_for(table, self.state.game, seat, decision);
        self.bot_play(seat, command, &mut events).await;
        if !events.is_empty() {
            self.broadcast(&events);
        }
    }

    /// The name of the bot that plays `seat`: its own, or the stand-in's.
    fn seat_bot_name(&self, seat: usize) -> String {
        self.state
            .seats
            .get(seat)
            .and_then(|s| s.bot.clone())
            .unwrap_or_else(|| self.settings.stand_in.clone())
    }

    /// Once per game and seat, says (in the log and to the room) that the seat's bot plays greedy
    /// instead of exact play, and why.
    fn tell_fallback(&mut self, seat: usize, bot: &dyn Strategy, events: &mut Vec<RoomEvent>) {
        let Some(fallback) = bot.fallback() else {
            return;
        };
        if !self.fallback_told.insert(seat) {
            return;
        }
        let max_target = match fallback {
            martian_bots::Fallback::BeyondLimit(limit) => Some(limit.max_target),
            martian_bots::Fallback::SolveFailed(_) => None,
        };
        tracing::warn!(
            game = self.state.game,
            seat,
            rules = %self.state.rules,
            "{} plays greedy: {fallback}",
            bot.name()
        );
        events.push(RoomEvent::Room(RoomChange::PlaysGreedy {
            seat,
            bot: self.seat_bot_name(seat),
            max_target,
        }));
    }

    /// What a bot (or a stand-in) plays for `seat` now: a command at once, or `None` while the
    /// bot decides on the deciders' threads (see [`Room::decided`]).
    fn bot_command(&mut self, seat: usize) -> Option<Command> {
        let table = self.table.as_ref().expect("a bot moves only in a game");
        let fallback = table.stopping_command().unwrap_or(Command::Roll);
        if !matches!(table.game().awaiting(), Awaiting::Decision { .. }) {
            return Some(Command::Roll);
        }
        if self.stand_in[seat] == Some(OnTimeout::Stop) {
            return Some(fallback);
        }
        let reads_solutions = match self.bots.get(seat) {
            Some(Some(bot)) => bot.reads_solutions(),
            _ => return Some(fallback),
        };
        let need = Need::new(self.state.rules, self.state.seats.len());
        let ready = if reads_solutions {
            match self.settings.solutions.request(need) {
                Readiness::Ready => None,
                Readiness::Pending(ready) => Some(ready),
                Readiness::Busy => {
                    // The solver's queue is full: the bot waits its turn without blocking anyone.
                    self.bot_due = Some(Instant::now() + SOLVER_RETRY);
                    return None;
                }
            }
        } else {
            None
        };
        if !reads_solutions {
            // A lookup or a coin: decided here, cheaper than a trip to the blocking pool (whose
            // thread wake-ups dominated the server's time with thousands of rooms).
            let bot = self.bots[seat].as_mut().expect("checked above");
            let decision = bot.decide(&table.game().situation(), &mut table.bot_rng());
            return Some(command_for(table, self.state.game, seat, decision));
        }
        let waiting = ready.is_some();
        let mut bot = self.bots[seat].take().expect("checked above");
        let mut rng = table.bot_rng();
        let game = table.game().clone();
        let (reply, done) = oneshot::channel();
        // On the deciders' threads, shared by every room: a panic drops `reply`, which the
        // room sees as the bot lost.
        let decide = move || {
            let decision = bot.decide(&game.situation(), &mut rng);
            let _ = reply.send((bot, decision));
        };
        let deciders = self.settings.deciders.clone();
        match ready {
            None => deciders.spawn(decide),
            Some(ready) => {
                tokio::spawn(async move {
                    if ready.await.is_err() {
                        // The preparation failed: deciding now would solve here, outside the
                        // solver's threads. The reply dropped, greedy plays the seat (see
                        // `Room::decided`).
                        return;
                    }
                    deciders.spawn(decide);
                });
            }
        }
        let waits = reads_solutions.then_some(need).filter(|_| waiting);
        self.thinking = Some(Thinking {
            seat,
            moves: table.moves().len(),
            done,
            waits,
            tell_at: waits.map(|_| Instant::now()),
            told: None,
        });
        None
    }

    /// While a bot waits for the solutions it reads, tells the room what is being computed and
    /// how far along (`solving`): at once, then every [`SOLVING_EVERY`] when it changed.
    pub(super) fn tell_solving(&mut self) {
        let now = Instant::now();
        let game = self.state.game;
        let Some(thinking) = self.thinking.as_mut() else {
            return;
        };
        let Some(need) = thinking.waits else {
            return;
        };
        if thinking.tell_at.is_none_or(|at| at > now) {
            return;
        }
        thinking.tell_at = Some(now + SOLVING_EVERY);
        let solving = self.settings.solutions.solving(need);
        if thinking.told == Some(solving) {
            return;
        }
        thinking.told = Some(solving);
        let text: Text = ServerMessage::Solving { game, solving }.to_json().into();
        for member in self.members.values() {
            let _ = member.outbox.send(Outgoing::Text(text.clone()));
        }
    }

    /// Whether the bots the host seated take a game of this room's seats under `rules`: those
    /// that play by the solver's exact solutions only within its limits. (A person's seat handed
    /// to the stand-in is the server's choice: that bot plays greedy beyond the limits and says
    /// so.)
    pub(super) fn check_bot_limits(&self, rules: Rules) -> Result<(), Refusal> {
        let players = self.state.seats.len();
        let chosen = self.state.seats.iter().filter(|s| !s.human);
        for bot in chosen.filter_map(|s| s.bot.as_deref()) {
            martian_bots::check_limits(bot, rules, players).map_err(Refusal::SolverLimit)?;
        }
        Ok(())
    }

    /// Whether a game of this room's seats needs solutions its bots read, and is then allowed to
    /// start: queued for preparation now, so the bots' first decisions do not wait for long. A
    /// full queue refuses the start (nothing changes); so do bots beyond the solver's limits
    /// (a room stored before the limits were checked).
    pub(super) fn prepare_bots(&self) -> Result<(), Refusal> {
        let rules = self.state.rules;
        self.check_bot_limits(rules)?;
        let reads = self.state.seats.iter().any(|seat| {
            seat.bot.as_deref().is_some_and(|spec| {
                (self.settings.make_bot)(spec, rules).is_ok_and(|bot| bot.reads_solutions())
            })
        });
        if !reads {
            return Ok(());
        }
        match self
            .settings
            .solutions
            .request(Need::new(rules, self.state.seats.len()))
        {
            Readiness::Ready | Readiness::Pending(_) => Ok(()),
            Readiness::Busy => Err(Refusal::SolverBusy),
        }
    }

    /// Makes the bots of the bot seats and the stand-ins.
    pub(super) fn make_bots(&mut self) -> Result<(), martian_bots::BotError> {
        let rules = self.state.rules;
        let (stand_in, make_bot) = (&self.settings.stand_in, self.settings.make_bot);
        self.bots = self
            .state
            .seats
            .iter()
            .map(|seat| {
                let spec = seat.bot.as_deref().unwrap_or(stand_in);
                make_bot(spec, rules).map(Some)
            })
            .collect::<Result<_, _>>()?;
        self.stand_in.resize(self.state.seats.len(), None);
        self.fallback_told.clear();
        Ok(())
    }
}

/// The command a bot's decision makes at `table`: the decision if legal, else (logged) the
/// safest move.
fn command_for(
    table: &Table,
    game: u32,
    seat: usize,
    decision: Result<Action, martian_bots::BotError>,
) -> Command {
    let fallback = table.stopping_command().unwrap_or(Command::Roll);
    match decision {
        Ok(action) if table.game().turn().legal_actions().contains(action) => match action {
            Action::Take(face) => Command::Take(face),
            Action::Stop => Command::Stop,
            Action::Roll => Command::Roll,
        },
        Ok(action) => {
            tracing::error!(game, seat, "the bot chose illegal {action}");
            fallback
        }
        Err(error) => {
            tracing::error!(game, seat, "the bot: {error}");
            fallback
        }
    }
}
