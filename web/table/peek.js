// The last trick, looked at again during the next one: a button beside the trick
// opens it over the trick's felt (the same places, its winner marked), the button
// again, Escape or the next trick's end closes it. Nothing here changes the game.
import { $ } from "../lib/dom.js";
import { trickCard } from "./trick.js";
import { t } from "../lib/words.js";

let view = null; // the view last drawn (its last_trick is what the peek shows)

/** Wire the button and Escape (once, by app.js). */
export function bindPeek() {
  $("peek-button").addEventListener("click", () => (peekOpen() ? closePeek() : openPeek()));
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !peekOpen() || document.querySelector("dialog[open]")) return;
    event.preventDefault();
    const inside = $("peek").contains(document.activeElement);
    closePeek();
    if (inside) $("peek-button").focus();
  });
}

export function peekOpen() {
  return !$("peek").hidden;
}

function openPeek() {
  if (!view?.last_trick) return;
  $("peek").hidden = false;
  $("peek-button").setAttribute("aria-expanded", "true");
  $("peek-button").textContent = t("peek.hide");
  drawPeek(view);
}

export function closePeek() {
  $("peek").hidden = true;
  $("peek-button").setAttribute("aria-expanded", "false");
  $("peek-button").textContent = t("peek.show");
}

/** Keep the view; redraw the open peek from it. */
export function drawPeek(shown) {
  view = shown;
  $("peek-button").textContent = t(peekOpen() ? "peek.hide" : "peek.show");
  if (!peekOpen()) return;
  const box = $("peek-trick");
  box.replaceChildren();
  box.dataset.players = String(view.players.length);
  for (const play of view.last_trick.plays) {
    const card = trickCard(view, view.last_trick, play, true);
    // The peek's cards are not the trick's: motion.js's hooks stay on #trick alone.
    card.dataset.peekSeat = card.dataset.seat;
    card.dataset.peekCard = card.dataset.card;
    delete card.dataset.seat;
    delete card.dataset.card;
    box.append(card);
  }
  $("peek-title").textContent = t("peek.title", { number: view.tricks.length });
}
