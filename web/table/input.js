// Turns the person's clicks and keys into intents for the game: a button's
// data-action ("play 7H", "bid 2", "trump H") goes to game.act(); the
// toolbar's buttons to their commands. Arrow keys move between the cards of
// the hand and between the bid buttons; each group is one Tab stop (roving
// tabindex: table.js gives it to the first enabled button, focus moves it).
// Enter or Space plays or bids.

const GROUPS = "#hand, .bids, .trump-choice";

export function bindInput(table, game, commands) {
  table.addEventListener("click", (event) => {
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
    if (!group || event.altKey || event.ctrlKey || event.metaKey) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const edge = { Home: "first", End: "last" }[event.key];
    if (!step && !edge) return;
    const buttons = [...group.querySelectorAll("button:not([disabled])")];
    if (buttons.length === 0) return;
    event.preventDefault();
    const index = buttons.indexOf(event.target);
    let next;
    if (edge === "first") next = 0;
    else if (edge === "last") next = buttons.length - 1;
    else next = (index + step + buttons.length) % buttons.length;
    buttons[next].focus();
  });

  for (const [id, command] of Object.entries(commands)) {
    document.getElementById(id)?.addEventListener("click", command);
  }
}
