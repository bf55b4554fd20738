// How the page looks, chosen by the person and remembered with the other
// settings (store.js): the colour scheme (System / Light / Dark: written in
// <html data-scheme-choice>, which scheme.js resolves into the data-scheme that
// style.css follows) and the four-colour deck (<html data-deck="four">).
// scheme.js applies both before the first paint; this module keeps the controls
// and <html> in step.
import { t } from "./words.js";

export const SCHEMES = ["system", "light", "dark"];

/** Put the chosen scheme and deck on <html>. */
export function applyAppearance(settings) {
  const root = document.documentElement;
  root.dataset.schemeChoice = SCHEMES.includes(settings.scheme) ? settings.scheme : "system";
  if (settings.fourColour) root.dataset.deck = "four";
  else delete root.dataset.deck;
}

/**
 * Wire the scheme select and every four-colour checkbox (`.four-colour-toggle`):
 * a change is applied at once and remembered through `remember(changes)`.
 */
export function bindAppearance(settings, remember) {
  const select = document.getElementById("scheme");
  for (const scheme of SCHEMES) select.append(new Option("", scheme));
  wordAppearance();
  syncAppearance(settings);
  select.addEventListener("change", () => {
    remember({ scheme: select.value });
    applyAppearance(settings);
  });
  for (const box of document.querySelectorAll(".four-colour-toggle")) {
    box.addEventListener("change", () => {
      remember({ fourColour: box.checked });
      syncAppearance(settings);
    });
  }
  // Paper is light: a dark page would print its light text on white (browsers leave the
  // backgrounds out), so a printout (the score keeper's pad) takes the light colours.
  window.addEventListener("beforeprint", () => { document.documentElement.dataset.scheme = "light"; });
  window.addEventListener("afterprint", () => applyAppearance(settings));
}

/** The controls and <html> as the settings say. */
export function syncAppearance(settings) {
  document.getElementById("scheme").value = SCHEMES.includes(settings.scheme) ? settings.scheme : "system";
  for (const box of document.querySelectorAll(".four-colour-toggle")) box.checked = Boolean(settings.fourColour);
  applyAppearance(settings);
}

/** The scheme select's words, in the page's language. */
export function wordAppearance() {
  for (const option of document.getElementById("scheme").options) option.text = t(`settings.scheme.${option.value}`);
}
