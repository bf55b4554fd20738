"""The coach's worker: a second engine that answers hints and reviews from the game's save."""
from __future__ import annotations

from playwright.sync_api import Page
from sitetools import Watch, wait_ready

COACH = """async ([method, params]) => {
    const { startEngine, startCoach } = await import(new URL("engine/engine.js", document.baseURI).href);
    // Six players: ten rounds, the cheapest whole game to review (what is tested is the worker).
    const players = [{ name: "You" }, ...["A", "B", "C", "D", "E"].map((name) => ({ name, bot: "easy" }))];
    const engine = startEngine();
    let answer = await engine.call("new_game", { config: { seed: 11, players } });
    while (!answer.view.over) {
        answer = answer.view.bot_to_act ? await engine.call("bot_step")
                                        : await engine.call("act", { action: answer.view.legal[0] });
    }
    const progress = [];
    const coach = startCoach();
    const review = await coach.call("review", { save: answer.save, seat: 0 },
                                     { onProgress: (report) => progress.push(report) });
    const chances = await coach.call("chances", { save: answer.save });
    return { review, chances, progress, coach: document.documentElement.dataset.coach,
             totals: answer.view.totals, winners: answer.view.winners };
}"""


def test_the_coach_reviews_a_game_in_its_own_worker_reporting_progress(page: Page, watch: Watch) -> None:
    page.goto("./")
    wait_ready(page)
    got = page.evaluate(COACH, ["review", {}])
    review = got["review"]["review"]
    assert got["coach"] == "ready"
    assert review["totals"] == got["totals"] and review["winners"] == got["winners"]
    summary = review["summary"]
    assert len(got["review"]["rounds"]) == 10
    assert summary["decisions"] + summary["forced"] == len(review["entries"]) > 20
    assert got["progress"][-1] == {"done": len(review["entries"]), "total": len(review["entries"])}
    final = got["chances"]["rounds"][-1]
    assert [c > 0 for c in final] == [s in got["winners"] for s in range(6)]
    assert not watch.errors
