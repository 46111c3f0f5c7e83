// Cues besides the board: the tab's title while the page is hidden, a buzz on phones that can,
// and short sounds made in the browser (Web Audio, no sound file) — a chime when it is your turn,
// and one for each kind of moment at the table: a roll, death rays taken, earthlings taken,
// tanks set aside, a lost turn, a big stop and a win. One remembered switch mutes them all.
import { t } from "../i18n.js";
import { byId, esc } from "./dom.js";
import { announce } from "./notices.js";

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

function context() {
  if (muted()) return null;
  if (!audio) unlock();
  if (!audio) return null;
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

// One tone: a wave from `from` Hz (gliding to `to`), starting `at` s from now, `length` s long.
function tone(ctx, { type = "sine", from, to = from, at = 0, length = 0.15, volume = 0.12 }) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  const start = ctx.currentTime + at;
  osc.type = type;
  osc.frequency.setValueAtTime(from, start);
  if (to !== from) osc.frequency.exponentialRampToValueAtTime(to, start + length);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(volume, start + Math.min(0.02, length / 4));
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

// A burst of filtered noise: dice on the table, a thud.
function noise(ctx, { at = 0, length = 0.05, volume = 0.2, frequency = 2500 }) {
  const samples = Math.max(1, Math.floor(ctx.sampleRate * length));
  const buffer = ctx.createBuffer(1, samples, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < samples; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / samples) ** 2;
  const source = ctx.createBufferSource();
  const filter = ctx.createBiquadFilter();
  const gain = ctx.createGain();
  source.buffer = buffer;
  filter.type = "bandpass";
  filter.frequency.value = frequency;
  gain.gain.value = volume;
  source.connect(filter).connect(gain).connect(ctx.destination);
  source.start(ctx.currentTime + at);
}

// The sounds, each short and unlike the others. `soft` for other players' moves.
const SOUNDS = {
  turn: (ctx) => [660, 880].forEach((f, i) => tone(ctx, { from: f, at: i * 0.14, length: 0.13 })),
  roll: (ctx, v) => [0, 0.06, 0.11, 0.18, 0.24, 0.33].forEach((at, i) => noise(ctx, { at, length: 0.04, volume: 0.25 * v, frequency: 1800 + i * 350 })),
  rays: (ctx, v) => tone(ctx, { type: "sawtooth", from: 1400, to: 180, length: 0.28, volume: 0.07 * v }),
  earthlings: (ctx, v) => {
    tone(ctx, { from: 330, to: 990, length: 0.35, volume: 0.1 * v });
    tone(ctx, { from: 495, to: 1480, at: 0.05, length: 0.3, volume: 0.05 * v });
  },
  tanks: (ctx, v) => {
    noise(ctx, { length: 0.12, volume: 0.35 * v, frequency: 180 });
    tone(ctx, { type: "square", from: 98, to: 70, length: 0.18, volume: 0.06 * v });
  },
  lost: (ctx, v) => [392, 330, 262].forEach((f, i) => tone(ctx, { type: "triangle", from: f, to: f * 0.94, at: i * 0.18, length: 0.22, volume: 0.12 * v })),
  bigstop: (ctx, v) => [523, 659, 784, 1047].forEach((f, i) => tone(ctx, { type: "triangle", from: f, at: i * 0.08, length: 0.16, volume: 0.1 * v })),
  win: (ctx, v) =>
    [
      [392, 0, 0.14],
      [523, 0.14, 0.14],
      [659, 0.28, 0.14],
      [784, 0.42, 0.3],
      [659, 0.74, 0.12],
      [784, 0.86, 0.45],
    ].forEach(([f, at, length]) => tone(ctx, { type: "triangle", from: f, at, length, volume: 0.11 * v })),
};

// Plays one of the sounds (nothing when muted or before the page was touched).
export function play(kind, { soft = false } = {}) {
  // Said on the document too (what played, muted or not), for anyone listening: the tests.
  document.dispatchEvent(new CustomEvent("martian-dice:sound", { detail: { kind, muted: muted() } }));
  const ctx = context();
  const sound = SOUNDS[kind];
  if (!ctx || !sound) return;
  try {
    sound(ctx, soft ? 0.5 : 1);
  } catch {
    // a browser without part of Web Audio: no sound
  }
}

// Called once when the turn becomes the player's: the title, the chime, the buzz, and the words
// for screen readers.
export function yourTurn() {
  if (document.visibilityState === "hidden") document.title = `● ${t("web-title-your-turn")}`;
  play("turn");
  announce(t("web-your-turn"));
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
    if (!muted()) play("turn");
  };
}
