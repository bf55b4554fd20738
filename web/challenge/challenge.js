// A challenge link and the deal of the day (the engine's challenge_make, challenge_open and
// daily requests: it checks and reads a link, the page holds no rule). A link holds its game
// in the address's fragment (#challenge=...), which no server ever receives. Opening one, or
// the deal of the day, asks first (a game in progress is only replaced when the person says
// so); a link the engine refuses is worded and changes nothing. At the end of such a game,
// the final standings show the sender's result beside the person's, round by round.
import { $, el, nameEl } from "../lib/dom.js";
import { currentLanguage, errorReason, listText, numberText, signed, specialsText, t } from "../lib/words.js";
import { storage } from "../lib/store.js";

const PREFIX = "#challenge=";
const PLAYING_KEY = "wizard.challenge"; // {game, sender, day}: the challenge or deal of the day being played

/** Today's date where the person is, as the engine names a day ("2026-11-27"). */
export function today(now = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function dayText(day) {
  const [year, month, date] = day.split("-").map(Number);
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "long" }).format(new Date(year, month - 1, date));
}

function placeOf(view, seat) {
  return 1 + view.totals.filter((total) => total > view.totals[seat]).length;
}

function showDialog(id) {
  if (!$(id).open) $(id).showModal();
}

export class Challenges {
  #engine;
  #game;
  #hooks;
  #offered = null; // what the offer dialog would deal: {config, sender, day}
  #shared = null; // the text the share dialog holds

