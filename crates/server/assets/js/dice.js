// The five faces drawn as small pictures, and dice in words for screen readers.
import { t } from "../i18n.js";
import { esc } from "./dom.js";

// The protocol's face letters and the messages' face names.
export const FACE_NAMES = { T: "tank", R: "death-ray", H: "human", C: "cow", K: "chicken" };
export const FACES = ["T", "R", "H", "C", "K"];

const FACE_SVG = {
  T: '<rect x="7" y="19" width="26" height="9" rx="3"/><rect x="13" y="13" width="13" height="7" rx="2"/><rect x="25" y="15" width="10" height="3"/><circle cx="12" cy="30" r="3"/><circle cx="20" cy="30" r="3"/><circle cx="28" cy="30" r="3"/>',
  R: '<polygon points="22,4 10,22 18,22 14,36 30,16 21,16 26,4"/>',
  H: '<circle cx="20" cy="10" r="5"/><rect x="15" y="16" width="10" height="12" rx="3"/><rect x="15" y="27" width="4" height="9"/><rect x="21" y="27" width="4" height="9"/><rect x="9" y="17" width="5" height="3" transform="rotate(25 11 18)"/><rect x="26" y="17" width="5" height="3" transform="rotate(-25 28 18)"/>',
  C: '<ellipse cx="20" cy="22" rx="11" ry="10"/><ellipse cx="20" cy="28" rx="7" ry="5" class="muzzle"/><path d="M9 14 L5 8 L12 12 Z"/><path d="M31 14 L35 8 L28 12 Z"/><circle cx="16" cy="19" r="2" class="eye"/><circle cx="24" cy="19" r="2" class="eye"/>',
  K: '<ellipse cx="19" cy="24" rx="11" ry="9"/><circle cx="27" cy="14" r="6"/><path d="M25 6 q2 -4 4 0 q2 -3 3 1 z" class="comb"/><polygon points="32,13 37,15 32,17" class="beak"/><circle cx="28" cy="13" r="1.5" class="eye"/>',
};

export function count(dice, face) {
  return [...(dice || "")].filter((c) => c === face).length;
}

// Rolls in records and transcripts may be written with counts (`2T3RH`): spelled out face by face.
export function expand(written) {
  let out = "";
  let n = "";
  for (const c of written || "") {
    if (c >= "0" && c <= "9") n += c;
    else {
      out += c.repeat(n ? Number(n) : 1);
      n = "";
    }
  }
  return out;
}

// "3 tanks, 2 death rays and 1 cow"; "nothing" for no dice.
export function diceWords(dice) {
  const parts = FACES.filter((f) => count(dice, f) > 0).map((f) => t("face-count", { face: FACE_NAMES[f], count: count(dice, f) }));
  return listAnd(parts) || t("dice-nothing");
}

export function listAnd(parts) {
  if (parts.length <= 1) return parts[0] || "";
  return t("list-and", { first: parts.slice(0, -1).join(", "), last: parts[parts.length - 1] });
}

// One die, decorative: the row it is in carries the words.
export function die(face, extra = "", index = 0) {
  return `<span class="die face-${face} ${extra}" style="--i:${index}" data-face="${face}" aria-hidden="true"><svg viewBox="0 0 40 40">${FACE_SVG[face]}</svg></span>`;
}

// A row of dice named in words for screen readers ("3 tanks, 2 death rays…").
export function diceRow(dice, { extra = "", id = "", label = null } = {}) {
  const words = label || diceWords(dice);
  const idAttr = id ? ` id="${id}"` : "";
  if (!dice) return `<span class="dice"${idAttr}><span class="muted">${esc(t("web-nothing-yet"))}</span></span>`;
  const faces = [...dice].map((f, i) => die(f, extra, i)).join("");
  return `<span class="dice"${idAttr} role="img" aria-label="${esc(words)}">${faces}</span>`;
}

// The picture of one face for labels and buttons (decorative).
export function faceIcon(face) {
  return die(face, "tiny");
}
