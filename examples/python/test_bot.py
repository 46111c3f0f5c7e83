"""Tests of the example Python bot: `python3 -m unittest discover examples/python`."""

import json
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bot  # noqa: E402

RULES = {"dice": 13, "target": 25, "bonus": "one-of-each", "end": "complete-round", "tie": "roll-off"}


def counts(text):
    return {face: text.count(face) for face in "TRHCK"}


def message(aside, roll=None, scores=(0, 0), seat=0, triggered_by=None, score=0):
    aside_counts = counts(aside)
    dice_left = 13 - len(aside)
    if roll is not None:
        legal = ["R"] if "R" in roll else []
        legal += [f for f in "HCK" if f in roll and aside_counts[f] == 0]
        phase = "choose"
        aside_counts["T"] += roll.count("T")
        dice_left -= roll.count("T")
    else:
        legal, phase = ["stop", "roll"], "stop-or-roll"
    return {
        "type": "decide", "id": 1, "rules": RULES, "players": len(scores), "seat": seat,
        "round": 1, "scores": list(scores), "triggered_by": triggered_by,
        "turn": {"phase": phase, "aside": aside_counts, "roll": counts(roll) if roll else None,
                 "dice_left": dice_left, "score": score},
        "legal": legal,
    }


class Decisions(unittest.TestCase):
    def test_takes_rays_while_tanks_lead(self):
        self.assertEqual(bot.decide(message("", "TTTRRHHHHCCCK")), "R")

    def test_takes_a_missing_earthling_type_when_rays_are_safe(self):
        self.assertEqual(bot.decide(message("RRRRRR", "HHHCKKK")), "K")

    def test_never_takes_a_group_that_makes_the_bust_certain(self):
        # 6 tanks aside, no rays; the roll's 4 humans would leave 3 dice for 6 tanks.
        self.assertEqual(bot.decide(message("", "TTTTTTHHHHCCR")), "R")

    def test_rolls_with_nothing_at_stake(self):
        self.assertEqual(bot.decide(message("RRRR", score=0)), "roll")

    def test_stops_when_a_big_score_is_at_risk(self):
        self.assertEqual(bot.decide(message("TTRRHHHHCCC", score=7)), "stop")

    def test_stops_when_stopping_wins_the_game(self):
        msg = message("RRRRRHHH", scores=(24, 22), seat=1, triggered_by=0, score=3)
        self.assertEqual(bot.decide(msg), "stop")

    def test_answers_are_always_legal(self):
        for aside, roll in [("", "TTTTTTTTTTTTH"), ("RRHH", "TTHHHCCKK"), ("TRHCK", "RRHCKKKK")]:
            msg = message(aside, roll)
            self.assertIn(bot.decide(msg), msg["legal"])


class Protocol(unittest.TestCase):
    def test_a_session_over_stdin_and_stdout(self):
        lines = [
            {"type": "hello", "protocol": 1, "host": "test"},
            {"type": "game", "rules": RULES, "players": 2, "seat": 0},
            message("", "TTTRRHHHHCCCK"),
            {"type": "game-over", "seat": 0, "scores": [25, 3], "winners": [0], "forfeit": None},
            {"type": "bye"},
        ]
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bot.py")
        result = subprocess.run(
            [sys.executable, script],
            input="".join(json.dumps(line) + "\n" for line in lines),
            capture_output=True, text=True, timeout=30, check=True,
        )
        answers = [json.loads(line) for line in result.stdout.splitlines()]
        self.assertEqual(answers[0]["type"], "hello")
        self.assertEqual(answers[0]["protocol"], 1)
        self.assertEqual(answers[1], {"action": "R", "id": 1})
        self.assertEqual(len(answers), 2)


if __name__ == "__main__":
    unittest.main()
