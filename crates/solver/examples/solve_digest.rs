//! A digest of the bits of every solved value, to check that a change to the solvers leaves
//! their results bit-for-bit equal: run it before and after, compare the lines.
//! `cargo run --release -p martian-solver --example solve_digest [TRIO_TARGET] [QUAD_TARGET]`
//! (defaults 25 and 8; the official trio takes seconds, a quad beyond 12 minutes).

use martian_engine::{BonusRule, Dice, EndRule, Face, Points, Rules, Turn};
use martian_solver::{
    DuelPosition, DuelSolution, QuadPosition, QuadSolution, TrioPosition, TrioSolution, TurnSolver,
    TurnSpace,
};

/// FNV-1a over the bits of the values.
#[derive(Default)]
struct Digest(u64, usize);

impl Digest {
    fn add(&mut self, v: f64) {
        if self.1 == 0 {
            self.0 = 0xcbf2_9ce4_8422_2325;
        }
        for byte in v.to_bits().to_le_bytes() {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x100_0000_01b3);
        }
        self.1 += 1;
    }
}

/// Every set of dice aside with dice left to roll (counts per face).
fn asides(dice: u8) -> Vec<Dice> {
    let mut out = Vec::new();
    let mut counts = [0u8; Face::NUM];
    fn go(at: usize, left: u8, counts: &mut [u8; Face::NUM], out: &mut Vec<Dice>) {
        if at == Face::NUM {
            out.push(Dice::from_counts(*counts).unwrap());
            return;
        }
        for c in 0..=left {
            counts[at] = c;
            go(at + 1, left - c, counts, out);
        }
        counts[at] = 0;
    }
    go(0, dice - 1, &mut counts, &mut out);
    out
}

fn turns() {
    for (dice, bonus) in [(13, BonusRule::OneOfEach), (8, BonusRule::AnyEarthling)] {
        let space = TurnSpace::shared(dice, bonus);
        let mut solver = TurnSolver::new(space.clone());
        let max = usize::from(space.max_score());
        let mut digest = Digest::default();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..8 {
            let u: Vec<f64> = (0..=max)
                .map(|s| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    match round % 4 {
                        0 => s as f64,
                        1 => (seed >> 11) as f64 / (1u64 << 53) as f64,
                        2 => f64::from(u8::from(s >= 6)),
                        _ => -(s as f64).sqrt(),
                    }
                })
                .collect();
            let (table, start) = solver.solve_tracking_zero(&u);
            digest.add(start.value);
            digest.add(start.zero);
            let again = solver.start_tracking_zero(&u);
            digest.add(again.value);
            digest.add(again.zero);
            for aside in asides(dice) {
                digest.add(table.value_to_roll(aside));
            }
            let rules = Rules::official().with_dice(dice).unwrap().with_bonus(bonus);
            for p in table.score_distribution(&Turn::new(rules)) {
                digest.add(p);
            }
        }
        println!(
            "turn {dice} {bonus:?}: {:016x} ({} values)",
            digest.0, digest.1
        );
    }
}

fn duels() {
    for rules in [
        Rules::official(),
        Rules::official().with_end(EndRule::Immediate),
        Rules::official()
            .with_dice(6)
            .unwrap()
            .with_target(9)
            .unwrap(),
    ] {
        let solution = DuelSolution::solve(rules, &|_| {});
        let mut digest = Digest::default();
        let t = rules.target();
        for seat in 0..2 {
            for a in 0..t {
                for b in 0..t {
                    let v = solution.seat_wins(DuelPosition::Open {
                        seat,
                        scores: [a, b],
                    });
                    v.into_iter().for_each(|x| digest.add(x));
                }
            }
        }
        for need in 0..=20 {
            digest.add(solution.mover_win(DuelPosition::LastTurn { need }));
        }
        println!("duel {rules}: {:016x} ({} values)", digest.0, digest.1);
    }
}

fn trios(target: Points) {
    for rules in [
        Rules::official().with_target(target).unwrap(),
        Rules::official()
            .with_target(10)
            .unwrap()
            .with_end(EndRule::Immediate),
    ] {
        let solution = TrioSolution::solve(rules, &|_| {}).unwrap();
        let mut digest = Digest::default();
        let t = rules.target();
        for seat in 0..3 {
            for a in 0..t {
                for b in 0..t {
                    for c in 0..t {
                        let v = solution.seat_wins(TrioPosition::Open {
                            seat,
                            scores: [a, b, c],
                        });
                        v.into_iter().for_each(|x| digest.add(x));
                    }
                }
            }
        }
        println!("trio {rules}: {:016x} ({} values)", digest.0, digest.1);
    }
}

fn quads(target: Points) {
    let rules = Rules::official().with_target(target).unwrap();
    let solution = QuadSolution::solve(rules, &|_| {}).unwrap();
    let mut digest = Digest::default();
    let t = rules.target();
    for seat in 0..4 {
        for a in 0..t {
            for b in 0..t {
                for c in 0..t {
                    for d in 0..t {
                        let v = solution.seat_wins(QuadPosition::Open {
                            seat,
                            scores: [a, b, c, d],
                        });
                        v.into_iter().for_each(|x| digest.add(x));
                    }
                }
            }
        }
    }
    println!("quad {rules}: {:016x} ({} values)", digest.0, digest.1);
}

fn main() {
    let mut args = std::env::args().skip(1);
    let trio_target = args.next().map_or(25, |a| a.parse().expect("TRIO_TARGET"));
    let quad_target = args.next().map_or(8, |a| a.parse().expect("QUAD_TARGET"));
    turns();
    duels();
    trios(trio_target);
    quads(quad_target);
}
