// Loaded as a classic script in <head>, before the first paint (the page's
// CSP allows no inline script): the colour scheme and the deck's colours the
// person chose last time are set on <html> at once, so a dark page never
// flashes light. The switch itself lives in appearance.js, which writes the
// choice in data-scheme-choice; the scheme in force is resolved here only.
//   <html data-scheme-choice="system|light|dark">  the person's choice
//   <html data-scheme="light|dark">                 in force (style.css reads it): the
//                                                   choice, or the system's as it changes
//   <html data-deck="four">                         the four-colour deck (each suit its own colour)
(() => {
  let settings = {};
  try {
    settings = JSON.parse(localStorage.getItem("wizard.settings") ?? "{}") ?? {};
  } catch {
    // storage refused or damaged: the defaults
  }
  const root = document.documentElement;
  const system = window.matchMedia("(prefers-color-scheme: dark)");
  const resolve = () => {
    const choice = root.dataset.schemeChoice;
    root.dataset.scheme = choice === "light" || choice === "dark" ? choice : system.matches ? "dark" : "light";
  };
  root.dataset.schemeChoice = settings.scheme === "light" || settings.scheme === "dark" ? settings.scheme : "system";
  resolve();
  system.addEventListener("change", resolve);
  new MutationObserver(resolve).observe(root, { attributeFilter: ["data-scheme-choice"] });
  if (settings.fourColour === true) root.dataset.deck = "four";
})();
