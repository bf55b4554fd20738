// The score keeper's setup: the players and their names, the rules, the first dealer and
// whose statistics the game counts in. Drawn into #keeper-setup from what the engine offers
// (describe(): the player counts, the name length, the bidding modes, the options, the special
// cards' boxes); read back as typed.
import { $, el } from "../lib/dom.js";
import { listText, t } from "../lib/words.js";

const FIRST_COUNT = 4; // the count the form suggests first (the page's choice, within what the engine allows)

/** Draw the setup form from `offered` (describe()), keeping what it held (the number of players redraws it). */
export function drawSetup(offered) {
  const kept = readSetup(false);
  const { min, max } = offered.players;
  const count = kept?.count ?? Math.min(Math.max(FIRST_COUNT, min), max);
  const start = el("button", "primary", t("keeper.start"));
  start.type = "submit";
  start.id = "keeper-start";
  $("keeper-setup").replaceChildren(el("p", "note", t("keeper.intro")), countField(offered.players, count),
    nameFields(count, kept?.names ?? [], offered.max_name_length), rulesFields(offered, kept?.options),
    selectField("keeper-first-dealer", t("keeper.first_dealer")),
    // Whose statistics the game counts in (none: the device only keeps the score).
    selectField("keeper-me", t("keeper.me")), start);
  fillNames(kept?.firstDealer ?? 0, kept?.me ?? null);
}

function countField({ min, max }, count) {
  const field = el("label", "field");
  const select = el("select");
  select.id = "keeper-count";
  for (let n = min; n <= max; n++) select.append(new Option(String(n), String(n)));
  select.value = String(count);
  field.append(el("span", "", t("keeper.players")), select);
  return field;
}

function nameFields(count, names, maxLength) {
  const set = el("fieldset", "keeper-names");
  set.append(el("legend", "", t("keeper.names")));
  const list = el("ol");
  for (let i = 0; i < count; i++) {
    const item = el("li");
    const label = el("label", "field");
    const input = el("input");
    const value = names[i] ?? t("keeper.default_name", { number: i + 1 });
    Object.assign(input, { id: `keeper-name-${i}`, value, maxLength, required: true });
    input.autocomplete = "off";
    label.append(el("span", "", t("keeper.name_label", { number: i + 1 })), input);
    item.append(label);
    list.append(item);
  }
  set.append(list);
  return set;
}

function selectField(id, label) {
  const field = el("label", "field");
  const select = el("select");
  select.id = id;
  field.append(el("span", "", label), select);
  return field;
}

// Radio buttons, as in the new-game form: a mode's words are too long for a select on a phone.
function radioGroup(kind, legend, values, chosen, word) {
  const group = el("fieldset", `keeper-${kind}`);
  group.append(el("legend", "", legend));
  for (const value of values) {
    const label = el("label", "check");
    const radio = el("input");
    Object.assign(radio, { type: "radio", name: `keeper-${kind}`, value, checked: value === chosen });
    label.append(radio, " ", el("span", "", word(value)));
    group.append(label);
  }
  return group;
}

function rulesFields(offered, options) {
  const rules = el("fieldset", "keeper-rules");
  rules.append(el("legend", "", t("form.rules")));
  const schedules = Object.keys(offered.schedules);
  rules.append(
    // (the engine lists its default first)
    radioGroup("bidding", t("form.bidding"), offered.bidding, options?.bidding ?? offered.bidding[0],
      (mode) => t(`bidding.${mode}`)),
    radioGroup("schedule", t("form.schedule"), schedules, options?.schedule ?? schedules[0],
      (name) => t(`schedule.${name}`)),
    specialsGroup(offered.specials, options?.specials),
  );
  for (const option of Object.keys(offered.options)) {
    const label = el("label", "check");
    const box = el("input");
    box.type = "checkbox";
    box.id = `keeper-option-${option}`;
    box.dataset.option = option;
    box.checked = Boolean(options?.[option]);
    label.append(box, " ", el("span", "", t(`option.${option}`)));
    rules.append(label);
  }
  rules.append(el("p", "note", t("keeper.options_note")));
  return rules;
}

/** The special cards (S1): none, or one of the boxes the engine offers, its cards named. */
function specialsGroup({ boxes }, chosen) {
  const cards = new Map(boxes.map(({ box, cards: names }) => [box, names]));
  const word = (box) => (box ? t("keeper.specials_box", { box, cards: cardNames(cards.get(box)) })
    : t("keeper.specials_none"));
  const group = radioGroup("specials", t("keeper.specials"), [...cards.keys()], chosen ?? "", word);
  group.append(el("p", "note", t("keeper.specials_note")));
  return group;
}

/** The special cards' names (the engine's), in the page's words. */
export function cardNames(cards) {
  return listText(cards.map((card) => t(`card.special.${card}`)));
}

/**
 * The choices by name, as typed: the first dealer (R6: the table decides, e.g. by a draw)
 * and which player the device's owner is, if any.
 */
export function fillNames(dealer, me) {
  const names = [...$("keeper-setup").querySelectorAll("input[id^=keeper-name-]")]
    .map((input, i) => input.value.trim() || t("keeper.default_name", { number: i + 1 }));
  const options = () => names.map((name, i) => new Option(name, String(i)));
  const dealerSelect = $("keeper-first-dealer");
  const keepDealer = dealerSelect.options.length ? Number(dealerSelect.value) : dealer;
  dealerSelect.replaceChildren(...options());
  dealerSelect.value = String(Math.min(keepDealer, names.length - 1));
  const meSelect = $("keeper-me");
  const keepMe = meSelect.options.length ? meSelect.value : String(me ?? "");
  meSelect.replaceChildren(new Option(t("keeper.me_none"), ""), ...options());
  meSelect.value = Number(keepMe) < names.length ? keepMe : "";
}

/** What the setup form holds (null before it is drawn); `strict` trims the names. */
export function readSetup(strict = true) {
  const count = $("keeper-count");
  if (!count) return null;
  const form = $("keeper-setup");
  const names = [...form.querySelectorAll("input[id^=keeper-name-]")]
    .map((input) => (strict ? input.value.trim() : input.value));
  const options = {
    bidding: form.querySelector("input[name=keeper-bidding]:checked").value,
    schedule: form.querySelector("input[name=keeper-schedule]:checked")?.value ?? "standard",
    specials: form.querySelector("input[name=keeper-specials]:checked")?.value ?? "",
  };
  for (const box of form.querySelectorAll("input[data-option]")) options[box.dataset.option] = box.checked;
  const me = $("keeper-me").value;
  const firstDealer = Number($("keeper-first-dealer").value);
  return { count: Number(count.value), names, options, firstDealer, me: me === "" ? null : Number(me) };
}
