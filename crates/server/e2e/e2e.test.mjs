// End-to-end in a real browser: Debian's chromium driven by playwright-core against a freshly
// started `martian-dice serve` on 127.0.0.1 (see run.sh).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

const BIN = process.env.MARTIAN_DICE_BIN;
const OUT = process.env.E2E_OUT || path.resolve("../../../target/e2e");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const STEP = 30_000;

let server;
let base;
let browser;
let dir;

before(async () => {
  assert.ok(BIN, "MARTIAN_DICE_BIN names the martian-dice binary");
  dir = mkdtempSync(path.join(tmpdir(), "martian-e2e-"));
  server = spawn(BIN, ["serve", "--addr", "127.0.0.1:0", "--db", path.join(dir, "e2e.db"), "--bot-delay", "60"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  base = await new Promise((resolve, reject) => {
    let text = "";
    server.stdout.on("data", (chunk) => {
      text += chunk;
      const match = /listening on (http:\/\/\S+?)\/?\n/.exec(text);
      if (match) resolve(match[1]);
    });
    server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
    setTimeout(() => reject(new Error("server did not start")), 20_000);
  });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function watchErrors(page, label) {
  const errors = [];
  page.on("pageerror", (error) => errors.push(`${label}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${label} console: ${message.text()}`);
  });
  return errors;
}

async function createRoom(page, name) {
  await page.goto(base + "/");
  await page.fill("#name", name);
  await page.click("#create");
  await page.waitForSelector("#invite", { timeout: STEP });
  return page.inputValue("#invite");
}

async function setTarget(page, target) {
  await page.fill("#rule-target", String(target));
  await page.click("#rules-form button[type=submit]");
  await page.waitForFunction((t) => document.body.textContent.includes(`: ${t} ·`), target, { timeout: STEP });
}

/// One move by the page's own buttons, if it is this page's turn: take rays while the tanks lead,
/// else an earthling; stop once the turn scores, else roll. Returns whether it moved.
async function moveIfMyTurn(page) {
  const board = page.locator("#board[data-my-turn=true]");
  if ((await board.count()) === 0) return false;
  const buttons = page.locator("#actions button[data-act]:not([disabled])");
  if ((await buttons.count()) === 0) return false;
  const acts = await buttons.evaluateAll((list) => list.map((b) => b.dataset.act));
  const score = Number(await board.getAttribute("data-turn-score"));
  const tanksLead = (await board.getAttribute("data-tanks-lead")) === "true";
  const earthling = acts.find((a) => ["H", "C", "K"].includes(a));
  let choice;
  if (acts.includes("stop") && score > 0) choice = "stop";
  else if (acts.includes("roll")) choice = "roll";
  else if (acts.includes("R") && (tanksLead || !earthling)) choice = "R";
  else choice = earthling || acts[0];
  await page.click(`#actions button[data-act="${choice}"]`);
  return true;
}

async function playToTheEnd(pages, onMove) {
  const deadline = Date.now() + 180_000;
  let moves = 0;
  while (Date.now() < deadline) {
    const ended = await Promise.all(pages.map((p) => p.locator("#end-screen").count()));
    if (ended.every((n) => n > 0)) return moves;
    let moved = false;
    if (onMove) await onMove(moves);
    for (const page of pages) {
      if (await moveIfMyTurn(page).catch(() => false)) {
        moved = true;
        moves += 1;
        await page.waitForTimeout(30);
      }
    }
    if (!moved) await pages[0].waitForTimeout(50);
  }
  throw new Error("the game did not end in time");
}

test("two people create and join a room and play a whole game to the end screen", async () => {
  const hostContext = await browser.newContext({ locale: "en-US", viewport: { width: 1200, height: 900 } });
  const guestContext = await browser.newContext({ locale: "en-US", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const host = await hostContext.newPage();
  const guest = await guestContext.newPage();
  const errors = [...watchErrors(host, "host"), ...watchErrors(guest, "guest")];

  const invite = await createRoom(host, "Ana");
  assert.match(invite, /#room=[0-9a-f]{32}$/);
  await setTarget(host, 6);

  await guest.goto(invite);
  await guest.waitForSelector("#join-name", { timeout: STEP });
  await guest.fill("#join-name", "Bia");
  await guest.click("#join");
  await host.waitForFunction(() => document.querySelectorAll("tr.seat").length === 2, null, { timeout: STEP });
  await guest.waitForSelector("text=Waiting for the host", { timeout: STEP });
  await host.screenshot({ path: path.join(OUT, "lobby.png"), fullPage: true });

  await host.click("#start");
  await host.waitForSelector("#board", { timeout: STEP });
  await guest.waitForSelector("#board", { timeout: STEP });

  let shot = false;
  let reloaded = false;
  const moves = await playToTheEnd([host, guest], async (n) => {
    if (!shot && (await host.locator("#board[data-my-turn=true] #roll .die").count()) > 0) {
      await host.waitForTimeout(800); // let the dice land
      await host.screenshot({ path: path.join(OUT, "game.png") });
      await guest.screenshot({ path: path.join(OUT, "game-phone.png") });
      shot = true;
    }
    if (!reloaded && n >= 6) {
      // Closing the tab and coming back keeps the seat: the token is in localStorage.
      await guest.reload();
      await guest.waitForSelector("#board", { timeout: STEP });
      await guest.waitForFunction(() => document.querySelector('tr.seat[data-seat="1"]').textContent.includes("you"), null, { timeout: STEP });
      reloaded = true;
    }
  });
  assert.ok(moves > 4, `moves: ${moves}`);
  assert.ok(shot, "a screenshot of the game was taken");
  assert.ok(reloaded, "the guest reloaded mid-game");
  await host.screenshot({ path: path.join(OUT, "end.png") });
  const winnerText = await host.textContent("#end-screen h2");
  assert.match(winnerText, /wins|Shared victory/);
  assert.equal(await guest.textContent("#end-screen h2"), winnerText);

  // The record downloads and is complete.
  const href = await host.getAttribute("#end-screen a[download]", "href");
  const response = await host.request.get(base + href);
  assert.equal(response.status(), 200);
  const record = await response.json();
  assert.equal(record.format, "martian-dice-record");
  assert.deepEqual(record.players.map((p) => p.name), ["Ana", "Bia"]);
  assert.ok(record.result && record.result.winners.length >= 1);

  // The replay opens in the page.
  await host.click("#end-screen [data-replay]");
  await host.waitForSelector("dialog#replay[open] .replay-steps", { timeout: STEP });
  await host.click("#replay-next");
  await host.click("#replay-close");

  // Rematch by the host starts game 2 for both.
  await host.click("#rematch");
  await guest.waitForFunction(() => !document.querySelector("#end-screen") && document.querySelector("#board"), null, { timeout: STEP });

  assert.deepEqual(errors, []);
  await hostContext.close();
  await guestContext.close();
});

test("one person plays a bot to the end", async () => {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1100, height: 850 } });
  const page = await context.newPage();
  const errors = watchErrors(page, "solo");
  await createRoom(page, "Caio");
  await setTarget(page, 5);
  const bots = await page.locator("#bot option").evaluateAll((list) => list.map((o) => o.value));
  assert.ok(bots.length >= 3, `bots offered: ${bots}`);
  await page.selectOption("#bot", bots[bots.length - 1]);
  await page.click("#add-bot");
  await page.waitForFunction(() => document.querySelectorAll("tr.seat").length === 2, null, { timeout: STEP });
  await page.click("#start");
  await page.waitForSelector("#board", { timeout: STEP });
  // The coach: the win-chance bar, and the chance after each option of one's own decisions.
  await page.click("#coach");
  await page.waitForSelector("#win-chance .chance", { timeout: STEP });
  let coached = false;
  await playToTheEnd([page], async () => {
    if (!coached && (await page.locator("#board[data-my-turn=true] #roll .die").count()) > 0) {
      await page.waitForSelector("#coach-panel [data-option]", { timeout: STEP });
      const options = await page.locator("#coach-panel [data-option]").evaluateAll((l) => l.map((o) => o.dataset.option));
      const acts = await page.locator("#actions [data-act]").evaluateAll((l) => l.map((b) => b.dataset.act));
      assert.deepEqual(options, acts, "the coach values every legal choice");
      assert.equal(await page.locator("#actions .coach-best").count(), 1);
      await page.waitForTimeout(700);
      await page.screenshot({ path: path.join(OUT, "coach.png") });
      coached = true;
    }
  });
  assert.ok(coached, "the coach advised a decision");
  await page.screenshot({ path: path.join(OUT, "bot-end.png") });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a tie is settled by a roll-off shown on screen", async () => {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  const errors = watchErrors(page, "roll-off");
  await createRoom(page, "Duda");
  // One die and a target of 1: ties come often.
  await page.fill("#rule-dice", "1");
  await page.fill("#rule-target", "1");
  await page.click("#rules-form button[type=submit]");
  await page.waitForFunction(() => document.body.textContent.includes("Dice: 1 ·"), null, { timeout: STEP });
  await page.selectOption("#bot", "random");
  await page.click("#add-bot");
  await page.waitForFunction(() => document.querySelectorAll("tr.seat").length === 2, null, { timeout: STEP });
  await page.click("#start");
  let seen = false;
  for (let game = 1; game <= 60 && !seen; game += 1) {
    await page.waitForSelector("#board", { timeout: STEP });
    await playToTheEnd([page]);
    seen = (await page.locator(".roll-off .roll-off-roll").count()) > 0;
    if (!seen) {
      await page.click("#rematch");
      await page.waitForFunction(() => !document.querySelector("#end-screen"), null, { timeout: STEP });
    }
  }
  assert.ok(seen, "a roll-off within 60 games");
  const rolls = await page.locator(".roll-off .roll-off-roll").count();
  assert.ok(rolls >= 2, `roll-off rolls shown: ${rolls}`);
  await page.waitForTimeout(900); // let the dice land
  await page.screenshot({ path: path.join(OUT, "roll-off.png") });
  assert.deepEqual(errors, []);
  await context.close();
});

test("the page speaks Brazilian Portuguese: the browser's language, the switch, the game screen", async () => {
  // A browser set to Portuguese gets Portuguese at once.
  const ptContext = await browser.newContext({ locale: "pt-BR", viewport: { width: 900, height: 700 } });
  const ptPage = await ptContext.newPage();
  const ptErrors = watchErrors(ptPage, "pt-browser");
  await ptPage.goto(base + "/");
  await ptPage.waitForSelector("#create", { timeout: STEP });
  assert.equal(await ptPage.textContent("#create"), "Criar uma sala");
  assert.equal(await ptPage.inputValue("#lang"), "pt-BR");
  assert.equal(await ptPage.getAttribute("html", "lang"), "pt-BR");
  assert.deepEqual(ptErrors, []);
  await ptContext.close();

  // An English browser switches with the control on the page; the choice is remembered.
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  const errors = watchErrors(page, "pt");
  await page.goto(base + "/");
  await page.waitForSelector("#create", { timeout: STEP });
  assert.equal(await page.textContent("#create"), "Create a room");
  await page.fill("#name", "Júlia");
  await page.selectOption("#lang", "pt-BR");
  assert.equal(await page.textContent("#create"), "Criar uma sala");
  assert.equal(await page.inputValue("#name"), "Júlia", "switching keeps what was typed");
  await page.click("#create");
  await page.waitForSelector("#invite", { timeout: STEP });
  await page.waitForFunction(() => document.body.textContent.includes("Pontuação-alvo: 25"), null, { timeout: STEP });
  assert.match(await page.textContent("#rules-form"), /Bônus[\s\S]*um humano, uma vaca e uma galinha \(oficial\)/);
  await page.selectOption("#bot", "hard");
  assert.match(await page.locator("#bot option:checked").textContent(), /^difícil — um jogador forte/);
  await page.click("#add-bot");
  await page.waitForFunction(() => document.querySelectorAll("tr.seat").length === 2, null, { timeout: STEP });
  assert.match(await page.textContent("table.seats"), /Júlia anfitrião · você[\s\S]*difícil bot/);

  await page.reload();
  await page.waitForSelector("#start", { timeout: STEP });
  assert.equal(await page.textContent("#start"), "Começar a partida", "the choice survives a reload");
  await page.click("#start");
  await page.waitForSelector("#board", { timeout: STEP });

  // The game screen: wait for one's own roll, then read the labels.
  const ownRoll = "#board[data-my-turn=true] #roll .die";
  await page.waitForFunction(
    (roll) => {
      const rollButton = document.querySelector('#actions [data-act="roll"]:not([disabled])');
      if (rollButton && !document.querySelector(roll)) rollButton.click();
      return document.querySelector(roll);
    },
    ownRoll,
    { timeout: STEP, polling: 200 },
  );
  const headline = await page.textContent("#headline");
  assert.match(headline, /^(Sua vez!|Vez de .+|Fim de jogo)$/);
  const titles = await page.locator("#roll .die").evaluateAll((dice) => dice.map((d) => d.title));
  const portugueseFaces = ["tanque", "raio da morte", "humano", "vaca", "galinha"];
  assert.ok(titles.length > 0 && titles.every((title) => portugueseFaces.includes(title)), `faces: ${titles}`);
  assert.match(await page.textContent("#board"), /Separados[\s\S]*Tanques \d+ × \d+ raios da morte[\s\S]*Neste turno: \d+ pontos?/);
  assert.match(await page.textContent("#board"), /Rodada 1 · Pontuação-alvo 25/);
  const takes = await page.locator("#actions button.take").allTextContents();
  for (const label of takes) assert.match(label, /^Pegar \d+ (tanques?|raios? da morte|humanos?|vacas?|galinhas?)$/);
  const chickens = await page.locator('#actions [data-act="K"]').count();
  if (chickens) assert.match(await page.textContent('#actions [data-act="K"]'), /^Pegar \d+ galinhas?$/);
  if (takes.length) {
    await page.waitForTimeout(800); // let the dice land
    await page.screenshot({ path: path.join(OUT, "game-pt.png") });
    // Take one kind: then stop or roll again.
    await page.click("#actions button.take");
    await page.waitForSelector('#actions [data-act="stop"]', { timeout: STEP });
    assert.match(await page.textContent('#actions [data-act="stop"]'), /^Parar e marcar \d+ pontos?$/);
    const roll = page.locator('#actions [data-act="roll"]');
    if (await roll.count()) assert.equal(await roll.textContent(), "Lançar de novo");
    await page.screenshot({ path: path.join(OUT, "game-pt-decision.png") });

    // Back to English at once, on the same screen.
    await page.selectOption("#lang", "en");
    assert.match(await page.textContent('#actions [data-act="stop"]'), /^Stop and score \d+ points?$/);
    assert.equal(await page.getAttribute("html", "lang"), "en");
  } else {
    await page.screenshot({ path: path.join(OUT, "game-pt.png") });
  }
  assert.deepEqual(errors, []);
  await context.close();
});
