// The games a room finished: who won, the record to download, and a replay in the page.
import { t } from "../i18n.js";
import { esc } from "./dom.js";
import { openReplay } from "./replay.js";

export function recordHref(roomId, number) {
  return `/api/rooms/${roomId}/games/${number}/record`;
}

export function finishedList(room) {
  if (!room.finished.length) return "";
  const items = room.finished
    .slice()
    .reverse()
    .map((g) => {
      const names = g.winners.map((w) => g.names[w]).join(", ");
      return `<li><span>${esc(t("web-game-number", { number: g.number }))}: ${esc(t("web-finished-winner", { names, count: g.winners.length }))} (${esc(g.scores.join("–"))})</span>
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
