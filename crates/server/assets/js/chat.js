// The room's chat: one-tap phrases shown in each reader's own language, and free text shown as
// text (never as HTML). Its panel is one element kept for the room's whole life and moved into
// the lobby or the game screen, so that a redraw never loses what is being typed, and its list
// is a polite live region: new lines are read out, and nothing else. A remembered switch hides
// it (and stops the reading), and its switch then counts the lines arrived meanwhile; the host
// mutes a seat from the players' table. Whoever may not write sees no box to write in, and a
// draft typed before a mute (or a line the server refused) waits in the box for later.
import { t } from "../i18n.js";
import { esc } from "./dom.js";
import { state, playerName, claimedMark } from "./state.js";
import { send } from "./net.js";
import { avatarOf } from "./avatars.js";
import { notify } from "./notices.js";

const HIDE_KEY = "martian-dice:chat-hidden";
// The lines shown at most (the server keeps 30).
const SHOWN = 50;

const chat = { room: null, lines: [], node: null, lang: null, unread: 0, sent: null };

function hidden() {
  try {
    return localStorage.getItem(HIDE_KEY) === "1";
  } catch {
    return false;
  }
}

// A new room: no lines yet.
export function resetChat(roomId) {
  if (chat.room === roomId) return;
  chat.room = roomId;
  chat.lines = [];
  chat.node = null;
  chat.unread = 0;
  chat.sent = null;
}

// Lines from the server (`chat`, or the history on entering): each once, in order.
export function addLines(lines, { live = true } = {}) {
  const known = new Set(chat.lines.map((l) => l.n));
  const fresh = lines.filter((l) => !known.has(l.n));
  if (!fresh.length) return;
  if (chat.sent != null && fresh.some((l) => l.text === chat.sent)) chat.sent = null;
  chat.lines = [...chat.lines, ...fresh].sort((a, b) => a.n - b.n).slice(-SHOWN);
  if (live && hidden()) {
    chat.unread += fresh.filter((l) => l.seat == null || l.seat !== state.seat).length;
    drawHidden();
  }
  if (!chat.node) return;
  const list = chat.node.querySelector(".chat-lines ul");
  const box = chat.node.querySelector(".chat-lines");
  if (!live) {
    list.innerHTML = chat.lines.map(lineHtml).join("");
  } else {
    for (const line of fresh) list.insertAdjacentHTML("beforeend", lineHtml(line));
    while (list.children.length > SHOWN) list.firstElementChild.remove();
  }
  box.scrollTop = box.scrollHeight;
  drawEmpty();
}

function phraseText(phrase) {
  return t("web-quick-message", { message: phrase });
}

function lineHtml(line) {
  const who = line.seat != null && state.room && state.room.seats[line.seat] ? playerName(state.room.seats[line.seat]) : line.name;
  const mine = line.seat != null && line.seat === state.seat;
  const body = line.phrase != null ? phraseText(line.phrase) : line.text;
  const tag = line.spectator ? ` <small class="muted">(${esc(t("web-chat-spectator"))})</small>` : "";
  return `<li class="chat-line${mine ? " mine" : ""}${line.phrase != null ? " phrase" : ""}" data-n="${line.n}">${avatarOf({ avatar: line.avatar, name: line.name }, { size: 24 })}
    <span><strong>${esc(who)}</strong>${claimedMark(line)}${tag}: <span class="chat-text">${esc(body)}</span></span></li>`;
}

// Who may write now, and if not, why (shown instead of the form's hint).
function writer(room) {
  if (!room) return { can: false, why: "" };
  if (state.seat != null) {
    const seat = room.seats[state.seat];
    if (seat && seat.muted) return { can: false, why: t("web-chat-muted-you") };
    return { can: true };
  }
  if (state.waiting) return { can: true };
  if (!room.spectator_chat) return { can: false, why: t("web-chat-players-only") };
  if (!state.watchName) return { can: false, why: t("web-chat-need-name") };
  return { can: true };
}

