#!/usr/bin/env python3
"""A Martian Dice bot for `martian-dice arena --bots exec:python3:examples/python/bot.py`.

It speaks version 1 of the bot protocol (docs/bot-protocol.md): one JSON object per line on
stdin, one answer per line on stdout. Its strategy is a risk budget:

* Choosing a type: death rays while the tanks lead (or would lead, counting one tank in six
  of the dice still to roll); otherwise the earthling group worth most — a type missing for the
  bonus, then the largest group — as long as taking it leaves enough dice to catch up with the
  tanks; death rays if no earthling is worth it.
* Stop or roll: stop when stopping wins the game; roll when nothing is at stake; otherwise roll
  only while the chance that the next roll busts the turn, times the points at stake, is smaller
  than what the roll can be expected to add.

Only the standard library is used.
"""

import json
import math
import sys

PROTOCOL = 1
EARTHLINGS = ("H", "C", "K")


def binomial_tail(n, k, p):
    """P(X > k) for X ~ Binomial(n, p)."""
    if k < 0:
        return 1.0
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k + 1, n + 1))


def stopping_wins(msg):
    """Whether banking now ends the game with this seat among the winners."""
    rules, seat, scores = msg["rules"], msg["seat"], msg["scores"]
    total = scores[seat] + msg["turn"]["score"]
    reached = total >= rules["target"]
    if rules["end"] == "immediate":
        return reached
    if seat != len(scores) - 1 or not (reached or msg["triggered_by"] is not None):
        return False
    others = [s for i, s in enumerate(scores) if i != seat]
    if not others:
        return True
    best = max(others)
    return total >= best if rules["tie"] == "shared" else total > best


def choose(msg):
    turn, legal = msg["turn"], msg["legal"]
    aside, roll = turn["aside"], turn["roll"]
    tanks, rays = aside["T"], aside["R"]
    left = turn["dice_left"]
    expected_tanks = tanks + (left - roll["R"]) / 6.0
    if "R" in legal and rays < expected_tanks:
        return "R"
    options = []
    for face in EARTHLINGS:
        if face not in legal:
            continue
        count = roll[face]
        # After the take, `left - count` dice remain to roll: they must be able to bring the
        # rays up to the tanks.
        if rays + (left - count) < tanks:
            continue
        missing = aside[face] == 0
        options.append((missing, count, face))
    if options:
        return max(options)[2]
    if "R" in legal:
        return "R"
    return legal[0]


def stop_or_roll(msg):
    turn = msg["turn"]
    if stopping_wins(msg):
        return "stop"
    score, left = turn["score"], turn["dice_left"]
    aside = turn["aside"]
    if score == 0:
        return "roll"
    margin = aside["R"] - aside["T"]
    # The next roll busts the turn if more tanks than the margin come up (the rays rolled
    # can only be taken instead of earthlings, so count on none).
    p_bust = binomial_tail(left, margin, 1.0 / 6.0)
    free = [f for f in EARTHLINGS if aside[f] == 0]
    if not free:
        return "stop"
    # A free type shows on a die with probability 1/6 each: the best group is worth about
    # that many points, plus a share of the bonus when it completes the set.
    gain = left / 6.0 * (1.0 + 0.35 * (len(free) - 1))
    if len(free) == 1 and all(aside[f] > 0 for f in EARTHLINGS if f not in free):
        gain += 3.0 * (1.0 - (5.0 / 6.0) ** left)
    return "roll" if p_bust * score < (1.0 - p_bust) * gain else "stop"


def decide(msg):
    if msg["turn"]["phase"] == "choose":
        return choose(msg)
    return stop_or_roll(msg)


def main():
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "hello":
            out.write(json.dumps({"type": "hello", "protocol": PROTOCOL, "name": "python-risk-budget"}) + "\n")
            out.flush()
        elif kind == "decide":
            out.write(json.dumps({"action": decide(msg), "id": msg["id"]}) + "\n")
            out.flush()
        elif kind == "bye":
            break
        # "game" and "game-over" need no answer.


if __name__ == "__main__":
    main()
