// "Your games" on the home page: the rooms this browser holds a seat in (from the seat tokens it
// keeps), asked about with `my_rooms`, to continue or leave; and their finished games with the
// record to download and the review to read.
import { t } from "../i18n.js";
import { esc } from "./dom.js";
import { state, forgetToken, savedToken } from "./state.js";
import { avatarOf } from "./avatars.js";
import { recordHref } from "./finished.js";

const INDEX_KEY = "martian-dice:rooms";
// The protocol's bound on one `my_rooms` question.
const ASK_AT_MOST = 20;

function readIndex() {
  try {
    const list = JSON.parse(localStorage.getItem(INDEX_KEY) || "[]");
    return Array.isArray(list) ? list.filter((e) => e && /^[0-9a-f]{32}$/.test(e.room)) : [];
  } catch {
    return [];
  }
}

function writeIndex(list) {
  try {
    localStorage.setItem(INDEX_KEY, JSON.stringify(list.slice(0, 40)));
  } catch {
    // private windows: the list lasts for this page
  }
}

// Remembers a room this browser took a seat in (newest first), with its code when known.
export function rememberRoom(room, code = null) {
  const list = readIndex();
  const old = list.find((e) => e.room === room);
  const entry = { room, code: code || (old && old.code) || null, at: Date.now() };
  writeIndex([entry, ...list.filter((e) => e.room !== room)]);
}

export function forgetRoom(room) {
  writeIndex(readIndex().filter((e) => e.room !== room));
  forgetToken(room);
}

// The room a typed code names, if this browser has been there.
export function roomOfCode(code) {
  const entry = readIndex().find((e) => e.code === code);
  return entry ? entry.room : null;
}

// The `my_rooms` question for the rooms this browser holds a token for (the most recent first).
// Tokens saved before the index existed are found too.
export function myRoomsQuestion() {
  const list = readIndex();
  const known = new Set(list.map((e) => e.room));
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const match = /^martian-dice:seat:([0-9a-f]{32})$/.exec(localStorage.key(i) || "");
      if (match && !known.has(match[1])) list.push({ room: match[1], code: null, at: 0 });
    }
  } catch {
    // no storage: nothing to ask
  }
  const seats = list
    .map((e) => ({ room: e.room, token: savedToken(e.room) }))
    .filter((s) => s.token)
    .slice(0, ASK_AT_MOST);
  return seats.length ? { type: "my_rooms", seats } : null;
}

// The answer: rooms gone are forgotten; codes are kept for typing them again.
export function onMyRooms(rooms) {
  for (const room of rooms) {
    if (room.status === "gone") forgetRoom(room.room);
    else if (room.code) {
      const list = readIndex();
      const entry = list.find((e) => e.room === room.room);
      if (entry && entry.code !== room.code) {
        entry.code = room.code;
        writeIndex(list);
      }
    }
  }
  state.myRooms = rooms.filter((r) => r.status !== "gone");
}

function status(room) {
  if (room.status === "playing") return room.your_turn ? t("web-your-games-status", { status: "your-turn" }) : t("web-your-games-status", { status: "playing" });
  return t("web-your-games-status", { status: room.status });
}

function players(room) {
  return (room.seats || [])
    .map((s, i) => `<span class="mini-seat">${avatarOf(s, { size: 22 })}${esc(i === room.seat ? t("web-you") : s.bot && !s.human ? t("web-bot-name", { bot: s.bot }) : s.name)}${room.scores && room.scores[i] != null ? ` <strong>${room.scores[i]}</strong>` : ""}</span>`)
    .join(" ");
}

function finishedLinks(room) {
  return (room.finished || [])
    .slice()
    .reverse()
    .map((g) => {
      const names = g.winners.map((w) => (w === room.seat ? t("web-you") : g.names[w])).join(", ");
      const label = `${t("web-game-number", { number: g.number })}: ${t("web-finished-winner", { names, count: g.winners.length })} (${g.scores.join("–")})`;
      return `<li><span>${esc(label)}</span><span class="row">
        <a class="button small" href="${recordHref(room.room, g.number)}" download aria-label="${esc(t("web-download-named", { label }))}">${esc(t("web-download"))}</a>
        <a class="button small" href="/#review=${room.room}/${g.number}" aria-label="${esc(t("web-review-named", { label }))}">${esc(t("web-review"))}</a></span></li>`;
    })
    .join("");
}

// The list, or nothing when this browser has no games.
export function myRoomsList() {
  const rooms = state.myRooms || [];
  if (!rooms.length) return "";
  const items = rooms
    .map((room) => {
      const code = room.code ? `<span class="code-chip">${esc(room.code)}</span>` : "";
      const open = room.status === "lobby" || room.status === "playing" || room.status === "over";
      const asking = state.confirmLeaveRoom === room.room;
      let actions = "";
      if (open && asking) {
        actions = `<div class="leave-confirm" role="group" aria-labelledby="leave-q-${room.room}"><p id="leave-q-${room.room}">${esc(t("web-leave-ask", { when: room.status === "playing" ? "game" : room.status }))}</p>
          <div class="row"><button type="button" class="small danger" data-leave-yes="${room.room}" data-sends>${esc(t("web-leave"))}</button>
          <button type="button" class="small" data-leave-no="${room.room}">${esc(t("web-leave-stay"))}</button></div></div>`;
      } else if (open) {
        const label = room.code || t("web-your-games-room");
        actions = `<div class="row"><a class="button small primary" href="/#room=${room.room}" aria-label="${esc(t("web-continue-named", { code: label }))}">${esc(t("web-continue"))}</a>
          <button type="button" class="small quiet" data-leave-room="${room.room}" aria-label="${esc(t("web-leave-named", { code: label }))}">${esc(t("web-leave"))}</button></div>`;
      }
      const finished = finishedLinks(room);
      return `<li class="my-room" data-room="${room.room}"><div class="my-room-head">${code}<strong>${esc(status(room))}</strong></div>
        <div class="mini-seats">${players(room)}</div>${actions}${finished ? `<ul class="finished">${finished}</ul>` : ""}</li>`;
    })
    .join("");
  return `<section class="card" aria-labelledby="your-games-title"><h2 id="your-games-title">${esc(t("web-your-games"))}</h2><ul class="my-rooms">${items}</ul></section>`;
}
