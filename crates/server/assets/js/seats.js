// The players' table: pictures and names, who is online, host and bots, scores during a game, and
// the buttons that act on a seat (remove in the lobby, hand an absent player's turns to a bot in a
// game, and the host's mute of a seat's chat).
import { t } from "../i18n.js";
import { esc } from "./dom.js";
import { state, isHost, playerName, claimedMark } from "./state.js";
import { send } from "./net.js";
import { avatarOf } from "./avatars.js";

export function seatTable(room, game) {
  const seated = state.seat != null;
  const rows = room.seats.map((seat, i) => {
    const tags = [];
    if (i === room.host) tags.push(t("web-tag-host"));
    if (i === state.seat) tags.push(t("web-tag-you"));
    if (seat.bot) tags.push(seat.human ? t("web-tag-bot", { bot: seat.bot }) : t("web-tag-is-bot"));
    if (seat.human && !seat.bot && !seat.connected) tags.push(seat.away ? t("web-tag-away") : t("web-tag-left"));
    if (seat.stand_in && !seat.away) tags.push(t("web-tag-stand-in"));
    if (seat.muted) tags.push(t("web-tag-muted"));
    const score = game ? `<td class="num">${game.scores[i] ?? ""}</td>` : "";
    const turn = game && game.to_move === i && room.status === "playing" ? " to-move" : "";
    const won = game && game.winners && game.winners.includes(i) ? " winner" : "";
    let action = "";
    if (room.status === "lobby" && isHost() && i !== room.host) {
      action = `<button type="button" class="small" data-remove="${i}" data-sends aria-label="${esc(t("web-remove-named", { name: playerName(seat) }))}">${esc(t("web-remove"))}</button>`;
    } else if (room.status !== "lobby" && seated && seat.human && !seat.bot && !seat.connected && !seat.away && i !== state.seat) {
      action = `<button type="button" class="small" data-hand="${i}" data-sends>${esc(t("web-hand-to-bot"))}</button>`;
    }
    if (isHost() && i !== state.seat && seat.human && !seat.bot) {
      const muted = seat.muted ? "yes" : "no";
      // It says what it does: Mute, or Unmute while the seat is muted.
      action += `<button type="button" class="small" data-mute="${i}" data-muted="${seat.muted ? "false" : "true"}" data-sends aria-label="${esc(t("web-mute-named", { name: playerName(seat), muted }))}">${esc(t("web-mute", { muted }))}</button>`;
    }
    const online = seat.connected ? "online" : "offline";
    return `<tr class="seat${turn}${won}" data-seat="${i}">
      <td><div class="seat-cell">${avatarOf(seat, { size: 36, extra: "seat-avatar" })}<div><span class="dot ${online}" aria-hidden="true"></span><span class="visually-hidden">${esc(t("web-online", { online }))}: </span><span class="seat-name">${esc(playerName(seat))}</span>${claimedMark(seat)}
        ${tags.length ? `<small class="muted tags">${esc(tags.join(" · "))}</small>` : ""}</div></div></td>${score}<td class="seat-action">${action}</td></tr>`;
  });
  const head = `<thead${game ? "" : ' class="visually-hidden"'}><tr><th scope="col">${esc(t("web-players"))}</th>${game ? `<th scope="col" class="num">${esc(t("web-score"))}</th>` : ""}<th scope="col"><span class="visually-hidden">${esc(t("web-seat-actions"))}</span></th></tr></thead>`;
  return `<table class="seats">${head}<tbody>${rows.join("")}</tbody></table>${waitingList(room)}`;
}

function waitingList(room) {
  const waiting = room.waiting || [];
  if (!waiting.length) return "";
  const names = waiting.map((w) => `<li>${avatarOf(w, { size: 22 })} ${esc(w.name)}${w.connected ? "" : ` <small class="muted">(${esc(t("web-tag-left"))})</small>`}</li>`).join("");
  return `<div class="waiting"><h3>${esc(t("web-waiting-list"))}</h3><ul>${names}</ul></div>`;
}

export function bindSeatButtons(root) {
  root.querySelectorAll("[data-remove]").forEach((button) => {
    button.onclick = () => send({ type: "remove", seat: Number(button.dataset.remove) });
  });
  root.querySelectorAll("[data-mute]").forEach((button) => {
    button.onclick = () => send({ type: "mute", seat: Number(button.dataset.mute), muted: button.dataset.muted === "true" });
  });
  root.querySelectorAll("[data-hand]").forEach((button) => {
    button.onclick = () => send({ type: "hand_to_bot", seat: Number(button.dataset.hand) });
  });
}
