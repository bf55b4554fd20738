// How a card looks: the two display themes of the same deck (rule R2), drawn by
// us with SVG shapes. Only the drawing lives here (what a card is called is
// the catalogue's: words.js); the engine decides everything about the cards'
// play. Cards arrive in the engine's notation: "7H", "TD", "AS", "Z"
// (Wizard), "N" (Jester).
import { drawnEl, el } from "./dom.js";
import { JESTER, SUITS, WIZARD, isSpecialCard, kindOf, suitOf } from "./notation.js";
import { cornerText } from "./words.js";

const SVG = "http://www.w3.org/2000/svg";

// Each theme's suit symbols, clubs/diamonds/hearts/spades order (their colours are in style.css).
const SYMBOLS = {
  classic: ["club", "diamond", "heart", "spade"],
  amigo: ["crown", "gem", "leaf", "mountain"],
};

// SVG paths on a 24x24 grid; circles as [cx, cy, r].
const SHAPES = {
  heart: {
    d: "M12 21.5C5 16.4 1.5 12.7 1.5 8.4 1.5 5.3 3.9 3 6.9 3c2 0 3.9 1.1 5.1 2.9C13.2 4.1 15.1 3 17.1 3"
      + "c3 0 5.4 2.3 5.4 5.4 0 4.3-3.5 8-10.5 13.1z",
  },
  diamond: { d: "M12 1.5 20.5 12 12 22.5 3.5 12z" },
  spade: {
    d: "M12 1.5C9.2 5.8 2.5 9.2 2.5 13.9c0 2.8 2.2 4.8 4.8 4.8 1.6 0 3-.7 3.9-1.9L10 22.5h4l-1.2-5.7"
      + "c.9 1.2 2.3 1.9 3.9 1.9 2.6 0 4.8-2 4.8-4.8 0-4.7-6.7-8.1-9.5-12.4z",
  },
  club: { d: "M10.9 14.5 9.6 22.5h4.8l-1.3-8z", circles: [[12, 6.6, 4.6], [6.6, 13.4, 4.6], [17.4, 13.4, 4.6]] },
  crown: { d: "M2.5 19.5V7.5l5 4.5L12 4l4.5 8 5-4.5v12z" },
  gem: { d: "M6.5 3h11l4.5 6.5L12 22 2 9.5z" },
  leaf: { d: "M12 1.5c6.5 4 8.5 13 0 21-8.5-8-6.5-17 0-21zm-.6 4.5v15h1.2V6z" },
  mountain: { d: "M1 21 9 6l4 7 3-4.5L23 21z" },
  star: { d: "M12 1.5l2.9 6.6 7.1.7-5.4 4.7 1.6 7-6.2-3.7-6.2 3.7 1.6-7L2 8.8l7.1-.7z" },
  jester: { d: "M2 19.5C3.5 12 7 7.5 12 5.5c5 2 8.5 6.5 10 14zM4.5 19.5c1.5-4 4-7 7.5-9 3.5 2 6 5 7.5 9z",
            circles: [[2.5, 4.5, 1.8], [12, 2.5, 1.8], [21.5, 4.5, 1.8]] },
  // The anniversary boxes' special cards (S1), each a picture of its own.
  Dragon: { d: "M2 21c1.5-5.5 5-9 10-10.5L9.5 4.5l5 3.5L19 3l-.5 6.5L22.5 12l-5 .5C16 17.5 11 21 2 21z" },
  Fairy: { d: "M12 10C9.5 3.5 2 3 2 7.5c0 3.5 5 4.5 10 2.5zm0 0c2.5-6.5 10-7 10-2.5 0 3.5-5 4.5-10 2.5z"
    + "M12 12c-2.5 1-7 4-5.5 7 1.5 2.5 4.5-1 5.5-5.5zm0 0c2.5 1 7 4 5.5 7-1.5 2.5-4.5-1-5.5-5.5z",
  circles: [[12, 11, 1.8]] },
  Bomb: { d: "M14.5 7.8 17.8 4.5l1.7 1.7-3.3 3.3zM19 1.5l.8 1.7 1.7.8-1.7.8-.8 1.7-.8-1.7-1.7-.8 1.7-.8z",
    circles: [[10.5, 14, 8]] },
  Werewolf: { d: "M3 2.5 8 8h8l5-5.5V12c0 5.2-4 9-9 10.5C7 21 3 17.2 3 12zm5 10.5 3 1.5-3 1.5zm8 0-3 1.5 3 1.5z" },
  Juggler: { d: "M4.5 11.5a8.5 8.5 0 0 1 15 0h-1.9a6.8 6.8 0 0 0-11.2 0z",
    circles: [[12, 5.5, 3.5], [5, 17, 3.5], [19, 17, 3.5]] },
  Cloud: { d: "M6.5 19.5a4.5 4.5 0 0 1-.7-9 6.2 6.2 0 0 1 11.9-1.6 5.3 5.3 0 0 1 .3 10.6z" },
  Shapeshifter: { d: "M12 1.5a10.5 10.5 0 0 0 0 21 5.25 5.25 0 0 0 0-10.5 5.25 5.25 0 0 1 0-10.5z"
    + "M12 1.5a10.5 10.5 0 0 1 0 21v-1.6a8.9 8.9 0 0 0 0-17.8z" },
  Witch: { d: "M13 1.5 8 14H2.5v3h19v-3H16l-1.8-5.5 3.3.5z" },
  Vampire: { d: "M12 9.5 10.6 6.5 9.8 9C8 6.5 4.5 5.5 1 7c2 1.5 3 3.5 3 6 1.5-1 3.5-1 5 .5.8-1 1.8-1.2 3-.2"
    + " 1.2-1 2.2-.8 3 .2 1.5-1.5 3.5-1.5 5-.5 0-2.5 1-4.5 3-6-3.5-1.5-7-.5-8.8 2l-.8-2.5z" },
};

