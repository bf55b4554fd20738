// The page's coach client: asks the coach's worker (engine.js's startCoach(),
// a second engine that keeps no game) for the person's hints, the ratings of
// their moves and everyone's chances to win. It draws nothing: hint.js shows
// what it reports through events. Every request carries the game's sealed save,
// so the game's own worker, and the bots' pace, never wait for the coach.
//
//   turn    the person's decision began: its advice is asked for at once (prefetch),
//           so a hint and the feedback on the move are usually ready when wanted
//   rating  the person's move, rated against the advice on the position before it
//   chances each player's chance to win after every finished round
//
// Answers that come back after the game moved on are dropped: a rating only if
// a newer move was rated since, chances unless they are for the game shown.
import { startCoach } from "../engine/engine.js";

const KEPT_TURNS = 16; // advice kept per decision (a take-back returns to one already asked)

/**
 * The person's decision in a view, as a key that stays the same while it is
 * pending (under hidden bids the bots bid meanwhile; a take-back comes back to it).
 */
export function turnKey(view) {
  // The seat too: under hidden bids two people at one device bid at the same moment.
  const { game, human, round, phase, tricks, trick } = view;
  return [game?.id ?? "", human, round, phase, tricks.length, trick.plays.length].join("|");
}

export class CoachClient extends EventTarget {
  /** The person's pending decision: {key, save, seat}, or null. */
  turn = null;
  /**
   * The latest chances: {game, finished, lines: [[chance per seat] per finished round]}, or
   * null; `finished` counts the rounds over when they were asked for (0: one line, the start's).
   */
  chances = null;
  /** Whether the person wants feedback on their moves (hint.js sets it from the setting): else nothing is rated. */
  feedbackWanted = true;
  /** The coach's Engine, started now (it boots once the game's engine is ready), so the first hint is quick too. */
  engine = startCoach();
  #advice = new Map(); // turn key -> {key, promise, advice|null, error|null, asked, answered} (times in ms)
  #ratings = 0; // counts the moves rated: an older rating arriving late is dropped
  #round = null; // the round of the person's latest decision
  #chanceAsks = 0;
  #gameId = null; // the game the answers are for

  /** The hooks game.js calls (Game.hooks). */
  hooks() {
    return {
      turn: (view, save) => this.#turnBegan(this.#follow(view), save),
      acted: (choice, save, view) => this.#acted(choice, save, this.#follow(view)),
      round: (view, save) => this.#roundOver(this.#follow(view), save),
    };
  }

  /** Another game is shown (new, resumed, taken over): the last one's answers still on their way are dropped. */
  #follow(view) {
    const game = view.game?.id ?? "";
    if (game !== this.#gameId) {
      this.#gameId = game;
      this.turn = null;
      this.#chanceAsks++;
      this.chances = null;
      this.#dropFeedback(); // no feedback on a move of another game
    }
    return view;
  }

  /**
   * Pass-and-play: the device goes to another person. The last person's pending decision is
   * forgotten, a rating of their move still on its way is dropped, and their feedback line
   * cleared ("moved"): nothing of theirs is shown to the next person.
   */
  handOver() {
    this.turn = null;
    this.#dropFeedback();
  }

  /** The advice for the pending decision: {promise, advice, error} (advice and error null while it is computed). */
  current() {
    return this.turn ? this.#ask(this.turn) : null;
  }

  /** The chance lines after each finished round of `view` (for the score pad), or null until they are weighed. */
  chanceLines(view) {
    const latest = this.latestChances(view);
    return latest && latest.finished === view.score_pad.length ? latest.lines : null;
  }

  /** The last chances weighed for the game of `view` ({finished, lines}), perhaps a round behind it, or null. */
  latestChances(view) {
    const chances = this.chances;
    return chances && view && chances.game === (view.game?.id ?? "") ? chances : null;
  }

  #turnBegan(view, save) {
    if (!save || view.human === null) return;
    this.#newDeal(view);
    const key = turnKey(view);
    if (this.turn?.key === key) return;
    this.turn = { key, save, seat: view.human };
    this.#ask(this.turn);
    this.dispatchEvent(new Event("turn"));
  }

  /**
   * The person's first decision of a round: the feedback on the last deal's moves goes (and
   * a rating still on its way is dropped). It named cards of that deal, which may now be in
   * another player's hand, and it would read as if about the new cards.
   */
  #newDeal(view) {
    if (view.round === this.#round) return;
    this.#round = view.round;
    this.#dropFeedback();
  }

  /** The feedback line is cleared ("moved") and a rating still on its way dropped. */
  #dropFeedback() {
    this.#ratings++;
    this.dispatchEvent(new Event("moved"));
  }

  /** Advice for a decision, asked once and kept (the last KEPT_TURNS decisions). */
  #ask(turn) {
    let entry = this.#advice.get(turn.key);
    if (entry) return entry;
    entry = { key: turn.key, advice: null, error: null, asked: performance.now(), answered: null };
    entry.promise = this.engine.call("advise", { save: turn.save, seat: turn.seat }).then(
      (result) => {
        entry.advice = result.advice;
        entry.answered = performance.now();
        this.dispatchEvent(new CustomEvent("advice", { detail: entry }));
        return entry;
      },
      (error) => {
        entry.error = error;
        this.#advice.delete(turn.key); // asked again next time
        this.dispatchEvent(new CustomEvent("advice", { detail: entry }));
        return entry;
      },
    );
    this.#advice.set(turn.key, entry);
    if (this.#advice.size > KEPT_TURNS) this.#advice.delete(this.#advice.keys().next().value);
    return entry;
  }

  /** The person moved: rate the choice on the position its decision began from (so the prefetched advice serves). */
  async #acted(choice, saveBefore, view) {
    const turn = this.turn ?? { save: saveBefore, seat: view.human };
    this.turn = null;
    if (view.human === null) return; // the device goes on to another person at once: nobody would read the rating
    if (!turn.save || turn.seat === null || turn.seat === undefined) return;
    const number = ++this.#ratings;
    this.dispatchEvent(new Event("moved"));
    if (!this.feedbackWanted) return;
    try {
      const { rating } = await this.engine.call("rate", { save: turn.save, seat: turn.seat, choice });
      if (number === this.#ratings) this.dispatchEvent(new CustomEvent("rating", { detail: rating }));
    } catch (error) {
      console.warn("The coach could not rate this move:", error);
    }
  }

  /** A round is over (or a game is shown): everyone's chances after each finished round. */
  async #roundOver(view, save) {
    if (!save) return;
    const number = ++this.#chanceAsks;
    const game = view.game?.id ?? "";
    const finished = view.score_pad.length;
    // The person's advice first: the turn that follows in the same update is asked for before
    // the chances (after a resume late in a game, every finished round's are weighed anew, and
    // the coach's worker answers in order), so a hint never waits behind them.
    await null;
    await this.current()?.promise;
    if (number !== this.#chanceAsks) return;
    try {
      const { rounds } = await this.engine.call("chances", { save });
      if (number !== this.#chanceAsks) return;
      this.chances = { game, finished, lines: rounds };
      this.dispatchEvent(new Event("chances"));
    } catch (error) {
      console.warn("The coach could not weigh the chances:", error);
    }
  }
}
