// The players' pictures: six martians and six earthlings to choose from, and robots for the
// built-in bots, drawn here as small SVGs (no image files, no outside service). A person's choice
// is remembered in the browser with their name; the server keeps each seat's (`seats[i].avatar`).
import { t } from "../i18n.js";
import { esc } from "./dom.js";

const STORAGE_KEY = "martian-dice:avatar";

// ------------------------------------------------------------------------------ martians
// One drawing with a few parts changed: skin, eyes, what grows on the head, and the mouth.
function martian({ skin, shade, eyes, top, mouth = "smile", bg }) {
  const head = `<ellipse cx="32" cy="36" rx="17" ry="16" fill="${skin}"/><ellipse cx="32" cy="45" rx="11" ry="5" fill="${shade}" opacity="0.55"/>`;
  const eye = (x, y, r) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff"/><circle cx="${x + r * 0.25}" cy="${y + r * 0.15}" r="${r * 0.5}" fill="#1a1030"/>`;
  const eyeSets = {
    one: eye(32, 32, 7),
    two: eye(25, 32, 4.5) + eye(39, 32, 4.5),
    three: eye(22, 33, 3.6) + eye(32, 29, 4.2) + eye(42, 33, 3.6),
    sleepy: `<path d="M20 33 q5 -4 10 0 M34 33 q5 -4 10 0" stroke="#1a1030" stroke-width="2.4" fill="none" stroke-linecap="round"/>`,
  };
  const mouths = {
    smile: `<path d="M25 42 q7 6 14 0" stroke="#1a1030" stroke-width="2.2" fill="none" stroke-linecap="round"/>`,
    grin: `<path d="M24 41 h16 q-8 9 -16 0z" fill="#1a1030"/><path d="M27 41 h3 v2 h-3z M34 41 h3 v2 h-3z" fill="#fff"/>`,
    o: `<ellipse cx="32" cy="43" rx="3" ry="3.5" fill="#1a1030"/>`,
    fangs: `<path d="M25 41 q7 5 14 0" stroke="#1a1030" stroke-width="2.2" fill="none" stroke-linecap="round"/><path d="M28 42.5 l1.5 3 l1.5 -2.6z M33 43 l1.5 2.6 l1.5 -3z" fill="#fff"/>`,
  };
  const tops = {
    antennae: `<path d="M24 22 L18 9 M40 22 L46 9" stroke="${shade}" stroke-width="2.5" stroke-linecap="round"/><circle cx="18" cy="9" r="3.5" fill="#ffd866"/><circle cx="46" cy="9" r="3.5" fill="#ffd866"/>`,
    antenna: `<path d="M32 21 V8" stroke="${shade}" stroke-width="2.5" stroke-linecap="round"/><circle cx="32" cy="7" r="4" fill="#ff6fae"/>`,
    dome: `<path d="M13 36 a19 20 0 0 1 38 0" fill="#bfe9ff" opacity="0.35" stroke="#e6f7ff" stroke-width="1.6"/><path d="M20 22 q4 -5 10 -6" stroke="#fff" stroke-width="2" fill="none" stroke-linecap="round" opacity="0.8"/>`,
    ears: `<path d="M16 32 q-9 -3 -10 -12 q8 2 12 8z M48 32 q9 -3 10 -12 q-8 2 -12 8z" fill="${skin}" stroke="${shade}" stroke-width="1.5"/>`,
    horns: `<path d="M21 24 q-6 -8 -2 -15 q3 8 8 11z M43 24 q6 -8 2 -15 q-3 8 -8 11z" fill="#fff3c4" stroke="${shade}" stroke-width="1.2"/>`,
  };
  if (top === "tentacles") {
    // A squid from Mars: a tall head and curling arms instead of a chin.
    const arms = [14, 23, 32, 41, 50]
      .map((x, i) => `<path d="M${x} 40 q${i % 2 ? 5 : -5} 8 0 14 q${i % 2 ? -3 : 3} 3 ${i % 2 ? 2 : -2} 5" stroke="${skin}" stroke-width="5" fill="none" stroke-linecap="round"/>`)
      .join("");
    const squidHead = `<path d="M14 42 q-2 -30 18 -32 q20 2 18 32z" fill="${skin}"/><circle cx="24" cy="18" r="2" fill="${shade}"/><circle cx="40" cy="16" r="2.5" fill="${shade}"/><circle cx="33" cy="13" r="1.6" fill="${shade}"/>`;
    return `<circle cx="32" cy="32" r="32" fill="${bg}"/>${arms}${squidHead}${eyeSets[eyes]}<ellipse cx="32" cy="39" rx="2.5" ry="3" fill="#1a1030"/>`;
  }
  const under = top === "ears" || top === "horns" ? tops[top] : "";
  const over = top === "ears" || top === "horns" ? "" : tops[top];
  return `<circle cx="32" cy="32" r="32" fill="${bg}"/>${under}${head}${eyeSets[eyes]}${mouths[mouth]}${over}`;
}

