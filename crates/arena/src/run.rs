//! Playing the games: seats, seeds, threads, tallies.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use martian_bots::{BotOptions, GameEnd, Strategy, TurnStart};
use martian_engine::{
    Game, GameRng, GameState, MAX_PLAYERS, Points, Rules, Scoreboard, TurnPhase, roll_dice,
};
use serde::Serialize;

use crate::ArenaError;
use crate::report::{ArenaReport, ErrorNote, RoundRobinReport};

/// A win is split among shared winners in units of 1/840 (840 is divisible by every count of
/// winners from 1 to 8), so that every tally stays an exact integer.
pub(crate) const WIN_UNITS: u64 = 840;

/// How many error notes a report keeps (the first ones, in game order).
const MAX_ERROR_NOTES: usize = 20;

/// How the games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayMode {
    /// Turn-level: each turn's final score is drawn in one step from the exact distribution of
    /// the bot's play from that position ([`Strategy::turn_score_sampler`]); the games are
    /// distributed exactly as with every die rolled. Only for bots whose play of a turn depends
    /// on the position alone (`greedy`, `optimal`).
    Turns,
    /// Every die rolled and every decision asked of the bots.
    Dice,
}

impl PlayMode {
    /// The name the command line takes.
    pub fn name(self) -> &'static str {
        match self {
            PlayMode::Turns => "turns",
            PlayMode::Dice => "dice",
        }
    }
}

/// What to play.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    pub rules: Rules,
    /// The bots by their command-line names, one per seat; the same name may appear twice.
    pub bots: Vec<String>,
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
    pub bot_options: BotOptions,
    /// How to play; `None`: turn-level when every bot offers it, else dice by dice.
    pub mode: Option<PlayMode>,
}

impl ArenaConfig {
    /// `games` games of `bots` under `rules` from `seed`, on one thread, default bot options.
    pub fn new(rules: Rules, bots: Vec<String>, games: u64, seed: u64) -> ArenaConfig {
        ArenaConfig {
            rules,
            bots,
            games,
            seed,
            threads: 1,
            bot_options: BotOptions::default(),
            mode: None,
        }
    }

    fn check(&self) -> Result<(), ArenaError> {
        if !(2..=MAX_PLAYERS).contains(&self.bots.len()) {
            return Err(ArenaError::Seats(self.bots.len()));
        }
        self.check_limits(self.bots.len())?;
        if self.games == 0 {
            return Err(ArenaError::NoGames);
        }
        if self.threads == 0 {
            return Err(ArenaError::NoThreads);
        }
        Ok(())
    }
}

impl ArenaConfig {
    /// Every bot that reads the solver's exact play takes games of `seats` under the rules.
    fn check_limits(&self, seats: usize) -> Result<(), ArenaError> {
        for bot in &self.bots {
            martian_bots::check_limits(bot, self.rules, seats).map_err(|limit| {
                ArenaError::BeyondLimit {
                    bot: bot.clone(),
                    limit,
                }
            })?;
        }
        Ok(())
    }
}

/// The seed of game `index` of an arena seeded with `seed`: SplitMix64 of the pair, so that
/// nearby seeds and indices give unrelated games.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    fn mix(mut z: u64) -> u64 {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    mix(mix(seed.wrapping_add(0x9e37_79b9_7f4a_7c15)) ^ index)
}

/// Which entry of the bot list sits at `seat` in game `index`: the seats rotate by one each game.
#[inline]
fn entry_at(seat: usize, index: u64, seats: usize) -> usize {
    (seat + (index % seats as u64) as usize) % seats
}

/// Integer sums for one entry of the bot list.
#[derive(Clone, Debug, Default)]
pub(crate) struct EntryTally {
    pub games: u64,
    pub win_units: u64,
    pub seat_games: [u64; MAX_PLAYERS],
    pub seat_win_units: [u64; MAX_PLAYERS],
    pub points: u64,
    pub turns: u64,
    pub forfeits: u64,
}

