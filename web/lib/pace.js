// The paces of the game: how long the page waits between the bots' moves. The table's game
// and settings and the start page's form offer them; motion.js times the cards by them.

/** How long the page waits, in ms, before each bot decision and after a trick (names: "pace.<key>"). */
export const PACES = {
  relaxed: { step: 1400, trick: 2600 },
  normal: { step: 800, trick: 1800 },
  fast: { step: 300, trick: 900 },
  instant: { step: 0, trick: 0 },
};
