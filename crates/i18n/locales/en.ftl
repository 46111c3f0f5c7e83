# English messages of Martian Dice. Every message here must exist in pt-BR.ftl too (a test checks).
#
# Conventions: one `##` section per interface or shared area, and every id starts with its area's
# prefix: face-, dice-, points, list-, ruleset, balance, score-explained, turn-end (the shared
# vocabulary, martian_i18n::vocab), error- (the engine's errors, martian_i18n::errors), rules-
# (`martian-dice rules`), plain- (the line-mode game), turn-report- (`turn`), replay- (`replay`),
# solve- and advise- (`solve`, `advise`), arena- (`arena`).
# Selector values are stable English words (tank, death-ray, human, cow, chicken; stop, no-dice…);
# the code uses literal ids (tr!(m, "id", …)) so that the coverage test sees them. Identifiers
# such as seeds are passed as text, never as numbers; indentation and list commas are the code's.

## Languages
lang-name = English

## Numbers (martian_i18n::decimal): every interface writes decimals with this separator and no
## grouping of thousands ("1234.5").
decimal-point = .

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
rules-cards-title = Strategy cards you can remember
rules-cards =
    Perfect play is a table no one can learn. These cards are the best plain rules of 1, 3 and 5
    lines the program finds (docs/strategy.md), each with its exact chance against perfect play.
    Write your own and value it: martian-dice card my-card.txt; play it: --players You,bot:card:my-card.txt.

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
# A change of a measure, as every interface writes losses, luck and skill: "2.8pp of chance to
# win" (percentage points: from 60% to 57.2%), "0.35 turns", "1.25 points"; luck and skill signed
# ("+17.56pp of chance to win"), losses never. $measure: win, turns, points; $value: the figure.
measure-change = { $measure ->
        [win] { $value }pp of chance to win
        [turns] { $value } turns
       *[points] { $value } points
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
# The stop of a turn transcript shown to a reader (records keep "stop").
transcript-stop = stop

## Players (martian_i18n::vocab): the person at the screen, and the built-in bots by name.
# The default name of the person at the screen. A player of this name (in either language) is
# spoken to: "Your turn", "You win!". $you in a sentence: yes for that player, no for others.
player-you = You
# A built-in bot in prose, lower case; $bot: its name as the command line takes it. Any other bot
# keeps its own name.
bot-name = { $bot ->
       *[other] { $bot }
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
error-turn-wrong-dice-count = { $rolled ->
        [one] { $rolled } die was
       *[other] { $rolled } dice were
    } rolled but { $available ->
        [one] { $available } is
       *[other] { $available } are
    } available
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
error-transcript-take = '{ $text }' after '/' is not a face letter (R, H, C, K; or V, G)
error-transcript-missing-take = the roll has no type taken: write it as ROLL/LETTER, or end the transcript there
error-transcript-take-after-no-choice = no type can be taken from this roll: the turn ended with it
error-transcript-after-end = the turn was already over
error-rules-dice = the number of dice must be from { $min } to { $max }, not { $count }
error-rules-target = the target score must be from { $min } to { $max }, not { $target }
error-game-players = a game has from 1 to { $max } players, not { $count }
error-game-over = the game is over
error-game-in-roll-off = the roll-off is under way: only its rolls are expected
error-game-no-roll-off = no roll-off is under way
error-game-roll-off-dice = a roll-off roll has { $expected } dice, not { $count }
# Rules beyond what the exact solvers take (martian_engine::SolveLimit). $game: solo, duel, trio, quad;
# $dice, $max (the highest target solved with these dice), $target: numbers.
error-solve-limit = exact { $game ->
        [solo] one-player
        [duel] two-player
        [quad] four-player
       *[trio] three-player
    } play with { $dice } dice is solved for targets up to { $max }, not { $target } (its work grows { $game ->
        [solo] as the target
        [duel] as the square of the target
        [quad] as the fourth power of the target
       *[trio] as the cube of the target
    })
# What to choose instead, after error-solve-limit where rules and bots are chosen. $max: a number.
error-solve-limit-bots = Choose a target up to { $max }, or bots that do not read the solver (greedy, aggressive, defensive, random).
# $detail and $error may be English details from the engine or the JSON parser.
error-record-format = not a game record: { $detail }
error-record-version = record version { $version } is not supported (this program reads version { $supported })
error-record-turn = turn { $turn }: { $error }
error-record-roll-off = roll-off round { $round }, roll { $roll }: { $error }
error-record-result = result: { $error }

## The line-mode game: `martian-dice play --plain` (crates/cli/src/plain/messages.rs).
## $name: a player's name; $names: a list of names; $points, $total: a `points` text;
## $faces: dice in words; $letters: a roll in the reader's letters.
plain-title = Martian Dice: { $rules }.
plain-players = Players in seat order: { $names }.
plain-seed = Seed { $seed }: play again with --seed { $seed } for the same dice.
plain-manual-dice = Scorekeeper mode: roll your own dice and type what they show, such as 2T3RHCK.
plain-help-hint = Type ? for help at any prompt.
# The seed is kept for whoever asks (a screen reader does not read its digits unprompted).
plain-seed-hint = The dice have a seed: type seed at any prompt to hear it, to play the same dice again.
plain-default-player = Player { $number }
# $you: yes when the player is the person at the screen (player-you), who is spoken to; else no.
plain-turn-start = { $you ->
        [yes] Round { $round }: your turn ({ $points }).
       *[no] Round { $round }: { $name }'s turn ({ $points }).
    }
plain-turn-start-final-round = { $you ->
        [yes] Round { $round }, the final round: your last turn ({ $points }).
       *[no] Round { $round }, the final round: { $name }'s last turn ({ $points }).
    }
# A roll, told once: in words ($faces), or in letters ($letters) for a reader who asked for them.
plain-rolls = { $you ->
        [yes] You roll
       *[no] { $name } rolls
    } { $dice }: { $faces }.
plain-rolls-letters = { $you ->
        [yes] You roll
       *[no] { $name } rolls
    } { $dice }: { $letters }.
plain-tanks-forced = { $count ->
    [one] The tank is set aside by force.
   *[other] The { $count } tanks are set aside by force.
}
# Also the `turn` report's line. $count: the dice left.
plain-set-aside = Set aside: { $faces }; { $count ->
        [one] { $count } die
       *[other] { $count } dice
    } left.
plain-set-aside-choosing = Set aside: { $faces }.
plain-balance-so-far = { $balance } — what is set aside scores { $score } so far.
plain-balance-if-stopping = { $balance } — stopping now scores { $score }.
# $choices: a list of plain-choice.
plain-choices = You may take: { $choices }.
plain-choice = { $letter } for { $faces }
plain-choose-prompt = { $you ->
        [yes] Which type do you take? ({ $keys })
       *[no] { $name }, which type do you take? ({ $keys })
    }
plain-decide-prompt = { $you ->
        [yes] Stop and score { $score } (s), or roll the { $count ->
            [one] { $count } die
           *[other] { $count } dice
        } left (r)?
       *[no] { $name }, stop and score { $score } (s), or roll the { $count ->
            [one] { $count } die
           *[other] { $count } dice
        } left (r)?
    }
plain-takes = { $you ->
        [yes] You take
       *[no] { $name } takes
    } { $faces }.
plain-stops = { $you ->
        [yes] You stop.
       *[no] { $name } stops.
    }
plain-no-choice = No type can be taken from this roll: the turn is over.
plain-no-dice = Every die is set aside: the turn is over.
plain-turn-scores = { $you ->
        [yes] You score { $score } this turn, { $total } in all.
       *[no] { $name } scores { $score } this turn, { $total } in all.
    }
plain-score-table-title = Score table, round { $round } (target { $target }):
plain-score-table-row = { $name }: { $points }
plain-reached-target = { $you ->
        [yes] You have { $points }, reaching the target of { $target }.
       *[no] { $name } has { $points }, reaching the target of { $target }.
    }
plain-final-round = This is the final round: the players after them have one last turn.
plain-immediate-end = The game ends at once.
plain-roll-off-start = { $names } are tied with { $points }: roll-off! Each rolls { $dice } dice; the most death rays wins.
plain-roll-off-roll = { $you ->
        [yes] You roll
       *[no] { $name } rolls
    } for the roll-off: { $faces }: { $rays }.
plain-roll-off-roll-letters = { $you ->
        [yes] You roll
       *[no] { $name } rolls
    } for the roll-off: { $letters }: { $rays }.
plain-roll-off-again = Still tied: { $names } roll again.
plain-winner = { $you ->
        [yes] You win with { $points }!
       *[no] { $name } wins with { $points }!
    }
plain-shared-victory = { $names } share the victory with { $points }!
plain-final-scores = Final scores:
plain-manual-roll-prompt = { $name }, roll { $dice } and type what { $count ->
        [one] it shows
       *[other] they show
    } (such as 2T3RHCK):
plain-manual-roll-off-prompt = { $name }, roll { $dice } for the roll-off and type what they show:
plain-bad-faces = That is not a roll: { $error }. Type the faces again.
plain-wrong-count = That is { $typed }, but { $expected } were rolled. Type all of them again.
plain-empty-input = Please type something (? for help).
plain-unknown-input = '{ $text }' is not a choice I know (? for help).
plain-illegal-take-tank = Tanks cannot be taken: they are set aside by force.
plain-illegal-not-rolled = { $face ->
    [tank] No tanks were rolled.
    [death-ray] No death rays were rolled.
    [human] No humans were rolled.
    [cow] No cows were rolled.
   *[chicken] No chickens were rolled.
}
plain-illegal-already-taken = { $face ->
    [tank] You already took tanks this turn: each earthling type is taken once.
    [death-ray] You already took death rays this turn: each earthling type is taken once.
    [human] You already took humans this turn: each earthling type is taken once.
    [cow] You already took cows this turn: each earthling type is taken once.
   *[chicken] You already took chickens this turn: each earthling type is taken once.
}
plain-illegal-awaiting-choice = First take one type from this roll.
plain-illegal-awaiting-decision = You already took a type from this roll: now s stops and r rolls the dice left (r takes death rays only while a type is to be chosen).
# $error: one of the error-turn-* texts.
plain-illegal-other = That is not possible now: { $error }.
# $record: kept (the game is saved to a file as it goes), none.
plain-help-choose =
    Take a type by its letter or name: r or ray (death rays; d also), h or human, c or cow, k or chicken (v and g also work).
    Tanks are set aside by force. Death rays can always be taken; each earthling type once a turn.
    Other commands: a or coach (the value of each choice, and why; coach on for every decision, coach off), scores (the score table), seed (the dice's seed), letters or words (how rolls are read), q or quit (leave the game; { $record ->
        [kept] the record is kept
       *[none] it is not saved
    }).
plain-help-decide =
    s or stop: end the turn and score what is set aside (nothing if the tanks outnumber the death rays).
    r or roll: roll the dice left again.
    Other commands: a or coach (the value of each choice, and why; coach on for every decision, coach off), scores (the score table), seed (the dice's seed), letters or words (how rolls are read), q or quit (leave the game; { $record ->
        [kept] the record is kept
       *[none] it is not saved
    }).
plain-help-roll =
    Type the faces shown by the dice: T tank, R death ray, H human, C cow, K chicken (V and G also work).
    A number may stand before a letter: 2T3RHCK is T T R R R H C K. Spaces are ignored.
    q or quit leaves the game; { $record ->
        [kept] the record is kept.
       *[none] it is not saved.
    }
plain-bot-error = { $name } could not play: { $error }
plain-quit = You left the game: it is unfinished.
plain-input-ended = The input ended: the game is left unfinished.
plain-not-recorded = The game was not saved: play with --record FILE to keep a record.
# How rolls are read from now on, after the letters or words command.
plain-read-letters = From now on rolls are read in letters; type words to hear them in words again.
plain-read-words = From now on rolls are read in words; type letters to hear them in letters.
# The coach in line mode. $measure: win, points, turns.
plain-coach-heading = { $measure ->
        [win] The coach, your chance to win after each choice:
        [points] The coach, the turn's expected score after each choice:
       *[turns] The coach, the expected turns to reach { $target } after each choice (fewer is better):
    }
# $action: an advise-action; $value: formatted; $best: yes, no.
plain-coach-option = { $action }: { $value }{ $best ->
        [yes] , the best
       *[no] {""}
    }.
# $reason: a coach-why-* text.
plain-coach-why = Why: { $reason }
# What a person's decision cost when it was not the best. $cost: a measure-change text; $best: a
# review-best-action; $why: a coach-why-* text.
plain-decision-cost = That cost { $cost }; the best was to { $best }. Why: { $why }
# $on: on, off.
plain-coach-every = { $on ->
        [on] The coach is on for every decision (coach off turns it off).
       *[off] The coach speaks when asked (a or coach; coach on for every decision).
    }
plain-coach-working = The coach is working out the chances to win; the first time this can take a minute.
plain-coach-no-values = The coach has no values for this position.
plain-coach-no-decision = The coach weighs decisions: there is none until the dice are rolled.
plain-record-saved = The game record is saved in { $path }.
plain-record-not-saved = Could not save the game record in { $path }: { $error }.
# What is wrong with --players. $number: the player's place in the list.
plain-players-no-name = player { $number } has no name
plain-players-control-character = player { $number }'s name has a control character
plain-players-too-long = player { $number }'s name is longer than { $max } characters
plain-players-no-bot-name = player { $number }: bot: must be followed by a bot name
plain-players-same-name = two players are called { $name }
# A bot named in --players that cannot be made. $known: the bots' names; $error: English detail.
plain-unknown-bot = unknown bot '{ $spec }'; known bots: { $known }
plain-bad-bot = bad bot '{ $spec }': { $error }

## `martian-dice turn`: the report of a turn transcript (crates/cli/src/plain/messages.rs).
## Transcripts are shown in the neutral letters T R H C K, as records keep them.
turn-report-transcript = Transcript: { $transcript }
turn-report-transcript-empty = Transcript: (empty)
turn-report-rules = Rules: { $rules }
turn-report-step-roll = Step { $step }: rolled { $dice }: { $faces }
turn-report-tanks-aside = { $count ->
    [one] { $count } tank set aside by force
   *[other] { $count } tanks set aside by force
}
turn-report-took = took { $faces }
turn-report-no-choice = no type can be taken
turn-report-stop = Step { $step }: stopped
turn-report-balance = { $balance }.
turn-report-not-started = The turn has not started: { $dice } to roll.
# $choices: a list (list-or) of turn-report-choice.
turn-report-choosing = The roll { $roll } awaits a choice: take { $choices }. What is set aside scores { $score } so far.
turn-report-choice = { $letter } ({ $faces })
turn-report-deciding = Next: stop, scoring { $score }, or roll the { $count ->
        [one] { $count } die
       *[other] { $count } dice
    } left.
turn-report-over = The turn is over ({ $end }): it scores { $score }.

