// The special cards' decisions at the table (S5-S13): what a hand card's button does in each
// phase, the two-step choices (a card, then its colour or side; the Witch's card to put in,
// then the card to take), and the buttons of the Werewolf's call, the Vampire's choice and
// the Cloud's change. Everything legal comes from the view (view.legal); this module only
// groups those actions by the card they begin with and words them.
import { cardFace } from "../lib/cards.js";
import { el } from "../lib/dom.js";
import { SUITS, aceOf } from "../lib/notation.js";
import { cardName, howName, t } from "../lib/words.js";

// The verb of the actions a hand card stands for, by phase.
const HAND_VERBS = { playing: "play", passing: "pass", witch: "witch" };
// The phases whose whole decision is a row of buttons.
const BUTTON_PHASES = ["werewolf", "vampire", "cloud"];

let picked = null; // {at, card}: the hand card picked for a two-step choice, at the view `at`

function moment(view) {
  return `${view.game?.id}:${view.game?.moves}:${view.human}`;
}

/** The hand card picked for a two-step choice in this view, or null. */
export function pickedCard(view) {
  return picked?.at === moment(view) ? picked.card : null;
}

/** Pick a hand card whose action needs a second choice (input.js, on a data-pick button). */
export function pickCard(view, card) {
  picked = { at: moment(view), card };
}

/** The legal actions a hand card begins: `play Juggler H`, `pass 7H`, `witch 4C AC`. */
function actionsOf(view, card) {
  const verb = HAND_VERBS[view.phase];
  if (!verb) return [];
  return view.legal.filter((a) => a === `${verb} ${card}` || a.startsWith(`${verb} ${card} `));
}

/**
 * What a hand card's button does now in a special-card game: {action} (one action), {pick} (a
 * second choice follows: a colour, a side, or the Witch's card to take), or null (nothing now).
 */
export function handIntent(view, card) {
  if (!view.your_turn) return null;
  const actions = actionsOf(view, card);
  if (actions.length === 0) return null;
  if (actions.length === 1 && view.phase !== "witch") return { action: actions[0] };
  return { pick: card };
}

/** The buttons of the decision in the middle: a step's choices, or a picked card's. */
export function specialDecision(view) {
  if (!view.your_turn || !view.specials) return null;
  const card = pickedCard(view);
  if (card) {
    return choiceGroup(view, actionsOf(view, card), t("choice.label.pick", { card: cardName(card, view.theme) }));
  }
  if (BUTTON_PHASES.includes(view.phase)) return choiceGroup(view, view.legal, t(`choice.label.${view.phase}`));
  return null;
}

/** The prompt above the hand in a special phase or during a two-step choice; null: the base game's. */
export function specialPrompt(view) {
  if (!view.specials || !view.your_turn) return null;
  const card = pickedCard(view);
  if (card) {
    const kind = view.phase === "witch" ? "witch_take" : pickKind(actionsOf(view, card));
    return t(`prompt.pick.${kind}`, { card: cardName(card, view.theme) });
  }
  if (view.phase === "passing") {
    const left = view.players[(view.seat + 1) % view.players.length].name;
    return t("prompt.passing", { name: left });
  }
  if (view.phase === "playing" || view.phase === "bidding" || view.phase === "trump") return null;
  return t(`prompt.special.${view.phase}`);
}

/** What a second choice is about: a colour, or a Wizard or a Jester (the Shapeshifter's side). */
function pickKind(actions) {
  const last = actions[0]?.split(" ").at(-1);
  return SUITS.includes(last) ? "colour" : "side";
}

function choiceGroup(view, actions, label) {
  const group = el("div", "special-choice");
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", label);
  for (const action of actions) group.append(choiceButton(view, action));
  const first = group.querySelector("button");
  for (const button of group.querySelectorAll("button")) button.tabIndex = button === first ? 0 : -1;
  return group;
}

function choiceButton(view, action) {
  const button = el("button", "suit-button special-button");
  button.type = "button";
  button.dataset.action = action;
  const { face, name } = choiceWords(view, action);
  if (face) button.append(cardFace(face, view.theme, true));
  button.append(el("span", "suit-button-name", name));
  button.setAttribute("aria-label", name);
  return button;
}

/** A choice's words and the card face shown beside them. */
function choiceWords(view, action) {
  const words = action.split(" ");
  const last = words.at(-1);
  if (words[0] === "cloud") {
    const bid = view.bids[view.seat];
    const to = bid === null || bid === undefined ? null : bid + Number(last);
    return { face: null, name: to === null ? t(`choice.cloud.${last}`) : t(`choice.cloud_to.${last}`, { bid: to }) };
  }
  if (words[0] === "witch") return { face: last, name: cardName(last, view.theme) };
  if (last === "none") return { face: null, name: t("choice.no_trump") };
  return { face: SUITS.includes(last) ? aceOf(last) : last, name: howName(last, view.theme) };
}

/** The marks on a trick card of a special game: the colour or side it was played as, what a Vampire copied. */
export function playMarks(view, shown, index) {
  const marks = [];
  const how = shown.hows?.[index];
  const copy = shown.copies?.[index];
  if (copy) marks.push(t("trick.copies", { card: cardName(copy, view.theme) }));
  const words = how && howName(how, view.theme);
  if (how) marks.push(SUITS.includes(how) ? t("trick.named", { suit: words }) : t("trick.played_as", { card: words }));
  return marks;
}

/** The trick's own notes: bombed (nobody takes it), the Witch's swaps. */
export function trickNotes(view, shown) {
  const notes = [];
  if (shown.bombed) notes.push(t("trick.bombed"));
  for (const swap of shown.swaps ?? []) {
    const name = view.players[swap.seat].name;
    const cards = { put: cardName(swap.put, view.theme), took: cardName(swap.took, view.theme) };
    notes.push(swap.seat === view.human ? t("trick.swap_you", cards) : t("trick.swap", { name, ...cards }));
  }
  return notes;
}

/** The last pass of the round as this seat saw it (S14: the card it gave and the card it got), or "". */
export function passNote(view) {
  const pass = view.specials?.passes?.at(-1);
  if (!pass || view.human === null) return "";
  const count = view.players.length;
  return t("pass.seen", {
    gave: cardName(pass.gave, view.theme), got: cardName(pass.got, view.theme),
    left: view.players[(view.human + 1) % count].name, right: view.players[(view.human + count - 1) % count].name,
  });
}
