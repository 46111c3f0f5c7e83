//! The update: Weng-Lin free-for-all with Martian Dice's luck factor, anchors held still.

use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, expected_score, weng_lin_multi_team};

use crate::{Place, Rating, RatingError};
use martian_engine::MAX_PLAYERS;

/// One seat of a rated game as the update sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entrant {
    /// The rating before the game.
    pub rating: Rating,
    /// The place the seat finished in.
    pub place: Place,
    /// An anchor (a rated bot): its rating takes part but never moves.
    pub fixed: bool,
}

/// Weng-Lin with a luck factor `beta`: the whole rating system in one value.
#[derive(Clone, Copy, Debug)]
pub struct RatingSystem {
    config: WengLinConfig,
}

impl RatingSystem {
    /// Martian Dice's luck factor, calibrated in `docs/ratings.md` (`cargo run --release -p
    /// martian-ratings --example calibrate`): about seven times the crate's default (25/6),
    /// for a game whose best player beats a fair beginner only about 64 times in 100.
    pub const MARTIAN_BETA: f64 = 36.0;

    /// The system Martian Dice uses.
    pub fn martian() -> RatingSystem {
        RatingSystem::with_beta(Self::MARTIAN_BETA)
    }

    /// A system with another luck factor (the calibration tries several).
    pub fn with_beta(beta: f64) -> RatingSystem {
        RatingSystem {
            config: WengLinConfig {
                beta,
                ..WengLinConfig::new()
            },
        }
    }

    /// The luck factor.
    pub fn beta(&self) -> f64 {
        self.config.beta
    }

    /// The ratings after a game of 2 to 8 seats, in the entrants' order: every seat is a team
    /// of one, equal places equal ranks; anchors keep their ratings.
    pub fn rate(&self, entrants: &[Entrant]) -> Result<Vec<Rating>, RatingError> {
        if !(2..=MAX_PLAYERS).contains(&entrants.len()) {
            return Err(RatingError::Seats(entrants.len()));
        }
        if let Some(entrant) = entrants.iter().find(|entrant| !entrant.rating.is_valid()) {
            return Err(RatingError::Invalid(entrant.rating));
        }
        if let Some(entrant) = entrants
            .iter()
            .find(|entrant| entrant.place == 0 || entrant.place > entrants.len())
        {
            return Err(RatingError::Place {
                place: entrant.place,
                seats: entrants.len(),
            });
        }
        let teams: Vec<[WengLinRating; 1]> = entrants
            .iter()
            .map(|entrant| [entrant.rating.into()])
            .collect();
        let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
            .iter()
            .zip(entrants)
            .map(|(team, entrant)| (&team[..], MultiTeamOutcome::new(entrant.place)))
            .collect();
        let updated = weng_lin_multi_team(&ranked, &self.config);
        Ok(updated
            .into_iter()
            .zip(entrants)
            .map(|(team, entrant)| {
                if entrant.fixed {
                    entrant.rating
                } else {
                    team[0].into()
                }
            })
            .collect())
    }

    /// The chance that `a` beats `b` in a duel, as the ratings predict it.
    pub fn win_chance(&self, a: Rating, b: Rating) -> f64 {
        expected_score(&a.into(), &b.into(), &self.config).0
    }
}

