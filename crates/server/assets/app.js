// Martian Dice in the browser: a thin client of the WebSocket protocol (docs/websocket-protocol.md).
// The server is authoritative: this page only shows the room it is sent and sends requests.
// Every text comes from the Fluent messages (web-… ids) through t(); ids are always literal.
import { t, loadLanguages, setLang, lang, LANGS, nativeName, onLangChange, percent } from "./i18n.js";

// The protocol's face letters and the messages' face names.
const FACE_NAMES = { T: "tank", R: "death-ray", H: "human", C: "cow", K: "chicken" };
const app = document.getElementById("app");
const statusLine = document.getElementById("status");
const langSwitch = document.getElementById("lang");

const state = {
  ws: null,
  welcome: null,
  roomId: null,
  seat: null,
  room: null,
  lastMoves: -1,
  freshRoll: false,
  deadlineAt: null,
  retry: 0,
  advice: null,
  coachOn: false,
  connection: "connecting", // connecting, reconnecting or open
  replayShow: null,
};

// ---------------------------------------------------------------- language
function fillLangSwitch() {
  langSwitch.innerHTML = LANGS.map((tag) => `<option value="${tag}"${tag === lang() ? " selected" : ""}>${esc(nativeName(tag))}</option>`).join("");
  langSwitch.setAttribute("aria-label", t("web-language"));
  langSwitch.title = t("web-language");
}

function showConnection() {
  statusLine.textContent =
    state.connection === "reconnecting" ? t("web-reconnecting") : state.connection === "connecting" ? t("web-connecting") : "";
}

// A new language redraws everything at once, keeping what the player was typing.
function relabel() {
  document.title = t("web-title");
  fillLangSwitch();
  showConnection();
  const typed = [...app.querySelectorAll("input[id]:not([readonly]), select[id]")].map((field) => [field.id, field.value]);
  render();
  for (const [id, value] of typed) {
    const field = document.getElementById(id);
    if (field) field.value = value;
  }
  const dialog = document.getElementById("replay");
  if (dialog.open && state.replayShow) state.replayShow();
}

// ---------------------------------------------------------------- storage of seat tokens
const tokenKey = (room) => `martian-dice:seat:${room}`;
const savedToken = (room) => localStorage.getItem(tokenKey(room));
const saveToken = (room, token) => localStorage.setItem(tokenKey(room), token);
const forgetToken = (room) => localStorage.removeItem(tokenKey(room));

function roomFromHash() {
  const match = /room=([0-9a-f]{32})/.exec(location.hash);
  return match ? match[1] : null;
}

// ---------------------------------------------------------------- connection
function connect() {
  state.connection = state.retry ? "reconnecting" : "connecting";
  showConnection();
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws`);
  state.ws = ws;
  ws.onmessage = (event) => receive(JSON.parse(event.data));
  ws.onclose = () => {
    if (state.ws !== ws) return;
    state.retry += 1;
    state.connection = "reconnecting";
    showConnection();
    setTimeout(connect, Math.min(5000, 500 * state.retry));
  };
}

function send(message) {
  if (state.ws && state.ws.readyState === WebSocket.OPEN) state.ws.send(JSON.stringify(message));
}

function enterRoom() {
  const room = roomFromHash();
  state.roomId = room;
  if (!room) {
    state.room = null;
    render();
    return;
  }
  const token = savedToken(room);
  if (token) send({ type: "resume", room, token });
  else send({ type: "watch", room });
}

function receive(message) {
  switch (message.type) {
    case "welcome":
      state.welcome = message;
      state.retry = 0;
      state.connection = "open";
      showConnection();
      enterRoom();
      break;
    case "joined":
      state.roomId = message.room;
      state.seat = message.seat;
      if (state.coachOn && message.seat != null) send({ type: "coach", on: true });
      if (message.token) saveToken(message.room, message.token);
      if (location.hash !== `#room=${message.room}`) history.replaceState(null, "", `#room=${message.room}`);
      break;
    case "update":
      onUpdate(message);
      break;
    case "said":
      toast(`${message.name}: ${t("web-quick-message", { message: message.message })}`);
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
      state.room = null;
      toast(t("web-left", { code: message.code }));
      if (state.roomId) send({ type: "watch", room: state.roomId });
      break;
    case "error":
      onError(message);
      break;
    default:
      break;
  }
}

