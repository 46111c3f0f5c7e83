//! The calibration of `docs/ratings.md`: the exact duels of the bots, the luck factor beta that
//! predicts simulated rating histories best, the anchors' ratings, the first seat's disadvantage.
//!
//! `cargo run --release -p martian-ratings --example calibrate` (about half a minute).

use martian_arena::{ArenaConfig, exact, run};
use martian_engine::Rules;
use martian_ratings::{Anchor, Entrant, Rating, RatingSystem};
use rand::{Rng, RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The bots rated: the anchors, then two cards for the table.
const BOTS: [&str; 7] = [
    "easy", "medium", "hard", "greedy", "optimal", "card-1", "card-3",
];
/// The betas tried.
const BETAS: [f64; 16] = [
    25.0 / 6.0,
    8.0,
    12.0,
    16.0,
    20.0,
    24.0,
    28.0,
    30.0,
    32.0,
    34.0,
    36.0,
    38.0,
    40.0,
    45.0,
    50.0,
    60.0,
];
/// Players per bot in a simulated history, and games each plays.
const PLAYERS_PER_BOT: usize = 20;
const GAMES_PER_PLAYER: usize = 100;
/// Histories to choose beta on, then as many others to report it on.
const HISTORIES: u64 = 40;
/// Games per pair a reproduction of the anchors by the arena would play (for their intervals).
const ARENA_GAMES_PER_PAIR: f64 = 10_000.0;

fn main() {
    let rules = Rules::official();
    let chance = exact_chances(rules);
    let theta = bradley_terry(&chance);

    println!("## The first seat");
    let mirror = exact(&ArenaConfig::new(
        rules,
        vec!["optimal".into(), "optimal".into()],
        1,
        0,
    ))
    .expect("optimal against itself is valued exactly");
    let first = mirror.bots[0].seats[0].win_rate;
    println!(
        "optimal against optimal: the first seat wins {:.4}% (logit {:+.4})",
        100.0 * first,
        logit(first)
    );

    for seats in [3, 4, 6, 8] {
        println!("{}", seat_effect(rules, seats));
    }

    println!("\n## Beta by log loss on simulated histories");
    println!(
        "{} players ({} of each bot), {} games each, random pairs, outcomes drawn from the exact duels",
        PLAYERS_PER_BOT * BOTS.len(),
        PLAYERS_PER_BOT,
        GAMES_PER_PLAYER
    );
    let oracle = mean_oracle_loss(&chance, HISTORIES..2 * HISTORIES);
    println!(
        "log loss of the exact chances themselves (the floor): {oracle:.6}; of a coin: {:.6}",
        2f64.ln()
    );
    println!(
        "| beta | log loss, choosing histories | log loss, held-out histories | sigma after {GAMES_PER_PLAYER} games |"
    );
    println!("|---|---|---|---|");
    let mut best = (f64::INFINITY, 0.0);
    for beta in BETAS {
        let (chosen_loss, _) = mean_history_loss(&chance, beta, 0..HISTORIES);
        let (held_out, sigma) = mean_history_loss(&chance, beta, HISTORIES..2 * HISTORIES);
        println!("| {beta:.2} | {chosen_loss:.6} | {held_out:.6} | {sigma:.2} |");
        if chosen_loss < best.0 {
            best = (chosen_loss, beta);
        }
    }
    println!("best beta on the choosing histories: {}", best.1);
    println!("beta in use: {}", RatingSystem::MARTIAN_BETA);

    let system = RatingSystem::martian();
    let sigma = Anchor::SIGMA;
    let scale = (2.0 * system.beta().powi(2) + 2.0 * sigma * sigma).sqrt();
    let medium = theta[1];
    let mu: Vec<f64> = theta.iter().map(|t| 25.0 + scale * (t - medium)).collect();

    println!("\n## Pairs: predicted by the ratings against exact");
    println!("| pair | predicted | exact | difference |");
    println!("|---|---|---|---|");
    let mut worst: f64 = 0.0;
    let mut squares = 0.0;
    let mut pairs = 0.0;
    for i in 0..BOTS.len() {
        for j in i + 1..BOTS.len() {
            let predicted = system.win_chance(rating(mu[i], sigma), rating(mu[j], sigma));
            let difference = predicted - chance[i][j];
            worst = worst.max(difference.abs());
            let misfit = scale * (logit(predicted) - logit(chance[i][j]));
            squares += misfit * misfit;
            pairs += 1.0;
            println!(
                "| {} – {} | {:.2}% | {:.2}% | {:+.2} |",
                BOTS[i],
                BOTS[j],
                100.0 * predicted,
                100.0 * chance[i][j],
                100.0 * difference
            );
        }
    }
    println!(
        "largest difference {:.2} points; root mean square misfit {:.3} mu",
        100.0 * worst,
        (squares / pairs).sqrt()
    );

    println!("\n## Anchors (medium at mu 25, sigma {sigma})");
    let standard_errors = anchor_standard_errors(&chance[..5], scale);
    println!(
        "| bot | mu | displayed | 95% interval of a reproduction ({ARENA_GAMES_PER_PAIR} games a pair), mu |"
    );
    println!("|---|---|---|---|");
    for (i, bot) in BOTS.iter().enumerate().take(5) {
        let shown = rating(mu[i], sigma);
        println!(
            "| {bot} | {:.3} | {} | ± {:.2} |",
            mu[i],
            shown.display(),
            1.96 * standard_errors[i]
        );
    }
    println!(
        "first seat's disadvantage in mu: {:.2} (displayed {:.0})",
        scale * -logit(first),
        Rating::DISPLAY_SCALE * scale * -logit(first)
    );
    println!(
        "\n## Games until no longer provisional (sigma at most {})",
        Rating::PROVISIONAL_SIGMA
    );
    println!("{}", games_until_established(&chance, &system));
    println!(
        "\n## A player who plays like each bot, from new, against random opponents of the population"
    );
    println!(
        "| plays like | displayed after 25 | 100 | 300 games (median of {PLAYERS_PER_BOT}) | sigma after 300 |"
    );
    println!("|---|---|---|---|---|");
    for (bot, row) in progress(&chance, &system) {
        let sigma: f64 = row[3].parse().expect("a number");
        println!(
            "| {bot} | {} | {} | {} | {sigma:.2} |",
            row[0], row[1], row[2]
        );
    }
}

fn rating(mu: f64, sigma: f64) -> Rating {
    Rating { mu, sigma }
}

fn logit(p: f64) -> f64 {
    (p / (1.0 - p)).ln()
}

/// `chance[i][j]`: the exact chance that bot `i` beats bot `j`, over both seats.
fn exact_chances(rules: Rules) -> Vec<Vec<f64>> {
    let n = BOTS.len();
    let mut chance = vec![vec![0.5; n]; n];
    for i in 0..n {
        for j in i + 1..n {
            let config = ArenaConfig::new(rules, vec![BOTS[i].into(), BOTS[j].into()], 1, 0);
            let report = exact(&config).expect("every built-in bot is valued exactly");
            chance[i][j] = report.bots[0].win_rate;
            chance[j][i] = report.bots[1].win_rate;
        }
    }
    chance
}

/// Bradley-Terry log-strengths fitted to the exact chances (maximum likelihood with the chances
/// as outcomes; Hunter's MM iteration), centred on 0.
fn bradley_terry(chance: &[Vec<f64>]) -> Vec<f64> {
    let n = chance.len();
    let mut strength = vec![1.0f64; n];
    for _ in 0..100_000 {
        let next: Vec<f64> = (0..n)
            .map(|i| {
                let won: f64 = (0..n).filter(|&j| j != i).map(|j| chance[i][j]).sum();
                let denominator: f64 = (0..n)
                    .filter(|&j| j != i)
                    .map(|j| 1.0 / (strength[i] + strength[j]))
                    .sum();
                won / denominator
            })
            .collect();
        let change = next
            .iter()
            .zip(&strength)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        strength = next;
        if change < 1e-14 {
            break;
        }
    }
    let mean = strength.iter().map(|s| s.ln()).sum::<f64>() / n as f64;
    strength.iter().map(|s| s.ln() - mean).collect()
}

/// The standard errors of the anchors' mu (medium held at 25) if they were measured from
/// `ARENA_GAMES_PER_PAIR` games of every pair: the inverse of Bradley-Terry's information.
fn anchor_standard_errors(chance: &[Vec<f64>], scale: f64) -> Vec<f64> {
    let n = chance.len();
    let free: Vec<usize> = (0..n).filter(|&i| i != 1).collect();
    let m = free.len();
    let mut information = vec![vec![0.0; m]; m];
    for (a, &i) in free.iter().enumerate() {
        for (j, &p) in chance[i].iter().enumerate().take(n) {
            if j == i {
                continue;
            }
            let w = ARENA_GAMES_PER_PAIR * p * (1.0 - p);
            information[a][a] += w;
            if let Some(b) = free.iter().position(|&k| k == j) {
                information[a][b] -= w;
            }
        }
    }
    let covariance = invert(information);
    let mut errors = vec![0.0; n];
    for (a, &i) in free.iter().enumerate() {
        errors[i] = scale * covariance[a][a].sqrt();
    }
    errors
}

/// Gauss-Jordan inverse of a small positive-definite matrix.
fn invert(mut matrix: Vec<Vec<f64>>) -> Vec<Vec<f64>> {
    let n = matrix.len();
    let mut inverse: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    for column in 0..n {
        let pivot = matrix[column][column];
        for k in 0..n {
            matrix[column][k] /= pivot;
            inverse[column][k] /= pivot;
        }
        for row in 0..n {
            if row != column {
                let factor = matrix[row][column];
                for k in 0..n {
                    matrix[row][k] -= factor * matrix[column][k];
                    inverse[row][k] -= factor * inverse[column][k];
                }
            }
        }
    }
    inverse
}

/// One simulated history: every round pairs the players at random; each duel's winner is drawn
/// from the exact chance; the prediction is taken before the update. Calls `each` with the
/// predicted chance of the first of the pair and whether they won, and returns the ratings.
fn history(
    chance: &[Vec<f64>],
    system: &RatingSystem,
    seed: u64,
    mut each: impl FnMut(usize, usize, f64, bool),
) -> Vec<Rating> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let players = PLAYERS_PER_BOT * BOTS.len();
    let bot = |player: usize| player % BOTS.len();
    let mut ratings = vec![Rating::NEW; players];
    let mut order: Vec<usize> = (0..players).collect();
    for _ in 0..GAMES_PER_PLAYER {
        shuffle(&mut order, &mut rng);
        for pair in order.chunks_exact(2) {
            let (a, b) = (pair[0], pair[1]);
            let predicted = system.win_chance(ratings[a], ratings[b]);
            let a_wins = rng.random::<f64>() < chance[bot(a)][bot(b)];
            each(a, b, predicted, a_wins);
            let places = if a_wins { (1, 2) } else { (2, 1) };
            let after = system
                .rate(&[
                    Entrant {
                        rating: ratings[a],
                        place: places.0,
                        fixed: false,
                    },
                    Entrant {
                        rating: ratings[b],
                        place: places.1,
                        fixed: false,
                    },
                ])
                .expect("two valid ratings");
            ratings[a] = after[0];
            ratings[b] = after[1];
        }
    }
    ratings
}

