// The page's entry point: wires the engine to the page. (A boot shell: the
// game table replaces it.)
import { startEngine } from "./engine.js";

const engine = startEngine();
const status = document.querySelector("[data-engine-status]");
const deal = document.querySelector("#new-game button");

const messages = {
  loading: () => "Loading the game engine…",
  ready: () => `Engine ${engine.version} ready.`,
  error: () => "The game engine could not start.",
};
function showStatus() {
  status.textContent = messages[engine.status]();
  deal.disabled = engine.status !== "ready";
}
engine.addEventListener("status", showStatus);
engine.addEventListener("update", () => {
  status.textContent = "A new version is ready: reload to use it.";
});
showStatus();
document.querySelector("#new-game").addEventListener("submit", (event) => event.preventDefault());
