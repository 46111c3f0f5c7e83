// The game screen: the board (the last turn's end held on screen, the roll, the dice set aside,
// the tanks-against-rays balance and what the turn scores), the player's actions with their keys,
// the coach, and beside it the scores, quick messages and the turns.
import { t, has, percent, serverArgs } from "../i18n.js";
import { byId, esc, keepFocus } from "./dom.js";
import { FACE_NAMES, count, diceRow, diceWords, faceIcon } from "./dice.js";
import { state, seatName, playerName, savedName, saveName } from "./state.js";
import { send, applyOffline } from "./net.js";
import { keyOf, coachKey } from "./keys.js";
import { seatTable, bindSeatButtons } from "./seats.js";
import { turnsList, bindTurns, outcomeText, lastRoll } from "./turns.js";
import { endPanel, bindEnd } from "./end.js";
import { finishedList, bindFinished } from "./finished.js";

// How long the end of a turn stays on screen at least, even when the next roll comes sooner.
export const HOLD_MS = 2500;
const openTurns = new Set();
let holdTimer = null;

export function myTurn(room = state.room) {
  const game = room && room.game;
  return Boolean(game && state.seat != null && game.to_move === state.seat && room.status === "playing");
}

// The last turn that ended, held until the next player's first roll and at least HOLD_MS.
function heldOutcome(game) {
  const last = game.history[game.history.length - 1];
  if (!last) return null;
  const index = game.history.length - 1;
  if (!state.outcome || state.outcome.index !== index || state.outcome.number !== game.number) {
    state.outcome = { index, number: game.number, since: Date.now() };
  }
  const fresh = game.turn.phase === "to_roll" && !game.turn.aside && game.awaiting === "roll";
  const young = Date.now() - state.outcome.since < HOLD_MS;
  if (!fresh && !young) return null;
  if (!fresh) {
    clearTimeout(holdTimer);
    holdTimer = setTimeout(() => state.room && state.room.status !== "lobby" && renderGameAgain(), HOLD_MS - (Date.now() - state.outcome.since) + 20);
  }
  return last;
}

let renderGameAgain = () => {};

