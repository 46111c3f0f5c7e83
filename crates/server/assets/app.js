// Martian Dice in the browser: a thin client of the WebSocket protocol (docs/websocket-protocol.md).
// The server is authoritative: this page only shows the room it is sent and sends requests.
// Every text comes from the Fluent messages (web-… ids) through t(); ids are literal, except the
// coach's reasons, whose ids the server sends (shown only when the messages have them).
// This file wires the parts in js/: the connection (net), the screens (home, lobby, game, end),
// the turns, the replay, How to play, keys, cues and notices.
import { t, loadLanguages, setLang, lang, LANGS, nativeName, onLangChange } from "./i18n.js";
import { byId, esc } from "./js/dom.js";
import { state, seatName, savedToken, saveToken, forgetToken, savedName } from "./js/state.js";
import { connect, send, showStatus, isOpen, reconnectForRoom } from "./js/net.js";
import { notify, announce } from "./js/notices.js";
import { yourTurn, drawSoundSwitch, setTitle } from "./js/cues.js";
import { installKeys } from "./js/keys.js";
import { diceWords } from "./js/dice.js";
import { renderHome } from "./js/home.js";
import { renderLobby, resetLobby } from "./js/lobby.js";
import { renderGame, myTurn } from "./js/game.js";
import { outcomeText } from "./js/turns.js";
import { openHowTo, relabelHowTo } from "./js/howto.js";
import { relabelReplay } from "./js/replay.js";

const app = byId("app");
const langSwitch = byId("lang");

// ---------------------------------------------------------------- header
function drawHeader() {
  langSwitch.innerHTML = LANGS.map((tag) => `<option value="${tag}"${tag === lang() ? " selected" : ""}>${esc(nativeName(tag))}</option>`).join("");
  langSwitch.setAttribute("aria-label", t("web-language"));
  langSwitch.title = t("web-language");
  const help = byId("howto-open");
  help.setAttribute("aria-label", t("web-how-to-play"));
  help.title = t("web-how-to-play");
  byId("home-link").setAttribute("aria-label", t("web-home"));
  drawSoundSwitch();
  setTitle(t("web-title"));
}

// A new language redraws everything at once, keeping what the player was typing.
function relabel() {
  drawHeader();
  showStatus();
  const typed = [...app.querySelectorAll("input[id]:not([readonly]):not([type=radio])")].map((field) => [field.id, field.value]);
  resetLobby();
  render();
  for (const [id, value] of typed) {
    const field = byId(id);
    if (field) field.value = value;
  }
  relabelReplay();
  relabelHowTo();
}

function roomFromHash() {
  const match = /room=([0-9a-f]{32})/.exec(location.hash);
  return match ? match[1] : null;
}

function enterRoom() {
  const room = roomFromHash();
  state.roomId = room;
  state.waiting = false;
  if (!room) {
    state.room = null;
    render();
    return;
  }
  const token = savedToken(room);
  if (token) send({ type: "resume", room, token });
  else send({ type: "watch", room });
}

// ---------------------------------------------------------------- messages
function receive(message) {
  switch (message.type) {
    case "joined":
      onJoined(message);
      break;
    case "update":
      onUpdate(message);
      break;
    case "said":
      state.said.set(message.seat, { message: message.message, until: Date.now() + 5000 });
      setTimeout(render, 5100);
      notify(`${message.name}: ${t("web-quick-message", { message: message.message })}`);
      break;
    case "advice":
      if (state.room && state.room.game && message.advice.moves === state.room.game.moves) {
        state.advice = message.advice;
        render();
      }
      break;
    case "left":
      if (state.leaving) {
        state.leaving = false;
        break;
      }
      state.seat = null;
      state.waiting = false;
      state.room = null;
      resetLobby();
      notify(t("web-left", { code: message.code }), message.code !== "left");
      if (state.roomId) send({ type: "watch", room: state.roomId });
      break;
    case "error":
      onError(message);
      break;
    default:
      break;
  }
}

function onJoined(message) {
  movedInARow = 0;
  const wasSeated = state.seat != null;
  state.roomId = message.room;
  state.seat = message.seat;
  state.waiting = Boolean(message.waiting);
  if (message.seat != null && state.coachOn) send({ type: "coach", on: true });
  if (message.token) saveToken(message.room, message.token);
  if (location.hash !== `#room=${message.room}`) history.replaceState(null, "", `#room=${message.room}`);
  if (!wasSeated && message.seat != null && state.waitingName) {
    notify(t("web-seated-now"));
    state.waitingName = null;
  }
  resetLobby();
}

// How many times in a row the room was said to run elsewhere: a reconnection naming it reaches
// its process, so more than a few means something is wrong, and the error is shown instead.
let movedInARow = 0;

function onError(error) {
  if (error.code === "moved" && state.roomId && movedInARow < 3) {
    movedInARow += 1;
    reconnectForRoom();
    return;
  }
  if (error.request === "resume" && error.code === "bad_token") {
    forgetToken(state.roomId);
    send({ type: "watch", room: state.roomId });
    return;
  }
  if (error.code === "no_such_room") {
    state.roomId = null;
    state.room = null;
    history.replaceState(null, "", "/");
    render();
  }
  state.quickStart = false;
  if (error.code === "solver_limit" && error.limit) {
    const { game, dice, target, max_target: max } = error.limit;
    notify(`${t("error-solve-limit", { game, dice, target, max })}. ${t("error-solve-limit-bots", { max })}`, true);
    render();
    return;
  }
  // The code is the protocol's (English, stable); the text is the reader's.
  notify(t("web-error", { code: error.code, detail: error.message }), true);
  render();
}

