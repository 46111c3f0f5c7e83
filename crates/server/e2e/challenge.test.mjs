// Issue 39 in Chromium: two players play the day's challenge at /challenge with the page's own
// table, then both see the day's board (the table named "Challenge leaderboard") and, at their
// decisions, what the others did; the share text is copied. One server of its own, one browser.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { STEP, moveIfMyTurn, startServer, launchBrowser, openPage } from "./helpers.mjs";

let server;
let base;
let browser;
let dir;

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "martian-e2e-challenge-"));
  server = await startServer(path.join(dir, "challenge.db"), ["--bot-delay", "10", "--rate-limit", "50"]);
  base = server.url;
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.child.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Plays every page's seat until each is back on the challenge's page with its result. The pages'
// clocks run ahead while nobody can move: a whole game's turn ends are held on screen for
// seconds each (game.js, HOLD_MS), which would make this test take a minute.
async function playUntilGraded(pages, limit = 120_000) {
  const deadline = Date.now() + limit;
  while (Date.now() < deadline) {
    const graded = await Promise.all(pages.map((p) => p.locator("#challenge-result-title").count()));
    if (graded.every((n) => n > 0)) return;
    for (const page of pages) {
      if (await moveIfMyTurn(page).catch(() => null)) await page.waitForTimeout(20);
      else await page.clock.fastForward(1000).catch(() => null);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the challenge was not graded in time");
}

test("two players finish the day and both see the board and what the others did", async () => {
  const players = [];
  for (const name of ["Ana", "Bob"]) {
    const { page, errors } = await openPage(browser, base, { viewport: { width: 1280, height: 800 } }, name);
    await page.clock.install();
    await page.goto(`${base}/challenge`);
    await page.fill("#challenge-name", name);
    await page.getByRole("button", { name: "Play today's challenge" }).click();
    await page.waitForSelector("#board", { timeout: STEP });
    players.push({ name, page, errors });
  }
  await playUntilGraded(players.map((p) => p.page));

  for (const { name, page, errors } of players) {
    // Back on the day's page afresh: the board has both, and the others' choices count both.
    await page.goto(`${base}/challenge`);
    const board = page.getByRole("table", { name: "Challenge leaderboard" });
    await board.waitFor({ timeout: STEP });
    await page.waitForFunction(() => document.querySelectorAll(".challenge-board tbody tr").length === 2, null, { timeout: STEP });
    const names = await board.locator("tbody tr td:nth-child(2)").allInnerTexts();
    assert.deepEqual(names.map((n) => n.replace(" (guest)", "")).sort(), ["Ana", "Bob"], name);
    assert.match(await page.locator("#challenge-placing").innerText(), /^Rank [12] of 2/, name);
    // Everyone meets the same first roll: at the first decision both players are counted.
    const first = page.locator(".challenge-decisions li").first();
    await page.waitForFunction(() => /\b(50|100)% /.test(document.querySelector(".challenge-decisions li")?.textContent || ""), null, { timeout: STEP });
    assert.match(await first.innerText(), /perfect play/, name);
    assert.match(await first.innerText(), /the day's best player/, name);
    const share = await page.locator("#challenge-share").innerText();
    assert.match(share, /^Martian Dice daily \d{4}-\d{2}-\d{2} — [\d.]+ points of chance lost\n[🟩🟨🟧🟥]+$/u, name);
    await page.click("#challenge-copy");
    await page.waitForSelector("#challenge-copy:text('Copied')", { timeout: STEP });
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), share, name);
    // The picture: named for a screen reader, one square per turn as the share text's row, and
    // downloadable as an SVG.
    const picture = page.getByRole("img", { name: /^Your result as a picture: / });
    await picture.waitFor({ timeout: STEP });
    const squares = await picture.evaluate((img) => {
      const svg = decodeURIComponent(img.src.slice(img.src.indexOf(",") + 1));
      return new DOMParser().parseFromString(svg, "image/svg+xml").querySelectorAll("rect[rx='4']").length;
    });
    assert.equal(squares, Array.from(share.split("\n")[1]).length, name);
    assert.ok(await picture.evaluate((img) => img.naturalWidth > 0), `${name}: the picture draws`);
    const download = page.getByRole("link", { name: "Download the picture" });
    assert.match(await download.getAttribute("download"), /^martian-dice-daily-\d{4}-\d{2}-\d{2}\.svg$/, name);
    assert.deepEqual(errors, []);
  }
});