fn shuffle(order: &mut [usize], rng: &mut impl Rng) {
    for i in (1..order.len()).rev() {
        let j = rng.random_range(0..=i);
        order.swap(i, j);
    }
}

fn log_loss(predicted: f64, won: bool) -> f64 {
    -(if won { predicted } else { 1.0 - predicted }).ln()
}

/// The mean log loss of the ratings' predictions over the histories of `seeds`, and the mean
/// sigma at their end.
fn mean_history_loss(chance: &[Vec<f64>], beta: f64, seeds: std::ops::Range<u64>) -> (f64, f64) {
    let system = RatingSystem::with_beta(beta);
    let (mut loss, mut games, mut sigma, mut players) = (0.0, 0.0, 0.0, 0.0);
    for seed in seeds {
        let ratings = history(chance, &system, seed, |_, _, predicted, won| {
            loss += log_loss(predicted, won);
            games += 1.0;
        });
        sigma += ratings.iter().map(|r| r.sigma).sum::<f64>();
        players += ratings.len() as f64;
    }
    (loss / games, sigma / players)
}

/// The mean log loss of the exact chances on the same games (the best any rating can do).
fn mean_oracle_loss(chance: &[Vec<f64>], seeds: std::ops::Range<u64>) -> f64 {
    let system = RatingSystem::martian();
    let (mut loss, mut games) = (0.0, 0.0);
    for seed in seeds {
        history(chance, &system, seed, |a, b, _, won| {
            loss += log_loss(chance[a % BOTS.len()][b % BOTS.len()], won);
            games += 1.0;
        });
    }
    loss / games
}

