// Cards move: the deal, a played card travelling to the trick, the finished
// trick gathering towards its winner, the turned-up trump card flipping, the
// Juggler's passes going round (passmotion.js finds them).
//
// FLIP around the table's drawing: before a draw, measure where every card
// is (by the DOM hooks table.js keeps: `#hand [data-card]`, `[data-seat]`,
// `#trick [data-seat][data-card]`, `#trump [data-card]`); draw; then, in the
// next animation frame (before it is painted), animate each card from where it
// was, or where it comes from, to where it now is. Only transform and opacity
// are animated (the compositor's work, no layout); a card that leaves the
// table flies as a fixed-position clone in a layer of its own, so nothing in
// the page's flow moves. The game never waits for an animation: its flow is
// game.js's, and a click or a key finishes every running animation at once.
//
// Off under `prefers-reduced-motion: reduce` unless the person turned it on,
// with the toolbar's switch, and at the "instant" pace: then no animation is
// made at all. `<html data-motion="on|off">` tells the style sheet (which then
// drops the cards' CSS transitions).
import { cardBack } from "../lib/cards.js";
import { passes } from "./passmotion.js";

const REDUCE = "(prefers-reduced-motion: reduce)";
const EASE = "cubic-bezier(0.2, 0.7, 0.3, 1)";

/** How long each movement takes at a pace ({step, trick} of lib/pace.js PACES); null: none. */
export function timings(pace) {
  if (!pace || pace.step <= 0) return null;
  const clamp = (value, low, high) => Math.round(Math.min(high, Math.max(low, value)));
  const fly = clamp(pace.step * 0.4, 140, 450);
  return {
    fly, // a played card to the trick; a card of the hand sliding to its new place
    gather: clamp(pace.trick * 0.25, 160, 480), // the finished trick to its winner
    deal: fly, // each card of the deal
    stagger: clamp(pace.step / 20, 25, 60), // between two cards of the deal
    flip: clamp(fly * 1.2, 180, 500), // the turned-up trump card
  };
}

/** Where an element is drawn: its box's centre and size (transforms included). */
function box(element) {
  const rect = element.getBoundingClientRect();
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2, w: rect.width, h: rect.height };
}

/** The card face inside a hooked element (what moves), or the element itself. */
function face(element) {
  return element.querySelector(".card") ?? element;
}

/** A transform that puts an element whose box is `to` where `from` is (centres and sizes). */
function placed(from, to) {
  const sx = to.w ? from.w / to.w : 1;
  const sy = to.h ? from.h / to.h : 1;
  return `translate(${from.x - to.x}px, ${from.y - to.y}px) scale(${sx}, ${sy})`;
}

/** Elements keyed by a name; a name seen twice (two Wizards) gets "#2", "#3"... */
function keyed(elements, name) {
  const map = new Map();
  const seen = new Map();
  for (const element of elements) {
    const base = name(element);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    map.set(count === 1 ? base : `${base}#${count}`, element);
  }
  return map;
}

const handCards = () => keyed(document.querySelectorAll("#hand [data-card]"), (e) => e.dataset.card);
const trickCards = () =>
  keyed(document.querySelectorAll("#trick [data-seat][data-card]"), (e) => `${e.dataset.seat}:${e.dataset.card}`);
const trumpCard = () => document.querySelector("#trump [data-card]");

/** A seat's box: yours (`#me-info`) or an opponent's (in `#seats`); the first in the page is the box itself. */
function seatBox(seat) {
  return (
    document.querySelector(`#me-info[data-seat="${seat}"]`) ??
    document.querySelector(`#seats [data-seat="${seat}"]`) ??
    null
  );
}

export class Motion {
  #settings;
  #pace;
  #running = new Set(); // the animations made here, until they end
  #before = null; // what was on screen before the draws of this frame
  #frame = 0;
  #view = null;
  #dealt = null; // the game and round whose deal was shown (or skipped)
  #dealPending = false; // a deal waits for a dialog to close
  #layer = null;