function shape(name, className) {
  const { d, circles = [] } = SHAPES[name];
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.classList.add(className);
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", d);
  svg.append(path);
  for (const [cx, cy, r] of circles) {
    const circle = document.createElementNS(SVG, "circle");
    circle.setAttribute("cx", cx);
    circle.setAttribute("cy", cy);
    circle.setAttribute("r", r);
    svg.append(circle);
  }
  return svg;
}

function symbolOf(notation, theme) {
  if (isSpecialCard(notation)) return notation;
  if (notation === WIZARD) return "star";
  if (notation === JESTER) return "jester";
  return (SYMBOLS[theme] ?? SYMBOLS.classic)[SUITS.indexOf(suitOf(notation))];
}

/**
 * A card's face, drawn (decorative: the caller names it). Classes carry the
 * look: .card, .theme-classic|.theme-amigo, .suit-C|D|H|S|Z|N|X (and .special-Dragon ...). `emblem`: the
 * face stands for its suit beside the suit's name (the trump choice), its
 * index not the button's words (drawn: see below).
 */
export function cardFace(notation, theme, emblem = false) {
  const face = document.createElement("span");
  face.className = `card theme-${theme === "amigo" ? "amigo" : "classic"} suit-${kindOf(notation)}`;
  if (isSpecialCard(notation)) face.classList.add(`special-${notation}`);
  face.setAttribute("aria-hidden", "true");
  const symbol = symbolOf(notation, theme);
  for (const corner of ["top", "bottom"]) {
    const index = document.createElement("span");
    index.className = `card-index card-index-${corner}`;
    // The bottom index repeats the top one upside down, as on a printed card: drawn, so that the
    // card's text holds its index once, which a hand card's name holds ("W, Wizard": cardButtonName).
    const text = corner === "top" && !emblem;
    const rank = (text ? el : drawnEl)("span", "card-rank", cornerText(notation, theme));
    index.append(rank, shape(symbol, "card-pip"));
    face.append(index);
  }
  face.append(shape(symbol, "card-centre"));
  return face;
}

/** A card's back (for a card you may not see: Foresight's own card, the deck). */
export function cardBack() {
  const back = document.createElement("span");
  back.className = "card card-back";
  back.setAttribute("aria-hidden", "true");
  back.append(shape("star", "card-centre"));
  return back;
}

/** A picture of a card named `label`, for cards on the table (not buttons). */
export function cardPicture(notation, theme, label) {
  const picture = document.createElement("span");
  picture.className = "card-picture";
  picture.setAttribute("role", "img");
  picture.setAttribute("aria-label", label);
  picture.append(cardFace(notation, theme));
  return picture;
}