/// A game counted in part: the mean moves `weight` of the way to its full update and the
/// variance likewise (the farming rule's repeated games; weight 1 is the full update, 0 none).
pub fn weighted(before: Rating, full: Rating, weight: f64) -> Rating {
    let weight = weight.clamp(0.0, 1.0);
    let variance = before.sigma.powi(2) + weight * (full.sigma.powi(2) - before.sigma.powi(2));
    Rating {
        mu: before.mu + weight * (full.mu - before.mu),
        sigma: variance.sqrt(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillratings::Outcomes;
    use skillratings::weng_lin::weng_lin;

    fn person(mu: f64, sigma: f64, place: Place) -> Entrant {
        Entrant {
            rating: Rating { mu, sigma },
            place,
            fixed: false,
        }
    }

    /// The crate's own 1v1 figures (its `test_weng`, default beta): a duel is a free-for-all
    /// of two.
    #[test]
    fn a_duel_gives_the_crates_figures() {
        let system = RatingSystem::with_beta(25.0 / 6.0);
        let after = system
            .rate(&[person(25.0, 25.0 / 3.0, 1), person(25.0, 25.0 / 3.0, 2)])
            .unwrap();
        assert!((after[0].mu - 27.635_231_383_473_65).abs() < 1e-12);
        assert!((after[0].sigma - 8.065_506_316_323_548).abs() < 1e-12);
        assert!((after[1].mu - 22.364_768_616_526_35).abs() < 1e-12);
        let after = system
            .rate(&[person(42.0, 1.3, 2), person(25.0, 25.0 / 3.0, 1)])
            .unwrap();
        assert!((after[0].mu - 41.862_153_998_286_94).abs() < 1e-12);
        assert!((after[1].mu - 30.664_283_436_598_35).abs() < 1e-12);
        let after = system
            .rate(&[person(42.0, 1.3, 1), person(25.0, 25.0 / 3.0, 1)])
            .unwrap();
        assert!((after[0].mu - 41.944_283_200_044_92).abs() < 1e-12);
        assert!((after[1].mu - 27.289_480_603_019_403).abs() < 1e-12);
    }

    /// The same duel at Martian Dice's beta, against the crate's 1v1 function.
    #[test]
    fn a_duel_at_martian_beta_equals_the_crates_duel() {
        let system = RatingSystem::martian();
        let config = WengLinConfig {
            beta: RatingSystem::MARTIAN_BETA,
            ..WengLinConfig::new()
        };
        let (a, b) = (
            Rating {
                mu: 31.0,
                sigma: 4.0,
            },
            Rating {
                mu: 22.5,
                sigma: 7.0,
            },
        );
        let after = system
            .rate(&[
                Entrant {
                    rating: a,
                    place: 2,
                    fixed: false,
                },
                Entrant {
                    rating: b,
                    place: 1,
                    fixed: false,
                },
            ])
            .unwrap();
        let (want_a, want_b) = weng_lin(&a.into(), &b.into(), &Outcomes::LOSS, &config);
        for (got, want) in after.iter().zip([want_a, want_b]) {
            assert!((got.mu - want.rating).abs() < 1e-12, "{got:?} {want:?}");
            assert!(
                (got.sigma - want.uncertainty).abs() < 1e-12,
                "{got:?} {want:?}"
            );
        }
    }

    /// Three seats, places 2, 1, 3: Weng and Lin's Bradley-Terry full-pair update (2011,
    /// Algorithm 1) written out for teams of one, with the crate's gamma = sigma / c.
    #[test]
    fn a_free_for_all_is_the_papers_full_pair_update() {
        let beta = 25.0 / 6.0;
        let system = RatingSystem::with_beta(beta);
        let entrants = [
            person(25.0, 25.0 / 3.0, 2),
            person(30.0, 1.2, 1),
            person(21.0, 6.5, 3),
        ];
        let after = system.rate(&entrants).unwrap();
        for (i, me) in entrants.iter().enumerate() {
            let (mut omega, mut delta) = (0.0, 0.0);
            for (q, other) in entrants.iter().enumerate() {
                if q == i {
                    continue;
                }
                let (mine, theirs) = (me.rating, other.rating);
                let c = (mine.sigma.powi(2) + theirs.sigma.powi(2) + 2.0 * beta * beta).sqrt();
                let p = 1.0 / (1.0 + ((theirs.mu - mine.mu) / c).exp());
                let score = match other.place.cmp(&me.place) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                };
                omega += mine.sigma.powi(2) / c * (score - p);
                let gamma = mine.sigma / c;
                delta += gamma * mine.sigma.powi(2) / c.powi(2) * p * (1.0 - p);
            }
            let sigma = me.rating.sigma * (1.0 - delta).max(0.000_001).sqrt();
            assert!((after[i].mu - (me.rating.mu + omega)).abs() < 1e-9, "{i}");
            assert!((after[i].sigma - sigma).abs() < 1e-9, "{i}");
        }
        assert!(after[1].mu > 30.0 && after[2].mu < 21.0);
    }

    #[test]
    fn equal_places_between_equals_change_nothing_but_the_deviation() {
        let after = RatingSystem::martian()
            .rate(&[person(25.0, 5.0, 1), person(25.0, 5.0, 1)])
            .unwrap();
        assert_eq!(after[0].mu, 25.0);
        assert!(after[0].sigma < 5.0);
    }

    #[test]
    fn an_anchor_does_not_move_and_the_person_moves_as_against_anyone() {
        let bot = Rating {
            mu: 35.0,
            sigma: 0.5,
        };
        let system = RatingSystem::martian();
        let fixed = system
            .rate(&[
                person(25.0, 25.0 / 3.0, 1),
                Entrant {
                    rating: bot,
                    place: 2,
                    fixed: true,
                },
            ])
            .unwrap();
        assert_eq!(fixed[1], bot);
        let free = system
            .rate(&[
                person(25.0, 25.0 / 3.0, 1),
                Entrant {
                    rating: bot,
                    place: 2,
                    fixed: false,
                },
            ])
            .unwrap();
        assert_eq!(fixed[0], free[0]);
        assert!(free[1].mu < bot.mu);
    }

    #[test]
    fn bad_games_are_refused() {
        let system = RatingSystem::martian();
        assert_eq!(
            system.rate(&[person(25.0, 5.0, 1)]),
            Err(RatingError::Seats(1))
        );
        assert_eq!(
            system.rate(&[person(25.0, 5.0, 1), person(25.0, 5.0, 3)]),
            Err(RatingError::Place { place: 3, seats: 2 })
        );
        let nan = Rating {
            mu: f64::NAN,
            sigma: 1.0,
        };
        assert!(matches!(
            system.rate(&[
                person(25.0, 5.0, 1),
                Entrant {
                    rating: nan,
                    place: 2,
                    fixed: false
                }
            ]),
            Err(RatingError::Invalid(_))
        ));
    }

    #[test]
    fn the_predicted_chance_is_the_crates() {
        let system = RatingSystem::with_beta(25.0 / 6.0);
        let a = Rating {
            mu: 42.0,
            sigma: 2.1,
        };
        let b = Rating {
            mu: 31.0,
            sigma: 1.2,
        };
        assert_eq!((system.win_chance(a, b) * 100.0).round(), 85.0);
        assert!((system.win_chance(a, b) + system.win_chance(b, a) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn a_weighted_game_moves_part_of_the_way() {
        let before = Rating {
            mu: 25.0,
            sigma: 8.0,
        };
        let full = Rating {
            mu: 29.0,
            sigma: 6.0,
        };
        assert_eq!(weighted(before, full, 1.0), full);
        assert_eq!(weighted(before, full, 0.0), before);
        let half = weighted(before, full, 0.5);
        assert_eq!(half.mu, 27.0);
        assert!((half.sigma.powi(2) - 50.0).abs() < 1e-12);
    }
}
