//! What a card decides: the first line that applies, among the lines of the decision's kind; a
//! line naming a group that may not be taken does not apply; the default otherwise.

use martian_cards::{Card, Source};
use martian_engine::{Action, Face, Rules, Situation, Turn};

fn turn_after(steps: &[(&str, Face)], roll: &str) -> Turn {
    let mut turn = Turn::new(Rules::official());
    for &(dice, take) in steps {
        turn.apply_roll(dice.parse().unwrap()).unwrap();
        turn.play(Action::Take(take)).unwrap();
        turn.play(Action::Roll).unwrap();
    }
    turn.apply_roll(roll.parse().unwrap()).unwrap();
    turn
}

fn decide(card: &str, turn: &Turn, scores: &[u16], seat: usize, last: bool) -> (Action, Source) {
    let card: Card = card.parse().unwrap();
    card.decide(&Situation {
        rules: turn.rules(),
        scores,
        seat,
        round: 3,
        turn,
        triggered_by: last.then_some(0),
    })
}

#[test]
fn the_first_line_that_applies_decides() {
    let card = "1. Take the death rays when the tanks lead by 3 or more.\n\
                2. Take the chickens.\n\
                3. Take the death rays when the tanks lead.";
    // Two tanks, no chicken rolled: line 1 does not hold, line 2 names a group not rolled.
    let turn = turn_after(&[], "TTRRHHHCCCCCC");
    assert_eq!(
        decide(card, &turn, &[0, 0], 0, false),
        (Action::Take(Face::DeathRay), Source::Line(2))
    );
    let turn = turn_after(&[], "TTTRRHHHCCCKK");
    assert_eq!(
        decide(card, &turn, &[0, 0], 0, false),
        (Action::Take(Face::DeathRay), Source::Line(0))
    );
}

#[test]
fn the_default_takes_the_biggest_earthling_group_and_rolls_again() {
    let turn = turn_after(&[], "RRRRRHHCCCKKK");
    // Cows and chickens tie at 3: cows come first.
    assert_eq!(
        decide(
            "Stop when you have 20 points or more.",
            &turn,
            &[0, 0],
            0,
            false
        ),
        (Action::Take(Face::Cow), Source::Default)
    );
    // After a take, a card with no line to stop or roll rolls again.
    let mut after = turn_after(&[("RRRRRHHCCCKKK", Face::Human)], "RRRRHHCCKKK");
    after.play(Action::Take(Face::Cow)).unwrap();
    assert_eq!(
        decide("Take the humans.", &after, &[0, 0], 0, false).1,
        Source::Default
    );
    assert_eq!(decide("", &after, &[0, 0], 0, false).0, Action::Roll);
}

#[test]
fn a_roll_counts_no_dice_of_a_kind_already_held() {
    // Humans held; the roll shows 4 humans, which can only go back.
    let turn = turn_after(&[("RRRRRHHCCCKKK", Face::Human)], "RRRHHHHCCKK");
    let card = "1. Take the biggest earthling group when it has 3 dice or more.\n\
                2. Take the death rays.";
    assert_eq!(
        decide(card, &turn, &[0, 0], 0, false),
        (Action::Take(Face::DeathRay), Source::Line(1))
    );
}

#[test]
fn conditions_on_the_game_read_the_scores_seat_and_round() {
    let mut turn = turn_after(&[("RRRRRHHCCCKKK", Face::DeathRay)], "HHHHCCKK");
    turn.play(Action::Take(Face::Human)).unwrap(); // 4 points
    let card = "1. In the last round, roll again unless stopping puts you ahead.\n\
                2. Stop when stopping reaches the target.\n\
                3. Roll again when you trail by 10 or more.\n\
                4. Stop.";
    assert_eq!(decide(card, &turn, &[26, 20], 1, true).0, Action::Roll);
    assert_eq!(decide(card, &turn, &[26, 23], 1, true).0, Action::Stop);
    assert_eq!(
        decide(card, &turn, &[21, 10], 0, false),
        (Action::Stop, Source::Line(1))
    );
    assert_eq!(
        decide(card, &turn, &[0, 11], 0, false),
        (Action::Roll, Source::Line(2))
    );
    assert_eq!(
        decide(card, &turn, &[0, 9], 0, false),
        (Action::Stop, Source::Line(3))
    );
}

#[test]
fn the_dice_the_death_rays_leave_are_the_roll_s_others_but_its_tanks() {
    // 13 dice: 2 tanks (set aside by themselves), 3 death rays, 8 earthlings: taking the death
    // rays leaves 8 dice, whichever kinds they show.
    let turn = turn_after(&[], "TTRRRHHHCCCKK");
    let card = |n: u8, cmp: &str| {
        format!(
            "1. Take the death rays when taking the death rays leaves {n} dice or {cmp}.\n\
             2. Take the chickens."
        )
    };
    let rays = (Action::Take(Face::DeathRay), Source::Line(0));
    let chickens = (Action::Take(Face::Chicken), Source::Line(1));
    assert_eq!(decide(&card(8, "more"), &turn, &[0, 0], 0, false), rays);
    assert_eq!(decide(&card(9, "more"), &turn, &[0, 0], 0, false), chickens);
    assert_eq!(decide(&card(8, "fewer"), &turn, &[0, 0], 0, false), rays);
    assert_eq!(
        decide(&card(7, "fewer"), &turn, &[0, 0], 0, false),
        chickens
    );
    // With humans held, the roll's humans still count among the dice left: they are rolled
    // again after the death rays are taken.
    let turn = turn_after(&[("RRRRRHHCCCKKK", Face::Human)], "TRRHHCCKKKK");
    // 11 dice rolled, 1 tank, 2 death rays: 8 left after the rays.
    assert_eq!(decide(&card(8, "more"), &turn, &[0, 0], 0, false), rays);
    assert_eq!(decide(&card(9, "more"), &turn, &[0, 0], 0, false), chickens);
    // Portuguese reads the same condition.
    let pt = "1. Pegue os raios da morte se pegar os raios da morte deixa 8 dados ou mais.\n\
              2. Pegue as galinhas.";
    assert_eq!(decide(pt, &turn, &[0, 0], 0, false), rays);
}
