// Draws the engine's view: the seats, trump, the trick, your hand and your
// decision, the score pad and the dialogs. It only reads the view; it never
// decides a rule. Every text goes in with textContent; state is carried by
// classes and data attributes. Buttons carry their intent in data-action
// (input.js sends it).
import { cardBack, cardFace, cardLabel, cardPicture, suitName } from "./cards.js";

const TRUMP_WHY = {
  turned: () => "turned up",
  chosen: (view) => `chosen by ${dealerName(view)}: a Wizard was turned up`,
  choosing: (view) => `a Wizard was turned up: ${view.dealer === view.human ? "you choose" : `${dealerName(view)} chooses`} trump`,
  jester: () => "No trump: a Jester was turned up",
  last_round: () => "No trump: no card is left to turn up in the last round",
  unicoloured: () => "No trump in Unicoloured",
};
const LEVELS = { random: "random bot", easy: "easy bot", medium: "medium bot", hard: "hard bot" };
const SUIT_LETTERS = ["C", "D", "H", "S"];

function el(tag, className = "", text = null) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== null) node.textContent = text;
  return node;
}

const $ = (id) => document.getElementById(id);
const dealerName = (view) => nameOf(view, view.dealer);
function nameOf(view, seat) {
  return seat === view.human ? "you" : view.players[seat].name;
}
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

export class Renderer {
  #showFinishedTrick = false;

  constructor(dialogs) {
    this.dialogs = dialogs;
  }

  /** The round's summary was read: the previous round's last trick leaves the table. */
  clearFinishedTrick(view) {
    this.#showFinishedTrick = false;
    if (view) this.#trick(view);
  }

  /** Draw `view`; `events` says what just happened (trickDone, roundEnded, fresh...). */
  render(view, events = {}) {
    if (events.roundEnded) this.#showFinishedTrick = true;
    else if (view.trick.plays.length > 0 || view.phase === "trump" || view.bids.some((b, s) => s !== view.human && b !== null)) {
      this.#showFinishedTrick = false;
    }
    document.documentElement.dataset.phase = view.over ? "over" : view.phase;
    document.documentElement.dataset.yourTurn = String(view.your_turn);
    this.#roundInfo(view);
    this.#seats(view);
    this.#trump(view);
    this.#trick(view);
    this.#tally(view);
    this.#me(view);
    this.#decision(view);
    this.#hand(view);
    $("take-back").disabled = !view.can_undo;
    this.pad(view);
    // The first-dealer draw opens the game, and again if the page reloads before any bid.
    const atStart = view.round === 1 && !view.has_bid.some(Boolean) && view.phase !== "playing";
    if (events.fresh || (events.resumed && atStart)) this.#draw(view);
    if (events.roundEnded && !view.over) this.#roundSummary(view);
    if (view.over && (events.gameOver || events.resumed)) this.final(view);
    this.#keepFocus(view);
  }