/// Integer sums over games: merging tallies in any order gives the same tally.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tally {
    pub entries: Vec<EntryTally>,
    pub games: u64,
    pub rounds: u64,
    pub turns: u64,
    pub decisions: u64,
    pub roll_offs: u64,
    pub shared: u64,
    pub forfeits: u64,
    pub at_round_limit: u64,
    pub errors: Vec<ErrorNote>,
}

impl Tally {
    fn new(seats: usize) -> Tally {
        Tally {
            entries: vec![EntryTally::default(); seats],
            ..Tally::default()
        }
    }

    fn merge(&mut self, other: Tally) {
        for (mine, theirs) in self.entries.iter_mut().zip(other.entries) {
            mine.games += theirs.games;
            mine.win_units += theirs.win_units;
            for seat in 0..MAX_PLAYERS {
                mine.seat_games[seat] += theirs.seat_games[seat];
                mine.seat_win_units[seat] += theirs.seat_win_units[seat];
            }
            mine.points += theirs.points;
            mine.turns += theirs.turns;
            mine.forfeits += theirs.forfeits;
        }
        self.games += other.games;
        self.rounds += other.rounds;
        self.turns += other.turns;
        self.decisions += other.decisions;
        self.roll_offs += other.roll_offs;
        self.shared += other.shared;
        self.forfeits += other.forfeits;
        self.at_round_limit += other.at_round_limit;
        self.errors.extend(other.errors);
        self.errors.sort_by_key(|note| (note.game, note.seat));
        self.errors.truncate(MAX_ERROR_NOTES);
    }

    /// Credits the end of game `index`, with the entries seated by `seat_entries`.
    fn record_game(&mut self, seat_entries: &[usize], winners: &[usize], rounds: u32) {
        let share = WIN_UNITS / winners.len().max(1) as u64;
        for (seat, &entry) in seat_entries.iter().enumerate() {
            let tally = &mut self.entries[entry];
            tally.games += 1;
            tally.seat_games[seat] += 1;
            if winners.contains(&seat) {
                tally.win_units += share;
                tally.seat_win_units[seat] += share;
            }
        }
        self.games += 1;
        self.rounds += u64::from(rounds);
        if winners.len() > 1 {
            self.shared += 1;
        }
    }
}

/// A bot that failed during a game.
struct Forfeit {
    seat: usize,
    message: String,
}

/// Which entry of the bot list sits at each seat in game `index`.
#[inline]
fn seat_entries(index: u64, seats: usize) -> [usize; MAX_PLAYERS] {
    std::array::from_fn(|seat| {
        if seat < seats {
            entry_at(seat, index, seats)
        } else {
            0
        }
    })
}

/// How a game ended, for the tallies.
struct Ending<'a> {
    scores: &'a [Points],
    winners: &'a [usize],
    forfeit: Option<Forfeit>,
    rounds: u32,
}

/// Tells every seat's bot that game `index` is over, and tallies it.
fn end_game(
    index: u64,
    bots: &mut [Box<dyn Strategy>],
    tally: &mut Tally,
    seat_entries: &[usize],
    ending: Ending<'_>,
) {
    if let Some(lost) = &ending.forfeit {
        tally.forfeits += 1;
        tally.entries[seat_entries[lost.seat]].forfeits += 1;
        tally.errors.push(ErrorNote {
            game: index,
            seat: lost.seat,
            bot: bots[seat_entries[lost.seat]].name(),
            message: lost.message.clone(),
        });
        tally.errors.truncate(MAX_ERROR_NOTES);
    }
    for (seat, &entry) in seat_entries.iter().enumerate() {
        bots[entry].game_over(&GameEnd {
            seat,
            scores: ending.scores,
            winners: ending.winners,
            forfeit: ending.forfeit.as_ref().map(|lost| lost.seat),
        });
    }
    tally.record_game(seat_entries, ending.winners, ending.rounds);
}

/// The winners when `lost` forfeits: the leaders among the others.
fn winners_after_forfeit(scores: &[Points], lost: usize) -> Vec<usize> {
    let others = (0..scores.len()).filter(|&s| s != lost);
    let best = others.clone().map(|s| scores[s]).max().unwrap_or(0);
    others.filter(|&s| scores[s] == best).collect()
}

