// The trick on the felt: each card in front of the seat that played it, the led and
// the winning card marked; between tricks the one just finished. Drawn by table.js,
// and by peek.js for the last trick looked at again.
import { cardPicture } from "../lib/cards.js";
import { $, el, nameEl, withNameEl } from "../lib/dom.js";
import { cardName, t } from "../lib/words.js";
import { playMarks, trickNotes } from "./specials.js";

/** The trick being played; between tricks (display.finishedTrick), the one just finished, its winner marked. */
export function drawTrick(view, showFinished) {
  const list = $("trick");
  const title = $("trick-title");
  list.replaceChildren();
  const finished = Boolean(showFinished && view.last_trick);
  const shown = finished ? view.last_trick : view.trick;
  list.classList.toggle("finished", finished);
  list.dataset.players = String(view.players.length);
  if (finished) {
    title.replaceChildren(...tookLastLine(view));
  } else if (view.phase === "playing") {
    title.textContent = t("trick.number", { number: view.tricks.length + 1, count: view.hand_size });
  } else {
    title.textContent = t("trick.title");
  }
  for (const play of shown.plays) list.append(trickCard(view, shown, play, finished));
  if (shown.plays.length === 0) list.append(el("li", "trick-empty", emptyTrickText(view)));
  list.classList.toggle("bombed", Boolean(shown.bombed));
  const notes = trickNotes(view, shown);
  if (notes.length) list.append(el("li", "trick-notes", notes.join(" ")));
}

/**
 * One card of a trick, in front of the seat that played it (trickPlace), its player named
 * on it; the led card and the winning one marked (data-led, data-winner: motion.js's hooks too).
 */
export function trickCard(view, shown, play, finished) {
  const item = el("li", "play");
  item.dataset.seat = String(play.seat);
  item.dataset.card = play.card;
  const [x, y, column] = trickPlace(view, play.seat);
  item.style.setProperty("--fx", String(x));
  item.style.setProperty("--fy", String(y));
  item.style.setProperty("--fc", String(column));
  // The cards at the felt's sides: their tags ("Led", "winning") stay on the felt, over the card and inwards.
  if (x === 0 || x === 1) item.dataset.side = x === 0 ? "left" : "right";
  const led = play === shown.plays[0];
  const winner = play.seat === shown.winner;
  if (led) item.dataset.led = "";
  if (winner) {
    item.dataset.winner = "";
    item.classList.add(finished ? "won" : "winning");
  }
  const name = view.players[play.seat].name;
  const by = play.seat === view.human ? t("trick.played_by_you") : t("trick.played_by", { name });
  const marks = playMarks(view, shown, shown.plays.indexOf(play));
  const notes = [cardName(play.card, view.theme), ...marks, by];
  if (led) notes.push(t("trick.led"));
  if (winner) notes.push(t(finished ? "trick.took_it" : "trick.winning"));
  item.append(cardPicture(play.card, view.theme, notes.join(t("list.comma"))));
  const tags = el("span", "play-tags");
  tags.setAttribute("aria-hidden", "true");
  for (const mark of marks) tags.append(el("span", "play-tag play-how", mark));
  if (led) tags.append(el("span", "play-tag play-led", t("trick.led_mark")));
  if (winner) tags.append(el("span", "play-tag play-note", t(finished ? "trick.took_it" : "trick.winning")));
  if (tags.childElementCount) item.append(tags);
  const label = nameEl("span", "play-name", play.seat === view.human ? t("trick.you") : name);
  label.setAttribute("aria-hidden", "true");
  item.append(label);
  return item;
}

/**
 * Where a seat's card lies on the trick's felt, as fractions [x, y] of the free room (0..1):
 * you at the bottom, your left-hand neighbour at the left, your right-hand one at the right,
 * the others across the top from left to right — as the seats sit around the table. The third
 * number is the card's x where the felt is lower than two cards (the stylesheet's choice: four
 * players; five or six on a phone or a low screen), so that each card has a column of its own: yours lies
 * beside the cards across, never over the foot of one (it hid their player's name, issue 39).
 */
export function trickPlace(view, seat) {
  const count = view.players.length;
  const me = view.open_hands ? 0 : view.human ?? 0;
  const place = (seat - me + count) % count; // 0: you, then clockwise from your left
  if (count === 2) return place === 0 ? [0.5, 1, 0.5] : [0.5, 0, 0.5];
  if (place === 1) return [0, 0.5, 0];
  if (place === count - 1) return [1, 0.5, 1];
  const last = count - 1; // columns 0 (left) .. last (right); yours the middle one, or right of it
  const yours = Math.ceil(last / 2);
  if (place === 0) return [0.5, 1, yours / last];
  const across = place - 1; // 1 .. count - 3: the seats along the top, from the left
  return [across / (count - 2), 0, (across < yours ? across : across + 1) / last];
}

/** "Merlin took the last trick" / "You took the last trick". */
function tookLastText(view) {
  const winner = view.last_trick.winner;
  if (winner === null) return t("trick.bombed_last"); // a Bomb (S9): nobody took it
  return winner === view.human ? t("trick.took_last_you") : t("trick.took_last", { name: view.players[winner].name });
}

/** tookLastText as nodes: the winner's long name cut, not the line (it stands in narrow places). */
export function tookLastLine(view) {
  return withNameEl(tookLastText(view), view.players[view.last_trick.winner]?.name);
}

function emptyTrickText(view) {
  if (view.over) return "";
  if (view.phase !== "playing") return t("trick.after_bidding");
  const leader = view.to_act[0];
  return leader === view.human ? t("trick.you_lead") : t("trick.leads", { name: view.players[leader].name });
}
