// The page's words. Every word a player reads comes from one catalogue per
// language, a plain data file (i18n/en.json: key -> template with {named}
// parameters, or {"one": ..., "other": ...} where a {count} picks the plural
// form by the language's own rules). Other modules ask for a message by key:
//
//   await loadWords("en");                 // once, before anything is drawn
//   t("round.of", { round: 3, rounds: 20 }) // "Round 3 of 20"
//   reasonText(reason, view)               // an engine reason, worded
//
// A second language is just another file in i18n/. The engine's reasons
// ({code, params, rule}) are worded here from "reason.<code>", cards and
// suits in the display theme's words.

let language = "en";
let messages = {};
let plurals = new Intl.PluralRules(language);

/** Load the catalogue of `lang` (i18n/<lang>.json); rejects if it is missing. */
export async function loadWords(lang = "en") {
  const response = await fetch(new URL(`./i18n/${lang}.json`, import.meta.url));
  if (!response.ok) throw new Error(`i18n/${lang}.json: HTTP ${response.status}`);
  messages = await response.json();
  language = lang;
  plurals = new Intl.PluralRules(lang);
  document.documentElement.lang = lang;
}

/** The message `key` with its {parameters} filled in; a {count} chooses the plural form. */
export function t(key, params = {}) {
  let template = messages[key];
  if (template === undefined) {
    console.error(`No words for "${key}" in i18n/${language}.json`);
    return key;
  }
  if (typeof template === "object") template = template[plurals.select(Number(params.count))] ?? template.other;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** Fill every element of `root` that names its words: data-i18n (text), data-i18n-label (aria-label). */
export function fillStatic(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
}

/** "Ann", "Ann and Bob", "Ann, Bob and Cy". */
export function listText(names) {
  if (names.length <= 1) return names.join("");
  return t("list.and", { first: names.slice(0, -1).join(t("list.comma")), last: names.at(-1) });
}

/** A suit's name in a theme: "hearts", "Elves (green)". */
export function suitName(letter, theme) {
  return t(`suit.${themeOf(theme)}.${letter}`);
}

/** A card's spoken name: "7 of hearts", "queen of spades", "12 of Elves", "Wizard". */
export function cardName(card, theme) {
  if (card === "Z") return t("card.wizard");
  if (card === "N") return t("card.jester");
  const style = themeOf(theme);
  const rank = "23456789TJQKA".indexOf(card[0]) + 1;
  const value = style === "amigo" ? String(rank) : t(`rank.${card[0]}`);
  return t("card.of", { value, suit: t(`suit.${style}.short.${card[1]}`) });
}

/** A player as the sentence calls them: "you" for the person, else the name. */
export function who(view, seat) {
  return seat === view.human ? t("you") : view.players[seat].name;
}

/** Points with their sign: "+20", "0", "-10". */
export function signed(points) {
  return points > 0 ? `+${points}` : String(points);
}

/** The sentence's first letter in capitals ("you deal" -> "You deal"). */
export function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * An engine reason ({code, params, rule, cause?}) in words. Parameters are
 * worded by their kind: cards and suits in the view's theme, seats by name.
 * An error without a reason (the page's own failures) keeps its message.
 */
export function reasonText(reason, view = null) {
  if (typeof reason === "string") return reason;
  if (!reason?.code) return reason?.message ?? String(reason);
  const theme = view?.theme ?? "classic";
  const params = {};
  for (const [name, value] of Object.entries(reason.params ?? {})) params[name] = paramText(name, value, theme, view);
  if (reason.cause) params.cause = reasonText(reason.cause, view);
  const key = `reason.${reason.code}`;
  return key in messages ? t(key, params) : t("reason.internal", params);
}

function paramText(name, value, theme, view) {
  if (name === "card" || name.endsWith("_card")) return cardName(String(value), theme);
  if (name === "suit" || name.endsWith("_suit")) return suitName(String(value), theme);
  if ((name === "seat" || name.endsWith("_seat")) && view?.players?.[value]) return who(view, value);
  return value;
}

/** The words of a failed engine call (an Error whose .reason is the engine's reason). */
export function errorText(error, view = null) {
  return error?.reason ? reasonText(error.reason, view) : String(error?.message ?? error);
}

function themeOf(theme) {
  return theme === "amigo" ? "amigo" : "classic";
}
