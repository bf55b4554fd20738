// The Juggler's passes seen moving (S13): the card you pass flies to the seat it goes to, the
// card you get comes from the seat that gave it, and an opponent's pass is a card back leaving
// its seat for its neighbour (S14: nobody else sees the face). Where each seat's pass goes is
// the view's (`specials.passes_to`); this module only compares two views and two hands, and
// motion.js flies what it finds.

/**
 * The passes between the view drawn before (`before.view`, with the hand measured then in
 * `before.hand`) and `view` (with `hand`, the hand's cards now, notation -> element).
 * Returns {away: [{from, seat, element}], arrive: [{element, seat}]}: cards leaving a place
 * (`element` to copy; null: a card back) for a seat, and hand cards arriving from a seat.
 */
export function passes(before, view, hand) {
  const found = { away: [], arrive: [] };
  const was = before.view?.specials;
  const now = view.specials;
  if (!was || !now || before.view.round !== view.round) return found;
  const to = now.passes_to;
  for (const seat of newlyPassed(was.passed, now.passed)) {
    if (seat !== view.human) {
      found.away.push({ from: null, seat, to: to[seat], element: null });
      continue;
    }
    for (const [key, { element, box }] of before.hand) {
      if (!hand.has(key)) found.away.push({ from: box, seat, to: to[seat], element });
    }
  }
  const got = now.passes.length > was.passes.length ? now.passes.at(-1).got : null;
  const arrived = [...hand].find(([key, element]) => !before.hand.has(key) && element.dataset.card === got);
  if (arrived) found.arrive.push({ element: arrived[1], seat: to.indexOf(view.human) });
  return found;
}

/** The seats that passed between two views' `passed` flags (null once everyone has passed). */
function newlyPassed(was, now) {
  if (!was) return [];
  return was.flatMap((done, seat) => (!done && (now === null || now[seat]) ? [seat] : []));
}
