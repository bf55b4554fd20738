// The statistics page, a screen of its own: the figures of the device's owner
// (or of any player named in the history) from the coach's history_stats, bar
// charts (chart.js draws them), the past games newest first with their review,
// and the history's export, import and reset (history.js does the work).
// Every figure comes from the engine; every word from the catalogue.
import { $, el, nameEl } from "../lib/dom.js";
import {
  chanceText, currentLanguage, decimalText, errorReason, isolate, numberText, reasonText, t,
} from "../lib/words.js";
import { barChart } from "./chart.js";

const SHOWN_GAMES = 20; // the newest games listed before "show all"

function percentText(part, whole) {
  return chanceText(whole ? part / whole : 0);
}

/** A game's date and time (`withTime`), or its date only. */
function dateText(iso, withTime = true) {
  const style = withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" };
  return new Intl.DateTimeFormat(currentLanguage(), style).format(new Date(iso));
}

/** A part of the history set aside (history.js): which game, and why. */
function partText(part) {
  const reason = reasonText(part.reason);
  if (part.date === null || part.players === null) return t("history.aside_other", { id: part.id ?? "?", reason });
  const params = { date: dateText(part.date), players: part.players.map(isolate).join(", "), reason };
  return part.part === "save" ? t("history.aside_save", params) : t("history.aside_record", params);
}

function button(text, className = "") {
  const node = el("button", className, text);
  node.type = "button";
  return node;
}

/** The name of an opponent level ("person": people at the table). */
function levelName(level) {
  return level === "person" ? t("stats.level_person") : t(`level.${level}`);
}

export class Stats {
  #history;
  #onBack;
  #openReview;
  #challenge;
  #root = $("stats");
  #ticket = 0;
  #allGames = false;
  #mixedDecks = false; // the history holds games of more than one deck: each special one says which

