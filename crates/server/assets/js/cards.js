// The strategy cards in "How to play": the frontier — the best card known by how many conditions
// a person must remember, with its exact chance against perfect play — and the cards to carry,
// from `GET /api/cards` (valued by the server once, a few seconds the first time).
import { t, lang, percent } from "../i18n.js";
import { byId, esc } from "./dom.js";
import { SEAT_COLOURS } from "./colours.js";

let figures = null;
let failure = null;
let asked = false;

// The section's place, filled with what is known: a button to ask, the wait, or the figures.
export function cardsSectionHtml() {
  return `<div id="howto-cards-body" aria-live="polite">${body()}</div>`;
}

// Wires the section's button once it is in the document.
export function bindCardsSection() {
  const show = byId("howto-cards-show");
  if (show) show.onclick = () => load();
}

function redraw() {
  const place = byId("howto-cards-body");
  if (!place) return;
  place.innerHTML = body();
  bindCardsSection();
}

async function load() {
  asked = true;
  failure = null;
  redraw();
  try {
    const response = await fetch("/api/cards");
    if (!response.ok) throw new Error((await response.text()).trim() || String(response.status));
    figures = await response.json();
  } catch (error) {
    failure = String(error.message || error);
    asked = false;
  }
  redraw();
  const table = byId("cards-frontier");
  if (table) table.focus({ preventScroll: true });
}

function body() {
  if (figures) return figuresHtml(figures);
  if (asked) return `<p class="muted" aria-busy="true">${esc(t("web-cards-loading"))}</p>`;
  const failed = failure ? `<p class="error">${esc(t("web-cards-failed", { detail: failure }))}</p>` : "";
  return `${failed}<button type="button" id="howto-cards-show">${esc(t("web-cards-show"))}</button>`;
}

// A card's lines in the reader's language.
function linesOf(card) {
  const lines = card.lines[lang()] || card.lines.en;
  if (!lines.length) return `<p>${esc(t("web-cards-default-only"))}</p>`;
  return `<ol class="card-lines">${lines.map((line) => `<li>${esc(line.replace(/^\d+\.\s*/, ""))}</li>`).join("")}</ol>`;
}

const chance = (fraction) => percent(fraction, 2);

function figuresHtml(data) {
  const rows = data.frontier
    .map((point) => {
      const card = point.name ? esc(t("web-cards-name", { name: point.name })) : linesOf(point);
      return `<tr><th scope="row">${point.at_most}</th><td>${point.conditions}</td><td>${esc(chance(point.against_optimal))}</td><td>${card}</td></tr>`;
    })
    .join("");
  const carried = data.cards
    .filter((card) => card.carried)
    .map(
      (card) => `<li><h4>${esc(t("web-cards-name", { name: card.name }))}</h4>
        <p>${esc(t("web-cards-figure", { conditions: card.conditions, chance: chance(card.against_optimal) }))}</p>${linesOf(card)}</li>`,
    )
    .join("");
  return `${chartHtml(data)}
    <table id="cards-frontier" class="cards-frontier" tabindex="-1">
      <caption>${esc(t("web-cards-table-caption"))}</caption>
      <thead><tr><th scope="col">${esc(t("web-cards-at-most"))}</th><th scope="col">${esc(t("web-cards-conditions"))}</th><th scope="col">${esc(t("web-cards-chance"))}</th><th scope="col">${esc(t("web-cards-card"))}</th></tr></thead>
      <tbody>${rows}</tbody>
    </table>
    <h4>${esc(t("web-cards-carry-title"))}</h4>
    <ul class="cards-carried">${carried}</ul>`;
}

// The frontier as a line from no condition to the largest budget, the expected-score player and
// the levels as dashed lines; its name says the range for those who do not see it.
function chartHtml(data) {
  // From one condition: the default play alone (no condition, 9%) is in the table, and would
  // squash the range where the cards differ.
  const points = data.frontier.filter((p) => p.at_most > 0);
  const references = data.references;
  const [w, h, left, bottom, pad, right] = [380, 170, 34, 22, 8, 112];
  const most = Math.max(...points.map((p) => p.at_most));
  const values = points.map((p) => 100 * p.against_optimal).concat(references.map((r) => 100 * r.against_optimal));
  const low = Math.floor(Math.min(...values) / 5) * 5;
  const high = 50;
  const x = (n) => left + ((w - left - right) * n) / most;
  const y = (v) => pad + (h - bottom - pad) * (1 - (v - low) / (high - low));
  const steps = [];
  for (let v = high; v >= low; v -= 5) steps.push(v);
  const grid = steps
    .map((v) => `<line x1="${left}" x2="${w - right}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" class="grid"/><text x="${left - 4}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end">${v}%</text>`)
    .join("");
  const ticks = points
    .map((p) => `<text x="${x(p.at_most).toFixed(1)}" y="${h - 6}" text-anchor="middle">${p.at_most}</text>`)
    .join("");
  // The references' names beside their lines, the highest first, pushed apart where they are
  // closer than a line of text (greedy and hard are one point apart).
  let below = -Infinity;
  const marks = references
    .map((r) => ({ r, at: y(100 * r.against_optimal) }))
    .sort((a, b) => a.at - b.at)
    .map(({ r, at }) => {
      const text = Math.max(at + 3, below + 10);
      below = text;
      const name = t("web-cards-reference", { name: r.name, chance: chance(r.against_optimal) });
      return `<line x1="${left}" x2="${w - right}" y1="${at.toFixed(1)}" y2="${at.toFixed(1)}" class="target-line"/><text x="${w - right + 4}" y="${text.toFixed(1)}">${esc(name)}</text>`;
    })
    .join("");
  const line = points.map((p) => `${x(p.at_most).toFixed(1)},${y(100 * p.against_optimal).toFixed(1)}`).join(" ");
  const dots = points.map((p) => `<circle cx="${x(p.at_most).toFixed(1)}" cy="${y(100 * p.against_optimal).toFixed(1)}" r="2.5" fill="${SEAT_COLOURS[0]}"/>`).join("");
  const first = points[0];
  const last = points[points.length - 1];
  const greedy = references.find((r) => r.name === "greedy");
  const label = t("web-cards-chart-label", {
    low: chance(first.against_optimal),
    fewest: first.at_most,
    high: chance(last.against_optimal),
    most: last.at_most,
    greedy: greedy ? chance(greedy.against_optimal) : "",
  });
  return `<figure class="chart cards-chart">
    <svg viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(label)}" preserveAspectRatio="xMidYMid meet">
      ${grid}${marks}<line x1="${left}" x2="${left}" y1="${pad}" y2="${h - bottom}" class="axis"/>${ticks}
      <polyline points="${line}" fill="none" stroke="${SEAT_COLOURS[0]}" stroke-width="2.5" stroke-linejoin="round"/>${dots}
    </svg><figcaption class="muted">${esc(t("web-cards-chart-caption"))}</figcaption></figure>`;
}
