// Bidding practice's board, drawn from the coach's practice view and advice: the trump,
// the seats in bidding order with their bids, the row of bid buttons and the run's table
// (every bid's figures: lib/options.js). Functions of their arguments; practice.js keeps the run.
import { bidButtons, bidNumber } from "../lib/bids.js";
import { cardPicture } from "../lib/cards.js";
import { el } from "../lib/dom.js";
import { isSpecialCard, kindOf } from "../lib/notation.js";
import { headedTable } from "../lib/options.js";
import { cardName, chanceText, decimalText, expectedText, suitName, t, trumpWhyText } from "../lib/words.js";

/** Your cards, a gap between suits (and before the Wizards and the Jesters). */
export function handList(view, theme) {
  const box = el("section", "practice-hand");
  box.setAttribute("aria-label", t("practice.your_hand"));
  const list = el("ul", "practice-cards");
  list.dataset.count = String(view.hand.length);
  let group = null;
  for (const { card } of view.hand) {
    const item = el("li");
    const kind = kindOf(card); // a gap between suits, and before the Wizards and the Jesters
    if (group !== null && kind !== group) item.classList.add("group-start");
    group = kind;
    item.append(cardPicture(card, theme, cardName(card, theme)));
    list.append(item);
  }
  box.append(list);
  return box;
}

/** What your bid was worth against the coach's pick, in words (a line each). */
export function verdictLines(advice, mine) {
  const figures = (bid, points, make) => ({
    bid: bidNumber(bid), points: expectedText(points), chance: chanceText(make),
  });
  const lines = [t("practice.you_bid", figures(mine.bid, mine.points, mine.make))];
  if (mine.bid === mine.best) return [...lines, t("practice.matched")];
  const best = advice.options.find((o) => o.option === mine.best);
  lines.push(t("practice.coach_bids", figures(mine.best, mine.best_points, best.make)));
  if (mine.lost > 0) lines.push(t("practice.lost", { points: decimalText(mine.lost) }));
  else if (mine.points > mine.best_points) {
    lines.push(t("practice.better", { points: decimalText(mine.points - mine.best_points) }));
  }
  else lines.push(t("practice.as_good"));
  return lines;
}

/** The card turned up and the trump suit, with why. */
export function trumpBox(view, theme) {
  const box = el("div", "practice-trump");
  box.append(el("h4", "trump-title", t("trump.title")));
  const row = el("div", "trump-row");
  const { card, suit } = view.trump;
  row.append(card ? cardPicture(card, theme, cardName(card, theme)) : el("span", "card card-none"));
  const text = el("p", "trump-text");
  const why = trumpWhy(view);
  if (suit) {
    text.append(el("strong", `trump-suit suit-text-${suit}`, suitName(suit, theme)));
    if (why) text.append(el("span", "trump-why", t("trump.why_note", { why })));
  } else {
    text.append(el("strong", "", why || t("trump.none")));
  }
  row.append(text);
  box.append(row);
  return box;
}


/**
 * Why trump is what it is, worded as at the table; a choice this seat would have made (a
 * Wizard-like card turned up as it deals, the Werewolf in its hand) was made for it.
 */
function trumpWhy(view) {
  const { why, card } = view.trump;
  if (why === "chosen" && view.dealer === view.seat) {
    return isSpecialCard(card) ? t("practice.trump_chosen_for_you_special", { card: cardName(card, view.theme) })
      : t("practice.trump_chosen_for_you");
  }
  if (why === "called" && view.specials.werewolf.seat === view.seat) {
    return t(view.trump.suit ? "practice.trump_called_for_you" : "practice.trump_called_none_for_you");
  }
  return trumpWhyText(view, (seat) => seatName(view, seat), view.seat);
}

function seatName(view, seat) {
  return seat === view.seat ? t("practice.you") : t("practice.player", { number: seat + 1 });
}

/** The seats from the dealer's left round to the dealer: their bids, yours, those after you. */
export function seatOrder(view) {
  const box = el("div", "practice-order-box");
  const heading = el("h4", "trump-title", t("practice.order_title"));
  heading.id = "practice-order-title";
  const list = el("ol", "practice-order");
  list.setAttribute("aria-labelledby", heading.id);
  const count = view.players.length;
  for (let i = 1; i <= count; i++) {
    const seat = (view.dealer + i) % count;
    const item = el("li", "practice-seat");
    if (seat === view.seat) item.classList.add("you");
    item.append(el("span", "practice-seat-name", seatName(view, seat)));
    if (seat === view.dealer) item.append(el("span", "badge dealer-badge", t("badge.dealer")));
    let state;
    if (seat === view.seat) state = t("practice.bid_yours");
    else if (view.has_bid[seat]) state = t("practice.bid_made", { bid: view.bids[seat] });
    else state = t("practice.bid_later");
    item.append(el("span", "practice-seat-bid", state));
    list.append(item);
  }
  const sum = view.bids.reduce((total, bid) => total + (bid ?? 0), 0);
  const tricks = t("tricks.count", { count: view.hand_size });
  const tally = el("p", "practice-tally", t("tally.bids", { sum, tricks }));
  box.append(heading, list, tally);
  return box;
}

/** 0..hand size as buttons (bids.js); the view's legal and forbidden say which may be pressed and why not. */
export function bidRow(view) {
  const wrap = el("div", "practice-bids bid-wrap");
  const prompt = el("p", "prompt", t("practice.prompt"));
  prompt.id = "practice-prompt";
  const { group, reasons } = bidButtons(view, "practice", "practice-reason");
  group.setAttribute("aria-labelledby", prompt.id);
  group.setAttribute("aria-describedby", "practice-keys");
  const keys = el("p", "note", t("practice.keys"));
  keys.id = "practice-keys";
  wrap.append(prompt, group, keys, ...reasons);
  return wrap;
}

/** The summary's table: each hand's round, your bid, the coach's, your points and what you gave up. */
export function runTable(run) {
  const table = headedTable("practice-run", el("caption", "visually-hidden", t("practice.run_caption")),
    [t("practice.col_hand"), t("practice.col_round"), t("practice.col_yours"), t("practice.col_pick"),
      t("practice.col_run_points"), t("practice.col_lost")]);
  const body = el("tbody");
  run.score.hands.forEach((hand, i) => {
    const row = el("tr", hand.bid === hand.best ? "match" : "");
    const number = el("th", "", String(i + 1));
    number.scope = "row";
    const cells = [run.hands[i].round, bidNumber(hand.bid), bidNumber(hand.best)].map((n) => el("td", "", String(n)));
    row.append(number, ...cells, el("td", "", expectedText(hand.points)), el("td", "", decimalText(hand.lost)));
    body.append(row);
  });
  table.append(body);
  return table;
}
