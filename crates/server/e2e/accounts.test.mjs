// Issue 37 in Chromium: a guest plays two games, then claims the name (the games appear on the
// profile, with the exact review's accuracy); signing in from a second browser, a wrong password
// first; a friend followed, seen online and invited to a room (the invite's Join seats her, her
// name marked); a password changed, a recovery code used; deleting the account. axe-core on the
// new screens, at 390 and 1280 px, in both
// languages. One server of its own and one browser.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { STEP, PHONE, DESKTOP, checkScreen, playToTheEnd, startServer, launchBrowser, openPage } from "./helpers.mjs";

let server;
let base;
let browser;
let dir;

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "martian-e2e-accounts-"));
  server = await startServer(path.join(dir, "accounts.db"), ["--bot-delay", "40", "--rate-limit", "50"]);
  base = server.url;
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.child.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const newPage = (options, label, locale = "en-US") => openPage(browser, base, options, label, locale);
const PASSWORD = "purple tanks at dawn";

async function home(page) {
  await page.goto(base + "/");
  await page.waitForSelector("#quick-match:not([disabled])", { timeout: STEP });
}

// A game against a bot to 1 point, played to its end by the page's buttons.
async function shortGame(page, name) {
  await home(page);
  await page.fill("#name", name);
  await page.click("#create");
  await page.waitForSelector("#lobby-code", { timeout: STEP });
  await page.fill("#rule-target", "1");
  await page.click("#add-bot");
  await page.waitForFunction(() => document.querySelectorAll("tr.seat").length === 2, null, { timeout: STEP });
  await page.click("#start");
  await page.waitForSelector("#board", { timeout: STEP });
  await playToTheEnd([page]);
}

async function createAccount(page, name, { axeAt = null } = {}) {
  await page.getByRole("button", { name: "Create account", exact: true }).click();
  const dialog = page.locator("#account-dialog");
  await dialog.getByRole("textbox", { name: "Account name" }).fill(name);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  if (axeAt) await checkScreen(page, `create account ${axeAt}`, { shot: `account-create-${axeAt}` });
  await dialog.getByRole("button", { name: "Create account", exact: true }).click();
  await dialog.locator("#recovery-codes li").first().waitFor({ timeout: STEP });
  const codes = await dialog.locator("#recovery-codes li").allTextContents();
  assert.equal(codes.length, 10);
  await dialog.getByRole("button", { name: "I saved them" }).click();
  await page.getByRole("link", { name: "Your profile" }).waitFor({ timeout: STEP });
  return codes.map((code) => code.trim());
}

