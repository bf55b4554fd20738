// Turns the person's clicks and keys into intents for the game: a button's
// data-action ("play 7H", "bid 2", "trump H") goes to game.act(); the
// toolbar's buttons to their commands. Arrow keys move between the cards of
// the hand and between the bid buttons; each group is one Tab stop (roving
// tabindex: table.js gives it to the first enabled button, focus moves it).
// Enter or Space plays or bids. Digits typed bid (bids.js), wherever the focus
// is but in a text field.
import { BidTyping } from "../lib/bids.js";
import { inTextField, moveAlong } from "../lib/dom.js";

const GROUPS = "#hand, .bids, .trump-choice, .special-choice";

export function bindInput(table, game, commands) {
  table.addEventListener("click", (event) => {
    const picked = event.target.closest("button[data-pick]");
    if (picked && !picked.disabled && table.contains(picked)) {
      game.pick(picked.dataset.pick); // a special card whose choice follows (its colour, the Witch's take)
      table.querySelector("#decision button")?.focus({ preventScroll: true });
      return;
    }
    const button = event.target.closest("button[data-action]");
    if (!button || button.disabled || !table.contains(button)) return;
    game.act(button.dataset.action);
  });

  // Roving tabindex: a group of cards or bids is one Tab stop, the button last focused in it.
  table.addEventListener("focusin", (event) => {
    const group = event.target.closest?.(GROUPS);
    if (!group || event.target.tagName !== "BUTTON") return;
    for (const button of group.querySelectorAll("button")) button.tabIndex = button === event.target ? 0 : -1;
  });

  table.addEventListener("keydown", (event) => {
    const group = event.target.closest(GROUPS);
    if (group && !event.altKey && !event.ctrlKey && !event.metaKey) moveAlong(event, group);
  });

  const typing = new BidTyping();
  document.addEventListener("keydown", (event) => {
    const group = table.querySelector("#decision .bids");
    if (!group || table.hidden || document.querySelector("dialog[open]") || inTextField(event.target)) return;
    typing.key(event, group);
  });

  for (const [id, command] of Object.entries(commands)) {
    document.getElementById(id)?.addEventListener("click", command);
  }
}
