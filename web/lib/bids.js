// The bid, at the table and in bidding practice: a row of number buttons from 0 to
// the hand size (wrapping into rows on a phone), one press to bid; a forbidden bid
// struck through, its reason (the engine's) said under the row. Digits typed bid
// too (BidTyping): a digit that may start a longer bid ("1" of 12 in a round of 15
// cards) waits a moment for the next digit, or Enter; any other bids at once.
// Each button carries its intent in a data attribute ("bid 2"): the caller's click
// handler sends it, and a typed bid is a click on its button.
import { el } from "./dom.js";
import { reasonText, t } from "./words.js";

export const TYPING_MS = 1200; // how long a digit that may start a longer bid waits for the next

/** The number in a bid's notation: "bid 12" -> 12. */
export function bidNumber(action) {
  return Number(action.split(" ")[1]);
}

/** A forbidden bid's line and tooltip, said to the one bidding ("You may not bid 2: ..."). */
function youMayNot(params) {
  return { note: t("bids.forbidden", params), title: t("bids.forbidden_title", params) };
}

/**
 * The buttons of `view`'s bid (the view's legal and forbidden say which may be pressed
 * and why not) in a group `.bids`, and under it a line per forbidden bid with its reason.
 * `data`: the dataset key of a button's intent; `reasonId`: the id of the reason line;
 * `words`: ({bid, reason}) => the forbidden bid's {note, title} (the score keeper names the
 * bidder: it is not "you").
 */
export function bidButtons(view, data, reasonId, words = youMayNot) {
  const forbidden = new Map(view.forbidden.map((f) => [f.action, reasonText(f.reason, view)]));
  const group = el("div", "bids");
  group.setAttribute("role", "group");
  const reasons = [];
  for (let n = 0; n <= view.hand_size; n++) {
    const action = `bid ${n}`;
    const button = el("button", "bid", String(n));
    button.type = "button";
    button.dataset[data] = action;
    button.dataset.bid = String(n);
    button.disabled = !view.legal.includes(action);
    const reason = forbidden.get(action);
    if (reason) {
      const id = `${reasonId}${reasons.length || ""}`;
      button.classList.add("forbidden");
      button.setAttribute("aria-describedby", id);
      const said = words({ bid: n, reason });
      button.title = said.title;
      const note = el("p", "reason", said.note);
      note.id = id;
      note.dataset.bid = String(n);
      note.setAttribute("aria-live", "polite");
      reasons.push(note);
    }
    group.append(button);
  }
  return { group, reasons };
}

/** Digits typed bid: one per row of bid buttons (the table's, practice's). */
export class BidTyping {
  #typed = ""; // the digits of a bid that may grow
  #at = 0; // when the last of them was typed
  #timer = 0;
  #pending = null; // the button the digits so far name

  /** A key on the bid's row `group` (.bids): true when it was a digit (or Enter after one) and taken. */
  key(event, group) {
    if (event.altKey || event.ctrlKey || event.metaKey) return false;
    if (event.key === "Enter" && this.#pending?.isConnected) {
      event.preventDefault();
      this.#bid(this.#pending);
      return true;
    }
    if (!/^[0-9]$/.test(event.key)) return false;
    event.preventDefault();
    const top = group.querySelectorAll(".bid").length - 1;
    const now = performance.now();
    let typed = this.#pending?.isConnected && now - this.#at < TYPING_MS ? this.#typed + event.key : event.key;
    if (Number(typed) > top) typed = event.key;
    const button = group.querySelector(`.bid[data-bid="${Number(typed)}"]`);
    this.#clear();
    if (!button) return true;
    if (typed !== "0" && Number(typed) * 10 <= top) this.#wait(typed, button, now); // "1" of 10..top
    else this.#bid(button);
    return true;
  }

  #wait(typed, button, now) {
    this.#typed = typed;
    this.#at = now;
    this.#pending = button;
    button.classList.add("typed");
    button.style.setProperty("--typing-ms", `${TYPING_MS}ms`);
    if (!button.disabled) button.focus();
    this.#timer = setTimeout(() => this.#bid(button), TYPING_MS);
  }

  /** Bid what `button` says (a click, as a finger would), or say why it may not be bid. */
  #bid(button) {
    this.#clear();
    if (!button.isConnected) return;
    if (!button.disabled) {
      button.click();
      return;
    }
    const note = button.closest(".bid-wrap")?.querySelector(`.reason[data-bid="${button.dataset.bid}"]`);
    if (!note) return;
    const words = note.textContent;
    note.textContent = ""; // said again by the live region
    note.classList.remove("refused");
    requestAnimationFrame(() => {
      note.textContent = words;
      note.classList.add("refused");
    });
  }

  #clear() {
    clearTimeout(this.#timer);
    this.#pending?.classList.remove("typed");
    this.#pending = null;
    this.#typed = "";
  }
}
