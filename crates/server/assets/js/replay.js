// A finished game replayed in the page, turn by turn, from its downloadable record.
import { t } from "../i18n.js";
import { byId, esc } from "./dom.js";
import { count, diceRow, expand } from "./dice.js";
import { state, playerName } from "./state.js";
import { notify } from "./notices.js";
import { stepWords, outcomeText, steps } from "./turns.js";
import { cardMark, mark, replayReview, stoppedAt, turnMarks, why } from "./review.js";
import { tickTimer } from "./timer.js";

let redraw = null;

// Draws the open replay again (after a change of language).
export function relabelReplay() {
  const dialog = byId("replay");
  if (dialog.open && redraw) redraw();
}

// What a recorded turn set aside and how it scored, worked out from its transcript, as the room's
// history tells it: so that a turn of 0 says why ("tanks 5 beat death rays 3").
export function turnSummary(turn) {
  let aside = "";
  const all = steps(turn.transcript);
  for (const step of all) {
    if (!step.roll) continue;
    aside += step.roll.replace(/[^T]/g, "");
    if (step.took) aside += step.took.repeat(count(step.roll, step.took));
  }
  const tanks = count(aside, "T");
  const rays = count(aside, "R");
  const last = all[all.length - 1];
  const left = last && last.roll ? last.roll.length - count(last.roll, "T") - (last.took ? count(last.roll, last.took) : 0) : 1;
  const end = last && last.stop ? "stop" : left === 0 ? "no-dice" : "no-choice";
  const earthlings = aside.length - tanks - rays;
  return { end, tanks, rays, tanks_win: tanks > rays, score: turn.score, bonus: tanks > rays ? 0 : turn.score - earthlings };
}

// Opens at the frame `start` (a turn's index in the record, from 0).
export async function openReplay(number, roomId = state.roomId, start = 0) {
  const dialog = byId("replay");
  let record;
  try {
    const response = await fetch(`/api/rooms/${roomId}/games/${number}/record`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    record = await response.json();
  } catch (error) {
    notify(t("web-error", { code: "http", detail: String(error.message || error) }), true);
    return;
  }
  const frames = [];
  const totals = record.players.map(() => 0);
  for (const turn of record.turns) {
    totals[turn.seat] += turn.score;
    frames.push({ kind: "turn", turn, totals: totals.slice() });
  }
  if (record.roll_off && record.roll_off.length) frames.push({ kind: "roll_off", rounds: record.roll_off, totals: totals.slice() });
  if (!frames.length) return;
  let index = Math.max(0, Math.min(start, frames.length - 1));
  // The review marks each step with its decision's class and loss, once it has come; and with
  // what the card the review is measured against would do there, when one is chosen.
  const again = () => {
    if (dialog.open && redraw === show) show();
  };
  replayReview(number, roomId, again);
  const show = () => {
    const reviewed = replayReview(number, roomId);
    // Drawn again when the review arrives: the focus stays where it was.
    const focused = dialog.contains(document.activeElement) ? document.activeElement.id : null;
    const frame = frames[index];
    const review = reviewed.status === "ready" ? reviewed.review : null;
    let body;
    if (frame.kind === "turn") {
      const tokens = frame.turn.transcript.split(" ").filter(Boolean);
      const marks = turnMarks(review, index + 1, tokens);
      const byCard = (d) => {
        const card = cardMark(review, review.decisions.indexOf(d));
        return card ? `<span class="mark card-mark${card.right ? "" : " card-costs"}">${esc(card.text)}</span>` : "";
      };
      const marked = (i) =>
        marks[i].map((d) => `<span class="mark class-${d.forced ? "forced" : d.class}">${esc(mark(review, d))}</span>${byCard(d)}${d.reason ? `<span class="why">${esc(why(d))}</span>` : ""}`).join("");
      const stepItems = tokens
        .map((token, i) => {
          if (token === "stop") return `<li><span>${esc(stepWords({ stop: true }))}</span>${marked(i)}</li>`;
          const [roll, took] = token.split("/");
          const step = { roll: expand(roll), took: took || null };
          return `<li>${diceRow(step.roll, { extra: "small" })}<span>${esc(stepWords(step))}</span>${marked(i)}</li>`;
        })
        .join("");
      const stopped = stoppedAt(review, index + 1);
      const note =
        reviewed.status === "unavailable" || reviewed.status === "failed"
          ? `<p class="muted">${esc(t("web-review-replay-unavailable"))}</p>`
          : reviewed.status === "loading"
            ? `<p class="muted">${esc(t("web-review-loading"))}</p>`
            : stopped
              ? `<p class="muted">${esc(stopped)}</p>`
              : "";
      body = `<h3>${esc(t("web-replay-turn", { index: index + 1, count: record.turns.length, name: playerName(record.players[frame.turn.seat]), round: frame.turn.round }))}</h3>
        <ol class="replay-steps">${stepItems}</ol>${note}<p class="replay-outcome${frame.turn.score === 0 ? " lost" : ""}"><strong>${esc(t("web-turn-score", { points: frame.turn.score }))}</strong> — ${esc(outcomeText(turnSummary(frame.turn)))}</p>`;
    } else {
      body = `<h3>${esc(t("web-roll-off"))}</h3>${frame.rounds
        .map((round, i) => `<div class="zone"><h4>${esc(t("web-roll-off-round", { round: i + 1 }))}</h4>${round
          .map((r) => `<div class="roll-off-roll"><span>${esc(playerName(record.players[r.seat]))}</span>${diceRow(expand(r.roll), { extra: "small" })}<strong>${esc(t("web-rays-count", { count: count(expand(r.roll), "R") }))}</strong></div>`)
          .join("")}</div>`)
        .join("")}`;
    }
    const scores = record.players.map((p, i) => `${esc(playerName(p))}: <strong>${frame.totals[i]}</strong>`).join(" · ");
    dialog.innerHTML = `<h2 id="replay-title" tabindex="-1">${esc(t("web-replay-title", { number }))}</h2>
      <p id="replay-timer" class="howto-timer" role="timer" data-turn-timer hidden></p><div aria-live="polite">${body}<p>${scores}</p></div>
      <div class="row"><button type="button" id="replay-prev"${index === 0 ? " disabled" : ""}>${esc(t("web-previous"))}</button>
      <button type="button" id="replay-next"${index === frames.length - 1 ? " disabled" : ""}>${esc(t("web-next"))}</button>
      <button type="button" id="replay-close">${esc(t("web-close"))}</button></div>`;
    const go = (delta) => {
      index = Math.min(frames.length - 1, Math.max(0, index + delta));
      const focused = document.activeElement && document.activeElement.id;
      show();
      const again = focused && byId(focused);
      if (again && !again.disabled) again.focus();
      else byId(delta > 0 ? "replay-prev" : "replay-next").focus();
    };
    byId("replay-prev").onclick = () => go(-1);
    byId("replay-next").onclick = () => go(1);
    byId("replay-close").onclick = () => dialog.close();
    dialog.onkeydown = (event) => {
      if (event.key === "ArrowLeft") go(-1);
      else if (event.key === "ArrowRight") go(1);
    };
    tickTimer();
    if (focused && byId(focused)) byId(focused).focus({ preventScroll: true });
  };
  redraw = show;
  dialog.setAttribute("aria-labelledby", "replay-title");
  show();
  dialog.showModal();
  // Opens at its title (on phones too), the arrow keys and the buttons one Tab away.
  byId("replay-title").focus({ preventScroll: true });
  dialog.scrollTop = 0;
}