export function renderGame(app, redraw) {
  renderGameAgain = redraw;
  const room = state.room;
  const game = room.game;
  const turn = game.turn;
  const mine = myTurn(room);
  const over = room.status === "over";
  const mover = game.to_move != null ? seatName(room, game.to_move) : seatName(room, game.seat);

  const headline = over ? t("web-game-over") : mine ? t("web-your-turn") : t("web-turn-of", { name: mover });
  const banner =
    game.triggered_by != null && !over
      ? `<p class="banner">${esc(t("web-last-round", { name: seatName(room, game.triggered_by), target: room.rules.target }))}</p>`
      : "";
  const rollOff = game.awaiting === "roll_off_roll" || (game.roll_off && game.roll_off.rounds.length);
  const outcome = over ? null : heldOutcome(game);
  let table = "";
  if (rollOff) table = rollOffPanel(room, game);
  else if (!over && !(outcome && turn.phase === "to_roll" && !turn.aside)) table = turnPanel(turn);
  if (!table && !over && !mine && !rollOff && turn.phase === "to_roll") table = `<p class="muted">${esc(t("web-waiting-roll", { name: mover }))}</p>`;

  const timer = state.deadlineAt && !over ? `<span id="timer" class="timer" role="timer"></span>` : "";
  const actions = mine ? actionButtons(game, turn) : "";
  const spectators = room.spectators ? `<p class="muted">${esc(t("web-spectators", { count: room.spectators }))}</p>` : "";

  keepFocus(() => {
    app.innerHTML = `
    <div class="game">
      <section class="card board" id="board" aria-labelledby="headline" data-turn-score="${turn.score}" data-tanks-lead="${turn.tanks_win}" data-my-turn="${mine}">
        ${latecomer(room)}
        ${banner}
        <div class="headline"><h1 id="headline">${esc(headline)}</h1>${timer}</div>
        <p class="muted round-line">${esc(t("web-round", { round: game.round }))} · ${esc(t("web-target"))} ${room.rules.target}
          <button type="button" class="link-button" data-help="scoring">${esc(t("web-how-to-play"))}</button></p>
        ${outcome ? outcomePanel(room, outcome, turn.phase === "to_roll" && !turn.aside) : ""}
        ${table}
        <div class="actions" id="actions" tabindex="-1" aria-label="${esc(t("web-actions"))}" role="group">${actions}</div>
        ${coachPanel(room, game, mine)}
        ${over ? endPanel(room, game) : ""}
      </section>
      <aside class="side">
        <section class="card" aria-labelledby="scores-title"><h2 id="scores-title" class="visually-hidden">${esc(t("web-score"))}</h2>${seatTable(room, game)}${spectators}</section>
        ${quickMessages()}
        ${turnsList(room, game)}
        ${finishedList(room)}
      </aside>
    </div>`;
  }, "#actions");
  bindSeatButtons(app);
  bindFinished(app);
  bindTurns(app, openTurns);
  bindEnd(app);
  app.querySelectorAll("[data-act]").forEach((button) => {
    button.onclick = () => {
      if (!send({ type: "act", action: button.dataset.act })) return;
      app.querySelectorAll("[data-act]").forEach((b) => (b.disabled = true));
      byId("actions").focus({ preventScroll: true });
    };
  });
  const quick = byId("quick");
  if (quick) quick.ontoggle = () => (state.quickOpen = quick.open);
  app.querySelectorAll("[data-say]").forEach((button) => {
    button.onclick = () => send({ type: "say", message: button.dataset.say });
  });
  const coachButton = byId("coach");
  if (coachButton) {
    coachButton.onclick = () => {
      state.coachOn = !state.coachOn;
      state.advice = null;
      send({ type: "coach", on: state.coachOn });
      redraw();
    };
  }
  if (state.coachOn && state.advice && state.advice.best) {
    const best = app.querySelector(`#actions [data-act="${state.advice.best}"]`);
    if (best) best.classList.add("coach-best");
  }
  const joinNext = byId("join-next-form");
  if (joinNext) {
    joinNext.onsubmit = (e) => {
      e.preventDefault();
      const input = byId("join-next-name");
      const name = input.value.trim();
      if (!name) {
        input.reportValidity();
        return;
      }
      saveName(name);
      send({ type: "join_next", name });
    };
  }
  applyOffline();
  tickTimer();
}

// A spectator of a game under way is told why they watch, and how to play the next game.
function latecomer(room) {
  if (state.seat != null) return "";
  if (state.waiting) {
    const place = (room.waiting || []).findIndex((w) => w.name === state.waitingName);
    return `<p class="banner info" id="latecomer">${esc(t("web-in-line", { place: place + 1 }))}</p>`;
  }
  const full = room.seats.length + (room.waiting || []).length >= 8;
  const ask = full
    ? ""
    : `<form id="join-next-form" class="row"><label for="join-next-name" class="visually-hidden">${esc(t("web-your-name"))}</label>
      <input id="join-next-name" maxlength="24" required autocomplete="nickname" value="${esc(savedName())}" placeholder="${esc(t("web-your-name"))}">
      <button type="submit" id="join-next" class="primary" data-sends>${esc(t("web-join-next"))}</button></form>`;
  return `<div class="banner info" id="latecomer"><p>${esc(room.status === "over" ? t("web-watching-over") : t("web-watching-game"))}</p>${ask}</div>`;
}