  /**
   * @param settings the page's settings ({motion: "on"|"off"|undefined}); read on each draw
   * @param pace     () -> the game's pace ({step, trick})
   */
  constructor(settings, pace) {
    this.#settings = settings;
    this.#pace = pace;
    const skip = () => this.finish();
    document.addEventListener("pointerdown", skip, true);
    document.addEventListener("keydown", skip, true);
    // A deal shown while a dialog was open (the round's summary) is shown when it closes.
    document.addEventListener("close", () => this.#schedule(), true);
    matchMedia(REDUCE).addEventListener("change", () => this.sync());
    this.sync();
  }

  /** The person's choice, or (none made) the system's: true when cards move. */
  get wanted() {
    const choice = this.#settings.motion;
    if (choice === "on" || choice === "off") return choice === "on";
    return !matchMedia(REDUCE).matches;
  }

  /** Cards move now: wanted, and the pace leaves time for it. */
  get active() {
    return this.wanted && timings(this.#pace()) !== null && !document.hidden;
  }

  /** Tell the style sheet (`<html data-motion>`); called when the choice or the system changes. */
  sync() {
    document.documentElement.dataset.motion = this.wanted ? "on" : "off";
    if (!this.wanted) this.finish();
  }

  /** Finish every running animation at once (a click or a key, or motion turned off). */
  finish() {
    for (const animation of [...this.#running]) animation.finish();
    // The seats' scores rising as a round ends (dialogs.css) skip with the cards.
    for (const animation of document.getAnimations()) {
      if (animation.effect?.target?.matches?.(".score-moved")) animation.finish();
    }
  }

  /** Draw with `draw()` (the table for `view`), then move the cards from where they were. */
  draw(view, draw) {
    if (!this.active) {
      this.#before = null;
      draw();
      this.#view = view;
      this.#dealt = this.#dealKey(view); // a deal drawn without motion is not shown later
      this.#dealPending = false;
      return;
    }
    this.#before ??= this.#measure(); // the first draw of a frame: what is on screen
    try {
      draw();
    } finally {
      this.#view = view;
      this.#schedule();
    }
  }

  #schedule() {
    if (this.#frame) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      this.#play();
    });
  }

  /** Where every card is now, with its element (a trick card that leaves is copied from it). */
  #measure() {
    const at = (map) => new Map([...map].map(([key, element]) => [key, { element, box: box(face(element)) }]));
    const trump = trumpCard();
    return {
      hand: at(handCards()),
      trick: at(trickCards()),
      trump: trump ? trump.dataset.card : null,
      trumpBox: trump ? box(face(trump)) : null,
      view: this.#view, // the view drawn then
    };
  }

  #dealKey(view) {
    return view ? `${view.game?.id ?? ""}/${view.round}` : null;
  }