/// Tells every seat's bot that a game starts; the first that fails forfeits it.
fn start_game(
    rules: Rules,
    bots: &mut [Box<dyn Strategy>],
    seat_entries: &[usize],
) -> Option<Forfeit> {
    let seats = seat_entries.len();
    seat_entries.iter().enumerate().find_map(|(seat, &entry)| {
        bots[entry]
            .new_game(rules, seat, seats)
            .err()
            .map(|error| Forfeit {
                seat,
                message: error.to_string(),
            })
    })
}

/// Plays game `index` turn by turn, each turn's score drawn from the distribution of its
/// player's play ([`PlayMode::Turns`]), and tallies it.
fn play_game_by_turns(
    rules: Rules,
    seed: u64,
    index: u64,
    bots: &mut [Box<dyn Strategy>],
    tally: &mut Tally,
) {
    let seats = bots.len();
    let entries = seat_entries(index, seats);
    let seat_entries = &entries[..seats];
    let mut rng: GameRng = martian_engine::seeded_rng(game_seed(seed, index));
    let mut board = Scoreboard::new(rules, seats).expect("the seat count was checked");
    let mut forfeit = start_game(rules, bots, seat_entries);
    while forfeit.is_none() && !board.is_over() {
        if board.roll_off_seat().is_some() {
            let roll = roll_dice(rules.roll_off_dice(), &mut rng);
            board
                .apply_roll_off_roll(roll)
                .expect("the roll-off awaits a roll");
            continue;
        }
        let seat = board.seat();
        let entry = seat_entries[seat];
        let start = TurnStart {
            rules,
            scores: board.scores(),
            seat,
            round: board.round(),
            triggered_by: board.triggered_by(),
        };
        let Some(sampler) = bots[entry].turn_score_sampler(&start) else {
            forfeit = Some(Forfeit {
                seat,
                message: format!(
                    "{}: offered no turn-score distribution in the middle of a turn-level game",
                    bots[entry].name()
                ),
            });
            break;
        };
        let points = sampler.sample(&mut rng);
        board.bank(points).expect("the game awaits a turn");
        let tally_entry = &mut tally.entries[entry];
        tally_entry.turns += 1;
        tally_entry.points += u64::from(points);
        tally.turns += 1;
    }

    let scores = board.scores();
    // Borrowed from the outcome in the usual case: no allocation beyond the outcome's own.
    let after_forfeit: Vec<usize>;
    if forfeit.is_none() && board.ended_at_round_limit() {
        tally.at_round_limit += 1;
    }
    let winners: &[usize] = match (&forfeit, board.outcome()) {
        (Some(lost), _) => {
            after_forfeit = winners_after_forfeit(scores, lost.seat);
            &after_forfeit
        }
        (None, Some(outcome)) => {
            if outcome.roll_off.is_some() {
                tally.roll_offs += 1;
            }
            &outcome.winners
        }
        (None, None) => unreachable!("the loop ends with the game over or a forfeit"),
    };
    let ending = Ending {
        scores,
        winners,
        forfeit,
        rounds: board.round(),
    };
    end_game(index, bots, tally, seat_entries, ending);
}

