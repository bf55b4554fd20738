// The engine's card notation, the one home of the card alphabet in the page: "7H",
// "TD", "AS" (rank letter, suit letter), "Z" (a Wizard), "N" (a Jester). The page
// only reads notation; which cards exist in a game and what they do is the engine's.

/** The suit letters, in the engine's order (clubs, diamonds, hearts, spades). */
export const SUITS = "CDHS";
/** The rank letters, lowest first. */
export const RANKS = "23456789TJQKA";
/** How many Wizards, and how many Jesters, the deck holds. */
export const COPIES = 4;

/** A suited card's rank as a number, 1 (the 2) to 13 (the ace): the Amigo deck prints it. */
export function rankNumber(card) {
  return RANKS.indexOf(card[0]) + 1;
}

/** Whether `card` is a notation of a card: "7H", "Z", "N". */
export function isCard(card) {
  return /^([2-9TJQKA][CDHS]|Z|N)$/.test(card ?? "");
}

/** Every suited card, suit by suit, each suit lowest first. */
export function suitedCards() {
  return [...SUITS].flatMap((suit) => [...RANKS].map((rank) => `${rank}${suit}`));
}
