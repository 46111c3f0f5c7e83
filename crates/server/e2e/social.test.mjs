// The social table in a real browser (issue 21): Quick match between strangers, a friend joining
// by the room code, the QR code, chat both ways (markup shown as text), avatars, Leave, one seat
// per person (the ghost seat), the host's notice, 30 quick games in a row from one address, the
// first screen at 1280×800, 390×844 and 360×740 with the moves within the thumb's reach, and
// axe-core on every new screen in both languages at 390 and 1280 px; and the defects players found
// on it (issue 37, item 9). One server and one browser.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { STEP, PHONE, DESKTOP, SMALL_PHONE, checkScreen, narrowWidths, playToTheEnd, moveIfMyTurn, startServer, launchBrowser, openPage } from "./helpers.mjs";

// An absent player is away, and the host role passes on, after GRACE_S; a quick match offers a
// bot after BOT_AFTER_S (serve --match-bot-after).
const GRACE_S = 2;
const BOT_AFTER_S = 2;

let server;
let base;
let browser;
let dir;

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "martian-e2e-social-"));
  server = await startServer(path.join(dir, "social.db"), ["--bot-delay", "60", "--grace", String(GRACE_S), "--rate-limit", "50", "--match-bot-after", String(BOT_AFTER_S)]);
  base = server.url;
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.child.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const newPage = (options, label, locale = "en-US") => openPage(browser, base, options, label, locale);
const CODE = /^[34679A-HJKMNP-TV-Z]{5}$/;

// The home page with a name and a picture picked.
async function home(page, name, avatar = null) {
  await page.goto(base + "/");
  await page.waitForSelector("#quick-match:not([disabled])", { timeout: STEP });
  await page.fill("#name", name);
  if (avatar) await page.click(`label.avatar-choice:has(input[value="${avatar}"])`);
}

async function createRoom(page, name, avatar = null) {
  await home(page, name, avatar);
  await page.click("#create");
  await page.waitForSelector("#lobby-code", { timeout: STEP });
  return (await page.textContent("#lobby-code")).trim();
}

const seatCount = (page, n) => page.waitForFunction((count) => document.querySelectorAll("tr.seat").length === count, n, { timeout: STEP });
const said = (page, pattern) => page.waitForFunction((source) => window.__said.some((line) => new RegExp(source).test(line)), pattern.source, { timeout: STEP });
const seatAvatars = (page) => page.locator("tr.seat .seat-avatar").evaluateAll((list) => list.map((svg) => svg.dataset.avatar));

// Plays this page's turns (by its buttons) until `done` holds, the game ends, or time runs out.
async function playUntil(page, done, limit = 60_000) {
  const deadline = Date.now() + limit;
  while (Date.now() < deadline) {
    if (await done()) return true;
    if (await page.locator("#end-screen").count()) return false;
    if (!(await moveIfMyTurn(page).catch(() => null))) await page.waitForTimeout(40);
    else await page.waitForTimeout(60);
  }
  return false;
}