/// Plays game `index` with `bots` (one per entry of the bot list) die by die, decision by
/// decision ([`PlayMode::Dice`]), and tallies it.
fn play_game(
    rules: Rules,
    seed: u64,
    index: u64,
    bots: &mut [Box<dyn Strategy>],
    tally: &mut Tally,
) {
    let seats = bots.len();
    let entries = seat_entries(index, seats);
    let seat_entries = &entries[..seats];
    let mut rng: GameRng = martian_engine::seeded_rng(game_seed(seed, index));
    let mut game = Game::new(rules, seats)
        .expect("the seat count was checked")
        .without_history();
    let mut forfeit = start_game(rules, bots, seat_entries);

    // Turn by turn; the roll-off and the end come from the game's state. The hot loop reads the
    // turn's phase rather than `Game::awaiting`, which lists the legal actions every step.
    'game: while forfeit.is_none() {
        match game.state() {
            GameState::Over(_) => break,
            GameState::RollOff(_) => {
                game.roll(&mut rng).expect("the roll-off awaits a roll");
                continue;
            }
            GameState::Playing => {}
        }
        let seat = game.seat();
        let banked_before = game.scores()[seat];
        loop {
            match game.turn().phase() {
                TurnPhase::ToRoll => {
                    // Exactly what `Game::roll` does, without asking what the game awaits.
                    let roll = roll_dice(game.turn().dice_left(), &mut rng);
                    game.apply_roll(roll).expect("the turn awaits this roll");
                }
                TurnPhase::Choosing { .. } | TurnPhase::Deciding => {
                    tally.decisions += 1;
                    let bot = &mut bots[seat_entries[seat]];
                    let played = bot
                        .decide(&game.situation(), &mut rng)
                        .map_err(|error| error.to_string())
                        .and_then(|action| {
                            game.play(action).map_err(|error| {
                                format!(
                                    "{}: illegal action '{}': {error}",
                                    bot.name(),
                                    action.code()
                                )
                            })
                        });
                    if let Err(message) = played {
                        forfeit = Some(Forfeit { seat, message });
                        break 'game;
                    }
                }
                TurnPhase::Over(_) => unreachable!("the game starts the next turn at once"),
            }
            let turn = game.turn();
            if !matches!(game.state(), GameState::Playing)
                || (turn.phase() == TurnPhase::ToRoll && turn.aside().is_empty())
            {
                break;
            }
        }
        let entry = &mut tally.entries[seat_entries[seat]];
        entry.turns += 1;
        entry.points += u64::from(game.scores()[seat] - banked_before);
        tally.turns += 1;
    }

    let scores: Vec<Points> = game.scores().to_vec();
    if forfeit.is_none() && game.board().ended_at_round_limit() {
        tally.at_round_limit += 1;
    }
    let winners: Vec<usize> = match (&forfeit, game.state()) {
        (Some(lost), _) => winners_after_forfeit(&scores, lost.seat),
        (None, GameState::Over(outcome)) => {
            if outcome.roll_off.is_some() {
                tally.roll_offs += 1;
            }
            outcome.winners.clone()
        }
        (None, _) => unreachable!("the loop ends with the game over or a forfeit"),
    };
    let ending = Ending {
        scores: &scores,
        winners: &winners,
        forfeit,
        rounds: game.round(),
    };
    end_game(index, bots, tally, seat_entries, ending);
}

/// The mode asked for, or turn-level when every bot offers it; checked against the bots.
fn choose_mode(
    config: &ArenaConfig,
    bots: &mut [Box<dyn Strategy>],
) -> Result<PlayMode, ArenaError> {
    if config.mode == Some(PlayMode::Dice) {
        return Ok(PlayMode::Dice);
    }
    let seats = bots.len();
    let scores = [0; MAX_PLAYERS];
    let mut without = None;
    'bots: for bot in bots.iter_mut() {
        for seat in 0..seats {
            let start = TurnStart {
                rules: config.rules,
                scores: &scores[..seats],
                seat,
                round: 1,
                triggered_by: None,
            };
            if bot.turn_score_sampler(&start).is_none() {
                without = Some(bot.name());
                break 'bots;
            }
        }
    }
    match (without, config.mode) {
        (None, _) => Ok(PlayMode::Turns),
        (Some(_), None) => Ok(PlayMode::Dice),
        (Some(name), Some(_)) => Err(ArenaError::NoTurnLevelPlay(name)),
    }
}

/// Games per unit of work handed to a thread: small enough to balance two threads and to move
/// a progress bar, large enough that handing out work costs nothing.
fn chunk_size(games: u64, threads: usize) -> u64 {
    (games / (threads as u64 * 16)).clamp(1, 16_384)
}