function onError(error) {
  if (error.request === "resume" && error.code === "bad_token") {
    forgetToken(state.roomId);
    send({ type: "watch", room: state.roomId });
    return;
  }
  if (error.code === "no_such_room") {
    state.roomId = null;
    history.replaceState(null, "", "/");
    render();
  }
  // The code is the protocol's (English, stable); the text is the reader's.
  toast(t("web-error", { code: error.code, detail: error.message }), true);
}

function onUpdate(message) {
  const room = message.room;
  const moves = room.game ? room.game.moves : -1;
  state.freshRoll = message.events.some((e) => e.kind === "rolled" || e.kind === "roll_off_roll");
  for (const event of message.events) narrate(event, room);
  state.room = room;
  state.lastMoves = moves;
  state.deadlineAt = room.game && room.game.deadline_ms != null ? Date.now() + room.game.deadline_ms : null;
  if (state.advice && (!room.game || state.advice.moves !== room.game.moves)) state.advice = null;
  render();
}

function seatName(room, seat) {
  return playerName(room.seats[seat]);
}

// The server seats bots under their command-line name ("hard", "hard 2"): the page shows it in
// the reader's words. People, and seats a bot took over, keep their own names.
function playerName(player) {
  if (!player) return "?";
  const { name, bot } = player;
  if (!bot) return name;
  if (name === bot) return t("web-bot-name", { bot });
  const number = name.startsWith(`${bot} `) ? name.slice(bot.length + 1) : "";
  if (/^[0-9]+$/.test(number)) return t("web-bot-numbered", { bot, number: Number(number) });
  return name;
}

function narrate(event, room) {
  switch (event.kind) {
    case "turn_over":
      if (event.seat !== state.seat) {
        toast(t("web-scored", { name: seatName(room, event.seat), points: event.score, end: event.end }));
      }
      break;
    case "timed_out":
      toast(t("web-timed-out", { name: seatName(room, event.seat) }));
      break;
    case "handed_to_bot":
      toast(t("web-handed-to-bot", { name: seatName(room, event.seat), bot: event.bot }));
      break;
    default:
      break;
  }
}

// ---------------------------------------------------------------- little helpers
function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function toast(text, bad = false) {
  const box = document.createElement("div");
  box.className = bad ? "toast bad" : "toast";
  box.textContent = text;
  const toasts = document.getElementById("toasts");
  toasts.append(box);
  while (toasts.children.length > 3) toasts.firstElementChild.remove();
  setTimeout(() => box.remove(), 3500);
}

function count(dice, face) {
  return [...(dice || "")].filter((c) => c === face).length;
}

// The five faces drawn as small pictures.
const FACE_SVG = {
  T: '<rect x="7" y="19" width="26" height="9" rx="3"/><rect x="13" y="13" width="13" height="7" rx="2"/><rect x="25" y="15" width="10" height="3"/><circle cx="12" cy="30" r="3"/><circle cx="20" cy="30" r="3"/><circle cx="28" cy="30" r="3"/>',
  R: '<polygon points="22,4 10,22 18,22 14,36 30,16 21,16 26,4"/>',
  H: '<circle cx="20" cy="10" r="5"/><rect x="15" y="16" width="10" height="12" rx="3"/><rect x="15" y="27" width="4" height="9"/><rect x="21" y="27" width="4" height="9"/><rect x="9" y="17" width="5" height="3" transform="rotate(25 11 18)"/><rect x="26" y="17" width="5" height="3" transform="rotate(-25 28 18)"/>',
  C: '<ellipse cx="20" cy="22" rx="11" ry="10"/><ellipse cx="20" cy="28" rx="7" ry="5" class="muzzle"/><path d="M9 14 L5 8 L12 12 Z"/><path d="M31 14 L35 8 L28 12 Z"/><circle cx="16" cy="19" r="2" class="eye"/><circle cx="24" cy="19" r="2" class="eye"/>',
  K: '<ellipse cx="19" cy="24" rx="11" ry="9"/><circle cx="27" cy="14" r="6"/><path d="M25 6 q2 -4 4 0 q2 -3 3 1 z" class="comb"/><polygon points="32,13 37,15 32,17" class="beak"/><circle cx="28" cy="13" r="1.5" class="eye"/>',
};

