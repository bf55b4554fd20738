// The compact bid picker, for rounds with more than COMPACT_FROM possible bids
// (a row of 21 buttons pushes a phone's hand off the screen): a number with
// − and + beside it, and a "Bid N" button. The number is one Tab stop (a
// spinbutton: arrows, Page Up/Down, Home/End; Enter bids); a forbidden bid
// is shown as such, with the engine's reason. The Bid button carries the
// intent in data-action like every other button (input.js sends it), so the
// coach's figures (hint.js) sit on it for the bid selected.
import { el } from "../lib/dom.js";
import { t } from "../lib/words.js";

/** From this many possible bids on, the picker replaces the row of buttons. */
export const COMPACT_FROM = 9;

let chosen = { turn: "", bid: 0 }; // the bid selected, kept across redraws of the same turn

/**
 * The picker for `view` (the person's bidding turn); `forbidden`: Map "bid n" -> reason in words.
 * Returns the group; its reason line (if any) is appended by the caller.
 */
export function bidPicker(view, forbidden) {
  const turn = `${view.game?.id ?? ""}:${view.round}`;
  const legal = view.legal.filter((a) => a.startsWith("bid ")).map((a) => Number(a.split(" ")[1]));
  if (chosen.turn !== turn) chosen = { turn, bid: legal[0] ?? 0 };
  const max = view.hand_size;
  const group = el("div", "bid-picker");
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", t("bids.label"));
  const less = stepButton("-1", t("picker.less_mark"), t("picker.less"));
  const value = el("span", "bid-value");
  value.tabIndex = 0;
  value.setAttribute("role", "spinbutton");
  value.setAttribute("aria-label", t("picker.label"));
  value.setAttribute("aria-valuemin", "0");
  value.setAttribute("aria-valuemax", String(max));
  const more = stepButton("1", t("picker.more_mark"), t("picker.more"));
  const go = el("button", "bid bid-go");
  go.type = "button";
  const note = el("p", "picker-state");
  note.id = "picker-state";
  note.setAttribute("aria-live", "polite");
  group.append(less, value, more, go, note);

  const show = (bid) => {
    chosen.bid = Math.min(Math.max(bid, 0), max);
    const action = `bid ${chosen.bid}`;
    const reason = forbidden.get(action);
    value.textContent = String(chosen.bid);
    value.setAttribute("aria-valuenow", String(chosen.bid));
    value.setAttribute("aria-valuetext", reason ? t("picker.value_forbidden", { bid: chosen.bid }) : String(chosen.bid));
    value.classList.toggle("forbidden", Boolean(reason));
    less.disabled = chosen.bid === 0;
    more.disabled = chosen.bid === max;
    go.textContent = t("picker.bid", { bid: chosen.bid });
    go.dataset.action = action;
    go.disabled = !view.legal.includes(action);
    go.classList.toggle("forbidden", Boolean(reason));
    note.textContent = reason ? t("bids.forbidden", { bid: chosen.bid, reason }) : "";
    note.hidden = !reason;
    // The coach's figures follow the bid selected (hint.js listens).
    document.dispatchEvent(new CustomEvent("wizard:decision-changed"));
  };
  for (const button of [less, more]) {
    button.addEventListener("click", () => show(chosen.bid + Number(button.dataset.step)));
  }
  value.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const steps = { ArrowUp: 1, ArrowRight: 1, ArrowDown: -1, ArrowLeft: -1, PageUp: 3, PageDown: -3 };
    let bid = null;
    if (event.key in steps) bid = chosen.bid + steps[event.key];
    else if (event.key === "Home") bid = 0;
    else if (event.key === "End") bid = max;
    else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (!go.disabled) go.click();
      return;
    } else return;
    event.preventDefault();
    event.stopPropagation();
    show(bid);
  });
  show(chosen.bid);
  return group;
}

function stepButton(step, mark, label) {
  const button = el("button", "bid-step", mark);
  button.type = "button";
  button.dataset.step = step;
  button.tabIndex = -1; // the number takes the keys; these are for fingers and mice
  button.setAttribute("aria-label", label);
  return button;
}
