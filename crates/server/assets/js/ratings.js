// Ratings on the page (docs/ratings.md): a rated game's change as people read it ("+12", "−8"),
// the profile's rating with its history drawn as a small chart, and the leaderboard at
// /leaderboard — the established players and the rated bots on one scale, and this week's
// climbers.
import { t, lang } from "../i18n.js";
import { byId, esc } from "./dom.js";
import { SEAT_COLOURS } from "./colours.js";

// A change of rating with its sign, a true minus sign for a loss: "+12", "−8", "0".
export function ratingChange(change) {
  if (change > 0) return `+${change}`;
  if (change < 0) return `\u2212${-change}`;
  return "0";
}

// A displayed rating as the reader writes numbers (1,588 or 1.588).
function number(rating) {
  return new Intl.NumberFormat(lang()).format(rating);
}

// The rating after each rated game, the oldest first, as a small line chart; its name says the
// games and the range, for those who do not see it.
function historyChart(history) {
  const [w, h, left, bottom, pad] = [320, 120, 44, 8, 8];
  const values = history.map((p) => p.rating);
  const [low, high] = [Math.min(...values), Math.max(...values)];
  // A little room above and below, so that a flat history is a line in the middle.
  const [from, to] = [low - 10, high + 10];
  const x = (i) => (history.length === 1 ? (left + w - pad) / 2 : left + ((w - left - pad) * i) / (history.length - 1));
  const y = (v) => pad + (h - bottom - pad) * (1 - (v - from) / (to - from));
  const label = t("web-rating-chart-label", { count: history.length, low: number(low), high: number(high) });
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const grid = [low, high]
    .map((v) => `<line x1="${left}" x2="${w - pad}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" class="grid"/><text x="${left - 4}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end">${v}</text>`)
    .join("");
  const dots = values.map((v, i) => `<circle cx="${x(i).toFixed(1)}" cy="${y(v).toFixed(1)}" r="2.5" fill="${SEAT_COLOURS[0]}"/>`).join("");
  return `<figure class="chart" id="rating-history">
    <svg viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(label)}" preserveAspectRatio="xMidYMid meet">
      ${grid}<line x1="${left}" x2="${left}" y1="${pad}" y2="${h - bottom}" class="axis"/>
      <polyline points="${points}" fill="none" stroke="${SEAT_COLOURS[0]}" stroke-width="2.5" stroke-linejoin="round"/>${dots}
    </svg></figure>`;
}

// The profile's rating (`rating` of /api/players/NAME): the displayed rating, provisional marked,
// and its history; nothing before the first rated game.
export function profileRatingHtml(rating) {
  if (!rating) return "";
  const provisional = rating.provisional ? ` <span class="badge" id="rating-provisional">${esc(t("web-rating-provisional"))}</span>` : "";
  return `<h2>${esc(t("web-rating"))}</h2>
    <p id="profile-rating"><strong>${esc(number(rating.rating))}</strong>${provisional} ${esc(t("web-rating-games", { games: rating.games }))}</p>
    ${rating.history.length ? historyChart(rating.history) : ""}`;
}

