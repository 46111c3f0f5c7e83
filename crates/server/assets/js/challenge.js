// The daily challenge at /challenge (docs/challenge.md): Play for today (ranked once) and for the
// archive's days (unranked), the game played at the page's ordinary table, then the result — rank,
// percentile, streak, the share text with its Copy button and its picture, what the others did at
// each decision —
// and the day's board. The result is kept per day in this browser; what the others did is asked
// again at each visit, since the board grows.
import { t } from "../i18n.js";
import { byId, esc, keepFocus } from "./dom.js";
import { state, savedName, saveName } from "./state.js";
import { send } from "./net.js";

// The key the server gave this browser for a guest's attempts (docs/websocket-protocol.md).
const GUEST_KEY = "martian-dice:challenge-guest";
const RESULT_KEY = (date) => `martian-dice:challenge:${date}`;
// The archive: the days before today offered to play (unranked).
const ARCHIVE_DAYS = 7;
const FACES = { R: "death-ray", H: "human", C: "cow", K: "chicken" };

// Today in UTC, YYYY-MM-DD: the day whose challenge is ranked.
export function todayUtc() {
  return new Date().toISOString().slice(0, 10);
}

function daysBefore(date, days) {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
}

// The day /challenge shows: `?date=YYYY-MM-DD`, else today.
export function challengeDate() {
  const asked = new URLSearchParams(location.search).get("date");
  return asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : todayUtc();
}

function readJson(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch {
    return null;
  }
}

function writeItem(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // private windows: kept for this page only
  }
}

// `challenge_started`: the guest key to keep, and whether the game under way is ranked.
export function onChallengeStarted(message) {
  if (message.guest) writeItem(GUEST_KEY, message.guest);
  state.challenge = { date: message.date, ranked: message.ranked };
}

// `challenge_result`: kept for the day (the last attempt's), shown on the day's page.
export function onChallengeResult(message) {
  writeItem(RESULT_KEY(message.date), JSON.stringify(message));
  board.delete(message.date);
  others.delete(message.date);
  state.challenge = null;
}

// What each day's page asked the server, by date: the board, and the kept attempt's others.
const board = new Map();
const others = new Map();

function fetchJson(url, into, date, redraw) {
  into.set(date, { status: "loading" });
  fetch(url, { cache: "no-store" })
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
    .then((body) => into.set(date, { status: "ready", body }))
    .catch(() => into.set(date, { status: "failed" }))
    .finally(redraw);
}

function choiceWords(choice) {
  if (choice === "stop" || choice === "roll") return { action: choice, face: "none" };
  return { action: "take", face: FACES[choice] || "chicken" };
}

function percent(share) {
  return Math.round(share * 100);
}

// "61% stopped here; perfect play rolls again; the day's best player stopped".
function decisionLine(decision, seen) {
  const parts = [];
  const there = seen || decision.others;
  const mine = there && there.choices ? there.choices.find((c) => c.choice === decision.chosen) : null;
  const most = there && there.choices && there.choices[0];
  if (most) parts.push(t("web-challenge-others", { share: percent(most.share), ...choiceWords(most.choice) }));
  if (mine && most && mine.choice !== most.choice) parts.push(t("web-challenge-others", { share: percent(mine.share), ...choiceWords(mine.choice) }));
  parts.push(t("web-challenge-perfect", choiceWords(decision.best)));
  if (there && there.top) parts.push(t("web-challenge-top", choiceWords(there.top)));
  return `<li><span class="muted">${esc(t("web-challenge-you", { turn: decision.turn || 0, ...choiceWords(decision.chosen) }))}</span> ${esc(parts.join("; "))}</li>`;
}

// The marks' colours, as the share text's squares show them.
const MARK_COLOURS = { "🟩": "#2e9e44", "🟨": "#e5c02a", "🟧": "#ef8a1f", "🟥": "#d83a3a" };

