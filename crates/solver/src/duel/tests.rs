use super::*;

#[test]
fn small_duel_probabilities_sum_to_one_and_stay_in_range() {
    let rules = Rules::official()
        .with_dice(5)
        .unwrap()
        .with_target(8)
        .unwrap();
    let solution = DuelSolution::solve(rules, &|_| {});
    let [first, second] = solution.game_wins();
    assert!((first + second - 1.0).abs() < 1e-15);
    for v in solution.win.iter().flatten().chain(&solution.last) {
        assert!((0.0..=1.0).contains(v), "{v}");
    }
}
