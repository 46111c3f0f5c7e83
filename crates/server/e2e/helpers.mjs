// What the browser tests check on every screen: axe-core (no violation of any impact), no page
// wider than the screen, tap targets of at least 44×44 px, and screenshots kept under target/e2e.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { chromium } from "playwright-core";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
export const OUT = process.env.E2E_OUT || path.resolve("../../../target/e2e");
export const STEP = 30_000;

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const SMALL_PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const BIN = process.env.MARTIAN_DICE_BIN;
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

// `martian-dice serve` on 127.0.0.1 with the database `db` and more options; resolves to
// {child, url} once it listens.
export async function startServer(db, args = [], addr = "127.0.0.1:0") {
  assert.ok(BIN, "MARTIAN_DICE_BIN names the martian-dice binary");
  const child = spawn(BIN, ["serve", "--addr", addr, "--db", db, ...args], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((resolve, reject) => {
    let text = "";
    child.stdout.on("data", (chunk) => {
      text += chunk;
      const match = /listening on (http:\/\/\S+?)\/?\n/.exec(text);
      if (match) resolve(match[1]);
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
    setTimeout(() => reject(new Error("server did not start")), 20_000);
  });
  return { child, url };
}

// Debian's chromium, headless, as every browser test runs it. Each page is a person's screen in
// sight: without the last three flags, every page but the newest is a background tab whose
// frames come once a second, and each click waits two of them for the button to be still.
export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--autoplay-policy=no-user-gesture-required",
      "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows", "--disable-background-timer-throttling"],
  });
}

// What a test page records of itself (added before the page's scripts): its chimes (Web Audio
// oscillators) and buzzes, the sounds it played by kind, every sentence of its live regions
// (window.__said), how long each turn's end stayed on the board, and a way to hide the tab.
export const SPIES = () => {
  window.__spy = { tones: 0, buzzes: 0 };
  window.__sounds = [];
  window.__said = [];
  const Real = window.AudioContext;
  if (Real) {
    window.AudioContext = class extends Real {
      createOscillator() {
        window.__spy.tones += 1;
        return super.createOscillator();
      }
    };
  }
  navigator.vibrate = () => {
    window.__spy.buzzes += 1;
    return true;
  };
  document.addEventListener("martian-dice:sound", (event) => window.__sounds.push(event.detail.kind));
  // How long each turn's end stayed on the board: [{index, shown, hidden, over}].
  window.__outcomes = [];
  document.addEventListener("DOMContentLoaded", () => {
    new MutationObserver((records) => {
      for (const record of records) {
        const live = record.target.closest && record.target.closest("[aria-live], [role=log], [role=status]");
        if (live) for (const node of record.addedNodes) if (node.textContent) window.__said.push(node.textContent);
      }
      const panel = document.querySelector("#last-turn");
      const index = panel ? panel.dataset.index : null;
      const last = window.__outcomes[window.__outcomes.length - 1];
      if (last && last.hidden == null && last.index !== index) {
        last.hidden = performance.now();
        last.over = Boolean(document.querySelector("#end-screen"));
        last.replaced = index != null;
      }
      if (index != null && (!last || last.index !== index || last.hidden != null)) {
        if (!last || last.index !== index) window.__outcomes.push({ index, shown: performance.now(), hidden: null });
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  window.__hide = (hidden) => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (hidden ? "hidden" : "visible") });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
    document.dispatchEvent(new Event("visibilitychange"));
  };
};

// A new browser context (its own storage: one person) and page, watched for errors.
export async function openPage(browser, base, options, label, locale = "en-US") {
  const context = await browser.newContext({ locale, ...options });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
  await context.addInitScript(SPIES);
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page, label) };
}

export function watchErrors(page, label) {
  const errors = [];
  page.on("pageerror", (error) => errors.push(`${label}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && !/WebSocket|ERR_CONNECTION_REFUSED|Failed to load resource/.test(message.text())) {
      errors.push(`${label} console: ${message.text()}`);
    }
  });
  return errors;
}

// axe-core inside the page (evaluated, so the page's CSP does not apply): every violation fails.
export async function axe(page, label) {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 4).join(" | ")}`);
  });
  assert.deepEqual(violations, [], `axe on ${label}`);
}

