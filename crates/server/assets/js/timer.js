// The time left to move, counted down every half second: on the board, and in How to play and
// the replay while they are open (so that a turn's time never runs unseen).
import { t } from "../i18n.js";
import { byId } from "./dom.js";
import { state, myTurn } from "./state.js";

// The time left to move, on the board and in How to play while it is open.
export function tickTimer() {
  const seconds = state.deadlineAt ? Math.max(0, Math.ceil((state.deadlineAt - Date.now()) / 1000)) : null;
  const box = byId("timer");
  if (box && seconds != null) {
    box.textContent = t("web-time-left", { seconds });
    box.classList.toggle("urgent", seconds <= 10);
  }
  // In How to play and the replay too: a turn's time never runs unseen.
  const show = seconds != null && myTurn();
  for (const reading of document.querySelectorAll("[data-turn-timer]")) {
    reading.hidden = !show;
    if (show) {
      reading.textContent = t("web-howto-time-left", { seconds });
      reading.classList.toggle("urgent", seconds <= 10);
    }
  }
}
setInterval(tickTimer, 500);
