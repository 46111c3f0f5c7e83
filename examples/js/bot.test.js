// Tests of the example JavaScript bot: `node --test examples/js/`.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const { spawnSync } = require("node:child_process");
const path = require("node:path");
const bot = require("./bot.js");

const RULES = { dice: 13, target: 25, bonus: "one-of-each", end: "complete-round", tie: "roll-off" };

function counts(text) {
  const c = { T: 0, R: 0, H: 0, C: 0, K: 0 };
  for (const ch of text) c[ch] += 1;
  return c;
}

function message(aside, roll, { scores = [0, 0], seat = 0, triggeredBy = null } = {}) {
  const a = counts(aside);
  let diceLeft = 13 - aside.length;
  let legal;
  let phase;
  if (roll) {
    const r = counts(roll);
    legal = (r.R > 0 ? ["R"] : []).concat(["H", "C", "K"].filter((f) => r[f] > 0 && a[f] === 0));
    phase = "choose";
    a.T += r.T;
    diceLeft -= r.T;
  } else {
    legal = ["stop", "roll"];
    phase = "stop-or-roll";
  }
  return {
    type: "decide", id: 1, rules: RULES, players: scores.length, seat, round: 1, scores,
    triggered_by: triggeredBy,
    turn: { phase, aside: a, roll: roll ? counts(roll) : null, dice_left: diceLeft, score: bot.score(a, RULES) },
    legal,
  };
}

test("roll probabilities sum to one and rays are on two sides", () => {
  for (const n of [1, 2, 5, 13]) {
    const total = bot.rolls(n).reduce((s, r) => s + r.p, 0);
    assert.ok(Math.abs(total - 1) < 1e-12, `n = ${n}: ${total}`);
  }
  const oneDie = bot.rolls(1);
  assert.ok(Math.abs(oneDie.find((r) => r.counts.R === 1).p - 1 / 3) < 1e-15);
});

test("one more roll with one die and no free type can only lose", () => {
  // T2 R2 H3 C3 K2 aside: 11 points; the last die busts on a tank (1/6).
  const aside = counts("TTRRHHHCCCKK");
  assert.ok(Math.abs(bot.oneRollValue(aside, 1, RULES) - (11 * 5) / 6) < 1e-12);
  assert.equal(bot.decide(message("TTRRHHHCCCKK")), "stop");
});

test("rolls on with nothing at stake", () => {
  assert.equal(bot.decide(message("RRRRR")), "roll");
});

test("secures death rays to save the points in hand", () => {
  // Four humans aside, then three tanks: the three rays save 4 points; the cows would not.
  assert.equal(bot.decide(message("HHHH", "TTTRRRCCK")), "R");
});

test("stops when stopping wins the game", () => {
  const msg = message("RRRRRHHH", null, { scores: [24, 22], seat: 1, triggeredBy: 0 });
  assert.equal(bot.decide(msg), "stop");
});

test("answers are always legal", () => {
  for (const [aside, roll] of [["", "TTTTTTTTTTTTH"], ["RRHH", "TTHHHCCKK"], ["TRHCK", "RRHCKKKK"]]) {
    const msg = message(aside, roll);
    assert.ok(msg.legal.includes(bot.decide(msg)));
  }
});

test("a session over stdin and stdout", () => {
  const lines = [
    { type: "hello", protocol: 1, host: "test" },
    { type: "game", rules: RULES, players: 2, seat: 0 },
    message("HHHH", "TTTRRRCCK"),
    { type: "game-over", seat: 0, scores: [25, 3], winners: [0], forfeit: null },
    { type: "bye" },
  ];
  const result = spawnSync(process.execPath, [path.join(__dirname, "bot.js")], {
    input: lines.map((l) => `${JSON.stringify(l)}\n`).join(""),
    encoding: "utf8",
    timeout: 30000,
  });
  assert.equal(result.status, 0, result.stderr);
  const answers = result.stdout.trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(answers.length, 2);
  assert.equal(answers[0].type, "hello");
  assert.equal(answers[0].protocol, 1);
  assert.deepEqual(answers[1], { action: "R", id: 1 });
});