/// For each bot, the median displayed rating of the players who play like it after 25, 100 and
/// 300 games of one history, and their mean sigma after 300.
fn progress(chance: &[Vec<f64>], system: &RatingSystem) -> Vec<(&'static str, [String; 4])> {
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let players = PLAYERS_PER_BOT * BOTS.len();
    let mut ratings = vec![Rating::NEW; players];
    let mut order: Vec<usize> = (0..players).collect();
    let mut shown = vec![vec![String::new(); 4]; BOTS.len()];
    for game in 1..=300 {
        shuffle(&mut order, &mut rng);
        for pair in order.chunks_exact(2) {
            let (a, b) = (pair[0], pair[1]);
            let a_wins = rng.random::<f64>() < chance[a % BOTS.len()][b % BOTS.len()];
            let places = if a_wins { (1, 2) } else { (2, 1) };
            let after = system
                .rate(&[
                    Entrant {
                        rating: ratings[a],
                        place: places.0,
                        fixed: false,
                    },
                    Entrant {
                        rating: ratings[b],
                        place: places.1,
                        fixed: false,
                    },
                ])
                .expect("two valid ratings");
            ratings[a] = after[0];
            ratings[b] = after[1];
        }
        let column = match game {
            25 => 0,
            100 => 1,
            300 => 2,
            _ => continue,
        };
        for (bot, row) in shown.iter_mut().enumerate() {
            let mut displays: Vec<i64> = (bot..players)
                .step_by(BOTS.len())
                .map(|p| ratings[p].display())
                .collect();
            displays.sort_unstable();
            row[column] = displays[displays.len() / 2].to_string();
            if column == 2 {
                let sigma = (bot..players)
                    .step_by(BOTS.len())
                    .map(|p| ratings[p].sigma)
                    .sum::<f64>()
                    / PLAYERS_PER_BOT as f64;
                row[3] = sigma.to_string();
            }
        }
    }
    BOTS.iter()
        .zip(shown)
        .map(|(bot, row)| {
            (
                *bot,
                [
                    row[0].clone(),
                    row[1].clone(),
                    row[2].clone(),
                    row[3].clone(),
                ],
            )
        })
        .collect()
}

