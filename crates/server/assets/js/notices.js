// What the page tells the player besides the board: the news, a few lines that never cover the
// controls (every notice of an update gets its own line; a repeated notice is counted, not
// stacked), and a live region that reads every roll and result to screen readers.
import { byId } from "./dom.js";

// At most this many lines at once: the oldest goes first.
const MAX_LINES = 3;
const lines = [];

function drop(line) {
  clearTimeout(line.timer);
  const at = lines.indexOf(line);
  if (at >= 0) lines.splice(at, 1);
  line.node.remove();
}

// Shows `text` in the news for a while; the same text again counts up ("×3").
export function notify(text, bad = false) {
  const box = byId("news");
  if (!box || !text) return;
  let line = lines.find((l) => l.text === text);
  if (line) {
    line.times += 1;
    clearTimeout(line.timer);
  } else {
    line = { text, times: 1, node: document.createElement("p") };
    lines.push(line);
    box.append(line.node);
    while (lines.length > MAX_LINES) drop(lines[0]);
  }
  line.node.className = bad ? "bad" : "";
  line.node.textContent = line.times > 1 ? `${text} (×${line.times})` : text;
  line.timer = setTimeout(() => drop(line), bad ? 9000 : 6000);
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
