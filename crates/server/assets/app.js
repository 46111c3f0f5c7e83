// Martian Dice in the browser: a thin client of the WebSocket protocol (docs/websocket-protocol.md).
// The server is authoritative: this page only shows the room it is sent and sends requests.
// Every text comes from the Fluent messages (web-… ids) through t(); ids are literal, except the
// coach's reasons, whose ids the server sends (shown only when the messages have them).
// This file routes (home, a room by id or by code, a finished game's review) and wires the parts
// in js/: the connection (net), the screens (home, lobby, game, end), chat, the turns, the replay,
// How to play, keys, cues and notices.
import { t, has, serverArgs, loadLanguages, setLang, lang, LANGS, nativeName, onLangChange } from "./i18n.js";
import { byId, esc } from "./js/dom.js";
import { state, seatName, youOr, savedToken, saveToken, savedName, myTurn } from "./js/state.js";
import { connect, send, showStatus, isOpen, reconnectForRoom } from "./js/net.js";
import { notify, announce } from "./js/notices.js";
import { yourTurn, drawSoundSwitch, setTitle, play } from "./js/cues.js";
import { installKeys } from "./js/keys.js";
import { diceWords } from "./js/dice.js";
import { renderHome, resetHome, typedName, normaliseCode, codeRefused } from "./js/home.js";
import { renderLobby, resetLobby } from "./js/lobby.js";
import { renderGame, focusFirstMove } from "./js/game.js";
import { outcomeText } from "./js/turns.js";
import { openHowTo, relabelHowTo } from "./js/howto.js";
import { relabelReplay } from "./js/replay.js";
import { renderReviewPage } from "./js/reviewpage.js";
import { renderChallengePage, challengeDate, todayUtc, onChallengeStarted, onChallengeResult } from "./js/challenge.js";
import { resetChat, addLines, patchChat, chatRefused } from "./js/chat.js";
import { goHome } from "./js/leave.js";
import { savedAvatar, saveAvatar, avatarIds, newcomerAvatar } from "./js/avatars.js";
import { rememberRoom, forgetRoom, roomOfCode, myRoomsQuestions, onMyRooms } from "./js/myrooms.js";
import { drawAccountTools, drawAccountOffer, renderProfile, claimSeat, drawFriends, signedIn, showInvite, adoptAccountAvatar } from "./js/account.js";
import { renderLeaderboard } from "./js/ratings.js";

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
  drawAccountTools();
  drawSoundSwitch();
  setTitle(t("web-title"));
}

// A new language redraws everything at once, keeping what the player was typing.
function relabel() {
  drawHeader();
  showStatus();
  const typed = [...app.querySelectorAll("input[id]:not([readonly]):not([type=radio])")].map((field) => [field.id, field.value]);
  resetLobby();
  resetHome();
  render();
  for (const [id, value] of typed) {
    const field = byId(id);
    if (field) field.value = value;
  }
  relabelReplay();
  relabelHowTo();
}

// ---------------------------------------------------------------- where the page is
// `/r/CODE` (an invite link), `/#room=ID`, `/#review=ID/N` (a finished game; `/#review=ID/N/T`
// with its replay open at turn T), or home.
function route() {
  const path = /^\/r\/([^/]+)\/?$/.exec(location.pathname);
  if (path) return { kind: "code", code: normaliseCode(decodeURIComponent(path[1])) };
  if (/^\/challenge\/?$/.test(location.pathname)) return { kind: "challenge", date: challengeDate() };
  if (/^\/leaderboard\/?$/.test(location.pathname)) return { kind: "leaderboard" };
  const profile = /^\/p\/([^/]+)\/?$/.exec(location.pathname);
  if (profile) return { kind: "profile", name: decodeURIComponent(profile[1]) };
  const room = /room=([0-9a-f]{32})/.exec(location.hash);
  if (room) return { kind: "room", room: room[1] };
  const review = /review=([0-9a-f]{32})\/([0-9]+)(?:\/([0-9]+))?/.exec(location.hash);
  if (review) return { kind: "review", room: review[1], number: Number(review[2]), turn: review[3] ? Number(review[3]) : null };
  return { kind: "home" };
}

function showRoomUrl(room) {
  if (location.pathname !== "/" || location.hash !== `#room=${room}`) history.replaceState(null, "", `/#room=${room}`);
}