function outcomePanel(room, turn, whole) {
  const roll = lastRoll(turn.transcript);
  const text = outcomeText(turn);
  if (!whole) {
    // The next turn has begun: one line, so that the new roll and the buttons stay in view.
    return `<section class="outcome compact${turn.tanks_win ? " lost" : ""}" id="last-turn" data-index="${state.outcome.index}" aria-label="${esc(t("web-last-turn"))}">
      <p class="outcome-text"><strong>${esc(seatName(room, turn.seat))}</strong> — <span id="last-turn-text">${esc(text)}</span></p></section>`;
  }
  return `<section class="outcome${turn.tanks_win ? " lost" : ""}" id="last-turn" data-index="${state.outcome.index}" aria-label="${esc(t("web-last-turn"))}">
    <p class="outcome-text"><strong>${esc(seatName(room, turn.seat))}</strong> — <span id="last-turn-text">${esc(text)}</span></p>
    <div class="outcome-dice">
      ${roll ? `<div><p class="zone-title">${esc(t("web-last-roll"))}</p>${diceRow(roll.roll, { extra: "small", id: "last-roll" })}</div>` : ""}
      <div><p class="zone-title">${esc(t("web-aside"))}</p>${diceRow(turn.aside, { extra: "small" })}</div>
    </div></section>`;
}

function turnPanel(turn) {
  const roll = turn.roll || "";
  const tanks = count(roll, "T");
  const shown = [...roll].filter((f) => f !== "T").join("");
  const fresh = state.freshRoll ? "rolling" : "";
  const rolled = roll
    ? `<div class="zone"><h2 class="zone-title">${esc(t("web-rolled"))}</h2>${diceRow(shown, { extra: fresh, id: "roll", label: t("web-roll-label", { dice: diceWords(roll) }) })}
      ${tanks ? `<p class="forced">${faceIcon("T")} ${esc(t("web-tanks-forced", { count: tanks }))}</p>` : ""}</div>`
    : "";
  const lead = turn.tanks_win;
  const total = Math.max(1, turn.tanks + turn.rays);
  const why = turn.bonus > 0 ? "bonus" : "plain";
  if (!roll && !turn.aside) return "";
  return `
    ${rolled}
    <div class="zone"><h2 class="zone-title">${esc(t("web-aside"))}</h2>${diceRow(turn.aside, { id: "aside", extra: "aside" })}</div>
    <div class="balance ${lead ? "tanks-lead" : "rays-hold"}">
      <div class="bar" aria-hidden="true"><span class="tanks" style="width:${(100 * turn.tanks) / total}%"></span><span class="rays" style="width:${(100 * turn.rays) / total}%"></span></div>
      <p class="balance-text">${esc(t("web-tanks-vs-rays", { tanks: turn.tanks, rays: turn.rays }))} — ${esc(lead ? t("web-tanks-lead") : t("web-rays-hold"))}</p>
    </div>
    <p class="turn-score" id="turn-score"><strong>${esc(t("web-turn-score", { points: turn.score }))}</strong>
      ${lead ? "" : `<span class="muted">${esc(t("web-score-why", { why, earthlings: turn.earthlings, bonus: turn.bonus }))}</span>`} · ${esc(t("web-dice-left", { count: turn.dice_left }))}</p>`;
}


// The same words on the buttons and in the coach.
export function actionLabel(game, turn, act) {
  if (act === "roll") return game.awaiting === "roll_off_roll" ? t("web-roll-off-roll") : game.awaiting === "roll" ? t("web-roll") : t("web-roll-again");
  if (act === "stop") return t("web-stop", { points: turn.score });
  return t("web-take", { face: FACE_NAMES[act], count: count(turn.roll, act) });
}

function actionButtons(game, turn) {
  return turn.legal
    .map((act) => {
      const cls = act === "roll" ? "primary" : act === "stop" ? "stop" : `take face-${act}`;
      const key = keyOf(act);
      const icon = act.length === 1 ? faceIcon(act) : "";
      return `<button type="button" class="act ${cls}" data-act="${act}" data-sends aria-keyshortcuts="${esc(key)}">${icon}<span>${esc(actionLabel(game, turn, act))}</span><kbd aria-hidden="true">${esc(key)}</kbd></button>`;
    })
    .join("");
}

