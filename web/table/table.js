// Draws the table from the engine's view: the round, the seats, trump, the
// trick, the tally of bids, you, your decision and your hand. A function of
// the view and of the display state game.js decides ({finishedTrick}); it
// opens nothing and pauses nothing. Every text comes from the catalogue and
// goes in with textContent; state is carried by classes and data attributes.
// Buttons carry their intent in data-action (input.js sends it).
import { bidButtons } from "../lib/bids.js";
import { cardBack, cardFace, cardPicture } from "../lib/cards.js";
import { $, el, nameEl } from "../lib/dom.js";
import { layoutHand } from "./handlayout.js";
import { keepFocus, keepInView } from "./inview.js";
import { closePeek, drawPeek } from "./peek.js";
import { drawPlayed } from "./played.js";
import { handIntent, passNote, pickedCard, specialDecision, specialPrompt } from "./specials.js";
import { drawTrick, tookLastLine } from "./trick.js";
import {
  cardButtonName, cardName, chanceText, listText, numberText, reasonText, signed, suitName, t, trumpWhyText,
} from "../lib/words.js";
import { SUITS, aceOf, kindOf } from "../lib/notation.js";


/** Draw the table for `view`; `display.finishedTrick` keeps the last trick in the middle. */
export function drawTable(view, display) {
  if (view.open_hands) view = { ...view, your_turn: false }; // Watch mode: seat 0's turn is a bot's
  document.documentElement.dataset.phase = view.over ? "over" : view.phase;
  document.documentElement.dataset.yourTurn = String(view.your_turn);
  roundInfo(view);
  seats(view);
  trump(view);
  drawTrick(view, display.finishedTrick);
  lastTrickLine(view, Boolean(display.finishedTrick && view.last_trick));
  tally(view);
  me(view);
  decision(view);
  hand(view);
  drawPlayed(view);
  $("take-back").disabled = !view.can_undo;
  keepFocus(view);
  keepInView(view);
}

/** "You deal" or "Merlin deals". */
export function dealsText(view, seat) {
  return seat === view.human ? t("deals.you") : t("deals.other", { name: view.players[seat].name });
}

/** A seat's bid as shown: the number, "?" (made but not yet shown) or "–" (not made). */
export function bidText(view, seat) {
  const bid = view.bids[seat];
  if (bid !== null && bid !== undefined) return String(bid);
  return view.has_bid[seat] ? t("bid.unknown") : t("bid.none");
}

function roundInfo(view) {
  const info = $("round-info");
  info.replaceChildren();
  if (view.over) {
    info.append(el("strong", "", t("info.game_over")), t("info.after_rounds", { count: view.rounds }));
    return;
  }
  info.append(
    el("strong", "", t("round.of", { round: view.round, rounds: view.rounds })),
    t("info.details", { cards: t("cards.count", { count: view.hand_size }), dealer: dealsText(view, view.dealer) }),
  );
}

/** The opponents, clockwise from your left; you are drawn below. */
function seats(view) {
  const list = $("seats");
  list.replaceChildren();
  const count = view.players.length;
  // Clockwise from your left: the first opponent sits at your left, the last
  // at your right, the others across the table (left to right).
  const top = Math.max(count - 3, 0);
  for (let i = 1; i < count; i++) {
    const item = seatItem(view, ((view.human ?? 0) + i) % count);
    const place = i === 1 ? "pos-left" : i === count - 1 ? "pos-right" : `pos-top pos-top-${i - 1}`;
    item.classList.add(...place.split(" "));
    list.append(item);
  }
  list.dataset.count = String(count - 1);
  $("table").dataset.across = String(top);
}

