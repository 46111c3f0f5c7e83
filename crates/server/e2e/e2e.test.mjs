// End-to-end in a real browser: Debian's chromium driven by playwright-core against a freshly
// started `martian-dice serve` on 127.0.0.1 (see run.sh). Every screen is checked by axe-core,
// for sideways scrolling at 360–430 px and for tap targets, at 390×844 (touch) and 1280×800, in
// English and Portuguese; screenshots go to target/e2e/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { OUT, STEP, PHONE, DESKTOP, checkScreen, narrowWidths, playToTheEnd, startServer as start, launchBrowser, openPage } from "./helpers.mjs";

// Short enough for the tests: an absent player is away after GRACE_S.
const GRACE_S = 2;

let server;
let base;
let browser;
let dir;

const startServer = (addr) => start(path.join(dir, "e2e.db"), ["--bot-delay", "60", "--grace", String(GRACE_S), "--rate-limit", "50"], addr);

async function stopServer() {
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGKILL");
  await exited;
}

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "martian-e2e-"));
  server = await startServer();
  base = server.url;
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.child.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const newPage = (options, label, locale = "en-US") => openPage(browser, base, options, label, locale);

async function createRoom(page, name) {
  await page.goto(base + "/");
  await page.fill("#name", name);
  await page.click("#create");
  await page.waitForSelector("#invite", { timeout: STEP });
  return page.inputValue("#invite");
}

// Opens the end screen's review (if it is not open yet) and checks it: the chart drawn in the
// page with a line for each seat, each seat's summary, the biggest mistakes (or that there were
// none) with their words, and the screen's checks.
async function checkReview(page, label, title) {
  if ((await page.getAttribute("#review-toggle", "aria-expanded")) !== "true") await page.click("#review-toggle");
  await page.waitForSelector("#review-slot .review #review-chart svg polyline", { timeout: STEP });
  assert.equal(await page.getAttribute("#review-toggle", "aria-expanded"), "true");
  const text = await page.textContent("#review-slot");
  assert.match(text, title);
  const seats = await page.locator("table.seats tr.seat").count();
  assert.equal(await page.locator("#review-chart polyline").count(), seats, `${label}: a line per seat`);
  assert.equal(await page.locator(".review-seats li").count(), seats, `${label}: a summary per seat`);
  const mistakes = await page.locator(".mistakes li").count();
  if (mistakes === 0) assert.match(text, /(No inaccuracy|Nenhuma imprecisão)/, `${label}: ${text}`);
  else assert.match(await page.textContent(".mistakes"), /(; the best was to|; o melhor era)/);
  await checkScreen(page, `review ${label}`, { shot: `review-${label.replace(" ", "-")}` });
  await narrowWidths(page, `review ${label}`);
}

const seats = (page, n) => page.waitForFunction((count) => document.querySelectorAll("tr.seat").length === count, n, { timeout: STEP });