  /**
   * @param history history.js's History
   * @param onBack called when the person leaves the page (the start page shows)
   * @param openReview (key, game) => opens the review of a past game (its save's key, its listing)
   * @param challenge (key, game) => shares a past game against bots as a challenge link
   */
  constructor(history, { onBack, openReview, challenge }) {
    this.#history = history;
    this.#onBack = onBack;
    this.#openReview = openReview;
    this.#challenge = challenge;
    $("stats-back").addEventListener("click", () => {
      this.close();
      this.#onBack();
    });
    $("stats-who").addEventListener("change", () => this.#load());
    $("stats-schedule").addEventListener("change", () => this.#load());
    $("stats-deck").addEventListener("change", () => this.#load());
    $("stats-export").addEventListener("click", () => this.#export());
    $("stats-import").addEventListener("click", () => $("stats-file").click());
    $("stats-file").addEventListener("change", () => this.#import());
    $("stats-reset").addEventListener("click", () => $("stats-reset-dialog").showModal());
    $("stats-reset-cancel").addEventListener("click", () => $("stats-reset-dialog").close());
    $("stats-reset-confirm").addEventListener("click", () => this.#reset());
    history.addEventListener("problem", () => this.showProblem());
    history.addEventListener("changed", () => {
      if (this.isOpen) this.#load(); // another tab's game, import or reset
    });
    this.showProblem();
  }

  get isOpen() {
    return !this.#root.hidden;
  }

  /** Show the page (the coach's worker boots on the first visit). */
  open() {
    this.#root.hidden = false;
    this.#allGames = false;
    $("stats-deck").replaceChildren(); // no deck chosen: the engine's is the one played last
    this.#message("", null);
    this.#load();
    $("stats-title").focus();
  }

  close() {
    this.#ticket++;
    this.#root.hidden = true;
    delete document.documentElement.dataset.stats;
  }

  /** Draw again in the language just chosen. */
  reword() {
    if (this.isOpen) this.#load();
    this.showProblem();
  }

  /** The history's trouble with storage, in the page's notice (the parts set aside: each named). */
  showProblem() {
    const problem = this.#history.problem;
    const box = $("history-alert");
    let text = "";
    if (problem?.kind === "full") text = t("history.full");
    else if (problem?.kind === "aside") {
      text = t("history.set_aside", { reason: errorReason(problem), key: problem.key });
    }
    else if (problem?.kind === "stuck") text = t("history.stuck", { reason: errorReason(problem) });
    else if (problem?.kind === "waiting") text = t("history.waiting");
    else if (problem?.kind === "filling") {
      const count = new Intl.NumberFormat(currentLanguage()).format;
      text = t("history.filling", { games: count(problem.games), most: count(problem.most) });
    }
    box.textContent = text;
    if (problem?.kind === "parts") {
      const list = el("ul", "history-aside-parts");
      for (const part of problem.parts) list.append(el("li", "", partText(part)));
      const count = problem.parts.length;
      box.append(el("p", "", t("history.parts_aside", { count, key: problem.keys.join(", ") })), list);
    }
    box.hidden = !problem;
  }

  async #load() {
    const ticket = ++this.#ticket;
    document.documentElement.dataset.stats = "loading";
    $("stats-status").textContent = t("stats.loading");
    const who = $("stats-who").value || null;
    const schedule = $("stats-schedule").value || "standard";
    const deck = $("stats-deck").value || null;
    try {
      const answer = await this.#history.stats(who, schedule, deck);
      if (ticket !== this.#ticket) return;
      $("stats-status").textContent = "";
      this.#draw(answer, who);
      document.documentElement.dataset.stats = "ready";
    } catch (error) {
      if (ticket !== this.#ticket) return;
      $("stats-status").textContent = t("stats.failed", { reason: errorReason(error) });
      $("stats-body").replaceChildren();
      document.documentElement.dataset.stats = "error";
    }
  }

  #draw({ statistics, names, games }, who) {
    this.#fillWho(names, who);
    this.#fillChoice("schedule", statistics.schedule, Object.entries(statistics.schedules),
      (name, count) => t("stats.schedule_choice", { schedule: t(`schedule.name.${name}`), count }));
    this.#fillChoice("deck", statistics.deck, statistics.decks.map(({ deck, games }) => [deck, games]),
      (name, count) => t("stats.deck_choice", { deck: t(`stats.deck.${name}`), count }));
    this.#mixedDecks = new Set(games.map((game) => game.deck)).size > 1;
    const body = $("stats-body");
    body.replaceChildren();
    if (games.length === 0) {
      body.append(el("p", "stats-empty", t("stats.empty")));
      return;
    }
    if (statistics.games === 0) body.append(el("p", "stats-empty", t("stats.empty_who")));
    else body.append(this.#figures(statistics), ...this.#charts(statistics));
    // Relaxed games (take-backs allowed) are listed, not counted: a take-back changes the result.
    const relaxed = statistics.relaxed;
    if (relaxed) body.append(el("p", "note stats-relaxed", t("stats.relaxed_left_out", { count: relaxed })));
    body.append(this.#games(games, who));
  }

  #fillWho(names, who) {
    const select = $("stats-who");
    select.replaceChildren(new Option(t("stats.who_me"), ""), ...names.map((name) => new Option(isolate(name), name)));
    select.value = who ?? "";
    $("stats-who-field").hidden = names.length === 0;
  }

  /**
   * A game is compared with games of its schedule (T1, T2) and of its deck (special cards change
   * what a hand makes): each choice (`name`: schedule, deck; `counts`: [kind, games] in the
   * engine's order), once more than one kind was played.
   */
  #fillChoice(name, chosen, counts, label) {
    const select = $(`stats-${name}`);
    const played = counts.filter(([key, count]) => count > 0 || key === chosen);
    select.replaceChildren(...played.map(([key, count]) => new Option(label(key, count), key)));
    select.value = chosen;
    $(`stats-${name}-field`).hidden = played.length < 2;
  }

  #figures(s) {
    const list = el("dl", "stats-figures");
    const add = (label, value) => {
      const item = el("div", "stats-figure");
      item.append(el("dt", "", label), el("dd", "", value));
      list.append(item);
    };
    add(t("stats.games"), String(s.games));
    add(t("stats.wins"), t("stats.wins_value", { wins: s.wins, percent: percentText(s.wins, s.games) }));
    add(t("stats.average"), s.average_score === null ? "—" : decimalText(s.average_score));
    add(t("stats.made"), t("stats.made_value", { made: s.made, bids: s.bids, percent: percentText(s.made, s.bids) }));
    add(t("stats.over"), t("stats.share_value", { count: s.over, percent: percentText(s.over, s.bids) }));
    add(t("stats.under"), t("stats.share_value", { count: s.under, percent: percentText(s.under, s.bids) }));
    if (s.best_game) {
      const date = dateText(s.best_game.date, false);
      add(t("stats.best"), t("stats.best_value", { score: numberText(s.best_game.score), date }));
    }
    add(t("stats.run"), t("stats.run_value", { count: s.longest_run }));
    return list;
  }

  #charts(s) {
    const wonRows = (items, label) => items.map((item) => ({
      label: label(item), whole: item.games, parts: [{ value: item.wins, className: "won" }],
      value: t("stats.won_of", { wins: item.wins, games: item.games }), item,
    }));
    const wonHead = (first) => [first, t("stats.col_games"), t("stats.col_wins")];
    const wonCells = (row) => [row.label, row.item.games, row.item.wins];
    const charts = [
      barChart(t("stats.chart_opponents"), wonRows(s.by_opponent, (o) => levelName(o.opponent)),
        wonHead(t("stats.col_opponent")), wonCells),
      barChart(t("stats.chart_tables"), wonRows(s.by_table, (o) => t("stats.table_size", { count: o.players })),
        wonHead(t("stats.col_table")), wonCells),
    ];
    const bidRows = s.by_cards.map((item) => ({
      label: t("stats.cards", { count: item.cards }), whole: item.bids, item,
      parts: [{ value: item.made, className: "made" }, { value: item.over, className: "over" },
        { value: item.under, className: "under" }],
      value: t("stats.made_share", { percent: percentText(item.made, item.bids) }),
    }));
    charts.push(barChart(t("stats.chart_bids"), bidRows,
      [t("stats.col_cards"), t("stats.col_bids"), t("stats.col_made"), t("stats.col_over"), t("stats.col_under")],
      (row) => [row.label, row.item.bids, row.item.made, row.item.over, row.item.under],
      [["made", t("stats.legend_made")], ["over", t("stats.legend_over")], ["under", t("stats.legend_under")]]));
    return charts;
  }

  /** The past games, newest first: date, kind, each player's total (the winners marked), a review when kept. */
  #games(games, who) {
    const section = el("section", "stats-games");
    section.setAttribute("aria-labelledby", "stats-games-title");
    const title = el("h3", "", t("stats.games_title", { count: games.length }));
    title.id = "stats-games-title";
    section.append(title);
    const list = el("ol", "stats-game-list");
    const shown = this.#allGames ? games : games.slice(0, SHOWN_GAMES);
    for (const game of shown) list.append(this.#gameItem(game, who));
    section.append(list);
    if (shown.length < games.length) {
      const more = button(t("stats.show_all", { count: games.length }));
      more.addEventListener("click", () => {
        this.#allGames = true;
        list.replaceChildren(...games.map((game) => this.#gameItem(game, who)));
        more.remove();
      });
      section.append(more);
    }
    return section;
  }

  #gameItem(game, who) {
    const item = el("li", "stats-game");
    item.dataset.game = game.id;
    const head = el("p", "stats-game-head");
    const time = el("time", "", dateText(game.date));
    time.dateTime = game.date;
    head.append(time, " · ", this.#kindText(game));
    if (game.relaxed) head.append(" ", el("span", "badge relaxed-badge", t("stats.relaxed")));
    if (this.#mixedDecks && game.deck !== "base") {
      head.append(" ", el("span", "badge deck-badge", t(`stats.deck.${game.deck}`)));
    }
    item.append(head);
    const best = Math.max(...game.totals);
    const players = el("ul", "stats-game-players");
    game.players.forEach((player, seat) => {
      const mine = who === null ? seat === game.me : player.name === who;
      const entry = el("li", mine ? "mine" : "");
      entry.append(nameEl("span", "", player.name), " ", el("strong", "", numberText(game.totals[seat])));
      if (game.totals[seat] === best) {
        entry.classList.add("winner");
        entry.append(" ", el("span", "badge won-badge", t("stats.winner")));
      }
      players.append(entry);
    });
    item.append(players);
    if (game.review) {
      const review = button(t("stats.review"));
      review.dataset.review = game.review;
      review.setAttribute("aria-label", t("stats.review_label", { date: dateText(game.date) }));
      review.addEventListener("click", () => {
        this.#message("", null);
        this.#openReview(game.review, game).catch((error) => {
          this.#message("", t("stats.review_failed", { reason: errorReason(error) }));
        });
      });
      item.append(review);
      if (game.kind === "bots") item.append(this.#challengeButton(game));
    }
    return item;
  }

  /** "Challenge a friend" with a past game against bots (its save kept): app.js shares its link. */
  #challengeButton(game) {
    const send = button(t("challenge.make"));
    send.setAttribute("aria-label", t("stats.challenge_label", { date: dateText(game.date) }));
    send.addEventListener("click", () => {
      this.#message("", null);
      this.#challenge(game.review, game).catch((error) => {
        this.#message("", t("stats.review_failed", { reason: errorReason(error) }));
      });
    });
    return send;
  }

