// "Your games" on the home page: the rooms this browser holds a seat in (from the seat tokens it
// keeps), asked about with `my_rooms` (20 at a time, the newest first, older ones on request), to
// continue or leave; and their finished games with the record to download and the review to read.
// A finished room keeps its games here until its holder removes it, after a question that says
// what goes with it.
import { t } from "../i18n.js";
import { esc } from "./dom.js";
import { state, forgetToken, savedToken, playerName } from "./state.js";
import { avatarOf } from "./avatars.js";
import { recordHref, winnersHtml } from "./finished.js";

const INDEX_KEY = "martian-dice:rooms";
// The protocol's bound on one `my_rooms` question (MAX_MY_ROOMS).
const ASK_AT_MOST = 20;
// The rooms remembered at most (the oldest are dropped from the index, their tokens kept).
const REMEMBERED = 500;
// How many of the rooms held (the newest first) are asked about: one question's worth, and
// another on each "Show older games".
let asked = ASK_AT_MOST;

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
    localStorage.setItem(INDEX_KEY, JSON.stringify(list.slice(0, REMEMBERED)));
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

// The seats this browser holds a token for (the most recent first). Tokens saved before the
// index existed are found too.
function heldSeats() {
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
  return list.map((e) => ({ room: e.room, token: savedToken(e.room) })).filter((s) => s.token);
}

// The `my_rooms` questions for the rooms asked about so far, at most 20 seats each.
export function myRoomsQuestions() {
  const seats = heldSeats().slice(0, asked);
  const out = [];
  for (let i = 0; i < seats.length; i += ASK_AT_MOST) out.push({ type: "my_rooms", seats: seats.slice(i, i + ASK_AT_MOST) });
  return out;
}

// The question for the next 20 older rooms ("Show older games"), or null when none are left.
export function olderRoomsQuestion() {
  const seats = heldSeats().slice(asked, asked + ASK_AT_MOST);
  if (!seats.length) return null;
  asked += ASK_AT_MOST;
  return { type: "my_rooms", seats };
}

// How many rooms held are not asked about yet.
function olderRooms() {
  return Math.max(0, heldSeats().length - asked);
}

// An answer (one of several batches): rooms gone are forgotten; codes are kept for typing them
// again; the rooms told of join those already known, in the order of the index.
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
  const known = new Map((state.myRooms || []).map((r) => [r.room, r]));
  for (const room of rooms) {
    if (room.status === "gone") known.delete(room.room);
    else known.set(room.room, room);
  }
  const order = new Map(readIndex().map((e, i) => [e.room, i]));
  const at = (room) => order.get(room.room) ?? Number.MAX_SAFE_INTEGER;
  state.myRooms = [...known.values()].sort((a, b) => at(a) - at(b));
}

function status(room) {
  if (room.status === "playing") return room.your_turn ? t("web-your-games-status", { status: "your-turn" }) : t("web-your-games-status", { status: "playing" });
  return t("web-your-games-status", { status: room.status });
}

function players(room) {
  return (room.seats || [])
    .map((s, i) => `<span class="mini-seat">${avatarOf(s, { size: 22 })}${esc(i === room.seat ? t("web-you") : playerName(s))}${room.scores && room.scores[i] != null ? ` <strong>${room.scores[i]}</strong>` : ""}</span>`)
    .join(" ");
}

function finishedLinks(room) {
  return (room.finished || [])
    .slice()
    .reverse()
    .map((g) => {
      const names = g.winners.map((w) => (w === room.seat ? t("web-you") : g.names[w])).join(", ");
      const label = `${t("web-game-number", { number: g.number })}: ${t("web-finished-winner", { names, count: g.winners.length })} (${g.scores.join("–")})`;
      const shown = `${esc(t("web-game-number", { number: g.number }))}: ${winnersHtml(g, (name, w) => (w === room.seat ? t("web-you") : name))} (${esc(g.scores.join("–"))})`;
      return `<li><span>${shown}</span><span class="row">
        <a class="button small" href="${recordHref(room.room, g.number)}" download aria-label="${esc(t("web-download-named", { label }))}">${esc(t("web-download"))}</a>
        <a class="button small" href="/#review=${room.room}/${g.number}" aria-label="${esc(t("web-review-named", { label }))}">${esc(t("web-review"))}</a></span></li>`;
    })
    .join("");
}

// The games finished in `room` (more than the last few `my_rooms` tells of).
function finishedCount(room) {
  const told = (room.finished || []).length;
  const number = room.game || 0;
  return Math.max(told, room.status === "playing" || room.status === "lobby" ? number - 1 : number);
}

// The list, or nothing when this browser has no games.
export function myRoomsList() {
  const rooms = (state.myRooms || []).filter((room) => savedToken(room.room));
  if (!rooms.length) return "";
  const items = rooms
    .map((room) => {
      const code = room.code ? `<span class="code-chip">${esc(room.code)}</span>` : "";
      // A room to go back to (the lobby, a game under way); a finished one shows its games.
      const open = room.status === "lobby" || room.status === "playing";
      const asking = state.confirmLeaveRoom === room.room;
      const label = room.code || t("web-your-games-room");
      const loses = finishedCount(room) ? ` ${t("web-your-games-loses", { count: finishedCount(room) })}` : "";
      let actions = "";
      if (asking) {
        const question = open ? t("web-leave-ask", { when: room.status === "playing" ? "game" : room.status }) : t("web-your-games-remove-ask");
        // A closed room is only forgotten here; any other is left on the server too.
        const local = room.status === "closed" ? ' data-local="1"' : "";
        actions = `<div class="leave-confirm" role="group" aria-labelledby="leave-q-${room.room}"><p id="leave-q-${room.room}">${esc(question + loses)}</p>
          <div class="row"><button type="button" class="small danger" data-leave-yes="${room.room}"${local} data-sends>${esc(open ? t("web-leave") : t("web-your-games-remove"))}</button>
          <button type="button" class="small" data-leave-no="${room.room}">${esc(open ? t("web-leave-stay") : t("web-your-games-keep"))}</button></div></div>`;
      } else if (open) {
        actions = `<div class="row"><a class="button small primary" href="/#room=${room.room}" aria-label="${esc(t("web-continue-named", { code: label }))}">${esc(t("web-continue"))}</a>
          <button type="button" class="small quiet" data-leave-room="${room.room}" aria-label="${esc(t("web-leave-named", { code: label }))}">${esc(t("web-leave"))}</button></div>`;
      } else {
        actions = `<div class="row"><button type="button" class="small quiet" data-leave-room="${room.room}" aria-label="${esc(t("web-your-games-remove-named", { code: label }))}">${esc(t("web-your-games-remove"))}</button></div>`;
      }
      const finished = finishedLinks(room);
      return `<li class="my-room" data-room="${room.room}"><div class="my-room-head">${code}<strong>${esc(status(room))}</strong></div>
        <div class="mini-seats">${players(room)}</div>${actions}${finished ? `<ul class="finished">${finished}</ul>` : ""}</li>`;
    })
    .join("");
  const older = olderRooms();
  const more = older ? `<button type="button" id="my-rooms-more" class="small" data-sends>${esc(t("web-your-games-more", { count: older }))}</button>` : "";
  return `<section class="card" aria-labelledby="your-games-title"><h2 id="your-games-title">${esc(t("web-your-games"))}</h2><ul class="my-rooms">${items}</ul>${more}</section>`;
}
