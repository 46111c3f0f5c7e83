// The lobby: the invite link, the players, bots and the rules. Its fields are drawn once and then
// patched, so that nobody's typing is disturbed by others joining; the host's changes take effect
// as they are made (numbers a moment after the last key), and everyone sees them live.
import { t, LANGS, nativeName } from "../i18n.js";
import { byId, esc, keepFocus } from "./dom.js";
import { state, isHost, savedName, saveName } from "./state.js";
import { send, applyOffline } from "./net.js";
import { notify } from "./notices.js";
import { seatTable, bindSeatButtons } from "./seats.js";
import { finishedList, bindFinished } from "./finished.js";
import { mountChat } from "./chat.js";
import { leaveControl, bindLeave } from "./leave.js";
import { avatarPicker, avatarIds, saveAvatar } from "./avatars.js";
import { coachBeyond } from "./coach.js";
import { drawInviteFriends, keepAvatar, signedIn } from "./account.js";

const CHOICES = {
  bonus: ["one-of-each", "any-earthling"],
  end: ["complete-round", "immediate"],
  tie: ["roll-off", "shared"],
  on_timeout: ["bot", "stop"],
};
const NUMBERS = { "rule-dice": [1, 30], "rule-target": [1, 999], "timer-seconds": [0, 600] };
const DEBOUNCE_MS = 600;

let drawn = null; // what the skeleton was drawn for
const pending = { rules: null, timer: null };

export function resetLobby() {
  drawn = null;
}

export function renderLobby(app) {
  const room = state.room;
  const host = isHost();
  const seated = state.seat != null;
  const key = `${room.id}|${host}|${seated}|${state.waiting}|${t("web-start")}`;
  if (drawn !== key) {
    drawSkeleton(app, room, host, seated);
    drawn = key;
  }
  patch(room, host);
  mountChat(byId("chat-slot"));
  applyOffline();
}

// The invite link: BASE/r/CODE (BASE: the server's public address, else this page's).
export function inviteLink(room) {
  const origin = (state.welcome && state.welcome.public_url) || location.origin;
  return room.code ? `${origin.replace(/\/$/, "")}/r/${room.code}` : `${origin}/#room=${room.id}`;
}

// The code, large, and the QR code of the invite link, for friends around the table.
function codeBox(room) {
  if (!room.code) return "";
  return `<div class="code-box">
      <div><p class="muted code-label" aria-hidden="true">${esc(t("web-room-code"))}</p>
        <p class="room-code" id="lobby-code" role="group" aria-label="${esc(t("web-room-code"))}">${esc(room.code)}</p>
        <p class="muted small-print">${esc(t("web-room-code-tell"))}</p></div>
      <img class="qr" id="invite-qr" src="/r/${encodeURIComponent(room.code)}/qr.svg" width="148" height="148" alt="${esc(t("web-qr-alt"))}">
    </div>`;
}

function choiceLabel(field, value) {
  switch (field) {
    case "bonus":
      return t("web-bonus-choice", { bonus: value });
    case "end":
      return t("web-end-choice", { end: value });
    case "tie":
      return t("web-tie-choice", { tie: value });
    default:
      return t("web-on-timeout-choice", { on: value });
  }
}

function legend(field) {
  return { bonus: t("web-bonus"), end: t("web-end"), tie: t("web-tie"), on_timeout: t("web-on-timeout") }[field];
}

function radios(field) {
  const options = CHOICES[field]
    .map((value) => `<label class="choice"><input type="radio" name="${field}" value="${value}" data-sends> <span>${esc(choiceLabel(field, value))}</span></label>`)
    .join("");
  return `<fieldset class="choices" id="field-${field}"><legend>${esc(legend(field))}</legend>${options}</fieldset>`;
}

function numberField(id, label, hint = "") {
  const [min, max] = NUMBERS[id];
  return `<div class="number-field"><label for="${id}">${esc(label)}</label>
    <input id="${id}" type="number" inputmode="numeric" min="${min}" max="${max}" required data-sends${hint ? ` aria-describedby="${id}-hint"` : ""}>
    ${hint ? `<small id="${id}-hint" class="muted">${esc(hint)}</small>` : ""}</div>`;
}