function seatItem(view, seat) {
  const player = view.players[seat];
  const item = el("li", "seat");
  item.dataset.seat = String(seat);
  const acting = !view.over && view.to_act.includes(seat);
  item.classList.toggle("to-act", acting);
  item.classList.toggle("dealer", seat === view.dealer);
  const head = el("div", "seat-head");
  head.append(nameEl("span", "seat-name", player.name));
  head.append(el("span", "seat-level", player.bot ? t(`seat.level.${player.bot}`) : t("seat.person")));
  if (seat === view.dealer && !view.over) head.append(el("span", "badge dealer-badge", t("badge.dealer")));
  item.append(head, stats(view, seat));
  const foot = el("div", "seat-foot");
  const need = needBadge(view, seat);
  if (need) foot.append(need);
  if (acting) foot.append(el("span", "badge turn-badge", t(`seat.turn.${view.phase}`)));
  // Watch mode shows every hand face up (view.open_hands); Foresight shows the others' card.
  const open = view.open_hands?.[seat];
  const shown = open ?? view.shown_hands?.[seat];
  if (!shown && !view.over) {
    foot.append(el("span", "seat-cards", t("seat.cards_in_hand", { count: view.hand_counts[seat] })));
  }
  item.append(foot);
  if (shown) {
    const cards = el("div", open ? "shown-hand open-hand" : "shown-hand");
    cards.append(el("span", "visually-hidden", t(open ? "watch.open_hand" : "seat.shown_card", { name: player.name })));
    for (const card of shown) cards.append(cardPicture(card, view.theme, cardName(card, view.theme)));
    item.append(cards);
  }
  return item;
}

/** Bid, tricks taken and score of a seat, as a small description list. */
function stats(view, seat) {
  const list = el("dl", "stats");
  const add = (term, value, className) => {
    const group = el("div", className);
    group.append(el("dt", "", term), el("dd", "", value));
    list.append(group);
  };
  add(t("stat.bid"), bidText(view, seat), "stat-bid");
  add(t("stat.took"), String(view.taken[seat]), "stat-taken");
  add(t("stat.score"), numberText(view.totals[seat]), "stat-score");
  // A round just ended (game.js's picture): the score moved by the round's points.
  const points = view.round_points?.[seat];
  if (points !== undefined) {
    list.lastChild.lastChild.append(" ", el("span", `score-moved ${points >= 0 ? "up" : "down"}`, signed(points)));
  }
  return list;
}

/** How the seat stands against its bid ("keeping track of tricks"), while cards are played. */
function needBadge(view, seat) {
  const bid = view.bids[seat];
  if (bid === null || bid === undefined || view.phase !== "playing") return null;
  const need = bid - view.taken[seat];
  if (need > 0) {
    return el("span", "badge need need-more", t(seat === view.human ? "need.more_you" : "need.more", { count: need }));
  }
  if (need === 0) return el("span", "badge need need-none", t("need.none"));
  return el("span", "badge need need-over", t("need.over", { count: -need }));
}

function trump(view) {
  const box = $("trump");
  box.replaceChildren();
  const { card, suit } = view.trump;
  box.append(el("h3", "trump-title", t("trump.title")));
  const row = el("div", "trump-row");
  if (card) {
    const picture = cardPicture(card, view.theme, cardName(card, view.theme));
    picture.dataset.card = card; // motion.js's hook (the trump card turning over)
    row.append(picture);
    const took = view.specials?.werewolf; // S10: the card the Werewolf's holder took, in every seat's sight
    if (took) row.append(tookPicture(view, took));
  } else {
    row.append(el("span", "card card-none", ""));
  }
  const text = el("p", "trump-text");
  const why = trumpWhyText(view, (seat) => view.players[seat].name, view.human);
  if (suit) {
    text.append(el("strong", `trump-suit suit-text-${suit}`, suitName(suit, view.theme)));
    if (why) text.append(el("span", "trump-why", t("trump.why_note", { why })));
  } else {
    text.append(el("strong", "", why || t("trump.none")));
  }
  row.append(text);
  box.append(row);
}

/** The turned-up card the Werewolf's holder took into their hand (S10), small beside the Werewolf. */
function tookPicture(view, { seat, took }) {
  const label = t("trump.werewolf_took", { name: view.players[seat].name, card: cardName(took, view.theme) });
  const picture = cardPicture(took, view.theme, label);
  picture.classList.add("werewolf-took");
  picture.title = label;
  return picture;
}

/** Who took the last trick stays said during the next one (the fastest pace shows it no time at all). */
function lastTrickLine(view, finished) {
  const line = $("trick-last");
  const peek = $("peek-button");
  const earlier = view.phase === "playing" && view.tricks.length > 0 && view.last_trick && !finished;
  line.hidden = !earlier;
  peek.hidden = !earlier;
  if (!earlier) {
    closePeek();
    return;
  }
  line.replaceChildren(...tookLastLine(view));
  drawPeek(view);
}