## `martian-dice replay`: the game listing (crates/cli/src/plain/messages.rs). Seats are numbered
## from 0, as in the record and its error messages; transcripts and rolls come in the reader's
## letters and words (V, G and parar in Portuguese).
replay-rules = Rules: { $rules }.
replay-seat = Seat { $seat }: { $name }
replay-seat-bot = Seat { $seat }: { $name } (bot)
replay-seat-bot-named = Seat { $seat }: { $name } (bot { $bot })
replay-seed = Seed: { $seed }.
replay-round = Round { $round }:
replay-turn = { $name }: { $transcript } — scores { $score }, { $end }; { $total } in all.
replay-turn-unfinished = { $name }: { $transcript } — the turn is unfinished.
# $list: "Ana 10, Bob 7".
replay-totals = Totals after round { $round }: { $list }.
replay-roll-off-title = Roll-off between { $names }, tied with { $points }:
# $list: replay-roll-off-roll items joined by ", ".
replay-roll-off-round = Roll-off round { $round }: { $list }.
replay-roll-off-roll = { $name } { $roll } ({ $rays })
replay-unfinished = The game is unfinished: { $you ->
        [yes] you are
       *[no] { $name } is
    } to play in round { $round }.
replay-roll-off-unfinished = The game is unfinished: { $you ->
        [yes] you are
       *[no] { $name } is
    } to roll in the roll-off.
replay-cannot-read = cannot read { $file }: { $error }

## The coach's reasons: why the best option of a decision is best (martian_solver::Reason,
## crates/solver/src/explain.rs): the exact difference between the best option and the next best
## split into parts, the one that decides named by $cause: situation (the game's) when it makes at
## least as much of the difference as the points, else the largest of now (points banked now),
## later (dice kept for later rolls), risk (of losing the turn to the tanks), bonus. Shown by the
## terminal game, the line mode, `advise`, the review, the trainer and the web page, which sends
## exactly these arguments. Whole numbers: $held (what stopping scores), $earthlings, $dice,
## $other_dice, $count, $other_count, $now, $needed, $after, $opponents and the scores. Figures
## come formatted with their decimals: $gain, $lost, $average, $later, $bonus_gain… in points;
## $risk, $bonus_chance… and $value, $other_value in percent ($value in turns when $measure is
## turns). Words: $face, $other (a take), $best_face, $other_face: death-ray, human, cow,
## chicken; $advice: stop, roll; $best, $other (the situation): stop, roll, take; $tanks: lead,
## hold, safe; $more_dice, $completes: yes, no; $points: agree, disagree; $case: turn-lost,
## game-decided, equal (indifferent) or final-turn, reach-target, race, solo (the situation).
## $tanks (a take): lead (the tanks lead right after it: its earthlings are not points yet), hold;
## $lost, $other_lost (a take): the points the tanks take on average. Every comparison the words
## make ("more than", "against") must agree with its figures: martian_solver::Comparison::claims.
## $kinds_left (stop or roll): the earthling kinds not yet taken (0: the dice left can add only
## tanks and death rays). The race: $needed (points still short of the target, the held ones
## counted), $standing: ahead, behind, level, by $margin; $near: yes, no (within 6 of the
## target); $lean: sure (the best option's score spreads less), bold (it spreads more).
coach-why-indifferent = { $case ->
        [turn-lost] Rolling can no longer save this turn: the tanks are too far ahead. Stopping or rolling, it scores 0.
        [game-decided] Nothing you do now changes how the game ends.
       *[equal] Both choices are worth exactly the same here.
    }
coach-why-only-choice = Only { face-count } can be taken from this roll.
coach-why-as-good = Taking the { $face ->
        [death-ray] death rays
        [human] humans
        [cow] cows
       *[chicken] chickens
    } or the { $other ->
        [death-ray] death rays
        [human] humans
        [cow] cows
       *[chicken] chickens
    } is worth the same here.
# The other take's group, as the reasons name it: "the 6 death rays", "the cow".
coach-other-group = { $other ->
        [death-ray] { $other_count ->
            [one] the death ray
           *[other] the { $other_count } death rays
        }
        [human] { $other_count ->
            [one] the human
           *[other] the { $other_count } humans
        }
        [cow] { $other_count ->
            [one] the cow
           *[other] the { $other_count } cows
        }
       *[chicken] { $other_count ->
            [one] the chicken
           *[other] the { $other_count } chickens
        }
    }
coach-why-take = Take { face-count }: { $cause ->
        [now] { $tanks ->
            [lead] the tanks lead for now, so these earthlings count only if the death rays catch up in the later rolls; even so, the turn makes about { $average } points on average, against { $other_average } after { coach-other-group }.
           *[hold] that scores { $now ->
                [one] 1 more point
               *[other] { $now } more points
            } now than { coach-other-group }, and what the later rolls would add does not make up for it; the turn makes about { $average } points on average, against { $other_average }.
        }
        [later] { $more_dice ->
            [yes] it leaves { $dice ->
                [one] 1 die
               *[other] { $dice } dice
            } to roll, against { $other_dice } after { coach-other-group }; the turn then makes about { $average } points on average, against { $other_average }.
           *[no] the rolls after it add about { $later } points on average, against { $other_later } after { coach-other-group }; the turn makes about { $average } points, against { $other_average }.
        }
        [risk] it is safer: the tanks take about { $lost } points of the turn on average, against { $other_lost } after { coach-other-group }.
       *[bonus] { $completes ->
            [yes] it completes a human, a cow and a chicken
           *[no] it keeps the bonus within reach
        }; the 3 bonus points come { $bonus_chance }% of the time, against { $other_bonus_chance }% after { coach-other-group }.
    }
coach-why-stop-or-roll = { $advice ->
        [roll] { $tanks ->
            [lead] Roll again: stopping now scores nothing, as the tanks lead{ $earthlings ->
                [0] {""}
                [one] {" "}(the earthling set aside would be lost)
               *[other] {" "}(the { $earthlings } earthlings set aside would be lost)
            }. Rolling on, the death rays can still catch up: the turn then makes about { $average } points on average.
            [safe] Roll again: the tanks can no longer catch up with { $dice ->
                [one] the die left
               *[other] the { $dice } dice left
            }, which { $dice ->
                [one] adds
               *[other] add
            } about { $gain } points on average.
           *[hold] { $cause ->
                [bonus] Roll again for the bonus, which comes { $bonus_chance }% of the time: the dice add about { $gain } points in all
               *[other] Roll again: { $held ->
                    [0] stopping now scores nothing, and the
                   *[other] the
                } { $dice ->
                    [one] die left adds
                   *[other] { $dice } dice left add
                } about { $gain } points on average
            }, more than the { $lost } points the tanks take (they end the turn ahead { $risk }% of the time{ $held ->
                [0] {""}
                [one] , losing the point held
               *[other] , losing the { $held } points held
            }).
        }
       *[stop] { $kinds_left ->
            [0] Stop: every earthling kind is taken, so { $dice ->
                [one] the die left
               *[other] the { $dice } dice left
            } can add only tanks and death rays: rolling risks { $held ->
                [one] the point held
               *[other] the { $held } points held
            } for nothing (the tanks end the turn ahead { $risk }% of the time, taking about { $lost } points on average).
           *[other] Stop: rolling again ends the turn with the tanks ahead { $risk }% of the time{ $held ->
                [0] {""}
                [one] , losing the point held
               *[other] , losing the { $held } points held
            }: about { $lost } points on average, more than the { $gain } points { $dice ->
                [one] the die left
               *[other] the { $dice } dice left
            } would add.
        }
    }
# An option of a decision in the situation's words (after a chance, "34% stopping").
coach-best-option = { $best ->
        [stop] stopping
        [roll] rolling again
       *[take] taking the { $best_face ->
            [death-ray] death rays
            [human] humans
            [cow] cows
           *[chicken] chickens
        }
    }
coach-other-option = { $other ->
        [stop] stopping
        [roll] rolling again
       *[take] taking the { $other_face ->
            [death-ray] death rays
            [human] humans
            [cow] cows
           *[chicken] chickens
        }
    }
coach-why-situation = { $case ->
        [final-turn] This is the final round: with { $banked } banked, you need { $needed ->
            [one] 1 point
           *[other] { $needed } points
        } this turn to pass the leader's { $leader }{ $held ->
            [0] {""}
           *[other] {" "}({ $held } held so far)
        }{ $after ->
            [0] , and nobody plays after you.
            [one] , and one more player plays after you.
           *[other] , and { $after } more players play after you.
        }
        [reach-target] Stopping takes you to { $total }, reaching the target of { $target }: { $after ->
            [0] the game ends with your turn.
            [one] the round ends, but the player after you still has a last turn to pass you.
           *[other] the round ends, but { $after } opponents still have a last turn to pass you.
        }
        [race] { $opponents ->
            [one] At { $banked } against your opponent's { $leader }
           *[other] At { $banked } against the leader's { $leader }
        }{ $standing ->
            [ahead] {" "}(you lead by { $margin })
            [behind] {" "}(you trail by { $margin })
           *[level] {""}
        }, { $held ->
            [0] you are
            [one] the point you hold leaves you
           *[other] the { $held } points you hold leave you
        }{ $needed ->
            [one] {" "}1 point short of { $target }
           *[other] {" "}{ $needed } points short of { $target }
        }: { $lean ->
            [sure] { $near ->
                [yes] more than { $needed } adds little, so a sure score beats a gamble
               *[no] { $standing ->
                    [ahead] with the lead, a sure score beats a gamble
                   *[other] a sure score beats a gamble with the same average
                }
            }
           *[bold] { $standing ->
                [behind] a small score will not catch up, so the big scores { coach-best-option } can bring count for more than their average
               *[other] the big scores { coach-best-option } can bring count for more than their average
            }
        }{ $points ->
            [agree] {"."}
           *[disagree] , though points alone favour { coach-other-option }.
        }
       *[solo] Alone, what counts is reaching { $target } in as few turns as possible{ $points ->
            [agree] {"."}
           *[disagree] : for the points alone you would do better { coach-other-option }.
        }
    } { $measure ->
        [turns] Turns to reach { $target } on average: { $value } { coach-best-option }, against { $other_value } { coach-other-option }.
       *[win] Your chance to win: { $value }% { coach-best-option }, against { $other_value }% { coach-other-option }.
    }

## A strategy card at a decision (`--card` of advise, train and review; crates/review/src/card.rs):
## what the card would do, the line that says so, and its cost against the best. $line: the
## line's number (0: no line applies, the card's default play); $text: the line, quoted;
## $action: take, stop, roll; $face: death-ray, human, cow, chicken; $right: yes, no; $loss: a
## loss with its unit ("2.80pp of chance to win"); $best: a card-action text.
card-action = { $action ->
        [stop] stop
        [roll] roll again
       *[take] take the { $face ->
            [death-ray] death rays
            [human] humans
            [cow] cows
           *[chicken] chickens
        }
    }
card-move = { $line ->
        [0] No line of the card applies: its default play is to { $doing }.
       *[other] The card's line { $line } says to { $doing }: “{ $text }”
    }
card-verdict = { $right ->
        [yes] The card is right here: that is the best.
       *[no] Following the card here costs { $loss }: the best is to { $best }.
    }

## Terminal game: `martian-dice play` full screen and `martian-dice replay FILE` on a terminal
## (crates/tui/src/messages.rs). Panel titles get their padding from the code. $name: a player's
## name; $names: a list of names; $dice: a dice-count; $points: a `points` text; keys ($key,
## $coach, $quit…) are tui-key letters, shown in brackets; decimals come formatted ($percent…).
tui-title = MARTIAN DICE
tui-card-move = { $line ->
        [0] No line of the card applies: its default play is to { $doing }.
       *[other] Card line { $line }: “{ $text }”
    }
tui-card-verdict = { $right ->
        [yes] The card is right here.
       *[no] Following it costs { $loss }: the best is to { $best }.
    }
tui-replay-title = MARTIAN DICE · replay
# The keys. $action: death-ray, human, cow, chicken (take that face), stop, roll, coach, fast
# (bots fast-forward), save, new (new game), view (results or table), review (the game's review),
# quit, yes, card (the coach's next strategy card). The first letter is shown, every letter
# works: the take keys are the letters on the dice (death rays also d, as before). Within one
# screen no two actions may share a key, in this language or together with the English keys
# (which always work; a test checks).
tui-key = { $action ->
    [death-ray] rd
    [human] h
    [cow] c
    [chicken] k
    [stop] s
    [roll] r
    [coach] a
    [fast] f
    [save] w
    [new] n
    [view] t
    [review] v
    [quit] q
    [card] e
   *[yes] y
}
tui-seed = seed { $seed }
# $you: yes when the player is the person at the screen (player-you), else no.
tui-turn-of = { $you ->
        [yes] Your turn
       *[no] { $name } to play
    }
tui-turn-over-of = { $you ->
        [yes] Your turn is over
       *[no] { $name }: turn over
    }
tui-panel-scores = Scores
tui-panel-log = Log
# The log scrolled back: $below lines come after the last one shown.
tui-panel-log-scrolled = Log ↓ { $below } more
tui-panel-coach = Coach
tui-panel-choices = Choices
tui-panel-roll-off = Roll-off: most death rays wins
tui-panel-help = Help
tui-panel-setup = New game
tui-panel-save = Save the game record
tui-panel-quit = Quit
tui-round = Round { $round }
tui-final-round = final round
tui-rules-line = { $dice } · target { $target }
tui-head-player = Player
tui-head-total = Total
tui-head-last = Last
tui-trigger-legend = ★ reached the target first
# The marks once the game is over (28 columns at most).
tui-winner-legend = ♦ winner · ★ first to { $target }
tui-rolled = Rolled { $dice }
tui-rolled-with-tanks = Rolled { $dice }: { $tanks ->
        [one] { $tanks } tank forced aside
       *[other] { $tanks } tanks forced aside
    }
# $taken: a face-count.
tui-rolled-and-took = Rolled { $dice }, took { $taken }
tui-to-roll = { $dice } to roll
tui-nothing-rolled = No dice rolled yet this turn.
tui-set-aside = Set aside
tui-no-earthlings = no earthlings yet
# The tanks against the rays: safe when no roll of the dice left can give the tanks the lead, at
# risk while the rays hold but the tanks could still pass them.
tui-meter-tanks = Tanks
tui-meter-rays = Rays
tui-meter-safe = safe
tui-meter-danger = tanks lead!
tui-meter-hold = at risk
# What is set aside scores: so far while a roll awaits a choice (stopping is not open), if stopping
# now after a take. $phase: choosing, deciding; $reason: busted, bonus, plain.
tui-stop-now = { $phase ->
        [choosing] { $reason ->
            [busted] Score so far: { $score } (tanks outnumber rays)
            [bonus] Score so far: { $score } (bonus +3 included)
           *[plain] Score so far: { $score }
        }
       *[deciding] { $reason ->
            [busted] Score if stopping now: { $score } (tanks outnumber rays)
            [bonus] Score if stopping now: { $score } (bonus +3 included)
           *[plain] Score if stopping now: { $score }
        }
    }
# $end: stop, no-dice, no-choice.
tui-turn-result = { $end ->
        [stop] Stopped
        [no-dice] No dice left
       *[no-choice] Nothing could be taken
    }: { $points }
