// The coach (games of one person against one bot, when the server has the solver): each seat's
// chance to win as a bar with its labels beside it (never cut), the value of each choice on its
// own button, and why the best is best, in words.
import { t, has, percent, serverArgs } from "../i18n.js";
import { esc } from "./dom.js";
import { state, playerName } from "./state.js";
import { coachKey } from "./keys.js";
import { avatarOf } from "./avatars.js";
import { SEAT_COLOURS } from "./colours.js";

export function coachOffered(room) {
  if (!state.welcome || !state.welcome.coach || state.seat == null) return false;
  const people = room.seats.filter((s) => !s.bot).length;
  return room.seats.length === 2 && people === 1 && room.rules.target <= 100 && room.status === "playing";
}

// The chances of several options written with as many decimals as it takes (up to 3) to tell
// apart those that differ; options that still read the same are equal.
export function optionTexts(chances) {
  let texts = [];
  for (let digits = 1; digits <= 3; digits += 1) {
    texts = chances.map((c) => percent(c, digits));
    const clash = chances.some((a, i) => chances.some((b, j) => j > i && texts[i] === texts[j] && a !== b));
    if (!clash) break;
  }
  return texts;
}

// What each action's button shows while the coach is on: action → {text, tag}, where tag is
// "best" for the one best option, "tie" for each of several options equal to the best as
// written, and null otherwise. Nothing when the decision has a single option (a forced move is
// no choice to value).
export function optionMarks(advice) {
  const marks = new Map();
  if (!advice || !advice.options || advice.options.length < 2) return marks;
  const texts = optionTexts(advice.options.map((o) => o.chance));
  const top = Math.max(...advice.options.map((o) => o.chance));
  const topText = texts[advice.options.findIndex((o) => o.chance === top)];
  const tied = texts.filter((text) => text === topText).length > 1;
  advice.options.forEach((o, i) => {
    const tag = texts[i] === topText ? (tied ? "tie" : "best") : null;
    marks.set(o.action, { text: texts[i], tag });
  });
  return marks;
}

// The badge on an action's button: its chance to win, and best or equal best.
export function optionBadge(mark) {
  if (!mark) return "";
  const tag = mark.tag ? ` <strong class="best">${esc(t("web-coach-tag", { tag: mark.tag }))}</strong>` : "";
  return `<span class="option-value" data-option-value>${esc(mark.text)}${tag}</span>`;
}

function chances(room, advice) {
  const bar = room.seats
    .map((s, i) => `<span class="chance" style="width:${(100 * advice.chances[i]).toFixed(2)}%;background:${SEAT_COLOURS[i % SEAT_COLOURS.length]}"></span>`)
    .join("");
  const legend = room.seats
    .map((s, i) => `<li>${avatarOf(s, { size: 22 })}<span class="swatch" style="background:${SEAT_COLOURS[i % SEAT_COLOURS.length]}"></span>${esc(playerName(s))} <strong>${percent(advice.chances[i], advice.places)}</strong></li>`)
    .join("");
  return `<div class="chances" id="win-chance" aria-hidden="true">${bar}</div><ul class="chance-legend" id="win-chance-legend">${legend}</ul>`;
}

// The coach's switch, in the headline's row (so that the panel below takes no row for it).
export function coachToggle(room) {
  if (!coachOffered(room)) return "";
  const key = coachKey();
  return `<button type="button" id="coach" class="small" data-sends aria-pressed="${state.coachOn}" aria-keyshortcuts="${esc(key)}"${state.coachOn ? ' aria-controls="coach-panel"' : ""}>${esc(t("web-coach"))}<kbd aria-hidden="true">${esc(key)}</kbd></button>`;
}

export function coachPanel(room, game, mine) {
  if (!coachOffered(room) || !state.coachOn) return "";
  const advice = state.advice;
  if (!advice) return `<div class="coach" id="coach-panel"><span class="muted">${esc(t("web-coach-thinking"))}</span></div>`;
  const valued = mine && advice.options && advice.options.length > 1;
  const note = valued ? `<p class="muted small-print coach-note">${esc(t("web-coach-on-buttons"))}</p>` : "";
  const reason = advice.reason && advice.reason.id && has(advice.reason.id) ? `<p class="coach-why" id="coach-why">${esc(t(advice.reason.id, serverArgs(advice.reason.args)))}</p>` : "";
  return `<div class="coach" id="coach-panel"><h2 class="zone-title">${esc(t("web-win-chance"))}</h2>
    ${chances(room, advice)}${reason}${note}</div>`;
}