function drawSkeleton(app, room, host, seated) {
  const bots = state.welcome ? state.welcome.bots : [];
  let startBox;
  if (host) {
    startBox = `<button type="button" id="start" class="primary big" data-sends>${esc(t("web-start"))}</button><p id="start-note" class="muted"></p>`;
  } else if (seated) {
    startBox = `<p id="start-note" class="waiting-host">${esc(t("web-waiting-for-host"))}</p>`;
  } else {
    startBox = `<form id="join-form" class="join-form"><label for="join-name">${esc(t("web-your-name"))}</label>
      <div class="row"><input id="join-name" maxlength="24" required autocomplete="nickname" value="${esc(savedName())}">
      <button type="submit" id="join" class="primary" data-sends>${esc(t("web-join"))}</button></div></form>`;
  }
  const botCard = host
    ? `<section class="card" aria-labelledby="bots-title"><h2 id="bots-title">${esc(t("web-add-bot"))}</h2>
        <form id="bot-form"><fieldset class="choices bots"><legend class="visually-hidden">${esc(t("web-add-bot"))}</legend>${bots
          .map((b) => `<label class="choice bot-choice"><input type="radio" name="bot" value="${esc(b.name)}"> <span><strong>${esc(t("web-bot-name", { bot: b.name }))}</strong> <small class="muted">${esc(t("web-bot-summary", { bot: b.name, summary: b.summary }))}</small></span></label>`)
          .join("")}</fieldset>
        <button type="submit" id="add-bot" data-sends>${esc(t("web-add"))}</button></form></section>`
    : "";
  const rulesCard = host
    ? `<section class="card" aria-labelledby="rules-title"><h2 id="rules-title">${esc(t("web-rules"))}</h2>
        <form id="rules-form" novalidate>
          <div class="numbers">${numberField("rule-dice", t("web-dice"))}${numberField("rule-target", t("web-target"))}${numberField("timer-seconds", t("web-timer"), t("web-timer-seconds"))}</div>
          ${radios("bonus")}${radios("end")}${radios("tie")}${radios("on_timeout")}
          <p class="muted" id="rules-note">${esc(t("web-rules-live"))}</p>
          <p class="muted" id="coach-note"${coachBeyond(room) ? "" : " hidden"}>${esc(coachBeyond(room))}</p>
        </form></section>`
    : `<section class="card" aria-labelledby="rules-title"><h2 id="rules-title">${esc(t("web-rules"))}</h2><dl id="rules-view" class="rules-view"></dl></section>`;
  const mine = seated || state.waiting;
  const picture = mine
    ? `<details class="picture-pick" id="picture-pick"><summary>${esc(t("web-avatar-change"))}</summary>${avatarPicker("my-avatar", myAvatar(room), avatarIds(state.welcome))}</details>`
    : "";
  app.innerHTML = `
    <div class="lobby">
      <div class="lobby-main">
        <section class="card lobby-top" aria-labelledby="lobby-title">
          <h1 id="lobby-title">${esc(t("web-lobby-title"))}</h1>
          <p id="rated-mark"${room.rated ? "" : " hidden"}><span class="badge">${esc(t("web-room-rated"))}</span></p>
          <div id="start-box">${startBox}</div>
          ${codeBox(room)}
          <label for="invite" class="invite-label">${esc(t("web-invite"))}</label>
          <div class="row"><input id="invite" readonly><button type="button" id="copy">${esc(t("web-copy"))}</button></div>
          <div id="invite-friends"></div>
        </section>
        <section class="card" aria-labelledby="players-title"><h2 id="players-title">${esc(t("web-players"))}</h2><div id="seats"></div>${picture}
          <div class="row leave-row" id="leave-slot"></div></section>
        <div id="chat-slot"></div>
        <div id="finished-box"></div>
      </div>
      <div class="lobby-side">${host ? optionsCard() : ""}${botCard}${rulesCard}</div>
    </div>`;
  byId("invite").value = inviteLink(room);
  drawInviteFriends(byId("invite-friends"), room);
  document.querySelectorAll('input[name="my-avatar"]').forEach((radio) => {
    radio.onchange = () => {
      state.avatar = radio.value;
      saveAvatar(radio.value);
      keepAvatar(radio.value);
      send({ type: "set_avatar", avatar: radio.value });
    };
  });
  byId("copy").onclick = async () => {
    const input = byId("invite");
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      document.execCommand("copy");
    }
    notify(t("web-copied"));
  };
  if (host) bindHost();
  else if (!seated) {
    byId("join-form").onsubmit = (e) => {
      e.preventDefault();
      const input = byId("join-name");
      const name = input.value.trim();
      if (!name) {
        input.reportValidity();
        return;
      }
      saveName(name);
      state.leaving = true;
      send({ type: "leave" });
      send({ type: "join", room: state.roomId, name, avatar: state.avatar });
    };
  }
}