/// Plays the arena. `progress` is called from the worker threads with the number of games just
/// finished (for a progress bar).
pub fn run(
    config: &ArenaConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<ArenaReport, ArenaError> {
    config.check()?;
    // Made once up front so that a bad name fails before any thread starts.
    let make_bots = || -> Result<Vec<Box<dyn Strategy>>, ArenaError> {
        config
            .bots
            .iter()
            .map(|spec| {
                martian_bots::create_with(spec, config.rules, &config.bot_options)
                    .map_err(ArenaError::from)
            })
            .collect()
    };
    let mut first_bots = make_bots()?;
    let mode = choose_mode(config, &mut first_bots)?;

    let started = Instant::now();
    let seats = config.bots.len();
    let chunk = chunk_size(config.games, config.threads);
    let chunks = config.games.div_ceil(chunk);
    let next_chunk = AtomicU64::new(0);
    let total = Mutex::new(Tally::new(seats));
    let first_bots = Mutex::new(Some(first_bots));
    let threads = config.threads.min(chunks as usize);

    let worker = || -> Result<(), ArenaError> {
        let taken = first_bots.lock().expect("no panics while locked").take();
        let mut bots = match taken {
            Some(bots) => bots,
            None => make_bots()?,
        };
        let mut tally = Tally::new(seats);
        loop {
            let k = next_chunk.fetch_add(1, Ordering::Relaxed);
            if k >= chunks {
                break;
            }
            let end = ((k + 1) * chunk).min(config.games);
            match mode {
                PlayMode::Turns => {
                    for index in k * chunk..end {
                        play_game_by_turns(config.rules, config.seed, index, &mut bots, &mut tally);
                    }
                }
                PlayMode::Dice => {
                    for index in k * chunk..end {
                        play_game(config.rules, config.seed, index, &mut bots, &mut tally);
                    }
                }
            }
            progress(end - k * chunk);
        }
        total.lock().expect("no panics while locked").merge(tally);
        Ok(())
    };

    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads).map(|_| scope.spawn(worker)).collect();
        handles
            .into_iter()
            .map(|handle| handle.join().expect("an arena thread panicked"))
            .collect::<Result<Vec<()>, ArenaError>>()
    })?;

    let seconds = started.elapsed().as_secs_f64();
    let tally = total.into_inner().expect("no panics while locked");
    Ok(ArenaReport::new(config, mode, tally, seconds))
}