function die(face, extra = "") {
  return `<span class="die face-${face} ${extra}" title="${esc(t("face-name", { face: FACE_NAMES[face] }))}" data-face="${face}"><svg viewBox="0 0 40 40" aria-hidden="true">${FACE_SVG[face]}</svg></span>`;
}

function diceRow(dice, extra = "") {
  if (!dice) return `<span class="muted">${esc(t("web-nothing-yet"))}</span>`;
  return [...dice].map((f, i) => die(f, extra).replace('class="die', `style="--i:${i}" class="die`)).join("");
}

// ---------------------------------------------------------------- screens
function render() {
  if (!state.roomId) return renderHome();
  if (!state.room) {
    app.innerHTML = `<p class="muted">${esc(t("web-connecting"))}</p>`;
    return;
  }
  if (state.room.status === "lobby") return renderLobby();
  return renderGame();
}

function renderHome() {
  // Drawn again when the connection opens: keep a name typed meanwhile.
  const typed = document.getElementById("name");
  const name = typed ? typed.value : localStorage.getItem("martian-dice:name") || "";
  app.innerHTML = `
    <section class="card home">
      <h1>${esc(t("web-title"))}</h1>
      <p class="muted">${esc(t("web-tagline"))}</p>
      <form id="create-form">
        <label>${esc(t("web-your-name"))} <input id="name" name="name" maxlength="24" required autocomplete="nickname" value="${esc(name)}"></label>
        <button type="submit" id="create" class="primary"${state.connection === "open" ? "" : " disabled"}>${esc(t("web-create-room"))}</button>
      </form>
    </section>`;
  document.getElementById("create-form").onsubmit = (event) => {
    event.preventDefault();
    const name = document.getElementById("name").value.trim();
    if (!name) return;
    localStorage.setItem("martian-dice:name", name);
    send({ type: "create_room", name });
  };
}

function seatList(room, game) {
  const isHost = state.seat === 0;
  const rows = room.seats.map((seat, i) => {
    const tags = [];
    if (i === room.host) tags.push(t("web-tag-host"));
    if (i === state.seat) tags.push(t("web-tag-you"));
    if (seat.bot) tags.push(playerName(seat) === seat.name ? t("web-tag-bot", { bot: seat.bot }) : t("web-tag-is-bot"));
    if (seat.human && !seat.bot && !seat.connected) tags.push(t("web-tag-left"));
    if (seat.stand_in) tags.push(t("web-tag-stand-in"));
    const score = game ? `<td class="num">${game.scores[i]}</td>` : "";
    const turn = game && game.to_move === i ? " to-move" : "";
    const won = game && game.winners && game.winners.includes(i) ? " winner" : "";
    let action = "";
    if (isHost && i !== 0) {
      if (room.status === "lobby") action = `<button class="small" data-remove="${i}">${esc(t("web-remove"))}</button>`;
      else if (seat.human && !seat.bot && !seat.connected && room.status === "playing")
        action = `<button class="small" data-remove="${i}">${esc(t("web-hand-to-bot"))}</button>`;
    }
    const dot = seat.connected ? "online" : "offline";
    return `<tr class="seat${turn}${won}" data-seat="${i}"><td><span class="dot ${dot}"></span>${esc(playerName(seat))} <small class="muted">${esc(tags.join(" · "))}</small></td>${score}<td>${action}</td></tr>`;
  });
  const head = game ? `<tr><th>${esc(t("web-players"))}</th><th class="num">${esc(t("web-score"))}</th><th></th></tr>` : "";
  return `<table class="seats">${head}${rows.join("")}</table>`;
}

function bindSeatButtons() {
  app.querySelectorAll("[data-remove]").forEach((button) => {
    button.onclick = () => send({ type: "remove", seat: Number(button.dataset.remove) });
  });
}

function option(value, current, label) {
  return `<option value="${esc(value)}"${value === current ? " selected" : ""}>${esc(label)}</option>`;
}

