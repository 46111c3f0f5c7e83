// The review of a finished game, from the server's GET …/review (the JSON of `martian-dice review
// --json`, docs/review-format.md): on the end screen, every seat's chance to win after every turn
// as a chart drawn in the page (inline SVG) and the biggest mistakes in words; in the replay, each
// step marked with its decision's class and loss; measured against a strategy card when the reader
// chooses one — a shipped card (the coach's choice of card, remembered on the device) or the
// reader's own, written in the page (POST …/review with its text, kept on the device): per
// decision what the card would do and what following it costs, and per seat the totals, also
// marked on the replay's steps. The page only shows what the server worked out.
import { t, lang, has, serverArgs } from "../i18n.js";
import { byId, esc, keepFocus } from "./dom.js";
import { SEAT_COLOURS } from "./colours.js";
import { FACE_NAMES, count, diceRow, diceWords, expand } from "./dice.js";
import { state, playerName } from "./state.js";
import { CARD_SIZES, cardAction, cardSelect, chosenCard, setCoachCard } from "./coach.js";

// Reviews by room, game and card: {status: "loading" | "ready" | "unavailable" | "failed", review,
// detail}.
const reviews = new Map();
// The game whose review the end screen shows ("room:number"), if any.
let shown = null;
const key = (room, number, card = 0) => (card ? `${room}:${number}:card-${card}` : `${room}:${number}`);

// The reader's own card: its text, kept on the device, and whether the review measures it.
const OWN_KEY = "martian-own-card";
let ownPicked = false;
let ownText = null;
const ownKey = (room, number) => `${room}:${number}:own`;

export function ownCardText() {
  if (ownText != null) return ownText;
  try {
    return localStorage.getItem(OWN_KEY) || "";
  } catch {
    return "";
  }
}

function setOwnCardText(text) {
  ownText = text;
  try {
    localStorage.setItem(OWN_KEY, text);
  } catch {
    // Without storage the text lasts until the page is left.
  }
}

// The card the review measures: "own", or a shipped card's size (0: none).
export function reviewChoice() {
  return ownPicked ? "own" : chosenCard();
}

// Sets `entry` from the server's answer to a review's request: "ready" with the review,
// "refused" with a card's error (400 in JSON), "unavailable" (503: the solutions are not at hand)
// or "failed" with why.
function settle(entry, request) {
  return request
    .then(async (response) => {
      if (response.ok) {
        entry.review = await response.json();
        entry.status = "ready";
      } else if (response.status === 400 && (response.headers.get("Content-Type") || "").includes("json")) {
        entry.refused = await response.json();
        entry.status = "refused";
      } else if (response.status === 503) {
        entry.status = "unavailable";
      } else {
        entry.status = "failed";
        entry.detail = `HTTP ${response.status}`;
      }
    })
    .catch((error) => {
      entry.status = "failed";
      entry.detail = String(error.message || error);
    });
}

// The game measured against the reader's own card `text`: sent to the server, kept until the
// next text is sent. A card that does not read comes back as the server's error (`refused`).
function measureOwnCard(roomId, number, text, onChange) {
  const entry = { status: "loading", text };
  reviews.set(ownKey(roomId, number), entry);
  const sent = fetch(`/api/rooms/${roomId}/games/${number}/review`, { method: "POST", headers: { "Content-Type": "text/plain; charset=utf-8" }, body: text });
  settle(entry, sent).finally(() => {
    if (reviews.get(ownKey(roomId, number)) === entry) onChange();
  });
}

// The review whose card measure marks the replay of game `number`: the own card's when it is
// chosen and measured, else the chosen shipped card's, else the plain review. With `onChange`,
// what is missing is fetched (once: call it so when the replay opens) and `onChange` called when
// it comes.
export function replayReview(number, roomId, onChange = null) {
  if (ownPicked) {
    const own = reviews.get(ownKey(roomId, number));
    if (own && own.status === "ready") return own;
  }
  const card = chosenCard();
  const entry = onChange ? fetchReview(number, roomId, onChange, card) : reviews.get(key(roomId, number, card)) || { status: "loading" };
  if (entry.status === "ready" || !card) return entry;
  const plain = reviews.get(key(roomId, number));
  return plain && plain.status === "ready" ? plain : entry;
}

