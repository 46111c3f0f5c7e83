// Small helpers for building the page as HTML text: escaping, and keeping focus across redraws.

export const byId = (id) => document.getElementById(id);

export function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

// Runs `redraw` and puts the focus back where it was when the element that had it is drawn again
// (found by its id or data key); `fallback` names where focus goes when that element is gone but
// focus was inside `area` (so keyboard players never fall back to the top of the page).
export function keepFocus(redraw, area) {
  const active = document.activeElement;
  const inArea = area && active && active !== document.body && active.closest(area);
  const key = active && active !== document.body ? focusKey(active) : null;
  redraw();
  if (!key && !inArea) return;
  const again = key ? document.querySelector(key) : null;
  const box = area ? document.querySelector(area) : null;
  if (again && !again.disabled && !(again === box && firstControl(box))) {
    again.focus({ preventScroll: true });
    return;
  }
  if (inArea && box) (firstControl(box) || box).focus({ preventScroll: true });
}

function firstControl(box) {
  return box.querySelector("button:not([disabled]), [href], input:not([disabled])");
}

function focusKey(element) {
  if (element.id) return `#${CSS.escape(element.id)}`;
  for (const attr of ["data-act", "data-remove", "data-hand", "data-mute", "data-say", "data-replay", "data-copy", "data-sit", "data-leave-room", "data-leave-yes", "data-leave-no"]) {
    const value = element.getAttribute(attr);
    if (value != null) return `[${attr}="${CSS.escape(value)}"]`;
  }
  return null;
}