// The result as a picture without spoilers (no dice, no scores): the day, the chance lost, the
// place, and one square per turn coloured by its worst decision. An SVG, shown and downloadable.
export function resultPicture(result, placing) {
  const marks = Array.from(result.marks || "").filter((mark) => MARK_COLOURS[mark]);
  const size = 28;
  const gap = 6;
  const perRow = 12;
  const rows = Math.max(1, Math.ceil(marks.length / perRow));
  const width = Math.max(360, 32 + perRow * (size + gap));
  const height = 132 + rows * (size + gap);
  const squares = marks
    .map((mark, i) => {
      const x = 16 + (i % perRow) * (size + gap);
      const y = 112 + Math.floor(i / perRow) * (size + gap);
      return `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="4" fill="${MARK_COLOURS[mark]}"/>`;
    })
    .join("");
  const line = (y, text, weight) =>
    `<text x="16" y="${y}" font-family="sans-serif" font-size="${weight ? 22 : 17}"${weight ? ' font-weight="bold"' : ""} fill="#1b1b2f">${esc(text)}</text>`;
  const place = placing ? t("web-challenge-picture-place", { rank: placing.rank, of: placing.of }) : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`
    + `<rect width="100%" height="100%" rx="12" fill="#f4f1ea"/>`
    + line(36, t("web-challenge-picture-title", { date: result.date }), true)
    + line(66, t("web-challenge-picture-loss", { points: result.loss.toFixed(1) }))
    + line(92, place)
    + squares
    + `</svg>`;
}

function pictureFigure(result, placing) {
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(resultPicture(result, placing))}`;
  const alt = t("web-challenge-picture-alt", { points: result.loss.toFixed(1), date: result.date });
  return `<figure class="challenge-picture">
      <img id="challenge-picture" src="${url}" alt="${esc(alt)}">
      <figcaption><a id="challenge-picture-download" href="${url}" download="martian-dice-daily-${esc(result.date)}.svg">${esc(t("web-challenge-picture-download"))}</a></figcaption>
    </figure>`;
}

function resultSection(result, fresh) {
  const placing = (fresh && fresh.placing) || result.placing;
  const freshOthers = new Map(((fresh && fresh.decisions) || []).map((d) => [d.key, d.others]));
  const lines = (result.decisions || []).map((d) => decisionLine(d, freshOthers.get(d.key))).join("");
  const streak = result.streak != null ? `<p>${esc(t("web-challenge-streak", { days: result.streak }))}</p>` : "";
  return `<section class="challenge-result" aria-labelledby="challenge-result-title">
      <h2 id="challenge-result-title">${esc(t("web-challenge-result", { ranked: result.ranked ? "yes" : "no" }))}</h2>
      <p id="challenge-placing">${esc(t("web-challenge-placing", { rank: placing.rank, of: placing.of, percentile: Math.round(placing.percentile) }))}</p>
      <p>${esc(t("web-challenge-loss", { points: result.loss.toFixed(1), won: result.won ? "yes" : "no" }))}</p>
      ${streak}
      <pre id="challenge-share" class="challenge-share">${esc(result.share)}</pre>
      <button type="button" id="challenge-copy">${esc(t("web-challenge-copy"))}</button>
      ${pictureFigure(result, placing)}
      <h3>${esc(t("web-challenge-decisions"))}</h3>
      <ol class="challenge-decisions">${lines}</ol>
    </section>`;
}