function build() {
  const node = document.createElement("section");
  node.className = "card chat";
  node.id = "chat";
  node.setAttribute("aria-labelledby", "chat-title");
  const phrases = (state.welcome ? state.welcome.quick_messages : [])
    .map((m) => `<button type="button" class="small phrase" data-say="${esc(m)}" data-sends>${esc(phraseText(m))}</button>`)
    .join("");
  const max = state.welcome && state.welcome.chat ? state.welcome.chat.max_chars : 200;
  node.innerHTML = `<div class="chat-head"><h2 id="chat-title">${esc(t("web-chat"))}</h2>
      <button type="button" id="chat-toggle" class="small" aria-expanded="true" aria-controls="chat-body"></button></div>
    <div id="chat-body">
      <div class="chat-lines" role="log" aria-live="polite" aria-relevant="additions" aria-labelledby="chat-title" tabindex="0"><ul></ul></div>
      <p class="muted chat-empty">${esc(t("web-chat-empty"))}</p>
      <div class="phrases" role="group" aria-label="${esc(t("web-chat-phrases"))}">${phrases}</div>
      <form class="chat-form row" id="chat-form" novalidate>
        <label for="chat-text" class="visually-hidden">${esc(t("web-chat-message"))}</label>
        <input id="chat-text" maxlength="${max}" autocomplete="off" enterkeyhint="send" data-sends placeholder="${esc(t("web-chat-placeholder"))}" aria-describedby="chat-note">
        <button type="submit" id="chat-send" data-sends>${esc(t("web-chat-send"))}</button>
      </form>
      <p class="muted small-print" id="chat-note"></p>
    </div>`;
  node.querySelector("#chat-toggle").onclick = () => {
    try {
      localStorage.setItem(HIDE_KEY, hidden() ? "0" : "1");
    } catch {
      // private windows: the switch lasts for this page
    }
    if (!hidden()) chat.unread = 0;
    drawHidden();
  };
  node.querySelectorAll("[data-say]").forEach((button) => {
    button.onclick = () => send({ type: "say", message: button.dataset.say });
  });
  node.querySelector("#chat-form").onsubmit = (event) => {
    event.preventDefault();
    const input = node.querySelector("#chat-text");
    const text = input.value.trim();
    if (!text) return;
    if (send({ type: "chat", text })) {
      chat.sent = text;
      input.value = "";
    }
  };
  chat.node = node;
  chat.lang = t("web-chat");
  node.querySelector(".chat-lines ul").innerHTML = chat.lines.map(lineHtml).join("");
  drawHidden();
  drawEmpty();
  return node;
}

function drawHidden() {
  const node = chat.node;
  if (!node) return;
  const off = hidden();
  node.classList.toggle("collapsed", off);
  node.querySelector("#chat-body").hidden = off;
  const toggle = node.querySelector("#chat-toggle");
  const unread = off ? chat.unread : 0;
  toggle.innerHTML = off
    ? `${esc(t("web-chat-show"))}${unread ? ` <span class="unread" id="chat-unread" aria-hidden="true">${unread}</span>` : ""}`
    : esc(t("web-chat-hide"));
  if (unread) toggle.setAttribute("aria-label", t("web-chat-show-unread", { unread }));
  else toggle.removeAttribute("aria-label");
  toggle.setAttribute("aria-expanded", String(!off));
}

function drawEmpty() {
  if (!chat.node) return;
  chat.node.querySelector(".chat-empty").hidden = chat.lines.length > 0;
}

// Puts the chat into `slot` (the lobby's or the game's), built afresh for a new room or a new
// language, and brings its state up to date.
export function mountChat(slot) {
  if (!slot || !state.room) return;
  if (!chat.node || chat.lang !== t("web-chat")) {
    const typed = chat.node ? chat.node.querySelector("#chat-text").value : "";
    const hadFocus = chat.node && chat.node.contains(document.activeElement) ? document.activeElement.id : null;
    build();
    chat.node.querySelector("#chat-text").value = typed;
    slot.append(chat.node);
    if (hadFocus) chat.node.querySelector(`#${hadFocus}`)?.focus();
  } else if (chat.node.parentElement !== slot) {
    slot.append(chat.node);
  }
  patchChat();
}

// Who may write, as the room says now.
export function patchChat() {
  const node = chat.node;
  if (!node || !state.room) return;
  const { can, why } = writer(state.room);
  node.querySelector("#chat-form").hidden = !can;
  node.querySelector(".phrases").hidden = !can;
  const limit = state.welcome && state.welcome.chat ? state.welcome.chat.max_chars : 200;
  node.querySelector("#chat-note").textContent = can ? t("web-chat-plain", { limit }) : why;
}

// A line the server refused goes back into the box (unless something new was typed meanwhile).
function keepRefused() {
  const input = chat.node && chat.node.querySelector("#chat-text");
  if (input && chat.sent && !input.value) input.value = chat.sent;
  chat.sent = null;
}

// A refusal of a chat request, in words.
export function chatRefused(error) {
  if (["chat_rate_limited", "chat_too_long", "muted"].includes(error.code)) keepRefused();
  if (error.code === "chat_rate_limited") notify(t("web-chat-slow", { seconds: Math.max(1, Math.ceil((error.retry_ms || 1000) / 1000)) }), true);
  else if (error.code === "chat_too_long") notify(t("web-chat-too-long", { limit: error.limit || 200 }), true);
  else if (error.code === "muted") notify(t("web-chat-muted-you"), true);
  else return false;
  return true;
}