  /** The frame after the draws: every card moves from where it was to where it is. */
  #play() {
    const before = this.#before;
    this.#before = null;
    const view = this.#view;
    if (!view || !this.active) return;
    for (const animation of [...this.#running]) {
      if (!animation.effect?.target?.isConnected) animation.cancel(); // a card redrawn meanwhile
    }
    const time = timings(this.#pace());
    const gathered = before ? this.#gather(before, time) : 0;
    if (before) this.#playCards(before, time);
    const arrived = before ? this.#pass(before, time) : new Set();
    const key = this.#dealKey(view);
    if (key !== this.#dealt) this.#dealPending = true;
    if (this.#dealPending && !document.querySelector("dialog[open]")) {
      this.#dealPending = false;
      this.#dealt = key;
      const dealTime = this.#deal(view, time, gathered);
      this.#flip(time, gathered + dealTime);
      return; // the hand is dealt: it does not slide as well
    }
    if (!before) return;
    const trump = trumpCard();
    if (before.trump !== (trump?.dataset.card ?? null)) this.#flip(time, 0);
    else if (trump && before.trumpBox) this.#slide(face(trump), before.trumpBox, box(face(trump)), time.fly);
    this.#slideHand(before, time, arrived);
  }

  /** Trick cards that left the table gather towards the seat that won them; returns how long. */
  #gather(before, time) {
    const now = trickCards();
    const back = this.#backInHand(before);
    const gone = [...before.trick].filter(([key, { element }]) => !now.has(key) && !back.has(element.dataset.card));
    if (gone.length === 0) return 0;
    // A whole trick that leaves goes to its winner; cards taken back from the middle of one just fade.
    const whole = gone.length === before.trick.size;
    const winner = gone.find(([, { element }]) => element.hasAttribute("data-winner"));
    const seat = whole && winner ? seatBox(winner[1].element.dataset.seat) : null;
    for (const [, { element, box: from }] of gone) {
      const clone = this.#clone(face(element), from);
      if (!seat) {
        this.#animate(clone, [{ opacity: 1 }, { opacity: 0 }], { duration: time.gather }, true);
        continue;
      }
      const to = box(seat);
      const end = { x: to.x, y: to.y, w: from.w * 0.4, h: from.h * 0.4 };
      this.#animate(
        clone,
        [
          { transform: "none", opacity: 1 },
          { transform: placed(end, from), opacity: 0.85, offset: 0.8 },
          { transform: placed(end, from), opacity: 0 },
        ],
        { duration: time.gather, easing: EASE },
        true,
      );
    }
    return time.gather;
  }