tui-busted-result = BUSTED! Tanks outnumber rays: { $points }
tui-bonus-banner = BONUS +3
# A face that cannot be taken from this roll because it was taken earlier this turn.
tui-taken-already = { $face ->
    [tank] tanks taken
    [death-ray] death rays taken
    [human] humans taken
    [cow] cows taken
   *[chicken] chickens taken
}
# A face that was not rolled.
tui-none-rolled = { $face ->
    [tank] no tanks
    [death-ray] no death rays
    [human] no humans
    [cow] no cows
   *[chicken] no chickens
}
tui-stop-label = stop, bank { $score }
tui-roll-label = roll { $dice }
tui-your-roll = { $name }: press [{ $key }] to roll { $dice }
tui-bot-thinking = { $name } is playing… [space] next step, [{ $fast }] fast-forward
tui-roll-off-your-roll = { $name }: press [{ $key }] to roll { $dice } in the roll-off
tui-hint-game = [{ $coach }] coach  [?] help & faces  [↑↓] log  [{ $quit }] quit
# The exact tables a game reads (its bots that play perfectly, the coach), worked out once for
# its rules, then kept on disk. $stage: duel, trio, quad; $cached: yes (read from the disk
# cache), no (computed); $percent: how far along, in whole percent, or none before the first
# report.
tui-tables = { $cached ->
        [yes] Reading the { $stage ->
            [duel] two-player
            [quad] four-player
           *[trio] three-player
        } tables from the cache…
       *[no] Computing the { $stage ->
            [duel] two-player
            [quad] four-player
           *[trio] three-player
        } tables, once for these rules … { $percent ->
            [none] starting
           *[other] { $percent }%
        }
    }
# Under it, while a bot waits for them.
tui-tables-bot = { $name } plays by these tables: it moves as soon as they are ready.
# The keys of the game's end, each after its key. $action: save, new, results (show the end
# screen), table (show the table), review, quit.
tui-end-key = { $action ->
        [save] save record
        [new] new game
        [results] results
        [table] table
        [review] review
       *[quit] quit
    }
tui-hint-replay = [←/→] step  [PgUp/PgDn] turn  [Home/End]  [{ $coach }] coach  [{ $review }] review  [{ $quit }] quit
tui-take-all-of-one = Take every die of one kind. Tanks are set aside by force. [{ $coach }] coach  [?] help
tui-stop-or-roll-hint = Stopping banks the score; rolling again risks more tanks. [{ $coach }] coach  [?] help
tui-log-turn-head = — { $name }, round { $round } —
# $letters: the roll in the reader's letters.
tui-log-rolled = rolled { $letters }
tui-log-rolled-with-tanks = rolled { $letters }: { $tanks ->
        [one] { $tanks } tank forced aside
       *[other] { $tanks } tanks forced aside
    }
# $action: take, stop, roll; $faces: a face-count (empty unless take).
tui-log-action = { $action ->
        [take] took { $faces }
        [stop] stopped
       *[roll] rolled again
    }
# $end: stop, no-dice, no-choice; $result: busted, scored.
tui-log-result = { $end ->
        [stop] stopped
        [no-dice] no dice left
       *[no-choice] nothing to take
    }{ $result ->
        [busted] , busted: { $points }
       *[scored] : { $points }
    }
# $rays: how many death rays.
tui-log-roll-off = roll-off: { $name } rolled { $letters }, { $rays ->
        [one] { $rays } death ray
       *[other] { $rays } death rays
    }
tui-log-roll-off-tied = still tied: roll again
tui-roll-off-between = Tied for the most points: { $names }
tui-roll-off-round = Roll-off round { $round }
tui-wins = { $you ->
        [yes] You win!
       *[no] Winner: { $name }!
    }
tui-share-victory = Shared victory: { $names }
tui-won-roll-off = { $name } won the roll-off.
tui-panel-game-over = Game over
tui-end-round = Round
tui-end-total = Total
# $triggered: yes, no (whether someone reached the target, which ends the game).
tui-end-legend = ♦ winner{ $triggered ->
        [yes] {"  "}★ reached { $target } first
       *[no] {""}
    }  ▁▃▆█ the total after each round
# $points: a `points` text; $bonus: yes, no.
tui-end-biggest = Biggest turn: { $name }, { $points } in round { $round }{ $bonus ->
        [yes] , with the bonus
       *[no] {""}
    }.
tui-end-no-score = No turn scored a point.
# $end: complete-round, immediate.
tui-end-trigger = ★ { $name } reached { $target } in round { $round }: { $end ->
        [immediate] the game ended there.
       *[complete-round] that round was the last.
    }
# $list: each roller's name and death rays, "Ana 4, Bob 2".
tui-end-roll-off-round = Roll-off round { $round }: { $list } death rays.
# The end screen leads to the review: each person's accuracy and biggest mistake, and the key.
# $key: the review key; $decision: a tui-review-decision.
tui-end-review-working = Reviewing the decisions… [{ $key }] opens the review.
tui-end-biggest-mistake = Biggest mistake: { $decision }
tui-end-no-mistake = No inaccuracy, mistake or blunder: every decision was the best or close to it.
tui-end-review-key = [{ $key }] the whole review: every decision, its value and why.
tui-saved = Record saved to { $path }
tui-save-failed = Could not save: { $error }
tui-save-as = Save record as:
tui-save-hint = [enter] save  [esc] cancel
tui-confirm-quit = Quit this game? [{ $yes }] yes  [any other key] no
tui-coach-off = Press [{ $coach }] for the value of each option.
tui-coach-wait = Coach: waiting for a decision of yours.
# In a replay (nobody is "you"): the player to move rolls first, or the decision is theirs.
tui-coach-wait-for = Coach: { $name } is to roll; the coach weighs decisions.
tui-coach-whose = { $name }'s decision
tui-coach-unavailable = The coach needs the solver, which is not built in yet.
tui-coach-no-values = No values for this position.
tui-coach-working = Your chance to win is being worked out: it comes with your next decision.
tui-coach-win = chance to win
tui-coach-turn = expected turn score
tui-coach-turns = expected turns to reach { $target }
# An option in the coach's list (28 columns with its value). $action: take, stop, roll; $face:
# the face taken (any face otherwise).
tui-coach-option = { $action ->
        [take] { $face ->
            [tank] tanks
            [death-ray] death rays
            [human] humans
            [cow] cows
           *[chicken] chickens
        }
        [stop] stop
       *[roll] roll again
    }
tui-coach-best = best
# What a decision cost, in two lines of 28 columns. $action: a tui-coach-option.
tui-coach-last = Last: { $action }
tui-coach-played = ▸ played: { $action }
# What a decision cost, under its head (28 columns). $cost: a measure-change text (a loss).
tui-review-cost = { $cost }
tui-review-best = the best
# The coach's reason under the keys. $reason: a coach-why-* text.
tui-coach-why = Why: { $reason }
# The coach's strategy card ([e] goes through them; under the keys the card-move and
# card-verdict texts say what it does). The tag of the option the card plays, beside the values
# (as short as tui-coach-best).
tui-coach-card-tag = card
# Which card the coach quotes, in the status line after the key. $card: none, shipped (the best
# card of $lines lines), file ($file: the card's file name); $key: its tui-key.
tui-coach-card = { $card ->
        [none] The coach quotes no card now. [{ $key }] the next card
        [shipped] The coach quotes the best { $lines }-line card. [{ $key }] the next card
       *[file] The coach quotes your card { $file }. [{ $key }] the next card
    }
# The coach panel's title while it quotes a card (28 columns). $card, $lines, $file: as above.
tui-panel-coach-card = { $card ->
        [shipped] Coach · { $lines }-line card
       *[file] Coach · { $file }
    }
tui-setup-language = Language
tui-setup-players = Players
tui-setup-seat = Seat { $seat }
tui-setup-human = human: { $name }
tui-setup-bot = bot: { $name }
tui-setup-order = Order
# $order: as-listed, random-first, shuffle.
tui-order = { $order ->
        [random-first] random first player
        [shuffle] shuffle all seats
       *[as-listed] as listed
    }
tui-setup-dice = Dice
tui-setup-target = Target
tui-setup-bonus = Bonus
tui-setup-end = End
tui-setup-tie = Tie
tui-setup-seed = Seed
tui-setup-seed-random = random (type digits to fix)
tui-setup-coach = Coach
# $mode: on-demand, always.
tui-coach-mode = { $mode ->
        [always] every decision
       *[on-demand] on demand [{ $coach }]
    }
tui-setup-pace = Bot pace
tui-setup-start = Start the game
tui-setup-hints = [↑↓←→] choose, or type  [<>] move seat  [enter] start  [?] help  [esc] quit
# $bonus: one-of-each, any-earthling.
tui-bonus-rule = { $bonus ->
        [any-earthling] +3 for any earthling
       *[one-of-each] +3 for one human, cow and chicken
    }
# $end: complete-round, immediate.
tui-end-rule = { $end ->
        [immediate] the game ends at once
       *[complete-round] the round is completed
    }
# $tie: roll-off, shared.
tui-tie-rule = { $tie ->
        [shared] shared victory
       *[roll-off] death-ray roll-off
    }
# $pace: instant, timed; $seconds: a decimal as text.
tui-pace = { $pace ->
        [instant] instant
       *[timed] { $seconds } s a step
    }
tui-default-player = Player { $number }
# A bot at the table, named after its kind. $bot: the bot's name as the command line takes it;
# $name: that name capitalised, for any other bot.
tui-bot-player = { $bot ->
       *[other] { $name }
    }
# What a bot does, under the setup form. $summary: the bot's own description in English.
tui-bot-about = { $bot ->
       *[other] { $name }: { $summary }
    }
tui-bot-failed = { $name } could not play: { $error }
tui-illegal = Not now: { $reason }
tui-not-your-turn = Not your turn: [space] next step, [{ $fast }] fast-forward
tui-stopped-by-signal = the game was stopped by a signal
tui-terminal-gone = the terminal went away: the game stopped
tui-too-small = Make the terminal at least { $width }×{ $height }
tui-choose-first = take one kind of dice first
tui-stop-or-roll = stop [{ $stop }] or roll again [{ $roll }]
tui-not-now = it is not your move
tui-replay-position = Step { $step } of { $steps } · turn { $turn } of { $turns }
tui-replay-next = Next: { $name }
tui-help =
    Each turn: roll, tanks are set aside by force, then take
    ALL dice of one kind: [{ $ray }] death rays, [{ $human }] humans, [{ $cow }] cows,
    { "[" }{ $chicken }] chickens. Each earthling kind once a turn; rays any time.
    Then [{ $stop }] stop and bank, or [{ $roll }] roll the dice left.
    If tanks outnumber death rays, the turn scores 0.
    1 point per earthling; +3 for a human, a cow and a chicken.
    First to the target ends the game after the round.
    { "" }
    { "[" }{ $coach }] coach: each option's value and why  [space] next bot step
    { "[" }{ $fast }] fast-forward  [↑↓ PgUp PgDn] log  [{ $quit }] quit  any key closes
    { "[" }{ $card }] the coach quotes a strategy card: 1, 3, 5 lines, yours, none
# The faces' legend, at the foot of the help: the head before the letters and names.
tui-faces-legend = Faces:
tui-setup-help =
    { "[" }↑↓] choose a field, [←→] change its value.
    A seat is a person or a bot: [←→] on it goes through them.
    Type a person's name on a seat, or digits for a number: the
    first key replaces what the field held; backspace erases.
    { "[" }<] [>] move the selected seat up or down the table.
    Mode: a game, or the trainer (positions to answer, scored).
    { "[" }enter] starts the game, [esc] quits.


## The game review and the trainer in the terminal (crates/tui/src/messages/review.rs): the
## review screen (the end's [v] key, the replay's), the marks of the replay, the trainer mode.
## $name: a player's name; losses and values come formatted ($loss: a measure-change text, a
## loss: "−3.1% chance to win", "+0.13 turns").
tui-review-title = MARTIAN DICE · review
# The chart's panel. $measure: win-probability, expected-turns; $approximate: yes, no.
tui-review-chart = { $measure ->
        [expected-turns] Expected length of the game, in turns, after each turn
       *[win-probability] Chance to win after each turn
    }{ $approximate ->
        [yes] {" "}(≈ approximate)
       *[no] {""}
    }
