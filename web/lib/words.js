// The page's words. Every word a player reads comes from one catalogue per
// language, a plain data file (i18n/<lang>.json: key -> template with {named}
// parameters, or {"one": ..., "other": ...} where a {count} picks the plural
// form by the language's own rules). Other modules ask for a message by key:
//
//   await loadWords();                     // once, before anything is drawn
//   t("round.of", { round: 3, rounds: 20 }) // "Round 3 of 20"
//   reasonText(reason, view)               // an engine reason, worded
//
// The engine's reasons ({code, params, rule}) are worded here from
// "reason.<code>", cards and suits in the display theme's words.
//
// The language: the one the person chose in the page (remembered in this
// browser), else the first of the browser's languages (navigator.languages)
// whose primary tag we have a catalogue for, else the first of LANGUAGES.
import { JESTER, SUITS, WIZARD, isCard, isSpecialCard, rankNumber, rankOf, suitOf } from "./notation.js";

/** The languages the page speaks, each with its catalogue i18n/<code>.json (and its own name, "language.<code>"). */
export const LANGUAGES = ["en", "de"];
const LANGUAGE_KEY = "wizard.language"; // the person's choice, in localStorage

let language = LANGUAGES[0];
let messages = {};
let plurals = new Intl.PluralRules(language);

const catalogues = new Map(); // lang -> the promise of its catalogue (fetched once)

/** The remembered choice, or null (none, or storage refused: a choice is a convenience). */
function rememberedLanguage() {
  try {
    return window.localStorage?.getItem(LANGUAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The language to speak: the person's choice, else the browser's first one we have, else English. */
export function chosenLanguage() {
  const remembered = rememberedLanguage();
  if (LANGUAGES.includes(remembered)) return remembered;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = String(tag ?? "").split("-")[0].toLowerCase();
    if (LANGUAGES.includes(primary)) return primary;
  }
  return LANGUAGES[0];
}

/** The language the page speaks now. */
export function currentLanguage() {
  return language;
}

/** Expected points as the coach's tables show them: "+12.4", "−3.0", "0.0". */
export function expectedText(points) {
  const text = decimalText(points);
  return points >= 0.05 ? `+${text}` : text;
}

/** A chance 0..1 as a percentage: "45%" (in German "45 %"). */
export function chanceText(chance) {
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 }).format(chance);
}

function catalogue(lang) {
  if (!catalogues.has(lang)) {
    const loading = fetch(new URL(`../i18n/${lang}.json`, import.meta.url)).then((response) => {
      if (!response.ok) throw new Error(`i18n/${lang}.json: HTTP ${response.status}`);
      return response.json();
    });
    loading.catch(() => catalogues.delete(lang)); // a later call tries again
    catalogues.set(lang, loading);
  }
  return catalogues.get(lang);
}

/**
 * Speak `lang` (by default the chosen language): load its catalogue (once) and
 * make it the page's words; `<html lang>` follows. A catalogue that cannot be
 * loaded falls back on the first language's; rejects only if that fails too.
 */
export async function loadWords(lang = chosenLanguage()) {
  if (!LANGUAGES.includes(lang)) lang = LANGUAGES[0];
  let found;
  try {
    found = await catalogue(lang);
  } catch (error) {
    if (lang === LANGUAGES[0]) throw error;
    console.warn(`${error.message}: the page speaks ${LANGUAGES[0]}`);
    return loadWords(LANGUAGES[0]);
  }
  messages = found;
  language = lang;
  plurals = new Intl.PluralRules(lang);
  document.documentElement.lang = lang;
}

/** The person chose `lang` in the page: speak it, and remember it in this browser. */
export async function chooseLanguage(lang) {
  await loadWords(lang);
  try {
    window.localStorage?.setItem(LANGUAGE_KEY, language);
  } catch {
    // not remembered (storage refused): the page still speaks it until it closes
  }
}

/**
 * A player's name, isolated for the bidirectional algorithm (FIRST STRONG
 * ISOLATE ... POP DIRECTIONAL ISOLATE): a right-to-left name, or one holding
 * bidi control characters (U+202E...), reads as itself and never reorders the
 * sentence around it. Elements that show a name alone isolate it in CSS.
 */
export function isolate(name) {
  return `\u2068${name}\u2069`;
}

/**
 * A number as words show it: a negative one with a true minus sign (U+2212), which never parts
 * from its digits at a line's end.
 */
export function numberText(number) {
  return number < 0 ? `\u2212${-number}` : String(number);
}

/** A size in bytes in the page's language: "740 kB", "8.2 MB" (decimal units, as browsers show them). */
export function sizeText(bytes) {
  const [unit, size] = bytes >= 1e6 ? ["megabyte", bytes / 1e6] : ["kilobyte", bytes / 1e3];
  return new Intl.NumberFormat(language, { style: "unit", unit, maximumFractionDigits: size < 10 ? 1 : 0 })
    .format(size).replace(" ", "\u00a0"); // (never "8.2" at a line's end and "MB" on the next)
}

