#!/usr/bin/env node
// A Martian Dice bot for `martian-dice arena --bots exec:node:examples/js/bot.js`.
//
// It speaks version 1 of the bot protocol (docs/bot-protocol.md): one JSON object per line on
// stdin, one answer per line on stdout. Its strategy looks one roll ahead, exactly:
//
// * Choosing a type: it scores every legal take by the value of the turn after it (see below)
//   and picks the best.
// * Stop or roll: it compares the points in hand with the exact expected score of rolling the
//   dice left once more, taking the best type from that roll and then stopping ("one-step
//   lookahead"). It stops when stopping wins the game.
//
// The roll distribution is enumerated exactly: every way to spread n dice over the faces, with
// the multinomial probability (a death ray is on two of the six sides). Only Node's standard
// library is used.
"use strict";

const readline = require("node:readline");

const PROTOCOL = 1;
const FACES = ["T", "R", "H", "C", "K"];
const EARTHLINGS = ["H", "C", "K"];
const SIDES = { T: 1, R: 2, H: 1, C: 1, K: 1 };
const BONUS = 3;

function factorial(n) {
  let f = 1;
  for (let i = 2; i <= n; i += 1) f *= i;
  return f;
}

const rollCache = new Map();

/** Every roll of n dice with its probability, as [{counts, p}]. */
function rolls(n) {
  if (rollCache.has(n)) return rollCache.get(n);
  const list = [];
  const counts = { T: 0, R: 0, H: 0, C: 0, K: 0 };
  const spread = (index, left) => {
    const face = FACES[index];
    if (index === FACES.length - 1) {
      counts[face] = left;
      let p = factorial(n);
      for (const f of FACES) p *= (SIDES[f] / 6) ** counts[f] / factorial(counts[f]);
      list.push({ counts: { ...counts }, p });
      return;
    }
    for (let k = 0; k <= left; k += 1) {
      counts[face] = k;
      spread(index + 1, left - k);
    }
  };
  spread(0, n);
  rollCache.set(n, list);
  return list;
}

/** The score of a turn with these dice set aside. */
function score(aside, rules) {
  if (aside.T > aside.R) return 0;
  const earthlings = aside.H + aside.C + aside.K;
  const bonus =
    rules.bonus === "any-earthling"
      ? earthlings > 0
      : EARTHLINGS.every((f) => aside[f] > 0);
  return earthlings + (bonus ? BONUS : 0);
}

function legalTakes(aside, roll) {
  const takes = [];
  if (roll.R > 0) takes.push("R");
  for (const f of EARTHLINGS) if (roll[f] > 0 && aside[f] === 0) takes.push(f);
  return takes;
}

function take(aside, roll, face) {
  return { ...aside, [face]: aside[face] + roll[face] };
}

/** Expected score of rolling `left` dice once, taking the best type, then stopping. */
function oneRollValue(aside, left, rules) {
  let value = 0;
  for (const { counts, p } of rolls(left)) {
    const withTanks = { ...aside, T: aside.T + counts.T };
    const takes = legalTakes(withTanks, counts);
    if (takes.length === 0) {
      value += p * score(withTanks, rules);
      continue;
    }
    let best = -Infinity;
    for (const face of takes) best = Math.max(best, score(take(withTanks, counts, face), rules));
    value += p * best;
  }
  return value;
}

function diceLeft(aside, rules) {
  return rules.dice - FACES.reduce((sum, f) => sum + aside[f], 0);
}

/** What a turn with `aside` set aside is worth to this bot: stop now, or one more roll. */
function valueAfterTake(aside, rules) {
  const stop = score(aside, rules);
  const left = diceLeft(aside, rules);
  if (left === 0) return stop;
  return Math.max(stop, oneRollValue(aside, left, rules));
}

function stoppingWins(msg) {
  const { rules, seat, scores } = msg;
  const total = scores[seat] + msg.turn.score;
  const reached = total >= rules.target;
  if (rules.end === "immediate") return reached;
  if (seat !== scores.length - 1 || !(reached || msg.triggered_by !== null)) return false;
  const others = scores.filter((_, i) => i !== seat);
  if (others.length === 0) return true;
  const best = Math.max(...others);
  return rules.tie === "shared" ? total >= best : total > best;
}

function decide(msg) {
  const { turn, rules, legal } = msg;
  if (turn.phase === "choose") {
    let best = legal[0];
    let bestValue = -Infinity;
    for (const face of legal) {
      const value = valueAfterTake(take(turn.aside, turn.roll, face), rules);
      if (value > bestValue) {
        best = face;
        bestValue = value;
      }
    }
    return best;
  }
  if (stoppingWins(msg)) return "stop";
  const rollValue = oneRollValue(turn.aside, turn.dice_left, rules);
  return rollValue > turn.score ? "roll" : "stop";
}

function main() {
  const input = readline.createInterface({ input: process.stdin, terminal: false });
  input.on("line", (line) => {
    if (line.trim() === "") return;
    const msg = JSON.parse(line);
    if (msg.type === "hello") {
      process.stdout.write(`${JSON.stringify({ type: "hello", protocol: PROTOCOL, name: "js-one-step" })}\n`);
    } else if (msg.type === "decide") {
      process.stdout.write(`${JSON.stringify({ action: decide(msg), id: msg.id })}\n`);
    } else if (msg.type === "bye") {
      input.close();
    }
    // "game" and "game-over" need no answer.
  });
}

module.exports = { decide, oneRollValue, rolls, score, stoppingWins };

if (require.main === module) main();