  #kindText(game) {
    if (game.kind === "keeper") return t("stats.kind_keeper");
    if (game.kind === "people") return t("stats.kind_people");
    const levels = [...new Set(game.players.filter((p) => p.bot).map((p) => levelName(p.bot)))];
    return t("stats.kind_bots", { levels: levels.join(", ") });
  }

  // --- export, import, reset --------------------------------------------------------------

  #message(text, error) {
    $("stats-result").textContent = text;
    const box = $("stats-error");
    box.textContent = error ?? "";
    box.hidden = !error;
  }

  async #export() {
    this.#message(t("history.exporting"), null);
    try {
      const { file, left_out: leftOut, games, set_aside: setAside } = await this.#history.exportFile();
      const url = URL.createObjectURL(new Blob([file], { type: "application/json" }));
      const link = el("a");
      link.href = url;
      link.download = `wizard-history-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      const words = [t("history.exported", { count: games })];
      if (leftOut.length) words.push(t("history.left_out"));
      if (setAside.length) {
        words.push(t("history.left_out_parts", { count: setAside.length, parts: setAside.map(partText).join("; ") }));
      }
      this.#message(words.join(" "), null);
    } catch (error) {
      this.#message("", t("history.export_failed", { reason: errorReason(error) }));
    }
  }

  async #import() {
    const input = $("stats-file");
    const [file] = input.files;
    input.value = "";
    if (!file) return;
    this.#message(t("history.importing"), null);
    document.documentElement.dataset.stats = "importing";
    try {
      const result = await this.#history.importFile(file, ({ done, total }) => {
        this.#message(t("history.importing_saves", { done, total }), null);
      });
      const words = [t("history.imported", { count: result.added, games: result.games })];
      if (result.restored.game) words.push(t("history.restored_game"));
      if (result.restored.keeper) words.push(t("history.restored_keeper"));
      if (!result.kept) words.push(t("history.full"));
      this.#message(words.join(" "), null);
    } catch (error) {
      this.#message("", t("history.import_refused", { reason: errorReason(error) }));
    }
    await this.#load();
    document.documentElement.dataset.imported = String(Date.now());
  }

  async #reset() {
    $("stats-reset-dialog").close();
    await this.#history.reset();
    this.#message(t("history.reset_done"), null);
    await this.#load();
    $("stats-reset").focus();
  }
}
