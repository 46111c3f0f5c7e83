// Accounts on the page (docs/accounts.md): guest first. The header offers "Sign in" and "Create
// account" to a guest, "Your profile" and "Sign out" to a signed-in player; creating an account
// claims the games this browser played as a guest (the seat tokens it holds) and shows the
// recovery codes once. A profile is a page of its own, /p/NAME.
import { t, lang, percent as fraction } from "../i18n.js";
import { byId, esc } from "./dom.js";
import { state } from "./state.js";
import { recordHref, finishedName } from "./finished.js";
import { notify } from "./notices.js";
import { SEAT_COLOURS } from "./colours.js";
import { profileRatingHtml } from "./ratings.js";

const SEAT_KEY = /^martian-dice:seat:([0-9a-f]{32})$/;

// Every seat this browser holds: what a new account claims.
function heldSeats() {
  const seats = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i) || "";
      const match = SEAT_KEY.exec(key);
      if (match) seats.push({ room: match[1], token: localStorage.getItem(key) });
    }
  } catch {
    // no storage: nothing to claim
  }
  return seats.slice(0, 500);
}

export function signedIn() {
  return state.welcome && state.welcome.account ? state.welcome.account.name : null;
}

async function call(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
    credentials: "same-origin",
  });
  let json = null;
  try {
    json = await response.json();
  } catch {
    // 204 and friends
  }
  return { status: response.status, json, retry: Number(response.headers.get("Retry-After") || 0) };
}

// The words of a refusal, in the page's language.
function refusalText(answer) {
  const code = (answer.json && answer.json.error) || "storage";
  return t("web-account-error", { code, seconds: Math.max(1, answer.retry) });
}

// A seat taken while signed in becomes the account's at once.
export function claimSeat(room, token) {
  if (!signedIn() || !room || !token) return;
  call("POST", "/api/accounts/me/seats", { seats: [{ room, token }] }).catch(() => {});
}

// ---------------------------------------------------------------- the header
// One control, to keep the header one row on a phone: "Sign in" for a guest, "Your profile" once
// signed in (where signing out is). On a narrow screen the word hides behind a figure; it stays
// the control's name.
const FIGURE = `<svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20"><circle cx="12" cy="8" r="4" fill="currentColor"/><path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" fill="currentColor"/></svg>`;

export function drawAccountTools() {
  const tools = byId("account-tools");
  if (!tools) return;
  const name = signedIn();
  if (name) {
    tools.innerHTML = `<a id="profile-link" class="button small account-button" href="/p/${encodeURIComponent(name)}">${FIGURE}<span class="account-label">${esc(t("web-your-profile"))}</span></a>`;
  } else {
    tools.innerHTML = `<button type="button" id="sign-in" class="small account-button">${FIGURE}<span class="account-label">${esc(t("web-sign-in"))}</span></button>`;
    byId("sign-in").onclick = () => openAccountDialog("sign-in");
  }
}