/** "Keeping track of tricks": the bids so far against the tricks in play. */
function tally(view) {
  const box = $("tally");
  box.replaceChildren();
  if (view.over) return;
  const known = view.bids.filter((b) => b !== null);
  const made = view.has_bid.filter(Boolean).length;
  const count = view.players.length;
  if (view.options.bidding !== "open" && known.length < made) {
    box.textContent = t(`tally.waiting_${view.options.bidding}`, { made, count });
    return;
  }
  const sum = known.reduce((a, b) => a + b, 0);
  const parts = [t("tally.bids", { sum, tricks: t("tricks.count", { count: view.hand_size }) })];
  if (made === count) {
    const diff = sum - view.hand_size;
    if (diff === 0) parts.push(t("tally.even"));
    else parts.push(diff > 0 ? t("tally.over", { count: diff }) : t("tally.under", { count: -diff }));
  } else if (made > 0) {
    parts.push(t("tally.made", { made, count }));
  }
  box.textContent = parts.join(t("list.dot"));
  // (the tricks left apart: a phone leaves them to the trick's title, fit.css)
  if (view.phase !== "playing") return;
  const left = t("tally.left", { count: view.hand_size - view.tricks.length });
  box.append(el("span", "tally-left", t("list.dot") + left));
}

function me(view) {
  const box = $("me-info");
  box.replaceChildren();
  const watching = Boolean(view.open_hands); // Watch mode: seat 0's bot sits here, its hand face up
  const seat = watching ? 0 : view.human;
  box.dataset.seat = String(seat); // motion.js's hook: your seat
  const head = el("div", "seat-head");
  const bot = view.players[seat].bot;
  const name = view.players[seat].name;
  head.append(nameEl("span", "seat-name", name));
  // "you" beside your name, unless your name says it already (the default name: not "You you")
  const level = watching ? t(`seat.level.${bot}`) : t("seat.you");
  if (name.toLocaleLowerCase() !== level.toLocaleLowerCase()) head.append(el("span", "seat-level", level));
  if (seat === view.dealer && !view.over) head.append(el("span", "badge dealer-badge", t("badge.dealer")));
  box.append(head, stats(view, seat));
  const need = needBadge(view, seat);
  if (need) box.append(need);
  $("me").classList.toggle("to-act", view.your_turn || (!view.over && watching && view.to_act.includes(seat)));
  $("prompt").textContent = promptText(view);
}

function promptText(view) {
  if (view.over) return t("prompt.over");
  // game.js's picture of a round just ended
  if (view.round_over) return t("summary.title", { round: view.round, rounds: view.rounds });
  if (!view.your_turn) {
    const names = listText(view.to_act.filter((s) => s !== view.human).map((s) => view.players[s].name));
    if (view.phase === "bidding" && view.options.bidding !== "open") return t("prompt.waiting_all_bid", { names });
    return t(`prompt.waiting.${view.phase}`, { names });
  }
  const special = specialPrompt(view);
  if (special) return special;
  if (view.phase === "trump") return t("prompt.trump");
  if (view.phase === "bidding") return t(`prompt.bid.${view.options.bidding}`);
  return view.trick.plays.length === 0 ? t("prompt.lead") : t("prompt.play");
}

/** Your decision: the bid buttons, the trump choice, or a special card's choice. */
function decision(view) {
  const box = $("decision");
  box.replaceChildren();
  if (!view.your_turn) return;
  if (view.phase === "bidding") box.append(bids(view));
  if (view.phase === "trump") box.append(trumpChoice(view));
  const special = specialDecision(view);
  if (special) box.append(special);
}

function bids(view) {
  const { group, reasons } = bidButtons(view, "action", "bid-reason");
  group.setAttribute("aria-label", t("bids.label"));
  rovingTabs(group);
  const wrap = el("div", "bid-wrap");
  wrap.append(group, ...reasons);
  return wrap;
}

function trumpChoice(view) {
  const group = el("div", "trump-choice");
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", t("trump.choose_label"));
  for (const letter of SUITS) {
    const action = `trump ${letter}`;
    const button = el("button", "suit-button");
    button.type = "button";
    button.dataset.action = action;
    button.disabled = !view.legal.includes(action);
    const name = suitName(letter, view.theme);
    button.append(cardFace(aceOf(letter), view.theme, true), el("span", "suit-button-name", name));
    button.setAttribute("aria-label", name);
    group.append(button);
  }
  rovingTabs(group);
  return group;
}