// No screen scrolls sideways.
export async function noSideScroll(page, label) {
  const { scroll, width, widest } = await page.evaluate(() => {
    // The element reaching furthest right, to say what to fix.
    let widest = "";
    let right = window.innerWidth;
    const clipped = (element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== "visible") return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll("*")) {
      const edge = element.getBoundingClientRect().right;
      if (edge > right && clipped(element)) continue;
      if (edge > right) {
        right = edge;
        const named = (e) => `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""}${[...e.classList].map((c) => "." + c).join("")}`;
        const path = [];
        for (let up = element; up && up !== document.body && path.length < 4; up = up.parentElement) path.unshift(named(up));
        widest = `${path.join(" > ")} "${(element.textContent || "").trim().slice(0, 40)}" to ${Math.round(edge)} px`;
      }
    }
    return { scroll: document.documentElement.scrollWidth, width: window.innerWidth, widest };
  });
  assert.ok(scroll <= width, `${label}: the page is ${scroll} px wide on a ${width} px screen (${widest})`);
}

// Every visible control is at least 44×44 px (radio buttons through their labels).
export async function tapTargets(page, label) {
  const small = await page.evaluate(() => {
    const out = [];
    const controls = document.querySelectorAll("button, a[href], input, select, summary, textarea");
    for (const element of controls) {
      let target = element;
      if (element.type === "radio" || element.type === "checkbox") target = element.closest("label") || element;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      if (!box.width || !box.height || style.visibility === "hidden" || target.closest("[hidden], .visually-hidden")) continue;
      if (target.closest("details:not([open])") && target.tagName !== "SUMMARY") continue;
      if (box.width < 43.5 || box.height < 43.5) {
        out.push(`${target.tagName.toLowerCase()}${target.id ? "#" + target.id : ""}[${(target.textContent || target.getAttribute("aria-label") || "").trim().slice(0, 30)}] ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return out;
  });
  assert.deepEqual(small, [], `${label}: tap targets smaller than 44×44 px`);
}

export async function checkScreen(page, label, { axeRun = true, shot = null } = {}) {
  await noSideScroll(page, label);
  await tapTargets(page, label);
  if (axeRun) await axe(page, label);
  if (shot) await page.screenshot({ path: path.join(OUT, `${shot}.png`) });
}

// The sideways check at 360, 390 and 430 px for the screen the page shows now.
export async function narrowWidths(page, label) {
  const before = page.viewportSize();
  for (const width of [360, 390, 430]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(50);
    await noSideScroll(page, `${label} at ${width} px`);
  }
  await page.setViewportSize(before);
}

/// One move by the page's own buttons, if it is this page's turn: take rays while the tanks
/// lead, else an earthling; stop once the turn scores `stopAt` (1: as soon as it scores) or can
/// roll no more, else roll. Returns the action, or null.
export async function moveIfMyTurn(page, { keys = false, stopAt = 1 } = {}) {
  const board = page.locator("#board[data-my-turn=true]");
  if ((await board.count()) === 0) return null;
  const buttons = page.locator("#actions button[data-act]:not([disabled])");
  if ((await buttons.count()) === 0) return null;
  const acts = await buttons.evaluateAll((list) => list.map((b) => b.dataset.act));
  const score = Number(await board.getAttribute("data-turn-score"));
  const tanksLead = (await board.getAttribute("data-tanks-lead")) === "true";
  const earthling = acts.find((a) => ["H", "C", "K"].includes(a));
  let choice;
  if (acts.includes("stop") && (score >= stopAt || !acts.includes("roll"))) choice = "stop";
  else if (acts.includes("roll")) choice = "roll";
  else if (acts.includes("R") && (tanksLead || !earthling)) choice = "R";
  else choice = earthling || acts[0];
  const button = page.locator(`#actions button[data-act="${choice}"]`);
  // The player looks at their own screen: the page that moves is the one in front (a page behind
  // gets a frame a second, and a click waits for two still frames).
  await page.bringToFront();
  if (keys) {
    const key = await button.getAttribute("aria-keyshortcuts");
    await page.keyboard.press(key);
  } else {
    await button.click();
  }
  return choice;
}

export async function playToTheEnd(pages, { onMove, keys = () => false, limit = 180_000 } = {}) {
  const deadline = Date.now() + limit;
  let moves = 0;
  while (Date.now() < deadline) {
    const open = pages.filter((p) => !p.isClosed());
    const ended = await Promise.all(open.map((p) => p.locator("#end-screen").count()));
    if (ended.every((n) => n > 0)) return moves;
    let moved = false;
    if (onMove) await onMove(moves);
    for (const page of pages.filter((p) => !p.isClosed())) {
      const done = await moveIfMyTurn(page, { keys: keys(page) }).catch(() => null);
      if (done) {
        moved = true;
        moves += 1;
        await page.waitForTimeout(30);
      }
    }
    if (!moved) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the game did not end in time");
}