test("every new screen passes axe-core in both languages at 390 and 1280 px", async () => {
  for (const [locale, lang] of [["en-US", "en"], ["pt-BR", "pt"]]) {
    for (const [size, options] of [["phone", PHONE], ["desktop", DESKTOP]]) {
      const label = `${lang} ${size}`;
      const { context, page, errors } = await newPage(options, label, locale);
      await home(page, lang === "en" ? "Ana" : "Júlia", "cow");
      if (lang === "en") {
        // The names outside checks use.
        assert.equal(await page.getByRole("button", { name: "Quick match", exact: true }).count(), 1);
        assert.equal(await page.getByRole("textbox", { name: "Room code", exact: true }).count(), 1);
        assert.equal(await page.getByRole("button", { name: "Join", exact: true }).count(), 1);
        assert.equal(await page.getByRole("list", { name: "Public rooms", exact: true }).count(), 1);
      }
      // Quick match: the wait in view, and a way out.
      await page.click("#quick-match");
      await page.waitForSelector("#match-cancel", { timeout: STEP });
      assert.equal(await page.evaluate(() => document.activeElement.id), "matching-title");
      await checkScreen(page, `quick match ${label}`, { shot: `match-${lang}-${size}` });
      await page.click("#match-cancel");
      await page.waitForSelector("#quick-match", { timeout: STEP });

      // The lobby: the code, the QR code, a public room, a chat line, the Leave question.
      const code = await createRoom(page, lang === "en" ? "Ana" : "Júlia");
      assert.match(code, CODE);
      await page.waitForFunction(() => document.querySelector("#invite-qr").complete && document.querySelector("#invite-qr").naturalWidth > 0, null, { timeout: STEP });
      if (lang === "en") {
        assert.equal((await page.getByRole("group", { name: "Room code", exact: true }).textContent()).trim(), code);
        assert.equal(await page.getByRole("img", { name: "QR code of the invite link", exact: true }).count(), 1);
      }
      await page.check("#opt-public");
      await page.fill("#chat-text", lang === "en" ? "Hello there" : "Olá, pessoal");
      await page.click("#chat-send");
      await page.waitForSelector(".chat-line", { timeout: STEP });
      await checkScreen(page, `lobby ${label}`, { shot: `social-lobby-${lang}-${size}` });
      await narrowWidths(page, `lobby ${label}`);
      await page.click("#leave");
      await page.waitForSelector("#leave-yes", { timeout: STEP });
      assert.equal(await page.evaluate(() => document.activeElement.id), "leave-no");
      await checkScreen(page, `leave question ${label}`);
      await page.click("#leave-no");

      // The home page in a second tab: the room among the public rooms and among "Your games".
      const other = await context.newPage();
      await other.goto(base + "/");
      await other.waitForSelector(`.public-room [data-sit]`, { timeout: STEP });
      await other.waitForSelector(".my-room", { timeout: STEP });
      assert.match(await other.textContent("#public-box"), new RegExp(lang === "en" ? "Ana's room" : "Sala de Júlia"));
      await checkScreen(other, `home with lists ${label}`, { shot: `home-lists-${lang}-${size}` });

      // A short game with a bot (a target of 1: few turns, each held on screen for a moment),
      // and its end with the chat beside it.
      await page.fill("#rule-target", "1");
      await page.check('#bot-form input[value="random"]', { force: true });
      await page.click("#add-bot");
      await seatCount(page, 2);
      await page.click("#start");
      await page.waitForSelector("#board", { timeout: STEP });
      assert.equal(await page.locator("#chat .chat-line").count(), 1, "the chat's lines stay when the game starts");
      await playToTheEnd([page]);
      await checkScreen(page, `end with chat ${label}`);

      // One person, one seat: the other tab takes the seat up; this one stands aside.
      await other.goto(`${base}/r/${code}`);
      await other.waitForSelector("#end-screen", { timeout: STEP });
      await page.waitForSelector("#take-back", { timeout: STEP });
      await checkScreen(page, `stale seat ${label}`, { shot: `stale-${lang}-${size}` });

      // The finished game from "Your games": its review on a page of its own.
      await other.goto(base + "/");
      await other.waitForSelector('.my-room a[href^="/#review="]', { timeout: STEP });
      await other.click('.my-room a[href^="/#review="]');
      await other.waitForSelector(".review-page .review #review-chart, .review-page .review .banner", { timeout: STEP });
      await checkScreen(other, `review page ${label}`, { shot: `review-page-${lang}-${size}` });
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});

test("two strangers meet by Quick match; chat both ways shows markup as text; avatars at the seats; mute; Leave mid-game", async () => {
  const ana = await newPage(DESKTOP, "ana");
  const bia = await newPage(PHONE, "bia", "pt-BR");
  await home(ana.page, "Ana", "cow");
  await home(bia.page, "Bia", "tank");
  await ana.page.click("#quick-match");
  await ana.page.waitForSelector("#match-waited", { timeout: STEP });
  await bia.page.click("#quick-match");
  await ana.page.waitForSelector("#board", { timeout: STEP });
  await bia.page.waitForSelector("#board", { timeout: STEP });
  // A game with a timer: two people play.
  for (const who of [ana, bia]) assert.equal(await who.page.locator("#timer").count(), 1);
  // Both see both, each with the picture they picked.
  for (const who of [ana, bia]) assert.deepEqual((await seatAvatars(who.page)).sort(), ["cow", "tank"]);
  assert.match(await ana.page.textContent("table.seats"), /Bia/);

  // Chat both ways. What Ana types is text, never markup, on Bia's screen.
  const attack = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script><b>bold</b>`;
  await ana.page.fill("#chat-text", attack);
  await ana.page.click("#chat-send");
  await bia.page.waitForFunction((text) => [...document.querySelectorAll(".chat-line .chat-text")].some((t) => t.textContent === text), attack, { timeout: STEP });
  assert.equal(await bia.page.locator(".chat-lines img, .chat-lines script, .chat-lines b").count(), 0);
  assert.equal(await bia.page.evaluate(() => window.__pwned), undefined);
  await said(bia.page, /<b>bold<\/b>/);
  // A one-tap phrase from Bia reads in each reader's language.
  await bia.page.click('#chat [data-say="nice_roll"]');
  await bia.page.waitForFunction(() => [...document.querySelectorAll(".chat-text")].some((t) => t.textContent === "Belo lançamento!"), null, { timeout: STEP });
  await ana.page.waitForFunction(() => [...document.querySelectorAll(".chat-text")].some((t) => t.textContent === "Nice roll!"), null, { timeout: STEP });
  assert.equal(await ana.page.getByRole("textbox", { name: "Message", exact: true }).count(), 1);
  assert.equal(await ana.page.getByRole("button", { name: "Send", exact: true }).count(), 1);
  // The chat never covers the moves: nothing is drawn over them.
  const covered = await bia.page.evaluate(() =>
    [...document.querySelectorAll("#actions [data-act]")].some((b) => {
      const r = b.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return hit && !b.contains(hit);
    }),
  );
  assert.equal(covered, false);

  // The host (Ana, the first to ask) mutes Bia, then lets her write again.
  await ana.page.click('[data-mute="1"]');
  await bia.page.waitForFunction(() => document.querySelector("#chat-form").hidden, null, { timeout: STEP });
  await said(bia.page, /silenciou você/);
  await ana.page.click('[data-mute="1"]');
  await bia.page.waitForFunction(() => !document.querySelector("#chat-form").hidden, null, { timeout: STEP });
  // Hiding the chat is remembered.
  await bia.page.click("#chat-toggle");
  assert.equal(await bia.page.getAttribute("#chat-toggle", "aria-expanded"), "false");
  await bia.page.reload();
  await bia.page.waitForSelector("#chat-toggle", { timeout: STEP });
  assert.equal(await bia.page.getAttribute("#chat-toggle", "aria-expanded"), "false");
  await bia.page.click("#chat-toggle");

  // Bia leaves mid-game, after a confirmation: a bot plays her seat, and Ana is told.
  await bia.page.getByRole("button", { name: "Sair", exact: true }).click();
  await bia.page.getByRole("button", { name: "Sair", exact: true }).click();
  await bia.page.waitForSelector("#quick-match", { timeout: STEP });
  await said(ana.page, /Bia left: a bot plays their seat/);
  await ana.page.waitForFunction(() => /bot/.test(document.querySelector('tr.seat[data-seat="1"]').textContent), null, { timeout: STEP });
  // The game goes on with the bot.
  await playToTheEnd([ana.page]);
  assert.deepEqual([...ana.errors, ...bia.errors], []);
  await ana.context.close();
  await bia.context.close();
});

test("alone in Quick match: a bot is offered after a wait in view", async () => {
  const { context, page, errors } = await newPage(SMALL_PHONE, "alone");
  await home(page, "Cris");
  await page.click("#quick-match");
  await page.waitForSelector("#match-bot", { timeout: STEP + BOT_AFTER_S * 1000 });
  assert.match(await page.textContent("#match-waited"), /Waiting for \d+ s/);
  await page.click("#match-bot");
  await page.waitForSelector("#board", { timeout: STEP });
  assert.equal(await page.locator("tr.seat").count(), 2);
  // One person and a bot: no turn timer.
  assert.equal(await page.locator("#timer").count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a friend joins by typing the code; the ghost seat; lobby changes read out; the host notice; Leave in the lobby", async () => {
  const host = await newPage(DESKTOP, "host");
  const friend = await newPage(PHONE, "friend");
  const code = await createRoom(host.page, "Gil", "martian-red");
  // Typed the way people type it: small letters, a dash.
  await home(friend.page, "Noa", "chicken");
  await friend.page.getByRole("textbox", { name: "Room code", exact: true }).fill(`${code.slice(0, 3).toLowerCase()}-${code.slice(3).toLowerCase()}`);
  await friend.page.getByRole("button", { name: "Join", exact: true }).click();
  await friend.page.waitForSelector("#lobby-code", { timeout: STEP });
  await seatCount(host.page, 2);
  assert.deepEqual(await seatAvatars(host.page), ["martian-red", "chicken"]);
  assert.equal((await friend.page.textContent("#lobby-code")).trim(), code);

  // The host's changes are read to the friend.
  await host.page.fill("#rule-target", "30");
  await said(friend.page, /The host changed the rules: .*30/);
  // An unknown code is refused beside the field.
  const stranger = await newPage(DESKTOP, "stranger");
  await home(stranger.page, "Zé");
  await stranger.page.fill("#room-code", "ZZZZZ");
  await stranger.page.click("#join-code");
  await stranger.page.waitForSelector('#room-code[aria-invalid="true"]', { timeout: STEP });
  assert.match(await stranger.page.textContent("#room-code-hint"), /No open room has that code/);
  await stranger.context.close();

  // The invite link opened in a second tab: the same seat moves there — never a second seat.
  const tab = await friend.context.newPage();
  await tab.goto(`${base}/r/${code}`);
  await tab.waitForSelector("#lobby-code", { timeout: STEP });
  await friend.page.waitForSelector("#take-back", { timeout: STEP });
  assert.equal(await tab.locator("#join-form").count(), 0);
  await host.page.waitForTimeout(300);
  assert.equal(await host.page.locator("tr.seat").count(), 2);
  // Taken back in the first tab.
  await friend.page.click("#take-back");
  await friend.page.waitForSelector("#lobby-code", { timeout: STEP });
  await tab.waitForSelector("#take-back", { timeout: STEP });
  await tab.close();
  assert.equal(await host.page.locator("tr.seat").count(), 2);

  // The host goes: after the grace period the friend is the host, and is told so.
  await host.page.goto("about:blank");
  await friend.page.waitForSelector("#start", { timeout: STEP + GRACE_S * 1000 });
  await said(friend.page, /You are the host now\./);
  // Leave, after the question: the friend is home, and the room is gone from "Your games".
  await friend.page.getByRole("button", { name: "Leave", exact: true }).click();
  await friend.page.getByRole("button", { name: "Leave", exact: true }).click();
  await friend.page.waitForSelector("#quick-match", { timeout: STEP });
  await friend.page.waitForTimeout(500);
  assert.equal(await friend.page.locator(`.my-room`).count(), 0);
  assert.deepEqual([...host.errors, ...friend.errors], []);
  await host.context.close();
  await friend.context.close();
});

// An address may keep at most 20 games it left half-played (seats kept) for the hour; games it
// gives up (Leave) never count. Fifteen are kept and fifteen given up, so every one starts however
// slowly the stand-ins finish the kept ones.
test("30 quick games in a row from one address all start", async () => {
  const { context, page, errors } = await newPage(DESKTOP, "thirty");
  await home(page, "Dani");
  const KEPT = 15;
  for (let game = 1; game <= 30; game += 1) {
    await page.click("#quick-play");
    await page.waitForSelector("#board", { timeout: STEP });
    if (game <= KEPT) {
      await page.click("#home-link");
    } else {
      await page.getByRole("button", { name: "Leave", exact: true }).click();
      await page.getByRole("button", { name: "Leave", exact: true }).click();
    }
    await page.waitForSelector("#quick-play:not([disabled])", { timeout: STEP });
  }
  // Each game kept is among "Your games", to continue or leave; the ones given up are not.
  await page.waitForFunction((kept) => document.querySelectorAll(".my-room").length === kept, KEPT, { timeout: STEP });
  assert.deepEqual(errors, []);
  await context.close();
});

// A decision to choose from with the coach on: `#actions` holds takes and the coach's reason is shown.
async function toChoosing(page) {
  const reached = await playUntil(page, async () => {
    const takes = await page.locator('#board[data-my-turn=true] #actions [data-act]:not([data-act="roll"]):not([data-act="stop"])').count();
    return takes > 1 && (await page.locator("#coach-why").count()) > 0 && (await page.locator("#actions [data-option-value]").count()) > 1;
  });
  assert.ok(reached, "a decision with several takes and the coach's reason");
}

async function box(page, selector) {
  return page.locator(selector).first().evaluate((e) => {
    const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  });
}

test("the decision, its moves and the coach's reason fit the first screen; the moves stay within the thumb's reach", async () => {
  for (const [size, options] of [["1280x800", DESKTOP], ["390x844", PHONE], ["360x740", SMALL_PHONE]]) {
    const { context, page, errors } = await newPage(options, size);
    const height = options.viewport.height;
    await home(page, "Eva");
    await page.click("#quick-play");
    await page.waitForSelector('#actions [data-act="roll"]', { timeout: STEP });
    // The header keeps to one row.
    assert.ok((await box(page, "header")).bottom <= 60, `${size}: the header is one row`);
    const phone = options.viewport.width < 500;
    const rollSpot = phone ? await page.evaluate(() => document.elementFromPoint(innerWidth * 0.75, innerHeight - 36)?.closest("[data-act]")?.dataset.act) : null;
    if (phone) assert.equal(rollSpot, "roll", `${size}: rolling at the bottom right`);
    await page.click("#coach");
    await toChoosing(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(100);
    for (const selector of ["#roll", "#aside", "#balance-text", "#coach-why", ...["R", "H", "C", "K"].map((a) => `#actions [data-act="${a}"]`)]) {
      if (!(await page.locator(selector).count())) continue;
      const b = await box(page, selector);
      assert.ok(b.top >= 0 && b.bottom <= height, `${size}: ${selector} at ${JSON.stringify(b)} is on the first screen`);
    }
    if (phone) {
      // The moves' bar covers nothing of the decision or the reason.
      const bar = await box(page, "#actions");
      assert.ok((await box(page, "#coach-why")).bottom <= bar.top, `${size}: the coach's reason above the moves`);
      assert.ok(bar.bottom <= height && bar.top >= height - 150, `${size}: the moves at the bottom, within reach (${JSON.stringify(bar)})`);
      const take = await page.evaluate(() => document.elementFromPoint(innerWidth * 0.25, innerHeight - 36)?.closest("[data-act]")?.dataset.act);
      assert.ok(["R", "H", "C", "K"].includes(take), `${size}: a take at the bottom left (${take})`);
      // After a take: stop at the bottom left, rolling again at the bottom right.
      await page.locator('#actions [data-act="R"], #actions [data-act="H"], #actions [data-act="C"], #actions [data-act="K"]').first().click();
      const deciding = await page.waitForSelector('#board[data-my-turn=true] #actions [data-act="stop"]', { timeout: STEP }).catch(() => null);
      if (deciding) {
        const spots = await page.evaluate(() => [0.25, 0.75].map((x) => document.elementFromPoint(innerWidth * x, innerHeight - 36)?.closest("[data-act]")?.dataset.act));
        assert.deepEqual(spots, ["stop", "roll"], `${size}: stop and roll again in their places`);
        await checkScreen(page, `moves bar ${size}`, { shot: `thumb-${size}` });
      }
    } else {
      await checkScreen(page, `first screen ${size}`, { shot: `first-screen-${size}` });
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("screen readers and the eyes: your turn said, the balance after a take read, focus after a turn, How to play and the replay open at their titles, sounds, no motion when asked", async () => {
  const { context, page, errors } = await newPage({ ...PHONE, reducedMotion: "reduce" }, "reader");
  await home(page, "Ivo");
  // A timer the host set: How to play shows the time left of the turn while it is open.
  await page.click("#create");
  await page.waitForSelector("#timer-seconds", { timeout: STEP });
  await page.fill("#timer-seconds", "90");
  await page.fill("#rule-target", "6");
  await page.check('#bot-form input[value="greedy"]', { force: true });
  await page.click("#add-bot");
  await seatCount(page, 2);
  await page.click("#start");
  await page.waitForSelector('#actions [data-act="roll"]', { timeout: STEP });
  await said(page, /Your turn!/);
  await page.click("#howto-open");
  await page.waitForSelector("dialog#howto[open]", { timeout: STEP });
  assert.equal(await page.evaluate(() => document.activeElement.id), "howto-title");
  assert.equal(await page.evaluate(() => document.querySelector("#howto").scrollTop), 0);
  await page.waitForSelector("#howto-timer:not([hidden])", { timeout: STEP });
  assert.match(await page.textContent("#howto-timer"), /Your turn: \d+ s left/);
  await page.keyboard.press("Escape");
  // The dice do not tumble when motion is to be reduced.
  await page.click('#actions [data-act="roll"]');
  await page.waitForSelector("#roll .die", { timeout: STEP });
  assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector("#roll .die")).animationName), "none");
  // A take is read with the balance of tanks and death rays.
  const took = await playUntil(page, () => page.evaluate(() => window.__said.some((line) => /You took .*Tanks \d+ vs \d+ death rays? — This turn:/.test(line))));
  assert.ok(took, "the balance read after a take");
  await playUntil(page, async () => (await page.locator('#board[data-my-turn="false"]').count()) > 0 && (await page.locator("#end-screen").count()) === 0);
  // Played by the mouse (or a finger): no ring on it (issue 37: keyboard users keep theirs).
  if (await page.locator('#board[data-my-turn="false"]').count()) {
    const focus = await page.evaluate(() => ({ id: document.activeElement.id, ring: getComputedStyle(document.activeElement).outlineStyle }));
    assert.deepEqual(focus, { id: "headline", ring: "none" });
  }
  await playToTheEnd([page]);
  // The sounds of the table, each its own.
  const sounds = await page.evaluate(() => window.__sounds);
  for (const kind of ["turn", "roll", "win"]) assert.ok(sounds.includes(kind), `${kind} in ${sounds}`);
  assert.ok(sounds.includes("rays") || sounds.includes("earthlings"), `takes in ${sounds}`);
  // The replay opens at its title, and a turn of 0 says why.
  await page.click("#end-actions [data-replay]");
  await page.waitForSelector("dialog#replay[open]", { timeout: STEP });
  assert.equal(await page.evaluate(() => document.activeElement.id), "replay-title");
  assert.equal(await page.evaluate(() => document.querySelector("#replay").scrollTop), 0);
  let zero = null;
  for (let i = 0; i < 40 && !zero; i += 1) {
    const text = await page.textContent(".replay-outcome");
    if (/This turn: 0 points/.test(text)) zero = text;
    else if (await page.locator("#replay-next:not([disabled])").count()) await page.click("#replay-next");
    else break;
  }
  if (zero) assert.match(zero, /(tanks \d+ beat death rays \d+|Nothing left to take|No dice left)/);
  await page.click("#replay-close");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the coach's figures tell options apart or mark them equal; a replayed turn of 0 says why; codes are read as typed; Your games asks 20 rooms at a time", async () => {
  const { context, page, errors } = await newPage(DESKTOP, "units");
  await page.goto(base + "/");
  await page.waitForSelector("#quick-match", { timeout: STEP });
  const out = await page.evaluate(async () => {
    const coach = await import("/js/coach.js");
    const replay = await import("/js/replay.js");
    const home = await import("/js/home.js");
    const marks = (options) => Object.fromEntries(coach.optionMarks({ options, best: options[0].action }));
    return {
      apart: marks([{ action: "H", chance: 0.55312 }, { action: "C", chance: 0.55334 }, { action: "R", chance: 0.4 }]),
      tied: marks([{ action: "C", chance: 0.552 }, { action: "K", chance: 0.552 }, { action: "R", chance: 0.546 }]),
      forced: marks([{ action: "roll", chance: 0.5 }]),
      busted: replay.turnSummary({ transcript: "TTRRHHHCCKKKK/H TTTRCCKK/R stop", score: 0 }),
      stopped: replay.turnSummary({ transcript: "TRRRHHCCCKKKK/R RRHHCCKKK/K stop", score: 3 }),
      empty: replay.turnSummary({ transcript: "TRRHHHCCCKKKK/H TTRRCCCKK/R TTHHH", score: 0 }),
      codes: ["k7m-px", " K7M PX ", "k.7.m.p.x"].map(home.normaliseCode),
      yours: await (async () => {
        // "Your games" with 45 seats held: asked about 20 at a time (the protocol's bound), the
        // newest first, the older ones on request; the answers add up.
        const mine = await import("/js/myrooms.js");
        const { state } = await import("/js/state.js");
        const ids = Array.from({ length: 45 }, (_, i) => i.toString(16).padStart(32, "0"));
        for (const id of [...ids].reverse()) {
          localStorage.setItem(`martian-dice:seat:${id}`, `token-${id}`);
          mine.rememberRoom(id);
        }
        const sizes = (questions) => questions.map((q) => q.seats.length);
        const first = sizes(mine.myRoomsQuestions());
        const newest = mine.myRoomsQuestions()[0].seats[0].room === ids[0];
        const older = [mine.olderRoomsQuestion(), mine.olderRoomsQuestion(), mine.olderRoomsQuestion()].map((q) => q && q.seats.length);
        const again = sizes(mine.myRoomsQuestions());
        mine.onMyRooms([{ room: ids[1], status: "over" }]);
        mine.onMyRooms([{ room: ids[40], status: "closed" }, { room: ids[0], status: "lobby" }]);
        const shown = state.myRooms.map((r) => ids.indexOf(r.room));
        for (const id of ids) mine.forgetRoom(id);
        return { first, newest, older, again, shown };
      })(),
    };
  });
  // Told apart with more decimals: the best is best, alone.
  assert.deepEqual(out.apart, { H: { text: "55.31%", tag: null }, C: { text: "55.33%", tag: "best" }, R: { text: "40.00%", tag: null } });
  // Truly equal: both marked equal best, neither "best" alone.
  assert.deepEqual(out.tied, { C: { text: "55.2%", tag: "tie" }, K: { text: "55.2%", tag: "tie" }, R: { text: "54.6%", tag: null } });
  // A single move is no choice to value.
  assert.deepEqual(out.forced, {});
  assert.deepEqual(out.busted, { end: "stop", tanks: 5, rays: 1, tanks_win: true, score: 0, bonus: 0 });
  assert.deepEqual(out.stopped, { end: "stop", tanks: 1, rays: 3, tanks_win: false, score: 3, bonus: 0 });
  // The last roll had nothing to take (humans already taken): its tanks count, 5 against 2.
  assert.deepEqual(out.empty, { end: "no-choice", tanks: 5, rays: 2, tanks_win: true, score: 0, bonus: 0 });
  assert.deepEqual(out.codes, ["K7MPX", "K7MPX", "K7MPX"]);
  assert.deepEqual(out.yours, { first: [20], newest: true, older: [20, 5, null], again: [20, 20, 5], shown: [0, 1, 40] });
  assert.deepEqual(errors, []);
  await context.close();
});

// Words cut inside a word on buttons, links styled as buttons, headings, table heads and labels
// shown now: each word's boxes (split at spaces, dashes and slashes) must sit on one line.
const brokenWords = (page) =>
  page.evaluate(() => {
    const out = [];
    for (const element of document.querySelectorAll("button, .button, h1, h2, h3, h4, th, legend, label, summary")) {
      if (!element.getClientRects().length) continue;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement.closest(".visually-hidden, [hidden]")) continue;
        for (const word of node.data.matchAll(/[^\s\-–—/]+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) out.push(`${element.tagName.toLowerCase()}${element.id ? "#" + element.id : ""}: ${word[0]}`);
        }
      }
    }
    return out;
  });

// Hidden means hidden: nothing drawn, whatever the attribute says.
const shown = (page, selector) =>
  page.locator(selector).evaluate((e) => {
    const r = e.getBoundingClientRect();
    return getComputedStyle(e).visibility !== "hidden" && r.width > 0 && r.height > 0;
  });

// The phrases each page shows that are not wholly in sight (outside the phrases' box or the screen).
const phrasesOutOfSight = (page) =>
  page.evaluate(() => {
    const group = document.querySelector("#chat .phrases").getBoundingClientRect();
    return [...document.querySelectorAll("#chat .phrases button")]
      .filter((b) => {
        const r = b.getBoundingClientRect();
        return r.left < group.left - 0.5 || r.right > group.right + 0.5 || r.right > innerWidth || r.left < 0;
      })
      .map((b) => b.textContent);
  });

test("issue 37's table as players try it: hidden chat boxes, a kept draft, Unmute, unread lines, phrases in sight, whole words, checkboxes, legend pictures, bot names, focus rings, Your games", async () => {
  const host = await newPage(SMALL_PHONE, "pt host", "pt-BR");
  const guest = await newPage(DESKTOP, "guest");
  const watcher = await newPage(SMALL_PHONE, "watcher");
  const code = await createRoom(host.page, "Júlia", "cow");

  // The room options: checkboxes of their own size beside their labels.
  for (const id of ["#opt-public", "#opt-spectator-chat"]) {
    const b = await box(host.page, id);
    assert.ok(b.right - b.left <= 30 && b.bottom - b.top <= 30, `${id} is ${JSON.stringify(b)}`);
  }
  // The bots' names in words in the add-bot menu, then at the seats, in both languages.
  const menu = await host.page.locator("#bot-form .bot-choice strong").allTextContents();
  for (const name of ["Cartão de 1 linha", "Cartão de 3 linhas", "Cartão de 5 linhas"]) assert.ok(menu.includes(name), `${name} in ${menu}`);
  assert.ok(!menu.some((name) => /card-/.test(name)), `${menu}`);
  await host.page.check('#bot-form input[value="card-3"]', { force: true });
  await host.page.click("#add-bot");
  await seatCount(host.page, 2);

  await home(guest.page, "Noa", "chicken");
  await guest.page.fill("#room-code", code);
  await guest.page.click("#join-code");
  await guest.page.waitForSelector("#lobby-code", { timeout: STEP });
  await seatCount(host.page, 3);
  assert.match(await host.page.textContent("table.seats"), /Cartão de 3 linhas/);
  assert.match(await guest.page.textContent("table.seats"), /Card, 3 lines/);
  assert.doesNotMatch(await guest.page.textContent("table.seats"), /card-3/);

  // A spectator who may not write sees no box to write in, and no phrases; they are told why.
  await watcher.page.goto(`${base}/r/${code}`);
  await watcher.page.waitForSelector("#chat-note", { timeout: STEP });
  await watcher.page.waitForFunction(() => /Only the players write here/.test(document.querySelector("#chat-note").textContent), null, { timeout: STEP });
  assert.equal(await shown(watcher.page, "#chat-form"), false, "the watcher sees no chat box");
  assert.equal(await shown(watcher.page, "#chat .phrases"), false, "the watcher sees no phrases");

  // Every phrase in sight, on a small phone and on a desktop.
  for (const who of [host, guest]) assert.deepEqual(await phrasesOutOfSight(who.page), []);

  // A draft typed before a mute is still there when the host lets the guest write again; muted,
  // the guest sees neither the box nor the phrases. The host's button says what it will do.
  const draft = "See you at the table";
  await guest.page.fill("#chat-text", draft);
  assert.equal(await host.page.getByRole("button", { name: "Silenciar Noa no chat", exact: true }).textContent(), "Silenciar");
  await host.page.click('[data-mute="2"]');
  await guest.page.waitForFunction(() => document.querySelector("#chat-form").hidden, null, { timeout: STEP });
  assert.equal(await shown(guest.page, "#chat-form"), false, "a muted player sees no chat box");
  assert.equal(await shown(guest.page, "#chat .phrases"), false, "a muted player sees no phrases");
  const unmute = host.page.getByRole("button", { name: "Reativar Noa no chat", exact: true });
  await unmute.waitFor({ timeout: STEP });
  assert.equal((await unmute.textContent()).trim(), "Reativar");
  await checkScreen(host.page, "lobby with a muted player pt 360");
  assert.deepEqual(await brokenWords(host.page), [], "pt-BR lobby at 360 px");
  // The same in English.
  await host.page.selectOption("#lang", "en");
  const unmuteEn = host.page.getByRole("button", { name: "Unmute Noa in the chat", exact: true });
  await unmuteEn.waitFor({ timeout: STEP });
  assert.equal((await unmuteEn.textContent()).trim(), "Unmute");
  await host.page.selectOption("#lang", "pt-BR");
  await host.page.getByRole("button", { name: "Reativar Noa no chat", exact: true }).click();
  await guest.page.waitForFunction(() => !document.querySelector("#chat-form").hidden, null, { timeout: STEP });
  assert.equal(await shown(guest.page, "#chat-form"), true);
  assert.equal(await guest.page.inputValue("#chat-text"), draft, "the draft is kept");
  // A line the server refuses (a sixth at once) waits in the box to be sent later.
  for (const [n, line] of [draft, "two", "three", "four", "five", "one too many"].entries()) {
    await guest.page.fill("#chat-text", line);
    await guest.page.click("#chat-send");
    if (n === 5) break;
    await guest.page.waitForFunction((text) => [...document.querySelectorAll(".chat-line .chat-text")].some((t) => t.textContent === text), line, { timeout: STEP });
  }
  await said(guest.page, /Slow down/);
  assert.equal(await guest.page.inputValue("#chat-text"), "one too many", "a refused line is kept");
  await host.page.getByRole("button", { name: "Silenciar Noa no chat", exact: true }).waitFor({ timeout: STEP });

  // A hidden chat counts the lines arrived meanwhile, in sight and in the button's name.
  await guest.page.click("#chat-toggle");
  await host.page.fill("#chat-text", "Oi, Noa");
  await host.page.click("#chat-send");
  await host.page.click('#chat [data-say="good_luck"]');
  await guest.page.waitForFunction(() => document.querySelector("#chat-unread")?.textContent === "2", null, { timeout: STEP });
  assert.equal(await guest.page.getByRole("button", { name: "Show chat, 2 new messages", exact: true }).count(), 1);
  await checkScreen(guest.page, "lobby with unread lines en 1280");
  await guest.page.click("#chat-toggle");
  assert.equal(await guest.page.locator("#chat-unread").count(), 0);
  assert.equal(await guest.page.getByRole("button", { name: "Hide chat", exact: true }).count(), 1);
  await checkScreen(watcher.page, "lobby watched en 360");
  assert.deepEqual(await brokenWords(watcher.page), [], "English lobby at 360 px");

  // The game, at 360 px in pt-BR: no word cut ("Pontos", "Silenciar").
  await host.page.fill("#rule-target", "3");
  await host.page.click("#start");
  await host.page.waitForSelector("#board", { timeout: STEP });
  await watcher.page.waitForSelector("#board", { timeout: STEP });
  assert.deepEqual(await brokenWords(host.page), [], "pt-BR game at 360 px");
  assert.deepEqual(await brokenWords(watcher.page), [], "English game at 360 px");
  // A heading the page focuses shows a ring to keyboard users only.
  const ring = () => host.page.evaluate(() => {
    document.querySelector("#headline").focus();
    return getComputedStyle(document.activeElement).outlineStyle;
  });
  await host.page.mouse.click(2, 300);
  assert.equal(await ring(), "none", "no ring after the mouse");
  await host.page.keyboard.press("Tab");
  assert.equal(await ring(), "solid", "a ring after the keyboard");

  // The end: the chart's legend draws each picture the size of the text.
  await playToTheEnd([host.page, guest.page]);
  const legend = await host.page.locator("#score-chart .legend .avatar").evaluateAll((list) => list.map((svg) => Math.round(svg.getBoundingClientRect().width)));
  const text = await host.page.locator("#score-chart .legend li").first().evaluate((li) => parseFloat(getComputedStyle(li).fontSize));
  assert.equal(legend.length, 3);
  for (const width of legend) assert.ok(width > 0 && width <= 1.6 * text, `a legend picture ${width} px wide beside ${text} px text`);
  await checkScreen(host.page, "end pt 360");

  // "Your games": the finished room shows its game to review, not Continue, and is removed only
  // after a question that says what goes with it.
  await guest.page.goto(base + "/");
  const room = guest.page.locator(".my-room").filter({ hasText: code });
  await room.waitFor({ timeout: STEP });
  await guest.page.waitForFunction((c) => [...document.querySelectorAll(".my-room")].some((r) => r.textContent.includes(c) && r.querySelector('a[href^="/#review="]')), code, { timeout: STEP });
  assert.equal(await room.locator("a.primary, .button.primary").count(), 0, "no Continue on a finished room");
  assert.match(await room.textContent(), /Game 1: (.* won|shared by .*) \(\d+–\d+–\d+\)/);
  await guest.page.getByRole("button", { name: `Remove room ${code} from Your games`, exact: true }).click();
  assert.match(await room.locator(".leave-confirm").textContent(), /Remove this room from Your games\? Its finished game, with its record and review, can no longer be opened from this browser\./);
  assert.equal(await guest.page.evaluate(() => document.activeElement.textContent), "Keep");
  await checkScreen(guest.page, "remove question en 1280");
  await guest.page.getByRole("button", { name: "Keep", exact: true }).click();
  assert.equal(await room.locator('a[href^="/#review="]').count(), 1, "kept after Keep");
  await guest.page.getByRole("button", { name: `Remove room ${code} from Your games`, exact: true }).click();
  await room.getByRole("button", { name: "Remove", exact: true }).click();
  await guest.page.waitForFunction((c) => ![...document.querySelectorAll(".my-room")].some((r) => r.textContent.includes(c)), code, { timeout: STEP });
  assert.deepEqual([...host.errors, ...guest.errors, ...watcher.errors], []);
  for (const who of [host, guest, watcher]) await who.context.close();
});

test("a new visitor gets a picture of their own, kept once chosen", async () => {
  const picked = [];
  for (const chance of [0.01, 0.99]) {
    const { context, page, errors } = await newPage(DESKTOP, `newcomer ${chance}`);
    await context.addInitScript((value) => (Math.random = () => value), chance);
    await page.goto(base + "/");
    await page.waitForSelector("#quick-match:not([disabled])", { timeout: STEP });
    const first = await page.locator('#create-form input[name="avatar"]:checked').getAttribute("value");
    // Back another day, when chance would pick another: the same picture.
    await context.addInitScript((value) => (Math.random = () => value), 1 - chance);
    await page.reload();
    await page.waitForSelector("#quick-match:not([disabled])", { timeout: STEP });
    assert.equal(await page.locator('#create-form input[name="avatar"]:checked').getAttribute("value"), first);
    picked.push(first);
    assert.deepEqual(errors, []);
    await context.close();
  }
  assert.notEqual(picked[0], picked[1], `two newcomers both got ${picked[0]}`);
});