function myAvatar(room) {
  const seat = state.seat != null ? room.seats[state.seat] : null;
  return (seat && seat.avatar) || state.avatar;
}

// The host's options: the room listed publicly, spectators in the chat, the room's language.
function optionsCard() {
  const langs = LANGS.map((tag) => `<option value="${tag}">${esc(nativeName(tag))}</option>`).join("");
  return `<section class="card" aria-labelledby="options-title"><h2 id="options-title">${esc(t("web-room-options"))}</h2>
    <label class="choice"><input type="checkbox" id="opt-public" data-sends> <span>${esc(t("web-option-public"))}</span></label>
    <label class="choice"><input type="checkbox" id="opt-spectator-chat" data-sends> <span>${esc(t("web-option-spectator-chat"))}</span></label>
    ${signedIn() ? `<label class="choice"><input type="checkbox" id="opt-standing" data-sends aria-describedby="standing-note"> <span>${esc(t("web-option-standing"))}</span></label><small id="standing-note" class="muted">${esc(t("web-option-standing-note"))}</small>` : ""}
    ${signedIn() ? `<label class="choice"><input type="checkbox" id="opt-rated" data-sends aria-describedby="rated-note"> <span>${esc(t("web-option-rated"))}</span></label><small id="rated-note" class="muted">${esc(t("web-option-rated-note"))}</small>` : ""}
    <div class="number-field"><label for="opt-lang">${esc(t("web-option-lang"))}</label><select id="opt-lang" data-sends>${langs}</select></div></section>`;
}

function bindHost() {
  byId("opt-public").onchange = () => send({ type: "set_options", public: byId("opt-public").checked });
  byId("opt-spectator-chat").onchange = () => send({ type: "set_options", spectator_chat: byId("opt-spectator-chat").checked });
  const standing = byId("opt-standing");
  if (standing) standing.onchange = () => send({ type: "set_options", standing: standing.checked });
  const rated = byId("opt-rated");
  if (rated) rated.onchange = () => send({ type: "set_rated", rated: rated.checked });
  byId("opt-lang").onchange = () => send({ type: "set_options", lang: byId("opt-lang").value });
  const botRadios = [...document.querySelectorAll('#bot-form input[name="bot"]')];
  const chosen = botRadios.find((r) => r.value === state.botChoice) || botRadios.find((r) => r.value === "medium") || botRadios[0];
  if (chosen) chosen.checked = true;
  botRadios.forEach((r) => (r.onchange = () => (state.botChoice = r.value)));
  byId("bot-form").onsubmit = (e) => {
    e.preventDefault();
    const choice = botRadios.find((r) => r.checked);
    if (choice) send({ type: "add_bot", bot: choice.value });
  };
  const form = byId("rules-form");
  form.onsubmit = (e) => {
    e.preventDefault();
    flushEdits();
  };
  for (const field of ["bonus", "end", "tie"]) {
    form.querySelectorAll(`input[name="${field}"]`).forEach((r) => (r.onchange = () => sendRules()));
  }
  form.querySelectorAll('input[name="on_timeout"]').forEach((r) => (r.onchange = () => sendTimer()));
  for (const id of ["rule-dice", "rule-target"]) {
    const input = byId(id);
    input.oninput = () => later("rules", sendRules);
    input.onchange = () => flushEdits();
  }
  const seconds = byId("timer-seconds");
  seconds.oninput = () => later("timer", sendTimer);
  seconds.onchange = () => flushEdits();
  byId("start").onclick = () => {
    flushEdits();
    send({ type: "start" });
  };
}

function later(what, action) {
  clearTimeout(pending[what]);
  pending[what] = setTimeout(() => {
    pending[what] = null;
    action();
  }, DEBOUNCE_MS);
}

// Sends what is still waiting for its moment (before Start, on Enter, on leaving a field).
export function flushEdits() {
  if (pending.rules) {
    clearTimeout(pending.rules);
    pending.rules = null;
    sendRules();
  }
  if (pending.timer) {
    clearTimeout(pending.timer);
    pending.timer = null;
    sendTimer();
  }
}

// A number field's value when it is a whole number in range; otherwise the field says why.
function numberOf(id) {
  const input = byId(id);
  const [min, max] = NUMBERS[id];
  const value = Number(input.value);
  const good = input.value.trim() !== "" && Number.isInteger(value) && value >= min && value <= max;
  input.setAttribute("aria-invalid", String(!good));
  input.setCustomValidity(good ? "" : t("web-number-range", { min, max }));
  return good ? value : null;
}

