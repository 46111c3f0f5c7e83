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

// The action a key means, in the reader's language or in English.
export function actOf(key) {
  const k = key.toLowerCase();
  for (const tag of [lang(), "en"]) {
    for (const [act, name] of Object.entries(KEY_ACTIONS)) {
      if (keysIn(tag, name).includes(k)) return act;
    }
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
    const act = actOf(event.key);
    const button = act ? document.querySelector(`#actions [data-act="${act}"]:not([disabled])`) : null;
    if (act && !button && document.body.classList.contains("offline") && document.querySelector(`#actions [data-act="${act}"]`)) {
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
