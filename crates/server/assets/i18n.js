// The page's language: English or Brazilian Portuguese, from the program's own Fluent files
// (served at /i18n/<tag>.ftl), chosen by the browser's languages unless the player picked one
// with the switch on the page (remembered in localStorage). Every text of the page is
// t("web-…", args) with a literal id, so that the coverage test of the messages sees it.
import { FluentBundle } from "./fluent.js";

export const LANGS = ["en", "pt-BR"];
const STORAGE_KEY = "martian-dice:lang";
const bundles = new Map();
const listeners = [];
let current = "en";

// The language a BCP 47 tag names: any Portuguese is served in Brazilian Portuguese, as the
// program does with its locale; null for other languages.
export function langOf(tag) {
  const language = String(tag || "").split(/[-_.@]/)[0].toLowerCase();
  if (language === "en") return "en";
  if (language === "pt") return "pt-BR";
  return null;
}

// The language to show: the remembered choice, else the first of the browser's languages the
// page speaks, else English.
export function pickLang(stored, browserLanguages) {
  if (LANGS.includes(stored)) return stored;
  for (const tag of browserLanguages || []) {
    const lang = langOf(tag);
    if (lang) return lang;
  }
  return "en";
}

function storedLang() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

// Loads both languages (switching is then instant) and picks the one to show.
export async function loadLanguages() {
  await Promise.all(
    LANGS.map(async (tag) => {
      try {
        const response = await fetch(`/i18n/${tag}.ftl`);
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const bundle = new FluentBundle(tag);
        const errors = bundle.addResource(await response.text());
        if (errors.length) console.warn(`${tag}.ftl:`, errors);
        bundles.set(tag, bundle);
      } catch (error) {
        console.warn(`the ${tag} messages could not be loaded: ${error}`);
      }
    }),
  );
  const languages = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  current = pickLang(storedLang(), languages);
  applyToDocument();
}

export function lang() {
  return current;
}

// A language's own name ("Português (Brasil)"), from its own messages.
export function nativeName(tag) {
  const bundle = bundles.get(tag);
  return bundle && bundle.hasMessage("lang-name") ? bundle.format("lang-name") : tag;
}

// The message `id` in the current language; its id when it is missing.
export function t(id, args = {}) {
  const bundle = bundles.get(current) || bundles.get("en");
  return bundle ? bundle.format(id, args) : id;
}

// The message `id` in a given language (the English keys work in every language).
export function tIn(tag, id, args = {}) {
  const bundle = bundles.get(tag) || bundles.get("en");
  return bundle ? bundle.format(id, args) : id;
}

// Whether the current language has the message `id` (for ids that come from the server).
export function has(id) {
  const bundle = bundles.get(current) || bundles.get("en");
  return Boolean(bundle && bundle.hasMessage(id));
}

// Numbers with decimals, written the reader's way ("42.5%", "42,5%"); `digits` as the server
// chose them (figures that differ never read alike), one by default.
export function percent(fraction, digits = 1) {
  return new Intl.NumberFormat(current, { style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits }).format(fraction);
}

// The arguments of a message the server sent (a coach's or a review's reason): figures with
// decimals come as text with a decimal point ("4.3"), written here with the reader's separator.
export function serverArgs(args) {
  const out = {};
  for (const [name, value] of Object.entries(args || {})) {
    out[name] = typeof value === "string" && /^-?[0-9]+\.[0-9]+$/.test(value) ? value.replace(".", t("decimal-point")) : value;
  }
  return out;
}

export function setLang(tag) {
  if (!LANGS.includes(tag) || tag === current) return;
  current = tag;
  try {
    localStorage.setItem(STORAGE_KEY, tag);
  } catch {
    // Private windows may refuse storage: the choice then lasts for this page only.
  }
  applyToDocument();
  for (const listener of listeners) listener(tag);
}

export function onLangChange(listener) {
  listeners.push(listener);
}

// The static texts of index.html (elements with a data-i18n attribute) and the language of the document.
function applyToDocument() {
  document.documentElement.lang = current;
  for (const element of document.querySelectorAll("[data-i18n]")) element.textContent = t(element.dataset.i18n);
}
