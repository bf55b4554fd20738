// Two views of the engine compared (game.js): what changed between them (a trick finished, the
// round or the game ended), and the table as a round ended, drawn until its result is read.

/**
 * The table as a round ended, from the view before its last card (`before`) and the
 * view after it (`view`, already the next round's): the last trick complete in the
 * middle, its winner's trick counted, no cards left in hand, nobody to act; the scores
 * moved on (the new totals and pad, each seat's points of the round to show beside them).
 */
export function roundEndPicture(before, view) {
  const last = view.last_trick;
  if (!last) return null;
  return {
    ...before,
    last_trick: last,
    trick: { ...before.trick, plays: [] },
    taken: before.taken.map((n, seat) => n + (seat === last.winner ? 1 : 0)),
    totals: view.totals,
    score_pad: view.score_pad,
    round_points: view.score_pad.at(-1).map((row) => row.points),
    hand: [],
    hand_counts: before.hand_counts.map(() => 0),
    legal: [],
    forbidden: [],
    to_act: [],
    your_turn: false,
    bot_to_act: false,
    can_undo: false,
    round_over: true,
  };
}

/** What changed from `before` to `view`: a trick finished, the round ended, the game ended. */
export function changes(before, view, flags) {
  if (!before || flags.fresh || flags.resumed) return {};
  const roundEnded = view.over !== before.over || view.round !== before.round;
  return {
    roundEnded,
    trickDone: before.phase === "playing" && (roundEnded || view.tricks.length > before.tricks.length),
    gameOver: view.over && !before.over,
  };
}