function boardTable(entry) {
  if (!entry || entry.status === "loading") return `<p class="muted">${esc(t("web-challenge-board-loading"))}</p>`;
  if (entry.status === "failed") return `<p class="muted">${esc(t("web-challenge-board-failed"))}</p>`;
  const rows = entry.body.rows
    .map(
      (row) => `<tr><td>${row.rank}</td><td>${esc(row.name)}${row.guest ? ` <span class="muted">${esc(t("web-challenge-guest"))}</span>` : ""}</td>
        <td>${row.loss.toFixed(1)}</td><td>${row.accuracy == null ? "—" : `${row.accuracy.toFixed(1)}%`}</td>
        <td>${esc(t("web-challenge-outcome", { won: row.won ? "yes" : "no", scores: row.scores.join("–") }))}</td></tr>`,
    )
    .join("");
  const empty = entry.body.rows.length ? "" : `<p class="muted">${esc(t("web-challenge-board-empty"))}</p>`;
  return `<table class="challenge-board" aria-label="${esc(t("web-challenge-board"))}">
      <thead><tr><th scope="col">${esc(t("web-challenge-rank"))}</th><th scope="col">${esc(t("web-challenge-name"))}</th>
        <th scope="col">${esc(t("web-challenge-lost"))}</th><th scope="col">${esc(t("web-challenge-accuracy"))}</th>
        <th scope="col">${esc(t("web-challenge-game"))}</th></tr></thead>
      <tbody>${rows}</tbody></table>${empty}`;
}

// The page of `date`'s challenge; `again`: a redraw after an answer came (nothing asked anew).
export function renderChallengePage(app, date, again = false) {
  const redraw = () => {
    if (location.pathname === "/challenge" && challengeDate() === date && !state.roomId) renderChallengePage(app, date, true);
  };
  const result = readJson(RESULT_KEY(date));
  if (!again) {
    fetchJson(`/api/challenge/${date}/leaderboard`, board, date, redraw);
    if (result && result.attempt != null) fetchJson(`/api/challenge/${date}/attempts/${result.attempt}`, others, date, redraw);
  }
  const today = todayUtc();
  const fresh = others.get(date);
  const archive = Array.from({ length: ARCHIVE_DAYS }, (_, i) => daysBefore(today, i + 1))
    .map((day) => `<li><a href="/challenge?date=${day}">${esc(day)}</a></li>`)
    .join("");
  const typed = byId("challenge-name") ? byId("challenge-name").value : savedName();
  keepFocus(() => {
    app.innerHTML = `<section class="card challenge-page" aria-labelledby="challenge-title">
      <h1 id="challenge-title" tabindex="-1">${esc(t("web-challenge-title", { date }))}</h1>
      <p class="muted">${esc(t("web-challenge-about"))}</p>
      <form id="challenge-form" novalidate>
        <label for="challenge-name">${esc(t("web-your-name"))}</label>
        <input id="challenge-name" maxlength="24" required autocomplete="nickname" value="${esc(typed)}">
        <button type="submit" id="challenge-play" class="primary big" data-sends>${esc(t("web-challenge-play", { today: date === today ? "yes" : "no" }))}</button>
      </form>
      ${result ? resultSection(result, fresh && fresh.status === "ready" ? fresh.body : null) : ""}
      <h2>${esc(t("web-challenge-board-title"))}</h2>
      ${boardTable(board.get(date))}
      <h2>${esc(t("web-challenge-archive"))}</h2>
      <ul class="challenge-archive">${date !== today ? `<li><a href="/challenge">${esc(t("web-challenge-today"))}</a></li>` : ""}${archive}</ul>
      <a class="button" href="/">${esc(t("web-back-home"))}</a>
    </section>`;
  });
  byId("challenge-form").onsubmit = (event) => {
    event.preventDefault();
    const name = byId("challenge-name").value.trim();
    if (!name) return byId("challenge-name").focus();
    saveName(name);
    const message = { type: "challenge", name, avatar: state.avatar };
    if (date !== today) message.date = date;
    const guest = localStorage.getItem(GUEST_KEY);
    if (guest) message.guest = guest;
    send(message);
  };
  const copy = byId("challenge-copy");
  if (copy && result) {
    copy.onclick = () => {
      const done = () => (copy.textContent = t("web-challenge-copied"));
      if (navigator.clipboard) navigator.clipboard.writeText(result.share).then(done, () => {});
    };
  }
}