// The name a spectator signs chat lines with, if the page knows one.
function watchRequest(target) {
  const name = savedName();
  state.watchName = name || null;
  return name ? { type: "watch", ...target, name } : { type: "watch", ...target };
}

function enterRoute() {
  const where = route();
  state.waiting = false;
  state.stale = false;
  if (["home", "review", "profile", "challenge", "leaderboard"].includes(where.kind)) {
    state.roomId = null;
    state.room = null;
    render();
    if (where.kind === "home" && isOpen()) {
      send({ type: "browse", on: true });
      for (const question of myRoomsQuestions()) send(question);
    }
    return;
  }
  if (where.kind === "code") {
    const known = roomOfCode(where.code);
    if (known && savedToken(known)) {
      history.replaceState(null, "", `/#room=${known}`);
      return enterRoute();
    }
    state.roomId = null;
    state.pendingCode = where.code;
    render();
    send(watchRequest({ code: where.code }));
    return;
  }
  state.roomId = where.room;
  resetChat(where.room);
  render();
  const token = savedToken(where.room);
  if (token) send({ type: "resume", room: where.room, token });
  else if (state.pendingJoin) send({ type: "join", room: where.room, ...state.pendingJoin });
  else send(watchRequest({ room: where.room }));
}

// Any change of address: leave the room shown (the seat stays), then go where it points.
function onNavigate() {
  const where = route();
  const same = where.kind === "room" && where.room === state.roomId;
  if (same) return;
  state.confirmLeave = false;
  if (state.room || state.roomId) {
    state.leaving = true;
    send({ type: "leave" });
  }
  if (state.matching) {
    send({ type: "match_cancel" });
    state.matching = null;
  }
  state.room = null;
  state.seat = null;
  resetLobby();
  resetHome();
  enterRoute();
}

// ---------------------------------------------------------------- the home page's requests
function joinDetails(name) {
  return { name, avatar: state.avatar };
}

const homeActions = {
  onHelp: () => openHowTo(),
  onCreate: (quick) => {
    const name = typedName();
    if (!name) return;
    state.quickStart = quick;
    send({ type: "create_room", name, avatar: state.avatar, lang: lang() });
  },
  onQuickMatch: () => {
    const name = typedName();
    if (!name) return;
    const players = state.matchPlayers || 2;
    state.matchRequest = { type: "quick_match", name, avatar: state.avatar, lang: lang(), players };
    if (state.matchRated && signedIn()) state.matchRequest.rated = true;
    send(state.matchRequest);
  },
  onMatchCancel: () => {
    state.matchRequest = null;
    send({ type: "match_cancel" });
  },
  onMatchBot: () => send({ type: "match_bot" }),
  onCode: (code) => {
    const known = roomOfCode(code);
    if (known && savedToken(known)) {
      location.hash = `room=${known}`;
      return;
    }
    const name = byId("name") ? byId("name").value.trim() : "";
    state.pendingCode = code;
    if (name) {
      state.pendingJoin = joinDetails(name);
      send({ type: "join", code, ...state.pendingJoin });
    } else {
      send(watchRequest({ code }));
    }
  },
  onLeaveRoom: (room, { local = false } = {}) => {
    const token = savedToken(room);
    state.confirmLeaveRoom = null;
    if (!token || local) {
      forgetRoom(room);
      render();
      return;
    }
    state.pendingLeaveRoom = room;
    send({ type: "resume", room, token });
  },
};

