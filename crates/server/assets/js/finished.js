// The games a room finished: who won, the record to download, and a replay in the page.
import { t } from "../i18n.js";
import { esc } from "./dom.js";
import { openReplay } from "./replay.js";
import { claimedMark } from "./state.js";

export function recordHref(roomId, number) {
  return `/api/rooms/${roomId}/games/${number}/record`;
}

// A finished game's seat `seat` named by `nameOf` (escaped), with the mark beside an account's name.
export function finishedName(game, seat, nameOf = (name) => name) {
  return `${esc(nameOf(game.names[seat], seat))}${claimedMark({ claimed: Boolean(game.claimed && game.claimed[seat]) })}`;
}

// "Winner: NAMES" with each winner's mark; the words escaped, the names marked up.
export function winnersHtml(game, nameOf) {
  const placeholder = "\u0001names\u0001";
  const words = esc(t("web-finished-winner", { names: placeholder, count: game.winners.length }));
  return words.replace(placeholder, game.winners.map((w) => finishedName(game, w, nameOf)).join(", "));
}

export function finishedList(room) {
  if (!room.finished.length) return "";
  const items = room.finished
    .slice()
    .reverse()
    .map((g) => {
      return `<li><span>${esc(t("web-game-number", { number: g.number }))}: ${winnersHtml(g)} (${esc(g.scores.join("–"))})</span>
        <span class="row"><a class="button small" href="${recordHref(room.id, g.number)}" download>${esc(t("web-download"))}</a>
        <button type="button" class="small" data-replay="${g.number}">${esc(t("web-replay"))}</button></span></li>`;
    });
  return `<section class="card" aria-labelledby="finished-title"><h2 id="finished-title">${esc(t("web-finished-games"))}</h2><ul class="finished">${items.join("")}</ul></section>`;
}

export function bindFinished(root) {
  root.querySelectorAll("[data-replay]").forEach((button) => {
    button.onclick = () => openReplay(Number(button.dataset.replay));
  });
}
