// What a screen reader hears after each view (the polite #log region): the
// others' moves, who took a trick, the round's result, and that it is your
// turn. Words come from the catalogue; what happened comes from game.js.
import { cardName, howName, signed, suitName, t } from "../lib/words.js";

/** The announcement for the step from `before` to `view`, or "" when there is nothing to say. */
export function announcement(before, view, events) {
  if (!before || events.fresh || events.resumed) return "";
  if (events.resultGone) return turnText(view); // (the round's result held it back: game.js)
  const words = [];
  const last = view.last_action;
  if (last && last.seat !== view.human) words.push(actionText(view, last));
  if (events.trickDone && view.last_trick) {
    const winner = view.last_trick.winner;
    if (winner === null) words.push(t("announce.bombed")); // a Bomb (S9)
    else if (winner === view.human) words.push(t("announce.you_take"));
    else words.push(t("announce.takes", { name: view.players[winner].name }));
  }
  if (events.roundEnded && view.human !== null) {
    const row = view.score_pad.at(-1)[view.human];
    const round = view.score_pad.length;
    words.push(t("announce.round_over", { round, bid: row.bid, taken: row.taken, points: signed(row.points) }));
  }
  // The next round's turn waits while the round's result is on the table (`held`), not to contradict it.
  if (!events.held && (!before.your_turn || events.roundEnded || events.trickDone)) words.push(turnText(view));
  return words.join(" ").trim();
}

/** "Your turn to bid." when it is (only a person at this device has a turn: Watch mode views a bot's seat). */
function turnText(view) {
  const yours = view.human !== null && view.your_turn;
  return yours ? t(`announce.turn.${view.phase}`) : "";
}

/** "Merlin bids 2.", "Merlin plays queen of spades.", "Merlin chooses hearts as trump." */
function actionText(view, last) {
  const name = view.players[last.seat].name;
  const [verb, arg, how] = last.action.split(" ");
  if (verb === "bid") return arg === "?" ? t("announce.has_bid", { name }) : t("announce.bids", { name, bid: arg });
  if (verb === "trump") return t("announce.chooses_trump", { name, suit: suitName(arg, view.theme) });
  if (verb === "play") return t("announce.plays", { name, card: playedText(view, arg, how) });
  return specialText(view, name, verb, arg, how);
}

/** A card as played: "queen of spades", "Juggler (hearts)" (a special card's colour or side, S5, S11). */
function playedText(view, card, how) {
  if (!how) return cardName(card, view.theme);
  return t("announce.card_how", { card: cardName(card, view.theme), how: howName(how, view.theme) });
}

/** A special card's step (S10-S13): "Merlin calls hearts.", "Merlin passes a card." */
function specialText(view, name, verb, arg, how) {
  const card = (notation) => cardName(notation, view.theme);
  if (verb === "call" && arg === "none") return t("announce.calls_none", { name });
  if (verb === "call") return t("announce.calls", { name, suit: suitName(arg, view.theme) });
  if (verb === "name") return t("announce.names", { name });
  if (verb === "pass") return t("announce.passes", { name });
  if (verb === "cloud") return t("announce.cloud", { name, change: arg });
  return t("announce.witch", { name, put: card(arg), took: card(how) });
}