// A friend's invite followed: out of the room shown (if any), into theirs under the account's name.
function joinInvite(code) {
  if (route().kind !== "home" || state.roomId) {
    history.pushState(null, "", "/");
    onNavigate();
  }
  state.pendingCode = code;
  state.pendingJoin = joinDetails(signedIn() || savedName());
  send({ type: "join", code, ...state.pendingJoin });
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
    case "chat":
      if (state.room && state.roomId) addLines([message.line]);
      break;
    case "chat_history":
      addLines(message.lines, { live: false });
      break;
    case "invited":
      showInvite(message, joinInvite);
      break;
    case "solving":
      // A bot waits for the solver's tables: what is computed, how far along (until the next update).
      if (state.room && state.room.game && message.game === state.room.game.number) {
        state.solving = message;
        render();
      }
      break;
    case "advice":
      if (state.room && state.room.game && message.advice.moves === state.room.game.moves) {
        state.advice = message.advice;
        render();
      }
      break;
    case "left":
      onLeft(message);
      break;
    case "public_rooms":
      state.publicRooms = { waiting: message.waiting || [], playing: message.playing || [], queue: message.queue || {} };
      if (!state.roomId && route().kind === "home") render();
      break;
    case "matching":
      onMatching(message);
      break;
    case "my_rooms":
      onMyRooms(message.rooms || []);
      if (!state.roomId && route().kind === "home") render();
      break;
    case "challenge_started":
      onChallengeStarted(message);
      break;
    case "challenge_result": {
      // The game is graded: its result and the day's board, on the challenge's page.
      onChallengeResult(message);
      history.pushState(null, "", message.date === todayUtc() ? "/challenge" : `/challenge?date=${message.date}`);
      onNavigate();
      break;
    }
    case "error":
      onError(message);
      break;
    default:
      break;
  }
}

function onMatching(message) {
  movedInARow = 0;
  if (message.state === "waiting") {
    const now = Date.now();
    const first = !state.matching;
    state.matching = { ...message, since: now - (message.waited_ms || 0), offerAt: now + (message.bot_offer_ms || 0) };
    render();
    if (first) announce(t("web-match-title", { players: message.players }));
    else if (message.bot_offered && !state.botOfferSaid) announce(t("web-match-bot-offer"));
    state.botOfferSaid = Boolean(message.bot_offered);
    return;
  }
  state.matching = null;
  state.botOfferSaid = false;
  if (message.state === "matched") {
    state.matchRequest = null;
    state.roomId = message.room;
    resetChat(message.room);
    history.pushState(null, "", `/#room=${message.room}`);
    notify(t("web-match-found"));
  }
  render();
}

function onJoined(message) {
  movedInARow = 0;
  if (state.pendingLeaveRoom === message.room) {
    // Leaving from the home page: back in the seat only to give it up.
    send({ type: "leave_seat" });
    return;
  }
  const wasSeated = state.seat != null;
  const seatBefore = state.seat;
  state.roomId = message.room;
  state.seat = message.seat;
  state.waiting = Boolean(message.waiting);
  state.pendingCode = null;
  state.pendingJoin = null;
  state.stale = false;
  resetChat(message.room);
  if (message.seat != null && state.coachOn) send({ type: "coach", on: true });
  if (message.token) {
    saveToken(message.room, message.token);
    claimSeat(message.room, message.token);
  }
  if (message.token || savedToken(message.room)) rememberRoom(message.room);
  showRoomUrl(message.room);
  if (!wasSeated && message.seat != null && state.waitingName) {
    notify(t("web-seated-now"));
    state.waitingName = null;
  }
  // In by the code as a spectator while this browser holds a seat here: back to the seat.
  if (message.seat == null && !message.waiting && savedToken(message.room) && !state.triedResume) {
    state.triedResume = true;
    state.leaving = true;
    send({ type: "leave" });
    send({ type: "resume", room: message.room, token: savedToken(message.room) });
    return;
  }
  state.triedResume = false;
  if (wasSeated && message.seat != null && seatBefore !== message.seat) state.seatMoved = true;
  resetLobby();
}

function onLeft(message) {
  if (state.pendingLeaveRoom) {
    const room = state.pendingLeaveRoom;
    state.pendingLeaveRoom = null;
    forgetRoom(room);
    notify(t("web-left", { code: "left_seat" }));
    state.myRooms = (state.myRooms || []).filter((r) => r.room !== room);
    for (const question of myRoomsQuestions()) send(question);
    render();
    return;
  }
  if (state.leaving) {
    state.leaving = false;
    return;
  }
  state.seat = null;
  state.waiting = false;
  resetLobby();
  if (message.code === "left_seat") {
    forgetRoom(state.roomId);
    state.leavingSeat = false;
    notify(t("web-left", { code: "left_seat" }));
    state.room = null;
    state.roomId = null;
    goHome();
    return;
  }
  if (message.code === "resumed_elsewhere") {
    // One person, one seat: this page stands aside, with a way to take the seat back here.
    state.stale = true;
    state.room = null;
    render();
    return;
  }
  state.room = null;
  if (message.code === "removed") forgetRoom(state.roomId);
  notify(t("web-left", { code: message.code }), message.code !== "left");
  if (state.roomId) send(watchRequest({ room: state.roomId }));
}