/** Your cards, sorted by the engine; playable ones enabled, the others say why not. */
function hand(view) {
  const box = $("hand");
  const note = $("hand-note");
  box.replaceChildren();
  note.replaceChildren();
  if (view.hand_hidden) {
    const back = el("span", "hidden-card");
    back.setAttribute("role", "img");
    back.setAttribute("aria-label", t("hand.face_down"));
    back.append(cardBack());
    box.append(back);
    note.textContent = t("hand.foresight");
    return;
  }
  const special = Boolean(view.specials);
  // A special-card game's steps after a trick act with hand cards too (pass one, the Witch's).
  const playing = view.your_turn && (view.phase === "playing" || (special && handPhase(view)));
  const reasons = new Set();
  let group = null;
  for (const { card, playable, why_not: whyNot } of view.hand ?? []) {
    const button = el("button", "hand-card");
    const kind = kindOf(card);
    if (group !== null && kind !== group) button.classList.add("group-start");
    group = kind;
    button.type = "button";
    button.setAttribute("aria-label", cardButtonName(card, view.theme));
    button.dataset.card = card;
    button.dataset.action = `play ${card}`;
    button.append(cardFace(card, view.theme));
    const intent = special ? handIntent(view, card) : null;
    if (intent?.pick) {
      delete button.dataset.action;
      button.dataset.pick = intent.pick;
      button.classList.toggle("picked", intent.pick === pickedCard(view));
    } else if (intent) {
      button.dataset.action = intent.action;
    }
    button.disabled = !(playing && (special ? intent !== null : playable));
    if (special && playing && view.phase !== "playing") {
      button.classList.add(intent ? "playable" : "idle");
    } else if (playing && !playable) {
      const why = reasonText(whyNot, view);
      button.classList.add("unplayable");
      button.title = t("hand.not_playable", { reason: why });
      button.setAttribute("aria-describedby", "hand-note");
      reasons.add(why);
    } else if (playing) {
      button.classList.add("playable");
    } else {
      button.classList.add("idle");
    }
    box.append(button);
  }
  box.dataset.count = String((view.hand ?? []).length);
  rovingTabs(box);
  layoutHand(box);
  if (reasons.size) note.textContent = t("hand.greyed", { reasons: [...reasons].join(t("list.semicolon")) });
  else if (playing && view.phase === "playing") note.textContent = t("hand.any");
  else if (special) note.textContent = passNote(view);
}

/** A special-card game's step decided with a hand card: a pass, or the Witch's card. */
function handPhase(view) {
  return view.phase === "passing" || view.phase === "witch";
}

/**
 * Each player's chance to win (`line`: a chance 0..1 per seat, the coach's latest), as a bar
 * and a percentage in the seat's area, marked with the rounds `finished` when they were weighed; null removes them.
 */
export function drawChances(view, line, finished) {
  for (const old of document.querySelectorAll("#table .chance")) old.remove();
  if (!line) return;
  line.forEach((chance, seat) => {
    const box = seat === view.human ? $("me-info") : document.querySelector(`#seats .seat[data-seat="${seat}"]`);
    if (!box) return;
    const percent = Math.round(chance * 100);
    const item = el("div", "chance");
    item.dataset.seat = String(seat);
    item.dataset.chance = String(chance);
    item.dataset.finished = String(finished); // the rounds over when the chances were weighed
    const bar = el("span", "chance-bar");
    bar.setAttribute("aria-hidden", "true");
    bar.style.setProperty("--chance", `${percent}%`);
    item.append(el("span", "chance-label", t("chances.seat", { percent: chanceText(chance) })), bar);
    box.append(item);
  });
}

/**
 * One Tab stop for a group of buttons (roving tabindex): the first enabled one takes it;
 * arrow keys move it (input.js).
 */
function rovingTabs(group) {
  const buttons = [...group.querySelectorAll("button")];
  const first = buttons.find((button) => !button.disabled);
  for (const button of buttons) button.tabIndex = button === first ? 0 : -1;
}
