//! The chance that a turn reaches each set of dice aside, filled in order of dice set aside:
//! what the analysis examples weigh a decision by.

use martian_engine::Dice;

/// Chances by dice set aside (13 dice at most).
pub struct Reach {
    mass: Vec<f64>,
}

impl Reach {
    /// The start of a turn: nothing aside, for certain.
    pub fn start() -> Reach {
        let mut mass = vec![0.0; 14usize.pow(5)];
        mass[Reach::index(Dice::EMPTY)] = 1.0;
        Reach { mass }
    }

    fn index(aside: Dice) -> usize {
        aside
            .counts()
            .iter()
            .fold(0, |a, &x| a * 14 + usize::from(x))
    }

    /// Every set of 13 dice or fewer aside, fewest first: a turn only adds to what it holds, so
    /// each one's chance is complete when it comes.
    pub fn asides() -> Vec<Dice> {
        let mut asides = Vec::new();
        for t in 0..=13u8 {
            for r in 0..=13 - t {
                for h in 0..=13 - t - r {
                    for c in 0..=13 - t - r - h {
                        for k in 0..=13 - t - r - h - c {
                            asides.push(Dice::from_counts([t, r, h, c, k]).expect("13 dice"));
                        }
                    }
                }
            }
        }
        asides.sort_by_key(|d| d.total());
        asides
    }

    pub fn get(&self, aside: Dice) -> f64 {
        self.mass[Reach::index(aside)]
    }

    pub fn add(&mut self, aside: Dice, p: f64) {
        self.mass[Reach::index(aside)] += p;
    }
}
