// The first import of the page's two entry modules (app.js, engine/engine.js): when
// boot.js found this browser too old, it has said so in the page; stop here, before
// any module starts an engine or draws a screen over that message.
if (document.documentElement.dataset.page === "unsupported") {
  throw new Error("This browser lacks what the game needs (boot.js says what, in the page).");
}
