// The page against several server processes, as README's "Hosting for many players" sets them up:
// a PostgreSQL server of the test's own (Debian's, initdb in a temporary directory), two
// `martian-dice serve --db postgres://…` processes and nginx from deploy/nginx-cluster.conf in
// front of them, all on 127.0.0.1. The page names its room when it connects, so after the
// process running its game is killed it comes back by itself to the process that took the room
// over; a page that reaches a process not running its room is sent on (`moved`); and two pages
// asking for a quick match on two processes meet at one table, made by the process that makes the
// matches.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, readFileSync, writeFileSync, readdirSync, existsSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { STEP, watchErrors, moveIfMyTurn } from "./helpers.mjs";

const BIN = process.env.MARTIAN_DICE_BIN;
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
// The processes' lease: a dead process's rooms are taken over within it.
const LEASE_S = 3;

let browser;
let pg;
let nginx;
const nodes = {};
let base;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const isRoot = process.getuid() === 0;

// PostgreSQL's programs run as `postgres` when the test runs as root (initdb refuses root).
function pgRun(bin, program, args) {
  const file = path.join(bin, program);
  if (isRoot) return execFileSync("runuser", ["-u", "postgres", "--", file, ...args], { stdio: "pipe" });
  return execFileSync(file, args, { stdio: "pipe" });
}

