// Turns in pictures and words: how a turn ended ("Stopped: +6, bonus +3 included"), the steps of
// each turn in the reader's language, and the transcript to copy for the command line.
import { t } from "../i18n.js";
import { esc } from "./dom.js";
import { FACE_NAMES, count, expand, diceRow, diceWords } from "./dice.js";
import { state, seatName } from "./state.js";
import { avatarOf } from "./avatars.js";
import { notify } from "./notices.js";

// How a turn that ended scored, from the server's summary of it (history entry).
export function outcomeText(turn) {
  const why = turn.tanks_win ? "tanks" : turn.bonus > 0 ? "bonus" : "plain";
  return t("web-outcome", { end: turn.end, why, points: turn.score, bonus: turn.bonus, tanks: turn.tanks, rays: turn.rays });
}

// The steps of a transcript: [{roll, took}] and a final stop.
export function steps(transcript) {
  const out = [];
  for (const token of (transcript || "").split(" ").filter(Boolean)) {
    if (token === "stop") out.push({ stop: true });
    else {
      const [roll, took] = token.split("/");
      out.push({ roll: expand(roll), took: took || null });
    }
  }
  return out;
}

// The last roll of a turn (what was on the table when it ended).
export function lastRoll(transcript) {
  const rolls = steps(transcript).filter((s) => s.roll);
  return rolls.length ? rolls[rolls.length - 1] : null;
}

export function stepWords(step) {
  if (step.stop) return t("web-step-stop");
  const rolled = t("web-step-roll", { count: step.roll.length, dice: diceWords(step.roll) });
  if (!step.took) return `${rolled} — ${t("web-step-nothing")}`;
  return `${rolled} — ${t("web-step-take", { taken: t("face-count", { face: FACE_NAMES[step.took], count: count(step.roll, step.took) }) })}`;
}

function stepList(transcript) {
  return steps(transcript)
    .map((step) => {
      if (step.stop) return `<li class="step">${esc(stepWords(step))}</li>`;
      return `<li class="step">${diceRow(step.roll, { extra: "small" })}<span>${esc(stepWords(step))}</span></li>`;
    })
    .join("");
}

export function turnsList(room, game) {
  const items = game.history
    .map((turn, index) => ({ turn, index }))
    .reverse()
    .map(({ turn, index }) => {
      const name = turn.seat === state.seat ? t("web-you") : seatName(room, turn.seat);
      const points = turn.tanks_win ? "0" : `+${turn.score}`;
      const command = `martian-dice turn ${turn.transcript}`;
      return `<li><details data-turn="${index}"><summary><span class="turn-round">${esc(t("web-round-short", { round: turn.round }))}</span>
        ${avatarOf(room.seats[turn.seat], { size: 24 })}<strong>${esc(name)}</strong> ${diceRow(turn.aside, { extra: "tiny" })}<span class="turn-points${turn.tanks_win ? " lost" : ""}">${esc(points)}</span>
        <span class="visually-hidden">${esc(outcomeText(turn))}</span></summary>
        <p>${esc(outcomeText(turn))}</p><ol class="steps">${stepList(turn.transcript)}</ol>
        <p class="transcript"><code>${esc(turn.transcript)}</code>
        <button type="button" class="small" data-copy="${esc(command)}">${esc(t("web-copy-transcript"))}</button></p></details></li>`;
    });
  const empty = items.length ? "" : `<p class="muted">${esc(t("web-no-turns-yet"))}</p>`;
  return `<section class="card log" aria-labelledby="turns-title"><h2 id="turns-title">${esc(t("web-log"))}</h2>${empty}<ul class="turns">${items.join("")}</ul></section>`;
}

export function bindTurns(root, openTurns) {
  root.querySelectorAll("details[data-turn]").forEach((details) => {
    if (openTurns.has(details.dataset.turn)) details.open = true;
    details.ontoggle = () => (details.open ? openTurns.add(details.dataset.turn) : openTurns.delete(details.dataset.turn));
  });
  root.querySelectorAll("[data-copy]").forEach((button) => {
    button.onclick = async () => {
      try {
        await navigator.clipboard.writeText(button.dataset.copy);
      } catch {
        const scratch = document.createElement("textarea");
        scratch.value = button.dataset.copy;
        document.body.append(scratch);
        scratch.select();
        document.execCommand("copy");
        scratch.remove();
      }
      notify(t("web-copied"));
    };
  });
}
