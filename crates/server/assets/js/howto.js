// How to play, in the reader's language, with the dice drawn: reachable from every screen (the
// header's button, or `?`).
import { t } from "../i18n.js";
import { byId, esc } from "./dom.js";
import { FACES, FACE_NAMES, die, diceRow } from "./dice.js";
import { keysOf, coachKey } from "./keys.js";
import { tickTimer } from "./timer.js";
import { cardsSectionHtml, bindCardsSection } from "./cards.js";

// Opens at its title (or the section asked for), the focus on the heading read first; a turn's
// time left shows at the top while it is open, so that it never runs unseen.
export function openHowTo(section = null) {
  const dialog = byId("howto");
  draw();
  if (!dialog.open) dialog.showModal();
  dialog.scrollTop = 0;
  const target = section && byId(`howto-${section}`);
  if (target) {
    target.scrollIntoView({ block: "start" });
    target.focus({ preventScroll: true });
  } else {
    byId("howto-title").focus({ preventScroll: true });
  }
  tickTimer();
}

export function relabelHowTo() {
  if (byId("howto").open) draw();
}

function draw() {
  const dialog = byId("howto");
  const faces = FACES.map(
    (f) => `<li>${die(f)}<span><strong>${esc(t("face-name", { face: FACE_NAMES[f] }))}</strong><br><small class="muted">${esc(t("web-howto-sides", { face: FACE_NAMES[f] }))}</small></span></li>`,
  ).join("");
  const turnSteps = [t("web-howto-turn-roll"), t("web-howto-turn-tanks"), t("web-howto-turn-take"), t("web-howto-turn-decide"), t("web-howto-turn-end")]
    .map((text) => `<li>${esc(text)}</li>`)
    .join("");
  const keys = ["roll", "stop", "R", "H", "C", "K"]
    .map((act) => `<li>${keysOf(act).map((key) => `<kbd>${esc(key)}</kbd>`).join(" ")} ${esc(t("web-howto-key", { action: act }))}</li>`)
    .join("");
  dialog.innerHTML = `
    <div class="dialog-top"><h2 id="howto-title" tabindex="-1">${esc(t("web-how-to-play"))}</h2>
      <button type="button" id="howto-x" class="icon-button" aria-label="${esc(t("web-close"))}"><span aria-hidden="true">×</span></button></div>
    <p id="howto-timer" class="howto-timer" role="timer" data-turn-timer hidden></p>
    <p>${esc(t("web-howto-intro"))}</p>
    <h3 id="howto-dice" tabindex="-1">${esc(t("web-howto-dice-title"))}</h3>
    <p>${esc(t("web-howto-dice"))}</p>
    <ul class="howto-faces">${faces}</ul>
    <h3 id="howto-turn" tabindex="-1">${esc(t("web-howto-turn-title"))}</h3>
    <ol class="howto-steps">${turnSteps}</ol>
    <h3 id="howto-scoring" tabindex="-1">${esc(t("web-howto-scoring-title"))}</h3>
    <p>${esc(t("web-howto-scoring"))}</p>
    <div class="howto-example">${diceRow("TTRRRHHCK", { extra: "small" })}<p>${esc(t("web-howto-example"))}</p></div>
    <div class="howto-example">${diceRow("TTTRRHHHH", { extra: "small" })}<p>${esc(t("web-howto-example-tanks"))}</p></div>
    <h3 id="howto-end" tabindex="-1">${esc(t("web-howto-end-title"))}</h3>
    <p>${esc(t("web-howto-end"))}</p>
    <h3 id="howto-cards" tabindex="-1">${esc(t("web-cards-title"))}</h3>
    <p>${esc(t("web-cards-intro"))}</p>
    ${cardsSectionHtml()}
    <h3 id="howto-keys" tabindex="-1">${esc(t("web-howto-keys-title"))}</h3>
    <ul class="howto-keys">${keys}<li><kbd>${esc(coachKey())}</kbd> ${esc(t("web-coach"))}</li><li><kbd>?</kbd> ${esc(t("web-how-to-play"))}</li></ul>
    <div class="row"><button type="button" id="howto-close" class="primary">${esc(t("web-close"))}</button></div>`;
  dialog.setAttribute("aria-labelledby", "howto-title");
  byId("howto-close").onclick = () => dialog.close();
  byId("howto-x").onclick = () => dialog.close();
  bindCardsSection();
}