// ---------------------------------------------------------------- the dialog
function openAccountDialog(mode) {
  const dialog = byId("account-dialog");
  const create = mode === "create";
  const recover = mode === "recover";
  const title = create ? t("web-create-account") : recover ? t("web-recover-title") : t("web-sign-in");
  const submitText = recover ? t("web-recover-submit") : title;
  const typedName = byId("account-name")?.value || (create ? byId("name")?.value || "" : "");
  dialog.setAttribute("aria-labelledby", "account-title");
  dialog.innerHTML = `<form id="account-form" method="dialog" class="account-form">
      <h2 id="account-title">${esc(title)}</h2>
      ${create ? `<p class="note">${esc(t("web-account-create-note"))}</p>` : ""}
      ${recover ? `<p class="note">${esc(t("web-recover-note"))}</p>` : ""}
      <label for="account-name">${esc(t("web-account-name"))}</label>
      <input id="account-name" name="username" autocomplete="username" maxlength="24" required value="${esc(typedName)}">
      ${recover ? `<label for="account-code">${esc(t("web-recovery-code"))}</label>
      <input id="account-code" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" required>` : ""}
      <label for="account-password">${esc(recover ? t("web-new-password") : t("web-password"))}</label>
      <input id="account-password" name="password" type="password" autocomplete="${create || recover ? "new-password" : "current-password"}" minlength="8" required>
      <p id="account-error" class="error" role="alert"></p>
      <div class="row">
        <button type="submit" id="account-submit" class="primary">${esc(submitText)}</button>
        <button type="button" id="account-cancel">${esc(t("web-cancel"))}</button>
      </div>
      ${mode === "sign-in" ? `<button type="button" id="account-forgot" class="link-like">${esc(t("web-forgot-password"))}</button>` : ""}
    </form>`;
  byId("account-cancel").onclick = () => dialog.close();
  const forgot = byId("account-forgot");
  if (forgot) forgot.onclick = () => openAccountDialog("recover");
  byId("account-form").onsubmit = async (event) => {
    event.preventDefault();
    const name = byId("account-name").value.trim();
    const password = byId("account-password").value;
    const submit = byId("account-submit");
    submit.disabled = true;
    const answer = create
      ? await call("POST", "/api/accounts", { name, password, avatar: state.avatar, seats: heldSeats() })
      : recover
        ? await call("POST", "/api/session/recover", { name, code: byId("account-code").value, password })
        : await call("POST", "/api/session", { name, password });
    submit.disabled = false;
    if (answer.status === 200) {
      dialog.close();
      location.reload();
      return;
    }
    if (answer.status === 201) {
      showRecoveryCodes(dialog, answer.json.recovery_codes || []);
      return;
    }
    byId("account-error").textContent = refusalText(answer);
    byId(recover ? "account-code" : "account-password").focus();
  };
  if (!dialog.open) dialog.showModal();
  byId(recover ? "account-code" : "account-name").focus();
}

function showRecoveryCodes(dialog, codes) {
  dialog.innerHTML = `<section class="account-form" aria-labelledby="codes-title">
      <h2 id="codes-title" tabindex="-1">${esc(t("web-recovery-codes-title"))}</h2>
      <p>${esc(t("web-recovery-codes-note"))}</p>
      <ol id="recovery-codes" class="codes">${codes.map((code) => `<li><code>${esc(code)}</code></li>`).join("")}</ol>
      <div class="row"><button type="button" id="codes-done" class="primary">${esc(t("web-recovery-codes-done"))}</button></div>
    </section>`;
  byId("codes-done").onclick = () => {
    dialog.close();
    location.reload();
  };
  byId("codes-title").focus();
}

// ---------------------------------------------------------------- a profile, /p/NAME
function day(ms) {
  return new Date(ms).toLocaleDateString(document.documentElement.lang || undefined, { year: "numeric", month: "long", day: "numeric" });
}

// Points of chance with their sign: a best turn may still have cost some.
function signed(value) {
  return new Intl.NumberFormat(lang(), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false, signDisplay: "exceptZero" }).format(value);
}

// An accuracy (0 to 100) as the reader writes a percentage.
const percent = (accuracy) => fraction(accuracy / 100);

// The accuracy of each reviewed game, the oldest first, as a small line chart (0 to 100%); its
// name says the games and the range, for those who do not see it.
function trendChart(trend) {
  const [w, h, left, bottom, pad] = [320, 120, 34, 8, 8];
  const x = (i) => (trend.length === 1 ? (left + w - pad) / 2 : left + ((w - left - pad) * i) / (trend.length - 1));
  const y = (v) => pad + (h - bottom - pad) * (1 - v / 100);
  const values = trend.map((p) => p.accuracy);
  const label = t("web-profile-trend-label", { count: trend.length, low: percent(Math.min(...values)), high: percent(Math.max(...values)) });
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const grid = [0, 50, 100]
    .map((v) => `<line x1="${left}" x2="${w - pad}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" class="grid"/><text x="${left - 4}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end">${v}%</text>`)
    .join("");
  const dots = values.map((v, i) => `<circle cx="${x(i).toFixed(1)}" cy="${y(v).toFixed(1)}" r="2.5" fill="${SEAT_COLOURS[0]}"/>`).join("");
  return `<figure class="chart" id="accuracy-trend">
    <svg viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(label)}" preserveAspectRatio="xMidYMid meet">
      ${grid}<line x1="${left}" x2="${left}" y1="${pad}" y2="${h - bottom}" class="axis"/>
      <polyline points="${points}" fill="none" stroke="${SEAT_COLOURS[0]}" stroke-width="2.5" stroke-linejoin="round"/>${dots}
    </svg></figure>`;
}

// The exact review's figures: the mean accuracy and how many games it covers, its trend, the best
// turn with the replay at that turn.
function reviewedHtml(p) {
  if (!p.accuracy) return `<h2>${esc(t("web-profile-accuracy"))}</h2><p id="profile-accuracy" class="note">${esc(t("web-profile-accuracy-none"))}</p>`;
  const best = p.best_turn
    ? `<h3>${esc(t("web-profile-best-turn"))}</h3><p id="profile-best-turn">${esc(t("web-profile-best-turn-line", { turn: p.best_turn.turn, number: p.best_turn.number, points: signed(p.best_turn.points) }))}
        <a class="button small" href="${esc(p.best_turn.replay)}">${esc(t("web-profile-best-turn-replay"))}</a></p>`
    : "";
  return `<h2>${esc(t("web-profile-accuracy"))}</h2>
    <p id="profile-accuracy"><strong>${esc(percent(p.accuracy.mean))}</strong> ${esc(t("web-profile-accuracy-games", { games: p.accuracy.games }))}</p>
    ${p.trend.length ? trendChart(p.trend) : ""}${best}`;
}

export async function renderProfile(app, name) {
  app.innerHTML = `<section class="card profile" aria-busy="true"><h1 id="profile-title" tabindex="-1">${esc(name)}</h1></section>`;
  const [profile, me] = await Promise.all([call("GET", `/api/players/${encodeURIComponent(name)}`), signedIn() ? call("GET", "/api/accounts/me") : null]);
  if (profile.status !== 200) {
    app.innerHTML = `<section class="card profile"><h1 id="profile-title" tabindex="-1">${esc(name)}</h1>
      <p>${esc(refusalText(profile))}</p><a class="button" href="/">${esc(t("web-back-home"))}</a></section>`;
    return;
  }
  const p = profile.json;
  const mine = signedIn() && signedIn() === p.name;
  const following = Boolean(me && me.json && (me.json.follows || []).includes(p.name));
  const blocking = Boolean(me && me.json && (me.json.blocks || []).includes(p.name));
  const tallies = p.games.length
    ? `<table class="tallies"><thead><tr><th scope="col">${esc(t("web-profile-table"))}</th><th scope="col">${esc(t("web-profile-played"))}</th><th scope="col">${esc(t("web-profile-won"))}</th></tr></thead>
      <tbody>${p.games.map((g) => `<tr><th scope="row">${esc(t("web-profile-players", { players: g.players }))}</th><td>${g.played}</td><td>${g.won}</td></tr>`).join("")}</tbody></table>`
    : `<p>${esc(t("web-profile-no-games"))}</p>`;
  const recent = p.recent
    .map((g) => {
      const result = g.names.map((_, i) => `${finishedName(g, i)} ${g.scores[i] ?? ""}`).join(" · ");
      return `<li><span class="${g.won ? "won" : "lost"}">${esc(t(g.won ? "web-profile-game-won" : "web-profile-game-lost"))}</span> ${result}
        <span class="row"><a class="button small" href="/#review=${g.room}/${g.number}">${esc(t("web-profile-review"))}</a>
        <a class="button small" href="${recordHref(g.room, g.number)}" download>${esc(t("web-download"))}</a></span></li>`;
    })
    .join("");
  const standing = (p.standing || [])
    .map((s) => `<li><a class="button small" href="/r/${encodeURIComponent(s.code)}">${esc(t("web-profile-standing-link", { code: s.code }))}</a></li>`)
    .join("");
  const met = p.met.map((m) => `<li>${m.profile ? `<a href="${esc(m.profile)}">${esc(m.name)}</a>` : esc(m.name)}: ${esc(t("web-profile-met-line", { games: m.games, won: m.won, lost: m.lost }))}</li>`).join("");
  const follow =
    signedIn() && !mine
      ? `<button type="button" id="follow" aria-pressed="${following}">${esc(t(following ? "web-unfollow" : "web-follow"))}</button>
        <button type="button" id="block" aria-pressed="${blocking}" aria-describedby="block-note">${esc(t(blocking ? "web-unblock" : "web-block"))}</button>`
      : "";
  const own = mine
    ? `<h2>${esc(t("web-account-title"))}</h2><div class="row">
        <button type="button" id="sign-out">${esc(t("web-sign-out"))}</button>
        <button type="button" id="sign-out-everywhere">${esc(t("web-sign-out-everywhere"))}</button>
        <button type="button" id="change-password">${esc(t("web-change-password"))}</button>
        <a class="button" href="/api/accounts/me/data" download>${esc(t("web-account-data"))}</a>
        <button type="button" id="delete-account" class="danger">${esc(t("web-delete-account"))}</button></div>`
    : "";
  app.innerHTML = `<section class="card profile" aria-labelledby="profile-title">
      <h1 id="profile-title" tabindex="-1">${esc(p.name)}</h1>
      <p>${esc(t("web-profile-since", { date: day(p.member_since_ms) }))}</p>
      <div class="row">${follow}<a class="button" href="/">${esc(t("web-back-home"))}</a></div>
      ${follow ? `<p class="note" id="block-note">${esc(t("web-block-note"))}</p>` : ""}
      ${profileRatingHtml(p.rating)}
      <h2>${esc(t("web-profile-games"))}</h2>${tallies}
      ${reviewedHtml(p)}
      <h2>${esc(t("web-profile-recent"))}</h2>${recent ? `<ul class="recent">${recent}</ul>` : `<p>${esc(t("web-profile-no-games"))}</p>`}
      ${standing ? `<h2 id="standing-title">${esc(t("web-profile-standing"))}</h2><ul class="standing" aria-labelledby="standing-title">${standing}</ul>` : ""}
      ${met ? `<h2>${esc(t("web-profile-met"))}</h2><ul class="met">${met}</ul>` : ""}
      ${own}
    </section>`;
  if (mine) bindOwnProfile();
  const toggle = (id, relation, [offWord, onWord]) => {
    const button = byId(id);
    if (!button) return;
    button.onclick = async () => {
      const on = button.getAttribute("aria-pressed") !== "true";
      const answer = await call(on ? "PUT" : "DELETE", `/api/accounts/me/${relation}/${encodeURIComponent(p.name)}`);
      if (answer.status === 204) {
        button.setAttribute("aria-pressed", String(on));
        button.textContent = t(on ? onWord : offWord);
        friends.at = 0;
      } else notify(refusalText(answer), true);
    };
  };
  toggle("follow", "follows", ["web-follow", "web-unfollow"]);
  toggle("block", "blocks", ["web-block", "web-unblock"]);
}

function bindOwnProfile() {
  const out = async (path) => {
    await call("DELETE", path);
    location.assign("/");
  };
  byId("sign-out").onclick = () => out("/api/session");
  byId("sign-out-everywhere").onclick = () => out("/api/sessions");
  byId("change-password").onclick = () => {
    const dialog = byId("account-dialog");
    dialog.setAttribute("aria-labelledby", "password-title");
    dialog.innerHTML = `<form id="password-form" class="account-form">
        <h2 id="password-title">${esc(t("web-change-password"))}</h2>
        <p class="note">${esc(t("web-change-password-note"))}</p>
        <label for="old-password">${esc(t("web-password"))}</label>
        <input id="old-password" type="password" autocomplete="current-password" required>
        <label for="new-password">${esc(t("web-new-password"))}</label>
        <input id="new-password" type="password" autocomplete="new-password" minlength="8" required>
        <p id="account-error" class="error" role="alert"></p>
        <div class="row"><button type="submit" class="primary">${esc(t("web-change-password"))}</button>
        <button type="button" id="account-cancel">${esc(t("web-cancel"))}</button></div></form>`;
    byId("account-cancel").onclick = () => dialog.close();
    byId("password-form").onsubmit = async (event) => {
      event.preventDefault();
      const answer = await call("POST", "/api/accounts/me/password", { password: byId("old-password").value, new_password: byId("new-password").value });
      if (answer.status === 200) {
        dialog.close();
        location.reload();
        return;
      }
      byId("account-error").textContent = refusalText(answer);
    };
    dialog.showModal();
    byId("old-password").focus();
  };
  byId("delete-account").onclick = () => {
    const dialog = byId("account-dialog");
    dialog.setAttribute("aria-labelledby", "delete-title");
    dialog.innerHTML = `<form id="delete-form" class="account-form">
        <h2 id="delete-title">${esc(t("web-delete-account"))}</h2>
        <p>${esc(t("web-delete-account-note"))}</p>
        <label for="delete-password">${esc(t("web-password"))}</label>
        <input id="delete-password" type="password" autocomplete="current-password" required>
        <p id="account-error" class="error" role="alert"></p>
        <div class="row"><button type="submit" class="danger">${esc(t("web-delete-account"))}</button>
        <button type="button" id="account-cancel">${esc(t("web-cancel"))}</button></div></form>`;
    byId("account-cancel").onclick = () => dialog.close();
    byId("delete-form").onsubmit = async (event) => {
      event.preventDefault();
      const answer = await call("DELETE", "/api/accounts/me", { password: byId("delete-password").value });
      if (answer.status === 204) {
        dialog.close();
        location.assign("/");
        return;
      }
      byId("account-error").textContent = refusalText(answer);
    };
    dialog.showModal();
    byId("delete-password").focus();
  };
}

// The guest's offer on the home page: keep the name, with the games played so far.
export function drawAccountOffer(app) {
  if (signedIn() || !state.welcome || byId("account-offer")) return;
  const box = document.createElement("section");
  box.id = "account-offer";
  box.className = "card account-offer";
  box.innerHTML = `<p>${esc(t("web-account-offer"))}</p><button type="button" id="create-account">${esc(t("web-create-account"))}</button>`;
  app.appendChild(box);
  byId("create-account").onclick = () => openAccountDialog("create");
}

// ---------------------------------------------------------------- friends on the home page
// The players followed, with who is online now (on this server), under the home page; asked
// again at most every 20 seconds however often the home page is drawn.
let friends = { at: 0, list: null };

function friendsHtml(list) {
  const items = list
    .map((f) => {
      const where = f.room
        ? ` <span>${esc(t("web-friend-in-room"))}</span> <a class="button small" href="/#room=${encodeURIComponent(f.room)}" aria-label="${esc(t("web-friend-watch-named", { name: f.name }))}">${esc(t("web-friend-watch"))}</a>`
        : "";
      return `<li><a class="button small" href="/p/${encodeURIComponent(f.name)}">${esc(f.name)}</a> <span class="${f.online ? "online" : "offline"}">${esc(t(f.online ? "web-friend-online" : "web-friend-offline"))}</span>${where}</li>`;
    })
    .join("");
  return `<h2 id="friends-title">${esc(t("web-friends"))}</h2>
    <ul aria-labelledby="friends-title" id="friends-list" class="friends">${items}</ul>
    ${list.length ? "" : `<p class="note">${esc(t("web-friends-none"))}</p>`}`;
}

export function drawFriends(app) {
  if (!signedIn()) return;
  let box = byId("friends");
  if (!box) {
    box = document.createElement("section");
    box.id = "friends";
    box.className = "card";
    app.appendChild(box);
  }
  if (friends.list) box.innerHTML = friendsHtml(friends.list);
  if (Date.now() - friends.at < 20000) return;
  friends.at = Date.now();
  call("GET", "/api/accounts/me").then((me) => {
    if (me.status !== 200) return;
    friends.list = me.json.friends || [];
    const shown = byId("friends");
    if (shown) shown.innerHTML = friendsHtml(friends.list);
  });
}

// ---------------------------------------------------------------- the account's picture
// The picture chosen while signed in is the account's: kept for the profile and every device.
export function keepAvatar(id) {
  if (signedIn()) call("PUT", "/api/accounts/me/avatar", { avatar: id }).catch(() => {});
}

// Signed in, the page takes the account's picture (chosen on another device, perhaps).
export async function adoptAccountAvatar(ids, apply) {
  if (!signedIn()) return;
  const me = await call("GET", "/api/accounts/me");
  if (me.status === 200 && me.json.avatar && ids.includes(me.json.avatar)) apply(me.json.avatar);
}

// ---------------------------------------------------------------- inviting a friend
// In the lobby, the players followed who are online now, each with "Invite": they get a notice
// with Join (the server sends it to every page their account has open).
export function drawInviteFriends(box, room) {
  if (!box) return;
  if (!signedIn() || !room || !room.code) {
    box.innerHTML = "";
    return;
  }
  const draw = (list) => {
    const online = list.filter((f) => f.online);
    const items = online
      .map((f) => `<li><span>${esc(f.name)}</span> <button type="button" class="small" data-invite="${esc(f.name)}" data-sends aria-label="${esc(t("web-invite-friend-named", { name: f.name }))}">${esc(t("web-invite-friend"))}</button></li>`)
      .join("");
    box.innerHTML = `<h2 id="invite-friends-title">${esc(t("web-invite-friends"))}</h2>
      ${items ? `<ul class="friends" aria-labelledby="invite-friends-title">${items}</ul>` : `<p class="note">${esc(t("web-invite-friends-none"))}</p>`}`;
    box.querySelectorAll("[data-invite]").forEach((button) => {
      button.onclick = async () => {
        const name = button.dataset.invite;
        const answer = await call("POST", "/api/accounts/me/invites", { name, code: room.code });
        notify(answer.status === 204 ? t("web-invite-sent", { name }) : refusalText(answer), answer.status !== 204);
      };
    });
  };
  if (friends.list) draw(friends.list);
  if (Date.now() - friends.at < 5000) return;
  friends.at = Date.now();
  call("GET", "/api/accounts/me").then((me) => {
    if (me.status !== 200) return;
    friends.list = me.json.friends || [];
    if (box.isConnected) draw(friends.list);
  });
}

// A friend's invite: a notice that stays until it is followed or dismissed, one per inviter.
// Join calls `onJoin(code)`, which seats the player in the room.
export function showInvite(message, onJoin) {
  const app = byId("app");
  if (!app || !message.from || !message.code) return;
  let box = byId("invites");
  if (!box) {
    box = document.createElement("div");
    box.id = "invites";
    box.className = "invites";
    app.before(box);
  }
  box.querySelectorAll(".invited").forEach((old) => {
    if (old.dataset.from === message.from) old.remove();
  });
  const item = document.createElement("section");
  item.className = "card invited";
  item.dataset.from = message.from;
  item.setAttribute("role", "status");
  item.innerHTML = `<p>${esc(t("web-invited", { name: message.from }))}</p>
    <div class="row"><button type="button" class="primary" data-join data-sends>${esc(t("web-invited-join"))}</button>
    <button type="button" data-dismiss>${esc(t("web-invited-dismiss"))}</button></div>`;
  item.querySelector("[data-dismiss]").onclick = () => item.remove();
  item.querySelector("[data-join]").onclick = () => {
    item.remove();
    onJoin(message.code);
  };
  box.append(item);
}
