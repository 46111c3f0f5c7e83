# English messages of Martian Dice. Every message here must exist in pt-BR.ftl too (a test checks).

## Languages
lang-name = English

## Faces. $face is one of: tank, death-ray, human, cow, chicken.
face-name = { $face ->
    [tank] tank
    [death-ray] death ray
    [human] human
    [cow] cow
   *[chicken] chicken
}
face-count = { $face ->
    [tank] { $count ->
        [one] { $count } tank
       *[other] { $count } tanks
    }
    [death-ray] { $count ->
        [one] { $count } death ray
       *[other] { $count } death rays
    }
    [human] { $count ->
        [one] { $count } human
       *[other] { $count } humans
    }
    [cow] { $count ->
        [one] { $count } cow
       *[other] { $count } cows
    }
   *[chicken] { $count ->
        [one] { $count } chicken
       *[other] { $count } chickens
    }
}
face-none = { $face ->
    [tank] no tanks
    [death-ray] no death rays
    [human] no humans
    [cow] no cows
   *[chicken] no chickens
}

## The rules, as `martian-dice rules` prints them.
rules-title = MARTIAN DICE — THE RULES
rules-intro =
    Martians, your mission is to swoop down on the pathetic inhabitants of the primitive planet
    Earth and abduct as many of them as you can: humans, cows and chickens. The earthlings will
    defend themselves with tanks; your death rays will deal with them. Be the first Martian to
    fill your abduction quota!
rules-components-title = The dice
rules-components =
    There are 13 dice. Each has six faces: a tank, two death rays, a human, a cow and a chicken.
    So a die shows a death ray one time in three, and each other face one time in six.
    Letters used by the program: T tank, R death ray, H human, C cow, K chicken.
rules-turn-title = A turn
rules-turn =
    1. Roll all the dice you have available (at the start of your turn, all 13).
    2. Set aside every tank you rolled. Tanks are never a choice: they are forced on you, and they
       add up over the turn.
    3. Choose one type among the other dice you just rolled, and set aside ALL the dice of that type.
       Death rays can always be chosen. A human, a cow or a chicken can be chosen only if you have
       not set aside that type earlier this turn: each earthling type is taken at most once per turn.
       The dice you do not take go back to be rolled again.
    4. If you cannot choose anything (you rolled only tanks, or only earthlings of types you already
       have), your turn is over and you go to scoring. This is not an automatic zero: score normally.
    5. If no dice are left, your turn is over and you go to scoring.
    6. Otherwise decide: stop and score, or roll the remaining dice again (back to step 1).
    You may stop or roll again whatever the tanks and death rays say — even when stopping scores 0.
rules-scoring-title = Scoring a turn
rules-scoring =
    If you set aside more tanks than death rays, the earthlings escape: the turn scores 0.
    Otherwise you score 1 point for each human, cow and chicken you set aside, plus a bonus of 3
    points if you set aside at least one human, one cow and one chicken. Add the turn's score to
    your total.
rules-end-title = The end of the game
rules-end =
    Players take turns in a fixed order; a round is one turn for each player. When a player's total
    reaches 25 or more, the round is completed, so that everybody has had the same number of turns.
    Then the player with the most points wins.
rules-tie-title = Ties
rules-tie =
    If several players share the most points, each of them rolls 6 dice: the most death rays wins.
    Players still tied roll again, until one is left.
rules-example-title = An example turn
rules-example =
    Ana rolls 13 dice: 2 tanks, 3 death rays, 2 humans, 3 cows, 3 chickens (TTRRRHHCCCKKK).
    The 2 tanks are set aside. She takes the 3 chickens; 8 dice are left. With 2 tanks and no death
    ray she would score 0 now, so she rolls again.
    She rolls 8: 1 tank, 3 death rays, 2 humans, 2 cows. The tank goes aside (3 tanks now); she takes
    the 3 death rays, so the tanks no longer outnumber the rays. 4 dice are left; stopping would score
    3 points. She rolls again.
    She rolls 4: 2 humans, 2 cows. She takes the humans; 2 dice left.
    She rolls 2: 2 cows. She takes the cows; no dice are left and the turn ends.
    Score: 3 death rays against 3 tanks, so she scores 2 humans + 2 cows + 3 chickens = 7 points,
    plus the 3-point bonus for one of each: 10 points.
    In the program's transcript notation: TTRRRHHCCCKKK/K TRRRHHCC/R HHCC/H CC/C
rules-variants-title = Variants
rules-variants =
    The program can also play with another number of dice (1 to 30), another target score, the
    literal reading of the original text (the bonus for any earthling instead of one of each), the
    game ending at once when a player reaches the target, and shared victory instead of the roll-off.
    These are options, never the default.