function renderLobby() {
  const room = state.room;
  const link = `${location.origin}/#room=${room.id}`;
  const isHost = state.seat === 0;
  const seated = state.seat != null;
  const bots = state.welcome ? state.welcome.bots : [];
  const rules = room.rules;
  let controls = "";
  if (isHost) {
    controls = `
      <section class="card">
        <h2>${esc(t("web-add-bot"))}</h2>
        <form id="bot-form" class="row">
          <select id="bot">${bots.map((b) => `<option value="${esc(b.name)}">${esc(t("web-bot-option", { bot: b.name, summary: b.summary }))}</option>`).join("")}</select>
          <button type="submit" id="add-bot">${esc(t("web-add"))}</button>
        </form>
      </section>
      <section class="card">
        <h2>${esc(t("web-rules"))}</h2>
        <form id="rules-form" class="grid">
          <label>${esc(t("web-dice"))} <input id="rule-dice" type="number" min="1" max="30" value="${rules.dice}"></label>
          <label>${esc(t("web-target"))} <input id="rule-target" type="number" min="1" max="999" value="${rules.target}"></label>
          <label>${esc(t("web-bonus"))} <select id="rule-bonus">${["one-of-each", "any-earthling"].map((v) => option(v, rules.bonus, t("web-bonus-choice", { bonus: v }))).join("")}</select></label>
          <label>${esc(t("web-end"))} <select id="rule-end">${["complete-round", "immediate"].map((v) => option(v, rules.end, t("web-end-choice", { end: v }))).join("")}</select></label>
          <label>${esc(t("web-tie"))} <select id="rule-tie">${["roll-off", "shared"].map((v) => option(v, rules.tie, t("web-tie-choice", { tie: v }))).join("")}</select></label>
          <button type="submit">${esc(t("web-apply-rules"))}</button>
        </form>
        <h2>${esc(t("web-timer"))}</h2>
        <form id="timer-form" class="grid">
          <label>${esc(t("web-timer-seconds"))} <input id="timer-seconds" type="number" min="0" max="600" value="${room.timer.seconds}"></label>
          <label>${esc(t("web-on-timeout"))} <select id="timer-on">${["bot", "stop"].map((v) => option(v, room.timer.on_timeout, t("web-on-timeout-choice", { on: v }))).join("")}</select></label>
          <button type="submit">${esc(t("web-apply-timer"))}</button>
        </form>
      </section>
      <button id="start" class="primary big">${esc(t("web-start"))}</button>`;
  } else if (seated) {
    controls = `<p class="muted">${esc(t("web-waiting-for-host"))}</p>`;
  } else {
    controls = `
      <section class="card">
        <p class="muted">${esc(t("web-watching"))}</p>
        <form id="join-form" class="row">
          <input id="join-name" maxlength="24" required placeholder="${esc(t("web-your-name"))}" value="${esc(localStorage.getItem("martian-dice:name") || "")}">
          <button type="submit" id="join" class="primary">${esc(t("web-join"))}</button>
        </form>
      </section>`;
  }
  app.innerHTML = `
    <section class="card">
      <p>${esc(t("web-invite"))}</p>
      <div class="row"><input id="invite" readonly value="${esc(link)}"><button id="copy">${esc(t("web-copy"))}</button></div>
    </section>
    <section class="card"><h2>${esc(t("web-players"))}</h2>${seatList(room, null)}
      <p class="muted">${esc(rulesSummary(room))}</p></section>
    ${controls}
    ${finishedList(room)}`;
  document.getElementById("copy").onclick = async () => {
    const input = document.getElementById("invite");
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      document.execCommand("copy");
    }
    toast(t("web-copied"));
  };
  bindSeatButtons();
  bindFinished();
  if (isHost) {
    document.getElementById("bot-form").onsubmit = (e) => {
      e.preventDefault();
      send({ type: "add_bot", bot: document.getElementById("bot").value });
    };
    document.getElementById("rules-form").onsubmit = (e) => {
      e.preventDefault();
      send({
        type: "set_rules",
        rules: {
          dice: Number(document.getElementById("rule-dice").value),
          target: Number(document.getElementById("rule-target").value),
          bonus: document.getElementById("rule-bonus").value,
          end: document.getElementById("rule-end").value,
          tie: document.getElementById("rule-tie").value,
        },
      });
    };
    document.getElementById("timer-form").onsubmit = (e) => {
      e.preventDefault();
      send({
        type: "set_timer",
        timer: { seconds: Number(document.getElementById("timer-seconds").value), on_timeout: document.getElementById("timer-on").value },
      });
    };
    document.getElementById("start").onclick = () => send({ type: "start" });
  } else if (!seated) {
    document.getElementById("join-form").onsubmit = (e) => {
      e.preventDefault();
      const name = document.getElementById("join-name").value.trim();
      if (!name) return;
      localStorage.setItem("martian-dice:name", name);
      state.leaving = true;
      send({ type: "leave" });
      send({ type: "join", room: room.id, name });
    };
  }
}

