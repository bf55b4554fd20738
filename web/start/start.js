// The start page's one click to play: the game the form describes, summed up
// in a line above a big Play button (the form itself is folded away under
// "Change settings"), and the word that the game starts as soon as the engine
// is ready when Play was pressed while it loads; and the last game, once
// finished: its result, never reopened by itself. form.js reads the form;
// app.js deals.
import { $ } from "../lib/dom.js";
import { listText, specialsText, t, winnersText } from "../lib/words.js";

/** An opponent in the summary: a bot's name and level, a person's name (a person at this device). */
function opponentText(opponent) {
  if (!opponent.bot) return opponent.name;
  return t("start.opponent", { name: opponent.name, level: t(`seat.level.${opponent.bot}`) });
}

/** The game a form choice describes, in words: who plays, and the settings that matter. */
export function summaryText(choice) {
  const [, ...opponents] = choice.config.players;
  const against = t("start.against", {
    opponents: listText(opponents.map(opponentText)),
  });
  const options = choice.config.options;
  const rules = Object.keys(options).filter((key) => !["bidding", "schedule", "specials"].includes(key) && options[key])
    .map((key) => t(`option.name.${key}`));
  const details = [
    t("start.bids", { bidding: t(`bidding.name.${options.bidding}`) }),
    t("start.cards", { theme: t(`theme.${choice.theme}.short`) }),
    t("start.pace", { pace: t(`pace.${choice.pace}`) }),
  ];
  if (options.schedule && options.schedule !== "standard") {
    details.unshift(t("start.schedule", { schedule: t(`schedule.name.${options.schedule}`) }));
  }
  if (options.specials) details.unshift(t("start.specials", { cards: specialsText(options.specials) }));
  if (rules.length) details.push(t("start.rules", { rules: listText(rules) }));
  if (choice.config.relaxed) details.push(t("start.relaxed"));
  return { against, details: details.join(t("start.separator")) };
}

/** Keep the summary above the Play button in step with the form. */
export function bindQuickStart(form) {
  const refresh = () => {
    if (!form.built) return;
    const { against, details } = summaryText(form.read());
    const box = $("quick-summary");
    box.replaceChildren(against, document.createElement("br"), details);
  };
  form.form.addEventListener("input", refresh);
  form.form.addEventListener("change", refresh);
  return refresh;
}

/** Say that the game starts once the engine is ready ("" when it is, or nothing waits). */
export function showWaiting(waiting) {
  $("play-wait").textContent = waiting ? t("start.waiting") : "";
}

/** The last game's card: who won, your place and score (`view`: the finished game's, or null to hide it). */
export function showLastGame(view) {
  const box = $("last-game");
  box.hidden = !view?.over;
  if (box.hidden) return;
  $("last-result").textContent = winnersText(view);
  const mine = view.totals[view.human];
  const line = $("last-place");
  line.hidden = view.human === null || view.human === undefined; // (a game of bots alone: nobody's place)
  if (!line.hidden) {
    const count = view.players.length;
    const place = 1 + view.totals.filter((total) => total > mine).length;
    line.textContent = t("last.place", { place, count, points: mine });
  }
}
