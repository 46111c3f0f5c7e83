// Strategy cards on the page (issue 23 item 4) and the coach's limit (issue 24): the coach quotes
// the chosen shipped card's line (its words as the card files have them, in both languages) and
// says whether following it is best or what it costs; the review of the finished game measures
// it against the chosen card (per seat the totals, per decision the card's move and cost, as the
// server's review says); and beyond the coach's limit with the room's dice the lobby says why
// there is no coach and the game's coach switch is off with the reason. One server, one browser.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { STEP, PHONE, DESKTOP, checkScreen, narrowWidths, playToTheEnd, moveIfMyTurn, startServer, launchBrowser, openPage } from "./helpers.mjs";

let server;
let base;
let browser;
let dir;

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "martian-e2e-cards-"));
  server = await startServer(path.join(dir, "cards.db"), ["--bot-delay", "40", "--rate-limit", "50"]);
  base = server.url;
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.child.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const newPage = (options, label, locale = "en-US") => openPage(browser, base, options, label, locale);

// The numbered lines of a shipped card file (cards/N-line(s).txt, or its Portuguese beside it).
function cardLines(lines, lang) {
  const name = lines === 1 ? "1-line.txt" : `${lines}-lines.txt`;
  const file = path.resolve("../../../cards", lang === "en" ? "" : lang, name);
  return readFileSync(file, "utf8")
    .split("\n")
    .map((line) => /^\d+\. (.*)$/.exec(line))
    .filter(Boolean)
    .map((match) => match[1]);
}

// Waits until the room's rules (as the server sent them) have `dice` (if given) and `target`.
function roomRules(page, dice, target) {
  return page.waitForFunction(
    async ([d, t]) => {
      const { state } = await import("/js/state.js");
      const rules = state.room && state.room.rules;
      return Boolean(rules) && rules.target === t && (d == null || rules.dice === d);
    },
    [dice, target],
    { timeout: STEP },
  );
}

// A room of one person against a greedy bot at `target`, started: the room's id.
async function startAgainstABot(page, target, dice = null) {
  await page.goto(base + "/");
  await page.waitForSelector("#create:not([disabled])", { timeout: STEP });
  await page.fill("#name", "Ada");
  await page.click("#create");
  await page.waitForSelector("#rule-target", { timeout: STEP });
  if (dice != null) await page.fill("#rule-dice", String(dice));
  await page.fill("#rule-target", String(target));
  await roomRules(page, dice, target);
  await page.check('#bot-form input[value="greedy"]', { force: true });
  await page.click("#add-bot");
  await page.waitForFunction(() => document.querySelectorAll("tr.seat").length === 2, null, { timeout: STEP });
  return page.evaluate(async () => (await import("/js/state.js")).state.roomId);
}

// Plays this page's turns until `done` holds or the game ends.
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

