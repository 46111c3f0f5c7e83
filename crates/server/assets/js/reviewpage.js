// The review on a page of its own: the review drawn by review.js, the replay of replay.js and the
// record to download, put together here so that neither of those two imports the other.
import { t } from "../i18n.js";
import { byId, esc, keepFocus } from "./dom.js";
import { recordHref } from "./finished.js";
import { openReplay } from "./replay.js";
import { reviewChoice, fetchReview, entriesFor, reviewBody, bindCardChoice } from "./review.js";

// The address whose replay was opened at its turn: once per visit, not at every redraw.
let replayOpenedFor = null;

// A finished game's review reached from "Your games" (/#review=ROOM/N), outside its room: the
// same review as on the end screen, with the record to download and the replay. A profile's best
// turn links to /#review=ROOM/N/TURN: the replay opens at that turn (from 1).
export function renderReviewPage(app, roomId, number, again = false, turn = null) {
  const address = `#review=${roomId}/${number}`;
  // Asked for once per visit; drawn again when it arrives.
  const redraw = () => {
    if (location.hash === address || location.hash.startsWith(`${address}/`)) renderReviewPage(app, roomId, number, true, turn);
  };
  const card = reviewChoice();
  if (!again) fetchReview(number, roomId, redraw, card === "own" ? 0 : card);
  const { main: entry, measured } = entriesFor(roomId, number, card);
  keepFocus(() => {
    app.innerHTML = `<section class="card review-page" aria-labelledby="review-page-title">
      <h1 id="review-page-title" tabindex="-1">${esc(t("web-review-title", { number }))}</h1>
      <div class="row"><a class="button" href="${recordHref(roomId, number)}" download>${esc(t("web-download"))}</a>
        <button type="button" id="review-page-replay">${esc(t("web-replay"))}</button><a class="button" href="/">${esc(t("web-back-home"))}</a></div>
      <section class="review" aria-busy="${entry.status === "loading"}">${reviewBody(entry, measured, card, 2)}</section></section>`;
  });
  byId("review-page-replay").onclick = () => openReplay(number, roomId);
  bindCardChoice(app, roomId, number, redraw);
  if (turn && replayOpenedFor !== location.hash) {
    replayOpenedFor = location.hash;
    openReplay(number, roomId, turn - 1);
  }
}