function onUpdate(message) {
  const room = message.room;
  const wasMine = myTurn(state.room);
  const before = state.room;
  state.freshRoll = message.events.some((e) => e.kind === "rolled" || e.kind === "roll_off_roll");
  state.room = room;
  state.deadlineAt = room.game && room.game.deadline_ms != null ? Date.now() + room.game.deadline_ms : null;
  if (state.advice && (!room.game || state.advice.moves !== room.game.moves)) state.advice = null;
  // The name this page asked for a seat with (kept with the other names typed on the page).
  if (state.waiting && state.waitingName == null) state.waitingName = savedName();
  for (const event of message.events) narrate(event, room, before);
  if (state.quickStart && room.status === "lobby" && state.seat === room.host) {
    // "Play against a bot": a medium bot, then the game, as soon as the room exists.
    if (room.seats.length === 1) send({ type: "add_bot", bot: "medium" });
    else {
      state.quickStart = false;
      send({ type: "start" });
    }
  }
  render();
  // Dice tumble once, when they are rolled, not again when the screen is redrawn for another reason.
  state.freshRoll = false;
  if (!wasMine && myTurn(room)) yourTurn();
}

// Every roll and result is read to screen readers; what needs a word on screen goes to the news.
function narrate(event, room, before) {
  const name = event.seat != null && room.seats[event.seat] ? seatName(room, event.seat) : "";
  switch (event.kind) {
    case "rolled":
      announce(t("web-said-rolled", { name, count: event.dice.length, dice: diceWords(event.dice) }));
      break;
    case "took":
      announce(t("web-said-took", { name, taken: t("face-count", { face: { R: "death-ray", H: "human", C: "cow", K: "chicken" }[event.face], count: event.count }) }));
      break;
    case "turn_over": {
      const summary = room.game && room.game.history.filter((h) => h.seat === event.seat).pop();
      announce(`${name}: ${summary ? outcomeText(summary) : t("web-scored", { name, points: event.score, end: event.end })} ${t("web-said-total", { total: event.total })}`);
      break;
    }
    case "roll_off_roll":
      announce(t("web-said-roll-off", { name, dice: diceWords(event.dice) }));
      break;
    case "game_over": {
      const names = event.winners.map((w) => seatName(room, w));
      announce(names.length === 1 ? t("web-winner", { name: names[0] }) : t("web-winners", { names: names.join(", ") }));
      break;
    }
    case "game_started":
      state.outcome = null;
      announce(t("web-game-started", { number: event.number }));
      break;
    case "timed_out":
      notify(t("web-timed-out", { name }));
      break;
    case "handed_to_bot":
      notify(t("web-handed-to-bot", { name, bot: event.bot }));
      break;
    case "away":
      notify(t("web-away", { name }));
      break;
    case "host_changed":
      notify(event.seat === state.seat ? t("web-host-you") : t("web-host-changed", { name }));
      break;
    case "seated":
      if (before && before.status !== "lobby") break;
      if (room.status === "lobby" && event.seat !== state.seat) announce(t("web-joined-room", { name }));
      break;
    case "queued":
      if (!state.waiting) notify(t("web-queued", { name: event.name }));
      break;
    case "plays_greedy":
      notify(t("web-plays-greedy", { name, bot: event.bot, max: event.max_target ?? 0 }));
      break;
    default:
      break;
  }
}

// ---------------------------------------------------------------- screens
function render() {
  if (!state.roomId) {
    setTitle(t("web-title"));
    return renderHome(app, { onHelp: () => openHowTo() });
  }
  if (!state.room) {
    app.innerHTML = `<section class="card"><h1>${esc(t("web-title"))}</h1><p class="muted">${esc(isOpen() ? t("web-entering") : t("web-connecting"))}</p></section>`;
    return;
  }
  if (state.room.status === "lobby") {
    setTitle(`${t("web-lobby-title")} — ${t("web-title")}`);
    return renderLobby(app);
  }
  setTitle(myTurn() ? `${t("web-your-turn")} — ${t("web-title")}` : t("web-title"));
  renderGame(app, render);
  app.querySelectorAll("[data-help]").forEach((button) => (button.onclick = () => openHowTo(button.dataset.help)));
}

window.addEventListener("hashchange", () => {
  if (roomFromHash() !== state.roomId) {
    if (state.room) {
      state.leaving = true;
      send({ type: "leave" });
    }
    state.room = null;
    state.seat = null;
    resetLobby();
    enterRoom();
  }
});

await loadLanguages();
drawHeader();
langSwitch.onchange = () => setLang(langSwitch.value);
byId("howto-open").onclick = () => openHowTo();
onLangChange(relabel);
installKeys({ onHelp: () => openHowTo() });
render();
connect({
  roomOf: () => state.roomId || roomFromHash(),
  onMessage: receive,
  onOpen: (welcome) => {
    state.welcome = welcome;
    resetLobby();
    enterRoom();
    render();
  },
});