/** One decimal in the page's language with a true minus sign, never "−0.0": "7.3", "−0.5", "−0,5". */
export function decimalText(value) {
  const shown = Math.abs(value) < 0.05 ? 0 : Number(value);
  return new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
    .format(shown).replace("-", "\u2212");
}

/**
 * The message `key` with its {parameters} filled in; a {count} chooses the
 * plural form. A {name} parameter (a player's name) is isolated; a negative
 * number gets a true minus sign.
 */
export function t(key, params = {}) {
  let template = messages[key];
  if (template === undefined) {
    console.error(`No words for "${key}" in i18n/${language}.json`);
    return key;
  }
  if (typeof template === "object") template = template[plurals.select(Number(params.count))] ?? template.other;
  const value = (name) => {
    const param = params[name];
    if (name === "name") return isolate(String(param));
    return typeof param === "number" ? numberText(param) : String(param);
  };
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? value(name) : whole));
}

/** Fill every element of `root` that names its words: data-i18n (text), data-i18n-label (aria-label). */
export function fillStatic(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-label]")) {
    node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  }
  document.documentElement.dataset.worded = "true"; // style.css shows the page's body from now on
}

/** "Ann", "Ann and Bob", "Ann, Bob and Cy" (each name isolated). */
export function listText(names) {
  names = names.map(isolate);
  if (names.length <= 1) return names.join("");
  return t("list.and", { first: names.slice(0, -1).join(t("list.comma")), last: names.at(-1) });
}

/**
 * A finished game's result, on the final standings and the start page's last game:
 * "You win with 120 points." / "Merlin wins ..." / "... share the win ...".
 */
export function winnersText(view) {
  const top = view.totals[view.winners[0]];
  if (view.winners.length > 1) {
    const names = view.winners.map((s) => (s === view.human ? t("final.you") : view.players[s].name));
    return t("final.share", { names: listText(names), points: top });
  }
  if (view.winners[0] === view.human) return t("final.you_win", { points: top });
  return t("final.wins", { name: view.players[view.winners[0]].name, points: top });
}

/** A suit's name in a theme: "hearts", "Elves (green)". */
export function suitName(letter, theme) {
  return t(`suit.${themeOf(theme)}.${letter}`);
}

/** A game's special cards in words: a box's name, or the cards' ("Bomb,Cloud": "Bomb and Cloud"). */
export function specialsText(specials) {
  if (/^\d+$/.test(specials)) return t(`specials.name.${specials}`);
  return listText(specials.split(",").map((card) => t(`card.special.${card}`)));
}

/** How a special card was played, in words: the colour it was named (a suit letter) or the card it became ("Z"). */
export function howName(how, theme) {
  return SUITS.includes(how) ? suitName(how, theme) : cardName(how, theme);
}

/**
 * Why trump is what it is (view.trump.why, a code), in words; `name(seat)` names a seat, and
 * the seat `you` is worded "you" (the table's person; practice's seat).
 */
export function trumpWhyText(view, name, you) {
  const { why, card } = view.trump;
  if (why === "chosen" || why === "choosing") {
    const special = isSpecialCard(card) ? "_special" : ""; // S8: a special card turned up
    const params = { name: name(view.dealer), card: cardName(card, view.theme) };
    return t(`trump.why.${why}${view.dealer === you ? "_you" : ""}${special}`, params);
  }
  if (why === "calling" || why === "called") { // S10: the Werewolf's holder calls trump
    const { seat } = view.specials.werewolf;
    const none = why === "called" && !view.trump.suit ? "_none" : ""; // "call none"
    return t(`trump.why.${why}${none}${seat === you ? "_you" : ""}`, { name: name(seat) });
  }
  if (why === "fixed" && !view.trump.suit) return t("trump.why.fixed_none"); // T2: Maximus's last round
  return why ? t(`trump.why.${why}`, { card: card ? cardName(card, view.theme) : "" }) : "";
}

/** A card's spoken name: "7 of hearts", "queen of spades", "12 of Elves", "Wizard". */
export function cardName(card, theme) {
  if (card === WIZARD) return t("card.wizard");
  if (card === JESTER) return t("card.jester");
  if (isSpecialCard(card)) return t(`card.special.${card}`);
  const style = themeOf(theme);
  const value = style === "amigo" ? String(rankNumber(card)) : t(`rank.${rankOf(card)}`);
  return t("card.of", { value, suit: t(`suit.${style}.short.${suitOf(card)}`) });
}