function checked(name) {
  const radio = document.querySelector(`#rules-form input[name="${name}"]:checked`);
  return radio ? radio.value : null;
}

function sendRules() {
  const room = state.room;
  if (!room || room.status !== "lobby" || !byId("rules-form")) return;
  const dice = numberOf("rule-dice");
  const target = numberOf("rule-target");
  if (dice == null || target == null) {
    notify(t("web-number-range-named", { min: 1, max: dice == null ? 30 : 999 }), true);
    return;
  }
  const rules = { dice, target, bonus: checked("bonus"), end: checked("end"), tie: checked("tie") };
  const now = room.rules;
  if (Object.keys(rules).every((k) => rules[k] === now[k])) return;
  send({ type: "set_rules", rules });
}

function sendTimer() {
  const room = state.room;
  if (!room || !byId("rules-form")) return;
  const seconds = numberOf("timer-seconds");
  if (seconds == null) return;
  const timer = { seconds, on_timeout: checked("on_timeout") };
  if (timer.seconds === room.timer.seconds && timer.on_timeout === room.timer.on_timeout) return;
  send({ type: "set_timer", timer });
}

function patch(room, host) {
  const ratedMark = byId("rated-mark");
  if (ratedMark) ratedMark.hidden = !room.rated;
  keepFocus(() => {
    byId("seats").innerHTML = seatTable(room, null);
    bindSeatButtons(byId("seats"));
    byId("finished-box").innerHTML = finishedList(room);
    bindFinished(byId("finished-box"));
    byId("leave-slot").innerHTML = leaveControl(room);
    bindLeave(byId("leave-slot"));
  });
  if (host) {
    const options = { "opt-public": Boolean(room.public), "opt-spectator-chat": Boolean(room.spectator_chat), "opt-standing": Boolean(room.standing), "opt-rated": Boolean(room.rated) };
    for (const [id, value] of Object.entries(options)) if (byId(id) && byId(id).checked !== value) byId(id).checked = value;
    if (room.lang && byId("opt-lang").value !== room.lang) byId("opt-lang").value = room.lang;
    const hint = byId("timer-seconds-hint");
    if (hint) hint.textContent = room.timer_auto ? t("web-timer-auto") : t("web-timer-seconds");
  }
  const note = byId("start-note");
  if (host && note) {
    const players = room.seats.length;
    note.textContent = players < 2 ? t("web-start-alone") : t("web-start-count", { count: players });
  }
  if (host) {
    const values = { "rule-dice": room.rules.dice, "rule-target": room.rules.target, "timer-seconds": room.timer.seconds };
    for (const [id, value] of Object.entries(values)) {
      const input = byId(id);
      const busy = document.activeElement === input || pending[id === "timer-seconds" ? "timer" : "rules"];
      if (!busy && input.value !== String(value)) {
        input.value = String(value);
        input.removeAttribute("aria-invalid");
        input.setCustomValidity("");
      }
    }
    // Beyond the coach's limit with these dice, a game against a bot has no coach: say so.
    const coachNote = byId("coach-note");
    if (coachNote) {
      const beyond = coachBeyond(room);
      coachNote.textContent = beyond;
      coachNote.hidden = !beyond;
    }
    const current = { bonus: room.rules.bonus, end: room.rules.end, tie: room.rules.tie, on_timeout: room.timer.on_timeout };
    for (const [name, value] of Object.entries(current)) {
      const radio = document.querySelector(`#rules-form input[name="${name}"][value="${value}"]`);
      if (radio && !radio.checked) radio.checked = true;
    }
  } else {
    const view = byId("rules-view");
    if (view) view.innerHTML = rulesView(room);
  }
}

function rulesView(room) {
  const r = room.rules;
  const rows = [
    [t("web-dice"), r.dice],
    [t("web-target"), r.target],
    [t("web-bonus"), choiceLabel("bonus", r.bonus)],
    [t("web-end"), choiceLabel("end", r.end)],
    [t("web-tie"), choiceLabel("tie", r.tie)],
    [t("web-timer"), room.timer.seconds ? t("web-timer-value", { seconds: room.timer.seconds, on: room.timer.on_timeout }) : t("web-timer-off")],
  ];
  return rows.map(([k, v]) => `<div><dt>${esc(k)}</dt><dd>${esc(v)}</dd></div>`).join("");
}