// ------------------------------------------------------------------------------ earthlings
const face = (skin) => `<circle cx="32" cy="36" r="15" fill="${skin}"/>`;
const dots = (y = 35, gap = 6) => `<circle cx="${32 - gap}" cy="${y}" r="2" fill="#1a1030"/><circle cx="${32 + gap}" cy="${y}" r="2" fill="#1a1030"/>`;
const smile = (y = 42) => `<path d="M27 ${y} q5 4 10 0" stroke="#1a1030" stroke-width="2" fill="none" stroke-linecap="round"/>`;
const body = (colour) => `<path d="M12 64 q2 -14 20 -14 q18 0 20 14z" fill="${colour}"/>`;

const EARTHLINGS = {
  // A farmer in a straw hat.
  e1: (bg) =>
    `<circle cx="32" cy="32" r="32" fill="${bg}"/>${body("#3d7bd9")}<path d="M24 50 v14 M40 50 v14" stroke="#2a5aa6" stroke-width="3"/>${face("#f2c6a0")}${dots()}${smile()}` +
    `<ellipse cx="32" cy="25" rx="23" ry="5" fill="#e8c35a"/><path d="M20 25 q1 -13 12 -13 q11 0 12 13z" fill="#f0d27a"/><path d="M20.5 22 h23" stroke="#c0392b" stroke-width="2.5"/>`,
  // A cow.
  e3: (bg) =>
    `<circle cx="32" cy="32" r="32" fill="${bg}"/><path d="M14 22 q-8 -2 -10 -8 q8 0 13 4z M50 22 q8 -2 10 -8 q-8 0 -13 4z" fill="#f4f1e8" stroke="#8b5a2b" stroke-width="1.5"/>` +
    `<path d="M22 16 q-2 -6 2 -9 M42 16 q2 -6 -2 -9" stroke="#e7d9b0" stroke-width="3.5" stroke-linecap="round"/><ellipse cx="32" cy="32" rx="17" ry="18" fill="#f4f1e8"/><path d="M18 24 q6 -6 11 0 q-2 7 -9 6z" fill="#8b5a2b"/><path d="M41 40 q6 -3 8 3 q-4 4 -8 1z" fill="#8b5a2b"/>` +
    `<ellipse cx="32" cy="44" rx="11" ry="8" fill="#e7b7a5"/><ellipse cx="28" cy="44" rx="1.8" ry="2.5" fill="#6b3a2b"/><ellipse cx="36" cy="44" rx="1.8" ry="2.5" fill="#6b3a2b"/>${dots(30, 6)}`,
  // A chicken.
  e4: (bg) =>
    `<circle cx="32" cy="32" r="32" fill="${bg}"/><ellipse cx="32" cy="40" rx="16" ry="16" fill="#fffaf0"/><path d="M25 18 q2 -8 6 -3 q2 -7 6 -1 q4 -5 5 3 q-8 4 -17 1z" fill="#d9453f"/>` +
    `<circle cx="32" cy="31" r="12" fill="#fffaf0"/><path d="M28 35 l4 6 l4 -6z" fill="#e07b22"/><path d="M30 41 q2 5 4 0" fill="#d9453f"/>${dots(30, 5)}<path d="M16 42 q-5 4 -3 9 q5 -1 7 -5" fill="#f0e6d0"/><path d="M48 42 q5 4 3 9 q-5 -1 -7 -5" fill="#f0e6d0"/>`,
  // A scientist with glasses and wild hair.
  e5: (bg) =>
    `<circle cx="32" cy="32" r="32" fill="${bg}"/>${body("#f4f4f4")}<path d="M29 50 l3 8 l3 -8" fill="#3d7bd9"/><path d="M15 32 q-4 -10 3 -14 q0 -8 9 -7 q5 -6 11 -1 q9 -2 9 7 q7 4 2 15 q-3 -10 -17 -12 q-14 2 -17 12z" fill="#dfe3ea"/>${face("#f5d0b0")}` +
    `<circle cx="26" cy="35" r="4.5" fill="none" stroke="#1a1030" stroke-width="1.8"/><circle cx="38" cy="35" r="4.5" fill="none" stroke="#1a1030" stroke-width="1.8"/><path d="M30.5 35 h3" stroke="#1a1030" stroke-width="1.8"/>${dots(35, 6)}<path d="M28 43 h8" stroke="#1a1030" stroke-width="2" stroke-linecap="round"/>`,
  // A boy in a cap.
  e8: (bg) =>
    `<circle cx="32" cy="32" r="32" fill="${bg}"/>${body("#e0b422")}${face("#a86b45")}${dots(37)}${smile(44)}` +
    `<path d="M16 31 q0 -15 16 -15 q16 0 16 15z" fill="#d9453f"/><path d="M30 29 h25 q-2 5 -12 5 h-13z" fill="#b03530"/><circle cx="32" cy="16.5" r="2" fill="#b03530"/>`,
  // A tank of the earthlings' army, ready to roll.
  tank: (bg) =>
    `<circle cx="32" cy="32" r="32" fill="${bg}"/><rect x="10" y="40" width="44" height="12" rx="6" fill="#3d4a2a"/><circle cx="17" cy="46" r="3.5" fill="#8a9a6a"/><circle cx="27" cy="46" r="3.5" fill="#8a9a6a"/><circle cx="37" cy="46" r="3.5" fill="#8a9a6a"/><circle cx="47" cy="46" r="3.5" fill="#8a9a6a"/>` +
    `<path d="M12 40 l4 -8 h32 l4 8z" fill="#6b8f3a"/><rect x="21" y="22" width="20" height="11" rx="5" fill="#7fa34a"/><rect x="39" y="25" width="17" height="4" rx="2" fill="#4d6b26"/><path d="M31 24.5 l1.2 2.5 l2.7 0.3 l-2 1.8 l0.6 2.7 l-2.5 -1.4 l-2.5 1.4 l0.6 -2.7 l-2 -1.8 l2.7 -0.3z" fill="#ffd866"/>`,
};