  /**
   * @param hooks {play(config) -> Promise (deals it and shows the table), name() (the person's
   *   name from the form), botNames (the names the form gives bots), inProgress() (a game would be replaced)}
   */
  constructor(engine, game, hooks) {
    this.#engine = engine;
    this.#game = game;
    this.#hooks = hooks;
    $("challenge-play").addEventListener("click", () => this.#accept());
    $("challenge-cancel").addEventListener("click", () => $("challenge-dialog").close());
    $("challenge-make").addEventListener("click", () => this.share(this.#game.lastSave, this.#game.view));
    $("daily-play").addEventListener("click", () => this.offerDaily());
    $("share-copy").addEventListener("click", () => this.#copy());
    $("share-send").addEventListener("click", () => navigator.share?.({ text: this.#shared }).catch(() => {}));
    $("share-close").addEventListener("click", () => $("share-dialog").close());
    window.addEventListener("hashchange", () => this.openLink()); // a link pasted into this tab's address
    // The final standings, however they are opened (the game's end, the start page's card):
    new MutationObserver(() => {
      if ($("final-dialog").open && this.#game.view?.over) this.#fillFinal(this.#game.view);
    }).observe($("final-dialog"), { attributes: true, attributeFilter: ["open"] });
  }

  /** The address's challenge, if any: read by the engine, offered, or its refusal worded. */
  async openLink() {
    if (!location.hash.startsWith(PREFIX)) return;
    const code = location.hash.slice(PREFIX.length);
    history.replaceState(null, "", location.pathname + location.search); // (a reload asks no more)
    try {
      this.#offer(await this.#engine.call("challenge_open", { code }));
    } catch (error) {
      this.#refused(error);
    }
  }

  /** The deal of the day offered: the engine's setup for today, the seats named by the page. */
  async offerDaily() {
    try {
      const { day, seed, options, levels } = await this.#engine.call("daily", { day: today() });
      let bot = 0;
      const players = levels.map((level) => ({ name: level ? this.#hooks.botNames[bot++] : "", bot: level }));
      this.#offer({ config: { players, options, seed }, seat: levels.indexOf(null), day, sender: null });
    } catch (error) {
      this.#refused(error);
    }
  }

  #offer({ config, seat, day, sender }) {
    this.#offered = { config, seat, day, sender };
    const bots = config.players.filter((p) => p.bot)
      .map((p) => t("start.opponent", { name: p.name, level: t(`seat.level.${p.bot}`) }));
    $("challenge-title").textContent = sender
      ? t("challenge.from", { name: sender.name }) : t("daily.title", { day: dayText(day) });
    const against = t("start.against", { opponents: listText(bots) });
    const lines = [sender ? t("challenge.setup", { against }) : t("daily.setup", { against })];
    const { specials } = config.options;
    if (specials) lines.push(t("challenge.specials", { cards: specialsText(specials) }));
    const result = sender && { name: sender.name, points: sender.total };
    if (sender && day) lines.push(t("challenge.daily_beat", { ...result, day: dayText(day) }));
    else if (sender) lines.push(t("challenge.beat", result));
    if (this.#hooks.inProgress()) lines.push(t("challenge.replaces"));
    $("challenge-text").replaceChildren(...lines.map((line) => el("p", "", line)));
    $("challenge-play").hidden = false;
    $("challenge-cancel").textContent = t("challenge.not_now");
    showDialog("challenge-dialog");
  }

  #refused(error) {
    this.#offered = null;
    $("challenge-title").textContent = t("challenge.refused_title");
    $("challenge-text").replaceChildren(
      el("p", "challenge-reason", t("challenge.refused", { reason: errorReason(error) })),
      el("p", "", t("challenge.nothing_changed")),
    );
    $("challenge-play").hidden = true;
    $("challenge-cancel").textContent = t("challenge.close");
    showDialog("challenge-dialog");
  }

  async #accept() {
    const offered = this.#offered;
    $("challenge-dialog").close();
    if (!offered) return;
    const { config, seat, sender, day } = offered;
    const players = config.players.map((p, at) => (at === seat ? { ...p, name: this.#hooks.name() } : p));
    if (await this.#hooks.play({ ...config, players })) {
      storage()?.setItem(PLAYING_KEY, JSON.stringify({ game: this.#game.view.game.id, sender, day }));
    }
  }

  /** The challenge or deal of the day whose game `view` is, or null. */
  #playing(view) {
    try {
      const playing = JSON.parse(storage()?.getItem(PLAYING_KEY) ?? "null");
      return playing?.game === view.game?.id ? playing : null;
    } catch {
      return null;
    }
  }

  /** The final standings: "Challenge a friend" for a person's game against bots; a challenge's two results. */
  #fillFinal(view) {
    const playing = this.#playing(view);
    $("challenge-make").hidden = view.people?.length !== 1;
    $("challenge-make").textContent = playing?.day ? t("daily.share_button") : t("challenge.make");
    const box = $("challenge-result");
    box.hidden = !playing;
    if (!playing) return;
    const mine = view.score_pad.map((round) => round[view.human].points);
    const parts = [];
    if (playing.day) {
      const line = t("daily.result", { day: dayText(playing.day), points: view.totals[view.human],
        place: placeOf(view, view.human), count: view.players.length });
      parts.push(el("p", "daily-result", line));
    }
    if (playing.sender) parts.push(...this.#comparison(view, playing.sender, mine));
    box.replaceChildren(...parts);
  }

  /** The sender's result and the person's, round by round, and who did better. */
  #comparison(view, sender, mine) {
    const total = mine.reduce((a, b) => a + b, 0);
    const words = { name: sender.name, points: sender.total, mine: total };
    let verdict = t("challenge.tied", words);
    if (total > sender.total) verdict = t("challenge.you_beat", words);
    else if (total < sender.total) verdict = t("challenge.you_lost", words);
    const table = el("table", "challenge-table");
    table.setAttribute("aria-label", t("challenge.table", { name: sender.name }));
    const head = el("tr");
    const name = el("th");
    name.append(nameEl("span", "", sender.name));
    head.append(el("th", "", t("challenge.round")), name, el("th", "", t("final.you")));
    const body = el("tbody");
    sender.points.forEach((points, index) => {
      const row = el("tr");
      row.append(el("th", "", String(index + 1)), el("td", "", signed(points)), el("td", "", signed(mine[index] ?? 0)));
      row.dataset.round = String(index + 1);
      body.append(row);
    });
    const foot = el("tr", "challenge-total");
    foot.append(el("th", "", t("challenge.total")), el("td", "", numberText(sender.total)),
      el("td", "", numberText(total)));
    const thead = el("thead");
    thead.append(head);
    const tfoot = el("tfoot");
    tfoot.append(foot);
    table.append(thead, body, tfoot);
    const line = el("p", "challenge-verdict", verdict);
    const scroll = el("div", "challenge-scroll");
    scroll.append(table);
    return [line, scroll];
  }

  /**
   * The share dialog for a finished game's save (from the final standings or the history);
   * `view`: its {players, totals, human} (and {game} at the table, to find a deal of the day);
   * `ended`: from the history, when the game ended (the engine finds a deal of the day by it).
   */
  async share(save, view, ended = null) {
    try {
      const playing = this.#playing(view);
      const request = playing?.day ? { save, day: playing.day } : { save, ...(ended && { near: today(ended) }) };
      const { code, day } = await this.#engine.call("challenge_make", request);
      const link = `${location.origin}${location.pathname}${PREFIX}${code}`;
      const points = view.totals[view.human];
      this.#shared = day
        ? t("daily.share", { day: dayText(day), points, place: placeOf(view, view.human),
          count: view.players.length, link })
        : t("challenge.share", { points, link });
      $("share-text").value = this.#shared;
      $("share-status").textContent = "";
      $("share-send").hidden = typeof navigator.share !== "function";
      showDialog("share-dialog");
      $("share-text").scrollTop = 0; // (its start: the words, then the link)
      $("share-copy").focus();
    } catch (error) {
      this.#refused(error);
    }
  }

  async #copy() {
    try {
      await navigator.clipboard.writeText(this.#shared);
    } catch {
      $("share-text").select(); // (no clipboard here: selected, for the person to copy)
      $("share-status").textContent = t("share.select");
      return;
    }
    $("share-status").textContent = t("share.copied");
  }
}
