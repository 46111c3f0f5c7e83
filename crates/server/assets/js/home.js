// The first screen: a name and a picture, then the ways to a table — Quick match with strangers,
// a game against a bot, a room of one's own, a friend's room by its code — and, beside them, the
// games this browser holds a seat in and the public rooms, live. The form is drawn once and the
// lists patched, so that nothing typed is disturbed.
import { t, lang } from "../i18n.js";
import { byId, esc, keepFocus } from "./dom.js";
import { diceRow } from "./dice.js";
import { state, savedName, saveName } from "./state.js";
import { send, applyOffline } from "./net.js";
import { avatarPicker, avatarIds, saveAvatar } from "./avatars.js";
import { myRoomsList, olderRoomsQuestion } from "./myrooms.js";
import { publicLists, matchingPanel } from "./public.js";
import { keepAvatar, signedIn } from "./account.js";

let drawn = null;

export function resetHome() {
  drawn = null;
}

// Normalises a typed code as the server reads it: capitals, no spaces, dashes or dots.
export function normaliseCode(typed) {
  return String(typed || "").toUpperCase().replace(/[\s.\-]/g, "");
}

function players() {
  const range = state.welcome && state.welcome.quick_match ? state.welcome.quick_match.players : [2, 4];
  const out = [];
  for (let n = range[0]; n <= range[1]; n += 1) out.push(n);
  return out;
}

function mainCard(name) {
  const ids = avatarIds(state.welcome);
  const sizes = players()
    .map((n) => `<option value="${n}"${n === state.matchPlayers ? " selected" : ""}>${esc(t("web-match-players-count", { count: n }))}</option>`)
    .join("");
  return `<section class="card home" id="home-main" aria-labelledby="home-title">
      <h1 id="home-title">${esc(t("web-title"))}</h1>
      <p class="muted">${esc(t("web-tagline"))}</p>
      <p class="home-dice">${diceRow("TRRHCK", { label: t("web-home-dice") })}</p>
      <form id="create-form" novalidate>
        <label for="name">${esc(t("web-your-name"))}</label>
        <input id="name" name="name" maxlength="24" required autocomplete="nickname" value="${esc(name)}">
        ${avatarPicker("avatar", state.avatar, ids)}
        <div class="match-row">
          <button type="button" id="quick-match" class="primary big" data-sends>${esc(t("web-quick-match"))}</button>
          <label for="match-players" class="visually-hidden">${esc(t("web-match-players"))}</label>
          <select id="match-players">${sizes}</select>
          ${signedIn() ? `<label class="choice" for="match-rated"><input type="checkbox" id="match-rated"${state.matchRated ? " checked" : ""}> <span>${esc(t("web-match-rated"))}</span></label>` : ""}
        </div>
        <p class="muted small-print">${esc(t("web-quick-match-hint"))}</p>
        <button type="button" id="quick-play" class="big" data-sends>${esc(t("web-play-bot"))}</button>
        <button type="submit" id="create" class="big" data-sends>${esc(t("web-create-room"))}</button>
        <a class="button big" id="daily-challenge" href="/challenge">${esc(t("web-challenge-link"))}</a>
        <a class="button big" id="leaderboard-link" href="/leaderboard">${esc(t("web-leaderboard"))}</a>
      </form>
      <form id="code-form" class="code-form" novalidate>
        <label for="room-code">${esc(t("web-room-code"))}</label>
        <div class="row"><input id="room-code" class="code-input" maxlength="9" autocomplete="off" autocapitalize="characters" spellcheck="false" aria-describedby="room-code-hint">
          <button type="submit" id="join-code" class="primary" data-sends>${esc(t("web-join"))}</button></div>
        <small id="room-code-hint" class="muted">${esc(t("web-room-code-hint"))}</small>
      </form>
      <p class="muted small-print">${esc(t("web-home-invite"))}</p>
      <button type="button" id="home-help" class="link-button">${esc(t("web-how-to-play"))}</button>
    </section>`;
}

export function renderHome(app, { onHelp, onQuickMatch, onCreate, onCode, onMatchCancel, onMatchBot, onLeaveRoom }) {
  const key = `${lang()}|${state.matching ? `matching ${Boolean(state.matching.bot_offered)}` : "form"}|${state.welcome ? "welcome" : ""}`;
  if (drawn !== key || !byId("home-grid")) {
    // Drawn again when the connection opens or the language changes: keep what was typed.
    const typed = byId("name");
    const name = typed ? typed.value : savedName();
    const code = byId("room-code") ? byId("room-code").value : "";
    app.innerHTML = `<div class="home-grid" id="home-grid">
      <div class="home-col" id="home-col">${state.matching ? matchingPanel() : mainCard(name)}</div>
      <div class="home-col">
        <div id="my-games-box"></div>
        <section class="card" aria-labelledby="public-title"><h2 id="public-title">${esc(t("web-public-rooms"))}</h2><div id="public-box"></div></section>
      </div></div>`;
    drawn = key;
    if (state.matching) bindMatching({ onMatchCancel, onMatchBot });
    else {
      byId("room-code").value = code;
      bindForm({ onHelp, onQuickMatch, onCreate, onCode });
    }
  } else if (state.matching) {
    patchMatching();
  }
  keepFocus(() => {
    byId("my-games-box").innerHTML = myRoomsList();
    byId("public-box").innerHTML = publicLists();
  });
  bindLists({ onLeaveRoom });
  applyOffline();
}