// How many times in a row the room was said to run elsewhere: a reconnection naming it reaches
// its process, so more than a few means something is wrong, and the error is shown instead.
let movedInARow = 0;

function errorText(error) {
  // A refusal the server explains as one of the program's messages (a bad name, a malformed
  // message) is worded in the reader's language; its English `message` is for programs' logs.
  const reason = error.reason;
  const detail = reason && reason.id && has(reason.id) ? t(reason.id, serverArgs(reason.args)) : error.message;
  return t("web-error", { code: error.code, detail, limit: error.limit ?? 0, seconds: Math.max(1, Math.ceil((error.retry_ms || 0) / 1000)) });
}

function onError(error) {
  if (error.code === "moved" && error.request === "quick_match" && state.matchRequest && movedInARow < 3) {
    // Another server process makes the quick matches: reconnect to it (?match=1) and ask again.
    movedInARow += 1;
    reconnectForRoom();
    return;
  }
  if (error.code === "moved" && movedInARow < 3 && (state.roomId || error.room)) {
    movedInARow += 1;
    if (error.room) {
      state.roomId = error.room;
      state.pendingCode = null;
      history.replaceState(null, "", `/#room=${error.room}`);
    }
    reconnectForRoom();
    return;
  }
  if (error.request === "resume" && error.code === "bad_token") {
    if (state.pendingLeaveRoom) {
      forgetRoom(state.pendingLeaveRoom);
      state.pendingLeaveRoom = null;
      render();
      return;
    }
    forgetRoom(state.roomId);
    send(watchRequest({ room: state.roomId }));
    return;
  }
  if (error.request === "resume" && error.code === "no_such_room" && state.pendingLeaveRoom) {
    forgetRoom(state.pendingLeaveRoom);
    state.pendingLeaveRoom = null;
    render();
    return;
  }
  if (chatRefused(error)) return;
  if (error.request === "join" && error.code === "already_started") {
    // Too late for this game: watch it, and ask for a seat at the next.
    const target = state.pendingCode ? { code: state.pendingCode } : { room: state.roomId || route().room };
    state.pendingJoin = null;
    notify(errorText(error));
    send(watchRequest(target));
    return;
  }
  if ((error.code === "unknown_code" || error.code === "too_many_guesses") && !state.roomId) {
    state.pendingCode = null;
    state.pendingJoin = null;
    if (route().kind === "code") {
      history.replaceState(null, "", "/");
      render();
    }
    codeRefused(errorText(error));
    notify(errorText(error), true);
    return;
  }
  if (error.code === "no_such_room") {
    if (state.roomId) forgetRoom(state.roomId);
    state.roomId = null;
    state.room = null;
    history.replaceState(null, "", "/");
    render();
  }
  // A refused rated room: the box shows what the room is again.
  if (error.request === "set_rated" && byId("opt-rated")) byId("opt-rated").checked = Boolean(state.room && state.room.rated);
  if (["quick_match", "match_bot"].includes(error.request)) {
    state.matching = null;
    state.matchRequest = null;
  }
  state.quickStart = false;
  state.pendingJoin = null;
  if (error.code === "solver_limit" && error.limit) {
    const { game, dice, target, max_target: max } = error.limit;
    notify(`${t("error-solve-limit", { game, dice, target, max })}. ${t("error-solve-limit-bots", { max })}`, true);
    render();
    return;
  }
  // The code is the protocol's (English, stable); the text is the reader's.
  notify(errorText(error), true);
  render();
}

function onUpdate(message) {
  const room = message.room;
  if (!state.roomId || room.id !== state.roomId) return;
  const wasMine = myTurn(state.room);
  const before = state.room;
  state.freshRoll = message.events.some((e) => e.kind === "rolled" || e.kind === "roll_off_roll");
  state.room = room;
  state.deadlineAt = room.game && room.game.deadline_ms != null ? Date.now() + room.game.deadline_ms : null;
  if (state.advice && (!room.game || state.advice.moves !== room.game.moves)) state.advice = null;
  state.solving = null;
  if (state.seat != null || state.waiting) rememberRoom(room.id, room.code);
  // The name this page asked for a seat with (kept with the other names typed on the page).
  if (state.waiting && state.waitingName == null) state.waitingName = savedName();
  message.events.forEach((event, i) => narrate(event, room, before, message.events.slice(i + 1)));
  if (state.quickStart && room.status === "lobby" && state.seat === room.host) {
    // "Play against a bot": a medium bot, then the game, as soon as the room exists.
    if (room.seats.length === 1) send({ type: "add_bot", bot: "medium" });
    else {
      state.quickStart = false;
      send({ type: "start" });
    }
  }
  render();
  patchChat();
  // Dice tumble once, when they are rolled, not again when the screen is redrawn for another reason.
  state.freshRoll = false;
  if (!wasMine && myTurn(room)) {
    yourTurn();
    focusFirstMove();
  }
}

