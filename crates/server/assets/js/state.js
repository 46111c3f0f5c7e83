// What the page knows: the room it was last sent, its own seat, and a few choices of its own.
// The server is authoritative; nothing here decides a rule.
import { t } from "../i18n.js";

export const state = {
  welcome: null,
  roomId: null,
  seat: null,
  // In line for a seat at the next game.
  waiting: false,
  room: null,
  advice: null,
  // The solver's tables a bot waits for, being computed (the last `solving` message).
  solving: null,
  // The strategy card the coach quotes, once chosen on this page (see coach.js).
  coachCardLines: null,
  coachOn: false,
  // The last turn that ended, held on screen (see game.js).
  outcome: null,
  freshRoll: false,
  deadlineAt: null,
  // A "play against a bot" request waiting for its room.
  quickStart: false,
  botChoice: "medium",
  leaving: false,
  // The picture this page plays under (remembered with the name).
  avatar: null,
  // Quick match: the table size asked for, the request (sent again after a lost connection), and
  // the queue's state while waiting.
  matchPlayers: 2,
  // A signed-in page may ask for a rated table (the "Rated" box beside Quick match).
  matchRated: false,
  matchRequest: null,
  matching: null,
  // The live list of public rooms, and this browser's games (my_rooms), as last sent.
  publicRooms: null,
  myRooms: null,
  // A code or a join on its way; a room whose seat is given up from the home page.
  pendingCode: null,
  pendingJoin: null,
  pendingLeaveRoom: null,
  confirmLeaveRoom: null,
  // The seat was taken up in another tab: this one stands aside.
  stale: false,
  // The Leave button asks first: true while its question is shown.
  confirmLeave: false,
};

export function isHost() {
  return Boolean(state.room && state.seat != null && state.seat === state.room.host);
}

// Whether the reader is to move now (in `room`, the room shown by default).
export function myTurn(room = state.room) {
  const game = room && room.game;
  return Boolean(game && state.seat != null && game.to_move === state.seat && room.status === "playing");
}

// "yes" when `seat` is the reader's own, for the messages that speak to the reader as "you".
export function youOr(seat) {
  return seat != null && seat === state.seat ? "yes" : "no";
}

export function seatName(room, seat) {
  return playerName(room.seats[seat]);
}

// The server seats bots under their command-line name ("hard", "hard 2"): the page shows it in
// the reader's words. People, and seats a bot took over, keep their own names.
export function playerName(player) {
  if (!player) return "?";
  const { name, bot } = player;
  if (!bot || player.human) return name;
  if (name === bot) return t("web-bot-name", { bot });
  const number = name.startsWith(`${bot} `) ? name.slice(bot.length + 1) : "";
  if (/^[0-9]+$/.test(number)) return t("web-bot-numbered", { bot, number: Number(number) });
  return name;
}

// The mark beside a name an account holds (its holder signed in as it), read as words by screen
// readers; nothing for a guest's name. `claimed` comes with seats, chat lines and listed seats.
export function claimedMark(player) {
  if (!player || !player.claimed) return "";
  const words = t("web-claimed-name");
  return ` <span class="claimed-mark" title="${words}"><span aria-hidden="true">✔</span><span class="visually-hidden">(${words})</span></span>`;
}

const TOKEN_KEY = (room) => `martian-dice:seat:${room}`;
export const savedToken = (room) => localStorage.getItem(TOKEN_KEY(room));
export const saveToken = (room, token) => localStorage.setItem(TOKEN_KEY(room), token);
export const forgetToken = (room) => localStorage.removeItem(TOKEN_KEY(room));

export function savedName() {
  return localStorage.getItem("martian-dice:name") || "";
}
export function saveName(name) {
  localStorage.setItem("martian-dice:name", name);
}
