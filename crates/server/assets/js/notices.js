// What the page tells the player besides the board: one news line that never covers the
// controls (a repeated notice is counted, not stacked), and a live region that reads every roll
// and result to screen readers.
import { byId } from "./dom.js";

let current = { text: "", times: 0, timer: null };

// Shows `text` in the news line for a while; the same text again counts up ("×3").
export function notify(text, bad = false) {
  const box = byId("news");
  if (!box) return;
  if (current.text === text && box.textContent) current.times += 1;
  else current = { text, times: 1, timer: current.timer };
  box.className = bad ? "news bad" : "news";
  box.textContent = current.times > 1 ? `${text} (×${current.times})` : text;
  clearTimeout(current.timer);
  current.timer = setTimeout(() => {
    box.textContent = "";
    current = { text: "", times: 0, timer: null };
  }, bad ? 9000 : 6000);
}

const pending = [];
let flush = null;

// Reads `text` aloud through the live region; what arrives together is read as one.
export function announce(text) {
  if (!text) return;
  pending.push(text);
  if (flush) return;
  flush = setTimeout(() => {
    const box = byId("announcer");
    const line = pending.splice(0).join(" ");
    flush = null;
    if (!box) return;
    // A new node each time, so that a repeated sentence is read again.
    const item = document.createElement("p");
    item.textContent = line;
    box.replaceChildren(item);
  }, 60);
}
