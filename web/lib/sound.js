// Sounds, off by default: a card played, a trick won, your turn. Made in the
// page with Web Audio (an oscillator through a gain envelope: short and soft),
// no sound files. The AudioContext is made only after the person turns sounds
// on, in that gesture (or, turned on in an earlier visit, at their first click
// or key): the page never makes a sound, nor an audio context, before that.

/** Each sound: notes of [frequency in Hz, start in s, length in s], a wave and a loudness (0..1). */
const SOUNDS = {
  card: { notes: [[330, 0, 0.07]], wave: "triangle", volume: 0.12 },
  trick: { notes: [[523, 0, 0.12], [659, 0.09, 0.18]], wave: "sine", volume: 0.1 },
  turn: { notes: [[587, 0, 0.1], [784, 0.1, 0.16]], wave: "sine", volume: 0.08 },
};

export class Sound {
  #settings;
  #remember;
  #context = null;
  #waiting = false; // listening for the first gesture of this visit

  /**
   * @param settings the page's settings ({sound: "on"|"off"|undefined})
   * @param remember (changes) -> keeps the settings
   */
  constructor(settings, remember) {
    this.#settings = settings;
    this.#remember = remember;
    if (this.on) this.#awaitGesture();
  }

  get on() {
    return this.#settings.sound === "on";
  }

  /** The person's switch (called in their gesture: the context may start now). */
  set(on) {
    this.#remember({ sound: on ? "on" : "off" });
    if (on) this.#start();
    else this.#context?.suspend().catch(() => {});
  }

  /** What happened between two views: a card played, a trick won, your turn. */
  react(before, view, events) {
    if (!this.on || !this.#context || !before || events.fresh || events.resumed) return;
    const played = view.trick.plays.length > before.trick.plays.length || events.trickDone;
    if (played) this.play("card");
    if (events.trickDone) this.play("trick", 0.12);
    if (view.your_turn && !before.your_turn && !view.over && !events.held) this.play("turn", played ? 0.3 : 0);
  }

  /** Play a sound by name, `delay` seconds from now. */
  play(name, delay = 0) {
    const context = this.#context;
    const sound = SOUNDS[name];
    if (!context || !sound || context.state !== "running") return;
    const start = context.currentTime + delay;
    for (const [frequency, at, length] of sound.notes) {
      const oscillator = context.createOscillator();
      oscillator.type = sound.wave;
      oscillator.frequency.value = frequency;
      const gain = context.createGain();
      // A soft envelope: a quick rise, then an exponential fall (no click at either end).
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(sound.volume, start + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + at);
      oscillator.stop(start + at + length + 0.02);
    }
  }

  #start() {
    try {
      this.#context ??= new AudioContext();
      if (this.#context.state === "suspended") this.#context.resume().catch(() => {});
    } catch {
      this.#context = null; // no Web Audio here: the game stays silent
    }
  }

  /** Sounds were on in an earlier visit: the context waits for this visit's first click or key. */
  #awaitGesture() {
    if (this.#waiting) return;
    this.#waiting = true;
    const start = () => {
      document.removeEventListener("pointerdown", start, true);
      document.removeEventListener("keydown", start, true);
      this.#waiting = false;
      if (this.on) this.#start();
    };
    document.addEventListener("pointerdown", start, true);
    document.addEventListener("keydown", start, true);
  }
}