async function getJson(path) {
  try {
    const response = await fetch(path, { credentials: "same-origin" });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

// The leaderboard's rows: the established players and the rated bots, the highest rating first
// (a bot is a fixed point of the scale, not ranked).
function ladderRows(board) {
  const rows = [
    ...board.players.map((p) => ({ name: p.name, rating: p.rating, rank: p.rank, games: p.games })),
    ...board.bots.map((b) => ({ bot: b.bot, rating: b.rating })),
  ];
  rows.sort((a, b) => b.rating - a.rating || (a.bot ? 1 : 0) - (b.bot ? 1 : 0));
  return rows
    .map((row) =>
      row.bot
        ? `<tr class="bot-row"><td></td><th scope="row">${esc(t("web-leaderboard-bot", { bot: row.bot }))}</th><td>${esc(number(row.rating))}</td><td></td></tr>`
        : `<tr><td>${row.rank}</td><th scope="row"><a href="/p/${encodeURIComponent(row.name)}">${esc(row.name)}</a></th><td>${esc(number(row.rating))}</td><td>${row.games}</td></tr>`,
    )
    .join("");
}

function climbersHtml(board) {
  if (!board.climbers.length) return `<p class="muted" id="climbers-none">${esc(t("web-climbers-none"))}</p>`;
  const rows = board.climbers
    .map((c) => `<tr><th scope="row"><a href="/p/${encodeURIComponent(c.name)}">${esc(c.name)}</a></th><td>${esc(ratingChange(c.climb))}</td><td>${esc(number(c.rating))}</td></tr>`)
    .join("");
  return `<table class="tallies" id="climbers"><caption>${esc(t("web-climbers", { days: board.climb_days }))}</caption>
    <thead><tr><th scope="col">${esc(t("web-leaderboard-player"))}</th><th scope="col">${esc(t("web-climbers-climb"))}</th><th scope="col">${esc(t("web-rating"))}</th></tr></thead>
    <tbody>${rows}</tbody></table>`;
}

// The best mean accuracy of the exact review over rated games: skill the solver grades, not luck.
function accuracyHtml(board) {
  const accuracy = board.accuracy || [];
  if (!accuracy.length) return `<p class="muted" id="accuracy-none">${esc(t("web-accuracy-board-none", { games: board.accuracy_games }))}</p>`;
  const rows = accuracy
    .map((a) => `<tr><td>${a.rank}</td><th scope="row"><a href="/p/${encodeURIComponent(a.name)}">${esc(a.name)}</a></th><td>${esc(t("web-accuracy-percent", { accuracy: a.accuracy.toFixed(1) }))}</td><td>${a.games}</td></tr>`)
    .join("");
  return `<table class="tallies" id="accuracy-board"><caption>${esc(t("web-accuracy-board", { games: board.accuracy_games }))}</caption>
    <thead><tr><th scope="col">${esc(t("web-leaderboard-rank"))}</th><th scope="col">${esc(t("web-leaderboard-player"))}</th><th scope="col">${esc(t("web-accuracy-board-accuracy"))}</th><th scope="col">${esc(t("web-leaderboard-games"))}</th></tr></thead>
    <tbody>${rows}</tbody></table>`;
}

// /leaderboard: GET /api/leaderboard as a table named "Leaderboard", the week's climbers and the
// best accuracy.
export async function renderLeaderboard(app) {
  app.innerHTML = `<section class="card leaderboard" aria-busy="true"><h1 id="leaderboard-title" tabindex="-1">${esc(t("web-leaderboard"))}</h1></section>`;
  const board = await getJson("/api/leaderboard");
  if (!byId("leaderboard-title")) return;
  if (!board) {
    app.innerHTML = `<section class="card leaderboard"><h1 id="leaderboard-title" tabindex="-1">${esc(t("web-leaderboard"))}</h1>
      <p>${esc(t("web-leaderboard-unavailable"))}</p><a class="button" href="/">${esc(t("web-back-home"))}</a></section>`;
    return;
  }
  app.innerHTML = `<section class="card leaderboard" aria-labelledby="leaderboard-title">
      <h1 id="leaderboard-title" tabindex="-1">${esc(t("web-leaderboard"))}</h1>
      <p class="note">${esc(t("web-leaderboard-note", { days: board.active_days }))}</p>
      <table class="tallies" id="leaderboard"><caption>${esc(t("web-leaderboard"))}</caption>
        <thead><tr><th scope="col">${esc(t("web-leaderboard-rank"))}</th><th scope="col">${esc(t("web-leaderboard-player"))}</th><th scope="col">${esc(t("web-rating"))}</th><th scope="col">${esc(t("web-leaderboard-games"))}</th></tr></thead>
        <tbody>${ladderRows(board)}</tbody></table>
      ${climbersHtml(board)}
      ${accuracyHtml(board)}
      <a class="button" href="/">${esc(t("web-back-home"))}</a>
    </section>`;
}