/// Every pair of `config.bots` plays `config.games` duels (seats alternating); the matrix and
/// Bradley–Terry ratings. Pair `(i, j)` is seeded from `(config.seed, pair number)`.
pub fn round_robin(
    config: &ArenaConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<RoundRobinReport, ArenaError> {
    let n = config.bots.len();
    if n < 2 {
        return Err(ArenaError::RoundRobinBots(n));
    }
    // Every pair is a duel: refused before any is played.
    config.check_limits(2)?;
    let mut pairs = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let pair_config = ArenaConfig {
                bots: vec![config.bots[i].clone(), config.bots[j].clone()],
                seed: game_seed(config.seed, pairs.len() as u64),
                ..config.clone()
            };
            pairs.push(((i, j), run(&pair_config, progress)?));
        }
    }
    Ok(RoundRobinReport::new(config, pairs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_rotate_so_that_each_entry_sits_everywhere_once_per_cycle() {
        for seats in 2..=MAX_PLAYERS {
            for seat in 0..seats {
                let mut entries: Vec<usize> = (0..seats as u64)
                    .map(|i| entry_at(seat, i, seats))
                    .collect();
                entries.sort_unstable();
                assert_eq!(entries, (0..seats).collect::<Vec<_>>());
            }
            for index in 0..seats as u64 {
                let mut entries: Vec<usize> =
                    (0..seats).map(|s| entry_at(s, index, seats)).collect();
                entries.sort_unstable();
                assert_eq!(entries, (0..seats).collect::<Vec<_>>(), "a permutation");
            }
        }
    }

    #[test]
    fn game_seeds_differ_across_indices_and_seeds() {
        let mut seen = std::collections::HashSet::new();
        for seed in 0..50 {
            for index in 0..200 {
                assert!(seen.insert(game_seed(seed, index)));
            }
        }
    }

    fn config(bots: &[&str], games: u64, seed: u64, threads: usize) -> ArenaConfig {
        ArenaConfig {
            threads,
            ..ArenaConfig::new(
                Rules::official(),
                bots.iter().map(|b| b.to_string()).collect(),
                games,
                seed,
            )
        }
    }

    #[test]
    fn same_seed_same_results_with_one_and_two_threads() {
        let bots = ["random", "aggressive", "defensive"];
        let one = run(&config(&bots, 3_000, 42, 1), &|_| {}).unwrap();
        let two = run(&config(&bots, 3_000, 42, 2), &|_| {}).unwrap();
        assert_eq!(one.without_timing(), two.without_timing());
        let other = run(&config(&bots, 3_000, 43, 2), &|_| {}).unwrap();
        assert_ne!(one.without_timing(), other.without_timing());
    }

    #[test]
    fn turn_level_play_gives_the_same_results_with_one_and_two_threads() {
        // A short game keeps the three-player solve quick.
        let short = Rules::official().with_target(12).unwrap();
        for (rules, bots) in [
            (Rules::official(), &["optimal", "greedy"][..]),
            (short, &["greedy", "optimal", "greedy"][..]),
        ] {
            let config = |seed, threads| ArenaConfig {
                rules,
                ..config(bots, 30_000, seed, threads)
            };
            let one = run(&config(42, 1), &|_| {}).unwrap();
            let two = run(&config(42, 2), &|_| {}).unwrap();
            assert_eq!(one.mode, PlayMode::Turns);
            assert_eq!(one.without_timing(), two.without_timing());
            let other = run(&config(43, 2), &|_| {}).unwrap();
            assert_ne!(one.without_timing(), other.without_timing());
        }
    }

    #[test]
    fn the_mode_is_turn_level_only_when_every_bot_offers_it() {
        let auto = |bots: &[&str]| run(&config(bots, 10, 1, 1), &|_| {}).unwrap();
        assert_eq!(auto(&["optimal", "greedy"]).mode, PlayMode::Turns);
        assert_eq!(auto(&["optimal", "random"]).mode, PlayMode::Dice);
        assert_eq!(auto(&["hard", "greedy"]).mode, PlayMode::Dice);
        let forced = |bots: &[&str], mode| {
            run(
                &ArenaConfig {
                    mode: Some(mode),
                    ..config(bots, 10, 1, 1)
                },
                &|_| {},
            )
        };
        let dice = forced(&["optimal", "greedy"], PlayMode::Dice).unwrap();
        assert_eq!(dice.mode, PlayMode::Dice);
        assert!(dice.decisions.is_some_and(|d| d > 0));
        let turns = forced(&["optimal", "greedy"], PlayMode::Turns).unwrap();
        assert_eq!((turns.decisions, turns.decisions_per_second), (None, None));
        match forced(&["greedy", "defensive"], PlayMode::Turns) {
            Err(ArenaError::NoTurnLevelPlay(bot)) => assert_eq!(bot, "defensive"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn turn_level_games_count_turns_points_rounds_and_roll_offs() {
        // Greedy against itself, one die, target 1: a turn scores 1 (an earthling) or 0 (a
        // tank), so both seats often tie at 1 and the roll-off settles it.
        let rules = Rules::official()
            .with_dice(1)
            .unwrap()
            .with_target(1)
            .unwrap();
        let report = run(
            &ArenaConfig {
                rules,
                ..config(&["greedy", "greedy"], 20_000, 5, 2)
            },
            &|_| {},
        )
        .unwrap();
        assert_eq!(report.mode, PlayMode::Turns);
        assert!(report.roll_offs > 0);
        let total_wins: f64 = report.bots.iter().map(|b| b.wins).sum();
        assert_eq!(total_wins, 20_000.0);
        for bot in &report.bots {
            // A turn scores 1 with probability 1/2 (an earthling), independently of the rest:
            // within 5 standard errors of 1/2.
            let sigma = (0.25 / bot.turns as f64).sqrt();
            assert!((bot.points_per_turn - 0.5).abs() <= 5.0 * sigma, "{bot:?}");
        }
        assert!(report.mean_rounds >= 1.0 && report.mean_turns >= 2.0);
    }

    #[test]
    fn every_entry_plays_every_seat_equally_often() {
        let report = run(
            &config(&["random", "random", "defensive"], 300, 1, 2),
            &|_| {},
        )
        .unwrap();
        for bot in &report.bots {
            assert_eq!(bot.games, 300);
            assert!(bot.seats.iter().all(|seat| seat.games == 100), "{bot:?}");
        }
        assert_eq!(report.bots[1].name, "random#2");
    }

    #[test]
    fn shared_victories_split_the_win() {
        // Target 1 with 1 die and shared ties, immediate end: the first seat to score wins.
        // With the complete-round rule, both may score 1 and share the win.
        let rules = Rules::official()
            .with_dice(1)
            .unwrap()
            .with_target(1)
            .unwrap()
            .with_tie(martian_engine::TieRule::Shared);
        let config = ArenaConfig {
            rules,
            ..config(&["aggressive", "aggressive"], 2_000, 3, 1)
        };
        let report = run(&config, &|_| {}).unwrap();
        assert!(report.shared_victories > 0);
        let total_wins: f64 = report.bots.iter().map(|b| b.wins).sum();
        assert!((total_wins - 2_000.0).abs() < 1e-9, "{total_wins}");
    }

    #[test]
    fn long_games_are_played_to_the_end() {
        // With one die the only score is a lone earthling with no tank, a point one turn in two:
        // a target of 999 takes about 2,000 rounds, well within the round limit (10,090).
        let rules = Rules::official()
            .with_dice(1)
            .unwrap()
            .with_target(999)
            .unwrap();
        for mode in [PlayMode::Dice, PlayMode::Turns] {
            let bots = match mode {
                PlayMode::Dice => ["defensive", "defensive"],
                PlayMode::Turns => ["greedy", "greedy"],
            };
            let long = ArenaConfig {
                rules,
                mode: Some(mode),
                ..config(&bots, 4, 3, 1)
            };
            let report = run(&long, &|_| {}).unwrap();
            assert_eq!(report.at_round_limit, 0, "{mode:?}");
            let wins: f64 = report.bots.iter().map(|b| b.wins).sum();
            assert!((wins - 4.0).abs() < 1e-9, "{mode:?}: {wins}");
            assert!(
                report.mean_rounds > 1_500.0,
                "{mode:?}: {}",
                report.mean_rounds
            );
        }
    }

    #[test]
    fn bots_beyond_the_solvers_limits_are_refused_before_any_game() {
        let rules = Rules::official().with_target(999).unwrap();
        let medium = ArenaConfig {
            rules,
            ..config(&["greedy", "medium"], 4, 3, 1)
        };
        let Err(ArenaError::BeyondLimit { bot, limit }) = run(&medium, &|_| {}) else {
            panic!("accepted");
        };
        assert_eq!((bot.as_str(), limit.max_target), ("medium", 758));
        let robin = ArenaConfig {
            rules,
            ..config(&["greedy", "random", "optimal"], 4, 3, 1)
        };
        assert!(matches!(
            round_robin(&robin, &|_| {}),
            Err(ArenaError::BeyondLimit { .. })
        ));
        // Alone every target is solved, but an arena seats two at least; bots that do not read
        // the solver take any rules.
        let plain = ArenaConfig {
            rules,
            ..config(&["greedy", "random"], 2, 3, 1)
        };
        assert!(run(&plain, &|_| {}).is_ok());
    }

    #[test]
    fn bad_configurations_are_refused() {
        assert!(matches!(
            run(&config(&["random"], 1, 0, 1), &|_| {}),
            Err(ArenaError::Seats(1))
        ));
        assert!(matches!(
            run(&config(&["random"; 9], 1, 0, 1), &|_| {}),
            Err(ArenaError::Seats(9))
        ));
        assert!(matches!(
            run(&config(&["random", "random"], 0, 0, 1), &|_| {}),
            Err(ArenaError::NoGames)
        ));
        assert!(matches!(
            run(&config(&["random", "nobody"], 1, 0, 1), &|_| {}),
            Err(ArenaError::Bot(_))
        ));
    }
}