test("two guest games, then the name claimed: the games are on the profile; another browser signs in; a friend online; a new password, a recovery code; the account deleted", async () => {
  const cleo = await newPage(DESKTOP, "cleo");
  await shortGame(cleo.page, "Cleo");
  await shortGame(cleo.page, "Cleo");
  await home(cleo.page);
  const codes = await createAccount(cleo.page, "Cleo", { axeAt: "1280" });

  // The profile: its heading is the name; the two games, with their reviews.
  await cleo.page.getByRole("link", { name: "Your profile" }).click();
  await cleo.page.getByRole("heading", { level: 1, name: "Cleo" }).waitFor({ timeout: STEP });
  await cleo.page.waitForFunction(() => document.querySelectorAll(".profile .recent li").length === 2, null, { timeout: STEP });
  assert.match(await cleo.page.textContent(".profile .tallies"), /2 players\s*2/);
  // The exact review's accuracy, stored as each game ended: the mean, its games, the trend chart.
  assert.match(await cleo.page.textContent("#profile-accuracy"), /^\d+\.\d% on average over [12] reviewed games?$/);
  const trend = cleo.page.getByRole("img", { name: /^Accuracy of the last/ });
  await trend.waitFor({ timeout: STEP });
  await checkScreen(cleo.page, "profile 1280", { shot: "profile-1280" });
  // The best turn's link: the game's review, its replay open at that turn.
  const best = Number(/^Turn (\d+) of game/.exec(await cleo.page.textContent("#profile-best-turn"))[1]);
  await cleo.page.getByRole("link", { name: "Replay that turn" }).click();
  await cleo.page.locator("#replay").getByRole("heading", { name: new RegExp(`^Turn ${best} of \\d+`) }).waitFor({ timeout: STEP });
  await cleo.page.goto(base + "/p/Cleo");
  await cleo.page.getByRole("heading", { level: 1, name: "Cleo" }).waitFor({ timeout: STEP });

  // Another browser (a phone, in Portuguese): a wrong password is said, the right one signs in.
  const phone = await newPage(PHONE, "phone", "pt-BR");
  await home(phone.page);
  await phone.page.getByRole("button", { name: "Entrar na conta" }).click();
  const dialog = phone.page.locator("#account-dialog");
  await dialog.getByRole("textbox", { name: "Nome da conta" }).fill("cleo");
  await dialog.getByLabel("Senha", { exact: true }).fill("not the password");
  await checkScreen(phone.page, "sign in pt 390", { shot: "account-sign-in-pt-390" });
  await dialog.getByRole("button", { name: "Entrar na conta" }).click();
  await phone.page.waitForFunction(() => /Nome ou senha errados/.test(document.querySelector("#account-error").textContent), null, { timeout: STEP });
  await dialog.getByLabel("Senha", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Entrar na conta" }).click();
  await phone.page.getByRole("link", { name: "Seu perfil" }).waitFor({ timeout: STEP });
  await phone.page.getByRole("link", { name: "Seu perfil" }).click();
  await phone.page.getByRole("heading", { level: 1, name: "Cleo" }).waitFor({ timeout: STEP });
  await phone.page.waitForFunction(() => document.querySelectorAll(".profile .recent li").length === 2, null, { timeout: STEP });
  await checkScreen(phone.page, "own profile pt 390", { shot: "profile-own-pt-390" });

  // A friend: Dora follows Cleo from the profile, and sees her online in Friends.
  const dora = await newPage(PHONE, "dora");
  await home(dora.page);
  await createAccount(dora.page, "Dora");
  await dora.page.goto(base + "/p/Cleo");
  await dora.page.getByRole("button", { name: "Follow" }).click();
  await dora.page.getByRole("button", { name: "Unfollow" }).waitFor({ timeout: STEP });
  await home(dora.page);
  const friends = dora.page.getByRole("list", { name: "Friends" });
  await friends.waitFor({ timeout: STEP });
  await dora.page.waitForFunction(() => /Cleo\s+online/.test(document.querySelector("#friends-list").textContent), null, { timeout: STEP });
  await checkScreen(dora.page, "friends 390", { shot: "friends-390" });

  // Dora invites Cleo, online, from her room's lobby: Cleo's page shows the invite with Join,
  // which seats her there, her name marked as an account's.
  await dora.page.fill("#name", "Dora");
  await dora.page.click("#create");
  await dora.page.waitForSelector("#lobby-code", { timeout: STEP });
  const invite = dora.page.getByRole("button", { name: "Invite Cleo" });
  await invite.waitFor({ timeout: STEP });
  await invite.click();
  await dora.page.waitForFunction(() => /Cleo is invited/.test(document.querySelector("#news").textContent), null, { timeout: STEP });
  await checkScreen(dora.page, "lobby invite 390", { shot: "lobby-invite-390" });
  const invited = cleo.page.locator(".invited");
  await invited.waitFor({ timeout: STEP });
  assert.match(await invited.textContent(), /Dora invites you to their room/);
  await checkScreen(cleo.page, "invited 1280", { shot: "invited-1280" });
  await invited.getByRole("button", { name: "Join" }).click();
  await cleo.page.waitForSelector("#lobby-code", { timeout: STEP });
  await dora.page.waitForFunction(() => document.querySelectorAll("tr.seat").length === 2, null, { timeout: STEP });
  for (const page of [cleo.page, dora.page]) {
    await page.waitForFunction(() => document.querySelectorAll("tr.seat .claimed-mark").length === 2, null, { timeout: STEP });
  }
  // Cleo follows Dora from the phone: its Friends show where Dora is, with Watch.
  await phone.page.goto(base + "/p/Dora");
  await phone.page.getByRole("button", { name: "Seguir" }).click();
  await phone.page.getByRole("button", { name: "Deixar de seguir" }).waitFor({ timeout: STEP });
  await home(phone.page);
  await phone.page.getByRole("link", { name: "Assistir à sala de Dora" }).waitFor({ timeout: STEP });

  // Cleo changes the password on the desktop: the phone is signed out, and comes back in with a
  // recovery code and a password of its own (which signs the desktop out in turn).
  await cleo.page.goto(base + "/p/Cleo");
  await cleo.page.getByRole("button", { name: "Change password" }).click();
  await cleo.page.fill("#old-password", PASSWORD);
  await cleo.page.fill("#new-password", "green cows at noon");
  await cleo.page.locator("#account-dialog").getByRole("button", { name: "Change password" }).click();
  // The change is made once its dialog closes (the page then reloads): the profile's heading is
  // there before, and the phone, asked too early, was still signed in (and never offered to sign in).
  await cleo.page.locator("#account-dialog").waitFor({ state: "hidden", timeout: STEP });
  await cleo.page.getByRole("heading", { level: 1, name: "Cleo" }).waitFor({ timeout: STEP });
  await home(phone.page);
  await phone.page.getByRole("button", { name: "Entrar na conta" }).click();
  await dialog.getByRole("button", { name: "Esqueceu a senha? Use um código de recuperação" }).click();
  await dialog.getByRole("textbox", { name: "Nome da conta" }).fill("Cleo");
  await dialog.getByRole("textbox", { name: "Código de recuperação" }).fill(codes[0].toLowerCase());
  await dialog.getByLabel("Senha nova", { exact: true }).fill("blue rays at dusk");
  await checkScreen(phone.page, "recover pt 390", { shot: "account-recover-pt-390" });
  await dialog.getByRole("button", { name: "Entrar com o código" }).click();
  await phone.page.getByRole("link", { name: "Seu perfil" }).waitFor({ timeout: STEP });

  // Cleo deletes the account from the phone: the profile is gone, and the desktop is signed out.
  await phone.page.goto(base + "/p/Cleo");
  await phone.page.getByRole("button", { name: "Apagar conta" }).click();
  await phone.page.fill("#delete-password", "blue rays at dusk");
  await phone.page.locator("#account-dialog").getByRole("button", { name: "Apagar conta" }).click();
  await phone.page.getByRole("button", { name: "Entrar na conta" }).waitFor({ timeout: STEP });
  await cleo.page.goto(base + "/p/Cleo");
  await cleo.page.waitForFunction(() => /No player has that name/.test(document.querySelector(".profile").textContent), null, { timeout: STEP });
  await cleo.page.getByRole("button", { name: "Sign in" }).waitFor({ timeout: STEP });

  assert.deepEqual([...cleo.errors, ...phone.errors, ...dora.errors], []);
  for (const who of [cleo, phone, dora]) await who.context.close();
});