// The coach (games of one person against one bot, when the server has the solver).
function coachOffered(room) {
  if (!state.welcome || !state.welcome.coach || state.seat == null) return false;
  const people = room.seats.filter((s) => !s.bot).length;
  return room.seats.length === 2 && people === 1 && room.rules.target <= 100 && room.status === "playing";
}

function coachPanel(room, game, mine) {
  if (!coachOffered(room)) return "";
  const key = coachKey();
  const toggle = `<button type="button" id="coach" class="small" data-sends aria-pressed="${state.coachOn}" aria-keyshortcuts="${esc(key)}">${esc(t("web-coach"))}<kbd aria-hidden="true">${esc(key)}</kbd></button>`;
  if (!state.coachOn) return `<div class="coach">${toggle}</div>`;
  const advice = state.advice;
  if (!advice) return `<div class="coach">${toggle} <span class="muted">${esc(t("web-coach-thinking"))}</span></div>`;
  const bar = room.seats
    .map((s, i) => `<span class="chance seat-${i}" style="width:${(100 * advice.chances[i]).toFixed(2)}%">${esc(playerName(s))} ${percent(advice.chances[i], advice.places)}</span>`)
    .join("");
  let options = "";
  if (mine && advice.options.length) {
    options = `<p class="muted">${esc(t("web-coach-options"))}</p><ul class="coach-options">${advice.options
      .map((o) => {
        const icon = o.action.length === 1 ? faceIcon(o.action) : "";
        const best = o.action === advice.best ? ` <strong class="best">${esc(t("web-coach-best"))}</strong>` : "";
        return `<li data-option="${esc(o.action)}">${icon}<span>${esc(actionLabel(game, game.turn, o.action))}: ${percent(o.chance, advice.places)}</span>${best}</li>`;
      })
      .join("")}</ul>`;
  }
  const reason = advice.reason && advice.reason.id && has(advice.reason.id) ? `<p class="coach-why" id="coach-why">${esc(t(advice.reason.id, serverArgs(advice.reason.args)))}</p>` : "";
  return `<div class="coach" id="coach-panel">${toggle}<h2 class="zone-title">${esc(t("web-win-chance"))}</h2>
    <div class="chances" id="win-chance" role="img" aria-label="${esc(room.seats.map((s, i) => `${playerName(s)} ${percent(advice.chances[i], advice.places)}`).join(", "))}">${bar}</div>${options}${reason}</div>`;
}

export function rollOffPanel(room, game) {
  const rounds = game.roll_off ? game.roll_off.rounds : [];
  const rows = rounds
    .map((round, i) => {
      const rolls = round
        .map((r) => `<div class="roll-off-roll"><span>${esc(seatName(room, r.seat))}</span>${diceRow(r.roll, { extra: i === rounds.length - 1 && state.freshRoll ? "rolling small" : "small" })}<strong>${esc(t("web-rays-count", { count: count(r.roll, "R") }))}</strong></div>`)
        .join("");
      return `<div class="zone"><h3>${esc(t("web-roll-off-round", { round: i + 1 }))}</h3>${rolls}</div>`;
    })
    .join("");
  return `<div class="roll-off"><h2 class="zone-title">${esc(t("web-roll-off"))}</h2><p class="muted">${esc(t("web-roll-off-intro"))}</p>${rows}</div>`;
}

function quickMessages() {
  if (state.seat == null || !state.welcome) return "";
  return `<details class="quick card" id="quick"${state.quickOpen ? " open" : ""}><summary>${esc(t("web-quick"))}</summary><div class="quick-list">${state.welcome.quick_messages
    .map((m) => `<button type="button" class="small" data-say="${esc(m)}" data-sends>${esc(t("web-quick-message", { message: m }))}</button>`)
    .join("")}</div></details>`;
}

export function tickTimer() {
  const box = byId("timer");
  if (!box || !state.deadlineAt) return;
  const seconds = Math.max(0, Math.ceil((state.deadlineAt - Date.now()) / 1000));
  box.textContent = t("web-time-left", { seconds });
  box.classList.toggle("urgent", seconds <= 10);
}
setInterval(tickTimer, 500);