// The review of game `number` of a room (measured against the shipped card of `card` lines, if
// not 0): fetched once, then kept (fetched again if it could not be had). `onChange` is called
// when it arrives.
export function fetchReview(number, roomId = state.roomId, onChange = null, card = 0) {
  const id = key(roomId, number, card);
  let entry = reviews.get(id);
  if (!entry || entry.status === "failed" || entry.status === "unavailable") {
    entry = { status: "loading", waiters: [] };
    reviews.set(id, entry);
    const loading = entry;
    settle(loading, fetch(`/api/rooms/${roomId}/games/${number}/review${card ? `?card=card-${card}` : ""}`))
      .finally(() => {
        const waiters = loading.waiters;
        loading.waiters = [];
        for (const waiter of waiters) waiter();
      });
  }
  if (entry.status === "loading" && onChange) entry.waiters.push(onChange);
  return entry;
}

// The review to show of a game with the card of `card` lines chosen: the card's when it has come,
// else one that has come (the chart stays while a card is measured); and the card's own entry.
export function entriesFor(roomId, number, card) {
  if (card === "own") {
    const plain = reviews.get(key(roomId, number)) || { status: "loading" };
    const measured = reviews.get(ownKey(roomId, number)) || { status: "unsent" };
    const main = measured.status === "ready" ? measured : [plain, ...CARD_SIZES.map((c) => reviews.get(key(roomId, number, c)))].find((e) => e && e.status === "ready") || plain;
    return { main, measured };
  }
  const own = reviews.get(key(roomId, number, card)) || { status: "loading" };
  const measured = card ? own : null;
  if (own.status === "ready") return { main: own, measured };
  const other = [0, ...CARD_SIZES].map((c) => reviews.get(key(roomId, number, c))).find((e) => e && e.status === "ready");
  return { main: other || own, measured };
}

