// Advice for a real hand, in the score keeper: the person about to bid picks their cards
// (and the card turned up), and the coach's worker answers hand_advice with every bid's
// expected points and chance. The picker offers the engine's deck (describe().deck, a
// button for every card, each copy of a Wizard or a Jester its own) and keeps what was
// picked until the pad moves on.
import { bidNumber } from "../lib/bids.js";
import { busyLine, el } from "../lib/dom.js";
import { WIZARD, kindOf, suitOf } from "../lib/notation.js";
import { optionsTable } from "../lib/options.js";
import {
  cardName, chanceText, cornerText, currentLanguage, errorText, expectedText, suitName, t,
} from "../lib/words.js";
import { button } from "./fields.js";

export class HandAdvice {
  #root;
  #startCoach;
  #theme;
  #deck;
  #coach = null;
  #hand = new Set(); // the cards picked, by their place in the deck ("0".."59")
  #askedFor = null; // the pad's text the advice shown was asked for

  /**
   * @param root the keeper's screen (the picker's elements are found inside it).
   * @param startCoach () => the coach's engine (booted on first use).
   * @param theme () => the display theme.
   * @param deck () => every card of the deck, in the engine's notation and order (describe().deck).
   */
  constructor(root, startCoach, theme, deck) {
    this.#root = root;
    this.#startCoach = startCoach;
    this.#theme = theme;
    this.#deck = deck;
    root.addEventListener("keydown", (event) => this.#pickerKey(event));
  }

  #find(id) {
    return this.#root.querySelector(`#${id}`);
  }

  /** Show the advice box while a bid is being entered (not while a round is corrected). */
  draw(view, text, open) {
    const box = this.#find("keeper-advice");
    box.hidden = !open;
    if (!open) return;
    this.#build();
    this.#find("keeper-advice-title").textContent = t("handadvice.title", { name: view.players[view.bidder].name });
    if (this.#askedFor !== text) {
      this.#askedFor = null;
      this.#find("keeper-advice-result").replaceChildren();
    }
    this.#count(view);
    this.#find("keeper-turned-field").hidden = !view.turns_up;
    this.#find("keeper-last-round").hidden = view.turns_up;
    this.#find("keeper-trump-field").hidden = !view.turns_up || this.#find("keeper-turned").value !== WIZARD;
  }

  /** Forget the hand picked (a new pad, or the bid was entered). */
  forget() {
    this.#hand.clear();
    this.#askedFor = null;
    this.#find("keeper-advice-body").dataset.built = "";
  }