# The chart's horizontal axis: turns played (the roll-off, if any, is the last point).
tui-review-x = turns
tui-review-roll-off-x = roll-off
# The list's panel; scrolled: $from, $to, $count: the lines shown, of how many.
tui-review-list = Decisions, the biggest mistakes first
tui-review-list-scrolled = Decisions · lines { $from }–{ $to } of { $count }
tui-review-working = Working out the value of every decision… The first time under these rules the solver needs a moment: under a second for two players, a few seconds for three or five and more, a minute or two for four.
tui-review-lost = The review could not be worked out: the solver failed.
# $error: why the record cannot even set up a game (an engine error).
tui-review-failed = The game cannot be reviewed: { $error }
# $valuation: trio-reduction, duel-reduction.
tui-review-approximate = { $valuation ->
        [trio-reduction] ≈ With five players or more (or four beyond the four-player game's limit) the values are an approximation: each player's chance in the exact three-player game of that player and its two strongest opponents, as the optimal bot plays (so the chances need not add up to 100%).
       *[duel-reduction] ≈ The values are an approximation: each player's chance in the exact duel of that player and its strongest opponent, as the optimal bot plays (so the chances need not add up to 100%).
    }
tui-review-unfinished = The record ends before the end of the game: it is reviewed as far as it goes.
# $turn: the turn number, or 0 when the review stops outside a turn; $kind: record, position,
# not-covered, no-decision; $detail: the reason, in English from the solver or the engine.
tui-review-stopped = { $turn ->
        [0] The review stops after the turns: { $kind ->
            [record] the record breaks the rules there ({ $detail }).
            [position] the solver cannot value the position ({ $detail }).
            [not-covered] no solution covers the position.
           *[no-decision] the turn awaited no decision there.
        }
       *[other] The review stops at turn { $turn }: { $kind ->
            [record] the record breaks the rules there ({ $detail }).
            [position] the solver cannot value the position ({ $detail }).
            [not-covered] no solution covers the position.
           *[no-decision] the turn awaited no decision there.
        }
    }
# One seat's summary. $accuracy: a percentage, formatted; counts are numbers; $luck, $skill:
# signed measure-change texts.
tui-review-seat = { $name }: accuracy { $accuracy } over { $decisions ->
        [one] { $decisions } decision
       *[other] { $decisions } decisions
    } ({ $best } best, { $inaccuracies ->
        [one] { $inaccuracies } inaccuracy
       *[other] { $inaccuracies } inaccuracies
    }, { $mistakes ->
        [one] { $mistakes } mistake
       *[other] { $mistakes } mistakes
    }, { $blunders ->
        [one] { $blunders } blunder
       *[other] { $blunders } blunders
    }); luck { $luck }, skill { $skill }.
tui-review-seat-none = { $name }: no decision with a choice.
tui-review-mistakes = The biggest mistakes
# $least: the smallest loss of an inaccuracy (a measure-change text without a sign).
tui-review-no-mistakes = No inaccuracy, mistake or blunder: every choice was the best or within { $least } of it.
tui-review-all = Every decision, in order
# One decision. $position: the turn up to it, in the reader's letters; $verdict: a
# tui-review-verdict.
tui-review-decision = Turn { $turn } (round { $round }), { $name }, { $position }: { $verdict }
# $action: a tui-review-action; $class: forced, best, inaccuracy, mistake, blunder; $best: a
# tui-review-best-action.
tui-review-verdict = { $class ->
        [forced] { $action } (the only choice)
        [best] { $action }: best
        [inaccuracy] { $action }: inaccuracy ({ $loss }); best: { $best }
        [mistake] { $action }: mistake ({ $loss }); best: { $best }
       *[blunder] { $action }: blunder ({ $loss }); best: { $best }
    }
# $action: take, stop, roll; $face: death-ray, human, cow, chicken (for take).
tui-review-action = { $action ->
        [stop] stopped
        [roll] rolled again
       *[take] { $face ->
            [death-ray] took the death rays
            [human] took the humans
            [cow] took the cows
           *[chicken] took the chickens
        }
    }
tui-review-best-action = { $action ->
        [stop] stop
        [roll] roll again
       *[take] { $face ->
            [death-ray] take the death rays
            [human] take the humans
            [cow] take the cows
           *[chicken] take the chickens
        }
    }
# A decision's mark in the replay's log. $class as in tui-review-verdict; $loss: the loss in
# short, with its sign ("−3.1%" of the chance to win, "+0.13" turns).
tui-review-mark = { $class ->
        [forced] only choice
        [best] best
        [inaccuracy] inaccuracy { $loss }
        [mistake] mistake { $loss }
       *[blunder] blunder { $loss }
    }
tui-hint-review = [↑↓ PgUp/PgDn] scroll  [Home/End]  [esc] back  [{ $quit }] quit
# The replay's choices panel: the decision played from the position shown. $verdict: a
# tui-review-verdict.
tui-replay-verdict = Played here: { $name } { $verdict }
tui-replay-reviewing = Review: working out the value of every decision…
tui-setup-mode = Mode
# $mode: game, trainer.
tui-mode = { $mode ->
        [trainer] trainer
       *[game] game
    }
tui-setup-theme = Positions
# $theme: any, tanks-close-to-rays, final-round, bonus-hunting.
tui-train-theme = { $theme ->
        [any] any kind
        [tanks-close-to-rays] tanks close to the rays
        [final-round] the final round
       *[bonus-hunting] hunting the bonus
    }
tui-setup-start-trainer = Start training
tui-setup-hints-trainer = [↑↓←→] choose, or type digits  [enter] start  [?] help  [esc] quit
# Under the form, on the mode row. $mode: game, trainer.
tui-mode-about = { $mode ->
        [trainer] Trainer: positions from games of 1 to 4 players (the Players row) played perfectly, where one option is clearly best, chosen for what they teach; the kinds you get wrong come back. The rules below apply.
       *[game] A game at this screen, against bots or friends; [←→] here switches to the trainer.
    }
tui-trainer-players = The trainer's positions come from games of 1 to 4 players: set Players to 1, 2, 3 or 4.
tui-trainer-theme-never = No position of this kind occurs in { $players ->
        [one] solo games
       *[other] games of { $players } players
    } under these rules.
tui-trainer-title = MARTIAN DICE · trainer
tui-trainer-working = Finding a position… The first time under these rules the solver needs a moment: about a second for two players, up to a minute for three.
tui-trainer-none = No further position of this kind was found under these rules.
# $error: the solver's reason, in English.
tui-trainer-failed = The trainer cannot start: { $error }
tui-panel-position = Position { $number } · round { $round }
tui-panel-values = Values
tui-panel-trainer = Trainer
tui-trainer-final-round = Final round: a player has reached the target.
tui-trainer-ask = Your choice, with the game's keys: one option is clearly best here.
# $action, $best: train-doing texts.
tui-trainer-right = Right: { $action } is the best.
# $class: inaccuracy, mistake, blunder.
tui-trainer-wrong = Not the best: { $action } is { $class ->
        [inaccuracy] an inaccuracy
        [mistake] a mistake
       *[blunder] a blunder
    } ({ $loss }); the best is { $best }.
# $thumb: most-dice, stop-at-six; $action: a tui-review-best-action; $right: yes, no.
tui-trainer-thumb = { $thumb ->
        [most-dice] The rule of thumb "take the most dice" would { $action }
       *[stop-at-six] The rule of thumb "stop at 6 points or more" would { $action }
    }: { $right ->
        [yes] right here.
       *[no] wrong here.
    }
# The dice of a training position: rolled (a type to choose), or left to roll (stop or roll).
tui-trainer-rolled = { $count ->
        [one] 1 die rolled.
       *[other] { $count } dice rolled.
    }
tui-trainer-left = { $count ->
        [one] 1 die left to roll.
       *[other] { $count } dice left to roll.
    }
# The running score, on the lower border of the trainer's panel (at most 46 columns): the best
# answers out of those given, and what the others cost in all ("7.4pp of chance to win"); $lost: no
# when every answer was the best.
tui-trainer-score = Score: { $best } of { $answered } best · { $lost ->
        [no] nothing lost
       *[yes] { $loss }
    }
tui-trainer-you-chose = ▸ your answer
tui-hint-trainer = [space] next position
tui-hint-trainer-keys = [?] help & faces  [esc] setup  [{ $quit }] quit

## Web page: `martian-dice serve` (crates/server/assets/app.js, i18n.js; formatted in the browser
## by assets/fluent.js). $name: a player's name; $bot: a bot's name as the command line takes it;
## counts and scores are numbers; $percent comes formatted. Selector values are the protocol's
## own words (error codes, quick messages, rule values).
web-title = Martian Dice
web-tagline = Abduct earthlings, beware of the tanks.
web-language = Language
web-your-name = Your name
web-create-room = Create a room
web-join = Join
web-watching = You are watching this room.
web-invite = Invite link — send it to your friends:
web-room-code-tell = Friends type this code on the home page, or scan the picture.
web-qr-alt = QR code of the invite link
web-room-options = Room options
web-option-public = List this room publicly: anyone may join it from the home page
web-option-spectator-chat = Spectators may write in the chat
web-option-lang = Room language (shown in the list of public rooms)
# $public, $chat: yes, no.
web-options-changed = The host changed the room's options: { $public ->
        [yes] public
       *[no] private
    }, { $chat ->
        [yes] spectators may write in the chat.
       *[no] only the players write in the chat.
    }
# What the host changed, read to the others. $rules: a web-rules-summary; $timer: a web-timer-value or web-timer-off.
web-rules-changed = The host changed the rules: { $rules }. Turn timer: { $timer }.
web-leave = Leave
web-leave-stay = Stay
# The question before leaving for good. $when: lobby, game, over, line.
web-leave-ask = { $when ->
        [game] Leave the game? A bot plays your seat for the rest of it.
        [line] Give up your place for the next game?
       *[other] Leave this room? Your seat is given up.
    }
# $game: yes when a game is under way or over (a bot plays the seat), no in the lobby.
web-left-seat = { $game ->
        [yes] { $name } left: a bot plays their seat.
       *[no] { $name } left the room.
    }
web-stale-title = Your seat is played elsewhere
web-stale-continue = Play here instead
web-copy = Copy
web-copied = Copied!
web-players = Players
web-score = Score
web-tag-host = host
web-tag-you = you
# A bot seated under its own name, and a seat played by a bot under another name.
web-tag-is-bot = bot
web-tag-bot = bot: { web-bot-name }
web-tag-left = left
web-tag-stand-in = stand-in plays
web-add-bot = Add a bot
web-add = Add
web-remove = Remove
web-hand-to-bot = Hand seat to a bot
# $bot: the bot's name as the command line takes it; any other bot shows that name.
web-bot-name = { $bot ->
        [card-1] Card, 1 line
        [card-3] Card, 3 lines
        [card-5] Card, 5 lines
       *[other] { $bot }
    }
# The second bot of a kind and so on: "hard 2".
web-bot-numbered = { web-bot-name } { $number }
# What a bot does. $summary: the server's own description in English, for any other bot.
web-bot-summary = { $bot ->
        [random] takes a random legal type; stops half the time
        [aggressive] takes the biggest safe earthling group, never stops by choice
        [defensive] secures death rays and stops early
        [greedy] maximises the expected score of each turn (exact)
        [optimal] maximises the probability of winning the game (exact for up to 3 players)
        [easy] a beginner: often picks a slightly worse option, sometimes a bad one
        [medium] a fair player: small mistakes now and then
        [hard] a strong player: rare, small mistakes
        [card-1] follows the best strategy card of 1 line
        [card-3] follows the best strategy card of 3 lines
        [card-5] follows the best strategy card of 5 lines
       *[other] { $summary }
    }
web-rules = Rules
web-dice = Dice
web-target = Target score
web-bonus = Bonus
# $bonus: one-of-each, any-earthling.
web-bonus-choice = { $bonus ->
        [any-earthling] any earthling
       *[one-of-each] one human, cow and chicken (official)
    }
web-end = End
# $end: complete-round, immediate.
web-end-choice = { $end ->
        [immediate] end at once
       *[complete-round] complete the round (official)
    }
web-tie = Tie
# $tie: roll-off, shared.
web-tie-choice = { $tie ->
        [shared] shared victory
       *[roll-off] death-ray roll-off (official)
    }
web-rules-summary = { web-dice }: { $dice } · { web-target }: { $target } · { web-bonus-choice } · { web-end-choice } · { web-tie-choice }
web-apply-rules = Apply rules
web-timer = Turn timer
web-timer-seconds = seconds (0 = off)
web-timer-auto = seconds (automatic: off while one person plays with bots, 60 with two people or more)
web-on-timeout = When time runs out
# $on: bot, stop.
web-on-timeout-choice = { $on ->
        [stop] the turn is stopped
       *[bot] a bot plays the turn
    }
