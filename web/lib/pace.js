// The paces of the game: how long the page waits between the bots' moves. The table's game
// and settings and the start page's form offer them; motion.js times the cards by them.

/**
 * How long the page waits, in ms (names: "pace.<key>"): `step` from one bot decision to the
 * next (the bot thinks during it: game.js), `trick` a finished trick stays, `round` a round's
 * result stays on the table before the next deal.
 * Normal's pauses between the person's cards in a 4-player round come to 1.8 s (two steps
 * and a trick; bench/round_wait.py measures the wait).
 */
export const PACES = {
  relaxed: { step: 1400, trick: 2600, round: 5000 },
  normal: { step: 400, trick: 1000, round: 3000 },
  fast: { step: 200, trick: 700, round: 1800 },
  // Nothing waits but the round's result, for a glance (made or missed) as long as Fast's trick.
  instant: { step: 0, trick: 0, round: 700 },
};
