// The players' table: names, who is online, host and bots, scores during a game, and the buttons
// that act on a seat (remove in the lobby, hand an absent player's turns to a bot in a game).
import { t } from "../i18n.js";
import { esc } from "./dom.js";
import { state, isHost, playerName } from "./state.js";
import { send } from "./net.js";

export function seatTable(room, game) {
  const seated = state.seat != null;
  const rows = room.seats.map((seat, i) => {
    const tags = [];
    if (i === room.host) tags.push(t("web-tag-host"));
    if (i === state.seat) tags.push(t("web-tag-you"));
    if (seat.bot) tags.push(seat.human ? t("web-tag-bot", { bot: seat.bot }) : t("web-tag-is-bot"));
    if (seat.human && !seat.bot && !seat.connected) tags.push(seat.away ? t("web-tag-away") : t("web-tag-left"));
    if (seat.stand_in && !seat.away) tags.push(t("web-tag-stand-in"));
    const score = game ? `<td class="num">${game.scores[i] ?? ""}</td>` : "";
    const turn = game && game.to_move === i && room.status === "playing" ? " to-move" : "";
    const won = game && game.winners && game.winners.includes(i) ? " winner" : "";
    let action = "";
    if (room.status === "lobby" && isHost() && i !== room.host) {
      action = `<button type="button" class="small" data-remove="${i}" data-sends aria-label="${esc(t("web-remove-named", { name: playerName(seat) }))}">${esc(t("web-remove"))}</button>`;
    } else if (room.status !== "lobby" && seated && seat.human && !seat.bot && !seat.connected && !seat.away && i !== state.seat) {
      action = `<button type="button" class="small" data-hand="${i}" data-sends>${esc(t("web-hand-to-bot"))}</button>`;
    }
    const online = seat.connected ? "online" : "offline";
    const said = state.said.get(i);
    const bubble = said && said.until > Date.now() ? ` <span class="bubble">${esc(t("web-quick-message", { message: said.message }))}</span>` : "";
    return `<tr class="seat${turn}${won}" data-seat="${i}">
      <td><span class="dot ${online}" aria-hidden="true"></span><span class="visually-hidden">${esc(t("web-online", { online }))}: </span><span class="seat-name">${esc(playerName(seat))}</span>
        ${tags.length ? `<small class="muted tags">${esc(tags.join(" · "))}</small>` : ""}${bubble}</td>${score}<td class="seat-action">${action}</td></tr>`;
  });
  const head = `<thead${game ? "" : ' class="visually-hidden"'}><tr><th scope="col">${esc(t("web-players"))}</th>${game ? `<th scope="col" class="num">${esc(t("web-score"))}</th>` : ""}<th scope="col"><span class="visually-hidden">${esc(t("web-seat-actions"))}</span></th></tr></thead>`;
  return `<table class="seats">${head}<tbody>${rows.join("")}</tbody></table>${waitingList(room)}`;
}

function waitingList(room) {
  const waiting = room.waiting || [];
  if (!waiting.length) return "";
  const names = waiting.map((w) => `<li>${esc(w.name)}${w.connected ? "" : ` <small class="muted">(${esc(t("web-tag-left"))})</small>`}</li>`).join("");
  return `<div class="waiting"><h3>${esc(t("web-waiting-list"))}</h3><ul>${names}</ul></div>`;
}

export function bindSeatButtons(root) {
  root.querySelectorAll("[data-remove]").forEach((button) => {
    button.onclick = () => send({ type: "remove", seat: Number(button.dataset.remove) });
  });
  root.querySelectorAll("[data-hand]").forEach((button) => {
    button.onclick = () => send({ type: "hand_to_bot", seat: Number(button.dataset.hand) });
  });
}
