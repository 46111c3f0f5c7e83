// The game screen: the board (the last turn's end held on screen, the roll, the dice set aside,
// the tanks-against-rays balance and what the turn scores), the coach, the player's actions with
// their keys (on phones a bar at the bottom of the screen that stays in one place), and beside it
// the scores, the chat and the turns.
import { t } from "../i18n.js";
import { byId, esc, keepFocus } from "./dom.js";
import { FACE_NAMES, count, diceRow, diceWords, faceIcon } from "./dice.js";
import { state, seatName, savedName, saveName, youOr, myTurn } from "./state.js";
import { send, applyOffline } from "./net.js";
import { keyOf } from "./keys.js";
import { coachPanel, coachToggle, optionMarks, optionBadge, setCoachCard } from "./coach.js";
import { avatarOf } from "./avatars.js";
import { seatTable, bindSeatButtons } from "./seats.js";
import { turnsList, bindTurns, outcomeText, lastRoll } from "./turns.js";
import { endPanel, bindEnd } from "./end.js";
import { finishedList, bindFinished } from "./finished.js";
import { mountChat } from "./chat.js";
import { leaveControl, bindLeave } from "./leave.js";
import { tickTimer } from "./timer.js";

// How long the end of a turn stays on screen at least, even when the next roll comes sooner.
export const HOLD_MS = 2500;
const openTurns = new Set();
let holdTimer = null;

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

// While a bot waits for the solver's tables: what is computed and how far along, with a bar.
function solvingPanel(game) {
  const solving = state.solving;
  if (!solving || solving.game !== game.number) return "";
  const known = solving.stage && solving.total > 0;
  const percent = known ? Math.min(100, Math.floor((100 * solving.done) / solving.total)) : 0;
  const text = t("web-solving", { stage: known ? solving.stage : "none", percent });
  const bar = known ? `<progress max="100" value="${percent}" aria-hidden="true"></progress>` : "";
  return `<div class="solving" id="solving" role="status"><span>${esc(text)}</span>${bar}</div>`;
}

