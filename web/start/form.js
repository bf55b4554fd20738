// The new-game form: built from what the engine offers (describe(): the
// schedules, bidding modes, options, special cards, levels and themes; their words from the catalogue),
// read back into the engine's config. It checks nothing about the rules: a
// bad combination of options is refused by the engine, and its reason shown.
import { cardFace } from "../lib/cards.js";
import { PACES } from "../lib/pace.js";
import { t } from "../lib/words.js";

export const DEFAULT_NAMES = ["Merlin", "Morgana", "Circe", "Prospero", "Gandalf"];
const PREVIEW = ["AH", "QS", "7D", "Z"];
const PERSON = "person"; // an opponent's "level" that seats a person at this device (pass-and-play)

function element(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

export class NewGameForm {
  /**
   * @param form the <form>; onSubmit({config, theme, pace}) is called on Deal.
   * @param params the page's URL parameters: "seed" fixes the deal (for tests
   *   and bug reports), "levels" adds bot levels to the choice (e.g. "random").
   * onWatch({config, theme, pace}) is called on "Watch the bots": the same table, every seat a bot.
   */
  constructor(form, params, onSubmit, onWatch) {
    this.form = form;
    this.params = params;
    this.onSubmit = onSubmit;
    this.error = form.querySelector("#form-error");
    this.levels = [];
    this.constraints = {}; // describe()'s options: {key: {players: {min, max}, ...}}
    this.schedules = {}; // describe()'s schedules: {name: {players: {min, max}, excludes, rounds}}
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const choice = this.read();
      const problem = this.#sameName(choice.config.players);
      if (problem) {
        this.showError(problem);
        return;
      }
      this.onSubmit(choice);
    });
    form.elements.players.addEventListener("change", () => this.#layout());
    form.querySelector("#opponent-rows").addEventListener("change", () => this.#layout());
    form.querySelector("#schedule").addEventListener("change", () => this.#layout());
    form.querySelector("#options").addEventListener("change", () => this.#layout());
    form.querySelector("#specials").addEventListener("change", () => this.#layout());
    form.elements["player-name"].addEventListener("input", () => this.#countName());
    form.querySelector("#watch").addEventListener("click", () => onWatch(this.readWatch()));
  }

  /** Fill the form from describe() and the remembered settings. */
  build(described, settings) {
    const form = this.form;
    const remembered = settings.form ?? {};
    // ?levels= adds the levels the engine has but does not offer; any other word names no level.
    const extra = (this.params.get("levels") ?? "").split(",").filter((l) => described.more_levels.includes(l));
    this.levels = [...new Set([...described.levels, ...extra])];
    this.maxName = described.max_name_length;
    this.constraints = described.options;
    this.schedules = described.schedules;

    form.elements.players.replaceChildren();
    for (let n = described.players.min; n <= described.players.max; n++) {
      form.elements.players.append(element("option", { value: String(n), textContent: String(n) }));
    }
    form.elements.players.value = String(remembered.players ?? 4);
    form.elements["player-name"].maxLength = this.maxName;
    form.elements["player-name"].value = remembered.name ?? t("form.default_name");
    this.#countName();

    const rows = form.querySelector("#opponent-rows");
    rows.replaceChildren();
    form.querySelector("#opponents-limit").textContent = t("start.names_limit", { max: this.maxName });
    for (let i = 0; i < described.players.max - 1; i++) {
      const saved = remembered.opponents?.[i] ?? {};
      const name = element("input", {
        name: `opponent-name-${i}`,
        value: saved.name ?? DEFAULT_NAMES[i % DEFAULT_NAMES.length],
        maxLength: this.maxName,
        autocomplete: "off",
      });
      const level = element("select", { name: `opponent-level-${i}` });
      for (const l of this.levels) level.append(element("option", { value: l, textContent: t(`level.${l}`) }));
      level.append(element("option", { value: PERSON, textContent: t("pass.form.person") }));
      const wanted = saved.level ?? (this.levels.includes("medium") ? "medium" : this.levels[0]);
      level.value = wanted === PERSON || this.levels.includes(wanted) ? wanted : this.levels[0];
      rows.append(
        element(
          "li",
          { className: "opponent-row" },
          element("label", {}, t("form.opponent_name", { number: i + 1 }), name),
          element("label", {}, t("form.level"), level),
        ),
      );
    }

    const options = form.querySelector("#options");
    options.querySelectorAll("label, p").forEach((node) => node.remove());
    for (const key of Object.keys(described.options)) {
      const box = element("input", { type: "checkbox", name: key, checked: Boolean(remembered.options?.[key]) });
      options.append(element("label", { className: `option option-${key}` }, box, ` ${t(`option.${key}`)}`));
    }
    options.append(element("p", { className: "note", id: "options-note" }));
    form.querySelector("#people-note")?.remove();
    form.querySelector("#opponents").append(element("p", { className: "note", id: "people-note" }));

    const schedules = form.querySelector("#schedule");
    schedules.querySelectorAll("label, p").forEach((node) => node.remove());
    const schedule = remembered.options?.schedule ?? "standard";
    for (const name of Object.keys(described.schedules)) {
      const radio = element("input", { type: "radio", name: "schedule", value: name, checked: name === schedule });
      schedules.append(element("label", { className: `option schedule-${name}` }, radio, ` ${t(`schedule.${name}`)}`));
    }
    if (!form.querySelector('input[name="schedule"]:checked')) {
      form.querySelector('input[name="schedule"]').checked = true;
    }
    schedules.append(element("p", { className: "note", id: "schedule-note" }));

    const modes = form.querySelector("#bidding");
    modes.querySelectorAll("label").forEach((node) => node.remove());
    const bidding = remembered.options?.bidding ?? "open";
    for (const mode of described.bidding) {
      const radio = element("input", { type: "radio", name: "bidding", value: mode, checked: mode === bidding });
      modes.append(element("label", {}, radio, ` ${t(`bidding.${mode}`)}`));
    }
    if (!form.querySelector('input[name="bidding"]:checked')) {
      form.querySelector('input[name="bidding"]').checked = true;
    }

    this.#buildSpecials(described.specials, remembered.options?.specials ?? "");

    const themes = form.querySelector("#themes");
    themes.querySelectorAll(".theme-choice").forEach((node) => node.remove());
    for (const theme of described.themes) {
      const radio = element("input", { type: "radio", name: "theme", value: theme });
      radio.checked = theme === (settings.theme ?? "classic");
      const preview = element("span", { className: "theme-preview" });
      for (const card of PREVIEW) preview.append(cardFace(card, theme));
      const label = element("label", { className: "theme-choice" }, radio, ` ${t(`theme.${theme}`)} `, preview);
      themes.querySelector(".deck-choice").before(label);
    }

    form.elements.pace.replaceChildren();
    for (const key of Object.keys(PACES)) {
      form.elements.pace.append(element("option", { value: key, textContent: t(`pace.${key}`) }));
    }
    form.elements.pace.value = PACES[settings.pace] ? settings.pace : "normal";
    form.elements["draw-dialog"].checked = Boolean(settings.drawDialog);
    form.elements.relaxed.checked = Boolean(remembered.relaxed);

    const seed = this.params.get("seed");
    form.elements.seed.value = seed !== null && /^\d{1,10}$/.test(seed) ? seed : "";
    this.#layout();
    this.built = true;
  }

  /**
   * The special cards (S1): none, a box, or cards chosen one by one (their boxes and names from
   * describe()); `chosen` is the options' `specials` remembered ("", "2016", "Bomb,Cloud").
   */
  #buildSpecials(specials, chosen) {
    this.specials = specials;
    const box = this.form.querySelector("#specials");
    box.querySelectorAll("label, p, .special-cards").forEach((node) => node.remove());
    const boxes = specials.boxes.map(({ box: name }) => name); // the original deck's "" first
    const own = !boxes.includes(chosen);
    for (const value of [...boxes, "custom"]) {
      const checked = value === "custom" ? own : value === chosen;
      const radio = element("input", { type: "radio", name: "specials", value, checked });
      box.append(element("label", { className: "option" }, radio, ` ${t(`specials.box.${value || "none"}`)}`));
    }
    if (!this.form.querySelector('input[name="specials"]:checked')) box.querySelector("input").checked = true;
    const names = own ? chosen.split(",") : [];
    const cards = element("div", { className: "special-cards" });
    for (const card of specials.cards) {
      const checked = names.includes(card);
      const tick = element("input", { type: "checkbox", name: `special-${card}`, value: card, checked });
      const words = ` ${t(`card.special.${card}`)}`;
      cards.append(element("label", { className: "option special-card-choice" }, tick, words));
    }
    box.append(cards, element("p", { className: "note", id: "specials-note" }));
  }

  /** The special cards chosen, as the engine's option: "", a box, or names ("Bomb,Cloud"). */
  #readSpecials() {
    const choice = this.form.querySelector('input[name="specials"]:checked')?.value ?? "";
    if (choice !== "custom") return choice;
    return [...this.form.querySelectorAll(".special-cards input:checked")].map((box) => box.value).join(",");
  }

  /** The card choices show for "Choose the cards"; a note names the options special cards leave out (S3). */
  #specialsNote() {
    const custom = this.form.querySelector('input[name="specials"]:checked')?.value === "custom";
    this.form.querySelector(".special-cards").hidden = !custom;
    const note = this.form.querySelector("#specials-note");
    const chosen = this.#readSpecials() !== "";
    const clash = chosen ? this.specials.excludes.filter((key) => this.form.elements[key]?.checked) : [];
    note.textContent = clash.length
      ? t("form.specials_excludes", { options: clash.map((key) => t(`option.name.${key}`)).join(", ") }) : "";
  }

  /** Your name's length against the limit, under its field. */
  #countName() {
    const input = this.form.elements["player-name"];
    const words = t("start.name_count", { count: input.value.length, max: this.maxName });
    this.form.querySelector("#your-name-count").textContent = words;
  }

  /** Show as many opponent rows as the player count needs. */
  #layout() {
    const count = Number(this.form.elements.players.value);
    this.form.querySelectorAll(".opponent-row").forEach((row, i) => {
      row.hidden = i >= count - 1;
    });
    // Options that the player count rules out, from describe()'s constraints.
    const notes = Object.entries(this.constraints)
      .filter(([, c]) => c.players && (count < c.players.min || count > c.players.max))
      .map(([key, c]) => t("form.option_players", { option: t(`option.name.${key}`), ...c.players }));
    const note = this.form.querySelector("#options-note");
    if (note) note.textContent = notes.join(" ");
    this.#scheduleNote(count);
    this.#peopleNote(count);
    if (this.specials) this.#specialsNote();
  }

  /** A schedule that the player count or the options chosen rule out, from describe()'s schedules. */
  #scheduleNote(count) {
    const note = this.form.querySelector("#schedule-note");
    const name = this.form.querySelector('input[name="schedule"]:checked')?.value;
    const schedule = this.schedules[name];
    if (!note || !schedule) return;
    const { min, max } = schedule.players;
    const words = [];
    const named = t(`schedule.name.${name}`);
    if (count < min || count > max) words.push(t("form.schedule_players", { schedule: named, min, max }));
    const excluded = schedule.excludes.filter((key) => this.form.elements[key]?.checked);
    if (excluded.length) {
      const options = excluded.map((key) => t(`option.name.${key}`));
      words.push(t("form.schedule_excludes", { schedule: named, options: options.join(", ") }));
    }
    note.textContent = words.join(" ");
  }

  /** With several people at this device, the form says how the game goes (pass-and-play). */
  #peopleNote(count) {
    const note = this.form.querySelector("#people-note");
    if (!note) return;
    const rows = [...this.form.querySelectorAll(".opponent-row select")].slice(0, count - 1);
    const people = rows.filter((select) => select.value === PERSON).length;
    note.textContent = people > 0 ? t("pass.form.note", { count: people + 1 }) : "";
    note.hidden = people === 0;
    // "You" names nobody when the device goes round ("Next: You"): the first seat is "Player 1" then.
    const name = this.form.elements["player-name"];
    const [alone, shared] = [t("form.default_name"), t("pass.form.default_name")];
    if (people > 0 && name.value.trim() === alone) name.value = shared;
    if (people === 0 && name.value.trim() === shared) name.value = alone;
    this.#countName();
    // Take-backs are for one person against bots (the engine refuses them otherwise).
    this.form.querySelector("#relaxed-row").hidden = people > 0;
  }

  /** Several people pass the device by name: two players of the same name would not know whose turn it is. */
  #sameName(players) {
    if (players.filter((p) => p.bot === null).length < 2) return "";
    const seen = new Set();
    for (const player of players) {
      const key = player.name.toLocaleLowerCase();
      if (seen.has(key) && key) return t("pass.form.same_name", { name: player.name });
      seen.add(key);
    }
    return "";
  }

  /** The config, theme and pace the form describes. */
  read() {
    const form = this.form;
    const count = Number(form.elements.players.value);
    const players = [{ name: form.elements["player-name"].value.trim(), bot: null }];
    const opponents = [];
    for (let i = 0; form.elements[`opponent-name-${i}`]; i++) {
      const name = form.elements[`opponent-name-${i}`].value.trim();
      opponents.push({ name, level: form.elements[`opponent-level-${i}`].value });
    }
    for (const o of opponents.slice(0, count - 1)) {
      players.push({ name: o.name, bot: o.level === PERSON ? null : o.level });
    }
    const options = {
      bidding: form.querySelector('input[name="bidding"]:checked')?.value ?? "open",
      schedule: form.querySelector('input[name="schedule"]:checked')?.value ?? "standard",
      specials: this.#readSpecials(),
    };
    for (const box of form.querySelectorAll("#options input[type=checkbox]")) options[box.name] = box.checked;
    const config = { players, options };
    const relaxed = form.elements.relaxed.checked;
    if (relaxed && players.every((p, i) => i === 0 || p.bot !== null)) config.relaxed = true;
    if (form.elements.seed.value !== "") config.seed = Number(form.elements.seed.value);
    const theme = form.querySelector('input[name="theme"]:checked')?.value ?? "classic";
    return {
      config,
      theme,
      pace: form.elements.pace.value,
      drawDialog: form.elements["draw-dialog"].checked,
      remember: { players: count, name: players[0].name, opponents, options, relaxed },
    };
  }

  /**
   * The form's table for Watch mode: your seat goes to a bot too (the first opponent's
   * level; a name of its own if yours is the default one).
   */
  readWatch() {
    const choice = this.read();
    const [you, ...others] = choice.config.players;
    const taken = new Set(others.map((p) => p.name));
    const name = you.name === t("form.default_name") ? DEFAULT_NAMES.find((n) => !taken.has(n)) ?? you.name : you.name;
    const level = others.find((p) => p.bot !== null)?.bot ?? this.levels[0];
    const seat = { name, bot: level };
    const bots = others.map((p) => ({ ...p, bot: p.bot ?? level })); // Watch mode seats no person
    const config = { ...choice.config, players: [seat, ...bots] };
    delete config.relaxed; // (nobody to take anything back)
    return { ...choice, config };
  }

  /** Show an error's words under the form ("" hides it). */
  showError(message) {
    this.error.textContent = message ?? "";
    this.error.hidden = !message;
  }

  setEnabled(enabled) {
    this.form.querySelector("#deal").disabled = !enabled;
    document.getElementById("play").disabled = !enabled;
    this.form.querySelector("#watch").disabled = !enabled;
  }
}