// The name typed (remembered), or null after saying it is needed.
export function typedName() {
  const input = byId("name");
  if (!input) return savedName() || null;
  const value = input.value.trim();
  if (!value) {
    input.setCustomValidity(t("web-name-needed"));
    input.reportValidity();
    input.focus();
    return null;
  }
  input.setCustomValidity("");
  saveName(value);
  return value;
}

function bindForm({ onHelp, onQuickMatch, onCreate, onCode }) {
  byId("name").oninput = () => byId("name").setCustomValidity("");
  document.querySelectorAll('#create-form input[name="avatar"]').forEach((radio) => {
    radio.onchange = () => {
      state.avatar = radio.value;
      saveAvatar(radio.value);
      keepAvatar(radio.value);
    };
  });
  byId("match-players").onchange = () => (state.matchPlayers = Number(byId("match-players").value));
  const rated = byId("match-rated");
  if (rated) rated.onchange = () => (state.matchRated = rated.checked);
  byId("create-form").onsubmit = (event) => {
    event.preventDefault();
    onCreate(false);
  };
  byId("quick-play").onclick = () => onCreate(true);
  byId("quick-match").onclick = () => onQuickMatch();
  byId("code-form").onsubmit = (event) => {
    event.preventDefault();
    const input = byId("room-code");
    const code = normaliseCode(input.value);
    if (!code) {
      input.setCustomValidity(t("web-room-code-needed"));
      input.reportValidity();
      return;
    }
    input.setCustomValidity("");
    input.removeAttribute("aria-invalid");
    onCode(code);
  };
  byId("room-code").oninput = () => {
    byId("room-code").setCustomValidity("");
    byId("room-code").removeAttribute("aria-invalid");
  };
  byId("home-help").onclick = () => onHelp();
}

// A code that names no room: said beside the field.
export function codeRefused(text) {
  const input = byId("room-code");
  if (!input) return;
  input.setAttribute("aria-invalid", "true");
  byId("room-code-hint").textContent = text;
  input.focus();
}

function bindMatching({ onMatchCancel, onMatchBot }) {
  byId("match-cancel").onclick = () => onMatchCancel();
  const bot = byId("match-bot");
  if (bot) bot.onclick = () => onMatchBot();
  byId("matching-title").focus({ preventScroll: true });
}

function patchMatching() {
  const m = state.matching;
  const waited = byId("match-waited");
  if (waited) waited.textContent = t("web-match-waited", { seconds: Math.floor((Date.now() - m.since) / 1000) });
  const queue = byId("match-queue");
  if (queue) queue.textContent = t("web-match-queue", { position: m.position || 1, waiting: m.waiting || 1 });
  const offerIn = byId("match-offer-in");
  if (offerIn) offerIn.textContent = t("web-match-bot-in", { seconds: Math.max(0, Math.ceil((m.offerAt - Date.now()) / 1000)) });
  const range = byId("match-range");
  if (range && m.rating_range) range.textContent = t("web-match-range", { rating: m.rating, low: m.rating_range[0], high: m.rating_range[1] });
}

function bindLists({ onLeaveRoom }) {
  document.querySelectorAll("[data-sit]").forEach((button) => {
    button.onclick = () => {
      const name = typedName();
      if (!name) return;
      send({ type: "join", room: button.dataset.sit, name, avatar: state.avatar });
    };
  });
  document.querySelectorAll("[data-leave-room]").forEach((button) => {
    button.onclick = () => {
      state.confirmLeaveRoom = button.dataset.leaveRoom;
      keepFocus(() => (byId("my-games-box").innerHTML = myRoomsList()));
      bindLists({ onLeaveRoom });
      document.querySelector(`[data-leave-no="${state.confirmLeaveRoom}"]`)?.focus();
    };
  });
  document.querySelectorAll("[data-leave-no]").forEach((button) => {
    button.onclick = () => {
      const room = button.dataset.leaveNo;
      state.confirmLeaveRoom = null;
      keepFocus(() => (byId("my-games-box").innerHTML = myRoomsList()));
      bindLists({ onLeaveRoom });
      document.querySelector(`[data-leave-room="${room}"]`)?.focus();
    };
  });
  document.querySelectorAll("[data-leave-yes]").forEach((button) => {
    button.onclick = () => onLeaveRoom(button.dataset.leaveYes, { local: button.dataset.local === "1" });
  });
  const more = byId("my-rooms-more");
  if (more) {
    more.onclick = () => {
      const question = olderRoomsQuestion();
      if (question) send(question);
    };
  }
}

// The quick-match clock, a second at a time.
setInterval(() => {
  if (state.matching && byId("match-waited")) patchMatching();
}, 1000);