test("home, How to play and lobby: no violations, no sideways scroll, 44 px targets, both languages, both sizes", async () => {
  for (const [locale, lang] of [["en-US", "en"], ["pt-BR", "pt"]]) {
    for (const [size, options] of [["phone", PHONE], ["desktop", DESKTOP]]) {
      const { context, page, errors } = await newPage(options, `${lang}-${size}`, locale);
      await page.goto(base + "/");
      await page.waitForSelector("#create:not([disabled])", { timeout: STEP });
      assert.equal(await page.getAttribute("html", "lang"), lang === "en" ? "en" : "pt-BR");
      await checkScreen(page, `home ${lang} ${size}`, { shot: `home-${lang}-${size}` });
      if (size === "phone") {
        // The sound switch is remembered.
        assert.equal(await page.getAttribute("#sound", "aria-pressed"), "true");
        await page.click("#sound");
        await page.reload();
        await page.waitForSelector("#create:not([disabled])", { timeout: STEP });
        assert.equal(await page.getAttribute("#sound", "aria-pressed"), "false");
        await page.click("#sound");
      }
      await narrowWidths(page, `home ${lang}`);
      // How to play, from the header, with the dice drawn.
      await page.click("#howto-open");
      await page.waitForSelector("dialog#howto[open] .howto-faces .die", { timeout: STEP });
      assert.equal(await page.locator("#howto .howto-faces li").count(), 5);
      await checkScreen(page, `how to play ${lang} ${size}`, { shot: `howto-${lang}-${size}` });
      await page.keyboard.press("Escape");
      // The lobby.
      await createRoom(page, lang === "en" ? "Ana" : "Júlia");
      await page.waitForSelector('#bot-form input[value="medium"]:checked', { timeout: STEP });
      await checkScreen(page, `lobby ${lang} ${size}`, { shot: `lobby-${lang}-${size}` });
      await narrowWidths(page, `lobby ${lang}`);
      if (size === "desktop") {
        // Start is in view without scrolling at 1280×800, and near the top of the keyboard order.
        const box = await page.locator("#start").boundingBox();
        assert.ok(box && box.y + box.height <= 800, `Start at ${JSON.stringify(box)}`);
        await page.evaluate(() => document.activeElement && document.activeElement.blur());
        let tabs = 0;
        for (; tabs < 8; tabs += 1) {
          await page.keyboard.press("Tab");
          if (await page.evaluate(() => document.activeElement && document.activeElement.id === "start")) break;
        }
        assert.ok(tabs < 8, "Start within a few Tabs");
      }
      // The bot choice defaults to medium and stays after Add.
      await page.check('#bot-form input[value="hard"]', { force: true });
      await page.click("#add-bot");
      await seats(page, 2);
      assert.equal(await page.locator('#bot-form input[name="bot"]:checked').getAttribute("value"), "hard");
      // Rule choices are readable in full.
      const clipped = await page.locator("#rules-form .choice span").evaluateAll((spans) => spans.filter((s) => s.scrollWidth > s.clientWidth + 1).map((s) => s.textContent));
      assert.deepEqual(clipped, []);
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});

test("two friends: live lobby settings, no lost edits, a latecomer, keys, turn ends held, away players, host handover", async () => {
  const host = await newPage(DESKTOP, "host");
  const guest = await newPage(PHONE, "guest", "pt-BR");
  const invite = await createRoom(host.page, "Ana");

  // The host starts typing a target; a friend joins meanwhile: nothing of the host's is disturbed.
  await host.page.click("#rule-target");
  await host.page.keyboard.press("Control+A");
  await host.page.keyboard.type("1");
  await guest.page.goto(invite);
  await guest.page.waitForSelector("#join-name", { timeout: STEP });
  await guest.page.fill("#join-name", "Bia");
  await guest.page.click("#join");
  await seats(host.page, 2);
  assert.equal(await host.page.evaluate(() => document.activeElement.id), "rule-target");
  assert.equal(await host.page.inputValue("#rule-target"), "1");
  await host.page.keyboard.type("2");
  // Applied without pressing anything; the guest sees it live.
  await guest.page.waitForFunction(() => document.querySelector("#rules-view").textContent.includes("12"), null, { timeout: STEP });
  await host.page.check('#rules-form input[name="bonus"][value="any-earthling"]', { force: true });
  await guest.page.waitForFunction(() => document.querySelector("#rules-view").textContent.includes("qualquer terráqueo"), null, { timeout: STEP });
  await checkScreen(guest.page, "lobby as a guest pt phone", { shot: "lobby-guest-pt-phone" });
  // Typed and started at once: the last edit is not lost.
  await host.page.fill("#timer-seconds", "0");
  await host.page.fill("#rule-target", "14");
  await host.page.click("#start");
  await host.page.waitForSelector("#board", { timeout: STEP });
  await guest.page.waitForSelector("#board", { timeout: STEP });
  assert.match(await host.page.textContent(".round-line"), /Target score 14/);

  // A latecomer is told why they watch, and asks for a seat at the next game.
  const late = await newPage(DESKTOP, "late");
  await late.page.goto(invite);
  await late.page.waitForSelector("#latecomer #join-next-name", { timeout: STEP });
  assert.match(await late.page.textContent("#latecomer"), /under way/);
  await late.page.fill("#join-next-name", "Cid");
  await late.page.click("#join-next");
  await late.page.waitForFunction(() => /next game \(number 1 in line\)/.test(document.querySelector("#latecomer").textContent), null, { timeout: STEP });
  await host.page.waitForFunction(() => document.querySelector(".waiting") && document.querySelector(".waiting").textContent.includes("Cid"), null, { timeout: STEP });
  await checkScreen(late.page, "game as a latecomer en desktop", { shot: "latecomer-en-desktop" });

  // Keys are shown on the buttons, in each reader's language, and work.
  let keysSeen = { en: false, pt: false };
  let outcomeSeen = false;
  let guestGone = false;
  let handed = false;
  let paused = false;
  const moves = await playToTheEnd([host.page, guest.page], {
    keys: (page) => page === host.page,
    onMove: async () => {
      // Bia takes her time before her first roll: Ana's turn end stays on the board meanwhile.
      if (!paused && !guestGone && (await guest.page.locator('#board[data-my-turn=true] #actions [data-act="roll"]').count())) {
        paused = true;
        await guest.page.waitForTimeout(2600);
      }
      for (const [who, lang, expected] of [[host, "en", { roll: "r", stop: "s", R: "r", C: "c", K: "k" }], [guest, "pt", { roll: "l", stop: "p", R: "r", C: "v", K: "g" }]]) {
        if (keysSeen[lang] || guestGone) continue;
        const acts = await who.page.locator("#actions [data-act]").evaluateAll((l) => l.map((b) => [b.dataset.act, b.querySelector("kbd").textContent]));
        for (const [act, key] of acts) if (expected[act]) assert.equal(key, expected[act], `${lang} key for ${act}`);
        if (acts.length) {
          keysSeen[lang] = true;
          await checkScreen(who.page, `game ${lang}`, { shot: lang === "en" ? "game-en-desktop" : "game-pt-phone" });
        }
      }
      // The end of a turn stays on the board, in words, with its last roll drawn.
      if (!outcomeSeen && (await host.page.locator("#last-turn:not(.compact)").count())) {
        const text = await host.page.textContent("#last-turn-text");
        assert.match(text, /^(Stopped|No dice left|Nothing left to take): (\+\d+|tanks \d+ beat death rays \d+, 0 points)/);
        assert.ok((await host.page.locator("#last-roll .die").count()) > 0);
        outcomeSeen = true;
      }
      // The guest closes the tab mid-game: the host hands their turns to a bot at once.
      if (keysSeen.pt && keysSeen.en && outcomeSeen && !guestGone) {
        await guest.page.close();
        guestGone = true;
        await host.page.waitForSelector('[data-hand="1"]', { timeout: STEP });
        await host.page.click('[data-hand="1"]');
        await host.page.waitForFunction(() => document.querySelector('tr.seat[data-seat="1"]').textContent.includes("away"), null, { timeout: STEP });
        handed = true;
      }
    },
  });
  assert.ok(moves > 3 && handed, `moves ${moves}, handed ${handed}`);
  // Every turn's end stayed on screen at least 2 s, unless the game ended with it or the next
  // turn ended sooner (its end then shows instead).
  const outcomes = await host.page.evaluate(() => window.__outcomes);
  const held = outcomes.filter((o) => o.hidden != null && !o.over && !o.replaced);
  assert.ok(held.length >= 1, JSON.stringify(outcomes));
  for (const o of held) assert.ok(o.hidden - o.shown >= 2000, `turn end ${o.index} shown ${Math.round(o.hidden - o.shown)} ms`);
  await checkScreen(host.page, "end en desktop", { shot: "end-en-desktop" });

  // Back on the seat: the guest opens the room again and plays for themself.
  guest.page = await guest.context.newPage();
  await guest.page.goto(invite);
  await guest.page.waitForSelector("#end-screen", { timeout: STEP });
  await host.page.waitForFunction(() => !document.querySelector('tr.seat[data-seat="1"]').textContent.includes("away"), null, { timeout: STEP });

  // The host leaves: after the grace period the guest is the host, is told so, and starts the
  // rematch, in which the latecomer has a seat.
  await host.page.goto("about:blank");
  await guest.page.waitForSelector("#rematch", { timeout: STEP + GRACE_S * 1000 });
  await guest.page.waitForFunction(() => window.__said.some((line) => line.includes("Agora você é o anfitrião.")), null, { timeout: STEP });
  await guest.page.click("#rematch");
  await late.page.waitForSelector("#board", { timeout: STEP });
  await late.page.waitForFunction(() => document.querySelectorAll("tr.seat").length === 3 && document.querySelector('tr.seat[data-seat="2"]').textContent.includes("you"), null, { timeout: STEP });
  assert.equal(await late.page.locator("#latecomer").count(), 0);
  assert.deepEqual([...host.errors, ...guest.errors, ...late.errors], []);
  await host.context.close();
  await guest.context.close();
  await late.context.close();
});

test("alone against a bot, phone and Portuguese: coach, cues, live region, a dropped server, the end as a story, replay", async () => {
  const { context, page, errors } = await newPage(PHONE, "solo", "pt-BR");
  await page.goto(base + "/");
  await page.fill("#name", "Caio");
  await page.click("#quick-play");
  await page.waitForSelector("#board", { timeout: STEP });
  assert.match(await page.textContent("table.seats"), /médio/);
  // It is the player's turn: a chime, a buzz, and the tab's title when hidden.
  await page.waitForSelector('#actions [data-act="roll"]', { timeout: STEP });
  const spy = await page.evaluate(() => window.__spy);
  assert.ok(spy.tones > 0 && spy.buzzes > 0, JSON.stringify(spy));
  await checkScreen(page, "game pt phone coach off", { shot: "game-pt-phone-coach-off" });
  await narrowWidths(page, "game pt");
  // Every roll is read out, the player's own included.
  await page.click('#actions [data-act="roll"]');
  await page.waitForFunction(() => window.__said.some((line) => /Você lançou 13:/.test(line)), null, { timeout: STEP });
  // Tanks are drawn once: set aside, not among the dice to choose from.
  assert.equal(await page.locator("#roll .die.face-T").count(), 0);
  // The coach, with the same words as the buttons.
  await page.click("#coach");
  await page.waitForSelector("#win-chance .chance", { timeout: STEP });
  if ((await page.locator('#board[data-my-turn=true] #actions [data-act]').count()) > 1) {
    // Each choice's chance to win is on its own button.
    await page.waitForFunction(() => document.querySelectorAll("#actions [data-act]").length === document.querySelectorAll("#actions [data-option-value]").length, null, { timeout: STEP });
    await page.waitForTimeout(600);
    await checkScreen(page, "game pt phone coach on", { shot: "game-pt-phone-coach-on" });
  }
  await page.click("#coach");

  // The server goes down: a clear banner, nothing to press, and back by itself.
  const port = new URL(base).port;
  await stopServer();
  await page.waitForSelector("#connection.down:not([hidden])", { timeout: STEP });
  assert.equal(await page.locator("#actions [data-act]:not([disabled])").count(), 0);
  // A key pressed meanwhile is not lost in silence.
  const pending = (await page.locator("#actions [data-act]").count()) ? await page.locator("#actions [data-act]").first().getAttribute("aria-keyshortcuts") : null;
  if (pending) {
    await page.keyboard.press(pending);
    await page.waitForFunction(() => /Não enviado/.test(document.querySelector("#news").textContent), null, { timeout: STEP });
  }
  await page.screenshot({ path: path.join(OUT, "connection-lost-pt-phone.png") });
  server = await startServer(`127.0.0.1:${port}`);
  await page.waitForSelector("#connection", { state: "hidden", timeout: STEP });
  await page.waitForSelector("#board", { timeout: STEP });

  // A hidden tab learns of its turn in the title.
  let titled = false;
  await playToTheEnd([page], {
    onMove: async () => {
      if (titled) return;
      if ((await page.locator("#board[data-my-turn=true]").count()) === 0) {
        await page.evaluate(() => window.__hide(true));
        await page.waitForSelector("#board[data-my-turn=true]", { timeout: STEP }).catch(() => {});
        if ((await page.locator("#end-screen").count()) === 0) {
          assert.match(await page.title(), /^● Sua vez/);
          titled = true;
        }
        await page.evaluate(() => window.__hide(false));
      }
    },
  });
  // The end screen tells the story, with the chart drawn in the page.
  await page.waitForSelector("#end-screen #score-chart svg polyline", { timeout: STEP });
  const story = await page.textContent("#end-screen .story");
  assert.match(story, /Maior turno/);
  await checkScreen(page, "end pt phone", { shot: "end-pt-phone" });
  await narrowWidths(page, "end pt");
  // The turns, in pictures and words; the transcript copies for the command line.
  const first = page.locator(".log details").last();
  await first.locator("summary").click();
  assert.match(await first.textContent(), /Lançou \d+:/);
  await first.locator("[data-copy]").click();
  assert.match(await page.evaluate(() => navigator.clipboard.readText()), /^martian-dice turn [TRHCK/ stop0-9]+$/);
  // The review: the chance to win after each turn, drawn in the page, and the biggest mistakes.
  await checkReview(page, "pt phone", /Revisão da partida 1/);
  // In English too, on the same phone.
  await page.selectOption("#lang", "en");
  await page.waitForFunction(() => /Review of game 1/.test(document.querySelector("#review-slot").textContent), null, { timeout: STEP });
  await checkScreen(page, "review en phone", { shot: "review-en-phone" });
  await page.selectOption("#lang", "pt-BR");
  await page.waitForFunction(() => /Revisão da partida 1/.test(document.querySelector("#review-slot").textContent), null, { timeout: STEP });
  // The replay, each step marked with its decision's class and loss.
  await page.click("#end-actions [data-replay]");
  await page.waitForSelector("dialog#replay[open] .replay-steps .mark", { timeout: STEP });
  assert.match(await page.textContent("dialog#replay .replay-steps"), /(melhor|imprecisão|erro|única escolha)/);
  await checkScreen(page, "replay pt phone", { shot: "replay-pt-phone" });
  await page.click("#replay-close");
  assert.ok(titled, "the title changed while hidden");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a game on the desktop in English ends with the story and a rematch; the replay and the coach pass axe", async () => {
  const { context, page, errors } = await newPage(DESKTOP, "desk");
  await page.goto(base + "/");
  await page.fill("#name", "Dora");
  await page.click("#quick-play");
  await page.waitForSelector('#actions [data-act="roll"]', { timeout: STEP });
  await page.click("#coach");
  await page.waitForSelector("#win-chance .chance", { timeout: STEP });
  await checkScreen(page, "game en desktop coach on", { shot: "game-en-desktop-coach" });
  // The README's picture: a roll with the coach's advice.
  await page.click('#actions [data-act="roll"]');
  await page.waitForFunction(() => document.querySelector("#actions [data-option-value]") || !document.querySelector('#board[data-my-turn="true"]'), null, { timeout: STEP });
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(OUT, "readme-desktop.png") });
  await page.click("#coach");
  await checkScreen(page, "game en desktop coach off");
  // Keys only: after each move the focus stays in the action area, on a move when there is one.
  let focusChecks = 0;
  await playToTheEnd([page], {
    keys: () => true,
    onMove: async () => {
      if ((await page.locator('#board[data-my-turn=true] #actions [data-act]:not([disabled])').count()) === 0) return;
      const where = await page.evaluate(() => document.activeElement && (document.activeElement.closest("#actions") ? document.activeElement.tagName : "elsewhere"));
      if (focusChecks > 0) assert.equal(where, "BUTTON", "focus on a move in the action area");
      focusChecks += 1;
    },
  });
  assert.ok(focusChecks > 2, `focus checked ${focusChecks} times`);
  await page.waitForSelector("#end-screen #score-chart svg", { timeout: STEP });
  await checkScreen(page, "end en desktop solo", { shot: "end-en-desktop-solo" });
  // The review, by the keyboard alone.
  await page.focus("#review-toggle");
  await page.keyboard.press("Enter");
  await checkReview(page, "en desktop", /Review of game 1/);
  // And in Portuguese.
  await page.selectOption("#lang", "pt-BR");
  await page.waitForFunction(() => /Revisão da partida 1/.test(document.querySelector("#review-slot").textContent), null, { timeout: STEP });
  await checkScreen(page, "review pt desktop", { shot: "review-pt-desktop" });
  await page.selectOption("#lang", "en");
  await page.waitForFunction(() => /Review of game 1/.test(document.querySelector("#review-slot").textContent), null, { timeout: STEP });
  // Closed again by the same button, the focus on it.
  await page.focus("#review-toggle");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => !document.querySelector("#review-slot .review"), null, { timeout: STEP });
  assert.equal(await page.getAttribute("#review-toggle", "aria-expanded"), "false");
  assert.equal(await page.evaluate(() => document.activeElement && document.activeElement.id), "review-toggle");
  await page.click("#end-actions [data-replay]");
  await page.waitForSelector("dialog#replay[open] .replay-steps .mark", { timeout: STEP });
  await page.keyboard.press("ArrowRight");
  await page.waitForSelector("dialog#replay[open] .replay-steps .mark", { timeout: STEP });
  assert.match(await page.textContent("dialog#replay .replay-steps"), /(best|inaccuracy|mistake|blunder|only choice)/);
  await checkScreen(page, "replay en desktop", { shot: "replay-en-desktop" });
  await page.keyboard.press("Escape");
  await page.click("#rematch");
  await page.waitForFunction(() => !document.querySelector("#end-screen") && document.querySelector("#board"), null, { timeout: STEP });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a tie is settled by a roll-off shown on screen", async () => {
  const { context, page, errors } = await newPage({ viewport: { width: 1000, height: 800 } }, "roll-off");
  await createRoom(page, "Duda");
  // One die and a target of 1: ties come often.
  await page.fill("#rule-dice", "1");
  await page.fill("#rule-target", "1");
  await page.check('#bot-form input[value="random"]', { force: true });
  await page.click("#add-bot");
  await seats(page, 2);
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
  assert.match(await page.textContent("#end-screen .story"), /roll-off/);
  await page.waitForTimeout(700);
  await page.screenshot({ path: path.join(OUT, "roll-off.png") });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a graceful restart: the page says so, comes back by itself, and the game goes on where it was", async () => {
  const { context, page, errors } = await newPage({ viewport: { width: 1000, height: 800 } }, "restart");
  await createRoom(page, "Eli");
  await page.fill("#timer-seconds", "60");
  await page.check('#bot-form input[value="random"]', { force: true });
  await page.click("#add-bot");
  await seats(page, 2);
  await page.click("#start");
  await page.waitForSelector("#board", { timeout: STEP });
  // Play on until it is this page's turn with dice to choose from.
  const mine = '#board[data-my-turn=true] #actions [data-act]:not([disabled])';
  const takes = ["R", "H", "C", "K"].map((a) => `${mine}[data-act="${a}"]`).join(", ");
  let choosing = false;
  for (let i = 0; i < 200 && !choosing; i += 1) {
    await page.waitForSelector(mine, { timeout: STEP });
    if (await page.locator(takes).count()) choosing = true;
    else await page.locator(`${mine}[data-act="roll"]`).click();
    await page.waitForTimeout(150);
  }
  assert.ok(choosing, "a roll to choose from");
  const seen = () =>
    page.evaluate(() => ({
      acts: [...document.querySelectorAll("#actions [data-act]")].map((b) => b.dataset.act),
      // The faces (not the rolling animation's class).
      dice: [...document.querySelectorAll("#roll .die")].map((d) => [...d.classList].find((c) => c.startsWith("face-"))),
      score: document.querySelector("#board").dataset.turnScore,
    }));
  const before = await seen();
  // Long enough that a timer carried over would show at most 54 s after the restart.
  await page.waitForTimeout(6000);
  // SIGTERM: the server tells the page, stores everything and exits cleanly.
  const port = new URL(base).port;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await page.waitForFunction(() => /restarting/.test(document.querySelector("#news").textContent), null, { timeout: STEP });
  assert.equal(await exited, 0, "the server exits with 0 after a graceful stop");
  assert.doesNotMatch(await page.textContent("#news"), /connection to the server was lost/);
  server = await startServer(`127.0.0.1:${port}`);
  // Back by itself, the same roll on the board, the turn's timer started afresh.
  await page.waitForSelector(mine, { timeout: STEP });
  await page.waitForSelector("#connection", { state: "hidden", timeout: STEP });
  assert.deepEqual(await seen(), before);
  const left = Number(/\d+/.exec(await page.textContent("#timer"))[0]);
  assert.ok(left >= 56 && left <= 60, `the timer restarted: ${left} s left`);
  // And the game goes on.
  await page.locator(takes).first().click();
  await page.waitForFunction((acts) => JSON.stringify([...document.querySelectorAll("#actions [data-act]")].map((b) => b.dataset.act)) !== acts, JSON.stringify(before.acts), { timeout: STEP });
  assert.deepEqual(errors, []);
  await context.close();
});

