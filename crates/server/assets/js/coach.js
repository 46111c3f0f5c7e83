// The coach (games of one person against one bot, when the server has the solver): each seat's
// chance to win as a bar with its labels beside it (never cut), the value of each choice on its
// own button, and why the best is best, in words.
import { t, has, percent, serverArgs, lang } from "../i18n.js";
import { esc } from "./dom.js";
import { state, playerName } from "./state.js";
import { coachKey } from "./keys.js";
import { avatarOf } from "./avatars.js";
import { SEAT_COLOURS } from "./colours.js";

// The largest target the coach works for with `dice` dice (the server's
// `welcome.coach_max_target`; 100 from a server that does not say).
export function coachMaxTarget(dice) {
  const limits = state.welcome && state.welcome.coach_max_target;
  const max = Array.isArray(limits) ? limits[dice - 1] : undefined;
  return typeof max === "number" ? max : 100;
}

// A room the coach is for, whatever its target: one person (the reader) against one bot.
function coachRoom(room) {
  if (!state.welcome || !state.welcome.coach || state.seat == null) return false;
  const people = room.seats.filter((s) => !s.bot).length;
  return room.seats.length === 2 && people === 1;
}

export function coachOffered(room) {
  return coachRoom(room) && room.rules.target <= coachMaxTarget(room.rules.dice) && room.status === "playing";
}

// Why the coach is not offered in a room it is for: its target is beyond the coach's limit with
// its dice ("" when it is not).
export function coachBeyond(room) {
  if (!coachRoom(room)) return "";
  const max = coachMaxTarget(room.rules.dice);
  return room.rules.target > max ? t("web-coach-beyond", { max, dice: room.rules.dice }) : "";
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
  if (!coachOffered(room)) {
    // Beyond its limit the switch stays, off, with the reason (said by screen readers too).
    const beyond = room.status === "playing" ? coachBeyond(room) : "";
    if (!beyond) return "";
    return `<button type="button" id="coach" class="small" disabled aria-pressed="false" aria-describedby="coach-beyond" title="${esc(beyond)}">${esc(t("web-coach"))}</button><span id="coach-beyond" class="visually-hidden">${esc(beyond)}</span>`;
  }
  const key = coachKey();
  return `<button type="button" id="coach" class="small" data-sends aria-pressed="${state.coachOn}" aria-keyshortcuts="${esc(key)}"${state.coachOn ? ' aria-controls="coach-panel"' : ""}>${esc(t("web-coach"))}<kbd aria-hidden="true">${esc(key)}</kbd></button>`;
}

// The strategy card the coach quotes (the shipped cards' sizes: 1, 3, 5 lines; 0 for none),
// kept on this device.
const CARD_KEY = "martian-coach-card";
export const CARD_SIZES = [1, 3, 5];

export function coachCard() {
  try {
    const lines = Number(localStorage.getItem(CARD_KEY));
    return CARD_SIZES.includes(lines) ? lines : 0;
  } catch {
    return 0;
  }
}

export function setCoachCard(lines) {
  try {
    localStorage.setItem(CARD_KEY, String(lines));
  } catch {
    // Without storage the choice lasts until the page is left.
  }
  state.coachCardLines = lines;
}

export function chosenCard() {
  return state.coachCardLines != null ? state.coachCardLines : coachCard();
}

// A move as a card's advice words it: "stop", "take the humans".
export function cardAction(action) {
  const faces = { R: "death-ray", H: "human", C: "cow", K: "chicken" };
  if (action === "stop") return t("card-action", { action: "stop" });
  if (action === "roll") return t("card-action", { action: "roll" });
  return t("card-action", { action: "take", face: faces[action] || "death-ray" });
}

// A loss of chance to win as every interface names it: "2.8pp of chance to win" (percentage
// points, no minus sign; one decimal, more for a loss that would read as none).
function chanceLoss(loss) {
  let places = 1;
  while (places < 6 && loss > 1e-12 && !/[1-9]/.test((100 * loss).toFixed(places))) places += 1;
  const shown = (100 * loss).toFixed(places).replace(".", t("decimal-point"));
  return t("measure-change", { measure: "win", value: shown });
}

// What the chosen card would do at this decision (its line quoted in the reader's language),
// then whether that is the best, else what following it costs: the words of the terminal game
// and the line mode.
export function cardSays(advice, lines, tag = lang()) {
  const card = (advice.cards || []).find((c) => c.lines === lines);
  if (!card || !advice.options || !advice.best) return "";
  const text = card.text[tag] || card.text.en;
  const doing = t("card-move", { line: card.line, doing: cardAction(card.action), text });
  const chanceOf = (action) => (advice.options.find((o) => o.action === action) || {}).chance;
  const best = chanceOf(advice.best);
  const mine = chanceOf(card.action);
  const loss = best != null && mine != null ? best - mine : 0;
  const right = card.action === advice.best || loss < 1e-9;
  const verdict = t("card-verdict", { right: right ? "yes" : "no", loss: right ? "" : chanceLoss(loss), best: cardAction(advice.best) });
  return `${doing} ${verdict}`;
}

// The choice of a card (none, or a shipped card's size), as the coach and the review offer it;
// the review also offers the reader's own card (`own`, chosen when `chosen` is "own").
export function cardSelect(id, chosen, own = false) {
  const options = [0, ...CARD_SIZES]
    .map((lines) => `<option value="${lines}"${lines === chosen ? " selected" : ""}>${esc(t("web-coach-card-option", { lines }))}</option>`)
    .join("");
  const ownOption = own ? `<option value="own"${chosen === "own" ? " selected" : ""}>${esc(t("web-review-own-option"))}</option>` : "";
  return `<label>${esc(t("web-coach-card"))} <select id="${id}">${options}${ownOption}</select></label>`;
}

function cardChoice(advice) {
  const chosen = chosenCard();
  const says = chosen ? cardSays(advice, chosen) : "";
  return {
    choice: `<p class="coach-card">${cardSelect("coach-card", chosen)}</p>`,
    says: says ? `<p class="coach-card-says" id="coach-card-says">${esc(says)}</p>` : "",
  };
}

export function coachPanel(room, game, mine) {
  if (!coachOffered(room) || !state.coachOn) return "";
  const advice = state.advice;
  if (!advice) return `<div class="coach" id="coach-panel"><span class="muted">${esc(t("web-coach-thinking"))}</span></div>`;
  const valued = mine && advice.options && advice.options.length > 1;
  const note = valued ? `<p class="muted small-print coach-note">${esc(t("web-coach-on-buttons"))}</p>` : "";
  const reason = advice.reason && advice.reason.id && has(advice.reason.id) ? `<p class="coach-why" id="coach-why">${esc(t(advice.reason.id, serverArgs(advice.reason.args)))}</p>` : "";
  // The card's choice sits beside the title, so that it costs the moves below no height.
  const card = valued && advice.cards && advice.cards.length ? cardChoice(advice) : { choice: "", says: "" };
  return `<div class="coach" id="coach-panel"><div class="coach-head"><h2 class="zone-title">${esc(t("web-win-chance"))}</h2>${card.choice}</div>
    ${chances(room, advice)}${reason}${card.says}${note}</div>`;
}