/// How many duels a player plays before sigma falls to the provisional bound: the median over
/// one history's players.
fn games_until_established(chance: &[Vec<f64>], system: &RatingSystem) -> String {
    let players = PLAYERS_PER_BOT * BOTS.len();
    let mut reached = vec![None; players];
    let mut played = vec![0usize; players];
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    let mut ratings = vec![Rating::NEW; players];
    let mut order: Vec<usize> = (0..players).collect();
    for _ in 0..2000 {
        shuffle(&mut order, &mut rng);
        for pair in order.chunks_exact(2) {
            let (a, b) = (pair[0], pair[1]);
            let a_wins = rng.random::<f64>() < chance[a % BOTS.len()][b % BOTS.len()];
            let places = if a_wins { (1, 2) } else { (2, 1) };
            let after = system
                .rate(&[
                    Entrant {
                        rating: ratings[a],
                        place: places.0,
                        fixed: false,
                    },
                    Entrant {
                        rating: ratings[b],
                        place: places.1,
                        fixed: false,
                    },
                ])
                .expect("two valid ratings");
            for (player, rating) in [(a, after[0]), (b, after[1])] {
                ratings[player] = rating;
                played[player] += 1;
                if reached[player].is_none() && !rating.is_provisional() {
                    reached[player] = Some(played[player]);
                }
            }
        }
    }
    let mut games: Vec<usize> = reached
        .into_iter()
        .map(|r| r.unwrap_or(usize::MAX))
        .collect();
    games.sort_unstable();
    format!(
        "median {} duels (fewest {}, most {})",
        games[games.len() / 2],
        games[0],
        games[games.len() - 1]
    )
}

/// Games of `seats` copies of `greedy` (turn-level) for the seats' win rates: the arena rotates
/// the copies, so each seat's rate is the sum over copies.
fn seat_effect(rules: Rules, seats: usize) -> String {
    const GAMES: u64 = 60_000;
    let mut config = ArenaConfig::new(rules, vec!["greedy".into(); seats], GAMES, 1);
    config.threads = 2;
    let report = run(&config, &|_| {}).expect("greedy plays any table");
    let mut rates = Vec::new();
    for seat in 0..seats {
        let (games, wins) = report
            .bots
            .iter()
            .flat_map(|bot| &bot.seats)
            .filter(|s| s.seat == seat)
            .fold((0.0, 0.0), |(g, w), s| (g + s.games as f64, w + s.wins));
        let rate = wins / games;
        rates.push(format!(
            "{:.2}% ± {:.2}",
            100.0 * rate,
            100.0 * 1.96 * (rate * (1.0 - rate) / games).sqrt()
        ));
    }
    format!(
        "{seats} greedy players, {GAMES} games: seats {} (fair share {:.2}%)",
        rates.join(", "),
        100.0 / seats as f64
    )
}
