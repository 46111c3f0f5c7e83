// "It is your turn": the tab's title while the page is hidden, a short sound made in the browser
// (Web Audio, no sound file) that a remembered switch mutes, and a buzz on phones that can.
import { t } from "../i18n.js";
import { byId, esc } from "./dom.js";

const MUTE_KEY = "martian-dice:muted";
let audio = null;
let titleBase = "";

function muted() {
  try {
    return localStorage.getItem(MUTE_KEY) === "1";
  } catch {
    return false;
  }
}

export function setTitle(base) {
  titleBase = base;
  if (document.visibilityState !== "hidden" || !document.title.startsWith("●")) document.title = base;
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") document.title = titleBase;
});

// The browser lets a page start sound only after the player touched it: the context is made on
// the first touch or key, and resumed later as needed.
function unlock() {
  if (audio || !window.AudioContext) return;
  try {
    audio = new AudioContext();
  } catch {
    audio = null;
  }
}
for (const kind of ["pointerdown", "keydown"]) document.addEventListener(kind, unlock, { capture: true });

function chime() {
  if (muted()) return;
  if (!audio) unlock();
  if (!audio) return;
  if (audio.state === "suspended") audio.resume().catch(() => {});
  const now = audio.currentTime;
  [660, 880].forEach((frequency, i) => {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = "sine";
    tone.frequency.value = frequency;
    const start = now + i * 0.14;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.12, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.13);
    tone.connect(gain).connect(audio.destination);
    tone.start(start);
    tone.stop(start + 0.15);
  });
}

// Called once when the turn becomes the player's.
export function yourTurn() {
  if (document.visibilityState === "hidden") document.title = `● ${t("web-title-your-turn")}`;
  chime();
  if (typeof navigator.vibrate === "function") navigator.vibrate([120, 60, 120]);
}

// The switch in the header.
export function drawSoundSwitch() {
  const button = byId("sound");
  if (!button) return;
  const on = !muted();
  button.setAttribute("aria-pressed", String(on));
  button.title = on ? t("web-sound-on") : t("web-sound-off");
  const waves = on
    ? '<path d="M15 8.5a5 5 0 0 1 0 7M17.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>'
    : '<path d="M15 9l6 6M21 9l-6 6" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>';
  button.innerHTML = `<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>${waves}</svg><span class="visually-hidden">${esc(t("web-sound"))}</span>`;
  button.onclick = () => {
    try {
      localStorage.setItem(MUTE_KEY, on ? "1" : "0");
    } catch {
      // private windows: the switch lasts for this page
    }
    drawSoundSwitch();
    if (!muted()) chime();
  };
}
