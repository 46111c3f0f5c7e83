// The Leave button of the lobby and the game. A seated player (or one in line) is asked first, in
// place — the question and its two answers replace the button, so that there is only ever one
// button named Leave — and then gives the seat up for good (`leave_seat`: in a game a bot plays it
// from then on). A spectator simply goes home.
import { t } from "../i18n.js";
import { byId, esc } from "./dom.js";
import { state } from "./state.js";
import { send } from "./net.js";

function holdsPlace() {
  return state.seat != null || state.waiting;
}

function question(room) {
  if (state.seat == null) return t("web-leave-ask", { when: "line" });
  if (room.status === "playing") return t("web-leave-ask", { when: "game" });
  return t("web-leave-ask", { when: room.status === "lobby" ? "lobby" : "over" });
}

export function leaveControl(room) {
  if (!state.confirmLeave || !holdsPlace()) {
    return `<div id="leave-box"><button type="button" id="leave" class="small quiet">${esc(t("web-leave"))}</button></div>`;
  }
  return `<div id="leave-box" class="leave-confirm" role="group" aria-labelledby="leave-question">
    <p id="leave-question">${esc(question(room))}</p>
    <div class="row"><button type="button" id="leave-yes" class="danger" data-sends>${esc(t("web-leave"))}</button>
    <button type="button" id="leave-no">${esc(t("web-leave-stay"))}</button></div></div>`;
}

// Goes back to the home page (the room's own `left` answer, or at once for a spectator).
export function goHome() {
  state.confirmLeave = false;
  history.pushState(null, "", "/");
  window.dispatchEvent(new PopStateEvent("popstate"));
}

export function bindLeave(root) {
  const box = root.querySelector("#leave-box");
  if (!box) return;
  const redraw = (focus) => {
    box.outerHTML = leaveControl(state.room);
    bindLeave(root);
    const target = byId(focus);
    if (target) target.focus();
  };
  const leave = root.querySelector("#leave");
  if (leave) {
    leave.onclick = () => {
      if (!holdsPlace()) {
        goHome();
        return;
      }
      state.confirmLeave = true;
      redraw("leave-no");
    };
    return;
  }
  root.querySelector("#leave-no").onclick = () => {
    state.confirmLeave = false;
    redraw("leave");
  };
  root.querySelector("#leave-yes").onclick = () => {
    if (send({ type: "leave_seat" })) state.leavingSeat = true;
  };
}
