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

## Game vocabulary shared by every interface (martian_i18n::vocab).
## $face is one of: tank, death-ray, human, cow, chicken. $count is a number.

# The letter a reader knows the face by, in prose and at prompts (transcripts keep T R H C K).
face-letter = { $face ->
    [tank] T
    [death-ray] R
    [human] H
    [cow] C
   *[chicken] K
}
dice-count = { $count ->
    [one] { $count } die
   *[other] { $count } dice
}
# A roll or a set of dice with no die in it.
dice-nothing = nothing
points = { $count ->
    [one] { $count } point
   *[other] { $count } points
}
earthling-count = { $count ->
    [one] { $count } earthling
   *[other] { $count } earthlings
}
# Lists: $first is every item but the last, joined by ", ".
list-and = { $first } and { $last }
list-or = { $first } or { $last }
# The rules in brief. $bonus: one-of-each, any-earthling; $end: complete-round, immediate;
# $tie: roll-off, shared.
ruleset = { $dice } dice, target { $target }, { $bonus ->
        [any-earthling] bonus for any earthling
       *[one-of-each] bonus for one of each
    }, { $end ->
        [immediate] immediate end
       *[complete-round] round completed
    }, { $tie ->
        [shared] shared victory
       *[roll-off] roll-off
    }
# The tanks and death rays set aside. $leader: tanks, rays, even; $margin: by how many.
balance = Tanks { $tanks }, death rays { $rays }: { $leader ->
        [tanks] tanks lead by { $margin }
        [rays] death rays lead by { $margin }
       *[even] even, the death rays hold
    }
# A turn's score and why. $reason: tanks, bonus, plain; $earthlings: an earthling-count.
score-explained = { $reason ->
        [tanks] { $score } (the tanks outnumber the death rays)
        [bonus] { $score } ({ $earthlings } + { $bonus } bonus)
       *[plain] { $score } ({ $earthlings })
    }
# Why a turn ended. $end: stop, no-dice, no-choice.
turn-end = { $end ->
    [stop] the player stopped
    [no-dice] every die was set aside
   *[no-choice] no type could be taken from the last roll
}

## The engine's errors (martian_i18n::errors). In English word for word the engine's own text
## (a test checks); they are sentence fragments, placed after "step 2: " and the like.
error-dice-unknown-letter = '{ $letter }' is not a face letter (T, R, H, C, K; or V, G)
error-dice-dangling-count = the count { $count } is not followed by a face letter
error-dice-zero-count = a count of 0 is not allowed
error-dice-too-many = more than { $max } dice
error-dice-empty = no dice written
error-turn-over = the turn is over
error-turn-awaiting-choice = a roll is awaiting a choice of type
error-turn-awaiting-roll = the dice must be rolled first
error-turn-awaiting-decision = the player must first stop or roll again
error-turn-wrong-dice-count = { $rolled } dice were rolled but { $available } are available
error-turn-take-tank = tanks cannot be chosen: they are set aside by force
error-turn-not-rolled = { $face ->
    [tank] no tanks were rolled
    [death-ray] no death rays were rolled
    [human] no humans were rolled
    [cow] no cows were rolled
   *[chicken] no chickens were rolled
}
error-turn-already-taken = { $face ->
    [tank] tanks were already taken this turn
    [death-ray] death rays were already taken this turn
    [human] humans were already taken this turn
    [cow] cows were already taken this turn
   *[chicken] chickens were already taken this turn
}
error-transcript = step { $step }: { $error }
error-transcript-bad-roll = bad roll '{ $text }': { $error }
error-transcript-take = '{ $text }' after '/' is not a face letter (R, H, C, K)
error-transcript-missing-take = the roll has no type taken: write it as ROLL/LETTER, or end the transcript there
error-transcript-take-after-no-choice = no type can be taken from this roll: the turn ended with it
error-transcript-after-end = the turn was already over
error-game-players = a game has from 1 to { $max } players, not { $count }
error-game-over = the game is over
error-game-in-roll-off = the roll-off is under way: only its rolls are expected
error-game-roll-off-dice = a roll-off roll has { $expected } dice, not { $count }
# $detail and $error may be English details from the engine or the JSON parser.
error-record-format = not a game record: { $detail }
error-record-version = record version { $version } is not supported (this program reads version { $supported })
error-record-turn = turn { $turn }: { $error }
error-record-roll-off = roll-off round { $round }, roll { $roll }: { $error }
error-record-result = result: { $error }