  /** Pick a card, or put it back. */
  pick(id, node, view) {
    if (this.#hand.has(id)) this.#hand.delete(id);
    else this.#hand.add(id);
    node.setAttribute("aria-pressed", String(this.#hand.has(id)));
    this.#count(view);
  }

  /** Put every card back, and forget the turned-up card and the advice. */
  clear(view, text) {
    this.#hand.clear();
    for (const node of this.#root.querySelectorAll(".keeper-pick")) node.setAttribute("aria-pressed", "false");
    this.#find("keeper-turned").value = "";
    this.#find("keeper-trump").value = "";
    this.#find("keeper-advice-result").replaceChildren();
    this.draw(view, text, true);
  }

  /** The turned-up card chosen: a Wizard asks for the trump the dealer chose. */
  turnedChanged(value) {
    this.#find("keeper-trump-field").hidden = value !== WIZARD;
  }

  /**
   * Ask the coach about the picked hand on the pad `text`; `current()` is the pad's text
   * when the answer comes (an answer for an older pad is dropped).
   */
  async ask(view, text, current, wordsView) {
    const deck = this.#deck();
    const hand = [...this.#hand].map((place) => deck[place]);
    const turned = view.turns_up ? this.#find("keeper-turned").value || null : null;
    const trump = turned === WIZARD ? this.#find("keeper-trump").value || null : null;
    if (!this.#coach) this.#coach = this.#startCoach();
    const result = this.#find("keeper-advice-result");
    result.replaceChildren(busyLine(t("practice.weighing")));
    result.setAttribute("aria-busy", "true");
    try {
      const { advice } = await this.#coach.call("hand_advice", { keeper: text, hand, turned, trump });
      if (current() !== text) return;
      this.#askedFor = text;
      result.replaceChildren(...adviceResult(advice));
    } catch (error) {
      const words = error?.boot ? t("practice.coach_error") : errorText(error, wordsView);
      result.replaceChildren(el("p", "reason", words));
    } finally {
      result.removeAttribute("aria-busy");
    }
  }

  #count(view) {
    const words = t("handadvice.count", { chosen: this.#hand.size, count: view.hand_size });
    this.#find("keeper-advice-count").textContent = words;
  }

  /** The picker and its fields, built once per language and theme (they keep what was picked). */
  #build() {
    const body = this.#find("keeper-advice-body");
    const theme = this.#theme();
    const key = `${currentLanguage()}|${theme}`;
    if (body.dataset.built === key) return;
    body.dataset.built = key;
    const count = el("p", "keeper-advice-count");
    count.id = "keeper-advice-count";
    count.setAttribute("aria-live", "polite");
    const lastRound = el("p", "note", t("handadvice.last_round"));
    lastRound.id = "keeper-last-round";
    const ask = button(t("handadvice.ask"), "ask", "primary");
    ask.id = "keeper-ask";
    const result = el("div", "keeper-advice-result");
    result.id = "keeper-advice-result";
    result.setAttribute("aria-live", "polite");
    const buttons = el("div", "dialog-buttons");
    buttons.append(ask, button(t("handadvice.clear"), "clear-hand"));
    const deck = this.#deck();
    body.replaceChildren(el("p", "note", t("handadvice.intro")), this.#picker(deck, theme), count,
      turnedField(deck, theme), lastRound, trumpField(deck, theme), buttons, result);
  }

  /** A row of buttons per kind of card in the deck's order: per suit, then the Wizards and the Jesters. */
  #picker(deck, theme) {
    const picker = el("div", "keeper-picker");
    picker.setAttribute("role", "group");
    picker.setAttribute("aria-label", t("handadvice.your_cards"));
    picker.dataset.theme = theme;
    const row = (name, className, buttons) => {
      const line = el("div", "keeper-suit-row");
      const cards = el("div", "keeper-suit-cards");
      cards.append(...buttons);
      line.append(el("span", className, name), cards);
      return line;
    };
    const kinds = new Map(); // kind -> the places of its cards in the deck, in the deck's order
    deck.forEach((card, place) => kinds.set(kindOf(card), [...(kinds.get(kindOf(card)) ?? []), place]));
    for (const [kind, places] of kinds) {
      const buttons = places.map((place) => this.#pickButton(String(place), deck[place], theme));
      const suited = suitOf(deck[places[0]]) !== null;
      const name = suited ? suitName(kind, theme) : cardName(kind, theme);
      picker.append(row(name, `keeper-suit-name${suited ? ` suit-text-${kind}` : ""}`, buttons));
    }
    return picker;
  }

  /** The button of the card at `place` in the deck. */
  #pickButton(place, card, theme) {
    const suit = suitOf(card);
    const node = el("button", `keeper-pick ${suit ? `suit-text-${suit}` : "special"}`);
    node.type = "button";
    node.dataset.keeper = `pick ${place}`;
    node.dataset.card = card;
    node.textContent = cornerText(card, theme);
    node.setAttribute("aria-label", cardName(card, theme));
    node.setAttribute("aria-pressed", String(this.#hand.has(place)));
    return node;
  }

  /** Arrow keys move through the card picker: along a suit's row, or to the row above or below. */
  #pickerKey(event) {
    const node = event.target.closest?.(".keeper-pick");
    const step = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] }[event.key];
    if (!node || !step || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const rows = [...this.#root.querySelectorAll(".keeper-suit-cards")].map((row) => [...row.children]);
    const r = rows.findIndex((row) => row.includes(node));
    const c = rows[r].indexOf(node);
    const row = rows[(r + step[0] + rows.length) % rows.length];
    row[step[0] ? Math.min(c, row.length - 1) : (c + step[1] + row.length) % row.length].focus();
  }
}

/** A labelled select of the card turned up: each card of the deck once, the Wizard and the Jester first. */
function turnedField(deck, theme) {
  const cards = [...new Set(deck)];
  const first = [...cards.filter((card) => suitOf(card) === null), ...cards.filter((card) => suitOf(card) !== null)];
  const options = first.map((card) => new Option(cardName(card, theme), card));
  return choiceField("keeper-turned", t("handadvice.turned"), t("handadvice.turned_choose"), options);
}

/** A labelled select of the trump the dealer chose for a turned-up Wizard: the deck's suits. */
function trumpField(deck, theme) {
  const suits = [...new Set(deck.map(suitOf).filter((suit) => suit !== null))].map(
    (suit) => new Option(suitName(suit, theme), suit));
  return choiceField("keeper-trump", t("handadvice.trump"), t("handadvice.trump_choose"), suits);
}

/** A select `id` in its label (`${id}-field`, worded `label`), a `choose` option first, then `options`. */
function choiceField(id, label, choose, options) {
  const field = el("label", "field");
  field.id = `${id}-field`;
  const select = el("select");
  select.id = id;
  select.append(new Option(choose, ""), ...options);
  field.append(el("span", "", label), select);
  return field;
}

/** The coach's pick in words, and every bid's figures in a table. */
function adviceResult(advice) {
  const pick = advice.options.find((o) => o.option === advice.pick);
  const line = el("p", "keeper-advice-pick", t("handadvice.pick", {
    bid: bidNumber(pick.option), points: expectedText(pick.points), chance: chanceText(pick.make),
  }));
  return [line, optionsTable(advice, null, "practice-options keeper-advice-table")];
}
