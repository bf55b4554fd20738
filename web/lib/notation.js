// The engine's card notation, the one home of the card alphabet in the page: "7H",
// "TD", "AS" (rank letter, suit letter), "Z" (a Wizard), "N" (a Jester), and the special
// cards of the anniversary boxes by their names ("Dragon", "Juggler"). Only this module
// reads or writes notation; which cards a deck holds, how many of each and what they do
// are the engine's (describe().deck, the view).

/** The suit letters, in the engine's order (clubs, diamonds, hearts, spades). */
export const SUITS = "CDHS";
/** The rank letters, lowest first. */
const RANKS = "23456789TJQKA";
/** A Wizard's notation, and a Jester's. */
export const WIZARD = "Z";
export const JESTER = "N";
/** The kind of every special card (S1): they are grouped together in a hand. */
export const SPECIAL = "X";
// A special card is written by its name: a capital and small letters (which ones the engine says).
const SPECIAL_NAME = /^[A-Z][a-z]+$/;

/** A suited card's rank letter ("7", "T", "Q"); null for a Wizard, a Jester or a special card. */
export function rankOf(card) {
  return isSpecial(card) ? null : card[0];
}

/** A suited card's suit letter ("H"); null for a Wizard, a Jester or a special card. */
export function suitOf(card) {
  return isSpecial(card) ? null : card[1];
}

/** A card's kind, what a hand is grouped by: its suit letter, "Z", "N", or SPECIAL. */
export function kindOf(card) {
  if (isSpecialCard(card)) return SPECIAL;
  return suitOf(card) ?? card;
}

/** Whether `card` is one of the anniversary boxes' special cards ("Dragon"). */
export function isSpecialCard(card) {
  return SPECIAL_NAME.test(card ?? "");
}

/** A suited card's rank as a number, 1 (the 2) to 13 (the ace): the Amigo deck prints it. */
export function rankNumber(card) {
  return RANKS.indexOf(rankOf(card)) + 1;
}

const CARD = new RegExp(`^([${RANKS}][${SUITS}]|${WIZARD}|${JESTER})$`);

/** Whether `card` is a notation of a card of the base deck: "7H", "Z", "N". */
export function isCard(card) {
  return CARD.test(card ?? "");
}

/** The ace of `suit` (a suit letter): the card a suit is shown by. */
export function aceOf(suit) {
  return `${RANKS.at(-1)}${suit}`;
}

function isSpecial(card) {
  return card === WIZARD || card === JESTER || isSpecialCard(card);
}