async function startPostgres() {
  const versions = existsSync("/usr/lib/postgresql") ? readdirSync("/usr/lib/postgresql").filter((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)) : [];
  assert.ok(versions.length > 0, "PostgreSQL is installed (scripts/test installs Debian's postgresql)");
  versions.sort((a, b) => Number(a) - Number(b));
  const bin = `/usr/lib/postgresql/${versions.at(-1)}/bin`;
  const dir = mkdtempSync(path.join(tmpdir(), "martian-e2e-pg-"));
  if (isRoot) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  const data = path.join(dir, "data");
  pgRun(bin, "initdb", ["-D", data, "-U", "martian", "-A", "trust", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  pgRun(bin, "pg_ctl", ["-D", data, "-l", path.join(dir, "log"), "-o", `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`, "-w", "-t", "60", "start"]);
  execFileSync(path.join(bin, "psql"), ["-X", "-q", "-h", "127.0.0.1", "-p", String(port), "-U", "martian", "-d", "postgres", "-c", "CREATE DATABASE e2e"]);
  const sql = (query) =>
    execFileSync(path.join(bin, "psql"), ["-X", "-q", "-A", "-t", "-h", "127.0.0.1", "-p", String(port), "-U", "martian", "-d", "e2e", "-c", query], { encoding: "utf8" }).trim();
  const stop = () => {
    try {
      pgRun(bin, "pg_ctl", ["-D", data, "-m", "immediate", "stop"]);
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { url: `postgres://martian@127.0.0.1:${port}/e2e`, sql, stop };
}

async function startNode(name) {
  const child = spawn(BIN, ["serve", "--addr", "127.0.0.1:0", "--db", pg.url, "--node", name, "--lease", String(LEASE_S), "--lease-renew", "1", "--bot-delay", "60", "--rate-limit", "50", "--trusted-proxy", "127.0.0.1"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const addr = await new Promise((resolve, reject) => {
    let text = "";
    child.stdout.on("data", (chunk) => {
      text += chunk;
      const match = /listening on http:\/\/(\S+?)\/?\n/.exec(text);
      if (match) resolve(match[1]);
    });
    child.on("exit", (code) => reject(new Error(`server ${name} exited with ${code}`)));
    setTimeout(() => reject(new Error(`server ${name} did not start`)), 20_000);
  });
  nodes[name] = { child, addr };
  return nodes[name];
}

// deploy/nginx-cluster.conf as shipped, its TEST lines replaced (as the Rust tests do).
async function startNginx(upstreams) {
  const binary = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));
  assert.ok(binary, "nginx is installed (scripts/test installs Debian's nginx)");
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "martian-e2e-nginx-"));
  chmodSync(dir, 0o755);
  const lines = [];
  let listed = false;
  for (const line of readFileSync(path.join(ROOT, "deploy/nginx-cluster.conf"), "utf8").split("\n")) {
    if (line.includes("TEST: drop")) continue;
    if (line.includes("TEST: listen")) lines.push(`    listen 127.0.0.1:${port};`);
    else if (line.includes("TEST: upstream")) {
      const options = line.split("#")[0].trim().replace(/;$/, "").split(/\s+/).slice(2).join(" ");
      if (!listed) for (const upstream of upstreams) lines.push(`    server ${upstream} ${options};`);
      listed = true;
    } else lines.push(line);
  }
  assert.ok(listed, "deploy/nginx-cluster.conf marks its upstream lines");
  const config = `worker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\ndaemon off;\nevents { worker_connections 256; }\nhttp {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n${lines.join("\n")}\n}\n`;
  writeFileSync(path.join(dir, "nginx.conf"), config);
  execFileSync(binary, ["-t", "-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "pipe" });
  const child = spawn(binary, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "ignore" });
  for (let i = 0; i < 200; i += 1) {
    const up = await new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (up) return { child, dir, url: `http://127.0.0.1:${port}` };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("nginx did not listen");
}

before(async () => {
  assert.ok(BIN, "MARTIAN_DICE_BIN names the martian-dice binary");
  pg = await startPostgres();
  await startNode("a");
  await startNode("b");
  nginx = await startNginx([nodes.a.addr, nodes.b.addr]);
  base = nginx.url;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
});

after(async () => {
  if (browser) await browser.close();
  for (const node of Object.values(nodes)) node.child.kill("SIGKILL");
  if (nginx) {
    nginx.child.kill("SIGTERM");
    rmSync(nginx.dir, { recursive: true, force: true });
  }
  if (pg) pg.stop();
});

// A page whose WebSocket URLs are kept.
async function newPage(label) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const sockets = [];
  page.on("websocket", (ws) => sockets.push(new URL(ws.url()).pathname + new URL(ws.url()).search));
  return { context, page, sockets, errors: watchErrors(page, label) };
}

const roomOf = async (page) => /room=([0-9a-f]{32})/.exec(await page.evaluate(() => location.hash))[1];

let room;
let survivor;

test("a process dies mid-game: the page reconnects by its room and the game goes on on the other", async () => {
  const { context, page, sockets, errors } = await newPage("cluster");
  await page.goto(base + "/");
  await page.fill("#name", "Ana");
  await page.click("#quick-play");
  await page.waitForSelector("#board", { timeout: STEP });
  room = await roomOf(page);
  // A few moves, so that the game is under way.
  for (let moves = 0; moves < 3; ) {
    await page.waitForSelector("#board[data-my-turn=true] #actions button[data-act]:not([disabled])", { timeout: STEP });
    if (await moveIfMyTurn(page)) moves += 1;
    await page.waitForTimeout(300);
  }
  const owner = pg.sql(`SELECT owner FROM rooms WHERE id = '${room}'`);
  assert.ok(owner === "a" || owner === "b", owner);
  survivor = owner === "a" ? "b" : "a";
  const killedAt = Date.now();
  const exited = new Promise((resolve) => nodes[owner].child.once("exit", resolve));
  nodes[owner].child.kill("SIGKILL");
  await exited;
  delete nodes[owner];
  // Down, then back by itself, on the process that took the room over.
  await page.waitForSelector("#connection.down:not([hidden])", { timeout: STEP });
  await page.waitForSelector("#connection", { state: "hidden", timeout: STEP });
  await page.waitForSelector("#board", { timeout: STEP });
  const back = (Date.now() - killedAt) / 1000;
  console.log(`the page played on ${back.toFixed(1)} s after the kill (lease ${LEASE_S} s)`);
  assert.equal(pg.sql(`SELECT owner FROM rooms WHERE id = '${room}'`), survivor);
  assert.ok(sockets.includes(`/ws?room=${room}`), `the page named its room when it reconnected: ${sockets.join(", ")}`);
  // The game goes on: the page's own moves are answered.
  const start = Date.now();
  let moved = 0;
  while (moved < 2 && Date.now() - start < 60_000) {
    if (await moveIfMyTurn(page).catch(() => null)) moved += 1;
    await page.waitForTimeout(200);
  }
  assert.equal(moved, 2, "the page moved again after the takeover");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a page at a process that does not run its room is sent on to it", async () => {
  assert.ok(room && survivor, "the first test ran");
  // A third process; the page opens it directly, then follows an invite to the room, which the
  // survivor runs: the third answers `moved`, and the page connects again naming the room.
  const third = await startNode("c");
  const { context, page, sockets, errors } = await newPage("moved");
  await page.goto(`http://${third.addr}/`);
  await page.waitForSelector("#name", { timeout: STEP });
  await page.evaluate((id) => {
    location.hash = `#room=${id}`;
  }, room);
  await page.waitForSelector("#board", { timeout: STEP });
  assert.ok(sockets.includes(`/ws?room=${room}`), `the page connected again naming the room: ${sockets.join(", ")}`);
  assert.equal(pg.sql(`SELECT owner FROM rooms WHERE id = '${room}'`), survivor, "the room did not move");
  assert.deepEqual(errors, []);
  await context.close();
});

test("two pages asking for a quick match on two processes meet at one table", async () => {
  assert.ok(survivor && nodes.c, "the tests before ran");
  // The survivor makes the quick matches (the oldest live lease). The page on the third process
  // is answered `moved`, connects again with /ws?match=1 (handed to the survivor) and asks there.
  const pages = [];
  for (const [name, addr] of [["Cid", nodes.c.addr], ["Dee", nodes[survivor].addr]]) {
    const opened = await newPage(`match-${name}`);
    await opened.page.goto(`http://${addr}/`);
    await opened.page.waitForSelector("#quick-match:not([disabled])", { timeout: STEP });
    await opened.page.fill("#name", name);
    pages.push(opened);
  }
  for (const { page } of pages) await page.click("#quick-match");
  for (const { page } of pages) await page.waitForSelector("#board", { timeout: STEP });
  const [cid, dee] = await Promise.all(pages.map(({ page }) => roomOf(page)));
  assert.equal(cid, dee, "both pages sit at one table");
  assert.ok(pages[0].sockets.includes("/ws?match=1"), `the page on the third process asked again with match=1: ${pages[0].sockets.join(", ")}`);
  assert.equal(pg.sql(`SELECT owner FROM rooms WHERE id = '${cid}'`), survivor, "the matchmaker runs the room");
  for (const { context, errors } of pages) {
    assert.deepEqual(errors, []);
    await context.close();
  }
});
