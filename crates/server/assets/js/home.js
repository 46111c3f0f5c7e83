// The first screen: a name, and a room of one's own (or straight into a game against a bot).
import { t } from "../i18n.js";
import { byId, esc } from "./dom.js";
import { diceRow } from "./dice.js";
import { state, savedName, saveName } from "./state.js";
import { send } from "./net.js";

export function renderHome(app, { onHelp }) {
  // Drawn again when the connection opens: keep a name typed meanwhile.
  const typed = byId("name");
  const name = typed ? typed.value : savedName();
  app.innerHTML = `
    <section class="card home">
      <h1>${esc(t("web-title"))}</h1>
      <p class="muted">${esc(t("web-tagline"))}</p>
      <p class="home-dice">${diceRow("TRRHCK", { label: t("web-home-dice") })}</p>
      <form id="create-form">
        <label for="name">${esc(t("web-your-name"))}</label>
        <input id="name" name="name" maxlength="24" required autocomplete="nickname" value="${esc(name)}">
        <button type="submit" id="create" class="primary big" data-sends>${esc(t("web-create-room"))}</button>
        <button type="button" id="quick-play" class="big" data-sends>${esc(t("web-play-bot"))}</button>
      </form>
      <p class="muted small-print">${esc(t("web-home-invite"))}</p>
      <button type="button" id="home-help" class="link-button">${esc(t("web-how-to-play"))}</button>
    </section>`;
  const create = (quick) => {
    const input = byId("name");
    const value = input.value.trim();
    if (!value) {
      input.reportValidity();
      return;
    }
    saveName(value);
    state.quickStart = quick;
    send({ type: "create_room", name: value });
  };
  byId("create-form").onsubmit = (event) => {
    event.preventDefault();
    create(false);
  };
  byId("quick-play").onclick = () => create(true);
  byId("home-help").onclick = () => onHelp();
}