// ------------------------------------------------------------------------------ numbers and words
function decimal(value, digits) {
  return new Intl.NumberFormat(lang(), { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(value);
}

// A loss, luck or skill in the review's unit: percentage points of a chance, or turns alone.
function amount(review, value, signed = false) {
  const turns = review.measure === "expected-turns";
  const scaled = turns ? value : value * 100;
  let text = decimal(Math.abs(scaled), turns ? 2 : 1);
  if (signed && /[1-9]/.test(text)) text = `${scaled < 0 ? "−" : "+"}${text}`;
  return t("web-review-loss", { unit: turns ? "turns" : "points", value: text });
}

const FACE_OF = { R: "death-ray", H: "human", C: "cow", K: "chicken" };

function actionArgs(action) {
  if (action === "stop" || action === "roll") return { action, face: "tank" };
  return { action: "take", face: FACE_OF[action] };
}

function classOf(decision) {
  return decision.forced ? "forced" : decision.class;
}

function verdict(review, decision) {
  return t("web-review-verdict", {
    class: classOf(decision),
    action: t("web-review-action", actionArgs(decision.chosen)),
    loss: amount(review, decision.loss),
    best: t("web-review-best-action", actionArgs(decision.best)),
  });
}

// A decision's mark in the replay: "took the cows: mistake, −3.1 points".
export function mark(review, decision) {
  return t("web-review-mark", {
    class: classOf(decision),
    action: t("web-review-action", actionArgs(decision.chosen)),
    loss: amount(review, decision.loss),
  });
}

// Why the best option of a decision is best (the coach's words; mistakes only).
export function why(decision) {
  const reason = decision.reason;
  if (!reason || !has(reason.id)) return "";
  return t("web-review-why", { reason: t(reason.id, serverArgs(reason.args)) });
}

// Where a decision was made: the roll to choose from, or the take before stop or roll.
function position(decision) {
  const tokens = decision.transcript.split(" ").filter(Boolean);
  const last = tokens[tokens.length - 1] || "";
  const [roll, took] = last.split("/");
  const dice = expand(roll);
  if (!took) return { dice, text: t("web-review-position", { kind: "roll", count: dice.length, dice: diceWords(dice) }) };
  const taken = t("face-count", { face: FACE_NAMES[took], count: count(dice, took) });
  return { dice, text: t("web-review-position", { kind: "after", taken, count: dice.length, dice: diceWords(dice) }) };
}

// ------------------------------------------------------------------------------ the chart
function series(review) {
  if (review.measure === "expected-turns") return [review.expected_turns || []];
  return review.players.map((_, seat) => review.win_probability.map((chances) => chances[seat] ?? 0));
}

function chart(review) {
  const lines = series(review);
  const points = Math.max(1, (lines[0] || []).length - 1);
  const turns = review.measure === "expected-turns";
  const values = lines.flat();
  const low = turns ? Math.floor(Math.min(...values)) : 0;
  const high = turns ? Math.max(Math.ceil(Math.max(...values)), low + 1) : 1;
  const [w, h, left, bottom, pad] = [320, 170, 34, 22, 8];
  const x = (i) => left + ((w - left - pad) * i) / points;
  const y = (v) => pad + (h - bottom - pad) * (1 - (v - low) / (high - low));
  const label = (v) => (turns ? decimal(v, 1) : `${Math.round(v * 100)}%`);
  const drawn = lines
    .map((row, seat) => {
      const colour = SEAT_COLOURS[seat % SEAT_COLOURS.length];
      const width = Math.max(1.5, 4 - seat * 0.5);
      const path = row.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
      return `<polyline points="${path}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linejoin="round"/>`;
    })
    .join("");
  const grid = [low, (low + high) / 2, high]
    .map((v) => `<line x1="${left}" x2="${w - pad}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" class="grid"/><text x="${left - 4}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end">${esc(label(v))}</text>`)
    .join("");
  const step = Math.max(1, Math.ceil(points / 8));
  const ticks = [];
  for (let i = 0; i <= points; i += step) ticks.push(`<text x="${x(i).toFixed(1)}" y="${h - 6}" text-anchor="middle">${i}</text>`);
  const names = turns ? [playerName(review.players[0])] : review.players.map(playerName);
  const description = lines
    .map((row, seat) => t("web-review-chart-row", { name: names[seat], values: row.map(label).join(", ") }))
    .join("; ");
  const title = t("web-review-chart-title", { measure: review.measure });
  const legend = names
    .map((name, seat) => `<li><span class="swatch" style="background:${SEAT_COLOURS[seat % SEAT_COLOURS.length]}"></span>${esc(name)}</li>`)
    .join("");
  return `<figure class="chart" id="review-chart">
    <svg viewBox="0 0 ${w} ${h}" role="img" aria-labelledby="review-chart-title review-chart-desc" preserveAspectRatio="xMidYMid meet">
      <title id="review-chart-title">${esc(title)}${review.approximate ? " ≈" : ""}</title><desc id="review-chart-desc">${esc(description)}</desc>
      ${grid}<line x1="${left}" x2="${left}" y1="${pad}" y2="${h - bottom}" class="axis"/>${ticks.join("")}${drawn}
    </svg>
    <figcaption><span class="muted">${esc(title)}${review.approximate ? " ≈" : ""} (${esc(t("web-review-chart-turns"))})</span><ul class="legend">${legend}</ul></figcaption></figure>`;
}

// ------------------------------------------------------------------------------ against a card
// A card's loss at a decision, with as many decimals as it takes not to read as none; a cost
// has no minus sign.
function cardLoss(review, loss, signed = false) {
  const turns = review.measure === "expected-turns";
  const scaled = turns ? loss : loss * 100;
  let digits = turns ? 2 : 1;
  while (digits < 6 && !/[1-9]/.test(decimal(scaled, digits))) digits += 1;
  return t("web-review-loss", { unit: turns ? "turns" : "points", value: `${signed ? "\u2212" : ""}${decimal(scaled, digits)}` });
}

// The card's mark on decision `index` in the replay, when the review is measured against a card:
// its line, its move, and whether that is the best or what it costs ({text, right}; null without).
export function cardMark(review, index) {
  const measured = review && review.card;
  const c = measured && measured.decisions.find((x) => x.decision === index);
  if (!c) return null;
  const d = review.decisions[index];
  const right = c.action === d.best || c.loss < 1e-12;
  const text = t("web-replay-card-mark", {
    right: right ? "yes" : "no",
    card: t("web-replay-card-line", { line: c.line || 0 }),
    doing: cardAction(c.action),
    loss: right ? "" : cardLoss(review, c.loss, false),
  });
  return { text, right };
}

// The game measured against the card (the review's `card`): per seat the totals, then per
// decision with a choice the card's move, its line in the reader's language and its cost.
function cardSection(review, card, level) {
  const measured = review.card;
  const words = (measured.words && (measured.words[lang()] || measured.words.en)) || measured.lines;
  const seats = measured.seats
    .map(
      (s) =>
        `<li>${esc(
          t("review-card-seat", {
            name: playerName(review.players[s.seat]),
            followed: s.followed,
            decisions: s.decisions,
            agreement: decimal(s.agreement, 0),
            player_loss: amount(review, s.player_loss),
            card_loss: amount(review, s.card_loss),
          }),
        )}</li>`,
    )
    .join("");
  const items = measured.decisions
    .map((c) => {
      const d = review.decisions[c.decision];
      const where = t("web-review-where", { turn: d.turn, round: d.round, name: playerName(review.players[d.seat]) });
      const doing = t("card-move", { line: c.line || 0, doing: cardAction(c.action), text: c.line ? words[c.line - 1] || "" : "" });
      const right = c.action === d.best || c.loss < 1e-12;
      const verdict = t("card-verdict", { right: right ? "yes" : "no", loss: right ? "" : cardLoss(review, c.loss), best: cardAction(d.best) });
      const followed = t("web-review-card-followed", { followed: c.followed ? "yes" : "no" });
      return `<li class="card-decision${right ? "" : " card-costs"}" data-decision="${c.decision}"><p><strong>${esc(where)}</strong>: ${esc(position(d).text)}</p>
        <p class="card-says">${esc(doing)} ${esc(verdict)}</p><p class="muted">${esc(followed)}</p></li>`;
    })
    .join("");
  const name = card === "own" ? t("web-review-own-name") : t("web-coach-card-option", { lines: card });
  return `<h${level} class="review-part">${esc(t("web-review-card", { card: name }))}</h${level}>
    <ul class="review-seats-card" id="review-card-seats">${seats}</ul>
    <details class="card-decisions" id="review-card-decisions"><summary>${esc(t("web-review-card-decisions", { count: measured.decisions.length }))}</summary><ol>${items}</ol></details>`;
}

// The card's part of a review: its choice, and the game against the chosen card.
function cardPart(measured, card, level) {
  const choice = `<p class="coach-card">${cardSelect("review-card-choice", card, true)}</p>`;
  if (!card || !measured) return `<div class="review-card">${choice}</div>`;
  const form = card === "own" ? ownCardForm(measured) : "";
  let body;
  switch (measured.status) {
    case "unsent":
      body = "";
      break;
    case "refused":
      body = `<p class="banner" role="alert" id="review-own-error">${esc(cardError(measured.refused))}</p>`;
      break;
    case "loading":
      body = `<p class="muted">${esc(t("web-review-card-loading"))}</p>`;
      break;
    case "unavailable":
      body = `<p class="banner">${esc(t("web-review-unavailable"))}</p>`;
      break;
    case "failed":
      body = `<p class="banner">${esc(t("web-review-failed", { detail: measured.detail || "" }))}</p>`;
      break;
    default:
      body = measured.review.card ? cardSection(measured.review, card, level) : "";
  }
  return `<div class="review-card" aria-busy="${measured.status === "loading"}">${choice}${form}${body}</div>`;
}

// Where the reader writes a card (in English or Portuguese, as the card files are) and sends it.
function ownCardForm(measured) {
  const text = ownCardText();
  return `<div class="own-card"><label for="review-own-card">${esc(t("web-review-own-card"))}</label>
    <textarea id="review-own-card" rows="6" spellcheck="false" placeholder="${esc(t("web-review-own-example"))}">${esc(text)}</textarea>
    <p class="muted small-print">${esc(t("web-review-own-help"))}</p>
    <button type="button" id="review-own-measure">${esc(t("web-review-own-measure"))}</button></div>`;
}

// A card the server could not read, in the reader's language: the line, the column and what was
// expected there (the words of `martian-dice card`).
export function cardError(refused) {
  const problem = refused.card_error || {};
  const item = (x) => (typeof x === "string" ? x : t("card-error-item", { item: x.item }));
  let text;
  switch (problem.kind) {
    case "expected": {
      const items = problem.expected.map(item);
      const or = t("card-error-or");
      const list = items.length > 1 ? `${items.slice(0, -1).join(", ")} ${or} ${items[items.length - 1]}` : items[0] || "";
      text = t("card-error-expected", { expected: list, found: item(problem.found) });
      break;
    }
    case "character":
      text = t("card-error-character", { char: problem.char });
      break;
    case "numbering":
      text = t("card-error-numbering", { found: problem.found, expected: problem.expected });
      break;
    case "number":
      text = t("card-error-number", { found: problem.found, min: problem.min, max: problem.max });
      break;
    case "roll-after-take":
      text = t("card-error-roll-after-take");
      break;
    default:
      return refused.error || "";
  }
  return t("card-error", { file: t("web-review-own-name"), line: refused.line, column: refused.column, problem: text });
}

// The card's choice in `scope`: remembered (the coach's too), the card's measure fetched, and
// `redraw` called now and when it arrives.
export function bindCardChoice(scope, roomId, number, redraw) {
  const select = scope && scope.querySelector("#review-card-choice");
  if (!select) return;
  select.onchange = () => {
    ownPicked = select.value === "own";
    if (!ownPicked) {
      const lines = Number(select.value);
      setCoachCard(lines);
      if (lines) fetchReview(number, roomId, redraw, lines);
    } else if (!reviews.get(key(roomId, number))) {
      fetchReview(number, roomId, redraw);
    }
    redraw();
    if (ownPicked) byId("review-own-card")?.focus();
  };
  const measure = scope.querySelector("#review-own-measure");
  const area = scope.querySelector("#review-own-card");
  if (area) area.oninput = () => setOwnCardText(area.value);
  if (measure) {
    measure.onclick = () => {
      const text = scope.querySelector("#review-own-card").value;
      setOwnCardText(text);
      measureOwnCard(roomId, number, text, redraw);
      redraw();
    };
  }
}

// ------------------------------------------------------------------------------ the end screen
function seatLines(review) {
  return review.seats
    .map((seat) => {
      const name = playerName(review.players[seat.seat]);
      if (!seat.decisions) return `<li>${esc(t("web-review-seat-none", { name }))}</li>`;
      const accuracy = seat.accuracy == null ? "—" : `${decimal(seat.accuracy, 1)}%`;
      return `<li>${esc(
        t("web-review-seat", {
          name,
          accuracy,
          decisions: seat.decisions,
          inaccuracies: seat.classes.inaccuracy,
          mistakes: seat.classes.mistake,
          blunders: seat.classes.blunder,
          luck: amount(review, seat.luck, true),
          skill: amount(review, seat.skill, true),
        }),
      )}</li>`;
    })
    .join("");
}

const CLASS_RANK = { best: 0, inaccuracy: 1, mistake: 2, blunder: 3 };

function mistakes(review) {
  const list = review.decisions
    .filter((d) => !d.forced && CLASS_RANK[d.class] > 0)
    .sort((a, b) => b.loss - a.loss)
    .slice(0, 5);
  if (!list.length) return `<p>${esc(t("web-review-no-mistakes", { least: amount(review, review.thresholds.inaccuracy) }))}</p>`;
  return `<ol class="mistakes">${list
    .map((d) => {
      const where = t("web-review-where", { turn: d.turn, round: d.round, name: playerName(review.players[d.seat]) });
      const at = position(d);
      return `<li class="mistake class-${d.class}"><p><strong>${esc(where)}</strong>: ${esc(at.text)}</p>
        ${diceRow(at.dice, { extra: "tiny" })}<p>${esc(verdict(review, d))}</p>${d.reason ? `<p class="why">${esc(why(d))}</p>` : ""}</li>`;
    })
    .join("")}</ol>`;
}

// Where and why the review stops, in words.
function stoppedWords(review) {
  const { turn, reason } = review.stopped;
  return t("web-review-stopped", { turn: turn || 0, kind: reason.kind, detail: reason.detail });
}

// In the replay, on the turn where the review stops and the turns after it: where and why.
export function stoppedAt(review, turnNumber) {
  if (!review || !review.stopped || !review.stopped.turn || turnNumber < review.stopped.turn) return "";
  return stoppedWords(review);
}

function notes(review) {
  const out = [];
  if (review.approximate) out.push(`<p class="muted">${esc(t("web-review-approximate"))}</p>`);
  if (review.stopped) {
    out.push(`<p class="banner">${esc(stoppedWords(review))}</p>`);
  } else if (!review.finished) {
    out.push(`<p class="muted">${esc(t("web-review-unfinished"))}</p>`);
  }
  return out.join("");
}

// `level`: its headings' level, one below the review's title (the end screen's h3, the review
// page's h1).
export function reviewBody(entry, measured = null, card = 0, level = 4) {
  switch (entry.status) {
    case "loading":
      return `<p class="muted">${esc(t("web-review-loading"))}</p>`;
    case "unavailable":
      return `<p class="banner">${esc(t("web-review-unavailable"))}</p>`;
    case "failed":
      return `<p class="banner">${esc(t("web-review-failed", { detail: entry.detail || "" }))}</p>`;
    default: {
      const review = entry.review;
      return `${notes(review)}${chart(review)}<ul class="review-seats">${seatLines(review)}</ul>
        <h${level} class="review-part">${esc(t("web-review-mistakes"))}</h${level}>${mistakes(review)}${cardPart(measured, card, level)}`;
    }
  }
}

// The review's part of the end screen: empty until the Review button opens it.
export function reviewSlot(room, game) {
  if (shown !== key(room.id, game.number)) return "";
  const card = reviewChoice();
  const { main, measured } = entriesFor(room.id, game.number, card);
  return `<section class="review" aria-labelledby="review-title" aria-busy="${main.status === "loading"}">
    <h3 id="review-title">${esc(t("web-review-title", { number: game.number }))}</h3>${reviewBody(main, measured, card)}</section>`;
}

// The Review button of the end screen.
export function reviewButton(room, game) {
  const open = shown === key(room.id, game.number);
  return `<button type="button" id="review-toggle" aria-expanded="${open}" aria-controls="review-slot">${esc(t("web-review"))}</button>`;
}

// Draws the review's part of the end screen again, keeping the focus.
function redrawSlot() {
  const room = state.room;
  const slot = byId("review-slot");
  if (!slot || !room || !room.game) return;
  keepFocus(() => {
    slot.innerHTML = reviewSlot(room, room.game);
    const toggle = byId("review-toggle");
    if (toggle) toggle.setAttribute("aria-expanded", String(shown === key(room.id, room.game.number)));
  });
  bindCardChoice(slot, room.id, room.game.number, redrawSlot);
}

export function bindReview(root) {
  const toggle = root.querySelector("#review-toggle");
  if (!toggle) return;
  if (state.room && state.room.game) bindCardChoice(root, state.room.id, state.room.game.number, redrawSlot);
  toggle.onclick = () => {
    const room = state.room;
    const id = key(room.id, room.game.number);
    if (shown === id) {
      shown = null;
    } else {
      shown = id;
      const card = reviewChoice();
      fetchReview(room.game.number, room.id, redrawSlot, card === "own" ? 0 : card);
    }
    redrawSlot();
  };
}

// ------------------------------------------------------------------------------ the replay
// The marks of one turn's steps (its transcript's tokens), from the turn's decisions in order: a
// take is marked on its roll's step; rolling again on the next roll's step; a stop on the stop.
// `turnNumber` counts from 1 as in the record; a turn the review did not reach has no marks.
export function turnMarks(review, turnNumber, tokens) {
  const turn = review && review.turns.find((reviewed) => reviewed.turn === turnNumber);
  if (!turn) return tokens.map(() => []);
  const queue = review.decisions.slice(turn.decisions.start, turn.decisions.end);
  const marks = tokens.map(() => []);
  tokens.forEach((token, i) => {
    if (token === "stop") {
      if (queue[0] && queue[0].chosen === "stop") marks[i].push(queue.shift());
      return;
    }
    if (i > 0 && queue[0] && queue[0].chosen === "roll") marks[i].push(queue.shift());
    const took = token.split("/")[1];
    if (took && queue[0] && queue[0].chosen === took) marks[i].push(queue.shift());
  });
  return marks;
}
