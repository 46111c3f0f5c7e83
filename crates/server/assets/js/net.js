// The connection to the server: one WebSocket, reconnected with growing waits when it drops; a
// clear banner while it is down, every control that sends disabled, and a word whenever something
// the player asked for could not be sent.
import { t } from "../i18n.js";
import { byId, esc } from "./dom.js";
import { notify } from "./notices.js";

const net = {
  ws: null,
  status: "connecting", // connecting, open or down
  failures: 0,
  retryAt: 0,
  retryTimer: null,
  countdown: null,
  onMessage: () => {},
  onOpen: () => {},
  // The room the page is in, if any: the connection names it (/ws?room=…) so that a balancer in
  // front of several server processes sends it to the process that runs the room.
  roomOf: () => null,
  // Whether the page waits (or asks) for a quick match, outside a room: the connection says so
  // (/ws?match=1) so that, with several server processes, it reaches the one that makes them.
  matchOf: () => false,
  // An action sent and not yet answered by an update or an error.
  inFlight: null,
  // The server said it is restarting: its close is expected, and the next one comes up soon.
  restarting: false,
};

export function connection() {
  return net.status;
}

export function isOpen() {
  return net.status === "open";
}

// Waits before the next attempt: 0.5 s, 1 s, 2 s… up to 15 s, with a little jitter so that a
// restarted server is not hit by every page at once.
function backoff(failures) {
  const base = Math.min(15000, 500 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

// The server closes a connection that stays silent for long (90 s by default): a ping every
// PING_MS keeps a quiet player connected.
const PING_MS = 25000;

export function connect({ onMessage, onOpen, roomOf, matchOf }) {
  net.onMessage = onMessage;
  net.onOpen = onOpen;
  if (roomOf) net.roomOf = roomOf;
  if (matchOf) net.matchOf = matchOf;
  open();
  setInterval(() => {
    if (net.status === "open" && net.ws && net.ws.readyState === WebSocket.OPEN) net.ws.send('{"type":"ping"}');
  }, PING_MS);
}

function open() {
  clearTimeout(net.retryTimer);
  net.retryTimer = null;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const room = net.roomOf();
  const query = room ? `?room=${encodeURIComponent(room)}` : net.matchOf() ? "?match=1" : "";
  const ws = new WebSocket(`${scheme}://${location.host}/ws${query}`);
  net.ws = ws;
  if (net.status !== "down") net.status = "connecting";
  showStatus();
  ws.onmessage = (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (message.type === "welcome") {
      net.status = "open";
      net.failures = 0;
      showStatus();
      net.onOpen(message);
    }
    if (message.type === "pong") return;
    if (message.type === "restarting") {
      net.restarting = true;
      notify(t("web-restarting"));
      return;
    }
    if (message.type === "update" || message.type === "error") net.inFlight = null;
    net.onMessage(message);
  };
  ws.onclose = () => {
    if (net.ws !== ws) return;
    const wasOpen = net.status === "open";
    const restarting = net.restarting;
    net.restarting = false;
    net.failures += 1;
    net.status = "down";
    if (net.inFlight) {
      notify(t("web-action-unconfirmed"), true);
      net.inFlight = null;
    } else if (wasOpen && !restarting) {
      notify(t("web-connection-lost"), true);
    }
    // A restart takes a moment: the first try comes soon, the later ones back off as usual.
    const wait = restarting ? 700 + Math.round(Math.random() * 600) : backoff(net.failures);
    net.retryAt = Date.now() + wait;
    net.retryTimer = setTimeout(open, wait);
    showStatus();
  };
}

// The server process this connection reached does not run the room the page now wants (an
// invite followed, a room that moved), or does not make the quick matches: connects again at
// once, naming the room (or the quick match), with no word of a lost connection.
export function reconnectForRoom() {
  if (net.ws) {
    net.ws.onclose = null;
    try {
      net.ws.close();
    } catch {
      // already closed
    }
  }
  net.inFlight = null;
  open();
}

// Tries again at once (the banner's button).
export function reconnectNow() {
  if (net.status === "open") return;
  if (net.ws) {
    net.ws.onclose = null;
    try {
      net.ws.close();
    } catch {
      // already closed
    }
  }
  open();
}

// Sends `message`; false (and the player is told) when there is no connection.
export function send(message) {
  if (!net.ws || net.ws.readyState !== WebSocket.OPEN || net.status !== "open") {
    if (!["resume", "watch", "leave", "coach", "ping"].includes(message.type)) notify(t("web-not-sent"), true);
    return false;
  }
  if (message.type === "act") net.inFlight = message;
  net.ws.send(JSON.stringify(message));
  return true;
}

// The banner and the state of every control that sends (`data-sends`).
export function showStatus() {
  const banner = byId("connection");
  const down = net.status !== "open";
  document.body.classList.toggle("offline", down);
  applyOffline();
  if (!banner) return;
  clearInterval(net.countdown);
  if (net.status === "open") {
    banner.hidden = true;
    banner.innerHTML = "";
    return;
  }
  banner.hidden = false;
  if (net.status === "connecting") {
    banner.className = "connection connecting";
    banner.innerHTML = `<span>${esc(t("web-connecting"))}</span>`;
    return;
  }
  banner.className = "connection down";
  const draw = () => {
    const seconds = Math.max(0, Math.ceil((net.retryAt - Date.now()) / 1000));
    const text = byId("connection-text");
    if (text) text.textContent = t("web-reconnecting-in", { seconds });
  };
  banner.innerHTML = `<span id="connection-text"></span><button type="button" id="reconnect" class="small">${esc(t("web-reconnect-now"))}</button>`;
  byId("reconnect").onclick = reconnectNow;
  draw();
  net.countdown = setInterval(draw, 500);
}

// While the connection is down, nothing that sends can be pressed.
export function applyOffline() {
  const down = net.status !== "open";
  for (const control of document.querySelectorAll("[data-sends]")) {
    if (down) {
      if (!control.disabled) control.dataset.offlineDisabled = "1";
      control.disabled = true;
    } else if (control.dataset.offlineDisabled) {
      delete control.dataset.offlineDisabled;
      control.disabled = false;
    }
  }
}