function rulesSummary(room) {
  const r = room.rules;
  return t("web-rules-summary", { dice: r.dice, target: r.target, bonus: r.bonus, end: r.end, tie: r.tie });
}

function finishedList(room) {
  if (!room.finished.length) return "";
  const items = room.finished
    .slice()
    .reverse()
    .map((g) => {
      const names = g.winners.map((w) => g.names[w]).join(", ");
      const href = `/api/rooms/${room.id}/games/${g.number}/record`;
      return `<li>${esc(t("web-game-number", { number: g.number }))}: ${esc(names)} (${g.scores.join("–")})
        <a href="${href}" download>${esc(t("web-download"))}</a>
        <button class="small" data-replay="${g.number}">${esc(t("web-replay"))}</button></li>`;
    });
  return `<section class="card"><h2>${esc(t("web-finished-games"))}</h2><ul class="finished">${items.join("")}</ul></section>`;
}

function bindFinished() {
  app.querySelectorAll("[data-replay]").forEach((button) => {
    button.onclick = () => openReplay(Number(button.dataset.replay));
  });
}

function renderGame() {
  const room = state.room;
  const game = room.game;
  const turn = game.turn;
  const mySeat = state.seat;
  const myTurn = mySeat != null && game.to_move === mySeat && room.status === "playing";
  const mover = game.to_move != null ? seatName(room, game.to_move) : seatName(room, game.seat);
  const over = room.status === "over";

  let banner = "";
  if (game.triggered_by != null && !over) {
    banner = `<div class="banner">${esc(t("web-last-round", { name: seatName(room, game.triggered_by), target: room.rules.target }))}</div>`;
  }

  const headline = over
    ? t("web-game-over")
    : myTurn
      ? t("web-your-turn")
      : t("web-turn-of", { name: mover });

  let table = "";
  if (game.awaiting === "roll_off_roll" || (game.roll_off && game.roll_off.rounds.length)) table = rollOffPanel(room, game);
  else if (!over) table = turnPanel(room, game, turn);

  let actions = "";
  if (myTurn) actions = actionButtons(game, turn);
  const coach = coachPanel(room, game, myTurn);

  const timer = state.deadlineAt && !over ? `<span id="timer" class="timer"></span>` : "";
  const quick = mySeat != null && state.welcome
    ? `<details class="quick"><summary>${esc(t("web-quick"))}</summary>${state.welcome.quick_messages
        .map((m) => `<button class="small" data-say="${esc(m)}">${esc(t("web-quick-message", { message: m }))}</button>`)
        .join("")}</details>`
    : "";
  const end = over ? endPanel(room, game) : "";
  const spectators = room.spectators ? `<small class="muted">${esc(t("web-spectators", { count: room.spectators }))}</small>` : "";

  app.innerHTML = `
    <div class="game">
      <section class="card board" id="board" data-turn-score="${turn.score}" data-tanks-lead="${turn.tanks > turn.rays}" data-my-turn="${myTurn}">
        ${banner}
        <div class="headline"><h2 id="headline">${esc(headline)}</h2>${timer}</div>
        <p class="muted">${esc(t("web-round", { round: game.round }))} · ${esc(t("web-target"))} ${room.rules.target}</p>
        ${table}
        <div class="actions" id="actions">${actions}</div>
        ${coach}
        ${end}
      </section>
      <aside>
        <section class="card">${seatList(room, game)}${spectators}</section>
        ${quick}
        <section class="card log"><h2>${esc(t("web-log"))}</h2>${logList(room, game)}</section>
        ${finishedList(room)}
      </aside>
    </div>`;
  bindSeatButtons();
  bindFinished();
  app.querySelectorAll("[data-act]").forEach((button) => {
    button.onclick = () => {
      app.querySelectorAll("[data-act]").forEach((b) => (b.disabled = true));
      send({ type: "act", action: button.dataset.act });
    };
  });
  app.querySelectorAll("[data-say]").forEach((button) => {
    button.onclick = () => send({ type: "say", message: button.dataset.say });
  });
  const coachButton = document.getElementById("coach");
  if (coachButton) {
    coachButton.onclick = () => {
      state.coachOn = !state.coachOn;
      state.advice = null;
      send({ type: "coach", on: state.coachOn });
      render();
    };
  }
  if (state.coachOn && state.advice && state.advice.best) {
    const best = app.querySelector(`#actions [data-act="${state.advice.best}"]`);
    if (best) best.classList.add("coach-best");
  }
  const rematch = document.getElementById("rematch");
  if (rematch) rematch.onclick = () => send({ type: "start" });
  tickTimer();
}