export function renderGame(app, redraw) {
  renderGameAgain = redraw;
  const room = state.room;
  const game = room.game;
  const turn = game.turn;
  const mine = myTurn(room);
  const over = room.status === "over";
  const moverSeat = game.to_move != null ? game.to_move : game.seat;
  const mover = seatName(room, moverSeat);

  const headline = over ? t("web-game-over") : mine ? t("web-your-turn") : t("web-turn-of", { name: mover });
  const banner =
    game.triggered_by != null && !over
      ? `<p class="banner">${esc(t("web-last-round", { name: seatName(room, game.triggered_by), target: room.rules.target, you: youOr(game.triggered_by) }))}</p>`
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
  const face = over ? "" : avatarOf(room.seats[moverSeat], { size: 34, extra: "headline-avatar" });

  // The screen is drawn once per room and then patched: the chat (and what is typed in it) is
  // never drawn again.
  let root = byId("game-root");
  if (!root || root.dataset.room !== room.id) {
    app.innerHTML = `<div class="game" id="game-root" data-room="${esc(room.id)}">
      <section class="card board" id="board" aria-labelledby="headline"></section>
      <aside class="side"><section class="card" id="scores-card" aria-labelledby="scores-title"></section>
        <div id="chat-slot"></div><div id="turns-box"></div><div id="finished-box"></div></aside></div>`;
    root = byId("game-root");
  }
  root.classList.toggle("my-turn", mine);
  const board = byId("board");
  board.dataset.turnScore = String(turn.score);
  board.dataset.tanksLead = String(turn.tanks_win);
  board.dataset.myTurn = String(mine);
  keepFocus(() => {
    board.innerHTML = `
        ${latecomer(room)}
        ${banner}
        <div class="headline">${face}<h1 id="headline" tabindex="-1">${esc(headline)}</h1>${timer}${coachToggle(room)}</div>
        <p class="muted round-line">${esc(t("web-round", { round: game.round }))} · ${esc(t("web-target"))} ${room.rules.target}
          <button type="button" class="link-button" data-help="scoring">${esc(t("web-how-to-play"))}</button></p>
        ${outcome ? outcomePanel(room, outcome, turn.phase === "to_roll" && !turn.aside) : ""}
        ${over || mine ? "" : myLastTurn(room, game, outcome)}
        ${table}
        ${solvingPanel(game)}
        ${coachPanel(room, game, mine)}
        <div class="actions" id="actions" tabindex="-1" aria-label="${esc(t("web-actions"))}" role="group">${actions}</div>
        ${over ? endPanel(room, game) : ""}`;
    byId("scores-card").innerHTML = `<h2 id="scores-title" class="visually-hidden">${esc(t("web-score"))}</h2>${seatTable(room, game)}${spectators}
          <div class="row leave-row" id="leave-slot">${leaveControl(room)}</div>`;
    byId("turns-box").innerHTML = turnsList(room, game);
    byId("finished-box").innerHTML = finishedList(room);
  }, "#actions");
  mountChat(byId("chat-slot"));
  // After one's own turn the moves are gone: the focus goes to the headline (which shows it),
  // not to the empty action area.
  if (document.activeElement === byId("actions") && !mine) byId("headline").focus({ preventScroll: true });
  bindSeatButtons(app);
  bindFinished(app);
  bindTurns(app, openTurns);
  bindEnd(app);
  bindLeave(byId("leave-slot"));
  app.querySelectorAll("[data-act]").forEach((button) => {
    button.onclick = () => {
      if (!send({ type: "act", action: button.dataset.act })) return;
      app.querySelectorAll("[data-act]").forEach((b) => (b.disabled = true));
      byId("actions").focus({ preventScroll: true });
    };
  });
  const cardChoice = byId("coach-card");
  if (cardChoice) {
    cardChoice.onchange = () => {
      setCoachCard(Number(cardChoice.value));
      if (renderGameAgain) renderGameAgain();
    };
  }
  const coachButton = byId("coach");
  if (coachButton) {
    coachButton.onclick = () => {
      state.coachOn = !state.coachOn;
      state.advice = null;
      send({ type: "coach", on: state.coachOn });
      redraw();
    };
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
  fitActionBar();
  tickTimer();
}

// On phones the moves are a bar fixed at the bottom of the screen: the page keeps room for it.
function fitActionBar() {
  const bar = byId("actions");
  const fixed = bar && bar.children.length && getComputedStyle(bar).position === "fixed";
  document.body.style.paddingBottom = fixed ? `${Math.ceil(bar.getBoundingClientRect().height) + 8}px` : "";
}
window.addEventListener("resize", fitActionBar);

// Focus for the start of one's own turn: from the headline (where it went when the turn ended)
// or nowhere, to the first move.
export function focusFirstMove() {
  const active = document.activeElement;
  if (active && active !== document.body && active.id !== "headline") return;
  const first = document.querySelector("#actions [data-act]:not([disabled])");
  if (first) first.focus({ preventScroll: true });
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

// Whose turn ended: "You" for one's own.
function turnOwner(room, seat) {
  return seat === state.seat ? t("web-you") : seatName(room, seat);
}

function outcomePanel(room, turn, whole) {
  const roll = lastRoll(turn.transcript);
  const text = outcomeText(turn);
  const who = `${avatarOf(room.seats[turn.seat], { size: 26 })}<strong>${esc(turnOwner(room, turn.seat))}</strong>`;
  if (!whole) {
    // The next turn has begun: one line, so that the new roll and the buttons stay in view.
    return `<section class="outcome compact${turn.tanks_win ? " lost" : ""}" id="last-turn" data-index="${state.outcome.index}" aria-label="${esc(t("web-last-turn"))}">
      <p class="outcome-text">${who} — <span id="last-turn-text">${esc(text)}</span></p></section>`;
  }
  return `<section class="outcome${turn.tanks_win ? " lost" : ""}" id="last-turn" data-index="${state.outcome.index}" aria-label="${esc(t("web-last-turn"))}">
    <p class="outcome-text">${who} — <span id="last-turn-text">${esc(text)}</span></p>
    <div class="outcome-dice">
      ${roll ? `<div><p class="zone-title">${esc(t("web-last-roll"))}</p>${diceRow(roll.roll, { extra: "small", id: "last-roll" })}</div>` : ""}
      <div><p class="zone-title">${esc(t("web-aside"))}</p>${diceRow(turn.aside, { extra: "small" })}</div>
    </div></section>`;
}

// One's own last turn of this game, on screen until one's next turn (unless the held end of a
// turn shows it already): it is not only in the list.
function myLastTurn(room, game, shown) {
  if (state.seat == null) return "";
  const index = game.history.map((h) => h.seat).lastIndexOf(state.seat);
  if (index < 0) return "";
  const turn = game.history[index];
  if (shown && shown === turn) return "";
  return `<p class="my-last" id="my-last-turn">${esc(t("web-your-last-turn", { outcome: outcomeText(turn), total: game.scores[state.seat] }))}</p>`;
}

function turnPanel(turn) {
  const roll = turn.roll || "";
  const tanks = count(roll, "T");
  const shown = [...roll].filter((f) => f !== "T").join("");
  const fresh = state.freshRoll ? "rolling" : "";
  const rolled = roll
    ? `<div class="zone rolled"><h2 class="zone-title">${esc(t("web-rolled"))}</h2>${diceRow(shown, { extra: fresh, id: "roll", label: t("web-roll-label", { dice: diceWords(roll) }) })}
      ${tanks ? `<p class="forced">${faceIcon("T")} ${esc(t("web-tanks-forced", { count: tanks }))}</p>` : ""}</div>`
    : "";
  const lead = turn.tanks_win;
  const total = Math.max(1, turn.tanks + turn.rays);
  const why = turn.bonus > 0 ? "bonus" : "plain";
  if (!roll && !turn.aside) return "";
  return `
    ${rolled}
    <div class="zone aside-zone"><h2 class="zone-title">${esc(t("web-aside"))}</h2>${diceRow(turn.aside, { id: "aside", extra: "aside" })}</div>
    <div class="balance ${lead ? "tanks-lead" : "rays-hold"}">
      <div class="bar" aria-hidden="true"><span class="tanks" style="width:${(100 * turn.tanks) / total}%"></span><span class="rays" style="width:${(100 * turn.rays) / total}%"></span></div>
      <p class="balance-text" id="balance-text">${esc(t("web-tanks-vs-rays", { tanks: turn.tanks, rays: turn.rays }))} — ${esc(lead ? t("web-tanks-lead") : t("web-rays-hold"))}</p>
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

// Rolling comes last, so that on phones it sits at the same place (bottom right) at every step.
const ORDER = { R: 0, H: 1, C: 2, K: 3, stop: 4, roll: 5 };

function actionButtons(game, turn) {
  const marks = state.coachOn && state.advice && state.advice.moves === game.moves ? optionMarks(state.advice) : new Map();
  const acts = turn.legal.slice().sort((a, b) => ORDER[a] - ORDER[b]);
  return acts
    .map((act) => {
      const cls = act === "roll" ? "primary" : act === "stop" ? "stop" : `take face-${act}`;
      const key = keyOf(act);
      const icon = act.length === 1 ? faceIcon(act) : "";
      const mark = marks.get(act);
      const best = mark && mark.tag ? " coach-best" : "";
      const alone = acts.length === 1 ? " alone" : "";
      return `<button type="button" class="act ${cls}${best}${alone}" data-act="${act}" data-sends aria-keyshortcuts="${esc(key)}">${icon}<span class="act-label">${esc(actionLabel(game, turn, act))}</span>${optionBadge(mark)}<kbd aria-hidden="true">${esc(key)}</kbd></button>`;
    })
    .join("");
}

export function rollOffPanel(room, game) {
  const rounds = game.roll_off ? game.roll_off.rounds : [];
  const rows = rounds
    .map((round, i) => {
      const rolls = round
        .map((r) => `<div class="roll-off-roll"><span>${avatarOf(room.seats[r.seat], { size: 24 })} ${esc(seatName(room, r.seat))}</span>${diceRow(r.roll, { extra: i === rounds.length - 1 && state.freshRoll ? "rolling small" : "small" })}<strong>${esc(t("web-rays-count", { count: count(r.roll, "R") }))}</strong></div>`)
        .join("");
      return `<div class="zone"><h3>${esc(t("web-roll-off-round", { round: i + 1 }))}</h3>${rolls}</div>`;
    })
    .join("");
  return `<div class="roll-off"><h2 class="zone-title">${esc(t("web-roll-off"))}</h2><p class="muted">${esc(t("web-roll-off-intro"))}</p>${rows}</div>`;
}
