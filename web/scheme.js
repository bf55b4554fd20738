// Loaded as a classic script in <head>, before the first paint (the page's
// CSP allows no inline script): the colour scheme and the deck's colours the
// person chose last time are set on <html> at once, so a dark page never
// flashes light. The switch itself lives in appearance.js.
//   <html data-scheme="light|dark">  absent: follow the system (prefers-color-scheme)
//   <html data-deck="four">          the four-colour deck (each suit its own colour)
(() => {
  let settings = {};
  try {
    settings = JSON.parse(localStorage.getItem("wizard.settings") ?? "{}") ?? {};
  } catch {
    // storage refused or damaged: the defaults
  }
  const root = document.documentElement;
  if (settings.scheme === "light" || settings.scheme === "dark") root.dataset.scheme = settings.scheme;
  if (settings.fourColour === true) root.dataset.deck = "four";
})();
