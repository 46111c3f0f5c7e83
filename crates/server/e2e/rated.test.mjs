// Issue 38 in Chromium: two accounts tick "Rated" beside Quick match, are seated together at a
// rated table, play it to the end with the page's own buttons, and both see each seat's change of
// rating on the end screen ("+12", "−8"), then the Leaderboard table (axe-core on it). One server of
// its own, one browser.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { STEP, DESKTOP, axe, startServer, launchBrowser, openPage, moveIfMyTurn } from "./helpers.mjs";

let server;
let base;
let browser;
let dir;

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "martian-e2e-rated-"));
  server = await startServer(path.join(dir, "rated.db"), ["--bot-delay", "10", "--rate-limit", "50"]);
  base = server.url;
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.child.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const PASSWORD = "purple tanks at dawn";

async function createAccount(page, name) {
  await page.getByRole("button", { name: "Create account", exact: true }).click();
  const dialog = page.locator("#account-dialog");
  await dialog.getByRole("textbox", { name: "Account name" }).fill(name);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Create account", exact: true }).click();
  await dialog.getByRole("button", { name: "I saved them" }).click();
  await page.getByRole("link", { name: "Your profile" }).waitFor({ timeout: STEP });
}

// A turn goes on until it scores 6: the official target of 25 is reached in about half the
// rounds of stopping at the first point.
const move = (page) => moveIfMyTurn(page, { stopAt: 6 });

// Plays every page's seat until each shows the end screen. The pages' clocks run ahead while
// nobody can move: a game's turn ends are held on screen for seconds each (game.js, HOLD_MS),
// which would make a game of the official rules take minutes.
async function playUntilOver(pages, limit = 55_000) {
  const deadline = Date.now() + limit;
  while (Date.now() < deadline) {
    const over = await Promise.all(pages.map((p) => p.locator("#end-screen").count()));
    if (over.every((n) => n > 0)) return;
    for (const page of pages) {
      if (await move(page).catch(() => null)) await page.waitForTimeout(10);
      else await page.clock.fastForward(1000).catch(() => null);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seen = await Promise.all(pages.map((p) => p.locator("#board").innerText().catch(() => "")));
  throw new Error(`the rated game did not end in time: ${seen.map((s) => s.slice(0, 300)).join(" | ")}`);
}

test("two accounts play a rated quick match: both see their change, then the Leaderboard", async () => {
  const players = [];
  for (const name of ["Ana", "Bob"]) {
    const { page, errors } = await openPage(browser, base, DESKTOP, name);
    await page.clock.install();
    await page.goto(base + "/");
    await page.waitForSelector("#quick-match:not([disabled])", { timeout: STEP });
    await createAccount(page, name);
    await page.waitForSelector("#quick-match:not([disabled])", { timeout: STEP });
    players.push({ name, page, errors });
  }
  for (const { name, page } of players) {
    await page.fill("#name", name);
    await page.getByRole("checkbox", { name: "Rated" }).check();
    await page.click("#quick-match");
  }
  for (const { page } of players) await page.waitForSelector("#board", { timeout: STEP });
  await playUntilOver(players.map((p) => p.page));

  for (const { name, page, errors } of players) {
    // Each seat's change: the winner's up, the other's down, with their signs.
    const changes = await page.locator("#rating-changes li").allInnerTexts();
    assert.equal(changes.length, 2, `${name}: ${changes}`);
    const signs = changes.map((line) => /: ([+\u2212])\d+$/.exec(line)?.[1]).sort();
    assert.deepEqual(signs, ["+", "\u2212"], `${name}: ${changes}`);

    await page.goto(base + "/leaderboard");
    const board = page.getByRole("table", { name: "Leaderboard", exact: true });
    await board.waitFor({ timeout: STEP });
    // Both are provisional after one game: the table shows the bots' fixed ratings for scale.
    const rows = await board.locator("tbody th").allInnerTexts();
    assert.deepEqual(rows, ["Bot: optimal", "Bot: greedy", "Bot: hard", "Bot: medium", "Bot: easy"], name);
    // The winner climbed this week.
    assert.equal(await page.locator("#climbers tbody tr").count(), 1, name);
    // Nobody has ten reviewed rated games: the best-accuracy list says so.
    await page.locator("#accuracy-none").waitFor({ timeout: STEP });
    await axe(page, `leaderboard (${name})`);
    assert.deepEqual(errors, []);
  }
});

test("a signed-in host makes a room rated in the lobby, and a room it cannot be stays unrated", async () => {
  const { page, errors } = await openPage(browser, base, DESKTOP, "Cid");
  await page.goto(base + "/");
  await page.waitForSelector("#quick-match:not([disabled])", { timeout: STEP });
  await createAccount(page, "Cid");
  await page.fill("#name", "Cid");
  await page.getByRole("button", { name: "Create a room", exact: true }).click();
  await page.waitForSelector("#start", { timeout: STEP });
  const rated = page.getByRole("checkbox", { name: /^Rated:/ });
  const mark = page.locator("#rated-mark");
  assert.equal(await mark.isVisible(), false);
  await rated.check();
  await mark.waitFor({ state: "visible", timeout: STEP });
  await rated.uncheck();
  await mark.waitFor({ state: "hidden", timeout: STEP });
  // A bot without a rating at the table: the server refuses, and the box shows the room as it is.
  await page.locator('#bot-form input[value="random"]').check();
  await page.click("#add-bot");
  await page.locator("#seats").getByText(/random/i).first().waitFor({ timeout: STEP });
  await rated.click();
  await page.waitForFunction(() => !document.getElementById("opt-rated").checked, null, { timeout: STEP });
  assert.equal(await mark.isVisible(), false);
  assert.deepEqual(errors, []);
});