function turnPanel(room, game, turn) {
  const aside = turn.aside;
  const roll = turn.roll;
  const fresh = state.freshRoll ? "rolling" : "";
  const rolled = roll
    ? `<div class="zone"><h3>${esc(t("web-rolled"))}</h3><div class="dice" id="roll">${diceRow(roll, fresh)}</div></div>`
    : "";
  // The balance: tanks on the left, rays on the right.
  const tanks = turn.tanks;
  const rays = turn.rays;
  const total = Math.max(1, tanks + rays);
  const lead = tanks > rays;
  return `
    ${rolled}
    <div class="zone"><h3>${esc(t("web-aside"))}</h3><div class="dice aside" id="aside">${diceRow(aside)}</div></div>
    <div class="balance ${lead ? "tanks-lead" : "rays-hold"}" title="${esc(lead ? t("web-tanks-lead") : t("web-rays-hold"))}">
      <div class="bar"><span class="tanks" style="width:${(100 * tanks) / total}%"></span><span class="rays" style="width:${(100 * rays) / total}%"></span></div>
      <div class="balance-text">${esc(t("web-tanks-vs-rays", { tanks, rays }))} — ${esc(lead ? t("web-tanks-lead") : t("web-rays-hold"))}</div>
    </div>
    <p class="turn-score"><strong>${esc(t("web-turn-score", { points: turn.score }))}</strong> · ${esc(t("web-dice-left", { count: turn.dice_left }))}</p>`;
}

// The coach (games of one person against one bot, when the server has the solver): the win-chance
// bar for everyone, and on one's own decisions the chance to win after each option.
function coachOffered(room) {
  if (!state.welcome || !state.welcome.coach || state.seat == null) return false;
  const people = room.seats.filter((s) => !s.bot).length;
  return room.seats.length === 2 && people === 1 && room.rules.target <= 100 && room.status === "playing";
}

function coachPanel(room, game, myTurn) {
  if (!coachOffered(room)) return "";
  const toggle = `<button id="coach" class="small">${esc(state.coachOn ? t("web-coach-hide") : t("web-coach"))}</button>`;
  if (!state.coachOn) return `<div class="coach">${toggle}</div>`;
  const advice = state.advice;
  if (!advice) return `<div class="coach">${toggle} <span class="muted">${esc(t("web-coach-thinking"))}</span></div>`;
  const pct = (x) => percent(x);
  const bar = room.seats
    .map((s, i) => `<span class="chance seat-${i}" style="width:${(100 * advice.chances[i]).toFixed(2)}%">${esc(playerName(s))} ${pct(advice.chances[i])}</span>`)
    .join("");
  let options = "";
  if (myTurn && advice.options.length) {
    options = `<p class="muted">${esc(t("web-coach-options"))}</p><ul class="coach-options">${advice.options
      .map((o) => {
        const label = o.action.length === 1 ? die(o.action, "tiny") + esc(takeLabel(game.turn, o.action)) : esc(o.action === "stop" ? t("web-stop", { points: game.turn.score }) : t("web-roll-again"));
        const best = o.action === advice.best ? ` <strong class="best">${esc(t("web-coach-best"))}</strong>` : "";
        return `<li data-option="${esc(o.action)}">${label}: ${pct(o.chance)}${best}</li>`;
      })
      .join("")}</ul>`;
  }
  return `<div class="coach" id="coach-panel">${toggle}<h3>${esc(t("web-win-chance"))}</h3><div class="chances" id="win-chance">${bar}</div>${options}</div>`;
}