const FACE_OF = { R: "death-ray", H: "human", C: "cow", K: "chicken" };

// Every event is told: rolls and results read to screen readers, what needs a word on screen in
// the news, each with its sound. The reader's own seat is spoken to as "you".
function narrate(event, room, before, later) {
  const name = event.seat != null && room.seats[event.seat] ? seatName(room, event.seat) : "";
  const you = youOr(event.seat);
  const soft = you !== "yes";
  const host = state.seat != null && state.seat === room.host;
  switch (event.kind) {
    case "rolled":
      announce(t("web-said-rolled", { name, you, count: event.dice.length, dice: diceWords(event.dice) }));
      play("roll", { soft });
      if (event.dice.includes("T")) setTimeout(() => play("tanks", { soft }), 380);
      break;
    case "took": {
      announce(t("web-said-took", { name, you, taken: t("face-count", { face: FACE_OF[event.face], count: event.count }) }));
      // The balance after the take, when the turn goes on (otherwise its end is told next).
      const turn = room.game && room.game.turn;
      if (turn && !later.some((e) => e.kind === "turn_over")) announce(`${t("web-tanks-vs-rays", { tanks: turn.tanks, rays: turn.rays })} — ${t("web-turn-score", { points: turn.score })}.`);
      play(event.face === "R" ? "rays" : "earthlings", { soft });
      break;
    }
    case "turn_over": {
      const summary = room.game && room.game.history.filter((h) => h.seat === event.seat).pop();
      const who = you === "yes" ? t("web-you") : name;
      announce(`${who}: ${summary ? outcomeText(summary) : t("web-scored", { name, points: event.score, end: event.end })} ${t("web-said-total", { total: event.total })}`);
      if (summary && summary.tanks_win) play("lost", { soft });
      else if (event.end === "stop" && event.score >= 10) play("bigstop", { soft });
      break;
    }
    case "roll_off_roll":
      announce(t("web-said-roll-off", { name, you, dice: diceWords(event.dice) }));
      play("roll", { soft });
      break;
    case "game_over": {
      const names = event.winners.map((w) => (w === state.seat ? t("web-you") : seatName(room, w)));
      const mine = event.winners.includes(state.seat);
      announce(mine && names.length === 1 ? t("web-you-win") : names.length === 1 ? t("web-winner", { name: names[0] }) : t("web-winners", { names: names.join(", ") }));
      play("win", { soft: !mine });
      break;
    }
    case "game_started":
      state.outcome = null;
      announce(t("web-game-started", { number: event.number }));
      break;
    case "seats_rotated":
      notify(t("web-seats-rotated", { name: seatName(room, 0), you: youOr(0) }));
      break;
    case "seats_drawn":
      notify(t("web-seats-drawn", { name: seatName(room, 0), you: youOr(0) }));
      break;
    case "timed_out":
      notify(t("web-timed-out", { name, you, on: event.on_timeout || "bot" }));
      break;
    case "handed_to_bot":
      notify(t("web-handed-to-bot", { name, you, bot: event.bot }));
      break;
    case "left_seat":
      notify(t("web-left-seat", { name: event.name || name, game: room.status === "lobby" ? "no" : "yes" }));
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
    case "muted":
      notify(event.seat === state.seat ? t("web-muted-you", { muted: event.muted ? "yes" : "no" }) : t("web-muted", { name, muted: event.muted ? "yes" : "no" }));
      break;
    case "rules_changed":
    case "timer_changed":
      // The host sees their own change in the form; everyone else hears it.
      if (!host && room.status === "lobby") announce(rulesWords(room));
      break;
    case "options_changed":
      if (!host) announce(t("web-options-changed", { public: room.public ? "yes" : "no", chat: room.spectator_chat ? "yes" : "no" }));
      break;
    case "plays_greedy":
      notify(t("web-plays-greedy", { name, bot: event.bot, max: event.max_target ?? 0 }));
      break;
    default:
      break;
  }
}