// ------------------------------------------------------------------------------ robots
// Each built-in bot has its own robot: colours and a face that says how it plays.
function robot({ metal, trim, eyes, mouth, bg, saucer = false, shield = false, brain = false }) {
  const eyeSets = {
    round: `<circle cx="25" cy="33" r="5" fill="#1a1030"/><circle cx="39" cy="33" r="5" fill="#1a1030"/><circle cx="26" cy="32" r="2" fill="${trim}"/><circle cx="40" cy="32" r="2" fill="${trim}"/>`,
    visor: `<rect x="19" y="28" width="26" height="9" rx="4.5" fill="#1a1030"/><rect x="22" y="31" width="20" height="3" rx="1.5" fill="${trim}"/>`,
    angry: `<path d="M19 28 l11 4 M45 28 l-11 4" stroke="#1a1030" stroke-width="2.5" stroke-linecap="round"/><circle cx="25" cy="35" r="3.5" fill="${trim}"/><circle cx="39" cy="35" r="3.5" fill="${trim}"/>`,
    dice: `<rect x="20" y="28" width="10" height="10" rx="2" fill="#f4f1e8"/><circle cx="23" cy="31" r="1.2" fill="#1a1030"/><circle cx="27" cy="35" r="1.2" fill="#1a1030"/><rect x="34" y="28" width="10" height="10" rx="2" fill="#f4f1e8"/><circle cx="39" cy="33" r="1.3" fill="#1a1030"/>`,
    square: `<rect x="20" y="29" width="9" height="8" fill="#1a1030"/><rect x="35" y="29" width="9" height="8" fill="#1a1030"/><rect x="22" y="31" width="3" height="3" fill="${trim}"/><rect x="37" y="31" width="3" height="3" fill="${trim}"/>`,
  };
  const mouths = {
    grille: `<rect x="24" y="41" width="16" height="6" rx="2" fill="#1a1030"/><path d="M28 41 v6 M32 41 v6 M36 41 v6" stroke="${metal}" stroke-width="1.2"/>`,
    flat: `<path d="M25 44 h14" stroke="#1a1030" stroke-width="2.5" stroke-linecap="round"/>`,
    smile: `<path d="M25 42 q7 6 14 0" stroke="#1a1030" stroke-width="2.5" fill="none" stroke-linecap="round"/>`,
    zig: `<path d="M24 44 l3 -3 l3 3 l3 -3 l3 3 l3 -3 l2 2" stroke="#1a1030" stroke-width="2" fill="none" stroke-linejoin="round"/>`,
  };
  const antenna = brain
    ? `<path d="M17 20 q0 -15 15 -15 q15 0 15 15z" fill="#bfe9ff" opacity="0.45" stroke="#e6f7ff" stroke-width="1.4"/><path d="M21 19 q0 -9 11 -10 q11 1 11 10z" fill="#ffb3c7"/><path d="M24 15 q3 -3 6 0 q3 -3 6 0 q2 -2 4 1" stroke="#d9708f" stroke-width="1.4" fill="none"/>`
    : `<path d="M32 18 V9" stroke="${trim}" stroke-width="2.5"/><circle cx="32" cy="8" r="3.5" fill="${trim}"/>`;
  const ears = `<rect x="10" y="29" width="5" height="11" rx="2" fill="${trim}"/><rect x="49" y="29" width="5" height="11" rx="2" fill="${trim}"/>`;
  const head = `<rect x="14" y="18" width="36" height="33" rx="8" fill="${metal}"/><rect x="14" y="18" width="36" height="6" rx="3" fill="#ffffff" opacity="0.25"/>${eyeSets[eyes]}${mouths[mouth]}`;
  const ride = saucer
    ? `<ellipse cx="32" cy="53" rx="27" ry="7" fill="#9aa3b8"/><ellipse cx="32" cy="50.5" rx="27" ry="5" fill="#c7cede"/><circle cx="16" cy="53" r="2" fill="${trim}"/><circle cx="32" cy="56" r="2" fill="${trim}"/><circle cx="48" cy="53" r="2" fill="${trim}"/>`
    : "";
  const guard = shield
    ? `<path d="M44 38 h14 v9 q0 8 -7 11 q-7 -3 -7 -11z" fill="${trim}" stroke="#1a1030" stroke-width="1.5"/><path d="M51 41 v14 M46 47 h10" stroke="#1a1030" stroke-width="1.5"/>`
    : "";
  return `<circle cx="32" cy="32" r="32" fill="${bg}"/>${antenna}${ears}${head}${ride}${guard}`;
}