  #roundInfo(view) {
    const info = $("round-info");
    info.replaceChildren();
    if (view.over) {
      info.append(el("strong", "", "Game over"), ` after ${view.rounds} rounds`);
      return;
    }
    info.append(
      el("strong", "", `Round ${view.round} of ${view.rounds}`),
      ` · ${plural(view.hand_size, "card")} each · ${view.dealer === view.human ? "You deal" : `${view.players[view.dealer].name} deals`}`,
    );
  }

  /** The opponents, clockwise from your left; you are drawn below. */
  #seats(view) {
    const list = $("seats");
    list.replaceChildren();
    const count = view.players.length;
    // Clockwise from your left: the first opponent sits at your left, the last
    // at your right, the others across the table (left to right).
    const top = Math.max(count - 3, 0);
    for (let i = 1; i < count; i++) {
      const seat = this.#seat(view, (view.human + i) % count);
      const place = i === 1 ? "pos-left" : i === count - 1 ? "pos-right" : `pos-top pos-top-${i - 1}`;
      seat.classList.add(...place.split(" "));
      list.append(seat);
    }
    list.dataset.count = String(count - 1);
    $("table").dataset.across = String(top);
  }

  #seat(view, seat) {
    const player = view.players[seat];
    const item = el("li", "seat");
    item.dataset.seat = String(seat);
    const acting = !view.over && view.to_act.includes(seat);
    item.classList.toggle("to-act", acting);
    item.classList.toggle("dealer", seat === view.dealer);
    const head = el("div", "seat-head");
    head.append(el("span", "seat-name", player.name));
    head.append(el("span", "seat-level", LEVELS[player.bot] ?? (player.bot ? `${player.bot} bot` : "person")));
    if (seat === view.dealer && !view.over) head.append(el("span", "badge dealer-badge", "Dealer"));
    item.append(head, this.#stats(view, seat));
    const foot = el("div", "seat-foot");
    const need = needBadge(view, seat);
    if (need) foot.append(need);
    if (acting) foot.append(el("span", "badge turn-badge", turnWord(view)));
    const shown = view.shown_hands?.[seat];
    if (!shown && !view.over) foot.append(el("span", "seat-cards", `${plural(view.hand_counts[seat], "card")} in hand`));
    item.append(foot);
    if (shown) {
      const cards = el("div", "shown-hand");
      cards.append(el("span", "visually-hidden", `${player.name}'s card: `));
      for (const card of shown) cards.append(cardPicture(card, view.theme));
      item.append(cards);
    }
    return item;
  }

  /** Bid, tricks taken and score of a seat, as a small description list. */
  #stats(view, seat) {
    const list = el("dl", "stats");
    const add = (term, value, className) => {
      const group = el("div", className);
      group.append(el("dt", "", term), el("dd", "", value));
      list.append(group);
    };
    add("Bid", bidText(view, seat), "stat-bid");
    add("Took", String(view.taken[seat]), "stat-taken");
    add("Score", String(view.totals[seat]), "stat-score");
    return list;
  }

  #trump(view) {
    const box = $("trump");
    box.replaceChildren();
    const { card, suit, why } = view.trump;
    box.append(el("h3", "trump-title", "Trump"));
    const row = el("div", "trump-row");
    if (card) row.append(cardPicture(card, view.theme));
    else row.append(el("span", "card card-none", ""));
    const text = el("p", "trump-text");
    if (suit) {
      text.append(el("strong", `trump-suit suit-text-${suit}`, suitName(suit, view.theme)));
      const reason = TRUMP_WHY[why]?.(view);
      if (reason) text.append(el("span", "trump-why", ` (${reason})`));
    } else {
      text.append(el("strong", "", (TRUMP_WHY[why] ?? (() => "No trump"))(view)));
    }
    row.append(text);
    box.append(row);
  }

  /** The trick being played; between tricks, the one just finished, its winner marked. */
  #trick(view) {
    const list = $("trick");
    const title = $("trick-title");
    list.replaceChildren();
    let trick = view.trick;
    let finished = false;
    if (trick.plays.length === 0 && view.last_trick && (view.tricks.length > 0 || this.#showFinishedTrick)) {
      trick = view.last_trick;
      finished = true;
    }
    list.classList.toggle("finished", finished);
    if (finished) {
      title.textContent = `${capital(nameOf(view, trick.winner))} took the last trick`;
    } else if (view.phase === "playing") {
      title.textContent = `Trick ${view.tricks.length + 1} of ${view.hand_size}`;
    } else {
      title.textContent = "Trick";
    }
    for (const play of trick.plays) {
      const item = el("li", "play");
      item.dataset.seat = String(play.seat);
      if (play.seat === trick.winner) item.classList.add(finished ? "won" : "winning");
      item.append(cardPicture(play.card, view.theme));
      const who = el("span", "play-name", view.players[play.seat].name);
      item.append(who);
      if (play.seat === trick.winner) {
        item.append(el("span", "play-note", finished ? "took it" : "winning"));
      }
      list.append(item);
    }
    if (trick.plays.length === 0) {
      const waiting =
        view.over ? "" : view.phase === "playing" ? `${capital(nameOf(view, view.to_act[0]))} ${view.your_turn ? "lead" : "leads"}…` : "Cards are played after the bidding.";
      list.append(el("li", "trick-empty", waiting));
    }
  }

  /** "Keeping track of tricks": the bids so far against the tricks in play. */
  #tally(view) {
    const tally = $("tally");
    tally.replaceChildren();
    if (view.over) return;
    const known = view.bids.filter((b) => b !== null);
    const made = view.has_bid.filter(Boolean).length;
    const count = view.players.length;
    if (view.options.bidding !== "open" && known.length < made) {
      tally.append(`${made} of ${count} have bid; ${view.options.bidding === "secret" ? "bids stay secret until the round is over" : "bids are shown when everyone has bid"}.`);
      return;
    }
    const sum = known.reduce((a, b) => a + b, 0);
    const parts = [`Bids: ${sum} for ${plural(view.hand_size, "trick")}`];
    if (made === count) {
      const diff = sum - view.hand_size;
      parts.push(diff === 0 ? "as many as there are tricks" : diff > 0 ? `overbid by ${diff}` : `underbid by ${-diff}`);
    } else if (made > 0) {
      parts.push(`${made} of ${count} have bid`);
    }
    if (view.phase === "playing") parts.push(`${plural(view.hand_size - view.tricks.length, "trick")} left to play`);
    tally.textContent = parts.join(" · ");
  }

  #me(view) {
    const box = $("me-info");
    box.replaceChildren();
    const seat = view.human;
    const head = el("div", "seat-head");
    head.append(el("span", "seat-name", view.players[seat].name));
    head.append(el("span", "seat-level", "you"));
    if (seat === view.dealer && !view.over) head.append(el("span", "badge dealer-badge", "Dealer"));
    box.append(head, this.#stats(view, seat));
    const need = needBadge(view, seat);
    if (need) box.append(need);
    $("me").classList.toggle("to-act", view.your_turn);
    $("prompt").textContent = promptText(view);
  }

  /** Your decision: the bid buttons or the trump choice. */
  #decision(view) {
    const box = $("decision");
    box.replaceChildren();
    if (!view.your_turn) return;
    if (view.phase === "bidding") box.append(this.#bids(view));
    if (view.phase === "trump") box.append(this.#trumpChoice(view));
  }

  #bids(view) {
    const group = el("div", "bids");
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", "Your bid");
    const forbidden = new Map(view.forbidden.map((f) => [f.action, f.reason]));
    for (let n = 0; n <= view.hand_size; n++) {
      const action = `bid ${n}`;
      const button = el("button", "bid", String(n));
      button.type = "button";
      button.dataset.action = action;
      button.disabled = !view.legal.includes(action);
      if (forbidden.has(action)) {
        button.classList.add("forbidden");
        button.setAttribute("aria-describedby", "bid-reason");
        button.title = `You may not bid ${n}: ${forbidden.get(action)}`;
      }
      group.append(button);
    }
    const wrap = el("div", "bid-wrap");
    wrap.append(group);
    for (const [action, reason] of forbidden) {
      const note = el("p", "reason", `You may not bid ${action.split(" ")[1]}: ${reason}.`);
      note.id = "bid-reason";
      wrap.append(note);
    }
    return wrap;
  }

  #trumpChoice(view) {
    const group = el("div", "trump-choice");
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", "Choose trump");
    for (const letter of SUIT_LETTERS) {
      const action = `trump ${letter}`;
      const button = el("button", "suit-button");
      button.type = "button";
      button.dataset.action = action;
      button.disabled = !view.legal.includes(action);
      button.append(cardFace(`A${letter}`, view.theme), el("span", "suit-button-name", suitName(letter, view.theme)));
      button.setAttribute("aria-label", suitName(letter, view.theme));
      group.append(button);
    }
    return group;
  }

  /** Your cards, sorted by the engine; playable ones enabled, the others say why not. */
  #hand(view) {
    const hand = $("hand");
    const note = $("hand-note");
    hand.replaceChildren();
    note.replaceChildren();
    note.id = "hand-note";
    if (view.hand_hidden) {
      const back = el("span", "hidden-card");
      back.setAttribute("role", "img");
      back.setAttribute("aria-label", "Your card, face down");
      back.append(cardBack());
      hand.append(back);
      note.textContent = "Foresight: you see everyone's card but your own while bidding.";
      return;
    }
    const playing = view.phase === "playing" && view.your_turn;
    const reasons = new Set();
    let group = null;
    for (const { card, playable, why_not: whyNot } of view.hand ?? []) {
      const button = el("button", "hand-card");
      const kind = card.length === 1 ? card : card[1]; // Z, N or the suit letter
      if (group !== null && kind !== group) button.classList.add("group-start");
      group = kind;
      button.type = "button";
      button.setAttribute("aria-label", cardLabel(card, view.theme));
      button.dataset.card = card;
      button.dataset.action = `play ${card}`;
      button.append(cardFace(card, view.theme));
      button.disabled = !(playing && playable);
      if (playing && !playable) {
        button.classList.add("unplayable");
        button.title = `You may not play this: ${whyNot}`;
        button.setAttribute("aria-describedby", "hand-note");
        reasons.add(whyNot);
      } else if (playing) {
        button.classList.add("playable");
      } else {
        button.classList.add("idle");
      }
      hand.append(button);
    }
    hand.dataset.count = String((view.hand ?? []).length);
    if (reasons.size) note.textContent = `Greyed cards can't be played now: ${[...reasons].join("; ")}.`;
    else if (playing) note.textContent = "Any card may be played.";
  }

  /** The score pad: for every round and player the bid, tricks, points and total (R19). */
  pad(view) {
    const table = $("pad");
    table.replaceChildren();
    const names = view.players.map((p) => p.name);
    const head = table.createTHead();
    const top = head.insertRow();
    const corner = el("th", "", "Round");
    corner.rowSpan = 2;
    corner.scope = "col";
    top.append(corner);
    names.forEach((name, seat) => {
      const th = el("th", "pad-player", name);
      th.colSpan = 4;
      th.scope = "colgroup";
      th.dataset.seat = String(seat);
      top.append(th);
    });
    const sub = head.insertRow();
    for (let s = 0; s < names.length; s++) {
      for (const word of ["Bid", "Took", "Points", "Total"]) {
        const th = el("th", `pad-sub pad-sub-${word.toLowerCase()}`, word);
        th.scope = "col";
        sub.append(th);
      }
    }
    const body = table.createTBody();
    view.score_pad.forEach((rows, r) => {
      const tr = body.insertRow();
      tr.dataset.round = String(r + 1);
      const th = el("th", "", String(r + 1));
      th.scope = "row";
      tr.append(th);
      rows.forEach((row, seat) => {
        for (const key of ["bid", "taken", "points", "total"]) {
          const td = el("td", `pad-${key}${key === "points" ? (row.bid === row.taken ? " made" : " missed") : ""}`, String(row[key]));
          td.dataset.seat = String(seat);
          tr.append(td);
        }
      });
    });
    if (!view.over) {
      const tr = body.insertRow();
      tr.className = "pad-current";
      const th = el("th", "", `${view.round} (now)`);
      th.scope = "row";
      tr.append(th);
      for (let seat = 0; seat < names.length; seat++) {
        tr.append(el("td", "pad-bid", bidText(view, seat)), el("td", "pad-taken", String(view.taken[seat])), el("td", "", "—"), el("td", "", "—"));
      }
    }
    const foot = table.createTFoot();
    const tr = foot.insertRow();
    const th = el("th", "", "Total");
    th.scope = "row";
    tr.append(th);
    view.totals.forEach((total, seat) => {
      const td = el("td", "pad-grand-total", String(total));
      td.colSpan = 4;
      td.dataset.seat = String(seat);
      tr.append(td);
    });
  }

  /** The first-dealer draw (R6), shown when a game starts. */
  #draw(view) {
    const box = $("draw-rounds");
    box.replaceChildren();
    view.draws.forEach((draw, i) => {
      if (i > 0) box.append(el("p", "draw-again", "A tie for the highest card: those players draw again."));
      const list = el("ul", "draw");
      for (const { seat, card } of draw) {
        const item = el("li", "draw-card");
        if (seat === view.first_dealer && i === view.draws.length - 1) item.classList.add("won");
        item.append(cardPicture(card, view.theme), el("span", "play-name", view.players[seat].name));
        list.append(item);
      }
      box.append(list);
    });
    const who = view.first_dealer === view.human ? "You deal" : `${view.players[view.first_dealer].name} deals`;
    $("draw-result").textContent = `${who} first.`;
    this.dialogs.open("draw-dialog", { holdBots: true });
  }

  /** What happened in the round just scored. */
  #roundSummary(view) {
    const round = view.score_pad.length;
    const rows = view.score_pad[round - 1];
    $("round-title").textContent = `Round ${round} of ${view.rounds} is over`;
    const last = $("round-last-trick");
    last.replaceChildren();
    if (view.last_trick) {
      last.append(el("p", "", `${capital(nameOf(view, view.last_trick.winner))} took the last trick:`));
      const list = el("ul", "draw");
      for (const play of view.last_trick.plays) {
        const item = el("li", "draw-card");
        if (play.seat === view.last_trick.winner) item.classList.add("won");
        item.append(cardPicture(play.card, view.theme), el("span", "play-name", view.players[play.seat].name));
        list.append(item);
      }
      last.append(list);
    }
    const table = $("round-summary");
    table.replaceChildren();
    table.setAttribute("aria-label", `Round ${round} summary`);
    const head = table.createTHead().insertRow();
    for (const word of ["Player", "Bid", "Took", "Points", "Total"]) {
      const th = el("th", "", word);
      th.scope = "col";
      head.append(th);
    }
    const body = table.createTBody();
    rows.forEach((row, seat) => {
      const tr = body.insertRow();
      tr.className = row.bid === row.taken ? "made" : "missed";
      const th = el("th", "", view.players[seat].name);
      th.scope = "row";
      tr.append(th);
      for (const key of ["bid", "taken", "points", "total"]) {
        tr.append(el("td", `summary-${key}`, key === "points" && row.points > 0 ? `+${row.points}` : String(row[key])));
      }
    });
    $("round-next").textContent = `On to round ${round + 1}`;
    this.dialogs.open("round-dialog", { holdBots: true });
  }

  /** The final standings (R18). */
  final(view) {
    const order = view.players.map((p, seat) => ({ seat, name: p.name, total: view.totals[seat] }));
    order.sort((a, b) => b.total - a.total || a.seat - b.seat);
    const list = $("final-standings");
    list.replaceChildren();
    for (const entry of order) {
      const item = el("li", view.winners.includes(entry.seat) ? "winner" : "");
      item.append(el("span", "standing-name", entry.name), el("span", "standing-total", `${entry.total} points`));
      list.append(item);
    }
    const names = view.winners.map((s) => (s === view.human ? "You" : view.players[s].name));
    const top = view.totals[view.winners[0]];
    const who =
      names.length === 1
        ? `${names[0]} ${view.winners[0] === view.human ? "win" : "wins"}`
        : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]} share the win`;
    $("final-winners").textContent = `${who} with ${top} points.`;
    this.dialogs.open("final-dialog", { holdBots: false });
  }

  /** After a redraw, keep keyboard users where they can act. */
  #keepFocus(view) {
    if (this.dialogs.anyOpen()) return;
    const active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) return;
    if (!view.your_turn) return;
    const target = document.querySelector("#decision button:not([disabled]), #hand button:not([disabled])");
    target?.focus({ preventScroll: true });
  }
}

function turnWord(view) {
  if (view.phase === "trump") return "Choosing trump…";
  if (view.phase === "bidding") return "Bidding…";
  return "To play…";
}

function bidText(view, seat) {
  const bid = view.bids[seat];
  if (bid !== null && bid !== undefined) return String(bid);
  return view.has_bid[seat] ? "?" : "–";
}

/** How the seat stands against its bid ("keeping track of tricks"), while cards are played. */
function needBadge(view, seat) {
  const bid = view.bids[seat];
  if (bid === null || bid === undefined || view.phase !== "playing") return null;
  const need = bid - view.taken[seat];
  const you = seat === view.human;
  if (need > 0) return el("span", "badge need need-more", `${you ? "need" : "needs"} ${need} more`);
  if (need === 0) return el("span", "badge need need-none", "on target");
  return el("span", "badge need need-over", `${-need} over`);
}

function promptText(view) {
  if (view.over) return "The game is over.";
  const waiting = view.to_act.filter((s) => s !== view.human).map((s) => view.players[s].name);
  if (!view.your_turn) {
    const who = waiting.length > 2 ? `${waiting.slice(0, -1).join(", ")} and ${waiting.at(-1)}` : waiting.join(" and ");
    if (view.phase === "bidding" && view.options.bidding !== "open") return `Waiting for ${who} to bid.`;
    const verb = { trump: "choose trump", bidding: "bid", playing: "play" }[view.phase];
    return `Waiting for ${who} to ${verb}…`;
  }
  if (view.phase === "trump") return "A Wizard was turned up. You deal: look at your hand and choose trump.";
  if (view.phase === "bidding") {
    const how = { open: "", hidden: " Your bid stays hidden until everyone has bid.", secret: " Your bid stays secret until the round is over." }[view.options.bidding] ?? "";
    return `Your bid: how many tricks will you take?${how}`;
  }
  return view.trick.plays.length === 0 ? "Your lead: play a card." : "Your turn: play a card.";
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
