// The terminal game's keys on the page: in English r roll, s stop, d/h/c/k take; in Portuguese
// l, p, r (or m)/h/v/g — the same `tui-key` messages the terminal uses — and the English keys in every
// language. `?` opens How to play, `a` the coach.
import { t, tIn, lang } from "../i18n.js";
import { notify } from "./notices.js";

// The action codes of the protocol and the names tui-key knows them by.
const KEY_ACTIONS = { roll: "roll", stop: "stop", R: "death-ray", H: "human", C: "cow", K: "chicken" };

// `tui-key` gives every key of an action, the shown one first ("rm": r, and m too), as the
// terminal reads it.
function keysIn(tag, name) {
  return tIn(tag, "tui-key", { action: name });
}

// The key shown on an action's button, in the reader's language.
export function keyOf(act) {
  return KEY_ACTIONS[act] ? keysIn(lang(), KEY_ACTIONS[act]).charAt(0) : "";
}

// The action a key means among `acts` (the moves on the board now), in the reader's language or
// in English. A key may belong to several actions (English "r": roll, and death rays like the
// dice), as in the terminal: only the live moves are asked, and never both of those are live.
export function actOf(key, acts) {
  const k = key.toLowerCase();
  for (const tag of [lang(), "en"]) {
    const act = acts.find((a) => KEY_ACTIONS[a] && keysIn(tag, KEY_ACTIONS[a]).includes(k));
    if (act) return act;
  }
  return null;
}

export function coachKey() {
  return keysIn(lang(), "coach").charAt(0);
}

export function installKeys({ onHelp }) {
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    const target = event.target;
    if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    if (document.querySelector("dialog[open]")) return;
    if (event.key === "?") {
      event.preventDefault();
      onHelp();
      return;
    }
    if (event.key.length !== 1) return;
    const buttons = [...document.querySelectorAll("#actions [data-act]")];
    const act = actOf(event.key, buttons.filter((b) => !b.disabled).map((b) => b.dataset.act));
    const button = act ? document.querySelector(`#actions [data-act="${act}"]:not([disabled])`) : null;
    if (!button && document.body.classList.contains("offline") && actOf(event.key, buttons.map((b) => b.dataset.act))) {
      // The move's button is there but the connection is not: say so rather than do nothing.
      notify(t("web-not-sent"), true);
      return;
    }
    if (button) {
      event.preventDefault();
      button.focus({ preventScroll: true });
      button.click();
      return;
    }
    const coach = document.getElementById("coach");
    if (coach && !coach.disabled && (keysIn(lang(), "coach") + keysIn("en", "coach")).includes(event.key.toLowerCase())) {
      event.preventDefault();
      coach.click();
    }
  });
}