web-apply-timer = Apply timer
web-start = Start the game
web-waiting-for-host = Waiting for the host to start…
web-round = Round { $round }
web-turn-of = { $name }'s turn
web-your-turn = Your turn!
web-roll = Roll the dice
web-roll-again = Roll again
web-roll-off-roll = Roll for the roll-off
web-stop = Stop and score { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
# Take every die of one face: "Take 3 chickens". $face and $count as in face-count.
web-take = Take { face-count }
web-rolled = Rolled
web-aside = Set aside
web-nothing-yet = nothing yet
web-tanks-vs-rays = Tanks { $tanks } vs { $rays ->
        [one] { $rays } death ray
       *[other] { $rays } death rays
    }
web-tanks-lead = The tanks lead: this turn scores 0 unless more rays are taken.
web-rays-hold = The rays hold the tanks.
web-turn-score = This turn: { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
web-dice-left = { $count ->
        [one] { $count } die left
       *[other] { $count } dice left
    }
# $you: yes when $name is the reader, who is spoken to.
web-last-round = { $you ->
        [yes] You reached { $target }: this is the last round!
       *[no] { $name } reached { $target }: this is the last round!
    }
web-triggered-end = { $name } reached { $target } first, which made it the last round.
web-roll-off = Roll-off
web-roll-off-intro = Tied for the lead: each rolls 6 dice, most death rays wins.
web-roll-off-round = Round { $round }
web-rays-count = { $count ->
        [one] { $count } ray
       *[other] { $count } rays
    }
web-game-over = Game over
web-winner = { $name } wins!
web-winners = Shared victory: { $names }
web-rematch = Rematch
# A rematch moves the first player on by one. $you: yes when $name is the reader.
web-rematch-first = { $you ->
        [yes] In the rematch you play first.
       *[no] In the rematch { $name } plays first.
    }
web-seats-rotated = { $you ->
        [yes] Rematch: you play first.
       *[no] Rematch: { $name } plays first.
    }
web-seats-drawn = { $you ->
        [yes] Rated game: the seats were drawn at random, and you play first.
       *[no] Rated game: the seats were drawn at random; { $name } plays first.
    }
web-waiting-rematch = The host can start a rematch.
web-download = Download record
web-replay = Replay
web-finished-games = Finished games
web-game-number = Game { $number }
web-log = Turns
# Why a turn ended, in short. $end: stop, no-dice, no-choice.
web-turn-end = { $end ->
        [stop] stopped
        [no-dice] no dice left
       *[no-choice] nothing to take
    }
web-scored = { $name } scored { $points ->
        [one] { $points } point
       *[other] { $points } points
    } ({ web-turn-end })
web-time-left = { $seconds } s
# $you: yes when $name is the reader; $on: bot, stop (what happens then).
web-timed-out = { $you ->
        [yes] { $on ->
            [stop] You ran out of time: your turn was stopped.
           *[bot] You ran out of time: a bot plays the rest of your turn (move to take it back).
        }
       *[no] { $on ->
            [stop] { $name } ran out of time: their turn was stopped.
           *[bot] { $name } ran out of time: a bot plays the rest of their turn.
        }
    }
web-handed-to-bot = { $you ->
        [yes] Your seat is now played by { web-bot-name } until you play again.
       *[no] { $name }'s seat is now played by { web-bot-name }
    }
# A seat's bot cannot play by the solver's exact solutions in this game and plays greedy instead.
# $name: the seat; $bot: the bot; $max: the highest target solved for these dice, or 0 when the
# solve failed.
web-plays-greedy = { $max ->
        [0] { $name } ({ web-bot-name }) plays greedy instead: the solver failed for these rules
       *[other] { $name } ({ web-bot-name }) plays greedy instead: exact play is solved for targets up to { $max }
    }
# A preset message between players. $message: the protocol's name for it.
web-quick-message = { $message ->
        [hello] Hello!
        [good_luck] Good luck!
        [nice_roll] Nice roll!
        [oops] Oops!
        [well_played] Well played!
        [thinking] Thinking…
        [be_right_back] Be right back
        [rematch] Rematch?
        [thanks] Thanks!
        [wow] Wow!
        [so_close] So close!
        [your_turn] Your turn!
        [bye] Bye!
       *[other] …
    }
# The room's chat (js/chat.js). $limit: characters at most; $seconds: when to write again.
web-chat = Chat
web-chat-empty = No message yet: say hello!
web-chat-hide = Hide chat
web-chat-show = Show chat
# The hidden chat's switch when lines arrived while it was hidden (the number shows beside it).
# $unread: the lines arrived.
web-chat-show-unread = { $unread ->
        [one] Show chat, 1 new message
       *[other] Show chat, { $unread } new messages
    }
web-chat-message = Message
web-chat-send = Send
web-chat-phrases = Quick phrases
web-chat-placeholder = Type a message…
web-chat-plain = Plain text, up to { $limit } characters; everyone in the room reads it.
web-chat-muted-you = The host has muted you: you cannot write in the chat.
web-chat-players-only = Only the players write here.
web-chat-need-name = To write here, enter your name on the home page first.
web-chat-spectator = watching
web-chat-slow = Slow down: you can write again in { $seconds } s.
web-chat-too-long = Too long: a message has at most { $limit } characters.
# The host's switch of a seat's chat. $muted: yes while the seat is muted (it says Unmute).
web-mute = { $muted ->
        [yes] Unmute
       *[no] Mute
    }
web-mute-named = { $muted ->
        [yes] Unmute { $name } in the chat
       *[no] Mute { $name } in the chat
    }
web-tag-muted = muted
# $muted: yes when muted, no when allowed to write again.
web-muted = { $muted ->
        [yes] The host muted { $name } in the chat.
       *[no] { $name } can write in the chat again.
    }
web-muted-you = { $muted ->
        [yes] The host muted you in the chat.
       *[no] You can write in the chat again.
    }
web-spectators = { $count } watching
web-connecting = Connecting…
web-reconnecting = Connection lost — reconnecting…
# Why this page is no longer at its seat. $code: left, left_seat, removed, resumed_elsewhere.
web-left = { $code ->
        [left_seat] You gave up your seat and left the room.
        [removed] The host removed you from the room.
        [resumed_elsewhere] Your seat was taken up in another tab or device.
       *[left] You left the room.
    }
web-replay-title = Replay of game { $number }
web-replay-turn = Turn { $index } of { $count } — { $name }, round { $round }
web-previous = ◀ Previous
web-next = Next ▶
web-close = Close
web-coach = Coach
web-coach-hide = Hide the coach
web-win-chance = Chance to win (exact, under best play)
# The mark on the button of the best choice; $tag: best, tie (several choices equal to the best
# as far as the digits shown tell).
web-coach-tag = { $tag ->
        [tie] equal best
       *[best] best
    }
web-coach-on-buttons = Your chance to win after each choice is shown on its button.
# Why the coach is not offered in a game of one person against one bot: the target is beyond
# the solver's reach with these dice ($max: the largest target; $dice: the room's dice).
web-coach-beyond = The coach works for targets up to { $max } with { $dice } dice.
web-coach-thinking = The coach is thinking…
# The strategy card the coach quotes at the player's decisions (the card-move and card-verdict
# texts say what it does). $lines: 0 (none), 1, 3, 5.
web-coach-card = Quote a strategy card:
web-coach-card-option = { $lines ->
        [0] none
        [one] the best 1-line card
       *[other] the best { $lines }-line card
    }
# While a bot waits for the solver's tables (the protocol's `solving`). $stage: duel, trio, quad, none
# (before the solver's first report); $percent: how far along, in whole percent.
web-solving = { $stage ->
        [duel] Computing the two-player tables the bots play by, once for these rules … { $percent }%
        [trio] Computing the three-player tables the bots play by, once for these rules … { $percent }%
        [quad] Computing the four-player tables the bots play by, once for these rules (a minute or two) … { $percent }%
       *[none] Computing the tables the bots play by, once for these rules…
    }
web-home = Martian Dice: home
web-home-dice = The faces of a die: a tank, two death rays, a human, a cow and a chicken
web-home-invite = Create a room, then send its link to your friends, or add bots.
web-play-bot = Play against a bot
# Meeting people (issue 21): your picture, Quick match, a room by its code, the public rooms and
# your games on the home page.
web-you = You
web-you-win = You win!
web-name-needed = Enter your name first.
web-avatar-pick = Your picture
web-avatar-change = Change your picture
# $avatar: the protocol's avatar id (welcome.avatars, and the bots' own).
web-avatar = { $avatar ->
        [martian-green] Green martian
        [martian-purple] Purple three-eyed martian
        [martian-red] Red horned martian
        [martian-blue] Blue martian in a space helmet
        [martian-cyclops] One-eyed martian
        [martian-squid] Squid martian
        [human-farmer] Farmer
        [human-kid] Kid in a cap
        [human-scientist] Scientist
        [cow] Cow
        [chicken] Chicken
        [tank] Tank
        [bot-robot] Robot
        [bot-saucer] Robot in a flying saucer
        [bot-shield] Robot with a shield
        [bot-brain] Robot with a glass brain
       *[other] Player
    }
web-quick-match = Quick match
web-quick-match-hint = Quick match seats you with the next people who ask; if nobody comes, a bot is offered.
web-match-players = Players at the table
web-match-players-count = { $count } players
web-match-title = Looking for players ({ $players } at the table)…
web-match-waited = Waiting for { $seconds } s
web-match-queue = { $waiting ->
        [one] You are the only one waiting for this table.
       *[other] { $waiting } people are waiting for this table; you are number { $position }.
    }
web-match-bot-in = If nobody comes, a bot is offered in { $seconds } s.
web-match-bot-offer = Nobody yet: play with a bot now, or keep waiting.
web-match-bot = Play with a bot now
web-match-cancel = Cancel
web-match-found = Found! Your game starts.
web-room-code = Room code
web-room-code-hint = 5 letters and digits, from a friend's lobby.
web-room-code-needed = Enter the room code.
web-public-rooms = Public rooms
web-public-loading = Loading the public rooms…
web-public-none = No public room is waiting for players right now: try Quick match, or create a room and list it.
web-public-playing = Games to watch
web-public-room-of = { $host }'s room
# $number: the game's number in its room.
web-public-game-of = { $host }'s room, game { $number }
web-public-seats = { $taken ->
        [one] { $taken } player
       *[other] { $taken } players
    }, { $free ->
        [one] { $free } free seat
       *[other] { $free } free seats
    }
web-public-sit = Take a seat
web-public-sit-named = Take a seat in { $host }'s room
web-public-watch = Watch
web-public-watch-named = Watch { $host }'s game
# The rules in short in the list; what differs from the official rules follows.
web-rules-short = { $dice } dice, target { $target }
web-your-games = Your games
web-your-games-room = this room
# $status: lobby, playing, your-turn, over, closed.
web-your-games-status = { $status ->
        [your-turn] Your turn!
        [playing] Game under way
        [over] Game over
        [closed] Closed
       *[lobby] In the lobby
    }
web-continue = Continue
web-continue-named = Continue room { $code }
web-leave-named = Leave room { $code }
# A finished (or closed) room in Your games: removed from the list after a question.
web-your-games-remove = Remove
web-your-games-remove-named = Remove room { $code } from Your games
web-your-games-remove-ask = Remove this room from Your games?
web-your-games-keep = Keep
# What leaving or removing a room takes from Your games. $count: its finished games.
web-your-games-loses = { $count ->
        [one] Its finished game, with its record and review, can no longer be opened from this browser.
       *[other] Its { $count } finished games, with their records and reviews, can no longer be opened from this browser.
    }
# $count: the older rooms not shown yet.
web-your-games-more = Show older games ({ $count } more)
# $label: "Game 2: Ana won (25–19)".
web-download-named = Download record of { $label }
web-review-named = Review of { $label }
web-back-home = Back to the home page

## Accounts (js/account.js): a name that lasts, guest first.
web-sign-in = Sign in
web-create-account = Create account
web-sign-out = Sign out
web-your-profile = Your profile
web-account-name = Account name
web-password = Password
web-cancel = Cancel
web-account-create-note = Keep your name for good: the games this browser played become yours. At least 8 characters of password.
web-account-error = { $code ->
    [wrong_credentials] Wrong name or password.
    [name_taken] That name is taken (names are compared ignoring case and look-alike letters).
    [weak_password] A password needs at least 8 characters.
    [bad_name] That name cannot be used: letters, digits and spaces, up to 24 characters.
    [too_many_attempts] Too many attempts: try again in { $seconds } s.
    [signups_closed] This server does not take new accounts: ask its operator.
    [no_such_player] No player has that name.
    [not_online] That player is not online now.
    [not_following] Follow that player first: invites go to the players you follow.
    [no_such_room] This room cannot take invites now.
    [too_many_invites] Too many invites: try again in { $seconds } s.
    [not_signed_in] Sign in first.
    [busy] The server is busy: try again in a moment.
   *[other] The server could not do it now: try again.
}
web-recovery-codes-title = Your recovery codes
web-recovery-codes-note = Each code signs you in once if you forget your password. Write them down or save them now: they are shown only this time.
web-recovery-codes-done = I saved them
web-profile-since = Member since { $date }
web-profile-games = Games
web-profile-table = Table
web-profile-played = Played
web-profile-won = Won
web-profile-players = { $players } players
web-profile-no-games = No finished games yet.
web-profile-recent = Recent games
web-profile-game-won = Won
web-profile-game-lost = Lost
web-profile-review = Review
web-profile-met = Met most
web-profile-met-line = { $games } games, { $won } won, { $lost } lost to them
web-profile-accuracy = Accuracy
# After the mean accuracy (a percentage, shown before it): how many reviewed games it covers.
web-profile-accuracy-games = { $games ->
        [one] on average over { $games } reviewed game
       *[other] on average over { $games } reviewed games
    }
web-profile-accuracy-none = No reviewed game yet: the accuracy of the exact review shows here once a finished game is reviewed.
# The accuracy chart's name for screen readers. $low, $high: percentages, formatted.
web-profile-trend-label = { $count ->
        [one] Accuracy of the last reviewed game: { $low }
       *[other] Accuracy of the last { $count } reviewed games, the oldest first: from { $low } to { $high }
    }
web-profile-best-turn = Best turn
# $points: percentage points of chance to win, formatted with a sign (+2.5, −0.4).
web-profile-best-turn-line = Turn { $turn } of game { $number }: its decisions moved the chance to win by { $points }pp.
web-profile-best-turn-replay = Replay that turn
web-follow = Follow
web-unfollow = Unfollow
web-friends = Friends
web-friends-none = Follow players from their profile to see them here.
web-friend-online = online
web-friend-offline = offline
web-friend-in-room = in a room
web-friend-watch = Watch
web-friend-watch-named = Watch { $name }'s room
web-block = Block
web-unblock = Unblock
web-block-note = You do not see the chat of players you block, and quick match never seats you together.
# The mark beside a name held by an account (its holder signed in), read by screen readers.
web-claimed-name = account
web-invite-friends = Invite a friend
web-invite-friends-none = None of the players you follow is online now.
# An "Invite" button, one per friend online.
web-invite-friend = Invite
web-invite-friend-named = Invite { $name }
web-invite-sent = { $name } is invited.
web-invited = { $name } invites you to their room.
web-invited-join = Join
web-invited-dismiss = Dismiss
web-option-standing = Standing table: keep this room and its code for good
web-option-standing-note = For a weekly game night at the same code, listed on your profile. It closes only after 60 days with nobody in it.
web-option-rated = Rated: the results change the players' ratings
web-option-rated-note = Official rules, everyone seated signed in, and bots only among the rated ones (easy, medium, hard, greedy, optimal).
web-room-rated = Rated game
web-profile-standing = Standing tables
web-profile-standing-link = Room { $code }
web-account-title = Your account
web-sign-out-everywhere = Sign out everywhere
web-account-data = Download my data
web-delete-account = Delete account
web-delete-account-note = Your profile, sessions, follows and the link to your games go for good; the games stay for the others who played them. Type your password to confirm.
web-account-offer = Keep your name and your games: an account takes a name and a password, nothing else.
web-forgot-password = Forgot your password? Use a recovery code
web-recover-title = Sign in with a recovery code
web-recover-note = Each recovery code works once. Choose a new password: your other devices are signed out.
web-recover-submit = Sign in with the code
web-recovery-code = Recovery code
web-new-password = New password
web-change-password = Change password
web-change-password-note = Your other devices are signed out; this one stays signed in.

web-entering = Entering the room…
web-lobby-title = Room lobby
web-start-alone = Add a bot or invite a friend — or start alone and play for the best score.
web-start-count = { $count } players are seated.
web-rules-live = Changes take effect at once: everyone in the room sees them.
# $min, $max: the range a number field accepts.
web-number-range = Enter a whole number from { $min } to { $max }.
web-number-range-named = Not sent: enter a whole number from { $min } to { $max }.
web-timer-off = off
# $on: bot, stop.
web-timer-value = { $seconds } s, then { web-on-timeout-choice }
web-remove-named = Remove { $name }
web-seat-actions = Actions
# $online: online, offline.
web-online = { $online ->
        [online] online
       *[offline] offline
    }
web-tag-away = away: a bot plays for now
web-waiting-list = Waiting for the next game
web-join-next = Join the next game
web-watching-game = The game is under way: you are watching it. Ask for a seat, and you will play the next game.
web-watching-over = This game is over: ask for a seat, and you will play the next one.
# $place: the place in line, from 1.
web-in-line = You have a seat at the next game (number { $place } in line). Enjoy watching meanwhile!
web-seated-now = You have a seat in this game.
# $name: a person who asked for a seat at the next game.
web-queued = { $name } will play the next game.
web-rematch-joiners = { $count ->
        [one] { $count } person waits to join the rematch.
       *[other] { $count } people wait to join the rematch.
    }
web-host-changed = { $name } is the host now.
web-host-you = You are the host now.
web-away = { $name } is away: a bot plays their turns until they come back.
web-joined-room = { $name } joined the room.
web-game-started = Game { $number } starts.
web-how-to-play = How to play
web-sound = Sound
web-sound-on = Sound on: a chime for your turn and sounds for the dice
web-sound-off = Sound off
web-title-your-turn = Your turn — Martian Dice
web-actions = Your moves
web-waiting-roll = Waiting for { $name } to roll…
web-last-turn = How the last turn ended
web-last-roll = Last roll
# One's own last turn, on screen until one's next. $outcome: a web-outcome; $total: one's score.
web-your-last-turn = Your last turn — { $outcome }. Your total: { $total }.
# A roll with its tanks: the tanks are set aside by force. $dice: the whole roll in words.
web-roll-label = Rolled: { $dice }
web-tanks-forced = { $count ->
        [one] { $count } tank rolled, set aside by force
       *[other] { $count } tanks rolled, set aside by force
    }
# How the turn's score is made. $why: tanks, bonus, plain; $earthlings: humans, cows and chickens.
web-score-why = { $why ->
        [tanks] (the tanks outnumber the death rays)
        [bonus] ({ $earthlings } earthlings + { $bonus } bonus)
       *[plain] ({ $earthlings ->
            [one] { $earthlings } earthling
           *[other] { $earthlings } earthlings
        })
    }
# How a turn ended. $end: stop, no-dice, no-choice; $why: tanks, bonus, plain.
web-outcome = { $end ->
        [stop] Stopped
        [no-dice] No dice left
       *[no-choice] Nothing left to take
    }: { $why ->
        [tanks] tanks { $tanks } beat death rays { $rays }, 0 points
        [bonus] +{ $points }, bonus +{ $bonus } included
       *[plain] +{ $points }
    }
# A round in the turns list: "R3".
web-round-short = R{ $round }
web-no-turns-yet = No turn has ended yet.
web-copy-transcript = Copy for the command line
# The steps of a turn. $count: dice rolled; $dice: the roll in words; $taken: a face-count.
web-step-roll = Rolled { $count }: { $dice }
web-step-take = took { $taken }
web-step-nothing = nothing could be taken
web-step-stop = Stopped.
# Read aloud to screen readers.
# $you: yes when $name is the reader.
web-said-rolled = { $you ->
        [yes] You rolled { $count }: { $dice }.
       *[no] { $name } rolled { $count }: { $dice }.
    }
web-said-took = { $you ->
        [yes] You took { $taken }.
       *[no] { $name } took { $taken }.
    }
web-said-total = Total { $total }.
web-said-roll-off = { $you ->
        [yes] You rolled in the roll-off: { $dice }.
       *[no] { $name } rolled in the roll-off: { $dice }.
    }
web-connection-lost = The connection to the server was lost.
web-restarting = The server is restarting: your game carries on in a moment.
web-reconnecting-in = Connection lost — trying again in { $seconds } s…
web-reconnect-now = Try now
web-not-sent = Not sent: there is no connection to the server. Try again when it is back.
web-action-unconfirmed = The connection dropped before your move was confirmed: check the board when it is back, and play again if needed.
# The end of a game, told as a story.
web-triggered-end-round = { $name } reached { $target } in round { $round }, which made it the last round.
web-biggest-turn = Biggest turn: { $name } in round { $round }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }.
web-roll-off-story = { $rounds ->
        [one] A tie for the lead went to the death-ray roll-off (one round).
       *[other] A tie for the lead went to the death-ray roll-off ({ $rounds } rounds).
    }
web-game-length = { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }, { $turns ->
        [one] { $turns } turn.
       *[other] { $turns } turns.
    }
web-chart-title = Totals after each round
web-chart-caption = Totals after each round (the dashed line is the target):
# One player's line of the chart, for screen readers. $totals: numbers separated by commas.
web-chart-row = { $name }: { $totals }
# $names: the winners; $count: how many.
web-finished-winner = { $count ->
        [one] { $names } won
       *[other] shared by { $names }
    }
web-howto-intro = Martians! Abduct as many earthlings as you can — humans, cows and chickens — while your death rays hold off the tanks. The first to reach the target score ends the game.
web-howto-dice-title = The dice
web-howto-dice = 13 dice, each with six faces:
# $face: tank, death-ray, human, cow, chicken.
web-howto-sides = { $face ->
        [death-ray] two faces of six
       *[other] one face of six
    }
web-howto-turn-title = Your turn
web-howto-turn-roll = Roll all the dice you have (13 at the start of your turn).
web-howto-turn-tanks = Every tank you roll is set aside by force: tanks add up over the turn.
web-howto-turn-take = Take ALL the dice of one other face you rolled. Death rays can be taken every time; each earthling (human, cow, chicken) only once per turn. The rest go back.
web-howto-turn-decide = Then stop and score, or roll the dice that are left. You may stop or roll again whatever the tanks say.
web-howto-turn-end = The turn also ends when no dice are left, or when the roll has nothing you may take — it is then scored as usual.
web-howto-scoring-title = Scoring
web-howto-scoring = If the tanks set aside outnumber the death rays, the turn scores 0. Otherwise: 1 point for each human, cow and chicken, plus a bonus of 3 points for at least one human, one cow and one chicken.
web-howto-example = 2 tanks, 3 death rays: the rays hold. 2 humans + 1 cow + 1 chicken = 4 points, + 3 bonus = 7 points.
web-howto-example-tanks = 3 tanks against 2 death rays: the tanks win, and the 4 humans score 0.
web-howto-end-title = The end
web-howto-end = When a player reaches the target (25 in the official rules), the round is completed so that everybody has played as many turns; then the most points wins. A tie: each tied player rolls 6 dice, and the most death rays wins.
web-howto-keys-title = Keys
# The strategy cards in "How to play" (js/cards.js, from GET /api/cards). $name: a card's name
# (pocket, club, expert; lines-N: the search's card of N lines).
web-cards-title = Strategy cards
web-cards-intro = Perfect play is a table no one can learn; a strategy card is a few plain rules you can. What you must remember is its conditions (each "when", "and" or "unless"): here is the best card known for each number of them, with its exact chance to win a duel against perfect play.
web-cards-show = Show the cards and their chances
web-cards-loading = Valuing the cards exactly (a few seconds the first time)…
# $detail: the server's explanation, in English.
web-cards-failed = The cards could not be valued: { $detail }
web-cards-name = { $name ->
        [pocket] The pocket card
        [club] The club card
        [expert] The expert card
        [lines-7] The 7-line card
        [lines-1] The 1-line card
        [lines-3] The 3-line card
        [lines-5] The 5-line card
       *[other] { $name }
    }
web-cards-figure = { $conditions ->
        [one] { $conditions } condition to remember
       *[other] { $conditions } conditions to remember
    }; wins { $chance } against perfect play.
web-cards-default-only = No line: take the biggest earthling group (else the death rays) and roll again.
web-cards-table-caption = The best card known with at most so many conditions
web-cards-at-most = At most
web-cards-conditions = Conditions
web-cards-chance = Against perfect play
web-cards-card = The card
web-cards-carry-title = Cards to carry
# The chart's name for screen readers. $low, $high, $greedy: percentages; $fewest, $most: numbers
# of conditions.
web-cards-chart-label = The best card known by its number of conditions: { $low } with at most { $fewest }, { $high } with at most { $most }; the expected-score player wins { $greedy }, perfect play 50%.
web-cards-chart-caption = The chance against perfect play by the conditions a card asks you to remember; dashed: the expected-score player and the bots' levels.
# $name: greedy, easy, medium, hard.
web-cards-reference = { $name ->
        [greedy] greedy
        [easy] easy
        [medium] medium
       *[hard] hard
    } { $chance }
web-howto-time-left = Your turn: { $seconds } s left to move.
# $action: roll, stop, R, H, C, K (the protocol's actions).
web-howto-key = { $action ->
        [roll] roll the dice
        [stop] stop and score
        [R] take the death rays
        [H] take the humans
        [C] take the cows
       *[K] take the chickens
    }
# A request the server refused. $code: the protocol's error code; $detail: the server's English
# explanation, shown only where the page cannot say more; $limit: the error's `limit`; $seconds:
# its `retry_ms` in whole seconds.
web-error = { $code ->
        [not_your_turn] It is not your turn.
        [illegal] That move is not allowed now.
        [no_such_room] This room does not exist (any more).
        [already_started] The game has started: you are watching it.
        [room_full] The room is full.
        [server_full] The server is full: try again later.
        [too_many_rooms] Every room of the server has people in it: try again in a few minutes.
        [rooms_per_address] { $limit } rooms created from your network are being played or waiting for players: finish or leave one of them (Your games, on the home page), then try again.
        [rooms_per_connection] { $limit } rooms created from this page are being played or waiting for players: finish or leave one of them, then try again.
        [unknown_code] No open room has that code: check it and try again.
        [too_many_guesses] Too many unknown codes: wait { $seconds } s before trying another.
        [name_taken] Someone in this room already has that name: choose another.
        [muted] The host muted you in this room's chat.
        [chat_too_long] Your message is longer than { $limit } characters.
        [chat_rate_limited] You are writing fast: wait { $seconds } s.
        [queue_full] Too many people are waiting for a quick match: try again in a moment, or play against a bot.
        [queue_address_limit] Too many people from your network are waiting for a quick match: try again in a moment.
        [not_signed_in] Sign in to play a rated game.
        [wrong_state] That cannot be done right now.
        [too_many_connections] Too many connections from your address (other tabs or devices on your network): close some, or try again later.
        [rate_limited] Slow down a little.
        [not_host] Only the host can do that.
        [not_seated] Spectators cannot do that.
        [storage] The server could not save that, so nothing changed: try again.
        [busy] The server is busy preparing bots for other games: try again in a minute.
        [moved] The room is on another of the site's servers: connecting there…
        [invalid] That is not a valid choice: { $detail }
       *[other] Something went wrong: { $detail }
    }

# Why the server refused a name (the error's `reason`, web-refusal-name). $why: empty, too-long,
# control, bidi, invisible, line-break, not-text, private-use, only-marks; $limit: the longest
# name, in characters.
web-refusal-name = { $why ->
        [empty] The name is empty.
        [too-long] The name is longer than { $limit } characters.
        [control] The name has control characters.
        [bidi] The name has characters that reverse the direction of text.
        [invisible] The name has no visible character.
        [line-break] The name has a line or paragraph separator.
        [not-text] The name has characters that are not text.
        [private-use] The name has only private-use characters, which each device shows differently.
       *[only-marks] The name has only accents or other combining marks, with no letter to carry them.
    }
# Why the server could not read a message (the error's `reason`, web-refusal-malformed). $case:
# not-json and out-of-range (with $line, $column), not-object, no-type, type-not-text,
# unknown-type (with $types), unknown-field and missing-field (with $field), bad-choice (with
# $value), wrong-kind, bad-value; $kind: the message's type; $got: what it held (null, boolean,
# number, string, list, object, value).
web-refusal-malformed = { $case ->
        [not-json] The message is not JSON: it goes wrong at line { $line }, column { $column }.
        [out-of-range] The message is JSON, but the number that ends at line { $line }, column { $column } is out of range.
        [not-object] A message is a JSON object with a “type”, not { $got ->
            [null] null
            [boolean] true or false
            [number] a number
            [string] a string
           *[list] a list
        }.
        [no-type] The message has no “type”.
        [type-not-text] “type” is the name of a message, in a string.
        [unknown-type] There is no message of type “{ $kind }”; the types are { $types }.
        [unknown-field] “{ $kind }” has no field “{ $field }”.
        [missing-field] “{ $kind }” needs the field “{ $field }”.
        [bad-choice] “{ $kind }”: “{ $value }” is not one of the choices.
        [wrong-kind] “{ $kind }” has { $got ->
            [null] null
            [boolean] true or false
            [number] a number
            [string] a string
            [list] a list
            [object] an object
           *[value] a value
        } where something else is expected.
       *[bad-value] “{ $kind }” has a value outside what the protocol allows.
    }

# The game review on the end screen and in the replay (js/review.js), from the server's
# GET …/review. $loss, $luck, $skill, $accuracy come formatted; $class: forced, best, inaccuracy,
# mistake, blunder; $action: take, stop, roll, with $face: death-ray, human, cow, chicken.
web-review = Review
web-review-title = Review of game { $number }
web-review-loading = Working out the value of every decision…
web-review-unavailable = The review needs solutions the server has not worked out for these rules and players; it does not work them out now, so as not to slow the games being played.
web-review-failed = The review could not be loaded: { $detail }
web-review-approximate = ≈ With four players or more the chances are an approximation: each player's chance in the exact game of that player and its strongest opponents, so they need not add up to 100%.
web-review-unfinished = The record ends before the end of the game: it is reviewed as far as it goes.
# $turn: 0 when the review stops after the turns; $kind: record, position, not-covered,
# no-decision; $detail: in English, from the server.
web-review-stopped = { $turn ->
        [0] The review stops after the turns: { $kind ->
            [record] the record breaks the rules there ({ $detail }).
            [position] the solver cannot value the position ({ $detail }).
            [not-covered] no solution covers the position.
           *[no-decision] the turn awaited no decision there.
        }
       *[other] The review stops at turn { $turn }: { $kind ->
            [record] the record breaks the rules there ({ $detail }).
            [position] the solver cannot value the position ({ $detail }).
            [not-covered] no solution covers the position.
           *[no-decision] the turn awaited no decision there.
        }
    }
# $measure: win-probability, expected-turns.
web-review-chart-title = { $measure ->
        [expected-turns] Expected length of the game, in turns, after each turn
       *[win-probability] Chance to win after each turn
    }
# One line of the chart for screen readers. $values: the values after each turn, separated by commas.
web-review-chart-row = { $name }: { $values }
web-review-chart-turns = turns
web-review-seat = { $name }: accuracy { $accuracy } over { $decisions ->
        [one] { $decisions } decision
       *[other] { $decisions } decisions
    } ({ $inaccuracies ->
        [one] { $inaccuracies } inaccuracy
       *[other] { $inaccuracies } inaccuracies
    }, { $mistakes ->
        [one] { $mistakes } mistake
       *[other] { $mistakes } mistakes
    }, { $blunders ->
        [one] { $blunders } blunder
       *[other] { $blunders } blunders
    }); luck { $luck }, skill { $skill }.
web-review-seat-none = { $name }: no decision with a choice.
web-review-mistakes = The biggest mistakes
web-review-no-mistakes = No inaccuracy, mistake or blunder: every choice was the best or within { $least } of it.
# The review measured against a strategy card (its choice is web-coach-card). $card: a
# web-coach-card-option text; $count: decisions with a choice; $followed: yes, no.
web-review-card = The game against { $card }
web-review-card-loading = Measuring the game against the card…
web-review-card-decisions = { $count ->
        [one] The card at the { $count } decision with a choice
       *[other] The card at each of the { $count } decisions with a choice
    }
web-review-card-followed = { $followed ->
        [yes] The player did what the card says.
       *[no] The player did not do what the card says.
    }
# The reader's own card in the review (POST …/review with its text). $card (web-replay-card-mark):
# a web-replay-card-line; $doing: a card-move's $doing; $loss: a web-review-loss.
web-review-own-option = my own card…
web-review-own-name = your card
web-review-own-card = Your card, one numbered line of advice per line (in English or Portuguese, as in the card files):
web-review-own-example = 1. Take the death rays when the tanks lead.
    2. Stop when you have 3 earthling kinds or more.
web-review-own-help = Lines starting with # are comments. Where no line applies, the card takes the biggest earthling group (else the death rays) and rolls again.
web-review-own-measure = Measure the game against my card
# A step of the replay marked with what the card the review is measured against would do.
web-replay-card-line = { $line ->
        [0] Card, no line
       *[other] Card line { $line }
    }
web-replay-card-mark = { $right ->
        [yes] { $card }: { $doing }, the best
       *[no] { $card }: { $doing }, costing { $loss }
    }
web-review-where = Turn { $turn } (round { $round }), { $name }
# $dice: dice in words. Where a decision was made: a roll to choose from, or after a take.
web-review-position = { $kind ->
        [roll] rolled { $count }: { $dice }
       *[after] after taking { $taken }
    }
web-review-verdict = { $class ->
        [forced] { $action } (the only choice).
        [best] { $action }: the best.
        [inaccuracy] { $action }: an inaccuracy, costing { $loss }; the best was to { $best }.
        [mistake] { $action }: a mistake, costing { $loss }; the best was to { $best }.
       *[blunder] { $action }: a blunder, costing { $loss }; the best was to { $best }.
    }
web-review-action = { $action ->
        [stop] stopped
        [roll] rolled again
       *[take] { $face ->
            [death-ray] took the death rays
            [human] took the humans
            [cow] took the cows
           *[chicken] took the chickens
        }
    }
web-review-best-action = { $action ->
        [stop] stop
        [roll] roll again
       *[take] { $face ->
            [death-ray] take the death rays
            [human] take the humans
            [cow] take the cows
           *[chicken] take the chickens
        }
    }
# $unit: points (percentage points of the chance to win), turns (alone).
# A loss, luck or skill. $unit: points (percentage points of a chance to win), turns (solo);
# $value: the number, with its sign for luck and skill (a loss has none).
web-review-loss = { $unit ->
        [points] { $value }pp of chance to win
       *[turns] { $value } turns
    }
# A step's mark in the replay.
web-review-mark = { $class ->
        [forced] { $action }: the only choice
        [best] { $action }: best
        [inaccuracy] { $action }: inaccuracy, costing { $loss }
        [mistake] { $action }: mistake, costing { $loss }
       *[blunder] { $action }: blunder, costing { $loss }
    }
# Why the best option of a mistake is best. $reason: a coach-why-* text.
web-review-why = Why: { $reason }
web-review-replay-unavailable = The steps are not marked: the review of this game cannot be had now.
## Solve and advise: the text of `martian-dice solve turn|duel|solo|trio` and `martian-dice advise`
## (crates/cli/src/solve_cmd/messages.rs). Decimals come formatted ($expected, $turns, $seconds);
## $rules is a `ruleset`; $tie: roll-off, shared. Column padding is the code's.
solve-rules = Rules: { $rules }.
solve-turn-expected = Expected turn score, playing to maximise it: { $expected } points.
solve-turn-distribution = Final score of the turn:
solve-duel-heading = Two players, both playing to win with perfect play { $tie ->
        [shared] (a shared victory counts as half a win):
       *[roll-off] (the roll-off on a tie included):
    }
solve-trio-heading = Three players, each playing to win with perfect play { $tie ->
        [shared] (a victory shared by k players counts 1/k of a win):
       *[roll-off] (the roll-off on a tie included):
    }
solve-quad-heading = Four players, each playing to win with perfect play { $tie ->
        [shared] (a victory shared by k players counts 1/k of a win):
       *[roll-off] (the roll-off on a tie included):
    }
# $count: how many score tuples have no pure equilibrium (their players randomise between two turns).
solve-quad-mixed = { $count ->
        [0] (every position has a pure equilibrium)
        [one] (1 score tuple has no pure equilibrium: its players mix two turns)
       *[other] ({ $count } score tuples have no pure equilibrium: their players mix two turns)
    }
# $seat: 1 to 4, in playing order.
solve-seat-wins = { $seat ->
        [1] first player wins
        [2] second player wins
        [3] third player wins
       *[other] fourth player wins
    }
solve-from-cache = (tables read from the cache)
solve-solved-in = (solved in { $seconds } s)
solve-solo = Playing alone to reach { $target } in as few turns as possible: { $turns } turns expected.
# $measure: expected-score, win-probability, expected-turns; $seat: a seat number, from 0.
advise-heading = { $measure ->
        [expected-score] Options (expected final score of the turn):
        [win-probability] Options (probability that seat { $seat } wins the game):
       *[expected-turns] Options (expected turns to reach the target, this one included; fewer is better):
    }
# $action: take, stop, roll; $face: the face taken (empty otherwise).
advise-action = { $action ->
        [take] { $face ->
            [tank] take the tanks
            [death-ray] take the death rays
            [human] take the humans
            [cow] take the cows
           *[chicken] take the chickens
        }
        [stop] stop
       *[roll] roll
    }
advise-best-mark = <- best
# $action: an advise-action.
advise-best = Best: { $action }.
# $reason: a coach-why-* text.
advise-why = Why: { $reason }
# $scores: the banked totals, separated by commas.
advise-banked = Banked scores in seat order: { $scores }.
advise-bad-scores = --scores must be banked totals separated by commas, such as 12,20; '{ $text }' is not
advise-bad-transcript = bad transcript: { $error }

## `martian-dice arena`: the text report (crates/cli/src/arena_cmd.rs). Decimals come formatted
## ($rounds, $turns, $games, $decisions, $seconds); counts are numbers; $seed is text; $rules is a
## `ruleset`. Column padding is the code's.
arena-header = { $games } games, rules: { $rules }, seed { $seed } (repeat with --seed { $seed })
# $header: an arena-header.
arena-round-robin = Round robin: { $header }
# $mode: turns, dice.
arena-mode = { $mode ->
        [turns] Played turn-level: each turn's score drawn from the exact distribution of its player's play (--mode dice to roll every die).
       *[dice] Played die by die: every roll made, every decision asked.
    }
# Table headings. $column: bot, wins, win-rate, interval, seat, points-per-turn, forfeits, rating,
# games; $seat: the seat's number, from 1 (only for seat).
arena-column = { $column ->
        [bot] bot
        [wins] wins
        [win-rate] win rate
        [interval] 95% interval
        [seat] seat { $seat }
        [points-per-turn] points/turn
        [forfeits] forfeits
        [rating] rating
       *[games] games
    }
arena-summary = Games last { $rounds } rounds ({ $turns } turns) on average; { $rolloffs } settled by roll-off, { $shared } shared.
arena-round-limit = { $count } games ended at the round limit (round { $rounds }), nobody having reached the target.
arena-forfeits = { $count } games lost by forfeit; the first:
# $message: the bot's error, as the bot gave it.
arena-forfeit-note = game { $game }, seat { $seat }: { $message }
arena-speed = { $games } games/s, { $decisions } decisions/s ({ $seconds } s, { $threads } threads)
arena-speed-turn-level = { $games } games/s, turn-level ({ $seconds } s, { $threads } threads)
arena-round-robin-turn-level = { $count } of { $pairs } pairs played turn-level (each turn's score drawn from the exact distribution of its player's play).
arena-matrix-title = Win rate of the row's bot against the column's:
arena-ratings-title = Bradley–Terry ratings (Elo scale, mean 0):
arena-round-robin-speed = { $games } games/s ({ $seconds } s)
# `--exact`: a duel's chances computed, not sampled. $rules is a `ruleset`; $seconds formatted.
arena-exact-header = Exact chances of a duel, rules: { $rules } (every decision valued, nothing sampled; seats alternate):
arena-exact-speed = Computed in { $seconds } s.

## `martian-dice card`: a strategy card's exact value, the search for the best cards, and what is
## wrong with a card that does not read (crates/cli/src/cmd/card/). Chances come formatted
## ("47.61%"); $rules is a `ruleset`.
# $file: the card's file; $line, $column: from 1; $problem: one of the card-error-* below.
card-error = { $file }, line { $line }, column { $column }: { $problem }
# $expected: the phrases that could have been written there, quoted, joined with card-error-or;
# $found: what was written instead.
card-error-expected = expected { $expected }, found { $found }
card-error-or = or
# $item: number, end-of-line.
card-error-item = { $item ->
        [number] a number
       *[end-of-line] the end of the line
    }
card-error-character = the character '{ $char }' has no place on a card
card-error-numbering = this line is numbered { $found }, but it is line { $expected } of the card
card-error-number = { $found } is out of range here: from { $min } to { $max }
card-error-roll-after-take = only a line that takes may look at the roll: after a take the roll is gone
card-value-header = Card { $file }, { $lines ->
        [one] 1 line
       *[other] { $lines } lines
    }:
card-default = When no line applies: take the biggest earthling group (else the death rays), and roll again.
card-value-rules = Rules: { $rules }.
# $opponent: optimal, greedy.
card-value-chance = { $opponent ->
        [optimal] Against perfect play (optimal)
       *[greedy] Against the expected-score player (greedy)
    }: { $chance } to win (first seat { $first }, second seat { $second }).
card-value-worth-title = What each line is worth: the chance against perfect play without it.
# $change: percentage points with their sign ("−2.31").
card-value-worth = without line { $line }: { $without } ({ $change } percentage points)
card-search-header = The best card of { $lines ->
        [one] 1 line
       *[other] { $lines } lines
    } and { $conditions ->
        [one] 1 condition
       *[other] { $conditions } conditions
    } found ({ $rules }): { $chance } to win against perfect play.
card-search-speed = { $cards } cards valued exactly in { $seconds } s.

## Strategy card files (cards/*.txt) and the cards in `martian-dice rules`: the comments above a
## shipped card's lines (crates/cards/src/shipped.rs). Chances come formatted ("47.61%").
card-file-title = The best strategy card of { $lines ->
        [one] 1 line
       *[other] { $lines } lines
    } that `martian-dice card search --lines { $lines }` finds, under the official rules.
# $name: pocket or club; $conditions, $words: the search's budget.
card-file-title-budget = The { $name ->
        [pocket] pocket
       *[club] club
    } card: the best strategy card of at most { $conditions } conditions, each line at most { $words } words, that `martian-dice card search --conditions { $conditions } --words { $words }` finds, under the official rules. Its last lines are the play when no other line applies.
card-file-title-expert = The expert card: the best strategy card of { $lines } lines that `martian-dice card search --lines { $lines }` finds, under the official rules. Its last lines are the play when no other line applies.
card-file-conditions = Conditions to remember: { $conditions }.
card-file-chance = Exact chance to win against perfect play (optimal): { $chance } ({ $first } in the first seat, { $second } in the second).
card-file-greedy = Against the expected-score player (greedy): { $chance }.
card-file-reading = Read it from the top: the first line that applies decides. When none does, take the biggest earthling group (else the death rays), and roll again.
card-file-worth-line = without line { $line } { $without }
# $lines: the card-file-worth-line of every line, joined with commas.
card-file-worth = What each line is worth, the chance against perfect play without it: { $lines }.
card-file-size = { $lines ->
        [one] 1 line
       *[other] { $lines } lines
    }

## `martian-dice review` and `martian-dice train`: the game review and the trainer
## (crates/cli/src/review_cmd/messages.rs, crates/cli/src/train_cmd.rs). Numbers come formatted
## ($chance, $before, $loss…: "48.41%", "+2.10 points", "8.60 turns"); $name: a player's name;
## $names: a list of names; $roll, $dice: dice in the reader's letters or words.

review-title = Review of the game of { $names }.
review-rules = Rules: { $rules }.
# $valuation: solo, duel, trio, quad, trio-reduction, duel-reduction.
review-valuation = { $valuation ->
        [solo] Values: the expected number of turns to reach the target (fewer is better), exact.
        [duel] Values: the chance to win, exact (the two-player game solved).
        [trio] Values: the chance to win, exact (the three-player game solved).
        [quad] Values: the chance to win, exact (the four-player game solved).
        [trio-reduction] Values: the chance to win, an approximation (marked ≈): the exact three-player game of the player and its two strongest opponents, as the optimal bot plays (so the players' chances need not add up to 100%).
       *[duel-reduction] Values: the chance to win, an approximation (marked ≈): the exact duel of the player and its strongest opponent, as the optimal bot plays (so the players' chances need not add up to 100%).
    }
# $inaccuracy, $mistake, $blunder: formatted losses.
review-classes = A decision is classed by what it loses against the best option: an inaccuracy from { $inaccuracy }, a mistake from { $mistake }, a blunder from { $blunder }.
review-luck-note = Each turn's move is split into the dice (luck) and the decisions (skill); luck and skill add up to the whole move.
review-turn = Turn { $turn } (round { $round }), { $name }, { $scores }: { $transcript } — { $points }.
review-turn-unfinished = Turn { $turn } (round { $round }), { $name }, { $scores }: { $transcript } — unfinished.
# $options: review-option items joined by " · ".
review-choose = rolled { $roll }: { $options }
# What is set aside before stop or roll. $tanks: lead (the tanks outnumber the death rays: what
# is set aside scores nothing), hold; $earthlings, $points, $dice: numbers.
review-decide = { $tanks ->
        [lead] { $earthlings ->
            [0] nothing set aside
            [one] 1 earthling set aside
           *[other] { $earthlings } earthlings set aside
        } but the tanks lead (0 points so far)
       *[hold] { $points ->
            [one] 1 point
           *[other] { $points } points
        } set aside
    }, { $dice ->
        [one] 1 die
       *[other] { $dice } dice
    } left: { $options }
# $action: R H C K (the reader's letters), stop or roll; $mark: review-best-mark or nothing.
review-option = { $action ->
        [stop] stop
        [roll] roll
       *[other] { $action }
    } { $value }{ $mark }
review-best-mark = { " " }(best)
# $action: review-action; $class: forced, best, inaccuracy, mistake, blunder.
# $loss: a measure-change text ("−3.75% chance to win", "+0.35 turns").
review-verdict = { $class ->
        [forced] { $action }, the only choice
        [best] { $action }: best
        [inaccuracy] { $action }: inaccuracy, { $loss }
        [mistake] { $action }: mistake, { $loss }
       *[blunder] { $action }: blunder, { $loss }
    }
# Why the best option of a decision that is not the best is best. $reason: a coach-why-* text.
review-why = Why: { $reason }
# A game measured against a strategy card (`review --card`). $followed, $right: yes, no; $line:
# the card's line (0: its default play); $text: the line; $doing: a card-action text; $loss: the
# card's move's loss with its unit.
review-card-decision = Card: { $followed ->
        [yes] you did what it says{ $line ->
            [0] {" "}(its default play)
           *[other] {" "}(line { $line })
        }{ $right ->
            [yes] {"."}
           *[no] , which costs { $loss } here.
        }
       *[no] { $line ->
            [0] its default play
           *[other] line { $line }, “{ $text }”,
        } says to { $doing }{ $right ->
            [yes] , the best here.
           *[no] , which would cost { $loss }.
        }
    }
# $card: the card's file or name.
review-card-heading = Against the card { $card }:
# $agreement: a percentage, without its sign; $player_loss, $card_loss: losses with their unit.
review-card-seat = { $name } followed the card at { $followed } of { $decisions } decisions ({ $agreement }%); their choices lost { $player_loss } in all, the card's moves would have lost { $card_loss }.
# $list: review-card-at items.
review-card-saves = Where the card would have saved { $name }: { $list }.
review-card-beats = Where { $name } beat the card: { $list }.
# $turn: the record's turn; $amount: a change with its unit.
review-card-at = turn { $turn } ({ $amount })
# $action: take, stop, roll; $face: tank, death-ray, human, cow, chicken (for take).
review-action = { $action ->
        [stop] stopped
        [roll] rolled again
       *[take] { $face ->
            [death-ray] took the death rays
            [human] took the humans
            [cow] took the cows
           *[chicken] took the chickens
        }
    }
review-best-action = { $action ->
        [stop] stop
        [roll] roll again
       *[take] { $face ->
            [death-ray] take the death rays
            [human] take the humans
            [cow] take the cows
           *[chicken] take the chickens
        }
    }
# $measure: win-probability, expected-turns.
review-move = { $measure ->
        [expected-turns] Expected length of the game { $before } → { $after }: the dice { $luck }, the decisions { $skill }.
       *[win-probability] Chance of { $name } { $before } → { $after }: the dice { $luck }, the decisions { $skill }.
    }
# $list: "Ana 51.20%, Bob 48.80%".
review-chances = Chances: { $list }.
review-summary = Summary:
review-seat = { $name }: { $decisions ->
        [one] 1 decision
       *[other] { $decisions } decisions
    }, accuracy { $accuracy }, mean loss { $mean }; best { $best }, inaccuracies { $inaccuracies }, mistakes { $mistakes }, blunders { $blunders }.
review-seat-forced = { $count } forced (one option only) not counted.
review-seat-none = { $name }: no decision with a choice.
review-seat-luck = Luck { $luck }, skill { $skill } over the game.
review-biggest = Biggest mistake: turn { $turn } (round { $round }), scores { $scores }, { $position }: { $action }, the best was to { $best } ({ $loss }).
review-biggest-none = No decision lost anything.
review-explore = Explore it: { $command }
review-accuracy-note = Accuracy = 100% × (1 − loss ÷ stake), summed over the player's decisions; a decision's stake is how much its worst option loses against its best.
review-roll-off = Roll-off between { $names }: { $winner } wins it (luck only).
review-roll-off-unsettled = Roll-off between { $names }: not settled in the record.
review-winner = { $name } wins with { $points }.
review-shared = { $names } share the victory with { $points }.
review-unfinished = The record ends before the end of the game.
# $turn: the turn number, or 0 when the review stops outside a turn; $kind: record, position,
# not-covered, no-decision; $detail: the reason, perhaps in English from the solver.
review-stopped = { $turn ->
        [0] The review stops there: { $kind ->
            [record] the record breaks the rules ({ $detail }).
            [position] the solver cannot value the position ({ $detail }).
            [not-covered] no solution covers the position.
           *[no-decision] the turn awaited no decision.
        }
       *[other] The review stops at turn { $turn }: { $kind ->
            [record] the record breaks the rules ({ $detail }).
            [position] the solver cannot value the position ({ $detail }).
            [not-covered] no solution covers the position.
           *[no-decision] the turn awaited no decision.
        }
    }
review-cannot-read = cannot read { $path }: { $error }
review-bad-chart = the chart must be a .svg or .png file, not { $path }
review-chart-written = Chart written to { $path }.
review-chart-title = { $measure ->
        [expected-turns] Expected length of the game after every turn
       *[win-probability] Chance to win after every turn
    }
review-chart-x = turns played
review-chart-y = { $measure ->
        [expected-turns] expected turns
       *[win-probability] chance to win
    }
review-chart-roll-off = roll-off
review-chart-approximate = Approximation: each player's chance in the exact three-player game (or duel) of that player and its strongest opponents; they need not add up to 100%.
train-intro = Trainer: positions chosen for what they teach: choices of type and stop-or-roll decisions, where a rule of thumb is right and where it is wrong, near the end of the game too ({ $theme }). Take a type with its letter (R, H, C, K; or V, G); when asked to stop or roll again, s stops and r rolls (r takes death rays only while a type is to be chosen); q quits.
# $seed: the seed of the session's games, as digits.
train-seed = Seed { $seed }: `martian-dice train --seed { $seed }` serves the same positions to the same answers.
# $theme: any, tanks-close-to-rays, final-round, bonus-hunting, near-target.
train-theme = { $theme ->
        [any] any kind of position
        [tanks-close-to-rays] tanks close to the death rays
        [final-round] the final round
        [near-target] near the target
       *[bonus-hunting] hunting the bonus
    }
# $scores: the players' names and totals in seat order ("Ana 12, you 9").
train-position = Position { $number } of { $count }, round { $round }: { $scores }; you to play.
# $order: the names in seat order; $first: the first of them.
train-order = Seat order: { $order } (each round starts with { $first }).
train-final-round = This is the final round: a player has reached the target.
# $dice: dice in words; $tanks: lead, hold; $phase: choosing (before the roll shown), deciding;
# $points, $left: numbers.
train-aside = { $phase ->
        [choosing] Set aside before this roll
       *[deciding] Set aside
    }: { $dice }; { $tanks ->
        [lead] the tanks lead, so it scores nothing so far
       *[hold] the turn scores { $points ->
            [one] 1 point
           *[other] { $points } points
        } so far
    }{ $phase ->
        [choosing] {"."}
       *[deciding] ; { $left ->
            [one] 1 die
           *[other] { $left } dice
        } left.
    }
train-aside-nothing = Nothing set aside yet.
train-rolled = Rolled: { $roll } ({ $count ->
        [one] 1 die
       *[other] { $count } dice
    }).
train-ask-take = Which type do you take? ({ $choices })
train-ask-decide = Stop or roll again? ({ $stop }, { $roll })
train-unknown = Not an option here: { $text }.
# An option as the subject of a sentence. $action: take, stop, roll; $face (take): death-ray,
# human, cow, chicken.
train-doing = { $action ->
        [stop] stopping
        [roll] rolling again
       *[take] taking the { $face ->
            [death-ray] death rays
            [human] humans
            [cow] cows
           *[chicken] chickens
        }
    }
# $action, $best: train-doing texts; $class: inaccuracy, mistake, blunder; $loss: a
# measure-change text.
train-right = Right: { $action } is the best.
train-wrong = Not the best: { $action } is { $class ->
        [inaccuracy] an inaccuracy
        [mistake] a mistake
       *[blunder] a blunder
    } ({ $loss }); the best is { $best }.
# $reason: a coach-why-* text.
train-why = Why: { $reason }
train-best = Best: { $action }.
# $thumb: most-dice, stop-at-six; $action: a review-best-action text; $right: yes, no.
train-thumb = { $thumb ->
        [most-dice] The rule of thumb "take the most dice" would { $action }
       *[stop-at-six] The rule of thumb "stop with 6 points or more" would { $action }
    }: { $right ->
        [yes] right here.
       *[no] wrong here.
    }
train-options = Every option: { $options }.
# $loss: a measure-change text (the losses summed).
# $lost: no when nothing was lost (every answer the best).
train-score = Score: { $best } of { $answered } best, { $lost ->
        [no] nothing lost.
       *[yes] { $loss } lost in all.
    }
train-summary = Session over: { $best } of { $answered } best, { $lost ->
        [no] nothing lost.
       *[yes] { $loss } lost in all.
    }
# $rates: the last sessions' shares of best answers, oldest first; $trend: improving, steady,
# slipping.
train-trend = Your last sessions: { $rates } best answers, { $trend ->
        [improving] improving.
        [slipping] slipping: the kinds to work on come back first.
       *[steady] steady.
    }
# $lesson: a lesson-name; $right, $seen: numbers.
train-lesson-record = { $lesson } ({ $right } of { $seen } right)
# $lessons: train-lesson-record texts joined by "; ".
train-work-on = To work on: { $lessons }.
train-none = No further position of this kind was found under these rules.
train-you = you
# $theme: a train-theme text; $players: a number.
train-theme-never = No position of this kind ({ $theme }) occurs in { $players ->
        [one] solo games
       *[other] games of { $players } players
    } under these rules.
train-bad-margin = The margin must be a positive number, not { $margin }.
train-bad-players = --players takes 1, 2, 3 or 4, or a mix such as 2,3 (solo positions are not mixed), not '{ $players }'
# The kind of a training position, by what decides it. $decision: take, stop-or-roll; $cause:
# now, later, risk, bonus, situation.
lesson-name = { $decision ->
        [take] { $cause ->
            [now] choices of type where the points taken now decide
            [later] choices of type where the dice kept for later decide
            [risk] choices of type where the tanks' risk decides
            [bonus] choices of type where the bonus decides
           *[situation] choices of type where the game's score decides
        }
       *[stop-or-roll] { $cause ->
            [later] stop or roll where the dice left decide
            [risk] stop or roll where the tanks' risk decides
            [bonus] stop or roll where the bonus decides
           *[situation] stop or roll where the game's score decides
        }
    }

## martian-dice challenge: the daily challenge.
# $problem: one of the challenge-date-* texts.
challenge-bad-date = --date: { $problem }
challenge-date-format = '{ $date }' is not a date written YYYY-MM-DD
challenge-date-year = the year must be from 1 to 9999, not { $year }
# $month: a number.
challenge-date-month = the month must be from 1 to 12, not { $month }
# $month: the year and month, 2026-02; $day, $days: numbers.
challenge-date-day = { $month } has { $days } days, not { $day }
# $date: YYYY-MM-DD; $bot: a bot-name.
challenge-title = Daily challenge of { $date }: you against the { $bot } bot, under the official rules. Every decision is graded against perfect play; the coach is off.
challenge-bot-plays = The { $bot } bot plays your seat.
challenge-coach-off = The coach is off during the challenge: the review comes at the end.
challenge-left = You left the challenge before its end: it is not graded.
challenge-input-ended = The input ended before the game did: the challenge is not graded.
challenge-graded = The challenge of { $date }, graded:
# $won: yes or no; $you, $them: the final totals.
challenge-result = { $won ->
        [yes] You won, { $you } to { $them }.
       *[no] You lost, { $you } to { $them }.
    }
# $points: a decimal number.
challenge-loss = Chance to win lost against perfect play: { $points } points (0 is perfect play; lower is better).
# $accuracy: a percentage.
challenge-accuracy = Accuracy: { $accuracy }.
challenge-accuracy-none = Accuracy: no decision put anything at stake.
# $marks: one square per turn.
challenge-marks = Your turns: { $marks } (🟩 best, 🟨 inaccuracy, 🟧 mistake, 🟥 blunder)
challenge-lost-nothing = You lost nothing: perfect play.
challenge-lost-most = Where you lost the most:
# $chosen: a review-action; $best: a review-best-action; $points: a decimal number.
challenge-lost-at = turn { $turn } (round { $round }): you { $chosen }; perfect play would { $best } (−{ $points } points).
challenge-share = To share (no dice, no scores):
challenge-share-title = Martian Dice daily { $date } — { $points } points of chance lost

## The daily challenge's page (/challenge).

web-challenge-link = Daily challenge
# $date: YYYY-MM-DD.
web-challenge-title = Daily challenge — { $date }
web-challenge-about = The same dice for everyone, against the hard bot under the official rules. Every decision is graded against perfect play: the board ranks skill, not luck. Today's first game is ranked, without the coach; the archive's days play unranked.
# $today: yes or no.
web-challenge-play = { $today ->
        [yes] Play today's challenge
       *[no] Play this day (unranked)
    }
# $ranked: yes or no.
web-challenge-result = { $ranked ->
        [yes] Your result
       *[no] Your result (unranked)
    }
# $rank, $of: numbers; $percentile: a whole number.
web-challenge-placing = Rank { $rank } of { $of } — you placed level with or ahead of { $percentile }% of the day's players.
# $points: a decimal number; $won: yes or no.
web-challenge-loss = Chance to win lost against perfect play: { $points } points. { $won ->
        [yes] You won the game.
       *[no] You lost the game.
    }
# $days: a number.
web-challenge-streak = { $days ->
        [one] Streak: { $days } day in a row with a ranked challenge.
       *[other] Streak: { $days } days in a row with a ranked challenge.
    }
web-challenge-copy = Copy
web-challenge-copied = Copied

# The result as a picture (an SVG to download and share): no dice, no scores.
web-challenge-picture-title = Martian Dice daily { $date }
web-challenge-picture-loss = { $points } points of chance lost
# $rank, $of: whole numbers.
web-challenge-picture-place = Place { $rank } of { $of }
web-challenge-picture-alt = Your result as a picture: { $date }, { $points } points of chance lost, a square per turn
web-challenge-picture-download = Download the picture
web-challenge-decisions = Your decisions, and what the others did
# $turn: a number; $action: stop, roll or take; $face: death-ray, human, cow, chicken (take only).
web-challenge-you = Turn { $turn }, you { $action ->
        [stop] stopped:
        [roll] rolled again:
       *[take] { $face ->
            [death-ray] took the death rays:
            [human] took the humans:
            [cow] took the cows:
           *[chicken] took the chickens:
        }
    }
# $share: a whole number (percent); $action, $face: as web-challenge-you.
web-challenge-others = { $share }% { $action ->
        [stop] stopped here
        [roll] rolled again here
       *[take] { $face ->
            [death-ray] took the death rays here
            [human] took the humans here
            [cow] took the cows here
           *[chicken] took the chickens here
        }
    }
# $action, $face: as web-challenge-you.
web-challenge-perfect = perfect play { $action ->
        [stop] stops
        [roll] rolls again
       *[take] { $face ->
            [death-ray] takes the death rays
            [human] takes the humans
            [cow] takes the cows
           *[chicken] takes the chickens
        }
    }
# $action, $face: as web-challenge-you.
web-challenge-top = the day's best player { $action ->
        [stop] stopped
        [roll] rolled again
       *[take] { $face ->
            [death-ray] took the death rays
            [human] took the humans
            [cow] took the cows
           *[chicken] took the chickens
        }
    }
web-challenge-board-title = The day's board
# The table's accessible name (a contract of the page's tests).
web-challenge-board = Challenge leaderboard
web-challenge-board-loading = Loading the board…
web-challenge-board-failed = The board could not be loaded.
web-challenge-board-empty = Nobody has finished this day's ranked challenge yet.
web-challenge-rank = Rank
web-challenge-name = Player
web-challenge-lost = Points lost
web-challenge-accuracy = Accuracy
web-challenge-game = Game
web-challenge-guest = (guest)
# $won: yes or no; $scores: the final totals, 25–19.
web-challenge-outcome = { $won ->
        [yes] won { $scores }
       *[no] lost { $scores }
    }
web-challenge-archive = Other days
web-challenge-today = Today

## Ratings (docs/ratings.md): rated quick match, the end screen's changes, the profile, the leaderboard.
web-match-rated = Rated
# $rating: the waiter's displayed rating; $low, $high: the ratings they may be seated with now.
web-match-range = Rated: your rating { $rating }, looking for { $low } to { $high } (wider the longer you wait).
web-rating = Rating
web-rating-provisional = provisional
# $games: rated games played.
web-rating-games = { $games ->
        [one] after 1 rated game
       *[other] after { $games } rated games
    }
# $count: rated games; $low, $high: the lowest and highest rating in them.
web-rating-chart-label = { $count ->
        [one] Rating after 1 rated game: { $low }
       *[other] Rating after each of { $count } rated games, the oldest first: from { $low } to { $high }
    }
web-rating-changes = Rating change
web-leaderboard = Leaderboard
# $days: the days a player's last rated game may be ago.
web-leaderboard-note = Established players with a rated game in the last { $days } days, and the bots' fixed ratings on the same scale.
# $bot: a bot's name (easy, medium, hard, greedy, optimal).
web-leaderboard-bot = Bot: { $bot }
web-leaderboard-rank = Rank
web-leaderboard-player = Player
web-leaderboard-games = Rated games
web-leaderboard-unavailable = The leaderboard could not be read: try again later.
# $days: the days the climb is counted over.
web-climbers = Climbers of the last { $days } days
web-climbers-climb = Gained
web-climbers-none = Nobody has climbed this week yet.
web-accuracy-board = Best accuracy (at least { $games } reviewed rated games)
web-accuracy-board-accuracy = Accuracy
web-accuracy-board-none = Nobody has { $games } reviewed rated games yet: the best accuracy of the exact review shows here then.
web-accuracy-percent = { $accuracy }%
