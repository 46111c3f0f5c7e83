// The end of a game told as a story: the winner, the totals round by round as a small chart drawn
// in the page (inline SVG), who made it the last round, the biggest turn, the roll-off, and what
// comes next (rematch, record, replay, the game's review).
import { t } from "../i18n.js";
import { esc } from "./dom.js";
import { state, isHost, seatName, playerName } from "./state.js";
import { avatarOf } from "./avatars.js";
import { send } from "./net.js";
import { recordHref } from "./finished.js";
import { openReplay } from "./replay.js";
import { SEAT_COLOURS } from "./colours.js";
import { reviewButton, reviewSlot, bindReview } from "./review.js";
import { ratingChange } from "./ratings.js";

// Each seat's total after each round: totals[seat][round], round 0 being the start.
export function totalsByRound(game, players) {
  const rounds = game.history.reduce((most, turn) => Math.max(most, turn.round), 0);
  const totals = Array.from({ length: players }, () => Array(rounds + 1).fill(0));
  for (const turn of game.history) {
    for (let r = turn.round; r <= rounds; r += 1) totals[turn.seat][r] += turn.score;
  }
  return totals;
}

function chart(room, game) {
  const totals = totalsByRound(game, room.seats.length);
  const rounds = totals[0].length - 1;
  const top = Math.max(room.rules.target, ...totals.map((row) => row[rounds] || 0), 1);
  const [w, h, left, bottom, pad] = [320, 170, 30, 22, 8];
  const x = (r) => left + ((w - left - pad) * r) / Math.max(1, rounds);
  const y = (v) => pad + (h - bottom - pad) * (1 - v / top);
  const lines = totals
    .map((row, seat) => {
      const points = row.map((v, r) => `${x(r).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
      const colour = SEAT_COLOURS[seat % SEAT_COLOURS.length];
      // Earlier seats are drawn wider, so that lines that run together still show every colour.
      const width = Math.max(1.5, 5 - seat);
      return `<polyline points="${points}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linejoin="round"/>` +
        row.map((v, r) => `<circle cx="${x(r).toFixed(1)}" cy="${y(v).toFixed(1)}" r="2.5" fill="${colour}"/>`).join("");
    })
    .join("");
  const ticks = [];
  const step = Math.max(1, Math.ceil(rounds / 8));
  for (let r = 0; r <= rounds; r += step) ticks.push(`<text x="${x(r).toFixed(1)}" y="${h - 6}" text-anchor="middle">${r}</text>`);
  const target = `<line x1="${left}" x2="${w - pad}" y1="${y(room.rules.target).toFixed(1)}" y2="${y(room.rules.target).toFixed(1)}" class="target-line"/>
    <text x="${left - 4}" y="${(y(room.rules.target) + 4).toFixed(1)}" text-anchor="end">${room.rules.target}</text>
    <text x="${left - 4}" y="${(y(0) + 4).toFixed(1)}" text-anchor="end">0</text>`;
  const description = totals.map((row, seat) => t("web-chart-row", { name: seatName(room, seat), totals: row.slice(1).join(", ") })).join("; ");
  const legend = room.seats
    .map((s, seat) => `<li>${avatarOf(s, { size: 28 })}<span class="swatch" style="background:${SEAT_COLOURS[seat % SEAT_COLOURS.length]}"></span>${esc(playerName(s))}: <strong>${game.scores[seat]}</strong></li>`)
    .join("");
  return `<figure class="chart" id="score-chart">
    <svg viewBox="0 0 ${w} ${h}" role="img" aria-labelledby="chart-title chart-desc" preserveAspectRatio="xMidYMid meet">
      <title id="chart-title">${esc(t("web-chart-title"))}</title><desc id="chart-desc">${esc(description)}</desc>
      <line x1="${left}" x2="${left}" y1="${pad}" y2="${h - bottom}" class="axis"/><line x1="${left}" x2="${w - pad}" y1="${h - bottom}" y2="${h - bottom}" class="axis"/>
      ${target}${ticks.join("")}${lines}
    </svg>
    <figcaption><span class="muted">${esc(t("web-chart-caption"))}</span><ul class="legend">${legend}</ul></figcaption></figure>`;
}

// The round in which the player who triggered the end reached the target.
function triggerRound(room, game) {
  let total = 0;
  for (const turn of game.history) {
    if (turn.seat !== game.triggered_by) continue;
    total += turn.score;
    if (total >= room.rules.target) return turn.round;
  }
  return null;
}

// A rated game's change of each person's rating ("+12", "−8"), from the room's finished game of
// that number; the bots' do not move.
function ratingChanges(room, game) {
  const finished = (room.finished || []).find((f) => f.number === game.number);
  const changes = (finished && finished.rating_changes) || [];
  const rows = changes
    .map((change, seat) => (change == null ? "" : `<li>${esc(seatName(room, seat))}: <strong class="${change < 0 ? "lost" : "won"}">${esc(ratingChange(change))}</strong></li>`))
    .join("");
  return rows ? `<h3 id="rating-changes-title">${esc(t("web-rating-changes"))}</h3><ul class="story" id="rating-changes" aria-labelledby="rating-changes-title">${rows}</ul>` : "";
}

function biggestTurn(game) {
  return game.history.reduce((best, turn) => (!best || turn.score > best.score ? turn : best), null);
}

export function endPanel(room, game) {
  const winners = game.winners || [];
  const names = winners.map((w) => (w === state.seat ? t("web-you") : seatName(room, w)));
  const title =
    winners.length === 1 ? (winners[0] === state.seat ? t("web-you-win") : t("web-winner", { name: names[0] })) : t("web-winners", { names: names.join(", ") });
  const faces = winners.map((w) => avatarOf(room.seats[w], { size: 56, extra: "winner-avatar" })).join("");
  const story = [];
  if (game.triggered_by != null) {
    story.push(t("web-triggered-end-round", { name: seatName(room, game.triggered_by), target: room.rules.target, round: triggerRound(room, game) ?? game.round }));
  }
  const best = biggestTurn(game);
  if (best && best.score > 0) story.push(t("web-biggest-turn", { name: seatName(room, best.seat), round: best.round, points: best.score }));
  if (game.roll_off && game.roll_off.rounds.length) story.push(t("web-roll-off-story", { rounds: game.roll_off.rounds.length }));
  story.push(t("web-game-length", { rounds: game.round, turns: game.history.length }));
  const waiting = (room.waiting || []).length;
  const rematch = isHost()
    ? `<button type="button" id="rematch" class="primary" data-sends>${esc(t("web-rematch"))}</button>`
    : `<p class="muted">${esc(t("web-waiting-rematch"))}</p>`;
  const joiners = waiting ? `<p class="muted">${esc(t("web-rematch-joiners", { count: waiting }))}</p>` : "";
  // A rematch moves the first player on by one: the second seat plays first.
  const first = room.seats.length > 1 ? `<p class="muted" id="rematch-first">${esc(t("web-rematch-first", { name: seatName(room, 1), you: state.seat === 1 ? "yes" : "no" }))}</p>` : "";
  return `<section class="end" id="end-screen" aria-labelledby="end-title">
    <div class="end-head">${faces}<h2 id="end-title"><span class="star" aria-hidden="true">★</span> ${esc(title)}</h2></div>
    <ul class="story">${story.map((line) => `<li>${esc(line)}</li>`).join("")}</ul>
    ${ratingChanges(room, game)}
    ${chart(room, game)}
    ${joiners}${first}
    <div class="row end-actions" id="end-actions">${rematch}<a class="button" href="${recordHref(room.id, game.number)}" download>${esc(t("web-download"))}</a>
      <button type="button" data-replay="${game.number}">${esc(t("web-replay"))}</button>${reviewButton(room, game)}</div>
    <div id="review-slot">${reviewSlot(room, game)}</div></section>`;
}

export function bindEnd(root) {
  const rematch = root.querySelector("#rematch");
  if (rematch) rematch.onclick = () => send({ type: "start" });
  root.querySelectorAll("#end-actions [data-replay]").forEach((button) => {
    button.onclick = () => openReplay(Number(button.dataset.replay));
  });
  bindReview(root);
}