function rollOffPanel(room, game) {
  const rounds = game.roll_off ? game.roll_off.rounds : [];
  const rows = rounds
    .map((round, i) => {
      const rolls = round
        .map((r) => `<div class="roll-off-roll"><span>${esc(seatName(room, r.seat))}</span><span class="dice">${diceRow(r.roll, i === rounds.length - 1 && state.freshRoll ? "rolling" : "")}</span><strong>${esc(t("web-rays-count", { count: count(r.roll, "R") }))}</strong></div>`)
        .join("");
      return `<div class="zone"><h3>${esc(t("web-roll-off-round", { round: i + 1 }))}</h3>${rolls}</div>`;
    })
    .join("");
  return `<div class="roll-off"><h3>${esc(t("web-roll-off"))}</h3><p class="muted">${esc(t("web-roll-off-intro"))}</p>${rows}</div>`;
}

function actionButtons(game, turn) {
  const buttons = [];
  for (const action of turn.legal) {
    let label;
    let cls = "";
    if (action === "roll") {
      label = game.awaiting === "roll_off_roll" ? t("web-roll-off-roll") : game.awaiting === "roll" ? t("web-roll") : t("web-roll-again");
      cls = "primary";
    } else if (action === "stop") {
      label = t("web-stop", { points: turn.score });
    } else {
      label = takeLabel(turn, action);
      cls = `take face-${action}`;
    }
    buttons.push(`<button class="${cls}" data-act="${action}">${action.length === 1 ? die(action, "tiny") : ""}${esc(label)}</button>`);
  }
  return buttons.join("");
}

// "Take 3 chickens": every die of that face in the roll.
function takeLabel(turn, face) {
  return t("web-take", { face: FACE_NAMES[face], count: count(turn.roll, face) });
}

function endPanel(room, game) {
  const winners = game.winners || [];
  const names = winners.map((w) => seatName(room, w));
  const title = winners.length === 1 ? t("web-winner", { name: names[0] }) : t("web-winners", { names: names.join(", ") });
  const href = `/api/rooms/${room.id}/games/${game.number}/record`;
  const rematch = state.seat === 0 ? `<button id="rematch" class="primary">${esc(t("web-rematch"))}</button>` : `<p class="muted">${esc(t("web-waiting-rematch"))}</p>`;
  const trigger = game.triggered_by != null ? `<p class="muted">${esc(t("web-triggered-end", { name: seatName(room, game.triggered_by), target: room.rules.target }))}</p>` : "";
  return `<div class="end" id="end-screen"><h2><span class="star">★</span> ${esc(title)}</h2>${trigger}
    <p>${room.seats.map((s, i) => `${esc(playerName(s))}: <strong>${game.scores[i]}</strong>`).join(" · ")}</p>
    <div class="row">${rematch}<a class="button" href="${href}" download>${esc(t("web-download"))}</a><button class="small" data-replay="${game.number}">${esc(t("web-replay"))}</button></div></div>`;
}

function logList(room, game) {
  const items = game.history
    .slice(-12)
    .reverse()
    .map((turn) => `<li><strong>${esc(seatName(room, turn.seat))}</strong> <code>${esc(turn.transcript)}</code> → ${turn.score}</li>`);
  return `<ol class="turns">${items.join("")}</ol>`;
}