// ------------------------------------------------------------------------------ the list
// The ids are the protocol's (welcome.avatars; the bots' in welcome.bots).
const MARTIANS = {
  "martian-green": { skin: "#7fe07f", shade: "#3f9a3f", eyes: "two", top: "antennae", bg: "#2b1d4a" },
  "martian-purple": { skin: "#b59cff", shade: "#6f4fc9", eyes: "three", top: "antenna", mouth: "o", bg: "#1b3a24" },
  "martian-red": { skin: "#ff7a7a", shade: "#b83a3a", eyes: "two", top: "horns", mouth: "fangs", bg: "#1b3a24" },
  "martian-blue": { skin: "#8fc3ff", shade: "#3f7ac4", eyes: "sleepy", top: "dome", mouth: "grin", bg: "#3a2c66" },
  "martian-cyclops": { skin: "#c6f06b", shade: "#7a9a2b", eyes: "one", top: "ears", bg: "#25406a" },
  "martian-squid": { skin: "#ff9acb", shade: "#c4507f", eyes: "two", top: "tentacles", mouth: "o", bg: "#25406a" },
};
const EARTH = {
  "human-farmer": ["e1", "#25406a"],
  "human-kid": ["e8", "#3a2c66"],
  "human-scientist": ["e5", "#2b1d4a"],
  cow: ["e3", "#1b3a24"],
  chicken: ["e4", "#4a3a20"],
  tank: ["tank", "#3a2c66"],
};
const ROBOTS = {
  "bot-robot": { metal: "#c7cede", trim: "#ffd866", eyes: "dice", mouth: "zig", bg: "#3a2c66" },
  "bot-saucer": { metal: "#e0c060", trim: "#ff6fae", eyes: "angry", mouth: "grille", bg: "#25406a", saucer: true },
  "bot-shield": { metal: "#8fb3d9", trim: "#7fe07f", eyes: "visor", mouth: "flat", bg: "#1b3a24", shield: true },
  "bot-brain": { metal: "#b59cff", trim: "#7fe07f", eyes: "square", mouth: "smile", bg: "#2b1d4a", brain: true },
};
// The robot of each built-in bot, as welcome.bots names it (the protocol's defaults).
const BOT_AVATARS = { random: "bot-robot", aggressive: "bot-saucer", greedy: "bot-saucer", defensive: "bot-shield" };