  /** A card new in the trick flies from your hand (where it was) or from its player's seat. */
  #playCards(before, time) {
    for (const [key, element] of trickCards()) {
      const card = face(element);
      const to = box(card);
      const old = before.trick.get(key);
      if (old) {
        this.#slide(card, old.box, to, time.fly);
        continue;
      }
      const yours = Number(element.dataset.seat) === this.#view.human;
      const fromHand = yours ? before.hand.get(element.dataset.card) : undefined;
      const seat = seatBox(element.dataset.seat);
      let from;
      if (fromHand) from = fromHand.box;
      else if (seat) from = { ...box(seat), w: to.w * 0.5, h: to.h * 0.5 };
      else continue;
      this.#animate(
        card,
        [{ transform: placed(from, to), opacity: fromHand ? 1 : 0.3 }, { transform: "none", opacity: 1 }],
        { duration: time.fly, easing: EASE },
      );
    }
  }

  /**
   * Passed cards leave for the seat they go to (a back for an opponent's); yours arrives from
   * its giver. Returns the hand cards that arrived (they do not slide as well).
   */
  #pass(before, time) {
    const { away, arrive } = passes(before, this.#view, handCards());
    const size = [...before.hand.values()][0]?.box ?? { w: 36, h: 52 };
    for (const one of away) {
      const seat = seatBox(one.seat);
      const target = seatBox(one.to);
      const from = one.from ?? (seat && { ...box(seat), w: size.w * 0.6, h: size.h * 0.6 });
      if (!from || !target) continue;
      const clone = this.#clone(one.element ? face(one.element) : cardBack(), from);
      const end = { ...box(target), w: from.w * 0.5, h: from.h * 0.5 };
      const keyframes = [
        { transform: "none", opacity: 1 },
        { transform: placed(end, from), opacity: 0.9, offset: 0.85 },
        { transform: placed(end, from), opacity: 0 },
      ];
      this.#animate(clone, keyframes, { duration: time.gather, easing: EASE }, true);
    }
    for (const { element, seat } of arrive) {
      const card = face(element);
      const to = box(card);
      const giver = seatBox(seat);
      if (!giver) continue;
      const from = { ...box(giver), w: to.w * 0.5, h: to.h * 0.5 };
      const keyframes = [{ transform: placed(from, to), opacity: 0.3 }, { transform: "none", opacity: 1 }];
      this.#animate(card, keyframes, { duration: time.gather, easing: EASE });
    }
    return new Set(arrive.map(({ element }) => element));
  }

  /**
   * The cards still in your hand slide to their new places (one was played: they close up;
   * one taken back, or by the Witch: it comes from the trick).
   */
  #slideHand(before, time, arrived) {
    const back = this.#backInHand(before);
    for (const [key, element] of handCards()) {
      if (arrived.has(element)) continue;
      const old = before.hand.get(key) ?? back.get(element.dataset.card);
      if (old) this.#slide(face(element), old.box, box(face(element)), time.fly);
    }
  }

  /** Cards that left the trick for your hand (taken back, or by the Witch): notation -> where it was. */
  #backInHand(before) {
    const back = new Map();
    for (const [key, element] of handCards()) {
      if (before.hand.has(key)) continue;
      const same = (entry) => entry.element.dataset.card === element.dataset.card;
      const old = [...before.trick.values()].find(same);
      if (old) back.set(element.dataset.card, old);
    }
    return back;
  }

  /** Your new hand comes from the dealer's seat, card after card; returns how long the deal takes. */
  #deal(view, time, delay) {
    const cards = [...handCards().values()];
    const dealer = seatBox(view.dealer);
    if (cards.length === 0 || !dealer) return 0;
    const from = box(dealer);
    cards.forEach((element, index) => {
      const card = face(element);
      const to = box(card);
      this.#animate(
        card,
        [
          { transform: placed({ ...from, w: to.w * 0.5, h: to.h * 0.5 }, to), opacity: 0 },
          { transform: "none", opacity: 1 },
        ],
        { duration: time.deal, delay: delay + index * time.stagger, easing: EASE, fill: "backwards" },
      );
    });
    return time.deal + (cards.length - 1) * time.stagger;
  }

  /** The turned-up card turns over: its back (a clone) turns away, then its face turns in. */
  #flip(time, delay) {
    const element = trumpCard();
    if (!element) return;
    const card = face(element);
    const at = box(card);
    const back = this.#clone(cardBack(), at);
    const half = "perspective(40rem) rotateY(90deg)";
    this.#animate(
      back,
      [{ transform: "none" }, { transform: half, offset: 0.5 }, { transform: half }],
      { duration: time.flip, delay, fill: "backwards" },
      true,
    );
    this.#animate(
      card,
      [{ transform: half }, { transform: half, offset: 0.5 }, { transform: "none" }],
      { duration: time.flip, delay, fill: "backwards" },
    );
  }

  /** FLIP: from the old box to the new one, if it moved at all. */
  #slide(element, from, to, duration) {
    if (Math.abs(from.x - to.x) < 1 && Math.abs(from.y - to.y) < 1 && Math.abs(from.w - to.w) < 1) return;
    this.#animate(element, [{ transform: placed(from, to) }, { transform: "none" }], { duration, easing: EASE });
  }

  /** A fixed-position copy of a card at `at`, in the motion layer (never in the page's flow). */
  #clone(card, at) {
    if (!this.#layer?.isConnected) {
      this.#layer = document.createElement("div");
      this.#layer.className = "motion-layer";
      this.#layer.setAttribute("aria-hidden", "true");
      document.body.append(this.#layer);
    }
    const clone = card.cloneNode(true);
    clone.classList.add("motion-clone");
    clone.style.setProperty("--card-w", `${at.w}px`);
    clone.style.setProperty("--card-h", `${at.h}px`);
    clone.style.left = `${at.x - at.w / 2}px`;
    clone.style.top = `${at.y - at.h / 2}px`;
    this.#layer.append(clone);
    return clone;
  }

  /** element.animate, remembered until it ends (a clone is removed then). */
  #animate(element, keyframes, options, removeAfter = false) {
    const animation = element.animate(keyframes, options);
    this.#running.add(animation);
    const done = () => {
      this.#running.delete(animation);
      if (removeAfter) element.remove();
    };
    animation.addEventListener("finish", done);
    animation.addEventListener("cancel", done);
    return animation;
  }
}