function rulesWords(room) {
  const r = room.rules;
  const timer = room.timer.seconds ? t("web-timer-value", { seconds: room.timer.seconds, on: room.timer.on_timeout }) : t("web-timer-off");
  return t("web-rules-changed", { rules: t("web-rules-summary", { dice: r.dice, target: r.target, bonus: r.bonus, end: r.end, tie: r.tie }), timer });
}

// ---------------------------------------------------------------- screens
function staleCard() {
  app.innerHTML = `<section class="card home" aria-labelledby="stale-title"><h1 id="stale-title" tabindex="-1">${esc(t("web-stale-title"))}</h1>
    <p>${esc(t("web-left", { code: "resumed_elsewhere" }))}</p>
    <button type="button" id="take-back" class="primary big" data-sends>${esc(t("web-stale-continue"))}</button>
    <a class="button big" href="/">${esc(t("web-home"))}</a></section>`;
  byId("take-back").onclick = () => {
    const token = savedToken(state.roomId);
    if (token) send({ type: "resume", room: state.roomId, token });
  };
  byId("stale-title").focus({ preventScroll: true });
}

function render() {
  const where = route();
  if (where.kind === "profile" && !state.roomId) {
    setTitle(`${where.name} — ${t("web-title")}`);
    // Drawn once per name and language: the messages of the connection redraw nothing here.
    const shown = `${where.name}/${lang()}/${signedIn()}`;
    if (state.profileShown !== shown) {
      state.profileShown = shown;
      renderProfile(app, where.name);
    }
    return;
  }
  state.profileShown = null;
  if (where.kind === "leaderboard" && !state.roomId) {
    setTitle(`${t("web-leaderboard")} — ${t("web-title")}`);
    // Drawn once per visit and language: the messages of the connection redraw nothing here.
    if (state.leaderboardShown !== lang()) {
      state.leaderboardShown = lang();
      renderLeaderboard(app);
    }
    return;
  }
  state.leaderboardShown = null;
  if (where.kind === "challenge" && !state.roomId) {
    setTitle(`${t("web-challenge-title", { date: where.date })} — ${t("web-title")}`);
    // Drawn once per visit and language; the page redraws itself as the board arrives.
    const shown = `${where.date}/${lang()}`;
    if (state.challengeShown !== shown) {
      state.challengeShown = shown;
      renderChallengePage(app, where.date);
    }
    return;
  }
  state.challengeShown = null;
  if (where.kind === "review" && !state.roomId) {
    setTitle(`${t("web-review-title", { number: where.number })} — ${t("web-title")}`);
    return renderReviewPage(app, where.room, where.number, false, where.turn);
  }
  if (state.stale) {
    setTitle(t("web-title"));
    return staleCard();
  }
  if (!state.roomId && !state.pendingCode) {
    setTitle(t("web-title"));
    renderHome(app, homeActions);
    drawAccountOffer(app);
    return drawFriends(app);
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

window.addEventListener("hashchange", onNavigate);
window.addEventListener("popstate", onNavigate);

await loadLanguages();
state.avatar = savedAvatar() || newcomerAvatar();
drawHeader();
langSwitch.onchange = () => setLang(langSwitch.value);
byId("howto-open").onclick = () => openHowTo();
onLangChange(relabel);
installKeys({ onHelp: () => openHowTo() });
render();
connect({
  roomOf: () => state.roomId || (route().kind === "room" ? route().room : null),
  matchOf: () => Boolean(state.matchRequest),
  onMessage: receive,
  onOpen: (welcome) => {
    state.welcome = welcome;
    drawAccountTools();
    const ids = avatarIds(welcome);
    if (!ids.includes(state.avatar)) state.avatar = newcomerAvatar(ids);
    adoptAccountAvatar(ids, (id) => {
      if (id === state.avatar) return;
      state.avatar = id;
      saveAvatar(id);
      render();
    });
    resetLobby();
    resetHome();
    // A queue is not kept across a lost connection (nor across processes): ask again.
    if (state.matchRequest) send(state.matchRequest);
    enterRoute();
    render();
  },
});