// Every avatar a person may pick: the server's list, as far as the page can draw it.
export function avatarIds(welcome) {
  const ids = welcome && Array.isArray(welcome.avatars) ? welcome.avatars : [...Object.keys(MARTIANS), ...Object.keys(EARTH)];
  return ids.filter((id) => MARTIANS[id] || EARTH[id]);
}

function drawing(id) {
  if (MARTIANS[id]) return martian(MARTIANS[id]);
  if (EARTH[id]) return EARTHLINGS[EARTH[id][0]](EARTH[id][1]);
  if (ROBOTS[id]) return robot(ROBOTS[id]);
  return null;
}


// The picture of a seat (or any player-like {avatar, bot, human}): a bot's robot, a person's
// choice, else a martian picked from the name, so that each seat still looks its own. Decorative
// (aria-hidden) unless `label` is given.
export function avatarOf(player, { size = 32, label = null, extra = "" } = {}) {
  const plays = player && player.bot && !player.human;
  const fallback = plays ? BOT_AVATARS[player.bot] || "bot-brain" : Object.keys(MARTIANS)[hash(player && player.name) % 6];
  const id = drawing(player && player.avatar) ? player.avatar : fallback;
  const named = label ? ` role="img" aria-label="${esc(label)}"` : ' aria-hidden="true"';
  return `<svg class="avatar ${extra}" data-avatar="${esc(id)}" viewBox="0 0 64 64" width="${size}" height="${size}"${named} focusable="false">${drawing(id)}</svg>`;
}

// The picture of one avatar by id (the picker), decorative.
export function avatarPicture(id, size = 48) {
  return `<svg class="avatar" data-avatar="${esc(id)}" viewBox="0 0 64 64" width="${size}" height="${size}" aria-hidden="true" focusable="false">${drawing(id) || ""}</svg>`;
}

export function avatarName(id) {
  return t("web-avatar", { avatar: id });
}

function hash(text) {
  let h = 0;
  for (const c of String(text || "")) h = (h * 31 + c.codePointAt(0)) >>> 0;
  return h;
}

export function savedAvatar() {
  try {
    const id = localStorage.getItem(STORAGE_KEY);
    return MARTIANS[id] || EARTH[id] ? id : null;
  } catch {
    return null;
  }
}

export function saveAvatar(id) {
  try {
    localStorage.setItem(STORAGE_KEY, id);
  } catch {
    // private windows: the choice lasts for this page
  }
}

// A new visitor's picture: one of `ids` at random (so that not everyone starts as the same one),
// remembered at once, so that it stays theirs until they pick another.
export function newcomerAvatar(ids = [...Object.keys(MARTIANS), ...Object.keys(EARTH)]) {
  const id = ids[Math.floor(Math.random() * ids.length) % ids.length];
  saveAvatar(id);
  return id;
}

// A radio group of every avatar (a fieldset named by its legend), the chosen one checked.
export function avatarPicker(name, chosen, ids) {
  const options = ids.map(
    (id) => `<label class="avatar-choice" title="${esc(avatarName(id))}"><input type="radio" name="${name}" value="${id}"${id === chosen ? " checked" : ""}>
      ${avatarPicture(id, 40)}<span class="visually-hidden">${esc(avatarName(id))}</span></label>`,
  ).join("");
  return `<fieldset class="avatars" id="${name}-field"><legend>${esc(t("web-avatar-pick"))}</legend><div class="avatar-grid">${options}</div></fieldset>`;
}
