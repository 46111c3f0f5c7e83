// Meeting strangers from the home page: the live list of public rooms (one tap to sit down) and
// of public games under way (to watch), and Quick match — a queue with its wait in view, a way
// out, and a bot offered after a while.
import { t, nativeName } from "../i18n.js";
import { esc } from "./dom.js";
import { state, playerName, claimedMark } from "./state.js";
import { avatarOf } from "./avatars.js";

// The rules in short: the dice and the target, and only what differs from the official rules.
export function rulesShort(rules) {
  const parts = [t("web-rules-short", { dice: rules.dice, target: rules.target })];
  if (rules.bonus !== "one-of-each") parts.push(t("web-bonus-choice", { bonus: rules.bonus }));
  if (rules.end !== "complete-round") parts.push(t("web-end-choice", { end: rules.end }));
  if (rules.tie !== "roll-off") parts.push(t("web-tie-choice", { tie: rules.tie }));
  return parts.join(" · ");
}

function seatsLine(entry) {
  return entry.seats.map((s) => `<span class="mini-seat">${avatarOf(s, { size: 22 })}${esc(playerName(s))}${claimedMark(s)}</span>`).join(" ");
}

function waitingItem(entry) {
  const label = t("web-public-sit-named", { host: entry.host });
  return `<li class="public-room" data-room="${entry.room}">
    <div class="public-room-main"><strong>${esc(t("web-public-room-of", { host: entry.host }))}</strong>
      <span class="muted">${esc(t("web-public-seats", { taken: entry.seats.length, free: entry.free }))} · ${esc(rulesShort(entry.rules))} · ${esc(nativeName(entry.lang))}</span>
      <div class="mini-seats">${seatsLine(entry)}</div></div>
    <button type="button" class="primary small" data-sit="${entry.room}" data-sends aria-label="${esc(label)}">${esc(t("web-public-sit"))}</button></li>`;
}

function playingItem(entry) {
  const label = t("web-public-watch-named", { host: entry.host });
  return `<li class="public-room" data-room="${entry.room}">
    <div class="public-room-main"><strong>${esc(t("web-public-game-of", { host: entry.host, number: entry.game }))}</strong>
      <span class="muted">${esc(rulesShort(entry.rules))} · ${esc(nativeName(entry.lang))}</span>
      <div class="mini-seats">${seatsLine(entry)}</div></div>
    <a class="button small" href="/#room=${entry.room}" aria-label="${esc(label)}">${esc(t("web-public-watch"))}</a></li>`;
}

// The two lists, as the server last sent them.
export function publicLists() {
  const list = state.publicRooms;
  const waiting = list ? list.waiting : [];
  const playing = list ? list.playing : [];
  const empty = list ? t("web-public-none") : t("web-public-loading");
  const rooms = waiting.length
    ? `<ul class="public-rooms" id="public-rooms" aria-labelledby="public-title">${waiting.map(waitingItem).join("")}</ul>`
    : `<ul class="public-rooms" id="public-rooms" aria-labelledby="public-title"></ul><p class="muted">${esc(empty)}</p>`;
  const games = playing.length
    ? `<h3 id="watch-title">${esc(t("web-public-playing"))}</h3><ul class="public-rooms" aria-labelledby="watch-title">${playing.map(playingItem).join("")}</ul>`
    : "";
  return `${rooms}${games}`;
}

// The quick-match panel while waiting: how long, how many, the bot's offer, and Cancel.
export function matchingPanel() {
  const m = state.matching;
  const waited = Math.floor((Date.now() - m.since) / 1000);
  const offerIn = Math.max(0, Math.ceil((m.offerAt - Date.now()) / 1000));
  const offer = m.bot_offered
    ? `<p>${esc(t("web-match-bot-offer"))}</p><button type="button" id="match-bot" class="primary big" data-sends>${esc(t("web-match-bot"))}</button>`
    : `<p class="muted" id="match-offer-in">${esc(t("web-match-bot-in", { seconds: offerIn }))}</p>`;
  return `<section class="card home matching" aria-labelledby="matching-title">
    <h1 id="matching-title" tabindex="-1">${esc(t("web-match-title", { players: m.players }))}</h1>
    <div class="match-spinner" aria-hidden="true">${avatarOf({ avatar: state.avatar, name: "" }, { size: 56 })}<span class="dots"><span></span><span></span><span></span></span></div>
    <p role="timer" id="match-waited">${esc(t("web-match-waited", { seconds: waited }))}</p>
    <p class="muted" id="match-queue">${esc(t("web-match-queue", { position: m.position || 1, waiting: m.waiting || 1 }))}</p>
    ${m.rating_range ? `<p class="muted" id="match-range">${esc(t("web-match-range", { rating: m.rating, low: m.rating_range[0], high: m.rating_range[1] }))}</p>` : ""}
    ${offer}
    <button type="button" id="match-cancel" class="big" data-sends>${esc(t("web-match-cancel"))}</button></section>`;
}