for (const [lang, locale, options, size] of [["en", "en-US", DESKTOP, "desktop"], ["pt-BR", "pt-BR", PHONE, "phone"]]) {
  test(`the coach quotes the chosen card and the review measures the game against it (${lang}, ${size})`, async () => {
    const { context, page, errors } = await newPage(options, `cards ${lang}`, locale);
    const room = await startAgainstABot(page, 10);
    await page.click("#start");
    await page.waitForSelector("#coach:not([disabled])", { timeout: STEP });
    await page.click("#coach");
    // A decision with a choice, the coach's values on the buttons: choose the 1-line card.
    const valued = await playUntil(page, async () => (await page.locator("#coach-card").count()) > 0);
    assert.ok(valued, "a decision with a choice and the card's selector");
    await page.selectOption("#coach-card", "1");
    await page.waitForSelector("#coach-card-says", { timeout: STEP });
    const says = await page.textContent("#coach-card-says");
    const words = cardLines(1, lang);
    const advice = await page.evaluate(async () => (await import("/js/state.js")).state.advice);
    const card = advice.cards.find((c) => c.lines === 1);
    // The line quoted is the card file's, in the reader's language; or the card's default play.
    if (card.line) {
      assert.ok(says.includes(`“${words[card.line - 1]}”`), `${lang}: ${says}`);
      assert.match(says, lang === "en" ? /The card's line 1 says to / : /A linha 1 da carta manda /);
    } else {
      assert.match(says, lang === "en" ? /No line of the card applies/ : /Nenhuma linha da carta vale/);
    }
    // Right when it is the best, else its cost and the best, from the coach's own values.
    const chance = (action) => advice.options.find((o) => o.action === action).chance;
    if (card.action === advice.best || chance(advice.best) - chance(card.action) < 1e-9) {
      assert.match(says, lang === "en" ? /The card is right here/ : /A carta acerta aqui/);
    } else {
      assert.match(says, lang === "en" ? /Following the card here costs [\d.,]+pp of chance to win: the best is to / : /Seguir a carta aqui custa [\d.,]+pp de chance de vencer: o melhor é /);
    }
    await checkScreen(page, `coach card ${lang} ${size}`, { shot: `coach-card-${lang}-${size}` });
    // The choice is kept on the device: the 3-line card now, quoted at the next choice too.
    await page.selectOption("#coach-card", "3");
    await page.waitForFunction(() => /(line|linha) \d/.test(document.querySelector("#coach-card-says")?.textContent || "") || /(No line|Nenhuma linha)/.test(document.querySelector("#coach-card-says")?.textContent || ""), null, { timeout: STEP });
    assert.equal(await page.evaluate(() => localStorage.getItem("martian-coach-card")), "3");

    await playToTheEnd([page]);
    // The review opens against the card chosen in the coach (3 lines); the 5-line card then.
    await page.click("#review-toggle");
    await page.waitForSelector("#review-slot #review-card-seats li", { timeout: STEP });
    assert.equal(await page.inputValue("#review-card-choice"), "3");
    await page.selectOption("#review-card-choice", "5");
    await page.waitForFunction(() => /(5-line card|carta de 5 linhas)/.test(document.querySelector("#review-slot .review-card h4")?.textContent || ""), null, { timeout: STEP });
    await page.waitForSelector("#review-slot #review-card-seats li", { timeout: STEP });
    // What the page shows is what the server measured: a summary per seat, an item per decision
    // with a choice, each quoting the line in the reader's language and its verdict.
    const served = await page.evaluate(async (id) => (await fetch(`/api/rooms/${id}/games/1/review?card=card-5`)).json(), room);
    const seats = await page.locator("#review-card-seats li").allTextContents();
    assert.equal(seats.length, served.card.seats.length);
    for (const [i, seat] of served.card.seats.entries()) {
      const followed = lang === "en" ? `followed the card at ${seat.followed} of ${seat.decisions} decisions` : `seguiu a carta em ${seat.followed} de ${seat.decisions} decisões`;
      assert.ok(seats[i].includes(followed), `${seats[i]} / ${followed}`);
    }
    await page.click("#review-card-decisions summary");
    const items = await page.locator("#review-card-decisions li").allTextContents();
    assert.equal(items.length, served.card.decisions.length);
    assert.ok(items.length > 0);
    const five = cardLines(5, lang);
    for (const [i, at] of served.card.decisions.entries()) {
      if (at.line) assert.ok(items[i].includes(`“${five[at.line - 1]}”`), `${items[i]}`);
      const best = served.decisions[at.decision].best;
      const right = at.action === best || at.loss < 1e-12;
      if (right) assert.match(items[i], lang === "en" ? /The card is right here/ : /A carta acerta aqui/);
      else assert.match(items[i], lang === "en" ? /Following the card here costs [\d.,]+pp of chance to win/ : /Seguir a carta aqui custa [\d.,]+pp de chance de vencer/);
    }
    await checkScreen(page, `review card ${lang} ${size}`, { shot: `review-card-${lang}-${size}` });
    await narrowWidths(page, `review card ${lang} ${size}`);
    // The replay marks each decision with a choice with what the chosen card (5 lines) does there.
    await page.click("#end-actions [data-replay]");
    await page.waitForSelector("dialog#replay[open] .replay-steps .mark", { timeout: STEP });
    const cardMarks = async () => {
      let marks = [];
      for (;;) {
        marks = marks.concat(await page.locator("dialog#replay .card-mark").allTextContents());
        if (await page.locator("#replay-next").isDisabled()) return marks;
        await page.click("#replay-next");
      }
    };
    const replayed = await cardMarks();
    assert.equal(replayed.length, served.card.decisions.length, replayed.join(" | "));
    for (const [i, at] of served.card.decisions.entries()) {
      const line = at.line ? (lang === "en" ? `Card line ${at.line}: ` : `Linha ${at.line} da carta: `) : lang === "en" ? "Card, no line: " : "Carta, nenhuma linha: ";
      assert.ok(replayed[i].startsWith(line), `${replayed[i]} / ${line}`);
      const right = at.action === served.decisions[at.decision].best || at.loss < 1e-12;
      assert.match(replayed[i], right ? (lang === "en" ? /, the best$/ : /, o melhor$/) : lang === "en" ? /, costing [\d.,]+pp of chance to win$/ : /, custando [\d.,]+pp de chance de vencer$/);
    }
    await checkScreen(page, `replay card ${lang} ${size}`);
    await page.click("#replay-close");

    // The reader's own card: a card that does not read is told where and why, in the reader's
    // language; the 3-line card's own text is then measured as the shipped card is.
    await page.selectOption("#review-card-choice", "own");
    await page.waitForSelector("#review-own-card", { timeout: STEP });
    const typo = lang === "en" ? "1. Stop when you have 6 points or mor.\n" : "1. Pare se você tem 6 pontos ou mai.\n";
    await page.fill("#review-own-card", typo);
    await page.click("#review-own-measure");
    await page.waitForSelector("#review-own-error", { timeout: STEP });
    const told = (await page.textContent("#review-own-error")).trim();
    assert.equal(
      told,
      lang === "en" ? "your card, line 1, column 35: expected 'more' or 'fewer', found 'mor'" : "sua carta, linha 1, coluna 33: esperava-se 'mais' ou 'menos', mas está escrito 'mai'",
    );
    const own = readFileSync(path.resolve("../../../cards", lang === "en" ? "" : lang, "3-lines.txt"), "utf8");
    await page.fill("#review-own-card", own);
    await page.click("#review-own-measure");
    await page.waitForFunction(() => /(your card|sua carta)/.test(document.querySelector("#review-slot .review-card h4")?.textContent || ""), null, { timeout: STEP });
    const three = await page.evaluate(async (id) => (await fetch(`/api/rooms/${id}/games/1/review?card=card-3`)).json(), room);
    const ownItems = await page.locator("#review-card-decisions li").allTextContents();
    assert.equal(ownItems.length, three.card.decisions.length);
    const threeWords = cardLines(3, lang);
    for (const [i, at] of three.card.decisions.entries()) {
      if (at.line) assert.ok(ownItems[i].includes(`“${threeWords[at.line - 1]}”`), `${ownItems[i]}`);
    }
    // Kept on the device: the text is there when the review is drawn again.
    assert.equal(await page.evaluate(() => localStorage.getItem("martian-own-card")), own);
    await checkScreen(page, `review own card ${lang} ${size}`, { shot: `review-own-card-${lang}-${size}` });

    // No card: the measure goes, the review stays.
    await page.selectOption("#review-card-choice", "0");
    await page.waitForFunction(() => !document.querySelector("#review-card-seats") && document.querySelector("#review-chart"), null, { timeout: STEP });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// The lines of a carried card's file (cards/NAME.txt, or its Portuguese beside it).
function carriedLines(name, lang) {
  const file = path.resolve("../../../cards", lang === "en" ? "" : lang, `${name}.txt`);
  return readFileSync(file, "utf8")
    .split("\n")
    .map((line) => /^\d+\. (.*)$/.exec(line))
    .filter(Boolean)
    .map((match) => match[1]);
}

for (const [lang, locale, options, size] of [["en", "en-US", PHONE, "phone"], ["pt-BR", "pt-BR", DESKTOP, "desktop"]]) {
  test(`how to play shows the frontier of the cards and the cards to carry (${lang}, ${size})`, async () => {
    const { context, page, errors } = await newPage(options, `frontier ${lang}`, locale);
    await page.goto(base + "/");
    await page.waitForSelector("#create:not([disabled])", { timeout: STEP });
    await page.click("#howto-open");
    await page.click("#howto-cards-show");
    await page.waitForSelector("#cards-frontier tbody tr", { timeout: STEP });
    const answer = await page.evaluate(async () => (await fetch("/api/cards")).json());
    // A row per budget (and one for the default play alone), each with its exact chance as the
    // server gave it.
    const rows = await page.locator("#cards-frontier tbody tr").count();
    assert.equal(rows, answer.frontier.length);
    const figures = await page.locator("#cards-frontier tbody td:nth-child(3)").allTextContents();
    const percent = (f) => new Intl.NumberFormat(lang, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(f);
    assert.deepEqual(figures, answer.frontier.map((point) => percent(point.against_optimal)));
    // The cards to carry, their lines as their files have them, in the reader's language.
    const carried = answer.cards.filter((card) => card.carried);
    assert.equal(await page.locator(".cards-carried > li").count(), carried.length);
    const pocket = carried.findIndex((card) => card.name === "pocket");
    const lines = await page.locator(`.cards-carried > li:nth-child(${pocket + 1}) .card-lines li`).allTextContents();
    assert.deepEqual(lines, carriedLines("pocket", lang));
    // The chart says its range in words.
    const label = await page.getAttribute(".cards-chart svg", "aria-label");
    assert.ok(label.includes(percent(answer.frontier[answer.frontier.length - 1].against_optimal)), label);
    await checkScreen(page, `cards frontier ${lang} ${size}`, { shot: `cards-frontier-${lang}-${size}` });
    if (size === "phone") await narrowWidths(page, `cards frontier ${lang}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("beyond the coach's limit with the room's dice, the lobby says why and the game's coach is off", async () => {
  const { context, page, errors } = await newPage(DESKTOP, "limit");
  await page.goto(base + "/");
  await page.waitForSelector("#create:not([disabled])", { timeout: STEP });
  const limit = await page.evaluate(async () => (await import("/js/state.js")).state.welcome.coach_max_target[29]);
  assert.ok(limit < 100, `30 dice: the solver's limit (${limit}) is below the coach's own`);
  // Within the limit: no note.
  await startAgainstABot(page, limit, 30);
  assert.equal(await page.locator("#coach-note").isHidden(), true);
  // One past it: the note names the limit.
  await page.fill("#rule-target", String(limit + 1));
  await roomRules(page, 30, limit + 1);
  await page.waitForFunction(() => !document.querySelector("#coach-note").hidden, null, { timeout: STEP });
  assert.equal((await page.textContent("#coach-note")).trim(), `The coach works for targets up to ${limit} with 30 dice.`);
  await checkScreen(page, "lobby coach limit");
  await page.click("#start");
  await page.waitForSelector("#board", { timeout: STEP });
  await page.waitForSelector("#coach[disabled]", { timeout: STEP });
  assert.equal((await page.textContent("#coach-beyond")).trim(), `The coach works for targets up to ${limit} with 30 dice.`);
  assert.equal(await page.getAttribute("#coach", "aria-describedby"), "coach-beyond");
  await checkScreen(page, "game beyond the coach's limit");
  // Its key does not turn it on either.
  const key = await page.evaluate(async () => (await import("/js/keys.js")).coachKey());
  await page.keyboard.press(key);
  await page.waitForTimeout(200);
  assert.equal(await page.locator("#coach-panel").count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});