function tickTimer() {
  const box = document.getElementById("timer");
  if (!box || !state.deadlineAt) return;
  const seconds = Math.max(0, Math.ceil((state.deadlineAt - Date.now()) / 1000));
  box.textContent = t("web-time-left", { seconds });
  box.classList.toggle("urgent", seconds <= 10);
}
setInterval(tickTimer, 500);

// ---------------------------------------------------------------- replay of a finished game
async function openReplay(number) {
  const dialog = document.getElementById("replay");
  const response = await fetch(`/api/rooms/${state.roomId}/games/${number}/record`);
  if (!response.ok) {
    toast(t("web-error", { code: "http", detail: `HTTP ${response.status}` }), true);
    return;
  }
  const record = await response.json();
  const frames = [];
  const totals = record.players.map(() => 0);
  for (const turn of record.turns) {
    totals[turn.seat] += turn.score;
    frames.push({ kind: "turn", turn, totals: totals.slice() });
  }
  if (record.roll_off && record.roll_off.length) frames.push({ kind: "roll_off", rounds: record.roll_off, totals: totals.slice() });
  let index = 0;
  const show = () => {
    const frame = frames[index];
    let body;
    if (frame.kind === "turn") {
      const steps = frame.turn.transcript
        .split(" ")
        .filter(Boolean)
        .map((step) => {
          if (step === "stop") return `<li>${esc(t("web-stop", { points: frame.turn.score }))}</li>`;
          const [roll, take] = step.split("/");
          const taken = take ? ` → ${die(take, "tiny")} ${esc(takeLabel({ roll: expand(roll) }, take))}` : "";
          return `<li><span class="dice">${diceRow(expand(roll))}</span>${taken}</li>`;
        })
        .join("");
      body = `<h3>${esc(t("web-replay-turn", { index: index + 1, count: record.turns.length, name: playerName(record.players[frame.turn.seat]), round: frame.turn.round }))}</h3>
        <ol class="replay-steps">${steps}</ol><p><strong>${esc(t("web-turn-score", { points: frame.turn.score }))}</strong></p>`;
    } else {
      body = `<h3>${esc(t("web-roll-off"))}</h3>${frame.rounds
        .map((round, i) => `<div class="zone"><h4>${esc(t("web-roll-off-round", { round: i + 1 }))}</h4>${round.map((r) => `<div class="roll-off-roll"><span>${esc(playerName(record.players[r.seat]))}</span><span class="dice">${diceRow(expand(r.roll))}</span></div>`).join("")}</div>`)
        .join("")}`;
    }
    const scores = record.players.map((p, i) => `${esc(playerName(p))}: <strong>${frame.totals[i]}</strong>`).join(" · ");
    dialog.innerHTML = `<h2>${esc(t("web-replay-title", { number }))}</h2>${body}<p>${scores}</p>
      <div class="row"><button id="replay-prev"${index === 0 ? " disabled" : ""}>${esc(t("web-previous"))}</button>
      <button id="replay-next"${index === frames.length - 1 ? " disabled" : ""}>${esc(t("web-next"))}</button>
      <button id="replay-close">${esc(t("web-close"))}</button></div>`;
    document.getElementById("replay-prev").onclick = () => {
      index -= 1;
      show();
    };
    document.getElementById("replay-next").onclick = () => {
      index += 1;
      show();
    };
    document.getElementById("replay-close").onclick = () => dialog.close();
  };
  if (!frames.length) return;
  state.replayShow = show;
  show();
  dialog.showModal();
}

// Rolls in records may be written with counts (`2T3RH`): spell them out face by face.
function expand(written) {
  let out = "";
  let n = "";
  for (const c of written) {
    if (c >= "0" && c <= "9") n += c;
    else {
      out += c.repeat(n ? Number(n) : 1);
      n = "";
    }
  }
  return out;
}

window.addEventListener("hashchange", () => {
  if (roomFromHash() !== state.roomId) {
    if (state.room) {
      state.leaving = true;
      send({ type: "leave" });
    }
    state.room = null;
    state.seat = null;
    enterRoom();
  }
});

await loadLanguages();
document.title = t("web-title");
fillLangSwitch();
langSwitch.onchange = () => setLang(langSwitch.value);
onLangChange(relabel);
render();
connect();