/** The index printed in a card's corner: "7", "10", "Q", "12" (Amigo), "W" (letters from the catalogue). */
export function cornerText(card, theme) {
  const rank = rankOf(card);
  if (rank === null) return t(`corner.${card}`);
  if (themeOf(theme) === "amigo") return String(rankNumber(card));
  return has(`corner.${rank}`) ? t(`corner.${rank}`) : rank; // the number cards print their rank letter
}

/**
 * A card's name on a button that shows it: led by the card's index when the name does not say
 * it ("W, Wizard", "Q, queen of spades"; "7 of hearts"), so that the name holds what the card shows.
 */
export function cardButtonName(card, theme) {
  const name = cardName(card, theme);
  const corner = cornerText(card, theme);
  const said = name.toLowerCase().split(" ").includes(corner.toLowerCase());
  return said ? name : t("card.with_index", { corner, card: name });
}

/** A player as the sentence calls them: "you" for the person, else the name. */
function who(view, seat) {
  return seat === view.human ? t("you") : isolate(view.players[seat].name);
}

/** Points with their sign: "+20", "0", "-10". */
export function signed(points) {
  return points > 0 ? `+${points}` : numberText(points);
}

/** The sentence's first letter in capitals ("you deal" -> "You deal"). */
function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * An engine reason ({code, params, rule, cause?}) in words: "reason.<code>"
 * with its params worded by their kind (cards and suits in the view's theme,
 * seats by name, options and phases by their names); a cause follows after a
 * colon. The rule ("R13") is the engine's reference, not the player's words.
 */
export function reasonText(reason, view = null) {
  const params = {};
  for (const [name, value] of Object.entries(reason.params ?? {})) params[name] = paramText(name, value, view);
  const known = has(`reason.${reason.code}`);
  const text = known ? t(`reason.${reason.code}`, params) : t("reason.unknown", { code: reason.code });
  return reason.cause ? t("reason.with_cause", { reason: text, cause: reasonText(reason.cause, view) }) : text;
}

// How a reason's params are worded, by their name (wizard_engine/reasons.py names them).
const PARAMS = {
  card: (value, view) => cardName(String(value), view?.theme),
  suit: (value, view) => suitName(String(value), view?.theme),
  seat: (value, view) => (view?.players?.[value] ? who(view, value) : String(value)),
  option: (value) => (has(`option.name.${value}`) ? t(`option.name.${value}`) : value),
  other: (value) => PARAMS.option(value),
  bidding: (value) => (has(`bidding.name.${value}`) ? t(`bidding.name.${value}`) : value),
  schedule: (value) => (has(`schedule.name.${value}`) ? t(`schedule.name.${value}`) : value),
  phase: (value) => t(`phase.${value}`),
  tricks: (value) => t("tricks.count", { count: value }),
  action: (value, view) => actionName(String(value), view?.theme),
};

function paramText(name, value, view) {
  return PARAMS[name] ? PARAMS[name](value, view) : value;
}

/** An action as a verb phrase: "bid 2", "play the queen of spades", "choose hearts". */
export function actionName(action, theme) {
  const [verb, arg, how] = action.split(" ");
  const card = (name) => (isCard(name) || isSpecialCard(name) ? cardName(name, theme) : null);
  if (verb === "bid") return t("action.bid", { bid: arg });
  if ((verb === "trump" || verb === "call" || verb === "name") && SUITS.includes(arg)) {
    return t("action.trump", { suit: suitName(arg, theme) });
  }
  if (verb === "call" && arg === "none") return t("action.call_none");
  if (verb === "name" && card(arg)) return t("action.name_as", { as: card(arg) });
  if (verb === "cloud") return t("action.cloud", { change: arg });
  if (verb === "pass" && card(arg)) return t("action.pass", { card: card(arg) });
  if (verb === "witch" && card(arg) && card(how)) return t("action.witch", { put: card(arg), took: card(how) });
  if (verb === "play" && card(arg) && how === undefined) return t("action.play", { card: card(arg) });
  if (verb === "play" && card(arg) && SUITS.includes(how)) {
    return t("action.play_named", { card: card(arg), suit: suitName(how, theme) });
  }
  if (verb === "play" && card(arg) && card(how)) return t("action.play_as", { card: card(arg), as: card(how) });
  return action;
}

function has(key) {
  return key in messages;
}

/** Why an engine call failed (an Error whose .reason is the engine's reason), in words. */
export function errorReason(error, view = null) {
  return error?.reason ? reasonText(error.reason, view) : String(error?.message ?? error);
}

/** The same as a sentence of its own ("You must follow hearts"). */
export function errorText(error, view = null) {
  return capital(t("error.sentence", { reason: errorReason(error, view) }));
}

function themeOf(theme) {
  return theme === "amigo" ? "amigo" : "classic";
}
